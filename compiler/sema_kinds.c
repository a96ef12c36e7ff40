/* sema_kinds.c: which kinds of card a zone, a variable or an expression
 * may ever hold, and the misuses of events and triggers it proves.
 *
 * Kinds are the cards of cards.yaml (a card kind is a name: the copies of
 * a card are one kind), as a mask: bit k for card kind k. So this runs
 * only for a game of at most 64 kinds; a larger game is not checked here.
 *
 * The masks grow to a fixed point over every rule of the game (procs,
 * funcs, events, handlers and effects):
 *   - every card starts in the first zone declared;
 *   - a move, a 'move all', a 'choose cards ... into' and a 'play ... to'
 *     put the kinds of their card (or source) into their zone;
 *   - a local gets the kinds of what is assigned to it, a parameter those
 *     of the arguments of every call (all kinds where no rule calls it: an
 *     effect's play clause), a handler's card those of the zone it enters
 *     or leaves, a handler's arguments those of its event's parameters;
 *   - an expression: a card named in quotes is its kind; top(Z), first(Z
 *     where F) and a choice from Z are Z's kinds that F may keep (F tested
 *     on each kind where the card alone decides it); none is no kind;
 *     anything else that is a card may be any kind;
 *   - in the branches of an `if` whose condition tests a card variable
 *     alone (`if c.type == lesson`), the variable holds only the kinds for
 *     which the condition may be true (the `then`) or false (the `else`),
 *     unless some rule assigns it with `=` (kinds_walk, narrow_branch).
 * Each step only adds kinds, so the fixed point is reached; every mask is
 * an over-approximation, and what it proves impossible is. A rule (with
 * the 'at' blocks written in it) is walked again only when a set it reads
 * has grown: a zone it names, its own variables, the parameters a call
 * gives it (the Work below); so the cost is the rules' size times the (at
 * most 64) growths of a set, not the zones times the rules, as rounds
 * over every rule cost when a chain of moves carried the cards one zone a
 * round. One round over every rule then confirms that nothing grows.
 *
 * What it proves (errors and warnings, check_event_kinds):
 *   - an event given a card that can never be of its parameter's type
 *     (in a card's effect, the message names the effect);
 *   - a field `c.ATTR` of a card that can never have a value of ATTR;
 *   - an `enters` handler of a zone no card can enter, or none of the
 *     kinds its 'where' keeps (a warning: the handler never runs; an error
 *     of sema_reach.c when it ends the game).
 * The masks stay for the checks after it (Sema.kinds, sema_int.h). */
#include "sema_int.h"

#include <string.h>

/* A variable's kinds in the branch of an `if` being walked. */
typedef struct Narrow {
    const Sym *sym;
    Kinds m;
} Narrow;

enum { MAX_NARROW = 16 };

typedef struct Work Work;

struct KindsRun {
    Sema *s;
    Kinds all;
    Kinds *zone;        /* per zone: the kinds it may hold */
    Kinds *entered;     /* per zone: the kinds a rule moves into it */
    bool changed;
    Work *work;         /* while solving: what to walk again when a set grows */
    int fam;            /* the family of rules being walked (Work) */
    Narrow narrow[MAX_NARROW]; /* the branches the walk is in */
    int nnarrow;
    PtrVec assigned;    /* the card variables some `=` assigns */
    const Sym *rule;    /* the rule being checked (check_call_kinds) */
};

/* ---- a filter decided on one card kind ------------------------------------ */

/* Is e the element in frame slot `slot`, named? */
static bool is_element(const Node *e, int slot)
{
    return e && e->kind == N_IDENT && e->sym && e->sym->index == slot &&
           (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM);
}

/* `x.name == "N"` where N is no card: never true for a card of the deck. */
static int eval_no_card(const Node *n, int slot)
{
    const Node *f = n->lhs, *str = n->rhs;
    if (f->kind != N_FIELD)
        f = n->rhs, str = n->lhs;
    if (f->kind != N_FIELD || f->attr != ATTR_NAME || str->kind != N_STR ||
        str->type != T_UNKNOWN || !(f->base ? is_element(f->base, slot) : f->slot == slot))
        return -1;
    return n->binop == OP_NE;
}

static int eval_kind(const Node *f, int slot, const CardDef *cd, CallMemo *calls);

/* The body of func fn on card cd, its parameter in slot `slot`. One being
 * read already so (a recursive call) is not decided there, and one read
 * already at this depth is not read again (CallMemo: reading it at each
 * call made `f(c) = f(c) or f(c)` cost 2^8 readings a card). */
static int eval_func_body(const Sym *fn, int slot, const CardDef *cd, CallMemo *calls)
{
    const void *found = NULL;
    int v;
    switch (call_memo_enter(calls, fn, &slot, sizeof slot, &found)) {
    case CALL_AGAIN:
        return -1;
    case CALL_KNOWN:
        return *(const int *)found;
    default:
        v = eval_kind(fn->decl->expr_body, slot, cd, calls);
        call_memo_leave(calls, &v, sizeof v);
        return v;
    }
}

/* A func of one expression given the element: its body, on its parameter,
 * through at most 8 calls. */
static int eval_func_call(const Node *call, int slot, const CardDef *cd, CallMemo *calls)
{
    const Sym *fn = call->sym;
    if (!fn || fn->kind != S_FUNC || !fn->decl->expr_body || fn->modifiers.len > 0 ||
        calls->depth >= 8)
        return -1;
    const Node *p = fn->decl->params;
    for (const Node *a = call->args; a && p; a = a->next, p = p->next)
        if (is_element(a, slot) && p->sym)
            return eval_func_body(fn, p->sym->index, cd, calls);
    return -1;
}

/* sema_eval_filter, and more: a quoted name that is no card never matches,
 * and a func of one expression given the element is looked through. */
static int eval_kind(const Node *f, int slot, const CardDef *cd, CallMemo *calls)
{
    switch (f->kind) {
    case N_UNARY:
        if (f->unop == UOP_NOT) {
            int v = eval_kind(f->operand, slot, cd, calls);
            return v < 0 ? -1 : !v;
        }
        return -1;
    case N_BINARY:
        if (f->binop == OP_AND || f->binop == OP_OR) {
            int l = eval_kind(f->lhs, slot, cd, calls), r = eval_kind(f->rhs, slot, cd, calls);
            if (f->binop == OP_AND)
                return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
            return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
        }
        if ((f->binop == OP_EQ || f->binop == OP_NE) && eval_no_card(f, slot) >= 0)
            return eval_no_card(f, slot);
        return sema_eval_filter(f, slot, cd);
    case N_CALL:
        return eval_func_call(f, slot, cd, calls);
    default:
        return sema_eval_filter(f, slot, cd);
    }
}

int kinds_eval(const Node *f, int slot, const CardDef *cd)
{
    CallMemo calls; /* on the stack: this runs for every card */
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&calls, NULL, room);
    return eval_kind(f, slot, cd, &calls);
}

/* The kinds filter f (on the element in slot `slot`) may keep. */
static Kinds filter_kinds(const KindsRun *r, const Node *f, int slot)
{
    if (!f)
        return r->all;
    Kinds m = 0;
    for (int k = 0; k < r->s->cs->ncards; k++)
        if (kinds_eval(f, slot, r->s->cs->cards[k]) != 0)
            m |= 1ULL << k;
    return m;
}

/* Where to point for a filter f that keeps none of the kinds `in`: the
 * operand of an `and` that alone keeps none of them (the innermost), or
 * the whole filter. */
Loc kinds_none_loc(const CardSet *cs, const Node *f, int slot, Kinds in)
{
    while (f->kind == N_BINARY && f->binop == OP_AND) {
        const Node *side[2] = {f->lhs, f->rhs}, *next = NULL;
        for (int i = 0; i < 2 && !next; i++) {
            Kinds m = 0;
            for (int k = 0; k < cs->ncards && k < 64; k++)
                if (kinds_eval(side[i], slot, cs->cards[k]) != 0)
                    m |= 1ULL << k;
            if (!(m & in))
                next = side[i];
        }
        if (!next)
            break;
        f = next;
    }
    return sema_expr_loc(f);
}

/* The kinds of the cards of type t. */
static Kinds type_kinds(const CardSet *cs, int t)
{
    Kinds m = 0;
    for (int k = 0; k < cs->ncards && k < 64; k++)
        if (cs->cards[k]->type->index == t)
            m |= 1ULL << k;
    return m;
}

/* The kinds of the cards whose effect is e. */
static Kinds effect_kinds(const Game *g, const Node *e)
{
    Kinds m = 0;
    for (int k = 0; k < g->cs->ncards && k < 64; k++)
        if (g->effect_of && g->effect_of[k] == e)
            m |= 1ULL << k;
    return m;
}

static Kinds expr_kinds(const KindsRun *r, const Node *e);

/* The kinds of the cards of a source: its zone's, that its filter keeps. */
static Kinds source_kinds(const KindsRun *r, const Node *src)
{
    if (!src || src->kind != N_SOURCE || src->src_kind != SRC_ZONE || src->type != T_CARD)
        return r->all;
    int z = sema_zone_no(src->in);
    Kinds m = z >= 0 ? r->zone[z] : r->all;
    return m & filter_kinds(r, src->filter, src->slot);
}

/* The kinds card expression e may hold (0: it can only be none). */
static Kinds expr_kinds(const KindsRun *r, const Node *e)
{
    if (!e)
        return r->all;
    switch (e->kind) {
    case N_NONELIT:
        return 0;
    case N_STR:
        return e->value >= 0 && e->type == T_CARD ? 1ULL << e->value : r->all;
    case N_TOPCARD: {
        int z = sema_zone_no(e->zone);
        return z >= 0 ? r->zone[z] : r->all;
    }
    case N_CHOOSECARD:
        return source_kinds(r, e->src);
    case N_CALL:
        if (!e->sym && e->builtin == B_FIRST)
            return source_kinds(r, e->args);
        return r->all;
    case N_IDENT:
        if (e->sym && (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM)) {
            Kinds m = e->sym->kinds_may;
            for (int i = 0; i < r->nnarrow; i++)
                if (r->narrow[i].sym == e->sym)
                    m &= r->narrow[i].m;
            return m;
        }
        return r->all;
    default:
        return r->all;
    }
}

/* Adds kinds m to what a variable, or a zone, may hold; true if it grew. */
static bool grow(KindsRun *r, Kinds *at, Kinds m)
{
    if ((*at | m) == *at)
        return false;
    *at |= m;
    r->changed = true;
    return true;
}

static void wake_family(KindsRun *r, int fam);
static void wake_zone(KindsRun *r, int z);

/* Adds kinds m to a variable of the rules of family fam (Work). */
static void grow_var(KindsRun *r, int fam, Sym *sym, Kinds m)
{
    if (sym && sym->type == T_CARD && (sym->kind == S_LOCAL || sym->kind == S_PARAM) &&
        grow(r, &sym->kinds_may, m))
        wake_family(r, fam);
}

/* Kinds m enter zone k. */
static void grow_zone_no(KindsRun *r, int k, Kinds m)
{
    grow(r, &r->entered[k], m);
    if (grow(r, &r->zone[k], m))
        wake_zone(r, k);
}

/* Kinds m enter zone expression z. */
static void grow_zone(KindsRun *r, const Node *z, Kinds m)
{
    int k = sema_zone_no(z);
    if (k >= 0)
        grow_zone_no(r, k, m);
}

static int family_of(const Game *g, const Sym *fn);

/* The arguments of a call flow into the callee's parameters. */
static void flow_call(KindsRun *r, const Node *call)
{
    const Sym *fn = call->sym;
    if (!fn || (fn->kind != S_FUNC && fn->kind != S_PROC && fn->kind != S_EVENT))
        return;
    int fam = family_of(r->s->g, fn->kind == S_EVENT ? fn->body : fn);
    const Node *p = fn->decl->params;
    for (const Node *a = call->args; a && p; a = a->next, p = p->next) {
        Kinds m = expr_kinds(r, a);
        if (p->value >= 0) /* a parameter typed by a card type */
            m &= type_kinds(r->s->cs, p->value);
        grow_var(r, fam, p->sym, m);
    }
}

static void visit(Node *n, void *ctx)
{
    KindsRun *r = ctx;
    switch (n->kind) {
    case N_LET:
        grow_var(r, r->fam, n->sym, expr_kinds(r, n->init));
        break;
    case N_ASSIGN:
        if (n->target->kind == N_IDENT && n->assign_op == ASSIGN_SET)
            grow_var(r, r->fam, n->target->sym, expr_kinds(r, n->rhs));
        break;
    case N_MOVE:
        grow_zone(r, n->to, expr_kinds(r, n->card));
        break;
    case N_MOVEALL:
        grow_zone(r, n->to, source_kinds(r, n->cards));
        break;
    case N_CHOOSECARDS:
        grow_zone(r, n->into, source_kinds(r, n->src));
        break;
    case N_PLAY:
        if (n->to)
            grow_zone(r, n->to, expr_kinds(r, n->card));
        break;
    case N_SOURCE:
        if (n->sym)
            grow_var(r, r->fam, n->sym, source_kinds(r, n));
        break;
    case N_FOR:
        if (n->iter->kind == N_SOURCE && n->iter->sym)
            grow_var(r, r->fam, n->iter->sym, source_kinds(r, n->iter));
        break;
    case N_CALL:
        flow_call(r, n);
        break;
    default:
        break;
    }
}

/* What a handler's parameters may hold: its card, the zone's kinds; its
 * event's arguments, those of the event's parameters; this, its effect's
 * cards. The match func's copies the same. */
static void flow_handler(KindsRun *r, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    const Game *g = r->s->g;
    const Node *decls[2] = {h->proc->decl, h->match};
    for (int d = 0; d < 2; d++) {
        if (!decls[d])
            continue;
        Node *p = decls[d]->params;
        if (!p)
            continue;
        int fam = family_of(g, d == 0 ? h->proc : h->match->sym);
        if (h->event == EV_ENTERS || h->event == EV_LEAVES) {
            grow_var(r, fam, p->sym, pat->zone_no >= 0 ? r->zone[pat->zone_no] : r->all);
        } else if (h->event == EV_PLAYED) {
            grow_var(r, fam, p->sym, r->all);
        } else if (h->event >= EV_USER) {
            const Sym *ev = g->events.items[h->event - EV_USER];
            const Node *ep = ev->decl->params;
            for (; p && ep; p = p->next, ep = ep->next)
                grow_var(r, fam, p->sym, ep->sym ? ep->sym->kinds_may : r->all);
        }
        if (!h->effect)
            continue;
        for (p = decls[d]->params; p; p = p->next)
            if (!strcmp(p->name, "this"))
                grow_var(r, fam, p->sym, effect_kinds(g, h->effect));
    }
}

/* Parameters no rule calls (an effect's play clause, a handler's `me`)
 * may hold anything; but the values an `instead of` or `react to` clause
 * of a rules' event binds are the event's (flow_before). */
static void flow_uncalled(KindsRun *r, const Sym *fn)
{
    const Handler *h = before_handler_of(r->s->g, fn);
    int skip = h && h->event >= EV_USER ? h->nbound : 0;
    const Node *e = fn->clause ? sema_effect_of_clause(r->s->g, fn->clause) : NULL;
    for (const Node *p = fn->decl->params; p; p = p->next) {
        if (!p->sym || p->sym->kinds_may || skip-- > 0)
            continue;
        if (e && !strcmp(p->name, "this"))
            grow_var(r, -1, p->sym, effect_kinds(r->s->g, e)); /* the card played */
        else
            grow_var(r, -1, p->sym, r->all);
    }
}

/* An `instead of` or `react to` clause of a rules' event: its bound names
 * hold the event's values, and what it assigns them goes back to the
 * event (as far as the event's parameter types let it). */
static void flow_before(KindsRun *r, const Handler *h)
{
    if (h->event < EV_USER)
        return;
    const Game *g = r->s->g;
    const Sym *ev = g->events.items[h->event - EV_USER];
    const Node *p = h->proc->decl->params, *ep = ev->decl->params;
    int fam = family_of(g, h->proc), ev_fam = family_of(g, ev->body);
    for (int i = 0; i < h->nbound && p && ep; i++, p = p->next, ep = ep->next) {
        if (!ep->sym || !p->sym)
            continue;
        grow_var(r, fam, p->sym, ep->sym->kinds_may);
        Kinds back = p->sym->kinds_may;
        if (ep->value >= 0)
            back &= type_kinds(r->s->cs, ep->value);
        grow_var(r, ev_fam, ep->sym, back);
    }
}

/* The cards under a holder that leaves play drop to the zone their held
 * zone i says ('drop to Z'). */
static void flow_drop(KindsRun *r, int i)
{
    const Node *z = r->s->g->zones.items[i];
    if (!(z->zflags & ZF_HELD))
        return;
    if (z->sym && z->sym->kind == S_ZONE)
        grow_zone_no(r, z->sym->index, r->zone[i]);
    for (const Node *f = first_fate(z); f; f = f->next) /* 'drop to D when to Z' */
        if (fate_drop_zone(f))
            grow_zone_no(r, fate_drop_zone(f)->index, r->zone[i]);
}

static void flow_drops(KindsRun *r)
{
    for (int i = 0; i < r->s->g->zones.len; i++)
        flow_drop(r, i);
}

/* ---- the walk, with the kinds of the branches of an `if` ------------------ */

/* Does some rule assign variable sym with `=` (the card variables an `if`
 * may not narrow: its branch could change them)? */
static bool assigned(const KindsRun *r, const Sym *sym)
{
    for (int i = 0; i < r->assigned.len; i++)
        if (r->assigned.items[i] == sym)
            return true;
    return false;
}

static void mark_assigned(Node *n, void *ctx)
{
    KindsRun *r = ctx;
    if (n->kind == N_ASSIGN && n->target->kind == N_IDENT && n->target->sym &&
        n->target->sym->type == T_CARD && !assigned(r, n->target->sym))
        vec_push(r->s->arena, &r->assigned, n->target->sym);
}

/* The card variables whose fields condition e reads (at most MAX_NARROW). */
static int field_vars(const Node *e, const Sym **out, int n)
{
    for (; e; e = e->next) {
        const Node *b = e->kind == N_FIELD ? e->base : NULL;
        if (b && b->kind == N_IDENT && b->sym && b->sym->type == T_CARD &&
            (b->sym->kind == S_LOCAL || b->sym->kind == S_PARAM)) {
            int i = 0;
            while (i < n && out[i] != b->sym)
                i++;
            if (i == n && n < MAX_NARROW)
                out[n++] = b->sym;
        }
        if (e->kind == N_CALL || e->kind == N_SOURCE)
            continue; /* their filters are of other cards */
        for (int i = 0; i < NKIDS; i++)
            n = field_vars(e->kid[i], out, n);
    }
    return n;
}

static void walk(KindsRun *r, Node *n, void (*fn)(Node *, void *), void *ctx);

/* Walks branch (the `then` of cond if truth, else its `else`) with each card
 * variable that cond tests alone narrowed to the kinds for which cond may
 * be `truth`. */
static void narrow_branch(KindsRun *r, const Node *cond, bool truth, Node *branch,
                          void (*fn)(Node *, void *), void *ctx)
{
    if (!branch)
        return;
    const Sym *vars[MAX_NARROW];
    int n = field_vars(cond, vars, 0), mark = r->nnarrow;
    for (int i = 0; i < n && r->nnarrow < MAX_NARROW; i++) {
        if (assigned(r, vars[i]))
            continue;
        Kinds m = 0;
        for (int k = 0; k < r->s->cs->ncards; k++)
            if (kinds_eval(cond, vars[i]->index, r->s->cs->cards[k]) != !truth)
                m |= 1ULL << k;
        r->narrow[r->nnarrow++] = (Narrow){vars[i], m};
    }
    walk(r, branch, fn, ctx);
    r->nnarrow = mark;
}

/* ast_walk, but the branches of an `if` see the kinds their condition
 * leaves to the variables it tests. */
static void walk(KindsRun *r, Node *n, void (*fn)(Node *, void *), void *ctx)
{
    for (; n; n = n->next) {
        fn(n, ctx);
        if (n->kind == N_IF) {
            walk(r, n->cond, fn, ctx);
            narrow_branch(r, n->cond, true, n->then, fn, ctx);
            narrow_branch(r, n->cond, false, n->els, fn, ctx);
            continue;
        }
        for (int i = 0; i < NKIDS; i++)
            walk(r, n->kid[i], fn, ctx);
    }
}

void kinds_walk(KindsRun *r, Node *n, void (*fn)(Node *, void *), void *ctx)
{
    walk(r, n, fn, ctx);
}

/* Every rule of the game, once. */
static void walk_all(KindsRun *r)
{
    const Game *g = r->s->g;
    flow_drops(r);
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            walk(r, fn->decl->body, visit, r);
            walk(r, fn->decl->expr_body, visit, r);
        }
    for (int i = 0; i < g->handlers.len; i++)
        flow_handler(r, g->handlers.items[i]);
    for (int i = 0; i < g->befores.len; i++)
        flow_before(r, g->befores.items[i]);
}

/* Which procs and funcs some rule calls. */
static void mark_called(Node *n, void *ctx)
{
    (void)ctx;
    if (n->kind == N_CALL && n->sym && n->sym->kind != S_BUILTIN) {
        n->sym->called = true;
        if (n->sym->kind == S_EVENT)
            n->sym->body->called = true;
    }
}

/* ---- the fixed point: what to walk again when a set grows ---------------- */

/* The items of work: each family of rules (a rule with the 'at' blocks
 * written in it, which read its variables: numbered by its rule, funcs
 * then procs), each handler's flow, each clause before an event's flow,
 * each zone's drop. */
typedef struct IntList {
    int *v;
    int n, cap;
} IntList;

struct Work {
    int nrules, handlers, befores, drops, nitems;
    IntList *members;   /* per family: its rules */
    IntList *zone_deps; /* per zone: the items that read what it may hold */
    IntList *fam_deps;  /* per family: the items beside it that read its variables */
    int *queue, head, tail;
    bool *queued;
};

static void push_int(Arena *a, IntList *l, int x)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4;
        int *v = arena_alloc(a, sizeof *v * (size_t)l->cap);
        if (l->n)
            memcpy(v, l->v, sizeof *v * (size_t)l->n);
        l->v = v;
    }
    l->v[l->n++] = x;
}

/* Rule fn's number (funcs, then procs), or -1. */
static int rule_no(const Game *g, const Sym *fn)
{
    if (fn && fn->kind == S_FUNC && fn->index >= 0 && fn->index < g->funcs.len &&
        g->funcs.items[fn->index] == fn)
        return fn->index;
    if (fn && fn->kind == S_PROC && fn->index >= 0 && fn->index < g->procs.len &&
        g->procs.items[fn->index] == fn)
        return g->funcs.len + fn->index;
    return -1;
}

/* The family of rule fn: the rule its 'at' block is written in (decl->sym),
 * and so on up; -1 if it is no rule. */
static int family_of(const Game *g, const Sym *fn)
{
    for (int depth = 0; depth < 64; depth++) {
        const Sym *up = fn && fn->decl ? fn->decl->sym : NULL;
        if (!up || up == fn || rule_no(g, up) < 0)
            break;
        fn = up;
    }
    return rule_no(g, fn);
}

/* Item k is walked again, unless it waits already. */
static void wake(KindsRun *r, int k)
{
    Work *w = r->work;
    if (!w || k < 0 || w->queued[k])
        return;
    w->queued[k] = true;
    w->queue[w->tail] = k;
    w->tail = (w->tail + 1) % (w->nitems + 1);
}

static void wake_family(KindsRun *r, int fam)
{
    if (!r->work || fam < 0)
        return;
    wake(r, fam);
    for (int i = 0; i < r->work->fam_deps[fam].n; i++)
        wake(r, r->work->fam_deps[fam].v[i]);
}

static void wake_zone(KindsRun *r, int z)
{
    if (!r->work)
        return;
    for (int i = 0; i < r->work->zone_deps[z].n; i++)
        wake(r, r->work->zone_deps[z].v[i]);
}

/* ast_walk: a zone named in a rule of family r->fam reads it. */
static void note_zone_read(Node *n, void *ctx)
{
    KindsRun *r = ctx;
    if (n->kind != N_IDENT || !n->sym || n->sym->kind != S_ZONE || n->sym->index < 0 ||
        n->sym->index >= r->s->g->zones.len)
        return;
    IntList *l = &r->work->zone_deps[n->sym->index];
    if (!l->n || l->v[l->n - 1] != r->fam) /* a family's walk is one run */
        push_int(r->s->arena, l, r->fam);
}

/* The families, and who reads what: the zones each family names. */
static void find_families(KindsRun *r, Work *w)
{
    const Game *g = r->s->g;
    Arena *a = r->s->arena;
    for (int k = 0; k < w->nrules; k++) {
        const Sym *fn = k < g->funcs.len ? g->funcs.items[k] : g->procs.items[k - g->funcs.len];
        int fam = family_of(g, fn);
        push_int(a, &w->members[fam < 0 ? k : fam], k);
    }
    for (int f = 0; f < w->nrules; f++) {
        r->fam = f;
        for (int i = 0; i < w->members[f].n; i++) {
            int k = w->members[f].v[i];
            const Sym *fn = k < g->funcs.len ? g->funcs.items[k]
                                             : g->procs.items[k - g->funcs.len];
            ast_walk(fn->decl->body, note_zone_read, r);
            ast_walk(fn->decl->expr_body, note_zone_read, r);
        }
    }
}

/* Who reads what the flows of handlers, clauses before events and drops
 * read: a handler its zone, or its event's parameters; a clause before an
 * event the event's parameters and its own; a drop its held zone. */
static void find_flow_readers(KindsRun *r, Work *w)
{
    const Game *g = r->s->g;
    Arena *a = r->s->arena;
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        const Node *pat = h->clause->pattern;
        int k = w->handlers + i;
        if ((h->event == EV_ENTERS || h->event == EV_LEAVES) && pat->zone_no >= 0)
            push_int(a, &w->zone_deps[pat->zone_no], k);
        int ev = h->event >= EV_USER
                     ? family_of(g, ((const Sym *)g->events.items[h->event - EV_USER])->body) : -1;
        if (ev >= 0)
            push_int(a, &w->fam_deps[ev], k);
    }
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        int k = w->befores + i, own = family_of(g, h->proc);
        int ev = h->event >= EV_USER
                     ? family_of(g, ((const Sym *)g->events.items[h->event - EV_USER])->body) : -1;
        if (ev >= 0)
            push_int(a, &w->fam_deps[ev], k);
        if (own >= 0 && own != ev)
            push_int(a, &w->fam_deps[own], k);
    }
    for (int i = 0; i < g->zones.len; i++)
        push_int(a, &w->zone_deps[i], w->drops + i);
}

static Work *new_work(KindsRun *r)
{
    const Game *g = r->s->g;
    Arena *a = r->s->arena;
    Work *w = arena_alloc(a, sizeof *w);
    w->nrules = g->funcs.len + g->procs.len;
    w->handlers = w->nrules;
    w->befores = w->handlers + g->handlers.len;
    w->drops = w->befores + g->befores.len;
    w->nitems = w->drops + g->zones.len;
    w->members = arena_alloc(a, sizeof *w->members * (size_t)(w->nrules + 1));
    w->fam_deps = arena_alloc(a, sizeof *w->fam_deps * (size_t)(w->nrules + 1));
    w->zone_deps = arena_alloc(a, sizeof *w->zone_deps * (size_t)(g->zones.len + 1));
    w->queue = arena_alloc(a, sizeof *w->queue * (size_t)(w->nitems + 1));
    w->queued = arena_alloc(a, sizeof *w->queued * (size_t)(w->nitems + 1));
    r->work = w;
    find_families(r, w);
    find_flow_readers(r, w);
    return w;
}

/* Walks item k. */
static void run_item(KindsRun *r, int k)
{
    const Game *g = r->s->g;
    Work *w = r->work;
    if (k >= w->drops) {
        flow_drop(r, k - w->drops);
    } else if (k >= w->befores) {
        flow_before(r, g->befores.items[k - w->befores]);
    } else if (k >= w->handlers) {
        flow_handler(r, g->handlers.items[k - w->handlers]);
    } else {
        r->fam = k;
        for (int i = 0; i < w->members[k].n; i++) {
            int m = w->members[k].v[i];
            Sym *fn = m < g->funcs.len ? g->funcs.items[m] : g->procs.items[m - g->funcs.len];
            walk(r, fn->decl->body, visit, r);
            walk(r, fn->decl->expr_body, visit, r);
        }
    }
}

/* Every item walked once, then again each that reads a set that grew,
 * until none waits: each set grows at most 64 times, so this ends, at
 * the least fixed point, whatever the order of the walks. */
static void run_work(KindsRun *r)
{
    Work *w = new_work(r);
    for (int k = 0; k < w->nitems; k++)
        if (k >= w->nrules || w->members[k].n > 0)
            wake(r, k);
    while (w->head != w->tail) {
        int k = w->queue[w->head];
        w->head = (w->head + 1) % (w->nitems + 1);
        w->queued[k] = false;
        run_item(r, k);
    }
    r->work = NULL;
}

/* The fixed point; false if it was not reached in the rounds allowed
 * (then nothing is proved). The worklist reaches it; one round over every
 * rule then shows that nothing grows any more (a dependency missed above
 * would only cost more rounds). */
static bool solve(KindsRun *r)
{
    const Game *g = r->s->g;
    r->zone[0] = r->all; /* every card starts in the first zone */
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            ast_walk(fn->decl->body, mark_called, NULL);
            ast_walk(fn->decl->expr_body, mark_called, NULL);
            ast_walk(fn->decl->body, mark_assigned, r);
        }
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            const Sym *fn = lists[l]->items[i];
            bool handler = fn->clause && fn->clause->clause_kind == CLAUSE_ON;
            if (!fn->called && !handler && fn != g->main)
                flow_uncalled(r, fn);
        }
    run_work(r);
    for (int round = 0; round < 200; round++) {
        r->changed = false;
        walk_all(r);
        if (!r->changed)
            return true;
    }
    return false;
}

/* "a teacher", "a teacher or a staff": the types of the kinds in m. */
static const char *types_of(Sema *s, Kinds m)
{
    Buf b = {0};
    bool seen[256] = {0};
    int n = 0;
    for (int k = 0; k < s->cs->ncards && k < 64; k++) {
        int t = s->cs->cards[k]->type->index;
        if (!((m >> k) & 1) || t >= 256 || seen[t])
            continue;
        seen[t] = true;
        buf_printf(&b, "%s'%s'", n++ ? " or " : "", s->cs->cards[k]->type->name);
    }
    const char *r = arena_strdup(s->arena, b.data ? b.data : "none");
    buf_free(&b);
    return r;
}

/* "the effect of 'Burst Pipe'", "the effect of the cards of type
 * 'lesson'": the effect whose clause rule fn is made of (or the rule an
 * `at` block is written in), or NULL for a rule of the rules. */
static const char *effect_name(KindsRun *r, const Sym *fn)
{
    const Node *c = fn->clause;
    if (!c && fn->decl->kind == N_PROCDECL && fn->decl->sym && fn->decl->sym != fn)
        c = fn->decl->sym->clause; /* the proc of an 'at' block */
    const Node *e = c ? sema_effect_of_clause(r->s->g, c) : NULL;
    if (!e)
        return NULL;
    Buf b = {0};
    if (e->effect_from == EFFECT_TYPE)
        buf_printf(&b, "the effect of the cards of type '%s'", e->name);
    else
        buf_printf(&b, "the effect of '%s'", e->name);
    const char *name = arena_strdup(r->s->arena, b.data);
    buf_free(&b);
    return name;
}

/* An event given a card its parameter's type rules out; in an effect, the
 * message names the card whose effect does it. */
static void check_call_kinds(Node *n, void *ctx)
{
    KindsRun *r = ctx;
    if (n->kind != N_CALL || !n->sym || n->sym->kind != S_EVENT)
        return;
    const Node *p = n->sym->decl->params;
    for (const Node *a = n->args; a && p; a = a->next, p = p->next) {
        if (p->value < 0)
            continue;
        Kinds want = type_kinds(r->s->cs, p->value), got = expr_kinds(r, a);
        if (!want || (got & want))
            continue; /* no card of the type at all: said where the type is */
        const char *type = r->s->cs->types[p->value]->name;
        const char *effect = r->rule ? effect_name(r, r->rule) : NULL;
        if (effect && got)
            diag_error(r->s->diags, a->loc, "%s gives event '%s' a card that is never of type "
                       "'%s' (its '%s'): it is a card of type %s", effect, n->name, type,
                       p->name, types_of(r->s, got));
        else if (effect)
            diag_error(r->s->diags, a->loc, "%s gives event '%s' no card: its '%s' (a card of "
                       "type '%s') is never a card here", effect, n->name, p->name, type);
        else if (got)
            diag_error(r->s->diags, a->loc, "event '%s' takes a card of type '%s' as '%s', and "
                                            "this card is never one: it is a card of type %s",
                       n->name, type, p->name, types_of(r->s, got));
        else
            diag_error(r->s->diags, a->loc, "event '%s' takes a card of type '%s' as '%s', and "
                                            "this is never a card", n->name, type, p->name);
    }
}

/* The kinds of m that have a value of attribute attr. */
static Kinds with_attr(const KindsRun *r, Kinds m, int attr)
{
    Kinds w = 0;
    for (int k = 0; k < r->s->cs->ncards; k++)
        if (((m >> k) & 1) && card_value(r->s->cs->cards[k], attr) >= 0)
            w |= 1ULL << k;
    return w;
}

/* `c.ATTR` of a card that can never have a value of ATTR: it reads
 * nothing (a word equals no value, a number reads 0). */
static void check_field_kinds(KindsRun *r, const Node *n)
{
    if (n->kind != N_FIELD || !n->base || n->attr < 0 || n->base->type != T_CARD)
        return;
    Kinds got = expr_kinds(r, n->base);
    if (!got || with_attr(r, got, n->attr))
        return;
    const char *attr = r->s->cs->attrs[n->attr]->name;
    const char *effect = r->rule ? effect_name(r, r->rule) : NULL;
    if (effect)
        diag_error(r->s->diags, n->loc, "%s reads '%s' of a card that never has one: it is a "
                   "card of type %s", effect, attr, types_of(r->s, got));
    else
        diag_error(r->s->diags, n->loc, "this card never has a '%s': it is a card of type %s, "
                   "so '.%s' reads nothing", attr, types_of(r->s, got), attr);
}

/* What the kinds prove of one node of a rule. */
static void check_node_kinds(Node *n, void *ctx)
{
    check_call_kinds(n, ctx);
    check_field_kinds(ctx, n);
}

/* Does statement n end the game somewhere? */
static bool ends_game(const Node *n)
{
    for (; n; n = n->next) {
        if (n->kind == N_END)
            return true;
        for (int i = 0; i < NKIDS; i++)
            if (ends_game(n->kid[i]))
                return true;
    }
    return false;
}

/* An `enters` handler of a zone no card enters, or none it hears (one
 * that ends the game is an error of sema_reach.c: the end never happens). */
static void check_entered(KindsRun *r, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    if (h->event != EV_ENTERS || pat->zone_no < 0 || ends_game(h->proc->decl->body))
        return;
    const Node *z = r->s->g->zones.items[pat->zone_no];
    Kinds in = r->entered[pat->zone_no];
    if (!in) {
        diag_warning(r->s->diags, pat->loc, "this handler never runs: no card can ever enter "
                                            "zone '%s'", z->name);
        return;
    }
    if (!h->clause->cond || !h->match)
        return;
    const Node *card = h->match->params;
    if (!card || !card->sym || (filter_kinds(r, h->clause->cond, card->sym->index) & in))
        return;
    diag_warning(r->s->diags, kinds_none_loc(r->s->cs, h->clause->cond, card->sym->index, in),
                 "this handler never runs: no card its "
                                                    "'where' keeps ever enters zone '%s' (only "
                                                    "cards of type %s do)",
                 z->name, types_of(r->s, in));
}

void check_event_kinds(Sema *s)
{
    const Game *g = s->g;
    if (s->cs->ncards > 64 || s->cs->ncards == 0 || g->zones.len == 0)
        return;
    KindsRun *r = arena_alloc(s->arena, sizeof *r);
    memset(r, 0, sizeof *r);
    r->s = s;
    r->all = s->cs->ncards == 64 ? ~0ULL : (1ULL << s->cs->ncards) - 1;
    r->zone = arena_alloc(s->arena, sizeof *r->zone * (size_t)g->zones.len);
    r->entered = arena_alloc(s->arena, sizeof *r->entered * (size_t)g->zones.len);
    memset(r->zone, 0, sizeof *r->zone * (size_t)g->zones.len);
    memset(r->entered, 0, sizeof *r->entered * (size_t)g->zones.len);
    if (!solve(r))
        return;
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            r->rule = fn;
            walk(r, fn->decl->body, check_node_kinds, r);
            walk(r, fn->decl->expr_body, check_node_kinds, r);
        }
    r->rule = NULL;
    for (int i = 0; i < g->handlers.len; i++)
        check_entered(r, g->handlers.items[i]);
    s->kinds = r;
    unsigned long long *zk = arena_alloc(s->arena, (size_t)(g->zones.len + 1) * sizeof *zk);
    for (int z = 0; z < g->zones.len; z++)
        zk[z] = r->zone[z];
    s->g->zone_kinds = zk;
}

/* ---- what the checks after it read (sema_int.h) --------------------------- */

Kinds kinds_all(const KindsRun *r) { return r->all; }
Kinds kinds_in_zone(const KindsRun *r, int zone) { return r->zone[zone]; }
Kinds kinds_entering(const KindsRun *r, int zone) { return r->entered[zone]; }
Kinds kinds_of_expr(const KindsRun *r, const Node *e) { return expr_kinds(r, e); }
Kinds kinds_of_source(const KindsRun *r, const Node *src) { return source_kinds(r, src); }
Kinds kinds_of_type(const CardSet *cs, int t) { return type_kinds(cs, t); }
const char *kinds_types(Sema *s, Kinds m) { return types_of(s, m); }

int sema_zone_no(const Node *z)
{
    const Node *id = z && z->kind == N_INDEX ? z->base : z;
    if (!id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return -1;
    return id->sym->index;
}

bool sema_hears_moves(const PtrVec *hs)
{
    for (int i = 0; i < hs->len; i++) {
        const Handler *h = hs->items[i];
        if (h->event == EV_ENTERS || h->event == EV_LEAVES)
            return true;
    }
    return false;
}

bool sema_draws_reported(const Sema *s, int z)
{
    for (int i = 0; i < s->draws_reported.len; i++)
        if (s->draws_reported.items[i] == s->g->zones.items[z])
            return true;
    return false;
}
