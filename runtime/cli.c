/* cli.c: rt_main, the command line of every game binary (pinned in
 * docs/INTERFACES.md §4 and §5; docs/RUNTIME.md has the details):
 *
 *   GAME play [--players N] [--seats human,random,json,greedy,mc:N,ismcts:N,...]
 *             [--seed S] [--protocol json] [--reveal-all] [--max-decisions N]
 *   GAME simulate --games N [--players N] [--seats random,greedy,...] [--seed S]
 *             [--json] [--max-decisions N] [--coverage] [--jobs N] [--shard I/N]
 *             [--report DIR]
 *   GAME stats merge FILE...  |  GAME stats report DIR FILE...
 *   GAME stats impact WITH WITHOUT
 *   GAME serve [--port N] [--players N] [--seats human,random,greedy,...]
 *             [--seed S] [--max-decisions N] [--exit-when-done]
 *   GAME --help
 *
 * Exit status: 0 the game ended or was abandoned (quit, closed stdin,
 * closed stdout); 1 the game faulted or stdout failed otherwise; 2 bad
 * usage. The state is allocated once per command and reused. serve
 * (serve.c) exits 0 once stopped or done, 1 on a fault or when it cannot
 * listen. */
#include "lab.h"
#include "ai.h"
#include "serve.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    DEFAULT_PLAYERS = 4,
    DEFAULT_GAMES = 100,
};

/* The name the binary was run as, for messages (the game's title, g->name,
 * is for the games themselves). */
static const char *prog = "game";

typedef enum RtCommand {
    CMD_PLAY,
    CMD_SIMULATE,
    CMD_SERVE,
} RtCommand;

typedef struct RtArgs {
    RtCommand cmd;
    bool simulate;              /* cmd == CMD_SIMULATE */
    int players;                /* 0: not given */
    int nseats;                 /* 0: --seats not given */
    uint8_t seat[RT_MAX_PLAYERS];   /* RtSeat */
    int32_t budget[RT_MAX_PLAYERS]; /* mc:N, ismcts:N: N */
    bool seed_set;
    uint64_t seed;
    uint64_t games;
    int64_t max_decisions;      /* 0: the game's own bound */
    bool protocol_json, reveal_all, json, help;
    bool coverage;              /* simulate: count what the games pass through */
    int port;                   /* serve: the port (0: any free one) */
    int jobs;                   /* simulate: threads (0: not given, 1) */
    uint64_t shard, nshards;    /* simulate --shard I/N (0: not given) */
    const char *report;         /* simulate --report DIR (NULL: none) */
    uint64_t replays;           /* simulate --replays K (0: not given, 1) */
    const char *track;          /* simulate --track NAME (NULL: none) */
    bool exit_when_done;        /* serve: stop once the game is over and sent */
} RtArgs;

/* ---- usage ---- */

static int usage_error(const RtGame *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int usage_error(const RtGame *g, const char *fmt, ...)
{
    va_list ap;
    (void)g;
    fprintf(stderr, "%s: ", prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help'.\n", prog);
    return 2;
}

/* How much of the n bytes at s a message shows: at most 40, cut at a whole
 * UTF-8 character; *more is "..." when s was cut, so the reader sees it. */
static int shown(const char *s, size_t n, const char **more)
{
    *more = "";
    if (n <= 40)
        return (int)n;
    *more = "...";
    int k = 40;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

static int default_players(const RtGame *g)
{
    int n = DEFAULT_PLAYERS;
    return n < g->min_players ? g->min_players : n > g->max_players ? g->max_players : n;
}

static int print_help(const RtGame *g)
{
    printf("usage: %s play [options]       play at the terminal, or by --protocol json\n"
           "       %s simulate [options]   play games between agents, random by default\n"
           "       %s serve [options]      a table in the browser, one page per seat\n"
           "       %s stats merge FILE...  the shards of a run merged into its stats file\n"
           "       %s stats report DIR FILE...  the report of whole runs' stats files\n"
           "       %s stats impact [--report DIR] WITH WITHOUT...  cards' impact\n"
           "       %s --help\n\n", prog, prog, prog, prog, prog, prog, prog);
    printf("play:\n"
           "  --players N        number of players, %d to %d (default %d)\n"
           "  --seats LIST       an agent per seat, comma-separated: human, random, json,\n"
           "                     greedy, mc:N (N playouts a decision), ismcts:N (N\n"
           "                     iterations) (default: human, then random; json\n"
           "                     everywhere with --protocol json; a json seat implies\n"
           "                     --protocol json)\n"
           "  --seed S           the seed (default: from the clock, printed)\n"
           "  --protocol json    JSON Lines on stdin and stdout instead of the terminal\n"
           "  --reveal-all       name every card in moves and views\n"
           "  --max-decisions N  end the game as a draw after N decisions\n",
           g->min_players, g->max_players, default_players(g));
    printf("simulate:\n"
           "  --games N          games to play (default %d); game i uses seed S+i,\n"
           "                     the game `play --seed S+i` with the same seats plays\n"
           "  --players N, --seed S, --max-decisions N   as for play\n"
           "  --seats LIST       an agent per seat: random, greedy, mc:N, ismcts:N\n"
           "                     (default: every seat random)\n"
           "  --json             print the figures as one JSON object\n"
           "  --coverage         also count, by rules line, the choices made and\n"
           "                     options offered and taken, the rules, effects,\n"
           "                     triggers and reactions run, the modifiers of\n"
           "                     funcs applied, where each card kind ended, and\n"
           "                     list what never happened (not with --jobs,\n"
           "                     --shard or --report)\n"
           "  --jobs N           play on N threads (1 to %d, default 1); the\n"
           "                     output is the same for every N\n"
           "  --shard I/N        play only the games i with i mod N = I-1 and print\n"
           "                     their stats file (integer sums) instead of the\n"
           "                     figures; `stats merge` of the N shards is the\n"
           "                     stats file of --shard 1/1\n"
           "  --report DIR       also write DIR/report.json and DIR/report.html\n"
           "  --replays K        with --report or --shard: play each deal K times (1 to\n"
           "                     %d), the agents' chance drawn anew, for the spread\n"
           "                     of win rates per deal (the figures count the first)\n"
           "  --track NAME       instead of the figures, a line per game: the seat that\n"
           "                     held the card NAME first, whether a copy was drawn,\n"
           "                     played, held at the end, every seat's wins; `stats\n"
           "                     impact` pairs it with the run of the same seeds of\n"
           "                     the game cardc built with NAME made blank\n"
           "serve:\n"
           "  --port N           the port on 127.0.0.1 (default 0: any free port)\n"
           "  --seats LIST       an agent per seat: human (a page), random, greedy,\n"
           "                     mc:N or ismcts:N (default: every seat human)\n"
           "  --players N, --seed S, --max-decisions N   as for play\n"
           "  --exit-when-done   exit once the game is over and every page has\n"
           "                     been sent its end (default: serve until interrupted)\n"
           "  Prints one line per human seat, 'seat N: URL', its page's address\n"
           "  with the seat's key.\n\n"
           "Exit status: 0 game over or abandoned (quit, closed stdin, closed stdout),\n"
           "1 the game faulted or output failed, 2 bad usage.\n", DEFAULT_GAMES, RT_MAX_JOBS, SIM_MAX_REPLAYS);
    int rc = rt_check_output(stdout, prog);
    return rc < 0 ? 0 : rc;
}

/* ---- arguments ---- */

/* A budget: digits only, 1 to RT_AI_MAX_BUDGET. */
static bool parse_budget(const char *s, size_t n, int32_t *budget)
{
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9' || v > RT_AI_MAX_BUDGET)
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *budget = (int32_t)v;
    return n > 0 && v >= 1 && v <= RT_AI_MAX_BUDGET;
}

/* human, random, json, greedy; mc:N and ismcts:N with their budget. */
static bool parse_seat(const char *s, size_t n, uint8_t *seat, int32_t *budget)
{
    static const char *const names[] = {"human", "random", "json", "greedy", "mc", "ismcts"};
    const char *colon = memchr(s, ':', n);
    size_t w = colon ? (size_t)(colon - s) : n;
    *budget = 0;
    for (int k = 0; k < 6; k++)
        if (strlen(names[k]) == w && memcmp(s, names[k], w) == 0) {
            *seat = (uint8_t)k;     /* the order of RtSeat */
            bool budgeted = k == RT_SEAT_MC || k == RT_SEAT_ISMCTS;
            return budgeted == (colon != NULL) &&
                   (!colon || parse_budget(colon + 1, n - w - 1, budget));
        }
    return false;
}

static int parse_seats(const RtGame *g, RtArgs *a, const char *list)
{
    const char *s = list;
    a->nseats = 0;
    for (;;) {
        size_t n = strcspn(s, ",");
        const char *more;
        int k = shown(s, n, &more);
        if (a->nseats == RT_MAX_PLAYERS)
            return usage_error(g, "--seats: more than %d seats", RT_MAX_PLAYERS);
        if (!parse_seat(s, n, &a->seat[a->nseats], &a->budget[a->nseats]))
            return usage_error(g, "--seats: '%.*s%s' is not human, random, json, greedy, "
                               "mc:N or ismcts:N (N from 1 to %d)", k, s, more,
                               RT_AI_MAX_BUDGET);
        a->nseats++;
        if (!s[n])
            return 0;
        s += n + 1;
    }
}

static int parse_number(const RtGame *g, const char *opt, const char *val,
                        uint64_t min, uint64_t max, uint64_t *out)
{
    const char *more;
    int k = shown(val, strlen(val), &more);
    if (!rt_parse_u64(val, max, out) || *out < min)
        return usage_error(g, "%s: '%.*s%s' is not a number from %llu to %llu", opt, k, val,
                           more, (unsigned long long)min, (unsigned long long)max);
    return 0;
}

/* --shard I/N: 1 <= I <= N. */
static int parse_shard(const RtGame *g, RtArgs *a, const char *val)
{
    const char *slash = strchr(val, '/'), *more;
    int k = shown(val, strlen(val), &more);
    char first[32];
    size_t n = slash ? (size_t)(slash - val) : 0;
    if (slash && n < sizeof first) {
        memcpy(first, val, n);
        first[n] = '\0';
        if (rt_parse_u64(first, 1000000, &a->shard) && rt_parse_u64(slash + 1, 1000000,
                                                                       &a->nshards)
            && a->shard >= 1 && a->shard <= a->nshards)
            return 0;
    }
    return usage_error(g, "--shard: '%.*s%s' is not I/N with 1 <= I <= N <= 1000000", k, val,
                       more);
}

static bool allowed(const RtArgs *a, const char *opt)
{
    static const char *const play[] = {"--players", "--seats", "--seed",
        "--protocol", "--reveal-all", "--max-decisions", "--help", NULL};
    static const char *const sim[] = {"--games", "--players", "--seats", "--seed", "--json",
        "--max-decisions", "--coverage", "--jobs", "--shard", "--report", "--replays", "--track",
        "--help", NULL};
    static const char *const serve[] = {"--port", "--players", "--seats", "--seed",
        "--max-decisions", "--exit-when-done", "--help", NULL};
    const char *const *list = a->cmd == CMD_SERVE ? serve : a->simulate ? sim : play;
    for (const char *const *o = list; *o; o++)
        if (strcmp(*o, opt) == 0)
            return true;
    return false;
}

static bool is_flag(const char *opt)
{
    return !strcmp(opt, "--reveal-all") || !strcmp(opt, "--json") || !strcmp(opt, "--help")
        || !strcmp(opt, "--coverage") || !strcmp(opt, "--exit-when-done");
}

/* One option with its value. */
static int set_option(const RtGame *g, RtArgs *a, const char *opt, const char *val)
{
    uint64_t v = 0;
    int rc = 0;
    if (!strcmp(opt, "--players")) {
        rc = parse_number(g, opt, val, (uint64_t)g->min_players, (uint64_t)g->max_players, &v);
        a->players = rc ? 0 : (int)v;
    } else if (!strcmp(opt, "--seats")) {
        rc = parse_seats(g, a, val);
    } else if (!strcmp(opt, "--seed")) {
        rc = parse_number(g, opt, val, 0, UINT64_MAX, &a->seed);
        a->seed_set = true;
    } else if (!strcmp(opt, "--port")) {
        rc = parse_number(g, opt, val, 0, 65535, &v);
        a->port = rc ? 0 : (int)v;
    } else if (!strcmp(opt, "--games")) {
        rc = parse_number(g, opt, val, 1, 1000000000000u, &a->games);
    } else if (!strcmp(opt, "--max-decisions")) {
        rc = parse_number(g, opt, val, 1, INT64_MAX, &v);
        a->max_decisions = rc ? 0 : (int64_t)v;
    } else if (!strcmp(opt, "--jobs")) {
        rc = parse_number(g, opt, val, 1, RT_MAX_JOBS, &v);
        a->jobs = rc ? 0 : (int)v;
    } else if (!strcmp(opt, "--replays")) {
        rc = parse_number(g, opt, val, 1, SIM_MAX_REPLAYS, &a->replays);
    } else if (!strcmp(opt, "--shard")) {
        rc = parse_shard(g, a, val);
    } else if (!strcmp(opt, "--track")) {
        a->track = val;
    } else if (!strcmp(opt, "--report")) {
        a->report = val;
        if (!*val)
            rc = usage_error(g, "--report: an empty folder name");
    } else if (!strcmp(opt, "--protocol")) {
        const char *more;
        int k = shown(val, strlen(val), &more);
        if (strcmp(val, "json"))
            return usage_error(g, "--protocol: '%.*s%s' is not a protocol (json)", k, val,
                               more);
        a->protocol_json = true;
    }
    return rc;
}

static void set_flag(RtArgs *a, const char *opt)
{
    a->reveal_all |= !strcmp(opt, "--reveal-all");
    a->json |= !strcmp(opt, "--json");
    a->help |= !strcmp(opt, "--help");
    a->coverage |= !strcmp(opt, "--coverage");
    a->exit_when_done |= !strcmp(opt, "--exit-when-done");
}

/* Splits "--opt=value" / "--opt value"; returns how many argv it used. */
static int parse_one(const RtGame *g, RtArgs *a, int argc, char **argv, int *rc)
{
    char opt[32];
    const char *arg = argv[0], *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    if (n >= sizeof opt || strncmp(arg, "--", 2) != 0) {
        const char *more;
        int k = shown(arg, strlen(arg), &more);
        *rc = usage_error(g, "unexpected argument '%.*s%s'", k, arg, more);
        return 1;
    }
    memcpy(opt, arg, n);
    opt[n] = '\0';
    if (!allowed(a, opt)) {
        *rc = usage_error(g, "unknown option '%s' for %s", opt,
                          a->cmd == CMD_SERVE ? "serve" : a->simulate ? "simulate" : "play");
        return 1;
    }
    if (is_flag(opt)) {
        *rc = eq ? usage_error(g, "%s takes no value", opt) : 0;
        set_flag(a, opt);
        return 1;
    }
    if (!eq && argc < 2) {
        *rc = usage_error(g, "%s needs a value", opt);
        return 1;
    }
    *rc = set_option(g, a, opt, eq ? eq + 1 : argv[1]);
    return eq ? 1 : 2;
}

static int check_seats(const RtGame *g, RtArgs *a)
{
    bool human = false, json = false;
    for (int p = 0; p < a->nseats; p++) {
        human |= a->seat[p] == RT_SEAT_HUMAN;
        json |= a->seat[p] == RT_SEAT_JSON;
    }
    a->protocol_json |= json;
    if (human && a->protocol_json)
        return usage_error(g, "a human seat cannot share stdin with --protocol json");
    if (a->nseats) {
        if (a->players && a->players != a->nseats)
            return usage_error(g, "--seats names %d seats but --players is %d",
                               a->nseats, a->players);
        a->players = a->nseats;
        if (a->players < g->min_players || a->players > g->max_players)
            return usage_error(g, "--seats: %s needs %d to %d players", g->name,
                               g->min_players, g->max_players);
        return 0;
    }
    if (!a->players)
        a->players = default_players(g);
    for (int p = 0; p < a->players; p++)
        a->seat[p] = a->protocol_json ? RT_SEAT_JSON : p == 0 ? RT_SEAT_HUMAN : RT_SEAT_RANDOM;
    a->nseats = a->players;
    return 0;
}

/* serve's seats: human (a page) or a machine; every seat human by default. */
static int check_serve_seats(const RtGame *g, RtArgs *a)
{
    for (int p = 0; p < a->nseats; p++)
        if (a->seat[p] == RT_SEAT_JSON)
            return usage_error(g, "--seats: serve seats are human, random, greedy, mc:N or "
                               "ismcts:N, not json");
    bool listed = a->nseats != 0;
    int rc = check_seats(g, a);
    if (rc == 0 && !listed)
        for (int p = 0; p < a->players; p++)
            a->seat[p] = RT_SEAT_HUMAN;
    return rc;
}

/* simulate's seats: machines only; every seat random by default. */
static int check_sim_seats(const RtGame *g, RtArgs *a)
{
    for (int p = 0; p < a->nseats; p++)
        if (!rt_seat_machine(a->seat[p]))
            return usage_error(g, "--seats: simulate seats are random, greedy, mc:N or "
                               "ismcts:N, not %s", a->seat[p] == RT_SEAT_JSON ? "json"
                                                                              : "human");
    if (!a->nseats) {
        for (int p = 0; p < a->players; p++)
            a->seat[p] = RT_SEAT_RANDOM;
        return 0;
    }
    return check_seats(g, a);
}

static int parse_args(const RtGame *g, RtArgs *a, int argc, char **argv)
{
    int rc = 0;
    for (int i = 0; i < argc && rc == 0 && !a->help;)
        i += parse_one(g, a, argc - i, argv + i, &rc);
    if (rc || a->help)
        return rc;
    if (!a->players && !(a->simulate && a->nseats))
        a->players = a->simulate ? default_players(g) : 0;
    if (!a->games)
        a->games = DEFAULT_GAMES;
    if (a->cmd == CMD_SERVE)
        return check_serve_seats(g, a);
    return a->simulate ? check_sim_seats(g, a) : check_seats(g, a);
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec
               ^ ((uint64_t)getpid() << 20);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9u;
    x ^= x >> 29;
    return x & 0xFFFFFFFFu;     /* short to type, exact in any JSON reader */
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- play ---- */

static void announce(const RtPlay *pl, bool seed_given)
{
    char kind[32];
    if (pl->json) {
        if (!seed_given)
            fprintf(stderr, "seed: %llu\n", (unsigned long long)pl->seed);
        return;
    }
    fprintf(pl->out, "%s: %d players (", pl->g->name, pl->nplayers);
    for (int p = 0; p < pl->nplayers; p++)
        fprintf(pl->out, "%sPlayer %d %s", p ? ", " : "", p + 1,
                rt_seat_name(pl->seat[p], pl->mach->budget[p], kind, sizeof kind));
    fprintf(pl->out, "), seed %llu%s\n", (unsigned long long)pl->seed,
            seed_given ? "" : " (replay with --seed)");
    for (int p = 0; p < pl->nplayers; p++)
        if (pl->seat[p] == RT_SEAT_HUMAN) {
            fprintf(pl->out, "Type help at a prompt for the commands.\n");
            break;
        }
}

/* Asks the agents until the game ends; returns why it stopped early
 * (NULL if it did not). */
static const char *play_loop(RtPlay *pl)
{
    const RtCore *c = pl->st;
    while (c->over == RT_PLAYING) {
        int pick = rt_agent_choose(pl);
        if (pick == RT_PICK_EOF)
            return "stdin closed";
        if (pick == RT_PICK_QUIT)
            return "quit";
        if (pick == RT_PICK_BAD)
            return RT_BAD_ANSWERS_REASON;
        if (pick < 0 || pl->io_status >= 0)
            return "stdout closed";
        /* a window's answers are sealed: the window shows them all once
         * every seat has answered (rt_observe_window) */
        if (!rt_window_of(pl->g, pl->st))
            rt_show_chosen(pl, pick);
        rt_machines_apply(pl->mach, pl->g, pl->st, pick);
        if (ferror(pl->out) && !rt_flush(pl))
            return "stdout closed";
    }
    return NULL;
}

static int play_game(RtPlay *pl, const RtArgs *a)
{
    const RtCore *c = pl->st;
    announce(pl, a->seed_set);
    rt_set_observer(pl->g, rt_observe, pl);
    rt_set_window_observer(pl->g, rt_observe_window, pl);
    rt_set_show_observer(pl->g, rt_observe_show, pl);
    rt_set_taken_observer(pl->g, rt_observe_taken, pl);
    rt_set_out_observer(pl->g, rt_observe_out, pl);
    rt_new_bounded(pl->g, pl->st, pl->seed, pl->nplayers, a->max_decisions);
    rt_machines_observe(pl->mach, pl->st);
    const char *abandoned = play_loop(pl);
    rt_set_observer(pl->g, NULL, NULL);
    rt_set_window_observer(pl->g, NULL, NULL);
    rt_set_show_observer(pl->g, NULL, NULL);
    rt_set_taken_observer(pl->g, NULL, NULL);
    rt_set_out_observer(pl->g, NULL, NULL);
    if (pl->io_status >= 0)
        return pl->io_status;
    rt_print_end(pl, abandoned);
    if (!rt_flush(pl))
        return pl->io_status;
    return c->over == RT_FAULT && !abandoned ? 1 : 0;
}

static int cmd_play(const RtGame *g, const RtArgs *a)
{
    RtPlay *pl = calloc(1, sizeof *pl);
    void *st = malloc(g->state_size);
    RtMachines mach;
    uint64_t seed = a->seed_set ? a->seed : clock_seed();
    bool machines = rt_machines_init(&mach, g, a->players, seed, a->seat, a->budget);
    int rc = 1;
    if (!pl || !st || !machines) {
        fprintf(stderr, "%s: out of memory\n", prog);
    } else {
        *pl = (RtPlay){.g = g, .prog = prog, .st = st, .nplayers = a->players, .in = stdin,
                       .out = stdout, .io_status = -1, .json = a->protocol_json,
                       .reveal_all = a->reveal_all, .mach = &mach};
        pl->seed = seed;
        pl->colour = !pl->json && rt_colour_wanted(pl->out);
        for (int p = 0; p < a->players; p++) {
            pl->seat[p] = a->seat[p];
            rt_seed(&pl->rng[p], rt_agent_seed(pl->seed, p));
            if (a->seat[p] == (pl->json ? RT_SEAT_JSON : RT_SEAT_HUMAN))
                pl->viewers |= 1u << p;
        }
        rc = play_game(pl, a);
    }
    rt_machines_free(&mach);
    free(st);
    free(pl);
    return rc;
}

/* ---- simulate ---- */

/* Does a seat of a's search (not every seat random)? */
static bool sim_searches(const RtArgs *a)
{
    for (int p = 0; p < a->players; p++)
        if (a->seat[p] != RT_SEAT_RANDOM)
            return true;
    return false;
}

/* --coverage: the games played in order on this thread (the counters of
 * coverage are one table), counted as sim.c counts them. */
static bool sim_covered(const RtGame *g, const SimRun *r, RtCover *cv, SimStats *s)
{
    void *st = malloc(g->state_size);
    if (!st)
        return false;
    for (uint64_t i = 0; i < r->games; i++) {
        RtRng rng[RT_MAX_PLAYERS];
        for (int p = 0; p < r->players; p++)
            rt_seed(&rng[p], rt_agent_seed(r->seed + i, p));
        rt_cover_play(cv, st, r->seed + i, r->players, r->max_decisions, rng);
        sim_stats_count(s, g, st, i);
    }
    free(st);
    return true;
}


static void put_wins(const SimStats *s, int n)
{
    putchar('[');
    for (int p = 0; p < n; p++) {
        if (p)
            putchar(',');
        rt_put_num(stdout, (double)s->wins[p] / SIM_WIN_UNIT);
    }
    putchar(']');
}

static void put_scores(const SimStats *s, int n, double games)
{
    putchar('[');
    for (int p = 0; p < n; p++) {
        if (p)
            putchar(',');
        rt_put_num(stdout, (double)s->score[p] / games);
    }
    putchar(']');
}

static void sim_json(const RtGame *g, const RtArgs *a, const SimStats *s, double seconds,
                     const RtCover *cv)
{
    double games = (double)a->games, secs = seconds > 1e-9 ? seconds : 1e-9;
    printf("{\"game\":");
    rt_json_string(stdout, g->name);
    printf(",\"games\":%llu,\"players\":%d,\"seed\":%llu,\"seconds\":%.6f,"
           "\"games_per_sec\":%.1f,\"decisions\":%llu,\"decisions_per_sec\":%.1f,"
           "\"avg_turns\":", (unsigned long long)a->games, a->players,
           (unsigned long long)a->seed, seconds, games / secs,
           (unsigned long long)s->decisions, (double)s->decisions / secs);
    rt_put_num(stdout, (double)s->turns / games);
    printf(",\"avg_decisions\":");
    rt_put_num(stdout, (double)s->decisions / games);
    printf(",\"seat_wins\":");
    put_wins(s, a->players);
    printf(",\"avg_scores\":");
    put_scores(s, a->players, games);
    printf(",\"draws\":%llu,\"bound_draws\":%llu,\"faults\":%llu,\"no_winner\":%llu",
           (unsigned long long)s->draws, (unsigned long long)s->bound_draws,
           (unsigned long long)s->faults, (unsigned long long)s->no_winner);
    if (sim_searches(a)) {
        char name[32];
        printf(",\"seats\":[");
        for (int p = 0; p < a->players; p++) {
            printf("%s\"%s\"", p ? "," : "",
                   rt_seat_name(a->seat[p], a->budget[p], name, sizeof name));
        }
        putchar(']');
    }
    if (cv) {
        putchar(',');
        rt_cover_json(cv, stdout);
    }
    printf("}\n");
}

static void sim_text(const RtGame *g, const RtArgs *a, const SimStats *s, double seconds)
{
    double games = (double)a->games, secs = seconds > 1e-9 ? seconds : 1e-9;
    printf("%s: %llu games, %d players, seed %llu (game i: seed %llu+i)\n", g->name,
           (unsigned long long)a->games, a->players, (unsigned long long)a->seed,
           (unsigned long long)a->seed);
    printf("  time       %.3f s, %.0f games/s, %.0f decisions/s\n", seconds,
           games / secs, (double)s->decisions / secs);
    printf("  per game   %.2f turns, %.2f decisions\n", (double)s->turns / games,
           (double)s->decisions / games);
    char name[32];
    for (int p = 0; p < a->players; p++) {
        double wins = (double)s->wins[p] / SIM_WIN_UNIT;
        printf("  Player %d   %.2f wins (%.1f%%), average score %.2f", p + 1,
               wins, 100.0 * wins / games, (double)s->score[p] / games);
        if (sim_searches(a))
            printf(" (%s)", rt_seat_name(a->seat[p], a->budget[p], name, sizeof name));
        putchar('\n');
    }
    printf("  draws      %llu (%llu at the decision bound), faults %llu\n",
           (unsigned long long)s->draws, (unsigned long long)s->bound_draws,
           (unsigned long long)s->faults);
    printf("A shared win counts 1/k for each of its k winners.\n");
}

/* The first faulted games, in the order of the run, on stderr. */
static void sim_faults(const SimRun *r, const SimStats *s)
{
    for (int i = 0; i < s->nfault; i++)
        fprintf(stderr, "%s: game with seed %llu faulted: %s\n", prog,
                (unsigned long long)(r->seed + s->fault[i].index), s->fault[i].text);
}

static int check_sim_args(const RtGame *g, const RtArgs *a)
{
    if (a->coverage && !g->play_covered)
        return usage_error(g, "--coverage: %s was built without coverage sites", g->name);
    if (a->coverage && sim_searches(a))
        return usage_error(g, "--coverage counts the games of random seats only");
    if (a->coverage && (a->jobs > 1 || a->nshards || a->report))
        return usage_error(g, "--coverage plays on one thread: not with --jobs, --shard "
                              "or --report");
    if (a->track && sim_searches(a))
        return usage_error(g, "--track plays random seats only");
    if (a->track && (a->coverage || a->nshards || a->report || a->json || a->replays > 1))
        return usage_error(g, "--track prints a line per game: not with --coverage, "
                              "--shard, --report, --json or --replays");
    if (a->nshards && a->json)
        return usage_error(g, "--shard prints the shard's stats file: not with --json");
    if (a->replays > 1 && !a->nshards && !a->report)
        return usage_error(g, "--replays counts for --report and --shard only");
    uint64_t most = SIM_WIN_UNIT * (a->replays ? a->replays : 1);
    if (a->games > UINT64_MAX / (most * most))
        return usage_error(g, "--replays %llu: at most %llu games", (unsigned long long)a->replays,
                           (unsigned long long)(UINT64_MAX / (most * most)));
    return 0;
}

/* Prints what simulate prints: the shard's stats file, or the figures. */
static void sim_print(const RtGame *g, const RtArgs *a, const SimRun *r, const SimStats *s,
                      double seconds, const RtCover *cv)
{
    if (a->nshards)
        stats_write(stdout, r, s);
    else if (a->json)
        sim_json(g, a, s, seconds, cv);
    else
        sim_text(g, a, s, seconds);
    if (cv && !a->json)
        rt_cover_text(cv, stdout, a->games);
}

static int cmd_simulate(const RtGame *g, RtArgs *a)
{
    int rc = check_sim_args(g, a);
    if (rc)
        return rc;
    if (!a->seed_set)
        a->seed = clock_seed();
    SimRun r = {.game = (char *)g->name, .players = a->players, .seed = a->seed,
                .games = a->games, .max_decisions = a->max_decisions,
                .shard = a->nshards ? a->shard : 1, .nshards = a->nshards ? a->nshards : 1,
                .replays = a->replays ? a->replays : 1};
    if (a->track)
        return track_run(g, prog, a->track, &r, a->jobs);
    sim_build_id(g, r.build);
    for (int p = 0; p < a->players; p++) {
        rt_seat_name(a->seat[p], a->budget[p], r.seat[p], sizeof r.seat[p]);
        r.kind[p] = a->seat[p];
        r.budget[p] = a->budget[p];
    }
    RtCover *cv = a->coverage ? rt_cover_new(g) : NULL;
    SimStats *s = sim_stats_new();
    double t0 = now();
    bool ok = s && (!a->coverage || cv)
              && (cv ? sim_covered(g, &r, cv, s)
                     : sim_run(g, prog, &r, a->jobs, a->nshards || a->report, s));
    double seconds = now() - t0;
    if (!ok)
        fprintf(stderr, "%s: out of memory\n", prog);
    else
        sim_faults(&r, s);
    if (ok)
        sim_print(g, a, &r, s, seconds, cv);
    const SimRun *runs[] = {&r};
    const SimStats *stats[] = {s};
    if (ok && a->report && !report_write(a->report, prog, g, runs, stats, 1))
        ok = false;
    rt_cover_free(cv);
    rc = rt_check_output(stdout, prog);
    rc = rc >= 0 ? rc : !ok || s->faults ? 1 : 0;
    sim_stats_free(s);
    return rc;
}

/* ---- serve ---- */

static int cmd_serve(const RtGame *g, const RtArgs *a)
{
    RtServeOpts o = {.port = a->port, .players = a->players, .seed_set = a->seed_set,
                     .seed = a->seed_set ? a->seed : clock_seed(),
                     .max_decisions = a->max_decisions, .exit_when_done = a->exit_when_done};
    memcpy(o.seat, a->seat, sizeof o.seat);
    memcpy(o.budget, a->budget, sizeof o.budget);
    if (!a->seed_set)
        fprintf(stderr, "seed: %llu\n", (unsigned long long)o.seed);
    return rt_serve(g, prog, &o);
}

/* ---- main ---- */

static const char *program_name(const char *argv0, const RtGame *g)
{
    if (!argv0 || !*argv0)
        return g->name;
    const char *slash = strrchr(argv0, '/');
    return slash && slash[1] ? slash + 1 : argv0;
}

int rt_main(const RtGame *g, int argc, char **argv)
{
    RtArgs a = {0};
    signal(SIGPIPE, SIG_IGN);
    /* Past a file size limit (ulimit -f), a write fails with EFBIG and the
     * game says so (rt_check_output), instead of a signal killing it. */
    signal(SIGXFSZ, SIG_IGN);
    prog = program_name(argc > 0 ? argv[0] : NULL, g);
    if (argc < 2)
        return usage_error(g, "missing command: play, simulate or serve");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help"))
        return print_help(g);
    if (!strcmp(cmd, "stats"))
        return stats_command(g, prog, argc - 2, argv + 2);
    a.simulate = !strcmp(cmd, "simulate");
    const char *more;
    int k = shown(cmd, strlen(cmd), &more);
    a.cmd = a.simulate ? CMD_SIMULATE : !strcmp(cmd, "serve") ? CMD_SERVE : CMD_PLAY;
    if (a.cmd == CMD_PLAY && strcmp(cmd, "play"))
        return usage_error(g, "unknown command '%.*s%s' (play, simulate or serve)", k, cmd,
                           more);
    int rc = parse_args(g, &a, argc - 2, argv + 2);
    if (rc || a.help)
        return rc ? rc : print_help(g);
    if (a.cmd == CMD_SERVE)
        return cmd_serve(g, &a);
    return a.simulate ? cmd_simulate(g, &a) : cmd_play(g, &a);
}
