/* pdf_font.h: text for the PDF core fonts: UTF-8 into WinAnsiEncoding
 * (Windows code page 1252, the 8-bit encoding every PDF reader has for
 * Helvetica), and the width of encoded text, from Adobe's metrics of
 * Helvetica and Helvetica-Bold. */
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
/* The width of n bytes of WinAnsiEncoding text at size points. */
double pdf_text_width(PdfFont font, double size, const char *text, size_t n);

#endif
