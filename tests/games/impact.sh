#!/bin/sh
# The impact of a card by intervention (RUNTIME.md, "Impact of a card") on
# tests/games/impact-lab: the game and its builds with the Crown and a Dud
# blanked (cardc build --blank) play the same seeds with --track; `stats
# impact` pairs them: the Crown is flagged dominant, the Dud dead, and the
# same seeds give the same bytes, for --jobs 1, 2 and 3. A blanked build
# passes the invariants (every card in exactly one place); a blank the
# rules did not foresee faults with its line; an unknown card is refused.
# usage: sh tests/games/impact.sh BUILD   (BUILD/bin/cardc, BUILD/drv/invariants.o,
#                                          BUILD/lib/libcardrt.a)
set -u
B=${1:?usage: impact.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="impact: "
. "$ROOT/tests/check.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
LAB=$ROOT/tests/games/impact-lab
cardc=$B/bin/cardc

"$cardc" build "$LAB" -o "$T/lab" 2>"$T/warn" || exit 1
for c in Crown Dud; do
    "$cardc" build "$LAB" --blank "$c" -o "$T/lab-$c" 2>"$T/warn" || exit 1
done

# impact CARD OUT: 2,000 games of 3 players with and without CARD, paired
# (the blanked game on 2 threads)
impact() {
    "$T/lab" simulate --games 2000 --seed 5 --players 3 --track "$1" >"$T/with-$1" &&
        "$T/lab-$1" simulate --games 2000 --seed 5 --players 3 --track "(blank)" --jobs 2 \
            >"$T/without-$1" &&
        "$T/lab" stats impact "$T/with-$1" "$T/without-$1" >"$2"
}
has() { grep -q "$2" "$1"; }
check "Crown's impact" impact Crown "$T/crown.json"
check "Crown dominant" has "$T/crown.json" '"dominant":true,"dead":false'
check "Dud's impact" impact Dud "$T/dud.json"
check "Dud dead" has "$T/dud.json" '"impact":0.00,.*"dominant":false,"dead":true,"unchanged":true'
check "the Crown moved games" has "$T/crown.json" '"unchanged":false'
check "Crown again" impact Crown "$T/crown2.json"
check "the same seeds, the same bytes" cmp -s "$T/crown.json" "$T/crown2.json"
# the report: a table per card, the JSON lines stats impact prints
check "the report" sh -c "'$T/lab' stats impact --report '$T/rep' '$T/with-Crown' \
    '$T/without-Crown' '$T/with-Dud' '$T/without-Dud' >'$T/both.json'"
check "the report: the lines of each card" sh -c "cat '$T/crown.json' '$T/dud.json' |
    cmp -s - '$T/both.json'"
check "report.json: both cards" has "$T/rep/impact.json" '"Crown".*"dominant":true'
check "report.html: the Crown's row" has "$T/rep/impact.html" \
    '<tr><td>Crown</td><td>3</td><td>+97.00</td>.*<td>dominant</td></tr>'
check "report.html: the Dud's row" has "$T/rep/impact.html" '<tr><td>Dud</td>.*<td>dead, or told by its type alone (every game the same)</td></tr>'
check "report.html: stands alone" sh -c "! grep -qiE '<script|https?:' '$T/rep/impact.html'"
# --jobs 2 and 3 (blocks of 4,096 games: 5,000 spans two) write the bytes of --jobs 1
track_jobs() {
    "$T/lab" simulate --games 5000 --seed 9 --players 4 --track Crown --jobs "$1" >"$T/j$1"
}
check "--track --jobs 1" track_jobs 1
for j in 2 3; do
    check "--track --jobs $j" track_jobs $j
    check "--track --jobs $j: the bytes of --jobs 1" cmp -s "$T/j1" "$T/j$j"
done
# the Dud's holder is the same seat in both runs, game by game
check "the same holders" sh -c "cut -d' ' -f1,2 '$T/with-Dud' | sed 1d >'$T/h1' &&
    cut -d' ' -f1,2 '$T/without-Dud' | sed 1d >'$T/h2' && cmp -s '$T/h1' '$T/h2'"

# a blanked build keeps every card in exactly one place
"$cardc" build "$LAB" --blank Crown -o "$T/blank.c" 2>"$T/warn" || exit 1
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -pthread -Iruntime -I"$ROOT/runtime" -DCARDC_NO_MAIN \
    "$T/blank.c" "$B/drv/invariants.o" "$B/lib/libcardrt.a" -o "$T/invariants" || exit 1
check "invariants of the blanked game" sh -c "'$T/invariants' --games 500 --players 2..4 >'$T/inv'"

# a blank the rules did not foresee: the fault names its line
"$cardc" build "$ROOT/decks/easy-school" --blank Nerd -o "$T/es-nerd" || exit 1
"$T/es-nerd" play --players 5 --seed 144 --seats random,random,random,random,random \
    </dev/null >"$T/fault" 2>&1
check "a fault with its line" has "$T/fault" 'Fault: game.rules:141: a decision with no option.'

# refusals
"$cardc" build "$LAB" --blank Nope -o "$T/nope" 2>"$T/err"
check "unknown card: status 2" test $? -eq 2
check "unknown card: said" has "$T/err" 'cardc: --blank "Nope": no card of that name'
"$T/lab" simulate --games 10 --track Crown --shard 1/2 2>"$T/err"
check "--track with --shard refused" test $? -eq 2
"$T/lab" stats impact "$T/with-Crown" "$T/crown.json" 2>"$T/err"
check "not a track file: status 1" test $? -eq 1
summary impact
