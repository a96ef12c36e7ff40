/* sema_var_secrets.c: which `hidden` variables hold a secret, for the
 * search agents' deals (docs/RUNTIME.md, "Determinization").
 *
 * No view shows a hidden variable; most are the rules' bookkeeping of
 * moves every seat saw (the phase, the cards played this turn), which a
 * deal must keep, or the game it plays breaks. One is SECRET (Node.secret)
 * when some value given it (`=`, `+=`, `-=`, or its first value) reads
 * what not every seat sees:
 *   - the cards of a zone that is not public (sizes aside), or the face
 *     of a card that may lie where some seat cannot see it: what the
 *     words of a public choice may not read (every_seat_sees,
 *     sema_secrecy.c);
 *   - an `owner` variable, or a hidden one found secret;
 *   - a local or a parameter given such a value, the answer of a choice
 *     that is not `public` (a menu, an ask, a choice of a card, a player,
 *     a value), the card of a loop over a zone not every seat sees, a card
 *     a handler hears that not every seat saw, and a parameter some call
 *     or event passes such a value;
 * to a fixed point, variables and parameters reading each other. The
 * value alone is followed: which seat or card is given it (`hit[q] =
 * true`) and the conditions it is given under (`if c.type == task {
 * acted[p] = true }`) are not, as they are, in the games we ship, moves
 * shown to every seat right after (the deal would otherwise forget
 * LAST MINUTE!'s acted[], and offer its seat other options). */
#include "sema_int.h"

#include <string.h>

enum { SECRET_MAX_DEPTH = 16 };

typedef struct Secrets {
    Sema *s;
    bool **taint;       /* per proc (Game.procs): per frame slot, it may
                         * hold what not every seat sees */
    int *nslots;        /* per proc: the slots of taint[] */
    bool grew;          /* something was found secret this pass */
    CallMemo *calls;    /* the funcs being read, and what those read found
                         * (func_reads_secret) */
} Secrets;

static bool tainted(const Secrets *x, int proc, int slot)
{
    return proc >= 0 && slot >= 0 && slot < x->nslots[proc] && x->taint[proc][slot];
}

static void taint(Secrets *x, int proc, int slot)
{
    if (proc < 0 || slot < 0 || slot >= x->nslots[proc] || x->taint[proc][slot])
        return;
    x->taint[proc][slot] = true;
    x->grew = true;
}

/* Does a variable of declaration decl, read, tell what not every seat
 * sees? */
static bool var_secret(const Node *decl)
{
    return decl->vis == VIS_OWNER || (decl->vis == VIS_HIDDEN && decl->secret);
}

static bool private_decision(const Node *n)
{
    bool decision = n->kind == N_MENU || n->kind == N_ASK || n->kind == N_CHOOSECARD ||
                    n->kind == N_CHOOSEPLAYER || n->kind == N_CHOOSEVALUE ||
                    n->kind == N_CHOOSECARDS;
    return decision && !n->announced;
}

static bool reads_secret(const Secrets *x, int proc, const Node *n, int depth);

static bool list_reads_secret(const Secrets *x, int proc, const Node *n, int depth)
{
    for (; n; n = n->next)
        if (reads_secret(x, proc, n, depth))
            return true;
    return false;
}

/* A func's body, its parameters given what every seat sees (an argument
 * that is not was found first): what it reads depends on the func and the
 * depth alone, until a variable is found secret (mark_var forgets it). A
 * func already being read (a recursive call) is not read again: its body
 * reads what the outer reading reads. Reading it again at each call made
 * `f(n) = f(n + 1) + f(n + 1)` cost 2^SECRET_MAX_DEPTH walks, and a chain
 * of funcs each calling the next k times k^SECRET_MAX_DEPTH. */
static bool func_reads_secret(const Secrets *x, const Node *call, int depth)
{
    const Node *d = call->sym->decl;
    if (depth >= SECRET_MAX_DEPTH)
        return false;
    const void *found = NULL;
    switch (call_memo_enter(x->calls, d, NULL, 0, &found)) {
    case CALL_AGAIN:
        return false;
    case CALL_KNOWN:
        return *(const bool *)found;
    default: {
        bool reads = reads_secret(x, -1, d->expr_body, depth + 1) ||
                     reads_secret(x, -1, d->body, depth + 1);
        call_memo_leave(x->calls, &reads, sizeof reads);
        return reads;
    }
    }
}

/* Does n read a secret variable, a tainted slot of proc `proc` (-1: in a
 * func), or a private answer? A card that only indexes a per-card
 * variable is not read: which card holds a value travels with the card
 * (a deal forgets the secret ones of the cards its seat does not know). */
static bool reads_secret(const Secrets *x, int proc, const Node *n, int depth)
{
    if (!n)
        return false;
    const Sym *sym = n->kind == N_IDENT ? n->sym
                     : n->kind == N_INDEX && n->base ? n->base->sym : NULL;
    if (sym && n->kind == N_IDENT && (sym->kind == S_LOCAL || sym->kind == S_PARAM))
        return tainted(x, proc, sym->index);
    if (sym && n->kind == N_IDENT && sym->kind == S_GLOBAL)
        return var_secret(sym->decl);
    if (sym && n->kind == N_INDEX && (sym->kind == S_PVAR || sym->kind == S_CVAR))
        return var_secret(sym->decl) ||
               (!(sym->kind == S_CVAR && n->index->kind == N_IDENT) &&
                reads_secret(x, proc, n->index, depth));
    if (private_decision(n))
        return true;
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC)
        return list_reads_secret(x, proc, n->args, depth) || func_reads_secret(x, n, depth);
    for (int i = 0; i < NKIDS; i++)
        if (list_reads_secret(x, proc, n->kid[i], depth))
            return true;
    return false;
}

/* Does the value e tell what not every seat sees? */
static bool value_secret(const Secrets *x, int proc, const Node *e)
{
    return e && (reads_secret(x, proc, e, 0) || !every_seat_sees(x->s, e));
}

/* ---- what is given, statement by statement ---- */

/* A card variable is never judged secret: what it keeps from the other
 * seats is which card it names, and a deal re-points it to the card it
 * put where that one lay (game_repoint_locals, cgen_agents.c), as it does
 * a card local; set to its start value (none) the rules would fault
 * moving it. */
static void mark_var(Secrets *x, Node *decl)
{
    if (decl->vis != VIS_HIDDEN || decl->secret || decl->type == T_CARD)
        return;
    decl->secret = true;
    x->grew = true;
    call_memo_forget(x->calls); /* what funcs read may be secret now */
}

/* target = rhs (or += rhs, -= rhs) in proc `proc`. */
static void see_assign(Secrets *x, int proc, const Node *n)
{
    const Node *t = n->target;
    const Node *id = t->kind == N_INDEX ? t->base : t;
    if (!id || !id->sym || !value_secret(x, proc, n->rhs))
        return;
    switch (id->sym->kind) {
    case S_LOCAL:
    case S_PARAM:
        taint(x, proc, id->sym->index);
        break;
    case S_GLOBAL:
    case S_PVAR:
    case S_CVAR:
        mark_var(x, id->sym->decl);
        break;
    default:
        break;
    }
}

/* The parameters bound by the handlers (and `instead of`, `react to`
 * clauses) of event ev (EV_USER + its number) that a raise gives a
 * secret as its argument i. */
static void taint_heard(Secrets *x, const PtrVec *hs, int ev, int i)
{
    for (int k = 0; k < hs->len; k++) {
        const Handler *h = hs->items[k];
        if (h->event == ev && i < h->nbound)
            taint(x, proc_index(x->s->g, h->proc), i);
    }
}

/* A call of a proc, or an event raised: the parameters given a secret. */
static void see_call(Secrets *x, int proc, const Node *n)
{
    const Sym *callee = n->sym;
    const Game *g = x->s->g;
    if (!callee || (callee->kind != S_PROC && callee->kind != S_EVENT))
        return;
    int to = proc_index(g, callee->kind == S_EVENT ? callee->body : callee);
    int i = 0;
    for (const Node *a = n->args; a; a = a->next, i++) {
        if (!value_secret(x, proc, a))
            continue;
        taint(x, to, i);
        if (callee->kind == S_EVENT) {
            taint_heard(x, &g->handlers, EV_USER + callee->index, i);
            taint_heard(x, &g->befores, EV_USER + callee->index, i);
        }
    }
}

static void see_stmts(Secrets *x, int proc, const Node *n);

static void see_stmt(Secrets *x, int proc, const Node *n)
{
    switch (n->kind) {
    case N_LET:
        if (n->sym && n->init &&
            (private_decision(n->init) || value_secret(x, proc, n->init)))
            taint(x, proc, n->sym->index);
        break;
    case N_ASSIGN:
        see_assign(x, proc, n);
        break;
    case N_FOR:
        if (n->iter && n->iter->kind == N_SOURCE && value_secret(x, proc, n->iter))
            taint(x, proc, n->iter->slot);
        break;
    case N_CALL:
        see_call(x, proc, n);
        break;
    default:
        break;
    }
    for (int i = 0; i < NKIDS; i++)
        see_stmts(x, proc, n->kid[i]);
}

static void see_stmts(Secrets *x, int proc, const Node *n)
{
    for (; n; n = n->next)
        see_stmt(x, proc, n);
}

/* The card a handler of a card's move hears lies, for some seat, where it
 * cannot see it (bound_card_seen, sema_secrecy.c): its card parameters
 * hold a secret. */
static void taint_cards_heard(Secrets *x, const PtrVec *hs)
{
    for (int k = 0; k < hs->len; k++) {
        const Handler *h = hs->items[k];
        if (h->event >= EV_START || bound_card_seen(x->s->g, h))
            continue;
        int proc = proc_index(x->s->g, h->proc), i = 0;
        for (const Node *p = h->proc->decl->params; p && i < h->nbound; p = p->next, i++)
            if (p->type == T_CARD)
                taint(x, proc, i);
    }
}

static void setup(Secrets *x)
{
    const Game *g = x->s->g;
    size_t n = (size_t)g->procs.len + 1;
    x->taint = arena_alloc(x->s->arena, n * sizeof *x->taint);
    x->nslots = arena_alloc(x->s->arena, n * sizeof *x->nslots);
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        int slots = p->decl ? p->decl->nlocals : 0;
        x->nslots[i] = slots;
        x->taint[i] = arena_alloc(x->s->arena, (size_t)slots + 1);
        memset(x->taint[i], 0, (size_t)slots + 1);
    }
}

/* Each hidden variable's first value, and every value given it, to a
 * fixed point: Node.secret set on the secret ones. */
void find_secret_vars(Sema *s)
{
    const Game *g = s->g;
    CallMemo calls;
    call_memo_init(&calls, s->arena, NULL);
    Secrets x = {.s = s, .calls = &calls};
    setup(&x);
    taint_cards_heard(&x, &g->handlers);
    taint_cards_heard(&x, &g->befores);
    const PtrVec *vars[] = {&g->globals, &g->pvars, &g->cvars};
    do {
        x.grew = false;
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < vars[k]->len; i++) {
                Node *v = vars[k]->items[i];
                if (value_secret(&x, -1, v->init))
                    mark_var(&x, v);
            }
        for (int i = 0; i < g->procs.len; i++) {
            const Sym *p = g->procs.items[i];
            if (p->decl)
                see_stmts(&x, i, p->decl->body);
        }
    } while (x.grew);
}
