/* sema_events.c: checking events and what raises them.
 *
 * `event NAME(PARAMS) { BODY }` declares an event: a call of it, a
 * statement, runs its body and then fires the handlers that listen to it
 * (docs/LANGUAGE.md, "Events and triggers"). The event is a name of its
 * own (S_EVENT, in Game.events); its body is a proc of the same name, so
 * that it is checked, reached and emitted as every proc is. A parameter
 * may be typed by a card type ('loc: location'): it holds a card, and a
 * card of another type is refused where the kinds analysis proves it
 * (sema_kinds.c), a fault at run time otherwise.
 *
 * Inside an event's body, `by` (the player acting) and `cause` (the card
 * whose effect raised the event) are names of the event in progress
 * (S_EVVAL); a handler has them as parameters (sema_handlers.c). */
#include "sema_int.h"

#include <string.h>

/* A parameter of an event typed by an attribute (`s: suit`): it holds
 * that attribute's values (type T_VALUE, attr its index). One typed by a
 * card type (`loc: location`) is a card: check_param_types, which reports
 * a name that is neither. */
static void event_value_param(Sema *s, Node *p)
{
    p->attr = -1;
    if (!p->how || cards_find_type(s->cs, p->how->name))
        return;
    if (strcmp(p->how->name, "name") && !cards_find_attr(s->cs, p->how->name)) {
        p->type = T_UNKNOWN; /* check_param_types reports it; nothing follows */
        return;
    }
    p->type = named_type(s, p->how, &p->attr);
    s->g->words = true; /* its window names the value by its word */
}

/* decl: 'event' IDENT '(' params ')' block (the first pass): the event's
 * name, and the proc of its body. */
void declare_event(Sema *s, Node *n)
{
    Sym *ev = enter_global(s, n, S_EVENT, T_VOID);
    if (!ev)
        return;
    int k = 0;
    for (Node *p = n->params; p; p = p->next, k++) {
        event_value_param(s, p);
        if (k < 8)
            ev->params[k] = p->type;
    }
    if (k > 8)
        diag_error(s->diags, n->loc, "'%s' has %d parameters (limit max_params = 8)", n->name, k);
    ev->nparams = k;
    ev->index = s->g->events.len;
    vec_push(s->arena, &s->g->events, ev);
    n->sym = ev;
    Node *decl = node_new(s->arena, N_PROCDECL, n->loc);
    decl->name = n->name;
    decl->params = n->params;
    decl->type = T_VOID;
    decl->body = n->body;
    decl->asks = n->asks; /* checked in the scope of its parameters */
    decl->declines = n->declines;
    Sym *body = arena_alloc(s->arena, sizeof *body);
    *body = *ev;
    body->kind = S_PROC;
    body->decl = decl;
    body->index = s->g->procs.len;
    vec_push(s->arena, &s->g->procs, body);
    ev->body = body;
}

/* decl: LIMIT IDENT NUMBER with 'triggers' */
void declare_limit_triggers(Sema *s, Node *n)
{
    if (n->limit < 1 || n->limit > MAX_TRIGGERS_LIMIT)
        diag_error(s->diags, n->loc, "limit triggers %lld: give a number from 1 to %d",
                   n->limit, MAX_TRIGGERS_LIMIT);
    else
        s->g->max_triggers = n->limit;
}

/* The card type of each parameter typed by one ('loc: location'):
 * PARAM.value, its index. */
static void check_param_types(Sema *s, Node *params)
{
    for (Node *p = params; p; p = p->next) {
        p->value = -1;
        if (!p->how || p->type == T_VALUE || p->type == T_NAME ||
            cards_find_attr(s->cs, p->how->name))
            continue; /* none, or values or names (event_value_param) */
        TypeDef *t = cards_find_type(s->cs, p->how->name);
        if (t) {
            p->value = t->index;
            continue;
        }
        const char **names = name_list(s, s->cs->ntypes + 4 + s->cs->nattrs);
        int n = 0;
        for (int i = 0; i < s->cs->ntypes; i++)
            names[n++] = s->cs->types[i]->name;
        names[n++] = "int";
        names[n++] = "bool";
        names[n++] = "player";
        names[n++] = "card";
        for (int i = 0; i < s->cs->nattrs; i++)
            names[n++] = s->cs->attrs[i]->name;
        error_unknown(s, p->how->loc, "parameter type", p->how->name, names, n);
    }
}

/* The names `by` and `cause`, in the scope of an event's body or of a
 * handler: what the event in progress carries. They take no frame slot
 * (the code reads them from the event in progress). */
void scope_event_values(Sema *s)
{
    static const char *const names[] = {"by", "cause"};
    static const Type types[] = {T_PLAYER, T_CARD};
    for (int i = 0; i < 2; i++) {
        Sym *v = new_local(s, names[i], types[i], s->fn->decl, S_EVVAL);
        s->nlocals--;
        v->index = i;
        v->used = true;
    }
}

/* An event's body (the second pass): a proc whose scope has `by` and
 * `cause` too. */
void check_event(Sema *s, Sym *ev)
{
    check_param_types(s, ev->decl->params);
    s->event_scope = true;
    sema_check_fn(s, ev->body);
    s->event_scope = false;
    ev->decl->nlocals = ev->body->decl->nlocals;
}

/* The attribute of parameter i of event ev (of type T_VALUE). */
int event_param_attr(const Sym *ev, int i)
{
    const Node *p = ev->decl->params;
    for (; p && i > 0; i--)
        p = p->next;
    return p ? p->attr : -1;
}

/* stmt: IDENT '(' args ')' naming an event: raising it is a statement of
 * a proc; it gives no value. */
Type check_call_event(Sema *s, Node *n, Sym *ev, bool stmt)
{
    int nargs = 0;
    for (Node *a = n->args; a; a = a->next)
        nargs++;
    ev->used = true;
    n->sym = ev;
    if (!stmt)
        diag_error(s->diags, n->loc, "event '%s' is raised by a statement ('%s(...)'): it "
                                     "gives no value", n->name, n->name);
    else if (!s->in_proc)
        diag_error(s->diags, n->loc, "a func cannot raise event '%s' (events move cards and "
                                     "ask players)", n->name);
    if (nargs != ev->nparams)
        diag_error(s->diags, n->loc, "'%s' takes %d argument%s, given %d", n->name,
                   ev->nparams, ev->nparams == 1 ? "" : "s", nargs);
    int i = 0;
    for (Node *a = n->args; a; a = a->next, i++) {
        if (a->kind == N_SOURCE) {
            diag_error(s->diags, a->loc, "'%s' takes values, not a filtered zone", n->name);
            continue;
        }
        Type want = i < ev->nparams && i < 8 ? ev->params[i] : T_UNKNOWN;
        int attr = want == T_VALUE ? event_param_attr(ev, i) : -1;
        Type t = check_expr_as(s, a, want, attr);
        if (i < ev->nparams && i < 8) {
            char ctx[160];
            snprintf(ctx, sizeof ctx, "argument %d of '%s'", i + 1, n->name);
            expect_value(s, a, want, attr, t, ctx);
        }
    }
    return n->type = stmt ? T_VOID : T_UNKNOWN; /* a misuse reported once */
}

/* ---- what the State holds for events ---------------------------------------- */

bool game_has_events(const Game *g)
{
    return g->events.len > 0 || g->handlers.len > 0 || g->befores.len > 0;
}

/* The values a Trigger carries at most: a user event's arguments; a card
 * moving carries the card and the slots it leaves and enters. */
int events_nargs(const Game *g)
{
    int n = 1;
    for (int i = 0; i < g->events.len; i++) {
        const Sym *ev = g->events.items[i];
        if (ev->nparams > n)
            n = ev->nparams;
    }
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if ((h->event == EV_ENTERS || h->event == EV_LEAVES) && n < 3)
            n = 3;
    }
    for (int i = 0; i < g->befores.len; i++) /* before a card moving: the same */
        if (before_move_clause(g->befores.items[i]) && n < 3)
            n = 3;
    return n;
}

/* Do cards have `on` clauses (GAME_HAS_CARD_TRIGGERS)? */
bool card_handlers(const Game *g)
{
    for (int i = 0; i < g->handlers.len; i++)
        if (((const Handler *)g->handlers.items[i])->effect)
            return true;
    for (int i = 0; i < g->befores.len; i++) /* instead, react: sema_reactions.c */
        if (((const Handler *)g->befores.items[i])->effect)
            return true;
    return false;
}

/* The 32-bit members of the State's events' part (runtime/rt_game.h):
 * tq_head, tq_len, tfired, draining, nctx; ctx[MAXDEPTH] of 4 each;
 * tq[GAME_MAX_TRIGGERS] of 5 and NEVARGS each; with cards' `on` clauses,
 * clock and entered[NINSTANCES]; where players choose the order of their
 * triggers, tgroups and a group per trigger. 0 without events. */
long long events_state_words(const Game *g)
{
    if (!game_has_events(g))
        return 0;
    /* each context: event, handler, by, cause, and the players immune */
    long long per_ctx = g->immunes.len > 0 ? 5 : 4;
    long long n = 5 + per_ctx * g->max_depth + g->max_triggers * (5 + events_nargs(g));
    if (card_handlers(g))
        n += 1 + g->cs->instances;
    if (trigger_order(g))
        n += 1 + g->max_triggers;
    return n;
}

/* The event whose body proc f is (named as the event), or NULL. */
const Sym *event_of_body(Sema *s, const Sym *f)
{
    const Sym *ev = f ? strmap_get(&s->globals, f->name) : NULL;
    return ev && ev->kind == S_EVENT && ev->body == f ? ev : NULL;
}
