/* raster.c: images in memory and a PNG encoder (raster.h).
 *
 * A PNG is the signature, then chunks: IHDR (size, 8-bit RGB), IDAT (the
 * zlib stream of the rows, each opened by filter byte 0), IEND. Each chunk
 * is its length, its type, its data and the CRC-32 of type and data. The
 * zlib stream is a two-byte header, one deflate block and the Adler-32 of
 * the rows (RFC 1950, 1951; the PNG specification, 2nd edition). */
#include "raster.h"

#include <string.h>

Image image_new(Buf *store, int w, int h)
{
    static const char zeros[4096];
    size_t n = (size_t)w * (size_t)h * 3;
    store->len = 0;
    while (store->len < n)
        buf_put(store, zeros, n - store->len < sizeof zeros ? n - store->len : sizeof zeros);
    Image im = {w, h, (unsigned char *)store->data};
    if (n)
        memset(im.px, 255, n);
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

/* Deflate's bits, least significant first, into out. */
typedef struct Bits {
    Buf *out;
    uint32_t acc;           /* bits not yet written */
    int n;                  /* how many */
} Bits;

static void put_bits(Bits *b, uint32_t v, int n)
{
    b->acc |= v << b->n;
    b->n += n;
    while (b->n >= 8) {
        char c = (char)(b->acc & 0xff);
        buf_put(b->out, &c, 1);
        b->acc >>= 8;
        b->n -= 8;
    }
}

/* A Huffman code of len bits: deflate writes them most significant first. */
static void put_code(Bits *b, uint32_t code, int len)
{
    uint32_t r = 0;
    for (int i = 0; i < len; i++)
        r |= ((code >> i) & 1) << (len - 1 - i);
    put_bits(b, r, len);
}

/* A literal/length symbol in deflate's fixed code (RFC 1951, 3.2.6). */
static void put_symbol(Bits *b, int sym)
{
    if (sym < 144)
        put_code(b, 0x30 + (uint32_t)sym, 8);
    else if (sym < 256)
        put_code(b, 0x190 + (uint32_t)(sym - 144), 9);
    else if (sym < 280)
        put_code(b, (uint32_t)(sym - 256), 7);
    else
        put_code(b, 0xc0 + (uint32_t)(sym - 280), 8);
}

/* A copy of len bytes (3 to 258) from 3 bytes back: the pixel before. */
static void put_repeat(Bits *b, int len)
{
    static const short base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                   31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const unsigned char extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    int i = 28;
    while (base[i] > len)
        i--;
    put_symbol(b, 257 + i);
    put_bits(b, (uint32_t)(len - base[i]), extra[i]);
    put_code(b, 2, 5); /* distance code 2: 3 bytes back */
}

/* The byte at i of the rows of im, each opened by filter byte 0. */
static unsigned char raw_at(const Image *im, size_t i)
{
    size_t row = (size_t)im->w * 3 + 1, x = i % row;
    return x ? im->px[i / row * (row - 1) + x - 1] : 0;
}

/* Appends the zlib stream of the rows of im (each opened by filter byte
 * 0) to out; returns its length. One block of deflate's fixed code, whose
 * only copies repeat the pixel before: the runs of one colour that cards
 * are made of, without a library. */
static size_t zlib_runs(const Image *im, Buf *out)
{
    size_t total = ((size_t)im->w * 3 + 1) * (size_t)im->h, start = out->len;
    uint32_t s1 = 1, s2 = 0; /* Adler-32 */
    buf_put(out, "\x78\x01", 2);
    Bits b = {out, 0, 0};
    put_bits(&b, 1, 1); /* the last block, */
    put_bits(&b, 1, 2); /* in the fixed code */
    for (size_t i = 0; i < total;) {
        size_t run = 0;
        while (i >= 3 && i + run < total && run < 258 &&
               raw_at(im, i + run) == raw_at(im, i + run - 3))
            run++;
        if (run < 3)
            run = 0;
        if (run)
            put_repeat(&b, (int)run);
        else
            put_symbol(&b, raw_at(im, i));
        for (size_t k = 0; k < (run ? run : 1); k++) {
            s1 = (s1 + raw_at(im, i + k)) % 65521;
            s2 = (s2 + s1) % 65521;
        }
        i += run ? run : 1;
    }
    put_symbol(&b, 256);
    put_bits(&b, 0, 7); /* the last byte filled */
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
    uint32_t n = (uint32_t)zlib_runs(im, out);
    for (int i = 0; i < 4; i++)
        out->data[at + (size_t)i] = (char)(n >> (24 - 8 * i));
    put_be32(out, crc32_update(0, (const unsigned char *)out->data + at + 4, n + 4));
    chunk(out, "IEND", NULL, 0);
}
