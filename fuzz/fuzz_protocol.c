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
 * are rendered (JSON into memory, the terminal to /dev/null). Checked at every step, beyond the sanitizers:
 *   - an agent never changes the game state, whatever it reads;
 *   - rt_check_state holds after setup and after every applied decision
 *     (so after every line: a refused line changes nothing);
 *   - a reference reader, written here from docs/RUNTIME.md, splits the
 *     input into lines on its own and says which line the agent must
 *     accept and which option it names, or that the hundredth bad line
 *     in a row gives up (RT_PICK_BAD): the agent must do the same, having
 *     read exactly up to the end of that line (ftell);
 *   - the game never faults: every sequence of legal choices is a game;
 *   - in JSON mode, every line written is one JSON object in strict UTF-8
 *     (json_line below, from RFC 8259 and RFC 3629).
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

/* JSON: ws '{' ws "choose" ws ':' ws id ws '}' ws, nothing else; the id
 * is 0 or a digit 1-9 and more digits (no sign, no leading zero, as JSON
 * writes a number that is not negative) and must name an option. Returns
 * the option or -100. */
static int ref_json(const char *s, size_t n, int nopt)
{
    static const char key[] = "\"choose\"";
    size_t i = 0, k = sizeof key - 1, first;
    long v = 0;
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
    if (i == n || !digit(s[i]))
        return -100;
    for (first = i; i < n && digit(s[i]); i++)
        v = v > 100000 ? v : v * 10 + (s[i] - '0');
    if (s[first] == '0' && i - first > 1)
        return -100;
    while (i < n && ws(s[i]))
        i++;
    if (i == n || s[i++] != '}')
        return -100;
    while (i < n && ws(s[i]))
        i++;
    if (i != n || v >= nopt)
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
 * pick (or RT_PICK_EOF, RT_PICK_QUIT, or RT_PICK_BAD after 100 lines in a
 * row that pick nothing) and leaves *pos after the line that gave it. A
 * line ends at "\n" or at the end of the input; one "\r" before the "\n"
 * is dropped; a line over RT_LINE_MAX - 1 bytes is refused whatever it
 * holds. */
static int ref_decide(const uint8_t *in, size_t n, size_t *pos, bool human, int nopt)
{
    int bad = 0;
    while (*pos < n && bad < 100) {
        const char *s = (const char *)in + *pos;
        const char *nl = memchr(s, '\n', n - *pos);
        size_t len = nl ? (size_t)(nl - s) : n - *pos;
        *pos += len + (nl != NULL);
        bad++;
        if (len > RT_LINE_MAX - 1)
            continue;
        if (len > 0 && s[len - 1] == '\r')
            len--;
        int r = human ? ref_human(s, len, nopt) : ref_json(s, len, nopt);
        if (r >= 0 || r == RT_PICK_QUIT)
            return r;
    }
    return bad == 100 ? RT_PICK_BAD : RT_PICK_EOF;
}

/* ---- JSON lines (RFC 8259, strings in strict UTF-8: RFC 3629) ---- */

typedef struct Json {
    const unsigned char *s, *end;
    int depth;
} Json;

static bool json_value(Json *j);

static void json_ws(Json *j)
{
    while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
        j->s++;
}

static bool json_lit(Json *j, const char *w)
{
    size_t k = strlen(w);
    if ((size_t)(j->end - j->s) < k || memcmp(j->s, w, k))
        return false;
    j->s += k;
    return true;
}

static bool json_digits(Json *j)
{
    const unsigned char *at = j->s;
    while (j->s < j->end && digit((char)*j->s))
        j->s++;
    return j->s > at;
}

static bool json_number(Json *j)
{
    if (j->s < j->end && *j->s == '-')
        j->s++;
    if (j->s < j->end && *j->s == '0')
        j->s++;
    else if (!json_digits(j))
        return false;
    if (j->s < j->end && *j->s == '.' && (j->s++, !json_digits(j)))
        return false;
    if (j->s < j->end && (*j->s == 'e' || *j->s == 'E')) {
        j->s++;
        if (j->s < j->end && (*j->s == '+' || *j->s == '-'))
            j->s++;
        return json_digits(j);
    }
    return true;
}

/* Four hex digits after \u; the code unit, or -1. */
static long json_hex4(Json *j)
{
    long v = 0;
    if (j->end - j->s < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int c = *j->s++, d = digit((char)c) ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f'
                                                      ? (c | 32) - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* One UTF-8 character of at least 2 bytes, as RFC 3629 allows it. */
static bool json_utf8(Json *j)
{
    unsigned c = *j->s, lo = 0x80, hi = 0xBF;
    int len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
            : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || j->end - j->s < len)
        return false;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (j->s[1] < lo || j->s[1] > hi)
        return false;
    for (int i = 2; i < len; i++)
        if ((j->s[i] & 0xC0) != 0x80)
            return false;
    j->s += len;
    return true;
}

/* A string: no raw control character, known escapes only, a \u escape
 * of a surrogate only as a high one followed by a low one. */
static bool json_string(Json *j)
{
    if (j->s == j->end || *j->s++ != '"')
        return false;
    while (j->s < j->end && *j->s != '"') {
        unsigned c = *j->s;
        if (c < 0x20)
            return false;
        if (c >= 0x80) {
            if (!json_utf8(j))
                return false;
            continue;
        }
        j->s++;
        if (c != '\\')
            continue;
        if (j->s == j->end)
            return false;
        c = *j->s++;
        if (c == 'u') {
            long u = json_hex4(j);
            if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF))
                return false;
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (!json_lit(j, "\\u"))
                    return false;
                u = json_hex4(j);
                if (u < 0xDC00 || u > 0xDFFF)
                    return false;
            }
        } else if (!strchr("\"\\/bfnrt", (int)c)) {
            return false;
        }
    }
    return j->s++ < j->end;
}

static bool json_members(Json *j, char close, bool keys)
{
    j->s++;
    json_ws(j);
    if (j->s < j->end && *j->s == close)
        return j->s++, true;
    for (;;) {
        if (keys) {
            if (!json_string(j))
                return false;
            json_ws(j);
            if (j->s == j->end || *j->s++ != ':')
                return false;
        }
        if (!json_value(j))
            return false;
        if (j->s == j->end)
            return false;
        if (*j->s == close)
            return j->s++, true;
        if (*j->s++ != ',')
            return false;
        json_ws(j);
    }
}

static bool json_value(Json *j)
{
    bool ok;
    json_ws(j);
    if (j->s == j->end || ++j->depth > 64)
        return false;
    switch (*j->s) {
    case '{': ok = json_members(j, '}', true); break;
    case '[': ok = json_members(j, ']', false); break;
    case '"': ok = json_string(j); break;
    case 't': ok = json_lit(j, "true"); break;
    case 'f': ok = json_lit(j, "false"); break;
    case 'n': ok = json_lit(j, "null"); break;
    default: ok = json_number(j);
    }
    j->depth--;
    json_ws(j);
    return ok;
}

/* Each line of out[0..n) is one JSON object; the output ends with "\n". */
static void check_json_lines(const char *out, size_t n)
{
    const char *p = out, *end = out + n;
    if (n && end[-1] != '\n')
        fail("the JSON output does not end with a newline");
    for (long line = 1; p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        Json j = {(const unsigned char *)p, (const unsigned char *)nl, 0};
        if (*p != '{' || !json_value(&j) || j.s != j.end)
            fail("output line %ld is not a JSON object in UTF-8 (bad at byte %ld): %.80s",
                 line, (long)((const char *)j.s - p), p);
        p = nl + 1;
    }
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
    static FILE *devnull;   /* the terminal's output: not checked */
    static void *st, *snap;
    static RtPlay *pl;
    static bool verbose;    /* FUZZ_PROTOCOL_VERBOSE=1: one line per input */
    if (!devnull) {
        verbose = getenv("FUZZ_PROTOCOL_VERBOSE") != NULL;
        devnull = fopen("/dev/null", "w");
        st = malloc(game.state_size);
        snap = malloc(game.state_size);
        pl = malloc(sizeof *pl);
        if (!devnull || !st || !snap || !pl)
            fail("out of memory");
        setvbuf(devnull, NULL, _IOFBF, 1 << 16);
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
    char *out = NULL;       /* the JSON output, checked line by line */
    size_t outlen = 0;
    FILE *sink = human ? devnull : open_memstream(&out, &outlen);
    if (!f || !sink)
        fail("cannot open the input or the output in memory");

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
            fail("output failed at decision %ld", step);
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
        if (pick == RT_PICK_BAD) {
            abandoned = RT_BAD_ANSWERS_REASON;
            break;
        }
        if (pick < 0 || pick >= nopt)
            fail("decision %ld: pick %d of %d options", step, pick, nopt);
        if (!rt_window_of(&game, st)) /* as play_loop: a window's answers are sealed */
            rt_show_chosen(pl, pick);
        if (!rt_apply(&game, st, pick))
            fail("decision %ld: rt_apply refused option %d of %d", step, pick, nopt);
        check_state(st, "after decision", step);
    }
    rt_set_observer(&game, NULL, NULL);
    /* At the terminal, a closed stdin or too many bad answers is told on
     * stderr: not for each input. */
    if (!(human && abandoned && strcmp(abandoned, "quit")))
        rt_print_end(pl, abandoned);
    if (!rt_flush(pl))
        fail("output failed at the end");
    if (verbose)
        fprintf(stderr, "fuzz_protocol: %d players, seed %llu, %s: %s after %lld "
                "decisions, %zu of %zu bytes read\n", np, (unsigned long long)seed,
                human ? "terminal" : "json", abandoned ? abandoned : c->over == RT_ENDED
                ? "win" : "draw", (long long)c->decisions, pos, n);
    fclose(f);
    if (!human) {
        fclose(sink);
        check_json_lines(out, outlen);
        free(out);
    }
    return 0;
}
