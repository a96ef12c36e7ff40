/* test_out.c: players out of the game (GAME_HAS_OUT) in runtime/rt_game.h,
 * on a tiny game written here the way cardc writes one: four seats, two
 * cards in a deck, and a score per player (pv_score) that the tests set. */
#include <criterion/criterion.h>

#include "rt.h"

enum { K_CARD, NCARDS };
#define NINSTANCES 2

typedef struct CardInfo {
    const char *name;
    int count, first;
    int num[1];
} CardInfo;

static const CardInfo cards[NCARDS] = {{"Card", 2, 0, {0}}};
static const uint16_t instance_card[NINSTANCES] = {K_CARD, K_CARD};

enum { MAXP = 4, NSLOTS = 1, NLOCALS = 2, MAXDEPTH = 2 };
#define GAME_MAX_DECISIONS 10
#define GAME_HAS_TIEBREAK 0
enum { Z_deck = 0 };
enum { P_main = 0 };
#define GAME_STATE_VARS int32_t pv_score[MAXP];

static const uint8_t slot_ordered[NSLOTS] = {1};
static const int16_t inst_type[NINSTANCES] = {0, 0};
static const int16_t inst_attr[1][NINSTANCES] = {{-1, -1}};

#define GAME_HAS_OUT 1
enum { SITE_OUT = 1 };

#include "rt_game.h"

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
    return s->pv_score[p];
}

static inline void game_vars_init(State *s)
{
    (void)s;
}

static State st;

/* A new game of n players, at turn `turn`. */
static State *fresh(int n, int turn)
{
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, n);
    st.core.turns = turn;
    return &st;
}

Test(rt_out, eliminate_lists_who_went_out_and_when)
{
    State *s = fresh(4, 3);
    eliminate(s, SITE_OUT, 2);
    s->core.turns = 5;
    eliminate(s, SITE_OUT, 0);
    eliminate(s, SITE_OUT, 2); /* out already: stays out as it went */
    int seat[RT_MAX_PLAYERS], turn[RT_MAX_PLAYERS];
    cr_assert_eq(game_out(s, seat, turn), 2);
    cr_assert_eq(seat[0], 2);
    cr_assert_eq(turn[0], 3);
    cr_assert_eq(seat[1], 0);
    cr_assert_eq(turn[1], 5);
    cr_assert(is_out(s, SITE_OUT, 0) && is_out(s, SITE_OUT, 2));
    cr_assert(!is_out(s, SITE_OUT, 1) && !is_out(s, SITE_OUT, 3));
    cr_assert_eq(players_in(s), 2);
    char why[128];
    cr_assert(out_check(s, why, sizeof why), "%s", why);
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(rt_out, eliminate_of_no_seat_faults)
{
    State *s = fresh(3, 0);
    eliminate(s, SITE_OUT, 3);
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, F_BAD_PLAYER);
    cr_assert_eq(s->nout, 0);
}

Test(rt_out, next_passes_over_the_players_out)
{
    State *s = fresh(4, 1);
    eliminate(s, SITE_OUT, 1);
    eliminate(s, SITE_OUT, 2);
    cr_assert_eq(pnext_live(s, SITE_OUT, 0), 3);
    cr_assert_eq(pnext_live(s, SITE_OUT, 3), 0);
    cr_assert_eq(pnext_live(s, SITE_OUT, 1), 3, "from a player out: the next one in");
    eliminate(s, SITE_OUT, 3);
    cr_assert_eq(pnext_live(s, SITE_OUT, 0), 0, "the last one in: itself");
    eliminate(s, SITE_OUT, 0);
    cr_assert_eq(pnext_live(s, SITE_OUT, 0), 1, "every player out: the seat after");
    cr_assert_eq(s->core.over, RT_PLAYING);
}

Test(rt_out, a_player_out_is_never_asked)
{
    State *s = fresh(2, 1);
    eliminate(s, SITE_OUT, 1);
    decision_live(s, SITE_OUT, 0, 0);
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert_eq(s->core.dec.player, 0);
    decision_live(s, SITE_OUT, 1, 0);
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, F_OUT_PLAYER);
    cr_assert_eq(s->core.fault_site, SITE_OUT);
    cr_assert_eq(s->core.fault_arg, 1);
}

Test(rt_out, a_player_out_takes_no_turn)
{
    State *s = fresh(2, 1);
    eliminate(s, SITE_OUT, 0);
    cr_assert_eq(pin(s, SITE_OUT, 1), 1);
    cr_assert_eq(s->core.over, RT_PLAYING);
    pin(s, SITE_OUT, 0);
    cr_assert_eq(s->core.fault, F_OUT_PLAYER);
    cr_assert_eq(s->core.fault_arg, 0);
}

Test(rt_out, only_a_player_in_wins)
{
    State *s = fresh(3, 2);
    s->pv_score[0] = 9; /* the best score, but out */
    s->pv_score[1] = 4;
    s->pv_score[2] = 4;
    eliminate(s, SITE_OUT, 0);
    finish(s, 0);
    cr_assert_eq(s->core.over, RT_ENDED);
    cr_assert(!s->core.winner[0]);
    cr_assert(s->core.winner[1] && s->core.winner[2], "the players in share the win");
}

Test(rt_out, nobody_wins_when_every_player_is_out)
{
    State *s = fresh(2, 2);
    eliminate(s, SITE_OUT, 1);
    eliminate(s, SITE_OUT, 0);
    finish(s, 0);
    cr_assert_eq(s->core.over, RT_ENDED);
    cr_assert(!s->core.winner[0] && !s->core.winner[1]);
}

Test(rt_out, the_check_finds_a_mask_that_is_not_the_list)
{
    State *s = fresh(3, 1);
    eliminate(s, SITE_OUT, 1);
    char why[128];
    s->outmask |= 1u << 2;
    cr_assert(!out_check(s, why, sizeof why));
    cr_assert(strstr(why, "mask") != NULL, "%s", why);
    s->outmask = 1u << 1;
    s->out_seat[0] = 5;
    cr_assert(!out_check(s, why, sizeof why));
}
