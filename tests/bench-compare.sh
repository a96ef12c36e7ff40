#!/bin/sh
# make bench OLD=DIR's verdict (bench/compare.sh) on two files of figures
# written here: instructions per game grown by more than 5% in one game
# fails the run, by 5% or less it does not, and a game the old build lacks
# is shown but not compared. Games/s are not judged.
#   sh tests/bench-compare.sh
unset LIMIT # the bound under test is the default, 5%
t=${TMPDIR:-/tmp}/bench-compare.$$
mkdir -p "$t" || exit 1
trap 'rm -rf "$t"' EXIT
fail=0
# verdict WANT_STATUS WANT_WORD OLD NEW: compare.sh exits WANT_STATUS and
# its result line has WANT_WORD.
verdict() {
    got=$(sh bench/compare.sh "$3" "$4")
    status=$?
    line=$(echo "$got" | tail -n 1)
    case "$status $line" in
    "$1 result: $2"*) ;;
    *)
        echo "bench-compare: wanted status $1 and 'result: $2', got $status: $line"
        fail=1 ;;
    esac
}
printf 'easy-school 4 60000 1500000 100000 25.00\nbench-lab 4 50000 1000000 300000 20.00\n' >"$t/old"
# bench-lab: 300000 -> 315001 instructions a game, 5.0003% more
printf 'easy-school 4 30000 700000 100000 25.00\nbench-lab 4 50000 1000000 315001 20.00\n' >"$t/grew"
# 315000 is 5% exactly; games/s halved is not judged
printf 'easy-school 4 30000 700000 90000 25.00\nbench-lab 4 50000 1000000 315000 20.00\nmany-lab 4 100 900 900000 60.00\n' >"$t/same"
verdict 1 FAIL "$t/old" "$t/grew"
verdict 0 ok "$t/old" "$t/same"
verdict 0 "3 games measured" /dev/null "$t/same"
sh bench/compare.sh "$t/old" "$t/grew" | grep -q '^bench-lab .* 1\.050  GREW$' ||
    { echo "bench-compare: the grown game is not marked GREW"; fail=1; }
sh bench/compare.sh "$t/old" "$t/same" | grep -q '^many-lab .*(not in the old build)$' ||
    { echo "bench-compare: a game the old build lacks is not shown as such"; fail=1; }
[ $fail = 0 ] && echo "bench-compare: ok"
exit $fail
