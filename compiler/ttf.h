/* ttf.h: what cardc print needs of a TrueType font file (.ttf) to embed
 * it in a PDF and set text in it: the glyph of a character (cmap), each
 * glyph's advance width (hhea, hmtx), the metrics of the font descriptor
 * (head, hhea, OS/2, post) and its PostScript name (name).
 *
 * Every offset the file gives is checked against its length before it is
 * read: a truncated or damaged file is refused with the reason, never
 * read past its end. */
#ifndef CARDC_TTF_H
#define CARDC_TTF_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* A parsed font: views into data, which the caller keeps alive. */
typedef struct Ttf {
    const uint8_t *data;    /* the whole file */
    size_t size;            /* its length in bytes */
    unsigned units_per_em;  /* design units in the em square (head) */
    int bbox[4];            /* xMin, yMin, xMax, yMax of all glyphs, in design units */
    int ascent, descent;    /* above and below the baseline (OS/2 typo, else hhea) */
    int cap_height;         /* of capital letters (OS/2 v2+), else ascent */
    double italic_angle;    /* degrees, counter-clockwise from vertical (post) */
    bool fixed_pitch;       /* every glyph as wide (post) */
    unsigned nglyphs;       /* glyphs in the font (maxp) */
    size_t hmtx;            /* offset of hmtx in data */
    unsigned nhmetrics;     /* full entries in hmtx; later glyphs share the last advance */
    size_t cmap;            /* offset of the cmap subtable used */
    size_t cmap_len;        /* its length, checked to hold its arrays */
    int cmap_format;        /* 4 (Unicode BMP) or 12 (all of Unicode) */
    char ps_name[64];       /* PostScript name, PDF-name-safe, "" if none */
} Ttf;

/* Parses the size bytes at data into *t. Returns 0, or -1 with *why a
 * sentence fragment saying what is wrong ("no cmap table", ...). */
int ttf_parse(const uint8_t *data, size_t size, Ttf *t, const char **why);

/* The glyph of Unicode code point u, 0 (.notdef) when the font lacks it. */
unsigned ttf_glyph(const Ttf *t, uint32_t u);

/* The advance width of glyph g, in design units. */
unsigned ttf_advance(const Ttf *t, unsigned g);

#endif
