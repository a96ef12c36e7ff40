/* high_card.c: the rules of "high card" (see high_card.h), written as
 * cardc's code generator writes a game: a table, a flat state, and rule
 * code that stops at each decision and resumes at a stored point. */
#include "high_card.h"

#include <stddef.h>
#include <string.h>

enum { PC_TURN, PC_DRAW_OR_PASS, PC_BANK };

static const char *const card_name[HC_CARDS] = {
    "Red 1", "Red 2", "Red 3", "Red 4", "Red 5",
    "Red 6", "Red 7", "Red 8", "Red 9", "Red 10",
    "Blue 1", "Blue 2", "Blue 3", "Blue 4", "Blue 5",
    "Blue 6", "Blue 7", "Blue 8", "Blue 9", "Blue 10",
};

/* zone: name, per_player, ordered, visibility, first slot */
static const RtZone zones[] = {
    {"deck", 0, 1, RT_VIS_HIDDEN, HC_DECK},
    {"table", 0, 1, RT_VIS_PUBLIC, HC_TABLE},
    {"hand", 1, 0, RT_VIS_OWNER, HC_HAND},
    {"pile", 1, 1, RT_VIS_HIDDEN, HC_PILE},
};

/* slot i: its zone and its owner (-1: shared) */
static const int16_t slot_zone[HC_NSLOTS] = {0, 1, 2, 2, 2, 2, 3, 3, 3, 3};
static const int8_t slot_owner[HC_NSLOTS] = {-1, -1, 0, 1, 2, 3, 0, 1, 2, 3};

static const char *const prompts[] = {"Draw a card or pass?", "Bank which card?"};
static const char *const labels[] = {"draw", "pass"};
/* faults[k]: the texts of RT_FAULT_KINDS, then the game's own */
#define HC_FAULT_TEXT(name, detail, text) text,
static const char *const faults[] = {RT_FAULT_KINDS(HC_FAULT_TEXT) "bad resume point"};
#undef HC_FAULT_TEXT

/* sites[i - 1]: where site i is in high-card.rules (the draw, the pass) */
static const RtFaultSite sites[HC_NSITES] = {{"high-card.rules", 12}, {"high-card.rules", 17}};

static int value(int c)
{
    return c % 10 + 1;
}

static void move(HcState *s, int from, int pos, int to)
{
    int c = s->zcard[from][pos];
    int rest = s->zsize[from] - pos - 1;
    memmove(&s->zcard[from][pos], &s->zcard[from][pos + 1], (size_t)rest * sizeof(uint16_t));
    s->zsize[from]--;
    s->zcard[to][s->zsize[to]++] = (uint16_t)c;
    s->slot_of[c] = (uint16_t)to;
    rt_moved(s, c, from, to);
}

static void shuffle(HcState *s, int slot)
{
    for (int i = s->zsize[slot] - 1; i > 0; i--) {
        int j = (int)rt_below(&s->core.rng, (uint32_t)i + 1);
        uint16_t t = s->zcard[slot][i];
        s->zcard[slot][i] = s->zcard[slot][j];
        s->zcard[slot][j] = t;
    }
}

static void ask(HcState *s, int prompt)
{
    RtDecision *d = &s->core.dec;
    d->player = (int16_t)s->p;
    d->prompt = (int16_t)prompt;
    d->noptions = 0;
    d->chosen = -1;
}

static void offer_text(HcState *s, int label)
{
    RtOption *o = &s->core.dec.opt[s->core.dec.noptions++];
    memset(o, 0, sizeof *o);
    o->kind = RT_OPT_TEXT;
    o->a = (int16_t)label;
}

static void offer_card(HcState *s, int c)
{
    RtOption *o = &s->core.dec.opt[s->core.dec.noptions++];
    memset(o, 0, sizeof *o);
    o->kind = RT_OPT_CARD;
    o->ids[0] = (uint16_t)c;
}

/* The end: score the piles, then the highest win, or all equal: a draw. */
static void finish(HcState *s)
{
    int n = s->core.nplayers, best = -1, low = 1 << 30;
    for (int p = 0; p < n; p++) {
        int sum = 0;
        for (int i = 0; i < s->zsize[HC_PILE + p]; i++)
            sum += value(s->zcard[HC_PILE + p][i]);
        s->core.score[p] = sum;
        best = sum > best ? sum : best;
        low = sum < low ? sum : low;
    }
    for (int p = 0; p < n; p++)
        s->core.winner[p] = best != low && s->core.score[p] == best;
    s->core.over = best == low ? RT_DRAW : RT_ENDED;
}

static void next_player(HcState *s)
{
    s->p = (s->p + 1) % s->core.nplayers;
    s->pc = PC_TURN;
}

/* rule "turn": returns true when it stopped for a decision or the end */
static bool turn(HcState *s)
{
    if (s->zsize[HC_DECK] == 0 || s->passes >= s->core.nplayers) {
        finish(s);
        return true;
    }
    s->core.turns++;
    ask(s, HC_PROMPT_DRAW);
    offer_text(s, HC_LABEL_DRAW);
    offer_text(s, HC_LABEL_PASS);
    s->pc = PC_DRAW_OR_PASS;
    return true;
}

/* rule "draw or pass", after the choice */
static bool draw_or_pass(HcState *s)
{
    int hand = HC_HAND + s->p;
    const RtOption *o = &s->core.dec.opt[s->core.dec.chosen];
    if (o->a == HC_LABEL_PASS) {
        s->passes++;
        if (s->zsize[hand] > 0)
            move(s, hand, 0, HC_TABLE);
        else if (s->strict) {
            rt_fault(&s->core, RT_F_EMPTY_TOP, HC_SITE_PASS, hand);
            return true;
        }
        next_player(s);
        return false;
    }
    s->passes = 0;
    if (s->zsize[HC_DECK] == 0) {       /* only if cards were moved by hand */
        rt_fault(&s->core, RT_F_EMPTY_TOP, HC_SITE_DRAW, HC_DECK);
        return true;
    }
    move(s, HC_DECK, s->zsize[HC_DECK] - 1, hand);
    if (s->zsize[hand] < 2) {
        next_player(s);
        return false;
    }
    ask(s, HC_PROMPT_BANK);
    for (int i = 0; i < s->zsize[hand]; i++)
        offer_card(s, s->zcard[hand][i]);
    s->pc = PC_BANK;
    return true;
}

/* rule "bank", after the choice */
static bool bank(HcState *s)
{
    int hand = HC_HAND + s->p;
    int c = s->core.dec.opt[s->core.dec.chosen].ids[0];
    for (int i = 0; i < s->zsize[hand]; i++)
        if (s->zcard[hand][i] == c) {
            move(s, hand, i, HC_PILE + s->p);
            break;
        }
    next_player(s);
    return false;
}

static void run(HcState *s)
{
    bool stop = false;
    while (!stop) {
        switch (s->pc) {
        case PC_TURN: stop = turn(s); break;
        case PC_DRAW_OR_PASS: stop = draw_or_pass(s); break;
        case PC_BANK: stop = bank(s); break;
        default:
            s->core.over = RT_FAULT;
            s->core.fault = HC_FAULT_RESUME;
            stop = true;
        }
    }
}

/* Deals and runs to the first decision; strict: the strict variant. */
static void start(HcState *s, uint64_t seed, int nplayers, bool strict)
{
    memset(s, 0, sizeof *s);
    rt_seed(&s->core.rng, seed);
    s->core.nplayers = nplayers;
    s->strict = strict;
    for (int c = 0; c < HC_CARDS; c++)
        s->zcard[HC_DECK][s->zsize[HC_DECK]++] = (uint16_t)c;  /* slot_of: 0 */
    shuffle(s, HC_DECK);
    for (int p = 0; p < nplayers; p++)
        move(s, HC_DECK, s->zsize[HC_DECK] - 1, HC_HAND + p);
    s->pc = PC_TURN;
    run(s);
}

static void hc_init(void *st, uint64_t seed, int nplayers)
{
    start(st, seed, nplayers, false);
}

static void hc_strict_init(void *st, uint64_t seed, int nplayers)
{
    start(st, seed, nplayers, true);
}

static void hc_resume(void *st)
{
    run(st);
}

/* The table of both variants: NAME and INIT differ. */
#define HC_GAME(NAME, INIT)                                     \
    {                                                           \
        .name = NAME,                                           \
        .min_players = 2,                                       \
        .max_players = HC_MAX_PLAYERS,                          \
        .ninstances = HC_CARDS,                                 \
        .card_name = card_name,                                 \
        .nzones = 4,                                            \
        .nslots = HC_NSLOTS,                                    \
        .zones = zones,                                         \
        .slot_zone = slot_zone,                                 \
        .slot_owner = slot_owner,                               \
        .prompts = prompts,                                     \
        .labels = labels,                                       \
        .faults = faults,                                       \
        .state_size = sizeof(HcState),                          \
        .off_zsize = offsetof(HcState, zsize),                  \
        .off_zcard = offsetof(HcState, zcard),                  \
        .off_slot_of = offsetof(HcState, slot_of),              \
        .default_max_decisions = 500,                           \
        .init = INIT,                                           \
        .resume = hc_resume,                                    \
        .fault_sites = sites,                                   \
        .nfault_sites = HC_NSITES,                              \
    }

const RtGame hc_game = HC_GAME("high-card", hc_init);
const RtGame hc_strict_game = HC_GAME("high-card-strict", hc_strict_init);
