/* blank.c: `cardc build GAMEDIR --blank NAME`, the card NAME replaced by a
 * blank for the balance lab's impact by intervention (RUNTIME.md, "Impact
 * of a card").
 *
 * Every copy of NAME becomes a copy of a new kind "(blank)" inserted right
 * after NAME in the card list: the same type, the same count, the same
 * instances (so the same places: the deck keeps its size, every shuffle of
 * a seed draws the same permutation and every seat is dealt the same cards
 * but for the blank where NAME was), no text, no effect, and no value for
 * any attribute (-1: an enumerated attribute compares equal to none of its
 * values, a number reads 0). NAME stays in the list with no copy, so the
 * rules that name it still compile and match nothing. */
#include "cardc.h"

#include <string.h>

/* The name of the blank kind: a rule names a card by a string, and
 * cards.yaml's names are checked, but nothing keeps an author from
 * writing this one; a game that does is told so. */
static const char BLANK_NAME[] = "(blank)";

/* A blank copy of x's kind: x's type, count and instances, nothing else. */
static CardDef *blank_of(Arena *a, const CardDef *x)
{
    CardDef *b = arena_alloc(a, sizeof *b);
    b->name = BLANK_NAME;
    b->loc = x->loc;
    b->item_loc = x->item_loc;
    b->type = x->type;
    b->count = x->count;
    b->first_instance = x->first_instance;
    int n = x->type->nattrs;
    b->value = arena_alloc(a, sizeof *b->value * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        b->value[i] = -1;
    return b;
}

bool cards_blank(CardSet *cs, Arena *a, const char *name, const char **why)
{
    CardDef *x = cards_find_card(cs, name);
    if (!x) {
        *why = "no card of that name";
        return false;
    }
    if (cards_find_card(cs, BLANK_NAME)) {
        *why = "the game has a card named \"(blank)\" already";
        return false;
    }
    CardDef **cards = arena_alloc(a, sizeof *cards * (size_t)(cs->ncards + 1));
    int k = x->index;
    memcpy(cards, cs->cards, sizeof *cards * (size_t)(k + 1));
    cards[k + 1] = blank_of(a, x);
    memcpy(cards + k + 2, cs->cards + k + 1, sizeof *cards * (size_t)(cs->ncards - k - 1));
    cs->cards = cards;
    cs->ncards++;
    for (int i = k + 1; i < cs->ncards; i++)
        cs->cards[i]->index = i;
    strmap_put(a, &cs->by_name, BLANK_NAME, cards[k + 1]);
    x->count = 0;
    cs->blanked = true;
    return true;
}
