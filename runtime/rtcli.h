/* rtcli.h: inside libcardrt, what the agents, the views and the command
 * line share. Not part of the contract with generated code (that is rt.h).
 *
 *   io.c      bounded line reading, the {"choose":N} reader, JSON strings
 *   view.c    what a seat may see: tables, JSON views, moves, the end
 *   numbers.c the numbers and the time the views show
 *   agents.c  random, human (terminal) and json agents
 *   cli.c     rt_main: play, simulate (its lab in lab.h) and stats */
#ifndef CARDRT_CLI_H
#define CARDRT_CLI_H

#include "rt.h"

enum {
    RT_LINE_MAX = 4096,     /* longest input line kept; the rest is dropped */
    RT_LABEL_MAX = 8192,    /* an option's label and its NUL (below) */
    RT_SHOW_MAX = 64,       /* cards of one line of a `show` */
};

/* A label is never cut: the buffer holds the longest label of any game
 * cardc builds. A card choice's label is a card name, a set's up to
 * RT_MAX_PICK names joined by ", ", each name at most max_name = 200
 * characters (compiler/cards.c); an option's label in the rules is at
 * most max_label = 1000 characters (compiler/sema.h); UTF-8 takes at most
 * 4 bytes a character. */
_Static_assert(RT_LABEL_MAX > RT_MAX_PICK * 200 * 4 + (RT_MAX_PICK - 1) * 2
               && RT_LABEL_MAX > 1000 * 4, "RT_LABEL_MAX holds every label");

typedef enum RtSeat {
    RT_SEAT_HUMAN,
    RT_SEAT_RANDOM,
    RT_SEAT_JSON,
    RT_SEAT_GREEDY,     /* the search agents of ai.c */
    RT_SEAT_MC,
    RT_SEAT_ISMCTS,
} RtSeat;

/* Is a seat of this kind answered by the program (random or a search
 * agent), not read from a stream? */
static inline bool rt_seat_machine(int seat)
{
    return seat != RT_SEAT_HUMAN && seat != RT_SEAT_JSON;
}

/* The seats' machines of one game: a generator per random seat, the
 * search agents' state (NULL when no seat searches). */
struct RtAi;
typedef struct RtMachines {
    const RtGame *g;
    uint8_t seat[RT_MAX_PLAYERS];       /* RtSeat */
    int32_t budget[RT_MAX_PLAYERS];     /* mc:N, ismcts:N: N */
    RtRng rng[RT_MAX_PLAYERS];          /* a random seat's, seeded by rt_agent_seed */
    struct RtAi *ai;                    /* NULL: no seat searches */
} RtMachines;

/* What an agent returns instead of an option index. */
enum {
    RT_PICK_QUIT = -1,      /* a human typed quit */
    RT_PICK_EOF = -2,       /* stdin closed */
    RT_PICK_IO = -3,        /* stdout failed (closed pipe, full disk) */
    RT_PICK_BAD = -4,       /* RT_MAX_BAD_ANSWERS lines in a row chose nothing */
};

/* Lines in a row that choose nothing (a JSON error line, or at the
 * terminal anything but an option's number or quit) before a seat's
 * stream is given up and the game abandoned, with RT_BAD_ANSWERS_REASON:
 * a program that answers wrong forever, or garbage piped in, ends. */
#define RT_MAX_BAD_ANSWERS 100
#define RT_STR_(x) #x
#define RT_STR(x) RT_STR_(x)
#define RT_BAD_ANSWERS_REASON RT_STR(RT_MAX_BAD_ANSWERS) " bad answers in a row"

/* One game being played through the CLI; the observer's context. */
typedef struct RtPlay {
    const RtGame *g;
    const char *prog;               /* for messages on stderr */
    void *st;
    uint64_t seed;
    int nplayers;
    uint8_t seat[RT_MAX_PLAYERS];   /* RtSeat */
    RtRng rng[RT_MAX_PLAYERS];      /* one per random seat */
    RtMachines *mach;               /* the random and search seats' (NULL: play's
                                     * random seats use rng above) */
    bool json;                      /* --protocol json */
    bool reveal_all;
    bool colour;                    /* headings and results in colour: a terminal, no NO_COLOR */
    unsigned viewers;               /* bit p: this stream plays seat p */
    FILE *in, *out;
    int io_status;                  /* -1 while output works, else the exit status */
    char line[RT_LINE_MAX];
    char label[RT_LABEL_MAX];
    char prompt[RT_LABEL_MAX];      /* the pending decision's prompt, built */
    /* the cards of a `show` not yet written (rt_observe_show): one line
     * per zone shown from, or per RT_SHOW_MAX cards */
    int nshow, show_slot;
    unsigned show_seats;
    int show_card[RT_SHOW_MAX];
} RtPlay;

/* io.c */
/* Whether to colour what goes to f: only a terminal, and never when
 * NO_COLOR is set to anything but "" (an empty NO_COLOR is as none). */
bool rt_colour_wanted(FILE *f);
typedef enum RtLineStatus {
    RT_LINE_OK,
    RT_LINE_LONG,           /* over cap - 1 bytes; the rest was discarded */
    RT_LINE_EOF,
} RtLineStatus;

RtLineStatus rt_read_line(FILE *in, char *buf, size_t cap, size_t *len);
bool rt_parse_choose(const char *s, size_t n, int nopt, int *id, char *err, size_t errn);
bool rt_parse_u64(const char *s, uint64_t max, uint64_t *out);
void rt_json_string(FILE *f, const char *s);
/* A figure with at most 4 decimals, trailing zeros dropped ("-0" as 0):
 * simulate's figures and the lab's report. */
void rt_put_num(FILE *f, double x);
bool rt_flush(RtPlay *pl);
int rt_check_output(FILE *f, const char *prog);

/* view.c */
void rt_slot_name(const RtGame *g, int slot, char *buf, size_t n);
const char *rt_shown_label(RtPlay *pl, int i);
/* May seat p (-1: the viewers of the stream) see card c where it lies:
 * it sees the slot, or was shown the card there (`show`, `top public`)?
 * The one rule of the views, for the numbers too. */
bool rt_play_card_seen(const RtPlay *pl, int c, int p);
/* The copy number card c carries where it lies, as seat p (-1: the
 * viewers) reads it: K when its card has several copies and p sees it
 * face up in a zone `in play` (RUNTIME.md, "Copies in play"), else 0. */
int rt_seen_copy(const RtPlay *pl, int c, int p);
void rt_print_table(RtPlay *pl, int p);
void rt_print_question(RtPlay *pl);
void rt_json_decision(RtPlay *pl);
/* Option i, just chosen, shown before it is applied: at the terminal
 * "Player N chooses: LABEL (QUESTION)", both as the viewers may read
 * them; in the protocol, a "chosen" line for a public choice only. */
void rt_show_chosen(RtPlay *pl, int i);
void rt_observe(void *ctx, const RtGame *g, const void *st, RtMove m);
void rt_observe_window(void *ctx, const RtGame *g, const void *st, const RtWindow *w);
void rt_observe_show(void *ctx, const RtGame *g, const void *st, int card, unsigned seats);
void rt_observe_taken(void *ctx, const RtGame *g, const void *st);
void rt_observe_out(void *ctx, const RtGame *g, const void *st, int p, int turn);
void rt_print_end(RtPlay *pl, const char *abandoned);

/* numbers.c: the numbers and the time the views show */
void rt_print_time(RtPlay *pl);
void rt_print_numbers(RtPlay *pl, int p);
void rt_json_time(RtPlay *pl);
void rt_json_numbers(RtPlay *pl, int p);

/* agents.c */
uint64_t rt_agent_seed(uint64_t game_seed, int seat);
/* The machines of a game of nplayers seated as seat[] (budget[]: the N of
 * mc:N and ismcts:N), seeded by the game's seed: false when out of memory.
 * rt_machines_observe after rt_new and after each rt_apply (what each
 * seat saw, for the search agents); rt_machines_pick answers the pending
 * decision of a machine seat. Search agents play copies only, which no
 * observer may see: with quiet, rt_machines_pick keeps the observers of
 * rt.h unset while it searches (play and serve, which set them). */
bool rt_machines_init(RtMachines *m, const RtGame *g, int nplayers, uint64_t seed,
                      const uint8_t *seat, const int32_t *budget);
void rt_machines_free(RtMachines *m);
void rt_machines_observe(RtMachines *m, const void *st);
/* Option i of st's pending decision taken: with search agents,
 * rt_ai_apply (they are told the answers a window takes, asked or not,
 * and observe), else rt_apply. */
void rt_machines_apply(RtMachines *m, const RtGame *g, void *st, int i);
int rt_machines_pick(RtMachines *m, const void *st, bool quiet);
/* A seat kind's name as --seats spells it: "random", "mc:100". */
const char *rt_seat_name(int seat, int32_t budget, char *buf, size_t n);

/* cover.c: simulate --coverage. rt_cover_new: the counters of g's
 * coverage sites and card kinds, zeroed (NULL: out of memory).
 * rt_cover_play: one game as rt_play_direct with the random policy (rngs
 * its generators), counted, and where its cards ended; false for a game
 * built without coverage. rt_cover_text and rt_cover_json print what
 * was counted (the JSON a `"coverage":{...}` member). */
typedef struct RtCover RtCover;
RtCover *rt_cover_new(const RtGame *g);
void rt_cover_free(RtCover *cv);
bool rt_cover_play(RtCover *cv, void *st, uint64_t seed, int nplayers, int64_t max_decisions,
                   void *rngs);
void rt_cover_text(const RtCover *cv, FILE *out, uint64_t games);
void rt_cover_json(const RtCover *cv, FILE *out);
int rt_agent_choose(RtPlay *pl);

#endif
