/* cgen_time.c: the C of time: turn, round and phase blocks, the rows of
 * 'until' and 'at', the modifiers of funcs, and start_turn.
 *
 * A block counts its unit's start, runs, and counts its end (rt_game.h
 * time_start, time_end); at each of those boundaries the rows of 'until'
 * that end there are dropped (lasting_expire) and the blocks of 'at' due
 * there run, oldest first, each as a call of its own proc (lasting_due,
 * lasting_take). Only the boundaries that some 'until' or 'at' names get
 * that code, and a game without time gets none of this file's C.
 *
 * A func with modifiers is emitted as fn0_NAME, its body, and fn_NAME,
 * which applies to its value the modifiers of the rows in the table, in
 * the order they were written: each modifier is a small function,
 * mod<k>(s, v, cap, args), evaluated in a frame laid out as its rule's
 * (the values its row keeps in their slots, the arguments in the slots
 * of the names it binds). A func without modifiers is emitted as before. */
#include "cgen_int.h"

#include <string.h>

/* ---- what the game has --------------------------------------------------- */

/* Is Lasting l written in a rule that is emitted? */
static bool lasting_live(const Lasting *l)
{
    return l->rule && l->rule->reached;
}

/* Does an emitted 'until' (kind N_UNTIL) or 'at' (N_AT) name the boundary
 * `edge` of `unit`? */
static bool names_boundary(const Game *g, NodeKind kind, int unit, int edge)
{
    for (int i = 0; i < g->lasting.len; i++) {
        const Lasting *l = g->lasting.items[i];
        const Node *b = l->stmt->boundary;
        if (l->stmt->kind == kind && lasting_live(l) && b->value == unit && b->edge == edge)
            return true;
    }
    return false;
}

bool is_delayed(const Sym *p)
{
    return p->kind == S_PROC && p->decl->sym != NULL;
}

/* Is modifier m emitted: its func is, and for an 'until', its rule is
 * (a 'while in play' holds whenever its card is in play)? */
static bool modifier_live(const Game *g, const Node *m)
{
    if (!m->sym || !m->sym->reached)
        return false;
    return m->lasting_no < 0 || lasting_live(g->lasting.items[m->lasting_no]);
}

bool has_modifiers(const Sym *fn)
{
    return fn->kind == S_FUNC && fn->modifiers.len > 0;
}

/* ---- constants and tables -------------------------------------------------- */

/* lasting_proc[], lasting_ncap[], lasting_slot[][]: for each 'until' and
 * 'at' (its lasting_no), the proc of an 'at' block (-1 for an 'until'),
 * and the frame slots whose values its rows keep. */
static void gen_lasting_tables(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    int ncap = g->max_captures > 0 ? g->max_captures : 1;
    buf_printf(o, "#define GAME_HAS_LASTING 1\n"
                  "enum { NLASTING = %d, NCAPTURE = %d, NLKINDS = %d };\n"
                  "/* per 'until' and 'at': the proc of an 'at' block (-1 for an 'until'),\n"
                  " * and the frame slots of its rule whose values a row keeps */\n"
                  "static const int16_t lasting_proc[NLKINDS] = {",
               g->max_lasting, ncap, g->lasting.len);
    for (int i = 0; i < g->lasting.len; i++) {
        const Node *st = ((const Lasting *)g->lasting.items[i])->stmt;
        buf_printf(o, "%s%d", i ? ", " : "", st->kind == N_AT ? st->sym->index : -1);
    }
    buf_puts(o, "};\nstatic const int16_t lasting_ncap[NLKINDS] = {");
    for (int i = 0; i < g->lasting.len; i++)
        buf_printf(o, "%s%d", i ? ", " : "", ((const Lasting *)g->lasting.items[i])->ncap);
    buf_puts(o, "};\nstatic const int16_t lasting_slot[NLKINDS][NCAPTURE] = {\n");
    for (int i = 0; i < g->lasting.len; i++) {
        const Lasting *l = g->lasting.items[i];
        buf_printf(o, "    {");
        for (int k = 0; k < l->ncap; k++)
            buf_printf(o, "%s%d", k ? ", " : "", l->cap[k]);
        buf_printf(o, "%s}, /* %s:%d */\n", l->ncap ? "" : "0", where(G, l->stmt),
                   l->stmt->loc.line);
    }
    buf_puts(o, "};\n");
}

void gen_time_defs(Gen *G)
{
    const Game *g = G->g;
    if (!g->uses_time)
        return;
    Buf *o = G->out;
    buf_printf(o, "\n/* Time: units counted in the state, 0 turns, 1 rounds");
    for (int i = 0; i < g->phases.len; i++)
        buf_printf(o, ", %d phase %s", UNIT_PHASE0 + i, ((const Node *)g->phases.items[i])->name);
    buf_printf(o, " */\n#define GAME_HAS_TIME 1\nenum { NUNITS = %d };\n",
               UNIT_PHASE0 + g->phases.len);
    if (g->lasting.len > 0)
        gen_lasting_tables(G);
}

/* ---- boundaries ------------------------------------------------------------ */

/* Runs the 'at' blocks due at the boundary just counted, oldest first, each
 * a call of its proc with the frame its row keeps. The resumable copy pushes
 * the proc's frame and returns R_CALL, resuming here; the direct copy calls
 * it through run_delayed. */
static void gen_fire(Gen *G, int unit, int edge)
{
    line(G, "for (;;) {");
    G->indent++;
    if (G->direct) {
        line(G, "int due = lasting_due(s, %d, %d);", unit, edge);
        line(G, "if (due < 0)");
        line(G, "    break;");
        line(G, "int32_t frame_v[NLOCALS] = {0};");
        line(G, "int proc_no = lasting_take(s, due, frame_v);");
        line(G, "run_delayed(s, d, proc_no, frame_v);");
        line(G, "if (s->core.over)");
        line(G, "    return 0;");
    } else {
        line(G, "{");
        line(G, "    int due = lasting_due(s, %d, %d);", unit, edge);
        line(G, "    if (due < 0)");
        line(G, "        break;");
        line(G, "    Frame *nf = push(s, %d, lasting_proc[s->lasting[due].kind]);", site(G));
        line(G, "    if (!nf)");
        line(G, "        return R_STOP;");
        line(G, "    lasting_take(s, due, nf->v);");
        line(G, "}");
        int pc = G->pc++;
        line(G, "f->pc = %d;", pc);
        line(G, "return R_CALL;");
        gen_resume_point(G, pc);
        line(G, "if (s->core.over)");
        line(G, "    return R_STOP;");
    }
    G->indent--;
    line(G, "}");
}

bool time_heard(const Game *g, int e, int unit)
{
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (h->event == e && (unit < 0 || h->clause->pattern->value == unit))
            return true;
    }
    return false;
}

/* The event of the start (edge 0) or the end of unit: its handlers'
 * triggers (those of the rules, then of the cards in play), then the drain
 * of the queue (cgen_events.c). */
static void gen_raise_boundary(Gen *G, int unit, int edge)
{
    int e = edge == EDGE_START ? EV_START : EV_END;
    if (!time_heard(G->g, e, unit))
        return;
    line(G, "{");
    line(G, "    int32_t tb_v[1] = {%d};", unit);
    line(G, "    if (!s->core.over)");
    line(G, "        evfire_0_%s(s, tb_v);", edge == EDGE_START ? "start" : "end");
    line(G, "}");
    gen_event_drain(G);
}

/* The start or the end of a unit: counted; at a start, the rows of 'until'
 * that end there are dropped, then the handlers of the start run, then the
 * blocks of 'at'; at an end, the handlers of the end, the blocks of 'at',
 * then the rows of 'until' that end there are dropped (so that what lasts
 * until the end of a turn still holds for what happens at its end).
 * Nothing happens once the game is over. */
static void gen_boundary(Gen *G, int unit, int edge)
{
    const Game *g = G->g;
    static const char *const edges[] = {"start", "end"};
    line(G, "/* the %s of %s */", edges[edge],
         unit == UNIT_TURN ? "the turn" : unit == UNIT_ROUND ? "the round"
         : arena_printf(G->a, "phase %s",
                        ((const Node *)g->phases.items[unit - UNIT_PHASE0])->name));
    gen_stop_if_over(G);
    line(G, "time_%s(s, %d);", edges[edge], unit);
    bool until = names_boundary(g, N_UNTIL, unit, edge);
    if (until && edge == EDGE_START)
        line(G, "lasting_expire(s, %d, 0);", unit);
    gen_raise_boundary(G, unit, edge);
    if (names_boundary(g, N_AT, unit, edge))
        gen_fire(G, unit, edge);
    if (until && edge == EDGE_END)
        line(G, "lasting_expire(s, %d, 1);", unit);
}

/* The player p of a turn, checked unless surely a seat (checked_player);
 * in a game where players go out, checked always, and that it is still
 * in: a player out of the game takes no turn. */
static const char *turn_player(Gen *G, const Node *p)
{
    if (G->g->uses_out)
        return arena_printf(G->a, "pin(s, %d, %s)", site(G), expr_str(G, p));
    return checked_player(G, p);
}

/* The end of time block n (open where code is emitted): its boundary, and
 * for a turn the player whose turn it was before. */
static void gen_block_end(Gen *G, const Node *n)
{
    const Node *save = G->at;
    G->at = n;
    gen_boundary(G, n->value, EDGE_END);
    if (n->kind == N_TURN)
        line(G, "s->active = V[%d];", n->slot);
    G->at = save;
}

/* stmt: IDENT OF expr block | IDENT block | IDENT IDENT block
 * ('turn of P { }', 'round { }', 'phase NAME { }'): a turn makes P the
 * active player and counts a turn (as start_turn does); the start, the
 * body, the end. A 'break' or 'return' that leaves the body emits the end
 * on its way (gen_time_leave). */
static void gen_time_block(Gen *G, const Node *n)
{
    if (n->kind == N_TURN) {
        line(G, "V[%d] = s->active;", n->slot);
        line(G, "s->active = %s;", turn_player(G, n->who));
        line(G, "s->core.turns++;");
    }
    gen_boundary(G, n->value, EDGE_START);
    G->open_time[G->nopen_time] = n;
    G->open_loops[G->nopen_time] = G->loops;
    G->nopen_time++;
    gen_block(G, n->body);
    G->nopen_time--;
    gen_block_end(G, n);
}

void gen_time_leave(Gen *G, bool all)
{
    for (int i = G->nopen_time - 1; i >= 0; i--) {
        if (!all && G->open_loops[i] != G->loops)
            break;
        gen_block_end(G, G->open_time[i]);
    }
}

bool gen_time_return(Gen *G, const Node *n)
{
    if (G->nopen_time == 0)
        return false;
    const Node *inner = G->open_time[G->nopen_time - 1];
    if (n->result) /* the value first, then the ends */
        line(G, "V[%d] = %s;", inner->slot + 1, expr_str(G, n->result));
    gen_time_leave(G, true);
    if (G->direct) {
        line(G, "return %s;", n->result ? arena_printf(G->a, "V[%d]", inner->slot + 1) : "0");
    } else {
        if (n->result)
            line(G, "s->ret = V[%d];", inner->slot + 1);
        line(G, "return R_RETURN;");
    }
    return true;
}

/* ---- until and at ----------------------------------------------------------- */

/* stmt: UNTIL boundary '{' mods '}' | AT_TIME boundary block: a row of its
 * kind, ending or running at the boundary, with the values it keeps. */
static void gen_lasting_row(Gen *G, const Node *n)
{
    const Lasting *l = G->g->lasting.items[n->lasting_no];
    const Node *b = n->boundary;
    if (n->kind == N_UNTIL && n->scope) /* 'for P': P, checked, kept as cap[0] */
        line(G, "V[%d] = %s;", n->slot, checked_player(G, n->scope));
    const char *add = arena_printf(G->a, "lasting_add(s, %d, %d, %d, %d, %d)", site(G),
                                   n->lasting_no, b->value, (int)b->edge, (int)b->which);
    if (l->ncap == 0) {
        line(G, "%s;", add);
        return;
    }
    line(G, "{");
    line(G, "    Lasting *row = %s;", add);
    line(G, "    if (row) {");
    for (int k = 0; k < l->ncap; k++)
        line(G, "        row->cap[%d] = V[%d];", k, l->cap[k]);
    line(G, "    }");
    line(G, "}");
}

void gen_time_stmt(Gen *G, const Node *n)
{
    if (n->kind == N_UNTIL || n->kind == N_AT)
        gen_lasting_row(G, n);
    else
        gen_time_block(G, n);
}

/* call: start_turn(p): counts a turn; p is the active player of a game
 * with time, and is checked (a seat out of range faults). */
void gen_start_turn(Gen *G, const Node *call)
{
    const Node *p = call->args;
    if (G->g->uses_time)
        line(G, "s->active = %s;", turn_player(G, p));
    else /* kept for the views only */
        line(G, "s->t_active = %s;", turn_player(G, p));
    line(G, "s->core.turns++;");
}

/* ---- modifiers ------------------------------------------------------------- */

/* ", int32_t a0, int32_t a1": the arguments of func fn; or ", a0, a1". */
static const char *arg_list(Gen *G, const Sym *fn, bool decl)
{
    Buf b = {0};
    for (int i = 0; i < fn->nparams; i++)
        buf_printf(&b, decl ? ", int32_t a%d" : ", a%d", i);
    const char *r = arena_strdup(G->a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* The frame of modifier m: the declaration whose slots it uses, and the
 * slots the values of cap[] go to: an 'until''s rule and the locals its
 * row keeps; a 'while in play''s func of (me, this), cap[] = {me, this}. */
static const Node *modifier_frame(Gen *G, const Node *m, int *ncap, const int **cap)
{
    static const int me_this[2] = {0, 1};
    if (m->lasting_no >= 0) {
        const Lasting *l = G->g->lasting.items[m->lasting_no];
        *ncap = l->ncap;
        *cap = l->cap;
        return l->rule->decl;
    }
    const Continuous *k = G->g->continuous.items[m->cont_no];
    *ncap = 2;
    *cap = me_this;
    return k->decl;
}

/* mod<k>(s, v, cap, args): the value v of the func, changed by modifier m
 * (unless its 'when' fails), in a frame laid out as its rule's. */
static void gen_modifier(Gen *G, const Node *m)
{
    int ncap;
    const int *cap;
    const Node *decl = modifier_frame(G, m, &ncap, &cap);
    size_t at = begin_rule(G, decl, false, false);
    G->at = m;
    for (const Node *a = m->call->args; a; a = a->next)
        if (a->sym)
            name_slot(G, a->sym->index, a->name, a);
    static const char *const ops[] = {"=", "+=", "-="};
    line(G, "/* the modifier at %s:%d: %s(...) %s */", where(G, m), m->loc.line, m->sym->name,
         ops[m->assign_op]);
    line(G, "static int32_t mod%d(State *s, int32_t v, const int32_t *cap%s)", m->mod_no,
         arg_list(G, m->sym, true));
    line(G, "{");
    G->indent++;
    line(G, "int32_t V[%d] = {0};", decl->nlocals + 1);
    int i = 0;
    for (const Node *a = m->call->args; a; a = a->next, i++)
        if (a->sym)
            line(G, "V[%d] = a%d;", a->sym->index, i);
    for (int k = 0; k < ncap; k++)
        line(G, "V[%d] = cap[%d];", cap[k], k);
    line(G, "(void)V;");
    line(G, "(void)cap;");
    line(G, "(void)s;"); /* '= false' reads neither the state nor the value */
    line(G, "(void)v;");
    if (m->lasting_no >= 0 && m->scope_arg >= 0) { /* 'until ... for P': P's calls */
        line(G, "if (a%d != cap[0])", m->scope_arg);
        line(G, "    return v;");
    }
    if (m->when) {
        line(G, "if (!(%s))", unparen(G, expr_str(G, m->when)));
        line(G, "    return v;");
    }
    line(G, "if (cov_counting) /* coverage: applied */");
    line(G, "    cov_counting[%d]++;", 2 * cov_modifier(G, m));
    if (m->assign_op == ASSIGN_SET)
        line(G, "return %s;", expr_str(G, m->rhs));
    else
        line(G, "return %s(s, %d, v, %s);", m->assign_op == ASSIGN_ADD ? "iadd" : "isub",
             site(G), expr_str(G, m->rhs));
    G->indent--;
    line(G, "}");
    line(G, "%s", "");
    end_rule(G, at);
}

/* The rows whose kind is that of modifiers of fn: a case each, applying
 * them in the order written. */
static void gen_row_cases(Gen *G, const Sym *fn)
{
    const Game *g = G->g;
    const char *args = arg_list(G, fn, false);
    for (int k = 0; k < g->lasting.len; k++) {
        bool open = false;
        for (int i = 0; i < fn->modifiers.len; i++) {
            const Node *m = fn->modifiers.items[i];
            if (m->lasting_no != k || !modifier_live(g, m))
                continue;
            if (!open)
                line(G, "case %d:", k);
            open = true;
            line(G, "    v = mod%d(s, v, cap%s);", m->mod_no, args);
        }
        if (open)
            line(G, "    break;");
    }
}

/* The modifiers of fn in the 'while in play' clause k, for each card in
 * play of the kinds whose effect k is a clause of (in the order of
 * cards.yaml, each card in the order of its copies). */
static void gen_continuous_cases(Gen *G, const Sym *fn, const Continuous *k)
{
    const Game *g = G->g;
    const char *args = arg_list(G, fn, false);
    bool any = false;
    for (int i = 0; i < fn->modifiers.len; i++) {
        const Node *m = fn->modifiers.items[i];
        any |= m->lasting_no < 0 && g->continuous.items[m->cont_no] == k;
    }
    if (!any)
        return;
    for (int j = 0; j < g->cs->ncards; j++) {
        if (g->effect_of[j] != k->effect)
            continue;
        line(G, "for (int c = cards[%d].first; c < cards[%d].first + cards[%d].count; c++) {",
             j, j, j);
        line(G, "    if (!slot_in_play[s->slot_of[c]])");
        line(G, "        continue;");
        line(G, "    const int32_t cap[2] = {controller(s, c), c}; /* me, this */");
        for (int i = 0; i < fn->modifiers.len; i++) {
            const Node *m = fn->modifiers.items[i];
            if (m->lasting_no < 0 && g->continuous.items[m->cont_no] == k)
                line(G, "    v = mod%d(s, v, cap%s);", m->mod_no, args);
        }
        line(G, "}");
    }
}

static void gen_row_loop(Gen *G, const Sym *fn);

/* Does fn have an emitted modifier of an 'until'? */
static bool has_row_modifiers(const Game *g, const Sym *fn)
{
    for (int i = 0; i < fn->modifiers.len; i++) {
        const Node *m = fn->modifiers.items[i];
        if (m->lasting_no >= 0 && modifier_live(g, m))
            return true;
    }
    return false;
}

/* fn_NAME of a func with modifiers: its body's value (fn0_NAME), then the
 * modifiers of the cards in play ('while in play'), then each row's
 * ('until'). It counts itself among the func calls in progress: a
 * modifier may call the func it changes. */
static void gen_modified_func(Gen *G, const Sym *fn)
{
    const Game *g = G->g;
    line(G, "/* func %s with its modifiers: its value, changed by the rows of the", fn->name);
    line(G, " * 'until' statements that change it, oldest first */");
    line(G, "static int32_t fn_%s(State *s%s)", fn->cname, arg_list(G, fn, true));
    line(G, "{");
    G->indent++;
    if (g->funcs_shallow) { /* the depth check cannot fail: a step only */
        G->indent--;
        gen_func_step(G, site_of(G, fn->decl));
        G->indent++;
    } else {
        line(G, "if (!fcall_ok(s, %d))", site_of(G, fn->decl));
        line(G, "    return 0;");
        line(G, "s->fdepth++;");
    }
    line(G, "int32_t v = fn0_%s(s%s);", fn->cname, arg_list(G, fn, false));
    for (int i = 0; i < g->continuous.len; i++)
        gen_continuous_cases(G, fn, g->continuous.items[i]);
    if (has_row_modifiers(g, fn))
        gen_row_loop(G, fn);
    if (!g->funcs_shallow)
        line(G, "s->fdepth--;");
    line(G, "return v;");
    G->indent--;
    line(G, "}");
    line(G, "%s", "");
}

/* The rows of the table, oldest first: the modifiers of fn of each. */
static void gen_row_loop(Gen *G, const Sym *fn)
{
    line(G, "for (int i = 0; i < s->nlasting; i++) {");
    line(G, "    const int32_t *cap = s->lasting[i].cap;");
    line(G, "    switch (s->lasting[i].kind) {");
    G->indent++;
    gen_row_cases(G, fn);
    line(G, "default:");
    line(G, "    (void)cap;");
    line(G, "    break;");
    G->indent--;
    line(G, "    }");
    line(G, "}");
}

void gen_time_protos(Gen *G)
{
    const Game *g = G->g;
    for (int i = 0; i < g->funcs.len; i++) {
        const Sym *fn = g->funcs.items[i];
        if (fn->reached && has_modifiers(fn))
            line(G, "static int32_t fn_%s(State *s%s);", fn->cname, arg_list(G, fn, true));
    }
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached && is_delayed(p)) {
            line(G, "static void run_delayed(State *s, const Direct *d, int p, "
                    "const int32_t *v);");
            break;
        }
    }
}

void gen_modifiers(Gen *G)
{
    const Game *g = G->g;
    for (int i = 0; i < g->mods.len; i++) {
        const Node *m = g->mods.items[i];
        if (m->sym->reached && modifier_live(g, m))
            gen_modifier(G, m);
    }
    for (int i = 0; i < g->funcs.len; i++) {
        const Sym *fn = g->funcs.items[i];
        if (fn->reached && has_modifiers(fn))
            gen_modified_func(G, fn);
    }
}

/* run_delayed(s, d, p, v): the direct copy of the proc of an 'at' block,
 * by number, with the frame its row kept. */
void gen_delayed_dispatch(Gen *G)
{
    const Game *g = G->g;
    bool any = false;
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (!p->reached || !is_delayed(p))
            continue;
        if (!any) {
            line(G, "/* Runs the block of 'at' of proc p with its frame v (direct play). */");
            line(G, "static RT_UNUSED void run_delayed(State *s, const Direct *d, int p, const int32_t *v)");
            line(G, "{");
            line(G, "    switch (p) {");
        }
        any = true;
        line(G, "    case P_%s:", p->cname);
        line(G, "        dproc_%s(s, d, v);", p->cname);
        line(G, "        break;");
    }
    if (any) {
        line(G, "    }");
        line(G, "}");
        line(G, "%s", "");
    }
}

/* ---- immunity --------------------------------------------------------------- */

/* Is 'immune to E' m emitted: its 'until''s rule is, and its event? */
static bool immune_live(const Game *g, const Node *m)
{
    return m->sym && m->sym->reached && lasting_live(g->lasting.items[m->lasting_no]);
}

bool event_has_immune(const Game *g, const Sym *ev)
{
    for (int i = 0; i < g->immunes.len; i++) {
        const Node *m = g->immunes.items[i];
        if (m->sym == ev && immune_live(g, m))
            return true;
    }
    return false;
}

/* immune_NAME(s): the seats immune to event ev now, a bit each: the
 * player (cap[0]) of every row of an 'until ... for P' that says 'immune
 * to' it. Called as its body begins, once its window has closed. */
void gen_immune_fn(Gen *G, const Sym *ev)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_printf(o, "/* the seats immune to event %s now: the rows that say so */\n"
                  "static uint32_t immune_%s(const State *s)\n{\n    uint32_t m = 0;\n"
                  "    for (int i = 0; i < s->nlasting; i++) {\n"
                  "        switch (s->lasting[i].kind) {\n", ev->name, ev->name);
    int last = -1; /* one case a row kind: an 'until' may say it twice */
    for (int i = 0; i < g->immunes.len; i++) {
        const Node *m = g->immunes.items[i];
        if (m->sym != ev || !immune_live(g, m) || m->lasting_no == last)
            continue;
        last = m->lasting_no;
        buf_printf(o, "        case %d: /* %s:%d */\n", m->lasting_no, where(G, m), m->loc.line);
    }
    buf_puts(o, "            m |= 1u << s->lasting[i].cap[0];\n            break;\n"
                "        default:\n            break;\n        }\n    }\n    return m;\n}\n\n");
}
