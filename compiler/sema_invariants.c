/* sema_invariants.c: the designers' invariants, `invariant "TEXT": COND`
 * (LANGUAGE.md §2, "Invariants").
 *
 * Each invariant's condition becomes a func of no parameters, checked as
 * the value of a func is: a truth value that reads the game and changes
 * nothing (no move, no choice, no proc, no variable of the game written).
 * Its Sym is in no scope (no rule can call it) and its C name starts with
 * a number, `3_invariant`, which no name of the rules does. The emitter
 * calls them all, in declaration order, each time the rules open a
 * decision and when the game ends (game_invariants, cgen.c): the first
 * that does not hold faults, F_INVARIANT, at the invariant's line, its
 * text the fault's detail (Game.invariants lists the declarations: the
 * index there is the fault's value). */
#include "sema_int.h"

#include <string.h>

/* The func of invariant n, added to the game's funcs. */
static Sym *invariant_fn(Sema *s, Node *n)
{
    Node *decl = node_new(s->arena, N_FUNCDECL, n->loc);
    decl->name = arena_printf(s->arena, "invariant \"%s\"", n->name);
    decl->expr_body = n->cond;
    decl->type = T_BOOL;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_FUNC;
    sym->name = decl->name;
    sym->decl = decl;
    sym->type = T_BOOL;
    sym->attr = -1;
    sym->used = true;
    sym->index = s->g->funcs.len;
    sym->cname = arena_printf(s->arena, "%d_invariant", sym->index);
    vec_push(s->arena, &s->g->funcs, sym);
    return sym;
}

/* An invariant whose text says nothing, or says what an earlier one says:
 * its fault would not tell the designer which rule broke. */
static void check_invariant_text(Sema *s, const Node *n)
{
    if (!n->name[0]) {
        diag_error(s->diags, n->loc, "an invariant needs a text that says what must hold: "
                                     "its fault names it");
        return;
    }
    int chars = 0;
    for (const unsigned char *p = (const unsigned char *)n->name; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    if (chars > MAX_LABEL)
        diag_error(s->diags, n->loc, "an invariant's text too long: %d characters (limit "
                   "max_label = %d)", chars, MAX_LABEL);
    for (int i = 0; i < s->g->invariants.len; i++) {
        const Node *prev = s->g->invariants.items[i];
        if (!strcmp(prev->name, n->name)) {
            diag_error(s->diags, n->loc, "two invariants say \"%s\": give each its own text, "
                                         "which its fault names", n->name);
            diag_note(s->diags, prev->loc, "the first");
            return;
        }
    }
}

/* A condition written `true` checks nothing; `false` faults every game as
 * its first decision opens. */
static void check_invariant_literal(Sema *s, const Node *n)
{
    if (n->cond->kind != N_BOOLLIT)
        return;
    if (n->cond->literal)
        diag_warning(s->diags, n->cond->loc, "this invariant is 'true': it always holds and "
                                             "checks nothing");
    else
        diag_error(s->diags, n->cond->loc, "this invariant is 'false': every game would "
                                           "fault as its first decision opens");
}

/* Invariant n: its condition, a truth value, checked as a func's value. */
static void check_invariant(Sema *s, Node *n)
{
    check_invariant_text(s, n);
    check_invariant_literal(s, n);
    Sym *fn = invariant_fn(s, n);
    n->sym = fn;
    s->fn = fn;
    s->in_proc = false;
    s->nlocals = 0;
    scope_pop(s, 0);
    s->loops = 0;
    s->implicit_slot = -1;
    int errors = s->diags->nerrors;
    Type t = check_expr(s, n->cond);
    if (s->diags->nerrors > errors) /* what a func may not do: say why it applies */
        diag_note(s->diags, n->loc, "an invariant is checked as the value of a func: it reads "
                                    "the game and changes nothing");
    expect_type(s, n->cond, T_BOOL, t, "an invariant");
    fn->decl->nlocals = s->nlocals;
    check_locals(s, fn);
    vec_push(s->arena, &s->g->invariants, n);
}

void check_invariants(Sema *s, const Program *prog)
{
    for (int i = 0; i < prog->decls.len; i++) {
        Node *n = prog->decls.items[i];
        if (n->kind == N_INVARIANTDECL)
            check_invariant(s, n);
    }
}
