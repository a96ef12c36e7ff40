#!/bin/sh
# Golden diagnostics for the rules language: every examples/broken-rules/NAME/
# is a small game (cards.yaml, game.rules) with one or a few deliberate
# mistakes, and `cardc check examples/broken-rules/NAME` must print exactly
# NAME/expected on stderr, nothing on stdout, and exit with status 1, or with
# the status written in NAME/status (0 for a case that only warns).
# Run from the repository root:  sh tests/golden-rules.sh build/bin/cardc
#
# With --bless, writes every NAME/expected from what cardc prints now
# (`make bless-rules`). Read `git diff examples/broken-rules/` before
# committing it: each message and each line:column must be right and helpful.
cardc=${1:?usage: tests/golden-rules.sh CARDC [--bless]}
bless=${2:-}
dir=examples/broken-rules
if [ ! -d "$dir" ]; then
    echo "golden-rules: no $dir here: run from the repository root" >&2
    exit 2
fi
tmp=${TMPDIR:-/tmp}/golden-rules.$$
trap 'rm -f "$tmp".out "$tmp".err' EXIT
pass=0 fail=0

failed() {
    echo "FAIL $1: $2"
    ok=0
}

for d in "$dir"/*/; do
    d=${d%/}
    want=1
    [ -f "$d/status" ] && want=$(cat "$d/status")
    "$cardc" check "$d" >"$tmp.out" 2>"$tmp.err"
    got=$?
    if [ "$bless" = --bless ]; then
        cp "$tmp.err" "$d/expected"
        note=""
        [ "$got" != "$want" ] && note=" (exit status $got, but $want is expected: fix $d/status?)"
        echo "blessed $d/expected$note"
        continue
    fi
    ok=1
    if [ "$got" != "$want" ]; then
        failed "$d" "exit status $got, expected $want"
    fi
    if [ -s "$tmp.out" ]; then
        failed "$d" "output on stdout:"
        cat "$tmp.out"
    fi
    if [ ! -f "$d/expected" ]; then
        failed "$d" "no $d/expected (make bless-rules writes it)"
    elif ! cmp -s "$tmp.err" "$d/expected"; then
        failed "$d" "diagnostics differ (- expected, + actual):"
        diff -u "$d/expected" "$tmp.err" | sed 1,2d
    fi
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
[ "$bless" = --bless ] && exit 0

echo "golden-rules: $pass passed, $fail failed"
[ "$fail" = 0 ]
