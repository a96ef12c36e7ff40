/* sema_reactions.c: checking what runs before an event: `instead of` and
 * `react to` clauses, and the `cancel` statement that only they may use.
 *
 * An `instead of` clause runs before its event, automatically; a `react
 * to` clause is offered to its card's player in a reaction window before
 * its event. Either may `cancel` the event: the event's own body does not
 * run and nothing listening with `on` hears of it. Everything else runs
 * once an event has happened (or has nothing to do with one), and cannot
 * cancel it. */
#include "sema_int.h"

#include <string.h>

/* Does a clause of kind k run before its event, so that it may cancel it? */
static bool runs_before(ClauseKind k)
{
    return k == CLAUSE_INSTEAD || k == CLAUSE_REACT;
}

/* ---- the handlers of clauses that run before their event ----
 *
 * An `instead of` or `react to` clause is a handler (sema_handlers.c) of
 * Game.befores: a proc of the names its pattern binds (the event's values),
 * `this` and `me` on a card, `by` and `cause`, and a last parameter
 * "0cancel" (a name no rule can write) that `cancel` sets. When the proc
 * returns, the values of the bound names and of "0cancel" go back to the
 * event (cgen_reactions.c): assigning a bound name changes the event. A
 * `react to` clause's proc first plays its card (`play this by me`), and
 * returns at once if that play is cancelled (a reaction to the reaction
 * stopped it). */

/* Appends the parameter "0cancel" to the handler's parameters; returns its
 * slot. */
int before_params(Sema *s, Handler *h, Node **params, Node **last)
{
    (void)h;
    int k = 0;
    for (const Node *p = *params; p; p = p->next)
        k++;
    Node *p = node_new(s->arena, N_PARAM, (*last ? *last : s->clause)->loc);
    p->name = "0cancel";
    p->type = T_BOOL;
    if (*last)
        (*last)->next = p;
    else
        *params = p;
    *last = p;
    return k;
}

/* An IDENT named name at loc. */
static Node *ident_at(Sema *s, Loc loc, const char *name)
{
    Node *n = node_new(s->arena, N_IDENT, loc);
    n->name = name;
    return n;
}

/* The body of the proc of clause c: for `react to`, `play this by me`
 * (`to ZONE` when the clause says so: the card leaves its zone before the
 * window of its play opens; PLAY.value 1: the proc returns if the play is
 * cancelled), then the clause's block; for `reveal to`, the block alone
 * (the card is not played: the block says what it does). */
Node *before_body(Sema *s, Node *c)
{
    if (c->clause_kind != CLAUSE_REACT || c->which == REACT_REVEALS)
        return c->body;
    Node *play = node_new(s->arena, N_PLAY, c->loc);
    play->card = ident_at(s, c->loc, "this");
    play->by = ident_at(s, c->loc, "me");
    play->to = c->into;
    play->value = 1;
    play->next = c->body;
    Node *blk = node_new(s->arena, N_BLOCK, c->body->loc);
    blk->stmts = play;
    return blk;
}

/* What an `instead of` or `react to` clause may be before: an event of the
 * rules, a card played, or a card moving (sema_move_befores.c). Not a
 * boundary of time: it comes whatever happens, nothing can cancel it. */
void check_before_pattern(Sema *s, Handler *h)
{
    const Node *c = h->clause, *pat = c->pattern;
    if (h->event != EV_START && h->event != EV_END)
        return;
    diag_error(s->diags, pat->loc, "'%s' cannot be before the %s of a unit of time: a "
                                   "boundary of time comes whatever the players do, and "
                                   "cannot be cancelled or changed; listen to it with 'on'",
               clause_kind_name(c->clause_kind), h->event == EV_START ? "start" : "end");
}

/* After the handler is checked: a reaction's 'where' may read only what
 * its player sees (sema_secrecy.c). */
void check_before_handler_done(Sema *s, Handler *h)
{
    if (h->clause->clause_kind == CLAUSE_REACT && h->clause->cond)
        check_react_where_secret(s, h);
}

/* stmt: CANCEL. Only in the body of an `instead of` or `react to` clause
 * itself: not in a proc it calls, which may be called from anywhere, nor
 * in an `at` block, which runs later, once the event is over. */
void check_cancel(Sema *s, Node *n)
{
    const Node *c = s->clause;
    if (c && runs_before(c->clause_kind) && s->in_delayed) {
        diag_error(s->diags, n->loc, "'cancel' in an 'at' block: the block runs later, once "
                                     "the event is over; cancel it before the block");
        return;
    }
    if (c && runs_before(c->clause_kind)) {
        const Handler *h = c->handler_no >= 0 && c->handler_no < s->g->befores.len
                               ? s->g->befores.items[c->handler_no] : NULL;
        n->slot = h ? h->cancel_slot : 0;
        return;
    }
    if (c)
        diag_error(s->diags, n->loc, "'cancel' in this '%s' clause: only an 'instead of' or a "
                                     "'react to' clause, which runs before its event, can "
                                     "cancel it", clause_kind_name(c->clause_kind));
    else
        diag_error(s->diags, n->loc, "'cancel' outside an 'instead of' or 'react to' clause: "
                                     "it cancels the event such a clause runs before");
}

/* ---- what the game needs for them ---- */

/* Does clause h run before event e? A card moving is one event before
 * which both its `enters` and its `leaves` clauses run (EV_ENTERS). */
bool before_hears(const Handler *h, int e)
{
    if (e == EV_ENTERS)
        return before_move_clause(h);
    return h->event == e;
}

/* Does some clause of Game.befores run before event e? Does some
 * `react to` clause? */
static bool before_event(const Game *g, int e, bool react_only)
{
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (before_hears(h, e) && (!react_only || h->clause->clause_kind == CLAUSE_REACT))
            return true;
    }
    return false;
}

bool game_has_move_befores(const Game *g)
{
    return before_event(g, EV_ENTERS, false);
}

bool game_has_befores(const Game *g)
{
    return g->befores.len > 0;
}

bool event_has_befores(const Game *g, int e)
{
    return before_event(g, e, false);
}

bool event_has_window(const Game *g, int e)
{
    return before_event(g, e, true);
}

bool game_has_windows(const Game *g)
{
    for (int i = 0; i < g->befores.len; i++)
        if (((const Handler *)g->befores.items[i])->clause->clause_kind == CLAUSE_REACT)
            return true;
    return false;
}

/* Does some zone of g say `reacts`? */
static bool game_marks_reacts(const Game *g)
{
    for (int i = 0; i < g->zones.len; i++)
        if (((const Node *)g->zones.items[i])->zflags & ZF_REACTS)
            return true;
    return false;
}

/* The first per-player `owner` zone declared, not held: the hand. */
static const Node *first_hand(const Game *g)
{
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if ((z->zflags & ZF_PER_PLAYER) && !(z->zflags & ZF_HELD) && z->vis == VIS_OWNER)
            return z;
    }
    return NULL;
}

int zone_reacts(const Game *g, const Node *z)
{
    bool marked = game_marks_reacts(g);
    if (marked ? !(z->zflags & ZF_REACTS) : z != first_hand(g) && !(z->zflags & ZF_IN_PLAY))
        return REACT_NONE;
    return (z->zflags & ZF_PER_PLAYER) && !(z->zflags & ZF_IN_PLAY) ? REACT_OWNER
                                                                    : REACT_CONTROLLER;
}

const Node *reacts_flag(const Node *z)
{
    for (const Node *f = z->flag_list; f; f = f->next)
        if (!strcmp(f->name, "reacts"))
            return f;
    return NULL;
}

/* A zone marked `reacts` in a game where no card reacts: a warning. */
static void warn_reacts_unused(Sema *s)
{
    for (int i = 0; i < s->g->zones.len && !game_has_windows(s->g); i++) {
        const Node *f = reacts_flag(s->g->zones.items[i]);
        if (f)
            diag_warning(s->diags, f->loc, "zone '%s' is marked 'reacts', but no card's "
                                           "effect has a 'react to' clause: no window opens",
                         ((const Node *)s->g->zones.items[i])->name);
    }
}

/* The frame slots the before-phase of an event uses (cgen_reactions.c):
 * the event's values, then its own counters (BEFORE_SLOTS). */
int before_frame_slots(const Game *g)
{
    return events_nargs(g) + BEFORE_SLOTS;
}

/* The question of event e's window written by the rules (`asks`), or
 * NULL. */
static const Node *window_asks(const Game *g, int e)
{
    const Node *d = window_decl_of(g, e);
    return d ? d->asks : NULL;
}

/* Warns of the words of a window that never opens: of an event (or a
 * card played, e) no reaction hears. */
static void warn_unheard_window(Sema *s, int e)
{
    const Game *g = s->g;
    const Node *d = window_decl_of(g, e);
    const Node *t = !d ? NULL : d->asks ? d->asks : d->declines ? d->declines : d->reopens;
    if (!t || (game_has_befores(g) && event_has_window(g, e)))
        return;
    const char *what = e >= EV_USER ? arena_printf(s->arena, "event '%s'", d->name)
                                    : "a card played";
    if (t == d->reopens)
        diag_warning(s->diags, t->loc, "no reaction hears %s: its window never opens, so "
                                       "'reopens' says nothing", what);
    else
        diag_warning(s->diags, t->loc, "no reaction hears %s: its window, and these words, "
                                       "are never shown", what);
}

/* The zone a card moving enters (to) and the zone it leaves (from) that
 * pattern pat names, -1 where it names none. */
static void move_ends(const Node *pat, int *to, int *from)
{
    *to = pat->pat_kind == PAT_ENTERS ? pat->zone_no : -1;
    *from = pat->pat_kind == PAT_LEAVES ? pat->zone_no : pat->from ? pat->from_zone : -1;
}

/* May a move match both patterns a and b (each of a card moving)? Unless
 * they name different zones for the same end of it. */
static bool moves_meet(const Node *a, const Node *b)
{
    int ato, afrom, bto, bfrom;
    move_ends(a, &ato, &afrom);
    move_ends(b, &bto, &bfrom);
    return (ato < 0 || bto < 0 || ato == bto) && (afrom < 0 || bfrom < 0 || afrom == bfrom);
}

/* Warns of `window for c enters Z` (or leaves) whose moves no reaction
 * hears: its window never opens. */
static void warn_unheard_move_window(Sema *s, const Node *w)
{
    const Game *g = s->g;
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        if (h->clause->clause_kind == CLAUSE_REACT &&
            (h->event == EV_ENTERS || h->event == EV_LEAVES) &&
            moves_meet(h->clause->pattern, w->window_of))
            return;
    }
    diag_warning(s->diags, w->loc, "no reaction hears a card moving between these zones: "
                                   "this window never opens, and its words are never shown");
}

static void warn_unheard_windows(Sema *s)
{
    warn_unheard_window(s, EV_PLAYED);
    for (int i = 0; i < s->g->events.len; i++)
        warn_unheard_window(s, EV_USER + i);
    for (int i = 0; i < s->g->move_windows.len; i++)
        warn_unheard_move_window(s, s->g->move_windows.items[i]);
}

/* Once every rule is checked: the prompt of each window ("Respond to
 * destroy?"), the label "Do not respond", and frames large enough for
 * the before-phase. */
void finish_befores(Sema *s)
{
    Game *g = s->g;
    warn_unheard_windows(s);
    warn_reacts_unused(s);
    if (!game_has_befores(g))
        return;
    check_react_play_guards(s);
    int nev = EV_USER + g->events.len;
    g->respond_prompt = arena_alloc(s->arena, sizeof *g->respond_prompt * (size_t)nev);
    for (int e = 0; e < nev; e++) {
        g->respond_prompt[e] = -1;
        bool windowed = e == EV_ENTERS || e == EV_PLAYED || e >= EV_USER;
        if (!windowed || !event_has_window(g, e))
            continue;
        const Node *asks = window_asks(g, e);
        if (asks) {
            g->respond_prompt[e] = asks->prompt;
            continue;
        }
        const char *text = e == EV_PLAYED   ? "Respond to a card played?"
                           : e == EV_ENTERS ? "Respond to a card moving?"
                                            : arena_printf(s->arena, "Respond to %s?",
                                          ((const Sym *)g->events.items[e - EV_USER])->name);
        g->respond_prompt[e] = intern_str(s, &g->prompts, &s->prompt_ix, text);
    }
    if (game_has_windows(g))
        g->respond_label = intern_str(s, &g->labels, &s->label_ix, "Do not respond");
    if (g->max_locals < before_frame_slots(g))
        g->max_locals = before_frame_slots(g);
}
