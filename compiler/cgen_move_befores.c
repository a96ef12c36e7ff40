/* cgen_move_befores.c: the C of a move of one card that `instead of` or
 * `react to` clauses may run before (docs/LANGUAGE.md §8, "Before a card
 * moves"; sema_move_befores.c says where they may run).
 *
 * A `move CARD to ZONE` statement, or the move of `play CARD to ZONE`,
 * whose zones some such clause may hear runs the before-phase of a card
 * moving first: the runtime's proc P_0_before (bf_run; bf_drun in the
 * direct copy), with the event's values (the card, the slot it leaves, the
 * slot it enters) and in a context of its own (`during` a card entering:
 * what the window's questions say). The clauses cannot change the values;
 * when one cancels, the card does not move (no event is fired for it).
 * Nothing here is written for a game without such clauses. */
#include "cgen_int.h"

/* Is zone expression `to` (ZONE or ZONE[p]) heard by a clause before a
 * card moving: one before a card entering that zone, or one before a card
 * leaving a zone (where the card comes from is not known before the game)? */
bool move_before_heard(const Gen *G, const Node *to)
{
    const Game *g = G->g;
    const Node *id = to->kind == N_INDEX ? to->base : to;
    int zone = id->kind == N_IDENT && id->sym && id->sym->kind == S_ZONE ? id->sym->index : -1;
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (h->event == EV_LEAVES || (h->event == EV_ENTERS && h->clause->pattern->zone_no == zone))
            return true;
    }
    return false;
}

/* The move itself, of card `card` to slot `to` (C expressions). */
static void gen_the_move(Gen *G, const char *card, const char *to, const char *pos, bool heard)
{
    if (heard)
        gen_move_heard(G, card, to, pos);
    else
        line(G, "mv(s, %d, %s, %s, %s);", site(G), card, to, pos);
}

/* The resumable copy: the before-phase in a frame above (resume point),
 * then the move unless it was cancelled (s->ret); the values are back in
 * s->bret. */
static void gen_resumable(Gen *G, const char *card, const char *to, const char *pos, bool heard)
{
    int pc = G->pc++;
    line(G, "{ /* the clauses before a card moving (bf_run) */");
    line(G, "    int32_t mb_c = %s, mb_to = %s;", card, to);
    line(G, "    if (s->core.over || !ev_enter(s, %d, %d, -1, ev_by(s), ev_cause(s)))", site(G),
         EV_ENTERS);
    line(G, "        return R_STOP;");
    line(G, "    Frame *nf = push(s, %d, P_0_before);", site(G));
    line(G, "    if (!nf)");
    line(G, "        return R_STOP;");
    line(G, "    nf->v[0] = mb_c;");
    line(G, "    nf->v[1] = (unsigned)mb_c < NINSTANCES ? s->slot_of[mb_c] : -1;");
    line(G, "    nf->v[2] = mb_to;");
    line(G, "    nf->v[NEVARGS + BF_EV] = %d;", before_move_index(G->g));
    line(G, "    f->pc = %d;", pc);
    line(G, "    return R_CALL;");
    line(G, "}");
    gen_resume_point(G, pc);
    line(G, "ev_leave(s);");
    line(G, "if (s->core.over)");
    line(G, "    return R_STOP;");
    line(G, "if (!s->ret) {");
    G->indent++;
    gen_the_move(G, "s->bret[0]", "s->bret[2]", pos, heard);
    G->indent--;
    line(G, "}");
}

/* The direct copy: bf_drun, then the move unless it was cancelled. */
static void gen_direct(Gen *G, const char *card, const char *to, const char *pos, bool heard)
{
    line(G, "{ /* the clauses before a card moving (bf_drun) */");
    G->indent++;
    line(G, "int32_t mb_v[NEVARGS] = {0};");
    line(G, "bool mb_cancel = false;");
    line(G, "mb_v[0] = %s;", card);
    line(G, "mb_v[2] = %s;", to);
    line(G, "mb_v[1] = (unsigned)mb_v[0] < NINSTANCES ? s->slot_of[mb_v[0]] : -1;");
    line(G, "if (!s->core.over && ev_enter(s, %d, %d, -1, ev_by(s), ev_cause(s))) {", site(G),
         EV_ENTERS);
    line(G, "    mb_cancel = bf_drun(s, d, %d, mb_v);", before_move_index(G->g));
    line(G, "    ev_leave(s);");
    line(G, "}");
    line(G, "if (s->core.over)");
    line(G, "    return %s;", stop_value(G));
    line(G, "if (!mb_cancel) {");
    G->indent++;
    gen_the_move(G, "mb_v[0]", "mb_v[2]", pos, heard);
    G->indent--;
    line(G, "}");
    G->indent--;
    line(G, "}");
}

/* A move of card `card` to slot `to` (C expressions; pos its position)
 * that clauses before a card moving may hear: their before-phase, then
 * the move (gen_move_heard when `on` handlers hear it) unless cancelled. */
void gen_move_before(Gen *G, const char *card, const char *to, const char *pos, bool heard)
{
    if (G->direct)
        gen_direct(G, card, to, pos, heard);
    else
        gen_resumable(G, card, to, pos, heard);
}

/* In the helper of a `move all` (n) whose cards clauses before a card
 * moving may hear: before the cards move, each one's `instead of` clauses
 * (bf_bulk; cardc allows there only clauses that cannot wait), and the
 * cards whose move is cancelled taken out of pick[] (and froms[], the
 * slots they leave, when the helper keeps them: `froms` names it or is
 * "NULL"); with one_slot (the cards leave one slot, in its order), the
 * cards left put back in that slot's order, which a clause may have
 * changed (a sort, a shuffle: bf_bulk_reorder). "" where none may hear
 * them. */
const char *bulk_befores(Gen *G, const Node *n, const char *froms, bool one_slot)
{
    if (!move_before_heard(G, n->to))
        return "";
    return arena_printf(G->a, "    n = bf_bulk(s, %d, pick, n, to, %s);\n%s",
                        before_move_index(G->g), froms,
                        one_slot ? "    bf_bulk_reorder(s, pick, n);\n" : "");
}

/* The cards chosen by `choose cards ... into` (`to` a C expression) where
 * clauses before a card moving may hear them: each card's `instead of`
 * clauses (bf_bulk, as a `move all`), then the cards not cancelled moved
 * (take_set's moves), then, where `on` handlers hear them (heard), each
 * one's triggers and the drain (as gen_take_set_heard). */
void gen_take_set_before(Gen *G, const char *to, bool heard)
{
    line(G, "{ /* the clauses before each card moving (bf_bulk) */");
    line(G, "    int32_t ts_to = %s;", to);
    line(G, "    uint16_t *ts_pick = s->sset, *ts_from = s->sfrom;");
    line(G, "    int ts_n = bf_bulk(s, %d, ts_pick, s->nsset, ts_to, NULL);",
         before_move_index(G->g));
    line(G, "    for (int i = 0; i < ts_n; i++)");
    line(G, "        ts_from[i] = s->slot_of[ts_pick[i]];");
    if (G->g->nheld) { /* none moves if one would go under itself */
        line(G, "    if (!held_ok(s, %d, ts_pick, ts_n, ts_to))", site(G));
        line(G, "        ts_n = 0;");
    }
    gen_drops(G, "    s->dropping = 1;");
    line(G, "    for (int i = 0; i < ts_n && !s->core.over; i++)");
    line(G, "        mv_card(s, ts_pick[i], ts_to, -1);");
    gen_drops(G, "    s->dropping = 0;");
    if (heard) {
        line(G, "    for (int i = 0; i < ts_n && !s->core.over; i++) {");
        line(G, "        int32_t ts_v[3] = {ts_pick[i], ts_from[i], ts_to};");
        line(G, "        evfire_0_move(s, ts_v);");
        line(G, "    }");
    }
    gen_drops(G, "    holders_drop(s);");
    line(G, "    (void)ts_from;");
    line(G, "}");
    if (heard)
        gen_event_drain(G);
}
