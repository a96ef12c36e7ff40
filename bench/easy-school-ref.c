/* easy-school-ref.c: a hand-written simulator of Easy School, the yardstick
 * for the C that cardc generates from decks/easy-school/game.rules.
 *
 * Same rules as game.rules, step by step (the README's interpretations), and
 * the same random policy as `easy-school simulate`: at every decision the
 * player picks uniformly among the options the generated code offers, and a
 * decision with a single option is taken without a random number and is not
 * counted. The options are:
 *   - a card choice: one option per distinct card name (identical cards make
 *     the same choice), plus "Do not practise" / "Stop" where the rules say;
 *   - the exam: one option per multiset of names, that is a non-empty set of
 *     cheat colours S and a number of jokers j with 3 <= |S| + j <= 5;
 *   - yes/no, the action menu, a player to hit.
 * The games are not those of the generated binary (the random numbers are
 * used differently); the statistics must agree.
 *
 * Representation: cards are only their kind. A tableau or the pool is a
 * count per kind; the deck is an array of kinds, top last; a victory pile is
 * its jokers (always at the bottom) plus a stack of cheat cards above them.
 * Nothing allocates; one game state is reused.
 *
 *   easy-school-ref [--games N] [--players N] [--seed S] [--json]
 * Game i uses seed S+i. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RED, VIOLET, ORANGE, GREEN, BLUE, JOKER, STRESS, SPECIAL, NKINDS };
enum {
    NCOLORS = 5,
    MAXP = 5,
    NCARDS = 110,
    COLORS = (1u << NCOLORS) - 1,       /* kind masks */
    FACEUP = COLORS | 1u << JOKER,      /* cheat or joker */
};

static const int kind_count[NKINDS] = {16, 14, 14, 16, 16, 10, 22, 2};
static const int points[7] = {0, 1, 3, 6, 10, 15, 21};

/* ---- random numbers: splitmix64, Lemire's bounded draw ---- */

typedef struct Rng {
    uint64_t s;
} Rng;

static inline uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1, unbiased. */
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while ((uint32_t)m < threshold)
            m = (rng_next(r) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* ---- the state ---- */

typedef struct Game {
    int np, phase, turns;
    int64_t decisions;
    Rng rng;
    int dn;                             /* cards in the deck */
    uint8_t deck[NCARDS];               /* kinds, deck[dn - 1] on top */
    uint8_t tab[MAXP][8];               /* tableau: count per kind */
    int nup[MAXP];                      /* its cheat and joker cards */
    uint8_t pool[8];                    /* the face-up pool: count per kind */
    int vjok[MAXP];                     /* victory pile: jokers at the bottom, */
    int vn[MAXP];                       /* then vn cheat cards, top last */
    uint8_t vic[MAXP][NCARDS];
    uint8_t hit[MAXP];                  /* hit by a stress card this turn */
} Game;

/* The kinds (bits) with a non-zero count among 8 byte counters (< 128). */
static inline unsigned present(const uint8_t c[8])
{
    uint64_t x;
    memcpy(&x, c, 8);
    x = ((x + 0x7F7F7F7F7F7F7F7Fu) | x) & 0x8080808080808080u;
    return (unsigned)(((x >> 7) * 0x0102040810204080u) >> 56);
}

/* A decision among n options: counted, even with one option (taken
 * without asking, as the runtime counts it: docs/RUNTIME.md, "Decisions
 * of one option"), and random if n > 1. */
static inline int pick(Game *g, int n)
{
    g->decisions++;
    if (n <= 1)
        return 0;
    return (int)rng_below(&g->rng, (uint32_t)n);
}

static inline int yes(Game *g)
{
    return pick(g, 2) == 0;
}

/* A card choice: one option per kind in mask (not empty). */
static inline int pick_kind(Game *g, unsigned mask)
{
    for (int r = pick(g, __builtin_popcount(mask)); r > 0; r--)
        mask &= mask - 1;
    return __builtin_ctz(mask);
}

static inline int stressed(const Game *g, int p)
{
    return g->tab[p][STRESS] > 0;
}

/* At least one cheat card, and colours + jokers >= 3 (game.rules can_exam). */
static inline int can_exam(const Game *g, int p)
{
    unsigned colors = present(g->tab[p]) & COLORS;
    return colors && __builtin_popcount(colors) + g->tab[p][JOKER] >= 3;
}

static inline int draw(Game *g)
{
    if (g->dn == 0) {   /* impossible for 2..5 players (README, interpretation 7) */
        fprintf(stderr, "easy-school-ref: empty deck\n");
        exit(1);
    }
    return g->deck[--g->dn];
}

static inline void tab_take(Game *g, int p, int k)
{
    g->tab[p][k]--;
    g->nup[p]--;
}

/* The top card of p's victory pile, if any, goes to the pool. */
static void victory_top_to_pool(Game *g, int p)
{
    if (g->vn[p] > 0) {
        g->pool[g->vic[p][--g->vn[p]]]++;
    } else if (g->vjok[p] > 0) {
        g->vjok[p]--;
        g->pool[JOKER]++;
    }
}

/* p gives up a face-up card of his choice to the pool, or with none the top
 * of his victory pile (a stress card played on him; game.rules 201-206). */
static void hit_by_stress(Game *g, int p)
{
    if (g->nup[p] > 0) {
        int k = pick_kind(g, present(g->tab[p]) & FACEUP);
        tab_take(g, p, k);
        g->pool[k]++;
    } else {
        victory_top_to_pool(g, p);
    }
}

/* lose(p, n): n face-up cards to the pool; with none left, the top of the
 * victory pile and nothing more. */
static void lose(Game *g, int p, int n)
{
    for (int i = 0; i < n; i++) {
        if (g->nup[p] == 0) {
            victory_top_to_pool(g, p);
            return;
        }
        int k = pick_kind(g, present(g->tab[p]) & FACEUP);
        tab_take(g, p, k);
        g->pool[k]++;
    }
}

static void semester_end(Game *g, int p);

/* Opponents not under stress, clockwise from p's left, may each put one
 * face-up cheat card of a colour in `colors` on their victory pile. */
static void practice(Game *g, int p, unsigned colors)
{
    for (int i = 1; i < g->np; i++) {
        int q = (p + i) % g->np;
        if (stressed(g, q))
            continue;
        unsigned m = present(g->tab[q]) & colors;
        int n = __builtin_popcount(m);
        int r = pick(g, n + 1);         /* the last option: "Do not practise" */
        if (r == n)
            continue;
        while (r-- > 0)
            m &= m - 1;
        int k = __builtin_ctz(m);
        tab_take(g, q, k);
        g->vic[q][g->vn[q]++] = (uint8_t)k;
    }
}

/* B. An examination (game.rules take_exam). */
static void take_exam(Game *g, int p)
{
    /* The options: a non-empty subset S of p's colours and j jokers,
     * 3 <= |S| + j <= 5. Count them, draw one, find it. */
    unsigned colors = present(g->tab[p]) & COLORS;
    int J = g->tab[p][JOKER], total = 0;
    for (unsigned S = colors; S; S = (S - 1) & colors) {
        int s = __builtin_popcount(S), lo = s < 3 ? 3 - s : 0, hi = 5 - s < J ? 5 - s : J;
        if (lo <= hi)
            total += hi - lo + 1;
    }
    int r = pick(g, total);
    unsigned S = colors;
    int j = 0;
    for (;; S = (S - 1) & colors) {
        int s = __builtin_popcount(S), lo = s < 3 ? 3 - s : 0, hi = 5 - s < J ? 5 - s : J;
        if (lo <= hi) {
            if (r <= hi - lo) {
                j = lo + r;
                break;
            }
            r -= hi - lo + 1;
        }
    }
    int size = __builtin_popcount(S) + j;
    if (size == 3) {
        int c = draw(g);
        if (c == SPECIAL) {             /* the exam stops, the cards stay */
            semester_end(g, p);
            return;
        }
        if (c == STRESS) {              /* failed */
            g->tab[p][STRESS]++;
            return;
        }
        g->pool[c]++;
    }
    /* Success: the cards leave the tableau for the exam. */
    uint8_t exam[8] = {0};              /* the cheat cards won, per colour */
    for (unsigned m = S; m; m &= m - 1) {
        int k = __builtin_ctz(m);
        tab_take(g, p, k);
        exam[k] = 1;
    }
    g->tab[p][JOKER] -= (uint8_t)j;
    g->nup[p] -= j;
    practice(g, p, S);
    if (size == 5 && g->nup[p] > 0) {   /* a sixth card */
        int k = pick_kind(g, present(g->tab[p]) & FACEUP);
        tab_take(g, p, k);
        if (k == JOKER)
            j++;
        else
            exam[k]++;
    }
    g->vjok[p] += j;                    /* jokers to the bottom */
    /* The rest go on top one at a time, each a choice among the names. */
    for (unsigned m; (m = present(exam)) != 0;) {
        int k = pick_kind(g, m);
        exam[k]--;
        g->vic[p][g->vn[p]++] = (uint8_t)k;
    }
}

/* The end of the first semester, steps 2 to 4 (game.rules vacation). */
static void vacation(Game *g)
{
    for (int q = 0; q < g->np; q++)
        g->tab[q][STRESS] = 0;
    memset(g->pool, 0, sizeof g->pool);
    for (int q = 0; q < g->np; q++)
        while (g->nup[q] > 3)
            tab_take(g, q, pick_kind(g, present(g->tab[q])));
}

/* A Semester End card was drawn by p (game.rules semester_end). */
static void semester_end(Game *g, int p)
{
    int semester = ++g->phase;
    for (int i = 0; i < g->np; i++) {
        int q = (p + i) % g->np;
        if (g->phase == semester && !stressed(g, q) && can_exam(g, q) && yes(g))
            take_exam(g, q);
    }
    if (g->phase == 2)
        vacation(g);
}

/* A. Draw cards (game.rules draw_cards). */
static void draw_cards(Game *g, int p)
{
    int stresses = 0;
    for (;;) {
        int c = draw(g);
        if (c == SPECIAL) {
            semester_end(g, p);
            return;
        }
        g->tab[p][c]++;
        if (c == STRESS) {
            lose(g, p, ++stresses);
            if (stresses == 2)
                return;
        } else {
            g->nup[p]++;
        }
        if (!yes(g))                    /* "Draw another card?" */
            return;
    }
}

/* C. Stress cards, at most one against each opponent (game.rules play_stress). */
static void play_stress(Game *g, int p)
{
    int played = 0;
    while (stressed(g, p)) {
        int opp[MAXP], n = 0;
        for (int i = 1; i < g->np; i++) {
            int q = (p + i) % g->np;
            if (!g->hit[q])
                opp[n++] = q;
        }
        int r = pick(g, n + (played > 0));      /* the last option: "Stop" */
        if (r == n)
            return;
        int q = opp[r];
        g->hit[q] = 1;
        played++;
        g->tab[p][STRESS]--;
        hit_by_stress(g, q);
    }
}

static void turn(Game *g, int p)
{
    g->turns++;
    memset(g->hit, 0, sizeof g->hit);
    int pool = present(g->pool) != 0;
    int third = stressed(g, p) || can_exam(g, p);   /* exam or stress, never both */
    int r = pick(g, 1 + pool + third);
    if (r == 0) {
        draw_cards(g, p);
    } else if (r == 1 && pool) {
        int k = pick_kind(g, present(g->pool));
        g->pool[k]--;
        g->tab[p][k]++;
        g->nup[p]++;
    } else if (stressed(g, p)) {
        play_stress(g, p);
    } else {
        take_exam(g, p);
    }
}

static void shuffle(Game *g, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&g->rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void insert(Game *g, int pos, int kind)
{
    memmove(g->deck + pos + 1, g->deck + pos, (size_t)(g->dn - pos));
    g->deck[pos] = (uint8_t)kind;
    g->dn++;
}

static void setup(Game *g, int np, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    g->np = np;
    g->phase = 1;
    Rng mix = {seed};                   /* game i: seed S+i, well spread */
    g->rng.s = rng_next(&mix);
    for (int k = 0; k < SPECIAL; k++)
        for (int i = 0; i < kind_count[k]; i++)
            g->deck[g->dn++] = (uint8_t)k;
    /* Shuffle and deal 3 cheat or joker cards each, stress cards set aside.
     * The deck is shuffled again afterwards, so only the cards dealt need
     * drawing: each is a uniform pick among those left (a lazy shuffle). */
    int aside = 0;
    for (int p = 0; p < np; p++) {
        while (g->nup[p] < 3) {
            int j = (int)rng_below(&g->rng, (uint32_t)g->dn);
            int c = g->deck[j];
            g->deck[j] = g->deck[--g->dn];
            if (c == STRESS) {
                aside++;
            } else {
                g->tab[p][c]++;
                g->nup[p]++;
            }
        }
    }
    while (aside-- > 0)
        g->deck[g->dn++] = STRESS;
    shuffle(g, g->deck, g->dn);
    insert(g, 10, SPECIAL);                     /* 10 cards below it */
    insert(g, g->dn - g->dn / 2, SPECIAL);      /* floor(D/2) cards above it */
}

typedef struct Stats {
    uint64_t decisions, turns;
    double wins[MAXP], score[MAXP];
} Stats;

static void play(Game *g, int np, uint64_t seed, Stats *st)
{
    setup(g, np, seed);
    for (int p = 0;; p = (p + 1) % np) {
        turn(g, p);
        if (g->phase == 3)
            break;
    }
    /* Scoring; ties by the size of the victory pile; still tied: shared. */
    int score[MAXP], tb[MAXP], best = 0;
    for (int p = 0; p < np; p++) {
        uint8_t n[NCOLORS] = {0};
        for (int i = 0; i < g->vn[p]; i++)
            n[g->vic[p][i]]++;
        score[p] = 0;
        for (int c = 0; c < NCOLORS; c++)
            score[p] += points[n[c] < 6 ? n[c] : 6];
        tb[p] = g->vn[p] + g->vjok[p];
        if (score[p] > score[best] || (score[p] == score[best] && tb[p] > tb[best]))
            best = p;
    }
    int nwin = 0;
    for (int p = 0; p < np; p++)
        nwin += score[p] == score[best] && tb[p] == tb[best];
    for (int p = 0; p < np; p++) {
        st->score[p] += score[p];
        if (score[p] == score[best] && tb[p] == tb[best])
            st->wins[p] += 1.0 / nwin;
    }
    st->decisions += (uint64_t)g->decisions;
    st->turns += (uint64_t)g->turns;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void put_array(const double *v, int n, double div)
{
    putchar('[');
    for (int p = 0; p < n; p++)
        printf("%s%.4f", p ? "," : "", v[p] / div);
    putchar(']');
}

static int usage(void)
{
    fprintf(stderr, "usage: easy-school-ref [--games N] [--players 2..5] [--seed S] [--json]\n");
    return 2;
}

int main(int argc, char **argv)
{
    uint64_t games = 100, seed = 1;
    int np = 4, json = 0;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (i + 1 < argc && !strcmp(argv[i], "--games")) {
            games = strtoull(argv[++i], &end, 10);
        } else if (i + 1 < argc && !strcmp(argv[i], "--seed")) {
            seed = strtoull(argv[++i], &end, 10);
        } else if (i + 1 < argc && !strcmp(argv[i], "--players")) {
            np = (int)strtol(argv[++i], &end, 10);
        } else {
            return usage();
        }
        if (end && *end)
            return usage();
    }
    if (np < 2 || np > MAXP || games == 0)
        return usage();

    static Game g;
    Stats st = {0};
    double t0 = now();
    for (uint64_t i = 0; i < games; i++)
        play(&g, np, seed + i, &st);
    double secs = now() - t0, n = (double)games;
    if (secs < 1e-9)
        secs = 1e-9;

    if (json) {
        printf("{\"game\":\"Easy School (hand-written)\",\"games\":%llu,\"players\":%d,"
               "\"seed\":%llu,\"seconds\":%.6f,\"games_per_sec\":%.1f,\"decisions\":%llu,"
               "\"decisions_per_sec\":%.1f,\"avg_turns\":%.4f,\"avg_decisions\":%.4f,"
               "\"seat_wins\":",
               (unsigned long long)games, np, (unsigned long long)seed, secs, n / secs,
               (unsigned long long)st.decisions, (double)st.decisions / secs,
               (double)st.turns / n, (double)st.decisions / n);
        put_array(st.wins, np, 1.0);
        printf(",\"avg_scores\":");
        put_array(st.score, np, n);
        printf("}\n");
    } else {
        printf("Easy School (hand-written): %llu games, %d players, seed %llu\n",
               (unsigned long long)games, np, (unsigned long long)seed);
        printf("  time       %.3f s, %.0f games/s, %.0f decisions/s\n", secs, n / secs,
               (double)st.decisions / secs);
        printf("  per game   %.2f turns, %.2f decisions\n", (double)st.turns / n,
               (double)st.decisions / n);
        for (int p = 0; p < np; p++)
            printf("  Player %d   %.2f wins (%.1f%%), average score %.2f\n", p + 1,
                   st.wins[p], 100.0 * st.wins[p] / n, st.score[p] / n);
    }
    return ferror(stdout) ? 1 : 0;
}
