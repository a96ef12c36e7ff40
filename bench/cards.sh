#!/bin/sh
# make bench: how fast `cardc check` reads a 100,000-card file whose every
# card has a text naming other cards, three in five an effect that the
# text is checked against (bench/gencards.c), measured beside libyaml's
# bare event parse of the same file (the lower limit). The runs are
# interleaved and each side keeps its best of 5, so both meet the same
# machine load. Target: check / parse <= 1.5. Then both are counted under
# callgrind on a file of 20,000 such cards: the ratio of instructions, a
# figure the load does not move.
#   sh bench/cards.sh BUILD_DIR [OLD]     (cardc is BUILD_DIR/bin/cardc)
# With OLD (an older checkout or its build directory, as for
# bench/each-game.sh), OLD's cardc is timed and counted beside this one.
. bench/common.sh
B=${1:-build}
OLD=${2:-}
CC=${CC:-cc}
YAML_LIBS=$(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
out=$B/bench
runs=5
file=$out/cards-100k.yaml small=$out/cards-20k.yaml
mkdir -p "$out"
set -e
for p in gencards elapsed; do
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror \
        "bench/$p.c" -o "$out/$p"
done
# shellcheck disable=SC2086 # YAML_LIBS is a list of flags
$CC -std=c11 -O2 -Wall -Wextra -Werror bench/yamlparse.c -o "$out/yamlparse" $YAML_LIBS
"$out/gencards" "$file" 100000
"$out/gencards" "$small" 20000
"$B/bin/cardc" check "$file" # must be clean: set -e stops here if not
set +e
old=""
if [ -n "$OLD" ]; then
    if [ -x "$OLD/bin/cardc" ]; then
        old=$OLD/bin/cardc
    elif [ -x "$OLD/build/bin/cardc" ]; then
        old=$OLD/build/bin/cardc
    else
        echo "bench: no cardc in $OLD/bin or $OLD/build/bin"; exit 1
    fi
fi

# The fewer of two times (the second may be empty).
min_time() {
    echo "$1 $2" | awk '{ print ($2 == "" || $1 < $2) ? $1 : $2 }'
}

# instructions CMD...: the instructions callgrind counts in CMD.
instructions() {
    callgrind_run "$out/callgrind-cards.log" "$@" >/dev/null ||
        { echo "bench: $* failed under valgrind" >&2; return 1; }
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$out/callgrind-cards.log"
}

best_check="" best_parse="" best_old=""
i=0
while [ $i -lt $runs ]; do
    t=$("$out/elapsed" "$B/bin/cardc" check "$file") || { echo "bench: cardc check failed"; exit 1; }
    best_check=$(min_time "$t" "$best_check")
    t=$("$out/elapsed" "$out/yamlparse" "$file") || { echo "bench: yamlparse failed"; exit 1; }
    best_parse=$(min_time "$t" "$best_parse")
    if [ -n "$old" ]; then
        t=$("$out/elapsed" "$old" check "$file") || { echo "bench: $old check failed"; exit 1; }
        best_old=$(min_time "$t" "$best_old")
    fi
    i=$((i + 1))
done
i_check=$(instructions "$B/bin/cardc" check "$small") || exit 1
i_parse=$(instructions "$out/yamlparse" "$small") || exit 1
i_old=0
if [ -n "$old" ]; then
    i_old=$(instructions "$old" check "$small") || exit 1
fi

size=$(wc -c <"$file")
echo "$best_check $best_parse $size $runs $i_check $i_parse ${best_old:-0} $i_old" | awk '{
    ratio = $1 / $2
    printf "file:         %s (100000 cards with texts, %.1f MB)\n", "'"$file"'", $3 / 1e6
    printf "cardc check:  %.3f s (best of %d)\n", $1, $4
    if ($7 > 0)
        printf "old cardc check (%s): %.3f s (best of %d), ratio %.2f to the parse\n", "'"$old"'", $7, $4, $7 / $2
    printf "libyaml parse: %.3f s (best of %d, events only)\n", $2, $4
    printf "callgrind, %s: check %.0f, parse %.0f instructions: %.2f\n", "'"$small"'", $5, $6, $5 / $6
    if ($8 > 0)
        printf "  old check %.0f instructions: %.2f; new/old %.3f\n", $8, $8 / $6, $5 / $8
    printf "ratio check/parse: %.2f (target <= 1.5: %s)\n", ratio, ratio <= 1.5 ? "met" : "NOT met"
}'
