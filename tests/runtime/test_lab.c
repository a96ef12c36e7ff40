/* test_lab.c: the balance lab's pieces (runtime/lab.h): the fixed bins of
 * the histograms, lead changes, drama and decisiveness of games written
 * by hand against the values worked out below, and the faults kept when
 * two counts are added. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"

Test(hist, every_value_in_its_bin_and_the_bins_in_order)
{
    int64_t prev_hi = INT64_MIN;
    int prev_bin = -1;
    for (int64_t v = -70000; v <= 70000; v++) {
        int b = hist_bin(v);
        int64_t lo, hi;
        hist_range(b, &lo, &hi);
        cr_assert(lo <= v && v <= hi, "%lld not in bin %d [%lld, %lld]", (long long)v, b,
                  (long long)lo, (long long)hi);
        if (b != prev_bin && v != -70000) {
            cr_assert_eq(lo, v, "bin %d starts at %lld, not %lld", b, (long long)lo,
                         (long long)v);
            cr_assert_eq(prev_hi, v - 1);
        }
        prev_bin = b;
        prev_hi = hi;
    }
    cr_assert_eq(hist_bin(0), 0);
    cr_assert_eq(hist_bin(63), 63);
    cr_assert_eq(hist_bin(64), 64);
    cr_assert_eq(hist_bin(INT64_MAX), HIST_SIDE - 1);
    cr_assert_eq(hist_bin(INT64_MIN), HIST_BINS - 1);
}

/* Two players; scores by sample: (0,0) (1,0) (1,2) (3,2); player 1 wins. */
static const int32_t game[4][2] = {{0, 0}, {1, 0}, {1, 2}, {3, 2}};

static SimStats *counted(const unsigned known[SIM_VIEWS], const uint8_t *winner)
{
    Trajectory t = {.nplayers = 2};
    for (int i = 0; i < 4; i++) {
        int32_t e[RT_MAX_PLAYERS] = {game[i][0], game[i][1]};
        cr_assert(traj_push(&t, e));
    }
    SimStats *s = sim_stats_new();
    lead_count(s, &t, known, winner);
    traj_free(&t);
    return s;
}

Test(lead, ludii_measures_from_each_view)
{
    /* the referee sees both; seat 1 only its own; seat 2 both */
    unsigned known[SIM_VIEWS] = {3, 1, 3};
    uint8_t winner[RT_MAX_PLAYERS] = {1, 0};
    SimStats *s = counted(known, winner);
    /* leaders {1,2} {1} {2} {1}: 4 changes (the first from none) in 4 */
    cr_assert_eq(s->views[0].lead_changes, 1000000);
    /* the winner behind by 0, 0, 1, 0; spread 3 - 0; 1 / (4 * 3) */
    cr_assert_eq(s->views[0].drama, 83333);
    /* threshold 2 (player 2's best); player 1 above it first at sample 3 */
    cr_assert_eq(s->views[0].decisiveness, 750000);
    cr_assert_eq(s->views[0].games, 1);
    cr_assert_eq(s->views[0].drama_games, 1);
    /* seat 1 sees itself lead all game: 1 change in 4, never behind,
     * nobody else to beat */
    cr_assert_eq(s->views[1].lead_changes, 250000);
    cr_assert_eq(s->views[1].drama, 0);
    cr_assert_eq(s->views[1].decisiveness, 0);
    cr_assert_eq(memcmp(&s->views[2], &s->views[0], sizeof s->views[0]), 0);
    sim_stats_free(s);
}

Test(lead, no_winner_no_drama)
{
    unsigned known[SIM_VIEWS] = {3};
    SimStats *s = counted(known, NULL);
    cr_assert_eq(s->views[0].games, 1);
    cr_assert_eq(s->views[0].drama_games, 0);
    cr_assert_eq(s->views[0].drama, 0);
    cr_assert_eq(s->views[1].games, 0); /* a view that sees nobody */
    sim_stats_free(s);
}

static void fault_at(SimStats *s, uint64_t index)
{
    char *text = malloc(16);
    cr_assert(text);
    snprintf(text, 16, "fault %llu", (unsigned long long)index);
    s->fault[s->nfault++] = (SimFault){index, text};
    s->faults++;
}

Test(stats, the_lowest_faults_kept_whatever_the_order)
{
    SimStats *a = sim_stats_new(), *b = sim_stats_new(), *c = sim_stats_new();
    fault_at(a, 5);
    fault_at(a, 9);
    for (uint64_t i = 1; i <= 8; i += i < 3 ? 1 : 4) /* 1 2 3 7 */
        fault_at(b, i);
    sim_stats_add(c, b);
    sim_stats_add(c, a);
    static const uint64_t want[] = {1, 2, 3, 5, 7};
    cr_assert_eq(c->nfault, 5);
    cr_assert_eq(c->faults, 6);
    for (int i = 0; i < 5; i++) {
        char text[16];
        snprintf(text, sizeof text, "fault %llu", (unsigned long long)want[i]);
        cr_assert_eq(c->fault[i].index, want[i]);
        cr_assert_str_eq(c->fault[i].text, text);
    }
    sim_stats_free(a);
    sim_stats_free(b);
    sim_stats_free(c);
}
