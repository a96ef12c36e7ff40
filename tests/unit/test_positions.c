/* test_positions.c: positions as an editor shows them (lines end at \n,
 * columns count characters). yscalar_map is checked two ways: exact places
 * in hand-written scalars of every style, and, over thousands of scalars
 * that libyaml's own emitter writes in every style, width, indentation and
 * line-break convention, that the place of each character holds that
 * character, or the escape or line break that produced it. */
#include "helpers.h"
#include "parse.h"
#include "yscalar.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* ---- helpers ------------------------------------------------------------- */

/* The byte offset of place p in f (a byte order mark takes no column), or
 * (size_t)-1 if f has no such place. */
static size_t offset_of(const SrcFile *f, YPos p)
{
    size_t i = f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    for (int line = 1; line < p.line; line++) {
        const char *nl = memchr(f->text + i, '\n', f->len - i);
        if (!nl)
            return (size_t)-1;
        i = (size_t)(nl - f->text) + 1;
    }
    for (int col = 1; col < p.col; col++) {
        if (i >= f->len || f->text[i] == '\n')
            return i == f->len && col == p.col - 1 ? i : (size_t)-1;
        i++;
        while (i < f->len && ((unsigned char)f->text[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

static bool yaml_break_at(const char *s, size_t left)
{
    return (left >= 1 && (s[0] == '\n' || s[0] == '\r')) ||
           (left >= 2 && memcmp(s, "\xC2\x85", 2) == 0) ||
           (left >= 3 && (memcmp(s, "\xE2\x80\xA8", 3) == 0 ||
                          memcmp(s, "\xE2\x80\xA9", 3) == 0));
}

/* The fast paths of yscalar_map place the n characters of scalar w of f,
 * and its end, where the reading of every style (yscalar_read) does. */
static void same_as_read(const SrcFile *f, const YNode *w, const YPos *at, int n)
{
    YPos *ref;
    cr_assert(yscalar_read(f, w, &ref), "yscalar_read: no map for \"%s\"", w->str);
    for (int k = 0; k <= n; k++)
        cr_assert(at[k].line == ref[k].line && at[k].col == ref[k].col &&
                  at[k].cols == ref[k].cols, "place %d of the %c scalar \"%s\": %d:%d+%d, "
                  "read %d:%d+%d", k, w->style, w->str, at[k].line, at[k].col, at[k].cols,
                  ref[k].line, ref[k].col, ref[k].cols);
    free(ref);
}

/* Checks the places yscalar_map gives for scalar n of f: each in the file,
 * after the one before, and holding the character, its escape (a
 * backslash) or the line break it comes from. */
static void check_places(const SrcFile *f, const YNode *n)
{
    const YNode *w = n->alias ? n->anchored : n;
    YPos *at;
    cr_assert(yscalar_map(f, w, &at), "no map for the %c scalar \"%s\" at %d:%d", w->style,
              w->str, w->loc.line, w->loc.col);
    size_t i = 0, prev = 0;
    int k = 0;
    while (i < w->len) {
        size_t cw = 1;
        while (i + cw < w->len && ((unsigned char)w->str[i + cw] & 0xC0) == 0x80)
            cw++;
        size_t off = offset_of(f, at[k]);
        cr_assert(off != (size_t)-1 && off < f->len, "character %d of \"%s\" at %d:%d: not "
                  "in the file", k, w->str, at[k].line, at[k].col);
        cr_assert(k == 0 || off > prev, "character %d of \"%s\" is not after the one before",
                  k, w->str);
        const char *src = f->text + off;
        size_t left = f->len - off;
        bool same = left >= cw && memcmp(src, w->str + i, cw) == 0;
        bool escape = w->style == '"' && *src == '\\';
        bool fold = (w->str[i] == ' ' || w->str[i] == '\n' || cw == 3) &&
                    yaml_break_at(src, left);
        cr_assert(same || escape || fold, "character %d of the %c scalar \"%s\" is at %d:%d, "
                  "where the file has 0x%02x", k, w->style, w->str, at[k].line, at[k].col,
                  (unsigned char)*src);
        prev = off;
        i += cw;
        k++;
    }
    size_t end = offset_of(f, at[k]);
    cr_assert(end != (size_t)-1 && (k == 0 || end >= prev), "the end of \"%s\"", w->str);
    same_as_read(f, w, at, k);
    free(at);
}

/* Checks every scalar under n. */
static void check_tree(const SrcFile *f, const YNode *n)
{
    if (n->kind == YN_SCALAR) {
        check_places(f, n);
        return;
    }
    int items = n->kind == YN_MAP ? 2 * n->n : n->n;
    for (int i = 0; i < items; i++)
        check_tree(f, n->items[i]);
}

/* Loads text, which must be valid YAML. */
static const YNode *load(Compilation *c, const char *text, size_t len, const SrcFile **f)
{
    comp_init(c);
    *f = comp_add_text(c, "t.yaml", text, len);
    const YNode *root = yaml_load(*f, &yaml_default_limits, &c->diags);
    cr_assert_not_null(root, "not valid YAML: %s",
                       c->diags.list.len ? ((Diag *)c->diags.list.items[0])->msg : "");
    return root;
}

/* The value of key in the map at root, a scalar. */
static const YNode *value_of(const YNode *root, const char *key)
{
    for (int i = 0; i < root->n; i++)
        if (strcmp(root->items[2 * i]->str, key) == 0)
            return root->items[2 * i + 1];
    cr_assert_fail("no key %s", key);
    return NULL;
}

/* Asserts that character k of key's value is at line:col. */
static void expect_place(const char *text, const char *key, int k, int line, int col)
{
    Compilation c;
    const SrcFile *f;
    const YNode *v = value_of(load(&c, text, strlen(text), &f), key);
    YPos *at;
    const YNode *w = v->alias ? v->anchored : v;
    cr_assert(yscalar_map(f, w, &at), "no map for %s", key);
    cr_assert(at[k].line == line && at[k].col == col, "%s[%d] is at %d:%d, not %d:%d", key, k,
              at[k].line, at[k].col, line, col);
    int chars = 0;
    for (size_t i = 0; i < w->len; i++)
        chars += ((unsigned char)w->str[i] & 0xC0) != 0x80;
    same_as_read(f, w, at, chars);
    free(at);
    comp_free(&c);
}

/* ---- exact places -------------------------------------------------------- */

Test(positions, plain_scalars)
{
    const char *t = "a: move this\nb: when x\n   # not a comment: the scalar ends\n"
                    "c: one\n  two   three\n\n  four\n";
    expect_place(t, "a", 5, 1, 9);     /* "move this": the t */
    expect_place(t, "c", 4, 5, 3);     /* "one two   three\nfour": the t of two */
    expect_place(t, "c", 3, 4, 7);     /* the folded space is the line break */
    expect_place(t, "c", 8, 5, 7);     /* the spaces between words are kept */
    expect_place(t, "c", 15, 6, 1);    /* a break before an empty line is dropped,
                                        * the empty line's is kept */
    expect_place(t, "c", 16, 7, 3);    /* four */
    expect_place(t, "c", 20, 7, 7);    /* the end */
}

Test(positions, quoted_scalars)
{
    const char *t = "s: 'it''s\n   here'\n"
                    "d: \"caf\\u00e9 \\t\\\\ \\\"x\\\" \\\n   y\\Nz\"\n"
                    "e: &a !!str \"x\"\n";
    expect_place(t, "s", 2, 1, 7);     /* '' is one quote, at the first */
    expect_place(t, "s", 3, 1, 9);
    expect_place(t, "s", 5, 2, 4);     /* "it's here": h, after a folded break */
    expect_place(t, "s", 9, 2, 8);     /* the end: the closing quote */
    expect_place(t, "d", 3, 3, 8);     /* é: its escape */
    expect_place(t, "d", 4, 3, 14);    /* the space after it */
    expect_place(t, "d", 5, 3, 15);    /* \t */
    expect_place(t, "d", 7, 3, 19);    /* the space after \\ */
    expect_place(t, "d", 9, 3, 22);    /* x */
    expect_place(t, "d", 12, 4, 4);    /* y: the escaped line break and the
                                        * indentation give nothing */
    expect_place(t, "d", 13, 4, 5);    /* \N: NEL */
    expect_place(t, "e", 0, 5, 14);    /* after the anchor and the tag */
}

Test(positions, literal_and_folded_blocks)
{
    const char *t = "l: |2\n"
                    "    indented\n"
                    "  x\n"
                    "f: >-\n"
                    "\n"
                    "  one\n"
                    "  two\n"
                    "\n"
                    "    more\n"
                    "  end\n"
                    "k: |+ # keep\n"
                    "  a\n"
                    "\n"
                    "z: 1\n";
    expect_place(t, "l", 0, 2, 3);     /* "  indented\nx\n": |2 keeps two spaces */
    expect_place(t, "l", 2, 2, 5);
    expect_place(t, "l", 10, 2, 13);   /* the \n, at the line break */
    expect_place(t, "l", 11, 3, 3);    /* x */
    expect_place(t, "f", 0, 5, 1);     /* "\none two\n\n  more\nend": the leading break */
    expect_place(t, "f", 1, 6, 3);
    expect_place(t, "f", 4, 6, 6);     /* the folded space */
    expect_place(t, "f", 9, 8, 1);     /* a break kept before an empty line */
    expect_place(t, "f", 10, 9, 3);    /* the more-indented line keeps its spaces */
    expect_place(t, "f", 17, 10, 3);   /* end */
    expect_place(t, "f", 20, 10, 6);   /* the end (chomped: after "end") */
    expect_place(t, "k", 2, 13, 1);    /* "a\n\n": kept, the empty line's break */
}

Test(positions, crlf_and_yaml_only_line_breaks)
{
    const char *t = "a: |\r\n\r\n \r\n  x\r\n"
                    "b: \"one\xC2\x85two\xE2\x80\xA8three\"\n"
                    "c: |\n  p\xC2\x85  q\n";
    expect_place(t, "a", 0, 2, 1);     /* "\n\nx\n": the first empty line */
    expect_place(t, "a", 1, 3, 2);
    expect_place(t, "a", 2, 4, 3);     /* x */
    expect_place(t, "a", 3, 4, 4);     /* its \r\n */
    expect_place(t, "b", 3, 5, 8);     /* NEL folds to a space, in its line */
    expect_place(t, "b", 4, 5, 9);     /* two: still line 5 for an editor */
    expect_place(t, "b", 7, 5, 12);    /* LS is kept */
    expect_place(t, "b", 8, 5, 13);
    expect_place(t, "c", 1, 7, 4);     /* "p\nq\n": NEL ends a block's line */
    expect_place(t, "c", 2, 7, 7);
}

/* The fast paths (yscalar.c) on effects written as card files write them,
 * and on the cases next to them that they give back to the reading of
 * every style: each place is checked, and compared with that reading. */
Test(positions, fast_paths_agree_with_the_reading)
{
    const char *t = "- effect: |\n"
                    "    let c = first(pool where name == \"A 1\")\n"
                    "    if c != none {\n"
                    "        move c to hand[me]\n"
                    "    }\n"
                    "  quoted: \"if any(t where name == \\\"B\\\") { x \\\\ y }  \"\n"
                    "  single: 'a \"b\" c'\n"
                    "  twice: 'it''s'\n"
                    "  plain: move  c to hand[me] # a comment\n"
                    "  anchored: &e |\n"
                    "      x\n"
                    "  again: *e\n"
                    "  blank: |\n    a\n\n    b\n"
                    "  tab: |\n    a\tb\n"
                    "  strip: |-\n    a\n"
                    "  keep: |+\n    a\n\n"
                    "  deeper: |\n    a\n      b\n    c\n"
                    "  escape: \"a\\tb\"\n"
                    "  folded: \"a\n    b\"\n"
                    "  utf8: \"caf\xC3\xA9\"\n"
                    "  last: |\n    no break at the end";
    Compilation c;
    const SrcFile *f;
    const YNode *root = load(&c, t, strlen(t), &f);
    check_tree(f, root);
    comp_free(&c);
}

Test(positions, a_byte_order_mark_takes_no_column)
{
    const char t[] = "\xEF\xBB\xBF" "a: 'xy'\n";
    expect_place(t, "a", 1, 1, 6);
}

Test(positions, an_empty_value_is_at_its_start)
{
    expect_place("a:\nb: ''\n", "b", 0, 2, 4);
}

Test(positions, a_text_that_is_not_libyamls_has_no_map)
{
    Compilation c;
    const SrcFile *f;
    const YNode *v = value_of(load(&c, "a: 'xy'\n", 8, &f), "a");
    YNode wrong = *v;
    wrong.str = "xz";
    YPos *at;
    cr_assert_not(yscalar_map(f, &wrong, &at));
    cr_assert_null(at);
    wrong = *v;
    wrong.src = 1000;
    cr_assert_not(yscalar_map(f, &wrong, &at));
    comp_free(&c);
}

/* ---- scalars written by libyaml's emitter -------------------------------- */

static unsigned long long rng = 0x9E3779B97F4A7C15ull;

static unsigned next_rand(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* A random value: words, blanks, line breaks of every kind, quotes,
 * backslashes, indicators, non-ASCII and control characters; or, half of
 * the time, only words, spaces and line breaks, which the emitter writes
 * plain or as blocks more often. */
static size_t random_value(char *out, size_t cap)
{
    static const char *const pieces[] = {
        "move", "x", "pool", "\xC3\xA9", " ", "  ", "\n", "\n\n", " \n ", "\n  ",
        "\t", "\r\n", "\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9", "'", "\"", "\\", ":", ": ",
        "#", " #", "-", "- ", "{", "}", ",", "\xE2\x82\xAC", "\xF0\x9F\x82\xA1", "\x07", "\x1b",
        "\xC2\xA0", "&", "*", "!", "|", ">", "%", "@", "`", "?", "---", "...",
    };
    unsigned npieces = next_rand(2) ? 10 : sizeof pieces / sizeof pieces[0];
    size_t len = 0;
    unsigned n = next_rand(12);
    for (unsigned i = 0; i < n; i++) {
        const char *p = pieces[next_rand(npieces)];
        size_t m = strlen(p);
        if (len + m >= cap)
            break;
        memcpy(out + len, p, m);
        len += m;
    }
    out[len] = '\0';
    return len;
}

static void emit(yaml_emitter_t *em, yaml_event_t *ev)
{
    cr_assert(yaml_emitter_emit(em, ev), "emitter: %s", em->problem ? em->problem : "?");
}

/* One document: a list (block or flow) of maps and scalars, each scalar
 * random, in a random style, sometimes with an anchor or a tag. */
static void emit_document(yaml_emitter_t *em, char values[][256], int nvalues)
{
    static const yaml_scalar_style_t styles[] = {
        YAML_PLAIN_SCALAR_STYLE, YAML_SINGLE_QUOTED_SCALAR_STYLE,
        YAML_DOUBLE_QUOTED_SCALAR_STYLE, YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE};
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    emit(em, &ev);
    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
    emit(em, &ev);
    bool flow = next_rand(4) == 0;
    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE
                                                                : YAML_BLOCK_SEQUENCE_STYLE);
    emit(em, &ev);
    for (int i = 0; i < nvalues; i++) {
        bool in_map = next_rand(2) == 0;
        if (in_map) {
            yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_ANY_MAPPING_STYLE);
            emit(em, &ev);
            yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)"effect", 6, 1, 1,
                                         YAML_PLAIN_SCALAR_STYLE);
            emit(em, &ev);
        }
        random_value(values[i], 256);
        char anchor[16];
        snprintf(anchor, sizeof anchor, "a%d", i);
        bool tagged = next_rand(5) == 0;
        yaml_scalar_event_initialize(
            &ev, next_rand(5) == 0 ? (yaml_char_t *)anchor : NULL,
            tagged ? (yaml_char_t *)"tag:yaml.org,2002:str" : NULL, (yaml_char_t *)values[i],
            (int)strlen(values[i]), !tagged, !tagged, styles[next_rand(5)]);
        emit(em, &ev);
        if (in_map) {
            yaml_mapping_end_event_initialize(&ev);
            emit(em, &ev);
        }
    }
    yaml_sequence_end_event_initialize(&ev);
    emit(em, &ev);
    yaml_document_end_event_initialize(&ev, 1);
    emit(em, &ev);
    yaml_stream_end_event_initialize(&ev);
    emit(em, &ev);
}

/* Asserts that the nodes of a and b are at the same places. */
static void same_places(const YNode *a, const YNode *b)
{
    cr_assert(a->kind == b->kind && a->n == b->n);
    cr_assert(a->loc.line == b->loc.line && a->loc.col == b->loc.col &&
              a->loc.span == b->loc.span && (a->kind != YN_SCALAR || a->src == b->src),
              "a node at %d:%d+%d (byte %u) is at %d:%d+%d (byte %u) once a comment that is "
              "not ASCII ends the file", a->loc.line, a->loc.col, a->loc.span, a->src,
              b->loc.line, b->loc.col, b->loc.span, b->src);
    int items = a->kind == YN_MAP ? 2 * a->n : a->kind == YN_SEQ ? a->n : 0;
    for (int i = 0; i < items; i++)
        same_places(a->items[i], b->items[i]);
}

/* The loader takes libyaml's marks as they are in a plain file (ASCII,
 * lines ending at \n alone) and places them itself in any other: a plain
 * file f (root), and f with a line of comment that is not ASCII added at
 * its end, which moves nothing before it, have their nodes at the same
 * places. */
static void same_when_not_plain(const SrcFile *f, const YNode *root)
{
    static const char comment[] = "# \xC3\xA9\n";
    static char text[(1 << 16) + sizeof comment];
    if (f->len == 0 || f->text[f->len - 1] != '\n' || memchr(f->text, '\r', f->len))
        return;
    memcpy(text, f->text, f->len);
    memcpy(text + f->len, comment, sizeof comment - 1);
    Compilation c;
    const SrcFile *g;
    same_places(root, load(&c, text, f->len + sizeof comment - 1, &g));
    comp_free(&c);
}

Test(positions, every_scalar_the_emitter_writes)
{
    static const yaml_break_t breaks[] = {YAML_LN_BREAK, YAML_CRLN_BREAK, YAML_CR_BREAK};
    static unsigned char out[1 << 16];
    static char values[8][256];
    for (int doc = 0; doc < 3000; doc++) {
        yaml_emitter_t em;
        size_t written = 0;
        cr_assert(yaml_emitter_initialize(&em));
        yaml_emitter_set_output_string(&em, out, sizeof out, &written);
        yaml_emitter_set_unicode(&em, 1);
        yaml_emitter_set_width(&em, 8 + (int)next_rand(40));
        yaml_emitter_set_indent(&em, 2 + (int)next_rand(8));
        yaml_emitter_set_break(&em, breaks[next_rand(3)]);
        int nvalues = 1 + (int)next_rand(8);
        emit_document(&em, values, nvalues);
        yaml_emitter_delete(&em);

        Compilation c;
        const SrcFile *f;
        const YNode *root = load(&c, (const char *)out, written, &f);
        /* The text read back is not always the one given (libyaml 0.2.5
         * writes some folded blocks with CR line breaks that read back
         * otherwise): the map is checked against the text libyaml reads. */
        cr_assert_eq(root->n, nvalues);
        check_tree(f, root);
        same_when_not_plain(f, root);
        comp_free(&c);
    }
}

/* ---- effects ------------------------------------------------------------- */

static const char one_effect[] =
    "game: G\n"
    "types:\n"
    "  t: {}\n"
    "cards:\n"
    "  - name: A\n"
    "    type: t\n"
    "    effect: \"when true\\n  move this pool\"\n";

Test(positions, an_effect_is_placed_where_it_is_written)
{
    Compilation c;
    cr_assert(LOAD(&c, one_effect));
    cr_assert_not(parse_effect(&c.arena, &c.diags, c.cards->cards[0], &c.prog));
    const Diag *g = find_diag(&c, SEV_ERROR, 7, 37, "expected 'to'");
    cr_assert_not_null(g);
    cr_assert_eq(g->loc.span, 4);
    comp_free(&c);
}

Test(positions, an_effect_whose_places_are_not_found_says_so)
{
    Compilation c;
    cr_assert(LOAD(&c, one_effect));
    CardDef *card = c.cards->cards[0];
    YNode elsewhere = *card->effect_node;
    elsewhere.src = 0; /* the text read there is not the effect's */
    card->effect_node = &elsewhere;
    cr_assert_not(parse_effect(&c.arena, &c.diags, card, &c.prog));
    cr_assert_not_null(find_diag(&c, SEV_WARNING, 7, 13, "point at the start of its value"));
    cr_assert_not_null(find_diag(&c, SEV_ERROR, 7, 13, "expected 'to'"));
    comp_free(&c);
}
