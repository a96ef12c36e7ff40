#!/bin/sh
# determinize.sh: the agents' determinization keeps every seat's view and
# what it followed, deals the cards it does not know, reads neither the
# sealed answers nor the other seats' `owner` variables it has not seen,
# deals states the rules play on from, and keeps what a public choice's
# answer told (tests/agents/determinize.c), over random games of the
# games of tests/agents/games: the shipped ones, and the labs of what a
# seat may be shown or follow (show, held zones, reactions and their
# windows, words naming cards, owners, copies, simultaneous choices of
# cards and of numbers, their answers taken without asking, owner
# variables, cards held in locals, a public choice whose `when` reads its
# decider's hand, secret hidden variables). The hidden variables the
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

# det GAME N [OPTIONS]: N games of GAME checked; its output shown when one
# failed. The variables it says are secret go to $T/secret, "GAME: NAME ...".
det() {
    g=$1
    n=$2
    shift 2
    "$B/bin/determinize-$g-asan" --games "$n" "$@" >"$T/out" 2>&1 || { cat "$T/out"; return 1; }
    sed -n "s/^determinize: secret:/$g:/p" "$T/out" >>"$T/secret"
}

: >"$T/secret"
while read -r g games opts; do
    case $g in '' | '#'*) continue ;; esac
    # shellcheck disable=SC2086 # the options are words
    check "$g: $games games, every view kept, every card followed kept, cards dealt" \
        det "$g" "$games" $opts
done <"$ROOT/tests/agents/games"
# The hidden variables judged secret (compiler/sema_var_secrets.c), which
# every deal forgets, game by game: the golden list.
secret_vars() {
    grep -v '^#' "$ROOT/tests/agents/secret-vars" >"$T/want"
    diff -u "$T/want" "$T/secret"
}
check "the hidden variables judged secret are those of tests/agents/secret-vars" secret_vars
summary determinize
