/* sema_supply.c: draws that a deck cannot supply.
 *
 * A shared zone that only the set-up fills (a deck, the Event deck) holds
 * at most the cards put there. Where the rules take cards from it a fixed
 * number of times, whatever the players do (the deal: three cards to each
 * player; one Event flipped in each of five rounds), some `top(Z)` finds
 * it empty, and the game faults ("top or bottom of an empty zone"), at a
 * point the build can name. cardc proves it by running proc main() in the
 * checker, once for each number of players, counting:
 *
 *   - what certainly runs: main's statements in order, the bodies of the
 *     procs it calls there, `repeat N` with a constant N (N times), `for
 *     q in players` without 'where' (once a player, in a game where no
 *     player is put out), the bodies of `round`, `phase` and `turn`, with
 *     the rules' handlers of their start and their end that have no
 *     'where' (an Event flipped `on start of round`), and
 *     `while V < K { ... V += 1 ... }` where V is a variable of a constant
 *     first value that nothing else assigns (K - V times);
 *   - the cards certainly taken from Z there: `move top(Z) to W` (W not
 *     Z), and `let x = top(Z)` then `move x to W` in the same block;
 *   - the cards that may ever have entered Z, per card kind: every card
 *     for the first zone (where they all start); what a `move all SRC
 *     [where F] to Z` may bring (of each kind F may keep, as many as SRC
 *     may hold), one card for a `move` or a `play ... to Z`; counted
 *     where they certainly run and where they may (an `if`, an option, an
 *     event: each at most once per time walked), so that a deck refilled
 *     from its discard pile counts what the pile may hold then. A `move
 *     all Z where F` that certainly runs leaves none of the kinds F keeps
 *     for certain (and the cards taken before may have been of them).
 *
 * Z holds anything from there on when it is filled in a loop of no fixed
 * count, or from a zone that does. A zone filled where the walk does not
 * go (a card's effect, a handler, an `at` block, what they call; a held
 * zone's drop, a reaction played to it) is not checked, and nothing is in
 * a game where such a place may `end` it, or where an `instead of` or a
 * reaction hears a card enter or leave a zone (it may cancel a move). A `return` that may run makes
 * the rest of its proc uncertain, a `break` the rest of its loop, an
 * `end` the rest of the game. So each report is proved; many decks that
 * do run out are not reported. The first `top(Z)` that certainly finds Z
 * empty is a warning (a game that faults there still builds: it did
 * before), for the fewest players it happens with. */
#include "sema_int.h"

#include <string.h>

enum { SUPPLY_UNBOUNDED = -1, SUPPLY_MAX_STEPS = 200000, SUPPLY_MAX_DEPTH = 32 };

typedef struct Bound {
    const Sym *var;             /* `let x = top(Z)`: x */
    int zone;                   /* Z */
} Bound;

typedef struct Supply {
    Sema *s;
    int nzones;
    bool *skip;                 /* per zone: filled where the walk cannot count */
    /* per zone, what can at most be in it so far: */
    bool *unbounded;            /* anything: it was filled where nothing is counted */
    long long **entered;        /* per card kind (indices in cards): the cards of
                                 * that kind that may have entered it, at most */
    long long *extra;           /* and of any kind, moved there one by one */
    const Node **filled_at;     /* per zone: the last move into it, or NULL */
    long long *taken;           /* per zone: the cards certainly taken so far */
    bool *reported;             /* per zone */
    Bound bound[16];            /* the `let x = top(Z)` of the walk in progress */
    int nbound;
    int players;                /* the number of players of this run */
    bool uncertain;             /* past an end that may run: nothing is certain */
    bool proc_uncertain;        /* past a return that may run, in the proc walked */
    bool loop_uncertain;        /* past a break that may run, in the loop walked */
    bool players_may_go;        /* eliminate() is used: 'for q in players' may skip */
    bool moves_heard;           /* a handler, `instead of` or reaction hears a card
                                 * enter or leave a zone (it may move others) */
    long long steps;
    bool gave_up;               /* too many steps: nothing more is said */
    PtrVec seen;                /* procs visited by a scan of fills */
    const CardDef **cards;      /* the kinds: those of the card set, then those
                                 * left out of cards.yaml for errors */
    int ncards;
    const Program *prog;
} Supply;

/* Does what is walked now certainly run? (`certain`: its place does.) */
static bool sure(const Supply *x, bool certain)
{
    return certain && !x->uncertain && !x->proc_uncertain && !x->loop_uncertain;
}

/* The shared zone (not held, not per player) that zone expression z
 * names, or -1. */
static int shared_zone(const Supply *x, const Node *z)
{
    if (!z || z->kind != N_IDENT || !z->sym || z->sym->kind != S_ZONE)
        return -1;
    const Node *d = x->s->g->zones.items[z->sym->index];
    return d->zflags & (ZF_PER_PLAYER | ZF_HELD) ? -1 : z->sym->index;
}

/* ---- where a card may be put into a zone ---------------------------------- */

typedef struct Fills {
    Supply *x;
    bool *zones;                /* per zone: some statement may fill it */
    bool ends;                  /* an end is in the region, or in what it calls */
} Fills;

static void scan_fills(Fills *f, const Node *n);

static void fill_node(const Node *n, void *ctx)
{
    Fills *f = ctx;
    const Node *to = NULL;
    switch (n->kind) {
    case N_MOVE:
    case N_MOVEALL:
        to = n->to;
        break;
    case N_PLAY:
        to = n->to;
        break;
    case N_CHOOSECARDS:
        to = n->into;
        break;
    case N_CLAUSE:
        to = n->clause_kind == CLAUSE_REACT ? n->into : NULL;
        break;
    case N_END:
        f->ends = true;
        break;
    case N_CALL:
        if (n->sym && n->sym->kind == S_PROC)
            scan_fills(f, n->sym->decl);
        else if (n->sym && n->sym->kind == S_EVENT && n->sym->body)
            scan_fills(f, n->sym->body->decl);
        break;
    default:
        break;
    }
    int z = shared_zone(f->x, to);
    if (z >= 0)
        f->zones[z] = true;
}

/* Every zone the statements of n may fill, through the procs they call. */
static void scan_fills(Fills *f, const Node *n)
{
    if (!n)
        return;
    if (n->kind == N_PROCDECL || n->kind == N_FUNCDECL || n->kind == N_EVENTDECL) {
        for (int i = 0; i < f->x->seen.len; i++)
            if (f->x->seen.items[i] == n)
                return;
        vec_push(f->x->s->arena, &f->x->seen, (void *)n);
        ast_walk_const(n->body, fill_node, f);
        return;
    }
    ast_walk_const(n, fill_node, f);
}

/* The `at` blocks inside a proc's body: they run later, at a boundary. */
static void scan_at(const Node *n, void *ctx)
{
    if (n->kind == N_AT)
        scan_fills(ctx, n->body);
}

/* The zones filled where main's walk cannot count: in a card's effect, a
 * handler, an event, an `at` block, what they call, and the zones a held
 * zone drops to. False when an `end` is there too: the game may end
 * before any draw, and nothing is proved. */
static bool mark_skipped(Supply *x, const Program *prog)
{
    Fills f = {.x = x, .zones = x->skip};
    for (int i = 0; i < prog->decls.len; i++) {
        const Node *d = prog->decls.items[i];
        if (d->kind == N_PROCDECL || d->kind == N_FUNCDECL)
            ast_walk_const(d->body, scan_at, &f);
        else
            ast_walk_const(d, fill_node, &f);
    }
    for (int i = 0; i < x->s->g->effects.len; i++)
        ast_walk_const(x->s->g->effects.items[i], fill_node, &f);
    for (int i = 0; i < x->nzones; i++) {
        const Node *z = x->s->g->zones.items[i];
        if ((z->zflags & ZF_HELD) && z->sym && z->sym->kind == S_ZONE)
            x->skip[z->sym->index] = true;
    }
    return !f.ends;
}

/* ---- the walk -------------------------------------------------------------- */

/* A filter on a card left out of cards.yaml for errors: only its type is
 * known, so only comparisons of the type are read (1, 0, or -1 unknown). */
static int left_out_eval(const Node *n, const CardDef *cd)
{
    if (n->kind == N_UNARY && n->unop == UOP_NOT) {
        int v = left_out_eval(n->operand, cd);
        return v < 0 ? -1 : !v;
    }
    if (n->kind != N_BINARY)
        return -1;
    if (n->binop == OP_AND || n->binop == OP_OR) {
        int l = left_out_eval(n->lhs, cd), r = left_out_eval(n->rhs, cd);
        if (n->binop == OP_AND)
            return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
        return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
    }
    const Node *f = n->lhs, *t = n->rhs;
    if (t->kind == N_FIELD)
        f = n->rhs, t = n->lhs;
    if ((n->binop != OP_EQ && n->binop != OP_NE) || f->kind != N_FIELD || f->base ||
        f->attr != ATTR_TYPE || t->kind != N_IDENT || t->type != T_TYPE)
        return -1;
    int eq = cd->type->index == t->value;
    return n->binop == OP_EQ ? eq : !eq;
}

/* Does filter f of the element in frame slot `slot` keep card kind k? */
static int keeps(const Supply *x, const Node *f, int slot, int k)
{
    if (!f)
        return 1;
    if (k < x->s->cs->ncards)
        return facts_eval_card(f, slot, x->cards[k]);
    return left_out_eval(f, x->cards[k]);
}

/* The cards that can at most be in zone z now, or SUPPLY_UNBOUNDED: those
 * that may have entered it. */
static long long most(const Supply *x, int z)
{
    if (x->unbounded[z])
        return SUPPLY_UNBOUNDED;
    long long n = x->extra[z];
    for (int k = 0; k < x->ncards; k++)
        n += x->entered[z][k];
    return n;
}

/* The cards of kind k in zone z at any one time, at most. */
static long long present(const Supply *x, int z, int k)
{
    long long n = x->entered[z][k], all = x->cards[k]->count;
    return n < all ? n : all;
}

/* Zone z may now hold anything: it was filled where nothing is counted. */
static void unbound(Supply *x, int z, const Node *at)
{
    if (z >= 0 && !x->skip[z]) {
        x->unbounded[z] = true;
        x->filled_at[z] = at;
    }
}

/* `move all SRC [where F] to Z` (and `choose cards ... from SRC into Z`,
 * a part of them): Z may gain, of each kind F may keep, as many
 * cards as SRC may hold. Certain to run (`certain`, a `move all`), SRC (a
 * shared zone) then holds none of the kinds F keeps for certain: the cards
 * taken from it before may have been of them. */
static void move_all(Supply *x, const Node *src, const Node *into, const Node *at,
                     bool certain)
{
    const Node *f = src->src_kind == SRC_ZONE ? src->filter : NULL;
    int from = src->src_kind == SRC_ZONE ? shared_zone(x, src->in) : -1;
    int to = shared_zone(x, into);
    if (from >= 0 && from == to)
        return;
    if (to >= 0 && (from < 0 ? src->src_kind != SRC_ZONE : x->unbounded[from]))
        unbound(x, to, at);
    certain = sure(x, certain) && from >= 0;
    long long removed = 0;
    for (int k = 0; k < x->ncards; k++) {
        int kept = keeps(x, f, src->slot, k);
        if (kept == 0)
            continue;
        long long n = from >= 0 ? present(x, from, k) : x->cards[k]->count;
        if (to >= 0)
            x->entered[to][k] += n;
        if (certain && kept == 1) {
            removed += x->entered[from][k];
            x->entered[from][k] = 0;
        }
    }
    if (to >= 0) {
        x->extra[to] += from >= 0 ? x->extra[from] : 0;
        x->filled_at[to] = at;
    }
    if (certain) {
        removed += x->extra[from];
        x->taken[from] = x->taken[from] > removed ? x->taken[from] - removed : 0;
    }
}

/* One card put into zone z (`move`, `play ... to`). */
static void move_one(Supply *x, int z, const Node *at)
{
    if (z < 0 || x->skip[z])
        return;
    x->extra[z]++;
    x->filled_at[z] = at;
}

/* A `top(Z)` (or bottom) that certainly runs now: does Z hold no card? */
static void read_top(Supply *x, const Node *top, bool certain)
{
    int z = shared_zone(x, top->zone);
    if (z < 0 || x->skip[z] || x->reported[z] || !sure(x, certain) ||
        sema_draws_reported(x->s, z))
        return;
    long long at_most = most(x, z);
    if (at_most == SUPPLY_UNBOUNDED || x->taken[z] < at_most)
        return;
    x->reported[z] = true;
    Sema *s = x->s;
    const char *zn = top->zone->name;
    const char *who = x->s->g->min_players == x->s->g->max_players
                          ? ""
                          : arena_printf(s->arena, " with %d player%s", x->players,
                                         x->players == 1 ? "" : "s");
    if (at_most == 0)
        diag_warning(s->diags, top->loc, "'%s' is empty here%s, whatever the players do, and the "
                                       "game faults (top or bottom of an empty zone): it can "
                                       "never hold a card", zn, who);
    else
        diag_warning(s->diags, top->loc, "'%s' is empty here%s, whatever the players do, and "
                                       "the game faults (top or bottom of an empty zone): the "
                                       "rules have certainly taken %lld card%s from it by "
                                       "here, and no more than %lld can ever have been put "
                                       "there", zn, who, x->taken[z], x->taken[z] == 1 ? "" : "s",
                   at_most);
    if (x->filled_at[z])
        diag_note(s->diags, x->filled_at[z]->loc, "the last move before it that may put cards "
                                                  "into '%s' (all that this one and those before "
                                                  "may bring are counted)", zn);
    else
        diag_note(s->diags, ((const Node *)s->g->zones.items[z])->loc,
                  z == 0 ? "every card starts in '%s', the first zone declared, and no rule "
                           "puts a card back there before this"
                         : "no rule puts a card into '%s' before this", zn);
}

typedef struct TopScan {
    Supply *x;
    bool certain;
} TopScan;

static void scan_tops(const Node *n, void *ctx)
{
    TopScan *t = ctx;
    if (n->kind == N_TOPCARD)
        read_top(t->x, n, t->certain);
}

/* The `top(Z)` read by expression e. */
static void tops_in(Supply *x, const Node *e, bool certain)
{
    if (!e || !sure(x, certain))
        return;
    TopScan t = {x, certain};
    ast_walk_const(e, scan_tops, &t);
}

/* The `return` and `break` of a region itself (not of what it calls). */
typedef struct Exits {
    bool returns, breaks;
} Exits;

static void exit_node(const Node *n, void *ctx)
{
    Exits *e = ctx;
    e->returns |= n->kind == N_RETURN;
    e->breaks |= n->kind == N_BREAK;
}

/* A region that may run any number of times (`loop_body`: the body of a
 * loop, whose `break` ends that loop): what it may fill is no longer
 * counted, and after an exit it may take, nothing is certain. */
static void any_times(Supply *x, const Node *n, bool loop_body)
{
    if (!n)
        return;
    bool *zones = arena_alloc(x->s->arena, sizeof *zones * (size_t)(x->nzones + 1));
    Fills f = {.x = x, .zones = zones};
    x->seen.len = 0;
    scan_fills(&f, n);
    for (int z = 0; z < x->nzones; z++)
        if (zones[z])
            unbound(x, z, n);
    Exits e = {0};
    ast_walk_const(n, exit_node, &e);
    x->uncertain |= f.ends;
    x->proc_uncertain |= e.returns;
    x->loop_uncertain |= e.breaks && !loop_body;
}

typedef enum Flow { FLOW_ON, FLOW_BREAK, FLOW_RETURN, FLOW_END } Flow;

static Flow walk_stmt(Supply *x, const Node *n, int depth, bool certain);

/* The statements of block b in order; `certain`: they certainly run (else
 * they run at most once). */
static Flow walk_block(Supply *x, const Node *b, int depth, bool certain)
{
    int nbound = x->nbound;
    Flow r = FLOW_ON;
    for (const Node *n = b && b->kind == N_BLOCK ? b->stmts : b; n && r == FLOW_ON; n = n->next)
        r = walk_stmt(x, n, depth, certain);
    x->nbound = nbound;
    return r;
}

/* A card taken from zone z for certain. */
static void take(Supply *x, int z, bool certain)
{
    if (z >= 0 && sure(x, certain))
        x->taken[z]++;
}

/* The `let x = top(Z)` of zone z (-1: of every zone) no longer name the
 * top card of Z for certain: it may have moved. */
static void forget(Supply *x, int z)
{
    for (int i = 0; i < x->nbound; i++)
        if (z < 0 || x->bound[i].zone == z)
            x->bound[i].var = NULL;
}

/* The zone whose top card variable v certainly names (`let v = top(Z)`,
 * the card not moved since), or -1. */
static int bound_zone(const Supply *x, const Node *v)
{
    for (int i = x->nbound - 1; i >= 0; i--)
        if (v->kind == N_IDENT && v->sym && x->bound[i].var == v->sym)
            return x->bound[i].zone;
    return -1;
}

static void walk_move(Supply *x, const Node *n, bool certain)
{
    int to = shared_zone(x, n->to);
    tops_in(x, n->card, certain);
    int from = n->card->kind == N_TOPCARD ? shared_zone(x, n->card->zone)
                                          : bound_zone(x, n->card);
    if (from >= 0 && from != to)
        take(x, from, certain);
    /* the card moved may be one a `let` named (another name of it) */
    forget(x, n->card->kind == N_TOPCARD ? from : -1);
    move_one(x, to, n);
}

static Flow walk_call(Supply *x, const Node *call, int depth, bool certain)
{
    for (const Node *a = call->args; a; a = a->next)
        tops_in(x, a, certain);
    if (!call->sym)
        return FLOW_ON;
    const Node *body = NULL;
    if (call->sym->kind == S_EVENT && call->sym->body)
        body = call->sym->body->decl->body, certain = false; /* a reaction may cancel it */
    else if (call->sym->kind == S_PROC)
        body = call->sym->decl->body;
    if (!body)
        return FLOW_ON;
    if (depth >= SUPPLY_MAX_DEPTH) {
        any_times(x, body, false);
        return FLOW_ON;
    }
    int nbound = x->nbound;
    bool proc_uncertain = x->proc_uncertain, loop_uncertain = x->loop_uncertain;
    x->proc_uncertain = x->loop_uncertain = false;
    Flow r = walk_block(x, body, depth + 1, sure(x, certain));
    x->nbound = nbound;
    x->proc_uncertain = proc_uncertain;
    x->loop_uncertain = loop_uncertain;
    return r == FLOW_END ? FLOW_END : FLOW_ON;
}

static long long counted_turns(Supply *x, const Node *w);

static Flow repeat_body(Supply *x, const Node *body, long long times, int depth, bool certain)
{
    bool loop_uncertain = x->loop_uncertain;
    certain = sure(x, certain);
    x->loop_uncertain = false;
    Flow r = FLOW_ON;
    for (long long i = 0; i < times && r == FLOW_ON && !x->gave_up; i++)
        r = walk_block(x, body, depth, certain);
    x->loop_uncertain = loop_uncertain;
    return r == FLOW_BREAK ? FLOW_ON : r;
}

/* A `return`, `break` or `end`: one that certainly runs stops its block;
 * after one that may not, nothing in its proc, its loop or the game is
 * certain. */
static Flow exit_flow(Supply *x, Flow f, bool certain)
{
    if (sure(x, certain))
        return f;
    x->proc_uncertain |= f == FLOW_RETURN;
    x->loop_uncertain |= f == FLOW_BREAK;
    x->uncertain |= f == FLOW_END;
    return FLOW_ON;
}

static Flow walk_let(Supply *x, const Node *n, int depth, bool certain)
{
    const Node *e = n->init;
    if (e && e->kind == N_TOPCARD) {
        tops_in(x, e, certain);
        int z = shared_zone(x, e->zone);
        bool named = false; /* two names of one card: neither counts */
        for (int i = 0; i < x->nbound; i++)
            named |= x->bound[i].var && x->bound[i].zone == z;
        forget(x, z);
        if (z >= 0 && !named && x->nbound < (int)(sizeof x->bound / sizeof x->bound[0]))
            x->bound[x->nbound++] = (Bound){n->sym, z};
        return FLOW_ON;
    }
    if (e && (e->kind == N_CALL || e->kind == N_CHOOSECARDS))
        forget(x, -1); /* it may move the card a `let` named */
    if (e && e->kind == N_CALL)
        return walk_call(x, e, depth, certain);
    if (e && e->kind == N_CHOOSECARDS)
        move_all(x, e->src, e->into, e, false);
    tops_in(x, e, certain);
    return FLOW_ON;
}

static Flow walk_loop(Supply *x, const Node *n, int depth, bool certain)
{
    long long times = -1;
    if (n->kind == N_REPEAT && n->count->kind == N_NUM)
        times = n->count->literal;
    else if (n->kind == N_FOR && n->iter && n->iter->kind == N_SOURCE &&
             n->iter->src_kind == SRC_PLAYERS && !n->iter->filter && !x->players_may_go &&
             !n->simultaneous)
        times = x->players;
    else if (n->kind == N_WHILE)
        times = counted_turns(x, n);
    if (times < 0) {
        any_times(x, n->kind == N_LOOP ? n->block : n->body, true);
        return FLOW_ON;
    }
    return repeat_body(x, n->body, times, depth, certain);
}

/* The handlers of the rules `on start of UNIT` (edge EV_START) or `on end
 * of UNIT` with no 'where', which a block of that unit certainly runs. */
static Flow walk_boundary(Supply *x, int unit, int edge, int depth, bool certain)
{
    const PtrVec *hs = &x->s->g->handlers;
    for (int i = 0; i < hs->len; i++) {
        const Handler *h = hs->items[i];
        const Node *pat = h->clause->pattern;
        if (h->effect || h->event != edge || h->clause->cond || pat->value != unit)
            continue;
        int nbound = x->nbound;
        bool proc_uncertain = x->proc_uncertain, loop_uncertain = x->loop_uncertain;
        x->proc_uncertain = x->loop_uncertain = false;
        Flow r = walk_block(x, h->proc->decl->body, depth + 1, certain);
        x->nbound = nbound;
        x->proc_uncertain = proc_uncertain;
        x->loop_uncertain = loop_uncertain;
        if (r == FLOW_END)
            return FLOW_END;
    }
    return FLOW_ON;
}

/* `turn of P { }`, `round { }`, `phase NAME { }`: the handlers of its
 * start, its body, the handlers of its end (also after a `return` or a
 * `break` leaves it; not after an `end`). */
static Flow walk_time(Supply *x, const Node *n, int depth, bool certain)
{
    int unit = n->kind == N_TURN ? UNIT_TURN : n->kind == N_ROUND ? UNIT_ROUND : n->value;
    if (walk_boundary(x, unit, EV_START, depth, certain) == FLOW_END)
        return FLOW_END;
    Flow r = walk_block(x, n->body, depth, certain);
    if (r == FLOW_END || walk_boundary(x, unit, EV_END, depth, certain) == FLOW_END)
        return FLOW_END;
    return r;
}

static Flow walk_stmt(Supply *x, const Node *n, int depth, bool certain)
{
    if (++x->steps > SUPPLY_MAX_STEPS)
        x->gave_up = true;
    if (x->gave_up)
        return FLOW_END;
    if (n->kind == N_MOVEALL && !x->moves_heard)
        forget(x, n->cards->src_kind == SRC_ZONE ? shared_zone(x, n->cards->in) : -1);
    else if ((n->kind != N_MOVE || x->moves_heard) && n->kind != N_LET &&
             n->kind != N_ASSIGN && n->kind != N_SHUFFLE && n->kind != N_SORT &&
             n->kind != N_SHOW)
        forget(x, -1); /* it may move the card a `let` named */
    switch (n->kind) {
    case N_BLOCK:
        return walk_block(x, n, depth, certain);
    case N_MOVE:
        walk_move(x, n, certain);
        return FLOW_ON;
    case N_MOVEALL:
        move_all(x, n->cards, n->to, n, certain);
        return FLOW_ON;
    case N_CHOOSECARDS:
        move_all(x, n->src, n->into, n, false);
        return FLOW_ON;
    case N_PLAY: /* what its effect fills is skipped (mark_skipped) */
        tops_in(x, n->card, certain);
        move_one(x, shared_zone(x, n->to), n);
        return FLOW_ON;
    case N_LET:
        return walk_let(x, n, depth, certain);
    case N_ASSIGN:
        tops_in(x, n->rhs, certain);
        return FLOW_ON;
    case N_EXPRSTMT:
        return walk_call(x, n->call, depth, certain);
    case N_IF:
        tops_in(x, n->cond, certain);
        walk_block(x, n->then, depth, false);
        if (n->els)
            walk_block(x, n->els, depth, false);
        return FLOW_ON;
    case N_MENU:
        for (const Node *o = n->options; o; o = o->next)
            walk_block(x, o->body, depth, false);
        return FLOW_ON;
    case N_REPEAT:
    case N_FOR:
    case N_WHILE:
    case N_LOOP:
        return walk_loop(x, n, depth, certain);
    case N_ROUND:
    case N_PHASE:
        return walk_time(x, n, depth, certain);
    case N_TURN:
        return walk_time(x, n, depth, certain && !x->players_may_go);
    case N_RETURN:
        return exit_flow(x, FLOW_RETURN, certain);
    case N_END:
        return exit_flow(x, FLOW_END, certain);
    case N_BREAK:
        return exit_flow(x, FLOW_BREAK, certain);
    case N_SHUFFLE:
    case N_SORT:
    case N_SHOW:
    case N_UNTIL:
    case N_AT:
        return FLOW_ON;
    default:
        any_times(x, n, false);
        return FLOW_ON;
    }
}

/* ---- a loop of a fixed count ------------------------------------------------ */

typedef struct Assigns {
    const Sym *var;
    int n;
} Assigns;

static void count_assigns(const Node *n, void *ctx)
{
    Assigns *a = ctx;
    if (n->kind == N_ASSIGN && n->target->kind == N_IDENT && n->target->sym == a->var)
        a->n++;
}

static long long counted_turns(Supply *x, const Node *w)
{
    const Program *prog = x->prog;
    const Node *c = w->cond;
    if (c->kind != N_BINARY || (c->binop != OP_LT && c->binop != OP_LE) ||
        c->lhs->kind != N_IDENT || c->rhs->kind != N_NUM || !c->lhs->sym ||
        c->lhs->sym->kind != S_GLOBAL)
        return -1;
    const Sym *v = c->lhs->sym;
    const Node *d = v->decl;
    if (!d || !d->init || d->init->kind != N_NUM)
        return -1;
    const Node *step = NULL;
    for (const Node *s = w->body ? w->body->stmts : NULL; s; s = s->next)
        if (s->kind == N_ASSIGN && s->target->kind == N_IDENT && s->target->sym == v &&
            s->assign_op == ASSIGN_ADD && s->rhs->kind == N_NUM && s->rhs->literal == 1)
            step = s;
    if (!step)
        return -1;
    Assigns a = {v, 0};
    for (int i = 0; i < prog->decls.len; i++)
        ast_walk_const(prog->decls.items[i], count_assigns, &a);
    for (int i = 0; i < x->s->g->effects.len; i++)
        ast_walk_const(x->s->g->effects.items[i], count_assigns, &a);
    if (a.n != 1)
        return -1;
    long long turns = c->rhs->literal - d->init->literal + (c->binop == OP_LE);
    return turns < 0 ? 0 : turns;
}

/* ---- the check --------------------------------------------------------------- */

static void uses_eliminate(const Node *n, void *ctx)
{
    if (n->kind == N_CALL && !n->sym && n->builtin == B_ELIMINATE)
        *(bool *)ctx = true;
}

/* The kinds of card: false when a card left out of cards.yaml has no type
 * or no count (then nothing is proved). */
static bool all_kinds(Supply *x)
{
    const CardSet *cs = x->s->cs;
    x->cards = arena_alloc(x->s->arena, sizeof *x->cards * (size_t)(cs->ncards + cs->nleft_out + 1));
    for (int k = 0; k < cs->ncards; k++)
        x->cards[x->ncards++] = cs->cards[k];
    for (int i = 0; i < cs->left_out.cap; i++) {
        const CardDef *cd = cs->left_out.vals[i];
        if (!cs->left_out.keys[i])
            continue;
        if (!cd->type || cd->count <= 0)
            return false;
        x->cards[x->ncards++] = cd;
    }
    return true;
}

void check_supply(Sema *s, const Program *prog)
{
    Game *g = s->g;
    if (!g->main || !g->main->decl || !g->main->decl->body || g->zones.len == 0)
        return;
    Supply x = {.s = s, .nzones = g->zones.len, .prog = prog};
    size_t nz = (size_t)x.nzones + 1;
    x.skip = arena_alloc(s->arena, sizeof *x.skip * nz);
    x.reported = arena_alloc(s->arena, sizeof *x.reported * nz);
    x.unbounded = arena_alloc(s->arena, sizeof *x.unbounded * nz);
    x.entered = arena_alloc(s->arena, sizeof *x.entered * nz);
    x.extra = arena_alloc(s->arena, sizeof *x.extra * nz);
    if (!all_kinds(&x))
        return;
    for (int z = 0; z < x.nzones; z++)
        x.entered[z] = arena_alloc(s->arena, sizeof **x.entered * (size_t)(x.ncards + 1));
    x.taken = arena_alloc(s->arena, sizeof *x.taken * nz);
    x.filled_at = arena_alloc(s->arena, sizeof *x.filled_at * nz);
    if (!mark_skipped(&x, prog))
        return;
    for (int i = 0; i < prog->decls.len; i++)
        ast_walk_const(prog->decls.items[i], uses_eliminate, &x.players_may_go);
    if (sema_hears_moves(&g->befores))
        return; /* an `instead of` or a reaction may cancel any move */
    x.moves_heard = sema_hears_moves(&g->handlers);
    for (int n = g->min_players; n <= g->max_players; n++) {
        for (int z = 0; z < x.nzones; z++) {
            x.unbounded[z] = x.skip[z]; /* what it holds is not counted */
            x.extra[z] = 0;
            for (int k = 0; k < x.ncards; k++) /* every card starts in the first zone */
                x.entered[z][k] = z == 0 ? x.cards[k]->count : 0;
            x.taken[z] = 0;
            x.filled_at[z] = NULL;
        }
        x.players = n;
        x.uncertain = x.proc_uncertain = x.loop_uncertain = false;
        x.nbound = 0;
        x.steps = 0;
        walk_block(&x, g->main->decl->body, 0, true);
        if (x.gave_up)
            break;
    }
}
