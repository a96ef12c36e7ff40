#!/bin/sh
# players.sh: seats proven in range, and seats that may not be.
#
# The code generator leaves out the range check of a player where it can
# prove the seat in range (analyse.c, find_bad_players): a loop over the
# players, seat() and next(), a choice of a player with no other option,
# and a local or parameter that only ever receives those. Everything else
# (none from "else", a parameter or local that may receive it) keeps the
# check and must fault "no such player" where it is used. The game
# tests/games/player-lab has one case for each; its first decision picks
# the case, and "Whom?" is answered with "Nobody" (a fault) or a seat
# (none). Built with ASan+UBSan: an unchecked seat out of range would also
# be a sanitizer report.
#
#   sh tests/games/players.sh CARDC LIBCARDRT
# Prints "players: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: players.sh CARDC LIBCARDRT}
lib=${2:?usage: players.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/players.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="players: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
if ! "$cardc" build "$ROOT/tests/games/player-lab" -o "$T/game.c" 2>"$T/err" ||
    ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/game.c" "$lib" \
        -o "$T/game" 2>>"$T/err"; then
    echo "FAIL players: the player lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "players: 0 passed, 1 failed"
    exit 1
fi

# end CASE WHOM: the end line of a game of two that takes case CASE, then
# answers "Whom?" (and anything after) with WHOM
end() {
    { printf '{"choose":%s}\n' "$1"; yes "{\"choose\":$2}" | head -n 3; } >"$T/in"
    "$T/game" play --protocol json --players 2 --seed 1 <"$T/in" 2>"$T/stderr" | tail -n 1
}
clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$T/stderr"; }
ends_well() { end "$1" "$2" | grep -q '"result":"win"' && clean; }
faults() { end "$1" "$2" | grep -q '"result":"fault","reason":"no such player"' && clean; }

check "a loop over the players" ends_well 0 0
check "a parameter that receives seat() and next()" ends_well 1 0
i=2
for what in "a local" "a parameter" "a local assigned it later" "a player variable's index" \
    "next()" "a func's parameter" "the player who decides"; do
    check "$what: none faults" faults $i 2
    check "$what: a seat does not" ends_well $i 1
    i=$((i + 1))
done

# The proof is used: the parameter that only receives seats indexes its
# zone without a check, the one that may receive none with one.
# (The number after s is the statement's fault site, whose line fault_sites[] gives.)
# (A move into a zone the rules name is mv_into, its last argument
# whether the zone is ordered.)
check "give: no check" \
    grep -q 'mv_into(s, [0-9]*, z_top(s, [0-9]*, Z_deck), (Z_hand + V\[0\]), -1, [01]);' "$T/game.c"
check "give_maybe: checked" \
    grep -q 'mv_into(s, [0-9]*, z_top(s, [0-9]*, Z_deck), zslot(s, [0-9]*, Z_hand, V\[0\]), -1, [01]);' \
    "$T/game.c"

summary players
