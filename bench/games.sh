#!/bin/sh
# make bench: how fast the generated Easy School simulates random games,
# measured beside bench/easy-school-ref.c, a hand-written C simulator of the
# same rules and the same random policy. Both play the same N games at 4
# players (seeds S..S+N-1); the runs are interleaved (ref, gen, ref, gen, ...)
# and each side keeps its best of 9 (RUNS=N to change), so both meet the
# same machine load; on a shared machine a load that comes and goes slows
# the generated binary more than the small hand-written one, and the best
# of more runs is what steadies the ratio.
# Target: generated / hand-written >= 1.0 (games/s): at least as fast.
# The games with no hand-written reference are timed by bench/each-game.sh.
#   sh bench/games.sh BUILD_DIR [CFLAGS...]
# BUILD_DIR/bin/easy-school must exist; the ref is built with CFLAGS, by
# default those the Makefile gives the game (RT_CFLAGS). GAMES=N overrides
# the game count (the default takes about 0.5 s per generated run).
. bench/common.sh
B=${1:-build}
[ $# -gt 0 ] && shift
N=${GAMES:-40000}
SEED=1
runs=${RUNS:-9}
out=$B/bench
gen=$B/bin/easy-school
ref=$out/easy-school-ref
mkdir -p "$out"
[ -x "$gen" ] || { echo "bench: $gen not built (make $gen)"; exit 1; }
build_ref "$ref" "$@" || exit 1

easy_school_ref() { "$ref" --games "$N" --players 4 --seed $SEED --json; }
easy_school_simulate() { "$gen" simulate --games "$N" --players 4 --seed $SEED --json; }
interleave "$runs" easy_school_ref easy_school_simulate
line_ref=$best_a line_gen=$best_b

g_gps=$(echo "$line_gen" | field games_per_sec)
g_dps=$(echo "$line_gen" | field decisions_per_sec)
g_turns=$(echo "$line_gen" | field avg_turns)
g_dec=$(echo "$line_gen" | field avg_decisions)
r_gps=$(echo "$line_ref" | field games_per_sec)
r_dps=$(echo "$line_ref" | field decisions_per_sec)
r_turns=$(echo "$line_ref" | field avg_turns)
r_dec=$(echo "$line_ref" | field avg_decisions)

echo "$N $runs $g_gps $g_dps $r_gps $r_dps $g_turns $r_turns $g_dec $r_dec" | awk '{
    printf "Easy School, %d games at 4 players, best of %d runs each, interleaved\n", $1, $2
    printf "  generated    (%s): %8.0f games/s %10.0f decisions/s\n", "'"$gen"'", $3, $4
    printf "  hand-written (%s): %8.0f games/s %10.0f decisions/s\n", "bench/easy-school-ref.c", $5, $6
    # The same rules and policy, not the same games: the averages agree
    # to within sampling noise (about 0.1% at 40,000 games).
    dt = ($7 - $8) / $8; dd = ($9 - $10) / $10
    ok = (dt < 0.02 && dt > -0.02 && dd < 0.02 && dd > -0.02)
    printf("  per game: turns %.2f vs %.2f, decisions %.2f vs %.2f (%s)\n", $7, $8, $9, $10,
        ok ? "agree within 2%" : "DISAGREE: one of the two breaks game.rules")
    ratio = $3 / $5
    printf("ratio generated/hand-written: %.2f (games/s; target >= 1.0: %s)\n", ratio,
        (ratio >= 1.0) ? "met" : "NOT met")
    exit !ok
}'
