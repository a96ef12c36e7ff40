/* view.c: what a seat may see, shown to people (the terminal) and to
 * programs (the JSON protocol): the zones, the question (and the window
 * it belongs to), the moves as they happen, a window's answers once it
 * closes, and the end of the game.
 *
 * "The viewers" are the seats this stream plays (human seats at the
 * terminal, json seats in the protocol). A moving card is named if a
 * viewer may see the slot it leaves or the slot it enters; --reveal-all
 * names everything. A copy of a card of several copies that the viewers
 * see face up in a zone `in play` is numbered, "Library #2" (copies_shown;
 * RUNTIME.md, "Copies in play"). */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

static const RtCore *core(const RtPlay *pl)
{
    return pl->st;
}

static bool seat_sees(const RtPlay *pl, int slot, int p)
{
    return pl->reveal_all || rt_sees(pl->g, pl->st, slot, p);
}

static bool viewers_see(const RtPlay *pl, int slot)
{
    if (pl->reveal_all)
        return slot >= 0;
    for (int p = 0; p < pl->nplayers; p++)
        if (((pl->viewers >> p) & 1u) && rt_sees(pl->g, pl->st, slot, p))
            return true;
    return false;
}

static const char *card_name(const RtGame *g, int c)
{
    return c >= 0 && c < g->ninstances ? g->card_name[c] : "?";
}

/* Card c's attributes the rules read ("red"), shown after its name at the
 * terminal only (RtGame.card_label): never in JSON, whose card names are
 * pinned, and only where the name itself is shown. NULL: none. */
static const char *terminal_label(const RtPlay *pl, int c)
{
    const RtGame *g = pl->g;
    return !pl->json && g->card_label && c >= 0 && c < g->ninstances ? g->card_label[c] : NULL;
}

/* " (red)" after a name written at the terminal, if card c has a label. */
static void put_terminal_label(const RtPlay *pl, int c)
{
    const char *label = terminal_label(pl, c);
    if (label)
        fprintf(pl->out, " (%s)", label);
}

/* Whom a text built from values is shown to (rt_words): seat p, or the
 * viewers for p < 0; and the seat that was asked it. */
typedef struct WordsFor {
    const RtPlay *pl;
    int p;
    int decider;
} WordsFor;

static bool words_see(void *ctx, int card)
{
    const WordsFor *w = ctx;
    if (card == RT_WORDS_VALUES) /* what a seat deciding reads: the viewers, if one decides */
        return w->p >= 0 || w->pl->reveal_all || ((w->pl->viewers >> w->decider) & 1u);
    if (card < RT_WORDS_VALUES) /* RT_WORDS_COPY: its number in play */
        return rt_seen_copy(w->pl, RT_WORDS_COPY(card), w->p) > 0;
    int slot = rt_card_slot(w->pl->g, w->pl->st, card);
    return w->p >= 0 ? seat_sees(w->pl, slot, w->p) : viewers_see(w->pl, slot);
}

/* The pending decision's prompt as seat p (-1: the viewers) may read it:
 * a card it may not see is "a card". */
static const char *prompt_for(RtPlay *pl, int p)
{
    WordsFor w = {pl, p, core(pl)->dec.player};
    return rt_prompt_text(pl->g, pl->st, words_see, &w, pl->prompt, sizeof pl->prompt);
}

/* The escape sequence esc when pl writes in colour, else "": a heading
 * bold, a result in its colour. OFF ends it. */
#define BOLD "\033[1m"
#define OFF "\033[0m"
static const char *esc(const RtPlay *pl, const char *seq)
{
    return pl->colour ? seq : "";
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

void rt_slot_name(const RtGame *g, int slot, char *buf, size_t n)
{
    if (slot < 0 || slot >= g->nslots) {
        snprintf(buf, n, "nowhere");
        return;
    }
    const RtZone *z = &g->zones[g->slot_zone[slot]];
    char holder[1024];
    if (z->per_player)
        snprintf(buf, n, "%s of Player %d", z->name, g->slot_owner[slot] + 1);
    else if (rt_slot_holder(g, slot) >= 0)
        snprintf(buf, n, "%s[%s]", z->name, rt_holder_name(g, slot, holder, sizeof holder));
    else
        snprintf(buf, n, "%s", z->name);
}

/* Was seat p (-1: any viewer) shown card c where it lies (`show`), or is
 * it the top card of a `top public` zone (rt_card_seen)? */
static bool shown_to(const RtPlay *pl, int c, int p)
{
    unsigned seen = rt_card_seen(pl->g, pl->st, c);
    return p < 0 ? (seen & pl->viewers) != 0 : ((seen >> p) & 1u) != 0;
}

/* May seat p (-1: the viewers of the stream) see card c where it is: it
 * sees the slot, or was shown the card there? */
static bool card_seen(const RtPlay *pl, int c, int p)
{
    int slot = rt_card_slot(pl->g, pl->st, c);
    return (p < 0 ? viewers_see(pl, slot) : seat_sees(pl, slot, p)) || shown_to(pl, c, p);
}

bool rt_play_card_seen(const RtPlay *pl, int c, int p)
{
    return card_seen(pl, c, p);
}

/* May seat p (-1: the viewers) know which card slot lies under: each
 * holder up its chain seen where it lies (yes for a slot of no held
 * zone)? A note under a card in another seat's hand must not name that
 * card, nor a move into it, nor the slot's own entry in a view. */
static bool holder_seen(const RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    for (int n = 0; n < 64 && slot >= 0 && slot < g->nslots; n++) {
        int h = rt_slot_holder(g, slot);
        if (h < 0)
            return true;
        if (!card_seen(pl, h, p))
            return false;
        slot = rt_card_slot(g, pl->st, h); /* a chain of holders is bounded */
    }
    return true;
}

/* The name of slot as seat p (-1: the viewers) may read it: a held slot
 * whose holder it may not see is "notes[a card]". */
static void shown_slot_name(const RtPlay *pl, int slot, int p, char *buf, size_t n)
{
    if (slot >= 0 && slot < pl->g->nslots && !holder_seen(pl, slot, p)) {
        snprintf(buf, n, "%s[a card]", pl->g->zones[pl->g->slot_zone[slot]].name);
        return;
    }
    rt_slot_name(pl->g, slot, buf, n);
}

/* Are the copies of the cards in slot numbered to seat p (-1: the
 * viewers)? Its zone is `in play`, and p sees the slot and its holder: a
 * copy face down, or under a card p may not see, has no number. */
static bool copies_shown(const RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    if (!g->slot_in_play || slot < 0 || slot >= g->nslots || !g->slot_in_play[slot])
        return false;
    return (p < 0 ? viewers_see(pl, slot) : seat_sees(pl, slot, p)) && holder_seen(pl, slot, p);
}

/* The copy number of card c in slot as seat p (-1: the viewers) reads
 * it: K when its card has several copies and they are numbered there
 * (copies_shown), else 0. */
static int shown_copy(const RtPlay *pl, int c, int slot, int p)
{
    int copies, k = rt_card_copy(pl->g, c, &copies);
    return copies > 1 && copies_shown(pl, slot, p) ? k : 0;
}

int rt_seen_copy(const RtPlay *pl, int c, int p)
{
    return c >= 0 && c < pl->g->ninstances ? shown_copy(pl, c, rt_card_slot(pl->g, pl->st, c), p)
                                           : 0;
}

/* Card c's name as seat p (-1: the viewers) reads it where it lies:
 * "Library #2" in play, else "Library" (rt_card_label). Into buf. */
static const char *seen_name(const RtPlay *pl, int c, int p, char *buf, size_t n)
{
    int k = rt_seen_copy(pl, c, p);
    if (k > 0)
        snprintf(buf, n, "%s #%d", card_name(pl->g, c), k);
    else
        snprintf(buf, n, "%s", card_name(pl->g, c));
    return buf;
}

/* Card c's terminal label into pl->label, which names c: right after the
 * name and its copy's " #K", before what follows ("(under ...)"), as
 * everywhere a name is written: "Nerd (red) (under French Classroom)". */
static void insert_terminal_label(RtPlay *pl, int c)
{
    const char *label = terminal_label(pl, c), *name = card_name(pl->g, c);
    size_t n = strlen(name), len = strlen(pl->label);
    if (!label || strncmp(pl->label, name, n) != 0)
        return;
    if (pl->label[n] == ' ' && pl->label[n + 1] == '#')
        for (n += 2; pl->label[n] >= '0' && pl->label[n] <= '9'; n++)
            ;
    char rest[sizeof pl->label];
    memcpy(rest, pl->label + n, len - n + 1);
    snprintf(pl->label + n, sizeof pl->label - n, " (%s)%s", label, rest);
}

/* Option i's label as seat p (-1: the viewers) may read it: a card under
 * a holder it may not see is named without its holder ("(under ...)"),
 * and a copy in play that p may not see there without its number. */
static const char *seat_label(RtPlay *pl, int i, int p)
{
    const RtOption *o = &core(pl)->dec.opt[i];
    if (o->kind == RT_OPT_WORDS) {
        WordsFor w = {pl, p, core(pl)->dec.player};
        return rt_words(pl->g, pl->st, pl->g->labels[o->a], o->words.value, words_see, &w,
                        pl->label, sizeof pl->label);
    }
    int slot = o->kind == RT_OPT_CARD ? rt_card_slot(pl->g, pl->st, o->ids[0]) : -1;
    if (o->kind == RT_OPT_CARD &&
        (!holder_seen(pl, slot, p) ||
         (rt_play_copy(pl->g, pl->st, o->ids[0]) > 0 && !copies_shown(pl, slot, p))))
        rt_option_text(pl->g, o, pl->label, sizeof pl->label);
    else
        rt_option_label(pl->g, pl->st, i, pl->label, sizeof pl->label);
    if (o->kind == RT_OPT_CARD)
        insert_terminal_label(pl, o->ids[0]);
    return pl->label;
}

/* The label of option i as the viewers may see it: a card they may not
 * see is not named ("a card", "3 cards"). */
const char *rt_shown_label(RtPlay *pl, int i)
{
    const RtOption *o = &core(pl)->dec.opt[i];
    int n = o->kind == RT_OPT_CARD || o->kind == RT_OPT_TRIGGER ? 1
            : o->kind == RT_OPT_CARDS                          ? o->n
                                                               : 0;
    bool hidden = false;
    for (int k = 0; k < n && k < RT_MAX_PICK; k++)
        if (!card_seen(pl, o->ids[k], -1))
            hidden = true;
    if (!hidden)
        return seat_label(pl, i, -1);
    if (o->kind == RT_OPT_TRIGGER)
        snprintf(pl->label, sizeof pl->label, "a card's trigger");
    else if (n == 1)
        snprintf(pl->label, sizeof pl->label, "a card");
    else
        snprintf(pl->label, sizeof pl->label, "%d cards", n);
    return pl->label;
}

/* The event or handler the pending decision is taken during, with the
 * name of its cause when player p may see where that card is (else
 * *cause is NULL); false when none is in progress. */
static bool during(const RtPlay *pl, int p, RtDuring *d, const char **cause)
{
    if (!pl->g->during || !pl->g->during(pl->st, d))
        return false;
    int slot = d->cause >= 0 ? rt_card_slot(pl->g, pl->st, d->cause) : -1;
    *cause = slot >= 0 && seat_sees(pl, slot, p) ? card_name(pl->g, d->cause) : NULL;
    return true;
}

/* ---- windows: what both views say of one ---- */

static const char *event_name(const RtGame *g, int e)
{
    return e >= 0 && e < g->nevents && g->events ? g->events[e] : "?";
}

/* ---- terminal ---- */

/* "before destroy (French Classroom), by Player 1": what window w is
 * before, its cards named if seat p may see them. */
static void print_window(RtPlay *pl, const RtWindow *w, int p)
{
    char name[1200];
    if (w->kind == RT_WINDOW_SIMUL) {
        fputs("a simultaneous choice", pl->out);
        return;
    }
    fprintf(pl->out, "before %s", event_name(pl->g, w->event));
    for (int i = 0; i < w->nargs && i < RT_WINDOW_ARGS; i++) {
        int32_t v = w->arg[i];
        fputs(i ? ", " : " (", pl->out);
        switch (w->argkind[i]) {
        case RT_ARG_CARD:
        case RT_ARG_CARD_SHOWN:
            fputs(v < 0 ? "none"
                  : w->argkind[i] == RT_ARG_CARD_SHOWN || card_seen(pl, v, p)
                      ? seen_name(pl, v, p, name, sizeof name)
                      : "a card",
                  pl->out);
            break;
        case RT_ARG_PLAYER:
            if (v < 0)
                fputs("none", pl->out);
            else
                fprintf(pl->out, "Player %d", (int)v + 1);
            break;
        case RT_ARG_BOOL:
            fputs(v ? "true" : "false", pl->out);
            break;
        case RT_ARG_ZONE: {
            shown_slot_name(pl, v, p, name, sizeof name);
            fputs(name, pl->out);
            break;
        }
        case RT_ARG_WORD:
            fputs(v >= 0 && v < pl->g->nwords ? pl->g->words[v] : "none", pl->out);
            break;
        default:
            fprintf(pl->out, "%d", (int)v);
        }
    }
    if (w->nargs)
        putc(')', pl->out);
    if (w->by >= 0)
        fprintf(pl->out, ", by Player %d", w->by + 1);
}

/* The question seat order[i] of window w answered, as the viewers may
 * read it: as the question beside a seat's answer (prompt_for), a value
 * of a question no viewer was asked is "...". */
static const char *asked_text(RtPlay *pl, const RtWindow *w, int i)
{
    const RtAsked *q = &w->asked[i];
    const char *t = q->prompt >= 0 && pl->g->prompts ? pl->g->prompts[q->prompt] : "Choose";
    WordsFor f = {pl, -1, w->order[i]};
    if (q->nwords <= 0)
        return t;
    return rt_words(pl->g, pl->st, t, q->word, words_see, &f, pl->prompt, sizeof pl->prompt);
}

/* Is seat p, a seat the stream does not play, asked in the clause of a
 * card the viewers may not see (a face-down Mole's `on`)? Its question is
 * written on that card, as the clause's file and line are (json_during),
 * and would name it; a viewer deciding was asked it. */
static bool seat_asked_by_unseen_card(const RtPlay *pl, int p)
{
    RtDuring d;
    if (pl->reveal_all || ((pl->viewers >> p) & 1u) || !pl->g->during ||
        !pl->g->during(pl->st, &d))
        return false;
    return d.handler && d.cause >= 0 && !card_seen(pl, d.cause, -1);
}

/* The answer seat order[i] of a simultaneous choice gave, as the viewers
 * may read it once all are in: as a "Player N chooses" line shows an
 * answer (rt_shown_label), a card they may not see where it lies is "a
 * card", and a value of a label built for another seat "..."; but the
 * value a choice of a value gave is named, as a player or yes is (its
 * label is that value and nothing else: a sealed bid is revealed). A
 * card seen is numbered where copies in play are (" #K") when `numbered`
 * (the terminal; the protocol gives the number in its own field). */
static const char *sealed_answer(RtPlay *pl, const RtWindow *w, int i, bool numbered)
{
    const RtOption *o = &w->answer[i];
    if (seat_asked_by_unseen_card(pl, w->order[i])) /* its labels are written on it */
        return "an option";
    if (o->kind == RT_OPT_WORDS && o->words.is_value)
        return rt_option_text(pl->g, o, pl->label, sizeof pl->label);
    if (o->kind == RT_OPT_WORDS) {
        WordsFor f = {pl, -1, w->order[i]};
        return rt_words(pl->g, pl->st, pl->g->labels[o->a], o->words.value, words_see, &f,
                        pl->label, sizeof pl->label);
    }
    if (o->kind == RT_OPT_CARD && !card_seen(pl, o->ids[0], -1))
        return "a card";
    if (o->kind == RT_OPT_CARD && numbered)
        return seen_name(pl, o->ids[0], -1, pl->label, sizeof pl->label);
    return rt_option_text(pl->g, o, pl->label, sizeof pl->label);
}

/* The answers of a simultaneous choice, once every seat has answered:
 * one "Player N chooses: LABEL (QUESTION)" line each, in seat order, as
 * any answer is printed, none before the last seat has answered. */
static void print_simul_answers(RtPlay *pl, const RtWindow *w)
{
    for (int i = 0; i < w->nseats && i < RT_MAX_PLAYERS; i++) {
        fprintf(pl->out, "Player %d chooses: %s", w->order[i] + 1,
                sealed_answer(pl, w, i, true));
        fprintf(pl->out, " (%s)\n", seat_asked_by_unseen_card(pl, w->order[i])
                                         ? "a card's question"
                                         : asked_text(pl, w, i));
    }
}

/* The answers of a window that closed, in the order asked, each beside
 * its question: "Player 2: Escape (Respond to destroy?)". */
static void print_responses(RtPlay *pl, const RtWindow *w)
{
    if (w->kind == RT_WINDOW_SIMUL) {
        print_simul_answers(pl, w);
        return;
    }
    fputs("Responses ", pl->out);
    print_window(pl, w, -1);
    fputs(":", pl->out);
    for (int i = 0; i < w->nseats && i < RT_MAX_PLAYERS; i++) {
        const RtOption *o = &w->answer[i];
        int k = o->kind == RT_OPT_CARD ? rt_seen_copy(pl, o->ids[0], -1) : 0;
        fprintf(pl->out, "%s Player %d: %s", i ? ";" : "", w->order[i] + 1,
                rt_option_text(pl->g, o, pl->label, sizeof pl->label));
        if (k > 0)
            fprintf(pl->out, " #%d", k);
        fprintf(pl->out, " (%s)", asked_text(pl, w, i));
    }
    putc('\n', pl->out);
}

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The cards of slot as the terminal lists them, into a malloc'd array
 * of n (NULL, and the zone's own order, if it cannot have one): an
 * ordered zone's from the bottom; a zone that keeps no order in the order
 * of cards.yaml (a card's copies together), which is where a human finds
 * a card in their hand whatever the moves that brought it there. */
static int *listed_cards(const RtGame *g, const void *st, int slot, int n)
{
    int *c = n > 0 ? malloc(sizeof *c * (size_t)n) : NULL;
    if (!c)
        return NULL;
    for (int i = 0; i < n; i++)
        c[i] = rt_zone_card(g, st, slot, i);
    if (!g->zones[g->slot_zone[slot]].ordered)
        qsort(c, (size_t)n, sizeof *c, by_number);
    return c;
}

/* The cards of a slot seat p may not see that it was shown, where they
 * lie: " (shown to you: Priest)" (in the order of cards.yaml), or in an
 * ordered zone " (shown to you: Bomb 1st from the top, Skip 3rd from the
 * top)"; nothing if none. */
static void print_shown(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    bool ordered = g->zones[g->slot_zone[slot]].ordered;
    int n = rt_zone_size(g, pl->st, slot), k = 0;
    int *listed = ordered ? NULL : listed_cards(g, pl->st, slot, n);
    for (int i = n - 1; i >= 0; i--) {
        int c = listed ? listed[n - 1 - i] : rt_zone_card(g, pl->st, slot, i);
        if (!shown_to(pl, c, p))
            continue;
        fprintf(pl->out, "%s%s", k++ ? ", " : " (shown to you: ", card_name(g, c));
        put_terminal_label(pl, c);
        if (ordered)
            fprintf(pl->out, " %d%s from the top", n - i, n - i == 1 ? "st" : n - i == 2 ? "nd"
                                                          : n - i == 3 ? "rd" : "th");
    }
    free(listed);
    if (k)
        putc(')', pl->out);
}

static void print_slot(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    char name[160];
    int n = rt_zone_size(g, pl->st, slot);
    rt_slot_name(g, slot, name, sizeof name);
    fprintf(pl->out, "  %s: ", name);
    if (!seat_sees(pl, slot, p)) {
        fprintf(pl->out, "%d card%s", n, plural(n));
        print_shown(pl, slot, p);
        putc('\n', pl->out);
        return;
    }
    if (n == 0)
        fputs("(empty)", pl->out);
    int *listed = listed_cards(g, pl->st, slot, n);
    for (int i = 0; i < n; i++) {
        int c = listed ? listed[i] : rt_zone_card(g, pl->st, slot, i);
        int k = shown_copy(pl, c, slot, p);
        fprintf(pl->out, "%s%s", i ? ", " : "", card_name(g, c));
        if (k > 0)
            fprintf(pl->out, " #%d", k);
        put_terminal_label(pl, c);
    }
    free(listed);
    if (n > 1 && g->zones[g->slot_zone[slot]].ordered)
        fputs("  (top last)", pl->out);
    putc('\n', pl->out);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Is slot in a view (the terminal's table and JSON alike)? Every slot
 * in use (rt_slot_used), but a slot under a card only while it holds
 * cards: else a game of many holders lists an empty slot under each of
 * them in every view, and an empty slot tells nothing its absence does
 * not (a held slot left out holds no card). */
static bool slot_listed(const RtPlay *pl, int slot)
{
    return rt_slot_used(pl->g, pl->st, slot) &&
           (rt_slot_holder(pl->g, slot) < 0 || rt_zone_size(pl->g, pl->st, slot) > 0);
}

/* The slots of the held zone whose last slot is last that lie under
 * holders seat p may not see: how many cards they hold, whether p sees
 * every such slot (*seen), and then in *names (malloc'd; NULL for none)
 * those cards by name, sorted, so that no slot's order shows. */
static int unseen_holders(RtPlay *pl, int last, int p, bool *seen, const char ***names)
{
    const RtGame *g = pl->g;
    int first = last, n = 0;
    *seen = true;
    while (first > 0 && g->slot_zone[first - 1] == g->slot_zone[last])
        first--;
    for (int s = first; s <= last; s++)
        if (slot_listed(pl, s) && !holder_seen(pl, s, p)) {
            n += rt_zone_size(g, pl->st, s);
            *seen = *seen && seat_sees(pl, s, p);
        }
    *names = *seen && n > 0 ? malloc(sizeof **names * (size_t)n) : NULL;
    if (!*names) {
        *seen = *seen && n == 0; /* out of memory: the cards are not shown */
        return n;
    }
    int k = 0;
    for (int s = first; s <= last; s++)
        if (slot_listed(pl, s) && !holder_seen(pl, s, p))
            for (int i = 0, m = rt_zone_size(g, pl->st, s); i < m && k < n; i++)
                (*names)[k++] = card_name(g, rt_zone_card(g, pl->st, s, i));
    qsort(*names, (size_t)k, sizeof **names, by_name);
    return n;
}

/* Those slots, as one line after the zone's others: "notes[cards not
 * seen]: 2 cards", or "badges[cards not seen]: Badge, Medal" when the
 * zone is seen. */
static void print_unseen_holders(RtPlay *pl, int last, int p)
{
    const char **names;
    bool seen;
    int n = unseen_holders(pl, last, p, &seen, &names);
    fprintf(pl->out, "  %s[cards not seen]: ", pl->g->zones[pl->g->slot_zone[last]].name);
    if (!seen)
        fprintf(pl->out, "%d card%s", n, plural(n));
    else if (n == 0)
        fputs("(empty)", pl->out);
    for (int i = 0; names && i < n; i++)
        fprintf(pl->out, "%s%s", i ? ", " : "", names[i]);
    putc('\n', pl->out);
    free(names);
}

void rt_print_table(RtPlay *pl, int p)
{
    const RtGame *g = pl->g;
    fprintf(pl->out, "\n%s--- what Player %d sees (turn %d) ---%s\n", esc(pl, BOLD), p + 1,
            (int)core(pl)->turns, esc(pl, OFF));
    rt_print_time(pl);
    bool unseen = false; /* a slot of this zone lies under a holder not seen */
    for (int s = 0; s < g->nslots; s++) {
        bool last = s + 1 >= g->nslots || g->slot_zone[s + 1] != g->slot_zone[s];
        if (slot_listed(pl, s) && !holder_seen(pl, s, p))
            unseen = true;
        else if (slot_listed(pl, s))
            print_slot(pl, s, p);
        if (last && unseen)
            print_unseen_holders(pl, s, p);
        unseen = unseen && !last;
    }
    rt_print_numbers(pl, p);
}

/* A step of a set chosen one card at a time: the set so far and its
 * sizes, under the question. */
static void print_set_step(RtPlay *pl)
{
    RtSetStep t;
    if (!rt_set_step(pl->g, pl->st, &t))
        return;
    fputs("  (a set of ", pl->out);
    if (t.lo == t.hi)
        fprintf(pl->out, "%d cards", t.lo);
    else
        fprintf(pl->out, "%d to %d cards", t.lo, t.hi);
    fputs(", chosen one at a time; so far: ", pl->out);
    for (int i = 0; i < t.nchosen; i++)
        fprintf(pl->out, "%s%s", i ? ", " : "", card_name(pl->g, t.chosen[i]));
    fputs(t.nchosen ? ")\n" : "none)\n", pl->out);
}

void rt_print_question(RtPlay *pl)
{
    const RtDecision *d = &core(pl)->dec;
    const RtWindow *w = rt_window_of(pl->g, pl->st);
    RtDuring du;
    const char *cause;
    char name[1200];
    fprintf(pl->out, "%sPlayer %d:%s %s", esc(pl, BOLD), d->player + 1, esc(pl, OFF),
            prompt_for(pl, d->player));
    if (during(pl, d->player, &du, &cause)) {
        fprintf(pl->out, " (during %s", du.event);
        if (du.by >= 0)
            fprintf(pl->out, " by Player %d", du.by + 1);
        if (du.cause >= 0)
            fprintf(pl->out, ", caused by %s",
                    cause ? seen_name(pl, du.cause, d->player, name, sizeof name) : "a card");
        putc(')', pl->out);
    }
    putc('\n', pl->out);
    if (rt_order_choice(d))
        fputs("  (your cards' triggers that fired at once: the one you choose resolves "
              "now, then you choose among the rest)\n", pl->out);
    if (w) {
        fputs("  (", pl->out);
        print_window(pl, w, d->player);
        fputs(w->kind == RT_WINDOW_SIMUL ? ": every player chooses, and no choice is shown or "
                                           "applied until all have chosen)\n"
                                         : "; every player who may respond is asked, and no "
                                           "answer is shown until all have answered)\n",
              pl->out);
    }
    print_set_step(pl);
    for (int i = 0; i < d->noptions; i++)
        fprintf(pl->out, "  %d) %s\n", i + 1, seat_label(pl, i, d->player));
}

static void print_move(RtPlay *pl, const char *name, int copy, RtMove m)
{
    char from[1200], to[1200];
    shown_slot_name(pl, m.from_slot, -1, from, sizeof from);
    shown_slot_name(pl, m.to_slot, -1, to, sizeof to);
    fprintf(pl->out, "  %s", name ? name : "a card");
    if (copy > 0)
        fprintf(pl->out, " #%d", copy);
    if (name)
        put_terminal_label(pl, m.card);
    fprintf(pl->out, ": %s -> %s\n", from, to);
}

/* The turn each seat went out of the game in (RtGame.out), into
 * turn[RT_MAX_PLAYERS]: -1 for a seat still in, and for every seat of a
 * game whose rules put nobody out. */
static void players_out(const RtPlay *pl, int *turn)
{
    int seat[RT_MAX_PLAYERS], when[RT_MAX_PLAYERS];
    int n = pl->g->out ? pl->g->out(pl->st, seat, when) : 0;
    for (int p = 0; p < RT_MAX_PLAYERS; p++)
        turn[p] = -1;
    for (int i = 0; i < n; i++)
        turn[seat[i]] = when[i];
}

static void print_end(RtPlay *pl, const char *abandoned)
{
    const RtCore *c = core(pl);
    char why[RT_LABEL_MAX];
    if (abandoned && !strcmp(abandoned, "quit")) {
        fprintf(pl->out, "Game abandoned.\n");
        return;
    }
    if (abandoned) {
        if (strcmp(abandoned, RT_BAD_ANSWERS_REASON))
            putc('\n', pl->out); /* after the "> " that waited */
        fflush(pl->out);
        fprintf(stderr, "%s, game abandoned\n", abandoned);
        return;
    }
    fprintf(pl->out, "\n%s=== game over after %d turns, %lld decisions ===%s\n",
            esc(pl, BOLD), (int)c->turns, (long long)c->decisions, esc(pl, OFF));
    int out_turn[RT_MAX_PLAYERS];
    players_out(pl, out_turn);
    for (int p = 0; p < c->nplayers; p++) {
        fprintf(pl->out, "  Player %d: %d%s", p + 1, (int)c->score[p],
                c->over == RT_ENDED && c->winner[p] ? "  (winner)" : "");
        if (out_turn[p] >= 0)
            fprintf(pl->out, "  (out in turn %d)", out_turn[p]);
        putc('\n', pl->out);
    }
    if (c->over == RT_DRAW)
        fprintf(pl->out, "%sDraw:%s %s.\n", esc(pl, "\033[1;33m"), esc(pl, OFF),
                rt_end_reason(pl->g, pl->st));
    else if (c->over == RT_FAULT && c->fault == RT_F_INVARIANT)
        /* the designer's own rule broke: the seed that replays it, at hand */
        fprintf(pl->out, "%sFault:%s %s (seed %llu).\n", esc(pl, "\033[1;31m"), esc(pl, OFF),
                rt_fault_text(pl->g, pl->st, why, sizeof why), (unsigned long long)pl->seed);
    else if (c->over == RT_FAULT)
        fprintf(pl->out, "%sFault:%s %s.\n", esc(pl, "\033[1;31m"), esc(pl, OFF),
                rt_fault_text(pl->g, pl->st, why, sizeof why));
    else {
        int nwin = 0;
        for (int p = 0; p < c->nplayers; p++)
            nwin += c->winner[p] != 0;
        fprintf(pl->out, "%s%s%s", esc(pl, "\033[1;32m"),
                nwin == 1 ? "Winner:" : nwin ? "Winners (shared):" : "No winner.", esc(pl, OFF));
        for (int p = 0, k = 0; p < c->nplayers; p++)
            if (c->winner[p])
                fprintf(pl->out, "%s Player %d", k++ ? "," : "", p + 1);
        putc('\n', pl->out);
    }
}

/* ---- JSON ---- */

/* A slot of a held zone says which card it lies under: ,"holder":"NAME",
 * and ,"copy":K (from 1) when that card has several copies; for seat p
 * (-1: the viewers) that may not see that card, ,"holder":null. */
static void json_holder(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    FILE *f = pl->out;
    int h = rt_slot_holder(g, slot), copies;
    if (h < 0)
        return;
    if (!holder_seen(pl, slot, p)) {
        fputs(",\"holder\":null", f);
        return;
    }
    int copy = rt_card_copy(g, h, &copies);
    fputs(",\"holder\":", f);
    rt_json_string(f, card_name(g, h));
    if (copies > 1)
        fprintf(f, ",\"copy\":%d", copy);
}

static void json_place(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    FILE *f = pl->out;
    if (slot < 0 || slot >= g->nslots) {
        fputs("null", f);
        return;
    }
    const RtZone *z = &g->zones[g->slot_zone[slot]];
    fputs("{\"zone\":", f);
    rt_json_string(f, z->name);
    if (z->per_player)
        fprintf(f, ",\"player\":%d", g->slot_owner[slot]);
    json_holder(pl, slot, p);
    putc('}', f);
}

/* In the entry of a slot seat p may not see, the cards it was shown
 * there: ,"shown":[{"card":"Priest"}], with "index" (from the bottom, as
 * "cards" counts) in an ordered zone; nothing if none. */
static void json_shown(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    bool ordered = g->zones[g->slot_zone[slot]].ordered;
    int n = rt_zone_size(g, pl->st, slot), k = 0;
    for (int i = 0; i < n; i++) {
        int c = rt_zone_card(g, pl->st, slot, i);
        if (!shown_to(pl, c, p))
            continue;
        fputs(k++ ? ",{\"card\":" : ",\"shown\":[{\"card\":", pl->out);
        rt_json_string(pl->out, card_name(g, c));
        if (ordered)
            fprintf(pl->out, ",\"index\":%d", i);
        putc('}', pl->out);
    }
    if (k)
        putc(']', pl->out);
}

/* In the entry of a slot in play that seat p sees, when a card there has
 * several copies: ,"copies":[2,null,1], which copy each card of "cards"
 * is (null for a card of one copy); nothing otherwise. */
static void json_copies(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    int n = rt_zone_size(g, pl->st, slot), any = 0;
    for (int i = 0; i < n && !any; i++)
        any = shown_copy(pl, rt_zone_card(g, pl->st, slot, i), slot, p);
    if (!any)
        return;
    fputs(",\"copies\":[", pl->out);
    for (int i = 0; i < n; i++) {
        int k = shown_copy(pl, rt_zone_card(g, pl->st, slot, i), slot, p);
        if (k > 0)
            fprintf(pl->out, "%s%d", i ? "," : "", k);
        else
            fputs(i ? ",null" : "null", pl->out);
    }
    putc(']', pl->out);
}

static void json_zone(RtPlay *pl, int slot, int p)
{
    const RtGame *g = pl->g;
    const RtZone *z = &g->zones[g->slot_zone[slot]];
    int n = rt_zone_size(g, pl->st, slot);
    fputs("{\"zone\":", pl->out);
    rt_json_string(pl->out, z->name);
    if (z->per_player)
        fprintf(pl->out, ",\"player\":%d", g->slot_owner[slot]);
    json_holder(pl, slot, p);
    fprintf(pl->out, ",\"size\":%d", n);
    if (seat_sees(pl, slot, p)) {
        fputs(",\"cards\":[", pl->out);
        for (int i = 0; i < n; i++) {
            if (i)
                putc(',', pl->out);
            rt_json_string(pl->out, card_name(g, rt_zone_card(g, pl->st, slot, i)));
        }
        putc(']', pl->out);
        json_copies(pl, slot, p);
    } else {
        json_shown(pl, slot, p);
    }
    putc('}', pl->out);
}

/* The slots of a held zone whose holders seat p may not see, as one entry
 * after the zone's others (last: its last slot): {"zone":"notes",
 * "holder":null,"size":N}, and "cards" sorted by name when p sees them. */
static void json_unseen_holders(RtPlay *pl, int last, int p)
{
    const char **names;
    bool seen;
    int n = unseen_holders(pl, last, p, &seen, &names);
    fputs("{\"zone\":", pl->out);
    rt_json_string(pl->out, pl->g->zones[pl->g->slot_zone[last]].name);
    fprintf(pl->out, ",\"holder\":null,\"size\":%d", n);
    if (seen) {
        fputs(",\"cards\":[", pl->out);
        for (int i = 0; names && i < n; i++) {
            if (i)
                putc(',', pl->out);
            rt_json_string(pl->out, names[i]);
        }
        putc(']', pl->out);
    }
    putc('}', pl->out);
    free(names);
}

static void json_view(RtPlay *pl, int p)
{
    const RtGame *g = pl->g;
    bool first = true, unseen = false; /* a slot of this zone under a holder not seen */
    fputs("{\"zones\":[", pl->out);
    for (int s = 0; s < g->nslots; s++) {
        bool last = s + 1 >= g->nslots || g->slot_zone[s + 1] != g->slot_zone[s];
        bool listed = slot_listed(pl, s);
        if (listed && !holder_seen(pl, s, p)) {
            unseen = true;
        } else if (listed) {
            fputs(first ? "" : ",", pl->out);
            json_zone(pl, s, p);
            first = false;
        }
        if (last && unseen) {
            fputs(first ? "" : ",", pl->out);
            json_unseen_holders(pl, s, p);
            first = false;
        }
        unseen = unseen && !last;
    }
    putc(']', pl->out);
    rt_json_time(pl);
    rt_json_numbers(pl, p);
    putc('}', pl->out);
}

/* ,"during":{"event":..,"by":..,"cause":..,"handler":..,"file":..,
 * "line":..,"depth":..} when an event or a handler is in progress: by and
 * cause null for none, cause null too for a card player p may not see; and
 * then, in a handler, file and line null too: a card's clause is its card's
 * (the cause of a card's handler is its card), and where it is written
 * would name the card. */
static void json_during(RtPlay *pl, int p)
{
    RtDuring d;
    const char *cause;
    FILE *f = pl->out;
    if (!during(pl, p, &d, &cause))
        return;
    fputs(",\"during\":{\"event\":", f);
    rt_json_string(f, d.event);
    if (d.by >= 0)
        fprintf(f, ",\"by\":%d", d.by);
    else
        fputs(",\"by\":null", f);
    fputs(",\"cause\":", f);
    if (cause)
        rt_json_string(f, cause);
    else
        fputs("null", f);
    fputs(",\"handler\":", f);
    if (d.handler)
        rt_json_string(f, d.handler);
    else
        fputs("null", f);
    bool unnamed = d.cause >= 0 && !cause && d.handler;
    if (d.file && !unnamed) {
        fputs(",\"file\":", f);
        rt_json_string(f, d.file);
        fprintf(f, ",\"line\":%d", d.line);
    } else {
        fputs(",\"file\":null,\"line\":null", f);
    }
    fprintf(f, ",\"depth\":%d", d.depth);
    int k = cause ? rt_seen_copy(pl, d.cause, p) : 0;
    if (k > 0) /* the cause's copy in play */
        fprintf(f, ",\"copy\":%d", k);
    putc('}', f);
}

static const char *window_kind(int kind)
{
    return kind == RT_WINDOW_REACT ? "react" : kind == RT_WINDOW_SIMUL ? "simultaneous" : "?";
}

/* One argument of a window's event: a card by name (null when seat p, or
 * the viewers for p < 0, may not see it, unless the event shows it, or for
 * none), a player's number
 * (null for none), a number, a truth value, an attribute value's word. */
static void json_arg(RtPlay *pl, int kind, int32_t v, int p)
{
    FILE *f = pl->out;
    switch (kind) {
    case RT_ARG_CARD:
    case RT_ARG_CARD_SHOWN:
        if (v >= 0 && (kind == RT_ARG_CARD_SHOWN || card_seen(pl, v, p)))
            rt_json_string(f, card_name(pl->g, v));
        else
            fputs("null", f);
        break;
    case RT_ARG_PLAYER:
        if (v >= 0)
            fprintf(f, "%d", (int)v);
        else
            fputs("null", f);
        break;
    case RT_ARG_BOOL:
        fputs(v ? "true" : "false", f);
        break;
    case RT_ARG_ZONE: /* {"zone":"hand","player":1}, as a move's places */
        json_place(pl, v, p);
        break;
    case RT_ARG_WORD: /* an attribute value's word, null for none */
        if (v >= 0 && v < pl->g->nwords)
            rt_json_string(f, pl->g->words[v]);
        else
            fputs("null", f);
        break;
    default:
        fprintf(f, "%d", (int)v);
    }
}

/* ,"copies":[2,null] at the end of a window when one of its cards named
 * there is a copy numbered in play (rt_seen_copy): one per argument, K or
 * null; nothing otherwise. */
static void json_arg_copies(RtPlay *pl, const RtWindow *w, int p)
{
    int k[RT_WINDOW_ARGS] = {0}, any = 0, n = w->nargs < RT_WINDOW_ARGS ? w->nargs : RT_WINDOW_ARGS;
    for (int i = 0; i < n; i++) {
        int kind = w->argkind[i], v = w->arg[i];
        bool named = kind == RT_ARG_CARD_SHOWN || (kind == RT_ARG_CARD && card_seen(pl, v, p));
        k[i] = named && v >= 0 ? rt_seen_copy(pl, v, p) : 0;
        any |= k[i];
    }
    if (!any)
        return;
    fputs(",\"copies\":[", pl->out);
    for (int i = 0; i < n; i++) {
        if (k[i] > 0)
            fprintf(pl->out, "%s%d", i ? "," : "", k[i]);
        else
            fputs(i ? ",null" : "null", pl->out);
    }
    putc(']', pl->out);
}

/* {"id":3,"kind":"react","event":"destroy","args":[...],"by":0,"depth":1,
 * "order":[1,2,0]}: what window w is before, and the seats in the order
 * asked; never an answer. "copies" after "order" numbers the copies in
 * play of its args (json_arg_copies). Its args are named as the viewers
 * (every seat the stream plays) see them, in a question as in the
 * responses line: one window reads the same in every line of a stream,
 * whichever of its seats is asked. */
static void json_window(RtPlay *pl, const RtWindow *w)
{
    const int p = -1; /* the viewers */
    FILE *f = pl->out;
    fprintf(f, "{\"id\":%u,\"kind\":\"%s\",\"event\":", (unsigned)w->id,
            window_kind(w->kind));
    if (w->kind == RT_WINDOW_SIMUL) /* before no event */
        fputs("null", f);
    else
        rt_json_string(f, event_name(pl->g, w->event));
    fputs(",\"args\":[", f);
    for (int i = 0; i < w->nargs && i < RT_WINDOW_ARGS; i++) {
        if (i)
            putc(',', f);
        json_arg(pl, w->argkind[i], w->arg[i], p);
    }
    fputs("],\"by\":", f);
    if (w->by >= 0)
        fprintf(f, "%d", w->by);
    else
        fputs("null", f);
    fprintf(f, ",\"depth\":%d,\"order\":[", w->depth);
    for (int i = 0; i < w->nseats && i < RT_MAX_PLAYERS; i++)
        fprintf(f, "%s%d", i ? "," : "", w->order[i]);
    putc(']', f);
    json_arg_copies(pl, w, p);
    putc('}', f);
}

/* A public choice (RtDecision.announced), in the protocol: who chose,
 * the question and the answer, built with every value named. */
static void json_chosen(RtPlay *pl, int i)
{
    const RtDecision *d = &core(pl)->dec;
    FILE *f = pl->out;
    fprintf(f, "{\"type\":\"chosen\",\"player\":%d,\"prompt\":", d->player);
    rt_json_string(f, rt_prompt_text(pl->g, pl->st, NULL, NULL, pl->prompt, sizeof pl->prompt));
    fputs(",\"label\":", f);
    rt_json_string(f, rt_option_label(pl->g, pl->st, i, pl->label, sizeof pl->label));
    fputs("}\n", f);
}

/* Is the pending decision asked of a seat the stream does not play, in
 * the clause of a card the viewers may not see (a face-down Mole's `on`)?
 * (seat_asked_by_unseen_card) */
static bool asked_by_unseen_card(const RtPlay *pl)
{
    return seat_asked_by_unseen_card(pl, core(pl)->dec.player);
}

/* The question of the pending decision as the viewers may read it, beside
 * its answer: a public one with every value named; a card they may not see
 * "a card", and a value of another seat's question "..." (prompt_for); the
 * question of an unseen card's clause "a card's question" (and its answer
 * "an option": shown_answer). */
static const char *shown_question(RtPlay *pl)
{
    const RtDecision *d = &core(pl)->dec;
    if (d->announced)
        return rt_prompt_text(pl->g, pl->st, NULL, NULL, pl->prompt, sizeof pl->prompt);
    if (asked_by_unseen_card(pl))
        return "a card's question";
    return prompt_for(pl, -1);
}

/* The label of option i, just chosen, as the viewers may read it: a
 * public choice's whole; a card they may not see "a card" (rt_shown_label);
 * any option of an unseen card's clause "an option", as its labels are
 * written on that card and would tell which card it is. */
static const char *shown_answer(RtPlay *pl, int i)
{
    if (core(pl)->dec.announced)
        return rt_option_label(pl->g, pl->st, i, pl->label, sizeof pl->label);
    if (asked_by_unseen_card(pl))
        return "an option";
    return rt_shown_label(pl, i);
}

void rt_show_chosen(RtPlay *pl, int i)
{
    const RtDecision *d = &core(pl)->dec;
    if (pl->json) {
        if (d->announced)
            json_chosen(pl, i);
        return;
    }
    fprintf(pl->out, "Player %d chooses: %s", d->player + 1, shown_answer(pl, i));
    fprintf(pl->out, " (%s)\n", shown_question(pl));
}

/* A step of a set chosen one card at a time: ,"set":{"chosen":[NAME,
 * ...],"size":[LO,HI]}, the cards chosen so far in the order chosen. */
static void json_set_step(RtPlay *pl)
{
    RtSetStep t;
    if (!rt_set_step(pl->g, pl->st, &t))
        return;
    FILE *f = pl->out;
    fputs(",\"set\":{\"chosen\":[", f);
    for (int i = 0; i < t.nchosen; i++) {
        if (i)
            putc(',', f);
        rt_json_string(f, card_name(pl->g, t.chosen[i]));
    }
    fprintf(f, "],\"size\":[%d,%d]}", t.lo, t.hi);
}

void rt_json_decision(RtPlay *pl)
{
    const RtDecision *d = &core(pl)->dec;
    FILE *f = pl->out;
    fprintf(f, "{\"type\":\"decision\",\"player\":%d,\"prompt\":", d->player);
    rt_json_string(f, prompt_for(pl, d->player));
    fputs(",\"options\":[", f);
    for (int i = 0; i < d->noptions; i++) {
        fprintf(f, "%s{\"id\":%d,\"label\":", i ? "," : "", i);
        rt_json_string(f, seat_label(pl, i, d->player));
        putc('}', f);
    }
    fputs("],\"view\":", f);
    json_view(pl, d->player);
    json_during(pl, d->player);
    if (rt_order_choice(d))
        fputs(",\"trigger_order\":true", f);
    const RtWindow *w = rt_window_of(pl->g, pl->st);
    if (w) {
        fputs(",\"window\":", f);
        json_window(pl, w);
    }
    json_set_step(pl);
    fputs("}\n", f);
}

/* A window that closed: every answer, in the order the seats were asked.
 * A response with a card names it (answering with a reaction shows it). */
static void json_responses(RtPlay *pl, const RtWindow *w)
{
    FILE *f = pl->out;
    fputs("{\"type\":\"responses\",\"window\":", f);
    json_window(pl, w);
    fputs(",\"responses\":[", f);
    for (int i = 0; i < w->nseats && i < RT_MAX_PLAYERS; i++) {
        const RtOption *o = &w->answer[i];
        bool simul = w->kind == RT_WINDOW_SIMUL;
        fprintf(f, "%s{\"player\":%d,\"label\":", i ? "," : "", w->order[i]);
        /* a reaction's card is shown by its play; a simultaneous choice's
         * only where the viewers see it lie */
        rt_json_string(f, simul ? sealed_answer(pl, w, i, false)
                                : rt_option_text(pl->g, o, pl->label, sizeof pl->label));
        fputs(",\"card\":", f);
        if (o->kind == RT_OPT_CARD && (!simul || card_seen(pl, o->ids[0], -1)))
            rt_json_string(f, card_name(pl->g, o->ids[0]));
        else
            fputs("null", f);
        int k = o->kind == RT_OPT_CARD ? rt_seen_copy(pl, o->ids[0], -1) : 0;
        if (k > 0)
            fprintf(f, ",\"copy\":%d", k);
        putc('}', f);
    }
    fputs("]}\n", f);
}

static void json_move(RtPlay *pl, const char *name, int copy, RtMove m)
{
    FILE *f = pl->out;
    fputs("{\"type\":\"move\",\"card\":", f);
    if (name)
        rt_json_string(f, name);
    else
        fputs("null", f);
    fputs(",\"from\":", f);
    json_place(pl, m.from_slot, -1);
    fputs(",\"to\":", f);
    json_place(pl, m.to_slot, -1);
    if (copy > 0)
        fprintf(f, ",\"copy\":%d", copy);
    fputs("}\n", f);
}

static const char *result_name(int over)
{
    switch (over) {
    case RT_ENDED: return "win";
    case RT_DRAW: return "draw";
    case RT_FAULT: return "fault";
    default: return "abandoned";
    }
}

/* Where the game faulted, for programs: ,"fault":{"kind":"empty_top",
 * "file":"game.rules","line":86,...} then "zone" (and "player" for a per
 * player zone) if the detail is a slot, "value" if it is a player or an
 * index. Nothing when the place is not known. */
static void json_fault(RtPlay *pl)
{
    FILE *f = pl->out;
    const RtGame *g = pl->g;
    const void *st = pl->st;
    const RtFaultSite *site = rt_fault_site(g, st);
    if (!site)
        return;
    const RtCore *c = st;
    const RtFaultKindInfo *k = &rt_fault_kinds[c->fault];
    fputs(",\"fault\":{\"kind\":\"", f);
    for (const char *p = k->name; *p; p++)
        putc(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p, f);
    fputs("\",\"file\":", f);
    rt_json_string(f, site->file);
    fprintf(f, ",\"line\":%d", (int)site->line);
    int v = c->fault_arg;
    if (k->detail == RT_FD_SLOT && v >= 0 && v < g->nslots) {
        const RtZone *z = &g->zones[g->slot_zone[v]];
        fputs(",\"zone\":", f);
        rt_json_string(f, z->name);
        if (z->per_player)
            fprintf(f, ",\"player\":%d", g->slot_owner[v]);
        json_holder(pl, v, -1);
    } else if (k->detail == RT_FD_PLAYER || k->detail == RT_FD_INDEX ||
               k->detail == RT_FD_NUMBER) {
        fprintf(f, ",\"value\":%d", v);
    } else if (k->detail == RT_FD_INVARIANT && v >= 0 && v < g->ninvariants) {
        fputs(",\"invariant\":", f);
        rt_json_string(f, g->invariants[v]);
    } else if (k->detail == RT_FD_RANGE) {
        fprintf(f, ",\"from\":%d,\"to\":%d", v, (int)c->dec.word[0]);
    } else if (k->detail == RT_FD_CARD) {
        fputs(",\"card\":", f);
        if (v >= 0 && v < g->ninstances)
            rt_json_string(f, card_name(g, v));
        else
            fputs("null", f);
    }
    putc('}', f);
}

/* The players out of the game, in the order they went out, in a game
 * whose rules put players out (RtGame.out): ,"out":[{"player":P,"turn":N},...] */
static void json_out(RtPlay *pl)
{
    int seat[RT_MAX_PLAYERS], turn[RT_MAX_PLAYERS];
    if (!pl->g->out)
        return;
    int n = pl->g->out(pl->st, seat, turn);
    fputs(",\"out\":[", pl->out);
    for (int i = 0; i < n; i++)
        fprintf(pl->out, "%s{\"player\":%d,\"turn\":%d}", i ? "," : "", seat[i], turn[i]);
    putc(']', pl->out);
}

static void json_end(RtPlay *pl, const char *abandoned)
{
    const RtCore *c = core(pl);
    FILE *f = pl->out;
    fputs("{\"type\":\"end\",\"scores\":[", f);
    for (int p = 0; p < c->nplayers; p++)
        fprintf(f, "%s%d", p ? "," : "", (int)c->score[p]);
    fputs("],\"winners\":[", f);
    for (int p = 0, k = 0; p < c->nplayers; p++)
        if (!abandoned && c->over == RT_ENDED && c->winner[p])
            fprintf(f, "%s%d", k++ ? "," : "", p);
    fprintf(f, "],\"result\":\"%s\"", abandoned ? "abandoned" : result_name(c->over));
    const char *reason = abandoned ? abandoned : rt_end_reason(pl->g, pl->st);
    if (*reason) {
        fputs(",\"reason\":", f);
        rt_json_string(f, reason);
    }
    fprintf(f, ",\"turns\":%d,\"decisions\":%lld,\"seed\":%llu", (int)c->turns,
            (long long)c->decisions, (unsigned long long)pl->seed);
    json_out(pl);
    if (!abandoned)
        json_fault(pl);
    fputs("}\n", f);
}

/* ---- both ---- */

void rt_observe(void *ctx, const RtGame *g, const void *st, RtMove m)
{
    RtPlay *pl = ctx;
    (void)st;
    bool named = viewers_see(pl, m.from_slot) || viewers_see(pl, m.to_slot) ||
                 shown_to(pl, m.card, -1); /* before the move forgets it */
    const char *name = named ? card_name(g, m.card) : NULL;
    int copy = 0; /* a copy named in play at either end keeps its number */
    if (named && !(copy = shown_copy(pl, m.card, m.from_slot, -1)))
        copy = shown_copy(pl, m.card, m.to_slot, -1);
    if (pl->json)
        json_move(pl, name, copy, m);
    else
        print_move(pl, name, copy, m);
}

void rt_observe_window(void *ctx, const RtGame *g, const void *st, const RtWindow *w)
{
    RtPlay *pl = ctx;
    (void)g;
    (void)st;
    if (pl->json)
        json_responses(pl, w);
    else
        print_responses(pl, w);
}

/* ,"copies":[K or null, ...] at the end of a show line (one per card of
 * "cards") when one of its
 * n cards is a copy numbered in play to the viewers (rt_seen_copy). */
static void json_show_copies(RtPlay *pl, int n)
{
    int any = 0;
    for (int i = 0; i < n && !any; i++)
        any = rt_seen_copy(pl, pl->show_card[i], -1);
    if (!any)
        return;
    fputs(",\"copies\":[", pl->out);
    for (int i = 0; i < n; i++) {
        int k = rt_seen_copy(pl, pl->show_card[i], -1);
        if (k > 0)
            fprintf(pl->out, "%s%d", i ? "," : "", k);
        else
            fputs(i ? ",null" : "null", pl->out);
    }
    putc(']', pl->out);
}

/* The cards of a `show` gathered so far, as one line to the streams that
 * play a seat shown them (and with --reveal-all): {"type":"show","cards":
 * [...],"zone":{...},"to":[seats]}, or at the terminal "  Shown to Player
 * 1: Priest (hand of Player 2)". */
static void write_show(RtPlay *pl)
{
    FILE *f = pl->out;
    int n = pl->nshow;
    pl->nshow = 0;
    if (n == 0 || (!(pl->show_seats & pl->viewers) && !pl->reveal_all))
        return;
    const RtGame *g = pl->g;
    char zone[1200];
    bool several = (pl->show_seats & (pl->show_seats - 1)) != 0;
    if (pl->json)
        fputs("{\"type\":\"show\",\"cards\":[", f);
    else
        fputs(several ? "  Shown to Players" : "  Shown to Player", f);
    for (int p = 0, k = 0; !pl->json && p < pl->nplayers; p++)
        if ((pl->show_seats >> p) & 1u)
            fprintf(f, "%s %d", k++ ? "," : "", p + 1);
    for (int i = 0; i < n; i++) {
        fputs(pl->json ? (i ? "," : "") : (i ? ", " : ": "), f);
        int k = rt_seen_copy(pl, pl->show_card[i], -1);
        if (pl->json)
            rt_json_string(f, card_name(g, pl->show_card[i]));
        else
        {
            fprintf(f, k > 0 ? "%s #%d" : "%s", card_name(g, pl->show_card[i]), k);
            put_terminal_label(pl, pl->show_card[i]);
        }
    }
    if (pl->json) {
        fputs("],\"zone\":", f);
        json_place(pl, pl->show_slot, -1);
        fputs(",\"to\":[", f);
        for (int p = 0, k = 0; p < pl->nplayers; p++)
            if ((pl->show_seats >> p) & 1u)
                fprintf(f, "%s%d", k++ ? "," : "", p);
        putc(']', f);
        json_show_copies(pl, n);
        fputs("}\n", f);
        return;
    }
    shown_slot_name(pl, pl->show_slot, -1, zone, sizeof zone);
    fprintf(f, " (%s%s)\n", zone,
            n > 1 && g->zones[g->slot_zone[pl->show_slot]].ordered ? ", top last" : "");
}

void rt_observe_show(void *ctx, const RtGame *g, const void *st, int card, unsigned seats)
{
    RtPlay *pl = ctx;
    int slot = card >= 0 ? rt_card_slot(g, st, card) : -1;
    if (pl->nshow && (card < 0 || slot != pl->show_slot || seats != pl->show_seats ||
                      pl->nshow == RT_SHOW_MAX))
        write_show(pl);
    if (card < 0 || slot < 0)
        return;
    pl->show_slot = slot;
    pl->show_seats = seats;
    pl->show_card[pl->nshow++] = card;
}

/* A player going out of the game (`eliminate`), as it goes: at the
 * terminal "Player N is out of the game (turn T).", in the protocol
 * {"type":"out","player":P,"turn":T}, on every stream. */
void rt_observe_out(void *ctx, const RtGame *g, const void *st, int p, int turn)
{
    RtPlay *pl = ctx;
    (void)g;
    (void)st;
    if (pl->json)
        fprintf(pl->out, "{\"type\":\"out\",\"player\":%d,\"turn\":%d}\n", p, turn);
    else
        fprintf(pl->out, "Player %d is out of the game (turn %d).\n", p + 1, turn);
}

/* A decision of a single option, taken without asking: at the terminal,
 * the line any answer gets (cli.c, play_loop); the JSON protocol writes
 * nothing (a seat's stream shows its own questions only). */
void rt_observe_taken(void *ctx, const RtGame *g, const void *st)
{
    RtPlay *pl = ctx;
    (void)g;
    (void)st; /* pl->st: the game taking it */
    /* an answer to a simultaneous choice is sealed: the choice shows them
     * all once every seat has answered (rt_observe_window) */
    if (!rt_window_of(pl->g, pl->st))
        rt_show_chosen(pl, 0);
}

void rt_print_end(RtPlay *pl, const char *abandoned)
{
    if (pl->json)
        json_end(pl, abandoned);
    else
        print_end(pl, abandoned);
}
