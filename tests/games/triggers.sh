#!/bin/sh
# triggers.sh: what a decision taken during an event or a handler says
# (docs/RUNTIME.md, "During an event or a handler"), on the labs:
#   - tests/games/trigger-lab: a Coach's clause asks "Draw a card?" when a
#     student joins its field; the JSON decision ends with
#     "during":{"event":"enters","by":P,"cause":"Coach","handler":"on",
#     "file":"cards.yaml","line":L,"depth":2} (L the clause's line, P the
#     deciding seat, the Coach's controller; depth 2: the play of the
#     student, then the handler), every stream passes jsonl_check.py, no "Your action"
#     decision has a "during", and the terminal's question says
#     "(during enters by Player P+1, caused by Coach)";
#   - tests/games/trigger-fault-lab: a handler of the rules asks "Go on?":
#     "during":{"event":"enters","by":null,"cause":null,"handler":"on",
#     "file":"game.rules","line":22,"depth":1};
#   - tests/games/order-lab (`triggers chosen by controller`): a choice of
#     the order of a player's triggers ends with "during":{"event":"enters"
#     or "leaves","by":null,"cause":null,"handler":null,"file":null,
#     "line":null,"depth":1},"trigger_order":true}, its options "CARD #K: on
#     ...", no other decision has "trigger_order", and the terminal says
#     what the question is.
#   - tests/games/event-body-lab: an event's body with `for q in players
#     from p`, `until` and `until ... for p { immune to storm }` checks
#     clean and its C builds with -Werror (played by same-games, its
#     immunity by tests/scenario/event-body-lab);
#   - tests/games/holder-arg-lab: an event given holder(s) straight as a
#     card argument; its C builds at -O2 -Werror without sanitizers
#     (gcc's -Warray-bounds sees what it can prove only there).
#   sh tests/games/triggers.sh CARDC LIBCARDRT
# Prints "triggers: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: triggers.sh CARDC LIBCARDRT}
lib=${2:?usage: triggers.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/triggers.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="triggers: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
for lab in trigger-lab trigger-fault-lab order-lab event-body-lab; do
    # shellcheck disable=SC2086 # san is a list of flags, or none
    "$cardc" build "$ROOT/tests/games/$lab" -o "$T/$lab.c" 2>"$T/err" &&
        "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/$lab.c" "$lib" \
            -o "$T/$lab" 2>>"$T/err" ||
        { echo "FAIL triggers: $lab does not build"; sed 's/^/    /' "$T/err" | head; exit 1; }
done
# Event Body Lab: an event's body checked once, as the event (a loop over
# the players `from` the giver, an `until` in it): no message at all, and
# the C above built with -Werror.
"$cardc" check "$ROOT/tests/games/event-body-lab" >"$T/out" 2>&1
echo $? >"$T/rc"
clean_check() { [ "$(cat "$T/rc")" = 0 ] && [ ! -s "$T/out" ]; }
check "event-body-lab: cardc check says nothing" clean_check

# Holder Arg Lab: hits(s, holder(s)) compiles at -O2 with -Werror, as make
# builds the decks' games (the runtime's flags, no sanitizer).
holder_arg_o2() {
    "$cardc" build "$ROOT/tests/games/holder-arg-lab" -o "$T/holder-arg.c" 2>"$T/err" &&
        "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 -I"$ROOT/runtime" \
            -c "$T/holder-arg.c" -o "$T/holder-arg.o" 2>>"$T/err" ||
        { sed 's/^/    /' "$T/err" | head -5; return 1; }
}
check "holder-arg-lab: holder(s) as an event's card argument builds at -O2 -Werror" holder_arg_o2

# The first seed (of 1..40) whose game, every seat answering 0, asks a
# Coach's question: its JSON stream in $T/coach.json, the seed in $T/seed.
s=1
while [ $s -le 40 ]; do
    yes '{"choose":0}' | head -n 400 |
        "$T/trigger-lab" play --protocol json --players 2 --seed $s >"$T/coach.json" 2>/dev/null
    if grep -q '"prompt":"Draw a card?"' "$T/coach.json"; then
        echo $s >"$T/seed"
        break
    fi
    s=$((s + 1))
done

found() { [ -s "$T/seed" ]; }
# coach_during: each "Draw a card?" decision is taken during the Coach's
# handler (its line in cards.yaml), by the seat deciding
coach_during() {
    line=$(grep -n 'on c enters field\[me\] where c.type == student' \
        "$ROOT/tests/games/trigger-lab/cards.yaml" | cut -d: -f1)
    grep '"prompt":"Draw a card?"' "$T/coach.json" | while read -r l; do
        p=$(echo "$l" | sed -n 's/^{"type":"decision","player":\([0-9]\).*/\1/p')
        echo "$l" | grep -qF ",\"during\":{\"event\":\"enters\",\"by\":$p,\"cause\":\"Coach\",\"handler\":\"on\",\"file\":\"cards.yaml\",\"line\":$line,\"depth\":2}}" ||
            { echo "    $l" | cut -c1-300; return 1; }
    done
}
no_during_outside() { ! grep '"prompt":"Your action"' "$T/coach.json" | grep -q '"during"'; }
well_formed() { python3 "$ROOT/tests/games/jsonl_check.py" "$T/coach.json"; }
# terminal: the same game with human seats answering 1 (the first option)
terminal() {
    yes 1 | head -n 400 | "$T/trigger-lab" play --players 2 --seats human,human \
        --seed "$(cat "$T/seed")" >"$T/coach.txt" 2>/dev/null
    grep -qE '^Player [12]: Draw a card\? \(during enters by Player [12], caused by Coach\)$' \
        "$T/coach.txt"
}
rules_handler() {
    printf '{"choose":1}\n{"choose":0}\n' |
        "$T/trigger-fault-lab" play --protocol json --players 2 --seed 1 2>/dev/null |
        grep '"prompt":"Go on?"' |
        grep -qF ',"during":{"event":"enters","by":null,"cause":null,"handler":"on","file":"game.rules","line":22,"depth":1}}'
}
# order-lab, every seat answering 0: seed 3 asks the order of triggers
yes '{"choose":0}' | head -n 400 |
    "$T/order-lab" play --protocol json --players 2 --seed 3 >"$T/order.json" 2>/dev/null
order_json() {
    grep -q '"trigger_order"' "$T/order.json" || return 1
    grep '"trigger_order"' "$T/order.json" | while read -r l; do
        echo "$l" | grep -qE '^\{"type":"decision","player":[01],"prompt":"Which of your triggers resolves next\?","options":\[\{"id":0,"label":"[A-Za-z]+( #[0-9]+)?: on c (enters discard|leaves hand\[q\])"\},\{"id":1,' &&
            echo "$l" | grep -qE ',"during":\{"event":"(enters|leaves)","by":null,"cause":null,"handler":null,"file":null,"line":null,"depth":1\},"trigger_order":true\}$' ||
            { echo "    $l" | cut -c1-300; return 1; }
    done
}
order_only_there() {
    ! grep '"trigger_order"' "$T/order.json" | grep -v '"prompt":"Which of your triggers resolves next?"' | grep -q . &&
        ! grep '"prompt":"Which of your triggers resolves next?"' "$T/order.json" | grep -v '"trigger_order":true}$' | grep -q .
}
order_well_formed() { python3 "$ROOT/tests/games/jsonl_check.py" "$T/order.json"; }
order_terminal() {
    yes 1 | head -n 400 | "$T/order-lab" play --players 2 --seats human,human --seed 3 \
        >"$T/order.txt" 2>/dev/null
    grep -qE '^Player [12]: Which of your triggers resolves next\? \(during (enters|leaves)\)$' \
        "$T/order.txt" &&
        grep -qF '  (your cards'"'"' triggers that fired at once: the one you choose resolves now, then you choose among the rest)' "$T/order.txt" &&
        grep -qE '^  1\) [A-Za-z]+( #[0-9]+)?: on c (enters discard|leaves hand\[q\])$' "$T/order.txt"
}
check "a seed asks a Coach's question" found
check "the Coach's question is during its handler" coach_during
check "no turn's question has a during" no_during_outside
check "the JSON stream is well formed" well_formed
check "the terminal names the event and the cause" terminal
check "a handler of the rules: by and cause null, depth 1" rules_handler
check "order-lab: the order of triggers, during the event, marked trigger_order" order_json
check "order-lab: trigger_order on that question only, and always on it" order_only_there
check "order-lab: the JSON stream is well formed" order_well_formed
check "order-lab: the terminal says what the question is" order_terminal
summary triggers
