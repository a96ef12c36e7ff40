#!/bin/sh
# make bench: the figures of bench/each-game.sh, each game's beside an
# older build's, and the result line.
#   sh bench/compare.sh OLD_FIGURES NEW_FIGURES
# Each file has a line a game: NAME PLAYERS GAMES/S DECISIONS/S
# INSTRUCTIONS/GAME DECISIONS/GAME (OLD_FIGURES may be /dev/null: no
# comparison). A game is compared when both files have it; the ratios are
# new/old. The result line says FAIL, and the exit status is 1, if a game's
# instructions per game grew by more than LIMIT percent (5 by default):
# the figure the machine's load does not move. Games/s and decisions/s
# are shown, not judged: on a shared machine they move by more than 5%
# from one run to the next.
LIMIT=${LIMIT:-5}
old=${1:?usage: bench/compare.sh OLD_FIGURES NEW_FIGURES}
new=${2:?usage: bench/compare.sh OLD_FIGURES NEW_FIGURES}
if [ ! -r "$old" ] || [ ! -r "$new" ]; then
    echo "bench: cannot read $old or $new"
    exit 2
fi
awk -v limit="$LIMIT" '
    function ratio(n, o) { return o > 0 ? sprintf("%.3f", n / o) : "-" }
    FILENAME == ARGV[1] { og[$1] = $3; od[$1] = $4; oi[$1] = $5; have[$1] = 1; nold++; next }
    FNR == 1 {
        if (nold) {
            printf "%19s%-25s%-29s%s\n", "", "games/s", "decisions/s", "instructions/game"
            printf "%-15s %2s %8s %8s %6s %10s %10s %6s %12s %12s %6s\n", "game", "p",
                   "old", "new", "ratio", "old", "new", "ratio", "old", "new", "ratio"
        } else
            printf "%-15s %2s %9s %12s %18s %16s\n", "game", "p", "games/s", "decisions/s",
                   "instructions/game", "decisions/game"
    }
    !nold {
        printf "%-15s %2d %9.0f %12.0f %18.0f %16.2f\n", $1, $2, $3, $4, $5, $6
        n++
        next
    }
    !have[$1] {
        printf "%-15s %2d %8s %8.0f %6s %10s %10.0f %6s %12s %12.0f %6s  (not in the old build)\n",
               $1, $2, "-", $3, "", "-", $4, "", "-", $5, ""
        n++
        next
    }
    {
        r = ratio($5, oi[$1])
        grew = oi[$1] > 0 && $5 > oi[$1] * (1 + limit / 100)
        printf "%-15s %2d %8.0f %8.0f %6s %10.0f %10.0f %6s %12.0f %12.0f %6s%s\n",
               $1, $2, og[$1], $3, ratio($3, og[$1]), od[$1], $4, ratio($4, od[$1]),
               oi[$1], $5, r, grew ? "  GREW" : ""
        n++
        cmp++
        if (grew) { bad++; worst = worst (worst == "" ? "" : ", ") $1 " x" r }
    }
    END {
        if (!nold)
            printf "result: %d games measured (no older build: make bench OLD=DIR compares)\n", n
        else if (bad)
            printf "result: FAIL: instructions per game grew more than %s%% in %d of %d games compared (%s)\n",
                   limit, bad, cmp, worst
        else
            printf "result: ok: no game of %d compared grew more than %s%% in instructions per game\n",
                   cmp, limit
        exit bad > 0
    }
' "$old" "$new"
