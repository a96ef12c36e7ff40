#!/bin/sh
# faults.sh: a fault names the statement of the rules that raised it.
#
# Every helper of runtime/rt_game.h that may fault is given, by the C that
# cardc generates, the site of the statement calling it (its rules file and
# line, in the game's fault_sites[] table), and records the zone or the
# value involved. The labs fault on purpose: tests/games/site-lab has one
# case of each kind of fault (the top of an empty zone, shared and per
# player, a move of none, no option, no such player, a list index, a
# division by zero, an overflow, func and proc calls too deep, a loop too
# long, too many options, a division in an option's 'when', which names
# the option's line, too many rows of 'at', start_turn of none, a choice
# of a number from an empty range, which names its bounds);
# tests/games/fault-lab divides by zero in a filter, calls a func too
# deep and a proc too deep (one that calls none, under one that calls
# itself);
# tests/games/player-lab uses none as a player in seven ways;
# tests/games/effect-fault-lab plays a card whose guard does not hold, and
# none; tests/games/holder-fault-lab indexes a held zone with a card of
# another type and with none, a per-card variable with none, and puts a
# card under itself (directly, under a card it holds, with a `move all`),
# which left cards in a loop of holders, in play and controlled by none;
# tests/games/trigger-fault-lab has a handler that raises the event it
# listens to (the fault names the handler), a trigger queue that overflows
# after a decision, and an event given a card of a type it does not take;
# tests/games/react-fault-lab an 'instead of' that changes an event's card
# to one of a type it does not take (the fault names the clause, as it
# returns; cardc refuses the card where it is surely of another type:
# examples/broken-rules/instead-wrong-kind).
# tests/games/work-fault-lab a set of more than 8 cards, and work that ran
# for hours without a decision or a fault: a recursion that branches past
# the depth, a call tree of width 3, loops over cards nested four deep, a
# proc call tree of width 2; tests/games/out-fault-lab a player out of
# the game (`eliminate`) asked to decide, given a turn by `turn of` and by
# start_turn; tests/games/simul-fault-lab a choice of a number from an
# empty range in a simultaneous loop, reached once the first seat has
# answered; tests/games/value-fault-lab choices of values of more
# options than a decision holds, which fault with their count (a range of
# a zone's size, of a variable, wider than 32 bits, counted up to
# 2147483647; the values a 'where' keeps), and a 'where' over a billion
# numbers, which is work. Every game runs under a timeout (GUARD): a
# game that never ends fails its case instead of hanging the script.
# For each case this script checks, built with ASan+UBSan when LIBCARDRT is
# the ASan build,
#   - simulate (the direct-call copy of the procs): "GAME: game with seed S
#     faulted: game.rules:LINE: MESSAGE" for some seed,
#   - play at the terminal (the resumable copy): "Fault: game.rules:LINE:
#     MESSAGE.",
#   - play --protocol json: the end line keeps "result":"fault" and
#     "reason" and ends with "fault":{"kind":...,"file":"game.rules",
#     "line":LINE,...}, the zone or value included,
# where LINE is the line of the lab's rules that holds the statement (the
# script checks that the line says what the table below expects, so that an
# edit of a lab that moves its lines fails here first, and clearly). Then,
# for each lab, that simulate and play between random seats fault at the
# same line seed by seed. (A fault of a depth names the declaration of the
# func or proc called once too often.)
#
#   sh tests/games/faults.sh CARDC LIBCARDRT
# Prints "faults: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: faults.sh CARDC LIBCARDRT}
lib=${2:?usage: faults.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/faults.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="faults: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
# Each lab is also built plain (LAB-fast, with the plain libcardrt beside
# LIBCARDRT when there is one): the hundreds of seeded games below are
# played at full speed, and the cases one by one under the sanitizers.
fast_lib=$(dirname "$lib")/libcardrt.a
# every game runs under a timeout, a guard against a game that never ends
# (far above what one takes, so that a loaded machine cannot fail it)
GUARD=${FAULTS_GUARD:-60}
[ -f "$fast_lib" ] || fast_lib=$lib

# The cases: LAB|CASE|WHOM|LINE|STATEMENT|MESSAGE|KIND|DETAIL
#   CASE   the option taken at the lab's first decision (from 0)
#   WHOM   the answer to a second decision, if the case has one
#   LINE   the line of the lab's rules that faults, which holds STATEMENT
#   MESSAGE what simulate and the terminal print after "game.rules:LINE: "
#   KIND, DETAIL  the JSON end line's "fault" object: its kind, and what
#          follows "line":LINE in it
CASES='site-lab|0||25|move top(pile) to out|top or bottom of an empty zone '"'"'pile'"'"'|empty_top|,"zone":"pile"
site-lab|1||28|move bottom(hand[seat(1)]) to out|top or bottom of an empty zone '"'"'hand'"'"' of player 2|empty_top|,"zone":"hand","player":1
site-lab|2||31|move first(pile) to out|a move of no card (none)|none_moved|
site-lab|3||34|let c = choose card seat(0) "Pick" from pile|a decision with no option|no_option|
site-lab|4||37|r = size(hand[seat(size(deck) - 7)])|no such player: 5|bad_player|,"value":5
site-lab|5||40|r = [1, 2, 3][size(deck)]|a list index out of range: 12|bad_index|,"value":12
site-lab|6||43|r = 10 / size(pile)|division by zero|div_zero|
site-lab|7||46|r = 1000000000 * (size(deck) - 9)|a number outside the range of 32 bits|overflow|
site-lab|8||17|func deep(n: int): int = deep(n + 1)|procedure or func calls nested too deep|depth|
site-lab|9||18|proc down(n: int) {|procedure or func calls nested too deep|depth|
site-lab|10||55|loop {|a rule loop ran too long without a decision|loop|
site-lab|11||350|option "o257" when r == 0 { }|a choice with more options than a decision holds|too_many|
site-lab|12||64|option "divides" when 10 / size(pile) > 1 {|division by zero|div_zero|
site-lab|13||74|at end of turn {|too many lasting or delayed effects at once|lasting_full|
site-lab|14||80|start_turn(first(q in players where false))|no such player: none|bad_player|,"value":-1
site-lab|15||83|r = choose seat(0) "How many?" from 1..size(pile)|a choice of a number from an empty range: 1..0|empty_range|,"from":1,"to":0
fault-lab|0||33|r = count(c in heap where (10 / c.rank > 1 and c.type == foo) or false)|division by zero|div_zero|
fault-lab|2||16|func leaf(x: int): int = x + 1|procedure or func calls nested too deep|depth|
fault-lab|6||82|proc note() {|procedure or func calls nested too deep|depth|
player-lab|2|2|39|move top(deck) to hand[q]|no such player: none|bad_player|,"value":-1
player-lab|3|2|20|move top(deck) to hand[p]|no such player: none|bad_player|,"value":-1
player-lab|4|2|49|move top(deck) to hand[r]|no such player: none|bad_player|,"value":-1
player-lab|5|2|53|hit[q] = 1|no such player: none|bad_player|,"value":-1
player-lab|6|2|57|let r = next(q)|no such player: none|bad_player|,"value":-1
player-lab|7|2|23|func cards_of(p: player): int = size(hand[p])|no such player: none|bad_player|,"value":-1
player-lab|8|2|66|let yes = ask q "Well?"|no such player: none|bad_player|,"value":-1
effect-fault-lab|0||18|play first(deck where name == "Gate") by seat(0) to out|a card played whose effect'"'"'s condition does not hold|unplayable|
effect-fault-lab|1||21|play first(pile) by seat(1)|a play of no card (none)|none_played|
holder-fault-lab|0||17|move bottom(deck) to marks[top(deck)]|a held zone'"'"'s slot under a card not of its holder type: Nerd|not_holder|,"card":"Nerd"
holder-fault-lab|1||21|move bottom(deck) to marks[h]|a held zone'"'"'s slot under a card not of its holder type: none|not_holder|,"card":null
holder-fault-lab|2||24|led[first(pile)] = 1|a per-card variable of no card (none)|no_card|
holder-fault-lab|4||34|move a to marks[b]|a card put under itself, or under a card it holds: Gym|holder_cycle|,"card":"Gym"
holder-fault-lab|5||41|move a to marks[b]|a card put under itself, or under a card it holds: Gym|holder_cycle|,"card":"Gym"
holder-fault-lab|6||45|move all deck to marks[a]|a card put under itself, or under a card it holds: Gym|holder_cycle|,"card":"Gym"
trigger-fault-lab|0||16|on ping(n) {|a trigger fired too often without a decision|trigger_loop|
trigger-fault-lab|1|0|27|on c enters out where c.type == stone {|more triggers waiting than the queue holds|trigger_queue|
trigger-fault-lab|2||42|destroy(top(deck))|an event given a card of a type it does not take|event_kind|
react-fault-lab|0||17|instead of destroy(loc) where swap == 1 {|an event given a card of a type it does not take|event_kind|
work-fault-lab|0||46|choose cards seat(0) "Pick" from deck into out size size(pile) + 61..size(pile) + 64|a decision with no option|no_option|
work-fault-lab|1||16|func twice(n: int): int = twice(n + 1) + twice(n + 1)|procedure or func calls nested too deep|depth|
work-fault-lab|2||17|func thrice(n: int): int {|a rule loop ran too long without a decision|loop|
work-fault-lab|3||28|for d in deck {|a rule loop ran too long without a decision|loop|
work-fault-lab|4||36|proc halves(n: int) {|a rule loop ran too long without a decision|loop|
out-fault-lab|0||13|if ask seat(1) "Well?" {|a player out of the game asked to decide or given a turn: 1|out_player|,"value":1
out-fault-lab|1||19|turn of seat(1) {|a player out of the game asked to decide or given a turn: 1|out_player|,"value":1
out-fault-lab|2||25|start_turn(seat(0))|a player out of the game asked to decide or given a turn: 0|out_player|,"value":0
simul-fault-lab|0||17|let b = choose q "Your bid" from 0..coins[q]|a choice of a number from an empty range: 0..-1|empty_range|,"from":0,"to":-1
value-fault-lab|0||21|r = choose seat(0) "How many?" from 0..size(pile)|a choice of more values than a decision holds: 301|too_many_values|,"value":301
value-fault-lab|1||24|let g = choose seat(0) "Name a card" from v in values(name) where v != "V3"|a choice of more values than a decision holds: 299|too_many_values|,"value":299
value-fault-lab|2||28|r = choose seat(0) "How many?" from 1..big|a choice of more values than a decision holds: 1000000000|too_many_values|,"value":1000000000
value-fault-lab|3||31|r = choose seat(0) "How many?" from v in 0..size(pile) where v != 7|a choice of more values than a decision holds: 300|too_many_values|,"value":300
value-fault-lab|4||35|r = choose seat(0) "How many?" from -big..big|a choice of more values than a decision holds: 2147483647|too_many_values|,"value":2147483647
value-fault-lab|5||39|r = choose seat(0) "How many?" from v in 0..big where v == 3 or v == 5|a rule loop ran too long without a decision|loop|'

# seeds GAME N ARGS...: `GAME ARGS... S` for the seeds S = 1..N, one
# after another under one guard of 2 x GUARD seconds (a game that never
# ends costs one guard, not N), each run's output and errors on stdout
# after a line "seed S". A guard that expires is written in $T/guards,
# which the last check reads.
seeds() {
    timeout "$((GUARD * 2))" sh -c '
        game=$1 n=$2
        shift 2
        s=1
        while [ $s -le "$n" ]; do
            echo "seed $s"
            "$game" "$@" $s 2>&1
            s=$((s + 1))
        done' sh "$@"
    [ $? = 124 ] && echo "$1 $3: seeds 1..$2 not done within $((GUARD * 2)) s" >>"$T/guards"
    return 0
}

# The labs, built; and the faults simulate reports for the games of seeds
# 1..100, at full speed, each its own run (simulate names only the first
# five faulted games it meets; the last case the player lab meets is at
# seed 67).
for lab in site-lab fault-lab player-lab effect-fault-lab holder-fault-lab trigger-fault-lab \
    react-fault-lab work-fault-lab out-fault-lab simul-fault-lab value-fault-lab; do
    # shellcheck disable=SC2086 # san is a list of flags, or none
    if ! "$cardc" build "$ROOT/tests/games/$lab" -o "$T/$lab.c" 2>"$T/err" ||
        ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/$lab.c" "$lib" \
            -o "$T/$lab" 2>>"$T/err" ||
        ! "$CC" -std=c11 -Wall -Wextra -Werror -O1 -I"$ROOT/runtime" "$T/$lab.c" "$fast_lib" \
            -o "$T/$lab-fast" 2>>"$T/err"; then
        echo "FAIL faults: $lab does not build"
        sed 's/^/    /' "$T/err" | head -20
        echo "faults: 0 passed, 1 failed"
        exit 1
    fi
    seeds "$T/$lab-fast" 100 simulate --games 1 --players 2 --seed | grep 'faulted: ' \
        >"$T/$lab.sim"
done

# simulate --jobs: the faulted games named on stderr are the run's first
# five, in its order, whatever the threads (RUNTIME.md, "The balance lab")
jobs_faults() {
    "$T/player-lab-fast" simulate --games 100 --players 2 --seed 1 --jobs "$1" 2>&1 >/dev/null |
        grep 'faulted: '
}
same_faults() {
    jobs_faults 1 >"$T/faults1"
    jobs_faults 3 >"$T/faults3"
    [ "$(wc -l <"$T/faults1")" = 5 ] && cmp -s "$T/faults1" "$T/faults3"
}
check "simulate --jobs 3 names the faulted games --jobs 1 names" same_faults

clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$1"; }
# holds LAB LINE STATEMENT: line LINE of LAB's rules holds STATEMENT
holds() { sed -n "$2p" "$ROOT/tests/games/$1/game.rules" | grep -qF -- "$3"; }
# simulated LAB LINE MESSAGE: simulate reported the fault of some seed so
simulated() { grep -qF -- "faulted: game.rules:$2: $3" "$T/$1.sim"; }
# terminal LAB CASE WHOM LINE MESSAGE: play at the terminal, the case taken
# (options count from 1 there), then WHOM; it prints the fault so
terminal() {
    { echo $(($2 + 1)); [ -n "$3" ] && echo $(($3 + 1)); } >"$T/in"
    timeout "$GUARD" "$T/$1" play --players 2 --seed 1 --seats human,random <"$T/in" >"$T/out" \
        2>"$T/stderr"
    grep -qxF -- "Fault: game.rules:$4: $5." "$T/out" && clean "$T/stderr"
}
# json LAB CASE WHOM MESSAGE OBJECT: the JSON end line, the case taken, then
# WHOM (0 if empty) to whatever comes next: the pinned fields, and the fault
# object last
json() {
    { printf '{"choose":%s}\n' "$2"; yes "{\"choose\":${3:-0}}" | head -n 3; } >"$T/in"
    timeout "$GUARD" "$T/$1" play --protocol json --players 2 --seed 1 <"$T/in" 2>"$T/stderr" |
        tail -n 1 >"$T/end"
    m=$(echo "$4" | sed 's/:.*//; s/ '"'"'.*//')  # the reason: the message without its detail
    grep -qF -- "\"result\":\"fault\",\"reason\":\"$m\"," "$T/end" &&
        grep -qF -- ",\"fault\":$5}" "$T/end" && clean "$T/stderr"
}

printf '%s\n' "$CASES" >"$T/cases"
while IFS='|' read -r lab case whom line stmt msg kind detail; do
    name="$lab case $case ($kind)" # (check sets `what`)
    check "$name: line $line holds '$stmt'" holds "$lab" "$line" "$stmt"
    check "$name: simulate names line $line" simulated "$lab" "$line" "$msg"
    check "$name: the terminal names line $line" terminal "$lab" "$case" "$whom" "$line" "$msg"
    check "$name: the JSON end line names line $line" json "$lab" "$case" "$whom" "$msg" \
        "{\"kind\":\"$kind\",\"file\":\"game.rules\",\"line\":$line$detail}"
done <"$T/cases"

# fault_lines: from the output of `seeds`, one line "S LINE" per seed S:
# the rules line that its game faulted at (the simulate line on stderr, or
# the end line's fault object), or "none".
fault_lines() {
    awk '/^seed [0-9]+$/ { if (s) print s, l; s = $2; l = "none"; next }
        match($0, /faulted: game\.rules:[0-9]+: /) {
            l = substr($0, RSTART + 20, RLENGTH - 22)
        }
        /^\{"type":"end"/ && match($0, /,"fault":\{[^}]*"line":[0-9]+[,}]/) {
            t = substr($0, RSTART, RLENGTH)
            sub(/.*"line":/, "", t)
            l = substr(t, 1, length(t) - 1)
        }
        END { if (s) print s, l }'
}

# agree LAB: the two copies of the procs fault at the same line: for seeds
# 1..30, simulate (direct) and play between random seats (resumable) name
# the same line, or neither faults.
agree() {
    seeds "$T/$1-fast" 30 simulate --games 1 --players 2 --seed | fault_lines >"$T/sim.lines"
    seeds "$T/$1-fast" 30 play --players 2 --seats random,random --protocol json --seed \
        </dev/null | fault_lines >"$T/play.lines"
    [ "$(wc -l <"$T/sim.lines")" = 30 ] || { echo "    simulate: $(cat "$T/sim.lines")"; return 1; }
    cmp -s "$T/sim.lines" "$T/play.lines" && return 0
    diff "$T/sim.lines" "$T/play.lines" | sed 's/^/    simulate < > play: /'
    return 1
}
for lab in site-lab fault-lab player-lab effect-fault-lab holder-fault-lab trigger-fault-lab \
    react-fault-lab work-fault-lab out-fault-lab simul-fault-lab value-fault-lab; do
    check "$lab: simulate and play fault at the same lines" agree "$lab"
done

# A game that ends without a fault says nothing of one.
check "no fault, no fault object" sh -c \
    '{ echo "{\"choose\":1}"; yes "{\"choose\":0}" | head -n 3; } |
     "$1" play --protocol json --seed 1 | tail -n 1 | grep "\"result\":\"win\"" | grep -qv "\"fault\""' \
    sh "$T/fault-lab"

check "every run of seeds within its guard" sh -c '! cat "$0" 2>/dev/null' "$T/guards"

summary faults
