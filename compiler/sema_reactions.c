/* sema_reactions.c: checking what runs before an event: `instead of` and
 * `react to` clauses, and the `cancel` statement that only they may use.
 *
 * An `instead of` clause runs before its event, automatically; a `react
 * to` clause is offered to its card's player in a reaction window before
 * its event. Either may `cancel` the event: the event's own body does not
 * run and nothing listening with `on` hears of it. Everything else runs
 * once an event has happened (or has nothing to do with one), and cannot
 * cancel it. */
#include "sema_int.h"

/* Does a clause of kind k run before its event, so that it may cancel it? */
static bool runs_before(ClauseKind k)
{
    return k == CLAUSE_INSTEAD || k == CLAUSE_REACT;
}

/* stmt: CANCEL. Only in the body of an `instead of` or `react to` clause
 * itself: not in a proc it calls, which may be called from anywhere, nor
 * in an `at` block, which runs later, once the event is over. */
void check_cancel(Sema *s, Node *n)
{
    const Node *c = s->clause;
    if (c && runs_before(c->clause_kind) && s->in_delayed) {
        diag_error(s->diags, n->loc, "'cancel' in an 'at' block: the block runs later, once "
                                     "the event is over; cancel it before the block");
        return;
    }
    if (c && runs_before(c->clause_kind))
        return;
    if (c)
        diag_error(s->diags, n->loc, "'cancel' in this '%s' clause: only an 'instead of' or a "
                                     "'react to' clause, which runs before its event, can "
                                     "cancel it", clause_kind_name(c->clause_kind));
    else
        diag_error(s->diags, n->loc, "'cancel' outside an 'instead of' or 'react to' clause: "
                                     "it cancels the event such a clause runs before");
}

/* ---- what a reaction's guard may read ----
 *
 * A react clause's 'where' decides whether its card is offered to its
 * player, so the offer tells that player what the guard read. The guard
 * may read what its player (`me`) may see: public zones, and zones each
 * player owns when it is `me`'s; of every other zone only its size, which
 * every view shows (size(Z), count(Z) and any(Z) with no filter). The funcs
 * it calls are read too, knowing which of their parameters hold `me`. */

typedef struct SeeWalk {
    Sema *s;
    const Node *guard_call; /* in a func: the call in the guard that led there */
    unsigned me_params;     /* bit i: parameter i (its slot) holds me */
    int depth;              /* funcs entered */
    const Node *found;      /* the first zone read that me may not see */
    const Node *found_at;   /* ... and the guard's node that leads to it */
} SeeWalk;

enum { SEE_MAX_DEPTH = 16 };

static void see_walk(SeeWalk *w, const Node *n);

/* Is n `me`, or a parameter that holds it? */
static bool is_me(const SeeWalk *w, const Node *n)
{
    return n && n->kind == N_IDENT && n->sym && n->sym->kind == S_PARAM &&
           n->sym->index >= 0 && n->sym->index < 32 && ((w->me_params >> n->sym->index) & 1);
}

/* The zone declaration n names (a zone, or a per-player zone indexed), or
 * NULL if n is no zone. */
static const Node *zone_of(const Node *n)
{
    const Node *id = n && n->kind == N_INDEX ? n->base : n;
    if (!id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return NULL;
    return id->sym->decl;
}

/* May me see the cards of zone reference n? */
static bool me_sees(const SeeWalk *w, const Node *n)
{
    const Node *z = zone_of(n);
    if (z->vis == VIS_PUBLIC)
        return true;
    return z->vis == VIS_OWNER && n->kind == N_INDEX && is_me(w, n->index);
}

/* Only the size of the zone of call n is read: size(Z), and count(Z) or
 * any(Z) without a filter. */
static const Node *size_only(const Node *n)
{
    if (n->kind != N_CALL || n->sym || !n->args)
        return NULL;
    const Node *a = n->args;
    if (a->kind == N_SOURCE && a->src_kind == SRC_ZONE && !a->filter)
        a = a->in;
    if (!zone_of(a))
        return NULL;
    bool sized = n->builtin == B_SIZE || n->builtin == B_COUNT || n->builtin == B_ANY;
    return sized ? a : NULL;
}

static void see_list(SeeWalk *w, const Node *n)
{
    for (; n && !w->found; n = n->next)
        see_walk(w, n);
}

/* A call of a func: its arguments, then its body, knowing which of its
 * parameters hold me. */
static void see_func(SeeWalk *w, const Node *call)
{
    see_list(w, call->args);
    const Node *d = call->sym->decl;
    if (w->found || w->depth >= SEE_MAX_DEPTH)
        return;
    SeeWalk inner = *w;
    inner.me_params = 0;
    int i = 0;
    for (const Node *a = call->args; a && i < 32; a = a->next, i++)
        if (is_me(w, a))
            inner.me_params |= 1u << i;
    inner.depth++;
    if (!inner.guard_call)
        inner.guard_call = call;
    see_walk(&inner, d->expr_body);
    see_walk(&inner, d->body);
    w->found = inner.found;
    w->found_at = inner.found_at;
}

static void see_walk(SeeWalk *w, const Node *n)
{
    if (!n || w->found)
        return;
    const Node *sized = size_only(n);
    if (sized) {
        if (sized->kind == N_INDEX)
            see_walk(w, sized->index);
        return;
    }
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC) {
        see_func(w, n);
        return;
    }
    if (zone_of(n) && (n->kind == N_INDEX || n->kind == N_IDENT) && !me_sees(w, n)) {
        w->found = n;
        w->found_at = w->guard_call ? w->guard_call : n;
        return;
    }
    for (int i = 0; i < NKIDS; i++)
        see_list(w, n->kid[i]);
}

/* The guard of a react clause reads only what its player may see; me_param
 * is the slot of `me` among the clause's parameters. */
void check_react_guard_visible(Sema *s, const Node *guard, int me_param)
{
    SeeWalk w = {.s = s, .me_params = 1u << me_param};
    see_walk(&w, guard);
    if (!w.found)
        return;
    const Node *z = zone_of(w.found);
    const char *whose = z->vis == VIS_HIDDEN ? ", which is hidden from every player"
                        : z->vis == VIS_OWNER ? " of a player who may not be 'me' (only its "
                                                "owner sees it)"
                                              : "";
    diag_error(s->diags, w.found_at->loc, "the 'where' of a reaction reads the cards of '%s'%s: "
                                          "whether the card is offered would show them to its "
                                          "player (sizes are public: size(...) may be read)",
               z->name, whose);
    if (w.found_at != w.found)
        diag_note(s->diags, w.found->loc, "'%s' is read here", z->name);
}
