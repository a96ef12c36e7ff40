/* sema_windows.c: the words of a window the runtime opens (LANGUAGE.md
 * §8, "The window before a card played: `window for c played`" and
 * "Before a card moves").
 *
 * An event of the rules words its own window at its declaration
 * (`event NAME(...) asks "..." declines "..." reopens`). The windows
 * before a card played or moving are the runtime's: `window for c played
 * { WORDS }` words the first, `window for c enters Z { WORDS }` (`leaves
 * Z`, `enters Z from Z2`) the second for the moves between those zones,
 * and each may make its window reopen. Their words are checked as an
 * event's are, in the scope of a proc made for them alone (listed in no
 * table of the game): its one parameter, the card, then `by` and `cause`.
 * A card played is shown to every seat, so the words may name it; a card
 * moving only when it lies in a public zone (the zone it leaves). */
#include "sema_int.h"

#include <string.h>

/* Why a window declared with `window for` must be that of a card played
 * or moving: what the pattern is instead. */
static const char *not_card_why(const Node *pat)
{
    if (pat->pat_kind == PAT_EVENT)
        return "an event of the rules words its own window where it is declared "
               "('event NAME(...) asks \"...\" declines \"...\" reopens')";
    return "no window opens before a time starts or ends";
}

/* A parameter of the words of a window: name, of type t, at loc. */
static Node *window_param(Sema *s, Loc loc, const char *name, Type t)
{
    Node *p = node_new(s->arena, N_PARAM, loc);
    p->name = name;
    p->type = t;
    p->value = -1;
    return p;
}

/* The proc whose scope the words of window n are checked in: the card
 * played or moving (a parameter that every seat sees if seen), then the
 * seats its pattern binds (seats), and no body. */
static Sym *window_scope_proc(Sema *s, Node *n, bool seen, Node *seats)
{
    Node *card = window_param(s, n->window_of->loc, n->window_of->name, T_CARD);
    card->announced = seen; /* a card played is shown to every seat */
    card->next = seats;
    Node *decl = node_new(s->arena, N_PROCDECL, n->loc);
    decl->name = "window";
    decl->params = card;
    decl->type = T_VOID;
    decl->body = node_new(s->arena, N_BLOCK, n->loc);
    decl->asks = n->asks;
    decl->declines = n->declines;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_PROC;
    sym->name = "window";
    sym->decl = decl;
    sym->type = T_VOID;
    sym->attr = -1;
    sym->index = -1;
    return sym;
}

/* Is name q free to be bound by a window's pattern (no name of the
 * rules or of the cards, not `me`, the card's or the other seat's)? */
static bool free_name(Sema *s, const char *q, const Node *pat, const Node *bound)
{
    return strcmp(q, "me") && strcmp(q, "this") && strcmp(q, pat->name) &&
           !(bound && !strcmp(q, bound->name)) && !strmap_get(&s->globals, q) &&
           !cards_find_type(s->cs, q) && cards_value_attr(s->cs, q) < 0;
}

/* The zone z of the pattern pat of a window before a card moving: a
 * zone's name, or a per-player zone's with a new name for its seat
 * (`hand[q]`: any seat's, the name bound for the words; a test of the
 * seat is refused, as the window is chosen by the zones of the move
 * alone). Its declaration, or NULL and an error; the seat's parameter
 * appended to the list *seats ends at *last. */
static const Node *window_zone(Sema *s, const Node *pat, const Node *z, Node **seats,
                               Node **last)
{
    const Node *id = z->kind == N_INDEX ? z->base : z;
    Sym *sym = id->kind == N_IDENT ? strmap_get(&s->globals, id->name) : NULL;
    if (!sym || sym->kind != S_ZONE) {
        diag_error(s->diags, z->loc, "a window's pattern names a zone here: 'window for c "
                                     "enters ZONE' or 'window for c leaves ZONE[q]'");
        return NULL;
    }
    sym->used = true;
    if (z->kind != N_INDEX)
        return sym->decl;
    if (!(sym->decl->zflags & ZF_PER_PLAYER) || z->index->kind != N_IDENT ||
        !free_name(s, z->index->name, pat, *last)) {
        diag_error(s->diags, z->index->loc, "the window before a card moving is chosen by "
                                            "the zones of the move alone: a per-player "
                                            "zone's seat is a new name, any seat's "
                                            "('hand[q]'), or left out ('hand')");
        return NULL;
    }
    Node *q = window_param(s, z->index->loc, z->index->name, T_PLAYER);
    if (*last)
        (*last)->next = q;
    else
        *seats = q;
    *last = q;
    return sym->decl;
}

/* Do the patterns of windows a and b before a card moving name the same
 * moves (the same kind, the same zones)? */
static bool same_moves(const Node *a, const Node *b)
{
    return a->pat_kind == b->pat_kind && a->zone_no == b->zone_no &&
           a->from_zone == b->from_zone;
}

/* `window for c enters Z [from Z2]` or `c leaves Z`: its zones, the first
 * with the same pattern reported, and its scope. The card is named to
 * every seat only when the zone it leaves is public. */
static void declare_move_window(Sema *s, Node *n)
{
    Node *pat = n->window_of, *seats = NULL, *last = NULL;
    const Node *z = window_zone(s, pat, pat->zone, &seats, &last);
    const Node *from = pat->from ? window_zone(s, pat, pat->from, &seats, &last) : NULL;
    if (!z || (pat->from && !from))
        return;
    pat->zone_no = z->zone_no;
    pat->from_zone = from ? from->zone_no : -1;
    for (int i = 0; i < s->g->move_windows.len; i++) {
        const Node *first = s->g->move_windows.items[i];
        if (same_moves(first->window_of, pat)) {
            diag_error(s->diags, n->loc, "the window before a card moving is worded twice "
                                         "for the same moves: word it once");
            diag_note(s->diags, first->loc, "worded here first");
            return;
        }
    }
    const Node *left = pat->pat_kind == PAT_LEAVES ? z : from;
    n->sym = window_scope_proc(s, n, left && left->vis == VIS_PUBLIC, seats);
    vec_push(s->arena, &s->g->move_windows, n);
}

void declare_card_window(Sema *s, Node *n)
{
    Node *pat = n->window_of;
    if (pat->pat_kind == PAT_ENTERS || pat->pat_kind == PAT_LEAVES) {
        declare_move_window(s, n);
        return;
    }
    if (pat->pat_kind != PAT_PLAYED) {
        diag_error(s->diags, pat->loc, "'window for' words the window before a card played "
                                       "or moving ('window for c played { ... }', 'window for "
                                       "c enters ZONE { ... }'): %s", not_card_why(pat));
        return;
    }
    Node *first = s->g->played_window;
    if (first) {
        diag_error(s->diags, n->loc, "the window before a card played is worded twice: "
                                     "word it once");
        diag_note(s->diags, first->loc, "worded here first");
        return;
    }
    n->sym = window_scope_proc(s, n, true, NULL);
    s->g->played_window = n;
}

void check_card_windows(Sema *s)
{
    s->event_scope = true;
    if (s->g->played_window)
        sema_check_fn(s, s->g->played_window->sym);
    for (int i = 0; i < s->g->move_windows.len; i++)
        sema_check_fn(s, ((Node *)s->g->move_windows.items[i])->sym);
    s->event_scope = false;
}

const Node *window_decl_of(const Game *g, int e)
{
    if (e >= EV_USER)
        return ((const Sym *)g->events.items[e - EV_USER])->decl;
    return e == EV_PLAYED ? g->played_window : NULL;
}

bool move_windows_worded(const Game *g)
{
    return g->move_windows.len && game_has_move_befores(g) && game_has_windows(g) &&
           event_has_window(g, EV_ENTERS);
}
