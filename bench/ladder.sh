#!/bin/sh
# ladder.sh: the search agents of every shipped game, each against random
# and against the next rung (random, greedy, mc:N, ismcts:N), and, for
# every agent, the share of games that end with a winner when it takes
# every seat. Prints docs/AGENTS.md's tables (Markdown).
#
#   sh bench/ladder.sh BUILD [GAMES [BUDGET]]
#
# Two players a game for the pairings. GAMES (default 100) games a
# pairing, half with each agent in the first seat (seeds 1..GAMES/2 both
# times), so that the first seat's advantage cancels; BUDGET (default
# 100) is the N of mc:N and ismcts:N. A pairing's share is the first
# agent's wins (a shared win counted 1/k) over its games; "with a winner"
# is the games that ended with one over all. The all-seats rows play the
# game's default players (4), GAMES/4 games each (School Control's at a
# fifth of the budget: its games take 1,100 decisions). Every figure is
# deterministic (seeded games): only the seconds change from run to run.
B=${1:?usage: ladder.sh BUILD [GAMES [BUDGET]]}
GAMES=${2:-100}
N=${3:-100}
half=$((GAMES / 2))

# sim GAME SEATS GAMES: simulate's JSON line.
sim() {
    "$B/bin/$1" simulate --seats "$2" --games "$3" --seed 1 --json
}

# pair GAME A B: A's share against B over both seat orders, the share of
# games with a winner, and the CPU seconds.
pair() {
    t0=$(date +%s.%N)
    sim "$1" "$2,$3" "$half" >"$T/ab"
    sim "$1" "$3,$2" "$half" >"$T/ba"
    t1=$(date +%s.%N)
    python3 - "$T/ab" "$T/ba" "$2" "$3" "$t0" "$t1" <<'PY'
import json, sys
ab, ba = (json.load(open(f)) for f in sys.argv[1:3])
games = ab["games"] + ba["games"]
a = ab["seat_wins"][0] + ba["seat_wins"][1]
won = sum(d["games"] - d["draws"] - d["faults"] - d["no_winner"] for d in (ab, ba))
secs = float(sys.argv[6]) - float(sys.argv[5])
print(f"| {sys.argv[3]} | {sys.argv[4]} | {100 * a / games:.1f}% | "
      f"{100 * won / games:.0f}% | {games} | {secs:.0f} s |")
PY
}

# alone GAME SEAT GAMES: every seat SEAT, the default players.
alone() {
    seats=$SEAT_LIST
    sim "$1" "$(echo "$seats" | sed "s/X/$2/g")" "$3" >"$T/all"
    python3 - "$T/all" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
won = d["games"] - d["draws"] - d["faults"] - d["no_winner"]
print(f"| {sys.argv[2]} | {d['players']} | {100 * won / d['games']:.0f}% | "
      f"{100 * d['draws'] / d['games']:.0f}% | {d['avg_decisions']:.0f} | {d['games']} |")
PY
}

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SEAT_LIST=X,X,X,X
for g in easy-school last-minute school-control; do
    n=$N
    [ "$g" = school-control ] && n=$((N / 5))
    name=$("$B/bin/$g" simulate --games 1 --seed 1 --json |
           python3 -c 'import json,sys; print(json.load(sys.stdin)["game"])')
    echo "### $name"
    echo
    echo "| agent | against | its share of the wins | games with a winner | games | time |"
    echo "|---|---|---|---|---|---|"
    pair "$g" random random
    prev=random
    for a in greedy "mc:$n" "ismcts:$n"; do
        pair "$g" "$a" random
        [ "$prev" != random ] && pair "$g" "$a" "$prev"
        prev=$a
    done
    echo
    echo "| every seat | players | games with a winner | draws | decisions a game | games |"
    echo "|---|---|---|---|---|---|"
    for a in random greedy "mc:$n" "ismcts:$n"; do
        k=$((GAMES / 4))
        [ "$a" = random ] && k=$GAMES
        alone "$g" "$a" "$k"
    done
    echo
done
