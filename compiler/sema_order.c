/* sema_order.c: checking `triggers chosen by controller`.
 *
 * The declaration lets a player choose the order of their own triggers
 * that fire at once: when one event fires two or more `on` clauses of
 * cards in play under the same controller, that player chooses which
 * resolves next, until one is left (docs/LANGUAGE.md, "The order of
 * triggers"). The choice is asked by the runtime's drain (rt_game.h,
 * "---- events", GAME_HAS_TRIGGER_ORDER); the checker gives it its question
 * and a label for each card's `on` clause, which the options show after
 * the card's name ("Janitor: on c enters discard"). */
#include "sema_int.h"

#include <string.h>

/* decl: IDENT IDENT BY IDENT ('triggers chosen by WHO'; the parser
 * checked the first two words). */
void declare_trigger_order(Sema *s, Node *n)
{
    if (strcmp(n->name, "controller")) {
        diag_error(s->diags, n->how->loc, "triggers are chosen by 'controller' (the player "
                                          "who controls the cards), not by '%s'", n->name);
        return;
    }
    if (s->g->order_chosen) {
        diag_error(s->diags, n->loc, "'triggers chosen by controller' is given twice (first "
                                     "at line %d)", s->g->order_loc.line);
        return;
    }
    s->g->order_chosen = true;
    s->g->order_loc = n->loc;
}

bool trigger_order(const Game *g)
{
    if (!g->order_chosen)
        return false;
    for (int i = 0; i < g->handlers.len; i++)
        if (((const Handler *)g->handlers.items[i])->effect)
            return true;
    return false;
}

/* The zone of a pattern as written: `discard`, `field[q]`. */
static void put_zone(Buf *b, const Node *z)
{
    if (z->kind == N_INDEX && z->base->kind == N_IDENT && z->index->kind == N_IDENT)
        buf_printf(b, "%s[%s]", z->base->name, z->index->name);
    else if (z->kind == N_INDEX && z->base->kind == N_IDENT)
        buf_printf(b, "%s[...]", z->base->name);
    else if (z->kind == N_IDENT)
        buf_puts(b, z->name);
    else
        buf_puts(b, "...");
}

/* The label of a card's `on` clause: its pattern as written, without its
 * `where` ("on c enters discard", "on destroy(l)", "on start of turn"). */
static const char *clause_label(Sema *s, const Node *pat)
{
    Buf b = {0};
    buf_puts(&b, "on ");
    switch (pat->pat_kind) {
    case PAT_ENTERS:
    case PAT_LEAVES:
        buf_printf(&b, "%s %s ", pat->name, pattern_kind_name(pat->pat_kind));
        put_zone(&b, pat->zone);
        if (pat->from) {
            buf_puts(&b, " from ");
            put_zone(&b, pat->from);
        }
        break;
    case PAT_PLAYED:
        buf_printf(&b, "%s played", pat->name);
        break;
    case PAT_EVENT:
        buf_printf(&b, "%s(", pat->name);
        for (const Node *a = pat->args; a; a = a->next)
            buf_printf(&b, "%s%s", a == pat->args ? "" : ", ", a->name);
        buf_puts(&b, ")");
        break;
    case PAT_START:
    case PAT_END:
        buf_printf(&b, "%s %s", pattern_kind_name(pat->pat_kind), pat->name);
        break;
    }
    const char *text = arena_printf(s->arena, "%s", b.data);
    buf_free(&b);
    return text;
}

/* Once every rule is checked: a declaration with no card's `on` clause to
 * order is a warning; otherwise the question and the clauses' labels. */
void finish_trigger_order(Sema *s)
{
    Game *g = s->g;
    if (!g->order_chosen)
        return;
    if (!trigger_order(g)) {
        diag_warning(s->diags, g->order_loc, "'triggers chosen by controller' has nothing to "
                                             "order: no card's effect has an `on` clause");
        return;
    }
    g->order_prompt = intern_str(s, &g->prompts, &s->prompt_ix,
                                 "Which of your triggers resolves next?");
    g->order_label = arena_alloc(s->arena, sizeof *g->order_label * (size_t)g->handlers.len);
    for (int i = 0; i < g->handlers.len; i++) {
        const Handler *h = g->handlers.items[i];
        g->order_label[i] = -1;
        if (h->effect && h->clause->pattern)
            g->order_label[i] = intern_str(s, &g->labels, &s->label_ix,
                                           clause_label(s, h->clause->pattern));
    }
}
