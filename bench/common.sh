# shellcheck shell=sh
# common.sh: what the bench scripts share; sourced, not run.
#   field NAME            the number after "NAME": in the JSON line on stdin
#   faster LINE BEST      of two `simulate --json` lines, the one with fewer
#                         seconds (BEST may be empty)
#   interleave RUNS A B   runs the commands A and B (functions the caller
#                         defines, each printing one `--json` line) RUNS
#                         times each, alternately, A first, so that both
#                         meet the same load; best_a and best_b are then
#                         the line of each one's fastest run
#   build_ref OUT [CFLAGS...]   builds bench/easy-school-ref.c into OUT
#   count_per_game OUT N P CMD...   instructions per game under callgrind
# The caller sets CC (cc by default) and keeps its files under OUT.

# The flags the Makefile gives a game (RT_CFLAGS), for a caller given none.
REF_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow
    -Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings -Wundef -O2 -g"

field() {
    sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"
}

faster() {
    if [ -z "$2" ]; then
        echo "$1"
        return
    fi
    t1=$(echo "$1" | field seconds)
    t2=$(echo "$2" | field seconds)
    if [ "$(echo "$t1 $t2" | awk '{ print ($1 < $2) }')" = 1 ]; then
        echo "$1"
    else
        echo "$2"
    fi
}

interleave() {
    best_a="" best_b=""
    i=0
    while [ $i -lt "$1" ]; do
        l=$($2) || { echo "bench: $2 failed"; exit 1; }
        best_a=$(faster "$l" "$best_a")
        l=$($3) || { echo "bench: $3 failed"; exit 1; }
        best_b=$(faster "$l" "$best_b")
        i=$((i + 1))
    done
}

build_ref() {
    ref_out=$1
    shift
    # shellcheck disable=SC2086 # REF_CFLAGS is a list of flags
    [ $# -gt 0 ] || set -- $REF_CFLAGS
    ${CC:-cc} "$@" bench/easy-school-ref.c -o "$ref_out" || {
        echo "bench: cannot build $ref_out"; return 1; }
}

# callgrind_run LOG CMD...: runs CMD under callgrind, its stdout on stdout,
# valgrind's report in LOG; fails if CMD does.
callgrind_run() {
    cg_log=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$cg_log" "$@"
}

# count_per_game OUT N P CMD...: CMD is a simulator taking --games,
# --players, --seed and --json (`easy-school simulate`, easy-school-ref).
# Prints "INSTRUCTIONS DECISIONS": the instructions callgrind counts, and
# the decisions made, per game over the N games of seeds 1..N at P players.
# Start-up is not included: it is the run of N+1 games from seed 0 less the
# run of the one game of seed 0, so what both runs do besides those N games
# (loading, the game of seed 0, the final report) cancels out.
count_per_game() {
    cg_out=$1 cg_n=$2 cg_p=$3
    shift 3
    command -v valgrind >/dev/null || {
        echo "bench: valgrind is not installed (make deps installs it)" >&2; return 1; }
    if ! l1=$(callgrind_run "$cg_out/callgrind-1.log" "$@" --games 1 --players "$cg_p" \
                 --seed 0 --json) ||
       ! ln=$(callgrind_run "$cg_out/callgrind-n.log" "$@" --games $((cg_n + 1)) \
                 --players "$cg_p" --seed 0 --json); then
        echo "bench: $* failed under valgrind" >&2
        return 1
    fi
    i1=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$cg_out/callgrind-1.log")
    in=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$cg_out/callgrind-n.log")
    if [ -z "$i1" ] || [ -z "$in" ]; then
        echo "bench: no instruction count in $cg_out/callgrind-*.log" >&2
        return 1
    fi
    d1=$(echo "$l1" | field decisions)
    dn=$(echo "$ln" | field decisions)
    echo "$i1 $in $d1 $dn $cg_n" | awk '{ printf "%.0f %.2f\n", ($2 - $1) / $5, ($4 - $3) / $5 }'
}
