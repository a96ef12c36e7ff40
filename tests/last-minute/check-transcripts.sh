#!/bin/sh
# check-transcripts.sh: LAST MINUTE!'s binary against a second, independent
# implementation of its rules (tests/last-minute/checker.py, written from the
# rulebook and decks/last-minute/README.md's readings, not from game.rules).
#   - the checker can fail: a transcript it passes, doctored (a final score
#     changed, the winner moved, Tuition Class played with no leader 5
#     points ahead, a card drawn twice, a Sabotage on its placer's own
#     Task), is rejected naming the seed;
#   - the game built from game.rules with one rule changed (MUTATIONS below:
#     the Morning's School draw, the hand limit, Tuition Class's condition,
#     what Spilled Water takes, Pack Your School Bag's bonus, Lost Homework's
#     delay, Return Marked Papers' bonus, a Lab Report's quiz rule, the last
#     tie-break) disagrees with it within MUT_GAMES games at 3 players,
#     naming a seed;
#   - GAMES seeded --reveal-all games at each of 2 to 5 players agree with it.
#   sh tests/last-minute/check-transcripts.sh [GAME_BINARY] [GAMES] [CARDC LIBCARDRT]
# CARDC and LIBCARDRT (default build/bin/cardc and build/lib/libcardrt.a)
# build the mutants.
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/build/bin/last-minute}
GAMES=${2:-500}
CARDC=${3:-$ROOT/build/bin/cardc}
LIB=${4:-$ROOT/build/lib/libcardrt.a}
MUT_GAMES=300
CC=${CC:-cc}
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
    '0,/^\(Player 1 chooses: .*\) (Player [23]) (Sabotage which Task?)$/s//\1 (Player 1) (Sabotage which Task?)/' 1

# -- the checker catches a game whose rules are changed --------------------------

# mutant N SED-SCRIPT: the game built from game.rules edited by SED-SCRIPT
# (which must change it) disagrees with the model.
mutant() {
    d=$T/mut
    rm -rf "$d" && mkdir -p "$d" && cp "$ROOT/decks/last-minute/cards.yaml" "$d/" &&
        sed "$2" "$ROOT/decks/last-minute/game.rules" >"$d/game.rules" &&
        ! cmp -s "$d/game.rules" "$ROOT/decks/last-minute/game.rules" || { echo "    the edit changes nothing"; return 1; }
    "$CARDC" build "$d" -o "$d/game.c" 2>"$d/err" &&
        "$CC" -std=c11 -O1 -I"$ROOT/runtime" "$d/game.c" "$LIB" -o "$d/game" 2>>"$d/err" ||
        { sed 's/^/    /' "$d/err" | head -5; return 1; }
    python3 "$CHECKER" --binary "$d/game" --players 3 --seed 1 --games "$MUT_GAMES" >"$d/out" 2>&1
    rc=$?
    [ "$rc" = 1 ] && grep -q "^seed [0-9]*: line [0-9]*" "$d/out" ||
        { echo "    exit $rc:"; sed 's/^/    /' "$d/out" | head -3; return 1; }
    grep -m1 "^seed [0-9]*: line [0-9]*" "$d/out" | sed 's/^/    caught: /'
}
[ -x "$CARDC" ] && [ -f "$LIB" ] || { echo "check-transcripts-lm: no $CARDC or $LIB (make all)"; exit 1; }
check "mutant: the Morning's School draw while under 6 cards, not 5" \
    mutant 1 's/if size(hand\[p\]) < 5 {/if size(hand[p]) < 6 {/'
check "mutant: the hand limit 7" mutant 2 's/while size(hand\[p\]) > 6 {/while size(hand[p]) > 7 {/'
check "mutant: Tuition Class 4 points behind the leader" \
    mutant 3 's/leader_points() - points\[me\] >= 5/leader_points() - points[me] >= 4/'
check "mutant: Spilled Water takes 2 points" \
    mutant 4 '/^effect "Spilled Water"/,/^}/s/penalty\[t\] += 1/penalty[t] += 2/'
check "mutant: Pack Your School Bag's bonus on any Task, not the first played" \
    mutant 5 '/^effect "Pack Your School Bag"/,/^}/s/ and first_task\[this\]//'
check "mutant: Lost Homework delays nothing" \
    mutant 6 '/^effect "Lost Homework"/,/^}/s/due\[t\] += 1/due[t] += 0/'
check "mutant: Return Marked Papers gives nothing" \
    mutant 7 '/^effect "Return Marked Papers"/,/^}/s/rmp(x) = true/rmp(x) = false/'
check "mutant: a Lab Report waits at a quiz or exam Event's flip" \
    mutant 8 '/^effect "Submit Science Lab Report"/,/^}/s/on quiz_flipped() where this in tasks\[me\]/on quiz_flipped() where false/'
check "mutant: the last tie-break reversed (the earliest scoring wins)" \
    mutant 9 's/1000 \* size(done\[p\]) + last_scored\[p\]/1000 * size(done[p]) - last_scored[p]/'

# -- thousands of games --------------------------------------------------------
for n in 2 3 4 5; do
    check "$GAMES --reveal-all games at $n players agree with the model" \
        sh -c "python3 '$CHECKER' --binary '$BIN' --players $n --seed 1 --games $GAMES >'$T/g$n' 2>&1 || { sed 's/^/    /' '$T/g$n' | head -6; exit 1; }"
done
summary check-transcripts-lm
