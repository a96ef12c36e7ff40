#!/bin/sh
# check-transcripts.sh: School Control's binary against a second, independent
# implementation of its rules (tests/school-control/checker.py, Python, written
# from the rulebook and the readings of decks/school-control/README.md, not
# from game.rules). It checks:
#   - that the checker can fail: transcripts it passes, doctored (a Student
#     played where no Student may go, a card drawn twice, a wrong winner, a
#     draw turned into a win, an option the rules do not allow offered, a
#     card shown where it is not, an answer beside the wrong question or
#     none, a window's answer too), must each make it exit 1 naming the
#     seed;
#     and so must the old games of the two defects it found;
#   - TERM seeded games at each of 2, 3 and 4 players from their --reveal-all
#     transcripts (the game's own random seats): every move, every choice,
#     every result;
#   - LIVE seeded games at each of 2, 3 and 4 players through the JSON
#     protocol, the checker answering every seat (its own policies): every
#     decision's options too, and where every card is at each decision.
# The two runs go side by side (two cores).
#
#   sh tests/school-control/check-transcripts.sh [GAME_BINARY] [TERM] [LIVE]
# GAME_BINARY defaults to build/bin/school-control; TERM to 400, LIVE to 50
# (1,350 games in all: about the 1.2 million decisions that 3,000 games
# held when the round bound was 50 rounds; games played to their end take
# 2.2 times the decisions). Prints "check-transcripts: N passed, M failed" and
# exits 1 if any check failed.
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$ROOT/build/bin/school-control}
TERM_GAMES=${2:-400}
LIVE_GAMES=${3:-50}
CHECKER="$ROOT/tests/school-control/checker.py"
T=$(mktemp -d "${TMPDIR:-/tmp}/sc-check.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="check-transcripts: "
. "$ROOT/tests/check.sh"

if ! command -v python3 >/dev/null 2>&1; then
    echo "check-transcripts: skipped (needs python3)"
    exit 0
fi
if [ ! -x "$BIN" ]; then
    echo "check-transcripts: no game binary $BIN (make all)"
    exit 1
fi

chk() { python3 "$CHECKER" --binary "$BIN" "$@"; }

# passes FILE MODE: the checker accepts the transcript.
passes() {
    # shellcheck disable=SC2086 # $2 may be two options
    chk $2 "$1" >"$T/out" 2>&1 || { sed 's/^/    /' "$T/out" | head -5; return 1; }
}

# rejects FILE MODE SEED: the checker exits 1, naming the seed and a line.
rejects() {
    # shellcheck disable=SC2086 # $2 may be two options
    chk $2 "$1" >"$T/out" 2>&1
    rc=$?
    [ "$rc" = 1 ] && grep -q "seed $3: line [0-9]*" "$T/out" ||
        { echo "    exit $rc:"; sed 's/^/    /' "$T/out" | head -5; return 1; }
}

# doctor IN OUT SED-SCRIPT: OUT is IN edited, and differs from it.
doctor() { sed "$3" "$1" >"$2" && ! cmp -s "$1" "$2"; }

# doctored WHAT IN SED-SCRIPT MODE SEED: two checks, that IN edited by
# SED-SCRIPT (into $T/bad.N, N counting them) differs from it, and that the
# checker (MODE: --transcript or --replay) rejects it naming SEED.
nbad=0
doctored() {
    nbad=$((nbad + 1))
    bad=$T/bad.$nbad
    check "doctored: $1" doctor "$2" "$bad" "$3"
    check "  ... is rejected" rejects "$bad" "$4" "$5"
}

# -- the checker can fail ------------------------------------------------------

# A terminal transcript (2 players, seed 1).
chk --terminal --players 2 --seed 1 --record "$T/t1.txt" >"$T/out" 2>&1
check "seed 1's transcript passes" passes "$T/t1.txt" --transcript
doctored "a Student played into the Main Hall" "$T/t1.txt" \
    '0,/: hand of Player 1 -> students\[[^]]*\]$/s//: hand of Player 1 -> students[Main Hall]/' --transcript 1
doctored "a draw line doubled" "$T/t1.txt" \
    '0,/: deck -> hand of Player 2$/{/: deck -> hand of Player 2$/p}' --transcript 1
doctored "a choice the rules do not allow (End the turn made Use the Cleaner)" "$T/t1.txt" \
    '0,/^Player 1 chooses: End the turn (Your turn)$/s//Player 1 chooses: Use the Cleaner (Your turn)/' --transcript 1
doctored "an answer beside another question (Play which card? made Your turn)" "$T/t1.txt" \
    '0,/^\(Player [12] chooses: .*\) (Play which card?)$/s//\1 (Your turn)/' --transcript 1
doctored "an answer without its question" "$T/t1.txt" \
    '0,/^\(Player [12] chooses: End the turn\) (Your turn)$/s//\1/' --transcript 1
doctored "a window's answer beside another question (Respond to walk? made Your turn)" "$T/t1.txt" \
    '0,/^\(Responses before walk .*\) (Respond to walk?)$/s//\1 (Your turn)/' --transcript 1
doctored "a window's answer without its question" "$T/t1.txt" \
    '0,/^\(Responses before walk .*\) (Respond to walk?)$/s//\1/' --transcript 1

# A game in which nobody can act any more (4 players, seed 610): a draw at
# the end of round 40, the first round with the draw pile empty in which
# no player could play a card or use the Cleaner (README 12).
chk --terminal --players 4 --seed 610 --record "$T/t610.txt" >"$T/out" 2>&1
check "seed 610's transcript (4 players, nobody can act) passes" passes "$T/t610.txt" --transcript
check "  ... and ends in a draw" grep -q '^Draw: ' "$T/t610.txt"
doctored "the draw made a win" "$T/t610.txt" \
    's/^Draw: .*/Winner: Player 1/; s/^  Player 1: 0$/  Player 1: 1  (winner)/' --transcript 610
# The game used to go on to the round bound, asking nothing (the old seed
# 610 ended after 172 turns, in round 50): the checker must not accept it.
doctored "the game going on after nobody can act (172 turns, as it was)" "$T/t610.txt" \
    's/^=== game over after 142 turns/=== game over after 172 turns/' --transcript 610

# A recorded JSON session with a win (3 players, seed 3, eager players;
# seed 1 has ended in a draw since a window asks only a seat holding a Long
# Walk, so that the eager players answer fewer questions).
chk --live --players 3 --seed 3 --policy eager --record "$T/j2.jsonl" >"$T/out" 2>&1
check "the JSON session of seed 3 passes" passes "$T/j2.jsonl" --replay
check "  ... and ends in a win" grep -q '"result":"win"' "$T/j2.jsonl"
# the winner and the scores given to the next player round the table
check "doctored: the wrong winner" python3 -c '
import json, sys
out = []
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "end":
        w = (o["winners"][0] + 1) % len(o["scores"])
        o["winners"], o["scores"] = [w], [int(p == w) for p in range(len(o["scores"]))]
        line = json.dumps(o, separators=(",", ":")) + "\n"
    out.append(line)
open(sys.argv[2], "w").writelines(out)' "$T/j2.jsonl" "$T/bad5.jsonl"
check "  ... is rejected" rejects "$T/bad5.jsonl" --replay 3
doctored "an option the rules do not allow (Long Walk in the turn)" "$T/j2.jsonl" \
    '0,/"prompt":"Play which card?","options":\[/s//"prompt":"Play which card?","options":[{"id":99,"label":"Long Walk"},/' --replay 3
doctored "a card shown where it is not (the Gym gone)" "$T/j2.jsonl" \
    '0,/{"zone":"gone","size":0,"cards":\[\]}/s//{"zone":"gone","size":1,"cards":["Gym"]}/' --replay 3

# A defect the checker found in the game, now fixed: in seed 5635 at 2
# players a Long Walk moved a Student played after the walker had left the
# field. walk-defect-5635.txt is that game's transcript, as the game wrote
# it then: the checker must reject it at that move; today's game of the same
# seed must pass. (Both old transcripts are from before a decision of one
# option was printed, before an answer was followed by its question, and
# before a walk with both Long Walks discarded opened no window:
# --no-single-lines --no-questions --every-window.)
cp "$ROOT/tests/school-control/walk-defect-5635.txt" "$T/t5635.txt"
chk --transcript "$T/t5635.txt" --no-single-lines --no-questions --every-window >"$T/out" 2>&1
check "the old game's seed 5635 (its Long Walk moving another Student) is rejected" \
    rejects "$T/t5635.txt" "--no-single-lines --no-questions --every-window --transcript" 5635
check "  ... at the Long Walk's move" grep -q "line 708: .*students\[Canteen\] -> students\[History Classroom\]" "$T/out"
# Read as today's game, the same old transcript is rejected sooner: its
# window before a walk at line 263, with both Long Walks in the discard
# pile, where none opens now (nobody could answer it).
chk --transcript "$T/t5635.txt" --no-single-lines --no-questions >"$T/out" 2>&1
check "  ... and read as today's, at a window nobody could answer" \
    grep -q "seed 5635: line 263: the game: Responses before walk" "$T/out"
chk --terminal --players 2 --seed 5635 --record "$T/n5635.txt" >"$T/out" 2>&1
check "today's seed 5635 (2 players) passes" passes "$T/n5635.txt" --transcript

# A second defect, now fixed: a Long Walk that came due with its Student
# already in its room (a second Lesson had put him there) printed a move
# from the room to itself. walk-defect-32.txt is seed 32's game at 2
# players as the game wrote it then: the checker must reject it there.
cp "$ROOT/tests/school-control/walk-defect-32.txt" "$T/t32.txt"
chk --transcript "$T/t32.txt" --no-single-lines --no-questions --every-window >"$T/out" 2>&1
check "the old game's seed 32 (its Long Walk moving a Student to his own room) is rejected" \
    rejects "$T/t32.txt" "--no-single-lines --no-questions --every-window --transcript" 32
check "  ... at the Long Walk's move" \
    grep -q "line 83: .*students\[Religious Education Classroom\] -> students\[Religious Education Classroom\]" "$T/out"
chk --terminal --players 2 --seed 32 --record "$T/n32.txt" >"$T/out" 2>&1
check "today's seed 32 (2 players) passes" passes "$T/n32.txt" --transcript

# -- thousands of games ----------------------------------------------------------

start=$(date +%s)
(
    for n in 2 3 4; do
        chk --terminal --players "$n" --seed 1 --games "$TERM_GAMES" --stats || exit 1
    done
) >"$T/term" 2>&1 &
term_pid=$!
(
    for n in 2 3 4; do
        chk --live --players "$n" --seed 1 --games "$LIVE_GAMES" --stats || exit 1
    done
) >"$T/live" 2>&1
live_rc=$?
wait "$term_pid"
term_rc=$?
secs=$(($(date +%s) - start))

agree() { [ "$1" = 0 ] || { sed 's/^/    /' "$2" | grep -v '^    {' | head -8; return 1; }; }
check "$((3 * TERM_GAMES)) --reveal-all transcripts (random seats, 2-4 players) agree with the model" \
    agree "$term_rc" "$T/term"
check "$((3 * LIVE_GAMES)) JSON games (the checker's players, 2-4 players) agree with the model" \
    agree "$live_rc" "$T/live"

# What the games went through, summed (the checker's counts), and the 50%
# protections (README 13): a Location k protections cover survives with
# probability 1 - 1/2^k; the saves must be within 5 standard deviations of
# that (the seeds are fixed: the same figures every run).
cat >"$T/sum.py" <<'EOF'
import json, math, sys
from collections import Counter
tot = Counter()
for path in sys.argv[1:]:
    for line in open(path):
        if line.startswith("{"):
            tot.update(json.loads(line))
plays = sum(v for k, v in tot.items() if k.startswith("play "))
print("check-transcripts: %d games, %d decisions, %d cards played; ends: %d wins by control, "
      "%d by the last player left; draws: %d at the round limit, %d with every Location destroyed, "
      "%d when nobody could act; "
      "%d players out, %d Long Walks (%d arrived), %d Locations destroyed, %d saved by a "
      "protection; %d guesses retried" % (
          tot["games"], tot["decisions"], plays, tot["win_control"], tot["win_last"],
          tot["draw_rounds"], tot["draw_destroyed"], tot["draw_stalled"], tot["losses"], tot["long_walk"],
          tot["walk_arrived"], tot["destroyed"], tot["saved"], tot["guess_retries"]))
ok = True
for k in (1, 2, 3):
    saved, gone = tot["protect%d_saved" % k], tot["protect%d_destroyed" % k]
    n, p = saved + gone, 1 - 0.5 ** k
    if n == 0:
        continue
    sd = math.sqrt(n * p * (1 - p))
    good = abs(saved - n * p) <= 5 * sd
    ok = ok and good
    print("check-transcripts: %d protection%s: %d of %d Locations saved (%.3f, expected %.3f)%s" % (
        k, "s" if k > 1 else "", saved, n, saved / n, p, "" if good else ": TOO FAR"))
sys.exit(0 if ok and tot["protect1_saved"] else 1)
EOF
check "the 50% protections save at the rate 1 - 1/2^k" python3 "$T/sum.py" "$T/term" "$T/live"
echo "check-transcripts: $((3 * TERM_GAMES + 3 * LIVE_GAMES)) games checked in ${secs}s"
summary check-transcripts
