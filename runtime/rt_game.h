/* rt_game.h: the C that every game cardc generates shares.
 *
 * The generated file defines what differs from game to game, then includes
 * this header, then writes the rules. This header holds the rest: the
 * fault kinds, the fixed layout of the State, the zone operations, checked
 * arithmetic, decisions, direct play, the run loop and the functions an
 * RtGame table points to.
 *
 * Why a header, and neither library functions nor a file cardc embeds as
 * a string: nearly everything here works on the game's own State and
 * tables, whose sizes depend on NSLOTS, NINSTANCES and NCARDS, and most of
 * it sits on the hot paths of the rules' code. So it must be compiled in
 * the game's translation unit, as static inline functions that the
 * compiler specializes to the game's constants and inlines into the
 * rules, as when cardc wrote it out as text. A header does that, and the
 * compilers, the sanitizers and the runtime's tests
 * (tests/runtime/test_game.c, on a small hand-written State) see it as
 * code. Games already build with -Iruntime for rt.h and find this file
 * the same way; a file embedded into cardc would need a build step to
 * make it a string, and would make every generated file 800 lines longer
 * for nothing a reader of the game's C needs.
 *
 * Before the include, the generated file defines:
 *   NCARDS, NINSTANCES, cards[] (CardInfo: .count, .first, .num[]),
 *     instance_card[NINSTANCES]          the card data (emit_cards)
 *   MAXP, NSLOTS, NLOCALS, MAXDEPTH      players, zone slots, locals of a
 *                                        frame, frames (an enum)
 *   GAME_MAX_DECISIONS                   the rules' decision bound
 *   GAME_HAS_TIEBREAK                    1 if the rules have a tiebreak func
 *   GAME_HAS_EFFECTS                     1 if the rules play cards (optional:
 *                                        0 when left out)
 *   GAME_HAS_WINDOWS                     1 if the rules open reaction windows
 *                                        (optional, default 0); then also
 *   GAME_MAX_WINDOWS                     windows nested at most (limit
 *                                        reactions)
 *   GAME_HAS_MOVE_WORDS                  1 if the rules word the windows
 *                                        before a card moving (`window for
 *                                        c enters Z`; optional, default 0)
 *   GAME_HAS_SIMUL                       1 if the rules ask simultaneous
 *                                        choices (optional, default 0)
 *   GAME_HAS_OUT                         1 if the rules put players out of
 *                                        the game (`eliminate`; optional,
 *                                        default 0): State.outmask and the
 *                                        list of who went out, when
 *   GAME_HAS_SHOW                        1 if the rules `show` cards (optional,
 *                                        default 0): State.seen
 *   GAME_HAS_IMMUNE                      1 if the rules make players immune
 *                                        to an event (`until ... for P {
 *                                        immune to E }`; optional, default
 *                                        0): EvCtx.immune, p_immune()
 *   GAME_STATE_BYTES                     sizeof(State) as cardc counts it
 *                                        (optional: a game by hand may
 *                                        leave it out)
 *   P_main                               the number of proc main
 *   GAME_STATE_VARS                      the State's members for the rules'
 *                                        variables (may be empty)
 *   slot_ordered[NSLOTS], inst_type[NINSTANCES],
 *     inst_attr[][NINSTANCES]            tables for the helpers below
 *     (and slot_owner[NSLOTS] with GAME_HAS_EFFECTS)
 *   GAME_HAS_TIME (optional, 0 if not)   1 if the rules use turn, round
 *                                        or phase blocks, active(),
 *                                        'until' or 'at'; then NUNITS, the
 *                                        units of time (turns, rounds,
 *                                        each phase)
 *   GAME_SCORE_LOWEST, GAME_TIEBREAK_LOWEST (optional)
 *                                        1 if the lowest score (tie-break)
 *                                        ranks first (`winners:`)
 *   GAME_HAS_DEFEAT (optional)           1 if the rules call defeat(p):
 *                                        words t_defeated[MAXP] among the
 *                                        GAME_STATE_VARS
 *   GAME_HAS_DIRECTION (optional)        1 if the rules call reverse(): a
 *                                        word t_reversed among the
 *                                        GAME_STATE_VARS
 *   GAME_HAS_LASTING (optional)          1 if they use 'until' or 'at';
 *                                        then NLASTING (rows at once),
 *                                        NCAPTURE (values a row keeps),
 *                                        NLKINDS and the tables
 *                                        lasting_proc[], lasting_ncap[],
 *                                        lasting_slot[][NCAPTURE] (below)
 * and after it, with the rules, the functions declared under "what the
 * game defines" below. */
#ifndef CARDRT_GAME_H
#define CARDRT_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

#ifndef GAME_STATE_VARS
#error "define GAME_STATE_VARS (and the game's constants and tables) before rt_game.h"
#endif
#ifndef GAME_HAS_EFFECTS
#define GAME_HAS_EFFECTS 0
#endif
#ifndef GAME_HAS_WINDOWS
#define GAME_HAS_WINDOWS 0
#endif
#ifndef GAME_HAS_SIMUL
#define GAME_HAS_SIMUL 0
#endif
#ifndef GAME_HAS_BEFORE
#define GAME_HAS_BEFORE 0
#endif
#ifndef GAME_HAS_MOVE_BEFORE
#define GAME_HAS_MOVE_BEFORE 0
#endif
#ifndef GAME_HAS_MOVE_WORDS
#define GAME_HAS_MOVE_WORDS 0
#endif
#ifndef GAME_HAS_TIME
#define GAME_HAS_TIME 0
#endif
#ifndef GAME_HAS_LASTING
#define GAME_HAS_LASTING 0
#endif
#ifndef GAME_HAS_BLANK
#define GAME_HAS_BLANK 0 /* cardc build --blank: a kind may have no copy */
#endif

/* ---- the state ---- */

/* The work between two decisions, in steps, and func calls in progress,
 * before the game faults (F_LOOP, F_DEPTH). A step is a round of a loop
 * of any kind (`while`, `loop`, `repeat`, `for`), a card a `for`, an
 * aggregate, a filter, a `move all` or a shuffle goes over, a set of
 * cards a `such that` is tried on, or a call of a func or a proc: what the
 * rules do between two decisions is bounded, whatever the construct.
 * STEPS_STOPPED: the count once the game faulted, past any bound, so that
 * every call, loop and step after a fault stops at once. */
#define MAX_STEPS 10000000
#define STEPS_STOPPED (INT64_MAX / 2)
#define MAX_FUNC_DEPTH 1000
/* The State's bytes at most (max_state_bytes, docs/LIMITS.md): a copy is
 * a memcpy, and every game starts from a zeroed State. cardc refuses a
 * larger game (compiler/sema_limits.c, MAX_STATE_BYTES_SEMA). */
#define MAX_STATE_BYTES (64 * 1024 * 1024)
/* Kinds of card as bits, when there are at most 64 kinds. */
#define KMASKED (NCARDS <= 64)
#define KBIT(k) (KMASKED ? (uint64_t)1 << ((k) & 63) : 0)

/* What a step of a proc returns to run(): the proc returned, called
 * another (pushed on top), waits for a decision, or the game stopped. */
enum { R_RETURN, R_CALL, R_WAIT, R_STOP };

/* The rules' faults: core.fault when over == RT_FAULT, an index into
 * faults[] (RtGame.faults). One list, in faults.h: F_X is RT_F_X. */
enum {
#define X(name, detail, text) F_##name = RT_F_##name,
    RT_FAULT_KINDS(X)
#undef X
};

/* faults[k]: the text of fault k. */
static const char *const faults[] = {
#define X(name, detail, text) text,
    RT_FAULT_KINDS(X)
#undef X
};

/* A game with held zones (cards under cards) defines GAME_HAS_HOLDERS 1,
 * and the tables slot_holder[NSLOTS] (the card each slot lies under, -1),
 * inst_rank[NINSTANCES] (each card's rank among the cards of its type),
 * type_holds[NTYPES] (a held zone lies under the type) and
 * slot_in_play[NSLOTS] (the slot's zone is `in play`). */
#ifndef GAME_HAS_HOLDERS
#define GAME_HAS_HOLDERS 0
#endif

#ifndef GAME_HAS_SHOW
#define GAME_HAS_SHOW 0
#endif
#ifndef GAME_HAS_OUT
#define GAME_HAS_OUT 0
#endif
#ifndef GAME_HAS_IMMUNE
#define GAME_HAS_IMMUNE 0
#endif
/* A game with a zone whose top card is public (`top public`) defines
 * GAME_HAS_TOP_PUBLIC 1 (and GAME_HAS_SHOW) and slot_top_public[NSLOTS]. */
/* A game that calls reverse() defines GAME_HAS_DIRECTION 1, and a word
 * t_reversed among GAME_STATE_VARS: next() and prev() follow it. */
#ifndef GAME_HAS_DIRECTION
#define GAME_HAS_DIRECTION 0
#endif
#ifndef GAME_HAS_TOP_PUBLIC
#define GAME_HAS_TOP_PUBLIC 0
#endif
/* A game whose rules choose sets of cards (`choose cards`) defines
 * GAME_HAS_SETS 1: the State keeps the set chosen (sset), which a choice
 * too large to list whole builds one card at a time, and the candidate
 * set of a `such that` (cand) has room for every card. */
#ifndef GAME_HAS_SETS
#define GAME_HAS_SETS 0
#endif
#if GAME_HAS_SETS
#define CAND_CAP ((int)NINSTANCES > (int)RT_MAX_PICK ? (int)NINSTANCES : (int)RT_MAX_PICK)
#else
#define CAND_CAP RT_MAX_PICK
#endif

/* A proc in progress: which, where to resume (pc) and its locals. */
typedef struct Frame {
    int32_t proc, pc;
    int32_t v[NLOCALS];
} Frame;

/* Events and triggers (a game whose rules declare an event or a handler;
 * the rest of this header's event code is under "---- events"). The
 * game then defines, before the include:
 *   GAME_HAS_EVENTS 1
 *   NEVARGS            the most values an event carries (at least 1)
 *   GAME_MAX_TRIGGERS  'limit triggers N': triggers fired between two
 *                      decisions before F_TRIGGER_LOOP, and the length
 *                      of the trigger queue
 * GAME_HAS_DROP_EVENTS 1 when the cards dropping from a holder that leaves
 * play may be heard (game_dropped fires their triggers);
 * and, when cards have `on` clauses (which listen while the card is in
 * play, in an order that needs the time each card entered play):
 *   GAME_HAS_CARD_TRIGGERS 1
 *   slot_in_play[NSLOTS]     is slot i's zone `in play`? (emitted for
 *                            every game with a zone `in play`)
 * and, when the rules say `triggers chosen by controller` (a player
 * chooses the order of their cards' triggers that fire at once):
 *   GAME_HAS_TRIGGER_ORDER 1
 *   GAME_ORDER_PROMPT        the question's prompt ("Which of your
 *                            triggers resolves next?")
 * EV_FIRST_SEAT(s), the seat whose cards' triggers come first, is the
 * active player (GAME_HAS_TIME), seat 0 when none is active. */
#ifndef GAME_HAS_EVENTS
#define GAME_HAS_EVENTS 0
#endif
#ifndef GAME_HAS_CARD_TRIGGERS
#define GAME_HAS_CARD_TRIGGERS 0
#endif
#ifndef GAME_HAS_DROP_EVENTS
#define GAME_HAS_DROP_EVENTS 0
#endif
#ifndef GAME_HAS_TRIGGER_ORDER
#define GAME_HAS_TRIGGER_ORDER 0
#endif
#ifndef EV_FIRST_SEAT
#if GAME_HAS_TIME
#define EV_FIRST_SEAT(s) ((s)->active >= 0 ? (s)->active : 0)
#else
#define EV_FIRST_SEAT(s) 0
#endif
#endif
#if GAME_HAS_EVENTS
/* A trigger waiting in the queue: the handler to run, the event's player
 * (`by`, -1 none) and card (`cause`, -1 none), the card whose clause it
 * is (`card`, -1 for a handler of the rules) and that card's controller
 * when it fired (`me`), and the event's values (a card, zone slots, the
 * arguments of a user event). */
typedef struct Trigger {
    int32_t handler, by, cause, card, me;
#if GAME_HAS_TRIGGER_ORDER
    int32_t group;        /* the event occurrence that fired it (ev_group) */
#endif
    int32_t a[NEVARGS];
} Trigger;

/* An event or a handler in progress, innermost last: what a decision
 * taken meanwhile is "during" (RtGame.during), and the `by` and `cause`
 * an event raised meanwhile carries. handler: the handler's number, or
 * -1 in the event's own body, or EV_PLAY_CLAUSE in a card's play clause
 * (event EV_PLAYED: by the player who plays it, caused by the card). */
typedef struct EvCtx {
    int32_t event, handler, by, cause;
#if GAME_HAS_IMMUNE
    uint32_t immune; /* bit p: seat p is immune to an event whose body is in
                      * progress here or around it ('until ... for P {
                      * immune to E }'): no source of players walks it */
#endif
} EvCtx;
enum { EV_PLAY_CLAUSE = -2 };
#endif

#if GAME_HAS_LASTING
/* A row of a lasting or delayed effect: written by the 'until' or 'at'
 * numbered `kind` (lasting_proc[kind] is the proc of an 'at' block, -1
 * for an 'until'), it ends ('until') or runs ('at') at the boundary
 * `edge` (0 start, 1 end) of time unit `unit` once that unit has started
 * or ended `when` times; cap[] keeps the values of the locals it reads. */
typedef struct Lasting {
    int16_t kind;
    int8_t unit, edge;
    int32_t when;
    int32_t cap[NCAPTURE];
} Lasting;
#endif

/* The whole game: it holds no pointer, so a copy is a memcpy. */
typedef struct State {
    RtCore core;
    uint16_t zsize[NSLOTS];
    uint16_t zcard[NSLOTS][NINSTANCES];   /* [0] is the bottom */
    uint16_t slot_of[NINSTANCES];         /* where each card is */
    uint16_t pos_of[NINSTANCES];          /* and at which position */
    GAME_STATE_VARS                       /* the rules' variables: g_NAME, pv_NAME[MAXP] */
    uint16_t kcount[NSLOTS][NCARDS];      /* cards of each kind in each slot */
    uint64_t kmask[NSLOTS];               /* kinds present (kinds < 64) */
    /* the cards of each kind in each slot, a linked list (KNONE ends
     * it): a card of a kind in an unordered zone in O(1) */
    uint16_t khead[NSLOTS][NCARDS];       /* (unordered slots only) */
    uint16_t knext[NINSTANCES];
    uint64_t optkinds;                    /* kinds offered so far */
    int32_t ret;          /* the value of the last proc returned */
    int32_t depth;        /* frames in use */
    int64_t steps;        /* loop steps since the last decision */
    int32_t fdepth;       /* func calls in progress */
    int32_t ncand;        /* the candidate set of 'such that' */
    uint64_t candkinds;   /* its kinds (kinds < 64) */
    uint64_t mver;        /* the version of what funcs read (memo_write): a
                           * value of this thread's memo clock, new at each
                           * write; 0 before the set-up, which writes one */
    uint64_t pver[MAXP];  /* the same for the answers kept for seat p as the
                           * key's player: new at each write, and at each
                           * write of p's value of a per-player variable
                           * funcs read at their key's player only
                           * (memo_write_player) */
    uint16_t cand[CAND_CAP];
#if GAME_HAS_EVENTS
    /* the trigger queue, first in first out: tq[(tq_head + i) % GAME_MAX_TRIGGERS] */
    int32_t tq_head, tq_len;
    int32_t tfired;       /* triggers fired since the last decision */
    int32_t draining;     /* the queue is being drained (ev_drain) */
    int32_t nctx;         /* events and handlers in progress */
#if GAME_HAS_TRIGGER_ORDER
    int32_t tgroups;      /* event occurrences that fired triggers: the last group */
#endif
    EvCtx ctx[MAXDEPTH];
    Trigger tq[GAME_MAX_TRIGGERS];
#endif
#if GAME_HAS_CARD_TRIGGERS
    uint32_t clock;                   /* moves into play so far */
    uint32_t entered[NINSTANCES];     /* each card: the clock when it last entered play */
#endif
    Frame fr[MAXDEPTH];
#if GAME_HAS_HOLDERS
    /* holders that left play, whose cards are still to drop (FIFO) */
    int32_t ndrop;
    int32_t dropping;     /* a drop is running: cards leaving meanwhile queue */
    uint16_t dropq[NINSTANCES];
    /* each held zone as a whole, every holder's slot together (slot_heldz):
     * its cards, and its cards of each kind */
    uint16_t hzsize[NHELDZ];
    uint16_t hkcount[NHELDZ][NCARDS];
#endif
#if GAME_HAS_BEFORE
    int32_t bret[NEVARGS];        /* what a clause run before an event left: its values */
    int32_t bcancel;              /* and whether it cancelled the event */
#endif
#if GAME_HAS_WINDOWS
    int32_t nwin;                 /* windows on the stack */
    uint32_t nwindows;            /* windows opened so far: the last one's id */
    RtWindow win[GAME_MAX_WINDOWS]; /* [nwin - 1] the innermost */
#endif
#if GAME_HAS_SIMUL
    uint32_t nsimul;              /* simultaneous choices asked so far (their ids
                                   * in a game without reaction windows) */
    RtWindow simul;               /* the simultaneous choice: open while its
                                   * seats are being asked */
#endif
#if GAME_HAS_TIME
    int32_t active;           /* active(): whose turn it is, -1 none */
    int32_t tstarts[NUNITS];  /* per unit of time: how often it started */
    int32_t tends[NUNITS];    /* and ended */
#endif
#if GAME_HAS_LASTING
    int32_t nlasting;         /* rows in use, the oldest first */
    Lasting lasting[NLASTING];
#endif
#if GAME_HAS_SHOW
    /* bit p: seat p was shown the card where it lies (`show`); cleared
     * when the card moves or its zone is shuffled (seen_forget) */
    uint8_t seen[NINSTANCES];
#endif
#if GAME_HAS_OUT
    /* the players out of the game (`eliminate`), in the order they went
     * out: seat and the turn (core.turns) it went out in */
    uint32_t outmask;             /* bit p: seat p is out */
    int32_t nout;
    int32_t out_seat[MAXP];
    int32_t out_turn[MAXP];
#endif
#if GAME_HAS_SETS
    /* the set of a `choose cards`: sset[0..nsset), in the order chosen,
     * and its from slots while it moves; while it is chosen one card at a
     * time, its sizes and whether the pending decision is one of its steps */
    int32_t nsset, sset_lo, sset_hi, sset_step;
    uint16_t sset[NINSTANCES];
    uint16_t sfrom[NINSTANCES];
#endif
} State;

_Static_assert((int)MAXP <= (int)RT_MAX_PLAYERS, "too many players for the runtime");
_Static_assert(sizeof(State) <= MAX_STATE_BYTES, "the state is larger than max_state_bytes");
_Static_assert((int)NSLOTS <= INT16_MAX, "zone slots are int16_t (max_zone_slots)");
#ifdef GAME_STATE_BYTES
/* cardc counts the State's bytes before it emits the game (state_bytes in
 * compiler/sema_limits.c), exactly on a 64-bit target: a change to State
 * must change that count too. */
_Static_assert(sizeof(State) <= GAME_STATE_BYTES && sizeof(State) + 64 > GAME_STATE_BYTES,
               "cardc's count of the state's bytes no longer follows State");
#endif

/* ---- the memo of funcs (GAME_HAS_MEMO, Sym.memo) ---- */

#ifndef GAME_HAS_MEMO
#define GAME_HAS_MEMO 0
#endif

/* A memo func's answer for one key (its players, and its cards' kinds),
 * kept while the state's version is tag (State.mver, or the key's
 * player's State.pver): its value and the steps the call counted. */
typedef struct MemoEntry {
    uint64_t tag;
    int32_t val;
    int32_t steps;
} MemoEntry;

#if GAME_HAS_MEMO
#include <stdatomic.h>
/* Each thread's memo clock starts at its own 2^40 (the threads counted
 * from 1), so that no two writes of a process share a version: a state
 * and its copies agree on one only while neither has been written since
 * the copy (the memo tables are per thread, as simulate --jobs plays). */
static _Atomic uint64_t memo_threads;
static _Thread_local uint64_t memo_clock;

static inline uint64_t memo_tick(void)
{
    if (!memo_clock)
        memo_clock = (atomic_fetch_add(&memo_threads, 1) + 1) << 40;
    return ++memo_clock;
}
#endif

/* Something a func may read was written: the state's version moves on,
 * and no memo entry kept before answers for it. derive, the set-up, the
 * start values of the variables, the lasting rows and an assignment that
 * changes a variable such a func reads call it; a move, a shuffle and a
 * sort where such a func reads the slots' zone (memo_moved). */
static inline RT_UNUSED void memo_write(State *s)
{
#if GAME_HAS_MEMO
    s->mver = memo_tick();
    for (int p = 0; p < MAXP; p++)
        s->pver[p] = s->mver;
#else
    (void)s;
#endif
}

/* Seat p's value of a per-player variable that every memo func reads at
 * its key's player only (Sym.memo_read_other false) was written: only the
 * answers kept for p as the key's player are dropped (State.pver). */
static inline RT_UNUSED void memo_write_player(State *s, int p)
{
#if GAME_HAS_MEMO
    s->pver[p] = memo_tick();
#else
    (void)s;
    (void)p;
#endif
}

/* A move from slot `from` to slot `to` (or a shuffle or a sort of one
 * slot, from = to): memo_write where a memo func reads either slot's zone
 * (slot_memo, from the rules: a zone such a func names; every zone in play
 * where it reads the modifiers of cards in play; every zone where it may
 * read the slot of any card, controller() or holder()). */
static inline RT_UNUSED void memo_moved(State *s, int from, int to)
{
#if GAME_HAS_MEMO
    if (slot_memo[from] | slot_memo[to])
        memo_write(s);
#else
    (void)s;
    (void)from;
    (void)to;
#endif
}

/* Does entry m answer now: kept at version ver (State.mver, or the key's
 * player's State.pver), and its steps within MAX_STEPS (else the call
 * runs, to fault where it did)? (A state is set up, memo_write, before
 * any func runs: no version is 0, the tag of an entry never kept.) */
static inline RT_UNUSED bool memo_fresh(const State *s, const MemoEntry *m, uint64_t ver)
{
    return m->tag == ver && s->steps + m->steps <= MAX_STEPS;
}

/* The call answered r from `before` steps: kept unless it faulted (the
 * steps past any bound: STEPS_STOPPED). */
static inline RT_UNUSED void memo_keep(const State *s, MemoEntry *m, int32_t r, int64_t before,
                                       uint64_t ver)
{
    if (s->steps > MAX_STEPS)
        return;
    m->tag = ver;
    m->val = r;
    m->steps = (int32_t)(s->steps - before);
}

/* Where the build checks it (the sanitizers' test builds), every answer
 * the memo gives is worked out again and must be the same, in value and
 * in steps: a writer that forgot memo_write aborts there. */
#if defined(__SANITIZE_ADDRESS__) && GAME_HAS_MEMO
#define MEMO_VERIFY(s, m, call)                                                    \
    do {                                                                           \
        int64_t memo_st = (s)->steps;                                              \
        int32_t memo_v = (call);                                                   \
        if (memo_v != (m)->val || (s)->steps - memo_st != (m)->steps) {            \
            fprintf(stderr, "memo: a func's kept answer is stale (%d in %d steps; " \
                    "worked out again, %d in %lld)\n", (int)(m)->val, (int)(m)->steps,  \
                    (int)memo_v, (long long)((s)->steps - memo_st));                \
            abort();                                                               \
        }                                                                          \
        (s)->steps = memo_st;                                                      \
    } while (0)
#else
#define MEMO_VERIFY(s, m, call) ((void)0)
#endif

/* ---- zone operations ---- */

/* Ends the game with fault k (F_*), unless it is over already: the first
 * fault is the one reported. site is the statement of the rules that
 * raised it (fault_sites[site - 1] of the game's table, 0 unknown), arg its
 * detail (RT_FAULT_KINDS: a slot, a player value, an index, or 0).
 *
 * Every helper below that may fault takes the site from its caller, and the
 * generated C passes a number: a constant, which costs nothing until the
 * helper faults. */
static inline RT_UNUSED void fault(State *s, int k, int site, int32_t arg)
{
    rt_fault(&s->core, k, site, arg);
    s->steps = STEPS_STOPPED;
}

/* A func call begins: false, and a fault at site (the func's declaration),
 * when MAX_FUNC_DEPTH calls are in progress (F_DEPTH) or when it is a step
 * past MAX_STEPS (F_LOOP); after a fault every call returns at once, so a
 * recursion that branches stops too (its calls that fault are not 2^1000). */
static inline RT_UNUSED bool fcall_ok(State *s, int site)
{
    if (s->fdepth < MAX_FUNC_DEPTH && ++s->steps <= MAX_STEPS)
        return true;
    fault(s, s->fdepth >= MAX_FUNC_DEPTH ? F_DEPTH : F_LOOP, site, 0);
    return false;
}

/* The kind (CARD_*) of card c, the type (TYPE_*), the value index of
 * attribute a, its number; -1 (0 for the number) for none (c < 0). The
 * test is unsigned, c < NINSTANCES too: it costs no more than c < 0, and
 * gcc -O2 cannot prove a holder(...) or other card read from the state is
 * below NINSTANCES, so with c < 0 alone it warned of inst_type[NINSTANCES]
 * (-Werror=array-bounds; tests/games/triggers.sh, holder-arg-lab). */
static inline RT_UNUSED int card_kind(int c)
{
    return (unsigned)c < NINSTANCES ? instance_card[c] : -1;
}

/* name_has: whether kind k (a card's name, -1 for none) is one of the n
 * kinds of ks, those whose names have the words asked for. */
static inline RT_UNUSED bool kind_among(int k, const int32_t *ks, int n)
{
    for (int i = 0; i < n; i++)
        if (ks[i] == k)
            return true;
    return false;
}

static inline RT_UNUSED int card_type(int c)
{
    return (unsigned)c < NINSTANCES ? inst_type[c] : -1;
}

static inline RT_UNUSED int card_attr(int c, int a)
{
    return (unsigned)c < NINSTANCES ? inst_attr[a][c] : -1;
}

static inline RT_UNUSED int card_num(int c, int a)
{
    return (unsigned)c < NINSTANCES ? cards[instance_card[c]].num[a] : 0;
}

#if GAME_HAS_EFFECTS || GAME_HAS_CARD_TRIGGERS
/* The seat of the per-player zone that holds card c, or -1 (none) when a
 * shared zone holds it or c is none: controller(c). A card under a card
 * (a held zone) has its holder's controller, up the chain of holders (a
 * chain that comes back on itself, cards under each other, ends as none). */
static inline RT_UNUSED int32_t controller(const State *s, int c)
{
#if GAME_HAS_HOLDERS
    for (int n = 0; c >= 0 && slot_holder[s->slot_of[c]] >= 0; n++)
        c = n < NINSTANCES ? slot_holder[s->slot_of[c]] : -1;
#endif
    return c < 0 ? -1 : slot_owner[s->slot_of[c]];
}
#endif

/* The bits set in x, a byte at a time: kinds are few, so masks are short
 * (one look-up for a game of at most 8 kinds), and the build targets no
 * popcnt: __builtin_popcountll is a call. */
#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2(n), POP2(n + 1), POP2(n + 1), POP2(n + 2)
#define POP6(n) POP4(n), POP4(n + 1), POP4(n + 1), POP4(n + 2)
static inline RT_UNUSED int32_t kpop(uint64_t x)
{
    static const uint8_t pop8[256] = {POP6(0), POP6(1), POP6(1), POP6(2)};
    int32_t r = 0;
    for (; x; x >>= 8)
        r += pop8[x & 255];
    return r;
}
#undef POP6
#undef POP4
#undef POP2

/* The index of the (i+1)-th bit set in b (b has more than i). */
static inline RT_UNUSED int nth_bit(uint64_t b, int i)
{
    for (; i > 0; i--)
        b &= b - 1;
    return __builtin_ctzll(b);
}

/* Cards in slot of the kinds in mask m. */
static inline RT_UNUSED int32_t kcount_in(const State *s, int slot, uint64_t m)
{
    uint64_t b = s->kmask[slot] & m;
    int32_t r = 0;
    while (b) {
        r += s->kcount[slot][__builtin_ctzll(b)];
        b &= b - 1;
    }
    return r;
}

#if GAME_HAS_HOLDERS
/* A card of kind k moved from slot `from` to slot `to`: the counts of the
 * held zones of those slots (slot_heldz; -1 none) follow. */
static inline void held_moved(State *s, int from, int to, int k)
{
    int a = slot_heldz[from], b = slot_heldz[to];
    if (a == b)
        return;
    if (a >= 0) {
        s->hzsize[a]--;
        s->hkcount[a][k]--;
    }
    if (b >= 0) {
        s->hzsize[b]++;
        s->hkcount[b][k]++;
    }
}

/* The cards of kinds m in held zone h, every holder's slot together. */
static inline RT_UNUSED int32_t held_kcount_in(const State *s, int h, uint64_t m)
{
    int32_t r = 0;
    for (; m; m &= m - 1)
        r += s->hkcount[h][__builtin_ctzll(m)];
    return r;
}
#define HELD_MOVED(s, from, to, k) held_moved(s, from, to, k)
#else
#define HELD_MOVED(s, from, to, k) ((void)0)
#endif

/* The smaller and the larger of a and b. */
static inline RT_UNUSED int32_t imin(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static inline RT_UNUSED int32_t imax(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* |a|; faults for INT32_MIN, whose opposite is no int32_t. */
static inline RT_UNUSED int32_t iabs(State *s, int site, int32_t a)
{
    if (a == INT32_MIN) {
        fault(s, F_OVERFLOW, site, 0);
        return 0;
    }
    return a < 0 ? -a : a;
}

/* Arithmetic that faults on overflow instead of wrapping. */
static inline RT_UNUSED int32_t iadd(State *s, int site, int32_t a, int32_t b)
{
    int32_t r;
    if (__builtin_add_overflow(a, b, &r)) {
        fault(s, F_OVERFLOW, site, 0);
        return 0;
    }
    return r;
}

static inline RT_UNUSED int32_t isub(State *s, int site, int32_t a, int32_t b)
{
    int32_t r;
    if (__builtin_sub_overflow(a, b, &r)) {
        fault(s, F_OVERFLOW, site, 0);
        return 0;
    }
    return r;
}

static inline RT_UNUSED int32_t imul(State *s, int site, int32_t a, int32_t b)
{
    int32_t r;
    if (__builtin_mul_overflow(a, b, &r)) {
        fault(s, F_OVERFLOW, site, 0);
        return 0;
    }
    return r;
}

/* a / b, rounded toward zero; faults on b == 0 and on INT32_MIN / -1. */
static inline RT_UNUSED int32_t idiv(State *s, int site, int32_t a, int32_t b)
{
    if (b == 0 || (a == INT32_MIN && b == -1)) {
        fault(s, b ? F_OVERFLOW : F_DIV_ZERO, site, 0);
        return 0;
    }
    return a / b;
}

/* a % b, of the sign of a; faults on b == 0 (INT32_MIN % -1 is 0). */
static inline RT_UNUSED int32_t imod(State *s, int site, int32_t a, int32_t b)
{
    if (b == 0) {
        fault(s, F_DIV_ZERO, site, 0);
        return 0;
    }
    return b == -1 ? 0 : a % b;
}

/* A player index checked against the table. */
static inline RT_UNUSED int pidx(State *s, int site, int p)
{
    if ((unsigned)p >= (unsigned)s->core.nplayers) { /* p < 0 too */
        fault(s, F_BAD_PLAYER, site, p);
        return 0;
    }
    return p;
}

/* The slot of per-player zone `zone` for player p (checked). */
static inline RT_UNUSED int zslot(State *s, int site, int zone, int p)
{
    return zone + pidx(s, site, p);
}

/* ---- cards under cards: held zones, per-card variables ---- */

/* The index of a per-card variable: card c, checked (none faults). */
static inline RT_UNUSED int cidx(State *s, int site, int c)
{
    if ((unsigned)c >= NINSTANCES) { /* c < 0 too: none */
        fault(s, F_NO_CARD, site, 0);
        return 0;
    }
    return c;
}

/* c in slot: is card c (none: no) in slot? */
static inline RT_UNUSED int in_slot(const State *s, int c, int slot)
{
    return (unsigned)c < NINSTANCES && s->slot_of[c] == slot;
}

/* c in Z, Z a held zone without its holder: is card c in one of the n
 * slots from `first`? */
static inline RT_UNUSED int in_slots(const State *s, int c, int first, int n)
{
    return (unsigned)c < NINSTANCES && (unsigned)(s->slot_of[c] - first) < (unsigned)n;
}

#if GAME_HAS_HOLDERS
/* The slot of held zone `zone` (its first slot) under card c, which must
 * be a card of the holder type `type`; another card (or none) faults, and
 * the zone's first slot stands in. */
static inline RT_UNUSED int hslot(State *s, int site, int zone, int type, int c)
{
    if ((unsigned)c >= NINSTANCES || inst_type[c] != type) {
        fault(s, F_NOT_HOLDER, site, (unsigned)c < NINSTANCES ? c : -1);
        return zone;
    }
    return zone + inst_rank[c];
}

/* holder(c): the card whose slot holds card c, or -1 (none). */
static inline RT_UNUSED int card_holder(const State *s, int c)
{
    return (unsigned)c < NINSTANCES ? slot_holder[s->slot_of[c]] : -1;
}

/* The walk over every holder's slot of a held zone, bottom to top in each
 * slot, the slots in order: from *slot = first, *i = -1, each call moves
 * to the next card (0 past the last, before slot `end`). Most holders'
 * slots are empty (a Location without Students): the sizes of four slots
 * are read at once (one 64-bit word of zsize), and four empty ones passed
 * in one step; the first slot with a card is the one found slot by slot. */
static inline RT_UNUSED int held_next(const State *s, int *slot, int *i, int end)
{
    if (++*i < s->zsize[*slot])
        return 1;
    *i = 0;
    int k = *slot + 1;
    for (uint64_t four; k + 4 <= end; k += 4) {
        memcpy(&four, &s->zsize[k], sizeof four);
        if (four)
            break;
    }
    for (; k < end; k++)
        if (s->zsize[k]) {
            *slot = k;
            return 1;
        }
    *slot = end;
    return 0;
}

/* The same walk backwards, top to bottom and the last slot first: from
 * *slot = end, *i = 0, down to slot `first`. */
static inline RT_UNUSED int held_prev(const State *s, int *slot, int *i, int first)
{
    if (--*i >= 0)
        return 1;
    while (--*slot >= first)
        if (s->zsize[*slot]) {
            *i = s->zsize[*slot] - 1;
            return 1;
        }
    return 0;
}
#endif

/* A list index i checked against the list's length n. */
static inline RT_UNUSED int lidx(State *s, int site, int i, int n)
{
    if (i < 0 || i >= n) {
        fault(s, F_BAD_INDEX, site, i);
        return 0;
    }
    return i;
}

/* The seat after p, for p in range. */
static inline RT_UNUSED int pnext_in(State *s, int p)
{
    p += 1;
    return p < s->core.nplayers ? p : 0;
}

/* next(p): the seat after p, p checked. */
static inline RT_UNUSED int pnext(State *s, int site, int p)
{
    return pnext_in(s, pidx(s, site, p));
}

/* The seat before p, for p in range. */
static inline RT_UNUSED int pprev_in(State *s, int p)
{
    return (p > 0 ? p : s->core.nplayers) - 1;
}

/* prev(p): the seat before p, p checked. */
static inline RT_UNUSED int pprev(State *s, int site, int p)
{
    return pprev_in(s, pidx(s, site, p));
}

#if GAME_HAS_DIRECTION
/* A game that calls reverse() keeps the direction of play in a word of
 * its own (t_reversed, 1 once reversed an odd number of times): its
 * next(p) is the seat after p in that direction, its prev(p) the seat
 * before. */
static inline RT_UNUSED int pafter_in(State *s, int p)
{
    return s->t_reversed ? pprev_in(s, p) : pnext_in(s, p);
}

static inline RT_UNUSED int pafter(State *s, int site, int p)
{
    return pafter_in(s, pidx(s, site, p));
}

static inline RT_UNUSED int pbefore_in(State *s, int p)
{
    return s->t_reversed ? pnext_in(s, p) : pprev_in(s, p);
}

static inline RT_UNUSED int pbefore(State *s, int site, int p)
{
    return pbefore_in(s, pidx(s, site, p));
}
#endif

/* count(EVENT(...)) and any(EVENT(...)): h holds, for each of n cards or
 * players (or one), the times the event happened and the number of the
 * unit of time it was last counted in (0 for the game). hist_note counts
 * one for i (none, -1, is not counted), hist_count reads it: 0 when the
 * unit counted in is not the one in progress. */
static inline RT_UNUSED void hist_note(int32_t *h, int i, int32_t unit, int n)
{
    if (i < 0 || i >= n)
        return;
    if (h[2 * i + 1] != unit) {
        h[2 * i + 1] = unit;
        h[2 * i] = 0;
    }
    if (h[2 * i] < INT32_MAX)
        h[2 * i]++;
}

static inline RT_UNUSED int32_t hist_count(const int32_t *h, int i, int32_t unit)
{
    return i >= 0 && h[2 * i + 1] == unit ? h[2 * i] : 0;
}

#if GAME_HAS_OUT
/* ---- players out of the game (`eliminate`) ---- */

/* Is seat p (in range) out of the game? */
static inline RT_UNUSED int p_out(const State *s, int p)
{
    return (int)((s->outmask >> p) & 1u);
}

/* eliminate(p): p (checked) goes out of the game now, in the turn
 * counted so far; a player out already stays out as it went. */
static inline RT_UNUSED void eliminate(State *s, int site, int p)
{
    p = pidx(s, site, p);
    if (s->core.over || p_out(s, p))
        return;
    s->outmask |= 1u << p;
    s->out_seat[s->nout] = p;
    s->out_turn[s->nout++] = s->core.turns;
    rt_player_out(s, p, s->core.turns); /* the views say it at once */
}

/* is_out(p): is p (checked) out of the game? */
static inline RT_UNUSED int is_out(State *s, int site, int p)
{
    return p_out(s, pidx(s, site, p));
}

/* players_in(): the players still in the game. */
static inline RT_UNUSED int32_t players_in(const State *s)
{
    return s->core.nplayers - s->nout;
}

/* The first seat from p (in range) that is still in the game, stepping
 * round the table by `step` (pnext_in, pprev_in...): p itself if it is;
 * p when every seat is out. */
static inline RT_UNUSED int pskip_out_by(State *s, int p, int (*step)(State *, int))
{
    int q = p;
    for (int i = 0; i < s->core.nplayers; i++, q = step(s, q))
        if (!p_out(s, q))
            return q;
    return p;
}

/* The first seat from p (in range) round the table still in the game. */
static inline RT_UNUSED int pskip_out(State *s, int p)
{
    return pskip_out_by(s, p, pnext_in);
}

/* next(p) and prev(p) in a game where players go out: the seat after
 * (before) p (checked) round the table that is still in; p itself when it
 * is the last in. With reverse() (GAME_HAS_DIRECTION), pafter_live and
 * pbefore_live go in the direction of play. */
static inline RT_UNUSED int pnext_live(State *s, int site, int p)
{
    return pskip_out(s, pnext(s, site, p));
}

static inline RT_UNUSED int pprev_live(State *s, int site, int p)
{
    return pskip_out_by(s, pprev(s, site, p), pprev_in);
}

#if GAME_HAS_DIRECTION
static inline RT_UNUSED int pafter_live(State *s, int site, int p)
{
    return pskip_out_by(s, pafter(s, site, p), pafter_in);
}

static inline RT_UNUSED int pbefore_live(State *s, int site, int p)
{
    return pskip_out_by(s, pbefore(s, site, p), pbefore_in);
}
#endif

/* A seat that must be in the game, checked: a turn's player, a
 * decision's. A seat that is out faults (F_OUT_PLAYER). */
static inline RT_UNUSED int pin(State *s, int site, int p)
{
    p = pidx(s, site, p);
    if (p_out(s, p))
        fault(s, F_OUT_PLAYER, site, p);
    return p;
}

/* RtGame.out: the players out, in the order they went out. */
static RT_UNUSED int game_out(const void *st, int *seat, int *turn)
{
    const State *s = st;
    for (int i = 0; i < s->nout; i++) {
        seat[i] = s->out_seat[i];
        turn[i] = s->out_turn[i];
    }
    return s->nout;
}

/* The players out agree with their list: each once, in range, and the
 * mask is the list's. */
static RT_UNUSED bool out_check(const State *s, char *why, size_t n)
{
    uint32_t m = 0;
    if (s->nout < 0 || s->nout > s->core.nplayers) {
        snprintf(why, n, "%d players out of %d", s->nout, s->core.nplayers);
        return false;
    }
    for (int i = 0; i < s->nout; i++) {
        int p = s->out_seat[i];
        if (p < 0 || p >= s->core.nplayers || (m >> p & 1u) || s->out_turn[i] < 0 ||
            s->out_turn[i] > s->core.turns) {
            snprintf(why, n, "out player %d of the list (seat %d, turn %d) is broken", i, p,
                     s->out_turn[i]);
            return false;
        }
        m |= 1u << p;
    }
    if (m != s->outmask) {
        snprintf(why, n, "the mask of players out, 0x%x, is not its list's, 0x%x",
                 (unsigned)s->outmask, (unsigned)m);
        return false;
    }
    return true;
}
#endif

/* seat(i): player i, checked. */
static inline RT_UNUSED int pseat(State *s, int site, int i)
{
    return pidx(s, site, i);
}

/* chance(pct): true with probability pct in 100 (one draw). */
static inline RT_UNUSED int chance(State *s, int pct)
{
    return (int)rt_below(&s->core.rng, 100) < pct;
}

/* roll(n): 1..n uniformly (one draw); 0 for n < 1, drawing nothing. */
static inline RT_UNUSED int roll(State *s, int n)
{
    return n < 1 ? 0 : 1 + (int)rt_below(&s->core.rng, (uint32_t)n);
}

/* The top card of slot, or the bottom one: -1 (none) and a fault when
 * the slot is empty. */
static inline RT_UNUSED int z_top(State *s, int site, int slot)
{
    int n = s->zsize[slot];
    if (n == 0) {
        fault(s, F_EMPTY_TOP, site, slot);
        return -1;
    }
    return s->zcard[slot][n - 1];
}

static inline RT_UNUSED int z_bottom(State *s, int site, int slot)
{
    if (s->zsize[slot] == 0) {
        fault(s, F_EMPTY_TOP, site, slot);
        return -1;
    }
    return s->zcard[slot][0];
}

/* The lists of each kind in each slot (State.khead). */
#define KNONE 0xffff

/* Card c out of its list. It is mostly the first (a choice by kind takes
 * the first card of a list); else the list, of the cards of one kind in
 * one zone, is walked. */
static inline RT_UNUSED void kunlink(State *s, int c, int slot, int k)
{
    int p = s->khead[slot][k];
    if (p == c) {
        s->khead[slot][k] = s->knext[c];
        return;
    }
    while (s->knext[p] != c)
        p = s->knext[p];
    s->knext[p] = s->knext[c];
}

/* Card c first in the list of kind k of slot. */
static inline RT_UNUSED void klink(State *s, int c, int slot, int k)
{
    s->knext[c] = s->khead[slot][k];
    s->khead[slot][k] = (uint16_t)c;
}

/* The rare case of kunlink_left: one walk of the list of kind k of slot
 * `from` takes out every card of pick[] that leaves it (marked, pos_of
 * KNONE), the rest in its order. The cards still to move, pick[i..n),
 * are told by their slot_of, which is set now for them all (*marked: it
 * was set by an earlier walk). */
static RT_UNUSED __attribute__((noinline)) void kunlink_walk(State *s, int from, int k, int to,
                                                           const uint16_t *pick, int i, int n,
                                                           bool *marked)
{
    if (!*marked)
        for (int j = i; j < n; j++)
            s->slot_of[pick[j]] = (uint16_t)to;
    *marked = true;
    uint16_t *link = &s->khead[from][k];
    while (*link != KNONE) {
        int x = *link;
        if (s->slot_of[x] == from) {
            link = &s->knext[x];
        } else {
            *link = s->knext[x];
            s->pos_of[x] = KNONE;
        }
    }
}

/* Card pick[i], of kind k, leaving unordered slot `from` for `to` with
 * the cards pick[i + 1..n) (a `move all`), out of its list: found as
 * kunlink finds it when it is among the first KWALK of its list; else,
 * unless a walk took it out already, one walk takes out every card of its
 * kind that leaves. So a `move all` costs its cards, not their square: it
 * takes them bottom to top, often the last of their lists, and a walk to
 * each made one of 4,000 copies of a card take 42 ms. The caller writes
 * the pos_of of every card moved. */
#define KWALK 8
static inline RT_UNUSED void kunlink_left(State *s, int from, int k, int to, const uint16_t *pick,
                                          int i, int n, bool *marked)
{
    int c = pick[i], p = s->khead[from][k];
    if (p == c) {
        s->khead[from][k] = s->knext[c];
        return;
    }
    if (*marked && s->pos_of[c] == KNONE) /* a walk took it out */
        return;
    for (int steps = 0; steps < KWALK && p != KNONE; steps++) {
        int q = s->knext[p];
        if (q == c) {
            s->knext[p] = s->knext[c];
            return;
        }
        p = q;
    }
    kunlink_walk(s, from, k, to, pick, i, n, marked);
}

/* ---- show ---- */

/* A card that moves is no longer known to the seats it was shown to: only
 * those that see where it goes know it there (the views name it to the
 * seats that saw it as it leaves, then forget). */
static inline RT_UNUSED void seen_forget(State *s, int c)
{
#if GAME_HAS_SHOW
    s->seen[c] = 0;
#else
    (void)s;
    (void)c;
#endif
}

/* Card c leaves slot `from` from its top (it is the top card): in a `top
 * public` zone every seat saw it there, and sees it named as it leaves
 * (the move forgets it after, seen_forget). */
static inline RT_UNUSED void top_leaves(State *s, int c, int from, bool top)
{
#if GAME_HAS_TOP_PUBLIC
    if (top && slot_top_public[from])
        s->seen[c] = 0xff;
#else
    (void)s;
    (void)c;
    (void)from;
    (void)top;
#endif
}

#if GAME_HAS_SHOW
/* `show`: the seats of mask `seats` know card c where it lies, until it
 * moves; none (c < 0) shows nothing. */
static inline RT_UNUSED void show_card(State *s, int c, int32_t seats)
{
    if ((unsigned)c >= NINSTANCES)
        return;
    s->seen[c] |= (uint8_t)seats;
    rt_shown(s, c, (unsigned)seats);
}

/* The end of a `show` statement, for the views (rt_shown with no card). */
static inline RT_UNUSED void show_done(State *s, int32_t seats)
{
    rt_shown(s, -1, (unsigned)seats);
}
#endif

/* What the state derives from the zones: where each card is, the counts
 * and masks of each kind in each slot, and the lists of each kind in each
 * unordered slot (the last card of a zone first in its list; an ordered
 * zone has none: its cards differ by position). */
static RT_UNUSED void derive(State *s)
{
    memo_write(s);
    memset(s->kcount, 0, sizeof s->kcount);
    memset(s->kmask, 0, sizeof s->kmask);
    memset(s->khead, 0xff, sizeof s->khead);
#if GAME_HAS_HOLDERS
    memset(s->hzsize, 0, sizeof s->hzsize);
    memset(s->hkcount, 0, sizeof s->hkcount);
#endif
    for (int slot = 0; slot < NSLOTS; slot++)
        for (int i = 0; i < s->zsize[slot]; i++) {
            int c = s->zcard[slot][i], k = instance_card[c];
#if GAME_HAS_HOLDERS
            if (slot_heldz[slot] >= 0) {
                s->hzsize[slot_heldz[slot]]++;
                s->hkcount[slot_heldz[slot]][k]++;
            }
#endif
            if (s->slot_of[c] != slot) /* moved by hand: as a move, forgotten */
                seen_forget(s, c);
            s->slot_of[c] = (uint16_t)slot;
            s->pos_of[c] = (uint16_t)i;
            s->kcount[slot][k]++;
            s->kmask[slot] |= KBIT(k);
            if (!slot_ordered[slot])
                klink(s, c, slot, k);
        }
}

#if GAME_HAS_HOLDERS
/* What becomes of the cards under card c, which has just left play: the
 * game's (cgen_holders.c), after the rules. */
static void game_holder_left(State *s, int c);

/* Card c went from slot `from` to slot `to`. A holder that left play (from
 * an `in play` zone to one that is not) lets the cards under it drop or
 * keeps them (game_holder_left). The cards that drop may hold cards in
 * turn: they queue, and the outermost call drops them all, in the order
 * they left play (holders_drop), so that nesting costs no stack. A move
 * whose triggers are heard sets `dropping` while it moves and calls
 * holders_drop once its own triggers fired, so that the drops' come
 * after them. */
static inline RT_UNUSED void holders_drop(State *s)
{
    if (s->dropping || !s->ndrop)
        return;
    s->dropping = 1;
    for (int i = 0; i < s->ndrop; i++)
        game_holder_left(s, s->dropq[i]);
    s->ndrop = 0;
    s->dropping = 0;
}

static inline RT_UNUSED void holder_moved(State *s, int c, int from, int to)
{
    if (!type_holds[inst_type[c]] || !slot_in_play[from] || slot_in_play[to])
        return;
    if (s->ndrop < NINSTANCES) /* each card leaves play once in a cascade */
        s->dropq[s->ndrop++] = (uint16_t)c;
    holders_drop(s);
}
#endif

/* Moves card c (a card, not none) to slot `to`: on top (pos < 0) or with
 * pos cards below. to_ordered is slot_ordered[to]; where the generated
 * code knows the zone it passes a constant (mv_into), and the code it
 * leaves out for that (the kind list of an unordered `to`, or none) is
 * folded away at each call, the same state either way. */
static inline __attribute__((always_inline)) RT_UNUSED void mv_card_as(State *s, int c, int to,
                                                                   int pos, bool to_ordered)
{
    int from = s->slot_of[c], k = instance_card[c];
    uint16_t *z = s->zcard[from];
    int n = s->zsize[from] - 1, j = s->pos_of[c];
    memo_moved(s, from, to);
    top_leaves(s, c, from, j == n);
    s->zsize[from] = (uint16_t)n;
    if (!slot_ordered[from]) {
        /* the last card takes its place */
        int last = z[n];
        z[j] = (uint16_t)last;
        s->pos_of[last] = (uint16_t)j;
        kunlink(s, c, from, k);
    } else {
        for (; j < n; j++) {
            int above = z[j + 1];
            z[j] = (uint16_t)above;
            s->pos_of[above] = (uint16_t)j;
        }
    }
    if (--s->kcount[from][k] == 0)
        s->kmask[from] &= ~KBIT(k);
    s->kcount[to][k]++;
    s->kmask[to] |= KBIT(k);
    HELD_MOVED(s, from, to, k);
    z = s->zcard[to];
    n = s->zsize[to];
    s->zsize[to] = (uint16_t)(n + 1);
    if ((unsigned)pos < (unsigned)n) {
        for (j = n; j > pos; j--) {
            int below = z[j - 1];
            z[j] = (uint16_t)below;
            s->pos_of[below] = (uint16_t)j;
        }
    } else {
        pos = n;
    }
    z[pos] = (uint16_t)c;
    s->pos_of[c] = (uint16_t)pos;
    s->slot_of[c] = (uint16_t)to;
    if (!to_ordered)
        klink(s, c, to, k);
#if GAME_HAS_CARD_TRIGGERS
    if (slot_in_play[to])
        s->entered[c] = ++s->clock;
#endif
    rt_moved(s, c, from, to);
    seen_forget(s, c);
#if GAME_HAS_HOLDERS
    holder_moved(s, c, from, to);
#endif
}

static inline RT_UNUSED void mv_card(State *s, int c, int to, int pos)
{
    mv_card_as(s, c, to, pos, slot_ordered[to]);
}

#if GAME_HAS_HOLDERS
/* May the cards pick[0..n) go under slot `to`? Not one of them that `to`
 * lies under, or a card holding that one, up the chain of holders: it
 * would be put under itself, and the cards would leave the table into a
 * loop of holders, in play with no controller. Then a fault at site names
 * it (F_HOLDER_CYCLE), and false. */
static RT_UNUSED bool held_ok(State *s, int site, const uint16_t *pick, int n, int to)
{
    for (int h = slot_holder[to], k = 0; h >= 0 && k <= NINSTANCES;
         h = slot_holder[s->slot_of[h]], k++)
        for (int i = 0; i < n; i++)
            if (pick[i] == h) {
                fault(s, F_HOLDER_CYCLE, site, h);
                return false;
            }
    return true;
}
#endif

/* May card c move to slot `to`? Not none (c < 0): a fault at site
 * instead; nor a card that would go under itself (held_ok). */
static inline RT_UNUSED bool mv_ok(State *s, int site, int c, int to)
{
    if ((unsigned)c >= NINSTANCES) { /* c < 0 too: none */
        fault(s, F_NONE_MOVED, site, 0);
        return false;
    }
#if GAME_HAS_HOLDERS
    uint16_t one = (uint16_t)c;
    if (slot_holder[to] >= 0 && !held_ok(s, site, &one, 1, to))
        return false;
#else
    (void)to;
#endif
    return true;
}

/* mv_card of a card checked by mv_ok. */
static inline RT_UNUSED void mv(State *s, int site, int c, int to, int pos)
{
    if (mv_ok(s, site, c, to))
        mv_card(s, c, to, pos);
}

/* mv into a slot of a zone the generated code knows, ordered or not
 * (to_ordered, a constant): the move inline, folded for that zone
 * (mv_card_as). */
static inline __attribute__((always_inline)) RT_UNUSED void mv_into(State *s, int site, int c,
                                                                int to, int pos,
                                                                bool to_ordered)
{
    if (mv_ok(s, site, c, to))
        mv_card_as(s, c, to, pos, to_ordered);
}

#if GAME_HAS_HOLDERS
#if GAME_HAS_DROP_EVENTS
/* A card dropped from a holder that left play moved from `from` to `to`:
 * its triggers (the game's, when a handler may hear it; the statement
 * that moved the holder drains them). */
static void game_dropped(State *s, int c, int from, int to);
#endif

/* The cards of held slot `slot` drop onto slot `to`, the bottom one
 * first, so that an ordered slot keeps its order on top of `to`. */
static inline RT_UNUSED void drop_held(State *s, int slot, int to)
{
    while (s->zsize[slot]) {
        int c = s->zcard[slot][0];
        mv_card(s, c, to, -1);
#if GAME_HAS_DROP_EVENTS
        game_dropped(s, c, slot, to);
#endif
    }
}
#endif

/* The cards of slot `from` that move_picked moves, bottom to top, go to
 * slot `to` (another slot) from pick[0..n), before its first card (bottom)
 * or after its last; the caller empties `from` and writes their positions. */
static inline RT_UNUSED void moved_in(State *s, int from, const uint16_t *pick, int n, int to,
                                      int bottom)
{
    (void)from; /* (HELD_MOVED's) */
    uint16_t *z = s->zcard[to];
    int m = s->zsize[to], at = bottom ? 0 : m;
    if (bottom && m)
        memmove(z + n, z, sizeof *z * (size_t)m);
    for (int i = 0; i < n; i++) {
        int c = pick[i], k = instance_card[c];
        z[at + i] = (uint16_t)c;
        s->slot_of[c] = (uint16_t)to;
        s->kcount[to][k]++;
        s->kmask[to] |= KBIT(k);
        HELD_MOVED(s, from, to, k);
        if (!slot_ordered[to])
            klink(s, c, to, k);
    }
    s->zsize[to] = (uint16_t)(m + n);
    for (int i = at; i < m + n; i++)
        s->pos_of[z[i]] = (uint16_t)i;
}

/* What follows the cards pick[0..n) that moved from slot `from` to `to`
 * (move_zone, move_picked): their entry into play, the observers, what
 * each seat was shown of them, the zones they hold. */
static inline RT_UNUSED void picked_moved(State *s, const uint16_t *pick, int n, int from,
                                          int to)
{
    memo_moved(s, from, to);
#if GAME_HAS_CARD_TRIGGERS
    if (slot_in_play[to])
        for (int i = 0; i < n; i++)
            s->entered[pick[i]] = ++s->clock;
#endif
    for (int i = 0; i < n; i++) {
        rt_moved(s, pick[i], from, to);
        seen_forget(s, pick[i]);
    }
#if GAME_HAS_HOLDERS
    for (int i = 0; i < n; i++)
        holder_moved(s, pick[i], from, to);
#endif
}

/* move_picked of every card of slot `from` (pick[0..n) is the whole zone,
 * bottom to top) to another slot: `from` is left empty at once, its
 * counts, mask and lists with it, where taking out each card as it leaves
 * would end in the same (the lists of an unordered zone end empty; the
 * list links of a card that goes to an ordered zone are read by nothing).
 * The rest is move_picked's. */
static RT_UNUSED void move_zone(State *s, int from, const uint16_t *pick, int n, int to,
                                int bottom)
{
    top_leaves(s, pick[n - 1], from, true);
    s->zsize[from] = 0;
    moved_in(s, from, pick, n, to, bottom);
    bool lists = !slot_ordered[from];
    if (KMASKED) {
        for (uint64_t b = s->kmask[from]; b; b &= b - 1) {
            int k = __builtin_ctzll(b);
            s->kcount[from][k] = 0;
            if (lists)
                s->khead[from][k] = KNONE;
        }
    } else {
        for (int i = 0; i < n; i++) {
            int k = instance_card[pick[i]];
            s->kcount[from][k] = 0;
            if (lists)
                s->khead[from][k] = KNONE;
        }
    }
    s->kmask[from] = 0;
    picked_moved(s, pick, n, from, to);
}

/* Moves pick[0..n) (cards of slot `from` in bottom-to-top order, or of
 * any slots when from < 0) to the top or the bottom of `to`, in order. */
static inline RT_UNUSED void move_picked(State *s, int from, const uint16_t *pick, int n, int to,
                               int bottom)
{
    if (n == 0)
        return;
    if (from < 0) {
        for (int i = 0; i < n; i++)
            mv_card(s, pick[i], to, bottom ? i : -1);
        return;
    }
    if (n == s->zsize[from] && from != to) {
        move_zone(s, from, pick, n, to, bottom);
        return;
    }
    /* the cards below the first one picked stay where they are */
    uint16_t *z = s->zcard[from];
    int m = s->zsize[from], first = s->pos_of[pick[0]], keep = first, j = 0;
    top_leaves(s, pick[n - 1], from, pick[n - 1] == z[m - 1]);
    for (int i = first; i < m; i++) {
        if (j < n && z[i] == pick[j])
            j++;
        else
            z[keep++] = z[i];
    }
    s->zsize[from] = (uint16_t)keep;
    z = s->zcard[to];
    m = s->zsize[to];
    int at = bottom ? 0 : m;
    if (bottom && m)
        memmove(z + n, z, sizeof *z * (size_t)m);
    /* out of the lists of an unordered `from` (kunlink_left), unless the
     * cards go back into it: then each is taken out and linked again */
    bool left = !slot_ordered[from] && from != to, marked = false;
    for (int i = 0; i < n; i++) {
        int c = pick[i], k = instance_card[c];
        z[at + i] = (uint16_t)c;
        s->slot_of[c] = (uint16_t)to;
        if (--s->kcount[from][k] == 0)
            s->kmask[from] &= ~KBIT(k);
        s->kcount[to][k]++;
        s->kmask[to] |= KBIT(k);
        HELD_MOVED(s, from, to, k);
        if (left)
            kunlink_left(s, from, k, to, pick, i, n, &marked);
        else if (!slot_ordered[from])
            kunlink(s, c, from, k);
        if (!slot_ordered[to])
            klink(s, c, to, k);
    }
    s->zsize[to] = (uint16_t)(m + n);
    for (int i = first; i < keep; i++)
        s->pos_of[s->zcard[from][i]] = (uint16_t)i;
    for (int i = bottom ? 0 : m; i < m + n; i++)
        s->pos_of[z[i]] = (uint16_t)i;
    picked_moved(s, pick, n, from, to);
}

/* Fisher-Yates (the generator in a local, so that it stays in registers),
 * each card's position written as it is settled: the swap at i leaves
 * z[i] where it stays, and z[0] is the last one left. */
static inline RT_UNUSED void shuffle(State *s, int slot)
{
    uint16_t *z = s->zcard[slot];
    int n = s->zsize[slot];
    RtRng rng = s->core.rng;
    memo_moved(s, slot, slot);
    s->steps += n;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rt_below(&rng, (uint32_t)i + 1);
        uint16_t t = z[i];
        z[i] = z[j];
        z[j] = t;
        s->pos_of[z[i]] = (uint16_t)i; /* z[i] stays there now */
        seen_forget(s, z[i]); /* which shown card lies where is lost */
    }
    s->core.rng = rng;
    if (n > 0) {
        s->pos_of[z[0]] = 0;
        seen_forget(s, z[0]);
    }
}

/* ---- sort ---- */

/* The keys of `sort ZONE by KEY, ...`: an attribute a (>= 0) by its
 * value's place among the attribute's values, SORT_NUM + a for a numeric
 * one by its number, and a card's type (SORT_TYPE) or kind (SORT_NAME,
 * the order of cards.yaml). */
enum { SORT_TYPE = -1, SORT_NAME = -2, SORT_NUM = 0x4000 };

/* Card c's value of key k; false when it has none (an attribute its
 * type does not have). */
static inline RT_UNUSED int sort_value(int c, int k, int32_t *v)
{
    if (k == SORT_TYPE || k == SORT_NAME) {
        *v = k == SORT_TYPE ? card_type(c) : card_kind(c);
        return 1;
    }
    int a = k >= SORT_NUM ? k - SORT_NUM : k;
    if (card_attr(c, a) < 0)
        return 0;
    *v = k >= SORT_NUM ? card_num(c, a) : card_attr(c, a);
    return 1;
}

/* Does card b sort before card a, by the keys in order, key i the
 * highest first where down[i]? A card without a value of a key comes
 * after those with one, either way. */
static inline RT_UNUSED int sort_before(int b, int a, const int16_t *keys,
                                        const uint8_t *down, int nkeys)
{
    for (int i = 0; i < nkeys; i++) {
        int32_t va = 0, vb = 0;
        int ha = sort_value(a, keys[i], &va), hb = sort_value(b, keys[i], &vb);
        if (ha != hb)
            return hb;
        if (va != vb)
            return down[i] ? vb > va : vb < va;
    }
    return 0;
}

/* sort ZONE by KEYS: slot's cards from the lowest (the bottom) to the
 * highest (the top), by key i from the highest where down[i]; cards alike
 * on every key keep their order (a merge sort, stable). Like a shuffle,
 * it forgets which cards were shown. */
static RT_UNUSED void sort_zone(State *s, int slot, const int16_t *keys, const uint8_t *down,
                                int nkeys)
{
    uint16_t *z = s->zcard[slot], tmp[NINSTANCES];
    int n = s->zsize[slot];
    memo_moved(s, slot, slot);
    s->steps += n;
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = sort_before(z[j], z[i], keys, down, nkeys) ? z[j++] : z[i++];
            while (i < mid)
                tmp[k++] = z[i++];
            while (j < hi)
                tmp[k++] = z[j++];
        }
        memcpy(z, tmp, (size_t)n * sizeof *z);
    }
    for (int i = 0; i < n; i++) {
        s->pos_of[z[i]] = (uint16_t)i;
        seen_forget(s, z[i]);
    }
}

/* ---- decisions ---- */

#ifdef RT_SECRECY_HOOK
/* A test's hook (tests/games/secrecy.c, compiled with the game's C and
 * -DRT_SECRECY_HOOK): called as each decision opens, before its options
 * are offered, so that the test may change what a seat may not see. No
 * game built otherwise has it. */
void rt_secrecy_hook(void *st);
#endif

/* A game whose rules declare invariants (`invariant "TEXT": COND`,
 * LANGUAGE.md §2) defines GAME_HAS_INVARIANTS 1 and game_invariants(s),
 * which faults F_INVARIANT, at the invariant's line and with its number,
 * at the first that does not hold. They are checked as each decision
 * opens (the first opens when the set-up is done; each other follows a
 * decision) and as the game ends (finish). */
#ifndef GAME_HAS_INVARIANTS
#define GAME_HAS_INVARIANTS 0
#endif
#if GAME_HAS_INVARIANTS
static void game_invariants(State *s);
#endif

/* A decision of player p (in range), with no options yet. */
static inline RT_UNUSED void decision_in(State *s, int p, int prompt)
{
#if GAME_HAS_INVARIANTS
    if (!s->core.over)
        game_invariants(s);
#endif
#ifdef RT_SECRECY_HOOK
    rt_secrecy_hook(s);
#endif
    s->core.dec.player = (int16_t)p;
    s->core.dec.prompt = (int16_t)prompt;
    s->core.dec.nwords = 0;
    s->core.dec.announced = 0;
    s->core.dec.noptions = 0;
    s->core.dec.chosen = 0;
    s->optkinds = 0;
}

/* A decision of `player`, checked. */
static inline RT_UNUSED void decision(State *s, int site, int player, int prompt)
{
    decision_in(s, pidx(s, site, player), prompt);
}

#if GAME_HAS_OUT
/* A decision of `player`, checked, in a game where players go out: a
 * player out of the game is never asked (F_OUT_PLAYER). */
static inline RT_UNUSED void decision_live(State *s, int site, int player, int prompt)
{
    decision_in(s, pin(s, site, player), prompt);
}
#endif

/* A new option of the decision, of kind `kind` (RT_OPT_*) and value a (a
 * label, a player; 0 for the other kinds); NULL and a fault at site when
 * the decision is full. (The value comes in with the kind so that adding
 * an option stays small enough for gcc to inline the loops that add them,
 * with the site's stores on the fault's path.) */
static inline RT_UNUSED RtOption *add_option(State *s, int site, int kind, int a)
{
    RtDecision *d = &s->core.dec;
    if (d->noptions >= RT_MAX_OPTIONS) {
        fault(s, F_TOO_MANY, site, 0);
        return NULL;
    }
    RtOption *o = &d->opt[d->noptions++];
    o->kind = (uint8_t)kind;
    o->n = 0;
    o->a = (int16_t)a;
    return o;
}

/* A named option: labels[label], leading to branch `branch`. */
static inline RT_UNUSED void add_text(State *s, int site, int label, int branch)
{
    RtOption *o = add_option(s, site, RT_OPT_TEXT, label);
    if (o)
        o->ids[0] = (uint16_t)branch;
}

/* The values the pending decision's prompt (a template, rt_words) is
 * built from: n of them, from a. */
static inline RT_UNUSED void prompt_words(State *s, int n, int32_t a, int32_t b, int32_t c)
{
    s->core.dec.nwords = (int16_t)n;
    s->core.dec.word[0] = a;
    s->core.dec.word[1] = b;
    s->core.dec.word[2] = c;
}

/* The pending decision is public: its answer is announced to every seat. */
static inline RT_UNUSED void announce_decision(State *s)
{
    s->core.dec.announced = 1;
}

/* A named option whose label, labels[label], is a template built from
 * a, b and c (rt_words), leading to branch `branch`. */
static inline RT_UNUSED void add_words(State *s, int site, int label, int branch, int32_t a,
                                       int32_t b, int32_t c)
{
    RtOption *o = add_option(s, site, RT_OPT_WORDS, label);
    if (o) {
        o->words.branch = (uint16_t)branch;
        o->words.is_value = 0;
        o->words.value[0] = a;
        o->words.value[1] = b;
        o->words.value[2] = c;
    }
}

/* An option of a choice of a value: labels[label] ("{n0}", "{w0}")
 * names the value `word` (a number, or a word of RtGame.words), which
 * the option gives (chosen_word). */
static inline RT_UNUSED void add_value(State *s, int site, int label, int32_t word)
{
    RtOption *o = add_option(s, site, RT_OPT_WORDS, label);
    if (o) {
        o->words.branch = 0;
        o->words.is_value = 1;
        o->words.value[0] = word;
        o->words.value[1] = 0;
        o->words.value[2] = 0;
    }
}

/* A choice of values that found n options (those its 'where' keeps):
 * false, and a fault at site with their count (F_TOO_MANY_VALUES, up to
 * INT32_MAX), when they are more than a decision holds. */
static inline RT_UNUSED bool values_fit(State *s, int site, int64_t n)
{
    if (s->core.over)
        return false;
    if (n <= RT_MAX_OPTIONS)
        return true;
    fault(s, F_TOO_MANY_VALUES, site, n > INT32_MAX ? INT32_MAX : (int32_t)n);
    return false;
}

/* The numbers lo..hi (lo <= hi) that a choice's 'where' goes over, one
 * step each: false, and a fault at site (F_LOOP), when they take the work
 * since the last decision past MAX_STEPS. */
static inline RT_UNUSED bool range_steps(State *s, int site, int32_t lo, int32_t hi)
{
    if ((s->steps += (int64_t)hi - lo + 1) <= MAX_STEPS)
        return true;
    fault(s, F_LOOP, site, 0);
    return false;
}

/* The numbers lo..hi of a choice: false, and a fault at site with its
 * bounds (F_EMPTY_RANGE: lo, and hi where the faults.h says), when the
 * range is empty, or after a fault in its bounds. */
static inline RT_UNUSED bool range_ok(State *s, int site, int32_t lo, int32_t hi)
{
    if (s->core.over)
        return false;
    if (lo <= hi)
        return true;
    fault(s, F_EMPTY_RANGE, site, lo);
    s->core.dec.word[0] = hi;
    return false;
}

/* The value of the option taken of a choice of values (a label built
 * from one value, RT_OPT_WORDS): that value, as the word it was given. */
static inline RT_UNUSED int32_t chosen_word(State *s)
{
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    return o->kind == RT_OPT_WORDS ? o->words.value[0] : -1;
}

/* An attribute value as a word: words[base + v], -1 for no value. */
static inline RT_UNUSED int32_t value_word(int base, int v)
{
    return v < 0 ? -1 : base + v;
}

/* The two options of a yes/no question, yes first. */
static inline RT_UNUSED void add_yes_no(State *s, int site)
{
    add_option(s, site, RT_OPT_YES, 0);
    add_option(s, site, RT_OPT_NO, 0);
}

/* An option for card c, whose kind no other option has. */
static inline RT_UNUSED void add_kind(State *s, int site, int c)
{
    RtOption *o = add_option(s, site, RT_OPT_CARD, 0);
    if (o) {
        o->n = 1;
        o->ids[0] = (uint16_t)c;
    }
}

/* An option for card c, unless one of its kind is offered already: one
 * option per card name, since identical cards make the same choice. */
static inline RT_UNUSED void add_card(State *s, int site, int c)
{
    int k = instance_card[c];
    if (KMASKED) {
        if (s->optkinds & KBIT(k))
            return;
        s->optkinds |= KBIT(k);
    } else {
        RtDecision *d = &s->core.dec;
        for (int i = 0; i < d->noptions; i++)
            if (d->opt[i].kind == RT_OPT_CARD && instance_card[d->opt[i].ids[0]] == k)
                return;
    }
    add_kind(s, site, c);
}

/* An option for card c of player p's zone, in a choice across players'
 * zones, unless one of its kind from p's zone is offered already: one
 * option per name and player, labelled with whose zone (RtOption.a). A
 * card that may hold cards is its own option, as in add_holder_card: two
 * copies of it are two places, each with what lies under it. */
static inline RT_UNUSED void add_card_of(State *s, int site, int c, int p)
{
    const RtDecision *d = &s->core.dec;
    int k = instance_card[c];
#if GAME_HAS_HOLDERS
    if (!type_holds[inst_type[c]])
#endif
        for (int i = 0; i < d->noptions; i++)
            if (d->opt[i].kind == RT_OPT_CARD && d->opt[i].a == p + 1 &&
                instance_card[d->opt[i].ids[0]] == k)
                return;
    RtOption *o = add_option(s, site, RT_OPT_CARD, p + 1);
    if (o) {
        o->n = 1;
        o->ids[0] = (uint16_t)c;
    }
}

#if GAME_HAS_HOLDERS
/* An option for card c of a zone that may hold cards that hold cards:
 * such a card is its own option (a copy of it may hold other cards);
 * another is offered unless one of its kind is (add_card). */
static inline RT_UNUSED void add_holder_card(State *s, int site, int c)
{
    if (type_holds[inst_type[c]])
        add_kind(s, site, c);
    else
        add_card(s, site, c);
}

/* An option for card c of a source over every holder's slot: cards of a
 * kind are alike under one holder, not under two, so one option per kind
 * and slot (and one per card that holds cards). */
static inline RT_UNUSED void add_held_card(State *s, int site, int c)
{
    const RtDecision *d = &s->core.dec;
    int k = instance_card[c], slot = s->slot_of[c];
    if (type_holds[inst_type[c]]) {
        add_kind(s, site, c);
        return;
    }
    for (int i = 0; i < d->noptions; i++)
        if (d->opt[i].kind == RT_OPT_CARD && instance_card[d->opt[i].ids[0]] == k &&
            s->slot_of[d->opt[i].ids[0]] == slot)
            return;
    add_kind(s, site, c);
}
#endif

/* An option for player p. */
static inline RT_UNUSED void add_player(State *s, int site, int p)
{
    add_option(s, site, RT_OPT_PLAYER, p);
}

/* Was the answer to a yes/no question yes? */
static inline RT_UNUSED int chosen_yes(State *s)
{
    return s->core.dec.opt[s->core.dec.chosen].kind == RT_OPT_YES;
}

/* The card or player chosen, or -1 (none) for a named option. */
static inline RT_UNUSED int chosen_value(State *s)
{
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    return o->kind == RT_OPT_CARD ? o->ids[0] : o->kind == RT_OPT_PLAYER ? o->a : -1;
}

/* The set of the option a walk over the sets stopped at (sets_walk):
 * cand[0..nc), into sset. */
static inline RT_UNUSED void set_found(State *s, const uint16_t *cand, int nc)
{
#if GAME_HAS_SETS
    s->nsset = nc;
    for (int i = 0; i < nc; i++)
        s->sset[i] = cand[i];
#else
    (void)s;
    (void)cand;
    (void)nc;
#endif
}

/* The shape of a set of at most 16 groups: k[g] cards of group g in
 * the 4 bits from 4 g, for the groups 0..last (the later ones take none). */
static inline RT_UNUSED uint64_t set_shape(const int *k, int last)
{
    uint64_t shape = 0;
    for (int g = 0; g <= last && g < 16; g++)
        shape |= (uint64_t)k[g] << (4 * g);
    return shape;
}

/* What a walk over the sets does with those `ok` keeps (sets_walk):
 * offers each (SETS_LIST), only counts them into core.dec.noptions
 * (SETS_COUNT), or, given an index i >= 0, puts the set of option i into
 * sset and stops there. */
enum { SETS_LIST = -2, SETS_COUNT = -1 };

/* Sets of lo..hi cards, one per multiset of card names, each kept when
 * ok() holds for it: ok reads the candidate's kinds in s->candkinds, and
 * the candidate itself in s->cand if need_cand. The cards come grouped by
 * name, group g being pick[gs[g]..gs[g + 1]); a set takes 0..cap of each
 * group (its first cards), and the sets come in lexicographic order of
 * those numbers, the first group slowest. Returns 0, with the options
 * offered so far to be dropped, where the sets cannot be listed whole:
 * sets of more than RT_MAX_PICK cards, or more sets than a decision holds
 * (the choice is then made one card at a time, set_step); else 1 (a fault
 * too). `want` says what becomes of each set kept: offered (SETS_LIST),
 * counted (SETS_COUNT: the steps of the sets refused are added, as the
 * walk that lists them adds them), or found (want = i: option i's set
 * into sset; the steps were added by the walk that counted it, and ok
 * must be a function of the candidate alone, which cardc proves before
 * it counts: cgen.c, such_replayable). */
static inline RT_UNUSED int sets_walk(State *s, int site, int32_t *V, const uint16_t *pick,
                      const int *gs, int ng, int lo, int hi, const uint8_t *caps,
                      int (*ok)(State *, int32_t *), int need_cand, int want,
                      uint64_t *shapes)
{
    int cap[NINSTANCES + 1], rem[NINSTANCES + 1];
    /* how many of each group a set may take, and from each group on */
    rem[ng] = 0;
    for (int g = ng - 1; g >= 0; g--) {
        cap[g] = gs[g + 1] - gs[g];
        if (caps && cap[g] > caps[instance_card[pick[gs[g]]]])
            cap[g] = caps[instance_card[pick[gs[g]]]];
        rem[g] = rem[g + 1] + cap[g];
    }
    if (lo < 1)
        lo = 1;
    if (ng == 0 || rem[0] < lo || lo > hi)
        return 1;
    /* (a group of RT_MAX_PICK cards or more may have been cut to it) */
    if (lo > RT_MAX_PICK || (hi > RT_MAX_PICK && rem[0] >= RT_MAX_PICK))
        return 0;
    /* Depth first without recursion: k[g] cards of group g, at[g] cards
     * before it and their kinds before[g]; cand[] holds the cards taken.
     * A group takes at least what the later groups need to reach lo (so
     * every set reached has lo cards or more), at most what keeps the set
     * within hi; a set that is full or at the last group is complete.
     * (The copies of cand are of fixed size, so that they compile to a few
     * moves rather than calls of memcpy.) */
    int k[NINSTANCES + 1], at[NINSTANCES + 1];
    uint64_t before[NINSTANCES + 1];
    _Static_assert((RT_MAX_PICK & (RT_MAX_PICK - 1)) == 0, "RT_MAX_PICK: a power of two");
    uint16_t cand[RT_MAX_PICK] = {0};
    int g = 0;
    /* a set the `such that` refuses is a step (one offered is an option:
     * at most RT_MAX_OPTIONS), counted here and added once done */
    int64_t refused = 0, budget = MAX_STEPS - s->steps;
    /* the sets kept so far; counted or found, from a decision with no
     * options yet (the generated code walks them just after decision_in) */
    int listed = 1, found = want == SETS_LIST ? s->core.dec.noptions : 0;
    at[0] = 0;
    before[0] = 0;
    k[0] = lo - rem[1] > 0 ? lo - rem[1] : 0;
    for (int i = 0; i < k[0]; i++)
        cand[i & (RT_MAX_PICK - 1)] = pick[i];
    for (;;) {
        int nc = at[g] + k[g];
        uint64_t kinds = before[g] | (k[g] ? KBIT(instance_card[pick[gs[g]]]) : 0);
        if (g + 1 < ng && nc < hi) {
            /* the next group, with the fewest cards it may take */
            g++;
            at[g] = nc;
            before[g] = kinds;
            k[g] = lo - nc - rem[g + 1] > 0 ? lo - nc - rem[g + 1] : 0;
            /* (the mask changes nothing, nc + k[g] <= hi <= RT_MAX_PICK; it
             * keeps the compiler from making the loop a call of memcpy) */
            for (int i = 0; i < k[g]; i++)
                cand[(nc + i) & (RT_MAX_PICK - 1)] = pick[gs[g] + i];
            continue;
        }
        if (ok) {
            if (need_cand) {
                memcpy(s->cand, cand, sizeof cand);
                s->ncand = nc;
            }
            s->candkinds = kinds;
        }
        if (!ok || ok(s, V)) {
            if (found >= RT_MAX_OPTIONS) {
                listed = 0; /* too many to list */
                break;
            }
            if (want == SETS_LIST) {
                RtOption *o = add_option(s, site, RT_OPT_CARDS, 0);
                o->n = (uint8_t)nc;
                memcpy(o->ids, cand, sizeof o->ids);
            } else if (shapes) {
                shapes[found] = set_shape(k, g);
            } else if (found == want) {
                set_found(s, cand, nc);
                break;
            }
            found++;
        } else if (++refused > budget) {
            fault(s, F_LOOP, site, 0);
            break;
        }
        /* one more card of the deepest group that can take one */
        for (;;) {
            if (++k[g] <= cap[g] && at[g] + k[g] <= hi) {
                cand[at[g] + k[g] - 1] = pick[gs[g] + k[g] - 1];
                break;
            }
            if (g-- == 0)
                goto done;
        }
    }
done:
    if (want < 0) /* a walk to option i went over sets counted already */
        s->steps += refused;
    if (want == SETS_COUNT)
        s->core.dec.noptions = (int16_t)found;
    s->ncand = 0;
    s->candkinds = 0;
    return listed;
}

/* The sets of lo..hi cards of the groups of pick, offered (sets_walk). */
static inline RT_UNUSED int sets_enum(State *s, int site, int32_t *V, const uint16_t *pick,
                      const int *gs, int ng, int lo, int hi, const uint8_t *caps,
                      int (*ok)(State *, int32_t *), int need_cand)
{
    return sets_walk(s, site, V, pick, gs, ng, lo, hi, caps, ok, need_cand, SETS_LIST, NULL);
}

/* Are the sets of a choice of lo..hi cards listed whole (1) or chosen one
 * card at a time (0)? Decided from what every seat knows, never from the
 * cards to choose from, so that the form tells nothing of them: n, the
 * cards of the source's zone (a zone's size is public), and what cardc
 * knows from the rules and the card list, bound[k] for k <= RT_MAX_PICK,
 * at most how many sets of k cards the source's filter and the caps allow
 * (RT_MAX_OPTIONS + 1: more), and most, the most cards a set may take.
 * Listed whole when at most RT_MAX_OPTIONS sets of at most RT_MAX_PICK
 * cards can be: sets of k cards of n are at most C(n, k) and bound[k]. */
static inline RT_UNUSED int sets_listed(int n, int lo, int hi, const uint16_t *bound, int most)
{
    enum { MORE = RT_MAX_OPTIONS + 1 };
    if (lo < 1)
        lo = 1;
    int top = n < most ? n : most; /* the most cards a set can take */
    if (lo > RT_MAX_PICK || (hi > RT_MAX_PICK && top >= RT_MAX_PICK))
        return 0;
    /* C(n, k), at most MORE, from C(n, k - 1) (each quotient exact). With
     * n >= 2 RT_MAX_PICK, C(n, k) grows with k up to RT_MAX_PICK, so once
     * it reaches MORE it stays there, and is not worked out further (it
     * would overflow); below that it is at most C(15, 7), worked out whole.
     * (The same numbers as Pascal's rows, capped at MORE as they are added,
     * for every n a zone can hold.) */
    int c[RT_MAX_PICK + 1] = {1}, last = hi < top ? hi : top; /* the last k read */
    int64_t v = 1;
    for (int k = 1; k <= last && k <= RT_MAX_PICK; k++) {
        if (v < MORE || n < 2 * RT_MAX_PICK)
            v = v * (n - k + 1) / k;
        c[k] = v < MORE ? (int)v : MORE;
    }
    int sets = 0;
    for (int k = lo; k <= hi && k <= top; k++)
        sets += c[k] < bound[k] ? c[k] : bound[k];
    return sets <= RT_MAX_OPTIONS;
}

/* The cards pick[0..n) grouped by name, a stable insertion sort by card
 * kind: group g is pick[gs[g]..gs[g + 1]). Returns the groups. */
static inline RT_UNUSED int group_by_kind(uint16_t *pick, int n, int *gs)
{
    for (int i = 1; i < n; i++) {
        uint16_t c = pick[i];
        int j = i - 1;
        while (j >= 0 && instance_card[pick[j]] > instance_card[c]) {
            pick[j + 1] = pick[j];
            j--;
        }
        pick[j + 1] = c;
    }
    int ng = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || instance_card[pick[i]] != instance_card[pick[i - 1]])
            gs[ng++] = i;
    gs[ng] = n;
    return ng;
}

/* The cards pick[0..n) grouped by name (group_by_kind), then their sets
 * (sets_enum, which says whether they could be listed). */
static inline RT_UNUSED int add_sets(State *s, int site, int32_t *V, uint16_t *pick, int n,
                     int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *),
                     int need_cand)
{
    int gs[NINSTANCES + 1];
    int ng = group_by_kind(pick, n, gs);
    return sets_enum(s, site, V, pick, gs, ng, lo, hi, caps, ok, need_cand);
}

/* The sets of the cards of slot of the kinds in mask m (an unordered
 * zone: the cards of a kind are alike), grouped from the lists of each
 * kind; a group needs no more cards than a set may take of it. */
static inline RT_UNUSED int sets_kinds_walk(State *s, int site, int32_t *V, int slot, uint64_t m,
                           int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *),
                           int need_cand, int want, uint64_t *shapes)
{
    uint16_t pick[NINSTANCES];
    int gs[NINSTANCES + 1], n = 0, ng = 0;
    for (uint64_t b = s->kmask[slot] & m; b; b &= b - 1) {
        int k = __builtin_ctzll(b), take = caps && caps[k] < RT_MAX_PICK ? caps[k] : RT_MAX_PICK;
        gs[ng++] = n;
        for (int c = s->khead[slot][k]; c != KNONE && take > 0; c = s->knext[c], take--)
            pick[n++] = (uint16_t)c;
    }
    gs[ng] = n;
    return sets_walk(s, site, V, pick, gs, ng, lo, hi, caps, ok, need_cand, want, shapes);
}

/* sets_kinds_walk offering every set. */
static inline RT_UNUSED int add_sets_kinds(State *s, int site, int32_t *V, int slot, uint64_t m,
                           int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *),
                           int need_cand)
{
    return sets_kinds_walk(s, site, V, slot, m, lo, hi, caps, ok, need_cand, SETS_LIST, NULL);
}

#if GAME_HAS_SETS
/* ---- the sets of a choice remembered by the counts they come from ----
 *
 * Where cardc proves a choice's `such that` a function of the
 * candidate's kinds alone (cgen.c, such_replayable) and its sizes
 * constants, the sets a choice by kinds offers (sets_kinds_walk) are a
 * function of how many cards of each kind of its mask the slot holds, each
 * count cut to what a set may take of the kind (sets_key): which sets, in
 * which order, how many the `such that` refuses (its steps), and whether
 * they are too many to list. Only which copies make up a set depends on
 * the slot's lists, and those are the first of each list, as the walk takes
 * them. So the direct copy walks the sets of a key once, the first time
 * it meets it, keeping their shapes (set_shape: how many of each group)
 * in a pool, and then answers each choice of that key from the memo: the
 * count of its options, its steps, and the set of option i built from the
 * lists. A memo that does not fit the pool is not kept (the walk answers
 * each time); a walk that faults keeps nothing; a key whose steps would
 * reach the bound walks again, to fault where it did. The memo lives
 * beside the game's code, not in its State: it holds nothing a game can
 * tell from its walk. Each thread has its own (`_Thread_local`: simulate
 * --jobs plays on threads), so none reads an entry another is filling. */
enum { SETS_POOL = 4096 };

typedef struct SetsMemo {
    int32_t refused;    /* the steps its `such that` refused */
    uint16_t first;     /* its shapes: pool->shape[first..first + n) */
    uint16_t n;         /* its options */
    uint8_t known;      /* 0 not walked yet, 1 listed, 2 too many to list */
} SetsMemo;

typedef struct SetsPool {
    uint32_t used;                  /* shapes kept */
    uint32_t key;                   /* the key of the last count (sets_memo_count),
                                     * which the set chosen then reads
                                     * (sets_memo_nth): nothing moves between */
    uint64_t shape[SETS_POOL];      /* the sets of every key kept, in order */
    bool radix;                     /* take and mult worked out (sets_radix) */
    uint8_t take[NCARDS];           /* per kind of the choice: the most a set takes */
    uint32_t mult[NCARDS];          /* and its place in the key's mixed radix */
} SetsPool;

/* The radix of the keys of the choice of the kinds of mask m (caps its
 * caps, or NULL), kept in its pool once: what a set may take of each
 * kind, and the product of the bounds (take + 1) of the kinds before it. */
static RT_UNUSED __attribute__((noinline)) void sets_radix(uint64_t m, const uint8_t *caps,
                                                          SetsPool *pool)
{
    uint32_t mult = 1;
    for (uint64_t b = m; b; b &= b - 1) {
        int k = __builtin_ctzll(b), take = caps && caps[k] < RT_MAX_PICK ? caps[k] : RT_MAX_PICK;
        pool->take[k] = (uint8_t)take;
        pool->mult[k] = mult;
        mult *= (uint32_t)take + 1;
    }
    pool->radix = true;
}

/* The key of slot's sets of the kinds of mask m: each kind's count, cut to
 * what a set takes of it, in the mixed radix of those bounds (cardc sizes
 * the memo to their product). A kind absent adds 0: only those present
 * (kmask, where the game keeps masks) are read. */
static inline RT_UNUSED uint32_t sets_key(const State *s, int slot, uint64_t m,
                                          const uint8_t *caps, SetsPool *pool)
{
    if (!pool->radix)
        sets_radix(m, caps, pool);
    uint32_t key = 0;
    for (uint64_t b = KMASKED ? s->kmask[slot] & m : m; b; b &= b - 1) {
        int k = __builtin_ctzll(b), n = s->kcount[slot][k], take = pool->take[k];
        key += (uint32_t)(n < take ? n : take) * pool->mult[k];
    }
    return key;
}

/* The sets of entry e walked and kept (SETS_COUNT with their shapes). */
static RT_UNUSED __attribute__((noinline)) int sets_memo_fill(State *s, int site, int32_t *V,
        int slot, uint64_t m, int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *),
        SetsMemo *e, SetsPool *pool)
{
    uint64_t shapes[RT_MAX_OPTIONS];
    int64_t steps = s->steps;
    int listed = sets_kinds_walk(s, site, V, slot, m, lo, hi, caps, ok, 0, SETS_COUNT, shapes);
    int n = s->core.dec.noptions;
    if (s->core.over || !listed || (uint32_t)n > SETS_POOL - pool->used)
        return listed;
    memcpy(pool->shape + pool->used, shapes, sizeof *shapes * (size_t)n);
    e->first = (uint16_t)pool->used;
    e->n = (uint16_t)n;
    e->refused = (int32_t)(s->steps - steps);
    e->known = 1;
    pool->used += (uint32_t)n;
    return listed;
}

/* sets_kinds_walk counting (SETS_COUNT), from the memo where it can. */
static inline RT_UNUSED int sets_memo_count(State *s, int site, int32_t *V, int slot, uint64_t m,
        int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *), SetsMemo *memo,
        SetsPool *pool)
{
    pool->key = sets_key(s, slot, m, caps, pool);
    SetsMemo *e = &memo[pool->key];
    if (!e->known)
        return sets_memo_fill(s, site, V, slot, m, lo, hi, caps, ok, e, pool);
    if (e->refused > MAX_STEPS - s->steps) /* walks again, to fault where it did */
        return sets_kinds_walk(s, site, V, slot, m, lo, hi, caps, ok, 0, SETS_COUNT, NULL);
    s->steps += e->refused;
    s->core.dec.noptions = (int16_t)e->n;
    return 1;
}

/* The set of option i into sset (sets_kinds_walk to i), from the memo
 * where it can: the first cards of each kind's list, as many as its
 * shape says, the kinds in order. Called right after sets_memo_count of
 * the same choice, whose key it reads. */
static inline RT_UNUSED void sets_memo_nth(State *s, int site, int32_t *V, int slot, uint64_t m,
        int lo, int hi, const uint8_t *caps, int (*ok)(State *, int32_t *), SetsMemo *memo,
        const SetsPool *pool, int i)
{
    const SetsMemo *e = &memo[pool->key];
    if (!e->known || i >= e->n) {
        sets_kinds_walk(s, site, V, slot, m, lo, hi, caps, ok, 0, i, NULL);
        return;
    }
    uint64_t shape = pool->shape[e->first + i];
    int nc = 0;
    for (uint64_t b = s->kmask[slot] & m; b && shape; b &= b - 1, shape >>= 4) {
        int t = (int)(shape & 15);
        for (int c = s->khead[slot][__builtin_ctzll(b)]; t > 0; c = s->knext[c], t--)
            s->sset[nc++] = (uint16_t)c;
    }
    s->nsset = nc;
}
#endif

/* Moves the cards of the set chosen to the top of slot `to`. */
static inline RT_UNUSED void take_set(State *s, int to)
{
    RtOption o = s->core.dec.opt[s->core.dec.chosen];
    for (int i = 0; i < o.n; i++)
        mv_card(s, o.ids[i], to, -1);
}

/* take_set of the statement at site: none moves, and a fault at site, if
 * one would go under itself (held_ok). (take_set stays, for the C that
 * older builds of cardc wrote.) */
static inline RT_UNUSED void take_set_at(State *s, int site, int to)
{
#if GAME_HAS_HOLDERS
    RtOption o = s->core.dec.opt[s->core.dec.chosen];
    if (!held_ok(s, site, o.ids, o.n, to))
        return;
#else
    (void)site;
#endif
    take_set(s, to);
}

/* ---- a set of cards chosen one card at a time (GAME_HAS_SETS) ----
 *
 * A `choose cards` whose sets cannot be listed whole (sets_enum: more
 * than RT_MAX_PICK cards, or more sets than a decision holds) is one
 * statement of several decisions, its steps: each offers every card name
 * whose next card can still complete a set the choice allows (of
 * lo..hi cards, passing the `such that`), then "Done" once the set so far
 * is one, until the set is full or nothing but "Done" is left. The set
 * grows in s->sset; then it moves as a set listed whole does (the
 * generated code, from sset). */
#if GAME_HAS_SETS

/* A choice of a set of lo..hi cards begins: none chosen yet. */
static inline RT_UNUSED void set_begin(State *s, int lo, int hi)
{
    s->nsset = 0;
    s->sset_lo = lo < 1 ? 1 : lo;
    s->sset_hi = hi;
    s->sset_step = 0;
}

/* The set chosen as one option (a set listed whole) into sset. */
static inline RT_UNUSED void set_from_option(State *s)
{
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    s->nsset = o->n;
    for (int i = 0; i < o->n; i++)
        s->sset[i] = o->ids[i];
}

/* The search for a set that completes the set so far: groups g.. of the
 * cards offered take from min[g] to cap[g] cards each (their first ones),
 * the whole set lo..hi cards; the candidate grows in s->cand. */
typedef struct SetSearch {
    const uint16_t *pick;
    const int *gs;
    int ng, lo, hi;
    const int *min, *cap;
    int minrest[NCARDS + 1], maxrest[NCARDS + 1]; /* from group g on */
    int (*ok)(State *, int32_t *);
    int32_t *V;
    int64_t refused, budget; /* candidates the `such that` refused: steps */
} SetSearch;

/* 1 if some set completes the candidate s->cand[0..nc) (kinds its kinds)
 * with groups g..; 0 if none does; -1 past the loop budget. */
static RT_UNUSED int set_search(State *s, SetSearch *q, int g, int nc, uint64_t kinds)
{
    if (g == q->ng) {
        if (!q->ok)
            return 1;
        s->ncand = nc;
        s->candkinds = kinds;
        if (q->ok(s, q->V))
            return 1;
        return ++q->refused > q->budget ? -1 : 0;
    }
    for (int k = q->min[g]; k <= q->cap[g] && nc + k + q->minrest[g + 1] <= q->hi; k++) {
        if (nc + k + q->maxrest[g + 1] < q->lo)
            continue;
        for (int i = 0; i < k; i++)
            s->cand[nc + i] = q->pick[q->gs[g] + i];
        uint64_t kk = k ? kinds | KBIT(instance_card[q->pick[q->gs[g]]]) : kinds;
        int r = set_search(s, q, g + 1, nc + k, kk);
        if (r)
            return r;
    }
    return 0;
}

/* Does a set complete the one of min[g] cards of each group? */
static RT_UNUSED int set_completes(State *s, SetSearch *q)
{
    q->minrest[q->ng] = q->maxrest[q->ng] = 0;
    for (int g = q->ng - 1; g >= 0; g--) {
        q->minrest[g] = q->minrest[g + 1] + q->min[g];
        q->maxrest[g] = q->maxrest[g + 1] + q->cap[g];
    }
    if (q->minrest[0] > q->hi || q->maxrest[0] < q->lo)
        return 0;
    return set_search(s, q, 0, 0, 0);
}

/* The options of a step of the set in s->sset, from the cards pick[]
 * grouped by name (group g pick[gs[g]..gs[g + 1]), a group taking at most
 * caps[kind] cards where that is below RT_MAX_PICK): the next card of each
 * name with which a set can still complete, then "Done" (labels[done])
 * if the set so far is one. Returns 0 when the set is full (no decision:
 * its size is public), else 1 (a fault too; "Done" alone is a decision
 * of one option, which the rules take without asking). */
static RT_UNUSED int set_step_groups(State *s, int site, int32_t *V, const uint16_t *pick,
                                     const int *gs, int ng, const uint8_t *caps,
                                     int (*ok)(State *, int32_t *), int done)
{
    int min[NCARDS + 1], cap[NCARDS + 1], gof[NCARDS];
    SetSearch q = {.pick = pick, .gs = gs, .ng = ng, .min = min, .cap = cap, .ok = ok, .V = V,
                   .budget = MAX_STEPS - s->steps};
    q.hi = s->sset_hi;
    for (int k = 0; k < NCARDS; k++)
        gof[k] = -1;
    for (int g = 0; g < ng; g++) {
        int k = instance_card[pick[gs[g]]];
        gof[k] = g;
        cap[g] = gs[g + 1] - gs[g];
        if (caps && caps[k] < RT_MAX_PICK && cap[g] > caps[k])
            cap[g] = caps[k];
        min[g] = 0;
    }
    /* (the source is as it was at the step before: nothing runs between
     * two steps, so each card chosen is in its group) */
    for (int i = 0; i < s->nsset; i++)
        if (gof[instance_card[s->sset[i]]] >= 0)
            min[gof[instance_card[s->sset[i]]]]++;
    if (s->nsset >= s->sset_hi)
        return 0;
    int r = 0;
    for (int g = 0; g < ng && r >= 0; g++) {
        if (min[g] >= cap[g])
            continue;
        min[g]++;
        q.lo = s->sset_lo > s->nsset + 1 ? s->sset_lo : s->nsset + 1;
        r = set_completes(s, &q);
        min[g]--;
        if (r > 0)
            add_kind(s, site, pick[gs[g] + min[g]]);
    }
    if (r >= 0 && s->nsset >= s->sset_lo) {
        /* the set so far: complete as it is? */
        q.lo = s->nsset;
        q.hi = s->nsset;
        r = set_completes(s, &q);
        if (r > 0)
            add_text(s, site, done, 0);
    }
    s->steps += q.refused;
    s->ncand = 0;
    s->candkinds = 0;
    if (r < 0) {
        fault(s, F_LOOP, site, 0);
        return 1;
    }
    /* "Done" alone is still a decision, of one option: taken without
     * asking, counted and shown, as any. Whether a card could still join
     * depends on the source's cards, which the other seats may not see:
     * ending the set without a step would tell them. */
    return 1;
}

/* A step (set_step_groups) from the cards pick[0..n) of the source. */
static inline RT_UNUSED int set_step(State *s, int site, int32_t *V, uint16_t *pick, int n,
                                     const uint8_t *caps, int (*ok)(State *, int32_t *), int done)
{
    int gs[NINSTANCES + 1];
    int ng = group_by_kind(pick, n, gs);
    return set_step_groups(s, site, V, pick, gs, ng, caps, ok, done);
}

/* A step from the cards of slot of the kinds in mask m (an unordered
 * zone), each kind's list a group. */
static inline RT_UNUSED int set_step_kinds(State *s, int site, int32_t *V, int slot, uint64_t m,
                                           const uint8_t *caps, int (*ok)(State *, int32_t *),
                                           int done)
{
    uint16_t pick[NINSTANCES];
    int gs[NINSTANCES + 1], n = 0, ng = 0;
    for (uint64_t b = s->kmask[slot] & m; b; b &= b - 1) {
        gs[ng++] = n;
        for (int c = s->khead[slot][__builtin_ctzll(b)]; c != KNONE; c = s->knext[c])
            pick[n++] = (uint16_t)c;
    }
    gs[ng] = n;
    return set_step_groups(s, site, V, pick, gs, ng, caps, ok, done);
}

/* The answer to a step: a card joins the set (1), or "Done" (0). */
static inline RT_UNUSED int set_step_took(State *s)
{
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    if (o->kind != RT_OPT_CARD)
        return 0;
    s->sset[s->nsset++] = o->ids[0];
    return 1;
}

/* May the set chosen (sset) go to slot `to`? Not if one of its cards
 * would go under itself (held_ok: a fault at site). */
static inline RT_UNUSED bool sset_ok(State *s, int site, int to)
{
#if GAME_HAS_HOLDERS
    return held_ok(s, site, s->sset, s->nsset, to);
#else
    (void)s;
    (void)site;
    (void)to;
    return true;
#endif
}

/* Moves the set chosen (sset) to the top of slot `to`, unless sset_ok
 * says none moves. */
static inline RT_UNUSED void take_sset_at(State *s, int site, int to)
{
    if (sset_ok(s, site, to))
        for (int i = 0; i < s->nsset; i++)
            mv_card(s, s->sset[i], to, -1);
}

/* take_sset_at into a slot of a zone the generated code knows, ordered
 * or not (to_ordered, a constant): each move inline, folded for that zone
 * (mv_card_as). */
static inline __attribute__((always_inline)) RT_UNUSED void take_sset_into(State *s, int site,
                                                                       int to, bool to_ordered)
{
    if (sset_ok(s, site, to))
        for (int i = 0; i < s->nsset; i++)
            mv_card_as(s, s->sset[i], to, -1, to_ordered);
}

/* RtGame.set_step: the set being chosen when the pending decision is one
 * of its steps. */
static RT_UNUSED bool game_set_step(const void *st, RtSetStep *t)
{
    const State *s = st;
    if (!s->sset_step)
        return false;
    t->nchosen = s->nsset;
    t->chosen = s->sset;
    t->lo = s->sset_lo;
    t->hi = s->sset_hi;
    return true;
}
#endif

/* Takes the only option of the pending decision without asking, and
 * counts it as a decision all the same: the count (the end line,
 * simulate) and the terminal's "Player N chooses" lines are then the same
 * whether the player had one option or several, which only their hidden
 * cards may decide (docs/RUNTIME.md, "Decisions of one option"). The
 * decision bound counts it too. false when that bound ends the game. */
static inline RT_UNUSED bool take_only(State *s)
{
    RtCore *c = &s->core;
    c->dec.chosen = 0;
    rt_taken(s);
    if (++c->decisions < c->max_decisions)
        return true;
    c->over = RT_DRAW; /* the decision bound */
    memset(c->winner, 0, sizeof c->winner);
    return false;
}

/* Direct play: every decision is answered inline by d->fn. The same
 * steps as rt_apply: one option is taken (take_only), none is a fault,
 * and the decision bound ends the game as a draw. */
typedef struct Direct {
    RtChooser fn;
    void *ctx;
    uint64_t *count;    /* coverage's counters (RtCovSite), NULL: none kept */
} Direct;

/* ---- coverage (RtCovSite; simulate --coverage) ----
 * Only a game played by game_play_covered has d->count: then every
 * decision is answered through d->fn (decide_site), out of the way of the
 * game played without, which counts nothing and pays for no test but at a
 * decision of one option and at a proc's start (gen_dproc). */

/* The branch of option o that a coverage site of options counts: a
 * menu's option (its label's branch), yes (0) and no (1); -1 otherwise. */
static RT_UNUSED int cov_branch(const RtOption *o)
{
    switch (o->kind) {
    case RT_OPT_TEXT:  return o->ids[0];
    case RT_OPT_WORDS: return o->words.is_value ? -1 : o->words.branch;
    case RT_OPT_YES:   return 0;
    case RT_OPT_NO:    return 1;
    default:           return -1;
    }
}

/* Decision site cov took option i of the pending decision: one decision
 * there, and for each of its nopts options (sites cov + 1 + branch) that
 * were offered, one offer, and for option i one taking. */
static RT_UNUSED __attribute__((noinline)) void cov_decided(State *s, uint64_t *count, int cov,
                                                            int nopts, int i)
{
    const RtDecision *dec = &s->core.dec;
    count[2 * cov]++;
    for (int k = 0; k < dec->noptions; k++) {
        int b = cov_branch(&dec->opt[k]);
        if (b < 0 || b >= nopts)
            continue;
        count[2 * (cov + 1 + b)]++;
        count[2 * (cov + 1 + b) + 1] += k == i;
    }
}

/* The rare ends of decide_direct, out of its way: no option or one, a
 * game already over, an answer out of range, the decision bound. */
static RT_UNUSED __attribute__((noinline)) bool decide_rare(State *s, int site, int i)
{
    RtCore *c = &s->core;
    if (c->over)
        return false;
    if (c->dec.noptions == 0) {
        fault(s, F_NO_OPTION, site, 0);
        return false;
    }
    if (c->dec.noptions == 1)
        return take_only(s);
    if ((unsigned)i >= (unsigned)c->dec.noptions) { /* i < 0 too */
        c->over = RT_FAULT;
        c->fault = RT_FAULT_BAD_DECISION;
        return false;
    }
    c->dec.chosen = (int16_t)i;
    c->over = RT_DRAW; /* the decision bound */
    memset(c->winner, 0, sizeof c->winner);
    return false;
}

/* The answer of chooser d->fn to the pending decision of n >= 2 options,
 * at decision site cov (of nopts options), counted where coverage is kept. */
static RT_UNUSED __attribute__((noinline)) int decide_by(State *s, int cov, int nopts,
                                                         const Direct *d)
{
    int i = d->fn(d->ctx, s);
    if (d->count && (unsigned)i < (unsigned)s->core.dec.noptions)
        cov_decided(s, d->count, cov, nopts, i);
    return i;
}

/* Answers the decision inline (direct play): true with core.dec.chosen
 * set, false when the game is over (already, or now: no option, a fault at
 * site; an answer out of range, the decision bound). One option is taken
 * without asking (take_only); d->fn is asked only when there are two or
 * more. */
static inline __attribute__((always_inline)) RT_UNUSED bool decide_site(State *s, int site,
                                                               int cov, int nopts,
                                                               const Direct *d)
{
    RtCore *c = &s->core;
    int n = c->dec.noptions;
    if (c->over || n < 2) {
        if (!c->over && n == 1) {
            if (d->count)
                cov_decided(s, d->count, cov, nopts, 0);
            return take_only(s);
        }
        return decide_rare(s, site, 0);
    }
    int i;
    if (d->fn) {
        i = decide_by(s, cov, nopts, d);
        if ((unsigned)i >= (unsigned)n)
            return decide_rare(s, site, i);
    } else { /* rt_random_choice, of n >= 2 options: always in range */
        i = (int)rt_below_2(&((RtRng *)d->ctx)[c->dec.player], (uint32_t)n);
    }
    if (++c->decisions >= c->max_decisions)
        return decide_rare(s, site, i);
    c->dec.chosen = (int16_t)i;
    s->steps = 0;
#if GAME_HAS_EVENTS
    s->tfired = 0;
#endif
    return true;
}

/* decide_site for a decision the runtime asks itself (coverage site 0). */
static inline __attribute__((always_inline)) RT_UNUSED bool decide_direct(State *s, int site,
                                                                 const Direct *d)
{
    return decide_site(s, site, 0, 0, d);
}

/* ---- what every sealed window shares (reactions, simultaneous choices) ---- */

#if GAME_HAS_WINDOWS || GAME_HAS_SIMUL
/* Keeps the answer to the decision just taken, and its question, sealed
 * in window w: no view shows them while w is open. The last seat's answer
 * closes it, and its observer (the protocol's `responses` line) hears of
 * all the answers at once. */
static inline RT_UNUSED void window_keep(State *s, RtWindow *w)
{
    const RtDecision *d = &s->core.dec;
    RtAsked *q = &w->asked[w->nasked];
    q->prompt = d->prompt;
    q->nwords = d->nwords;
    memcpy(q->word, d->word, sizeof q->word);
    w->answer[w->nasked++] = d->opt[d->chosen];
    if (w->nasked < w->nseats)
        return;
    w->open = 0;
    rt_window_closed(s, w);
}

/* The seats window w asks, in its order: every seat from `first` round
 * the table, but a player out of the game (GAME_HAS_OUT), who is never
 * asked. Sets w->nseats to how many. */
static inline RT_UNUSED void window_seats(const State *s, RtWindow *w, int first)
{
    int n = s->core.nplayers, k = 0;
    for (int i = 0; i < n; i++) {
        int p = (first + i) % n;
#if GAME_HAS_OUT
        if (p_out(s, p))
            continue;
#endif
        w->order[k++] = (int16_t)p;
    }
    w->nseats = (int16_t)k;
}
#endif

/* ---- sealed windows (GAME_HAS_WINDOWS) ---- */

#if GAME_HAS_WINDOWS
/* A window (rt.h, "sealed windows") as the rules' code drives it:
 *
 *     if (win_open(s, RT_WINDOW_REACT, event, by, first)) {
 *         win_arg(s, i, RT_ARG_CARD, c) for each argument of the event;
 *         while (win_asking(s)) {
 *             decision_in(s, win_seat(s), prompt);
 *             the seat's options (its reaction cards), then "Do not respond";
 *             a seat with a card to offer (bf_seat_asked) is asked
 *             (resumable: R_WAIT; direct: decide_always); any other
 *             declines unasked (win_decline_unasked), counted all the same;
 *             win_answer(s);            (sealed; the last answer closes it)
 *         }
 *         the answers, in the order asked: win_card(s, i) for i < win_seats(s);
 *         win_pop(s);
 *     }
 *
 * The windows are a stack in the State: a reaction resolving after its
 * window closed may raise an event whose own window opens on top (a
 * reaction to a reaction), up to GAME_MAX_WINDOWS deep. The code reaches
 * the innermost through s, never through a pointer kept across a wait. */

_Static_assert(GAME_MAX_WINDOWS >= 1, "GAME_MAX_WINDOWS: at least one window");

/* The innermost window (there is one). */
static inline RT_UNUSED RtWindow *win_top(State *s)
{
    return &s->win[s->nwin - 1];
}

/* Opens a window of kind `kind` before event `event` (an index into the
 * game's event names) acted by player `by` (-1 for none): every seat is
 * to be asked once, from seat `first` (the active player; seat 0 when it
 * is not a seat) round the table. Returns false, opening nothing, when
 * GAME_MAX_WINDOWS windows are open already: deeper windows are not
 * opened (LANGUAGE.md, limit reactions). */
static inline RT_UNUSED bool win_open(State *s, int kind, int event, int by, int first)
{
    if (s->nwin >= GAME_MAX_WINDOWS)
        return false;
#if GAME_HAS_OUT
    if (players_in(s) == 0) /* nobody to ask */
        return false;
#endif
    RtWindow *w = &s->win[s->nwin++];
    int n = s->core.nplayers;
    memset(w, 0, sizeof *w);
    w->id = ++s->nwindows;
    w->kind = (uint8_t)kind;
    w->open = 1;
    w->event = (int16_t)event;
    w->by = (int16_t)(by >= 0 && by < n ? by : -1);
    w->depth = (int16_t)s->nwin;
    if (first < 0 || first >= n)
        first = 0;
    window_seats(s, w, first);
    return true;
}

/* Argument i of the event the innermost window is before: v, of kind
 * `kind` (RtArgKind); arguments past RT_WINDOW_ARGS are not shown. */
static inline RT_UNUSED void win_arg(State *s, int i, int kind, int32_t v)
{
    RtWindow *w = win_top(s);
    if (i < 0 || i >= RT_WINDOW_ARGS)
        return;
    w->argkind[i] = (uint8_t)kind;
    w->arg[i] = v;
    if (w->nargs < i + 1)
        w->nargs = (uint8_t)(i + 1);
}

/* Is the innermost window still asking? */
static inline RT_UNUSED bool win_asking(State *s)
{
    return s->nwin > 0 && win_top(s)->open;
}

/* The seat the innermost window asks now. */
static inline RT_UNUSED int win_seat(State *s)
{
    RtWindow *w = win_top(s);
    return w->order[w->nasked];
}

/* Keeps the answer to the decision just taken, and its question, sealed
 * in the window: no view shows them while the window is open. The last
 * seat's answer closes the window, and its observer (the protocol's
 * `responses` line) hears of all the answers at once. */
static inline RT_UNUSED void win_answer(State *s)
{
    window_keep(s, win_top(s));
}

/* The seat the innermost window asks now is not asked: it has no answer
 * but declining (bf_seat_asked), so it declines, as if it had been asked
 * and had answered so. Nothing another seat sees tells the two apart:
 * the answer is counted as a decision (the end line's `decisions`, the
 * decision bound), it resets the count of steps and triggers as an answer
 * does, and the window keeps it sealed with its question (win_answer).
 * false when the decision bound ends the game. */
static inline RT_UNUSED bool win_decline_unasked(State *s)
{
    RtCore *c = &s->core;
    c->dec.chosen = (int16_t)(c->dec.noptions - 1);
    s->steps = 0;
#if GAME_HAS_EVENTS
    s->tfired = 0;
#endif
    if (++c->decisions < c->max_decisions)
        return true;
    c->over = RT_DRAW; /* the decision bound */
    memset(c->winner, 0, sizeof c->winner);
    return false;
}

/* Seats the innermost window asked. */
static inline RT_UNUSED int win_seats(State *s)
{
    return win_top(s)->nseats;
}

/* The seat asked i-th by the innermost window, and the card it answered
 * with (-1: none, it did not respond). */
static inline RT_UNUSED int win_player(State *s, int i)
{
    return win_top(s)->order[i];
}

static inline RT_UNUSED int win_card(State *s, int i)
{
    const RtOption *o = &win_top(s)->answer[i];
    return o->kind == RT_OPT_CARD ? o->ids[0] : -1;
}

/* Closes the innermost window, its answers resolved. */
static inline RT_UNUSED void win_pop(State *s)
{
    s->nwin--;
}

/* A window asks every seat in the game when it opens: every seat, in a
 * game where nobody goes out; else at least one, at most every seat. */
static inline bool win_seats_ok(const State *s, const RtWindow *w)
{
#if GAME_HAS_OUT
    return w->nseats >= 1 && w->nseats <= s->core.nplayers;
#else
    return w->nseats == s->core.nplayers;
#endif
}

/* The windows agree with themselves and with the pending decision: only
 * the innermost may be asking, and then the pending decision is the
 * question it asks. */
static RT_UNUSED bool windows_check(const State *s, char *why, size_t n)
{
    if (s->nwin < 0 || s->nwin > GAME_MAX_WINDOWS) {
        snprintf(why, n, "%d windows open (at most %d)", (int)s->nwin, (int)GAME_MAX_WINDOWS);
        return false;
    }
    for (int i = 0; i < s->nwin; i++) {
        const RtWindow *w = &s->win[i];
        bool asking = w->open && w->nasked < w->nseats;
        if ((w->open && !asking) || (w->open && i + 1 < s->nwin) || !win_seats_ok(s, w)) {
            snprintf(why, n, "window %u is broken (%d of %d seats asked, open %d, %d of %d)",
                     (unsigned)w->id, w->nasked, w->nseats, w->open, i + 1, (int)s->nwin);
            return false;
        }
        if (w->open && s->core.over == RT_PLAYING && s->core.dec.player != w->order[w->nasked]) {
            snprintf(why, n, "window %u asks player %d, the decision is player %d's",
                     (unsigned)w->id, w->order[w->nasked], s->core.dec.player);
            return false;
        }
    }
    return true;
}

/* Direct play of a decision that is always asked (a window's): d->fn, or
 * the random policy, answers even a single option, and the answer counts
 * as a decision, as rt_apply counts it. The rest as decide_direct. */
static RT_UNUSED __attribute__((noinline)) bool decide_always(State *s, int site, const Direct *d)
{
    RtCore *c = &s->core;
    int n = c->dec.noptions;
    if (c->over || n == 0)
        return decide_rare(s, site, 0);
    int i = d->fn ? decide_by(s, 0, 0, d) : rt_random_choice(d->ctx, s);
    if ((unsigned)i >= (unsigned)n) { /* i < 0 too */
        c->over = RT_FAULT;
        c->fault = RT_FAULT_BAD_DECISION;
        return false;
    }
    c->dec.chosen = (int16_t)i;
    if (++c->decisions >= c->max_decisions) {
        c->over = RT_DRAW; /* the decision bound */
        memset(c->winner, 0, sizeof c->winner);
        return false;
    }
    s->steps = 0;
#if GAME_HAS_EVENTS
    s->tfired = 0;
#endif
    return true;
}
#endif

/* ---- simultaneous choices (GAME_HAS_SIMUL) ---- */

#if GAME_HAS_SIMUL
/* `for q in players simultaneously { let x = CHOICE ... }` (LANGUAGE.md
 * §7, "Simultaneous choices") as the rules' code drives it:
 *
 *     simul_open(s);
 *     for each seat q from seat 0: the choice of q, as any decision (one
 *         option is taken without asking); its value kept in the frame;
 *         simul_answer(s);             (sealed; the last answer closes it)
 *     for each seat q from seat 0: x = q's value, the rest of the body.
 *
 * Nothing is applied while the seats are asked, so no seat's question,
 * view or stream depends on another seat's answer; the answers are shown
 * together when the last seat has answered, as a window's are. The choice
 * waits for nothing but its decision (the checker allows only a choice
 * there), so no other window opens meanwhile. */

/* Opens the simultaneous choice: every seat still in the game is to be
 * asked, from seat 0. */
static inline RT_UNUSED void simul_open(State *s)
{
    RtWindow *w = &s->simul;
    memset(w, 0, sizeof *w);
#if GAME_HAS_WINDOWS
    w->id = ++s->nwindows; /* one count with the reaction windows */
#else
    w->id = ++s->nsimul;
#endif
    w->kind = RT_WINDOW_SIMUL;
    w->event = -1;
    w->by = -1;
    w->depth = 1;
    window_seats(s, w, 0);
#if GAME_HAS_IMMUNE /* a seat immune to an event whose body runs is not walked */
    int k = 0;
    for (int i = 0; i < w->nseats; i++)
        if (!(s->nctx > 0 && ((s->ctx[s->nctx - 1].immune >> w->order[i]) & 1u)))
            w->order[k++] = w->order[i];
    w->nseats = (int16_t)k;
#endif
    w->open = w->nseats > 0; /* nobody to ask: nothing is kept */
}

/* Keeps the answer of the seat just asked, sealed; the last closes it. */
static inline RT_UNUSED void simul_answer(State *s)
{
    if (s->simul.open && !s->core.over)
        window_keep(s, &s->simul);
}

/* The simultaneous choice agrees with the pending decision: while it is
 * open, it asks the seat whose decision is pending, and no reaction
 * window asks at the same time. */
static RT_UNUSED bool simul_check(const State *s, char *why, size_t n)
{
    const RtWindow *w = &s->simul;
    if (!w->open)
        return true;
#if GAME_HAS_OUT || GAME_HAS_IMMUNE /* the seats still in (not immune) when it opened */
    bool seats_ok = w->nseats <= s->core.nplayers;
#else
    bool seats_ok = w->nseats == s->core.nplayers;
#endif
    bool asking = w->nasked >= 0 && w->nasked < w->nseats && seats_ok;
#if GAME_HAS_WINDOWS
    asking = asking && !(s->nwin > 0 && s->win[s->nwin - 1].open);
#endif
    if (!asking || (s->core.over == RT_PLAYING && s->core.dec.player != w->order[w->nasked])) {
        snprintf(why, n, "simultaneous choice %u is broken (%d of %d seats asked, the decision "
                 "is player %d's)", (unsigned)w->id, w->nasked, w->nseats, s->core.dec.player);
        return false;
    }
    return true;
}
#endif

#if GAME_HAS_WINDOWS || GAME_HAS_SIMUL
/* RtGame.window: the window asking, if any: a reaction window, or the
 * simultaneous choice. */
static RT_UNUSED const RtWindow *game_window(const void *st)
{
    const State *s = st;
#if GAME_HAS_WINDOWS
    if (s->nwin > 0 && s->win[s->nwin - 1].open)
        return &s->win[s->nwin - 1];
#endif
#if GAME_HAS_SIMUL
    if (s->simul.open)
        return &s->simul;
#endif
    (void)s;
    return NULL;
}
#endif

/* A new frame for proc `proc` on top of the stack, zeroed; NULL and a
 * fault when the stack is full. */
static inline RT_UNUSED Frame *push(State *s, int site, int proc)
{
    if (s->depth >= MAXDEPTH) {
        fault(s, F_DEPTH, site, 0);
        return NULL;
    }
    Frame *f = &s->fr[s->depth++];
    memset(f, 0, sizeof *f);
    f->proc = proc;
    return f;
}

/* ---- events ---- */

#if GAME_HAS_EVENTS
/* An event or a handler begins (EvCtx): false and a fault at site when
 * MAXDEPTH of them are in progress (each runs in a frame of its own, so
 * the frames run out first). */
static inline RT_UNUSED bool ev_enter(State *s, int site, int event, int handler, int by,
                                      int cause)
{
    if (s->nctx >= MAXDEPTH) {
        fault(s, F_DEPTH, site, 0);
        return false;
    }
    EvCtx *x = &s->ctx[s->nctx++];
    x->event = event;
    x->handler = handler;
    x->by = by;
    x->cause = cause;
#if GAME_HAS_IMMUNE /* what runs inside an event's body keeps its immune */
    x->immune = s->nctx > 1 ? x[-1].immune : 0;
#endif
    return true;
}

#if GAME_HAS_IMMUNE
/* Is seat p immune to an event whose body is in progress? Then the
 * sources of players leave it out (`for q in players`, count, any...). */
static inline RT_UNUSED int p_immune(const State *s, int p)
{
    return s->nctx > 0 && ((s->ctx[s->nctx - 1].immune >> p) & 1u);
}
#endif

/* The innermost event or handler is over. */
static inline RT_UNUSED void ev_leave(State *s)
{
    if (s->nctx > 0)
        s->nctx--;
}

/* The `by` and `cause` of an event raised now: those of the event or
 * handler in progress (a handler's are its event's), -1 (none) outside. */
static inline RT_UNUSED int ev_by(const State *s)
{
    return s->nctx ? s->ctx[s->nctx - 1].by : -1;
}

static inline RT_UNUSED int ev_cause(const State *s)
{
    return s->nctx ? s->ctx[s->nctx - 1].cause : -1;
}

/* Trigger t fired (its pattern matched, its 'where' held): it joins the
 * back of the queue. The (GAME_MAX_TRIGGERS + 1)-th trigger fired since
 * the last decision faults (F_TRIGGER_LOOP), and so does a full queue
 * (F_TRIGGER_QUEUE); site is the handler's. */
static inline RT_UNUSED void ev_fire(State *s, int site, const Trigger *t)
{
    if (s->core.over)
        return;
    if (++s->tfired > GAME_MAX_TRIGGERS) {
        fault(s, F_TRIGGER_LOOP, site, 0);
        return;
    }
    if (s->tq_len >= GAME_MAX_TRIGGERS) {
        fault(s, F_TRIGGER_QUEUE, site, 0);
        return;
    }
    int at = s->tq_head + s->tq_len;
    s->tq[at >= GAME_MAX_TRIGGERS ? at - GAME_MAX_TRIGGERS : at] = *t;
    s->tq_len++;
}

/* The first trigger of the queue, taken out; false when it is empty. */
static inline RT_UNUSED bool ev_pop(State *s, Trigger *t)
{
    if (s->tq_len == 0)
        return false;
    *t = s->tq[s->tq_head];
    s->tq_head = s->tq_head + 1 == GAME_MAX_TRIGGERS ? 0 : s->tq_head + 1;
    s->tq_len--;
    return true;
}

/* Must the statement that raised an event drain the queue now? Only
 * where no drain is in progress already: a trigger fired while others
 * resolve waits at the back of the queue (breadth first). */
static inline RT_UNUSED bool ev_must_drain(State *s)
{
    if (s->draining || s->tq_len == 0 || s->core.over)
        return false;
    s->draining = 1;
    return true;
}

/* Defined by the game after the rules: pushes the context (ev_enter) and
 * the frame of trigger t's handler, its values in the frame's first
 * slots; false if that faulted. The direct copy runs the handler. */
static bool game_handler_call(State *s, const Trigger *t);
static void game_dhandler(State *s, const Direct *d, const Trigger *t);

#if GAME_HAS_CARD_TRIGGERS
/* The place of card c in the order of the triggers of cards in play: the
 * seat of its controller counted from EV_FIRST_SEAT (cards with none
 * last), then the time it entered play, then its number. */
static inline RT_UNUSED bool ev_before(const State *s, int c, int d, int first)
{
    int n = s->core.nplayers;
    int pc = controller(s, c), pd = controller(s, d);
    int rc = pc < 0 ? n : (pc - first + n) % n, rd = pd < 0 ? n : (pd - first + n) % n;
    if (rc != rd)
        return rc < rd;
    if (s->entered[c] != s->entered[d])
        return s->entered[c] < s->entered[d];
    return c < d;
}

/* The cards in play (in the slots play[0..nplay)) of the kinds `has`
 * marks, into out[], in the order of their triggers; returns how many. */
static RT_UNUSED int ev_cards_in_play(const State *s, const int16_t *play, int nplay,
                                      const uint8_t *has, uint16_t *out)
{
    int n = 0, first = EV_FIRST_SEAT(s);
    for (int i = 0; i < nplay; i++) {
        int slot = play[i];
        for (int j = 0; j < s->zsize[slot]; j++) {
            int c = s->zcard[slot][j];
            if (!has[instance_card[c]])
                continue;
            int k = n++;
            while (k > 0 && ev_before(s, c, out[k - 1], first)) {
                out[k] = out[k - 1];
                k--;
            }
            out[k] = (uint16_t)c;
        }
    }
    return n;
}
#endif

/* What the tables of a game with events say of an event or a handler:
 * its name ("destroy"; a handler's kind, "on"), and where it is written. */
typedef struct EvInfo {
    const char *name, *file;
    int32_t line;
} EvInfo;

/* Defined by the game after the rules: the EvInfo of event e, of
 * handler h. */
static const EvInfo *game_event_info(int e);
static const EvInfo *game_handler_info(int h);

/* RtGame.during: the innermost event or handler in progress. */
static RT_UNUSED bool game_during(const void *st, RtDuring *d)
{
    const State *s = st;
    if (s->nctx == 0)
        return false;
    const EvCtx *x = &s->ctx[s->nctx - 1];
    const EvInfo *e = game_event_info(x->event);
    const EvInfo *h = x->handler >= 0 ? game_handler_info(x->handler) : e;
    d->event = e->name;
    d->by = x->by;
    d->cause = x->cause;
    d->handler = x->handler >= 0 ? h->name : x->handler == EV_PLAY_CLAUSE ? "play" : NULL;
    d->file = h->file;
    d->line = h->line;
    d->depth = s->nctx;
    return true;
}

#if GAME_HAS_TRIGGER_ORDER
/* ---- a player's choice of the order of their triggers ----
 *
 * With `triggers chosen by controller`, the triggers one event occurrence
 * fires share a group (ev_group, in each evfire_* function). Those of the
 * cards in play of one controller are consecutive in the queue (the order
 * of triggers: the rules' handlers, then the cards by controller). When
 * the drain finds two or more of them at the head of the queue, their
 * controller chooses which resolves next (ev_order_ask); the chosen one is
 * taken to the head (ev_order_take) and runs; the next turn of the drain
 * asks again about the rest, until one is left. The question is asked in
 * the event's context (RtGame.during), its options RT_OPT_TRIGGER. */

/* What the game says of handler h for an order choice (game_order_info):
 * the event it hears (EV_*), the label of its clause (RtGame.labels; -1
 * for a handler of the rules) and its site. */
typedef struct OrderInfo {
    int32_t event, label, site;
} OrderInfo;

static const OrderInfo *game_order_info(int h);

/* A new group: the triggers an evfire_* call fires share it. */
static inline RT_UNUSED int32_t ev_group(State *s)
{
    s->tgroups = s->tgroups == INT32_MAX ? 1 : s->tgroups + 1;
    return s->tgroups;
}

/* The i-th trigger of the queue from its head (i < tq_len). */
static inline RT_UNUSED Trigger *ev_at(State *s, int i)
{
    int at = s->tq_head + i;
    return &s->tq[at >= GAME_MAX_TRIGGERS ? at - GAME_MAX_TRIGGERS : at];
}

/* May trigger t take part in a choice of order: its card lies where every
 * seat sees it? A face-down card (in a zone `hidden` or `owner`, in play
 * or gone there) would be named to its controller by its option, and the
 * question itself, asked or not, would tell every seat of its clause: its
 * trigger resolves in its place in the order of triggers. */
static inline RT_UNUSED bool ev_order_public(const State *s, const Trigger *t)
{
    return t->card >= 0 && zones[slot_zone[s->slot_of[t->card]]].vis == RT_VIS_PUBLIC;
}

/* How many triggers at the head of the queue fired at once from cards in
 * play of one controller, each where every seat sees it: 0 when the head
 * is a handler of the rules, of a card with no controller or of a card
 * not seen by all. */
static RT_UNUSED int ev_order_n(State *s)
{
    if (s->tq_len == 0)
        return 0;
    const Trigger *h = ev_at(s, 0);
    if (h->card < 0 || h->me < 0 || !ev_order_public(s, h))
        return 0;
    int n = 1;
    while (n < s->tq_len) {
        const Trigger *t = ev_at(s, n);
        if (t->group != h->group || t->card < 0 || t->me != h->me || !ev_order_public(s, t))
            break;
        n++;
    }
    return n;
}

/* Is the trigger i of the queue the same choice as an earlier one j < i:
 * the same clause of a copy of the same card in the same slot (copies are
 * alike, as in add_card; not a card that holds cards)? */
static RT_UNUSED bool ev_order_same(State *s, int i)
{
    const Trigger *t = ev_at(s, i);
#if GAME_HAS_HOLDERS
    if (type_holds[inst_type[t->card]])
        return false;
#endif
    for (int j = 0; j < i; j++) {
        const Trigger *u = ev_at(s, j);
        if (u->handler == t->handler && instance_card[u->card] == instance_card[t->card] &&
            s->slot_of[u->card] == s->slot_of[t->card])
            return true;
    }
    return false;
}

/* The question: the first n triggers of the queue, one option each
 * (RT_OPT_TRIGGER: the card, the label of its clause, in ids[1] and
 * ids[2] its place in the queue), to their controller. */
static RT_UNUSED void ev_order_offer(State *s, int n)
{
    decision_in(s, ev_at(s, 0)->me, GAME_ORDER_PROMPT);
    for (int i = 0; i < n && !s->core.over; i++) {
        if (ev_order_same(s, i))
            continue;
        const Trigger *t = ev_at(s, i);
        const OrderInfo *oi = game_order_info(t->handler);
        RtOption *o = add_option(s, oi->site, RT_OPT_TRIGGER, oi->label);
        if (o) {
            o->ids[0] = (uint16_t)t->card;
            o->ids[1] = (uint16_t)(i & 0xffff); /* a queue holds up to 1,000,000 */
            o->ids[2] = (uint16_t)(i >> 16);
        }
    }
}

/* Must the controller of the triggers at the head of the queue choose
 * which resolves next? True when the question is asked (two options or
 * more), in the context of their event (ev_enter: the caller leaves it
 * once answered); false when there is nothing to choose, or a fault. */
static RT_UNUSED bool ev_order_ask(State *s)
{
    int n = ev_order_n(s);
    if (n < 2)
        return false;
    const Trigger *h = ev_at(s, 0);
#if GAME_HAS_OUT
    if (h->me >= 0 && p_out(s, h->me)) /* never asked: the order is fixed */
        return false;
#endif
    const OrderInfo *oi = game_order_info(h->handler);
    if (!ev_enter(s, oi->site, oi->event, -1, h->by, h->cause))
        return false;
    ev_order_offer(s, n);
    if (!s->core.over && s->core.dec.noptions > 1)
        return true;
    ev_leave(s); /* copies alike: the order of triggers */
    return false;
}

/* The trigger chosen goes to the head of the queue, the others keep their
 * order behind it. */
static RT_UNUSED void ev_order_take(State *s)
{
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    int i = o->ids[1] | o->ids[2] << 16;
    if (i <= 0 || i >= s->tq_len)
        return;
    Trigger t = *ev_at(s, i);
    for (int j = i; j > 0; j--)
        *ev_at(s, j) = *ev_at(s, j - 1);
    *ev_at(s, 0) = t;
}
#endif

/* The drain, a proc of the runtime's (frame proc P_EV_DRAIN, pushed by a
 * statement that raised an event when ev_must_drain): runs the queue's
 * triggers in order, each handler in a frame above it, until the queue
 * is empty. With GAME_HAS_TRIGGER_ORDER, pc 2: the order was chosen. */
static RT_UNUSED int ev_drain(State *s, Frame *f)
{
    if (f->pc == 1)
        ev_leave(s); /* the handler run last returned */
    Trigger t;
#if GAME_HAS_TRIGGER_ORDER
    if (f->pc == 2) {
        ev_leave(s); /* the question's context */
        ev_order_take(s);
    } else if (!s->core.over && ev_order_ask(s)) {
        f->pc = 2;
        return R_WAIT;
    }
#endif
    if (s->core.over)
        return R_STOP;
    if (!ev_pop(s, &t)) {
        s->draining = 0;
        return R_RETURN;
    }
    if (!game_handler_call(s, &t))
        return R_STOP;
    f->pc = 1;
    return R_CALL;
}

/* The same for the direct copy (simulate): the drain counts as a frame,
 * as in the resumable copy, so that both fault alike. */
static RT_UNUSED void ev_ddrain(State *s, int site, const Direct *d)
{
    if (s->depth >= MAXDEPTH) {
        fault(s, F_DEPTH, site, 0);
        return;
    }
    s->depth++;
    Trigger t;
    while (!s->core.over) {
#if GAME_HAS_TRIGGER_ORDER
        if (ev_order_ask(s)) {
            bool ok = decide_direct(s, site, d);
            ev_leave(s);
            if (!ok)
                break;
            ev_order_take(s);
        }
        if (s->core.over)
            break;
#endif
        if (!ev_pop(s, &t))
            break;
        game_dhandler(s, d, &t);
    }
    s->depth--;
    s->draining = 0;
}
#endif

/* ---- before an event: `instead of` clauses and reaction windows ---- */

#if GAME_HAS_BEFORE
/* Before event e resolves (its body, or a card's play clause), what the
 * rules say runs first (docs/LANGUAGE.md, "Prevention" and "Reactions"):
 *   1. the `instead of` clauses of the rules, in order, then those of the
 *      cards in play, in the order of triggers (ev_before), each once, if
 *      its tests hold when its turn comes; each may change the event's
 *      values and `cancel` it; the first cancel stops the rest;
 *   2. a reaction window (GAME_HAS_WINDOWS), where a `react to` clause can
 *      hear e: every seat asked, from EV_FIRST_SEAT round the table, with
 *      the cards it may react with and "Do not respond"; then the answers,
 *      in the order asked, each card still able to react played by its
 *      seat and its clause run (the clause's proc plays it: a reaction to
 *      it opens a window of its own, one deeper), until one cancels.
 * A proc of the runtime's, P_0_before (bf_run), runs it in a frame of its
 * own: the event's values in its first slots (NEVARGS), then BF_*; the
 * direct copy is bf_drun. What a clause's proc leaves when it returns
 * (cgen_reactions.c): its bound names in s->bret (the event's values, maybe
 * changed) and whether it cancelled in s->bcancel. The before-phase ends
 * with the values in s->bret and, in s->ret, 1 if the event is cancelled.
 *
 * The game defines, before the include: GAME_HAS_BEFORE 1,
 * GAME_RESPOND_LABEL (the label "Do not respond", with windows) and
 * bf_react_slot[NSLOTS] (who may react with the cards of each slot: 0
 * nobody, 1 its owner, 2 their controller; sema_reactions.c, zone_reacts);
 * after the rules, the functions below. */

/* What runs before one event: game_bf_event(i). */
typedef struct BfEvent {
    int32_t event;              /* EV_* */
    int32_t nvals;              /* its values */
    int32_t site;               /* where it is declared (faults of its window) */
    int32_t prompt;             /* its window's question; -1: no window */
    const uint8_t *argkind;     /* RtArgKind of each value, for the window */
    int32_t nrules;             /* the rules' `instead of` clauses, in order */
    const int16_t *rules;       /* their numbers (the game's befores) */
    const int16_t *instead;     /* kind k's `instead of` clauses: ilist[instead[k] ..
                                 * instead[k + 1]) */
    const int16_t *ilist;
    const int16_t *react;       /* kind k's `react to` clauses: rlist[react[k] ..
                                 * react[k + 1]) */
    const int16_t *rlist;
    const uint8_t *wkinds;      /* NULL, or per kind: can a reaction match the
                                 * event when its first value, a card in a public
                                 * zone, is of that kind? (else no window opens) */
    int32_t decline;            /* its window's label for declining, worded by
                                 * the rules (`declines`); -1: GAME_RESPOND_LABEL */
    int32_t nask, ndecline;     /* the words its question and that label are built
                                 * from (`asks "..."`, rt_words) */
    /* NULL, or the values of those words from the event's values V: the
     * question's in w[0..3), the label's in w[3..6). */
    void (*words)(State *s, const int32_t *V, int32_t *w);
    int32_t reopens;            /* its window opens again after a reaction whose
                                 * play was stopped (`reopens`) */
    const int16_t *argword;     /* NULL, or per value of kind RT_ARG_WORD the
                                 * index in words[] of its attribute's first
                                 * value (value_word): the window shows the word */
    uint64_t imask;             /* the kinds with `instead of` clauses for it
                                 * (instead[k] < instead[k + 1]), when KMASKED */
} BfEvent;

/* Defined by the game after the rules. */
static const BfEvent *game_bf_event(int i);
/* Do clause h's tests hold for values V (card, me: the card whose clause
 * it is and its player; -1 for a clause of the rules)? */
static bool game_bf_match(State *s, int h, const int32_t *V, int card, int me);
/* Clause h's context entered (ev_enter) and its frame pushed with V, card
 * and me; false if that faulted. */
static bool game_bf_push(State *s, int h, const int32_t *V, int card, int me);
/* The same, run directly (and its context left). */
static void game_bf_dcall(State *s, const Direct *d, int h, const int32_t *V, int card, int me);
#if GAME_HAS_WINDOWS
/* playable(c, p): may p play card c (its play clause's `when`)? */
static int play_ok(State *s, int32_t p, int32_t c);
#endif

#if GAME_HAS_MOVE_BEFORE
/* Before a card moving (GAME_HAS_MOVE_BEFORE: the game has `instead of` or
 * `react to` clauses of `c enters Z` or `c leaves Z`): one event, number
 * BF_MOVE (EV_ENTERS of the compiler), whose values are the card, the slot
 * it leaves and the slot it enters. Its clauses cannot change them
 * (bf_take leaves them), and a card that is none skips the phase: its move
 * faults. */
enum { BF_MOVE = 0 };
#define BF_FIXED(ev) ((ev)->event == BF_MOVE)
#define BF_SKIP(ev, V) ((ev)->event == BF_MOVE && (uint32_t)(V)[0] >= NINSTANCES)
#if GAME_HAS_WINDOWS
/* May a `react to` clause hear the move of V, by its zones alone? */
static bool game_bf_move_window(const int32_t *V);
#endif
#if GAME_HAS_MOVE_WORDS
/* The window before the move of V that the rules word (`window for c
 * enters Z`, GAME_HAS_MOVE_WORDS): the number of its BfEvent (the move's
 * tables, its own words and `reopens`), the first declared whose zones
 * the move matches; -1 when none does. */
static int game_bf_move_words(const int32_t *V);
#endif
#else
#define BF_FIXED(ev) 0
#define BF_SKIP(ev, V) 0
#endif

/* The slots of P_0_before's frame after the event's values. */
enum {
    BF_EV,          /* which BfEvent (game_bf_event) */
    BF_PHASE,       /* BFP_* */
    BF_J,           /* the rules' clause, the card's clause or the answer next */
    BF_RANK,        /* the card whose clauses run: its place in the order */
    BF_ENTERED,     /* (its controller's seat from the first, when it entered */
    BF_CARD,        /* play, its number; rank -1: none yet) */
    BF_CANCEL,      /* the event is cancelled */
    BF_STOPPED_ONE, /* a reaction of the window resolving had its play stopped */
    BF_NSLOTS = 8   /* BEFORE_SLOTS (compiler/sema.h) */
};
/* What a clause's proc leaves in s->bcancel: 1 it cancelled the event;
 * BF_STOPPED a reaction's own play was stopped, its body never ran. */
enum { BF_STOPPED = 2 };
enum { BFP_RULES, BFP_CARDS, BFP_WINDOW, BFP_ASK, BFP_RESOLVE, BFP_DONE };
#define BFV(V, i) ((V)[NEVARGS + (i)])

_Static_assert(NLOCALS >= NEVARGS + BF_NSLOTS, "a frame holds the before-phase's slots");

#if GAME_HAS_CARD_TRIGGERS
/* Card c's place in the order of triggers (ev_before): its controller's
 * seat counted from first (none last), the time it entered play, c. */
static inline RT_UNUSED void bf_key(const State *s, int c, int first, int32_t *key)
{
    int n = s->core.nplayers, p = controller(s, c);
    key[0] = p < 0 ? n : (p - first + n) % n;
    key[1] = (int32_t)s->entered[c];
    key[2] = c;
}

/* Does key a come before key b? */
static inline RT_UNUSED bool bf_key_before(const int32_t *a, const int32_t *b)
{
    if (a[0] != b[0])
        return a[0] < b[0];
    if (a[1] != b[1])
        return (uint32_t)a[1] < (uint32_t)b[1];
    return a[2] < b[2];
}

/* The card in play next in the order of triggers after the one whose key
 * is in V (rank -1: from the start) that has `instead of` clauses for ev;
 * its key into V. -1 when there is none. */
static RT_UNUSED int bf_next_card(const State *s, const BfEvent *ev, int32_t *V)
{
    int best = -1, first = EV_FIRST_SEAT(s);
    int32_t bestkey[3] = {0}, key[3], *last = &BFV(V, BF_RANK);
    for (int j = 0; j < EV_NPLAY_SLOTS; j++) { /* the slots in play, in order */
        int slot = ev_play_slots[j];
        if (KMASKED && !(s->kmask[slot] & ev->imask))
            continue; /* no card there has a clause for ev */
        for (int i = 0; i < s->zsize[slot]; i++) {
            int c = s->zcard[slot][i], k = instance_card[c];
            if (ev->instead[k] == ev->instead[k + 1])
                continue;
            bf_key(s, c, first, key);
            if ((last[0] >= 0 && !bf_key_before(last, key)) ||
                (best >= 0 && !bf_key_before(key, bestkey)))
                continue;
            best = c;
            memcpy(bestkey, key, sizeof key);
        }
    }
    if (best >= 0)
        memcpy(last, bestkey, sizeof bestkey);
    return best;
}
#endif

/* What runs before the event of values V: ev, or before a card moving,
 * the entry whose window the rules word for that move (its zones are
 * fixed: the same entry all through the phase). */
static inline RT_UNUSED const BfEvent *bf_worded(const BfEvent *ev, const int32_t *V)
{
#if GAME_HAS_MOVE_WORDS
    int i = ev->event == BF_MOVE && !BF_SKIP(ev, V) ? game_bf_move_words(V) : -1;
    if (i >= 0)
        return game_bf_event(i);
#endif
    (void)V;
    return ev;
}

/* The values and the cancel a clause's proc left (s->bret, s->bcancel). */
static inline RT_UNUSED void bf_take(const State *s, const BfEvent *ev, int32_t *V)
{
    for (int i = 0; i < ev->nvals && !BF_FIXED(ev); i++)
        V[i] = s->bret[i];
    if (s->bcancel == BF_STOPPED)
        BFV(V, BF_STOPPED_ONE) = 1;
    else if (s->bcancel)
        BFV(V, BF_CANCEL) = 1;
}

/* The next `instead of` clause of the rules or of the cards in play whose
 * tests hold, from where V says; -1 when there is none left. *card and
 * *me: its card and that card's controller (-1 for the rules'). */
static RT_UNUSED int bf_next_instead(State *s, const BfEvent *ev, int32_t *V, int *card, int *me)
{
    *card = *me = -1;
    while (BFV(V, BF_PHASE) == BFP_RULES && !s->core.over) {
        if (BFV(V, BF_J) >= ev->nrules) {
            BFV(V, BF_PHASE) = BFP_CARDS;
            BFV(V, BF_J) = 0;
            BFV(V, BF_RANK) = -1;
            BFV(V, BF_CARD) = -1;
            break;
        }
        int h = ev->rules[BFV(V, BF_J)++];
        if (game_bf_match(s, h, V, -1, -1))
            return h;
    }
#if !GAME_HAS_CARD_TRIGGERS
    if (BFV(V, BF_PHASE) == BFP_CARDS) /* no card has clauses: none in play */
        BFV(V, BF_PHASE) = BFP_WINDOW;
#endif
    while (GAME_HAS_CARD_TRIGGERS && BFV(V, BF_PHASE) == BFP_CARDS && !s->core.over) {
#if GAME_HAS_CARD_TRIGGERS
        int c = BFV(V, BF_CARD);
        if (c < 0 || !slot_in_play[s->slot_of[c]] ||
            BFV(V, BF_J) >= ev->instead[instance_card[c] + 1] - ev->instead[instance_card[c]]) {
            /* that card is done (or left play): the next */
            BFV(V, BF_CARD) = bf_next_card(s, ev, V);
            BFV(V, BF_J) = 0;
            if (BFV(V, BF_CARD) < 0)
                BFV(V, BF_PHASE) = BFP_WINDOW;
            continue;
        }
        int h = ev->ilist[ev->instead[instance_card[c]] + BFV(V, BF_J)++];
        if (game_bf_match(s, h, V, c, controller(s, c))) {
            *card = c;
            *me = controller(s, c);
            return h;
        }
#endif
    }
    return -1;
}

#if GAME_HAS_WINDOWS
/* May seat p react with card c where it is: in a zone cards react from
 * (bf_react_slot, the rules' `reacts`), that p owns or whose cards p
 * controls? */
static inline RT_UNUSED bool bf_reacts_from(const State *s, int c, int p)
{
    int slot = s->slot_of[c];
    if (bf_react_slot[slot] == 1)
        return slot_owner[slot] == p;
    return bf_react_slot[slot] == 2 && controller(s, c) == p;
}

/* The first `react to` clause of card c's kind for ev whose tests hold
 * with me = p, if p may react with c and may play it; else -1. */
static RT_UNUSED int bf_react_clause(State *s, const BfEvent *ev, const int32_t *V, int c, int p)
{
    int k = instance_card[c];
    if (ev->react[k] == ev->react[k + 1] || !bf_reacts_from(s, c, p) || !play_ok(s, p, c))
        return -1;
    for (int j = ev->react[k]; j < ev->react[k + 1]; j++)
        if (game_bf_match(s, ev->rlist[j], V, c, p))
            return ev->rlist[j];
    return -1;
}

/* May some card answer ev's window, for all that every seat knows? Not
 * when every card of a kind with a `react to` clause for ev lies in a
 * public zone whose cards nobody reacts with (a discard pile): then the
 * window, which nobody could answer, does not open, and costs nothing.
 * A card in any other zone may be anywhere its seats do not see, so it
 * counts as able to answer. */
static RT_UNUSED bool bf_answerable(const State *s, const BfEvent *ev)
{
    for (int k = 0; k < NCARDS; k++) {
        if (ev->react[k] == ev->react[k + 1])
            continue;
        if (cards[k].count > BF_NHIDDEN) { /* the slots' counts: fewer steps */
            for (int i = 0; i < BF_NHIDDEN; i++)
                if (s->kcount[bf_hidden_list[i]][k])
                    return true;
            continue;
        }
        for (int c = cards[k].first; c < cards[k].first + cards[k].count; c++) {
            int slot = s->slot_of[c];
            if (bf_react_slot[slot] || zones[slot_zone[slot]].vis != RT_VIS_PUBLIC)
                return true;
        }
    }
    return false;
}

/* May a card of kind k be reacted with where it lies: is one in a slot
 * whose cards seat p (-1: any seat) may react with (bf_react_list, the
 * slots bf_react_slot names)? A card anywhere else makes bf_reacts_from
 * false, for every seat. The per-slot counts answer, in as many steps as
 * there are such slots, whatever the copies of k. */
static inline RT_UNUSED bool bf_kind_reachable(const State *s, int k, int p)
{
    for (int i = 0; i < BF_NREACT; i++) {
        int slot = bf_react_list[i];
        if (s->kcount[slot][k] && (p < 0 || bf_react_slot[slot] == 2 || slot_owner[slot] == p))
            return true;
    }
    return false;
}

/* Can no seat answer ev's window: no card of a kind with a `react to`
 * clause for ev lies where anyone may react with it (bf_kind_reachable)?
 * Then every seat's offer would be "Do not respond" alone. */
static RT_UNUSED bool bf_none_can_answer(const State *s, const BfEvent *ev)
{
    for (int k = 0; k < NCARDS; k++)
        if (ev->react[k] != ev->react[k + 1] && bf_kind_reachable(s, k, -1))
            return false;
    return true;
}

/* The window ev would open, which no seat can answer (bf_none_can_answer),
 * is done without asking: what asking every seat would leave, left at
 * once. That is: a window more counted (its id), each seat's decline
 * counted as the decision it would have been (win_decline_unasked; in
 * count[0] too, unless NULL), the steps and triggers since the last
 * decision reset, and the last seat's offer, "Do not respond" alone, as
 * the pending decision (bf_offer). Nothing else reads that window: its
 * answers are all declines, so none resolves, and it does not reopen.
 * false, doing nothing, where that cannot be told from asking: where
 * each offer is watched (the rules' invariants and the secrecy hook run
 * at each decision, an observer hears the window close), where the
 * question's words are worked out per seat (they may fault), and where
 * the declines would reach the decision bound. */
static RT_UNUSED bool bf_decline_all(State *s, const BfEvent *ev, uint64_t *count)
{
#if GAME_HAS_INVARIANTS || defined(RT_SECRECY_HOOK)
    (void)s, (void)ev, (void)count;
    return false;
#else
    RtCore *c = &s->core;
    int n = c->nplayers, first = EV_FIRST_SEAT(s), seats = n, last = -1;
    if (ev->words || rt_window_fn || s->nwin >= GAME_MAX_WINDOWS)
        return false;
#if GAME_HAS_OUT
    seats = players_in(s);
#endif
    if (seats == 0 || c->decisions + seats >= c->max_decisions)
        return false;
    if (first < 0 || first >= n)
        first = 0;
    for (int i = n - 1; i >= 0 && last < 0; i--) { /* the last seat asked (window_seats) */
        last = (first + i) % n;
#if GAME_HAS_OUT
        if (p_out(s, last))
            last = -1;
#endif
    }
    s->nwindows++;
    decision_in(s, last, ev->prompt);
    if (ev->nask)
        prompt_words(s, ev->nask, 0, 0, 0);
    if (ev->ndecline)
        add_words(s, ev->site, ev->decline, 0, 0, 0, 0);
    else
        add_text(s, ev->site, ev->decline >= 0 ? ev->decline : GAME_RESPOND_LABEL, 0);
    c->dec.chosen = (int16_t)(c->dec.noptions - 1);
    c->decisions += seats;
    s->steps = 0;
#if GAME_HAS_EVENTS
    s->tfired = 0;
#endif
    if (count)
        count[0] += (uint64_t)seats;
    return true;
#endif
}

/* Opens ev's window (false: none, or too deep); its values shown. No
 * window opens where no reaction can match, known from what every seat
 * sees: the kind of the event's card, in a public zone (wkinds), and where
 * the cards that could react lie (bf_answerable). One that no seat can
 * answer is done at once, none asked (bf_decline_all; count as there). */
static RT_UNUSED bool bf_open(State *s, const BfEvent *ev, const int32_t *V, uint64_t *count)
{
#if GAME_HAS_MOVE_BEFORE
    if (ev->event == BF_MOVE && !game_bf_move_window(V))
        return false; /* no reaction hears a move between these zones */
#endif
    if (ev->wkinds && V[0] >= 0 && V[0] < NINSTANCES && !ev->wkinds[instance_card[V[0]]] &&
        zones[slot_zone[s->slot_of[V[0]]]].vis == RT_VIS_PUBLIC)
        return false;
    if (!bf_answerable(s, ev))
        return false;
    if (ev->prompt >= 0 && bf_none_can_answer(s, ev) && bf_decline_all(s, ev, count))
        return false;
    if (ev->prompt < 0 || !win_open(s, RT_WINDOW_REACT, ev->event, ev_by(s), EV_FIRST_SEAT(s)))
        return false;
    for (int i = 0; i < ev->nvals; i++)
        win_arg(s, i, ev->argkind[i],
                ev->argkind[i] == RT_ARG_WORD ? value_word(ev->argword[i], V[i]) : V[i]);
    return true;
}

/* Is card c spoken for: being played (its play's context entered: its
 * window, or its play clause, still to come), or the answer of a window
 * still on the stack (to resolve, or resolving)? It stays in its zone
 * meanwhile, but offered again it would be played twice. */
static RT_UNUSED bool bf_spoken_for(const State *s, int c)
{
    for (int i = 0; i < s->nctx; i++)
        if (s->ctx[i].handler == EV_PLAY_CLAUSE && s->ctx[i].cause == c)
            return true;
    for (int j = 0; j < s->nwin; j++)
        for (int i = 0; i < s->win[j].nasked; i++)
            if (s->win[j].answer[i].kind == RT_OPT_CARD && s->win[j].answer[i].ids[0] == c)
                return true;
    return false;
}

/* The question to the seat the window asks now: each card it may react
 * with (one option per card name), then "Do not respond". A card spoken
 * for already (bf_spoken_for) is not offered. */
static RT_UNUSED void bf_offer(State *s, const BfEvent *ev, const int32_t *V)
{
    int p = win_seat(s);
    int32_t w[6] = {0};
    decision_in(s, p, ev->prompt);
    if (ev->words)
        ev->words(s, V, w);
    if (ev->nask)
        prompt_words(s, ev->nask, w[0], w[1], w[2]);
    for (int k = 0; k < NCARDS && !s->core.over; k++) {
        if (ev->react[k] == ev->react[k + 1])
            continue;
        /* no copy where p may react with it: the walk would offer none */
        if (cards[k].count > BF_NREACT && !bf_kind_reachable(s, k, p))
            continue;
        for (int c = cards[k].first; c < cards[k].first + cards[k].count; c++)
            if (!bf_spoken_for(s, c) && bf_react_clause(s, ev, V, c, p) >= 0) {
                add_card(s, ev->site, c);
                break;
            }
    }
    if (ev->ndecline)
        add_words(s, ev->site, ev->decline, 0, w[3], w[4], w[5]);
    else
        add_text(s, ev->site, ev->decline >= 0 ? ev->decline : GAME_RESPOND_LABEL, 0);
}

/* Is the seat the window asks now (its offer just made: bf_offer) asked?
 * Only when it has a legal answer besides declining: a card it may react
 * with. A seat not asked declines unasked (win_decline_unasked). This is
 * the one place that decides which seats a window asks. */
static inline RT_UNUSED bool bf_seat_asked(const State *s)
{
    return s->core.dec.noptions > 1;
}

/* The seats of the open window, from the one it asks now, that are not
 * asked decline (win_decline_unasked), until one is asked (true: its
 * question is the pending decision) or the window closes (false; also
 * when the game ended: the decision bound, a fault in an offer). Each
 * decline is counted in count[0] (coverage: the runtime's decisions)
 * unless count is NULL. */
static RT_UNUSED bool bf_ask_next(State *s, const BfEvent *ev, const int32_t *V,
                                  uint64_t *count)
{
    while (win_asking(s)) {
        bf_offer(s, ev, V);
        if (s->core.over)
            return false;
        if (bf_seat_asked(s))
            return true;
        if (count)
            count[0]++;
        if (!win_decline_unasked(s))
            return false;
        win_answer(s);
    }
    return false;
}

/* The next answer of the closed window to resolve, from BF_J on: a card
 * that can still react, and its clause (-1: none left). */
static RT_UNUSED int bf_next_answer(State *s, const BfEvent *ev, int32_t *V, int *card, int *me)
{
    while (BFV(V, BF_J) < win_seats(s) && !s->core.over) {
        int i = BFV(V, BF_J)++, c = win_card(s, i), p = win_player(s, i);
        if (c < 0)
            continue;
#if GAME_HAS_OUT
        if (p_out(s, p)) /* it went out after it answered */
            continue;
#endif
        int h = bf_react_clause(s, ev, V, c, p);
        if (h >= 0) {
            *card = c;
            *me = p;
            return h;
        }
    }
    return -1;
}
#endif

/* The window just resolved and popped: does it open again (the event
 * `reopens`, not cancelled, and a reaction's play was stopped)? If so,
 * the phase goes back to opening a window. */
static inline RT_UNUSED bool bf_reopen(const BfEvent *ev, int32_t *V)
{
    if (!ev->reopens || !BFV(V, BF_STOPPED_ONE) || BFV(V, BF_CANCEL))
        return false;
    BFV(V, BF_STOPPED_ONE) = 0;
    BFV(V, BF_PHASE) = BFP_WINDOW;
    return true;
}

/* The end of the before-phase: the values in s->bret, whether the event
 * is cancelled in s->ret. */
static inline RT_UNUSED void bf_finish(State *s, const BfEvent *ev, const int32_t *V)
{
    for (int i = 0; i < ev->nvals; i++)
        s->bret[i] = V[i];
    s->ret = BFV(V, BF_CANCEL);
}

#if GAME_HAS_WINDOWS
/* P_0_before's windows (bf_run), from where the phase in f says: opens
 * ev's window, asks its seats, resolves its answers, and does it again
 * while the window reopens (bf_reopen). R_WAIT (a seat is asked), R_CALL
 * (a reaction's proc pushed) or R_STOP, as bf_run returns them; R_RETURN
 * once the windows are over. */
static RT_UNUSED int bf_windows(State *s, Frame *f, const BfEvent *ev)
{
    int32_t *V = f->v;
    int card, me, h;
    do {
        if (BFV(V, BF_PHASE) == BFP_WINDOW)
            BFV(V, BF_PHASE) = bf_open(s, ev, V, NULL) ? BFP_ASK : BFP_DONE;
        if (BFV(V, BF_PHASE) == BFP_ASK && bf_ask_next(s, ev, V, NULL)) {
            f->pc = 2;
            return R_WAIT; /* asked, its cards and "Do not respond" */
        }
        if (s->core.over)
            return R_STOP;
        if (BFV(V, BF_PHASE) == BFP_ASK) {
            BFV(V, BF_PHASE) = BFP_RESOLVE;
            BFV(V, BF_J) = 0;
        }
        if (BFV(V, BF_PHASE) != BFP_RESOLVE)
            return R_RETURN;
        h = bf_next_answer(s, ev, V, &card, &me);
        if (h >= 0) {
            if (!game_bf_push(s, h, V, card, me))
                return R_STOP;
            f->pc = 1;
            return R_CALL;
        }
        win_pop(s);
    } while (bf_reopen(ev, V));
    return R_RETURN;
}
#endif

/* P_0_before: the before-phase, resumable. pc 1: a clause's proc
 * returned; pc 2: a seat answered the window. */
static RT_UNUSED int bf_run(State *s, Frame *f)
{
    int32_t *V = f->v;
    const BfEvent *ev = bf_worded(game_bf_event(BFV(V, BF_EV)), V);
    int card, me, h;
    if (f->pc == 1) {
        ev_leave(s);
        bf_take(s, ev, V);
    }
#if GAME_HAS_WINDOWS
    if (f->pc == 2)
        win_answer(s);
    if (BFV(V, BF_CANCEL) && BFV(V, BF_PHASE) == BFP_RESOLVE)
        win_pop(s);
#endif
    if (s->core.over)
        return R_STOP;
    if (BFV(V, BF_CANCEL))
        BFV(V, BF_PHASE) = BFP_DONE;
    if (f->pc == 0)
        BFV(V, BF_RANK) = -1;
    if (f->pc == 0 && BF_SKIP(ev, V))
        BFV(V, BF_PHASE) = BFP_DONE;
    h = bf_next_instead(s, ev, V, &card, &me);
    if (h >= 0) {
        if (!game_bf_push(s, h, V, card, me))
            return R_STOP;
        f->pc = 1;
        return R_CALL;
    }
#if GAME_HAS_WINDOWS
    int r = bf_windows(s, f, ev);
    if (r != R_RETURN)
        return r;
#endif
    if (s->core.over)
        return R_STOP;
    bf_finish(s, ev, V);
    return R_RETURN;
}

/* The before-phase of event ev (game_bf_event) in the direct copy, with
 * values vals (changed in place); true if the event is cancelled. It
 * counts as a frame, as P_0_before does. */
static RT_UNUSED bool bf_drun(State *s, const Direct *d, int evi, int32_t *vals)
{
    if (s->depth >= MAXDEPTH) {
        fault(s, F_DEPTH, game_bf_event(evi)->site, 0);
        return false;
    }
    s->depth++;
    const BfEvent *ev = game_bf_event(evi);
    int32_t V[NLOCALS] = {0};
    int card, me, h;
    memcpy(V, vals, sizeof(int32_t) * (size_t)ev->nvals);
    ev = bf_worded(ev, V);
    if (BF_SKIP(ev, V))
        BFV(V, BF_PHASE) = BFP_DONE;
    BFV(V, BF_RANK) = -1;
    while (!s->core.over && !BFV(V, BF_CANCEL) &&
           (h = bf_next_instead(s, ev, V, &card, &me)) >= 0) {
        game_bf_dcall(s, d, h, V, card, me);
        bf_take(s, ev, V);
    }
#if GAME_HAS_WINDOWS
    while (!s->core.over && !BFV(V, BF_CANCEL) && BFV(V, BF_PHASE) == BFP_WINDOW &&
           bf_open(s, ev, V, d->count)) {
        while (bf_ask_next(s, ev, V, d->count)) {
            if (!decide_always(s, ev->site, d))
                break;
            win_answer(s);
        }
        if (s->core.over) {
            s->depth--;
            return false;
        }
        BFV(V, BF_J) = 0;
        while (!s->core.over && !BFV(V, BF_CANCEL) &&
               (h = bf_next_answer(s, ev, V, &card, &me)) >= 0) {
            game_bf_dcall(s, d, h, V, card, me);
            bf_take(s, ev, V);
        }
        win_pop(s);
        if (!bf_reopen(ev, V))
            break;
    }
#endif
    memcpy(vals, V, sizeof(int32_t) * (size_t)ev->nvals);
    s->depth--;
    return BFV(V, BF_CANCEL) != 0;
}

#if GAME_HAS_MOVE_BEFORE
/* Before the cards pick[0..n) of a `move all` or a `choose cards ... into`
 * move to slot `to`: each card's clauses before a card moving (event
 * evi), bottom to top, all before any card moves. There nothing can wait:
 * cardc allows only `instead of` clauses that cannot (no decision, no
 * move, no event: bf_drun runs them with no chooser), and no reaction
 * hears such a move (no window opens). The cards whose move is cancelled
 * are taken out of pick[] (and of froms[], the slots they leave, if not
 * NULL); returns how many are left. */
static RT_UNUSED int bf_bulk(State *s, int evi, uint16_t *pick, int n, int to, int32_t *froms)
{
    /* its clauses cannot wait: nothing is asked, nothing counted (coverage) */
    static const Direct no_chooser = {NULL, NULL, NULL};
    int m = 0;
    for (int i = 0; i < n && !s->core.over; i++) {
        int32_t v[NEVARGS] = {0};
        v[0] = pick[i];
        v[1] = s->slot_of[pick[i]];
        v[2] = to;
        if (bf_drun(s, &no_chooser, evi, v))
            continue;
        if (froms)
            froms[m] = froms[i];
        pick[m++] = pick[i];
    }
    return m;
}

/* The cards pick[0..n) of a `move all` from one slot, put back in the
 * slot's order from the bottom (move_picked wants them so), after its
 * clauses before a card moving ran (bf_bulk): one of them may have sorted
 * or shuffled that slot. Already in order, it costs one pass. */
static RT_UNUSED void bf_bulk_reorder(State *s, uint16_t *pick, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t c = pick[i];
        int j = i;
        for (; j > 0 && s->pos_of[pick[j - 1]] > s->pos_of[c]; j--)
            pick[j] = pick[j - 1];
        pick[j] = c;
    }
}
#endif
#endif

/* ---- time: turns, rounds, phases; lasting and delayed effects ---- */

#if GAME_HAS_TIME
/* Unit `unit` of time starts: counted. (Its 'until' rows that end at its
 * start end first, before anything of the new unit happens: lasting_expire.) */
static inline RT_UNUSED void time_start(State *s, int unit)
{
    s->tstarts[unit]++;
}

/* Unit `unit` of time ends: counted. */
static inline RT_UNUSED void time_end(State *s, int unit)
{
    s->tends[unit]++;
}
#endif

#if GAME_HAS_LASTING
/* The count of starts (edge 0) or ends (edge 1) of unit at which a row
 * written now ends or runs: for the end of this unit, the end of the one
 * in progress (or of the next to come, between two); for the end of the
 * next unit, one more. The start of this unit is the next start (the
 * start of the one in progress has passed); the start of the next unit,
 * between two, the start after the coming one. */
static inline RT_UNUSED int32_t time_target(const State *s, int unit, int edge, int next)
{
    int32_t started = s->tstarts[unit], ended = s->tends[unit];
    if (edge)
        return ended + 1 + next;
    return started + 1 + (next && started == ended);
}

/* A new row of kind `kind` that ends or runs at the boundary given by
 * unit, edge and next (time_target), its values to be filled; NULL and a
 * fault at site when the table is full. */
static inline RT_UNUSED Lasting *lasting_add(State *s, int site, int kind, int unit, int edge,
                                             int next)
{
    memo_write(s);
    if (s->nlasting >= NLASTING) {
        fault(s, F_LASTING_FULL, site, 0);
        return NULL;
    }
    Lasting *r = &s->lasting[s->nlasting++];
    memset(r, 0, sizeof *r);
    r->kind = (int16_t)kind;
    r->unit = (int8_t)unit;
    r->edge = (int8_t)edge;
    r->when = time_target(s, unit, edge, next);
    return r;
}

/* Is row r at the boundary just counted (edge of unit)? */
static inline RT_UNUSED bool lasting_now(const State *s, const Lasting *r, int unit, int edge)
{
    return r->unit == unit && r->edge == edge &&
           r->when <= (edge ? s->tends[unit] : s->tstarts[unit]);
}

/* The oldest row of an 'at' that runs at this boundary, or -1. */
static inline RT_UNUSED int lasting_due(const State *s, int unit, int edge)
{
    for (int i = 0; i < s->nlasting; i++)
        if (lasting_proc[s->lasting[i].kind] >= 0 && lasting_now(s, &s->lasting[i], unit, edge))
            return i;
    return -1;
}

/* Takes row i out of the table (the rows after it keep their order) and
 * puts the values it keeps into the frame slots of its 'at' block, v[];
 * returns the proc of that block. */
static inline RT_UNUSED int lasting_take(State *s, int i, int32_t *v)
{
    Lasting r = s->lasting[i];
    memo_write(s);
    memmove(&s->lasting[i], &s->lasting[i + 1], sizeof r * (size_t)(s->nlasting - i - 1));
    s->nlasting--;
    for (int k = 0; k < lasting_ncap[r.kind]; k++)
        v[lasting_slot[r.kind][k]] = r.cap[k];
    return lasting_proc[r.kind];
}

/* The rows of 'until' that end at this boundary, out of the table; a
 * boundary where none ends leaves the table, and so the memo's answers,
 * as they were (no memo_write). */
static inline RT_UNUSED void lasting_expire(State *s, int unit, int edge)
{
    int n = 0;
    for (int i = 0; i < s->nlasting; i++)
        if (lasting_proc[s->lasting[i].kind] >= 0 || !lasting_now(s, &s->lasting[i], unit, edge))
            s->lasting[n++] = s->lasting[i];
    if (n != s->nlasting)
        memo_write(s);
    s->nlasting = n;
}
#endif

#if GAME_HAS_TIME
/* The time of the state holds together: the active player is a seat or
 * none, no unit has ended more often than it started, and every row is of
 * a known kind, unit and edge. */
static RT_UNUSED bool time_check(const State *s, char *why, size_t n)
{
    if (s->active < -1 || s->active >= s->core.nplayers) {
        snprintf(why, n, "active player %d out of range", s->active);
        return false;
    }
    for (int u = 0; u < NUNITS; u++)
        if (s->tends[u] < 0 || s->tends[u] > s->tstarts[u]) {
            snprintf(why, n, "unit %d of time ended %d times, started %d", u, s->tends[u],
                     s->tstarts[u]);
            return false;
        }
#if GAME_HAS_LASTING
    if (s->nlasting < 0 || s->nlasting > NLASTING) {
        snprintf(why, n, "%d rows of lasting effects, at most %d", s->nlasting, NLASTING);
        return false;
    }
    for (int i = 0; i < s->nlasting; i++) {
        const Lasting *r = &s->lasting[i];
        if (r->kind < 0 || r->kind >= NLKINDS || r->unit < 0 || r->unit >= NUNITS ||
            (r->edge != 0 && r->edge != 1)) {
            snprintf(why, n, "row %d of lasting effects: kind %d, unit %d, edge %d", i, r->kind,
                     r->unit, r->edge);
            return false;
        }
    }
#endif
    return true;
}
#endif

/* ---- what the game defines, after the rules ---- */

/* Runs the proc of frame f from where it stopped until it returns, calls
 * a proc, waits for a decision or stops (R_*): a switch over the procs. */
static inline int game_step(State *s, Frame *f);
/* Player p's score: the rules' score func, 0 for a game without one. */
static inline int32_t game_score(State *s, int p);
#if GAME_HAS_TIEBREAK
/* Player p's tie-break: the rules' tiebreak func (a game without one
 * sets GAME_HAS_TIEBREAK to 0, and every tie-break is 0). */
static inline int32_t game_tiebreak(State *s, int p);
#endif
/* Gives the rules' variables their initial values. */
static inline void game_vars_init(State *s);
/* proc main, called directly (direct play). */
static int32_t dproc_main(State *s, const Direct *d);

/* ---- the run loop and the table's entry points ---- */

/* A game whose rules say `winners: lowest score` (or `lowest tiebreak`)
 * defines GAME_SCORE_LOWEST (GAME_TIEBREAK_LOWEST) 1: the lowest ranks
 * first. */
#ifndef GAME_SCORE_LOWEST
#define GAME_SCORE_LOWEST 0
#endif
#ifndef GAME_TIEBREAK_LOWEST
#define GAME_TIEBREAK_LOWEST 0
#endif

/* A game that calls defeat(p) defines GAME_HAS_DEFEAT 1 and the words
 * t_defeated[MAXP] among GAME_STATE_VARS: a defeated player is never
 * among the winners, whatever its score. */
#ifndef GAME_HAS_DEFEAT
#define GAME_HAS_DEFEAT 0
#endif
#if GAME_HAS_DEFEAT
#define DEFEATED(s, p) ((s)->t_defeated[p])
#else
#define DEFEATED(s, p) 0
#endif

/* RtGame.score_now: player p's score in st now, for the balance lab's
 * lead changes (cli's simulate runs it on a copy of the state: a func
 * counts its steps and may fault), negated in a game whose lowest score
 * wins, so that higher is always better. */
static RT_UNUSED int32_t game_score_now(void *st, int p)
{
    int32_t v = game_score((State *)st, p);
    return GAME_SCORE_LOWEST ? (v == INT32_MIN ? INT32_MAX : -v) : v;
}

/* Does score a with tie-break ta rank above score b with tie-break tb? */
static inline RT_UNUSED int ranks_above(int32_t a, int32_t ta, int32_t b, int32_t tb)
{
    if (a != b)
        return GAME_SCORE_LOWEST ? a < b : a > b;
    return GAME_TIEBREAK_LOWEST ? ta < tb : ta > tb;
}

/* Can seat p win? Not when defeated (defeat(p)), nor out of the game
 * (eliminate(p)). */
static inline bool may_win(const State *s, int p)
{
#if GAME_HAS_OUT
    if (p_out(s, p))
        return false;
#endif
    (void)s;
    (void)p;
    return !DEFEATED(s, p);
}

/* The end: scores, then the winners (best score, then best tie-break,
 * among the players who may win: not defeated, not out; players still
 * tied share the win; no winner when none may win). */
static RT_UNUSED void finish(State *s, int draw)
{
#if GAME_HAS_INVARIANTS
    if (!s->core.over) {
        game_invariants(s);
        if (s->core.over)
            return;
    }
#endif
    int n = s->core.nplayers;
    int32_t tb[RT_MAX_PLAYERS] = {0};
    for (int p = 0; p < n; p++) {
        s->core.score[p] = game_score(s, p);
#if GAME_HAS_TIEBREAK
        tb[p] = game_tiebreak(s, p);
#endif
    }
    if (s->core.over)
        return;
    if (draw) {
        s->core.over = RT_DRAW;
        return;
    }
    int best = -1;
    for (int p = 0; p < n; p++)
        if (may_win(s, p) &&
            (best < 0 || ranks_above(s->core.score[p], tb[p], s->core.score[best], tb[best])))
            best = p;
    for (int p = 0; p < n; p++)
        s->core.winner[p] = best >= 0 && may_win(s, p) &&
                            s->core.score[p] == s->core.score[best] && tb[p] == tb[best];
    s->core.over = RT_ENDED;
}

/* Runs the top frame until the game waits for a decision or ends. */
static RT_UNUSED void run(State *s)
{
    while (!s->core.over) {
        if (s->depth == 0) {
            finish(s, 0);
            return;
        }
        Frame *f = &s->fr[s->depth - 1];
        int r = game_step(s, f);
        if (r == R_WAIT)
            return;
        if (r == R_RETURN)
            s->depth--;
    }
}

/* zero_to: zeroes the state's bytes from *at up to `from`, then skips
 * `len` bytes that need no zero (game_zero); *at moves past them. */
static inline void zero_to(State *s, size_t *at, size_t from, size_t len)
{
    memset((char *)s + *at, 0, from - *at);
    *at = from + len;
}

/* RtGame.zero: the state zeroed for every rule, as a memset of the whole
 * would leave it, but for the bytes no rule reads before it writes them,
 * each kept below a count the zeroing sets to 0: the options past the
 * decision's (below noptions), the cards past each slot's size (zcard,
 * below zsize; the set-up writes the first slot's), the free entries of
 * the trigger queue (tq, between tq_head and tq_len: each written whole
 * when it is queued), the frames past depth (push zeroes each), the
 * windows past nwin (win_open zeroes each) and the lasting rows past
 * nlasting (lasting_add zeroes each). These are the rooms a game
 * declares (`limit triggers`, `limit reactions`, `limit lasting`, the
 * cards times the slots); what is left to zero is what a game uses. The
 * invariants and the views read the same counts (game_copy copies the
 * same way). */
static RT_UNUSED void game_zero(void *st)
{
    State *s = st;
    size_t at = 0;
    zero_to(s, &at, offsetof(State, core.dec.opt), sizeof s->core.dec.opt);
    zero_to(s, &at, offsetof(State, zcard), sizeof s->zcard);
#if GAME_HAS_EVENTS
    zero_to(s, &at, offsetof(State, tq), sizeof s->tq);
#endif
    zero_to(s, &at, offsetof(State, fr), sizeof s->fr);
#if GAME_HAS_WINDOWS
    zero_to(s, &at, offsetof(State, win), sizeof s->win);
#endif
#if GAME_HAS_LASTING
    zero_to(s, &at, offsetof(State, lasting), sizeof s->lasting);
#endif
    memset((char *)s + at, 0, sizeof(State) - at);
}

/* z[i] = i for every card, four at a time on a little-endian machine (a
 * word of four ids, each 4 more at the next). */
static inline RT_UNUSED void ids_in_order(uint16_t *z)
{
    int i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t four = 0x0003000200010000u;
    for (; i + 4 <= NINSTANCES; i += 4, four += 0x0004000400040004u)
        memcpy(z + i, &four, sizeof four);
#endif
    for (; i < NINSTANCES; i++)
        z[i] = (uint16_t)i;
}

/* Sets a zeroed state up (rt_new and rt_play_direct zero it: kcount and
 * kmask start at 0). */
static RT_UNUSED void game_setup(State *s, uint64_t seed, int nplayers)
{
    rt_seed(&s->core.rng, seed);
    s->core.nplayers = nplayers;
    s->core.max_decisions = GAME_MAX_DECISIONS;
#if GAME_HAS_TIME
    s->active = -1; /* nobody's turn yet */
#endif
    /* every card starts in the first zone declared, in cards.yaml order
     * (what derive() would make of it, written directly) */
    memo_write(s);
    ids_in_order(s->zcard[0]);
    memcpy(s->pos_of, s->zcard[0], sizeof s->pos_of); /* card i at position i */
    memset(s->slot_of, 0, sizeof s->slot_of);
    s->zsize[0] = NINSTANCES;
    memset(s->khead, 0xff, sizeof s->khead);
    for (int k = 0; k < NCARDS; k++) {
        s->kcount[0][k] = (uint16_t)cards[k].count;
        if (!GAME_HAS_BLANK || cards[k].count) /* no copy: a card blanked */
            s->kmask[0] |= KBIT(k);
#if GAME_HAS_HOLDERS
        if (slot_heldz[0] >= 0) {
            s->hzsize[slot_heldz[0]] += (uint16_t)cards[k].count;
            s->hkcount[slot_heldz[0]][k] = (uint16_t)cards[k].count;
        }
#endif
        if (!slot_ordered[0])
            for (int c = cards[k].first; c < cards[k].first + cards[k].count; c++)
                klink(s, c, 0, k);
    }
    game_vars_init(s);
}

/* RtGame.init: sets the state up and runs proc main to the first
 * decision or the end, under the decision bound set before the call, if
 * any (rt_new_bounded). */
static RT_UNUSED void game_init(void *st, uint64_t seed, int nplayers)
{
    State *s = st;
    int64_t bound = s->core.max_decisions;
    game_setup(s, seed, nplayers);
    if (bound > 0)
        s->core.max_decisions = bound;
    push(s, 0, P_main); /* the first frame: no fault */
    run(s);
}

/* RtGame.play_direct: a whole game through the direct-call procs, every
 * decision answered by fn (decide_direct). */
/* The counters of the game game_play_covered plays, for what has no
 * Direct to count through (the modifiers of funcs, evaluated wherever a
 * func is); NULL at any other time. A thread plays one game at a time
 * (simulate --jobs plays several on threads of their own). */
static _Thread_local uint64_t *cov_counting; /* per thread: simulate --jobs */

static RT_UNUSED void play_direct_counting(void *st, uint64_t seed, int nplayers,
                                           RtChooser fn, void *ctx, uint64_t *count)
{
    State *s = st;
    int64_t bound = s->core.max_decisions;
    game_setup(s, seed, nplayers);
    if (bound > 0)
        s->core.max_decisions = bound;
    Direct d = {fn, ctx, count};
    cov_counting = count;
    dproc_main(s, &d);
    if (!s->core.over)
        finish(s, 0);
    cov_counting = NULL;
}

static RT_UNUSED void game_play_direct(void *st, uint64_t seed, int nplayers, RtChooser fn,
                                       void *ctx)
{
    play_direct_counting(st, seed, nplayers, fn, ctx, NULL);
}

/* RtGame.play_covered: the same game, the random policy asked through
 * d->fn so that every decision is counted (decide_site). */
static RT_UNUSED void game_play_covered(void *st, uint64_t seed, int nplayers, void *ctx,
                                        uint64_t *count)
{
    play_direct_counting(st, seed, nplayers, rt_random_choice, ctx, count);
}

/* RtGame.resume: runs on after core.dec.chosen was set. */
static RT_UNUSED void game_resume(void *st)
{
    State *s = st;
    s->steps = 0;
#if GAME_HAS_EVENTS
    s->tfired = 0;
#endif
    run(s);
}

/* Rebuilds what the state derives from the zones, after cards were moved
 * by hand. */
static RT_UNUSED void game_sync(void *st)
{
    derive(st);
}

/* copy_span: the bytes [from, to) of the state src into dst. */
static inline void copy_span(State *d, const State *s, size_t from, size_t to)
{
    memcpy((char *)d + from, (const char *)s + from, to - from);
}

/* copy_to: copies the bytes from *at up to from, and moves *at past the
 * len bytes at from, of which the caller copies the rows in use (as
 * zero_to leaves them out of the zeroing). */
static inline void copy_to(State *d, const State *s, size_t *at, size_t from, size_t len)
{
    copy_span(d, s, *at, from);
    *at = from + len;
}

/* rows_used: n clamped to [0, cap], the rows of a table of cap in use
 * (a count read from a state the checks have not vouched for). */
static inline size_t rows_used(int n, int cap)
{
    return (size_t)(n < 0 ? 0 : n > cap ? cap : n);
}

/* RtGame.copy: dst becomes src for every rule, as a memcpy of the whole
 * state would make it, but without the bytes no rule reads, those that
 * game_zero leaves out: the options past the decision's, the cards of
 * each slot past its size, the free entries of the trigger queue, the
 * frames past depth, the windows past nwin and the lasting rows past
 * nlasting (of School Control's 57 KB, 47 are left out at a decision
 * with few options). The invariants copy the state for every option they
 * try, and the views for every shown func. */
static RT_UNUSED void game_copy(void *dst, const void *src)
{
    State *d = dst;
    const State *s = src;
    size_t at = 0;
    copy_to(d, s, &at, offsetof(State, core.dec.opt), sizeof s->core.dec.opt);
    memcpy(d->core.dec.opt, s->core.dec.opt,
           rows_used(s->core.dec.noptions, RT_MAX_OPTIONS) * sizeof(RtOption));
    copy_to(d, s, &at, offsetof(State, zcard), sizeof s->zcard);
    for (int slot = 0; slot < NSLOTS; slot++)
        memcpy(d->zcard[slot], s->zcard[slot],
               rows_used(s->zsize[slot], NINSTANCES) * sizeof s->zcard[0][0]);
#if GAME_HAS_EVENTS
    copy_to(d, s, &at, offsetof(State, tq), sizeof s->tq);
    int head = s->tq_head, len = s->tq_len;
    if (head >= 0 && head < GAME_MAX_TRIGGERS && len > 0 && len <= GAME_MAX_TRIGGERS) {
        int first = len < GAME_MAX_TRIGGERS - head ? len : GAME_MAX_TRIGGERS - head;
        memcpy(&d->tq[head], &s->tq[head], (size_t)first * sizeof(Trigger));
        memcpy(d->tq, s->tq, (size_t)(len - first) * sizeof(Trigger)); /* wrapped round */
    }
#endif
    copy_to(d, s, &at, offsetof(State, fr), sizeof s->fr);
    memcpy(d->fr, s->fr, rows_used(s->depth, MAXDEPTH) * sizeof(Frame));
#if GAME_HAS_WINDOWS
    copy_to(d, s, &at, offsetof(State, win), sizeof s->win);
    memcpy(d->win, s->win, rows_used(s->nwin, GAME_MAX_WINDOWS) * sizeof(RtWindow));
#endif
#if GAME_HAS_LASTING
    copy_to(d, s, &at, offsetof(State, lasting), sizeof s->lasting);
    memcpy(d->lasting, s->lasting, rows_used(s->nlasting, NLASTING) * sizeof(Lasting));
#endif
    copy_span(d, s, at, sizeof(State));
}

/* count_check: the cards of one slot, counted by kind into count: their
 * positions (pos_of), then the counts and the mask of kinds the state
 * keeps. Returns false, with why, at the first that disagrees. Runs after
 * every decision of the invariants: the counts are compared in one memcmp,
 * and only a difference is looked for kind by kind. */
static RT_UNUSED bool count_check(const State *s, int slot, uint16_t *count, char *why,
                                  size_t n)
{
    uint64_t mask = 0;
    memset(count, 0, NCARDS * sizeof count[0]);
    for (int i = 0; i < s->zsize[slot]; i++) {
        int c = s->zcard[slot][i];
        count[instance_card[c]]++;
        mask |= KBIT(instance_card[c]);
        if (s->pos_of[c] != i) {
            snprintf(why, n, "slot %d: card %d at position %d, pos_of says %d", slot, c, i,
                     s->pos_of[c]);
            return false;
        }
    }
    if (!memcmp(count, s->kcount[slot], NCARDS * sizeof count[0]) &&
        (!KMASKED || mask == s->kmask[slot]))
        return true;
    int k = 0;
    while (k < NCARDS && count[k] == s->kcount[slot][k] &&
           (!KMASKED || (count[k] > 0) == ((s->kmask[slot] & KBIT(k)) != 0)))
        k++;
    if (k == NCARDS) /* the counts agree: the mask has a bit past the kinds */
        snprintf(why, n, "slot %d: the mask of kinds holds no kind of the game", slot);
    else
        snprintf(why, n, "slot %d: %d cards of kind %d, counted %d", slot, count[k], k,
                 s->kcount[slot][k]);
    return false;
}

/* list_walk: the list of kind k in slot holds its count[k] cards of kind
 * k, and no other. */
static RT_UNUSED bool list_walk(const State *s, int slot, int k, const uint16_t *count,
                                char *why, size_t n)
{
    int len = 0;
    for (int c = s->khead[slot][k]; c != KNONE; c = s->knext[c]) {
        if (c >= NINSTANCES || len >= count[k] || s->slot_of[c] != slot ||
            instance_card[c] != k) {
            snprintf(why, n, "slot %d: the list of kind %d is broken at card %d", slot, k, c);
            return false;
        }
        len++;
    }
    if (len != count[k]) {
        snprintf(why, n, "slot %d: the list of kind %d has %d cards of %d", slot, k, len,
                 count[k]);
        return false;
    }
    return true;
}

/* list_check: in an unordered slot, the list of each kind holds the
 * count[k] cards of kind k of the slot, and a kind absent has no list.
 * With a mask of kinds (KMASKED), only the lists of the kinds present are
 * walked, and the heads of the others are compared at once with a row of
 * KNONE; else every kind is walked. */
static RT_UNUSED bool list_check(const State *s, int slot, const uint16_t *count, char *why,
                                 size_t n)
{
    if (!KMASKED) {
        for (int k = 0; k < NCARDS; k++)
            if (!list_walk(s, slot, k, count, why, n))
                return false;
        return true;
    }
    uint16_t heads[NCARDS], none[NCARDS];
    memcpy(heads, s->khead[slot], sizeof heads);
    memset(none, 0xff, sizeof none); /* KNONE */
    for (uint64_t b = s->kmask[slot]; b; b &= b - 1) {
        int k = __builtin_ctzll(b);
        if (!list_walk(s, slot, k, count, why, n))
            return false;
        heads[k] = KNONE;
    }
    if (memcmp(heads, none, sizeof heads)) /* an absent kind has a list: name it */
        for (int k = 0; k < NCARDS; k++)
            if (!list_walk(s, slot, k, count, why, n))
                return false;
    return true;
}

/* list_agrees: the list of kind k of slot, whose head is row[k], holds
 * its count[k] cards of kind k and no other; crosses it out of row (sets
 * row[k] to KNONE). */
static inline RT_UNUSED bool list_agrees(const State *s, int slot, int k,
                                         const uint16_t *count, uint16_t *row)
{
    int len = 0;
    for (int c = row[k]; c != KNONE; c = s->knext[c], len++)
        if (c >= NINSTANCES || len >= count[k] || s->slot_of[c] != slot ||
            instance_card[c] != k)
            return false;
    row[k] = KNONE;
    return len == count[k];
}

/* lists_agree: list_agrees for the kinds list_check walks in an unordered
 * slot (those of its mask with KMASKED, else every kind). */
static inline RT_UNUSED bool lists_agree(const State *s, int slot, const uint16_t *count,
                                         uint16_t *row)
{
    if (!KMASKED) {
        for (int k = 0; k < NCARDS; k++)
            if (!list_agrees(s, slot, k, count, row))
                return false;
        return true;
    }
    for (uint64_t b = s->kmask[slot]; b; b &= b - 1)
        if (!list_agrees(s, slot, __builtin_ctzll(b), count, row))
            return false;
    return true;
}

/* What count_check and list_check check of every slot, and what
 * rt_check_state checks of the zones (sizes and cards in range, slot_of;
 * a card where slot_of and pos_of say lies nowhere else, so NINSTANCES
 * cards placed are every card once), in a few passes over the whole
 * state, without naming what disagrees: true when all agrees, false when
 * something does not (or the state is too large for the tables here),
 * for the slot-by-slot checks to find and name it. The invariants run
 * this after every decision: one memset and one memcmp for the counts
 * and heads of all slots cost less than one each a slot. */
enum { KFAST_CELLS = NSLOTS * NCARDS <= 8192 ? NSLOTS * NCARDS : 1 };
static RT_UNUSED bool kinds_agree(const State *s)
{
    uint16_t count[KFAST_CELLS], heads[KFAST_CELLS];
    if (NSLOTS * NCARDS > KFAST_CELLS)
        return false;
    memset(count, 0, sizeof count);
    memcpy(heads, s->khead, sizeof heads);
    int placed = 0;
    for (int slot = 0; slot < NSLOTS; slot++) {
        uint16_t *cnt = &count[slot * NCARDS], *row = &heads[slot * NCARDS];
        uint64_t mask = 0;
        int size = s->zsize[slot];
        if (size > NINSTANCES)
            return false;
        placed += size;
        for (int i = 0; i < size; i++) {
            int c = s->zcard[slot][i];
            if (c >= NINSTANCES || s->slot_of[c] != slot || s->pos_of[c] != i)
                return false;
            cnt[instance_card[c]]++;
            mask |= KBIT(instance_card[c]);
        }
        if (KMASKED && mask != s->kmask[slot])
            return false;
        if (slot_ordered[slot]) /* keeps no lists, and list_check reads none */
            memset(row, 0xff, NCARDS * sizeof row[0]);
        else if (!lists_agree(s, slot, cnt, row))
            return false;
    }
    if (placed != NINSTANCES || memcmp(count, s->kcount, sizeof count))
        return false;
    /* every list walked is crossed out: an absent kind with a list is left */
    static uint16_t none[KFAST_CELLS]; /* KNONE, filled once */
    if (none[0] != KNONE)
        memset(none, 0xff, sizeof none);
    return !memcmp(heads, none, sizeof heads);
}

/* The counts and lists of each kind agree with the zones. */
#if GAME_HAS_HOLDERS
/* The counts of each held zone as a whole (hzsize, hkcount) are the sums
 * of its slots' (zsize, kcount): counted here from the cards its slots
 * hold, whose counts by slot (kcount) game_check checks next. false, with
 * why, at the first that is not. */
static RT_UNUSED bool held_counts_check(const State *s, char *why, size_t n)
{
    uint32_t size[NHELDZ] = {0};
    uint16_t count[NHELDZ][NCARDS]; /* as hkcount: compared in one memcmp */
    memset(count, 0, sizeof count);
    for (int slot = 0; slot < NSLOTS; slot++) {
        int h = slot_heldz[slot];
        if (h < 0)
            continue;
        size[h] += s->zsize[slot];
        for (int i = 0; i < s->zsize[slot]; i++)
            count[h][instance_card[s->zcard[slot][i]]]++;
    }
    for (int h = 0; h < NHELDZ; h++) {
        if (size[h] == s->hzsize[h] && !memcmp(count[h], s->hkcount[h], sizeof count[h]))
            continue;
        int k = 0; /* the first kind that disagrees, or kind 0 for the size */
        while (size[h] == s->hzsize[h] && count[h][k] == s->hkcount[h][k])
            k++;
        snprintf(why, n, "held zone %d: %u cards, %u of card %d; its counts say %u, %u", h,
                 (unsigned)size[h], (unsigned)count[h][k], k, (unsigned)s->hzsize[h],
                 (unsigned)s->hkcount[h][k]);
        return false;
    }
    return true;
}
#endif

/* What game_check checks besides the kinds: the held zones' counts,
 * windows, simultaneous choices, time, the players out. */
static RT_UNUSED bool others_check(const State *s, char *why, size_t n)
{
#if GAME_HAS_HOLDERS
    if (!held_counts_check(s, why, n))
        return false;
#endif
#if GAME_HAS_WINDOWS
    if (!windows_check(s, why, n))
        return false;
#endif
#if GAME_HAS_SIMUL
    if (!simul_check(s, why, n))
        return false;
#endif
#if GAME_HAS_TIME
    if (!time_check(s, why, n))
        return false;
#endif
#if GAME_HAS_OUT
    if (!out_check(s, why, n))
        return false;
#endif
    (void)s;
    (void)why;
    (void)n;
    return true;
}

static RT_UNUSED bool game_check(const void *st, char *why, size_t n)
{
    const State *s = st;
    if (!others_check(s, why, n))
        return false;
    if (kinds_agree(s))
        return true;
    uint16_t count[NCARDS];
    for (int slot = 0; slot < NSLOTS; slot++) {
        if (!count_check(s, slot, count, why, n))
            return false;
        if (!slot_ordered[slot] && !list_check(s, slot, count, why, n))
            return false;
    }
    return true;
}

/* RtGame.agree: the zones hold every card once where slot_of says, and
 * game_check holds, in one pass over the cards (kinds_agree, first: the
 * other checks read the zones), naming nothing. */
static RT_UNUSED bool game_agree(const void *st)
{
    char why[8];
    return kinds_agree(st) && others_check(st, why, sizeof why);
}

/* ---- a search agent's deal: the sealed answers asked again ---- */

/* game_repoint_locals (generated): a card local of a frame that waits,
 * holding card *v, made to hold the card a deal put where *v lay (to[]:
 * RtGame.repoint_locals; none: -1, left as it is). */
static RT_UNUSED void ai_repoint_card(const int *to, int32_t *v)
{
    if (*v >= 0 && *v < NINSTANCES)
        *v = to[*v];
}

#if GAME_HAS_SIMUL
/* In st, a deal for seat p (its cards dealt already), where the
 * simultaneous choice asks p after other seats answered: their answers
 * are sealed, and the rules' code keeps each in a local of the frame. The
 * choice is run again from the resume point before it (restart(proc, pc),
 * generated: game_simul_restart), and each seat asked before p answers
 * one of its options at random, as a random seat answers, with the
 * choice's own options on the dealt cards; nothing is applied while seats
 * are asked, so the rules' code itself rewrites the answers it keeps. Then
 * p's question, the pending decision, is put back as it was, and so are
 * the choice's id and the count of decisions (a deal takes none). */
static RT_UNUSED void ai_reask_simul(State *s, int p, RtRng *r, int (*restart)(int, int))
{
    RtWindow *w = &s->simul;
    RtCore *c = &s->core;
    if (!w->open || s->depth <= 0 || c->over || w->nasked <= 0 || w->nasked >= w->nseats ||
        w->order[w->nasked] != p)
        return;
    Frame *f = &s->fr[s->depth - 1];
    int pc = restart(f->proc, f->pc);
    if (pc < 0)
        return;
    RtDecision mine = c->dec;
    uint64_t kinds = s->optkinds;
    int16_t asked = w->nasked;
    uint32_t id = w->id;
    int64_t decisions = c->decisions, bound = c->max_decisions;
    RtTakenObserver taken = rt_taken_fn; /* a deal shows no "chooses" line */
    if (taken)
        rt_taken_fn = NULL;
    c->max_decisions = INT64_MAX;
    f->pc = pc;
    run(s);
    while (!c->over && w->open && w->nasked < asked && c->dec.noptions > 0) {
        c->dec.chosen = (int16_t)rt_below(r, (uint32_t)c->dec.noptions);
        c->decisions++;
        game_resume(s);
    }
    if (taken)
        rt_taken_fn = taken;
    c->decisions = decisions;
    c->max_decisions = bound;
    w->id = id;
#if GAME_HAS_WINDOWS
    s->nwindows = id;
#else
    s->nsimul = id;
#endif
    c->dec = mine;
    s->optkinds = kinds;
}
#endif

#if GAME_HAS_WINDOWS && GAME_HAS_BEFORE /* the rules' reaction windows */
/* In st, a deal for seat p (runtime/determinize.c, its cards dealt
 * already), where the innermost window asks p now: the answers the seats
 * asked before p gave are sealed, so p has not seen them. Each is asked
 * again of its seat, in order, by the window's own offer (bf_offer, which
 * reads the dealt cards and the answers given before it), and answered by
 * one of its options at random, as a random seat answers; then p's
 * question, the pending decision, is put back as it was. What p knows of
 * the window (who asks, in what order, how many answered) is unchanged. */
static RT_UNUSED void ai_reask_window(State *s, int p, RtRng *r)
{
    if (s->nwin <= 0 || s->depth <= 0 || s->core.over)
        return;
    RtWindow *w = win_top(s);
    Frame *f = &s->fr[s->depth - 1];
    if (!w->open || w->nasked <= 0 || w->nasked >= w->nseats || w->order[w->nasked] != p ||
        f->proc != P_0_before || f->pc != 2)
        return;
    const BfEvent *ev = bf_worded(game_bf_event(BFV(f->v, BF_EV)), f->v);
    RtDecision mine = s->core.dec;
    uint64_t kinds = s->optkinds;
    int16_t asked = w->nasked;
    for (int i = 0; i < asked && !s->core.over; i++) {
        w->nasked = (int16_t)i;
        bf_offer(s, ev, f->v);
        if (s->core.over || s->core.dec.noptions < 1)
            break;
        s->core.dec.chosen = (int16_t)rt_below(r, (uint32_t)s->core.dec.noptions);
        window_keep(s, w);
    }
    w->nasked = asked;
    s->core.dec = mine;
    s->optkinds = kinds;
}
#endif

#endif /* CARDRT_GAME_H */
