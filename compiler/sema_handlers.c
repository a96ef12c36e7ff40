/* sema_handlers.c: checking handlers: `on PATTERN [where COND] { BODY }`
 * at the top level of the rules, and `on` clauses of cards' effects.
 *
 * A handler becomes two rules of the game (Handler in sema.h):
 *   - a proc, its body, whose parameters are the names its pattern binds
 *     (the card of `c enters Z`, the seat of `Z[q]`, the arguments of
 *     `destroy(x)`), then `this` and `me` for a card's clause, then the
 *     event's `by` and `cause`;
 *   - a func, its tests (the match), run when the event happens: the
 *     same parameters, then the seats of the slots the card enters and
 *     leaves ("0seat", "0from": names no rule can write); its body is the
 *     'where' and-ed with the tests of a
 *     zone index that is an expression (`hand[me]`). A handler whose
 *     pattern tests nothing more than the zones has no match func.
 * Both are named for messages after the handler's place, and their C
 * after its number ("3_on", "3_match": no rule's name starts with a
 * digit). */
#include "sema_int.h"

#include <string.h>

/* A parameter (a PARAM node) named name, of type t, at loc. */
static Node *param(Sema *s, Loc loc, const char *name, Type t)
{
    Node *p = node_new(s->arena, N_PARAM, loc);
    p->name = name;
    p->type = t;
    return p;
}

/* Appends p to the list *params ends at *last. */
static void add_param(Node **params, Node **last, Node *p)
{
    if (*last)
        (*last)->next = p;
    else
        *params = p;
    *last = p;
}

/* A copy of a parameter list (new PARAM nodes: the match func's own). */
static Node *copy_params(Sema *s, const Node *params, Node **last)
{
    Node *head = NULL;
    *last = NULL;
    for (const Node *p = params; p; p = p->next) {
        add_param(&head, last, param(s, p->loc, p->name, p->type));
        (*last)->attr = p->attr;
    }
    return head;
}

/* The zone of a pattern: ZONE or ZONE[index], an IDENT naming a zone.
 * Returns the zone's declaration (NULL and an error if it is none). */
static const Node *pattern_zone(Sema *s, const Node *z)
{
    const Node *id = z->kind == N_INDEX ? z->base : z;
    Sym *sym = id->kind == N_IDENT ? strmap_get(&s->globals, id->name) : NULL;
    if (!sym || sym->kind != S_ZONE) {
        if (id->kind == N_IDENT && !sym) {
            int n = 0;
            const char **names = name_list(s, s->g->zones.len);
            for (int i = 0; i < s->g->zones.len; i++)
                names[n++] = ((const Node *)s->g->zones.items[i])->name;
            error_unknown(s, id->loc, "zone", id->name, names, n);
        } else {
            diag_error(s->diags, z->loc, "a pattern names a zone here: 'c enters ZONE' or "
                                         "'c enters ZONE[p]'");
        }
        return NULL;
    }
    sym->used = true;
    const Node *decl = sym->decl;
    bool per = decl->zflags & (ZF_PER_PLAYER | ZF_HELD);
    if (per && z->kind != N_INDEX)
        return decl; /* every seat's, every holder's */
    if (!per && z->kind == N_INDEX) {
        diag_error(s->diags, z->loc, "zone '%s' is shared: it has no player to write in [...]",
                   decl->name);
        return NULL;
    }
    return decl;
}

/* Does the index of Z[q] bind a new name (q is a name nothing else has
 * in the handler's scope), rather than test an expression (`hand[me]`)? */
static bool binds_index(Sema *s, const Node *z, bool card)
{
    if (z->kind != N_INDEX || z->index->kind != N_IDENT)
        return false;
    const char *q = z->index->name;
    if (card && (!strcmp(q, "me") || !strcmp(q, "this")))
        return false;
    return !strmap_get(&s->globals, q) && !cards_find_type(s->cs, q) &&
           cards_value_attr(s->cs, q) < 0;
}

/* What the handler being made needs to know while its parameters are
 * gathered. */
typedef struct Making {
    Handler *h;
    Node *params, *last;        /* the proc's parameters */
    Node *tests;                /* the match's tests of zone indexes, and-ed */
    bool card;                  /* a card's clause */
    Type seat, from;            /* what indexes the zones entered and left: a
                                 * player, or a card (a held zone's holder) */
} Making;

/* What indexes zone decl: its holder (a card) for a held zone, else a
 * player. */
static Type index_type(const Node *decl)
{
    return decl && (decl->zflags & ZF_HELD) ? T_CARD : T_PLAYER;
}

/* The test `0seat == index` (or 0from) of a zone index that is an
 * expression, and-ed into m->tests. */
static void add_index_test(Sema *s, Making *m, const Node *z, const char *seat)
{
    Node *id = node_new(s->arena, N_IDENT, z->index->loc);
    id->name = seat;
    Node *eq = node_new(s->arena, N_BINARY, z->index->loc);
    eq->binop = OP_EQ;
    eq->lhs = id;
    eq->rhs = z->index;
    if (!m->tests) {
        m->tests = eq;
        return;
    }
    Node *and = node_new(s->arena, N_BINARY, z->index->loc);
    and->binop = OP_AND;
    and->lhs = m->tests;
    and->rhs = eq;
    m->tests = and;
}

/* The zone of `c enters Z`, `c leaves Z` or `from Z2`: its declaration
 * (the handler tests the slot), and the seat bound or tested. */
static const Node *move_zone(Sema *s, Making *m, const Node *z, int *bind, const char *seat)
{
    const Node *decl = pattern_zone(s, z);
    *bind = -1;
    if (!strcmp(seat, "0seat"))
        m->seat = index_type(decl);
    else
        m->from = index_type(decl);
    if (!decl || z->kind != N_INDEX)
        return decl;
    if (binds_index(s, z, m->card)) {
        int k = 0;
        for (const Node *p = m->params; p; p = p->next)
            k++;
        *bind = k;
        add_param(&m->params, &m->last, param(s, z->index->loc, z->index->name,
                                              index_type(decl)));
    } else {
        add_index_test(s, m, z, seat);
    }
    return decl;
}

/* pattern: IDENT IDENT expr [FROM expr] ('enters', 'leaves') and
 * IDENT IDENT ('played'): the card's name, then the zones. */
static void card_pattern(Sema *s, Making *m, Node *pat)
{
    Handler *h = m->h;
    add_param(&m->params, &m->last, param(s, pat->loc, pat->name, T_CARD));
    if (pat->pat_kind == PAT_PLAYED) {
        h->event = EV_PLAYED;
        return;
    }
    h->event = pat->pat_kind == PAT_ENTERS ? EV_ENTERS : EV_LEAVES;
    const Node *zd = move_zone(s, m, pat->zone, &h->zone_bind, "0seat");
    pat->zone_no = zd ? zd->zone_no : -1;
    if (pat->from) {
        const Node *fd = move_zone(s, m, pat->from, &h->from_bind, "0from");
        pat->from_zone = fd ? fd->zone_no : -1;
    }
}

/* pattern: IDENT '(' pattern_names ')': a user event; the names bind its
 * arguments, one each. */
static void event_pattern(Sema *s, Making *m, Node *pat)
{
    Sym *ev = strmap_get(&s->globals, pat->name);
    if (!ev || ev->kind != S_EVENT) {
        int n = 0;
        const char **names = name_list(s, s->g->events.len);
        for (int i = 0; i < s->g->events.len; i++)
            names[n++] = ((const Sym *)s->g->events.items[i])->name;
        if (ev)
            diag_error(s->diags, pat->loc, "'%s' is no event: a handler listens to an event "
                                           "declared 'event %s(...)'", pat->name, pat->name);
        else
            error_unknown(s, pat->loc, "event", pat->name, names, n);
        m->h->event = -1;
        return;
    }
    pat->sym = ev;
    ev->used = true; /* a handler that never runs is the warning, not the event */
    m->h->event = EV_USER + ev->index;
    int k = 0;
    const Node *p = ev->decl->params;
    for (const Node *a = pat->args; a; a = a->next, k++) {
        if (p) {
            add_param(&m->params, &m->last, param(s, a->loc, a->name, p->type));
            m->last->attr = p->attr; /* `s: suit`: the values of suit */
            p = p->next;
        }
    }
    if (k != ev->nparams)
        diag_error(s->diags, pat->loc, "event '%s' carries %d value%s: name %s", ev->name,
                   ev->nparams, ev->nparams == 1 ? "" : "s",
                   ev->nparams == 1 ? "it, 'on NAME(x)'" : "each, 'on NAME(x, y)'");
}

/* The word of a handler's C names: "3_on", "3_instead", "3_react". */
static const char *kind_word(const Node *c)
{
    return c->clause_kind == CLAUSE_INSTEAD ? "instead"
           : c->clause_kind == CLAUSE_REACT ? "react" : "on";
}

/* The proc of the handler's body: its parameters, then this and me for a
 * card's clause, then the event's by and cause (and for a clause that
 * runs before its event, "0cancel", which `cancel` sets: sema_reactions.c). */
static Sym *handler_proc(Sema *s, Making *m, Node *c, const char *name)
{
    Handler *h = m->h;
    if (m->card) {
        add_param(&m->params, &m->last, param(s, c->loc, "this", T_CARD));
        add_param(&m->params, &m->last, param(s, c->loc, "me", T_PLAYER));
    }
    add_param(&m->params, &m->last, param(s, c->loc, "by", T_PLAYER));
    add_param(&m->params, &m->last, param(s, c->loc, "cause", T_CARD));
    bool before = c->clause_kind != CLAUSE_ON;
    if (before)
        h->cancel_slot = before_params(s, h, &m->params, &m->last);
    Node *decl = node_new(s->arena, N_PROCDECL, c->loc);
    decl->name = name;
    decl->params = m->params;
    decl->type = T_VOID;
    decl->body = before ? before_body(s, c) : c->body;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_PROC;
    sym->name = name;
    sym->cname = arena_printf(s->arena, "%d_%s", h->index, kind_word(c));
    sym->clause = c;
    sym->decl = decl;
    sym->type = T_VOID;
    sym->used = true;
    int k = 0;
    for (const Node *p = m->params; p; p = p->next, k++)
        if (k < 8)
            sym->params[k] = p->type;
    sym->nparams = k;
    sym->index = s->g->procs.len;
    vec_push(s->arena, &s->g->procs, sym);
    return sym;
}

/* The match func: the proc's parameters, then the seats of the slots
 * entered and left; its value the zone index tests and the 'where'. None
 * when there is nothing to test. */
static Node *handler_match(Sema *s, Making *m, Node *c, const char *name)
{
    Handler *h = m->h;
    Node *cond = c->cond;
    if (m->tests && cond) {
        Node *and = node_new(s->arena, N_BINARY, cond->loc);
        and->binop = OP_AND;
        and->lhs = m->tests;
        and->rhs = cond;
        cond = and;
    } else if (m->tests) {
        cond = m->tests;
    }
    if (!cond)
        return NULL;
    Node *last;
    Node *params = copy_params(s, m->params, &last);
    add_param(&params, &last, param(s, c->loc, "0seat", m->seat));
    add_param(&params, &last, param(s, c->loc, "0from", m->from));
    Node *decl = node_new(s->arena, N_FUNCDECL, c->loc);
    decl->name = arena_printf(s->arena, "the tests of %s", name);
    decl->params = params;
    decl->type = T_BOOL;
    decl->expr_body = cond;
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = S_FUNC;
    sym->name = decl->name;
    sym->cname = c->clause_kind == CLAUSE_ON ? arena_printf(s->arena, "%d_match", h->index)
                 : arena_printf(s->arena, "%d_%s_match", h->index, kind_word(c));
    sym->clause = c;
    sym->decl = decl;
    sym->type = T_BOOL;
    sym->used = true;
    int k = 0;
    for (const Node *p = params; p; p = p->next, k++)
        if (k < 8)
            sym->params[k] = p->type;
    sym->nparams = k;
    sym->index = s->g->funcs.len;
    vec_push(s->arena, &s->g->funcs, sym);
    decl->sym = sym;
    return decl;
}

/* Checks the handler's body and tests (`by` and `cause` are parameters of
 * both); in the rules, `this` and `me` are refused with a message of their
 * own (report_unknown_name). */
static void check_handler_rules(Sema *s, Handler *h, bool card)
{
    s->rules_handler = !card;
    sema_check_fn(s, h->proc);
    if (h->match)
        sema_check_fn(s, h->match->sym);
    s->rules_handler = false;
}

/* Makes and checks the handler of clause c: of a card's effect e, or of
 * the rules (e NULL). An `on` clause goes to Game.handlers; an `instead
 * of` or `react to` clause, which runs before its event, to Game.befores. */
void check_handler(Sema *s, Node *c, const Node *e)
{
    PtrVec *list = c->clause_kind == CLAUSE_ON ? &s->g->handlers : &s->g->befores;
    Handler *h = arena_alloc(s->arena, sizeof *h);
    h->clause = c;
    h->effect = e;
    h->index = list->len;
    h->zone_bind = h->from_bind = -1;
    h->event = -1;
    h->cancel_slot = -1;
    vec_push(s->arena, list, h);
    c->handler_no = h->index;
    Making m = {.h = h, .card = e != NULL, .seat = T_PLAYER, .from = T_PLAYER};
    Node *pat = c->pattern;
    pat->zone_no = pat->from_zone = -1;
    switch (pat->pat_kind) {
    case PAT_ENTERS:
    case PAT_LEAVES:
    case PAT_PLAYED:
        card_pattern(s, &m, pat);
        break;
    case PAT_EVENT:
        event_pattern(s, &m, pat);
        break;
    case PAT_START:
    case PAT_END:
        /* the start or the end of a unit of time: which, in the trigger's
         * first value (cgen_time.c raises it) */
        h->event = pat->pat_kind == PAT_START ? EV_START : EV_END;
        pat->value = time_unit(s, pat->how ? pat->how->loc : pat->loc, pat->name);
        break;
    }
    const char *name = arena_printf(s->arena, "the handler at %s:%d",
                                    c->loc.file ? c->loc.file->path : "?", c->loc.line);
    for (const Node *p = m.params; p; p = p->next)
        h->nbound++;
    if (c->clause_kind != CLAUSE_ON)
        check_before_pattern(s, h);
    h->proc = handler_proc(s, &m, c, name);
    h->match = handler_match(s, &m, c, name);
    check_handler_rules(s, h, m.card);
    if (c->clause_kind != CLAUSE_ON)
        check_before_handler_done(s, h);
}

/* The handlers of the rules, in order (before the cards': the order in
 * which triggers of one event are queued), and their `instead of`
 * clauses. */
void check_rules_handlers(Sema *s, const Program *prog)
{
    for (int i = 0; i < prog->decls.len; i++) {
        Node *d = prog->decls.items[i];
        if (d->kind != N_CLAUSE || (d->clause_kind != CLAUSE_ON &&
                                    d->clause_kind != CLAUSE_INSTEAD))
            continue;
        s->clause = d;
        check_handler(s, d, NULL);
        s->clause = NULL;
    }
}

/* ---- what handlers hear and what they fire -------------------------------- */

/* The signals: what a rule may raise that a handler hears, numbered
 * (sema_int.h): each user event, a card entering each zone, each unit of
 * time (a block that starts and ends it), a card played. */
static int sig_zone(const Game *g, int z) { return g->events.len + z; }
static int sig_unit(const Game *g, int u) { return g->events.len + g->zones.len + u; }
static int sig_played(const Game *g)
{
    return g->events.len + g->zones.len + UNIT_PHASE0 + g->phases.len;
}

int signal_count(const Game *g)
{
    return sig_played(g) + 1;
}

/* The signal handler h hears, of those a rule's statement fires, or -1.
 * (A card leaving a zone is not followed: where a card comes from is not
 * known here.) */
int handler_signal(const Game *g, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    if (h->event >= EV_USER)
        return h->event - EV_USER;
    if (h->event == EV_ENTERS && pat->zone_no >= 0)
        return sig_zone(g, pat->zone_no);
    if (h->event == EV_PLAYED)
        return sig_played(g);
    if ((h->event == EV_START || h->event == EV_END) && pat->value >= 0)
        return sig_unit(g, pat->value);
    return -1;
}

/* What a rule may raise, through the procs it calls and the events it
 * raises (their bodies): the first statement that raises each signal. One
 * Raised serves every walk: raised_reset clears what a walk set, so a
 * walk costs what it walks, not the signals and procs of the game. */
typedef struct Raised {
    Sema *s;
    const Node **first;     /* per signal: the first statement raising it */
    int *sigs, nsigs;       /* the signals raised, in the order first raised */
    bool *seen;             /* per proc: walked already */
    int *procs, nprocs;     /* the procs walked */
} Raised;

static void collect_raised(Raised *r, const Sym *fn);

static void note_signal(Raised *r, int sig, const Node *at)
{
    if (!r->first[sig]) {
        r->first[sig] = at;
        r->sigs[r->nsigs++] = sig;
    }
}

static void note_zone(Raised *r, const Node *z, const Node *at)
{
    const Node *id = z && z->kind == N_INDEX ? z->base : z;
    if (id && id->kind == N_IDENT && id->sym && id->sym->kind == S_ZONE)
        note_signal(r, sig_zone(r->s->g, id->sym->index), at);
}

static void visit_raised(Node *n, void *ctx)
{
    Raised *r = ctx;
    switch (n->kind) {
    case N_CALL:
        if (n->sym && n->sym->kind == S_PROC)
            collect_raised(r, n->sym);
        if (n->sym && n->sym->kind == S_EVENT) {
            note_signal(r, n->sym->index, n);
            collect_raised(r, n->sym->body);
        }
        break;
    case N_MOVE:
        note_zone(r, n->to, n);
        break;
    case N_MOVEALL:
        note_zone(r, n->to, n);
        break;
    case N_CHOOSECARDS:
        note_zone(r, n->into, n);
        break;
    case N_PLAY:
        note_zone(r, n->to, n);
        note_signal(r, sig_played(r->s->g), n);
        break;
    case N_TURN:
    case N_ROUND:
    case N_PHASE:
        if (n->value >= 0)
            note_signal(r, sig_unit(r->s->g, n->value), n);
        break;
    default:
        break;
    }
}

static void collect_raised(Raised *r, const Sym *fn)
{
    if (!fn || fn->kind != S_PROC || fn->index < 0 || fn->index >= r->s->g->procs.len ||
        r->seen[fn->index])
        return;
    r->seen[fn->index] = true;
    r->procs[r->nprocs++] = fn->index;
    ast_walk(fn->decl->body, visit_raised, r);
}

/* Nothing raised yet. */
static Raised raised_none(Sema *s)
{
    const Game *g = s->g;
    size_t ns = (size_t)signal_count(g), np = (size_t)g->procs.len + 1;
    Raised r = {.s = s};
    r.first = arena_alloc(s->arena, sizeof *r.first * ns);
    r.sigs = arena_alloc(s->arena, sizeof *r.sigs * ns);
    r.seen = arena_alloc(s->arena, sizeof *r.seen * np);
    r.procs = arena_alloc(s->arena, sizeof *r.procs * np);
    return r;
}

/* Nothing raised again: only what the last walks set is cleared. */
static void raised_reset(Raised *r)
{
    for (int i = 0; i < r->nsigs; i++)
        r->first[r->sigs[i]] = NULL;
    for (int i = 0; i < r->nprocs; i++)
        r->seen[r->procs[i]] = false;
    r->nsigs = r->nprocs = 0;
}

/* What rules fn raises, kept: r walks it, then is reset. */
static RaisedList raised_by(Raised *r, const Sym *fn)
{
    collect_raised(r, fn);
    RaisedList l = {.n = r->nsigs};
    int *sig = arena_alloc(r->s->arena, sizeof *sig * (size_t)(r->nsigs + 1));
    const Node **at = arena_alloc(r->s->arena, sizeof *at * (size_t)(r->nsigs + 1));
    for (int i = 0; i < r->nsigs; i++) {
        sig[i] = r->sigs[i];
        at[i] = r->first[r->sigs[i]];
    }
    l.sig = sig;
    l.at = at;
    raised_reset(r);
    return l;
}

/* What any rule of the game raises. */
static Raised raised_by_any(Sema *s)
{
    Raised any = raised_none(s);
    for (int i = 0; i < s->g->procs.len; i++)
        collect_raised(&any, s->g->procs.items[i]);
    return any;
}

/* "the turn", "the round", "phase lessons": a unit of time by its name. */
const char *time_unit_words(Sema *s, const char *name)
{
    if (!strcmp(name, "turn") || !strcmp(name, "round"))
        return arena_printf(s->arena, "the %s", name);
    return arena_printf(s->arena, "phase '%s'", name);
}

/* The block that raises a unit's boundaries: "turn of", "round", "phase
 * lessons". */
static const char *time_block_words(Sema *s, const char *name)
{
    if (!strcmp(name, "turn"))
        return "turn of";
    if (!strcmp(name, "round"))
        return "round";
    return arena_printf(s->arena, "phase %s", name);
}

/* After every rule is checked: the handlers that never run because no
 * rule raises their event (a warning), and the cycles of triggers
 * (sema_trigger_cycles.c). */
void check_handlers_heard(Sema *s, const Program *prog)
{
    const Game *g = s->g;
    int n = g->handlers.len;
    if (n == 0)
        return;
    (void)prog;
    RaisedList *rs = arena_alloc(s->arena, sizeof *rs * (size_t)n);
    Raised any = raised_by_any(s), one = raised_none(s);
    for (int i = 0; i < n; i++) {
        const Handler *h = g->handlers.items[i];
        rs[i] = raised_by(&one, h->proc);
        const Node *pat = h->clause->pattern;
        if (h->event >= EV_USER && !any.first[h->event - EV_USER])
            diag_warning(s->diags, pat->loc, "this handler never runs: no rule raises event "
                                             "'%s'", pat->name);
        else if (h->event == EV_PLAYED && !any.first[sig_played(g)])
            diag_warning(s->diags, pat->loc, "this handler never runs: no rule plays a card");
        else if ((h->event == EV_START || h->event == EV_END) && pat->value >= 0 &&
                 !any.first[sig_unit(g, pat->value)])
            diag_warning(s->diags, pat->loc, "this handler never runs: no rule has a '%s' block "
                                             "(nothing %s %s)", time_block_words(s, pat->name),
                         h->event == EV_START ? "starts" : "ends",
                         time_unit_words(s, pat->name));
    }
    check_trigger_cycles(s, rs);
}

/* The clauses run before an event (instead of, react to) whose event no
 * rule raises: they never run (a warning, as for `on`). */
void check_befores_heard(Sema *s)
{
    const Game *g = s->g;
    if (g->befores.len == 0)
        return;
    Raised any = raised_by_any(s);
    for (int i = 0; i < g->befores.len; i++) {
        const Handler *h = g->befores.items[i];
        const Node *pat = h->clause->pattern;
        const char *what = h->clause->clause_kind == CLAUSE_REACT
                               ? "this reaction is never offered" : "this never runs";
        if (h->event >= EV_USER && !any.first[h->event - EV_USER])
            diag_warning(s->diags, pat->loc, "%s: no rule raises event '%s'", what, pat->name);
        else if (h->event == EV_PLAYED && !any.first[sig_played(g)])
            diag_warning(s->diags, pat->loc, "%s: no rule plays a card", what);
    }
}

/* The handler of list (Game.handlers or Game.befores) whose proc fn is,
 * or NULL: its clause numbers it (check_handler). */
static const Handler *handler_in(const PtrVec *list, const Sym *fn)
{
    const Node *c = fn->clause;
    if (c->handler_no < 0 || c->handler_no >= list->len)
        return NULL;
    const Handler *h = list->items[c->handler_no];
    return h->proc == fn ? h : NULL;
}

const Handler *on_handler_of(const Game *g, const Sym *fn)
{
    if (!fn || !fn->clause || fn->clause->clause_kind != CLAUSE_ON)
        return NULL;
    return handler_in(&g->handlers, fn);
}

const Handler *before_handler_of(const Game *g, const Sym *fn)
{
    const Node *c = fn ? fn->clause : NULL;
    if (!c || (c->clause_kind != CLAUSE_INSTEAD && c->clause_kind != CLAUSE_REACT))
        return NULL;
    return handler_in(&g->befores, fn);
}
