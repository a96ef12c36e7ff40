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
 * itself: not in a proc it calls, which may be called from anywhere. */
void check_cancel(Sema *s, Node *n)
{
    const Node *c = s->clause;
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
