#!/bin/sh
# run.sh: the invariants over random games, for the games of
# tests/invariants/games: N games at full speed (BUILD/bin/invariants-GAME,
# -O2; N is the line's third word, 100,000 when there is none), then 2,000
# under ASan+UBSan (BUILD/bin/invariants-GAME-asan), each across the game's
# player range, two at a time.
#
#   sh tests/invariants/run.sh BUILD [GAME...|--except GAME...]
#
# With no GAME, every game of the list; with GAMEs, those alone; with
# --except, every game but those (so that the suite can run the longest
# beside the others).
# Prints "invariants: N passed, M failed" (two checks a game); exits 1 if
# any failed.
B=${1:?usage: run.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="invariants: "
. "$ROOT/tests/check.sh"

shift
except=
if [ "${1:-}" = --except ]; then
    except=yes
    shift
fi
names="$*"

# chosen GAME: whether this run plays GAME (every game when none is named;
# else the games named, or with --except every game but those).
chosen() {
    [ -z "$names" ] && return 0
    named=no
    for x in $names; do [ "$x" = "$1" ] && named=yes; done
    if [ -n "$except" ]; then [ $named = no ]; else [ $named = yes ]; fi
}

while read -r g range games; do
    case $g in '' | '#'*) continue ;; esac
    chosen "$g" || continue
    games=${games:-100000}
    echo "invariants: $g, $range players"
    check "$g, $games games" "$B/bin/invariants-$g" --games "$games" --players "$range" --jobs 2
    check "$g, 2000 games under ASan+UBSan" \
        "$B/bin/invariants-$g-asan" --games 2000 --players "$range" --jobs 2
done <"$ROOT/tests/invariants/games"
summary invariants
