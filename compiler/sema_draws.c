/* sema_draws.c: a `top(Z)` (or bottom) that finds Z empty whenever it
 * runs, wherever it is written: an error, since the game faults there
 * ("top or bottom of an empty zone") each time.
 *
 * It reads the kinds of sema_kinds.c (Sema.kinds): a zone may only ever
 * hold the copies of the card kinds in its mask, so no more than the sum
 * of their counts (its capacity). Z is certainly empty at a `top(Z)` when
 *   - Z can never hold a card (its mask is empty: no rule puts any card
 *     there that may be there), for a zone of any form; or, for a shared
 *     zone (not per player, not held),
 *   - the rule has certainly taken more cards from Z than it can ever
 *     hold, since its start or since the last statement that may put a
 *     card back (a draw three to each player from a deck that only ever
 *     holds five cards; `repeat 6 { move top(Z) to ... }` from a deck of
 *     five); or
 *   - a `move all Z to W` emptied Z and nothing since may put a card back.
 * Taken certainly: `move top(Z) to W` (W not Z) and `let x = top(Z)` then
 * `move x to W` in the same block, in statements that certainly run: a
 * block in order, `repeat N` with a constant N (N times), `for q in
 * players` without 'where' in a game that puts no player out (once for
 * each of the fewest players), the bodies of `turn`, `round` and `phase`.
 * What may put a card back: a move, `move all`, `play` or `choose cards`
 * into Z, a call of a proc that may (through what it calls), and any
 * `play` or event raised (a card's effect or a handler may). Counting
 * stops for the rest of a rule at its first condition that reads Z (`if
 * size(Z) > 0`, a func that reads it: "a rule for it"), and a loop whose
 * body may `break`, `return` or `end` counts nothing after it. Zones that
 * a handler or an `at` block may fill are not counted, and nothing is
 * counted in a game where an `instead of` or a reaction hears a card enter
 * or leave a zone (it may cancel a move). Each report is so proved; the
 * draws that only may find Z empty are left to simulate. */
#include "sema_int.h"

#include <string.h>

enum { FILL_UNKNOWN, FILL_LOOKING, FILL_NO, FILL_YES };

typedef struct Draws {
    Sema *s;
    long long *cap;             /* per zone: the most cards it can ever hold */
    bool *async;                /* per zone: a handler or an `at` block may fill it */
    bool *reported;             /* per zone */
    unsigned char *fill_state;  /* per proc of Game.procs, for the zone walked:
                                 * FILL_* (may_fill) */
    bool count;                 /* counting is possible at all */
    PtrVec *proc_readers;       /* per zone: the procs with a top(Z) or bottom(Z), in
                                 * Game.procs order (only they can be reported) */
    PtrVec *func_readers;       /* the same of Game.funcs */
    PtrVec ats;                 /* every `at` block of the rules */
} Draws;

/* What the walk of one rule knows of zone z so far. */
typedef struct Run {
    int z;
    long long taken;            /* certainly taken since the last possible fill */
    const Node *emptied;        /* the `move all Z` that emptied it, or NULL */
    bool off;                   /* past a condition that reads z: nothing is said */
    struct {
        const Sym *sym;         /* `let x = top(Z)`: x */
        long long taken;        /* Run.taken when it was bound */
    } bound[16];
    int nbound;
} Run;

static bool is_shared(const Sema *s, int z)
{
    const Node *d = s->g->zones.items[z];
    return !(d->zflags & (ZF_PER_PLAYER | ZF_HELD));
}

/* ---- where a card may be put into a zone ---------------------------------- */

typedef struct FillScan {
    Draws *d;
    int z;
    bool fills;
} FillScan;

static bool may_fill(Draws *d, const Sym *proc, int z);

static void scan_fill(const Node *n, void *ctx)
{
    FillScan *f = ctx;
    const Node *to = NULL;
    switch (n->kind) {
    case N_MOVE:
    case N_MOVEALL:
        to = n->to;
        break;
    case N_CHOOSECARDS:
        to = n->into;
        break;
    case N_PLAY: /* its effect may move any card anywhere */
        f->fills = true;
        return;
    case N_CALL:
        if (n->sym && n->sym->kind == S_EVENT)
            f->fills = true; /* its body and its handlers */
        else if (n->sym && n->sym->kind == S_PROC && may_fill(f->d, n->sym, f->z))
            f->fills = true;
        return;
    default:
        return;
    }
    if (sema_zone_no(to) == f->z)
        f->fills = true;
}

static bool node_fills(Draws *d, const Node *n, int z)
{
    FillScan f = {d, z, false};
    ast_walk_node_const(n, scan_fill, &f);
    return f.fills;
}

/* May proc put a card into zone z, itself or through what it calls? A
 * proc met again while it is being looked at (recursion) may. */
static bool may_fill(Draws *d, const Sym *proc, int z)
{
    int i = proc->index;
    if (i < 0 || i >= d->s->g->procs.len || d->s->g->procs.items[i] != proc)
        return node_fills(d, proc->decl->body, z); /* not in the table: not memoised */
    if (d->fill_state[i] == FILL_UNKNOWN) {
        d->fill_state[i] = FILL_LOOKING;
        d->fill_state[i] = node_fills(d, proc->decl->body, z) ? FILL_YES : FILL_NO;
    }
    return d->fill_state[i] != FILL_NO;
}

/* ---- what a condition reads ------------------------------------------------ */

static bool reads_zone(const Node *e, int z)
{
    return sema_reads_zone(e, z);
}

typedef struct CondScan {
    int z;
    bool reads;
} CondScan;

static void scan_cond(const Node *n, void *ctx)
{
    CondScan *c = ctx;
    const Node *cond = n->kind == N_IF || n->kind == N_WHILE ? n->cond
                       : n->kind == N_OPTION ? n->guard : NULL;
    if (cond && reads_zone(cond, c->z))
        c->reads = true;
}

/* Does statement st test zone z in a condition (its own or a nested one)? */
static bool tests_zone(const Node *st, int z)
{
    CondScan c = {z, false};
    ast_walk_node_const(st, scan_cond, &c);
    return c.reads;
}

typedef struct ExitScan {
    bool exits;
} ExitScan;

static void scan_exit(const Node *n, void *ctx)
{
    if (n->kind == N_BREAK || n->kind == N_RETURN || n->kind == N_END)
        ((ExitScan *)ctx)->exits = true;
}

/* May a loop's body leave it early (or the rule, or the game)? */
static bool may_exit(const Node *body)
{
    ExitScan e = {false};
    ast_walk_node_const(body, scan_exit, &e);
    return e.exits;
}

/* ---- the report ------------------------------------------------------------ */

static const char *zone_name(const Draws *d, int z)
{
    return ((const Node *)d->s->g->zones.items[z])->name;
}

static void report(Draws *d, const Run *r, const Node *top)
{
    Sema *s = d->s;
    int z = r->z;
    if (d->reported[z])
        return;
    d->reported[z] = true;
    s->soft_errors++; /* the rules are whole: the proofs after it still run */
    vec_push(s->arena, &s->draws_reported, s->g->zones.items[z]);
    const char *zn = zone_name(d, z);
    if (d->cap[z] == 0) {
        diag_error(s->diags, top->loc, "'%s' can never hold a card: no rule ever puts one "
                   "there, so this faults whenever it runs (top or bottom of an empty zone)", zn);
        return;
    }
    if (r->emptied) {
        diag_error(s->diags, top->loc, "'%s' is empty here whenever this runs, and the game "
                   "faults (top or bottom of an empty zone): nothing may put a card back "
                   "there since it was emptied", zn);
        diag_note(s->diags, r->emptied->loc, "'%s' is emptied here", zn);
        return;
    }
    diag_error(s->diags, top->loc, "'%s' is empty here whenever this runs, and the game faults "
               "(top or bottom of an empty zone): the rule has certainly taken %lld card%s "
               "from it by here, with nothing that may put one back, and it can never hold "
               "more than %lld", zn, r->taken, r->taken == 1 ? "" : "s", d->cap[z]);
    diag_note(s->diags, ((const Node *)s->g->zones.items[z])->loc, "'%s' may hold only %s: "
              "%lld card%s in all", zn, kinds_card_names(s, kinds_in_zone(s->kinds, z), 4), d->cap[z],
              d->cap[z] == 1 ? "" : "s");
}

/* ---- the walk of one rule -------------------------------------------------- */

typedef struct TopScan {
    int z;
    const Node *top;            /* the first top(Z) or bottom(Z) */
    int tops, names;            /* how many there are; how many times Z is named */
} TopScan;

static void scan_top(const Node *n, void *ctx)
{
    TopScan *t = ctx;
    if (n->kind == N_TOPCARD && sema_zone_no(n->zone) == t->z) {
        t->tops++;
        if (!t->top)
            t->top = n;
    } else if (n->kind == N_IDENT && n->sym && n->sym->kind == S_ZONE && n->sym->index == t->z) {
        t->names++;
    }
}

static bool certainly_empty(const Draws *d, const Run *r)
{
    return !r->off && (r->emptied || r->taken >= d->cap[r->z]);
}

/* The top(Z) that node n reads, if Z is certainly empty there. A node that
 * also names Z elsewhere (`size(Z) > 0 and top(Z)...`) may test it first. */
static void read_tops(Draws *d, Run *r, const Node *n)
{
    if (!certainly_empty(d, r))
        return;
    TopScan t = {r->z, NULL, 0, 0};
    ast_walk_node_const(n, scan_top, &t);
    if (t.top && t.names == t.tops)
        report(d, r, t.top);
}

static void reset(Run *r)
{
    r->taken = 0;
    r->emptied = NULL;
    r->nbound = 0;
}

/* Is card a name of the top card of Z bound since the last take, that
 * moving takes? Two names bound before a take name one card: moving the
 * first takes it, the second then moves a card already taken. */
static bool is_bound(Run *r, const Node *card)
{
    if (!card || card->kind != N_IDENT || !card->sym)
        return false;
    int i = 0;
    while (i < r->nbound && r->bound[i].sym != card->sym)
        i++;
    if (i == r->nbound)
        return false;
    bool fresh = r->bound[i].taken == r->taken;
    long long gen = r->bound[i].taken;
    for (int j = r->nbound - 1; j >= 0; j--)
        if (r->bound[j].taken == gen) /* this card's names: taken */
            r->bound[j] = r->bound[--r->nbound];
    return fresh;
}

/* Does statement st leave the cards `let x = top(Z)` named where they
 * are, and their names on them? Moves of a top(Z) and of a name itself
 * are counted by walk_move; a shuffle, a sort or a show moves no card. */
static bool keeps_names(const Run *r, const Node *st)
{
    switch (st->kind) {
    case N_SHUFFLE:
    case N_SORT:
    case N_SHOW:
        return true;
    case N_LET:
        return st->init && st->init->kind == N_TOPCARD;
    case N_MOVE:
        if (st->card->kind == N_TOPCARD)
            return true;
        for (int i = 0; i < r->nbound; i++)
            if (st->card->kind == N_IDENT && st->card->sym == r->bound[i].sym)
                return true;
        return false;
    default:
        return false;
    }
}

static void walk_block(Draws *d, Run *r, const Node *block);
static void walk_stmt(Draws *d, Run *r, const Node *st);

/* A block that may run or not: what it takes is not counted after it. */
static void walk_branch(Draws *d, Run *r, const Node *block)
{
    if (!block)
        return;
    Run copy = *r;
    if (block->kind == N_BLOCK)
        walk_block(d, &copy, block);
    else
        walk_stmt(d, &copy, block); /* an `else if` */
    r->off |= copy.off;
}

/* A body run `times` times for certain (repeat N, for q in players). */
static void walk_times(Draws *d, Run *r, const Node *body, long long times)
{
    Run before = *r;
    long long left = times, runs = 0;
    while (left > 0 && !d->reported[r->z] && !r->off) {
        long long at = r->taken;
        walk_block(d, r, body);
        left--, runs++;
        long long step = r->taken - at;
        long long room = d->cap[r->z] - r->taken - step; /* runs that cannot fault */
        if (step > 0 && left > 1 && room > step) {
            long long skip = room / step - 1;
            skip = skip < left - 1 ? skip : left - 1;
            r->taken += skip * step;
            left -= skip;
        } else if (step == 0 && runs >= 2) {
            break; /* each run the same: the first two said all */
        }
    }
    if (may_exit(body)) { /* it may stop early: only what was before is sure */
        bool off = r->off;
        *r = before;
        r->off = off;
    }
}

static long long fixed_times(const Draws *d, const Node *st)
{
    if (st->kind == N_REPEAT)
        return st->count && st->count->kind == N_NUM ? st->count->literal : -1;
    const Node *it = st->iter;
    if (it && it->kind == N_SOURCE && it->src_kind == SRC_PLAYERS && !it->filter &&
        !d->s->puts_out && !st->simultaneous)
        return d->s->g->min_players;
    return -1;
}

static void walk_move(Run *r, const Node *st)
{
    int from = st->card && st->card->kind == N_TOPCARD ? sema_zone_no(st->card->zone) : -1;
    if (from == r->z || is_bound(r, st->card))
        r->taken++;
}

static void walk_moveall(Run *r, const Node *st)
{
    const Node *src = st->cards;
    if (src && src->kind == N_SOURCE && src->src_kind == SRC_ZONE && !src->filter &&
        src->in && src->in->kind == N_IDENT && sema_zone_no(src->in) == r->z)
        r->emptied = st;
}

static void walk_let(Run *r, const Node *st)
{
    const Node *init = st->init;
    if (init && init->kind == N_TOPCARD && sema_zone_no(init->zone) == r->z && st->sym &&
        r->nbound < 16)
        r->bound[r->nbound].sym = st->sym, r->bound[r->nbound++].taken = r->taken;
}

/* What statement st certainly takes from the zone, and what it reads. */
static void walk_stmt(Draws *d, Run *r, const Node *st)
{
    if (tests_zone(st, r->z))
        r->off = true; /* a rule for it: nothing more is said in this rule */
    if (node_fills(d, st, r->z)) {
        reset(r); /* what it takes before it fills is left out */
        return;
    }
    read_tops(d, r, st);
    if (!keeps_names(r, st))
        r->nbound = 0; /* it may move or rename the top card a `let` named */
    long long times;
    switch (st->kind) {
    case N_MOVE:
        walk_move(r, st);
        return;
    case N_MOVEALL:
        walk_moveall(r, st);
        return;
    case N_LET:
        walk_let(r, st);
        return;
    case N_BLOCK:
        walk_block(d, r, st);
        return;
    case N_TURN: /* the turn of a player put out may not run */
        if (d->s->puts_out)
            walk_branch(d, r, st->body);
        else
            walk_block(d, r, st->body);
        return;
    case N_ROUND:
    case N_PHASE:
        walk_block(d, r, st->body);
        return;
    case N_REPEAT:
    case N_FOR:
        times = fixed_times(d, st);
        if (times >= 0)
            walk_times(d, r, st->body, times);
        else
            walk_branch(d, r, st->body);
        return;
    case N_IF:
        walk_branch(d, r, st->then);
        walk_branch(d, r, st->els);
        return;
    case N_WHILE:
        walk_branch(d, r, st->body);
        return;
    case N_LOOP:
        walk_branch(d, r, st->block);
        return;
    default:
        return;
    }
}

static void walk_block(Draws *d, Run *r, const Node *block)
{
    if (!block)
        return;
    if (block->kind != N_BLOCK) {
        walk_stmt(d, r, block);
        return;
    }
    for (const Node *st = block->stmts; st && !d->reported[r->z]; st = st->next) {
        walk_stmt(d, r, st);
        if (st->kind == N_RETURN || st->kind == N_BREAK || st->kind == N_END)
            return;
    }
}

/* ---- the game -------------------------------------------------------------- */

/* May a handler or an `at` block put a card into z, whatever the rule
 * being walked does? */
static bool filled_aside(Draws *d, int z)
{
    const Game *g = d->s->g;
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        if (may_fill(d, h->proc, z))
            return true;
    }
    for (int i = 0; i < d->ats.len; i++)
        if (node_fills(d, ((const Node *)d->ats.items[i])->body, z))
            return true;
    return false;
}

/* Every rule that reads top(Z) or bottom(Z), for zone z: procs (effects,
 * handlers, events, 'at' blocks among them) and funcs. */
static void walk_rules(Draws *d, int z)
{
    const PtrVec *procs = &d->proc_readers[z], *funcs = &d->func_readers[z];
    for (int i = 0; i < procs->len && !d->reported[z]; i++) {
        const Sym *p = procs->items[i];
        Run r = {.z = z};
        if (p->clause && p->clause->cond && reads_zone(p->clause->cond, z))
            r.off = true; /* `play when size(Z) > 0` */
        walk_block(d, &r, p->decl->body);
    }
    for (int i = 0; i < funcs->len && !d->reported[z]; i++) {
        const Node *f = ((const Sym *)funcs->items[i])->decl;
        Run r = {.z = z};
        if (f->expr_body)
            read_tops(d, &r, f->expr_body);
        else
            walk_block(d, &r, f->body);
    }
}

/* ---- who reads which zone's top: one walk of the rules ------------------- */

typedef struct ReaderScan {
    Draws *d;
    PtrVec *readers;            /* Draws.proc_readers or func_readers */
    const Sym *rule;            /* the proc or func walked */
    PtrVec *ats;                /* where its `at` blocks go, or NULL (a func) */
} ReaderScan;

static void scan_reader(const Node *n, void *ctx)
{
    ReaderScan *rs = ctx;
    if (n->kind == N_AT && rs->ats)
        vec_push(rs->d->s->arena, rs->ats, (void *)n);
    int z = n->kind == N_TOPCARD ? sema_zone_no(n->zone) : -1;
    if (z < 0 || z >= rs->d->s->g->zones.len)
        return;
    PtrVec *v = &rs->readers[z];
    if (v->len == 0 || v->items[v->len - 1] != rs->rule)
        vec_push(rs->d->s->arena, v, (void *)rs->rule);
}

static void collect_readers(Draws *d)
{
    const Game *g = d->s->g;
    size_t nz = (size_t)g->zones.len;
    d->proc_readers = arena_alloc(d->s->arena, sizeof(PtrVec) * nz);
    d->func_readers = arena_alloc(d->s->arena, sizeof(PtrVec) * nz);
    for (int i = 0; i < g->procs.len; i++) {
        ReaderScan rs = {d, d->proc_readers, g->procs.items[i], &d->ats};
        ast_walk_node_const(rs.rule->decl->body, scan_reader, &rs);
    }
    for (int i = 0; i < g->funcs.len; i++) {
        ReaderScan rs = {d, d->func_readers, g->funcs.items[i], NULL};
        const Node *f = rs.rule->decl;
        ast_walk_node_const(f->expr_body ? f->expr_body : f->body, scan_reader, &rs);
    }
}

static long long capacity(const Sema *s, Kinds m)
{
    long long n = 0;
    for (int k = 0; k < s->cs->ncards && k < 64; k++)
        if ((m >> k) & 1)
            n += s->cs->cards[k]->count;
    return n;
}

void check_draws(Sema *s)
{
    const Game *g = s->g;
    if (!s->kinds || g->zones.len == 0)
        return;
    size_t nz = (size_t)g->zones.len;
    Draws d = {.s = s, .count = !sema_hears_moves(&g->befores)};
    d.cap = arena_alloc(s->arena, sizeof *d.cap * nz);
    d.reported = arena_alloc(s->arena, sizeof *d.reported * nz);
    d.fill_state = arena_alloc(s->arena, (size_t)g->procs.len + 1);
    collect_readers(&d);
    for (int z = 0; z < g->zones.len; z++) {
        if (d.proc_readers[z].len == 0 && d.func_readers[z].len == 0)
            continue; /* no top(Z) or bottom(Z) to report */
        d.cap[z] = capacity(s, kinds_in_zone(s->kinds, z));
        memset(d.fill_state, FILL_UNKNOWN, (size_t)g->procs.len + 1);
        if (d.cap[z] == 0 || (d.count && is_shared(s, z) && !filled_aside(&d, z)))
            walk_rules(&d, z);
    }
}

