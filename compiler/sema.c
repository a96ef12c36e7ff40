/* sema.c: name resolution, types and build-time proofs for the rules.
 *
 * Two passes over the declarations: the first enters every zone, variable,
 * func and proc in the global table (so order does not matter); the second
 * checks bodies. Locals live in numbered frame slots (params first); a
 * source's element (`c in zone`, or the implicit card of `zone where ...`)
 * gets a slot too, so nested filters can refer to outer elements. */
#include "sema.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct Scope {
    const char *name;
    Sym *sym;
    int prev;                   /* 1 + the entry this one hides, or 0 */
} Scope;

typedef struct Sema {
    Arena *arena;
    Diags *diags;
    const CardSet *cs;
    Game *g;
    StrMap globals;             /* name -> Sym* */
    bool have_game, have_players, have_limit; /* declarations seen */
    StrMap prompt_ix, label_ix; /* prompt or label -> index + 1 */
    /* the body being checked */
    Sym *fn;
    bool in_proc;
    int nlocals;
    Scope *scope;
    int nscope, capscope;
    StrMap scope_ix;            /* name -> 1 + its innermost scope entry, or 0 */
    int loops;
    int implicit_slot;          /* slot of the implicit card, or -1 */
    bool in_such;               /* 'chosen' is in scope */
} Sema;

static const char *const builtin_names[] = {
#define X(k, s, lo, hi) s,
    BUILTINS(X)
#undef X
};
static const int builtin_min[] = {
#define X(k, s, lo, hi) lo,
    BUILTINS(X)
#undef X
};
static const int builtin_max[] = {
#define X(k, s, lo, hi) hi,
    BUILTINS(X)
#undef X
};

static Type check_expr(Sema *s, Node *n);
static void check_block(Sema *s, Node *n);
static void check_stmt(Sema *s, Node *n);

int sema_locals(const Sym *fn)
{
    return fn->decl->nlocals;
}

/* ---- diagnostics helpers ----------------------------------------------- */

static void error_unknown(Sema *s, Loc at, const char *what, const char *name,
                          const char *const *cands, int n)
{
    char w[120];
    snprintf(w, sizeof w, "unknown %s", what);
    diag_unknown(s->diags, at, w, name, cands, n, false);
}

/* Every name a rule may use here, for "did you mean". */
static const char **all_names(Sema *s, int *n)
{
    const CardSet *cs = s->cs;
    int cap = s->globals.len + s->nscope + cs->ntypes + cs->nattrs + 3 + B__COUNT;
    for (int i = 0; i < cs->nattrs; i++)
        cap += cs->attrs[i]->nvalues;
    const char **v = arena_alloc(s->arena, sizeof *v * (size_t)(cap + 1));
    int k = 0;
    for (int i = 0; i < s->globals.cap; i++)
        if (s->globals.keys[i])
            v[k++] = s->globals.keys[i];
    for (int i = 0; i < s->nscope; i++)
        v[k++] = s->scope[i].name;
    for (int i = 0; i < cs->ntypes; i++)
        v[k++] = cs->types[i]->name;
    for (int i = 0; i < cs->nattrs; i++) {
        v[k++] = cs->attrs[i]->name;
        for (int j = 0; j < cs->attrs[i]->nvalues; j++)
            v[k++] = cs->attrs[i]->values[j];
    }
    for (int i = 0; i < B__COUNT; i++)
        v[k++] = builtin_names[i];
    *n = k;
    return v;
}

/* The names of the attributes of the cards, for "did you mean". */
static const char **attribute_names(Sema *s)
{
    const char **names = arena_alloc(s->arena, sizeof *names * (size_t)(s->cs->nattrs + 1));
    for (int i = 0; i < s->cs->nattrs; i++)
        names[i] = s->cs->attrs[i]->name;
    return names;
}

static bool compatible(Type want, Type got)
{
    return want == got || want == T_UNKNOWN || got == T_UNKNOWN ||
           (got == T_VOID && (want == T_CARD || want == T_PLAYER));
}

static void expect_type(Sema *s, Node *n, Type want, Type got, const char *ctx)
{
    if (!compatible(want, got))
        diag_error(s->diags, n->loc, "%s must be %s, found %s", ctx, type_name(want),
                   type_name(got));
}

/* ---- scopes ------------------------------------------------------------ */

static Sym *new_local(Sema *s, const char *name, Type t, Node *decl, SymKind kind)
{
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = kind;
    sym->name = name;
    sym->type = t;
    sym->decl = decl;
    sym->index = s->nlocals++;
    if (s->nscope == s->capscope) {
        int cap = s->capscope ? s->capscope * 2 : 32;
        Scope *sc = arena_alloc(s->arena, sizeof *sc * (size_t)cap);
        if (s->nscope)
            memcpy(sc, s->scope, sizeof *sc * (size_t)s->nscope);
        s->scope = sc;
        s->capscope = cap;
    }
    int prev = (int)(intptr_t)strmap_get(&s->scope_ix, name);
    s->scope[s->nscope] = (Scope){name, sym, prev};
    strmap_set(s->arena, &s->scope_ix, name, (void *)(intptr_t)++s->nscope);
    return sym;
}

static Sym *find_local(Sema *s, const char *name)
{
    int i = (int)(intptr_t)strmap_get(&s->scope_ix, name);
    return i ? s->scope[i - 1].sym : NULL;
}

/* Leaves the scopes opened since `mark`: their names show what they hid. */
static void scope_pop(Sema *s, int mark)
{
    while (s->nscope > mark) {
        const Scope *e = &s->scope[--s->nscope];
        strmap_set(s->arena, &s->scope_ix, e->name, (void *)(intptr_t)e->prev);
    }
}

/* Declares a local, refusing to hide another local or a global. */
static Sym *declare(Sema *s, Node *at, const char *name, Type t, SymKind kind)
{
    Sym *prev = find_local(s, name);
    Sym *glob = strmap_get(&s->globals, name);
    if (prev) {
        diag_error(s->diags, at->loc, "'%s' is already a local name here", name);
        diag_note(s->diags, prev->decl->loc, "'%s' declared here", name);
    } else if (glob) {
        diag_error(s->diags, at->loc, "local '%s' would hide the %s of the same name", name,
                   glob->kind == S_ZONE ? "zone" : glob->kind == S_PROC ? "proc"
                   : glob->kind == S_FUNC ? "func" : "variable");
    } else if (cards_find_type(s->cs, name)) {
        diag_error(s->diags, at->loc, "local '%s' would hide the card type of the same name", name);
    }
    return new_local(s, name, t, at, kind);
}

/* ---- constants and implicit fields ------------------------------------- */

static bool field_of_card(Sema *s, Node *n, const char *field)
{
    if (!strcmp(field, "type")) {
        n->type = T_TYPE;
        n->attr = ATTR_TYPE;
        return true;
    }
    if (!strcmp(field, "name")) {
        n->type = T_NAME;
        n->attr = ATTR_NAME;
        return true;
    }
    Attr *at = cards_find_attr(s->cs, field);
    if (!at)
        return false;
    n->attr = at->index;
    n->type = at->numeric ? T_INT : T_VALUE;
    return true;
}

/* Resolves IDENT n as a value of attribute `attr` if it is one. */
static bool as_value_of(Sema *s, Node *n, int attr)
{
    if (n->kind != N_IDENT || attr < 0 || find_local(s, n->name) ||
        strmap_get(&s->globals, n->name))
        return false;
    const Attr *at = s->cs->attrs[attr];
    int v = attr_value_index(at, n->name);
    if (v < 0)
        return false;
    n->type = T_VALUE;
    n->attr = attr;
    n->value = v;
    return true;
}

/* What a name is, for "did you mean the zone 'deck'?". */
static const char *kind_of(Sema *s, const char *name)
{
    Sym *sym = find_local(s, name);
    if (!sym)
        sym = strmap_get(&s->globals, name);
    if (sym)
        return sym->kind == S_ZONE ? "the zone " : sym->kind == S_PROC ? "the proc "
               : sym->kind == S_FUNC ? "the func " : sym->kind == S_PARAM ? "the parameter "
               : "the variable ";
    if (cards_find_type(s->cs, name))
        return "the card type ";
    if (cards_find_attr(s->cs, name))
        return "the attribute ";
    for (int i = 0; i < s->cs->nattrs; i++)
        if (attr_value_index(s->cs->attrs[i], name) >= 0)
            return arena_printf(s->arena, "the %s ", s->cs->attrs[i]->name);
    return "";
}

/* Does a bare name mean anything here? */
static bool known_name(Sema *s, const char *name)
{
    if (find_local(s, name) || strmap_get(&s->globals, name) || cards_find_type(s->cs, name) ||
        cards_find_attr(s->cs, name) || !strcmp(name, "type") || !strcmp(name, "name") ||
        !strcmp(name, "chosen"))
        return true;
    for (int i = 0; i < s->cs->nattrs; i++)
        if (attr_value_index(s->cs->attrs[i], name) >= 0)
            return true;
    return false;
}

/* An identifier naming a global: a shared zone or a game variable. Per-
 * player zones and variables need [p]; a func or a proc needs (...). */
static Type check_global_ident(Sema *s, Node *n, Sym *sym)
{
    const char *name = n->name;
    sym->used = true;
    n->sym = sym;
    if (sym->kind == S_ZONE) {
        n->value = sym->index;
        if (sym->decl->zflags & ZF_PER_PLAYER) {
            diag_error(s->diags, n->loc, "zone '%s' belongs to each player: write %s[p]",
                       name, name);
            return n->type = T_UNKNOWN;
        }
        return n->type = T_ZONE;
    }
    if (sym->kind == S_GLOBAL)
        return n->type = sym->type;
    if (sym->kind == S_PVAR) {
        diag_error(s->diags, n->loc, "'%s' is kept per player: write %s[p]", name, name);
        return n->type = T_UNKNOWN;
    }
    diag_error(s->diags, n->loc, "'%s' is a %s: call it with (...)", name,
               sym->kind == S_PROC ? "proc" : "func");
    return n->type = T_UNKNOWN;
}

/* "unknown name 'x'", with the closest name that means something here. */
static Type report_unknown_name(Sema *s, Node *n)
{
    const char *name = n->name;
    int nn;
    const char **names = all_names(s, &nn);
    const char *sug = did_you_mean(name, names, nn);
    if (sug) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(s->diags, SEV_ERROR, n->loc, hint, "unknown name '%s'; did you mean %s'%s'?",
                 name, kind_of(s, sug), sug);
    } else {
        diag_error(s->diags, n->loc, "unknown name '%s'", name);
    }
    return n->type = T_UNKNOWN;
}

/* primary: IDENT — in this order: a local, 'chosen', a field of the
 * implicit card of a filter, a global, a card type, an attribute value. */
static Type check_ident(Sema *s, Node *n)
{
    const char *name = n->name;
    Sym *sym = find_local(s, name);
    if (sym) {
        sym->used = true;
        n->sym = sym;
        return n->type = sym->type;
    }
    if (!strcmp(name, "chosen")) {
        if (!s->in_such)
            diag_error(s->diags, n->loc, "'chosen' only has a meaning in the 'such that' of "
                                         "'choose cards'");
        return n->type = T_CARDSET;
    }
    if (s->implicit_slot >= 0 && field_of_card(s, n, name)) {
        /* `type`, `name` or an attribute of the implicit card */
        n->kind = N_FIELD;
        n->base = NULL;
        n->slot = s->implicit_slot;
        return n->type;
    }
    sym = strmap_get(&s->globals, name);
    if (sym)
        return check_global_ident(s, n, sym);
    TypeDef *t = cards_find_type(s->cs, name);
    if (t) {
        n->value = t->index;
        return n->type = T_TYPE;
    }
    for (int i = 0; i < s->cs->nattrs; i++) {
        int v = attr_value_index(s->cs->attrs[i], name);
        if (v >= 0) {
            n->attr = i;
            n->value = v;
            return n->type = s->cs->attrs[i]->numeric ? T_INT : T_VALUE;
        }
    }
    if (cards_find_attr(s->cs, name) || !strcmp(name, "type") || !strcmp(name, "name")) {
        diag_error(s->diags, n->loc, "'%s' is a card field: use it in a filter "
                                     "('zone where %s == ...') or on a card ('c.%s')",
                   name, name, name);
        return n->type = T_UNKNOWN;
    }
    return report_unknown_name(s, n);
}

/* "no card is named 'X' in cards.yaml", with a suggestion if one is close:
 * for card names in quotes, in rules and in card effects alike. */
static void report_no_card(Diags *d, const CardSet *cs, Loc at, const char *name)
{
    const char **names = malloc(sizeof *names * (size_t)(cs->ncards + 1));
    for (int i = 0; i < cs->ncards; i++)
        names[i] = cs->cards[i]->name;
    const char *sug = did_you_mean(name, names, cs->ncards);
    free(names);
    if (sug) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(d, SEV_ERROR, at, hint, "no card is named '%s' in %s; did you mean '%s'?", name,
                 cs->file->path, sug);
    } else {
        diag_error(d, at, "no card is named '%s' in %s", name, cs->file->path);
    }
}

/* A card name in quotes: it must name a card of cards.yaml. */
static Type check_string(Sema *s, Node *n)
{
    CardDef *cd = cards_find_card(s->cs, n->name);
    if (!cd) {
        report_no_card(s->diags, s->cs, n->loc, n->name);
        return n->type = T_UNKNOWN;
    }
    n->value = cd->index;
    return n->type = T_NAME;
}

/* ---- sources ------------------------------------------------------------ */

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
        if (an)
            error_unknown(s, arg->loc, "attribute", an, attribute_names(s), s->cs->nattrs);
        return;
    }
    call->attr = at->index;
    if (t) {
        bool has = false;
        for (int i = 0; i < t->nattrs; i++)
            has |= t->attrs[i].attr == at;
        if (!has)
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
static Type check_source(Sema *s, Node *src)
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
        Sym *e = declare(s, src, src->name, et, S_LOCAL);
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

static Node *as_source(Sema *s, Node *arg)
{
    if (arg->kind == N_SOURCE)
        return arg;
    Node *src = node_new(s->arena, N_SOURCE, arg->loc);
    src->in = arg;
    src->next = arg->next;
    arg->next = NULL;
    return src;
}

/* ---- static evaluation of card filters ---------------------------------- */

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
        have = cd->value[f->attr];
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
static void check_satisfiable(Sema *s, Node *src, const char *what)
{
    if (!src->filter || src->type != T_CARD || src->src_kind != SRC_ZONE)
        return;
    for (int i = 0; i < s->cs->ncards; i++)
        if (sema_eval_filter(src->filter, src->slot, s->cs->cards[i]) != 0)
            return;
    diag_error(s->diags, expr_loc(src->filter), "%s can never have an option: no card in %s passes "
                                                "this condition", what, s->cs->file->path);
}

/* ---- calls -------------------------------------------------------------- */

static int count_args(const Node *args)
{
    int k = 0;
    for (const Node *a = args; a; a = a->next)
        k++;
    return k;
}

/* expr: IDENT '(' args ')' calling a func or a proc. */
static Type check_call_routine(Sema *s, Node *n, Sym *sym, bool stmt)
{
    int nargs = count_args(n->args);
    sym->used = true;
    n->sym = sym;
    if (sym->kind == S_PROC && !stmt)
        diag_error(s->diags, n->loc, "proc '%s' can only be called as a statement or as the "
                                     "whole value of 'let'", n->name);
    if (sym->kind == S_PROC && !s->in_proc)
        diag_error(s->diags, n->loc, "a func cannot call proc '%s' (procs move cards and "
                                     "ask players)", n->name);
    if (nargs != sym->nparams)
        diag_error(s->diags, n->loc, "'%s' takes %d argument%s, given %d", n->name,
                   sym->nparams, sym->nparams == 1 ? "" : "s", nargs);
    int i = 0;
    for (Node *a = n->args; a; a = a->next, i++) {
        if (a->kind == N_SOURCE) {
            diag_error(s->diags, a->loc, "'%s' takes values, not a filtered zone", n->name);
            continue;
        }
        Type t = check_expr(s, a);
        if (i < sym->nparams && i < 8) {
            char ctx[160];
            snprintf(ctx, sizeof ctx, "argument %d of '%s'", i + 1, n->name);
            expect_type(s, a, sym->params[i], t, ctx);
        }
    }
    return n->type = sym->type;
}

/* A call of a name that is neither a func, a proc nor a builtin: its
 * arguments are still checked. */
static Type check_call_unknown(Sema *s, Node *n)
{
    int nn;
    const char **names = all_names(s, &nn);
    error_unknown(s, n->loc, "func or proc", n->name, names, nn);
    for (Node *a = n->args; a; a = a->next)
        if (a->kind != N_SOURCE)
            check_expr(s, a);
    return n->type = T_UNKNOWN;
}

/* sum(src, value), and min(...) or max(...) over a source: the value is
 * checked with the element in scope. */
static Type check_call_over_source(Sema *s, Node *n)
{
    Node *src = as_source(s, n->args);
    n->args = src;
    Type et = check_source(s, src);
    int mark = s->nscope, saved = s->implicit_slot;
    if (src->name) {
        Sym *e = new_local(s, src->name, et, src, S_LOCAL);
        s->nlocals--; /* same slot as the source's element */
        e->index = src->slot;
    } else if (et == T_CARD || et == T_UNKNOWN) {
        s->implicit_slot = src->slot;
    }
    Type vt = check_expr(s, src->next);
    expect_type(s, src->next, T_INT, vt, "the value summed or compared");
    scope_pop(s, mark);
    s->implicit_slot = saved;
    n->over_source = 1;
    vec_push(s->arena, &s->g->aggs, n);
    return n->type = T_INT;
}

/* min(a, b), max(a, b): of two numbers, or over a source when a is a zone,
 * 'players' or a filtered source. */
static Type check_call_min_max(Sema *s, Node *n)
{
    Node *a0 = n->args, *a1 = a0->next;
    if (a0->kind != N_SOURCE) {
        Type t0 = a0->kind == N_PLAYERSREF ? T_PLAYERS : check_expr(s, a0);
        if (t0 != T_ZONE && t0 != T_PLAYERS && t0 != T_CARDSET) {
            expect_type(s, a0, T_INT, t0, "an argument of min/max");
            expect_type(s, a1, T_INT, check_expr(s, a1), "an argument of min/max");
            n->over_source = 0;
            return n->type = T_INT;
        }
    }
    return check_call_over_source(s, n);
}

/* count(src), any(src), every(src), first(src) */
static Type check_call_aggregate(Sema *s, Node *n, Builtin b)
{
    Node *src = as_source(s, n->args);
    n->args = src;
    Type et = check_source(s, src);
    if (src->src_kind == SRC_VALUES)
        diag_error(s->diags, src->loc, "values(...) can only be used in 'for'");
    vec_push(s->arena, &s->g->aggs, n);
    if (b == B_FIRST)
        return n->type = et == T_UNKNOWN ? T_UNKNOWN : et;
    return n->type = b == B_COUNT ? T_INT : T_BOOL;
}

/* distinct(zone, attribute): the attribute is a name, kept in n->attr. */
static Type check_call_distinct(Sema *s, Node *n)
{
    Node *src = as_source(s, n->args);
    n->args = src;
    Type et = check_source(s, src);
    if (et != T_CARD && et != T_UNKNOWN)
        diag_error(s->diags, src->loc, "distinct counts values of cards: give it a zone");
    Node *attr = src->next;
    if (attr->kind != N_IDENT) {
        diag_error(s->diags, attr->loc, "distinct(zone, attribute): the second argument must "
                                        "be an attribute name");
    } else if (!strcmp(attr->name, "type")) {
        n->attr = ATTR_TYPE;
    } else if (!strcmp(attr->name, "name")) {
        n->attr = ATTR_NAME;
    } else {
        Attr *at = cards_find_attr(s->cs, attr->name);
        if (!at)
            error_unknown(s, attr->loc, "attribute", attr->name, attribute_names(s),
                          s->cs->nattrs);
        else
            n->attr = at->index;
    }
    vec_push(s->arena, &s->g->aggs, n);
    return n->type = T_INT;
}

/* A builtin of one argument of type want, giving a value of type result. */
static Type check_call_of(Sema *s, Node *n, Type want, const char *what, Type result)
{
    expect_type(s, n->args, want, check_expr(s, n->args), what);
    return n->type = result;
}

/* chance(percent) */
static Type check_call_chance(Sema *s, Node *n)
{
    Node *a0 = n->args;
    expect_type(s, a0, T_INT, check_expr(s, a0), "the percentage of chance");
    if (a0->kind == N_NUM && (a0->literal < 0 || a0->literal > 100))
        diag_error(s->diags, a0->loc, "a chance is a percentage from 0 to 100, found %lld",
                   a0->literal);
    return n->type = T_BOOL;
}

/* roll(sides) */
static Type check_call_roll(Sema *s, Node *n)
{
    Node *a0 = n->args;
    expect_type(s, a0, T_INT, check_expr(s, a0), "the sides of the die");
    if (a0->kind == N_NUM && a0->literal < 1)
        diag_error(s->diags, a0->loc, "a die needs at least 1 side, found %lld", a0->literal);
    return n->type = T_INT;
}

/* start_turn(p): a statement of a proc */
static Type check_call_start_turn(Sema *s, Node *n, bool stmt)
{
    if (!stmt || !s->in_proc)
        diag_error(s->diags, n->loc, "start_turn(p) is a statement of a proc");
    return check_call_of(s, n, T_PLAYER, "the argument of start_turn", T_VOID);
}

/* values(attr) outside 'for v in values(...)' */
static Type check_call_values(Sema *s, Node *n)
{
    diag_error(s->diags, n->loc, "values(...) can only be used in 'for v in values(...)'");
    return n->type = T_UNKNOWN;
}

static int find_builtin(const char *name)
{
    for (int i = 0; i < B__COUNT; i++)
        if (!strcmp(builtin_names[i], name))
            return i;
    return -1;
}

/* expr: IDENT '(' args ')' | SIZE '(' expr ')' calling a builtin. */
static Type check_call_builtin(Sema *s, Node *n, bool stmt)
{
    int b = find_builtin(n->name);
    if (b < 0)
        return check_call_unknown(s, n);
    n->builtin = b;
    int nargs = count_args(n->args);
    if (nargs < builtin_min[b] || nargs > builtin_max[b]) {
        diag_error(s->diags, n->loc, "'%s' takes %d argument%s, given %d", n->name,
                   builtin_min[b], builtin_min[b] == 1 ? "" : "s", nargs);
        return n->type = T_UNKNOWN;
    }
    switch ((Builtin)b) {
    case B_MIN:
    case B_MAX:        return check_call_min_max(s, n);
    case B_SUM:        return check_call_over_source(s, n);
    case B_COUNT:
    case B_ANY:
    case B_ALL:
    case B_FIRST:      return check_call_aggregate(s, n, (Builtin)b);
    case B_DISTINCT:   return check_call_distinct(s, n);
    case B_SIZE:       return check_call_of(s, n, T_ZONE, "the argument of size", T_INT);
    case B_NEXT:       return check_call_of(s, n, T_PLAYER, "the argument of next", T_PLAYER);
    case B_SEAT:       return check_call_of(s, n, T_INT, "the argument of seat", T_PLAYER);
    case B_CHANCE:     return check_call_chance(s, n);
    case B_ROLL:       return check_call_roll(s, n);
    case B_ABS:        return check_call_of(s, n, T_INT, "the argument of abs", T_INT);
    case B_START_TURN: return check_call_start_turn(s, n, stmt);
    case B_NPLAYERS:   return n->type = T_INT;
    case B_VALUES:     return check_call_values(s, n);
    case B__COUNT:     break;
    }
    return n->type = T_UNKNOWN;
}

/* expr: IDENT '(' args ')' — stmt: the call is a whole statement (or the
 * whole value of a let), where a proc may be called. */
static Type check_call(Sema *s, Node *n, bool stmt)
{
    Sym *sym = strmap_get(&s->globals, n->name);
    if (sym && (sym->kind == S_FUNC || sym->kind == S_PROC))
        return check_call_routine(s, n, sym, stmt);
    return check_call_builtin(s, n, stmt);
}

/* ---- expressions -------------------------------------------------------- */

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
        int k = at ? at->nvalues : cs->ntypes;
        const char **names = arena_alloc(s->arena, sizeof *names * (size_t)(k + 1));
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
        const char **names = arena_alloc(s->arena, sizeof *names * (size_t)(s->cs->nattrs + 2));
        int k = 0;
        names[k++] = "type";
        names[k++] = "name";
        for (int i = 0; i < s->cs->nattrs; i++)
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
static Type check_expr(Sema *s, Node *n)
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

/* ---- decisions ---------------------------------------------------------- */

/* The index of str in table v (prompts or labels), added if new; ix maps
 * each string to its index + 1. */
static int intern_str(Sema *s, PtrVec *v, StrMap *ix, const char *str)
{
    int i = (int)(intptr_t)strmap_get(ix, str);
    if (i)
        return i - 1;
    vec_push(s->arena, v, (void *)str);
    strmap_put(s->arena, ix, str, (void *)(intptr_t)v->len);
    return v->len - 1;
}

static void need_proc(Sema *s, Node *n, const char *what)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "%s needs a proc: a func cannot ask players or move cards",
                   what);
}

/* Hidden information: the options of a card choice name the cards, so the
 * player who decides must be allowed to see the zone they come from. */
static void check_visible(Sema *s, const Node *decider, const Node *src)
{
    if (src->src_kind != SRC_ZONE || src->type != T_CARD)
        return;
    const Node *z = src->in;
    const Node *zid = z->kind == N_INDEX ? z->base : z;
    if (zid->kind != N_IDENT || !zid->sym || zid->sym->kind != S_ZONE)
        return;
    const Node *decl = zid->sym->decl;
    if (decl->vis == VIS_HIDDEN) {
        diag_error(s->diags, zid->loc, "the options of this choice would show the cards of zone "
                                       "'%s', which is hidden from every player", decl->name);
    } else if (decl->vis == VIS_OWNER && z->kind == N_INDEX) {
        const Node *owner = z->index;
        bool same = owner->kind == N_IDENT && decider->kind == N_IDENT && owner->sym &&
                    owner->sym == decider->sym;
        if (!same)
            diag_error(s->diags, zid->loc, "the options of this choice would show the cards of "
                                           "'%s' to a player who may not be its owner (only the "
                                           "owner sees it): let the owner decide", decl->name);
    }
}

/* decision: CHOOSE CARD expr STRING FROM src opt_else
 *         | CHOOSE PLAYER expr STRING FROM src opt_else
 * (after the head check_decision shares with ask) */
static Type check_choose_one(Sema *s, Node *n)
{
    Type et = check_source(s, n->src);
    Type want = n->kind == N_CHOOSECARD ? T_CARD : T_PLAYER;
    if (et != want && et != T_UNKNOWN)
        diag_error(s->diags, n->src->loc, "'choose %s' needs %s here, found %s",
                   want == T_CARD ? "card" : "player",
                   want == T_CARD ? "a zone" : "'players'", type_name(et));
    if (n->els) {
        n->els->label = intern_str(s, &s->g->labels, &s->label_ix, n->els->name);
        if (n->els->guard)
            expect_type(s, n->els->guard, T_BOOL, check_expr(s, n->els->guard),
                        "a 'when' condition");
    }
    if (want == T_CARD) {
        check_satisfiable(s, n->src, "this choice");
        check_visible(s, n->who, n->src);
    }
    return n->type = want;
}

/* The sizes of 'choose cards': size lo..hi, two numbers. */
static void check_pick_size(Sema *s, Node *size)
{
    Node *lo = size->items, *hi = lo->next;
    expect_type(s, lo, T_INT, check_expr(s, lo), "the smallest size");
    expect_type(s, hi, T_INT, check_expr(s, hi), "the largest size");
    if (hi->kind == N_NUM && hi->literal > RT_MAX_PICK_SEMA)
        diag_error(s->diags, hi->loc, "a set of cards holds at most %d cards (limit max_pick)",
                   RT_MAX_PICK_SEMA);
    if (lo->kind == N_NUM && hi->kind == N_NUM && lo->literal > hi->literal)
        diag_error(s->diags, lo->loc, "empty size range %lld..%lld", lo->literal, hi->literal);
    if (lo->kind == N_NUM && lo->literal < 1)
        diag_error(s->diags, lo->loc, "a set of cards needs at least 1 card");
}

/* stmt: CHOOSE CARDS expr STRING FROM src INTO expr SIZE expr DOTDOT expr opt_such
 * (after the head check_decision shares with ask) */
static Type check_choose_cards(Sema *s, Node *n)
{
    Type et = check_source(s, n->src);
    if (et != T_CARD && et != T_UNKNOWN)
        diag_error(s->diags, n->src->loc, "'choose cards' needs a zone here, found %s",
                   type_name(et));
    expect_type(s, n->into, T_ZONE, check_expr(s, n->into), "the zone after 'into'");
    check_pick_size(s, n->size);
    if (n->such) {
        bool saved = s->in_such;
        s->in_such = true;
        expect_type(s, n->such, T_BOOL, check_expr(s, n->such), "a 'such that' condition");
        s->in_such = saved;
    }
    check_satisfiable(s, n->src, "this choice");
    check_visible(s, n->who, n->src);
    vec_push(s->arena, &s->g->sets, n);
    n->set_no = s->g->sets.len - 1;
    return n->type = T_VOID;
}

/* A decision: a player, a prompt, then what is decided. Returns what it
 * gives: a truth value, a card, a player, or nothing (choose cards). */
static Type check_decision(Sema *s, Node *n)
{
    need_proc(s, n, "a decision");
    expect_type(s, n->who, T_PLAYER, check_expr(s, n->who), "the player who decides");
    n->prompt = intern_str(s, &s->g->prompts, &s->prompt_ix, n->name);
    switch (n->kind) {
    case N_ASK: /* decision: ASK expr STRING */
        return n->type = T_BOOL;
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER:
        return check_choose_one(s, n);
    case N_CHOOSECARDS:
        return check_choose_cards(s, n);
    default:
        return T_UNKNOWN;
    }
}

static bool is_decision(const Node *n)
{
    return n->kind == N_ASK || n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
           n->kind == N_CHOOSECARDS;
}

/* The value of let/assign: a decision, a proc call, or an expression. */
static Type check_value(Sema *s, Node *v)
{
    if (is_decision(v))
        return check_decision(s, v);
    if (v->kind == N_CALL) {
        Sym *sym = strmap_get(&s->globals, v->name);
        if (sym && sym->kind == S_PROC) {
            Type t = check_call(s, v, true);
            if (t == T_VOID)
                diag_error(s->diags, v->loc, "proc '%s' gives no value", v->name);
            return t;
        }
    }
    return check_expr(s, v);
}

/* ---- statements --------------------------------------------------------- */

/* cond: expr | ASK expr STRING */
static void check_cond(Sema *s, Node *c)
{
    if (c->kind == N_ASK)
        check_decision(s, c);
    else
        expect_type(s, c, T_BOOL, check_expr(s, c), "a condition");
}

static void check_zone_effect(Sema *s, Node *n, const char *what)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "%s needs a proc: a func cannot move cards", what);
}

/* stmt: LET IDENT '=' expr | LET IDENT '=' decision */
static void check_let(Sema *s, Node *n)
{
    Type t = check_value(s, n->init);
    if (t == T_VOID && n->init->kind != N_NONELIT) {
        if (n->init->kind == N_CHOOSECARDS)
            diag_error(s->diags, n->loc, "'choose cards' moves the cards 'into' a zone and "
                                         "gives no value: write it as a statement");
        t = T_UNKNOWN;
    }
    if (t == T_VOID)
        diag_error(s->diags, n->loc, "'let %s = none' does not say what '%s' holds", n->name,
                   n->name);
    if (t == T_ZONE || t == T_CARDSET || t == T_LIST || t == T_PLAYERS)
        diag_error(s->diags, n->init->loc, "a variable cannot hold %s", type_name(t));
    n->sym = declare(s, n, n->name, t, S_LOCAL);
}

/* lvalue: IDENT, assigned: a local, a parameter or a game variable. Returns
 * its type. */
static Type check_target_name(Sema *s, Node *lv)
{
    Sym *sym = find_local(s, lv->name);
    if (!sym)
        sym = strmap_get(&s->globals, lv->name);
    if (!sym) {
        int nn;
        const char **names = all_names(s, &nn);
        error_unknown(s, lv->loc, "variable", lv->name, names, nn);
        return T_UNKNOWN;
    }
    if (sym->kind != S_LOCAL && sym->kind != S_PARAM && sym->kind != S_GLOBAL) {
        diag_error(s->diags, lv->loc, "cannot assign to '%s': it is not a variable", lv->name);
        return T_UNKNOWN;
    }
    lv->sym = sym;
    sym->used = true;
    if (sym->kind == S_GLOBAL && !s->in_proc)
        diag_error(s->diags, lv->loc, "a func cannot change the game variable '%s'", lv->name);
    return sym->type;
}

/* lvalue: IDENT '[' expr ']', assigned: a per-player variable. Returns its
 * type. */
static Type check_target_index(Sema *s, Node *lv)
{
    Sym *sym = strmap_get(&s->globals, lv->base->name);
    if (!sym || sym->kind != S_PVAR || find_local(s, lv->base->name)) {
        diag_error(s->diags, lv->loc, "only a per-player variable can be assigned with [...]");
        return T_UNKNOWN;
    }
    lv->base->sym = sym;
    sym->used = true;
    expect_type(s, lv->index, T_PLAYER, check_expr(s, lv->index),
                "the index of a per-player variable");
    if (!s->in_proc)
        diag_error(s->diags, lv->loc, "a func cannot change the game variable '%s'",
                   lv->base->name);
    return sym->type;
}

/* stmt: lvalue '=' expr | lvalue '=' decision | lvalue '+=' expr | lvalue '-=' expr */
static void check_assign(Sema *s, Node *n)
{
    Node *lv = n->target;
    Type lt = lv->kind == N_IDENT ? check_target_name(s, lv) : check_target_index(s, lv);
    Type t = check_value(s, n->rhs);
    if (n->assign_op != ASSIGN_SET) {
        expect_type(s, lv, T_INT, lt, "the target of += or -=");
        expect_type(s, n->rhs, T_INT, t, "the value added");
    } else {
        char ctx[160];
        snprintf(ctx, sizeof ctx, "the value assigned to '%s'",
                 lv->kind == N_IDENT ? lv->name : lv->base->name);
        expect_type(s, n->rhs, lt, t, ctx);
    }
}

/* stmt: IF cond block else_part
 * else_part: ELSE block | ELSE IF cond block else_part */
static void check_if(Sema *s, Node *n)
{
    check_cond(s, n->cond);
    check_block(s, n->then);
    if (n->els)
        check_stmt(s, n->els);
}

/* The body of a loop, where 'break' may be. */
static void check_loop_body(Sema *s, Node *body)
{
    s->loops++;
    check_block(s, body);
    s->loops--;
}

/* stmt: WHILE cond block */
static void check_while(Sema *s, Node *n)
{
    check_cond(s, n->cond);
    check_loop_body(s, n->body);
}

/* stmt: LOOP block */
static void check_loop(Sema *s, Node *n)
{
    check_loop_body(s, n->block);
}

/* stmt: REPEAT expr block */
static void check_repeat(Sema *s, Node *n)
{
    expect_type(s, n->count, T_INT, check_expr(s, n->count), "the count of 'repeat'");
    n->slot = s->nlocals++; /* the counter */
    check_loop_body(s, n->body);
}

/* stmt: FOR IDENT IN src block | FOR IDENT IN expr FROM expr block */
static void check_for(Sema *s, Node *n)
{
    int mark = s->nscope;
    Node *src = n->iter;
    if (n->from) { /* for q in players from p */
        if (src->kind != N_PLAYERSREF)
            diag_error(s->diags, src->loc, "'from' starts a loop over 'players'");
        expect_type(s, n->from, T_PLAYER, check_expr(s, n->from), "the first player");
        Node *w = node_new(s->arena, N_SOURCE, src->loc);
        w->in = src;
        w->name = n->name;
        n->iter = src = w;
    } else {
        src->name = n->name;
    }
    Type et = check_source(s, src);
    n->slot = s->nlocals; /* loop index, and the first player of 'from' */
    s->nlocals += 2;
    /* the element stays in scope for the body */
    Sym *e = new_local(s, n->name, et, src, S_LOCAL);
    s->nlocals--;
    e->index = src->slot;
    if ((src->src_kind == SRC_ZONE || src->src_kind == SRC_CHOSEN) && s->in_proc)
        diag_error(s->diags, n->loc, "a proc cannot loop over the cards of a zone (cards may "
                                     "move); use 'while any(...)' with first(...)");
    if (src->src_kind == SRC_VALUES)
        e->decl->attr = src->in->attr;
    check_loop_body(s, n->body);
    scope_pop(s, mark);
}

/* tail: BREAK */
static void check_break(Sema *s, Node *n)
{
    if (!s->loops)
        diag_error(s->diags, n->loc, "'break' outside a loop");
}

/* tail: RETURN | RETURN expr */
static void check_return(Sema *s, Node *n)
{
    Type want = s->fn->type;
    if (n->result) {
        Type t = check_expr(s, n->result);
        if (want == T_VOID)
            diag_error(s->diags, n->loc, "'%s' gives no value: write 'return' alone",
                       s->fn->name);
        else
            expect_type(s, n->result, want, t, "the value returned");
    } else if (want != T_VOID) {
        diag_error(s->diags, n->loc, "'%s' must return %s", s->fn->name, type_name(want));
    }
}

/* stmt: MOVE expr TO expr position */
static void check_move(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'move'");
    expect_type(s, n->card, T_CARD, check_expr(s, n->card), "the card moved");
    expect_type(s, n->to, T_ZONE, check_expr(s, n->to), "the place a card moves to");
    if (n->pos && n->pos->pos_kind == POS_AT)
        expect_type(s, n->pos->at, T_INT, check_expr(s, n->pos->at), "a position");
}

/* stmt: MOVE ALL src TO expr position */
static void check_move_all(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'move all'");
    Type et = check_source(s, n->cards);
    if (et != T_CARD && et != T_UNKNOWN)
        diag_error(s->diags, n->cards->loc, "'move all' needs a zone, found %s", type_name(et));
    expect_type(s, n->to, T_ZONE, check_expr(s, n->to), "the place cards move to");
    if (n->pos && n->pos->pos_kind == POS_AT)
        diag_error(s->diags, n->pos->loc, "'move all' goes to the top or the bottom, not 'at'");
    vec_push(s->arena, &s->g->aggs, n);
}

/* stmt: SHUFFLE expr */
static void check_shuffle(Sema *s, Node *n)
{
    check_zone_effect(s, n, "'shuffle'");
    expect_type(s, n->zone, T_ZONE, check_expr(s, n->zone), "what is shuffled");
}

/* stmt: CHOOSE expr STRING '{' options '}'
 * option: OPTION STRING opt_when block */
static void check_menu(Sema *s, Node *n)
{
    need_proc(s, n, "a choice");
    expect_type(s, n->who, T_PLAYER, check_expr(s, n->who), "the player who decides");
    n->prompt = intern_str(s, &s->g->prompts, &s->prompt_ix, n->name);
    n->taken_slot = s->nlocals++; /* the option taken */
    for (Node *o = n->options; o; o = o->next) {
        o->label = intern_str(s, &s->g->labels, &s->label_ix, o->name);
        if (o->guard) {
            expect_type(s, o->guard, T_BOOL, check_expr(s, o->guard), "a 'when' condition");
            if (o->guard->kind == N_BOOLLIT && o->guard->literal == 0)
                diag_error(s->diags, o->guard->loc, "option '%s' can never be taken", o->name);
        }
        check_block(s, o->body);
    }
}

/* stmt: IDENT '(' args ')' */
static void check_call_stmt(Sema *s, Node *n)
{
    Node *c = n->call;
    Type t = check_call(s, c, true);
    Sym *sym = c->sym;
    if (!sym && c->builtin != B_START_TURN && t != T_UNKNOWN)
        diag_error(s->diags, n->loc, "the value of '%s' is not used", c->name);
    else if (sym && sym->kind == S_FUNC)
        diag_error(s->diags, n->loc, "the value of func '%s' is not used", c->name);
}

/* tail: END | END IDENT */
static void check_end(Sema *s, Node *n)
{
    need_proc(s, n, "'end'");
    if (n->name && strcmp(n->name, "draw") != 0)
        diag_error(s->diags, n->how->loc, "'end' takes nothing or 'draw', found '%s'", n->name);
}

static void check_stmt(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_BLOCK:       check_block(s, n); break;
    case N_LET:         check_let(s, n); break;
    case N_ASSIGN:      check_assign(s, n); break;
    case N_IF:          check_if(s, n); break;
    case N_WHILE:       check_while(s, n); break;
    case N_LOOP:        check_loop(s, n); break;
    case N_REPEAT:      check_repeat(s, n); break;
    case N_FOR:         check_for(s, n); break;
    case N_BREAK:       check_break(s, n); break;
    case N_RETURN:      check_return(s, n); break;
    case N_MOVE:        check_move(s, n); break;
    case N_MOVEALL:     check_move_all(s, n); break;
    case N_SHUFFLE:     check_shuffle(s, n); break;
    case N_MENU:        check_menu(s, n); break;
    case N_EXPRSTMT:    check_call_stmt(s, n); break;
    case N_END:         check_end(s, n); break;
    case N_CHOOSECARDS: check_decision(s, n); break;
    default:            diag_error(s->diags, n->loc, "not a statement"); break;
    }
}

/* block: '{' stmts tail '}': its locals end with it. */
static void check_block(Sema *s, Node *n)
{
    int mark = s->nscope;
    for (Node *st = n->stmts; st; st = st->next)
        check_stmt(s, st);
    scope_pop(s, mark);
}

/* ---- declarations ------------------------------------------------------- */

/* Enters a zone, a variable, a func or a proc in the global table; NULL
 * if the name is taken. */
static Sym *enter_global(Sema *s, Node *decl, SymKind kind, Type t)
{
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = kind;
    sym->name = decl->name;
    sym->decl = decl;
    sym->type = t;
    Sym *prev = strmap_put(s->arena, &s->globals, decl->name, sym);
    if (prev) {
        diag_error(s->diags, decl->loc, "'%s' is declared twice", decl->name);
        diag_note(s->diags, prev->decl->loc, "first declared here");
        return NULL;
    }
    if (find_builtin(decl->name) >= 0 || !strcmp(decl->name, "chosen"))
        diag_error(s->diags, decl->loc, "'%s' is a builtin name", decl->name);
    else if (cards_find_type(s->cs, decl->name))
        diag_error(s->diags, decl->loc, "'%s' is already a card type", decl->name);
    return sym;
}

/* decl: ZONE IDENT ':' zone_flags */
static void declare_zone(Sema *s, Node *z)
{
    int flags = 0, vis = -1;
    for (Node *f = z->flag_list; f; f = f->next) {
        const char *w = f->name;
        int v = -1;
        if (!strcmp(w, "per player"))
            flags |= ZF_PER_PLAYER;
        else if (!strcmp(w, "shared"))
            ;
        else if (!strcmp(w, "ordered"))
            flags |= ZF_ORDERED;
        else if (!strcmp(w, "public"))
            v = VIS_PUBLIC;
        else if (!strcmp(w, "owner"))
            v = VIS_OWNER;
        else if (!strcmp(w, "hidden") || !strcmp(w, "secret"))
            v = VIS_HIDDEN;
        else {
            static const char *const words[] = {"shared", "per player", "ordered", "public",
                                                "owner", "hidden", "secret"};
            error_unknown(s, f->loc, "zone property", w, words, 7);
        }
        if (v >= 0) {
            if (vis >= 0)
                diag_error(s->diags, f->loc, "zone '%s' has two visibilities", z->name);
            vis = v;
        }
    }
    if (vis < 0)
        diag_error(s->diags, z->loc, "zone '%s' needs a visibility: public, owner or hidden",
                   z->name);
    if (vis == VIS_OWNER && !(flags & ZF_PER_PLAYER))
        diag_error(s->diags, z->loc, "zone '%s' is shared, so it has no owner to see it", z->name);
    z->zflags = flags;
    z->vis = vis < 0 ? VIS_PUBLIC : vis;
    Sym *sym = enter_global(s, z, S_ZONE, T_ZONE);
    if (!sym)
        return;
    z->zone_no = sym->index = s->g->zones.len;
    vec_push(s->arena, &s->g->zones, z);
}

/* decl: FUNC IDENT '(' params ')' ':' var_type ('=' expr | block)
 *     | PROC IDENT '(' params ')' (':' var_type)? block */
static void declare_fn(Sema *s, Node *f, bool proc)
{
    Sym *sym = enter_global(s, f, proc ? S_PROC : S_FUNC, f->type);
    if (!sym)
        return;
    int k = 0;
    for (Node *p = f->params; p; p = p->next, k++)
        if (k < 8)
            sym->params[k] = p->type;
    if (k > 8)
        diag_error(s->diags, f->loc, "'%s' has %d parameters (limit max_params = 8)", f->name, k);
    sym->nparams = k;
    if (proc) {
        sym->index = s->g->procs.len;
        vec_push(s->arena, &s->g->procs, sym);
    } else {
        sym->index = s->g->funcs.len;
        vec_push(s->arena, &s->g->funcs, sym);
    }
}

/* The body of a func or a proc (or of an effect, made a proc): its
 * parameters are its first frame slots. */
static void check_fn(Sema *s, Sym *sym)
{
    Node *f = sym->decl;
    s->fn = sym;
    s->in_proc = sym->kind == S_PROC;
    s->nlocals = 0;
    scope_pop(s, 0);
    s->loops = 0;
    s->implicit_slot = -1;
    for (Node *p = f->params; p; p = p->next)
        p->sym = declare(s, p, p->name, p->type, S_PARAM);
    if (f->expr_body) {
        Type t = check_expr(s, f->expr_body);
        expect_type(s, f->expr_body, f->type, t, "the value of the func");
    } else if (f->body) {
        check_block(s, f->body);
        /* a func or a proc with a result must end in 'return' */
        if (f->type != T_VOID) {
            Node *last = f->body->stmts;
            while (last && last->next)
                last = last->next;
            if (!last || last->kind != N_RETURN)
                diag_error(s->diags, f->loc, "'%s' must end with 'return' and a value", f->name);
        }
    }
    f->nlocals = s->nlocals;
    if (s->in_proc && s->nlocals > s->g->max_locals)
        s->g->max_locals = s->nlocals;
}

/* effect_body: opt_when stmts tail — a card's effect. */
static void check_effect(Sema *s, Node *e)
{
    /* An effect is a proc(me: player, this: card) named after its card. */
    Node *decl = node_new(s->arena, N_PROCDECL, e->loc);
    decl->name = arena_printf(s->arena, "effect of %s", e->name);
    Node *pme = node_new(s->arena, N_PARAM, e->loc);
    pme->name = "me";
    pme->type = T_PLAYER;
    Node *pthis = node_new(s->arena, N_PARAM, e->loc);
    pthis->name = "this";
    pthis->type = T_CARD;
    pme->next = pthis;
    decl->params = pme;
    decl->type = T_VOID;
    Node *blk = node_new(s->arena, N_BLOCK, e->loc);
    blk->stmts = e->body;
    decl->body = blk;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_PROC;
    sym->name = decl->name;
    sym->decl = decl;
    sym->type = T_VOID;
    sym->nparams = 2;
    sym->params[0] = T_PLAYER;
    sym->params[1] = T_CARD;
    sym->index = s->g->procs.len;
    sym->used = true;
    vec_push(s->arena, &s->g->procs, sym);
    e->sym = sym;
    check_fn(s, sym);
    if (e->guard) {
        /* the 'when' guard: checked with the same parameters */
        s->in_proc = false;
        scope_pop(s, 0);
        s->nlocals = 0;
        declare(s, pme, "me", T_PLAYER, S_PARAM);
        declare(s, pthis, "this", T_CARD, S_PARAM);
        expect_type(s, e->guard, T_BOOL, check_expr(s, e->guard), "the 'when' of an effect");
        e->nlocals = s->nlocals;
    }
}

typedef struct NameCtx {
    Diags *diags;
    const CardSet *cs;
    bool report;                /* report unknown names */
    const char *want;           /* the name looked for, or NULL */
    bool found;
} NameCtx;

static void visit_name(Node *n, void *ctx)
{
    NameCtx *x = ctx;
    if (n->kind != N_STR)
        return;
    if (x->want && !strcmp(n->name, x->want))
        x->found = true;
    if (x->report && !cards_find_card(x->cs, n->name))
        report_no_card(x->diags, x->cs, n->loc, n->name);
}

/* Does text contain name as whole words, ignoring case? */
static bool text_names(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = text; *p; p++) {
        if (strncasecmp(p, name, n) != 0)
            continue;
        bool left = p == text || !isalnum((unsigned char)p[-1]);
        bool right = !isalnum((unsigned char)p[n]);
        if (left && right)
            return true;
    }
    return false;
}

void sema_effect_names(Diags *d, const CardSet *cs, const Program *prog, bool names)
{
    for (int i = 0; i < prog->effects.len; i++) {
        Node *e = prog->effects.items[i];
        NameCtx x = {d, cs, names, NULL, false};
        if (names)
            ast_walk(e, visit_name, &x);
        const CardDef *card = cs->cards[e->card_no];
        if (!card->text)
            continue;
        for (int k = 0; k < cs->ncards; k++) {
            const CardDef *other = cs->cards[k];
            if (other == card || !text_names(card->text, other->name))
                continue;
            NameCtx y = {d, cs, false, other->name, false};
            ast_walk(e, visit_name, &y);
            if (!y.found)
                diag_warning(d, card->text_loc, "the text of '%s' names '%s', but its effect "
                                                "never refers to '%s'",
                             card->name, other->name, other->name);
        }
    }
}

/* decl: GAME STRING */
static void declare_game(Sema *s, Node *n)
{
    if (s->have_game)
        diag_error(s->diags, n->loc, "'game' is given twice");
    s->have_game = true;
    s->g->name = n->name;
    s->g->name_loc = n->loc;
}

/* decl: PLAYERS NUMBER DOTDOT NUMBER | PLAYERS NUMBER */
static void declare_players(Sema *s, Node *n)
{
    if (s->have_players)
        diag_error(s->diags, n->loc, "'players' is given twice");
    s->have_players = true;
    if (n->min_players < 1 || n->max_players < n->min_players ||
        n->max_players > RT_MAX_PLAYERS_SEMA) {
        diag_error(s->diags, n->loc, "players %lld..%d: the range must be within 1..%d "
                                     "(limit max_players)",
                   n->min_players, n->max_players, RT_MAX_PLAYERS_SEMA);
        return;
    }
    s->g->min_players = (int)n->min_players;
    s->g->max_players = n->max_players;
}

/* decl: LIMIT IDENT NUMBER */
static void declare_limit(Sema *s, Node *n)
{
    bool decisions = !strcmp(n->name, "decisions");
    if (s->have_limit && decisions) {
        diag_error(s->diags, n->loc, "'limit decisions' is given twice");
        return;
    }
    s->have_limit |= decisions;
    if (!decisions) {
        static const char *const limits[] = {"decisions"};
        error_unknown(s, n->loc, "limit", n->name, limits, 1);
    } else if (n->limit < 1 || n->limit > MAX_DECISIONS_LIMIT) {
        diag_error(s->diags, n->loc, "limit decisions %lld: give a number from 1 to %d",
                   n->limit, MAX_DECISIONS_LIMIT);
    } else {
        s->g->max_decisions = n->limit;
    }
}

/* decl: VAR IDENT ':' var_type '=' expr
 *     | VAR IDENT ':' PER PLAYER var_type '=' expr */
static void declare_var(Sema *s, Node *n)
{
    Sym *sym = enter_global(s, n, n->per_player ? S_PVAR : S_GLOBAL, n->type);
    if (!sym)
        return;
    PtrVec *v = n->per_player ? &s->g->pvars : &s->g->globals;
    n->var_no = sym->index = v->len;
    vec_push(s->arena, v, n);
}

/* The first pass: enters declaration n, so that the bodies checked after
 * may use any name, whatever the order of the declarations. */
static void declare_decl(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_GAMEDECL:    declare_game(s, n); break;
    case N_PLAYERSDECL: declare_players(s, n); break;
    case N_ZONEDECL:    declare_zone(s, n); break;
    case N_LIMITDECL:   declare_limit(s, n); break;
    case N_VARDECL:     declare_var(s, n); break;
    case N_FUNCDECL:    declare_fn(s, n, false); break;
    case N_PROCDECL:    declare_fn(s, n, true); break;
    default:            break;
    }
}

/* Where a message about the rules as a whole points: line 1 of the file of
 * the first declaration, or of the first rules file. */
static Loc rules_loc(const Program *prog)
{
    const SrcFile *f = NULL;
    for (int i = 0; i < prog->decls.len && !f; i++)
        f = ((const Node *)prog->decls.items[i])->loc.file;
    if (!f)
        f = prog->first;
    return (Loc){f, f ? 1 : 0, 1, 1};
}

/* A game needs a name, a number of players and a zone. */
static void check_header(Sema *s, Loc none)
{
    if (!s->have_game)
        diag_error(s->diags, none, "the rules do not name the game: add 'game \"Name\"'");
    if (!s->have_players)
        diag_error(s->diags, none, "the rules do not say how many play: add 'players 2..4'");
    if (s->g->zones.len == 0)
        diag_error(s->diags, none, "the rules declare no zone: cards need a place to be");
}

/* A variable's initial value: a constant. */
static void check_var_init(Sema *s, Node *n)
{
    s->in_proc = false;
    s->implicit_slot = -1;
    Type t = check_expr(s, n->init);
    char ctx[160];
    snprintf(ctx, sizeof ctx, "the first value of '%s'", n->name);
    expect_type(s, n->init, n->type, t, ctx);
    if (n->init->kind != N_NUM && n->init->kind != N_BOOLLIT && n->init->kind != N_NONELIT &&
        !(n->init->kind == N_UNARY && n->init->operand->kind == N_NUM))
        diag_error(s->diags, n->init->loc, "the first value of '%s' must be a constant",
                   n->name);
}

/* The second pass: the initial values of the variables (game variables,
 * then per-player ones), then the bodies of funcs, procs and effects. */
static void check_bodies(Sema *s, const Program *prog)
{
    for (int i = 0; i < s->g->globals.len; i++)
        check_var_init(s, s->g->globals.items[i]);
    for (int i = 0; i < s->g->pvars.len; i++)
        check_var_init(s, s->g->pvars.items[i]);
    for (int i = 0; i < s->g->funcs.len; i++)
        check_fn(s, s->g->funcs.items[i]);
    int nprocs = s->g->procs.len; /* the procs of the rules, not of the effects */
    for (int i = 0; i < nprocs; i++)
        check_fn(s, s->g->procs.items[i]);
    for (int i = 0; i < prog->effects.len; i++)
        check_effect(s, prog->effects.items[i]);
}

/* 'func score(p: player): int' or 'func tiebreak(p: player): int' */
static bool is_player_score(const Sym *f)
{
    return f->kind == S_FUNC && f->type == T_INT && f->nparams == 1 &&
           f->params[0] == T_PLAYER;
}

/* main, where a game starts, and score and tiebreak, which rank the
 * players when it ends: what no rule calls but the game itself. */
static void check_entry_points(Sema *s, Loc none)
{
    Game *g = s->g;
    g->main = strmap_get(&s->globals, "main");
    if (!g->main || g->main->kind != S_PROC)
        diag_error(s->diags, none, "the rules have no 'proc main()': the game starts there");
    else if (g->main->nparams != 0)
        diag_error(s->diags, g->main->decl->loc, "'main' takes no parameters");
    g->score = strmap_get(&s->globals, "score");
    if (g->score && !is_player_score(g->score))
        diag_error(s->diags, g->score->decl->loc,
                   "'score' must be 'func score(p: player): int'");
    g->tiebreak = strmap_get(&s->globals, "tiebreak");
    if (g->tiebreak && !is_player_score(g->tiebreak))
        diag_error(s->diags, g->tiebreak->decl->loc,
                   "'tiebreak' must be 'func tiebreak(p: player): int'");
    if (g->main)
        g->main->used = true;
    if (g->score)
        g->score->used = true;
    if (g->tiebreak)
        g->tiebreak->used = true;
}

/* A rule no path reaches: declared but never used. */
static void warn_unused(Sema *s)
{
    for (int i = 0; i < s->globals.cap; i++) {
        Sym *sym = s->globals.vals[i];
        if (!s->globals.keys[i] || sym->used)
            continue;
        const char *what = sym->kind == S_PROC ? "proc" : sym->kind == S_FUNC ? "func"
                           : sym->kind == S_ZONE ? "zone" : "variable";
        diag_warning(s->diags, sym->decl->loc, "%s '%s' is never used: no rule reaches it",
                     what, sym->name);
    }
}

/* Zone slots: a shared zone takes one, a per-player zone one per seat. */
static void number_zone_slots(Game *g)
{
    int slot = 0;
    for (int i = 0; i < g->zones.len; i++) {
        Node *z = g->zones.items[i];
        z->first_slot = slot;
        slot += (z->zflags & ZF_PER_PLAYER) ? g->max_players : 1;
    }
    g->nslots = slot;
}

/* A card of the game state is a uint16_t. */
static void check_card_count(Sema *s)
{
    const CardSet *cs = s->cs;
    if (cs->instances > 65535)
        diag_error(s->diags, cs->game_loc, "a game holds at most 65535 cards (limit "
                                           "max_game_cards), %s has %lld",
                   cs->file->path, cs->instances);
}

static void game_defaults(Game *g, const CardSet *cs)
{
    memset(g, 0, sizeof *g);
    g->cs = cs;
    g->min_players = 2;
    g->max_players = 4;
    g->max_depth = 32;
    g->max_decisions = DEFAULT_MAX_DECISIONS;
}

bool sema_check(Arena *a, Diags *d, const CardSet *cs, Program *prog, Game *g)
{
    game_defaults(g, cs);
    Sema s = {.arena = a, .diags = d, .cs = cs, .g = g, .implicit_slot = -1};
    int before = d->nerrors;
    for (int i = 0; i < prog->decls.len; i++)
        declare_decl(&s, prog->decls.items[i]);
    Loc none = rules_loc(prog);
    if (prog->decls.len == 0) {
        diag_error(d, none, "no rules: a game needs at least 'game', 'players', a zone and "
                            "'proc main()'");
        return false;
    }
    check_header(&s, none);
    check_bodies(&s, prog);
    sema_effect_names(d, cs, prog, false);
    check_entry_points(&s, none);
    warn_unused(&s);
    number_zone_slots(g);
    check_card_count(&s);
    return d->nerrors == before;
}
