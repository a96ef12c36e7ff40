/* check_cards.c: compiled together with the C that `cardc build` wrote
 * (tests/gen-c.sh passes -DCARDS_C='"FILE.c"'), it checks that the tables
 * agree with each other and prints what a test can compare:
 *
 *   game NAME
 *   instances N
 *   type NAME N        (one line per type, counted from cards[])
 *   ok
 *
 * On an inconsistency it prints "FAIL: ..." and exits with status 1. */
#include <stdio.h>
#include <stdlib.h>

#include CARDS_C

static int failures;

static void fail(const char *what, int i)
{
    printf("FAIL: %s (at %d)\n", what, i);
    failures++;
}

int main(void)
{
    long per_type[NTYPES] = {0};
    long total = 0;

    for (int i = 0; i < NCARDS; i++) {
        const CardInfo *c = &cards[i];
        if (c->type < 0 || c->type >= NTYPES)
            fail("card type out of range", i);
        else
            per_type[c->type] += c->count;
        if (c->count < 1)
            fail("card count below 1", i);
        if (c->first != total)
            fail("cards[i].first is not the sum of the counts before it", i);
        for (int k = 0; k < NATTRS; k++)
            if (c->attr[k] < -1)
                fail("attribute value index below -1", i);
        for (int k = c->first; k < c->first + c->count && k < NINSTANCES; k++)
            if (instance_card[k] != i)
                fail("instance_card[] disagrees with cards[].first/count", k);
        total += c->count;
    }
    if (total != NINSTANCES)
        fail("the counts do not add up to NINSTANCES", (int)total);
    for (int k = 0; k < NINSTANCES; k++)
        if (instance_card[k] >= NCARDS)
            fail("instance_card[] names no card", k);
    if (cards_info.ninstances != NINSTANCES || cards_info.ncards != NCARDS ||
        cards_info.cards != cards || cards_info.instance_card != instance_card)
        fail("cards_info does not describe the tables", 0);

    printf("game %s\n", cards_info.game);
    printf("instances %ld\n", total);
    for (int t = 0; t < NTYPES; t++)
        printf("type %s %ld\n", type_names[t], per_type[t]);
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
