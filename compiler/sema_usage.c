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
 *     game, is how games take one out (tests/games/single-lab).
 *
 * Every statement and expression of the rules and of the cards' effects is
 * walked once, each name with its role: written (the target of an
 * assignment, the zone a move puts cards into), left as it is (the zone of
 * `shuffle` and `sort`) or read (anything else). What no rule reaches is
 * walked too (its reads count): warn_unused (sema.c) reports it already. */
#include "sema_int.h"

/* How a name is used where it is written. */
typedef enum Role { ROLE_READ, ROLE_WRITE, ROLE_KEEP } Role;

/* The first read and the first write of a variable or a zone, or NULL;
 * for a zone, the first `move all` into it too. */
typedef struct Use {
    const Node *read, *write, *bulk;
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
    else if (role == ROLE_READ && !use->read)
        use->read = at;
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
    if (use && !(role == ROLE_READ && sym == self))
        note_use(use, n, role == ROLE_KEEP ? ROLE_READ : role);
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
        visit_dest(u, n, n->to, self);
        return;
    case N_MOVE: case N_PLAY:
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
}
