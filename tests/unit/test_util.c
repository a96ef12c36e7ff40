/* test_util.c: edit distance, did you mean, the string map, the arena,
 * UTF-8, and parse_yaml_int. */
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

Test(edit_distance, counts_single_edits)
{
    cr_assert_eq(edit_distance("count", "count"), 0);
    cr_assert_eq(edit_distance("", "abc"), 3);
    cr_assert_eq(edit_distance("abc", ""), 3);
    cr_assert_eq(edit_distance("colour", "color"), 1);   /* deletion */
    cr_assert_eq(edit_distance("cout", "count"), 1);     /* insertion */
    cr_assert_eq(edit_distance("rde", "red"), 1);        /* transposition */
    cr_assert_eq(edit_distance("cuont", "count"), 1);    /* transposition */
    cr_assert_eq(edit_distance("kitten", "sitting"), 3);
    cr_assert_eq(edit_distance("Game", "game"), 0);      /* case-insensitive */
}

Test(edit_distance, caps_long_words)
{
    char a[100], b[100];
    memset(a, 'a', 99);
    a[99] = '\0';
    memset(b, 'a', 99);
    b[99] = '\0';
    b[0] = 'b';
    cr_assert_geq(edit_distance(a, b), 100, "words over 64 characters are never close");
}

static const char *const keys[] = {"name", "type", "count", "text", "effect", "origin"};

Test(did_you_mean, finds_the_closest_known_word)
{
    cr_assert_str_eq(did_you_mean("cuont", keys, 6), "count");
    cr_assert_str_eq(did_you_mean("nmae", keys, 6), "name");
    cr_assert_str_eq(did_you_mean("efect", keys, 6), "effect");
    cr_assert_str_eq(did_you_mean("TYPE", keys, 6), "type");
    cr_assert_str_eq(did_you_mean("origins", keys, 6), "origin");
}

Test(did_you_mean, says_nothing_when_nothing_is_close)
{
    cr_assert_null(did_you_mean("flavour", keys, 6));
    cr_assert_null(did_you_mean("xyz", keys, 6));
    cr_assert_null(did_you_mean("anything", keys, 0));
    /* Short words allow one edit only: "tp" is two from "type". */
    cr_assert_null(did_you_mean("tp", keys, 6));
}

Test(did_you_mean, prefers_the_first_of_equals)
{
    static const char *const colors[] = {"red", "rod", "blue"};
    cr_assert_str_eq(did_you_mean("rxd", colors, 3), "red");
}

Test(strmap, stores_and_finds_many_keys)
{
    Arena a = {0};
    StrMap m = {0};
    char *names[5000];
    for (int i = 0; i < 5000; i++) {
        names[i] = arena_printf(&a, "key-%d", i);
        cr_assert_null(strmap_put(&a, &m, names[i], names[i]));
    }
    cr_assert_eq(m.len, 5000);
    for (int i = 0; i < 5000; i++) {
        char k[32];
        snprintf(k, sizeof k, "key-%d", i);
        cr_assert_eq(strmap_get(&m, k), names[i]);
    }
    cr_assert_null(strmap_get(&m, "key-5000"));
    /* Putting a key again keeps the first value and returns it. */
    cr_assert_eq(strmap_put(&a, &m, "key-7", names[8]), names[7]);
    cr_assert_eq(strmap_get(&m, "key-7"), names[7]);
    cr_assert_eq(m.len, 5000);
    arena_free(&a);
}

Test(strmap, set_replaces_even_a_null_value)
{
    Arena a = {0};
    StrMap m = {0};
    int one, two;
    strmap_set(&a, &m, "k", &one);
    cr_assert_eq(strmap_get(&m, "k"), &one);
    strmap_set(&a, &m, "k", NULL); /* the scope stack pops a name this way */
    cr_assert_null(strmap_get(&m, "k"));
    strmap_set(&a, &m, "k", &two);
    cr_assert_eq(strmap_get(&m, "k"), &two);
    cr_assert_eq(m.len, 1);
    arena_free(&a);
}

Test(strmap, empty_map_finds_nothing)
{
    StrMap m = {0};
    cr_assert_null(strmap_get(&m, "x"));
}

Test(arena, zeroes_aligns_and_counts)
{
    Arena a = {0};
    cr_assert_eq(arena_bytes(&a), 0);
    for (int i = 1; i < 100; i++) {
        unsigned char *p = arena_alloc(&a, (size_t)i);
        cr_assert_eq((uintptr_t)p % 16, 0);
        for (int k = 0; k < i; k++)
            cr_assert_eq(p[k], 0);
        memset(p, 0xff, (size_t)i);
    }
    char *big = arena_alloc(&a, 1 << 20);
    cr_assert_not_null(big);
    cr_assert_geq(arena_bytes(&a), (size_t)1 << 20);
    cr_assert_str_eq(arena_printf(&a, "%s-%d", "x", 42), "x-42");
    cr_assert_str_eq(arena_strndup(&a, "abcdef", 3), "abc");
    arena_free(&a);
    cr_assert_eq(arena_bytes(&a), 0);
}

Test(buf, json_strings_are_escaped)
{
    Buf b = {0};
    buf_json_string(&b, "a\"b\\c\nd\te\x01");
    cr_assert_str_eq(b.data, "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
    buf_free(&b);
}

Test(buf, json_strings_are_utf8)
{
    /* Valid characters pass as they are; every byte that does not start
     * one (Latin-1, a stray continuation, an overlong form, a surrogate,
     * past U+10FFFF, a character cut short) becomes U+FFFD. */
    Buf b = {0};
    buf_json_string(&b, "caf\xc3\xa9 \xf0\x9f\x83\x8f|caf\xe9|\x80|\xc0\x80|\xed\xa0\x80|"
                        "\xf4\x90\x80\x80|\xe2\x80");
    cr_assert_str_eq(b.data, "\"caf\xc3\xa9 \xf0\x9f\x83\x8f|caf\\ufffd|\\ufffd|"
                             "\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|"
                             "\\ufffd\\ufffd\\ufffd\\ufffd|\\ufffd\\ufffd\"");
    buf_free(&b);
}

Test(utf8_seq, lengths)
{
    cr_assert_eq(utf8_seq("a", 1), 1);
    cr_assert_eq(utf8_seq("\xc3\xa9", 2), 2);
    cr_assert_eq(utf8_seq("\xc3\xa9", 1), 0, "cut short by n");
    cr_assert_eq(utf8_seq("\xe2\x80\x9c", 3), 3);
    cr_assert_eq(utf8_seq("\xef\xbf\xbf", 3), 3);
    cr_assert_eq(utf8_seq("\xf0\x90\x80\x80", 4), 4);
    cr_assert_eq(utf8_seq("\xf4\x8f\xbf\xbf", 4), 4);
    cr_assert_eq(utf8_seq("\xc1\xbf", 2), 0, "overlong");
    cr_assert_eq(utf8_seq("\xe0\x9f\xbf", 3), 0, "overlong");
    cr_assert_eq(utf8_seq("\xf0\x8f\xbf\xbf", 4), 0, "overlong");
    cr_assert_eq(utf8_seq("\xed\xbf\xbf", 3), 0, "a surrogate");
    cr_assert_eq(utf8_seq("\xf4\x90\x80\x80", 4), 0, "past U+10FFFF");
    cr_assert_eq(utf8_seq("\xf5\x80\x80\x80", 4), 0);
    cr_assert_eq(utf8_seq("\xff", 1), 0);
    cr_assert_eq(utf8_seq("\xe2\x80", SIZE_MAX), 0, "stops at the NUL");
}

/* all_ascii and utf8_count read eight bytes at a time, then the rest: a
 * high byte at each place of texts of every length up to 40 is seen. */
Test(utf8_count, every_place_and_length)
{
    char s[41];
    for (size_t len = 0; len <= 40; len++) {
        memset(s, 'a', sizeof s);
        cr_assert(all_ascii(s, len));
        cr_assert_eq(utf8_count(s, len), (int)len);
        for (size_t at = 0; at + 2 <= len; at++) {
            memset(s, 'a', sizeof s);
            memcpy(s + at, "\xc3\xa9", 2);
            cr_assert(!all_ascii(s, len), "len %zu, at %zu", len, at);
            cr_assert_eq(utf8_count(s, len), (int)len - 1, "len %zu, at %zu", len, at);
            cr_assert(all_ascii(s, at), "the bytes before it");
        }
    }
    cr_assert_eq(utf8_count("\xe2\x80\x9cx\xe2\x80\x9d", 7), 3);
}

static bool int_of(const char *text, bool quoted, long long *v, const char **why)
{
    YNode n = {.kind = YN_SCALAR, .str = text, .len = strlen(text), .quoted = quoted};
    return parse_yaml_int(&n, v, why);
}

Test(parse_yaml_int, accepts_whole_numbers)
{
    long long v;
    const char *why;
    cr_assert(int_of("42", false, &v, &why));
    cr_assert_eq(v, 42);
    cr_assert(int_of("-3", false, &v, &why));
    cr_assert_eq(v, -3);
    cr_assert(int_of("+7", false, &v, &why));
    cr_assert_eq(v, 7);
    cr_assert(int_of("9223372036854775807", false, &v, &why));
    cr_assert_eq(v, 9223372036854775807LL);
}

Test(parse_yaml_int, rejects_the_rest_with_a_reason)
{
    long long v;
    const char *why;
    cr_assert_not(int_of("1.5", false, &v, &why));
    cr_assert_str_eq(why, "a number with a fraction");
    cr_assert_not(int_of("1e3", false, &v, &why));
    cr_assert_str_eq(why, "a number with a fraction");
    cr_assert_not(int_of("sixteen", false, &v, &why));
    cr_assert_str_eq(why, "a string");
    cr_assert_not(int_of("16", true, &v, &why));
    cr_assert_str_eq(why, "a quoted string");
    cr_assert_not(int_of("", false, &v, &why));
    cr_assert_str_eq(why, "an empty value");
    cr_assert_not(int_of("0x10", false, &v, &why));
    cr_assert_str_eq(why, "a string");
    cr_assert_not(int_of("99999999999999999999", false, &v, &why));
    cr_assert_str_eq(why, "a number too large for 64 bits");
    cr_assert_not(int_of("9223372036854775808", false, &v, &why));
    cr_assert_str_eq(why, "a number too large for 64 bits");
}

Test(diag_remove, takes_back_one_diagnostic_at_its_place)
{
    Arena a = {0};
    Diags d;
    diags_init(&d, &a);
    SrcFile f = {"t.yaml", "", 0};
    Loc at = {&f, 3, 5, 1}, other = {&f, 4, 5, 1};
    diag_warning(&d, at, "type 'x' is declared, but no card has it");
    diag_error(&d, at, "type 'x' is wrong");
    diag_warning(&d, other, "type 'y' is declared, but no card has it");
    cr_assert(!diag_remove(&d, SEV_WARNING, at, "zone '"));
    cr_assert(!diag_remove(&d, SEV_NOTE, at, "type '"));
    cr_assert(diag_remove(&d, SEV_WARNING, at, "type '"));
    cr_assert_eq(d.nwarnings, 1);
    cr_assert_eq(d.nerrors, 1);
    cr_assert_eq(d.list.len, 2);
    cr_assert_str_eq(((const Diag *)d.list.items[0])->msg, "type 'x' is wrong");
    cr_assert_eq(((const Diag *)d.list.items[1])->loc.line, 4);
    cr_assert(!diag_remove(&d, SEV_WARNING, at, "type '"));
    arena_free(&a);
}
