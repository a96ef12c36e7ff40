/* pdf.c: a small PDF 1.4 writer (pdf.h).
 *
 * Objects 1 to 4 are fixed: 1 the catalog and 2 the page tree (written
 * last, once the pages are known), 3 and 4 the fonts, regular and bold
 * (TrueType ones written last too, once the glyphs shown are known); each
 * page adds its content stream and its page object. */
#include "pdf.h"
#include "pdf_font.h"

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

void pdf_begin(Pdf *p, Arena *a, Buf *out, double width, double height,
               const PdfFonts *fonts)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->arena = a;
    p->width = width;
    p->height = height;
    p->fonts = fonts;
    /* A comment of four bytes over 127 marks the file as binary. */
    buf_puts(p->out, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
    for (int i = 0; i < OBJ_FONT_BOLD; i++)
        new_object(p);
    if (fonts->ttf[PDF_REGULAR])
        return;
    font_object(p, OBJ_FONT_REGULAR, "Helvetica");
    font_object(p, OBJ_FONT_BOLD, "Helvetica-Bold");
}

/* A length in design units of t in thousandths of the size. */
static long per_mille(const Ttf *t, long units)
{
    long em = (long)t->units_per_em;
    return units >= 0 ? (units * 1000 + em / 2) / em : -((-units * 1000 + em / 2) / em);
}

/* The font file: the whole .ttf. Returns its object. */
static int font_file(Pdf *p, const Ttf *t)
{
    int n = new_object(p);
    open_object(p, n);
    buf_printf(p->out, "<< /Length %zu /Length1 %zu >>\nstream\n", t->size, t->size);
    buf_put(p->out, (const char *)t->data, t->size);
    buf_puts(p->out, "\nendstream");
    close_object(p);
    return n;
}

/* The font descriptor of t, its file the object file. Returns its object. */
static int font_descriptor(Pdf *p, const Ttf *t, const char *name, int file)
{
    int n = new_object(p);
    open_object(p, n);
    buf_printf(p->out, "<< /Type /FontDescriptor /FontName /%s /Flags %d "
               "/FontBBox [%ld %ld %ld %ld] /ItalicAngle %.2f /Ascent %ld /Descent %ld "
               "/CapHeight %ld /StemV 80 /FontFile2 %d 0 R >>", name,
               32 | (t->fixed_pitch ? 1 : 0), per_mille(t, t->bbox[0]),
               per_mille(t, t->bbox[1]), per_mille(t, t->bbox[2]), per_mille(t, t->bbox[3]),
               t->italic_angle, per_mille(t, t->ascent), per_mille(t, t->descent),
               per_mille(t, t->cap_height), file);
    close_object(p);
    return n;
}

/* The CIDFontType2 of f: glyph ids as CIDs, and the widths of the glyphs
 * shown. Returns its object. */
static int cid_font(Pdf *p, const PdfTtf *f, const char *name, int descriptor)
{
    const Ttf *t = &f->ttf;
    int n = new_object(p);
    open_object(p, n);
    buf_printf(p->out, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s "
               "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
               "/FontDescriptor %d 0 R /CIDToGIDMap /Identity /DW %ld /W [", name,
               descriptor, per_mille(t, ttf_advance(t, 0)));
    for (unsigned g = 0; g < t->nglyphs; g++)
        if (f->unicode[g])
            buf_printf(p->out, " %u [%ld]", g, per_mille(t, ttf_advance(t, g)));
    buf_puts(p->out, " ] >>");
    close_object(p);
    return n;
}

/* Appends code point u as UTF-16BE hex: one unit, or a surrogate pair. */
static void utf16_hex(Buf *out, uint32_t u)
{
    if (u < 0x10000) {
        buf_printf(out, "%04X", (unsigned)u);
        return;
    }
    u -= 0x10000;
    buf_printf(out, "%04X%04X", (unsigned)(0xd800 + (u >> 10)), (unsigned)(0xdc00 + (u & 0x3ff)));
}

/* The ToUnicode CMap of f: each glyph shown to its character, in blocks
 * of at most 100 (the limit of a bfchar block). Returns its object. */
static int to_unicode(Pdf *p, const PdfTtf *f, Buf *cmap)
{
    cmap->len = 0;
    buf_puts(cmap, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
             "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
             "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    unsigned g = 0, nglyphs = f->ttf.nglyphs;
    while (g < nglyphs) {
        int block = 0;
        for (unsigned h = g; h < nglyphs && block < 100; h++)
            block += f->unicode[h] != 0;
        if (!block)
            break;
        buf_printf(cmap, "%d beginbfchar\n", block);
        for (int k = 0; k < block; g++)
            if (f->unicode[g]) {
                buf_printf(cmap, "<%04X> <", g);
                utf16_hex(cmap, f->unicode[g]);
                buf_puts(cmap, ">\n");
                k++;
            }
        buf_puts(cmap, "endbfchar\n");
    }
    buf_puts(cmap, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    int n = new_object(p);
    open_object(p, n);
    buf_printf(p->out, "<< /Length %zu >>\nstream\n", cmap->len);
    buf_put(p->out, cmap->data, cmap->len);
    buf_puts(p->out, "\nendstream");
    close_object(p);
    return n;
}

/* The Type 0 font object n of f, with Identity-H encoding (2-byte codes,
 * the glyph ids). */
static void type0_font(Pdf *p, int n, const PdfTtf *f, const char *name)
{
    open_object(p, n);
    buf_printf(p->out, "<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H "
               "/DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>", name, f->cidfont,
               f->to_unicode);
    close_object(p);
}

/* The TrueType fonts, as object 3 (regular) and 4 (bold): each font once,
 * whole, with its descriptor, descendant and ToUnicode map. */
static void ttf_fonts(Pdf *p)
{
    Buf cmap = {0};
    for (int k = PDF_REGULAR; k <= PDF_BOLD; k++) {
        PdfTtf *f = p->fonts->ttf[k];
        const char *name = f->ttf.ps_name;
        if (!f->type0) {
            int file = font_file(p, &f->ttf);
            int descriptor = font_descriptor(p, &f->ttf, name, file);
            f->cidfont = cid_font(p, f, name, descriptor);
            f->to_unicode = to_unicode(p, f, &cmap);
            f->type0 = k == PDF_REGULAR ? OBJ_FONT_REGULAR : OBJ_FONT_BOLD;
        }
        type0_font(p, k == PDF_REGULAR ? OBJ_FONT_REGULAR : OBJ_FONT_BOLD, f, name);
    }
    buf_free(&cmap);
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
    if (p->fonts->ttf[PDF_REGULAR])
        ttf_fonts(p);
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

/* text (UTF-8) as the glyph ids of f, two bytes each, in hex; each
 * glyph noted with its character for the ToUnicode map. */
static void glyph_string(Buf *c, PdfTtf *f, const char *text, size_t n)
{
    buf_puts(c, "<");
    for (size_t i = 0; i < n;) {
        uint32_t u;
        i += utf8_next(text + i, n - i, &u);
        unsigned g = ttf_glyph(&f->ttf, u);
        if (g)
            f->unicode[g] = u;
        buf_printf(c, "%04X", g);
    }
    buf_puts(c, "> Tj ET\n");
}

void pdf_text(Buf *c, const PdfFonts *fonts, PdfFont font, double size, double x, double y,
              const char *text, size_t n, Rgb k)
{
    colour(c, k, "rg");
    buf_printf(c, "BT /F%d %.2f Tf %.2f %.2f Td ", font == PDF_BOLD ? 2 : 1, size, x, y);
    if (fonts->ttf[font]) {
        glyph_string(c, fonts->ttf[font], text, n);
        return;
    }
    buf_puts(c, "(");
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
