#!/bin/sh
# holders.sh: how a game with held zones (cards under cards) shows them.
#
# tests/games/holder-lab, built with ASan+UBSan when LIBCARDRT is the ASan
# build, played between a json seat and random ones:
#   - the view lists a held zone's slots in table order, each with the
#     card it lies under: {"zone":"students","holder":"Gym","size":N,...},
#     and "copy":K after the holder when that card has several copies; the
#     other zones' entries keep their pinned form;
#   - a slot whose holder the seat may not see where it lies (in the deck,
#     in another hand) is not named: the view lists those of a zone as one
#     entry after its others, {"zone":"notes","holder":null,"size":N}
#     (with "cards" sorted by name for a zone the seat sees), and a move
#     into or out of one says "holder":null;
#   - a move into or out of a held slot names it the same way in "to" and
#     "from";
#   - every line passes tests/games/jsonl_check.py (sizes follow the moves,
#     slot by slot, held slots included);
#   - the terminal names a held slot students[Library #2];
#   - a held zone that is `owner` shows its cards to the controller of
#     their holder only (tests/games/holder_notes.py);
#   - simulate and play agree seed by seed (same-games.sh).
#
#   sh tests/games/holders.sh CARDC LIBCARDRT
# Prints "holders: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: holders.sh CARDC LIBCARDRT}
lib=${2:?usage: holders.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/holders.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="holders: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
case $lib in *asan*) ;; *) san= ;; esac
# shellcheck disable=SC2086 # san is a list of flags, or none
if ! "$cardc" build "$ROOT/tests/games/holder-lab" -o "$T/lab.c" 2>"$T/err" ||
    ! "$CC" -std=c11 -Wall -Wextra -Werror -O1 -g $san -I"$ROOT/runtime" "$T/lab.c" "$lib" \
        -o "$T/lab" 2>>"$T/err"; then
    echo "FAIL holders: holder-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "holders: 0 passed, 1 failed"
    exit 1
fi

# A game of seed 7, three seats, the json seat always taking the last
# option (Pass but when there is more to do) or the first.
yes '{"choose":0}' | head -n 400 >"$T/in"
"$T/lab" play --protocol json --seats json,random,random --seed 7 <"$T/in" >"$T/out" 2>"$T/stderr"

first_view() { grep -m 1 '"type":"decision"' "$T/out" | sed 's/.*"view":{"zones":\[//'; }
# the slots of the view in order: zone[holder #copy], or zone[player]
slots() {
    first_view | tr '{' '\n' | sed -n 's/^"zone":"\([a-z]*\)"\(,"player":\([0-9]\)\)\{0,1\}\(,"holder":"\([^"]*\)"\)\{0,1\}\(,"copy":\([0-9]*\)\)\{0,1\}.*/\1[\3\5 \7]/p' |
        sed 's/ \]/]/; s/\[\]//' | tr '\n' ' '
}
# seat 0 holds Nerd #6 and Jock #2; every Location and the other Students
# lie in the deck or in another hand, where seat 0 cannot see them
want='deck discard hand[0] hand[1] hand[2] field ruins students badges[Nerd 6] badges[Jock 2] badges marks notes[Nerd 6] notes[Jock 2] notes '
check "the view lists every slot, held ones by their holder and copy, those of holders not seen as one" \
    sh -c '[ "$1" = "$2" ] || { echo "    got:  $1"; echo "    want: $2"; exit 1; }' sh "$(slots)" "$want"
check "a held slot of a card with one copy has no copy field" \
    grep -q '{"zone":"students","holder":"Gym","size":[0-9]*,"cards":\[' "$T/out"
check "a held slot of a copy says which" \
    grep -q '{"zone":"students","holder":"Library","copy":2,"size":' "$T/out"
check "other zones keep their pinned form" \
    grep -q '{"zone":"hand","player":1,"size":[0-9]*}' "$T/out"
check "the slots of holders not seen are one entry, its holder null" \
    grep -q '{"zone":"notes","holder":null,"size":[0-9]*}' "$T/out"
# seed 1: the other seats write notes under Students of their own hands
"$T/lab" play --protocol json --seats json,random,random --seed 1 <"$T/in" >"$T/out1" 2>>"$T/stderr"
check "a move into a slot of a holder not seen does not name it" \
    grep -q '^{"type":"move","card":null,"from":{"zone":"hand","player":[12]},"to":{"zone":"notes","holder":null}}$' "$T/out1"
check "a stream with such moves passes jsonl_check.py" python3 "$ROOT/tests/games/jsonl_check.py" "$T/out1" --ended
check "a move into a held slot names it" \
    grep -q '"to":{"zone":"students","holder":"[A-Za-z ]*"\(,"copy":[12]\)\{0,1\}}}$' "$T/out"
check "a move out of a held slot names it" \
    grep -q '"from":{"zone":"students","holder":"[A-Za-z ]*"\(,"copy":[12]\)\{0,1\}},"to":{"zone":"discard"}}$' "$T/out"
check "the stream passes jsonl_check.py" python3 "$ROOT/tests/games/jsonl_check.py" "$T/out" --ended
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"

# The terminal, every name revealed.
"$T/lab" play --seats random,random,random --seed 7 --reveal-all >"$T/term" 2>&1
check "the terminal names a move to a held slot" grep -q '^  [A-Za-z]*: hand of Player [123] -> students\[[A-Za-z ]*\( #[12]\)\{0,1\}\]$' "$T/term"
check "the terminal names a choice under a holder, its question beside it" \
    grep -q 'chooses: [A-Za-z]* #[0-9] (under [A-Za-z ]*\( #[12]\)\{0,1\}) ([A-Z][A-Za-z ]*?)$' "$T/term"

# A held zone that is `owner` (notes under Students): seat 0 sees a note
# while the Student is in its hand, not once the Student is at a Location.
check "an owner held zone shows its cards to the holder's controller only" \
    python3 "$ROOT/tests/games/holder_notes.py" "$T/lab"

check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary holders
