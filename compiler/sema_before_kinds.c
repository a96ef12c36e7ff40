/* sema_before_kinds.c: an `instead of` or `react to` clause that gives an
 * event a card of a type the event does not take.
 *
 * The body of such a clause may assign the names its pattern binds, which
 * changes the event (docs/LANGUAGE.md, "Prevention"). Where the event's
 * parameter is typed by a card type (`event destroy(loc: location)`), the
 * card assigned must be of that type:
 *   - mark_before_kind_checks notes, in Handler.kind_checked, each bound
 *     name that the body assigns and whose parameter is so typed: the C of
 *     the clause checks its type as the clause returns, and a card of
 *     another type (or none) faults there, naming the clause's line
 *     (cgen_reactions.c, gen_before_epilogue);
 *   - check_before_kinds, where the kinds of cards are known (sema_kinds.c),
 *     refuses an assignment whose card can never be of that type: an error
 *     at the value assigned. */
#include "sema_int.h"

/* The event parameter that bound name slot `slot` of clause h stands for,
 * when it is typed by a card type; else NULL. */
static const Node *typed_param(const Game *g, const Handler *h, int slot)
{
    if (h->event < EV_USER || slot < 0 || slot >= h->nbound)
        return NULL;
    const Sym *ev = g->events.items[h->event - EV_USER];
    const Node *p = ev->decl->params;
    for (int i = 0; p && i < slot; i++)
        p = p->next;
    return p && p->value >= 0 ? p : NULL;
}

/* The slot of the bound name an assignment n sets, or -1. */
static int assigned_slot(const Node *n)
{
    if (n->kind != N_ASSIGN || n->assign_op != ASSIGN_SET || n->target->kind != N_IDENT)
        return -1;
    const Sym *sym = n->target->sym;
    return sym && sym->kind == S_PARAM ? sym->index : -1;
}

typedef struct BeforeWalk {
    Sema *s;
    Handler *h;
} BeforeWalk;

static void visit_mark(const Node *n, void *ctx)
{
    BeforeWalk *w = ctx;
    int slot = assigned_slot(n);
    if (typed_param(w->s->g, w->h, slot))
        w->h->kind_checked |= 1u << slot;
}

void mark_before_kind_checks(Sema *s)
{
    for (int i = 0; i < s->g->befores.len; i++) {
        BeforeWalk w = {s, s->g->befores.items[i]};
        if (w.h->proc)
            ast_walk_const(w.h->proc->decl->body, visit_mark, &w);
    }
}

/* stmt: IDENT '=' expr, IDENT a bound name typed by a card type: the card
 * assigned can never be of that type. */
static void visit_check(Node *n, void *ctx)
{
    BeforeWalk *w = ctx;
    int slot = assigned_slot(n);
    const Node *p = typed_param(w->s->g, w->h, slot);
    if (!p)
        return;
    const CardSet *cs = w->s->cs;
    Kinds want = kinds_of_type(cs, p->value), got = kinds_of_expr(w->s->kinds, n->rhs);
    if (!want || (got & want))
        return; /* no card of the type at all: said where the type is */
    const Sym *ev = w->s->g->events.items[w->h->event - EV_USER];
    const char *type = cs->types[p->value]->name;
    Loc at = sema_expr_loc(n->rhs);
    if (got)
        diag_error(w->s->diags, at, "event '%s' takes a card of type '%s' as '%s', and this "
                   "clause gives it a card that is never one: a card of type %s", ev->name,
                   type, p->name, kinds_types(w->s, got));
    else
        diag_error(w->s->diags, at, "event '%s' takes a card of type '%s' as '%s', and this "
                   "clause gives it no card", ev->name, type, p->name);
}

void check_before_kinds(Sema *s)
{
    for (int i = 0; i < s->g->befores.len; i++) {
        BeforeWalk w = {s, s->g->befores.items[i]};
        if (w.h->kind_checked && w.h->proc)
            kinds_walk(s->kinds, w.h->proc->decl->body, visit_check, &w);
    }
}
