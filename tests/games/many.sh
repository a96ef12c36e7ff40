#!/bin/sh
# many.sh: choices of many cards, one card at a time (tests/games/many-lab,
# docs/LANGUAGE.md §7 "Many cards, one at a time"), over the protocol and
# at the terminal, built with ASan+UBSan when LIBCARDRT is the ASan build:
#   - JSON: every step is a decision line with a "set" field (the cards
#     chosen so far, in order, and the sizes), which jsonl_check.py checks
#     (Done last, and only once the set may stop); Hearts' pass steps
#     through 13, 12 and 11 cards, the computed size of 10 through ten
#     steps, and a decision that is no step has no "set"; a pass is steps
#     even from a hand whose sets would fit a decision (two Jokers): the
#     form is decided from public facts only;
#   - the terminal shows a step's set under its question to the player
#     deciding, and a random seat's step answers as "a card";
#   - many games at full speed: no fault, no game at the decision bound.
#
#   sh tests/games/many.sh CARDC LIBCARDRT
# Prints "many: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: many.sh CARDC LIBCARDRT}
lib=${2:?usage: many.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/many.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="many: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab many-lab "$T/lab"

json_games json,json,json 1 2 3 4

has() { grep -qE "$1" "$T/all"; }
hasnt() { ! grep -qE "$1" "$T/all"; }
check "JSON: Hearts' pass, first step: 13 cards, none chosen" \
    has '"prompt":"Pass 3 cards to Player [123]","options":\[(\{"id":[0-9]+,"label":"[A-Za-z0-9]+"\},?){13}\].*"set":\{"chosen":\[\],"size":\[3,3\]\}\}$'
check "JSON: Hearts' pass, third step: 11 cards, two chosen" \
    has '"prompt":"Pass 3 cards to Player [123]","options":\[(\{"id":[0-9]+,"label":"[A-Za-z0-9]+"\},?){11}\].*"set":\{"chosen":\["[A-Za-z0-9]+","[A-Za-z0-9]+"\],"size":\[3,3\]\}\}$'
check "JSON: a computed size of 10, its tenth step" \
    has '"prompt":"Keep 10 cards".*"set":\{"chosen":\[("[A-Za-z0-9]+",){8}"[A-Za-z0-9]+"\],"size":\[10,10\]\}\}$'
check "JSON: a such that step offers Done" \
    has '"prompt":"Lay down cards worth at most 15".*"label":"Done"\}\].*"set":\{"chosen":\[("[A-Za-z0-9]+",?){2,}\],"size":\[2,10\]\}\}$'
# The form of a choice tells nothing of the hand: a hand of 13 with two
# Jokers has 231 sets of 3 (it would fit a decision), yet its pass is made
# one card at a time, as every hand of 13's is (seeds 1-4 deal such hands).
check "JSON: a hand with two Jokers (231 sets) passes one card at a time too" \
    has '"prompt":"Pass 3 cards to Player [123]","options":\[(\{"id":[0-9]+,"label":"[A-Za-z0-9]+"\},?){12}\].*"set":\{"chosen":\[\],"size":\[3,3\]\}\}$'
check "JSON: every pass is made one card at a time, whatever the hand" \
    sh -c "! grep '\"prompt\":\"Pass 3 cards' '$T/all' | grep -qv '\"set\":'"
check "JSON: no set after the pass's third card" hasnt '"set":\{"chosen":\[[^]]*,[^]]*,[^]]*\],"size":\[3,3\]'
check "JSON: a menu is no step" hasnt '"prompt":"Lay down cards worth at most 15\?".*"set":'
check "JSON: a step's answer moves no card before the set is complete" \
    sh -c "grep -A1 '\"set\":{\"chosen\":\[\],\"size\":\[3,3\]' '$T/out.1' | grep -q '\"type\":\"move\"' && exit 1 || exit 0"

# The terminal: a human at seat 1 answers 1 to everything.
yes 1 | head -n 400 | "$T/lab" play --seats human,random --seed 5 >"$T/term" 2>&1
check "terminal: a step's set under its question (none chosen)" \
    grep -q '^  (a set of 3 cards, chosen one at a time; so far: none)$' "$T/term"
check "terminal: a step's set under its question (two chosen)" \
    grep -qE '^  \(a set of 3 cards, chosen one at a time; so far: [A-Za-z0-9]+, [A-Za-z0-9]+\)$' "$T/term"
check "terminal: a range of sizes" \
    grep -qE '^  \(a set of 2 to 10 cards, chosen one at a time; so far: ' "$T/term"
check "terminal: a random seat's step answer is 'a card'" \
    grep -q '^Player 2 chooses: a card (Pass 3 cards to Player 1)$' "$T/term"
check "terminal: no card of the random seat named in its steps" \
    sh -c "! grep -E '^Player 2 chooses: [A-Z][0-9]+ \(Pass' '$T/term'"

# Many games at full speed (simulate): none faults or hits the bound.
for n in 2 3 4; do
    "$T/lab" simulate --games 300 --players $n --seed 1 >"$T/sim.$n" 2>&1
    check "simulate: 300 games of $n players, no fault, no bound" \
        grep -q 'draws      0 (0 at the decision bound), faults 0' "$T/sim.$n"
done

summary many
