/* sema_self_holder.c: a card put under itself.
 *
 * A held zone has a slot under each card of its holder type (§2 of
 * docs/LANGUAGE.md). `move c to tucked[c]` (or `play c to tucked[c]`)
 * would put the card in its own slot: it would leave the table into a loop
 * of holders, in play with no controller. Where the card moved and the
 * holder of the slot are surely the same card, because they are written
 * the same (the same variable, parameter or `this`; `top(Z)` or
 * `bottom(Z)` of the same zone, both computed by the one statement before
 * anything moves), that is an error at the slot. A loop that only arises
 * at run time (c under d, then d under c) is the runtime's to catch. */
#include "sema_int.h"

/* Is z the slot of a held zone, written ZONE[holder]? */
static bool held_slot(const Node *z)
{
    const Node *id = z && z->kind == N_INDEX ? z->base : NULL;
    return id && id->kind == N_IDENT && id->sym && id->sym->kind == S_ZONE &&
           (id->sym->decl->zflags & ZF_HELD);
}

typedef struct SelfWalk {
    Sema *s;
    PtrVec seen;        /* the statements reported (an 'at' block is walked
                         * in its rule and as its own proc) */
} SelfWalk;

static bool seen_before(SelfWalk *w, const Node *n)
{
    for (int i = 0; i < w->seen.len; i++)
        if (w->seen.items[i] == n)
            return true;
    vec_push(w->s->arena, &w->seen, (void *)n);
    return false;
}

/* stmt: MOVE card TO zone '[' holder ']' | PLAY card ... TO zone '[' holder ']' */
static void visit_self_holder(const Node *n, void *ctx)
{
    SelfWalk *w = ctx;
    if ((n->kind != N_MOVE && n->kind != N_PLAY) || !held_slot(n->to) ||
        !sema_same_value(n->card, n->to->index) || seen_before(w, n))
        return;
    diag_error(w->s->diags, sema_expr_loc(n->to->index), "a card cannot be put under itself: "
               "the card %s is the holder of this slot of '%s'",
               n->kind == N_MOVE ? "moved" : "played", n->to->base->name);
}

void check_self_holders(Sema *s)
{
    SelfWalk w = {s, {0}};
    for (int i = 0; i < s->g->procs.len; i++) {
        const Sym *p = s->g->procs.items[i];
        ast_walk_const(p->decl->body, visit_self_holder, &w);
    }
}
