/* sema_secrecy.c: what decides whether a card is offered in a reaction
 * window may read only what its player sees; and so may a func the views
 * show (`func score(p: player): int, public`) and its modifiers, for every
 * seat it is shown to (check_shown_func_secret), what a shown variable is
 * given (see_assignment), and what decides the options of a decision and
 * the words of its prompt and labels, for its decider (see_decision).
 *
 * A `react to` clause's 'where', and the 'when' of the play of a card that
 * has such a clause (a reaction is offered only where its card is
 * playable), decide whether the card is offered to its player (`me`): the
 * offer tells that player what they read. So they may read:
 *   - the cards of public zones, and of zones each player owns when it is
 *     `me`'s; of every other zone only its size, which every view shows
 *     (size(Z), count(Z) and any(Z) with no filter);
 *   - the face (type, name, attributes), the per-card variables and
 *     playable(...) of a card only when `me` sees it: `this`, the card
 *     played (every seat sees it), a card of a zone `me` sees (leaving it,
 *     or taken from it with top(...), first(...), a source), and `cause`
 *     (not proved: see docs/LANGUAGE.md, §8 "Reactions"). A card moving
 *     into a zone from a zone not named, a card an event of the rules
 *     carries, and a card held in a variable may lie where `me` cannot see.
 *     Where such a card is (controller(...), `in`) and whether it is
 *     another card (==, !=) may be read; so may a property that every card
 *     of its declared type shares (`s.name` for an event's `s: student`
 *     when every student has one name).
 * The funcs they call are read too, knowing which of their parameters hold
 * `me` and which hold a card `me` may not see. */
#include "sema_int.h"

#include <string.h>

enum { SEE_MAX_DEPTH = 16, SEE_SLOTS = 64 };

typedef struct SeeWalk {
    Sema *s;
    const char *subject;    /* "the 'where' of a reaction" */
    const char *tells;      /* what it decides: "whether the card is offered" */
    const char *me_name;    /* who me is: "'me'", "the player deciding" */
    const Node *guard_call; /* in a func: the call in the guard that led there */
    unsigned me_params;     /* bit i: parameter i (its slot) holds me */
    uint64_t unseen;        /* bit i: slot i holds a card me may not see */
    int ctype[SEE_SLOTS];   /* per slot: the card type it is declared with, or -1 */
    int depth;              /* funcs entered */
    /* the first thing read that me may not see */
    const Node *found;      /* a zone reference, or the reading of a card */
    const Node *found_at;   /* ... and the guard's node that leads to it */
    const Node *card;       /* a card's reading: the card read, else NULL */
    const char *what;       /* ... and what of it is read */
    /* a shown func (check_shown_func_secret), one of its modifiers, or
     * the value given to a shown variable: its name, how the reports name
     * what reads ("shown func 'score'") and what shows it ("showing its
     * value"), and the variable read that a seat it is shown to may not
     * see */
    const char *shown;
    const char *shown_as;
    const char *showing;
    const Node *var;
    bool every_seat;        /* words every seat reads (a public choice) */
    bool announced;         /* a public choice's condition: an `owner`
                             * variable is read as a shown func's is */
    CallMemo *calls;        /* the funcs being read, and what their readings
                             * found (see_func) */
} SeeWalk;

static void see_walk(SeeWalk *w, const Node *n);
static bool card_unseen(const SeeWalk *w, const Node *n);
static int declared_type(const SeeWalk *w, const Node *n);

/* Is n `me`, or a parameter or local that holds it? */
static bool is_me(const SeeWalk *w, const Node *n)
{
    return n && n->kind == N_IDENT && n->sym &&
           (n->sym->kind == S_PARAM || n->sym->kind == S_LOCAL) &&
           n->sym->index >= 0 && n->sym->index < 32 && ((w->me_params >> n->sym->index) & 1);
}

/* The zone declaration n names (a zone, or a per-player zone indexed), or
 * NULL if n is no zone. */
static const Node *zone_of(const Node *n)
{
    const Node *id = n && n->kind == N_INDEX ? n->base : n;
    if (!id || id->kind != N_IDENT || !id->sym || id->sym->kind != S_ZONE)
        return NULL;
    return id->sym->decl;
}

/* May me see the cards of zone reference n? */
static bool me_sees(const SeeWalk *w, const Node *n)
{
    const Node *z = zone_of(n);
    if (z->vis == VIS_PUBLIC)
        return true;
    return z->vis == VIS_OWNER && n->kind == N_INDEX && is_me(w, n->index);
}

/* Only the size of the zone of call n is read: size(Z), and count(Z) or
 * any(Z) without a filter. */
static const Node *size_only(const Node *n)
{
    if (n->kind != N_CALL || n->sym || !n->args)
        return NULL;
    const Node *a = n->args;
    if (a->kind == N_SOURCE && a->src_kind == SRC_ZONE && !a->filter)
        a = a->in;
    if (!zone_of(a))
        return NULL;
    bool sized = n->builtin == B_SIZE || n->builtin == B_COUNT || n->builtin == B_ANY;
    return sized ? a : NULL;
}

static void see_list(SeeWalk *w, const Node *n)
{
    for (; n && !w->found; n = n->next)
        see_walk(w, n);
}

/* ---- cards me may not see ---- */

static bool slot_bit(uint64_t bits, int slot)
{
    return slot >= 0 && slot < SEE_SLOTS && ((bits >> slot) & 1);
}

static void set_slot(uint64_t *bits, int slot, bool on)
{
    if (slot < 0 || slot >= SEE_SLOTS)
        return;
    if (on)
        *bits |= (uint64_t)1 << slot;
    else
        *bits &= ~((uint64_t)1 << slot);
}

/* The walk inside the func that call calls: which of its parameters hold
 * me, which a card me may not see, and their declared card types. */
static SeeWalk func_walk(const SeeWalk *w, const Node *call)
{
    SeeWalk inner = *w;
    inner.me_params = 0;
    inner.unseen = 0;
    for (int k = 0; k < SEE_SLOTS; k++)
        inner.ctype[k] = -1;
    int i = 0;
    for (const Node *a = call->args; a && i < SEE_SLOTS; a = a->next, i++) {
        if (i < 32 && is_me(w, a))
            inner.me_params |= 1u << i;
        set_slot(&inner.unseen, i, card_unseen(w, a));
        inner.ctype[i] = declared_type(w, a); /* an event's card, passed on */
    }
    inner.depth++;
    if (!inner.guard_call)
        inner.guard_call = call;
    return inner;
}

/* What a func's body is read knowing, a CallMemo's context (compared
 * byte by byte: no padding): which of its parameters hold me, which a
 * card me may not see, of which types, and whether the walk reads
 * variables as a shown func's (bit 0) or a public choice's (bit 1). */
typedef struct SeeCall {
    uint64_t unseen;
    uint32_t me_params;
    int32_t ctype[SEE_SLOTS];
    uint32_t reads_vars;
} SeeCall;
_Static_assert(sizeof(SeeCall) == 8 + 4 + 4 * SEE_SLOTS + 4, "SeeCall has no padding");

static void see_call(const SeeWalk *inner, SeeCall *c)
{
    c->unseen = inner->unseen;
    c->me_params = inner->me_params;
    memcpy(c->ctype, inner->ctype, sizeof c->ctype);
    c->reads_vars = (inner->shown != NULL) | (unsigned)inner->announced << 1;
}

/* Is the card func call gives one that me may not see? Its expression,
 * knowing its parameters, read once at this depth with what it knows of
 * them (keyed by the expression, apart from the readings of its body that
 * see_body keeps). One being read already so (a recursive call) may give
 * any card, as one past SEE_MAX_DEPTH does. Reading it at each call made
 * `f(c) = f(f(c))` cost 2^SEE_MAX_DEPTH readings. */
static bool func_card_unseen(const SeeWalk *w, const Node *call)
{
    SeeWalk inner = func_walk(w, call);
    SeeCall c;
    see_call(&inner, &c);
    const Node *body = call->sym->decl->expr_body;
    const void *known = NULL;
    bool unseen;
    switch (call_memo_enter(w->calls, body, &c, sizeof c, &known)) {
    case CALL_AGAIN:
        return true;
    case CALL_KNOWN:
        return *(const bool *)known;
    default:
        unseen = card_unseen(&inner, body);
        call_memo_leave(w->calls, &unseen, sizeof unseen);
        return unseen;
    }
}

/* Is the card n gives one that me may not see? */
static bool card_unseen(const SeeWalk *w, const Node *n)
{
    if (!n || n->type != T_CARD)
        return false;
    const Sym *sym = n->kind == N_IDENT || n->kind == N_INDEX ? (n->kind == N_INDEX ? n->base->sym
                                                                                    : n->sym)
                                                              : NULL;
    switch (n->kind) {
    case N_IDENT:
        if (sym && (sym->kind == S_PARAM || sym->kind == S_LOCAL))
            return slot_bit(w->unseen, sym->index);
        return sym && sym->kind == S_GLOBAL; /* a card variable may hold any card */
    case N_INDEX:
        return sym && (sym->kind == S_PVAR || sym->kind == S_CVAR);
    case N_CALL:
        if (!n->sym)
            return n->builtin == B_HOLDER; /* the holder lies elsewhere */
        if (n->sym->kind != S_FUNC || !n->sym->decl->expr_body || w->depth >= SEE_MAX_DEPTH)
            return true;
        return func_card_unseen(w, n);
    default:
        return false; /* none, top(Z), a source's card: of a zone read */
    }
}

/* Do all the cards of type t (-1: every card) have the same value of
 * attr (ATTR_TYPE, ATTR_NAME or an attribute)? Then reading it tells only
 * the type, which the declaration tells already. */
static bool same_for_type(const CardSet *cs, int t, int attr)
{
    const CardDef *first = NULL;
    for (int k = 0; k < cs->ncards; k++) {
        const CardDef *cd = cs->cards[k];
        if (t >= 0 && (!cd->type || cd->type->index != t))
            continue;
        if (!first) {
            first = cd;
            continue;
        }
        bool same = attr == ATTR_TYPE   ? cd->type == first->type
                    : attr == ATTR_NAME ? !strcmp(cd->name, first->name)
                                        : card_value(cd, attr) == card_value(first, attr);
        if (!same)
            return false;
    }
    return true;
}

/* The card type card expression n is declared with, or -1. */
static int declared_type(const SeeWalk *w, const Node *n)
{
    if (n->kind != N_IDENT || !n->sym || n->sym->kind != S_PARAM)
        return -1;
    int slot = n->sym->index;
    return slot >= 0 && slot < SEE_SLOTS ? w->ctype[slot] : -1;
}

static void found_card(SeeWalk *w, const Node *read, const Node *card, const char *what)
{
    w->found = read;
    w->found_at = w->guard_call ? w->guard_call : read;
    w->card = card;
    w->what = what;
}

static const char *attr_words(Sema *s, int attr)
{
    if (attr == ATTR_TYPE)
        return "the type";
    if (attr == ATTR_NAME)
        return "the name";
    return arena_printf(s->arena, "attribute '%s'", s->cs->attrs[attr]->name);
}

/* Does n read the face of a card me may not see? (a property, a per-card
 * variable, playable(...)) */
static bool reads_unseen_card(SeeWalk *w, const Node *n)
{
    if (n->kind == N_FIELD && n->base && card_unseen(w, n->base) &&
        !same_for_type(w->s->cs, declared_type(w, n->base), n->attr)) {
        found_card(w, n, n->base, attr_words(w->s, n->attr));
        return true;
    }
    if (n->kind == N_INDEX && n->base->sym && n->base->sym->kind == S_CVAR &&
        card_unseen(w, n->index)) {
        found_card(w, n, n->index,
                   arena_printf(w->s->arena, "per-card variable '%s'", n->base->sym->name));
        return true;
    }
    if (n->kind == N_CALL && !n->sym && n->builtin == B_PLAYABLE)
        for (const Node *a = n->args; a; a = a->next)
            if (card_unseen(w, a)) {
                found_card(w, n, a, "whether it is playable");
                return true;
            }
    return false;
}

/* A local given a value: it holds a card me may not see when the value
 * is one. */
static void see_local(SeeWalk *w, const Node *n)
{
    if (n->kind == N_LET && n->sym)
        set_slot(&w->unseen, n->sym->index, card_unseen(w, n->init));
    if (n->kind == N_ASSIGN && n->target->kind == N_IDENT && n->target->sym &&
        (n->target->sym->kind == S_LOCAL || n->target->sym->kind == S_PARAM) &&
        card_unseen(w, n->rhs))
        set_slot(&w->unseen, n->target->sym->index, true);
}

/* ---- the walk ---- */

/* What a reading of a func's body found first (its found_at is the
 * call the guard made, of the walk that found it). */
typedef struct SeeFound {
    const Node *found, *card, *var;
    const char *what;
} SeeFound;

/* The body of func d, read with inner: what it found, read again only
 * when the func was not read yet with the same context at this depth. A
 * func being read already with that context (a recursive call) finds
 * nothing there: its reading further out finds whatever this one would.
 * Reading it at each call made `f(n) = f(n + 1) + f(n + 1)` cost
 * 2^SEE_MAX_DEPTH walks, and a chain of funcs each calling the next k
 * times k^SEE_MAX_DEPTH. */
static SeeFound see_body(SeeWalk *inner, const Node *d)
{
    SeeCall c;
    see_call(inner, &c);
    const void *known = NULL;
    switch (call_memo_enter(inner->calls, d, &c, sizeof c, &known)) {
    case CALL_AGAIN:
        return (SeeFound){0};
    case CALL_KNOWN:
        return *(const SeeFound *)known;
    default:
        see_walk(inner, d->expr_body);
        see_walk(inner, d->body);
        SeeFound f = {inner->found, inner->card, inner->var, inner->what};
        call_memo_leave(inner->calls, &f, sizeof f);
        return f;
    }
}

/* A call of a func: its arguments, then its body, knowing which of its
 * parameters hold me or a card me may not see. */
static void see_func(SeeWalk *w, const Node *call)
{
    see_list(w, call->args);
    if (w->found || w->depth >= SEE_MAX_DEPTH)
        return;
    SeeWalk inner = func_walk(w, call);
    SeeFound f = see_body(&inner, call->sym->decl);
    if (!f.found)
        return;
    w->found = f.found;
    w->found_at = inner.guard_call;
    w->card = f.card;
    w->what = f.what;
    w->var = f.var;
}

/* In a shown func: is n a variable that a seat it is shown to may not
 * see? A game variable that is not public; a per-player one hidden, or
 * owner and not me's. (A per-card variable is read as its card's face.) */
static bool var_unseen(const SeeWalk *w, const Node *n)
{
    const Sym *sym = n->kind == N_INDEX ? n->base->sym : n->kind == N_IDENT ? n->sym : NULL;
    if ((!w->shown && !w->announced) || !sym)
        return false;
    if (!(n->kind == N_IDENT && sym->kind == S_GLOBAL) &&
        !(n->kind == N_INDEX && sym->kind == S_PVAR))
        return false;
    const Node *decl = sym->decl;
    if (decl->vis == VIS_PUBLIC || (w->announced && decl->vis == VIS_HIDDEN))
        return false;
    return !(decl->vis == VIS_OWNER && n->kind == N_INDEX && is_me(w, n->index));
}

static void see_walk(SeeWalk *w, const Node *n)
{
    if (!n || w->found)
        return;
    if (var_unseen(w, n)) {
        w->found = w->var = n;
        w->found_at = w->guard_call ? w->guard_call : n;
        return;
    }
    const Node *sized = size_only(n);
    if (sized) {
        if (sized->kind == N_INDEX)
            see_walk(w, sized->index);
        return;
    }
    if (reads_unseen_card(w, n))
        return;
    if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC) {
        see_func(w, n);
        return;
    }
    if (zone_of(n) && (n->kind == N_INDEX || n->kind == N_IDENT)) {
        if (!me_sees(w, n)) {
            w->found = n;
            w->found_at = w->guard_call ? w->guard_call : n;
        } else if (n->kind == N_INDEX) {
            see_walk(w, n->index); /* the zone seen, its index read */
        }
        return;
    }
    if (n->kind == N_SOURCE)
        set_slot(&w->unseen, n->slot, false); /* its element: a card of a zone read */
    for (int i = 0; i < NKIDS; i++)
        see_list(w, n->kid[i]);
    see_local(w, n);
}

/* ---- the reports ---- */

static void report_zone(SeeWalk *w)
{
    const Node *z = zone_of(w->found);
    const char *whose = z->vis == VIS_HIDDEN ? ", which is hidden from every player"
                        : z->vis == VIS_OWNER && w->every_seat ? ", which only its owner sees"
                        : z->vis == VIS_OWNER
                            ? arena_printf(w->s->arena, " of a player who may not be %s (only its "
                                                        "owner sees it)", w->me_name)
                            : "";
    diag_error(w->s->diags, w->found_at->loc, "%s reads the cards of '%s'%s: %s would show "
                                              "them to %s (sizes are public: size(...) may be "
                                              "read)",
               w->subject, z->name, whose, w->tells, w->every_seat ? "every seat" : "its player");
    if (w->found_at != w->found)
        diag_note(w->s->diags, w->found->loc, "'%s' is read here", z->name);
}

static void report_card(SeeWalk *w)
{
    const Node *c = w->card;
    const char *which = c->kind == N_IDENT ? arena_printf(w->s->arena, "'%s'", c->name)
                                           : "a card";
    diag_error(w->s->diags, w->found_at->loc, "%s reads %s of %s%s %s may not see: %s would "
                                              "show it (read the face of 'this', of the card "
                                              "played, or of a card of a zone %s sees; where a "
                                              "card is, controller(...) and == may be read)",
               w->subject, w->what, which, c->kind == N_IDENT ? ", a card" : "",
               w->every_seat ? "some seat" : "its player", w->tells,
               w->every_seat ? "every seat" : "its player");
    if (w->found_at != w->found)
        diag_note(w->s->diags, w->found->loc, "%s of %s is read here", w->what, which);
}

/* ---- a shown func: what it reads, shown to its seats ---- */

static void report_shown_zone(SeeWalk *w)
{
    const Node *z = zone_of(w->found);
    const char *whose = z->vis == VIS_HIDDEN ? ", which is hidden from every player"
                        : w->me_params ? " of another player than the one it is shown to"
                                       : ", which only its owner sees";
    diag_error(w->s->diags, w->found_at->loc, "%s reads the cards of '%s'%s: %s would show "
                                              "them (sizes are public: size(...) may be read)",
               w->shown_as, z->name, whose, w->showing);
    if (w->found_at != w->found)
        diag_note(w->s->diags, w->found->loc, "'%s' is read here", z->name);
}

static void report_shown_card(SeeWalk *w)
{
    const Node *c = w->card;
    const char *which = c->kind == N_IDENT ? arena_printf(w->s->arena, "'%s'", c->name)
                                           : "a card";
    diag_error(w->s->diags, w->found_at->loc, "%s reads %s of %s, which may lie where a seat "
                                              "it is shown to cannot see it: %s would show it",
               w->shown_as, w->what, which, w->showing);
    if (w->found_at != w->found)
        diag_note(w->s->diags, w->found->loc, "%s of %s is read here", w->what, which);
}

static void report_shown_var(SeeWalk *w)
{
    const Node *id = w->var->kind == N_INDEX ? w->var->base : w->var;
    const Node *decl = id->sym->decl;
    const char *whose = decl->vis == VIS_HIDDEN ? "which is hidden (no visibility written)"
                        : w->me_params ? "of another player than the one it is shown to"
                                       : "which only its owner sees";
    diag_error(w->s->diags, w->found_at->loc, "%s reads variable '%s', %s: %s would show it "
                                              "(declare '%s' %s)",
               w->shown_as, id->name, whose, w->showing, id->name,
               w->me_params ? "owner or public" : "public");
    if (w->found_at != w->found)
        diag_note(w->s->diags, w->found->loc, "'%s' is read here", id->name);
}

/* Walks guard as a func whose parameters w describes; reports the first
 * thing it reads that me may not see. */
static void see_guard(SeeWalk *w, const Node *guard)
{
    see_walk(w, guard);
    if (!w->found)
        return;
    if (w->shown && w->var)
        report_shown_var(w);
    else if (w->shown && w->card)
        report_shown_card(w);
    else if (w->shown)
        report_shown_zone(w);
    else if (w->card)
        report_card(w);
    else
        report_zone(w);
}

static SeeWalk new_walk(Sema *s, const char *subject)
{
    SeeWalk w = {.s = s, .subject = subject, .tells = "whether the card is offered",
                 .me_name = "'me'", .calls = arena_alloc(s->arena, sizeof(CallMemo))};
    call_memo_init(w.calls, s->arena, NULL);
    for (int i = 0; i < SEE_SLOTS; i++)
        w.ctype[i] = -1;
    return w;
}

/* ---- a reaction's 'where' ---- */

/* May me see the zone of pattern z (declaration decl) and the cards there:
 * a public zone, or one `me` owns (`hand[me]`)? */
static bool pattern_zone_seen(const Node *z, const Game *g, int zone_no)
{
    if (zone_no < 0 || zone_no >= g->zones.len)
        return false;
    const Node *decl = g->zones.items[zone_no];
    if (decl->vis == VIS_PUBLIC)
        return true;
    return decl->vis == VIS_OWNER && !(decl->zflags & ZF_HELD) && z && z->kind == N_INDEX &&
           z->index->kind == N_IDENT && !strcmp(z->index->name, "me");
}

/* Where the card of a card pattern lies while its window is open: shown
 * to all when played; before a move, in the zone it leaves, which the
 * pattern may name. (Also what a handler's card is to every seat,
 * sema_var_secrets.c.) */
bool bound_card_seen(const Game *g, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    switch (pat->pat_kind) {
    case PAT_PLAYED: return true;
    case PAT_LEAVES: return pattern_zone_seen(pat->zone, g, pat->zone_no);
    case PAT_ENTERS: return pat->from && pattern_zone_seen(pat->from, g, pat->from_zone);
    default: return false;
    }
}

/* The 'where' of `react to` clause h: its parameters are the names its
 * pattern binds, then this, me, by and cause. The cards it binds are
 * unseen unless the pattern shows them; an event's keep the card type
 * they are declared with. */
void check_react_where_secret(Sema *s, const Handler *h)
{
    SeeWalk w = new_walk(s, "the 'where' of a reaction");
    w.me_params = h->nbound + 1 < 32 ? 1u << (h->nbound + 1) : 0;
    const Node *ep = NULL;
    if (h->event >= EV_USER)
        ep = ((const Sym *)s->g->events.items[h->event - EV_USER])->decl->params;
    int i = 0;
    for (const Node *p = h->proc->decl->params; p && i < h->nbound; p = p->next, i++) {
        bool shown = h->event < EV_USER && bound_card_seen(s->g, h);
        set_slot(&w.unseen, i, p->type == T_CARD && !shown);
        if (ep && i < SEE_SLOTS)
            w.ctype[i] = ep->how ? ep->value : -1;
        ep = ep ? ep->next : NULL;
    }
    see_guard(&w, h->clause->cond);
}

/* ---- what every seat sees ---- */

/* Does expression e read only what every seat sees, as a public choice's
 * words must: of a zone not public only its size, and the face of no card
 * that may lie where some seat cannot see it? The variables it reads are
 * the caller's (sema_var_secrets.c). */
bool every_seat_sees(Sema *s, const Node *e)
{
    SeeWalk w = new_walk(s, "");
    w.every_seat = true;
    see_walk(&w, e);
    return !w.found;
}

/* ---- the play guard of a card that reacts ---- */

/* The 'when' of the play of each card that has a `react to` clause: a
 * func of (me, this), `this` seen by its player. */
void check_react_play_guards(Sema *s)
{
    const Game *g = s->g;
    for (int i = 0; i < g->effects.len; i++) {
        const Node *e = g->effects.items[i], *play = NULL;
        bool reacts = false;
        for (const Node *c = e->clauses; c; c = c->next) {
            reacts |= c->clause_kind == CLAUSE_REACT;
            if (c->clause_kind == CLAUSE_PLAY && !play)
                play = c;
        }
        if (!reacts || !play || !play->cond)
            continue;
        SeeWalk w = new_walk(s, "the 'when' of the play of a card that reacts");
        w.me_params = 1u; /* me, then this */
        see_guard(&w, play->cond);
    }
}

/* ---- a func the views show ---- */

/* Func f, shown `public` (to every seat: no parameter is me) or `owner`
 * (its player parameter is the seat it is shown to, me): what it reads,
 * every seat it is shown to may see. */
/* mod: IDENT '(' args ')' (PLUSEQ | MINUSEQ | '=') expr opt_when
 * A modifier of shown func f (`while in play { score(q) += ... }`, `until
 * ... { ... }`) changes the value shown: its value and its 'when' are
 * read as f's body is, the name it binds to f's player (`q`) being the
 * seat an `owner` func is shown to. */
static void see_shown_modifier(Sema *s, const Node *f, const Node *m)
{
    SeeWalk w = new_walk(s, "a modifier of a shown func");
    w.shown = f->name;
    w.shown_as = arena_printf(s->arena, "a modifier of shown func '%s'", f->name);
    w.showing = "showing its value";
    const Node *q = m->call ? m->call->args : NULL;
    if (f->vis == VIS_OWNER && q && q->sym && q->sym->index >= 0 && q->sym->index < 32)
        w.me_params = 1u << q->sym->index;
    see_guard(&w, m->rhs);
    if (!w.found && m->when) {
        w.guard_call = NULL;
        see_guard(&w, m->when);
    }
}

void check_shown_func_secret(Sema *s, const Node *f)
{
    SeeWalk w = new_walk(s, "a shown func");
    w.shown = f->name;
    w.shown_as = arena_printf(s->arena, "shown func '%s'", f->name);
    w.showing = "showing its value";
    w.me_params = f->vis == VIS_OWNER ? 1u : 0;
    see_guard(&w, f->expr_body ? f->expr_body : f->body);
    const Sym *fn = shown_func(s->g, f);
    for (int i = 0; fn && i < fn->modifiers.len; i++)
        see_shown_modifier(s, f, fn->modifiers.items[i]);
}

/* ---- what a decision offers ---- */

/* The options of a decision are shown to the player who decides: a
 * menu's guards (`option "X" when COND`), a choice's filter (`from Z where
 * COND`, `from q in players where COND`), its 'else ... when COND' and a
 * set's 'such that' decide them, so they may read what that player sees,
 * as a reaction's 'where' may (above): `me` is the decider, when it is
 * written as a parameter or a local (`choose p ...`); another expression
 * (`seat(0)`, `next(p)`) is no one's own, and sees only public zones. */
/* The bit of me_params that the player written `who` holds: a parameter
 * or a local; 0 for any other expression, or none. */
static unsigned decider_bit(const Node *who)
{
    if (who && who->kind == N_IDENT && who->sym &&
        (who->sym->kind == S_PARAM || who->sym->kind == S_LOCAL) && who->sym->index >= 0 &&
        who->sym->index < 32)
        return 1u << who->sym->index;
    return 0;
}

/* What the warning of a public choice's condition names: the first
 * thing walk w found that not every seat sees. */
static const char *announced_read(const SeeWalk *w)
{
    Arena *a = w->s->arena;
    if (w->var) {
        const Node *id = w->var->kind == N_INDEX ? w->var->base : w->var;
        return arena_printf(a, "variable '%s', which only its owner sees", id->name);
    }
    if (w->card)
        return arena_printf(a, "%s of a card some seat may not see", w->what);
    const Node *z = zone_of(w->found);
    return arena_printf(a, "the cards of '%s', %s", z->name,
                        z->vis == VIS_HIDDEN ? "which is hidden from every player"
                                             : "which only its owner sees");
}

/* Public choice n tells what not every seat sees: the search agents'
 * deals keep it (Game.told), for the kinds of choice whose answer
 * cgen_agents.c reads back: a menu, a choice of one card (not across the
 * players' zones), of a player or of a value. False for another kind. */
static bool note_told(Sema *s, const Node *n)
{
    PtrVec *v = &s->g->told;
    bool kept = n->kind == N_MENU || n->kind == N_CHOOSEPLAYER || n->kind == N_CHOOSEVALUE ||
                (n->kind == N_CHOOSECARD && !n->each);
    for (int i = 0; kept && i < v->len; i++)
        if (v->items[i] == n)
            return true;
    if (kept)
        vec_push(s->arena, v, (void *)n);
    return kept;
}

/* Condition cond of public choice n, which its decider may read: an
 * answer announced tells every seat that the condition held, so a
 * condition that reads what not every seat sees (an `owner` variable
 * too; a hidden one is the rules' bookkeeping) tells them something of
 * it. A warning: it may be what the rules mean (a bid revealed). */
static void warn_announced(Sema *s, const Node *n, const Node *cond, const char *subject)
{
    SeeWalk w = new_walk(s, subject);
    w.every_seat = w.announced = true;
    see_walk(&w, cond);
    if (!w.found)
        return;
    Loc at = sema_expr_loc(cond);
    /* an `owner` variable: the deal gives it its start value */
    ToldScope scope = w.var ? TOLD_NOT_KEPT : told_scope(n, cond);
    bool kept = scope != TOLD_NOT_KEPT && note_told(s, n);
    diag_warning(s->diags, at,
                 "%s reads %s, and the choice is public: its answer, announced to every seat, "
                 "tells them that this held; make the choice private (no 'public'), or read "
                 "only what every seat sees (sizes are public); the search agents' deals %s "
                 "(RUNTIME.md, \"Determinization\")", subject, announced_read(&w),
                 !kept                ? "do not keep what it told"
                 : scope == TOLD_OWN ? "keep what it told until a card enters or leaves a zone "
                                       "of its decider's that the other seats do not see"
                                     : "keep what it told only until a card moves");
    if (w.found_at != w.found || w.found->loc.line != at.line)
        diag_note(s->diags, w.found->loc, "read here");
}

/* Condition cond of decision n (who decides it) offers options to its
 * decider, who may read only what they see; in a public choice, it is
 * told every seat (warn_announced). */
static void see_decider_reads(Sema *s, const Node *n, const Node *cond, const char *subject)
{
    if (!cond)
        return;
    SeeWalk w = new_walk(s, subject);
    w.tells = "the options offered";
    w.me_name = "the player deciding";
    w.me_params = decider_bit(n->who);
    see_guard(&w, cond);
    if (!w.found && n->announced)
        warn_announced(s, n, cond, subject);
}

/* The words of a prompt or a label (WORDS node words, or NULL) are read
 * by the player who decides, as the options are; in a public choice
 * (`who` NULL: the answer is announced) and in a reaction window, by
 * every seat, who may read only what every seat sees. A card word is
 * checked where it is typed (sema_words.c); a number, a truth value, a
 * name, a player is walked here. */
static void see_words(Sema *s, const Node *who, const Node *words, const char *subject)
{
    for (const Node *e = words ? words->items : NULL; e; e = e->next) {
        if (e->type == T_CARD)
            continue;
        SeeWalk w = new_walk(s, subject);
        w.tells = "the text";
        w.me_name = "the player deciding";
        w.every_seat = !who;
        w.me_params = decider_bit(who);
        see_guard(&w, e);
    }
}

/* The words of decision n's prompt and labels. */
static void see_decision_words(Sema *s, const Node *n)
{
    const Node *who = n->announced ? NULL : n->who;
    const char *of = n->announced ? " of a public choice" : "";
    see_words(s, who, n->words, arena_printf(s->arena, "a word of a prompt%s", of));
    const Node *o = n->kind == N_MENU ? n->options
                    : n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
                      n->kind == N_CHOOSEVALUE ? n->els : NULL;
    for (; o; o = n->kind == N_MENU ? o->next : NULL)
        see_words(s, who, o->words,
                  arena_printf(s->arena, "a word of label \"%s\"%s", o->name, of));
}

/* The filter of a choice's source (SOURCE node src), if any. */
static const Node *source_filter(const Node *src)
{
    return src && src->kind == N_SOURCE ? src->filter : NULL;
}

/* decision:
 *     choose P "prompt" { option "label" [when COND] { ... } ... }
 *   | choose card P "prompt" from SOURCE [where COND] [else "label" [when COND]]
 *   | choose player P "prompt" from q in players [where COND] [else ...]
 *   | choose cards P "prompt" from SOURCE into ZONE size A..B [such that COND] */
static void see_decision(Sema *s, const Node *n)
{
    if (n->kind == N_MENU || n->kind == N_CHOOSECARD || n->kind == N_CHOOSEPLAYER ||
        n->kind == N_CHOOSEVALUE || n->kind == N_CHOOSECARDS || n->kind == N_ASK)
        see_decision_words(s, n);
    switch (n->kind) {
    case N_MENU:
        for (const Node *o = n->options; o; o = o->next)
            see_decider_reads(s, n, o->guard,
                              arena_printf(s->arena, "the 'when' of option \"%s\"", o->name));
        break;
    case N_CHOOSECARD:
    case N_CHOOSEPLAYER:
    case N_CHOOSEVALUE:
        see_decider_reads(s, n, source_filter(n->src), "the filter of a choice");
        if (n->kind == N_CHOOSECARD && n->each)
            see_decider_reads(s, n, source_filter(n->each),
                              "the filter of the players of a choice");
        if (n->els)
            see_decider_reads(s, n, n->els->guard, "the 'when' of a choice's 'else'");
        break;
    case N_CHOOSECARDS:
        see_decider_reads(s, n, source_filter(n->src), "the filter of a choice");
        see_decider_reads(s, n, n->such, "the 'such that' of a choice");
        break;
    default:
        break;
    }
}

/* ---- what a shown variable is given ---- */

/* The declaration of the shown variable that assignment target t names
 * (`coins`, `coins[p]`), or NULL: a local, a per-card or hidden variable. */
static const Node *shown_target(const Node *t)
{
    const Node *id = t->kind == N_INDEX ? t->base : t;
    if (!id || id->kind != N_IDENT || !id->sym)
        return NULL;
    bool var = (t->kind == N_IDENT && id->sym->kind == S_GLOBAL) ||
               (t->kind == N_INDEX && id->sym->kind == S_PVAR);
    return var && id->sym->decl->vis != VIS_HIDDEN ? id->sym->decl : NULL;
}

/* stmt: target ('=' | PLUSEQ | MINUSEQ) expr
 * A variable the views show shows what it is given: a `public` one may
 * be given what every seat sees; an `owner` one, `v[p] = ...`, what seat
 * p sees (p a parameter or a local: another index, `v[next(p)]`, is no
 * one's own, and sees only what every seat sees). What a local or a
 * variable read holds is not followed (LANGUAGE.md §11): the expression
 * alone is walked. */
static void see_assignment(Sema *s, const Node *n)
{
    const Node *decl = n->kind == N_ASSIGN ? shown_target(n->target) : NULL;
    if (!decl)
        return;
    SeeWalk w = new_walk(s, "the value given to a shown variable");
    w.shown = decl->name;
    w.shown_as = arena_printf(s->arena, "the value given to %s variable '%s'",
                              decl->vis == VIS_OWNER ? "owner" : "public", decl->name);
    w.showing = arena_printf(s->arena, "showing '%s'", decl->name);
    if (decl->vis == VIS_OWNER)
        w.me_params = decider_bit(n->target->index);
    see_guard(&w, n->rhs);
    if (w.found && decl->vis == VIS_OWNER && !w.me_params)
        diag_note(s->diags, n->target->index->loc, "only the seat this names sees '%s' here; "
                  "cardc knows which seat that is when it is a parameter or a local: name "
                  "it first (`let q = ...`, then '%s[q]')", decl->name, decl->name);
}

static void see_decisions_in(Sema *s, const Node *n)
{
    for (; n; n = n->next) {
        see_decision(s, n);
        see_assignment(s, n);
        for (int i = 0; i < NKIDS; i++)
            see_decisions_in(s, n->kid[i]);
    }
}

/* The words of window e (an event's, or `window for`), when it has any:
 * a reaction window asks every seat. */
static void see_window_words(Sema *s, const Node *e)
{
    if (!e)
        return;
    if (e->asks)
        see_words(s, NULL, e->asks->words, "a word of a reaction window's 'asks'");
    if (e->declines)
        see_words(s, NULL, e->declines->words, "a word of a reaction window's 'declines'");
}

/* Every decision of every proc (the rules', and those made of card
 * effects, handlers and 'at' blocks) offers only what its decider sees;
 * every shown variable is given only what the seats it is shown to see;
 * a reaction window's words read only what every seat sees. */
void check_decision_secrets(Sema *s)
{
    for (int i = 0; i < s->g->procs.len; i++) {
        const Sym *p = s->g->procs.items[i];
        if (p->decl)
            see_decisions_in(s, p->decl->body);
    }
    for (int i = -1; i < s->g->events.len; i++) /* a reaction window asks every seat */
        see_window_words(s, window_decl_of(s->g, i < 0 ? EV_PLAYED : EV_USER + i));
    for (int i = 0; i < s->g->move_windows.len; i++)
        see_window_words(s, s->g->move_windows.items[i]);
}

/* ---- whether a decision is asked ---- */

/* Every seat sees that a decision is taken (it is counted, and printed at
 * the terminal), so whether one is reached must not depend on what some
 * seat may not see: an `if` or a `while` whose condition reads a zone
 * that is not public (sizes aside) or a card's face, and whose branches
 * take a decision (in place, in a proc they call, in a card they play),
 * tells every seat what it read. A warning: the decider may be the only
 * one the condition hides anything from, and the check does not follow
 * events and triggers. */

typedef struct Reach {
    Sema *s;
    bool *decides;      /* per proc (Game.procs): it may take a decision */
    bool play_decides;  /* some card's play clause may */
} Reach;

/* The number of proc sym in Game.procs, or -1 (sema_var_secrets.c too). */
int proc_index(const Game *g, const Sym *sym)
{
    for (int i = 0; i < g->procs.len; i++)
        if (g->procs.items[i] == sym)
            return i;
    return -1;
}

/* Does n (a list of nodes and what they hold) take a decision? */
static bool takes_decision(const Reach *r, const Node *n)
{
    for (; n; n = n->next) {
        switch (n->kind) {
        case N_MENU: case N_CHOOSECARD: case N_CHOOSEPLAYER: case N_CHOOSEVALUE:
        case N_CHOOSECARDS: case N_ASK:
            return true;
        case N_PLAY:
            if (r->play_decides)
                return true;
            break;
        case N_CALL:
            if (n->sym && n->sym->kind == S_PROC) {
                int i = proc_index(r->s->g, n->sym);
                if (i >= 0 && r->decides[i])
                    return true;
            }
            break;
        default:
            break;
        }
        for (int i = 0; i < NKIDS; i++)
            if (takes_decision(r, n->kid[i]))
                return true;
    }
    return false;
}

static bool is_play_clause(const Sym *p)
{
    return p->clause && p->clause->clause_kind == CLAUSE_PLAY;
}

/* Which procs may take a decision: to a fixed point over their calls. */
static void find_deciders(Reach *r)
{
    const Game *g = r->s->g;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < g->procs.len; i++) {
            const Sym *p = g->procs.items[i];
            if (r->decides[i] || !p->decl || !takes_decision(r, p->decl->body))
                continue;
            r->decides[i] = grew = true;
            r->play_decides |= is_play_clause(p);
        }
    }
}

static void warn_condition(Reach *r, const Node *cond)
{
    SeeWalk w = new_walk(r->s, "");
    see_walk(&w, cond);
    if (!w.found)
        return;
    const char *what = w.card ? arena_printf(r->s->arena, "%s of a card", w.what)
                              : arena_printf(r->s->arena, "the cards of '%s'",
                                             zone_of(w.found)->name);
    diag_warning(r->s->diags, cond->loc,
                 "whether a decision is taken here depends on %s, which not every player may "
                 "see: every player sees a decision taken (it is counted, and printed at the "
                 "terminal); offer it whatever the cards (an 'else' option, a 'Pass'), or test "
                 "only what every player sees (sizes are public)", what);
    if (w.found_at != w.found || w.found->loc.line != cond->loc.line)
        diag_note(r->s->diags, w.found->loc, "read here");
}

static void see_branches(Reach *r, const Node *n)
{
    for (; n; n = n->next) {
        bool branches = (n->kind == N_IF && (takes_decision(r, n->then) ||
                                             takes_decision(r, n->els))) ||
                        (n->kind == N_WHILE && takes_decision(r, n->body));
        if (branches && n->cond && n->cond->kind != N_ASK)
            warn_condition(r, n->cond);
        for (int i = 0; i < NKIDS; i++)
            see_branches(r, n->kid[i]);
    }
}

void check_decision_reached(Sema *s)
{
    const Game *g = s->g;
    Reach r = {.s = s, .decides = arena_alloc(s->arena, sizeof(bool) * (size_t)(g->procs.len + 1))};
    memset(r.decides, 0, sizeof(bool) * (size_t)(g->procs.len + 1));
    find_deciders(&r);
    for (int i = 0; i < g->procs.len; i++) {
        const Sym *p = g->procs.items[i];
        if (p->decl)
            see_branches(&r, p->decl->body);
    }
}
