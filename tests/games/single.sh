#!/bin/sh
# single.sh: a decision of a single option is counted and printed like any
# other (docs/RUNTIME.md, "Decisions of one option"), so that neither the
# count of decisions nor the terminal tells whether a player had a choice
# (tests/games/single-lab, built with ASan+UBSan when LIBCARDRT is the ASan
# build). Each turn of Single Lab is one decision: bury a red card or
# "Keep them", the only option of a player without a red card. So:
#   - every game of N players takes exactly 4 N decisions (simulate's
#     avg_decisions, the terminal's and the JSON end lines), whatever the
#     hands held;
#   - the terminal prints 4 "Player K chooses" lines a seat, "Keep them"
#     among them when it was the only option, each with its question, "Keep
#     them (Bury a red card?)" asked or not;
#   - the JSON protocol asks a seat only decisions of two options or more;
#   - the decision bound counts them: --max-decisions 5 ends the game as
#     a draw after 5, in play and in simulate;
#   - simulate and play agree seed by seed.
#
#   sh tests/games/single.sh CARDC LIBCARDRT
# Prints "single: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: single.sh CARDC LIBCARDRT}
lib=${2:?usage: single.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/single.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="single: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab single-lab "$T/lab"

seats() { s=random; i=1; while [ $i -lt "$1" ]; do s=$s,random; i=$((i + 1)); done; echo $s; }

for n in 2 3 4; do
    "$T/lab" simulate --games 200 --players $n --seed 1 --json >"$T/sim" 2>&1
    check "$n players: 200 games take exactly $((4 * n)) decisions each" \
        grep -q "\"decisions\":$((800 * n)),.*\"avg_decisions\":$((4 * n)),.*\"bound_draws\":0" "$T/sim"
done

lone=0
for seed in 1 2 3 4 5 6; do
    "$T/lab" play --seats "$(seats 3)" --seed $seed >"$T/term" 2>>"$T/stderr"
    check "seed $seed: the terminal says 12 turns, 12 decisions" \
        grep -q '^=== game over after 12 turns, 12 decisions ===$' "$T/term"
    for k in 1 2 3; do
        check "seed $seed: Player $k chooses 4 times" \
            test "$(grep -c "^Player $k chooses: " "$T/term")" = 4
    done
    # asked or taken, the same line: the answer and its question
    check "seed $seed: every answer beside its question" \
        test "$(grep -c "^Player [123] chooses: .* (Bury a red card?)$" "$T/term")" = 12
    cat "$T/term" >>"$T/terms"
    yes '{"choose":0}' | head -n 50 |
        "$T/lab" play --seats json,random,random --seed $seed >"$T/json" 2>>"$T/stderr"
    check "seed $seed: the JSON end line counts 12 decisions" \
        grep -q '"turns":12,"decisions":12,' "$T/json"
    check "seed $seed: the JSON stream asks no decision of one option" \
        sh -c '! grep -q "\"options\":\[{\"id\":0,\"label\":\"[^\"]*\"}\]" "$1"' sh "$T/json"
    # seat 0 asked fewer than its 4 decisions: "Keep them" was its only
    # option (no red card), taken without asking, counted all the same
    [ "$(grep -c '"type":"decision"' "$T/json")" -lt 4 ] && lone=$((lone + 1))
done
check "in some game seat 0 had a decision of one option, counted as any" test $lone -gt 0
check "Keep them, asked or taken, is printed beside its question" \
    grep -q '^Player [123] chooses: Keep them (Bury a red card?)$' "$T/terms"

"$T/lab" play --seats "$(seats 2)" --seed 3 --max-decisions 5 >"$T/bound" 2>>"$T/stderr"
check "the bound counts them: --max-decisions 5 ends play after 5" \
    grep -q 'game over after [0-9]* turns, 5 decisions' "$T/bound"
"$T/lab" simulate --games 10 --players 2 --seed 3 --max-decisions 5 --json >"$T/sim" 2>&1
check "the bound counts them: --max-decisions 5 ends every simulated game" \
    grep -q '"decisions":50,.*"bound_draws":10,' "$T/sim"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary single
