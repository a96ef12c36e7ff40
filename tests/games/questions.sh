#!/bin/sh
# questions.sh: at the terminal every answer is followed by its question,
# "Player N chooses: LABEL (QUESTION)" (docs/RUNTIME.md, "The terminal"),
# on Easy School (GAME_BINARY, build/bin/easy-school), 3 players, seeds 1..4:
#   - a yes or no beside its question, "Player 2 chooses: yes (Draw
#     another card?)", a random seat's as the human's own;
#   - a card's and a player's answer beside theirs, "Player 2 chooses:
#     Nerd (red) (Pick a card from the pool)" (the card's colour, which
#     the rules read, after its name: tests/terminal.sh; the cards a seat may not see are
#     "a card" as before: words.sh and secrets.sh check them);
#   - every "Player N chooses" line, of every seat and every kind of
#     decision (menus, cards, sets of cards, players, yes or no, the
#     decisions of one option taken without asking), ends with one of the
#     questions game.rules asks, in parentheses;
#   - the JSON protocol is as it was: no question line, no "chosen" line
#     (Easy School makes no choice public).
#
#   sh tests/games/questions.sh GAME_BINARY
# Prints "questions: N passed, M failed"; exits 1 if any failed.
BIN=${1:?usage: questions.sh GAME_BINARY}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/questions.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="questions: "
. "$ROOT/tests/check.sh"

# The strings of the rules: every question is one of them.
grep -o '"[^"]*"' "$ROOT/decks/easy-school/game.rules" | tr -d '"' >"$T/strings"

# asked FILE: every "Player N chooses" line ends with " (S)", S a string of
# the rules; prints the first that does not.
asked() {
    awk 'NR == FNR { q[n++] = " (" $0 ")"; next }
        /^Player [0-9]+ chooses: / {
            ok = 0
            for (i = 0; i < n && !ok; i++)
                ok = length($0) > length(q[i]) && substr($0, length($0) - length(q[i]) + 1) == q[i]
            if (!ok) { print "    " $0; bad = 1; exit }
        }
        END { exit bad }' "$T/strings" "$1"
}

for seed in 1 2 3 4; do
    yes 1 | head -n 2000 | "$BIN" play --players 3 --seats human,random,random --seed $seed \
        >"$T/term.$seed" 2>>"$T/stderr"
    check "seed $seed: every answer beside a question of the rules" asked "$T/term.$seed"
    check "seed $seed: the game ends" grep -q '^=== game over after ' "$T/term.$seed"
done
cat "$T"/term.* >"$T/all"
check "a random seat's yes or no beside its question" \
    grep -qE '^Player [23] chooses: (yes|no) \(Draw another card\?\)$' "$T/all"
check "the human's own yes beside its question" \
    grep -qx 'Player 1 chooses: yes (Draw another card?)' "$T/all"
check "a card's answer beside its question" \
    grep -qE '^Player [23] chooses: [A-Z][a-z]+ \([a-z]+\) \(Pick a card from the pool\)$' "$T/all"
check "a player's answer beside its question" \
    grep -qE '^Player [123] chooses: Player [123] \(Play a stress card against\)$' "$T/all"
check "a menu's answer beside its question" \
    grep -qE '^Player [123] chooses: [A-Z][a-z ]+ \(Choose your action\)$' "$T/all"

yes '{"choose":0}' | head -n 2000 |
    "$BIN" play --players 3 --protocol json --seats json,random,random --seed 1 >"$T/json" \
        2>>"$T/stderr"
check "JSON: a decision line as it was" \
    grep -q '^{"type":"decision","player":0,"prompt":"Choose your action","options":\[' "$T/json"
check "JSON: no question line, no chosen line" \
    sh -c '! grep -q "chooses\|\"type\":\"chosen\"" "$1"' sh "$T/json"
check "JSON: the stream passes jsonl_check.py" \
    python3 "$ROOT/tests/games/jsonl_check.py" "$T/json" --ended
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"

summary questions
