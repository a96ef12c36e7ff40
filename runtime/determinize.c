/* determinize.c: a state seat p cannot tell from the true one, for the
 * search agents (ai.c; RUNTIME.md, "Determinization").
 *
 * The cards p does not know are those in a slot p does not see (rt_sees),
 * not shown to p where they lie (rt_card_seen), and not followed by p
 * into their slot (known[], from rt_ai_observe). They are dealt again
 * among their own places (a sweep of transpositions across slots, then a
 * Fisher-Yates shuffle within each slot): a card may take the place of
 * another only where the rules may put it (RtGame.may_hold, the
 * checker's card kinds per zone) and only when both have one origin (the
 * slot p last lost track of it in: rt_ai_origin; a card dealt from a
 * face-down pile of gems into a hand is a gem), and a card whose slot p
 * knows only within that slot. A card stays where it is when it holds cards (a held
 * zone's holder), when the pending decision names it (an option, the set
 * chosen so far, the event in progress, the window's arguments: the
 * decider reads them), and every zone keeps its size. A card local of a
 * frame that waits is made to hold the card dealt where its card lay
 * (RtGame.repoint_locals: the rules move on the card at that place). Two
 * cards that change places exchange their per-card variables when p did
 * not know one of them when its own were last given (rt_ai_placed: they
 * describe the place, not the card); else each keeps its own. Then what the
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

bool rt_card_var_dealt(const RtGame *g, int v)
{
    return g->vars[v].per_player == RT_VAR_PER_CARD && !(g->var_secret && g->var_secret[v]);
}

/* Cards a and b changed places: when p did not know the card that lay at
 * either place when its per-card variables were last given (here[], per
 * place), those values describe the place, and the two cards exchange
 * them (a mixed pair too: what p knew of the other card is given up to
 * keep the place's); the secret ones are forgotten after (forget_unknown). */
static void place_values(const RtGame *g, void *st, const uint8_t *here, int i, int j,
                         int a, int b)
{
    if (!here[i] && !here[j])
        return;
    for (int v = 0; v < g->nvars; v++)
        if (rt_card_var_dealt(g, v)) {
            int32_t *x = (int32_t *)((char *)st + g->vars[v].offset);
            int32_t t = x[a];
            x[a] = x[b];
            x[b] = t;
        }
}

/* Swaps the cards of places i and j when each may lie in the other's
 * (inslot[] follows its card; the values of here[] stay: place_values). */
static bool try_swap(const RtGame *g, void *st, const int *slot, const int *pos,
                     int *inslot, const uint8_t *here, int i, int j)
{
    uint16_t *a = &slot_cards(g, st, slot[i])[pos[i]];
    uint16_t *b = &slot_cards(g, st, slot[j])[pos[j]];
    if (slot[i] != slot[j] &&
        (inslot[i] || inslot[j] || !may_hold(g, slot[j], *a) || !may_hold(g, slot[i], *b)))
        return false;
    uint16_t t = *a;
    *a = *b;
    *b = t;
    place_values(g, st, here, i, j, *a, *b);
    int k = inslot[i];
    inslot[i] = inslot[j];
    inslot[j] = k;
    return true;
}

/* Do the cards at places i and j have one origin (origin[c], the slot p
 * last lost track of c in)? p cannot tell them apart by where it saw
 * them come from; a swap keeps the origin each place holds. */
static bool same_origin(const RtGame *g, void *st, const int *slot, const int *pos,
                        const int32_t *origin, int i, int j)
{
    return origin[slot_cards(g, st, slot[i])[pos[i]]] ==
           origin[slot_cards(g, st, slot[j])[pos[j]]];
}

/* Each card p does not know, in turn, changes places with one at random
 * of its origin that may lie in its place and it in the other's
 * (RT_DEAL_TRIES tries): the cards cross between slots and zones (a deck
 * and the hands dealt from it) as the rules may move them. */
static bool sweep(const RtGame *g, void *st, RtRng *r, const int *slot, const int *pos,
                  int *inslot, const int32_t *origin, const uint8_t *here, int n)
{
    bool moved = false;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < RT_DEAL_TRIES && !inslot[i]; k++) {
            int j = (int)rt_below(r, (uint32_t)n);
            if (j != i && slot[j] != slot[i] && same_origin(g, st, slot, pos, origin, i, j) &&
                try_swap(g, st, slot, pos, inslot, here, i, j)) {
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
                          const int *pos, int *inslot, const uint8_t *here, int n)
{
    bool moved = false;
    for (int a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && slot[b] == slot[a]; b++)
            ;
        for (int i = b - 1; i > a; i--) {
            int j = a + (int)rt_below(r, (uint32_t)(i - a + 1));
            if (j != i)
                moved |= try_swap(g, st, slot, pos, inslot, here, i, j);
        }
    }
    return moved;
}

/* Before the deal, per place i of a card p does not know: was[i], the
 * card there, and here[i], p did not know it when its per-card variables
 * were last given (placed, bit p: rt_ai_placed; NULL: never). */
static void note_places(const RtGame *g, const void *st, int p, const uint8_t *placed,
                        const int *slot, const int *pos, int n, int *was, uint8_t *here)
{
    for (int i = 0; i < n; i++) {
        was[i] = slot_cards(g, (void *)st, slot[i])[pos[i]];
        here[i] = placed && (placed[was[i]] >> p) & 1;
    }
}

/* After it: to[c], the card dealt where card c lay (c itself when it was
 * not dealt), to which a card local holding c is made to point. */
static void repoint_locals(const RtGame *g, void *st, const int *slot, const int *pos,
                           const int *was, int n, int *to)
{
    for (int c = 0; c < g->ninstances; c++)
        to[c] = c;
    for (int i = 0; i < n; i++)
        to[was[i]] = slot_cards(g, st, slot[i])[pos[i]];
    g->repoint_locals(st, to);
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

void rt_determinize(const RtGame *g, void *st, int p, const uint8_t *known,
                    const int32_t *origin, const uint8_t *placed, RtRng *r, int *scratch)
{
    int N = g->ninstances;
    int *slot = scratch, *pos = scratch + N, *inslot = scratch + 2 * N;
    int *was = scratch + 3 * N, *to = scratch + 4 * N;
    uint8_t *pinned = (uint8_t *)(scratch + 5 * N), *here = pinned + N;
    memset(pinned, 0, (size_t)N);
    pin_named(g, st, pinned);
    int n = unknown_places(g, st, p, known, pinned, slot, pos, inslot);
    note_places(g, st, p, placed, slot, pos, n, was, here);
    bool moved = sweep(g, st, r, slot, pos, inslot, origin, here, n);
    moved |= shuffle_slots(g, st, r, slot, pos, inslot, here, n);
    if (moved && g->sync)
        g->sync(st);
    if (moved && g->repoint_locals)
        repoint_locals(g, st, slot, pos, was, n, to);
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
             const int32_t *origin, const uint8_t *placed, const RtTold *told, RtRng *r,
             int *scratch)
{
    bool tells = told && told->n > 0 && g->told_holds;
    for (int k = 0; tells && k < RT_TOLD_TRIES; k++) {
        rt_clone(g, dst, st);
        rt_determinize(g, dst, p, known, origin, placed, r, scratch);
        if (told_all_hold(g, dst, told))
            return true;
    }
    rt_clone(g, dst, st); /* a deal not checked: a condition may have faulted */
    rt_determinize(g, dst, p, known, origin, placed, r, scratch);
    return !tells;
}
