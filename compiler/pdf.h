/* pdf.h: a small PDF 1.4 writer, enough for print-and-play sheets.
 *
 * Pages of vector drawing (filled rectangles, lines) and text in two
 * fonts, regular and bold: by default two of the PDF core fonts,
 * Helvetica and Helvetica-Bold, in WinAnsiEncoding (nothing is embedded,
 * every reader has them); or TrueType fonts (PdfFonts), each embedded
 * whole (no subsetting) as a Type 0 font whose codes are glyph ids, with
 * the widths of the glyphs shown and a ToUnicode map so that the text can
 * be searched and copied. Content streams are written uncompressed.
 * Coordinates are PDF points (1/72 inch) from the bottom left of the
 * page. Text is given already encoded (pdf_font.h): WinAnsiEncoding bytes
 * for the core fonts, UTF-8 for TrueType ones. */
#ifndef CARDC_PDF_H
#define CARDC_PDF_H

#include "ttf.h"
#include "util.h"

typedef enum { PDF_REGULAR, PDF_BOLD } PdfFont;

/* A colour, each part from 0 to 1. */
typedef struct Rgb {
    double r, g, b;
} Rgb;

/* A TrueType font that text is set in, and the glyphs shown with it. */
typedef struct PdfTtf {
    Ttf ttf;            /* the font, its data in the arena */
    uint32_t *unicode;  /* by glyph: the code point it was last shown for, 0 if not shown */
    uint32_t *widths;   /* by BMP code point: 1 + its width in thousandths, 0 not yet
                         * looked up (the layout measures often); NULL: no cache */
    int type0;          /* once written: its Type 0 font's object */
    int cidfont;        /* once written: its CIDFontType2 descendant's object */
    int to_unicode;     /* once written: its ToUnicode CMap's object */
} PdfTtf;

/* The fonts of a document's text: by PdfFont, a TrueType font, or NULL
 * for Helvetica. Both or neither are TrueType; both may be the same one. */
typedef struct PdfFonts {
    PdfTtf *ttf[2];
} PdfFonts;

/* One document being written. */
typedef struct Pdf {
    Buf *out;           /* the file so far (the caller's, freed by it) */
    Arena *arena;       /* where offsets and pages live */
    size_t *offsets;    /* byte offset of object n + 1 in out, 0 until written */
    int nobjects;       /* objects numbered so far */
    int capobjects;     /* room in offsets */
    int *pages;         /* object number of each page, in order */
    int npages;         /* pages written */
    int cappages;       /* room in pages */
    double width;       /* every page's size, in points */
    double height;
    const PdfFonts *fonts;  /* its text's fonts (the caller's) */
} Pdf;

/* Starts a document whose pages are width x height points, its text in
 * fonts, written into out; its tables are allocated in a (nothing to free
 * but out). */
void pdf_begin(Pdf *p, Arena *a, Buf *out, double width, double height,
               const PdfFonts *fonts);
/* Adds a page drawn by the operators in content (the pdf_* calls below). */
void pdf_page(Pdf *p, const Buf *content);
/* Writes the TrueType fonts (if any), the page tree, the catalog, the
 * cross-reference table and the trailer: *p->out is then the whole file. */
void pdf_end(Pdf *p);

/* Drawing operators, appended to a page's content. */
void pdf_fill_rect(Buf *c, double x, double y, double w, double h, Rgb fill);
void pdf_stroke_rect(Buf *c, double x, double y, double w, double h, double width,
                     Rgb colour);
void pdf_line(Buf *c, double x1, double y1, double x2, double y2, double width,
              Rgb colour);
/* text (n bytes, encoded for fonts: pdf_font.h) at baseline x, y; notes
 * the TrueType glyphs it shows. */
void pdf_text(Buf *c, const PdfFonts *fonts, PdfFont font, double size, double x, double y,
              const char *text, size_t n, Rgb colour);

#endif
