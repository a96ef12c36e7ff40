/* serve_game.c: the game `GAME serve` plays. Each human seat has its own
 * protocol writer (an RtPlay of view.c whose viewers are that seat alone),
 * writing into memory: its lines are exactly those `play --protocol json`
 * writes to a stream that plays that seat alone, and no second filter of
 * what a seat may see exists. Every line is kept, so that a page that
 * comes back is sent the seat's whole history. Random seats answer inside,
 * from the generators play gives them: the same seed and the same answers
 * give the same game as play. */
#include "serve.h"

#include <stdlib.h>
#include <string.h>

/* ---- the observers: each event to every human seat's writer ---- */

static void each_observe(void *ctx, const RtGame *g, const void *st, RtMove m)
{
    RtServeGame *sg = ctx;
    for (int p = 0; p < sg->nplayers; p++)
        if (sg->stream[p].pl)
            rt_observe(sg->stream[p].pl, g, st, m);
}

static void each_window(void *ctx, const RtGame *g, const void *st, const RtWindow *w)
{
    RtServeGame *sg = ctx;
    for (int p = 0; p < sg->nplayers; p++)
        if (sg->stream[p].pl)
            rt_observe_window(sg->stream[p].pl, g, st, w);
}

static void each_show(void *ctx, const RtGame *g, const void *st, int card, unsigned seats)
{
    RtServeGame *sg = ctx;
    for (int p = 0; p < sg->nplayers; p++)
        if (sg->stream[p].pl)
            rt_observe_show(sg->stream[p].pl, g, st, card, seats);
}

static void each_taken(void *ctx, const RtGame *g, const void *st)
{
    RtServeGame *sg = ctx;
    for (int p = 0; p < sg->nplayers; p++)
        if (sg->stream[p].pl)
            rt_observe_taken(sg->stream[p].pl, g, st);
}

static void each_out(void *ctx, const RtGame *g, const void *st, int p, int turn)
{
    RtServeGame *sg = ctx;
    for (int q = 0; q < sg->nplayers; q++)
        if (sg->stream[q].pl)
            rt_observe_out(sg->stream[q].pl, g, st, p, turn);
}

static void set_observers(RtServeGame *sg, bool on)
{
    const RtGame *g = sg->g;
    rt_set_observer(g, on ? each_observe : NULL, on ? sg : NULL);
    rt_set_window_observer(g, on ? each_window : NULL, on ? sg : NULL);
    rt_set_show_observer(g, on ? each_show : NULL, on ? sg : NULL);
    rt_set_taken_observer(g, on ? each_taken : NULL, on ? sg : NULL);
    rt_set_out_observer(g, on ? each_out : NULL, on ? sg : NULL);
}

/* ---- the streams ---- */

/* Flushes seat p's writer and notes the whole lines it now holds. */
static void stream_sync(RtServeGame *sg, RtSeatStream *s)
{
    if (fflush(s->f) != 0 || ferror(s->f)) {
        sg->failed = true;
        return;
    }
    size_t from = s->nlines ? s->line_end[s->nlines - 1] : 0;
    for (size_t i = from; i < s->size; i++) {
        if (s->buf[i] != '\n')
            continue;
        if (s->nlines == s->cap) {
            size_t cap = s->cap ? 2 * s->cap : 256;
            size_t *more = realloc(s->line_end, cap * sizeof *more);
            if (!more) {
                sg->failed = true;
                return;
            }
            s->line_end = more, s->cap = cap;
        }
        s->line_end[s->nlines++] = i + 1;
    }
}

static void sync_all(RtServeGame *sg)
{
    for (int p = 0; p < sg->nplayers; p++)
        if (sg->stream[p].pl)
            stream_sync(sg, &sg->stream[p]);
}

static bool stream_open(RtServeGame *sg, int p, uint64_t seed)
{
    RtSeatStream *s = &sg->stream[p];
    s->pl = calloc(1, sizeof *s->pl);
    s->f = open_memstream(&s->buf, &s->size);
    if (!s->pl || !s->f)
        return false;
    *s->pl = (RtPlay){.g = sg->g, .prog = sg->prog, .st = sg->st, .seed = seed,
                      .nplayers = sg->nplayers, .json = true, .viewers = 1u << p,
                      .in = NULL, .out = s->f, .io_status = -1};
    for (int q = 0; q < sg->nplayers; q++)
        s->pl->seat[q] = sg->seat[q] == RT_SEAT_HUMAN ? RT_SEAT_JSON : RT_SEAT_RANDOM;
    return true;
}

static void stream_close(RtSeatStream *s)
{
    if (s->f)
        fclose(s->f);
    free(s->buf);
    free(s->line_end);
    free(s->pl);
    *s = (RtSeatStream){0};
}

/* ---- playing ---- */

/* Option pick of the pending decision, taken: as play_loop does, the
 * choice shown (a public one's "chosen" line) unless a window seals it. */
static void take(RtServeGame *sg, int pick)
{
    if (!rt_window_of(sg->g, sg->st))
        for (int p = 0; p < sg->nplayers; p++)
            if (sg->stream[p].pl)
                rt_show_chosen(sg->stream[p].pl, pick);
    rt_machines_apply(&sg->mach, sg->g, sg->st, pick);
}

/* Plays the machine seats' decisions, then asks the human seat whose
 * decision is pending (its decision line), or writes every seat's end. */
static void play_on(RtServeGame *sg)
{
    const RtCore *c = sg->st;
    while (c->over == RT_PLAYING && rt_seat_machine(sg->seat[c->dec.player]))
        take(sg, rt_machines_pick(&sg->mach, sg->st, true));
    for (int p = 0; p < sg->nplayers; p++) {
        RtPlay *pl = sg->stream[p].pl;
        if (!pl)
            continue;
        if (c->over != RT_PLAYING)
            rt_print_end(pl, NULL);
        else if (c->dec.player == p)
            rt_json_decision(pl);
    }
    sync_all(sg);
    if (sg->failed)
        fprintf(stderr, "%s: out of memory\n", sg->prog);
}

bool rt_sg_start(RtServeGame *sg, const RtGame *g, const char *prog, const RtServeOpts *o)
{
    *sg = (RtServeGame){.g = g, .prog = prog, .nplayers = o->players};
    sg->st = malloc(g->state_size);
    bool ok = sg->st != NULL &&
              rt_machines_init(&sg->mach, g, o->players, o->seed, o->seat, o->budget);
    for (int p = 0; p < o->players; p++) {
        sg->seat[p] = o->seat[p];
        if (ok && o->seat[p] == RT_SEAT_HUMAN)
            ok = stream_open(sg, p, o->seed);
    }
    if (!ok) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return false;
    }
    set_observers(sg, true);
    rt_new_bounded(g, sg->st, o->seed, o->players, o->max_decisions);
    rt_machines_observe(&sg->mach, sg->st);
    play_on(sg);
    return !sg->failed;
}

void rt_sg_free(RtServeGame *sg)
{
    if (sg->g)
        set_observers(sg, false);
    for (int p = 0; p < sg->nplayers; p++)
        stream_close(&sg->stream[p]);
    rt_machines_free(&sg->mach);
    free(sg->st);
    sg->st = NULL;
}

bool rt_sg_over(const RtServeGame *sg)
{
    return ((const RtCore *)sg->st)->over != RT_PLAYING;
}

int rt_sg_answer(RtServeGame *sg, int p, const char *s, size_t n, char *err, size_t errn)
{
    const RtCore *c = sg->st;
    if (c->over != RT_PLAYING || c->dec.player != p) {
        snprintf(err, errn, "no question of seat %d is pending", p + 1);
        return 409;
    }
    if (n > RT_LINE_MAX - 1) {
        snprintf(err, errn, "line too long (over %d bytes)", RT_LINE_MAX - 1);
        return 400;
    }
    int pick;
    if (!rt_parse_choose(s, n, c->dec.noptions, &pick, err, errn))
        return 400;
    take(sg, pick);
    play_on(sg);
    return 200;
}
