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

/* `by` (which 0) or `cause` (1): of the trigger being tested in a
 * handler's tests (G->in_match), else of the event or handler in progress. */
void gen_event_value(Gen *G, Buf *b, int which)
{
    if (G->in_match)
        buf_puts(b, which ? "t->cause" : "t->by");
    else
        buf_puts(b, which ? "ev_cause(s)" : "ev_by(s)");
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
        line(G, "int32_t a%d = %s;", i, expr_str(G, a));
        args[i] = arena_printf(G->a, "a%d", i);
    }
    gen_kind_checks(G, c, args);
    int callee = site_of(G, ev->decl);
    if (G->direct) {
        Buf b = {0};
        buf_printf(&b, "devraise_%s(s, d", ev->name);
        for (int j = 0; j < n; j++)
            buf_printf(&b, ", a%d", j);
        line(G, "%s);", b.data);
        buf_free(&b);
        G->indent--;
        line(G, "}");
        gen_stop_if_over(G);
        return;
    }
    line(G, "Frame *nf = push(s, %d, P_0_raise_%s);", callee, ev->name);
    line(G, "if (!nf)");
    line(G, "    return R_STOP;");
    for (int j = 0; j < n; j++)
        line(G, "nf->v[%d] = a%d;", j, j);
    G->indent--;
    line(G, "}");
    int pc = G->pc++;
    line(G, "f->pc = %d;", pc);
    line(G, "return R_CALL;");
    gen_resume_point(G, pc);
    gen_stop_if_over(G);
}

/* evfire_NAME(s, V): the handlers of event e that its values V (and the
 * event's by and cause, those in progress) make fire, queued in order. */
static void gen_fire_fn(Gen *G, int e, const char *fname, int nvals)
{
    const Game *g = G->g;
    buf_printf(G->out, "/* event %s: its triggers, queued in order */\n"
                       "static void %s(State *s, const int32_t *V)\n{\n", event_name(g, e), fname);
    buf_printf(G->out, "    Trigger t = {.handler = -1, .by = ev_by(s), .cause = ev_cause(s), "
                       ".card = -1, .me = -1};\n");
    buf_printf(G->out, "    for (int i = 0; i < %d; i++)\n        t.a[i] = V[i];\n", nvals);
    bool any = false;
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (h->event != e || h->effect)
            continue;
        any = true;
        buf_printf(G->out, "    t.handler = %d;\n    if (hmatch_%d(s, &t))\n"
                           "        ev_fire(s, %d, &t);\n", h->index, h->index,
                   site_of(G, h->clause));
    }
    if (!any)
        buf_puts(G->out, "    (void)t;\n");
    buf_puts(G->out, "}\n\n");
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
    buf_printf(o, "        {\n            Frame *nf = push(s, %d, P_%s);\n"
                  "            if (!nf)\n                return R_STOP;\n", at, sym_c(ev->body));
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
    buf_printf(o, "    if (ev_enter(s, %d, %d, -1, ev_by(s), ev_cause(s))) {\n"
                  "        dproc_%s(s, d%s);\n        ev_leave(s);\n    }\n"
                  "    if (!s->core.over) {\n        evfire_%s(s, V);\n"
                  "        if (ev_must_drain(s))\n            ev_ddrain(s, %d, d);\n    }\n"
                  "    s->depth--;\n}\n\n",
               at, EV_USER + ev->index, sym_c(ev->body), args.data ? args.data : "", ev->name,
               at);
    buf_free(&params);
    buf_free(&args);
}

/* The raises of the events the rules raise, and their prototypes. */
void gen_event_raises(Gen *G)
{
    const Game *g = G->g;
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
        gen_fire_fn(G, EV_USER + i, arena_printf(G->a, "evfire_%s", ev->name), ev->nparams);
        gen_raise_resumable(G, ev, at);
        gen_raise_direct(G, ev, at);
    }
}

/* ---- the handlers' side of the run loop ------------------------------------ */

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
        buf_printf(o, "    case %d: {\n        if (!ev_enter(s, %d, %d, %d, t->by, t->cause))\n"
                      "            return false;\n"
                      "        Frame *nf = push(s, %d, P_%s);\n        if (!nf)\n"
                      "            return false;\n        hparams_%d(nf->v, t);\n"
                      "        return true;\n    }\n",
                   i, at, h->event, i, at, sym_c(h->proc), i);
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
                      "        if (ev_enter(s, %d, %d, %d, t->by, t->cause)) {\n"
                      "            dproc_%s(s, d%s);\n            ev_leave(s);\n        }\n"
                      "        return;\n    }\n",
                   i, np ? np : 1, i, site_of(G, h->clause), h->event, i, sym_c(h->proc),
                   args.data ? args.data : "");
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
    buf_puts(o, "};\n\n/* The handlers: their kind, where written. */\n"
                "static const EvInfo handler_info[] = {\n");
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        buf_puts(o, "    {\"on\", ");
        c_string(o, where(G, h->clause));
        buf_printf(o, ", %d},\n", h->clause->loc.line);
    }
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
}
