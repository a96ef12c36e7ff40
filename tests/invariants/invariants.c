/* invariants.c: many seeded random games of one game, checked at every
 * decision.
 *
 * Written only against runtime/rt.h: link it with a game's generated C
 * compiled with -DCARDC_NO_MAIN (which exposes `const RtGame game`).
 *
 *     invariants [--games N] [--players A..B] [--seed S] [--sample K]
 *                [--jobs J]
 *
 * Game i (0 <= i < N) is played with seed S + i by A + i mod (B - A + 1)
 * players; every seat picks uniformly among the options, from a generator
 * of its own seeded by the game's seed. After every decision:
 *   - rt_check_state holds (zone sizes within bounds, every card instance in
 *     exactly one place, slot_of agrees, the pending decision well formed);
 *   - on every K-th decision (default 7), slot_of is also checked by our
 *     own count, and every offered option is legal:
 *     applied to a clone (rt_clone), rt_apply accepts it, the clone does not
 *     fault and still passes rt_check_state (the option the seat picks is
 *     applied to the game itself, whose state gets the same checks: a
 *     clone of it would reach that very state and check it twice); what
 *     the views show besides the zones holds: whose turn it is is a seat
 *     or none, the round is not negative, and every number the views show
 *     has a value (a shown func computed on a copy does not fault);
 * and every game ends: RT_ENDED with at least one winner (or a draw the
 * rules declare), never RT_FAULT, never the decision bound. The rules'
 * own invariants (`invariant "TEXT": COND`) are checked by the game as
 * each decision opens and at the end: one that does not hold is a fault,
 * reported with its line and its text (rt_fault_text).
 *
 * The games are split over J processes (default 2). Prints the first
 * failures, one line of figures, then `invariants: N passed, M failed`
 * (N + M = games); exits 1 if any game failed. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* fork, pipe, clock_gettime */
#endif
#include "rt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern const RtGame game;

enum { MAX_JOBS = 64, SHOW_FAILURES = 5 };

/* The label of every option tried is written under ASan+UBSan, which
 * check that writing it is sound; at full speed, only for a message (it is
 * a tenth of the work there). */
#ifdef __SANITIZE_ADDRESS__
enum { LABEL_EVERY_OPTION = 1 };
#else
enum { LABEL_EVERY_OPTION = 0 };
#endif

typedef struct Totals {
    long long games, passed, failed;
    long long decisions, tried;     /* options applied on clones */
    long long turns;
} Totals;

static const RtGame *G;
static void *st, *probe;

static const char *slot_name(int slot, char *buf, size_t n)
{
    const RtZone *z = &G->zones[G->slot_zone[slot]];
    if (z->per_player)
        snprintf(buf, n, "%s[%d]", z->name, G->slot_owner[slot]);
    else
        snprintf(buf, n, "%s", z->name);
    return buf;
}

/* What the views show besides the zones (RtGame.time, RtGame.numbers). */
static int check_shown(const void *s, char *why, size_t n)
{
    RtTime t;
    int np = ((const RtCore *)s)->nplayers;
    if (((const RtCore *)s)->over != RT_PLAYING)
        return 1; /* views are shown at decisions */
    if (rt_time(G, s, &t) && (t.active < -1 || t.active >= np || t.round < -1)) {
        snprintf(why, n, "the views say active %d, round %d", t.active, t.round);
        return 0;
    }
    for (int i = 0; i < G->nnumbers; i++)
        for (int p = G->numbers[i].per_player ? 0 : -1; p < (G->numbers[i].per_player ? np : 0);
             p++) {
            int32_t v;
            if (!rt_number_value(G, s, i, p, &v)) {
                snprintf(why, n, "number %s of seat %d has no value", G->numbers[i].name, p);
                return 0;
            }
        }
    return 1;
}

/* rt_check_state, and with deep set, slot_of against the zones by our own
 * count (rt_check_state checks it too: this keeps the test honest if the
 * runtime ever stops, at a fraction of the cost). */
static int check(const void *s, int deep, char *why, size_t n)
{
    if (!rt_check_state(G, s, why, n))
        return 0;
    if (deep && !check_shown(s, why, n))
        return 0;
    if (!deep || !G->off_slot_of)
        return 1;
    /* straight through the table's offsets: this runs after every decision */
    const char *base = s;
    const uint16_t *so = (const uint16_t *)(base + G->off_slot_of);
    const uint16_t *size = (const uint16_t *)(base + G->off_zsize);
    const uint16_t *cards = (const uint16_t *)(base + G->off_zcard);
    for (int slot = 0; slot < G->nslots; slot++, cards += G->ninstances)
        for (int i = 0; i < size[slot]; i++) {
            int c = cards[i];
            if (so[c] != slot) {
                char a[64], b[64];
                snprintf(why, n, "card %d (%s) is in %s but slot_of says %s", c,
                         G->card_name[c], slot_name(slot, a, sizeof a),
                         slot_name(so[c], b, sizeof b));
                return 0;
            }
        }
    return 1;
}

/* The player deciding is in the game: a player out (RtGame.out) is never
 * asked; 0 and why if it is, at decision k. */
static int decider_in(const RtCore *c, long long k, char *why, size_t n)
{
    int seat[RT_MAX_PLAYERS], turn[RT_MAX_PLAYERS];
    int out = G->out ? G->out(st, seat, turn) : 0;
    for (int i = 0; i < out; i++)
        if (seat[i] == c->dec.player) {
            snprintf(why, n, "decision %lld asks player %d, out of the game since turn %d", k,
                     seat[i], turn[i]);
            return 0;
        }
    return 1;
}

/* Plays game i; returns 1 if it passed, else writes why. */
static int play(uint64_t seed, int players, int sample, Totals *t, char *why, size_t n)
{
    RtRng policy;
    rt_seed(&policy, seed ^ 0x5eed5eed5eedULL);
    rt_new(G, st, seed, players);
    RtCore *c = rt_core(st);
    char w[512];
    if (!check(st, 1, w, sizeof w)) {
        snprintf(why, n, "after set-up: %s", w);
        return 0;
    }
    long long k = 0;
    while (c->over == RT_PLAYING) {
        int nopt = c->dec.noptions;
        if (!decider_in(c, k, why, n))
            return 0;
        int deep = sample > 0 && k % sample == 0;
        int pick = (int)rt_below(&policy, (uint32_t)nopt);
        if (deep) {
            /* the option picked is tried on the state itself, below, with
             * the same checks: a clone of it would check that state twice */
            for (int i = 0; i < nopt; i++) {
                if (i == pick)
                    continue;
                rt_clone(G, probe, st);
                RtCore *pc = rt_core(probe);
                char label[256]; /* for a message, or for the sanitizers */
                if (LABEL_EVERY_OPTION)
                    rt_option_label(G, st, i, label, sizeof label);
                t->tried++;
                if (!rt_apply(G, probe, i)) {
                    rt_option_label(G, st, i, label, sizeof label);
                    snprintf(why, n, "decision %lld: rt_apply refused offered option %d \"%s\"",
                             k, i, label);
                    return 0;
                }
                if (pc->over == RT_FAULT) {
                    rt_option_label(G, st, i, label, sizeof label);
                    snprintf(why, n,
                             "decision %lld (player %d, \"%s\"): option %d \"%s\" "
                             "faults: %s", k, c->dec.player, G->prompts[c->dec.prompt], i,
                             label, rt_fault_text(G, probe, w, sizeof w));
                    return 0;
                }
                if (!check(probe, 1, w, sizeof w)) {
                    rt_option_label(G, st, i, label, sizeof label);
                    snprintf(why, n, "decision %lld: option %d \"%s\" leaves a bad state: %s",
                             k, i, label, w);
                    return 0;
                }
            }
            char label[256];
            if (LABEL_EVERY_OPTION)
                rt_option_label(G, st, pick, label, sizeof label);
            t->tried++;
        }
        if (!rt_apply(G, st, pick)) {
            snprintf(why, n, "decision %lld: rt_apply refused option %d of %d", k, pick, nopt);
            return 0;
        }
        k++;
        if (!check(st, deep, w, sizeof w)) {
            snprintf(why, n, "after decision %lld: %s", k, w);
            return 0;
        }
    }
    t->decisions += k;
    t->turns += c->turns;
    if (c->over == RT_FAULT) {
        snprintf(why, n, "fault after %lld decisions: %s", k, rt_fault_text(G, st, w, sizeof w));
        return 0;
    }
    if (rt_hit_bound(st)) {
        snprintf(why, n, "the game did not end within %lld decisions", (long long)c->max_decisions);
        return 0;
    }
    if (c->over == RT_ENDED) {
        int winners = 0, seat[RT_MAX_PLAYERS], turn[RT_MAX_PLAYERS];
        int out = G->out ? G->out(st, seat, turn) : 0;
        for (int p = 0; p < c->nplayers; p++)
            winners += c->winner[p] != 0;
        for (int i = 0; i < out; i++)
            if (c->winner[seat[i]]) {
                snprintf(why, n, "player %d won, out of the game since turn %d", seat[i],
                         turn[i]);
                return 0;
            }
        /* nobody wins when every player is defeated, or out */
        if (!winners && !G->may_defeat_all && out < c->nplayers) {
            snprintf(why, n, "the game ended with no winner");
            return 0;
        }
    }
    return 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Plays the games job, job + jobs, ... of [0, games). */
static void run_share(long long games, int job, int jobs, uint64_t seed, int lo, int hi,
                      int sample, Totals *t)
{
    int shown = 0;
    for (long long i = job; i < games; i += jobs) {
        int players = lo + (int)(i % (hi - lo + 1));
        char why[1024];
        t->games++;
        if (play(seed + (uint64_t)i, players, sample, t, why, sizeof why)) {
            t->passed++;
        } else {
            t->failed++;
            if (shown++ < SHOW_FAILURES) {
                printf("FAIL game %lld (seed %llu, %d players): %s\n", i,
                       (unsigned long long)(seed + (uint64_t)i), players, why);
                fflush(stdout);
            }
        }
    }
}

static int usage(const char *argv0)
{
    fprintf(stderr,
            "usage: %s [--games N] [--players A..B] [--seed S] [--sample K] [--jobs J]\n",
            argv0);
    return 2;
}

int main(int argc, char **argv)
{
    long long games = 1000;
    int lo, hi, sample = 7, jobs = 2;
    uint64_t seed = 1;
    G = &game;
    lo = G->min_players;
    hi = G->max_players;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (!v)
            return usage(argv[0]);
        if (strcmp(a, "--games") == 0) {
            games = strtoll(v, &end, 10);
            if (*end || games < 1)
                return usage(argv[0]);
        } else if (strcmp(a, "--players") == 0) {
            lo = (int)strtol(v, &end, 10);
            hi = lo;
            if (end[0] == '.' && end[1] == '.')
                hi = (int)strtol(end + 2, &end, 10);
            if (*end || lo > hi || lo < G->min_players || hi > G->max_players) {
                fprintf(stderr, "%s: players must lie in %d..%d\n", argv[0],
                        G->min_players, G->max_players);
                return 2;
            }
        } else if (strcmp(a, "--seed") == 0) {
            seed = strtoull(v, &end, 10);
            if (*end)
                return usage(argv[0]);
        } else if (strcmp(a, "--sample") == 0) {
            sample = (int)strtol(v, &end, 10);
            if (*end || sample < 0)
                return usage(argv[0]);
        } else if (strcmp(a, "--jobs") == 0) {
            jobs = (int)strtol(v, &end, 10);
            if (*end || jobs < 1 || jobs > MAX_JOBS)
                return usage(argv[0]);
        } else {
            return usage(argv[0]);
        }
        i++;
    }
    st = malloc(G->state_size);
    probe = malloc(G->state_size);
    if (!st || !probe) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 2;
    }
    double t0 = now();
    Totals all = {0};
    if (jobs == 1) {
        run_share(games, 0, 1, seed, lo, hi, sample, &all);
    } else {
        int fd[MAX_JOBS];
        pid_t pid[MAX_JOBS];
        fflush(stdout);
        for (int j = 0; j < jobs; j++) {
            int p[2];
            if (pipe(p) != 0) {
                perror("pipe");
                return 2;
            }
            pid[j] = fork();
            if (pid[j] < 0) {
                perror("fork");
                return 2;
            }
            if (pid[j] == 0) {
                Totals t = {0};
                close(p[0]);
                run_share(games, j, jobs, seed, lo, hi, sample, &t);
                ssize_t w = write(p[1], &t, sizeof t);
                close(p[1]);
                free(st);
                free(probe);
                _exit(w == (ssize_t)sizeof t ? 0 : 3);
            }
            close(p[1]);
            fd[j] = p[0];
        }
        for (int j = 0; j < jobs; j++) {
            Totals t = {0};
            size_t got = 0;
            while (got < sizeof t) {
                ssize_t r = read(fd[j], (char *)&t + got, sizeof t - got);
                if (r < 0 && errno == EINTR)
                    continue;
                if (r <= 0)
                    break;
                got += (size_t)r;
            }
            close(fd[j]);
            int status = 0;
            waitpid(pid[j], &status, 0);
            if (got != sizeof t || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                /* a crashed worker: count its whole share as failed */
                long long share = games / jobs + (j < games % jobs);
                printf("FAIL worker %d crashed (status %d): %lld games not played\n", j,
                       status, share - t.games);
                t.failed += share - t.games;
                t.games = share;
            }
            all.games += t.games;
            all.passed += t.passed;
            all.failed += t.failed;
            all.decisions += t.decisions;
            all.tried += t.tried;
            all.turns += t.turns;
        }
    }
    double secs = now() - t0;
    printf("%s: %lld games at %d..%d players, seeds %llu..%llu, %lld decisions "
           "(%.1f turns a game), %lld options tried (on clones, but the one picked), %.2f s\n",
           G->name, all.games, lo, hi, (unsigned long long)seed,
           (unsigned long long)(seed + (uint64_t)games - 1), all.decisions,
           all.games ? (double)all.turns / (double)all.games : 0.0, all.tried, secs);
    printf("invariants: %lld passed, %lld failed\n", all.passed, all.failed);
    free(st);
    free(probe);
    return all.failed ? 1 : 0;
}
