/* sema_expr.c: checking expressions, sources and card filters.
 *
 * check_expr types an expression and records what the code generator
 * needs in its node. A source (`c in zone where ...`) gives its element a
 * frame slot, in scope in its filter; a filter that depends on the card
 * alone is evaluated here, for each kind of card, to prove a choice can
 * have an option. Calls are in sema_call.c. */
#include "sema_int.h"

#include <string.h>

/* ---- sources ----------------------------------------------------------- */

/* values(color), values(cheat.color): the attribute whose values a 'for'
 * walks, kept in call->attr (a card type before the dot in its IDENT's
 * value). */
static void check_values_call(Sema *s, Node *call)
{
    Node *arg = call->args;
    if (!arg || arg->next) {
        diag_error(s->diags, call->loc, "values(...) takes one attribute: values(color) or "
                                        "values(cheat.color)");
        return;
    }
    const char *an = arg->name;
    Attr *at = an ? cards_find_attr(s->cs, an) : NULL;
    TypeDef *t = NULL;
    if (arg->kind == N_FIELD) {
        t = arg->base->kind == N_IDENT ? cards_find_type(s->cs, arg->base->name) : NULL;
        if (!t) {
            diag_error(s->diags, arg->loc, "values(T.attr) needs a card type before the dot");
            at = NULL;
        } else {
            arg->base->value = t->index;
        }
    }
    if (!at) {
        if (an) {
            int nn;
            const char **names = attribute_names(s, &nn);
            error_unknown(s, arg->loc, "attribute", an, names, nn);
        }
        return;
    }
    call->attr = at->index;
    if (t) {
        if (type_attr_pos(t, at->index) < 0)
            diag_error(s->diags, arg->loc, "type '%s' has no attribute '%s'", t->name, at->name);
    }
}

/* What a source walks: T_PLAYERS, T_VALUE (values(...)), T_ZONE or
 * T_CARDSET ('chosen'); T_UNKNOWN after an error. */
static Type check_source_base(Sema *s, Node *base)
{
    if (base->kind == N_PLAYERSREF)
        return T_PLAYERS;
    if (base->kind == N_CALL && !strcmp(base->name, "values")) {
        check_values_call(s, base);
        return T_VALUE;
    }
    Type bt = check_expr(s, base);
    if (bt != T_ZONE && bt != T_CARDSET && bt != T_UNKNOWN) {
        diag_error(s->diags, base->loc, "expected a zone or 'players' here, found %s",
                   type_name(bt));
        return T_UNKNOWN;
    }
    return bt;
}

/* src: expr opt_where | IDENT IN expr opt_where (and arg: expr WHERE expr,
 * IDENT IN expr opt_where). The element gets a slot; the filter is checked
 * with it in scope. Returns the element type (T_CARD, T_PLAYER, T_VALUE,
 * T_INT for the values of a numeric attribute) or T_UNKNOWN. */
Type check_source(Sema *s, Node *src)
{
    Node *base = src->in;
    Type bt = check_source_base(s, base);
    Type et = bt == T_PLAYERS ? T_PLAYER : bt == T_VALUE ? T_VALUE
              : bt == T_UNKNOWN ? T_UNKNOWN : T_CARD;
    /* the values of a numeric attribute are numbers */
    if (bt == T_VALUE && base->attr >= 0 && s->cs->attrs[base->attr]->numeric)
        et = T_INT;
    int mark = s->nscope, saved = s->implicit_slot;
    if (src->name) {
        Sym *e = declare_local(s, src, src->name, et, S_LOCAL);
        src->slot = e->index; /* a value's variable holds the value's index */
        src->sym = e;
        if (et == T_VALUE && base->attr >= 0)
            e->decl->attr = base->attr;
    } else {
        src->slot = s->nlocals++;
        if (et == T_CARD || et == T_UNKNOWN) /* unknown: do not blame its filter too */
            s->implicit_slot = src->slot;
        else if (src->filter && et != T_UNKNOWN)
            diag_error(s->diags, src->loc, "name the element to filter it: 'x in ... where ...'");
    }
    if (src->filter) {
        Type ft = check_expr(s, src->filter);
        expect_type(s, src->filter, T_BOOL, ft, "a 'where' condition");
    }
    s->implicit_slot = saved;
    scope_pop(s, mark);
    src->kind = N_SOURCE;
    src->type = et;
    src->src_kind = bt == T_PLAYERS ? SRC_PLAYERS : bt == T_VALUE ? SRC_VALUES
                    : bt == T_CARDSET ? SRC_CHOSEN : SRC_ZONE;
    return et;
}

Node *as_source(Sema *s, Node *arg)
{
    if (arg->kind == N_SOURCE)
        return arg;
    Node *src = node_new(s->arena, N_SOURCE, arg->loc);
    src->in = arg;
    src->next = arg->next;
    arg->next = NULL;
    return src;
}

/* ---- static evaluation of card filters --------------------------------- */

/* Is f a field of the element in frame slot `slot`: of the implicit card
 * of a filter, or of the element it names? */
static bool is_element_field(const Node *f, int slot)
{
    if (f->kind != N_FIELD)
        return false;
    if (!f->base)
        return f->slot == slot;
    const Node *e = f->base;
    return e->kind == N_IDENT && e->sym && e->sym->index == slot && e->sym->kind == S_LOCAL;
}

/* `f == k` or `f != k`, of a field f of the element and a constant k, for
 * card kind cd: 1 true, 0 false; -1 when it is not such a comparison. */
static int eval_field_compare(const Node *n, int slot, const CardDef *cd)
{
    const Node *f = n->lhs, *k = n->rhs;
    if (f->kind != N_FIELD)
        f = n->rhs, k = n->lhs;
    if (!is_element_field(f, slot) || k->value < 0 || k->kind == N_FIELD)
        return -1;
    int have;
    if (f->attr == ATTR_TYPE && k->type == T_TYPE)
        have = cd->type->index;
    else if (f->attr == ATTR_NAME && k->type == T_NAME)
        have = cd->index;
    else if (f->attr >= 0 && k->type == T_VALUE && k->attr == f->attr)
        have = card_value(cd, f->attr);
    else
        return -1;
    int eq = have == k->value;
    return n->binop == OP_EQ ? eq : !eq;
}

int sema_eval_filter(const Node *n, int slot, const CardDef *cd)
{
    switch (n->kind) {
    case N_BOOLLIT:
        return (int)n->literal;
    case N_UNARY:
        if (n->unop == UOP_NOT) {
            int v = sema_eval_filter(n->operand, slot, cd);
            return v < 0 ? -1 : !v;
        }
        return -1;
    case N_BINARY:
        if (n->binop == OP_AND || n->binop == OP_OR) {
            int l = sema_eval_filter(n->lhs, slot, cd), r = sema_eval_filter(n->rhs, slot, cd);
            if (n->binop == OP_AND)
                return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
            return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
        }
        if (n->binop == OP_EQ || n->binop == OP_NE)
            return eval_field_compare(n, slot, cd);
        return -1;
    default:
        return -1;
    }
}

/* Where an expression starts (its leftmost token) and, when its last token
 * ends on the same line, its whole span. */
static Loc expr_loc(const Node *n)
{
    const Node *l = n, *r = n;
    while (l->kind == N_BINARY || l->kind == N_INDEX || (l->kind == N_FIELD && l->base))
        l = l->kind == N_BINARY ? l->lhs : l->base;
    while (r->kind == N_BINARY || r->kind == N_UNARY)
        r = r->kind == N_BINARY ? r->rhs : r->operand;
    Loc at = l->loc;
    if (r->loc.line == at.line && r->loc.col >= at.col &&
        (r->kind == N_IDENT || r->kind == N_NUM || r->kind == N_STR || r->kind == N_BOOLLIT ||
         r->kind == N_NONELIT || r->kind == N_FIELD))
        at.span = r->loc.col + r->loc.span - at.col;
    return at;
}

/* A choice from a zone whose filter no card of the deck can pass. */
void check_satisfiable(Sema *s, Node *src, const char *what)
{
    if (!src->filter || src->type != T_CARD || src->src_kind != SRC_ZONE)
        return;
    for (int i = 0; i < s->cs->ncards; i++)
        if (sema_eval_filter(src->filter, src->slot, s->cs->cards[i]) != 0)
            return;
    diag_error(s->diags, expr_loc(src->filter), "%s can never have an option: no card in %s passes "
                                                "this condition", what, s->cs->file->path);
}

/* ---- expressions ------------------------------------------------------- */

/* The right side of `x == name`, where the name may be a constant of the
 * left side's kind: `color == red`, `type == cheat`. l is the left type. */
static Type check_compared_name(Sema *s, Node *n, Type l)
{
    if (l == T_VALUE && as_value_of(s, n->rhs, n->lhs->attr))
        return T_VALUE;
    if ((l == T_TYPE || (l == T_VALUE && n->lhs->attr >= 0)) && !known_name(s, n->rhs->name)) {
        /* `type == chet`, `color == rde`: the names it may be */
        const CardSet *cs = s->cs;
        const Attr *at = l == T_VALUE ? cs->attrs[n->lhs->attr] : NULL;
        int k = !diag_shown(s->diags, SEV_ERROR) ? 0 : at ? at->nvalues : cs->ntypes;
        const char **names = name_list(s, k);
        for (int i = 0; i < k; i++)
            names[i] = at ? at->values[i] : cs->types[i]->name;
        error_unknown(s, n->rhs->loc,
                      at ? arena_printf(s->arena, "%s value", at->name) : "card type",
                      n->rhs->name, names, k);
        return n->rhs->type = T_UNKNOWN;
    }
    return check_expr(s, n->rhs);
}

/* expr: expr EQ expr | expr NE expr */
static Type check_equality(Sema *s, Node *n)
{
    Type l = check_expr(s, n->lhs);
    Type r = n->rhs->kind == N_IDENT ? check_compared_name(s, n, l) : check_expr(s, n->rhs);
    bool ok = compatible(l, r) || compatible(r, l);
    if (ok && l == T_VALUE && r == T_VALUE && n->lhs->attr >= 0 && n->rhs->attr >= 0 &&
        n->lhs->attr != n->rhs->attr)
        ok = false;
    if (!ok)
        diag_error(s->diags, n->loc, "cannot compare %s with %s", type_name(l), type_name(r));
    else if (l == T_ZONE || l == T_CARDSET || l == T_LIST)
        diag_error(s->diags, n->loc, "cannot compare %s with '%s'", type_name(l),
                   n->binop == OP_EQ ? "==" : "!=");
    return n->type = T_BOOL;
}

/* expr: expr OR expr | expr AND expr | expr '<' expr | ... | expr '%' expr
 * (equality aside) */
static Type check_binary(Sema *s, Node *n)
{
    BinOp op = n->binop;
    if (op == OP_EQ || op == OP_NE)
        return check_equality(s, n);
    Type l = check_expr(s, n->lhs), r = check_expr(s, n->rhs);
    if (op == OP_AND || op == OP_OR) {
        const char *ctx = op == OP_AND ? "an operand of 'and'" : "an operand of 'or'";
        expect_type(s, n->lhs, T_BOOL, l, ctx);
        expect_type(s, n->rhs, T_BOOL, r, ctx);
        return n->type = T_BOOL;
    }
    char ctx[64];
    snprintf(ctx, sizeof ctx, "an operand of '%s'", binop_name(op));
    expect_type(s, n->lhs, T_INT, l, ctx);
    expect_type(s, n->rhs, T_INT, r, ctx);
    if ((op == OP_DIV || op == OP_MOD) && n->rhs->kind == N_NUM && n->rhs->literal == 0)
        diag_error(s->diags, n->rhs->loc, "division by zero");
    return n->type = (op == OP_LT || op == OP_LE || op == OP_GT || op == OP_GE) ? T_BOOL : T_INT;
}

/* postfix: postfix '.' IDENT — or a bare field of the implicit card of a
 * filter, which check_ident made a FIELD without a base. */
static Type check_field(Sema *s, Node *n)
{
    if (!n->base)
        return n->type;
    Type bt = check_expr(s, n->base);
    if (bt == T_UNKNOWN)
        return n->type = T_UNKNOWN;
    if (bt != T_CARD) {
        diag_error(s->diags, n->loc, "'.%s' needs a card, found %s", n->name, type_name(bt));
        return n->type = T_UNKNOWN;
    }
    if (!field_of_card(s, n, n->name)) {
        bool shown = diag_shown(s->diags, SEV_ERROR); /* else no suggestion is sought */
        const char **names = name_list(s, shown ? s->cs->nattrs + 2 : 0);
        int k = 0;
        if (shown) {
            names[k++] = "type";
            names[k++] = "name";
        }
        for (int i = 0; shown && i < s->cs->nattrs; i++)
            names[k++] = s->cs->attrs[i]->name;
        error_unknown(s, n->loc, "card attribute", n->name, names, k);
        return n->type = T_UNKNOWN;
    }
    return n->type;
}

/* postfix: postfix '[' expr ']' — a per-player zone or variable of a
 * player, or an item of a list. */
static Type check_index(Sema *s, Node *n)
{
    Node *base = n->base;
    if (base->kind == N_IDENT) {
        Sym *sym = find_local(s, base->name) ? NULL : strmap_get(&s->globals, base->name);
        if (sym && sym->kind == S_ZONE) {
            sym->used = true;
            base->sym = sym;
            base->value = sym->index;
            base->type = T_ZONE;
            if (!(sym->decl->zflags & ZF_PER_PLAYER))
                diag_error(s->diags, n->loc, "zone '%s' is shared: write '%s' without [...]",
                           base->name, base->name);
            expect_type(s, n->index, T_PLAYER, check_expr(s, n->index), "the owner of a zone");
            return n->type = T_ZONE;
        }
        if (sym && sym->kind == S_PVAR) {
            sym->used = true;
            base->sym = sym;
            expect_type(s, n->index, T_PLAYER, check_expr(s, n->index),
                        "the index of a per-player variable");
            return n->type = sym->type;
        }
    }
    Type bt = check_expr(s, base);
    if (bt == T_LIST) {
        expect_type(s, n->index, T_INT, check_expr(s, n->index), "a list index");
        return n->type = T_INT;
    }
    if (bt != T_UNKNOWN)
        diag_error(s->diags, n->loc, "%s cannot be indexed with [...]", type_name(bt));
    check_expr(s, n->index);
    return n->type = T_UNKNOWN;
}

/* unary: '-' unary | NOT unary */
static Type check_unary(Sema *s, Node *n)
{
    Type t = check_expr(s, n->operand);
    if (n->unop == UOP_NOT)
        expect_type(s, n->operand, T_BOOL, t, "the operand of 'not'");
    else
        expect_type(s, n->operand, T_INT, t, "the operand of '-'");
    return n->type = n->unop == UOP_NOT ? T_BOOL : T_INT;
}

/* primary: '[' exprs ']' */
static Type check_list(Sema *s, Node *n)
{
    int k = 0;
    for (Node *e = n->items; e; e = e->next, k++)
        expect_type(s, e, T_INT, check_expr(s, e), "a list item");
    n->nitems = k;
    return n->type = T_LIST;
}

/* primary: TOP '(' expr ')' | BOTTOM '(' expr ')' */
static Type check_top_card(Sema *s, Node *n)
{
    Type t = check_expr(s, n->zone);
    expect_type(s, n->zone, T_ZONE, t,
                n->pos_kind == POS_TOP ? "the argument of top" : "the argument of bottom");
    return n->type = T_CARD;
}

/* A node that has no value where it stands: 'players' alone, a source
 * outside a call or a loop, a decision inside an expression. */
static Type check_misplaced(Sema *s, Node *n, const char *why)
{
    diag_error(s->diags, n->loc, "%s", why);
    return n->type = T_UNKNOWN;
}

/* Types expression n (and records it in n->type). */
Type check_expr(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_NUM:        return n->type = T_INT;
    case N_BOOLLIT:    return n->type = T_BOOL;
    case N_NONELIT:    return n->type = T_VOID;
    case N_STR:        return check_string(s, n);
    case N_IDENT:      return check_ident(s, n);
    case N_FIELD:      return check_field(s, n);
    case N_INDEX:      return check_index(s, n);
    case N_CALL:       return check_call(s, n, false);
    case N_UNARY:      return check_unary(s, n);
    case N_BINARY:     return check_binary(s, n);
    case N_LIST:       return check_list(s, n);
    case N_TOPCARD:    return check_top_card(s, n);
    case N_PLAYERSREF:
        return check_misplaced(s, n, "'players' is a list: use it in 'for', count(...) or a "
                                     "choice");
    case N_SOURCE:
        return check_misplaced(s, n, "a filtered zone can only be an argument of count, any, "
                                     "sum... or a source of 'for', 'move all' and choices");
    case N_ASK:
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER:
    case N_CHOOSECARDS:
        return check_misplaced(s, n, "a decision can only be the whole value of 'let' or the "
                                     "whole condition of 'if' or 'while'");
    default:           return check_misplaced(s, n, "not an expression");
    }
}
