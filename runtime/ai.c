/* ai.c: the search agents: greedy, flat Monte Carlo, ISMCTS (ai.h;
 * RUNTIME.md, "Agents").
 *
 * None reads what its seat may not know: each searches states dealt by
 * rt_determinize from what the seat has seen. A game's result for a seat
 * is 1 for a win, 1/k for a win shared by k, 0 for a draw, a loss or a
 * fault; a playout cut after RT_AI_DEPTH decisions is scored as if the
 * game ended there with RtGame.value as the score (the best value wins,
 * shared when tied). */
#include "ai.h"
#include "rtcli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A node of the ISMCTS tree: the move that led to it, from the parent's
 * decision. */
typedef struct Node {
    uint64_t key;           /* the move (option_key), the same in every
                             * determinization where it is offered */
    int32_t child;          /* first child, -1 none */
    int32_t next;           /* next sibling, -1 none */
    int32_t visits;         /* iterations through it */
    int32_t avail;          /* iterations where it was offered */
    int32_t stamp;          /* the last step that counted it available */
    int16_t player;         /* who chose the move */
    double reward;          /* sum of the results for player */
} Node;

struct RtAi {
    const RtGame *g;
    int nplayers;
    uint64_t seed;          /* the game's */
    uint8_t *known;         /* per card: bit p set while seat p knows its slot */
    int32_t *last_slot;     /* per card: its slot at the last rt_ai_observe */
    int32_t *origin;        /* per seat p, per card: origin[p * ninstances + c],
                             * the slot c lay in when p last lost track of it
                             * (the start slot: p never knew it) */
    uint8_t *placed;        /* per card: bit p set while its per-card
                             * variables describe its place for p */
    int32_t *last_values;   /* per card: its npc per-card variables (those
                             * rt_card_var_dealt) at the last rt_ai_observe */
    int npc;
    bool observed;          /* rt_ai_observe has been called */
    RtWindow win;           /* the window asking at the last rt_ai_observe
                             * (win.open 0: none), its answers so far */
    int32_t win_slot[RT_MAX_PLAYERS]; /* where the card of each of those
                             * answers lay then (-1: not a card) */
    int *scratch;           /* rt_determinize's room: 6 ints per card */
    int32_t *told;          /* what public choices told (RtGame.told_note):
                             * RT_TOLD_MAX + 1 records of g->told_ints ints,
                             * the first told_list.n kept, oldest first */
    uint8_t *told_ends;     /* per record, per slot: 1 when a card that
                             * enters or leaves the slot ends the record */
    RtTold told_list;       /* the records kept */
    void *base;             /* a determinized state, played on by a playout */
    void *look[RT_AI_LOOK]; /* greedy's states, one per decision ahead */
    Node *nodes;            /* the ISMCTS tree, nodes[0] the root */
    int cap;                /* nodes allocated */
    int32_t stamp;          /* steps down the tree so far */
};

/* ---- where each seat lost track of each card ---- */

/* Every card starts in the first zone declared (seat 0's, per player:
 * LANGUAGE.md, `zone`), a set-up every seat knows: the origin of every
 * card for every seat until the seat knows it and loses it again. */
static void origins_start(RtAi *ai)
{
    int start = 0;
    while (start + 1 < ai->g->nslots && ai->g->slot_zone[start] != 0)
        start++;
    for (int k = 0; k < ai->g->ninstances * ai->nplayers; k++)
        ai->origin[k] = start;
}

/* The origin card c takes for seat p as it leaves slot was, where p knew
 * it, unseen: c is now any card of was p did not know there (last_slot[],
 * known[] as they were), so it takes their origin; the lowest one when
 * they differ (p knows how many of each origin was held: every deal keeps
 * the count). was itself when it held none. */
static int32_t lost_origin(const RtAi *ai, int p, int was, int c)
{
    int n = ai->g->ninstances;
    int32_t o = -1;
    for (int d = 0; d < n; d++)
        if (d != c && ai->last_slot[d] == was && !((ai->known[d] >> p) & 1) &&
            (o < 0 || ai->origin[p * n + d] < o))
            o = ai->origin[p * n + d];
    return o < 0 ? was : o;
}

/* Before rt_ai_observe updates known[] and last_slot[] from st: a card
 * that left a slot seat p does not see keeps the origin it had for p,
 * unless p knew it there (followed, seen or shown), which it loses now:
 * it takes the origin of the cards p did not know there (lost_origin). A
 * card that left a slot p sees is known where it went; one that stayed
 * keeps its origin. */
static void origins_observe(RtAi *ai, const void *st)
{
    int n = ai->g->ninstances;
    for (int c = 0; c < n; c++) {
        int was = ai->last_slot[c];
        if (was < 0 || rt_card_slot(ai->g, st, c) == was)
            continue;
        for (int p = 0; p < ai->nplayers; p++)
            if (((ai->known[c] >> p) & 1) && !rt_sees(ai->g, st, was, p))
                ai->origin[p * n + c] = lost_origin(ai, p, was, c);
    }
}

const int32_t *rt_ai_origin(const RtAi *ai, int p)
{
    return ai->origin + (size_t)p * (size_t)ai->g->ninstances;
}

RtAi *rt_ai_new(const RtGame *g, int nplayers, uint64_t game_seed)
{
    RtAi *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    size_t n = (size_t)g->ninstances;
    ai->g = g;
    ai->nplayers = nplayers;
    ai->seed = game_seed;
    ai->known = calloc(n + 1, 1);
    ai->last_slot = malloc((n + 1) * sizeof *ai->last_slot);
    for (int v = 0; v < g->nvars; v++)
        ai->npc += rt_card_var_dealt(g, v);
    ai->placed = calloc(n + 1, 1);
    ai->last_values = malloc((n * (size_t)ai->npc + 1) * sizeof *ai->last_values);
    ai->scratch = malloc((6 * n + 1) * sizeof *ai->scratch);
    ai->base = malloc(g->state_size);
    ai->told = malloc(((size_t)g->told_ints * (RT_TOLD_MAX + 1) + 1) * sizeof *ai->told);
    ai->told_ends = malloc((size_t)g->nslots * (RT_TOLD_MAX + 1) + 1);
    ai->told_list.rec = ai->told;
    ai->origin = malloc((n * (size_t)nplayers + 1) * sizeof *ai->origin);
    bool ok = ai->known && ai->last_slot && ai->placed && ai->last_values && ai->scratch &&
              ai->base && ai->told && ai->told_ends && ai->origin;
    for (int k = 0; k < RT_AI_LOOK; k++)
        ok &= (ai->look[k] = malloc(g->state_size)) != NULL;
    if (!ok) {
        rt_ai_free(ai);
        return NULL;
    }
    for (size_t c = 0; c < n; c++)
        ai->last_slot[c] = -1;
    origins_start(ai);
    return ai;
}

void rt_ai_free(RtAi *ai)
{
    if (!ai)
        return;
    free(ai->known);
    free(ai->last_slot);
    free(ai->origin);
    free(ai->placed);
    free(ai->last_values);
    free(ai->scratch);
    free(ai->told);
    free(ai->told_ends);
    free(ai->base);
    for (int k = 0; k < RT_AI_LOOK; k++)
        free(ai->look[k]);
    free(ai->nodes);
    free(ai);
}

/* ---- what each seat knows ---- */

/* The seats that see card c where it lies in slot s now. */
static unsigned seers(const RtAi *ai, const void *st, int s, int c)
{
    unsigned m = rt_card_seen(ai->g, st, c);
    for (int p = 0; p < ai->nplayers; p++)
        if (s >= 0 && rt_sees(ai->g, st, s, p))
            m |= 1u << p;
    return m;
}

/* ---- what public choices told ---- */

/* Record k of the kept ones dropped, the later ones moved down. */
static void told_drop(RtAi *ai, int k)
{
    size_t ints = (size_t)ai->g->told_ints, ns = (size_t)ai->g->nslots;
    int later = ai->told_list.n - 1 - k;
    memmove(ai->told + k * ints, ai->told + (k + 1) * ints, (size_t)later * ints * sizeof *ai->told);
    memmove(ai->told_ends + k * ns, ai->told_ends + (k + 1) * ns, (size_t)later * ns);
    ai->told_list.n--;
}

/* ends[s] = 1 for the slots whose cards, entering or leaving, end a
 * record of the given scope decided by seat d: every slot (RT_TOLD_ANY),
 * or those d sees and some other seat does not (RT_TOLD_OWN). */
static void told_slots(const RtAi *ai, const void *st, int scope, int d, uint8_t *ends)
{
    for (int s = 0; s < ai->g->nslots; s++) {
        bool hidden = false;
        for (int q = 0; q < ai->nplayers; q++)
            hidden |= q != d && !rt_sees(ai->g, st, s, q);
        ends[s] = scope != RT_TOLD_OWN || (rt_sees(ai->g, st, s, d) && hidden);
    }
}

/* Option i of st's pending decision is about to be taken: when it
 * answers a public choice whose condition tells what not every seat
 * sees, what it told is kept (after the others, the oldest dropped when
 * RT_TOLD_MAX are), until what it reads changes (told_moved) or a deal
 * cannot keep it (deal). */
static void told_taken(RtAi *ai, const void *st, int i)
{
    const RtGame *g = ai->g;
    int n = ai->told_list.n;
    int scope = g->told_note ? g->told_note(st, i, ai->told + (size_t)n * (size_t)g->told_ints)
                             : 0;
    if (!scope)
        return;
    told_slots(ai, st, scope, ((const RtCore *)st)->dec.player,
               ai->told_ends + (size_t)n * (size_t)g->nslots);
    ai->told_list.n++;
    if (ai->told_list.n > RT_TOLD_MAX)
        told_drop(ai, 0);
}

/* A card moved from slot was into slot s (-1: none): the records it
 * ends are dropped. */
static void told_moved(RtAi *ai, int was, int s)
{
    const uint8_t *ends = ai->told_ends;
    size_t ns = (size_t)ai->g->nslots;
    for (int k = ai->told_list.n - 1; k >= 0; k--)
        if ((was >= 0 && ends[k * ns + (size_t)was]) || (s >= 0 && ends[k * ns + (size_t)s]))
            told_drop(ai, k);
}

const RtTold *rt_ai_told(const RtAi *ai)
{
    return ai->told_list.n > 0 ? &ai->told_list : NULL;
}

/* A window closes: its answers, sealed until then, are shown to every
 * seat (the protocol's `responses` line names each card answered). A
 * card answered that is still where it lay when answered (a reaction the
 * window did not play: an earlier one cancelled the event, or it can no
 * longer react) is known there to every seat, as a card shown. The
 * answers are those the window held at the last rt_ai_observe while it
 * was open, and the last seat's, given by the decision that closed it
 * (rt_ai_taken). */
static void answers_shown(RtAi *ai, const void *st)
{
    const RtWindow *w = rt_window_of(ai->g, st);
    if (ai->win.open && (!w || w->id != ai->win.id))
        for (int i = 0; i < ai->win.nasked && i < RT_MAX_PLAYERS; i++) {
            int c = ai->win.answer[i].ids[0];
            if (ai->win_slot[i] >= 0 && rt_card_slot(ai->g, st, c) == ai->win_slot[i])
                ai->known[c] = (uint8_t)((1u << ai->nplayers) - 1);
        }
    ai->win.open = 0;
    if (!w || !w->open)
        return;
    ai->win = *w;
    for (int i = 0; i < w->nasked && i < RT_MAX_PLAYERS; i++) {
        const RtOption *o = &w->answer[i];
        ai->win_slot[i] = o->kind == RT_OPT_CARD && o->ids[0] < ai->g->ninstances
                              ? rt_card_slot(ai->g, st, o->ids[0])
                              : -1;
    }
}

/* Card c's per-card variables (those a deal moves) given since the last
 * rt_ai_observe: the seats that do not know c now learnt only that the
 * card at its place was given them; a seat that knows it knows the card's. */
static void note_values(RtAi *ai, const void *st, int c)
{
    const RtGame *g = ai->g;
    if (ai->npc == 0)
        return; /* nothing to note: placed[] stays all 0 */
    int32_t *last = ai->last_values + (size_t)c * (size_t)ai->npc;
    bool given = false;
    for (int v = 0, k = 0; v < g->nvars; v++)
        if (rt_card_var_dealt(g, v)) {
            int32_t x = ((const int32_t *)((const char *)st + g->vars[v].offset))[c];
            given |= last[k] != x;
            last[k++] = x;
        }
    unsigned all = (1u << ai->nplayers) - 1;
    if (given && ai->observed)
        ai->placed[c] = (uint8_t)(all & ~ai->known[c]);
    else
        ai->placed[c] &= (uint8_t)~ai->known[c];
}

void rt_ai_observe(RtAi *ai, const void *st)
{
    origins_observe(ai, st);
    for (int c = 0; c < ai->g->ninstances; c++) {
        int s = rt_card_slot(ai->g, st, c), was = ai->last_slot[c];
        unsigned m = seers(ai, st, s, c);
        if (s != was) {
            told_moved(ai, was, s); /* what a public choice told may no longer hold */
            /* a seat that saw it leave saw where it went (a move names
             * both slots); one that did not has lost it */
            for (int p = 0; p < ai->nplayers; p++)
                if (was >= 0 && rt_sees(ai->g, st, was, p))
                    m |= 1u << p;
            ai->known[c] = (uint8_t)m;
        } else {
            ai->known[c] |= (uint8_t)m;
        }
        ai->last_slot[c] = s;
        note_values(ai, st, c);
    }
    ai->observed = true;
    answers_shown(ai, st);
}

void rt_ai_taken(RtAi *ai, const void *st, int i)
{
    told_taken(ai, st, i);
    const RtWindow *w = rt_window_of(ai->g, st);
    const RtDecision *d = &((const RtCore *)st)->dec;
    int k = ai->win.nasked;
    if (!w || !w->open || !ai->win.open || w->id != ai->win.id || w->nasked != k ||
        k < 0 || k >= w->nseats || k >= RT_MAX_PLAYERS || d->player != w->order[k] || i < 0 ||
        i >= d->noptions)
        return;
    const RtOption *o = &d->opt[i];
    ai->win.answer[k] = *o;
    ai->win_slot[k] = o->kind == RT_OPT_CARD && o->ids[0] < ai->g->ninstances
                          ? rt_card_slot(ai->g, st, o->ids[0])
                          : -1;
    ai->win.nasked++;
}

/* rt_lone_fn while rt_ai_apply applies: a decision of a single option
 * taken without asking, told as an asked one is. */
static void lone_taken(void *ai, const void *st)
{
    rt_ai_taken(ai, st, 0);
}

void rt_ai_apply(RtAi *ai, void *st, int i)
{
    rt_ai_taken(ai, st, i);
    rt_lone_fn = lone_taken;
    rt_lone_ctx = ai;
    rt_apply(ai->g, st, i);
    rt_lone_fn = NULL;
    rt_lone_ctx = NULL;
    rt_ai_observe(ai, st);
}

const uint8_t *rt_ai_known(const RtAi *ai)
{
    return ai->known;
}

const uint8_t *rt_ai_placed(const RtAi *ai)
{
    return ai->placed;
}

/* ---- the observers, kept aside while searching ---- */

void rt_ai_quiet(RtQuiet *q, const RtGame *g)
{
    *q = (RtQuiet){rt_observer_fn, rt_observer_ctx, rt_window_fn, rt_window_ctx,
                   rt_show_fn, rt_show_ctx, rt_taken_fn, rt_taken_ctx,
                   rt_out_fn, rt_out_ctx, g};
    rt_set_observer(g, NULL, NULL);
    rt_set_window_observer(g, NULL, NULL);
    rt_set_show_observer(g, NULL, NULL);
    rt_set_taken_observer(g, NULL, NULL);
    rt_set_out_observer(g, NULL, NULL);
}

void rt_ai_loud(const RtQuiet *q)
{
    rt_set_observer(q->g, q->move, q->move_ctx);
    rt_set_window_observer(q->g, q->window, q->window_ctx);
    rt_set_show_observer(q->g, q->show, q->show_ctx);
    rt_set_taken_observer(q->g, q->taken, q->taken_ctx);
    rt_set_out_observer(q->g, q->out, q->out_ctx);
}

/* ---- results ---- */

/* r[q]: the result of st for every seat q (see the top of this file). */
static void results(const RtAi *ai, void *st, double *r)
{
    const RtCore *c = st;
    int n = ai->nplayers, k = 0;
    int64_t v[RT_MAX_PLAYERS], best = INT64_MIN;
    for (int q = 0; q < n; q++) {
        r[q] = 0;
        v[q] = 0;
    }
    if (c->over == RT_ENDED) {
        for (int q = 0; q < n; q++)
            k += c->winner[q] != 0;
        for (int q = 0; q < n; q++)
            r[q] = c->winner[q] ? 1.0 / k : 0;
        return;
    }
    if (c->over)
        return;
    for (int q = 0; q < n; q++)
        if (!ai->g->value || !ai->g->value(st, q, &v[q]))
            return;     /* no value (or it faulted): as a draw */
    for (int q = 0; q < n; q++)
        best = v[q] > best ? v[q] : best;
    for (int q = 0; q < n; q++)
        k += v[q] == best;
    for (int q = 0; q < n; q++)
        r[q] = v[q] == best ? 1.0 / k : 0;
}

/* Random play from st for at most `depth` decisions more (gen: one
 * generator for every seat). */
static void playout(const RtAi *ai, void *st, RtRng *gen, int depth)
{
    RtCore *c = st;
    for (int i = 0; i < depth && c->over == RT_PLAYING; i++)
        rt_apply(ai->g, st, (int)rt_below(gen, (uint32_t)c->dec.noptions));
}

/* The agent's generator for the pending decision of st: keyed by the
 * game's seed, the seat and the decision's number. */
static void agent_rng(const RtAi *ai, const void *st, RtRng *r)
{
    const RtCore *c = st;
    uint64_t k = rt_agent_seed(ai->seed, c->dec.player) ^
                 (0x9E3779B97F4A7C15u * (uint64_t)(c->decisions + 1));
    rt_seed(r, k);
}

/* The determinized root for seat p: ai->base. */
static void deal(RtAi *ai, const void *st, int p, RtRng *r)
{
    if (!rt_deal(ai->g, ai->base, st, p, ai->known, rt_ai_origin(ai, p), ai->placed,
                 rt_ai_told(ai), r, ai->scratch))
        ai->told_list.n = 0; /* no deal keeps them: the next ones do not try */
}

/* Among the n best-scored options (score[i] == best), one at random. */
static int pick_best(const double *score, int n, RtRng *r)
{
    double best = -INFINITY;
    int k = 0;
    for (int i = 0; i < n; i++)
        best = score[i] > best ? score[i] : best;
    for (int i = 0; i < n; i++)
        k += score[i] == best;
    int want = (int)rt_below(r, (uint32_t)k);
    for (int i = 0; i < n; i++)
        if (score[i] == best && want-- == 0)
            return i;
    return 0;
}

/* ---- greedy ---- */

/* The worth to p of st, where the search stops: a game won (1/k shared)
 * or lost outright ranks above or below every value; else p's value
 * (st is a scratch state: the value's func may change it). */
static double worth(RtAi *ai, void *st, int p)
{
    const RtCore *c = st;
    if (c->over) {
        double r[RT_MAX_PLAYERS];
        results(ai, st, r);
        return r[p] > 0 ? 1e18 * r[p] : -1e18;
    }
    int64_t v;
    return ai->g->value && ai->g->value(st, p, &v) ? (double)v : 0;
}

/* The best worth p can reach from src by its own decisions alone: a move
 * of several steps (an action, then the card it takes) is seen whole,
 * RT_AI_LOOK decisions deep at most, RT_AI_GREEDY_STATES states in all
 * (past them, each state is scored as it is). src is a scratch state. */
static double greedy_best(RtAi *ai, void *src, int p, int level, int *states)
{
    const RtCore *c = src;
    void *st = ai->look[level];
    double best = -INFINITY;
    for (int i = 0; i < c->dec.noptions && *states < RT_AI_GREEDY_STATES; i++) {
        rt_clone(ai->g, st, src);
        rt_apply(ai->g, st, i);
        ++*states;
        const RtCore *n = st;
        double w = n->over == RT_PLAYING && n->dec.player == p && level + 1 < RT_AI_LOOK &&
                           *states < RT_AI_GREEDY_STATES
                       ? greedy_best(ai, st, p, level + 1, states)
                       : worth(ai, st, p);
        best = w > best ? w : best;
    }
    return best > -INFINITY ? best : worth(ai, src, p);
}

static int greedy(RtAi *ai, const void *st, RtRng *r)
{
    const RtDecision *d = &((const RtCore *)st)->dec;
    double score[RT_MAX_OPTIONS];
    int states = 0;
    deal(ai, st, d->player, r);
    for (int i = 0; i < d->noptions; i++) {
        void *next = ai->look[0];
        rt_clone(ai->g, next, ai->base);
        rt_apply(ai->g, next, i);
        const RtCore *n = next;
        score[i] = n->over == RT_PLAYING && n->dec.player == d->player
                       ? greedy_best(ai, next, d->player, 1, &states)
                       : worth(ai, next, d->player);
    }
    return pick_best(score, d->noptions, r);
}

/* ---- flat Monte Carlo ---- */

static int flat_mc(RtAi *ai, const void *st, int budget, RtRng *r)
{
    const RtDecision *d = &((const RtCore *)st)->dec;
    int n = d->noptions, p = d->player;
    double sum[RT_MAX_OPTIONS] = {0}, mean[RT_MAX_OPTIONS];
    int tries[RT_MAX_OPTIONS] = {0};
    for (int k = 0; k < budget; k++) {
        int i = k % n;
        double res[RT_MAX_PLAYERS];
        deal(ai, st, p, r);
        rt_apply(ai->g, ai->base, i);
        playout(ai, ai->base, r, RT_AI_DEPTH);
        results(ai, ai->base, res);
        sum[i] += res[p];
        tries[i]++;
    }
    for (int i = 0; i < n; i++)
        mean[i] = tries[i] ? sum[i] / tries[i] : 0;
    return pick_best(mean, n, r);
}

/* ---- ISMCTS ---- */

/* ln and sqrt for UCB, without libm (a game links libcardrt alone):
 * ln(x), x >= 1, from x = m 2^k, m in [1, 2), ln m = 2 atanh((m-1)/(m+1))
 * (to 1e-9); sqrt by Newton's steps from a power of two (x >= 0). */
static double ln(double x)
{
    int k = 0;
    while (x >= 2) {
        x /= 2;
        k++;
    }
    double t = (x - 1) / (x + 1), t2 = t * t, term = t, sum = 0;
    for (int i = 1; i < 30; i += 2) {
        sum += term / i;
        term *= t2;
    }
    return 2 * sum + k * 0.69314718055994530942;
}

static double root(double x)
{
    double r = 1;
    while (r * r < x)
        r *= 2;
    for (int i = 0; i < 8 && x > 0; i++)   /* from r >= sqrt(x): 6 suffice */
        r = (r + x / r) / 2;
    return x > 0 ? r : 0;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9u;
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Option i of st's decision as a move the same in every determinization:
 * its kind and values, a card by its name (copies are one move). */
static uint64_t option_key(const RtGame *g, const void *st, int i)
{
    const RtOption *o = &((const RtCore *)st)->dec.opt[i];
    uint64_t h = mix(mix(0, o->kind), (uint64_t)(int64_t)o->a);
    int n = o->kind == RT_OPT_CARDS ? o->n
          : o->kind == RT_OPT_CARD || o->kind == RT_OPT_TRIGGER ? 1 : 0;
    for (int k = 0; k < n && k < RT_MAX_PICK; k++)
        h = mix(h, o->ids[k] < g->ninstances ? name_hash(g->card_name[o->ids[k]]) : o->ids[k]);
    if (o->kind == RT_OPT_WORDS)
        for (int k = 0; k < RT_MAX_WORDS; k++)
            h = mix(h, (uint64_t)(int64_t)o->words.value[k]);
    return h;
}

static int new_node(RtAi *ai, int *used, int parent, uint64_t key, int player)
{
    int i = (*used)++;
    ai->nodes[i] = (Node){key, -1, -1, 0, 0, 0, (int16_t)player, 0};
    if (parent >= 0) {
        ai->nodes[i].next = ai->nodes[parent].child;
        ai->nodes[parent].child = i;
    }
    return i;
}

static int child_of(const RtAi *ai, int node, uint64_t key)
{
    for (int k = ai->nodes[node].child; k >= 0; k = ai->nodes[k].next)
        if (ai->nodes[k].key == key)
            return k;
    return -1;
}

/* One step down from node in the playout state: an option no child has
 * yet (expanded: *expanded set), else the best by UCB among the children
 * offered here (each counted as available). Applies it; returns the
 * child. */
static int descend(RtAi *ai, int node, int *used, RtRng *r, bool *expanded)
{
    const RtCore *c = ai->base;
    int n = c->dec.noptions, nfresh = 0, best = -1, best_i = 0;
    int fresh[RT_MAX_OPTIONS], kid[RT_MAX_OPTIONS];
    double best_ucb = -INFINITY;
    for (int i = 0; i < n; i++) {
        kid[i] = child_of(ai, node, option_key(ai->g, ai->base, i));
        if (kid[i] < 0)
            fresh[nfresh++] = i;
    }
    if (nfresh > 0) {
        int i = fresh[rt_below(r, (uint32_t)nfresh)];
        int k = new_node(ai, used, node, option_key(ai->g, ai->base, i), c->dec.player);
        *expanded = true;
        rt_apply(ai->g, ai->base, i);
        return k;
    }
    ai->stamp++;
    for (int i = 0; i < n; i++) {
        Node *k = &ai->nodes[kid[i]];
        if (k->stamp == ai->stamp)
            continue;       /* two options of one move: counted once */
        k->stamp = ai->stamp;
        k->avail++;
        double u = k->reward / k->visits + 0.7 * root(ln((double)k->avail) / k->visits);
        if (u > best_ucb) {
            best_ucb = u;
            best = kid[i];
            best_i = i;
        }
    }
    rt_apply(ai->g, ai->base, best_i);
    return best;
}

static void iterate(RtAi *ai, const void *st, int *used, RtRng *r)
{
    int path[RT_AI_DEPTH + 1], depth = 0, node = 0;
    bool expanded = false;
    deal(ai, st, ((const RtCore *)st)->dec.player, r);
    const RtCore *c = ai->base;
    while (c->over == RT_PLAYING && !expanded && depth < RT_AI_DEPTH) {
        node = descend(ai, node, used, r, &expanded);
        path[depth++] = node;
    }
    playout(ai, ai->base, r, RT_AI_DEPTH - depth);
    double res[RT_MAX_PLAYERS];
    results(ai, ai->base, res);
    for (int k = 0; k < depth; k++) {
        Node *nd = &ai->nodes[path[k]];
        nd->visits++;
        nd->reward += res[nd->player];
    }
}

static int ismcts(RtAi *ai, const void *st, int budget, RtRng *r)
{
    if (ai->cap < budget + 1) {
        Node *n = realloc(ai->nodes, (size_t)(budget + 1) * sizeof *n);
        if (!n)
            return flat_mc(ai, st, budget, r);
        ai->nodes = n;
        ai->cap = budget + 1;
    }
    int used = 0;
    new_node(ai, &used, -1, 0, -1);
    for (int k = 0; k < budget; k++)
        iterate(ai, st, &used, r);
    const RtDecision *d = &((const RtCore *)st)->dec;
    double visits[RT_MAX_OPTIONS];
    for (int i = 0; i < d->noptions; i++) {
        int k = child_of(ai, 0, option_key(ai->g, st, i));
        visits[i] = k >= 0 ? ai->nodes[k].visits : -1;
    }
    return pick_best(visits, d->noptions, r);
}

int rt_ai_choose(RtAi *ai, const void *st, RtAiKind kind, int budget)
{
    const RtCore *c = st;
    RtRng r;
    agent_rng(ai, st, &r);
    if (c->dec.noptions <= 1)
        return 0;
    switch (kind) {
    case RT_AI_GREEDY:
        return greedy(ai, st, &r);
    case RT_AI_MC:
        return flat_mc(ai, st, budget, &r);
    default:
        return ismcts(ai, st, budget, &r);
    }
}
