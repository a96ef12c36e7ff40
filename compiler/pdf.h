/* pdf.h: a small PDF 1.4 writer, enough for print-and-play sheets.
 *
 * Pages of vector drawing (filled rectangles, lines) and text in two of
 * the PDF core fonts, Helvetica and Helvetica-Bold, in WinAnsiEncoding:
 * nothing is embedded, every reader has them. Content streams are written
 * uncompressed. Coordinates are PDF points (1/72 inch) from the bottom
 * left of the page. Text is given already encoded (pdf_font.h). */
#ifndef CARDC_PDF_H
#define CARDC_PDF_H

#include "util.h"

typedef enum { PDF_REGULAR, PDF_BOLD } PdfFont;

/* A colour, each part from 0 to 1. */
typedef struct Rgb {
    double r, g, b;
} Rgb;

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
} Pdf;

/* Starts a document whose pages are width x height points, written into
 * out; its tables are allocated in a (nothing to free but out). */
void pdf_begin(Pdf *p, Arena *a, Buf *out, double width, double height);
/* Adds a page drawn by the operators in content (the pdf_* calls below). */
void pdf_page(Pdf *p, const Buf *content);
/* Writes the page tree, the catalog, the cross-reference table and the
 * trailer: *p->out is then the whole file. */
void pdf_end(Pdf *p);

/* Drawing operators, appended to a page's content. */
void pdf_fill_rect(Buf *c, double x, double y, double w, double h, Rgb fill);
void pdf_stroke_rect(Buf *c, double x, double y, double w, double h, double width,
                     Rgb colour);
void pdf_line(Buf *c, double x1, double y1, double x2, double y2, double width,
              Rgb colour);
/* text (n bytes of WinAnsiEncoding) at baseline x, y. */
void pdf_text(Buf *c, PdfFont font, double size, double x, double y, const char *text,
              size_t n, Rgb colour);

#endif
