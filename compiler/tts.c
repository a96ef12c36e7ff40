/* tts.c: cardc print --tts DIR: Tabletop Simulator's custom deck (print.h).
 *
 * Tabletop Simulator builds a deck from sheet images, each a grid of at
 * most 10 x 7 card faces, and a saved object: a JSON file whose
 * ObjectStates hold one DeckCustom; its CustomDeck maps a number N to a
 * sheet (FaceURL, BackURL, NumWidth, NumHeight), a card is N * 100 + its
 * place on that sheet, and DeckIDs lists the card of every copy, as
 * ContainedObjects lists them as objects. So each kind of card is drawn
 * once, and its count is in the deck: 70 kinds a sheet, then the next.
 *
 * DIR/sheet-N.png are the sheets, DIR/back.png the back every card
 * shares, DIR/deck.json the saved object, whose URLs are file:// URLs of
 * DIR's absolute path (docs/INTERFACES.md says how to load it, and how
 * to share it). The faces are drawn with the built-in bitmap font, which
 * has ASCII only. */
#define _DEFAULT_SOURCE /* realpath */
#include "print.h"
#include "raster.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
    PX_W = 252, PX_H = 352,     /* a card, in pixels: 63 x 88 mm at 4 a mm */
    SHEET_COLS = 10,            /* the most Tabletop Simulator takes */
    SHEET_ROWS = 7,
    PER_SHEET = SHEET_COLS * SHEET_ROWS,
    EDGE = 8,                   /* from a card's edge to what is printed */
    LINE = 16,                  /* a line of text at scale 1 */
    CHARS = (PX_W - 2 * EDGE) / BITMAP_FONT_W, /* characters a line at scale 1 */
    BAND_Y = 44, BAND_PX = 56,  /* the band's top and height: three lines */
    TEXT_Y = BAND_Y + BAND_PX + 10, /* the text's first line */
    FOOT_Y = PX_H - EDGE - BITMAP_FONT_H, /* the footer's line */
};

static const Rgb INK = {0, 0, 0}, FRAME = {0.55, 0.55, 0.55}, BACK = {0.12, 0.20, 0.40};
static const Rgb WHITE_INK = {1, 1, 1};

/* s (UTF-8) as ASCII, NUL-terminated, in a: '\n' kept, other control
 * characters as spaces, anything else outside ASCII as '?', counted in
 * *missing. */
static char *ascii_of(Arena *a, const char *s, int *missing)
{
    size_t n = s ? strlen(s) : 0, o = 0;
    char *out = arena_alloc(a, n + 1);
    for (size_t i = 0; i < n;) {
        unsigned char ch = (unsigned char)s[i];
        int len = utf8_seq(s + i, n - i);
        if (ch == '\n' || (ch >= 32 && ch < 127)) {
            out[o++] = (char)ch;
        } else if (ch < 32 || ch == 127) {
            out[o++] = ' ';
        } else {
            out[o++] = '?';
            ++*missing;
        }
        i += len ? (size_t)len : 1;
    }
    out[o] = '\0';
    return out;
}

/* One line of at most max characters of s (n bytes) at x, y: cut, ending
 * in "...", when longer. */
static void line_at(Image *im, int x, int y, int scale, const char *s, size_t n, size_t max,
                    Rgb k)
{
    if (n <= max) {
        image_text(im, x, y, scale, s, n, k);
        return;
    }
    size_t keep = max > 3 ? max - 3 : 0;
    image_text(im, x, y, scale, s, keep, k);
    image_text(im, x + (int)keep * BITMAP_FONT_W * scale, y, scale, "...", max - keep, k);
}

/* The length of the start of s[0..n) that fits a line: whole words when
 * they fit, else a cut word. */
static size_t words_fit(const char *s, size_t n)
{
    if (n <= CHARS)
        return n;
    size_t fit = CHARS;
    while (fit > 0 && s[fit] != ' ')
        fit--;
    return fit ? fit : CHARS;
}

/* The card's text, wrapped from TEXT_Y down to the footer of the card
 * whose top is top, the last line that fits cut with "..." when there is
 * more. */
static void text_at(Image *im, int x, int top, const char *text)
{
    int room = (FOOT_Y - 4 - TEXT_Y) / LINE, y = top + TEXT_Y;
    const char *s = text;
    for (int line = 0; *s && line < room; line++) {
        size_t para = strcspn(s, "\n");
        size_t n = words_fit(s, para);
        const char *next = s + n;
        while (*next == ' ')
            next++;
        if (*next == '\n' && n == para)
            next++;
        image_text(im, x, y + line * LINE, 1, s, n, INK);
        if (line == room - 1 && *next) { /* more than fits: the last line cut */
            size_t keep = n + 3 <= CHARS ? n : CHARS - 3;
            image_fill(im, x, y + line * LINE, PX_W - 2 * EDGE, LINE, WHITE_INK);
            image_text(im, x, y + line * LINE, 1, s, keep, INK);
            image_text(im, x + (int)keep * BITMAP_FONT_W, y + line * LINE, 1, "...", 3, INK);
        }
        s = next;
    }
}

/* The attributes on the band, at x, y: two lines at most, wrapped at
 * spaces, the second cut with "..." when they need more. */
static void attrs_at(Image *im, int x, int y, const char *attrs, Rgb k)
{
    size_t n = strlen(attrs), first = n <= CHARS - 1 ? n : CHARS - 1;
    while (first < n && first > 0 && attrs[first] != ' ')
        first--;
    if (first == 0)
        first = CHARS - 1;
    image_text(im, x, y, 1, attrs, first, k);
    const char *rest = attrs + first;
    while (*rest == ' ')
        rest++;
    line_at(im, x, y + LINE, 1, rest, strlen(rest), CHARS - 1, k);
}

/* What a face shows, in ASCII. */
typedef struct TtsCard {
    const char *name, *type, *attrs, *text, *game;
    CardFace face;
} TtsCard;

static TtsCard tts_card(Arena *a, Diags *d, const char *game, const CardDef *cd)
{
    TtsCard c = {.face = card_face(a, cd), .game = game};
    int missing = 0;
    c.name = ascii_of(a, cd->name, &missing);
    c.type = ascii_of(a, c.face.type, &missing);
    c.attrs = ascii_of(a, c.face.attrs, &missing);
    c.text = ascii_of(a, cd->text, &missing);
    if (missing)
        diag_warning(d, cd->loc, "card '%s': %d character%s outside ASCII %s shown as '?' "
                     "on the Tabletop Simulator sheet", cd->name, missing,
                     missing == 1 ? "" : "s", missing == 1 ? "is" : "are");
    return c;
}

/* Draws card c, of count copies, with its top left at x, y. */
static void draw_face(Image *im, int x, int y, const TtsCard *c, long long count)
{
    image_fill(im, x, y, PX_W, PX_H, FRAME);
    image_fill(im, x + 2, y + 2, PX_W - 4, PX_H - 4, WHITE_INK);
    size_t n = strlen(c->name);
    int scale = n * 2 <= CHARS ? 2 : 1;
    line_at(im, x + EDGE, y + EDGE + (scale == 1 ? 8 : 0), scale, c->name, n,
            (size_t)CHARS / (size_t)scale, INK);
    image_fill(im, x + EDGE, y + BAND_Y, PX_W - 2 * EDGE, BAND_PX, c->face.band);
    line_at(im, x + EDGE + 4, y + BAND_Y + 4, 1, c->type, strlen(c->type), CHARS - 1,
            c->face.ink);
    attrs_at(im, x + EDGE + 4, y + BAND_Y + 4 + LINE, c->attrs, c->face.ink);
    text_at(im, x + EDGE, y, c->text);
    char mark[32];
    int m = snprintf(mark, sizeof mark, "x%lld", count);
    image_text(im, x + PX_W - EDGE - m * BITMAP_FONT_W, y + FOOT_Y, 1, mark, (size_t)m, INK);
    line_at(im, x + EDGE, y + FOOT_Y, 1, c->game, strlen(c->game),
            (size_t)(CHARS - m - 1), FRAME);
}

/* The grid of a sheet of n faces: at least 2 x 2, as Tabletop Simulator
 * asks, at most 10 x 7; two rows while they hold them. */
static void sheet_grid(int n, int *cols, int *rows)
{
    *cols = n <= 2 * SHEET_COLS ? (n + 1) / 2 : SHEET_COLS;
    if (*cols < 2)
        *cols = 2;
    *rows = (n + *cols - 1) / *cols;
    if (*rows < 2)
        *rows = 2;
}

/* path, written from the bytes of b; -1 with *failed set if it cannot be. */
static int write_out(Arena *a, const char *dir, const char *name, const Buf *b,
                     const char **failed)
{
    const char *path = arena_printf(a, "%s/%s", dir, name);
    if (write_file(path, b->data ? b->data : "", b->len) == 0)
        return 0;
    *failed = path;
    return -1;
}

/* sheet-N.png of the cards [first, first + n). */
static int write_sheet(Arena *a, const TtsCard *cards, const CardSet *cs, int first, int n,
                       const char *dir, PrintBufs *b, const char **failed)
{
    int cols, rows;
    sheet_grid(n, &cols, &rows);
    Image im = image_new(&b->pixels, cols * PX_W, rows * PX_H);
    for (int i = 0; i < n; i++)
        draw_face(&im, i % cols * PX_W, i / cols * PX_H, &cards[first + i],
                  cs->cards[first + i]->count);
    b->page.len = 0;
    image_png(&im, &b->page);
    return write_out(a, dir, arena_printf(a, "sheet-%d.png", first / PER_SHEET + 1), &b->page,
                     failed);
}

/* back.png: the game's name on a plain colour. */
static int write_back(Arena *a, const char *game, const char *dir, PrintBufs *b,
                      const char **failed)
{
    Image im = image_new(&b->pixels, PX_W, PX_H);
    image_fill(&im, 0, 0, PX_W, PX_H, BACK);
    image_fill(&im, EDGE, EDGE, PX_W - 2 * EDGE, PX_H - 2 * EDGE, (Rgb){0.18, 0.30, 0.55});
    size_t n = strlen(game);
    int scale = n * 2 <= CHARS ? 2 : 1;
    size_t shown = n < (size_t)CHARS / (size_t)scale ? n : (size_t)CHARS / (size_t)scale;
    int x = (PX_W - (int)shown * BITMAP_FONT_W * scale) / 2;
    line_at(&im, x, PX_H / 2 - BITMAP_FONT_H, scale, game, n, (size_t)CHARS / (size_t)scale,
            WHITE_INK);
    b->page.len = 0;
    image_png(&im, &b->page);
    return write_out(a, dir, "back.png", &b->page, failed);
}

/* url, percent-encoded where a URL's path may not hold the byte as is. */
static void url_path(Buf *b, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("/-._~", *p))
            buf_put(b, (const char *)p, 1);
        else
            buf_printf(b, "%%%02X", *p);
    }
}

/* A Transform at the table's centre, face down. */
static void transform(Buf *j)
{
    buf_puts(j, "\"Transform\":{\"posX\":0,\"posY\":1,\"posZ\":0,\"rotX\":0,"
                "\"rotY\":180,\"rotZ\":180,\"scaleX\":1,\"scaleY\":1,\"scaleZ\":1}");
}

/* The CustomDeck map of the sheets numbered from first to last (1 up),
 * whose URLs are under url (file://DIR). */
static void custom_decks(Buf *j, const CardSet *cs, const char *url, int first, int last)
{
    buf_puts(j, "\"CustomDeck\":{");
    for (int s = first; s <= last; s++) {
        int n = cs->ncards - (s - 1) * PER_SHEET, cols, rows;
        sheet_grid(n < PER_SHEET ? n : PER_SHEET, &cols, &rows);
        buf_printf(j, "%s\"%d\":{\"FaceURL\":\"%s/sheet-%d.png\",\"BackURL\":\"%s/back.png\","
                   "\"NumWidth\":%d,\"NumHeight\":%d,\"BackIsHidden\":true,"
                   "\"UniqueBack\":false,\"Type\":0}",
                   s > first ? "," : "", s, url, s, url, cols, rows);
    }
    buf_puts(j, "}");
}

/* The saved object: one DeckCustom of every copy, in the card file's
 * order. */
static void deck_json(Buf *j, const CardSet *cs, const char *url)
{
    int sheets = (cs->ncards + PER_SHEET - 1) / PER_SHEET;
    buf_puts(j, "{\"SaveName\":\"\",\"GameMode\":\"\",\"Date\":\"\",\"Table\":\"\","
                "\"Sky\":\"\",\"Note\":\"\",\"Rules\":\"\",\"XmlUI\":\"\",\"LuaScript\":\"\","
                "\"ObjectStates\":[{\"Name\":\"DeckCustom\",");
    transform(j);
    buf_puts(j, ",\"Nickname\":");
    buf_json_string(j, cs->game ? cs->game : "");
    buf_puts(j, ",\"DeckIDs\":[");
    for (int k = 0, first = 1; k < cs->ncards; k++)
        for (long long c = 0; c < cs->cards[k]->count; c++, first = 0)
            buf_printf(j, "%s%d", first ? "" : ",", (k / PER_SHEET + 1) * 100 + k % PER_SHEET);
    buf_puts(j, "],");
    custom_decks(j, cs, url, 1, sheets);
    buf_puts(j, ",\"ContainedObjects\":[");
    for (int k = 0, first = 1; k < cs->ncards; k++) {
        const CardDef *cd = cs->cards[k];
        for (long long c = 0; c < cd->count; c++, first = 0) {
            buf_printf(j, "%s\n{\"Name\":\"Card\",\"Nickname\":", first ? "" : ",");
            buf_json_string(j, cd->name);
            buf_puts(j, ",\"Description\":");
            buf_json_string(j, cd->text ? cd->text : "");
            buf_printf(j, ",\"CardID\":%d,", (k / PER_SHEET + 1) * 100 + k % PER_SHEET);
            transform(j);
            buf_puts(j, ",");
            custom_decks(j, cs, url, k / PER_SHEET + 1, k / PER_SHEET + 1);
            buf_puts(j, "}");
        }
    }
    buf_puts(j, "]}]}\n");
}

/* Makes the folder dir unless it is one; -1 with errno if it cannot. */
static int make_dir(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
        return 0;
    if (errno == EEXIST)
        errno = ENOTDIR;
    return -1;
}

int print_tts(Arena *a, Diags *d, const CardSet *cs, const char *dir, PrintBufs *b,
              const char **failed)
{
    *failed = dir;
    if (make_dir(dir) != 0)
        return -1;
    char abs[PATH_MAX];
    if (!realpath(dir, abs))
        return -1;
    b->line.len = 0;
    buf_puts(&b->line, "file://");
    url_path(&b->line, abs);
    const char *url = arena_strndup(a, b->line.data, b->line.len);
    int missing = 0;
    const char *game = ascii_of(a, cs->game, &missing);
    if (missing)
        diag_warning(d, cs->game_loc, "the game's name: %d character%s outside ASCII %s "
                     "shown as '?' on the Tabletop Simulator sheets", missing,
                     missing == 1 ? "" : "s", missing == 1 ? "is" : "are");
    TtsCard *cards = arena_alloc(a, sizeof *cards * (size_t)(cs->ncards ? cs->ncards : 1));
    for (int k = 0; k < cs->ncards; k++)
        cards[k] = tts_card(a, d, game, cs->cards[k]);
    for (int first = 0; first < cs->ncards; first += PER_SHEET) {
        int n = cs->ncards - first < PER_SHEET ? cs->ncards - first : PER_SHEET;
        if (write_sheet(a, cards, cs, first, n, dir, b, failed) != 0)
            return -1;
    }
    if (write_back(a, game, dir, b, failed) != 0)
        return -1;
    b->page.len = 0;
    deck_json(&b->page, cs, url);
    return write_out(a, dir, "deck.json", &b->page, failed);
}
