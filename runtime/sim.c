/* sim.c: the games of a simulate run played, on the calling thread or on
 * --jobs threads. Game i of the run is the game of seed S + i whatever
 * thread plays it; each thread counts into a SimStats of its own (lab.h:
 * integers only), added at the end, so the sums do not depend on how the
 * games were split. Nothing a game touches while it plays is shared
 * between threads: each has its state, its generators and its counts;
 * the runtime's observers are not set during simulate, and the counters
 * of --coverage (rt_game.h's cov_counting) are per thread. */
#include "lab.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* simulate's progress on stderr, when stderr is a terminal: shown once a
 * run has taken half a second, redrawn at most ten times a second, and
 * wiped at the end. Never in a pipe or a file. */
typedef struct Progress {
    const char *prog;
    bool on;                    /* stderr is a terminal */
    double next;                /* when to redraw */
    bool drawn;                 /* something to wipe at the end */
} Progress;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress_step(Progress *pr, uint64_t done, uint64_t total)
{
    if (!pr->on)
        return;
    double t = now();
    if (t < pr->next)
        return;
    pr->next = t + 0.1;
    enum { WIDTH = 30 };
    int filled = (int)((double)done / (double)total * WIDTH);
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[WIDTH] = '\0';
    fprintf(stderr, "\r%s: [%s] %llu/%llu games", pr->prog, bar, (unsigned long long)done,
            (unsigned long long)total);
    pr->drawn = true;
}

static void progress_end(const Progress *pr)
{
    if (pr->drawn)
        fputs("\r\033[K", stderr);
}

/* One thread's share of the run: the games first, first + step, ...
 * below the run's count. */
typedef struct Worker {
    const RtGame *g;
    const SimRun *r;
    uint64_t first, step;       /* the indices this worker plays */
    bool lead;                  /* sample the scores (lead.c) */
    unsigned known[SIM_VIEWS];  /* the scores each view sees */
    SimStats *stats;            /* this worker's counts */
    void *st, *copy;            /* the game; a copy to evaluate scores on */
    RtRng rng[RT_MAX_PLAYERS];  /* one generator per seat */
    Trajectory traj;            /* the game's samples */
    int32_t last_turn;          /* core.turns at the last sample */
    bool oom;                   /* memory ran out: the run fails */
    atomic_uint_fast64_t *done; /* games played by every worker */
    uint64_t total;             /* games of the run's shard, for the progress */
    Progress *pr;               /* drawn by the worker itself (one thread) */
} Worker;

/* Seat p's evaluation in st: the func of `agents:` where the rules name
 * one (RtGame.value_name), held in int32, else the score. */
static int32_t evaluation(const RtGame *g, void *st, int p)
{
    if (!g->value_name || !g->value)
        return g->score_now(st, p);
    int64_t v = 0;
    if (!g->value(st, p, &v))
        return 0;
    return v > INT32_MAX ? INT32_MAX : v < -INT32_MAX ? -INT32_MAX : (int32_t)v;
}

/* The evaluation of every seat in st, on a copy (a func may fault or count
 * its steps); false if the copy faulted. */
static bool evaluate(Worker *w, const void *st, int32_t eval[RT_MAX_PLAYERS])
{
    const RtCore *c = st;
    memset(eval, 0, RT_MAX_PLAYERS * sizeof *eval);
    rt_clone(w->g, w->copy, st);
    for (int p = 0; p < c->nplayers; p++)
        eval[p] = evaluation(w->g, w->copy, p);
    return ((const RtCore *)w->copy)->over != RT_FAULT;
}

static void take_sample(Worker *w, const void *st)
{
    int32_t eval[RT_MAX_PLAYERS];
    if (evaluate(w, st, eval) && !traj_push(&w->traj, eval))
        w->oom = true;
}

/* The random policy, sampling the scores at the first decision asked
 * after the turn count moved. */
static int sampling_choice(void *ctx, void *st)
{
    Worker *w = ctx;
    const RtCore *c = st;
    if (c->turns != w->last_turn) {
        take_sample(w, st);
        w->last_turn = c->turns;
    }
    return rt_random_choice(w->rng, st);
}

/* Does a seat of run r search (greedy, mc:N, ismcts:N: ai.c)? */
static bool searches(const SimRun *r)
{
    for (int p = 0; p < r->players; p++)
        if (r->kind[p] != RT_SEAT_RANDOM)
            return true;
    return false;
}

/* A game with a search seat: rt_new and rt_apply, each seat's machine
 * answering (agents.c: the random seats as rt_play_direct's, the search
 * agents seeded by `agents`, the seat and the decision), the scores
 * sampled as sampling_choice samples them. */
static void play_searching(Worker *w, uint64_t seed, uint64_t agents)
{
    const SimRun *r = w->r;
    const RtCore *c = w->st;
    RtMachines m;
    if (!rt_machines_init(&m, w->g, r->players, agents, r->kind, r->budget)) {
        w->oom = true;
        return;
    }
    rt_new_bounded(w->g, w->st, seed, r->players, r->max_decisions);
    rt_machines_observe(&m, w->st);
    while (c->over == RT_PLAYING) {
        if (w->lead && c->turns != w->last_turn) {
            take_sample(w, w->st);
            w->last_turn = c->turns;
        }
        int pick = rt_machines_pick(&m, w->st, false);
        rt_machines_apply(&m, w->g, w->st, pick);
    }
    rt_machines_free(&m);
}

/* Game `index` of the run, played with the seats' agents: every seat
 * random, inline (rt_play_direct); else play_searching. */
static void play_one(Worker *w, uint64_t index)
{
    const SimRun *r = w->r;
    uint64_t seed = r->seed + index;
    bool search = searches(r);
    for (int p = 0; p < r->players; p++)
        rt_seed(&w->rng[p], rt_agent_seed(seed, p));
    if (!w->lead) {
        if (search)
            play_searching(w, seed, seed);
        else
            rt_play_direct(w->g, w->st, seed, r->players, r->max_decisions, NULL, w->rng);
        return;
    }
    w->traj = (Trajectory){.nplayers = r->players, .cap = w->traj.cap, .eval = w->traj.eval};
    w->last_turn = 0;
    if (search)
        play_searching(w, seed, seed);
    else
        rt_play_direct(w->g, w->st, seed, r->players, r->max_decisions, sampling_choice, w);
    take_sample(w, w->st);
    const RtCore *c = w->st;
    bool won = false;
    for (int p = 0; p < c->nplayers; p++)
        won |= c->over == RT_ENDED && c->winner[p];
    lead_count(w->stats, &w->traj, w->known, won ? c->winner : NULL);
}

/* The same deal (game index's seed) played again, replay k >= 1: the
 * agents' generators seeded anew; its wins added to wins[]. */
static void replay(Worker *w, uint64_t index, uint64_t k, uint64_t *wins)
{
    const SimRun *r = w->r;
    uint64_t seed = r->seed + index;
    for (int p = 0; p < r->players; p++)
        rt_seed(&w->rng[p], rt_agent_seed(seed, p) ^ (0x9E3779B97F4A7C15u * k));
    if (searches(r))
        play_searching(w, seed, seed ^ (0x9E3779B97F4A7C15u * k));
    else
        rt_play_direct(w->g, w->st, seed, r->players, r->max_decisions, NULL, w->rng);
    sim_game_wins(w->st, wins);
}

/* Game `index` counted, then its deal's replays (which count only in
 * the spread of win rates per deal). */
static void play_deal(Worker *w, uint64_t index)
{
    uint64_t wins[RT_MAX_PLAYERS] = {0};
    play_one(w, index);
    sim_stats_count(w->stats, w->g, w->st, index);
    sim_game_wins(w->st, wins);
    for (uint64_t k = 1; k < w->r->replays; k++)
        replay(w, index, k, wins);
    sim_stats_deal(w->stats, wins, w->r->players);
}

static void *work(void *arg)
{
    Worker *w = arg;
    for (uint64_t i = w->first; i < w->r->games && !w->oom; i += w->step) {
        play_deal(w, i);
        uint64_t done = atomic_fetch_add(w->done, 1) + 1;
        if (w->pr)
            progress_step(w->pr, done, w->total);
    }
    return NULL;
}

static bool worker_init(Worker *w, const RtGame *g, const SimRun *r, bool lead)
{
    w->g = g;
    w->r = r;
    w->lead = lead && g->score_now;
    w->stats = sim_stats_new();
    w->st = malloc(g->state_size);
    w->copy = w->lead ? malloc(g->state_size) : NULL;
    lead_views(g, r->players, w->known);
    if (w->stats)
        w->stats->lead = w->lead;
    return w->stats && w->st && (w->copy || !w->lead);
}

static void worker_free(Worker *w)
{
    sim_stats_free(w->stats);
    free(w->st);
    free(w->copy);
    traj_free(&w->traj);
}

/* The games of this shard: how many. */
static uint64_t shard_games(const SimRun *r)
{
    uint64_t first = r->shard - 1;
    return first < r->games ? (r->games - first + r->nshards - 1) / r->nshards : 0;
}

/* Runs the workers on threads (those that cannot start run on this
 * one: the same games, later), drawing the progress meanwhile. */
static void run_threads(Worker *w, int jobs, Progress *pr, atomic_uint_fast64_t *done,
                        uint64_t total)
{
    pthread_t tid[RT_MAX_JOBS];
    int started = 0;
    while (started < jobs && pthread_create(&tid[started], NULL, work, &w[started]) == 0)
        started++;
    for (int t = started; t < jobs; t++)
        work(&w[t]);
    while (pr->on && atomic_load(done) < total) {
        progress_step(pr, atomic_load(done), total);
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
}

bool sim_run(const RtGame *g, const char *prog, const SimRun *r, int jobs, bool lead,
             SimStats *s)
{
    uint64_t total = shard_games(r);
    if (jobs < 1)
        jobs = 1;
    if ((uint64_t)jobs > total && total > 0)
        jobs = (int)total;
    Worker *w = calloc((size_t)jobs, sizeof *w);
    atomic_uint_fast64_t done = 0;
    Progress pr = {.prog = prog, .on = isatty(fileno(stderr)), .next = now() + 0.5};
    bool ok = w != NULL;
    for (int t = 0; ok && t < jobs; t++) {
        ok = worker_init(&w[t], g, r, lead);
        w[t].first = r->shard - 1 + (uint64_t)t * r->nshards;
        w[t].step = (uint64_t)jobs * r->nshards;
        w[t].done = &done;
        w[t].total = total;
        w[t].pr = jobs == 1 ? &pr : NULL;
    }
    if (ok && jobs == 1)
        work(&w[0]);
    else if (ok)
        run_threads(w, jobs, &pr, &done, total);
    progress_end(&pr);
    for (int t = 0; w && t < jobs; t++) {
        ok = ok && !w[t].oom;
        if (w[t].stats)
            sim_stats_add(s, w[t].stats);
        worker_free(&w[t]);
    }
    free(w);
    return ok;
}
