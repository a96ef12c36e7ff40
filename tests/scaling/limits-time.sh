#!/bin/sh
# limits-time.sh: how long cardc takes at each of its limits, on inputs
# made to be costly there (the figures of docs/LIMITS.md, "Time at the
# limits"). Not part of make test: a run takes a few minutes and tells
# times, which depend on the machine.
#
#   sh tests/scaling/limits-time.sh build/bin/cardc     (the plain build)
#
# One line per input: the seconds of one run (wall time), the exit status,
# what was run. Inputs are generated into a temporary folder, from the
# repository root (tests/scaling/gen.c writes some of them).
cardc=${1:?usage: tests/scaling/limits-time.sh CARDC}
case $cardc in /*) ;; *) cardc=$PWD/$cardc ;; esac
MiB=1048576
T=$(mktemp -d "${TMPDIR:-/tmp}/limits-time.XXXXXX")
trap 'rm -rf "$T"' EXIT
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -Werror \
    tests/scaling/gen.c -o "$T/gen" || exit 1
cd "$T" || exit 1

# timed WHAT CMD...: runs CMD once, prints its wall time and exit status.
timed() {
    what=$1
    shift
    t0=$(date +%s.%N)
    "$@" >out 2>err
    rc=$?
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk -v w="$what" -v rc="$rc" '{ printf "%8.2f s  exit %s  %s\n", $2 - $1, rc, w }'
}

# pad FILE SIZE: a comment at the end brings FILE to SIZE bytes.
pad() {
    sz=$(wc -c <"$1")
    if [ "$sz" -gt $(($2 - 2)) ]; then
        echo "limits-time: $1 has $sz bytes, more than $2" >&2
        exit 1
    fi
    { printf '#'; head -c $(($2 - sz - 2)) /dev/zero | tr '\0' x; echo; } >>"$1"
}

# max_file_size and max_cards: 200,000 cards of about 330 bytes, each with a
# text that names another card and an effect that quotes it; 64 MiB.
awk 'BEGIN {
    print "game: Limits\ntypes:\n  spell:\ncards:"
    for (i = 0; i < 200000; i++) {
        j = (i * 7919 + 1) % 200000
        printf "  - name: Card %d\n    type: spell\n", i
        printf "    text: \"Swap this card with Card %d of another player; then every player ", j
        printf "draws two cards, discards one of them and passes the rest to the left, unless ", j
        printf "a player holds Card %d, who may keep them all.\"\n", i
        printf "    effect: |\n      let c = \"Card %d\"\n      let n = 2\n      n += 1\n", j
    }
}' >cards-64m.yaml
pad cards-64m.yaml $((64 * MiB))
timed "check: 200,000 cards with text and effect, a card file of 64 MiB" \
    "$cardc" check cards-64m.yaml
rm -f cards-64m.yaml

# max_cards: 200,000 cards as the benchmark writes them (bench/gencards.c).
${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 "$OLDPWD/bench/gencards.c" -o gencards || exit 1
./gencards bench.yaml 200000
timed "check: 200,000 cards of bench/gencards ($(wc -c <bench.yaml) bytes)" "$cardc" check bench.yaml
rm -f bench.yaml

# max_cards and max_name: 200,000 cards whose names have 200 characters.
awk 'BEGIN {
    print "game: Limits\ntypes:\n  t:\n    attributes:\n      col: [red, blue]\ncards:"
    pad = sprintf("%180s", ""); gsub(/ /, "n", pad)
    for (i = 0; i < 200000; i++)
        printf "  - {name: %s%020d, type: t, col: %s}\n", pad, i, i % 2 ? "red" : "blue"
}' >names.yaml
timed "check: 200,000 cards with names of 200 characters ($(wc -c <names.yaml) bytes)" \
    "$cardc" check names.yaml
rm -f names.yaml

# max_file_size, rules: a game whose rules are 64 MiB: 80,000 procs that
# call one another, of about 800 bytes each.
printf 'game: Limits\ntypes:\n  t:\ncards:\n  - {name: C, type: t, count: 40}\n' >cards.yaml
mkdir rules-64m
cp cards.yaml rules-64m/
awk 'BEGIN {
    print "game \"Limits\"\nplayers 2..4\nzone deck: shared, ordered, hidden\nzone hand: per player, owner"
    print "var n: int = 0\nproc main() {\n    p0(seat(0))\n    end\n}"
    for (i = 0; i < 80000; i++) {
        printf "proc p%d(q: player) {\n", i
        for (k = 0; k < 8; k++)
            printf "    if size(deck) > %d and n < 1000 {\n        move top(deck) to hand[q]\n        n += %d\n    }\n", k, k + 1
        if (i + 1 < 80000)
            printf "    p%d(next(q))\n", i + 1
        print "}"
    }
}' >rules-64m/game.rules
pad rules-64m/game.rules $((64 * MiB))
timed "check: rules of 64 MiB, 80,000 procs" "$cardc" check rules-64m
timed "build: rules of 64 MiB, 80,000 procs" "$cardc" build rules-64m -o rules-64m.c
echo "          (the C written: $(wc -c <rules-64m.c) bytes)"
rm -rf rules-64m rules-64m.c

# max_file_size, rules: 64 MiB of lines of opening typographic quotes that
# nothing closes (every one an error, counted past the first 100).
mkdir quotes-64m
cp cards.yaml quotes-64m/
awk 'BEGIN {
    q = "\342\200\234a "; line = ""
    for (i = 0; i < 20000; i++) line = line q
    print "game \"Limits\"\nplayers 2..4\nzone deck: shared, hidden\nproc main() {\n    end\n}"
    for (i = 0; i < 670; i++) print line
}' >quotes-64m/game.rules
pad quotes-64m/game.rules $((64 * MiB))
timed "check: rules of 64 MiB of unclosed typographic quotes" "$cardc" check quotes-64m
rm -rf quotes-64m

# max_scalar: one value of 1 MiB: an effect of statements; an effect of
# unclosed typographic quotes on one line; a text that names a card.
{
    printf 'game: Limits\ntypes:\n  t:\ncards:\n  - name: C\n    type: t\n    effect: |\n'
    printf '      let n = 0\n'
    yes '      n += 1' | head -c $((MiB - 20)) | sed '$d'
} >effect-1m.yaml
timed "check: an effect of 1 MiB (about 80,000 statements)" "$cardc" check effect-1m.yaml
{
    printf 'game: Limits\ntypes:\n  t:\ncards:\n  - name: C\n    type: t\n    effect: "let n = 0 '
    awk 'BEGIN { for (i = 0; i < 209000; i++) printf "\342\200\234a " }'
    printf '"\n'
} >quote-1m.yaml
timed "check: an effect of 1 MiB on one line, of unclosed typographic quotes" \
    "$cardc" check quote-1m.yaml
{
    printf 'game: Limits\ntypes:\n  t:\ncards:\n'
    printf '  - {name: Joker, type: t}\n  - name: C\n    type: t\n    effect: "let n = 0"\n    text: "'
    yes 'a joker and another' | head -c $((MiB - 10)) | tr '\n' ' '
    printf '"\n'
} >text-1m.yaml
timed "check: a text of 1 MiB that names a card 50,000 times" "$cardc" check text-1m.yaml
rm -f effect-1m.yaml quote-1m.yaml text-1m.yaml

# max_nodes: 20,000,000 nodes after alias expansion (as tests/limits).
{
    printf -- '- &b ['
    awk 'BEGIN { for (i = 0; i < 998; i++) printf "x," }'
    printf 'x]\n'
    yes -- '- *b' | head -n 19998
    yes -- '- y' | head -n 999
} >nodes.yaml
timed "check: 20,000,000 nodes after alias expansion" "$cardc" check nodes.yaml
rm -f nodes.yaml

# max_instances: counts that sum to 1,000,000, built into C.
printf 'game: G\ntypes:\n  t: {}\ncards:\n  - {name: A, type: t, count: 500000}\n  - {name: B, type: t, count: 500000}\n' \
    >inst.yaml
timed "build: a card file of 1,000,000 card instances" "$cardc" build inst.yaml -o inst.c
rm -f inst.yaml inst.c

# max_game_cards: a game of 65,535 card kinds and 65,535 choices by name.
mkdir kinds
p=$("$T/gen" choice-names 65535 kinds)
timed "check: a game of 65,535 cards and 65,535 choices of a card by name" "$cardc" check "$p"
timed "build: the same game" "$cardc" build "$p" -o kinds.c
rm -rf kinds kinds.c

# The limits of a game's tables (max_state_bytes, max_zone_slots,
# max_menu_options, max_distinct_prompts, max_distinct_labels, max_label,
# max_locals), each at its bound, checked and built.
holds() { # holds DIR CARDS PLAYERS SHARED PER_PLAYER: as tests/limits
    mkdir "$1"
    printf 'game: G\ntypes:\n  cheat: {}\ncards:\n  - {name: Nerd, type: cheat, count: %s}\n' \
        "$2" >"$1/cards.yaml"
    awk -v pl="$3" -v sh="$4" -v pp="$5" 'BEGIN {
        printf "game \"G\"\nplayers 2..%s\nzone deck: shared, ordered, hidden\n", pl
        for (i = 1; i <= pp; i++) printf "zone p%d: per player, public\n", i
        for (i = 1; i <= sh; i++) printf "zone s%d: shared, public\n", i
        print "var v1: int = 0\nproc main() {\n    v1 = size(deck)"
        for (i = 1; i <= pp; i++) printf "    v1 = size(p%d[seat(0)])\n", i
        for (i = 1; i <= sh; i++) printf "    v1 = size(s%d)\n", i
        print "    end\n}"
    }' >"$1/game.rules"
}
both() { # both WHAT DIR: check and build DIR
    timed "check: $1" "$cardc" check "$2"
    timed "build: $1" "$cardc" build "$2" -o "$2.c"
    rm -rf "$2" "$2.c"
}
holds state 64268 2 518 0
both "a game state of 64 MiB (max_state_bytes: 519 zone slots of 64,268 cards)" state
holds slots 1 8 6 4095
both "32,767 zone slots (max_zone_slots: 4,095 per-player zones of 8 seats)" slots
game_with() { # game_with DIR: the rules on stdin after a small game's head
    mkdir "$1"
    cp cards.yaml "$1/"
    { printf 'game "Limits"\nplayers 2..4\nzone deck: shared, ordered, hidden\nvar n: int = 0\n'; cat; } \
        >"$1/game.rules"
}
awk 'BEGIN {
    print "proc main() {\n    choose seat(0) \"Which day?\" {"
    for (i = 0; i < 65535; i++) print "        option \"Day\" when n > 0 { n -= 1 }"
    print "    }\n    end\n}"
}' | game_with menu
both "a menu of 65,535 options (max_menu_options)" menu
awk 'BEGIN {
    print "proc main() {\n    asks()\n    end\n}\nproc asks() {"
    for (i = 0; i < 32767; i++) printf "    if ask seat(0) \"Stop at %d?\" { end }\n", i
    print "}"
}' | game_with prompts
both "32,767 prompts (max_distinct_prompts)" prompts
awk 'BEGIN {
    pad = sprintf("%990s", ""); gsub(/ /, "x", pad)
    print "proc main() {"
    for (m = 0; m < 128; m++) printf "    m%d()\n", m
    print "    end\n}"
    for (m = 0; m < 128; m++) {
        printf "proc m%d() {\n    choose seat(0) \"Which?\" {\n", m
        for (i = 0; i < 255 && m * 255 + i < 32767; i++)
            printf "        option \"%s%010d\" when n > 0 { n -= 1 }\n", pad, m * 255 + i
        print "    }\n}"
    }
}' | game_with labels
both "32,767 labels of 1,000 characters (max_distinct_labels, max_label; 33 MB of rules)" labels
awk 'BEGIN {
    print "proc main() {\n    l0(1)\n    end\n}"
    for (p = 0; p < 1000; p++) {
        printf "proc l%d(k: int) {\n", p
        for (i = 1; i < 1000; i++) printf "    let a%d = k\n", i
        if (p + 1 < 1000) printf "    l%d(a999)\n", p + 1
        print "}"
    }
}' | game_with locals
both "1,000 procs of 1,000 locals each (max_locals)" locals

# max_expr_depth: a sum of 1,000,001 terms on one line (2 MB), refused.
mkdir sum
cp cards.yaml sum/
{
    printf 'game "Limits"\nplayers 2..4\nzone deck: shared, hidden\nvar n: int = 0\nproc main() {\n    n = 1'
    awk 'BEGIN { for (i = 0; i < 1000000; i++) printf " + 1" }'
    printf '\n    end\n}\n'
} >sum/game.rules
timed "check: a sum of 1,000,001 terms on one line (refused: max_expr_depth)" "$cardc" check sum
rm -rf sum

# max_errors: 100,000 warnings printed (one a line); 100,000 errors printed
# under --max-errors=100000, each with "did you mean" among 10,000 names;
# and 100,000 unknown card names with the default cap of 100.
mkdir w
p=$("$T/gen" warnings 100000 w)
timed "check: 100,000 warnings, as text" "$cardc" check "$p"
timed "check: 100,000 warnings, as JSON" "$cardc" check --format=json "$p"
rm -rf w
mkdir u
p=$("$T/gen" unknown-names 10000 u)
timed "check --max-errors=100000: 10,000 unknown names, each compared with 10,000 names" \
    "$cardc" check --max-errors=100000 "$p"
rm -rf u
mkdir e
p=$("$T/gen" effect-names 100000 e)
timed "check: 100,000 effects quoting unknown cards (100 printed, among 100,000 names)" \
    "$cardc" check "$p"
rm -rf e
