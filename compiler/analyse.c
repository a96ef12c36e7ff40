/* analyse.c: the analysis phase (see analyse.h).
 *
 * Five steps, in this order (analyse_game), each over the checked tree:
 * reachability from main, score, tiebreak and the invariants; the funcs
 * that call funcs (and how deep funcs and procs may go);
 * the player variables that may hold a seat out of range; one walk that
 * writes every node's facts (seats in range, which reads those variables,
 * and what a filter decides from a card's kind); one that numbers the
 * helpers of what is reached (which skips the conjuncts found guaranteed).
 * Nothing here reports: a game that checked clean always analyses. */
#include "analyse.h"
#include "sema_call_memo.h"

/* ---- reachability: only what main, score and tiebreak can reach is emitted */

/* The funcs and procs reached whose bodies are still to be walked: a work
 * list, not recursion, as a chain of calls may be as long as the rules. */
typedef struct Reach {
    Arena *a;
    Game *g;
    PtrVec todo;
} Reach;

static void reach(Reach *r, Sym *fn)
{
    if (!fn || fn->reached)
        return;
    fn->reached = true;
    vec_push(r->a, &r->todo, fn);
}

/* A 'play' reached reaches every play clause and its guard (which card
 * it plays is known at run time only); playable() reaches the guards. */
static void reach_plays(Reach *r, bool procs)
{
    Game *g = r->g;
    g->emits_effects = g->reaches_guards = true;
    g->reaches_play |= procs;
    for (int k = 0; k < g->cs->ncards; k++) {
        reach(r, g->guard_of[k]);
        if (procs && g->play_of[k])
            reach(r, g->play_of[k]->sym);
    }
}

static void visit_call(Node *n, void *ctx)
{
    if (n->kind == N_CALL && n->sym && (n->sym->kind == S_FUNC || n->sym->kind == S_PROC))
        reach(ctx, n->sym);
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_EVENT) {
        n->sym->reached = true; /* its raise is emitted */
        reach(ctx, n->sym->body);
    }
    else if (n->kind == N_PLAY || (n->kind == N_CALL && !n->sym && n->builtin == B_PLAYABLE))
        reach_plays(ctx, n->kind == N_PLAY);
    else if (n->kind == N_CALL && !n->sym && n->builtin == B_CONTROLLER)
        ((Reach *)ctx)->g->emits_effects = true;
    else if (n->kind == N_AT && n->sym) /* the proc of its block runs later */
        reach(ctx, n->sym);
}

/* Walks the words of the reaction window of the event whose body is fn
 * (`asks`, `declines`; none for another func or proc). */
static void walk_window_words(const Sym *fn, void (*visit)(Node *n, void *ctx), void *ctx)
{
    if (fn->decl->kind != N_PROCDECL)
        return;
    ast_walk(fn->decl->asks, visit, ctx);
    ast_walk(fn->decl->declines, visit, ctx);
}

/* Walks the words of the windows before a card played or moving
 * (`window for c played`, `window for c enters Z`), which belong to no
 * func or proc: the runtime builds them where the window may open. */
static void walk_card_windows(const Game *g, void (*visit)(Node *n, void *ctx), void *ctx)
{
    if (g->played_window && game_has_befores(g) && event_has_window(g, EV_PLAYED)) {
        ast_walk(g->played_window->asks, visit, ctx);
        ast_walk(g->played_window->declines, visit, ctx);
    }
    for (int i = 0; i < g->move_windows.len && move_windows_worded(g); i++) {
        const Node *w = g->move_windows.items[i];
        ast_walk(w->asks, visit, ctx);
        ast_walk(w->declines, visit, ctx);
    }
}

/* Walks the bodies of the funcs and procs reached, until none is left. */
static void drain(Reach *r)
{
    while (r->todo.len > 0) {
        const Sym *fn = r->todo.items[--r->todo.len];
        ast_walk(fn->decl->body, visit_call, r);
        ast_walk(fn->decl->expr_body, visit_call, r);
        walk_window_words(fn, visit_call, r);
    }
}

/* Is modifier m of a 'while in play' clause emitted: does its func run? */
static bool continuous_live(const Node *m)
{
    return m->kind == N_MODIFIER && m->sym && m->sym->reached;
}

/* A 'while in play' clause that changes a func reached reaches what its
 * modifiers call; which may reach more funcs they change. */
static void reach_continuous(Reach *r)
{
    Game *g = r->g;
    bool *walked = arena_alloc(r->a, (size_t)g->mods.len + 1);
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < g->continuous.len; i++) {
            const Continuous *k = g->continuous.items[i];
            for (Node *m = k->clause->body->stmts; m; m = m->next) {
                if (!continuous_live(m) || walked[m->mod_no])
                    continue;
                walked[m->mod_no] = more = true;
                g->emits_effects = true; /* controller(): 'me' of the card */
                ast_walk(m->rhs, visit_call, r);
                ast_walk(m->when, visit_call, r);
                drain(r);
            }
        }
    }
}

static void mark_reachable(Arena *a, Game *g)
{
    Reach r = {a, g, {0}};
    reach(&r, g->main);
    reach(&r, g->score);
    reach(&r, g->tiebreak);
    reach(&r, g->agents_fn);   /* the agents call it */
    for (int i = 0; i < g->invariants.len; i++) /* checked at every decision */
        reach(&r, ((const Node *)g->invariants.items[i])->sym);
    for (int i = 0; i < g->shown.len; i++) /* the views call them */
        reach(&r, shown_func(g, g->shown.items[i]));
    for (int l = 0; l < 2; l++) {
        /* a handler listens always: its body and tests are emitted (and so
         * are those of the clauses that run before an event) */
        const PtrVec *list = l ? &g->befores : &g->handlers;
        for (int i = 0; i < list->len; i++) {
            const Handler *h = list->items[i];
            reach(&r, h->proc);
            if (h->match)
                reach(&r, h->match->sym);
        }
    }
    walk_card_windows(g, visit_call, &r);
    if (game_has_windows(g)) /* a window offers the cards whose guard holds */
        reach_plays(&r, false);
    drain(&r);
    reach_continuous(&r);
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

/* ---- how deep func calls may go (Game.funcs_shallow) --------------------- */

/* MAX_FUNC_CHAIN: runtime/rt_game.h's MAX_FUNC_DEPTH, the func calls that
 * may be in progress; FUNC_CHAIN_UNKNOWN: past it (or a func that calls
 * itself). SHALLOW_CHAIN: the longest chain funcs_shallow accepts, far
 * below MAX_FUNC_CHAIN, so that whatever else of the generated C calls a
 * func (the rules' invariants, the search agents' func) stays within it. */
enum { MAX_FUNC_CHAIN = 1000, FUNC_CHAIN_UNKNOWN = MAX_FUNC_CHAIN + 1, SHALLOW_CHAIN = 64 };

typedef struct Chain {
    const Game *g;
    int depth; /* funcs being worked out above this one */
    int most;  /* the longest chain found below it */
} Chain;

static int func_chain(const Game *g, Sym *fn, int depth);

static void visit_chain(const Node *n, void *ctx)
{
    Chain *c = ctx;
    if (n->kind != N_CALL)
        return;
    if (n->sym && n->sym->kind == S_FUNC) {
        int k = func_chain(c->g, n->sym, c->depth + 1);
        c->most = k > c->most ? k : c->most;
    } else if (!n->sym && n->builtin == B_PLAYABLE) { /* play_ok: any guard */
        for (int i = 0; i < c->g->guards.len; i++) {
            int k = func_chain(c->g, c->g->guards.items[i], c->depth + 1);
            c->most = k > c->most ? k : c->most;
        }
    }
}

/* The most func calls in progress at once from a call of fn, fn included:
 * 1 and the longest chain of the funcs its body calls (playable() calls
 * any guard), and of those its modifiers' values and conditions call; a
 * func with modifiers counts twice (fn_NAME and its body fn0_NAME each
 * count themselves: cgen_time.c). FUNC_CHAIN_UNKNOWN for a func that may
 * call itself or a chain past MAX_FUNC_CHAIN. */
static int func_chain(const Game *g, Sym *fn, int depth)
{
    if (fn->chain > 0)
        return fn->chain;
    if (fn->chain < 0 || depth >= MAX_FUNC_CHAIN || !fn->decl)
        return FUNC_CHAIN_UNKNOWN;
    fn->chain = -1;
    Chain c = {.g = g, .depth = depth, .most = 0};
    ast_walk_const(fn->decl->body, visit_chain, &c);
    ast_walk_const(fn->decl->expr_body, visit_chain, &c);
    for (int i = 0; i < fn->modifiers.len; i++) {
        const Node *m = fn->modifiers.items[i];
        ast_walk_const(m->rhs, visit_chain, &c);
        ast_walk_const(m->when, visit_chain, &c);
    }
    int k = c.most + 1 + (fn->modifiers.len > 0);
    fn->chain = k > MAX_FUNC_CHAIN ? FUNC_CHAIN_UNKNOWN : k;
    return fn->chain;
}

/* Game.funcs_shallow: every func's chain is known and at most
 * SHALLOW_CHAIN, far within MAX_FUNC_DEPTH. A call's depth check passes when fewer than
 * MAX_FUNC_DEPTH calls are in progress; funcs call no proc, so a func is
 * called from a proc with none in progress and from a func with at most
 * its chain less one: the checks cannot fail, and the emitter leaves them
 * out (the steps are counted as before). */
static bool funcs_shallow(const Game *g)
{
    for (int i = 0; i < g->funcs.len; i++)
        if (func_chain(g, g->funcs.items[i], 0) > SHALLOW_CHAIN)
            return false;
    for (int i = 0; i < g->guards.len; i++)
        if (func_chain(g, g->guards.items[i], 0) > SHALLOW_CHAIN)
            return false;
    return true;
}

/* ---- how deep proc calls may go (Sym.depth_in) --------------------------- */

/* A way a proc's body starts a proc in the direct copy: with `frames`
 * frames more in use than when `from` was entered (its own, and
 * devraise's for an event raised). */
typedef struct PEdge {
    Sym *from, *to;
    int frames;
} PEdge;

typedef struct PEdges {
    Arena *a;
    const Game *g;
    Sym *from;
    PtrVec list;
} PEdges;

static void add_pedge(PEdges *e, Sym *to, int frames)
{
    PEdge *x = arena_alloc(e->a, sizeof *x);
    *x = (PEdge){e->from, to, frames};
    vec_push(e->a, &e->list, x);
}

/* What a statement of a proc's body starts in the direct copy: a proc
 * called, an event raised (devraise counts a frame, then its body's) and
 * a card played (any play clause's proc; dplay counts no frame). */
static void visit_pedge(const Node *n, void *ctx)
{
    PEdges *e = ctx;
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_PROC)
        add_pedge(e, n->sym, 1);
    else if (n->kind == N_CALL && n->sym && n->sym->kind == S_EVENT)
        add_pedge(e, n->sym->body, 2);
    else if (n->kind == N_PLAY && e->g->play_of)
        for (int k = 0; k < e->g->cs->ncards; k++)
            if (e->g->play_of[k])
                add_pedge(e, e->g->play_of[k]->sym, 1);
}

/* Does a proc start only from main (at depth 0: nothing else of the
 * runtime calls a proc) and through its body's words (a call, a raise, a
 * play)? Not with a handler, a clause before an event, a reaction window
 * (of an event, of a card played or moving) or an 'at' block, which a
 * move, a raise, a boundary or a window may start. */
static bool procs_start_alone(const Game *g)
{
    if (!g->main || g->handlers.len || game_has_befores(g) || game_has_windows(g) ||
        g->played_window || g->move_windows.len)
        return false;
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->reached && p->decl->sym)
            return false;
    }
    return true;
}

/* Every way a reached proc's body starts a proc (PEdge). */
static PtrVec proc_edges(Arena *a, const Game *g)
{
    PEdges e = {a, g, NULL, {0}};
    for (int i = 0; i < g->procs.len; i++) {
        e.from = g->procs.items[i];
        if (e.from->reached)
            ast_walk_const(e.from->decl->body, visit_pedge, &e);
    }
    return e.list;
}

/* Sym.depth_in of every proc over the ways edges: the most frames in use
 * when it is entered, the longest way from main at 0 (a fixed point, each
 * value only growing and held at max_depth, which a way round a cycle
 * reaches); -1 for a proc no way from main reaches. */
static void proc_entries(Game *g, const PtrVec *edges)
{
    g->main->depth_in = 0;
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < edges->len; i++) {
            const PEdge *x = edges->items[i];
            if (x->from->depth_in < 0)
                continue;
            int d = x->from->depth_in + x->frames;
            d = d < g->max_depth ? d : g->max_depth;
            if (d > x->to->depth_in) {
                x->to->depth_in = d;
                more = true;
            }
        }
    }
}

/* Sym.depth_sure and Sym.depth_uncounted of every proc (the proof:
 * docs/RUNTIME.md, "Shallow procs check no depth"). A proc entered with
 * fewer than max_depth frames in use passes its check always: it is left
 * out. Its frame is not counted either when every proc it may start is
 * so too (a fixed point, each flag only cleared): then no check that can
 * fail reads the count below it (an event's devraise, within the bound,
 * sees fewer frames). */
static void proc_depths(Arena *a, Game *g)
{
    for (int i = 0; i < g->procs.len; i++) {
        Sym *p = g->procs.items[i];
        p->depth_in = -1;
        p->depth_sure = p->depth_uncounted = false;
    }
    if (!procs_start_alone(g))
        return;
    PtrVec edges = proc_edges(a, g);
    proc_entries(g, &edges);
    for (int i = 0; i < g->procs.len; i++) {
        Sym *p = g->procs.items[i];
        p->depth_sure = p->depth_uncounted = p->depth_in >= 0 && p->depth_in < g->max_depth;
    }
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < edges.len; i++) {
            const PEdge *x = edges.items[i];
            if (x->from->depth_uncounted && !x->to->depth_uncounted) {
                x->from->depth_uncounted = false;
                more = true;
            }
        }
    }
}

/* ---- procs that call procs (Sym.calls_procs) ---------------------------- */

static void visit_proc_call(Node *n, void *ctx)
{
    if ((n->kind == N_CALL && n->sym && (n->sym->kind == S_PROC || n->sym->kind == S_EVENT)) ||
        n->kind == N_PLAY)
        *(bool *)ctx = true;
}

/* Does the proc call a proc (itself too), raise an event or play a card?
 * Only such a proc's calls can make a tree of calls: a proc that does none
 * of it is called from counted work a bounded number of times. */
static bool calls_procs(const Node *d)
{
    bool found = false;
    ast_walk(d->body, visit_proc_call, &found);
    return found;
}

/* ---- players surely in range (Node.seat_in_range) ----------------------- */

/* Is e surely a seat in range (0 <= e < player_count())? Then it indexes
 * zones and variables without a check. seat(), next() and prev() check
 * their argument and give a seat in range; a choice of a player with no other
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
        return e->builtin == B_SEAT || e->builtin == B_NEXT ||
               e->builtin == B_PREV;
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
    case N_MODIFIER:
        /* the names a modifier binds hold the arguments of any call of its
         * func: any player, none included */
        for (const Node *a = n->call->args; a; a = a->next)
            if (a->kind == N_IDENT && is_player_var(a->sym))
                mark_bad_player(a->sym, pf);
        break;
    case N_CALL:
        if (n->sym && (n->sym->kind == S_FUNC || n->sym->kind == S_PROC ||
                       n->sym->kind == S_EVENT)) {
            n->sym->called = true;
            if (n->sym->kind == S_EVENT)
                n->sym->body->called = true;
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
            walk_window_words(fn, visit_player_flow, &pf);
        }
    walk_card_windows(g, visit_player_flow, &pf);
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            if (fn->called || fn == g->score || fn == g->tiebreak || fn == g->agents_fn || shown_index(g, fn->decl) >= 0)
                continue; /* called with seats in range (a shown func: by the views) */
            for (const Node *par = fn->decl->params; par; par = par->next)
                if (is_player_var(par->sym))
                    mark_bad_player(par->sym, &pf);
        }
    /* 'while in play': me is the controller of a card in play, or none */
    for (int i = 0; i < g->continuous.len; i++) {
        const Continuous *k = g->continuous.items[i];
        ast_walk(k->clause->body, visit_player_flow, &pf);
        for (const Node *par = k->decl->params; par; par = par->next)
            if (is_player_var(par->sym))
                mark_bad_player(par->sym, &pf);
    }
    for (int i = 0; i < pf.bad.len; i++) {
        const Sym *sym = pf.bad.items[i];
        for (int j = 0; j < sym->flows_to.len; j++)
            mark_bad_player(sym->flows_to.items[j], &pf);
    }
}

/* ---- what a filter decides from a card's kind --------------------------- */

/* Kinds of card fit in a 64-bit mask: the state keeps each zone's kinds as
 * bits, and the kind-level paths of the emitter work on them. */
static bool kinds_fit(const CardSet *cs)
{
    return cs->ncards <= 64;
}

/* How deep a filter's funcs are looked through (a func that calls itself
 * is not). */
enum { MAX_LOOK_THROUGH = 8 };

/* A filter that calls a func of one expression and one parameter, given
 * the card tested (slot `slot`), and that no modifier changes, means what
 * its body means on that card: `where isgem(c)` is `where c.type == gem`.
 * The body, and in *pslot its parameter's slot; NULL for any other call.
 * (So moving a filter into a func changes neither the C nor the order of
 * a choice's options: the same seed plays the same game.) */
static const Node *looked_through(const Node *n, int slot, int *pslot)
{
    const Sym *fn = n->sym;
    if (n->kind != N_CALL || !fn || !fn->look_through || !n->args || n->args->next)
        return NULL;
    const Node *a = n->args, *p = fn->decl->params;
    if (a->kind != N_IDENT || !a->sym || a->sym->index != slot ||
        (a->sym->kind != S_LOCAL && a->sym->kind != S_PARAM) || !p || !p->sym)
        return NULL;
    *pslot = p->sym->index;
    return fn->decl->expr_body;
}

/* May a filter look through func fn (Sym.look_through)? */
static bool look_through(const Sym *fn)
{
    return fn->kind == S_FUNC && fn->decl->expr_body && fn->modifiers.len == 0 &&
           fn->nparams == 1 && fn->params[0] == T_CARD;
}

/* The funcs looked through by a walk of this part, one inside another: a
 * func's body read once at each depth (for each slot of its card), as a
 * chain of funcs that each call the next k times would cost k^8 readings;
 * each call unrolled to the depth as before (CallMemo.unroll: what these
 * walks find shapes the C). On the stack: they run for every card. */
typedef struct LookMemo {
    CallMemo calls;
    CallFound room[CALL_MEMO_ROOM];
} LookMemo;

_Static_assert((int)MAX_LOOK_THROUGH < (int)CALL_MEMO_DEPTH, "every call a LookMemo reads is kept");

static CallMemo *look_memo(LookMemo *lm)
{
    call_memo_init(&lm->calls, NULL, lm->room);
    lm->calls.unroll = true;
    return &lm->calls;
}

/* read (eval_static, pure_static_at: one a LookMemo) of the body of a func
 * looked through, its card in frame slot ps, on card kind cd. */
typedef int LookRead(const Node *n, int slot, const CardDef *cd, CallMemo *calls);
static int look_body(LookRead *read, const Node *body, int ps, const CardDef *cd,
                     CallMemo *calls)
{
    const void *known = NULL;
    int v;
    if (call_memo_enter(calls, body, &ps, sizeof ps, &known) == CALL_KNOWN)
        return *(const int *)known;
    v = read(body, ps, cd, calls);
    call_memo_leave(calls, &v, sizeof v);
    return v;
}

/* sema_eval_filter, through the funcs looked_through looks through. */
static int eval_static(const Node *n, int slot, const CardDef *cd, CallMemo *calls)
{
    int ps, l, r;
    const Node *body;
    switch (n->kind) {
    case N_CALL:
        body = looked_through(n, slot, &ps);
        return body && calls->depth < MAX_LOOK_THROUGH ? look_body(eval_static, body, ps, cd, calls)
                                                       : -1;
    case N_UNARY:
        if (n->unop != UOP_NOT)
            return -1;
        l = eval_static(n->operand, slot, cd, calls);
        return l < 0 ? -1 : !l;
    case N_BINARY:
        if (n->binop != OP_AND && n->binop != OP_OR)
            return sema_eval_filter(n, slot, cd);
        l = eval_static(n->lhs, slot, cd, calls);
        r = eval_static(n->rhs, slot, cd, calls);
        if (n->binop == OP_AND)
            return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
        return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
    default:
        return sema_eval_filter(n, slot, cd);
    }
}

static int static_value(const Node *n, int slot, const CardDef *cd)
{
    LookMemo lm;
    return eval_static(n, slot, cd, look_memo(&lm));
}

/* Is n a test on the card alone that runs nothing else: comparisons of the
 * card's fields (slot `slot`) with constants, joined by and, or, not, and
 * funcs of such a test (looked_through)? Its value for a kind is known
 * before the game, and leaving it out of the C changes nothing, faults
 * included. (eval_static decides 'a and b' from b alone when b is false,
 * whatever a would do at run time.) */
static int pure_static_at(const Node *n, int slot, const CardDef *cd, CallMemo *calls)
{
    int ps;
    const Node *body;
    switch (n->kind) {
    case N_BOOLLIT:
        return true;
    case N_CALL:
        body = looked_through(n, slot, &ps);
        return body && calls->depth < MAX_LOOK_THROUGH &&
               look_body(pure_static_at, body, ps, cd, calls);
    case N_UNARY:
        return n->unop == UOP_NOT && pure_static_at(n->operand, slot, cd, calls);
    case N_BINARY:
        if (n->binop == OP_AND || n->binop == OP_OR)
            return pure_static_at(n->lhs, slot, cd, calls) &&
                   pure_static_at(n->rhs, slot, cd, calls);
        return (n->binop == OP_EQ || n->binop == OP_NE) && sema_eval_filter(n, slot, cd) >= 0;
    default:
        return false;
    }
}

static bool pure_static(const Node *n, int slot, const CardDef *cd)
{
    LookMemo lm;
    return pure_static_at(n, slot, cd, look_memo(&lm));
}

/* The mask of card kinds a static filter keeps, or false if the filter
 * depends on more than the card (or there are more than 64 kinds). */
static bool filter_mask(const CardSet *cs, const Node *src, unsigned long long *mask)
{
    if (src->type != T_CARD || !kinds_fit(cs))
        return false;
    if (src->filter && cs->ncards > 0 && !pure_static(src->filter, src->slot, cs->cards[0]))
        return false;
    *mask = 0;
    for (int i = 0; i < cs->ncards; i++) {
        int v = src->filter ? static_value(src->filter, src->slot, cs->cards[i]) : 1;
        if (v < 0)
            return false;
        if (v)
            *mask |= 1ULL << i;
    }
    return true;
}

/* The same for the cards of a zone. */
static bool kind_mask(const CardSet *cs, const Node *src, unsigned long long *mask)
{
    return src->src_kind == SRC_ZONE && filter_mask(cs, src, mask);
}

/* Do the kinds in m each have a value of attribute attr (or ATTR_TYPE,
 * ATTR_NAME), no two the same? Then distinct() over them counts kinds. */
static bool distinct_per_kind(const CardSet *cs, int attr, unsigned long long m)
{
    unsigned long long seen = 0;
    for (int k = 0; k < cs->ncards; k++) {
        if (!((m >> k) & 1))
            continue;
        const CardDef *cd = cs->cards[k];
        int v = attr == ATTR_TYPE ? cd->type->index : attr == ATTR_NAME ? k : card_value(cd, attr);
        if (v < 0 || v >= 64 || ((seen >> v) & 1))
            return false;
        seen |= 1ULL << v;
    }
    return true;
}

typedef struct KindLevel {
    int slot;               /* the frame slot of the card tested */
    const Node *field_base; /* the variable of the field just seen: its kind is
                             * read; or the card given to a func looked through */
    CallMemo *calls;        /* the funcs looked through to get here */
    bool ok;
} KindLevel;

static bool kind_level_at(const Node *n, int slot, CallMemo *calls);

/* kind_level_at of the body of a func looked through, its card in slot ps. */
static bool kind_level_body(const Node *body, int ps, CallMemo *calls)
{
    const void *known = NULL;
    bool ok;
    if (call_memo_enter(calls, body, &ps, sizeof ps, &known) == CALL_KNOWN)
        return *(const bool *)known;
    ok = kind_level_at(body, ps, calls);
    call_memo_leave(calls, &ok, sizeof ok);
    return ok;
}

/* A call of a func looked through (looked_through): its body on the card
 * decides; the card given to it is not read as a card. */
static bool kind_level_call(KindLevel *k, const Node *n)
{
    int ps;
    const Node *body = looked_through(n, k->slot, &ps);
    if (!body)
        return false;
    if (k->calls->depth >= MAX_LOOK_THROUGH || !kind_level_body(body, ps, k->calls))
        k->ok = false;
    k->field_base = n->args;
    return true;
}

static bool is_var(const Node *n)
{
    return n->kind == N_IDENT && n->sym && (n->sym->kind == S_LOCAL || n->sym->kind == S_PARAM);
}

static void visit_kind_level(const Node *n, void *ctx)
{
    KindLevel *k = ctx;
    if (n == k->field_base)
        return; /* the variable of a field: read through its kind (below) */
    if (n->kind == N_FIELD && (!n->base || is_var(n->base))) {
        k->field_base = n->base; /* a field of a variable: the card's kind decides */
        return;
    }
    if (kind_level_call(k, n))
        return;
    if (is_var(n) && n->sym->index == k->slot)
        k->ok = false;
    if (n->kind == N_UNARY && n->unop != UOP_NOT)
        k->ok = false;
    if (n->kind == N_BINARY && binop_arith(n->binop))
        k->ok = false;
    if (n->kind == N_CALL && (n->sym || n->builtin == B_SUM || n->builtin == B_ABS ||
                              n->builtin == B_CHANCE || n->builtin == B_ROLL ||
                              n->builtin == B_SEAT || n->builtin == B_NEXT ||
                              n->builtin == B_PREV))
        k->ok = false;
    if (n->kind == N_INDEX && n->type != T_ZONE &&
        !(n->base->kind == N_IDENT && n->base->sym && n->base->sym->kind == S_PVAR))
        k->ok = false;
}

/* Does n use local slot `slot` only as a card's type, name or attribute,
 * and do nothing whose effect depends on how often or in which order it
 * runs? Then a filter on that card gives the same answer for every card of
 * a kind, and testing it once per kind, in any order, changes nothing: no
 * random number (chance, roll), and nothing that may fault for some cards
 * and not others (arithmetic, which may overflow or divide by zero; funcs
 * other than those looked through, whose bodies are held to the same test;
 * sum, abs, seat, next; an index into a list). What may still fault (a
 * zone of a player out of range, a func called too deep) does so whatever
 * the card. (The walk visits a field's variable right after the field, and
 * the card given to a func looked through right after the call: those
 * visits are skipped.) */
static bool kind_level_at(const Node *n, int slot, CallMemo *calls)
{
    KindLevel k = {.slot = slot, .calls = calls, .ok = true};
    ast_walk_const(n, visit_kind_level, &k);
    return k.ok;
}

static bool kind_level(const Node *n, int slot)
{
    LookMemo lm;
    return kind_level_at(n, slot, look_memo(&lm));
}

/* ---- the memo of funcs (Sym.memo) --------------------------------------- */

/* The comparisons with numbers a variable's writes test (memo_cmps),
 * at most: more, and it is read as it is. */
enum { MEMO_MAX_CMPS = 16 };

typedef struct MemoCheck {
    const Game *g;
    Arena *mark;            /* non-NULL: mark what is read (Node.memo_read,
                             * Sym.memo_read, memo_read_raw, memo_cmps,
                             * Game.memo_all_zones, memo_play_zones) */
    int slot;               /* the frame slot of the card read by kind, -1 none */
    int pslot;              /* the frame slot of the key's player, -1 none */
    int depth;              /* funcs gone into to get here */
    const Node *skip[16];   /* uses of the card checked: the walk's next visits */
    int nskip;
    bool calls;             /* a func or playable() is called */
    bool ok;
    CallMemo *bodies;       /* the funcs' bodies read (LookMemo) */
} MemoCheck;

static bool memo_reads(const Game *g, Arena *mark, const Node *n, int slot, int pslot,
                       int depth, bool *calls, CallMemo *bodies);

static void memo_skip(MemoCheck *m, const Node *n)
{
    if (m->nskip == (int)(sizeof m->skip / sizeof m->skip[0]))
        m->ok = false;
    else
        m->skip[m->nskip++] = n;
}

/* What memo_reads found of a func's body. */
typedef struct MemoFound {
    bool ok, calls;
} MemoFound;

/* memo_reads of a func's body, the card in frame slot ps, the key's player
 * in pps, one deeper than m: read once for each of those and depth (what
 * it marks, it marks again). */
static bool memo_reads_body(MemoCheck *m, const Node *body, int ps, int pps)
{
    int ctx[3] = {ps, pps, m->depth + 1};
    const void *known = NULL;
    MemoFound f = {false, false};
    if (call_memo_enter(m->bodies, body, ctx, sizeof ctx, &known) == CALL_KNOWN) {
        f = *(const MemoFound *)known;
    } else {
        f.ok = memo_reads(m->g, m->mark, body, ps, pps, m->depth + 1, &f.calls, m->bodies);
        call_memo_leave(m->bodies, &f, sizeof f);
    }
    m->calls |= f.calls;
    return f.ok;
}

/* The body of func decl d, the card in its frame slot ps, the key's
 * player in pps (-1: not given). */
static void memo_body(MemoCheck *m, const Node *d, int ps, int pps)
{
    const Node *body = d->expr_body ? d->expr_body : d->body;
    if (m->depth >= MAX_LOOK_THROUGH || !memo_reads_body(m, body, ps, pps))
        m->ok = false;
}

/* Is n the key's player (MemoCheck.pslot)? */
static bool is_key_player(const MemoCheck *m, const Node *n)
{
    return m->pslot >= 0 && n && is_var(n) && n->sym->index == m->pslot;
}

/* The frame slot of the parameter of fn that call n gives the key's
 * player to, -1 if none. */
static int key_player_param(const MemoCheck *m, const Node *n, const Sym *fn)
{
    const Node *p = fn->decl->params;
    for (const Node *a = n->args; a && p; a = a->next, p = p->next)
        if (is_key_player(m, a) && p->sym && p->sym->type == T_PLAYER)
            return p->sym->index;
    return -1;
}

/* A call of a func: the card, if given, goes to one parameter of a func
 * without modifiers; the body is held to the same test, and so are the
 * values and conditions of the modifiers of a func not given it, which
 * must be those of cards in play (an `until`'s rows hold by the time). */
static void memo_func_call(MemoCheck *m, const Node *n)
{
    const Sym *fn = n->sym;
    const Node *p = fn->decl->params;
    int ps = -1;
    for (const Node *a = n->args; a; a = a->next, p = p ? p->next : NULL) {
        if (!is_var(a) || a->sym->index != m->slot)
            continue;
        if (ps >= 0 || !p || !p->sym || fn->modifiers.len)
            m->ok = false;
        else
            ps = p->sym->index;
        memo_skip(m, a);
    }
    memo_body(m, fn->decl, ps, key_player_param(m, n, fn));
    if (fn->modifiers.len && m->mark) /* the cards in play that modify it, their controllers */
        ((Game *)m->g)->memo_play_zones = true;
    for (int i = 0; i < fn->modifiers.len && m->ok; i++) {
        const Node *mod = fn->modifiers.items[i];
        if (mod->lasting_no >= 0 ||
            (mod->rhs && !memo_reads(m->g, m->mark, mod->rhs, -1, -1, m->depth + 1,
                                     &m->calls, m->bodies)) ||
            (mod->when && !memo_reads(m->g, m->mark, mod->when, -1, -1, m->depth + 1,
                                      &m->calls, m->bodies)))
            m->ok = false;
    }
}

/* playable(c, p): every guard, given the card as `this` if c is it. */
static void memo_playable(MemoCheck *m, const Node *n)
{
    const Node *c = n->args;
    bool given = is_var(c) && c->sym->index == m->slot;
    bool keyed = c && is_key_player(m, c->next); /* playable(c, p): me is p */
    if (given)
        memo_skip(m, c);
    for (int i = 0; i < m->g->guards.len && m->ok; i++) {
        const Sym *guard = m->g->guards.items[i];
        const Node *me = guard->decl->params, *self = me ? me->next : NULL;
        if (given && (!self || !self->sym))
            m->ok = false;
        else
            memo_body(m, guard->decl, given ? self->sym->index : -1,
                      keyed && me->sym ? me->sym->index : -1);
    }
}

/* The builtins a memo func may call: they read the zones, the rules'
 * variables and the card list, or nothing. */
static bool memo_builtin(int b)
{
    switch ((Builtin)b) {
    case B_COUNT: case B_ANY: case B_ALL: case B_SUM: case B_MIN: case B_MAX:
    case B_DISTINCT: case B_FIRST: case B_SIZE: case B_VALUES: case B_ABS:
    case B_NPLAYERS: case B_CONTROLLER: case B_HOLDER: case B_NAME_HAS:
        return true;
    default:
        return false;
    }
}

/* A variable a memo func reads: one no deal of the agents changes (not
 * `owner` nor secret, Node.secret: game_redeal and game_forget write
 * those, without memo_write); marked read (Sym.memo_read) where the func
 * is kept, with the comparison `v OP number` it is read in (cmp), or, if
 * none, read as it is (Sym.memo_read_raw), and, unless keyed (v[p], p the
 * key's player), read otherwise than at the key's player
 * (Sym.memo_read_other). */
static bool memo_var(const MemoCheck *m, const Sym *sym, const Node *cmp, bool keyed)
{
    if (m->mark) {
        Sym *v = (Sym *)sym;
        v->memo_read = true;
        v->memo_read_other |= !keyed;
        int i = 0;
        while (cmp && i < v->memo_cmps.len && v->memo_cmps.items[i] != cmp)
            i++;
        if (!cmp || v->memo_cmps.len >= MEMO_MAX_CMPS)
            v->memo_read_raw = true;
        else if (i == v->memo_cmps.len)
            vec_push(m->mark, &v->memo_cmps, (void *)cmp);
    }
    return sym->decl && sym->decl->vis != VIS_OWNER && !sym->decl->secret;
}

/* The variable n reads (v, or v[...] of a per-player or per-card v), or
 * NULL. */
static const Sym *read_var(const Node *n)
{
    const Node *id = n->kind == N_INDEX ? n->base : n;
    if (!id || id->kind != N_IDENT || !id->sym)
        return NULL;
    SymKind k = id->sym->kind;
    if (n->kind == N_INDEX ? k == S_PVAR || k == S_CVAR : k == S_GLOBAL)
        return id->sym;
    return NULL;
}

/* n compares a variable with a number (`plays[p] < 2`, `2 > plays[p]`):
 * the variable is checked and marked here (memo_var), with n, and its
 * identifier not again as one read as it is. */
static bool memo_compared(MemoCheck *m, const Node *n)
{
    if (n->binop < OP_EQ || n->binop > OP_GE)
        return false;
    const Node *v = n->lhs->kind == N_NUM ? n->rhs : n->rhs->kind == N_NUM ? n->lhs : NULL;
    const Sym *sym = v ? read_var(v) : NULL;
    if (!sym || v->type != T_INT)
        return false;
    m->ok &= memo_var(m, sym, n, v->kind == N_INDEX && is_key_player(m, v->index));
    if (v->kind == N_INDEX) /* not again as v[...] (memo_keyed_pvar) */
        memo_skip(m, v);
    memo_skip(m, v->kind == N_INDEX ? v->base : v);
    return true;
}

/* v[p], v a per-player variable and p the key's player: its base is
 * checked here, and not again as an identifier read otherwise. */
static bool memo_keyed_pvar(MemoCheck *m, const Node *n)
{
    const Node *b = n->base;
    if (!b || b->kind != N_IDENT || !b->sym || b->sym->kind != S_PVAR ||
        !is_key_player(m, n->index))
        return false;
    m->ok &= memo_var(m, b->sym, NULL, true);
    memo_skip(m, b);
    return true;
}

/* An identifier a memo func may read: a constant, a local or parameter
 * (the card read by kind: not itself), a zone (marked Node.memo_read),
 * a variable (memo_var). */
static bool memo_ident(const MemoCheck *m, const Node *n)
{
    const Sym *sym = n->sym;
    if (!sym)
        return true;
    switch (sym->kind) {
    case S_LOCAL:
    case S_PARAM:
        return sym->index != m->slot;
    case S_ZONE:
        if (sym->decl && m->mark)
            sym->decl->memo_read = true;
        return true;
    case S_GLOBAL:
    case S_PVAR:
    case S_CVAR:
        return memo_var(m, sym, NULL, false);
    default:
        return false;
    }
}

static void visit_memo(const Node *n, void *ctx)
{
    MemoCheck *m = ctx;
    for (int i = 0; i < m->nskip; i++)
        if (m->skip[i] == n) {
            m->skip[i] = m->skip[--m->nskip];
            return;
        }
    switch (n->kind) {
    case N_BLOCK: case N_LET: case N_IF: case N_WHILE: case N_LOOP: case N_REPEAT:
    case N_FOR: case N_BREAK: case N_RETURN: case N_EXPRSTMT: case N_NUM: case N_BOOLLIT:
    case N_NONELIT: case N_STR: case N_UNARY: case N_LIST:
    case N_SOURCE: case N_TOPCARD: case N_PLAYERSREF:
        return;
    case N_BINARY:
        memo_compared(m, n);
        return;
    case N_INDEX:
        memo_keyed_pvar(m, n);
        return;
    case N_ASSIGN: /* a local's: a func writes nothing else */
        m->ok &= n->target->kind == N_IDENT && n->target->sym &&
                 n->target->sym->kind == S_LOCAL;
        return;
    case N_FIELD: /* a field of the card: its kind decides */
        if (n->base && is_var(n->base) && n->base->sym->index == m->slot)
            memo_skip(m, n->base);
        return;
    case N_IDENT:
        m->ok &= memo_ident(m, n);
        return;
    case N_CALL:
        if (n->sym && n->sym->kind == S_FUNC && n->sym->decl) {
            m->calls = true;
            memo_func_call(m, n);
        } else if (!n->sym && n->builtin == B_PLAYABLE) {
            m->calls = true;
            memo_playable(m, n);
        } else {
            m->ok &= !n->sym && memo_builtin(n->builtin);
            /* the slot of a card anywhere (the zone's owner, a holder) */
            if (m->mark && !n->sym && (n->builtin == B_CONTROLLER || n->builtin == B_HOLDER))
                ((Game *)m->g)->memo_all_zones = true;
        }
        return;
    default:
        m->ok = false;
        return;
    }
}

/* Does n read only what memo_write guards (the zones, the rules'
 * variables but `owner` ones, the card list, the modifiers of cards in
 * play), the card of frame slot `slot` (-1: none) only through its kind
 * (a field of it, or given to a func or to playable() whose bodies do the
 * same), and draw no number, wherever it goes? Then, evaluated again with
 * the state unwritten on a card of the same kind, it gives the same
 * answer and counts the same steps. *calls: it calls a func or
 * playable(). */
static bool memo_reads(const Game *g, Arena *mark, const Node *n, int slot, int pslot,
                       int depth, bool *calls, CallMemo *bodies)
{
    MemoCheck m = {.g = g, .mark = mark, .slot = slot, .pslot = pslot, .depth = depth,
                   .ok = true, .bodies = bodies};
    if (n)
        ast_walk_const(n, visit_memo, &m);
    *calls |= m.calls;
    return m.ok && m.nskip == 0;
}

/* The keys of a memo func: how many (its players times its cards'
 * kinds), 0 if it may not have one (a parameter neither). */
long long memo_keys(const Game *g, const Sym *fn)
{
    long long n = 1;
    for (int i = 0; i < fn->nparams; i++) {
        if (fn->params[i] != T_PLAYER && fn->params[i] != T_CARD)
            return 0;
        n *= fn->params[i] == T_PLAYER ? g->max_players : g->cs->ncards;
    }
    return n;
}

/* The key's player of a memo func: the place of its first player
 * parameter, -1 if it has none. Its answers are also tagged with that
 * player's version (State.pver): a per-player variable every memo func
 * reads at its key's player only (not Sym.memo_read_other) is written
 * with memo_write_player. */
int memo_key_player(const Sym *fn)
{
    for (int i = 0; i < fn->nparams; i++)
        if (fn->params[i] == T_PLAYER)
            return i;
    return -1;
}

static const Node *param_at(const Node *d, int i)
{
    const Node *p = d->params;
    while (i-- > 0)
        p = p->next;
    return p;
}

enum { MEMO_MAX_KEYS = 4096 };

/* May func fn keep its answers (Sym.memo)? With mark, what it reads is
 * marked (MemoCheck.mark). Its parameters players and
 * cards, each card read only by kind, what it reads guarded by
 * memo_write (memo_reads), and it calls something (a memo costs more than
 * a test on its own); in a game where no func calls itself, so no call
 * may fault for its depth where another did not (Game.funcs_shallow), and
 * where no player is left out of a source (eliminate, immune). */
static bool memo_func(const Game *g, const Sym *fn, Arena *mark)
{
    const Node *d = fn->decl;
    long long keys = memo_keys(g, fn);
    if (!g->funcs_shallow || g->uses_out || g->immunes.len || !kinds_fit(g->cs) ||
        fn->modifiers.len || fn->nparams < 1 || keys < 1 || keys > MEMO_MAX_KEYS)
        return false;
    const Node *body = d->expr_body ? d->expr_body : d->body;
    bool calls = false;
    int ncards = 0, pslot = memo_key_player(fn);
    if (pslot >= 0)
        pslot = d->params ? param_at(d, pslot)->sym->index : -1;
    LookMemo lm;
    CallMemo *bodies = look_memo(&lm);
    for (const Node *p = d->params; p; p = p->next)
        if (p->sym && p->sym->type == T_CARD) {
            ncards++;
            if (!memo_reads(g, mark, body, p->sym->index, pslot, 0, &calls, bodies))
                return false;
        }
    return (ncards || memo_reads(g, mark, body, -1, pslot, 0, &calls, bodies)) && calls;
}

/* A source whose filter calls a func with the source's card: the func is
 * called once a card, and may keep its answers (memo_func decides). */
static void visit_memo_candidates(const Node *n, void *ctx)
{
    (void)ctx;
    if (n->kind != N_SOURCE || !n->filter || n->type != T_CARD)
        return;
    const Node *f = n->filter;
    if (f->kind == N_CALL && f->sym && f->sym->kind == S_FUNC)
        for (const Node *a = f->args; a; a = a->next)
            if (is_var(a) && a->sym->index == n->slot)
                ((Sym *)f->sym)->memo = true;
}

static void find_memo_funcs(Arena *a, Game *g)
{
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            const Sym *fn = lists[l]->items[i];
            ast_walk_const(fn->decl->body, visit_memo_candidates, NULL);
            ast_walk_const(fn->decl->expr_body, visit_memo_candidates, NULL);
        }
    for (int i = 0; i < g->funcs.len; i++) {
        Sym *fn = g->funcs.items[i];
        fn->memo = fn->memo && memo_func(g, fn, NULL);
        g->has_memo |= fn->memo && fn->reached;
    }
    for (int i = 0; i < g->funcs.len; i++) { /* what the funcs kept read: memo_write */
        const Sym *fn = g->funcs.items[i];
        if (fn->memo)
            memo_func(g, fn, a);
    }
}

/* The kinds a filter may keep: all but those that the conjuncts it tests
 * first, while the card alone decides them, rule out. (A kind left out is
 * one for which the C of the filter stops at a false conjunct before it
 * evaluates anything else, so leaving it out changes nothing, faults
 * included.) */
static unsigned long long kinds_possible(const CardSet *cs, const Node *filter, int slot)
{
    const Node *conj[64];
    int n = 0;
    /* the conjuncts in the order C evaluates them: a and b and c parses as
     * (a and b) and c */
    const Node *f = filter;
    while (f->kind == N_BINARY && f->binop == OP_AND && n < 63) {
        conj[n++] = f->rhs;
        f = f->lhs;
    }
    conj[n++] = f;
    unsigned long long m = 0;
    for (int k = 0; k < cs->ncards && k < 64; k++) {
        bool out = false;
        for (int i = n - 1; i >= 0; i--) {
            if (!pure_static(conj[i], slot, cs->cards[k]))
                break;
            int v = static_value(conj[i], slot, cs->cards[k]);
            if (v < 0)
                break;
            if (v == 0) {
                out = true;
                break;
            }
        }
        if (!out)
            m |= 1ULL << k;
    }
    return m;
}

/* Is z (a zone, or zone[p]) an unordered zone? Its cards of one kind are
 * alike: any of them stands for all. */
static bool zone_unordered(const Node *z)
{
    const Node *zone = z->kind == N_INDEX ? z->base : z;
    return zone->kind == N_IDENT && zone->sym && zone->sym->kind == S_ZONE &&
           !(zone->sym->decl->zflags & ZF_ORDERED);
}

/* Are the cards of src those of an unordered zone, whose lists of each
 * kind the state keeps (at most 64 kinds)? */
static bool heap_source(const CardSet *cs, const Node *src)
{
    return src->src_kind == SRC_ZONE && kinds_fit(cs) && zone_unordered(src->in);
}

/* A choice from an unordered zone with a filter on the card alone: its
 * options are the kinds of the filter's mask present in the zone. */
static bool by_kind(const CardSet *cs, const Node *src)
{
    unsigned long long m;
    return heap_source(cs, src) && kind_mask(cs, src, &m);
}

/* Kinds of which a 'such that' allows at most one card: a conjunct
 * distinct(chosen where P, A) == count(chosen where P), with P on the card
 * alone, means no two P-cards share a value of A, so no two share a kind.
 * The enumeration uses this to prune; the condition is still checked. */
static void one_per_kind(const CardSet *cs, const Node *c, unsigned long long *mask)
{
    if (!c)
        return;
    if (c->kind == N_BINARY && c->binop == OP_AND) {
        one_per_kind(cs, c->lhs, mask);
        one_per_kind(cs, c->rhs, mask);
        return;
    }
    if (c->kind != N_BINARY || c->binop != OP_EQ || c->lhs->kind != N_CALL ||
        c->rhs->kind != N_CALL)
        return;
    const Node *d = c->lhs->builtin == B_DISTINCT ? c->lhs : c->rhs;
    const Node *k = d == c->lhs ? c->rhs : c->lhs;
    if (d->sym || k->sym || d->builtin != B_DISTINCT || k->builtin != B_COUNT)
        return;
    unsigned long long md, mk;
    if (d->args->src_kind != SRC_CHOSEN || k->args->src_kind != SRC_CHOSEN ||
        !filter_mask(cs, d->args, &md) || !filter_mask(cs, k->args, &mk) || md != mk)
        return;
    *mask |= md;
}

/* Is conjunct c a distinct(chosen where P, A) == count(chosen where P)
 * that the caps already guarantee: at most one card of each kind in P
 * (one_per_kind), and no two kinds in P share a value of A? */
static bool implied_by_caps(const CardSet *cs, const Node *c)
{
    unsigned long long m = 0;
    one_per_kind(cs, c, &m);
    if (!m || c->kind != N_BINARY || c->binop != OP_EQ)
        return false;
    const Node *d = c->lhs->builtin == B_DISTINCT ? c->lhs : c->rhs;
    return distinct_per_kind(cs, d->attr, m);
}

/* Marks the conjuncts of a 'such that' (c, split at its 'and's) that the
 * caps guarantee: the emitter leaves them out of the C. */
static void mark_implied(const CardSet *cs, Node *c)
{
    if (c->kind == N_BINARY && c->binop == OP_AND) {
        mark_implied(cs, c->lhs);
        mark_implied(cs, c->rhs);
        return;
    }
    c->implied_by_caps = implied_by_caps(cs, c);
}

/* ---- every node's facts ------------------------------------------------ */

static void source_facts(const CardSet *cs, Node *src)
{
    unsigned long long m = 0;
    src->kinds_known = filter_mask(cs, src, &m);
    src->kinds = src->kinds_known ? m : 0;
    src->heap = heap_source(cs, src);
    if (src->filter && src->type == T_CARD && kind_level(src->filter, src->slot)) {
        src->kind_level = true;
        src->kinds_possible = kinds_possible(cs, src->filter, src->slot);
    }
}

/* The facts of one node (after find_bad_players: seats read Sym.bad_player).
 * Every helper number starts unset; number_helpers sets those of what is
 * reached. */
static void visit_facts(Node *n, void *ctx)
{
    const CardSet *cs = ((const Game *)ctx)->cs;
    n->helper_no = -1;
    n->seat_in_range = player_ok(n);
    switch (n->kind) {
    case N_SOURCE:
        source_facts(cs, n);
        break;
    case N_CHOOSECARD: /* across players' zones (each): a zone a player */
        n->by_kind = !n->each && by_kind(cs, n->src);
        break;
    case N_CHOOSECARDS:
        n->by_kind = by_kind(cs, n->src);
        one_per_kind(cs, n->such, &n->one_per_kind);
        if (n->such)
            mark_implied(cs, n->such);
        break;
    case N_CALL: {
        unsigned long long m;
        if (!n->sym && n->builtin == B_DISTINCT)
            n->distinct_per_kind = filter_mask(cs, n->args, &m) &&
                                   distinct_per_kind(cs, n->attr, m);
        break;
    }
    default:
        break;
    }
}

/* ---- helper numbers (Node.helper_no, Game.nhelpers) --------------------- */

/* Is n compiled to an aggregate helper: a builtin over a source (count,
 * any, every, sum, distinct, first; min and max over a source, not of two
 * numbers)? The checker makes the first argument of those a SOURCE. */
static bool is_aggregate(const Node *n)
{
    return n->kind == N_CALL && !n->sym && n->args && n->args->kind == N_SOURCE;
}

typedef struct Numbering {
    Game *g;
    const Node *left_out[2];    /* the aggregates of the conjunct just seen */
} Numbering;

static void number_helper(Game *g, Node *n, HelperFamily f)
{
    if (n->helper_no < 0)
        n->helper_no = g->nhelpers[f]++;
}

static void visit_helper(Node *n, void *ctx)
{
    Numbering *nb = ctx;
    Game *g = nb->g;
    if (n->implied_by_caps) {
        /* The emitter leaves this conjunct out of the C: its two sides,
         * distinct(...) and count(...), are never written, and hold no
         * other helper (their filters test the card alone). The walk
         * visits them next. */
        nb->left_out[0] = n->lhs;
        nb->left_out[1] = n->rhs;
        return;
    }
    if (n == nb->left_out[0] || n == nb->left_out[1])
        return;
    if (n->kind == N_INDEX && n->type != T_ZONE && n->base->kind == N_LIST)
        number_helper(g, n->base, HELPER_LIST);
    else if (n->kind == N_FOR && n->iter->src_kind == SRC_VALUES)
        number_helper(g, n, HELPER_LIST);
    else if (n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER || n->kind == N_CHOOSEVALUE)
        number_helper(g, n, HELPER_OPTS);
    else if (n->kind == N_CHOOSECARDS)
        number_helper(g, n, HELPER_SETS);
    else if (n->kind == N_MOVEALL)
        number_helper(g, n, HELPER_MVALL);
    else if (is_aggregate(n))
        number_helper(g, n, HELPER_AGG);
}

/* The helpers the emitter writes: those of the funcs and procs that are
 * reached, numbered in the order of the declarations. */
static void number_helpers(Game *g)
{
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    Numbering nb = {.g = g};
    for (int f = 0; f < HELPER__COUNT; f++)
        g->nhelpers[f] = 0;
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            if (!fn->reached)
                continue;
            ast_walk(fn->decl->body, visit_helper, &nb);
            ast_walk(fn->decl->expr_body, visit_helper, &nb);
            walk_window_words(fn, visit_helper, &nb);
        }
    walk_card_windows(g, visit_helper, &nb);
    for (int i = 0; i < g->continuous.len; i++) {
        const Continuous *k = g->continuous.items[i];
        for (Node *m = k->clause->body->stmts; m; m = m->next)
            if (continuous_live(m)) {
                ast_walk(m->rhs, visit_helper, &nb);
                ast_walk(m->when, visit_helper, &nb);
            }
    }
}

void analyse_game(Arena *a, Game *g)
{
    const PtrVec *lists[2] = {&g->funcs, &g->procs};
    mark_reachable(a, g);
    for (int i = 0; i < g->funcs.len; i++) {
        Sym *fn = g->funcs.items[i];
        fn->calls_funcs = calls_funcs(fn->decl);
        fn->look_through = look_through(fn);
    }
    for (int i = 0; i < g->procs.len; i++) {
        Sym *p = g->procs.items[i];
        p->calls_procs = calls_procs(p->decl);
    }
    g->funcs_shallow = funcs_shallow(g);
    proc_depths(a, g);
    find_bad_players(a, g);
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < lists[l]->len; i++) {
            Sym *fn = lists[l]->items[i];
            ast_walk(fn->decl->body, visit_facts, g);
            ast_walk(fn->decl->expr_body, visit_facts, g);
        }
    for (int i = 0; i < g->continuous.len; i++)
        ast_walk(((const Continuous *)g->continuous.items[i])->clause->body, visit_facts, g);
    find_memo_funcs(a, g);
    number_helpers(g);
}
