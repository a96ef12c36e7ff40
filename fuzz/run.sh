#!/bin/sh
# fuzz/run.sh BUILD SECONDS TARGET...: runs each libFuzzer harness for
# SECONDS, its corpus seeded from the repo's decks and examples. A crash,
# leak or sanitizer report fails the run; its input is left in
# BUILD/fuzz/artifacts-TARGET/ to become a regression test (fuzz/regress/).
set -u
B=$1; secs=$2; shift 2
status=0
for t in "$@"; do
    corpus=$B/fuzz/corpus-$t
    art=$B/fuzz/artifacts-$t
    mkdir -p "$corpus" "$art"
    case $t in
    cards) for f in decks/*/cards.yaml examples/broken/*.yaml examples/ok/*.yaml \
                    examples/rulebooks/*.yaml fuzz/regress/cards/*; do
               [ -f "$f" ] && cp "$f" "$corpus/seed-$(echo "$f" | tr / _)"; done ;;
    rules) for f in decks/*/*.rules examples/broken-rules/*/*.rules fuzz/regress/rules/*; do
               [ -f "$f" ] && cp "$f" "$corpus/seed-$(echo "$f" | tr / _)"; done ;;
    protocol|protocol-*) for f in fuzz/protocol-seeds/* fuzz/regress/protocol/*; do
               [ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"; done ;;
    ttf) for f in /usr/share/fonts/truetype/dejavu/*.ttf fuzz/regress/ttf/*; do
               [ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"; done ;;
    esac
    # A font is far larger than a card file: the ttf seeds are taken whole.
    max_len=65536
    [ "$t" = ttf ] && max_len=2097152
    echo "== fuzz-$t: $secs s"
    if ! "$B/fuzz/fuzz-$t" -max_total_time="$secs" -max_len="$max_len" -timeout="${FUZZ_TIMEOUT:-30}" \
            -rss_limit_mb=2048 -artifact_prefix="$art/" -print_final_stats=1 \
            "$corpus" 2>"$B/fuzz/$t.log"; then
        echo "fuzz-$t: FAILED (see $B/fuzz/$t.log and $art/)"
        tail -n 30 "$B/fuzz/$t.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|cov:" "$B/fuzz/$t.log" | tail -n 2
    fi
done
exit $status
