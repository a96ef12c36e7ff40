/* sema_move_befores.c: checking `instead of` and `react to` clauses
 * before a card moving (`instead of c enters Z [from Z2]`, `react to c
 * leaves Z`: docs/LANGUAGE.md §8, "Before a card moves").
 *
 * Such a clause runs before one card's move. At a `move CARD to ZONE`
 * statement or the move of `play CARD to ZONE` (statements of a proc:
 * every proc is resumable) anything may run, and a reaction window waits
 * there for its answers. A `move all` and a `choose cards ... into` move
 * their cards inside a helper of plain C, where nothing can wait: there
 * only an `instead of` clause whose body cannot wait runs before each card
 * (no decision, no move, no play, no event raised, no unit of time: it
 * runs as a plain call), and cardc refuses a `react to` clause or an
 * `instead of` clause that could wait that such a move could need. The
 * cards dropping from a holder that left play must all go: no clause may
 * be before their move. The clause's bound names (the card, the seats of
 * the zones) are read-only: the move's card and zones cannot be changed;
 * the clause cancels the move and moves a card itself instead. */
#include "sema_int.h"

/* Is h a clause before a card moving? */
bool before_move_clause(const Handler *h)
{
    return h->event == EV_ENTERS || h->event == EV_LEAVES;
}

/* stmt: ASSIGN whose target is an IDENT: a bound name of a clause before
 * a card moving (the card, a zone's seat) cannot be assigned. */
void check_before_assign(Sema *s, const Node *target)
{
    const Node *c = s->clause;
    const Sym *sym = target->sym;
    if (!c || (c->clause_kind != CLAUSE_INSTEAD && c->clause_kind != CLAUSE_REACT) || !sym ||
        sym->kind != S_PARAM || c->handler_no < 0 || c->handler_no >= s->g->befores.len)
        return;
    const Handler *h = s->g->befores.items[c->handler_no];
    if (!before_move_clause(h) || sym->index < 0 || sym->index >= h->nbound)
        return;
    diag_error(s->diags, target->loc, "'%s' is bound by the move this clause runs before: the "
                                      "card and the zones of a move cannot be changed ('cancel' "
                                      "it, then move a card yourself)", target->name);
}

/* ---- what may wait ---- */

typedef struct WaitWalk {
    const Game *g;
    int *seen;          /* per proc of Game.procs: the walk that saw it last */
    int walk;           /* this walk's number (from 1) */
    const Node *found;  /* the first statement that may wait */
} WaitWalk;

static void wait_list(WaitWalk *w, const Node *n);

/* May node n wait (or start something that may: a drain of triggers)? */
static void wait_node(WaitWalk *w, const Node *n)
{
    switch (n->kind) {
    case N_CHOOSECARD: case N_CHOOSEPLAYER: case N_CHOOSEVALUE: case N_CHOOSECARDS: case N_ASK:
    case N_MENU:
    case N_MOVE: case N_MOVEALL: case N_PLAY: case N_TURN: case N_ROUND: case N_PHASE:
        w->found = n;
        return;
    case N_AT: /* its block runs later, at a boundary, where it may wait */
        return;
    case N_CALL:
        if (n->sym && n->sym->kind == S_EVENT) {
            w->found = n;
            return;
        }
        if (n->sym && n->sym->kind == S_PROC && n->sym->index >= 0 &&
            n->sym->index < w->g->procs.len && w->seen[n->sym->index] != w->walk) {
            w->seen[n->sym->index] = w->walk;
            wait_list(w, n->sym->decl->body);
        }
        break;
    default:
        break;
    }
    for (int i = 0; i < NKIDS && !w->found; i++)
        wait_list(w, n->kid[i]);
}

static void wait_list(WaitWalk *w, const Node *n)
{
    for (; n && !w->found; n = n->next)
        wait_node(w, n);
}

/* The first statement of the body of clause h (or of a proc it calls) that
 * may wait, or NULL: a clause that cannot wait runs as a plain call. The
 * walks share w's marks, each walk its own number: one int per proc in
 * all, not one flag per proc for every clause. */
static const Node *clause_waits(WaitWalk *w, const Handler *h)
{
    w->walk++;
    w->found = NULL;
    wait_list(w, h->clause->body);
    return w->found;
}

/* ---- the moves where nothing can wait ---- */

/* One move of many cards at once: where it is written (NULL for a held
 * zone's drop), what it is, the zone its cards leave (-1: any) and the
 * zone they enter. */
typedef struct BulkMove {
    const Node *at;
    const char *what;
    int from, to;
} BulkMove;

/* May clause h run before a card of move m? By the zones alone. */
static bool clause_hears(const Handler *h, const BulkMove *m)
{
    const Node *pat = h->clause->pattern;
    if (pat->zone_no < 0)
        return false;
    if (h->event == EV_LEAVES)
        return m->from < 0 || m->from == pat->zone_no;
    return m->to == pat->zone_no &&
           (pat->from_zone < 0 || m->from < 0 || m->from == pat->from_zone);
}

typedef struct BulkCheck {
    Sema *s;
    bool *reported;         /* per clause of Game.befores: refused already */
    const Node **waits;     /* per `instead of` clause: what in it may wait */
} BulkCheck;

/* The clause h cannot run at move m (waits: the statement of its body
 * that may wait, for an `instead of`): an error at the clause, notes at
 * what waits and at the move. */
static void refuse(BulkCheck *b, int i, const BulkMove *m, const Node *waits)
{
    const Handler *h = b->s->g->befores.items[i];
    const Node *pat = h->clause->pattern;
    const Node *z = b->s->g->zones.items[pat->zone_no];
    const char *kind = clause_kind_name(h->clause->clause_kind);
    const char *dir = h->event == EV_ENTERS ? "entering" : "leaving";
    b->reported[i] = true;
    if (!m->at)
        diag_error(b->s->diags, pat->loc, "'%s' before a card %s '%s': the cards under a "
                                          "holder that leaves play drop all together, and "
                                          "their move cannot be prevented or reacted to",
                   kind, dir, z->name);
    else if (h->clause->clause_kind == CLAUSE_REACT)
        diag_error(b->s->diags, pat->loc, "'react to' before a card %s '%s' would open its "
                                          "window inside a %s, where nothing can wait; only a "
                                          "'move' of one card or the move of 'play ... to' "
                                          "can be reacted to", dir, z->name, m->what);
    else
        diag_error(b->s->diags, pat->loc, "'instead of' before a card %s '%s' runs inside a %s, "
                                          "where nothing can wait: its body may not decide, "
                                          "move or play a card, raise an event or start a "
                                          "unit of time", dir, z->name, m->what);
    if (waits)
        diag_note(b->s->diags, waits->loc, "this may wait");
    if (m->at)
        diag_note(b->s->diags, m->at->loc, "this %s may move a card %s '%s'", m->what,
                  h->event == EV_ENTERS ? "into" : "out of", z->name);
    else
        diag_note(b->s->diags, ((const Node *)b->s->g->zones.items[m->from])->loc,
                  "the cards under a holder that leaves play drop from '%s'",
                  ((const Node *)b->s->g->zones.items[m->from])->name);
}

/* Every clause before a card moving that move m could need. */
static void check_bulk(BulkCheck *b, const BulkMove *m)
{
    for (int i = 0; i < b->s->g->befores.len; i++) {
        const Handler *h = b->s->g->befores.items[i];
        if (b->reported[i] || !before_move_clause(h) || !clause_hears(h, m))
            continue;
        if (!m->at || h->clause->clause_kind == CLAUSE_REACT)
            refuse(b, i, m, NULL);
        else if (b->waits[i])
            refuse(b, i, m, b->waits[i]);
    }
}

/* A node of a rule's body: a `move all` or a `choose cards ... into`. */
static void bulk_node(const Node *n, void *ctx)
{
    BulkMove m = {.at = n, .from = -1};
    if (n->kind == N_MOVEALL) {
        m.what = "'move all'";
        m.to = sema_zone_no(n->to);
        if (n->cards && n->cards->src_kind == SRC_ZONE)
            m.from = sema_zone_no(n->cards->in);
    } else if (n->kind == N_CHOOSECARDS && n->into) {
        m.what = "'choose cards ... into'";
        m.to = sema_zone_no(n->into);
        if (n->src && n->src->src_kind == SRC_ZONE)
            m.from = sema_zone_no(n->src->in);
    } else {
        return;
    }
    check_bulk(ctx, &m);
}

/* Once every rule is checked: the clauses before a card moving that a
 * move of many cards at once could need, where they cannot run, are
 * refused (the moves of the rules' procs, the cards' clauses and the
 * events' bodies, and the drops of held zones). */
void check_move_befores(Sema *s)
{
    const Game *g = s->g;
    bool any = false;
    for (int i = 0; i < g->befores.len; i++)
        any |= before_move_clause(g->befores.items[i]);
    if (!any)
        return;
    BulkCheck b = {.s = s, .reported = arena_alloc(s->arena, sizeof(bool) * (size_t)g->befores.len),
                   .waits = arena_alloc(s->arena, sizeof *b.waits * (size_t)g->befores.len)};
    WaitWalk w = {.g = g, .seen = arena_alloc(s->arena, sizeof(int) * ((size_t)g->procs.len + 1))};
    for (int i = 0; i < g->procs.len; i++)
        w.seen[i] = 0;
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        b.reported[i] = false;
        b.waits[i] = before_move_clause(h) && h->clause->clause_kind == CLAUSE_INSTEAD
                         ? clause_waits(&w, h) : NULL;
    }
    for (int i = 0; i < g->procs.len; i++)
        ast_walk_const(((const Sym *)g->procs.items[i])->decl->body, bulk_node, &b);
    for (int i = 0; i < g->events.len; i++)
        ast_walk_const(((const Sym *)g->events.items[i])->decl->body, bulk_node, &b);
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if ((z->zflags & ZF_HELD) && z->sym) {
            BulkMove m = {.at = NULL, .what = "the drop of a held zone", .from = z->zone_no,
                          .to = z->sym->index};
            check_bulk(&b, &m);
        }
        for (const Node *f = (z->zflags & ZF_HELD) ? first_fate(z) : NULL; f; f = f->next)
            if (fate_drop_zone(f)) {
                BulkMove m = {.at = NULL, .what = "the drop of a held zone",
                              .from = z->zone_no, .to = fate_drop_zone(f)->index};
                check_bulk(&b, &m);
            }
    }
}
