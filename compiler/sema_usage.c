/* sema_usage.c: what is written and never read, or read and never
 * written (issue 21's "validation of meaning"), as warnings:
 *
 *   - a variable written but never read: no rule, score, end or view reads
 *     it (a public or owner variable is read by the views: players see
 *     it). `x += 1` and `x = x + 1` write x; what they read of x itself is
 *     read for x alone, so it is no reader;
 *   - a variable read but never written: every read gives its first value;
 *   - a zone that a `move all` sends a group of cards to, and that nothing
 *     ever reads: no rule, score, end or choice looks at it (a source,
 *     top(), size(), `in`, a `move all` out of it, a handler of a card
 *     entering or leaving it), no view shows it (it is hidden), its cards
 *     are not in play and do not react: whatever goes there is lost to the
 *     game. The warning is at the first `move all` there. A card moved
 *     there alone is not reported: burying a card face down, out of the
 *     game, is how games take one out (tests/games/single-lab);
 *   - a card kind never where a rule reads: every zone it may ever be in
 *     (Sema.kinds) is read by no rule for more than moving its cards on,
 *     and is not in play and does not react. A warning at the card.
 *
 * Every statement and expression of the rules and of the cards' effects is
 * walked once, each name with its role: written (the target of an
 * assignment, the zone a move puts cards into), left as it is (the zone of
 * `shuffle` and `sort`), only moved on (the zone of the `top(Z)` a move
 * takes, the source of a `move all`) or read (anything else). What no rule
 * reaches is walked too (its reads count): warn_unused (sema.c) reports
 * it already. */
#include "sema_int.h"

/* How a name is used where it is written. */
typedef enum Role { ROLE_READ, ROLE_WRITE, ROLE_KEEP, ROLE_MOVED } Role;

/* The first read and the first write of a variable or a zone, or NULL;
 * for a zone, the first `move all` into it too, and its first read that
 * does more than move its cards elsewhere (`used`: not the `top(Z)` of a
 * move, not the source of a `move all`). */
typedef struct Use {
    const Node *read, *write, *bulk, *used;
} Use;

typedef struct Usage {
    Sema *s;
    Use *vars;          /* game variables, then per-player, then per-card */
    Use *zones;         /* per zone (Game.zones) */
} Usage;

static void visit(Usage *u, Node *n, Role role, const Sym *self);

/* The Use of variable sym, or NULL for any other name. */
static Use *var_use(Usage *u, const Sym *sym)
{
    const Game *g = u->s->g;
    switch (sym->kind) {
    case S_GLOBAL: return &u->vars[sym->index];
    case S_PVAR:   return &u->vars[g->globals.len + sym->index];
    case S_CVAR:   return &u->vars[g->globals.len + g->pvars.len + sym->index];
    default:       return NULL;
    }
}

static void note_use(Use *use, const Node *at, Role role)
{
    if (role == ROLE_WRITE && !use->write)
        use->write = at;
    if ((role == ROLE_READ || role == ROLE_MOVED) && !use->read)
        use->read = at;
    if (role == ROLE_READ && !use->used)
        use->used = at;
}

/* A name: a variable or a zone, in the role it is written in. A read of
 * the variable being assigned (`self`) is no reader of it. */
static void visit_ident(Usage *u, const Node *n, Role role, const Sym *self)
{
    const Sym *sym = n->sym;
    if (!sym)
        return;
    if (sym->kind == S_ZONE) {
        note_use(&u->zones[sym->index], n, role);
        return;
    }
    Use *use = var_use(u, sym);
    if (use && role != ROLE_WRITE)
        role = ROLE_READ;
    if (use && !(role == ROLE_READ && sym == self))
        note_use(use, n, role);
}

/* The variable an assignment's target names (`x`, `points[p]`), or NULL. */
static const Sym *target_var(const Node *t)
{
    if (t && t->kind == N_INDEX)
        t = t->base;
    return t && t->kind == N_IDENT && t->sym && t->sym->kind != S_ZONE ? t->sym : NULL;
}

/* A handler's (or a window's) pattern hears a card entering or leaving
 * its zones: it reads them. */
static void visit_pattern(Usage *u, const Node *p)
{
    if (p->pat_kind != PAT_ENTERS && p->pat_kind != PAT_LEAVES)
        return;
    int zones = u->s->g->zones.len;
    if (p->zone_no >= 0 && p->zone_no < zones)
        note_use(&u->zones[p->zone_no], p, ROLE_READ);
    if (p->pat_kind == PAT_ENTERS && p->from_zone >= 0 && p->from_zone < zones)
        note_use(&u->zones[p->from_zone], p, ROLE_READ);
}

/* Visits the children of n in order, child k in role roles[k] (ROLE_READ
 * where roles is NULL). */
static void visit_kids(Usage *u, Node *n, const Role *roles, const Sym *self)
{
    for (int k = 0; k < NKIDS; k++)
        visit(u, n->kid[k], roles ? roles[k] : ROLE_READ, self);
}

/* The kids of a statement that puts cards into a zone: that zone (`to`,
 * `into`) is written, the rest read. */
static void visit_dest(Usage *u, Node *n, Node *dest, const Sym *self)
{
    Role roles[NKIDS];
    for (int k = 0; k < NKIDS; k++)
        roles[k] = n->kid[k] && n->kid[k] == dest ? ROLE_WRITE : ROLE_READ;
    visit_kids(u, n, roles, self);
}

/* What a move takes: `top(Z)` or the source of a `move all` only moves
 * Z's cards (ROLE_MOVED); anything else is read. */
static void visit_moved(Usage *u, Node *n, const Sym *self)
{
    if (n && n->kind == N_TOPCARD) {
        visit(u, n->zone, ROLE_MOVED, self);
    } else if (n && n->kind == N_SOURCE && n->src_kind == SRC_ZONE) {
        visit(u, n->in, ROLE_MOVED, self);
        visit(u, n->filter, ROLE_READ, self);
    } else {
        visit(u, n, ROLE_READ, self);
    }
}

/* A move: its card (or cards) moved, its zone written, its position read. */
static void visit_move(Usage *u, Node *n, const Sym *self)
{
    Node *what = n->kind == N_MOVE ? n->card : n->cards;
    visit_moved(u, what, self);
    visit(u, n->to, ROLE_WRITE, self);
    visit(u, n->pos, ROLE_READ, self);
}

/* `move all ... to Z`: a group of cards sent to Z at once. */
static void note_bulk(Usage *u, const Node *to)
{
    if (to && to->kind == N_INDEX)
        to = to->base;
    if (to && to->kind == N_IDENT && to->sym && to->sym->kind == S_ZONE &&
        !u->zones[to->sym->index].bulk)
        u->zones[to->sym->index].bulk = to;
}

/* One node (not its list): its role passes to the base of an INDEX (the
 * zone or the variable indexed), never to what indexes it. */
static void visit_one(Usage *u, Node *n, Role role, const Sym *self)
{
    switch (n->kind) {
    case N_ZONEDECL: case N_VARDECL:   /* flags and constants */
        return;
    case N_IDENT:
        visit_ident(u, n, role, self);
        return;
    case N_INDEX:
        visit(u, n->base, role, self);
        visit(u, n->index, ROLE_READ, self);
        return;
    case N_ASSIGN:
        visit(u, n->target, ROLE_WRITE, self);
        visit(u, n->rhs, ROLE_READ, target_var(n->target));
        return;
    case N_MOVEALL:
        note_bulk(u, n->to);
        visit_move(u, n, self);
        return;
    case N_MOVE:
        visit_move(u, n, self);
        return;
    case N_PLAY:
        visit_dest(u, n, n->to, self);
        return;
    case N_CHOOSECARDS:
        visit_dest(u, n, n->into, self);
        return;
    case N_CLAUSE:
        visit_dest(u, n, n->clause_kind == CLAUSE_REACT ? n->into : NULL, self);
        return;
    case N_SHUFFLE: case N_SORT:
        visit(u, n->zone, ROLE_KEEP, self);
        return;
    case N_PATTERN:
        visit_pattern(u, n);
        break;
    default:
        break;
    }
    visit_kids(u, n, NULL, self);
}

static void visit(Usage *u, Node *n, Role role, const Sym *self)
{
    for (; n; n = n->next)
        visit_one(u, n, role, self);
}

/* ---- what the uses prove ------------------------------------------------ */

/* Does a view show variable v to some player (`public`, `owner`)? */
static bool var_shown(const Node *v)
{
    return v->vis == VIS_PUBLIC || v->vis == VIS_OWNER;
}

/* Variable v, used as `use` says: written and never read, or read and
 * never written. (Neither: warn_unused reports it.) */
static void check_var(Usage *u, const Node *v, const Use *use)
{
    Diags *d = u->s->diags;
    if (use->write && !use->read && !var_shown(v) && !shown_watched(v)) {
        diag_warning(d, v->loc, "variable '%s' is written but never read: no rule, score or "
                     "end reads it, and it is hidden, so no view shows it either", v->name);
        diag_note(d, use->write->loc, "'%s' is written here", v->name);
    } else if (use->read && !use->write) {
        diag_warning(d, v->loc, "variable '%s' is read but never written: no rule ever "
                     "changes it, so every read gives its first value", v->name);
        diag_note(d, use->read->loc, "'%s' is read here", v->name);
    }
}

static void check_vars(Usage *u)
{
    const Game *g = u->s->g;
    const PtrVec *vecs[] = {&g->globals, &g->pvars, &g->cvars};
    int k = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < vecs[i]->len; j++, k++)
            check_var(u, vecs[i]->items[j], &u->vars[k]);
}

/* Does something other than a rule read zone z: a view (public, owner),
 * its cards' effects (in play), a reaction (reacts)? A held zone's cards
 * go with their holder: it is left out. */
static bool zone_read_without_rules(const Node *z)
{
    return z->vis != VIS_HIDDEN || (z->zflags & (ZF_IN_PLAY | ZF_REACTS | ZF_HELD));
}

static void check_zones(Usage *u)
{
    const Game *g = u->s->g;
    Diags *d = u->s->diags;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        const Use *use = &u->zones[i];
        if (!use->bulk || use->read || zone_read_without_rules(z))
            continue;
        diag_warning(d, use->bulk->loc, "every card this 'move all' keeps goes to zone '%s', "
                     "and nothing ever reads it: no rule, score, end or choice looks at it, "
                     "and it is hidden, so no view shows it: those cards are lost to the game",
                     z->name);
        diag_note(d, z->loc, "zone '%s' is declared here", z->name);
    }
}

/* Does a rule read zone z for more than moving its cards elsewhere, or do
 * its cards take effect or react there? */
static bool zone_read_by_rules(const Usage *u, int z)
{
    const Node *zd = u->s->g->zones.items[z];
    return u->zones[z].used || (zd->zflags & (ZF_IN_PLAY | ZF_REACTS));
}

/* "'deck' and 'box'": the zones of mask m (bit z: zone z). */
static const char *zone_list(Sema *s, const bool *in)
{
    const char *out = "", *last = NULL;
    int n = 0;
    for (int z = 0; z < s->g->zones.len; z++) {
        if (!in[z])
            continue;
        const char *name = ((const Node *)s->g->zones.items[z])->name;
        if (last)
            out = arena_printf(s->arena, "%s%s'%s'", out, n > 1 ? ", " : "", last);
        last = name;
        n++;
    }
    return n > 1 ? arena_printf(s->arena, "%s and '%s'", out, last)
                 : arena_printf(s->arena, "'%s'", last);
}

/* May card kind k ever be in a zone a rule reads? in[z]: may it be in z. */
static bool kind_read(const Usage *u, int k, bool *in)
{
    bool read = false;
    for (int z = 0; z < u->s->g->zones.len; z++) {
        in[z] = (kinds_in_zone(u->s->kinds, z) >> k) & 1;
        read |= in[z] && zone_read_by_rules(u, z);
    }
    return read;
}

/* The kinds sema_reach.c already reports ("nothing lets anyone draw or
 * play"): in a game that plays cards, those never played and never in a
 * player's zone or a zone in play. */
static Kinds kinds_never_drawn(const Usage *u)
{
    const Game *g = u->s->g;
    Kinds live = 0;
    for (int i = 0; i < g->plays.len; i++)
        live |= kinds_of_expr(u->s->kinds, ((const Node *)g->plays.items[i])->card);
    if (!live)
        return 0;
    for (int z = 0; z < g->zones.len; z++)
        if (((const Node *)g->zones.items[z])->zflags & (ZF_PER_PLAYER | ZF_IN_PLAY))
            live |= kinds_in_zone(u->s->kinds, z);
    return ~live;
}

/* The card kinds that can never reach a zone a rule reads (once the kinds
 * of sema_kinds.c are known: every card loaded, at most 64 kinds), a
 * warning at each, when some other kind does: a game none of whose cards
 * is ever read (tests/games/simul-fault-lab, a game of bids) is not about
 * its cards, and none is left out. A kind that sema_reach.c reports as
 * never drawn or played is not reported again. */
static void check_kinds_read(Usage *u)
{
    Sema *s = u->s;
    if (!s->kinds || s->cs->nleft_out)
        return;
    int n = s->cs->ncards < 64 ? s->cs->ncards : 64, nread = 0;
    bool *in = arena_alloc(s->arena, (size_t)(s->g->zones.len + 1) * sizeof *in);
    bool *read = arena_alloc(s->arena, (size_t)(n + 1) * sizeof *read);
    for (int k = 0; k < n; k++)
        nread += read[k] = kind_read(u, k, in);
    Kinds reported = kinds_never_drawn(u);
    for (int k = 0; k < n && nread > 0; k++) {
        if (read[k] || ((reported >> k) & 1) || kind_read(u, k, in))
            continue;
        const CardDef *cd = s->cs->cards[k];
        diag_warning(s->diags, cd->loc, "'%s' is never where a rule reads: it may only ever "
                     "be in %s, which no rule, score or end looks at, so it changes nothing "
                     "in any game", cd->name, zone_list(s, in));
    }
}

void check_usage(Sema *s, const Program *prog)
{
    const Game *g = s->g;
    Usage u = {.s = s};
    int nvars = g->globals.len + g->pvars.len + g->cvars.len;
    u.vars = arena_alloc(s->arena, (size_t)(nvars + 1) * sizeof *u.vars);
    u.zones = arena_alloc(s->arena, (size_t)(g->zones.len + 1) * sizeof *u.zones);
    for (int i = 0; i < prog->decls.len; i++)
        visit(&u, prog->decls.items[i], ROLE_READ, NULL);
    for (int i = 0; i < prog->effects.len; i++)
        visit(&u, prog->effects.items[i], ROLE_READ, NULL);
    check_vars(&u);
    check_zones(&u);
    check_kinds_read(&u);
}
