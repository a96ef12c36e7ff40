/* test_time.c: the time helpers of runtime/rt_game.h (GAME_HAS_TIME,
 * GAME_HAS_LASTING) on a tiny game written here the way cardc writes one.
 *
 * The game has two cards in a deck, units of time turn (0), round (1) and
 * one phase (2), a table of 3 rows, and three kinds of row: 0 an 'until'
 * keeping one value (frame slot 4), 1 an 'at' whose block is proc 1
 * keeping two (slots 2 and 0), 2 an 'at' of proc 2 keeping none. */
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

enum { MAXP = 2, NSLOTS = 1, NLOCALS = 6, MAXDEPTH = 2 };
#define GAME_MAX_DECISIONS 10
#define GAME_HAS_TIEBREAK 0
enum { Z_deck = 0 };
enum { P_main = 0, P_at_a = 1, P_at_b = 2 };
#define GAME_STATE_VARS /* none */

static const uint8_t slot_ordered[NSLOTS] = {1};
static const int16_t inst_type[NINSTANCES] = {0, 0};
static const int16_t inst_attr[1][NINSTANCES] = {{-1, -1}};

#define GAME_HAS_TIME 1
enum { NUNITS = 3 };
#define GAME_HAS_LASTING 1
enum { NLASTING = 3, NCAPTURE = 2, NLKINDS = 3 };
static const int16_t lasting_proc[NLKINDS] = {-1, P_at_a, P_at_b};
static const int16_t lasting_ncap[NLKINDS] = {1, 2, 0};
static const int16_t lasting_slot[NLKINDS][NCAPTURE] = {{4}, {2, 0}, {0}};

enum { SITE_ROW = 1 };

/* A func that keeps its answers, which reads no zone: the memo's version
 * (State.mver) moves with the rows alone. */
#define GAME_HAS_MEMO 1
static const uint8_t slot_memo[NSLOTS] = {0};

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
    (void)s;
    (void)p;
    return 0;
}

static inline void game_vars_init(State *s)
{
    (void)s;
}

static State st;

static State *fresh(void)
{
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, 2);
    return &st;
}

/* Counts: a turn (unit 0) started and ended `done` times, and one more
 * started if `in_progress`. */
static void turns(State *s, int done, bool in_progress)
{
    for (int i = 0; i < done; i++) {
        time_start(s, 0);
        time_end(s, 0);
    }
    if (in_progress)
        time_start(s, 0);
}

Test(rt_time, nobody_is_active_at_the_start)
{
    State *s = fresh();
    cr_assert_eq(s->active, -1);
    cr_assert_eq(s->tstarts[0], 0);
    cr_assert_eq(s->nlasting, 0);
}

Test(rt_time, the_end_of_this_turn_is_the_one_in_progress_or_the_next)
{
    State *s = fresh();
    turns(s, 2, true); /* the third turn in progress */
    cr_assert_eq(time_target(s, 0, 1, 0), 3, "end of this turn: the third's");
    cr_assert_eq(time_target(s, 0, 1, 1), 4, "end of next turn");
    time_end(s, 0); /* between the third and the fourth */
    cr_assert_eq(time_target(s, 0, 1, 0), 4, "end of this turn: the coming one's");
    cr_assert_eq(time_target(s, 0, 1, 1), 5);
}

Test(rt_time, the_start_of_this_turn_is_never_one_that_has_passed)
{
    State *s = fresh();
    turns(s, 1, true); /* the second turn in progress: its start has passed */
    cr_assert_eq(time_target(s, 0, 0, 0), 3, "start of this turn: the next start");
    cr_assert_eq(time_target(s, 0, 0, 1), 3, "start of next turn");
    time_end(s, 0); /* between two: the third comes next */
    cr_assert_eq(time_target(s, 0, 0, 0), 3, "start of this turn: the coming one");
    cr_assert_eq(time_target(s, 0, 0, 1), 4, "start of next turn: the one after");
}

Test(rt_time, a_full_table_faults_at_the_statement)
{
    State *s = fresh();
    for (int i = 0; i < NLASTING; i++)
        cr_assert_not_null(lasting_add(s, SITE_ROW, 0, 0, 1, 0));
    cr_assert_eq(s->core.over, RT_PLAYING);
    cr_assert_null(lasting_add(s, SITE_ROW, 0, 0, 1, 0));
    cr_assert_eq(s->core.over, RT_FAULT);
    cr_assert_eq(s->core.fault, F_LASTING_FULL);
    cr_assert_eq(s->core.fault_site, SITE_ROW);
    cr_assert_eq(s->nlasting, NLASTING);
}

Test(rt_time, due_rows_run_oldest_first_with_their_values)
{
    State *s = fresh();
    turns(s, 0, true); /* the first turn in progress */
    Lasting *r = lasting_add(s, SITE_ROW, 1, 0, 1, 1); /* at end of next turn */
    r->cap[0] = 20;
    r->cap[1] = 10;
    lasting_add(s, SITE_ROW, 0, 0, 1, 0)->cap[0] = 7;  /* until end of turn */
    r = lasting_add(s, SITE_ROW, 1, 0, 1, 0);          /* at end of turn */
    r->cap[0] = 2;
    r->cap[1] = 1;
    time_end(s, 0);
    /* the end of the first turn: the third row (the first is for the next
     * turn's end; the second is an 'until') */
    cr_assert_eq(lasting_due(s, 0, 0), -1, "nothing at the start");
    cr_assert_eq(lasting_due(s, 1, 1), -1, "nothing at the end of a round");
    int i = lasting_due(s, 0, 1);
    cr_assert_eq(i, 2);
    int32_t v[NLOCALS] = {0};
    cr_assert_eq(lasting_take(s, i, v), P_at_a);
    cr_assert_eq(v[2], 2);
    cr_assert_eq(v[0], 1);
    cr_assert_eq(s->nlasting, 2);
    cr_assert_eq(lasting_due(s, 0, 1), -1, "the row ran once");
    lasting_expire(s, 0, 1);
    cr_assert_eq(s->nlasting, 1, "the 'until' of this turn ended");
    cr_assert_eq(s->lasting[0].kind, 1);
    /* the second turn ends: the first row runs */
    time_start(s, 0);
    time_end(s, 0);
    cr_assert_eq(lasting_due(s, 0, 1), 0);
    memset(v, 0, sizeof v);
    cr_assert_eq(lasting_take(s, 0, v), P_at_a);
    cr_assert_eq(v[2], 20);
    cr_assert_eq(v[0], 10);
    cr_assert_eq(s->nlasting, 0);
}

Test(rt_time, expire_keeps_the_other_rows_in_order)
{
    State *s = fresh();
    turns(s, 0, true);
    lasting_add(s, SITE_ROW, 0, 1, 1, 0)->cap[0] = 1; /* until end of round */
    lasting_add(s, SITE_ROW, 0, 0, 1, 0)->cap[0] = 2; /* until end of turn */
    lasting_add(s, SITE_ROW, 2, 0, 1, 0);             /* at end of turn */
    time_end(s, 0);
    lasting_expire(s, 0, 1);
    cr_assert_eq(s->nlasting, 2, "the 'at' stays until it runs");
    cr_assert_eq(s->lasting[0].cap[0], 1);
    cr_assert_eq(s->lasting[1].kind, 2);
    int32_t v[NLOCALS] = {0};
    cr_assert_eq(lasting_take(s, lasting_due(s, 0, 1), v), P_at_b);
    cr_assert_eq(s->nlasting, 1);
    cr_assert_eq(s->lasting[0].unit, 1);
}

Test(rt_time, a_boundary_where_no_row_ends_writes_no_memo_version)
{
    State *s = fresh();
    turns(s, 0, true);
    lasting_add(s, SITE_ROW, 0, 1, 1, 0); /* until end of round */
    uint64_t v = s->mver;
    time_end(s, 0);
    lasting_expire(s, 0, 1);
    cr_assert_eq(s->nlasting, 1, "the end of a turn ends no row");
    cr_assert_eq(s->mver, v, "nor drops the answers kept");
    time_end(s, 1);
    lasting_expire(s, 1, 1);
    cr_assert_eq(s->nlasting, 0, "the end of the round ends the row");
    cr_assert_neq(s->mver, v, "and drops them");
}

Test(rt_time, game_check_sees_time_out_of_order)
{
    char why[128] = "";
    State *s = fresh();
    turns(s, 1, true);
    lasting_add(s, SITE_ROW, 1, 0, 1, 0);
    cr_assert(game_check(s, why, sizeof why), "%s", why);
    s->active = 2; /* two players: seats 0 and 1 */
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert(strstr(why, "active player 2"), "%s", why);
    s->active = -1;
    s->lasting[0].kind = NLKINDS;
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert(strstr(why, "row 0"), "%s", why);
    s->lasting[0].kind = 1;
    s->tends[0] = s->tstarts[0] + 1;
    cr_assert_not(game_check(s, why, sizeof why));
    cr_assert(strstr(why, "unit 0"), "%s", why);
}
