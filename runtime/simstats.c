/* simstats.c: what simulate counts of each game, in integers only (lab.h),
 * and two counts added: the sums are the same whatever order the games
 * were counted in, so a run on N threads or in N shards adds up to the
 * bytes of one run. */
#include "lab.h"

#include <stdlib.h>
#include <string.h>

/* ---- histograms ---- */

static int side_bin(uint64_t v)
{
    if (v < HIST_EXACT)
        return (int)v;
    int e = 63 - __builtin_clzll(v);        /* 2^e <= v < 2^(e+1), e >= 6 */
    if (e >= 40)
        return HIST_SIDE - 1;
    int sub = (int)((v >> (e - 4)) & (HIST_SUB - 1));
    return HIST_EXACT + (e - 6) * HIST_SUB + sub;
}

int hist_bin(int64_t v)
{
    if (v >= 0)
        return side_bin((uint64_t)v);
    return HIST_SIDE + side_bin(v == INT64_MIN ? UINT64_MAX >> 1 : (uint64_t)-v);
}

static void side_range(int b, uint64_t *lo, uint64_t *hi)
{
    if (b < HIST_EXACT) {
        *lo = *hi = (uint64_t)b;
        return;
    }
    int e = 6 + (b - HIST_EXACT) / HIST_SUB, sub = (b - HIST_EXACT) % HIST_SUB;
    uint64_t step = (uint64_t)1 << (e - 4);
    *lo = ((uint64_t)1 << e) + (uint64_t)sub * step;
    *hi = b == HIST_SIDE - 1 ? (uint64_t)INT64_MAX : *lo + step - 1;
}

void hist_range(int b, int64_t *lo, int64_t *hi)
{
    uint64_t l, h;
    side_range(b % HIST_SIDE, &l, &h);
    if (b < HIST_SIDE) {
        *lo = (int64_t)l;
        *hi = (int64_t)h;
    } else {
        *lo = -(int64_t)h;
        *hi = -(int64_t)l;
    }
}

/* ---- a game counted ---- */

SimStats *sim_stats_new(void)
{
    return calloc(1, sizeof(SimStats));
}

void sim_stats_free(SimStats *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nfault; i++)
        free(s->fault[i].text);
    free(s);
}

/* Keeps fault f (its text taken over) if its index is among the
 * SIM_FAULTS_KEPT lowest; frees it otherwise. */
static void keep_fault(SimStats *s, SimFault f)
{
    int i = s->nfault;
    if (i == SIM_FAULTS_KEPT) {
        if (f.index > s->fault[i - 1].index) {
            free(f.text);
            return;
        }
        free(s->fault[--i].text);
    } else {
        s->nfault++;
    }
    while (i > 0 && s->fault[i - 1].index > f.index) {
        s->fault[i] = s->fault[i - 1];
        i--;
    }
    s->fault[i] = f;
}

static void count_fault(SimStats *s, const RtGame *g, const void *st, uint64_t index)
{
    s->faults++;
    if (s->nfault == SIM_FAULTS_KEPT && index > s->fault[s->nfault - 1].index)
        return;
    char why[RT_LABEL_MAX];
    rt_fault_text(g, st, why, sizeof why);
    char *text = malloc(strlen(why) + 1);
    if (text)
        keep_fault(s, (SimFault){index, strcpy(text, why)});
}

void sim_stats_count(SimStats *s, const RtGame *g, const void *st, uint64_t index)
{
    const RtCore *c = st;
    int nwin = 0;
    s->played++;
    s->decisions += (uint64_t)c->decisions;
    s->turns += (uint64_t)c->turns;
    s->decisions_hist.bin[hist_bin(c->decisions)]++;
    s->turns_hist.bin[hist_bin(c->turns)]++;
    for (int p = 0; p < c->nplayers; p++) {
        s->score[p] += c->score[p];
        s->score_hist[p].bin[hist_bin(c->score[p])]++;
        nwin += c->over == RT_ENDED && c->winner[p];
    }
    for (int p = 0; p < c->nplayers && nwin; p++)
        if (c->winner[p])
            s->wins[p] += SIM_WIN_UNIT / (uint64_t)nwin;
    s->no_winner += c->over == RT_ENDED && !nwin;
    s->draws += c->over == RT_DRAW;
    s->bound_draws += rt_hit_bound(st);
    if (c->over == RT_FAULT)
        count_fault(s, g, st, index);
}

void sim_game_wins(const void *st, uint64_t *wins)
{
    const RtCore *c = st;
    int nwin = 0;
    for (int p = 0; p < c->nplayers; p++)
        nwin += c->over == RT_ENDED && c->winner[p];
    for (int p = 0; p < c->nplayers && nwin; p++)
        if (c->winner[p])
            wins[p] += SIM_WIN_UNIT / (uint64_t)nwin;
}

void sim_stats_deal(SimStats *s, const uint64_t *wins, int nplayers)
{
    for (int p = 0; p < nplayers; p++) {
        s->deal_wins[p] += wins[p];
        s->deal_wins_sq[p] += wins[p] * wins[p];
    }
}

static void hist_add(Hist *a, const Hist *b)
{
    for (int i = 0; i < HIST_BINS; i++)
        a->bin[i] += b->bin[i];
}

static void lead_add(LeadSums *a, const LeadSums *b)
{
    a->games += b->games;
    a->lead_changes += b->lead_changes;
    a->drama_games += b->drama_games;
    a->drama += b->drama;
    a->decisiveness += b->decisiveness;
}

void sim_stats_add(SimStats *a, const SimStats *b)
{
    a->played += b->played;
    a->decisions += b->decisions;
    a->turns += b->turns;
    a->draws += b->draws;
    a->bound_draws += b->bound_draws;
    a->faults += b->faults;
    a->no_winner += b->no_winner;
    for (int p = 0; p < RT_MAX_PLAYERS; p++) {
        a->wins[p] += b->wins[p];
        a->score[p] += b->score[p];
        a->deal_wins[p] += b->deal_wins[p];
        a->deal_wins_sq[p] += b->deal_wins_sq[p];
        hist_add(&a->score_hist[p], &b->score_hist[p]);
    }
    hist_add(&a->decisions_hist, &b->decisions_hist);
    hist_add(&a->turns_hist, &b->turns_hist);
    a->lead |= b->lead;
    for (int v = 0; v < SIM_VIEWS; v++)
        lead_add(&a->views[v], &b->views[v]);
    for (int i = 0; i < b->nfault; i++) {
        char *text = malloc(strlen(b->fault[i].text) + 1);
        if (text)
            keep_fault(a, (SimFault){b->fault[i].index, strcpy(text, b->fault[i].text)});
    }
}

/* ---- identity ---- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3u;
    return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
    return fnv(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

void sim_build_id(const RtGame *g, char out[17])
{
    uint64_t h = fnv_str(0xCBF29CE484222325u, g->name);
    uint64_t sizes[] = {g->state_size, (uint64_t)g->ninstances, (uint64_t)g->nslots,
                        (uint64_t)g->nzones, (uint64_t)g->nfault_sites,
                        (uint64_t)g->ncov_sites, (uint64_t)g->nvars,
                        (uint64_t)g->min_players, (uint64_t)g->max_players, g->code_hash};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        h = fnv(h, &sizes[i], sizeof sizes[i]);
    for (int i = 0; i < g->ninstances; i++)
        h = fnv_str(h, g->card_name[i]);
    for (int i = 0; i < g->nzones; i++)
        h = fnv_str(h, g->zones[i].name);
    for (int i = 0; i < g->nfault_sites; i++) {
        h = fnv_str(h, g->fault_sites[i].file);
        h = fnv(h, &g->fault_sites[i].line, sizeof g->fault_sites[i].line);
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}
