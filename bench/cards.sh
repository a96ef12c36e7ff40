#!/bin/sh
# make bench: how fast `cardc check` reads a 100,000-card file, measured
# beside libyaml's bare event parse of the same file (the lower limit).
# The runs are interleaved and each side keeps its best of 5, so both meet
# the same machine load. Target: check / parse <= 2.0.
#   sh bench/cards.sh BUILD_DIR      (cardc is BUILD_DIR/bin/cardc)
B=${1:-build}
CC=${CC:-cc}
YAML_LIBS=$(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
out=$B/bench
runs=5
mkdir -p "$out"
set -e
for p in gencards elapsed; do
    $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror \
        "bench/$p.c" -o "$out/$p"
done
$CC -std=c11 -O2 -Wall -Wextra -Werror bench/yamlparse.c -o "$out/yamlparse" $YAML_LIBS
"$out/gencards" "$out/cards-100k.yaml" 100000
"$B/bin/cardc" check "$out/cards-100k.yaml" # must be clean: set -e stops here if not
set +e

best_check="" best_parse=""
i=0
while [ $i -lt $runs ]; do
    t=$("$out/elapsed" "$B/bin/cardc" check "$out/cards-100k.yaml") || {
        echo "bench: cardc check failed"; exit 1; }
    best_check=$(echo "$t $best_check" | awk '{ print ($2 == "" || $1 < $2) ? $1 : $2 }')
    t=$("$out/elapsed" "$out/yamlparse" "$out/cards-100k.yaml") || {
        echo "bench: yamlparse failed"; exit 1; }
    best_parse=$(echo "$t $best_parse" | awk '{ print ($2 == "" || $1 < $2) ? $1 : $2 }')
    i=$((i + 1))
done

size=$(wc -c <"$out/cards-100k.yaml")
echo "$best_check $best_parse $size $runs" | awk '{
    ratio = $1 / $2
    printf "file:         %s (100000 cards, %.1f MB)\n", "'"$out/cards-100k.yaml"'", $3 / 1e6
    printf "cardc check:  %.3f s (best of %d)\n", $1, $4
    printf "libyaml parse: %.3f s (best of %d, events only)\n", $2, $4
    printf "ratio check/parse: %.2f (target <= 2.0: %s)\n", ratio, ratio <= 2.0 ? "met" : "NOT met"
}'
