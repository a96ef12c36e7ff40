#!/bin/sh
# robust-all.sh: tests/games/robust.sh on the ASan+UBSan binary of every
# game of decks/ (BUILD/bin/GAME-asan; make test-bins builds them).
#
#   sh tests/games/robust-all.sh BUILD
# Prints "robust-all: N passed, M failed" (one check a game); exits 1 if
# any failed.
B=${1:?usage: robust-all.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="robust-all: "
. "$ROOT/tests/check.sh"

for g in $(for r in "$ROOT"/decks/*/*.rules; do basename "$(dirname "$r")"; done | sort -u); do
    check "$g" sh "$ROOT/tests/games/robust.sh" "$B/bin/$g-asan"
done
summary robust-all
