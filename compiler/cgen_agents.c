/* cgen_agents.c: what the search agents of the runtime (runtime/ai.c,
 * runtime/determinize.c) read of a game:
 *
 *   game_value()     the value an agent maximises for a seat: the func of
 *                    `agents: highest F` (negated for `lowest F`), else the
 *                    score (negated under `winners: lowest score`), else 0
 *   game_value_name  the name of the func of `agents:`, when the rules
 *                    name one: the balance lab's lead changes follow it
 *   game_may_hold()  whether a zone may ever hold a card (the card kinds
 *                    of sema_kinds.c): a determinization moves a card only
 *                    where the rules may put it; absent when the kinds are
 *                    not known (more than 64 card kinds)
 *   game_redeal()    the rest of a deal for seat p, what the rules keep
 *                    from p besides cards: the other seats' `owner`
 *                    variables (written out, one by one: their start
 *                    values), and the sealed answers p has not seen: of a
 *                    simultaneous choice (rt_game.h, ai_reask_simul,
 *                    from the resume point game_simul_restart() names)
 *                    and of a reaction window (ai_reask_window); and
 *                    the secret hidden variables (Node.secret,
 *                    sema_var_secrets.c), every seat's, set to their start
 *                    values; absent when the game has none of these
 *   game_forget()    a card's secret per-card variables set to their start
 *                    values, for each card the deal's seat does not know;
 *                    absent when the game has none
 *   game_repoint_locals() the card locals of the rules' frames in scope
 *                    at the points where they wait, each made to hold
 *                    the card a deal put where its card lay (the rules
 *                    move on the card at that place); absent when no card
 *                    local is in scope at a resume point
 *   game_told_note() what the answer of a public choice whose condition
 *                    tells what not every seat sees (Game.told) told: the
 *                    choice, the answer and the frame's locals, read as
 *                    the option is taken, and for how long it holds (the
 *                    scope of the option's condition, sema_told.c)
 *   game_told_holds() whether that condition holds in a deal
 *                    (runtime/determinize.c, rt_deal); both absent when
 *                    the game has no such choice
 *
 * What is generic stays in the runtime: which cards p does not know, and
 * the deal of them (runtime/determinize.c).
 *
 * agents_table_entries() gives their lines of the game's RtGame table. */
#include "cgen_int.h"

/* game_value(st, p, v): a func of the rules, so it may fault (st is then
 * over, and the value none): the runtime calls it on a copy. */
static void gen_value(Gen *G)
{
    const Game *g = G->g;
    const Sym *fn = g->agents_fn ? g->agents_fn : g->score;
    bool lowest = g->agents_fn ? g->agents_lowest : g->lowest[0];
    Buf *o = G->out;
    buf_puts(o, "/* The value seat p's search agent maximises in st (RtGame.value). */\n"
                "static bool game_value(void *st, int p, int64_t *v)\n{\n"
                "    State *s = st;\n");
    if (fn)
        buf_printf(o, "    *v = %s(int64_t)fn_%s(s, p);\n", lowest ? "-" : "", CNAME(fn));
    else
        buf_puts(o, "    (void)p;\n    *v = 0;\n");
    buf_puts(o, "    return !s->core.over;\n}\n\n");
    if (g->agents_fn)
        buf_printf(o, "/* The func game_value reads (RtGame.value_name). */\n"
                      "static const char game_value_name[] = \"%s\";\n\n",
                   g->agents_fn->name);
}

static void gen_may_hold(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* zone_kinds[z]: the card kinds zone z may ever hold (bit k: CARD k). */\n"
                "static const uint64_t zone_kinds[] = {");
    for (int z = 0; z < g->zones.len; z++)
        buf_printf(o, "%s0x%llxULL,", z % 4 ? " " : "\n    ", g->zone_kinds[z]);
    buf_puts(o, "\n};\n\n"
                "/* May zone z ever hold card instance c (RtGame.may_hold)? */\n"
                "static bool game_may_hold(int z, int c)\n{\n"
                "    return (zone_kinds[z] >> instance_card[c]) & 1;\n}\n\n");
}

/* Does the game have `owner` variables (one per seat, each seen by its
 * seat alone)? */
static bool has_owner_vars(const Game *g)
{
    for (int i = 0; i < g->pvars.len; i++)
        if (((const Node *)g->pvars.items[i])->vis == VIS_OWNER)
            return true;
    return false;
}

/* Is some variable of vars (Game.globals, pvars or cvars) one `is` says? */
static bool any_var(const PtrVec *vars, bool (*is)(const Node *v))
{
    for (int i = 0; i < vars->len; i++)
        if (is(vars->items[i]))
            return true;
    return false;
}

/* Is v judged secret (sema_var_secrets.c)? */
static bool is_secret(const Node *v)
{
    return v->secret;
}

/* Is some variable of vars secret? */
static bool any_secret(const PtrVec *vars)
{
    return any_var(vars, is_secret);
}

/* Is some variable of the game secret? */
static bool has_secrets(const Game *g)
{
    return any_secret(&g->globals) || any_secret(&g->pvars) || any_secret(&g->cvars);
}

/* Does a deal need game_redeal: something kept from a seat besides
 * cards? */
static bool needs_redeal(const Game *g)
{
    return has_owner_vars(g) || game_has_windows(g) || g->uses_simul ||
           any_secret(&g->globals) || any_secret(&g->pvars);
}

/* In game_redeal: each secret hidden variable, not per card, set to its
 * start value, every seat's (p's too: no view shows a hidden variable to
 * any seat, and nothing ties the value of v[p] to what p saw). */
static void gen_redeal_secrets(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    if (!any_secret(&g->globals) && !any_secret(&g->pvars))
        return;
    buf_puts(o, "    /* the secret hidden variables (sema_var_secrets.c) */\n    (void)me;\n");
    for (int i = 0; i < g->globals.len; i++) {
        const Node *v = g->globals.items[i];
        G->at = v;
        if (v->secret)
            buf_printf(o, "    s->g_%s = %s;\n", v->name, expr_str(G, v->init));
    }
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        G->at = v;
        if (v->secret)
            buf_printf(o, "    for (int p = 0; p < MAXP; p++)\n        s->pv_%s[p] = %s;\n",
                       v->name, expr_str(G, v->init));
    }
    G->at = NULL;
}

/* var_secret[i]: whether vars[i] is secret, in the order of the game's
 * vars[] table (globals, per player, per card). */
static void gen_var_secret(Gen *G)
{
    const Game *g = G->g;
    const PtrVec *vars[] = {&g->globals, &g->pvars, &g->cvars};
    buf_puts(G->out, "/* var_secret[i]: vars[i] is hidden and secret (RtGame.var_secret):");
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < vars[k]->len; i++)
            if (((const Node *)vars[k]->items[i])->secret)
                buf_printf(G->out, " %s", ((const Node *)vars[k]->items[i])->name);
    buf_puts(G->out, ". */\nstatic const uint8_t var_secret[] = {");
    for (int k = 0, n = 0; k < 3; k++)
        for (int i = 0; i < vars[k]->len; i++, n++)
            buf_printf(G->out, "%s%d,", n % 16 ? " " : "\n    ",
                       ((const Node *)vars[k]->items[i])->secret);
    buf_puts(G->out, "\n};\n\n");
}

/* game_forget(st, c): card c's secret per-card variables set to their
 * start values (RtGame.forget). */
static void gen_forget(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* Card c's secret per-card variables (sema_var_secrets.c) at their\n"
                " * start values: a deal's seat does not know c (RtGame.forget). */\n"
                "static void game_forget(void *st, int c)\n{\n    State *s = st;\n");
    for (int i = 0; i < g->cvars.len; i++) {
        const Node *v = g->cvars.items[i];
        G->at = v;
        if (v->secret)
            buf_printf(o, "    s->pc_%s[c] = %s;\n", v->name, expr_str(G, v->init));
    }
    G->at = NULL;
    buf_puts(o, "}\n\n");
}

/* game_simul_restart(proc, pc): the resume point just before the
 * simultaneous choice whose question a frame of proc `proc` waits on at
 * `pc`, -1 for none (ai_reask_simul runs the choice again from there). */
static void gen_simul_restart(Gen *G)
{
    buf_printf(G->out, "/* The resume point before the simultaneous choice that proc `proc`\n"
                       " * asks at `pc`, -1 none (ai_reask_simul). */\n"
                       "static int game_simul_restart(int proc, int pc)\n{\n%s"
                       "    (void)proc;\n    (void)pc;\n    return -1;\n}\n\n",
               G->simul_restarts.data ? G->simul_restarts.data : "");
}

/* ---- the card locals in scope at the resume points (game_repoint_locals) ----
 * Each `let` of a card and each card parameter of a proc has its own slot
 * (the checker never gives one slot two locals), in scope from the end of
 * its statement (the parameters: the start of the proc) to the end of its
 * block. The resume points of a proc's resumable copy are numbered as
 * they are emitted, so those in a local's scope are the range [lo, hi) of
 * the numbers given out meanwhile. */
typedef struct PinScope {
    int slot, lo;
} PinScope;

void pin_scope_open(Gen *G, const Node *n)
{
    if (G->direct || !G->proc || !n->sym || n->sym->type != T_CARD)
        return;
    PinScope *p = arena_alloc(G->a, sizeof *p);
    *p = (PinScope){n->sym->index, G->pc};
    vec_push(G->a, &G->card_scope, p);
}

void pin_scope_close(Gen *G, int mark)
{
    for (; G->card_scope.len > mark; G->card_scope.len--) {
        const PinScope *p = G->card_scope.items[G->card_scope.len - 1];
        if (p->lo < G->pc)
            buf_printf(&G->repoint_locals, "        if (f->proc == P_%s && f->pc >= %d && "
                                       "f->pc < %d)\n            ai_repoint_card(to, &f->v[%d]);\n",
                       CNAME(G->proc), p->lo, G->pc, p->slot);
    }
}

/* Is v a hidden card variable: one a deal re-points (its card dealt
 * like any other the seat does not know)? A public one names its card to
 * every seat, and an `owner` one to its own seat. */
static bool repointed_var(const Node *v)
{
    return v->type == T_CARD && v->vis == VIS_HIDDEN;
}

/* Does the game have a hidden card variable? */
static bool has_repointed_vars(const Game *g)
{
    return any_var(&g->globals, repointed_var) || any_var(&g->pvars, repointed_var) ||
           any_var(&g->cvars, repointed_var);
}

/* In game_repoint_locals: each hidden card variable, every seat's and
 * every card's value, made to hold to[c] for c. */
static void gen_repoint_vars(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    for (int i = 0; i < g->globals.len; i++) {
        const Node *v = g->globals.items[i];
        if (repointed_var(v))
            buf_printf(o, "    ai_repoint_card(to, &s->g_%s);\n", v->name);
    }
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        if (repointed_var(v))
            buf_printf(o, "    for (int p = 0; p < MAXP; p++)\n"
                          "        ai_repoint_card(to, &s->pv_%s[p]);\n", v->name);
    }
    for (int i = 0; i < g->cvars.len; i++) {
        const Node *v = g->cvars.items[i];
        if (repointed_var(v))
            buf_printf(o, "    for (int c = 0; c < NINSTANCES; c++)\n"
                          "        ai_repoint_card(to, &s->pc_%s[c]);\n", v->name);
    }
}

/* game_repoint_locals(st, to): each card local a frame waiting on the
 * stack holds in scope where it waits, holding c, made to hold to[c];
 * and each hidden card variable. */
static void gen_repoint_locals(Gen *G)
{
    buf_printf(G->out, "/* The card locals of the frames in scope where they wait, and the\n"
                       " * hidden card variables, each made to hold the card a deal put\n"
                       " * where its card lay (RtGame.repoint_locals). */\n"
                       "static void game_repoint_locals(void *st, const int *to)\n{\n"
                       "    State *s = st;\n"
                       "    for (int i = 0; i < s->depth; i++) {\n"
                       "        Frame *f = &s->fr[i];\n%s    }\n",
               G->repoint_locals.data ? G->repoint_locals.data : "        (void)f;\n");
    gen_repoint_vars(G);
    buf_puts(G->out, "}\n\n");
}

/* Does a deal need game_repoint_locals? */
static bool needs_repoint(const Gen *G)
{
    return G->repoint_locals.len || has_repointed_vars(G->g);
}

/* game_redeal(st, p, r): each `owner` variable of every seat but p set to
 * its start value (p never sees it: the start value is all p knows of
 * it), then the window's sealed answers asked again. */
static void gen_redeal(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* The rest of a deal for seat p (RtGame.redeal): what the rules keep\n"
                " * from p besides cards, dealt again. */\n"
                "static void game_redeal(void *st, int me, RtRng *r)\n{\n"
                "    State *s = st;\n");
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        if (v->vis != VIS_OWNER)
            continue;
        G->at = v;
        buf_printf(o, "    for (int p = 0; p < MAXP; p++)\n        if (p != me)\n"
                      "            s->pv_%s[p] = %s;\n", v->name, expr_str(G, v->init));
    }
    G->at = NULL;
    gen_redeal_secrets(G);
    if (g->uses_simul)
        buf_puts(o, "    ai_reask_simul(s, me, r, game_simul_restart);\n");
    if (game_has_windows(g))
        buf_puts(o, "    ai_reask_window(s, me, r);\n");
    /* without either there are owner variables: s and me are read */
    buf_puts(o, game_has_windows(g) || g->uses_simul ? "}\n\n" : "    (void)r;\n}\n\n");
}

/* ---- what a public choice told ---- */

/* Is `choice` one of the public choices whose conditions tell (Game.told)? */
static bool told_choice(const Game *g, const Node *choice)
{
    for (int i = 0; i < g->told.len; i++)
        if (g->told.items[i] == choice)
            return true;
    return false;
}

/* The C of condition cond, true when there is none. */
static const char *cond_c(Gen *G, const Node *cond)
{
    return cond ? unparen(G, expr_str(G, cond)) : "1";
}

/* The case of told_cond for menu n: the 'when' of the option taken (its
 * branch, a). */
static void told_menu_holds(Gen *G, const Node *n)
{
    Buf *o = &G->told_holds;
    buf_puts(o, "        switch (a) {\n");
    int k = 0;
    for (const Node *opt = n->options; opt; opt = opt->next, k++)
        if (opt->guard)
            buf_printf(o, "        case %d:\n            return %s;\n", k,
                       cond_c(G, opt->guard));
    buf_puts(o, "        default:\n            return 1;\n        }\n");
}

/* The case of told_cond for a choice of one card, player or value: the
 * 'when' of its 'else' when that was taken, else the filter of its
 * source, its element (V[slot]) the answer a (a value's word less the
 * first word of its kind). */
static void told_choice_holds(Gen *G, const Node *n)
{
    Buf *o = &G->told_holds;
    int base = n->kind == N_CHOOSEVALUE && n->type != T_INT
                   ? value_word_base(G, n->type, n->attr)
                   : 0;
    buf_printf(o, "        if (is_else)\n            return %s;\n",
               cond_c(G, n->els ? n->els->guard : NULL));
    buf_printf(o, "        V[%d] = a - %d;\n        return %s;\n", n->src->slot, base,
               cond_c(G, n->src->filter));
}

/* How game_told_note reads the answer of choice n from option o: a menu's
 * branch; a card, a player or a value's word, and whether it is the
 * 'else' (rec[1], rec[2]). */
static const char *told_answer(const Node *n)
{
    if (n->kind == N_MENU)
        return "rec[1] = o->ids[0];\n        rec[2] = 0;\n";
    if (n->kind == N_CHOOSEVALUE)
        return "rec[2] = !(o->kind == RT_OPT_WORDS && o->words.is_value);\n"
               "        rec[1] = rec[2] ? 0 : o->words.value[0];\n";
    return "rec[2] = o->kind != RT_OPT_CARD && o->kind != RT_OPT_PLAYER;\n"
           "        rec[1] = o->kind == RT_OPT_CARD ? o->ids[0] : o->a;\n";
}

/* How long the deals keep what condition cond of choice n told: the
 * runtime's RT_TOLD_OWN (1) or RT_TOLD_ANY (2), 0 not at all (sema_told.c). */
static int told_scope_c(const Node *n, const Node *cond)
{
    ToldScope s = told_scope(n, cond);
    return s == TOLD_NOT_KEPT ? 0 : s;
}

/* What game_told_note returns for choice n: the scope of the condition of
 * the answer taken (rec[1], rec[2] read), per option of a menu. */
static const char *told_scope_ret(Gen *G, const Node *n)
{
    if (n->kind != N_MENU)
        return arena_printf(G->a, "rec[2] ? %d : %d", told_scope_c(n, n->els ? n->els->guard
                                                                              : NULL),
                            told_scope_c(n, n->src->filter));
    Buf b = {0};
    int count = 0;
    buf_puts(&b, "(int[]){");
    for (const Node *opt = n->options; opt; opt = opt->next, count++)
        buf_printf(&b, "%d, ", told_scope_c(n, opt->guard));
    const char *r = arena_printf(G->a, "rec[1] >= 0 && rec[1] < %d ? %s}[rec[1]] : 0", count,
                                 b.data);
    buf_free(&b);
    return r;
}

void agents_told_site(Gen *G, const Node *choice, int pc)
{
    if (G->direct || !G->proc || !told_choice(G->g, choice))
        return;
    int k = G->ntold++;
    buf_printf(&G->told_note, "    if (f->proc == P_%s && f->pc == %d) { /* %s:%d */\n"
                              "        rec[0] = %d;\n        %s"
                              "        memcpy(rec + 3, f->v, sizeof f->v);\n"
                              "        return %s;\n    }\n",
               CNAME(G->proc), pc, where(G, choice), choice->loc.line, k, told_answer(choice),
               told_scope_ret(G, choice));
    buf_printf(&G->told_holds, "    case %d: /* %s:%d */\n", k, where(G, choice),
               choice->loc.line);
    if (choice->kind == N_MENU)
        told_menu_holds(G, choice);
    else
        told_choice_holds(G, choice);
}

/* game_told_note(st, i, rec): option i of st's pending decision is about
 * to be taken; when it answers a public choice that tells, rec gets the
 * choice, the answer and the locals of its frame (GAME_TOLD_INTS ints;
 * untouched otherwise).
 * game_told_holds(st, rec): whether what it told holds in st, a deal
 * (its steps and func depth put back: the conditions count them). */
static void gen_told(Gen *G)
{
    Buf *o = G->out;
    buf_printf(o, "enum { GAME_TOLD_INTS = 3 + NLOCALS };\n\n"
                  "/* What option i of st's pending public choice tells (RtGame.told_note):\n"
                  " * RT_TOLD_OWN, RT_TOLD_ANY, or 0 when it tells nothing kept. */\n"
                  "static int game_told_note(const void *st, int i, int32_t *rec)\n{\n"
                  "    const State *s = st;\n"
                  "    if (s->depth < 1 || !s->core.dec.announced || i < 0 ||\n"
                  "        i >= s->core.dec.noptions)\n        return 0;\n"
                  "    const Frame *f = &s->fr[s->depth - 1];\n"
                  "    const RtOption *o = &s->core.dec.opt[i];\n"
                  "    (void)o;\n%s    return 0;\n}\n\n",
               G->told_note.data ? G->told_note.data : "");
    buf_printf(o, "/* The condition of the public choice rec names, on its answer. */\n"
                  "static bool told_cond(State *s, const int32_t *rec)\n{\n"
                  "    int32_t V[NLOCALS];\n    memcpy(V, rec + 3, sizeof V);\n"
                  "    int32_t a = rec[1], is_else = rec[2];\n"
                  "    (void)a;\n    (void)is_else;\n"
                  "    switch (rec[0]) {\n%s    default:\n        return 1;\n    }\n}\n\n"
                  "/* Does what rec told hold in deal st (RtGame.told_holds)? */\n"
                  "static bool game_told_holds(void *st, const int32_t *rec)\n{\n"
                  "    State *s = st;\n"
                  "    int64_t steps = s->steps;\n    int32_t fdepth = s->fdepth;\n"
                  "    bool held = told_cond(s, rec) && !s->core.over;\n"
                  "    s->steps = steps;\n    s->fdepth = fdepth;\n    return held;\n}\n\n",
               G->told_holds.data ? G->told_holds.data : "");
}

void gen_agents(Gen *G)
{
    buf_puts(G->out, "/* ---- what the search agents read (runtime/ai.c) ---- */\n\n");
    gen_value(G);
    if (G->g->zone_kinds)
        gen_may_hold(G);
    if (G->g->uses_simul)
        gen_simul_restart(G);
    if (needs_redeal(G->g))
        gen_redeal(G);
    if (needs_repoint(G))
        gen_repoint_locals(G);
    if (G->ntold)
        gen_told(G);
    if (any_secret(&G->g->cvars))
        gen_forget(G);
    if (has_secrets(G->g))
        gen_var_secret(G);
}

const char *agents_table_entries(const Gen *G)
{
    const Game *g = G->g;
    return arena_printf(G->a, "    .value = game_value,\n%s%s%s%s%s%s%s",
                        g->agents_fn ? "    .value_name = game_value_name,\n" : "",
                        g->zone_kinds ? "    .may_hold = game_may_hold,\n" : "",
                        needs_redeal(g) ? "    .redeal = game_redeal,\n" : "",
                        needs_repoint(G) ? "    .repoint_locals = game_repoint_locals,\n" : "",
                        G->ntold ? "    .told_ints = GAME_TOLD_INTS,\n"
                                   "    .told_note = game_told_note,\n"
                                   "    .told_holds = game_told_holds,\n" : "",
                        any_secret(&g->cvars) ? "    .forget = game_forget,\n" : "",
                        has_secrets(g) ? "    .var_secret = var_secret,\n" : "");
}
