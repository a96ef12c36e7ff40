/* game_main.c: the main of a game binary that the Makefile links from the
 * game's object. The C cardc writes ends with this same main; the Makefile
 * compiles that C with -DCARDC_NO_MAIN, which leaves it out, so that one
 * object of a game links into its binary, its invariants driver and its
 * scenario runner. Not part of libcardrt. */
#include "rt.h"

extern const RtGame game;

int main(int argc, char **argv)
{
    return rt_main(&game, argc, argv);
}
