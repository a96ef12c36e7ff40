#!/bin/sh
# Golden tests of `cardc build PATH --dump=tree|checked|analysed`.
#
# tests/dump/game is a small game with a little of each construct: what
# each stage prints for it must be tests/dump/STAGE.expected byte for byte,
# with exit status 0 and nothing on stderr. Then, output not compared:
# every stage of every game in decks/ and tests/games/ exits 0; every
# examples/broken-rules/NAME exits from --dump=analysed as from `cardc
# check` (the same phases run), and from --dump=tree with 0 or 1; a dump
# stopped by errors prints nothing on stdout; an unknown stage is a usage
# error. `make test` runs this with the ASan build, so these are also
# crash tests. Run from the repository root:
#   sh tests/dump.sh build/bin/cardc-asan
#
# With --bless, writes tests/dump/STAGE.expected from what cardc prints now
# (`make bless-dump`). Read `git diff tests/dump/` before committing it:
# every line must say what the phase made, not merely what cardc prints.
cardc=${1:?usage: tests/dump.sh CARDC [--bless]}
bless=${2:-}
dir=tests/dump
stages="tree checked analysed"
if [ ! -d "$dir/game" ]; then
    echo "dump: no $dir/game here: run from the repository root" >&2
    exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dump.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
CHECK_PREFIX="dump: "
. tests/check.sh

if [ "$bless" = --bless ]; then
    for s in $stages; do
        "$cardc" build "$dir/game" --dump="$s" >"$tmp/out" || exit 1
        cp "$tmp/out" "$dir/$s.expected"
        echo "blessed $dir/$s.expected"
    done
    exit 0
fi

# golden STAGE: the game's dump is STAGE.expected, status 0, stderr empty.
golden() {
    "$cardc" build "$dir/game" --dump="$1" >"$tmp/out" 2>"$tmp/err"
    got=$?
    cat "$tmp/err"
    [ "$got" = 0 ] && [ ! -s "$tmp/err" ] || return 1
    if [ ! -f "$dir/$1.expected" ]; then
        echo "no $dir/$1.expected (make bless-dump writes it)"
        return 1
    fi
    cmp -s "$tmp/out" "$dir/$1.expected" && return 0
    echo "--dump=$1 differs (- expected, + actual):"
    diff -u "$dir/$1.expected" "$tmp/out" | sed 1,2d
    return 1
}

# exits WANT ARG...: `cardc build ARG...` exits with one of WANT (a list:
# "0 1"); unless it exits 0, it prints nothing on stdout.
exits() {
    want=$1
    shift
    "$cardc" build "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    case " $want " in
    *" $got "*) ;;
    *) echo "cardc build $* exited $got, expected $want:"; cat "$tmp/err"; return 1 ;;
    esac
    [ "$got" = 0 ] || [ ! -s "$tmp/out" ]
}

for s in $stages; do
    check "golden $s" golden "$s"
done

for g in decks/*/ tests/games/*/; do
    [ -f "$g/cards.yaml" ] || continue
    for s in $stages; do
        check "${g%/} --dump=$s" exits 0 "${g%/}" --dump="$s"
    done
done

# check's exit status for a broken rules game: 1, or what NAME/status says
# (tests/golden-rules.sh holds check to it), read there rather than made
# again by a second start of cardc a game.
for g in examples/broken-rules/*/; do
    g=${g%/}
    want=1
    [ -f "$g/status" ] && want=$(cat "$g/status")
    check "$g --dump=analysed" exits "$want" "$g" --dump=analysed
    check "$g --dump=tree" exits "0 1" "$g" --dump=tree
done

check "--dump=other is a usage error" exits 2 "$dir/game" --dump=other
check "--dump with -o is a usage error" exits 2 "$dir/game" --dump=tree -o "$tmp/x.c"

summary dump
