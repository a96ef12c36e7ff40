#!/bin/sh
# secrecy-all.sh: the differential secrecy test (tests/games/secrecy.c,
# "the differential test") over every game: decks/* with rules and every
# test game tests/games/*-lab that cardc builds. Each is built with the
# driver (-DCARDC_NO_MAIN -DRT_SECRECY_HOOK) and plays, for seeds 1 and 2,
# each player count up to 4 and each stream S (one seat, or two seats next
# to each other on one stream), the same game twice, the second with the
# cards no seat of S may see permuted; S's JSON stream must be the same up
# to the first thing the rules show S. And the test can fail:
# tests/games/leak-lab leaks (a menu's guard reads the next hand through a
# variable) and must be caught.
#
#   sh tests/games/secrecy-all.sh CARDC LIBCARDRT
# Prints one line a game and "secrecy-all: N passed, M failed"; exits 1 if
# any failed.
cardc=${1:?usage: secrecy-all.sh CARDC LIBCARDRT}
lib=${2:?usage: secrecy-all.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
SEEDS=${SECRECY_SEEDS:-2}
T=$(mktemp -d "${TMPDIR:-/tmp}/secrecy-all.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="secrecy-all: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
# -O0: the games are short, their C is long; the build is most of the cost
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O0"

# build NAME DIR: T/NAME, the game's C with the driver (T/NAME.err says
# why not)
build() {
    # shellcheck disable=SC2086 # san and cflags are lists of flags
    "$CC" $cflags $san -I"$ROOT/runtime" -DCARDC_NO_MAIN -DRT_SECRECY_HOOK \
        "$ROOT/tests/games/secrecy.c" "$T/$1.c" "$lib" -o "$T/$1" 2>"$T/$1.err"
}

# the streams of GAME agree (or, for leak-lab, differ somewhere)
agree() {
    "$T/$1" diff "$SEEDS" >"$T/$1.out" 2>&1
    rc=$?
    grep '^FAIL' "$T/$1.out" | head -3 | sed 's/^/    /'
    grep -A4 '^FAIL' "$T/$1.out" | sed -n '2,5p' | cut -c1-300 | sed 's/^/    /'
    [ $rc = 0 ] && grep -q '^secrecy: [1-9][0-9]* passed, 0 failed$' "$T/$1.out"
}
caught() {
    "$T/$1" diff "$SEEDS" >"$T/$1.out" 2>&1
    [ $? = 1 ] && grep -q '^FAIL Leak Lab: ' "$T/$1.out"
}

for dir in "$ROOT"/decks/*/ "$ROOT"/tests/games/*-lab/; do
    ls "$dir"*.rules >/dev/null 2>&1 || continue
    name=$(basename "$dir")
    if ! "$cardc" build "$dir" -o "$T/$name.c" 2>/dev/null; then
        echo "skip $name: cardc refuses it"
        continue
    fi
    if ! build "$name"; then
        echo "FAIL secrecy-all: $name does not build with the driver"
        sed 's/^/    /;20q' "$T/$name.err"
        fail=$((fail + 1))
        continue
    fi
    if [ "$name" = leak-lab ]; then
        check "leak-lab's leak is caught" caught "$name"
    else
        check "$name: no seat's stream tells what it may not see" agree "$name"
    fi
    tail -1 "$T/$name.out" | sed "s/^secrecy:/$name:/"
done
summary secrecy-all
