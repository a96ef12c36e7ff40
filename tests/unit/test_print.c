/* test_print.c: the pieces of cardc print: WinAnsiEncoding and the widths
 * of Helvetica (pdf_font.c), the PDF writer's cross-reference table
 * (pdf.c), and the PNG encoder's chunks and deflate (raster.c). */
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

Test(pdf_text_width, follows_helvetica_metrics)
{
    /* A is 667, i 222 and W 944 thousandths in Helvetica; bold A is 722 */
    cr_assert_float_eq(pdf_text_width(PDF_REGULAR, 10, "AiW", 3), 18.33, 1e-9);
    cr_assert_float_eq(pdf_text_width(PDF_BOLD, 1000, "A", 1), 722, 1e-9);
    cr_assert_float_eq(pdf_text_width(PDF_REGULAR, 12, "", 0), 0, 1e-9);
}

Test(pdf, writes_a_cross_reference_table_that_points_at_its_objects)
{
    Arena a = {0};
    Buf out = {0}, page = {0};
    Pdf p;
    pdf_begin(&p, &a, &out, 595.28, 841.89);
    pdf_line(&page, 0, 0, 10, 10, 1, (Rgb){0, 0, 0});
    pdf_text(&page, PDF_BOLD, 9, 1, 2, "(a\\b)\xe9", 6, (Rgb){0, 0, 0});
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
