/* print.c: cardc print: print-and-play PDF sheets (print.h).
 *
 * A page holds 3 x 3 cards of 63 x 88 mm, 189 x 264 mm in all, centred
 * on A4 (210 x 297 mm) or Letter (215.9 x 279.4 mm). The cards abut: one
 * cut line between two neighbours, drawn once, and cut marks outside the
 * grid where each line of the grid meets the margin. Every copy of a card
 * is printed, in the order of the card file, each with its count mark
 * ("2/16": the second of 16 copies).
 *
 * A card, from the top: its name (bold, shrunk to fit, cut with an
 * ellipsis if even the smallest size is too wide), the band (its type and
 * its attributes, on its colour), its text (wrapped, shrunk down to a
 * smallest size, then cut with an ellipsis: it never leaves the card),
 * and a footer with the game's name and the count mark. */
#include "print.h"
#include "pdf_font.h"

#include <string.h>

#define MM (72.0 / 25.4)            /* points in a millimetre */
#define CARD_W (63 * MM)
#define CARD_H (88 * MM)
#define PAD (3 * MM)                /* from the cut line to what is printed */
#define LINE_W 0.6                  /* cut lines and marks, in points */
#define MARK_GAP (1 * MM)           /* from the grid to a cut mark */
#define MARK_LEN (5 * MM)           /* a cut mark's length */
#define NAME_SIZE 12.0              /* the name's size, at most and */
#define NAME_MIN 7.0                /* at least */
#define BAND_TOP (PAD + 16)         /* from the card's top to the band's */
#define BAND_H 24.0                 /* the band's height */
#define TEXT_SIZE 9.0               /* the text's size, at most and */
#define TEXT_MIN 5.5                /* at least */
#define FOOTER (PAD + 11)           /* from the card's bottom to the text box */
enum { COLS = 3, ROWS = 3, PER_PAGE = COLS * ROWS };

static const Rgb BLACK = {0, 0, 0}, WHITE = {1, 1, 1}, GREY_INK = {0.4, 0.4, 0.4};
static const Rgb CUT = {0.25, 0.25, 0.25};

/* The colours a band takes from a card's color or colour attribute. */
static const struct {
    const char *name;   /* the attribute's value */
    Rgb rgb;            /* the band's colour */
} colours[] = {
    {"red", {0.85, 0.16, 0.16}},    {"orange", {0.96, 0.55, 0.10}},
    {"yellow", {0.98, 0.86, 0.20}}, {"green", {0.20, 0.62, 0.25}},
    {"blue", {0.18, 0.40, 0.85}},   {"violet", {0.56, 0.32, 0.78}},
    {"purple", {0.50, 0.20, 0.60}}, {"pink", {0.96, 0.58, 0.72}},
    {"brown", {0.55, 0.35, 0.18}},  {"black", {0.08, 0.08, 0.08}},
    {"white", {0.98, 0.98, 0.98}},  {"grey", {0.60, 0.60, 0.60}},
    {"gray", {0.60, 0.60, 0.60}},   {"gold", {0.85, 0.68, 0.18}},
    {"silver", {0.76, 0.76, 0.80}}, {"cyan", {0.15, 0.75, 0.85}},
    {"magenta", {0.85, 0.20, 0.65}},
};
static const Rgb NO_COLOUR = {0.82, 0.82, 0.82};

/* Whether colour k is dark enough to want white text on it. */
static bool dark(Rgb k)
{
    return 0.299 * k.r + 0.587 * k.g + 0.114 * k.b < 0.5;
}

/* The band's colour for a colour's name, or NO_COLOUR. */
static Rgb colour_named(const char *name)
{
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (!strcmp(colours[i].name, name))
            return colours[i].rgb;
    return NO_COLOUR;
}

CardFace card_face(Arena *a, const CardDef *cd)
{
    CardFace f = {cd->type->name, "", NO_COLOUR, BLACK};
    const TypeDef *t = cd->type;
    for (int i = 0; i < t->nattrs; i++) {
        int v = cd->value[i];
        if (v < 0)
            continue;
        const Attr *attr = t->attrs[i].attr;
        f.attrs = arena_printf(a, "%s%s%s: %s", f.attrs, *f.attrs ? ", " : "", attr->name,
                               attr->values[v]);
        if (!strcmp(attr->name, "color") || !strcmp(attr->name, "colour"))
            f.band = colour_named(attr->values[v]);
    }
    f.ink = dark(f.band) ? WHITE : BLACK;
    return f;
}

/* One card's words, encoded for the fonts (pdf_font.h), NUL-terminated,
 * in the arena. */
typedef struct PdfCard {
    const char *name;
    const char *type;
    const char *attrs;
    const char *text;       /* "" for a card without one */
    const char *game;
    CardFace face;
} PdfCard;

/* s encoded for font of fonts, in a; adds its characters the font lacks
 * to *missing. */
static const char *encode(Arena *a, Buf *scratch, const PdfFonts *fonts, PdfFont font,
                          const char *s, int *missing)
{
    scratch->len = 0;
    size_t n = s ? strlen(s) : 0;
    if (!s)
        s = "";
    if (fonts->ttf[font])
        *missing += ttf_text_append(scratch, &fonts->ttf[font]->ttf, s, n);
    else
        *missing += winansi_append(scratch, s, n);
    return arena_strndup(a, scratch->data ? scratch->data : "", scratch->len);
}

/* What lacks a character, for a warning: Helvetica's encoding, or the
 * TrueType fonts by their names. */
static const char *lacking(Arena *a, const PdfFonts *fonts, int missing)
{
    const char *verb = missing == 1 ? "is" : "are";
    const PdfTtf *r = fonts->ttf[PDF_REGULAR], *b = fonts->ttf[PDF_BOLD];
    if (!r)
        return arena_printf(a, "Helvetica's WinAnsiEncoding lacks %s", verb);
    if (r == b)
        return arena_printf(a, "the font '%s' lacks %s", r->ttf.ps_name, verb);
    return arena_printf(a, "the fonts '%s' and '%s' lack %s", r->ttf.ps_name, b->ttf.ps_name,
                        verb);
}

static PdfCard pdf_card(Arena *a, Diags *d, const PdfFonts *f, const char *game,
                        const CardDef *cd, PrintBufs *b)
{
    PdfCard c = {.face = card_face(a, cd), .game = game};
    int missing = 0;
    c.name = encode(a, &b->line, f, PDF_BOLD, cd->name, &missing);
    c.type = encode(a, &b->line, f, PDF_BOLD, c.face.type, &missing);
    c.attrs = encode(a, &b->line, f, PDF_REGULAR, c.face.attrs, &missing);
    c.text = encode(a, &b->line, f, PDF_REGULAR, cd->text, &missing);
    if (missing)
        diag_warning(d, cd->loc, "card '%s': %d character%s that %s printed as '?'",
                     cd->name, missing, missing == 1 ? "" : "s", lacking(a, f, missing));
    return c;
}

/* s cut to fit width at size, with an ellipsis at the end when cut, into
 * out (NUL-terminated). */
static void cut_to(Buf *out, const PdfFonts *f, PdfFont font, double size, double width,
                   const char *s, size_t n)
{
    const char *ellipsis = pdf_ellipsis(f, font);
    out->len = 0;
    double ew = pdf_text_width(f, font, size, ellipsis, strlen(ellipsis));
    if (pdf_text_width(f, font, size, s, n) <= width) {
        buf_put(out, s, n);
    } else {
        while (n > 0 && pdf_text_width(f, font, size, s, n) + ew > width)
            n = pdf_char_before(f, s, n);
        while (n > 0 && s[n - 1] == ' ')
            n--;
        buf_put(out, s, n);
        buf_puts(out, ellipsis);
    }
    buf_put(out, "", 1);
    out->len--;
}

/* One line of s at the largest size from max down to min (by half points)
 * that fits width, cut with an ellipsis if none does; baseline x, y. */
static void fit_line(Buf *c, Buf *scratch, const PdfFonts *f, PdfFont font, double max,
                     double min, double x, double y, double width, const char *s, Rgb k)
{
    size_t n = strlen(s);
    double size = max;
    while (size > min && pdf_text_width(f, font, size, s, n) > width)
        size -= 0.5;
    cut_to(scratch, f, font, size, width, s, n);
    pdf_text(c, f, font, size, x, y, scratch->data, scratch->len, k);
}

/* The length of the longest start of s[0..n) (whole words, or a word cut
 * when one alone is too wide) that fits width; at least one byte. */
static size_t line_fit(const PdfFonts *f, const char *s, size_t n, double size,
                       double width)
{
    size_t fit = 0, i = 0;
    while (i < n) {
        size_t end = i;
        while (end < n && s[end] != ' ')
            end++;
        if (pdf_text_width(f, PDF_REGULAR, size, s, end) > width)
            break;
        fit = end;
        i = end + 1;
    }
    if (fit == 0) /* a word alone wider than the line: cut it */
        while (fit < n && pdf_text_width(f, PDF_REGULAR, size, s,
                                         pdf_char_after(f, s, n, fit)) <= width)
            fit = pdf_char_after(f, s, n, fit);
    return fit ? fit : pdf_char_after(f, s, n, 0);
}

/* Wraps text at size into lines of width: scratch holds them, each ended
 * by '\n'. Returns how many. */
static int wrap(Buf *scratch, const PdfFonts *f, const char *text, double size,
                double width)
{
    scratch->len = 0;
    int lines = 0;
    const char *p = text;
    for (;;) {
        size_t para = strcspn(p, "\n");
        const char *s = p;
        do {
            size_t rest = (size_t)(p + para - s);
            size_t n = rest ? line_fit(f, s, rest, size, width) : 0;
            buf_put(scratch, s, n);
            buf_put(scratch, "\n", 1);
            lines++;
            s += n;
            while (s < p + para && *s == ' ')
                s++;
        } while (s < p + para);
        if (!p[para])
            return lines;
        p += para + 1;
    }
}

/* The card's text in the box of width x height whose top left is x, top:
 * the largest size from TEXT_SIZE down to TEXT_MIN at which it all fits,
 * or at TEXT_MIN as many lines as fit, the last cut with an ellipsis. */
static void text_box(Buf *c, Buf *scratch, Buf *line, const PdfFonts *f, const char *text,
                     double x, double top, double width, double height)
{
    if (!*text)
        return;
    double size = TEXT_SIZE;
    int n = wrap(scratch, f, text, size, width);
    while (size > TEXT_MIN && n * size * 1.2 > height) {
        size -= 0.5;
        n = wrap(scratch, f, text, size, width);
    }
    int room = (int)(height / (size * 1.2));
    const char *s = scratch->data;
    for (int i = 0; i < n && i < room; i++) {
        size_t len = strcspn(s, "\n");
        double y = top - size - i * size * 1.2;
        if (i == room - 1 && n > room) { /* the last line that fits, cut */
            const char *ellipsis = pdf_ellipsis(f, PDF_REGULAR);
            double ew = pdf_text_width(f, PDF_REGULAR, size, ellipsis, strlen(ellipsis));
            size_t m = len;
            while (m > 0 && pdf_text_width(f, PDF_REGULAR, size, s, m) + ew > width)
                m = pdf_char_before(f, s, m);
            while (m > 0 && s[m - 1] == ' ')
                m--;
            line->len = 0;
            buf_put(line, s, m);
            buf_puts(line, ellipsis);
            pdf_text(c, f, PDF_REGULAR, size, x, y, line->data, line->len, BLACK);
        } else {
            pdf_text(c, f, PDF_REGULAR, size, x, y, s, len, BLACK);
        }
        s += len + 1;
    }
}

/* Where the cards of a page go. */
typedef struct Sheet {
    double page_w, page_h;  /* the paper, in points */
    double x0, y0;          /* the grid's bottom left corner */
} Sheet;

static Sheet sheet_for(Paper paper)
{
    Sheet s = {210 * MM, 297 * MM, 0, 0};
    if (paper == PAPER_LETTER) {
        s.page_w = 8.5 * 72;
        s.page_h = 11 * 72;
    }
    s.x0 = (s.page_w - COLS * CARD_W) / 2;
    s.y0 = (s.page_h - ROWS * CARD_H) / 2;
    return s;
}

/* Draws card pc, copy `copy` of count, in the cell whose bottom left is
 * x, y. */
static void draw_card(Buf *c, PrintBufs *b, const PdfFonts *f, const PdfCard *pc,
                      long long copy, long long count, double x, double y)
{
    double top = y + CARD_H, inner = CARD_W - 2 * PAD;
    fit_line(c, &b->line, f, PDF_BOLD, NAME_SIZE, NAME_MIN, x + PAD, top - PAD - 10, inner,
             pc->name, BLACK);
    double band = top - BAND_TOP;
    pdf_fill_rect(c, x + PAD, band - BAND_H, inner, BAND_H, pc->face.band);
    pdf_stroke_rect(c, x + PAD, band - BAND_H, inner, BAND_H, 0.3, GREY_INK);
    fit_line(c, &b->line, f, PDF_BOLD, 8, 6, x + PAD + 3, band - 9.5, inner - 6, pc->type,
             pc->face.ink);
    fit_line(c, &b->line, f, PDF_REGULAR, 7.5, 5, x + PAD + 3, band - 19.5, inner - 6,
             pc->attrs, pc->face.ink);
    double text_top = band - BAND_H - 6;
    text_box(c, &b->words, &b->line, f, pc->text, x + PAD, text_top, inner,
             text_top - (y + FOOTER));
    char mark[48];
    int n = snprintf(mark, sizeof mark, "%lld/%lld", copy, count);
    double mw = pdf_text_width(f, PDF_BOLD, 8, mark, (size_t)n);
    pdf_text(c, f, PDF_BOLD, 8, x + CARD_W - PAD - mw, y + PAD + 1, mark, (size_t)n, BLACK);
    fit_line(c, &b->line, f, PDF_REGULAR, 6, 5, x + PAD, y + PAD + 1, inner - mw - 6, pc->game,
             GREY_INK);
}

/* The bottom left corner of cell i of a page (0 at the top left, by rows). */
static void cell_at(const Sheet *s, int i, double *x, double *y)
{
    *x = s->x0 + (i % COLS) * CARD_W;
    *y = s->y0 + (ROWS - 1 - i / COLS) * CARD_H;
}

/* The cut lines around the first n cells of a page: each cell's top and
 * left edge, and its right and bottom edges where no card follows there,
 * so that two neighbours share one line. */
static void cut_lines(Buf *c, const Sheet *s, int n)
{
    for (int i = 0; i < n; i++) {
        double x, y;
        cell_at(s, i, &x, &y);
        pdf_line(c, x, y + CARD_H, x + CARD_W, y + CARD_H, LINE_W, CUT);
        pdf_line(c, x, y, x, y + CARD_H, LINE_W, CUT);
        if (i % COLS == COLS - 1 || i + 1 >= n)
            pdf_line(c, x + CARD_W, y, x + CARD_W, y + CARD_H, LINE_W, CUT);
        if (i + COLS >= n)
            pdf_line(c, x, y, x + CARD_W, y, LINE_W, CUT);
    }
}

/* Cut marks in the margins, on every line of the full grid. */
static void cut_marks(Buf *c, const Sheet *s)
{
    double x1 = s->x0 + COLS * CARD_W, y1 = s->y0 + ROWS * CARD_H;
    for (int i = 0; i <= COLS; i++) {
        double x = s->x0 + i * CARD_W;
        pdf_line(c, x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK_LEN, LINE_W, BLACK);
        pdf_line(c, x, s->y0 - MARK_GAP, x, s->y0 - MARK_GAP - MARK_LEN, LINE_W, BLACK);
    }
    for (int i = 0; i <= ROWS; i++) {
        double y = s->y0 + i * CARD_H;
        pdf_line(c, x1 + MARK_GAP, y, x1 + MARK_GAP + MARK_LEN, y, LINE_W, BLACK);
        pdf_line(c, s->x0 - MARK_GAP, y, s->x0 - MARK_GAP - MARK_LEN, y, LINE_W, BLACK);
    }
}

void print_bufs_free(PrintBufs *b)
{
    buf_free(&b->page);
    buf_free(&b->words);
    buf_free(&b->line);
    buf_free(&b->pixels);
}

/* Ends a page of n cards: its cut lines and marks, and the page added. */
static void end_page(Pdf *pdf, const Sheet *s, Buf *page, int n)
{
    cut_lines(page, s, n);
    cut_marks(page, s);
    pdf_page(pdf, page);
    page->len = 0;
}

void print_pdf(Arena *a, Diags *d, const CardSet *cs, Paper paper, const PdfFonts *fonts,
               Buf *out, PrintBufs *b)
{
    Sheet s = sheet_for(paper);
    Pdf pdf;
    pdf_begin(&pdf, a, out, s.page_w, s.page_h, fonts);
    int missing = 0;
    const char *game = encode(a, &b->line, fonts, PDF_REGULAR, cs->game, &missing);
    if (missing)
        diag_warning(d, cs->game_loc, "the game's name: %d character%s that %s printed as '?'",
                     missing, missing == 1 ? "" : "s", lacking(a, fonts, missing));
    b->page.len = 0;
    int on_page = 0;
    for (int k = 0; k < cs->ncards; k++) {
        const CardDef *cd = cs->cards[k];
        PdfCard pc = pdf_card(a, d, fonts, game, cd, b);
        for (long long copy = 1; copy <= cd->count; copy++) {
            double x, y;
            cell_at(&s, on_page, &x, &y);
            draw_card(&b->page, b, fonts, &pc, copy, cd->count, x, y);
            if (++on_page == PER_PAGE) {
                end_page(&pdf, &s, &b->page, on_page);
                on_page = 0;
            }
        }
    }
    if (on_page)
        end_page(&pdf, &s, &b->page, on_page);
    pdf_end(&pdf);
}
