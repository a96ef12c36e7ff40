/* sema_effect_kinds.c: the warning "this effect can never run".
 *
 * A play clause runs when a 'play' statement plays a card of its effect.
 * Which kinds of card (card entries of cards.yaml) may a 'play' hold? This
 * file finds a superset, over the procs as checked (a rule nobody calls
 * counts too): every card starts in the first zone; a move, a 'move all',
 * a 'choose cards' or a 'play ... to' adds the kinds it may carry to the
 * zone it goes to (a card that leaves a zone is not taken out of its set:
 * the sets only grow); a card expression may hold the kinds of the source
 * it is taken from (top, bottom, first, choose card), filtered by what
 * its filter decides from the kind alone, or those its local was given;
 * 'this' in a clause holds the kinds of the effect's cards; anything else
 * (a parameter, a variable, a proc's result) may hold any. The sets grow
 * until nothing changes: a proc is walked again only when a set it reads
 * has grown (a zone it names, or its own locals), so the cost is the
 * rules' size times the (at most 64) growths of a set, not the zones
 * times the rules. An effect none of whose cards a 'play' may hold gets
 * the warning.
 *
 * Kinds are bits of a 64-bit mask: a game of more than 64 kinds gets the
 * warning only when it has no 'play' at all. Nothing runs for a game
 * without a play clause. */
#include "sema_int.h"

#define ALL_KINDS (~0ULL)

typedef struct KindFlow {
    const Game *g;
    Kinds *zone;            /* per zone: the kinds that may be in it */
    Kinds **local;          /* per proc, per frame slot: what a local may hold */
    Kinds played;           /* what a 'play' may hold */
    const Sym *fn;          /* the proc being walked */
    bool changed;           /* a local of fn grew */
    int *reader_at, *readers; /* zone z: the procs naming it, readers[reader_at[z] ..
                               * reader_at[z + 1]) (a proc once per naming) */
    int *queue, head, tail; /* the procs to walk (again), a ring of procs.len + 1 */
    bool *queued;           /* per proc: in the queue */
} KindFlow;

static Kinds kinds_of(KindFlow *f, const Node *e);

/* The zone a zone expression names (deck, hand[p]), or -1. */
static int zone_of(const Node *z)
{
    if (z && z->kind == N_INDEX)
        z = z->base;
    return z && z->kind == N_IDENT && z->type == T_ZONE ? z->value : -1;
}

/* The kinds of the cards whose effect is e. */
static Kinds kinds_with_effect(const Game *g, const Node *e)
{
    Kinds m = 0;
    for (int k = 0; k < g->cs->ncards && k < 64; k++)
        if (g->effect_of[k] == e)
            m |= 1ULL << k;
    return m;
}

/* The kinds a filter may keep, judged from the kind alone. */
static Kinds filter_kinds(const Game *g, const Node *src)
{
    if (!src->filter)
        return ALL_KINDS;
    Kinds m = 0;
    for (int k = 0; k < g->cs->ncards && k < 64; k++)
        if (sema_eval_filter(src->filter, src->slot, g->cs->cards[k]) != 0)
            m |= 1ULL << k;
    return m;
}

/* The kinds of the cards a source walks. */
static Kinds source_kinds(KindFlow *f, const Node *src)
{
    int z = src->kind == N_SOURCE ? zone_of(src->in) : -1;
    if (z < 0)
        return ALL_KINDS;
    return f->zone[z] & filter_kinds(f->g, src);
}

/* A local or a parameter of the proc being walked: 'this' of a clause
 * holds a card of its effect. The block of an 'at' is a proc without
 * parameters that reads those of the rule it is written in: any card. */
static Kinds var_kinds(KindFlow *f, const Sym *sym)
{
    if (sym->kind == S_LOCAL)
        return f->local[f->fn->index][sym->index];
    const Node *params = f->fn->decl->params;
    const Node *c = f->fn->clause, *pthis = params ? params->next : NULL;
    if (c && pthis && sym == pthis->sym)
        return kinds_with_effect(f->g, sema_effect_of_clause(f->g, c));
    return ALL_KINDS;
}

static Kinds kinds_of(KindFlow *f, const Node *e)
{
    switch (e->kind) {
    case N_NONELIT:
        return 0;
    case N_IDENT:
        return e->sym && (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM)
               ? var_kinds(f, e->sym) : ALL_KINDS;
    case N_TOPCARD: {
        int z = zone_of(e->zone);
        return z < 0 ? ALL_KINDS : f->zone[z];
    }
    case N_CALL:
        return !e->sym && e->builtin == B_FIRST && e->args ? source_kinds(f, e->args)
                                                           : ALL_KINDS;
    case N_CHOOSECARD:
        return source_kinds(f, e->src);
    default:
        return ALL_KINDS;
    }
}

/* Adds more to set; true if it grew. */
static bool grow(Kinds *set, Kinds more)
{
    if ((*set | more) == *set)
        return false;
    *set |= more;
    return true;
}

/* Proc p is to be walked (again), unless it waits already. */
static void enqueue(KindFlow *f, int p)
{
    const Sym *fn = f->g->procs.items[p];
    if (f->queued[p] || fn->decl->sym)
        return; /* an 'at' block: walked with its rule, whose slots it uses */
    f->queued[p] = true;
    f->queue[f->tail] = p;
    f->tail = (f->tail + 1) % (f->g->procs.len + 1);
}

/* A zone that grows: the procs that name it are walked again. */
static void grow_zone(KindFlow *f, const Node *z, Kinds more)
{
    int i = zone_of(z);
    if (i < 0 || !grow(&f->zone[i], more))
        return;
    for (int k = f->reader_at[i]; k < f->reader_at[i + 1]; k++)
        enqueue(f, f->readers[k]);
}

static void grow_local(KindFlow *f, const Sym *sym, Kinds more)
{
    if (sym && sym->kind == S_LOCAL && sym->type == T_CARD)
        f->changed |= grow(&f->local[f->fn->index][sym->index], more);
}

/* ast_walk: what one statement adds to the sets. */
static void visit_flow(Node *n, void *ctx)
{
    KindFlow *f = ctx;
    switch (n->kind) {
    case N_LET:     grow_local(f, n->sym, kinds_of(f, n->init)); break;
    case N_ASSIGN:  if (n->target->kind == N_IDENT)
                        grow_local(f, n->target->sym, kinds_of(f, n->rhs));
                    break;
    case N_MOVE:    grow_zone(f, n->to, kinds_of(f, n->card)); break;
    case N_MOVEALL: grow_zone(f, n->to, source_kinds(f, n->cards)); break;
    case N_CHOOSECARDS: grow_zone(f, n->into, source_kinds(f, n->src)); break;
    case N_PLAY: {
        Kinds k = kinds_of(f, n->card);
        if (n->to)
            grow_zone(f, n->to, k);
        grow(&f->played, k);
        break;
    }
    default: break;
    }
}

/* Does any effect have a play clause? */
static bool has_play_clause(const Game *g)
{
    for (int k = 0; k < g->cs->ncards; k++)
        if (g->play_of[k])
            return true;
    return false;
}

/* ast_walk: a zone named in the body of proc f->fn (read or written):
 * counted in reader_at (readers NULL), else entered in readers. */
static void note_reader(Node *n, void *ctx)
{
    KindFlow *f = ctx;
    int z = n->kind == N_IDENT && n->type == T_ZONE ? n->value : -1;
    if (z < 0 || z >= f->g->zones.len)
        return;
    if (f->readers)
        f->readers[f->reader_at[z + 1]++] = f->fn->index;
    else
        f->reader_at[z + 2]++;
}

/* The procs that name each zone, by counting sort: counts at [z + 2],
 * which become the starts at [z + 1], which the fill moves on to the
 * ends: the starts at [z]. */
static void find_readers(Sema *s, KindFlow *f)
{
    const Game *g = s->g;
    f->reader_at = arena_alloc(s->arena, sizeof(int) * (size_t)(g->zones.len + 2));
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < g->procs.len; i++) {
            f->fn = g->procs.items[i];
            if (!f->fn->decl->sym)
                ast_walk(f->fn->decl->body, note_reader, f);
        }
        if (pass == 1)
            break;
        for (int z = 0; z < g->zones.len; z++)
            f->reader_at[z + 2] += f->reader_at[z + 1];
        f->readers = arena_alloc(s->arena, sizeof(int) *
                                           (size_t)(f->reader_at[g->zones.len + 1] + 1));
    }
}

/* The kinds a 'play' may hold: grows the sets until they hold, walking
 * every proc once, then again those a grown set may change. */
static Kinds played_kinds(Sema *s)
{
    const Game *g = s->g;
    if (g->cs->ncards > 64 || g->zones.len == 0)
        return ALL_KINDS;
    KindFlow f = {.g = g};
    size_t np = (size_t)g->procs.len + 1;
    f.zone = arena_alloc(s->arena, sizeof *f.zone * (size_t)g->zones.len);
    f.zone[0] = ALL_KINDS;
    f.local = arena_alloc(s->arena, sizeof *f.local * np);
    f.queue = arena_alloc(s->arena, sizeof *f.queue * np);
    f.queued = arena_alloc(s->arena, sizeof *f.queued * np);
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        f.local[i] = arena_alloc(s->arena, sizeof **f.local * (size_t)(p->decl->nlocals + 1));
    }
    find_readers(s, &f);
    for (int i = 0; i < g->procs.len; i++)
        enqueue(&f, i);
    while (f.head != f.tail) {
        int p = f.queue[f.head];
        f.head = (f.head + 1) % (int)np;
        f.queued[p] = false;
        f.fn = g->procs.items[p];
        f.changed = false;
        ast_walk(f.fn->decl->body, visit_flow, &f);
        if (f.changed) /* its own locals grew: what reads them is in it */
            enqueue(&f, p);
    }
    return f.played;
}

/* The play clause of effect e, or NULL. */
static const Node *play_clause(const Node *e)
{
    const Node *c = e->clauses;
    while (c && c->clause_kind != CLAUSE_PLAY)
        c = c->next;
    return c;
}

/* Without any 'play' in the rules, one warning for all the effects, at the
 * first. */
static void warn_no_play(Sema *s)
{
    const Game *g = s->g;
    const Node *first = NULL;
    int n = 0;
    for (int i = 0; i < g->effects.len; i++) {
        const Node *c = play_clause(g->effects.items[i]);
        if (c && c->sym && kinds_with_effect(g, g->effects.items[i])) {
            first = first ? first : c;
            n++;
        }
    }
    if (n == 1)
        diag_warning(s->diags, first->loc, "this effect can never run: no rule plays a card "
                                           "('play CARD by PLAYER')");
    else if (n > 1)
        diag_warning(s->diags, first->loc, "this effect and %d more can never run: no rule "
                                           "plays a card ('play CARD by PLAYER')", n - 1);
}

void warn_effects_never_run(Sema *s)
{
    const Game *g = s->g;
    if (!has_play_clause(g))
        return;
    if (g->plays.len == 0) {
        warn_no_play(s);
        return;
    }
    Kinds played = played_kinds(s);
    if (played == ALL_KINDS)
        return;
    for (int i = 0; i < g->effects.len; i++) {
        const Node *e = g->effects.items[i], *c = play_clause(e);
        Kinds mine = kinds_with_effect(g, e);
        if (!c || !c->sym || !mine || (mine & played)) /* !mine: no card has it (an error) */
            continue;
        diag_warning(s->diags, c->loc, "this effect can never run: no 'play' of the rules can "
                                       "play a card of it");
    }
}
