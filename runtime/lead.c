/* lead.c: lead changes, drama and decisiveness of one game, as Ludii
 * defines them (RUNTIME.md, "The balance lab"), with each player's score
 * (or the func the rules name in `agents:`, RtGame.value_name)
 * as its state evaluation, sampled at the end of each turn and at the end
 * of the game, and read from a view: the referee's (every score) or one
 * seat's information set (the scores it may see). Each game's value is
 * in millionths, rounded down, so that the sums are integers. */
#include "lab.h"

#include <stdlib.h>
#include <string.h>

void lead_views(const RtGame *g, int nplayers, unsigned known[SIM_VIEWS])
{
    const char *name = g->value_name ? g->value_name : "score";
    int shown = -1;
    for (int i = 0; i < g->nnumbers; i++)
        if (g->numbers[i].per_player && !strcmp(g->numbers[i].name, name))
            shown = i;
    known[0] = (1u << nplayers) - 1;
    for (int o = 0; o < RT_MAX_PLAYERS; o++) {
        unsigned k = o < nplayers ? 1u << o : 0;
        for (int p = 0; p < nplayers && o < nplayers && shown >= 0; p++)
            if (rt_number_seen(g, shown, p, o))
                k |= 1u << p;
        known[1 + o] = k;
    }
}

bool traj_push(Trajectory *t, const int32_t *eval)
{
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 64;
        int32_t *e = realloc(t->eval, (size_t)cap * RT_MAX_PLAYERS * sizeof *e);
        if (!e)
            return false;
        t->eval = e;
        t->cap = cap;
    }
    memcpy(t->eval + (size_t)t->n * RT_MAX_PLAYERS, eval, RT_MAX_PLAYERS * sizeof *eval);
    t->n++;
    return true;
}

void traj_free(Trajectory *t)
{
    free(t->eval);
    *t = (Trajectory){0};
}

/* num / den in millionths, rounded down, without overflow. */
static uint64_t micro(uint64_t num, uint64_t den)
{
    while (den > (UINT64_MAX / SIM_MICRO)) {
        num >>= 1;
        den >>= 1;
    }
    return num / den * SIM_MICRO + num % den * SIM_MICRO / den;
}

static const int32_t *sample(const Trajectory *t, int i)
{
    return t->eval + (size_t)i * RT_MAX_PLAYERS;
}

/* The highest evaluation view `known` sees in sample e, and the set of
 * the players who have it. */
static int64_t best_of(const int32_t *e, unsigned known, int n, unsigned *leaders)
{
    int64_t best = INT64_MIN;
    *leaders = 0;
    for (int p = 0; p < n; p++) {
        if (!(known >> p & 1))
            continue;
        if (e[p] > best) {
            best = e[p];
            *leaders = 0;
        }
        if (e[p] == best)
            *leaders |= 1u << p;
    }
    return best;
}

/* Ludii's LeadChange: samples whose set of leaders differs from the
 * sample's before (the first sample's, from none), over the samples. */
static uint64_t lead_changes(const Trajectory *t, unsigned known)
{
    unsigned past = 0, now;
    uint64_t changes = 0;
    for (int i = 0; i < t->n; i++) {
        best_of(sample(t, i), known, t->nplayers, &now);
        changes += now != past;
        past = now;
    }
    return micro(changes, (uint64_t)t->n);
}

/* Ludii's Drama: how far the winners (the mean of those seen) were
 * behind the leader, averaged over the samples, over the spread of the
 * scores seen in the game (highest minus lowest) so that it is from 0
 * to 1. */
static uint64_t drama(const Trajectory *t, unsigned known, unsigned winners)
{
    uint64_t behind = 0;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    int k = __builtin_popcount(winners);
    unsigned leaders;
    for (int i = 0; i < t->n; i++) {
        const int32_t *e = sample(t, i);
        int64_t best = best_of(e, known, t->nplayers, &leaders);
        for (int p = 0; p < t->nplayers; p++) {
            if (known >> p & 1) {
                lo = e[p] < lo ? e[p] : lo;
                hi = e[p] > hi ? e[p] : hi;
            }
            if (winners >> p & 1)
                behind += (uint64_t)(best - e[p]);
        }
    }
    if (hi <= lo)
        return 0;
    return micro(behind, (uint64_t)k * (uint64_t)t->n * (uint64_t)(hi - lo));
}

/* Ludii's DecisivenessMoves: the threshold is the highest evaluation any
 * player seen who did not win reached; the game is decided at the first
 * sample where a winner seen is above it. The share of the samples
 * before that one (all of them if none is). */
static uint64_t decisiveness(const Trajectory *t, unsigned known, unsigned winners)
{
    int64_t threshold = INT64_MIN;
    for (int i = 0; i < t->n; i++)
        for (int p = 0; p < t->nplayers; p++)
            if ((known & ~winners) >> p & 1 && sample(t, i)[p] > threshold)
                threshold = sample(t, i)[p];
    int at = t->n;
    for (int i = 0; i < t->n && at == t->n; i++)
        for (int p = 0; p < t->nplayers; p++)
            if (winners >> p & 1 && sample(t, i)[p] > threshold)
                at = i;
    return micro((uint64_t)at, (uint64_t)t->n);
}

void lead_count(SimStats *s, const Trajectory *t, const unsigned known[SIM_VIEWS],
                const uint8_t *winner)
{
    unsigned won = 0;
    for (int p = 0; winner && p < t->nplayers; p++)
        won |= (unsigned)(winner[p] != 0) << p;
    for (int v = 0; v < SIM_VIEWS; v++) {
        LeadSums *l = &s->views[v];
        if (!known[v] || t->n < 2)
            continue;
        l->games++;
        l->lead_changes += lead_changes(t, known[v]);
        if (!(won & known[v]))
            continue;
        l->drama_games++;
        l->drama += drama(t, known[v], won & known[v]);
        l->decisiveness += decisiveness(t, known[v], won & known[v]);
    }
}
