/* sema_names.c: what a name means where it is used.
 *
 * The checker's small shared tools (did-you-mean messages, type
 * expectations), the scopes of locals, and the resolution of a bare name:
 * a local, a global, a card type, an attribute value, or a field of the
 * implicit card of a filter. */
#include "sema_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- diagnostics helpers ----------------------------------------------- */

void error_unknown(Sema *s, Loc at, const char *what, const char *name,
                   const char *const *cands, int n)
{
    char w[120];
    snprintf(w, sizeof w, "unknown %s", what);
    diag_unknown(s->diags, at, w, name, cands, n, false);
}

/* Room for n names for "did you mean": one buffer the checker reuses, so
 * that a list costs no memory once its message is made. Valid until the
 * next call. */
const char **name_list(Sema *s, int n)
{
    if (n >= s->names_cap) {
        s->names_cap = 2 * n + 16;
        s->names_buf = arena_alloc(s->arena, sizeof *s->names_buf * (size_t)s->names_cap);
    }
    return s->names_buf;
}

/* Every name a rule may use here, for "did you mean"; none when the error
 * it is for will not be printed (past --max-errors), as none is sought. */
const char **all_names(Sema *s, int *n)
{
    const CardSet *cs = s->cs;
    *n = 0;
    if (!diag_shown(s->diags, SEV_ERROR))
        return name_list(s, 0);
    int cap = s->globals.len + s->nscope + cs->ntypes + cs->nattrs + 3 + B__COUNT;
    for (int i = 0; i < cs->nattrs; i++)
        cap += cs->attrs[i]->nvalues;
    const char **v = name_list(s, cap);
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

/* The names of the attributes of the cards, for "did you mean" (none past
 * --max-errors, as all_names). */
const char **attribute_names(Sema *s, int *n)
{
    *n = diag_shown(s->diags, SEV_ERROR) ? s->cs->nattrs : 0;
    const char **names = name_list(s, *n);
    for (int i = 0; i < *n; i++)
        names[i] = s->cs->attrs[i]->name;
    return names;
}

bool compatible(Type want, Type got)
{
    return want == got || want == T_UNKNOWN || got == T_UNKNOWN ||
           (got == T_VOID && (want == T_CARD || want == T_PLAYER));
}

void expect_type(Sema *s, Node *n, Type want, Type got, const char *ctx)
{
    if (!compatible(want, got))
        diag_error(s->diags, n->loc, "%s must be %s, found %s", ctx, type_name(want),
                   type_name(got));
}

/* Expression e, where a value of type want is expected: a bare name is
 * first looked up among the values of attribute attr (want T_VALUE), as
 * in `suit == red`, so two attributes may share a value's name. */
Type check_expr_as(Sema *s, Node *e, Type want, int attr)
{
    if (want == T_VALUE && as_value_of(s, e, attr))
        return T_VALUE;
    return check_expr(s, e);
}

/* expect_type, and for an attribute value, of attribute attr (-1: any). */
void expect_value(Sema *s, Node *n, Type want, int attr, Type got, const char *ctx)
{
    expect_type(s, n, want, got, ctx);
    if (want != T_VALUE || got != T_VALUE || attr < 0 || n->attr < 0 || n->attr == attr)
        return;
    diag_error(s->diags, n->loc, "%s must be a value of '%s', found a value of '%s'", ctx,
               s->cs->attrs[attr]->name, s->cs->attrs[n->attr]->name);
}

/* The attribute a parameter, a variable or a func's result is typed by
 * (`s: suit`), or -1 after an error; `how` names it. */
int value_attr_of(Sema *s, const Node *how)
{
    const Attr *at = cards_find_attr(s->cs, how->name);
    if (!at && cards_find_type(s->cs, how->name)) {
        diag_error(s->diags, how->loc, "'%s' is a card type, not an attribute: a card of "
                                       "any type is a 'card'", how->name);
        return -1;
    }
    if (!at) {
        int nn;
        const char **names = attribute_names(s, &nn);
        error_unknown(s, how->loc, "type or attribute", how->name, names, nn);
        return -1;
    }
    if (at->numeric) {
        diag_error(s->diags, how->loc, "the values of '%s' are numbers: write 'int'", at->name);
        return -1;
    }
    return at->index;
}

/* The type of a parameter, a variable or a func's value declared by a
 * name (`s: suit`, `n: name`): T_NAME for `name`, the names of the cards
 * (attr -1); else T_VALUE of the attribute named, its index in *attr;
 * T_UNKNOWN after an error. */
Type named_type(Sema *s, const Node *how, int *attr)
{
    *attr = -1;
    if (!strcmp(how->name, "name"))
        return T_NAME;
    *attr = value_attr_of(s, how);
    return *attr >= 0 ? T_VALUE : T_UNKNOWN;
}

/* ---- scopes ------------------------------------------------------------ */

Sym *new_local(Sema *s, const char *name, Type t, Node *decl, SymKind kind)
{
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = kind;
    sym->name = name;
    sym->type = t;
    sym->attr = -1;
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

Sym *find_local(Sema *s, const char *name)
{
    int i = (int)(intptr_t)strmap_get(&s->scope_ix, name);
    return i ? s->scope[i - 1].sym : NULL;
}

/* Leaves the scopes opened since `mark`: their names show what they hid. */
void scope_pop(Sema *s, int mark)
{
    while (s->nscope > mark) {
        const Scope *e = &s->scope[--s->nscope];
        strmap_set(s->arena, &s->scope_ix, e->name, (void *)(intptr_t)e->prev);
    }
}

/* Declares a local, refusing to hide another local or a global. */
Sym *declare_local(Sema *s, Node *at, const char *name, Type t, SymKind kind)
{
    Sym *prev = find_local(s, name);
    Sym *glob = strmap_get(&s->globals, name);
    if (prev) {
        diag_error(s->diags, at->loc, "'%s' is already a local name here", name);
        diag_note(s->diags, prev->decl->loc, "'%s' declared here", name);
    } else if (glob) {
        diag_error(s->diags, at->loc, "local '%s' would hide the %s of the same name", name,
                   glob->kind == S_ZONE ? "zone" : glob->kind == S_PROC ? "proc"
                   : glob->kind == S_FUNC ? "func" : glob->kind == S_EVENT ? "event"
                   : "variable");
    } else if (cards_find_type(s->cs, name)) {
        diag_error(s->diags, at->loc, "local '%s' would hide the card type of the same name", name);
    }
    return new_local(s, name, t, at, kind);
}

/* ---- constants and implicit fields ------------------------------------- */

bool field_of_card(Sema *s, Node *n, const char *field)
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
bool as_value_of(Sema *s, Node *n, int attr)
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
    int a = cards_value_attr(s->cs, name);
    if (a >= 0)
        return arena_printf(s->arena, "the %s ", s->cs->attrs[a]->name);
    return "";
}

/* Does a bare name mean anything here? */
bool known_name(Sema *s, const char *name)
{
    if (find_local(s, name) || strmap_get(&s->globals, name) || cards_find_type(s->cs, name) ||
        cards_find_attr(s->cs, name) || !strcmp(name, "type") || !strcmp(name, "name") ||
        !strcmp(name, "chosen"))
        return true;
    return cards_value_attr(s->cs, name) >= 0;
}

/* ---- names ------------------------------------------------------------- */

/* An identifier naming a global: a shared zone, a held zone without its
 * holder (every holder's slot) or a game variable. Per-player zones and
 * variables need [p], per-card variables [c]; a func or a proc needs (...). */
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
        return n->type = (sym->decl->zflags & ZF_HELD) ? T_ZONES : T_ZONE;
    }
    if (sym->kind == S_GLOBAL) {
        n->attr = sym->attr;
        return n->type = sym->type;
    }
    if (sym->kind == S_PVAR || sym->kind == S_CVAR) {
        diag_error(s->diags, n->loc, "'%s' is kept per %s: write %s[%s]", name,
                   sym->kind == S_PVAR ? "player" : "card", name,
                   sym->kind == S_PVAR ? "p" : "c");
        return n->type = T_UNKNOWN;
    }
    diag_error(s->diags, n->loc, "'%s' is %s: call it with (...)", name,
               sym->kind == S_PROC ? "a proc" : sym->kind == S_EVENT ? "an event" : "a func");
    return n->type = T_UNKNOWN;
}

/* "unknown name 'x'", with the closest name that means something here. */
static Type report_unknown_name(Sema *s, Node *n)
{
    const char *name = n->name;
    if (s->rules_handler && (!strcmp(name, "this") || !strcmp(name, "me"))) {
        diag_error(s->diags, n->loc, "'%s' is the %s of a card's effect: a handler of the "
                                     "rules belongs to no card (use the names its pattern "
                                     "binds, 'by' and 'cause')",
                   name, !strcmp(name, "me") ? "player" : "card");
        return n->type = T_UNKNOWN;
    }
    if (!strcmp(name, "by") || !strcmp(name, "cause")) {
        diag_error(s->diags, n->loc, "'%s' is a value of the event in progress: only the body "
                                     "of an event and a handler have it", name);
        return n->type = T_UNKNOWN;
    }
    int nn;
    const char **names = all_names(s, &nn);
    const char *sug = nn ? did_you_mean(name, names, nn) : NULL;
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

/* primary: IDENT — in this order: a local, 'chosen' (unless a global
 * takes the name), a field of the implicit card of a filter, a global, a
 * card type, an attribute value. */
Type check_ident(Sema *s, Node *n)
{
    const char *name = n->name;
    Sym *sym = find_local(s, name);
    if (sym) {
        sym->used = true;
        n->sym = sym;
        n->attr = sym->attr;
        return n->type = sym->type;
    }
    if (!strcmp(name, "chosen") && !strmap_get(&s->globals, name)) { /* a global wins */
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
    TypeDef *t = cards_find_type(s->cs, name);
    if (sym && t) { /* the declaration that took a card type's name is reported */
        sym->used = true;
        return n->type = T_UNKNOWN;
    }
    if (sym)
        return check_global_ident(s, n, sym);
    if (t) {
        n->value = t->index;
        return n->type = T_TYPE;
    }
    int a = cards_value_attr(s->cs, name); /* the first attribute with this value */
    if (a >= 0) {
        n->attr = a;
        n->value = attr_value_index(s->cs->attrs[a], name);
        return n->type = s->cs->attrs[a]->numeric ? T_INT : T_VALUE;
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
 * for card names in quotes, in rules and in card effects alike. A card
 * whose entry has errors (left out, and reported there) is not reported
 * again: returns false. */
bool report_no_card(Diags *d, const CardSet *cs, Loc at, const char *name)
{
    if (cards_left_out(cs, name))
        return false;
    const char *sug = NULL;
    if (diag_shown(d, SEV_ERROR)) { /* past --max-errors it is only counted */
        const char **names = xmalloc(sizeof *names * (size_t)(cs->ncards + 1));
        for (int i = 0; i < cs->ncards; i++)
            names[i] = cs->cards[i]->name;
        sug = did_you_mean(name, names, cs->ncards);
        free(names);
    }
    if (sug) {
        char hint[300];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(d, SEV_ERROR, at, hint, "no card is named '%s' in %s; did you mean '%s'?", name,
                 cs->file->path, sug);
    } else {
        diag_error(d, at, "no card is named '%s' in %s", name, cs->file->path);
    }
    return true;
}

/* A card name in quotes: it must name a card of cards.yaml. */
Type check_string(Sema *s, Node *n)
{
    CardDef *cd = cards_find_card(s->cs, n->name);
    if (!cd) {
        if (report_no_card(s->diags, s->cs, n->loc, n->name))
            s->soft_errors++;
        return n->type = T_UNKNOWN;
    }
    n->value = cd->index;
    return n->type = T_NAME;
}
