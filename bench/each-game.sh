#!/bin/sh
# make bench: each game of bench/games.list (the shipped games and the test
# games that stress a construct), its games/s and decisions/s (the best of
# RUNS timed runs, 5 by default, of GAMES games from seed 1) and the
# instructions a game costs under callgrind (count_per_game, common.sh:
# the games of seeds 1..CGAMES, start-up excluded; deterministic).
#   sh bench/each-game.sh BUILD_DIR [OLD]
# With OLD (make bench OLD=DIR: an older checkout, or its build directory),
# each game is measured with OLD's binary too, the timed runs interleaved
# (old, new, old, new, ...) so that both meet the same load, and
# bench/compare.sh prints each figure beside the old one; it fails the run
# if a game's instructions per game grew more than 5%. The figures are kept
# in BUILD_DIR/bench/games-new.txt (and games-old.txt), the lines
# compare.sh reads. QUICK=1 plays a tenth of the games (a smoke test).
. bench/common.sh
B=${1:-build}
OLD=${2:-}
runs=${RUNS:-5}
out=$B/bench
mkdir -p "$out"

# The build directory of OLD: OLD itself if it has bin/, else OLD/build.
old_build() {
    if [ -d "$1/bin" ]; then
        echo "$1"
    elif [ -d "$1/build/bin" ]; then
        echo "$1/build"
    else
        echo "bench: OLD=$1 is neither a build directory (with bin/) nor a checkout with build/bin/" >&2
        return 1
    fi
}

# The timed run of BIN: one `simulate --json` line.
timed() {
    "$1" simulate --games "$games" --players "$players" --seed 1 --json </dev/null
}
old_timed() { timed "$old_bin"; }
new_timed() { timed "$new_bin"; }

# One line of figures for a game: NAME PLAYERS GAMES/S DECISIONS/S
# INSTRUCTIONS/GAME DECISIONS/GAME, from the best timed run BEST and
# the binary BIN counted under callgrind.
figures() {
    cg=$(count_per_game "$out" "$cgames" "$players" "$2" simulate </dev/null) || return 1
    echo "$name $players $(echo "$1" | field games_per_sec) $(echo "$1" | field decisions_per_sec)" \
         "$cg"
}

if [ -n "$OLD" ]; then
    OB=$(old_build "$OLD") || exit 1
fi
: >"$out/games-new.txt"
: >"$out/games-old.txt"
sed '/^#/d; /^[[:space:]]*$/d' bench/games.list >"$out/games.list"
while read -r name players games cgames; do
    if [ -n "${QUICK:-}" ]; then
        games=$((games / 10)) cgames=$((cgames / 10 + 1))
    fi
    new_bin=$B/bin/$name old_bin=${OB:+$OB/bin/$name}
    [ -x "$new_bin" ] || { echo "bench: $new_bin not built (make $new_bin)"; exit 1; }
    echo "bench: $name ($games games timed, $cgames under callgrind)..." >&2
    if [ -n "$old_bin" ] && [ -x "$old_bin" ]; then
        interleave "$runs" old_timed new_timed
        figures "$best_a" "$old_bin" >>"$out/games-old.txt" || exit 1
        best_new=$best_b
    else
        [ -n "$old_bin" ] && echo "bench: $old_bin not built: $name is not compared" >&2
        best_new=""
        i=0
        while [ $i -lt "$runs" ]; do
            l=$(new_timed) || { echo "bench: $new_bin failed"; exit 1; }
            best_new=$(faster "$l" "$best_new")
            i=$((i + 1))
        done
    fi
    figures "$best_new" "$new_bin" >>"$out/games-new.txt" || exit 1
done <"$out/games.list"
if [ -n "$OLD" ]; then
    sh bench/compare.sh "$out/games-old.txt" "$out/games-new.txt"
else
    sh bench/compare.sh /dev/null "$out/games-new.txt"
fi
