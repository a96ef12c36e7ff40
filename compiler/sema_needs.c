/* sema_needs.c: what the rules need that no card gives them, and what it
 * kills (built on sema_facts.c, which proves a condition never holds).
 *
 *   - a card whose play condition never holds can never be played (an
 *     error at the conjunct, naming the card);
 *   - a type that the rules rely on and no card has: `x.type == T` or
 *     `where type == T`, an event's parameter `x: T`, an `effect T`; an
 *     error at each rule that does (once per rule), with a note at the
 *     type, which then loses the card file's warning "declared, but no
 *     card has it" (that warning stays for a type nothing relies on);
 *   - what can never take effect because of it, each an error naming the
 *     card: a `while in play` modifier of a func no live call reads; an
 *     `on`, `instead of` or `react to` clause of a card that never runs;
 *     a card without an effect of its own, with a text, that the rules
 *     name only where they never run.
 *
 * Which rules never run (Sym.dead, and why): the clauses of an effect of
 * a type no card has; an event's body and its handlers when a parameter
 * is typed by such a type (no card can be given to it); a handler whose
 * `where` never holds; then, to a fixed point, a func or proc of the rules
 * that is called, and only where it cannot run: inside a rule that never
 * runs, under an `if`, `while` or option `when` that never holds, or in an
 * `and` one side of which never holds (its value changes nothing). A call
 * in any other place is live: nothing else is proved. */
#include "sema_int.h"

#include <string.h>

typedef struct Needs {
    Sema *s;
    int *name_live;             /* per card: its quotes that may be read */
    const Need **name_dead;     /* per card: why its first other quote is not */
    const Node **name_at;       /* that quote */
    const Sym **name_rule;      /* the rule it is in */
    const Sym *rule;            /* the rule being walked */
    bool changed;
} Needs;

static Need *keep_need(Sema *s, const Need *n)
{
    Need *k = arena_alloc(s->arena, sizeof *k);
    *k = *n;
    return k;
}

static const char *ptr_key(Sema *s, const void *p)
{
    return arena_printf(s->arena, "%p", p);
}

/* The effect of each clause, looked up by effect_of_clause. */
static void map_clauses(Sema *s)
{
    for (int i = 0; i < s->g->effects.len; i++) {
        Node *e = s->g->effects.items[i];
        for (const Node *k = e->clauses; k; k = k->next)
            strmap_put(s->arena, &s->clause_effect, ptr_key(s, k), e);
    }
}

/* The effect clause c is a clause of, or NULL (a handler of the rules). */
static const Node *effect_of_clause(Sema *s, const Node *c)
{
    return strmap_get(&s->clause_effect, ptr_key(s, c));
}

/* The proc of an 'at' block: its declaration names the rule it is in. */
static const Sym *at_rule(const Sym *f)
{
    const Node *d = f->decl;
    return d && d->kind == N_PROCDECL && d->sym && d->sym != f ? d->sym : NULL;
}

/* How a message names the rule f: "func may_play", "event walk", "the
 * effect of 'Long Walk'", "effect lesson", "the handler at game.rules:12". */
static const char *rule_name(Sema *s, const Sym *f)
{
    if (at_rule(f))
        return rule_name(s, at_rule(f));
    if (f->clause) {
        const Node *e = effect_of_clause(s, f->clause);
        if (e && e->effect_from == EFFECT_TYPE)
            return arena_printf(s->arena, "effect %s", e->name);
        if (e)
            return arena_printf(s->arena, "the effect of '%s'", e->name);
        const char *tests = "the tests of ";
        return !strncmp(f->name, tests, strlen(tests)) ? f->name + strlen(tests) : f->name;
    }
    if (event_of_body(s, f))
        return arena_printf(s->arena, "event %s", f->name);
    return arena_printf(s->arena, "%s %s", f->kind == S_FUNC ? "func" : "proc", f->name);
}

/* ---- (a) cards that can never be played --------------------------------- */

static void check_never_played(Sema *s)
{
    const Game *g = s->g;
    /* per func (a guard is one): 1 + the index of its conjunct that never
     * holds in `tops`, -1 when none; a type's guard is read once */
    int *done = arena_alloc(s->arena, sizeof *done * (size_t)(g->funcs.len + 1));
    const Node **tops = arena_alloc(s->arena, sizeof *tops * (size_t)(g->funcs.len + 1));
    Need *whys = arena_alloc(s->arena, sizeof *whys * (size_t)(g->funcs.len + 1));
    for (int k = 0; k < s->cs->ncards; k++) {
        const Sym *guard = g->guard_of[k];
        if (!guard || guard->index < 0 || guard->index >= g->funcs.len)
            continue;
        int i = guard->index;
        if (!done[i]) {
            tops[i] = never_conjunct(s->cs, guard->decl->expr_body, &whys[i]);
            done[i] = 1;
        }
        if (!tops[i])
            continue;
        diag_error(s->diags, sema_expr_loc(tops[i]), "'%s' can never be played: its condition "
                                                     "needs %s, %s",
                   s->cs->cards[k]->name, need_what(s->arena, s->cs, &whys[i]),
                   need_why(&whys[i]));
        need_note(s, &whys[i], tops[i]);
    }
}

/* ---- (c) types the rules rely on that no card has ----------------------- */

typedef struct Relied {
    Sema *s;
    const Sym *rule;
    StrMap seen;                /* "type\nrule": reported */
    bool *relied;               /* per type */
} Relied;

/* The first time rule r relies on type t: the error, and a note at the
 * type (whose warning goes: the error says more). */
static void report_relied(Relied *r, Loc at, int t, const char *rule)
{
    Sema *s = r->s;
    const TypeDef *td = s->cs->types[t];
    if (strmap_put(s->arena, &r->seen, arena_printf(s->arena, "%s\n%s", td->name, rule), r))
        return;
    if (!r->relied[t])
        diag_remove(s->diags, SEV_WARNING, td->loc, "type '");
    r->relied[t] = true;
    diag_error(s->diags, at, "the rules need a card of type '%s' here (in %s), but no card has "
                             "that type",
               td->name, rule);
    diag_note(s->diags, td->loc, "type '%s' is declared here, and no card of %s has it",
              td->name, s->cs->file->path);
}

static void visit_relied(const Node *n, void *ctx)
{
    Relied *r = ctx;
    Need why;
    if (n->kind == N_BINARY && n->binop == OP_EQ && never_holds(r->s->cs, n, &why) &&
        why.kind == NEED_TYPE)
        report_relied(r, sema_expr_loc(n), why.type, rule_name(r->s, r->rule));
}

/* The bodies of every func and proc of the game, with r->rule set. */
static void walk_rules(Sema *s, const Sym **rule, void (*fn)(const Node *, void *), void *ctx)
{
    const PtrVec *vs[] = {&s->g->funcs, &s->g->procs};
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < vs[v]->len; i++) {
            const Sym *f = vs[v]->items[i];
            *rule = f;
            ast_walk_const(f->decl->expr_body, fn, ctx);
            ast_walk_const(f->decl->body, fn, ctx);
        }
}

/* Whether every card left out of the set (its entry has errors) has a
 * type: then the instances of each type count every card the file holds,
 * and a type with none has no card at all, loaded or not. */
static bool left_out_typed(const CardSet *cs)
{
    for (int i = 0; i < cs->left_out.cap; i++)
        if (cs->left_out.keys[i] && !((const CardDef *)cs->left_out.vals[i])->type)
            return false;
    return true;
}

static void check_types_relied(Sema *s)
{
    const CardSet *cs = s->cs;
    Relied r = {.s = s};
    r.relied = arena_alloc(s->arena, sizeof *r.relied * (size_t)(cs->ntypes + 1));
    walk_rules(s, &r.rule, visit_relied, &r);
    for (int i = 0; i < s->g->events.len; i++) {
        const Sym *ev = s->g->events.items[i];
        for (const Node *p = ev->body->decl->params; p; p = p->next)
            if (p->how && p->value >= 0 && !type_has_cards(cs, p->value))
                report_relied(&r, p->how->loc, p->value, arena_printf(s->arena, "event %s",
                                                                      ev->name));
    }
    for (int i = 0; i < s->g->effects.len; i++) {
        const Node *e = s->g->effects.items[i];
        if (e->effect_from == EFFECT_TYPE && cards_find_type(cs, e->name) &&
            !type_has_cards(cs, e->type_no))
            report_relied(&r, e->loc, e->type_no, arena_printf(s->arena, "effect %s", e->name));
    }
}

/* ---- which rules never run ---------------------------------------------- */

static void mark_dead(Needs *x, Sym *f, const Need *why)
{
    if (f && !f->dead) {
        f->dead = why;
        x->changed = true;
    }
}

static Sym *match_sym(const Handler *h)
{
    return h->match ? h->match->sym : NULL;
}

/* The clauses of an effect of a type no card has. */
static void seed_type_effects(Needs *x)
{
    Sema *s = x->s;
    const PtrVec *vs[] = {&s->g->funcs, &s->g->procs};
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < vs[v]->len; i++) {
            Sym *f = vs[v]->items[i];
            const Node *e = f->clause ? effect_of_clause(s, f->clause) : NULL;
            if (e && e->effect_from == EFFECT_TYPE && cards_find_type(s->cs, e->name) &&
                !type_has_cards(s->cs, e->type_no)) {
                Need n = {.kind = NEED_TYPE, .loc = e->loc, .type = e->type_no};
                mark_dead(x, f, keep_need(s, &n));
            }
        }
}

/* Why no card can be given to event ev (a parameter typed by a type no
 * card has), or NULL. */
static const Need *event_dead(Sema *s, const Sym *ev)
{
    for (const Node *p = ev->body->decl->params; p; p = p->next)
        if (p->how && p->value >= 0 && !type_has_cards(s->cs, p->value)) {
            Need n = {.kind = NEED_TYPE, .loc = p->how->loc, .type = p->value};
            return keep_need(s, &n);
        }
    return NULL;
}

/* Handlers of such events, and handlers whose 'where' never holds. */
static void seed_handlers(Needs *x, const PtrVec *hs)
{
    Sema *s = x->s;
    for (int i = 0; i < hs->len; i++) {
        const Handler *h = hs->items[i];
        const Node *pat = h->clause->pattern;
        const Need *why = NULL;
        Need n;
        if (pat && pat->pat_kind == PAT_EVENT && pat->sym && pat->sym->kind == S_EVENT)
            why = event_dead(s, pat->sym);
        if (!why && h->clause->cond && never_holds(s->cs, h->clause->cond, &n))
            why = keep_need(s, &n);
        if (why) {
            mark_dead(x, h->proc, why);
            mark_dead(x, match_sym(h), why);
        }
    }
}

static void seed_dead(Needs *x)
{
    Sema *s = x->s;
    seed_type_effects(x);
    for (int i = 0; i < s->g->events.len; i++) {
        Sym *ev = s->g->events.items[i];
        const Need *why = event_dead(s, ev);
        if (why)
            mark_dead(x, ev->body, why);
    }
    seed_handlers(x, &s->g->handlers);
    seed_handlers(x, &s->g->befores);
}

static const Need *dead_if(Needs *x, const Node *cond, const Need *dead)
{
    Need n;
    if (dead || !cond || !never_holds(x->s->cs, cond, &n))
        return dead;
    return keep_need(x->s, &n);
}

static void walk(Needs *x, const Node *n, const Need *dead);

static void walk_list(Needs *x, const Node *n, const Need *dead)
{
    for (; n; n = n->next)
        walk(x, n, dead);
}

/* A call of a rule, or a card's name in quotes, where it may be read (dead
 * is NULL) or not (why not). */
static void note_use(Needs *x, const Node *n, const Need *dead)
{
    if (n->kind == N_CALL && n->sym && (n->sym->kind == S_FUNC || n->sym->kind == S_PROC)) {
        Sym *f = n->sym;
        if (!dead)
            f->live_calls++;
        else if (!f->dead_call)
            f->dead_call = dead;
    }
    if (n->kind == N_STR && n->type == T_NAME && n->value >= 0 && n->value < x->s->cs->ncards) {
        if (!dead) {
            x->name_live[n->value]++;
        } else if (!x->name_dead[n->value]) {
            x->name_dead[n->value] = dead;
            x->name_at[n->value] = n;
            x->name_rule[n->value] = x->rule;
        }
    }
}

static void walk(Needs *x, const Node *n, const Need *dead)
{
    switch (n->kind) {
    case N_IF:
    case N_WHILE:
    case N_OPTION:
        walk_list(x, n->cond, dead);
        walk_list(x, n->body, dead_if(x, n->cond, dead));
        if (n->kind == N_IF)
            walk_list(x, n->els, dead);
        return;
    case N_MODIFIER: /* its call names the func changed: not a call */
        walk_list(x, n->rhs, dead);
        walk_list(x, n->when, dead);
        return;
    case N_BINARY:
        if (n->binop == OP_AND)
            dead = dead_if(x, n->lhs, dead_if(x, n->rhs, dead));
        break;
    default:
        note_use(x, n, dead);
        break;
    }
    for (int i = 0; i < NKIDS; i++)
        walk_list(x, n->kid[i], dead);
}

/* One round: every rule walked, its calls counted. */
static void walk_all(Needs *x)
{
    Sema *s = x->s;
    const PtrVec *vs[] = {&s->g->funcs, &s->g->procs};
    int nc = s->cs->ncards;
    memset(x->name_live, 0, sizeof *x->name_live * (size_t)nc);
    memset(x->name_dead, 0, sizeof *x->name_dead * (size_t)nc);
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < vs[v]->len; i++) {
            Sym *f = vs[v]->items[i];
            f->live_calls = 0;
            f->dead_call = NULL;
        }
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < vs[v]->len; i++) {
            Sym *f = vs[v]->items[i];
            const Sym *in = at_rule(f) ? at_rule(f) : f;
            x->rule = in;
            if (f->decl->expr_body)
                walk(x, f->decl->expr_body, in->dead);
            if (f->decl->body)
                walk(x, f->decl->body, in->dead);
        }
    for (int i = 0; i < s->g->continuous.len; i++) {
        const Continuous *k = s->g->continuous.items[i];
        x->rule = NULL;
        walk_list(x, k->clause->body->stmts, NULL);
    }
}

/* A func or proc of the rules, called only where it cannot run. */
static void kill_uncalled(Needs *x)
{
    Sema *s = x->s;
    const PtrVec *vs[] = {&s->g->funcs, &s->g->procs};
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < vs[v]->len; i++) {
            Sym *f = vs[v]->items[i];
            if (f == s->g->main || f == s->g->score || f == s->g->tiebreak)
                continue;
            if (at_rule(f) && at_rule(f)->dead)
                mark_dead(x, f, at_rule(f)->dead);
            else if (!f->clause && !f->live_calls && f->dead_call)
                mark_dead(x, f, f->dead_call);
        }
}

/* ---- what never takes effect -------------------------------------------- */

/* "... the rules need a card of type 'lesson' (game.rules:56:40), and no
 * card has type 'lesson'" */
static const char *because(Sema *s, const Need *why)
{
    return arena_printf(s->arena, "the rules need %s (%s), and %s",
                        need_what(s->arena, s->cs, why), loc_text(s->arena, need_loc(why)),
                        need_fact(s->arena, s->cs, why));
}

/* The name of the card whose own effect e is, or NULL (an effect of a
 * type, or of a name no card has). */
static const char *card_of(Sema *s, const Node *e)
{
    if (!e || e->effect_from == EFFECT_TYPE)
        return NULL;
    if (e->effect_from == EFFECT_CARD) {
        const CardDef *cd = cards_find_card(s->cs, e->name);
        return cd ? cd->name : NULL;
    }
    return e->card_no >= 0 && e->card_no < s->cs->ncards ? s->cs->cards[e->card_no]->name : NULL;
}

static void report_modifiers(Sema *s)
{
    for (int i = 0; i < s->g->continuous.len; i++) {
        const Continuous *k = s->g->continuous.items[i];
        const char *card = card_of(s, k->effect);
        for (const Node *m = k->clause->body->stmts; m && card; m = m->next) {
            const Sym *f = m->sym;
            if (m->kind == N_MODIFIER && f && f->kind == S_FUNC && f->dead && !f->clause)
                diag_error(s->diags, m->loc, "'%s' can never take effect: its modifier of %s "
                                             "is read only where %s",
                           card, f->name, because(s, f->dead));
        }
    }
}

static void report_handlers(Sema *s, const PtrVec *hs)
{
    for (int i = 0; i < hs->len; i++) {
        const Handler *h = hs->items[i];
        const char *card = card_of(s, h->effect);
        if (card && h->proc && h->proc->dead)
            diag_error(s->diags, h->clause->loc, "'%s' can never take effect: its '%s' clause "
                                                 "runs only where %s",
                       card, clause_kind_name(h->clause->clause_kind), because(s, h->proc->dead));
    }
}

static void report_names(Sema *s, const Needs *x)
{
    for (int k = 0; k < s->cs->ncards; k++) {
        const CardDef *cd = s->cs->cards[k];
        if (s->g->effect_of[k] || !cd->text || x->name_live[k] || !x->name_dead[k])
            continue;
        diag_error(s->diags, cd->loc, "'%s' can never take effect: it has no effect of its "
                                      "own, and %s names it only where %s",
                   cd->name, x->name_rule[k] ? rule_name(s, x->name_rule[k]) : "the rules",
                   because(s, x->name_dead[k]));
        diag_note(s->diags, x->name_at[k]->loc, "named here");
    }
}

static void check_dead_effects(Sema *s)
{
    int nc = s->cs->ncards;
    Needs x = {.s = s};
    x.name_live = arena_alloc(s->arena, sizeof *x.name_live * (size_t)(nc + 1));
    x.name_dead = arena_alloc(s->arena, sizeof *x.name_dead * (size_t)(nc + 1));
    x.name_at = arena_alloc(s->arena, sizeof *x.name_at * (size_t)(nc + 1));
    x.name_rule = arena_alloc(s->arena, sizeof *x.name_rule * (size_t)(nc + 1));
    seed_dead(&x);
    do {
        x.changed = false;
        walk_all(&x);
        kill_uncalled(&x);
    } while (x.changed);
    report_modifiers(s);
    report_handlers(s, &s->g->handlers);
    report_handlers(s, &s->g->befores);
    report_names(s, &x);
}

/* With cards left out of the set, only what does not need every card
 * loaded: a type relied on that no card of the file has, when the type of
 * every card left out is known. */
void check_needs_partial(Sema *s)
{
    if (left_out_typed(s->cs))
        check_types_relied(s);
}

void check_needs(Sema *s, const Program *prog)
{
    (void)prog;
    if (!s->g->effect_of)
        return;
    map_clauses(s);
    check_never_played(s);
    check_types_relied(s);
    check_dead_effects(s);
}
