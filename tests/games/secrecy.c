/* secrecy.c: what a reaction window lets one seat learn of the others'
 * hands: nothing. Linked with tests/games/react-lab's C (compiled with
 * -DCARDC_NO_MAIN, which exposes `const RtGame game`) and libcardrt; its
 * streams are written by the library's own views (runtime/view.c), as
 * `play --protocol json` writes them for the seats a stream plays.
 *
 * The game, 3 seats, seed 5, set up by hand after the deal: seat 0 holds
 * a Wrecker, seat 1 has a Watchtower in play, and two cards are dealt to
 * seats 0 and 1 one way or the other: an Escape (which seat 1 could play
 * to save its tower) and a Counter (which neither may play here). Both are
 * played only as reactions, so that nothing else the others are offered
 * depends on which holds which (the count of decisions in the end line
 * would tell otherwise). Seat 0, the active player, plays
 * the Wrecker at seat 1's tower; the window before the destroy asks seats
 * 0, 1, 2 in that order. Seats 1 and 2 never respond and pass their
 * turns, and so does seat 0 but for the Wrecker. Then:
 *   1. seat 2's JSON stream is the same, byte for byte, whichever of seats
 *      0 and 1 holds the Escape (seat 1 is offered it in one game only);
 *   2. and the test can fail: seat 1's own stream differs;
 *   3. when seat 1 does answer with the Escape, seat 2's stream is the same
 *      as when it does not until the window's responses line, which comes
 *      after seat 2's own question: no answer shows before all are in.
 * Prints one line per check and "secrecy: N passed, M failed"; exits 1 if
 * any failed. */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

extern const RtGame game;

enum { SEED = 5, SEATS = 3 };

static const RtGame *g = &game;

/* ---- the state by hand ---- */

static uint16_t *zsize(void *st)
{
    return (uint16_t *)((char *)st + g->off_zsize);
}

static uint16_t *zcard(void *st, int slot)
{
    return (uint16_t *)((char *)st + g->off_zcard) + (size_t)slot * (size_t)g->ninstances;
}

/* The slot of zone `name` for player p (p ignored for a shared zone). */
static int slot_named(const char *name, int p)
{
    for (int z = 0; z < g->nzones; z++)
        if (!strcmp(g->zones[z].name, name))
            return rt_zone_slot(g, z, p);
    fprintf(stderr, "secrecy: no zone %s\n", name);
    exit(2);
}

/* Moves the first card named `name` found in the deck (from its bottom)
 * onto slot `to`. */
static void take_from_deck(void *st, const char *name, int to)
{
    int deck = slot_named("deck", 0), n = zsize(st)[deck];
    uint16_t *z = zcard(st, deck);
    for (int i = 0; i < n; i++) {
        if (strcmp(g->card_name[z[i]], name))
            continue;
        int c = z[i];
        memmove(z + i, z + i + 1, sizeof *z * (size_t)(n - 1 - i));
        zsize(st)[deck] = (uint16_t)(n - 1);
        zcard(st, to)[zsize(st)[to]++] = (uint16_t)c;
        return;
    }
    fprintf(stderr, "secrecy: no %s left in the deck\n", name);
    exit(2);
}

/* Moves every card of slot to the bottom of the deck. */
static void clear(void *st, int slot)
{
    int deck = slot_named("deck", 0);
    while (zsize(st)[slot] > 0) {
        uint16_t c = zcard(st, slot)[--zsize(st)[slot]];
        uint16_t *z = zcard(st, deck);
        memmove(z + 1, z, sizeof *z * zsize(st)[deck]);
        z[0] = c;
        zsize(st)[deck]++;
    }
}

static void set_var(void *st, const char *name, int32_t v)
{
    for (int i = 0; i < g->nvars; i++)
        if (!strcmp(g->vars[i].name, name)) {
            *(int32_t *)((char *)st + g->vars[i].offset) = v;
            return;
        }
    fprintf(stderr, "secrecy: no variable %s\n", name);
    exit(2);
}

/* The table after the deal: hands emptied, then the cards of the story;
 * the Escape to seat escape_at, a Counter to the other of seats 0, 1. */
static void arrange(void *st, int escape_at)
{
    for (int p = 0; p < SEATS; p++) {
        clear(st, slot_named("hand", p));
        clear(st, slot_named("field", p));
    }
    take_from_deck(st, "Wrecker", slot_named("hand", 0));
    take_from_deck(st, "Watchtower", slot_named("field", 1));
    take_from_deck(st, "Escape", slot_named("hand", escape_at));
    take_from_deck(st, "Counter", slot_named("hand", 1 - escape_at));
    take_from_deck(st, "Fire Door", slot_named("hand", 2));
    set_var(st, "spared", 1); /* the rules spare the first destroy: not this one */
    g->sync(st);
}

/* ---- the seats' answers ---- */

static int option_named(RtPlay *pl, const char *label)
{
    const RtCore *c = pl->st;
    for (int i = 0; i < c->dec.noptions; i++)
        if (!strcmp(rt_option_label(g, pl->st, i, pl->label, sizeof pl->label), label))
            return i;
    return -1;
}

/* Seat 0 passes its first turn (its options were offered before the table
 * was arranged), then plays the Wrecker at seat 1; no seat responds, but
 * seat 1 with the Escape when `respond`; every other question gets "Do not
 * respond" or "Pass" (or the first option). */
static int answer(RtPlay *pl, int turn, bool respond)
{
    const RtCore *c = pl->st;
    int p = c->dec.player, k;
    if (p == 1 && respond && (k = option_named(pl, "Escape")) >= 0)
        return k;
    if (p == 0 && turn > 0 && (k = option_named(pl, "Wrecker")) >= 0)
        return k;
    if (p == 0 && (k = option_named(pl, "Player 2")) >= 0)
        return k;
    if ((k = option_named(pl, "Do not respond")) >= 0 || (k = option_named(pl, "Pass")) >= 0)
        return k;
    return 0;
}

/* The JSON stream of the seat `viewer` plays, in one game where the Escape
 * is dealt to escape_at; malloc'd. */
static char *stream(int viewer, int escape_at, bool respond)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    RtPlay *pl = calloc(1, sizeof *pl);
    void *st = calloc(1, g->state_size);
    if (!f || !pl || !st) {
        fprintf(stderr, "secrecy: out of memory\n");
        exit(2);
    }
    *pl = (RtPlay){.g = g, .prog = "secrecy", .st = st, .seed = SEED, .nplayers = SEATS,
                   .json = true, .viewers = 1u << viewer, .in = stdin, .out = f,
                   .io_status = -1};
    rt_set_observer(g, rt_observe, pl);
    rt_set_window_observer(g, rt_observe_window, pl);
    rt_new(g, st, SEED, SEATS);
    arrange(st, escape_at);
    for (int turn = 0; rt_core(st)->over == RT_PLAYING; turn++) {
        if (rt_core(st)->dec.player == viewer)
            rt_json_decision(pl);
        rt_apply(g, st, answer(pl, turn, respond));
    }
    rt_print_end(pl, NULL);
    rt_set_observer(g, NULL, NULL);
    rt_set_window_observer(g, NULL, NULL);
    fclose(f);
    free(pl);
    free(st);
    return buf;
}

/* ---- the checks ---- */

static int pass, failed;

static void check(const char *what, bool ok, const char *a, const char *b)
{
    printf("%s %s\n", ok ? "ok" : "FAIL", what);
    if (!ok && a && b)
        printf("    --- one:\n%s    --- the other:\n%s", a, b);
    ok ? pass++ : failed++;
}

/* Where the first line of s containing key starts (strlen(s) if none). */
static size_t line_of(const char *s, const char *key)
{
    const char *k = strstr(s, key);
    if (!k)
        return strlen(s);
    while (k > s && k[-1] != '\n')
        k--;
    return (size_t)(k - s);
}

int main(void)
{
    char *a = stream(2, 1, false), *b = stream(2, 0, false);
    check("seat 2's stream is the same whoever of seats 0 and 1 holds the Escape",
          !strcmp(a, b), a, b);
    check("seat 2 is asked in the window before the destroy, with only \"Do not respond\"",
          strstr(a, "\"prompt\":\"Respond to destroy?\",\"options\":[{\"id\":0,\"label\":"
                    "\"Do not respond\"}]") != NULL, NULL, NULL);
    char *a1 = stream(1, 1, false), *b1 = stream(1, 0, false);
    check("seat 1's own stream differs: it is offered the Escape in one game only",
          strcmp(a1, b1) != 0 && strstr(a1, "{\"id\":0,\"label\":\"Escape\"}") &&
              !strstr(b1, "\"label\":\"Escape\""), NULL, NULL);
    char *r = stream(2, 1, true);
    size_t asked = line_of(r, "Respond to destroy?"), shown = line_of(r, "\"event\":\"destroy\"");
    size_t answers = line_of(r + asked, "\"type\":\"responses\"") + asked;
    check("an answer with the Escape shows only in the responses line, after seat 2's question",
          asked < answers && answers < strlen(r) && shown == asked &&
              !strncmp(r, a, answers) && strstr(r + answers, "\"card\":\"Escape\""), r, a);
    printf("secrecy: %d passed, %d failed\n", pass, failed);
    free(a);
    free(b);
    free(a1);
    free(b1);
    free(r);
    return failed ? 1 : 0;
}
