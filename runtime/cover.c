/* cover.c: `simulate --coverage` (docs/RUNTIME.md, "Coverage"): what the
 * games passed through, by rules line, and where each card kind ended
 * them.
 *
 * The counting itself is the game's (rt_play_covered: the counters of its
 * coverage sites, RtCovSite in rt.h); here the counters are kept across
 * games, the places where the cards lie at each game's end are added up,
 * and both are printed, as text or as the `coverage` object of the
 * `simulate --json` line. */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

struct RtCover {
    const RtGame *g;
    uint64_t *count;        /* 2 per coverage site (RtCovSite) */
    int nkinds;             /* card kinds: the different names of card_name */
    const char **kind_name;
    int *kind_copies;
    int *kind_of;           /* per card instance: its kind */
    uint64_t *ends;         /* [kind * nzones + zone]: copies that ended there */
    int *order;             /* the sites but 0, by file, line and number */
    int *place;             /* per site: its place in order */
    int *of;                /* per option site: its decision site (the last
                             * before it in the table, cgen_cover.c) */
};

/* The card kinds: each name of g->card_name once, in the order of the
 * instances. */
static bool find_kinds(RtCover *cv)
{
    const RtGame *g = cv->g;
    cv->kind_of = calloc((size_t)g->ninstances + 1, sizeof *cv->kind_of);
    cv->kind_name = calloc((size_t)g->ninstances + 1, sizeof *cv->kind_name);
    cv->kind_copies = calloc((size_t)g->ninstances + 1, sizeof *cv->kind_copies);
    if (!cv->kind_of || !cv->kind_name || !cv->kind_copies)
        return false;
    for (int c = 0; c < g->ninstances; c++) {
        int k = cv->nkinds; /* the kind named so, looked for from the last */
        while (k > 0 && strcmp(cv->kind_name[k - 1], g->card_name[c]))
            k--;
        if (k == 0) {
            k = cv->nkinds++;
            cv->kind_name[k] = g->card_name[c];
        } else {
            k--;
        }
        cv->kind_of[c] = k;
        cv->kind_copies[k]++;
    }
    return true;
}

static const RtCover *sort_cover; /* qsort's comparison has no context */

static int by_place(const void *a, const void *b)
{
    const RtCovSite *s = sort_cover->g->cov_sites;
    int i = *(const int *)a, j = *(const int *)b;
    int f = strcmp(s[i].file, s[j].file);
    if (f)
        return f;
    if (s[i].line != s[j].line)
        return s[i].line < s[j].line ? -1 : 1;
    return i < j ? -1 : i > j;
}

RtCover *rt_cover_new(const RtGame *g)
{
    RtCover *cv = calloc(1, sizeof *cv);
    if (!cv)
        return NULL;
    cv->g = g;
    int n = g->ncov_sites;
    cv->count = calloc(2 * (size_t)n, sizeof *cv->count);
    cv->ends = calloc((size_t)g->ninstances * (size_t)g->nzones + 1, sizeof *cv->ends);
    cv->order = calloc((size_t)n + 1, sizeof *cv->order);
    cv->place = calloc((size_t)n + 1, sizeof *cv->place);
    cv->of = calloc((size_t)n + 1, sizeof *cv->of);
    if (!cv->count || !cv->ends || !cv->order || !cv->place || !cv->of || !find_kinds(cv)) {
        rt_cover_free(cv);
        return NULL;
    }
    for (int i = 1; i < n; i++)
        cv->order[i - 1] = i;
    sort_cover = cv;
    qsort(cv->order, (size_t)(n > 0 ? n - 1 : 0), sizeof *cv->order, by_place);
    for (int k = 0; k + 1 < n; k++)
        cv->place[cv->order[k]] = k;
    for (int i = 1, d = 0; i < n; i++) {
        if (g->cov_sites[i].kind == RT_COV_DECISION)
            d = i;
        cv->of[i] = d;
    }
    return cv;
}

void rt_cover_free(RtCover *cv)
{
    if (!cv)
        return;
    free(cv->count);
    free(cv->ends);
    free(cv->order);
    free(cv->place);
    free(cv->of);
    free(cv->kind_of);
    free(cv->kind_name);
    free(cv->kind_copies);
    free(cv);
}

bool rt_cover_play(RtCover *cv, void *st, uint64_t seed, int nplayers, int64_t max_decisions,
                   void *rngs)
{
    const RtGame *g = cv->g;
    if (!rt_play_covered(g, st, seed, nplayers, max_decisions, rngs, cv->count))
        return false;
    for (int slot = 0; slot < g->nslots; slot++) {
        int z = g->slot_zone[slot], n = rt_zone_size(g, st, slot);
        for (int pos = 0; pos < n; pos++)
            cv->ends[(size_t)cv->kind_of[rt_zone_card(g, st, slot, pos)] * (size_t)g->nzones
                     + (size_t)z]++;
    }
    return true;
}

/* ---- what is printed ---- */

static const char *const kind_word[] = {"decision", "option", "rule", "event", "effect",
                                        "trigger", "reaction", "modifier"};

/* What site i counted, in words: "9312 decisions", "offered 9312, taken 4012". */
static void counted(const RtCover *cv, int i, char *buf, size_t n)
{
    uint64_t a = cv->count[2 * i], b = cv->count[2 * i + 1];
    switch (cv->g->cov_sites[i].kind) {
    case RT_COV_DECISION:
        snprintf(buf, n, "%llu decisions", (unsigned long long)a);
        return;
    case RT_COV_OPTION:
        snprintf(buf, n, "offered %llu, taken %llu", (unsigned long long)a,
                 (unsigned long long)b);
        return;
    case RT_COV_TRIGGER:
        snprintf(buf, n, "fired %llu", (unsigned long long)a);
        return;
    case RT_COV_MODIFIER:
        snprintf(buf, n, "applied %llu", (unsigned long long)a);
        return;
    default:
        snprintf(buf, n, "ran %llu", (unsigned long long)a);
        return;
    }
}

/* What never happened at site i, or NULL if something did. */
static const char *never(const RtCover *cv, int i)
{
    uint64_t a = cv->count[2 * i], b = cv->count[2 * i + 1];
    switch (cv->g->cov_sites[i].kind) {
    case RT_COV_DECISION: return a ? NULL : "never decided";
    case RT_COV_OPTION:   return !a ? "never offered" : b ? NULL : "offered, never taken";
    case RT_COV_TRIGGER:  return a ? NULL : "never fired";
    case RT_COV_MODIFIER: return a ? NULL : "never applied";
    default:              return a ? NULL : "never ran";
    }
}

static void text_site(const RtCover *cv, FILE *out, int i)
{
    const RtCovSite *s = &cv->g->cov_sites[i];
    char where[96], what[64];
    snprintf(where, sizeof where, "%s:%d", s->file, (int)s->line);
    counted(cv, i, what, sizeof what);
    fprintf(out, "  %-16s %-8s %-30s %s%s\n", where, kind_word[s->kind], what,
            s->kind == RT_COV_OPTION ? "  " : "", s->text);
}

static void text_cards(const RtCover *cv, FILE *out)
{
    const RtGame *g = cv->g;
    fprintf(out, "Where each card kind ended its games (copies, over all games):\n");
    for (int k = 0; k < cv->nkinds; k++) {
        fprintf(out, "  %s (%d %s):", cv->kind_name[k], cv->kind_copies[k],
                cv->kind_copies[k] == 1 ? "copy" : "copies");
        const char *sep = " ";
        for (int z = 0; z < g->nzones; z++) {
            uint64_t n = cv->ends[(size_t)k * (size_t)g->nzones + (size_t)z];
            if (n) {
                fprintf(out, "%s%s %llu", sep, g->zones[z].name, (unsigned long long)n);
                sep = ", ";
            }
        }
        fputc('\n', out);
    }
}

void rt_cover_text(const RtCover *cv, FILE *out, uint64_t games)
{
    int n = cv->g->ncov_sites;
    fprintf(out, "Coverage over %llu games, by rules line:\n", (unsigned long long)games);
    for (int k = 0; k + 1 < n; k++)
        text_site(cv, out, cv->order[k]);
    if (cv->count[0])
        fprintf(out, "  %-16s %-8s %llu decisions (reaction windows, the order of triggers)\n",
                "(runtime)", "decision", (unsigned long long)cv->count[0]);
    text_cards(cv, out);
    fprintf(out, "Never happened:\n");
    int nnever = 0;
    for (int k = 0; k + 1 < n; k++) {
        int i = cv->order[k];
        const RtCovSite *s = &cv->g->cov_sites[i];
        const char *why = never(cv, i);
        if (why) {
            char where[96];
            snprintf(where, sizeof where, "%s:%d", s->file, (int)s->line);
            fprintf(out, "  %-16s %-8s %s: %s\n", where, kind_word[s->kind], s->text, why);
            nnever++;
        }
    }
    if (!nnever)
        fprintf(out, "  nothing\n");
}

static void json_site(const RtCover *cv, FILE *out, int i)
{
    const RtCovSite *s = &cv->g->cov_sites[i];
    fprintf(out, "{\"kind\":\"%s\",\"file\":", kind_word[s->kind]);
    rt_json_string(out, s->file);
    fprintf(out, ",\"line\":%d,\"text\":", (int)s->line);
    rt_json_string(out, s->text);
    if (s->kind == RT_COV_OPTION)
        fprintf(out, ",\"offered\":%llu,\"taken\":%llu,\"decision\":%d",
                (unsigned long long)cv->count[2 * i], (unsigned long long)cv->count[2 * i + 1],
                cv->place[cv->of[i]]);
    else
        fprintf(out, ",\"count\":%llu", (unsigned long long)cv->count[2 * i]);
    fputc('}', out);
}

static void json_cards(const RtCover *cv, FILE *out)
{
    const RtGame *g = cv->g;
    fputs("\"cards\":[", out);
    for (int k = 0; k < cv->nkinds; k++) {
        fputs(k ? ",{\"card\":" : "{\"card\":", out);
        rt_json_string(out, cv->kind_name[k]);
        fprintf(out, ",\"copies\":%d,\"ends\":{", cv->kind_copies[k]);
        const char *sep = "";
        for (int z = 0; z < g->nzones; z++) {
            uint64_t n = cv->ends[(size_t)k * (size_t)g->nzones + (size_t)z];
            if (n) {
                fputs(sep, out);
                rt_json_string(out, g->zones[z].name);
                fprintf(out, ":%llu", (unsigned long long)n);
                sep = ",";
            }
        }
        fputs("}}", out);
    }
    fputc(']', out);
}

void rt_cover_json(const RtCover *cv, FILE *out)
{
    int n = cv->g->ncov_sites;
    fprintf(out, "\"coverage\":{\"runtime_decisions\":%llu,\"sites\":[",
            (unsigned long long)cv->count[0]);
    for (int k = 0; k + 1 < n; k++) {
        if (k)
            fputc(',', out);
        json_site(cv, out, cv->order[k]);
    }
    fputs("],", out);
    json_cards(cv, out);
    fputc('}', out);
}
