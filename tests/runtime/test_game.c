/* test_game.c: runtime/rt_game.h, the C every generated game shares, on a
 * tiny game written here the way cardc writes one: its constants, tables
 * and State members, the header, then its proc main and the hooks the
 * header's run loop calls.
 *
 * The game: 5 cards of 3 kinds (Ace x2, Bee, Cat x2), all in the deck
 * (ordered) at the start; a pile (ordered) and a hand per player
 * (unordered). Proc main asks player 1 "yes or no?"; yes is a point. The
 * scores are the points, the tie-breaks pv_tb[]. Its rules file, as the
 * sites of its faults name it, is tiny.rules: the question on line 3
 * (SITE_ASK), and line 7 (SITE_MOVE) for the tests that call the helpers
 * as a statement would. */
#include <criterion/criterion.h>
#include <limits.h>

#include "rt.h"

/* ---- the game's constants and tables (what cardc writes first) ---- */

enum { K_ACE, K_BEE, K_CAT, NCARDS };
#define NINSTANCES 5

typedef struct CardInfo {
    const char *name;
    int count, first;
    int num[1];
} CardInfo;

static const CardInfo cards[NCARDS] = {{"Ace", 2, 0, {1}}, {"Bee", 1, 2, {20}}, {"Cat", 2, 3, {300}}};
static const uint16_t instance_card[NINSTANCES] = {K_ACE, K_ACE, K_BEE, K_CAT, K_CAT};

enum { MAXP = 2, NSLOTS = 4, NLOCALS = 2, MAXDEPTH = 2 };
#define GAME_MAX_DECISIONS 10
#define GAME_HAS_TIEBREAK 1
#define GAME_HAS_SETS 1
enum { Z_deck = 0, Z_pile = 1, Z_hand = 2 /* + player */ };
enum { P_main = 0 };
#define GAME_STATE_VARS \
    int32_t g_start; \
    int32_t pv_points[MAXP]; \
    int32_t pv_tb[MAXP];

static const uint8_t slot_ordered[NSLOTS] = {1, 1, 0, 0};
static const int16_t inst_type[NINSTANCES] = {0, 0, 0, 1, 1};
static const int16_t inst_attr[1][NINSTANCES] = {{4, 4, 5, -1, -1}};

/* fault_sites[i - 1]: site i */
enum { SITE_ASK = 1, SITE_MOVE = 2 };
static const RtFaultSite fault_sites[] = {{"tiny.rules", 3}, {"tiny.rules", 7}};

#include "rt_game.h"

/* ---- the rules and the hooks (what cardc writes after the header) ---- */

static inline int game_step(State *s, Frame *f)
{
    switch (f->proc) {
    case P_main:
        if (f->pc == 0) {
            decision(s, SITE_ASK, 0, 0);
            add_yes_no(s, SITE_ASK);
            f->pc = 1;
            return R_WAIT;
        }
        if (chosen_yes(s))
            s->pv_points[0]++;
        return R_RETURN;
    }
    return R_STOP;
}

static int32_t dproc_main(State *s, const Direct *d)
{
    decision(s, SITE_ASK, 0, 0);
    add_yes_no(s, SITE_ASK);
    if (!decide_direct(s, SITE_ASK, d))
        return 0;
    if (chosen_yes(s))
        s->pv_points[0]++;
    return 0;
}

static inline int32_t game_score(State *s, int p)
{
    return s->pv_points[p];
}

static inline int32_t game_tiebreak(State *s, int p)
{
    return s->pv_tb[p];
}

static inline void game_vars_init(State *s)
{
    s->g_start = 7;
    for (int p = 0; p < MAXP; p++)
        s->pv_tb[p] = -1;
}

static const char *const card_name[NINSTANCES] = {"Ace", "Ace", "Bee", "Cat", "Cat"};
static const RtZone zones[] = {
    {"deck", 0, 1, RT_VIS_HIDDEN, Z_deck},
    {"pile", 0, 1, RT_VIS_PUBLIC, Z_pile},
    {"hand", 1, 0, RT_VIS_OWNER, Z_hand},
};
static const int16_t slot_zone[NSLOTS] = {0, 1, 2, 2};
static const int8_t slot_owner[NSLOTS] = {-1, -1, 0, 1};
static const char *const prompts[] = {"Yes or no?", NULL};
static const char *const labels[] = {NULL};

static const RtGame tiny = {
    .name = "tiny",
    .min_players = 1,
    .max_players = MAXP,
    .ninstances = NINSTANCES,
    .card_name = card_name,
    .nzones = 3,
    .nslots = NSLOTS,
    .zones = zones,
    .slot_zone = slot_zone,
    .slot_owner = slot_owner,
    .prompts = prompts,
    .labels = labels,
    .faults = faults,
    .state_size = sizeof(State),
    .off_zsize = offsetof(State, zsize),
    .off_zcard = offsetof(State, zcard),
    .default_max_decisions = GAME_MAX_DECISIONS,
    .init = game_init,
    .resume = game_resume,
    .off_slot_of = offsetof(State, slot_of),
    .sync = game_sync,
    .check = game_check,
    .agree = game_agree,
    .play_direct = game_play_direct,
    .fault_sites = fault_sites,
    .nfault_sites = 2,
};

static State st;

/* A fresh game of n players set up (every card in the deck), not run. */
static State *fresh(int n)
{
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, n);
    return &st;
}

/* The state agrees with itself: every card in one place, where slot_of
 * says, and game_check (positions, counts, masks, lists). */
static void assert_consistent(const State *s)
{
    int seen[NINSTANCES] = {0};
    for (int slot = 0; slot < NSLOTS; slot++)
        for (int i = 0; i < s->zsize[slot]; i++) {
            int c = s->zcard[slot][i];
            cr_assert(c < NINSTANCES && !seen[c]++, "card %d twice or out of range", c);
            cr_assert_eq(s->slot_of[c], slot, "card %d", c);
        }
    for (int c = 0; c < NINSTANCES; c++)
        cr_assert(seen[c], "card %d is nowhere", c);
    char why[128] = "";
    cr_assert(game_check(s, why, sizeof why), "%s", why);
}

/* The cards of slot in the list of kind k, first to last. */
static int klist(const State *s, int slot, int k, int *out)
{
    int n = 0;
    for (int c = s->khead[slot][k]; c != KNONE; c = s->knext[c])
        out[n++] = c;
    return n;
}

static void assert_fault(const State *s, int k)
{
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, k, "fault %d, expected %d (%s)", s->core.fault, k, faults[k]);
}

/* Fault k, raised at site with detail arg. */
static void assert_fault_at(const State *s, int k, int site, int32_t arg)
{
    assert_fault(s, k);
    cr_assert_eq(s->core.fault_site, site, "site %d, expected %d", s->core.fault_site, site);
    cr_assert_eq(s->core.fault_arg, arg, "detail %d, expected %d", s->core.fault_arg, arg);
}

/* ---- setup and derive ---- */

Test(rt_game, setup_puts_every_card_in_the_first_zone)
{
    State *s = fresh(2);
    cr_assert_eq(s->zsize[Z_deck], NINSTANCES);
    for (int c = 0; c < NINSTANCES; c++) {
        cr_assert_eq(s->zcard[Z_deck][c], c);
        cr_assert_eq(s->slot_of[c], Z_deck);
        cr_assert_eq(s->pos_of[c], c);
    }
    cr_assert_eq(s->kcount[Z_deck][K_ACE], 2);
    cr_assert_eq(s->kcount[Z_deck][K_BEE], 1);
    cr_assert_eq(s->kmask[Z_deck], 7);
    cr_assert_eq(s->khead[Z_deck][K_ACE], KNONE, "an ordered slot keeps no lists");
    cr_assert_eq(s->core.max_decisions, GAME_MAX_DECISIONS);
    cr_assert_eq(s->g_start, 7, "game_vars_init ran");
    cr_assert_eq(s->pv_tb[1], -1);
    assert_consistent(s);
}

Test(rt_game, derive_rebuilds_what_the_zones_imply)
{
    State *s = fresh(2);
    /* by hand: Cat, Ace into hand 0 (unordered), Bee onto the pile */
    s->zsize[Z_deck] = 1;
    s->zcard[Z_deck][0] = 1;
    s->zsize[Z_hand] = 3;
    s->zcard[Z_hand][0] = 3;
    s->zcard[Z_hand][1] = 0;
    s->zcard[Z_hand][2] = 4;
    s->zsize[Z_pile] = 1;
    s->zcard[Z_pile][0] = 2;
    char why[128] = "";
    cr_assert_not(game_check(s, why, sizeof why), "the counts are stale");
    game_sync(s); /* derive */
    assert_consistent(s);
    cr_assert_eq(s->slot_of[4], Z_hand);
    cr_assert_eq(s->pos_of[4], 2);
    cr_assert_eq(s->kcount[Z_hand][K_CAT], 2);
    cr_assert_eq(s->kmask[Z_hand], KBIT(K_ACE) | KBIT(K_CAT));
    cr_assert_eq(s->kmask[Z_pile], KBIT(K_BEE));
    int l[NINSTANCES];
    cr_assert_eq(klist(s, Z_hand, K_CAT, l), 2);
    cr_assert_eq(l[0], 4, "the last card of the zone first in its list");
    cr_assert_eq(l[1], 3);
    cr_assert_eq(kcount_in(s, Z_hand, KBIT(K_CAT) | KBIT(K_BEE)), 2);
}

/* game_check finds what is wrong and names want; the one pass of
 * rt_check_state (game_agree) finds it too, and rt_check_state then
 * names it the same. */
static void assert_check_names(const State *s, const char *want)
{
    char why[128] = "";
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert(strstr(why, want), "%s", why);
    cr_assert_not(game_agree(s), "the one pass misses: %s", want);
    strcpy(why, "");
    cr_assert_not(rt_check_state(&tiny, s, why, sizeof why));
    cr_assert(strstr(why, want), "%s", why);
}

/* What rt_check_state checks of the zones game_agree finds in its one
 * pass (a card twice, nowhere, out of range, where slot_of does not
 * say, a slot too full); rt_check_state then names it as it always has. */
Test(rt_game, agree_finds_what_the_zone_checks_find)
{
    static const struct {
        int slot, at, card, size, slot_of; /* -1: unchanged */
        int fewer;  /* a kind whose count in slot drops by one, or -1 */
        const char *want;
    } broken[] = {
        {Z_deck, 0, 1, -1, -1, -1, "in two places"},
        /* the last card (a Cat) dropped, the counts too: only the
         * cards placed in all tell */
        {Z_deck, -1, -1, NINSTANCES - 1, -1, K_CAT, "is in no zone"},
        {Z_deck, 0, NINSTANCES, -1, -1, -1, "out of range"},
        {Z_deck, -1, -1, -1, Z_pile, -1, "slot_of says"},
        {Z_pile, -1, -1, NINSTANCES + 1, -1, -1, "holds 6 cards"},
    };
    cr_assert(game_agree(fresh(2)), "a fresh game agrees");
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        State *s = fresh(2);
        if (broken[i].at >= 0)
            s->zcard[broken[i].slot][broken[i].at] = (uint16_t)broken[i].card;
        if (broken[i].size >= 0)
            s->zsize[broken[i].slot] = (uint16_t)broken[i].size;
        if (broken[i].slot_of >= 0)
            s->slot_of[2] = (uint16_t)broken[i].slot_of;
        if (broken[i].fewer >= 0)
            s->kcount[broken[i].slot][broken[i].fewer]--;
        char why[128] = "";
        cr_assert_not(game_agree(s), "the one pass misses: %s", broken[i].want);
        cr_assert_not(rt_check_state(&tiny, s, why, sizeof why));
        cr_assert(strstr(why, broken[i].want), "%s (wanted %s)", why, broken[i].want);
    }
}

Test(rt_game, check_finds_a_broken_list)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 0, Z_hand, -1);
    mv(s, SITE_MOVE, 1, Z_hand, -1);
    s->khead[Z_hand][K_ACE] = 0; /* drops card 1 from the list */
    s->knext[0] = KNONE;
    assert_check_names(s, "the list of kind 0 has 1 cards of 2");
}

Test(rt_game, check_finds_a_list_of_a_kind_absent)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 0, Z_hand, -1);
    s->khead[Z_hand][K_BEE] = 0; /* a list of Bees in a hand with none */
    char want[64];
    snprintf(want, sizeof want, "the list of kind %d is broken at card 0", K_BEE);
    assert_check_names(s, want);
}

Test(rt_game, check_finds_a_count_of_kind_wrong)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 0, Z_hand, -1);
    s->kcount[Z_hand][K_CAT] = 1; /* no Cat in the hand */
    char want[64];
    snprintf(want, sizeof want, "0 cards of kind %d, counted 1", K_CAT);
    assert_check_names(s, want);
}

Test(rt_game, check_finds_a_position_wrong)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 0, Z_hand, -1);
    mv(s, SITE_MOVE, 3, Z_hand, -1);
    s->pos_of[3] = 0; /* card 3 is second */
    assert_check_names(s, "card 3 at position 1, pos_of says 0");
}

Test(rt_game, check_finds_a_kind_in_the_mask_wrong)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 0, Z_hand, -1);
    s->kmask[Z_hand] |= KBIT(K_BEE); /* no Bee in the hand */
    char want[64];
    snprintf(want, sizeof want, "0 cards of kind %d, counted 0", K_BEE);
    assert_check_names(s, want);
}

/* ---- klink, add_kind, add_card ---- */

Test(rt_game, klink_puts_a_card_first_and_kunlink_takes_it_out)
{
    State *s = fresh(2);
    memset(s->khead, 0xff, sizeof s->khead);
    klink(s, 3, Z_hand, K_CAT);
    klink(s, 4, Z_hand, K_CAT);
    int l[NINSTANCES];
    cr_assert_eq(klist(s, Z_hand, K_CAT, l), 2);
    cr_assert(l[0] == 4 && l[1] == 3);
    kunlink(s, 3, Z_hand, K_CAT); /* not the first: the list is walked */
    cr_assert_eq(klist(s, Z_hand, K_CAT, l), 1);
    cr_assert_eq(l[0], 4);
    kunlink(s, 4, Z_hand, K_CAT);
    cr_assert_eq(s->khead[Z_hand][K_CAT], KNONE);
}

Test(rt_game, add_kind_offers_the_card_and_add_card_one_per_kind)
{
    State *s = fresh(2);
    decision(s, SITE_MOVE, 1, 0);
    add_kind(s, SITE_MOVE, 3);
    cr_assert_eq(s->core.dec.noptions, 1);
    cr_assert_eq(s->core.dec.opt[0].kind, RT_OPT_CARD);
    cr_assert_eq(s->core.dec.opt[0].ids[0], 3);
    decision(s, SITE_MOVE, 1, 0);
    add_card(s, SITE_MOVE, 0);
    add_card(s, SITE_MOVE, 1); /* another Ace: the same choice */
    add_card(s, SITE_MOVE, 2);
    cr_assert_eq(s->core.dec.noptions, 2);
    cr_assert_eq(s->core.dec.opt[1].ids[0], 2);
    s->core.dec.chosen = 1;
    cr_assert_eq(chosen_value(s), 2);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(rt_game, a_full_decision_faults)
{
    State *s = fresh(2);
    decision(s, SITE_MOVE, 0, 0);
    for (int i = 0; i < RT_MAX_OPTIONS; i++)
        add_player(s, SITE_MOVE, i % 2);
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert_null(add_option(s, SITE_MOVE, RT_OPT_YES, 0));
    assert_fault_at(s, F_TOO_MANY, SITE_MOVE, 0);
}

/* ---- sets of cards chosen one card at a time ---- */

/* The cards of the deck, in a pick[] of a step. */
static int deck_pick(State *s, uint16_t *pick)
{
    for (int i = 0; i < s->zsize[Z_deck]; i++)
        pick[i] = s->zcard[Z_deck][i];
    return s->zsize[Z_deck];
}

/* A step of the set of s->sset from the deck: the kinds offered, in order
 * ('A', 'B', 'C'; 'D' for Done), into buf; its return into *r. */
static const char *step_offers(State *s, int (*ok)(State *, int32_t *), int *r, char *buf)
{
    uint16_t pick[NINSTANCES];
    decision(s, SITE_MOVE, 0, 0);
    *r = set_step(s, SITE_MOVE, NULL, pick, deck_pick(s, pick), NULL, ok, 7);
    int n = 0;
    for (int i = 0; i < s->core.dec.noptions; i++) {
        const RtOption *o = &s->core.dec.opt[i];
        buf[n++] = o->kind == RT_OPT_TEXT ? 'D' : (char)('A' + instance_card[o->ids[0]]);
    }
    buf[n] = '\0';
    return buf;
}

/* Takes option i of the step. */
static int step_take(State *s, int i)
{
    s->core.dec.chosen = (int16_t)i;
    return set_step_took(s);
}

Test(rt_game, a_set_step_offers_the_next_card_of_each_name_then_done)
{
    State *s = fresh(2);
    char buf[16];
    int r;
    set_begin(s, 2, 3);
    cr_assert_str_eq(step_offers(s, NULL, &r, buf), "ABC");
    cr_assert_eq(r, 1);
    cr_assert_eq(s->core.dec.opt[0].ids[0], 0); /* the first Ace */
    cr_assert_eq(step_take(s, 0), 1);
    /* the second Ace is offered now; no Done with one card of 2..3 */
    cr_assert_str_eq(step_offers(s, NULL, &r, buf), "ABC");
    cr_assert_eq(s->core.dec.opt[0].ids[0], 1);
    cr_assert_eq(step_take(s, 0), 1);
    cr_assert_str_eq(step_offers(s, NULL, &r, buf), "BCD");
    cr_assert_eq(s->core.dec.opt[2].a, 7); /* labels[done] */
    cr_assert_eq(step_take(s, 2), 0);      /* Done */
    cr_assert_eq(s->nsset, 2);
    cr_assert_eq(s->sset[0], 0);
    cr_assert_eq(s->sset[1], 1);
    /* a full set: complete, no decision */
    set_begin(s, 1, 1);
    step_offers(s, NULL, &r, buf);
    step_take(s, 1);
    cr_assert_str_eq(step_offers(s, NULL, &r, buf), "");
    cr_assert_eq(r, 0);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

/* `such that`: the cards' numbers (Ace 1, Bee 20, Cat 300) sum to 21 at
 * most. */
static int within_21(State *s, int32_t *V)
{
    (void)V;
    int sum = 0;
    for (int i = 0; i < s->ncand; i++)
        sum += cards[instance_card[s->cand[i]]].num[0];
    return sum <= 21;
}

Test(rt_game, a_set_step_offers_no_card_that_cannot_complete)
{
    State *s = fresh(2);
    char buf[16];
    int r;
    set_begin(s, 2, 2);
    /* a Cat completes no set: never offered */
    cr_assert_str_eq(step_offers(s, within_21, &r, buf), "AB");
    cr_assert_eq(step_take(s, 1), 1); /* Bee: 20 */
    /* the last card: an Ace (21) only, not a Cat */
    cr_assert_str_eq(step_offers(s, within_21, &r, buf), "A");
    cr_assert_eq(r, 1);
    cr_assert_eq(step_take(s, 0), 1);
    cr_assert_str_eq(step_offers(s, within_21, &r, buf), "");
    cr_assert_eq(r, 0);
    cr_assert_eq(s->ncand, 0);
    /* nothing completes: no option (the decision faults when waited on) */
    set_begin(s, 4, 4);
    cr_assert_str_eq(step_offers(s, within_21, &r, buf), "");
    cr_assert_eq(r, 1);
}

static int never(State *s, int32_t *V)
{
    (void)s;
    (void)V;
    return 0;
}

Test(rt_game, a_set_step_counts_the_sets_refused_as_work)
{
    State *s = fresh(2);
    char buf[16];
    int r;
    set_begin(s, 2, 2);
    s->steps = MAX_STEPS - 100;
    step_offers(s, never, &r, buf); /* 3 names, each tried: a few sets refused */
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert(s->steps > MAX_STEPS - 100, "the sets refused are counted");
    s->steps = MAX_STEPS - 2;
    step_offers(s, never, &r, buf); /* past the budget: a loop fault */
    assert_fault_at(s, F_LOOP, SITE_MOVE, 0);
}

Test(rt_game, a_set_too_large_to_list_is_not_listed)
{
    State *s = fresh(2);
    uint16_t pick[NINSTANCES];
    decision(s, SITE_MOVE, 0, 0);
    /* sets of 1..2 of 5 cards fit: listed whole */
    cr_assert_eq(add_sets(s, SITE_MOVE, NULL, pick, deck_pick(s, pick), 1, 2, NULL, NULL, 0), 1);
    cr_assert_eq(s->core.dec.noptions, 8); /* A B C AA AB AC BC CC */
    /* a set of 9 or more: no set of them, nothing offered */
    decision(s, SITE_MOVE, 0, 0);
    cr_assert_eq(add_sets(s, SITE_MOVE, NULL, pick, deck_pick(s, pick), 9, 12, NULL, NULL, 0), 1);
    cr_assert_eq(s->core.dec.noptions, 0);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

/* ---- moves ---- */

Test(rt_game, mv_keeps_positions_counts_and_lists)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, 1, Z_hand + 1, -1); /* out of the middle of an ordered zone */
    cr_assert_eq(s->zsize[Z_deck], 4);
    cr_assert_eq(s->zcard[Z_deck][1], 2, "the cards above move down");
    cr_assert_eq(s->pos_of[2], 1);
    cr_assert_eq(s->slot_of[1], Z_hand + 1);
    cr_assert_eq(s->kcount[Z_deck][K_ACE], 1);
    cr_assert_eq(s->khead[Z_hand + 1][K_ACE], 1);
    mv(s, SITE_MOVE, 0, Z_pile, -1);
    cr_assert_eq(s->kmask[Z_deck] & KBIT(K_ACE), 0, "no Ace left in the deck");
    mv(s, SITE_MOVE, 3, Z_hand + 1, -1);
    mv(s, SITE_MOVE, 4, Z_hand + 1, -1);
    mv(s, SITE_MOVE, 1, Z_pile, -1); /* out of an unordered zone: the last takes its place */
    cr_assert_eq(s->zcard[Z_hand + 1][0], 4);
    cr_assert_eq(s->pos_of[4], 0);
    mv(s, SITE_MOVE, 4, Z_pile, 0); /* at the bottom of the pile */
    cr_assert_eq(s->zcard[Z_pile][0], 4);
    cr_assert_eq(s->zcard[Z_pile][1], 0);
    cr_assert_eq(s->pos_of[1], 2);
    assert_consistent(s);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(rt_game, mv_of_no_card_faults)
{
    State *s = fresh(2);
    mv(s, SITE_MOVE, -1, Z_pile, -1);
    assert_fault_at(s, F_NONE_MOVED, SITE_MOVE, 0);
    cr_assert_eq(s->zsize[Z_pile], 0);
}

Test(rt_game, move_picked_moves_in_order_and_shuffle_keeps_positions)
{
    State *s = fresh(2);
    const uint16_t pick[] = {1, 3};
    move_picked(s, Z_deck, pick, 2, Z_pile, 0);
    cr_assert_eq(s->zsize[Z_deck], 3);
    cr_assert(s->zcard[Z_pile][0] == 1 && s->zcard[Z_pile][1] == 3);
    const uint16_t under[] = {0};
    move_picked(s, Z_deck, under, 1, Z_pile, 1);
    cr_assert_eq(s->zcard[Z_pile][0], 0, "to the bottom");
    assert_consistent(s);
    RtRng before = s->core.rng;
    shuffle(s, Z_pile);
    cr_assert(memcmp(&before, &s->core.rng, sizeof before) != 0, "shuffle draws");
    assert_consistent(s);
}

Test(rt_game, sort_zone_orders_by_keys_stably_with_no_value_last)
{
    State *s = fresh(2);
    for (int c = 4; c >= 1; c--) /* the pile, bottom to top: 4 3 2 1 */
        mv(s, SITE_MOVE, c, Z_pile, -1);
    cr_assert(s->zcard[Z_pile][0] == 4 && s->zcard[Z_pile][3] == 1);
    static const int16_t by_attr[] = {0};
    static const uint8_t up[] = {0, 0};
    sort_zone(s, Z_pile, by_attr, up, 1);
    /* Ace (4), Bee (5), then the Cats (no value) in the order they had */
    cr_assert(s->zcard[Z_pile][0] == 1 && s->zcard[Z_pile][1] == 2 &&
              s->zcard[Z_pile][2] == 4 && s->zcard[Z_pile][3] == 3);
    assert_consistent(s);
    static const int16_t by_name[] = {SORT_NAME};
    sort_zone(s, Z_pile, by_name, up, 1);
    cr_assert(s->zcard[Z_pile][2] == 4 && s->zcard[Z_pile][3] == 3, "ties keep their order");
    static const int16_t by_type_then_num[] = {SORT_TYPE, SORT_NUM + 0};
    mv(s, SITE_MOVE, 0, Z_pile, -1);
    sort_zone(s, Z_pile, by_type_then_num, up, 2);
    cr_assert(s->zcard[Z_pile][0] == 1 && s->zcard[Z_pile][1] == 0 && s->zcard[Z_pile][2] == 2,
              "type 0 first, by number, the Aces in the order they had");
    cr_assert(s->zcard[Z_pile][3] == 4 && s->zcard[Z_pile][4] == 3);
    assert_consistent(s);
}

Test(rt_game, sort_zone_highest_first_per_key_stably_with_no_value_last)
{
    State *s = fresh(2);
    for (int c = 4; c >= 1; c--) /* the pile, bottom to top: 4 3 2 1 */
        mv(s, SITE_MOVE, c, Z_pile, -1);
    static const int16_t by_attr[] = {0};
    static const uint8_t down[] = {1};
    sort_zone(s, Z_pile, by_attr, down, 1);
    /* Bee (5), Ace (4), then the Cats (no value) in the order they had */
    cr_assert(s->zcard[Z_pile][0] == 2 && s->zcard[Z_pile][1] == 1 &&
              s->zcard[Z_pile][2] == 4 && s->zcard[Z_pile][3] == 3);
    assert_consistent(s);
    static const int16_t by_type_then_num[] = {SORT_TYPE, SORT_NUM + 0};
    static const uint8_t type_down_num_up[] = {1, 0};
    mv(s, SITE_MOVE, 0, Z_pile, -1);
    sort_zone(s, Z_pile, by_type_then_num, type_down_num_up, 2);
    /* the Cats' type (1) first, in the order they had, then type 0 by
     * number, lowest first: the Aces (0 after 1, as they lay), the Bee */
    cr_assert(s->zcard[Z_pile][0] == 4 && s->zcard[Z_pile][1] == 3, "highest type first");
    cr_assert(s->zcard[Z_pile][2] == 1 && s->zcard[Z_pile][3] == 0 && s->zcard[Z_pile][4] == 2,
              "then by number, lowest first, ties in the order they had");
    assert_consistent(s);
}

Test(rt_game, prev_is_the_seat_before_round_the_table)
{
    State *s = fresh(2);
    cr_assert_eq(pprev_in(s, 0), 1);
    cr_assert_eq(pprev_in(s, 1), 0);
    cr_assert_eq(pprev(s, SITE_MOVE, 1), 0);
    cr_assert_eq(s->core.over, RT_PLAYING);
    pprev(s, SITE_MOVE, 2);
    assert_fault_at(s, F_BAD_PLAYER, SITE_MOVE, 2);
}

/* ---- top and bottom ---- */

Test(rt_game, top_and_bottom)
{
    State *s = fresh(2);
    cr_assert_eq(z_top(s, SITE_MOVE, Z_deck), 4);
    cr_assert_eq(z_bottom(s, SITE_MOVE, Z_deck), 0);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(rt_game, top_of_an_empty_zone_faults)
{
    State *s = fresh(2);
    cr_assert_eq(z_top(s, SITE_MOVE, Z_pile), -1);
    assert_fault_at(s, F_EMPTY_TOP, SITE_MOVE, Z_pile); /* the detail: the slot */
    char why[128];
    cr_assert_str_eq(rt_fault_text(&tiny, s, why, sizeof why),
                     "tiny.rules:7: top or bottom of an empty zone 'pile'");
    cr_assert_eq(z_bottom(s, SITE_MOVE, Z_pile), -1);
    cr_assert_eq(card_kind(-1), -1);
    cr_assert_eq(card_num(-1, 0), 0);
}

Test(rt_game, bottom_of_an_empty_zone_faults)
{
    State *s = fresh(2);
    cr_assert_eq(z_bottom(s, SITE_ASK, Z_hand + 1), -1);
    assert_fault_at(s, F_EMPTY_TOP, SITE_ASK, Z_hand + 1);
    char why[128];
    cr_assert_str_eq(rt_fault_text(&tiny, s, why, sizeof why),
                     "tiny.rules:3: top or bottom of an empty zone 'hand' of player 2");
}

Test(rt_game, the_first_fault_is_kept)
{
    State *s = fresh(2);
    z_top(s, SITE_MOVE, Z_pile);
    iadd(s, SITE_ASK, INT32_MAX, 1);
    assert_fault_at(s, F_EMPTY_TOP, SITE_MOVE, Z_pile); /* its site and detail too */
}

/* ---- cards, players, lists ---- */

Test(rt_game, card_tables)
{
    cr_assert_eq(card_kind(2), K_BEE);
    cr_assert_eq(card_type(3), 1);
    cr_assert_eq(card_attr(2, 0), 5);
    cr_assert_eq(card_num(4, 0), 300);
    cr_assert_eq(kpop(0xf0f1), 9);
    cr_assert_eq(nth_bit(0x58, 2), 6);
}

/* name_has's C: the kind of a card among those listed when the game was
 * built; none (-1) is among none, and an empty list (its one entry -2
 * unread) holds nothing. */
Test(rt_game, kind_among_the_kinds_a_name_has_lists)
{
    const int32_t two[] = {K_BEE, K_ACE}, empty[] = {-2};
    cr_assert(kind_among(card_kind(2), two, 2));
    cr_assert(kind_among(card_kind(0), two, 2));
    cr_assert_not(kind_among(card_kind(3), two, 2));
    cr_assert_not(kind_among(card_kind(0), two, 1)); /* only the first n are read */
    cr_assert_not(kind_among(card_kind(-1), two, 2));
    cr_assert_not(kind_among(-2, empty, 0));
}

Test(rt_game, players_and_indexes_are_checked)
{
    State *s = fresh(2);
    cr_assert_eq(pnext(s, SITE_MOVE, 1), 0);
    cr_assert_eq(pseat(s, SITE_MOVE, 1), 1);
    cr_assert_eq(zslot(s, SITE_MOVE, Z_hand, 1), Z_hand + 1);
    cr_assert_eq(lidx(s, SITE_MOVE, 2, 3), 2);
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert_eq(pidx(s, SITE_MOVE, 2), 0);
    assert_fault_at(s, F_BAD_PLAYER, SITE_MOVE, 2); /* the detail: the value */
    s = fresh(2);
    cr_assert_eq(lidx(s, SITE_MOVE, 3, 3), 0);
    assert_fault_at(s, F_BAD_INDEX, SITE_MOVE, 3);  /* the index */
    char why[128];
    cr_assert_str_eq(rt_fault_text(&tiny, s, why, sizeof why),
                     "tiny.rules:7: a list index out of range: 3");
}

/* Every helper that checks a player passes its site and the value on. */
Test(rt_game, a_player_out_of_range_names_its_site_and_value)
{
    State *s = fresh(2);
    pnext(s, SITE_ASK, -1);
    assert_fault_at(s, F_BAD_PLAYER, SITE_ASK, -1);
    char why[128];
    cr_assert_str_eq(rt_fault_text(&tiny, s, why, sizeof why),
                     "tiny.rules:3: no such player: none");
    s = fresh(2);
    pseat(s, SITE_MOVE, 5);
    assert_fault_at(s, F_BAD_PLAYER, SITE_MOVE, 5);
    s = fresh(2);
    zslot(s, SITE_ASK, Z_hand, 2);
    assert_fault_at(s, F_BAD_PLAYER, SITE_ASK, 2);
    s = fresh(2);
    decision(s, SITE_MOVE, -3, 0);
    assert_fault_at(s, F_BAD_PLAYER, SITE_MOVE, -3);
}

/* ---- checked arithmetic ---- */

Test(rt_game, arithmetic_in_range)
{
    State *s = fresh(2);
    cr_assert_eq(iadd(s, SITE_MOVE, INT32_MAX - 1, 1), INT32_MAX);
    cr_assert_eq(isub(s, SITE_MOVE, INT32_MIN + 1, 1), INT32_MIN);
    cr_assert_eq(imul(s, SITE_MOVE, -46341, 46340), -2147441940);
    cr_assert_eq(idiv(s, SITE_MOVE, -7, 2), -3);
    cr_assert_eq(imod(s, SITE_MOVE, -7, 2), -1);
    cr_assert_eq(imod(s, SITE_MOVE, INT32_MIN, -1), 0);
    cr_assert_eq(iabs(s, SITE_MOVE, -5), 5);
    cr_assert_eq(imin(3, -2), -2);
    cr_assert_eq(imax(3, -2), 3);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

/* Each call faults a fresh game with fault k and gives 0. */
#define FAULTS(call, k)                         \
    do {                                        \
        State *s = fresh(2);                    \
        cr_assert_eq((call), 0);                \
        assert_fault_at(s, (k), SITE_MOVE, 0);  \
    } while (0)

Test(rt_game, arithmetic_out_of_range_faults)
{
    FAULTS(iadd(s, SITE_MOVE, INT32_MAX, 1), F_OVERFLOW);
    FAULTS(isub(s, SITE_MOVE, INT32_MIN, 1), F_OVERFLOW);
    FAULTS(imul(s, SITE_MOVE, 65536, 32768), F_OVERFLOW);
    FAULTS(idiv(s, SITE_MOVE, INT32_MIN, -1), F_OVERFLOW);
    FAULTS(iabs(s, SITE_MOVE, INT32_MIN), F_OVERFLOW);
    FAULTS(idiv(s, SITE_MOVE, 1, 0), F_DIV_ZERO);
    FAULTS(imod(s, SITE_MOVE, 1, 0), F_DIV_ZERO);
}

/* ---- decisions ---- */

/* A chooser that answers *ctx and counts its calls in calls. */
static int calls;
static int answer(void *ctx, void *stp)
{
    (void)stp;
    calls++;
    return *(int *)ctx;
}

Test(rt_game, decide_direct_takes_one_option_without_asking)
{
    State *s = fresh(2);
    int ans = 5;
    Direct d = {answer, &ans, NULL};
    calls = 0;
    decision(s, SITE_MOVE, 1, 0);
    add_player(s, SITE_MOVE, 0);
    s->core.dec.chosen = 3;
    cr_assert(decide_direct(s, SITE_MOVE, &d));
    cr_assert_eq(s->core.dec.chosen, 0);
    cr_assert_eq(calls, 0);
    cr_assert_eq(s->core.decisions, 1, "counted all the same (RUNTIME.md, \"Decisions of one option\")");
}

static int taken_seen;

static void count_taken(void *ctx, const RtGame *g, const void *state)
{
    (void)ctx;
    (void)g;
    cr_assert_eq(((const RtCore *)state)->dec.noptions, 1);
    taken_seen++;
}

Test(rt_game, a_lone_option_is_told_and_reaches_the_bound)
{
    State *s = fresh(2);
    int ans = 0;
    Direct d = {answer, &ans, NULL};
    s->core.max_decisions = 2;
    taken_seen = 0;
    rt_set_taken_observer(NULL, count_taken, NULL);
    decision(s, SITE_MOVE, 1, 0);
    add_player(s, SITE_MOVE, 0);
    cr_assert(decide_direct(s, SITE_MOVE, &d));
    cr_assert_eq(s->core.over, RT_PLAYING);
    decision(s, SITE_MOVE, 0, 0);
    add_player(s, SITE_MOVE, 1);
    cr_assert_not(decide_direct(s, SITE_MOVE, &d), "the second reaches the bound of 2");
    rt_set_taken_observer(NULL, NULL, NULL);
    cr_assert_eq(s->core.over, RT_DRAW);
    cr_assert_eq(s->core.decisions, 2);
    cr_assert_eq(taken_seen, 2, "the observer hears each lone option");
}

Test(rt_game, decide_direct_with_no_option_faults)
{
    State *s = fresh(2);
    int ans = 0;
    Direct d = {answer, &ans, NULL};
    calls = 0;
    decision(s, SITE_ASK, 1, 0);
    cr_assert_not(decide_direct(s, SITE_ASK, &d));
    assert_fault_at(s, F_NO_OPTION, SITE_ASK, 0);
    cr_assert_eq(calls, 0);
}

Test(rt_game, decide_direct_asks_and_counts)
{
    State *s = fresh(2);
    int ans = 1;
    Direct d = {answer, &ans, NULL};
    calls = 0;
    s->steps = 99;
    decision(s, SITE_MOVE, 1, 0);
    add_yes_no(s, SITE_MOVE);
    cr_assert(decide_direct(s, SITE_MOVE, &d));
    cr_assert_eq(calls, 1);
    cr_assert_eq(s->core.dec.chosen, 1);
    cr_assert_not(chosen_yes(s));
    cr_assert_eq(s->core.decisions, 1);
    cr_assert_eq(s->steps, 0);
}

Test(rt_game, decide_direct_refuses_an_answer_out_of_range)
{
    State *s = fresh(2);
    int ans = 2;
    Direct d = {answer, &ans, NULL};
    decision(s, SITE_MOVE, 1, 0);
    add_yes_no(s, SITE_MOVE);
    cr_assert_not(decide_direct(s, SITE_MOVE, &d));
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, RT_FAULT_BAD_DECISION);
}

Test(rt_game, decide_direct_stops_at_the_decision_bound)
{
    State *s = fresh(2);
    int ans = 0;
    Direct d = {answer, &ans, NULL};
    s->core.max_decisions = 1;
    decision(s, SITE_MOVE, 1, 0);
    add_yes_no(s, SITE_MOVE);
    cr_assert_not(decide_direct(s, SITE_MOVE, &d));
    cr_assert_eq(s->core.over, RT_DRAW);
    cr_assert(rt_hit_bound(s));
}

/* ---- frames, the end, whole games ---- */

Test(rt_game, push_faults_past_maxdepth)
{
    State *s = fresh(2);
    for (int i = 0; i < MAXDEPTH; i++)
        cr_assert_not_null(push(s, SITE_MOVE, P_main));
    cr_assert_null(push(s, SITE_ASK, P_main));
    assert_fault_at(s, F_DEPTH, SITE_ASK, 0);
}

Test(rt_game, finish_compares_scores_then_tiebreaks)
{
    State *s = fresh(2);
    s->pv_points[0] = s->pv_points[1] = 3;
    s->pv_tb[1] = 1;
    finish(s, 0);
    cr_assert_eq(s->core.over, RT_ENDED);
    cr_assert(!s->core.winner[0] && s->core.winner[1]);
    s = fresh(2);
    s->pv_points[0] = s->pv_points[1] = 3;
    finish(s, 0);
    cr_assert(s->core.winner[0] && s->core.winner[1], "still tied: a shared win");
    s = fresh(2);
    s->pv_points[1] = 4;
    finish(s, 1);
    cr_assert_eq(s->core.over, RT_DRAW);
    cr_assert_eq(s->core.score[1], 4, "a draw has scores too");
}

Test(rt_game, a_whole_game_through_the_engine)
{
    rt_new(&tiny, &st, 3, 2);
    cr_assert_eq(st.core.over, RT_PLAYING);
    cr_assert_eq(st.core.dec.noptions, 2);
    cr_assert(rt_apply(&tiny, &st, 0)); /* yes */
    cr_assert_eq(st.core.over, RT_ENDED);
    cr_assert_eq(st.core.score[0], 1);
    cr_assert(st.core.winner[0] && !st.core.winner[1]);
    assert_consistent(&st);
}

Test(rt_game, a_whole_game_played_directly)
{
    int ans = 0;
    rt_play_direct(&tiny, &st, 3, 2, 0, answer, &ans);
    cr_assert_eq(st.core.over, RT_ENDED);
    cr_assert_eq(st.core.score[0], 1);
    cr_assert(st.core.winner[0] && !st.core.winner[1]);
    cr_assert_eq(st.core.decisions, 1);
}

/* ---- count(EVENT(...)): hist_note and hist_count ---- */

/* A count per card (two here), and the unit it was counted in: counting
 * in a new unit starts again from 0; reading in another unit gives 0;
 * none (-1) and an index past the table are not counted. */
Test(rt_game, history_counts_per_unit)
{
    int32_t h[2 * 2] = {0};
    hist_note(h, 1, 0, 2);
    hist_note(h, 1, 0, 2);
    cr_assert_eq(hist_count(h, 1, 0), 2);
    cr_assert_eq(hist_count(h, 0, 0), 0);
    cr_assert_eq(hist_count(h, 1, 3), 0, "another unit: not this one's count");
    hist_note(h, 1, 3, 2);
    cr_assert_eq(hist_count(h, 1, 3), 1, "a new unit counts from 0");
    cr_assert_eq(hist_count(h, 1, 0), 0);
    hist_note(h, -1, 3, 2);
    hist_note(h, 2, 3, 2);
    cr_assert_eq(hist_count(h, -1, 3), 0, "none has no history");
    cr_assert_eq(h[0] + h[2], 1, "nothing else was counted");
}

/* The count stops at the largest number rather than overflow. */
Test(rt_game, history_count_saturates)
{
    int32_t h[2] = {INT32_MAX - 1, 0};
    hist_note(h, 0, 0, 1);
    hist_note(h, 0, 0, 1);
    cr_assert_eq(hist_count(h, 0, 0), INT32_MAX);
}
