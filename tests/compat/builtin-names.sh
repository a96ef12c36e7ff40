#!/bin/sh
# builtin-names.sh: a game's own names win over the builtins (LANGUAGE.md,
# "Compatibility"), for every builtin and every kind of name.
#
# For each kind of name an author declares (a zone, a variable of the
# game, per player, per card, a func, a proc, an event and its handler, a
# parameter, a let, a for's variable, a source's element, the player a
# choice binds, the number a choice binds; a variable of an attribute's
# values too), a game is written that gives that kind every builtin's
# name (the BUILTINS of compiler/sema.h, and `chosen`) and uses each. Each
# game must build (cardc, then cc -Wall -Wextra -Werror: no clash in the
# generated C either), warn once per builtin whose name a global takes
# (naming it) and never for a local, and play: `simulate` of 5 games, and
# its total equal to what the rules add up by hand (the game's meaning of
# the names is what ran; tests/games/names-lab and its scenarios check
# it case by case).
#
#   sh tests/compat/builtin-names.sh CARDC LIBCARDRT
# Prints "builtin-names: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: builtin-names.sh CARDC LIBCARDRT}
lib=${2:?usage: builtin-names.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="builtin-names: "
. "$ROOT/tests/check.sh"
CC=${CC:-cc}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) SAN= ;; esac

# Every builtin's name, from the one list the checker has; a reserved word
# of the scanner (`size`) cannot be declared at all, so it is left out.
all=$(grep -o 'X([A-Z_]*, "[a-z_]*"' "$ROOT/compiler/sema.h" | sed 's/.*"\(.*\)"/\1/' | sort -u)
names=
for n in $all chosen; do
    grep -q "^\"$n\" " "$ROOT/grammar/lexer.l" || names="$names $n"
done
nnames=$(echo "$names" | wc -w)
check "the builtins are found in compiler/sema.h ($nnames)" test "$nnames" -ge 20

# decl KIND N: what declares N as KIND at the top level (or nothing)
decl() {
    case $1 in
    zone) echo "zone $2: shared, public" ;;
    var) echo "var $2: int = 0" ;;
    pvar) echo "var $2: per player int = 0" ;;
    cvar) echo "var $2: per card int = 0" ;;
    vvar) echo "var $2: colour = red" ;;
    func) echo "func $2(x: int): int = x" ;;
    proc) echo "proc $2(x: int) { total += x }" ;;
    event) printf 'event %s(x: int) { total += x }\non %s(x) { total += x }\n' "$2" "$2" ;;
    param) echo "proc use_$2($2: int) { total += $2 }" ;;
    esac
}
# use KIND N: the statements of main that use N (each adds 1 or 2 to
# total); where N is a func, a proc or an event, they call no builtin, as
# each builtin's name is the game's then; elsewhere a builtin is still
# called (seat, count, ...: a variable, a zone or a local cannot be)
use() {
    case $1 in
    zone) echo "move top(deck) to $2"; echo "total += count(c in $2)" ;;
    var) echo "$2 += 1"; echo "total += $2" ;;
    pvar) echo "$2[seat(0)] += 1"; echo "total += $2[seat(0)]" ;;
    cvar) echo "$2[top(deck)] += 1"; echo "total += $2[top(deck)]" ;;
    vvar) echo "$2 = blue"; echo "if $2 == blue { total += 1 }" ;;
    func) echo "total += $2(1)" ;;
    proc) echo "$2(1)" ;;
    event) echo "$2(1)" ;;
    param) echo "use_$2(1)" ;;
    let) echo "let $2 = 1"; echo "total += $2" ;;
    for) echo "for $2 in players { if $2 == seat(0) { total += 1 } }" ;;
    element) echo "total += count($2 in deck where $2 == top(deck))" ;;
    binder) echo "let q_$2 = choose player seat(0) \"Who?\" from $2 in players where $2 == seat(1)"
            echo "if q_$2 == seat(1) { total += 1 }" ;;
    number) echo "let n_$2 = choose seat(0) \"Which?\" from $2 in 1..3 where $2 == 2"
            echo "total += n_$2 - 1" ;;
    esac
}
# per KIND: what one name adds to total
per() {
    case $1 in event) echo 2 ;; *) echo 1 ;; esac
}

# game KIND: the game giving every builtin's name to KIND, into $T/KIND
game() {
    mkdir -p "$T/$1"
    printf 'game: Names\ntypes:\n  t: {attributes: {colour: [red, blue]}}\ncards:\n  - {name: c, type: t, count: 40, colour: red}\n' \
        >"$T/$1/cards.yaml"
    {
        echo 'game "Names"'
        echo 'players 2'
        echo 'zone deck: shared, ordered, hidden'
        echo 'var total: int = 0'
        for n in $names; do decl "$1" "$n"; done
        echo 'proc main() {'
        echo '    shuffle deck'
        for n in $names; do use "$1" "$n" | sed 's/^/    /'; done
        echo '    end'
        echo '}'
        echo 'func score(p: player): int = total'
    } >"$T/$1/game.rules"
}

# builds KIND: the game of KIND builds and warns as it must
builds() {
    # shellcheck disable=SC2086 # SAN is a list of flags, or none
    "$cardc" build "$T/$1" -o "$T/$1.c" 2>"$T/$1.err" &&
        "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O0 $SAN \
            -I"$ROOT/runtime" "$T/$1.c" "$lib" -o "$T/$1.bin" 2>>"$T/$1.err" && return 0
    grep -v 'takes the name of the builtin' "$T/$1.err" | grep -A2 'error' | sed 's/^/    /' | head -20
    return 1
}

# warns KIND WANT: WANT warnings "takes the name of the builtin", one at
# each name when WANT is not 0, and no other diagnostic
warns() {
    got=$(grep -c "takes the name of the builtin" "$T/$1.err")
    other=$(grep -c ': \(warning\|error\): ' "$T/$1.err")
    if [ "$got" != "$2" ] || [ "$other" != "$2" ]; then
        sed 's/^/    /' "$T/$1.err" | head
        return 1
    fi
    [ "$2" = 0 ] && return 0
    if grep "takes the name of the builtin a builtin" "$T/$1.err"; then
        echo "    a builtin without its meaning in sema_call.c's builtin_what"
        return 1
    fi
    for n in $names; do
        grep -q "'$n' takes the name of the builtin" "$T/$1.err" || { echo "    no warning for $n"; return 1; }
    done
}

# plays KIND: 5 games, each of the total the names add up (score p = total)
plays() {
    want=$((nnames * $(per "$1")))
    "$T/$1.bin" simulate --games 5 --seed 1 --json >"$T/$1.json" 2>&1 &&
        grep -q "\"avg_scores\":\[$want,$want\]" "$T/$1.json" && return 0
    echo "    want $want each:"; sed 's/^/    /' "$T/$1.json" | head -5
    return 1
}

for k in zone var pvar cvar vvar func proc event param let for element binder number; do
    game "$k"
    case $k in zone|var|pvar|cvar|vvar|func|proc|event) nw=$nnames ;; *) nw=0 ;; esac
    check "$k: builds" builds "$k"
    if [ -x "$T/$k.bin" ]; then
        check "$k: $nw warnings, one per builtin" warns "$k" "$nw"
        check "$k: plays, the game's meaning of each name" plays "$k"
    fi
done
summary builtin-names
