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

/* The C name of what clause c of effect e is made into (Sym.cname): a
 * number first, which no name of the rules starts with, then `what` and
 * the effect's name reduced to letters, digits and '_'. */
static const char *clause_cname(Sema *s, const Node *e, int number, const char *what)
{
    char *name = arena_printf(s->arena, "%d_%s_%s", number, what, e->name);
    for (char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            *p = '_';
    return name;
}

/* The parameters of every clause: me: player, this: card. */
static Node *clause_params(Sema *s, Loc at)
{
    Node *pme = node_new(s->arena, N_PARAM, at);
    pme->name = "me";
    pme->type = T_PLAYER;
    Node *pthis = node_new(s->arena, N_PARAM, at);
    pthis->name = "this";
    pthis->type = T_CARD;
    pme->next = pthis;
    return pme;
}

/* A func or proc of (me, this) made of clause c of effect e: decl is its
 * declaration, of kind FUNCDECL or PROCDECL. Added to the game's funcs or
 * procs. */
static Sym *clause_fn(Sema *s, const Node *e, Node *c, Node *decl, Type result)
{
    bool proc = decl->kind == N_PROCDECL;
    decl->name = effect_proc_name(s, e);
    decl->params = clause_params(s, c->loc);
    decl->type = result;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = proc ? S_PROC : S_FUNC;
    sym->name = decl->name;
    sym->decl = decl;
    sym->clause = c;
    sym->type = result;
    sym->nparams = 2;
    sym->params[0] = T_PLAYER;
    sym->params[1] = T_CARD;
    sym->used = true;
    PtrVec *v = proc ? &s->g->procs : &s->g->funcs;
    sym->index = v->len;
    sym->cname = clause_cname(s, e, sym->index, proc ? "play" : "guard");
    vec_push(s->arena, v, sym);
    return sym;
}

/* The 'when' of a play clause: a func of me and this, checked as the
 * value of a func is, named for what it is. */
static void check_guard(Sema *s, const Node *e, Node *c)
{
    Node *decl = node_new(s->arena, N_FUNCDECL, c->cond->loc);
    decl->expr_body = c->cond;
    Sym *g = clause_fn(s, e, c, decl, T_BOOL);
    s->fn = g;
    s->in_proc = false;
    s->nlocals = 0;
    scope_pop(s, 0);
    s->loops = 0;
    s->implicit_slot = -1;
    for (Node *p = decl->params; p; p = p->next)
        p->sym = declare_local(s, p, p->name, p->type, S_PARAM);
    expect_type(s, c->cond, T_BOOL, check_expr(s, c->cond), "the 'when' of an effect");
    decl->nlocals = c->nlocals = s->nlocals;
    check_locals(s, g);
    vec_push(s->arena, &s->g->guards, g);
}

/* clause: IDENT opt_when block ('play'): the body as a proc of me and
 * this, the 'when' as a func of them. */
static void check_play_clause(Sema *s, const Node *e, Node *c)
{
    Node *decl = node_new(s->arena, N_PROCDECL, c->loc);
    decl->body = c->body;
    c->sym = clause_fn(s, e, c, decl, T_VOID);
    sema_check_fn(s, c->sym);
    if (c->cond)
        check_guard(s, e, c);
}

/* One clause of effect e (s->clause while it is checked). */
static void check_clause(Sema *s, const Node *e, Node *c)
{
    s->clause = c;
    switch (c->clause_kind) {
    case CLAUSE_PLAY:
        check_play_clause(s, e, c);
        break;
    case CLAUSE_WHILE_IN_PLAY:
        check_while_in_play(s, e, c);
        break;
    case CLAUSE_ON:
    case CLAUSE_INSTEAD:
    case CLAUSE_REACT:
        check_handler(s, c, e);
        break;
    }
    s->clause = NULL;
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
        diag_error(s->diags, c->loc, "the effect of %s'%s' has two 'play' clauses: a card is "
                                     "played one way",
                   e->effect_from == EFFECT_TYPE ? "type " : "", e->name);
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

/* The play clause of each card's effect and its guard, or NULL. */
static void find_plays(Game *g)
{
    for (int k = 0; k < g->cs->ncards; k++) {
        const Node *e = g->effect_of[k];
        g->play_of[k] = NULL;
        g->guard_of[k] = NULL;
        for (const Node *c = e ? e->clauses : NULL; c && !g->play_of[k]; c = c->next)
            if (c->clause_kind == CLAUSE_PLAY)
                g->play_of[k] = (Node *)c;
        for (int i = 0; i < g->guards.len && g->play_of[k]; i++) {
            Sym *guard = g->guards.items[i];
            if (guard->clause == g->play_of[k])
                g->guard_of[k] = guard;
        }
    }
}

void check_effects(Sema *s, const Program *prog)
{
    Game *g = s->g;
    int n = s->cs->ncards;
    g->effect_of = arena_alloc(s->arena, sizeof *g->effect_of * (size_t)(n + 1));
    g->play_of = arena_alloc(s->arena, sizeof *g->play_of * (size_t)(n + 1));
    g->guard_of = arena_alloc(s->arena, sizeof *g->guard_of * (size_t)(n + 1));
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

/* stmt: IDENT play_card opt_by opt_to ('play'): play CARD [by PLAYER]
 * [to ZONE]. Without 'by', inside a clause of an effect, the player is
 * 'me' (an IDENT the checker adds, resolved as if written). */
void check_play(Sema *s, Node *n)
{
    if (!s->in_proc)
        diag_error(s->diags, n->loc, "'play' needs a proc: a func cannot play cards");
    expect_type(s, n->card, T_CARD, check_expr(s, n->card), "the card played");
    if (!n->by && s->fn && s->fn->clause) {
        n->by = node_new(s->arena, N_IDENT, n->loc);
        n->by->name = "me";
    }
    if (n->by)
        expect_type(s, n->by, T_PLAYER, check_expr(s, n->by), "the player who plays");
    else
        diag_error(s->diags, n->loc, "'play' needs the player who plays: 'play CARD by "
                                     "PLAYER' (inside an effect, leaving it out means 'by me')");
    if (n->to)
        expect_type(s, n->to, T_ZONE, check_expr(s, n->to), "the place a card is played to");
    n->slot = s->nlocals; /* the card, then the player, kept while the card's effect runs */
    s->nlocals += 2;
    vec_push(s->arena, &s->g->plays, n);
}

/* playable(c, p): may player p play card c now? */
Type check_playable(Sema *s, Node *n)
{
    expect_type(s, n->args, T_CARD, check_expr(s, n->args), "the card of playable");
    expect_type(s, n->args->next, T_PLAYER, check_expr(s, n->args->next),
                "the player of playable");
    s->g->uses_playable = true;
    return n->type = T_BOOL;
}

/* The effect whose clauses include c, or NULL (a handler of the rules).
 * A walk over every effect's clauses: sema_needs.c, which asks for every
 * clause, keeps a map instead. */
const Node *sema_effect_of_clause(const Game *g, const Node *c)
{
    for (int i = 0; i < g->effects.len; i++) {
        const Node *e = g->effects.items[i];
        for (const Node *k = e->clauses; k; k = k->next)
            if (k == c)
                return e;
    }
    return NULL;
}
