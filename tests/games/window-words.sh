#!/bin/sh
# window-words.sh: the words of reaction windows worded by the rules
# (tests/games/window-words-lab, docs/LANGUAGE.md §8 "The words of a
# window"), over the protocol and at the terminal, built with ASan+UBSan
# when LIBCARDRT is the ASan build:
#   - JSON: a raid's window asks every seat the rules' question, built from
#     the raider, the player raided, the points and the public table's top
#     card, and offers the rules' decline label, never a template's `{p0}`;
#   - the window of an event without words keeps "Respond to storm_hits?"
#     and "Do not respond";
#   - the sealed answers read the rules' label in the responses line;
#   - the terminal prints the worded question, and the responses line
#     each answer beside it, as the terminal's seats may read it (the
#     table's card named where a human seat plays);
#   - simulate and play agree seed by seed.
#
#   sh tests/games/window-words.sh CARDC LIBCARDRT
# Prints "window-words: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: window-words.sh CARDC LIBCARDRT}
lib=${2:?usage: window-words.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/window-words.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="window-words: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab window-words-lab "$T/lab"

json_games json,json,json 1 2 3 4 5 6

has() { grep -qE "$1" "$T/all"; }
check "JSON: a raid's window asks the rules' question, built from values" \
    has '"prompt":"Player ([123]) raids Player [123] \((Raider|Storm) on the table\): respond\?"'
check "JSON: a raid's window offers the rules' decline label" \
    has '"label":"Let Player [123] lose 3"'
check "JSON: the raider and the player raided are told apart" \
    sh -c '! grep -E "\"prompt\":\"Player ([123]) raids Player \1 \(" "$1"' sh "$T/all"
check "JSON: a window without words keeps cardc's question" \
    has '"prompt":"Respond to storm_hits\?"'
check "JSON: and cardc's label" has '"label":"Do not respond"'
check "JSON: the responses line reads the rules' label" \
    has '"responses".*"Let Player [123] lose 3"'
check "JSON: no template reaches a client" sh -c '! grep -qE "\{[pcnbw][0-9]\}" "$1"' sh "$T/all"

"$T/lab" play --seats random,random --seed 3 >"$T/term" 2>>"$T/stderr"
"$T/lab" play --seats random,random --seed 4 >>"$T/term" 2>>"$T/stderr"
check "terminal: the worded label is shown among the responses" \
    grep -qE 'Let Player [12] lose 3' "$T/term"
# the raid's question, the table's card unnamed (qa) or named (qn)
qa='Player [12] raids Player [12] \(a card on the table\): respond\?'
qn='Player [12] raids Player [12] \((Raider|Storm) on the table\): respond\?'
check "terminal: each answer beside the rules' question (no human seat: the card unnamed)" \
    grep -qE "^Responses before raid \(Player [12], 3\), by Player [12]: Player [12]: [A-Za-z0-9 ]+ \($qa\); Player [12]: [A-Za-z0-9 ]+ \($qa\)\$" "$T/term"
check "terminal: and cardc's question beside the answers of a window without words" \
    grep -qE '^Responses before storm_hits, by Player [12]: Player [12]: [A-Za-z ]+ \(Respond to storm_hits\?\); Player [12]: [A-Za-z ]+ \(Respond to storm_hits\?\)$' "$T/term"
yes 1 | head -n 3000 | "$T/lab" play --seats human,random --seed 3 >"$T/human" 2>>"$T/stderr"
check "terminal, a human seat: the table's card named in the questions beside the answers" \
    grep -qE "^Responses before raid .*: Player [12]: [A-Za-z0-9 ]+ \($qn\); Player [12]: [A-Za-z0-9 ]+ \($qn\)\$" "$T/human"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary window-words
