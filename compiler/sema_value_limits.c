/* sema_value_limits.c: how many options a choice of values may offer
 * (LANGUAGE.md §7, "A value"), against what a decision holds
 * (max_options), as sema_limits.c does for menus and cards.
 *
 * The options are the numbers lo..hi of a range, or the values of
 * values(...), less those a 'where' drops. cardc bounds each number the
 * rules compute (Bound): a constant is itself, size(Z) at most the cards
 * zone Z may ever hold, count(...) at most the game's cards,
 * player_count() the players the game takes, and + - * / % min max abs of
 * bounded numbers what they make; any other number (a variable, a
 * parameter, a func) has no bound it knows. A 'where' keeps at most what
 * its shape allows (kept): one value for `v == E`, the numbers up to E
 * for `v <= E`, the fewer of an `and`, the sum of an `or`.
 *
 * Then, as for the other decisions: a choice that offers more than a
 * decision holds every time it is reached is an error; one that may is a
 * warning with the most it can offer; and one whose count cardc cannot
 * bound is a warning that says which number it cannot. At run time such
 * a choice faults with its count (too_many_values, runtime/faults.h).
 * Constant ranges and values(...) without 'where' are refused earlier,
 * as they are checked (sema_stmt.c). */
#include "sema_int.h"

#include <string.h>

/* A choice of values, noted as it was checked: how many values its
 * values(...) gives (-1 for a range). */
typedef struct ValueChoice {
    const Node *n;
    long long nvalues;
} ValueChoice;

void note_value_choice(Sema *s, const Node *n, long long nvalues)
{
    ValueChoice *c = arena_alloc(s->arena, sizeof *c);
    c->n = n;
    c->nvalues = nvalues;
    vec_push(s->arena, &s->value_choices, c);
}

/* ---- bounds of numbers ---------------------------------------------------- */

/* Past this, a side of a bound is unbounded (every number the rules make
 * is 32 bits; the sums and products of bounds stay within 64). */
static const long long FAR = SEMA_FAR;

typedef NumBound Bound;

static long long clamp(long long v)
{
    return v < -FAR ? -FAR : v > FAR ? FAR : v;
}

static Bound bound_of(long long lo, long long hi, const Node *unknown)
{
    return (Bound){clamp(lo), clamp(hi), unknown};
}

static Bound no_bound(const Node *e)
{
    return (Bound){-FAR, FAR, e};
}

static bool bounded(Bound b)
{
    return b.lo > -FAR && b.hi < FAR;
}

/* The kinds zone slot expression z (`deck`, `hand[p]`, `marks[c]`) may
 * ever hold (sema_kinds.c), or -1 when they are not known. */
static long long zone_kinds(const Sema *s, const Node *z)
{
    const Node *b = z->kind == N_INDEX ? z->base : z;
    if (!s->kinds || b->kind != N_IDENT || !b->sym || b->sym->kind != S_ZONE)
        return -1;
    return (long long)kinds_in_zone(s->kinds, b->sym->decl->zone_no);
}

/* The cards zone slot expression z may ever hold: those of the kinds that
 * may enter its zone, when the kinds are known, else every card of the
 * game. With a filter (on the element in frame slot `slot`), only the
 * kinds it may keep (kinds_eval); when it keeps no card of the game at
 * all, the cards' own checks say so (sema_needs.c): it narrows nothing. */
static long long zone_cards_kept(const Sema *s, const Node *z, const Node *filter, int slot)
{
    long long in = zone_kinds(s, z), n = 0, all = 0;
    for (int k = 0; k < s->cs->ncards; k++) {
        const CardDef *cd = s->cs->cards[k];
        bool may = !filter || kinds_eval(filter, slot, cd) != 0;
        all += may ? cd->count : 0;
        if (may && (in < 0 || (k < 64 && ((in >> k) & 1))))
            n += cd->count;
    }
    if (filter && all == 0)
        return zone_cards_kept(s, z, NULL, slot);
    return in < 0 && !filter ? s->cs->instances : n;
}

static long long zone_cards(const Sema *s, const Node *z)
{
    return zone_cards_kept(s, z, NULL, 0);
}

/* A bounding, as sema_bound makes one: the environment, and the funcs
 * whose expressions are being bounded, with the bounds found of those
 * already bounded. */
enum { LOOK_DEPTH = 8 };
typedef struct Look {
    const Sema *s;
    const BoundEnv *env;
    CallMemo calls;
} Look;

static Bound bound_in(Look *k, const Node *e);

/* The bound of e without an environment (the choices' own). */
static Bound bound(const Sema *s, const Node *e)
{
    return sema_bound(s, e, NULL);
}

/* x * y, clamped to -FAR..FAR. */
static long long mul(long long x, long long y)
{
    if (x == 0 || y == 0)
        return 0;
    long long ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    if (ay > FAR / ax)
        return (x < 0) != (y < 0) ? -FAR : FAR;
    return x * y;
}

/* a * b over the corners of the two bounds. */
static Bound times(Bound a, Bound b)
{
    long long c[4] = {mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)};
    long long lo = c[0], hi = c[0];
    for (int i = 1; i < 4; i++) {
        lo = c[i] < lo ? c[i] : lo;
        hi = c[i] > hi ? c[i] : hi;
    }
    return bound_of(lo, hi, a.unknown ? a.unknown : b.unknown);
}

/* a / b and a % b, for a divisor known to be a positive constant (any
 * other divisor: no bound). Division rounds toward zero, as the runtime's. */
static Bound divided(const Node *e, Bound a, Bound b)
{
    if (b.lo != b.hi || b.lo <= 0 || !bounded(a))
        return no_bound(b.lo != b.hi || b.lo <= 0 ? e->rhs : a.unknown);
    if (e->binop == OP_DIV)
        return bound_of(a.lo / b.lo, a.hi / b.lo, NULL);
    return bound_of(a.lo < 0 ? -(b.lo - 1) : 0, a.hi > 0 ? b.lo - 1 : 0, NULL);
}

static Bound binary_bound(Look *k, const Node *e)
{
    Bound a = bound_in(k, e->lhs), b = bound_in(k, e->rhs);
    const Node *unknown = a.unknown ? a.unknown : b.unknown;
    switch (e->binop) {
    case OP_ADD: return bound_of(a.lo + b.lo, a.hi + b.hi, unknown);
    case OP_SUB: return bound_of(a.lo - b.hi, a.hi - b.lo, unknown);
    case OP_MUL: return times(a, b);
    case OP_DIV: case OP_MOD: return divided(e, a, b);
    default: return no_bound(e);
    }
}

/* The most elements source src of count(...) walks, with an environment:
 * a zone's cards, the players; without, the game's cards. */
static long long count_most(const Look *k, const Node *src)
{
    const Sema *s = k->s;
    if (!k->env || src->kind != N_SOURCE)
        return s->cs->instances;
    if (src->src_kind == SRC_ZONE)
        return zone_cards_kept(s, src->in, src->filter, src->slot);
    if (src->src_kind == SRC_PLAYERS)
        return k->env->players > 0 ? k->env->players : s->g->max_players;
    return s->cs->instances;
}

/* A call of the game's func of one expression that no modifier changes:
 * its expression's bound (its parameters have none), through at most
 * LOOK_DEPTH calls. A func already being bounded (a recursive call) has
 * no bound there, and one bounded already at this depth is not bounded
 * again (CallMemo): bounding it at each call made `f(n) = f(n + 1) +
 * f(n + 1)` cost 2^LOOK_DEPTH walks. */
static Bound func_bound(Look *k, const Node *e)
{
    const Sym *f = e->sym;
    if (!k->env || f->kind != S_FUNC || !f->decl->expr_body || f->modifiers.len > 0 ||
        k->calls.depth >= LOOK_DEPTH)
        return no_bound(e);
    const void *found = NULL;
    Bound b;
    switch (call_memo_enter(&k->calls, f, NULL, 0, &found)) {
    case CALL_AGAIN:
        return no_bound(e);
    case CALL_KNOWN:
        b = *(const Bound *)found;
        break;
    default:
        b = bound_in(k, f->decl->expr_body);
        call_memo_leave(&k->calls, &b, sizeof b);
    }
    return b.unknown ? no_bound(e) : b;
}

/* The builtins whose number cardc bounds; any other call has none. */
static Bound call_bound(Look *k, const Node *e)
{
    const Sema *s = k->s;
    const BoundEnv *env = k->env;
    if (e->sym && e->type == T_INT)
        return func_bound(k, e);
    if (e->sym || e->type != T_INT) /* a call not checked */
        return no_bound(e);
    const Node *x = e->args;
    Bound a, b;
    switch (e->builtin) {
    case B_SIZE:
        return bound_of(0, zone_cards(s, x), NULL);
    case B_COUNT:
        return bound_of(0, count_most(k, x), NULL);
    case B_NPLAYERS:
        if (env && env->players > 0)
            return bound_of(env->players, env->players, NULL);
        return bound_of(s->g->min_players, s->g->max_players, NULL);
    case B_MIN: case B_MAX:
        if (env && e->over_source) /* over a source that may be empty */
            return no_bound(e);
        a = bound_in(k, x);
        b = bound_in(k, x->next);
        if (e->builtin == B_MIN) /* one bounded side is enough from above */
            return bound_of(a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi,
                            a.hi < FAR || b.hi < FAR ? NULL : a.unknown ? a.unknown
                                                                        : b.unknown);
        return bound_of(a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi,
                        a.unknown ? a.unknown : b.unknown);
    case B_ABS:
        a = bound_in(k, x);
        if (a.lo >= 0)
            return a;
        return bound_of(a.hi <= 0 ? -a.hi : 0, -a.lo > a.hi ? -a.lo : a.hi, a.unknown);
    default:
        return no_bound(e);
    }
}

/* The numbers number expression e may take (checked, of type int). */
static Bound bound_in(Look *k, const Node *e)
{
    const BoundEnv *env = k->env;
    switch (e->kind) {
    case N_NUM:
        return bound_of(e->literal, e->literal, NULL);
    case N_UNARY: {
        if (e->unop != UOP_NEG)
            return no_bound(e);
        Bound a = bound_in(k, e->operand);
        return bound_of(-a.hi, -a.lo, a.unknown);
    }
    case N_BINARY:
        return binary_bound(k, e);
    case N_CALL:
        return call_bound(k, e);
    case N_IDENT: case N_INDEX:
        return env && env->var ? env->var(k->s, e, env->ctx) : no_bound(e);
    default:
        return no_bound(e);
    }
}

Bound sema_bound(const Sema *s, const Node *e, const BoundEnv *env)
{
    Look k = {.s = s, .env = env};
    call_memo_init(&k.calls, s->arena, NULL);
    return bound_in(&k, e);
}

/* ---- what a 'where' keeps ------------------------------------------------ */

/* Is e the element of the choice, in frame slot `slot`? */
static bool element(const Node *e, int slot)
{
    return e->kind == N_IDENT && e->sym && e->sym->index == slot &&
           (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM);
}

/* What a 'where' may keep: numbers within `in` (its `unknown` unused),
 * and at most `most` of them. */
typedef struct Kept {
    Bound in;
    long long most;
} Kept;

static long long count_of(Bound b)
{
    return b.hi < b.lo ? 0 : b.hi - b.lo + 1;
}

static Kept kept_of(Bound in, long long most)
{
    long long n = count_of(in);
    return (Kept){in, most < n ? most : n};
}

/* `v OP E` (or `E OP v`, turned round): the values of `in` it may keep.
 * A side of E that cardc cannot bound narrows nothing. */
static Kept compared(const Sema *s, BinOp op, const Node *other, Bound in, bool numbers)
{
    Bound e = bound(s, other), b = in;
    if (op == OP_EQ && numbers) {
        b.lo = e.lo > b.lo ? e.lo : b.lo;
        b.hi = e.hi < b.hi ? e.hi : b.hi;
    }
    if (op == OP_EQ)
        return kept_of(b, 1);
    if (!numbers || op == OP_NE)
        return kept_of(in, FAR);
    if ((op == OP_LT || op == OP_LE) && e.hi < FAR && e.hi - (op == OP_LT) < b.hi)
        b.hi = e.hi - (op == OP_LT);
    if ((op == OP_GT || op == OP_GE) && e.lo > -FAR && e.lo + (op == OP_GT) > b.lo)
        b.lo = e.lo + (op == OP_GT);
    return kept_of(b, FAR);
}

/* The operator that `E OP v` is as `v OP' E`. */
static BinOp turned(BinOp op)
{
    return op == OP_LT ? OP_GT : op == OP_LE ? OP_GE : op == OP_GT ? OP_LT
           : op == OP_GE ? OP_LE : op;
}

/* At most what filter f (on the element in frame slot `slot`) keeps of
 * the values in `in`: numbers, or the places 0..n-1 of values(...), which
 * only `==` narrows (to one). */
static Kept kept(const Sema *s, const Node *f, int slot, Bound in, bool numbers)
{
    if (f->kind != N_BINARY)
        return kept_of(in, FAR);
    if (f->binop == OP_AND || f->binop == OP_OR) {
        Kept l = kept(s, f->lhs, slot, in, numbers), r = kept(s, f->rhs, slot, in, numbers);
        if (f->binop == OP_OR)
            return kept_of(bound_of(l.in.lo < r.in.lo ? l.in.lo : r.in.lo,
                                    l.in.hi > r.in.hi ? l.in.hi : r.in.hi, NULL),
                           l.most + r.most);
        return kept_of(bound_of(l.in.lo > r.in.lo ? l.in.lo : r.in.lo,
                                l.in.hi < r.in.hi ? l.in.hi : r.in.hi, NULL),
                       l.most < r.most ? l.most : r.most);
    }
    if (f->binop < OP_EQ || f->binop > OP_GE)
        return kept_of(in, FAR);
    if (element(f->lhs, slot))
        return compared(s, f->binop, f->rhs, in, numbers);
    if (element(f->rhs, slot))
        return compared(s, turned(f->binop), f->lhs, in, numbers);
    return kept_of(in, FAR);
}

/* ---- ranges of a constant length ----------------------------------------- */

/* The builtins whose value depends on their arguments and the state
 * alone (the state does not change between the two bounds of a range). */
static bool pure_builtin(int b)
{
    return b == B_SIZE || b == B_NPLAYERS || b == B_SEAT || b == B_MIN || b == B_MAX ||
           b == B_ABS;
}

/* Do expressions a and b, computed at one moment (the two bounds of a
 * range; a card moved and the holder of its slot), surely give the same
 * value? Names, numbers, indexes, a zone's top or bottom, arithmetic and
 * pure builtins of them; anything else may differ. */
bool sema_same_value(const Node *a, const Node *b)
{
    if (!a || !b || a->kind != b->kind)
        return false;
    switch (a->kind) {
    case N_IDENT:
        return a->sym && a->sym == b->sym;
    case N_NUM:
        return a->literal == b->literal;
    case N_INDEX:
        return sema_same_value(a->base, b->base) && sema_same_value(a->index, b->index);
    case N_TOPCARD:
        return a->pos_kind == b->pos_kind && sema_same_value(a->zone, b->zone);
    case N_UNARY:
        return a->unop == b->unop && sema_same_value(a->operand, b->operand);
    case N_BINARY:
        return a->binop == b->binop && sema_same_value(a->lhs, b->lhs) && sema_same_value(a->rhs, b->rhs);
    case N_CALL:
        if (a->sym || b->sym || a->builtin != b->builtin || !pure_builtin(a->builtin))
            return false;
        for (a = a->args, b = b->args; a || b; a = a->next, b = b->next)
            if (!sema_same_value(a, b))
                return false;
        return true;
    default:
        return false;
    }
}

/* e as base + c: `X + 3`, `3 + X`, `X - 3`, or e itself and 0. */
static const Node *offset(const Node *e, long long *c)
{
    *c = 0;
    if (e->kind != N_BINARY || (e->binop != OP_ADD && e->binop != OP_SUB))
        return e;
    if (e->rhs->kind == N_NUM) {
        *c = e->binop == OP_ADD ? e->rhs->literal : -e->rhs->literal;
        return e->lhs;
    }
    if (e->binop == OP_ADD && e->lhs->kind == N_NUM) {
        *c = e->lhs->literal;
        return e->rhs;
    }
    return e;
}

/* The numbers range lo..hi holds every time, when its bounds are one
 * number and that number plus a constant (`size(deck)..size(deck) + 3`:
 * 4); -1 otherwise. */
static long long constant_length(const Node *lo, const Node *hi)
{
    long long a, b;
    const Node *x = offset(lo, &a), *y = offset(hi, &b);
    if (x->kind == N_NUM || !sema_same_value(x, y))
        return -1;
    return b - a + 1 > 0 ? b - a + 1 : 0;
}

/* ---- the check ----------------------------------------------------------- */

/* How the warning names an operand cardc cannot bound. */
static const char *unbounded_name(Sema *s, const Node *e)
{
    if (e->kind == N_IDENT && e->sym && (e->sym->kind == S_GLOBAL || e->sym->kind == S_PVAR ||
                                         e->sym->kind == S_CVAR))
        return arena_printf(s->arena, "variable '%s'", e->name);
    if (e->kind == N_IDENT)
        return arena_printf(s->arena, "'%s'", e->name);
    if (e->kind == N_INDEX && e->base->kind == N_IDENT)
        return arena_printf(s->arena, "variable '%s'", e->base->name);
    if (e->kind == N_CALL)
        return arena_printf(s->arena, "'%s(...)'", e->name);
    return "a number";
}

/* A number written as such: 3, -3. */
static bool literal(const Node *e)
{
    return e->kind == N_NUM ||
           (e->kind == N_UNARY && e->unop == UOP_NEG && e->operand->kind == N_NUM);
}

/* A range lo..hi: an error if it holds more numbers than a decision
 * holds every time (no 'where'), a warning if it may, and a warning if
 * cardc cannot bound how many. */
static void check_range_size(Sema *s, const Node *n)
{
    const Node *src = n->src, *lo = src->in->items, *hi = lo->next;
    if (lo->type != T_INT || hi->type != T_INT)
        return; /* not numbers: an error already */
    Bound a = bound(s, lo), b = bound(s, hi);
    if (literal(lo) && literal(hi) && (!src->filter || a.lo > b.hi))
        return; /* checked as it was read (sema_stmt.c) */
    long long length = constant_length(lo, hi);
    Bound all = {a.lo, b.hi, NULL};
    if (length >= 0 && !src->filter) {
        if (length > RT_MAX_OPTIONS_SEMA)
            diag_error(s->diags, n->loc, "this range offers %lld options every time (its last "
                                         "number %lld past its first), more than a decision "
                                         "holds (limit max_options = %d)",
                       length, length - 1, RT_MAX_OPTIONS_SEMA);
        return;
    }
    Kept k = src->filter ? kept(s, src->filter, src->slot, all, true) : kept_of(all, FAR);
    if (length >= 0 && k.most > length)
        k.most = length;
    const char *which = src->filter ? "numbers of %lld..%lld its 'where' may keep"
                                    : "the numbers %lld..%lld its bounds may reach";
    if (k.most >= FAR) {
        const Node *u = !bounded(a) ? (a.unknown ? a.unknown : lo) : b.unknown ? b.unknown : hi;
        diag_warning(s->diags, n->loc, "cardc cannot bound the options of this choice: it "
                                       "knows no bound of %s in its range, which may hold "
                                       "more numbers than the %d a decision holds: it faults "
                                       "when it does", unbounded_name(s, u),
                     RT_MAX_OPTIONS_SEMA);
        return;
    }
    long long every = count_of(bound_of(a.hi, b.lo, NULL));
    if (!src->filter && bounded(a) && bounded(b) && every > RT_MAX_OPTIONS_SEMA) {
        diag_error(s->diags, n->loc, "this range offers at least %lld options every time (its "
                                     "first number at most %lld, its last at least %lld), more "
                                     "than a decision holds (limit max_options = %d)",
                   every, a.hi, b.lo, RT_MAX_OPTIONS_SEMA);
        return;
    }
    if (k.most <= RT_MAX_OPTIONS_SEMA)
        return;
    diag_warning(s->diags, n->loc, arena_printf(s->arena, "this choice can offer up to %%lld "
                                                          "options (%s), more than the %%d a "
                                                          "decision holds: it faults when it "
                                                          "does", which),
                 k.most, k.in.lo, k.in.hi, RT_MAX_OPTIONS_SEMA);
}

/* values(...) with a 'where' (without one, refused as it was read when
 * too many): a warning if the 'where' may keep more than a decision
 * holds. */
static void check_values_size(Sema *s, const ValueChoice *c)
{
    const Node *src = c->n->src;
    if (!src->filter || c->nvalues <= RT_MAX_OPTIONS_SEMA)
        return;
    Kept k = kept(s, src->filter, src->slot, bound_of(0, c->nvalues - 1, NULL), false);
    if (k.most <= RT_MAX_OPTIONS_SEMA)
        return;
    const Node *in = src->in;
    const char *what = in->attr == ATTR_NAME ? "card names"
                       : arena_printf(s->arena, "values of '%s'", s->cs->attrs[in->attr]->name);
    diag_warning(s->diags, c->n->loc, "this choice can offer up to %lld options (%lld %s its "
                                      "'where' may keep), more than the %d a decision holds: "
                                      "it faults when it does",
                 k.most, k.most, what, RT_MAX_OPTIONS_SEMA);
}

void check_value_choices(Sema *s)
{
    for (int i = 0; i < s->value_choices.len; i++) {
        const ValueChoice *c = s->value_choices.items[i];
        if (c->nvalues < 0)
            check_range_size(s, c->n);
        else
            check_values_size(s, c);
    }
}
