/* sema_unreached.c: procs and funcs that no path of the game reaches,
 * following calls.
 *
 * A proc or func that nothing names is warn_unused's (sema.c: "is never
 * used"). One that is called, but only from procs and funcs that are
 * themselves never reached, is reported here, a warning at its
 * declaration naming those callers ("only 'bonus' calls it, and no rule
 * reaches 'bonus'"); so is one that only calls itself.
 *
 * The checker notes each call of a proc or func (note_call) with the rule
 * it is written in. The roots, what the game itself runs, are main, score
 * and tiebreak, and every call written anywhere but in the body of a proc
 * or func of the rules: a handler, a card's effect, an event's body, a
 * window; and a func the views show. What those are reached from is not followed (an event raised
 * only by a dead proc still counts as run), so each report is proved:
 * nothing but the dead callers named ever calls it. */
#include "sema_int.h"

typedef struct CallEdge {
    const Sym *from;            /* the proc or func of the rules the call is in,
                                 * or NULL: a handler, effect, event body... */
    const Sym *to;
} CallEdge;

/* Is sym a proc or func declared by the rules (not one the checker made
 * of a handler, an effect, an event's body or an 'at' block)? */
static bool rules_routine(Sema *s, const Sym *sym)
{
    return sym && (sym->kind == S_PROC || sym->kind == S_FUNC) && sym->name &&
           strmap_get(&s->globals, sym->name) == sym;
}

void note_call(Sema *s, const Sym *callee)
{
    if (!rules_routine(s, callee))
        return;
    CallEdge *e = arena_alloc(s->arena, sizeof *e);
    e->from = rules_routine(s, s->fn) ? s->fn : NULL;
    e->to = callee;
    vec_push(s->arena, &s->calls, e);
}

static bool in_set(const PtrVec *v, const Sym *sym)
{
    for (int i = 0; i < v->len; i++)
        if (v->items[i] == sym)
            return true;
    return false;
}

static void reach(Sema *s, PtrVec *seen, const Sym *sym)
{
    if (!sym || in_set(seen, sym))
        return;
    vec_push(s->arena, seen, (void *)sym);
    for (int i = 0; i < s->calls.len; i++) {
        const CallEdge *e = s->calls.items[i];
        if (e->from == sym)
            reach(s, seen, e->to);
    }
}

/* What the game runs: main, score, tiebreak and every call from outside
 * the procs and funcs of the rules, and all they call. */
static void reached(Sema *s, PtrVec *seen)
{
    reach(s, seen, s->g->main);
    reach(s, seen, s->g->score);
    reach(s, seen, s->g->tiebreak);
    for (int i = 0; i < s->g->shown.len; i++) /* the views read them */
        reach(s, seen, strmap_get(&s->globals, ((const Node *)s->g->shown.items[i])->name));
    for (int i = 0; i < s->calls.len; i++) {
        const CallEdge *e = s->calls.items[i];
        if (!e->from)
            reach(s, seen, e->to);
    }
}

/* Is sym called at all? (A func used some other way is not followed.) */
static bool called(const Sema *s, const Sym *sym)
{
    for (int i = 0; i < s->calls.len; i++)
        if (((const CallEdge *)s->calls.items[i])->to == sym)
            return true;
    return false;
}

/* "'a'", "'a' and 'b'", "'a', 'b' and 'c'": the callers of sym, each once. */
static const char *callers_of(Sema *s, const Sym *sym, int *count, bool *self)
{
    PtrVec from = {0};
    *self = false;
    for (int i = 0; i < s->calls.len; i++) {
        const CallEdge *e = s->calls.items[i];
        if (e->to != sym || in_set(&from, e->from))
            continue;
        if (e->from == sym)
            *self = true;
        else
            vec_push(s->arena, &from, (void *)e->from);
    }
    Buf b = {0};
    for (int i = 0; i < from.len; i++)
        buf_printf(&b, "%s'%s'", i == 0 ? "" : i == from.len - 1 ? " and " : ", ",
                   ((const Sym *)from.items[i])->name);
    *count = from.len;
    const char *r = arena_strdup(s->arena, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

static void report(Sema *s, const Sym *sym)
{
    const char *what = sym->kind == S_PROC ? "proc" : "func";
    int n;
    bool self;
    const char *names = callers_of(s, sym, &n, &self);
    if (n == 0)
        diag_warning(s->diags, sym->decl->loc, "%s '%s' is never reached: only '%s' itself "
                                               "calls it", what, sym->name, sym->name);
    else
        diag_warning(s->diags, sym->decl->loc, "%s '%s' is never reached: only %s%s call%s "
                     "it, and no rule reaches %s", what, sym->name, names,
                     self ? " and itself" : "", n == 1 && !self ? "s" : "",
                     n == 1 ? names : "them");
}

bool called_apart(Sema *s, const Sym *sym)
{
    for (int i = 0; i < s->calls.len; i++) {
        const CallEdge *e = s->calls.items[i];
        if (e->to == sym && !e->from)
            return true;
    }
    return false;
}

void warn_unreached(Sema *s)
{
    PtrVec seen = {0};
    reached(s, &seen);
    for (int i = 0; i < s->globals.cap; i++) {
        const Sym *sym = s->globals.vals[i];
        if (s->globals.keys[i] && sym->used && rules_routine(s, sym) && called(s, sym) &&
            !in_set(&seen, sym))
            report(s, sym);
    }
}
