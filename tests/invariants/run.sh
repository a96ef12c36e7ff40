#!/bin/sh
# run.sh: the invariants over random games, for every game of
# tests/invariants/games: 100,000 games at full speed (BUILD/bin/invariants-
# GAME, -O2), then 2,000 under ASan+UBSan (BUILD/bin/invariants-GAME-asan),
# each across the game's player range, two at a time.
#
#   sh tests/invariants/run.sh BUILD
# Prints "invariants: N passed, M failed" (two checks a game); exits 1 if
# any failed.
B=${1:?usage: run.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="invariants: "
. "$ROOT/tests/check.sh"

while read -r g range; do
    case $g in '' | '#'*) continue ;; esac
    echo "invariants: $g, $range players"
    check "$g, 100000 games" "$B/bin/invariants-$g" --games 100000 --players "$range" --jobs 2
    check "$g, 2000 games under ASan+UBSan" \
        "$B/bin/invariants-$g-asan" --games 2000 --players "$range" --jobs 2
done <"$ROOT/tests/invariants/games"
summary invariants
