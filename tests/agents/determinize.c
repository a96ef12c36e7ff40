/* determinize.c: the agents' determinization (runtime/determinize.c)
 * never changes what the seat it is for may see, and does deal cards
 * again.
 *
 * Linked with a game's C (-DCARDC_NO_MAIN) and libcardrt:
 *
 *     determinize-GAME [--games N] [--players A..B] [--seed S] [--play-on yes|no]
 *
 * Game i is played with seed S + i by A + i mod (B - A + 1) players, every
 * seat random; at every decision, for the seat deciding:
 *   - its protocol decision line (the line `play --protocol json` writes
 *     for that seat: its options, its view of every zone, the numbers,
 *     the event in progress, the window) is written from the state, then
 *     from a determinized copy: the two must be the same;
 *   - the copy passes rt_check_state (every card in one place, the
 *     derived tables agree);
 *   - every card the seat followed into a slot it does not see (rt_ai_known)
 *     is still in that slot;
 *   - among the places of the cards the seat does not know, each slot
 *     holds as many cards of each origin (rt_ai_origin: the slot the seat
 *     last lost track of it in) in the copy as in the state, so a deal
 *     never puts a card where the moves the seat saw could not have sent
 *     it (a hand dealt a gem from a face-down pile of gems holds a gem;
 *     Gem Pile Lab's seats are asked to name one);
 *   - a card answered in a window, named to every seat when the window
 *     closed, and left where it lay, is known there to every seat (so no
 *     deal moves it), the last seat's answer too (rt_ai_taken), even one
 *     taken without asking (a single option: rt_ai_apply);
 *   - the copy, given the answer the game takes, plays on to the next
 *     decision without a fault where the game does not (a card a rule
 *     holds in a local while the seat decides, dealt like any other, is
 *     replaced in the local by the card dealt where it lay:
 *     RtGame.repoint_locals; Held Local Lab's invariant breaks when it is
 *     not; a per-card value given while the seat did not know the card
 *     stays with its place: LAST MINUTE!'s `placed_by`), unless --play-on no;
 *   - every record of what a public choice's answer told that the agent
 *     keeps (rt_ai_told) holds in the state (RtGame.told_holds: the `when`
 *     of the option announced), and the deal keeps each; and the records
 *     the test keeps itself, every answer RtGame.told_note gives
 *     RT_TOLD_OWN (RT_TOLD_MAX of them, the newest) while the cards of
 *     the slots its decider saw and another seat did not are those it
 *     saw then (other cards moved meanwhile), are kept by the deal too;
 *   - the deal reads nothing the seat has not seen besides cards: a copy of
 *     the state whose sealed answers (of the window or the simultaneous
 *     choice asking the seat, given by the seats asked before it) and other seats' `owner` variables are
 *     changed, dealt from the same generator, deals the same cards, the
 *     same answers and the same variables;
 * and over all the decisions, the copies must differ from the states
 * (some card dealt elsewhere) in at least one decision in 10 where the
 * seat has a card it does not know, and where a frame holds a card the
 * seat does not know in a card local in 20 decisions or more, the deal's
 * local must hold another card in some (held_dealt). Prints the figures and
 * `determinize: N passed, M failed` (one check a game, and the count). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#endif
#include "ai.h"
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

extern const RtGame game;

typedef struct Run {
    RtPlay pl;              /* the views, of one seat at a time */
    void *det;              /* the determinized copy */
    void *alt;              /* a copy whose secrets were changed */
    void *alt_dealt;        /* ... then dealt */
    int *scratch;
    int *tally;             /* per slot: origins_kept's counts */
    char *line[2];          /* the decision line of the state, of the copy */
    size_t len[2];
    long long decisions, unknown, dealt, failures;
    long long hidden, stayed;   /* cards the seat did not know; of them, left in place */
    RtWindow win;           /* the window asking before the last move (open 0: none) */
    int win_slot[RT_MAX_PLAYERS]; /* the slot of each card it held as an answer, -1 */
    long long named;        /* cards answered, shown when a window closed, left in place */
    long long secret;       /* decisions where the seat had not seen an answer
                             * or a variable (scramble_secrets) */
    bool truth;             /* the true game is being played on (not a copy) */
    bool play_on;           /* check that each deal plays on (--play-on) */
    long long lone;         /* answers to a window taken without asking */
    long long told;         /* decisions dealt while a public choice's
                             * answer told something (rt_ai_told) */
    long long held, held_dealt; /* decisions where a card local holds a card
                             * the seat does not know; of them, the deal's
                             * holds another */
    int *probe;             /* probe[c] = ninstances + c (held_dealt) */
    long long told_moved;   /* ... one told before a card moved elsewhere */
    long long told_many;    /* ... two or more records at once */
    int nown;               /* the test's own records (own_told) */
    int32_t *own_rec;       /* RT_TOLD_MAX + 1 records of told_ints ints */
    int own_seat[RT_TOLD_MAX + 1];         /* who decided each */
    uint64_t own_cards[RT_TOLD_MAX + 1];   /* the cards of its slots (own_hash) */
    uint64_t own_zones[RT_TOLD_MAX + 1];   /* every slot's cards (zones_hash) */
} Run;

/* The protocol decision line of seat p from state st into r->line[k]. */
static void decision_line(Run *r, void *st, int p, int k)
{
    free(r->line[k]);
    r->line[k] = NULL;
    FILE *f = open_memstream(&r->line[k], &r->len[k]);
    r->pl.st = st;
    r->pl.out = f;
    r->pl.viewers = 1u << p;
    rt_json_decision(&r->pl);
    fclose(f);
}

/* Does some slot hold other cards, or in another order, in a than in b
 * (the cards within each slot's size: a copy skips the room past it)? */
static bool zones_differ(const void *a, const void *b)
{
    for (int s = 0; s < game.nslots; s++)
        for (int i = 0; i < rt_zone_size(&game, a, s); i++)
            if (rt_zone_card(&game, a, s, i) != rt_zone_card(&game, b, s, i))
                return true;
    return false;
}

/* ---- what public choices told, followed by the test itself ---- */

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 31;
    h *= 0x9E3779B97F4A7C15u;
    return h ^ (h >> 29);
}

/* A hash of the cards of slot s, in whatever order, and of s. */
static uint64_t slot_hash(const void *st, int s)
{
    uint64_t h = mix64((uint64_t)s + 1);
    for (int i = 0; i < rt_zone_size(&game, st, s); i++)
        h += mix64(((uint64_t)s << 32) + (uint64_t)rt_zone_card(&game, st, s, i) + 7);
    return h;
}

/* The cards of the slots seat d sees and some other seat does not. */
static uint64_t own_hash(const void *st, int d, int players)
{
    uint64_t h = 0;
    for (int s = 0; s < game.nslots; s++) {
        bool hidden = false;
        for (int q = 0; q < players; q++)
            hidden |= q != d && !rt_sees(&game, st, s, q);
        if (hidden && rt_sees(&game, st, s, d))
            h += slot_hash(st, s);
    }
    return h;
}

/* The cards of every slot. */
static uint64_t zones_hash(const void *st)
{
    uint64_t h = 0;
    for (int s = 0; s < game.nslots; s++)
        h += slot_hash(st, s);
    return h;
}

/* The test's record k dropped, the later ones moved down. */
static void own_drop(Run *r, int k)
{
    size_t ints = (size_t)game.told_ints;
    int later = --r->nown - k;
    memmove(r->own_rec + (size_t)k * ints, r->own_rec + (size_t)(k + 1) * ints,
            (size_t)later * ints * sizeof *r->own_rec);
    memmove(r->own_seat + k, r->own_seat + k + 1, (size_t)later * sizeof *r->own_seat);
    memmove(r->own_cards + k, r->own_cards + k + 1, (size_t)later * sizeof *r->own_cards);
    memmove(r->own_zones + k, r->own_zones + k + 1, (size_t)later * sizeof *r->own_zones);
}

/* Option i of the true game's pending decision is about to be taken:
 * what it tells for as long as its decider's own slots keep their cards
 * (RT_TOLD_OWN) is kept, the newest RT_TOLD_MAX. */
static void own_told(Run *r, const void *st, int i)
{
    size_t ints = (size_t)game.told_ints;
    int n = r->nown, d = ((const RtCore *)st)->dec.player;
    if (!game.told_note || game.told_note(st, i, r->own_rec + (size_t)n * ints) != RT_TOLD_OWN)
        return;
    r->own_seat[n] = d;
    r->own_cards[n] = own_hash(st, d, r->pl.nplayers);
    r->own_zones[n] = zones_hash(st);
    if (++r->nown > RT_TOLD_MAX)
        own_drop(r, 0);
}

/* Every record of the test's whose slots kept their cards at every
 * decision since it was told holds in the deal det for seat p (the others
 * are dropped); counts the deals that keep one another seat told before
 * a card moved elsewhere. */
static bool own_kept(Run *r, const void *st, void *det, int p)
{
    bool ok = true, moved = false;
    for (int k = r->nown - 1; k >= 0; k--) {
        if (own_hash(st, r->own_seat[k], r->pl.nplayers) != r->own_cards[k]) {
            own_drop(r, k);
            continue;
        }
        moved |= r->own_seat[k] != p && zones_hash(st) != r->own_zones[k];
        rt_clone(&game, r->alt, det);
        ok &= game.told_holds(r->alt, r->own_rec + (size_t)k * (size_t)game.told_ints);
    }
    r->told_moved += moved;
    return ok;
}

/* Does every record the agent keeps hold in st (a copy made first)? */
static bool told_hold(Run *r, const void *st, const RtTold *told)
{
    for (int k = 0; told && k < told->n; k++) {
        rt_clone(&game, r->alt, st);
        if (!game.told_holds(r->alt, told->rec + (size_t)k * (size_t)game.told_ints))
            return false;
    }
    return true;
}

/* Counts the cards p does not know in st, and those of them the deal left
 * where they truly are (a well mixed deal leaves few). */
static void count_stayed(Run *r, const void *st, const void *det, int p, const uint8_t *known)
{
    for (int s = 0; s < game.nslots; s++) {
        if (rt_sees(&game, st, s, p) || !rt_slot_used(&game, st, s))
            continue;
        for (int i = 0; i < rt_zone_size(&game, st, s); i++) {
            int c = rt_zone_card(&game, st, s, i);
            if (((known[c] >> p) & 1) || ((rt_card_seen(&game, st, c) >> p) & 1))
                continue;
            r->hidden++;
            r->stayed += rt_zone_card(&game, det, s, i) == c;
        }
    }
}

/* Does seat p not know card c (one the determinization may move)? */
static bool card_unknown(const void *st, int p, const uint8_t *known, int c)
{
    int s = rt_card_slot(&game, st, c);
    return s >= 0 && !rt_sees(&game, st, s, p) && !((known[c] >> p) & 1) &&
           !((rt_card_seen(&game, st, c) >> p) & 1);
}

/* Does seat p not know some card? */
static bool has_unknown(const void *st, int p, const uint8_t *known)
{
    for (int c = 0; c < game.ninstances; c++)
        if (card_unknown(st, p, known, c))
            return true;
    return false;
}

/* Every card seat p followed is where it was; else *card is one that is not. */
static bool known_kept(const void *st, const void *det, int p, const uint8_t *known, int *card)
{
    for (int c = 0; c < game.ninstances; c++)
        if (((known[c] >> p) & 1) && rt_card_slot(&game, st, c) != rt_card_slot(&game, det, c)) {
            *card = c;
            return false;
        }
    return true;
}

/* Each slot holds in det as many cards p does not know of each origin
 * (origin[c]: the slot p last lost track of c in) as in st (within a
 * slot the places are dealt again, the followed cards' too); else *slot
 * is one that does not, *card a card of an origin it holds in det more
 * often. tally: room for game.nslots ints. */
static bool origins_kept(const void *st, const void *det, int p, const uint8_t *known,
                         const int32_t *origin, int *tally, int *slot, int *card)
{
    for (int s = 0; s < game.nslots; s++) {
        int n = rt_slot_used(&game, st, s) ? rt_zone_size(&game, st, s) : 0;
        memset(tally, 0, (size_t)game.nslots * sizeof *tally);
        for (int i = 0; i < n; i++) {
            int c = rt_zone_card(&game, st, s, i), d = rt_zone_card(&game, det, s, i);
            tally[origin[c]] += card_unknown(st, p, known, c);
            tally[origin[d]] -= card_unknown(st, p, known, d);
        }
        for (int i = 0; i < n; i++) {
            int d = rt_zone_card(&game, det, s, i);
            if (card_unknown(st, p, known, d) && tally[origin[d]] < 0) {
                *slot = s;
                *card = d;
                return false;
            }
        }
    }
    return true;
}

/* Is some card seat p does not know the only one of its origin while
 * the slot its origin names holds a card p does not know? p cannot tell
 * it from that card (a card followed into a deck and lost there is any
 * card of the deck), yet no deal would move it: *card is such a card. */
static bool origins_shared(const void *st, int p, const uint8_t *known, const int32_t *origin,
                           int *tally, int *card)
{
    memset(tally, 0, (size_t)game.nslots * sizeof *tally);
    for (int c = 0; c < game.ninstances; c++)
        tally[origin[c]] += card_unknown(st, p, known, c);
    for (int c = 0; c < game.ninstances; c++)
        if (card_unknown(st, p, known, c) && tally[origin[c]] == 1)
            for (int d = 0; d < game.ninstances; d++)
                if (d != c && rt_card_slot(&game, st, d) == origin[c] &&
                    card_unknown(st, p, known, d)) {
                    *card = c;
                    return false;
                }
    return true;
}

/* ---- what the seat has not seen besides cards ---- */

/* The window asking seat p now after others answered (sealed), or NULL:
 * a reaction window or a simultaneous choice. */
static RtWindow *sealed_window(void *st, int p)
{
    RtWindow *w = (RtWindow *)rt_window_of(&game, st);
    return w && w->open && w->nasked > 0 && w->nasked < w->nseats && w->order[w->nasked] == p
               ? w
               : NULL;
}

/* The rules' variable behind shown number i (NULL: a func's value). */
static const RtVar *number_var(int i)
{
    for (const RtVar *v = game.vars; !game.numbers[i].func && v && v->name; v++)
        if (!strcmp(v->name, game.numbers[i].name))
            return v;
    return NULL;
}

/* The secret hidden variables (RtGame.var_secret) a deal for seat p
 * forgets in st: fn(offset of an int32_t, the variable, ctx) for every
 * seat's value of those not per card, and for the value of each card p
 * does not know of those per card; false as soon as fn is. */
typedef bool SecretFn(size_t off, const char *name, void *ctx);

static bool each_secret_var(const void *st, int p, const uint8_t *known, int players,
                            SecretFn *fn, void *ctx)
{
    for (int i = 0; game.var_secret && game.vars[i].name; i++) {
        const RtVar *v = &game.vars[i];
        int n = v->per_player == RT_VAR_PER_CARD ? game.ninstances
                : v->per_player ? players : 1;
        for (int k = 0; game.var_secret[i] && k < n; k++)
            if ((v->per_player != RT_VAR_PER_CARD || card_unknown(st, p, known, k)) &&
                !fn(v->offset + (size_t)k * sizeof(int32_t), v->name, ctx))
                return false;
    }
    return true;
}

/* Changes the variable at off in the state ctx[0]; counts it in ctx[1]. */
static bool scramble_var(size_t off, const char *name, void *ctx)
{
    void **d = ctx;
    (void)name;
    *(int32_t *)((char *)d[0] + off) ^= 0x5A5A;
    ++*(long *)d[1];
    return true;
}

/* Both deals (ctx[0], ctx[1]) give the variable at off one value; else
 * ctx[2] names it. */
static bool same_var(size_t off, const char *name, void *ctx)
{
    void **d = ctx;
    if (*(int32_t *)((char *)d[0] + off) == *(int32_t *)((char *)d[1] + off))
        return true;
    d[2] = (void *)name;
    return false;
}

/* Changes in st what seat p has not seen besides cards: the sealed
 * answers of the window asking p, the other seats' `owner` variables,
 * the secret hidden variables (every one the deal forgets).
 * False when there is none. */
static bool scramble_secrets(void *st, int p, const uint8_t *known, int players)
{
    bool any = false;
    RtWindow *w = sealed_window(st, p);
    for (int i = 0; w && i < w->nasked; i++) {
        memset(&w->answer[i], 0xA5, sizeof w->answer[i]);
        memset(&w->asked[i], 0xA5, sizeof w->asked[i]);
        any = true;
    }
    for (int i = 0; i < game.nnumbers; i++) {
        const RtVar *v = number_var(i);
        if (!v || game.numbers[i].vis != RT_VIS_OWNER || v->per_player != 1)
            continue;
        int32_t *val = (int32_t *)((char *)st + v->offset);
        for (int q = 0; q < players; q++)
            if (q != p) {
                val[q] ^= 0x5A5A;
                any = true;
            }
    }
    long n = 0;
    void *ctx[] = {st, &n};
    each_secret_var(st, p, known, players, scramble_var, ctx);
    return any || n > 0;
}

/* Do two deals for seat p of state st differ in what p has not seen
 * besides cards? *what says where. */
static bool secrets_differ(const void *st, void *a, void *b, int p, const uint8_t *known,
                           int players, const char **what)
{
    void *d[] = {a, b, NULL};
    if (!each_secret_var(st, p, known, players, same_var, d)) {
        *what = d[2];
        return true;
    }
    RtWindow *wa = sealed_window(a, p), *wb = sealed_window(b, p);
    for (int i = 0; wa && wb && i < wa->nasked; i++) {
        const RtOption *x = &wa->answer[i], *y = &wb->answer[i];
        if (x->kind != y->kind || x->a != y->a || x->ids[0] != y->ids[0] ||
            wa->asked[i].prompt != wb->asked[i].prompt) {
            *what = "a sealed answer of another seat";
            return true;
        }
    }
    for (int i = 0; i < game.nnumbers; i++) {
        const RtVar *v = number_var(i);
        if (!v || game.numbers[i].vis != RT_VIS_OWNER || v->per_player != 1)
            continue;
        const int32_t *x = (const int32_t *)((char *)a + v->offset);
        const int32_t *y = (const int32_t *)((char *)b + v->offset);
        for (int q = 0; q < players; q++)
            if (q != p && x[q] != y[q]) {
                *what = game.numbers[i].name;
                return true;
            }
    }
    *what = "the cards";
    return zones_differ(a, b);
}

/* The deal does not read what p has not seen besides cards: a state
 * where those differ (scramble_secrets), dealt from the same generator,
 * deals the same cards, answers and variables. */
static bool secrets_kept(Run *r, void *st, int p, const uint8_t *known,
                         const int32_t *origin, const uint8_t *placed, const RtTold *told,
                         const RtRng *gen, const char **what)
{
    RtRng g2 = *gen;
    rt_clone(&game, r->alt, st);
    if (!scramble_secrets(r->alt, p, known, r->pl.nplayers))
        return true;
    r->secret++;
    rt_deal(&game, r->alt_dealt, r->alt, p, known, origin, placed, told, &g2, r->scratch);
    return !secrets_differ(st, r->det, r->alt_dealt, p, known, r->pl.nplayers, what);
}

/* Counts the decisions where a card local of a waiting frame holds a card
 * p does not know, and those where the deal's holds another there. The
 * locals are the words of the state RtGame.repoint_locals changes when
 * told to[c] = ninstances + c (r->probe). */
static void held_dealt(Run *r, const void *st, int p, const uint8_t *known)
{
    if (!game.repoint_locals)
        return;
    memcpy(r->alt, st, game.state_size); /* whole: rt_clone may copy only what is live */
    game.repoint_locals(r->alt, r->probe);
    const int32_t *truth = st, *probed = r->alt, *dealt = r->det;
    bool held = false, other = false;
    for (size_t w = 0; w < game.state_size / sizeof *truth; w++)
        if (probed[w] != truth[w] && truth[w] >= 0 && truth[w] < game.ninstances &&
            card_unknown(st, p, known, truth[w])) {
            held = true;
            other |= dealt[w] != truth[w];
        }
    r->held += held;
    r->held_dealt += other;
}

/* One decision of seat p checked; false on a failure (printed). */
static bool check_decision(Run *r, void *st, const RtAi *ai, RtRng *gen, uint64_t seed)
{
    int p = ((const RtCore *)st)->dec.player;
    const uint8_t *known = rt_ai_known(ai), *placed = rt_ai_placed(ai);
    const int32_t *origin = rt_ai_origin(ai, p);
    const RtTold *told = rt_ai_told(ai);
    char why[256] = "";
    int c = -1, d = -1;
    const char *what = "";
    RtRng before = *gen;
    if (!rt_deal(&game, r->det, st, p, known, origin, placed, told, gen, r->scratch))
        r->nown = 0; /* no deal kept them: the agent drops its records */
    r->told += told != NULL;
    r->told_many += told && told->n > 1;
    decision_line(r, st, p, 0);
    decision_line(r, r->det, p, 1);
    r->decisions++;
    if (has_unknown(st, p, known)) {
        r->unknown++;
        r->dealt += zones_differ(st, r->det);
        count_stayed(r, st, r->det, p, known);
        held_dealt(r, st, p, known);
    }
    if (r->len[0] != r->len[1] || memcmp(r->line[0], r->line[1], r->len[0]))
        snprintf(why, sizeof why, "the view of seat %d changed", p);
    else if (!rt_check_state(&game, r->det, why, sizeof why))
        ;
    else if (!known_kept(st, r->det, p, known, &c))
        snprintf(why, sizeof why, "card %d (%s), which seat %d followed into slot %d, is in "
                 "slot %d", c, game.card_name[c], p, rt_card_slot(&game, st, c),
                 rt_card_slot(&game, r->det, c));
    else if (!origins_kept(st, r->det, p, known, origin, r->tally, &d, &c))
        snprintf(why, sizeof why, "card %d (%s), which seat %d last lost track of in slot %d, "
                 "is dealt into slot %d, which holds fewer cards it lost there", c,
                 game.card_name[c], p, origin[c], d);
    else if (!origins_shared(st, p, known, origin, r->tally, &c))
        snprintf(why, sizeof why, "card %d (%s), which seat %d does not know, is alone in its "
                 "origin, slot %d, which holds cards it does not know", c, game.card_name[c], p,
                 origin[c]);
    else if (!secrets_kept(r, st, p, known, origin, placed, told, &before, &what))
        snprintf(why, sizeof why, "the deal for seat %d read %s, which it has not seen: "
                 "changed, it deals otherwise", p, what);
    else if (!told_hold(r, st, told))
        snprintf(why, sizeof why, "what the answer of a public choice told is kept for "
                 "seat %d's deals, but no longer holds", p);
    else if (!told_hold(r, r->det, told))
        snprintf(why, sizeof why, "the deal for seat %d contradicts what the answer of a "
                 "public choice told every seat", p);
    else if (game.told_holds && !own_kept(r, st, r->det, p))
        snprintf(why, sizeof why, "the deal for seat %d contradicts what the answer of a "
                 "public choice told every seat, though no card entered or left a zone its "
                 "decider alone saw since", p);
    else
        return true;
    if (r->failures++ < 5) {
        fprintf(stderr, "determinize: seed %llu, decision %lld: %s\n", (unsigned long long)seed,
                (long long)((const RtCore *)st)->decisions, why);
        if (r->len[0] != r->len[1] || memcmp(r->line[0], r->line[1], r->len[0]))
            fprintf(stderr, "  before: %s  after:  %s", r->line[0], r->line[1]);
    }
    return false;
}

/* Option i of st's pending decision is about to be taken: when it answers
 * the window kept, it is kept with that window's answers. */
static void last_answer(Run *r, const void *st, int i)
{
    const RtWindow *w = rt_window_of(&game, st);
    const RtOption *o = &((const RtCore *)st)->dec.opt[i];
    int k = r->win.nasked;
    if (!w || !w->open || !r->win.open || w->id != r->win.id || w->nasked != k ||
        k >= w->nseats)
        return;
    r->win.answer[k] = *o;
    r->win_slot[k] = o->kind == RT_OPT_CARD ? rt_card_slot(&game, st, o->ids[0]) : -1;
    r->win.nasked++;
}

/* A window closed by the last move names every answer to every seat (the
 * `responses` line): each card answered, the last seat's too, still
 * where it lay, must be known there to every seat (so no deal moves it).
 * Then the window asking now is kept for the next move. false on a
 * failure (printed). */
static bool answers_known(Run *r, const void *st, const uint8_t *known, uint64_t seed)
{
    const RtWindow *w = rt_window_of(&game, st);
    unsigned all = (1u << r->pl.nplayers) - 1;
    bool ok = true;
    for (int i = 0; r->win.open && (!w || w->id != r->win.id) && i < r->win.nasked; i++) {
        int c = r->win.answer[i].ids[0];
        if (r->win_slot[i] < 0 || rt_card_slot(&game, st, c) != r->win_slot[i])
            continue;
        r->named++;
        if ((known[c] & all) != all) {
            fprintf(stderr, "determinize: seed %llu, decision %lld: card %d (%s), answered in "
                    "window %u and named to every seat when it closed, is not known in its "
                    "slot to every seat\n", (unsigned long long)seed,
                    (long long)((const RtCore *)st)->decisions, c, game.card_name[c],
                    (unsigned)r->win.id);
            ok = false;
        }
    }
    r->win.open = 0;
    if (w && w->open) {
        r->win = *w;
        for (int i = 0; i < w->nasked; i++)
            r->win_slot[i] = w->answer[i].kind == RT_OPT_CARD
                                 ? rt_card_slot(&game, st, w->answer[i].ids[0])
                                 : -1;
    }
    return ok;
}

/* The taken observer of rt.h: a decision of a single option, which the
 * game takes without asking; kept as an answer (of the true game). */
static void lone_answer(void *ctx, const RtGame *g, const void *st)
{
    Run *r = ctx;
    (void)g;
    if (!r->truth)
        return;
    int k = r->win.nasked;
    last_answer(r, st, 0);
    own_told(r, st, 0);
    r->lone += r->win.nasked > k;
}

/* The deal r->det of seat p played on with the answer the game took (st,
 * after it): false when the deal faulted where the game did not (printed):
 * the deal was no state the rules could be in. */
static bool deal_played_on(const Run *r, const void *st, uint64_t seed, int p)
{
    const RtCore *c = st, *d = r->det;
    if (!r->play_on || d->over != RT_FAULT || c->over == RT_FAULT)
        return true;
    char buf[256];
    fprintf(stderr, "determinize: seed %llu, decision %lld: the deal for seat %d, given the "
            "answer the game took, faults where the game does not: %s\n",
            (unsigned long long)seed, (long long)c->decisions, p,
            rt_fault_text(&game, r->det, buf, sizeof buf));
    return false;
}

static bool play_one(Run *r, void *st, uint64_t seed, int players)
{
    RtAi *ai = rt_ai_new(&game, players, seed);
    RtRng gen, pick;
    bool ok = ai != NULL;
    rt_seed(&gen, seed * 7 + 1);
    rt_seed(&pick, seed);
    r->pl.nplayers = players;
    r->pl.seed = seed;
    rt_new(&game, st, seed, players);
    const RtCore *c = st;
    if (ai)
        rt_ai_observe(ai, st);
    r->win.open = 0;
    r->nown = 0;
    while (ok && c->over == RT_PLAYING) {
        ok = check_decision(r, st, ai, &gen, seed);
        int i = (int)rt_below(&pick, (uint32_t)c->dec.noptions), p = c->dec.player;
        rt_apply(&game, r->det, i);
        last_answer(r, st, i);
        own_told(r, st, i);
        r->truth = true;
        rt_ai_apply(ai, st, i);
        r->truth = false;
        ok = ok && deal_played_on(r, st, seed, p) && answers_known(r, st, rt_ai_known(ai), seed);
    }
    rt_ai_free(ai);
    return ok;
}

static bool parse_args(int argc, char **argv, long *games, int *lo, int *hi, uint64_t *seed,
                       bool *play_on)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--play-on") &&
            (!strcmp(argv[i + 1], "yes") || !strcmp(argv[i + 1], "no")))
            *play_on = argv[i + 1][0] == 'y';
        else if (!strcmp(argv[i], "--games"))
            *games = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            *seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--players") && sscanf(argv[i + 1], "%d..%d", lo, hi) == 2)
            ;
        else
            return false;
    }
    return *games > 0 && *lo >= game.min_players && *hi <= game.max_players && *lo <= *hi &&
           argc % 2 == 1;
}

/* The hidden variables the compiler judged secret (RtGame.var_secret),
 * which every deal forgets: "secret: NAME ..." or "secret: none". */
static void print_secret_vars(void)
{
    int n = 0;
    printf("determinize: secret:");
    for (int i = 0; game.var_secret && game.vars[i].name; i++)
        if (game.var_secret[i])
            printf(" %s", game.vars[i].name), n++;
    printf("%s\n", n ? "" : " none");
}

int main(int argc, char **argv)
{
    long games = 20;
    int lo = game.min_players, hi = game.max_players, passed = 0, failed = 0;
    uint64_t seed = 1;
    Run r = {.pl = {.g = &game, .prog = "determinize", .json = true, .io_status = -1},
             .play_on = true};
    if (!parse_args(argc, argv, &games, &lo, &hi, &seed, &r.play_on)) {
        fprintf(stderr, "usage: %s [--games N] [--players A..B] [--seed S] [--play-on yes|no]\n",
                argv[0]);
        return 2;
    }
    void *st = malloc(game.state_size);
    r.det = malloc(game.state_size);
    r.alt = malloc(game.state_size);
    r.alt_dealt = malloc(game.state_size);
    r.scratch = malloc((6 * (size_t)game.ninstances + 1) * sizeof *r.scratch);
    r.tally = malloc(((size_t)game.nslots + 1) * sizeof *r.tally);
    r.probe = malloc(((size_t)game.ninstances + 1) * sizeof *r.probe);
    r.own_rec = malloc(((size_t)game.told_ints * (RT_TOLD_MAX + 1) + 1) * sizeof *r.own_rec);
    if (!st || !r.det || !r.alt || !r.alt_dealt || !r.scratch || !r.tally || !r.probe ||
        !r.own_rec)
        return 1;
    for (int c = 0; c < game.ninstances; c++)
        r.probe[c] = game.ninstances + c;
    for (int p = 0; p < RT_MAX_PLAYERS; p++)
        r.pl.seat[p] = RT_SEAT_JSON;
    rt_set_taken_observer(&game, lone_answer, &r);
    for (long i = 0; i < games; i++) {
        int players = lo + (int)(i % (hi - lo + 1));
        if (play_one(&r, st, seed + (uint64_t)i, players))
            passed++;
        else
            failed++;
    }
    bool dealt = r.dealt * 10 >= r.unknown && (r.unknown == 0 || r.dealt > 0);
    printf("determinize: %s: %lld decisions, %lld with a card the seat does not know, "
           "%lld of those dealt differently; %.1f%% of the cards the seat did not know left "
           "where they were; %lld with a sealed answer or a variable it had not seen; "
           "%lld cards answered in a window, named when it closed, left in place; "
           "%lld answers to a window taken without asking; "
           "%lld dealt while a public choice's answer told something, %lld of them a record "
           "told before a card moved elsewhere, %lld two records or more; "
           "%lld with a card it does not know held in a local, %lld of those dealt another\n",
           game.name, r.decisions, r.unknown, r.dealt,
           r.hidden ? 100.0 * (double)r.stayed / (double)r.hidden : 0.0, r.secret, r.named,
           r.lone, r.told, r.told_moved, r.told_many, r.held, r.held_dealt);
    print_secret_vars();
    if (!dealt)
        printf("determinize: FAIL: too few determinizations deal any card elsewhere\n");
    passed += dealt;
    failed += !dealt;
    if (r.held >= 20 && r.held_dealt == 0) { /* the held card is the true one */
        printf("determinize: FAIL: a card held in a local is the true one in every deal\n");
        failed++;
    }
    if (game.told_holds && (r.told == 0 || r.told_moved == 0 || r.told_many == 0)) {
        /* the checks above were never made */
        printf("determinize: FAIL: no deal was made while a public choice's answer told "
               "something, one told before a card moved elsewhere, or two at once\n");
        failed++;
    }
    printf("determinize: %d passed, %d failed\n", passed, failed);
    free(st);
    free(r.det);
    free(r.alt);
    free(r.alt_dealt);
    free(r.scratch);
    free(r.tally);
    free(r.probe);
    free(r.own_rec);
    free(r.line[0]);
    free(r.line[1]);
    return failed ? 1 : 0;
}
