/* test_hostile.c: inputs written to break the loader. Each must end in a
 * clean success or in errors with positions, never in a crash (the suite
 * runs under ASan and UBSan), and memory must stay bounded. */
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

static const char small[] =
    "game: Small\n"
    "types:\n"
    "  cheat:\n"
    "    attributes:\n"
    "      color: [red, blue]\n"
    "  stress: {}\n"
    "cards:\n"
    "  - {name: Red, type: cheat, color: red, count: 2}\n"
    "  - name: \"Blue \\u00e9\"\n"
    "    type: cheat\n"
    "    color: blue\n"
    "    text: &t >\n"
    "      folded\n"
    "      text\n"
    "  - name: Deadline\n"
    "    type: stress\n"
    "    text: *t\n"
    "    effect: 'lose(1)'\n"
    "expect: {total: 4, types: {cheat: 3}}\n";

Test(hostile, the_small_file_is_valid)
{
    Compilation c;
    cr_assert(LOAD(&c, small));
    cr_assert_eq(c.cards->instances, 4);
    comp_free(&c);
}

Test(hostile, every_prefix_of_a_valid_file)
{
    size_t n = sizeof small - 1;
    int oks = 0;
    for (size_t len = 0; len <= n; len++) {
        Compilation c;
        bool ok = load_cards_text(&c, small, len);
        check_sane(&c, ok);
        oks += ok;
        comp_free(&c);
    }
    /* The whole file is valid, and so are the prefixes that stop after the
     * last card or inside 'expect'; the empty prefix is not. */
    cr_assert_geq(oks, 2);
    cr_assert_lt(oks, (int)n);
}

/* A deterministic generator (xorshift32), so a failure can be replayed. */
static uint32_t rng = 2463534242u;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

Test(hostile, random_bytes)
{
    static const char yamlish[] = "-:{}[],&*!|>'\"%@`#? \n\t\r abcAZ09\\.";
    char buf[600];
    for (int round = 0; round < 200; round++) {
        size_t len = next() % sizeof buf;
        for (size_t i = 0; i < len; i++) {
            uint32_t r = next();
            /* Mostly YAML punctuation, sometimes any byte at all. */
            buf[i] = r % 4 ? yamlish[(r >> 8) % (sizeof yamlish - 1)] : (char)(r >> 16);
        }
        Compilation c;
        bool ok = load_cards_text(&c, buf, len);
        check_sane(&c, ok);
        comp_free(&c);
    }
}

Test(hostile, random_mutations_of_a_valid_file)
{
    char buf[sizeof small];
    for (int round = 0; round < 200; round++) {
        memcpy(buf, small, sizeof small);
        for (int k = 0; k < 4; k++)
            buf[next() % (sizeof small - 1)] = (char)(next() % 128);
        Compilation c;
        bool ok = load_cards_text(&c, buf, sizeof small - 1);
        check_sane(&c, ok);
        comp_free(&c);
    }
}

static void expect_limit(const char *text, const char *limit)
{
    Compilation c;
    cr_assert_not(load_cards_text(&c, text, strlen(text)));
    check_sane(&c, false);
    cr_assert_not_null(find_msg(&c, limit), "no error naming %s", limit);
    comp_free(&c);
}

Test(hostile, deep_lists)
{
    char *s = repeat("game: ", "[", 100000, "");
    expect_limit(s, "max_depth");
    free(s);
}

Test(hostile, deep_maps)
{
    char *s = repeat("game: ", "{a: ", 100000, "1");
    expect_limit(s, "max_depth");
    free(s);
}

Test(hostile, deep_block_lists)
{
    /* "- - - - ..." nests a block list at every dash. */
    char *s = repeat("cards:\n  ", "- ", 100000, "x\n");
    expect_limit(s, "max_depth");
    free(s);
}

Test(hostile, billion_laughs)
{
    static const char bomb[] =
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
        "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
        "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
        "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
        "i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h, *h]\n";
    Compilation c;
    cr_assert_not(LOAD(&c, bomb));
    const Diag *g = find_msg(&c, "max_nodes");
    cr_assert_not_null(g);
    cr_assert_eq(g->loc.line, 8, "stopped at the first alias past the budget");
    cr_assert_eq(g->loc.col, 8);
    cr_assert_lt(arena_bytes(&c.arena), (size_t)50 << 20, "memory stays bounded");
    comp_free(&c);
}

Test(hostile, aliases_within_budget_are_shared_not_copied)
{
    /* 10^6 nodes after expansion: under the budget, and loaded without
     * copying (the arena holds a few kilobytes, not megabytes). */
    static const char text[] =
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
        "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
        "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n";
    Compilation c;
    cr_assert_not(LOAD(&c, text));
    cr_assert_null(find_msg(&c, "max_nodes"));
    cr_assert_not_null(find_msg(&c, "unknown key 'a'"));
    cr_assert_lt(arena_bytes(&c.arena), (size_t)1 << 20);
    comp_free(&c);
}

Test(hostile, unknown_alias)
{
    Compilation c;
    cr_assert_not(LOAD(&c, "game: *nowhere\n"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 1, 7, "unknown alias '*nowhere'"));
    comp_free(&c);
}

Test(hostile, many_anchors_and_aliases)
{
    /* 20,000 anchors, each used once: loads (the card checks then reject
     * the shape), with each alias finding its own anchor. */
    Buf b = {0};
    buf_puts(&b, "game: G\ntypes: {t: }\ncards:\n");
    for (int i = 0; i < 20000; i++)
        buf_printf(&b, "  - {name: &n%d N%d, type: t}\n", i, i);
    buf_puts(&b, "expect:\n");
    for (int i = 0; i < 20000; i++)
        buf_printf(&b, "  *n%d : 1\n", i);
    Compilation c;
    cr_assert_not(load_cards_text(&c, b.data, b.len));
    cr_assert_eq(c.cards->ncards, 20000);
    /* The error points at the alias, not at the anchored name. */
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 20005, 3, "unknown key 'N0' in 'expect'"));
    cr_assert_eq(c.diags.nerrors, 20000, "one per key, all counted");
    buf_free(&b);
    comp_free(&c);
}

Test(hostile, one_megabyte_line)
{
    char *s = repeat("game: ", "x", 1000000, "\n");
    Compilation c;
    cr_assert_not(load_cards_text(&c, s, strlen(s)));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 1, 7, "max_name"));
    /* The echoed line is cut to a window, not a megabyte of x. */
    char *t = diags_text(&c, false);
    cr_assert_lt(strlen(t), 2000);
    free(t);
    comp_free(&c);
    free(s);
}

Test(hostile, value_beyond_max_scalar)
{
    char *s = repeat("game: ", "x", 2 << 20, "\n");
    expect_limit(s, "max_scalar");
    free(s);
}

Test(hostile, long_line_error_far_right)
{
    /* An error 500,000 characters into a line: the caret window follows. */
    Buf b = {0};
    buf_puts(&b, "game: G\ntypes: {t: }\ncards: [{name: A, type: t}");
    for (int i = 0; i < 25000; i++)
        buf_printf(&b, ", {name: B%05d, type: t}", i);
    size_t col = b.len - strlen("game: G\ntypes: {t: }\n") + strlen(", {name: C, type: ") + 1;
    buf_puts(&b, ", {name: C, type: nope}]\n");
    Compilation c;
    cr_assert_not(load_cards_text(&c, b.data, b.len));
    cr_assert_eq(c.diags.nerrors, 1);
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 3, (int)col, "undeclared type 'nope'"));
    char *t = diags_text(&c, false);
    cr_assert_not_null(strstr(t, "\n...") && strstr(t, "{name: B24999, type: t}, {name: C"),
                       "%.400s", t);
    cr_assert_not_null(strstr(t, "nope}]\n"), "%.400s", t);
    cr_assert_lt(strlen(t), 1000);
    free(t);
    buf_free(&b);
    comp_free(&c);
}

Test(hostile, name_of_100000_characters)
{
    char *s = repeat("game: G\ntypes: {t: }\ncards:\n  - name: ", "n", 100000, "\n    type: t\n");
    expect_limit(s, "max_name");
    Compilation c;
    load_cards_text(&c, s, strlen(s));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 4, 11, "a card name too long: 100000 characters"));
    comp_free(&c);
    free(s);
}

Test(hostile, quoted_value_of_100000_characters)
{
    /* The message quotes the value; it is cut, and still valid UTF-8. */
    char *s = repeat("game: G\ntypes: {t: }\ncards:\n  - {name: A, type: t, origin: ",
                     "\xc3\xa9", 100000, "}\n");
    Compilation c;
    cr_assert_not(load_cards_text(&c, s, strlen(s)));
    int col = (int)strlen("  - {name: A, type: t, origin: ") + 1;
    const Diag *g = find_diag(&c, SEV_ERROR, 4, col, "unknown origin '");
    cr_assert_not_null(g);
    size_t n = strlen(g->msg);
    cr_assert_lt(n, 1024);
    cr_assert_str_eq(g->msg + n - 3, "...");
    for (const char *p = g->msg; *p; p++)
        if ((unsigned char)*p == 0xc3)
            cr_assert_eq((unsigned char)p[1], 0xa9, "a character cut in half");
    comp_free(&c);
    free(s);
}

Test(hostile, names_that_are_not_utf8)
{
    /* A game's names reach its JSON: YAML refuses text that is not UTF-8
     * (Latin-1, an overlong form, an encoded surrogate, past U+10FFFF),
     * and refuses its escapes of a surrogate, in every name alike. */
    static const char *const bad[] = {"caf\xe9", "a\xc0\x80", "a\xed\xa0\x80",
                                      "a\xf4\x90\x80\x80", "a\x80"};
    static const char *const where[] = {
        "game: %s\ntypes: {t: }\ncards:\n  - {name: A, type: t}\n",
        "game: G\ntypes: {t: }\ncards:\n  - {name: %s, type: t}\n",
        "game: G\ntypes: {%s: }\ncards:\n  - {name: A, type: t}\n",
        "game: G\ntypes: {t: {attributes: {c: [%s]}}}\ncards:\n  - {name: A, type: t}\n",
    };
    for (size_t w = 0; w < sizeof where / sizeof where[0]; w++)
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            char text[200];
            snprintf(text, sizeof text, where[w], bad[i]);
            Compilation c;
            cr_assert_not(load_cards_text(&c, text, strlen(text)), "accepted: %s", text);
            cr_assert_not_null(find_msg(&c, "YAML syntax error"), "%s", text);
            comp_free(&c);
        }
    Compilation c;
    const char *esc = "game: G\ntypes: {t: }\ncards:\n  - {name: \"a\\ud800\", type: t}\n";
    cr_assert_not(load_cards_text(&c, esc, strlen(esc)));
    cr_assert_not_null(find_msg(&c, "invalid Unicode character escape"));
    comp_free(&c);
}

Test(hostile, implicit_key_of_100000_characters)
{
    /* YAML limits implicit keys to 1024 characters: a syntax error. */
    char *s = repeat("game: G\n", "k", 100000, ": 1\n");
    expect_limit(s, "YAML syntax error");
    free(s);
}

Test(hostile, file_of_100000_cards)
{
    Buf b = {0};
    buf_puts(&b, "game: Big\ntypes:\n  cheat:\n    attributes:\n      color: [red, blue]\n"
                 "  stress:\ncards:\n");
    long long total = 0;
    for (int i = 0; i < 100000; i++) {
        int count = 1 + i % 3;
        total += count;
        if (i % 2)
            buf_printf(&b, "  - {name: Card %d, type: stress, count: %d}\n", i, count);
        else
            buf_printf(&b, "  - name: Card %d\n    type: cheat\n    color: %s\n    count: %d\n",
                       i, i % 4 ? "blue" : "red", count);
    }
    buf_printf(&b, "expect: {total: %lld}\n", total);
    Compilation c;
    bool ok = load_cards_text(&c, b.data, b.len);
    cr_assert(ok, "%d errors", c.diags.nerrors);
    CardSet *cs = c.cards;
    cr_assert_eq(cs->ncards, 100000);
    cr_assert_eq(cs->instances, total);
    CardDef *last = cards_find_card(cs, "Card 99999");
    cr_assert_not_null(last);
    cr_assert_eq(last->index, 99999);
    cr_assert_eq(last->first_instance + last->count, total);
    cr_assert_eq(cs->types[0]->instances + cs->types[1]->instances, total);
    buf_free(&b);
    comp_free(&c);
}

Test(hostile, second_document_and_stray_tokens)
{
    expect_limit("game: A\n---\ngame: B\n", "second");
    Compilation c;
    cr_assert_not(LOAD(&c, "]"));
    check_sane(&c, false);
    comp_free(&c);
    cr_assert_not(LOAD(&c, "game: \"unterminated\n"));
    check_sane(&c, false);
    comp_free(&c);
    cr_assert_not(LOAD(&c, "\xff\xfe\x00"));
    check_sane(&c, false);
    comp_free(&c);
}
