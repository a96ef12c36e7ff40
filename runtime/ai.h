/* ai.h: the search agents (greedy, flat Monte Carlo, ISMCTS) and the
 * determinization they search on. Inside libcardrt; RUNTIME.md, "Agents",
 * says what they do.
 *
 * An RtAi belongs to one game being played (play, simulate, serve): it
 * holds what every seat knows of where the cards lie and the scratch
 * states of the search, and no global is read or written through it, so
 * games may be played side by side in threads. Every random number an
 * agent draws comes from a generator seeded by the game's seed, the seat
 * and the decision's number (core.decisions): the same seed plays the
 * same game, whatever else runs. */
#ifndef CARDRT_AI_H
#define CARDRT_AI_H

#include "rt.h"

typedef enum RtAiKind {
    RT_AI_GREEDY,       /* the best value (RtGame.value) its own next
                                 * decisions reach */
    RT_AI_MC,           /* flat Monte Carlo: budget playouts in all */
    RT_AI_ISMCTS,       /* single-observer ISMCTS: budget iterations */
} RtAiKind;

enum {
    RT_AI_DEPTH = 60,          /* decisions a playout takes before it is cut
                                 * and scored by the value */
    RT_AI_MAX_BUDGET = 1000000, /* the largest N of mc:N and ismcts:N */
    RT_AI_LOOK = 3,             /* greedy: its own decisions in a row it looks
                                 * through (a move of several steps) */
    RT_AI_GREEDY_STATES = 4096, /* greedy: states it plays to, at most */
};

typedef struct RtAi RtAi;

/* An agent state for a game of g between nplayers; NULL: out of memory. */
RtAi *rt_ai_new(const RtGame *g, int nplayers, uint64_t game_seed);
void rt_ai_free(RtAi *ai);
/* What each seat knows of where the cards are: call with the state after
 * rt_new and after every rt_apply (the moves between two calls are seen
 * as one; RUNTIME.md, "Determinization"). */
void rt_ai_observe(RtAi *ai, const void *st);
/* Option i of the pending decision of st is about to be taken (call it
 * before that rt_apply): when it is an answer to the window rt_ai_observe
 * saw open, it is kept with the answers seen before it, which the
 * window's `responses` line names to every seat when it closes. */
void rt_ai_taken(RtAi *ai, const void *st, int i);
/* Option i of st's pending decision taken in the true game: rt_ai_taken,
 * rt_apply (each decision of a single option the game takes on its way
 * told to rt_ai_taken too, through rt_lone_fn: the answer that closes a
 * window may be one), then rt_ai_observe. */
void rt_ai_apply(RtAi *ai, void *st, int i);
/* What rt_ai_observe keeps: per card instance, bit p set while seat p
 * knows the slot it lies in. */
const uint8_t *rt_ai_known(const RtAi *ai);
/* What rt_ai_observe keeps for seat p: per card instance, its origin, the
 * slot it lay in when p last lost track of it (it left that slot, which p
 * does not see, while p knew it there); the start slot, where every card
 * starts, for a card p never knew. Worked out from what p saw alone; a
 * deal for p swaps two cards of one origin only (RUNTIME.md,
 * "Determinization"). */
const int32_t *rt_ai_origin(const RtAi *ai, int p);
/* Per card instance, bit p set when seat p did not know the card when its
 * per-card variables (those rt_card_var_dealt) were last given, nor has
 * since: the values describe its place for p (RUNTIME.md,
 * "Determinization"). Values given before the first rt_ai_observe count
 * as known. */
const uint8_t *rt_ai_placed(const RtAi *ai);
/* What public choices told (RtGame.told_note): the records still kept,
 * RT_TOLD_MAX at most, the oldest first, n of them at rec, told_ints ints
 * each. A record is kept while what its condition reads has not changed
 * (RT_TOLD_OWN: no card entered or left a slot its decider saw and some
 * other seat did not; RT_TOLD_ANY: no card moved) and deals still keep
 * it; the oldest is dropped for a new one when RT_TOLD_MAX are kept. */
enum { RT_TOLD_MAX = 8 };
typedef struct RtTold {
    int n;
    const int32_t *rec;
} RtTold;
/* The records kept (RUNTIME.md, "Determinization"); NULL when none. */
const RtTold *rt_ai_told(const RtAi *ai);
/* The option the agent of kind `kind` (budget: playouts or iterations)
 * takes for the pending decision of st. Plays copies of st only; calls no
 * observer (the caller keeps them unset meanwhile: rt_ai_quiet). */
int rt_ai_choose(RtAi *ai, const void *st, RtAiKind kind, int budget);

/* The observers of rt.h, kept aside while an agent searches (the search
 * plays copies, which no view may report) and put back after. For play
 * and serve, which set them; simulate sets none and never calls these. */
typedef struct RtQuiet {
    RtObserver move;
    void *move_ctx;
    RtWindowObserver window;
    void *window_ctx;
    RtShowObserver show;
    void *show_ctx;
    RtTakenObserver taken;
    void *taken_ctx;
    RtOutObserver out;
    void *out_ctx;
    const RtGame *g;
} RtQuiet;
void rt_ai_quiet(RtQuiet *q, const RtGame *g);
void rt_ai_loud(const RtQuiet *q);

/* determinize.c: st made one of the states seat p cannot tell from it:
 * the cards p does not know are dealt again among the places of the cards
 * p does not know, each only where its zone may hold it (RtGame.may_hold),
 * every zone keeping its size, and two cards cross between slots only
 * when they have one origin (origin[c], from rt_ai_origin: p cannot tell
 * them apart by where it saw them come from); the game's own generator is
 * reseeded (the shuffles to come are unknown too). known[c]: bit p set
 * when p knows the slot card c lies in (rt_ai_observe); placed[c] (NULL:
 * none): bit p set when c's per-card variables describe its place for p
 * (rt_ai_placed), which then keeps them when c is dealt elsewhere. The
 * pending decision's card options follow the cards they name by position;
 * the card locals of the waiting frames are made to hold the card dealt
 * where theirs lay (RtGame.repoint_locals). scratch: room for
 * 6 * g->ninstances ints. */
void rt_determinize(const RtGame *g, void *st, int p, const uint8_t *known,
                    const int32_t *origin, const uint8_t *placed, RtRng *r, int *scratch);
/* Is vars[v] of g a per-card variable a deal moves (not secret: a secret
 * one is forgotten on the cards p does not know)? */
bool rt_card_var_dealt(const RtGame *g, int v);
/* dst, a copy of st determinized for seat p, that keeps what public
 * choices told (told, from rt_ai_told; NULL: nothing), every record:
 * dealt again while one does not hold, RT_TOLD_TRIES deals at most, and
 * if none keeps them all, one more deal that may not (false). */
enum { RT_TOLD_TRIES = 32 };
bool rt_deal(const RtGame *g, void *dst, const void *st, int p, const uint8_t *known,
             const int32_t *origin, const uint8_t *placed, const RtTold *told, RtRng *r,
             int *scratch);

#endif
