#!/bin/sh
# same-json.sh: do two builds play the same games? For every game whose C
# cardc wrote into BUILD/gen (the shipped games and every test game that
# make test-bins builds), `simulate --json` at each player count of 2..5
# the game allows, from seeds 1 and 100000, GAMES games each (default 200),
# with its timings left out ("seconds" and the rates per second). A change
# to the generated code or the runtime that claims to play the same games
# seed by seed must leave every line alike.
#
#   sh bench/same-json.sh BUILD > FILE          the figures of one build
#   sh bench/same-json.sh OLD_BUILD NEW_BUILD   both, and the lines that differ
# Exits 1 if a line differs (a binary missing from one build only, too).
GAMES=${GAMES:-200}

# figures BUILD: one line a game, player count and seed
figures() {
    for c in "$1"/gen/*.c; do
        g=$(basename "$c" .c)
        bin=$1/bin/$g
        case $g in lexer | parser.tab) continue ;; esac
        [ -x "$bin" ] || { echo "$g: no binary"; continue; }
        range=$("$bin" --help 2>&1 |
            sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\1 \2/p' | head -n 1)
        lo=${range% *}
        hi=${range#* }
        [ -n "$lo" ] || { lo=2; hi=2; }
        for p in 2 3 4 5; do
            [ "$p" -lt "$lo" ] || [ "$p" -gt "$hi" ] && continue
            for seed in 1 100000; do
                out=$("$bin" simulate --json --games "$GAMES" --players "$p" --seed "$seed" 2>&1 |
                    sed 's/"seconds":[^,]*,//; s/"[a-z_]*_per_sec":[^,]*,//g')
                echo "$g $p $seed $out"
            done
        done
    done
}

if [ $# -eq 1 ]; then
    figures "$1"
    exit 0
fi
[ $# -eq 2 ] || { echo "usage: same-json.sh BUILD | OLD_BUILD NEW_BUILD" >&2; exit 2; }
tmp=${TMPDIR:-/tmp}/same-json.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
figures "$1" > "$tmp/old"
figures "$2" > "$tmp/new"
n=$(wc -l < "$tmp/new")
if cmp -s "$tmp/old" "$tmp/new"; then
    echo "same-json: $n runs alike (games, player counts, seeds 1 and 100000, $GAMES games each)"
    exit 0
fi
diff "$tmp/old" "$tmp/new" | head -n 40
echo "same-json: the builds differ"
exit 1
