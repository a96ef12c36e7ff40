/* pdf.c: a small PDF 1.4 writer (pdf.h).
 *
 * Objects 1 to 4 are fixed: 1 the catalog and 2 the page tree (written
 * last, once the pages are known), 3 and 4 the fonts; each page adds its
 * content stream and its page object. */
#include "pdf.h"

#include <string.h>

enum { OBJ_CATALOG = 1, OBJ_PAGES = 2, OBJ_FONT_REGULAR = 3, OBJ_FONT_BOLD = 4 };

/* A copy of the n items of size bytes at old in a new array of cap items
 * (the arena frees the old one with the rest). */
static void *grow(Arena *a, const void *old, int n, int cap, size_t size)
{
    void *fresh = arena_alloc(a, size * (size_t)cap);
    if (n)
        memcpy(fresh, old, size * (size_t)n);
    return fresh;
}

/* A new object number. */
static int new_object(Pdf *p)
{
    if (p->nobjects == p->capobjects) {
        p->capobjects = p->capobjects ? p->capobjects * 2 : 64;
        p->offsets = grow(p->arena, p->offsets, p->nobjects, p->capobjects,
                          sizeof *p->offsets);
    }
    p->offsets[p->nobjects] = 0;
    return ++p->nobjects;
}

/* Opens object n at the end of the file. */
static void open_object(Pdf *p, int n)
{
    p->offsets[n - 1] = p->out->len;
    buf_printf(p->out, "%d 0 obj\n", n);
}

static void close_object(Pdf *p)
{
    buf_puts(p->out, "\nendobj\n");
}

static void font_object(Pdf *p, int n, const char *name)
{
    open_object(p, n);
    buf_printf(p->out, "<< /Type /Font /Subtype /Type1 /BaseFont /%s "
               "/Encoding /WinAnsiEncoding >>", name);
    close_object(p);
}

void pdf_begin(Pdf *p, Arena *a, Buf *out, double width, double height)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->arena = a;
    p->width = width;
    p->height = height;
    /* A comment of four bytes over 127 marks the file as binary. */
    buf_puts(p->out, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
    for (int i = 0; i < OBJ_FONT_BOLD; i++)
        new_object(p);
    font_object(p, OBJ_FONT_REGULAR, "Helvetica");
    font_object(p, OBJ_FONT_BOLD, "Helvetica-Bold");
}

void pdf_page(Pdf *p, const Buf *content)
{
    int stream = new_object(p);
    open_object(p, stream);
    buf_printf(p->out, "<< /Length %zu >>\nstream\n", content->len);
    if (content->len)
        buf_put(p->out, content->data, content->len);
    buf_puts(p->out, "\nendstream");
    close_object(p);
    int page = new_object(p);
    open_object(p, page);
    buf_printf(p->out, "<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] "
               "/Contents %d 0 R /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>",
               OBJ_PAGES, p->width, p->height, stream, OBJ_FONT_REGULAR, OBJ_FONT_BOLD);
    close_object(p);
    if (p->npages == p->cappages) {
        p->cappages = p->cappages ? p->cappages * 2 : 16;
        p->pages = grow(p->arena, p->pages, p->npages, p->cappages, sizeof *p->pages);
    }
    p->pages[p->npages++] = page;
}

void pdf_end(Pdf *p)
{
    open_object(p, OBJ_PAGES);
    buf_puts(p->out, "<< /Type /Pages /Kids [");
    for (int i = 0; i < p->npages; i++)
        buf_printf(p->out, "%s%d 0 R", i ? " " : "", p->pages[i]);
    buf_printf(p->out, "] /Count %d >>", p->npages);
    close_object(p);
    open_object(p, OBJ_CATALOG);
    buf_printf(p->out, "<< /Type /Catalog /Pages %d 0 R >>", OBJ_PAGES);
    close_object(p);
    size_t xref = p->out->len;
    /* Each entry is exactly 20 bytes: the offset, the generation, n or f,
     * and a two-byte end of line. */
    buf_printf(p->out, "xref\n0 %d\n0000000000 65535 f \n", p->nobjects + 1);
    for (int i = 0; i < p->nobjects; i++)
        buf_printf(p->out, "%010zu 00000 n \n", p->offsets[i]);
    buf_printf(p->out, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%zu\n%%%%EOF\n",
               p->nobjects + 1, OBJ_CATALOG, xref);
}

static void colour(Buf *c, Rgb k, const char *op)
{
    buf_printf(c, "%.3f %.3f %.3f %s\n", k.r, k.g, k.b, op);
}

void pdf_fill_rect(Buf *c, double x, double y, double w, double h, Rgb fill)
{
    colour(c, fill, "rg");
    buf_printf(c, "%.2f %.2f %.2f %.2f re f\n", x, y, w, h);
}

void pdf_stroke_rect(Buf *c, double x, double y, double w, double h, double width,
                     Rgb k)
{
    colour(c, k, "RG");
    buf_printf(c, "%.2f w %.2f %.2f %.2f %.2f re S\n", width, x, y, w, h);
}

void pdf_line(Buf *c, double x1, double y1, double x2, double y2, double width, Rgb k)
{
    colour(c, k, "RG");
    buf_printf(c, "%.2f w %.2f %.2f m %.2f %.2f l S\n", width, x1, y1, x2, y2);
}

void pdf_text(Buf *c, PdfFont font, double size, double x, double y, const char *text,
              size_t n, Rgb k)
{
    colour(c, k, "rg");
    buf_printf(c, "BT /F%d %.2f Tf %.2f %.2f Td (", font == PDF_BOLD ? 2 : 1, size, x, y);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '(' || ch == ')' || ch == '\\')
            buf_printf(c, "\\%c", ch);
        else if (ch < 32 || ch > 126)
            buf_printf(c, "\\%03o", ch);
        else
            buf_put(c, (const char *)&ch, 1);
    }
    buf_puts(c, ") Tj ET\n");
}
