#!/bin/sh
# outs.sh: players out of the game (`eliminate`), in the results.
#
# tests/games/out-lab puts players out (a Bomb drawn, a Dynamite's blast)
# until one is left. For seeds 1..40 at 2, 3 and 4 players, between random
# seats, built with ASan+UBSan:
#   - the JSON end line lists, after "seed", "out":[{"player":P,"turn":N},
#     ...]: each seat once, in the order they went out, so their turns
#     never go down and none is past the game's "turns"; no seat out wins,
#     and a game that ends with nobody winning had every seat out;
#   - each of them went out on the stream as it happened, in that order:
#     a line {"type":"out","player":P,"turn":N};
#   - the terminal says the same: "Player P+1 is out of the game (turn
#     N)." as it happens, and at the end "  Player P+1: SCORE  (out in
#     turn N)" for each of them, and for no other seat;
#   - simulate plays the same games as play (their scores and decisions);
#   - the whole JSON stream of seat 0, a json seat, passes jsonl_check.py:
#     its out lines agree with the end line, and no decision or window
#     asks a player out; so do tests/games/meet-lab's, where players also
#     lose by defeat (a game may end with no winner).
# And a game whose rules put nobody out (tests/games/react-lab) writes
# neither the "out" field nor "(out in turn".
#
#   sh tests/games/outs.sh CARDC LIBCARDRT
# Prints "outs: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: outs.sh CARDC LIBCARDRT}
lib=${2:?usage: outs.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/outs.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="outs: "
. "$ROOT/tests/check.sh"

for lab in out-lab react-lab meet-lab; do
    if ! "$cardc" build "$ROOT/tests/games/$lab" -o "$T/$lab.c" 2>"$T/err" ||
        ! sh "$ROOT/tests/games/cc-game.sh" "$lab" "$T/$lab.c" "$lib" "$T/$lab" 2>>"$T/err"; then
        echo "FAIL outs: $lab does not build"
        sed 's/^/    /' "$T/err" | head -20
        echo "outs: 0 passed, 1 failed"
        exit 1
    fi
done

# seats N: N random seats
seats() { s=random; i=1; while [ $i -lt "$1" ]; do s=$s,random; i=$((i + 1)); done; echo $s; }

# ends GAME N: for seeds 1..40 at N players, two lines a seed: the JSON
# "out" lines and the end line, joined by tabs; then "TEXT " and the
# terminal's lines that say a player went out, then what follows "=== game
# over", joined by '|'
ends() {
    s=1
    while [ $s -le 40 ]; do
        "$T/$1" play --players "$2" --seats "$(seats "$2")" --seed $s --protocol json \
            </dev/null 2>>"$T/stderr" | grep -E '^\{"type":"(out|end)"' | tr '\n' '\t'
        echo
        printf 'TEXT '
        "$T/$1" play --players "$2" --seats "$(seats "$2")" --seed $s </dev/null \
            2>>"$T/stderr" | sed -n '/is out of the game/p; /=== game over/,$p' | tr '\n' '|'
        echo
        s=$((s + 1))
    done
}
clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$T/stderr"; }

# agree FILE: every end of FILE (written by ends) holds together, as above
agree() {
    python3 - "$1" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
bad = 0
outs = 0
for i in range(0, len(lines), 2):
    stream = [json.loads(x) for x in lines[i].rstrip("\t").split("\t")]
    end, text = stream[-1], lines[i + 1]
    out = end.get("out")
    if out is None:
        print("    no out field:", lines[i]); bad += 1; continue
    seats = [o["player"] for o in out]
    turns = [o["turn"] for o in out]
    n = len(end["scores"])
    ok = (len(set(seats)) == len(seats) and all(0 <= p < n for p in seats)
          and turns == sorted(turns) and all(0 <= t <= end["turns"] for t in turns)
          and not set(seats) & set(end["winners"])
          and (end["winners"] or len(seats) == n) and end["result"] == "win")
    said = {int(m.group(1)) - 1: int(m.group(2))
            for m in re.finditer(r"Player (\d+): -?\d+(?:  \(winner\))?  \(out in turn (\d+)\)", text)}
    ok = ok and said == dict(zip(seats, turns))
    ok = ok and [(o["player"], o["turn"]) for o in stream[:-1]] == list(zip(seats, turns))
    told = [(int(m.group(1)) - 1, int(m.group(2)))
            for m in re.finditer(r"Player (\d+) is out of the game \(turn (\d+)\)\.", text)]
    ok = ok and told == list(zip(seats, turns))
    outs += len(seats)
    if not ok:
        print("    disagree:", lines[i], "|", text); bad += 1
if outs == 0:
    print("    nobody went out in any game"); bad += 1
sys.exit(1 if bad else 0)
PY
}

for n in 2 3 4; do
    ends out-lab $n >"$T/ends$n"
    check "$n players: the end lines say who went out, and when" agree "$T/ends$n"
done
# streams LAB N: the whole JSON streams of LAB at N players, seeds 1..40,
# each with seat 0 a json seat that answers {"choose":0}, into
# $T/LAB.stream.N.S
streams() {
    yes '{"choose":0}' | head -n 3000 >"$T/in"
    s=1
    while [ $s -le 40 ]; do
        "$T/$1" play --players "$2" --seats "json,$(seats $(($2 - 1)))" --seed $s \
            --protocol json <"$T/in" >"$T/$1.stream.$2.$s" 2>>"$T/stderr"
        s=$((s + 1))
    done
}
for n in 2 3 4; do
    streams out-lab $n
    streams meet-lab $n
done
check "out-lab: every stream passes jsonl_check.py (its out lines, the windows without them)" \
    python3 "$ROOT/tests/games/jsonl_check.py" --ended "$T"/out-lab.stream.*
check "meet-lab (players out and defeated): every stream passes jsonl_check.py" \
    python3 "$ROOT/tests/games/jsonl_check.py" --ended --defeat "$T"/meet-lab.stream.*
check "meet-lab: some stream puts a player out, and some game has no winner" \
    sh -c 'grep -q "\"type\":\"out\"" "$@" && grep -q "\"winners\":\[\]" "$@"' sh \
    "$T"/meet-lab.stream.*
check "no sanitizer report" clean
check "simulate plays the games play plays" sh "$ROOT/tests/games/same-games.sh" "$T/out-lab" 25

ends react-lab 3 >"$T/react"
check "a game that puts nobody out: no out field" sh -c '! grep -q "\"out\"" "$0"' "$T/react"
check "a game that puts nobody out: no (out in turn" sh -c '! grep -q "(out in turn" "$0"' "$T/react"
check "a game that puts nobody out: no out line" sh -c '! grep -q "is out of the game" "$0"' "$T/react"
summary outs
