#!/bin/sh
# Golden diagnostics: every examples/broken/NAME.yaml must make
# `cardc check` print exactly NAME.expected on stderr (and, where
# NAME.expected.json exists, exactly that on stdout with --format=json).
# NAME.args, if present, holds extra options (e.g. --max-errors=3).
# The exit status must be 1 (errors found), or 2 when NAME.yaml is not a
# readable file. Every examples/ok/*.yaml must check clean: status 0, no
# output. Run from the repository root:  sh tests/golden.sh build/bin/cardc
#
# With --bless, writes the .expected files instead of comparing (`make
# bless`); review `git diff examples/` before committing what it wrote.
cardc=${1:?usage: tests/golden.sh CARDC [--bless]}
bless=${2:-}
tmp=${TMPDIR:-/tmp}/golden.$$
trap 'rm -f "$tmp".out "$tmp".err' EXIT
pass=0 fail=0

failed() {
    echo "FAIL $1: $2"
    ok=0
}

tally() {
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

for f in examples/broken/*.yaml; do
    base=${f%.yaml}
    args=""
    [ -f "$base.args" ] && args=$(cat "$base.args")
    want=1
    [ -f "$f" ] && [ -r "$f" ] || want=2
    # $args is split into words on purpose.
    "$cardc" check $args "$f" >"$tmp.out" 2>"$tmp.err"
    got=$?
    if [ "$bless" = --bless ]; then
        cp "$tmp.err" "$base.expected"
        if [ -f "$base.expected.json" ]; then
            "$cardc" check --format=json $args "$f" >"$base.expected.json" 2>/dev/null
        fi
        echo "blessed $base.expected"
        continue
    fi
    ok=1
    if [ "$got" != "$want" ]; then
        failed "$f" "exit status $got, expected $want"
    fi
    if [ ! -f "$base.expected" ]; then
        failed "$f" "no $base.expected (make bless writes it)"
    elif ! cmp -s "$tmp.err" "$base.expected"; then
        failed "$f" "diagnostics differ (- expected, + actual):"
        diff -u "$base.expected" "$tmp.err" | sed 1,2d
    fi
    if [ -f "$base.expected.json" ]; then
        "$cardc" check --format=json $args "$f" >"$tmp.out" 2>"$tmp.err"
        got=$?
        if [ "$got" != "$want" ] || [ -s "$tmp.err" ]; then
            failed "$f" "--format=json: exit status $got or output on stderr"
        elif ! cmp -s "$tmp.out" "$base.expected.json"; then
            failed "$f" "JSON differs (- expected, + actual):"
            diff -u "$base.expected.json" "$tmp.out" | sed 1,2d
        fi
    fi
    tally
done
[ "$bless" = --bless ] && exit 0

for f in examples/ok/*.yaml; do
    ok=1
    "$cardc" check "$f" >"$tmp.out" 2>"$tmp.err"
    got=$?
    if [ "$got" != 0 ] || [ -s "$tmp.out" ] || [ -s "$tmp.err" ]; then
        failed "$f" "a clean file gave exit status $got or output:"
        cat "$tmp.err" "$tmp.out"
    fi
    tally
done

echo "golden: $pass passed, $fail failed"
[ "$fail" = 0 ]
