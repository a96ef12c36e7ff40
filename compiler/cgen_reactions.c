/* cgen_reactions.c: the C of what runs before an event: `instead of` and
 * `react to` clauses, `cancel`, and reaction windows (docs/LANGUAGE.md,
 * "Prevention" and "Reactions"; the runtime's side is under "before an
 * event" in runtime/rt_game.h, the sealed windows under "sealed windows").
 *
 * An event with such clauses (a user event, or a card played) runs its
 * before-phase first: the runtime's proc P_0_before (bf_run; bf_drun in
 * the direct copy), pushed by the event's raise (cgen_events.c) or by
 * `play` (cgen_effects.c) with the event's values. The game gives it a
 * table per event (bf_events[]: the clauses of the rules, and per kind of
 * card those of its effect) and three functions over the clauses: their
 * tests (game_bf_match), and their procs pushed (game_bf_push) or called
 * (game_bf_dcall). A clause's proc, when it returns, leaves its bound names
 * (the event's values, which it may have changed) in s->bret and its
 * "0cancel" in s->bcancel (gen_before_epilogue). Nothing here is written
 * for a game without such clauses: its C is the C of before. */
#include "cgen_int.h"

#include "emit.h"

/* ---- which events, and their numbers ---------------------------------------- */

/* The name of event e (a card moving, played or a rules' event), for
 * comments. */
static const char *before_event_name(const Game *g, int e)
{
    return e == EV_ENTERS   ? "a card moving"
           : e == EV_PLAYED ? "played" : ((const Sym *)g->events.items[e - EV_USER])->name;
}

/* May event e have a before-phase: a card moving (EV_ENTERS stands for
 * both its enters and its leaves clauses), a card played, a rules' event? */
static bool bf_kind(int e)
{
    return e == EV_ENTERS || e == EV_PLAYED || e >= EV_USER;
}

/* The events with a before-phase, numbered in bf_events[] in the order
 * a card moving, played, then the rules' events; -1 for one without. */
static int bf_index(const Game *g, int e)
{
    int k = 0;
    for (int i = 0; i < EV_USER + g->events.len; i++) {
        if (!bf_kind(i))
            continue;
        if (!event_has_befores(g, i))
            continue;
        if (i == e)
            return k;
        k++;
    }
    return -1;
}

/* ---- the game's constants ------------------------------------------------- */

/* bf_react_list[]: the slots whose cards someone reacts with (those of
 * bf_react_slot that are not 0), BF_NREACT of them: the runtime reads
 * their counts to tell where no card could react (bf_kind_reachable). */
static void gen_react_list(Buf *o, const Game *g)
{
    Buf list = {0};
    int k = 0, n = 0;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        bool reacts = zone_reacts(g, z) != 0;
        for (int j = 0; j < zone_nslots(g, z); j++, k++)
            if (reacts)
                buf_printf(&list, "%s%d", n++ ? ", " : "", k);
    }
    buf_printf(o, "/* the slots of bf_react_slot that are not 0 */\n#define BF_NREACT %d\n"
                  "static const int16_t bf_react_list[] RT_UNUSED = {%s};\n",
               n, n ? list.data : "-1");
    buf_free(&list);
    /* and those whose cards may answer for all that every seat knows
     * (bf_answerable): some seat reacts from them, or they are not public */
    Buf hidden = {0};
    k = n = 0;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        bool may = zone_reacts(g, z) != 0 || z->vis != VIS_PUBLIC;
        for (int j = 0; j < zone_nslots(g, z); j++, k++)
            if (may)
                buf_printf(&hidden, "%s%d", n++ ? ", " : "", k);
    }
    buf_printf(o, "/* the slots whose cards may answer a window, for all every seat knows:\n"
                  " * some seat reacts from them, or they are not public */\n#define BF_NHIDDEN %d\n"
                  "static const int16_t bf_hidden_list[] RT_UNUSED = {%s};\n\n",
               n, n ? hidden.data : "-1");
    buf_free(&hidden);
}

/* GAME_HAS_BEFORE and, with `react to` clauses, the windows: their
 * number at once (limit reactions), the label "Do not respond", and the
 * slots whose cards their owner may react with. */
void gen_before_defs(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    if (!game_has_befores(g))
        return;
    buf_puts(o, "/* Clauses run before events (rt_game.h, \"before an event\") */\n"
                "#define GAME_HAS_BEFORE 1\n");
    if (game_has_move_befores(g))
        buf_puts(o, "/* ... and before a card moves */\n#define GAME_HAS_MOVE_BEFORE 1\n");
    if (move_windows_worded(g))
        buf_puts(o, "/* ... whose windows the rules word ('window for c enters Z') */\n"
                    "#define GAME_HAS_MOVE_WORDS 1\n");
    if (!game_has_windows(g)) {
        buf_puts(o, "\n");
        return;
    }
    buf_printf(o, "/* and reaction windows: at most this many at once ('limit reactions') */\n"
                  "#define GAME_HAS_WINDOWS 1\n#define GAME_MAX_WINDOWS %lld\n"
                  "#define GAME_RESPOND_LABEL %d\n"
                  "/* bf_react_slot[i]: who reacts with the cards of slot i: 0 nobody, "
                  "1 its owner,\n * 2 their controller (in play) */\n"
                  "static const uint8_t bf_react_slot[NSLOTS] = {",
               g->max_reactions, g->respond_label);
    int k = 0;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        int who = zone_reacts(g, z);
        for (int j = 0; j < zone_nslots(g, z); j++, k++)
            buf_printf(o, "%s%d", k ? ", " : "", who);
    }
    buf_puts(o, "};\n");
    gen_react_list(o, g);
}

/* The number of the runtime's before-phase proc, after the events' own
 * (cgen_events.c numbers those from the procs' count). */
static int before_proc_number(const Game *g)
{
    return g->procs.len + 1 + g->events.len;
}

void gen_before_proc_numbers(Gen *G)
{
    if (game_has_befores(G->g))
        buf_printf(G->out, "    P_0_before = %d, /* before an event (bf_run) */\n",
                   before_proc_number(G->g));
}

void gen_before_steps(Gen *G)
{
    if (game_has_befores(G->g))
        buf_puts(G->out, "    case P_0_before:\n        r = bf_run(s, f);\n        break;\n");
}

/* The members of the RtGame table: the window asking (a reaction
 * window, or a simultaneous choice). */
const char *before_table_entries(Gen *G)
{
    return game_has_windows(G->g) || G->g->uses_simul ? "    .window = game_window,\n" : "";
}

/* ---- in a clause's proc: cancel, and what it leaves ----------------------- */

/* stmt: CANCEL */
void gen_cancel(Gen *G, const Node *n)
{
    line(G, "V[%d] = 1; /* cancel */", n->slot);
}

/* The bound names the clause's body assigns, of an event's parameters
 * typed by a card type (Handler.kind_checked): a card of another type, or
 * none, faults here, naming the clause (F_EVENT_KIND), before the event
 * takes it. */
static void gen_bound_kind_checks(Gen *G, const Handler *h)
{
    if (!h->kind_checked)
        return;
    const Sym *ev = G->g->events.items[h->event - EV_USER];
    int i = 0;
    for (const Node *p = ev->decl->params; p && i < h->nbound; p = p->next, i++) {
        if (!((h->kind_checked >> i) & 1))
            continue;
        line(G, "if (card_type(V[%d]) != TYPE_%s) { /* '%s' changed to a card not of its type */",
             i, c_ident(G->a, G->cs->types[p->value]->name, true), p->name);
        line(G, "    fault(s, F_EVENT_KIND, %d, 0);", site_of(G, h->clause));
        line(G, "    return %s;", stop_value(G));
        line(G, "}");
    }
}

/* Before the proc of an `instead of` or `react to` clause returns: the
 * types of the bound names it changed, then its bound names (the event's
 * values) and whether it cancelled, for the before-phase (bf_take). */
void gen_before_epilogue(Gen *G)
{
    const Handler *h = G->bf;
    gen_bound_kind_checks(G, h);
    for (int i = 0; i < h->nbound && !before_move_clause(h); i++) /* a move's: fixed */
        line(G, "s->bret[%d] = V[%d];", i, i);
    line(G, "s->bcancel = V[%d];", h->cancel_slot);
}

/* ---- the before-phase, where an event is raised --------------------------- */

/* The resumable copy: P_0_before pushed with values vals[0..n) (C
 * expressions), and back at a resume point with the result in s->ret. */
static void gen_push_before(Gen *G, int evi, const char *const *vals, int n)
{
    line(G, "{");
    line(G, "    Frame *nf = push(s, %d, P_0_before);", site(G));
    line(G, "    if (!nf)");
    line(G, "        return R_STOP;");
    for (int i = 0; i < n; i++)
        line(G, "    nf->v[%d] = %s;", i, vals[i]);
    line(G, "    nf->v[NEVARGS + BF_EV] = %d;", evi);
    int pc = G->pc++;
    line(G, "    f->pc = %d;", pc);
    line(G, "    return R_CALL;");
    line(G, "}");
    gen_resume_point(G, pc);
    line(G, "if (s->core.over)");
    line(G, "    return R_STOP;");
}

/* `play` (V[c] the card, V[p] its player; its context entered): the
 * before-phase of the card played, where a clause may stop it. Returns
 * true if it was written: then V[c] is -1 once the play is cancelled (its
 * context left), and the rest of the play must test it. In a reaction's
 * own play (PLAY.value 1), a play cancelled ends the reaction's proc. */
bool gen_before_played(Gen *G, const Node *n, int c)
{
    const Game *g = G->g;
    int evi = bf_index(g, EV_PLAYED);
    if (evi < 0)
        return false;
    const char *card = arena_printf(G->a, "V[%d]", c);
    bool events = game_has_events(g);
    if (G->direct) {
        line(G, "{");
        line(G, "    int32_t bf_v[NEVARGS] = {V[%d]};", c);
        line(G, "    bool bf_cancel = bf_drun(s, d, %d, bf_v);", evi);
        line(G, "    if (s->core.over)");
        line(G, "        return 0;");
        line(G, "    V[%d] = bf_cancel ? -1 : bf_v[0];", c);
        line(G, "}");
    } else {
        gen_push_before(G, evi, &card, 1);
        line(G, "V[%d] = s->ret ? -1 : s->bret[0];", c);
    }
    line(G, "if (V[%d] < 0) {", c);
    if (events)
        line(G, "    ev_leave(s); /* the play's context */");
    if (n->value == 1 && G->bf) {
        G->indent++;
        gen_before_epilogue(G);
        line(G, "s->bcancel = BF_STOPPED; /* the reaction's play was stopped */");
        line(G, "return %s;", G->direct ? "0" : "R_RETURN");
        G->indent--;
    }
    line(G, "}");
    return true;
}

/* After the before-phase: a value typed by a card type that a clause
 * changed to a card of another type faults, as the raise does
 * (F_EVENT_KIND); `ret` is what the function returns then. */
static const char *kind_rechecks(Gen *G, const Sym *ev, int at, const char *ret)
{
    Buf b = {0};
    int i = 0;
    for (const Node *p = ev->decl->params; p; p = p->next, i++) {
        if (p->value < 0)
            continue;
        buf_printf(&b, "        if (card_type(V[%d]) != TYPE_%s) {\n"
                       "            fault(s, F_EVENT_KIND, %d, 0);\n"
                       "            return%s%s;\n        }\n",
                   i, c_ident(G->a, G->cs->types[p->value]->name, true), at, *ret ? " " : "",
                   ret);
    }
    const char *r = arena_strdup(G->a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* The raise of event ev (cgen_events.c), resumable: after its context is
 * entered, its before-phase (resume point 3); cancelled, the raise ends
 * there, its body not run and its handlers not fired. "" for an event
 * without one. */
const char *before_raise_resumable(Gen *G, const Sym *ev, int at)
{
    int evi = bf_index(G->g, EV_USER + ev->index);
    if (evi < 0)
        return "";
    Buf b = {0};
    buf_printf(&b, "        {\n            Frame *nf = push(s, %d, P_0_before);\n"
                   "            if (!nf)\n                return R_STOP;\n", at);
    for (int i = 0; i < ev->nparams; i++)
        buf_printf(&b, "            nf->v[%d] = V[%d];\n", i, i);
    buf_printf(&b, "            nf->v[NEVARGS + BF_EV] = %d;\n        }\n"
                   "        f->pc = 3;\n        return R_CALL;\n    case 3:\n"
                   "        if (s->core.over)\n            return R_STOP;\n"
                   "        if (s->ret) { /* cancelled */\n            ev_leave(s);\n"
                   "            break;\n        }\n", evi);
    for (int i = 0; i < ev->nparams; i++)
        buf_printf(&b, "        V[%d] = s->bret[%d];\n", i, i);
    buf_puts(&b, kind_rechecks(G, ev, at, "R_STOP"));
    const char *r = arena_strdup(G->a, b.data);
    buf_free(&b);
    return r;
}

/* The same in the direct copy (V the values, the context entered): true
 * and the C that ends the raise when it is cancelled. */
const char *before_raise_direct(Gen *G, const Sym *ev)
{
    int evi = bf_index(G->g, EV_USER + ev->index);
    if (evi < 0)
        return "";
    Buf b = {0};
    buf_printf(&b, "        if (bf_drun(s, d, %d, V) || s->core.over) {\n"
                   "            ev_leave(s);\n            s->depth--;\n"
                   "            return;\n        }\n", evi);
    /* (a fault there ends the game: the depth counted is no longer read) */
    buf_puts(&b, kind_rechecks(G, ev, site_of(G, ev->decl), ""));
    const char *r = arena_strdup(G->a, b.data);
    buf_free(&b);
    return r;
}

/* ---- the tables and functions the before-phase calls ---------------------- */

/* The clauses of kind k's effect before event e of clause kind ck, as a
 * list of their numbers appended to list; returns how many. */
static int kind_clauses(const Game *g, int k, int e, ClauseKind ck, Buf *list, int *n)
{
    const Node *eff = g->effect_of[k];
    int added = 0;
    for (int i = 0; eff && i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (h->effect != eff || !before_hears(h, e) || h->clause->clause_kind != ck)
            continue;
        buf_printf(list, "%s%d", (*n)++ ? ", " : "", i);
        added++;
    }
    return added;
}

/* bf_instead_E / bf_ilist_E (or react, rlist): per kind the start of its
 * clauses in the list, then the list. Returns the kinds that have one (bit
 * k for kind k, the first 64 kinds). */
static unsigned long long gen_kind_table(Gen *G, int e, int evi, ClauseKind ck, const char *name)
{
    const Game *g = G->g;
    Buf starts = {0}, list = {0};
    int n = 0;
    unsigned long long m = 0;
    for (int k = 0; k < g->cs->ncards; k++) {
        buf_printf(&starts, "%d, ", n);
        if (kind_clauses(g, k, e, ck, &list, &n) && k < 64)
            m |= 1ULL << k;
    }
    buf_printf(&starts, "%d", n);
    buf_printf(G->out, "static const int16_t bf_%s%d[NCARDS + 1] = {%s};\n"
                       "static const int16_t bf_%slist%d[] = {%s};\n",
               name, evi, starts.data, name, evi, n ? list.data : "-1");
    buf_free(&starts);
    buf_free(&list);
    return m;
}

/* What the window shows of each value of event e. */
static const char *arg_kind(Type t)
{
    switch (t) {
    case T_CARD: return "RT_ARG_CARD";
    case T_PLAYER: return "RT_ARG_PLAYER";
    case T_BOOL: return "RT_ARG_BOOL";
    case T_ZONE: return "RT_ARG_ZONE";
    case T_VALUE:
    case T_NAME: return "RT_ARG_WORD";
    default: return "RT_ARG_INT";
    }
}

/* The values of event e: how many, and their types. */
static int event_values(const Game *g, int e, const Type **types)
{
    static const Type played[] = {T_CARD}, moving[] = {T_CARD, T_ZONE, T_ZONE};
    if (e == EV_ENTERS) { /* the card, the slots it leaves and enters */
        *types = moving;
        return 3;
    }
    if (e == EV_PLAYED) {
        *types = played;
        return 1;
    }
    const Sym *ev = g->events.items[e - EV_USER];
    *types = ev->params;
    return ev->nparams < 8 ? ev->nparams : 8;
}

/* Where the before-phase of event e faults: the event's declaration, or
 * (a card played) the first clause before it. */
static int event_site(Gen *G, int e)
{
    const Game *g = G->g;
    if (e >= EV_USER)
        return site_of(G, ((const Sym *)g->events.items[e - EV_USER])->decl);
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (before_hears(h, e))
            return site_of(G, h->clause);
    }
    return 0;
}

/* bf_wkinds_E: per kind of the event's first value (a card), can a
 * `react to` clause match it (its 'where' read for a card of that kind
 * alone: sema_eval_filter)? NULL when every kind can, or the first value
 * is no card. */
static const char *gen_window_kinds(Gen *G, int e, int evi)
{
    const Game *g = G->g;
    const Type *types;
    if (event_values(g, e, &types) < 1 || types[0] != T_CARD)
        return "NULL";
    bool all = true;
    Buf b = {0};
    for (int k = 0; k < g->cs->ncards; k++) {
        bool may = false;
        for (int i = 0; i < g->befores.len && !may; i++) {
            const Handler *h = g->befores.items[i];
            if (before_hears(h, e) && h->clause->clause_kind == CLAUSE_REACT)
                may = !h->clause->cond || sema_eval_filter(h->clause->cond, 0,
                                                           g->cs->cards[k]) != 0;
        }
        all &= may;
        buf_printf(&b, "%s%d", k ? ", " : "", may);
    }
    const char *name = "NULL";
    if (!all) {
        buf_printf(G->out, "static const uint8_t bf_wkinds%d[NCARDS] = {%s};\n", evi, b.data);
        name = arena_printf(G->a, "bf_wkinds%d", evi);
    }
    buf_free(&b);
    return name;
}

/* The words of the question and of the label of window d (the EVENTDECL
 * of a user event, or the WINDOWDECL of `window for`; NULL: none), the
 * window before `what` (for comments): bf_words<wi>, computed when a seat
 * is asked from the values V of the names the words read, which `init`
 * (C statements) sets from the event's values V0 (an array of nv + 1).
 * Returns its name, or "NULL" when it has none. */
static const char *gen_window_words(Gen *G, const Node *d, const char *what, int wi, int nv,
                                    const char *init)
{
    const Node *asks = d ? d->asks : NULL, *declines = d ? d->declines : NULL;
    if (!((asks && asks->words) || (declines && declines->words)))
        return "NULL";
    const Node *at = G->at; /* a word that faults names its text's line */
    G->at = asks && asks->words ? asks : declines;
    const char *q = words_args(G, asks ? asks->words : NULL);
    G->at = declines && declines->words ? declines : asks;
    const char *l = words_args(G, declines ? declines->words : NULL);
    G->at = at;
    buf_printf(G->out, "/* the words of the window before %s: its question's, then "
                       "its label's */\nstatic void bf_words%d(State *s, const int32_t *V0, "
                       "int32_t *w)\n{\n    int32_t V[%d] = {0};\n%s", what, wi, nv + 1, init);
    buf_printf(G->out, "    const int32_t v[6] = {%s, %s};\n    (void)s;\n    (void)V;\n"
                       "    memcpy(w, v, sizeof v);\n}\n\n", q, l);
    return arena_printf(G->a, "bf_words%d", wi);
}

/* The label of declining window d (as gen_window_words) and the words of
 * its question and of that label: ", label, nask, ndecline"; -1 for the
 * label "Do not respond". */
static const char *window_texts(const Gen *G, const Node *d)
{
    const Node *asks = d ? d->asks : NULL, *declines = d ? d->declines : NULL;
    return arena_printf(G->a, ", %d, %lld, %lld", declines ? declines->label : -1,
                        asks && asks->words ? asks->words->nitems : 0,
                        declines && declines->words ? declines->words->nitems : 0);
}

/* What a BfEvent entry holds besides its window's words (gen_bf_entry). */
typedef struct BfTables {
    int e, evi, nv, nrules;
    const char *wkinds;         /* bf_wkinds<evi> or "NULL" */
    const char *argword;        /* bf_argword<evi> or "NULL" (gen_arg_words) */
    unsigned long long imask;   /* the kinds with `instead of` clauses for it */
} BfTables;

/* The BfEvent entry of event t->e (its tables, number t->evi), its window
 * worded by d (as gen_window_words) with the words function `words`, into
 * entries. */
static void gen_bf_entry(Gen *G, const BfTables *t, const Node *d, const char *words,
                         Buf *entries)
{
    const Game *g = G->g;
    int prompt = g->respond_prompt ? g->respond_prompt[t->e] : -1;
    if (d && d->asks && prompt >= 0)
        prompt = d->asks->prompt;
    int e = t->e, evi = t->evi;
    buf_printf(entries, "    {%d, %d, %d, %d, bf_argkind%d, %d, bf_rules%d, bf_instead%d, "
                        "bf_insteadlist%d, bf_react%d, bf_reactlist%d, %s%s, %s, %d, %s, "
                        "0x%llxULL},\n",
               e, t->nv, event_site(G, e), prompt, evi, t->nrules, evi, evi, evi, evi, evi,
               t->wkinds, window_texts(G, d), words, d && d->reopens, t->argword, t->imask);
}

/* bf_argwordN[]: where in the words the values of each attribute value
 * or card name of user event e begin (value_word), -1 for another value;
 * "NULL" when e carries none. */
static const char *gen_arg_words(Gen *G, int e, int evi)
{
    const Sym *ev = e >= EV_USER ? G->g->events.items[e - EV_USER] : NULL;
    bool any = false;
    for (int i = 0; ev && i < ev->nparams && i < 8; i++)
        any |= ev->params[i] == T_VALUE || ev->params[i] == T_NAME;
    if (!any)
        return "NULL";
    buf_printf(G->out, "static const int16_t bf_argword%d[] = {", evi);
    const Node *p = ev->decl->params;
    for (int i = 0; p && i < 8; p = p->next, i++)
        buf_printf(G->out, "%s%d", i ? ", " : "",
                   p->type == T_VALUE || p->type == T_NAME
                       ? value_word_base(G, p->type, p->attr) : -1);
    buf_puts(G->out, "};\n");
    return arena_printf(G->a, "bf_argword%d", evi);
}

/* The window before event e, worded (the rules' event's or `window for c
 * played`; NULL: not worded), and the words of its entry: for comments,
 * what it is before, and whether they are built (not for an event never
 * raised). */
static const Node *event_window(const Gen *G, int e, const char **what, bool *built)
{
    const Sym *ev = e >= EV_USER ? G->g->events.items[e - EV_USER] : NULL;
    *what = ev ? arena_printf(G->a, "event %s", ev->name) : "a card played";
    *built = !ev || ev->body->reached;
    return window_decl_of(G->g, e);
}

/* The tables of event e (number evi) and its BfEvent entry, into
 * entries; what the entry holds into t. */
static void gen_event_table(Gen *G, int e, int evi, Buf *entries, BfTables *tables)
{
    const Game *g = G->g;
    Buf *o = G->out;
    const Type *types;
    BfTables t = {.e = e, .evi = evi};
    t.nv = event_values(g, e, &types);
    buf_printf(o, "/* before event %s */\nstatic const uint8_t bf_argkind%d[] = {",
               before_event_name(g, e), evi);
    for (int i = 0; i < t.nv; i++) /* a card played is shown to every seat */
        buf_printf(o, "%s%s", i ? ", " : "", e == EV_PLAYED ? "RT_ARG_CARD_SHOWN"
                                                             : arg_kind(types[i]));
    buf_printf(o, "%s};\nstatic const int16_t bf_rules%d[] = {", t.nv ? "" : "0", evi);
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (!h->effect && before_hears(h, e))
            buf_printf(o, "%s%d", t.nrules++ ? ", " : "", i);
    }
    buf_puts(o, t.nrules ? "};\n" : "-1};\n");
    t.imask = gen_kind_table(G, e, evi, CLAUSE_INSTEAD, "instead");
    gen_kind_table(G, e, evi, CLAUSE_REACT, "react");
    t.wkinds = gen_window_kinds(G, e, evi);
    const char *what;
    bool built;
    const Node *d = event_window(G, e, &what, &built);
    const char *init = t.nv ? arena_printf(G->a, "    memcpy(V, V0, sizeof V[0] * %d);\n", t.nv)
                            : "    (void)V0;\n";
    const char *words = gen_window_words(G, built ? d : NULL, what, evi, t.nv, init);
    t.argword = gen_arg_words(G, e, evi);
    buf_puts(o, "\n");
    gen_bf_entry(G, &t, d, words, entries);
    *tables = t;
}

/* The values the words of window w before a card moving read, from the
 * move's V0 (the card, the slots it leaves and enters): the card, then
 * the seat of each zone its pattern names with one (`hand[q]`). */
static const char *move_words_init(Gen *G, const Node *w)
{
    const Node *pat = w->window_of;
    const char *slot = pat->pat_kind == PAT_ENTERS ? "V0[2]" : "V0[1]";
    const char *init = "    V[0] = V0[0];\n";
    int k = 1;
    if (pat->zone->kind == N_INDEX)
        init = arena_printf(G->a, "%s    V[%d] = %s;\n", init, k++,
                            seat_in(G, slot, pat->zone_no));
    if (pat->from && pat->from->kind == N_INDEX)
        init = arena_printf(G->a, "%s    V[%d] = %s;\n", init, k,
                            seat_in(G, "V0[1]", pat->from_zone));
    return init;
}

/* After the entries of bf_events[] (first of them): one per window before
 * a card moving worded by the rules (`window for c enters Z`), the tables
 * of a card moving (move) with its words, and game_bf_move_words, which
 * picks the first whose zones the move matches. */
static void gen_move_worded(Gen *G, const BfTables *move, int first, Buf *entries)
{
    const Game *g = G->g;
    Buf pick = {0};
    for (int j = 0; j < g->move_windows.len; j++) {
        const Node *w = g->move_windows.items[j], *pat = w->window_of;
        const char *words = gen_window_words(G, w, "a card moving", first + j, move->nv,
                                             move_words_init(G, w));
        gen_bf_entry(G, move, w, words, entries);
        bool enters = pat->pat_kind == PAT_ENTERS;
        buf_printf(&pick, "    if ((%s)", in_zone(G, enters ? "V[2]" : "V[1]", pat->zone_no));
        if (enters && pat->from)
            buf_printf(&pick, " && (%s)", in_zone(G, "V[1]", pat->from_zone));
        buf_printf(&pick, ")\n        return %d;\n", first + j);
    }
    buf_printf(G->out, "/* The window before this move worded by the rules ('window for'): "
                       "its entry in\n * bf_events[], the first whose zones it matches; -1: "
                       "none (bf_worded) */\nstatic int game_bf_move_words(const int32_t *V)"
                       "\n{\n%s    (void)V;\n    return -1;\n}\n\n", pick.data);
    buf_free(&pick);
}

/* The slot of a card's move that the zone of clause h's pattern names:
 * the one it enters, or leaves. */
static const char *pattern_slot(const Handler *h)
{
    return h->event == EV_ENTERS ? "V[2]" : "V[1]";
}

/* The value of clause h's bound name i from the event's values V: the
 * value itself; before a card moving (V: the card, the slots it leaves and
 * enters), the card or the seat (the holder) of the zone bound. */
static const char *bound_value(Gen *G, const Handler *h, int i)
{
    if (!before_move_clause(h) || i == 0)
        return arena_printf(G->a, "V[%d]", i);
    const Node *pat = h->clause->pattern;
    if (i == h->zone_bind)
        return seat_in(G, pattern_slot(h), pat->zone_no);
    return seat_in(G, "V[1]", pat->from_zone);
}

/* The values a clause's proc takes, after the event's (V[0..nbound)):
 * this and me on a card, then by and cause, then 0cancel. */
static void clause_args(Gen *G, const Handler *h, Buf *b)
{
    for (int i = 0; i < h->nbound; i++)
        buf_printf(b, ", %s", bound_value(G, h, i));
    if (h->effect)
        buf_puts(b, ", card, me");
    buf_puts(b, ", by, cause");
}

/* The tests of the zones of clause h before a card moving (V: the card,
 * the slots it leaves and enters), each a return of false; returns the
 * seats its match func takes last (0seat, 0from). */
static const char *move_zone_tests(Gen *G, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    const char *slot = pattern_slot(h), *from = "-1";
    buf_printf(G->out, "        if (!(%s))\n            return false;\n",
               in_zone(G, slot, pat->zone_no));
    if (pat->from && pat->from_zone >= 0) {
        buf_printf(G->out, "        if (!(%s))\n            return false;\n",
                   in_zone(G, "V[1]", pat->from_zone));
        from = seat_in(G, "V[1]", pat->from_zone);
    }
    return arena_printf(G->a, "%s, %s", seat_in(G, slot, pat->zone_no), from);
}

/* game_bf_match: each clause's tests (its match func, with no seat of a
 * zone), or none. */
static void gen_bf_match(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* Do the tests of the clause run before an event hold? */\n"
                "static bool game_bf_match(State *s, int h, const int32_t *V, int card, int me)\n"
                "{\n    int32_t by = ev_by(s), cause = ev_cause(s);\n"
                "    (void)V;\n    (void)card;\n    (void)me;\n    (void)by;\n    (void)cause;\n"
                "    switch (h) {\n");
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (!h->match && !before_move_clause(h))
            continue;
        buf_printf(o, "    case %d:\n", i);
        const char *seats = before_move_clause(h) ? move_zone_tests(G, h) : "-1, -1";
        if (!h->match) {
            buf_puts(o, "        return true;\n");
            continue;
        }
        Buf args = {0};
        clause_args(G, h, &args);
        buf_printf(o, "        return fn_%s(s%s, 0, %s) != 0;\n", h->match->sym->cname,
                   args.data, seats);
        buf_free(&args);
    }
    buf_puts(o, "    default:\n        return true;\n    }\n}\n\n");
}

/* What a clause's context says raises carry: a card's, its player and the
 * card; the rules', the event's by and cause. */
static const char *clause_acts(const Handler *h)
{
    return h->effect ? "me, card" : "by, cause";
}

/* game_bf_push and game_bf_dcall: each clause's proc, its context entered
 * (numbered after the `on` handlers: game_handler_info). */
static void gen_bf_calls(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* The proc of a clause run before an event: its context, and its frame\n"
                " * pushed (bf_run) or its direct copy called (bf_drun). */\n"
                "static bool game_bf_push(State *s, int h, const int32_t *V, int card, int me)\n"
                "{\n    int32_t by = ev_by(s), cause = ev_cause(s);\n    switch (h) {\n");
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        int at = site_of(G, h->clause), k = 0;
        buf_printf(o, "    case %d: {\n        if (!ev_enter(s, %d, %d, %d, %s))\n"
                      "            return false;\n        Frame *nf = push(s, %d, P_%s);\n"
                      "        if (!nf)\n            return false;\n",
                   i, at, h->event, g->handlers.len + i, clause_acts(h), at, h->proc->cname);
        for (; k < h->nbound; k++)
            buf_printf(o, "        nf->v[%d] = %s;\n", k, bound_value(G, h, k));
        if (h->effect) {
            buf_printf(o, "        nf->v[%d] = card;\n", k++);
            buf_printf(o, "        nf->v[%d] = me;\n", k++);
        }
        buf_printf(o, "        nf->v[%d] = by;\n        nf->v[%d] = cause;\n"
                      "        nf->v[%d] = 0;\n        return true;\n    }\n", k, k + 1, k + 2);
    }
    buf_puts(o, "    default:\n        (void)V;\n        (void)card;\n        (void)me;\n"
                "        return false;\n    }\n}\n\n"
                "static void game_bf_dcall(State *s, const Direct *d, int h, const int32_t *V,\n"
                "                          int card, int me)\n"
                "{\n    int32_t by = ev_by(s), cause = ev_cause(s);\n    switch (h) {\n");
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        Buf args = {0};
        clause_args(G, h, &args);
        buf_printf(o, "    case %d:\n        if (ev_enter(s, %d, %d, %d, %s)) {\n"
                      "            dproc_%s(s, d%s, 0);\n            ev_leave(s);\n        }\n"
                      "        return;\n",
                   i, site_of(G, h->clause), h->event, g->handlers.len + i, clause_acts(h),
                   h->proc->cname, args.data);
        buf_free(&args);
    }
    buf_puts(o, "    default:\n        (void)s;\n        (void)d;\n        (void)V;\n"
                "        (void)card;\n        (void)me;\n        (void)by;\n        (void)cause;\n"
                "        return;\n    }\n}\n\n");
}

/* game_bf_move_window(V): may a `react to` clause before a card moving
 * hear this move, by its zones alone (V: the card, the slots it leaves and
 * enters)? No window opens for a move no reaction can hear. */
static void gen_bf_move_window(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_move_befores(g) || !game_has_windows(g))
        return;
    buf_puts(G->out, "/* May a reaction hear this move, by its zones (bf_open)? */\n"
                     "static bool game_bf_move_window(const int32_t *V)\n{\n");
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (!before_move_clause(h) || h->clause->clause_kind != CLAUSE_REACT)
            continue;
        const Node *pat = h->clause->pattern;
        buf_printf(G->out, "    if ((%s)", in_zone(G, pattern_slot(h), pat->zone_no));
        if (pat->from && pat->from_zone >= 0)
            buf_printf(G->out, " && (%s)", in_zone(G, "V[1]", pat->from_zone));
        buf_puts(G->out, ")\n        return true;\n");
    }
    buf_puts(G->out, "    (void)V;\n    return false;\n}\n\n");
}

/* The number of the before-phase of a card moving in bf_events[]. */
int before_move_index(const Game *g)
{
    return bf_index(g, EV_ENTERS);
}

/* After the rules: bf_events[] and what the before-phase calls back. */
void gen_before_hooks(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_befores(g))
        return;
    Buf entries = {0};
    BfTables move = {0}, t;
    int n = 0;
    for (int e = 0; e < EV_USER + g->events.len; e++) {
        int evi = bf_index(g, e);
        if (evi < 0)
            continue;
        gen_event_table(G, e, evi, &entries, &t);
        n++;
        if (e == EV_ENTERS)
            move = t;
    }
    if (move_windows_worded(g))
        gen_move_worded(G, &move, n, &entries);
    buf_printf(G->out, "/* What runs before each event (rt_game.h, BfEvent) */\n"
                       "static const BfEvent bf_events[] = {\n%s};\n\n"
                       "static const BfEvent *game_bf_event(int i)\n{\n"
                       "    return &bf_events[i];\n}\n\n", entries.data);
    buf_free(&entries);
    gen_bf_match(G);
    gen_bf_calls(G);
    gen_bf_move_window(G);
}

/* The entries of game_handler_info for these clauses, after the `on`
 * handlers': their kind, where written (what `during` names). */
void gen_before_handler_info(Gen *G)
{
    const Game *g = G->g;
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        buf_printf(G->out, "    {\"%s\", ", h->clause->clause_kind == CLAUSE_REACT ? "react"
                                                                                  : "instead");
        c_string(G->out, where(G, h->clause));
        buf_printf(G->out, ", %d},\n", h->clause->loc.line);
    }
}
