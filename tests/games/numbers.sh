#!/bin/sh
# numbers.sh: numbers on the table over the protocol and at the terminal
# (tests/games/number-lab, built with ASan+UBSan when LIBCARDRT is the ASan
# build; docs/LANGUAGE.md §2, "Who sees a variable"). Seat 0 json (always
# the first option), the others random, seeds 1..4 at 3 and 4 players:
#   - every stream passes jsonl_check.py;
#   - seat 0's views show its own `owner` numbers (coins, worth) and never
#     another seat's, every seat's `public` ones (debts, score), and never
#     a `hidden` variable (savings);
#   - a card number (last_drawn) lying in another seat's hand is not named
#     ("value":null,"unseen":true); --reveal-all names it;
#   - every view says whose turn, the round and the phase;
#   - --reveal-all shows every seat's owner numbers;
#   - at the terminal, Player 1 sees "coins of Player 1" and never "coins
#     of Player 2", the line "Turn of Player 1 - round R, market", and the
#     last card drawn by another seat as "a card";
#   - a shown func that faults (on the copy of the state a view computes
#     it on) shows "?" / null, and the game goes on to its end.
#
#   sh tests/games/numbers.sh CARDC LIBCARDRT
# Prints "numbers: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: numbers.sh CARDC LIBCARDRT}
lib=${2:?usage: numbers.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/numbers.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="numbers: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab number-lab "$T/lab"

yes '{"choose":0}' | head -n 400 >"$T/in"
for n in 3 4; do
    for seed in 1 2 3 4; do
        seats=json,random,random
        [ $n = 4 ] && seats=$seats,random
        "$T/lab" play --protocol json --seats $seats --seed $seed <"$T/in" \
            >"$T/out.$n.$seed" 2>>"$T/stderr"
    done
done
check "3 and 4 players, seeds 1-4: every stream passes jsonl_check.py" \
    python3 "$ROOT/tests/games/jsonl_check.py" --ended "$T"/out.*
cat "$T"/out.* >"$T/all"
grep '"type":"decision"' "$T/all" >"$T/views"

check "seat 0 is asked" test -s "$T/views"
check "seat 0 sees its own coins and worth in every view" \
    sh -c '! grep -v "{\"name\":\"coins\",\"player\":0,\"value\":[0-9]*}" "$1" | grep -q . &&
           ! grep -v "{\"name\":\"worth\",\"player\":0,\"value\":[0-9]*}" "$1" | grep -q .' \
    sh "$T/views"
check "seat 0 never sees another seat's coins or worth" \
    sh -c '! grep -q "\"name\":\"\(coins\|worth\)\",\"player\":[1-9]" "$1"' sh "$T/all"
check "seat 0 sees every seat's debts and score" \
    sh -c 'grep -q "{\"name\":\"debts\",\"player\":2,\"value\":[0-9]*}" "$1" &&
           grep -q "{\"name\":\"score\",\"player\":2,\"value\":-\{0,1\}[0-9]*}" "$1"' \
    sh "$T/views"
check "no stream names a hidden variable" sh -c '! grep -q "savings" "$1"' sh "$T/all"
check "a card drawn into another seat's hand is not named" \
    grep -q '{"name":"last_drawn","value":null,"unseen":true}' "$T/views"
check "every view says whose turn, the round and the phase" \
    sh -c '! grep -v "\],\"active\":0,\"round\":[1-4],\"phase\":\"market\",\"numbers\":\[" "$1" |
           grep -q .' sh "$T/views"

"$T/lab" play --protocol json --seats json,random,random --seed 1 --reveal-all <"$T/in" \
    >"$T/reveal" 2>>"$T/stderr"
check "--reveal-all shows every seat's owner numbers" \
    grep -q '"name":"coins","player":2,"value":[0-9]*},.*"name":"worth","player":2,' "$T/reveal"
check "--reveal-all names the last card drawn" \
    sh -c '! grep -q "\"unseen\":true" "$1" &&
           grep -q "{\"name\":\"last_drawn\",\"value\":\"\(Bread\|Cloth\|Gold\)\"}" "$1"' \
    sh "$T/reveal"

printf '1\n1\n1\n1\n1\n1\n1\n1\n' | "$T/lab" play --seats human,random,random --seed 2 \
    >"$T/term" 2>>"$T/stderr"
check "the terminal shows Player 1 their coins" grep -q '^  coins of Player 1: [0-9]*$' "$T/term"
check "the terminal never shows another seat's coins" \
    sh -c '! grep -q "coins of Player [23]" "$1"' sh "$T/term"
check "the terminal shows every seat's debts" grep -q '^  debts of Player 3: [0-9]*$' "$T/term"
check "the terminal says whose turn, the round and the phase" \
    grep -q '^Turn of Player 1 - round 2, market$' "$T/term"
check "the terminal does not name a card in another seat's hand" \
    grep -q '^  last_drawn: a card$' "$T/term"
check "the terminal shows the running score" grep -q '^  score of Player 2: -\{0,1\}[0-9]*$' "$T/term"
# A shown func that faults (worth divides by the pot, 0 at first): the view
# shows "?" at the terminal, null in JSON, and the game goes on.
mkdir "$T/fault-lab"
cp "$ROOT/tests/games/number-lab/cards.yaml" "$T/fault-lab/"
sed 's|^func worth(p: player): int, owner = .*|func worth(p: player): int, owner = coins[p] / pot|' \
    "$ROOT/tests/games/number-lab/game.rules" >"$T/fault-lab/game.rules"
# shellcheck disable=SC2086 # LAB_SAN is a list of flags, or none
if "$cardc" build "$T/fault-lab" -o "$T/fault.c" 2>>"$T/stderr" &&
    "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $LAB_SAN -I"$ROOT/runtime" "$T/fault.c" "$lib" \
        -o "$T/fault" 2>>"$T/stderr"; then
    printf '2\n2\n2\n' | "$T/fault" play --seats human,random --seed 3 >"$T/fterm" 2>"$T/fterm.err"
    "$T/fault" play --protocol json --seats json,random --seed 3 <"$T/in" >"$T/fjson" 2>>"$T/stderr"
fi
check "a shown func that faults shows ? at the terminal" grep -q '^  worth of Player 1: ?$' "$T/fterm"
check "... and a number afterwards" grep -q '^  worth of Player 1: [0-9][0-9]*$' "$T/fterm"
check "... and nothing else on stderr than the end of its input" \
    sh -c '! grep -v "^stdin closed, game abandoned$" "$1" | grep -q .' sh "$T/fterm.err"
check "... null in JSON" grep -q '{"name":"worth","player":0,"value":null}' "$T/fjson"
check "... and the game goes on to its end" grep -q '"type":"end",.*"result":"win"' "$T/fjson"
check "nothing on stderr but the game's own lines" sh -c '! grep -v "^seed: " "$1" | grep -q .' \
    sh "$T/stderr"
summary numbers
