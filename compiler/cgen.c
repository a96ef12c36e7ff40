/* cgen.c: the code generator: the C of one game, from a checked and
 * analysed Game (it reads the tree and the analysis's facts, and changes
 * neither).
 *
 * The state is one flat struct: RtCore, the zones (sizes, card arrays and
 * each card's slot), the rules' variables and a stack of frames; its fixed
 * part, and all the C that every game shares, is runtime/rt_game.h, which
 * the generated file includes. This file writes only what differs from
 * game to game. Every proc compiles to a resumable C function in the
 * protothread style: its locals live in its frame (V[i]), and a decision
 * or a call stores a resume point in the frame and returns to run(), which
 * calls the top frame again when the game goes on; a second, direct-call
 * copy of each proc is what simulate runs. Funcs cannot wait or move
 * cards, so they compile to plain C functions. Aggregates and filters
 * become small helpers that walk a zone's array; nothing allocates. */
#include "analyse.h"
#include "cgen_int.h"
#include "emit.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void label_frames(Gen *G, Buf *b, size_t from);
static void gen_count_by_kinds(Gen *G, Buf *h, const char *slot, unsigned long long m);
static bool gen_distinct_by_kinds(Gen *G, Buf *h, const Node *n, const char *kinds,
                                  unsigned long long m);
static void need_agg(Gen *G, const Node *n);
static void gen_choose_value(Gen *G, const Node *n, const char *target);

/* ---- small output helpers ------------------------------------------------ */

/* Is this the first use of helper k of family f (numbered by the analysis,
 * Node.helper_no)? Then the caller writes it: the resumable and the direct
 * copy of a proc share their helpers. */
static bool first_use(Gen *G, HelperFamily f, int k)
{
    assert(k >= 0 && k < G->g->nhelpers[f]);
    if (G->done[f][k])
        return false;
    G->done[f][k] = true;
    return true;
}

void line(Gen *G, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    char *buf = small;
    if (n >= (int)sizeof small) { /* a long expression: no line is cut */
        buf = arena_alloc(G->a, (size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    for (int i = 0; i < G->indent; i++)
        buf_puts(G->out, "    ");
    buf_puts(G->out, buf);
    buf_puts(G->out, "\n");
}

const char *expr_str(Gen *G, const Node *n)
{
    Buf b = {0};
    gen_expr(G, &b, n);
    const char *s = arena_strdup(G->a, b.data ? b.data : "0");
    buf_free(&b);
    return s;
}

/* The player p, checked unless surely a seat. */
const char *checked_player(Gen *G, const Node *p)
{
    if (p->seat_in_range)
        return expr_str(G, p);
    return arena_printf(G->a, "pidx(s, %d, %s)", site(G), expr_str(G, p));
}

static const char *zone_c(const Node *z)
{
    return z->name;
}

const char *where(const Gen *G, const Node *n)
{
    (void)G;
    const char *p = n->loc.file ? n->loc.file->path : "?";
    const char *slash = strrchr(p, '/');
    return slash ? slash + 1 : p;
}

/* ---- fault sites ----------------------------------------------------------- */

/* Every helper of rt_game.h that may fault takes a site, the number of the
 * statement of the rules that calls it in the game's fault_sites[] table
 * (gen_fault_sites): a constant, so that it costs nothing until the
 * helper faults, which makes the runtime print "game.rules:86: top or
 * bottom of an empty zone 'deck'". */

/* The site of node n: {its file's base name, its line}, numbered from 1 the
 * first time code that may fault is emitted for that line (two statements
 * on one line share it); 0 (unknown) for a node with no line. */
int site_of(Gen *G, const Node *n)
{
    if (!n || n->loc.line < 1)
        return 0;
    const char *key = arena_printf(G->a, "%s:%d", where(G, n), n->loc.line);
    void *k = strmap_get(&G->site_no, key);
    if (k)
        return (int)(intptr_t)k;
    vec_push(G->a, &G->sites, (void *)n);
    strmap_put(G->a, &G->site_no, key, (void *)(intptr_t)G->sites.len);
    return G->sites.len;
}

/* The site of the statement or declaration being emitted (G->at). */
int site(Gen *G)
{
    return site_of(G, G->at);
}

/* ---- expressions --------------------------------------------------------- */

static void gen_var(Gen *G, Buf *b, const Sym *sym)
{
    (void)G;
    switch (sym->kind) {
    case S_LOCAL:
    case S_PARAM:
        buf_printf(b, "V[%d]", sym->index);
        break;
    case S_GLOBAL:
        buf_printf(b, "s->g_%s", sym->name);
        break;
    case S_EVVAL:
        gen_event_value(G, b, sym->index);
        break;
    default:
        buf_puts(b, "0");
    }
}

/* The slot of a zone expression: Z_x, zslot(s, Z_x, player), or (Z_x + p)
 * for a player p surely in range; hslot(s, site, Z_x, TYPE_t, c) for the
 * slot of a held zone under card c (of the holder type t, checked). A held
 * zone without its holder is Z_x, its first slot. */
static void gen_zone(Gen *G, Buf *b, const Node *n)
{
    if (n->kind == N_INDEX && (n->base->sym->decl->zflags & ZF_HELD)) {
        gen_held_slot(G, b, n);
    } else if (n->kind == N_INDEX) {
        if (n->index->seat_in_range)
            buf_printf(b, "(Z_%s + ", n->base->name);
        else
            buf_printf(b, "zslot(s, %d, Z_%s, ", site(G), n->base->name);
        gen_expr(G, b, n->index);
        buf_puts(b, ")");
    } else if (n->kind == N_IDENT) {
        buf_printf(b, "Z_%s", n->name);
    } else {
        buf_puts(b, "0");
    }
}

/* primary: IDENT: a variable, a zone, a card type or an attribute value */
static void gen_ident(Gen *G, Buf *b, const Node *n)
{
    if (n->sym && n->sym->kind != S_ZONE) {
        gen_var(G, b, n->sym);
    } else if (n->type == T_ZONE || n->type == T_ZONES) {
        gen_zone(G, b, n);
    } else if (n->type == T_TYPE) {
        buf_printf(b, "TYPE_%s", c_ident(G->a, G->cs->types[n->value]->name, true));
    } else if (n->attr >= 0) {
        const Attr *at = G->cs->attrs[n->attr];
        if (at->numeric)
            buf_puts(b, at->values[n->value]);
        else
            buf_printf(b, "%s_%s", c_ident(G->a, at->name, true),
                       c_ident(G->a, at->values[n->value], true));
    } else {
        buf_puts(b, "0");
    }
}

/* postfix: postfix '.' IDENT, or a field of the card of a filter (no
 * base: the card is in frame slot n->slot) */
static void gen_field(Gen *G, Buf *b, const Node *n)
{
    Buf cb = {0};
    if (n->base)
        gen_expr(G, &cb, n->base);
    else
        buf_printf(&cb, "V[%d]", n->slot);
    if (n->attr == ATTR_TYPE)
        buf_printf(b, "card_type(%s)", cb.data);
    else if (n->attr == ATTR_NAME)
        buf_printf(b, "card_kind(%s)", cb.data);
    else if (G->cs->attrs[n->attr]->numeric)
        buf_printf(b, "card_num(%s, ATTR_%s)", cb.data,
                   c_ident(G->a, G->cs->attrs[n->attr]->name, true));
    else
        buf_printf(b, "card_attr(%s, ATTR_%s)", cb.data,
                   c_ident(G->a, G->cs->attrs[n->attr]->name, true));
    buf_free(&cb);
}

/* primary: '[' exprs ']', indexed: the list becomes a table of the
 * helpers, the index is checked */
static void gen_list_index(Gen *G, Buf *b, const Node *n)
{
    const Node *list = n->base;
    int k = list->helper_no;
    Buf lb = {0};
    buf_printf(&lb, "/* the list at %s:%d */\nstatic const int32_t list%d[%lld] = {",
               where(G, list), list->loc.line, k, list->nitems);
    int i = 0;
    for (const Node *e = list->items; e; e = e->next, i++)
        buf_printf(&lb, "%s%s", i ? ", " : "", expr_str(G, e));
    buf_puts(&lb, "};\n\n");
    if (first_use(G, HELPER_LIST, k))
        buf_puts(&G->helpers, lb.data);
    buf_free(&lb);
    buf_printf(b, "list%d[lidx(s, %d, ", k, site(G));
    gen_expr(G, b, n->index);
    buf_printf(b, ", %lld)]", list->nitems);
}

/* postfix: postfix '[' expr ']': a zone of a player, a per-player variable
 * or an item of a list */
static void gen_index(Gen *G, Buf *b, const Node *n)
{
    const Node *base = n->base;
    if (n->type == T_ZONE) {
        gen_zone(G, b, n);
    } else if (base->kind == N_IDENT && base->sym && base->sym->kind == S_CVAR) {
        buf_printf(b, "s->pc_%s[cidx(s, %d, ", base->name, site(G));
        gen_expr(G, b, n->index);
        buf_puts(b, ")]");
    } else if (base->kind == N_IDENT && base->sym && base->sym->kind == S_PVAR) {
        bool ok = n->index->seat_in_range;
        buf_printf(b, "s->pv_%s[", base->name);
        if (!ok)
            buf_printf(b, "pidx(s, %d, ", site(G));
        gen_expr(G, b, n->index);
        buf_puts(b, ok ? "]" : ")]");
    } else if (base->kind == N_LIST) {
        gen_list_index(G, b, n);
    } else {
        buf_puts(b, "0");
    }
}

/* primary: IDENT '(' args ')' naming a func */
static void gen_func_call(Gen *G, Buf *b, const Node *n)
{
    buf_printf(b, "fn_%s(s", CNAME(n->sym));
    for (const Node *a = n->args; a; a = a->next) {
        buf_puts(b, ", ");
        gen_expr(G, b, a);
    }
    buf_puts(b, ")");
}

/* name(s, arg): a glue helper of one argument. */
static void gen_helper_call(Gen *G, Buf *b, const char *name, const Node *arg)
{
    buf_printf(b, "%s(s, ", name);
    gen_expr(G, b, arg);
    buf_puts(b, ")");
}

/* name(s, site, arg): a glue helper of one argument that may fault. */
static void gen_checked_call(Gen *G, Buf *b, const char *name, const Node *arg)
{
    buf_printf(b, "%s(s, %d, ", name, site(G));
    gen_expr(G, b, arg);
    buf_puts(b, ")");
}

/* min(a, b) and max(a, b) of two numbers (over a source: an aggregate) */
static void gen_min_max(Gen *G, Buf *b, const Node *n)
{
    if (n->over_source) {
        need_agg(G, n);
        buf_printf(b, "agg%d(s, V)", n->helper_no);
        return;
    }
    buf_puts(b, n->builtin == B_MIN ? "imin(" : "imax(");
    gen_expr(G, b, n->args);
    buf_puts(b, ", ");
    gen_expr(G, b, n->args->next);
    buf_puts(b, ")");
}

/* next(p) and prev(p): the seat after and before p; in a game that
 * reverses (GAME_HAS_DIRECTION), in the direction of play. */
static void gen_neighbour(Gen *G, Buf *b, const Node *n)
{
    bool next = n->builtin == B_NEXT, turns = G->g->uses_reverse;
    const char *fn = next ? (turns ? "pafter" : "pnext") : (turns ? "pbefore" : "pprev");
    if (G->g->uses_out) /* the seat after (before) p still in the game */
        gen_checked_call(G, b, arena_printf(G->a, "%s_live", fn), n->args);
    else if (n->args->seat_in_range)
        gen_helper_call(G, b, arena_printf(G->a, "%s_in", fn), n->args);
    else
        gen_checked_call(G, b, fn, n->args);
}

/* name_has(c.name, "words"): the card's kind is one of those whose names
 * have the words, listed when the game is built (-2 in an empty list is
 * no kind: a name is a kind, or -1 for none). */
static void gen_name_has(Gen *G, Buf *b, const Node *n)
{
    const char *words = n->args->next->name;
    Buf kinds = {0};
    int nk = 0;
    for (int k = 0; k < G->cs->ncards; k++)
        if (name_has_words(G->cs->cards[k]->name, words))
            buf_printf(&kinds, "%sCARD_%s", nk++ ? ", " : "", G->card_ids[k]);
    buf_puts(b, "kind_among(");
    gen_expr(G, b, n->args);
    buf_printf(b, ", (const int32_t[]){%s}, %d)", nk ? kinds.data : "-2", nk);
    buf_free(&kinds);
}

/* primary: IDENT '(' args ')' naming a builtin */
static void gen_builtin(Gen *G, Buf *b, const Node *n)
{
    switch ((Builtin)n->builtin) {
    case B_COUNT: case B_ANY: case B_ALL: case B_SUM: case B_DISTINCT: case B_FIRST:
        need_agg(G, n);
        buf_printf(b, "agg%d(s, V)", n->helper_no);
        break;
    case B_MIN:
    case B_MAX:
        gen_min_max(G, b, n);
        break;
    case B_SIZE:
        buf_puts(b, "(int32_t)s->zsize[");
        gen_expr(G, b, n->args);
        buf_puts(b, "]");
        break;
    case B_NEXT:
    case B_PREV:
        gen_neighbour(G, b, n);
        break;
    case B_SEAT:
        gen_checked_call(G, b, "pseat", n->args);
        break;
    case B_CHANCE:
        gen_helper_call(G, b, "chance", n->args);
        break;
    case B_ROLL:
        gen_helper_call(G, b, "roll", n->args);
        break;
    case B_ABS:
        gen_checked_call(G, b, "iabs", n->args);
        break;
    case B_NPLAYERS:
        buf_puts(b, "s->core.nplayers");
        break;
    case B_ACTIVE:
        buf_puts(b, "s->active");
        break;
    case B_DEFEATED:
        buf_printf(b, "s->t_defeated[%s]", checked_player(G, n->args));
        break;
    case B_IS_OUT:
        gen_checked_call(G, b, "is_out", n->args);
        break;
    case B_PLAYERS_IN:
        buf_puts(b, "players_in(s)");
        break;
    case B_PLAYABLE:
        gen_playable(G, b, n);
        break;
    case B_CONTROLLER:
        gen_controller(G, b, n);
        break;
    case B_HOLDER:
        gen_helper_call(G, b, "card_holder", n->args);
        break;
    case B_NAME_HAS:
        gen_name_has(G, b, n);
        break;
    default:
        buf_puts(b, "0");
    }
}

/* unary: '-' unary | NOT unary */
static void gen_unary(Gen *G, Buf *b, const Node *n)
{
    if (n->unop == UOP_NOT)
        buf_puts(b, "!(");
    else
        buf_printf(b, "isub(s, %d, 0, ", site(G));
    gen_expr(G, b, n->operand);
    buf_puts(b, ")");
}

/* The C operator of a comparison or a logical operator (arithmetic goes
 * through the checked helpers: see arith_helper). */
static const char *binop_c(BinOp op)
{
    switch (op) {
    case OP_OR: return "||";
    case OP_AND: return "&&";
    default: return binop_name(op);
    }
}

/* The glue helper of + - * / %, which faults on overflow or a division by
 * zero instead of wrapping. */
static const char *arith_helper(BinOp op)
{
    switch (op) {
    case OP_ADD: return "iadd";
    case OP_SUB: return "isub";
    case OP_DIV: return "idiv";
    case OP_MOD: return "imod";
    default: return "imul";
    }
}

/* expr: expr OR expr | expr AND expr | expr EQ expr | ... | expr '%' expr */
static void gen_binary(Gen *G, Buf *b, const Node *n)
{
    if (n->binop == OP_IN) {
        gen_membership(G, b, n);
        return;
    }
    if (binop_arith(n->binop)) {
        buf_printf(b, "%s(s, %d, ", arith_helper(n->binop), site(G));
        gen_expr(G, b, n->lhs);
        buf_puts(b, ", ");
        gen_expr(G, b, n->rhs);
        buf_puts(b, ")");
        return;
    }
    buf_puts(b, "(");
    gen_expr(G, b, n->lhs);
    buf_printf(b, " %s ", binop_c(n->binop));
    gen_expr(G, b, n->rhs);
    buf_puts(b, ")");
}

/* The unit counted in of History h, as C: the starts of its unit of time
 * so far, or 0 for the whole game. */
const char *history_stamp(Gen *G, const History *h)
{
    return h->unit < 0 ? "0" : arena_printf(G->a, "s->tstarts[%d]", h->unit);
}

/* expr: count(EVENT(ARGS) [, UNIT]) | any(...) (HISTORY): the count the
 * state keeps for the argument named, in the unit in progress. */
static void gen_history(Gen *G, Buf *b, const Node *n)
{
    const History *h = G->g->histories.items[n->history_no];
    const char *at = n->args ? expr_str(G, n->args) : "0";
    buf_printf(b, "%shist_count(s->h_%d, %s, %s)%s", n->builtin == B_ANY ? "(" : "",
               n->history_no, at, history_stamp(G, h), n->builtin == B_ANY ? " > 0)" : "");
}

/* The C of expression n, appended to b. */
void gen_expr(Gen *G, Buf *b, const Node *n)
{
    switch (n->kind) {
    case N_NUM:     buf_printf(b, "%lld", n->literal); return;
    case N_BOOLLIT: buf_puts(b, n->literal ? "1" : "0"); return;
    case N_NONELIT: buf_puts(b, "-1"); return;
    case N_STR:     buf_printf(b, "CARD_%s", G->card_ids[n->value]); return;
    case N_IDENT:   gen_ident(G, b, n); return;
    case N_FIELD:   gen_field(G, b, n); return;
    case N_INDEX:   gen_index(G, b, n); return;
    case N_CALL:    if (n->sym) gen_func_call(G, b, n); else gen_builtin(G, b, n); return;
    case N_UNARY:   gen_unary(G, b, n); return;
    case N_HISTORY: gen_history(G, b, n); return;
    case N_BINARY:  gen_binary(G, b, n); return;
    /* primary: TOP '(' expr ')' | BOTTOM '(' expr ')' */
    case N_TOPCARD: gen_checked_call(G, b, n->pos_kind == POS_TOP ? "z_top" : "z_bottom", n->zone);
                    return;
    default:        buf_puts(b, "0"); return;
    }
}

/* ---- sources: the loop over a zone, the players or the candidate set --- */

/* The test that leaves seat p (C) out of a source of players: a player
 * out of the game (eliminate), or immune to an event whose body is in
 * progress ('until ... for P { immune to E }'); NULL in a game with
 * neither. */
static const char *player_skipped(Gen *G, const char *p)
{
    bool out = G->g->uses_out, immune = G->g->immunes.len > 0;
    if (out && immune)
        return arena_printf(G->a, "p_out(s, %s) || p_immune(s, %s)", p, p);
    if (out || immune)
        return arena_printf(G->a, "%s(s, %s)", out ? "p_out" : "p_immune", p);
    return NULL;
}

/* Emits into hb the head of a loop that sets V[src->slot] to each element
 * passing the filter, top down or bottom up; the caller writes the body and
 * one closing brace. */
static void source_loop_dir(Gen *G, Buf *hb, const Node *src, const char *ind, bool down)
{
    if (src->src_kind == SRC_PLAYERS) {
        buf_printf(hb, "%sfor (int i = 0; i < s->core.nplayers; i++) {\n", ind);
        buf_printf(hb, "%s    V[%d] = i;\n", ind, src->slot);
        const char *skip = player_skipped(G, "i");
        if (skip) /* a player out of the game, or immune, is in no source */
            buf_printf(hb, "%s    if (%s)\n%s        continue;\n", ind, skip, ind);
    } else if (src->src_kind == SRC_CHOSEN) {
        G->reads_cand = true;
        buf_printf(hb, "%sfor (int i = 0; i < s->ncand; i++) {\n", ind);
        buf_printf(hb, "%s    V[%d] = s->cand[i];\n", ind, src->slot);
    } else if (src->src_kind == SRC_HELD) {
        gen_held_loop_head(G, hb, src, ind, down);
    } else {
        buf_printf(hb, "%sint slot = %s;\n%ss->steps += s->zsize[slot];\n", ind,
                   expr_str(G, src->in), ind);
        if (down)
            buf_printf(hb, "%sfor (int i = s->zsize[slot] - 1; i >= 0; i--) {\n", ind);
        else
            buf_printf(hb, "%sfor (int i = 0; i < s->zsize[slot]; i++) {\n", ind);
        buf_printf(hb, "%s    V[%d] = s->zcard[slot][i];\n", ind, src->slot);
    }
    if (src->filter)
        buf_printf(hb, "%s    if (!(%s))\n%s        continue;\n", ind,
                   unparen(G, expr_str(G, src->filter)), ind);
}

/* The loop over a source, bottom to top. */
static void source_loop(Gen *G, Buf *hb, const Node *src, const char *ind)
{
    source_loop_dir(G, hb, src, ind, false);
}

/* What an aggregate is called in the rules, for its helper's comment. */
static const char *snippet(const Node *n)
{
    static const char *const names[] = {
#define X(k, s, lo, hi) s,
        BUILTINS(X)
#undef X
    };
    return n->kind == N_CALL ? names[n->builtin] : n->kind == N_MOVEALL ? "move all" : "?";
}

/* count, any, every and distinct over a zone with a filter on the card
 * alone: answered from the zone's counts of each kind, without a loop over
 * its cards. Returns false where the general helper is needed. */
static bool gen_kind_agg(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    unsigned long long m = src->kinds;
    const char *kinds; /* the C of the kinds present */
    if (src->src_kind == SRC_CHOSEN && src->kinds_known) {
        /* the candidate set of a 'such that': its kinds are kept aside */
        if (n->builtin == B_COUNT)
            return false;
        kinds = "s->candkinds";
    } else if (src->src_kind == SRC_ZONE && src->kinds_known) {
        kinds = arena_printf(G->a, "s->kmask[%s]", expr_str(G, src->in));
    } else if (src->src_kind == SRC_HELD && src->kinds_known && n->builtin == B_COUNT) {
        gen_held_count(G, h, src);
        return true;
    } else if (src->src_kind == SRC_HELD && !src->filter && n->builtin == B_ANY) {
        gen_held_any(G, h, src);
        return true;
    } else {
        return false;
    }
    const char *slot = src->src_kind == SRC_CHOSEN ? "" : expr_str(G, src->in);
    switch ((Builtin)n->builtin) {
    case B_COUNT:
        gen_count_by_kinds(G, h, slot, m);
        return true;
    case B_ANY:
        buf_printf(h, "    (void)V;\n    return (%s & 0x%llxULL) != 0;\n}\n\n", kinds, m);
        return true;
    case B_ALL:
        buf_printf(h, "    (void)V;\n    return (%s & ~0x%llxULL) == 0;\n}\n\n", kinds, m);
        return true;
    case B_DISTINCT:
        return gen_distinct_by_kinds(G, h, n, kinds, m);
    default:
        return false;
    }
}

#define KMASK_OK(G) ((G)->cs->ncards <= 64)

/* count, any and every over a zone whose filter reads the card only through
 * its kind (and may read the state): the filter is tested once per kind
 * present, on that kind's first card (any card of a kind answers alike). */
static bool gen_kind_level_agg(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    Builtin b = (Builtin)n->builtin;
    if (src->src_kind != SRC_ZONE || !src->filter || src->type != T_CARD || !KMASK_OK(G) ||
        (b != B_COUNT && b != B_ANY && b != B_ALL) || !src->kind_level)
        return false;
    const char *slot = expr_str(G, src->in), *f = unparen(G, expr_str(G, src->filter));
    /* every() must see the kinds ruled out too: they make it false */
    unsigned long long poss = b == B_ALL ? ~0ULL : src->kinds_possible;
    buf_printf(h, "    int slot = %s;\n%s"
                  "    for (uint64_t b = s->kmask[slot] & 0x%llxULL; b; b &= b - 1) {\n"
                  "        int k = __builtin_ctzll(b);\n"
                  "        V[%d] = cards[k].first;\n",
               slot, b == B_COUNT ? "    int32_t r = 0;\n" : "", poss, src->slot);
    if (b == B_COUNT)
        buf_printf(h, "        if (%s)\n            r += s->kcount[slot][k];\n    }\n"
                      "    return r;\n}\n\n", f);
    else if (b == B_ANY)
        buf_printf(h, "        if (%s)\n            return 1;\n    }\n    return 0;\n}\n\n", f);
    else
        buf_printf(h, "        if (!(%s))\n            return 0;\n    }\n    return 1;\n}\n\n", f);
    return true;
}

/* The proof behind gen_pair_agg: does filter f read nothing but the
 * element (frame slot e) and at most one other card variable (*x, -1 till
 * found), each only through a field (its type, name or an attribute: its
 * kind decides them), and constants, joined by `not`, `and`, `or` and
 * comparisons? Then it cannot fault, count a step or draw a number, and
 * its value is a function of the two cards' kinds. */
static bool pair_filter(const Node *f, int e, int *x)
{
    switch (f->kind) {
    case N_NUM:
    case N_BOOLLIT:
    case N_NONELIT:
    case N_STR:
        return true;
    case N_IDENT: /* a constant: a type or an attribute's value */
        return !f->sym && (f->type == T_TYPE || f->type == T_VALUE);
    case N_UNARY:
        return f->unop == UOP_NOT && pair_filter(f->operand, e, x);
    case N_BINARY:
        return !binop_arith(f->binop) && f->binop != OP_IN && pair_filter(f->lhs, e, x) &&
               pair_filter(f->rhs, e, x);
    case N_FIELD:
        break;
    default:
        return false;
    }
    if (!f->base)
        return f->slot == e;
    const Node *v = f->base;
    if (v->kind != N_IDENT || !v->sym || v->type != T_CARD ||
        (v->sym->kind != S_LOCAL && v->sym->kind != S_PARAM))
        return false;
    int slot = v->sym->index;
    if (slot == e)
        return true;
    if (*x < 0)
        *x = slot;
    return *x == slot;
}

/* count, any and every over a zone whose filter joins the element to one
 * other card x by their kinds alone (pair_filter), where the filter is
 * tested once per kind already (gen_kind_level_agg, which counts no step
 * either): the kinds it keeps for
 * each kind of x (none a row of its own) are worked out the first time
 * that kind is met, in a table beside the game's code, and the aggregate
 * is then the zone's kinds masked by that row. The table holds a function
 * of the card list alone, so a game plays the same whatever came before
 * it in the process; each thread has its own (simulate --jobs). */
static bool gen_pair_agg(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    Builtin b = (Builtin)n->builtin;
    int x = -1;
    if (src->src_kind != SRC_ZONE || !src->filter || src->type != T_CARD || !KMASK_OK(G) ||
        (b != B_COUNT && b != B_ANY && b != B_ALL) || !src->kind_level ||
        !pair_filter(src->filter, src->slot, &x) || x < 0)
        return false;
    int k = n->helper_no, nk = G->cs->ncards;
    unsigned long long all = nk >= 64 ? ~0ULL : (1ULL << nk) - 1;
    const char *slot = expr_str(G, src->in), *f = unparen(G, expr_str(G, src->filter));
    Buf tb = {0};
    buf_printf(&tb, "/* pairrow%d[kind of V[%d]]: the kinds the filter of agg%d keeps (%s:%d) "
                    "with a card of that kind, once known (pairknown%d) */\n"
                    "static _Thread_local uint64_t pairrow%d[NCARDS + 1];\n"
                    "static _Thread_local uint8_t pairknown%d[NCARDS + 1];\n\n",
               k, x, k, where(G, n), n->loc.line, k, k, k);
    buf_puts(&G->helpers, tb.data);
    buf_free(&tb);
    buf_printf(h, "    int slot = %s;\n"
                  "    int kx = (unsigned)V[%d] < NINSTANCES ? instance_card[V[%d]] : NCARDS;\n"
                  "    if (!pairknown%d[kx]) {\n"
                  "        uint64_t row = 0;\n"
                  "        for (uint64_t b = 0x%llxULL; b; b &= b - 1) {\n"
                  "            int k = __builtin_ctzll(b);\n"
                  "            V[%d] = cards[k].first;\n"
                  "            if (%s)\n"
                  "                row |= KBIT(k);\n"
                  "        }\n"
                  "        pairrow%d[kx] = row;\n"
                  "        pairknown%d[kx] = 1;\n"
                  "    }\n",
               slot, x, x, k, all, src->slot, f, k, k);
    if (b == B_COUNT)
        buf_printf(h, "    return kcount_in(s, slot, s->kmask[slot] & pairrow%d[kx]);\n}\n\n", k);
    else if (b == B_ANY)
        buf_printf(h, "    return (s->kmask[slot] & pairrow%d[kx]) != 0;\n}\n\n", k);
    else
        buf_printf(h, "    return (s->kmask[slot] & ~pairrow%d[kx]) == 0;\n}\n\n", k);
    return true;
}

/* count over a zone with a filter on the card alone: by the kinds kept
 * (mask m), or by the zone's size less the kinds left out, whichever names
 * fewer kinds; one kind is one load. */
static void gen_count_by_kinds(Gen *G, Buf *h, const char *slot, unsigned long long m)
{
    int nk = G->cs->ncards;
    unsigned long long all = nk >= 64 ? ~0ULL : (1ULL << nk) - 1, out = all & ~m;
    buf_printf(h, "    (void)V;\n    int slot = %s;\n", slot);
    if (__builtin_popcountll(out) < __builtin_popcountll(m)) {
        if (out == 0)
            buf_puts(h, "    return s->zsize[slot];\n}\n\n");
        else if ((out & (out - 1)) == 0)
            buf_printf(h, "    return s->zsize[slot] - s->kcount[slot][%d];\n}\n\n",
                       __builtin_ctzll(out));
        else
            buf_printf(h, "    return s->zsize[slot] - kcount_in(s, slot, 0x%llxULL);\n}\n\n", out);
    } else if (m && (m & (m - 1)) == 0) {
        buf_printf(h, "    return s->kcount[slot][%d];\n}\n\n", __builtin_ctzll(m));
    } else {
        buf_printf(h, "    return kcount_in(s, slot, 0x%llxULL);\n}\n\n", m);
    }
}

/* distinct over the kinds in mask m present (`kinds`, the C of the kinds
 * present): a count of kinds where no two kinds share a value, else the
 * values seen. False where there are more than 64 values. */
static bool gen_distinct_by_kinds(Gen *G, Buf *h, const Node *n, const char *kinds,
                                  unsigned long long m)
{
    int nv = n->attr == ATTR_TYPE ? G->cs->ntypes : n->attr == ATTR_NAME ? G->cs->ncards
                                                  : G->cs->attrs[n->attr]->nvalues;
    if (nv > 64)
        return false;
    if (n->distinct_per_kind) {
        /* every kind kept has a value, and no two the same one */
        buf_printf(h, "    (void)V;\n    return kpop(%s & 0x%llxULL);\n}\n\n", kinds, m);
        return true;
    }
    buf_printf(h, "    (void)V;\n    uint64_t b = %s & 0x%llxULL, seen = 0;\n"
                  "    while (b) {\n        int k = __builtin_ctzll(b);\n        b &= b - 1;\n",
               kinds, m);
    if (n->attr == ATTR_TYPE)
        buf_puts(h, "        seen |= (uint64_t)1 << cards[k].type;\n");
    else if (n->attr == ATTR_NAME)
        buf_puts(h, "        seen |= (uint64_t)1 << k;\n");
    else
        buf_printf(h, "        if (cards[k].attr[%d] >= 0)\n"
                      "            seen |= (uint64_t)1 << cards[k].attr[%d];\n",
                   n->attr, n->attr);
    buf_puts(h, "    }\n    return kpop(seen);\n}\n\n");
    return true;
}

/* In a game with held zones, the C that stops a `move all` whose cards
 * would go under one of themselves (held_ok, at the statement's site). */
static const char *held_check(Gen *G)
{
    if (!G->g->nheld)
        return "";
    return arena_printf(G->a, "    if (!held_ok(s, %d, pick, n, to))\n        return;\n", site(G));
}

/* stmt: MOVE ALL src TO expr position: its helper mvall<k>(s, V, to,
 * bottom), which picks the cards and moves them in one go. */
static void gen_move_all_helper(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->cards;
    int k = n->helper_no;
    buf_printf(&G->protos, "static void mvall%d(State *s, int32_t *V, int to, int bottom);\n", k);
    buf_printf(h, "static void mvall%d(State *s, int32_t *V, int to, int bottom)\n{\n", k);
    unsigned long long m = src->kinds;
    /* (the triggers read pick[] after the move, and held_ok before it:
     * gcc then sees it used where it cannot tell it written, so it starts
     * zeroed) */
    const char *pick = move_heard(G, n->to) || G->g->nheld ? "pick[NINSTANCES] = {0}"
                                                           : "pick[NINSTANCES]";
    /* (where drops are heard, they come after the triggers of the move) */
    bool drops = drops_heard(G->g);
    const char *hold = drops ? "    s->dropping = 1;\n" : "";
    const char *release = drops ? "    s->dropping = 0;\n" : "";
    if (src->src_kind == SRC_ZONE && src->kinds_known) {
        /* A filter on the card alone: the counts say how many cards
         * move; when it is all of them, they are the zone as it lies,
         * else the walk goes down from the top and stops there. */
        buf_printf(h, "    (void)V;\n    int slot = %s;\n"
                      "    int want = kcount_in(s, slot, 0x%llxULL), n = 0;\n"
                      "    if (want == 0)\n        return;\n"
                      "    uint16_t %s;\n"
                      "    if (want == s->zsize[slot]) { /* every card */\n"
                      "        n = want;\n"
                      "        memcpy(pick, s->zcard[slot], sizeof *pick * (size_t)n);\n"
                      "    } else {\n"
                      "        for (int i = s->zsize[slot] - 1; i >= 0 && n < want; i--) {\n"
                      "            int c = s->zcard[slot][i];\n"
                      "            if (KBIT(instance_card[c]) & 0x%llxULL)\n"
                      "                pick[n++] = (uint16_t)c;\n"
                      "        }\n"
                      "        for (int i = 0, j = n - 1; i < j; i++, j--) { /* bottom to top */\n"
                      "            uint16_t t = pick[i];\n"
                      "            pick[i] = pick[j];\n"
                      "            pick[j] = t;\n"
                      "        }\n"
                      "    }\n"
                      "%s%s%s    move_picked(s, slot, pick, n, to, bottom);\n%s%s}\n\n",
                   expr_str(G, src->in), m, pick, m, bulk_befores(G, n, "NULL", true),
                   held_check(G), hold, release, moved_events(G, n, "slot"));
        return;
    }
    /* the zone is found once (its expression may draw a number):
     * the loop's `slot` is the one the cards leave */
    /* from every holder's slot, heard: the slot each card leaves */
    bool froms = src->src_kind == SRC_HELD && move_heard(G, n->to);
    buf_printf(h, "    uint16_t %s;\n    int n = 0;\n%s", pick,
               froms ? "    int32_t froms[NINSTANCES] = {0};\n" : "");
    source_loop(G, h, src, "    ");
    if (froms)
        buf_puts(h, "        froms[n] = slot;\n");
    buf_printf(h, "        pick[n++] = (uint16_t)V[%d];\n    }\n", src->slot);
    const char *from = src->src_kind == SRC_ZONE ? "slot" : "-1";
    buf_printf(h, "%s%s%s    move_picked(s, %s, pick, n, to, bottom);\n%s%s}\n\n",
               bulk_befores(G, n, froms ? "froms" : "NULL", src->src_kind == SRC_ZONE), held_check(G), hold, from,
               release, moved_events(G, n, froms ? "froms[i]" : from));
}

/* all(x in z where c): every element of z satisfies c (the filter is the
 * test, not a skip) */
static void gen_all_walk(Gen *G, Buf *h, const Node *src)
{
    Node tmp = *src;
    tmp.filter = NULL;
    source_loop(G, h, &tmp, "    ");
    if (src->filter)
        buf_printf(h, "        if (!(%s))\n            return 0;\n", expr_str(G, src->filter));
    buf_puts(h, "    }\n    return 1;\n}\n\n");
}

/* sum, min and max over a source of the value (src->next) of each element */
static void gen_sum_min_max_walk(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    Builtin b = (Builtin)n->builtin;
    const char *val = expr_str(G, src->next);
    buf_puts(h, b == B_SUM ? "    int32_t r = 0;\n" : "    int32_t r = 0, any = 0;\n");
    source_loop(G, h, src, "    ");
    if (b == B_SUM)
        buf_printf(h, "        r = iadd(s, %d, r, %s);\n", site(G), val);
    else
        buf_printf(h, "        int32_t v = %s;\n        if (!any || v %s r)\n"
                      "            r = v;\n        any = 1;\n",
                   val, b == B_MIN ? "<" : ">");
    buf_puts(h, "    }\n    return r;\n}\n\n");
}

/* distinct(z, attribute): the values seen, in a table of flags */
static void gen_distinct_walk(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    int nv = n->attr == ATTR_TYPE ? G->cs->ntypes : n->attr == ATTR_NAME ? G->cs->ncards
                                                  : G->cs->attrs[n->attr]->nvalues;
    buf_printf(h, "    unsigned char seen[%d] = {0};\n    int32_t r = 0;\n", nv);
    source_loop(G, h, src, "    ");
    if (n->attr == ATTR_TYPE)
        buf_printf(h, "        int v = card_type(V[%d]);\n", src->slot);
    else if (n->attr == ATTR_NAME)
        buf_printf(h, "        int v = card_kind(V[%d]);\n", src->slot);
    else
        buf_printf(h, "        int v = card_attr(V[%d], ATTR_%s);\n", src->slot,
                   c_ident(G->a, G->cs->attrs[n->attr]->name, true));
    buf_puts(h, "        if (v >= 0 && !seen[v]) {\n            seen[v] = 1;\n"
                "            r++;\n        }\n    }\n    return r;\n}\n\n");
}

/* An aggregate's helper agg<k>(s, V): from the kinds present where the
 * filter allows it, else a walk over the source. */
static void gen_agg_helper(Gen *G, Buf *h, const Node *n)
{
    const Node *src = n->args;
    int k = n->helper_no;
    buf_printf(&G->protos, "static int32_t agg%d(State *s, int32_t *V);\n", k);
    buf_printf(h, "static int32_t agg%d(State *s, int32_t *V)\n{\n", k);
    if (gen_kind_agg(G, h, n) || gen_pair_agg(G, h, n) || gen_kind_level_agg(G, h, n))
        return;
    switch ((Builtin)n->builtin) {
    case B_COUNT:
        buf_puts(h, "    int32_t r = 0;\n");
        source_loop(G, h, src, "    ");
        buf_puts(h, "        r++;\n    }\n    return r;\n}\n\n");
        break;
    case B_ANY:
        source_loop(G, h, src, "    ");
        buf_puts(h, "        return 1;\n    }\n    return 0;\n}\n\n");
        break;
    case B_ALL:
        gen_all_walk(G, h, src);
        break;
    case B_FIRST:
        source_loop(G, h, src, "    ");
        buf_printf(h, "        return V[%d];\n    }\n    return -1;\n}\n\n", src->slot);
        break;
    case B_SUM:
    case B_MIN:
    case B_MAX:
        gen_sum_min_max_walk(G, h, n);
        break;
    case B_DISTINCT:
        gen_distinct_walk(G, h, n);
        break;
    default:
        buf_puts(h, "    (void)s;\n    (void)V;\n    return 0;\n}\n\n");
    }
}

/* Aggregate helpers are emitted the first time code refers to them:
 * agg<k>(s, V) for count, every, any, sum, min, max, distinct, first;
 * mvall<k>(s, V, to, bottom) for 'move all'. Each is built in its own
 * buffer, since its filter may need other helpers first. */
static void need_agg(Gen *G, const Node *n)
{
    int k = n->helper_no;
    if (!first_use(G, n->kind == N_MOVEALL ? HELPER_MVALL : HELPER_AGG, k))
        return;
    Buf h = {0};
    buf_printf(&h, "/* %s(...) at %s:%d */\n", snippet(n), where(G, n), n->loc.line);
    if (n->kind == N_MOVEALL)
        gen_move_all_helper(G, &h, n);
    else
        gen_agg_helper(G, &h, n);
    label_frames(G, &h, 0);
    buf_puts(&G->helpers, h.data);
    buf_free(&h);
}

/* ---- the two copies of a proc -------------------------------------------- */

/* Every proc is emitted twice from the same statements. The resumable copy,
 * proc_x(s, f), keeps its locals in its frame f and returns to run() to
 * wait for a decision or to call a proc; run() calls it again later and a
 * switch on f->pc resumes it where it left. The direct copy, dproc_x(s, d,
 * ...), is a plain C function whose decisions d answers inline (simulate).
 * The functions of this section are all that differs between the two
 * (G->direct says which is being emitted), so that each statement is
 * written once. A func is the third kind of function: it cannot decide or
 * call a proc, and it returns 0 once the game has stopped. */

/* What the function being emitted returns once the game has stopped. */
const char *stop_value(const Gen *G)
{
    return G->in_proc && !G->direct ? "R_STOP" : "0";
}

/* Stops a proc if the game is over (a fault, or its end); a func goes on,
 * its caller checks. */
void gen_stop_if_over(Gen *G)
{
    if (G->in_proc) {
        line(G, "if (s->core.over)");
        line(G, "    return %s;", stop_value(G));
    }
}

/* A point where run() resumes the resumable copy: a case of its switch on
 * f->pc, written at the switch's indent. */
void gen_resume_point(Gen *G, int pc)
{
    int save = G->indent;
    G->indent = 1;
    line(G, "case %d:", pc);
    G->indent = save;
}

/* Waits for the answer to the decision whose options were just offered:
 * with one option it is taken at once and counted (take_only), with none
 * the game faults. The
 * resumable copy returns R_WAIT and resumes here; the direct copy asks d,
 * at the coverage site of the choice. */
static void gen_wait(Gen *G, const Node *choice)
{
    if (G->direct) { /* the copy simulate plays: its decisions are coverage sites */
        int nopts, cov = cov_decision(G, choice, &nopts);
        line(G, "if (!decide_site(s, %d, %d, %d, d))", site(G), cov, nopts);
        line(G, "    return 0;");
        return;
    }
    int pc = G->pc++;
    agents_told_site(G, choice, pc);
    line(G, "if (s->core.over)");
    line(G, "    return R_STOP;");
    line(G, "if (s->core.dec.noptions == 0) {");
    line(G, "    fault(s, F_NO_OPTION, %d, 0);", site(G));
    line(G, "    return R_STOP;");
    line(G, "}");
    line(G, "if (s->core.dec.noptions > 1) {");
    line(G, "    f->pc = %d;", pc);
    line(G, "    return R_WAIT;");
    line(G, "}");
    line(G, "if (!take_only(s))");
    line(G, "    return R_STOP;");
    line(G, "/* fall through */");
    gen_resume_point(G, pc);
}

/* Offers the options of an 'ask': yes, then no. The direct copy's random
 * policy (d->fn NULL) needs only their number. */
static void gen_offer_yes_no(Gen *G)
{
    if (G->direct) {
        line(G, "if (d->fn)");
        line(G, "    add_yes_no(s, %d);", site(G));
        line(G, "else");
        line(G, "    s->core.dec.noptions = 2;");
    } else {
        line(G, "add_yes_no(s, %d);", site(G));
    }
}

/* The C of the answer to an 'ask', once decided: 1 for yes. */
static const char *yes_taken(const Gen *G)
{
    return G->direct ? "d->fn ? chosen_yes(s) : s->core.dec.chosen == 0" : "chosen_yes(s)";
}

/* Does this copy answer a choice by kind from the number of its options,
 * without listing them (gen_choose_by_count)? The direct copy does: its
 * random policy needs only that number, and then the option it chose. */
static bool counts_options(const Gen *G)
{
    return G->direct;
}

/* The direct copy calls dproc_x(s, d, args) and goes on unless the game
 * stopped meanwhile. */
static void gen_call_direct(Gen *G, const Node *c, const char *target)
{
    Buf b = {0};
    buf_printf(&b, "dproc_%s(s, d", CNAME(c->sym));
    for (const Node *a = c->args; a; a = a->next)
        buf_printf(&b, ", %s", expr_str(G, a));
    buf_puts(&b, ")");
    if (target) {
        line(G, "{");
        line(G, "    int32_t r = %s;", b.data);
        line(G, "    if (s->core.over)");
        line(G, "        return 0;");
        line(G, "    %s = r;", target);
        line(G, "}");
    } else {
        line(G, "%s;", b.data);
        if (!G->returns_next) /* else the return that follows does as well */
            gen_stop_if_over(G);
    }
    buf_free(&b);
}

/* The resumable copy pushes the callee's frame with its arguments and
 * returns R_CALL; run() runs the callee and resumes the caller here, with
 * the result in s->ret. */
static void gen_call_resumable(Gen *G, const Node *c, const char *target)
{
    line(G, "{");
    G->indent++;
    int i = 0;
    for (const Node *a = c->args; a; a = a->next, i++)
        line(G, "int32_t a%d = %s;", i, expr_str(G, a));
    /* too deep a call faults at the proc called, as the direct copy's
     * guard does (gen_dproc) */
    gen_push_call(G, site_of(G, c->sym->decl), arena_printf(G->a, "P_%s", CNAME(c->sym)), "a", i);
    if (target)
        line(G, "%s = s->ret;", target);
    gen_stop_if_over(G);
}

void gen_push_call(Gen *G, int callee, const char *proc, const char *argprefix, int n)
{
    line(G, "Frame *nf = push(s, %d, %s);", callee, proc);
    line(G, "if (!nf)");
    line(G, "    return R_STOP;");
    for (int j = 0; j < n; j++)
        line(G, "nf->v[%d] = %s%d;", j, argprefix, j);
    G->indent--;
    line(G, "}");
    int pc = G->pc++;
    line(G, "f->pc = %d;", pc);
    line(G, "return R_CALL;");
    gen_resume_point(G, pc);
}

/* Calls proc c, its result going to target (a C lvalue) or nowhere. */
static void gen_call_proc(Gen *G, const Node *c, const char *target)
{
    if (G->direct)
        gen_call_direct(G, c, target);
    else
        gen_call_resumable(G, c, target);
}

/* tail: RETURN | RETURN expr. The resumable copy leaves its result in
 * s->ret for the caller and returns R_RETURN: run() pops its frame. */
static void gen_return(Gen *G, const Node *n)
{
    if (G->bf && G->in_proc) { /* a clause before an event: no result */
        if (G->nopen_time)
            gen_time_leave(G, true);
        gen_before_epilogue(G);
        line(G, "return %s;", G->direct ? "0" : "R_RETURN");
        return;
    }
    if (gen_time_return(G, n))
        return;
    if (G->in_proc && !G->direct) {
        if (n->result)
            line(G, "s->ret = %s;", expr_str(G, n->result));
        line(G, "return R_RETURN;");
    } else {
        line(G, "return %s;", n->result ? expr_str(G, n->result) : "0");
    }
}

/* ---- decisions ---------------------------------------------------------- */

/* The index in the game's table of words (emit_words) of the first name
 * of a card type (t T_TYPE), a card kind (T_NAME) or a value of
 * attribute attr (T_VALUE). */
static int word_base(const Gen *G, Type t, int attr)
{
    const CardSet *cs = G->cs;
    if (t == T_TYPE)
        return 0;
    int base = cs->ntypes + cs->ncards;
    if (t == T_NAME)
        return cs->ntypes;
    for (int a = 0; a < attr; a++)
        base += cs->attrs[a]->nvalues;
    return base;
}

/* The index in the game's table of words of the first card name (t
 * T_NAME) or the first value of attribute attr (T_VALUE): value_word adds
 * a name's or a value's index. */
int value_word_base(const Gen *G, Type t, int attr)
{
    return word_base(G, t, attr);
}

/* The C of word e of a prompt or label, as the int32_t rt_words reads. */
static const char *word_value(Gen *G, const Node *e)
{
    const char *v = unparen(G, expr_str(G, e));
    if (e->type == T_VALUE)
        return arena_printf(G->a, "value_word(%d, %s)", word_base(G, T_VALUE, e->attr), v);
    if (e->type == T_NAME || e->type == T_TYPE)
        return arena_printf(G->a, "%d + (%s)", word_base(G, e->type, 0), v);
    return arena_printf(G->a, "(int32_t)(%s)", v);
}

/* The values words w (WORDS, or NULL) are built from: "a, b, c", a 0 for
 * each word it has not. */
const char *words_args(Gen *G, const Node *w)
{
    const char *v[MAX_WORDS] = {"0", "0", "0"};
    int k = 0;
    for (const Node *e = w ? w->items : NULL; e && k < MAX_WORDS; e = e->next)
        v[k++] = word_value(G, e);
    return arena_printf(G->a, "%s, %s, %s", v[0], v[1], v[2]);
}

/* Begins decision n of its player (checked unless surely in range), with
 * no options yet, and the values of its prompt if it is built from some. */
static void gen_begin_decision(Gen *G, const Node *n)
{
    const Node *player = n->who;
    if (G->g->uses_out) /* a player out of the game is never asked */
        line(G, "decision_live(s, %d, %s, %d);", site(G), expr_str(G, player), n->prompt);
    else if (player->seat_in_range)
        line(G, "decision_in(s, %s, %d);", expr_str(G, player), n->prompt);
    else
        line(G, "decision(s, %d, %s, %d);", site(G), expr_str(G, player), n->prompt);
    if (n->words)
        line(G, "prompt_words(s, %lld, %s);", n->words->nitems,
             words_args(G, n->words));
    if (n->announced)
        line(G, "announce_decision(s);");
}

/* Adds option o (a menu's option, or an 'else') leading to branch k: its
 * label, or the values of its label built from some. */
static void gen_add_text(Gen *G, const Node *o, int k, const char *indent)
{
    if (o->words)
        line(G, "%sadd_words(s, %d, %d, %d, %s);", indent, site(G), o->label, k,
             words_args(G, o->words));
    else
        line(G, "%sadd_text(s, %d, %d, %d);", indent, site(G), o->label, k);
}

/* The options of a choice across players' zones (CHOOSECARD's each):
 * for each player its source keeps, the cards of that player's zone from
 * the top down, one per name and player, one per copy of a card that
 * may hold cards (add_card_of). */
static void gen_owner_options(Gen *G, Buf *hb, const Node *n)
{
    const Node *e = n->each, *src = n->src;
    buf_printf(hb, "    for (int q = 0; q < s->core.nplayers; q++) {\n        V[%d] = q;\n",
               e->slot);
    if (G->g->uses_out) /* a player out of the game is in no source */
        buf_puts(hb, "        if (p_out(s, q))\n            continue;\n");
    if (e->filter)
        buf_printf(hb, "        if (!(%s))\n            continue;\n",
                   unparen(G, expr_str(G, e->filter)));
    buf_puts(hb, "        {\n");
    source_loop_dir(G, hb, src, "            ", true);
    buf_printf(hb, "                add_card_of(s, %d, V[%d], q);\n            }\n        }\n"
                   "    }\n}\n\n", site(G), src->slot);
}

/* Options of 'choose card' / 'choose player': one per card name (the
 * first card of each), or per player. */
static void gen_option_helper(Gen *G, const Node *n, int k)
{
    const Node *src = n->src;
    bool cards = n->kind == N_CHOOSECARD;
    bool holders = cards && holders_possible(G, src);
    bool unordered = cards && src->heap && !holders;
    Buf hb = {0};
    unsigned long long m = src->kinds;
    buf_printf(&hb, "/* the options of the choice at %s:%d */\n", where(G, n), n->loc.line);
    buf_printf(&hb, "static void opts%d(State *s, int32_t *V)\n{\n", k);
    if (cards && n->each) {
        gen_owner_options(G, &hb, n);
    } else if (holders) {
        /* Cards that may hold cards: two copies are not alike (each its
         * own option), and the cards under holders are not alike under two
         * of them. */
        source_loop_dir(G, &hb, src, "    ", true);
        buf_printf(&hb, "        %s(s, %d, V[%d]);\n    }\n}\n\n",
                   src->src_kind == SRC_HELD ? "add_held_card" : "add_holder_card", site(G),
                   src->slot);
    } else if (n->by_kind) {
        /* An unordered zone and a filter on the card alone: the kinds wanted
         * present, in kind order, each by the first card of its list; and,
         * for the random policy, which reads only how many options there
         * are, their number and the i-th without writing them. */
        const char *slot = expr_str(G, src->in);
        buf_printf(&hb, "    (void)V;\n    int slot = %s;\n"
                        "    for (uint64_t b = s->kmask[slot] & 0x%llxULL; b; b &= b - 1)\n"
                        "        add_kind(s, %d, s->khead[slot][__builtin_ctzll(b)]);\n}\n\n"
                        "static inline RT_UNUSED int32_t opts%d_count(State *s, int slot)\n{\n"
                        "    return kpop(s->kmask[slot] & 0x%llxULL);\n}\n\n"
                        "static inline RT_UNUSED int32_t opts%d_nth(State *s, int slot, int i)\n{\n"
                        "    return s->khead[slot][nth_bit(s->kmask[slot] & 0x%llxULL, i)];\n}\n\n",
                   slot, m, site(G), k, m, k, m);
    } else if (unordered && src->filter && src->kind_level) {
        /* An unordered zone and a filter that reads the card only through
         * its kind: tested once per kind present, in kind order. */
        const char *slot = expr_str(G, src->in), *f = unparen(G, expr_str(G, src->filter));
        buf_printf(&hb, "    int slot = %s;\n"
                        "    for (uint64_t b = s->kmask[slot] & 0x%llxULL; b; b &= b - 1) {\n"
                        "        V[%d] = s->khead[slot][__builtin_ctzll(b)];\n"
                        "        if (%s)\n            add_kind(s, %d, V[%d]);\n    }\n}\n\n",
                   slot, src->kinds_possible, src->slot, f, site(G), src->slot);
    } else if (cards && src->src_kind == SRC_ZONE && src->kinds_known && !holders) {
        /* A filter on the card alone: the kinds wanted are known from the
         * zone's mask; the same top-down walk, stopped once all are found. */
        buf_printf(&hb, "    (void)V;\n    int slot = %s;\n"
                        "    uint64_t want = s->kmask[slot] & 0x%llxULL;\n"
                        "    for (int i = s->zsize[slot] - 1; i >= 0 && want; i--) {\n"
                        "        int c = s->zcard[slot][i];\n"
                        "        uint64_t b = KBIT(instance_card[c]);\n"
                        "        if (want & b) {\n            want &= ~b;\n"
                        "            add_card(s, %d, c);\n        }\n    }\n}\n\n",
                   expr_str(G, src->in), m, site(G));
    } else if (cards && src->src_kind == SRC_ZONE && src->filter && KMASK_OK(G) &&
               src->kind_level) {
        /* A filter that reads the state but the card only through its kind:
         * tested once per kind (the state does not change meanwhile). */
        const char *slot = expr_str(G, src->in), *f = unparen(G, expr_str(G, src->filter));
        buf_printf(&hb, "    int slot = %s;\n    uint64_t seen = 0;\n"
                        "    for (int i = s->zsize[slot] - 1; i >= 0; i--) {\n"
                        "        V[%d] = s->zcard[slot][i];\n"
                        "        uint64_t b = KBIT(instance_card[V[%d]]);\n"
                        "        if (seen & b)\n            continue;\n"
                        "        seen |= b;\n"
                        "        if (%s)\n            add_card(s, %d, V[%d]);\n    }\n}\n\n",
                   slot, src->slot, src->slot, f, site(G), src->slot);
    } else {
        /* (under every holder: a card of a kind per holder's slot) */
        source_loop_dir(G, &hb, src, "    ", true);
        buf_printf(&hb, "        %s(s, %d, V[%d]);\n    }\n}\n\n",
                   !cards ? "add_player" : src->src_kind == SRC_HELD ? "add_held_card"
                   : "add_card", site(G), src->slot);
    }
    label_frames(G, &hb, 0);
    buf_puts(&G->helpers, hb.data);
    buf_free(&hb);
}

/* The options of a choice of a card or a player: opts<k>(s, V), the helper
 * gen_option_helper writes once for both copies of the proc (one option
 * per card name, the first card of each, or one per player), then the
 * 'else' unless its 'when' fails. */
static void gen_option_source(Gen *G, const Node *n)
{
    int k = n->helper_no;
    if (first_use(G, HELPER_OPTS, k))
        gen_option_helper(G, n, k);
    line(G, "opts%d(s, V);", k);
    if (n->els) {
        if (n->els->guard)
            line(G, "if (%s)", unparen(G, expr_str(G, n->els->guard)));
        gen_add_text(G, n->els, 0, n->els->guard ? "    " : "");
    }
}

/* The C of a 'such that', its conjuncts the caps guarantee left out. */
static const char *such_str(Gen *G, const Node *c)
{
    if (c->kind == N_BINARY && c->binop == OP_AND) {
        const char *lhs = such_str(G, c->lhs), *rhs = such_str(G, c->rhs);
        return arena_printf(G->a, "(%s && %s)", lhs, rhs);
    }
    if (c->implied_by_caps)
        return "1 /* guaranteed by the caps */";
    return expr_str(G, c);
}

/* caps<k>[kind]: at most how many cards of each kind a set of choice k
 * takes, from the kinds of which the 'such that' allows one (mask one). */
static void gen_caps_table(Gen *G, int k, unsigned long long one)
{
    Buf cb = {0};
    buf_printf(&cb, "/* caps%d[k]: at most this many cards of kind k in a set */\n"
                    "static const uint8_t caps%d[NCARDS] = {", k, k);
    for (int i = 0; i < G->cs->ncards; i++)
        buf_printf(&cb, "%s%d", i ? ", " : "", (one >> i) & 1 ? 1 : RT_MAX_PICK_SEMA);
    buf_puts(&cb, "};\n\n");
    buf_puts(&G->helpers, cb.data);
    buf_free(&cb);
}

/* The card names source src may hold, as a mask of kinds (all of them if
 * the game has more than 64): those its filter may keep where the kinds
 * analysis knows (sema_limits.c's names_kept counts them for a game of
 * any size, reading the filter once per name). */
static unsigned long long names_kept_mask(const CardSet *cs, const Node *src)
{
    if (cs->ncards > 64)
        return ~0ULL;
    unsigned long long all = cs->ncards == 64 ? ~0ULL : (1ULL << cs->ncards) - 1;
    if (src->kinds_known)
        return src->kinds;
    return src->kind_level ? src->kinds_possible & all : all;
}

/* bound<k>[j]: at most how many sets of j cards (j <= RT_MAX_PICK) choice
 * k may have, from the card list alone: the multisets of j names its
 * source may hold, each name at most as often as the list has it, or once
 * where the 'such that' allows one (mask one); more than RT_MAX_OPTIONS is
 * RT_MAX_OPTIONS + 1. Returns the most cards a set may take (capped). */
static long long gen_bound_table(Gen *G, const Node *n, int k)
{
    enum { MORE = RT_MAX_OPTIONS_SEMA + 1 };
    const CardSet *cs = G->cs;
    unsigned long long kept = names_kept_mask(cs, n->src), one = n->one_per_kind;
    long long m[RT_MAX_PICK_SEMA + 1] = {1}, most = 0;
    for (int i = 0; i < cs->ncards; i++) {
        if (i < 64 && !((kept >> i) & 1))
            continue;
        long long cap = i < 64 && ((one >> i) & 1) ? 1 : cs->cards[i]->count;
        most = most + cap < (1LL << 30) ? most + cap : 1LL << 30;
        /* m times (1 + x + ... + x^cap), up to x^RT_MAX_PICK */
        for (int j = RT_MAX_PICK_SEMA; j >= 1; j--)
            for (long long t = 1; t <= cap && t <= j; t++)
                m[j] = m[j] + m[j - t] < MORE ? m[j] + m[j - t] : MORE;
    }
    Buf b = {0};
    buf_printf(&b, "/* bound%d[j]: at most this many sets of j cards (%d: more) */\n"
                   "static const uint16_t bound%d[RT_MAX_PICK + 1] = {", k, MORE, k);
    for (int j = 0; j <= RT_MAX_PICK_SEMA; j++)
        buf_printf(&b, "%s%lld", j ? ", " : "", m[j]);
    buf_puts(&b, "};\n\n");
    buf_puts(&G->helpers, b.data);
    buf_free(&b);
    return most;
}

/* Is `c`, a 'such that' or a part of one, a function of the candidate's
 * kinds alone, so that testing a candidate again gives the same answer and
 * does nothing else? Its parts are conjuncts the caps guarantee (C's 1),
 * numbers and truth values, `not`, `and`, `or` and comparisons (which
 * cannot fault), and any, every and distinct over `chosen` read from the
 * candidate's kinds (gen_kind_agg: a mask, no step counted, no random
 * number, no fault). Anything else (a count, arithmetic, a func, the
 * state, a local) may answer otherwise or count steps, and keeps the
 * choice listed whole. */
static bool such_replayable(const Gen *G, const Node *c)
{
    if (c->implied_by_caps)
        return true;
    switch (c->kind) {
    case N_NUM:
    case N_BOOLLIT:
        return true;
    case N_UNARY:
        return c->unop == UOP_NOT && such_replayable(G, c->operand);
    case N_BINARY:
        return !binop_arith(c->binop) && c->binop != OP_IN && such_replayable(G, c->lhs) &&
               such_replayable(G, c->rhs);
    case N_CALL:
        break;
    default:
        return false;
    }
    const Node *src = c->args;
    if (c->sym || !src || src->kind != N_SOURCE || src->src_kind != SRC_CHOSEN ||
        !src->kinds_known || !KMASK_OK(G))
        return false;
    if (c->builtin == B_ANY || c->builtin == B_ALL)
        return true;
    if (c->builtin != B_DISTINCT)
        return false;
    int nv = c->attr == ATTR_TYPE ? G->cs->ntypes : c->attr == ATTR_NAME ? G->cs->ncards
                                                  : G->cs->attrs[c->attr]->nvalues;
    return nv <= 64;
}

/* The size of the memo of 'choose cards' n (rt_game.h, sets_key: the
 * product, over the kinds of its mask, of 1 + the cards a set may take of
 * the kind), or 0 where it keeps none: its sizes are not numbers written
 * in the rules (the key would not hold them), its 'such that' reads the
 * candidate's cards, its mask has more than 16 kinds (a shape holds 16
 * groups) or the memo would pass 4096 entries. */
static long long sets_memo_size(const Node *n, unsigned long long one, bool cand)
{
    const Node *lo = n->size->items, *hi = lo->next;
    if (cand || lo->kind != N_NUM || hi->kind != N_NUM ||
        __builtin_popcountll(n->src->kinds) > 16)
        return 0;
    long long size = 1;
    for (unsigned long long b = n->src->kinds; b; b &= b - 1) {
        int k = __builtin_ctzll(b);
        size *= (one >> k) & 1 ? 2 : RT_MAX_PICK_SEMA + 1;
        if (size > 4096)
            return 0;
    }
    return size;
}

/* Does the direct copy count the sets of 'choose cards' n from a memo,
 * and build only the one its random policy chose (sets<k>_count and
 * sets<k>_nth), rather than list them all? Where its source is an
 * unordered zone read by kinds, its 'such that' may be tested again
 * (such_replayable) and it keeps a memo (sets_memo_size): counting the
 * sets by walking them, and walking again to the one chosen, costs more
 * than listing them once. */
static bool sets_counted(const Gen *G, const Node *n)
{
    return n->by_kind && (!n->such || such_replayable(G, n->such)) &&
           sets_memo_size(n, n->one_per_kind, false) > 0;
}

/* sets<k>_count(s, V, slot, lo, hi): the sets of choice k counted into
 * the pending decision (0 if they cannot be listed whole, as sets<k>);
 * sets<k>_nth(s, V, slot, lo, hi, i): the set of option i into sset. Both
 * from the memo by the counts of the slot's kinds (sets_memo_size). */
static void gen_sets_counted(Gen *G, Buf *hb, const Node *n, int k, const char *caps,
                             const char *ok, long long most)
{
    unsigned long long km = n->src->kinds;
    buf_printf(hb, "/* the sets of the choice by the counts of its kinds (sets_key) */\n"
                   "static _Thread_local SetsMemo setsmemo%d[%lld];\n"
                   "static _Thread_local SetsPool setspool%d;\n"
                   "/* sets_listed by the zone's size (lo and hi are the rules' numbers):\n"
                   " * 0 not worked out yet, else 1 + its answer */\n"
                   "static _Thread_local uint8_t setslisted%d[NINSTANCES + 1];\n\n",
               k, sets_memo_size(n, n->one_per_kind, false), k, k);
    buf_printf(hb, "static inline RT_UNUSED int sets%d_count(State *s, int32_t *V, int slot, "
                   "int lo, int hi)\n{\n"
                   "    int zn = s->zsize[slot];\n"
                   "    if (!setslisted%d[zn])\n"
                   "        setslisted%d[zn] = (uint8_t)(1 + sets_listed(zn, lo, hi, bound%d, "
                   "%lld));\n"
                   "    if (setslisted%d[zn] == 1)\n"
                   "        return 0;\n"
                   "    return sets_memo_count(s, %d, V, slot, 0x%llxULL, lo, hi, %s, %s, "
                   "setsmemo%d, &setspool%d);\n}\n\n",
               k, k, k, k, most, k, site(G), km, caps, ok, k, k);
    buf_printf(hb, "static inline RT_UNUSED void sets%d_nth(State *s, int32_t *V, int slot, "
                   "int lo, int hi, int i)\n{\n"
                   "    sets_memo_nth(s, %d, V, slot, 0x%llxULL, lo, hi, %s, %s, setsmemo%d, "
                   "&setspool%d, i);\n}\n\n",
               k, site(G), km, caps, ok, k, k);
}

/* The helpers of 'choose cards' number k: such<k>(s, V), its 'such that',
 * and sets<k>(s, V, lo, hi, step), which offers the sets of lo..hi cards
 * of its source that pass it (0 if they cannot be listed whole), or with
 * step the options of a step of the set built one card at a time (0 when
 * it is complete): the cards grouped from the kind lists of an unordered
 * zone, else walked top down and grouped by kind. */
static void gen_sets_helper(Gen *G, const Node *n, int k)
{
    const Node *src = n->src;
    Buf hb = {0};
    buf_printf(&hb, "/* the sets of cards of the choice at %s:%d */\n", where(G, n),
               n->loc.line);
    G->reads_cand = false;
    if (n->such)
        buf_printf(&hb, "static int such%d(State *s, int32_t *V)\n{\n    (void)V;\n"
                        "    return %s;\n}\n\n", k, such_str(G, n->such));
    bool cand = G->reads_cand; /* else the condition reads the kinds only */
    unsigned long long km = src->kinds;
    bool by_kinds = n->by_kind;
    buf_printf(&hb, "static int sets%d(State *s, int32_t *V, int lo, int hi, int step)\n{\n", k);
    if (!by_kinds) {
        buf_puts(&hb, "    uint16_t pick[NINSTANCES];\n    int n = 0, zn = NINSTANCES;\n    {\n");
        source_loop_dir(G, &hb, src, "        ", true);
        buf_printf(&hb, "            pick[n++] = (uint16_t)V[%d];\n        }\n", src->slot);
        if (src->src_kind == SRC_ZONE)
            buf_puts(&hb, "        zn = s->zsize[slot];\n");
        buf_puts(&hb, "    }\n");
    }
    unsigned long long one = n->one_per_kind;
    const char *caps = "NULL";
    if (one) {
        gen_caps_table(G, k, one);
        caps = arena_printf(G->a, "caps%d", k);
    }
    const char *ok = n->such ? arena_printf(G->a, "such%d", k) : "NULL";
    int done = G->g->done_label;
    long long most = gen_bound_table(G, n, k);
    if (by_kinds)
        buf_printf(&hb, "    int slot = %s;\n    if (step)\n"
                        "        return set_step_kinds(s, %d, V, slot, 0x%llxULL, %s, %s, %d);\n"
                        "    if (!sets_listed(s->zsize[slot], lo, hi, bound%d, %lld))\n"
                        "        return 0;\n"
                        "    return add_sets_kinds(s, %d, V, slot, 0x%llxULL, lo, hi, %s, %s, %d);"
                        "\n}\n\n",
                   expr_str(G, src->in), site(G), km, caps, ok, done, k, most, site(G), km,
                   caps, ok, cand);
    else
        buf_printf(&hb, "    if (step)\n        return set_step(s, %d, V, pick, n, %s, %s, %d);\n"
                        "    if (!sets_listed(zn, lo, hi, bound%d, %lld))\n        return 0;\n"
                        "    return add_sets(s, %d, V, pick, n, lo, hi, %s, %s, %d);\n}\n\n",
                   site(G), caps, ok, done, k, most, site(G), caps, ok, cand);
    if (sets_counted(G, n))
        gen_sets_counted(G, &hb, n, k, caps, ok, most);
    label_frames(G, &hb, 0);
    buf_puts(&G->helpers, hb.data);
    buf_free(&hb);
}

/* The steps of 'choose cards' number k whose sets are too many to list
 * whole: a decision each, with its prompt, offering a card of each name
 * that can still complete a set (then "Done"), until the set in sset is
 * complete (LANGUAGE.md §7, "Many cards, one at a time"). */
static void gen_set_steps(Gen *G, const Node *n, int k)
{
    line(G, "for (;;) {");
    G->indent++;
    gen_begin_decision(G, n);
    line(G, "s->sset_step = 1;");
    line(G, "if (!sets%d(s, V, 0, 0, 1))", k);
    line(G, "    break;");
    gen_wait(G, n);
    line(G, "if (!set_step_took(s))");
    line(G, "    break;");
    G->indent--;
    line(G, "}");
    line(G, "s->sset_step = 0;");
}

/* The end of a choice of sets, listed or counted: the branch taken when
 * there are too many sets to list, which asks for one card at a time. */
static void gen_else_set_steps(Gen *G, const Node *n, int k)
{
    G->indent--;
    line(G, "} else { /* too many sets to list: one card at a time */");
    G->indent++;
    gen_set_steps(G, n, k);
    G->indent--;
    line(G, "}");
}

/* The sets of 'choose cards' n (number k) where the direct copy counts
 * them (sets_counted): with the random policy (d->fn NULL), their number,
 * and once it chose, a walk to the set chosen; a chooser d->fn sees them
 * listed. The zone is found once, after the decision opens, as sets<k>
 * finds it: its expression may draw a number or fault. */
static void gen_choose_counted_sets(Gen *G, const Node *n, int k)
{
    line(G, "{");
    G->indent++;
    line(G, "int kslot = d->fn ? 0 : %s;", expr_str(G, n->src->in));
    line(G, "if (d->fn ? sets%d(s, V, s->sset_lo, s->sset_hi, 0)", k);
    line(G, "          : sets%d_count(s, V, kslot, s->sset_lo, s->sset_hi)) {", k);
    G->indent++;
    gen_wait(G, n);
    line(G, "if (d->fn)");
    line(G, "    set_from_option(s);");
    line(G, "else");
    line(G, "    sets%d_nth(s, V, kslot, s->sset_lo, s->sset_hi, s->core.dec.chosen);", k);
    gen_else_set_steps(G, n, k);
    G->indent--;
    line(G, "}");
}

/* Is `to` (a zone, or zone[i]) an ordered zone (1) or not (0)? -1 when
 * the C cannot tell from the rules which zone it is. */
static int to_zone_ordered(const Node *to)
{
    const Node *id = to->kind == N_INDEX ? to->base : to;
    if (id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return -1;
    return !!(id->sym->decl->zflags & ZF_ORDERED);
}

/* stmt: CHOOSE CARDS expr STRING FROM src INTO expr SIZE expr DOTDOT expr
 *       opt_such: its sets listed whole when they fit, else its steps; then
 *       the set chosen (sset) moves */
static void gen_choose_cards(Gen *G, const Node *n)
{
    int k = n->helper_no;
    if (first_use(G, HELPER_SETS, k))
        gen_sets_helper(G, n, k);
    const char *lo = expr_str(G, n->size->items), *hi = expr_str(G, n->size->items->next);
    line(G, "set_begin(s, %s, %s);", lo, hi);
    gen_begin_decision(G, n);
    if (counts_options(G) && sets_counted(G, n)) {
        gen_choose_counted_sets(G, n, k);
    } else {
        line(G, "if (sets%d(s, V, s->sset_lo, s->sset_hi, 0)) {", k);
        G->indent++;
        gen_wait(G, n);
        line(G, "set_from_option(s);");
        gen_else_set_steps(G, n, k);
    }
    if (move_before_heard(G, n->into)) /* instead of (cgen_move_befores.c) */
        gen_take_set_before(G, expr_str(G, n->into), move_heard(G, n->into));
    else if (move_heard(G, n->into))
        gen_take_set_heard(G, expr_str(G, n->into));
    else if (to_zone_ordered(n->into) >= 0) /* mv_card_as, folded for the zone */
        line(G, "take_sset_into(s, %d, %s, %d);", site(G), expr_str(G, n->into),
             to_zone_ordered(n->into));
    else
        line(G, "take_sset_at(s, %d, %s);", site(G), expr_str(G, n->into));
    gen_stop_if_over(G);
}

/* decision: ASK expr STRING, and cond: ASK expr STRING */
static void gen_ask(Gen *G, const Node *n, const char *target)
{
    gen_begin_decision(G, n);
    gen_offer_yes_no(G);
    gen_wait(G, n);
    if (target)
        line(G, "%s = %s;", target, yes_taken(G));
}

/* A choice by kind (Node.by_kind) where the copy counts its options
 * (counts_options): the random policy (d->fn NULL) needs only their number,
 * and then the one it chose; a chooser d->fn sees them listed. */
static void gen_choose_by_count(Gen *G, const Node *n, const char *target)
{
    int k = n->helper_no;
    if (first_use(G, HELPER_OPTS, k))
        gen_option_helper(G, n, k);
    gen_begin_decision(G, n);
    line(G, "{");
    G->indent++;
    /* the zone is found once: its expression may draw a number */
    line(G, "int kslot = 0;");
    line(G, "int32_t ncards = 0;");
    line(G, "if (!d->fn) {");
    line(G, "    kslot = %s;", expr_str(G, n->src->in));
    line(G, "    ncards = opts%d_count(s, kslot);", k);
    line(G, "}");
    line(G, "if (d->fn) {");
    G->indent++;
    gen_option_source(G, n);
    G->indent--;
    line(G, "} else {");
    if (n->els && n->els->guard)
        line(G, "    s->core.dec.noptions = (int16_t)(ncards + !!(%s));",
             unparen(G, expr_str(G, n->els->guard)));
    else
        line(G, "    s->core.dec.noptions = (int16_t)(ncards + %d);", n->els != NULL);
    line(G, "}");
    gen_wait(G, n);
    if (target)
        line(G, "%s = d->fn ? chosen_value(s) : s->core.dec.chosen < ncards "
                "? opts%d_nth(s, kslot, s->core.dec.chosen) : -1;", target, k);
    G->indent--;
    line(G, "}");
}

/* decision: CHOOSE CARD expr STRING FROM src opt_else
 *         | CHOOSE PLAYER expr STRING FROM src opt_else */
static void gen_choose_one(Gen *G, const Node *n, const char *target)
{
    if (counts_options(G) && n->by_kind && !holders_possible(G, n->src)) {
        gen_choose_by_count(G, n, target);
        return;
    }
    gen_begin_decision(G, n);
    gen_option_source(G, n);
    gen_wait(G, n);
    if (target)
        line(G, "%s = chosen_value(s);", target);
}

/* A decision whose value goes to `target` (a C lvalue), or nowhere. */
static void gen_decision(Gen *G, const Node *n, const char *target)
{
    switch (n->kind) {
    case N_ASK:          gen_ask(G, n, target); return;
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER: gen_choose_one(G, n, target); return;
    case N_CHOOSEVALUE:  gen_choose_value(G, n, target); return;
    case N_CHOOSECARDS:  gen_choose_cards(G, n); return;
    default:             return;
    }
}

/* ---- statements --------------------------------------------------------- */

static bool is_decision(const Node *n)
{
    return n->kind == N_ASK || n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
           n->kind == N_CHOOSEVALUE || n->kind == N_CHOOSECARDS;
}

static bool is_proc_call(const Node *n)
{
    return n->kind == N_CALL && n->sym && n->sym->kind == S_PROC;
}

/* lvalue: IDENT | IDENT '[' expr ']' (a per-player variable) */
static const char *lvalue_str(Gen *G, const Node *lv)
{
    if (lv->kind == N_IDENT) {
        Buf b = {0};
        if (lv->sym)
            gen_var(G, &b, lv->sym);
        else
            buf_puts(&b, "V[0]");
        const char *r = arena_strdup(G->a, b.data);
        buf_free(&b);
        return r;
    }
    if (lv->base->sym && lv->base->sym->kind == S_CVAR)
        return arena_printf(G->a, "s->pc_%s[cidx(s, %d, %s)]", lv->base->name, site(G),
                            expr_str(G, lv->index));
    if (lv->index->seat_in_range)
        return arena_printf(G->a, "s->pv_%s[%s]", lv->base->name, expr_str(G, lv->index));
    return arena_printf(G->a, "s->pv_%s[pidx(s, %d, %s)]", lv->base->name, site(G),
                        expr_str(G, lv->index));
}

/* Can working out lvalue lv's place fault: a card variable's card, or a
 * player not proven a seat (lvalue_str checks those, cidx and pidx)? */
static bool lvalue_may_fault(const Node *lv)
{
    return lv->kind != N_IDENT &&
           ((lv->base->sym && lv->base->sym->kind == S_CVAR) || !lv->index->seat_in_range);
}

/* The value of an expression, a decision or a proc call, into `target`. */
static void gen_value_into(Gen *G, const Node *v, const char *target)
{
    if (is_decision(v))
        gen_decision(G, v, target);
    else if (is_proc_call(v))
        gen_call_proc(G, v, target);
    else
        line(G, "%s = %s;", target, expr_str(G, v));
}

/* The head of every loop: a fault stops the rule code here, and a loop
 * that runs too long without a decision faults. */
static void gen_step(Gen *G)
{
    line(G, "if (++s->steps > MAX_STEPS || s->core.over) {");
    line(G, "    fault(s, F_LOOP, %d, 0);", site(G));
    line(G, "    return %s;", stop_value(G));
    line(G, "}");
}

/* The head of a `for`: n steps, the rounds it will make, at once (a `for`
 * over a zone runs in a func, where no card moves). */
static void gen_steps(Gen *G, const char *n)
{
    line(G, "if ((s->steps += %s) > MAX_STEPS || s->core.over) {", n);
    line(G, "    fault(s, F_LOOP, %d, 0);", site(G));
    line(G, "    return %s;", stop_value(G));
    line(G, "}");
}

/* The start of the body of proc p: its call is a step if it calls procs
 * (a func's is counted by its wrapper, fcall_ok), so that a tree of calls
 * is bounded as a loop is. A proc that calls none is called a bounded
 * number of times by counted work. */
static void gen_call_step(Gen *G, const Sym *p)
{
    if (!p->calls_procs)
        return;
    line(G, "if (++s->steps > MAX_STEPS) {");
    line(G, "    fault(s, F_LOOP, %d, 0);", site(G));
    line(G, "    return %s;", stop_value(G));
    line(G, "}");
}

/* e without one outer pair of parentheses, if they enclose all of it:
 * "if ((a == b))" is a warning in clang. */
const char *unparen(Gen *G, const char *e)
{
    size_t n = strlen(e);
    if (n < 2 || e[0] != '(' || e[n - 1] != ')')
        return e;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        depth += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
        if (depth == 0 && i < n - 1)
            return e; /* "(a) + (b)": the first pair closes early */
    }
    return arena_strndup(G->a, e + 1, n - 2);
}

/* cond: expr | ASK expr STRING. The answer to an 'ask' goes to the slot
 * one past the function's locals. */
static const char *gen_cond(Gen *G, const Node *c)
{
    if (c->kind == N_ASK) {
        const char *t = arena_printf(G->a, "V[%d]", G->fn->nlocals);
        gen_decision(G, c, t);
        return t;
    }
    return unparen(G, expr_str(G, c));
}

/* A block one level in. */
static void gen_nested(Gen *G, const Node *blk)
{
    G->indent++;
    gen_block(G, blk);
    G->indent--;
}

/* stmt: LET IDENT '=' expr | LET IDENT '=' decision */
static void gen_let(Gen *G, const Node *n)
{
    gen_value_into(G, n->init, arena_printf(G->a, "V[%d]", n->sym->index));
}

/* Does an assignment of `now` over `was` change what a memo func may read
 * of variable t: the value, or, where such funcs read t only compared
 * with numbers (Sym.memo_cmps), the answer of one of those comparisons
 * (`plays[p] < 2` is as true at 1 as at 0)? A C condition. */
static const char *memo_changed(Gen *G, const Sym *t, const char *was, const char *now)
{
    if (t->memo_read_raw || !t->memo_cmps.len)
        return arena_printf(G->a, "%s != %s", was, now);
    const char *r = "";
    for (int i = 0; i < t->memo_cmps.len; i++) {
        const Node *cmp = t->memo_cmps.items[i];
        bool left = cmp->lhs->kind != N_NUM; /* the variable on the left */
        long long k = (left ? cmp->rhs : cmp->lhs)->literal;
        const char *op = binop_name(cmp->binop), *f = left ? "((%s) %s %lld)" : "(%lld %s (%s))";
        const char *a = left ? arena_printf(G->a, f, was, op, k) : arena_printf(G->a, f, k, op, was);
        const char *b = left ? arena_printf(G->a, f, now, op, k) : arena_printf(G->a, f, k, op, now);
        r = arena_printf(G->a, "%s%s%s != %s", r, i ? " || " : "", a, b);
    }
    return r;
}

/* A number, `true`, `false` or `none`: a value that cannot fault. */
static bool is_literal(const Node *n)
{
    return n->kind == N_NUM || n->kind == N_BOOLLIT || n->kind == N_NONELIT;
}

/* An assignment to variable t, which a memo func reads, of a value worked
 * out here (not a decision's, not a proc's) into a place that cannot
 * fault (a seat proven in range, a global), or of a literal into one that
 * may (pidx, cidx: the place is worked out first, memo_p, and faults as
 * the assignment did): memo_write only where it changes what such a func
 * reads (memo_changed), as it could not tell otherwise. False where the
 * plain assignment and memo_write are needed. */
static bool gen_memo_assign(Gen *G, const Node *n, const Sym *t, const char *lv)
{
    /* a per-player variable funcs read at their key's player only: the
     * answers kept for that seat alone (memo_write_player) */
    bool seat = t->kind == S_PVAR && !t->memo_read_other;
    bool may_fault = lvalue_may_fault(n->target);
    bool literal = n->assign_op == ASSIGN_SET && is_literal(n->rhs);
    if ((may_fault && !literal) ||
        (n->assign_op == ASSIGN_SET && (is_decision(n->rhs) || is_proc_call(n->rhs))))
        return false;
    const char *place = lv, *v;
    line(G, "{");
    if (may_fault || seat) {
        line(G, "    int32_t *memo_p = &%s;", lv);
        place = "*memo_p";
    }
    if (may_fault) {
        v = expr_str(G, n->rhs);
    } else {
        v = n->assign_op == ASSIGN_SET
                ? expr_str(G, n->rhs)
                : arena_printf(G->a, "%s(s, %d, %s, %s)",
                               n->assign_op == ASSIGN_ADD ? "iadd" : "isub", site(G), place,
                               expr_str(G, n->rhs));
        line(G, "    int32_t memo_v = %s;", v);
        v = "memo_v";
    }
    line(G, "    if (%s) /* what a memo func may read of the variable changes */",
         memo_changed(G, t, place, v));
    if (seat)
        line(G, "        memo_write_player(s, (int)(memo_p - s->pv_%s));", t->name);
    else
        line(G, "        memo_write(s);");
    line(G, "    %s = %s;", place, v);
    line(G, "}");
    return true;
}

/* stmt: lvalue '=' expr | lvalue '=' decision | lvalue PLUSEQ expr
 *     | lvalue MINUSEQ expr */
static void gen_assign(Gen *G, const Node *n)
{
    const char *lv = lvalue_str(G, n->target);
    const Sym *t = n->target->kind == N_INDEX ? n->target->base->sym : n->target->sym;
    bool memo = G->g->has_memo && t && t->memo_read;
    if (memo && gen_memo_assign(G, n, t, lv))
        return;
    if (n->assign_op == ASSIGN_SET)
        gen_value_into(G, n->rhs, lv);
    else
        line(G, "%s = %s(s, %d, %s, %s);", lv, n->assign_op == ASSIGN_ADD ? "iadd" : "isub",
             site(G), lv, expr_str(G, n->rhs));
    if (memo)
        line(G, "memo_write(s); /* a variable a memo func may read */");
}

/* stmt: IF cond block else_part
 * else_part: %empty | ELSE block | ELSE IF cond block else_part */
static void gen_if(Gen *G, const Node *n)
{
    line(G, "if (%s) {", gen_cond(G, n->cond));
    gen_nested(G, n->then);
    if (n->els) {
        line(G, "} else {");
        G->indent++;
        gen_stmt(G, n->els);
        G->indent--;
    }
    line(G, "}");
}

/* stmt: WHILE cond block */
static void gen_while(Gen *G, const Node *n)
{
    line(G, "for (;;) {");
    G->indent++;
    gen_step(G);
    line(G, "if (!(%s))", gen_cond(G, n->cond));
    line(G, "    break;");
    G->loops++;
    gen_block(G, n->body);
    G->loops--;
    G->indent--;
    line(G, "}");
}

/* stmt: LOOP block */
static void gen_loop(Gen *G, const Node *n)
{
    line(G, "for (;;) {");
    G->indent++;
    gen_step(G);
    G->loops++;
    gen_block(G, n->block);
    G->loops--;
    G->indent--;
    line(G, "}");
}

/* stmt: REPEAT expr block (the count is taken once, into its slot) */
static void gen_repeat(Gen *G, const Node *n)
{
    line(G, "V[%d] = %s;", n->slot, expr_str(G, n->count));
    line(G, "for (;;) {");
    G->indent++;
    gen_step(G);
    line(G, "if (V[%d]-- <= 0)", n->slot);
    line(G, "    break;");
    G->loops++;
    gen_block(G, n->body);
    G->loops--;
    G->indent--;
    line(G, "}");
}

/* The head of 'for q in players from p' in a game that reverses: round
 * the table in the direction of play when the loop starts (a reverse()
 * in its body turns the next loop). V[slot + 1] holds the first seat,
 * plus RT_MAX_PLAYERS when the direction is reversed. */
static void gen_for_players_turning(Gen *G, const Node *n, const char *from)
{
    int i = n->slot, first = n->slot + 1, q = n->iter->slot;
    line(G, "V[%d] = %s + (s->t_reversed ? RT_MAX_PLAYERS : 0);", first, from);
    line(G, "V[%d] = 0;", i);
    line(G, "for (;;) {");
    G->indent++;
    line(G, "if (V[%d] >= s->core.nplayers)", i);
    line(G, "    break;");
    line(G, "if (V[%d] < RT_MAX_PLAYERS) {", first);
    line(G, "    V[%d] = V[%d] + V[%d]++;", q, first, i);
    line(G, "    if (V[%d] >= s->core.nplayers)", q);
    line(G, "        V[%d] -= s->core.nplayers;", q);
    line(G, "} else {");
    line(G, "    V[%d] = V[%d] - RT_MAX_PLAYERS - V[%d]++;", q, first, i);
    line(G, "    if (V[%d] < 0)", q);
    line(G, "        V[%d] += s->core.nplayers;", q);
    line(G, "}");
}

/* The head of 'for q in players [from p]': each seat once, from p or
 * from seat 0. Bounded (at most RT_MAX_PLAYERS rounds): no step count. The
 * seat wraps round by a subtraction, not a division. V[slot] counts the
 * rounds, V[slot + 1] holds the first seat. */
static void gen_for_players_head(Gen *G, const Node *n)
{
    const Node *src = n->iter;
    int i = n->slot, first = n->slot + 1;
    const char *from = "0";
    if (n->from && n->from->seat_in_range)
        from = expr_str(G, n->from);
    else if (n->from)
        from = arena_printf(G->a, "pidx(s, %d, %s)", site(G), expr_str(G, n->from));
    if (n->from && G->g->uses_reverse) {
        gen_for_players_turning(G, n, from);
    } else {
        line(G, "V[%d] = %s;", first, from);
        line(G, "V[%d] = 0;", i);
        line(G, "for (;;) {");
        G->indent++;
        line(G, "if (V[%d] >= s->core.nplayers)", i);
        line(G, "    break;");
        line(G, "V[%d] = V[%d] + V[%d]++;", src->slot, first, i);
        line(G, "if (V[%d] >= s->core.nplayers)", src->slot);
        line(G, "    V[%d] -= s->core.nplayers;", src->slot);
    }
    const char *skip = player_skipped(G, arena_printf(G->a, "V[%d]", src->slot));
    if (skip) { /* a player out of the game, or immune, is skipped, either way */
        line(G, "if (%s)", skip);
        line(G, "    continue;");
    }
}

/* The names of values(T.name) or values(name) into vals (card indices,
 * in the order of the card list): those of type T, or all. */
static int name_values(Gen *G, Buf *vals, const Node *arg)
{
    int t = arg->kind == N_FIELD ? arg->base->value : -1, nv = 0;
    for (int i = 0; i < G->cs->ncards; i++)
        if (t < 0 || G->cs->cards[i]->type->index == t)
            buf_printf(vals, "%s%d", nv++ ? ", " : "", i);
    return nv;
}

/* The values of values(...) a loop or a choice walks, in order, into vals
 * (C numbers): those a card type allows for values(type.attribute), else
 * all of the attribute's; card names for values(T.name). Returns how
 * many. */
static int attr_values(Gen *G, Buf *vals, const Node *src)
{
    const Node *arg = src->in->args;
    if (src->in->attr == ATTR_NAME)
        return name_values(G, vals, arg);
    const Attr *at = G->cs->attrs[src->in->attr];
    int nv = 0;
    if (arg->kind == N_FIELD) {
        const TypeDef *t = G->cs->types[arg->base->value];
        int j = type_attr_pos(t, at->index);
        for (int q = 0; j >= 0 && q < t->attrs[j].nallowed; q++, nv++) {
            int v = t->attrs[j].allowed[q];
            if (at->numeric)
                buf_printf(vals, "%s%s", nv ? ", " : "", at->values[v]);
            else
                buf_printf(vals, "%s%d", nv ? ", " : "", v);
        }
    } else {
        for (int q = 0; q < at->nvalues; q++, nv++) {
            if (at->numeric)
                buf_printf(vals, "%s%s", nv ? ", " : "", at->values[q]);
            else
                buf_printf(vals, "%s%d", nv ? ", " : "", q);
        }
    }
    return nv;
}

/* The walk of the values a choice of values offers, in helper hb: the
 * numbers lo..hi (an empty range faults, with its bounds; so do more
 * numbers than a decision holds, with their count, and with a 'where' a
 * range is work, a step per number), or the table of values(...); each
 * in the element's slot, at the indent the caller then writes the option
 * at. */
static void value_walk(Gen *G, Buf *hb, const Node *src)
{
    if (src->filter)
        buf_puts(hb, "    int64_t kept = 0;\n");
    if (src->src_kind == SRC_RANGE) {
        const Node *lo = src->in->items, *hi = lo->next;
        buf_printf(hb, "    int32_t lo = %s;\n", unparen(G, expr_str(G, lo)));
        buf_printf(hb, "    int32_t hi = %s;\n", unparen(G, expr_str(G, hi)));
        buf_printf(hb, "    if (!range_ok(s, %d, lo, hi) || !%s)\n        return;\n"
                       "    for (int64_t v = lo; v <= hi && !s->core.over; v++) {\n"
                       "        V[%d] = (int32_t)v;\n", site(G),
                   src->filter ? arena_printf(G->a, "range_steps(s, %d, lo, hi)", site(G))
                               : arena_printf(G->a, "values_fit(s, %d, (int64_t)hi - lo + 1)",
                                              site(G)),
                   src->slot);
        return;
    }
    Buf vals = {0};
    int nv = attr_values(G, &vals, src);
    buf_printf(hb, "    static const int32_t vals[%d] = {%s};\n"
                   "    for (int i = 0; i < %d && !s->core.over; i++) {\n"
                   "        V[%d] = vals[i];\n",
               nv ? nv : 1, vals.data ? vals.data : "0", nv, src->slot);
    buf_free(&vals);
}

/* The options of a choice of values: opts<k>(s, V), one per value that
 * passes the filter, each a label built from the value (its word, or its
 * digits; template n->value). With a filter, the values kept are counted
 * on past what a decision holds, and more fault with their count. */
static void gen_value_helper(Gen *G, const Node *n, int k)
{
    const Node *src = n->src;
    Buf hb = {0};
    buf_printf(&hb, "/* the options of the choice at %s:%d */\n", where(G, n), n->loc.line);
    buf_printf(&hb, "static void opts%d(State *s, int32_t *V)\n{\n", k);
    value_walk(G, &hb, src);
    const char *v = arena_printf(G->a, "V[%d]", src->slot);
    const char *word = n->type == T_INT ? v
                       : arena_printf(G->a, "%d + %s", word_base(G, n->type, n->attr), v);
    const char *add = arena_printf(G->a, "add_value(s, %d, %d, %s);", site(G), n->value, word);
    if (src->filter)
        buf_printf(&hb, "        if ((%s) && ++kept <= RT_MAX_OPTIONS)\n            %s\n    }\n"
                        "    values_fit(s, %d, kept);\n}\n\n",
                   unparen(G, expr_str(G, src->filter)), add, site(G));
    else
        buf_printf(&hb, "        %s\n    }\n}\n\n", add);
    label_frames(G, &hb, 0);
    buf_puts(&G->helpers, hb.data);
    buf_free(&hb);
}

/* decision: CHOOSE expr STRING FROM src opt_else | CHOOSE expr STRING FROM
 * range opt_else — the value chosen is the word of the option taken, less
 * the first word of the values' kind (a value, a name), or the number. */
static void gen_choose_value(Gen *G, const Node *n, const char *target)
{
    int k = n->helper_no;
    if (first_use(G, HELPER_OPTS, k))
        gen_value_helper(G, n, k);
    gen_begin_decision(G, n);
    line(G, "opts%d(s, V);", k);
    gen_wait(G, n);
    if (target && n->type == T_INT)
        line(G, "%s = chosen_word(s);", target);
    else if (target)
        line(G, "%s = chosen_word(s) - %d;", target, word_base(G, n->type, n->attr));
}

/* The head of 'for v in values(...)': the values are a table of the
 * helpers, walked by the index V[slot]; bounded by them: no step count. */
static void gen_for_values_head(Gen *G, const Node *n)
{
    int i = n->slot, k = n->helper_no;
    Buf vals = {0};
    int nv = attr_values(G, &vals, n->iter);
    if (first_use(G, HELPER_LIST, k))
        buf_printf(&G->helpers, "/* the values of the loop at %s:%d */\n"
                                "static const int32_t list%d[%d] = {%s};\n\n",
                   where(G, n), n->loc.line, k, nv ? nv : 1, vals.data ? vals.data : "0");
    buf_free(&vals);
    line(G, "V[%d] = 0;", i);
    line(G, "for (;;) {");
    G->indent++;
    line(G, "if (V[%d] >= %d)", i, nv);
    line(G, "    break;");
    line(G, "V[%d] = list%d[V[%d]++];", n->iter->slot, k, i);
}

/* The head of 'for c in zone': the cards of a zone, bottom to top, by the
 * index V[slot] (funcs only, sema: no card moves meanwhile). */
static void gen_for_cards_head(Gen *G, const Node *n)
{
    const Node *src = n->iter;
    int i = n->slot;
    gen_steps(G, arena_printf(G->a, "s->zsize[%s]", expr_str(G, src->in)));
    line(G, "V[%d] = 0;", i);
    line(G, "for (;;) {");
    G->indent++;
    line(G, "if (V[%d] >= s->zsize[%s])", i, expr_str(G, src->in));
    line(G, "    break;");
    line(G, "V[%d] = s->zcard[%s][V[%d]++];", src->slot, expr_str(G, src->in), i);
}

static void gen_simul_for(Gen *G, const Node *n);

/* stmt: FOR IDENT IN src block | FOR IDENT IN expr FROM expr block */
static void gen_for(Gen *G, const Node *n)
{
    const Node *src = n->iter;
    if (n->simultaneous) {
        gen_simul_for(G, n);
        return;
    }
    switch (src->src_kind) {
    case SRC_PLAYERS: gen_for_players_head(G, n); break;
    case SRC_VALUES:  gen_for_values_head(G, n); break;
    case SRC_HELD:    gen_for_held_head(G, n); break;
    default:          gen_for_cards_head(G, n); break;
    }
    if (src->src_kind == SRC_HELD) /* the slots of every holder: a step a card */
        gen_step(G);
    if (src->filter) {
        line(G, "if (!(%s))", unparen(G, expr_str(G, src->filter)));
        line(G, "    continue;");
    }
    G->loops++;
    gen_block(G, n->body);
    G->loops--;
    G->indent--;
    line(G, "}");
}

/* stmt: FOR IDENT IN src IDENT block, the word `simultaneously`
 * (rt_game.h, "simultaneous choices"): the body's first statement, each
 * seat's choice, is asked of every seat in seat order, each answer kept
 * in V[slot + 2 + seat] and sealed; only then does the rest of the body
 * run for each seat, its local given that seat's answer (a menu: the
 * option taken, whose block runs first). */
static void gen_block_from(Gen *G, const Node *blk, const Node *first);
static const char *source_text(Gen *G, const Node *n);
static void gen_menu_ask(Gen *G, const Node *n);
static void gen_menu_branches(Gen *G, const Node *n);

static void gen_simul_for(Gen *G, const Node *n)
{
    const Node *choice = n->body->stmts; /* let x = CHOICE, or a menu (sema_simul.c) */
    bool menu = choice->kind == N_MENU;
    int q = n->iter->slot, kept = n->slot + 2;
    int x = menu ? (int)choice->taken_slot : choice->sym->index;
    bool save = G->returns_next;
    int restart = -1, first_wait = G->pc;
    const Sym *proc = G->proc;
    /* Only a proc may hold a simultaneous loop (sema_simul.c, "'simultaneously'
     * needs a proc"), and gen_proc alone emits a proc's resumable copy: so
     * every resumable copy of one has its resume point. */
    assert(G->direct || proc);
    if (!G->direct) { /* where a deal asks the seats again (ai_reask_simul) */
        restart = G->pc++;
        first_wait = G->pc;
        line(G, "/* fall through */");
        gen_resume_point(G, restart);
    }
    line(G, "simul_open(s);");
    gen_for_players_head(G, n);
    line(G, "/* %s:%d: %s */", where(G, choice), choice->loc.line, source_text(G, choice));
    G->returns_next = false; /* the answer is kept after it */
    if (menu)
        gen_menu_ask(G, choice);
    else
        gen_stmt(G, choice);
    G->returns_next = save;
    if (restart >= 0)
        buf_printf(&G->simul_restarts, "    if (proc == P_%s && pc >= %d && pc < %d)\n"
                                       "        return %d;\n", CNAME(proc), first_wait, G->pc, restart);
    line(G, "simul_answer(s);");
    line(G, "V[%d + V[%d]] = V[%d];", kept, q, x);
    G->indent--;
    line(G, "}");
    gen_for_players_head(G, n);
    line(G, "V[%d] = V[%d + V[%d]];", x, kept, q);
    G->loops++;
    if (menu)
        gen_menu_branches(G, choice);
    gen_block_from(G, n->body, choice->next);
    G->loops--;
    G->indent--;
    line(G, "}");
}

/* stmt: MOVE expr TO expr position
 * position: %empty | TOP | BOTTOM | AT expr (at 0 and below: the bottom) */
static void gen_move(Gen *G, const Node *n)
{
    const char *pos = "-1";
    if (n->pos && n->pos->pos_kind == POS_BOTTOM)
        pos = "0";
    else if (n->pos && n->pos->pos_kind == POS_AT)
        pos = arena_printf(G->a, "imax(0, %s)", expr_str(G, n->pos->at));
    const char *card = expr_str(G, n->card), *to = expr_str(G, n->to);
    if (move_before_heard(G, n->to)) /* instead of, react to (cgen_move_befores.c) */
        gen_move_before(G, card, to, pos, move_heard(G, n->to));
    else if (move_heard(G, n->to))
        gen_move_heard(G, card, to, pos);
    else if (to_zone_ordered(n->to) >= 0) /* mv_card_as, folded for the zone */
        line(G, "mv_into(s, %d, %s, %s, %s, %d);", site(G), card, to, pos,
             to_zone_ordered(n->to));
    else
        line(G, "mv(s, %d, %s, %s, %s);", site(G), card, to, pos);
}

/* stmt: MOVE ALL src TO expr position (see gen_move_all_helper) */
static void gen_move_all(Gen *G, const Node *n)
{
    need_agg(G, n);
    line(G, "mvall%d(s, V, %s, %d);", n->helper_no, expr_str(G, n->to),
         n->pos && n->pos->pos_kind == POS_BOTTOM);
    if (move_heard(G, n->to))
        gen_event_drain(G); /* the triggers the helper fired */
}

/* The seats 'show' shows to, as a mask into V[n->slot]: every seat for
 * 'all' (and 'q in players' without 'where'), one for a player (none faults, as a seat that does not exist),
 * those of a source's 'where'; of 'all' and of a source, the players
 * still in the game. */
static void gen_show_seats(Gen *G, const Node *n)
{
    const Node *w = n->to;
    int m = n->slot;
    if (w->kind != N_PLAYERSREF && w->kind != N_SOURCE) { /* one player */
        const char *p = w->seat_in_range ? expr_str(G, w)
                        : arena_printf(G->a, "pidx(s, %d, %s)", site(G), expr_str(G, w));
        line(G, "V[%d] = (int32_t)(1u << %s);", m, unparen(G, p));
        return;
    }
    if (w->kind == N_PLAYERSREF || !w->filter) {
        line(G, "V[%d] = (int32_t)((1u << s->core.nplayers) - 1);", m);
    } else {
        line(G, "V[%d] = 0;", m);
        line(G, "for (int i = 0; i < s->core.nplayers; i++) {");
        line(G, "    V[%d] = i;", w->slot);
        line(G, "    if (%s)", unparen(G, expr_str(G, w->filter)));
        line(G, "        V[%d] |= (int32_t)(1u << i);", m);
        line(G, "}");
    }
    if (G->g->uses_out) /* a player out of the game is shown nothing more */
        line(G, "V[%d] &= ~(int32_t)s->outmask;", m);
}

/* The cards 'show' shows, each to the seats of V[n->slot]: a card; the
 * top N of a zone (fewer if it holds fewer), bottom to top; or the cards
 * of a zone that pass its 'where', bottom to top. */
static void gen_show_cards(Gen *G, const Node *n)
{
    const Node *c = n->cards;
    int m = n->slot;
    if (n->size) {
        line(G, "{");
        line(G, "    int slot = %s;", expr_str(G, c));
        line(G, "    int32_t k = %s;", unparen(G, expr_str(G, n->size)));
        line(G, "    for (int i = k < s->zsize[slot] ? s->zsize[slot] - imax(k, 0) : 0; "
                "i < s->zsize[slot]; i++)");
        line(G, "        show_card(s, s->zcard[slot][i], V[%d]);", m);
        line(G, "}");
    } else if (c->kind == N_SOURCE) {
        line(G, "{");
        line(G, "    int slot = %s;", expr_str(G, c->in));
        line(G, "    s->steps += s->zsize[slot];");
        line(G, "    for (int i = 0; i < s->zsize[slot]; i++) {");
        line(G, "        V[%d] = s->zcard[slot][i];", c->slot);
        if (c->filter)
            line(G, "        if (%s)", unparen(G, expr_str(G, c->filter)));
        line(G, "        %sshow_card(s, V[%d], V[%d]);", c->filter ? "    " : "", c->slot, m);
        line(G, "    }");
        line(G, "}");
    } else {
        line(G, "show_card(s, %s, V[%d]);", unparen(G, expr_str(G, c)), m);
    }
}

/* stmt: IDENT play_card opt_by opt_to ('show CARDS to WHO', and the forms
 * with 'where' and 'top N of'): the seats, then each card; show_done
 * ends the statement for the views (one line per zone shown from). */
static void gen_show(Gen *G, const Node *n)
{
    gen_show_seats(G, n);
    gen_show_cards(G, n);
    line(G, "show_done(s, V[%d]);", n->slot);
}

/* options: option | options option
 * option: OPTION STRING opt_when block (offered unless its 'when' fails) */
static void gen_menu_options(Gen *G, const Node *n)
{
    int k = 0;
    const Node *save = G->at;
    for (const Node *o = n->options; o; o = o->next, k++) {
        if (o->loc.line > 0)
            G->at = o; /* what its 'when' may fault names the option's line */
        if (o->guard) {
            line(G, "if (%s)", unparen(G, expr_str(G, o->guard)));
            gen_add_text(G, o, k, "    ");
        } else {
            gen_add_text(G, o, k, "");
        }
    }
    G->at = save;
}

/* May the direct copy offer this menu's options by their number alone
 * (gen_menu_counted)? Where none has a label built from values (their
 * words are worked out as the option is added, and may fault) and they
 * fit a mask, so that no option can fault for the decision being full
 * (RT_MAX_OPTIONS is larger). */
static bool menu_countable(const Node *n)
{
    int k = 0;
    for (const Node *o = n->options; o; o = o->next, k++)
        if (o->words)
            return false;
    return k <= 32;
}

/* The direct copy's menu: each guard, in order, sets its option's bit in
 * a mask (mopts), as the guards ran before, each before its option was
 * added; a chooser (d->fn) is offered the options as before, the random
 * policy only their number, and the option taken is the chosen-th bit. */
static void gen_menu_counted(Gen *G, const Node *n)
{
    int k = 0;
    const Node *save = G->at;
    line(G, "{");
    G->indent++;
    line(G, "uint32_t mopts = 0;");
    for (const Node *o = n->options; o; o = o->next, k++) {
        if (o->loc.line > 0)
            G->at = o; /* what its 'when' may fault names the option's line */
        if (o->guard)
            line(G, "if (%s)", unparen(G, expr_str(G, o->guard)));
        line(G, "%smopts |= 1u << %d;", o->guard ? "    " : "", k);
    }
    line(G, "if (d->fn) {");
    k = 0;
    for (const Node *o = n->options; o; o = o->next, k++) {
        if (o->loc.line > 0)
            G->at = o;
        line(G, "    if (mopts & 1u << %d)", k);
        gen_add_text(G, o, k, "        ");
    }
    line(G, "} else {");
    line(G, "    s->core.dec.noptions = (int16_t)kpop(mopts);");
    line(G, "}");
    G->at = save;
    gen_wait(G, n);
    line(G, "V[%lld] = d->fn ? s->core.dec.opt[s->core.dec.chosen].ids[0]"
            " : nth_bit(mopts, s->core.dec.chosen);", n->taken_slot);
    G->indent--;
    line(G, "}");
}

/* A menu's question: its options, the wait, and the option taken into
 * its slot, where the branches find it when the proc resumes. */
static void gen_menu_ask(Gen *G, const Node *n)
{
    gen_begin_decision(G, n);
    if (G->direct && menu_countable(n)) {
        gen_menu_counted(G, n);
        return;
    }
    gen_menu_options(G, n);
    gen_wait(G, n);
    line(G, "V[%lld] = s->core.dec.opt[s->core.dec.chosen].ids[0];", n->taken_slot);
}

/* A menu's branches: the block of the option in its slot. */
static void gen_menu_branches(Gen *G, const Node *n)
{
    int k = 0;
    for (const Node *o = n->options; o; o = o->next, k++) {
        line(G, "%sif (V[%lld] == %d) { /* %s */", k ? "} else " : "", n->taken_slot, k, o->name);
        gen_nested(G, o->body);
    }
    line(G, "}");
}

/* stmt: CHOOSE expr STRING '{' options '}' */
static void gen_menu(Gen *G, const Node *n)
{
    gen_menu_ask(G, n);
    gen_menu_branches(G, n);
}

/* stmt: IDENT '(' args ')': a proc, start_turn, reverse, defeat or
 * eliminate */
static void gen_call_stmt(Gen *G, const Node *n)
{
    const Node *c = n->call;
    if (c->sym && c->sym->kind == S_PROC)
        gen_call_proc(G, c, NULL);
    else if (c->sym && c->sym->kind == S_EVENT)
        gen_event_call(G, c);
    else if (!c->sym && c->builtin == B_START_TURN)
        gen_start_turn(G, c);
    else if (!c->sym && c->builtin == B_REVERSE)
        line(G, "s->t_reversed = !s->t_reversed;");
    else if (!c->sym && c->builtin == B_DEFEAT)
        line(G, "s->t_defeated[%s] = 1;", checked_player(G, c->args));
    else if (!c->sym && c->builtin == B_ELIMINATE)
        line(G, "eliminate(s, %d, %s);", site(G), unparen(G, expr_str(G, c->args)));
}

/* stmt: SORT expr BY names: the keys as sort_zone (rt_game.h) reads
 * them, a type, a card's name or an attribute, by its value's place or,
 * for a numeric one, by its number; and which are the highest first. */
static void gen_sort(Gen *G, const Node *n)
{
    Buf keys = {0}, down = {0};
    int nkeys = 0;
    for (const Node *k = n->by; k; k = k->next, nkeys++) {
        bool num = k->attr >= 0 && G->cs->attrs[k->attr]->numeric;
        buf_printf(&keys, "%s%s%d", nkeys ? ", " : "", num ? "SORT_NUM + " : "", k->attr);
        buf_printf(&down, "%s%d", nkeys ? ", " : "", k->descending ? 1 : 0);
    }
    line(G, "{");
    line(G, "    static const int16_t keys[] = {%s};", keys.data);
    line(G, "    static const uint8_t down[] = {%s};", down.data);
    line(G, "    sort_zone(s, %s, keys, down, %d);", expr_str(G, n->zone), nkeys);
    line(G, "}");
    buf_free(&keys);
    buf_free(&down);
}

/* tail: END | END IDENT: the scores, the winners, and the game stops */
static void gen_end(Gen *G, const Node *n)
{
    line(G, "finish(s, %d);", n->name != NULL);
    line(G, "return %s;", stop_value(G));
}

static void gen_stmt_kind(Gen *G, const Node *n)
{
    switch (n->kind) {
    case N_BLOCK:       gen_block(G, n); return;
    case N_LET:         gen_let(G, n); return;
    case N_ASSIGN:      gen_assign(G, n); return;
    case N_IF:          gen_if(G, n); return;
    case N_WHILE:       gen_while(G, n); return;
    case N_LOOP:        gen_loop(G, n); return;
    case N_REPEAT:      gen_repeat(G, n); return;
    case N_FOR:         gen_for(G, n); return;
    case N_BREAK:       gen_time_leave(G, false); line(G, "break;"); return;
    case N_RETURN:      gen_return(G, n); return;
    case N_MOVE:        gen_move(G, n); return;
    case N_MOVEALL:     gen_move_all(G, n); return;
    case N_SHUFFLE:     line(G, "shuffle(s, %s);", expr_str(G, n->zone)); return;
    case N_SORT:        gen_sort(G, n); return;
    case N_SHOW:        gen_show(G, n); return;
    case N_MENU:        gen_menu(G, n); return;
    case N_EXPRSTMT:    gen_call_stmt(G, n); return;
    case N_END:         gen_end(G, n); return;
    case N_CHOOSECARDS: gen_choose_cards(G, n); return;
    case N_PLAY:        gen_play(G, n); return;
    case N_CANCEL:      gen_cancel(G, n); return;
    case N_TURN:
    case N_ROUND:
    case N_PHASE:
    case N_UNTIL:
    case N_AT:          gen_time_stmt(G, n); return;
    default:            line(G, "/* %s */", node_kind_names[n->kind]); return;
    }
}

/* Statement n: what it may fault names its line (a block's statements
 * name their own). */
void gen_stmt(Gen *G, const Node *n)
{
    const Node *save = G->at;
    int mark = G->card_scope.len;
    if (n->kind != N_BLOCK && n->loc.line > 0)
        G->at = n;
    gen_stmt_kind(G, n);
    G->at = save;
    if (n->kind == N_LET)
        pin_scope_open(G, n);
    else /* a simultaneous loop's choice is in scope in its body */
        pin_scope_close(G, mark);
}

/* The source line of n, trimmed and made safe inside a C comment. */
static const char *source_text(Gen *G, const Node *n)
{
    const SrcFile *f = n->loc.file;
    if (!f || n->loc.line < 1)
        return "";
    /* Statements come mostly in line order: walk on from the last one. */
    if (G->src_file != f || G->src_line > n->loc.line) {
        G->src_file = f;
        G->src_line = 1;
        G->src_p = f->text;
    }
    const char *p = G->src_p, *end = f->text + f->len;
    for (; G->src_line < n->loc.line && p < end; p++)
        if (*p == '\n')
            G->src_line++;
    G->src_p = p;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    Buf b = {0};
    for (int k = 0; p < end && *p != '\n' && *p != '#' && k < 72; p++, k++) {
        if ((*p == '*' || *p == '/') && p + 1 < end && p[1] == (*p == '*' ? '/' : '*'))
            buf_put(&b, *p == '*' ? "* " : "/ ", 2); /* neither ends nor opens a comment */
        else if ((unsigned char)*p >= 0x20)
            buf_put(&b, p, 1);
    }
    while (b.len && b.data[b.len - 1] == ' ')
        b.data[--b.len] = '\0';
    const char *r = arena_strdup(G->a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* Does the rule return, with no result, right after statement st of block
 * blk: is the next statement a bare 'return', or is st the last of the
 * rule's body? */
static bool returns_after(const Gen *G, const Node *blk, const Node *st)
{
    if (st->next)
        return st->next->kind == N_RETURN && !st->next->result;
    return blk == G->fn->body;
}

/* block: '{' stmts tail '}': each statement after its line of the rules */
void gen_block(Gen *G, const Node *blk)
{
    gen_block_from(G, blk, blk->stmts);
}

/* The statements of block blk from `first` (one of them) to its end. */
static void gen_block_from(Gen *G, const Node *blk, const Node *first)
{
    bool save = G->returns_next;
    int mark = G->card_scope.len;
    for (const Node *st = first; st; st = st->next) {
        if (st->loc.line)
            line(G, "/* %s:%d: %s */", where(G, st), st->loc.line, source_text(G, st));
        G->returns_next = returns_after(G, blk, st);
        gen_stmt(G, st);
    }
    pin_scope_close(G, mark);
    G->returns_next = save;
}

/* ---- frame slots: what each V[i] of a rule holds -------------------------- */

/* A func's or proc's locals live in its frame V[], numbered by the checker:
 * the parameters first, then a slot for each local, each loop's element
 * and counters, each source's element, each choice's option taken, and one
 * past them the answer to an 'ask' in a condition. Each C function of a
 * rule, and each helper that reads or writes the frame, opens with a
 * comment naming the slots it uses. */

/* Names slot i, unless it has a name already (a loop's element is named
 * by the loop and by its source alike). A name another slot has (two loops
 * over q) gets the place of node `at`. */
void name_slot(Gen *G, int i, const char *name, const Node *at)
{
    if (i < 0 || i >= G->frame_size || G->slot_name[i])
        return;
    if (strmap_get(&G->slot_names, name)) /* a name another slot has */
        name = arena_printf(G->a, "%s (%s:%d)", name, where(G, at), at->loc.line);
    G->slot_name[i] = name;
    strmap_put(G->a, &G->slot_names, name, (void *)name);
}

/* Names the slot of the elements of src: its variable, or what walks it
 * (`walker`, at node `at`). */
static void name_element(Gen *G, const Node *src, const char *walker, const Node *at)
{
    const char *what = src->src_kind == SRC_PLAYERS ? "player"
                       : src->src_kind == SRC_VALUES ? "value"
                       : src->src_kind == SRC_RANGE ? "number" : "card";
    if (src->name)
        name_slot(G, src->slot, src->name, at);
    else
        name_slot(G, src->slot, arena_printf(G->a, "the %s of %s at %s:%d", what, walker,
                                             where(G, at), at->loc.line), at);
}

/* ast_walk: names the slots node n gives a meaning to. */
static void visit_slots(const Node *n, void *ctx)
{
    Gen *G = ctx;
    switch (n->kind) {
    case N_LET:
        name_slot(G, n->sym->index, n->name, n);
        break;
    case N_SOURCE:
        if (n->name)
            name_slot(G, n->slot, n->name, n);
        break;
    case N_CALL:
        if (!n->sym && n->args && n->args->kind == N_SOURCE)
            name_element(G, n->args, arena_printf(G->a, "%s(...)", snippet(n)), n);
        break;
    case N_MOVEALL:
        name_element(G, n->cards, "'move all'", n);
        break;
    case N_PLAY:
        name_slot(G, n->slot, arena_printf(G->a, "the card played at %s:%d", where(G, n),
                                           n->loc.line), n);
        name_slot(G, n->slot + 1, arena_printf(G->a, "who plays it at %s:%d", where(G, n),
                                               n->loc.line), n);
        break;
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER:
    case N_CHOOSEVALUE:
    case N_CHOOSECARDS:
        name_element(G, n->src, "the choice", n);
        break;
    case N_FOR:
        name_element(G, n->iter, "the loop", n);
        name_slot(G, n->slot, arena_printf(G->a, "%s's loop index", n->name), n);
        if (n->iter->src_kind == SRC_PLAYERS)
            name_slot(G, n->slot + 1, arena_printf(G->a, "%s's first seat", n->name), n);
        if (n->iter->src_kind == SRC_HELD)
            name_slot(G, n->slot + 1, arena_printf(G->a, "%s's holder's slot", n->name), n);
        break;
    case N_REPEAT:
        name_slot(G, n->slot, arena_printf(G->a, "the count of the repeat at %s:%d",
                                           where(G, n), n->loc.line), n);
        break;
    case N_SHOW:
        name_slot(G, n->slot, arena_printf(G->a, "the seats shown to at %s:%d", where(G, n),
                                           n->loc.line), n);
        if (n->cards->kind == N_SOURCE)
            name_element(G, n->cards, "'show'", n);
        if (n->to->kind == N_SOURCE)
            name_element(G, n->to, "'show ... to'", n);
        break;
    case N_MENU:
        name_slot(G, (int)n->taken_slot, arena_printf(G->a, "the option taken at %s:%d",
                                                      where(G, n), n->loc.line), n);
        break;
    case N_IF:
    case N_WHILE:
        if (n->cond->kind == N_ASK)
            name_slot(G, G->fn->nlocals, "the answer to an 'ask' in a condition", n);
        break;
    default:
        break;
    }
}

/* The names of the frame slots of func or proc d (G->fn). */
static void name_frame_slots(Gen *G, const Node *d)
{
    G->frame_size = d->nlocals + 1;
    G->slot_name = arena_alloc(G->a, sizeof *G->slot_name * (size_t)G->frame_size);
    G->slot_names = (StrMap){0};
    G->slot_seen = arena_alloc(G->a, sizeof *G->slot_seen * (size_t)G->frame_size);
    G->frame_no = 0;
    int i = 0;
    for (const Node *p = d->params; p; p = p->next, i++)
        name_slot(G, i, arena_printf(G->a, "%s (parameter)", p->name), p);
    ast_walk_const(d->expr_body, visit_slots, G);
    ast_walk_const(d->body, visit_slots, G);
}

/* Adds to used, once each, the slots that the C in [p, end) reads or
 * writes: each V[<number>] outside comments, but for the declaration of V
 * itself. (p is inside a function, past its heading: p[-8] is still text.)
 * A slot seen is marked with the number of this frame comment, so the cost
 * is the C's length, not the frame's size. */
static void slots_used(Gen *G, const char *p, const char *end, PtrVec *used)
{
    for (; p < end; p++) {
        if (p[0] == '/' && p + 1 < end && p[1] == '*') {
            const char *close = strstr(p + 2, "*/");
            if (!close || close >= end)
                return;
            p = close + 1;
            continue;
        }
        if (p[0] != 'V' || p + 2 >= end || p[1] != '[' || p[2] < '0' || p[2] > '9')
            continue;
        if (p[-1] == '_' || isalnum((unsigned char)p[-1]))
            continue; /* s->pv_V[...]: a variable of the rules */
        if (!strncmp(p - 8, "int32_t ", 8))
            continue; /* int32_t V[4] = {0}: the frame of a func */
        int i = 0;
        for (const char *q = p + 2; q < end && *q >= '0' && *q <= '9'; q++)
            i = i * 10 + (*q - '0');
        if (i < G->frame_size && G->slot_seen[i] != G->frame_no) {
            G->slot_seen[i] = G->frame_no;
            vec_push(G->a, used, (void *)(intptr_t)i);
        }
    }
}

static int cmp_slot(const void *a, const void *b)
{
    intptr_t x = (intptr_t) * (void *const *)a, y = (intptr_t) * (void *const *)b;
    return (x > y) - (x < y);
}

/* One "V[i] what" of a frame comment, wrapped at about 92 columns. */
static void put_slot(Buf *c, int *col, const char *item)
{
    int n = (int)strlen(item);
    if (*col + 1 + n > 92) {
        buf_puts(c, "\n     *");
        *col = 6;
    }
    buf_printf(c, " %s", item);
    *col += 1 + n;
}

/* The comment that opens a C function whose body is [p, end): the frame
 * slots it uses and what they hold; NULL if it uses none. */
static const char *frame_comment(Gen *G, const char *p, const char *end)
{
    if (!G->slot_name)
        return NULL;
    PtrVec used = {0};
    G->frame_no++;
    slots_used(G, p, end, &used);
    if (used.len == 0)
        return NULL;
    qsort(used.items, (size_t)used.len, sizeof *used.items, cmp_slot);
    Buf c = {0};
    int col = 6;
    buf_puts(&c, "    /*");
    for (int k = 0; k < used.len; k++) {
        int i = (int)(intptr_t)used.items[k];
        put_slot(&c, &col, arena_printf(G->a, "V[%d] %s%s", i,
                                        G->slot_name[i] ? G->slot_name[i] : "(a slot of cgen)",
                                        k + 1 < used.len ? "," : " */\n"));
    }
    const char *r = arena_strdup(G->a, c.data);
    buf_free(&c);
    return r;
}

/* Opens each C function written in b from offset `from` on (a function's
 * "{" and "}" lines are the only ones at the margin) with the comment
 * naming the frame slots it uses. */
void label_frames(Gen *G, Buf *b, size_t from)
{
    if (!b->data)
        return;
    Buf out = {0};
    const char *p = b->data + from, *end = b->data + b->len;
    for (;;) {
        const char *open = strstr(p, "\n{\n");
        if (!open)
            break;
        const char *body = open + 3;
        const char *close = strstr(body, "\n}\n");
        if (!close)
            break;
        buf_put(&out, p, (size_t)(body - p));
        const char *c = frame_comment(G, body, close);
        if (c)
            buf_puts(&out, c);
        buf_put(&out, body, (size_t)(close + 3 - body));
        p = close + 3;
    }
    buf_put(&out, p, (size_t)(end - p));
    b->len = from;
    buf_put(b, out.data, out.len);
    buf_free(&out);
}

/* Begins emitting func or proc d: which kind of function it is, and the
 * names of its slots. Returns where its C begins in G->out. */
size_t begin_rule(Gen *G, const Node *d, bool in_proc, bool direct)
{
    G->fn = d;
    G->at = d;
    G->in_proc = in_proc;
    G->direct = direct;
    G->pc = 1;
    G->nopen_time = 0;
    G->loops = 0;
    /* an 'at' block's proc has its rule's frame */
    name_frame_slots(G, d->kind == N_PROCDECL && d->sym ? d->sym->decl : d);
    return G->out->len;
}

/* Ends emitting the rule begun at offset `at` of G->out: its C functions
 * open with the names of their slots. */
void end_rule(Gen *G, size_t at)
{
    label_frames(G, G->out, at);
    G->direct = false;
    G->at = NULL;
    G->slot_name = NULL;
    G->frame_size = 0;
}

/* ---- functions ---------------------------------------------------------- */

static const char *ctype_of(Type t)
{
    return t == T_VOID ? "void" : "int32_t";
}

/* ", int32_t a0, int32_t a1" and ", a0, a1" for a func's or proc's
 * parameters (either buffer may be NULL). */
void param_lists(const Node *params, Buf *decl, Buf *call)
{
    int i = 0;
    for (const Node *p = params; p; p = p->next, i++) {
        if (decl)
            buf_printf(decl, ", int32_t a%d", i);
        if (call)
            buf_printf(call, ", a%d", i);
    }
}

/* V[i] = ai: the parameters, into the first slots of the frame. */
static void gen_param_copies(Gen *G, const Node *params)
{
    int i = 0;
    for (const Node *p = params; p; p = p->next, i++)
        line(G, "V[%d] = a%d;", i, i);
}

/* The wrapper of a body function that bounds the depth of calls: the
 * counter in the state, its limit, and the call of the body. Too deep a
 * call faults at the declaration of the func or proc called (G->at). No
 * check with limit NULL, where it cannot fail; nor count with counter
 * NULL, where nothing that can fail reads it (analyse.c, proc_depths). */
static void gen_depth_guard(Gen *G, const char *counter, const char *limit, const char *call)
{
    line(G, "{");
    if (counter && limit) { /* a check reads its count */
        line(G, "    if (s->%s >= %s) {", counter, limit);
        line(G, "        fault(s, F_DEPTH, %d, 0);", site(G));
        line(G, "        return 0;");
        line(G, "    }");
    }
    if (counter) {
        line(G, "    s->%s++;", counter);
        line(G, "    int32_t r = %s;", call);
        line(G, "    s->%s--;", counter);
        line(G, "    return r;");
    } else {
        line(G, "    return %s;", call);
    }
    line(G, "}");
    line(G, "%s", "");
}

/* The wrapper of a func's body: a call counts among those in progress
 * and is a step (fcall_ok). In a game whose funcs are shallow
 * (Game.funcs_shallow: the depth check cannot fail) it is a step only. */
static void gen_func_guard(Gen *G, const char *call)
{
    line(G, "{");
    if (G->g->funcs_shallow) {
        gen_func_step(G, site(G));
        line(G, "    return %s;", call);
    } else {
        line(G, "    if (!fcall_ok(s, %d))", site(G));
        line(G, "        return 0;");
        line(G, "    s->fdepth++;");
        line(G, "    int32_t r = %s;", call);
        line(G, "    s->fdepth--;");
        line(G, "    return r;");
    }
    line(G, "}");
    line(G, "%s", "");
}

/* A func's call counted as a step, without the depth (Game.funcs_shallow):
 * fcall_ok with fewer than MAX_FUNC_DEPTH calls in progress, the same
 * fault at the same site past the bound. */
void gen_func_step(Gen *G, int at)
{
    line(G, "    if (++s->steps > MAX_STEPS) {");
    line(G, "        fault(s, F_LOOP, %d, 0);", at);
    line(G, "        return 0;");
    line(G, "    }");
}

/* How the comment above a func's or proc's C names it: its name, or
 * for a clause's, "effect of CARD" made safe inside a comment. */
static const char *rule_title(Gen *G, const Sym *fn)
{
    if (!fn->clause)
        return fn->name;
    Buf b = {0};
    c_comment_text(&b, fn->name);
    const char *t = arena_strdup(G->a, b.data);
    buf_free(&b);
    return t;
}

/* fn_NAME, or fn0_NAME for the body of a func with modifiers (its fn_NAME
 * applies them: cgen_time.c). */
static void gen_func_proto(Gen *G, const Sym *fn, bool def)
{
    Buf b = {0};
    /* (a func a filter looks through may be called nowhere) */
    /* (a memo func's own call is out of line: its wrapper, inline, answers most) */
    buf_printf(&b, "static %s%s%s %s_%s(State *s", fn->look_through ? "RT_UNUSED " : "",
               G->memo_inner && def ? "__attribute__((noinline)) " : "",
               ctype_of(fn->type),
               has_modifiers(fn) ? "fn0" : G->memo_inner && def ? "fnm" : "fn", CNAME(fn));
    param_lists(fn->decl->params, &b, NULL);
    buf_puts(&b, def ? ")" : ");");
    line(G, "%s", b.data);
    buf_free(&b);
}

/* A func is two C functions: its body, and a wrapper that bounds the depth
 * of calls (a recursive func faults instead of overflowing the C stack).
 * A func that calls no func is one function: it still faults when called
 * with MAX_FUNC_DEPTH calls in progress, but as it calls nothing, it need
 * not count itself. */
/* The key of memo func fn's call (Sym.memo): its players and its cards'
 * kinds, as an index into its table; into in_range, the test that each
 * is in range. */
static const char *memo_key(Gen *G, const Sym *fn, Buf *in_range)
{
    const char *key = NULL;
    int i = 0;
    for (const Node *p = fn->decl->params; p; p = p->next, i++) {
        bool card = p->sym->type == T_CARD;
        buf_printf(in_range, "%s(unsigned)a%d < %s", i ? " && " : "", i,
                   card ? "NINSTANCES" : "MAXP");
        const char *part = card ? arena_printf(G->a, "(size_t)instance_card[a%d]", i)
                                : arena_printf(G->a, "(size_t)a%d", i);
        key = !key ? part : arena_printf(G->a, "(%s) * %s + %s", key, card ? "NCARDS" : "MAXP",
                                         part);
    }
    return key;
}

/* fn_NAME of a memo func: the answer kept for its key while the state is
 * unwritten (memo_fresh), its steps counted; else its own call, fnm_NAME,
 * kept (memo_keep). A key out of range calls it, to fault as it does. */
static void gen_memo_wrapper(Gen *G, const Sym *fn)
{
    Buf params = {0}, args = {0}, in_range = {0};
    param_lists(fn->decl->params, &params, &args);
    const char *key = memo_key(G, fn, &in_range);
    const char *name = CNAME(fn), *a = args.data ? args.data : "";
    line(G, "/* func %s's answers and steps per key, kept while the state is unwritten */",
         rule_title(G, fn));
    line(G, "static _Thread_local MemoEntry memo_%s[%lld];", name, memo_keys(G->g, fn));
    line(G, "%s", "");
    line(G, "static inline int32_t fn_%s(State *s%s)", name, params.data ? params.data : "");
    line(G, "{");
    line(G, "    if (!(%s))", in_range.data);
    line(G, "        return fnm_%s(s%s);", name, a);
    int kp = memo_key_player(fn);
    const char *ver = kp >= 0 ? arena_printf(G->a, "s->pver[a%d]", kp) : "s->mver";
    line(G, "    MemoEntry *m = &memo_%s[%s];", name, key);
    line(G, "    if (memo_fresh(s, m, %s)) {", ver);
    line(G, "        MEMO_VERIFY(s, m, fnm_%s(s%s));", name, a);
    line(G, "        s->steps += m->steps;");
    line(G, "        return m->val;");
    line(G, "    }");
    line(G, "    int64_t before = s->steps;");
    line(G, "    int32_t r = fnm_%s(s%s);", name, a);
    line(G, "    memo_keep(s, m, r, before, %s);", ver);
    line(G, "    return r;");
    line(G, "}");
    line(G, "%s", "");
    buf_free(&params);
    buf_free(&args);
    buf_free(&in_range);
}

static void gen_func(Gen *G, const Sym *fn)
{
    const Node *d = fn->decl;
    size_t at = begin_rule(G, d, false, false);
    G->memo_inner = fn->memo;
    Buf params = {0}, args = {0};
    param_lists(d->params, &params, &args);
    bool leaf = !fn->calls_funcs;
    line(G, "/* func %s, %s:%d%s */", rule_title(G, fn), where(G, d), d->loc.line,
         !leaf ? "" : G->g->funcs_shallow ? " (it calls no func: not counted, and the funcs are shallow)"
                                          : " (it calls no func: its depth is checked, not counted)");
    if (leaf)
        gen_func_proto(G, fn, true);
    else
        line(G, "static int32_t body_%s(State *s%s)", CNAME(fn), params.data ? params.data : "");
    line(G, "{");
    G->indent++;
    if (leaf && !G->g->funcs_shallow) {
        line(G, "if (s->fdepth >= MAX_FUNC_DEPTH) {");
        line(G, "    fault(s, F_DEPTH, %d, 0);", site(G));
        line(G, "    return 0;");
        line(G, "}");
    }
    line(G, "int32_t V[%d] = {0};", d->nlocals + 1);
    gen_param_copies(G, d->params);
    line(G, "(void)V;");
    line(G, "(void)s;");
    if (d->expr_body) {
        line(G, "return %s;", expr_str(G, d->expr_body));
    } else {
        gen_block(G, d->body);
        line(G, "return 0;");
    }
    G->indent--;
    line(G, "}");
    line(G, "%s", "");
    if (!leaf) {
        gen_func_proto(G, fn, true);
        gen_func_guard(G, arena_printf(G->a, "body_%s(s%s)", CNAME(fn),
                                       args.data ? args.data : ""));
    }
    G->memo_inner = false;
    if (fn->memo)
        gen_memo_wrapper(G, fn);
    end_rule(G, at);
    buf_free(&params);
    buf_free(&args);
}

static void gen_proc(Gen *G, const Sym *p)
{
    const Node *d = p->decl;
    size_t at = begin_rule(G, d, true, false);
    G->proc = p;
    G->bf = before_handler_of(G->g, p);
    line(G, "/* proc %s, %s:%d */", rule_title(G, p), where(G, d), d->loc.line);
    line(G, "static int proc_%s(State *s, Frame *f)", CNAME(p));
    line(G, "{");
    G->indent++;
    line(G, "int32_t *V = f->v;");
    line(G, "(void)V;");
    line(G, "(void)s;");
    line(G, "switch (f->pc) {");
    line(G, "case 0:");
    gen_call_step(G, p);
    for (const Node *a = d->params; a; a = a->next)
        pin_scope_open(G, a);
    gen_block(G, d->body);
    line(G, "break;");
    line(G, "}");
    if (G->bf)
        gen_before_epilogue(G);
    pin_scope_close(G, 0);
    G->bf = NULL;
    G->proc = NULL;
    line(G, "return R_RETURN;");
    G->indent--;
    line(G, "}");
    line(G, "%s", "");
    end_rule(G, at);
}

/* The direct-call copy of a proc, for games where every decision is
 * answered inline (simulate): plain C calls, no frames to resume, the
 * same statements and so the same games. */
static void gen_dproc_proto(Gen *G, const Sym *p, bool def)
{
    Buf b = {0};
    buf_printf(&b, "static int32_t dproc_%s(State *s, const Direct *d", CNAME(p));
    if (is_delayed(p)) /* an 'at' block: its frame, from its row */
        buf_puts(&b, ", const int32_t *v");
    param_lists(p->decl->params, &b, NULL);
    buf_puts(&b, def ? ")" : ");");
    line(G, "%s", b.data);
    buf_free(&b);
}

static void gen_dproc(Gen *G, const Sym *p)
{
    const Node *d = p->decl;
    size_t at = begin_rule(G, d, true, true);
    Buf params = {0}, args = {0};
    param_lists(d->params, &params, &args);
    line(G, "/* proc %s, %s:%d, called directly */", rule_title(G, p), where(G, d),
         d->loc.line);
    bool delayed = is_delayed(p);
    line(G, "static int32_t dbody_%s(State *s, const Direct *d%s%s)", CNAME(p),
         delayed ? ", const int32_t *v" : "", params.data ? params.data : "");
    line(G, "{");
    G->indent++;
    line(G, "int32_t V[NLOCALS] = {0};");
    if (delayed)
        line(G, "memcpy(V, v, sizeof V);");
    gen_param_copies(G, d->params);
    line(G, "(void)V;");
    line(G, "(void)d;");
    line(G, "(void)s;"); /* a body may read nothing of the game (an empty proc) */
    line(G, "if (d->count) /* coverage */");
    line(G, "    d->count[%d]++;", 2 * cov_rule(G, p));
    gen_call_step(G, p);
    G->bf = before_handler_of(G->g, p);
    gen_block(G, d->body);
    if (G->bf)
        gen_before_epilogue(G);
    G->bf = NULL;
    line(G, "return 0;");
    G->indent--;
    line(G, "}");
    line(G, "%s", "");
    gen_dproc_proto(G, p, true);
    const char *call = arena_printf(G->a, "dbody_%s(s, d%s%s)", CNAME(p), delayed ? ", v" : "",
                                    args.data ? args.data : "");
    gen_depth_guard(G, p->depth_uncounted ? NULL : "depth", p->depth_sure ? NULL : "MAXDEPTH",
                    call);
    end_rule(G, at);
    buf_free(&params);
    buf_free(&args);
}

/* ---- the whole file ----------------------------------------------------- */

/* Has a zone of g the zone flag `flag`? */
static bool any_zone_has(const Game *g, int flag)
{
    for (int i = 0; i < g->zones.len; i++)
        if (((const Node *)g->zones.items[i])->zflags & flag)
            return true;
    return false;
}

/* The game's constants, which runtime/rt_game.h builds the State and its
 * helpers on: sizes, the decision bound, whether there is a tie-break,
 * the zones, the procs, and the State's members for the rules' variables. */
static void gen_game_defs(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_printf(o, "\n/* ---- the game's constants (runtime/rt_game.h builds the state on them) ---- */\n\n"
                  "enum { MAXP = %d, NSLOTS = %d, NLOCALS = %d, MAXDEPTH = %d };\n"
                  "#define GAME_MAX_DECISIONS %lld\n#define GAME_HAS_TIEBREAK %d\n"
                  "#define GAME_STATE_BYTES %lld /* sizeof(State), as cardc counted it */\n\n",
               g->max_players, g->nslots, g->max_locals + 2, g->max_depth, g->max_decisions,
               g->tiebreak != NULL, g->state_bytes);
    gen_event_defs(G);
    gen_before_defs(G);
    if (g->nheld)
        buf_printf(o, "/* cards under cards: held zones (runtime/rt_game.h), NHELDZ of them */\n"
                      "#define GAME_HAS_HOLDERS 1\n#define NHELDZ %d\n\n", g->nheld);
    if (G->cs->blanked)
        buf_puts(o, "/* built with --blank: a kind of no copy (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_BLANK 1\n\n");
    if (g->uses_simul)
        buf_puts(o, "/* simultaneous choices (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_SIMUL 1\n\n");
    if (g->uses_show)
        buf_puts(o, "/* 'show': the seats each card was shown to (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_SHOW 1\n\n");
    if (g->lowest[0] || g->lowest[1])
        buf_printf(o, "/* winners: the lowest ranks first (runtime/rt_game.h, finish) */\n"
                      "%s%s\n", g->lowest[0] ? "#define GAME_SCORE_LOWEST 1\n" : "",
                   g->lowest[1] ? "#define GAME_TIEBREAK_LOWEST 1\n" : "");
    if (g->uses_defeat)
        buf_puts(o, "/* defeat(p): finish() makes no winner of t_defeated (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_DEFEAT 1\n\n");
    if (g->uses_reverse)
        buf_puts(o, "/* reverse(): next() and prev() follow t_reversed (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_DIRECTION 1\n\n");
    if (g->uses_out)
        buf_puts(o, "/* eliminate(p): the players out of the game (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_OUT 1\n\n");
    if (g->immunes.len > 0)
        buf_puts(o, "/* immune to an event: the sources of players leave them out while its\n"
                    " * body runs (EvCtx.immune, runtime/rt_game.h) */\n"
                    "#define GAME_HAS_IMMUNE 1\n\n");
    if (any_zone_has(g, ZF_TOP_PUBLIC))
        buf_puts(o, "/* zones whose top card is public: slot_top_public (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_TOP_PUBLIC 1\n\n");
    if (g->sets.len > 0)
        buf_puts(o, "/* 'choose cards': the set chosen, sset (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_SETS 1\n\n");
    if (g->invariants.len > 0)
        buf_puts(o, "/* invariants: game_invariants() as each decision opens, and at the\n"
                    " * end (runtime/rt_game.h) */\n"
                    "#define GAME_HAS_INVARIANTS 1\n\n");
    buf_puts(o, "/* Zones: the first slot of each; a per-player zone has MAXP slots. */\nenum {\n");
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        buf_printf(o, "    Z_%s = %d,%s\n", zone_c(z), z->first_slot,
                   (z->zflags & ZF_PER_PLAYER) ? " /* + player */"
                   : (z->zflags & ZF_HELD) ? " /* + the holder's rank in its type */" : "");
    }
    buf_puts(o, "};\n\n/* Procedures, numbered for the frames. */\nenum {\n");
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached)
            buf_printf(o, "    P_%s = %d,\n", CNAME(p), i);
    }
    gen_event_proc_numbers(G);
    gen_before_proc_numbers(G);
    buf_puts(o, "};\n\n");
    gen_effects_defs(G);
    if (g->has_memo)
        buf_puts(o, "/* Funcs keep their answers (memo_write, MemoEntry in rt_game.h). */\n"
                    "#define GAME_HAS_MEMO 1\n\n");
    buf_puts(o, "/* The rules' variables, members of State: g_NAME for a global,\n"
                " * pv_NAME[player] for a per-player one. */\n"
                "#define GAME_STATE_VARS");
    int nvars = g->globals.len + g->pvars.len + g->cvars.len;
    bool turn_seat = g->uses_start_turn && !g->uses_time;
    if (nvars == 0 && !turn_seat && !g->uses_reverse && !g->uses_defeat && !g->histories.len)
        buf_puts(o, " /* none */");
    if (turn_seat) /* the player of the last start_turn, for the views */
        buf_puts(o, " \\\n    int32_t t_active;");
    if (g->uses_reverse) /* the direction of play: 1 when reversed */
        buf_puts(o, " \\\n    int32_t t_reversed;");
    if (g->uses_defeat) /* who is defeated: 1 for a player defeat() named */
        buf_puts(o, " \\\n    int32_t t_defeated[MAXP];");
    for (int i = 0; i < g->globals.len; i++) {
        const Node *v = g->globals.items[i];
        buf_printf(o, " \\\n    int32_t g_%s;", v->name);
    }
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        buf_printf(o, " \\\n    int32_t pv_%s[MAXP];", v->name);
    }
    for (int i = 0; i < g->cvars.len; i++) {
        const Node *v = g->cvars.items[i];
        buf_printf(o, " \\\n    int32_t pc_%s[NINSTANCES];", v->name);
    }
    for (int i = 0; i < g->histories.len; i++) { /* count(EVENT(...)): count, unit */
        const History *h = g->histories.items[i];
        buf_printf(o, " \\\n    int32_t h_%d[2 * %s];", i, h->per == HIST_ONE ? "1"
                   : h->per == HIST_PER_PLAYER ? "MAXP" : "NINSTANCES");
    }
    buf_puts(o, "\n");
    gen_time_defs(G);
}

/* DECL[NSLOTS] = {...}: for every slot, 1 if its zone has zone flag
 * `flag`, else 0, slots in order (a zone's slots follow each other). */
static void gen_slot_flags(Buf *o, const Game *g, const char *decl, int flag)
{
    buf_printf(o, "%s[NSLOTS] = {", decl);
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        for (int k = 0; k < zone_nslots(g, z); k++)
            buf_printf(o, "%s%d", z->first_slot + k ? ", " : "", !!(z->zflags & flag));
    }
    buf_puts(o, "};\n");
}

/* slot_memo[i]: may a memo func read slot i (memo_moved)? */
static void gen_slot_memo(Buf *o, const Game *g)
{
    buf_puts(o, "/* slot_memo[i]: may a func that keeps its answers read slot i? */\n"
                "static const uint8_t slot_memo[NSLOTS] = {");
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        bool read = z->memo_read || g->memo_all_zones ||
                    (g->memo_play_zones && (z->zflags & ZF_IN_PLAY));
        for (int k = 0; k < zone_nslots(g, z); k++)
            buf_printf(o, "%s%d", z->first_slot + k ? ", " : "", read);
    }
    buf_puts(o, "};\n");
}

static bool any_zone_in_play(const Game *g)
{
    for (int i = 0; i < g->zones.len; i++)
        if (((const Node *)g->zones.items[i])->zflags & ZF_IN_PLAY)
            return true;
    return false;
}

/* words[i]: what a word `{wK}` of a prompt or a label names (rt_words):
 * the card types, then the card kinds, then each attribute's values, in
 * the order word_base counts them. Only in a game that builds words. */
static void emit_words(Gen *G)
{
    const CardSet *cs = G->cs;
    Buf *o = G->out;
    buf_puts(o, "/* words[i]: the names words built from values show: card types, card kinds,\n"
                " * then each attribute's values */\nstatic const char *const words[] = {\n");
    for (int t = 0; t < cs->ntypes; t++) {
        buf_puts(o, "    ");
        c_string(o, cs->types[t]->name);
        buf_puts(o, ",\n");
    }
    for (int c = 0; c < cs->ncards; c++) {
        buf_puts(o, "    ");
        c_string(o, cs->cards[c]->name);
        buf_puts(o, ",\n");
    }
    for (int a = 0; a < cs->nattrs; a++)
        for (int v = 0; v < cs->attrs[a]->nvalues; v++) {
            buf_puts(o, "    ");
            c_string(o, cs->attrs[a]->values[v]);
            buf_puts(o, ",\n");
        }
    buf_puts(o, "    NULL\n};\n\n");
}

/* The RtGame entries of the table emit_words writes. */
static const char *words_entries(Gen *G)
{
    const CardSet *cs = G->cs;
    int n = cs->ntypes + cs->ncards;
    for (int a = 0; a < cs->nattrs; a++)
        n += cs->attrs[a]->nvalues;
    return arena_printf(G->a, "    .words = words,\n    .nwords = %d,\n", n);
}

/* The label of card cd at the terminal: the values of the attributes the
 * rules read (Game.attr_read), in the card file's order, a number after
 * its attribute's name ("red", "red, points 3"); "" when it has none. */
static const char *card_label(Gen *G, const CardDef *cd)
{
    const bool *read = G->g->attr_read;
    Buf b = {0};
    for (int a = 0; read && a < G->cs->nattrs; a++) {
        int v = read[a] ? card_value(cd, a) : -1;
        if (v < 0)
            continue;
        const Attr *at = G->cs->attrs[a];
        buf_printf(&b, "%s%s%s%s", b.len ? ", " : "", at->numeric ? at->name : "",
                   at->numeric ? " " : "", at->values[v]);
    }
    const char *label = arena_printf(G->a, "%s", b.data ? b.data : "");
    buf_free(&b);
    return label;
}

static bool any_card_label(Gen *G)
{
    for (int i = 0; i < G->cs->ncards; i++)
        if (*card_label(G, G->cs->cards[i]))
            return true;
    return false;
}

/* card_label[i] (RtGame.card_label), when some card has a label: what a
 * human at the terminal sees beside the card's name, never in JSON. */
static void gen_card_labels(Gen *G)
{
    if (!any_card_label(G))
        return;
    buf_puts(G->out, "/* card_label[i]: the attributes of physical card i the rules read,\n"
                     " * shown beside its name at the terminal */\n"
                     "static const char *const card_label[NINSTANCES] = {\n");
    for (int i = 0; i < G->cs->ncards; i++) {
        const char *label = card_label(G, G->cs->cards[i]);
        for (long long k = 0; k < G->cs->cards[i]->count; k++) {
            buf_puts(G->out, "    ");
            if (*label)
                c_string(G->out, label);
            else
                buf_puts(G->out, "NULL");
            buf_puts(G->out, ",\n");
        }
    }
    buf_puts(G->out, "};\n\n");
}

static void gen_tables(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "\n/* ---- tables for the runtime ---- */\n\n");
    buf_puts(o, "/* prompts[i]: the question of decision i */\nstatic const char *const prompts[] = {\n");
    for (int i = 0; i < g->prompts.len; i++) {
        buf_puts(o, "    ");
        c_string(o, g->prompts.items[i]);
        buf_puts(o, ",\n");
    }
    buf_puts(o, "    NULL\n};\n\n/* labels[i]: the text of a named option */\nstatic const char *const labels[] = {\n");
    for (int i = 0; i < g->labels.len; i++) {
        buf_puts(o, "    ");
        c_string(o, g->labels.items[i]);
        buf_puts(o, ",\n");
    }
    buf_puts(o, "    NULL\n};\n\n");
    if (g->words)
        emit_words(G);
    buf_puts(o, "/* zones[i]: name, per player, ordered, visibility, first slot */\n"
                "static const RtZone zones[] = {\n");
    static const char *const vis[] = {"RT_VIS_PUBLIC", "RT_VIS_OWNER", "RT_VIS_HIDDEN"};
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        buf_printf(o, "    {\"%s\", %d, %d, %s, %d},\n", z->name, !!(z->zflags & ZF_PER_PLAYER),
                   !!(z->zflags & ZF_ORDERED), vis[z->vis], z->first_slot);
    }
    buf_puts(o, "};\n\n/* slot_zone[i], slot_owner[i]: the zone and owner (-1 shared) of slot i */\n");
    buf_puts(o, "static const int16_t slot_zone[NSLOTS] = {");
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        int n = zone_nslots(g, z);
        for (int k = 0; k < n; k++)
            buf_printf(o, "%s%d", z->first_slot + k ? ", " : "", i);
    }
    buf_puts(o, "};\nstatic const int8_t slot_owner[NSLOTS] = {");
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        bool pp = z->zflags & ZF_PER_PLAYER;
        int n = zone_nslots(g, z);
        for (int k = 0; k < n; k++)
            buf_printf(o, "%s%d", z->first_slot + k ? ", " : "", pp ? k : -1);
    }
    buf_puts(o, "};\n/* slot_ordered[i]: is slot i's zone ordered? (an unordered zone keeps\n"
                " * its cards in no particular order: a card leaves it in O(1)) */\n");
    gen_slot_flags(o, g, "static const uint8_t slot_ordered", ZF_ORDERED);
    /* One table for all that asks whether a card is in play: holders
     * leaving play, cards' triggers, the funcs that cards in play change. */
    if (any_zone_has(g, ZF_TOP_PUBLIC)) {
        buf_puts(o, "/* slot_top_public[i]: is the top card of slot i seen by all? */\n");
        gen_slot_flags(o, g, "static const uint8_t slot_top_public", ZF_TOP_PUBLIC);
    }
    if (any_zone_in_play(g) || g->nheld || card_handlers(g)) { /* rt_game.h reads it then */
        buf_puts(o, "/* slot_in_play[i]: are the cards of slot i in play (its zone `in play`)? */\n");
        gen_slot_flags(o, g, "static RT_UNUSED const uint8_t slot_in_play", ZF_IN_PLAY);
    }
    if (g->has_memo)
        gen_slot_memo(o, g);
    buf_puts(o, "\n/* inst_type[i], inst_attr[a][i]: the type and attribute values of\n"
                " * physical card i (flat, for the hot paths) */\n"
                "static const int16_t inst_type[NINSTANCES] = {");
    long long col = 0;
    for (int i = 0; i < G->cs->ncards; i++)
        for (long long k = 0; k < G->cs->cards[i]->count; k++, col++)
            buf_printf(o, "%s%d", col % 20 ? ", " : (col ? ",\n    " : "\n    "),
                       G->cs->cards[i]->type->index);
    buf_puts(o, "\n};\n");
    buf_printf(o, "static const int16_t inst_attr[%d][NINSTANCES] = {\n",
               G->cs->nattrs ? G->cs->nattrs : 1);
    for (int a = 0; a < (G->cs->nattrs ? G->cs->nattrs : 1); a++) {
        buf_puts(o, "    {");
        col = 0;
        for (int i = 0; i < G->cs->ncards; i++) {
            int v = a < G->cs->nattrs ? card_value(G->cs->cards[i], a) : -1;
            for (long long k = 0; k < G->cs->cards[i]->count; k++, col++)
                buf_printf(o, "%s%d", col % 20 ? ", " : (col ? ",\n     " : ""), v);
        }
        buf_puts(o, "},\n");
    }
    buf_puts(o, "};\n");
    buf_puts(o, "\n/* card_name[i]: the name of physical card i */\n"
                "static const char *const card_name[NINSTANCES] = {\n");
    for (int i = 0; i < G->cs->ncards; i++)
        for (long long k = 0; k < G->cs->cards[i]->count; k++) {
            buf_puts(o, "    ");
            c_string(o, G->cs->cards[i]->name);
            buf_puts(o, ",\n");
        }
    buf_puts(o, "};\n\n");
    gen_card_labels(G);
    if (g->nheld)
        gen_holder_tables(G);
}

/* The game's parts of the run loop of runtime/rt_game.h, after the rules:
 * the scores and tie-breaks finish() reads, the step of a frame run()
 * takes (a switch over the procs), the variables' initial values
 * game_setup() sets. */
static void gen_run_hooks(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    buf_puts(o, "/* ---- the game's parts of the run loop (runtime/rt_game.h) ---- */\n\n"
                "/* Player p's score (and tie-break), which finish() compares. */\n"
                "static inline int32_t game_score(State *s, int p)\n{\n");
    buf_puts(o, g->score ? "    return fn_score(s, p);\n}\n\n"
                         : "    (void)s;\n    (void)p;\n    return 0;\n}\n\n");
    if (g->tiebreak)
        buf_puts(o, "static inline int32_t game_tiebreak(State *s, int p)\n{\n"
                    "    return fn_tiebreak(s, p);\n}\n\n");
    buf_puts(o, "/* Runs the proc of frame f until it returns, calls, waits or stops. */\n"
                "static inline int game_step(State *s, Frame *f)\n{\n"
                "    int r = R_STOP;\n"
                "    switch (f->proc) {\n");
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached)
            buf_printf(o, "    case P_%s:\n        r = proc_%s(s, f);\n        break;\n",
                       CNAME(p), CNAME(p));
    }
    gen_event_steps(G);
    gen_before_steps(G);
    buf_puts(o, "    }\n    return r;\n}\n\n");
    if (g->nheld)
        gen_holder_left(G);
    buf_puts(o, "/* The rules' variables at the start of a game. */\n"
                "static inline void game_vars_init(State *s)\n{\n");
    if (g->globals.len + g->pvars.len + g->cvars.len == 0 &&
        !(g->uses_start_turn && !g->uses_time))
        buf_puts(o, "    (void)s;\n");
    if (g->uses_start_turn && !g->uses_time)
        buf_puts(o, "    s->t_active = -1; /* nobody's turn yet */\n");
    for (int i = 0; i < g->globals.len; i++) {
        const Node *v = g->globals.items[i];
        G->at = v; /* what its initial value may fault names its line */
        buf_printf(o, "    s->g_%s = %s;\n", v->name, expr_str(G, v->init));
    }
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        G->at = v;
        buf_printf(o, "    for (int p = 0; p < MAXP; p++)\n        s->pv_%s[p] = %s;\n", v->name,
                   expr_str(G, v->init));
    }
    for (int i = 0; i < g->cvars.len; i++) {
        const Node *v = g->cvars.items[i];
        G->at = v;
        buf_printf(o, "    for (int c = 0; c < NINSTANCES; c++)\n        s->pc_%s[c] = %s;\n",
                   v->name, expr_str(G, v->init));
    }
    G->at = NULL;
    if (g->has_memo)
        buf_puts(o, "    memo_write(s);\n");
    buf_puts(o, "}\n\n");
}

/* game_invariants(): each invariant of the rules, in the order declared;
 * the first that does not hold faults at its line, its number the fault's
 * value (LANGUAGE.md §2, "Invariants"). A func that faults has faulted
 * first: rt_fault keeps the first fault of a game. Then invariants[], their
 * texts, which the fault names. Nothing for a game without invariants. */
static void gen_invariants(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    if (g->invariants.len == 0)
        return;
    buf_puts(o, "/* The rules' invariants, checked as each decision opens and at the end. */\n"
                "static void game_invariants(State *s)\n{\n");
    for (int i = 0; i < g->invariants.len; i++) {
        const Node *n = g->invariants.items[i];
        buf_printf(o, "    /* %s:%d */\n    if (!fn_%s(s)) {\n"
                      "        fault(s, F_INVARIANT, %d, %d);\n        return;\n    }\n",
                   where(G, n), n->loc.line, CNAME(n->sym), site_of(G, n), i);
    }
    buf_puts(o, "}\n\n/* invariants[i]: the text of invariant i, which its fault names */\n"
                "static const char *const invariants[] = {\n");
    for (int i = 0; i < g->invariants.len; i++) {
        buf_puts(o, "    ");
        c_string(o, ((const Node *)g->invariants.items[i])->name);
        buf_puts(o, ",\n");
    }
    buf_puts(o, "};\n\n");
}

/* fault_sites[]: the sites numbered while the rules were emitted (site_of),
 * with a last entry {NULL, 0} that is not one, so that the table is never
 * empty. */
static void gen_fault_sites(Gen *G)
{
    Buf *o = G->out;
    buf_puts(o, "/* fault_sites[i - 1]: site i, a statement of the rules that may fault:\n"
                " * the number the helpers of rt_game.h are given */\n"
                "static const RtFaultSite fault_sites[] = {\n");
    for (int i = 0; i < G->sites.len; i++) {
        const Node *n = G->sites.items[i];
        buf_puts(o, "    {");
        c_string(o, where(G, n));
        buf_printf(o, ", %d}, /* %d */\n", n->loc.line, i + 1);
    }
    buf_puts(o, "    {NULL, 0}\n};\n\n");
}

/* The table the runtime plays the game through, its variables for tests
 * and scenario files, and main(). */
/* FNV-1a of the C written so far, from the end of the banner (which names
 * the input's path): the rules the build plays, for RtGame.code_hash. */
static unsigned long long code_hash(const Buf *o)
{
    const char *end = o->len ? strstr(o->data, "*/\n") : NULL;
    size_t from = end ? (size_t)(end - o->data) + 3 : 0;
    unsigned long long h = 0xCBF29CE484222325ull;
    for (size_t i = from; i < o->len; i++)
        h = (h ^ (unsigned char)o->data[i]) * 0x100000001B3ull;
    return h;
}

static void gen_game_table(Gen *G)
{
    const Game *g = G->g;
    Buf *o = G->out;
    gen_fault_sites(G);
    gen_cov_sites(G);
    buf_puts(o, "/* vars[i]: a variable of the rules: name, offset, per player */\n"
                "static const RtVar vars[] = {\n");
    for (int i = 0; i < g->globals.len; i++) {
        const Node *v = g->globals.items[i];
        buf_printf(o, "    {\"%s\", offsetof(State, g_%s), 0},\n", v->name, v->name);
    }
    for (int i = 0; i < g->pvars.len; i++) {
        const Node *v = g->pvars.items[i];
        buf_printf(o, "    {\"%s\", offsetof(State, pv_%s), 1},\n", v->name, v->name);
    }
    for (int i = 0; i < g->cvars.len; i++) {
        const Node *v = g->cvars.items[i];
        buf_printf(o, "    {\"%s\", offsetof(State, pc_%s), RT_VAR_PER_CARD},\n", v->name, v->name);
    }
    buf_puts(o, "    {NULL, 0, 0}\n};\n\n");
    gen_agents(G);
    unsigned long long hash = code_hash(o);
    buf_puts(o, "const RtGame game = {\n    .name = ");
    c_string(o, g->name ? g->name : "game");
    if (any_card_label(G))
        buf_puts(o, ",\n    .card_label = card_label");
    buf_printf(o, ",\n    .min_players = %d,\n    .max_players = %d,\n"
                  "    .ninstances = NINSTANCES,\n    .card_name = card_name,\n"
                  "    .nzones = %d,\n    .nslots = NSLOTS,\n    .zones = zones,\n"
                  "    .slot_zone = slot_zone,\n    .slot_owner = slot_owner,\n"
                  "    .prompts = prompts,\n    .labels = labels,\n    .faults = faults,\n"
                  "    .state_size = sizeof(State),\n"
                  "    .off_zsize = offsetof(State, zsize),\n"
                  "    .off_zcard = offsetof(State, zcard),\n"
                  "    .default_max_decisions = GAME_MAX_DECISIONS,\n"
                  "    .init = game_init,\n    .resume = game_resume,\n"
                  "    .off_slot_of = offsetof(State, slot_of),\n"
                  "    .nvars = %d,\n    .vars = vars,\n"
                  "    .sync = game_sync,\n    .check = game_check,\n    .agree = game_agree,\n"
                  "    .copy = game_copy,\n"
                  "    .play_direct = game_play_direct,\n    .zero = game_zero,\n"
                  "    .score_now = game_score_now,\n"
                  "    .code_hash = 0x%016llxu,\n"
                  "    .fault_sites = fault_sites,\n    .nfault_sites = %d,\n%s%s%s%s%s%s%s%s%s%s%s%s",
               g->min_players, g->max_players, g->zones.len,
               g->globals.len + g->pvars.len + g->cvars.len, hash, G->sites.len,
               g->nheld ? "    .slot_holder = slot_holder,\n" : "",
               game_has_events(g) ? event_table_entries(G) : "", before_table_entries(G),
               numbers_table_entries(G), g->words ? words_entries(G) : "",
               g->uses_show ? "    .off_seen = offsetof(State, seen),\n" : "",
               any_zone_has(g, ZF_TOP_PUBLIC) ? "    .slot_top_public = slot_top_public,\n" : "",
               any_zone_in_play(g) ? "    .slot_in_play = slot_in_play,\n" : "",
               g->uses_defeat ? "    .may_defeat_all = true,\n" : "",
               g->uses_out ? "    .out = game_out,\n" : "",
               g->sets.len > 0 ? "    .set_step = game_set_step,\n" : "",
               g->invariants.len > 0
                   ? arena_printf(G->a, "    .invariants = invariants,\n    .ninvariants = %d,\n",
                                  g->invariants.len)
                   : "");
    buf_puts(o, cov_table_entries(G));
    buf_puts(o, agents_table_entries(G));
    buf_puts(o, "};\n\n");
    buf_puts(o, "#ifndef CARDC_NO_MAIN\nint main(int argc, char **argv)\n{\n"
                "    return rt_main(&game, argc, argv);\n}\n#endif\n");
}

/* The game's C: its constants and tables, then runtime/rt_game.h (what
 * every game shares), then the rules, then the game's parts of the run
 * loop and its RtGame table. */
void cgen_game(Buf *out, Arena *a, const Game *g, const char *input)
{
    Gen G = {.out = out, .a = a, .g = g, .cs = g->cs};
    G.card_ids = c_card_idents(a, g->cs);
    emit_banner(out, input);
    buf_puts(out, "\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n\n"
                  "#include \"rt.h\"\n");
    emit_cards(out, a, g->cs, false);
    gen_game_defs(&G);
    gen_tables(&G);
    buf_puts(out, "/* ---- what every game shares: the state, zone operations, decisions,\n"
                  " * the run loop ---- */\n\n#include \"rt_game.h\"\n\n");
    /* prototypes, so rules may call each other in any order */
    buf_puts(out, "/* ---- the rules ---- */\n\n");
    for (int i = 0; i < g->funcs.len; i++)
        if (((const Sym *)g->funcs.items[i])->reached)
            gen_func_proto(&G, g->funcs.items[i], false);
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached)
            gen_dproc_proto(&G, p, false);
    }
    gen_time_protos(&G);
    buf_puts(out, "\n");
    gen_play_dispatch(&G);
    /* The bodies go to a second buffer: helpers are found while emitting. */
    Buf body = {0};
    G.out = &body;
    for (int f = 0; f < HELPER__COUNT; f++)
        G.done[f] = arena_alloc(a, sizeof(bool) * (size_t)(g->nhelpers[f] + 1));
    gen_modifiers(&G);
    for (int i = 0; i < g->funcs.len; i++)
        if (((const Sym *)g->funcs.items[i])->reached)
            gen_func(&G, g->funcs.items[i]);
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached)
            gen_proc(&G, p);
    }
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached)
            gen_dproc(&G, p);
    }
    gen_event_raises(&G);
    gen_before_hooks(&G);
    gen_delayed_dispatch(&G);
    G.out = out;
    buf_puts(out, G.protos.data ? G.protos.data : "");
    buf_puts(out, "\n");
    buf_puts(out, G.helpers.data ? G.helpers.data : "");
    buf_puts(out, body.data ? body.data : "");
    gen_event_hooks(&G);
    gen_run_hooks(&G);
    gen_invariants(&G);
    gen_numbers(&G);
    gen_game_table(&G);
    buf_free(&body);
    buf_free(&G.helpers);
    buf_free(&G.protos);
    buf_free(&G.simul_restarts);
    buf_free(&G.repoint_locals);
    buf_free(&G.told_note);
    buf_free(&G.told_holds);
}
