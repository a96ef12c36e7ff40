/* sema_limits.c: the game against the fixed sizes of the runtime.
 *
 * A generated game keeps all of its state in one flat struct (State,
 * runtime/rt_game.h) so that a copy is a memcpy; simulate zeroes it for
 * every game. Its size grows as zone slots times cards: cardc counts it
 * before it emits anything, as rt_game.h lays it out, and refuses a game
 * past max_state_bytes at the declaration that takes it there. The
 * generated C defines the count (GAME_STATE_BYTES) and rt_game.h asserts
 * that it is the State's size, so the two cannot drift apart.
 *
 * Beside it, what the runtime numbers in 16 bits: zone slots
 * (max_zone_slots), the different prompts and labels (max_distinct_*),
 * the options written in a menu (max_menu_options); the locals of a func
 * or proc, which a func keeps on the C stack (max_locals); and a menu
 * that offers more options than a decision holds every time it is
 * reached (max_options), and a set of cards whose steps (one card at a
 * time) could offer more (check_set_step_size). A decision whose options
 * depend on the game (guarded options, cards in a zone) may still have
 * too many at run time, and faults then (docs/LIMITS.md): a menu of more
 * options written and a choice of a card whose source may offer more
 * (check_card_choice_size) are warned about, with the most they can offer;
 * sets of cards never fault so: too many to list whole, they are chosen
 * one card at a time. */
#include "sema_int.h"

#include <string.h>

/* ---- the State's size ---------------------------------------------------- */

/* What sizeof(State) depends on: the game's constants in the generated C. */
typedef struct Shape {
    long long slots;    /* NSLOTS */
    long long cards;    /* NINSTANCES */
    long long kinds;    /* NCARDS */
    long long words;    /* int32_t members of GAME_STATE_VARS */
    long long locals;   /* NLOCALS: the slots of a Frame */
    long long depth;    /* MAXDEPTH: the Frames */
    long long ev_words; /* int32_t members of the events' part (events_state_words) */
    long long units;    /* NUNITS of a game with time (GAME_HAS_TIME), or 0 */
    long long rows;     /* NLASTING of a game with lasting rows, or 0 */
    long long caps;     /* NCAPTURE: the values a row keeps */
    bool holders;       /* GAME_HAS_HOLDERS: the queue of holders leaving play */
    long long bf_words; /* GAME_HAS_BEFORE: bret[NEVARGS], bcancel; or 0 */
    long long windows;  /* GAME_MAX_WINDOWS of a game with windows, or 0 */
    bool simul;         /* GAME_HAS_SIMUL: the simultaneous choice */
    bool show;          /* GAME_HAS_SHOW: the seats each card was shown to */
    long long out;      /* GAME_HAS_OUT: MAXP (the players out), or 0 */
    bool sets;          /* GAME_HAS_SETS: the set of a `choose cards` */
    long long heldz;    /* NHELDZ: the held zones (their sizes and counts) */
    long long players;  /* MAXP: the memo's versions per seat (pver) */
} Shape;

static long long align_up(long long n, long long a)
{
    return (n + a - 1) / a * a;
}

/* sizeof(State) for shape h: State's members (runtime/rt_game.h) in their
 * order, each at its natural alignment, as a 64-bit target lays them out
 * (a target that aligns 64-bit numbers less makes it a few bytes smaller).
 * A change to State changes this function too: the generated C asserts
 * that they agree (GAME_STATE_BYTES). */
static long long state_bytes(const Shape *h)
{
    long long n = RT_CORE_BYTES_SEMA;                  /* core */
    n += 2 * h->slots;                                 /* zsize */
    n += 2 * h->slots * h->cards;                      /* zcard */
    n += 2 * h->cards + 2 * h->cards;                  /* slot_of, pos_of */
    if (h->words)
        n = align_up(n, 4) + 4 * h->words;             /* GAME_STATE_VARS */
    n += 2 * h->slots * h->kinds;                      /* kcount */
    n = align_up(n, 8) + 8 * h->slots;                 /* kmask */
    n += 2 * h->slots * h->kinds + 2 * h->cards;       /* khead, knext */
    n = align_up(n, 8) + 8 + 4 + 4 + 8 + 4 + 4 + 8 + 8; /* optkinds .. candkinds, mver */
    n += 8 * h->players;                               /* pver */
    n += 2 * (h->sets && h->cards > RT_MAX_PICK_SEMA ? h->cards : RT_MAX_PICK_SEMA); /* cand */
    n = align_up(n, 4);
    n += 4 * h->ev_words;                              /* tq_head .. tq (events) */
    n += h->depth * 4 * (2 + h->locals);               /* fr: proc, pc, v[] */
    if (h->holders)                                    /* ndrop, dropping, dropq, */
        n = align_up(n + 4 + 4 + 2 * h->cards +        /* hzsize, hkcount */
                     2 * h->heldz + 2 * h->heldz * h->kinds, 4); /* (then int32_t) */
    n += 4 * h->bf_words;                              /* bret, bcancel */
    if (h->windows)                                    /* nwin, nwindows, win */
        n += 4 + 4 + h->windows * RT_WINDOW_BYTES_SEMA;
    if (h->simul)                                      /* nsimul, simul */
        n += 4 + RT_WINDOW_BYTES_SEMA;
    if (h->units)
        n += 4 + 2 * 4 * h->units;                     /* active, tstarts, tends */
    if (h->rows)
        n += 4 + h->rows * (8 + 4 * h->caps);          /* nlasting, lasting */
    if (h->show)
        n += h->cards;                                 /* seen */
    if (h->out)                                        /* outmask, nout, out_seat, out_turn */
        n = align_up(n, 4) + 4 + 4 + 2 * 4 * h->out;
    if (h->sets)                                       /* nsset .. sset_step, sset, sfrom */
        n = align_up(n, 4) + 4 * 4 + 2 * h->cards + 2 * h->cards;
    return align_up(n, 8);
}

/* "proc 'p'" for the proc named name, or "the effect of 'Card'" for a
 * card's effect (a proc named "effect of Card", sema_effects.c play_proc). */
static const char *proc_name(Sema *s, const char *name)
{
    const char *effect = "effect of ";
    if (!strncmp(name, effect, strlen(effect)))
        return arena_printf(s->arena, "the effect of '%s'", name + strlen(effect));
    return arena_printf(s->arena, "proc '%s'", name);
}

/* Is decl the declaration entered in v at index i (and not a second one
 * of the same name, which the game does not hold)? */
static bool entered(const PtrVec *v, int i, const Node *decl)
{
    return i >= 0 && i < v->len && v->items[i] == decl;
}

/* Grows the state's shape h by what declaration n adds to it; false if
 * it adds nothing. A proc's frame counts once, the largest. */
static bool grow_shape(const Game *g, Shape *h, const Node *n)
{
    if (n->kind == N_ZONEDECL && entered(&g->zones, n->zone_no, n)) {
        h->slots += zone_nslots(g, n);
        return true;
    }
    const PtrVec *vars = n->per_player == VAR_PER_CARD ? &g->cvars
                         : n->per_player ? &g->pvars : &g->globals;
    if (n->kind == N_VARDECL && entered(vars, n->var_no, n)) {
        h->words += n->per_player == VAR_PER_CARD ? h->cards
                    : n->per_player ? g->max_players : 1;
        return true;
    }
    if (n->kind == N_PROCDECL && n->nlocals + 2 > h->locals) {
        h->locals = n->nlocals + 2;
        return true;
    }
    return false;
}

/* How the message names declaration n, which grew the state past the
 * limit. */
static const char *passes(Sema *s, const Node *n, const Shape *h)
{
    if (n->kind == N_ZONEDECL)
        return arena_printf(s->arena, "zone '%s' passes the limit, with %d zone slots in all "
                                      "(a per-player zone has one per seat), each with room "
                                      "for all %lld cards", n->name, s->g->nslots, h->cards);
    if (n->kind == N_VARDECL)
        return arena_printf(s->arena, "variable '%s' passes the limit", n->name);
    return arena_printf(s->arena, "%s passes the limit with its locals: each of the %lld "
                                  "frames of procs in progress has room for as many (%d)",
                        proc_name(s, n->name), h->depth, n->nlocals);
}

/* Grows h by declaration d; true (and the error) if the State passes
 * max_state_bytes with it. */
static bool grows_past(Sema *s, Shape *h, const Node *d)
{
    if (!grow_shape(s->g, h, d) || state_bytes(h) <= MAX_STATE_BYTES_SEMA)
        return false;
    diag_error(s->diags, d->loc, "the game state would take %lld bytes (limit "
                                 "max_state_bytes = %d): %s",
               s->g->state_bytes, MAX_STATE_BYTES_SEMA, passes(s, d, h));
    return true;
}

/* Where the state passes max_state_bytes: its count grown by the
 * declarations in order (the rules' files in order, then the effects of
 * cards.yaml); the first that takes it past the limit is where the error
 * points, with the size of the whole state. */
static void locate_state_error(Sema *s, const Program *prog, Shape h)
{
    for (int i = 0; i < prog->decls.len + prog->effects.len; i++) {
        const Node *d = i < prog->decls.len ? prog->decls.items[i]
                                             : prog->effects.items[i - prog->decls.len];
        if (d->kind == N_EFFECT) {
            for (const Node *c = d->clauses; c; c = c->next)
                if (c->sym && grows_past(s, &h, c->sym->decl)) /* a play clause's proc */
                    return;
        } else if (grows_past(s, &h, d)) {
            return;
        }
    }
}

/* The words of GAME_STATE_VARS that are not the rules' variables: the
 * player of the last start_turn, kept for the views in a game without
 * time (with it, `active`), the direction of play of a game that
 * calls reverse(), and who is defeated in a game that calls defeat(). */
static int runtime_words(const Game *g)
{
    int n = (g->uses_start_turn && !g->uses_time) + g->uses_reverse +
            (g->uses_defeat ? g->max_players : 0);
    for (int i = 0; i < g->histories.len; i++) { /* h_K: a count and a unit each */
        const History *h = g->histories.items[i];
        n += 2 * (h->per == HIST_ONE ? 1 : h->per == HIST_PER_PLAYER ? g->max_players
                                                                    : g->cs->instances);
    }
    return n;
}

/* The State's size: counted into Game.state_bytes, and an error past
 * max_state_bytes. A game of more cards than a State holds is an error
 * already (max_game_cards), and so is a game without zones. */
static void check_state_size(Sema *s, const Program *prog)
{
    Game *g = s->g;
    const CardSet *cs = s->cs;
    if (cs->instances > 65535 || g->zones.len == 0)
        return;
    Shape h = {0, cs->instances, cs->ncards, 0, 2, g->max_depth, 0, 0, 0, 0, g->nheld > 0, 0, 0,
               false, false, 0, false, g->nheld, g->max_players};
    if (g->uses_time)
        h.units = UNIT_PHASE0 + g->phases.len;
    if (g->lasting.len > 0) {
        h.rows = g->max_lasting;
        h.caps = g->max_captures > 0 ? g->max_captures : 1;
    }
    Shape all = h;
    all.slots = g->nslots;
    all.words = g->globals.len + (long long)g->pvars.len * g->max_players +
                (long long)g->cvars.len * cs->instances + runtime_words(g);
    all.locals = g->max_locals + 2;
    all.ev_words = h.ev_words = events_state_words(g);
    if (game_has_befores(g))
        all.bf_words = h.bf_words = events_nargs(g) + 1;
    if (game_has_windows(g))
        all.windows = h.windows = g->max_reactions;
    all.show = h.show = g->uses_show;
    all.simul = h.simul = g->uses_simul;
    all.out = h.out = g->uses_out ? g->max_players : 0;
    all.sets = h.sets = g->sets.len > 0;
    g->state_bytes = state_bytes(&all);
    if (g->state_bytes > MAX_STATE_BYTES_SEMA)
        locate_state_error(s, prog, h);
}

/* ---- zone slots ---------------------------------------------------------- */

/* Zone slots are numbered in 16 bits: an error at the zone that takes the
 * game past max_zone_slots. */
static void check_zone_slots(Sema *s)
{
    const Game *g = s->g;
    if (g->nslots <= MAX_ZONE_SLOTS)
        return;
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        int n = zone_nslots(g, z);
        if (z->first_slot + n > MAX_ZONE_SLOTS) {
            diag_error(s->diags, z->loc, "the game would have %d zone slots (limit "
                                         "max_zone_slots = %d): zone '%s' passes the limit "
                                         "(a shared zone has one slot, a per-player zone one "
                                         "per seat%s)", g->nslots, MAX_ZONE_SLOTS, z->name,
                       (z->zflags & ZF_HELD) ? ", a held zone one per holder" : "");
            return;
        }
    }
}

/* ---- prompts and labels -------------------------------------------------- */

/* What find_text looks for: the decision whose prompt, or the option
 * whose label, has index `index` in Game.prompts or Game.labels. */
typedef struct FindText {
    bool label;
    int index;
    const Node *at;
} FindText;

static void find_text(const Node *n, void *ctx)
{
    FindText *f = ctx;
    if (f->at)
        return;
    bool decision = n->kind == N_MENU || n->kind == N_ASK || n->kind == N_CHOOSECARD ||
                    n->kind == N_CHOOSEPLAYER || n->kind == N_CHOOSEVALUE ||
                    n->kind == N_CHOOSECARDS;
    if (f->label ? n->kind == N_OPTION && n->label == f->index
                 : decision && n->prompt == f->index)
        f->at = n;
}

/* Where the text of index f->index is used first in the bodies of the
 * funcs, then of the procs and effects; the game's name if nowhere. */
static Loc text_loc(const Game *g, FindText *f)
{
    for (int i = 0; i < g->funcs.len + g->procs.len && !f->at; i++) {
        const Sym *fn = i < g->funcs.len ? g->funcs.items[i] : g->procs.items[i - g->funcs.len];
        ast_walk_const(fn->decl->body, find_text, f);
    }
    return f->at ? f->at->loc : g->name_loc;
}

/* A prompt is numbered in an int16_t, and so is a label: an error at the
 * first use of the first text past the limit. */
static void check_distinct_texts(Sema *s)
{
    const Game *g = s->g;
    if (g->prompts.len > MAX_DISTINCT_PROMPTS) {
        FindText f = {false, MAX_DISTINCT_PROMPTS, NULL};
        diag_error(s->diags, text_loc(g, &f), "the game has %d different prompts (limit "
                                              "max_distinct_prompts = %d): this one passes "
                                              "the limit", g->prompts.len, MAX_DISTINCT_PROMPTS);
    }
    if (g->labels.len > MAX_DISTINCT_LABELS) {
        FindText f = {true, MAX_DISTINCT_LABELS, NULL};
        diag_error(s->diags, text_loc(g, &f), "the game has %d different option labels (limit "
                                              "max_distinct_labels = %d): this one passes the "
                                              "limit", g->labels.len, MAX_DISTINCT_LABELS);
    }
}

void check_game_limits(Sema *s, const Program *prog)
{
    check_zone_slots(s);
    check_state_size(s, prog);
    check_distinct_texts(s);
}

/* ---- locals -------------------------------------------------------------- */

/* A func keeps its locals on the C stack (int32_t V[...]), with up to
 * MAX_FUNC_DEPTH (1,000) calls in progress; a proc in its frames, one
 * per call in progress. Either is bounded by max_locals. */
void check_locals(Sema *s, const Sym *fn)
{
    const Node *d = fn->decl;
    if (d->nlocals <= MAX_LOCALS)
        return;
    const char *what = fn->kind == S_FUNC ? arena_printf(s->arena, "func '%s'", fn->name)
                                          : proc_name(s, fn->name);
    diag_error(s->diags, d->loc, "%s has %d locals (limit max_locals = %d), counting its "
                                 "parameters, loop counters and the cards its filters look at",
               what, d->nlocals, MAX_LOCALS);
}

/* ---- decisions ----------------------------------------------------------- */

/* A menu whose options without a 'when' (or with 'when true') are more
 * than a decision holds: it would fault every time it is reached. And
 * the option taken is numbered in 16 bits: a menu of more options than
 * that is refused too, guarded or not. A menu that only may offer more
 * (more options written, some with a 'when') is a warning: it faults
 * when more 'when's hold than a decision holds. */
void check_menu_size(Sema *s, const Node *menu)
{
    int always = 0, all = 0;
    for (const Node *o = menu->options; o; o = o->next, all++)
        always += !o->guard || (o->guard->kind == N_BOOLLIT && o->guard->literal != 0);
    if (all > MAX_MENU_OPTIONS)
        diag_error(s->diags, menu->loc, "this menu has %d options (limit max_menu_options = "
                                        "%d)", all, MAX_MENU_OPTIONS);
    else if (always > RT_MAX_OPTIONS_SEMA)
        diag_error(s->diags, menu->loc, "this menu offers %d options every time (those without "
                                        "'when', or with 'when true'), more than a decision "
                                        "holds (limit max_options = %d)",
                   always, RT_MAX_OPTIONS_SEMA);
    else if (all > RT_MAX_OPTIONS_SEMA)
        diag_warning(s->diags, menu->loc, "this menu can offer up to %d options, more than the "
                                          "%d a decision holds: it faults when more than %d of "
                                          "their 'when's hold", all, RT_MAX_OPTIONS_SEMA,
                     RT_MAX_OPTIONS_SEMA);
}

/* May source src keep card cd (no filter, or one that may keep it)? */
static bool name_kept(const Node *src, const CardDef *cd)
{
    return !src->filter || kinds_eval(src->filter, src->slot, cd) != 0;
}

/* Is e the name of the element in frame slot `slot` (`name`, `c.name`)? */
static bool element_name(const Node *e, int slot)
{
    if (!e || e->kind != N_FIELD || e->attr != ATTR_NAME)
        return false;
    const Node *b = e->base;
    return b ? b->kind == N_IDENT && b->sym && b->sym->index == slot &&
                   (b->sym->kind == S_LOCAL || b->sym->kind == S_PARAM)
             : e->slot == slot;
}

/* At most how many card names filter f (on the element in slot `slot`)
 * keeps, from its shape alone: 1 for `name == "C"`, the sum of the sides
 * of an `or`, the lesser of an `and`; -1 when its shape does not say. A
 * filter of names is then not read once per card of a large card list
 * (tests/scaling.sh, choice-names: a choice per card). */
static long long names_by_shape(const Node *f, int slot)
{
    if (f->kind != N_BINARY)
        return -1;
    if (f->binop == OP_EQ)
        return (element_name(f->lhs, slot) && f->rhs->kind == N_STR) ||
                       (element_name(f->rhs, slot) && f->lhs->kind == N_STR)
                   ? 1 : -1;
    if (f->binop != OP_AND && f->binop != OP_OR)
        return -1;
    long long l = names_by_shape(f->lhs, slot), r = names_by_shape(f->rhs, slot);
    if (f->binop == OP_OR)
        return l < 0 || r < 0 ? -1 : l + r;
    return l < 0 ? r : r < 0 ? l : l < r ? l : r;
}

/* The card names of cards.yaml that source src may keep: all of them, or
 * at most those its filter may keep (from its shape, else read once per
 * name). */
static long long names_kept(const CardSet *cs, const Node *src)
{
    if (!src->filter)
        return cs->ncards;
    long long shaped = names_by_shape(src->filter, src->slot);
    if (shaped >= 0)
        return shaped < cs->ncards ? shaped : cs->ncards;
    long long names = 0;
    for (int i = 0; i < cs->ncards; i++)
        names += name_kept(src, cs->cards[i]);
    return names;
}

/* The most options a step of `choose cards` n may offer, when its sets
 * are too many to list whole and it is chosen one card at a time: one per
 * card name its source may hold (the names of the card list its filter
 * may keep), and "Done". (Listed whole, the sets are offered only when
 * they fit: that form is never too big.) An error at `choose` if that
 * passes what a decision holds. Only a game of 256 card names or more
 * reads the filter, once per name. */
void check_set_step_size(Sema *s, const Node *n)
{
    const CardSet *cs = s->cs;
    const Node *src = n->src;
    if (cs->ncards + 1 <= RT_MAX_OPTIONS_SEMA) /* (no filter to read: it fits) */
        return;
    long long names = names_kept(cs, src);
    if (names + 1 > RT_MAX_OPTIONS_SEMA)
        diag_error(s->diags, n->loc, "a step of this choice of cards may offer %lld options "
                                     "(%lld card names its source may hold, and 'Done'), more "
                                     "than a decision holds (limit max_options = %d)",
                   names + 1, names, RT_MAX_OPTIONS_SEMA);
}

/* Does a card of type t hold cards (is some held zone under t)? */
static bool type_holds_cards(const Game *g, int t)
{
    for (int i = 0; i < g->zones.len; i++) {
        const Node *z = g->zones.items[i];
        if ((z->zflags & ZF_HELD) && z->holder_type == t)
            return true;
    }
    return false;
}

/* The slots of the held zone a source over every holder's slot reads
 * (SRC_HELD): one per card of its holder type; 1 for any other source. */
static long long source_slots(const Game *g, const Node *src)
{
    const Node *z = src->in;
    if (src->src_kind != SRC_HELD || z->kind != N_IDENT || !z->sym || z->sym->kind != S_ZONE)
        return 1;
    return zone_nslots(g, z->sym->decl);
}

/* The most card options a `choose card` from src may offer, as the run
 * time makes them (rt_game.h, add_card and its kin): one per card name
 * the filter may keep, since copies are alike; but one per copy of a
 * card that holds cards, and one per name under each holder for a source
 * over every holder's slot. Never more than the cards of the game. Sets
 * *apart when some copies are told apart (holders). */
static long long card_options(Sema *s, const Node *src, bool *apart)
{
    const CardSet *cs = s->cs;
    long long slots = source_slots(s->g, src), n = 0;
    *apart = slots > 1;
    if (!s->g->nheld)
        return names_kept(cs, src);
    for (int i = 0; i < cs->ncards; i++) {
        const CardDef *cd = cs->cards[i];
        if (!name_kept(src, cd))
            continue;
        bool holds = type_holds_cards(s->g, cd->type->index);
        *apart |= holds && cd->count > 1;
        n += holds ? cd->count : slots;
    }
    return n < cs->instances ? n : cs->instances;
}

/* A `choose card` whose options may be more than a decision holds: a
 * warning at `choose` with the most it can offer (card_options, and its
 * 'else'); it faults at run time when it does. A game of no more cards
 * than a decision holds reads no filter. */
void check_card_choice_size(Sema *s, const Node *n)
{
    const Node *src = n->src;
    int els = n->els != NULL;
    if (src->type != T_CARD || s->cs->instances + els <= RT_MAX_OPTIONS_SEMA)
        return;
    bool apart = false;
    long long cards = card_options(s, src, &apart);
    if (n->kind == N_CHOOSECARD && n->each) { /* a name per player's zone */
        cards *= RT_MAX_PLAYERS_SEMA;
        if (cards > s->cs->instances)
            cards = s->cs->instances;
    }
    if (cards + els <= RT_MAX_OPTIONS_SEMA)
        return;
    diag_warning(s->diags, n->loc, "this choice can offer up to %lld options (%lld %s%s), more "
                                   "than the %d a decision holds: it faults when it does",
                 cards + els, cards,
                 apart ? "cards its source may hold, copies told apart where they differ"
                       : "card names its source may hold",
                 els ? ", and its 'else'" : "", RT_MAX_OPTIONS_SEMA);
}
