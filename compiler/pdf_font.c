/* pdf_font.c: WinAnsiEncoding and the widths of Helvetica, and text in
 * a TrueType font (pdf_font.h).
 * The widths are Adobe's font metrics (AFM) of the two core fonts, in
 * thousandths of the size, for the bytes 32 to 255 of WinAnsiEncoding
 * (0 where the encoding has no character). */
#include "pdf_font.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const unsigned short helvetica_widths[224] = {
     278,  278,  355,  556,  556,  889,  667,  191,  333,  333,  389,  584,
     278,  333,  278,  278,  556,  556,  556,  556,  556,  556,  556,  556,
     556,  556,  278,  278,  584,  584,  584,  556, 1015,  667,  667,  722,
     722,  667,  611,  778,  722,  278,  500,  667,  556,  833,  722,  778,
     667,  778,  722,  667,  611,  722,  667,  944,  667,  667,  611,  278,
     278,  278,  469,  556,  333,  556,  556,  500,  556,  556,  278,  556,
     556,  222,  222,  500,  222,  833,  556,  556,  556,  556,  333,  500,
     278,  556,  500,  722,  500,  500,  500,  334,  260,  334,  584,    0,
     556,    0,  222,  556,  333, 1000,  556,  556,  333, 1000,  667,  333,
    1000,    0,  611,    0,    0,  222,  222,  333,  333,  350,  556, 1000,
     333, 1000,  500,  333,  944,    0,  500,  667,  278,  333,  556,  556,
     556,  556,  260,  556,  333,  737,  370,  333,  584,  333,  737,  333,
     400,  584,  333,  333,  333,  578,  537,  278,  333,  333,  365,  333,
     834,  834,  834,  611,  667,  667,  667,  667,  667,  667, 1000,  722,
     667,  667,  667,  667,  278,  278,  278,  278,  722,  722,  778,  778,
     778,  778,  778,  584,  778,  722,  722,  722,  722,  667,  667,  611,
     556,  556,  556,  556,  556,  556,  889,  500,  556,  556,  556,  556,
     278,  278,  278,  278,  556,  556,  556,  556,  556,  556,  556,  584,
     611,  556,  556,  556,  556,  500,  556,  500,
};

static const unsigned short helvetica_bold_widths[224] = {
     278,  333,  474,  556,  556,  889,  722,  238,  333,  333,  389,  584,
     278,  333,  278,  278,  556,  556,  556,  556,  556,  556,  556,  556,
     556,  556,  333,  333,  584,  584,  584,  611,  975,  722,  722,  722,
     722,  667,  611,  778,  722,  278,  556,  722,  611,  833,  722,  778,
     667,  778,  722,  667,  611,  722,  667,  944,  667,  667,  611,  333,
     278,  333,  584,  556,  333,  556,  611,  556,  611,  556,  333,  611,
     611,  278,  278,  556,  278,  889,  611,  611,  611,  611,  389,  556,
     333,  611,  556,  778,  556,  556,  500,  389,  280,  389,  584,    0,
     556,    0,  278,  556,  500, 1000,  556,  556,  333, 1000,  667,  333,
    1000,    0,  611,    0,    0,  278,  278,  500,  500,  350,  556, 1000,
     333, 1000,  556,  333,  944,    0,  500,  667,  278,  333,  556,  556,
     556,  556,  280,  556,  333,  737,  370,  333,  584,  333,  737,  333,
     400,  584,  333,  333,  333,  611,  556,  278,  333,  333,  365,  333,
     834,  834,  834,  611,  722,  722,  722,  722,  722,  722, 1000,  722,
     667,  667,  667,  667,  278,  278,  278,  278,  722,  722,  778,  778,
     778,  778,  778,  584,  778,  722,  722,  722,  722,  667,  667,  611,
     556,  556,  556,  556,  556,  556,  889,  556,  556,  556,  556,  556,
     278,  278,  278,  278,  611,  611,  611,  611,  611,  611,  611,  584,
     611,  611,  611,  611,  611,  556,  611,  556,
};

/* The characters of WinAnsiEncoding's bytes 0x80 to 0x9f (the others of
 * 0x20 to 0xff are the Unicode code points of their value). */
static const struct {
    unsigned short unicode; /* code point */
    unsigned char byte;     /* its byte in WinAnsiEncoding */
} winansi_high[] = {
    {0x20AC, 0x80},
    {0x201A, 0x82},
    {0x0192, 0x83},
    {0x201E, 0x84},
    {0x2026, 0x85},
    {0x2020, 0x86},
    {0x2021, 0x87},
    {0x02C6, 0x88},
    {0x2030, 0x89},
    {0x0160, 0x8A},
    {0x2039, 0x8B},
    {0x0152, 0x8C},
    {0x017D, 0x8E},
    {0x2018, 0x91},
    {0x2019, 0x92},
    {0x201C, 0x93},
    {0x201D, 0x94},
    {0x2022, 0x95},
    {0x2013, 0x96},
    {0x2014, 0x97},
    {0x02DC, 0x98},
    {0x2122, 0x99},
    {0x0161, 0x9A},
    {0x203A, 0x9B},
    {0x0153, 0x9C},
    {0x017E, 0x9E},
    {0x0178, 0x9F},
};

unsigned char winansi_of(uint32_t u)
{
    if ((u >= 0x20 && u < 0x7f) || (u >= 0xa0 && u <= 0xff))
        return (unsigned char)u;
    for (size_t i = 0; i < sizeof winansi_high / sizeof winansi_high[0]; i++)
        if (winansi_high[i].unicode == u)
            return winansi_high[i].byte;
    return 0;
}

/* The code point of the UTF-8 character of len bytes at s (a valid one:
 * utf8_seq said so). */
static uint32_t utf8_decode(const unsigned char *s, int len)
{
    if (len == 1)
        return s[0];
    uint32_t u = s[0] & (0x7f >> len);
    for (int i = 1; i < len; i++)
        u = u << 6 | (s[i] & 0x3f);
    return u;
}

int winansi_append(Buf *out, const char *s, size_t n)
{
    int missing = 0;
    size_t i = 0;
    while (i < n) {
        int len = utf8_seq(s + i, n - i);
        uint32_t u = len ? utf8_decode((const unsigned char *)s + i, len) : 0xfffd;
        char b = (char)winansi_of(u);
        if (u == '\n' || u == ' ')
            b = (char)u;
        else if (u < 0x20 || u == 0x7f)
            b = ' ';
        else if (!b) {
            b = '?';
            missing++;
        }
        buf_put(out, &b, 1);
        i += len ? (size_t)len : 1;
    }
    return missing;
}

size_t utf8_next(const char *s, size_t n, uint32_t *u)
{
    int len = utf8_seq(s, n);
    *u = len ? utf8_decode((const unsigned char *)s, len) : 0xfffd;
    return len ? (size_t)len : 1;
}

int ttf_text_append(Buf *out, const Ttf *t, const char *s, size_t n)
{
    int missing = 0;
    for (size_t i = 0; i < n;) {
        uint32_t u;
        size_t len = utf8_next(s + i, n - i, &u);
        if (u == '\n' || u == ' ')
            buf_put(out, s + i, 1);
        else if (u < 0x20 || (u >= 0x7f && u < 0xa0))
            buf_put(out, " ", 1);
        else if (u == 0xfffd || !ttf_glyph(t, u)) {
            buf_put(out, "?", 1);
            missing++;
        } else {
            buf_put(out, s + i, len);
        }
        i += len;
    }
    return missing;
}

/* The width of code point u in t, in thousandths of the size, as the
 * PDF's W array gives its glyph's (rounded to a thousandth). */
static long char_width(const Ttf *t, uint32_t u)
{
    long em = (long)t->units_per_em;
    return ((long)ttf_advance(t, ttf_glyph(t, u)) * 1000 + em / 2) / em;
}

/* The width of UTF-8 text in f, in thousandths of the size; the widths
 * of the BMP kept in f->widths once looked up. */
static long ttf_width(PdfTtf *f, const char *text, size_t n)
{
    long units = 0;
    for (size_t i = 0; i < n;) {
        uint32_t u;
        i += utf8_next(text + i, n - i, &u);
        if (u > 0xffff || !f->widths) {
            units += char_width(&f->ttf, u);
            continue;
        }
        if (!f->widths[u])
            f->widths[u] = (uint32_t)char_width(&f->ttf, u) + 1;
        units += (long)f->widths[u] - 1;
    }
    return units;
}

double pdf_text_width(const PdfFonts *fonts, PdfFont font, double size, const char *text,
                      size_t n)
{
    if (fonts->ttf[font])
        return (double)ttf_width(fonts->ttf[font], text, n) * size / 1000.0;
    const unsigned short *w = font == PDF_BOLD ? helvetica_bold_widths : helvetica_widths;
    long units = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)text[i];
        units += ch >= 32 ? w[ch - 32] : 0;
    }
    return (double)units * size / 1000.0;
}

const char *pdf_ellipsis(const PdfFonts *fonts, PdfFont font)
{
    if (!fonts->ttf[font])
        return "\x85";
    return ttf_glyph(&fonts->ttf[font]->ttf, 0x2026) ? "\xe2\x80\xa6" : "...";
}

size_t pdf_char_before(const PdfFonts *fonts, const char *text, size_t n)
{
    n--;
    if (fonts->ttf[PDF_REGULAR])
        while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
            n--;
    return n;
}

size_t pdf_char_after(const PdfFonts *fonts, const char *text, size_t n, size_t i)
{
    if (!fonts->ttf[PDF_REGULAR])
        return i + 1;
    uint32_t u;
    return i + utf8_next(text + i, n - i, &u);
}

/* The file at path, read whole into a (its size known first, so that a
 * failed allocation leaves nothing open): 0, or -1 with errno set. */
static int read_into_arena(Arena *a, const char *path, uint8_t **data, size_t *size)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (st.st_size > MAX_FONT_BYTES) {
        errno = EFBIG;
        return -1;
    }
    *size = (size_t)st.st_size;
    *data = arena_alloc(a, *size + 1);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got = fread(*data, 1, *size + 1, f);
    int failed = ferror(f);
    fclose(f);
    if (failed || got != *size) { /* unreadable, or changed while read */
        errno = failed ? EIO : EAGAIN;
        return -1;
    }
    return 0;
}

int pdf_ttf_load(Arena *a, const char *path, PdfTtf **out, const char **why)
{
    uint8_t *data;
    size_t size;
    if (read_into_arena(a, path, &data, &size) != 0) {
        *why = errno == EFBIG ? "it is larger than a font may be (32 MiB)" : strerror(errno);
        return -1;
    }
    PdfTtf *f = arena_alloc(a, sizeof *f);
    if (ttf_parse(data, size, &f->ttf, why) != 0)
        return -1;
    if (!f->ttf.ps_name[0]) /* no PostScript name: one for the PDF and warnings */
        snprintf(f->ttf.ps_name, sizeof f->ttf.ps_name, "CardcFont");
    f->unicode = arena_alloc(a, sizeof *f->unicode * f->ttf.nglyphs);
    f->widths = arena_alloc(a, sizeof *f->widths * 0x10000);
    *out = f;
    return 0;
}
