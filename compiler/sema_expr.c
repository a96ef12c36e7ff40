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
 * value, -1 for none); values(name), values(cheat.name): the names of
 * the card list (of that type), call->attr ATTR_NAME. */
static void check_values_call(Sema *s, Node *call)
{
    Node *arg = call->args;
    if (!arg || arg->next) {
        diag_error(s->diags, call->loc, "values(...) takes one attribute: values(color) or "
                                        "values(cheat.color)");
        return;
    }
    const char *an = arg->name;
    if (arg->kind == N_IDENT && an && !strcmp(an, "name")) {
        arg->value = -1;
        call->attr = ATTR_NAME;
        return;
    }
    if (arg->kind == N_FIELD && an && !strcmp(an, "name")) {
        TypeDef *nt = arg->base->kind == N_IDENT ? cards_find_type(s->cs, arg->base->name)
                                                 : NULL;
        if (!nt)
            diag_error(s->diags, arg->loc, "values(T.name) needs a card type before the dot");
        else
            call->attr = ATTR_NAME;
        arg->base->value = nt ? nt->index : -1;
        return;
    }
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

/* What a source walks: T_PLAYERS, T_VALUE (values(...)), T_ZONE, T_ZONES
 * (a held zone without its holder) or T_CARDSET ('chosen'); T_UNKNOWN
 * after an error. */
static Type check_source_base(Sema *s, Node *base)
{
    if (base->kind == N_PLAYERSREF)
        return T_PLAYERS;
    if (base->kind == N_CALL && !strcmp(base->name, "values") && !game_callee(s, "values")) {
        check_values_call(s, base);
        return T_VALUE;
    }
    Type bt = check_expr(s, base);
    if (bt != T_ZONE && bt != T_ZONES && bt != T_CARDSET && bt != T_UNKNOWN) {
        diag_error(s->diags, base->loc, "expected a zone or 'players' here, found %s",
                   type_name(bt));
        if (base->kind == N_CALL && !strcmp(base->name, "values"))
            diag_note(s->diags, game_callee(s, "values")->decl->loc,
                      "'values(...)' calls this func of the game, which takes the builtin's "
                      "name: the values of an attribute cannot be walked or chosen here");
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
    /* the values of a numeric attribute are numbers; values(name) names */
    if (bt == T_VALUE && base->attr >= 0 && s->cs->attrs[base->attr]->numeric)
        et = T_INT;
    else if (bt == T_VALUE && base->attr == ATTR_NAME)
        et = T_NAME;
    int mark = s->nscope, saved = s->implicit_slot;
    if (src->name) {
        Sym *e = declare_local(s, src, src->name, et, S_LOCAL);
        src->slot = e->index; /* a value's variable holds the value's index */
        src->sym = e;
        if (et == T_VALUE && base->attr >= 0)
            e->decl->attr = e->attr = base->attr;
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
                    : bt == T_CARDSET ? SRC_CHOSEN : bt == T_ZONES ? SRC_HELD : SRC_ZONE;
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
    return e->kind == N_IDENT && e->sym && e->sym->index == slot &&
           (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM);
}

/* Is n (an == or !=) a comparison of a field f of the element with a
 * constant k? Then *field is what f reads (ATTR_TYPE, ATTR_NAME or an
 * attribute) and *value the constant (a type, card or value index). */
static bool field_compare(const Node *n, int slot, int *field, int *value)
{
    const Node *f = n->lhs, *k = n->rhs;
    if (f->kind != N_FIELD)
        f = n->rhs, k = n->lhs;
    if (!is_element_field(f, slot) || k->value < 0 || k->kind == N_FIELD)
        return false;
    if (f->attr == ATTR_TYPE && k->type == T_TYPE)
        *field = ATTR_TYPE;
    else if (f->attr == ATTR_NAME && k->type == T_NAME)
        *field = ATTR_NAME;
    else if (f->attr >= 0 && k->type == T_VALUE && k->attr == f->attr)
        *field = f->attr;
    else
        return false;
    *value = (int)k->value;
    return true;
}

/* `f == k` or `f != k`, of a field f of the element and a constant k, for
 * card kind cd: 1 true, 0 false; -1 when it is not such a comparison. */
static int eval_field_compare(const Node *n, int slot, const CardDef *cd)
{
    int field, value;
    if (!field_compare(n, slot, &field, &value))
        return -1;
    int have = field == ATTR_TYPE ? cd->type->index
               : field == ATTR_NAME ? cd->index : card_value(cd, field);
    int eq = have == value;
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

Loc sema_expr_loc(const Node *n)
{
    return expr_loc(n);
}

/* ---- the cards a filter may keep ----------------------------------------- */

/* The cards of each type, of each value of each attribute, and each card
 * alone, as lists of card indices: made once, for filter_candidates. */
typedef struct CardLists {
    int *by_type, *type_at;     /* type t: by_type[type_at[t] .. type_at[t + 1]) */
    int *by_value, *value_at;   /* value v of attribute a: from value_at[at_base[a] + v] */
    int *at_base;
    int *self;                  /* self[i] = i */
    struct Seg { const int *cards; int n; } *seg;
    int nseg, capseg;
} CardLists;

/* The lists, by counting sort: counts at [k + 2], which become the starts
 * at [k + 1], which the fill moves on to the ends: the starts at [k]. */
static CardLists *card_lists(Sema *s)
{
    if (s->card_lists)
        return s->card_lists;
    const CardSet *cs = s->cs;
    CardLists *L = arena_alloc(s->arena, sizeof *L);
    int nc = cs->ncards, nt = cs->ntypes, nv = 0, nav = 0;
    L->at_base = arena_alloc(s->arena, sizeof(int) * (size_t)(cs->nattrs + 1));
    for (int a = 0; a < cs->nattrs; a++) {
        L->at_base[a] = nv;
        nv += cs->attrs[a]->nvalues;
    }
    L->self = arena_alloc(s->arena, sizeof(int) * (size_t)(nc + 1));
    L->type_at = arena_alloc(s->arena, sizeof(int) * (size_t)(nt + 2));
    L->value_at = arena_alloc(s->arena, sizeof(int) * (size_t)(nv + 2));
    for (int i = 0; i < nc; i++) {
        const CardDef *cd = cs->cards[i];
        L->self[i] = i;
        L->type_at[cd->type->index + 2]++;
        for (int p = 0; p < cd->type->nattrs; p++, nav++)
            if (cd->value[p] >= 0)
                L->value_at[L->at_base[cd->type->attrs[p].attr->index] + cd->value[p] + 2]++;
    }
    for (int t = 0; t < nt; t++)
        L->type_at[t + 2] += L->type_at[t + 1];
    for (int v = 0; v < nv; v++)
        L->value_at[v + 2] += L->value_at[v + 1];
    L->by_type = arena_alloc(s->arena, sizeof(int) * (size_t)(nc + 1));
    L->by_value = arena_alloc(s->arena, sizeof(int) * (size_t)(nav + 1));
    for (int i = 0; i < nc; i++) {
        const CardDef *cd = cs->cards[i];
        L->by_type[L->type_at[cd->type->index + 1]++] = i;
        for (int p = 0; p < cd->type->nattrs; p++)
            if (cd->value[p] >= 0)
                L->by_value[L->value_at[L->at_base[cd->type->attrs[p].attr->index] +
                                        cd->value[p] + 1]++] = i;
    }
    return s->card_lists = L;
}

/* Appends the list of the cards whose field (ATTR_TYPE, ATTR_NAME or an
 * attribute) is value; returns its length. */
static int push_list(Sema *s, CardLists *L, int field, int value)
{
    const CardSet *cs = s->cs;
    const int *cards = NULL;
    int n = 0;
    if (field == ATTR_TYPE && value < cs->ntypes) {
        cards = L->by_type + L->type_at[value];
        n = L->type_at[value + 1] - L->type_at[value];
    } else if (field == ATTR_NAME && value < cs->ncards) {
        cards = L->self + value;
        n = 1;
    } else if (field >= 0 && value < cs->attrs[field]->nvalues) {
        int k = L->at_base[field] + value;
        cards = L->by_value + L->value_at[k];
        n = L->value_at[k + 1] - L->value_at[k];
    }
    if (L->nseg == L->capseg) {
        L->capseg = L->capseg ? 2 * L->capseg : 16;
        struct Seg *v = arena_alloc(s->arena, sizeof *v * (size_t)L->capseg);
        if (L->nseg)
            memcpy(v, L->seg, sizeof *v * (size_t)L->nseg);
        L->seg = v;
    }
    L->seg[L->nseg++] = (struct Seg){cards, n};
    return n;
}

/* Appends to L->seg lists that hold every card for which filter n (as
 * sema_eval_filter reads it) is not 0, when nonzero, else not 1; returns
 * how many cards they hold (a card may be in two), or -1 for "any card".
 * `a and b` is not 0 only where neither is, so the shorter of their lists
 * will do; `a or b` needs both; `not` swaps what is looked for; `f == k`
 * not 0 is the list of k, `f != k` not 1 too. */
static long filter_candidates(Sema *s, CardLists *L, const Node *n, int slot, bool nonzero)
{
    int field, value;
    switch (n->kind) {
    case N_BOOLLIT:
        return (n->literal != 0) == nonzero ? -1 : 0;
    case N_UNARY:
        return n->unop == UOP_NOT ? filter_candidates(s, L, n->operand, slot, !nonzero) : -1;
    case N_BINARY:
        if (n->binop == OP_AND || n->binop == OP_OR) {
            int mark = L->nseg;
            long a = filter_candidates(s, L, n->lhs, slot, nonzero);
            int mid = L->nseg;
            long b = filter_candidates(s, L, n->rhs, slot, nonzero);
            if ((n->binop == OP_AND) == nonzero) { /* either side's lists */
                if (b < 0 || (a >= 0 && a <= b)) {
                    L->nseg = a < 0 ? mark : mid;
                    return a;
                }
                memmove(L->seg + mark, L->seg + mid, sizeof *L->seg * (size_t)(L->nseg - mid));
                L->nseg = mark + (L->nseg - mid);
                return b;
            }
            if (a < 0 || b < 0 || a + b >= s->cs->ncards) { /* both sides' lists */
                L->nseg = mark;
                return -1;
            }
            return a + b;
        }
        if ((n->binop == OP_EQ || n->binop == OP_NE) && field_compare(n, slot, &field, &value) &&
            (n->binop == OP_EQ) == nonzero)
            return push_list(s, L, field, value);
        return -1;
    default:
        return -1;
    }
}

/* A choice from a zone whose filter no card of the deck can pass. Only the
 * cards the filter may keep are tried (filter_candidates): a choice of a
 * card by name tries one card, not the deck. */
void check_satisfiable(Sema *s, Node *src, const char *what)
{
    if (!src->filter || src->type != T_CARD ||
        (src->src_kind != SRC_ZONE && src->src_kind != SRC_HELD))
        return;
    CardLists *L = card_lists(s);
    L->nseg = 0;
    if (filter_candidates(s, L, src->filter, src->slot, true) < 0) {
        for (int i = 0; i < s->cs->ncards; i++)
            if (sema_eval_filter(src->filter, src->slot, s->cs->cards[i]) != 0)
                return;
    } else {
        for (int k = 0; k < L->nseg; k++)
            for (int i = 0; i < L->seg[k].n; i++)
                if (sema_eval_filter(src->filter, src->slot,
                                     s->cs->cards[L->seg[k].cards[i]]) != 0)
                    return;
    }
    diag_error(s->diags, expr_loc(src->filter), "%s can never have an option: no card in %s passes "
                                                "this condition", what, s->cs->file->path);
    s->soft_errors++;
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
    /* `red == s`: a bare value on the left is of the right side's attribute */
    if (l == T_VALUE && r == T_VALUE && n->lhs->kind == N_IDENT && !n->lhs->sym &&
        n->rhs->attr >= 0 && n->lhs->attr != n->rhs->attr)
        as_value_of(s, n->lhs, n->rhs->attr);
    bool ok = compatible(l, r) || compatible(r, l);
    if (ok && l == T_VALUE && r == T_VALUE && n->lhs->attr >= 0 && n->rhs->attr >= 0 &&
        n->lhs->attr != n->rhs->attr) {
        diag_error(s->diags, n->loc, "cannot compare a value of '%s' with a value of '%s'",
                   s->cs->attrs[n->lhs->attr]->name, s->cs->attrs[n->rhs->attr]->name);
        return n->type = T_BOOL;
    }
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
    if (op == OP_IN)
        return check_membership(s, n);
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
 * player, the slot of a held zone under a card, a per-card variable of a
 * card, or an item of a list. */
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
            if (sym->decl->zflags & ZF_HELD)
                return check_held_index(s, n);
            if (!(sym->decl->zflags & ZF_PER_PLAYER))
                diag_error(s->diags, n->loc, "zone '%s' is shared: write '%s' without [...]",
                           base->name, base->name);
            expect_type(s, n->index, T_PLAYER, check_expr(s, n->index), "the owner of a zone");
            return n->type = T_ZONE;
        }
        if (sym && sym->kind == S_CVAR) {
            sym->used = true;
            base->sym = sym;
            n->attr = sym->attr;
            return n->type = check_cvar_index(s, n, sym);
        }
        if (sym && sym->kind == S_PVAR) {
            sym->used = true;
            base->sym = sym;
            expect_type(s, n->index, T_PLAYER, check_expr(s, n->index),
                        "the index of a per-player variable");
            n->attr = sym->attr;
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
    case N_CHOOSEVALUE:
    case N_CHOOSECARDS:
        return check_misplaced(s, n, "a decision can only be the whole value of 'let' or the "
                                     "whole condition of 'if' or 'while'");
    default:           return check_misplaced(s, n, "not an expression");
    }
}
