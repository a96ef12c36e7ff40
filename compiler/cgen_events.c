/* cgen_events.c: the C of events and triggers (docs/LANGUAGE.md, "Events
 * and triggers"; the runtime's side is under "---- events" in
 * runtime/rt_game.h).
 *
 * An event, when raised, runs its body (the proc of the same name), then
 * fires each handler that listens to it and whose tests hold: a Trigger,
 * queued (ev_fire). The statement that raised it then drains the queue,
 * unless a drain is in progress already: the runtime's proc P_0_drain runs
 * each trigger's handler, a proc, in turn. So an event raised is a call of
 * a proc too: evraise_NAME, which holds the event's values in its frame
 * while the body runs, and devraise_NAME in the direct copy.
 *
 * Events are numbered: the built-in ones first (EV_ENTERS ...), then the
 * rules' (EV_USER + index); the C writes the numbers, with the event's name
 * in a comment, since an enum of names could meet a constant of the cards.
 * Nothing here is written for a game without events and handlers: its C is
 * the C of before. */
#include "cgen_int.h"

#include <string.h>

/* The name of event e, for comments and for RtGame.during. */
static const char *event_name(const Game *g, int e)
{
    static const char *const builtin[] = {"enters", "leaves", "played", "start", "end"};
    if (e < EV_USER)
        return builtin[e];
    return ((const Sym *)g->events.items[e - EV_USER])->name;
}

/* ---- the game's constants ------------------------------------------------- */

/* With cards' `on` clauses: the slots of the zones `in play` as a list
 * (ev_play_slots, the slots walked for the cards that hear an event;
 * slot_in_play, which rt_game.h reads when a card moves, is cgen.c's). */
static void gen_play_slots(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out, list = {0};
    if (!card_handlers(g))
        return;
    buf_puts(o, "/* Cards have `on` clauses, live in the zones `in play`: which slots are */\n"
                "#define GAME_HAS_CARD_TRIGGERS 1\n");
    int k = 0;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        int n = zone_nslots(g, z);
        bool in = z->zflags & ZF_IN_PLAY;
        for (int j = 0; j < n; j++, k++)
            if (in)
                buf_printf(&list, "%s%d", G->nplay_slots++ ? ", " : "", k);
    }
    buf_printf(o, "#define EV_NPLAY_SLOTS %d\n"
                  "static RT_UNUSED const int16_t ev_play_slots[%d] = {%s};\n\n",
               G->nplay_slots, G->nplay_slots ? G->nplay_slots : 1,
               list.data ? list.data : "0");
    buf_free(&list);
}

/* What runtime/rt_game.h builds the events' part of the State on. */
void gen_event_defs(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_events(g))
        return;
    buf_printf(G->out, "/* Events and triggers (rt_game.h, \"---- events\"): the most values an\n"
                       " * event carries; triggers fired between two decisions, and the\n"
                       " * length of the queue ('limit triggers') */\n"
                       "#define GAME_HAS_EVENTS 1\n#define NEVARGS %d\n"
                       "#define GAME_MAX_TRIGGERS %lld\n\n", events_nargs(g), g->max_triggers);
    if (drops_heard(g))
        buf_puts(G->out, "/* the cards dropping from a holder that leaves play may be heard */\n"
                         "#define GAME_HAS_DROP_EVENTS 1\n\n");
    gen_play_slots(G);
    gen_order_defs(G); /* triggers chosen by controller: cgen_order.c */
}

/* The frame numbers of the runtime's drain and of each event's raise,
 * after the procs': P_0_drain, P_0_raise_NAME (no rule's name starts
 * with a digit). */
void gen_event_proc_numbers(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_events(g))
        return;
    int k = g->procs.len;
    buf_printf(G->out, "    P_0_drain = %d, /* the trigger queue's drain (ev_drain) */\n", k++);
    for (int i = 0; i < g->events.len; i++) {
        const Sym *ev = g->events.items[i];
        if (ev->reached)
            buf_printf(G->out, "    P_0_raise_%s = %d,\n", ev->name, k + i);
    }
}

/* The cases of game_step for them. */
void gen_event_steps(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_events(g))
        return;
    buf_puts(G->out, "    case P_0_drain:\n        r = ev_drain(s, f);\n        break;\n");
    for (int i = 0; i < g->events.len; i++) {
        const Sym *ev = g->events.items[i];
        if (ev->reached)
            buf_printf(G->out, "    case P_0_raise_%s:\n        r = evraise_%s(s, f);\n"
                               "        break;\n", ev->name, ev->name);
    }
}

/* ---- names of the event in progress ---------------------------------------- */

/* `by` (which 0) or `cause` (1) in an event's body: those of the event
 * in progress. (A handler has them as parameters.) */
void gen_event_value(Gen *G, Buf *b, int which)
{
    (void)G;
    buf_puts(b, which ? "ev_cause(s)" : "ev_by(s)");
}

static void gen_handler_tests(Gen *G);

/* Has the game handlers of cards moving (enters, leaves)? Of cards played? */
static bool move_handlers(const Game *g)
{
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (h->event == EV_ENTERS || h->event == EV_LEAVES)
            return true;
    }
    return false;
}

static bool played_handlers(const Game *g)
{
    for (int i = 0; i < g->handlers.len; i++)
        if (((const Handler *)g->handlers.items[i])->event == EV_PLAYED)
            return true;
    return false;
}

/* Is a card dropping to zone `to` heard: a handler of a card leaving a
 * zone, or entering that one? */
static bool drop_heard(const Game *g, const Sym *to)
{
    for (int k = 0; k < g->handlers.len; k++) {
        const Handler *h = g->handlers.items[k];
        if (h->event == EV_LEAVES ||
            (h->event == EV_ENTERS && h->clause->pattern->zone_no == to->index))
            return true;
    }
    return false;
}

/* May a card dropping from a holder that leaves play be heard: is there
 * a handler of a card leaving a zone, or entering a zone that held cards
 * drop to? (cgen_int.h) */
bool drops_heard(const Game *g)
{
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if (!(z->zflags & ZF_HELD))
            continue;
        if (z->sym && drop_heard(g, z->sym))
            return true;
        for (const Node *f = first_fate(z); f; f = f->next)
            if (fate_drop_zone(f) && drop_heard(g, fate_drop_zone(f)))
                return true;
    }
    return false;
}

/* Is a card moving to zone expression `to` (ZONE or ZONE[p]) heard by a
 * handler: one of a card entering that zone, or one of a card leaving a
 * zone (where the card comes from is not known before the game)? Where
 * dropped cards may be heard, every move is: it may move a holder out of
 * play. */
bool move_heard(const Gen *G, const Node *to)
{
    const Node *id = to->kind == N_INDEX ? to->base : to;
    int zone = id->kind == N_IDENT && id->sym && id->sym->kind == S_ZONE ? id->sym->index : -1;
    if (drops_heard(G->g))
        return true;
    for (int i = 0; i < G->g->handlers.len; i++) {
        const Handler *h = G->g->handlers.items[i];
        if (h->event == EV_LEAVES || (h->event == EV_ENTERS && h->clause->pattern->zone_no == zone))
            return true;
    }
    return false;
}

/* The end of the helper of a 'move all' (n) whose cards a handler hears:
 * each card's triggers, bottom to top, from slot `from` (a C expression
 * of the helper); "" when none hears them. */
const char *moved_events(Gen *G, const Node *n, const char *from)
{
    if (!move_heard(G, n->to))
        return "";
    return arena_printf(G->a, "    for (int i = 0; i < n && !s->core.over; i++) {\n"
                              "        int32_t v[3] = {pick[i], %s, to};\n"
                              "        evfire_0_move(s, v);\n    }\n%s", from,
                        drops_heard(G->g) ? "    holders_drop(s);\n" : "");
}

/* The cards of the set chosen by 'choose cards', moved into `to` (a C
 * expression) where a handler hears them: the moves, then each card's
 * triggers (as 'move all' does: every test sees all the cards moved),
 * then the drain. */
void gen_take_set_heard(Gen *G, const char *to)
{
    line(G, "{");
    line(G, "    int32_t ts_to = %s;", to);
    line(G, "    for (int i = 0; i < s->nsset; i++)");
    line(G, "        s->sfrom[i] = s->slot_of[s->sset[i]];");
    gen_drops(G, "    s->dropping = 1;");
    line(G, "    take_sset_at(s, %d, ts_to);", site(G));
    gen_drops(G, "    s->dropping = 0;");
    line(G, "    for (int i = 0; i < s->nsset && !s->core.over; i++) {");
    line(G, "        int32_t ts_v[3] = {s->sset[i], s->sfrom[i], ts_to};");
    line(G, "        evfire_0_move(s, ts_v);");
    line(G, "    }");
    gen_drops(G, "    holders_drop(s);");
    line(G, "}");
    gen_event_drain(G);
}

/* A card played (C expressions: the card, the player who plays it),
 * after its play clause ran (the `play` statement): its triggers, then
 * the drain. Nothing where no handler hears a card played. */
void gen_event_played(Gen *G, const char *card, const char *by)
{
    if (!played_handlers(G->g))
        return;
    line(G, "{");
    line(G, "    int32_t pl_v[2] = {%s, %s};", card, by);
    line(G, "    if (!s->core.over)");
    line(G, "        evfire_0_played(s, pl_v);");
    line(G, "}");
    gen_event_drain(G);
}

/* The statement that raised an event drains the queue before it ends,
 * unless a drain is in progress (breadth first): the runtime's proc
 * P_0_drain in a frame above, or ev_ddrain in the direct copy. */
void gen_event_drain(Gen *G)
{
    if (G->direct) {
        line(G, "if (ev_must_drain(s)) {");
        line(G, "    ev_ddrain(s, %d, d);", site(G));
        line(G, "    if (s->core.over)");
        line(G, "        return 0;");
        line(G, "}");
        return;
    }
    int pc = G->pc++;
    line(G, "if (ev_must_drain(s)) {");
    line(G, "    if (!push(s, %d, P_0_drain))", site(G));
    line(G, "        return R_STOP;");
    line(G, "    f->pc = %d;", pc);
    line(G, "    return R_CALL;");
    gen_resume_point(G, pc);
    line(G, "    if (s->core.over)");
    line(G, "        return R_STOP;");
    line(G, "}");
}

/* A card c (C expressions: the card, the slot it goes to, its position)
 * moved where a handler hears it: the move, its triggers, the drain. */
void gen_move_heard(Gen *G, const char *card, const char *to, const char *pos)
{
    line(G, "{");
    line(G, "    int32_t mv_c = %s, mv_to = %s;", card, to);
    line(G, "    int32_t mv_v[3] = {mv_c, (unsigned)mv_c < NINSTANCES ? s->slot_of[mv_c] : -1, mv_to};");
    gen_drops(G, "    s->dropping = 1;");
    line(G, "    mv(s, %d, mv_c, mv_to, %s);", site(G), pos);
    gen_drops(G, "    s->dropping = 0;");
    line(G, "    if (!s->core.over)");
    line(G, "        evfire_0_move(s, mv_v);");
    gen_drops(G, "    holders_drop(s);");
    line(G, "}");
    gen_event_drain(G);
}

/* ---- raising an event ----------------------------------------------------- */

/* The checks of the arguments of an event call whose parameters are typed
 * by a card type: a card of another type (or none) faults, at the call. */
static void gen_kind_checks(Gen *G, const Node *call, const char *const *args)
{
    const Node *p = call->sym->decl->params;
    for (int i = 0; p; p = p->next, i++) {
        if (p->value < 0)
            continue;
        line(G, "if (card_type(%s) != TYPE_%s) {", args[i],
             c_ident(G->a, G->cs->types[p->value]->name, true));
        line(G, "    fault(s, F_EVENT_KIND, %d, 0);", site(G));
        line(G, "    return %s;", stop_value(G));
        line(G, "}");
    }
}

/* stmt: IDENT '(' args ')' naming an event: the arguments (checked), then
 * a call of its raise, a proc (resumable copy) or a function (direct). */
void gen_event_call(Gen *G, const Node *c)
{
    const Sym *ev = c->sym;
    int n = 0;
    for (const Node *a = c->args; a; a = a->next)
        n++;
    const char **args = arena_alloc(G->a, sizeof *args * (size_t)(n + 1));
    line(G, "{");
    G->indent++;
    int i = 0;
    for (const Node *a = c->args; a; a = a->next, i++) {
        line(G, "int32_t ea%d = %s;", i, expr_str(G, a));
        args[i] = arena_printf(G->a, "ea%d", i);
    }
    gen_kind_checks(G, c, args);
    int callee = site_of(G, ev->decl);
    if (G->direct) {
        Buf b = {0};
        buf_printf(&b, "devraise_%s(s, d", ev->name);
        for (int j = 0; j < n; j++)
            buf_printf(&b, ", ea%d", j);
        line(G, "%s);", b.data);
        buf_free(&b);
        G->indent--;
        line(G, "}");
        gen_stop_if_over(G);
        return;
    }
    gen_push_call(G, callee, arena_printf(G->a, "P_0_raise_%s", ev->name), "ea", n);
    gen_stop_if_over(G);
}

/* Does handler h listen to event e (EV_ENTERS: to a card moving, which
 * its enters and leaves handlers both hear)? */
static bool hears(const Handler *h, int e)
{
    if (e == EV_ENTERS)
        return h->event == EV_ENTERS || h->event == EV_LEAVES;
    return h->event == e;
}

/* Does a card in play hear event e: has some card's effect an `on`
 * clause for it? */
static bool cards_hear(const Game *g, int e)
{
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (h->effect && hears(h, e))
            return true;
    }
    return false;
}

/* Queues handler h for trigger t if its tests hold. */
static void gen_try(Gen *G, const Handler *h, const char *ind)
{
    buf_printf(G->out, "%st.handler = %d;\n%sif (hmatch_%d(s, &t))\n%s    ev_fire(s, %d, &t);\n",
               ind, h->index, ind, h->index, ind, site_of(G, h->clause));
}

/* The triggers of the cards in play that hear event e: the cards in the
 * order of ev_cards_in_play, each card's clauses in their order. */
static void gen_fire_cards(Gen *G, int e, int k)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_printf(&G->helpers, "/* the kinds of card whose effect hears event %s */\n"
                            "static const uint8_t evk%d[NCARDS] = {", event_name(g, e), k);
    for (int c = 0; c < G->cs->ncards; c++) {
        bool any = false;
        for (int i = 0; i < g->handlers.len && !any; i++) {
            const Handler *h = g->handlers.items[i];
            any = h->effect && h->effect == g->effect_of[c] && hears(h, e);
        }
        buf_printf(&G->helpers, "%s%d", c ? ", " : "", any);
    }
    buf_puts(&G->helpers, "};\n\n");
    buf_printf(o, "    {\n        uint16_t in_play[NINSTANCES];\n"
                  "        int n = ev_cards_in_play(s, ev_play_slots, %d, evk%d, in_play);\n"
                  "        for (int i = 0; i < n && !s->core.over; i++) {\n"
                  "            t.card = in_play[i];\n"
                  "            t.me = controller(s, t.card);\n"
                  "            switch (instance_card[t.card]) {\n", G->nplay_slots, k);
    for (int c = 0; c < G->cs->ncards; c++) {
        const Node *eff = g->effect_of[c];
        bool any = false;
        for (int i = 0; i < g->handlers.len; i++) {
            const Handler *h = g->handlers.items[i];
            if (!h->effect || h->effect != eff || !hears(h, e))
                continue;
            if (!any)
                buf_printf(o, "            case CARD_%s:\n", G->card_ids[c]);
            any = true;
            gen_try(G, h, "                ");
        }
        if (any)
            buf_puts(o, "                break;\n");
    }
    buf_puts(o, "            default:\n                break;\n            }\n        }\n    }\n");
}

/* NAME(s, V): the handlers that event e with values V (and the by and
 * cause in progress) fires, queued in order: those of the rules in their
 * order, then those of the cards in play. */
void gen_fire_fn(Gen *G, int e, const char *fname, int nvals)
{
    const Game *g = G->g;
    buf_printf(G->out, "/* event %s: its triggers, queued in order */\n"
                       "static void %s(State *s, const int32_t *V)\n{\n", event_name(g, e), fname);
    /* a card played carries the player who plays it, V[1] */
    buf_printf(G->out, "    Trigger t = {.handler = -1, .by = %s, .cause = ev_cause(s), "
                       ".card = -1, .me = -1};\n", e == EV_PLAYED ? "V[1]" : "ev_by(s)");
    gen_order_group(G);
    buf_printf(G->out, "    for (int i = 0; i < %d; i++)\n        t.a[i] = V[i];\n", nvals);
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (!h->effect && hears(h, e))
            gen_try(G, h, "    ");
    }
    if (cards_hear(g, e))
        gen_fire_cards(G, e, G->nfire++);
    buf_puts(G->out, "    (void)t;\n}\n\n");
}

/* What happens as the body of event ev begins, once its window has
 * closed (V its values): the players immune to it are found, and each
 * history the rules ask of it counts it. */
static const char *body_begins(Gen *G, const Sym *ev)
{
    const Game *g = G->g;
    Buf b = {0};
    if (event_has_immune(g, ev))
        buf_printf(&b, "        s->ctx[s->nctx - 1].immune |= immune_%s(s);\n", ev->name);
    for (int i = 0; i < g->histories.len; i++) {
        const History *h = g->histories.items[i];
        if (h->event == ev)
            buf_printf(&b, "        hist_note(s->h_%d, %s, %s, %s);\n", i,
                       h->arg < 0 ? "0" : arena_printf(G->a, "V[%d]", h->arg),
                       history_stamp(G, h), h->per == HIST_ONE ? "1"
                       : h->per == HIST_PER_PLAYER ? "MAXP" : "NINSTANCES");
    }
    const char *r = arena_strdup(G->a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* The resumable raise of event ev: the body in a frame above, then the
 * triggers, then the drain unless one is in progress. */
static void gen_raise_resumable(Gen *G, const Sym *ev, int at)
{
    Buf *o = G->out;
    buf_printf(o, "/* event %s, %s:%d, raised: its body, then its triggers */\n"
                  "static int evraise_%s(State *s, Frame *f)\n{\n"
                  "    int32_t *V = f->v;\n    switch (f->pc) {\n    case 0:\n",
               ev->name, where(G, ev->decl), ev->decl->loc.line, ev->name);
    buf_printf(o, "        if (!ev_enter(s, %d, %d, -1, ev_by(s), ev_cause(s)))\n"
                  "            return R_STOP;\n", at, EV_USER + ev->index);
    buf_puts(o, before_raise_resumable(G, ev, at)); /* instead, react: cgen_reactions.c */
    buf_puts(o, body_begins(G, ev)); /* who is immune, what is counted */
    buf_printf(o, "        {\n            Frame *nf = push(s, %d, P_%s);\n"
                  "            if (!nf)\n                return R_STOP;\n", at, ev->body->cname);
    for (int i = 0; i < ev->nparams; i++)
        buf_printf(o, "            nf->v[%d] = V[%d];\n", i, i);
    buf_printf(o, "        }\n        f->pc = 1;\n        return R_CALL;\n    case 1:\n"
                  "        ev_leave(s);\n        if (s->core.over)\n            return R_STOP;\n"
                  "        evfire_%s(s, V);\n        if (ev_must_drain(s)) {\n"
                  "            if (!push(s, %d, P_0_drain))\n                return R_STOP;\n"
                  "            f->pc = 2;\n            return R_CALL;\n        }\n"
                  "        break;\n    default:\n        break;\n    }\n    return R_RETURN;\n}\n\n",
               ev->name, at);
}

/* The direct raise of event ev: the same steps, the frames counted as
 * the resumable copy's. */
static void gen_raise_direct(Gen *G, const Sym *ev, int at)
{
    Buf *o = G->out, params = {0}, args = {0};
    param_lists(ev->decl->params, &params, &args);
    buf_printf(o, "static void devraise_%s(State *s, const Direct *d%s)\n{\n"
                  "    if (s->depth >= MAXDEPTH) {\n        fault(s, F_DEPTH, %d, 0);\n"
                  "        return;\n    }\n    s->depth++;\n",
               ev->name, params.data ? params.data : "", at);
    buf_printf(o, "    int32_t V[NEVARGS] = {0};\n");
    for (int i = 0; i < ev->nparams; i++)
        buf_printf(o, "    V[%d] = a%d;\n", i, i);
    /* instead, react (cgen_reactions.c): the body takes the values they leave */
    const char *before = before_raise_direct(G, ev);
    Buf vals = {0};
    for (int i = 0; i < ev->nparams; i++)
        buf_printf(&vals, ", V[%d]", i);
    const char *immune = body_begins(G, ev);
    buf_printf(o, "    if (ev_enter(s, %d, %d, -1, ev_by(s), ev_cause(s))) {\n%s%s"
                  "        dproc_%s(s, d%s);\n        ev_leave(s);\n    }\n"
                  "    if (!s->core.over) {\n        evfire_%s(s, V);\n"
                  "        if (ev_must_drain(s))\n            ev_ddrain(s, %d, d);\n    }\n"
                  "    s->depth--;\n}\n\n",
               at, EV_USER + ev->index, before, immune, ev->body->cname,
               *before ? (vals.data ? vals.data : "") : (args.data ? args.data : ""), ev->name,
               at);
    buf_free(&vals);
    buf_free(&params);
    buf_free(&args);
}

/* The raises of the events the rules raise, and their prototypes. */
void gen_event_raises(Gen *G)
{
    const Game *g = G->g;
    if (!game_has_events(g))
        return;
    gen_handler_tests(G);
    if (move_handlers(g)) {
        buf_puts(&G->protos, "static void evfire_0_move(State *s, const int32_t *V);\n");
        gen_fire_fn(G, EV_ENTERS, "evfire_0_move", 3);
    }
    if (drops_heard(g))
        buf_puts(G->out, "/* a card dropped from a holder that left play: its triggers */\n"
                         "static void game_dropped(State *s, int c, int from, int to)\n{\n"
                         "    int32_t v[3] = {c, from, to};\n    evfire_0_move(s, v);\n}\n\n");
    if (played_handlers(g)) {
        buf_puts(&G->protos, "static void evfire_0_played(State *s, const int32_t *V);\n");
        gen_fire_fn(G, EV_PLAYED, "evfire_0_played", 1);
    }
    /* the start and the end of a unit of time: V[0] the unit (cgen_time.c) */
    if (time_heard(g, EV_START, -1)) {
        buf_puts(&G->protos, "static void evfire_0_start(State *s, const int32_t *V);\n");
        gen_fire_fn(G, EV_START, "evfire_0_start", 1);
    }
    if (time_heard(g, EV_END, -1)) {
        buf_puts(&G->protos, "static void evfire_0_end(State *s, const int32_t *V);\n");
        gen_fire_fn(G, EV_END, "evfire_0_end", 1);
    }
    for (int i = 0; i < g->events.len; i++) {
        const Sym *ev = g->events.items[i];
        if (!ev->reached)
            continue;
        Buf params = {0};
        param_lists(ev->decl->params, &params, NULL);
        buf_printf(&G->protos, "static int evraise_%s(State *s, Frame *f);\n"
                               "static void devraise_%s(State *s, const Direct *d%s);\n",
                   ev->name, ev->name, params.data ? params.data : "");
        buf_free(&params);
        int at = site_of(G, ev->decl);
        if (event_has_immune(g, ev))
            gen_immune_fn(G, ev);
        gen_fire_fn(G, EV_USER + i, arena_printf(G->a, "evfire_%s", ev->name), ev->nparams);
        gen_raise_resumable(G, ev, at);
        gen_raise_direct(G, ev, at);
    }
}

/* ---- the handlers' side of the run loop ------------------------------------ */

/* What a handler raises carries: a card's clause, its card's controller
 * and the card (the me and this of the effect); a handler of the rules,
 * the by and cause of the event it hears. */
static const char *handler_acts(const Handler *h)
{
    return h->effect ? "t->me, t->card" : "t->by, t->cause";
}

/* game_handler_call and game_dhandler (rt_game.h): the handler of a
 * trigger, in a frame pushed (resumable) or called (direct). */
static void gen_handler_dispatch(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* The handler of trigger t, its context entered and its frame pushed\n"
                " * with the trigger's values (ev_drain), or run (ev_ddrain). */\n"
                "static bool game_handler_call(State *s, const Trigger *t)\n{\n"
                "    switch (t->handler) {\n");
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        int at = site_of(G, h->clause);
        buf_printf(o, "    case %d: {\n        if (!ev_enter(s, %d, %d, %d, %s))\n"
                      "            return false;\n"
                      "        Frame *nf = push(s, %d, P_%s);\n        if (!nf)\n"
                      "            return false;\n        hparams_%d(nf->v, t);\n"
                      "        return true;\n    }\n",
                   i, at, h->event, i, handler_acts(h), at, h->proc->cname, i);
    }
    buf_puts(o, "    default:\n        (void)s;\n        return false;\n    }\n}\n\n"
                "static void game_dhandler(State *s, const Direct *d, const Trigger *t)\n{\n"
                "    switch (t->handler) {\n");
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        Buf args = {0};
        int np = 0;
        for (const Node *p = h->proc->decl->params; p; p = p->next)
            buf_printf(&args, ", V[%d]", np++);
        buf_printf(o, "    case %d: {\n        int32_t V[%d];\n        hparams_%d(V, t);\n"
                      "        if (ev_enter(s, %d, %d, %d, %s)) {\n"
                      "            dproc_%s(s, d%s);\n            ev_leave(s);\n        }\n"
                      "        return;\n    }\n",
                   i, np ? np : 1, i, site_of(G, h->clause), h->event, i, handler_acts(h),
                   h->proc->cname, args.data ? args.data : "");
        buf_free(&args);
    }
    buf_puts(o, "    default:\n        (void)s;\n        (void)d;\n        return;\n    }\n}\n\n");
}

/* game_event_info, game_handler_info (RtGame.during): names and places. */
static void gen_event_info(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* The events: name, where declared (the built-in ones nowhere). */\n"
                "static const EvInfo event_info[] = {\n");
    for (int e = 0; e < EV_USER + g->events.len; e++) {
        const Node *d = e < EV_USER ? NULL : ((const Sym *)g->events.items[e - EV_USER])->decl;
        buf_printf(o, "    {\"%s\", ", event_name(g, e));
        if (d)
            c_string(o, where(G, d));
        else
            buf_puts(o, "NULL");
        buf_printf(o, ", %d},\n", d ? d->loc.line : 0);
    }
    buf_puts(o, "};\n\n/* The events' names, by number (RtGame.events). */\n"
                "static const char *const event_names[] = {\n");
    for (int e = 0; e < EV_USER + g->events.len; e++)
        buf_printf(o, "    \"%s\",\n", event_name(g, e));
    buf_puts(o, "};\n\n/* The handlers: their kind, where written. */\n"
                "static const EvInfo handler_info[] = {\n");
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        buf_puts(o, "    {\"on\", ");
        c_string(o, where(G, h->clause));
        buf_printf(o, ", %d},\n", h->clause->loc.line);
    }
    gen_before_handler_info(G); /* instead, react: numbered after these */
    buf_puts(o, "    {NULL, NULL, 0}\n};\n\n"
                "static const EvInfo *game_event_info(int e)\n{\n    return &event_info[e];\n}\n\n"
                "static const EvInfo *game_handler_info(int h)\n{\n"
                "    return &handler_info[h];\n}\n\n");
}

/* After the rules: what the runtime's event code calls back. */
void gen_event_hooks(Gen *G)
{
    if (!game_has_events(G->g))
        return;
    gen_handler_dispatch(G);
    gen_event_info(G);
    gen_order_info(G);
}

/* The members of the game's RtGame table for events: RtGame.during, and
 * the events' names (RtGame.events, which windows name events by). */
const char *event_table_entries(Gen *G)
{
    return arena_printf(G->a, "    .during = game_during,\n    .events = event_names,\n"
                              "    .nevents = %d,\n", EV_USER + G->g->events.len);
}

/* ---- handlers: their tests and their values ------------------------------ */

/* The pattern of handler h. */
static const Node *pattern_of(const Handler *h)
{
    return h->clause->pattern;
}

/* The first slot of zone zone_no, as the C names it (Z_hand). */
static const char *zone_enum(Gen *G, int zone_no)
{
    return arena_printf(G->a, "Z_%s", ((const Node *)G->g->zones.items[zone_no])->name);
}

static int zone_flags(const Gen *G, int zone_no)
{
    return ((const Node *)G->g->zones.items[zone_no])->zflags;
}

/* The C of "slot (a C expression) is one of zone zone_no's" (cgen_int.h). */
const char *in_zone(Gen *G, const char *slot, int zone_no)
{
    const char *z = zone_enum(G, zone_no);
    int n = zone_nslots(G->g, G->g->zones.items[zone_no]);
    if (n > 1)
        return arena_printf(G->a, "(%s >= %s && %s < %s + %d)", slot, z, slot, z, n);
    return arena_printf(G->a, "%s == %s", slot, z);
}

/* What the index of slot (a C expression) in zone zone_no is: the seat of
 * a per-player zone's slot, the holder of a held zone's; -1 for a shared
 * zone's. */
const char *seat_in(Gen *G, const char *slot, int zone_no)
{
    if (zone_no < 0)
        return "-1";
    if (zone_flags(G, zone_no) & ZF_HELD)
        return arena_printf(G->a, "slot_holder[%s]", slot);
    if (!(zone_flags(G, zone_no) & ZF_PER_PLAYER))
        return "-1";
    return arena_printf(G->a, "%s - %s", slot, zone_enum(G, zone_no));
}

/* The zones of a card's move: the slot it enters, the slot it leaves. */
#define TO_SLOT "t->a[2]"
#define FROM_SLOT "t->a[1]"

/* The values of handler h's parameters, from its trigger t, in order: the
 * names its pattern binds, then this and me on a card. */
static void handler_values(Gen *G, const Handler *h, PtrVec *vals)
{
    const Node *pat = pattern_of(h);
    switch (h->event) {
    case EV_ENTERS:
    case EV_LEAVES: {
        vec_push(G->a, vals, (void *)"t->a[0]");
        const char *zslot = h->event == EV_ENTERS ? TO_SLOT : FROM_SLOT;
        if (h->zone_bind >= 0)
            vec_push(G->a, vals, (void *)seat_in(G, zslot, pat->zone_no));
        if (h->from_bind >= 0)
            vec_push(G->a, vals, (void *)seat_in(G, FROM_SLOT, pat->from_zone));
        break;
    }
    case EV_PLAYED:
        vec_push(G->a, vals, (void *)"t->a[0]");
        break;
    default:
        for (int i = 0; i < h->proc->nparams - (h->effect ? 4 : 2); i++)
            vec_push(G->a, vals, arena_printf(G->a, "t->a[%d]", i));
    }
    if (h->effect) {
        vec_push(G->a, vals, (void *)"t->card");
        vec_push(G->a, vals, (void *)"t->me");
    }
    vec_push(G->a, vals, (void *)"t->by");
    vec_push(G->a, vals, (void *)"t->cause");
}

/* hparams_K(V, t): handler K's parameters from its trigger. */
static void gen_handler_params(Gen *G, const Handler *h)
{
    PtrVec vals = {0};
    handler_values(G, h, &vals);
    buf_printf(G->out, "/* the values of the handler at %s:%d, from its trigger */\n"
                       "static void hparams_%d(int32_t *V, const Trigger *t)\n{\n",
               where(G, h->clause), h->clause->loc.line, h->index);
    if (vals.len == 0)
        buf_puts(G->out, "    (void)V;\n    (void)t;\n");
    for (int i = 0; i < vals.len; i++)
        buf_printf(G->out, "    V[%d] = %s;\n", i, (const char *)vals.items[i]);
    buf_puts(G->out, "}\n\n");
}

/* hmatch_K(s, t): does trigger t fire handler K? The slots of its pattern,
 * then its match func (the 'where' and the zone index tests). */
static void gen_handler_match(Gen *G, const Handler *h)
{
    const Node *pat = pattern_of(h);
    Buf *o = G->out;
    buf_printf(o, "/* the tests of the handler at %s:%d */\n"
                  "static RT_UNUSED int hmatch_%d(State *s, const Trigger *t)\n{\n    (void)s;\n",
               where(G, h->clause), h->clause->loc.line, h->index);
    const char *seat = "-1", *from = "-1";
    if (h->event == EV_ENTERS || h->event == EV_LEAVES) {
        const char *zslot = h->event == EV_ENTERS ? TO_SLOT : FROM_SLOT;
        if (pat->zone_no >= 0) {
            buf_printf(o, "    if (!(%s))\n        return 0;\n", in_zone(G, zslot, pat->zone_no));
            seat = seat_in(G, zslot, pat->zone_no);
        }
        if (pat->from && pat->from_zone >= 0) {
            buf_printf(o, "    if (!(%s))\n        return 0;\n",
                       in_zone(G, FROM_SLOT, pat->from_zone));
            from = seat_in(G, FROM_SLOT, pat->from_zone);
        }
    }
    if (h->event == EV_START || h->event == EV_END) /* which boundary: PATTERN.value */
        buf_printf(o, "    if (t->a[0] != %d)\n        return 0;\n", pat->value);
    if (!h->match) {
        buf_puts(o, "    (void)t;\n    return 1;\n}\n\n");
        return;
    }
    PtrVec vals = {0};
    handler_values(G, h, &vals);
    buf_printf(o, "    return fn_%s(s", h->match->sym->cname);
    for (int i = 0; i < vals.len; i++)
        buf_printf(o, ", %s", (const char *)vals.items[i]);
    buf_printf(o, ", %s, %s);\n}\n\n", seat, from);
}

/* Every handler's hparams and hmatch (before the raises that call them). */
static void gen_handler_tests(Gen *G)
{
    const Game *g = G->g;
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (h->event < 0)
            continue;
        gen_handler_params(G, h);
        gen_handler_match(G, h);
    }
}
