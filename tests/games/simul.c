/* simul.c: a simultaneous choice shows no seat another seat's answer
 * before every seat has answered (docs/LANGUAGE.md, "Simultaneous
 * choices"). Linked with a game's C (compiled with -DCARDC_NO_MAIN, which
 * exposes `const RtGame game`) and libcardrt; its streams are written by
 * the library's own views (runtime/view.c), as `play --protocol json`
 * writes them for the seat a stream plays.
 *
 *   simul K SEEDS [--terminal]
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
 * With --terminal the streams are S's terminal transcripts instead (as
 * `play --seats` writes them for a human in seat S: the table and the
 * question when S decides, the moves, the "Player N chooses" lines), the
 * reveal being where that choice's answers are printed.
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
    bool terminal;  /* the streams are terminal transcripts, not JSON */
    long reveal;    /* where the K-th's answers begin in the stream (-1 before) */
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

/* The window observer of the streams: the views' own, which prints the
 * answers of a window that closed, after noting where in the stream
 * those of the varied choice begin. */
static void observe_window(void *ctx, const RtGame *game_, const void *st, const RtWindow *w)
{
    RtPlay *pl = ctx;
    if (vary.id && w->id == vary.id && w->kind == RT_WINDOW_SIMUL && vary.reveal < 0)
        vary.reveal = ftell(pl->out);
    rt_observe_window(ctx, game_, st, w);
}

/* Sets the observers the views of a stream need, or none (pl NULL). */
static void observe(RtPlay *pl)
{
    rt_set_observer(g, pl ? rt_observe : NULL, pl);
    rt_set_window_observer(g, pl ? observe_window : NULL, pl);
    if (!vary.terminal)
        return;
    rt_set_show_observer(g, pl ? rt_observe_show : NULL, pl);
    rt_set_taken_observer(g, pl ? rt_observe_taken : NULL, pl);
    rt_set_out_observer(g, pl ? rt_observe_out : NULL, pl);
}

/* Seat viewer is asked the pending decision: its question, as the stream
 * shows it. */
static void ask(RtPlay *pl, int viewer)
{
    if (!vary.terminal) {
        rt_json_decision(pl);
        return;
    }
    rt_print_table(pl, viewer);
    rt_print_question(pl);
}

/* The stream of seat `viewer` in the game of seed and n players in which
 * seat 0 takes its `last` option in the varied choice; malloc'd. */
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
                   .json = !vary.terminal, .viewers = 1u << viewer, .in = stdin, .out = f,
                   .io_status = -1};
    vary.last = last;
    vary.seen = 0;
    vary.id = 0;
    vary.reveal = -1;
    observe(pl);
    rt_new(g, st, seed, n);
    while (rt_core(st)->over == RT_PLAYING) {
        if (rt_core(st)->dec.player == viewer)
            ask(pl, viewer);
        int pick = answer(st);
        if (vary.terminal && !rt_window_of(g, st)) /* as cli.c's play_loop */
            rt_show_chosen(pl, pick);
        rt_apply(g, st, pick);
    }
    rt_print_end(pl, NULL);
    observe(NULL);
    fclose(f);
    free(pl);
    free(st);
    return buf;
}

/* Where the responses line of window id starts in s (strlen(s) if none);
 * in a terminal transcript, where the answers were printed (reveal, -1
 * if they were not). */
static size_t reveal_at(const char *s, uint32_t id, long reveal)
{
    if (vary.terminal)
        return reveal >= 0 ? (size_t)reveal : strlen(s);
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
    long reveal = vary.reveal;
    char *b = stream(viewer, seed, n, true);
    if (!id || vary.id != id) {
        free(a);
        free(b);
        return; /* no such choice in this game */
    }
    size_t ra = reveal_at(a, id, reveal), rb = reveal_at(b, id, vary.reveal);
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
    vary.terminal = argc == 4 && !strcmp(argv[3], "--terminal");
    if ((argc != 3 && !vary.terminal) || atoi(argv[1]) < 1 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: simul K SEEDS [--terminal]\n");
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
