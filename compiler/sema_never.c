/* sema_never.c: conditions that can never hold, proved from numbers
 * (LANGUAGE.md §10, "Conditions that can never hold, from numbers"), the
 * ends under them (every game a draw when no end that names winners is
 * left), and a score the same for every player in every game.
 *
 * The conditions read: an `if`'s and a `while`'s, an option's `when`
 * (the menu's, and an `else ... when` of a choice), a source's `where`,
 * a handler's or a reaction's `where`, a modifier's `when` and a card's
 * `play when`. Each is folded to what it may be (truth): `true`, `false`,
 * `not`, `and`, `or`; a comparison of two numbers from their bounds
 * (sema_bound: constants, size(Z) and count(Z) at most the cards the
 * kinds of Z make, count of players, player_count(), arithmetic, funcs of
 * one expression that no modifier changes, and the numbers a variable may
 * ever hold, sema_var_ranges.c); a bool variable that no rule ever sets
 * to the other value. Anything else may be either.
 *
 * The condition is folded once for each number of players the game takes:
 * one that can hold with none is an error (dead rules a designer did not
 * mean, like the literal `when false`, which sema_stmt.c refuses), one
 * that can hold with some only a warning naming the others. The
 * diagnostic is at the part that decides it, with what its sides can be,
 * and a note at each variable whose range it read. A condition written
 * as the literal `false` or `true` is meant as written (`first(q in
 * players where false)` is none): not read here (sema_stmt.c refuses an
 * option's `when false`). Each proof is sound; none is complete. */
#include "sema_int.h"

enum { MAY_FALSE = 1, MAY_TRUE = 2, MAY_EITHER = 3, DEPTH = 8 };

typedef struct Never {
    Sema *s;
    VarRanges *vars;
    BoundEnv env;
    StrMap seen;        /* the conditions read ("%p"), each once */
    StrMap noted;       /* the variables a diagnostic's notes name */
    CallMemo calls;     /* the funcs looked through, and what they may be */
    bool report;        /* the second pass: report what never holds */
    StrMap dead_ends;   /* the ENDs ("%p") under a condition that never holds */
    bool winners_live;  /* some end may name winners */
} Never;

static int truth(Never *x, const Node *e);

static bool number(const Node *e)
{
    return e->type == T_INT;
}

/* What `a OP b` may be, from the bounds of two numbers. */
static int compare(BinOp op, NumBound a, NumBound b)
{
    bool t, f;
    switch (op) {
    case OP_LT: t = a.lo < b.hi, f = a.hi >= b.lo; break;
    case OP_LE: t = a.lo <= b.hi, f = a.hi > b.lo; break;
    case OP_GT: t = a.hi > b.lo, f = a.lo <= b.hi; break;
    case OP_GE: t = a.hi >= b.lo, f = a.lo < b.hi; break;
    case OP_EQ: case OP_NE:
        t = a.lo <= b.hi && b.lo <= a.hi;
        f = !(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo);
        if (op == OP_NE) {
            bool swap = t;
            t = f, f = swap;
        }
        break;
    default: return MAY_EITHER;
    }
    return (t ? MAY_TRUE : 0) | (f ? MAY_FALSE : 0);
}

static int not_of(int t)
{
    return ((t & MAY_TRUE) ? MAY_FALSE : 0) | ((t & MAY_FALSE) ? MAY_TRUE : 0);
}

static int binary_truth(Never *x, const Node *e)
{
    if (e->binop == OP_AND || e->binop == OP_OR) {
        int l = truth(x, e->lhs), r = truth(x, e->rhs);
        if (e->binop == OP_AND)
            return ((l & r & MAY_TRUE) ? MAY_TRUE : 0) | (((l | r) & MAY_FALSE) ? MAY_FALSE : 0);
        return (((l | r) & MAY_TRUE) ? MAY_TRUE : 0) | ((l & r & MAY_FALSE) ? MAY_FALSE : 0);
    }
    if (e->binop < OP_EQ || e->binop > OP_GE || !number(e->lhs) || !number(e->rhs))
        return MAY_EITHER;
    return compare(e->binop, sema_bound(x->s, e->lhs, &x->env),
                   sema_bound(x->s, e->rhs, &x->env));
}

/* A bool func of one expression that no modifier changes, through at most
 * DEPTH calls. One being read already (a recursive call) may be either
 * there, and what one was found to be, with as many players, is not read
 * again (CallMemo: reading it at each call made `f(n) = f(n + 1) and
 * f(n + 1)` cost 2^DEPTH readings). */
static int func_truth(Never *x, const Node *e)
{
    const Sym *f = e->sym;
    if (!f || f->kind != S_FUNC || !f->decl->expr_body || f->modifiers.len > 0 ||
        x->calls.depth >= DEPTH)
        return MAY_EITHER;
    const void *found = NULL;
    int players = x->env.players, t;
    switch (call_memo_enter(&x->calls, f, &players, sizeof players, &found)) {
    case CALL_AGAIN:
        return MAY_EITHER;
    case CALL_KNOWN:
        return *(const int *)found;
    default:
        t = truth(x, f->decl->expr_body);
        call_memo_leave(&x->calls, &t, sizeof t);
        return t;
    }
}

/* What condition e (checked, of type bool) may be. */
static int truth(Never *x, const Node *e)
{
    switch (e->kind) {
    case N_BOOLLIT:
        return e->literal ? MAY_TRUE : MAY_FALSE;
    case N_UNARY:
        return e->unop == UOP_NOT ? not_of(truth(x, e->operand)) : MAY_EITHER;
    case N_BINARY:
        return binary_truth(x, e);
    case N_CALL:
        return func_truth(x, e);
    case N_IDENT: case N_INDEX:
        if (e->type == T_BOOL && var_range_known(x->vars, e)) {
            NumBound r = var_range(x->s, e, x->vars);
            return (r.lo == 0 ? MAY_FALSE : 0) | (r.hi == 1 ? MAY_TRUE : 0);
        }
        return MAY_EITHER;
    default:
        return MAY_EITHER;
    }
}

/* ---- what decides it ------------------------------------------------------ */

/* The smallest part of e that makes e never `want` (MAY_TRUE: e never
 * holds; MAY_FALSE: e always holds). */
static const Node *culprit(Never *x, const Node *e, int want)
{
    if (e->kind == N_UNARY && e->unop == UOP_NOT)
        return culprit(x, e->operand, want ^ MAY_EITHER);
    if (e->kind != N_BINARY || (e->binop != OP_AND && e->binop != OP_OR))
        return e;
    /* `a and b` never holds, `a or b` always holds: by one side */
    if ((e->binop == OP_AND) == (want == MAY_TRUE)) {
        if (!(truth(x, e->lhs) & want))
            return culprit(x, e->lhs, want);
        return culprit(x, e->rhs, want);
    }
    return e; /* both sides */
}

/* "is 3", "is within 0..110", "is at least 1", "is at most 110", "may be
 * any number". */
static const char *describe(Never *x, NumBound b)
{
    Arena *a = x->s->arena;
    bool lo = b.lo > -SEMA_FAR, hi = b.hi < SEMA_FAR;
    if (lo && hi && b.lo == b.hi)
        return arena_printf(a, "is %lld", b.lo);
    if (lo && hi)
        return arena_printf(a, "is within %lld..%lld", b.lo, b.hi);
    if (lo)
        return arena_printf(a, "is at least %lld", b.lo);
    if (hi)
        return arena_printf(a, "is at most %lld", b.hi);
    return "may be any number";
}

static const char *why(Never *x, const Node *c, int want);

/* Why side e of an `and` or an `or` is never `want`. */
static const char *side_why(Never *x, const Node *e, int want)
{
    const Node *c = culprit(x, e, want);
    int w = c == e || (truth(x, c) & want) == 0 ? want : want ^ MAY_EITHER;
    return why(x, c, w);
}

/* Why part c is never `want`, in words. */
static const char *why(Never *x, const Node *c, int want)
{
    bool never = want == MAY_TRUE;
    switch (c->kind) {
    case N_BOOLLIT:
        return c->literal ? "it is 'true'" : "it is 'false'";
    case N_IDENT: case N_INDEX:
        return never ? "the variable is always false" : "the variable is always true";
    case N_CALL:
        return arena_printf(x->s->arena, "func '%s' is always %s", c->name,
                            never ? "false" : "true");
    case N_BINARY:
        if (c->binop == OP_AND || c->binop == OP_OR)
            return arena_printf(x->s->arena, "%s (the first: %s; the second: %s)",
                                never ? "neither side can ever hold" : "both sides always hold",
                                side_why(x, c->lhs, want), side_why(x, c->rhs, want));
        return arena_printf(x->s->arena, "%sits left side %s and its right side %s",
                            never ? "" : "this always holds, and the condition needs it not "
                                         "to: ",
                            describe(x, sema_bound(x->s, c->lhs, &x->env)),
                            describe(x, sema_bound(x->s, c->rhs, &x->env)));
    default:
        return never ? "it is always false" : "it is always true";
    }
}

/* A note at each variable whose range part n reads (once each), not in
 * the sources of aggregates (their elements' filters decide no bound). */
static void note_vars(Never *x, const Node *n)
{
    if (!n || n->kind == N_SOURCE)
        return;
    const Node *d = n->kind == N_IDENT ? var_read_decl(n) : NULL;
    if (d && var_range_known(x->vars, n) &&
        !strmap_put(x->s->arena, &x->noted, arena_printf(x->s->arena, "%p", (void *)d), x))
        note_var_range(x->s, x->vars, d);
    for (int i = 0; i < NKIDS; i++)
        for (const Node *k = n->kid[i]; k; k = k->next)
            note_vars(x, k);
}

/* ---- ends that can never happen ------------------------------------------- */

static void mark_end(const Node *n, void *ctx)
{
    Never *x = ctx;
    if (n->kind == N_END)
        strmap_put(x->s->arena, &x->dead_ends, arena_printf(x->s->arena, "%p", (void *)n), x);
}

/* The ENDs of body, under a condition that never holds. */
static void ends_dead(Never *x, const Node *body)
{
    ast_walk_const(body, mark_end, x);
}

static void count_live_end(const Node *n, void *ctx)
{
    Never *x = ctx;
    if (n->kind == N_END && !n->name &&
        !strmap_get(&x->dead_ends, arena_printf(x->s->arena, "%p", (void *)n)))
        x->winners_live = true;
}

static void find_return(const Node *n, void *ctx)
{
    if (n->kind == N_RETURN)
        *(bool *)ctx = true;
}

/* Whether `main` may return (which ends the game as `end` does): its
 * last statement is no `end`, or it has a `return`. */
static bool main_returns(const Game *g)
{
    const Node *body = g->main ? g->main->decl->body : NULL;
    const Node *last = body ? body->stmts : NULL;
    while (last && last->next)
        last = last->next;
    bool ret = false;
    ast_walk_const(body, find_return, &ret);
    return ret || !last || last->kind != N_END;
}

/* Whether some end may name winners: an `end` not under a condition that
 * never holds, `main` returning, or players put out (the rules may end
 * with one left). */
static bool winner_ends_live(Never *x)
{
    const Game *g = x->s->g;
    x->winners_live = g->uses_out;
    for (int i = 0; i < g->procs.len; i++)
        ast_walk_const(((const Sym *)g->procs.items[i])->decl->body, count_live_end, x);
    return x->winners_live || main_returns(g);
}

static void note_end(const Node *n, void *ctx)
{
    Never *x = ctx;
    if (n->kind != N_END)
        return;
    const char *what = n->name ? "this 'end draw'" : "this 'end'";
    if (n->name || x->winners_live)
        diag_note(x->s->diags, n->loc, "%s can never happen", what);
    else
        diag_note(x->s->diags, n->loc, "this 'end' can never happen, nor can any other that "
                  "names winners, and 'main' never returns: every game is a draw");
}

static void note_dead_ends(Never *x, const Node *body)
{
    ast_walk_const(body, note_end, x);
}

/* ---- the check ------------------------------------------------------------ */

/* "2 or 3": the numbers of players of mask (bit n: n players). */
static const char *counts(Never *x, unsigned mask)
{
    const char *r = "";
    int total = __builtin_popcount(mask), n = 0;
    for (int k = 0; k < 32; k++)
        if ((mask >> k) & 1) {
            r = arena_printf(x->s->arena, "%s%s%d", r,
                             n == 0 ? "" : n == total - 1 ? " or " : ", ", k);
            n++;
        }
    return r;
}

/* The numbers of players (bit n) with which cond can never hold. */
static unsigned never_with(Never *x, const Node *cond, unsigned *all)
{
    const Game *g = x->s->g;
    unsigned never = 0;
    *all = 0;
    for (int n = g->min_players; n <= g->max_players && n < 32; n++) {
        x->env.players = n;
        *all |= 1u << n;
        if (!(truth(x, cond) & MAY_TRUE))
            never |= 1u << n;
    }
    return never;
}

/* `player_count() OP E`: the rules' own test of the number of players
 * (a rule for some numbers only is meant so). */
static bool tests_players(const Node *c)
{
    return c->kind == N_BINARY &&
           ((c->lhs->kind == N_CALL && !c->lhs->sym && c->lhs->builtin == B_NPLAYERS) ||
            (c->rhs->kind == N_CALL && !c->rhs->sym && c->rhs->builtin == B_NPLAYERS));
}

/* The diagnostic of cond, never with the players of `never` (of all). */
static void report(Never *x, const Node *cond, const char *what, unsigned never, unsigned all)
{
    /* the reason with every number of players at once when it holds so,
     * else with the fewest it never holds with */
    x->env.players = 0;
    if (never != all || (truth(x, cond) & MAY_TRUE))
        x->env.players = __builtin_ctz(never);
    const Node *c = culprit(x, cond, MAY_TRUE);
    int want = c == cond || (truth(x, c) & MAY_TRUE) == 0 ? MAY_TRUE : MAY_FALSE;
    const char *because = why(x, c, want);
    if (never == all)
        diag_error(x->s->diags, sema_expr_loc(c), "%s can never hold: %s", what, because);
    else
        diag_warning(x->s->diags, sema_expr_loc(c), "%s can never hold with %s players: "
                     "with %d, %s", what, counts(x, never), x->env.players, because);
    x->noted = (StrMap){0};
    note_vars(x, c);
}

/* Condition cond, `what` ("this 'if' condition", or an option's "option
 * 'Wait' can never be taken: its 'when'"), guarding body (or NULL):
 * folded for each number of players; an error if it never holds with
 * any, a warning if with some (not for the rules' own test of
 * player_count()). The ends in the body of one that never holds can
 * never happen (noted). */
static void check_cond(Never *x, const Node *cond, const Node *body, const char *what)
{
    if (!cond || cond->type != T_BOOL || cond->kind == N_BOOLLIT ||
        strmap_put(x->s->arena, &x->seen, arena_printf(x->s->arena, "%p", (void *)cond), x))
        return;
    unsigned all, never = never_with(x, cond, &all);
    if (!never)
        return;
    if (never == all)
        ends_dead(x, body);
    if (!x->report || (never != all && tests_players(culprit(x, cond, MAY_TRUE))))
        return;
    report(x, cond, what, never, all);
    if (never == all)
        note_dead_ends(x, body);
}

static void visit_cond(const Node *n, void *ctx)
{
    Never *x = ctx;
    switch (n->kind) {
    case N_IF:
        check_cond(x, n->cond, n->then, "this 'if' condition");
        break;
    case N_WHILE:
        check_cond(x, n->cond, n->body, "this 'while' condition");
        break;
    case N_OPTION:
        if (n->guard)
            check_cond(x, n->guard, n->body, arena_printf(x->s->arena, "option '%s' can never "
                                                          "be taken: its 'when'", n->name));
        break;
    case N_SOURCE:
        check_cond(x, n->filter, NULL, "this 'where'");
        break;
    case N_MODIFIER:
        check_cond(x, n->when, NULL, "this modifier's 'when'");
        break;
    default:
        break;
    }
}

static void check_handler_conds(Never *x, const PtrVec *hs)
{
    for (int i = 0; i < hs->len; i++) {
        const Handler *h = hs->items[i];
        check_cond(x, h->clause->cond, h->proc ? h->proc->decl->body : NULL,
                   "this handler's 'where'");
    }
}

/* "'Group Study' can never be played: its 'play when'", of guard f. */
static const char *guard_what(Never *x, const Sym *f)
{
    const Node *e = sema_effect_of_clause(x->s->g, f->clause);
    if (!e)
        return "this 'play when'";
    if (e->effect_from == EFFECT_TYPE)
        return arena_printf(x->s->arena, "no card of type '%s' can ever be played: its 'play "
                            "when'", e->name);
    return arena_printf(x->s->arena, "'%s' can never be played: its 'play when'", e->name);
}

/* Every condition of the rules, once. */
static void check_all(Never *x)
{
    const Game *g = x->s->g;
    x->seen = (StrMap){0};
    for (int i = 0; i < g->guards.len; i++) {
        const Sym *f = g->guards.items[i];
        check_cond(x, f->decl->expr_body, NULL, guard_what(x, f));
    }
    check_handler_conds(x, &g->handlers);
    check_handler_conds(x, &g->befores);
    for (int i = 0; i < g->mods.len; i++)
        visit_cond(g->mods.items[i], x);
    const PtrVec *vs[] = {&g->funcs, &g->procs};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < vs[k]->len; i++) {
            const Sym *f = vs[k]->items[i];
            ast_walk_const(f->decl->expr_body, visit_cond, x);
            ast_walk_const(f->decl->body, visit_cond, x);
        }
}

/* The value every player's func f (score or tiebreak) always has, in
 * *v, when it is one number; f NULL is 0 for all. */
static bool constant_for_all(Never *x, const Sym *f, long long *v)
{
    *v = 0;
    if (!f)
        return true;
    if (!f->decl->expr_body || f->modifiers.len > 0)
        return false;
    x->env.players = 0;
    NumBound b = sema_bound(x->s, f->decl->expr_body, &x->env);
    *v = b.lo;
    return !b.unknown && b.lo == b.hi;
}

/* A score (and tie-break) that is one number for every player, in a game
 * where no player is defeated or put out: every game ends with all the
 * players sharing the win (a warning at the score). */
static void check_constant_score(Never *x)
{
    const Game *g = x->s->g;
    long long score, tie;
    if (!g->score || g->uses_defeat || g->uses_out || !constant_for_all(x, g->score, &score) ||
        !constant_for_all(x, g->tiebreak, &tie))
        return;
    diag_warning(x->s->diags, g->score->decl->loc, "every player's score is always %lld%s: no "
                 "game can have one winner, every one ends with all the players sharing the "
                 "win", score, g->tiebreak ? arena_printf(x->s->arena, ", and their tie-break "
                                                          "always %lld", tie) : "");
    x->noted = (StrMap){0};
    note_vars(x, g->score->decl->expr_body);
    if (g->tiebreak)
        note_vars(x, g->tiebreak->decl->expr_body);
}

/* Twice: first to find the ends that can never happen, then to report
 * (knowing whether any end that names winners is left). */
void check_never_conds(Sema *s)
{
    Never x = {.s = s};
    call_memo_init(&x.calls, s->arena, NULL);
    x.vars = var_ranges(s);
    x.env = (BoundEnv){var_range, x.vars, 0};
    check_all(&x);
    x.winners_live = winner_ends_live(&x);
    x.report = true;
    check_all(&x);
    check_constant_score(&x);
}
