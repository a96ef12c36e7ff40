#!/bin/sh
# make bench: the instructions a game of Easy School costs, generated
# (BUILD_DIR/bin/easy-school simulate) beside hand-written
# (bench/easy-school-ref.c), counted by valgrind's callgrind. Unlike games/s
# this figure does not move with the machine's load: the same binary and
# the same games give the same count, but for a hundred or so instructions
# that vary from run to run (start-up, printing the timings): a tenth of one
# per game at 1,000 games.
#
# Each side plays the games of seeds 1..N (N=1000, IGAMES=N to change) at 4
# players; start-up is excluded (common.sh, count_per_game: a run of N+1
# games from seed 0 less a run of the game of seed 0). The two sides play
# different games from the same seeds (their random numbers are used
# differently), so the per-game figures carry the sampling noise of 1,000
# games: their decisions per game vary by about 0.3% from one block of 1,000
# seeds to the next; the figures per decision take most of that out.
#   sh bench/instructions.sh BUILD_DIR [CFLAGS...]
# CFLAGS build the ref, as for bench/games.sh. The games with no
# hand-written reference are counted by bench/each-game.sh.
. bench/common.sh
B=${1:-build}
[ $# -gt 0 ] && shift
N=${IGAMES:-1000}
out=$B/bench
gen=$B/bin/easy-school
ref=$out/easy-school-ref
mkdir -p "$out"
[ -x "$gen" ] || { echo "bench: $gen not built (make $gen)"; exit 1; }
build_ref "$ref" "$@" || exit 1

g=$(count_per_game "$out" "$N" 4 "$gen" simulate) || exit 1
r=$(count_per_game "$out" "$N" 4 "$ref") || exit 1

echo "$N $g $r" | awk '{
    printf "Easy School under callgrind, games of seeds 1..%d at 4 players, start-up excluded\n", $1
    printf "  generated    (%s): %8.0f instructions/game %6.0f per decision\n", "'"$gen"'", $2, $2 / $3
    printf "  hand-written (%s): %8.0f instructions/game %6.0f per decision\n", "bench/easy-school-ref.c", $4, $4 / $5
    printf "ratio instructions generated/hand-written: %.2f per game, %.2f per decision\n", $2 / $4, ($2 / $3) / ($4 / $5)
}'

