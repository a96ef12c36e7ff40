/* sema_told.c: how long the search agents' deals keep what the answer of
 * a public choice told (RUNTIME.md, "Determinization", "What a public
 * choice told"): what the condition of the option taken reads.
 *
 * A condition that reads, of the game's state, only the cards of zones
 * its decider owns and the other seats do not see (`hand[p]`, `p` the
 * player who decides, a parameter or a local; through the funcs it calls
 * too) says something that stays true while no card enters or leaves
 * those zones: TOLD_OWN. One that reads anything else that may change (a
 * public zone, another seat's zone or the size of a hidden one, a
 * variable, where a card lies, the history, the players out, a func
 * that cards in play modify) is kept only until a card moves, whichever:
 * TOLD_ANY. One that reads an `owner` variable is not kept at all (a
 * deal gives the other seats' their start values): TOLD_NOT, as is no
 * condition. */
#include "sema_int.h"

enum { TOLD_MAX_DEPTH = 16 };
/* told_body takes every answer of call_memo_enter but CALL_KNOWN as
 * CALL_READ: the walk must stop before the memo's depth says CALL_AGAIN */
_Static_assert((int)TOLD_MAX_DEPTH <= (int)CALL_MEMO_DEPTH, "told_body's calls are all read");

typedef struct ToldWalk {
    unsigned me;        /* bit i: frame slot i holds the decider */
    int depth;          /* funcs entered */
    ToldScope scope;    /* the widest read so far */
    CallMemo *calls;    /* the funcs' bodies read, for each depth (told_func) */
} ToldWalk;

static void told_walk(ToldWalk *w, const Node *n);

static void widen(ToldWalk *w, ToldScope s)
{
    if (s > w->scope)
        w->scope = s;
}

/* Is n the decider: a parameter or a local whose slot holds it? */
static bool told_me(const ToldWalk *w, const Node *n)
{
    return n && n->kind == N_IDENT && n->sym &&
           (n->sym->kind == S_PARAM || n->sym->kind == S_LOCAL) && n->sym->index >= 0 &&
           n->sym->index < 32 && ((w->me >> n->sym->index) & 1);
}

/* A zone read (ZONE or ZONE[i]): the decider's own `owner` zone keeps
 * the record OWN, any other ANY. */
static void told_zone(ToldWalk *w, const Node *n, const Node *decl)
{
    bool own = decl->vis == VIS_OWNER && !(decl->zflags & ZF_HELD) && n->kind == N_INDEX &&
               told_me(w, n->index);
    widen(w, own ? TOLD_OWN : TOLD_ANY);
}

/* What func fn's body reads, walked with inner (which of its parameters
 * hold the decider), once for each depth: a chain of funcs that each call
 * the next k times cost k^TOLD_MAX_DEPTH walks. A recursive call is walked
 * again (CallMemo.unroll), to the depth, where it reads ANY, as before:
 * the scope shapes the C (cgen_agents.c). */
static ToldScope told_body(ToldWalk *inner, const Sym *fn)
{
    const void *known = NULL;
    if (call_memo_enter(inner->calls, fn, &inner->me, sizeof inner->me, &known) == CALL_KNOWN)
        return *(const ToldScope *)known;
    told_walk(inner, fn->decl->expr_body);
    told_walk(inner, fn->decl->body);
    call_memo_leave(inner->calls, &inner->scope, sizeof inner->scope);
    return inner->scope;
}

/* A call of a func: its arguments, then its body, knowing which of its
 * parameters hold the decider. A func that cards in play modify reads
 * them: ANY. */
static void told_func(ToldWalk *w, const Node *call)
{
    const Sym *fn = call->sym;
    told_walk(w, call->args);
    if (fn->modifiers.len > 0 || w->depth >= TOLD_MAX_DEPTH) {
        widen(w, TOLD_ANY);
        return;
    }
    ToldWalk inner = {0, w->depth + 1, TOLD_OWN, w->calls};
    int i = 0;
    for (const Node *a = call->args; a && i < 32; a = a->next, i++)
        if (told_me(w, a))
            inner.me |= 1u << i;
    widen(w, told_body(&inner, fn));
}

/* A name: a variable (an `owner` one: NOT; another: ANY), `by` or
 * `cause` of the event in progress (ANY), or a zone. */
static void told_name(ToldWalk *w, const Node *n, const Sym *sym)
{
    switch (sym->kind) {
    case S_ZONE:
        told_zone(w, n, sym->decl);
        break;
    case S_GLOBAL:
    case S_PVAR:
    case S_CVAR:
        widen(w, sym->decl->vis == VIS_OWNER ? TOLD_NOT_KEPT : TOLD_ANY);
        break;
    case S_EVVAL:
        widen(w, TOLD_ANY);
        break;
    default:
        break;
    }
}

/* Builtins that read where a card lies, who is out or whose turn it is. */
static bool reads_more(const Node *n)
{
    switch (n->builtin) {
    case B_CONTROLLER: case B_HOLDER: case B_PLAYABLE: case B_ACTIVE: case B_START_TURN:
    case B_IS_OUT: case B_DEFEATED: case B_PLAYERS_IN: case B_NEXT: case B_PREV:
        return true;
    default:
        return false;
    }
}

static void told_walk(ToldWalk *w, const Node *n)
{
    for (; n && w->scope != TOLD_NOT_KEPT; n = n->next) {
        const Node *id = n->kind == N_INDEX ? n->base : n;
        if ((n->kind == N_IDENT || n->kind == N_INDEX) && id->kind == N_IDENT && id->sym)
            told_name(w, n, id->sym);
        if (n->kind == N_HISTORY || (n->kind == N_CALL && !n->sym && reads_more(n)))
            widen(w, TOLD_ANY);
        if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC) {
            told_func(w, n);
            continue;
        }
        if (n->kind == N_INDEX && id->sym && id->sym->kind == S_ZONE) {
            told_walk(w, n->index); /* the zone read, its index too */
            continue;
        }
        for (int i = 0; i < NKIDS; i++)
            told_walk(w, n->kid[i]);
    }
}

ToldScope told_scope(const Node *choice, const Node *cond)
{
    if (!cond)
        return TOLD_NOT_KEPT;
    const Node *who = choice->who;
    CallMemo calls;
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&calls, NULL, room);
    calls.unroll = true;
    ToldWalk w = {0, 0, TOLD_OWN, &calls}; /* reading nothing that changes: OWN */
    if (who && who->kind == N_IDENT && who->sym &&
        (who->sym->kind == S_PARAM || who->sym->kind == S_LOCAL) && who->sym->index >= 0 &&
        who->sym->index < 32)
        w.me = 1u << who->sym->index;
    told_walk(&w, cond);
    return w.scope;
}
