#!/bin/sh
# The rulebooks as written (examples/rulebooks/): each NAME.yaml is the card
# list of a rulebook exactly as it stands, and `cardc check NAME.yaml` (with
# `--rules NAME.rules` when that file is there: the rulebook's special rules)
# must reject it: exit status 1, nothing on stdout, and, where NAME.expected
# exists, exactly that on stderr.
#
# NAME.required lists the findings the rejection must include, one a line:
#     must    WHAT    ERE
#     wanted  WHAT    ERE
# (fields separated by tabs; # starts a comment line). ERE is matched
# (grep -E) against each diagnostic cardc prints joined with its notes
# into one line ("FILE:L:C: error: MESSAGE | FILE:L:C: note: MESSAGE").
# A `must` finding missing fails the test; a `wanted` one is listed as
# missing (a check that would find it is not built yet), and one that is
# found is listed too, so that it can be made a `must`.
# Run from the repository root:  sh tests/rulebooks.sh build/bin/cardc
# With --bless, writes every NAME.expected from what cardc prints now
# (`make bless-rulebooks`); review `git diff examples/rulebooks/`.
cardc=${1:?usage: tests/rulebooks.sh CARDC [--bless]}
bless=${2:-}
dir=examples/rulebooks
tmp=${TMPDIR:-/tmp}/rulebooks.$$
trap 'rm -f "$tmp".out "$tmp".err "$tmp".joined' EXIT
tab=$(printf '\t')
pass=0 fail=0

failed() {
    echo "FAIL $1: $2"
    ok=0
}

# The diagnostics of file $1, one a line, each note joined to the line of
# the error or warning it follows.
joined() {
    grep -E '^[^ ]*: (error|warning|note): ' "$1" |
        awk '/^[^ ]*: note: / && n { line = line " | " $0; next }
             { if (n) print line; line = $0; n = 1 }
             END { if (n) print line }'
}

# The findings NAME.required ($1) lists, against what cardc printed ($2).
required() {
    joined "$2" >"$tmp.joined"
    while IFS="$tab" read -r level what ere; do
        case $level in ''|'#'*) continue ;; esac
        if [ -z "$ere" ] || { [ "$level" != must ] && [ "$level" != wanted ]; }; then
            failed "$1" "a line that is not 'must|wanted<TAB>WHAT<TAB>ERE': $level $what"
            continue
        fi
        if grep -Eq -- "$ere" "$tmp.joined"; then
            [ "$level" = wanted ] && echo "note $1: found, may be made a must: $what"
        elif [ "$level" = must ]; then
            failed "$1" "required finding missing: $what"
        else
            echo "note $1: not found yet: $what"
        fi
    done <"$1"
}

for f in "$dir"/*.yaml; do
    base=${f%.yaml}
    set -- check "$f"
    [ -f "$base.rules" ] && set -- "$@" --rules "$base.rules"
    "$cardc" "$@" >"$tmp.out" 2>"$tmp.err"
    got=$?
    if [ "$bless" = --bless ]; then
        if [ -f "$base.expected" ]; then
            cp "$tmp.err" "$base.expected"
            echo "blessed $base.expected"
        fi
        continue
    fi
    ok=1
    [ "$got" = 1 ] || failed "$f" "exit status $got: a rulebook as written must be rejected (1)"
    [ -s "$tmp.out" ] && failed "$f" "output on stdout"
    if [ -f "$base.expected" ] && ! cmp -s "$tmp.err" "$base.expected"; then
        failed "$f" "diagnostics differ (- expected, + actual):"
        diff -u "$base.expected" "$tmp.err" | sed 1,2d
    fi
    [ -f "$base.required" ] && required "$base.required" "$tmp.err"
    if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
[ "$bless" = --bless ] && exit 0

# The reading of NAME.required checks itself: a `must` that nothing
# matches fails, a `wanted` one does not, a malformed line fails.
trap 'rm -f "$tmp".out "$tmp".err "$tmp".joined "$tmp".req' EXIT
printf 'x.yaml:1:1: error: found\n' >"$tmp.out"
for t in "must	nothing	^no such finding$ 0" "wanted	nothing	^no such finding$ 1" \
         "must	found	error: found 1" "must	no tab 0"; do
    printf '%s\n' "${t% *}" >"$tmp.req"
    ok=1
    required "$tmp.req" "$tmp.out" >/dev/null
    if [ "$ok" = "${t##* }" ]; then pass=$((pass + 1)); else
        echo "FAIL tests/rulebooks.sh: the required line '${t% *}' gave $ok"
        fail=$((fail + 1))
    fi
done

echo "rulebooks: $pass passed, $fail failed"
[ "$fail" = 0 ]
