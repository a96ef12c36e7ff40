#!/bin/sh
# valgrind: memcheck finds no error and no leak of any kind in
#   - `cardc check` on every golden input (examples/broken/*.yaml, every
#     examples/broken-rules/*/ folder), every clean example and every deck;
#   - `cardc build` of decks/easy-school (the game) and of its cards alone;
#   - the easy-school binary (GAME_BIN): `simulate --games 20` and one
#     `play --protocol json` fed garbage, then end of file.
# valgrind takes half a second to start, whatever it runs: the checks go
# BATCH paths to a run (`cardc check P1 P2 ...` checks each path in turn,
# as one run each), and a batch that fails is run again path by path, so
# that the report names the input. The runs go two at a time (xargs -P2).
# Run from the repository root:
#   sh tests/valgrind.sh build/bin/cardc [build/bin/easy-school]
# (plain builds: valgrind and ASan do not mix).
BATCH=16
if [ "${1:-}" = --one ]; then
    # --one OUT STDIN PROGRAM ARGS...: one run under valgrind; prints
    # "ok" or "FAIL" and the log. Any exit status but 99 (valgrind's) is
    # fine. A failed `PROGRAM check P...` of several paths is run again
    # for each path, and says which fail.
    out=$2 in=$3
    shift 3
    [ "$in" = - ] && in=/dev/null
    log=$(mktemp "$out/log.XXXXXX")
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all \
        --log-file="$log" "$@" <"$in" >/dev/null 2>&1
    if [ $? = 99 ] || [ -s "$log" ]; then
        if [ "$2" = check ] && [ $# -gt 3 ]; then
            prog=$1
            shift 2
            for path in "$@"; do sh "$0" --one "$out" - "$prog" check "$path"; done
        else
            echo "FAIL $*"
            sed 's/^/    /' "$log"
        fi
    else
        k=1 # the inputs this run checked: the paths of a check
        if [ "$2" = check ]; then
            k=0
            for a in "$@"; do case $a in -* | "$1" | check) ;; *) k=$((k + 1)) ;; esac; done
        fi
        echo "ok $k $*"
    fi
    rm -f "$log"
    exit 0
fi

cardc=${1:?usage: tests/valgrind.sh CARDC [GAME_BIN]}
game=${2:-build/bin/easy-school}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind: skipped (not installed; tests/deps.sh installs it)"
    exit 0
fi
out=build/valgrind
mkdir -p "$out"
jobs=$out/jobs
: >"$jobs"
add() { # add STDIN PROGRAM ARGS...: one job (no argument holds a space)
    echo "$*" >>"$jobs"
}

# checks PATH...: `cardc check` of the PATHs, BATCH to a run
checks() {
    while [ $# -gt 0 ]; do
        batch="" k=0
        while [ $# -gt 0 ] && [ $k -lt $BATCH ]; do
            batch="$batch $1" k=$((k + 1))
            shift
        done
        # shellcheck disable=SC2086 # batch is a list of paths
        add - "$cardc" check $batch
    done
}
plain=""
for f in examples/broken/*.yaml; do
    base=${f%.yaml}
    if [ -f "$base.args" ]; then
        add - "$cardc" check $(cat "$base.args") "$f"
    else
        plain="$plain $f"
    fi
done
add - "$cardc" check --format=json examples/broken/many-errors.yaml
for d in examples/broken-rules/*/; do
    plain="$plain ${d%/}"
done
plain="$plain $(echo examples/ok/*.yaml)"
for d in decks/*/; do
    [ -f "$d/cards.yaml" ] && plain="$plain ${d%/}"
done
# shellcheck disable=SC2086 # plain is a list of paths
checks $plain
if [ -f decks/easy-school/cards.yaml ]; then
    add - "$cardc" build decks/easy-school -o "$out/easy-school.c"
    add - "$cardc" build decks/easy-school/cards.yaml -o "$out/easy-school-cards.c"
    # the binary in one step: cardc itself (the compiler it runs is not
    # traced), the runtime of the build tree
    add - "$cardc" build decks/easy-school -o "$out/easy-school-bin"
else
    add - "$cardc" build examples/ok/tiny.yaml -o "$out/tiny.c"
fi
if [ -x "$game" ]; then
    # Garbage for the JSON protocol: bad JSON, ids out of range, negative,
    # not numbers, control bytes, a line longer than the reader keeps, a
    # line without its newline; then end of file.
    {
        printf 'hello\n{}\n{"choose":}\n{"choose":-1}\n{"choose":99999999999999999999}\n'
        printf '{"choose":1.5}\n{"choose":"0"}\n\001\002\377\376\n{"choose":0} extra\n'
        head -c 10000 /dev/zero | tr '\0' '{'
        printf '\n{"choose":0}\n{"choose":0}\n{"choose":1000}\n{"choo'
    } >"$out/garbage"
    add - "$game" simulate --games 20 --seed 1
    add "$out/garbage" "$game" play --protocol json --seed 1
fi

n=$(wc -l <"$jobs")
xargs -P2 -L1 sh "$0" --one "$out" <"$jobs" >"$out/results"
pass=$(awk '$1 == "ok" { n += $2 } END { print n + 0 }' "$out/results")
fail=$(grep -c '^FAIL ' "$out/results")
grep -v '^ok ' "$out/results"
runs=$(grep -c '^ok \|^FAIL ' "$out/results")
[ "$runs" -ge "$n" ] || { echo "valgrind: $n runs, $runs reported"; fail=$((fail + 1)); }
echo "valgrind: $pass passed, $fail failed"
[ "$fail" = 0 ]
