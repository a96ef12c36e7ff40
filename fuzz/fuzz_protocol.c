/* fuzz_protocol.c: libFuzzer harness for a game binary's protocol reader,
 * against a running game.
 *
 * Linked with the C that cardc writes for one game (built with
 * -DCARDC_NO_MAIN, which leaves `const RtGame game`) and the runtime's
 * sources; `make fuzz-protocol-GAME` or FUZZ_GAME=GAME picks the game.
 *
 * An input is a header, then what the stream's seats type:
 *   byte 0     the player count: min_players + b % (max - min + 1)
 *   byte 1     flags: bit 0 the terminal (human seats) instead of
 *              --protocol json; bit 1 --reveal-all; bit 2 + p (p < 6):
 *              seat p is a random agent (if every seat would be, seat 0
 *              is the stream's)
 *   bytes 2-5  the seed, little endian
 *   byte 6     the decision bound: 0 the game's own, else 2 * b
 *   the rest   lines, read through a FILE exactly as stdin is
 * Missing header bytes count as 0.
 *
 * The game is played the way `GAME play` plays it (cli.c's play loop):
 * the deciding seat's agent (agents.c, rt_agent_choose: the json agent's
 * {"choose":N} reader, its error line and the decision sent again, or the
 * human agent's numbers, help, show, quit; or a random seat) picks; the
 * pick is applied; moves, decisions with their views, labels and the end
 * are rendered to /dev/null. Checked at every step, beyond the sanitizers:
 *   - an agent never changes the game state, whatever it reads;
 *   - rt_check_state holds after setup and after every applied decision
 *     (so after every line: a refused line changes nothing);
 *   - a reference reader, written here from docs/RUNTIME.md, splits the
 *     input into lines on its own and says which line the agent must
 *     accept and which option it names: the agent must pick that option,
 *     having read exactly up to the end of that line (ftell);
 *   - the game never faults: every sequence of legal choices is a game.
 * A failed check prints why and aborts, which libFuzzer reports. With
 * FUZZ_PROTOCOL_VERBOSE set, each input ends with a line on stderr: how
 * the game ended, after how many decisions and bytes. */
#include "rtcli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

extern const RtGame game;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HEADER = 7 };

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
    va_list ap;
    fputs("fuzz_protocol: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

/* ---- the reference reader (docs/RUNTIME.md) ---- */

static bool ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool digit(char c)
{
    return c >= '0' && c <= '9';
}

/* JSON: ws '{' ws "choose" ws ':' ws integer ws '}' ws, nothing else;
 * the integer must name an option. Returns the option or -100. */
static int ref_json(const char *s, size_t n, int nopt)
{
    static const char key[] = "\"choose\"";
    size_t i = 0, k = sizeof key - 1;
    long v = 0;
    bool neg;
    while (i < n && ws(s[i]))
        i++;
    if (i == n || s[i++] != '{')
        return -100;
    while (i < n && ws(s[i]))
        i++;
    if (n - i < k || memcmp(s + i, key, k))
        return -100;
    for (i += k; i < n && ws(s[i]); i++)
        ;
    if (i == n || s[i++] != ':')
        return -100;
    while (i < n && ws(s[i]))
        i++;
    neg = i < n && s[i] == '-';
    i += neg;
    if (i == n || !digit(s[i]))
        return -100;
    for (; i < n && digit(s[i]); i++)
        v = v > 100000 ? v : v * 10 + (s[i] - '0');
    while (i < n && ws(s[i]))
        i++;
    if (i == n || s[i++] != '}')
        return -100;
    while (i < n && ws(s[i]))
        i++;
    if (i != n || (neg && v != 0) || v >= nopt)
        return -100;
    return (int)v;
}

/* The terminal: blanks and tabs trimmed, a number from 1 to nopt (of at
 * most 9 characters, as agents.c reads it), or quit / q. Returns the
 * option, RT_PICK_QUIT, or -100 for anything else. */
static int ref_human(const char *s, size_t n, int nopt)
{
    long v = 0;
    while (n > 0 && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if ((n == 4 && !memcmp(s, "quit", 4)) || (n == 1 && *s == 'q'))
        return RT_PICK_QUIT;
    if (n == 0 || n > 9)
        return -100;
    for (size_t i = 0; i < n; i++) {
        if (!digit(s[i]))
            return -100;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= nopt ? (int)v - 1 : -100;
}

/* From *pos, the lines the agent must read for one decision: returns the
 * pick (or RT_PICK_EOF, RT_PICK_QUIT) and leaves *pos after the line that
 * gave it. A line ends at "\n" or at the end of the input; one "\r"
 * before the "\n" is dropped; a line over RT_LINE_MAX - 1 bytes is
 * refused whatever it holds. */
static int ref_decide(const uint8_t *in, size_t n, size_t *pos, bool human, int nopt)
{
    while (*pos < n) {
        const char *s = (const char *)in + *pos;
        const char *nl = memchr(s, '\n', n - *pos);
        size_t len = nl ? (size_t)(nl - s) : n - *pos;
        *pos += len + (nl != NULL);
        if (len > RT_LINE_MAX - 1)
            continue;
        if (len > 0 && s[len - 1] == '\r')
            len--;
        int r = human ? ref_human(s, len, nopt) : ref_json(s, len, nopt);
        if (r >= 0 || r == RT_PICK_QUIT)
            return r;
    }
    return RT_PICK_EOF;
}

/* ---- the game ---- */

static void check_state(const void *st, const char *when, long step)
{
    char why[256];
    if (!rt_check_state(&game, st, why, sizeof why))
        fail("state invalid %s %ld: %s", when, step, why);
    const RtCore *c = st;
    if (c->over == RT_FAULT)
        fail("the game faulted %s %ld: %s", when, step, rt_end_reason(&game, st));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    static void *st, *snap;
    static RtPlay *pl;
    static bool verbose;    /* FUZZ_PROTOCOL_VERBOSE=1: one line per input */
    if (!sink) {
        verbose = getenv("FUZZ_PROTOCOL_VERBOSE") != NULL;
        sink = fopen("/dev/null", "w");
        st = malloc(game.state_size);
        snap = malloc(game.state_size);
        pl = malloc(sizeof *pl);
        if (!sink || !st || !snap || !pl)
            fail("out of memory");
        setvbuf(sink, NULL, _IOFBF, 1 << 16);
    }

    uint8_t h[HEADER] = {0};
    size_t hn = size < HEADER ? size : HEADER;
    memcpy(h, data, hn);
    const uint8_t *in = data + hn;
    size_t n = size - hn;

    int range = game.max_players - game.min_players + 1;
    int np = game.min_players + h[0] % range;
    bool human = h[1] & 1;
    uint64_t seed = (uint64_t)h[2] | (uint64_t)h[3] << 8 | (uint64_t)h[4] << 16
                  | (uint64_t)h[5] << 24;
    FILE *f = fmemopen((void *)(uintptr_t)in, n, "r");
    if (!f)
        return 0;

    *pl = (RtPlay){.g = &game, .prog = "fuzz", .st = st, .seed = seed, .nplayers = np,
                   .json = !human, .reveal_all = (h[1] & 2) != 0, .in = f, .out = sink,
                   .io_status = -1};
    uint8_t stream = human ? RT_SEAT_HUMAN : RT_SEAT_JSON;
    for (int p = 0; p < np; p++) {
        bool rnd = p < 6 && ((h[1] >> (2 + p)) & 1);
        pl->seat[p] = rnd ? RT_SEAT_RANDOM : stream;
        rt_seed(&pl->rng[p], rt_agent_seed(seed, p));
        if (!rnd)
            pl->viewers |= 1u << p;
    }
    if (!pl->viewers) {
        pl->seat[0] = stream;
        pl->viewers = 1;
    }

    RtCore *c = rt_core(st);
    rt_set_observer(&game, rt_observe, pl);
    rt_new(&game, st, seed, np);
    if (h[6])
        c->max_decisions = 2 * h[6];
    check_state(st, "after setup", 0);

    size_t pos = 0;
    const char *abandoned = NULL;
    for (long step = 1; c->over == RT_PLAYING; step++) {
        int p = c->dec.player, nopt = c->dec.noptions;
        bool mine = pl->seat[p] != RT_SEAT_RANDOM;
        int want = mine ? ref_decide(in, n, &pos, human, nopt) : 0;
        memcpy(snap, st, game.state_size);
        int pick = rt_agent_choose(pl);
        if (memcmp(snap, st, game.state_size))
            fail("the agent of seat %d changed the state at decision %ld", p, step);
        if (pl->io_status >= 0)
            fail("output to /dev/null failed at decision %ld", step);
        if (mine && pick != want)
            fail("decision %ld: the agent picked %d, the reference %d", step, pick, want);
        if (mine && ftell(f) != (long)pos)
            fail("decision %ld: the agent read to %ld, the reference to %zu", step,
                 ftell(f), pos);
        if (pick == RT_PICK_EOF) {
            abandoned = "stdin closed";
            break;
        }
        if (pick == RT_PICK_QUIT) {
            abandoned = "quit";
            break;
        }
        if (pick < 0 || pick >= nopt)
            fail("decision %ld: pick %d of %d options", step, pick, nopt);
        if (!pl->json)
            fprintf(pl->out, "Player %d chooses: %s\n", p + 1, rt_shown_label(pl, pick));
        if (!rt_apply(&game, st, pick))
            fail("decision %ld: rt_apply refused option %d of %d", step, pick, nopt);
        check_state(st, "after decision", step);
    }
    rt_set_observer(&game, NULL, NULL);
    /* At the terminal, a closed stdin is told on stderr: not for each input. */
    if (!(human && abandoned && !strcmp(abandoned, "stdin closed")))
        rt_print_end(pl, abandoned);
    if (!rt_flush(pl))
        fail("output to /dev/null failed at the end");
    if (verbose)
        fprintf(stderr, "fuzz_protocol: %d players, seed %llu, %s: %s after %lld "
                "decisions, %zu of %zu bytes read\n", np, (unsigned long long)seed,
                human ? "terminal" : "json", abandoned ? abandoned : c->over == RT_ENDED
                ? "win" : "draw", (long long)c->decisions, pos, n);
    fclose(f);
    return 0;
}
