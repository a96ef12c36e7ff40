#!/bin/sh
# simul.sh: simultaneous choices (`for q in players simultaneously`,
# docs/LANGUAGE.md §7) seal every answer until all are in: sushi-lab
# (Sushi Go's pick and pass), bid-lab (sealed wagers, a menu; guesses;
# bids) and auction-lab (choices of values: sealed bids by numbers, a
# suit called, a worth guessed, a card named), built
# with ASan+UBSan when LIBCARDRT is the ASan build. For each lab:
#   - the JSON streams of one seat (json, the others random), 2 and 3
#     players, seeds 1..4, pass jsonl_check.py; a simultaneous choice's
#     decisions carry "window" of kind "simultaneous" (event null), and its
#     "responses" line comes once all have answered;
#   - in such a stream no move, and no other line, comes between a
#     simultaneous question and its responses line: nothing is applied
#     before every seat has answered; another seat's card answer is "a
#     card" (card null) where the seat may not see it;
#   - at the terminal (a human seat), the answers of one choice are
#     printed together, after the human's own question: a random seat's
#     "Player N chooses" line never comes before it;
#   - the differential test (tests/games/simul.c): a seat's stream is the
#     same, byte for byte, whatever seat 0 answered, until the responses
#     line reveals it, and differs from there; and so is its terminal
#     transcript (--terminal), until the answers are printed;
#   - auction-lab: the reveal names every seat's value with its words (a
#     number, a suit, a worth, a card's name; a bid of 0 too), in JSON and
#     at the terminal, never "..." there;
#   - simulate and play agree seed by seed; no sanitizer report.
#
#   sh tests/games/simul.sh CARDC LIBCARDRT
# Prints "simul: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: simul.sh CARDC LIBCARDRT}
lib=${2:?usage: simul.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/simul.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="simul: "
. "$ROOT/tests/check.sh"
. "$ROOT/tests/games/lab.sh"

# seats: json in seat $1 of $2 players, random elsewhere
seats() {
    s= i=0
    while [ $i -lt "$2" ]; do
        if [ $i -eq "$1" ]; then s="$s${s:+,}json"; else s="$s${s:+,}random"; fi
        i=$((i + 1))
    done
    echo "$s"
}

# sealed FILE: between a simultaneous question and the responses line of
# its window, the stream has no line but the seat's next questions of it
sealed() {
    awk '/"kind":"simultaneous"/ && /"type":"decision"/ {
             match($0, /"window":\{"id":[0-9]+/); id = substr($0, RSTART + 15, RLENGTH - 15)
             open = id; next }
         /"type":"responses"/ { open = ""; next }
         open != "" { print FILENAME ": a line before the responses of " open ": " $0; bad = 1 }
         END { exit bad }' "$1"
}

# together FILE: each "Player 1 chooses" line of a simultaneous choice is
# followed at once by seat 2's: the answers are printed together
together() {
    awk -v q="$2" 'index($0, "Player 1 chooses: ") == 1 && index($0, "(" q ")") { want = 1; next }
         want && index($0, "Player 2 chooses: ") != 1 { print "split: " $0; bad = 1 }
         { want = 0 }
         END { exit bad }' "$1"
}

# no_named_answer FILE...: no responses line names a card of seats 1..
no_named_answer() {
    ! grep -h '"type":"responses"' "$@" | grep -q '"player":[1-9],"label":"[^"]*","card":"'
}

yes '{"choose":0}' | head -n 3000 >"$T/in"
for lab in sushi-lab bid-lab auction-lab; do
    need_lab $lab "$T/$lab"
    for np in 2 3; do
        seat=0
        while [ $seat -lt $np ]; do
            for seed in 1 2 3 4; do
                "$T/$lab" play --protocol json --seats "$(seats $seat $np)" --seed $seed \
                    <"$T/in" >"$T/$lab.$np.$seat.$seed" 2>>"$T/stderr"
            done
            seat=$((seat + 1))
        done
    done
    check "$lab: every stream passes jsonl_check.py" \
        python3 "$ROOT/tests/games/jsonl_check.py" --ended "$T/$lab".*.*.*
    cat "$T/$lab".*.*.* >"$T/$lab.all"
    check "$lab: simultaneous questions carry their window" \
        grep -q '"window":{"id":[0-9]*,"kind":"simultaneous","event":null,"args":\[\],"by":null' \
        "$T/$lab.all"
    check "$lab: a responses line shows the answers together" \
        grep -q '"type":"responses","window":{"id":[0-9]*,"kind":"simultaneous"' "$T/$lab.all"
    for f in "$T/$lab".*.*.*; do
        check "$lab: nothing comes between a question and the answers in $(basename "$f")" \
            sealed "$f"
    done
    check "$lab: a stream of seat 0 names no card another seat answered with" \
        no_named_answer "$T/$lab".*.0.*
    [ $lab = auction-lab ] ||
        check "$lab: another seat's card answer reads \"a card\"" \
            grep -q '"player":1,"label":"a card","card":null' "$T/$lab".2.0.*
    yes 1 | head -n 2000 | "$T/$lab" play --seats human,random,random --seed 3 \
        >"$T/$lab.term" 2>>"$T/stderr"
    check "$lab: the terminal tells a simultaneous choice" \
        grep -q '^  (a simultaneous choice: every player chooses' "$T/$lab.term"
    check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/$lab" 20
done
check "sushi-lab: the terminal prints the picks together" \
    together "$T/sushi-lab.term" "Keep which card?"
check "bid-lab: the terminal prints the bids together" together "$T/bid-lab.term" "Your bid"
check "bid-lab: the terminal prints the guesses together" \
    together "$T/bid-lab.term" "Who wins the prize?"
check "bid-lab: the terminal prints the wagers (a menu) together" \
    together "$T/bid-lab.term" "Your wager on your guess"
check "sushi-lab: the terminal names no random seat's pick" \
    sh -c '! grep "^Player [23] chooses: " "$1" | grep -vq "chooses: a card ("' sh "$T/sushi-lab.term"

# auction-lab: the values revealed, with their words
suits='(hearts|spades|clubs|diamonds)'
lots='(Crown|Rose|Sword|Shield|Goblet|Acorn|Ring|Coin)'
# revealed WHAT ERE: seat 0's streams of 2 players have a responses line
# whose two answers match ERE (each an answer's label, no card)
revealed() {
    grep -hE '"type":"responses","window":\{[^}]*"kind":"simultaneous"' "$T"/auction-lab.2.0.* |
        grep -qE "\"responses\":\[\{\"player\":0,\"label\":\"$2\",\"card\":null\},\{\"player\":1,\"label\":\"$2\",\"card\":null\}\]"
}
check "auction-lab: JSON reveals both bids, numbers" revealed bids '[0-9]+'
check "auction-lab: JSON reveals a bid of 0" \
    grep -qE '"responses":\[\{"player":0,"label":"0","card":null\}' "$T"/auction-lab.2.0.1
check "auction-lab: JSON reveals both suits called" revealed suits "$suits"
check "auction-lab: JSON reveals both cards named" revealed names "$lots"
check "auction-lab: JSON never reveals a value as \"...\"" \
    sh -c '! grep "\"type\":\"responses\"" "$@" | grep -qF "\"label\":\"...\""' sh "$T"/auction-lab.*.*.*
term() { grep -qE "$1" "$T/auction-lab.term"; }
check "auction-lab: the terminal reveals the others' bids" \
    term '^Player [23] chooses: [0-9]+ \(Bid for the '"$lots"': you have \.\.\. coins\)$'
check "auction-lab: the terminal reveals the human's bid of 0" \
    term '^Player 1 chooses: 0 \(Bid for the '"$lots"': you have [0-9]+ coins\)$'
check "auction-lab: the terminal reveals the others' suits" \
    term "^Player [23] chooses: $suits \\(Call the suit of the next card\\)\$"
check "auction-lab: the terminal reveals the others' worths" \
    term '^Player [23] chooses: [1-3] \(Guess its worth\)$'
check "auction-lab: the terminal reveals the others' names" \
    term "^Player [23] chooses: $lots \\(Name it\\)\$"
check "auction-lab: the terminal never reveals a value as \"...\"" \
    sh -c '! grep -q "^Player [0-9] chooses: \.\.\. (" "$1"' sh "$T/auction-lab.term"
check "auction-lab: the terminal prints the suits together" \
    together "$T/auction-lab.term" "Call the suit of the next card"
check "auction-lab: the terminal prints the names together" together "$T/auction-lab.term" "Name it"

# The differential test: seat 0's answer in the K-th simultaneous choice
san=$LAB_SAN
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O0"
for lab in sushi-lab bid-lab auction-lab; do
    # shellcheck disable=SC2086 # san and cflags are lists of flags
    if ! "$CC" $cflags $san -I"$ROOT/runtime" -DCARDC_NO_MAIN "$ROOT/tests/games/simul.c" \
        "$T/$lab.c" "$lib" -o "$T/$lab-diff" 2>"$T/$lab-diff.err"; then
        sed 's/^/    /' "$T/$lab-diff.err" | head -10
        check "$lab: the differential test builds" false
        continue
    fi
    ks="1 2 5"
    [ $lab = auction-lab ] && ks="1 2 3 4 5" # a bid, a suit, a worth, a name, a bid
    for k in $ks; do
        for mode in json terminal; do
            opt=
            [ $mode = terminal ] && opt=--terminal
            "$T/$lab-diff" $k 3 $opt >"$T/$lab-diff.$k" 2>&1
            grep -A2 '^FAIL' "$T/$lab-diff.$k" | head -6 | cut -c1-300
            check "$lab: no seat learns seat 0's answer to choice $k before the reveal ($mode)" \
                grep -q '^simul: [1-9][0-9]* passed, 0 failed$' "$T/$lab-diff.$k"
        done
    done
done
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' \
    sh "$T/stderr"

summary simul
