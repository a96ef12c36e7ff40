#!/bin/sh
# same-games.sh: simulate plays the games that play's random seats play.
#
# `GAME simulate` runs the direct-call copy of the rules with the random
# policy inline (and, for that policy, does not write out the options of
# some decisions); `GAME play --seats random,...` runs the resumable copy
# through rt_new and rt_apply with every option written. Given the same
# seed they must play the same game: for each player count and seeds 1..N,
# the scores and the number of decisions of `simulate --games 1 --seed S`
# must equal those of `play --seed S` (docs/INTERFACES.md §4: the same seed
# gives the same games).
#
#   sh tests/games/same-games.sh GAME_BINARY [SEEDS]     (SEEDS: 25)
# Prints "same-games: N passed, M failed"; exits 1 if any failed.
BIN=${1:?usage: same-games.sh GAME_BINARY [SEEDS]}
SEEDS=${2:-25}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="same-games: $(basename "$BIN"): "
. "$ROOT/tests/check.sh"

# The player counts the game allows, from its --help ("number of players,
# A to B").
range=$("$BIN" --help 2>&1 | sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\1 \2/p' | head -n 1)
lo=${range% *}
hi=${range#* }
[ -n "$lo" ] && [ -n "$hi" ] || { lo=2; hi=2; }

# play_result N S: "[scores] decisions" of a game played by random seats
play_result() {
    seats=random
    i=1
    while [ $i -lt "$1" ]; do seats=$seats,random; i=$((i + 1)); done
    "$BIN" play --players "$1" --seats $seats --seed "$2" --protocol json </dev/null 2>/dev/null |
        tail -n 1 | sed -n 's/.*"scores":\(\[[^]]*\]\).*"decisions":\([0-9]*\).*/\1 \2/p'
}
# sim_result N S: the same of `simulate --games 1`
sim_result() {
    "$BIN" simulate --games 1 --players "$1" --seed "$2" --json 2>/dev/null |
        sed -n 's/.*"decisions":\([0-9]*\),.*"avg_scores":\(\[[^]]*\]\).*/\2 \1/p'
}
same() { [ -n "$1" ] && [ "$1" = "$2" ]; }

n=$lo
while [ "$n" -le "$hi" ]; do
    s=1
    while [ $s -le "$SEEDS" ]; do
        p=$(play_result $n $s)
        q=$(sim_result $n $s)
        check "$n players, seed $s: play $p, simulate $q" same "$p" "$q"
        s=$((s + 1))
    done
    n=$((n + 1))
done
summary same-games
