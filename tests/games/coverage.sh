#!/bin/sh
# coverage.sh: `simulate --coverage` (docs/RUNTIME.md, "Coverage") on
# tests/games/coverage-lab, built with ASan+UBSan when LIBCARDRT is the
# ASan build, and on Easy School (decks/easy-school):
#   - the text and the JSON of the games of seeds 1..200 at 3 players are
#     exactly tests/games/coverage-lab/expected.txt and expected.json (the
#     timings taken out); what the lab is built never to do is listed under
#     "Never happened": the option never offered, the trigger never fired;
#     the trigger on a card played fires as often as the Sparks' effect runs;
#   - the counts add up (coverage_check.py): the decisions of every site
#     are simulate's decisions, each menu's options taken its decisions,
#     each card kind's ends games x copies; the Anchor ends every game on
#     the shelf; what never happened is exactly those two places;
#   - the same run twice prints the same; with --coverage the games are
#     those of simulate without it (the same figures, seed by seed);
#   - play refuses --coverage.
#
#   sh tests/games/coverage.sh CARDC LIBCARDRT [--bless]
# Prints "coverage: N passed, M failed"; exits 1 if any failed. --bless
# rewrites the lab's expected files from what it prints.
cardc=${1:?usage: coverage.sh CARDC LIBCARDRT [--bless]}
lib=${2:?usage: coverage.sh CARDC LIBCARDRT [--bless]}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/coverage.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="coverage: "
. "$ROOT/tests/check.sh"
. "$ROOT/tests/games/lab.sh"
need_lab coverage-lab "$T/lab"
LAB=$ROOT/tests/games/coverage-lab

# the figures of a run without what depends on the clock
untimed() {
    sed -e '/^  time /d' \
        -e 's/"seconds":[0-9.e+-]*,"games_per_sec":[0-9.e+-]*,/"seconds":0,"games_per_sec":0,/' \
        -e 's/"decisions_per_sec":[0-9.e+-]*,/"decisions_per_sec":0,/'
}
sim() { "$T/lab" simulate --games 200 --seed 1 --players 3 "$@" 2>>"$T/stderr"; }

sim --coverage | untimed >"$T/text"
sim --coverage --json | untimed >"$T/json"
if [ "${3:-}" = --bless ]; then
    cp "$T/text" "$LAB/expected.txt"
    cp "$T/json" "$LAB/expected.json"
    echo "coverage: blessed $LAB/expected.txt and expected.json"
fi
check "the text is exactly expected.txt" diff -u "$LAB/expected.txt" "$T/text"
check "the JSON is exactly expected.json" diff -u "$LAB/expected.json" "$T/json"
check "the option that needs 3 tokens is never offered" \
    grep -q '^  game.rules:[0-9]* *option *option "Lock a card away".*: never offered$' "$T/text"
check "the trigger on the vault never fires" \
    grep -q '^  game.rules:[0-9]* *trigger *on c enters vault: never fired$' "$T/text"
check "the trigger on a card played fires as often as the Spark's effect runs" python3 -c '
import json, sys
sites = json.load(open(sys.argv[1]))["coverage"]["sites"]
fired = [s["count"] for s in sites if s["kind"] == "trigger" and s["text"] == "on c played"]
ran = [s["count"] for s in sites if s["kind"] == "effect" and s["text"].startswith("effect of Spark: ")]
sys.exit(not (fired and ran and fired == ran and ran[0] > 0))' "$T/json"
check "the Anchor ends every game on the shelf" \
    grep -q '"card":"Anchor","copies":1,"ends":{"shelf":200}' "$T/json"
lock=$(grep -n 'option "Lock a card away"' "$LAB/game.rules" | cut -d: -f1)
vault=$(grep -n '^on c enters vault' "$LAB/game.rules" | cut -d: -f1)
check "the counts add up, and only the lock and the vault never happened" \
    python3 "$ROOT/tests/games/coverage_check.py" "$T/json" --never \
        "game.rules:$lock" "game.rules:$vault"

sim --coverage --json | untimed >"$T/json2"
check "the same run twice counts the same" cmp -s "$T/json" "$T/json2"
for n in 2 3; do
    "$T/lab" simulate --games 300 --seed 7 --players $n --json 2>>"$T/stderr" |
        untimed >"$T/plain"
    "$T/lab" simulate --games 300 --seed 7 --players $n --json --coverage 2>>"$T/stderr" |
        untimed | sed 's/,"coverage":.*$/}/' >"$T/covered"
    check "$n players: the games with --coverage are the games without" \
        cmp -s "$T/plain" "$T/covered"
done

"$T/lab" play --seats random,random --seed 1 --coverage >"$T/play" 2>&1
check "play refuses --coverage (status 2)" test $? = 2
check "play says why" grep -q "unknown option '--coverage' for play" "$T/play"

# Easy School: the counts add up, and its games are the same with coverage
if "$cardc" build "$ROOT/decks/easy-school" -o "$T/es.c" 2>"$T/es.err" &&
    "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Og -g1 $LAB_SAN \
        -I"$ROOT/runtime" "$T/es.c" "$lib" -o "$T/es" 2>>"$T/es.err"; then
    for n in 2 5; do
        "$T/es" simulate --games 100 --seed 1 --players $n --json --coverage \
            >"$T/es.json" 2>>"$T/stderr"
        check "Easy School, $n players: the counts add up" \
            python3 "$ROOT/tests/games/coverage_check.py" "$T/es.json"
        "$T/es" simulate --games 100 --seed 1 --players $n --json 2>>"$T/stderr" |
            untimed >"$T/plain"
        untimed <"$T/es.json" | sed 's/,"coverage":.*$/}/' >"$T/covered"
        check "Easy School, $n players: the same games with --coverage" \
            cmp -s "$T/plain" "$T/covered"
    done
else
    check "Easy School builds" false
fi
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' \
    sh "$T/stderr"
summary coverage
