/* sema_ends.c: how a game ends for each player.
 *
 * `winners: lowest score, ...` says which way the score and the
 * tie-break rank the players (the highest by default): declare_winners
 * reads it, check_winners (once score and tiebreak are bound) refuses
 * the ranking of a func the rules do not have. The runtime ranks the
 * players with it in finish() (GAME_SCORE_LOWEST, GAME_TIEBREAK_LOWEST,
 * runtime/rt_game.h). */
#include "sema_int.h"

#include <string.h>

/* One ranking of a `winners:` list: `lowest score`. */
static void declare_win_order(Sema *s, Node *o)
{
    Game *g = s->g;
    const char *what = o->word->name;
    int m = !strcmp(what, "score") ? 0 : !strcmp(what, "tiebreak") ? 1 : -1;
    bool lowest = !strcmp(o->name, "lowest");
    if (!lowest && strcmp(o->name, "highest")) {
        diag_error(s->diags, o->loc, "players are ranked by the 'lowest' or the 'highest' "
                                     "%s, not the '%s'", m >= 0 ? what : "score", o->name);
        return;
    }
    if (m < 0) {
        diag_error(s->diags, o->word->loc, "'winners:' ranks the 'score' or the 'tiebreak', "
                                           "not '%s'", what);
        return;
    }
    if (g->win_order[m]) {
        diag_error(s->diags, o->loc, "the %s is ranked twice (first as '%s %s')", what,
                   g->win_order[m]->name, what);
        return;
    }
    g->win_order[m] = o;
    g->lowest[m] = lowest;
}

/* `agents: highest F`: the func F (bound by check_agents) the search
 * agents maximise, or minimise with `lowest`. */
static void declare_agents(Sema *s, Node *n)
{
    Game *g = s->g;
    if (g->agents_decl) {
        diag_error(s->diags, n->loc, "'agents:' is given twice (first at line %d)",
                   g->agents_decl->loc.line);
        return;
    }
    g->agents_decl = n;
    const Node *o = n->items;
    if (o->next)
        diag_error(s->diags, o->next->loc, "'agents:' names one func, 'highest F' or "
                                           "'lowest F'");
    g->agents_lowest = !strcmp(o->name, "lowest");
    if (!g->agents_lowest && strcmp(o->name, "highest"))
        diag_error(s->diags, o->loc, "the agents play for the 'lowest' or the 'highest' "
                                     "'%s', not the '%s'", o->word->name, o->name);
}

/* The func of `agents:`: 'func F(p: player): int' of the rules. */
void check_agents(Sema *s)
{
    Game *g = s->g;
    if (!g->agents_decl)
        return;
    const Node *w = g->agents_decl->items->word;
    Sym *f = strmap_get(&s->globals, w->name);
    if (!f) {
        diag_error(s->diags, w->loc, "the rules have no 'func %s(p: player): int' for the "
                   "agents to play for", w->name);
        return;
    }
    if (f->kind != S_FUNC || f->type != T_INT || f->nparams != 1 ||
        f->params[0] != T_PLAYER) {
        diag_error(s->diags, w->loc, "the agents play for a 'func %s(p: player): int' (a "
                   "number per player), not the '%s' of line %d", w->name, w->name,
                   f->decl->loc.line);
        return;
    }
    f->used = true;
    g->agents_fn = f;
}

/* decl: IDENT ':' win_orders ('winners: lowest score, highest tiebreak') */
void declare_winners(Sema *s, Node *n)
{
    if (n->name && !strcmp(n->name, "agents")) {
        declare_agents(s, n);
        return;
    }
    if (s->g->winners_decl) {
        diag_error(s->diags, n->loc, "'winners:' is given twice (first at line %d)",
                   s->g->winners_decl->loc.line);
        return;
    }
    s->g->winners_decl = n;
    for (Node *o = n->items; o; o = o->next)
        declare_win_order(s, o);
}

/* A ranking of a func the rules lack ranks nothing: every player has 0. */
void check_winners(Sema *s)
{
    const Game *g = s->g;
    const Sym *fn[2] = {g->score, g->tiebreak};
    static const char *const names[2] = {"score", "tiebreak"};
    for (int m = 0; m < 2; m++)
        if (g->win_order[m] && !fn[m])
            diag_error(s->diags, g->win_order[m]->loc, "'%s %s' ranks nothing: the rules have "
                       "no 'func %s(p: player): int', so every player's %s is 0",
                       g->win_order[m]->name, names[m], names[m], names[m]);
}
