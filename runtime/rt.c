/* rt.c: the engine API of libcardrt: random numbers, new game, apply a
 * decision, zones and who may see them, option labels, the observers of
 * moves, windows and decisions taken without asking, the window asking.
 *
 * Nothing here allocates or prints; agents and the CLI (agents.c, cli.c)
 * sit on top of these functions. */
#include "rt.h"

#include <string.h>

RtObserver rt_observer_fn;
void *rt_observer_ctx;
const RtGame *rt_observed_game;
RtWindowObserver rt_window_fn;
void *rt_window_ctx;
const RtGame *rt_window_game;
RtShowObserver rt_show_fn;
void *rt_show_ctx;
const RtGame *rt_show_game;
RtOutObserver rt_out_fn;
void *rt_out_ctx;
const RtGame *rt_out_game;
RtTakenObserver rt_taken_fn;
void *rt_taken_ctx;
const RtGame *rt_taken_game;
_Thread_local RtLoneObserver rt_lone_fn;
_Thread_local void *rt_lone_ctx;

enum { RT_FALLBACK_MAX_DECISIONS = 1000000 };

/* ---- random numbers: splitmix64 to seed, xoshiro128** to draw ---- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void rt_seed(RtRng *r, uint64_t seed)
{
    uint64_t x = seed;
    uint64_t a = splitmix64(&x), b = splitmix64(&x);
    r->s[0] = (uint32_t)a;
    r->s[1] = (uint32_t)(a >> 32);
    r->s[2] = (uint32_t)b;
    r->s[3] = (uint32_t)(b >> 32);
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1;    /* the one state xoshiro cannot leave */
}

/* ---- engine ---- */

/* The runtime's own faults (below 0): no site, no detail. */
static void fault(RtCore *c, int code)
{
    c->over = RT_FAULT;
    c->fault = code;
    c->fault_site = 0;
    c->fault_arg = 0;
}

/* After the rule code ran: a game still playing must offer a decision
 * that an agent can take, or it is stuck; make that a fault, not a hang. */
static void settle(RtCore *c)
{
    if (c->over != RT_PLAYING)
        return;
    const RtDecision *d = &c->dec;
    if (d->noptions < 1 || d->noptions > RT_MAX_OPTIONS || d->player < 0
        || d->player >= c->nplayers)
        fault(c, RT_FAULT_BAD_DECISION);
}

/* Zeroes a state but for the options of the pending decision, which are
 * only read below noptions (a third of the state, and a game's cost). */
static void zero_state(const RtGame *g, void *st)
{
    size_t opt = offsetof(RtCore, dec.opt), end = opt + sizeof(((RtCore *)0)->dec.opt);
    memset(st, 0, opt);
    memset((char *)st + end, 0, g->state_size - end);
}

/* What rt_new and rt_play_direct share: a zeroed state (all of it, or all
 * but the options), the player count checked (a fault if it is out of
 * range) and the decision bound: max_decisions if positive, else the
 * game's. Returns false if the game cannot start. */
static bool start(const RtGame *g, void *st, int nplayers, int64_t max_decisions, bool all)
{
    RtCore *c = rt_core(st);
    if (all)
        memset(st, 0, g->state_size);
    else if (g->zero)
        g->zero(st);
    else
        zero_state(g, st);
    if (nplayers < g->min_players || nplayers > g->max_players
        || nplayers < 1 || nplayers > RT_MAX_PLAYERS) {
        c->nplayers = nplayers < 0 ? 0 : nplayers > RT_MAX_PLAYERS ? RT_MAX_PLAYERS : nplayers;
        fault(c, RT_FAULT_PLAYERS);
        return false;
    }
    c->max_decisions = max_decisions > 0 ? max_decisions
                       : g->default_max_decisions > 0 ? g->default_max_decisions
                                                      : RT_FALLBACK_MAX_DECISIONS;
    return true;
}

void rt_new(const RtGame *g, void *st, uint64_t seed, int nplayers)
{
    rt_new_bounded(g, st, seed, nplayers, 0);
}

void rt_new_bounded(const RtGame *g, void *st, uint64_t seed, int nplayers,
                    int64_t max_decisions)
{
    RtCore *c = rt_core(st);
    if (!start(g, st, nplayers, max_decisions, true))
        return;
    int64_t bound = c->max_decisions;
    g->init(st, seed, nplayers);
    if (c->max_decisions <= 0)
        c->max_decisions = bound;   /* init cleared the state itself */
    c->nplayers = nplayers;
    settle(c);
}

void rt_play_direct(const RtGame *g, void *st, uint64_t seed, int nplayers,
                    int64_t max_decisions, RtChooser fn, void *ctx)
{
    RtCore *c = rt_core(st);
    if (!fn && !g->play_direct)
        fn = rt_random_choice;
    if (!g->play_direct) {
        rt_new_bounded(g, st, seed, nplayers, max_decisions);
        while (c->over == RT_PLAYING && rt_apply(g, st, fn(ctx, st)))
            ;
        if (c->over == RT_PLAYING)
            fault(c, RT_FAULT_BAD_DECISION);
        return;
    }
    if (!start(g, st, nplayers, max_decisions, false))
        return;
    g->play_direct(st, seed, nplayers, fn, ctx);
    c->nplayers = nplayers;
}

bool rt_play_covered(const RtGame *g, void *st, uint64_t seed, int nplayers,
                     int64_t max_decisions, void *ctx, uint64_t *count)
{
    if (!g->play_covered)
        return false;
    if (start(g, st, nplayers, max_decisions, false)) {
        g->play_covered(st, seed, nplayers, ctx, count);
        rt_core(st)->nplayers = nplayers;
    }
    return true;
}

bool rt_apply(const RtGame *g, void *st, int i)
{
    RtCore *c = rt_core(st);
    if (c->over != RT_PLAYING || i < 0 || i >= c->dec.noptions)
        return false;
    c->dec.chosen = (int16_t)i;
    c->decisions++;
    if (c->decisions >= c->max_decisions) {
        c->over = RT_DRAW;
        memset(c->winner, 0, sizeof c->winner);
        return true;
    }
    g->resume(st);
    settle(c);
    return true;
}

void rt_clone(const RtGame *g, void *dst, const void *src)
{
    if (g->copy)
        g->copy(dst, src);
    else
        memcpy(dst, src, g->state_size);
}

bool rt_hit_bound(const void *st)
{
    const RtCore *c = st;
    return c->over == RT_DRAW && c->max_decisions > 0
        && c->decisions >= c->max_decisions;
}

const char *rt_end_reason(const RtGame *g, const void *st)
{
    const RtCore *c = st;
    switch (c->over) {
    case RT_DRAW:
        return rt_hit_bound(st) ? "decision bound reached"
                                : "the rules ended the game in a draw";
    case RT_FAULT:
        if (c->fault == RT_FAULT_BAD_DECISION)
            return "the rules offered a decision with no valid options";
        if (c->fault == RT_FAULT_PLAYERS)
            return "player count out of range";
        if (c->fault >= 0 && g->faults && g->faults[c->fault])
            return g->faults[c->fault];
        if (c->fault >= 0 && c->fault < RT_FAULT_NKINDS && !g->faults)
            return rt_fault_kinds[c->fault].text;
        return "unknown fault";
    default:
        return "";
    }
}

/* ---- where a fault happened ---- */

#define RT_FAULT_KIND_INFO(name, detail, text) {#name, text, RT_FD_##detail},
const RtFaultKindInfo rt_fault_kinds[RT_FAULT_NKINDS] = {RT_FAULT_KINDS(RT_FAULT_KIND_INFO)};
#undef RT_FAULT_KIND_INFO

const RtFaultSite *rt_fault_site(const RtGame *g, const void *st)
{
    const RtCore *c = st;
    if (c->over != RT_FAULT || c->fault < 0 || c->fault >= RT_FAULT_NKINDS)
        return NULL;
    if (!g->fault_sites || c->fault_site < 1 || c->fault_site > g->nfault_sites)
        return NULL;
    const RtFaultSite *site = &g->fault_sites[c->fault_site - 1];
    return site->file ? site : NULL;
}

/* The detail of a sited fault, as rt_fault_text ends with: " 'deck'",
 * " 'hand' of player 2" (players counted from 1, as the terminal counts
 * them), ": 7" (a value as the rules count), ": none"; "" for a kind
 * without detail or a slot out of range. */
static void fault_detail(const RtGame *g, const RtCore *c, char *buf, size_t n)
{
    int v = c->fault_arg;
    buf[0] = '\0';
    switch (rt_fault_kinds[c->fault].detail) {
    case RT_FD_SLOT: {
        if (v < 0 || v >= g->nslots)
            break;
        const RtZone *z = &g->zones[g->slot_zone[v]];
        char holder[512];
        if (z->per_player)
            snprintf(buf, n, " '%s' of player %d", z->name, g->slot_owner[v] + 1);
        else if (rt_slot_holder(g, v) >= 0)
            snprintf(buf, n, " '%s' under %s", z->name,
                     rt_holder_name(g, v, holder, sizeof holder));
        else
            snprintf(buf, n, " '%s'", z->name);
        break;
    }
    case RT_FD_CARD:
        snprintf(buf, n, ": %s", v >= 0 && v < g->ninstances ? g->card_name[v] : "none");
        break;
    case RT_FD_PLAYER:
        if (v == -1)
            snprintf(buf, n, ": none");
        else
            snprintf(buf, n, ": %d", v);
        break;
    case RT_FD_INDEX:
    case RT_FD_NUMBER:
        snprintf(buf, n, ": %d", v);
        break;
    case RT_FD_RANGE:
        snprintf(buf, n, ": %d..%d", v, (int)c->dec.word[0]);
        break;
    case RT_FD_INVARIANT:
        if (v >= 0 && v < g->ninvariants)
            snprintf(buf, n, ": \"%s\"", g->invariants[v]);
        break;
    default:
        break;
    }
}

const char *rt_fault_text(const RtGame *g, const void *st, char *buf, size_t n)
{
    const RtFaultSite *site = rt_fault_site(g, st);
    if (n == 0)
        return "";
    if (!site) {
        snprintf(buf, n, "%s", rt_end_reason(g, st));
        return buf;
    }
    char detail[4200]; /* an invariant's text: up to 1,000 characters (max_label) */
    fault_detail(g, st, detail, sizeof detail);
    snprintf(buf, n, "%s:%d: %s%s", site->file, (int)site->line, rt_end_reason(g, st), detail);
    return buf;
}

/* ---- zones ---- */

static const uint16_t *zsize(const RtGame *g, const void *st)
{
    return (const uint16_t *)((const char *)st + g->off_zsize);
}

static const uint16_t *zcard(const RtGame *g, const void *st, int slot)
{
    const uint16_t *base = (const uint16_t *)((const char *)st + g->off_zcard);
    return base + (size_t)slot * (size_t)g->ninstances;
}

int rt_zone_size(const RtGame *g, const void *st, int slot)
{
    if (slot < 0 || slot >= g->nslots)
        return 0;
    return zsize(g, st)[slot];
}

int rt_zone_card(const RtGame *g, const void *st, int slot, int pos)
{
    if (pos < 0 || pos >= rt_zone_size(g, st, slot))
        return -1;
    return zcard(g, st, slot)[pos];
}

int rt_zone_slot(const RtGame *g, int zone, int player)
{
    if (zone < 0 || zone >= g->nzones)
        return -1;
    const RtZone *z = &g->zones[zone];
    if (!z->per_player)
        return z->slot;
    if (player < 0 || player >= g->max_players)
        return -1;
    return z->slot + player;
}

bool rt_slot_used(const RtGame *g, const void *st, int slot)
{
    if (slot < 0 || slot >= g->nslots)
        return false;
    return g->slot_owner[slot] < ((const RtCore *)st)->nplayers;
}

/* Generated games keep where each card is (RtGame.off_slot_of); a game
 * without that table is searched. */
static const uint16_t *slot_of(const RtGame *g, const void *st)
{
    if (!g->off_slot_of)
        return NULL;
    return (const uint16_t *)((const char *)st + g->off_slot_of);
}

int rt_card_slot(const RtGame *g, const void *st, int c)
{
    if (c < 0 || c >= g->ninstances)
        return -1;
    if (slot_of(g, st))
        return slot_of(g, st)[c] < g->nslots ? slot_of(g, st)[c] : -1;
    for (int s = 0; s < g->nslots; s++) {
        const uint16_t *cards = zcard(g, st, s);
        int n = rt_zone_size(g, st, s);
        for (int i = 0; i < n; i++)
            if (cards[i] == c)
                return s;
    }
    return -1;
}

int rt_slot_holder(const RtGame *g, int slot)
{
    if (!g->slot_holder || slot < 0 || slot >= g->nslots)
        return -1;
    return g->slot_holder[slot];
}

/* The copies of a card are consecutive instances of one name. */
int rt_card_copy(const RtGame *g, int c, int *copies)
{
    int first = c, last = c;
    if (c < 0 || c >= g->ninstances) {
        *copies = 0;
        return 0;
    }
    while (first > 0 && !strcmp(g->card_name[first - 1], g->card_name[c]))
        first--;
    while (last + 1 < g->ninstances && !strcmp(g->card_name[last + 1], g->card_name[c]))
        last++;
    *copies = last - first + 1;
    return c - first + 1;
}

const char *rt_holder_name(const RtGame *g, int slot, char *buf, size_t n)
{
    int h = rt_slot_holder(g, slot), copies;
    int copy = rt_card_copy(g, h, &copies);
    if (h < 0)
        snprintf(buf, n, "?");
    else if (copies > 1)
        snprintf(buf, n, "%s #%d", g->card_name[h], copy);
    else
        snprintf(buf, n, "%s", g->card_name[h]);
    return buf;
}

bool rt_can_see(const RtGame *g, int slot, int p)
{
    if (slot < 0 || slot >= g->nslots)
        return false;
    if (p == -1)
        return true;
    switch (g->zones[g->slot_zone[slot]].vis) {
    case RT_VIS_PUBLIC:
        return true;
    case RT_VIS_OWNER:
        return g->slot_owner[slot] >= 0 && g->slot_owner[slot] == p;
    default:
        return false;
    }
}

int rt_slot_seat(const RtGame *g, const void *st, int slot)
{
    /* up the chain of holders (bounded: cards under each other end as none) */
    for (int n = 0; rt_slot_holder(g, slot) >= 0; n++)
        slot = n < g->ninstances ? rt_card_slot(g, st, g->slot_holder[slot]) : -1;
    return slot >= 0 && slot < g->nslots ? g->slot_owner[slot] : -1;
}

bool rt_sees(const RtGame *g, const void *st, int slot, int p)
{
    if (p >= 0 && rt_slot_holder(g, slot) >= 0 &&
        g->zones[g->slot_zone[slot]].vis == RT_VIS_OWNER)
        return rt_slot_seat(g, st, slot) == p;
    return rt_can_see(g, slot, p);
}

/* ---- invariants ---- */

/* Every card instance lies in exactly one place: no slot holds a card out
 * of range or one seen before, slot_of agrees, and the slots hold
 * ninstances cards in all (so, being distinct, every card). */
static bool check_zones(const RtGame *g, const void *st, char *why, size_t n)
{
    uint8_t seen[65536];                /* instance ids are uint16_t */
    const uint16_t *where = slot_of(g, st);
    int placed = 0;
    memset(seen, 0, (size_t)g->ninstances);
    for (int s = 0; s < g->nslots; s++) {
        int size = rt_zone_size(g, st, s);
        const uint16_t *cards = zcard(g, st, s);
        if (size > g->ninstances) {
            snprintf(why, n, "slot %d holds %d cards", s, size);
            return false;
        }
        for (int i = 0; i < size; i++) {
            int c = cards[i];
            if (c >= g->ninstances || seen[c]) {
                snprintf(why, n, "card %d (slot %d, position %d) is %s", c, s, i,
                         c < g->ninstances ? "in two places" : "out of range");
                return false;
            }
            seen[c] = 1;
            if (where && where[c] != s) {
                snprintf(why, n, "card %d is in slot %d but slot_of says %d", c, s, where[c]);
                return false;
            }
        }
        placed += size;
    }
    for (int c = 0; placed < g->ninstances && c < g->ninstances; c++)
        if (!seen[c]) {
            snprintf(why, n, "card %d (%s) is in no zone", c, g->card_name[c]);
            return false;
        }
    return true;
}

static bool check_option(const RtGame *g, const RtCore *c, int i, char *why, size_t n)
{
    const RtOption *o = &c->dec.opt[i];
    bool ok = true;
    switch (o->kind) {
    case RT_OPT_TEXT:
    case RT_OPT_WORDS:
        ok = o->a >= 0;
        break;
    case RT_OPT_CARD:
        ok = o->ids[0] < g->ninstances;
        break;
    case RT_OPT_TRIGGER:
        ok = o->ids[0] < g->ninstances && o->a >= 0;
        break;
    case RT_OPT_CARDS:
        ok = o->n >= 1 && o->n <= RT_MAX_PICK;
        for (int k = 0; ok && k < o->n; k++)
            ok = o->ids[k] < g->ninstances;
        break;
    case RT_OPT_PLAYER:
        ok = o->a >= 0 && o->a < c->nplayers;
        break;
    case RT_OPT_YES:
    case RT_OPT_NO:
        break;
    default:
        ok = false;
    }
    if (!ok)
        snprintf(why, n, "option %d (kind %d) is malformed", i, o->kind);
    return ok;
}

bool rt_check_state(const RtGame *g, const void *st, char *why, size_t n)
{
    const RtCore *c = st;
    /* the game's one pass, else the checks that name what disagrees */
    if (!(g->agree && g->agree(st))) {
        if (!check_zones(g, st, why, n))
            return false;
        if (g->check && !g->check(st, why, n))
            return false;
    }
    if (c->over != RT_PLAYING)
        return true;
    if (c->dec.noptions < 1 || c->dec.noptions > RT_MAX_OPTIONS
        || c->dec.player < 0 || c->dec.player >= c->nplayers
        || c->dec.nwords < 0 || c->dec.nwords > RT_MAX_WORDS) {
        snprintf(why, n, "bad decision: player %d, %d options", c->dec.player,
                 c->dec.noptions);
        return false;
    }
    for (int i = 0; i < c->dec.noptions; i++)
        if (!check_option(g, c, i, why, n))
            return false;
    return true;
}

/* ---- labels ---- */

static const char *card_name(const RtGame *g, int c)
{
    return c >= 0 && c < g->ninstances ? g->card_name[c] : "?";
}

/* Appends the k bytes of s to buf (size n, used *len), truncating safely: never inside
 * a UTF-8 character. (A game that cardc built never needs to truncate:
 * its labels fit the buffer the command line gives, RT_LABEL_MAX.) */
static void append_n(char *buf, size_t n, size_t *len, const char *s, size_t k)
{
    if (*len + 1 >= n)
        return;
    if (k > n - 1 - *len) {
        k = n - 1 - *len;
        while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
            k--;
    }
    memcpy(buf + *len, s, k);
    *len += k;
    buf[*len] = '\0';
}

static void append(char *buf, size_t n, size_t *len, const char *s)
{
    append_n(buf, n, len, s, strlen(s));
}

/* Does card c hold cards (a held zone lies under its type)? */
static bool holds_cards(const RtGame *g, int c)
{
    for (int i = 0; g->slot_holder && i < g->nslots; i++)
        if (g->slot_holder[i] == c)
            return true;
    return false;
}

int rt_play_copy(const RtGame *g, const void *st, int c)
{
    int copies, k = rt_card_copy(g, c, &copies);
    int slot = copies > 1 && g->slot_in_play ? rt_card_slot(g, st, c) : -1;
    return slot >= 0 && g->slot_in_play[slot] ? k : 0;
}

const char *rt_card_label(const RtGame *g, const void *st, int c, char *buf, size_t n)
{
    int k = rt_play_copy(g, st, c);
    if (k > 0)
        snprintf(buf, n, "%s #%d", card_name(g, c), k);
    else
        snprintf(buf, n, "%s", card_name(g, c));
    return buf;
}

/* A card option says which card it is where copies differ: a copy in
 * play, or of a card that holds cards, by its number ("Library #2"), a
 * card under a holder by its holder ("Nerd (under French Classroom)"). */
static void copy_label(const RtGame *g, const void *st, int c, char *buf, size_t n)
{
    char holder[1024];
    size_t len = strlen(buf);
    int slot = rt_card_slot(g, st, c), copies;
    int copy = rt_card_copy(g, c, &copies);
    if (copies > 1 && (rt_play_copy(g, st, c) > 0 || holds_cards(g, c))) {
        snprintf(holder, sizeof holder, " #%d", copy);
        append(buf, n, &len, holder);
    }
    if (rt_slot_holder(g, slot) >= 0) {
        append(buf, n, &len, " (under ");
        append(buf, n, &len, rt_holder_name(g, slot, holder, sizeof holder));
        append(buf, n, &len, ")");
    }
}

/* An option of several cards, or of a card's trigger, with the cards'
 * copy numbers in play (rt_card_label): "Nerd #2, Jock", "Banker #2: on
 * enters". */
static void cards_label(const RtGame *g, const void *st, const RtOption *o, char *buf,
                        size_t n)
{
    char name[1024];
    size_t len = 0;
    int m = o->kind == RT_OPT_TRIGGER ? 1 : o->n;
    for (int k = 0; k < m && k < RT_MAX_PICK; k++) {
        if (k)
            append(buf, n, &len, ", ");
        append(buf, n, &len, rt_card_label(g, st, o->ids[k], name, sizeof name));
    }
    if (o->kind == RT_OPT_TRIGGER) {
        append(buf, n, &len, ": ");
        append(buf, n, &len, o->a >= 0 && g->labels ? g->labels[o->a] : "?");
    }
}

/* A card option of a choice across players' zones says whose zone the
 * card is in: "Homework (Player 2)". */
static void owner_label(const RtOption *o, char *buf, size_t n, size_t *len)
{
    char whose[32];
    if (o->a <= 0)
        return;
    snprintf(whose, sizeof whose, " (Player %d)", o->a);
    append(buf, n, len, whose);
}

const char *rt_option_label(const RtGame *g, const void *st, int i, char *buf, size_t n)
{
    const RtCore *c = st;
    if (n == 0)
        return "";
    buf[0] = '\0';
    if (i < 0 || i >= c->dec.noptions || i >= RT_MAX_OPTIONS)
        return buf;
    const RtOption *o = &c->dec.opt[i];
    if (o->kind == RT_OPT_CARDS || o->kind == RT_OPT_TRIGGER) {
        cards_label(g, st, o, buf, n);
        return buf;
    }
    if (o->kind == RT_OPT_WORDS)
        return rt_words(g, st, o->a >= 0 && g->labels ? g->labels[o->a] : "?", o->words.value,
                        NULL, NULL, buf, n);
    if (o->kind != RT_OPT_CARD)
        return rt_option_text(g, o, buf, n);
    size_t len = 0;
    append(buf, n, &len, card_name(g, o->ids[0]));
    copy_label(g, st, o->ids[0], buf, n);
    len = strlen(buf);
    owner_label(o, buf, n, &len);
    return buf;
}

const char *rt_option_text(const RtGame *g, const RtOption *o, char *buf, size_t n)
{
    size_t len = 0;
    if (n == 0)
        return "";
    buf[0] = '\0';
    switch (o->kind) {
    case RT_OPT_TEXT:
        append(buf, n, &len, o->a >= 0 && g->labels ? g->labels[o->a] : "?");
        break;
    case RT_OPT_WORDS:
        rt_words(g, NULL, o->a >= 0 && g->labels ? g->labels[o->a] : "?", o->words.value, NULL,
                 NULL, buf, n);
        break;
    case RT_OPT_CARD:
        append(buf, n, &len, card_name(g, o->ids[0]));
        owner_label(o, buf, n, &len);
        break;
    case RT_OPT_CARDS:
        for (int k = 0; k < o->n && k < RT_MAX_PICK; k++) {
            if (k)
                append(buf, n, &len, ", ");
            append(buf, n, &len, card_name(g, o->ids[k]));
        }
        break;
    case RT_OPT_PLAYER:
        snprintf(buf, n, "Player %d", o->a + 1);
        break;
    case RT_OPT_TRIGGER:
        append(buf, n, &len, card_name(g, o->ids[0]));
        append(buf, n, &len, ": ");
        append(buf, n, &len, o->a >= 0 && g->labels ? g->labels[o->a] : "?");
        break;
    case RT_OPT_YES:
        append(buf, n, &len, "yes");
        break;
    case RT_OPT_NO:
        append(buf, n, &len, "no");
        break;
    default:
        append(buf, n, &len, "?");
    }
    return buf;
}

/* ---- words built from values ---- */

/* Card c as a word: its name, and " #K" where copies differ, as option
 * labels name it: a copy of a card that holds cards, and a copy in play
 * (rt_play_copy in st) whose number the seat may read (sees(ctx,
 * RT_WORDS_COPY(c))); "a card" if the seat may not see it, "none" for no
 * card. */
static void card_word(const RtGame *g, const void *st, int c, RtSees sees, void *ctx, char *buf,
                      size_t n, size_t *len)
{
    char copy[32];
    if (c < 0 || c >= g->ninstances) {
        append(buf, n, len, "none");
        return;
    }
    if (sees && !sees(ctx, c)) {
        append(buf, n, len, "a card");
        return;
    }
    append(buf, n, len, g->card_name[c]);
    int copies, k = rt_card_copy(g, c, &copies);
    bool in_play = st && rt_play_copy(g, st, c) > 0 && (!sees || sees(ctx, RT_WORDS_COPY(c)));
    if (copies > 1 && (holds_cards(g, c) || in_play)) {
        snprintf(copy, sizeof copy, " #%d", k);
        append(buf, n, len, copy);
    }
}

/* Value v as a word of kind k (a letter of a template's `{kK}`). */
static void one_word(const RtGame *g, const void *st, char k, int32_t v, RtSees sees, void *ctx,
                     char *buf, size_t n, size_t *len)
{
    char num[32];
    if (k != 'p' && k != 'c' && sees && !sees(ctx, RT_WORDS_VALUES)) {
        append(buf, n, len, "...");
        return;
    }
    switch (k) {
    case 'p':
        if (v >= 0)
            snprintf(num, sizeof num, "Player %d", (int)v + 1);
        append(buf, n, len, v >= 0 ? num : "none");
        break;
    case 'c':
        card_word(g, st, (int)v, sees, ctx, buf, n, len);
        break;
    case 'n':
        snprintf(num, sizeof num, "%d", (int)v);
        append(buf, n, len, num);
        break;
    case 'b':
        append(buf, n, len, v ? "yes" : "no");
        break;
    case 'w':
        append(buf, n, len, v >= 0 && v < g->nwords ? g->words[v] : "none");
        break;
    default:
        append(buf, n, len, "?");
    }
}

const char *rt_words(const RtGame *g, const void *st, const char *tmpl, const int32_t *value,
                     RtSees sees, void *ctx, char *buf, size_t n)
{
    size_t len = 0;
    if (n == 0)
        return "";
    buf[0] = '\0';
    for (const char *t = tmpl; *t;) {
        size_t run = strcspn(t, "{}");
        append_n(buf, n, &len, t, run);
        t += run;
        if (!*t)
            break;
        if (t[1] == *t) {                       /* {{ or }} */
            append_n(buf, n, &len, t, 1);
            t += 2;
        } else if (*t == '{' && t[1] && t[2] >= '0' && t[2] < '0' + RT_MAX_WORDS && t[3] == '}') {
            one_word(g, st, t[1], value[t[2] - '0'], sees, ctx, buf, n, &len);
            t += 4;
        } else {                                /* not made by cardc */
            append_n(buf, n, &len, t, 1);
            t++;
        }
    }
    return buf;
}

const char *rt_prompt_text(const RtGame *g, const void *st, RtSees sees, void *ctx, char *buf,
                           size_t n)
{
    const RtDecision *d = &((const RtCore *)st)->dec;
    const char *p = d->prompt >= 0 && g->prompts ? g->prompts[d->prompt] : "Choose";
    if (d->nwords <= 0)
        return p;
    return rt_words(g, st, p, d->word, sees, ctx, buf, n);
}

/* ---- observers ---- */

void rt_set_observer(const RtGame *g, RtObserver fn, void *ctx)
{
    rt_observer_fn = fn;
    rt_observer_ctx = ctx;
    rt_observed_game = g;
}

void rt_set_window_observer(const RtGame *g, RtWindowObserver fn, void *ctx)
{
    rt_window_fn = fn;
    rt_window_ctx = ctx;
    rt_window_game = g;
}

void rt_set_show_observer(const RtGame *g, RtShowObserver fn, void *ctx)
{
    rt_show_fn = fn;
    rt_show_ctx = ctx;
    rt_show_game = g;
}

void rt_set_out_observer(const RtGame *g, RtOutObserver fn, void *ctx)
{
    rt_out_fn = fn;
    rt_out_ctx = ctx;
    rt_out_game = g;
}

/* Is card c the top card of a `top public` slot? */
static bool public_top(const RtGame *g, const void *st, int c)
{
    int slot = rt_card_slot(g, st, c), n;
    return slot >= 0 && g->slot_top_public && g->slot_top_public[slot] &&
           (n = rt_zone_size(g, st, slot)) > 0 && rt_zone_card(g, st, slot, n - 1) == c;
}

unsigned rt_card_seen(const RtGame *g, const void *st, int c)
{
    if (!g->off_seen || c < 0 || c >= g->ninstances)
        return 0;
    if (public_top(g, st, c))
        return (1u << RT_MAX_PLAYERS) - 1;
    return ((const uint8_t *)st + g->off_seen)[c];
}

void rt_set_taken_observer(const RtGame *g, RtTakenObserver fn, void *ctx)
{
    rt_taken_fn = fn;
    rt_taken_ctx = ctx;
    rt_taken_game = g;
}

/* ---- windows ---- */

const RtWindow *rt_window_of(const RtGame *g, const void *st)
{
    const RtCore *c = st;
    if (!g->window || c->over != RT_PLAYING)
        return NULL;
    return g->window(st);
}
