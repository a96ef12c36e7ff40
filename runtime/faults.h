/* faults.h: the kinds of fault the rule code of a game can raise, in one
 * list that the compiler, the runtime and the generated C all expand.
 *
 * Plain C with no other header, so that the compiler can include it too.
 *
 * RT_FAULT_KINDS(X) calls X(NAME, DETAIL, TEXT) once per kind, in the order
 * that numbers them (a game's core.fault and its RtGame.faults table):
 *   NAME    the kind, as an identifier: RT_F_NAME below, and its name in
 *           the JSON end line in lower case ("empty_top");
 *   DETAIL  what the value raised with the fault (core.fault_arg) means:
 *           NONE   nothing (the value is ignored);
 *           SLOT   a zone slot: the message names its zone, and its owner
 *                  when the zone is per player;
 *           PLAYER a player value as the rules count seats (0 is the
 *                  first), -1 for none;
 *           INDEX  a list index (counted from 0, as the rules do);
 *           CARD   a card instance, -1 for none;
 *           NUMBER a number (a size, a count of options);
 *           RANGE  the first number of an empty range lo..hi; the last is
 *                  in core.dec.word[0] (the decision the range was for is
 *                  never offered, so its words are free);
 *           INVARIANT the number of a designer's invariant of the rules
 *                  (`invariant "TEXT": COND`), whose TEXT RtGame.invariants
 *                  holds;
 *   TEXT    the message, as LANGUAGE.md §9 lists it.
 * Append new kinds at the end: the order is part of every generated game.
 * (PICK_SIZE is no longer raised: a set too large to list whole is chosen
 * one card at a time. It keeps its place, so that the kinds after it keep
 * their numbers.) */
#ifndef CARDRT_FAULTS_H
#define CARDRT_FAULTS_H

#define RT_FAULT_KINDS(X)                                                       \
    X(EMPTY_TOP, SLOT, "top or bottom of an empty zone")                        \
    X(NONE_MOVED, NONE, "a move of no card (none)")                             \
    X(NO_OPTION, NONE, "a decision with no option")                             \
    X(BAD_PLAYER, PLAYER, "no such player")                                     \
    X(BAD_INDEX, INDEX, "a list index out of range")                            \
    X(DIV_ZERO, NONE, "division by zero")                                       \
    X(DEPTH, NONE, "procedure or func calls nested too deep")                   \
    X(LOOP, NONE, "a rule loop ran too long without a decision")                \
    X(TOO_MANY, NONE, "a choice with more options than a decision holds")       \
    X(OVERFLOW, NONE, "a number outside the range of 32 bits")                  \
    X(UNPLAYABLE, NONE, "a card played whose effect's condition does not hold") \
    X(NONE_PLAYED, NONE, "a play of no card (none)")                            \
    X(LASTING_FULL, NONE, "too many lasting or delayed effects at once") \
    X(NOT_HOLDER, CARD, "a held zone's slot under a card not of its holder type") \
    X(NO_CARD, NONE, "a per-card variable of no card (none)") \
    X(TRIGGER_LOOP, NONE, "a trigger fired too often without a decision")      \
    X(TRIGGER_QUEUE, NONE, "more triggers waiting than the queue holds")        \
    X(EVENT_KIND, NONE, "an event given a card of a type it does not take")     \
    X(PICK_SIZE, NUMBER, "a set of more cards than a choice of cards takes (limit max_pick = 8)") \
    X(HOLDER_CYCLE, CARD, "a card put under itself, or under a card it holds") \
    X(EMPTY_RANGE, RANGE, "a choice of a number from an empty range")           \
    X(OUT_PLAYER, PLAYER, "a player out of the game asked to decide or given a turn") \
    X(TOO_MANY_VALUES, NUMBER, "a choice of more values than a decision holds")  \
    X(INVARIANT, INVARIANT, "an invariant does not hold")

/* What the value of a fault means (the DETAIL column). */
typedef enum RtFaultDetail {
    RT_FD_NONE,
    RT_FD_SLOT,
    RT_FD_PLAYER,
    RT_FD_INDEX,
    RT_FD_CARD,
    RT_FD_NUMBER,
    RT_FD_RANGE,
    RT_FD_INVARIANT,
} RtFaultDetail;

/* The kinds: RT_F_EMPTY_TOP = 0, ..., and how many there are. */
#define RT_FAULT_KIND_ENUM(name, detail, text) RT_F_##name,
typedef enum RtFaultKind {
    RT_FAULT_KINDS(RT_FAULT_KIND_ENUM)
    RT_FAULT_NKINDS
} RtFaultKind;
#undef RT_FAULT_KIND_ENUM

#endif
