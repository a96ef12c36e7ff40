/* test_engine.c: the engine API of libcardrt, on the hand-written game
 * "high card" (high_card.c): random numbers, determinism, rt_apply's
 * checks, the decision bound, visibility, labels, zones, invariants. */
#include <criterion/criterion.h>
#include <string.h>

#include "high_card.h"
#include "rtcli.h"

static HcState st;

/* Plays to the end with the random agents' policy; checks the invariants
 * after every decision. */
static void play_random(HcState *s, uint64_t seed, int n)
{
    RtRng rng[RT_MAX_PLAYERS];
    char why[128];
    rt_new(&hc_game, s, seed, n);
    for (int p = 0; p < n; p++)
        rt_seed(&rng[p], rt_agent_seed(seed, p));
    while (s->core.over == RT_PLAYING) {
        cr_assert(rt_check_state(&hc_game, s, why, sizeof why), "%s", why);
        int i = (int)rt_below(&rng[s->core.dec.player], (uint32_t)s->core.dec.noptions);
        cr_assert(rt_apply(&hc_game, s, i));
    }
    cr_assert(rt_check_state(&hc_game, s, why, sizeof why), "%s", why);
}

/* ---- random numbers ---- */

Test(rng, same_seed_same_sequence)
{
    RtRng a, b, c;
    rt_seed(&a, 42);
    rt_seed(&b, 42);
    rt_seed(&c, 43);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = rt_next(&a);
        cr_assert_eq(x, rt_next(&b));
        differ += x != rt_next(&c);
    }
    cr_assert_gt(differ, 990);
}

Test(rng, zero_seed_works)
{
    RtRng r;
    rt_seed(&r, 0);
    uint32_t x = rt_next(&r) | rt_next(&r) | rt_next(&r);
    cr_assert_neq(x, 0);
}

Test(rng, below_stays_in_range)
{
    static const uint32_t ns[] = {1, 2, 3, 7, 10, 52, 110, 1000003,
                                  (1u << 31) + 1, 0xFFFFFFFFu};
    RtRng r;
    rt_seed(&r, 7);
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (int i = 0; i < 10000; i++)
            cr_assert_lt(rt_below(&r, ns[k]), ns[k]);
    cr_assert_eq(rt_below(&r, 0), 0);
    cr_assert_eq(rt_below(&r, 1), 0);
}

/* Chi-square over 6 faces: with 5 degrees of freedom, 25 is far out. */
Test(rng, below_is_uniform_over_small_n)
{
    enum { N = 600000 };
    long count[6] = {0};
    RtRng r;
    rt_seed(&r, 1);
    for (int i = 0; i < N; i++)
        count[rt_below(&r, 6)]++;
    double chi = 0, e = N / 6.0;
    for (int k = 0; k < 6; k++)
        chi += (count[k] - e) * (count[k] - e) / e;
    cr_assert_lt(chi, 25.0, "chi-square %f", chi);
}

/* n = 3 * 2^30: x % n would put half of the draws below 2^30, not a third. */
Test(rng, below_has_no_modulo_bias)
{
    enum { N = 300000 };
    uint32_t n = 3u << 30;
    long low = 0;
    RtRng r;
    rt_seed(&r, 2);
    for (int i = 0; i < N; i++)
        low += rt_below(&r, n) < (1u << 30);
    double f = (double)low / N;
    cr_assert(f > 0.32 && f < 0.347, "fraction below 2^30: %f", f);
}

/* ---- determinism, clone ---- */

Test(engine, same_seed_same_game)
{
    static HcState a, b;
    for (uint64_t seed = 0; seed < 50; seed++) {
        play_random(&a, seed, 3);
        play_random(&b, seed, 3);
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "seed %llu", (unsigned long long)seed);
    }
    play_random(&b, 1000, 3);
    cr_assert_neq(memcmp(&a, &b, sizeof a), 0);
}

Test(engine, clone_continues_the_same)
{
    static HcState a, b;
    rt_new(&hc_game, &a, 9, 4);
    rt_apply(&hc_game, &a, 0);
    rt_clone(&hc_game, &b, &a);
    while (a.core.over == RT_PLAYING) {
        rt_apply(&hc_game, &a, 0);
        rt_apply(&hc_game, &b, 0);
    }
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
}

Test(engine, every_game_ends_and_keeps_invariants)
{
    static HcState s;
    for (uint64_t seed = 0; seed < 3000; seed++) {
        int n = 2 + (int)(seed % 3);
        play_random(&s, seed, n);
        cr_assert_neq(s.core.over, RT_FAULT);
        cr_assert_neq(s.core.over, RT_PLAYING);
        cr_assert_lt(s.core.decisions, 100);
    }
}

/* ---- rt_new, rt_apply ---- */

Test(engine, new_game_runs_to_the_first_decision)
{
    rt_new(&hc_game, &st, 5, 3);
    cr_assert_eq(st.core.over, RT_PLAYING);
    cr_assert_eq(st.core.nplayers, 3);
    cr_assert_eq(st.core.dec.player, 0);
    cr_assert_eq(st.core.dec.noptions, 2);
    cr_assert_eq(st.core.max_decisions, 500);
    cr_assert_eq(st.core.decisions, 0);
    cr_assert_eq(rt_zone_size(&hc_game, &st, HC_DECK), 17);
}

Test(engine, bad_player_count_is_a_fault)
{
    rt_new(&hc_game, &st, 5, 1);
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_eq(st.core.fault, RT_FAULT_PLAYERS);
    cr_assert_str_eq(rt_end_reason(&hc_game, &st), "player count out of range");
    rt_new(&hc_game, &st, 5, 9);
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_not(rt_apply(&hc_game, &st, 0));
}

Test(engine, apply_checks_the_range)
{
    static HcState before;
    rt_new(&hc_game, &st, 5, 2);
    rt_clone(&hc_game, &before, &st);
    cr_assert_not(rt_apply(&hc_game, &st, -1));
    cr_assert_not(rt_apply(&hc_game, &st, 2));
    cr_assert_not(rt_apply(&hc_game, &st, 1000));
    cr_assert_not(rt_apply(&hc_game, &st, RT_MAX_OPTIONS));
    cr_assert_eq(memcmp(&before, &st, sizeof st), 0, "a refused option changed the state");
    cr_assert(rt_apply(&hc_game, &st, 1));
    cr_assert_eq(st.core.decisions, 1);
}

Test(engine, apply_after_the_end_is_refused)
{
    play_random(&st, 3, 2);
    int64_t d = st.core.decisions;
    cr_assert_not(rt_apply(&hc_game, &st, 0));
    cr_assert_eq(st.core.decisions, d);
}

Test(engine, decision_bound_is_a_draw)
{
    rt_new(&hc_game, &st, 5, 2);
    st.core.max_decisions = 3;
    cr_assert(rt_apply(&hc_game, &st, 0));
    cr_assert(rt_apply(&hc_game, &st, 0));
    cr_assert_eq(st.core.over, RT_PLAYING);
    cr_assert(rt_apply(&hc_game, &st, 0));
    cr_assert_eq(st.core.over, RT_DRAW);
    cr_assert_eq(st.core.decisions, 3);
    cr_assert(rt_hit_bound(&st));
    cr_assert_str_eq(rt_end_reason(&hc_game, &st), "decision bound reached");
    for (int p = 0; p < RT_MAX_PLAYERS; p++)
        cr_assert_eq(st.core.winner[p], 0);
    cr_assert_not(rt_apply(&hc_game, &st, 0));
}

Test(engine, rules_draw_is_not_the_bound)
{
    rt_new(&hc_game, &st, 5, 2);
    while (st.core.over == RT_PLAYING)
        rt_apply(&hc_game, &st, 1);     /* everyone passes: all score 0 */
    cr_assert_eq(st.core.over, RT_DRAW);
    cr_assert_not(rt_hit_bound(&st));
    cr_assert_str_eq(rt_end_reason(&hc_game, &st), "the rules ended the game in a draw");
}

/* A game whose rules stop at a decision with no options: a fault, not a hang. */
static void stuck_init(void *s, uint64_t seed, int n)
{
    (void)seed;
    RtCore *c = s;
    memset(s, 0, sizeof(RtCore));
    c->nplayers = n;
}

static void stuck_resume(void *s)
{
    (void)s;
}

Test(engine, decision_without_options_is_a_fault)
{
    RtGame g = hc_game;
    g.init = stuck_init;
    g.resume = stuck_resume;
    g.state_size = sizeof(RtCore);
    static RtCore c;
    rt_new(&g, &c, 1, 2);
    cr_assert_eq(c.over, RT_FAULT);
    cr_assert_eq(c.fault, RT_FAULT_BAD_DECISION);
    cr_assert_eq(c.max_decisions, 500);
}

Test(engine, fault_text_comes_from_the_table)
{
    rt_new(&hc_game, &st, 5, 2);
    st.pc = 99;                         /* corrupt the resume point */
    rt_apply(&hc_game, &st, 0);
    cr_assert_eq(st.core.over, RT_FAULT);
    cr_assert_str_eq(rt_end_reason(&hc_game, &st), "bad resume point");
}

/* ---- zones and visibility ---- */

Test(zones, access_through_the_table)
{
    rt_new(&hc_game, &st, 5, 2);
    cr_assert_eq(rt_zone_size(&hc_game, &st, HC_HAND + 0), 1);
    cr_assert_eq(rt_zone_card(&hc_game, &st, HC_HAND + 0, 0), st.zcard[HC_HAND][0]);
    cr_assert_eq(rt_zone_card(&hc_game, &st, HC_DECK, 16), st.zcard[HC_DECK][16]);
    cr_assert_eq(rt_zone_card(&hc_game, &st, HC_DECK, 18), -1);
    cr_assert_eq(rt_zone_card(&hc_game, &st, HC_DECK, -1), -1);
    cr_assert_eq(rt_zone_size(&hc_game, &st, -1), 0);
    cr_assert_eq(rt_zone_size(&hc_game, &st, HC_NSLOTS), 0);
    cr_assert_eq(rt_card_slot(&hc_game, &st, st.zcard[HC_HAND + 1][0]), HC_HAND + 1);
    cr_assert_eq(rt_zone_slot(&hc_game, 2, 3), HC_HAND + 3);
    cr_assert_eq(rt_zone_slot(&hc_game, 0, 3), HC_DECK);
    cr_assert_eq(rt_zone_slot(&hc_game, 2, 4), -1);
    cr_assert_eq(rt_zone_slot(&hc_game, 4, 0), -1);
    cr_assert(rt_slot_used(&hc_game, &st, HC_PILE + 1));
    cr_assert_not(rt_slot_used(&hc_game, &st, HC_PILE + 2));
    cr_assert_not(rt_slot_used(&hc_game, &st, HC_NSLOTS));
}

Test(zones, card_slot_with_and_without_the_table)
{
    RtGame scan = hc_game;
    scan.off_slot_of = 0;
    play_random(&st, 11, 3);
    for (int c = 0; c < HC_CARDS; c++) {
        int s = rt_card_slot(&hc_game, &st, c);
        cr_assert_geq(s, 0);
        cr_assert_eq(rt_card_slot(&scan, &st, c), s, "card %d", c);
    }
    cr_assert_eq(rt_card_slot(&hc_game, &st, -1), -1);
    cr_assert_eq(rt_card_slot(&scan, &st, HC_CARDS), -1);
}

Test(zones, check_state_finds_a_stale_slot_of)
{
    char why[128];
    rt_new(&hc_game, &st, 5, 2);
    st.slot_of[st.zcard[HC_HAND][0]] = HC_TABLE;
    cr_assert_not(rt_check_state(&hc_game, &st, why, sizeof why));
    cr_assert(strstr(why, "slot_of"), "%s", why);
}

Test(zones, draw_takes_the_top)
{
    rt_new(&hc_game, &st, 5, 2);
    int top = rt_zone_card(&hc_game, &st, HC_DECK, rt_zone_size(&hc_game, &st, HC_DECK) - 1);
    rt_apply(&hc_game, &st, 0);         /* draw */
    cr_assert_eq(rt_card_slot(&hc_game, &st, top), HC_HAND + 0);
}

Test(zones, visibility_rules)
{
    const RtGame *g = &hc_game;
    for (int p = 0; p < 4; p++) {
        cr_assert_not(rt_can_see(g, HC_DECK, p), "hidden deck");
        cr_assert(rt_can_see(g, HC_TABLE, p), "public table");
        cr_assert_not(rt_can_see(g, HC_PILE + p, p), "a pile is secret to its owner");
        for (int q = 0; q < 4; q++)
            cr_assert_eq(rt_can_see(g, HC_HAND + q, p), p == q, "hand %d by %d", q, p);
    }
    for (int s = 0; s < HC_NSLOTS; s++)
        cr_assert(rt_can_see(g, s, -1), "the referee sees slot %d", s);
    cr_assert_not(rt_can_see(g, -1, -1));
    cr_assert_not(rt_can_see(g, HC_NSLOTS, 0));
}

Test(zones, check_state_finds_a_card_twice)
{
    char why[128];
    rt_new(&hc_game, &st, 5, 2);
    cr_assert(rt_check_state(&hc_game, &st, why, sizeof why));
    st.zcard[HC_DECK][0] = st.zcard[HC_DECK][1];
    cr_assert_not(rt_check_state(&hc_game, &st, why, sizeof why));
    cr_assert(strstr(why, "in two places"), "%s", why);
    rt_new(&hc_game, &st, 5, 2);
    st.zsize[HC_DECK]--;
    cr_assert_not(rt_check_state(&hc_game, &st, why, sizeof why));
    cr_assert(strstr(why, "in no zone"), "%s", why);
    rt_new(&hc_game, &st, 5, 2);
    st.core.dec.opt[0].kind = 77;
    cr_assert_not(rt_check_state(&hc_game, &st, why, sizeof why));
}

/* ---- labels ---- */

static RtOption *put_option(int i, int kind, int a)
{
    RtOption *o = &st.core.dec.opt[i];
    memset(o, 0, sizeof *o);
    o->kind = (uint8_t)kind;
    o->a = (int16_t)a;
    return o;
}

Test(labels, every_kind)
{
    char buf[128];
    rt_new(&hc_game, &st, 5, 3);
    st.core.dec.noptions = 7;
    put_option(0, RT_OPT_TEXT, HC_LABEL_PASS);
    put_option(1, RT_OPT_CARD, 0)->ids[0] = 19;
    RtOption *o = put_option(2, RT_OPT_CARDS, 0);
    o->n = 3;
    o->ids[0] = 0, o->ids[1] = 10, o->ids[2] = 4;
    put_option(3, RT_OPT_PLAYER, 2);
    put_option(4, RT_OPT_YES, 0);
    put_option(5, RT_OPT_NO, 0);
    put_option(6, RT_OPT_PLAYER, 0);
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 0, buf, sizeof buf), "pass");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 1, buf, sizeof buf), "Blue 10");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 2, buf, sizeof buf), "Red 1, Blue 1, Red 5");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 3, buf, sizeof buf), "Player 3");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 4, buf, sizeof buf), "yes");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 5, buf, sizeof buf), "no");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 6, buf, sizeof buf), "Player 1");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 7, buf, sizeof buf), "");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, -1, buf, sizeof buf), "");
}

Test(labels, truncated_to_the_buffer)
{
    char buf[8];
    rt_new(&hc_game, &st, 5, 2);
    st.core.dec.noptions = 1;
    RtOption *o = put_option(0, RT_OPT_CARDS, 0);
    o->n = 2;
    o->ids[0] = 0, o->ids[1] = 10;
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 0, buf, sizeof buf), "Red 1, ");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 0, buf, 1), "");
    cr_assert_str_eq(rt_option_label(&hc_game, &st, 0, buf, 0), "");
}

/* A cut never splits a UTF-8 character (cardc's games are never cut: the
 * command line's buffer holds their longest label). */
Test(labels, never_cut_inside_a_character)
{
    static const char *names[HC_CARDS];
    for (int i = 0; i < HC_CARDS; i++)
        names[i] = "\xc3\xa9\xc3\xa9\xe2\x9c\x93\xf0\x9f\x82\xa1"; /* é é ✓ 🂡 */
    RtGame g = hc_game;
    g.card_name = names;
    char buf[16];
    rt_new(&g, &st, 5, 2);
    st.core.dec.noptions = 1;
    put_option(0, RT_OPT_CARD, 0)->ids[0] = 3;
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 4), "\xc3\xa9");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 5), "\xc3\xa9\xc3\xa9");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 7), "\xc3\xa9\xc3\xa9");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 8), "\xc3\xa9\xc3\xa9\xe2\x9c\x93");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 11), "\xc3\xa9\xc3\xa9\xe2\x9c\x93");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 12),
                     "\xc3\xa9\xc3\xa9\xe2\x9c\x93\xf0\x9f\x82\xa1");
    cr_assert_str_eq(rt_option_label(&g, &st, 0, buf, 2), "");
}

/* ---- observer ---- */

typedef struct Seen {
    int n;
    RtMove m[64];
} Seen;

static void collect(void *ctx, const RtGame *g, const void *s, RtMove m)
{
    Seen *seen = ctx;
    cr_assert_eq(g, &hc_game);
    cr_assert_eq(s, &st);
    if (seen->n < 64)
        seen->m[seen->n++] = m;
}

Test(observer, sees_every_move)
{
    static Seen seen;
    rt_set_observer(&hc_game, collect, &seen);
    rt_new(&hc_game, &st, 5, 3);
    cr_assert_eq(seen.n, 3, "the deal: one card each");
    for (int p = 0; p < 3; p++) {
        cr_assert_eq(seen.m[p].from_slot, HC_DECK);
        cr_assert_eq(seen.m[p].to_slot, HC_HAND + p);
        cr_assert_eq(seen.m[p].card, st.zcard[HC_HAND + p][0]);
    }
    rt_apply(&hc_game, &st, 0);
    cr_assert_eq(seen.n, 4);
    rt_set_observer(&hc_game, NULL, NULL);
    rt_apply(&hc_game, &st, 0);
    cr_assert_eq(seen.n, 4);
    cr_assert_null(rt_observer_fn);
}
