#!/bin/sh
# card-window.sh: the window before a card played, worded by the rules and
# reopening (`window for c played`, tests/games/card-window-lab,
# docs/LANGUAGE.md §8 "The window before a card played"), over the
# protocol and at the terminal, built with ASan+UBSan when LIBCARDRT is
# the ASan build:
#   - JSON: the window asks the rules' question, built from the player who
#     plays, the card played (named to every seat, though it may still lie
#     in a hand) and a variable, and offers the rules' decline label;
#   - the sealed answers read that label in the responses line;
#   - a Nope war: the window before a card reopens once a Nope answering
#     it is stopped (a new window, same card, same depth);
#   - the terminal prints the worded question to a human seat, and the
#     responses line each answer beside its question;
#   - simulate and play agree seed by seed.
#
#   sh tests/games/card-window.sh CARDC LIBCARDRT
# Prints "card-window: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: card-window.sh CARDC LIBCARDRT}
lib=${2:?usage: card-window.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/card-window.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="card-window: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab card-window-lab "$T/lab"

json_games json,json,json 1 2 3 4 5 6

has() { grep -qE "$1" "$T/all"; }
q='Player [123] plays (Attack|Nope) \([0-9]+ attacks so far\): Nope it\?'
check "JSON: the window before a card played asks the rules' question, built from values" \
    has "\"prompt\":\"$q\""
check "JSON: and offers the rules' decline label, naming the card" \
    has '"label":"Let the (Attack|Nope) be"'
check "JSON: the responses line reads the rules' label" \
    has '"responses".*"label":"Let the (Attack|Nope) be"'
check "JSON: cardc's words are gone" sh -c '! grep -qE "Respond to a card played|Do not respond" "$1"' sh "$T/all"
check "JSON: no template reaches a client" sh -c '! grep -qE "\{[pcnbw][0-9]\}" "$1"' sh "$T/all"
check "JSON: a Nope war reopens the window before the card it answered" reopened played "$T"/out.*

"$T/lab" play --seats random,random --seed 3 >"$T/term" 2>>"$T/stderr"
check "terminal: each answer beside the rules' question (no human seat: values unnamed)" \
    grep -qE '^Responses before played \((Attack|Nope)\), by Player [12]: Player [12]: Let the (Attack|Nope) be \(Player [12] plays \.\.\. \(\.\.\. attacks so far\): Nope it\?\); ' "$T/term"
yes 1 | head -n 3000 | "$T/lab" play --seats human,random --seed 3 >"$T/human" 2>>"$T/stderr"
check "terminal, a human seat: asked the rules' question, the card named" \
    grep -qE "^Player 1: $q" "$T/human"
check "terminal, a human seat: offered the rules' label" \
    grep -qE '^  2\) Let the (Attack|Nope) be$' "$T/human"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary card-window
