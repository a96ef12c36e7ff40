/* sema_facts.c: what a condition needs, and whether the cards have it.
 *
 * never_holds(C) proves that a condition can never hold, from the cards
 * alone, and says which part of it and why (a Need). The forms it knows:
 *   - `x.name == "N"` (or any `== "N"`) where no card is named N;
 *   - `x.type == T`, `where type == T`, where no card has type T;
 *   - `x.A == V`, `where A == V`, where no card has value V of attribute A;
 *   - `any(SRC where F)`, `count(SRC where F) > 0` (or `>= 1`, `!= 0`),
 *     `first(SRC where F) != none`: for a source of players, when F never
 *     holds; for a source of cards, when F never holds or no card of
 *     cards.yaml passes F (facts_eval_card, from the card alone);
 *   - `a and b` when either never holds, `a or b` when both never hold;
 *   - a call of a func whose value is one expression (`func f(...) = E`)
 *     when E never holds, looked through to FACTS_DEPTH calls deep (E is
 *     read for any argument: what it needs does not depend on them).
 * Anything else (`not`, numbers, a func with a block, a local) is unknown,
 * and never reported: each proof is sound, none is complete.
 *
 * The checks built on it are in sema_needs.c. */
#include "sema_int.h"

#include <string.h>

bool type_has_cards(const CardSet *cs, int t)
{
    return t >= 0 && t < cs->ntypes && cs->types[t]->instances > 0;
}

bool value_has_cards(const CardSet *cs, int attr, int value)
{
    const Attr *a = attr >= 0 && attr < cs->nattrs ? cs->attrs[attr] : NULL;
    return !a || !a->ncards_with || value < 0 || value >= a->nvalues ||
           a->ncards_with[value] > 0;
}

/* A quoted name that names no card (the checker reported it and left it
 * T_UNKNOWN). */
static bool unknown_name(const Node *n)
{
    return n->kind == N_STR && n->type == T_UNKNOWN;
}

/* A constant that is a type, or a value of an attribute, and the field
 * of a card compared with it (not one the checker refused). */
static bool field_const(const Node *n, const Node **f, const Node **k)
{
    *f = n->lhs->kind == N_FIELD ? n->lhs : n->rhs;
    *k = *f == n->lhs ? n->rhs : n->lhs;
    return (*f)->kind == N_FIELD && (*k)->kind == N_IDENT && (*k)->value >= 0 &&
           (*f)->type != T_UNKNOWN && (!(*f)->base || (*f)->base->type == T_CARD);
}

/* `==` that can never hold: a name no card has, a type or a value that
 * no card has. */
static bool never_equal(const CardSet *cs, const Node *n, Need *why)
{
    const Node *f, *k;
    if (unknown_name(n->lhs) || unknown_name(n->rhs)) {
        *why = (Need){.kind = NEED_NAME, .at = n,
                      .name = (unknown_name(n->lhs) ? n->lhs : n->rhs)->name};
        return true;
    }
    if (!field_const(n, &f, &k))
        return false;
    if (f->attr == ATTR_TYPE && k->type == T_TYPE && !type_has_cards(cs, k->value)) {
        *why = (Need){.kind = NEED_TYPE, .at = n, .type = k->value};
        return true;
    }
    if (f->attr >= 0 && k->type == T_VALUE && k->attr == f->attr &&
        !value_has_cards(cs, f->attr, k->value)) {
        *why = (Need){.kind = NEED_VALUE, .at = n, .attr = f->attr, .value = k->value};
        return true;
    }
    return false;
}

/* A card filter, on the element in frame slot `slot`, for card kind cd:
 * 1 true, 0 false, -1 unknown. sema_eval_filter, and a comparison with a
 * name that is no card is false (`!=` true). */
int facts_eval_card(const Node *n, int slot, const CardDef *cd)
{
    if (n->kind == N_UNARY && n->unop == UOP_NOT) {
        int v = facts_eval_card(n->operand, slot, cd);
        return v < 0 ? -1 : !v;
    }
    if (n->kind == N_BINARY && (n->binop == OP_AND || n->binop == OP_OR)) {
        int l = facts_eval_card(n->lhs, slot, cd), r = facts_eval_card(n->rhs, slot, cd);
        if (n->binop == OP_AND)
            return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
        return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
    }
    if (n->kind == N_BINARY && (n->binop == OP_EQ || n->binop == OP_NE) &&
        (unknown_name(n->lhs) || unknown_name(n->rhs)))
        return n->binop == OP_NE;
    return sema_eval_filter(n, slot, cd);
}

static bool never_depth(const CardSet *cs, const Node *n, Need *why, CallMemo *calls);

/* The source of an aggregate: none of its elements passes its filter. */
static bool source_empty(const CardSet *cs, const Node *src, Need *why, CallMemo *calls)
{
    if (src->kind != N_SOURCE || !src->filter)
        return false;
    if (never_depth(cs, src->filter, why, calls))
        return true;
    if (src->type != T_CARD || (src->src_kind != SRC_ZONE && src->src_kind != SRC_HELD))
        return false;
    for (int k = 0; k < cs->ncards; k++)
        if (facts_eval_card(src->filter, src->slot, cs->cards[k]) != 0)
            return false;
    *why = (Need){.kind = NEED_FILTER, .at = src->filter};
    return true;
}

/* A call of the builtin `name`, with a source. */
static const Node *builtin_source(const Node *n, const char *name)
{
    if (n->kind != N_CALL || n->sym || !n->name || strcmp(n->name, name) || !n->args)
        return NULL;
    return n->args;
}

static bool is_num(const Node *n, long long v)
{
    return n->kind == N_NUM && n->literal == v;
}

/* `count(S) > 0`, `count(S) >= 1`, `count(S) != 0`, `first(S) != none`:
 * the source S these hold only when it keeps an element of, or NULL. */
static const Node *nonempty_test(const Node *n)
{
    const Node *src;
    if (n->binop == OP_NE && n->rhs->kind == N_NONELIT && (src = builtin_source(n->lhs, "first")))
        return src;
    if (!(src = builtin_source(n->lhs, "count")))
        return NULL;
    if ((n->binop == OP_GT || n->binop == OP_NE) && is_num(n->rhs, 0))
        return src;
    return n->binop == OP_GE && is_num(n->rhs, 1) ? src : NULL;
}

/* What a func's body was found to be: never holding, and why. */
typedef struct NeverFound {
    bool never;
    Need why;
} NeverFound;
_Static_assert(sizeof(NeverFound) <= CALL_FOUND_BYTES, "a CallMemo without arena keeps it");

/* Does func f's body never hold? One being read already (a recursive
 * call) may hold there, and one read already at this depth is not read
 * again (CallMemo: reading it at each call made `f(c) = f(c) or f(c)`
 * cost 2^FACTS_DEPTH readings). */
static bool never_body(const CardSet *cs, const Sym *f, Need *why, CallMemo *calls)
{
    const void *known = NULL;
    NeverFound nf = {0};
    switch (call_memo_enter(calls, f, NULL, 0, &known)) {
    case CALL_AGAIN:
        return false;
    case CALL_KNOWN:
        nf = *(const NeverFound *)known;
        break;
    default:
        nf.never = never_depth(cs, f->decl->expr_body, &nf.why, calls);
        call_memo_leave(calls, &nf, sizeof nf);
    }
    if (nf.never)
        *why = nf.why;
    return nf.never;
}

/* A call of a func whose value is one expression. */
static bool never_call(const CardSet *cs, const Node *n, Need *why, CallMemo *calls)
{
    const Sym *f = n->sym;
    if (!f || f->kind != S_FUNC || !f->decl || !f->decl->expr_body ||
        calls->depth >= FACTS_DEPTH)
        return false;
    if (!never_body(cs, f, why, calls))
        return false;
    if (!why->in)
        why->in = f;
    return true;
}

static bool never_depth(const CardSet *cs, const Node *n, Need *why, CallMemo *calls)
{
    const Node *src;
    Need other;
    if (!n)
        return false;
    switch (n->kind) {
    case N_BINARY:
        switch (n->binop) {
        case OP_AND:
            return never_depth(cs, n->lhs, why, calls) || never_depth(cs, n->rhs, why, calls);
        case OP_OR:
            if (!never_depth(cs, n->lhs, why, calls) || !never_depth(cs, n->rhs, &other, calls))
                return false;
            if (why->kind == NEED_NAME && other.kind == NEED_NAME && why->in == other.in) {
                why->at = n; /* names, one of which is needed: need_names lists them */
                why->names = true;
            }
            return true;
        case OP_EQ:
            return never_equal(cs, n, why);
        default:
            return (src = nonempty_test(n)) && source_empty(cs, src, why, calls);
        }
    case N_CALL:
        if ((src = builtin_source(n, "any")))
            return source_empty(cs, src, why, calls);
        return never_call(cs, n, why, calls);
    default:
        return false;
    }
}

bool never_holds(const CardSet *cs, const Node *cond, Need *why)
{
    *why = (Need){0};
    CallMemo calls; /* no arena here */
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&calls, NULL, room);
    return never_depth(cs, cond, why, &calls);
}

const Node *never_conjunct(const CardSet *cs, const Node *cond, Need *why)
{
    if (cond && cond->kind == N_BINARY && cond->binop == OP_AND) {
        const Node *c = never_conjunct(cs, cond->lhs, why);
        return c ? c : never_conjunct(cs, cond->rhs, why);
    }
    return never_holds(cs, cond, why) ? cond : NULL;
}

/* ---- saying it ---------------------------------------------------------- */

/* The names no card has quoted under node n (an 'or' of them), through
 * the funcs it calls, in order, each once: "'A', 'B' or 'C'". */
typedef struct NameList {
    Arena *arena;
    const char *text, *last;
    StrMap seen;
    CallMemo calls;     /* the funcs read: one read already at a depth adds
                         * no name there again, one being read none */
} NameList;

static void list_names(NameList *l, const Node *n);

static void list_func_names(NameList *l, const Sym *f)
{
    const void *known = NULL;
    bool none = false;
    if (call_memo_enter(&l->calls, f, NULL, 0, &known) != CALL_READ)
        return;
    list_names(l, f->decl->expr_body);
    call_memo_leave(&l->calls, &none, sizeof none);
}

static void list_names(NameList *l, const Node *n)
{
    for (; n; n = n->next) {
        if (unknown_name(n) && !strmap_put(l->arena, &l->seen, n->name, l)) {
            if (l->last)
                l->text = l->text ? arena_printf(l->arena, "%s, '%s'", l->text, l->last)
                                  : arena_printf(l->arena, "'%s'", l->last);
            l->last = n->name;
        }
        const Sym *f = n->kind == N_CALL ? n->sym : NULL;
        if (f && f->kind == S_FUNC && f->decl && f->decl->expr_body &&
            l->calls.depth < FACTS_DEPTH)
            list_func_names(l, f);
        for (int i = 0; i < NKIDS; i++)
            list_names(l, n->kid[i]);
    }
}

static const char *need_names(Arena *a, const Need *n)
{
    NameList l = {.arena = a};
    call_memo_init(&l.calls, a, NULL);
    list_names(&l, n->at);
    if (!l.last)
        return arena_printf(a, "'%s'", n->name);
    return l.text ? arena_printf(a, "%s or '%s'", l.text, l.last) : arena_printf(a, "'%s'", l.last);
}

const char *need_what(Arena *a, const CardSet *cs, const Need *n)
{
    switch (n->kind) {
    case NEED_NAME:
        return n->names ? need_names(a, n) : arena_printf(a, "'%s'", n->name);
    case NEED_TYPE:
        return arena_printf(a, "a card of type '%s'", cs->types[n->type]->name);
    case NEED_VALUE:
        return arena_printf(a, "a card with %s == %s", cs->attrs[n->attr]->name,
                            cs->attrs[n->attr]->values[n->value]);
    case NEED_FILTER:
        break;
    }
    return "a card that passes a filter";
}

const char *need_why(const Need *n)
{
    switch (n->kind) {
    case NEED_NAME:
        return n->names ? "and no deck holds any of them" : "which is in no deck";
    case NEED_TYPE:
        return "and no card has that type";
    case NEED_VALUE:
        return "and no card has that value";
    case NEED_FILTER:
        break;
    }
    return "and no card passes it";
}

const char *need_fact(Arena *a, const CardSet *cs, const Need *n)
{
    switch (n->kind) {
    case NEED_NAME:
        return n->names ? arena_printf(a, "no card is named %s", need_names(a, n))
                        : arena_printf(a, "no card is named '%s'", n->name);
    case NEED_TYPE:
        return arena_printf(a, "no card has type '%s'", cs->types[n->type]->name);
    case NEED_VALUE:
        return arena_printf(a, "no card has %s == %s", cs->attrs[n->attr]->name,
                            cs->attrs[n->attr]->values[n->value]);
    case NEED_FILTER:
        break;
    }
    return "no card passes that filter";
}

Loc need_loc(const Need *n)
{
    return n->at ? sema_expr_loc(n->at) : n->loc;
}

/* "game.rules:56:40" */
const char *loc_text(Arena *a, Loc at)
{
    return arena_printf(a, "%s:%d:%d", at.file ? at.file->path : "?", at.line, at.col);
}

/* A note at the part of the condition that can never hold, when it is not
 * `top` (where the diagnostic is): inside a func, or inside an any. */
void need_note(Sema *s, const Need *n, const Node *top)
{
    if (!n->at || n->at == top)
        return;
    const char *fact = need_fact(s->arena, s->cs, n);
    if (n->in)
        diag_note(s->diags, need_loc(n), "here (in func %s): %s", n->in->name, fact);
    else
        diag_note(s->diags, need_loc(n), "here: %s", fact);
}
