/* sema_windows.c: the words of a window the runtime opens (LANGUAGE.md
 * §8, "The window before a card played: `window for c played`").
 *
 * An event of the rules words its own window at its declaration
 * (`event NAME(...) asks "..." declines "..." reopens`). The window before
 * a card played is the runtime's: `window for c played { WORDS }` words
 * it, and may make it reopen. Its words are checked as an event's are, in
 * the scope of a proc made for them alone (listed in no table of the
 * game): its one parameter, the card played, then `by` and `cause`. A
 * card played is shown to every seat, so the words may name it. */
#include "sema_int.h"

#include <string.h>

/* Why a window declared with `window for` must be that of a card played:
 * what the pattern is instead. */
static const char *not_played_why(const Node *pat)
{
    switch (pat->pat_kind) {
    case PAT_EVENT:
        return "an event of the rules words its own window where it is declared "
               "('event NAME(...) asks \"...\" declines \"...\" reopens')";
    case PAT_ENTERS:
    case PAT_LEAVES:
        return "the window before a card moving is not worded: it is one window for every "
               "move, whatever its zones";
    default:
        return "no window opens before a time starts or ends";
    }
}

/* The proc whose scope the words of window n are checked in: the card
 * played (a parameter every seat sees), and no body. */
static Sym *window_scope_proc(Sema *s, Node *n)
{
    Node *card = node_new(s->arena, N_PARAM, n->window_of->loc);
    card->name = n->window_of->name;
    card->type = T_CARD;
    card->value = -1;
    card->announced = true; /* a card played is shown to every seat */
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

void declare_card_window(Sema *s, Node *n)
{
    Node *pat = n->window_of;
    if (pat->pat_kind != PAT_PLAYED) {
        diag_error(s->diags, pat->loc, "'window for' words the window before a card played "
                                       "('window for c played { ... }'): %s",
                   not_played_why(pat));
        return;
    }
    Node *first = s->g->played_window;
    if (first) {
        diag_error(s->diags, n->loc, "the window before a card played is worded twice: "
                                     "word it once");
        diag_note(s->diags, first->loc, "worded here first");
        return;
    }
    n->sym = window_scope_proc(s, n);
    s->g->played_window = n;
}

void check_card_windows(Sema *s)
{
    Node *n = s->g->played_window;
    if (!n)
        return;
    s->event_scope = true;
    sema_check_fn(s, n->sym);
    s->event_scope = false;
}

const Node *window_decl_of(const Game *g, int e)
{
    if (e >= EV_USER)
        return ((const Sym *)g->events.items[e - EV_USER])->decl;
    return e == EV_PLAYED ? g->played_window : NULL;
}
