/* pdf_font.h: text for the PDF's fonts. For the core fonts: UTF-8 into
 * WinAnsiEncoding (Windows code page 1252, the 8-bit encoding every PDF
 * reader has for Helvetica), and the width of encoded text, from Adobe's
 * metrics of Helvetica and Helvetica-Bold. For TrueType fonts (pdf.h,
 * PdfFonts): UTF-8 kept as UTF-8, and its width from the font's. */
#ifndef CARDC_PDF_FONT_H
#define CARDC_PDF_FONT_H

#include "pdf.h"

/* The WinAnsiEncoding byte of Unicode code point u, or 0 when it has none
 * (control characters included). */
unsigned char winansi_of(uint32_t u);
/* Appends s (n bytes of UTF-8) to out in WinAnsiEncoding: a line break
 * stays '\n', a tab or other control character becomes a space, and a
 * character the encoding lacks (or a byte that is not UTF-8) becomes '?'.
 * Returns how many characters became '?'. */
int winansi_append(Buf *out, const char *s, size_t n);
/* Appends s (n bytes of UTF-8) to out as text for the TrueType font t:
 * UTF-8, a line break kept, a tab or other control character a space, a
 * character t lacks (or a byte that is not UTF-8) '?'. Returns how many
 * characters became '?'. */
int ttf_text_append(Buf *out, const Ttf *t, const char *s, size_t n);
/* The code point of the UTF-8 character at s (of at most n > 0 bytes)
 * into *u, U+FFFD if it is not UTF-8; returns its length (at least 1). */
size_t utf8_next(const char *s, size_t n, uint32_t *u);
/* The width of n bytes of text encoded for fonts at size points. */
double pdf_text_width(const PdfFonts *fonts, PdfFont font, double size, const char *text,
                      size_t n);
/* The ellipsis in font, encoded for fonts: WinAnsi's, U+2026, or "...". */
const char *pdf_ellipsis(const PdfFonts *fonts, PdfFont font);
/* The start of the character before byte n > 0 of text encoded for fonts
 * (a byte back for WinAnsiEncoding, a UTF-8 character back otherwise). */
size_t pdf_char_before(const PdfFonts *fonts, const char *text, size_t n);
/* The end of the character at byte i < n of text encoded for fonts. */
size_t pdf_char_after(const PdfFonts *fonts, const char *text, size_t n, size_t i);

/* The largest font file read (docs/LIMITS.md). */
enum { MAX_FONT_BYTES = 32 * 1024 * 1024 };

/* Reads and parses the TrueType font file at path into *out, in a; a
 * font without a PostScript name is named CardcFont.
 * Returns 0, or -1 with *why saying why not: errno's message when the file
 * cannot be read, else what is wrong with it (ttf.h). */
int pdf_ttf_load(Arena *a, const char *path, PdfTtf **out, const char **why);

#endif
