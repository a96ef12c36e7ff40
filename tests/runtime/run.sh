#!/bin/sh
# run.sh: the runtime's tests: Criterion units (ASan+UBSan), then the
# command line of the high-card binary (ASan build; valgrind on the plain
# build when valgrind is there). Closing line: "runtime: N passed, M failed".
#   sh tests/runtime/run.sh UNIT_TESTS HIGH_CARD_ASAN HIGH_CARD
UNIT=${1:?usage: run.sh UNIT_TESTS HIGH_CARD_ASAN HIGH_CARD}
ASAN_BIN=${2:?}
PLAIN_BIN=${3:-}
T=$(mktemp)
trap 'rm -f "$T"' EXIT

ASAN_OPTIONS=detect_leaks=1 "$UNIT" --color=never --jobs 2 >"$T" 2>&1
urc=$?
grep -v '^\[====\] Synthesis' "$T" | grep -v '^$' >&2
syn=$(grep 'Synthesis' "$T")
echo "${syn#*Synthesis: }" | sed 's/^/units: /'
upass=$(echo "$syn" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
utest=$(echo "$syn" | sed -n 's/.*Tested: \([0-9]*\).*/\1/p')
upass=${upass:-0}
ufail=$(( ${utest:-0} - upass ))
[ "$urc" != 0 ] && [ "$ufail" = 0 ] && ufail=1

sh "$(dirname "$0")/cli.sh" "$ASAN_BIN" "$PLAIN_BIN" >"$T" 2>&1
crc=$?
cat "$T"
cpass=$(sed -n 's/^cli: \([0-9]*\) passed.*/\1/p' "$T")
cfail=$(sed -n 's/^cli: [0-9]* passed, \([0-9]*\) failed.*/\1/p' "$T")
cpass=${cpass:-0}
cfail=${cfail:-0}
[ "$crc" != 0 ] && [ "$cfail" = 0 ] && cfail=1

echo "runtime: $((upass + cpass)) passed, $((ufail + cfail)) failed"
[ $((ufail + cfail)) = 0 ]
