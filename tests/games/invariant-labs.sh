#!/bin/sh
# invariant-labs.sh: the designers' invariants (`invariant "TEXT": COND`,
# docs/LANGUAGE.md §2, "Invariants") on tests/games/invariant-lab and
# invariant-end-lab, built with ASan+UBSan when LIBCARDRT is the ASan
# build. Checked:
#   - at two players the lab's three invariants hold: simulate plays 3,000
#     games with no fault (tests/invariants plays 100,000 more);
#   - at three players its third, "a hand never holds more than three
#     cards", breaks, first at seed 37: simulate names the seed, the
#     invariant's line and its text; play at the terminal prints the seed
#     first and the same fault last, with the seed again (both exit 1, as
#     for every fault);
#     the JSON end line has the seed and
#     the fault object {"kind":"invariant","file":...,"line":...,
#     "invariant":TEXT};
#   - simulate (the direct copy of the procs) and play between random
#     seats (the resumable copy) fault at the same seeds and lines, seeds
#     1..60 at three and at four players;
#   - the end lab's invariant holds as its one decision opens and breaks
#     as the game ends: simulate, the terminal and the JSON end line name
#     it, after that one decision.
# The lines are read from the labs' rules, by the invariants' texts.
#
#   sh tests/games/invariant-labs.sh CARDC LIBCARDRT
# Prints "invariant-labs: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: invariant-labs.sh CARDC LIBCARDRT}
lib=${2:?usage: invariant-labs.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/invariant-labs.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="invariant-labs: "
. "$ROOT/tests/check.sh"
. "$ROOT/tests/games/lab.sh"
need_lab invariant-lab "$T/lab"
need_lab invariant-end-lab "$T/end"

HAND='a hand never holds more than three cards'
POOL='the pool holds at most one coin'
# line_of LAB TEXT: the line of LAB's rules that declares the invariant TEXT
line_of() { grep -n "^invariant \"$2\":" "$ROOT/tests/games/$1/game.rules" | cut -d: -f1; }
hand_line=$(line_of invariant-lab "$HAND")
pool_line=$(line_of invariant-end-lab "$POOL")
check "the lab declares '$HAND'" test -n "$hand_line"
check "the end lab declares '$POOL'" test -n "$pool_line"
clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$1"; }

# Two players: every invariant holds.
"$T/lab" simulate --games 3000 --players 2 --seed 1 >"$T/sim2" 2>"$T/sim2.err"
check "two players: simulate exits 0" test $? = 0
check "two players, 3000 games: no fault" grep -q 'faults 0$' "$T/sim2"
check "two players: nothing on stderr" test ! -s "$T/sim2.err"

# Three players: the third breaks, first at seed 37.
FAULT="game.rules:$hand_line: an invariant does not hold: \"$HAND\""
"$T/lab" simulate --games 60 --players 3 --seed 1 >"$T/sim3" 2>"$T/sim3.err"
check "three players: simulate exits 1, as for every fault" test $? = 1
check "three players: simulate names seed 37 first, the line and the text" \
    sh -c 'head -n 1 "$1" | grep -qxF -- "lab: game with seed 37 faulted: $2"' sh "$T/sim3.err" \
    "$FAULT"
"$T/lab" play --players 3 --seats random,random,random --seed 37 >"$T/play" 2>"$T/play.err"
check "seed 37 at the terminal: play exits 1, as for every fault" test $? = 1
check "seed 37 at the terminal: the seed first" sh -c 'head -n 1 "$1" | grep -q ", seed 37$"' \
    sh "$T/play"
check "seed 37 at the terminal: the fault last, with the seed" \
    sh -c 'tail -n 1 "$1" | grep -qxF -- "Fault: $2 (seed 37)."' sh "$T/play" "$FAULT"
check "seed 37 at the terminal: clean" clean "$T/play.err"
"$T/lab" play --players 3 --seats random,random,random --seed 37 --protocol json </dev/null \
    >"$T/json" 2>"$T/json.err"
check "seed 37 in JSON: the end line has the seed and the fault object" \
    sh -c 'tail -n 1 "$1" | grep -qF -- "\"result\":\"fault\",\"reason\":\"an invariant does not hold\","' \
    sh "$T/json"
check "seed 37 in JSON: ... the seed, the line and the invariant" \
    sh -c 'tail -n 1 "$1" | grep -qF -- "\"seed\":37,\"fault\":{\"kind\":\"invariant\",\"file\":\"game.rules\",\"line\":$2,\"invariant\":\"$3\"}}"' \
    sh "$T/json" "$hand_line" "$HAND"
check "seed 37 in JSON: clean" clean "$T/json.err"

# fault_lines: from runs of seeds, one line "S LINE" per seed S (a line
# "seed S" before each run): the rules line its game faulted at, or none.
fault_lines() {
    awk '/^seed [0-9]+$/ { if (s) print s, l; s = $2; l = "none"; next }
        match($0, /faulted: game\.rules:[0-9]+: /) { l = substr($0, RSTART + 20, RLENGTH - 22) }
        /^\{"type":"end"/ && match($0, /,"fault":\{[^}]*"line":[0-9]+[,}]/) {
            t = substr($0, RSTART, RLENGTH); sub(/.*"line":/, "", t); l = substr(t, 1, length(t) - 1)
        }
        END { if (s) print s, l }'
}
# agree N: for seeds 1..60 at N players, simulate and play between random
# seats fault at the same lines, and some seed faults
agree() {
    s=1
    while [ $s -le 60 ]; do
        echo "seed $s"
        "$T/lab" simulate --games 1 --players "$1" --seed $s 2>&1
        s=$((s + 1))
    done | fault_lines >"$T/sim.lines"
    seats=random,random,random
    [ "$1" = 4 ] && seats=$seats,random
    s=1
    while [ $s -le 60 ]; do
        echo "seed $s"
        "$T/lab" play --players "$1" --seats $seats --protocol json --seed $s </dev/null 2>&1
        s=$((s + 1))
    done | fault_lines >"$T/play.lines"
    grep -q " $hand_line\$" "$T/sim.lines" || return 1
    cmp -s "$T/sim.lines" "$T/play.lines" && return 0
    diff "$T/sim.lines" "$T/play.lines" | sed 's/^/    simulate < > play: /'
    return 1
}
check "three players: simulate and play fault at the same seeds and lines" agree 3
check "four players: simulate and play fault at the same seeds and lines" agree 4

# The end lab: checked as the decision opens (holds), then at the end.
END_FAULT="game.rules:$pool_line: an invariant does not hold: \"$POOL\""
"$T/end" simulate --games 1 --seed 5 >/dev/null 2>"$T/end.sim"
check "the end: simulate names the invariant" grep -qxF -- "end: game with seed 5 faulted: $END_FAULT" \
    "$T/end.sim"
echo 1 | "$T/end" play --seats human,random --seed 5 >"$T/end.play" 2>"$T/end.err"
check "the end: the terminal asked the one question, then faulted" \
    sh -c 'grep -q "game over after 0 turns, 1 decisions" "$1" &&
           tail -n 1 "$1" | grep -qxF -- "Fault: $2 (seed 5)."' sh "$T/end.play" "$END_FAULT"
echo '{"choose":0}' | "$T/end" play --protocol json --seed 5 2>>"$T/end.err" | tail -n 1 >"$T/end.json"
check "the end: the JSON end line names it" grep -qF -- \
    "\"decisions\":1,\"seed\":5,\"fault\":{\"kind\":\"invariant\",\"file\":\"game.rules\",\"line\":$pool_line,\"invariant\":\"$POOL\"}}" \
    "$T/end.json"
check "the end: clean" clean "$T/end.err"

summary invariant-labs
