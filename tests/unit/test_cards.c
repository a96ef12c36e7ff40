/* test_cards.c: each card check gives the right message at the right
 * line:column, and a valid file gives the right CardSet. */
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#define HEAD "game: T\ntypes:\n  cheat:\n    attributes:\n      color: [red, blue]\n" \
             "  stress:\ncards:\n"
/* HEAD is 7 lines; the first card starts on line 8. */

#define EXPECT_ERROR(text, line, col, part)                                          \
    do {                                                                             \
        Compilation c_;                                                              \
        bool ok_ = LOAD(&c_, text);                                                  \
        cr_assert_not(ok_, "no error for %s", part);                                 \
        if (!find_diag(&c_, SEV_ERROR, line, col, part)) {                           \
            char *t_ = diags_text(&c_, false);                                       \
            cr_assert_fail("no error at %d:%d containing \"%s\"; got:\n%s", line, col, \
                           part, t_);                                                \
        }                                                                            \
        comp_free(&c_);                                                              \
    } while (0)

static const char valid[] =
    "game: Tiny\n"
    "types:\n"
    "  cheat:\n"
    "    attributes:\n"
    "      color: [red, blue, green]\n"
    "      points: [1, 2]\n"
    "  stress:\n"
    "cards:\n"
    "  - {name: Red Cheat, type: cheat, color: red, points: 1, count: 3}\n"
    "  - name: Blue Cheat\n"
    "    type: cheat\n"
    "    color: blue\n"
    "    points: 2\n"
    "    count: 2\n"
    "    origin: added\n"
    "  - name: Deadline\n"
    "    type: stress\n"
    "    count: 4\n"
    "    text: Lose a turn.\n"
    "    effect: |\n"
    "      n += 1\n"
    "expect:\n"
    "  total: 9\n"
    "  types: {cheat: 5, stress: 4}\n"
    "  attributes: {color: {red: 3, blue: 2, green: 0}, points: {1: 3, 2: 2}}\n";

Test(cardset, valid_file_loads_everything)
{
    Compilation c;
    cr_assert(LOAD(&c, valid));
    cr_assert_eq(c.diags.list.len, 0);
    CardSet *cs = c.cards;
    cr_assert_not_null(cs);
    cr_assert_str_eq(cs->game, "Tiny");
    cr_assert_eq(cs->ntypes, 2);
    cr_assert_str_eq(cs->types[0]->name, "cheat");
    cr_assert_str_eq(cs->types[1]->name, "stress");
    cr_assert_eq(cs->types[0]->instances, 5);
    cr_assert_eq(cs->types[1]->instances, 4);
    cr_assert_eq(cs->ncards, 3);
    cr_assert_eq(cs->instances, 9);

    Attr *color = cards_find_attr(cs, "color"), *points = cards_find_attr(cs, "points");
    cr_assert_not_null(color);
    cr_assert_not_null(points);
    cr_assert_eq(color->nvalues, 3);
    cr_assert_not(color->numeric);
    cr_assert(points->numeric);
    cr_assert_eq(attr_value_index(color, "green"), 2);
    cr_assert_eq(attr_value_index(color, "purple"), -1);
    cr_assert_null(cards_find_attr(cs, "colour"));

    CardDef *red = cards_find_card(cs, "Red Cheat");
    CardDef *blue = cards_find_card(cs, "Blue Cheat");
    CardDef *dl = cards_find_card(cs, "Deadline");
    cr_assert(red && blue && dl);
    cr_assert_null(cards_find_card(cs, "Green Cheat"));
    cr_assert_eq(red->count, 3);
    cr_assert_eq(red->first_instance, 0);
    cr_assert_eq(blue->count, 2);
    cr_assert_eq(blue->first_instance, 3);
    cr_assert_eq(dl->count, 4);
    cr_assert_eq(dl->first_instance, 5);
    cr_assert_eq(red->type, cards_find_type(cs, "cheat"));
    cr_assert_eq(dl->type, cards_find_type(cs, "stress"));
    cr_assert_null(cards_find_type(cs, "special"));
    cr_assert_eq(card_value(red, color->index), 0);
    cr_assert_eq(card_value(blue, color->index), 1);
    cr_assert_eq(card_value(dl, color->index), -1);
    cr_assert_str_eq(points->values[card_value(blue, points->index)], "2");
    cr_assert_not(red->added);
    cr_assert(blue->added);
    cr_assert_str_eq(dl->text, "Lose a turn.");
    cr_assert_str_eq(dl->effect, "n += 1\n");
    cr_assert_eq(dl->effect_node->style, '|');
    cr_assert_eq(dl->effect_loc.line, 20);
    cr_assert_eq(red->loc.line, 9);
    cr_assert_eq(red->loc.col, 12);
    cr_assert_eq(red->index, 0);
    cr_assert_eq(dl->index, 2);
    comp_free(&c);
}

Test(cardset, count_defaults_to_one)
{
    Compilation c;
    cr_assert(LOAD(&c, "game: G\ntypes:\n  t:\ncards:\n  - {name: A, type: t}\n"));
    cr_assert_eq(c.cards->cards[0]->count, 1);
    cr_assert_eq(c.cards->instances, 1);
    comp_free(&c);
}

Test(checks, yaml_syntax_error_has_libyaml_position)
{
    EXPECT_ERROR("game: T\ntypes: [a, b\ncards: []\n", 3, 6, "YAML syntax error");
    EXPECT_ERROR("game: T\n  bad: indent\n", 2, 6, "YAML syntax error");
}

Test(checks, unknown_keys_with_did_you_mean)
{
    EXPECT_ERROR("gmae: T\ntypes:\n  a:\ncards:\n  - {name: A, type: a}\n", 1, 1,
                 "unknown key 'gmae' in the card file; did you mean 'game'?");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, cuont: 2}\n", 8, 29,
                 "unknown key 'cuont' in a card; did you mean 'count'?");
    EXPECT_ERROR(HEAD "  - {name: A, type: cheat, colour: red}\n", 8, 28,
                 "did you mean 'color'?");
    EXPECT_ERROR("game: T\ntypes:\n  a:\n    atributes: {}\ncards:\n  - {name: A, type: a}\n",
                 4, 5, "unknown key 'atributes' in a type; did you mean 'attributes'?");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress}\nexpect: {totl: 1}\n", 9, 10,
                 "unknown key 'totl' in 'expect'; did you mean 'total'?");
}

Test(checks, unknown_key_far_from_everything_has_no_hint)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress, flavour: sour}\n"));
    const Diag *g = find_diag(&c, SEV_ERROR, 8, 29, "unknown key 'flavour' in a card");
    cr_assert_not_null(g);
    cr_assert_null(g->hint);
    cr_assert_null(strstr(g->msg, "did you mean"));
    comp_free(&c);
}

Test(checks, misspelt_key_is_not_also_missing)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {nmae: A, type: cheat, colour: red}\n"));
    cr_assert_eq(c.diags.nerrors, 2, "only the two misspellings");
    cr_assert_null(find_msg(&c, "has no"));
    comp_free(&c);
}

Test(checks, hint_is_kept_for_json)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress, cuont: 2}\n"));
    char *j = diags_text(&c, true);
    cr_assert_not_null(strstr(j, "\"line\":8,\"column\":29,\"severity\":\"error\""), "%s", j);
    cr_assert_not_null(strstr(j, "\"hint\":\"did you mean 'count'?\""), "%s", j);
    free(j);
    comp_free(&c);
}

Test(checks, wrong_kind_of_node)
{
    EXPECT_ERROR("game: T\ntypes: [a, b]\ncards: []\n", 2, 8, "'types' must be a map, found a list");
    EXPECT_ERROR("game: T\ntypes: {a: }\ncards: {x: 1}\n", 3, 8,
                 "'cards' must be a list, found a map");
    EXPECT_ERROR(HEAD "  - just a name\n", 8, 5, "a card must be a map, found a string");
    EXPECT_ERROR("- game\n- types\n", 1, 1, "must be a map");
    EXPECT_ERROR(HEAD "  - {name: [A], type: stress}\n", 8, 12, "must be text, found a list");
}

Test(checks, duplicate_card_name_with_note_at_first)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress}\n  - {name: B, type: stress}\n"
                                "  - {name: A, type: stress}\n"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 10, 12, "duplicate card name 'A'"));
    cr_assert_not_null(find_diag(&c, SEV_NOTE, 8, 12, "'A' first defined here"));
    /* The note follows its error in the list. */
    for (int i = 0; i < c.diags.list.len; i++) {
        const Diag *g = c.diags.list.items[i];
        if (g->sev == SEV_NOTE)
            cr_assert(i > 0 && strstr(((Diag *)c.diags.list.items[i - 1])->msg, "duplicate"));
    }
    comp_free(&c);
}

Test(checks, duplicate_key)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress, count: 1, count: 2}\n"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 8, 39, "duplicate key 'count' in a card"));
    cr_assert_not_null(find_diag(&c, SEV_NOTE, 8, 29, "'count' first given here"));
    comp_free(&c);
}

Test(checks, undeclared_type)
{
    EXPECT_ERROR(HEAD "  - {name: A, type: stres}\n", 8, 21,
                 "undeclared type 'stres'; did you mean 'stress'?");
    EXPECT_ERROR(HEAD "  - {name: A, type: special}\n", 8, 21,
                 "undeclared type 'special' (expected one of: cheat, stress)");
}

Test(checks, attribute_not_declared_by_the_type)
{
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, color: red}\n", 8, 29,
                 "type 'stress' does not declare attribute 'color'");
}

Test(checks, attribute_value_outside_the_set)
{
    EXPECT_ERROR(HEAD "  - {name: A, type: cheat, color: rde}\n", 8, 35,
                 "type 'cheat' does not allow color 'rde'; did you mean 'red'?");
    EXPECT_ERROR(HEAD "  - {name: A, type: cheat, color: purple}\n", 8, 35,
                 "does not allow color 'purple' (expected one of: red, blue)");
}

Test(checks, missing_fields)
{
    EXPECT_ERROR(HEAD "  - {type: stress}\n", 8, 5, "card has no 'name'");
    EXPECT_ERROR(HEAD "  - {name: A}\n", 8, 5, "card 'A' has no 'type'");
    EXPECT_ERROR(HEAD "  - {name: A, type: cheat}\n", 8, 5,
                 "card 'A' of type 'cheat' has no 'color'");
    EXPECT_ERROR("types:\n  a:\ncards:\n  - {name: A, type: a}\n", 1, 1, "has no 'game'");
    EXPECT_ERROR("game: T\ncards:\n  - {name: A, type: a}\n", 1, 1, "has no 'types'");
    EXPECT_ERROR("game: T\ntypes:\n  a:\n", 1, 1, "has no 'cards'");
}

Test(checks, missing_types_do_not_cascade)
{
    Compilation c;
    cr_assert_not(LOAD(&c, "game: T\ncards:\n  - {name: A, type: a}\n"));
    cr_assert_eq(c.diags.nerrors, 1);
    comp_free(&c);
}

Test(checks, counts_that_are_not_positive_whole_numbers)
{
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: 0}\n", 8, 36, "found 0");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: -3}\n", 8, 36, "found -3");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: 1.5}\n", 8, 36,
                 "found '1.5' (a number with a fraction)");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: \"sixteen\"}\n", 8, 36,
                 "found 'sixteen' (a quoted string)");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: sixteen}\n", 8, 36,
                 "found 'sixteen' (a string)");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: 99999999999999999999}\n", 8, 36,
                 "(a number too large for 64 bits)");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: [1]}\n", 8, 36, "found a list");
    EXPECT_ERROR(HEAD "  - {name: A, type: stress, count: }\n", 8, 36, "found an empty value");
}

Test(checks, expect_mismatches_give_both_numbers)
{
#define TWO HEAD "  - {name: A, type: cheat, color: red, count: 3}\n" \
                 "  - {name: B, type: stress, count: 2}\n"
    EXPECT_ERROR(TWO "expect:\n  total: 6\n", 11, 10,
                 "expected 6 cards in total, but the cards add up to 5");
    EXPECT_ERROR(TWO "expect:\n  types: {cheat: 4}\n", 11, 18,
                 "expected 4 cards of type 'cheat', but the cards add up to 3");
    EXPECT_ERROR(TWO "expect:\n  attributes:\n    color: {red: 3, blue: 1}\n", 12, 27,
                 "expected 1 cards with color 'blue', but the cards add up to 0");
    EXPECT_ERROR(TWO "expect:\n  types: {chat: 3}\n", 11, 11,
                 "undeclared type 'chat'; did you mean 'cheat'?");
    EXPECT_ERROR(TWO "expect:\n  total: -1\n", 11, 10, "must not be negative");
#undef TWO
}

Test(checks, expect_is_not_compared_when_a_card_is_wrong)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress, count: 0}\nexpect: {total: 7}\n"));
    cr_assert_eq(c.diags.nerrors, 1, "the count, not the total too");
    comp_free(&c);
}

Test(checks, empty_file_and_comments_only)
{
    EXPECT_ERROR("", 1, 1, "empty file");
    EXPECT_ERROR("# nothing\n\n", 1, 1, "empty file");
}

Test(checks, not_a_text_file)
{
    static const char bin[] = "game: T\nty\0pes:\n";
    Compilation c;
    cr_assert_not(load_cards_text(&c, bin, sizeof bin - 1));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 2, 3, "not a text file: NUL byte at offset 10"));
    char *t = diags_text(&c, false);
    cr_assert_str_eq(t, "t.yaml:2:3: error: not a text file: NUL byte at offset 10\nty\n  ^\n");
    free(t);
    comp_free(&c);
}

Test(checks, every_error_is_reported)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: cheat, color: rde, count: 0}\n"
                                "  - {name: B, type: stres}\n"
                                "  - {name: A, type: stress, color: red}\n"
                                "  - {name: C, type: stress, cuont: 1}\n"));
    cr_assert_eq(c.diags.nerrors, 6);
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 8, 35, "rde"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 8, 47, "found 0"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 9, 21, "stres"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 10, 12, "duplicate card name"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 10, 29, "does not declare attribute"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 11, 29, "cuont"));
    comp_free(&c);
}

Test(checks, error_cap_keeps_the_first_and_counts_the_rest)
{
    char *text = repeat(HEAD, "  - {type: stress, count: 0}\n", 10, "");
    Compilation c;
    comp_init(&c);
    c.diags.max_errors = 3;
    const SrcFile *f = comp_add_text(&c, "t.yaml", text, strlen(text));
    cr_assert_not(phase_load_cards(&c, f));
    cr_assert_eq(c.diags.list.len, 3);
    cr_assert_gt(c.diags.dropped, 0);
    cr_assert_eq(c.diags.nerrors, 20, "10 counts and 10 missing names, all counted");
    cr_assert_eq(c.diags.dropped, 17);
    char *t = diags_text(&c, false);
    cr_assert_not_null(strstr(t, "more diagnostics not shown (limit: 3 errors; see --max-errors)"), "%s", t);
    free(t);
    free(text);
    comp_free(&c);
}

Test(diag, text_format_has_source_line_and_caret)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: cheat, color: rde}\n"
                                "  - {name: B, type: stress}\n"));
    char *t = diags_text(&c, false);
    cr_assert_str_eq(t, "t.yaml:8:35: error: type 'cheat' does not allow color 'rde'; "
                        "did you mean 'red'?\n"
                        "  - {name: A, type: cheat, color: rde}\n"
                        "                                  ^~~\n");
    free(t);
    comp_free(&c);
}

Test(diag, columns_count_characters_not_bytes)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: \"Caf\xc3\xa9 \xc3\xa9t\xc3\xa9\", type: nope}\n"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 8, 30, "undeclared type 'nope'"));
    comp_free(&c);
}

Test(diag, diagnostics_print_in_position_order)
{
    Compilation c;
    cr_assert_not(LOAD(&c, HEAD "  - {name: A, type: stress, count: 0}\n"
                                "  - {name: B, type: stress, count: x}\n"
                                "expect: {tota: 1}\n"));
    char *t = diags_text(&c, false);
    char *a = strstr(t, "t.yaml:8:"), *b = strstr(t, "t.yaml:9:"), *e = strstr(t, "t.yaml:10:");
    cr_assert(a && b && e && a < b && b < e, "%s", t);
    free(t);
    comp_free(&c);
}
