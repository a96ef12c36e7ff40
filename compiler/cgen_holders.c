/* cgen_holders.c: the C of held zones (cards under cards).
 *
 * A held zone has one ordinary zone slot per card of its holder type, in
 * the order of cards.yaml: the slot of card c is the zone's first slot plus
 * c's rank among the cards of its type (inst_rank), and slot_holder[]
 * tells, for every slot, the card it lies under. The state stays flat:
 * nothing here adds to it. */
#include "cgen_holders.h"
#include "emit.h"

/* Card instance by instance, the rank of each among the cards of its type,
 * written 20 a line. */
static void emit_inst_rank(Buf *o, Arena *a, const CardSet *cs)
{
    long long *seen = arena_alloc(a, sizeof *seen * (size_t)(cs->ntypes + 1));
    for (int t = 0; t < cs->ntypes; t++)
        seen[t] = 0;
    buf_puts(o, "/* inst_rank[c]: the rank of card c among the cards of its type (its\n"
                " * holder's slot in a held zone under that type) */\n"
                "static const uint16_t inst_rank[NINSTANCES] = {");
    long long col = 0;
    for (int i = 0; i < cs->ncards; i++)
        for (long long k = 0; k < cs->cards[i]->count; k++, col++)
            buf_printf(o, "%s%lld", col % 20 ? ", " : col ? ",\n    " : "\n    ",
                       seen[cs->cards[i]->type->index]++);
    buf_puts(o, "\n};\n\n");
}

/* The first instance of each card of type t, in order, written into the
 * slots of a held zone under t: slot k lies under the k-th card of t. */
static void emit_held_slots(Buf *o, const CardSet *cs, int t, bool *first)
{
    for (int i = 0; i < cs->ncards; i++) {
        const CardDef *cd = cs->cards[i];
        if (cd->type->index != t)
            continue;
        for (long long k = 0; k < cd->count; k++) {
            buf_printf(o, "%s%lld", *first ? "" : ", ", cd->first_instance + k);
            *first = false;
        }
    }
}

/* type_holds[t]: a held zone lies under type t (a holder leaving play,
 * going from a slot of slot_in_play to another, drops or keeps what it
 * holds). */
static void emit_holder_flags(Buf *o, const Game *g)
{
    buf_puts(o, "/* type_holds[t]: a held zone lies under the cards of type t */\n"
                "static const uint8_t type_holds[NTYPES] = {");
    for (int t = 0; t < g->cs->ntypes; t++) {
        bool holds = false;
        for (int i = 0; i < g->zones.len; i++) {
            const Node *z = g->zones.items[i];
            holds |= (z->zflags & ZF_HELD) && z->holder_type == t;
        }
        buf_printf(o, "%s%d", t ? ", " : "", holds);
    }
    buf_puts(o, "};\n");
}

void emit_holder_tables(Buf *o, Arena *a, const Game *g)
{
    buf_puts(o, "/* slot_holder[i]: the card slot i lies under (a slot of a held zone),\n"
                " * else -1 */\nstatic const int32_t slot_holder[NSLOTS] = {");
    bool first = true;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if (z->zflags & ZF_HELD) {
            emit_held_slots(o, g->cs, z->holder_type, &first);
            continue;
        }
        for (int k = 0; k < zone_nslots(g, z); k++) {
            buf_printf(o, "%s-1", first ? "" : ", ");
            first = false;
        }
    }
    buf_puts(o, "};\n");
    emit_holder_flags(o, g);
    emit_inst_rank(o, a, g->cs);
}

void emit_holder_left(Buf *o, Arena *a, const Game *g)
{
    const CardSet *cs = g->cs;
    buf_puts(o, "/* What becomes of the cards under card c, which has just left play: each\n"
                " * held zone under its type drops them or keeps them (rt_game.h,\n"
                " * holder_moved). */\n"
                "static void game_holder_left(State *s, int c)\n{\n"
                "    switch (inst_type[c]) {\n");
    for (int t = 0; t < cs->ntypes; t++) {
        bool any = false;
        for (int i = 0; i < g->zones.len; i++) {
            const Node *z = g->zones.items[i];
            if (!(z->zflags & ZF_HELD) || z->holder_type != t)
                continue;
            if (!any)
                buf_printf(o, "    case TYPE_%s:\n", c_ident(a, cs->types[t]->name, true));
            any = true;
            if (z->sym)
                buf_printf(o, "        drop_held(s, Z_%s + inst_rank[c], Z_%s); "
                              "/* %s: drop to %s */\n",
                           z->name, z->sym->name, z->name, z->sym->name);
            else
                buf_printf(o, "        /* %s: keep */\n", z->name);
        }
        if (any)
            buf_puts(o, "        break;\n");
    }
    buf_puts(o, "    default:\n        (void)s;\n        break;\n    }\n}\n\n");
}
