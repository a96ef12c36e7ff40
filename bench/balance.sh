#!/bin/sh
# balance.sh: the balance reports of every shipped game, and the figures
# docs/BALANCE.md comments on (Markdown on stdout).
#
#   sh bench/balance.sh BUILD OUT
#
# For each game, two reports (simulate --report's page and JSON):
#   OUT/GAME/players/  random seats at every player count the rules allow,
#                      1,000 deals each played 4 times (--replays 4), so
#                      that the report gives the spread of win rates per
#                      deal (what the deal alone decides);
#   OUT/GAME/agents/   at 4 players, one seat `greedy` (the rest random),
#                      400 deals played twice, and one seat `mc:20`, 100
#                      deals: how far an agent that plays to win beats
#                      random (luck against skill);
# then, for School Control, how long games last and how they end (won,
# or a draw because a round changed nothing) with every seat random and
# with every seat greedy (1,000 games each), against its bound of 1,000
# rounds.
# Every figure is deterministic (seed 1, agents seeded by game, seat and
# decision): a second run writes the same bytes.
B=${1:?usage: balance.sh BUILD OUT}
OUT=${2:?usage: balance.sh BUILD OUT}
here=$(dirname "$0")

# players GAME MIN MAX: the report over player counts.
players() {
    d="$OUT/$1/players"
    mkdir -p "$d/stats" || exit 1
    p=$2
    while [ "$p" -le "$3" ]; do
        "$B/bin/$1" simulate --players "$p" --games 1000 --replays 4 --seed 1 --jobs 2 \
            --shard 1/1 >"$d/stats/$p.json" || exit 1
        p=$((p + 1))
    done
    "$B/bin/$1" stats report "$d" "$d"/stats/*.json || exit 1
}

# agents GAME: the reports of one agent among random seats at 4 players.
agents() {
    for a in greedy mc:20; do
        d="$OUT/$1/agents-${a%%:*}"
        mkdir -p "$d" || exit 1
        games=400 replays=2
        [ "$a" = greedy ] || games=100 replays=1
        "$B/bin/$1" simulate --players 4 --seats "$a,random,random,random" --games $games \
            --replays $replays --seed 1 --jobs 2 --report "$d" >/dev/null || exit 1
    done
}

for g in easy-school:2:5 last-minute:2:5 school-control:2:4; do
    name=${g%%:*}
    range=${g#*:}
    players "$name" "${range%:*}" "${range#*:}"
    agents "$name"
done
for s in random greedy; do
    "$B/bin/school-control" simulate --players 4 --seats "$s,$s,$s,$s" --games 1000 --seed 1 \
        --jobs 2 --report "$OUT/school-control/every-seat-$s" >/dev/null || exit 1
done
python3 "$here/balance.py" "$OUT"
