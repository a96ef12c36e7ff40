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
 *     anything else that is a card may be any kind.
 * Each step only adds kinds, so the fixed point is reached; every mask is
 * an over-approximation, and what it proves impossible is.
 *
 * What it proves (errors and warnings, check_event_kinds):
 *   - an event given a card that can never be of its parameter's type;
 *   - an `enters` handler of a zone no card can enter, or none of the
 *     kinds its 'where' keeps (a warning: the handler never runs). */
#include "sema_int.h"

#include <string.h>

typedef unsigned long long Kinds;

typedef struct KindsRun {
    Sema *s;
    Kinds all;
    Kinds *zone;        /* per zone: the kinds it may hold */
    Kinds *entered;     /* per zone: the kinds a rule moves into it */
    bool changed;
} KindsRun;

/* The zone a zone expression (ZONE or ZONE[p]) names, or -1. */
static int zone_no_of(const Node *z)
{
    const Node *id = z && z->kind == N_INDEX ? z->base : z;
    if (!id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return -1;
    return id->sym->index;
}

/* The kinds filter f (on the element in slot `slot`) may keep. */
static Kinds filter_kinds(const KindsRun *r, const Node *f, int slot)
{
    if (!f)
        return r->all;
    Kinds m = 0;
    for (int k = 0; k < r->s->cs->ncards; k++)
        if (sema_eval_filter(f, slot, r->s->cs->cards[k]) != 0)
            m |= 1ULL << k;
    return m;
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
    int z = zone_no_of(src->in);
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
        int z = zone_no_of(e->zone);
        return z >= 0 ? r->zone[z] : r->all;
    }
    case N_CHOOSECARD:
        return source_kinds(r, e->src);
    case N_CALL:
        if (!e->sym && e->builtin == B_FIRST)
            return source_kinds(r, e->args);
        return r->all;
    case N_IDENT:
        if (e->sym && (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM))
            return e->sym->kinds_may;
        return r->all;
    default:
        return r->all;
    }
}

/* Adds kinds m to what a variable, or a zone, may hold. */
static void grow(KindsRun *r, Kinds *at, Kinds m)
{
    if ((*at | m) != *at) {
        *at |= m;
        r->changed = true;
    }
}

static void grow_var(KindsRun *r, Sym *sym, Kinds m)
{
    if (sym && sym->type == T_CARD && (sym->kind == S_LOCAL || sym->kind == S_PARAM))
        grow(r, &sym->kinds_may, m);
}

/* Kinds m enter zone expression z. */
static void grow_zone(KindsRun *r, const Node *z, Kinds m)
{
    int k = zone_no_of(z);
    if (k < 0)
        return;
    grow(r, &r->zone[k], m);
    grow(r, &r->entered[k], m);
}

/* The arguments of a call flow into the callee's parameters. */
static void flow_call(KindsRun *r, const Node *call)
{
    const Sym *fn = call->sym;
    if (!fn || (fn->kind != S_FUNC && fn->kind != S_PROC && fn->kind != S_EVENT))
        return;
    const Node *p = fn->decl->params;
    for (const Node *a = call->args; a && p; a = a->next, p = p->next) {
        Kinds m = expr_kinds(r, a);
        if (p->value >= 0) /* a parameter typed by a card type */
            m &= type_kinds(r->s->cs, p->value);
        grow_var(r, p->sym, m);
    }
}

static void visit(Node *n, void *ctx)
{
    KindsRun *r = ctx;
    switch (n->kind) {
    case N_LET:
        grow_var(r, n->sym, expr_kinds(r, n->init));
        break;
    case N_ASSIGN:
        if (n->target->kind == N_IDENT && n->assign_op == ASSIGN_SET)
            grow_var(r, n->target->sym, expr_kinds(r, n->rhs));
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
            grow_var(r, n->sym, source_kinds(r, n));
        break;
    case N_FOR:
        if (n->iter->kind == N_SOURCE && n->iter->sym)
            grow_var(r, n->iter->sym, source_kinds(r, n->iter));
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
        if (h->event == EV_ENTERS || h->event == EV_LEAVES) {
            grow_var(r, p->sym, pat->zone_no >= 0 ? r->zone[pat->zone_no] : r->all);
        } else if (h->event == EV_PLAYED) {
            grow_var(r, p->sym, r->all);
        } else if (h->event >= EV_USER) {
            const Sym *ev = g->events.items[h->event - EV_USER];
            const Node *ep = ev->decl->params;
            for (; p && ep; p = p->next, ep = ep->next)
                grow_var(r, p->sym, ep->sym ? ep->sym->kinds_may : r->all);
        }
        if (!h->effect)
            continue;
        for (p = decls[d]->params; p; p = p->next)
            if (!strcmp(p->name, "this"))
                grow_var(r, p->sym, effect_kinds(g, h->effect));
    }
}

/* Parameters no rule calls (an effect's play clause, a handler's `me`)
 * may hold anything. */
static void flow_uncalled(KindsRun *r, const Sym *fn)
{
    for (const Node *p = fn->decl->params; p; p = p->next)
        if (p->sym && !p->sym->kinds_may)
            grow_var(r, p->sym, r->all);
}

/* The cards under a holder that leaves play drop to the zone their held
 * zone says ('drop to Z'). */
static void flow_drops(KindsRun *r)
{
    const Game *g = r->s->g;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if ((z->zflags & ZF_HELD) && z->sym && z->sym->kind == S_ZONE) {
            grow(r, &r->zone[z->sym->index], r->zone[i]);
            grow(r, &r->entered[z->sym->index], r->zone[i]);
        }
    }
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
            ast_walk(fn->decl->body, visit, r);
            ast_walk(fn->decl->expr_body, visit, r);
        }
    for (int i = 0; i < g->handlers.len; i++)
        flow_handler(r, g->handlers.items[i]);
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

/* The fixed point; false if it was not reached in the rounds allowed
 * (then nothing is proved). */
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
        }
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            const Sym *fn = lists[l]->items[i];
            bool handler = fn->clause && fn->clause->clause_kind == CLAUSE_ON;
            if (!fn->called && !handler && fn != g->main)
                flow_uncalled(r, fn);
        }
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

/* An event given a card its parameter's type rules out. */
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
        if (got & want)
            continue;
        const char *type = r->s->cs->types[p->value]->name;
        if (got)
            diag_error(r->s->diags, a->loc, "event '%s' takes a card of type '%s' as '%s', and "
                                            "this card is never one: it is a card of type %s",
                       n->name, type, p->name, types_of(r->s, got));
        else
            diag_error(r->s->diags, a->loc, "event '%s' takes a card of type '%s' as '%s', and "
                                            "this is never a card", n->name, type, p->name);
    }
}

/* An `enters` handler of a zone no card enters, or none it hears. */
static void check_entered(KindsRun *r, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    if (h->event != EV_ENTERS || pat->zone_no < 0)
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
    diag_warning(r->s->diags, h->clause->cond->loc, "this handler never runs: no card its "
                                                    "'where' keeps ever enters zone '%s' (only "
                                                    "cards of type %s do)",
                 z->name, types_of(r->s, in));
}

void check_event_kinds(Sema *s)
{
    const Game *g = s->g;
    if (s->cs->ncards > 64 || s->cs->ncards == 0 || g->zones.len == 0)
        return;
    KindsRun r = {.s = s};
    r.all = s->cs->ncards == 64 ? ~0ULL : (1ULL << s->cs->ncards) - 1;
    r.zone = arena_alloc(s->arena, sizeof *r.zone * (size_t)g->zones.len);
    r.entered = arena_alloc(s->arena, sizeof *r.entered * (size_t)g->zones.len);
    memset(r.zone, 0, sizeof *r.zone * (size_t)g->zones.len);
    memset(r.entered, 0, sizeof *r.entered * (size_t)g->zones.len);
    if (!solve(&r))
        return;
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            ast_walk(fn->decl->body, check_call_kinds, &r);
        }
    for (int i = 0; i < g->handlers.len; i++)
        check_entered(&r, g->handlers.items[i]);
}
