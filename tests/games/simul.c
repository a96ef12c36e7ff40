/* simul.c: a simultaneous choice shows no seat another seat's answer
 * before every seat has answered (docs/LANGUAGE.md, "Simultaneous
 * choices"). Linked with a game's C (compiled with -DCARDC_NO_MAIN, which
 * exposes `const RtGame game`) and libcardrt; its streams are written by
 * the library's own views (runtime/view.c), as `play --protocol json`
 * writes them for the seat a stream plays.
 *
 *   simul K SEEDS
 *
 * For each seed 1..SEEDS and each player count of the game's range (at
 * most 4), the game is played twice; every seat answers every decision
 * with its first option, but seat 0, in the K-th simultaneous choice
 * (counted from 1) where it has two options or more, answers with its
 * first option in one game and its last in the other. Seat 0 is asked
 * first; then, for every other seat S, S's JSON stream must be:
 *   - the same in both games, byte for byte, up to that choice's
 *     `responses` line: S's own question (its options and its view), the
 *     moves, the numbers, nothing tells S what seat 0 answered before the
 *     rules show it;
 *   - and different from that line on: the reveal shows it (so that the
 *     two games do differ where the test says they do not before).
 * Prints one line per pair of games and "simul: N passed, M failed";
 * exits 1 if any failed, 2 on bad usage or when no game reached a K-th
 * simultaneous choice. */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

extern const RtGame game;

static const RtGame *g = &game;

/* The choice whose answer differs: the K-th simultaneous choice where
 * seat 0 has two options or more, and which of them seat 0 takes. */
static struct {
    int k;
    bool last;      /* this game: seat 0 takes its last option there */
    int seen;       /* such choices met so far */
    uint32_t id;    /* the window of the K-th, once met (0 before) */
} vary;

/* The answer to the pending decision of st. */
static int answer(const void *st)
{
    const RtCore *c = st;
    const RtWindow *w = rt_window_of(g, st);
    if (!w || w->kind != RT_WINDOW_SIMUL || c->dec.player != 0 || c->dec.noptions < 2)
        return 0;
    if (++vary.seen != vary.k)
        return 0;
    vary.id = w->id;
    return vary.last ? c->dec.noptions - 1 : 0;
}

/* The JSON stream of seat `viewer` in the game of seed and n players in
 * which seat 0 takes its `last` option in the varied choice; malloc'd. */
static char *stream(int viewer, uint64_t seed, int n, bool last)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    RtPlay *pl = calloc(1, sizeof *pl);
    void *st = calloc(1, g->state_size);
    if (!f || !pl || !st) {
        fprintf(stderr, "simul: out of memory\n");
        exit(2);
    }
    *pl = (RtPlay){.g = g, .prog = "simul", .st = st, .seed = seed, .nplayers = n,
                   .json = true, .viewers = 1u << viewer, .in = stdin, .out = f,
                   .io_status = -1};
    vary.last = last;
    vary.seen = 0;
    vary.id = 0;
    rt_set_observer(g, rt_observe, pl);
    rt_set_window_observer(g, rt_observe_window, pl);
    rt_new(g, st, seed, n);
    while (rt_core(st)->over == RT_PLAYING) {
        if (rt_core(st)->dec.player == viewer)
            rt_json_decision(pl);
        rt_apply(g, st, answer(st));
    }
    rt_print_end(pl, NULL);
    rt_set_observer(g, NULL, NULL);
    rt_set_window_observer(g, NULL, NULL);
    fclose(f);
    free(pl);
    free(st);
    return buf;
}

/* Where the responses line of window id starts in s (strlen(s) if none). */
static size_t reveal_at(const char *s, uint32_t id)
{
    char key[80];
    snprintf(key, sizeof key, "{\"type\":\"responses\",\"window\":{\"id\":%u,", (unsigned)id);
    const char *k = strstr(s, key);
    return k ? (size_t)(k - s) : strlen(s);
}

/* The first line where a and b differ, for a message. */
static void show_difference(const char *a, const char *b)
{
    size_t i = 0, start = 0;
    while (a[i] && a[i] == b[i]) {
        if (a[i] == '\n')
            start = i + 1;
        i++;
    }
    printf("    one:   %.300s\n    other: %.300s\n", a + start, b + start);
}

static int pass, failed;

/* One pair of games, seen by seat viewer. */
static void pair(int viewer, uint64_t seed, int n)
{
    char *a = stream(viewer, seed, n, false);
    uint32_t id = vary.id;
    char *b = stream(viewer, seed, n, true);
    if (!id || vary.id != id) {
        free(a);
        free(b);
        return; /* no such choice in this game */
    }
    size_t ra = reveal_at(a, id), rb = reveal_at(b, id);
    bool same_before = ra == rb && ra < strlen(a) && !strncmp(a, b, ra);
    bool differ_after = same_before && strcmp(a + ra, b + rb) != 0;
    bool ok = same_before && differ_after;
    printf("%s seed %llu, %d players, seat %d: %s\n", ok ? "ok" : "FAIL",
           (unsigned long long)seed, n, viewer,
           !same_before ? "its stream differs before the answers are revealed"
           : !differ_after ? "the two answers show nothing different, even once revealed"
                           : "the same until the reveal");
    if (!same_before)
        show_difference(a, b);
    ok ? pass++ : failed++;
    free(a);
    free(b);
}

int main(int argc, char **argv)
{
    if (argc != 3 || atoi(argv[1]) < 1 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: simul K SEEDS\n");
        return 2;
    }
    vary.k = atoi(argv[1]);
    int seeds = atoi(argv[2]);
    int hi = g->max_players < 4 ? g->max_players : 4;
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; seed++)
        for (int n = g->min_players < 2 ? 2 : g->min_players; n <= hi; n++)
            for (int viewer = 1; viewer < n; viewer++)
                pair(viewer, seed, n);
    printf("simul: %d passed, %d failed\n", pass, failed);
    if (pass + failed == 0)
        return 2;
    return failed ? 1 : 0;
}
