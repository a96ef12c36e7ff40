/* sema_option_reach.c: options never offered because of where their
 * choice is reached, following calls: a warning at the option.
 *
 * For each game variable V of type int, the values it can have when each
 * proc of the rules starts and at each choice (an interval): main starts
 * with V's first value; a proc called from where this does not follow (a
 * handler, a card's effect, an event's body, an `at` block) with any.
 * Walking a proc, the interval narrows under the conditions it is reached
 * through: the `then` of an `if` (its `else`: the negation, for a single
 * comparison), the body of a `while`, the option a body is in; it becomes
 * any value after a statement that may change V (an assignment, a call of
 * a proc that may, a `play`, an event raised). A call gives the callee the
 * interval at the call; a proc's interval joins those of every call, to a
 * fixed point (the bounds are the constants of the rules, so it ends). An
 * option whose `when` needs V outside the interval at its choice is never
 * offered ("an option offered only in a phase in which the turn proc is
 * no longer called": `when phase == 3` in a proc called only under `while
 * phase < 3`).
 *
 * Conditions are read for `V op N` and `N op V` (N a number; op one of
 * == < <= > >=), through `and`, `or`, `not` and funcs of one expression;
 * anything else may be anything. Nothing is said of a variable that a rule
 * walked apart may change (a handler, an `at` block, a card's effect, an
 * event's body, a reaction: they run between any two statements), nor of
 * an option whose `when` cannot hold at all (another check's), nor inside
 * a proc that nothing reaches (sema_unreached.c's). */
#include "sema_int.h"

#include <limits.h>

typedef struct Iv {
    long long lo, hi;           /* lo > hi: empty (never here) */
} Iv;

static const Iv ANY = {LLONG_MIN, LLONG_MAX};
static const Iv NONE = {1, 0};

enum { WRITES_UNKNOWN, WRITES_LOOKING, WRITES_NO, WRITES_YES };

typedef struct OptReach {
    Sema *s;
    const Sym *var;             /* V */
    Iv *entry;                  /* per proc of Game.procs: V when it starts */
    unsigned char *writes;      /* per proc: WRITES_* (may it change V?) */
    bool changed;               /* an entry grew in this round */
    bool report;                /* the last round: say what is found */
    CallMemo *calls;            /* the funcs a condition is read through (needs) */
} OptReach;

static bool iv_empty(Iv a) { return a.lo > a.hi; }

static Iv iv_meet(Iv a, Iv b)
{
    return (Iv){a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

static Iv iv_join(Iv a, Iv b)
{
    if (iv_empty(a))
        return b;
    if (iv_empty(b))
        return a;
    return (Iv){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

static bool is_rules_proc(const Sema *s, const Sym *p)
{
    return p && p->kind == S_PROC && p->name && strmap_get((StrMap *)&s->globals, p->name) == p;
}

/* ---- what a condition needs of V ------------------------------------------- */

static bool number(const Node *e, long long *v)
{
    if (e && e->kind == N_NUM)
        return *v = e->literal, true;
    if (e && e->kind == N_UNARY && e->unop == UOP_NEG && e->operand->kind == N_NUM)
        return *v = -e->operand->literal, true;
    return false;
}

/* V op n, as an interval (op after the operands were put in that order). */
static Iv compare(BinOp op, long long n, bool pos)
{
    if (!pos) /* the negation */
        op = op == OP_LT ? OP_GE : op == OP_LE ? OP_GT : op == OP_GT ? OP_LE
           : op == OP_GE ? OP_LT : op == OP_EQ ? OP_NE : op == OP_NE ? OP_EQ : op;
    switch (op) {
    case OP_LT: return n == LLONG_MIN ? NONE : (Iv){LLONG_MIN, n - 1};
    case OP_LE: return (Iv){LLONG_MIN, n};
    case OP_GT: return n == LLONG_MAX ? NONE : (Iv){n + 1, LLONG_MAX};
    case OP_GE: return (Iv){n, LLONG_MAX};
    case OP_EQ: return (Iv){n, n};
    default: return ANY;
    }
}

static Iv needs(const OptReach *o, const Node *e, bool pos, int depth);

static Iv needs_compare(const OptReach *o, const Node *e, bool pos)
{
    long long n;
    BinOp op = e->binop;
    if (op < OP_EQ || op > OP_GE)
        return ANY;
    const Node *v = e->lhs;
    if (!number(e->rhs, &n)) { /* N op V: swap */
        if (!number(e->lhs, &n))
            return ANY;
        v = e->rhs;
        op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE
           : op == OP_GE ? OP_LE : op;
    }
    if (v->kind != N_IDENT || v->sym != o->var)
        return ANY;
    return compare(op, n, pos);
}

/* A func of one expression that no modifier changes: the values of V for
 * which its body may be true (pos) or false. One being read already with
 * the same pos (a recursive call) needs any there, and one read already
 * at this depth is not read again (CallMemo: reading it at each call made
 * `f(n) = f(n + 1) and f(n + 1)` cost 2^8 readings). */
static Iv func_needs(const OptReach *o, const Node *call, bool pos, int depth)
{
    const void *found = NULL;
    Iv v;
    switch (call_memo_enter(o->calls, call->sym, &pos, sizeof pos, &found)) {
    case CALL_AGAIN:
        return ANY;
    case CALL_KNOWN:
        return *(const Iv *)found;
    default:
        v = needs(o, call->sym->decl->expr_body, pos, depth + 1);
        call_memo_leave(o->calls, &v, sizeof v);
        return v;
    }
}

/* The values of V for which e may be true (pos) or false. */
static Iv needs(const OptReach *o, const Node *e, bool pos, int depth)
{
    if (!e || depth > 8)
        return ANY;
    if (e->kind == N_UNARY && e->unop == UOP_NOT)
        return needs(o, e->operand, !pos, depth);
    if (e->kind == N_CALL && e->sym && e->sym->kind == S_FUNC && e->sym->decl->expr_body &&
        e->sym->modifiers.len == 0)
        return func_needs(o, e, pos, depth);
    if (e->kind != N_BINARY)
        return ANY;
    if ((e->binop == OP_AND && pos) || (e->binop == OP_OR && !pos))
        return iv_meet(needs(o, e->lhs, pos, depth), needs(o, e->rhs, pos, depth));
    if (e->binop == OP_AND || e->binop == OP_OR)
        return iv_join(needs(o, e->lhs, pos, depth), needs(o, e->rhs, pos, depth));
    return needs_compare(o, e, pos);
}

/* ---- what may change V ------------------------------------------------------ */

typedef struct WriteScan {
    OptReach *o;
    bool writes;
} WriteScan;

static bool proc_writes(OptReach *o, const Sym *p);

static void scan_write(const Node *n, void *ctx)
{
    WriteScan *w = ctx;
    if (n->kind == N_ASSIGN && n->target->kind == N_IDENT && n->target->sym == w->o->var)
        w->writes = true;
    else if (n->kind == N_PLAY) /* its effect */
        w->writes = true;
    else if (n->kind == N_CALL && n->sym && n->sym->kind == S_EVENT)
        w->writes = true; /* its body, its handlers */
    else if (n->kind == N_CALL && n->sym && n->sym->kind == S_PROC && proc_writes(w->o, n->sym))
        w->writes = true;
}

static bool node_writes(OptReach *o, const Node *n)
{
    WriteScan w = {o, false};
    ast_walk_node_const(n, scan_write, &w);
    return w.writes;
}

/* May proc p change V (itself or through what it calls)? A proc met again
 * while it is being looked at may. */
static bool proc_writes(OptReach *o, const Sym *p)
{
    int i = p->index;
    const PtrVec *procs = &o->s->g->procs;
    if (i < 0 || i >= procs->len || procs->items[i] != p)
        return true;
    if (o->writes[i] == WRITES_UNKNOWN) {
        o->writes[i] = WRITES_LOOKING;
        o->writes[i] = node_writes(o, p->decl->body) ? WRITES_YES : WRITES_NO;
    }
    return o->writes[i] != WRITES_NO;
}

/* May V change between any two statements: does a rule that runs apart
 * from the walk (a handler, an effect, an event's body, an `at` block's
 * proc, a reaction) change it? */
static bool written_apart(OptReach *o)
{
    const PtrVec *procs = &o->s->g->procs;
    for (int i = 0; i < procs->len; i++) {
        const Sym *p = procs->items[i];
        if (!is_rules_proc(o->s, p) && proc_writes(o, p))
            return true;
    }
    return false;
}

/* ---- the walk --------------------------------------------------------------- */

static void enter(OptReach *o, const Sym *p, Iv at)
{
    if (!is_rules_proc(o->s, p))
        return;
    Iv *e = &o->entry[p->index];
    Iv j = iv_join(*e, at);
    if (j.lo != e->lo || j.hi != e->hi) {
        *e = j;
        o->changed = true;
    }
}

typedef struct CallScan {
    OptReach *o;
} CallScan;

static void scan_call(const Node *n, void *ctx)
{
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_PROC)
        enter(((CallScan *)ctx)->o, n->sym, ANY);
}

/* A statement not followed: every proc it calls may start with any V. */
static void calls_any(OptReach *o, const Node *st)
{
    CallScan c = {o};
    ast_walk_node_const(st, scan_call, &c);
}

/* "3", "at most 2", "between 1 and 2": the values of a. */
static const char *iv_words(Sema *s, Iv a)
{
    if (a.lo == a.hi)
        return arena_printf(s->arena, "%lld", a.lo);
    if (a.lo == LLONG_MIN)
        return arena_printf(s->arena, "at most %lld", a.hi);
    if (a.hi == LLONG_MAX)
        return arena_printf(s->arena, "at least %lld", a.lo);
    return arena_printf(s->arena, "between %lld and %lld", a.lo, a.hi);
}

static void check_option(OptReach *o, const Node *opt, Iv at)
{
    if (!o->report || !opt->guard || iv_empty(at))
        return; /* a choice never made is another check's */
    Iv g = needs(o, opt->guard, true, 0);
    if (iv_empty(g) || !iv_empty(iv_meet(g, at)))
        return; /* a guard that never holds anywhere is another check's */
    const char *v = o->var->name;
    diag_warning(o->s->diags, opt->loc, "option \"%s\" is never offered: its 'when' needs '%s' "
                 "to be %s, and '%s' is %s%s wherever this choice is made (under the "
                 "conditions that reach it, through every call)", opt->name, v,
                 iv_words(o->s, g), v, at.lo == at.hi ? "" : "always ", iv_words(o->s, at));
}

static Iv walk_block(OptReach *o, const Node *block, Iv at);

/* V after statement st, reached with V in at. */
static Iv walk_stmt(OptReach *o, const Node *st, Iv at)
{
    Iv after = node_writes(o, st) ? ANY : at;
    switch (st->kind) {
    case N_BLOCK:
        return walk_block(o, st, at);
    case N_EXPRSTMT:
        enter(o, st->call->sym, at);
        return after;
    case N_LET:
        if (st->init && st->init->kind == N_CALL)
            enter(o, st->init->sym, at);
        else
            calls_any(o, st); /* a decision's 'else' */
        return after;
    case N_IF:
        walk_block(o, st->then, iv_meet(at, needs(o, st->cond, true, 0)));
        if (st->els)
            walk_block(o, st->els, iv_meet(at, needs(o, st->cond, false, 0)));
        return after;
    case N_WHILE:
        walk_block(o, st->body, iv_meet(after, needs(o, st->cond, true, 0)));
        return after;
    case N_LOOP:
        walk_block(o, st->block, after);
        return after;
    case N_REPEAT:
    case N_FOR:
        walk_block(o, st->body, after);
        return after;
    case N_TURN:
    case N_ROUND:
    case N_PHASE:
        walk_block(o, st->body, at);
        return after;
    case N_MENU:
        for (const Node *opt = st->options; opt; opt = opt->next) {
            check_option(o, opt, at);
            if (opt->body)
                walk_block(o, opt->body, iv_meet(at, needs(o, opt->guard, true, 0)));
        }
        return after;
    default:
        calls_any(o, st); /* `at` blocks, decisions' 'else'... */
        return after;
    }
}

static Iv walk_block(OptReach *o, const Node *block, Iv at)
{
    if (!block)
        return at;
    if (block->kind != N_BLOCK) /* an `else if` */
        return walk_stmt(o, block, at);
    for (const Node *st = block->stmts; st; st = st->next)
        at = walk_stmt(o, st, at);
    return at;
}

/* ---- the game --------------------------------------------------------------- */

enum { MAX_ROUNDS = 100 };

static void walk_procs(OptReach *o)
{
    const PtrVec *procs = &o->s->g->procs;
    for (int i = 0; i < procs->len; i++) {
        const Sym *p = procs->items[i];
        if (is_rules_proc(o->s, p) && !iv_empty(o->entry[i]))
            walk_block(o, p->decl->body, o->entry[i]);
    }
}

/* For variable V (decl): where each proc starts, to a fixed point, then
 * one more walk that reports. */
static void check_var(Sema *s, const Node *decl, Iv *entry, unsigned char *writes)
{
    const Game *g = s->g;
    CallMemo calls;
    call_memo_init(&calls, s->arena, NULL);
    OptReach o = {s, strmap_get(&s->globals, decl->name), entry, writes, false, false, &calls};
    long long first;
    if (!o.var || o.var->kind != S_GLOBAL || decl->type != T_INT || !number(decl->init, &first))
        return;
    for (int i = 0; i < g->procs.len; i++) {
        entry[i] = NONE;
        writes[i] = WRITES_UNKNOWN;
    }
    if (written_apart(&o))
        return;
    entry[g->main->index] = (Iv){first, first};
    for (int i = 0; i < g->procs.len; i++)
        if (is_rules_proc(s, g->procs.items[i]) && called_apart(s, g->procs.items[i]))
            entry[i] = ANY;
    int rounds = 0;
    do {
        o.changed = false;
        walk_procs(&o);
    } while (o.changed && ++rounds < MAX_ROUNDS);
    if (o.changed)
        return; /* not settled: nothing is proved */
    o.report = true;
    walk_procs(&o);
}

void check_option_reach(Sema *s)
{
    const Game *g = s->g;
    if (!g->main || g->main->kind != S_PROC || !is_rules_proc(s, g->main))
        return;
    size_t n = (size_t)g->procs.len + 1;
    Iv *entry = arena_alloc(s->arena, sizeof *entry * n);
    unsigned char *writes = arena_alloc(s->arena, n);
    for (int i = 0; i < g->globals.len; i++)
        check_var(s, g->globals.items[i], entry, writes);
}

