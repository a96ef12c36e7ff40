/* raster.h: an RGB image in memory, drawn with filled rectangles and the
 * built-in bitmap font, and written as a PNG (for the Tabletop Simulator
 * sheets of cardc print --tts). */
#ifndef CARDC_RASTER_H
#define CARDC_RASTER_H

#include "pdf.h"

enum {
    BITMAP_FONT_W = 8,      /* a character's advance, in pixels */
    BITMAP_FONT_H = 14,     /* a line's height */
    BITMAP_FONT_CHARS = 95, /* ASCII 32 to 126 */
};
extern const unsigned char bitmap_font[BITMAP_FONT_CHARS][BITMAP_FONT_H];

/* An image: w x h pixels of three bytes (red, green, blue), by rows from
 * the top. */
typedef struct Image {
    int w, h;               /* size in pixels */
    unsigned char *px;      /* w * h * 3 bytes, in the caller's Buf */
} Image;

/* A white image of w x h pixels, whose pixels are the bytes of store (the
 * caller's, which it frees; reused by the next image_new of it). */
Image image_new(Buf *store, int w, int h);
/* Fills the rectangle of w x h pixels at x, y (from the top left), clipped
 * to the image. */
void image_fill(Image *im, int x, int y, int w, int h, Rgb k);
/* Draws n bytes of ASCII text with its top left at x, y, each pixel of the
 * font a scale x scale square; a byte outside 32-126 is drawn as '?'.
 * Clipped to the image. */
void image_text(Image *im, int x, int y, int scale, const char *s, size_t n, Rgb k);
/* Appends im as a PNG file (8-bit RGB, no interlace) to out, compressed
 * by a small deflate of our own (runs of one colour): no library needed. */
void image_png(const Image *im, Buf *out);

#endif
