/* sema_bottom.c: a card put at the bottom of a deck, with no card below
 * it, and a draw that may come after it is drawn: a warning.
 *
 * `move X to Z bottom` (or `at 0`) puts X under every card of Z. When it
 * is the only move of the game that puts a card into Z other than on top,
 * and Z is shuffled or sorted only before it in its block, X stays the
 * bottom card: when a `let c = top(Z)` draws X, Z holds no other card.
 * From each such draw, cardc follows what may run next (the statements
 * after it, both branches of a condition, the options of a choice, the
 * body of a loop, into the procs called, with the card passed along as
 * their parameter): where `c` has been moved out of Z, and a `top(Z)` may
 * run before anything may put a card back into Z, that draw finds Z empty
 * and the game faults there (the Semester End card placed at the bottom of
 * the deck, and the examinations it lets players take draw from the deck).
 *
 * A branch is followed only where it may run for X: an `if` that tests
 * the drawn card alone (`if c.type == special`) is decided by the kinds X
 * may be (every kind must agree); any other condition may go either way.
 * A path stops at a condition that reads Z (a rule for an empty Z), a
 * statement that may put a card into Z (a move, a `play`, an event, a proc
 * that may), an `end`, and a `return` or `break` inside a branch. Nothing
 * is said of a zone a handler or an `at` block may fill, nor in a game
 * where an `instead of` or a reaction hears cards move. */
#include "sema_int.h"

#include <string.h>

enum { MAX_CALL_DEPTH = 8 };

/* Where a path goes: stopped, on after the statement, out of its proc or
 * loop (a `return`, a `break`), or to a top(Z) of an empty Z. */
typedef enum Walked { W_STOP, W_ON, W_EXIT, W_FOUND } Walked;

typedef struct Bottom {
    Sema *s;
    int z;                      /* Z */
    Kinds kinds;                /* what X may be */
    const Node *placed;         /* the move that put X at the bottom */
    const Node *draw;           /* the `let c = top(Z)` followed */
    const Node *found;          /* the top(Z) reached */
    const Node *stack[MAX_CALL_DEPTH];
    int depth;
    unsigned char *fill;        /* per proc of Game.procs: FILL_* for Z */
    unsigned char *fill2;       /* the same for the zone X is taken from */
} Bottom;

enum { FILL_UNKNOWN, FILL_LOOKING, FILL_NO, FILL_YES };

/* The state of one path: the name of X here, and whether it has left Z. */
typedef struct Path {
    const Sym *card;
    bool moved;
} Path;

/* ---- what a statement may do to Z -------------------------------------------- */

typedef struct Scan {
    Bottom *b;
    bool hit;
    int depth;
} Scan;

static void scan_fill(const Node *n, void *ctx);
static bool proc_fills(Bottom *b, const Sym *q);

static bool fills(Bottom *b, const Node *n, int depth)
{
    Scan sc = {b, false, depth};
    ast_walk_node_const(n, scan_fill, &sc);
    return sc.hit;
}

static void scan_fill(const Node *n, void *ctx)
{
    Scan *sc = ctx;
    if (n->kind == N_PLAY || (n->kind == N_CALL && n->sym && n->sym->kind == S_EVENT))
        sc->hit = true;
    else if ((n->kind == N_MOVE || n->kind == N_MOVEALL) && sema_zone_no(n->to) == sc->b->z)
        sc->hit = true;
    else if (n->kind == N_CHOOSECARDS && sema_zone_no(n->into) == sc->b->z)
        sc->hit = true;
    else if (n->kind == N_CALL && n->sym && n->sym->kind == S_PROC)
        sc->hit |= proc_fills(sc->b, n->sym);
}

/* May proc q put a card into Z, itself or through what it calls? A proc
 * met again while it is being looked at (recursion) may. */
static bool proc_fills(Bottom *b, const Sym *q)
{
    int i = q->index;
    const PtrVec *procs = &b->s->g->procs;
    if (i < 0 || i >= procs->len || procs->items[i] != q)
        return true;
    if (b->fill[i] == FILL_UNKNOWN) {
        b->fill[i] = FILL_LOOKING;
        b->fill[i] = fills(b, q->decl->body, 0) ? FILL_YES : FILL_NO;
    }
    return b->fill[i] != FILL_NO;
}

/* Does condition e read Z (its size, its cards)? */
static bool reads_z(const Bottom *b, const Node *e)
{
    return sema_reads_zone(e, b->z);
}

static void scan_top(const Node *n, void *ctx)
{
    Scan *sc = ctx;
    if (n->kind == N_TOPCARD && sema_zone_no(n->zone) == sc->b->z && !sc->b->found)
        sc->b->found = n;
}

/* A top(Z) in the expressions of a simple statement. */
static bool reads_top(Bottom *b, const Node *st)
{
    Scan sc = {b, false, 0};
    ast_walk_node_const(st, scan_top, &sc);
    return b->found != NULL;
}

/* ---- the paths after a draw of X ---------------------------------------------- */

static Walked walk_stmts(Bottom *b, const Node *first, Path *p);

/* A block that may run or not: the path through it, joined with the one
 * around it. W_STOP when neither goes on. */
static Walked join(Walked r1, Path *p1, Walked r2, const Path *p2, Path *p)
{
    if (r1 == W_FOUND || r2 == W_FOUND)
        return W_FOUND;
    if (r1 == W_STOP && r2 == W_STOP)
        return W_STOP;
    if (r1 == W_STOP)
        *p1 = *p2;
    else if (r2 != W_STOP)
        p1->moved &= p2->moved; /* moved only if on every path */
    *p = *p1;
    return W_ON;
}

/* May the branch of an `if` run when the card is X (truth: the `then`)? */
static bool may_take(Bottom *b, const Node *cond, const Path *p, bool truth)
{
    if (!p->card)
        return true;
    const CardSet *cs = b->s->cs;
    for (int k = 0; k < cs->ncards && k < 64; k++)
        if (((b->kinds >> k) & 1) && kinds_eval(cond, p->card->index, cs->cards[k]) == !truth)
            return false;
    return true;
}

static Walked walk_if(Bottom *b, const Node *st, Path *p)
{
    if (reads_z(b, st->cond))
        return W_STOP;
    Path pt = *p, pe = *p;
    Walked rt = may_take(b, st->cond, p, true) ? walk_stmts(b, st->then->stmts, &pt) : W_STOP;
    Walked re = W_STOP;
    if (may_take(b, st->cond, p, false))
        re = !st->els ? W_ON
           : st->els->kind == N_BLOCK ? walk_stmts(b, st->els->stmts, &pe)
           : walk_stmts(b, st->els, &pe); /* else if: one statement */
    if (rt == W_FOUND || re == W_FOUND)
        return W_FOUND;
    return join(rt == W_ON ? W_ON : W_STOP, &pt, re == W_ON ? W_ON : W_STOP, &pe, p);
}

static Walked walk_menu(Bottom *b, const Node *st, Path *p)
{
    Walked all = W_STOP;
    Path out = *p;
    for (const Node *o = st->options; o; o = o->next) {
        if (o->guard && reads_z(b, o->guard))
            continue;
        Path po = *p;
        Walked r = o->body ? walk_stmts(b, o->body->stmts, &po) : W_ON;
        if (r == W_FOUND)
            return W_FOUND;
        if (r == W_ON)
            all = join(all, &out, W_ON, &po, &out);
    }
    *p = out;
    return all;
}

/* A loop: its body may run; after it, the path goes on as before it. */
static Walked walk_loop(Bottom *b, const Node *st, const Node *body, Path *p)
{
    if (st->kind == N_WHILE && reads_z(b, st->cond))
        return W_STOP;
    Path pb = *p;
    if (walk_stmts(b, body->stmts, &pb) == W_FOUND)
        return W_FOUND;
    return fills(b, st, 0) ? W_STOP : W_ON;
}

/* A call of proc q: its body, with X passed to it as its parameter. */
static Walked walk_call(Bottom *b, const Node *call, Path *p)
{
    const Sym *q = call->sym;
    if (p->moved && reads_top(b, call))
        return W_FOUND;
    if (!q || q->kind != S_PROC)
        return W_ON;
    bool deep = b->depth == MAX_CALL_DEPTH;
    for (int i = 0; i < b->depth && !deep; i++)
        deep = b->stack[i] == q->decl;
    if (deep)
        return proc_fills(b, q) ? W_STOP : W_ON;
    Path in = {NULL, p->moved};
    const Node *param = q->decl->params;
    for (const Node *a = call->args; a && param; a = a->next, param = param->next)
        if (p->card && a->kind == N_IDENT && a->sym == p->card)
            in.card = param->sym;
    b->stack[b->depth++] = q->decl;
    Walked r = q->decl->body ? walk_stmts(b, q->decl->body->stmts, &in) : W_ON;
    b->depth--;
    if (r == W_FOUND || r == W_STOP)
        return r;
    p->moved = in.moved; /* returned (at its end or by a `return`) */
    return W_ON;
}

static Walked walk_move(Bottom *b, const Node *st, Path *p)
{
    if (p->moved && reads_top(b, st))
        return W_FOUND;
    if (p->card && st->card->kind == N_IDENT && st->card->sym == p->card) {
        if (sema_zone_no(st->to) == b->z)
            return W_STOP;
        p->moved = true;
        return W_ON;
    }
    return fills(b, st, 0) ? W_STOP : W_ON;
}

/* Where the path goes through statement st. */
static Walked walk_stmt(Bottom *b, const Node *st, Path *p)
{
    switch (st->kind) {
    case N_END:
        return W_STOP;
    case N_IF:
        return walk_if(b, st, p);
    case N_MENU:
        return walk_menu(b, st, p);
    case N_WHILE:
    case N_REPEAT:
    case N_FOR:
        return walk_loop(b, st, st->body, p);
    case N_LOOP:
        return walk_loop(b, st, st->block, p);
    case N_TURN:
    case N_ROUND:
    case N_PHASE:
        return walk_stmts(b, st->body->stmts, p);
    case N_BLOCK:
        return walk_stmts(b, st->stmts, p);
    case N_EXPRSTMT:
        return walk_call(b, st->call, p);
    case N_LET:
        if (st->init && st->init->kind == N_CALL)
            return walk_call(b, st->init, p);
        break;
    case N_MOVE:
        return walk_move(b, st, p);
    default:
        break;
    }
    if (p->moved && reads_top(b, st))
        return W_FOUND;
    return fills(b, st, 0) ? W_STOP : W_ON;
}

static Walked walk_stmts(Bottom *b, const Node *first, Path *p)
{
    for (const Node *st = first; st; st = st->next) {
        if (st->kind == N_RETURN || st->kind == N_BREAK)
            return W_EXIT;
        Walked r = walk_stmt(b, st, p);
        if (r != W_ON)
            return r;
    }
    return W_ON;
}

/* ---- the game ------------------------------------------------------------------ */

static void report(Bottom *b)
{
    Sema *s = b->s;
    const char *zn = ((const Node *)s->g->zones.items[b->z])->name;
    diag_warning(s->diags, b->found->loc, "'%s' may be empty here: when the card put at the "
                 "bottom of '%s' (%s) is drawn, no card is left below it, and this may run "
                 "before any card is put back; the game then faults (top or bottom of an empty "
                 "zone)", zn, zn, kinds_card_names(s, b->kinds, 3));
    diag_note(s->diags, b->placed->loc, "it is put at the bottom of '%s' here, with no card "
              "below it", zn);
    diag_note(s->diags, b->draw->loc, "it is drawn here");
}

typedef struct Sites {
    Bottom *b;
} Sites;

/* Each `let c = top(Z)` of a block: the paths after it. */
static void scan_draws(const Node *n, void *ctx)
{
    Bottom *b = ((Sites *)ctx)->b;
    if (n->kind != N_BLOCK || b->found)
        return;
    for (const Node *st = n->stmts; st && !b->found; st = st->next) {
        const Node *e = st->kind == N_LET ? st->init : NULL;
        if (!e || e->kind != N_TOPCARD || e->pos_kind != POS_TOP || sema_zone_no(e->zone) != b->z)
            continue;
        Path p = {st->sym, false};
        b->draw = st;
        b->depth = 0;
        if (walk_stmts(b, st->next, &p) != W_FOUND)
            b->found = NULL;
    }
}

static bool is_size_of(const Node *e, int z)
{
    return e && e->kind == N_CALL && !e->sym && e->builtin == B_SIZE && e->args &&
           sema_zone_no(e->args) == z;
}

/* Is position e of `move ... to Z at e` above the bottom card, whenever Z
 * holds one: a number from 1, size(Z), or size(Z) - size(Z) / K (K >= 2)? */
static bool above_bottom(const Node *e, int z)
{
    if (e->kind == N_NUM)
        return e->literal >= 1;
    if (is_size_of(e, z))
        return true;
    return e->kind == N_BINARY && e->binop == OP_SUB && is_size_of(e->lhs, z) &&
           e->rhs->kind == N_BINARY && e->rhs->binop == OP_DIV && is_size_of(e->rhs->lhs, z) &&
           e->rhs->rhs->kind == N_NUM && e->rhs->rhs->literal >= 2;
}

/* The zone n may put a card into at its bottom (*bottom: certainly
 * there), or -1: on top, or `at` a position above the bottom. */
static int under_zone(const Node *n, bool *bottom)
{
    if ((n->kind != N_MOVE && n->kind != N_MOVEALL) || !n->pos || n->pos->pos_kind == POS_TOP)
        return -1;
    const Node *pos = n->pos;
    int z = sema_zone_no(n->to);
    if (pos->pos_kind == POS_AT && above_bottom(pos->at, z))
        return -1;
    *bottom = pos->pos_kind == POS_BOTTOM ||
              (pos->at && pos->at->kind == N_NUM && pos->at->literal == 0);
    return z;
}

typedef struct Placing {
    int under;                  /* moves that may put a card at z's bottom */
    const Node *placed;         /* the last, when certainly there */
    const Node *block;          /* the block `placed` is in */
    int shuffles;               /* shuffles and sorts of z */
    int before;                 /* of them, before `placed` in its block */
} Placing;

/* One walk of every proc fills a Placing per zone. */
typedef struct Placings {
    Placing *of;                /* per zone of Game.zones */
    int nzones;
    int z;                      /* scan_before: the zone looked for */
} Placings;

static void scan_placing(const Node *n, void *ctx)
{
    Placings *all = ctx;
    bool bottom = false;
    int z = under_zone(n, &bottom);
    if (z >= 0 && z < all->nzones) {
        all->of[z].under++;
        all->of[z].placed = bottom && n->kind == N_MOVE ? n : NULL;
        return;
    }
    z = n->kind == N_SHUFFLE || n->kind == N_SORT ? sema_zone_no(n->zone) : -1;
    if (z >= 0 && z < all->nzones)
        all->of[z].shuffles++;
}

static void scan_before(const Node *n, void *ctx)
{
    Placings *all = ctx;
    Placing *pl = &all->of[all->z];
    if (n->kind != N_BLOCK)
        return;
    int k = 0;
    for (const Node *st = n->stmts; st; st = st->next) {
        if (st == pl->placed) {
            pl->before = k;
            pl->block = n;
            return;
        }
        k += (st->kind == N_SHUFFLE || st->kind == N_SORT) && sema_zone_no(st->zone) == all->z;
    }
}

/* For every zone, the moves that may put a card at its bottom and its
 * shuffles: one walk of the rules, whatever the number of zones. */
static Placings collect_placings(const Sema *s)
{
    const PtrVec *procs = &s->g->procs;
    Placings all = {arena_alloc(s->arena, sizeof(Placing) * ((size_t)s->g->zones.len + 1)),
                    s->g->zones.len, -1}; /* zeroed */
    for (int i = 0; i < procs->len; i++)
        ast_walk_node_const(((const Sym *)procs->items[i])->decl->body, scan_placing, &all);
    return all;
}

/* The one move that puts a card at the bottom of z, after every shuffle
 * of z, or NULL. */
static const Node *bottom_card(const Sema *s, Placings *all, int z, const Node **block)
{
    const PtrVec *procs = &s->g->procs;
    Placing *pl = &all->of[z];
    if (pl->under != 1 || !pl->placed)
        return NULL;
    pl->before = -1;
    all->z = z;
    for (int i = 0; i < procs->len && pl->before < 0; i++)
        ast_walk_node_const(((const Sym *)procs->items[i])->decl->body, scan_before, all);
    *block = pl->block;
    return pl->before == pl->shuffles ? pl->placed : NULL;
}

/* The kinds the card put at the bottom may be, `first(Z2 ...)` or
 * `top(Z2)`: those Z2 may hold, less those a `move all Z2 where F` that
 * runs before it in its block certainly took away (F keeps them for
 * certain), unless a later statement of the block may put cards back. */
static Kinds placed_kinds(Bottom *b, const Node *block)
{
    const Node *card = b->placed->card;
    const Node *from = card->kind == N_TOPCARD ? card->zone
                     : card->kind == N_CALL && !card->sym && card->args &&
                       card->args->kind == N_SOURCE ? card->args->in : NULL;
    int z2 = sema_zone_no(from);
    Kinds all = kinds_of_expr(b->s->kinds, card), m = all;
    if (z2 < 0 || !block)
        return all;
    const CardSet *cs = b->s->cs;
    for (const Node *st = block->stmts; st && st != b->placed; st = st->next) {
        const Node *src = st->kind == N_MOVEALL ? st->cards : NULL;
        bool out = src && src->src_kind == SRC_ZONE && sema_zone_no(src->in) == z2 &&
                   src->filter && sema_zone_no(st->to) != z2;
        for (int k = 0; out && k < cs->ncards && k < 64; k++)
            if (kinds_eval(src->filter, src->slot, cs->cards[k]) == 1)
                m &= ~(1ULL << k);
        Bottom into = {.s = b->s, .z = z2, .fill = b->fill2};
        if (!out && fills(&into, st, 0))
            m = all; /* cards may have come back */
    }
    return m;
}

typedef struct AtFill {
    Bottom *b;
    bool hit;
} AtFill;

static void scan_at(const Node *n, void *ctx)
{
    AtFill *a = ctx;
    if (n->kind == N_AT && fills(a->b, n->body, 0))
        a->hit = true;
}

/* May a handler or an `at` block put a card into Z between any two
 * statements? */
static bool filled_aside(Bottom *b)
{
    const Game *g = b->s->g;
    for (int i = 0; i < g->handlers.len; i++)
        if (fills(b, ((const Handler *)g->handlers.items[i])->proc->decl->body, 0))
            return true;
    AtFill a = {b, false};
    for (int i = 0; i < g->procs.len && !a.hit; i++)
        ast_walk_node_const(((const Sym *)g->procs.items[i])->decl->body, scan_at, &a);
    return a.hit;
}

void check_bottom_draws(Sema *s)
{
    const Game *g = s->g;
    if (!s->kinds || sema_hears_moves(&g->befores))
        return;
    size_t n = (size_t)g->procs.len + 1;
    unsigned char *fill = arena_alloc(s->arena, n), *fill2 = arena_alloc(s->arena, n);
    Placings placings = collect_placings(s);
    for (int z = 0; z < g->zones.len; z++) {
        const Node *zd = g->zones.items[z];
        if (zd->zflags & (ZF_PER_PLAYER | ZF_HELD))
            continue;
        const Node *block = NULL;
        const Node *placed = bottom_card(s, &placings, z, &block);
        if (!placed)
            continue;
        Bottom b = {.s = s, .z = z, .placed = placed, .fill = fill, .fill2 = fill2};
        memset(fill, FILL_UNKNOWN, n);
        memset(fill2, FILL_UNKNOWN, n);
        if (filled_aside(&b))
            continue;
        b.kinds = placed_kinds(&b, block);
        if (!b.kinds)
            continue;
        Sites sites = {&b};
        for (int i = 0; i < g->procs.len && !b.found; i++)
            ast_walk_node_const(((const Sym *)g->procs.items[i])->decl->body, scan_draws, &sites);
        if (b.found)
            report(&b);
    }
}
