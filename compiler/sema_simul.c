/* sema_simul.c: simultaneous choices (LANGUAGE.md §7, "Simultaneous
 * choices"):
 *
 *   for q in players simultaneously {
 *       let c = choose card q "Keep which card?" from hand[q]
 *       move c to kept[q]
 *   }
 *
 * The body's first statement is a choice of the loop's player, which is
 * asked of every seat, in seat order, before the rest of the body runs
 * for any (cgen.c, gen_simul_for; rt_game.h, "simultaneous choices").
 * Here: the shape that makes this sound, each misuse with its position.
 * A choice that gives a value may come first (`choose card`, `choose
 * player`, `ask`, a choice of a value: a number of lo..hi, an attribute's
 * value, a card name), or a menu, whose option's block runs with the
 * rest; a `choose cards` would move its cards at once, before the other
 * seats have answered. */
#include "sema_int.h"

#include <string.h>

/* Is n a choice a simultaneous loop may open with: a decision that
 * gives a value and does nothing else? */
static bool value_choice(const Node *n)
{
    return n && (n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER || n->kind == N_ASK ||
                 n->kind == N_CHOOSEVALUE);
}

/* Is n `X = CHOICE` (or `+=`, `-=`): a value choice whose answer would
 * be written where it is kept, at once? */
static bool assigned_choice(const Node *n)
{
    return n && n->kind == N_ASSIGN && value_choice(n->rhs);
}

/* Why the first statement `first` of a simultaneous loop is no choice it
 * may open with, for the message: "" when nothing more is to be said. */
static const char *why_not_choice(const Node *first)
{
    if (first && first->kind == N_CHOOSECARDS)
        return " ('choose cards' would move the cards before the others have chosen)";
    if (assigned_choice(first))
        return " (an answer is kept sealed in a local until every player has chosen: "
               "'let x = CHOICE', then give x where it goes)";
    return "";
}

/* The decision that the first statement of a simultaneous loop is, or
 * NULL: `let x = CHOICE`, or a menu. */
static const Node *simul_decision(const Node *first)
{
    if (first && first->kind == N_LET && value_choice(first->init))
        return first->init;
    return first && first->kind == N_MENU ? first : NULL;
}

/* The first statement of the body of loop n, a simultaneous loop over
 * the players with element `q`: `let x = CHOICE` or a menu, decided by q
 * itself. */
static void check_simul_choice(Sema *s, const Node *n, const char *q)
{
    const Node *first = n->body->stmts;
    const Node *c = simul_decision(first);
    if (!c) {
        diag_error(s->diags, first ? first->loc : n->loc,
                   "a simultaneous loop opens with each player's choice: 'let x = choose "
                   "card %s ...', 'choose player %s ...', 'ask %s ...', a value 'choose %s "
                   "\"...\" from ...' or a menu 'choose %s \"...\" { ... }'%s", q, q, q, q, q,
                   why_not_choice(first));
        return;
    }
    if (c->who->kind != N_IDENT || strcmp(c->who->name, q))
        diag_error(s->diags, c->who->loc, "the choice of a simultaneous loop is made by its "
                                          "player, '%s'", q);
    if (c->announced)
        diag_error(s->diags, c->loc, "a simultaneous choice is sealed until every player has "
                                     "chosen: it cannot be 'public'%s",
                   c->kind == N_CHOOSEVALUE ? " (the values chosen are revealed together, "
                                              "named, once all are in)"
                                            : "");
}

/* stmt: FOR IDENT IN src IDENT block, the word `simultaneously`: a loop
 * over every player, in a proc, opening with its player's choice. */
void check_simul_for(Sema *s, const Node *n)
{
    const Node *src = n->iter;
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "'simultaneously' needs a proc: a func asks no player");
    if (src->src_kind != SRC_PLAYERS || src->filter) {
        diag_error(s->diags, src->loc, "a simultaneous loop asks every player: write 'for %s "
                                       "in players simultaneously'", n->name);
        return;
    }
    check_simul_choice(s, n, n->name);
    s->g->uses_simul = true;
}
