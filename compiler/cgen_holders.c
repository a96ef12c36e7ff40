/* cgen_holders.c: the C of held zones (cards under cards).
 *
 * A held zone has one ordinary zone slot per card of its holder type, in
 * the order of cards.yaml: the slot of card c is the zone's first slot plus
 * c's rank among the cards of its type (inst_rank), and slot_holder[]
 * tells, for every slot, the card it lies under. The state stays flat:
 * nothing here adds to it. */
#include "cgen_int.h"
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

/* The number of held zone z among the held zones (State.hzsize), in the
 * order declared. */
static int held_number(const Game *g, const Node *z)
{
    int h = 0;
    for (int i = 0; i < g->zones.len && g->zones.items[i] != z; i++)
        h += (((const Node *)g->zones.items[i])->zflags & ZF_HELD) != 0;
    return h;
}

/* slot_heldz[i]: the number of the held zone slot i is a slot of, else -1
 * (the counts of each held zone as a whole follow its cards: held_moved). */
static void emit_held_numbers(Buf *o, const Game *g)
{
    buf_puts(o, "/* slot_heldz[i]: the held zone (its number) slot i is a slot of, else -1 */\n"
                "static const int16_t slot_heldz[NSLOTS] = {");
    int k = 0;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        int h = z->zflags & ZF_HELD ? held_number(g, z) : -1;
        for (int j = 0; j < zone_nslots(g, z); j++, k++)
            buf_printf(o, "%s%d", k ? ", " : "", h);
    }
    buf_puts(o, "};\n");
}

/* count(Z where ...) over held zone Z without its holder, the filter on
 * the card alone (kinds m): Z's counts as a whole (hkcount), as an
 * ordinary zone's are read. The walk it stands for counts a step a card
 * (gen_held_loop_head): the zone's size, added at once. */
void gen_held_count(Gen *G, Buf *h, const Node *src)
{
    int z = held_number(G->g, src->in->sym->decl);
    buf_printf(h, "    (void)V;\n    s->steps += s->hzsize[%d];\n"
                  "    return held_kcount_in(s, %d, 0x%llxULL);\n}\n\n", z, z, src->kinds);
}

/* any(Z) over held zone Z without its holder and without a filter: Z's
 * size as a whole (hzsize). The walk it stands for stops at the first
 * card, a step (gen_held_loop_head): one step if Z holds a card, none if
 * it is empty. */
void gen_held_any(Gen *G, Buf *h, const Node *src)
{
    int z = held_number(G->g, src->in->sym->decl);
    buf_printf(h, "    (void)V;\n    if (s->hzsize[%d] == 0)\n        return 0;\n"
                  "    s->steps++;\n    return 1;\n}\n\n", z);
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

void gen_holder_tables(Gen *G)
{
    Buf *o = G->out;
    const Game *g = G->g;
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
    emit_held_numbers(o, g);
    emit_holder_flags(o, g);
    emit_inst_rank(o, G->a, g->cs);
}

void gen_drops(Gen *G, const char *stmt)
{
    if (drops_heard(G->g))
        line(G, "%s", stmt);
}

/* One fate of the cards of held zone z: a drop to zone `to`, or a keep
 * (to NULL). */
static void gen_fate(Gen *G, const Node *z, const Sym *to, const char *ind)
{
    if (to)
        buf_printf(G->out, "%sdrop_held(s, Z_%s + inst_rank[c], Z_%s); /* %s: drop to %s */\n",
                   ind, z->name, to->name, z->name, to->name);
    else
        buf_printf(G->out, "%s/* %s: keep */\n", ind, z->name);
}

/* The fates of held zone z by where the holder went (`... when to Z`):
 * a chain of tests of the slot card c is in now, each with its fate,
 * opening the block of the fate of every other place, which the caller
 * writes and closes. False (nothing written) when z has none. */
static bool gen_fates(Gen *G, const Node *z)
{
    bool any = false;
    for (const Node *f = first_fate(z); f; f = f->next) {
        if (!f->when || !f->when->sym)
            continue;
        const Node *to = f->when->sym->decl;
        buf_printf(G->out, "%sif (s->slot_of[c] >= Z_%s && s->slot_of[c] < Z_%s + %d) {"
                           " /* when to %s */\n", any ? "" : "        ", to->name, to->name,
                   zone_nslots(G->g, to), to->name);
        gen_fate(G, z, fate_drop_zone(f), "            ");
        buf_puts(G->out, "        } else ");
        any = true;
    }
    if (any)
        buf_puts(G->out, "{\n");
    return any;
}

void gen_holder_left(Gen *G)
{
    Buf *o = G->out;
    Arena *a = G->a;
    const Game *g = G->g;
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
            bool fates = gen_fates(G, z);
            gen_fate(G, z, z->sym, fates ? "            " : "        ");
            if (fates)
                buf_puts(o, "        }\n");
        }
        if (any)
            buf_puts(o, "        break;\n");
    }
    buf_puts(o, "    default:\n        (void)s;\n        break;\n    }\n}\n\n");
}

/* ---- expressions, sources, loops ---- */

/* postfix: postfix '[' expr ']' on a held zone: hslot(s, site, Z_x, TYPE_t,
 * c), the slot under card c, which must be of the holder type t. */
void gen_held_slot(Gen *G, Buf *b, const Node *n)
{
    const Node *z = n->base->sym->decl;
    buf_printf(b, "hslot(s, %d, Z_%s, TYPE_%s, ", site(G), z->name,
               c_ident(G->a, G->cs->types[z->holder_type]->name, true));
    gen_expr(G, b, n->index);
    buf_puts(b, ")");
}

/* expr: expr IN expr: in_slot(s, c, slot), or in_slots(s, c, Z_x, n) for
 * the slots of every holder of a held zone. */
void gen_membership(Gen *G, Buf *b, const Node *n)
{
    bool all = n->rhs->type == T_ZONES;
    buf_puts(b, all ? "in_slots(s, " : "in_slot(s, ");
    gen_expr(G, b, n->lhs);
    buf_puts(b, ", ");
    gen_expr(G, b, n->rhs);
    if (all)
        buf_printf(b, ", %d", zone_nslots(G->g, n->rhs->sym->decl));
    buf_puts(b, ")");
}

/* The head of a loop over a held zone without its holder (a source's
 * loop, for source_loop_dir): every holder's slot in turn (held_next, or
 * held_prev top down), V[src->slot] each card; the caller writes the body
 * and one closing brace. */
void gen_held_loop_head(Gen *G, Buf *hb, const Node *src, const char *ind, bool down)
{
    int n = zone_nslots(G->g, src->in->sym->decl);
    const char *z = expr_str(G, src->in);
    if (down)
        buf_printf(hb, "%sint slot = %s + %d, i = 0;\n%swhile (held_prev(s, &slot, &i, %s)) {\n",
                   ind, z, n, ind, z);
    else
        buf_printf(hb, "%sint slot = %s, i = -1;\n%swhile (held_next(s, &slot, &i, %s + %d)) {\n",
                   ind, z, ind, z, n);
    buf_printf(hb, "%s    V[%d] = s->zcard[slot][i];\n%s    s->steps++;\n", ind, src->slot, ind);
}

/* In a game with held zones: may source src give a card of a type that
 * holds cards (held zones lie under it), or one under a holder? Such cards
 * are not alike: a choice offers each copy (add_holder_card), or each
 * card under each holder (add_held_card). */
bool holders_possible(Gen *G, const Node *src)
{
    if (!G->g->nheld || src->type != T_CARD)
        return false;
    if (src->src_kind == SRC_HELD)
        return true;
    unsigned long long held = 0;
    const CardSet *cs = G->cs;
    for (int k = 0; k < cs->ncards && k < 64; k++)
        for (int i = 0; i < G->g->zones.len; i++) {
            const Node *z = G->g->zones.items[i];
            if ((z->zflags & ZF_HELD) && z->holder_type == cs->cards[k]->type->index)
                held |= 1ULL << k;
        }
    if (cs->ncards > 64)
        return true;
    if (src->kinds_known)
        return (src->kinds & held) != 0;
    if (src->kind_level)
        return (src->kinds_possible & held) != 0;
    return held != 0;
}

/* The head of 'for c in Z' for a held zone Z without its holder: every
 * holder's slot in turn (funcs only), V[slot] the index in the slot,
 * V[slot + 1] the slot. */
void gen_for_held_head(Gen *G, const Node *n)
{
    const Node *src = n->iter;
    int i = n->slot, at = n->slot + 1;
    const char *z = expr_str(G, src->in);
    line(G, "V[%d] = 0;", i);
    line(G, "V[%d] = %s;", at, z);
    line(G, "for (;;) {");
    G->indent++;
    line(G, "while (V[%d] < %s + %d && V[%d] >= s->zsize[V[%d]]) {", at, z,
         zone_nslots(G->g, src->in->sym->decl), i, at);
    line(G, "    V[%d]++;", at);
    line(G, "    V[%d] = 0;", i);
    line(G, "}");
    line(G, "if (V[%d] >= %s + %d)", at, z, zone_nslots(G->g, src->in->sym->decl));
    line(G, "    break;");
    line(G, "V[%d] = s->zcard[V[%d]][V[%d]++];", src->slot, at, i);
}

