/* yscalar.h: where each character of a YAML scalar's text is in the file.
 *
 * libyaml gives a scalar's text and where the scalar starts, not where each
 * character came from: quotes, escapes, indentation, folded line breaks and
 * chomping all stand between the two. yscalar_map reads the scalar again
 * from the file, as libyaml's scanner does, and records the place of every
 * character it produces; it checks that it produced libyaml's text exactly,
 * byte for byte, and says so if it did not. A card's effect is parsed from
 * the text, and its diagnostics are placed in the YAML file through it. */
#ifndef CARDC_YSCALAR_H
#define CARDC_YSCALAR_H

#include "ynode.h"

/* A place in a file as an editor shows it: lines end at \n, columns count
 * characters, both start at 1; and the columns that what is there takes
 * (an escape's whole length, 1 for a line break). */
typedef struct YPos {
    int line, col;
    int cols;
} YPos;

/* The places of the characters of scalar n of file f (not an alias: pass
 * the scalar it repeats). On success, *out is a heap array the caller
 * frees, with one place per character of n->str[0..n->len) (a character
 * produced by an escape is at the escape's backslash; a line break folded
 * into a space, or kept, is at that line break), then one for the end of
 * the text (just after its last character, or at its last line break;
 * it takes no column).
 * Returns false, with *out NULL, if the text read again differs from
 * libyaml's (which would be a bug here) or memory runs out. */
bool yscalar_map(const SrcFile *f, const YNode *n, YPos **out);

/* yscalar_map without its fast paths (a literal block or a line of plain
 * ASCII, placed by arithmetic as they are checked): the reading of every
 * style, which the unit tests compare the fast paths with. */
bool yscalar_read(const SrcFile *f, const YNode *n, YPos **out);

#endif
