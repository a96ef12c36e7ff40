#!/bin/sh
# filter-funcs.sh: moving a filter into a func plays the same games.
#
# tests/games/filter-lab writes the filters of its choices in place
# (`where c.type == gem`, `where c.rank >= level`, `not (...)`, `and`);
# tests/games/filter-func-lab is the same game, the same card file, with
# each filter moved into a func of one expression (`where isgem(c)`), some
# calling another. A refactoring that means the same must play the same:
# a choice lists its options in the same order, so a seed gives the same
# game. For 2, 3 and 4 players and seeds 1..60, the transcripts of play
# between random seats (--reveal-all: every card named) must be equal, and
# so must simulate's figures over 500 games. Built with ASan+UBSan when
# LIBCARDRT is the ASan build.
#
#   sh tests/games/filter-funcs.sh CARDC LIBCARDRT
# Prints "filter-funcs: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: filter-funcs.sh CARDC LIBCARDRT}
lib=${2:?usage: filter-funcs.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/filter-funcs.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="filter-funcs: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac

for lab in filter-lab filter-func-lab; do
    # shellcheck disable=SC2086 # san is a list of flags, or none
    if ! "$cardc" build "$ROOT/tests/games/$lab" -o "$T/$lab.c" 2>"$T/err" ||
        ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/$lab.c" "$lib" \
            -o "$T/$lab" 2>>"$T/err"; then
        echo "FAIL filter-funcs: $lab does not build"
        sed 's/^/    /' "$T/err" | head -20
        echo "filter-funcs: 0 passed, 1 failed"
        exit 1
    fi
done

check "the two labs share their card file" \
    cmp -s "$ROOT/tests/games/filter-lab/cards.yaml" "$ROOT/tests/games/filter-func-lab/cards.yaml"

# transcripts N: the games of seeds 1..60 between N random seats, played by
# both labs, are the same; the first that differs is shown
transcripts() {
    seats=random
    i=1
    while [ $i -lt "$1" ]; do seats=$seats,random; i=$((i + 1)); done
    s=1
    while [ $s -le 60 ]; do
        for lab in filter-lab filter-func-lab; do
            "$T/$lab" play --players "$1" --seats $seats --seed $s --reveal-all \
                >"$T/$lab.out" 2>"$T/$lab.err" || return 1
            ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$T/$lab.err" || return 1
        done
        if ! cmp -s "$T/filter-lab.out" "$T/filter-func-lab.out"; then
            echo "    $1 players, seed $s: the games differ"
            diff "$T/filter-lab.out" "$T/filter-func-lab.out" | head -6 | sed 's/^/    /'
            return 1
        fi
        s=$((s + 1))
    done
}

# figures N: simulate gives the same wins, scores and decisions
figures() {
    for lab in filter-lab filter-func-lab; do
        "$T/$lab" simulate --games 500 --players "$1" --seed 7 2>&1 |
            grep -v '^  time' >"$T/$lab.sim" || return 1
    done
    cmp -s "$T/filter-lab.sim" "$T/filter-func-lab.sim"
}

for n in 2 3 4; do
    check "$n players: play gives the same games, seed by seed" transcripts $n
    check "$n players: simulate gives the same figures" figures $n
done

summary filter-funcs
