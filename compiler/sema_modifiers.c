/* sema_modifiers.c: a modifier that reads the func it changes.
 *
 * Each call of a func f applies f's modifiers (the rows of `until` and the
 * `while in play` clauses of the cards in play), and each computes its
 * value and its `when` at that call. A modifier of f whose value or `when`
 * calls f, directly or through funcs (their bodies and the modifiers of
 * those funcs, which their calls apply too), makes every call of f call f
 * again, without end: `hand_limit(x) += hand_limit(x) / 2`. That is an
 * error at the call in the modifier, naming the func it goes through, with
 * a note on how to write it: read the value the func gives before any
 * modifier, from a func of its own (the language has no way to read the
 * value so far).
 *
 * The calls form a graph over the funcs (an edge f -> g where f's body or
 * one of f's modifiers calls g), built once; for each func whose modifiers
 * call some func, the funcs that reach it are found backwards over that
 * graph, O(funcs + calls) each. */
#include "sema_int.h"

#include <string.h>

typedef struct Calls {
    Sema *s;
    int n;              /* funcs: Game.funcs, Sym.index their index there */
    PtrVec *callers;    /* per func: the funcs that call it (Sym*) */
    bool *reaches;      /* per func: it calls the func being checked, at
                         * some depth */
    const Sym **todo;   /* find_reaching's work list: n + 1 funcs */
    const Sym *from;    /* the func whose calls are being collected */
} Calls;

/* Is sym a func of the game's list (not a play clause's guard)? */
static bool is_func(const Calls *c, const Sym *sym)
{
    return sym && sym->kind == S_FUNC && sym->index >= 0 && sym->index < c->n &&
           c->s->g->funcs.items[sym->index] == sym;
}

static void visit_edge(const Node *n, void *ctx)
{
    Calls *c = ctx;
    if (n->kind == N_CALL && is_func(c, n->sym))
        vec_push(c->s->arena, &c->callers[n->sym->index], (void *)c->from);
}

/* The edges out of func fn: the calls of its body and of its modifiers. */
static void collect_calls(Calls *c, const Sym *fn)
{
    c->from = fn;
    ast_walk_const(fn->decl->body, visit_edge, c);
    ast_walk_const(fn->decl->expr_body, visit_edge, c);
    for (int i = 0; i < fn->modifiers.len; i++) {
        const Node *m = fn->modifiers.items[i];
        ast_walk_const(m->rhs, visit_edge, c);
        ast_walk_const(m->when, visit_edge, c);
    }
}

/* c->reaches: the funcs with a path of calls to f (f itself when it is on
 * a cycle), by a walk backwards from f. */
static void find_reaching(Calls *c, const Sym *f)
{
    memset(c->reaches, 0, sizeof *c->reaches * (size_t)c->n);
    const Sym **todo = c->todo; /* each func once, and f again on a cycle */
    int ntodo = 0;
    todo[ntodo++] = f;
    while (ntodo > 0) {
        const PtrVec *in = &c->callers[todo[--ntodo]->index];
        for (int i = 0; i < in->len; i++) {
            const Sym *g = in->items[i];
            if (c->reaches[g->index])
                continue;
            c->reaches[g->index] = true;
            todo[ntodo++] = g;
        }
    }
}

/* The first call in n of f or of a func that reaches it, or NULL. */
typedef struct Find {
    const Calls *c;
    const Sym *f;
    const Node *call;
} Find;

static void visit_find(const Node *n, void *ctx)
{
    Find *fd = ctx;
    if (fd->call || n->kind != N_CALL || !is_func(fd->c, n->sym))
        return;
    if (n->sym == fd->f || fd->c->reaches[n->sym->index])
        fd->call = n;
}

/* Does a modifier of f call any func at all? (Most add a number: nothing
 * to look for.) */
static void visit_any_call(const Node *n, void *ctx)
{
    if (n->kind == N_CALL && is_func(((Find *)ctx)->c, n->sym))
        ((Find *)ctx)->call = n;
}

static bool modifiers_call(const Calls *c, const Sym *f)
{
    Find fd = {c, f, NULL};
    for (int i = 0; i < f->modifiers.len && !fd.call; i++) {
        const Node *m = f->modifiers.items[i];
        ast_walk_const(m->rhs, visit_any_call, &fd);
        ast_walk_const(m->when, visit_any_call, &fd);
    }
    return fd.call != NULL;
}

/* mod: IDENT '(' args ')' (PLUSEQ | MINUSEQ | '=') expr opt_when, of f,
 * whose expr or 'when' calls f: the error, and the way to write it. */
static void report(Sema *s, const Sym *f, const Node *call)
{
    if (call->sym == f)
        diag_error(s->diags, call->loc, "this modifier of '%s' reads '%s' itself: each call of "
                   "'%s' applies its modifiers, so the call would never end", f->name, f->name,
                   f->name);
    else
        diag_error(s->diags, call->loc, "this modifier of '%s' reads '%s' through '%s': each "
                   "call of '%s' applies its modifiers, so the call would never end", f->name,
                   f->name, call->sym->name, f->name);
    const char *by = call->sym == f ? "" : arena_printf(s->arena, " (through '%s')",
                                                         call->sym->name);
    diag_note(s->diags, f->decl->loc, "the value '%s' gives before its modifiers can be read "
              "from a func of its own: declare one (say 'base_%s') that gives what '%s' gives "
              "now, have '%s' give 'base_%s(...)', and read 'base_%s(...)' where the "
              "modifier%s reads '%s'", f->name, f->name, f->name, f->name, f->name, f->name, by,
              f->name);
}

/* The modifiers of f that read f. */
static void check_func_modifiers(Calls *c, const Sym *f)
{
    if (!modifiers_call(c, f))
        return;
    find_reaching(c, f);
    for (int i = 0; i < f->modifiers.len; i++) {
        const Node *m = f->modifiers.items[i];
        Find fd = {c, f, NULL};
        ast_walk_const(m->rhs, visit_find, &fd);
        ast_walk_const(m->when, visit_find, &fd);
        if (fd.call)
            report(c->s, f, fd.call);
    }
}

void check_modifier_cycles(Sema *s)
{
    const PtrVec *funcs = &s->g->funcs;
    if (s->g->mods.len == 0)
        return;
    Calls c = {.s = s, .n = funcs->len};
    c.callers = arena_alloc(s->arena, sizeof *c.callers * (size_t)c.n);
    memset(c.callers, 0, sizeof *c.callers * (size_t)c.n);
    c.reaches = arena_alloc(s->arena, sizeof *c.reaches * (size_t)c.n);
    c.todo = arena_alloc(s->arena, sizeof *c.todo * (size_t)(c.n + 1));
    for (int i = 0; i < c.n; i++)
        collect_calls(&c, funcs->items[i]);
    for (int i = 0; i < c.n; i++) {
        const Sym *f = funcs->items[i];
        if (f->modifiers.len > 0)
            check_func_modifiers(&c, f);
    }
}
