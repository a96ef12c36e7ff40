#!/bin/sh
# suite.sh: the test suite's steps, run side by side.
#
#   sh tests/suite.sh [--jobs N] TIER
#
# TIER is `check` (the quick tier of `make check`: goldens, unit tests, one
# scenario per game) or `test` (everything `make test` runs, the quick tier
# included). The steps and the tier of each are listed in
# tests/suite.steps, longest first, so that the long ones start at once
# and the short ones fill the gaps. N steps run at a time (default: the
# number of cores), and beside them, one at a time, the steps of `make
# test` that mostly wait (tier `waits`); each writes its whole output to
# build/test-logs/STEP.log.
# The binaries the steps use must be built before (`make test-bins` or
# `make check-bins`): two steps never build the same file at once.
#
# Prints one line per step as it ends ("ok STEP (12 s): its own closing
# line"), then the end of the log of every step that failed, then
# "suite: N passed, M failed". Exits 1 if any step failed.
#
# A step is run by this same script: sh tests/suite.sh --step TIER NAME.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STEPS=$ROOT/tests/suite.steps
LOGS=$ROOT/build/test-logs

# command_of NAME: the command of step NAME in tests/suite.steps.
command_of() {
    awk -v n="$1" '$0 !~ /^#/ && $2 == n { $1 = ""; $2 = ""; sub(/^  /, ""); print; exit }' "$STEPS"
}

# steps_of TIER: the names of the steps the tier runs, in file order.
steps_of() {
    awk -v t="$1" '$0 ~ /^#/ || NF < 3 { next }
        t == "test" || $1 == t { print $2 }' "$STEPS"
}

# waiting_of TIER: those of them that mostly wait (tier `waits`: a
# browser, a server), run one at a time in a lane of their own beside the
# N steps at a time, so that their waits leave no core idle; busy_of
# TIER: the others.
waiting_of() {
    awk -v t="$1" '$0 ~ /^#/ || NF < 3 { next }
        t == "test" && $1 == "waits" { print $2 }' "$STEPS"
}
busy_of() {
    awk -v t="$1" '$0 ~ /^#/ || NF < 3 { next }
        (t == "test" && $1 != "waits") || $1 == t { print $2 }' "$STEPS"
}

# cpu_seconds FILE: the CPU time (user and system) of the children a shell
# has waited for, in whole seconds, from FILE: what that shell's `times`
# wrote (run in a pipe or in $(...), `times` would speak of a new child).
cpu_seconds() {
    tail -n 1 "$1" | awk '{
        t = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] }
        printf "%d", t + 0.5 }'
}

# run_step NAME: runs it from the repository root, output to its log;
# prints its line and leaves its exit status in LOGS/NAME.rc.
run_step() {
    name=$1
    cmd=$(command_of "$name")
    start=$(date +%s)
    (cd "$ROOT" && sh -c "$cmd") >"$LOGS/$name.log" 2>&1 </dev/null
    rc=$?
    secs=$(($(date +%s) - start))
    times >"$LOGS/$name.times"
    cpu=$(cpu_seconds "$LOGS/$name.times")
    echo "$rc" >"$LOGS/$name.rc"
    last=$(grep -E '[0-9]+ passed, [0-9]+ failed|^Synthesis' "$LOGS/$name.log" | tail -n 1)
    if [ "$rc" = 0 ]; then word=ok; else word=FAIL; fi
    echo "$word $name ($secs s, $cpu s CPU)${last:+: $last}"
}

# direct_python: puts first in PATH a python3 that is the interpreter
# itself, not a version manager's shim: pyenv's shim is a bash script
# that takes 0.7 s of CPU to start Python (the interpreter alone: 0.03 s),
# and the steps start python3 some thousands of times. The same python3
# runs, found as `python3` finds it.
# The link is made once, by the suite (each step finds it in PATH: a
# step making it again, from the python3 it finds there, would make it
# point at itself), to the interpreter's real path.
direct_python() {
    case ":$PATH:" in *":$ROOT/build/py:"*) return 0 ;; esac
    py=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null) ||
        return 0
    [ -x "$py" ] || return 0
    mkdir -p "$ROOT/build/py"
    ln -sf "$py" "$ROOT/build/py/python3"
    PATH=$ROOT/build/py:$PATH
    export PATH
}
direct_python

if [ "${1:-}" = --step ]; then
    run_step "$3"
    exit 0
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "${1:-}" = --jobs ]; then
    jobs=${2:?usage: suite.sh [--jobs N] check|test}
    shift 2
fi
tier=${1:?usage: suite.sh [--jobs N] check|test}
case $tier in
check | test) ;;
*) echo "suite.sh: unknown tier '$tier' (check or test)" >&2; exit 2 ;;
esac

mkdir -p "$LOGS"
names=$(steps_of "$tier")
for n in $names; do rm -f "$LOGS/$n.rc" "$LOGS/$n.log" "$LOGS/$n.times"; done
start=$(date +%s)
lane=
waiting=$(waiting_of "$tier")
if [ -n "$waiting" ]; then
    # shellcheck disable=SC2086 # waiting is a list of words
    printf '%s\n' $waiting | xargs -I{} sh "$0" --step "$tier" {} &
    lane=$!
fi
# shellcheck disable=SC2086 # a list of words
printf '%s\n' $(busy_of "$tier") | xargs -P "$jobs" -I{} sh "$0" --step "$tier" {}
[ -z "$lane" ] || wait "$lane"

pass=0 fail=0 cpu=0
for n in $names; do
    [ -f "$LOGS/$n.times" ] && cpu=$((cpu + $(cpu_seconds "$LOGS/$n.times")))
    if [ "$(cat "$LOGS/$n.rc" 2>/dev/null)" = 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "---- $n failed; the end of build/test-logs/$n.log:"
        tail -n 40 "$LOGS/$n.log"
    fi
done
echo "suite ($tier, $jobs at a time): $(($(date +%s) - start)) s, $cpu s CPU"
echo "suite: $pass passed, $fail failed"
[ "$fail" = 0 ]
