/* sema_may_empty.c: a draw from a zone that the players may empty, with
 * no rule for an empty zone: a warning.
 *
 * A `top(Z)` (or bottom) of a shared zone Z that faults only when Z is
 * empty is reported when cardc proves that the players can make Z empty
 * there: the draw is inside a loop (`loop`, or `while` of a question) that
 *   - the players can keep going as long as they like: every way out of
 *     it (its `while` condition, a `break` of it, a `return` of its proc,
 *     an `end` anywhere it calls) is under a question a player answers
 *     (`ask`, or a local that holds an answer) or in an option of a choice
 *     beside one with no `when` that goes on; an exit under any other
 *     condition (a card drawn, a variable, a count) may be the rule that
 *     stops the draws in time (the Semester End card of easy-school), and
 *     the loop is not reported;
 *   - takes a card from Z in a pass the players can choose: `move top(Z)
 *     to W` (W not Z), or `let x = top(Z)` then `move x to W` in the same
 *     block, reached through blocks, questions and options as above, the
 *     bodies of `repeat N` of a constant N >= 1, `for q in players` (no
 *     'where', no player put out), `turn`, `round`, `phase`, and the procs
 *     called;
 *   - never puts a card into Z (a move, a `move all`, a `choose cards`
 *     into Z, a proc that may), never reads Z in a condition (a rule for
 *     an empty Z: `if size(Z) > 0`, `while any(Z)`, a guard, a func that
 *     reads it), and plays no card and raises no event (an effect or a
 *     handler may refill Z or end the game).
 * Z can never hold more cards than the copies of the kinds it may ever
 * hold (sema_kinds.c), so the players' choices empty it within that many
 * passes. Nothing is said of a zone that a handler or an `at` block may
 * fill, in a game whose handlers or `at` blocks may `end` it or where an
 * `instead of` or a reaction hears cards move, nor of a zone already
 * reported by sema_draws.c. An inner loop is taken to end, and what the
 * first pass of an inner `loop` (or `while` of a question) takes before it
 * may stop counts: a turn that draws until a condition holds draws once at
 * least. */
#include "sema_int.h"

#include <string.h>

enum { MAX_CALL_DEPTH = 8 };

/* What the walk of one loop looks for, and what it has found. */
typedef struct Empty {
    Sema *s;
    int z;                      /* Z */
    const Node *loop;           /* the loop walked */
    const Sym *stack[MAX_CALL_DEPTH]; /* the procs entered from the loop */
    int depth;
    bool spoilt;                /* a fill of Z, a condition that reads Z, a
                                 * play or an event: nothing is said */
    const Node *draw;           /* the top(Z) of the pass chosen */
    struct Called *called;      /* per proc of Game.procs: its body walked for Z */
} Empty;

/* What the players can make a statement do. */
typedef struct Pass {
    bool on;                    /* finish it without leaving the loop */
    bool takes;                 /* finish it so, having taken a card from Z */
    bool left;                  /* the pass may have left the proc called or the
                                 * inner loop it is in (a `return`, a `break`):
                                 * what follows in them may not run */
    const Node *draw;           /* the top(Z) of such a pass */
} Pass;

static const Pass PASS_ON = {true, false, false, NULL};
static const Pass PASS_OUT = {false, false, false, NULL};
static const Pass PASS_LEFT = {true, false, true, NULL};

enum { CALL_UNKNOWN, CALL_LOOKING, CALL_DONE };

/* A proc's body walked as called, once per zone (what it gives does not
 * depend on where it is called from). */
typedef struct Called {
    unsigned char state;        /* CALL_* */
    bool spoilt;                /* it spoils the proof (Empty.spoilt) */
    Pass pass;                  /* what the players can make a call do */
} Called;

/* ---- what spoils the proof ------------------------------------------------- */

/* Does expression e read zone z (through the funcs it calls)? */
static bool reads_z(const Node *e, int z)
{
    return sema_reads_zone(e, z);
}

/* Does statement st itself (not its nested statements) spoil the proof:
 * put a card into Z, test Z, play a card, raise an event? */
static bool spoils(const Node *st, int z)
{
    const Node *cond = NULL;
    switch (st->kind) {
    case N_MOVE:
    case N_MOVEALL:
        return sema_zone_no(st->to) == z;
    case N_PLAY:
        return true;
    case N_IF:
    case N_WHILE:
        cond = st->cond;
        break;
    case N_FOR:
        cond = st->iter;
        break;
    case N_MENU:
        for (const Node *o = st->options; o; o = o->next)
            if (o->guard && reads_z(o->guard, z))
                return true;
        return false;
    case N_LET:
        if (st->init && st->init->kind == N_CHOOSECARDS && sema_zone_no(st->init->into) == z)
            return true;
        break;
    case N_EXPRSTMT:
        if (st->call && st->call->kind == N_CHOOSECARDS && sema_zone_no(st->call->into) == z)
            return true;
        if (st->call && st->call->kind == N_CALL && st->call->sym &&
            st->call->sym->kind == S_EVENT)
            return true;
        break;
    default:
        break;
    }
    return cond && reads_z(cond, z);
}

/* ---- the passes the players can choose -------------------------------------- */

static Pass walk_block(Empty *e, const Node *block, int loops);
static Pass walk_stmt(Empty *e, const Node *st, int loops);
static bool answered(const Node *c);

/* Is condition c a player's answer (`ask`, a local holding one, `not`
 * of one)? The players then decide which way it goes. */
static bool answered(const Node *c)
{
    if (!c)
        return false;
    if (c->kind == N_ASK)
        return true;
    if (c->kind == N_UNARY && c->unop == UOP_NOT)
        return answered(c->operand);
    if (c->kind == N_IDENT && c->sym && c->sym->kind == S_LOCAL) {
        const Node *d = c->sym->decl;
        return d && d->kind == N_LET && d->init && d->init->kind == N_ASK;
    }
    return false;
}

/* How good a pass is for the players who want to go on: one that takes,
 * then one that goes on to what follows, then one that goes on at all. */
static int rank(Pass p)
{
    return p.takes ? 3 : p.on && !p.left ? 2 : p.on ? 1 : 0;
}

/* Either of two ways, as the players choose. */
static Pass either(Pass a, Pass b)
{
    return rank(b) > rank(a) ? b : a;
}

/* Both ways, as the game decides: what both certainly do. */
static Pass both(Pass a, Pass b)
{
    bool on = a.on && b.on;
    return (Pass){on, on && a.takes && b.takes, a.left || b.left, a.draw};
}

static Pass walk_if(Empty *e, const Node *st, int loops)
{
    Pass a = walk_block(e, st->then, loops);
    Pass b = st->els ? walk_block(e, st->els, loops) : PASS_ON;
    return answered(st->cond) ? either(a, b) : both(a, b);
}

/* A choice: the options with no `when` are always offered. */
static Pass walk_menu(Empty *e, const Node *st, int loops)
{
    Pass best = PASS_OUT;
    for (const Node *o = st->options; o; o = o->next) {
        Pass p = o->body ? walk_block(e, o->body, loops) : PASS_ON;
        if (!o->guard)
            best = either(best, p);
    }
    return best;
}

/* The body of proc p walked as called: a `return` finishes the call. */
static Pass walk_body(Empty *e, const Sym *p)
{
    for (int i = 0; i < e->depth; i++)
        if (e->stack[i] == p)
            return PASS_ON; /* recursion: walked once */
    if (e->depth == MAX_CALL_DEPTH) {
        e->spoilt = true; /* too deep to say */
        return PASS_OUT;
    }
    e->stack[e->depth++] = p;
    Pass r = walk_block(e, p->decl->body, -1);
    e->depth--;
    r.left = false; /* the call is finished */
    return r;
}

/* A call of a proc: its body's walk, remembered for the zone. */
static Pass walk_call(Empty *e, const Node *call)
{
    const Sym *p = call->sym;
    if (!p || p->kind != S_PROC || !p->decl || !p->decl->body)
        return PASS_ON;
    const Game *g = e->s->g;
    if (p->index < 0 || p->index >= g->procs.len || g->procs.items[p->index] != p)
        return walk_body(e, p); /* not in the table: not remembered */
    Called *c = &e->called[p->index];
    if (c->state == CALL_LOOKING)
        return PASS_ON; /* recursion: walked once */
    if (c->state == CALL_UNKNOWN) {
        bool spoilt = e->spoilt;
        e->spoilt = false;
        c->state = CALL_LOOKING;
        c->pass = walk_body(e, p);
        c->spoilt = e->spoilt;
        c->state = CALL_DONE;
        e->spoilt = spoilt;
    }
    e->spoilt |= c->spoilt;
    return c->pass;
}

/* Is st `move x to W`, W not Z, for the local x? */
static bool moves_away(const Empty *e, const Node *st, const Sym *x)
{
    return st->kind == N_MOVE && st->card && st->card->kind == N_IDENT && st->card->sym == x &&
           sema_zone_no(st->to) != e->z;
}

static bool is_top_z(const Empty *e, const Node *n)
{
    return n && n->kind == N_TOPCARD && sema_zone_no(n->zone) == e->z;
}

/* A `let x = top(Z)` followed in its block by `move x to W` takes. */
static bool let_takes(const Empty *e, const Node *st)
{
    if (st->kind != N_LET || !is_top_z(e, st->init) || !st->sym)
        return false;
    for (const Node *n = st->next; n; n = n->next)
        if (moves_away(e, n, st->sym))
            return true;
    return false;
}

/* A body run a fixed number of times, at least once (repeat N, for q in
 * players), in which a `break` finishes it. */
static bool runs_surely(const Sema *s, const Node *st)
{
    if (st->kind == N_REPEAT)
        return st->count && st->count->kind == N_NUM && st->count->literal >= 1;
    const Node *it = st->iter;
    return it && it->kind == N_SOURCE && it->src_kind == SRC_PLAYERS && !it->filter &&
           !s->puts_out && !st->simultaneous;
}

/* An inner loop, taken to end (a loop of no question may not: it is not
 * proved here): what its first pass takes before it may leave counts, for
 * a `loop` and a `while` of a question (the player may enter it); a
 * `while` of another condition may run no pass. */
static Pass walk_inner(Empty *e, const Node *st, int loops)
{
    bool is_while = st->kind == N_WHILE;
    Pass p = walk_block(e, is_while ? st->body : st->block, loops < 0 ? -1 : loops + 1);
    bool enters = !is_while || answered(st->cond) ||
                  (st->cond && st->cond->kind == N_BOOLLIT && st->cond->literal);
    bool takes = p.takes && enters;
    return (Pass){p.on || is_while, takes, p.left, takes ? p.draw : NULL};
}

/* `loops`: how many loops of the walked loop's own proc st is inside,
 * counted from the walked loop (a `break` at 0 leaves it); -1 in a proc
 * called from it (a `return` there finishes the call). */
static Pass walk_stmt(Empty *e, const Node *st, int loops)
{
    if (spoils(st, e->z))
        e->spoilt = true;
    switch (st->kind) {
    case N_MOVE:
        if (is_top_z(e, st->card) && sema_zone_no(st->to) != e->z)
            return (Pass){true, true, false, st->card};
        return PASS_ON;
    case N_LET:
        if (let_takes(e, st))
            return (Pass){true, true, false, st->init};
        if (st->init && st->init->kind == N_CALL)
            return walk_call(e, st->init);
        return PASS_ON;
    case N_EXPRSTMT:
        return st->call && st->call->kind == N_CALL ? walk_call(e, st->call) : PASS_ON;
    case N_BREAK:
        return loops == 0 ? PASS_OUT : PASS_LEFT;
    case N_RETURN:
        return loops >= 0 ? PASS_OUT : PASS_LEFT;
    case N_END:
        return PASS_OUT;
    case N_BLOCK:
        return walk_block(e, st, loops);
    case N_TURN:
    case N_ROUND:
    case N_PHASE:
        return walk_block(e, st->body, loops);
    case N_IF:
        return walk_if(e, st, loops);
    case N_MENU:
        return walk_menu(e, st, loops);
    case N_REPEAT:
    case N_FOR: {
        Pass p = walk_block(e, st->body, loops < 0 ? -1 : loops + 1);
        if (!runs_surely(e->s, st))
            p.takes = false, p.draw = NULL;
        return p; /* left: a `break` may leave it early (kept: a `return` too) */
    }
    case N_WHILE:
    case N_LOOP: /* taken to end */
        return walk_inner(e, st, loops);
    default:
        return PASS_ON;
    }
}

/* A block in order: each statement must be finished, one of them taking
 * before the pass may have left (a `return` of a called proc, a `break`
 * of an inner loop); what follows such a statement still may run, so it
 * must go on too. */
static Pass walk_block(Empty *e, const Node *block, int loops)
{
    if (!block)
        return PASS_ON;
    if (block->kind != N_BLOCK)
        return walk_stmt(e, block, loops);
    Pass all = PASS_ON;
    for (const Node *st = block->stmts; st; st = st->next) {
        Pass p = walk_stmt(e, st, loops);
        if (!p.on)
            return PASS_OUT;
        if (p.takes && !all.takes && !all.left)
            all.takes = true, all.draw = p.draw;
        all.left |= p.left;
        if (st->kind == N_RETURN || st->kind == N_BREAK)
            break; /* what follows never runs */
    }
    return all;
}

/* ---- the loops ----------------------------------------------------------------- */

/* Can the players keep loop L going while it takes from Z? */
static void walk_loop(Empty *e, const Node *loop)
{
    e->loop = loop;
    e->spoilt = false;
    e->draw = NULL;
    e->depth = 0;
    if (loop->kind == N_WHILE && !answered(loop->cond) &&
        !(loop->cond && loop->cond->kind == N_BOOLLIT && loop->cond->literal))
        return;
    if (loop->kind == N_WHILE && reads_z(loop->cond, e->z))
        return;
    Pass p = walk_block(e, loop->kind == N_WHILE ? loop->body : loop->block, 0);
    if (p.on && p.takes && !e->spoilt)
        e->draw = p.draw;
}

static long long capacity(const Sema *s, Kinds m)
{
    long long n = 0;
    for (int k = 0; k < s->cs->ncards && k < 64; k++)
        if ((m >> k) & 1)
            n += s->cs->cards[k]->count;
    return n;
}

static void report(Empty *e)
{
    Sema *s = e->s;
    const Node *zd = s->g->zones.items[e->z];
    long long cap = capacity(s, kinds_in_zone(s->kinds, e->z));
    diag_warning(s->diags, e->draw->loc, "'%s' may be empty here: the players can keep this "
                 "loop going, each pass taking a card from '%s' with nothing that puts one "
                 "back, and no rule checks for an empty '%s'; the game then faults (top or "
                 "bottom of an empty zone)", zd->name, zd->name, zd->name);
    diag_note(s->diags, e->loop->loc, "the loop: it stops only where a player answers or "
              "chooses so, and nothing in it tests '%s' (if size(%s) > 0)", zd->name, zd->name);
    diag_note(s->diags, zd->loc, "'%s' may hold only %s: %lld card%s in all, so it is empty "
              "after %lld pass%s at the most", zd->name,
              kinds_card_names(s, kinds_in_zone(s->kinds, e->z), 4), cap, cap == 1 ? "" : "s",
              cap, cap == 1 ? "" : "es");
}

typedef struct LoopScan {
    PtrVec *loops;
    Arena *arena;
} LoopScan;

static void scan_loop(const Node *n, void *ctx)
{
    LoopScan *ls = ctx;
    if (n->kind == N_LOOP || n->kind == N_WHILE)
        vec_push(ls->arena, ls->loops, (void *)n);
}

/* What the handlers and `at` blocks may do, whatever the loop walked does:
 * found once for the game. */
typedef struct Aside {
    const Game *g;
    bool ends;                  /* end the game, play a card, raise an event */
    bool *fills;                /* per zone: put a card into it */
    bool *seen;                 /* per proc of Game.procs: walked already */
} Aside;

static void scan_aside(const Node *n, void *ctx);

static void aside_walk(Aside *a, const Node *n)
{
    ast_walk_node_const(n, scan_aside, a);
}

static void aside_fill(Aside *a, const Node *to)
{
    int z = sema_zone_no(to);
    if (z >= 0 && z < a->g->zones.len)
        a->fills[z] = true;
}

static void scan_aside(const Node *n, void *ctx)
{
    Aside *a = ctx;
    const Sym *p = n->kind == N_CALL ? n->sym : NULL;
    switch (n->kind) {
    case N_END:
    case N_PLAY:
        a->ends = true;
        return;
    case N_MOVE:
    case N_MOVEALL:
        aside_fill(a, n->to);
        return;
    case N_CHOOSECARDS:
        aside_fill(a, n->into);
        return;
    case N_CALL:
        if (p && p->kind == S_EVENT)
            a->ends = true;
        else if (p && p->kind == S_PROC && p->decl && p->decl->body) {
            bool in_table = p->index >= 0 && p->index < a->g->procs.len &&
                            a->g->procs.items[p->index] == p;
            if (!in_table) {
                a->ends = true; /* cannot be followed once: taken to do anything */
            } else if (!a->seen[p->index]) {
                a->seen[p->index] = true;
                aside_walk(a, p->decl->body);
            }
        }
        return;
    default:
        return;
    }
}

/* What every handler and `at` block may do, through the procs they call. */
static void find_aside(Sema *s, Aside *a, const PtrVec *ats)
{
    const Game *g = s->g;
    a->g = g;
    a->fills = arena_alloc(s->arena, sizeof *a->fills * (size_t)g->zones.len);
    a->seen = arena_alloc(s->arena, sizeof *a->seen * (size_t)(g->procs.len + 1));
    for (int i = 0; i < g->handlers.len; i++)
        aside_walk(a, ((const Handler *)g->handlers.items[i])->proc->decl->body);
    for (int i = 0; i < ats->len; i++)
        aside_walk(a, ((const Node *)ats->items[i])->body);
}

static void scan_at(const Node *n, void *ctx)
{
    LoopScan *ls = ctx;
    if (n->kind == N_AT)
        vec_push(ls->arena, ls->loops, (void *)n);
}

static bool is_shared_zone(const Sema *s, int z)
{
    const Node *d = s->g->zones.items[z];
    return !(d->zflags & (ZF_PER_PLAYER | ZF_HELD));
}

typedef struct DrawScan {
    bool *drawn;                /* per zone: some top(Z) or bottom(Z) reads it */
    int nzones;
} DrawScan;

static void scan_draw(const Node *n, void *ctx)
{
    DrawScan *ds = ctx;
    int z = n->kind == N_TOPCARD ? sema_zone_no(n->zone) : -1;
    if (z >= 0 && z < ds->nzones)
        ds->drawn[z] = true;
}

void check_may_empty(Sema *s)
{
    const Game *g = s->g;
    if (!s->kinds || g->zones.len == 0 || sema_hears_moves(&g->befores))
        return;
    PtrVec loops = {0}, ats = {0};
    DrawScan ds = {arena_alloc(s->arena, sizeof *ds.drawn * (size_t)g->zones.len), g->zones.len};
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        LoopScan ls = {&loops, s->arena}, as = {&ats, s->arena};
        ast_walk_node_const(p->decl->body, scan_loop, &ls);
        ast_walk_node_const(p->decl->body, scan_at, &as);
        ast_walk_node_const(p->decl->body, scan_draw, &ds);
    }
    if (loops.len == 0)
        return;
    Aside aside = {0};
    find_aside(s, &aside, &ats);
    if (aside.ends)
        return;
    size_t ncalled = sizeof(Called) * (size_t)(g->procs.len + 1);
    Empty e = {.s = s, .called = arena_alloc(s->arena, ncalled)};
    for (int z = 0; z < g->zones.len; z++) {
        if (!ds.drawn[z] || !is_shared_zone(s, z) || sema_draws_reported(s, z) || aside.fills[z] ||
            capacity(s, kinds_in_zone(s->kinds, z)) == 0)
            continue;
        e.z = z;
        e.draw = NULL;
        memset(e.called, 0, ncalled);
        for (int i = 0; i < loops.len && !e.draw; i++)
            walk_loop(&e, loops.items[i]);
        if (e.draw)
            report(&e);
    }
}
