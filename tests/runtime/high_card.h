/* high_card.h: "high card", a small game written by hand against rt.h the
 * way cardc's generated code is: a flat state that starts with RtCore,
 * zsize/zcard arrays, init and resume with a switch on a resume point.
 *
 * 2 to 4 players, 20 cards (Red 1..10, Blue 1..10), dealt one each.
 * Zones: deck (hidden), table (public), hand (each player, owner only),
 * pile (each player, hidden even from its owner; size public).
 * A turn: "Draw a card or pass?" A draw takes the top of the deck into the
 * hand; then a player holding two or more cards banks one of them into the
 * pile ("Bank which card?"). A pass lays the bottom card of the hand on
 * the table. The game ends when the deck is empty or every player passed
 * in a row; a score is the sum of the values in the pile. The highest
 * scores win (ties shared); if every score is the same, it is a draw.
 *
 * "High card, strict" (hc_strict_game) is the same game but for one rule:
 * a pass with an empty hand is a fault (the bottom of an empty zone), as
 * it would be in a rules file that says "move bottom(hand[p]) to table".
 * Its faults name their place, as generated games do: the statements are
 * the lines of "high-card.rules", the rules file this game stands for. */
#ifndef HIGH_CARD_H
#define HIGH_CARD_H

#include "rt.h"

enum {
    HC_MAX_PLAYERS = 4,
    HC_CARDS = 20,
    HC_DECK = 0,                /* slots */
    HC_TABLE = 1,
    HC_HAND = 2,                /* + player */
    HC_PILE = 2 + HC_MAX_PLAYERS,
    HC_NSLOTS = 2 + 2 * HC_MAX_PLAYERS,
};

enum { HC_LABEL_DRAW, HC_LABEL_PASS };
enum { HC_PROMPT_DRAW, HC_PROMPT_BANK };

/* The statements that may fault (core.fault_site, counted from 1); and
 * the game's own fault past RT_FAULT_KINDS, a resume point out of range,
 * which names no place. */
enum { HC_SITE_DRAW = 1, HC_SITE_PASS, HC_NSITES = HC_SITE_PASS };
enum { HC_FAULT_RESUME = RT_FAULT_NKINDS };

typedef struct HcState {
    RtCore core;
    uint16_t zsize[HC_NSLOTS];
    uint16_t zcard[HC_NSLOTS][HC_CARDS];
    uint16_t slot_of[HC_CARDS];     /* where each card is */
    int32_t pc;         /* resume point */
    int32_t p;          /* player to move */
    int32_t passes;     /* passes in a row */
    int32_t strict;     /* a pass with an empty hand faults */
} HcState;

extern const RtGame hc_game, hc_strict_game;

#endif
