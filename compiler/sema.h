/* sema.h: resolving and checking a rules program against its cards.
 *
 * sema_check binds every name (zones, variables, procedures, card types,
 * attributes, values, card names), types every expression, and proves what
 * can be proven at build time; it fills in the Node fields the code
 * generator reads and collects the tables it emits. */
#ifndef CARDC_SEMA_H
#define CARDC_SEMA_H

#include "ast.h"
#include "cards.h"

/* Builtin functions and statements: name, minimum and maximum arguments. */
#define BUILTINS(X)                                                              \
    X(COUNT, "count", 1, 1) X(ANY, "any", 1, 1) X(ALL, "every", 1, 1)             \
    X(SUM, "sum", 2, 2) X(MIN, "min", 2, 2) X(MAX, "max", 2, 2)                 \
    X(DISTINCT, "distinct", 2, 2) X(FIRST, "first", 1, 1) X(SIZE, "size", 1, 1) \
    X(NEXT, "next", 1, 1) X(SEAT, "seat", 1, 1) X(VALUES, "values", 1, 1)       \
    X(CHANCE, "chance", 1, 1) X(ROLL, "roll", 1, 1) X(ABS, "abs", 1, 1)         \
    X(START_TURN, "start_turn", 1, 1) X(NPLAYERS, "player_count", 0, 0)          \
    X(PLAYABLE, "playable", 2, 2) X(CONTROLLER, "controller", 1, 1)              \
    X(ACTIVE, "active", 0, 0) \
    X(HOLDER, "holder", 1, 1) X(PREV, "prev", 1, 1) X(REVERSE, "reverse", 0, 0) \
    X(DEFEAT, "defeat", 1, 1) X(DEFEATED, "defeated", 1, 1)                    \
    X(ELIMINATE, "eliminate", 1, 1) X(IS_OUT, "is_out", 1, 1)                    \
    X(PLAYERS_IN, "players_in", 0, 0) X(NAME_HAS, "name_has", 2, 2)

/* Mirrors of runtime limits (rt.h); generated code asserts they agree. */
enum { RT_MAX_PICK_SEMA = 8, RT_MAX_PLAYERS_SEMA = 8 };

/* Characters of an option's label in the rules (limit max_label). The
 * runtime holds a label in a fixed buffer (RT_LABEL_MAX, runtime/rtcli.h)
 * sized for this and for a set of max_pick card names: never cut. */
enum { MAX_LABEL = 1000 };

/* Decisions a game may take before it ends as a draw ('limit decisions N'). */
enum { DEFAULT_MAX_DECISIONS = 100000, MAX_DECISIONS_LIMIT = 1000000000 };
/* Reaction windows open at once, one inside another (`limit reactions`):
 * the State holds this many (runtime/rt_game.h, GAME_MAX_WINDOWS). */
enum { DEFAULT_MAX_REACTIONS = 8, MAX_REACTIONS_LIMIT = 64 };
/* sizeof(RtWindow) (runtime/rt.h), in the count of the State's bytes. */
enum { RT_WINDOW_BYTES_SEMA = 364 };
/* Triggers fired between two decisions before a game faults, and the
 * length of its trigger queue ('limit triggers N'). */
enum { DEFAULT_MAX_TRIGGERS = 1000, MAX_TRIGGERS_LIMIT = 1000000 };

/* Rows of lasting and delayed effects a game holds at once ('limit
 * lasting N'): an 'until' or an 'at' writes one. */
enum { DEFAULT_MAX_LASTING = 64, MAX_LASTING_LIMIT = 10000 };

/* An 'until' or an 'at' statement: the rows it writes keep the values of
 * the locals of its rule that it reads (captured when it runs). */
/* A 'while in play' clause of a card's effect: its modifiers hold while
 * a card of the effect is in play, computed from the cards in play each
 * time a func they change is called. Their frame is that of a func of
 * (me, this): this the card, me its controller. */
typedef struct Continuous {
    Node *clause;       /* the CLAUSE_WHILE_IN_PLAY, body = MODIFIER list */
    const Node *effect; /* the EFFECT it is a clause of */
    Node *decl;         /* the FUNCDECL of its frame: params me, this; nlocals */
} Continuous;

typedef struct Lasting {
    Node *stmt;         /* the N_UNTIL or N_AT (stmt->lasting_no is its index) */
    const Sym *rule;    /* the func or proc it is written in: its slots are
                         * that rule's (an 'at' block inside it included) */
    int ncap;           /* how many values a row keeps */
    int *cap;           /* the frame slots of the rule they come from */
} Lasting;

/* A question the rules ask of the past (sema_history.c): how often the
 * event happened with the argument `arg` (or at all: -1), in the unit of
 * time in progress (or the game: -1). The state keeps a count and the
 * unit's number when it was last counted, once (HIST_ONE), per player or
 * per card. */
enum { HIST_ONE, HIST_PER_PLAYER, HIST_PER_CARD };
typedef struct History {
    const Sym *event;
    int arg;            /* the argument counted by, or -1 */
    int unit;           /* UNIT_TURN, UNIT_ROUND, a phase's; -1: the game */
    int per;            /* HIST_ONE, HIST_PER_PLAYER, HIST_PER_CARD */
} History;

typedef enum Builtin {
#define X(k, s, lo, hi) B_##k,
    BUILTINS(X)
#undef X
    B__COUNT
} Builtin;

/* The fixed sizes of the runtime a game must fit (docs/LIMITS.md), each
 * checked by sema_limits.c and named in its message:
 *   MAX_STATE_BYTES_SEMA  max_state_bytes: the State's bytes (rt_game.h
 *                         MAX_STATE_BYTES, which asserts it again);
 *   RT_CORE_BYTES_SEMA    sizeof(RtCore) (rt.h), the State's first member:
 *                         the generated C asserts the count of the State's
 *                         bytes that includes it (GAME_STATE_BYTES);
 *   MAX_ZONE_SLOTS        max_zone_slots: a zone slot is an int16_t in the
 *                         runtime's tables (RtZone.slot, slot_zone);
 *   RT_MAX_OPTIONS_SEMA   max_options: options of one decision (rt.h
 *                         RT_MAX_OPTIONS);
 *   MAX_MENU_OPTIONS      max_menu_options: options written in one menu
 *                         (the one taken is a uint16_t, RtOption.ids[0]);
 *   MAX_DISTINCT_PROMPTS, MAX_DISTINCT_LABELS   max_distinct_prompts,
 *                         max_distinct_labels: the different prompts and
 *                         option labels of a game (their indexes are
 *                         int16_t: RtDecision.prompt, RtOption.a);
 *   MAX_LOCALS            max_locals: frame slots of a func, proc or
 *                         effect; a func keeps them on the C stack, and
 *                         1,000 func calls may be in progress. */
enum {
    MAX_STATE_BYTES_SEMA = 64 * 1024 * 1024,
    RT_CORE_BYTES_SEMA = 5240,
    MAX_ZONE_SLOTS = 32767,
    RT_MAX_OPTIONS_SEMA = 256,
    MAX_MENU_OPTIONS = 65535,
    MAX_DISTINCT_PROMPTS = 32767,
    MAX_DISTINCT_LABELS = 32767,
    MAX_LOCALS = 1000,
    MAX_WORDS = 3,              /* max_words: values a prompt or a label is
                                 * built from (rt.h RT_MAX_WORDS) */
    WORD_CHARS = 210,           /* the characters one value may show: a name
                                 * (max_name, 200) and " #K" */
};

/* The events of a game, numbered: the built-in ones first (raised by the
 * runtime: a card moving, a card played, a boundary of time starting or
 * ending), then the events the rules declare, EV_USER + their index in
 * Game.events. */
enum { EV_ENTERS, EV_LEAVES, EV_PLAYED, EV_START, EV_END, EV_USER };

/* A handler: a top-level `on PATTERN [where COND] { BODY }` of the rules,
 * or an `on` clause of a card's effect (live while the card is in play).
 * Its body is a proc whose parameters are the names its pattern binds
 * (then `this` and `me` on a card); its pattern's tests and its 'where'
 * are a func of the same parameters, run when the event happens. */
typedef struct Handler {
    Node *clause;       /* the CLAUSE (CLAUSE_ON): pattern, cond, body */
    const Node *effect; /* the EFFECT of a card's clause; NULL in the rules */
    Sym *proc;          /* the proc of its body (Sym.cname "N_on") */
    Node *match;        /* the FUNCDECL of its tests: params, nlocals */
    int event;          /* what it listens to: EV_* */
    int index;          /* its number in Game.handlers: rules first, in order */
    int zone_bind;      /* the parameter bound to the seat of the zone of
                         * 'c enters Z[q]' / 'c leaves Z[q]', or -1 */
    int from_bind;      /* the same for 'from Z2[q2]', or -1 */
    /* `instead of` and `react to` clauses (Game.befores, sema_reactions.c) */
    int nbound;         /* the parameters its pattern binds: the event's
                         * values, which the body may change */
    int cancel_slot;    /* the parameter "0cancel": set by `cancel` */
    unsigned kind_checked; /* bit i: the body assigns bound name i, which
                         * the event's parameter types by a card type; its
                         * type is checked as the clause returns
                         * (sema_before_kinds.c, cgen_reactions.c) */
} Handler;

typedef struct Game {
    const CardSet *cs;
    const char *name;
    Loc name_loc;
    int min_players, max_players;
    PtrVec zones;       /* N_ZONEDECL, in order: zflags (ZF_*), vis (VIS_*),
                         * zone_no = its index here, first_slot = its first
                         * zone slot (a per-player zone has one per seat) */
    int nslots;         /* zone slots in all */
    bool words;         /* some prompt or label is built from values: the
                         * game has the table of what words name */
    PtrVec globals;     /* N_VARDECL with per_player == 0: var_no = its index here */
    PtrVec pvars;       /* N_VARDECL with per_player == 1: var_no = its index here */
    PtrVec cvars;       /* N_VARDECL per card (VAR_PER_CARD): var_no = its index here */
    PtrVec shown;       /* N_VARDECL and N_FUNCDECL that views show (vis
                         * VIS_PUBLIC or VIS_OWNER), in declaration order:
                         * a number's index in the game's numbers[] */
    int nheld;          /* held zones (ZF_HELD) among zones */
    PtrVec funcs;       /* Sym* of funcs */
    PtrVec procs;       /* Sym* of procs; index = proc number */
    PtrVec prompts;     /* const char*: a decision's prompt is its index here */
    PtrVec labels;      /* const char*: an option's label is its index here */
    PtrVec sets;        /* N_CHOOSECARDS nodes: set_no = the index here */
    int done_label;     /* the label "Done" of a step of a set chosen one card
                         * at a time (a game with sets), or -1 */
    PtrVec aggs;        /* aggregate CALLs and MOVEALLs, each compiled to a
                         * helper (numbered by the analysis: helper_no) */
    PtrVec effects;     /* N_EFFECT: those of cards.yaml, then of the rules */
    Node **effect_of;   /* per card (CardSet index): its EFFECT, or NULL */
    bool *attr_read;    /* per attribute (CardSet.attrs): some rule or effect
                         * reads it (sema_type_uses.c); NULL: not known */
    Node **play_of;     /* per card: the CLAUSE_PLAY of its effect, or NULL */
    Sym **guard_of;     /* per card: the func of its play clause's 'when', or NULL */
    PtrVec guards;      /* Sym* of those funcs (Sym.clause: the play clause) */
    PtrVec plays;       /* N_PLAY statements, in the order checked */
    PtrVec invariants;  /* N_INVARIANTDECL, in declaration order: sym = its
                         * func (sema_invariants.c); the index here is the
                         * value of its fault */
    bool uses_playable; /* a rule calls playable(c, p) */
    bool has_memo;      /* filled by the analysis: a func reached keeps its
                         * answers (Sym.memo) */
    bool memo_all_zones;  /* such a func may read any zone (controller(),
                           * holder()): every move calls memo_write */
    bool memo_play_zones; /* such a func reads the modifiers of cards in
                           * play: every move in or out of play does */
    bool funcs_shallow; /* filled by the analysis: no func calls itself,
                         * through others or not, and no chain of calls is
                         * as long as MAX_FUNC_DEPTH: no func can be called
                         * with that many calls in progress (func_chain) */
    /* filled by the analysis: what of the play of cards the game's C
     * holds: a reached 'play' (the procs of play clauses), one of 'play'
     * or playable() (the guards), and any of those or controller()
     * (GAME_HAS_EFFECTS) */
    bool reaches_play, reaches_guards, emits_effects;
    Sym *main, *score, *tiebreak;
    /* `winners:` (sema_ends.c): the declaration, or NULL; per ranking
     * (0 the score, 1 the tie-break) the IDENT that ranks it, or NULL,
     * and whether the lowest ranks first (the highest does by default) */
    const Node *winners_decl;
    const Node *win_order[2];
    bool lowest[2];
    /* `agents: highest F` (sema_ends.c): the declaration, or NULL; F, the
     * func the search agents maximise for a seat (minimise with `lowest`),
     * or NULL: they maximise the score (minimise it under `winners: lowest
     * score`) */
    const Node *agents_decl;
    Sym *agents_fn;
    bool agents_lowest;
    /* per zone: the card kinds (bit k: card kind k) it may ever hold
     * (sema_kinds.c); NULL when not known (more than 64 kinds). The
     * agents' determinization moves a card only where it may be. */
    const unsigned long long *zone_kinds;
    int max_locals;     /* frame slots of the largest procedure */
    int max_depth;      /* proc call depth bound */
    long long max_decisions; /* decisions a game may take before it is a draw */
    long long max_reactions; /* reaction windows open at once, at most */
    PtrVec events;      /* Sym* of the user events (S_EVENT): index = the number */
    PtrVec handlers;    /* Handler*: those of the rules, in order, then those of
                         * the cards' effects */
    long long max_triggers;  /* 'limit triggers N' */
    /* 'triggers chosen by controller' (sema_order.c) */
    bool order_chosen;  /* declared */
    Loc order_loc;      /* where */
    int order_prompt;   /* the question of an order choice, or -1 */
    int *order_label;   /* per handler: the label of a card's `on` clause, or -1 */
    /* reactions and prevention (sema_reactions.c) */
    PtrVec befores;     /* Handler* of `instead of` (the rules', in order, then
                         * the cards') and `react to` clauses: what runs before
                         * an event; index = the number here */
    Node *played_window;/* N_WINDOWDECL `window for c played`: the words of
                         * the window before a card played, or NULL */
    PtrVec move_windows;/* N_WINDOWDECL `window for c enters Z` (or leaves):
                         * the words of the windows before a card moving, in
                         * the order declared (the first a move matches
                         * words its window) */
    int respond_label;  /* the label "Do not respond", or -1 */
    int *respond_prompt;/* per event (EV_*): the prompt of its window, or -1 */
    /* time (sema_time.c) */
    PtrVec phases;      /* IDENT nodes of 'phases': phase i is the time unit
                         * UNIT_PHASE0 + i */
    bool uses_simul;    /* a simultaneous choice (`for q in players
                         * simultaneously`): State.simul, GAME_HAS_SIMUL */
    bool uses_show;     /* a `show` statement: each card keeps the seats shown it
                         * (State.seen, GAME_HAS_SHOW) */
    bool uses_time;     /* turn, round or phase blocks, active(), 'until' or
                         * 'at': the state keeps the active player and counts
                         * the starts and ends of each unit (GAME_HAS_TIME) */
    bool uses_rounds;   /* 'round' blocks: views show the round */
    bool uses_out;      /* eliminate(p), is_out(p) or players_in(): the state
                         * keeps the players out of the game (GAME_HAS_OUT) */
    bool uses_start_turn; /* start_turn(p): in a game without time
                         * (uses_time false) the state keeps its player
                         * for the views (t_active, a word of
                         * GAME_STATE_VARS) */
    bool uses_reverse;  /* reverse(): the state keeps the direction of play
                         * (t_reversed, a word of GAME_STATE_VARS), which
                         * next(), prev() and `for q in players from P`
                         * follow */
    bool uses_defeat;   /* defeat(p) or defeated(p): the state keeps who
                         * is defeated (t_defeated[MAXP], words of
                         * GAME_STATE_VARS), whom finish() never makes a
                         * winner */
    PtrVec told;        /* MENU, CHOOSECARD, CHOOSEPLAYER, CHOOSEVALUE nodes:
                         * public choices whose conditions tell every seat
                         * what not every seat sees (sema_secrecy.c,
                         * warn_announced); the search agents' deals keep
                         * what their answer told (cgen_agents.c) */
    PtrVec histories;   /* History*: what count(EVENT(...)) and any(EVENT(...))
                         * ask; the state keeps h_K[] for each (GAME_STATE_VARS) */
    PtrVec immunes;     /* N_IMMUNE: 'immune to EVENT' of the 'until ... for P'
                         * statements; non-empty: the context of an event
                         * keeps the players immune to it (GAME_HAS_IMMUNE) */
    PtrVec lasting;     /* Lasting*: the 'until' and 'at' statements */
    PtrVec mods;        /* N_MODIFIER: mod_no is the index here */
    PtrVec continuous;  /* Continuous*: the 'while in play' clauses */
    int max_lasting;    /* rows at once ('limit lasting N') */
    int max_captures;   /* the most values one row keeps */
    long long state_bytes;   /* sizeof(State) as rt_game.h lays it out, on a
                              * 64-bit target (sema_limits.c) */
    /* filled by the analysis (analyse.c) */
    int nhelpers[HELPER__COUNT]; /* helpers of each family that are emitted:
                                  * numbered 0 .. nhelpers[f] - 1 */
} Game;

/* The declaration that words event e's window and may make it reopen
 * (`asks`, `declines`, `reopens`): an event's EVENTDECL, the WINDOWDECL
 * of a card played, or NULL. */
const Node *window_decl_of(const Game *g, int e);
/* Are the windows before a card moving worded by the rules (`window for c
 * enters Z`), and may one open (a reaction hears a card moving)? */
bool move_windows_worded(const Game *g);

/* Is the shown number decl (of Game.shown) one per seat? */
bool shown_per_player(const Node *decl);
/* The func whose declaration is the shown number decl, or NULL (a variable). */
Sym *shown_func(const Game *g, const Node *decl);
/* decl's index in Game.shown, or -1: no view shows it. */
int shown_index(const Game *g, const Node *decl);

/* Returns false if errors were reported. */
bool sema_check(Arena *a, Diags *d, const CardSet *cs, Program *prog, Game *g);

/* Checks of card effects that need no rules: every card named in quotes
 * exists, and a card's prose `text` names no card its effect never refers
 * to. sema_check runs the second too; a lone cards.yaml gets both. */
void sema_effect_names(Diags *d, const CardSet *cs, const Program *prog, bool names);
/* What sema_effect_names reads of effect e, copied into a (its strings
 * too): for an effect nothing else reads, whose tree can then be dropped.
 * sema_effect_names says of the copy all that it says of e. */
Node *sema_text_keep(const Node *e, Arena *a);

/* A card filter evaluated for card kind cd, the element being local slot
 * `slot`: 1 true, 0 false, -1 it depends on more than the card. */
int sema_eval_filter(const Node *filter, int slot, const CardDef *cd);

/* The fates by destination of a held zone (`zone sabotages: under task,
 * ..., drop to school_discard when to task_discard, keep when to done`):
 * flags of its ZONEDECL's flag_list with a `when` (an IDENT: the zone a
 * holder enters, sym resolved), name "drop to" (word: the IDENT of the
 * zone its cards drop to, sym resolved) or "keep". The first of them, or
 * NULL; the zone such a flag drops to, or NULL (a keep, or an error). */
const Node *first_fate(const Node *zonedecl);
const Sym *fate_drop_zone(const Node *flag);

/* name_has: whether a card's name has the words of `words` (letters,
 * digits and apostrophes, split by anything else), whole and in a row,
 * whatever their case: "Mid-Year Exam" has "exam" and "mid year", not
 * "ex". */
bool name_has_words(const char *name, const char *words);

/* Reactions and prevention (sema_reactions.c): the clauses of
 * Game.befores, which run before an event (`instead of`, `react to`), and
 * the frame slots the before-phase of an event takes beyond the event's
 * values (cgen_reactions.c numbers them). */
enum { BEFORE_SLOTS = 8 };
bool game_has_befores(const Game *g);
bool game_has_windows(const Game *g);
/* Who may react with the cards of zone z: REACT_OWNER (a per-player
 * zone's owner), REACT_CONTROLLER (a zone in play: its cards' controller)
 * or REACT_NONE. The zones the rules mark `reacts`; without any, the first
 * per-player `owner` zone declared (the hand) and the zones in play. */
enum { REACT_NONE, REACT_OWNER, REACT_CONTROLLER };
int zone_reacts(const Game *g, const Node *z);
bool event_has_befores(const Game *g, int e);
bool event_has_window(const Game *g, int e);
/* Is h a clause before a card moving (sema_move_befores.c)? Has the game one? */
bool before_move_clause(const Handler *h);
/* The handler whose proc fn is (sema_handlers.c): an `on` clause's, of
 * Game.handlers, or an `instead of` or `react to` clause's, of
 * Game.befores; NULL for any other func or proc. */
const Handler *on_handler_of(const Game *g, const Sym *fn);
const Handler *before_handler_of(const Game *g, const Sym *fn);
bool before_hears(const Handler *h, int e);
bool game_has_move_befores(const Game *g);
int before_frame_slots(const Game *g);

/* Does the game raise events or listen to them? The most values one of
 * its events carries (NEVARGS of the generated C). */
bool game_has_events(const Game *g);
bool card_handlers(const Game *g);
/* Does a player choose the order of their triggers that fire at once
 * (GAME_HAS_TRIGGER_ORDER): declared, and some card has an `on` clause? */
bool trigger_order(const Game *g);
int events_nargs(const Game *g);
/* The zone slots of zone z: 1 (shared), one per seat (per player), or one
 * per card of its holder type (held). */
int zone_nslots(const Game *g, const Node *z);

/* Frame slots of a procedure/function (params first). */
int sema_locals(const Sym *fn);

/* How long the search agents' deals keep what condition cond of public
 * choice n told once its answer was announced (sema_told.c): while no
 * card enters or leaves the zones its decider owns that the other seats
 * do not see (TOLD_OWN, RT_TOLD_OWN of the runtime), until any card moves
 * (TOLD_ANY, RT_TOLD_ANY), or not at all (TOLD_NOT_KEPT: no condition,
 * or one over an `owner` variable). Wider scopes are greater. */
typedef enum ToldScope { TOLD_OWN = 1, TOLD_ANY = 2, TOLD_NOT_KEPT = 3 } ToldScope;
ToldScope told_scope(const Node *n, const Node *cond);

#endif
