/* sema_choice_owners.c: one choice of a card across several players'
 * zones, `choose card P "..." for q in players where COND from t in
 * tasks[q] [where ...]` (LANGUAGE.md §7, "A card of any player's zone").
 *
 * The players walked are a source of players whose element q is in scope
 * in the card source, which must be the zone of that player, ZONE[q]: the
 * options are the cards of each such zone, labelled with whose zone it is
 * (the emitter, gen_option_helper, and add_card_of in rt_game.h). What
 * the decider may see is checked as for `from tasks[q]`: an `owner` zone
 * of a player who is not the decider is refused (check_visible). */
#include "sema_int.h"

/* The players of the choice: `for q in players [where COND]`, q declared
 * in the scope the caller opened (and closes after the card source). */
void check_choice_owners(Sema *s, Node *n)
{
    Node *e = n->each;
    if (e->in->kind != N_PLAYERSREF)
        diag_error(s->diags, e->in->loc, "a choice of a card across players' zones walks the "
                                         "players: 'for q in players [where ...]'");
    if (!e->name)
        diag_error(s->diags, e->loc, "name the player whose zone the cards come from: "
                                     "'for q in players'");
    Sym *q = declare_local(s, e, e->name ? e->name : "0owner", T_PLAYER, S_LOCAL);
    e->slot = q->index;
    e->sym = q;
    e->type = T_PLAYER;
    e->src_kind = SRC_PLAYERS;
    if (e->filter)
        expect_type(s, e->filter, T_BOOL, check_expr(s, e->filter), "a 'where' condition");
}

/* The card source of such a choice is the zone of its player, ZONE[q]. */
void check_owners_zone(Sema *s, const Node *n)
{
    const Node *src = n->src, *z = src->in;
    if (src->type == T_UNKNOWN || src->type != T_CARD)
        return; /* said already: 'choose card' needs a zone */
    bool of_q = src->src_kind == SRC_ZONE && z->kind == N_INDEX && z->index &&
                z->index->kind == N_IDENT && z->index->sym && z->index->sym == n->each->sym;
    const char *q = n->each->name ? n->each->name : "q";
    if (!of_q)
        diag_error(s->diags, z->loc, "a choice across players' zones takes its cards from the "
                                     "zone of the player it walks: 'for %s in players from "
                                     "ZONE[%s]'", q, q);
}
