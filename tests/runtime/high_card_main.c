/* high_card_main.c: the game binary, as cardc emits it: one call. */
#include "high_card.h"

int main(int argc, char **argv)
{
    return rt_main(&hc_game, argc, argv);
}
