/* print.h: cardc print: a checked game's cards as print-and-play PDF
 * sheets (print.c) and as Tabletop Simulator sheets and deck (tts.c).
 *
 * Both take the cards as cards_load left them, once the game checked
 * without error; both print what a card says (its name, its type and
 * attributes on a band coloured after its colour, its text, its count)
 * and neither changes the game. A character the output cannot show is
 * printed as '?', with one warning naming the card. The PDF's text is in
 * Helvetica, or in TrueType fonts given by file (print --font). */
#ifndef CARDC_PRINT_H
#define CARDC_PRINT_H

#include "cards.h"
#include "pdf.h"

typedef enum { PAPER_A4, PAPER_LETTER } Paper;

/* The heap buffers printing works in: the caller's, which it frees
 * (print_bufs_free) whatever happened, a failed allocation included. */
typedef struct PrintBufs {
    Buf page;               /* the content of the page being drawn, a PNG */
    Buf words;              /* a card's text wrapped into lines */
    Buf line;               /* one line being fitted, a string being encoded */
    Buf pixels;             /* the pixels of the sheet being drawn */
} PrintBufs;

void print_bufs_free(PrintBufs *b);

/* What a card shows besides its name and text, in UTF-8. */
typedef struct CardFace {
    const char *type;       /* its type's name */
    const char *attrs;      /* "color: red, rank: 1" in its type's order, or "" */
    Rgb band;               /* the band's colour: its colour attribute's, or grey */
    Rgb ink;                /* the colour of text on the band (black or white) */
} CardFace;

/* The band of card cd: its type, its attributes and their colour, which
 * is that of its `color` or `colour` attribute when that is a colour's
 * name (red, blue, ... docs/INTERFACES.md lists them), else grey. */
CardFace card_face(Arena *a, const CardDef *cd);

/* The PDF of every copy of every card of cs, nine to a page of the paper
 * given (3x3 cards of 63 x 88 mm, centred), its text in fonts (Helvetica,
 * or TrueType fonts embedded), into out. Warns on d for each card with a
 * character the fonts lack (Helvetica's WinAnsiEncoding, or a TrueType
 * font's character map). */
void print_pdf(Arena *a, Diags *d, const CardSet *cs, Paper paper, const PdfFonts *fonts,
               Buf *out, PrintBufs *b);

/* Writes into the folder dir (made if missing) the Tabletop Simulator
 * sheets of cs's cards (sheet-N.png: each card once, at most 10 x 7 a
 * sheet), their back (back.png) and the deck (deck.json: one card per
 * copy). Warns on d for each card with a character outside ASCII. Returns
 * 0, or -1 with errno set and *failed the path that could not be
 * written. */
int print_tts(Arena *a, Diags *d, const CardSet *cs, const char *dir, PrintBufs *b,
              const char **failed);

#endif
