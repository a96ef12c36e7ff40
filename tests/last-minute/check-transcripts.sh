#!/bin/sh
# check-transcripts.sh: LAST MINUTE!'s binary against a second, independent
# implementation of its rules (tests/last-minute/checker.py, written from the
# rulebook and decks/last-minute/README.md's readings, not from game.rules).
#   - the checker can fail: a transcript it passes, doctored (a final score
#     changed, the winner moved, a Task scored in the round it was played
#     though it must wait, a card drawn twice), is rejected naming the seed;
#   - GAMES seeded --reveal-all games at each of 2 to 5 players agree with it.
#   sh tests/last-minute/check-transcripts.sh [GAME_BINARY] [GAMES]
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/build/bin/last-minute}
GAMES=${2:-500}
CHECKER="$ROOT/tests/last-minute/checker.py"
T=$(mktemp -d "${TMPDIR:-/tmp}/lm-check.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="check-transcripts-lm: "
. "$ROOT/tests/check.sh"

command -v python3 >/dev/null 2>&1 || { echo "check-transcripts-lm: skipped (needs python3)"; exit 0; }
[ -x "$BIN" ] || { echo "check-transcripts-lm: no game binary $BIN (make all)"; exit 1; }

chk() { python3 "$CHECKER" --binary "$BIN" "$@"; }
passes() { chk --transcript "$1" >"$T/out" 2>&1 || { sed 's/^/    /' "$T/out" | head -5; return 1; }; }
rejects() {
    chk --transcript "$1" >"$T/out" 2>&1
    rc=$?
    [ "$rc" = 1 ] && grep -q "seed $2: line [0-9]*" "$T/out" ||
        { echo "    exit $rc:"; sed 's/^/    /' "$T/out" | head -5; return 1; }
}
doctor() { sed "$3" "$1" >"$2" && ! cmp -s "$1" "$2"; }
nbad=0
doctored() {
    nbad=$((nbad + 1))
    check "doctored: $1" doctor "$2" "$T/bad.$nbad" "$3"
    check "  ... is rejected" rejects "$T/bad.$nbad" "$4"
}

# -- the checker can fail ------------------------------------------------------
chk --players 3 --seed 1 --record "$T/t1.txt" >"$T/out" 2>&1
check "seed 1's transcript (3 players) passes" passes "$T/t1.txt"
doctored "a final score one higher" "$T/t1.txt" 's/^  Player 1: \([0-9]*\)$/  Player 1: 1\1/' 1
doctored "the winner moved" "$T/t1.txt" 's/^\(  Player 3: [0-9]*\)  (winner)$/\1/; s/^\(  Player 1: [0-9]*\)$/\1  (winner)/' 1
doctored "Tuition Class played with no leader 5 points ahead" "$T/t1.txt" \
    '0,/^Player 1 chooses: Pass (Play a card?)$/s//Player 1 chooses: Tuition Class (Play a card?)/' 1
doctored "a School card drawn twice" "$T/t1.txt" '0,/: school_deck -> hand of Player 1$/{/: school_deck -> hand of Player 1$/p}' 1
doctored "a Sabotage on the placer's own Task" "$T/t1.txt" \
    '0,/^Player 1 chooses: Player 2 (Sabotage whose Task?)$/s//Player 1 chooses: Player 1 (Sabotage whose Task?)/' 1

# -- thousands of games --------------------------------------------------------
for n in 2 3 4 5; do
    check "$GAMES --reveal-all games at $n players agree with the model" \
        sh -c "python3 '$CHECKER' --binary '$BIN' --players $n --seed 1 --games $GAMES >'$T/g$n' 2>&1 || { sed 's/^/    /' '$T/g$n' | head -6; exit 1; }"
done
summary check-transcripts-lm
