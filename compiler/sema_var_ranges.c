/* sema_var_ranges.c: the numbers each variable of the rules may ever
 * hold, from its first value and every write of every rule (for
 * sema_never.c).
 *
 * A variable (of the game, per player or per card: all the slots of one
 * variable share one range) of type int or bool starts at its first
 * value; each `v = E` may give it any number E may take, each `v += E`
 * its number plus E's, `v -= E` minus. E is bounded by sema_bound, which
 * reads the ranges found so far: the ranges are grown, write by write, to
 * a fixed point. A side that has moved twice and moves again is widened
 * to no bound (a variable that only grows: `v += 1` lifts its top every
 * round; its bottom stays its first value). Every write of a variable is
 * an ASSIGN (nothing else writes one), and arithmetic past 32 bits
 * faults, so a number never wraps round: what this finds holds at every
 * moment of every game. A bool is 0 (false) or 1 (true): `b = true` and
 * `b = false` give one each, any other value both. */
#include "sema_int.h"

/* A variable's range, and how many times each side has moved. */
typedef struct Range {
    NumBound b;
    int lo_moves, hi_moves;
} Range;

struct VarRanges {
    Range *range[3];     /* by kind (VAR_GAME, VAR_PER_PLAYER, VAR_PER_CARD),
                          * then var_no */
    PtrVec writes;       /* the ASSIGN nodes of a variable */
    bool changed;
};

static const PtrVec *vars_of(const Game *g, int kind)
{
    return kind == VAR_GAME ? &g->globals : kind == VAR_PER_PLAYER ? &g->pvars : &g->cvars;
}

/* The VARDECL a variable read or written names (IDENT, or INDEX of one),
 * or NULL. */
static const Node *var_decl_of(const Node *e)
{
    if (e->kind == N_INDEX)
        e = e->base;
    if (e->kind != N_IDENT || !e->sym)
        return NULL;
    SymKind k = e->sym->kind;
    return k == S_GLOBAL || k == S_PVAR || k == S_CVAR ? e->sym->decl : NULL;
}

static bool ranged_type(Type t)
{
    return t == T_INT || t == T_BOOL;
}

static Range *range_of(const VarRanges *v, const Node *decl)
{
    return &v->range[decl->per_player][decl->var_no];
}

static NumBound *slot_of(const VarRanges *v, const Node *decl)
{
    return &range_of(v, decl)->b;
}

NumBound var_range(const Sema *s, const Node *e, void *ctx)
{
    const VarRanges *v = ctx;
    const Node *d = var_decl_of(e);
    if (!d || !ranged_type(d->type))
        return (NumBound){-SEMA_FAR, SEMA_FAR, e};
    (void)s;
    return *slot_of(v, d);
}

/* ---- the writes ----------------------------------------------------------- */

typedef struct Writes {
    Sema *s;
    VarRanges *v;
} Writes;

static void collect_write(const Node *n, void *ctx)
{
    Writes *w = ctx;
    const Node *d = n->kind == N_ASSIGN ? var_decl_of(n->target) : NULL;
    if (d && ranged_type(d->type))
        vec_push(w->s->arena, &w->v->writes, (void *)n);
}

/* Every ASSIGN of a variable, in every func and proc (card effects,
 * handlers, event bodies and `at` blocks among them). */
static void collect_writes(Sema *s, VarRanges *v)
{
    Writes w = {s, v};
    const PtrVec *vs[] = {&s->g->funcs, &s->g->procs};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < vs[k]->len; i++) {
            const Sym *f = vs[k]->items[i];
            ast_walk_const(f->decl->body, collect_write, &w);
        }
}

/* ---- the fixed point ------------------------------------------------------ */

static NumBound first_value(const Sema *s, const Node *decl)
{
    const Node *init = decl->init;
    if (!init)
        return (NumBound){-SEMA_FAR, SEMA_FAR, decl};
    if (decl->type == T_BOOL)
        return init->kind == N_BOOLLIT ? (NumBound){init->literal, init->literal, NULL}
                                       : (NumBound){0, 1, NULL};
    NumBound b = sema_bound(s, init, NULL);
    return b.unknown ? (NumBound){-SEMA_FAR, SEMA_FAR, init} : b;
}

/* The numbers write w may give its variable, from the ranges so far. */
static NumBound written(const Sema *s, VarRanges *v, const Node *w)
{
    const Node *d = var_decl_of(w->target);
    if (d->type == T_BOOL)
        return w->rhs->kind == N_BOOLLIT ? (NumBound){w->rhs->literal, w->rhs->literal, NULL}
                                         : (NumBound){0, 1, NULL};
    BoundEnv env = {var_range, v, 0};
    NumBound e = sema_bound(s, w->rhs, &env), cur = *slot_of(v, d);
    if (w->assign_op == ASSIGN_ADD)
        return (NumBound){cur.lo + e.lo, cur.hi + e.hi, NULL};
    if (w->assign_op == ASSIGN_SUB)
        return (NumBound){cur.lo - e.hi, cur.hi - e.lo, NULL};
    return e;
}

static long long clamp_far(long long x)
{
    return x < -SEMA_FAR ? -SEMA_FAR : x > SEMA_FAR ? SEMA_FAR : x;
}

/* Joins write w into its variable's range; a side that has moved
 * WIDEN_AFTER times (a variable that keeps growing) goes to no bound at
 * once. */
enum { WIDEN_AFTER = 2 };

static void join_write(const Sema *s, VarRanges *v, const Node *w)
{
    NumBound got = written(s, v, w);
    Range *r = range_of(v, var_decl_of(w->target));
    long long lo = clamp_far(got.lo), hi = clamp_far(got.hi);
    if (lo < r->b.lo) {
        r->b.lo = ++r->lo_moves > WIDEN_AFTER ? -SEMA_FAR : lo;
        v->changed = true;
    }
    if (hi > r->b.hi) {
        r->b.hi = ++r->hi_moves > WIDEN_AFTER ? SEMA_FAR : hi;
        v->changed = true;
    }
}

/* Past this many rounds (each side of a range moves at most
 * WIDEN_AFTER + 1 times, but a chain of variables given each other may
 * move one a round), every variable written has no bound: still sound,
 * and the check stays linear in the writes. */
enum { MAX_ROUNDS = 24 };

static void give_up(VarRanges *v)
{
    for (int i = 0; i < v->writes.len; i++) {
        const Node *w = v->writes.items[i];
        const Node *d = var_decl_of(w->target);
        range_of(v, d)->b = d->type == T_BOOL ? (NumBound){0, 1, NULL}
                                           : (NumBound){-SEMA_FAR, SEMA_FAR, w};
    }
}

VarRanges *var_ranges(Sema *s)
{
    VarRanges *v = arena_alloc(s->arena, sizeof *v);
    for (int k = VAR_GAME; k <= VAR_PER_CARD; k++) {
        const PtrVec *vars = vars_of(s->g, k);
        v->range[k] = arena_alloc(s->arena, sizeof(Range) * (size_t)(vars->len + 1));
        for (int i = 0; i < vars->len; i++) {
            const Node *d = vars->items[i];
            v->range[k][i].b = ranged_type(d->type) ? first_value(s, d)
                                                    : (NumBound){-SEMA_FAR, SEMA_FAR, d};
        }
    }
    collect_writes(s, v);
    for (int round = 0; round == 0 || v->changed; round++) {
        if (round == MAX_ROUNDS) { /* a long chain of variables: give up on them */
            give_up(v);
            break;
        }
        v->changed = false;
        for (int i = 0; i < v->writes.len; i++)
            join_write(s, v, v->writes.items[i]);
    }
    return v;
}

/* ---- what a note says of a variable --------------------------------------- */

/* "variable 'phase' starts at 1, and no rule or effect ever makes it
 * less": the range of a variable that a proof read, at its declaration. */
void note_var_range(Sema *s, const VarRanges *v, const Node *decl)
{
    NumBound r = *slot_of(v, decl), first = first_value(s, decl);
    if (decl->type == T_BOOL) {
        const char *was = first.lo ? "true" : "false";
        diag_note(s->diags, decl->loc, "variable '%s' starts %s, and no rule or effect ever "
                  "makes it %s", decl->name, was, first.lo ? "false" : "true");
        return;
    }
    if (r.lo == r.hi)
        diag_note(s->diags, decl->loc, "variable '%s' is always %lld: no rule or effect ever "
                  "gives it another number", decl->name, r.lo);
    else if (r.lo == first.lo && r.hi >= SEMA_FAR)
        diag_note(s->diags, decl->loc, "variable '%s' starts at %lld, and no rule or effect "
                  "ever makes it less", decl->name, first.lo);
    else if (r.hi == first.hi && r.lo <= -SEMA_FAR)
        diag_note(s->diags, decl->loc, "variable '%s' starts at %lld, and no rule or effect "
                  "ever makes it more", decl->name, first.hi);
    else if (r.lo > -SEMA_FAR && r.hi < SEMA_FAR)
        diag_note(s->diags, decl->loc, "variable '%s' only ever holds numbers within "
                  "%lld..%lld (it starts at %lld)", decl->name, r.lo, r.hi, first.lo);
    else if (r.lo > -SEMA_FAR)
        diag_note(s->diags, decl->loc, "variable '%s' never holds less than %lld",
                  decl->name, r.lo);
    else
        diag_note(s->diags, decl->loc, "variable '%s' never holds more than %lld",
                  decl->name, r.hi);
}

/* Whether the range of the variable e reads says anything. */
bool var_range_known(const VarRanges *v, const Node *e)
{
    const Node *d = var_decl_of(e);
    if (!d || !ranged_type(d->type))
        return false;
    NumBound r = *slot_of(v, d);
    return d->type == T_BOOL ? r.lo == r.hi : r.lo > -SEMA_FAR || r.hi < SEMA_FAR;
}

const Node *var_read_decl(const Node *e)
{
    return var_decl_of(e);
}
