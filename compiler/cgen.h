/* cgen.h: a checked game -> one C file that links with libcardrt. */
#ifndef CARDC_CGEN_H
#define CARDC_CGEN_H

#include "sema.h"

/* Writes the game's C into b. input names the game folder in the banner. */
void cgen_game(Buf *b, Arena *a, const Game *g, const char *input);

#endif
