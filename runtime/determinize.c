/* determinize.c: a state seat p cannot tell from the true one, for the
 * search agents (ai.c; RUNTIME.md, "Determinization").
 *
 * The cards p does not know are those in a slot p does not see (rt_sees),
 * not shown to p where they lie (rt_card_seen), and not followed by p
 * into their slot (known[], from rt_ai_observe). They are dealt again
 * among their own places (a sweep of transpositions across slots, then a
 * Fisher-Yates shuffle within each slot): a card may take the place of
 * another only where the rules may put it (RtGame.may_hold, the
 * checker's card kinds per zone), and a card whose slot p knows only
 * within that slot. A card stays where it is when it holds cards (a held
 * zone's holder), when the pending decision names it (an option, the set
 * chosen so far, the event in progress, the window's arguments: the
 * decider reads them), when a frame of the rules holds it in a card local
 * where it waits (RtGame.pin_locals: the rules move it on from where it
 * lies), and every zone keeps its size. Then what the
 * rules keep from p besides cards is dealt again by the game's own code
 * (RtGame.redeal: the other seats' `owner` variables, the secret hidden
 * variables, the sealed answers of the window asking p), after each card
 * p does not know forgot its secret per-card variables (RtGame.forget).
 * The game's own generator is reseeded from r:
 * what a shuffle to come deals is unknown too. */
#include "ai.h"

#include <string.h>

/* Places a card of the sweep tries, at most, for one it may swap with. */
enum { RT_DEAL_TRIES = 8 };

static uint16_t *slot_cards(const RtGame *g, void *st, int s)
{
    return (uint16_t *)((char *)st + g->off_zcard) + (size_t)s * (size_t)g->ninstances;
}

/* pinned[c] = 1 for the cards that keep their place whoever decides:
 * holders of cards, and those the pending decision names. */
static void pin_named(const RtGame *g, const void *st, uint8_t *pinned)
{
    for (int s = 0; s < g->nslots; s++) {
        int h = rt_slot_holder(g, s);
        if (h >= 0 && rt_zone_size(g, st, s) > 0)
            pinned[h] = 1;
    }
    const RtDecision *d = &((const RtCore *)st)->dec;
    for (int i = 0; i < d->noptions; i++) {
        const RtOption *o = &d->opt[i];
        int n = o->kind == RT_OPT_CARDS ? o->n
              : o->kind == RT_OPT_CARD || o->kind == RT_OPT_TRIGGER ? 1 : 0;
        for (int k = 0; k < n && k < RT_MAX_PICK; k++)
            if (o->ids[k] < g->ninstances)
                pinned[o->ids[k]] = 1;
    }
    RtSetStep t;
    if (rt_set_step(g, st, &t))
        for (int k = 0; k < t.nchosen; k++)
            if (t.chosen[k] < g->ninstances)
                pinned[t.chosen[k]] = 1;
    RtDuring du;
    if (g->during && g->during(st, &du) && du.cause >= 0 && du.cause < g->ninstances)
        pinned[du.cause] = 1;
    const RtWindow *w = rt_window_of(g, st);
    for (int k = 0; w && k < w->nargs && k < RT_WINDOW_ARGS; k++)
        if ((w->argkind[k] == RT_ARG_CARD || w->argkind[k] == RT_ARG_CARD_SHOWN) &&
            w->arg[k] >= 0 && w->arg[k] < g->ninstances)
            pinned[w->arg[k]] = 1;
}

/* The places of the cards p does not know: slot[i], pos[i]; inslot[i] 1
 * when the card must stay in its slot (p followed it there). */
static int unknown_places(const RtGame *g, const void *st, int p, const uint8_t *known,
                          const uint8_t *pinned, int *slot, int *pos, int *inslot)
{
    int n = 0;
    for (int s = 0; s < g->nslots; s++) {
        if (!rt_slot_used(g, st, s) || rt_sees(g, st, s, p))
            continue;
        const uint16_t *cards = slot_cards(g, (void *)st, s);
        int size = rt_zone_size(g, st, s);
        for (int i = 0; i < size; i++) {
            int c = cards[i];
            if (pinned[c] || (rt_card_seen(g, st, c) >> p) & 1)
                continue;
            slot[n] = s;
            pos[n] = i;
            inslot[n] = (known[c] >> p) & 1;
            n++;
        }
    }
    return n;
}

static bool may_hold(const RtGame *g, int s, int c)
{
    return !g->may_hold || g->may_hold(g->slot_zone[s], c);
}

/* Swaps the cards of places i and j when each may lie in the other's
 * (inslot[] follows its card). */
static bool try_swap(const RtGame *g, void *st, const int *slot, const int *pos,
                     int *inslot, int i, int j)
{
    uint16_t *a = &slot_cards(g, st, slot[i])[pos[i]];
    uint16_t *b = &slot_cards(g, st, slot[j])[pos[j]];
    if (slot[i] != slot[j] &&
        (inslot[i] || inslot[j] || !may_hold(g, slot[j], *a) || !may_hold(g, slot[i], *b)))
        return false;
    uint16_t t = *a;
    *a = *b;
    *b = t;
    int k = inslot[i];
    inslot[i] = inslot[j];
    inslot[j] = k;
    return true;
}

/* Each card p does not know, in turn, changes places with one at random
 * that may lie in its place and it in the other's (RT_DEAL_TRIES tries):
 * the cards cross between slots and zones (a deck and the hands dealt
 * from it) as the rules may move them. */
static bool sweep(const RtGame *g, void *st, RtRng *r, const int *slot, const int *pos,
                  int *inslot, int n)
{
    bool moved = false;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < RT_DEAL_TRIES && !inslot[i]; k++) {
            int j = (int)rt_below(r, (uint32_t)n);
            if (j != i && slot[j] != slot[i] && try_swap(g, st, slot, pos, inslot, i, j)) {
                moved = true;
                break;
            }
        }
    return moved;
}

/* Then a Fisher-Yates shuffle of each slot's unknown places (a slot's
 * places are consecutive): every card of a slot may take every place of
 * it, so the order within each slot is uniform, whatever the true one. */
static bool shuffle_slots(const RtGame *g, void *st, RtRng *r, const int *slot,
                          const int *pos, int *inslot, int n)
{
    bool moved = false;
    for (int a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && slot[b] == slot[a]; b++)
            ;
        for (int i = b - 1; i > a; i--) {
            int j = a + (int)rt_below(r, (uint32_t)(i - a + 1));
            if (j != i)
                moved |= try_swap(g, st, slot, pos, inslot, i, j);
        }
    }
    return moved;
}

/* Each card p does not know (as unknown_places has it, pinned or not)
 * forgets its secret per-card variables (RtGame.forget): their values
 * may tell which card it is, or what befell it out of p's sight. */
static void forget_unknown(const RtGame *g, void *st, int p, const uint8_t *known)
{
    for (int c = 0; c < g->ninstances; c++) {
        int s = rt_card_slot(g, st, c);
        if (s >= 0 && !rt_sees(g, st, s, p) && !((known[c] >> p) & 1) &&
            !((rt_card_seen(g, st, c) >> p) & 1))
            g->forget(st, c);
    }
}

void rt_determinize(const RtGame *g, void *st, int p, const uint8_t *known, RtRng *r,
                    int *scratch)
{
    int N = g->ninstances;
    int *slot = scratch, *pos = scratch + N, *inslot = scratch + 2 * N;
    uint8_t *pinned = (uint8_t *)(scratch + 3 * N);
    memset(pinned, 0, (size_t)N);
    pin_named(g, st, pinned);
    if (g->pin_locals)
        g->pin_locals(st, pinned);
    int n = unknown_places(g, st, p, known, pinned, slot, pos, inslot);
    bool moved = sweep(g, st, r, slot, pos, inslot, n);
    moved |= shuffle_slots(g, st, r, slot, pos, inslot, n);
    if (moved && g->sync)
        g->sync(st);
    if (g->forget)
        forget_unknown(g, st, p, known);
    if (g->redeal)
        g->redeal(st, p, r);
    uint64_t seed = rt_next(r);
    rt_seed(&((RtCore *)st)->rng, seed << 32 | rt_next(r));
}

/* ---- what a public choice told ---- */

/* Does every record of told hold in deal st? */
static bool told_all_hold(const RtGame *g, void *st, const RtTold *told)
{
    for (int k = 0; k < told->n; k++)
        if (!g->told_holds(st, told->rec + (size_t)k * (size_t)g->told_ints))
            return false;
    return true;
}

bool rt_deal(const RtGame *g, void *dst, const void *st, int p, const uint8_t *known,
             const RtTold *told, RtRng *r, int *scratch)
{
    bool tells = told && told->n > 0 && g->told_holds;
    for (int k = 0; tells && k < RT_TOLD_TRIES; k++) {
        rt_clone(g, dst, st);
        rt_determinize(g, dst, p, known, r, scratch);
        if (told_all_hold(g, dst, told))
            return true;
    }
    rt_clone(g, dst, st); /* a deal not checked: a condition may have faulted */
    rt_determinize(g, dst, p, known, r, scratch);
    return !tells;
}
