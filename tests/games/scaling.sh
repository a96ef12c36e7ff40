#!/bin/sh
# scaling.sh: what a game binary does grows with the cards it moves, not
# with their square. Each case is a small game written here, built at N
# and at 2 N copies of one card, and played once (`simulate --games 1`)
# under callgrind; the ratio of the instructions counted must be at most
# RATIO (2.6: linear cost gives about 2, a square about 4). Instruction
# counts do not depend on the machine's load, as times would.
#
#   sh tests/games/scaling.sh CARDC LIBCARDRT     (plain builds: valgrind
#                                                 cannot run ASan ones)
# Prints one line per case and "game-scaling: N passed, M failed"; exits 1
# if any failed.
cardc=${1:?usage: scaling.sh CARDC LIBCARDRT}
lib=${2:?usage: scaling.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
RATIO=2.6
command -v valgrind >/dev/null || {
    echo "game-scaling: valgrind is not installed (make deps installs it)"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/game-scaling.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# game DIR N ZONE_DECL BODY: a game of N copies of one card, in zone a
# (declared first: every card starts there), then b, both as ZONE_DECL
# says; proc main runs BODY, then ends.
game() {
    mkdir -p "$1"
    printf 'game: Heap\ntypes:\n  chip: {}\ncards:\n  - {name: Chip, type: chip, count: %s}\n' \
        "$2" >"$1/cards.yaml"
    printf 'game "Heap"\nplayers 2..2\nzone a: %s\nzone b: %s\nproc main() {\n%s\n    end\n}\n' \
        "$3" "$3" "$4" >"$1/game.rules"
}

# measure N ZONE_DECL BODY: the instructions of one game at N copies;
# empty if it did not build or did not end.
measure() {
    d=$T/g$1
    rm -rf "$d"
    game "$d" "$@"
    # shellcheck disable=SC2086
    "$cardc" build "$d" -o "$d/g.c" 2>"$d/err" &&
        $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -I"$ROOT/runtime" "$d/g.c" "$lib" \
            -o "$d/g" 2>>"$d/err" || { sed 's/^/    /' "$d/err" | head -5 >&2; return; }
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$d/log" \
        "$d/g" simulate --games 1 --seed 1 >"$d/out" 2>&1 || return
    grep -q 'faults 0' "$d/out" || return
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$d/log"
}

# compare WHAT N ZONE_DECL BODY: the game at N and 2 N copies.
compare() {
    what=$1 n=$2
    shift 2
    v1=$(measure "$n" "$@")
    v2=$(measure $((2 * n)) "$@")
    if [ -z "$v1" ] || [ -z "$v2" ]; then
        echo "FAIL $what: the game did not build, or did not end without a fault"
        fail=$((fail + 1))
        return
    fi
    r=$(echo "$v1 $v2" | awk '{ printf "%.2f", $2 / $1 }')
    line="$what at $n and $((2 * n)) copies: $v1 -> $v2 instructions, x$r"
    if echo "$r $RATIO" | awk '{ exit !($1 <= $2) }'; then
        echo "ok   $line"
        pass=$((pass + 1))
    else
        echo "FAIL $line (more than x$RATIO)"
        fail=$((fail + 1))
    fi
}

# `move all` takes the cards bottom to top; out of an unordered zone each
# leaves the list of the cards of its kind, where it was the last: a walk
# to it made one `move all` of 4,000 copies take 42 ms (0.04 ms ordered).
back_and_forth='    repeat 20 {
        move all a to b
        move all b to a
    }'
compare "move all, between unordered zones" 1000 "shared, public" "$back_and_forth"
compare "move all, between ordered zones (no lists)" 1000 "shared, ordered, public" "$back_and_forth"
# one card at a time, bottom first
one_by_one='    repeat 5 {
        while size(a) > 0 {
            move bottom(a) to b
        }
        move all b to a
    }'
compare "move bottom, one card at a time, out of an unordered zone" 1000 "shared, public" \
    "$one_by_one"

echo "game-scaling: $pass passed, $fail failed"
[ "$fail" = 0 ]
