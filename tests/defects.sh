#!/bin/sh
# defects.sh: the corpus of one-defect games, examples/defects/ (its
# README.md lists them). Each folder NAME holds a game (cards.yaml,
# game.rules), a file `how` of one line that says what reveals its
# defect, and `expected`, exactly what that prints:
#   check          `cardc check examples/defects/NAME`: its stdout and
#                  stderr, then "exit status N";
#   simulate ARGS  the game built (cardc, then $CC with LIBCARDRT: under
#   play ARGS      ASan+UBSan when it is the ASan runtime) as a binary named
#                  NAME, run as `NAME simulate ARGS` (or play): its stdout,
#                  the line "  time ..." taken out (the clock), then its
#                  stderr, then "exit status N".
# Paths are relative to the repository's root, where it runs.
# Each output is compared exactly, with a diff on failure; then the driver
# checks itself: an expected file with one line changed, one missing and a
# `how` it does not know each fail.
#
#   sh tests/defects.sh CARDC LIBCARDRT [--bless]
# Prints "defects: N passed, M failed"; exits 1 if any failed. --bless
# rewrites every expected file from what is printed now (review
# `git diff examples/defects/`).
cardc=${1:?usage: defects.sh CARDC LIBCARDRT [--bless]}
lib=${2:?usage: defects.sh CARDC LIBCARDRT [--bless]}
bless=${3:-}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case $cardc in /*) ;; *) cardc=$PWD/$cardc ;; esac
case $lib in /*) ;; *) lib=$PWD/$lib ;; esac
cd "$ROOT" || exit 2
T=$(mktemp -d "${TMPDIR:-/tmp}/defects.XXXXXX")
trap 'rm -rf "$T"' EXIT
CC=${CC:-cc}
export ASAN_OPTIONS=detect_leaks=1
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) SAN= ;; esac
pass=0 fail=0

# builds the game of folder $1 into $T/$2; on failure prints why
build() {
    # shellcheck disable=SC2086 # SAN is a list of flags, or none
    "$cardc" build "$1" -o "$T/$2.c" 2>"$T/build.err" &&
        "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -O0 -g1 $SAN \
            -I"$ROOT/runtime" "$T/$2.c" "$lib" -o "$T/$2" 2>>"$T/build.err" &&
        return 0
    sed 's/^/    /' "$T/build.err" | head -20
    return 1
}

# what reveals the defect of the game of folder $1 (its `how`), into $3;
# its binary is named $2
reveal() {
    read -r verb args <"$1/how" || verb=
    case $verb in
    check)
        [ -z "$args" ] || { echo "    'check' takes no arguments: $args"; return 1; }
        "$cardc" check "$1" >"$3" 2>&1
        echo "exit status $?" >>"$3"
        ;;
    simulate|play)
        build "$1" "$2" || return 1
        # shellcheck disable=SC2086 # args is the list of the game's arguments
        (cd "$T" && "./$2" "$verb" $args >"$T/out" 2>"$T/err" </dev/null
         echo "exit status $?" >"$T/status")
        { sed '/^  time /d' "$T/out"; cat "$T/err" "$T/status"; } >"$3"
        ;;
    *)
        echo "    unknown 'how': '$verb' (check, simulate ARGS or play ARGS)"
        return 1
        ;;
    esac
}

# $2 (what $1 printed) is exactly $3, its expected file
same() {
    if [ ! -f "$3" ]; then
        echo "    no expected file $3"
        return 1
    fi
    cmp -s "$3" "$2" && return 0
    echo "    differs from $3 (- expected, + actual):"
    diff -u "$3" "$2" | sed '1,2d; s/^/    /'
    return 1
}

for dir in examples/defects/*; do
    [ -d "$dir" ] || continue
    name=$(basename "$dir")
    if [ ! -f "$dir/how" ]; then
        echo "FAIL defects: $name has no 'how'"
        fail=$((fail + 1))
        continue
    fi
    if ! reveal "examples/defects/$name" "$name" "$T/got" >"$T/why"; then
        echo "FAIL defects: $name"
        cat "$T/why"
        fail=$((fail + 1))
        continue
    fi
    if [ "$bless" = --bless ]; then
        cp "$T/got" "$dir/expected"
        echo "blessed $dir/expected"
        continue
    fi
    if same "$name" "$T/got" "$dir/expected" >"$T/why"; then
        pass=$((pass + 1))
    else
        echo "FAIL defects: $name"
        cat "$T/why"
        fail=$((fail + 1))
    fi
done
[ "$bless" = --bless ] && exit $((fail > 0))

# The driver checks itself: what it compares must be able to fail.
selftest() {
    if "$@" >/dev/null 2>&1; then
        echo "FAIL defects: the driver passed a wrong case: $*"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
first=$(for dir in examples/defects/*; do
    [ "$(cat "$dir/how" 2>/dev/null)" = check ] && basename "$dir" && break
done)
reveal "examples/defects/$first" "$first" "$T/got" >/dev/null
sed '1s/$/ (changed)/' "examples/defects/$first/expected" >"$T/changed"
selftest same "$first" "$T/got" "$T/changed"
selftest same "$first" "$T/got" "$T/no-such-file"
mkdir "$T/bad-how" && cp "examples/defects/$first/"* "$T/bad-how/" &&
    echo "simulated --games 1" >"$T/bad-how/how"
selftest reveal "$T/bad-how" bad-how "$T/got"

echo "defects: $pass passed, $fail failed"
[ "$fail" = 0 ]
