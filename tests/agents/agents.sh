#!/bin/sh
# agents.sh: the search agents (greedy, mc:N, ismcts:N) play to win, the
# same games on every run, and through every command that takes seats.
#
#   - on Easy School, two players, seeded games: greedy wins at least 60%
#     of 200 games against random (it wins 63%), mc:20 and ismcts:20 at
#     least 66% of 50 (random, in the same first seat against random, wins
#     53% of 2,000: a wrong agent, or one that plays at random, does not
#     reach these);
#   - a second run prints the same figures (but the times), and so does
#     a run on 3 threads (--jobs 3);
#   - `play` with the same seats and seed plays simulate's game (the end
#     line's scores);
#   - under ASan+UBSan, each agent plays games of the three shipped games
#     to their end, without a fault, at the terminal too, and serve
#     plays a game of theirs;
#   - the value the agents maximise, in a game's C: the func of `agents:`
#     (negated for `lowest`), else the score (negated under `winners:
#     lowest score`), else 0;
#   - usage errors: a kind that does not exist, a budget missing, 0, too
#     large or given to greedy, a human or json seat in simulate, a json
#     seat in serve, --coverage with a search agent.
#
#   sh tests/agents/agents.sh BUILD
# Prints "agents: N passed, M failed"; exits 1 if any failed.
B=${1:?usage: agents.sh BUILD}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="agents: "
. "$ROOT/tests/check.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
ES=$B/bin/easy-school

# share JSON SEAT: seat SEAT's share of the wins in simulate's JSON, in %.
share() {
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
print(round(100 * d["seat_wins"][int(sys.argv[2])] / d["games"]))' "$1" "$2"
}
# at_least WHAT FILE PERCENT: seat 0's share in FILE is at least PERCENT.
at_least() {
    got=$(share "$2" 0)
    echo "$1: seat 0 won $got%"
    [ "$got" -ge "$3" ]
}
# same A B: two simulate JSON lines alike but for the times.
same() {
    for f in "$1" "$2"; do
        sed -e 's/"seconds":[0-9.]*//' -e 's/"[a-z_]*per_sec":[0-9.]*//g' "$f" >"$f.cut"
    done
    cmp -s "$1.cut" "$2.cut"
}

$ES simulate --seats greedy,random --games 200 --seed 1 --json >"$T/greedy" 2>&1
check "greedy beats random (200 games)" at_least greedy "$T/greedy" 60
$ES simulate --seats mc:20,random --games 50 --seed 1 --json >"$T/mc" 2>&1
check "mc:20 beats random (50 games)" at_least mc:20 "$T/mc" 66
$ES simulate --seats ismcts:20,random --games 50 --seed 1 --json >"$T/ismcts" 2>&1
check "ismcts:20 beats random (50 games)" at_least ismcts:20 "$T/ismcts" 66
$ES simulate --seats ismcts:20,random --games 50 --seed 1 --json >"$T/ismcts2" 2>&1
check "a second run of ismcts:20 prints the same figures" same "$T/ismcts" "$T/ismcts2"
$ES simulate --seats ismcts:20,random --games 50 --seed 1 --json --jobs 3 >"$T/ismcts3" 2>&1
check "--jobs 3 prints the same figures" same "$T/ismcts" "$T/ismcts3"
check "simulate names the seats in its JSON" grep -q '"seats":\["ismcts:20","random"\]' "$T/ismcts"

# end_scores SEATS SEED: the scores of play's end line, and simulate's.
end_scores() {
    $ES play --protocol json --seats "$1" --seed "$2" | tail -1 |
        sed 's/.*"scores":\(\[[^]]*\]\).*/\1/' >"$T/play.scores"
    $ES simulate --seats "$1" --seed "$2" --games 1 --json |
        sed 's/.*"avg_scores":\(\[[^]]*\]\).*/\1/' >"$T/sim.scores"
    cmp -s "$T/play.scores" "$T/sim.scores"
}
check "play plays simulate's game (greedy, mc:5, ismcts:5)" end_scores greedy,mc:5,ismcts:5 9

# runs GAME SEATS N: N games under ASan+UBSan end without a fault.
runs() {
    "$B/bin/$1-asan" simulate --seats "$2" --games "$3" --seed 3 --json >"$T/run" 2>&1 &&
        grep -q '"faults":0' "$T/run" || { cat "$T/run"; return 1; }
}
check "Easy School: every agent, ASan" runs easy-school greedy,mc:4,ismcts:4,random 3
check "LAST MINUTE!: every agent, ASan" runs last-minute greedy,mc:3,ismcts:3 2
check "School Control: every agent, ASan" runs school-control greedy,ismcts:3,mc:2 1
check "play at the terminal with a search agent, ASan" \
    sh -c "printf '1\n1\n1\n1\n1\n1\n1\n1\nquit\n' | $B/bin/easy-school-asan play --seats human,greedy --seed 4 >'$T/term' 2>&1"
check "the terminal names the agents" grep -q "Player 2 greedy" "$T/term"
check "serve plays a game of search agents to its end, ASan" \
    timeout 60 "$B/bin/easy-school-asan" serve --seats greedy,mc:3 --exit-when-done --seed 2

# value DECL SCORE WANT: the game's value (RtGame.value) in its C, a game
# of the broken examples' cards with the declaration DECL and the score
# func SCORE (or none), is WANT.
value() {
    mkdir -p "$T/g"
    cp "$ROOT/examples/broken-rules/winners-misuse/cards.yaml" "$T/g/"
    printf '%s\n' 'game "Tiny School"' 'players 2..4' "$1" \
        'zone deck: shared, ordered, hidden' 'zone hand: per player, owner' "$2" \
        'func cheats(p: player): int = count(hand[p] where type == cheat)' \
        'proc main() {' '    move top(deck) to hand[seat(cheats(seat(0)) % 2)]' '    end' '}' \
        >"$T/g/game.rules"
    "$B/bin/cardc" build "$T/g" -o "$T/g.c" 2>"$T/g.err" &&
        grep -qF "    *v = $3;" "$T/g.c" || { cat "$T/g.err"; grep -F '*v =' "$T/g.c"; return 1; }
}
S='func score(p: player): int = size(hand[p])'
check "agents: highest F is F" value 'agents: highest cheats' "$S" '(int64_t)fn_cheats(s, p)'
check "agents: lowest F is -F" value 'agents: lowest cheats' "$S" '-(int64_t)fn_cheats(s, p)'
check "without agents: the score" value '' "$S" '(int64_t)fn_score(s, p)'
check "winners: lowest score: -score" value 'winners: lowest score' "$S" '-(int64_t)fn_score(s, p)'
check "no score: 0" value '' '' '0'

# usage ARGS...: exit status 2 and a message naming the seats.
usage() {
    $ES "$@" >"$T/out" 2>"$T/err"
    [ $? -eq 2 ] && grep -q -- "--seats\|--coverage" "$T/err" || { cat "$T/err"; return 1; }
}
check "no such seat" usage play --seats random,clever
check "mc without its budget" usage simulate --seats mc,random
check "a budget of 0" usage simulate --seats ismcts:0,random
check "a budget too large" usage simulate --seats mc:1000001,random
check "greedy takes no budget" usage simulate --seats greedy:5,random
check "a budget of letters" usage simulate --seats mc:ten,random
check "simulate takes no human seat" usage simulate --seats human,random
check "simulate takes no json seat" usage simulate --seats json,random
check "serve takes no json seat" usage serve --seats json,greedy
check "--coverage counts random seats only" usage simulate --seats greedy,random --coverage
summary agents
