#!/bin/sh
# cc-game.sh: a test game's binary from the C that cardc wrote for it, as
# the scripts of tests/games build one: -Og with line tables (-g1), every
# warning an error, under ASan+UBSan when LIB is the ASan runtime.
#
#   sh tests/games/cc-game.sh NAME GAME.c LIB OUT
#
# `make test-bins` has compiled the C of every game of
# tests/invariants/games with these flags already (build/gobj-asan/NAME.o,
# and the game's main, build/drv-asan/main.o). When GAME.c is byte for byte
# that C (build/gen/NAME.c), LIB is that build's ASan runtime and the
# objects are newer than the C and the runtime's headers, OUT is linked
# from them: the same C compiled with the same flags, in a tenth of the
# time (a game's C takes one to three seconds to compile under ASan+UBSan,
# and the suite builds some twenty this way). Else GAME.c is compiled.
# Exits with the status of cc; its messages go to stderr.
name=${1:?usage: cc-game.sh NAME GAME.c LIB OUT}
c=${2:?usage: cc-game.sh NAME GAME.c LIB OUT}
lib=${3:?usage: cc-game.sh NAME GAME.c LIB OUT}
out=${4:?usage: cc-game.sh NAME GAME.c LIB OUT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"

# prebuilt: the build tree (B) compiled this very C into B/gobj-asan/NAME.o
# since the runtime's headers last changed.
prebuilt() {
    B=$(dirname "$(dirname "$lib")")
    obj=$B/gobj-asan/$name.o main=$B/drv-asan/main.o
    [ "$lib" = "$B/lib/libcardrt-asan.a" ] && [ -f "$obj" ] && [ -f "$main" ] &&
        [ "$obj" -nt "$B/gen/$name.c" ] && cmp -s "$c" "$B/gen/$name.c" || return 1
    for h in "$ROOT"/runtime/*.h; do
        [ "$obj" -nt "$h" ] && [ "$main" -nt "$h" ] || return 1
    done
}

if prebuilt; then
    # shellcheck disable=SC2086 # SAN is a list of flags
    exec "$CC" $SAN "$main" "$obj" "$lib" -o "$out"
fi
san=
case $lib in *asan*) san=$SAN ;; esac
# shellcheck disable=SC2086 # san is a list of flags, or none
exec "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Og -g1 $san \
    -I"$ROOT/runtime" "$c" "$lib" -o "$out"
