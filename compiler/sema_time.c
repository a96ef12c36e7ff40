/* sema_time.c: checking time: turns, rounds and phases, and the effects
 * that last ('until') or wait ('at').
 *
 * Time is counted in units: turns, rounds, and each phase declared by
 * 'phases' (UNIT_TURN, UNIT_ROUND, UNIT_PHASE0 + i). A 'turn of', 'round'
 * or 'phase' block raises its unit's start and end; a BOUNDARY names one
 * of those moments ('end of next turn').
 *
 * 'until B { MODIFIERS }' and 'at B { STATEMENTS }' write a row that the
 * state keeps until the boundary: a modifier changes the value of a func
 * while its row lasts; an 'at' block runs once when the boundary comes,
 * as a proc of its own (made here) whose frame is laid out as its rule's.
 * Both read the locals of their rule as they were when the row was
 * written: the row keeps ("captures") the values of those it reads. */
#include "sema_int.h"

#include <string.h>

/* ---- declarations ------------------------------------------------------- */

/* decl: IDENT names ('phases morning, play, dismissal') */
void declare_phases(Sema *s, Node *n)
{
    if (s->g->phases.len > 0) {
        diag_error(s->diags, n->loc, "'phases' is given twice: name every phase in one list");
        return;
    }
    for (Node *p = n->items; p; p = p->next) {
        if (!strcmp(p->name, "turn") || !strcmp(p->name, "round")) {
            diag_error(s->diags, p->loc, "a phase cannot be called '%s': 'end of %s' would "
                                         "not say which is meant", p->name, p->name);
            continue;
        }
        if (strmap_get(&s->phase_ix, p->name)) {
            diag_error(s->diags, p->loc, "phase '%s' is declared twice", p->name);
            continue;
        }
        vec_push(s->arena, &s->g->phases, p);
        p->value = UNIT_PHASE0 + s->g->phases.len - 1;
        strmap_put(s->arena, &s->phase_ix, p->name, (void *)(intptr_t)s->g->phases.len);
    }
}

/* decl: LIMIT IDENT NUMBER with 'lasting' */
void declare_lasting_limit(Sema *s, Node *n)
{
    if (s->have_lasting_limit) {
        diag_error(s->diags, n->loc, "'limit lasting' is given twice");
        return;
    }
    s->have_lasting_limit = true;
    if (n->limit < 1 || n->limit > MAX_LASTING_LIMIT)
        diag_error(s->diags, n->loc, "limit lasting %lld: give a number from 1 to %d",
                   n->limit, MAX_LASTING_LIMIT);
    else
        s->g->max_lasting = (int)n->limit;
}

/* ---- units and boundaries ----------------------------------------------- */

/* The time unit of a phase's name, or -1 (reported) if no phase has it. */
static int phase_unit(Sema *s, Loc at, const char *name, bool boundary)
{
    int i = (int)(intptr_t)strmap_get(&s->phase_ix, name);
    if (i)
        return UNIT_PHASE0 + i - 1;
    int n = s->g->phases.len;
    const char **names = name_list(s, n + 2);
    for (int k = 0; k < n; k++)
        names[k] = ((const Node *)s->g->phases.items[k])->name;
    if (boundary) {
        names[n++] = "turn";
        names[n++] = "round";
    }
    if (s->g->phases.len == 0 && !boundary)
        diag_error(s->diags, at, "unknown phase '%s': the rules declare no phases (add "
                                 "'phases %s, ...')", name, name);
    else
        error_unknown(s, at, boundary ? "turn, round or phase" : "phase", name, names, n);
    return -1;
}

int time_unit(Sema *s, Loc at, const char *name)
{
    if (!strcmp(name, "turn"))
        return UNIT_TURN;
    if (!strcmp(name, "round"))
        return UNIT_ROUND;
    return phase_unit(s, at, name, true);
}

/* boundary: [start of | end of] [this | next] (turn | round | PHASE) */
static void check_boundary(Sema *s, Node *b)
{
    b->value = time_unit(s, b->loc, b->name);
}

/* Statements of time need a proc: they raise boundaries, run blocks later,
 * and write rows into the state. */
static bool need_proc_for(Sema *s, const Node *n, const char *what)
{
    if (s->in_proc)
        return true;
    diag_error(s->diags, n->loc, "%s needs a proc: a func cannot change the course of time",
               what);
    return false;
}

/* stmt: IDENT OF expr block | IDENT block | IDENT IDENT block
 * ('turn of P { }', 'round { }', 'phase NAME { }') */
void check_time_block(Sema *s, Node *n)
{
    static const char *const what[] = {"'turn of'", "'round'", "'phase'"};
    int k = n->kind == N_TURN ? 0 : n->kind == N_ROUND ? 1 : 2;
    need_proc_for(s, n, what[k]);
    if (n->kind == N_TURN) {
        expect_type(s, n->who, T_PLAYER, check_expr(s, n->who), "the player whose turn it is");
        n->value = UNIT_TURN;
    } else if (n->kind == N_ROUND) {
        n->value = UNIT_ROUND;
        s->g->uses_rounds = true;
    } else {
        n->value = phase_unit(s, n->loc, n->name, false);
    }
    n->slot = s->nlocals; /* active() before the block, and a result */
    s->nlocals += 2;
    s->g->uses_time = true;
    check_block(s, n->body);
}

/* ---- captures ------------------------------------------------------------ */

typedef struct Captures {
    int base;           /* the rule's slots before the statement are below */
    bool *seen;         /* per slot below base: already kept */
    PtrVec slots;
    Arena *a;
} Captures;

static void visit_capture(Node *n, void *ctx)
{
    Captures *c = ctx;
    if (n->kind != N_IDENT || !n->sym || (n->sym->kind != S_LOCAL && n->sym->kind != S_PARAM))
        return;
    int i = n->sym->index;
    if (i < 0 || i >= c->base || c->seen[i])
        return;
    c->seen[i] = true;
    vec_push(c->a, &c->slots, (void *)(intptr_t)i);
}

/* The Lasting of statement n (an UNTIL or an AT): the slots below base
 * (the locals of its rule in scope where it is written) that it reads,
 * in the order it first reads them. */
static void add_lasting(Sema *s, Node *n, int base)
{
    Captures c = {base, arena_alloc(s->arena, (size_t)base + 1), {0}, s->arena};
    if (n->kind == N_UNTIL && n->scope) { /* the scope's player: cap[0] */
        c.seen[n->slot] = true;
        vec_push(c.a, &c.slots, (void *)(intptr_t)n->slot);
    }
    ast_walk(n->kind == N_AT ? n->body : n->mods, visit_capture, &c);
    Lasting *l = arena_alloc(s->arena, sizeof *l);
    l->stmt = n;
    l->rule = s->fn;
    l->ncap = c.slots.len;
    l->cap = arena_alloc(s->arena, sizeof *l->cap * (size_t)(l->ncap + 1));
    for (int i = 0; i < l->ncap; i++)
        l->cap[i] = (int)(intptr_t)c.slots.items[i];
    n->lasting_no = s->g->lasting.len;
    vec_push(s->arena, &s->g->lasting, l);
    if (l->ncap > s->g->max_captures)
        s->g->max_captures = l->ncap;
}

/* ---- modifiers ------------------------------------------------------------ */

/* The func a modifier changes, or NULL (reported). */
static Sym *modified_func(Sema *s, const Node *c)
{
    Sym *f = strmap_get(&s->globals, c->name);
    if (!f) {
        int nn;
        const char **names = all_names(s, &nn);
        error_unknown(s, c->loc, "func", c->name, names, nn);
        return NULL;
    }
    if (f->kind != S_FUNC) {
        diag_error(s->diags, c->loc, "'%s' is not a func: a modifier changes the value a func "
                                     "gives", c->name);
        return NULL;
    }
    return f;
}

/* The names of a modifier's arguments: one for each parameter of f, each
 * a new local holding that argument when the func is called. */
static void bind_arguments(Sema *s, Node *c, const Sym *f)
{
    int k = 0;
    for (Node *a = c->args; a; a = a->next)
        k++;
    if (k != f->nparams)
        diag_error(s->diags, c->loc, "'%s' takes %d argument%s: a modifier names each, "
                                     "given %d", c->name, f->nparams,
                   f->nparams == 1 ? "" : "s", k);
    int i = 0;
    const Node *p = f->decl->params;
    for (Node *a = c->args; a; a = a->next, i++, p = p ? p->next : NULL) {
        Type t = i < f->nparams && i < 8 ? f->params[i] : T_UNKNOWN;
        if (a->kind != N_IDENT) {
            diag_error(s->diags, a->loc, "a modifier names the arguments of '%s': write a name "
                                         "here, bound to argument %d", c->name, i + 1);
            continue;
        }
        a->sym = declare_local(s, a, a->name, t, S_LOCAL);
        a->type = t;
        if (t == T_VALUE && p) /* `s: suit`: the values of suit */
            a->sym->attr = a->attr = p->attr;
    }
}

/* The value of a modifier: a number added or taken away, or the value the
 * func gives instead, of its type. */
static void check_modifier_value(Sema *s, Node *m, const Sym *f)
{
    int attr = f->type == T_VALUE ? f->attr : -1;
    Type t = check_expr_as(s, m->rhs, m->assign_op == ASSIGN_SET ? f->type : T_INT, attr);
    if (m->assign_op == ASSIGN_SET) {
        char ctx[160];
        snprintf(ctx, sizeof ctx, "the value '%s' gives instead", f->name);
        expect_value(s, m->rhs, f->type, attr, t, ctx);
        return;
    }
    if (f->type != T_INT && f->type != T_UNKNOWN)
        diag_error(s->diags, m->loc, "'%s' gives %s: only a number can be added to or taken "
                                     "away from (write '%s(...) = ...')", f->name,
                   type_name(f->type), f->name);
    expect_type(s, m->rhs, T_INT, t, "the value added or taken away");
}

/* mod: IDENT '(' args ')' (PLUSEQ | MINUSEQ | '=') expr opt_when
 * The expressions are a func's: they read the state, and change nothing. */
void check_modifier(Sema *s, Node *m, int lasting_no)
{
    int mark = s->nscope;
    bool in_proc = s->in_proc;
    Node *c = m->call;
    c->builtin = -1;
    m->lasting_no = lasting_no;
    m->cont_no = -1;
    m->scope_arg = -1;
    Sym *f = modified_func(s, c);
    if (!f) {
        check_expr(s, m->rhs);
        if (m->when)
            check_expr(s, m->when);
        return;
    }
    s->in_proc = false;
    bind_arguments(s, c, f);
    check_modifier_value(s, m, f);
    if (m->when)
        expect_type(s, m->when, T_BOOL, check_expr(s, m->when), "the 'when' of a modifier");
    s->in_proc = in_proc;
    scope_pop(s, mark);
    m->sym = f;
    m->mod_no = s->g->mods.len;
    vec_push(s->arena, &s->g->mods, m);
    vec_push(s->arena, &f->modifiers, m);
}

/* ---- until and at ---------------------------------------------------------- */

/* A modifier of an 'until ... for P' holds only in the calls whose
 * player is P: the func must take one player, which it compares. */
static void scope_modifier(Sema *s, Node *m)
{
    const Sym *f = m->sym;
    if (!f)
        return;
    int found = -1, n = 0;
    for (int i = 0; i < f->nparams && i < 8; i++)
        if (f->params[i] == T_PLAYER) {
            found = i;
            n++;
        }
    if (n == 1) {
        m->scope_arg = found;
        return;
    }
    diag_error(s->diags, m->call->loc, "'%s' takes %s: in 'until ... for P' a modifier holds "
                                       "for P's calls, and needs a func of one player (or "
                                       "write the 'until' without 'for', with 'when')",
               f->name, n == 0 ? "no player" : "more than one player");
}

/* mod: IDENT TO IDENT ('immune to EVENT'): the event whose body leaves
 * out the scope's player while the row lasts. */
static void check_immune(Sema *s, Node *m, const Node *until)
{
    m->lasting_no = until->lasting_no;
    if (!until->scope) {
        diag_error(s->diags, m->loc, "'immune to %s' needs the player it holds for: write "
                                     "'until ... for PLAYER { immune to %s }'", m->name, m->name);
        return;
    }
    Sym *ev = strmap_get(&s->globals, m->name);
    if (!ev) {
        int n = s->g->events.len;
        const char **names = name_list(s, n + 1);
        for (int i = 0; i < n; i++)
            names[i] = ((const Sym *)s->g->events.items[i])->name;
        error_unknown(s, m->how->loc, "event", m->name, names, n);
        return;
    }
    if (ev->kind != S_EVENT) {
        diag_error(s->diags, m->how->loc, "'%s' is not an event: a player is immune to an "
                                          "event of the rules, 'event NAME(...) { ... }'",
                   m->name);
        return;
    }
    m->sym = ev;
    vec_push(s->arena, &s->g->immunes, m);
}

/* The player of 'until ... for P', computed once when the 'until' runs,
 * into a slot of its own that the row keeps (cap[0]). */
static void check_scope(Sema *s, Node *n)
{
    expect_type(s, n->scope, T_PLAYER, check_expr(s, n->scope), "the player an 'until' holds for");
    n->slot = s->nlocals++;
}

/* stmt: UNTIL boundary '{' mods '}' | UNTIL boundary FOR expr '{' mods '}' */
void check_until(Sema *s, Node *n)
{
    need_proc_for(s, n, "'until'");
    check_boundary(s, n->boundary);
    if (n->scope)
        check_scope(s, n);
    int base = s->nlocals;
    n->lasting_no = s->g->lasting.len; /* set again by add_lasting */
    for (Node *m = n->mods; m; m = m->next) {
        if (m->kind == N_IMMUNE) {
            check_immune(s, m, n);
            continue;
        }
        check_modifier(s, m, n->lasting_no);
        if (n->scope)
            scope_modifier(s, m);
    }
    add_lasting(s, n, base);
    s->g->uses_time = true;
}

/* The proc that runs the block of an 'at' later: no parameters; its frame
 * is that of its rule (s->fn), whose slots the block's code uses, and it
 * gets the rule's frame size when the rule is checked (finish_delayed). */
static Sym *delayed_proc(Sema *s, Node *n)
{
    const char *name = arena_printf(s->arena, "at line %d", n->loc.line);
    Node *decl = node_new(s->arena, N_PROCDECL, n->loc);
    decl->name = name;
    decl->type = T_VOID;
    decl->body = n->body;
    decl->sym = s->fn;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_PROC;
    sym->name = name;
    sym->decl = decl;
    sym->type = T_VOID;
    sym->used = true;
    sym->blocking = true;
    sym->index = s->g->procs.len;
    /* a number first: no name of the rules starts with one */
    sym->cname = arena_printf(s->arena, "%d_at_line_%d", sym->index, n->loc.line);
    vec_push(s->arena, &s->g->procs, sym);
    vec_push(s->arena, &s->delayed, decl);
    return sym;
}

/* stmt: AT_TIME boundary block */
void check_at(Sema *s, Node *n)
{
    if (!need_proc_for(s, n, "'at'"))
        return;
    check_boundary(s, n->boundary);
    int base = s->nlocals;
    bool in_delayed = s->in_delayed;
    int delayed_base = s->delayed_base, loops = s->loops;
    s->in_delayed = true;
    s->delayed_base = base;
    s->loops = 0; /* 'break' cannot leave the block for a loop of its rule */
    check_block(s, n->body);
    s->in_delayed = in_delayed;
    s->delayed_base = delayed_base;
    s->loops = loops;
    n->sym = delayed_proc(s, n);
    add_lasting(s, n, base);
    s->g->uses_time = true;
}

/* clause: WHILE IN IDENT '{' mods '}' ('while in play'): modifiers checked
 * as the body of a func of me (the card's controller) and this (the card);
 * they last while the card is in play, and nothing is stored for them. */
void check_while_in_play(Sema *s, const Node *e, Node *c)
{
    Continuous *k = arena_alloc(s->arena, sizeof *k);
    k->clause = c;
    k->effect = e;
    k->decl = node_new(s->arena, N_FUNCDECL, c->loc);
    k->decl->name = arena_printf(s->arena, "while in play of %s", e->name);
    Node *pme = node_new(s->arena, N_PARAM, c->loc), *pthis = node_new(s->arena, N_PARAM, c->loc);
    pme->name = "me";
    pme->type = T_PLAYER;
    pthis->name = "this";
    pthis->type = T_CARD;
    pme->next = pthis;
    k->decl->params = pme;
    Sym *frame = arena_alloc(s->arena, sizeof *frame);
    frame->kind = S_FUNC;
    frame->name = frame->cname = k->decl->name;
    frame->decl = k->decl;
    frame->clause = c;
    s->fn = frame;
    s->in_proc = false;
    s->nlocals = 0;
    scope_pop(s, 0);
    s->loops = 0;
    s->implicit_slot = -1;
    for (Node *p = pme; p; p = p->next)
        p->sym = declare_local(s, p, p->name, p->type, S_PARAM);
    for (Node *m = c->body->stmts; m; m = m->next) {
        check_modifier(s, m, -1);
        m->cont_no = s->g->continuous.len;
    }
    k->decl->nlocals = s->nlocals;
    check_locals(s, frame);
    vec_push(s->arena, &s->g->continuous, k);
    bool in_play = false;
    for (int i = 0; i < s->g->zones.len; i++)
        in_play |= (((const Node *)s->g->zones.items[i])->zflags & ZF_IN_PLAY) != 0;
    if (!in_play)
        diag_warning(s->diags, c->loc, "this 'while in play' never holds: no zone of the rules "
                                       "is 'in play'");
}

/* At the end of a rule: the procs of its 'at' blocks share its frame. */
void finish_delayed(Sema *s, const Node *rule)
{
    for (int i = 0; i < s->delayed.len; i++) {
        Node *decl = s->delayed.items[i];
        decl->nlocals = rule->nlocals;
    }
    s->delayed.len = 0;
}
