/* test_schema_sarif.c: the card key tables are what the checker accepts
 * (so that the schema written from them says the truth), and SARIF's rule
 * ids come from the table of diag_sarif.c or from the diagnostic's file. */
#include "card_keys.h"
#include "diag_sarif.h"
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* A card with every key of card_key_table, one of each shape. */
static const char every_card_key[] =
    "game: Keys\n"
    "types:\n"
    "  cheat:\n"
    "    attributes:\n"
    "      color: [red]\n"
    "cards:\n"
    "  - {name: A, type: cheat, count: 2, text: Hi, effect: \"\", origin: added, color: red}\n"
    "  - {name: B, type: cheat, origin: rulebook, color: red}\n"
    "expect: {total: 3, types: {cheat: 3}, attributes: {color: {red: 3}}}\n";

Test(card_keys, every_key_of_the_tables_is_accepted)
{
    const KeyTable *tables[] = {&file_key_table, &type_key_table, &card_key_table,
                                &expect_key_table};
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++)
        for (int i = 0; i < tables[t]->n; i++)
            cr_assert(strstr(every_card_key, tables[t]->keys[i].name),
                      "the test's file lacks key '%s' of %s", tables[t]->keys[i].name,
                      tables[t]->where);
    Compilation c;
    bool ok = LOAD(&c, every_card_key);
    char *text = diags_text(&c, false);
    cr_assert(ok && c.diags.nerrors == 0, "errors:\n%s", text);
    free(text);
    comp_free(&c);
}

Test(card_keys, a_card_key_is_no_attribute_name)
{
    for (int i = 0; i < card_key_table.n; i++) {
        char yaml[300];
        snprintf(yaml, sizeof yaml,
                 "game: T\ntypes:\n  cheat:\n    attributes:\n      %s: [red]\n"
                 "cards:\n  - {name: A, type: cheat}\n", card_key_table.keys[i].name);
        Compilation c;
        load_cards_text(&c, yaml, strlen(yaml));
        cr_assert(find_msg(&c, "would clash with the card key"), "'%s' taken as an attribute",
                  card_key_table.keys[i].name);
        comp_free(&c);
    }
}

Test(card_keys, an_unknown_origin_lists_the_tables_choices)
{
    Compilation c;
    LOAD(&c, "game: T\ntypes:\n  cheat:\ncards:\n  - {name: A, type: cheat, origin: house}\n");
    cr_assert(find_diag(&c, SEV_ERROR, 5, 36,
                        "unknown origin 'house' (expected one of: rulebook, added)"));
    comp_free(&c);
}

/* The rule id of a diagnostic made in file `origin` saying msg. */
static const char *rule_of(const char *origin, const char *msg)
{
    static char id[64];
    Diag g = {SEV_ERROR, {0}, msg, NULL, origin};
    const char *text = sarif_rule_of(&g, id, sizeof id);
    cr_assert(text && *text, "no description for %s", id);
    return id;
}

Test(sarif, rule_ids_from_the_table_or_the_file)
{
    cr_assert_str_eq(rule_of("compiler/cards.c", "unknown key 'x' in a card"),
                     "cards/unknown-key");
    cr_assert_str_eq(rule_of("/src/cardc/compiler/cards.c", "duplicate key 'x' in a card"),
                     "cards/duplicate-key");
    /* not in the table: the file's default */
    cr_assert_str_eq(rule_of("compiler/cards.c", "something new"), "cards");
    cr_assert_str_eq(rule_of("compiler/sema_holders.c", "anything"), "rules/sema-holders");
    cr_assert_str_eq(rule_of("build/gen/parser.tab.c", "syntax error"), "rules/syntax");
    cr_assert_str_eq(rule_of("compiler/ynode.c", "YAML syntax error: x"), "yaml/syntax");
    /* the words belong to a file: cards.c's words in another file are not its kind */
    cr_assert_str_eq(rule_of("compiler/sema_names.c", "unknown key 'x'"), "rules/sema-names");
    cr_assert_str_eq(rule_of(NULL, "made without diag_add"), "cardc");
}

Test(sarif, diag_add_names_the_calling_file)
{
    Arena a = {0};
    Diags d;
    diags_init(&d, &a);
    Loc at = {0};
    diag_error(&d, at, "x");
    diag_unknown(&d, at, "unknown thing", "y", NULL, 0, false);
    for (int i = 0; i < d.list.len; i++) {
        const Diag *g = d.list.items[i];
        const char *base = strrchr(g->origin, '/');
        cr_assert_str_eq(base ? base + 1 : g->origin, "test_schema_sarif.c");
    }
    cr_assert_eq(d.list.len, 2);
    arena_free(&a);
}
