/* track.c: the impact of a card by intervention (RUNTIME.md, "Impact of
 * a card").
 *
 *   simulate --track NAME   the games of a run, one line each: the seat
 *                           that held NAME first, what became of its
 *                           copies, every seat's wins (integers only)
 *   stats impact [--report DIR] WITH WITHOUT...
 *                           pairs of such runs of the same seeds, one of
 *                           the game and one of its build with NAME
 *                           blanked (cardc build --blank NAME), paired
 *                           game by game: the change in the holder's win
 *                           rate (impact_report.c writes DIR's table)
 *
 * The games are those plain simulate plays: the random policy, asked
 * through a chooser that looks at where the copies are at each decision
 * (rt_random_choice draws what a NULL chooser draws). */
#include "lab.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
    TRACK_VERSION = 1,          /* the first word of a track file's header */
    DOMINANT_POINTS = 5,        /* dominant: the interval above +5 points */
    DEAD_POINTS = 2,            /* dead: the interval within +-2 points ... */
    DEAD_GAMES = 1000,          /* ... over this many pairs at least */
};

/* One game's tracking of the copies of a card. */
typedef struct Track {
    const RtGame *g;
    const int *inst;            /* the instances of the card */
    int ninst;
    RtRng rng[RT_MAX_PLAYERS];  /* one generator per seat, as simulate's */
    int holder;                 /* the seat that held a copy first, -1 none yet */
    bool drawn, played;         /* a copy was in a seat's zone; in play */
} Track;

/* Where copy c lies: its slot (slot_of, kept by every game cardc builds). */
static int slot_of(const Track *t, const void *st, int c)
{
    const uint16_t *slot = (const uint16_t *)((const char *)st + t->g->off_slot_of);
    return slot[c];
}

/* A slot where a card counts as played: a zone `in play`, or in a game
 * without one, a public zone of a seat. */
static bool played_slot(const RtGame *g, int slot)
{
    if (g->slot_in_play)
        return g->slot_in_play[slot];
    return g->slot_owner[slot] >= 0 && g->zones[g->slot_zone[slot]].vis == RT_VIS_PUBLIC;
}

/* Looks where the copies are; the holder is the first seat to hold one
 * (the most copies, then the lowest seat, when several get theirs between
 * the same two looks). */
static void observe(Track *t, const void *st)
{
    int held[RT_MAX_PLAYERS] = {0};
    for (int i = 0; i < t->ninst; i++) {
        int slot = slot_of(t, st, t->inst[i]);
        int owner = t->g->slot_owner[slot];
        t->played |= played_slot(t->g, slot);
        if (owner >= 0)
            held[owner]++;
    }
    int most = 0;
    for (int p = 0; p < RT_MAX_PLAYERS && t->holder < 0; p++)
        if (held[p] > held[most])
            most = p;
    if (t->holder < 0 && held[most] > 0)
        t->holder = most;
    t->drawn |= held[most] > 0 || t->holder >= 0;
}

/* Held at the end: a copy in a seat's zone. */
static bool held_at_end(const Track *t, const void *st)
{
    for (int i = 0; i < t->ninst; i++)
        if (t->g->slot_owner[slot_of(t, st, t->inst[i])] >= 0)
            return true;
    return false;
}

/* The random policy, looking first. */
static int tracking_choice(void *ctx, void *st)
{
    Track *t = ctx;
    observe(t, st);
    return rt_random_choice(t->rng, st);
}

/* What one game of --track found: its line. */
typedef struct TrackResult {
    int holder;                 /* -1: none */
    bool faulted, drawn, played, held;
    uint64_t wins[RT_MAX_PLAYERS]; /* in SIM_WIN_UNIT units */
} TrackResult;

/* Game `index` of the run, played and looked at into *out. */
static void track_one(Track *t, void *st, const SimRun *r, uint64_t index, TrackResult *out)
{
    uint64_t seed = r->seed + index;
    for (int p = 0; p < r->players; p++)
        rt_seed(&t->rng[p], rt_agent_seed(seed, p));
    t->holder = -1;
    t->drawn = t->played = false;
    rt_play_direct(t->g, st, seed, r->players, r->max_decisions, tracking_choice, t);
    observe(t, st);
    *out = (TrackResult){.holder = t->holder, .drawn = t->drawn, .played = t->played,
                         .faulted = ((const RtCore *)st)->over == RT_FAULT,
                         .held = held_at_end(t, st)};
    sim_game_wins(st, out->wins);
}

static void print_result(uint64_t index, const TrackResult *x, int players)
{
    printf("%llu %d %d %d %d %d", (unsigned long long)index, x->holder, x->faulted, x->drawn,
           x->played, x->held);
    for (int p = 0; p < players; p++)
        printf(" %llu", (unsigned long long)x->wins[p]);
    putchar('\n');
}

enum { TRACK_BLOCK = 4096 };    /* games played between two prints */

/* One thread's games of a block: first, first + step, ... below n, game
 * i of the block being game base + i of the run. */
typedef struct TrackWorker {
    Track t;
    void *st;                   /* its game */
    const SimRun *r;
    uint64_t base, n, first, step;
    TrackResult *res;           /* the block's results, shared: each
                                 * worker writes its own entries */
} TrackWorker;

static void *track_work(void *arg)
{
    TrackWorker *w = arg;
    for (uint64_t i = w->first; i < w->n; i += w->step)
        track_one(&w->t, w->st, w->r, w->base + i, &w->res[i]);
    return NULL;
}

/* The block of games from base, on the workers' threads (one that cannot
 * start runs on this thread), then its lines in the order of the run. */
static void track_block(TrackWorker *w, int jobs, uint64_t base, uint64_t n)
{
    pthread_t tid[RT_MAX_JOBS];
    int started = 0;
    for (int j = 0; j < jobs; j++)
        w[j].base = base, w[j].n = n;
    while (started < jobs - 1 &&
           pthread_create(&tid[started], NULL, track_work, &w[started + 1]) == 0)
        started++;
    for (int j = started + 1; j < jobs; j++)
        track_work(&w[j]);
    track_work(&w[0]);
    for (int j = 0; j < started; j++)
        pthread_join(tid[j], NULL);
    for (uint64_t i = 0; i < n; i++)
        print_result(base + i, &w[0].res[i], w[0].r->players);
}

/* The instances named `name`, into inst (ninstances room); how many. */
static int instances_named(const RtGame *g, const char *name, int *inst)
{
    int n = 0;
    for (int c = 0; c < g->ninstances; c++)
        if (!strcmp(g->card_name[c], name))
            inst[n++] = c;
    return n;
}

/* Sets up jobs workers sharing inst and res; false if memory ran out. */
static bool workers_init(TrackWorker *w, int jobs, const RtGame *g, const SimRun *r,
                         const int *inst, int ninst, TrackResult *res)
{
    bool ok = true;
    for (int j = 0; j < jobs; j++) {
        w[j] = (TrackWorker){.t = {.g = g, .inst = inst, .ninst = ninst}, .r = r,
                             .first = (uint64_t)j, .step = (uint64_t)jobs, .res = res,
                             .st = malloc(g->state_size)};
        ok = ok && w[j].st;
    }
    return ok;
}

int track_run(const RtGame *g, const char *prog, const char *name, const SimRun *r, int jobs)
{
    if (!g->off_slot_of) {
        fprintf(stderr, "%s: --track: this game keeps no slot of each card\n", prog);
        return 2;
    }
    jobs = jobs < 1 ? 1 : jobs > RT_MAX_JOBS ? RT_MAX_JOBS : jobs;
    int *inst = malloc(sizeof *inst * (size_t)(g->ninstances ? g->ninstances : 1));
    TrackResult *res = malloc(sizeof *res * TRACK_BLOCK);
    TrackWorker *w = calloc((size_t)jobs, sizeof *w);
    bool ok = inst && res && w && workers_init(w, jobs, g, r, inst,
                                               inst ? instances_named(g, name, inst) : 0, res);
    int rc = ok ? 0 : 1;
    if (!ok)
        fprintf(stderr, "%s: out of memory\n", prog);
    else if (w[0].t.ninst == 0) {
        fprintf(stderr, "%s: --track: no card named \"%s\"\n", prog, name);
        rc = 2;
    } else {
        printf("cardc-track %d %d %llu %llu %s\n", TRACK_VERSION, r->players,
               (unsigned long long)r->seed, (unsigned long long)r->games, name);
        for (uint64_t b = 0; b < r->games; b += TRACK_BLOCK)
            track_block(w, jobs, b, r->games - b < TRACK_BLOCK ? r->games - b : TRACK_BLOCK);
    }
    for (int j = 0; w && j < jobs; j++)
        free(w[j].st);
    free(w);
    free(res);
    free(inst);
    return rc;
}

/* ---- stats impact ---- */

/* A track file's header. */
typedef struct TrackHead {
    int players;
    unsigned long long seed, games;
    char name[256];             /* the card tracked */
} TrackHead;

/* One game's line. */
typedef struct TrackLine {
    unsigned long long index;
    int holder, faulted, drawn, played, held;
    unsigned long long wins[RT_MAX_PLAYERS];
} TrackLine;

static bool read_head(FILE *f, TrackHead *h)
{
    int version;
    char line[512];
    if (!fgets(line, sizeof line, f))
        return false;
    int used = 0;
    if (sscanf(line, "cardc-track %d %d %llu %llu %n", &version, &h->players, &h->seed,
               &h->games, &used) != 4 || version != TRACK_VERSION || used == 0 ||
        h->players < 1 || h->players > RT_MAX_PLAYERS)
        return false;
    snprintf(h->name, sizeof h->name, "%s", line + used);
    h->name[strcspn(h->name, "\n")] = '\0';
    return true;
}

static bool read_line(FILE *f, int players, TrackLine *l)
{
    if (fscanf(f, "%llu %d %d %d %d %d", &l->index, &l->holder, &l->faulted, &l->drawn,
               &l->played, &l->held) != 6 || l->holder < -1 || l->holder >= players)
        return false;
    for (int p = 0; p < players; p++)
        if (fscanf(f, "%llu", &l->wins[p]) != 1 || l->wins[p] > SIM_WIN_UNIT)
            return false;
    return true;
}

/* What the pairs and the first run's games add up to (integers). */
typedef struct ImpactSums {
    uint64_t games, faulted;    /* games of the run; pairs left out for a fault */
    uint64_t pairs;             /* games with a holder, neither faulted */
    int64_t diff;               /* sum of the holder's wins with minus without */
    uint64_t diff_sq;           /* sum of their squares */
    uint64_t drawn, played, held;        /* games where a copy was so */
    uint64_t win_drawn, win_played, win_held; /* the holder's wins in those games */
    uint64_t differ;            /* games whose holder, fault or any seat's wins differ */
} ImpactSums;

/* Whether the two runs' lines of a game tell the same game apart in
 * nothing they record: holder, fault and every seat's wins. */
static bool same_outcome(const TrackLine *a, const TrackLine *b, int players)
{
    if (a->holder != b->holder || a->faulted != b->faulted)
        return false;
    for (int p = 0; p < players; p++)
        if (a->wins[p] != b->wins[p])
            return false;
    return true;
}

static void add_pair(ImpactSums *s, const TrackLine *a, const TrackLine *b, int players)
{
    uint64_t w = a->holder >= 0 ? a->wins[a->holder] : 0;
    s->games++;
    s->differ += !same_outcome(a, b, players);
    s->drawn += (uint64_t)a->drawn;
    s->played += (uint64_t)a->played;
    s->held += (uint64_t)a->held;
    s->win_drawn += a->drawn ? w : 0;
    s->win_played += a->played ? w : 0;
    s->win_held += a->held ? w : 0;
    if (a->faulted || b->faulted) {
        s->faulted++;
        return;
    }
    if (a->holder < 0)
        return;
    int64_t d = (int64_t)w - (int64_t)b->wins[a->holder];
    s->pairs++;
    s->diff += d;
    s->diff_sq += (uint64_t)(d * d);
}

/* Reads both files into s; false with why. */
static bool read_pairs(FILE *fa, FILE *fb, TrackHead *ha, ImpactSums *s, const char **why)
{
    TrackHead hb;
    if (!read_head(fa, ha) || !read_head(fb, &hb)) {
        *why = "not a track file (simulate --track)";
        return false;
    }
    if (ha->players != hb.players || ha->seed != hb.seed || ha->games != hb.games) {
        *why = "the two runs are not of the same players, seed and games";
        return false;
    }
    for (uint64_t i = 0; i < ha->games; i++) {
        TrackLine a, b;
        if (!read_line(fa, ha->players, &a) || !read_line(fb, hb.players, &b) ||
            a.index != i || b.index != i) {
            *why = "a game's line is missing or malformed";
            return false;
        }
        add_pair(s, &a, &b, ha->players);
    }
    return true;
}

static double share(uint64_t n, uint64_t of)
{
    return of ? 100.0 * (double)n / (double)of : 0.0;
}

/* The holder's win rate, in points, over the games counted. */
static double win_rate(uint64_t units, uint64_t games)
{
    return games ? 100.0 * (double)units / (double)SIM_WIN_UNIT / (double)games : 0.0;
}

/* The figures of one card from its sums. */
static ImpactFig impact_fig(const TrackHead *h, const ImpactSums *s)
{
    double n = (double)s->pairs, unit = 100.0 / SIM_WIN_UNIT;
    double mean = n ? (double)s->diff / n : 0.0;
    double var = n > 1 ? ((double)s->diff_sq - n * mean * mean) / (n - 1) : 0.0;
    double half = n > 1 ? 1.96 * lab_root(var / n) : 0.0;
    ImpactFig f = {.players = h->players, .seed = h->seed, .games = h->games,
                   .pairs = s->pairs, .faulted = s->faulted, .impact = mean * unit,
                   .low = (mean - half) * unit, .high = (mean + half) * unit,
                   .drawn = share(s->drawn, s->games), .played = share(s->played, s->games),
                   .held = share(s->held, s->games),
                   .win_drawn = win_rate(s->win_drawn, s->drawn),
                   .win_played = win_rate(s->win_played, s->played),
                   .win_held = win_rate(s->win_held, s->held)};
    snprintf(f.card, sizeof f.card, "%s", h->name);
    f.dominant = s->pairs > 1 && f.low > DOMINANT_POINTS;
    f.unchanged = s->games > 0 && s->differ == 0;
    f.dead = s->drawn == 0 || s->played == 0 ||
             (s->pairs >= DEAD_GAMES && f.low > -DEAD_POINTS && f.high < DEAD_POINTS);
    return f;
}

void impact_json(FILE *f, const ImpactFig *x)
{
    fputs("{\"card\":", f);
    rt_json_string(f, x->card);
    fprintf(f, ",\"players\":%d,\"seed\":%llu,\"games\":%llu,\"pairs\":%llu,\"faulted\":%llu,"
               "\"impact\":%.2f,\"low\":%.2f,\"high\":%.2f,"
               "\"drawn\":%.2f,\"played\":%.2f,\"held\":%.2f,"
               "\"win_drawn\":%.2f,\"win_played\":%.2f,\"win_held\":%.2f,"
               "\"dominant\":%s,\"dead\":%s,\"unchanged\":%s}",
            x->players, x->seed, x->games, (unsigned long long)x->pairs,
            (unsigned long long)x->faulted, x->impact, x->low, x->high, x->drawn, x->played,
            x->held, x->win_drawn, x->win_played, x->win_held, x->dominant ? "true" : "false",
            x->dead ? "true" : "false", x->unchanged ? "true" : "false");
}

/* One pair of track files into *fig; false with the reason said. */
static bool impact_pair(const char *prog, const char *with, const char *without,
                        ImpactFig *fig)
{
    FILE *fa = fopen(with, "r"), *fb = fopen(without, "r");
    if (!fa || !fb) {
        fprintf(stderr, "%s: stats impact: cannot read '%s'\n", prog, fa ? without : with);
        if (fa)
            fclose(fa);
        if (fb)
            fclose(fb);
        return false;
    }
    TrackHead h = {0};
    ImpactSums s = {0};
    const char *why = NULL;
    bool ok = read_pairs(fa, fb, &h, &s, &why);
    fclose(fa);
    fclose(fb);
    if (!ok)
        fprintf(stderr, "%s: stats impact %s %s: %s\n", prog, with, without, why);
    else
        *fig = impact_fig(&h, &s);
    return ok;
}

int impact_command(const RtGame *g, const char *prog, int argc, char **argv)
{
    const char *dir = NULL;
    if (argc >= 2 && !strcmp(argv[0], "--report")) {
        dir = argv[1];
        argc -= 2, argv += 2;
    }
    if (argc < 2 || argc % 2) {
        fprintf(stderr, "usage: %s stats impact [--report DIR] WITH WITHOUT [WITH WITHOUT]...\n",
                prog);
        return 2;
    }
    int n = argc / 2;
    ImpactFig *figs = calloc((size_t)n, sizeof *figs);
    bool ok = figs != NULL;
    if (!ok)
        fprintf(stderr, "%s: out of memory\n", prog);
    for (int i = 0; ok && i < n; i++)
        ok = impact_pair(prog, argv[2 * i], argv[2 * i + 1], &figs[i]);
    for (int i = 0; ok && i < n; i++) {
        impact_json(stdout, &figs[i]);
        putchar('\n');
    }
    if (ok && dir)
        ok = impact_report_write(dir, prog, g, figs, n);
    free(figs);
    return ok ? 0 : 1;
}
