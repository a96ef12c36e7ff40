#!/bin/sh
# values.sh: choices of values (tests/games/values-lab, docs/LANGUAGE.md
# §7 "A value") over the protocol and at the terminal, built with
# ASan+UBSan when LIBCARDRT is the ASan build:
#   - JSON: the options of a choice of values are labelled by the values:
#     an attribute's in their declared order, the card list's names, the
#     numbers of a range; never a template's `{w0}` or `{n0}`;
#   - a public choice of a value (a card named, a suit called, a bid
#     revealed) is announced in a "chosen" line; a secret one (a
#     favourite suit, a bid, a depth) is not;
#   - the terminal: the human reads their own value chosen in secret; a
#     random seat's is "...", and whole with --reveal-all; a public one
#     is whole;
#   - variables and funcs of values shown (`, public`, `, owner`): the
#     views give each its word (JSON "value":"red", null for none; the
#     terminal `  called: red`, `none`), an owner one to its seat alone
#     (and to --reveal-all); values_check.py checks each view's values
#     against the hand and the table it shows, and a Caller's call
#     lasting (`until end of next turn { trump() = t }`);
#   - prompts built from funcs of values ("trump {trump()}");
#   - an event carrying a suit (calls(p, s)): its window gives the suit's
#     word in JSON "args" and at the terminal ("before calls (Player 1,
#     blue)"), and its question names it; so for an event carrying a card
#     name (names(p, q, n)), and a variable of card names is shown by the
#     name (last_named);
#   - simulate and play agree seed by seed.
#   - a game whose only words are its choices of values (no prompt or
#     label built from values) still names them: its options read "red",
#     "Guard", not "none".
#
#   sh tests/games/values.sh CARDC LIBCARDRT
# Prints "values: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: values.sh CARDC LIBCARDRT}
lib=${2:?usage: values.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/values.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="values: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab values-lab "$T/lab"

json_games json,json,json 1 2 3 4

has() { grep -qE "$1" "$T/all"; }
check "JSON: a suit's values, in their declared order" \
    has '"prompt":"Your favourite suit","options":\[\{"id":0,"label":"red"\},\{"id":1,"label":"blue"\},\{"id":2,"label":"green"\}\]'
check "JSON: the numbers of a range" \
    has '"prompt":"Your secret bid","options":\[\{"id":0,"label":"0"\},\{"id":1,"label":"1"\},\{"id":2,"label":"2"\},\{"id":3,"label":"3"\}\]'
check "JSON: no template reaches a client" sh -c '! grep -qE "\{[wn][0-9]\}" "$1"' sh "$T/all"
check "JSON: a bid revealed is announced" \
    has '^\{"type":"chosen","player":[012],"prompt":"Player [123] reveals a bid","label":"0"\}$'
check "JSON: a secret choice of a value is not announced" \
    sh -c '! grep -qE "\"type\":\"chosen\".*\"prompt\":\"(Your favourite suit|Your secret bid|Put the kitten back|Baron)" "$1"' \
    sh "$T/all"

# random seats, the stream of seat 0 (json, always the first option)
for seed in 1 2 3 4 5 6 7 8; do
    "$T/lab" play --protocol json --seats json,random,random --seed $seed <"$T/in" \
        >>"$T/one" 2>>"$T/stderr"
done
check "JSON: a card named from the card list, announced to every stream" \
    grep -qE '^\{"type":"chosen","player":[012],"prompt":"Guard: name Player [123]'"'"'s card","label":"(Priest|Baron|Caller|Princess)"\}$' "$T/one"
check "JSON: a new favourite, announced" \
    grep -qE '^\{"type":"chosen","player":[12],"prompt":"Player [23]: a new favourite","label":"(red|blue|green)"\}$' "$T/one"
check "JSON: a suit called, announced, never the one called last at first (red)" \
    grep -qE '^\{"type":"chosen","player":[012],"prompt":"Call a suit","label":"(blue|green)"\}$' "$T/one"

for seed in 9 10 11 12 13 14 15 16; do
    "$T/lab" play --protocol json --seats json,random,random --seed $seed <"$T/in" \
        >>"$T/two" 2>>"$T/stderr"
done
check "JSON: the views' values: words, owner ones to their seat, a call lasting" \
    python3 "$ROOT/tests/games/values_check.py" "$T/one" "$T/two"
check "JSON: a variable of values, as its word" \
    grep -qF '"numbers":[{"name":"called","value":"red"},{"name":"favourite","player":0,"value":"blue"},' \
    "$T/one"
check "JSON: a func of values with no value is null" \
    grep -qF '{"name":"last_colour","value":null}' "$T/one"
cat "$T/one" "$T/two" >"$T/both"
check "JSON: a window's args give an event's suit by its word" \
    grep -qE '"window":\{"id":[0-9]+,"kind":"react","event":"calls","args":\[[0-2],"(blue|green)"\]' \
    "$T/both"
check "JSON: a Princess answers a call of blue" \
    grep -qE '"event":"calls","args":\[[0-2],"blue"\].*"label":"Princess","card":"Princess"' "$T/both"
check "JSON: a window's args give an event's card name" \
    grep -qE '"window":\{"id":[0-9]+,"kind":"react","event":"names","args":\[[0-2],[0-2],"(Priest|Baron|Caller|Princess)"\]' \
    "$T/both"
check "JSON: a variable of card names, as the name" \
    grep -qE '\{"name":"last_named","player":[0-2],"value":"(Priest|Baron|Caller|Princess)"\}' "$T/both"
check "JSON: a prompt built from funcs of values" \
    grep -qE '"prompt":"Player 1: trump (red|blue|green), strongest (red|blue|green)"' "$T/one"

# The terminal: Player 1 human (answering 1), the others random
for seed in 1 2 3 4 5 6; do
    yes 1 | head -n 3000 | "$T/lab" play --seats human,random,random --seed $seed \
        >>"$T/term" 2>>"$T/stderr"
done
check "terminal: the human's own secret value, whole" \
    grep -qxF 'Player 1 chooses: red (Your favourite suit)' "$T/term"
check "terminal: the human's own secret number, whole" \
    grep -qxF 'Player 1 chooses: 0 (Your secret bid)' "$T/term"
check "terminal: another seat's secret value is not shown" \
    grep -qE '^Player [23] chooses: \.\.\. \(Your favourite suit\)$' "$T/term"
check "terminal: another seat's secret bid is not shown" \
    grep -qE '^Player [23] chooses: \.\.\. \(Your secret bid\)$' "$T/term"
check "terminal: another seat's depth is not shown" \
    grep -qE '^Player [23] chooses: \.\.\. \(Put the kitten back: how many cards above it\?\)$' \
    "$T/term"
check "terminal: a bid revealed, whole" \
    grep -qE '^Player [23] chooses: [0-3] \(Player [23] reveals a bid\)$' "$T/term"
check "terminal: a card named, whole" \
    grep -qE '^Player [123] chooses: (Priest|Baron|Caller|Princess) \(Guard: name Player [123]'"'"'s card\)$' \
    "$T/term"
grep '^Player [23] chooses' "$T/term" >"$T/others"
check "terminal: never another seat's secret suit or bid" \
    sh -c '! grep -qE "chooses: (red|blue|green|[0-9]+) \((Your|Put)" "$1"' sh "$T/others"
check "terminal: a window names an event's suit by its word" \
    grep -qE '^Responses before calls \(Player [123], (blue|green)\): ' "$T/term"
check "terminal: a window names an event's card name" \
    grep -qE '^Responses before names \(Player [123], Player [123], (Priest|Baron|Caller|Princess)\): ' \
    "$T/term"
check "terminal: a variable of card names, as the name" \
    grep -qxE '  last_named of Player [123]: (Priest|Baron|Caller|Princess)' "$T/term"
check "terminal: a variable of values, as its word" grep -qxF '  called: red' "$T/term"
check "terminal: the human's own owner value" \
    grep -qxE '  favourite of Player 1: (red|blue|green)' "$T/term"
check "terminal: a func of values with no value is none" grep -qxF '  last_colour: none' "$T/term"
# seed 18: calls of a suit last (the suit after it the trump) in views of
# Player 1
yes 1 | head -n 3000 | "$T/lab" play --seats human,random,random --seed 18 \
    >"$T/term18" 2>>"$T/stderr"
check "terminal: a call lasting shows in the trump" grep -qxE '  trump: (blue|green)' "$T/term18"
check "terminal: never another seat's owner values" \
    sh -c '! grep -qE "^  (favourite|strong_suit) of Player [23]" "$1"' sh "$T/term"
yes 1 | head -n 3000 | "$T/lab" play --seats human,random,random --seed 2 --reveal-all \
    >"$T/reveal-views" 2>>"$T/stderr"
check "terminal --reveal-all: every seat's owner values" \
    grep -qxE '  strong_suit of Player 3: (red|blue|green)' "$T/reveal-views"
"$T/lab" play --seats random,random,random --seed 2 --reveal-all >"$T/reveal" 2>>"$T/stderr"
check "terminal --reveal-all: every seat's secret value" \
    grep -qE '^Player [23] chooses: (red|blue|green) \(Your favourite suit\)$' "$T/reveal"

# A game of values-lab's cards whose only words are its choices' values
mkdir "$T/bare"
cp "$ROOT/tests/games/values-lab/cards.yaml" "$T/bare/"
cat >"$T/bare/game.rules" <<'EOF'
game "Values Lab"
players 2..2
zone deck: shared, ordered, hidden
var called: per player suit = red
var named: per player int = 0, public
proc main() {
    shuffle deck
    let p = seat(0)
    called[p] = choose p "Call a suit" from values(suit)
    let n = choose p "Name a card" from values(character.name)
    if top(deck).name == n {
        named[p] += 1
    }
    end
}
EOF
bare_game() {
    "$cardc" build "$T/bare" -o "$T/bare.c" 2>"$T/bare.err" &&
        # shellcheck disable=SC2086 # LAB_SAN is a list of flags, or none
        "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Og -g1 $LAB_SAN \
            -I"$ROOT/runtime" "$T/bare.c" "$lib" -o "$T/bare-game" 2>>"$T/bare.err" &&
        printf '{"choose":0}\n{"choose":1}\n' |
        "$T/bare-game" play --protocol json --seats json,random --seed 1 >"$T/bare.out" 2>>"$T/stderr"
}
check "a game whose only words are values builds and plays" bare_game
check "JSON: its suits are named" \
    grep -qF '"prompt":"Call a suit","options":[{"id":0,"label":"red"},{"id":1,"label":"blue"},{"id":2,"label":"green"}]' "$T/bare.out"
check "JSON: its card names are named" \
    grep -qF '"prompt":"Name a card","options":[{"id":0,"label":"Guard"},{"id":1,"label":"Priest"}' "$T/bare.out"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20
summary values
