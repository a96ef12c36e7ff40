/* sema_history.c: what the rules ask of the past: how often an event of
 * the rules happened, for a card or a player, in the game or in the unit
 * of time in progress.
 *
 *   count(EVENT(ARGS) [, UNIT])    the times EVENT happened
 *   any(EVENT(ARGS) [, UNIT])      whether it happened
 *
 * ARGS gives one of the event's arguments, a card or a player, and '_'
 * for each of the others (or '_' for all). The state keeps a counter per
 * card or per player (or one) for each such question the rules ask, and
 * nothing for an event no question names (History, Game.histories). The
 * query is made a HISTORY node here, whose one child is the argument
 * named. */
#include "sema_int.h"

#include <string.h>

static bool is_wildcard(const Node *a)
{
    return a->kind == N_IDENT && !strcmp(a->name, "_");
}

/* Does call n (count or any) ask about an event of the rules? */
bool asks_history(Sema *s, const Node *n)
{
    const Node *a = n->args;
    if (!a || a->kind != N_CALL)
        return false;
    const Sym *ev = game_callee(s, a->name);
    return ev && ev->kind == S_EVENT;
}

/* The argument ARGS names (its index into *at), or NULL for none; each
 * other must be '_'. Reported: a second argument named, a wrong count. */
static Node *named_argument(Sema *s, Node *q, const Sym *ev, int *at)
{
    int k = 0;
    Node *named = NULL;
    *at = -1;
    for (Node *a = q->args; a; a = a->next, k++) {
        if (is_wildcard(a))
            continue;
        if (named) {
            diag_error(s->diags, a->loc, "a history is kept for one argument of '%s': write "
                                         "'_' for each of the others", ev->name);
            continue;
        }
        named = a;
        *at = k;
    }
    if (k != ev->nparams)
        diag_error(s->diags, q->loc, "'%s' takes %d argument%s: name one, and '_' for each "
                                     "other, given %d", ev->name, ev->nparams,
                   ev->nparams == 1 ? "" : "s", k);
    return named;
}

/* The argument named: a card or a player, of the parameter's type. */
static bool check_named(Sema *s, Node *named, const Sym *ev, int at)
{
    Type want = at < ev->nparams && at < 8 ? ev->params[at] : T_UNKNOWN;
    Type got = check_expr(s, named);
    if (want != T_CARD && want != T_PLAYER && want != T_UNKNOWN) {
        diag_error(s->diags, named->loc, "argument %d of '%s' is %s: a history is kept for a "
                                         "card or a player (write '_' here)", at + 1, ev->name,
                   type_name(want));
        return false;
    }
    char ctx[160];
    snprintf(ctx, sizeof ctx, "argument %d of '%s'", at + 1, ev->name);
    expect_type(s, named, want, got, ctx);
    return true;
}

/* The unit of `, UNIT` (turn, round or a phase), or -1: the whole game. */
static int history_unit(Sema *s, const Node *u)
{
    if (!u)
        return -1;
    if (u->kind != N_IDENT) {
        diag_error(s->diags, u->loc, "after the event, name a unit of time: 'turn', 'round' "
                                     "or a phase (the one in progress)");
        return -1;
    }
    if (u->next)
        diag_error(s->diags, u->next->loc, "a history takes the event and a unit of time, "
                                           "nothing more");
    int unit = time_unit(s, u->loc, u->name);
    if (unit >= 0)
        s->g->uses_time = true;
    return unit;
}

/* The History of (ev, at, unit), added if no question asked it before. */
static int history_no(Sema *s, const Sym *ev, int at, Type t, int unit)
{
    for (int i = 0; i < s->g->histories.len; i++) {
        const History *h = s->g->histories.items[i];
        if (h->event == ev && h->arg == at && h->unit == unit)
            return i;
    }
    History *h = arena_alloc(s->arena, sizeof *h);
    h->event = ev;
    h->arg = at;
    h->unit = unit;
    h->per = at < 0 ? HIST_ONE : t == T_PLAYER ? HIST_PER_PLAYER : HIST_PER_CARD;
    vec_push(s->arena, &s->g->histories, h);
    return s->g->histories.len - 1;
}

/* expr: count(EVENT(ARGS) [, UNIT]) | any(EVENT(ARGS) [, UNIT]): made a
 * HISTORY node. */
Type check_history(Sema *s, Node *n, int builtin)
{
    Node *q = n->args;
    const Sym *ev = game_callee(s, q->name);
    int unit = history_unit(s, q->next);
    int at;
    Node *named = named_argument(s, q, ev, &at);
    Type t = T_UNKNOWN;
    if (named && check_named(s, named, ev, at))
        t = ev->params[at];
    if (named)
        named->next = NULL;
    n->kind = N_HISTORY;
    n->builtin = builtin;
    n->sym = (Sym *)ev;
    n->args = named;
    n->history_no = history_no(s, ev, named ? at : -1, t, unit);
    return n->type = builtin == B_COUNT ? T_INT : T_BOOL;
}
