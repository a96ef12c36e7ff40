/* cgen_holders.h: the C of held zones (cards under cards), for cgen.c. */
#ifndef CARDC_CGEN_HOLDERS_H
#define CARDC_CGEN_HOLDERS_H

#include "sema.h"

/* The tables of a game with held zones: slot_holder[] (the card each slot
 * lies under, -1 for the slots of the other zones; RtGame.slot_holder) and
 * inst_rank[] (each card's rank among the cards of its type, which picks
 * its slot in a held zone under that type). */
void emit_holder_tables(Buf *o, Arena *a, const Game *g);

/* game_holder_left(s, c), after rt_game.h: what becomes of the cards under
 * card c when it leaves play (drop_held for a zone that drops them, nothing
 * for one that keeps them). */
void emit_holder_left(Buf *o, Arena *a, const Game *g);

#endif
