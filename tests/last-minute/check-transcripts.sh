#!/bin/sh
# check-transcripts.sh: LAST MINUTE!'s binary against a second, independent
# implementation of its rules (tests/last-minute/checker.py, written from the
# rulebook and decks/last-minute/README.md's readings, not from game.rules).
#   - the checker can fail: a transcript it passes, doctored (a final score
#     changed, the winner moved, Tuition Class played with no leader 5
#     points ahead, a card drawn twice, a Sabotage on its placer's own
#     Task), is rejected naming the seed; so is a --live transcript (human
#     seats answered by the checker, every option list written) with an
#     option added, one left out, or a decision of two options shown as one;
#   - the game built from game.rules with one rule changed (mutant below:
#     the Morning's School draw, the hand limit, Tuition Class's condition,
#     what Spilled Water takes, Pack Your School Bag's bonus, Lost Homework's
#     delay, Return Marked Papers' bonus, a Lab Report's quiz rule, the last
#     tie-break) disagrees with it within MUT_GAMES games at 3 players,
#     naming a seed; so does one whose options only are changed (option_mutant
#     below: Tuition Class offered 4 points behind, a Sabotage offered with
#     no opponent's Task to aim at, a third card offered, a Task let sit at
#     round 5, Head Start on a Task it cannot speed, Hall Pass offered to
#     another player than the Task's owner, the Play phase ended after one
#     card), caught by the option check of --live games;
#   - GAMES seeded --reveal-all games at each of 2 to 5 players agree with
#     it, half played by the game's random seats, half --live.
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

# -- the option check can fail --------------------------------------------------
# A --live transcript lists, before each decision of two options or more,
# the table, the question and the options numbered from 1, then the answer
# ("> K"); a decision of one option is only its "chooses" line.

# opts_doctor AWK IN OUT: IN edited by the awk program AWK (which must change it)
opts_doctor() { awk "$1" "$2" >"$3" && ! cmp -s "$2" "$3"; }
# rejected_for FILE SEED PATTERN: FILE rejected naming SEED, for PATTERN
rejected_for() { rejects "$1" "$2" && grep -q "$3" "$T/out" || { sed 's/^/    /' "$T/out" | head -3; return 1; }; }
chk --live --players 3 --seed 1 --record "$T/l1.txt" >"$T/out" 2>&1
check "seed 1's --live transcript (3 players) passes" passes "$T/l1.txt"
check "doctored: Hall Pass added to the first Play phase's options" opts_doctor '
    /^Player [0-9]+: Play a card\?$/ && !done { menu = 1; n = 0 }
    menu && /^  [0-9]+\) / { n++ }
    menu && /^> / { print "  " n + 1 ") Hall Pass"; menu = 0; done = 1 }
    { print }' "$T/l1.txt" "$T/opt.1"
check "  ... is rejected as not legal" rejected_for "$T/opt.1" 1 "offered but not legal \['Hall Pass'\]"
check "doctored: the last option of a list of 3 or more, not the one chosen, left out" opts_doctor '
    /^  [0-9]+\) / { opt[++n] = $0; next }
    /^> / && !done && n >= 3 && substr($0, 3) + 0 < n { n--; done = 1 }
    { for (i = 1; i <= n; i++) print opt[i]; n = 0; print }' "$T/l1.txt" "$T/opt.2"
check "  ... is rejected as not offered" rejected_for "$T/opt.2" 1 "legal but not offered"
check "doctored: a decision of two options shown as one, taken unasked" opts_doctor '
    /^--- what Player / && !done { menu = 1; held = $0; n = 0; window = 0; next }
    menu {
        held = held "\n" $0
        if ($0 ~ /^  [0-9]+\) /) n++
        if ($0 ~ /^  \(before /) window = 1
        if ($0 ~ /^> /) { menu = 0; if (n == 2 && !window) done = 1; else print held }
        next
    }
    { print }' "$T/l1.txt" "$T/opt.3"
check "  ... is rejected" rejected_for "$T/opt.3" 1 "unasked"

# -- the checker catches a game whose rules are changed --------------------------

# build_mutant SED-SCRIPT: $T/mut/game, built from game.rules edited by
# SED-SCRIPT (which must change it); -O0: the mutants play few games.
build_mutant() {
    d=$T/mut
    rm -rf "$d" && mkdir -p "$d" && cp "$ROOT/decks/last-minute/cards.yaml" "$d/" &&
        sed "$1" "$ROOT/decks/last-minute/game.rules" >"$d/game.rules" &&
        ! cmp -s "$d/game.rules" "$ROOT/decks/last-minute/game.rules" || { echo "    the edit changes nothing"; return 1; }
    "$CARDC" build "$d" -o "$d/game.c" 2>"$d/err" &&
        "$CC" -std=c11 -O0 -I"$ROOT/runtime" "$d/game.c" "$LIB" -o "$d/game" 2>>"$d/err" ||
        { sed 's/^/    /' "$d/err" | head -5; return 1; }
}
# caught [CHECKER-OPTION] PATTERN: $T/mut/game disagrees with the model
# within MUT_GAMES games at 3 players, its first disagreement matching PATTERN.
caught() {
    python3 "$CHECKER" --binary "$d/game" --players 3 --seed 1 --games "$MUT_GAMES" $1 >"$d/out" 2>&1
    rc=$?
    [ "$rc" = 1 ] && grep -m1 "^seed [0-9]*: line [0-9]*" "$d/out" | grep -q "$2" ||
        { echo "    exit $rc:"; sed 's/^/    /' "$d/out" | head -3; return 1; }
    grep -m1 "^seed [0-9]*: line [0-9]*" "$d/out" | sed 's/^/    caught: /'
}
# mutant N SED-SCRIPT: the game built from game.rules edited by SED-SCRIPT
# disagrees with the model (the answers of the game's random seats).
mutant() { build_mutant "$2" && caught "" ""; }
# option_mutant SED-SCRIPT PATTERN: so does one with options only changed,
# caught by the option check of --live games (PATTERN: its message).
option_mutant() { build_mutant "$1" && caught --live "$2"; }
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

# What the answers of the game's random seats seldom or never show: an
# option offered that is not legal, or one left out.
check "option mutant: Tuition Class offered 4 points behind the leader" \
    option_mutant '/^effect "Tuition Class"/,/^}/s/leader_points() - points\[me\] >= 5/leader_points() - points[me] >= 4/' \
    "offered but not legal \['Tuition Class'\]"
check "option mutant: a Sabotage offered with no opponent's active Task to aim at" \
    option_mutant 's/(c.type == sabotage and may_sabotage(p) and opponent_with_task(p))/(c.type == sabotage and may_sabotage(p))/' \
    "offered but not legal"
check "option mutant: a third card offered in Play" \
    option_mutant 's/^func max_plays(p: player): int = 2 /func max_plays(p: player): int = 3 /' \
    "Play a card? asked of Player [0-9] after his 2 cards"
check "option mutant: a Task offered to sit at round 5's Dismissal, where it would never score" \
    option_mutant 's/and may_wait(t)) and round_no < 5 {/and may_wait(t)) and round_no < 6 {/' \
    "offered but not legal.*No"
check "option mutant: Head Start offered on a Task it cannot speed" \
    option_mutant '/^effect "Head Start"/,/^}/s/due\[\(t2*\)\] > started/due[\1] >= started/g' \
    "offered but not legal"
check "option mutant: Hall Pass offered to others than the Task's owner" \
    option_mutant '/^effect "Hall Pass"/,/^}/s/hits(s, t) where controller(t) == me/hits(s, t)/' \
    "before hits .* asked; the model's"
check "option mutant: the Play phase over after one card, not offered a second" \
    option_mutant 's/^func max_plays(p: player): int = 2 /func max_plays(p: player): int = 1 /' \
    "Play phase, after Player [0-9]'s, not over"

# -- thousands of games --------------------------------------------------------
# Half played by the game's random seats, half --live (the checker answers,
# every option list checked): GAMES at each player count in all.
LIVE_GAMES=$((GAMES / 2))
TERM_GAMES=$((GAMES - LIVE_GAMES))
for n in 2 3 4 5; do
    check "$TERM_GAMES --reveal-all games at $n players agree with the model" \
        sh -c "python3 '$CHECKER' --binary '$BIN' --players $n --seed 1 --games $TERM_GAMES >'$T/g$n' 2>&1 || { sed 's/^/    /' '$T/g$n' | head -6; exit 1; }"
    check "$LIVE_GAMES --live games at $n players agree with the model, every option list too" \
        sh -c "python3 '$CHECKER' --live --binary '$BIN' --players $n --seed 1 --games $LIVE_GAMES >'$T/l$n' 2>&1 || { sed 's/^/    /' '$T/l$n' | head -6; exit 1; }"
done
summary check-transcripts-lm
