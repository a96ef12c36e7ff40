/* analyse.c: the analysis phase (see analyse.h).
 *
 * Four steps, each over the checked tree: reachability from main, score
 * and tiebreak; the funcs that call funcs; the player variables that may
 * hold a seat out of range; then one walk that writes every node's facts
 * (seats in range). Nothing here reports: a game that checked clean always
 * analyses. */
#include "analyse.h"

/* ---- reachability: only what main, score and tiebreak can reach is emitted */

static void reach(Sym *fn);

static void visit_call(Node *n, void *ctx)
{
    (void)ctx;
    if (n->kind == N_CALL && n->sym && (n->sym->kind == S_FUNC || n->sym->kind == S_PROC))
        reach(n->sym);
}

static void reach(Sym *fn)
{
    if (!fn || fn->reached)
        return;
    fn->reached = true;
    ast_walk(fn->decl->body, visit_call, NULL);
    ast_walk(fn->decl->expr_body, visit_call, NULL);
}

static void mark_reachable(Game *g)
{
    reach(g->main);
    reach(g->score);
    reach(g->tiebreak);
}

/* ---- funcs that call funcs (Sym.calls_funcs) ---------------------------- */

static void visit_func_call(Node *n, void *ctx)
{
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC)
        *(bool *)ctx = true;
}

/* Does the func call another func (or itself)? */
static bool calls_funcs(const Node *d)
{
    bool found = false;
    ast_walk(d->body, visit_func_call, &found);
    ast_walk(d->expr_body, visit_func_call, &found);
    return found;
}

/* ---- players surely in range (Node.seat_in_range) ----------------------- */

/* Is e surely a seat in range (0 <= e < player_count())? Then it indexes
 * zones and variables without a check. seat() and next() check their
 * argument and give a seat in range; a choice of a player with no other
 * option gives one; so does a player local or parameter that only ever
 * receives such values (find_bad_players). Anything else may be none. */
static bool player_ok(const Node *e)
{
    if (!e)
        return false;
    if (e->kind == N_IDENT)
        return e->sym && (e->sym->kind == S_LOCAL || e->sym->kind == S_PARAM) &&
               e->type == T_PLAYER && !e->sym->bad_player;
    if (e->kind == N_CALL && !e->sym)
        return e->builtin == B_SEAT || e->builtin == B_NEXT;
    if (e->kind == N_CHOOSEPLAYER)
        return !e->els;
    return false;
}

typedef struct PlayerFlow {
    Arena *a;
    PtrVec bad;             /* the variables found bad, to pass it on from */
} PlayerFlow;

static void mark_bad_player(Sym *sym, PlayerFlow *pf)
{
    if (!sym->bad_player) {
        sym->bad_player = true;
        vec_push(pf->a, &pf->bad, sym);
    }
}

static bool is_player_var(const Sym *sym)
{
    return sym && sym->type == T_PLAYER && (sym->kind == S_LOCAL || sym->kind == S_PARAM);
}

/* A value (NULL: an unknown one) flows into a player variable: another
 * player variable makes an edge (bad if that one is bad); anything else
 * marks it bad unless it is surely a seat. */
static void flow_player(Sym *dst, const Node *value, PlayerFlow *pf)
{
    if (!is_player_var(dst))
        return;
    if (value && value->kind == N_IDENT && is_player_var(value->sym)) {
        vec_push(pf->a, &value->sym->flows_to, dst);
        return;
    }
    if (!player_ok(value))
        mark_bad_player(dst, pf);
}

static void visit_player_flow(Node *n, void *ctx)
{
    PlayerFlow *pf = ctx;
    switch (n->kind) {
    case N_LET:
        flow_player(n->sym, n->init, pf);
        break;
    case N_ASSIGN:
        if (n->target->kind == N_IDENT)
            flow_player(n->target->sym, n->assign_op == ASSIGN_SET ? n->rhs : NULL, pf);
        break;
    case N_CALL:
        if (n->sym && (n->sym->kind == S_FUNC || n->sym->kind == S_PROC)) {
            n->sym->called = true;
            const Node *arg = n->args, *par = n->sym->decl->params;
            for (; arg && par; arg = arg->next, par = par->next)
                flow_player(par->sym, arg, pf);
        }
        break;
    default:
        break;
    }
}

/* The player locals and parameters that may hold none or a seat out of
 * range (Sym.bad_player); the others only receive seats. One walk finds
 * the values that may be out of range and the edges between variables;
 * badness then spreads along the edges (linear: no pass over the program
 * per step of a chain). Parameters of what no rule calls (card effects)
 * are bad: their callers are not known; score and tiebreak are called by
 * the runtime with seats in range. */
static void find_bad_players(Arena *a, const Game *g)
{
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    PlayerFlow pf = {.a = a};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            ast_walk(fn->decl->body, visit_player_flow, &pf);
            ast_walk(fn->decl->expr_body, visit_player_flow, &pf);
        }
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            if (fn->called || fn == g->score || fn == g->tiebreak)
                continue;
            for (const Node *par = fn->decl->params; par; par = par->next)
                if (is_player_var(par->sym))
                    mark_bad_player(par->sym, &pf);
        }
    for (int i = 0; i < pf.bad.len; i++) {
        const Sym *sym = pf.bad.items[i];
        for (int j = 0; j < sym->flows_to.len; j++)
            mark_bad_player(sym->flows_to.items[j], &pf);
    }
}

/* ---- every node's facts ------------------------------------------------ */

/* The facts of one node (after find_bad_players: seats read Sym.bad_player). */
static void visit_facts(Node *n, void *ctx)
{
    (void)ctx;
    n->seat_in_range = player_ok(n);
}

void analyse_game(Arena *a, Game *g)
{
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    mark_reachable(g);
    for (int i = 0; i < g->funcs.len; i++) {
        Sym *fn = g->funcs.items[i];
        fn->calls_funcs = calls_funcs(fn->decl);
    }
    find_bad_players(a, g);
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            ast_walk(fn->decl->body, visit_facts, NULL);
            ast_walk(fn->decl->expr_body, visit_facts, NULL);
        }
}
