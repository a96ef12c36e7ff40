#!/bin/sh
# same-games-all.sh: tests/games/same-games.sh on every game of decks/ and
# every test game listed in tests/games/same-labs, their binaries in
# BUILD/bin (make test-bins builds them).
#
#   sh tests/games/same-games-all.sh BUILD
# Prints "same-games-all: N passed, M failed" (one check a game); exits 1
# if any failed.
B=${1:?usage: same-games-all.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="same-games-all: "
. "$ROOT/tests/check.sh"

games=$(for r in "$ROOT"/decks/*/*.rules; do basename "$(dirname "$r")"; done | sort -u)
labs=$(grep -v '^#' "$ROOT/tests/games/same-labs")
for g in $games $labs; do
    check "$g" sh "$ROOT/tests/games/same-games.sh" "$B/bin/$g"
done
summary same-games-all
