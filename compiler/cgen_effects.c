/* cgen_effects.c: the C of playing cards.
 *
 * A card's effect is compiled into procs and funcs (sema_effects.c): its
 * play clause into a proc of (me, this), with a resumable and a direct
 * copy as every proc has, its 'when' into a func of (me, this). Which of
 * them a 'play' runs depends on the card, known at run time only, so the
 * game gets a dispatch by the card's kind, written after the prototypes:
 *   play_ok(s, p, c)     the card is one, and its guard holds for player
 *                        p (playable(c, p) is this);
 *   play_proc[k]         the proc of kind k's play clause, or -1: what the
 *                        resumable copy pushes as a frame;
 *   dplay(s, d, p, c)    the direct copy's call of that proc.
 * A game that plays no card has none of this, and no GAME_HAS_EFFECTS. */
#include "cgen_int.h"

#include "emit.h"

/* GAME_HAS_EFFECTS: the runtime's helpers of effects (controller). */
void gen_effects_defs(Gen *G)
{
    if (G->g->emits_effects)
        buf_puts(G->out, "/* The game plays cards: the helpers of effects in rt_game.h. */\n"
                         "#define GAME_HAS_EFFECTS 1\n\n");
}

/* A comment naming card kind k: its name made safe inside a comment. */
static void kind_comment(Gen *G, Buf *b, int k)
{
    buf_puts(b, " /* ");
    c_comment_text(b, G->cs->cards[k]->name);
    buf_puts(b, " */");
}

/* play_ok(s, p, c): one case per guard, with the kinds whose play clause
 * it guards; any other card may be played. */
static void gen_play_ok(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* play_ok(s, p, c): c is a card, and the 'when' of its effect's play\n"
                " * clause holds with me = p, this = c: it may be played; playable(c, p) */\n"
                "static int play_ok(State *s, int32_t p, int32_t c)\n{\n"
                "    (void)s;\n    (void)p;\n    switch (card_kind(c)) {\n");
    for (int i = 0; i < g->guards.len; i++) {
        const Sym *guard = g->guards.items[i];
        if (!guard->reached)
            continue;
        for (int k = 0; k < g->cs->ncards; k++)
            if (g->guard_of[k] == guard) {
                buf_printf(o, "    case %d:", k);
                kind_comment(G, o, k);
                buf_puts(o, "\n");
            }
        buf_printf(o, "        return fn_%s(s, p, c) != 0;\n", CNAME(guard));
    }
    buf_puts(o, "    default:\n        return c >= 0;\n    }\n}\n\n");
}

/* play_proc[] and dplay(): the proc of each kind's play clause. */
static void gen_play_procs(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* play_proc[k]: the proc of the play clause of kind k's effect, or -1 */\n"
                "static const int32_t play_proc[NCARDS] = {");
    for (int k = 0; k < g->cs->ncards; k++) {
        const Node *c = g->play_of[k];
        buf_puts(o, k % 8 ? " " : "\n    ");
        if (c && c->sym->reached)
            buf_printf(o, "P_%s,", CNAME(c->sym));
        else
            buf_puts(o, "-1,");
    }
    buf_puts(o, "\n};\n\n/* dplay(s, d, p, c): runs the play clause of card c's effect,\n"
                " * called directly (the direct copy of 'play') */\n"
                "static int32_t dplay(State *s, const Direct *d, int32_t p, int32_t c)\n{\n"
                "    switch (card_kind(c)) {\n");
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *proc = g->procs.items[i];
        if (!proc->reached || !proc->clause || proc->clause->clause_kind != CLAUSE_PLAY)
            continue;
        for (int k = 0; k < g->cs->ncards; k++)
            if (g->play_of[k] == proc->clause) {
                buf_printf(o, "    case %d:", k);
                kind_comment(G, o, k);
                buf_puts(o, "\n");
            }
        buf_printf(o, "        return dproc_%s(s, d, p, c);\n", CNAME(proc));
    }
    buf_puts(o, "    default:\n        (void)s;\n        (void)d;\n        (void)p;\n"
                "        return 0;\n    }\n}\n\n");
}

/* The dispatch of 'play' and playable(), after the rules' prototypes. */
void gen_play_dispatch(Gen *G)
{
    if (G->g->reaches_guards)
        gen_play_ok(G);
    if (G->g->reaches_play)
        gen_play_procs(G);
}

/* The place where 'play' raises the event `c played`, once the play
 * clause has run: V[n->slot] holds the card, V[n->slot + 1] who played
 * it (cgen_events.c: nothing where no handler hears it). */
static void gen_raise_played(Gen *G, const Node *n)
{
    gen_event_played(G, arena_printf(G->a, "V[%d]", n->slot),
                     arena_printf(G->a, "V[%d]", n->slot + 1));
}

/* In a game with events, the play (its move 'to' a zone, then its play
 * clause) runs as the card's play (EvCtx handler EV_PLAY_CLAUSE): what is
 * raised meanwhile carries by = the player, cause = the card, and a
 * decision says it is taken during it. */
static void gen_play_enter(Gen *G, int c, int p)
{
    if (!game_has_events(G->g))
        return;
    line(G, "if (!ev_enter(s, %d, %d, EV_PLAY_CLAUSE, V[%d], V[%d]))", site(G), EV_PLAYED, p, c);
    line(G, "    return %s;", stop_value(G));
}

/* The resumable copy runs the play clause as a call: a frame for the proc
 * of the card's kind, if it has one, and back here when it returns. */
static void gen_play_call_resumable(Gen *G, int c, int p)
{
    int pc = G->pc++;
    line(G, "{");
    line(G, "    int32_t pr = play_proc[card_kind(V[%d])];", c);
    line(G, "    if (pr >= 0) {");
    line(G, "        Frame *nf = push(s, %d, pr);", site(G));
    line(G, "        if (!nf)");
    line(G, "            return R_STOP;");
    line(G, "        nf->v[0] = V[%d];", p);
    line(G, "        nf->v[1] = V[%d];", c);
    line(G, "        f->pc = %d;", pc);
    line(G, "        return R_CALL;");
    line(G, "    }");
    line(G, "}");
    line(G, "/* fall through */"); /* a card without a play clause: on at once */
    gen_resume_point(G, pc);
    if (game_has_events(G->g))
        line(G, "ev_leave(s);");
    gen_stop_if_over(G);
}

/* stmt: IDENT play_card opt_by opt_to ('play'): play CARD by PLAYER [to
 * ZONE]. The card and the player go to the statement's two slots; a card
 * that is none or whose guard does not hold faults (before it moves);
 * 'to' moves it; then its play clause runs with me = the player, this =
 * the card. */
void gen_play(Gen *G, const Node *n)
{
    int c = n->slot, p = n->slot + 1;
    line(G, "V[%d] = %s;", c, expr_str(G, n->card));
    if (n->by->seat_in_range)
        line(G, "V[%d] = %s;", p, expr_str(G, n->by));
    else
        line(G, "V[%d] = pidx(s, %d, %s);", p, site(G), expr_str(G, n->by));
    line(G, "if (s->core.over || V[%d] < 0 || !play_ok(s, V[%d], V[%d])) {", c, p, c);
    line(G, "    fault(s, V[%d] < 0 ? F_NONE_PLAYED : F_UNPLAYABLE, %d, 0);", c, site(G));
    line(G, "    return %s;", stop_value(G));
    line(G, "}");
    gen_play_enter(G, c, p);
    if (n->to) {
        const char *card = arena_printf(G->a, "V[%d]", c), *to = expr_str(G, n->to);
        if (move_before_heard(G, n->to))
            gen_move_before(G, card, to, "-1", move_heard(G, n->to));
        else if (move_heard(G, n->to))
            gen_move_heard(G, card, to, "-1");
        else
            line(G, "mv(s, %d, %s, %s, -1);", site(G), card, to);
        gen_stop_if_over(G);
    }
    /* instead of / react to a card played (cgen_reactions.c): V[c] < 0
     * once the play is cancelled */
    bool may_cancel = gen_before_played(G, n, c);
    if (may_cancel) {
        line(G, "if (V[%d] >= 0) {", c);
        G->indent++;
    }
    if (G->direct) {
        line(G, "dplay(s, d, V[%d], V[%d]);", p, c);
        if (game_has_events(G->g))
            line(G, "ev_leave(s);");
        gen_stop_if_over(G);
    } else {
        gen_play_call_resumable(G, c, p);
    }
    gen_raise_played(G, n);
    if (may_cancel) {
        G->indent--;
        line(G, "}");
    }
}

/* playable(c, p) */
void gen_playable(Gen *G, Buf *b, const Node *n)
{
    buf_puts(b, "play_ok(s, ");
    gen_expr(G, b, n->args->next);
    buf_puts(b, ", ");
    gen_expr(G, b, n->args);
    buf_puts(b, ")");
}

/* controller(c): the seat of the per-player zone holding c, or none */
void gen_controller(Gen *G, Buf *b, const Node *n)
{
    buf_puts(b, "controller(s, ");
    gen_expr(G, b, n->args);
    buf_puts(b, ")");
}
