/* cgen_numbers.c: what the views show besides the zones (runtime/numbers.c
 * shows it): the numbers of the table, the variables and funcs the rules
 * declare `public` or `owner` (Game.shown), and whose turn it is, the
 * round and the phase.
 *
 *   numbers[]       RtNumber per shown number, in the order of Game.shown
 *   game_number()   the value of number i of seat p
 *   game_time()     RtTime from the state's time (GAME_HAS_TIME), or from
 *                   t_active, the player of the last start_turn */
#include "cgen_int.h"

static const char *number_type(Type t)
{
    switch (t) {
    case T_BOOL:   return "RT_NUM_BOOL";
    case T_PLAYER: return "RT_NUM_PLAYER";
    case T_CARD:   return "RT_NUM_CARD";
    case T_VALUE:
    case T_NAME:   return "RT_NUM_WORD";
    default:       return "RT_NUM_INT";
    }
}

/* number_names[]: the names of the cards, for the shown numbers that
 * hold card names. */
static void gen_number_names(Gen *G)
{
    const Game *g = G->g;
    bool shown = false;
    for (int i = 0; i < g->shown.len; i++)
        shown |= ((const Node *)g->shown.items[i])->type == T_NAME;
    if (!shown)
        return;
    buf_puts(G->out, "/* the names of the cards, for the numbers that hold them */\n"
                     "static const char *const number_names[] = {\n");
    for (int c = 0; c < G->cs->ncards; c++) {
        buf_puts(G->out, "    ");
        c_string(G->out, G->cs->cards[c]->name);
        buf_puts(G->out, ",\n");
    }
    buf_puts(G->out, "};\n\n");
}

/* number_words_A[]: the values of attribute A, for the shown numbers
 * that hold them; once each. */
static void gen_number_words(Gen *G)
{
    const Game *g = G->g;
    gen_number_names(G);
    for (int a = 0; a < G->cs->nattrs; a++) {
        bool shown = false;
        for (int i = 0; i < g->shown.len; i++) {
            const Node *d = g->shown.items[i];
            shown |= d->type == T_VALUE && d->attr == a;
        }
        if (!shown)
            continue;
        const Attr *at = G->cs->attrs[a];
        buf_printf(G->out, "/* the values of '%s', for the numbers that hold them */\n"
                           "static const char *const number_words_%d[] = {\n", at->name, a);
        for (int v = 0; v < at->nvalues; v++) {
            buf_puts(G->out, "    ");
            c_string(G->out, at->values[v]);
            buf_puts(G->out, ",\n");
        }
        buf_puts(G->out, "};\n\n");
    }
}

/* numbers[i]: name, per player, visibility, type, a func's value, and
 * for an attribute's values their words */
static void gen_number_table(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    gen_number_words(G);
    buf_puts(o, "/* numbers[i]: a number the views show (RtNumber): name, one per seat,\n"
                " * who sees it, its type, a func's value, an attribute's words */\n"
                "static const RtNumber numbers[] = {\n");
    for (int i = 0; i < g->shown.len; i++) {
        const Node *d = g->shown.items[i];
        buf_printf(o, "    {\"%s\", %d, %s, %s, %d", d->name, shown_per_player(d),
                   d->vis == VIS_OWNER ? "RT_VIS_OWNER" : "RT_VIS_PUBLIC", number_type(d->type),
                   d->kind == N_FUNCDECL);
        if (d->type == T_VALUE)
            buf_printf(o, ", number_words_%d, %d},\n", d->attr,
                       G->cs->attrs[d->attr]->nvalues);
        else if (d->type == T_NAME)
            buf_printf(o, ", number_names, %d},\n", G->cs->ncards);
        else
            buf_puts(o, ", NULL, 0},\n");
    }
    buf_puts(o, "};\n\n");
}

/* The C of shown number d's value for seat p. */
static const char *number_value(Gen *G, const Node *d)
{
    const Sym *fn = shown_func(G->g, d);
    if (fn)
        return arena_printf(G->a, "fn_%s(s%s)", CNAME(fn), d->params ? ", p" : "");
    if (d->per_player == VAR_PER_PLAYER)
        return arena_printf(G->a, "s->pv_%s[p]", d->name);
    return arena_printf(G->a, "s->g_%s", d->name);
}

/* game_number(st, i, p, v): the value of number i of seat p. */
static void gen_number_fn(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* The value of number i (of seat p) in st, into *v; false when it has\n"
                " * none (a func that faulted: st is a copy, runtime/numbers.c). */\n"
                "static bool game_number(void *st, int i, int p, int32_t *v)\n{\n"
                "    State *s = st;\n"
                "    (void)p;\n"
                "    switch (i) {\n");
    for (int i = 0; i < g->shown.len; i++)
        buf_printf(o, "    case %d:\n        *v = %s;\n        break;\n", i,
                   number_value(G, g->shown.items[i]));
    buf_puts(o, "    default:\n        return false;\n    }\n"
                "    return !s->core.over;\n}\n\n");
}

/* Does the game have turns the views show: turn blocks, active() or time
 * of any kind, or start_turn? */
static bool shows_time(const Game *g)
{
    return g->uses_time || g->uses_start_turn;
}

/* game_time(st, t): whose turn, the round, the phase in progress. */
static void gen_time_fn(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* Whose turn it is, the round and the phase in progress (the last\n"
                " * declared of those in progress), for the views. */\n"
                "static void game_time(const void *st, RtTime *t)\n{\n"
                "    const State *s = st;\n");
    buf_printf(o, "    t->active = s->%s;\n", g->uses_time ? "active" : "t_active");
    buf_printf(o, "    t->round = %s;\n", g->uses_rounds ? "s->tstarts[1]" : "-1");
    buf_printf(o, "    t->phases = %s;\n    t->phase = NULL;\n",
               g->phases.len > 0 ? "true" : "false");
    for (int i = 0; i < g->phases.len; i++)
        buf_printf(o, "    if (s->tstarts[%d] > s->tends[%d])\n        t->phase = \"%s\";\n",
                   UNIT_PHASE0 + i, UNIT_PHASE0 + i,
                   ((const Node *)g->phases.items[i])->name);
    buf_puts(o, "}\n\n");
}

void gen_numbers(Gen *G)
{
    if (G->g->shown.len > 0) {
        gen_number_table(G);
        gen_number_fn(G);
    }
    if (shows_time(G->g))
        gen_time_fn(G);
}

const char *numbers_table_entries(Gen *G)
{
    const Game *g = G->g;
    return arena_printf(G->a, "%s%s",
                        g->shown.len ? arena_printf(G->a, "    .nnumbers = %d,\n"
                                                          "    .numbers = numbers,\n"
                                                          "    .number = game_number,\n",
                                                    g->shown.len)
                                     : "",
                        shows_time(g) ? "    .time = game_time,\n" : "");
}
