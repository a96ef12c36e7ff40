/* sema_prevent.c: a prevention that guards a different card from the one
 * its trigger names.
 *
 * In an `instead of` or `react to` clause whose pattern binds a card v,
 * with a `where` W, each `cancel` (and each `v = ...`, which changes the
 * card the event acts on) sits under the conditions G of the `if`s,
 * `while`s and options around it (an `else` under the `if`'s negation).
 * When some card of cards.yaml passes W, but none passes both W and G, as
 * read from the card alone (facts_eval_card: comparisons of v's type, name
 * and attributes with constants, `and`, `or`, `not`; anything else may
 * hold), that statement can never run when the clause does: an error at
 * it, saying what the trigger is for and what it acts on. A clause whose W
 * no card passes is left to sema_needs.c (it never runs at all). */
#include "sema_int.h"

#include <string.h>

enum { MAX_GUARDS = 32 };

typedef struct Guard {
    const Node *cond;
    bool negated;
} Guard;

typedef struct Prevent {
    Sema *s;
    const Handler *h;
    const Node *where;
    int slot;                   /* the bound card's frame slot */
    const char *var;            /* its name */
    Guard guards[MAX_GUARDS];
    int nguards;
} Prevent;

/* The conditions around the statement, for card kind cd: 0 when one
 * surely fails. */
static int guards_eval(const Prevent *p, const CardDef *cd)
{
    int all = 1;
    for (int i = 0; i < p->nguards; i++) {
        int v = facts_eval_card(p->guards[i].cond, p->slot, cd);
        if (v >= 0 && p->guards[i].negated)
            v = !v;
        if (v == 0)
            return 0;
        if (v < 0)
            all = -1;
    }
    return all;
}

/* The bytes of the character at s (1 for a byte that starts none). */
static int char_len(const char *s)
{
    int n = utf8_seq(s, strlen(s) < 4 ? strlen(s) : 4);
    return n > 0 ? n : 1;
}

/* The source text at `at`, when its span is on one line, or NULL. */
static const char *source_text(Arena *a, Loc at)
{
    const SrcFile *f = at.file;
    if (!f || !f->text || at.line < 1 || at.span < 1)
        return NULL;
    const char *p = f->text;
    for (int line = 1; line < at.line && (p = strchr(p, '\n')); line++)
        p++;
    if (!p)
        return NULL;
    for (int col = 1; col < at.col && *p && *p != '\n'; col++)
        p += char_len(p);
    const char *q = p;
    for (int k = 0; k < at.span && *q && *q != '\n'; k++)
        q += char_len(q);
    return arena_printf(a, "%.*s", (int)(q - p), p);
}

/* A conjunct `v.name == "N"` of c: the quote "N", or NULL. */
static const Node *name_conjunct(const Prevent *p, const Node *c)
{
    if (c->kind != N_BINARY)
        return NULL;
    if (c->binop == OP_AND) {
        const Node *k = name_conjunct(p, c->lhs);
        return k ? k : name_conjunct(p, c->rhs);
    }
    if (c->binop != OP_EQ)
        return NULL;
    const Node *f = c->lhs->kind == N_FIELD ? c->lhs : c->rhs;
    const Node *k = f == c->lhs ? c->rhs : c->lhs;
    if (f->kind == N_FIELD && f->attr == ATTR_NAME && f->base && f->base->kind == N_IDENT &&
        f->base->sym && f->base->sym->index == p->slot && k->kind == N_STR)
        return k;
    return NULL;
}

/* `v.name == "N"` among the guards (not negated): the quote, or NULL. */
static const Node *named_guard(const Prevent *p)
{
    for (int i = 0; i < p->nguards; i++) {
        const Node *k = p->guards[i].negated ? NULL : name_conjunct(p, p->guards[i].cond);
        if (k)
            return k;
    }
    return NULL;
}

/* "for 'ICT Suite', which is not one" or "only where `...` (L:C), which
 * no such card passes" */
static const char *acts_on(const Prevent *p)
{
    Arena *a = p->s->arena;
    const Node *k = named_guard(p);
    if (k)
        return arena_printf(a, "only for '%s', %s", k->name,
                            k->type == T_UNKNOWN ? "which is in no deck" : "which is not one");
    const Node *g = p->guards[p->nguards - 1].cond;
    Loc at = sema_expr_loc(g);
    const char *text = source_text(a, at);
    return arena_printf(a, "only where %s%s%s%s (%s), and no card passes both",
                        p->guards[p->nguards - 1].negated ? "not " : "", text ? "`" : "",
                        text ? text : "its condition", text ? "`" : "", loc_text(a, at));
}

static void report(Prevent *p, const Node *stmt)
{
    Sema *s = p->s;
    for (int k = 0; k < s->cs->ncards; k++)
        if (facts_eval_card(p->where, p->slot, s->cs->cards[k]) != 0 &&
            guards_eval(p, s->cs->cards[k]) != 0)
            return;
    Loc w = sema_expr_loc(p->where);
    const char *text = source_text(s->arena, w);
    const char *what = stmt->kind == N_CANCEL ? "cancel"
                       : arena_printf(s->arena, "change '%s'", p->var);
    diag_error(s->diags, stmt->kind == N_ASSIGN ? stmt->target->loc : stmt->loc,
               "this prevention can never %s: its trigger is for a card where %s%s%s (%s), but "
               "it %s %s",
               what, text ? "`" : "", text ? text : "its 'where' holds", text ? "`" : "",
               loc_text(s->arena, w), stmt->kind == N_CANCEL ? "cancels" : "changes it",
               acts_on(p));
}

static void walk(Prevent *p, const Node *n);

static void walk_guarded(Prevent *p, const Node *cond, bool negated, const Node *body)
{
    if (p->nguards == MAX_GUARDS)
        return;
    p->guards[p->nguards++] = (Guard){cond, negated};
    for (; body; body = body->next)
        walk(p, body);
    p->nguards--;
}

static void walk(Prevent *p, const Node *n)
{
    switch (n->kind) {
    case N_IF:
        walk_guarded(p, n->cond, false, n->then);
        if (n->els)
            walk_guarded(p, n->cond, true, n->els);
        return;
    case N_WHILE:
    case N_OPTION:
        if (n->cond)
            walk_guarded(p, n->cond, false, n->body);
        else if (n->body)
            walk(p, n->body);
        return;
    case N_CANCEL:
        if (p->nguards)
            report(p, n);
        return;
    case N_ASSIGN:
        if (p->nguards && n->target->kind == N_IDENT && n->target->sym &&
            n->target->sym->kind == S_PARAM && n->target->sym->index == p->slot)
            report(p, n);
        return;
    case N_AT:
        return; /* later, in another frame */
    default:
        break;
    }
    for (int i = 0; i < NKIDS; i++)
        for (const Node *k = n->kid[i]; k; k = k->next)
            if (k->kind == N_BLOCK || k->kind == N_IF || k->kind == N_WHILE ||
                k->kind == N_OPTION || k->kind == N_CANCEL || k->kind == N_ASSIGN ||
                k->kind == N_MENU || k->kind == N_FOR || k->kind == N_REPEAT ||
                k->kind == N_LOOP || k->kind == N_TURN || k->kind == N_ROUND ||
                k->kind == N_PHASE)
                walk(p, k);
}

/* Each card the pattern of clause h binds (its first nbound parameters). */
static void check_before(Sema *s, const Handler *h)
{
    const Node *c = h->clause;
    if (!c->cond || !c->body || !h->proc || !h->match)
        return;
    Need never;
    if (never_holds(s->cs, c->cond, &never))
        return;
    int k = 0;
    for (const Node *par = h->match->params; par && k < h->nbound; par = par->next, k++) {
        if (par->type != T_CARD || !par->sym)
            continue;
        Prevent p = {.s = s, .h = h, .where = c->cond, .slot = par->sym->index, .var = par->name};
        walk(&p, c->body);
    }
}

void check_preventions(Sema *s)
{
    for (int i = 0; i < s->g->befores.len; i++)
        check_before(s, s->g->befores.items[i]);
}
