/* schema.c: the JSON Schema of the card file and `cardc init` (schema.h).
 *
 * The schema is as strict as the card YAML core is: every map that has
 * fixed keys refuses others (additionalProperties false), but a card's
 * keys other than its own (card_key_table) are its attributes, named by
 * the game (its types'): there the schema asks only for an identifier
 * with a single value, and the checker does the rest. What needs the
 * whole file (a type declared, a value allowed, counts that add up, a
 * name given twice) is the checker's alone. */
#include "schema.h"
#include "card_keys.h"
#include "cards.h"

#include <stdio.h>

/* The definitions every key's value refers to, by shape. */
static const char *shape_ref(KeyShape s)
{
    switch (s) {
    case KEY_NAME: return "name";
    case KEY_TEXT: return "text";
    case KEY_COUNT: return "count";
    case KEY_TALLY: return "tally";
    case KEY_CHOICE: return NULL; /* written in place: its choices */
    case KEY_TYPES: return "types";
    case KEY_CARDS: return "cards";
    case KEY_EXPECT: return "expect";
    case KEY_ATTRIBUTES: return "attributes";
    case KEY_TYPE_TALLIES: return "typeTallies";
    case KEY_VALUE_TALLIES: return "valueTallies";
    }
    return NULL;
}

/* One key's schema: its description and its value's shape. */
static void write_key(Buf *b, const CardKey *k)
{
    buf_json_string(b, k->name);
    buf_puts(b, ": {\"description\": ");
    buf_json_string(b, k->desc);
    const char *ref = shape_ref(k->shape);
    if (ref) { /* in allOf: draft-07 ignores what stands beside a $ref */
        buf_printf(b, ", \"allOf\": [{\"$ref\": \"#/definitions/%s\"}]}", ref);
        return;
    }
    buf_puts(b, ", \"oneOf\": [");
    for (int i = 0; i < k->nchoices; i++) {
        buf_puts(b, i ? ", {\"const\": " : "{\"const\": ");
        buf_json_string(b, k->choices[i].value);
        buf_puts(b, ", \"description\": ");
        buf_json_string(b, k->choices[i].desc);
        buf_puts(b, "}");
    }
    buf_puts(b, "]}");
}

/* "properties" and "required" of a map with t's keys (no other key when
 * closed). */
static void write_keys(Buf *b, const KeyTable *t, bool closed)
{
    buf_puts(b, "\"type\": \"object\",\n    \"properties\": {");
    for (int i = 0; i < t->n; i++) {
        buf_puts(b, i ? ",\n      " : "\n      ");
        write_key(b, &t->keys[i]);
    }
    buf_puts(b, "}");
    int n = 0;
    for (int i = 0; i < t->n; i++)
        if (t->keys[i].required) {
            buf_puts(b, n++ ? ", " : ",\n    \"required\": [");
            buf_json_string(b, t->keys[i].name);
        }
    buf_puts(b, n ? "]" : "");
    if (closed)
        buf_puts(b, ",\n    \"additionalProperties\": false");
}

/* The card keys, which no attribute may be named. */
static void write_card_key_names(Buf *b)
{
    buf_puts(b, "[");
    for (int i = 0; i < card_key_table.n; i++) {
        buf_puts(b, i ? ", " : "");
        buf_json_string(b, card_key_table.keys[i].name);
    }
    buf_puts(b, "]");
}

/* The definitions of the values (scalars, from the checker's rules). */
static void write_value_defs(Buf *b)
{
    const CardLimits *lim = &card_default_limits;
    buf_printf(b,
        "  \"name\": {\"description\": \"A name: text of 1 to %d characters, no control "
        "character (a YAML scalar: 12 and yes are names too).\", "
        "\"type\": [\"string\", \"number\", \"boolean\"], \"minLength\": 1, \"maxLength\": %d, "
        "\"pattern\": \"^[^\\\\u0000-\\\\u001f]*$\"},\n", lim->max_name, lim->max_name);
    buf_puts(b,
        "  \"text\": {\"description\": \"Text (any YAML scalar, or nothing).\", "
        "\"type\": [\"string\", \"number\", \"boolean\", \"null\"]},\n"
        "  \"identifier\": {\"description\": \"Letters, digits and '_', not starting with a "
        "digit.\", \"type\": \"string\", \"pattern\": \"^[A-Za-z_][A-Za-z0-9_]*$\"},\n"
        "  \"value\": {\"description\": \"An attribute's value: an identifier or a whole "
        "number (yes, no, true... are words to cardc: YAML 1.1 readers make them "
        "booleans).\", \"anyOf\": [{\"$ref\": \"#/definitions/identifier\"}, "
        "{\"type\": [\"integer\", \"boolean\"]}]},\n");
    buf_printf(b,
        "  \"count\": {\"description\": \"A whole number from 1 to %lld.\", \"type\": "
        "\"integer\", \"minimum\": 1, \"maximum\": %lld},\n", lim->max_instances,
        lim->max_instances);
    buf_puts(b,
        "  \"tally\": {\"description\": \"A whole number, at least 0.\", \"type\": "
        "\"integer\", \"minimum\": 0},\n");
}

/* The definitions of the maps and lists. */
static void write_map_defs(Buf *b)
{
    buf_puts(b,
        "  \"types\": {\"description\": \"Type name -> type.\", \"type\": \"object\", "
        "\"minProperties\": 1, \"propertyNames\": {\"$ref\": \"#/definitions/identifier\"}, "
        "\"additionalProperties\": {\"anyOf\": [{\"$ref\": \"#/definitions/type\"}, "
        "{\"type\": \"null\", \"description\": \"A type without attributes.\"}]}},\n"
        "  \"type\": {\n    \"description\": \"A card type.\",\n    ");
    write_keys(b, &type_key_table, true);
    buf_puts(b, "},\n  \"attributes\": {\"description\": \"Attribute name -> the values it "
                "allows.\", \"type\": \"object\", \"propertyNames\": {\"allOf\": [{\"$ref\": "
                "\"#/definitions/identifier\"}, {\"not\": {\"enum\": ");
    write_card_key_names(b);
    buf_puts(b, "}}]}, \"additionalProperties\": {\"type\": \"array\", \"minItems\": 1, "
                "\"uniqueItems\": true, \"items\": {\"$ref\": \"#/definitions/value\"}}},\n");
    buf_printf(b, "  \"cards\": {\"description\": \"The cards.\", \"type\": \"array\", "
                  "\"minItems\": 1, \"maxItems\": %d, \"items\": {\"$ref\": "
                  "\"#/definitions/card\"}},\n", card_default_limits.max_cards);
    buf_puts(b, "  \"card\": {\n    \"description\": \"A card. Its other keys are its "
                "attributes, those of its type: each with one value.\",\n    ");
    write_keys(b, &card_key_table, false);
    buf_puts(b, ",\n    \"propertyNames\": {\"$ref\": \"#/definitions/identifier\"},\n"
                "    \"additionalProperties\": {\"$ref\": \"#/definitions/value\"}},\n"
                "  \"expect\": {\n    \"description\": \"Counts the cards must add up to.\","
                "\n    ");
    write_keys(b, &expect_key_table, true);
    buf_puts(b, "},\n"
        "  \"typeTallies\": {\"description\": \"Type name -> its cards.\", \"type\": "
        "\"object\", \"additionalProperties\": {\"$ref\": \"#/definitions/tally\"}},\n"
        "  \"valueTallies\": {\"description\": \"Attribute name -> value -> its cards.\", "
        "\"type\": \"object\", \"additionalProperties\": {\"type\": \"object\", "
        "\"additionalProperties\": {\"$ref\": \"#/definitions/tally\"}}}\n");
}

void schema_write(Buf *b)
{
    buf_puts(b, "{\n\"$schema\": \"http://json-schema.org/draft-07/schema#\",\n"
                "\"title\": \"cardc card file (cards.yaml)\",\n"
                "\"description\": \"The card YAML core that cardc checks. The schema "
                "cannot see what needs the whole file: a type or attribute declared, a "
                "value its type allows, a name given twice, counts that add up; cardc check "
                "says those.\",\n    ");
    write_keys(b, &file_key_table, true);
    buf_puts(b, ",\n\"definitions\": {\n");
    write_value_defs(b);
    write_map_defs(b);
    buf_puts(b, "}\n}\n");
}
