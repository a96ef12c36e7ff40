#!/bin/sh
# scaling.sh: what a game binary does grows with the cards it moves, not
# with their square. Each case is a small game written here, built at N
# and at 2 N copies of one card, and played once (`simulate --games 1`)
# under callgrind; the ratio of the instructions counted must be at most
# RATIO (2.6: linear cost gives about 2, a square about 4). Instruction
# counts do not depend on the machine's load, as times would.
#
#   sh tests/games/scaling.sh CARDC LIBCARDRT     (plain builds: valgrind
#                                                 cannot run ASan ones)
# Costs that must not grow at all with N are measured by the marginal cost
# of R more repeats at N and 2 N (flat, below).
# Prints one line per case and "game-scaling: N passed, M failed"; exits 1
# if any failed.
cardc=${1:?usage: scaling.sh CARDC LIBCARDRT}
lib=${2:?usage: scaling.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
RATIO=2.6
command -v valgrind >/dev/null || {
    echo "game-scaling: valgrind is not installed (make deps installs it)"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/game-scaling.XXXXXX")
trap 'rm -rf "$T"' EXIT
. "$ROOT/tests/check.sh"   # pass, fail and judge

# game DIR N ZONE_DECL BODY: a game of N copies of one card, in zone a
# (declared first: every card starts there), then b, both as ZONE_DECL
# says; proc main runs BODY, then ends.
game() {
    mkdir -p "$1"
    printf 'game: Heap\ntypes:\n  chip: {}\ncards:\n  - {name: Chip, type: chip, count: %s}\n' \
        "$2" >"$1/cards.yaml"
    printf 'game "Heap"\nplayers 2..2\nzone a: %s\nzone b: %s\nproc main() {\n%s\n    end\n}\n' \
        "$3" "$3" "$4" >"$1/game.rules"
}

# run DIR [GAMES]: builds the game in DIR and counts the instructions of
# GAMES games (1 unless told) under callgrind; empty if it did not build
# or did not end without a fault. Only the games are counted (sim.c's
# work, which plays them, set-up and all): start-up and the printing of
# the figures are not, as the digits of the games/s printed, which move
# from run to run, moved the count by a few hundred instructions, as much
# as a flat case's margin.
run() {
    d=$1
    # shellcheck disable=SC2086
    "$cardc" build "$d" -o "$d/g.c" 2>"$d/err" &&
        $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -I"$ROOT/runtime" "$d/g.c" "$lib" \
            -o "$d/g" 2>>"$d/err" || { sed 's/^/    /' "$d/err" | head -5 >&2; return; }
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$d/log" \
        --collect-atstart=no --toggle-collect=work "$d/g" simulate --games "${2:-1}" --seed 1 >"$d/out" 2>&1 || return
    grep -q 'faults 0' "$d/out" || return
    sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$d/log"
}

# measure N ZONE_DECL BODY: the instructions of one game at N copies;
# empty if it did not build or did not end.
measure() {
    d=$T/g$1
    rm -rf "$d"
    game "$d" "$@"
    run "$d"
}


# compare WHAT N ZONE_DECL BODY: the game at N and 2 N copies.
compare() {
    what=$1 n=$2
    shift 2
    v1=$(measure "$n" "$@")
    v2=$(measure $((2 * n)) "$@")
    if [ -z "$v1" ] || [ -z "$v2" ]; then
        echo "FAIL $what: the game did not build, or did not end without a fault"
        fail=$((fail + 1))
        return
    fi
    r=$(echo "$v1 $v2" | awk '{ printf "%.2f", $2 / $1 }')
    judge "$r" "$RATIO" "$what at $n and $((2 * n)) copies: $v1 -> $v2 instructions, x$r"
}

# `move all` takes the cards bottom to top; out of an unordered zone each
# leaves the list of the cards of its kind, where it was the last: a walk
# to it made one `move all` of 4,000 copies take 42 ms (0.04 ms ordered).
back_and_forth='    repeat 20 {
        move all a to b
        move all b to a
    }'
compare "move all, between unordered zones" 1000 "shared, public" "$back_and_forth"
compare "move all, between ordered zones (no lists)" 1000 "shared, ordered, public" "$back_and_forth"
# one card at a time, bottom first
one_by_one='    repeat 5 {
        while size(a) > 0 {
            move bottom(a) to b
        }
        move all b to a
    }'
compare "move bottom, one card at a time, out of an unordered zone" 1000 "shared, public" \
    "$one_by_one"

# ---- costs that must not grow at all ----
# flat WHAT N R WRITER [games]: what R more repeats of a step cost (the
# instructions at 2 R less those at R) must be the same at N and at 2 N:
# at most FLAT times as much (1.25: a cost that does not grow with N
# gives about 1, one linear in N about 2). WRITER DIR N R writes the
# game; with `games`, R is the number of games played, not a repeat of
# the rules. The fixed costs (start, set-up, the end) drop out of the
# difference, and so does whatever grows with N once per game.
FLAT=1.25
flat() {
    what=$1 n=$2 r=$3 writer=$4 mode=${5:-}
    vals=
    for nn in "$n" $((2 * n)); do
        for rr in "$r" $((2 * r)); do
            d=$T/f$nn-$rr
            rm -rf "$d"
            mkdir -p "$d"
            if [ "$mode" = games ]; then
                "$writer" "$d" "$nn" 1
                v=$(run "$d" "$rr")
            else
                "$writer" "$d" "$nn" "$rr"
                v=$(run "$d")
            fi
            if [ -z "$v" ]; then
                echo "FAIL $what: the game did not build, or did not end without a fault"
                fail=$((fail + 1))
                return
            fi
            vals="$vals $v"
        done
    done
    # shellcheck disable=SC2086
    set -- $vals
    m1=$(($2 - $1)) m2=$(($4 - $3))
    q=$(echo "$m1 $m2" | awk '{ printf "%.2f", $2 / $1 }')
    judge "$q" "$FLAT" "$what: $r more cost $m1 instructions at N = $n, $m2 at $((2 * n)), x$q"
}

# A window before an event that N cards could react to, every one of
# them where nobody may react with it (a hidden deck): no seat is asked,
# and the window must not cost more with more such cards.
unanswerable_cards() {
    printf 'game: Win\ntypes:\n  shield: {}\ncards:\n  - name: Shield\n    type: shield\n    count: %s\n    effect: |\n      play {\n          move this to pile\n      }\n      react to poke() {\n          cancel\n      }\n' \
        "$2" >"$1/cards.yaml"
    printf 'game "Win"\nplayers %s..%s\nlimit decisions 1000000\nzone deck: shared, ordered, %s\nzone hand: per player, owner\nzone pile: shared, public\nvar pokes: int = 0, watched\nevent poke() {\n    pokes += 1\n}\nproc main() {\n    repeat %s {\n        poke()\n    }\n    end\n}\n' \
        "${SEATS:-2}" "${SEATS:-2}" "${DECK:-hidden}" "$3" >"$1/game.rules"
}
flat "windows, N reaction cards none can react with" 200 100 unanswerable_cards
# The same cards in a public pile whose cards nobody reacts with: every
# seat sees that no window could be answered, and none opens.
public_pile() {
    SEATS=2 DECK=public unanswerable_cards "$@"
}
flat "windows, N reaction cards in a public pile" 200 100 public_pile
# The same window with N seats, none holding a card to react with.
unanswerable_seats() {
    SEATS=$2 DECK=hidden unanswerable_cards "$1" 20 "$3"
}
flat "windows, N seats with nothing to react with" 4 100 unanswerable_seats

# count(Z where ...) over a held zone without its holder, N holders (one
# slot each), four cards under the first: the counts, as an ordinary
# zone's are read, do not grow with the holders.
held_count() {
    printf 'game: Held\ntypes:\n  holder: {}\n  chip: {}\ncards:\n  - {name: Holder, type: holder, count: %s}\n  - {name: Chip, type: chip, count: 4}\n  - {name: Gem, type: chip, count: 4}\n' \
        "$2" >"$1/cards.yaml"
    printf 'game "Held"\nplayers 2..2\nzone box: shared, ordered, public\nzone table: shared, public, in play\nzone under: under holder, public, in play, drop to box\nvar seen: int = 0, watched\nproc main() {\n    let h = bottom(box)\n    repeat 4 {\n        move top(box) to under[h]\n    }\n    move all box to table\n    repeat %s {\n        seen += count(under where name == "Gem")\n    }\n    end\n}\n' \
        "$3" >"$1/game.rules"
}
flat "count over a held zone, N holders" 200 200 held_count

# `move all` of one card, beside N cards that stay where they are: the
# move costs the card it moves, not the cards of the game.
move_one() {
    printf 'game: Heap\ntypes:\n  chip: {}\ncards:\n  - {name: Chip, type: chip, count: %s}\n' \
        "$2" >"$1/cards.yaml"
    printf 'game "Heap"\nplayers 2..2\nzone a: shared, public\nzone b: shared, public\nproc main() {\n    move top(a) to b\n    repeat %s {\n        move all b to a\n        move top(a) to b\n    }\n    end\n}\n' \
        "$3" >"$1/game.rules"
}
flat "move all of one card among N" 1000 200 move_one

# A game that declares room for many triggers (a queue of N) and raises
# none: what each game's set-up costs does not grow with that room.
big_queue() {
    printf 'game: Room\ntypes:\n  chip: {}\ncards:\n  - {name: Chip, type: chip, count: 4}\n' >"$1/cards.yaml"
    printf 'game "Room"\nplayers 2..2\nlimit triggers %s\nzone a: shared, public\nzone b: shared, public\nvar moved: int = 0, watched\non c enters b {\n    moved += 1\n}\nproc main() {\n    move top(a) to b\n    end\n}\n' \
        "$2" >"$1/game.rules"
}
flat "set-up of a game with room for N triggers" 4000 100 big_queue games

echo "game-scaling: $pass passed, $fail failed"
[ "$fail" = 0 ]
