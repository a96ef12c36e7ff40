#!/bin/sh
# run.sh: every scenario of tests/scenario/GAME/*.scn, by that game's
# scenario runner BUILD/bin/scenario-GAME (ASan+UBSan; make check-bins
# builds them).
#
#   sh tests/scenario/run.sh BUILD
# Prints "scenarios: N passed, M failed" (one check a game); exits 1 if any
# failed.
B=${1:?usage: run.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="scenarios: "
. "$ROOT/tests/check.sh"

for d in "$ROOT"/tests/scenario/*/; do
    g=$(basename "$d")
    set -- "$d"*.scn
    [ -f "$1" ] || continue
    check "$g" "$B/bin/scenario-$g" "$@"
done
summary scenarios
