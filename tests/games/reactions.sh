#!/bin/sh
# reactions.sh: what a game with reaction windows shows (tests/games/
# react-lab, built with ASan+UBSan when LIBCARDRT is the ASan build):
#   - secrecy (tests/games/secrecy.c): a third seat's JSON stream is the
#     same whatever the other hands hold, and no answer shows before every
#     seat has answered;
#   - the JSON protocol: a window's question carries "window" (after every
#     pinned field), is asked only of a seat with a card to offer (never
#     with "Do not respond" its only option), and a "responses" line, one
#     answer for every seat, follows once all have answered; every
#     line passes tests/games/jsonl_check.py, windows included; a window
#     before a Watchtower in play is destroyed ends with "copies":[K], the
#     number its view gives that copy (tests/games/copies_check.py);
#   - the terminal: a window's question says it is sealed, the answers
#     come as one "Responses before ..." line, each beside the question its
#     seat was asked ("Do not respond (Respond to destroy?)"), and no
#     answer to a window is printed as "Player N chooses";
#   - a window before a card moving (tests/games/move-lab): its event is
#     "enters", its args the card (null for a seat that may not see it) and
#     the zones it leaves and enters, as a move's places; at the terminal
#     "before enters (a card, hand of Player 2, table of Player 2)";
#   - a game without reactions writes none of it.
#
#   sh tests/games/reactions.sh CARDC LIBCARDRT
# Prints "reactions: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: reactions.sh CARDC LIBCARDRT}
lib=${2:?usage: reactions.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/reactions.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="reactions: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Og -g1"
# shellcheck disable=SC2086 # san and cflags are lists of flags
if ! "$cardc" build "$ROOT/tests/games/react-lab" -o "$T/lab.c" 2>"$T/err" ||
    ! "$CC" $cflags $san -I"$ROOT/runtime" "$T/lab.c" "$lib" -o "$T/lab" 2>>"$T/err" ||
    ! "$CC" $cflags $san -I"$ROOT/runtime" -DCARDC_NO_MAIN "$ROOT/tests/games/secrecy.c" \
        "$T/lab.c" "$lib" -o "$T/secrecy" 2>>"$T/err"; then
    echo "FAIL reactions: react-lab or its secrecy test does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "reactions: 0 passed, 1 failed"
    exit 1
fi

# secrecy.c counts its own checks: each of its lines is one of ours
"$T/secrecy" >"$T/secrecy.out" 2>&1
while read -r verdict what; do
    case $verdict in
    ok) pass=$((pass + 1)) ;;
    FAIL) echo "FAIL reactions: $what"; fail=$((fail + 1)) ;;
    esac
done <"$T/secrecy.out"
grep -q '^secrecy: 4 passed, 0 failed$' "$T/secrecy.out" ||
    { echo "FAIL reactions: secrecy.c did not run its 4 checks"; fail=$((fail + 1)); }

# JSON: seed by seed, seat 0 a json seat taking the first option (a card
# when a reaction is offered), the others random
for seed in 1 2 3 4 5 6; do
    yes '{"choose":0}' | head -n 600 >"$T/in"
    "$T/lab" play --protocol json --seats json,random,random --seed $seed <"$T/in" \
        >"$T/out.$seed" 2>"$T/stderr.$seed"
    check "seed $seed: every line checks (jsonl_check.py)" \
        python3 "$ROOT/tests/games/jsonl_check.py" "$T/out.$seed" --ended
    check "seed $seed: copies in play named as the view numbers them (copies_check.py)" \
        python3 "$ROOT/tests/games/copies_check.py" "$ROOT/tests/games/react-lab/cards.yaml" \
        "$T/out.$seed" field none
done
cat "$T"/out.* >"$T/all"
check "a window's question ends with its window, after the pinned fields" \
    grep -q '"view":{"zones":\[.*\]\(,"active":[0-9null]*\)\{0,1\}\(,"round":[0-9]*\)\{0,1\}\(,"phase":[^,}]*\)\{0,1\}}\(,"during":{[^}]*}\)\{0,1\},"window":{"id":[0-9]*,"kind":"react","event":"[a-z]*","args":\[[^]]*\],"by":[0-9],"depth":[0-9],"order":\[[0-9],[0-9],[0-9]\]}}$' "$T/all"
check "a seat that can only pass is not asked" \
    sh -c '! grep -q "\"options\":\[{\"id\":0,\"label\":\"Do not respond\"}\]" "$1"' sh "$T/all"
check "  ... and its answer is in the responses all the same" \
    grep -q '^{"type":"responses",.*"responses":\[{"player":[0-9],"label":"Do not respond","card":null},{"player":[0-9],"label":"Do not respond","card":null},{"player":[0-9],"label":"Do not respond","card":null}\]}$' "$T/all"
check "a seat that can react is offered the card, then \"Do not respond\"" \
    grep -q '"options":\[{"id":0,"label":"Escape"},{"id":1,"label":"Do not respond"}\]' "$T/all"
check "the answers come in one responses line, one per seat in the order asked" \
    grep -q '^{"type":"responses","window":{"id":[0-9]*,"kind":"react",.*"order":\[\([0-9]\),\([0-9]\),\([0-9]\)\]},"responses":\[{"player":\1,"label":"[^"]*","card":[^}]*},{"player":\2,.*},{"player":\3,.*}\]}$' "$T/all"
check "a reaction played names its card in the responses" \
    grep -q '"label":"Escape","card":"Escape"}' "$T/all"
check "a window's Watchtower in play says which copy, at the window's end" \
    grep -q '"window":{"id":[0-9]*,"kind":"react","event":"destroy","args":\["Watchtower"\],"by":[0-9],"depth":1,"order":\[[0-9],[0-9],[0-9]\],"copies":\[[1-6]\]}' "$T/all"
check "a reaction to a reaction: a window at depth 2" \
    grep -q '"window":{"id":[0-9]*,"kind":"react","event":"played","args":\["Escape"\],"by":[0-9],"depth":2' "$T/all"

# The terminal: seat 0 human, answering 1 (its first option) to everything
yes 1 | head -n 600 >"$T/tin"
"$T/lab" play --seats human,random,random --seed 2 <"$T/tin" >"$T/term" 2>&1
check "the terminal: a window's question says it is sealed" \
    grep -q '^  (before destroy (Watchtower\( #[0-9]\)\{0,1\}), by Player [0-9]; every player who may respond is asked, and no answer is shown until all have answered)$' "$T/term"
check "the terminal: the answers come as one line, each beside its question" \
    grep -q '^Responses before destroy (Watchtower\( #[0-9]\)\{0,1\}), by Player [0-9]: Player [0-9]: [A-Za-z ]* (Respond to destroy?); Player [0-9]: [A-Za-z ]* (Respond to destroy?); Player [0-9]: [A-Za-z ]* (Respond to destroy?)$' "$T/term"
check "the terminal: a reaction to a reaction, beside the question of a card played" \
    grep -q '^Responses before played (Escape), by Player [0-9]: Player [0-9]: [A-Za-z ]* (Respond to a card played?); ' "$T/term"
check "the terminal: no answer to a window is printed as a choice" \
    sh -c '! grep -q "chooses: Do not respond" "$1"' sh "$T/term"

# Before a card moving (move-lab): seat 0 a json seat, the others random
# shellcheck disable=SC2086
if ! "$cardc" build "$ROOT/tests/games/move-lab" -o "$T/move.c" 2>"$T/err" ||
    ! "$CC" $cflags $san -I"$ROOT/runtime" "$T/move.c" "$lib" -o "$T/move" 2>>"$T/err"; then
    echo "FAIL reactions: move-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    fail=$((fail + 1))
else
    for seed in 1 2 3; do
        yes '{"choose":0}' | head -n 800 >"$T/in"
        "$T/move" play --protocol json --seats json,random,random --seed $seed <"$T/in" \
            >"$T/move.$seed" 2>/dev/null
        check "move-lab seed $seed: every line checks (jsonl_check.py)" \
            python3 "$ROOT/tests/games/jsonl_check.py" "$T/move.$seed" --ended
    done
    cat "$T"/move.[0-9] >"$T/moves"
    check "a card moving: the window's args are the card and the zones it leaves and enters" \
        grep -q '"window":{"id":[0-9]*,"kind":"react","event":"enters","args":\["[A-Za-z]*",{"zone":"hand","player":0},{"zone":"table","player":0}\],"by":0,"depth":1' "$T/moves"
    check "a card moving from another seat's hand is not named to seat 0" \
        grep -q '"event":"enters","args":\[null,{"zone":"hand","player":[12]},{"zone":"table","player":[12]}\]' "$T/moves"
    check "a card moving: the question is \"Respond to a card moving?\"" \
        grep -q '"prompt":"Respond to a card moving?"' "$T/moves"
    yes 1 | head -n 800 >"$T/tin"
    "$T/move" play --seats human,random,random --seed 2 <"$T/tin" >"$T/mterm" 2>&1
    check "the terminal: a window before a card moving names its zones" \
        grep -q '^Responses before enters (a card, hand of Player [23], table of Player [23]), by Player [23]: ' "$T/mterm"
    check "  ... and its answers beside the question \"Respond to a card moving?\"" \
        grep -q '^Responses before enters (.*: Player [0-9]: [A-Za-z ]* (Respond to a card moving?); Player [0-9]: [A-Za-z ]* (Respond to a card moving?); Player [0-9]: [A-Za-z ]* (Respond to a card moving?)$' "$T/mterm"
fi

# A card is played once (tests/games/nope-lab): while a Nope's play waits
# on the window before it, that Nope is not offered again, so no move of
# a Nope ever leaves the pile ("Nope: pile -> pile" before the fix). Two
# random seats, 200 seeds (about one in twenty nopes a nope), played at
# full speed (the plain runtime beside the ASan one, when there is one);
# the first 20 again under the sanitizers, which must play the same games.
fast_lib=${lib%-asan.a}.a
[ -f "$fast_lib" ] || fast_lib=$lib
fast_san=$san
[ "$fast_lib" = "$lib" ] || fast_san=
# nope_games BINARY N OUT: seeds 1..N of BINARY into OUT
nope_games() {
    : >"$3"
    seed=1
    while [ $seed -le "$2" ]; do
        "$1" play --protocol json --seats random,random --seed $seed </dev/null >>"$3" 2>/dev/null
        seed=$((seed + 1))
    done
}
# shellcheck disable=SC2086
if ! "$cardc" build "$ROOT/tests/games/nope-lab" -o "$T/nope.c" 2>"$T/err" ||
    ! "$CC" $cflags $san -I"$ROOT/runtime" "$T/nope.c" "$lib" -o "$T/nope" 2>>"$T/err" ||
    ! "$CC" $cflags $fast_san -I"$ROOT/runtime" "$T/nope.c" "$fast_lib" -o "$T/nope-fast" \
        2>>"$T/err"; then
    echo "FAIL reactions: nope-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    fail=$((fail + 1))
else
    nope_games "$T/nope-fast" 200 "$T/nopes"
    nope_games "$T/nope" 20 "$T/nopes20"
    check "nope-lab: 200 games end" \
        sh -c '[ "$(grep -c "^{\"type\":\"end\",.*\"result\":\"win\"" "$1")" = 200 ]' sh "$T/nopes"
    check "nope-lab: a Nope nopes a Nope in some game (a window at depth 2 answered with a Nope)" \
        grep -q '"depth":2,"order":\[[0-9,]*\]},"responses":\[.*"card":"Nope"' "$T/nopes"
    check "nope-lab: no card is played twice (no move out of the pile)" \
        sh -c '! grep -q "\"from\":{\"zone\":\"pile\"}" "$1"' sh "$T/nopes"
    check "nope-lab: the first 20 games under ASan+UBSan are the same games" \
        sh -c 'head -n "$(wc -l <"$2")" "$1" | cmp -s - "$2"' sh "$T/nopes" "$T/nopes20"
fi

# A game without reactions: none of it
"$cardc" build "$ROOT/decks/easy-school" -o "$T/es.c" 2>/dev/null
# shellcheck disable=SC2086
"$CC" $cflags $san -I"$ROOT/runtime" "$T/es.c" "$lib" -o "$T/es" 2>/dev/null
yes '{"choose":0}' | head -n 2000 >"$T/in"
"$T/es" play --protocol json --seed 3 <"$T/in" >"$T/es.out" 2>/dev/null
check "a game without reactions writes no window and no responses" \
    sh -c '! grep -q "\"window\"\\|\"responses\"" "$1" && grep -q "\"type\":\"end\"" "$1"' sh "$T/es.out"

summary reactions
