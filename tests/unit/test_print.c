/* test_print.c: the pieces of cardc print: WinAnsiEncoding and the widths
 * of Helvetica (pdf_font.c), the PDF writer's cross-reference table
 * (pdf.c) and its embedded TrueType fonts, the TrueType reader (ttf.c),
 * and the PNG encoder's chunks and deflate (raster.c). */
#include "pdf_font.h"
#include "raster.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s in WinAnsiEncoding, and how many characters became '?'. */
static int encoded(const char *s, char *out, size_t cap)
{
    Buf b = {0};
    int missing = winansi_append(&b, s, strlen(s));
    cr_assert_lt(b.len, cap);
    memcpy(out, b.data ? b.data : "", b.len);
    out[b.len] = '\0';
    buf_free(&b);
    return missing;
}

Test(winansi, maps_latin_and_the_signs_of_cp1252)
{
    char out[64];
    cr_assert_eq(encoded("Caf\xc3\xa9 \xe2\x82\xac \xe2\x80\x93 \xe2\x80\xa6", out, sizeof out), 0);
    cr_assert_str_eq(out, "Caf\xe9 \x80 \x96 \x85"); /* é € – … */
    cr_assert_eq(winansi_of(0x2019), 0x92);
    cr_assert_eq(winansi_of(0x0178), 0x9f);
}

Test(winansi, marks_what_it_lacks)
{
    char out[64];
    /* ☕, Ω, a stray continuation byte, a tab and a line break */
    cr_assert_eq(encoded("a\xe2\x98\x95 \xce\xa9\x80\tb\nc", out, sizeof out), 3);
    cr_assert_str_eq(out, "a? ?? b\nc");
    cr_assert_eq(winansi_of(0x81), 0, "a byte cp1252 leaves undefined");
    cr_assert_eq(winansi_of(0x2615), 0);
}

/* The core fonts: no TrueType font given. */
static const PdfFonts helvetica = {{NULL, NULL}};

Test(pdf_text_width, follows_helvetica_metrics)
{
    /* A is 667, i 222 and W 944 thousandths in Helvetica; bold A is 722 */
    cr_assert_float_eq(pdf_text_width(&helvetica, PDF_REGULAR, 10, "AiW", 3), 18.33, 1e-9);
    cr_assert_float_eq(pdf_text_width(&helvetica, PDF_BOLD, 1000, "A", 1), 722, 1e-9);
    cr_assert_float_eq(pdf_text_width(&helvetica, PDF_REGULAR, 12, "", 0), 0, 1e-9);
}

Test(pdf, writes_a_cross_reference_table_that_points_at_its_objects)
{
    Arena a = {0};
    Buf out = {0}, page = {0};
    Pdf p;
    pdf_begin(&p, &a, &out, 595.28, 841.89, &helvetica);
    pdf_line(&page, 0, 0, 10, 10, 1, (Rgb){0, 0, 0});
    pdf_text(&page, &helvetica, PDF_BOLD, 9, 1, 2, "(a\\b)\xe9", 6, (Rgb){0, 0, 0});
    pdf_page(&p, &page);
    pdf_page(&p, &page);
    pdf_end(&p);
    buf_put(&out, "", 1); /* a NUL after it, to search it as a string */
    cr_assert(strstr(out.data, "(\\(a\\\\b\\)\\351) Tj"), "text escaped");
    cr_assert(strstr(out.data, "/Count 2"));
    const char *xref = strstr(out.data, "\nxref\n0 9\n");
    cr_assert(xref, "8 objects: catalog, pages, 2 fonts, 2 streams, 2 pages");
    const char *entry = strchr(xref + 10, '\n') + 1; /* past the free entry */
    for (int n = 1; n <= 8; n++, entry += 20) {
        char want[32];
        snprintf(want, sizeof want, "%d 0 obj\n", n);
        long at = strtol(entry, NULL, 10);
        cr_assert_eq(strncmp(out.data + at, want, strlen(want)), 0, "object %d at %ld", n, at);
    }
    cr_assert(strstr(out.data, "startxref\n"));
    buf_free(&out);
    buf_free(&page);
    arena_free(&a);
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

Test(png, writes_its_chunks_with_their_lengths_and_crcs)
{
    Buf store = {0};
    Image im = image_new(&store, 3, 2);
    image_fill(&im, 1, 0, 5, 1, (Rgb){1, 0, 0}); /* clipped to the image */
    cr_assert_eq(im.px[3], 255);
    cr_assert_eq(im.px[4], 0);
    cr_assert_eq(im.px[3 * 3], 255, "the second row is white");
    Buf b = {0};
    image_png(&im, &b);
    const unsigned char *p = (const unsigned char *)b.data;
    cr_assert_eq(memcmp(p, "\x89PNG\r\n\x1a\n", 8), 0);
    cr_assert_eq(be32(p + 8), 13);
    cr_assert_eq(memcmp(p + 12, "IHDR", 4), 0);
    cr_assert_eq(be32(p + 16), 3);
    cr_assert_eq(be32(p + 20), 2);
    cr_assert_eq(be32(p + 29), 0x1216f14d, "the CRC-32 of this IHDR (as zlib.crc32 computes it)");
    size_t idat = 33;
    cr_assert_eq(memcmp(p + idat + 4, "IDAT", 4), 0);
    size_t n = be32(p + idat);
    cr_assert_eq(p[idat + 8], 0x78, "a zlib header");
    const unsigned char *iend = p + idat + 12 + n;
    cr_assert_eq(iend + 12, p + b.len, "IEND ends the file");
    cr_assert_eq(memcmp(iend, "\0\0\0\0IEND\xae\x42\x60\x82", 12), 0);
    /* The rows' Adler-32: 1 + the bytes, and the sum of those sums */
    uint32_t s1 = 1, s2 = 0;
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 10; x++) {
            s1 = (s1 + (x ? im.px[y * 9 + x - 1] : 0)) % 65521;
            s2 = (s2 + s1) % 65521;
        }
    cr_assert_eq(be32(p + idat + 8 + n - 4), s2 << 16 | s1);
    buf_free(&b);
    buf_free(&store);
}

Test(png, draws_the_bitmap_font_and_marks_what_it_lacks)
{
    Buf store1 = {0}, store2 = {0};
    Image one = image_new(&store1, BITMAP_FONT_W, BITMAP_FONT_H);
    Image other = image_new(&store2, BITMAP_FONT_W, BITMAP_FONT_H);
    image_text(&one, 0, 0, 1, "\xe9", 1, (Rgb){0, 0, 0});
    image_text(&other, 0, 0, 1, "?", 1, (Rgb){0, 0, 0});
    size_t size = (size_t)BITMAP_FONT_W * BITMAP_FONT_H * 3;
    cr_assert_eq(memcmp(one.px, other.px, size), 0, "a byte outside ASCII is drawn as '?'");
    int inked = 0;
    for (size_t i = 0; i < size; i++)
        inked += one.px[i] == 0;
    cr_assert_gt(inked, 20, "'?' has ink");
    buf_free(&store1);
    buf_free(&store2);
}

/* ---- ttf.c: a TrueType font built here, table by table ---- */

/* A font file being built: tables appended after a directory of ntables. */
typedef struct FontFile {
    uint8_t data[1024];     /* the file */
    size_t len;             /* its length so far */
    int ntables;            /* tables in the directory so far */
} FontFile;

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v >> 16);
    put16(p + 2, v & 0xffff);
}

/* Appends table tag of n bytes (zeros), 4-aligned; returns where it is. */
static uint8_t *add_table(FontFile *f, const char *tag, size_t n)
{
    uint8_t *rec = f->data + 12 + 16 * f->ntables++;
    memcpy(rec, tag, 4);
    put32(rec + 8, (uint32_t)f->len);
    put32(rec + 12, (uint32_t)n);
    uint8_t *t = f->data + f->len;
    f->len += (n + 3) & ~(size_t)3;
    cr_assert_leq(f->len, sizeof f->data);
    return t;
}

/* A cmap format 4: A-B by delta (glyphs 1, 2), é through the glyph array
 * (glyph 3), and the closing segment. 42 bytes. */
static void cmap_format4(uint8_t *s)
{
    put16(s, 4);
    put16(s + 2, 42);
    put16(s + 6, 6); /* three segments */
    static const unsigned end[] = {0x42, 0xe9, 0xffff}, start[] = {0x41, 0xe9, 0xffff};
    static const unsigned delta[] = {(1 - 0x41) & 0xffff, 0, 1}, range[] = {0, 4, 0};
    for (int i = 0; i < 3; i++) {
        put16(s + 14 + 2 * i, end[i]);
        put16(s + 22 + 2 * i, start[i]);
        put16(s + 28 + 2 * i, delta[i]);
        put16(s + 34 + 2 * i, range[i]);
    }
    put16(s + 40, 3); /* the glyph array: é */
}

/* A cmap format 12: A-B (glyphs 1, 2) and U+1F0A1 (glyph 4). 40 bytes. */
static void cmap_format12(uint8_t *s)
{
    put16(s, 12);
    put32(s + 4, 40);
    put32(s + 12, 2);
    put32(s + 16, 0x41), put32(s + 20, 0x42), put32(s + 24, 1);
    put32(s + 28, 0x1f0a1), put32(s + 32, 0x1f0a1), put32(s + 36, 4);
}

/* A font of 5 glyphs, 1000 units per em, widths 500, 600, 700 (and 700
 * after), named "Test/Font"; its cmap format 4, and 12 too if with12. */
static size_t build_font(FontFile *f, bool with12)
{
    memset(f, 0, sizeof *f);
    put32(f->data, 0x00010000);
    put16(f->data + 4, 9);
    f->len = 12 + 16 * 9;
    uint8_t *head = add_table(f, "head", 54);
    put16(head + 18, 1000);
    put16(head + 36, (unsigned)-100 & 0xffff), put16(head + 38, (unsigned)-200 & 0xffff);
    put16(head + 40, 900), put16(head + 42, 800);
    uint8_t *hhea = add_table(f, "hhea", 36);
    put16(hhea + 4, 800), put16(hhea + 6, (unsigned)-200 & 0xffff), put16(hhea + 34, 3);
    put16(add_table(f, "maxp", 6) + 4, 5);
    uint8_t *hmtx = add_table(f, "hmtx", 12);
    put16(hmtx, 500), put16(hmtx + 4, 600), put16(hmtx + 8, 700);
    uint8_t *cmap = add_table(f, "cmap", 4 + 16 + 42 + 40);
    put16(cmap + 2, with12 ? 2 : 1);
    put16(cmap + 4, 3), put16(cmap + 6, 1), put32(cmap + 8, 20);
    put16(cmap + 12, 3), put16(cmap + 14, 10), put32(cmap + 16, 62);
    cmap_format4(cmap + 20);
    cmap_format12(cmap + 62);
    add_table(f, "glyf", 4);
    add_table(f, "loca", 12);
    put32(add_table(f, "post", 32) + 12, 1);
    uint8_t *name = add_table(f, "name", 18 + 18);
    put16(name + 2, 1), put16(name + 4, 18);
    put16(name + 6, 3), put16(name + 8, 1), put16(name + 12, 6), put16(name + 14, 18);
    for (int i = 0; i < 9; i++)
        put16(name + 18 + 2 * i, (unsigned char)"Test/Font"[i]);
    return f->len;
}

Test(ttf, reads_format_4_widths_and_names)
{
    FontFile f;
    Ttf t;
    const char *why = NULL;
    cr_assert_eq(ttf_parse(f.data, build_font(&f, false), &t, &why), 0, "%s", why);
    cr_assert_eq(t.cmap_format, 4);
    cr_assert_eq(ttf_glyph(&t, 'A'), 1);
    cr_assert_eq(ttf_glyph(&t, 'B'), 2);
    cr_assert_eq(ttf_glyph(&t, 0xe9), 3, "through the glyph array");
    cr_assert_eq(ttf_glyph(&t, 'C'), 0);
    cr_assert_eq(ttf_glyph(&t, 0x1f0a1), 0, "format 4 has the BMP only");
    cr_assert_eq(ttf_advance(&t, 1), 600);
    cr_assert_eq(ttf_advance(&t, 4), 700, "past the full metrics: the last advance");
    cr_assert_str_eq(t.ps_name, "TestFont", "'/' cannot be in a PDF name");
    cr_assert(t.fixed_pitch);
    cr_assert_eq(t.units_per_em, 1000);
    cr_assert_eq(t.bbox[1], -200);
}

Test(ttf, prefers_format_12)
{
    FontFile f;
    Ttf t;
    const char *why = NULL;
    cr_assert_eq(ttf_parse(f.data, build_font(&f, true), &t, &why), 0, "%s", why);
    cr_assert_eq(t.cmap_format, 12);
    cr_assert_eq(ttf_glyph(&t, 'B'), 2);
    cr_assert_eq(ttf_glyph(&t, 0x1f0a1), 4);
    cr_assert_eq(ttf_glyph(&t, 0x1f0a2), 0);
}

Test(ttf, refuses_every_cut_and_huge_offsets)
{
    FontFile f;
    Ttf t;
    const char *why;
    size_t n = build_font(&f, true);
    for (size_t cut = 0; cut < n - 68; cut++) /* post and name, last, are optional */
        cr_assert_eq(ttf_parse(f.data, cut, &t, &why), -1, "cut at %zu", cut);
    put32(f.data + 12 + 16 * 4 + 8, 0xfffffff0); /* the cmap's offset */
    cr_assert_eq(ttf_parse(f.data, n, &t, &why), -1);
    cr_assert_str_eq(why, "its 'cmap' table is damaged or cut short");
    put16(f.data + 4, 0xffff);
    cr_assert_eq(ttf_parse(f.data, n, &t, &why), -1);
    cr_assert_str_eq(why, "its table directory is cut short");
}

/* Whether the n bytes at data (a PDF with a font file's NULs) hold s. */
static bool holds(const char *data, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (!memcmp(data + i, s, k))
            return true;
    return false;
}

Test(pdf, embeds_a_truetype_font_with_widths_and_a_tounicode_map)
{
    FontFile f;
    Arena a = {0};
    Buf out = {0}, page = {0};
    PdfTtf font = {.unicode = arena_alloc(&a, 5 * sizeof(uint32_t))};
    const char *why;
    cr_assert_eq(ttf_parse(f.data, build_font(&f, true), &font.ttf, &why), 0);
    PdfFonts fonts = {{&font, &font}};
    cr_assert_float_eq(pdf_text_width(&fonts, PDF_REGULAR, 10, "AB\xf0\x9f\x82\xa1", 6), 20,
                       1e-9);
    Pdf p;
    pdf_begin(&p, &a, &out, 595.28, 841.89, &fonts);
    pdf_text(&page, &fonts, PDF_BOLD, 9, 1, 2, "AB\xf0\x9f\x82\xa1?", 7, (Rgb){0, 0, 0});
    pdf_page(&p, &page);
    pdf_end(&p);
    bool glyphs = holds(out.data, out.len, "<0001000200040000> Tj");
    bool widths = holds(out.data, out.len, "/W [ 1 [600] 2 [700] 4 [700] ]");
    bool map = holds(out.data, out.len,
                     "3 beginbfchar\n<0001> <0041>\n<0002> <0042>\n<0004> <D83CDCA1>");
    bool type0 = holds(out.data, out.len,
                       "/Subtype /Type0 /BaseFont /TestFont /Encoding /Identity-H");
    bool file = holds(out.data, out.len, "/FontFile2");
    buf_free(&out);
    buf_free(&page);
    arena_free(&a);
    cr_assert(glyphs, "glyph ids; '?', which the font lacks, is .notdef");
    cr_assert(widths, "the widths of the glyphs shown");
    cr_assert(map, "each glyph's character, U+1F0A1 as a surrogate pair");
    cr_assert(type0 && file);
}
