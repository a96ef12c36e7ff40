/* sema_call.c: checking calls of funcs, procs and builtins.
 *
 * check_call decides what a call names; each builtin has its check, named
 * for it. An aggregate over a source (count, any, every, first, sum,
 * distinct, min and max of a source) is kept in Game.aggs: the code
 * generator compiles each to a helper. */
#include "sema_int.h"

#include <string.h>

/* ---- builtins ---------------------------------------------------------- */

const char *const builtin_names[B__COUNT] = {
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

/* What each builtin is, for the warning at a game's name that takes it
 * (enter_global): how it is written, then what it gives. */
static const char *const builtin_what[B__COUNT] = {
    [B_COUNT] = "count(S), the number of elements of a source",
    [B_ANY] = "any(S), whether a source has an element",
    [B_ALL] = "every(S), whether every element of a source passes its filter",
    [B_SUM] = "sum(S, E), a number summed over a source",
    [B_MIN] = "min(a, b) or min(S, E), the least of two numbers or over a source",
    [B_MAX] = "max(a, b) or max(S, E), the greatest of two numbers or over a source",
    [B_DISTINCT] = "distinct(S, F), how many different values of a field a source has",
    [B_FIRST] = "first(S), the first element of a source",
    [B_SIZE] = "size(Z), the number of cards in a zone",
    [B_NEXT] = "next(p), the seat after p",
    [B_SEAT] = "seat(i), the player of seat i",
    [B_VALUES] = "values(attr), the values of an attribute, for 'for' and choices",
    [B_CHANCE] = "chance(N), true with probability N%",
    [B_ROLL] = "roll(N), a number from 1 to N at random",
    [B_ABS] = "abs(x), the absolute value of a number",
    [B_START_TURN] = "start_turn(p), the statement that starts p's turn",
    [B_NPLAYERS] = "player_count(), the number of players",
    [B_PLAYABLE] = "playable(c, p), whether player p may play card c",
    [B_CONTROLLER] = "controller(c), the player whose zone holds card c",
    [B_ACTIVE] = "active(), the player whose turn it is",
    [B_HOLDER] = "holder(c), the card whose held zone holds card c",
    [B_PREV] = "prev(p), the seat before p",
    [B_REVERSE] = "reverse(), the statement that turns the direction of play round",
    [B_DEFEAT] = "defeat(p), the statement that makes p lose",
    [B_DEFEATED] = "defeated(p), whether p was defeated",
    [B_ELIMINATE] = "eliminate(p), the statement that puts p out of the game",
    [B_IS_OUT] = "is_out(p), whether p is out of the game",
    [B_PLAYERS_IN] = "players_in(), the number of players still in the game",
    [B_NAME_HAS] = "name_has(c, \"words\"), whether a card's name has those words",
};

const char *builtin_meaning(int b)
{
    return b >= 0 && b < B__COUNT && builtin_what[b] ? builtin_what[b] : "a builtin";
}

int find_builtin(const char *name)
{
    for (int i = 0; i < B__COUNT; i++)
        if (!strcmp(builtin_names[i], name))
            return i;
    return -1;
}

/* ---- calls ------------------------------------------------------------- */

static int count_args(const Node *args)
{
    int k = 0;
    for (const Node *a = args; a; a = a->next)
        k++;
    return k;
}

/* The attribute of parameter i of func or proc sym (of type T_VALUE). */
static int param_attr(const Sym *sym, int i)
{
    const Node *p = sym->decl->params;
    for (; p && i > 0; i--)
        p = p->next;
    return p ? p->attr : -1;
}

/* expr: IDENT '(' args ')' calling a func or a proc. */
static Type check_call_routine(Sema *s, Node *n, Sym *sym, bool stmt)
{
    int nargs = count_args(n->args);
    sym->used = true;
    note_call(s, sym);
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
        if (a->kind == N_SOURCE && a->name && !a->filter && find_local(s, a->name)) {
            diag_error(s->diags, a->loc, "'%s' takes values, not a filtered zone: to pass "
                                         "whether %s is in the zone, write (%s in ...)",
                       n->name, a->name, a->name);
            continue;
        }
        if (a->kind == N_SOURCE) {
            diag_error(s->diags, a->loc, "'%s' takes values, not a filtered zone", n->name);
            continue;
        }
        Type want = i < sym->nparams && i < 8 ? sym->params[i] : T_UNKNOWN;
        int attr = want == T_VALUE ? param_attr(sym, i) : -1;
        Type t = check_expr_as(s, a, want, attr);
        if (i < sym->nparams && i < 8) {
            char ctx[160];
            snprintf(ctx, sizeof ctx, "argument %d of '%s'", i + 1, n->name);
            expect_value(s, a, want, attr, t, ctx);
        }
    }
    if (sym->type == T_VALUE)
        n->attr = sym->attr;
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
        diag_error(s->diags, src->loc, "values(...) can only be used in 'for' and in a "
                                            "choice of values");
    check_name_filter(s, src);
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
        if (!at) {
            int nn;
            const char **names = attribute_names(s, &nn);
            error_unknown(s, attr->loc, "attribute", attr->name, names, nn);
        } else {
            n->attr = at->index;
        }
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
    s->g->uses_start_turn = true;
    return check_call_of(s, n, T_PLAYER, "the argument of start_turn", T_VOID);
}

/* reverse(): a statement of a proc; the direction of play turns round */
static Type check_call_reverse(Sema *s, Node *n, bool stmt)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "reverse() needs a proc: a func cannot change the "
                                     "direction of play");
    else if (!stmt)
        diag_error(s->diags, n->loc, "reverse() is a statement: it has no value");
    s->g->uses_reverse = true;
    return n->type = T_VOID;
}

/* defeat(p): a statement of a proc; p is not among the winners */
static Type check_call_defeat(Sema *s, Node *n, bool stmt)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "defeat(p) needs a proc: a func cannot decide who loses");
    else if (!stmt)
        diag_error(s->diags, n->loc, "defeat(p) is a statement: it has no value (whether p "
                                     "is defeated is defeated(p))");
    s->g->uses_defeat = true;
    return check_call_of(s, n, T_PLAYER, "the argument of defeat", T_VOID);
}

/* eliminate(p): a statement of a proc */
static Type check_call_eliminate(Sema *s, Node *n, bool stmt)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "eliminate(p) is a statement of a proc: a func changes "
                                     "nothing, and cannot put a player out");
    else if (!stmt)
        diag_error(s->diags, n->loc, "eliminate(p) is a statement: it has no value");
    s->g->uses_out = true;
    s->puts_out = true;
    return check_call_of(s, n, T_PLAYER, "the argument of eliminate", T_VOID);
}

/* is_out(p), players_in(): what the state keeps of the players out is
 * read; the first read is kept for warn_nobody_out. */
static Type check_call_out_read(Sema *s, Node *n)
{
    s->g->uses_out = true;
    if (!s->out_read)
        s->out_read = n;
    if (n->builtin == B_PLAYERS_IN)
        return n->type = T_INT;
    return check_call_of(s, n, T_PLAYER, "the argument of is_out", T_BOOL);
}

/* A warning where the rules read who is out (is_out, players_in) and no
 * rule puts anybody out: the test never changes. */
void warn_nobody_out(Sema *s)
{
    const Node *n = s->out_read;
    if (!n || s->puts_out)
        return;
    diag_warning(s->diags, n->loc, "no rule puts a player out of the game (eliminate(p)): "
                                   "%s", n->builtin == B_IS_OUT ? "is_out(p) is always false"
                                   : "players_in() is always player_count()");
}

/* values(attr) outside 'for v in values(...)' */
static Type check_call_values(Sema *s, Node *n)
{
    diag_error(s->diags, n->loc, "values(...) can only be used in 'for v in values(...)'");
    return n->type = T_UNKNOWN;
}

/* expr: IDENT '(' args ')' calling a builtin. */
static Type check_call_builtin(Sema *s, Node *n, bool stmt)
{
    int b = find_builtin(n->name);
    if (b < 0)
        return check_call_unknown(s, n);
    n->builtin = b;
    if ((b == B_COUNT || b == B_ANY) && asks_history(s, n))
        return check_history(s, n, b); /* how often an event happened */
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
    case B_PREV:       return check_call_of(s, n, T_PLAYER, "the argument of prev", T_PLAYER);
    case B_REVERSE:    return check_call_reverse(s, n, stmt);
    case B_DEFEAT:     return check_call_defeat(s, n, stmt);
    case B_DEFEATED:   s->g->uses_defeat = true;
                       return check_call_of(s, n, T_PLAYER, "the argument of defeated", T_BOOL);
    case B_SEAT:       return check_call_of(s, n, T_INT, "the argument of seat", T_PLAYER);
    case B_CHANCE:     return check_call_chance(s, n);
    case B_ROLL:       return check_call_roll(s, n);
    case B_ABS:        return check_call_of(s, n, T_INT, "the argument of abs", T_INT);
    case B_START_TURN: return check_call_start_turn(s, n, stmt);
    case B_NPLAYERS:   return n->type = T_INT;
    case B_ACTIVE:     s->g->uses_time = true; return n->type = T_PLAYER;
    case B_VALUES:     return check_call_values(s, n);
    case B_PLAYABLE:   return check_playable(s, n);
    case B_CONTROLLER: return check_call_of(s, n, T_CARD, "the argument of controller",
                                            T_PLAYER);
    case B_HOLDER:     return check_call_holder(s, n);
    case B_ELIMINATE:  return check_call_eliminate(s, n, stmt);
    case B_IS_OUT:
    case B_PLAYERS_IN: return check_call_out_read(s, n);
    case B_NAME_HAS:   return check_call_name_has(s, n);
    case B__COUNT:     break;
    }
    return n->type = T_UNKNOWN;
}

/* The func, proc or event of the game that a call `name(...)` calls, or
 * NULL for a builtin's name (or none): the game's wins over a builtin of
 * the same name (LANGUAGE.md §2, "Compatibility"). */
Sym *game_callee(Sema *s, const char *name)
{
    Sym *sym = strmap_get(&s->globals, name);
    return sym && (sym->kind == S_FUNC || sym->kind == S_PROC || sym->kind == S_EVENT) ? sym
                                                                                       : NULL;
}

/* expr: IDENT '(' args ')' — stmt: the call is a whole statement (or the
 * whole value of a let), where a proc may be called. */
Type check_call(Sema *s, Node *n, bool stmt)
{
    Sym *sym = game_callee(s, n->name);
    if (sym && sym->kind == S_EVENT)
        return check_call_event(s, n, sym, stmt);
    if (sym)
        return check_call_routine(s, n, sym, stmt);
    return check_call_builtin(s, n, stmt);
}
