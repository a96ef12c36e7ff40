/* report.c: `simulate --report DIR` and `stats report DIR FILE...`:
 * DIR/report.json and DIR/report.html, a page that stands alone (inline
 * CSS and SVG, no script, nothing fetched). What each figure means is in
 * RUNTIME.md, "The balance lab". Every figure is computed from the
 * integer sums alone, so a report of shards merged is the report of the
 * run. */
#include "lab.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { SVG_W = 420, SVG_H = 120 };

static const double Z95 = 1.959963984540054; /* the normal's 97.5% quantile */

/* sqrt by Newton's steps: no libm for the games to link. */
double lab_root(double x)
{
    if (x <= 0)
        return 0;
    double r = x < 1 ? 1 : x;
    for (int i = 0; i < 200; i++) {
        double next = 0.5 * (r + x / r);
        if (next == r)
            break;
        r = next;
    }
    return r;
}


/* What the report says of one seat. */
typedef struct SeatFig {
    double rate, lo, hi;        /* win rate and its 95% Wilson interval */
    uint64_t needed;            /* games for a 95% interval of +-1 point */
    double score;               /* average final score */
} SeatFig;

static SeatFig seat_fig(const SimRun *r, const SimStats *s, int p)
{
    SeatFig f = {0};
    double n = (double)s->played;
    if (n <= 0)
        return f;
    double z2 = Z95 * Z95;
    f.rate = (double)s->wins[p] / SIM_WIN_UNIT / n;
    double mid = (f.rate + z2 / (2 * n)) / (1 + z2 / n);
    double half = Z95 * lab_root(f.rate * (1 - f.rate) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    f.lo = mid - half < 0 ? 0 : mid - half;
    f.hi = mid + half > 1 ? 1 : mid + half;
    double need = z2 * f.rate * (1 - f.rate) / (0.01 * 0.01);
    f.needed = (uint64_t)need + ((double)(uint64_t)need < need);
    f.score = (double)s->score[p] / n;
    (void)r;
    return f;
}

/* ---- report.json ---- */

/* The bins of a histogram from the lowest value up: i-th bin. */
static int ordered_bin(int i)
{
    return i < HIST_SIDE ? HIST_SIDE + (HIST_SIDE - 1 - i) : i - HIST_SIDE;
}

/* A histogram as [[lo,hi,count],...], its bins that count anything, from
 * the lowest values up. */
static void json_hist(FILE *f, const Hist *h)
{
    putc('[', f);
    bool first = true;
    for (int i = 0; i < HIST_BINS; i++) {
        int bin = ordered_bin(i);
        if (!h->bin[bin])
            continue;
        int64_t lo, hi;
        hist_range(bin, &lo, &hi);
        fprintf(f, "%s[%lld,%lld,%llu]", first ? "" : ",", (long long)lo, (long long)hi,
                (unsigned long long)h->bin[bin]);
        first = false;
    }
    putc(']', f);
}

static void json_lead(FILE *f, const SimRun *r, const SimStats *s)
{
    if (!s->lead) {
        fputs("null", f);
        return;
    }
    putc('[', f);
    for (int v = 0; v <= r->players; v++) {
        const LeadSums *l = &s->views[v];
        if (v)
            fprintf(f, ",{\"view\":\"seat %d\"", v);
        else
            fputs("{\"view\":\"referee\"", f);
        fprintf(f, ",\"games\":%llu,\"lead_changes\":", (unsigned long long)l->games);
        rt_put_num(f, l->games ? (double)l->lead_changes / SIM_MICRO / (double)l->games : 0);
        fprintf(f, ",\"games_with_a_winner_seen\":%llu,\"drama\":",
                (unsigned long long)l->drama_games);
        rt_put_num(f, l->drama_games ? (double)l->drama / SIM_MICRO / (double)l->drama_games : 0);
        fputs(",\"decisiveness\":", f);
        rt_put_num(f, l->drama_games ? (double)l->decisiveness / SIM_MICRO / (double)l->drama_games
                                  : 0);
        putc('}', f);
    }
    putc(']', f);
}

/* Luck against skill: each kind of agent's win rate (its seats' mean),
 * the best, and its margin over random's, in points. */
typedef struct Agents {
    int n;
    const char *kind[RT_MAX_PLAYERS]; /* each agent present, by name */
    double rate[RT_MAX_PLAYERS];
    int best;                   /* index of the best kind */
    int random;                 /* index of random, -1 if absent */
} Agents;

static Agents agents_of(const SimRun *r, const SimStats *s)
{
    Agents a = {.random = -1};
    int seats[RT_MAX_PLAYERS] = {0};
    for (int p = 0; p < r->players; p++) {
        int k = 0;
        while (k < a.n && strcmp(a.kind[k], r->seat[p]))
            k++;
        if (k == a.n)
            a.kind[a.n++] = r->seat[p];
        a.rate[k] += seat_fig(r, s, p).rate;
        seats[k]++;
    }
    for (int k = 0; k < a.n; k++) {
        a.rate[k] /= seats[k];
        if (a.rate[k] > a.rate[a.best])
            a.best = k;
        if (!strcmp(a.kind[k], "random"))
            a.random = k;
    }
    return a;
}

/* The spread of one seat's win rates per deal, over --replays K plays
 * of each deal: their standard deviation, what it would be if the deal
 * did not matter (the agents' own chance alone: p (1 - p) / K), and the
 * share of the variance of a game's result the deal explains (the
 * intraclass correlation, clamped to 0..1). */
typedef struct DealFig {
    double sd, sd_chance, deal_share;
} DealFig;

static DealFig deal_fig(const SimRun *r, const SimStats *s, int p)
{
    DealFig d = {0};
    double n = (double)s->played, k = (double)r->replays, unit = SIM_WIN_UNIT * k;
    if (n <= 0 || r->replays < 2)
        return d;
    double mean = (double)s->deal_wins[p] / unit / n;
    double var = (double)s->deal_wins_sq[p] / (unit * unit) / n - mean * mean;
    double total = mean * (1 - mean);
    d.sd = lab_root(var);
    d.sd_chance = lab_root(total / k);
    if (total > 0) {
        d.deal_share = (var - total / k) / (1 - 1 / k) / total;
        d.deal_share = d.deal_share < 0 ? 0 : d.deal_share > 1 ? 1 : d.deal_share;
    }
    return d;
}

static void json_deals(FILE *f, const SimRun *r, const SimStats *s)
{
    if (r->replays < 2) {
        fputs("null,\"deal_spread_why\":\"each deal is played once (--replays K plays it K "
              "times)\"", f);
        return;
    }
    fprintf(f, "{\"replays\":%llu,\"seats\":[", (unsigned long long)r->replays);
    for (int p = 0; p < r->players; p++) {
        DealFig d = deal_fig(r, s, p);
        fprintf(f, "%s{\"seat\":%d,\"sd\":", p ? "," : "", p + 1);
        rt_put_num(f, d.sd);
        fputs(",\"sd_if_the_deal_did_not_matter\":", f);
        rt_put_num(f, d.sd_chance);
        fputs(",\"deal_share\":", f);
        rt_put_num(f, d.deal_share);
        putc('}', f);
    }
    fputs("]}", f);
}

static void json_agents(FILE *f, const SimRun *r, const SimStats *s)
{
    Agents a = agents_of(r, s);
    fputs("{\"agents\":[", f);
    for (int k = 0; k < a.n; k++) {
        fputs(k ? ",{\"agent\":" : "{\"agent\":", f);
        rt_json_string(f, a.kind[k]);
        fputs(",\"win_rate\":", f);
        rt_put_num(f, a.rate[k]);
        putc('}', f);
    }
    fputs("],\"best_agent\":", f);
    rt_json_string(f, a.kind[a.best]);
    fputs(",\"margin_over_random_points\":", f);
    if (a.random < 0)
        fputs("null", f);
    else
        rt_put_num(f, 100 * (a.rate[a.best] - a.rate[a.random]));
    fputs(",\"deal_spread\":", f);
    json_deals(f, r, s);
    putc('}', f);
}

static void json_run(FILE *f, const SimRun *r, const SimStats *s)
{
    double n = s->played ? (double)s->played : 1;
    fprintf(f, "{\"players\":%d,\"games\":%llu,\"seed\":%llu,\"max_decisions\":%lld,\"seats\":[",
            r->players, (unsigned long long)s->played, (unsigned long long)r->seed,
            (long long)r->max_decisions);
    for (int p = 0; p < r->players; p++) {
        SeatFig sf = seat_fig(r, s, p);
        fprintf(f, "%s\n  {\"seat\":%d,\"agent\":", p ? "," : "", p + 1);
        rt_json_string(f, r->seat[p]);
        fputs(",\"win_rate\":", f);
        rt_put_num(f, sf.rate);
        fputs(",\"ci95\":[", f);
        rt_put_num(f, sf.lo);
        putc(',', f);
        rt_put_num(f, sf.hi);
        fprintf(f, "],\"games_for_1_point\":%llu,\"avg_score\":", (unsigned long long)sf.needed);
        rt_put_num(f, sf.score);
        fputs(",\"score_hist\":", f);
        json_hist(f, &s->score_hist[p]);
        putc('}', f);
    }
    fprintf(f, "],\n \"draws\":%llu,\"faults\":%llu,\"avg_decisions\":",
            (unsigned long long)s->draws, (unsigned long long)s->faults);
    rt_put_num(f, (double)s->decisions / n);
    fputs(",\"avg_turns\":", f);
    rt_put_num(f, (double)s->turns / n);
    fputs(",\n \"decisions_hist\":", f);
    json_hist(f, &s->decisions_hist);
    fputs(",\n \"turns_hist\":", f);
    json_hist(f, &s->turns_hist);
    fputs(",\n \"lead\":", f);
    json_lead(f, r, s);
    fputs(",\n \"luck_skill\":", f);
    json_agents(f, r, s);
    putc('}', f);
}

static void write_json(FILE *f, const RtGame *g, const SimRun *const *runs,
                       const SimStats *const *stats, int nruns)
{
    fputs("{\"game\":", f);
    rt_json_string(f, g->name);
    fprintf(f, ",\"build\":\"%s\",\"runs\":[\n", runs[0]->build);
    for (int i = 0; i < nruns; i++) {
        if (i)
            fputs(",\n", f);
        json_run(f, runs[i], stats[i]);
    }
    fputs("]}\n", f);
}

/* ---- report.html ---- */

void lab_html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: putc(*s, f);
        }
    }
}

/* A histogram as an SVG bar chart: each bin a bar as wide as the values
 * it holds, on one linear axis from the lowest value seen to the highest. */
static void svg_hist(FILE *f, const Hist *h, const char *title)
{
    int first = -1, last = -1;
    uint64_t most = 0;
    for (int i = 0; i < HIST_BINS; i++) {
        uint64_t c = h->bin[ordered_bin(i)];
        if (!c)
            continue;
        first = first < 0 ? i : first;
        last = i;
        most = c > most ? c : most;
    }
    fprintf(f, "<figure><figcaption>");
    lab_html_text(f, title);
    fputs("</figcaption>\n", f);
    if (first < 0) {
        fputs("<p>no games</p></figure>\n", f);
        return;
    }
    int64_t lo, hi, x0, x1;
    hist_range(ordered_bin(first), &x0, &hi);
    hist_range(ordered_bin(last), &lo, &x1);
    double span = (double)(x1 - x0 + 1);
    fprintf(f, "<svg width=\"%d\" height=\"%d\" "
               "role=\"img\">", SVG_W, SVG_H + 16);
    for (int i = first; i <= last; i++) {
        uint64_t c = h->bin[ordered_bin(i)];
        if (!c)
            continue;
        hist_range(ordered_bin(i), &lo, &hi);
        double x = (double)(lo - x0) / span * SVG_W, w = (double)(hi - lo + 1) / span * SVG_W;
        double bh = (double)c / (double)most * SVG_H;
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                   "<title>%lld..%lld: %llu</title></rect>", x, SVG_H - bh, w < 1 ? 1 : w, bh,
                (long long)lo, (long long)hi, (unsigned long long)c);
    }
    fprintf(f, "<text x=\"0\" y=\"%d\">%lld</text><text x=\"%d\" y=\"%d\" "
               "text-anchor=\"end\">%lld</text></svg></figure>\n", SVG_H + 14, (long long)x0,
            SVG_W, SVG_H + 14, (long long)x1);
}

/* Win rates with their intervals, as bars with whiskers. */
static void svg_wins(FILE *f, const SimRun *r, const SimStats *s)
{
    int row = 22;
    fputs("<figure><figcaption>Win rate by seat, its 95% interval (black) and a fair "
          "share (dashed)</figcaption>\n", f);
    fprintf(f, "<svg width=\"%d\" height=\"%d\" "
               "role=\"img\">", SVG_W + 80, row * r->players + 4);
    for (int p = 0; p < r->players; p++) {
        SeatFig sf = seat_fig(r, s, p);
        int y = row * p + 2;
        fprintf(f, "<text x=\"0\" y=\"%d\">Seat %d</text>", y + 14, p + 1);
        fprintf(f, "<rect x=\"60\" y=\"%d\" width=\"%.1f\" height=\"16\"/>", y,
                sf.rate * SVG_W);
        fprintf(f, "<line class=\"ci\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>",
                60 + sf.lo * SVG_W, 60 + sf.hi * SVG_W, y + 8, y + 8);
    }
    double fair = 1.0 / r->players;
    fprintf(f, "<line class=\"fair\" x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%d\"/></svg>"
               "</figure>\n",
            60 + fair * SVG_W, 60 + fair * SVG_W, row * r->players + 4);
}

static void html_seats(FILE *f, const SimRun *r, const SimStats *s)
{
    fputs("<table><tr><th>Seat</th><th>Agent</th><th>Win rate</th><th>95% interval</th>"
          "<th>Games for &plusmn;1 point</th><th>Average score</th></tr>\n", f);
    for (int p = 0; p < r->players; p++) {
        SeatFig sf = seat_fig(r, s, p);
        fprintf(f, "<tr><td>%d</td><td>", p + 1);
        lab_html_text(f, r->seat[p]);
        fprintf(f, "</td><td>%.2f%%</td><td>%.2f%% &ndash; %.2f%%</td>"
                   "<td>%llu</td><td>%.2f</td></tr>\n",
                100 * sf.rate, 100 * sf.lo, 100 * sf.hi, (unsigned long long)sf.needed, sf.score);
    }
    fputs("</table>\n", f);
    svg_wins(f, r, s);
}

static void html_lead(FILE *f, const SimRun *r, const SimStats *s)
{
    fputs("<h3>Lead changes, drama and decisiveness</h3>\n", f);
    if (!s->lead) {
        fputs("<p>Not measured: the game was built without RtGame.score_now.</p>\n", f);
        return;
    }
    fputs("<table><tr><th>View</th><th>Games</th><th>Lead changes</th>"
          "<th>Games with a winner seen</th><th>Drama</th><th>Decisiveness</th></tr>\n", f);
    for (int v = 0; v <= r->players; v++) {
        const LeadSums *l = &s->views[v];
        double g = l->games ? (double)l->games : 1, d = l->drama_games ? (double)l->drama_games : 1;
        if (v)
            fprintf(f, "<tr><td>Seat %d</td>", v);
        else
            fputs("<tr><td>Referee (every score)</td>", f);
        fprintf(f, "<td>%llu</td><td>%.4f</td><td>%llu</td><td>%.4f</td><td>%.4f</td></tr>\n",
                (unsigned long long)l->games, (double)l->lead_changes / SIM_MICRO / g,
                (unsigned long long)l->drama_games, (double)l->drama / SIM_MICRO / d,
                (double)l->decisiveness / SIM_MICRO / d);
    }
    fputs("</table>\n<p>Scores sampled at each turn's first decision and at the end. A "
          "seat's view holds its own score and the scores the game shows it.</p>\n", f);
}

static void html_luck(FILE *f, const SimRun *r, const SimStats *s)
{
    Agents a = agents_of(r, s);
    fputs("<h3>Luck against skill</h3>\n<p>", f);
    fputs("Best agent: ", f);
    lab_html_text(f, a.kind[a.best]);
    fprintf(f, " (%.2f%% of the wins a seat). ", 100 * a.rate[a.best]);
    if (a.random >= 0)
        fprintf(f, "Its margin over random: %.2f points.", 100 * (a.rate[a.best] - a.rate[a.random]));
    else
        fputs("No seat is random: no margin over random.", f);
    if (r->replays < 2) {
        fputs(" Spread of win rates per deal: not measured (each deal is played once; "
              "--replays K plays it K times).</p>\n", f);
        return;
    }
    fprintf(f, "</p>\n<p>Each deal played %llu times, the agents' chance drawn anew:</p>\n"
               "<table><tr><th>Seat</th><th>Spread of its win rate per deal (sd)</th>"
               "<th>If the deal did not matter</th><th>Share of the result the deal "
               "decides</th></tr>\n", (unsigned long long)r->replays);
    for (int p = 0; p < r->players; p++) {
        DealFig d = deal_fig(r, s, p);
        fprintf(f, "<tr><td>%d</td><td>%.4f</td><td>%.4f</td><td>%.1f%%</td></tr>\n", p + 1,
                d.sd, d.sd_chance, 100 * d.deal_share);
    }
    fputs("</table>\n", f);
}

static void html_run(FILE *f, const SimRun *r, const SimStats *s)
{
    fprintf(f, "<section><h2>%d players</h2>\n<p>%llu games, seeds %llu to %llu; "
               "%llu draws, %llu faults; %.2f decisions and %.2f turns a game.</p>\n",
            r->players, (unsigned long long)s->played, (unsigned long long)r->seed,
            (unsigned long long)(r->seed + r->games - 1), (unsigned long long)s->draws,
            (unsigned long long)s->faults,
            s->played ? (double)s->decisions / (double)s->played : 0,
            s->played ? (double)s->turns / (double)s->played : 0);
    html_seats(f, r, s);
    for (int p = 0; p < r->players; p++) {
        char title[64];
        snprintf(title, sizeof title, "Final score, seat %d", p + 1);
        svg_hist(f, &s->score_hist[p], title);
    }
    svg_hist(f, &s->decisions_hist, "Decisions a game");
    svg_hist(f, &s->turns_hist, "Turns a game");
    html_lead(f, r, s);
    html_luck(f, r, s);
    fputs("</section>\n", f);
}

static void write_html(FILE *f, const RtGame *g, const SimRun *const *runs,
                       const SimStats *const *stats, int nruns)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
    lab_html_text(f, g->name);
    fputs(": balance report</title>\n<style>\n"
          "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em}\n"
          "table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px}\n"
          "rect{fill:#4a7ab5}line.ci{stroke:#000;stroke-width:2}"
          "line.fair{stroke:#c33;stroke-dasharray:4}\n"
          "figure{display:inline-block;margin:0.5em}text{font-size:11px}\n</style></head>\n"
          "<body><h1>", f);
    lab_html_text(f, g->name);
    fprintf(f, "</h1>\n<p>Build %s. Win rates with 95%% Wilson intervals; a shared win "
               "counts 1/k for each of its k winners.</p>\n", runs[0]->build);
    for (int i = 0; i < nruns; i++)
        html_run(f, runs[i], stats[i]);
    fputs("</body></html>\n", f);
}

/* One file of lab_write_pages: DIR/NAME.EXT. */
static bool write_page(const char *dir, const char *name, const char *prog, const char *what,
                       LabPageWriter *write, const void *ctx, bool html)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, html ? "html" : "json");
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s: cannot write %s: %s\n", prog, what, path, strerror(errno));
        return false;
    }
    write(f, html, ctx);
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok)
        fprintf(stderr, "%s: %s: cannot write %s\n", prog, what, path);
    return ok;
}

bool lab_write_pages(const char *dir, const char *name, const char *prog, const char *what,
                     LabPageWriter *write, const void *ctx)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: %s: cannot make %s: %s\n", prog, what, dir, strerror(errno));
        return false;
    }
    return write_page(dir, name, prog, what, write, ctx, false)
        && write_page(dir, name, prog, what, write, ctx, true);
}

/* What report_write's pages are written from. */
typedef struct ReportPages {
    const RtGame *g;
    const SimRun *const *runs;
    const SimStats *const *stats;
    int nruns;
} ReportPages;

static void write_report(FILE *f, bool html, const void *ctx)
{
    const ReportPages *r = ctx;
    if (html)
        write_html(f, r->g, r->runs, r->stats, r->nruns);
    else
        write_json(f, r->g, r->runs, r->stats, r->nruns);
}

bool report_write(const char *dir, const char *prog, const RtGame *g,
                  const SimRun *const *runs, const SimStats *const *stats, int nruns)
{
    ReportPages r = {g, runs, stats, nruns};
    return lab_write_pages(dir, "report", prog, "--report", write_report, &r);
}
