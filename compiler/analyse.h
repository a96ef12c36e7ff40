/* analyse.h: the analysis, between checking and emitting.
 *
 * analyse_game runs on a game that checked clean and proves, once, what
 * the emitter needs: which funcs and procs a game can reach, which funcs
 * call funcs, which player values are surely seats in range, what card
 * filters decide from a card's kind alone, and the number of every helper
 * the emitter writes (each family numbered from 0 on its own). It writes
 * its results into the fields under "filled by the analysis": struct Node
 * and struct Sym in ast.h, struct Game in sema.h. The emitter (cgen.c)
 * then reads a const Game and proves nothing itself. */
#ifndef CARDC_ANALYSE_H
#define CARDC_ANALYSE_H

#include "sema.h"

void analyse_game(Arena *a, Game *g);
/* The keys of func fn's memo (its players times its cards' kinds), 0 if
 * a parameter is neither (analyse.c). */
long long memo_keys(const Game *g, const Sym *fn);
/* The place of func fn's first player parameter, its memo's key player
 * (State.pver), -1 if none (analyse.c). */
int memo_key_player(const Sym *fn);

#endif
