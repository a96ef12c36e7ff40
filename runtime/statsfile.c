/* statsfile.c: the stats file, the integer sums of a run or of a shard of
 * one (`simulate --shard I/N`), read back and merged by `GAME stats merge`
 * into the bytes `simulate --shard 1/1` writes for the whole run
 * (INTERFACES.md §4, "Stats files"). */
#include "lab.h"
#include "json_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { STATS_VERSION = 1, STATS_MAX_BYTES = 64 << 20 };

/* ---- writing ---- */

static void put_u64s(FILE *f, const uint64_t *v, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%llu", i ? "," : "", (unsigned long long)v[i]);
}

/* A histogram as [[bin,count],...], the bins that count anything. */
static void put_hist(FILE *f, const Hist *h)
{
    putc('[', f);
    bool first = true;
    for (int b = 0; b < HIST_BINS; b++)
        if (h->bin[b]) {
            fprintf(f, "%s[%d,%llu]", first ? "" : ",", b, (unsigned long long)h->bin[b]);
            first = false;
        }
    putc(']', f);
}

static void put_header(FILE *f, const SimRun *r)
{
    fprintf(f, "{\"format\":\"cardc-stats\",\"version\":%d,\"game\":", STATS_VERSION);
    rt_json_string(f, r->game);
    fprintf(f, ",\"build\":\"%s\",\"players\":%d,\"seats\":[", r->build, r->players);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", f);
        rt_json_string(f, r->seat[p]);
    }
    fprintf(f, "],\"seed\":%llu,\"games\":%llu,\"max_decisions\":%lld,\"replays\":%llu,"
               "\"shard\":[%llu,%llu],\n",
            (unsigned long long)r->seed, (unsigned long long)r->games,
            (long long)r->max_decisions, (unsigned long long)r->replays,
            (unsigned long long)r->shard, (unsigned long long)r->nshards);
}

static void put_lead(FILE *f, const SimRun *r, const SimStats *s)
{
    fprintf(f, "\"lead\":%s,\"views\":[", s->lead ? "true" : "false");
    for (int v = 0; v <= r->players; v++) {
        const LeadSums *l = &s->views[v];
        uint64_t row[] = {l->games, l->lead_changes, l->drama_games, l->drama, l->decisiveness};
        fprintf(f, "%s[", v ? "," : "");
        put_u64s(f, row, 5);
        putc(']', f);
    }
    fputs("],\n\"first_faults\":[", f);
    for (int i = 0; i < s->nfault; i++) {
        fprintf(f, "%s[%llu,", i ? "," : "", (unsigned long long)s->fault[i].index);
        rt_json_string(f, s->fault[i].text);
        putc(']', f);
    }
    fputs("]}\n", f);
}

bool stats_write(FILE *f, const SimRun *r, const SimStats *s)
{
    put_header(f, r);
    uint64_t counts[] = {s->played, s->decisions, s->turns, s->draws, s->bound_draws,
                         s->faults, s->no_winner};
    static const char *const names[] = {"played", "decisions", "turns", "draws",
                                        "bound_draws", "faults", "no_winner"};
    for (int i = 0; i < 7; i++)
        fprintf(f, "%s\"%s\":%llu", i ? "," : "", names[i], (unsigned long long)counts[i]);
    fprintf(f, ",\n\"win_unit\":%d,\"wins\":[", SIM_WIN_UNIT);
    put_u64s(f, s->wins, r->players);
    fputs("],\"deal_wins\":[", f);
    put_u64s(f, s->deal_wins, r->players);
    fputs("],\"deal_wins_sq\":[", f);
    put_u64s(f, s->deal_wins_sq, r->players);
    fputs("],\"score_sum\":[", f);
    for (int p = 0; p < r->players; p++)
        fprintf(f, "%s%lld", p ? "," : "", (long long)s->score[p]);
    fputs("],\n\"score_hist\":[", f);
    for (int p = 0; p < r->players; p++) {
        if (p)
            putc(',', f);
        put_hist(f, &s->score_hist[p]);
    }
    fputs("],\n\"decisions_hist\":", f);
    put_hist(f, &s->decisions_hist);
    fputs(",\n\"turns_hist\":", f);
    put_hist(f, &s->turns_hist);
    fputs(",\n", f);
    put_lead(f, r, s);
    return !ferror(f);
}

/* ---- reading ---- */

typedef struct In {
    const char *path;
    char *err;
    size_t errn;
    bool ok;
} In;

static void bad(In *in, const char *what)
{
    if (in->ok)
        snprintf(in->err, in->errn, "%s: not a stats file of cardc: %s", in->path, what);
    in->ok = false;
}

static uint64_t get_u(In *in, const JVal *v, const char *what)
{
    if (!v || v->type != JSON_INT || v->neg) {
        bad(in, what);
        return 0;
    }
    return v->u;
}

static int64_t get_i(In *in, const JVal *v, const char *what)
{
    if (!v || v->type != JSON_INT || (!v->neg && v->u > INT64_MAX)) {
        bad(in, what);
        return 0;
    }
    return v->neg ? (int64_t)(0 - v->u) : (int64_t)v->u;
}

static const JVal *get_array(In *in, const JVal *v, int n, const char *what)
{
    if (!v || v->type != JSON_ARRAY || (n >= 0 && v->n != n)) {
        bad(in, what);
        return NULL;
    }
    return v;
}

static void read_hist(In *in, const JVal *v, Hist *h)
{
    if (!get_array(in, v, -1, "a histogram"))
        return;
    for (int i = 0; i < v->n && in->ok; i++) {
        const JVal *pair = get_array(in, &v->items[i], 2, "a histogram's [bin,count]");
        uint64_t b = pair ? get_u(in, &pair->items[0], "a bin") : 0;
        if (b >= HIST_BINS)
            bad(in, "a bin out of range");
        else if (pair)
            h->bin[b] += get_u(in, &pair->items[1], "a count");
    }
}

static void read_header(In *in, const JVal *o, SimRun *r)
{
    const JVal *fmt = json_get(o, "format"), *game = json_get(o, "game");
    const JVal *build = json_get(o, "build");
    if (!fmt || fmt->type != JSON_STRING || strcmp(fmt->str, "cardc-stats")) {
        bad(in, "no \"format\":\"cardc-stats\"");
        return;
    }
    if (get_u(in, json_get(o, "version"), "version") != STATS_VERSION) {
        bad(in, "a version this game does not read");
        return;
    }
    if (!game || game->type != JSON_STRING || !build || build->type != JSON_STRING
        || strlen(build->str) != 16) {
        bad(in, "game or build");
        return;
    }
    r->game = strdup(game->str);
    memcpy(r->build, build->str, 17);
    uint64_t players = get_u(in, json_get(o, "players"), "players");
    if (players < 1 || players > RT_MAX_PLAYERS) {
        bad(in, "players");
        return;
    }
    r->players = (int)players;
    const JVal *seats = get_array(in, json_get(o, "seats"), r->players, "seats");
    for (int p = 0; seats && p < r->players; p++) {
        const JVal *s = &seats->items[p];
        if (s->type != JSON_STRING || strlen(s->str) >= SIM_SEAT_NAME) {
            bad(in, "seats");
            return;
        }
        strcpy(r->seat[p], s->str);
    }
    r->seed = get_u(in, json_get(o, "seed"), "seed");
    r->games = get_u(in, json_get(o, "games"), "games");
    r->max_decisions = get_i(in, json_get(o, "max_decisions"), "max_decisions");
    r->replays = get_u(in, json_get(o, "replays"), "replays");
    if (in->ok && (r->replays < 1 || r->replays > SIM_MAX_REPLAYS))
        bad(in, "replays");
    const JVal *sh = get_array(in, json_get(o, "shard"), 2, "shard");
    r->shard = sh ? get_u(in, &sh->items[0], "shard") : 0;
    r->nshards = sh ? get_u(in, &sh->items[1], "shard") : 0;
    if (in->ok && (r->nshards < 1 || r->shard < 1 || r->shard > r->nshards))
        bad(in, "shard");
}

static void read_counts(In *in, const JVal *o, const SimRun *r, SimStats *s)
{
    uint64_t *counts[] = {&s->played, &s->decisions, &s->turns, &s->draws, &s->bound_draws,
                          &s->faults, &s->no_winner};
    static const char *const names[] = {"played", "decisions", "turns", "draws",
                                        "bound_draws", "faults", "no_winner"};
    for (int i = 0; i < 7; i++)
        *counts[i] = get_u(in, json_get(o, names[i]), names[i]);
    if (get_u(in, json_get(o, "win_unit"), "win_unit") != SIM_WIN_UNIT)
        bad(in, "win_unit");
    const JVal *wins = get_array(in, json_get(o, "wins"), r->players, "wins");
    const JVal *sum = get_array(in, json_get(o, "score_sum"), r->players, "score_sum");
    const JVal *dw = get_array(in, json_get(o, "deal_wins"), r->players, "deal_wins");
    const JVal *dsq = get_array(in, json_get(o, "deal_wins_sq"), r->players, "deal_wins_sq");
    const JVal *hist = get_array(in, json_get(o, "score_hist"), r->players, "score_hist");
    for (int p = 0; in->ok && p < r->players; p++) {
        s->wins[p] = get_u(in, &wins->items[p], "wins");
        s->score[p] = get_i(in, &sum->items[p], "score_sum");
        s->deal_wins[p] = get_u(in, &dw->items[p], "deal_wins");
        s->deal_wins_sq[p] = get_u(in, &dsq->items[p], "deal_wins_sq");
        read_hist(in, &hist->items[p], &s->score_hist[p]);
    }
    read_hist(in, json_get(o, "decisions_hist"), &s->decisions_hist);
    read_hist(in, json_get(o, "turns_hist"), &s->turns_hist);
}

static void read_lead(In *in, const JVal *o, const SimRun *r, SimStats *s)
{
    const JVal *lead = json_get(o, "lead");
    s->lead = lead && lead->type == JSON_TRUE;
    const JVal *views = get_array(in, json_get(o, "views"), r->players + 1, "views");
    for (int v = 0; in->ok && v <= r->players; v++) {
        const JVal *row = get_array(in, &views->items[v], 5, "a view");
        LeadSums *l = &s->views[v];
        uint64_t *f[] = {&l->games, &l->lead_changes, &l->drama_games, &l->drama,
                         &l->decisiveness};
        for (int k = 0; row && k < 5; k++)
            *f[k] = get_u(in, &row->items[k], "a view");
    }
    const JVal *ff = get_array(in, json_get(o, "first_faults"), -1, "first_faults");
    for (int i = 0; ff && in->ok && i < ff->n && i < SIM_FAULTS_KEPT; i++) {
        const JVal *pair = get_array(in, &ff->items[i], 2, "a fault");
        if (!pair || pair->items[1].type != JSON_STRING) {
            bad(in, "a fault");
            return;
        }
        s->fault[i] = (SimFault){get_u(in, &pair->items[0], "a fault"),
                                 strdup(pair->items[1].str)};
        s->nfault = i + 1;
    }
}

static char *slurp(const char *path, size_t *n, char *err, size_t errn)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errn, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *b = malloc(STATS_MAX_BYTES + 1);
    *n = b ? fread(b, 1, STATS_MAX_BYTES + 1, f) : 0;
    bool failed = !b || ferror(f) || *n > STATS_MAX_BYTES;
    fclose(f);
    if (failed) {
        snprintf(err, errn, "%s: %s", path, b ? "unreadable, or over 64 MiB" : "out of memory");
        free(b);
        return NULL;
    }
    return b;
}

bool stats_read(const char *path, SimRun *r, SimStats *s, char *err, size_t n)
{
    size_t len;
    char *text = slurp(path, &len, err, n);
    if (!text)
        return false;
    JVal o;
    char why[200];
    In in = {.path = path, .err = err, .errn = n, .ok = true};
    if (!json_parse(text, len, &o, why, sizeof why)) {
        snprintf(err, n, "%s: not JSON: %s", path, why);
        free(text);
        return false;
    }
    free(text);
    if (o.type != JSON_OBJECT)
        bad(&in, "not an object");
    if (in.ok)
        read_header(&in, &o, r);
    if (in.ok)
        read_counts(&in, &o, r, s);
    if (in.ok)
        read_lead(&in, &o, r, s);
    json_free(&o);
    return in.ok;
}
