/* cards.h: the checked card data of one game.
 *
 * cards_load turns a YAML tree into a CardSet and reports everything that
 * is wrong with it (all errors of a file, up to the diagnostics cap). */
#ifndef CARDC_CARDS_H
#define CARDC_CARDS_H

#include "ynode.h"

/* An attribute name, shared by every type that declares it ("color"). */
typedef struct Attr {
    const char *name;
    Loc loc;                    /* first declaration */
    const char **values;        /* union of the values types allow */
    int nvalues;
    bool numeric;               /* every value is an integer */
    int index;
    int capvalues;
    StrMap value_index;         /* value -> index + 1 */
    StrMap value_lower;         /* lower-cased value -> the value */
    int *listed_by;             /* per value: 1 + the last type that listed it */
    int *ncards_with;           /* per value: the cards that have it (filled
                                 * once every card is loaded) */
} Attr;

/* A type's use of an attribute: which of the attribute's values it allows. */
typedef struct TypeAttr {
    Attr *attr;
    Loc loc;
    int *allowed;               /* indices into attr->values, as listed */
    int *allowed_sorted;        /* the same, ascending (for a binary search) */
    int nallowed;
} TypeAttr;

typedef struct TypeDef {
    const char *name;
    Loc loc;
    TypeAttr *attrs;            /* as declared */
    int nattrs;
    int *attr_order;            /* positions in attrs, by ascending Attr index */
    int index;
    long long instances;        /* card instances of this type */
} TypeDef;

typedef struct CardDef {
    const char *name;
    Loc loc;                    /* the name's value (the alias, for a card
                                 * written as one) */
    Loc item_loc;               /* the list item */
    TypeDef *type;
    long long count;
    int *value;                 /* per attribute of its type (type->attrs):
                                 * value index, or -1; card_value reads it */
    const char *text;
    Loc text_loc;
    const char *effect;         /* rules-language source, or NULL */
    Loc effect_loc;             /* where the effect's value is (its alias, if
                                 * written as one) */
    const YNode *effect_node;   /* that value: how and where it is written */
    bool added;                 /* origin: added */
    int index;
    long long first_instance;
} CardDef;

typedef struct CardSet {
    const SrcFile *file;
    const char *game;
    Loc game_loc;
    TypeDef **types;
    int ntypes;
    Attr **attrs;
    int nattrs;
    CardDef **cards;
    int ncards;
    long long instances;
    StrMap by_name;             /* card name -> CardDef* */
    StrMap type_by_name;        /* type name -> TypeDef* */
    StrMap attr_by_name;        /* attribute name -> Attr* */
    StrMap value_attr;          /* attribute value -> 1 + the index of the
                                 * first attribute that has it */
    StrMap left_out;            /* card name -> CardDef* of a card whose entry
                                 * has errors: not among cards, not counted */
    int nleft_out;
    bool types_broken;          /* 'types' is missing or has errors */
    bool blanked;               /* a card's copies made blank (build --blank):
                                 * the card stays with no copy */
    int capattrs;
    PtrVec alias_uses;          /* CardAliasUse*: a card's value written as an
                                 * alias of a scalar anchored in another card */
} CardSet;

/* A card's value given by an alias (`power: *p`): what is wrong with the
 * value is said once, at the anchored scalar `at`, with a note at each
 * use (driver.c, comp_merge_shared). */
typedef struct CardAliasUse {
    Loc at;                     /* the anchored scalar */
    Loc use;                    /* the alias */
    const char *card;           /* the card that uses it, or NULL (no name) */
} CardAliasUse;

typedef struct CardLimits {
    int max_name;               /* characters in a name */
    int max_cards;              /* entries in the cards list */
    long long max_instances;    /* sum of counts */
} CardLimits;

extern const CardLimits card_default_limits;

/* Loads and checks; returns NULL only when the tree is unusable. The
 * caller decides from d->nerrors whether the result may be used. */
CardSet *cards_load(YNode *root, const SrcFile *f, const CardLimits *lim,
                    Diags *d);

TypeDef *cards_find_type(const CardSet *cs, const char *name);
CardDef *cards_find_card(const CardSet *cs, const char *name);
/* A card left out of cs->cards because its entry has errors, or NULL. */
const CardDef *cards_left_out(const CardSet *cs, const char *name);
Attr *cards_find_attr(const CardSet *cs, const char *name);
int attr_value_index(const Attr *a, const char *value);
/* The index of the first attribute (in cs->attrs) that has value, or -1. */
int cards_value_attr(const CardSet *cs, const char *value);
/* The position of attribute attr (an Attr index) in t->attrs, or -1 if t
 * does not declare it. A binary search: a card stores values for its own
 * type's attributes only, not a slot for every attribute of the file. */
int type_attr_pos(const TypeDef *t, int attr);
/* The value index of attribute attr of card cd, or -1 when its type has
 * no such attribute. */
int card_value(const CardDef *cd, int attr);

/* blank.c: every copy of card `name` made a copy of a blank kind,
 * "(blank)", inserted after it (build --blank). false, with why, if the
 * game has no such card. */
bool cards_blank(CardSet *cs, Arena *a, const char *name, const char **why);

/* Parses a YAML integer scalar; returns false and a reason if it is not a
 * whole number that fits in 64 bits. */
bool parse_yaml_int(const YNode *n, long long *out, const char **why);

#endif
