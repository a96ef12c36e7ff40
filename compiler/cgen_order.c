/* cgen_order.c: the C of `triggers chosen by controller` (docs/LANGUAGE.md,
 * "The order of triggers"; the runtime's side is ev_order_* under "---- events"
 * in runtime/rt_game.h, GAME_HAS_TRIGGER_ORDER).
 *
 * What the game writes for it: the constants (before rt_game.h), the
 * group stamp of each event occurrence in its evfire_* function (the
 * triggers it fires share it), and game_order_info, what the drain's
 * question says of each handler. Nothing here is written for a game that
 * does not declare it (or whose cards have no `on` clause): its C is the
 * C of before. */
#include "cgen_int.h"

/* Before rt_game.h: the order choice is built in, and its question. */
void gen_order_defs(Gen *G)
{
    if (!trigger_order(G->g))
        return;
    buf_printf(G->out, "/* triggers chosen by controller: a player chooses the order of their\n"
                       " * cards' triggers that fire at once (rt_game.h, ev_order_ask) */\n"
                       "#define GAME_HAS_TRIGGER_ORDER 1\n#define GAME_ORDER_PROMPT %d\n\n",
               G->g->order_prompt);
}

/* In an evfire_* function, after its Trigger t is made: the group of the
 * event occurrence. */
void gen_order_group(Gen *G)
{
    if (trigger_order(G->g))
        buf_puts(G->out, "    t.group = ev_group(s);\n");
}

/* After the rules: game_order_info(h), each handler's event, the label of
 * its clause (a card's; -1 for the rules') and its site. */
void gen_order_info(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    if (!trigger_order(g))
        return;
    buf_puts(o, "/* Each handler for a choice of the order of triggers: its event, the\n"
                " * label of its clause, its site. */\n"
                "static const OrderInfo order_info[] = {\n");
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        buf_printf(o, "    {%d, %d, %d},\n", h->event, g->order_label[i], site_of(G, h->clause));
    }
    buf_puts(o, "};\n\nstatic const OrderInfo *game_order_info(int h)\n{\n"
                "    return &order_info[h];\n}\n\n");
}
