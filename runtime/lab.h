/* lab.h: inside libcardrt, the balance lab: what `simulate` counts, in
 * integers only, so that a run split across threads (--jobs), shards
 * (--shard) or machines adds up to the same bytes (docs/SCALING.md,
 * RUNTIME.md "The balance lab").
 *
 *   simstats.c  SimStats: one game counted, two counts added, histograms
 *   statsfile.c the stats file (--shard's output, stats merge's input and
 *               output): written, read back, checked and merged
 *   lead.c      lead changes, drama and decisiveness of one game, from the
 *               scores sampled at each turn's end
 *   sim.c       the games of a run played, on one thread or several
 *   report.c    --report DIR: report.json and report.html */
#ifndef CARDRT_LAB_H
#define CARDRT_LAB_H

#include "rtcli.h"

enum {
    SIM_WIN_UNIT = 840,         /* a win counts 840 units, shared by its k
                                 * winners (840 = lcm(1..8): exact for any k) */
    RT_MAX_JOBS = 256,          /* --jobs: threads at most */
    SIM_MAX_REPLAYS = 1000,     /* --replays: at most */
    SIM_FAULTS_KEPT = 5,        /* faulted games named on stderr */
    SIM_MICRO = 1000000,        /* per-game measures in millionths */
    SIM_VIEWS = RT_MAX_PLAYERS + 1, /* view 0 the referee's, 1 + p seat p's */
    SIM_SEAT_NAME = 32,         /* an agent's name with its settings ("mc:200") */
    HIST_EXACT = 64,            /* values 0..63 have a bin each */
    HIST_SUB = 16,              /* then 16 bins per doubling */
    HIST_SIDE = HIST_EXACT + HIST_SUB * (40 - 6), /* bins of one sign, up to 2^40 */
    HIST_BINS = 2 * HIST_SIDE,  /* bin b < HIST_SIDE: value >= 0; else negative */
};

/* A histogram of integers in fixed bins that no data chooses: 0..63 one
 * value a bin, above that 16 bins per power of two, negative values the
 * same mirrored, past 2^40 in the last bin. Any two add bin by bin. */
typedef struct Hist {
    uint64_t bin[HIST_BINS];    /* games whose value fell in bin b */
} Hist;

int hist_bin(int64_t v);
/* The values bin b holds, lo..hi inclusive. */
void hist_range(int b, int64_t *lo, int64_t *hi);

/* Lead changes, drama and decisiveness of one view (lead.c): sums over
 * the games where the measure is defined, each game's value in
 * millionths (rounded down). */
typedef struct LeadSums {
    uint64_t games;             /* games with two samples or more seen */
    uint64_t lead_changes;      /* sum of lead changes / samples */
    uint64_t drama_games;       /* games with a winner this view sees */
    uint64_t drama;             /* sum of mean (leader - winner) / score range */
    uint64_t decisiveness;      /* sum of samples before decided / samples */
} LeadSums;

/* A faulted game: its index in the run and what the fault says. */
typedef struct SimFault {
    uint64_t index;
    char *text;                 /* malloc'd */
} SimFault;

/* What a run (or a part of one) counted: integers only. */
typedef struct SimStats {
    uint64_t played;            /* games counted */
    uint64_t decisions, turns;  /* summed over the games */
    uint64_t draws, bound_draws, faults, no_winner;
    uint64_t wins[RT_MAX_PLAYERS];      /* in SIM_WIN_UNIT units */
    int64_t score[RT_MAX_PLAYERS];      /* summed final scores */
    Hist score_hist[RT_MAX_PLAYERS];    /* final score per seat */
    Hist decisions_hist, turns_hist;    /* length of each game */
    /* Each deal (a game's seed) played `replays` times, the agents'
     * generators seeded anew each time (--replays): per seat, the wins
     * of each deal over its replays W (in SIM_WIN_UNIT units), summed
     * over the deals, and W squared, summed. */
    uint64_t deal_wins[RT_MAX_PLAYERS], deal_wins_sq[RT_MAX_PLAYERS];
    bool lead;                          /* lead[] counted (--shard, --report) */
    LeadSums views[SIM_VIEWS];
    int nfault;                         /* faults kept: the lowest indices */
    SimFault fault[SIM_FAULTS_KEPT];
} SimStats;

/* What identifies a run, so that only its parts merge. */
typedef struct SimRun {
    char *game;                 /* the game's name (malloc'd when read) */
    char build[17];             /* the game's fingerprint, 16 hex digits */
    int players;
    char seat[RT_MAX_PLAYERS][SIM_SEAT_NAME]; /* each seat's agent, as --seats names it */
    uint8_t kind[RT_MAX_PLAYERS];   /* each seat's agent (RtSeat), to play it (not
                                     * in a stats file: 0 in one read back) */
    int32_t budget[RT_MAX_PLAYERS]; /* mc:N, ismcts:N: N (likewise) */
    uint64_t seed, games;
    int64_t max_decisions;      /* 0: the game's own */
    uint64_t shard, nshards;    /* this part: games i with i % nshards == shard - 1 */
    uint64_t replays;           /* times each deal is played (--replays; 1: once) */
} SimRun;

/* simstats.c */
SimStats *sim_stats_new(void);
void sim_stats_free(SimStats *s);
/* Counts the game that st ended, game index `index` of the run. */
void sim_stats_count(SimStats *s, const RtGame *g, const void *st, uint64_t index);
/* Adds the wins of one deal over its replays (units, per seat). */
void sim_stats_deal(SimStats *s, const uint64_t *wins, int nplayers);
/* The wins of the game st ended, in units, into wins[]. */
void sim_game_wins(const void *st, uint64_t *wins);
/* Adds b into a (faults: the lowest indices kept). */
void sim_stats_add(SimStats *a, const SimStats *b);
/* The fingerprint of g's build: its tables and the state's layout. */
void sim_build_id(const RtGame *g, char out[17]);

/* lead.c: one game's evaluations (RtGame.score_now: the score, higher
 * better; the func of `agents:` where the rules name one), sampled at each turn's end and at the end. */
typedef struct Trajectory {
    int nplayers;
    int n, cap;                 /* samples taken, room */
    int32_t *eval;              /* eval[i * RT_MAX_PLAYERS + p] */
} Trajectory;

/* The scores each view sees (the same all game long: who may see a
 * number does not change): bit p of known[v]. View 0 sees every score;
 * view 1 + o, seat o's information set, its own and those of the
 * numbers named `score` (or as the func of `agents:`) that the game
 * shows seat o. */
void lead_views(const RtGame *g, int nplayers, unsigned known[SIM_VIEWS]);
bool traj_push(Trajectory *t, const int32_t *eval);
void traj_free(Trajectory *t);
/* Adds the game's measures for every view into s->views; winner NULL
 * when the game ended without one. */
void lead_count(SimStats *s, const Trajectory *t, const unsigned known[SIM_VIEWS],
                const uint8_t *winner);

/* statsfile.c */
bool stats_write(FILE *f, const SimRun *r, const SimStats *s);
/* Reads a stats file: false with a message in err. */
bool stats_read(const char *path, SimRun *r, SimStats *s, char *err, size_t n);
/* `GAME stats merge FILE...` and `GAME stats report DIR FILE...`. */
int stats_command(const RtGame *g, const char *prog, int argc, char **argv);

/* sim.c: plays games [0, games) of run r whose index is this shard's,
 * on `jobs` threads, into s; the progress bar on stderr when it is a
 * terminal. lead: sample the scores for lead.c. Returns false when
 * memory ran out. */
bool sim_run(const RtGame *g, const char *prog, const SimRun *r, int jobs, bool lead,
             SimStats *s);

/* track.c: simulate --track NAME (one line per game: the holder of
 * NAME, what became of its copies, the wins; on jobs threads, the same
 * bytes) and stats impact WITH
 * WITHOUT (two such runs paired: the holder's change in win rate).
 * Each returns the exit status. */
int track_run(const RtGame *g, const char *prog, const char *name, const SimRun *r,
              int jobs);
/* One card's impact (track.c): percentage points and shares in %. */
typedef struct ImpactFig {
    char card[256];             /* the card tracked in the run with it */
    int players;
    unsigned long long seed, games;
    uint64_t pairs, faulted;    /* games paired; left out for a fault */
    double impact, low, high;   /* the mean change, its 95% paired interval */
    double drawn, played, held; /* % of the games */
    double win_drawn, win_played, win_held; /* the holder's win rate in those */
    bool dominant, dead;
    bool unchanged;             /* no game's outcome moved: a blank of the card's
                                 * type plays as the card does, so a "dead" may
                                 * only say that the rules tell it by its type */
} ImpactFig;
/* stats impact [--report DIR] WITH WITHOUT...: one JSON line per pair. */
int impact_command(const RtGame *g, const char *prog, int argc, char **argv);
/* The JSON object of one card's impact (no newline). */
void impact_json(FILE *f, const ImpactFig *x);
/* impact_report.c: DIR/impact.json and DIR/impact.html, a table per card;
 * false with a message on stderr. */
bool impact_report_write(const char *dir, const char *prog, const RtGame *g,
                         const ImpactFig *figs, int n);

/* report.c: sqrt by Newton's steps (no libm for the games to link). */
double lab_root(double x);
/* report.c: s as HTML text (<, >, &, " escaped). */
void lab_html_text(FILE *f, const char *s);

/* report.c: DIR/NAME.json and DIR/NAME.html, each written by
 * write(f, html, ctx), DIR made if missing; false, with a message on
 * stderr naming `what` (the command: "--report", "stats impact"), if
 * either could not be. */
typedef void LabPageWriter(FILE *f, bool html, const void *ctx);
bool lab_write_pages(const char *dir, const char *name, const char *prog, const char *what,
                     LabPageWriter *write, const void *ctx);

/* report.c: DIR/report.json and DIR/report.html of the runs given (one
 * per player count); false with a message on stderr. */
bool report_write(const char *dir, const char *prog, const RtGame *g,
                  const SimRun *const *runs, const SimStats *const *stats, int nruns);

#endif
