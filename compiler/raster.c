/* raster.c: images in memory and a PNG encoder (raster.h).
 *
 * A PNG is the signature, then chunks: IHDR (size, 8-bit RGB), IDAT (the
 * zlib stream of the rows, each opened by filter byte 0), IEND. Each chunk
 * is its length, its type, its data and the CRC-32 of type and data. The
 * zlib stream is a two-byte header, deflate's stored blocks (at most 65535
 * bytes each, with their length and its complement) and the Adler-32 of
 * the rows (RFC 1950, 1951; the PNG specification, 2nd edition). */
#include "raster.h"

#include <string.h>

Image image_new(Arena *a, int w, int h)
{
    Image im = {w, h, arena_alloc(a, (size_t)w * (size_t)h * 3)};
    memset(im.px, 255, (size_t)w * (size_t)h * 3);
    return im;
}

static unsigned char byte_of(double v)
{
    return (unsigned char)(v <= 0 ? 0 : v >= 1 ? 255 : v * 255 + 0.5);
}

void image_fill(Image *im, int x, int y, int w, int h, Rgb k)
{
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > im->w ? im->w : x + w, y1 = y + h > im->h ? im->h : y + h;
    unsigned char rgb[3] = {byte_of(k.r), byte_of(k.g), byte_of(k.b)};
    for (int j = y0; j < y1; j++)
        for (int i = x0; i < x1; i++)
            memcpy(im->px + ((size_t)j * (size_t)im->w + (size_t)i) * 3, rgb, 3);
}

void image_text(Image *im, int x, int y, int scale, const char *s, size_t n, Rgb k)
{
    for (size_t c = 0; c < n; c++) {
        unsigned char ch = (unsigned char)s[c];
        const unsigned char *g = bitmap_font[(ch >= 32 && ch <= 126 ? ch : '?') - 32];
        int cx = x + (int)c * BITMAP_FONT_W * scale;
        for (int row = 0; row < BITMAP_FONT_H; row++)
            for (int bit = 0; bit < BITMAP_FONT_W; bit++)
                if (g[row] & (0x80 >> bit))
                    image_fill(im, cx + bit * scale, y + row * scale, scale, scale, k);
    }
}

/* CRC-32 (ISO 3309, as PNG uses it) of n bytes, continuing from crc. */
static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
    static uint32_t table[256];
    if (!table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int b = 0; b < 8; b++)
                c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
    crc = ~crc;
    for (size_t i = 0; i < n; i++)
        crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

static void put_be32(Buf *b, uint32_t v)
{
    unsigned char q[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 8), (unsigned char)v};
    buf_put(b, (const char *)q, 4);
}

/* A chunk of type (four letters) whose data are the n bytes at data. */
static void chunk(Buf *out, const char *type, const unsigned char *data, size_t n)
{
    put_be32(out, (uint32_t)n);
    size_t start = out->len;
    buf_put(out, type, 4);
    if (n)
        buf_put(out, (const char *)data, n);
    put_be32(out, crc32_update(0, (const unsigned char *)out->data + start, n + 4));
}

/* Appends the zlib stream of the rows of im, each opened by filter byte
 * 0, in stored blocks, to out; returns its length. */
static size_t zlib_stored(const Image *im, Buf *out)
{
    size_t row = (size_t)im->w * 3, total = (row + 1) * (size_t)im->h;
    size_t start = out->len;
    uint32_t s1 = 1, s2 = 0; /* Adler-32 */
    buf_put(out, "\x78\x01", 2);
    size_t done = 0;
    do {
        size_t n = total - done < 65535 ? total - done : 65535;
        unsigned char head[5] = {done + n == total, (unsigned char)n,
                                 (unsigned char)(n >> 8), (unsigned char)~n,
                                 (unsigned char)(~n >> 8)};
        buf_put(out, (const char *)head, 5);
        for (size_t i = done; i < done + n;) {
            size_t y = i / (row + 1), x = i % (row + 1);
            const unsigned char *p = x ? im->px + y * row + x - 1 : (const unsigned char *)"";
            size_t run = x ? row + 1 - x : 1; /* the rest of the row, or its filter byte */
            if (run > done + n - i)
                run = done + n - i;
            buf_put(out, (const char *)p, run);
            for (size_t k = 0; k < run; k++) {
                s1 = (s1 + p[k]) % 65521;
                s2 = (s2 + s1) % 65521;
            }
            i += run;
        }
        done += n;
    } while (done < total);
    put_be32(out, s2 << 16 | s1);
    return out->len - start;
}

void image_png(const Image *im, Buf *out)
{
    buf_put(out, "\x89PNG\r\n\x1a\n", 8);
    unsigned char ihdr[13] = {(unsigned char)(im->w >> 24), (unsigned char)(im->w >> 16),
                              (unsigned char)(im->w >> 8), (unsigned char)im->w,
                              (unsigned char)(im->h >> 24), (unsigned char)(im->h >> 16),
                              (unsigned char)(im->h >> 8), (unsigned char)im->h,
                              8, 2, 0, 0, 0}; /* depth 8, RGB, deflate, filters, no interlace */
    chunk(out, "IHDR", ihdr, sizeof ihdr);
    /* IDAT, its data written in place: the length is filled in after */
    size_t at = out->len;
    put_be32(out, 0);
    buf_put(out, "IDAT", 4);
    uint32_t n = (uint32_t)zlib_stored(im, out);
    for (int i = 0; i < 4; i++)
        out->data[at + (size_t)i] = (char)(n >> (24 - 8 * i));
    put_be32(out, crc32_update(0, (const unsigned char *)out->data + at + 4, n + 4));
    chunk(out, "IEND", NULL, 0);
}
