/* test_holders.c: held zones (cards under cards) in runtime/rt_game.h
 * (GAME_HAS_HOLDERS), on a small game written here the way cardc writes
 * one.
 *
 * The game, "yard": 2 Huts (type hut) and 3 Pegs (type peg), all in the
 * deck (ordered, not in play) at the start; the yard (unordered, in play),
 * the trash (ordered) and a hand per player; `under` is a held zone under
 * huts (ordered, in play, drop to trash): slot 5 under the first Hut,
 * slot 6 under the second; the hands and `under` are `owner`. SITE_HOLD
 * is the site the tests give the
 * helpers that may fault, as a statement of the rules would. */
#include <criterion/criterion.h>

#include "rt.h"

/* ---- the game's constants and tables ---- */

enum { K_HUT, K_PEG, NCARDS };
enum { TYPE_HUT, TYPE_PEG, NTYPES };
#define NINSTANCES 5

typedef struct CardInfo {
    const char *name;
    int count, first;
    int num[1];
} CardInfo;

static const CardInfo cards[NCARDS] = {{"Hut", 2, 0, {0}}, {"Peg", 3, 2, {0}}};
static const uint16_t instance_card[NINSTANCES] = {K_HUT, K_HUT, K_PEG, K_PEG, K_PEG};
enum { HUT1, HUT2, PEG1, PEG2, PEG3 };

enum { MAXP = 2, NSLOTS = 7, NLOCALS = 2, MAXDEPTH = 2 };
#define GAME_MAX_DECISIONS 10
#define GAME_HAS_TIEBREAK 0
#define GAME_HAS_HOLDERS 1
#define NHELDZ 1 /* under */
enum { Z_deck = 0, Z_yard = 1, Z_trash = 2, Z_hand = 3 /* + player */,
       Z_under = 5 /* + the holder's rank in its type */ };
enum { P_main = 0 };
#define GAME_STATE_VARS /* none */

static const uint8_t slot_ordered[NSLOTS] = {1, 0, 1, 0, 0, 1, 1};
static const int16_t inst_type[NINSTANCES] = {TYPE_HUT, TYPE_HUT, TYPE_PEG, TYPE_PEG, TYPE_PEG};
static const int16_t inst_attr[1][NINSTANCES] = {{-1, -1, -1, -1, -1}};
static const int32_t slot_holder[NSLOTS] = {-1, -1, -1, -1, -1, HUT1, HUT2};
static const int16_t slot_heldz[NSLOTS] = {-1, -1, -1, -1, -1, 0, 0};
static const uint8_t type_holds[NTYPES] = {1, 0};
static const uint8_t slot_in_play[NSLOTS] = {0, 1, 0, 0, 0, 1, 1};
static const uint16_t inst_rank[NINSTANCES] = {0, 1, 0, 1, 2};

enum { SITE_HOLD = 1 }; /* yard.rules:4, as a game's fault_sites[] would say */

/* the zones: deck hidden, yard and trash public, hands and `under` owner */
static const char *const card_name[NINSTANCES] = {"Hut", "Hut", "Peg", "Peg", "Peg"};
static const RtZone zones[] = {
    {"deck", 0, 1, RT_VIS_HIDDEN, Z_deck},  {"yard", 0, 0, RT_VIS_PUBLIC, Z_yard},
    {"trash", 0, 1, RT_VIS_PUBLIC, Z_trash}, {"hand", 1, 0, RT_VIS_OWNER, Z_hand},
    {"under", 0, 1, RT_VIS_OWNER, Z_under},
};
static const int16_t slot_zone[NSLOTS] = {0, 1, 2, 3, 3, 4, 4};
static const int8_t slot_owner[NSLOTS] = {-1, -1, -1, 0, 1, -1, -1};
#define GAME_HAS_EFFECTS 1 /* controller() */

#include "rt_game.h"

/* ---- the rules and the hooks ---- */

static void game_holder_left(State *s, int c)
{
    switch (inst_type[c]) {
    case TYPE_HUT:
        drop_held(s, Z_under + inst_rank[c], Z_trash);
        break;
    default:
        break;
    }
}

static inline int game_step(State *s, Frame *f)
{
    (void)s;
    (void)f;
    return R_RETURN;
}

static int32_t dproc_main(State *s, const Direct *d)
{
    (void)s;
    (void)d;
    return 0;
}

static inline int32_t game_score(State *s, int p)
{
    (void)s;
    (void)p;
    return 0;
}

static inline void game_vars_init(State *s)
{
    (void)s;
}

static State st;

/* A fresh game of 2 players set up (every card in the deck), not run. */
static State *fresh(void)
{
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, 2);
    return &st;
}

/* The cards of slot, bottom to top, and -1 after them. */
static void assert_slot(const State *s, int slot, const int *want)
{
    int n = 0;
    while (want[n] >= 0)
        n++;
    cr_assert_eq(s->zsize[slot], n, "slot %d holds %d cards, expected %d", slot,
                 s->zsize[slot], n);
    for (int i = 0; i < n; i++)
        cr_assert_eq(s->zcard[slot][i], want[i], "slot %d, position %d", slot, i);
    char why[128] = "";
    cr_assert(game_check(s, why, sizeof why), "%s", why);
}

/* ---- slots under cards ---- */

Test(holders, a_slot_under_each_card_of_the_holder_type)
{
    State *s = fresh();
    cr_assert_eq(hslot(s, SITE_HOLD, Z_under, TYPE_HUT, HUT1), Z_under);
    cr_assert_eq(hslot(s, SITE_HOLD, Z_under, TYPE_HUT, HUT2), Z_under + 1);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(holders, a_slot_under_a_card_of_another_type_faults)
{
    State *s = fresh();
    cr_assert_eq(hslot(s, SITE_HOLD, Z_under, TYPE_HUT, PEG2), Z_under);
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, F_NOT_HOLDER);
    cr_assert_eq(s->core.fault_site, SITE_HOLD);
    cr_assert_eq(s->core.fault_arg, PEG2);
}

Test(holders, a_slot_under_none_faults)
{
    State *s = fresh();
    hslot(s, SITE_HOLD, Z_under, TYPE_HUT, -1);
    cr_assert_eq(s->core.fault, F_NOT_HOLDER);
    cr_assert_eq(s->core.fault_arg, -1);
}

Test(holders, a_per_card_variable_of_none_faults)
{
    State *s = fresh();
    cr_assert_eq(cidx(s, SITE_HOLD, PEG3), PEG3);
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert_eq(cidx(s, SITE_HOLD, -1), 0);
    cr_assert_eq(s->core.fault, F_NO_CARD);
}

Test(holders, holder_and_membership)
{
    State *s = fresh();
    mv_card(s, HUT2, Z_yard, -1);
    mv_card(s, PEG1, Z_under + 1, -1);
    cr_assert_eq(card_holder(s, PEG1), HUT2);
    cr_assert_eq(card_holder(s, PEG2), -1, "in the deck: under no card");
    cr_assert_eq(card_holder(s, HUT2), -1);
    cr_assert_eq(card_holder(s, -1), -1);
    cr_assert(in_slot(s, PEG1, Z_under + 1));
    cr_assert(!in_slot(s, PEG1, Z_under));
    cr_assert(!in_slot(s, -1, Z_deck), "none is in no zone");
    cr_assert(in_slots(s, PEG1, Z_under, 2));
    cr_assert(!in_slots(s, PEG2, Z_under, 2));
    cr_assert(!in_slots(s, -1, Z_under, 2));
}

/* game_check: the held zone's counts as a whole (hzsize, hkcount) are
 * those of the cards its slots hold, and a slot's own count (kcount) that
 * disagrees with its cards is found too. */
Test(holders, check_finds_held_counts_wrong)
{
    State *s = fresh();
    mv_card(s, PEG1, Z_under + 1, -1);
    mv_card(s, PEG2, Z_under + 1, -1);
    char why[128] = "";
    cr_assert(game_check(s, why, sizeof why), "%s", why);
    cr_assert(game_agree(s));
    s->hkcount[0][K_PEG]++;
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert_not(game_agree(s), "the one pass of rt_check_state finds it too");
    cr_assert(strstr(why, "held zone 0: 2 cards, 2 of card 1; its counts say 2, 3"), "%s", why);
    s->hkcount[0][K_PEG]--;
    s->hzsize[0]--;
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert_not(game_agree(s), "the one pass of rt_check_state finds it too");
    cr_assert(strstr(why, "held zone 0: 2 cards"), "%s", why);
    s->hzsize[0]++;
    s->kcount[Z_under + 1][K_PEG]--; /* the slot's count, its zone's still right */
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert_not(game_agree(s), "the one pass of rt_check_state finds it too");
    cr_assert(strstr(why, "2 cards of kind 1, counted 1"), "%s", why);
    s->kcount[Z_under + 1][K_PEG]++;
    cr_assert(game_check(s, why, sizeof why), "%s", why);
}

/* held_next and held_prev walk every holder's slot: empty slots skipped,
 * each slot bottom to top (top to bottom backwards). */
Test(holders, the_walk_over_every_holder)
{
    State *s = fresh();
    mv_card(s, PEG1, Z_under + 1, -1);
    mv_card(s, PEG2, Z_under + 1, -1);
    int slot = Z_under, i = -1, seen[4], n = 0;
    while (held_next(s, &slot, &i, Z_under + 2) && n < 4)
        seen[n++] = s->zcard[slot][i];
    cr_assert_eq(n, 2);
    cr_assert_eq(seen[0], PEG1);
    cr_assert_eq(seen[1], PEG2);
    mv_card(s, PEG3, Z_under, -1);
    slot = Z_under + 2, i = 0, n = 0;
    while (held_prev(s, &slot, &i, Z_under) && n < 4)
        seen[n++] = s->zcard[slot][i];
    cr_assert_eq(n, 3);
    cr_assert_eq(seen[0], PEG2);
    cr_assert_eq(seen[1], PEG1);
    cr_assert_eq(seen[2], PEG3);
    slot = Z_under, i = -1;
    mv_card(s, PEG3, Z_deck, -1);
    mv_card(s, PEG1, Z_deck, -1);
    mv_card(s, PEG2, Z_deck, -1);
    cr_assert(!held_next(s, &slot, &i, Z_under + 2), "no card under any holder");
}

/* ---- a holder leaving play ---- */

Test(holders, a_holder_leaving_play_drops_its_cards_in_order)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_yard, -1);
    mv_card(s, PEG3, Z_under, -1);
    mv_card(s, PEG1, Z_under, -1);
    mv_card(s, HUT1, Z_hand, -1); /* the yard is in play, a hand is not */
    assert_slot(s, Z_under, (const int[]){-1});
    assert_slot(s, Z_trash, (const int[]){PEG3, PEG1, -1});
    cr_assert_eq(s->ndrop, 0);
    cr_assert_eq(s->dropping, 0);
}

Test(holders, a_holder_moving_in_play_keeps_its_cards)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_yard, -1);
    mv_card(s, PEG2, Z_under, -1);
    mv_card(s, HUT1, Z_under + 1, -1); /* under the other Hut: in play still */
    assert_slot(s, Z_under, (const int[]){PEG2, -1});
    mv_card(s, HUT2, Z_hand, -1); /* not in play before: nothing to drop */
    assert_slot(s, Z_under, (const int[]){PEG2, -1});
    assert_slot(s, Z_trash, (const int[]){-1});
}

Test(holders, a_holder_out_of_play_keeps_what_is_put_under_it)
{
    State *s = fresh();
    mv_card(s, PEG2, Z_under + 1, -1); /* Hut 2 is in the deck */
    mv_card(s, HUT2, Z_hand + 1, -1);
    assert_slot(s, Z_under + 1, (const int[]){PEG2, -1});
}

/* A Hut under a Hut drops with the cards of the outer one, and then its
 * own cards drop: in the order the holders left play, without recursion. */
Test(holders, nested_holders_drop_in_the_order_they_leave)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_yard, -1);
    mv_card(s, PEG1, Z_under, -1);
    mv_card(s, HUT2, Z_under, -1);
    mv_card(s, PEG2, Z_under + 1, -1);
    mv_card(s, PEG3, Z_under + 1, -1);
    mv_card(s, HUT1, Z_deck, -1);
    assert_slot(s, Z_under, (const int[]){-1});
    assert_slot(s, Z_under + 1, (const int[]){-1});
    assert_slot(s, Z_trash, (const int[]){PEG1, HUT2, PEG2, PEG3, -1});
}

Test(holders, move_picked_drops_for_each_holder)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_yard, -1);
    mv_card(s, HUT2, Z_yard, -1);
    mv_card(s, PEG1, Z_under, -1);
    mv_card(s, PEG2, Z_under + 1, -1);
    uint16_t pick[2] = {HUT1, HUT2}; /* bottom to top, as move_picked takes them */
    move_picked(s, Z_yard, pick, 2, Z_deck, 0);
    assert_slot(s, Z_trash, (const int[]){PEG1, PEG2, -1});
    cr_assert_eq(s->zsize[Z_yard], 0);
}

/* ---- options ---- */

Test(holders, each_copy_of_a_holder_is_an_option)
{
    State *s = fresh();
    decision_in(s, 0, 0);
    add_holder_card(s, SITE_HOLD, HUT1);
    add_holder_card(s, SITE_HOLD, HUT2);
    add_holder_card(s, SITE_HOLD, PEG1);
    add_holder_card(s, SITE_HOLD, PEG2);
    cr_assert_eq(s->core.dec.noptions, 3, "two Huts, one Peg");
}

Test(holders, a_card_under_each_holder_is_an_option)
{
    State *s = fresh();
    mv_card(s, PEG1, Z_under, -1);
    mv_card(s, PEG2, Z_under, -1);
    mv_card(s, PEG3, Z_under + 1, -1);
    decision_in(s, 0, 0);
    add_held_card(s, SITE_HOLD, PEG1);
    add_held_card(s, SITE_HOLD, PEG2);
    add_held_card(s, SITE_HOLD, PEG3);
    cr_assert_eq(s->core.dec.noptions, 2, "a Peg under each Hut");
    cr_assert_eq(s->core.dec.opt[1].ids[0], PEG3);
}

/* ---- who sees a held zone that is `owner` (rt.c) ---- */


static const RtGame yard = {
    .name = "yard",
    .min_players = 2,
    .max_players = MAXP,
    .ninstances = NINSTANCES,
    .card_name = card_name,
    .nzones = 5,
    .nslots = NSLOTS,
    .zones = zones,
    .slot_zone = slot_zone,
    .slot_owner = slot_owner,
    .state_size = sizeof(State),
    .off_zsize = offsetof(State, zsize),
    .off_zcard = offsetof(State, zcard),
    .off_slot_of = offsetof(State, slot_of),
    .slot_holder = slot_holder,
};

/* The cards under a Hut are its controller's to see: the seat of the hand
 * that holds the Hut, up the chain of holders; nobody's when the Hut is in
 * a shared zone. */
Test(holders, an_owner_held_zone_is_seen_by_the_holders_controller)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_hand + 1, -1);
    cr_assert_eq(rt_slot_seat(&yard, s, Z_under), 1);
    cr_assert(rt_sees(&yard, s, Z_under, 1));
    cr_assert_not(rt_sees(&yard, s, Z_under, 0));
    cr_assert(rt_sees(&yard, s, Z_under, -1), "the referee sees all");
    cr_assert_not(rt_can_see(&yard, Z_under, 1), "the tables alone do not know");
    mv_card(s, PEG1, Z_under, -1);
    cr_assert_eq(controller(s, PEG1), 1, "a card under a card: its holder's controller");
    mv_card(s, HUT2, Z_under, -1); /* a Hut under the first: its controller too */
    cr_assert_eq(rt_slot_seat(&yard, s, Z_under + 1), 1);
    cr_assert(rt_sees(&yard, s, Z_under + 1, 1));
    mv_card(s, HUT1, Z_yard, -1);
    cr_assert_eq(rt_slot_seat(&yard, s, Z_under), -1);
    cr_assert_not(rt_sees(&yard, s, Z_under, 0));
    cr_assert_not(rt_sees(&yard, s, Z_under, 1));
    cr_assert(rt_sees(&yard, s, Z_hand, 0), "other zones as rt_can_see");
    cr_assert_not(rt_sees(&yard, s, Z_hand, 1));
}

/* Cards under each other (a chain that comes back on itself) have no
 * controller, and the walk ends. */
Test(holders, a_chain_of_holders_that_loops_has_no_seat)
{
    State *s = fresh();
    mv_card(s, HUT1, Z_under + 1, -1);
    mv_card(s, HUT2, Z_under, -1);
    cr_assert_eq(rt_slot_seat(&yard, s, Z_under), -1);
    cr_assert_eq(controller(s, PEG1), -1, "in the deck");
}
