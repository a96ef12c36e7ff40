/* card_keys.h: the keys of the card YAML core (docs/INTERFACES.md §3), as
 * tables. The checker (cards.c) knows its keys from them, and `cardc
 * schema` (schema.c) writes the JSON Schema for editors from them, so that
 * the schema says what the checker accepts. A new key goes here first. */
#ifndef CARDC_CARD_KEYS_H
#define CARDC_CARD_KEYS_H

#include <stdbool.h>

/* What a key's value must be. */
typedef enum KeyShape {
    KEY_NAME,           /* text, not empty, at most max_name characters,
                         * no control character */
    KEY_TEXT,           /* text (any scalar) */
    KEY_COUNT,          /* a whole number from 1 to max_instances */
    KEY_TALLY,          /* a whole number, at least 0 */
    KEY_CHOICE,         /* one of the key's choices */
    KEY_TYPES,          /* a map: type name (an identifier) -> a type */
    KEY_CARDS,          /* a list of cards */
    KEY_EXPECT,         /* a map of expect_key_table's keys */
    KEY_ATTRIBUTES,     /* a map: attribute name -> a list of values */
    KEY_TYPE_TALLIES,   /* a map: type name -> a tally */
    KEY_VALUE_TALLIES,  /* a map: attribute name -> a map: value -> a tally */
} KeyShape;

/* One value a KEY_CHOICE key takes, and what it means. */
typedef struct KeyChoice {
    const char *value, *desc;
} KeyChoice;

typedef struct CardKey {
    const char *name;
    KeyShape shape;
    bool required;
    const char *desc;           /* one sentence, for an editor's tooltip */
    const KeyChoice *choices;   /* KEY_CHOICE: the values it takes */
    int nchoices;
} CardKey;

/* The keys one map of the card file may have. */
typedef struct KeyTable {
    const char *where;          /* the map, as messages name it ("a card") */
    const CardKey *keys;
    int n;
} KeyTable;

extern const KeyTable file_key_table;   /* the card file's top map */
extern const KeyTable type_key_table;   /* a type, under 'types' */
extern const KeyTable card_key_table;   /* a card; its other keys are its
                                         * attributes (its type's) */
extern const KeyTable expect_key_table; /* 'expect' */

/* The key of t named name, or NULL. */
const CardKey *key_find(const KeyTable *t, const char *name);
/* The choice of key k named value, or NULL. */
const KeyChoice *key_choice(const CardKey *k, const char *value);

#endif
