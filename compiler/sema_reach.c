/* sema_reach.c: what the kinds of sema_kinds.c prove about the ends of a
 * game and about the cards (Sema.kinds: per zone, the card kinds it may
 * ever hold). (An effect that gives an event a kind it cannot take is
 * sema_kinds.c's check_call_kinds.)
 *
 * A card nothing lets anyone draw or play, a warning: its kind is never in
 * a per-player zone, never the card of a `play`, never in a zone `in
 * play` (in a game whose rules play some card).
 *
 * An `end` (or `end draw`) that can never happen, an error:
 *   - it is in an `on c enters Z` handler and no card can enter Z, or none
 *     that its 'where' keeps;
 *   - the conditions it sits under can never all hold at once. The
 *     conditions are those of the enclosing `if` (its `then`: the
 *     condition; its `else`: the condition's negation), `while` and option
 *     guards, and the 'where' or 'when' of the clause or handler it is in.
 *     Of them this reads only what they need of where cards are: "no card
 *     of filter F is in zone Z" (`not any(Z where F)`, `count(Z where F) ==
 *     0`, `size(Z) == 0`, `every(c in Z where F)` for the cards failing F),
 *     through `and`, `not`, De Morgan's `not (a or b)`, funcs of one
 *     expression (looked through to MAX_DEPTH calls), and every player of
 *     `not any(q in players where ...)` / `every(q in players where ...)`
 *     for a per-player zone Z[q]. Z is a whole zone: shared, every slot of
 *     a held zone, or every player's slot of a per-player zone. The rest
 *     of a condition is not read (it may only make the condition rarer).
 *     Every card is always in exactly one zone, and a card of kind k may
 *     only be in the zones whose mask holds k: when for some kind k every
 *     one of those zones is one where the condition wants no card passing
 *     F, and k passes F for certain (kinds_eval), the condition can
 *     never hold.
 * What the masks over-approximate only makes this prove less. */
#include "sema_int.h"

#include <string.h>

enum { MAX_FACTS = 64, MAX_DEPTH = 8 };
/* collect_body takes every answer of call_memo_enter but CALL_KNOWN as
 * CALL_READ: the walk must stop before the memo's depth says CALL_AGAIN */
_Static_assert((int)MAX_DEPTH <= (int)CALL_MEMO_DEPTH, "collect_body's calls are all read");

/* "No card that passes filter (fails it, with negate) is in zone": one
 * thing a condition needs. cond is the condition it was read from, via the
 * first func looked through to find it (or NULL). */
typedef struct Fact {
    int zone;
    const Node *filter;  /* NULL: no card at all */
    int slot;            /* the filter's element */
    bool negate;
    const Node *cond;
    bool pos;            /* cond as written (else: its negation, an 'else') */
    const Sym *via;
} Fact;

typedef struct Needs {
    Fact f[MAX_FACTS];
    int n;
    const Node *cond;    /* the condition being read */
    bool pos;
    const Sym *via;
    CallMemo *calls;     /* the funcs' bodies that added no fact (collect_body) */
} Needs;

/* The players a condition speaks of every one of: the element of `not
 * any(q in players where ...)`, or a func's parameter given it. */
typedef struct Univ {
    const Sym *sym;
    const struct Univ *up;
} Univ;

typedef struct Reach {
    Sema *s;
    KindsRun *k;
    PtrVec reported;     /* END nodes reported (an `at` block is walked twice) */
} Reach;

static bool is_univ(const Univ *u, const Sym *sym)
{
    for (; u; u = u->up)
        if (u->sym == sym)
            return true;
    return false;
}

static const Node *zone_decl(const Sema *s, int z) { return s->g->zones.items[z]; }

/* The zone zone expression z names as a whole (a shared or held zone; a
 * per-player one indexed by a player of u), or -1. */
static int whole_zone(const Sema *s, const Node *z, const Univ *u)
{
    const Node *id = z && z->kind == N_INDEX ? z->base : z;
    if (!id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return -1;
    int no = id->sym->index;
    bool per_player = (zone_decl(s, no)->zflags & ZF_PER_PLAYER) != 0;
    if (z->kind == N_IDENT)
        return per_player ? -1 : no;
    if (!per_player || z->index->kind != N_IDENT || !is_univ(u, z->index->sym))
        return -1;
    return no;
}

static void add_fact(Needs *nd, int zone, const Node *filter, int slot, bool negate)
{
    if (zone < 0 || nd->n == MAX_FACTS || (negate && !filter))
        return;
    nd->f[nd->n++] = (Fact){zone, filter, slot, negate, nd->cond, nd->pos, nd->via};
}

/* The zone a source of cards walks as a whole, or -1. */
static int source_zone(const Sema *s, const Node *src, const Univ *u)
{
    if (!src || src->kind != N_SOURCE || src->type != T_CARD)
        return -1;
    if (src->src_kind == SRC_HELD)
        return src->in->kind == N_IDENT && src->in->sym ? src->in->sym->index : -1;
    return src->src_kind == SRC_ZONE ? whole_zone(s, src->in, u) : -1;
}

static void collect(Reach *x, Needs *nd, const Node *e, bool pos, const Univ *u, int depth);

/* any(SRC) (is_any) or every(SRC), as true (pos) or false. */
static void collect_aggregate(Reach *x, Needs *nd, const Node *src, bool is_any, bool pos,
                              const Univ *u, int depth)
{
    if (!src || src->kind != N_SOURCE)
        return;
    if (src->src_kind == SRC_PLAYERS) {
        /* not any(q in players where G): G false for every q; every(q in
         * players where G): G true for every q */
        if (pos == is_any || !src->sym || !src->filter)
            return;
        Univ in = {src->sym, u};
        collect(x, nd, src->filter, pos, &in, depth);
        return;
    }
    int z = source_zone(x->s, src, u);
    if (is_any && !pos)
        add_fact(nd, z, src->filter, src->slot, false);
    else if (!is_any && pos)
        add_fact(nd, z, src->filter, src->slot, true);
}

/* Is e the number 0 (zero) or 1 (one)? */
static bool is_num(const Node *e, long long v) { return e && e->kind == N_NUM && e->literal == v; }

/* count(SRC) or size(Z) compared with 0 or 1: whether "no card" makes the
 * comparison true (1) or false (0), or -1 when it is no such comparison. */
static int empty_makes(const Node *cmp, const Node **agg)
{
    const Node *a = cmp->lhs, *n = cmp->rhs;
    BinOp op = cmp->binop;
    if (a->kind != N_CALL) { /* 0 < count(...): the operands swapped */
        a = cmp->rhs, n = cmp->lhs;
        op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT
           : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
    }
    if (a->kind != N_CALL || a->sym || (a->builtin != B_COUNT && a->builtin != B_SIZE))
        return -1;
    *agg = a;
    if (is_num(n, 0) && (op == OP_EQ || op == OP_LE))
        return 1;
    if (is_num(n, 1) && op == OP_LT)
        return 1;
    if (is_num(n, 0) && (op == OP_NE || op == OP_GT))
        return 0;
    if (is_num(n, 1) && op == OP_GE)
        return 0;
    return -1;
}

static void collect_compare(Reach *x, Needs *nd, const Node *e, bool pos, const Univ *u)
{
    const Node *agg = NULL;
    int empty = empty_makes(e, &agg);
    if (empty < 0 || empty != pos)
        return; /* the condition as needed does not make the zone empty */
    const Node *arg = agg->args;
    if (agg->builtin == B_COUNT)
        add_fact(nd, source_zone(x->s, arg, u), arg->filter, arg->slot, false);
    else if (arg && arg->kind == N_SOURCE)
        add_fact(nd, source_zone(x->s, arg, u), arg->filter, arg->slot, false);
    else
        add_fact(nd, whole_zone(x->s, arg, u), NULL, 0, false);
}

/* The expression a func's body is: `= e`, or `{ return e }`. */
static const Node *func_expr(const Sym *fn)
{
    const Node *d = fn->decl;
    if (d->expr_body)
        return d->expr_body;
    const Node *b = d->body;
    if (b && b->kind == N_BLOCK && b->stmts && !b->stmts->next && b->stmts->kind == N_RETURN)
        return b->stmts->result;
    return NULL;
}

/* The body of func fn, the players of inner every player (bit i of given:
 * its parameter i): a reading that added no fact is kept, per depth, and
 * not read again (it adds none again); each call of a chain of funcs that
 * call the next k times was read, k^MAX_DEPTH readings. A recursive call
 * is read again, to the depth (CallMemo.unroll): each reading may add its
 * facts, as before. */
static void collect_body(Reach *x, Needs *nd, const Sym *fn, bool pos, const Univ *inner,
                         unsigned given, int depth)
{
    unsigned ctx[2] = {given, pos};
    const void *known = NULL;
    if (call_memo_enter(nd->calls, fn, ctx, sizeof ctx, &known) == CALL_KNOWN)
        return;
    int before = nd->n;
    bool none = true;
    collect(x, nd, func_expr(fn), pos, inner, depth + 1);
    call_memo_leave(nd->calls, nd->n == before ? &none : NULL, sizeof none);
}

/* A call of func fn: its body, with u's players passed to its parameters
 * still every player. */
static void collect_func(Reach *x, Needs *nd, const Node *call, bool pos, const Univ *u,
                         int depth)
{
    const Sym *fn = call->sym;
    const Node *body = func_expr(fn);
    if (!body || depth >= MAX_DEPTH || fn->modifiers.len > 0)
        return; /* a func cards change while in play may be anything */
    Univ in[8];
    const Univ *inner = NULL;
    int n = 0;
    unsigned given = 0; /* bit i: parameter i is given every player */
    const Node *p = fn->decl->params;
    int i = 0;
    for (const Node *a = call->args; a && p && n < 8; a = a->next, p = p->next, i++)
        if (a->kind == N_IDENT && is_univ(u, a->sym)) {
            in[n] = (Univ){p->sym, inner};
            inner = &in[n++];
            given |= i < 32 ? 1u << i : 0;
        }
    const Sym *via = nd->via;
    if (!via)
        nd->via = fn;
    collect_body(x, nd, fn, pos, inner, given, depth);
    nd->via = via;
}

/* What condition e needs of where cards are, e being true (pos) or false. */
static void collect(Reach *x, Needs *nd, const Node *e, bool pos, const Univ *u, int depth)
{
    if (!e || nd->n == MAX_FACTS) /* full: nothing more is added */
        return;
    switch (e->kind) {
    case N_UNARY:
        if (e->unop == UOP_NOT)
            collect(x, nd, e->operand, !pos, u, depth);
        return;
    case N_BINARY:
        if ((e->binop == OP_AND && pos) || (e->binop == OP_OR && !pos)) {
            collect(x, nd, e->lhs, pos, u, depth);
            collect(x, nd, e->rhs, pos, u, depth);
        } else if (e->binop != OP_AND && e->binop != OP_OR) {
            collect_compare(x, nd, e, pos, u);
        }
        return;
    case N_CALL:
        if (!e->sym && (e->builtin == B_ANY || e->builtin == B_ALL))
            collect_aggregate(x, nd, e->args, e->builtin == B_ANY, pos, u, depth);
        else if (e->sym && e->sym->kind == S_FUNC)
            collect_func(x, nd, e, pos, u, depth);
        return;
    default:
        return;
    }
}

/* Does fact f keep card kind cd out of its zone? */
static bool bars(const Fact *f, const CardDef *cd)
{
    if (!f->filter)
        return true;
    return kinds_eval(f->filter, f->slot, cd) == (f->negate ? 0 : 1);
}

static bool barred(const Needs *nd, int zone, const CardDef *cd)
{
    for (int i = 0; i < nd->n; i++)
        if (nd->f[i].zone == zone && bars(&nd->f[i], cd))
            return true;
    return false;
}

/* The kinds that can be in no zone the needs leave them. */
static Kinds stuck_kinds(const Reach *x, const Needs *nd)
{
    Kinds stuck = 0;
    const Game *g = x->s->g;
    for (int k = 0; k < x->s->cs->ncards; k++) {
        bool free = false;
        for (int z = 0; z < g->zones.len && !free; z++)
            if (((kinds_in_zone(x->k, z) >> k) & 1) && !barred(nd, z, x->s->cs->cards[k]))
                free = true;
        if (!free)
            stuck |= 1ULL << k;
    }
    return stuck;
}

/* "'A', 'B' and 'C'", "'A', 'B' and 3 more": the cards of m, at most `most` named. */
const char *kinds_card_names(Sema *s, Kinds m, int most)
{
    Buf b = {0};
    int n = 0, total = __builtin_popcountll(m);
    for (int k = 0; k < s->cs->ncards && k < 64; k++) {
        if (!((m >> k) & 1))
            continue;
        if (n == most) {
            buf_printf(&b, " and %d more", total - n);
            break;
        }
        bool last = n == total - 1;
        buf_printf(&b, "%s'%s'", n == 0 ? "" : last ? " and " : ", ", s->cs->cards[k]->name);
        n++;
    }
    const char *r = arena_strdup(s->arena, b.data ? b.data : "no card");
    buf_free(&b);
    return r;
}

/* "'deck', 'centre' and 'hand'": the zones kind k may be in (*n of them). */
static const char *zones_of(const Reach *x, int k, int *count)
{
    Buf b = {0};
    const Game *g = x->s->g;
    int total = 0, n = 0;
    for (int z = 0; z < g->zones.len; z++)
        total += (int)((kinds_in_zone(x->k, z) >> k) & 1);
    for (int z = 0; z < g->zones.len; z++) {
        if (!((kinds_in_zone(x->k, z) >> k) & 1))
            continue;
        const Node *zd = zone_decl(x->s, z);
        buf_printf(&b, "%s%s'%s'", n == 0 ? "" : n == total - 1 ? " and " : ", ",
                   zd->zflags & ZF_PER_PLAYER ? "every player's " : "", zd->name);
        n++;
    }
    const char *r = arena_strdup(x->s->arena, b.data ? b.data : "");
    buf_free(&b);
    *count = total;
    return r;
}

/* "this draw", "this end of the game". */
static const char *end_what(const Node *end)
{
    return end->name ? "this draw" : "this end of the game";
}

static bool reported(Reach *x, const Node *end)
{
    for (int i = 0; i < x->reported.len; i++)
        if (x->reported.items[i] == end)
            return true;
    vec_push(x->s->arena, &x->reported, (void *)end);
    return false;
}

/* The kinds stuck kind k shares its fate with: those every fact that bars
 * k bars too. */
static Kinds like_kinds(const Reach *x, const Needs *nd, int k)
{
    const CardSet *cs = x->s->cs;
    Kinds m = 0;
    for (int j = 0; j < cs->ncards; j++) {
        bool all = true;
        for (int i = 0; i < nd->n && all; i++)
            if (bars(&nd->f[i], cs->cards[k]) && !bars(&nd->f[i], cs->cards[j]))
                all = false;
        if (all)
            m |= 1ULL << j;
    }
    return m;
}

typedef struct Mover {
    Reach *x;
    int zone;
    Kinds like;
    const Node *at;       /* the first move of those kinds into zone */
    Kinds kinds;          /* the kinds it moves there */
} Mover;

static void find_mover(Node *n, void *ctx)
{
    Mover *m = ctx;
    const Node *to = NULL;
    Kinds k = 0;
    switch (n->kind) {
    case N_MOVE:
        to = n->to, k = kinds_of_expr(m->x->k, n->card);
        break;
    case N_PLAY:
        to = n->to, k = n->to ? kinds_of_expr(m->x->k, n->card) : 0;
        break;
    case N_MOVEALL:
        to = n->to, k = kinds_of_source(m->x->k, n->cards);
        break;
    case N_CHOOSECARDS:
        to = n->into, k = kinds_of_source(m->x->k, n->src);
        break;
    default:
        return;
    }
    const Node *id = to && to->kind == N_INDEX ? to->base : to;
    if (m->at || !id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE ||
        id->sym->index != m->zone || (m->like && !(k & m->like)))
        return; /* like 0: the first move there, which moves no card */
    m->at = n;
    m->kinds = k & m->like;
}

/* The first move into zone z of the kinds like (of any card when like is
 * 0), and the rule it is in. */
static const Node *first_mover(Reach *x, int z, Kinds like, Kinds *kinds, const Sym **in)
{
    const Game *g = x->s->g;
    Mover m = {x, z, like, NULL, 0};
    for (int i = 0; i < g->procs.len && !m.at; i++) {
        Sym *fn = g->procs.items[i];
        kinds_walk(x->k, fn->decl->body, find_mover, &m);
        *in = fn;
    }
    *kinds = m.kinds;
    return m.at;
}

/* A note at the first move into each zone where the kinds like the stuck
 * one may go and the condition lets them be: what it waits for. */
static void note_escapes(Reach *x, const Needs *nd, Kinds like)
{
    const Game *g = x->s->g;
    const CardSet *cs = x->s->cs;
    for (int z = 0; z < g->zones.len; z++) {
        Kinds free = 0;
        for (int k = 0; k < cs->ncards; k++)
            if (((like & kinds_in_zone(x->k, z)) >> k & 1) && !barred(nd, z, cs->cards[k]))
                free |= 1ULL << k;
        if (!free)
            continue;
        const Sym *in = NULL;
        Kinds moved;
        const Node *at = first_mover(x, z, free, &moved, &in);
        if (!at)
            continue;
        const Sym *ev = event_of_body(x->s, in);
        if (ev)
            diag_note(x->s->diags, at->loc, "cards like it leave those zones only for zone "
                      "'%s', here, in event '%s', which is only ever given %s",
                      zone_decl(x->s, z)->name, ev->name, kinds_card_names(x->s, moved, 4));
        else
            diag_note(x->s->diags, at->loc, "cards like it leave those zones only for zone "
                      "'%s', here, and only %s ever do", zone_decl(x->s, z)->name,
                      kinds_card_names(x->s, moved, 4));
    }
}

/* The conditions an END sits under, innermost first. */
typedef struct Cond {
    const Node *e;
    bool pos;
    const struct Cond *up;
} Cond;

/* Where condition e starts: its leftmost operand (a BINARY's own position
 * is its operator's). */
static Loc cond_loc(const Node *e)
{
    while (e->kind == N_BINARY)
        e = e->lhs;
    return e->loc;
}

/* An END whose conditions can never all hold. */
static void check_end_needs(Reach *x, const Node *end, const Cond *c)
{
    CallMemo calls;
    call_memo_init(&calls, x->s->arena, NULL);
    calls.unroll = true;
    Needs nd = {.n = 0, .calls = &calls};
    for (; c; c = c->up) {
        nd.cond = c->e, nd.pos = c->pos, nd.via = NULL;
        collect(x, &nd, c->e, c->pos, NULL, 0);
    }
    if (nd.n == 0)
        return;
    Kinds stuck = stuck_kinds(x, &nd);
    if (!stuck || reported(x, end))
        return;
    int k = __builtin_ctzll(stuck);
    const CardDef *cd = x->s->cs->cards[k];
    Kinds others = stuck & ~(1ULL << k);
    int nz;
    const char *zones = zones_of(x, k, &nz);
    diag_error(x->s->diags, end->loc, "%s can never happen: its condition can never be met: it "
               "needs no '%s' in zone%s %s, and no rule or effect ever moves it anywhere "
               "else%s%s%s", end_what(end), cd->name, nz == 1 ? "" : "s", zones,
               others ? " (the same for " : "", others ? kinds_card_names(x->s, others, 3) : "",
               others ? ")" : "");
    const Fact *f = NULL;
    for (int i = 0; i < nd.n && !f; i++)
        if (bars(&nd.f[i], cd) && ((kinds_in_zone(x->k, nd.f[i].zone) >> k) & 1))
            f = &nd.f[i];
    if (f)
        diag_note(x->s->diags, cond_loc(f->cond), "the condition%s%s%s%s needs it out of those "
                  "zones",
                  f->pos ? "" : " (false, in the 'else')", f->via ? ", through func '" : "",
                  f->via ? f->via->name : "", f->via ? "'," : "");
    note_escapes(x, &nd, like_kinds(x, &nd, k));
}

/* The kinds that may enter the zone of handler h's `enters` pattern and
 * pass its 'where' (as far as the card alone decides it). */
static Kinds heard_kinds(const Reach *x, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    Kinds in = kinds_entering(x->k, pat->zone_no);
    const Node *card = h->match ? h->match->params : NULL;
    if (!h->clause->cond || !card || !card->sym)
        return in;
    Kinds m = 0;
    for (int k = 0; k < x->s->cs->ncards; k++)
        if (((in >> k) & 1) &&
            kinds_eval(h->clause->cond, card->sym->index, x->s->cs->cards[k]) != 0)
            m |= 1ULL << k;
    return m;
}

/* An END in an `enters` handler that no card it hears ever runs. */
static bool check_end_heard(Reach *x, const Node *end, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    if (h->event != EV_ENTERS || pat->zone_no < 0 || heard_kinds(x, h))
        return false;
    if (reported(x, end))
        return true;
    const char *zone = zone_decl(x->s, pat->zone_no)->name;
    Kinds in = kinds_entering(x->k, pat->zone_no);
    diag_error(x->s->diags, end->loc, "%s can never happen: its condition can never be met: it "
               "waits for a card to enter zone '%s', and %s", end_what(end), zone,
               in ? "no card that its handler's 'where' keeps ever does" :
                    "no rule or effect ever moves a card there");
    if (in) {
        const Node *card = h->match->params; /* heard_kinds: bound, with a slot */
        diag_note(x->s->diags, kinds_none_loc(x->s->cs, h->clause->cond, card->sym->index, in),
                  "only %s ever enter zone '%s', and this "
                  "'where' keeps none of them", kinds_card_names(x->s, in, 4), zone);
        return true;
    }
    diag_note(x->s->diags, pat->loc, "the handler it is in: it never runs");
    const Sym *fn = NULL;
    Kinds none;
    const Node *at = first_mover(x, pat->zone_no, 0, &none, &fn);
    const Sym *ev = at ? event_of_body(x->s, fn) : NULL;
    if (ev)
        diag_note(x->s->diags, at->loc, "this move to zone '%s', in event '%s', never moves a "
                  "card: no rule or effect gives the event a card that can be its '%s'",
                  zone, ev->name, ev->decl->params ? ev->decl->params->name : "card");
    else if (at)
        diag_note(x->s->diags, at->loc, "this move to zone '%s' never moves a card: no card "
                  "that exists can be the one it moves", zone);
    return true;
}

typedef struct Walk {
    Reach *x;
    const Handler *h;   /* the handler whose body is walked, or NULL */
} Walk;

/* Each END of n, with the conditions it sits under. */
static void find_ends(Walk *w, const Node *n, const Cond *c)
{
    for (; n; n = n->next) {
        switch (n->kind) {
        case N_END:
            if (!w->h || !check_end_heard(w->x, n, w->h))
                check_end_needs(w->x, n, c);
            break;
        case N_IF: {
            Cond t = {n->cond, true, c}, f = {n->cond, false, c};
            find_ends(w, n->then, &t);
            find_ends(w, n->els, &f);
            break;
        }
        case N_WHILE: {
            Cond t = {n->cond, true, c};
            find_ends(w, n->body, &t);
            break;
        }
        case N_OPTION: {
            Cond t = {n->guard, true, c};
            find_ends(w, n->body, n->guard ? &t : c);
            break;
        }
        default:
            for (int i = 0; i < NKIDS; i++)
                find_ends(w, n->kid[i], c);
        }
    }
}

/* Every END of every rule: one that can never happen is an error. */
static void check_ends(Reach *x)
{
    const Game *g = x->s->g;
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *fn = g->procs.items[i];
        Walk w = {x, on_handler_of(g, fn)};
        const Node *guard = fn->clause ? fn->clause->cond : NULL;
        Cond c = {guard, true, NULL};
        find_ends(&w, fn->decl->body, guard ? &c : NULL);
    }
}

/* ---- cards nothing lets anyone draw or play ------------------------------- */

/* The kinds some `play` may play. */
static Kinds played_kinds(const Reach *x)
{
    Kinds m = 0;
    const Game *g = x->s->g;
    for (int i = 0; i < g->plays.len; i++)
        m |= kinds_of_expr(x->k, ((const Node *)g->plays.items[i])->card);
    return m;
}

/* "'hand' and 'desk'": the zones with any of flags. */
static const char *zones_with(const Reach *x, int flags)
{
    Buf b = {0};
    const Game *g = x->s->g;
    int total = 0, n = 0;
    for (int z = 0; z < g->zones.len; z++)
        total += (zone_decl(x->s, z)->zflags & flags) != 0;
    for (int z = 0; z < g->zones.len; z++) {
        if (!(zone_decl(x->s, z)->zflags & flags))
            continue;
        buf_printf(&b, "%s'%s'", n == 0 ? "" : n == total - 1 ? " or " : ", ",
                   zone_decl(x->s, z)->name);
        n++;
    }
    const char *r = arena_strdup(x->s->arena, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A card whose kind can never be in a player's zone (a hand), never be
 * the card of a `play`, never be in a zone in play: nothing lets anyone
 * draw it or play it. A warning at the card, only in a game whose rules
 * play cards (in one that plays none, its cards are what the rules move
 * about, and a card kept aside may be meant). */
static void check_dead_cards(Reach *x)
{
    const Game *g = x->s->g;
    Kinds live = played_kinds(x);
    if (!live)
        return;
    for (int z = 0; z < g->zones.len; z++)
        if (zone_decl(x->s, z)->zflags & (ZF_PER_PLAYER | ZF_IN_PLAY))
            live |= kinds_in_zone(x->k, z);
    bool per_player = false, in_play = false;
    for (int z = 0; z < g->zones.len; z++) {
        per_player |= (zone_decl(x->s, z)->zflags & ZF_PER_PLAYER) != 0;
        in_play |= (zone_decl(x->s, z)->zflags & ZF_IN_PLAY) != 0;
    }
    for (int k = 0; k < x->s->cs->ncards; k++) {
        if ((live >> k) & 1)
            continue;
        const CardDef *cd = x->s->cs->cards[k];
        int nz;
        diag_warning(x->s->diags, cd->loc, "nothing lets anyone draw or play '%s': no rule or "
                     "effect ever moves it to a player's zone%s%s%s, plays it%s%s%s; it is "
                     "only ever in %s", cd->name, per_player ? " (" : "",
                     per_player ? zones_with(x, ZF_PER_PLAYER) : "", per_player ? ")" : "",
                     in_play ? ", or puts it in play (" : "",
                     in_play ? zones_with(x, ZF_IN_PLAY) : "", in_play ? ")" : "",
                     zones_of(x, k, &nz));
    }
}

void check_reach(Sema *s)
{
    Reach x = {.s = s, .k = s->kinds};
    check_ends(&x);
    check_dead_cards(&x);
}
