/* numbers.c: what the views show besides the zones: the numbers of the
 * table (variables and funcs the rules declare `public` or `owner`), and
 * whose turn it is, in which round and phase.
 *
 * A number `public` is seen by every seat, one `owner` (one per seat) by
 * its seat only; --reveal-all sees all of them. A card value is named
 * only to a seat that may see the card where it lies; a func's value is
 * computed on a copy of the state, so that showing it changes nothing of
 * the game (simulate, which shows nothing, plays the same games). */
#include "rtcli.h"

#include <stdlib.h>
#include <string.h>

/* ---- the engine's side ---- */

bool rt_number_seen(const RtGame *g, int i, int of, int p)
{
    if (i < 0 || i >= g->nnumbers)
        return false;
    return p < 0 || g->numbers[i].vis == RT_VIS_PUBLIC ||
           (g->numbers[i].vis == RT_VIS_OWNER && of == p);
}

bool rt_number_value(const RtGame *g, const void *st, int i, int of, int32_t *v)
{
    if (i < 0 || i >= g->nnumbers || !g->number)
        return false;
    /* A variable's value is read where it lies (the generated number
     * reads it, and nothing else): only a func runs, and may change the
     * state it runs on (its steps, its frames), so it runs on a copy. The
     * copy was most of the invariants' work in a game showing several
     * numbers a seat (LAST MINUTE!: 92% of its instructions). */
    if (!g->numbers[i].func)
        return g->number((void *)st, i, of, v);
    void *copy = malloc(g->state_size);
    if (!copy)
        return false; /* out of memory: the number is not shown */
    rt_clone(g, copy, st);
    bool ok = g->number(copy, i, of, v);
    free(copy);
    return ok;
}

bool rt_time(const RtGame *g, const void *st, RtTime *t)
{
    if (!g->time)
        return false;
    g->time(st, t);
    return true;
}

/* ---- the terminal ---- */

/* "Turn of Player 2 - round 3, lessons", after the table's header. */
void rt_print_time(RtPlay *pl)
{
    RtTime t;
    if (!rt_time(pl->g, pl->st, &t))
        return;
    if (t.active >= 0)
        fprintf(pl->out, "Turn of Player %d", t.active + 1);
    else
        fputs("No turn in progress", pl->out);
    if (t.round >= 0)
        fprintf(pl->out, " - round %d", t.round);
    if (t.phases)
        fprintf(pl->out, ", %s", t.phase ? t.phase : "no phase");
    putc('\n', pl->out);
}

/* The word of attribute value v of number n, NULL for none. */
static const char *number_word(const RtNumber *n, int32_t v)
{
    return v >= 0 && v < n->nwords ? n->words[v] : NULL;
}

static void print_value(RtPlay *pl, const RtNumber *n, int32_t v, int p)
{
    switch (n->type) {
    case RT_NUM_WORD:
        fputs(number_word(n, v) ? number_word(n, v) : "none", pl->out);
        break;
    case RT_NUM_BOOL:
        fputs(v ? "true" : "false", pl->out);
        break;
    case RT_NUM_PLAYER:
        if (v < 0)
            fputs("none", pl->out);
        else
            fprintf(pl->out, "Player %d", (int)v + 1);
        break;
    case RT_NUM_CARD: /* a copy in play "Stone #4" (rt_seen_copy) */
        if (v < 0 || v >= pl->g->ninstances)
            fputs("none", pl->out);
        else if (!rt_play_card_seen(pl, v, p))
            fputs("a card", pl->out);
        else if (rt_seen_copy(pl, v, p) > 0)
            fprintf(pl->out, "%s #%d", pl->g->card_name[v], rt_seen_copy(pl, v, p));
        else
            fputs(pl->g->card_name[v], pl->out);
        break;
    default:
        fprintf(pl->out, "%d", (int)v);
    }
}

/* "  coins of Player 1: 3", one line a number seat p sees, after the
 * zones; "?" for a func that has no value (it faulted). */
void rt_print_numbers(RtPlay *pl, int p)
{
    const RtGame *g = pl->g;
    for (int i = 0; i < g->nnumbers; i++) {
        const RtNumber *n = &g->numbers[i];
        for (int of = n->per_player ? 0 : -1; of < (n->per_player ? pl->nplayers : 0); of++) {
            int32_t v;
            if (!rt_number_seen(g, i, of, pl->reveal_all ? -1 : p))
                continue;
            fprintf(pl->out, "  %s", n->name);
            if (of >= 0)
                fprintf(pl->out, " of Player %d", of + 1);
            fputs(": ", pl->out);
            if (rt_number_value(g, pl->st, i, of, &v))
                print_value(pl, n, v, p);
            else
                putc('?', pl->out);
            putc('\n', pl->out);
        }
    }
}

/* ---- JSON ---- */

/* ,"active":P,"round":N,"phase":"NAME" after the view's zones: active
 * null for no turn in progress, phase null for none; round only in a game
 * with rounds, phase only in one with phases, none of them in a game with
 * no turns. */
void rt_json_time(RtPlay *pl)
{
    RtTime t;
    FILE *f = pl->out;
    if (!rt_time(pl->g, pl->st, &t))
        return;
    if (t.active >= 0)
        fprintf(f, ",\"active\":%d", t.active);
    else
        fputs(",\"active\":null", f);
    if (t.round >= 0)
        fprintf(f, ",\"round\":%d", t.round);
    if (t.phases) {
        fputs(",\"phase\":", f);
        if (t.phase)
            rt_json_string(f, t.phase);
        else
            fputs("null", f);
    }
}

static void json_value(RtPlay *pl, const RtNumber *n, int32_t v, int p)
{
    FILE *f = pl->out;
    switch (n->type) {
    case RT_NUM_WORD:
        if (number_word(n, v))
            rt_json_string(f, number_word(n, v));
        else
            fputs("null", f);
        break;
    case RT_NUM_BOOL:
        fputs(v ? "true" : "false", f);
        break;
    case RT_NUM_PLAYER:
        if (v < 0)
            fputs("null", f);
        else
            fprintf(f, "%d", (int)v);
        break;
    case RT_NUM_CARD:
        if (v < 0 || v >= pl->g->ninstances)
            fputs("null", f);
        else if (rt_play_card_seen(pl, v, p)) {
            rt_json_string(f, pl->g->card_name[v]);
            if (rt_seen_copy(pl, v, p) > 0) /* a copy in play, at the entry's end */
                fprintf(f, ",\"copy\":%d", rt_seen_copy(pl, v, p));
        } else
            fputs("null,\"unseen\":true", f);
        break;
    default:
        fprintf(f, "%d", (int)v);
    }
}

/* ,"numbers":[{"name":"coins","player":0,"value":3},...]: the numbers
 * seat p sees, in the order the rules declare them, each seat's in turn;
 * "player" only for one per seat; "value" null for a func that has none
 * (it faulted), for a player or a card that is none, and for a card p may
 * not see where it lies (with "unseen":true); a card it sees face up in
 * play adds "copy":K (rt_seen_copy). Nothing in a game that shows no
 * number. */
void rt_json_numbers(RtPlay *pl, int p)
{
    const RtGame *g = pl->g;
    FILE *f = pl->out;
    bool first = true;
    if (g->nnumbers == 0)
        return;
    fputs(",\"numbers\":[", f);
    for (int i = 0; i < g->nnumbers; i++) {
        const RtNumber *n = &g->numbers[i];
        for (int of = n->per_player ? 0 : -1; of < (n->per_player ? pl->nplayers : 0); of++) {
            int32_t v;
            if (!rt_number_seen(g, i, of, pl->reveal_all ? -1 : p))
                continue;
            fputs(first ? "{\"name\":" : ",{\"name\":", f);
            first = false;
            rt_json_string(f, n->name);
            if (of >= 0)
                fprintf(f, ",\"player\":%d", of);
            fputs(",\"value\":", f);
            if (rt_number_value(g, pl->st, i, of, &v))
                json_value(pl, n, v, p);
            else
                fputs("null", f);
            putc('}', f);
        }
    }
    putc(']', f);
}
