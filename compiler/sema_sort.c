/* sema_sort.c: `sort ZONE by KEY, ...` (LANGUAGE.md §3, "Sorting a
 * zone"): the zone is an ordered one, each key is `type`, `name` or an
 * attribute of the cards, named once. The emitter hands the keys to
 * sort_zone (runtime/rt_game.h). */
#include "sema_int.h"

#include <string.h>

/* The declaration of the zone zone expression e names, or NULL. */
static const Node *zone_decl_of(const Node *e)
{
    const Node *b = e->kind == N_INDEX ? e->base : e;
    if (b->kind == N_IDENT && b->sym && b->sym->kind == S_ZONE)
        return b->sym->decl;
    return NULL;
}

/* A key of `sort`: its attr, or false (and an error) for an unknown one. */
static bool sort_key(Sema *s, Node *k)
{
    if (!strcmp(k->name, "type")) {
        k->attr = ATTR_TYPE;
        return true;
    }
    if (!strcmp(k->name, "name")) {
        k->attr = ATTR_NAME;
        return true;
    }
    Attr *at = cards_find_attr(s->cs, k->name);
    if (!at) {
        int nn;
        const char **names = attribute_names(s, &nn);
        error_unknown(s, k->loc, "attribute", k->name, names, nn);
        return false;
    }
    k->attr = at->index;
    return true;
}

/* stmt: SORT expr BY names */
void check_sort(Sema *s, Node *n)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "'sort' needs a proc: a func cannot change the order of "
                                     "a zone");
    Type t = check_expr(s, n->zone);
    expect_type(s, n->zone, T_ZONE, t, "what is sorted");
    const Node *z = t == T_ZONE ? zone_decl_of(n->zone) : NULL;
    if (z && !(z->zflags & ZF_ORDERED))
        diag_error(s->diags, n->zone->loc, "zone '%s' keeps no order to sort: declare it "
                                           "'ordered' (a zone that is not lists its cards in "
                                           "an order of its own)", z->name);
    for (Node *k = n->by; k; k = k->next) {
        if (!sort_key(s, k))
            continue;
        for (const Node *e = n->by; e != k; e = e->next)
            if (e->attr == k->attr && strcmp(e->name, k->name) == 0) {
                diag_error(s->diags, k->loc, "'%s' is a key of this sort already: a second "
                                             "time it orders nothing", k->name);
                break;
            }
    }
}
