#!/bin/sh
# determinize.sh: the agents' determinization keeps every seat's view and
# what it followed, deals the cards it does not know, and reads neither
# the sealed answers nor the other seats' `owner` variables it has not
# seen (tests/agents/determinize.c), over random games of the games
# below: the shipped ones, and the labs of what a seat may be shown or
# follow (show, held zones, reactions and their windows, words naming
# cards, owners, copies, simultaneous choices of cards and of numbers,
# owner variables, secret hidden variables). The hidden variables the
# compiler judges secret are compared with tests/agents/secret-vars.
#
#   sh tests/agents/determinize.sh BUILD
# Prints "determinize: N passed, M failed" (one check a game); exits 1 if
# any failed.
B=${1:?usage: determinize.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="determinize: "
. "$ROOT/tests/check.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1

# det GAME N: N games of GAME checked; its output shown when one failed.
# The variables it says are secret go to $T/secret, "GAME: NAME ...".
det() {
    "$B/bin/determinize-$1-asan" --games "$2" >"$T/out" 2>&1 || { cat "$T/out"; return 1; }
    sed -n "s/^determinize: secret:/$1:/p" "$T/out" >>"$T/secret"
}

: >"$T/secret"
while read -r g games; do
    case $g in '' | '#'*) continue ;; esac
    check "$g: $games games, every view kept, every card followed kept, cards dealt" \
        det "$g" "$games"
done <"$ROOT/tests/agents/games"
# The hidden variables judged secret (compiler/sema_var_secrets.c), which
# every deal forgets, game by game: the golden list.
secret_vars() {
    grep -v '^#' "$ROOT/tests/agents/secret-vars" >"$T/want"
    diff -u "$T/want" "$T/secret"
}
check "the hidden variables judged secret are those of tests/agents/secret-vars" secret_vars
summary determinize
