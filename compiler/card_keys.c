/* card_keys.c: the keys of the card YAML core (see card_keys.h). */
#include "card_keys.h"

#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const CardKey file_keys[] = {
    {"game", KEY_NAME, true, "The game's name.", NULL, 0},
    {"types", KEY_TYPES, true,
     "The card types, each with the attributes its cards have and the values each "
     "attribute allows.", NULL, 0},
    {"cards", KEY_CARDS, true, "The cards, one entry per distinct card.", NULL, 0},
    {"expect", KEY_EXPECT, false,
     "Counts the cards must add up to, checked against them (a typo's guard).", NULL, 0},
};

static const CardKey type_keys[] = {
    {"attributes", KEY_ATTRIBUTES, false,
     "The attributes of this type's cards: each names the values it allows, in order.",
     NULL, 0},
};

static const KeyChoice origins[] = {
    {"rulebook", "The card is in the rulebook's game (the default)."},
    {"added", "The card is not in the rulebook: added by this game's author."},
};

static const CardKey card_keys[] = {
    {"name", KEY_NAME, true, "The card's name, unique in the file.", NULL, 0},
    {"type", KEY_NAME, true, "The card's type: one that 'types' declares.", NULL, 0},
    {"count", KEY_COUNT, false, "How many copies the deck holds (1 if not given).", NULL, 0},
    {"text", KEY_TEXT, false, "The text printed on the card.", NULL, 0},
    {"effect", KEY_TEXT, false,
     "What playing the card does, in the rules language (docs/LANGUAGE.md).", NULL, 0},
    {"origin", KEY_CHOICE, false, "Whether the card is the rulebook's or added.", origins,
     COUNT(origins)},
};

static const CardKey expect_keys[] = {
    {"total", KEY_TALLY, false, "The number of cards in the deck, counting copies.", NULL, 0},
    {"types", KEY_TYPE_TALLIES, false, "Per type, the number of its cards.", NULL, 0},
    {"attributes", KEY_VALUE_TALLIES, false,
     "Per attribute and value, the number of cards with that value.", NULL, 0},
};

const KeyTable file_key_table = {"the card file", file_keys, COUNT(file_keys)};
const KeyTable type_key_table = {"a type", type_keys, COUNT(type_keys)};
const KeyTable card_key_table = {"a card", card_keys, COUNT(card_keys)};
const KeyTable expect_key_table = {"'expect'", expect_keys, COUNT(expect_keys)};

const CardKey *key_find(const KeyTable *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->keys[i].name, name) == 0)
            return &t->keys[i];
    return NULL;
}

const KeyChoice *key_choice(const CardKey *k, const char *value)
{
    for (int i = 0; i < k->nchoices; i++)
        if (strcmp(k->choices[i].value, value) == 0)
            return &k->choices[i];
    return NULL;
}
