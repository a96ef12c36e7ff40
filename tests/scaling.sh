#!/bin/sh
# scaling.sh: cardc's cost grows with its input, not with its square or a
# product of two of its parts (issue 9, point 1). For every front door
# (card files, rules files, card effects, diagnostics as text and as
# JSON) a generator (tests/scaling/gen.c) writes the input of one case at
# size N and at 10 N; `cardc check` runs on both under callgrind, and the
# ratio of the instructions counted must be at most RATIO (15: linear
# cost gives about 10, a square about 100). Instruction counts do not
# depend on the machine's load, as times would. The cases that once took
# gigabytes are also run under memcheck, whose bytes allocated must grow
# by at most MEM_RATIO (20: the arena's blocks double, so linear memory
# may show up to twice 10). A case too large for memcheck compares the
# peak resident memory of cardc instead (python3 reads it), by the same
# bound: the bytes a run touches do not depend on the machine's load
# either. A run that takes more than LIMIT seconds (120) fails: a walk
# that grows as a power of N (a func's body read again at each of its N
# calls, 8 or 16 calls deep) would run for hours at 10 N.
#
#   sh tests/scaling.sh CARDC       (a plain build: build/bin/cardc)
# Prints one line per case and "scaling: N passed, M failed"; exits 1 if
# any failed. The sizes keep the whole run under a minute.
cardc=${1:?usage: tests/scaling.sh CARDC}
RATIO=15 MEM_RATIO=20 LIMIT=${SCALING_LIMIT:-120}
command -v valgrind >/dev/null || {
    echo "scaling: valgrind is not installed (make deps installs it)"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror \
    tests/scaling/gen.c -o "$T/gen" || { echo "scaling: cannot build the generator"; exit 1; }

# measure TOOL CASE N ARGS...: what TOOL (callgrind: instructions,
# memcheck: bytes allocated) counts of `cardc check ARGS PATH` on the input
# of CASE at size N; empty if cardc did not exit 0 or 1.
measure() {
    tool=$1 c=$2 n=$3
    shift 3
    d=$T/$c-$n
    mkdir -p "$d"
    p=$("$T/gen" "$c" "$n" "$d") || return
    if [ "$tool" = peak ]; then
        timeout "$LIMIT" python3 -c 'import resource, subprocess, sys
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc)' "$cardc" check "$@" "$p" >"$d/log"
    elif [ "$tool" = callgrind ]; then
        timeout "$LIMIT" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            --log-file="$d/log" "$cardc" check "$@" "$p" >/dev/null 2>&1
    else
        timeout "$LIMIT" valgrind --tool=memcheck --log-file="$d/log" "$cardc" check "$@" \
            "$p" >/dev/null 2>&1
    fi
    rc=$?
    if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then
        [ "$tool" = peak ] && cat "$d/log"
        sed -n -e 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' \
            -e 's/^==[0-9]*== .*total heap usage: .* frees, \([0-9,]*\) bytes allocated$/\1/p' \
            "$d/log" | tr -d ,
    fi
    rm -rf "$d"
}

. tests/check.sh   # pass, fail and judge (run from the repository root)
# compare TOOL WHAT BOUND DOOR CASE N ARGS...: the case at N and 10 N,
# through DOOR; the ratio of what TOOL counts must be at most BOUND.
compare() {
    tool=$1 what=$2 bound=$3 door=$4 c=$5 n=$6
    shift 6
    v1=$(measure "$tool" "$c" "$n" "$@")
    v10=$(measure "$tool" "$c" $((10 * n)) "$@")
    if [ -z "$v1" ] || [ -z "$v10" ]; then
        echo "FAIL $door: $c $*: cardc crashed, ran over $LIMIT s or was not run"
        fail=$((fail + 1))
        return
    fi
    r=$(echo "$v1 $v10" | awk '{ printf "%.1f", $2 / $1 }')
    line="$door: $c $* at $n and $((10 * n)): $v1 -> $v10 $what, x$r"
    judge "$r" "$bound" "$line"
}

check() {
    compare callgrind instructions "$RATIO" "$@"
}

check_memory() {
    compare memcheck "bytes allocated" "$MEM_RATIO" "$@"
}

check_peak() {
    compare peak "kB at the peak" "$MEM_RATIO" "$@"
}

# The cases, by front door; gen.c says what each input is and what in
# cardc once made it cost more than linear.
check "card file" text-effect 100
check "card file" sparse-attrs 100
check "card file" wide-card 300
check "card file" expect-values 300
check "card file" unknown-keys 100 --max-errors=10
check "rules" unknown-names 150 --max-errors=10
check "rules" value-names 100
check "rules" choice-names 200
check "rules" open-quotes 3000
check "effects" effect-quotes 2500
check "effects" effect-names 100 --max-errors=10
check "diagnostics" warnings 500
check "diagnostics" warnings-one-line 250
check "diagnostics" warnings 500 --format=json
check "diagnostics" unknown-keys 100 --max-errors=10 --format=json
check "triggers" trigger-chain 30
check "rules" zone-chain 50
check "rules" long-block 2000
check "effects" held-locals 300
check "rules" recursive-calls 1
check "rules" call-chain 1
check_memory "card file" sparse-attrs 1000
check_memory "rules" unknown-names 150 --max-errors=10
check_peak "effects" instead-enters 2000

echo "scaling: $pass passed, $fail failed"
[ "$fail" = 0 ]
