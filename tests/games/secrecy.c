/* secrecy.c: what a JSON stream lets its seats learn of the cards none of
 * them may see: nothing. Linked with a game's C (compiled with
 * -DCARDC_NO_MAIN, which exposes `const RtGame game`, and -DRT_SECRECY_HOOK,
 * which calls rt_secrecy_hook as each decision opens) and libcardrt; its
 * streams are written by the library's own views (runtime/view.c), as
 * `play --protocol json` writes them for the seat a stream plays.
 *
 *   secrecy                       the story of react-lab (below)
 *   secrecy diff SEEDS            any game: the differential test (below)
 *
 * ---- the differential test (any game; tests/games/secrecy-all.sh) ----
 *
 * For each seed 1..SEEDS, each player count of the game's range (at most
 * 4) and each stream S, of one seat or of two seats next to each other
 * (0 and 1, 1 and 2, ..., the last and 0: a window asks each of them, and
 * the stream reads it as the two see it), the game is played twice with
 * the same seed and the same agents, a uniform random choice from each
 * seat's own generator (as the random seat draws it), but for a reaction
 * window's question, always declined, without a draw. In the second game,
 * as the first decision opens (after the set-up deal, before its options
 * are offered), the cards of every zone no seat of S may see are permuted
 * among the places of those zones (the sizes of every zone kept; a card
 * with cards under it, and the held zones, stay). S's JSON stream must be
 * the same in both up to the first thing the rules show S:
 *   - a card moving from a place no seat of S may see to one that one of
 *     them sees (the move names it), or the answers of a reaction window where some seat
 *     answered with a card (a window every seat declined, each asked or
 *     not, shows nothing more: the comparison goes on past it, so a seat
 *     that declines unasked must leave no trace in S's stream);
 *   - a decision of a seat S does not play whose options differ between the two
 *     games (its own hidden cards now shape what it does, which the
 *     rules may show; the agents' choices are the same only while the
 *     options are). Another seat's window questions are left out of this:
 *     asked in one game (it holds a card to answer with) and not in the
 *     other, it declines in both, and S must not tell the two apart.
 * A decision of a seat of S whose prompt or options differ is a leak, and so is
 * any other line that differs before those points: a question asked in
 * one game only, a move, a view, the end line's count of decisions.
 * Prints one line per game played twice and "secrecy: N passed, M failed";
 * exits 1 if any failed.
 *
 * ---- the story of react-lab (tests/games/reactions.sh) ----
 *
 * The game, 3 seats, seed 5, set up by hand after the deal: seat 0 holds
 * a Wrecker, seat 1 has a Watchtower in play, and two cards are dealt to
 * seats 0 and 1 one way or the other: an Escape (which seat 1 could play
 * to save its tower) and a Counter (which neither may play here). Both are
 * played only as reactions, so that nothing else the others are offered
 * depends on which holds which. Seat 0, the active player, plays
 * the Wrecker at seat 1's tower; the window before the destroy goes round
 * seats 0, 1, 2 in that order, and asks only a seat with a card to answer
 * with: seat 1 when it holds the Escape. Seats 1 and 2 never respond and
 * pass their turns, and so does seat 0 but for the Wrecker. Then:
 *   1. seat 2's JSON stream is the same, byte for byte, whichever of seats
 *      0 and 1 holds the Escape (seat 1 is offered it in one game only);
 *   and the test can fail: seat 1's own stream differs;
 *   2. seat 2, who has nothing to answer with, is not asked, and its
 *      answer "Do not respond" is in the responses line all the same;
 *   3. when seat 1 does answer with the Escape, seat 2's stream is the same
 *      as when it does not until the window's responses line, the first
 *      line that names the destroy: no answer shows before all are in.
 * Prints one line per check and "secrecy: N passed, M failed"; exits 1 if
 * any failed. */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

extern const RtGame game;

enum { SEED = 5, SEATS = 3 };

static const RtGame *g = &game;

/* rt_secrecy_hook's orders: none (the story arranges the table itself),
 * or permute what no seat of `seats` may see at the first decision. */
static struct {
    bool permute;   /* this game permutes */
    bool done;      /* the first decision has opened */
    unsigned seats; /* the seats the stream plays, a bit each */
    uint64_t seed;
} hook;

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

static int story(void)
{
    char *a = stream(2, 1, false), *b = stream(2, 0, false);
    check("seat 2's stream is the same whoever of seats 0 and 1 holds the Escape",
          !strcmp(a, b), a, b);
    check("seat 2, with only \"Do not respond\", is not asked, and declines in the responses",
          !strstr(a, "Respond to destroy?") &&
              strstr(a, "{\"player\":2,\"label\":\"Do not respond\",\"card\":null}]}") != NULL,
          NULL, NULL);
    char *a1 = stream(1, 1, false), *b1 = stream(1, 0, false);
    check("seat 1's own stream differs: it is offered the Escape in one game only",
          strcmp(a1, b1) != 0 && strstr(a1, "{\"id\":0,\"label\":\"Escape\"}") &&
              !strstr(b1, "\"label\":\"Escape\""), NULL, NULL);
    char *r = stream(2, 1, true);
    /* the first line that names the destroy is its window's responses */
    size_t answers = line_of(r, "\"event\":\"destroy\"");
    const char *line = "{\"type\":\"responses\"";
    check("an answer with the Escape shows only in the responses line, the window's first line",
          answers < strlen(r) && line_of(a, "\"event\":\"destroy\"") == answers &&
              !strncmp(r + answers, line, strlen(line)) && !strncmp(r, a, answers) &&
              strstr(r + answers, "\"card\":\"Escape\""), r, a);
    printf("secrecy: %d passed, %d failed\n", pass, failed);
    free(a);
    free(b);
    free(a1);
    free(b1);
    free(r);
    return failed ? 1 : 0;
}

/* ---- the differential test ---- */

enum { MAX_ENTRIES = 20000 };

/* One decision of a game as the test saw it open. */
typedef struct Entry {
    int player;
    bool window;            /* a question of a reaction window */
    uint64_t options;       /* a hash of its prompt and every label, all named */
    size_t before, after;   /* S's stream before its lines, and after */
} Entry;

/* One game of the pair: S's stream, its decisions, and where the rules
 * first showed S something (the stream's length then; SIZE_MAX never). */
typedef struct Run {
    char *out;
    size_t len;
    FILE *f;
    RtPlay *pl;
    Entry *e;
    int n;
    size_t shown;
} Run;

static Run *running; /* the run the observers below write for */

static size_t stream_len(Run *r)
{
    fflush(r->f);
    return r->len;
}

/* May some seat of `seats` (a bit each) see the cards of slot (none: -1)? */
static bool sees(const void *st, int slot, unsigned seats)
{
    for (int p = 0; slot >= 0 && p < RT_MAX_PLAYERS; p++)
        if (((seats >> p) & 1u) && rt_sees(g, st, slot, p))
            return true;
    return false;
}

/* Are the cards of slot permuted for the stream of `seats`? A slot in
 * play that none of them may see, and not a held zone's (its holder stays
 * where it is). */
static bool movable_slot(const void *st, int slot, unsigned seats)
{
    return rt_slot_used(g, st, slot) && !sees(st, slot, seats) &&
           (!g->slot_holder || g->slot_holder[slot] < 0);
}

/* Does card c have cards under it? */
static bool holds_cards(const void *st, int c)
{
    if (!g->slot_holder)
        return false;
    for (int slot = 0; slot < g->nslots; slot++)
        if (g->slot_holder[slot] == c && zsize((void *)st)[slot] > 0)
            return true;
    return false;
}

/* Permutes the cards of the slots no seat of `seats` may see among their
 * places (each slot keeps its size), then has the game rebuild what it
 * derives. */
static void permute_unseen(void *st, unsigned seats, uint64_t seed)
{
    static uint16_t *place[1 << 16];
    static uint16_t card[1 << 16];
    int n = 0;
    for (int slot = 0; slot < g->nslots; slot++) {
        if (!movable_slot(st, slot, seats))
            continue;
        uint16_t *z = zcard(st, slot);
        for (int i = 0; i < zsize(st)[slot]; i++)
            if (!holds_cards(st, z[i])) {
                place[n] = &z[i];
                card[n++] = z[i];
            }
    }
    RtRng rng;
    rt_seed(&rng, seed ^ 0x5EC2E7u);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rt_below(&rng, (uint32_t)i + 1);
        uint16_t t = card[i];
        card[i] = card[j];
        card[j] = t;
    }
    for (int i = 0; i < n; i++)
        *place[i] = card[i];
    if (g->sync)
        g->sync(st);
}

/* Called by the game as each decision opens (rt_game.h, with
 * -DRT_SECRECY_HOOK): permutes at the first, if this game is to. */
void rt_secrecy_hook(void *st);
void rt_secrecy_hook(void *st)
{
    if (hook.done)
        return;
    hook.done = true;
    if (hook.permute)
        permute_unseen(st, hook.seats, hook.seed);
}

/* The observers: the library's own, after noting the first thing shown. */
static void diff_observe(void *ctx, const RtGame *gm, const void *st, RtMove m)
{
    Run *r = running;
    unsigned p = hook.seats;
    if (r->shown == SIZE_MAX && hook.done && !sees(st, m.from_slot, p) && sees(st, m.to_slot, p))
        r->shown = stream_len(r);
    rt_observe(ctx, gm, st, m);
}

/* A window shows S something only when a seat answered with a card: a
 * window whose every seat declined, asked or not, shows nothing but that,
 * and the comparison goes on past it (a seat asked in one game only, for a
 * card it holds there, parts the two games at its decision: must_agree). */
static bool window_shows(const RtWindow *w)
{
    for (int i = 0; i < w->nasked; i++)
        if (w->answer[i].kind == RT_OPT_CARD)
            return true;
    return false;
}

static void diff_observe_window(void *ctx, const RtGame *gm, const void *st, const RtWindow *w)
{
    Run *r = running;
    if (r->shown == SIZE_MAX && window_shows(w))
        r->shown = stream_len(r);
    rt_observe_window(ctx, gm, st, w);
}

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 0x100000001B3u;
    return (h ^ 0xFF) * 0x100000001B3u;
}

/* The pending decision's player, prompt and labels, every card named. */
static uint64_t options_hash(RtPlay *pl)
{
    const RtCore *c = pl->st;
    uint64_t h = fnv(0xCBF29CE484222325u, g->prompts[c->dec.prompt]);
    for (int i = 0; i < c->dec.noptions; i++)
        h = fnv(h, rt_option_label(g, pl->st, i, pl->label, sizeof pl->label));
    return h;
}

static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "secrecy: out of memory\n");
        exit(2);
    }
    return p;
}

/* Does the stream of `seats` (a bit each) play seat p? */
static bool plays(unsigned seats, int p)
{
    return p >= 0 && ((seats >> p) & 1u);
}

/* Plays one game of the pair, S = the stream of `seats`, until its end or
 * the first thing the rules show S (nothing after it is compared). */
static void play_run(Run *r, unsigned seats, uint64_t seed, int nplayers, bool permute)
{
    memset(r, 0, sizeof *r);
    r->shown = SIZE_MAX;
    r->f = must(open_memstream(&r->out, &r->len));
    r->e = must(calloc(MAX_ENTRIES, sizeof *r->e));
    RtPlay *pl = r->pl = must(calloc(1, sizeof *pl));
    void *st = must(calloc(1, g->state_size));
    *pl = (RtPlay){.g = g, .prog = "secrecy", .st = st, .seed = seed, .nplayers = nplayers,
                   .json = true, .viewers = seats, .in = stdin, .out = r->f,
                   .io_status = -1};
    for (int p = 0; p < nplayers; p++)
        rt_seed(&pl->rng[p], rt_agent_seed(seed, p));
    hook.permute = permute;
    hook.done = false;
    hook.seats = seats;
    hook.seed = seed;
    running = r;
    rt_set_observer(g, diff_observe, pl);
    rt_set_window_observer(g, diff_observe_window, pl);
    rt_set_taken_observer(g, rt_observe_taken, pl);
    rt_new(g, st, seed, nplayers);
    RtCore *c = rt_core(st);
    while (c->over == RT_PLAYING && r->shown == SIZE_MAX && r->n < MAX_ENTRIES) {
        Entry *e = &r->e[r->n++];
        e->player = c->dec.player;
        e->before = stream_len(r);
        if (plays(seats, e->player))
            rt_json_decision(pl);
        e->after = stream_len(r);
        e->options = options_hash(pl);
        e->window = rt_window_of(g, st) != NULL;
        /* a window's question is declined, with no draw: a seat asked in
         * one game only (for a card it holds there) then plays on as the
         * same seat not asked in the other */
        rt_apply(g, st, e->window ? c->dec.noptions - 1 : rt_random_choice(pl->rng, st));
    }
    if (c->over != RT_PLAYING)
        rt_print_end(pl, NULL);
    rt_set_observer(g, NULL, NULL);
    rt_set_window_observer(g, NULL, NULL);
    rt_set_taken_observer(g, NULL, NULL);
    fclose(r->f);
    free(st);
}

static void free_run(Run *r)
{
    free(r->out);
    free(r->e);
    free(r->pl);
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

/* How far the two streams must agree: up to the first thing shown to S
 * in either, and the first decision where they part: S's own (its lines
 * included: they must agree) or another seat's with other options (not
 * included). */
/* The entry of r from i on that the comparison reads: another seat's
 * window question is skipped (declined, it changes nothing: a seat may be
 * asked in one game only, for a card it holds there, and must not show). */
static int next_entry(const Run *r, int i, unsigned seats)
{
    while (i < r->n && r->e[i].window && !plays(seats, r->e[i].player))
        i++;
    return i;
}

static size_t must_agree(const Run *a, const Run *b, unsigned seats)
{
    size_t cut = min_size(min_size(a->shown, b->shown), min_size(a->len, b->len));
    int i = next_entry(a, 0, seats), j = next_entry(b, 0, seats);
    for (; i < a->n && j < b->n; i = next_entry(a, i + 1, seats), j = next_entry(b, j + 1, seats)) {
        const Entry *x = &a->e[i], *y = &b->e[j];
        if (x->player == y->player && x->options == y->options)
            continue;
        bool own = plays(seats, x->player) && plays(seats, y->player);
        return min_size(cut, min_size(own ? x->after : x->before, own ? y->after : y->before));
    }
    /* a decision in one game only: another seat's, or S's asked where the
     * other game ended (its end line then differs, before it) */
    if (i < a->n || j < b->n) {
        const Entry *x = i < a->n ? &a->e[i] : &b->e[j];
        return min_size(cut, plays(seats, x->player) ? x->after : x->before);
    }
    return cut;
}

/* The line of s around offset at, for the report. */
static void print_line_at(const char *s, size_t len, size_t at)
{
    size_t from = at, to = at;
    while (from > 0 && s[from - 1] != '\n')
        from--;
    while (to < len && s[to] != '\n')
        to++;
    printf("      %.*s\n", (int)(to - from > 400 ? 400 : to - from), s + from);
}

/* "seat 2" or "seats 0, 1": who the stream of `seats` plays. Into buf. */
static const char *seats_text(unsigned seats, char *buf, size_t n)
{
    size_t k = (size_t)snprintf(buf, n, "seat%s", (seats & (seats - 1)) ? "s" : "");
    for (int p = 0, first = 1; p < RT_MAX_PLAYERS && k < n; p++)
        if (plays(seats, p)) {
            k += (size_t)snprintf(buf + k, n - k, "%s%d", first ? " " : ", ", p);
            first = 0;
        }
    return buf;
}

static void diff_pair(unsigned seats, uint64_t seed, int nplayers)
{
    Run a, b;
    char who[64];
    seats_text(seats, who, sizeof who);
    play_run(&a, seats, seed, nplayers, false);
    play_run(&b, seats, seed, nplayers, true);
    size_t cut = must_agree(&a, &b, seats), same = 0;
    while (same < a.len && same < b.len && a.out[same] == b.out[same])
        same++;
    bool ok = same >= cut;
    printf("%s %s: %s, %d players, seed %llu: %zu bytes agree\n", ok ? "ok" : "FAIL", g->name,
           who, nplayers, (unsigned long long)seed, cut);
    if (!ok) {
        printf("    the streams differ before anything was shown to %s:\n", who);
        print_line_at(a.out, a.len, same);
        printf("    when the cards it may not see are otherwise:\n");
        print_line_at(b.out, b.len, same);
    }
    ok ? pass++ : failed++;
    free_run(&a);
    free_run(&b);
}

/* Each seat on a stream of its own, then two seats next to each other on
 * one stream (seats 0 and 1, 1 and 2, ..., the last and 0; of two
 * players, both once): what a stream of several seats names, in a window
 * shared by its seats too, is what one of them may see. */
static int diff(int seeds)
{
    int top = g->max_players < 4 ? g->max_players : 4;
    for (int seed = 1; seed <= seeds; seed++)
        for (int n = g->min_players; n <= top; n++) {
            for (int seat = 0; seat < n; seat++)
                diff_pair(1u << seat, (uint64_t)seed, n);
            for (int seat = 0; n > 1 && seat < (n == 2 ? 1 : n); seat++)
                diff_pair(1u << seat | 1u << (seat + 1) % n, (uint64_t)seed, n);
        }
    printf("secrecy: %d passed, %d failed\n", pass, failed);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "diff") && atoi(argv[2]) > 0)
        return diff(atoi(argv[2]));
    if (argc == 1)
        return story();
    fprintf(stderr, "usage: secrecy [diff SEEDS]\n");
    return 2;
}
