/* sema.c: name resolution, types and build-time proofs for the rules.
 *
 * Two passes over the declarations: the first enters every zone, variable,
 * func and proc in the global table (so order does not matter); the second
 * checks bodies. Locals live in numbered frame slots (params first); a
 * source's element (`c in zone`, or the implicit card of `zone where ...`)
 * gets a slot too, so nested filters can refer to outer elements.
 *
 * This file holds the passes and the checks of the game as a whole; the
 * checks of what a body holds are in sema_names.c (names, scopes),
 * sema_expr.c (expressions, sources, filters), sema_call.c (calls) and
 * sema_stmt.c (statements, decisions), which share sema_int.h. */
#include "sema_int.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int sema_locals(const Sym *fn)
{
    return fn->decl->nlocals;
}

/* ---- the first pass: declarations -------------------------------------- */

/* What a global of this kind is called in a message. */
static const char *global_kind_name(SymKind kind)
{
    switch (kind) {
    case S_ZONE:  return "zone";
    case S_PROC:  return "proc";
    case S_FUNC:  return "func";
    case S_EVENT: return "event";
    default:      return "variable";
    }
}

/* A game's name that is also a builtin's is the game's (LANGUAGE.md,
 * "Compatibility"): a builtin added to the language never breaks a game
 * that built. The warning says which builtin the name takes and what is
 * left of it: a func, a proc or an event takes its calls too; a variable
 * or a zone only the name alone, as neither can be called. */
static void warn_builtin_taken(Sema *s, const Node *decl, SymKind kind)
{
    const char *name = decl->name, *what = global_kind_name(kind);
    int b = find_builtin(name);
    if (b >= 0 && (kind == S_FUNC || kind == S_PROC || kind == S_EVENT))
        diag_warning(s->diags, decl->loc, "%s '%s' takes the name of the builtin %s: "
                     "every '%s(...)' of these rules %s this %s", what, name,
                     builtin_meaning(b), name, kind == S_EVENT ? "raises" : "calls", what);
    else if (b >= 0)
        diag_warning(s->diags, decl->loc, "%s '%s' takes the name of the builtin %s: the "
                     "name alone means this %s; '%s(...)' still calls the builtin",
                     what, name, builtin_meaning(b), what, name);
    else if (!strcmp(name, "chosen"))
        diag_warning(s->diags, decl->loc, "%s '%s' takes the name of the builtin 'chosen', "
                     "the cards chosen so far in the 'such that' of 'choose cards': the name "
                     "means this %s there too", what, name, what);
}

/* Enters a zone, a variable, a func or a proc in the global table; NULL
 * if the name is taken. */
Sym *enter_global(Sema *s, Node *decl, SymKind kind, Type t)
{
    Sym *sym = arena_alloc(s->arena, sizeof *sym);
    sym->kind = kind;
    sym->name = sym->cname = decl->name;
    sym->decl = decl;
    sym->type = t;
    sym->attr = -1;
    Sym *prev = strmap_put(s->arena, &s->globals, decl->name, sym);
    if (prev) {
        diag_error(s->diags, decl->loc, "'%s' is declared twice", decl->name);
        diag_note(s->diags, prev->decl->loc, "first declared here");
        return NULL;
    }
    const TypeDef *type = cards_find_type(s->cs, decl->name);
    if (type) {
        diag_error(s->diags, decl->loc, "'%s' is already a card type: give this %s another "
                   "name", decl->name, global_kind_name(kind));
        diag_note(s->diags, type->loc, "card type '%s' is declared here", type->name);
    }
    warn_builtin_taken(s, decl, kind);
    return sym;
}

/* zone_flag: TOP IDENT ('top public'): the top card of an ordered zone
 * that is not public, shown to every player (LANGUAGE.md §2). */
static void check_top_public(Sema *s, Node *z, int flags, int vis)
{
    if (!(flags & ZF_TOP_PUBLIC))
        return;
    if (!(flags & ZF_ORDERED) || (flags & ZF_HELD))
        diag_error(s->diags, z->loc, "zone '%s' is 'top public' but not ordered: only an "
                                     "ordered zone (not held) has a top card", z->name);
    else if (vis == VIS_PUBLIC)
        diag_error(s->diags, z->loc, "zone '%s' is public and 'top public': every card of a "
                                     "public zone is seen; make it owner or hidden", z->name);
    s->g->uses_show = true; /* the state keeps what is seen of each card */
}

/* zone_flag `reacts`: the cards of the zone may answer reaction windows,
 * for the player who owns them (a per-player zone) or controls them (a
 * zone in play); that player must see them (LANGUAGE.md §8, "Where cards
 * react from"). */
static void check_reacts_zone(Sema *s, Node *z, int flags, int vis)
{
    if (!(flags & ZF_REACTS))
        return;
    const Node *f = reacts_flag(z);
    if (vis == VIS_HIDDEN)
        diag_error(s->diags, f->loc, "zone '%s' is hidden, so its cards cannot react: a "
                                     "player reacts only with cards he sees (make it owner "
                                     "or public)", z->name);
    else if (!(flags & (ZF_PER_PLAYER | ZF_IN_PLAY)))
        diag_error(s->diags, f->loc, "zone '%s' is %s and not in play, so its cards "
                                     "cannot react: no player owns them or controls them",
                                     z->name, flags & ZF_HELD ? "held under cards" : "shared");
}

/* decl: ZONE IDENT ':' zone_flags */
static void declare_zone(Sema *s, Node *z)
{
    int flags = 0, vis = -1;
    for (Node *f = z->flag_list; f; f = f->next) {
        const char *w = f->name;
        int v = -1;
        if (holder_zone_flag(s, z, f, &flags))
            continue;
        if (!strcmp(w, "per player"))
            flags |= ZF_PER_PLAYER;
        else if (!strcmp(w, "shared"))
            ;
        else if (!strcmp(w, "ordered"))
            flags |= ZF_ORDERED;
        else if (!strcmp(w, "in play"))
            flags |= ZF_IN_PLAY;
        else if (!strcmp(w, "top public"))
            flags |= ZF_TOP_PUBLIC;
        else if (!strcmp(w, "reacts"))
            flags |= ZF_REACTS;
        else if (!strcmp(w, "public"))
            v = VIS_PUBLIC;
        else if (!strcmp(w, "owner"))
            v = VIS_OWNER;
        else if (!strcmp(w, "hidden") || !strcmp(w, "secret"))
            v = VIS_HIDDEN;
        else {
            static const char *const words[] = {"shared", "per player", "ordered", "public",
                                                "owner", "hidden", "secret", "in play",
                                                "keep", "top public", "reacts"};
            error_unknown(s, f->loc, "zone property", w, words, 11);
        }
        if (v >= 0) {
            if (vis >= 0)
                diag_error(s->diags, f->loc, "zone '%s' has two visibilities", z->name);
            vis = v;
        }
    }
    if (vis < 0)
        diag_error(s->diags, z->loc, "zone '%s' needs a visibility: public, owner or hidden",
                   z->name);
    check_held_zone_flags(s, z, flags);
    check_top_public(s, z, flags, vis);
    check_reacts_zone(s, z, flags, vis);
    if (vis == VIS_OWNER && !(flags & (ZF_PER_PLAYER | ZF_HELD)))
        diag_error(s->diags, z->loc, "zone '%s' is shared, so it has no owner to see it", z->name);
    z->zflags = flags;
    z->vis = vis < 0 ? VIS_PUBLIC : vis;
    Sym *sym = enter_global(s, z, S_ZONE, T_ZONE);
    if (!sym)
        return;
    z->zone_no = sym->index = s->g->zones.len;
    vec_push(s->arena, &s->g->zones, z);
    s->g->nheld += (flags & ZF_HELD) != 0;
}

/* decl: FUNC IDENT '(' params ')' ':' var_type [',' IDENT] ('=' expr | block)
 *     | PROC IDENT '(' params ')' (':' var_type)? block */
static void declare_fn(Sema *s, Node *f, bool proc)
{
    if (f->result_how) /* `func f(): suit`: a value of suit; `: name`, a card name */
        f->type = named_type(s, f->result_how, &f->attr);
    Sym *sym = enter_global(s, f, proc ? S_PROC : S_FUNC, f->type);
    if (!sym)
        return;
    if (f->type == T_VALUE)
        sym->attr = f->attr;
    int k = 0;
    for (Node *p = f->params; p; p = p->next, k++) {
        p->attr = -1;
        if (p->how && cards_find_type(s->cs, p->how->name)) {
            diag_error(s->diags, p->how->loc, "a parameter typed by a card type is for events "
                                              "only: write '%s: card'", p->name);
        } else if (p->how) { /* an attribute's value `s: suit`, a card name `n: name` */
            p->type = named_type(s, p->how, &p->attr);
        }
        if (k < 8)
            sym->params[k] = p->type;
    }
    if (k > 8)
        diag_error(s->diags, f->loc, "'%s' has %d parameters (limit max_params = 8)", f->name, k);
    sym->nparams = k;
    if (!proc)
        declare_func_shown(s, f, sym);
    if (proc) {
        sym->index = s->g->procs.len;
        vec_push(s->arena, &s->g->procs, sym);
    } else {
        sym->index = s->g->funcs.len;
        vec_push(s->arena, &s->g->funcs, sym);
    }
}

/* decl: GAME STRING */
static void declare_game(Sema *s, Node *n)
{
    if (s->have_game)
        diag_error(s->diags, n->loc, "'game' is given twice");
    s->have_game = true;
    s->g->name = n->name;
    s->g->name_loc = n->loc;
}

/* decl: PLAYERS NUMBER DOTDOT NUMBER | PLAYERS NUMBER */
static void declare_players(Sema *s, Node *n)
{
    if (s->have_players)
        diag_error(s->diags, n->loc, "'players' is given twice");
    s->have_players = true;
    if (n->min_players < 1 || n->max_players < n->min_players ||
        n->max_players > RT_MAX_PLAYERS_SEMA) {
        diag_error(s->diags, n->loc, "players %lld..%d: the range must be within 1..%d "
                                     "(limit max_players)",
                   n->min_players, n->max_players, RT_MAX_PLAYERS_SEMA);
        return;
    }
    s->g->min_players = (int)n->min_players;
    s->g->max_players = n->max_players;
}

/* The limits a game may set (`limit NAME N`): N from lo to hi, into the
 * Game's member at `off` (a long long). */
static const struct {
    const char *name;
    long long lo, hi;
    size_t off;
} limit_kinds[] = {
    {"decisions", 1, MAX_DECISIONS_LIMIT, offsetof(Game, max_decisions)},
    {"reactions", 1, MAX_REACTIONS_LIMIT, offsetof(Game, max_reactions)},
};
enum { NLIMIT_KINDS = sizeof limit_kinds / sizeof *limit_kinds };

/* decl: LIMIT IDENT NUMBER */
static void declare_limit(Sema *s, Node *n)
{
    if (!strcmp(n->name, "lasting")) {
        declare_lasting_limit(s, n);
        return;
    }
    if (!strcmp(n->name, "triggers")) {
        declare_limit_triggers(s, n);
        return;
    }
    int k = 0;
    while (k < NLIMIT_KINDS && strcmp(n->name, limit_kinds[k].name))
        k++;
    if (k == NLIMIT_KINDS) {
        const char *names[NLIMIT_KINDS + 2];
        for (int i = 0; i < NLIMIT_KINDS; i++)
            names[i] = limit_kinds[i].name;
        names[NLIMIT_KINDS] = "lasting";
        names[NLIMIT_KINDS + 1] = "triggers";
        error_unknown(s, n->loc, "limit", n->name, names, NLIMIT_KINDS + 2);
        return;
    }
    if (s->limits_seen & (1u << k)) {
        diag_error(s->diags, n->loc, "'limit %s' is given twice", n->name);
        return;
    }
    s->limits_seen |= 1u << k;
    if (n->limit < limit_kinds[k].lo || n->limit > limit_kinds[k].hi)
        diag_error(s->diags, n->loc, "limit %s %lld: give a number from %lld to %lld", n->name,
                   n->limit, limit_kinds[k].lo, limit_kinds[k].hi);
    else
        *(long long *)((char *)s->g + limit_kinds[k].off) = n->limit;
}

/* decl: VAR IDENT ':' var_type '=' expr [',' IDENT]
 *     | VAR IDENT ':' PER PLAYER var_type '=' expr [',' IDENT]
 *     | VAR IDENT ':' PER CARD var_type '=' expr [',' IDENT] */
static void declare_var(Sema *s, Node *n)
{
    static const SymKind kinds[] = {[VAR_GAME] = S_GLOBAL, [VAR_PER_PLAYER] = S_PVAR,
                                    [VAR_PER_CARD] = S_CVAR};
    if (n->how) /* `var NAME: ATTR = VALUE`, `var NAME: name = "Card"` */
        n->type = named_type(s, n->how, &n->attr);
    Sym *sym = enter_global(s, n, kinds[n->per_player], n->type);
    declare_var_shown(s, n, sym);
    if (!sym)
        return;
    if (n->type == T_VALUE)
        sym->attr = n->attr;
    PtrVec *v = n->per_player == VAR_PER_CARD ? &s->g->cvars
                : n->per_player ? &s->g->pvars : &s->g->globals;
    n->var_no = sym->index = v->len;
    vec_push(s->arena, v, n);
}

/* The first pass: enters declaration n, so that the bodies checked after
 * may use any name, whatever the order of the declarations. */
static void declare_decl(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_GAMEDECL:    declare_game(s, n); break;
    case N_PLAYERSDECL: declare_players(s, n); break;
    case N_ZONEDECL:    declare_zone(s, n); break;
    case N_LIMITDECL:   declare_limit(s, n); break;
    case N_PHASESDECL:  declare_phases(s, n); break;
    case N_VARDECL:     declare_var(s, n); break;
    case N_FUNCDECL:    declare_fn(s, n, false); break;
    case N_PROCDECL:    declare_fn(s, n, true); break;
    case N_EVENTDECL:   declare_event(s, n); break;
    case N_ORDERDECL:   declare_trigger_order(s, n); break;
    case N_WINNERSDECL: declare_winners(s, n); break;
    case N_WINDOWDECL:  declare_card_window(s, n); break;
    default:            break;
    }
}

/* ---- the second pass: bodies ------------------------------------------- */

/* A variable's initial value: a constant. */
static void check_var_init(Sema *s, Node *n)
{
    s->in_proc = false;
    s->implicit_slot = -1;
    Type t = check_expr_as(s, n->init, n->type, n->how ? n->attr : -1);
    char ctx[160];
    snprintf(ctx, sizeof ctx, "the first value of '%s'", n->name);
    expect_value(s, n->init, n->type, n->how ? n->attr : -1, t, ctx);
    bool value = (n->init->kind == N_IDENT && !n->init->sym && t == T_VALUE) ||
                 (n->init->kind == N_STR && (t == T_NAME || t == T_UNKNOWN));
    if (n->init->kind != N_NUM && n->init->kind != N_BOOLLIT && n->init->kind != N_NONELIT &&
        !(n->init->kind == N_UNARY && n->init->operand->kind == N_NUM) && !value)
        diag_error(s->diags, n->init->loc, "the first value of '%s' must be a constant",
                   n->name);
}

/* The body of a func or a proc (or of an effect, made a proc): its
 * parameters are its first frame slots. */
void sema_check_fn(Sema *s, Sym *sym)
{
    Node *f = sym->decl;
    s->fn = sym;
    s->in_proc = sym->kind == S_PROC;
    s->nlocals = 0;
    scope_pop(s, 0);
    s->loops = 0;
    s->implicit_slot = -1;
    for (Node *p = f->params; p; p = p->next) {
        p->sym = declare_local(s, p, p->name, p->type, S_PARAM);
        if (p->type == T_VALUE)
            p->sym->attr = p->attr;
    }
    if (s->event_scope)
        scope_event_values(s);
    if (s->event_scope && (f->asks || f->declines))
        check_window_texts(s, f);
    if (f->expr_body) {
        int attr = f->type == T_VALUE ? f->attr : -1;
        Type t = check_expr_as(s, f->expr_body, f->type, attr);
        expect_value(s, f->expr_body, f->type, attr, t,
                     sym->clause && sym->clause->clause_kind == CLAUSE_ON
                         ? "the 'where' of a handler" : "the value of the func");
    } else if (f->body) {
        check_block(s, f->body);
        /* a func or a proc with a result must end in 'return' */
        if (f->type != T_VOID) {
            Node *last = f->body->stmts;
            while (last && last->next)
                last = last->next;
            if (!last || last->kind != N_RETURN)
                diag_error(s->diags, f->loc, "'%s' must end with 'return' and a value", f->name);
        }
    }
    f->nlocals = s->nlocals;
    finish_delayed(s, f);
    check_locals(s, sym);
    if (s->in_proc && s->nlocals > s->g->max_locals)
        s->g->max_locals = s->nlocals;
}

/* The second pass: the initial values of the variables (game variables,
 * then per-player ones), then the bodies of funcs, procs and effects. */
static void check_bodies(Sema *s, const Program *prog)
{
    for (int i = 0; i < s->g->globals.len; i++)
        check_var_init(s, s->g->globals.items[i]);
    for (int i = 0; i < s->g->pvars.len; i++)
        check_var_init(s, s->g->pvars.items[i]);
    for (int i = 0; i < s->g->cvars.len; i++)
        check_var_init(s, s->g->cvars.items[i]);
    for (int i = 0; i < s->g->funcs.len; i++)
        sema_check_fn(s, s->g->funcs.items[i]);
    int nprocs = s->g->procs.len; /* the procs of the rules, not of the effects */
    for (int i = 0; i < nprocs; i++)
        if (!event_of_body(s, s->g->procs.items[i])) /* checked once, as its event */
            sema_check_fn(s, s->g->procs.items[i]);
    for (int i = 0; i < s->g->events.len; i++)
        check_event(s, s->g->events.items[i]);
    check_card_windows(s);
    check_invariants(s, prog);
    check_rules_handlers(s, prog);
    check_effects(s, prog);
    finish_befores(s);
    finish_trigger_order(s);
}

/* ---- the game as a whole ----------------------------------------------- */

/* Where a message about the rules as a whole points: line 1 of the file of
 * the first declaration, or of the first rules file. */
static Loc rules_loc(const Program *prog)
{
    const SrcFile *f = NULL;
    for (int i = 0; i < prog->decls.len && !f; i++)
        f = ((const Node *)prog->decls.items[i])->loc.file;
    if (!f)
        f = prog->first;
    return (Loc){f, f ? 1 : 0, 1, 1};
}

/* A game needs a name, a number of players and a zone. */
static void check_header(Sema *s, Loc none)
{
    if (!s->have_game)
        diag_error(s->diags, none, "the rules do not name the game: add 'game \"Name\"'");
    if (!s->have_players)
        diag_error(s->diags, none, "the rules do not say how many play: add 'players 2..4'");
    if (s->g->zones.len == 0)
        diag_error(s->diags, none, "the rules declare no zone: cards need a place to be");
}

/* 'func score(p: player): int' or 'func tiebreak(p: player): int' */
static bool is_player_score(const Sym *f)
{
    return f->kind == S_FUNC && f->type == T_INT && f->nparams == 1 &&
           f->params[0] == T_PLAYER;
}

/* main, where a game starts, and score and tiebreak, which rank the
 * players when it ends: what no rule calls but the game itself. */
static void check_entry_points(Sema *s, Loc none)
{
    Game *g = s->g;
    g->main = strmap_get(&s->globals, "main");
    if (!g->main || g->main->kind != S_PROC)
        diag_error(s->diags, none, "the rules have no 'proc main()': the game starts there");
    else if (g->main->nparams != 0)
        diag_error(s->diags, g->main->decl->loc, "'main' takes no parameters");
    g->score = strmap_get(&s->globals, "score");
    if (g->score && !is_player_score(g->score))
        diag_error(s->diags, g->score->decl->loc,
                   "'score' must be 'func score(p: player): int'");
    g->tiebreak = strmap_get(&s->globals, "tiebreak");
    if (g->tiebreak && !is_player_score(g->tiebreak))
        diag_error(s->diags, g->tiebreak->decl->loc,
                   "'tiebreak' must be 'func tiebreak(p: player): int'");
    if (g->main)
        g->main->used = true;
    if (g->score)
        g->score->used = true;
    if (g->tiebreak)
        g->tiebreak->used = true;
}

/* A rule no path reaches: declared but never used. */
static void warn_unused(Sema *s)
{
    for (int i = 0; i < s->globals.cap; i++) {
        Sym *sym = s->globals.vals[i];
        if (!s->globals.keys[i] || sym->used)
            continue;
        const char *what = sym->kind == S_PROC ? "proc" : sym->kind == S_FUNC ? "func"
                           : sym->kind == S_ZONE ? "zone" : sym->kind == S_EVENT ? "event"
                           : "variable";
        diag_warning(s->diags, sym->decl->loc, "%s '%s' is never used: no rule reaches it",
                     what, sym->name);
    }
}

/* Zone slots: a shared zone takes one, a per-player zone one per seat. */
static void number_zone_slots(Game *g)
{
    int slot = 0;
    for (int i = 0; i < g->zones.len; i++) {
        Node *z = g->zones.items[i];
        z->first_slot = slot;
        slot += zone_nslots(g, z);
    }
    g->nslots = slot;
}

/* A card of the game state is a uint16_t. */
static void check_card_count(Sema *s)
{
    const CardSet *cs = s->cs;
    if (cs->instances > 65535)
        diag_error(s->diags, cs->game_loc, "a game holds at most 65535 cards (limit "
                                           "max_game_cards), %s has %lld",
                   cs->file->path, cs->instances);
}

/* ---- the checker ------------------------------------------------------- */

static void game_defaults(Game *g, const CardSet *cs)
{
    memset(g, 0, sizeof *g);
    g->cs = cs;
    g->min_players = 2;
    g->max_players = 4;
    g->max_depth = 32;
    g->max_decisions = DEFAULT_MAX_DECISIONS;
    g->max_reactions = DEFAULT_MAX_REACTIONS;
    g->respond_label = -1;
    g->done_label = -1;
    g->order_prompt = -1;
    g->max_triggers = DEFAULT_MAX_TRIGGERS;
    g->max_lasting = DEFAULT_MAX_LASTING;
}

bool sema_check(Arena *a, Diags *d, const CardSet *cs, Program *prog, Game *g)
{
    game_defaults(g, cs);
    Sema s = {.arena = a, .diags = d, .cs = cs, .g = g, .implicit_slot = -1};
    int before = d->nerrors;
    for (int i = 0; i < prog->decls.len; i++)
        declare_decl(&s, prog->decls.items[i]);
    Loc none = rules_loc(prog);
    if (prog->decls.len == 0) {
        diag_error(d, none, "no rules: a game needs at least 'game', 'players', a zone and "
                            "'proc main()'");
        return false;
    }
    check_header(&s, none);
    resolve_held_zones(&s);
    check_bodies(&s, prog);
    check_shown_secrets(&s);
    check_modifier_cycles(&s);
    mark_before_kind_checks(&s);
    /* what is proven of the whole deck, when every card loaded */
    bool deck = cs->nleft_out == 0;
    if (deck)
        warn_effects_never_run(&s);
    int proofs = d->nerrors;
    if (deck) {
        check_needs(&s, prog);
        check_preventions(&s);
    } else {
        check_needs_partial(&s);
    }
    s.soft_errors += d->nerrors - proofs; /* proofs about cards: the rules are whole */
    if (g->nheld) {
        if (deck)
            check_holder_kinds(&s, prog);
        check_self_holders(&s);
    }
    sema_effect_names(d, cs, prog, false);
    check_entry_points(&s, none);
    check_winners(&s);
    check_agents(&s);
    warn_unused(&s);
    warn_unreached(&s);
    warn_nobody_out(&s);
    number_zone_slots(g);
    check_card_count(&s);
    if (g->sets.len > 0) /* the last option of a step of a set (cgen) */
        g->done_label = intern_str(&s, &g->labels, &s.label_ix, "Done");
    check_game_limits(&s, prog);
    if (deck && d->nerrors - s.soft_errors == before) {
        check_event_kinds(&s);
        if (s.kinds) {
            check_reach(&s);
            check_draws(&s);
            check_bottom_draws(&s);
            check_may_empty(&s);
            check_before_kinds(&s);
            check_name_kinds(&s);
        }
        check_handlers_heard(&s, prog);
        check_befores_heard(&s);
        check_move_befores(&s);
    }
    if (d->nerrors - s.soft_errors == before)
    {
        check_decision_secrets(&s); /* the rules whole: every name resolved */
        find_secret_vars(&s);       /* what the agents' deals forget */
        check_decision_reached(&s);
        check_supply(&s, prog);
        check_option_reach(&s);
        check_usage(&s, prog);
        check_type_uses(&s, prog);
        check_never_conds(&s); /* size(Z) bounded by Z's kinds, when known */
    }
    check_value_choices(&s); /* size(Z) bounded by Z's kinds, when known */
    return d->nerrors == before;
}
