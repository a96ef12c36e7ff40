/* agents.c: who answers a decision. Each agent reads the pending decision
 * (the engine API) and returns an option index, or an RT_PICK_* reason to
 * stop.
 *
 *   random  uniform over the options, from its own generator seeded by the
 *           game's seed and its seat (same seed, same games)
 *   human   the terminal: the seat's view, numbered options (from 1),
 *           help, show, quit; anything else is answered and asked again
 *   json    the protocol: a decision line out, one {"choose":ID} line in;
 *           a bad line gets an error line and the same decision again
 * Either gives up after RT_MAX_BAD_ANSWERS lines in a row that choose
 * nothing: RT_PICK_BAD, and the game is abandoned.
 *   greedy, mc:N, ismcts:N   the search agents (ai.c), through RtMachines
 *           with random, for play, simulate and serve alike */
#include "rtcli.h"
#include "ai.h"

#include <string.h>
#include <unistd.h>

uint64_t rt_agent_seed(uint64_t game_seed, int seat)
{
    return game_seed ^ (0xD1B54A32D192ED03u * (uint64_t)(seat + 1));
}

/* ---- human ---- */

static const char human_help[] =
    "Type the number of an option and press Enter.\n"
    "  help   this text\n"
    "  show   show the table and the question again\n"
    "  quit   abandon the game\n"
    "You see the cards of the zones your seat may see; for the others, how\n"
    "many cards they hold.\n";

static bool word_is(const char *s, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* A number from 1 to max, digits only; 0 if it is not one. */
static int small_number(const char *s, size_t n, int max)
{
    long v = 0;
    if (n == 0 || n > 9)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= max ? (int)v : 0;
}

/* One answer: an option index, RT_PICK_QUIT, or -100 to ask again (the
 * line was answered: help, the table, or why it is not an option). */
static int human_answer(RtPlay *pl, const char *s, size_t n)
{
    enum { AGAIN = -100 };
    int nopt = ((const RtCore *)pl->st)->dec.noptions;
    while (n > 0 && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    int k = small_number(s, n, nopt);
    if (k)
        return k - 1;
    if (word_is(s, n, "quit") || word_is(s, n, "q"))
        return RT_PICK_QUIT;
    if (word_is(s, n, "help") || word_is(s, n, "?")) {
        fputs(human_help, pl->out);
    } else if (word_is(s, n, "show")) {
        rt_print_table(pl, ((const RtCore *)pl->st)->dec.player);
    } else {
        fprintf(pl->out, "%s: type a number from 1 to %d (or help, quit).\n",
                n == 0 ? "No answer" : "Not an option", nopt);
    }
    return AGAIN;
}

/* Input that does not come from a terminal is not echoed by one: echo it
 * (printable, at most 80 bytes) so that a transcript reads well. */
static void echo(RtPlay *pl, size_t len)
{
    if (isatty(fileno(pl->in)))
        return;
    for (size_t i = 0; i < len && i < 80; i++) {
        unsigned char ch = (unsigned char)pl->line[i];
        putc(ch >= 0x20 && ch < 0x7f ? ch : '?', pl->out);
    }
    fputs(len > 80 ? "...\n" : "\n", pl->out);
}

/* Flushes the question, then reads one answer into pl->line. Returns
 * RT_LINE_OK or RT_LINE_LONG, or RT_PICK_IO / RT_PICK_EOF to stop. */
static int read_answer(RtPlay *pl, size_t *len)
{
    if (!rt_flush(pl))
        return RT_PICK_IO;
    RtLineStatus ls = rt_read_line(pl->in, pl->line, sizeof pl->line, len);
    return ls == RT_LINE_EOF ? RT_PICK_EOF : (int)ls;
}

/* The table and the question, then answers until one picks an option or
 * quits. Every other line is answered and the question asked again; after
 * RT_MAX_BAD_ANSWERS such lines in a row (help and show count: a person
 * never types a hundred, a script gone wrong may forever) the game is
 * abandoned. */
static int human_choose(RtPlay *pl)
{
    rt_print_table(pl, ((const RtCore *)pl->st)->dec.player);
    rt_print_question(pl);
    for (int bad = 0; bad < RT_MAX_BAD_ANSWERS; bad++) {
        if (bad)
            rt_print_question(pl);
        fputs("> ", pl->out);
        size_t len;
        int ls = read_answer(pl, &len);
        if (ls < 0)
            return ls;
        echo(pl, len);
        if (ls == RT_LINE_LONG) {
            fprintf(pl->out, "That line is too long (over %d characters).\n",
                    RT_LINE_MAX - 1);
            continue;
        }
        int r = human_answer(pl, pl->line, len);
        if (r >= 0 || r == RT_PICK_QUIT)
            return r;
    }
    return RT_PICK_BAD;
}

/* ---- json ---- */

static void json_error(RtPlay *pl, const char *msg)
{
    fputs("{\"type\":\"error\",\"message\":", pl->out);
    rt_json_string(pl->out, msg);
    fputs("}\n", pl->out);
}

/* Checks one line; on success stores the option index, else writes the
 * error line. */
static bool json_answer(RtPlay *pl, size_t len, int *pick)
{
    int nopt = ((const RtCore *)pl->st)->dec.noptions;
    char msg[128];
    if (rt_parse_choose(pl->line, len, nopt, pick, msg, sizeof msg))
        return true;
    json_error(pl, msg);
    return false;
}

/* The decision, then answers until one is good; after RT_MAX_BAD_ANSWERS
 * bad lines in a row (each with its error line) the game is abandoned. */
static int json_choose(RtPlay *pl)
{
    for (int bad = 0; bad < RT_MAX_BAD_ANSWERS; bad++) {
        rt_json_decision(pl);
        size_t len;
        int ls = read_answer(pl, &len);
        if (ls < 0)
            return ls;
        int pick;
        if (ls == RT_LINE_LONG) {
            char msg[64];
            snprintf(msg, sizeof msg, "line too long (over %d bytes)", RT_LINE_MAX - 1);
            json_error(pl, msg);
        } else if (json_answer(pl, len, &pick)) {
            return pick;
        }
    }
    return RT_PICK_BAD;
}

/* ---- the machines: random and the search agents ---- */

static bool searches(int seat)
{
    return seat == RT_SEAT_GREEDY || seat == RT_SEAT_MC || seat == RT_SEAT_ISMCTS;
}

bool rt_machines_init(RtMachines *m, const RtGame *g, int nplayers, uint64_t seed,
                      const uint8_t *seat, const int32_t *budget)
{
    bool search = false;
    *m = (RtMachines){.g = g};
    for (int p = 0; p < nplayers; p++) {
        m->seat[p] = seat[p];
        m->budget[p] = budget ? budget[p] : 0;
        rt_seed(&m->rng[p], rt_agent_seed(seed, p));
        search |= searches(seat[p]);
    }
    if (search)
        m->ai = rt_ai_new(g, nplayers, seed);
    return !search || m->ai;
}

void rt_machines_free(RtMachines *m)
{
    rt_ai_free(m->ai);
    m->ai = NULL;
}

void rt_machines_observe(RtMachines *m, const void *st)
{
    if (m->ai)
        rt_ai_observe(m->ai, st);
}

void rt_machines_apply(RtMachines *m, const RtGame *g, void *st, int i)
{
    if (m && m->ai)
        rt_ai_apply(m->ai, st, i);
    else
        rt_apply(g, st, i);
}

int rt_machines_pick(RtMachines *m, const void *st, bool quiet)
{
    int p = ((const RtCore *)st)->dec.player;
    int seat = m->seat[p];
    if (!searches(seat))
        return rt_random_choice(m->rng, (void *)st);
    RtAiKind kind = seat == RT_SEAT_GREEDY ? RT_AI_GREEDY
                  : seat == RT_SEAT_MC     ? RT_AI_MC
                                           : RT_AI_ISMCTS;
    RtQuiet q;
    if (quiet)
        rt_ai_quiet(&q, m->g);
    int pick = rt_ai_choose(m->ai, st, kind, m->budget[p]);
    if (quiet)
        rt_ai_loud(&q);
    return pick;
}

const char *rt_seat_name(int seat, int32_t budget, char *buf, size_t n)
{
    static const char *const names[] = {"human", "random", "json", "greedy", "mc", "ismcts"};
    if (seat == RT_SEAT_MC || seat == RT_SEAT_ISMCTS)
        snprintf(buf, n, "%s:%d", names[seat], (int)budget);
    else
        snprintf(buf, n, "%s", names[seat]);
    return buf;
}

/* ---- dispatch ---- */

int rt_agent_choose(RtPlay *pl)
{
    const RtDecision *d = &((const RtCore *)pl->st)->dec;
    int p = d->player;
    switch (pl->seat[p]) {
    case RT_SEAT_HUMAN:
        return human_choose(pl);
    case RT_SEAT_JSON:
        return json_choose(pl);
    default:
        return pl->mach ? rt_machines_pick(pl->mach, pl->st, true)
                        : rt_random_choice(pl->rng, pl->st);
    }
}
