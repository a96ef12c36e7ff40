#!/bin/sh
# secrets.sh: what a face-down card must not tell (tests/games/secret-lab,
# built with ASan+UBSan when LIBCARDRT is the ASan build). Moles lie face
# down in a `hidden` zone in play; Clerks and Bankers face up; all hear a
# card reaching the discard pile, and the players choose the order of their
# triggers (`triggers chosen by controller`). Both seats json, answering 0,
# seeds 1..4:
#   - a choice of the order of triggers is asked (of Clerks and Bankers),
#     and never lists a Mole: a card not seen by every seat takes no part
#     in it (docs/LANGUAGE.md §8, "The order of triggers");
#   - a Mole's question is asked during its clause with "cause":null,
#     "handler":"on" and "file":null,"line":null: where the clause is
#     written would name the card (docs/RUNTIME.md, "During an event or a
#     handler"); a Banker's, face up, names its card, file and line, and
#     its copy at the end ("copy":K), as the view numbers it in the field
#     (tests/games/copies_check.py);
#   - every stream passes jsonl_check.py; at the terminal, no line names a
#     Mole's trigger, and an answer to a Mole's question is "an option (a
#     card's question)" where another seat's Mole asked it: the question
#     and the labels are written on the Mole (the Banker's, and the human's
#     own, whole); simulate and play agree seed by seed.
#
#   sh tests/games/secrets.sh CARDC LIBCARDRT
# Prints "secrets: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: secrets.sh CARDC LIBCARDRT}
lib=${2:?usage: secrets.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/secrets.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="secrets: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
# shellcheck disable=SC2086 # san is a list of flags, or none
if ! "$cardc" build "$ROOT/tests/games/secret-lab" -o "$T/lab.c" 2>"$T/err" ||
    ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/lab.c" "$lib" \
        -o "$T/lab" 2>>"$T/err"; then
    echo "FAIL secrets: secret-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "secrets: 0 passed, 1 failed"
    exit 1
fi

yes '{"choose":0}' | head -n 900 >"$T/in"
for seed in 1 2 3 4; do
    "$T/lab" play --protocol json --seats json,json --seed $seed <"$T/in" >"$T/out.$seed" \
        2>>"$T/stderr"
    check "seed $seed: the stream passes jsonl_check.py" \
        python3 "$ROOT/tests/games/jsonl_check.py" "$T/out.$seed" --ended
    check "seed $seed: copies in play named as the view numbers them (copies_check.py)" \
        python3 "$ROOT/tests/games/copies_check.py" "$ROOT/tests/games/secret-lab/cards.yaml" \
        "$T/out.$seed" field none
done
cat "$T"/out.* >"$T/all"

check "a choice of the order of triggers is asked" grep -q '"trigger_order":true}$' "$T/all"
check "a choice of the order of triggers never lists a face-down Mole" \
    sh -c '! grep "\"trigger_order\":true}$" "$1" | grep -q "\"label\":\"Mole:"' sh "$T/all"
check "a Mole's question is asked" grep -q '"prompt":"Mole: take a point?"' "$T/all"
mole_unnamed() {
    grep '"prompt":"Mole: take a point?"' "$T/all" | while read -r l; do
        echo "$l" | grep -qE ',"during":\{"event":"enters","by":[0-9null]*,"cause":null,"handler":"on","file":null,"line":null,"depth":[0-9]+\}\}$' ||
            { echo "    $l" | cut -c1-300; return 1; }
    done
}
check "a face-down Mole's clause is not named by its file and line" mole_unnamed
check "a face-up Banker's clause is named, with its card" \
    grep -qE '"prompt":"Banker: take a point\?".*,"during":\{"event":"enters","by":[0-9null]*,"cause":"Banker","handler":"on","file":"cards.yaml","line":[0-9]+,' "$T/all"
check "a face-up Banker's question says which copy caused it" \
    grep -qE '"prompt":"Banker: take a point\?".*,"during":\{"event":"enters","by":[0-9null]*,"cause":"Banker","handler":"on","file":"cards.yaml","line":[0-9]+,"depth":[0-9]+,"copy":[1-4]\}' "$T/all"

# The terminal: both seats human, answering 1
yes 1 | head -n 900 | "$T/lab" play --seats human,human --seed 4 >"$T/term" 2>>"$T/stderr"
check "the terminal asks the order of triggers" \
    grep -q 'Which of your triggers resolves next?' "$T/term"
check "the terminal never names a Mole's trigger" sh -c '! grep -q "Mole: on c" "$1"' sh "$T/term"
# The terminal, seat 0 human (answering 1), seat 1 random: every answer
# is followed by its question, but a Mole's, written on a card face down,
# is "a card's question", and its answer "an option" (the Mole's own words,
# "Dig for it", would name it), when the human does not decide it
for seed in 1 2 3 4; do
    yes 1 | head -n 900 | "$T/lab" play --seats human,random --seed $seed >>"$T/one" \
        2>>"$T/stderr"
done
check "the terminal: the random seat's Mole answers without the Mole's question or label" \
    grep -qx 'Player 2 chooses: an option (a card'"'"'s question)' "$T/one"
check "  ... never naming a Mole" sh -c '! grep -q "^Player 2 chooses: .*Mole" "$1"' sh "$T/one"
check "  ... nor a Mole's option" \
    sh -c '! grep -q "^Player 2 chooses: \(Dig for it\|Lie low\)" "$1"' sh "$T/one"
check "  ... and the face-up Banker's question and label whole" \
    grep -qx 'Player 2 chooses: \(Yes\|No\) (Banker: take a point?)' "$T/one"
check "  ... and the human's own Mole's question and label whole, as it was asked" \
    grep -qx 'Player 1 chooses: \(Dig for it\|Lie low\) (Mole: take a point?)' "$T/one"
"$T/lab" play --seats random,random --seed 4 --reveal-all >"$T/reveal" 2>>"$T/stderr"
check "the terminal, --reveal-all: a Mole's question and label whole" \
    grep -qx 'Player [12] chooses: \(Dig for it\|Lie low\) (Mole: take a point?)' "$T/reveal"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary secrets
