/* test_window.c: the sealed windows of runtime/rt_game.h (GAME_HAS_WINDOWS)
 * and how the views show them (view.c), on a small game written here the
 * way cardc writes one.
 *
 * The game, "shields", 2 or 3 players: 3 Shields and 4 Rocks, all in the
 * deck (hidden) at the start; a hand per player (owner) and a pile
 * (public). Proc main deals by the test's table `deal` (what each hand
 * holds), puts a Rock on the pile and raises "attack" (that Rock) by
 * seat 0: a reaction window, every seat asked from the attacker round
 * the table, each offered the Shields of its hand and "Do not respond".
 * The answers resolve in the order asked: a Shield still in its owner's
 * hand goes to the pile (a point to its owner) and raises "shield" by its
 * owner, whose own window may hold a reaction to that reaction; windows
 * nest at most GAME_MAX_WINDOWS = 2 deep. Both copies of the procs are
 * written: the resumable one (run, rt_apply) and the direct one
 * (play_direct), which must take the same decisions. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "rtcli.h"

/* ---- the game's constants and tables ---- */

enum { K_SHIELD, K_ROCK, NCARDS };
#define NINSTANCES 7

typedef struct CardInfo {
    const char *name;
    int count, first;
    int num[1];
} CardInfo;

static const CardInfo cards[NCARDS] = {{"Shield", 3, 0, {0}}, {"Rock", 4, 3, {0}}};
static const uint16_t instance_card[NINSTANCES] = {0, 0, 0, 1, 1, 1, 1};

enum { MAXP = 3, NSLOTS = 5, NLOCALS = 4, MAXDEPTH = 8 };
#define GAME_MAX_DECISIONS 100
#define GAME_HAS_TIEBREAK 0
#define GAME_HAS_WINDOWS 1
#define GAME_MAX_WINDOWS 2
enum { Z_deck = 0, Z_pile = 1, Z_hand = 2 /* + player */ };
enum { P_main = 0, P_raise = 1 };
enum { EV_ATTACK, EV_SHIELD };
#define GAME_STATE_VARS int32_t pv_blocked[MAXP];

static const uint8_t slot_ordered[NSLOTS] = {1, 1, 0, 0, 0};
static const int16_t inst_type[NINSTANCES] = {0, 0, 0, 1, 1, 1, 1};
static const int16_t inst_attr[1][NINSTANCES] = {{-1, -1, -1, -1, -1, -1, -1}};

enum { SITE_RAISE = 1 };
static const RtFaultSite fault_sites[] = {{"shields.rules", 9}};

#include "rt_game.h"

/* ---- the rules ---- */

/* deal[p]: the card instances hand p gets (-1 ends the list); set by each
 * test before the game starts. The Rock at instance 6 goes to the pile. */
static int deal[MAXP][NINSTANCES];

static void deal_hands(State *s)
{
    for (int p = 0; p < s->core.nplayers; p++)
        for (int i = 0; deal[p][i] >= 0; i++)
            mv_card(s, deal[p][i], Z_hand + p, -1);
    mv_card(s, 6, Z_pile, -1);
}

/* Opens the window of event V[0] by V[1] on card V[2]; false if too deep. */
static bool open_window(State *s, const int32_t *V)
{
    if (!win_open(s, RT_WINDOW_REACT, V[0], V[1], V[1]))
        return false;
    win_arg(s, 0, RT_ARG_CARD, V[2]);
    win_arg(s, 1, RT_ARG_PLAYER, V[1]);
    return true;
}

/* The question of the seat asked now: its Shields, then "Do not respond".
 * Before an attack every seat reads "Respond?"; before a Shield, a question
 * of its own, built from values: its seat and how many Shields it holds,
 * which no other seat may learn. */
static void ask_seat(State *s)
{
    int p = win_seat(s), n = 0;
    for (int i = 0; i < s->zsize[Z_hand + p]; i++)
        n += instance_card[s->zcard[Z_hand + p][i]] == K_SHIELD;
    decision_in(s, p, win_top(s)->event == EV_SHIELD);
    if (win_top(s)->event == EV_SHIELD)
        prompt_words(s, 2, p, n, 0);
    for (int i = 0; i < s->zsize[Z_hand + p]; i++) {
        int c = s->zcard[Z_hand + p][i];
        if (instance_card[c] == K_SHIELD)
            add_card(s, SITE_RAISE, c);
    }
    add_text(s, SITE_RAISE, 0, 0);
}

/* The next answer to resolve, from V[3] on: a Shield still in the hand of
 * the seat that chose it goes to the pile; returns its owner, or -1 when
 * none is left (V[3] past the last seat). */
static int resolve_next(State *s, int32_t *V, int *card)
{
    while (V[3] < win_seats(s)) {
        int i = V[3]++;
        int c = win_card(s, i), p = win_player(s, i);
        if (c < 0 || s->slot_of[c] != Z_hand + p)
            continue; /* no response, or the card has left the hand */
        mv_card(s, c, Z_pile, -1);
        s->pv_blocked[p]++;
        *card = c;
        return p;
    }
    return -1;
}

/* proc raise(event, by, card): V[0..2], V[3] the next answer to resolve */
static int proc_raise(State *s, Frame *f)
{
    int32_t *V = f->v;
    switch (f->pc) {
    case 0:
        if (!open_window(s, V))
            return R_RETURN;
        break;
    case 1:
        win_answer(s);
        break;
    default: /* 2: a reaction's own window is done */
        break;
    }
    if (win_asking(s)) {
        ask_seat(s);
        f->pc = 1;
        return R_WAIT; /* even for one option */
    }
    int c, p = resolve_next(s, V, &c);
    if (p >= 0) {
        Frame *nf = push(s, SITE_RAISE, P_raise);
        if (!nf)
            return R_STOP;
        nf->v[0] = EV_SHIELD;
        nf->v[1] = p;
        nf->v[2] = c;
        f->pc = 2;
        return R_CALL;
    }
    win_pop(s);
    return R_RETURN;
}

static int proc_main(State *s, Frame *f)
{
    if (f->pc == 0) {
        deal_hands(s);
        Frame *nf = push(s, SITE_RAISE, P_raise);
        if (!nf)
            return R_STOP;
        nf->v[0] = EV_ATTACK;
        nf->v[1] = 0;
        nf->v[2] = 6;
        f->pc = 1;
        return R_CALL;
    }
    return R_RETURN;
}

static inline int game_step(State *s, Frame *f)
{
    switch (f->proc) {
    case P_main:
        return proc_main(s, f);
    case P_raise:
        return proc_raise(s, f);
    }
    return R_STOP;
}

/* The direct copies. */
static int32_t dproc_raise(State *s, const Direct *d, int32_t ev, int32_t by, int32_t card)
{
    int32_t V[NLOCALS] = {ev, by, card, 0};
    if (!open_window(s, V))
        return 0;
    while (win_asking(s)) {
        ask_seat(s);
        if (!decide_always(s, SITE_RAISE, d))
            return 0;
        win_answer(s);
    }
    int c, p;
    while ((p = resolve_next(s, V, &c)) >= 0) {
        if (s->depth >= MAXDEPTH) {
            fault(s, F_DEPTH, SITE_RAISE, 0);
            return 0;
        }
        s->depth++;
        dproc_raise(s, d, EV_SHIELD, p, c);
        s->depth--;
        if (s->core.over)
            return 0;
    }
    win_pop(s);
    return 0;
}

static int32_t dproc_main(State *s, const Direct *d)
{
    deal_hands(s);
    return dproc_raise(s, d, EV_ATTACK, 0, 6);
}

static inline int32_t game_score(State *s, int p)
{
    return s->pv_blocked[p];
}

static inline void game_vars_init(State *s)
{
    (void)s;
}

static const char *const card_name[NINSTANCES] = {"Shield", "Shield", "Shield", "Rock",
                                                  "Rock",   "Rock",   "Rock"};
static const RtZone zones[] = {
    {"deck", 0, 1, RT_VIS_HIDDEN, Z_deck},
    {"pile", 0, 1, RT_VIS_PUBLIC, Z_pile},
    {"hand", 1, 0, RT_VIS_OWNER, Z_hand},
};
static const int16_t slot_zone[NSLOTS] = {0, 1, 2, 2, 2};
static const int8_t slot_owner[NSLOTS] = {-1, -1, 0, 1, 2};
static const char *const prompts[] = {"Respond?", "{p0}, answer the Shield? (Shields in hand: {n1})",
                                      NULL};
static const char *const labels[] = {"Do not respond", NULL};
static const char *const events[] = {"attack", "shield"};

static const RtGame shields = {
    .name = "shields",
    .min_players = 2,
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
    .nfault_sites = 1,
    .window = game_window,
    .events = events,
    .nevents = 2,
};

/* ---- helpers ---- */

static State st;

/* Hands: each list ends with -1. */
static void set_deal(const int *h0, const int *h1, const int *h2)
{
    const int *h[MAXP] = {h0, h1, h2};
    for (int p = 0; p < MAXP; p++) {
        int i = 0;
        for (; h[p] && h[p][i] >= 0; i++)
            deal[p][i] = h[p][i];
        deal[p][i] = -1;
    }
}

static const int none_[] = {-1};
static const int rock3[] = {3, -1}, rock4[] = {4, -1}, rock5[] = {5, -1};
static const int shield0[] = {0, 3, -1}, shield1[] = {1, 4, -1}, shield2[] = {2, 5, -1};

/* What an agent answers: a Shield if it is offered (the first option),
 * or "Do not respond" (the last). */
typedef int (*Policy)(const RtCore *c);

static int respond(const RtCore *c)
{
    (void)c;
    return 0;
}

static int pass(const RtCore *c)
{
    return c->dec.noptions - 1;
}

/* One decision as it was asked. */
typedef struct Asked {
    int player, noptions, window, depth;
} Asked;

static int record(const RtCore *c, Asked *a)
{
    const RtWindow *w = rt_window_of(&shields, c);
    *a = (Asked){c->dec.player, c->dec.noptions, w ? (int)w->id : 0, w ? w->depth : 0};
    return 1;
}

/* Plays a game of n players through the engine, each seat answering by
 * pol[seat]; the decisions asked go to out (at most max). Returns how
 * many were asked. */
static int play_engine(int n, Policy pol[], Asked *out, int max)
{
    int k = 0;
    rt_new(&shields, &st, 1, n);
    while (st.core.over == RT_PLAYING) {
        char why[256] = "";
        cr_assert(rt_check_state(&shields, &st, why, sizeof why), "%s", why);
        cr_assert_lt(k, max);
        record(&st.core, &out[k]);
        cr_assert(rt_apply(&shields, &st, pol[st.core.dec.player](&st.core)));
        k++;
    }
    return k;
}

/* ---- a window asks every seat ---- */

Test(window, every_seat_is_asked_even_with_one_option)
{
    set_deal(rock3, rock4, rock5);
    rt_new(&shields, &st, 1, 3);
    for (int p = 0; p < 3; p++) {
        const RtWindow *w = rt_window_of(&shields, &st);
        cr_assert_not_null(w, "seat %d is asked inside the window", p);
        cr_assert_eq(st.core.dec.player, p, "from the attacker round the table");
        cr_assert_eq(st.core.dec.noptions, 1, "only 'Do not respond', and still asked");
        cr_assert_eq(w->id, 1);
        cr_assert_eq(w->depth, 1);
        cr_assert_eq(w->event, EV_ATTACK);
        cr_assert_eq(w->by, 0);
        cr_assert(w->order[0] == 0 && w->order[1] == 1 && w->order[2] == 2);
        cr_assert(w->nargs == 2 && w->argkind[0] == RT_ARG_CARD && w->arg[0] == 6);
        cr_assert_eq(w->nasked, p);
        cr_assert(rt_apply(&shields, &st, 0));
    }
    cr_assert_eq(st.core.over, RT_ENDED);
    cr_assert_eq(st.core.decisions, 3, "each seat's question counts");
    cr_assert_eq(st.nwin, 0, "the window is closed and popped");
}

Test(window, the_order_starts_at_the_first_seat_and_goes_round)
{
    set_deal(rock3, rock4, none_);
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, 3);
    cr_assert(win_open(&st, RT_WINDOW_REACT, EV_ATTACK, 2, 1));
    const RtWindow *w = win_top(&st);
    cr_assert(w->order[0] == 1 && w->order[1] == 2 && w->order[2] == 0);
    cr_assert(win_open(&st, RT_WINDOW_REACT, EV_ATTACK, -1, 7), "a first seat out of range");
    w = win_top(&st);
    cr_assert(w->order[0] == 0 && w->by == -1 && w->depth == 2 && w->id == 2);
    cr_assert_not(win_open(&st, RT_WINDOW_REACT, EV_ATTACK, 0, 0), "past GAME_MAX_WINDOWS");
    cr_assert_eq(st.nwin, 2);
    cr_assert_eq(st.nwindows, 2, "a window not opened takes no id");
}

/* ---- answers resolve in the order asked; reactions to reactions ---- */

Test(window, answers_resolve_in_order_and_windows_nest_to_the_limit)
{
    set_deal(shield0, shield1, shield2);
    Policy pol[MAXP] = {respond, respond, respond};
    Asked a[16];
    int n = play_engine(3, pol, a, 16);
    /* window 1 (attack by 0): all three answer with a Shield; seat 0's
     * resolves first and raises "shield" by 0: window 2, depth 2, where
     * seats 1 and 2 answer with the Shields they chose in window 1 and
     * seat 0 has none left. Their Shields resolve there; the windows they
     * would open are too deep; back in window 1 their answers find the
     * cards gone. */
    Asked want[] = {{0, 2, 1, 1}, {1, 2, 1, 1}, {2, 2, 1, 1},
                    {0, 1, 2, 2}, {1, 2, 2, 2}, {2, 2, 2, 2}};
    cr_assert_eq(n, 6);
    for (int i = 0; i < n; i++)
        cr_assert(a[i].player == want[i].player && a[i].noptions == want[i].noptions &&
                  a[i].window == want[i].window && a[i].depth == want[i].depth,
                  "decision %d: player %d, %d options, window %d depth %d", i, a[i].player,
                  a[i].noptions, a[i].window, a[i].depth);
    cr_assert_eq(st.core.over, RT_ENDED);
    cr_assert(st.pv_blocked[0] == 1 && st.pv_blocked[1] == 1 && st.pv_blocked[2] == 1);
    cr_assert_eq(st.zsize[Z_pile], 4, "the Rock and three Shields");
    cr_assert_eq(st.nwindows, 2, "the third level was not opened");
}

Test(window, a_pass_leaves_the_cards_where_they_are)
{
    set_deal(shield0, shield1, rock5);
    Policy pol[MAXP] = {pass, respond, pass};
    Asked a[16];
    int n = play_engine(3, pol, a, 16);
    /* window 1: seat 1 responds; its Shield opens window 2, where seat 0
     * passes again */
    cr_assert_eq(n, 6);
    cr_assert_eq(st.pv_blocked[1], 1);
    cr_assert_eq(st.pv_blocked[0], 0);
    cr_assert_eq(st.slot_of[0], Z_hand + 0);
    cr_assert_eq(st.slot_of[1], Z_pile);
}

/* ---- direct play takes the same decisions ---- */

typedef struct Chooser {
    Policy *pol;
    Asked *out;
    int n, max;
} Chooser;

static int choose_direct(void *ctx, void *stp)
{
    Chooser *c = ctx;
    const RtCore *core = stp;
    cr_assert_lt(c->n, c->max);
    record(core, &c->out[c->n++]);
    return c->pol[core->dec.player](core);
}

Test(window, direct_play_asks_the_same_questions)
{
    const int *hands[][3] = {{shield0, shield1, shield2}, {rock3, shield1, rock5},
                             {rock3, rock4, rock5}, {shield0, none_, shield2}};
    Policy pols[][3] = {{respond, respond, respond}, {pass, respond, pass},
                        {respond, pass, respond}};
    for (size_t h = 0; h < sizeof hands / sizeof *hands; h++)
        for (size_t q = 0; q < sizeof pols / sizeof *pols; q++) {
            set_deal(hands[h][0], hands[h][1], hands[h][2]);
            Asked a[16], b[16];
            int n = play_engine(3, pols[q], a, 16);
            int32_t score[3] = {st.core.score[0], st.core.score[1], st.core.score[2]};
            int64_t decisions = st.core.decisions;
            Chooser c = {pols[q], b, 0, 16};
            rt_play_direct(&shields, &st, 1, 3, 0, choose_direct, &c);
            cr_assert_eq(st.core.over, RT_ENDED);
            cr_assert_eq(c.n, n, "hands %zu, policies %zu: %d questions, direct %d", h, q, n,
                         c.n);
            cr_assert_eq(st.core.decisions, decisions);
            cr_assert_eq(st.nwin, 0);
            for (int i = 0; i < n; i++)
                cr_assert(!memcmp(&a[i], &b[i], sizeof a[i]), "hands %zu, policies %zu, "
                          "decision %d", h, q, i);
            for (int p = 0; p < 3; p++)
                cr_assert_eq(st.core.score[p], score[p]);
        }
}

Test(window, random_play_is_the_same_game_both_ways)
{
    set_deal(shield0, shield1, shield2);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtRng r1[MAXP], r2[MAXP];
        for (int p = 0; p < MAXP; p++) {
            rt_seed(&r1[p], seed * 7 + (uint64_t)p);
            r2[p] = r1[p];
        }
        rt_new(&shields, &st, seed, 3);
        while (st.core.over == RT_PLAYING)
            rt_apply(&shields, &st, rt_random_choice(r1, &st));
        State engine = st;
        rt_play_direct(&shields, &st, seed, 3, 0, NULL, r2);
        cr_assert_eq(st.core.decisions, engine.core.decisions, "seed %llu",
                     (unsigned long long)seed);
        cr_assert(!memcmp(st.zcard, engine.zcard, sizeof st.zcard), "seed %llu",
                  (unsigned long long)seed);
        cr_assert(!memcmp(r1, r2, sizeof r1), "the agents drew alike");
    }
}

Test(window, decide_always_stops_at_the_decision_bound)
{
    set_deal(rock3, rock4, rock5);
    Policy pol[MAXP] = {pass, pass, pass};
    Asked b[16];
    Chooser c = {pol, b, 0, 16};
    rt_play_direct(&shields, &st, 1, 3, 2, choose_direct, &c);
    cr_assert_eq(c.n, 2, "one option, yet asked");
    cr_assert_eq(st.core.over, RT_DRAW);
    cr_assert(rt_hit_bound(&st));
}

Test(window, decide_always_refuses_an_answer_out_of_range)
{
    set_deal(rock3, rock4, rock5);
    memset(&st, 0, sizeof st);
    game_setup(&st, 1, 3);
    win_open(&st, RT_WINDOW_REACT, EV_ATTACK, 0, 0);
    ask_seat(&st);
    Policy pol[MAXP] = {respond, respond, respond};
    Asked b[4];
    Chooser c = {pol, b, 0, 4};
    Direct d = {choose_direct, &c, NULL};
    st.core.max_decisions = 10;
    cr_assert(decide_always(&st, SITE_RAISE, &d));
    cr_assert_eq(st.core.decisions, 1);
    d.fn = NULL;
    RtRng r[MAXP] = {{{1, 2, 3, 4}}, {{1, 2, 3, 4}}, {{1, 2, 3, 4}}};
    d.ctx = r;
    cr_assert(decide_always(&st, SITE_RAISE, &d), "the random policy, one option");
    cr_assert_eq(st.core.decisions, 2);
    cr_assert_eq(st.core.dec.chosen, 0);
}

/* ---- the state's check ---- */

Test(window, check_finds_a_window_asking_another_seat)
{
    set_deal(rock3, rock4, rock5);
    rt_new(&shields, &st, 1, 3);
    char why[256] = "";
    cr_assert(game_check(&st, why, sizeof why), "%s", why);
    cr_assert(game_agree(&st));
    st.core.dec.player = 2;
    cr_assert_not(game_check(&st, why, sizeof why));
    cr_assert_not(game_agree(&st), "the one pass of rt_check_state finds it too");
    cr_assert(strstr(why, "window 1 asks player 0, the decision is player 2's"), "%s", why);
    st.core.dec.player = 0;
    st.win[0].nasked = 3;
    cr_assert_not(game_check(&st, why, sizeof why));
    cr_assert_not(game_agree(&st), "the one pass of rt_check_state finds it too");
    cr_assert(strstr(why, "window 1 is broken"), "%s", why);
}

/* ---- what the streams show ---- */

/* The whole output a stream playing seat `viewer` gets (JSON, or the
 * terminal's), each seat answering by pol[seat]; malloc'd. */
static char *stream_as(int viewer, bool json, Policy pol[], bool reveal_all)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_not_null(f);
    RtPlay *pl = calloc(1, sizeof *pl);
    cr_assert_not_null(pl);
    *pl = (RtPlay){.g = &shields, .prog = "test", .st = &st, .seed = 1, .nplayers = 3,
                   .json = json, .viewers = 1u << viewer, .in = stdin, .out = f,
                   .io_status = -1, .reveal_all = reveal_all};
    rt_set_observer(&shields, rt_observe, pl);
    rt_set_window_observer(&shields, rt_observe_window, pl);
    rt_new(&shields, &st, 1, 3);
    while (st.core.over == RT_PLAYING) {
        int p = st.core.dec.player;
        if (p == viewer && json)
            rt_json_decision(pl);
        else if (p == viewer)
            rt_print_question(pl);
        rt_apply(&shields, &st, pol[p](&st.core));
    }
    rt_print_end(pl, NULL);
    rt_set_observer(&shields, NULL, NULL);
    rt_set_window_observer(&shields, NULL, NULL);
    free(pl);
    fclose(f);
    return buf;
}

static char *stream(int viewer, bool json, Policy pol[])
{
    return stream_as(viewer, json, pol, false);
}

Test(window, a_third_seat_stream_is_the_same_whatever_the_other_hands_hold)
{
    Policy pol[MAXP] = {pass, pass, pass};
    /* two cards each (the sizes are public), Shields or Rocks */
    static const int s0r3[] = {0, 3, -1}, s1r4[] = {1, 4, -1}, r34[] = {3, 4, -1},
                     s01[] = {0, 1, -1}, s12[] = {1, 2, -1};
    const int *h0[] = {s0r3, r34, s01, r34}, *h1[] = {s1r4, s01, r34, s12};
    char *first = NULL;
    for (int v = 0; v < 4; v++) {
        set_deal(h0[v], h1[v], rock5);
        char *s = stream(2, true, pol);
        if (!first)
            first = s;
        else {
            cr_assert_str_eq(s, first, "hands %d:\n%s\n---\n%s", v, s, first);
            free(s);
        }
    }
    /* it asks seat 2 inside the window, then shows every answer */
    cr_assert(strstr(first, "\"window\":{\"id\":1,\"kind\":\"react\",\"event\":\"attack\","
                            "\"args\":[\"Rock\",0],\"by\":0,\"depth\":1,\"order\":[0,1,2]}}"),
              "%s", first);
    cr_assert(strstr(first, "{\"type\":\"responses\",\"window\":{\"id\":1,"), "%s", first);
    cr_assert(strstr(first, "\"responses\":[{\"player\":0,\"label\":\"Do not respond\","
                            "\"card\":null},{\"player\":1,"), "%s", first);
    free(first);
    /* and the test can fail: seat 0's own stream does differ */
    set_deal(s0r3, s1r4, rock5);
    char *a = stream(0, true, pol);
    set_deal(r34, s01, rock5);
    char *b = stream(0, true, pol);
    cr_assert_str_neq(a, b, "seat 0 is offered its Shield in one game only");
    free(a);
    free(b);
}

/* The text of s before its first line containing key (all of s if none). */
static size_t before_line(const char *s, const char *key)
{
    const char *k = strstr(s, key);
    if (!k)
        return strlen(s);
    while (k > s && k[-1] != '\n')
        k--;
    return (size_t)(k - s);
}

Test(window, no_answer_shows_before_every_seat_has_answered)
{
    set_deal(shield0, rock4, rock5);
    Policy passes[MAXP] = {pass, pass, pass}, blocks[MAXP] = {respond, pass, pass};
    for (int json = 1; json >= 0; json--) {
        char *a = stream(2, json, passes), *b = stream(2, json, blocks);
        const char *key = json ? "\"type\":\"responses\"" : "Responses before";
        const char *asked = json ? "\"type\":\"decision\"" : "Player 3: Respond?";
        size_t na = before_line(a, key), nb = before_line(b, key);
        cr_assert(na < strlen(a) && nb < strlen(b), "both show the answers: %s", b);
        cr_assert(before_line(a, asked) < na && before_line(b, asked) < nb,
                  "the answers show only after seat 2 (asked last) has answered:\n%s", b);
        cr_assert(na == nb && !memcmp(a, b, na),
                  "seat 2's stream differs before the window closed:\n%s\n---\n%s", a, b);
        cr_assert(strstr(b + nb, json ? "{\"player\":0,\"label\":\"Shield\",\"card\":\"Shield\"}"
                                      : "Player 1: Shield (Respond?); Player 2: Do not respond "
                                        "(Respond?)"),
                  "%s", b + nb);
        /* the terminal tells seat 2 the question is sealed */
        if (!json)
            cr_assert(strstr(a, "Player 3: Respond?\n  (before attack (Rock, Player 1), by "
                                "Player 1; every player who may respond is asked"), "%s", a);
        free(a);
        free(b);
    }
}

/* At the terminal each answer of a closed window is followed by the
 * question its seat was asked, each seat's own (a Shield's window asks
 * each seat how many Shields it holds), as the viewers may read it: a
 * value of the question of a seat the stream does not play is "...". */
Test(window, each_answer_is_shown_beside_its_own_question)
{
    set_deal(shield0, shield1, rock5);
    Policy pol[MAXP] = {respond, pass, pass};
    char *a = stream(2, false, pol), *all = stream_as(2, false, pol, true);
    cr_assert(strstr(a, "Responses before attack (Rock, Player 1), by Player 1: Player 1: Shield "
                        "(Respond?); Player 2: Do not respond (Respond?); Player 3: Do not "
                        "respond (Respond?)\n"),
              "%s", a);
    cr_assert(strstr(a, "Responses before shield (Shield, Player 1), by Player 1: "
                        "Player 1: Do not respond (Player 1, answer the Shield? (Shields in hand: "
                        "...)); Player 2: Do not respond (Player 2, answer the Shield? (Shields "
                        "in hand: ...)); Player 3: Do not respond (Player 3, answer the Shield? "
                        "(Shields in hand: 0))\n"),
              "seat 3 reads its own question whole, the others' without their values:\n%s", a);
    cr_assert(strstr(all, "Player 1: Do not respond (Player 1, answer the Shield? (Shields in "
                          "hand: 0)); Player 2: Do not respond (Player 2, answer the Shield? "
                          "(Shields in hand: 1)); Player 3: Do not respond (Player 3, answer "
                          "the Shield? (Shields in hand: 0))\n"),
              "--reveal-all: each seat's own question, whole:\n%s", all);
    free(a);
    free(all);
}

Test(window, a_game_without_windows_has_no_window)
{
    RtGame g = shields;
    g.window = NULL;
    set_deal(rock3, rock4, rock5);
    rt_new(&g, &st, 1, 3);
    cr_assert_null(rt_window_of(&g, &st));
    cr_assert_not_null(rt_window_of(&shields, &st));
}
