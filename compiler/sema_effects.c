/* sema_effects.c: checking card effects.
 *
 * An effect belongs to one card (in cards.yaml, or `effect "Name" { }` in
 * the rules) or to every card of a type (`effect TYPE { }`). A card has at
 * most one effect and its effect at most one `play` clause. Each play
 * clause becomes a proc(me: player, this: card) named "effect of NAME",
 * its `when` a guard checked like a func of the same two names. The other
 * clause kinds are checked by check_clause, one case each. */
#include "sema_int.h"

#include <string.h>

/* The name an effect's procs carry, and messages about it use: the card's
 * or the type's. */
static const char *effect_proc_name(Sema *s, const Node *e)
{
    return arena_printf(s->arena, "effect of %s", e->name);
}

/* Makes the proc of a play clause: proc(me: player, this: card) whose body
 * is the clause's; adds it to the game's procs. */
static Sym *play_proc(Sema *s, const Node *e, Node *c)
{
    Node *decl = node_new(s->arena, N_PROCDECL, c->loc);
    decl->name = effect_proc_name(s, e);
    Node *pme = node_new(s->arena, N_PARAM, c->loc);
    pme->name = "me";
    pme->type = T_PLAYER;
    Node *pthis = node_new(s->arena, N_PARAM, c->loc);
    pthis->name = "this";
    pthis->type = T_CARD;
    pme->next = pthis;
    decl->params = pme;
    decl->type = T_VOID;
    decl->body = c->body;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_PROC;
    sym->name = decl->name;
    sym->decl = decl;
    sym->type = T_VOID;
    sym->nparams = 2;
    sym->params[0] = T_PLAYER;
    sym->params[1] = T_CARD;
    sym->index = s->g->procs.len;
    sym->used = true;
    vec_push(s->arena, &s->g->procs, sym);
    return sym;
}

/* clause: IDENT opt_when block ('play'): the body as a proc, the 'when' as
 * a func of me and this. */
static void check_play_clause(Sema *s, const Node *e, Node *c)
{
    c->sym = play_proc(s, e, c);
    sema_check_fn(s, c->sym);
    if (!c->cond)
        return;
    s->fn = NULL;
    s->in_proc = false;
    scope_pop(s, 0);
    s->nlocals = 0;
    s->loops = 0;
    s->implicit_slot = -1;
    Node *params = c->sym->decl->params;
    declare_local(s, params, "me", T_PLAYER, S_PARAM);
    declare_local(s, params->next, "this", T_CARD, S_PARAM);
    expect_type(s, c->cond, T_BOOL, check_expr(s, c->cond), "the 'when' of an effect");
    c->nlocals = s->nlocals;
}

/* One clause of effect e. */
static void check_clause(Sema *s, const Node *e, Node *c)
{
    switch (c->clause_kind) {
    case CLAUSE_PLAY:
        check_play_clause(s, e, c);
        break;
    case CLAUSE_ON:
        check_handler(s, c, e);
        break;
    case CLAUSE_INSTEAD:
    case CLAUSE_REACT:
    case CLAUSE_WHILE_IN_PLAY:
        diag_error(s->diags, c->loc, "'%s' clauses are not built yet",
                   clause_kind_name(c->clause_kind));
        break;
    }
}

/* A second play clause in one effect is an error. */
static void check_one_play(Sema *s, const Node *e)
{
    const Node *first = NULL;
    for (const Node *c = e->clauses; c; c = c->next) {
        if (c->clause_kind != CLAUSE_PLAY)
            continue;
        if (!first) {
            first = c;
            continue;
        }
        diag_error(s->diags, c->loc, "the effect of '%s' has two 'play' clauses: a card is "
                                     "played one way", e->name);
        diag_note(s->diags, first->loc, "the first 'play' clause");
    }
}

/* Gives card k effect e; a card that has one already is an error naming
 * both (once per pair of effects: `reported` is the last effect reported
 * against e). */
static void give_effect(Sema *s, Node *e, int k, const Node **reported)
{
    Node *had = s->g->effect_of[k];
    if (!had) {
        s->g->effect_of[k] = e;
        return;
    }
    if (*reported == had)
        return;
    *reported = had;
    diag_error(s->diags, e->loc, "'%s' has two effects: a card has one, in cards.yaml or in "
                                 "the rules (per card or per type)",
               s->cs->cards[k]->name);
    diag_note(s->diags, had->loc, "the other effect of '%s'", s->cs->cards[k]->name);
}

/* Finds the card or the type effect e is for and gives it the effect;
 * false if there is none of that name (its clauses are checked all the
 * same). */
static bool place_effect(Sema *s, Node *e)
{
    const Node *reported = NULL;
    if (e->effect_from == EFFECT_YAML) {
        give_effect(s, e, e->card_no, &reported);
        return true;
    }
    if (e->effect_from == EFFECT_CARD) {
        const CardDef *cd = cards_find_card(s->cs, e->name);
        if (!cd) {
            report_no_card(s->diags, s->cs, e->loc, e->name);
            return false;
        }
        e->card_no = cd->index;
        give_effect(s, e, cd->index, &reported);
        return true;
    }
    const TypeDef *t = cards_find_type(s->cs, e->name);
    if (!t) {
        const char **names = name_list(s, s->cs->ntypes);
        for (int i = 0; i < s->cs->ntypes; i++)
            names[i] = s->cs->types[i]->name;
        error_unknown(s, e->loc, "card type", e->name, names, s->cs->ntypes);
        return false;
    }
    e->type_no = t->index;
    for (int k = 0; k < s->cs->ncards; k++)
        if (s->cs->cards[k]->type == t)
            give_effect(s, e, k, &reported);
    return true;
}

/* Every effect: those of cards.yaml, then those of the rules in order. */
static void collect_effects(Sema *s, const Program *prog)
{
    for (int i = 0; i < prog->effects.len; i++)
        vec_push(s->arena, &s->g->effects, prog->effects.items[i]);
    for (int i = 0; i < prog->decls.len; i++) {
        Node *d = prog->decls.items[i];
        if (d->kind == N_EFFECT)
            vec_push(s->arena, &s->g->effects, d);
    }
}

/* The play clause of each card's effect, or NULL. */
static void find_plays(Game *g)
{
    for (int k = 0; k < g->cs->ncards; k++) {
        const Node *e = g->effect_of[k];
        g->play_of[k] = NULL;
        for (const Node *c = e ? e->clauses : NULL; c && !g->play_of[k]; c = c->next)
            if (c->clause_kind == CLAUSE_PLAY)
                g->play_of[k] = (Node *)c;
    }
}

void check_effects(Sema *s, const Program *prog)
{
    Game *g = s->g;
    int n = s->cs->ncards;
    g->effect_of = arena_alloc(s->arena, sizeof *g->effect_of * (size_t)(n + 1));
    g->play_of = arena_alloc(s->arena, sizeof *g->play_of * (size_t)(n + 1));
    collect_effects(s, prog);
    for (int i = 0; i < g->effects.len; i++) {
        Node *e = g->effects.items[i];
        place_effect(s, e);
        check_one_play(s, e);
        for (Node *c = e->clauses; c; c = c->next)
            check_clause(s, e, c);
    }
    find_plays(g);
}

/* stmt: IDENT play_card opt_by opt_to ('play') */
void check_play(Sema *s, Node *n)
{
    diag_error(s->diags, n->loc, "the 'play' statement is not built yet");
}
