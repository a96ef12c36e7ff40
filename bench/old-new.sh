#!/bin/sh
# make bench OLD=OLD_BUILD: this build's Easy School beside an older build's
# (OLD_BUILD/bin/easy-school, e.g. the build of main before a change), in
# one run. Both simulate the same N games at 4 players (seeds 1..N,
# N=40000, GAMES=N to change); the runs are interleaved (old, new, old,
# new, ...) and each side keeps its best of 9 (RUNS=N), as bench/games.sh
# does for the hand-written simulator, so both meet the same machine load.
# Then both are counted under callgrind (bench/instructions.sh's method,
# games of seeds 1..1000, IGAMES=N), the figure that load does not move.
#   sh bench/old-new.sh OLD_BUILD [NEW_BUILD]      (NEW_BUILD: build)
. bench/common.sh
OLD=${1:?usage: bench/old-new.sh OLD_BUILD [NEW_BUILD]}
B=${2:-build}
N=${GAMES:-40000}
NI=${IGAMES:-1000}
SEED=1
runs=${RUNS:-9}
out=$B/bench
old=$OLD/bin/easy-school
new=$B/bin/easy-school
mkdir -p "$out"
for bin in "$old" "$new"; do
    [ -x "$bin" ] || { echo "bench: $bin not found"; exit 1; }
done

old_simulate() { "$old" simulate --games "$N" --players 4 --seed $SEED --json; }
new_simulate() { "$new" simulate --games "$N" --players 4 --seed $SEED --json; }
interleave "$runs" old_simulate new_simulate
line_old=$best_a line_new=$best_b
io=$(count_per_game "$out" "$NI" "$old" simulate) || exit 1
in=$(count_per_game "$out" "$NI" "$new" simulate) || exit 1

o_gps=$(echo "$line_old" | field games_per_sec)
o_dps=$(echo "$line_old" | field decisions_per_sec)
o_turns=$(echo "$line_old" | field avg_turns)
o_dec=$(echo "$line_old" | field avg_decisions)
n_gps=$(echo "$line_new" | field games_per_sec)
n_dps=$(echo "$line_new" | field decisions_per_sec)
n_turns=$(echo "$line_new" | field avg_turns)
n_dec=$(echo "$line_new" | field avg_decisions)

echo "$N $runs $o_gps $o_dps $n_gps $n_dps $o_turns $n_turns $o_dec $n_dec $NI $io $in" | awk '{
    printf "Easy School, old build beside this one, %d games at 4 players, best of %d runs each, interleaved\n", $1, $2
    o = "'"$old"'"; n = "'"$new"'"; w = length(o) > length(n) ? length(o) : length(n)
    printf "  old %-*s %8.0f games/s %10.0f decisions/s\n", w + 3, "(" o "):", $3, $4
    printf "  new %-*s %8.0f games/s %10.0f decisions/s\n", w + 3, "(" n "):", $5, $6
    # The same seeds: the same averages unless the new build plays
    # different games (as it may, by design, after a change of the rules or
    # of the order of card options).
    same = ($7 == $8 && $9 == $10)
    printf("  per game: turns %.2f vs %.2f, decisions %.2f vs %.2f (%s)\n", $7, $8, $9, $10,
        same ? "the same averages" : "averages differ: the builds play different games")
    printf "  callgrind, games of seeds 1..%d, start-up excluded: old %.0f, new %.0f instructions/game\n", $11, $12, $14
    printf "ratio new/old: %.2f (games/s), %.3f (instructions/game)\n", $5 / $3, $14 / $12
}'
