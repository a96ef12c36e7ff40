/* rt.h: libcardrt, the runtime every generated game links with.
 *
 * A game is a table (RtGame) that cardc generates, plus one flat state
 * struct whose first member is RtCore. The state holds no pointers, so a
 * clone is a memcpy, and nothing allocates while a game runs.
 *
 * The engine API has the usual shape:
 *     rt_new(g, st, seed, nplayers)    set up; run to the first decision
 *     loop { st->dec: who decides, prompt, options;
 *            rt_apply(g, st, i) }      run to the next decision or the end
 *     core->over, core->score[], core->winner[]
 * Agents (random, terminal, JSON) sit on this API and on nothing else. */
#ifndef CARDRT_H
#define CARDRT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#include "faults.h"

/* For helpers of generated code that a game may not use (clang warns
 * about unused static inline functions in a .c file). */
#define RT_UNUSED __attribute__((unused))

enum {
    RT_MAX_PLAYERS = 8,
    RT_MAX_OPTIONS = 256,   /* options of one decision */
    RT_MAX_PICK = 8,        /* cards in one "set of cards" option */
    RT_MAX_WORDS = 3,       /* values a prompt or a label is built from */
};

/* xoshiro128** style generator; the whole state lives in the game state. */
typedef struct RtRng {
    uint32_t s[4];
} RtRng;

void rt_seed(RtRng *r, uint64_t seed);

/* The next 32 random bits (xoshiro128**); inline, for the hot paths. */
static inline uint32_t rt_next(RtRng *r)
{
    uint32_t *s = r->s;
    uint32_t x = s[1] * 5;
    uint32_t result = ((x << 7) | (x >> 25)) * 9;
    uint32_t t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 11) | (s[3] >> 21);
    return result;
}

/* rt_below of n >= 2: Lemire's multiply-and-reject (rt_below; a caller
 * that knows n >= 2, decide_site, calls it without the test). */
static inline uint32_t rt_below_2(RtRng *r, uint32_t n)
{
    uint64_t m = (uint64_t)rt_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (uint64_t)rt_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform in [0, n), n >= 1, without modulo bias. */
static inline uint32_t rt_below(RtRng *r, uint32_t n)
{
    return n <= 1 ? 0 : rt_below_2(r, n);
}

typedef enum RtOptKind {
    RT_OPT_TEXT,    /* a = index into RtGame.labels */
    RT_OPT_CARD,    /* ids[0] = card instance; a = 0, or, in a choice
                     * across players' zones, 1 + the seat whose zone
                     * holds it (labelled "Card (Player N)") */
    RT_OPT_CARDS,   /* ids[0..n) = card instances */
    RT_OPT_PLAYER,  /* a = player */
    RT_OPT_YES,     /* a yes/no question: "yes" */
    RT_OPT_NO,      /* a yes/no question: "no" */
    RT_OPT_TRIGGER, /* a trigger, in a choice of the order of a player's
                     * triggers: ids[0] = the card whose clause it is,
                     * a = the clause's label (RtGame.labels), ids[1..]
                     * the game's own; labelled "CARD: CLAUSE" */
    RT_OPT_WORDS,   /* a label built from values: a = its template in
                     * RtGame.labels (rt_words), ids[0] as for RT_OPT_TEXT,
                     * words.value[] the values */
} RtOptKind;

typedef struct RtOption {
    uint8_t kind;       /* RtOptKind */
    uint8_t n;          /* RT_OPT_CARDS: how many ids */
    int16_t a;
    union {
        uint16_t ids[RT_MAX_PICK];
        struct {
            uint16_t branch;                /* ids[0] */
            uint16_t is_value;              /* 1: an option of a choice of a value
                                             * (LANGUAGE.md §7, "A value"): its label
                                             * is the value it gives and says nothing
                                             * else, so a sealed answer revealed names
                                             * it (a menu's label may name more) */
            int32_t value[RT_MAX_WORDS];    /* what {p0}, {c1}, ... name */
        } words;                            /* RT_OPT_WORDS */
    };
} RtOption;

typedef struct RtDecision {
    int16_t player;     /* who decides */
    int16_t prompt;     /* index into RtGame.prompts */
    int16_t nwords;     /* > 0: prompts[prompt] is a template (rt_words)
                         * built from word[0..nwords) */
    int16_t announced;  /* 1: the rules made the choice public: its answer
                         * is announced to every seat (the JSON "chosen"
                         * line) */
    int32_t word[RT_MAX_WORDS];
    int16_t noptions;
    int16_t chosen;     /* written by rt_apply, read by the rule code */
    RtOption opt[RT_MAX_OPTIONS];
} RtDecision;

typedef enum RtEnd {
    RT_PLAYING = 0,
    RT_ENDED,           /* winners in winner[] */
    RT_DRAW,            /* nobody won (rules said so, or the decision bound) */
    RT_FAULT,           /* the rule code hit an impossible state: see fault */
} RtEnd;

/* The first member of every game state. cardc counts its bytes too
 * (RT_CORE_BYTES_SEMA, compiler/sema.h), in its count of the state's
 * (max_state_bytes): rt_game.h asserts that the counts agree. */
typedef struct RtCore {
    RtRng rng;
    int32_t nplayers;
    int32_t over;               /* RtEnd */
    int32_t fault;              /* RT_FAULT: RT_F_... (RtGame.faults[fault]); < 0 the runtime's */
    int32_t fault_site;         /* where: RtGame.fault_sites[fault_site - 1]; 0 unknown */
    int32_t fault_arg;          /* the fault's value: see RT_FAULT_KINDS (faults.h) */
    int32_t turns;              /* incremented by the rules' turn marker */
    int64_t decisions;          /* decisions taken so far, those of a single
                                 * option (taken without asking) too */
    int64_t max_decisions;      /* bound: reaching it ends the game as a draw */
    int32_t score[RT_MAX_PLAYERS];
    uint8_t winner[RT_MAX_PLAYERS];
    RtDecision dec;             /* valid while over == RT_PLAYING */
} RtCore;

typedef enum RtVis {
    RT_VIS_PUBLIC,      /* everyone sees the cards */
    RT_VIS_OWNER,       /* the owner sees them; others see the size */
    RT_VIS_HIDDEN,      /* nobody sees them, not even the owner; size public */
} RtVis;

typedef struct RtZone {
    const char *name;
    uint8_t per_player;
    uint8_t ordered;
    uint8_t vis;        /* RtVis */
    int16_t slot;       /* first slot; per-player zones use slot + player */
} RtZone;

/* A move, reported to the observer (if one is set) by the rule code. */
typedef struct RtMove {
    int card;           /* instance */
    int from_slot, to_slot;
} RtMove;

/* Chooses an option of the pending decision of st: returns its index
 * (a negative number or one out of range faults the game). */
typedef int (*RtChooser)(void *ctx, void *st);

/* The random policy (the random agent, simulate): uniform over the options
 * of st's pending decision, from the decider's own generator; ctx is an
 * array of RtRng, one per player. A chooser; rt_play_direct with a NULL
 * chooser uses it, and generated code can then call it inline. */
static inline int rt_random_choice(void *ctx, void *st)
{
    const RtDecision *d = &((const RtCore *)st)->dec;
    return (int)rt_below(&((RtRng *)ctx)[d->player], (uint32_t)d->noptions);
}

/* A statement of the rules that may fault: the rules file as messages
 * name it ("game.rules") and the statement's line. */
typedef struct RtFaultSite {
    const char *file;
    int32_t line;
} RtFaultSite;

/* Coverage (`simulate --coverage`, RUNTIME.md "Coverage"): the places of
 * the rules a game may pass through, numbered by the code generator in
 * the game's cov_sites[] (site 0 stands for the decisions the runtime
 * asks itself: reaction windows, the order of triggers). Each site has two
 * counters, count[2 i] and count[2 i + 1], which only a game played with
 * coverage (rt_play_covered) touches:
 *   RT_COV_DECISION  a choice of the rules: decisions taken there, -
 *   RT_COV_OPTION    an option of the decision site before it: offered, taken
 *   RT_COV_RULE      a proc of the rules: runs, -
 *   RT_COV_EVENT     the body of an event of the rules: runs (raised), -
 *   RT_COV_EFFECT    a card's play clause: runs, -
 *   RT_COV_TRIGGER   an `on` clause (the rules' or a card's): fired (runs), -
 *   RT_COV_REACTION  an `instead of` or `react to` clause: runs, -
 *   RT_COV_MODIFIER  a modifier of a func (`F(x) += N when C`): applied
 *                    (its func evaluated with C holding, by a rule, a
 *                    score, an end or an invariant alike), - */
typedef enum RtCovKind {
    RT_COV_DECISION,
    RT_COV_OPTION,
    RT_COV_RULE,
    RT_COV_EVENT,
    RT_COV_EFFECT,
    RT_COV_TRIGGER,
    RT_COV_REACTION,
    RT_COV_MODIFIER,
} RtCovKind;

typedef struct RtCovSite {
    uint8_t kind;           /* RtCovKind */
    const char *file;       /* as fault sites name it ("game.rules"); NULL for site 0 */
    int32_t line;
    const char *text;       /* what it is, in the rules' words: `option "Draw"` */
} RtCovSite;

/* A variable of the rules, for tests, debugging and scenario files. */
typedef struct RtVar {
    const char *name;
    size_t offset;                      /* of an int32_t, int32_t[max_players]
                                         * or int32_t[ninstances] */
    uint8_t per_player;                 /* 1 per player, RT_VAR_PER_CARD per
                                         * card instance, 0 one value */
} RtVar;

enum { RT_VAR_PER_CARD = 2 };

/* What a decision is taken during: the innermost event or handler in
 * progress (RtGame.during; the JSON "during" field, RUNTIME.md). */
typedef struct RtDuring {
    const char *event;      /* the event's name: "destroy", "enters" */
    int by;                 /* the event's player, -1 none */
    int cause;              /* the card whose effect raised it, -1 none */
    const char *handler;    /* "on" for a trigger's handler, "play" for a
                             * card's play clause; NULL in the event's own body */
    const char *file;       /* where: the handler, or the event's declaration;
                             * NULL (line 0) for the runtime's events */
    int line;
    int depth;              /* events and handlers in progress, this one too */
} RtDuring;

/* ---- sealed windows ----
 *
 * A window asks every seat one decision, one after the other in a fixed
 * order, and SEALS the answers: none is shown to another seat's stream
 * until every seat has answered; then the window closes and all of them
 * are shown at once (the JSON protocol's `responses` line). Reactions
 * use it (RT_WINDOW_REACT: before an event resolves, each seat may answer
 * with a reaction card or "Do not respond"; every seat is asked, even one
 * whose only option is to pass, so that being asked reveals nothing about
 * a hand), and simultaneous choices (RT_WINDOW_SIMUL: every seat's
 * choice, in seat order, before any is applied; a seat of one option
 * takes it without being asked, as in any decision, and its answer is
 * kept sealed all the same). The game keeps its windows in its State
 * (RtGame.window finds the one asking); docs/RUNTIME.md, "Reaction
 * windows" and "Simultaneous choices", has the protocol. */
enum {
    RT_WINDOW_ARGS = 8,     /* the event's arguments a window shows */
};

typedef enum RtWindowKind {
    RT_WINDOW_REACT,        /* a reaction window before an event */
    RT_WINDOW_SIMUL,        /* a simultaneous choice (`for q in players
                             * simultaneously`): every seat's choice, in
                             * seat order, before any is applied; event -1,
                             * no args, by -1 */
} RtWindowKind;

/* What an event's argument is, for showing it: a number, a truth value,
 * a card instance (-1 none), a player (-1 none), a card the event shows
 * to every seat wherever it is (the card of `played`: playing it shows it),
 * or a zone's slot (the zones of a card moving: the one it leaves, the one
 * it enters). */
typedef enum RtArgKind {
    RT_ARG_INT,
    RT_ARG_BOOL,
    RT_ARG_CARD,
    RT_ARG_PLAYER,
    RT_ARG_CARD_SHOWN,
    RT_ARG_ZONE,
    RT_ARG_WORD,        /* an attribute value or a card name: RtGame.words[v],
                         * -1 none */
} RtArgKind;

/* The question a seat was asked, as a decision holds it (RtDecision's
 * prompt, nwords, word): kept by a window for each seat, so that the
 * answers, once shown, can be shown beside their questions. */
typedef struct RtAsked {
    int16_t prompt;                     /* index into RtGame.prompts */
    int16_t nwords;                     /* > 0: a template built from word[] */
    int32_t word[RT_MAX_WORDS];
} RtAsked;

typedef struct RtWindow {
    uint32_t id;                        /* 1 for the game's first window, then 2, ... */
    uint8_t kind;                       /* RtWindowKind */
    uint8_t open;                       /* 1 while seats are being asked */
    int16_t event;                      /* RtGame.events[event]: what it is before */
    int16_t by;                         /* the player acting, -1 for none */
    int16_t depth;                      /* 1, plus the windows still resolving below it */
    int16_t nseats;                     /* seats to ask */
    int16_t nasked;                     /* seats that have answered */
    int16_t order[RT_MAX_PLAYERS];      /* the seats, in the order they are asked */
    uint8_t nargs;
    uint8_t argkind[RT_WINDOW_ARGS];    /* RtArgKind */
    int32_t arg[RT_WINDOW_ARGS];        /* the event's arguments */
    RtOption answer[RT_MAX_PLAYERS];    /* the option the seat order[i] took: sealed
                                         * while open (no view shows it) */
    RtAsked asked[RT_MAX_PLAYERS];      /* the question seat order[i] answered: the
                                         * window's words are built for each seat
                                         * when it is asked */
} RtWindow;

/* A number the views show: a variable of the rules or the value of a
 * func declared `public` or `owner` (LANGUAGE.md §2, "Who sees a
 * variable"). Variables without the word are hidden: no view shows them. */
typedef enum RtNumType {
    RT_NUM_INT,
    RT_NUM_BOOL,
    RT_NUM_PLAYER,      /* a seat, -1 none */
    RT_NUM_CARD,        /* a card instance, -1 none: named where seen */
    RT_NUM_WORD,        /* an attribute value or a card name: words[v], -1 none */
} RtNumType;

typedef struct RtNumber {
    const char *name;
    uint8_t per_player; /* one value per seat */
    uint8_t vis;        /* RT_VIS_PUBLIC, or RT_VIS_OWNER: the seat of the value */
    uint8_t type;       /* RtNumType */
    uint8_t func;       /* a func's value: computed on a copy of the state */
    const char *const *words; /* RT_NUM_WORD: the attribute's values, or the
                               * card names, in cards.yaml order (NULL
                               * otherwise) */
    int nwords;         /* RT_NUM_WORD: how many */
} RtNumber;

/* A step of a choice of a set of cards made one card at a time
 * (LANGUAGE.md §7, "A set of cards"): the cards chosen so far, in the
 * order chosen, and the sizes the set may have (hi may pass the cards
 * there are). */
typedef struct RtSetStep {
    int nchosen;
    const uint16_t *chosen;     /* card instances */
    int lo, hi;
} RtSetStep;

/* Whose turn it is and where the game is in its rounds and phases. */
typedef struct RtTime {
    int active;         /* whose turn it is (active()), -1 none */
    int round;          /* rounds started so far; -1: the game has no rounds */
    const char *phase;  /* the phase in progress (the last declared of those
                         * in progress), NULL none */
    bool phases;        /* the game declares phases */
} RtTime;

typedef struct RtGame {
    const char *name;
    int min_players, max_players;
    int ninstances;                     /* physical cards */
    const char *const *card_name;       /* per instance */
    const char *const *card_label;      /* per instance: the attributes the rules
                                         * read ("red, points 3"), shown beside
                                         * the name at the terminal only; NULL
                                         * (the table, or an entry): none */
    int nzones, nslots;
    const RtZone *zones;
    const int16_t *slot_zone;           /* per slot: zone index */
    const int8_t *slot_owner;           /* per slot: player, or -1 */
    const char *const *prompts;
    const char *const *labels;
    const char *const *faults;
    size_t state_size;
    size_t off_zsize;                   /* uint16_t zsize[nslots] */
    size_t off_zcard;                   /* uint16_t zcard[nslots][ninstances] */
    int64_t default_max_decisions;
    /* Set up and run to the first decision (or the end). */
    void (*init)(void *st, uint64_t seed, int nplayers);
    /* Run the rule code after core.dec.chosen was set. */
    void (*resume)(void *st);
    size_t off_slot_of;                 /* uint16_t slot_of[ninstances], or 0 */
    int nvars;
    const RtVar *vars;                  /* the rules' variables */
    /* After cards were moved by hand (tests, scenario files) through the
     * zone arrays: rebuild slot_of and whatever else the game derives from
     * the zones. NULL if there is nothing to rebuild. */
    void (*sync)(void *st);
    /* The game's own invariants (e.g. those derived tables agree with the
     * zones), called by rt_check_state; NULL if none. */
    bool (*check)(const void *st, char *why, size_t n);
    /* true when what rt_check_state checks of the zones and check both
     * hold, found in one pass, naming nothing (rt_check_state runs them
     * to name what disagrees when this is false); NULL if none. */
    bool (*agree)(const void *st);
    /* Makes dst what src is for every rule, copying less than the whole
     * state (not the parts no rule reads); NULL: a memcpy. Use through
     * rt_clone. */
    void (*copy)(void *dst, const void *src);
    /* Plays a whole game with every decision of two or more options
     * answered inline by fn (NULL: rt_random_choice): no pause between
     * decisions, and the same game as rt_new and rt_apply given the same
     * answers. core.max_decisions, if set before the call, is the bound.
     * Use through rt_play_direct. */
    void (*play_direct)(void *st, uint64_t seed, int nplayers, RtChooser fn, void *ctx);
    /* The statements that may fault, for core.fault_site (which counts
     * them from 1: 0 is "unknown"); NULL and 0 if the game names none. */
    const RtFaultSite *fault_sites;
    int nfault_sites;
    /* The event or handler in progress in st (see RtDuring): true and *d
     * filled, false when none is; NULL for a game without events. */
    bool (*during)(const void *st, RtDuring *d);
    /* Per slot: the card instance the slot lies under (a slot of a held
     * zone, one slot per card of the zone's holder type), else -1; NULL in
     * a game without held zones. */
    const int32_t *slot_holder;
    /* The window whose seats are being asked, if any (the pending
     * decision is then one of them); NULL for a game without windows. */
    const RtWindow *(*window)(const void *st);
    /* The names of the events windows open before (RtWindow.event). */
    const char *const *events;
    int nevents;
    /* The numbers the views show (RtNumber); 0 and NULL for none. */
    int nnumbers;
    const RtNumber *numbers;
    /* The value of number i (of seat p, for one per seat) in st: false
     * when it has none (a func that faulted). A func may change st (its
     * steps are counted): call it through rt_number_value. */
    bool (*number)(void *st, int i, int p, int32_t *v);
    /* Whose turn it is, the round and the phase; NULL for a game with no
     * turns (neither turn blocks nor start_turn). */
    void (*time)(const void *st, RtTime *t);
    /* What a word `{wK}` of a template names (rt_words): the names of
     * the card types, card kinds and attribute values prompts and labels
     * are built from; NULL for a game whose prompts and labels name no
     * value. */
    const char *const *words;
    int nwords;
    /* uint8_t seen[ninstances]: bit p set while seat p knows the card
     * where it lies because the rules showed it (`show`); a move of the
     * card, or a shuffle of its zone, clears it. 0 for a game without
     * `show`. */
    size_t off_seen;
    /* Per slot: 1 if its top card is seen by every seat (`top public`);
     * NULL for a game without such zones. */
    const uint8_t *slot_top_public;
    /* Per slot: 1 if its zone is `in play`; NULL for a game whose rules
     * declare no such zone. The views number the copies of a card there
     * (rt_play_copy). */
    const uint8_t *slot_in_play;
    /* true when the rules may defeat players (defeat(p)): a game that
     * ends may then have no winner, every player defeated. */
    bool may_defeat_all;
    /* The players out of the game in st (`eliminate`), in the order they
     * went out: their seats into seat[], the turn each went out in
     * (core.turns then) into turn[] (both of RT_MAX_PLAYERS); returns
     * how many. NULL for a game whose rules put nobody out. */
    int (*out)(const void *st, int *seat, int *turn);
    /* The set being chosen when the pending decision of st is a step of
     * a set of cards chosen one card at a time: true and *t filled, else
     * false; NULL for a game without `choose cards`. */
    bool (*set_step)(const void *st, RtSetStep *t);
    /* Coverage: the sites (RtCovSite), site 0 the runtime's own decisions;
     * 0 and NULL for a game built without them. play_covered is
     * play_direct with the random policy (ctx its generators) counting
     * into count[2 * ncov_sites]; use through rt_play_covered. */
    int ncov_sites;
    const RtCovSite *cov_sites;
    void (*play_covered)(void *st, uint64_t seed, int nplayers, void *ctx, uint64_t *count);
    /* The texts of the rules' invariants (`invariant "TEXT": COND`), in
     * the order declared: a fault RT_F_INVARIANT of value i names the
     * i-th. NULL and 0 for a game without invariants. */
    const char *const *invariants;
    int ninvariants;
    /* Zeroes st before a game played directly (rt_play_direct,
     * rt_play_covered) as far as any rule can tell, without the bytes
     * no rule reads before it writes them (the cards past a slot's size,
     * the free frames, trigger rows, windows and lasting rows): what a
     * game's set-up costs follows what it uses, not the room the rules
     * declare. NULL: all but the options are zeroed. */
    void (*zero)(void *st);
    /* Player p's score in st now, higher better (negated in a game whose
     * lowest score wins): the rules' score func, which may change st (its
     * steps) or fault: call it on a copy. NULL in a game built before it. */
    int32_t (*score_now)(void *st, int p);
    /* A hash of the C cardc wrote for the game before this table (its
     * banner, which names the input's path, left out): which rules the
     * build plays, for the fingerprint of simulate's stats files; 0 in
     * a game not written by cardc. */
    uint64_t code_hash;
    /* What the search agents read (runtime/ai.c; RUNTIME.md, "Agents").
     * value: the value seat p's agent maximises in st (the func of
     * `agents: highest F`, else the score, each negated where the lowest
     * is best), false when it has none (a func that faulted: call it on a
     * copy). may_hold: may zone z ever hold card instance c (what the
     * rules can put there, as the checker proves it); NULL: any card.
     * value_name: the func of `agents:`, which the balance lab's lead
     * changes also follow (runtime/lead.c); NULL: the score.
     * redeal: the rest of a deal for seat p (rt_determinize, after the
     * cards), what the rules keep from p besides cards: the other seats'
     * `owner` variables set to their start values, and the sealed
     * answers of the window asking p asked again of their seats, each
     * answered at random with r, and the secret hidden variables (those
     * not per card) set to their start values, every seat's; NULL for a
     * game with none of these.
     * forget: card instance c's secret per-card variables set to their
     * start values (rt_determinize, for each card the seat does not
     * know); NULL for a game with none.
     * var_secret: per variable of vars[], 1 when it is one of those
     * secret ones (hidden, and some value given it reads what not every
     * seat sees, RUNTIME.md "Determinization"); NULL for a game with none.
     * repoint_locals: each card local of the rules' frames in scope at
     * the point where it waits, holding card c, made to hold to[c] (the
     * card a deal put where c lay: the rules move on the card at that
     * place); NULL for a game whose frames hold none there. */
    bool (*value)(void *st, int p, int64_t *v);
    bool (*may_hold)(int z, int c);
    const char *value_name;
    void (*redeal)(void *st, int p, RtRng *r);
    void (*repoint_locals)(void *st, const int *to);
    /* What a public choice told (RUNTIME.md, "Determinization"): its
     * answer tells every seat that the condition of the option taken held,
     * which may read what not every seat sees. told_note: option i of st's
     * pending decision is about to be taken; when it answers such a choice,
     * rec (told_ints ints) gets the choice, the answer and the locals its
     * condition reads, and it returns for how long what it told holds:
     * RT_TOLD_OWN, while no card enters or leaves a slot its decider sees
     * and some other seat does not (the condition reads no other cards, no
     * variable); RT_TOLD_ANY, until any card moves; 0, nothing kept.
     * told_holds: does that condition hold in st (a deal)? NULL
     * (told_ints 0) for a game with no such choice. */
    int told_ints;
    int (*told_note)(const void *st, int i, int32_t *rec);
    bool (*told_holds)(void *st, const int32_t *rec);
    void (*forget)(void *st, int c);
    const uint8_t *var_secret;
} RtGame;

/* How long what a public choice told holds (RtGame.told_note). */
enum { RT_TOLD_OWN = 1, RT_TOLD_ANY = 2 };

/* ---- engine API ---- */
void rt_new(const RtGame *g, void *st, uint64_t seed, int nplayers);
/* rt_new under a decision bound of max_decisions (0: the game's own),
 * from the start: decisions of a single option are counted, and the rules
 * may take some before the first that is asked. */
void rt_new_bounded(const RtGame *g, void *st, uint64_t seed, int nplayers,
                    int64_t max_decisions);
/* A whole game with fn answering every decision inline (simulation);
 * fn NULL is rt_random_choice, with ctx its generators. max_decisions 0
 * means the game's own bound. Falls back to rt_new and rt_apply when the
 * game has no play_direct. */
void rt_play_direct(const RtGame *g, void *st, uint64_t seed, int nplayers,
                    int64_t max_decisions, RtChooser fn, void *ctx);
/* rt_play_direct with the random policy (ctx its generators), counting
 * what the game passes through into count (RtCovSite: 2 * g->ncov_sites
 * counters, added to). The same game as rt_play_direct with a NULL
 * chooser. Returns false (and plays nothing) for a game without coverage. */
bool rt_play_covered(const RtGame *g, void *st, uint64_t seed, int nplayers,
                     int64_t max_decisions, void *ctx, uint64_t *count);
/* Applies option i (0 <= i < noptions); returns false if i is out of range. */
bool rt_apply(const RtGame *g, void *st, int i);
static inline RtCore *rt_core(void *st) { return (RtCore *)st; }

/* Zone access through the table (agents, views, invariant checks). */
int rt_zone_size(const RtGame *g, const void *st, int slot);
int rt_zone_card(const RtGame *g, const void *st, int slot, int pos); /* 0 = bottom */
/* May player p see the cards in slot? (-1: a referee who sees all) A slot
 * of a held zone that is `owner` has no owner in the tables: see rt_sees. */
bool rt_can_see(const RtGame *g, int slot, int p);
/* The same, now: a slot of a held zone that is `owner` is seen by its
 * holder's controller (rt_slot_seat). What the views use. */
bool rt_sees(const RtGame *g, const void *st, int slot, int p);
/* The seat that owns slot now: a per-player zone's seat; for a slot of a
 * held zone, its holder's (the seat of the per-player zone at the end of
 * the chain of holders); -1 for none. */
int rt_slot_seat(const RtGame *g, const void *st, int slot);

/* The numbers the views show: may seat p (-1: a referee) see number i
 * of seat `of` (-1 for a number of the table)? */
bool rt_number_seen(const RtGame *g, int i, int of, int p);
/* Its value in st, computed on a copy of st for a func (a view changes
 * nothing of the game); false when it has none. */
bool rt_number_value(const RtGame *g, const void *st, int i, int of, int32_t *v);
/* Whose turn, the round and the phase of st; false for a game with no
 * turns (RtGame.time NULL). */
bool rt_time(const RtGame *g, const void *st, RtTime *t);

/* Is decision d a player's choice of the order of their triggers (its
 * options RT_OPT_TRIGGER)? */
static inline bool rt_order_choice(const RtDecision *d)
{
    return d->noptions > 0 && d->opt[0].kind == RT_OPT_TRIGGER;
}

/* Is the pending decision of st a step of a set of cards chosen one card
 * at a time (RtGame.set_step)? If so, *t says the set so far. */
static inline bool rt_set_step(const RtGame *g, const void *st, RtSetStep *t)
{
    return g->set_step && g->set_step(st, t);
}

/* The label of option i, written into buf. */
const char *rt_option_label(const RtGame *g, const void *st, int i, char *buf, size_t n);

/* Observer of moves: set by the JSON protocol and the terminal; NULL in
 * simulation. Generated code calls rt_moved() after every move. */
typedef void (*RtObserver)(void *ctx, const RtGame *g, const void *st, RtMove m);
void rt_set_observer(const RtGame *g, RtObserver fn, void *ctx);
extern RtObserver rt_observer_fn;
extern void *rt_observer_ctx;
extern const RtGame *rt_observed_game;
static inline void rt_moved(const void *st, int card, int from, int to)
{
    if (rt_observer_fn) {
        RtMove m = {card, from, to};
        rt_observer_fn(rt_observer_ctx, rt_observed_game, st, m);
    }
}

/* Observer of windows: told when a window closes (every seat has
 * answered), before any reaction resolves. Set by the JSON protocol and
 * the terminal, which then show the answers; NULL in simulation.
 * Generated code calls rt_window_closed(). */
typedef void (*RtWindowObserver)(void *ctx, const RtGame *g, const void *st,
                                 const RtWindow *w);
void rt_set_window_observer(const RtGame *g, RtWindowObserver fn, void *ctx);
extern RtWindowObserver rt_window_fn;
extern void *rt_window_ctx;
extern const RtGame *rt_window_game;
static inline void rt_window_closed(const void *st, const RtWindow *w)
{
    if (rt_window_fn)
        rt_window_fn(rt_window_ctx, rt_window_game, st, w);
}
/* Observer of `show`: told of each card shown (card >= 0) to the seats
 * of mask `seats`, then once with card -1 when the statement ends. Set by
 * the JSON protocol and the terminal; NULL in simulation. Generated code
 * calls rt_shown(). */
typedef void (*RtShowObserver)(void *ctx, const RtGame *g, const void *st, int card,
                               unsigned seats);
void rt_set_show_observer(const RtGame *g, RtShowObserver fn, void *ctx);
extern RtShowObserver rt_show_fn;
extern void *rt_show_ctx;
extern const RtGame *rt_show_game;
static inline void rt_shown(const void *st, int card, unsigned seats)
{
    if (rt_show_fn)
        rt_show_fn(rt_show_ctx, rt_show_game, st, card, seats);
}
/* Observer of players going out of the game (`eliminate`): told of seat
 * p going out, in the turn `turn` (core.turns then). Set by the JSON
 * protocol and the terminal; NULL in simulation. Generated code calls
 * rt_player_out(). */
typedef void (*RtOutObserver)(void *ctx, const RtGame *g, const void *st, int p, int turn);
void rt_set_out_observer(const RtGame *g, RtOutObserver fn, void *ctx);
extern RtOutObserver rt_out_fn;
extern void *rt_out_ctx;
extern const RtGame *rt_out_game;
static inline void rt_player_out(const void *st, int p, int turn)
{
    if (rt_out_fn)
        rt_out_fn(rt_out_ctx, rt_out_game, st, p, turn);
}
/* The seats that know card c where it lies because they were shown it
 * (RtGame.off_seen), as a mask: every seat for the top card of a `top
 * public` zone; 0 in a game without `show` or `top public`. */
unsigned rt_card_seen(const RtGame *g, const void *st, int c);

/* The window asking the pending decision of st, or NULL (RtGame.window). */
const RtWindow *rt_window_of(const RtGame *g, const void *st);
/* The label of the option a window holds, as rt_option_label. */
const char *rt_option_text(const RtGame *g, const RtOption *o, char *buf, size_t n);

/* ---- words built from values ----
 *
 * A prompt or a label the rules build from values ("Guess {q}'s card")
 * is a template: text where `{pK}` names a player ("Player N"), `{cK}` a
 * card (its name, "#K" after it where copies differ), `{nK}` a number,
 * `{bK}` a truth value (yes, no), `{wK}` RtGame.words[value], each the
 * value K of the decision (RtDecision.word) or of the option
 * (RtOption.words.value); `{{` and `}}` are braces. A card the seat
 * shown the text may not see is "a card" (sees(ctx, card) false; NULL
 * sees: every card is named, and every value). A seat that did not
 * decide reads only players and the cards it sees: with sees(ctx,
 * RT_WORDS_VALUES) false, a number, a truth value or a name is "...".
 * With the state st (NULL: none), a copy of a card of several copies
 * lying in a zone `in play` (rt_play_copy) is numbered too, "Library #2",
 * where sees(ctx, RT_WORDS_COPY(card)) (the seat sees it face up there;
 * NULL sees: always).
 * The text is cut, at a character, to fit buf (n bytes). */
typedef bool (*RtSees)(void *ctx, int card);
enum { RT_WORDS_VALUES = -1 };
#define RT_WORDS_COPY(card) (-2 - (card)) /* and back: card = -2 - arg */
const char *rt_words(const RtGame *g, const void *st, const char *tmpl, const int32_t *value,
                     RtSees sees, void *ctx, char *buf, size_t n);
/* The pending decision's prompt, built (rt_words) if it is a template. */
const char *rt_prompt_text(const RtGame *g, const void *st, RtSees sees, void *ctx, char *buf,
                           size_t n);
/* Observer of the decisions of a single option, which the rule code takes
 * without asking (generated code calls rt_taken() with the option in
 * core.dec): the terminal prints them as it prints an answer, so that a
 * missing "Player N chooses" line never shows that a player had no choice.
 * Set by the terminal and the JSON protocol; NULL in simulation. */
typedef void (*RtTakenObserver)(void *ctx, const RtGame *g, const void *st);
void rt_set_taken_observer(const RtGame *g, RtTakenObserver fn, void *ctx);
extern RtTakenObserver rt_taken_fn;
extern void *rt_taken_ctx;
extern const RtGame *rt_taken_game;
/* The search agents' observer of the same decisions: rt_ai_apply sets it
 * while it applies a decision to the true game, so that an answer a
 * window takes without asking reaches rt_ai_taken as an asked one does.
 * Per thread: simulate plays a game a thread. */
typedef void (*RtLoneObserver)(void *ctx, const void *st);
extern _Thread_local RtLoneObserver rt_lone_fn;
extern _Thread_local void *rt_lone_ctx;
static inline void rt_taken(const void *st)
{
    if (rt_taken_fn)
        rt_taken_fn(rt_taken_ctx, rt_taken_game, st);
    if (rt_lone_fn)
        rt_lone_fn(rt_lone_ctx, st);
}

/* The rule code's faults: kind is one of RT_FAULT_KINDS (RT_F_...), site
 * the statement raising it (1..nfault_sites, 0 if unknown) and arg the
 * kind's detail (a slot, a player, an index; 0 when the kind has none).
 * Ends the game; only the first fault of a game counts. */
static inline void rt_fault(RtCore *c, int kind, int site, int32_t arg)
{
    if (!c->over) {
        c->over = RT_FAULT;
        c->fault = kind;
        c->fault_site = site;
        c->fault_arg = arg;
    }
}

/* ---- additions to the contract (runtime) ---- */

/* core.fault values below 0 are the runtime's own, not RtGame.faults:
 * the rule code left a decision no agent can take (no options, too many,
 * or a player out of range), or rt_new got a player count outside
 * [min_players, max_players]. */
enum {
    RT_FAULT_BAD_DECISION = -1,
    RT_FAULT_PLAYERS = -2,
};

/* A copy of a state, the same for every rule: the state holds no pointers,
 * so this is a memcpy, less what no rule reads (RtGame.copy). */
void rt_clone(const RtGame *g, void *dst, const void *src);
/* Why the game ended, for people: the fault's text for RT_FAULT, "decision
 * bound reached" or "the rules ended the game in a draw" for RT_DRAW, ""
 * otherwise. Never NULL. */
const char *rt_end_reason(const RtGame *g, const void *st);
/* The kinds of RT_FAULT_KINDS: name ("EMPTY_TOP"), message, RtFaultDetail. */
typedef struct RtFaultKindInfo {
    const char *name;
    const char *text;
    int detail;
} RtFaultKindInfo;
extern const RtFaultKindInfo rt_fault_kinds[RT_FAULT_NKINDS];
/* Where the game faulted: the site of a fault of one of RT_FAULT_KINDS
 * raised with a site in the table; NULL otherwise (no fault, a runtime
 * fault, a game that named no site). */
const RtFaultSite *rt_fault_site(const RtGame *g, const void *st);
/* rt_end_reason, and for a fault with a site its place and detail:
 * "game.rules:86: top or bottom of an empty zone 'hand' of player 2".
 * Writes into buf (truncated to n) and returns it. */
const char *rt_fault_text(const RtGame *g, const void *st, char *buf, size_t n);
/* true if the game ended because core.decisions reached max_decisions. */
bool rt_hit_bound(const void *st);
/* The slot of a zone for a player (the zone's only slot if it is shared);
 * -1 if out of range. */
int rt_zone_slot(const RtGame *g, int zone, int player);
/* Is this slot in play for the state's player count? (Per-player zones
 * have slots for max_players; those of absent players are not.) */
bool rt_slot_used(const RtGame *g, const void *st, int slot);
/* The slot that holds card instance c, or -1 if it is in none. */
int rt_card_slot(const RtGame *g, const void *st, int c);
/* The card slot lies under (a slot of a held zone), or -1. */
int rt_slot_holder(const RtGame *g, int slot);
/* Which copy card instance c is of its card, from 1, and how many copies
 * the card has: "Nerd #2" of 3 Nerds. */
int rt_card_copy(const RtGame *g, int c, int *copies);
/* The copy number the views give card c where it lies in st: K (from 1)
 * when its card has several copies and it lies in a zone `in play`, else
 * 0. Whether a seat may see it there is the view's to decide. */
int rt_play_copy(const RtGame *g, const void *st, int c);
/* Card c's name as the views give it, into buf: " #K" after it where
 * rt_play_copy gives K. */
const char *rt_card_label(const RtGame *g, const void *st, int c, char *buf, size_t n);
/* A held slot's holder as the views name it: "French Classroom", or
 * "Nerd #2" when the card has several copies. Writes into buf. */
const char *rt_holder_name(const RtGame *g, int slot, char *buf, size_t n);
/* Invariants, for tests and debugging: zone sizes within bounds, every
 * card instance in exactly one slot, the pending decision well formed.
 * On failure writes the first problem into why and returns false. */
bool rt_check_state(const RtGame *g, const void *st, char *why, size_t n);

/* The command line of every game binary: play, simulate (pinned in
 * docs/INTERFACES.md §4 and §5; details in docs/RUNTIME.md). */
int rt_main(const RtGame *g, int argc, char **argv);

#endif
