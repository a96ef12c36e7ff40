/* sema_shown.c: who sees a variable, or the value of a func, in the views.
 *
 *   var coins: per player int = 0, owner
 *   var turns_left: int = 10, public
 *   func score(p: player): int, public = size(won[p])
 *
 * The word after the declaration is read here (it is no keyword: a game
 * may still name a zone or a variable `public`), its misuse refused, and
 * the numbers the views show listed in Game.shown. Without the word a
 * variable is `hidden`, as every variable was before: no view shows it.
 * What a shown func reads is checked in sema_secrecy.c
 * (check_shown_func_secret, its modifiers too), and what a shown variable
 * is given in see_assignment there: showing it must show nothing a seat it
 * is shown to may not see. */
#include "sema_int.h"

#include <string.h>

/* `watched` after a variable: hidden, and kept for tools and tests to read
 * (the scenario runner's `expect var`), not for a rule: sema_usage.c does
 * not warn that no rule reads it. */
bool shown_watched(const Node *decl)
{
    return decl->shown && !strcmp(decl->shown->name, "watched");
}

/* The visibility written after decl (VIS_*), VIS_HIDDEN without one, -1
 * for a word that is none (reported). */
static int shown_word(Sema *s, const Node *decl)
{
    const Node *w = decl->shown;
    if (!w)
        return VIS_HIDDEN;
    if (!strcmp(w->name, "public"))
        return VIS_PUBLIC;
    if (!strcmp(w->name, "owner"))
        return VIS_OWNER;
    if (!strcmp(w->name, "hidden") || !strcmp(w->name, "secret") || shown_watched(decl))
        return VIS_HIDDEN;
    static const char *const words[] = {"public", "owner", "hidden", "secret", "watched"};
    error_unknown(s, w->loc, "visibility", w->name, words, 5);
    return -1;
}

static void list_shown(Sema *s, Node *decl, Sym *sym)
{
    if (decl->vis == VIS_HIDDEN || !sym) /* no sym: declared twice, reported */
        return;
    vec_push(s->arena, &s->g->shown, decl);
    sym->used = true; /* the views read it */
}

/* decl: VAR name ':' [PER PLAYER | PER CARD] var_type '=' expr [',' IDENT]
 * `owner` is for a variable per player (the seat it belongs to sees it);
 * a per-card variable is never shown (each value would have to follow
 * what each seat sees of its card): it is read as its card's face. */
void declare_var_shown(Sema *s, Node *v, Sym *sym)
{
    int vis = shown_word(s, v);
    v->vis = VIS_HIDDEN;
    if (vis < 0)
        return;
    if (vis == VIS_OWNER && v->per_player == VAR_GAME) {
        diag_error(s->diags, v->shown->loc, "variable '%s' is one value for the table, so it "
                                            "has no owner to see it: write public or hidden",
                   v->name);
        return;
    }
    if (vis != VIS_HIDDEN && v->per_player == VAR_PER_CARD) {
        diag_error(s->diags, v->shown->loc, "variable '%s' is per card, and views show no "
                                            "per-card variable (a seat would learn the values "
                                            "of cards it may not see): leave it hidden",
                   v->name);
        return;
    }
    v->vis = vis;
    list_shown(s, v, sym);
}

/* decl: FUNC name '(' params ')' ':' var_type ',' IDENT ('=' expr | block)
 * A shown func is a number of the table (no parameter) or of each seat
 * (one player parameter): the views call it as they call a variable. */
void declare_func_shown(Sema *s, Node *f, Sym *sym)
{
    int vis = shown_word(s, f);
    f->vis = VIS_HIDDEN;
    if (shown_watched(f))
        diag_error(s->diags, f->shown->loc, "func '%s' cannot be 'watched': the word is for a "
                   "variable that only tools and tests read, and a func is computed, not "
                   "kept", f->name);
    if (vis < 0 || vis == VIS_HIDDEN)
        return;
    bool per_player = sym->nparams == 1 && sym->params[0] == T_PLAYER;
    if (sym->nparams > 0 && !per_player) {
        diag_error(s->diags, f->shown->loc, "func '%s' cannot be shown: a shown func takes no "
                                            "parameter, or one player (the seat whose value "
                                            "it is)", f->name);
        return;
    }
    if (vis == VIS_OWNER && !per_player) {
        diag_error(s->diags, f->shown->loc, "func '%s' takes no player, so it has no owner to "
                                            "see it: write public or hidden, or give it a "
                                            "parameter 'p: player'", f->name);
        return;
    }
    f->vis = vis;
    list_shown(s, f, sym);
}

/* Is the shown number decl one per seat? */
bool shown_per_player(const Node *decl)
{
    if (decl->kind == N_VARDECL)
        return decl->per_player == VAR_PER_PLAYER;
    return decl->params != NULL;
}

/* The func whose declaration is the shown number decl, or NULL for a
 * variable. */
Sym *shown_func(const Game *g, const Node *decl)
{
    for (int i = 0; decl->kind == N_FUNCDECL && i < g->funcs.len; i++) {
        Sym *fn = g->funcs.items[i];
        if (fn->decl == decl)
            return fn;
    }
    return NULL;
}

/* decl's index in Game.shown, or -1: no view shows it. */
int shown_index(const Game *g, const Node *decl)
{
    for (int i = 0; i < g->shown.len; i++)
        if (g->shown.items[i] == decl)
            return i;
    return -1;
}

/* Every shown func reads only what the seats it is shown to see. */
void check_shown_secrets(Sema *s)
{
    for (int i = 0; i < s->g->shown.len; i++) {
        const Node *d = s->g->shown.items[i];
        if (d->kind == N_FUNCDECL)
            check_shown_func_secret(s, d);
    }
}
