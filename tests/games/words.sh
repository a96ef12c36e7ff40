#!/bin/sh
# words.sh: prompts and labels built from values (tests/games/words-lab,
# docs/LANGUAGE.md §7 "Words built from values"), over the protocol and at
# the terminal, built with ASan+UBSan when LIBCARDRT is the ASan build:
#   - JSON: a decision's "prompt" and its options' "label" carry the built
#     text (a player, a card and its suit, a number, a truth value, braces
#     written '{{ }}'), never a template's `{p0}`;
#   - a public choice (the Guard's target and guess) is announced to the
#     stream in a "chosen" line, a random seat's too, and no other choice
#     is;
#   - the terminal prints every question beside its answer, and one built
#     from values so: a human reads their own whole; a random seat's is shown with the
#     cards the human may not see as "a card" and its other values as
#     "...", and whole with --reveal-all; a public choice is shown whole;
#   - simulate and play agree seed by seed.
#
#   sh tests/games/words.sh CARDC LIBCARDRT
# Prints "words: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: words.sh CARDC LIBCARDRT}
lib=${2:?usage: words.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/words.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="words: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab words-lab "$T/lab"

json_games json,json,json 1 2 3 4

has() { grep -qE "$1" "$T/all"; }
check "JSON: a prompt built from a player" has '"prompt":"Pass 2 cards to Player [123]"'
check "JSON: a prompt built from the player a Guard names" \
    has '"prompt":"Guess Player [123]'"'"'s card"'
check "JSON: a prompt built from a player, a card and its suit" \
    has '"prompt":"Player [123] says you hold [A-Z][a-z]+ \((red|blue|green)\): is that so\?"'
check "JSON: a prompt built from numbers" has '"prompt":"Player [123]: [0-9]+ cards, [0-9]+ hits"'
check "JSON: a label built from a card and an attribute value" \
    has '"label":"Play [A-Z][a-z]+, a (red|blue|green) card"'
check "JSON: an 'else' label built from a player" has '"label":"Guess nothing from Player [123]"'
check "JSON: a truth value, and braces written twice" \
    has '"label":"Wait \(a hit already: (yes|no); \{braces\} stay\)"'
check "JSON: no template reaches a client" sh -c '! grep -qE "\{[pcnbw][0-9]\}" "$1"' sh "$T/all"
check "JSON: the Guard's target is announced" \
    has '^\{"type":"chosen","player":[012],"prompt":"Guard: whose card\?","label":"Player [123]"\}$'
check "JSON: the Guard's guess is announced" \
    has '^\{"type":"chosen","player":[012],"prompt":"Guess Player [123]'"'"'s card","label":"(Guard|Priest|Baron|Handmaid|Countess|Guess nothing from Player [123])"\}$'
check "JSON: a choice that is not public is not announced" \
    sh -c '! grep "\"type\":\"chosen\"" "$1" | grep -qv "Guard: whose card\|Guess Player"' sh "$T/all"
for seed in 1 2 3 4; do
    "$T/lab" play --protocol json --seats json,random,random --seed $seed <"$T/in" \
        >>"$T/one" 2>>"$T/stderr"
done
check "JSON: a random seat's public choice reaches the json seat's stream" \
    grep -qE '^\{"type":"chosen","player":[12],"prompt":"Guard: whose card\?"' "$T/one"

# The terminal: Player 1 human (answering 1), the others random
yes 1 | head -n 3000 | "$T/lab" play --seats human,random,random --seed 2 >"$T/term" \
    2>>"$T/stderr"
check "terminal: the human reads their own prompt" grep -qE '^Player 1: Player 1: [0-9]+ cards' "$T/term"
check "terminal: the human's choice and its question, whole" \
    grep -qE '^Player 1 chooses: Play [A-Z][a-z]+, a (red|blue|green) card \(Player 1: [0-9]+ cards, [0-9]+ hits\)$' "$T/term"
check "terminal: another seat's card and numbers are not shown" \
    grep -qE '^Player [23] chooses: Play a card, a \.\.\. card \(Player [23]: \.\.\. cards, \.\.\. hits\)$' "$T/term"
check "terminal: a public choice, whole, beside its question" \
    grep -qE '^Player [23] chooses: Player [123] \(Guard: whose card\?\)$' "$T/term"
grep '^Player [23] chooses' "$T/term" >"$T/others"
check "terminal: never another seat's card or suit" \
    sh -c '! grep -qE "Play [A-Z][a-z]+, |a (red|blue|green) card" "$1"' sh "$T/others"
check "terminal: a player's name is shown to all" \
    grep -qE '^Player [23] chooses: Guess nothing from Player [123] \(Guess Player [123]'"'"'s card\)$|^Player [23] chooses: Wait' "$T/term"
check "terminal: another seat's yes or no beside its question, the card seen named, its suit not" \
    grep -qE '^Player [123] chooses: (yes|no) \(Player [123] says you hold [A-Z][a-z]+ \(\.\.\.\): is that so\?\)$' "$T/term"
"$T/lab" play --seats random,random,random --seed 2 --reveal-all >"$T/reveal" 2>>"$T/stderr"
check "terminal --reveal-all: every seat's card and suit" \
    grep -qE '^Player [23] chooses: Play [A-Z][a-z]+, a (red|blue|green) card \(Player [23]: [0-9]+ cards' "$T/reveal"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary words
