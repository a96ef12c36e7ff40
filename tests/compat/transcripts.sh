#!/bin/sh
# transcripts.sh: the transcripts of a compatibility game (tests/compat/),
# as its golden files hold them.
#
#   sh tests/compat/transcripts.sh CARDC LIBCARDRT INCLUDE GAMEDIR OUTDIR
# builds GAMEDIR with CARDC (and the runtime LIBCARDRT, its headers in
# INCLUDE: an older checkout's own runtime/ for an older cardc), then
# writes into OUTDIR, for every player count the game allows:
#   play-P-S.txt   the terminal transcript of seed S (1..3) between random
#                  seats, every card named (--reveal-all);
#   simulate-P.txt simulate of 200 games from seed 1.
# Run with the cardc of the commit the game was written against, it writes
# the golden files (tests/compat/README.md); compat.sh runs it with this
# build's, and keeps the game's binary where GAME_BIN names (if set).
# Exits 1 if the game does not build or a run fails.
cardc=${1:?usage: transcripts.sh CARDC LIBCARDRT INCLUDE GAMEDIR OUTDIR}
lib=${2:?usage} inc=${3:?usage} dir=${4:?usage} out=${5:?usage}
mkdir -p "$out"
bin=$out/.game
if ! "$cardc" build "$dir" -o "$bin.c" 2>"$out/.build.err" ||
    ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 -I"$inc" \
        "$bin.c" "$lib" -o "$bin" 2>>"$out/.build.err"; then
    cat "$out/.build.err"
    exit 1
fi

range=$("$bin" --help 2>&1 | sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\1 \2/p' | head -n 1)
lo=${range% *} hi=${range#* }
n=$lo
while [ "$n" -le "$hi" ]; do
    seats=random i=1
    while [ $i -lt "$n" ]; do seats=$seats,random; i=$((i + 1)); done
    for s in 1 2 3; do
        "$bin" play --players "$n" --seats "$seats" --seed "$s" --reveal-all \
            </dev/null >"$out/play-$n-$s.txt" 2>&1 || exit 1
    done
    "$bin" simulate --games 200 --seed 1 --players "$n" >"$out/simulate-$n.txt" 2>&1 || exit 1
    n=$((n + 1))
done
[ -n "${GAME_BIN:-}" ] && cp "$bin" "$GAME_BIN"
rm -f "$bin" "$bin.c" "$out/.build.err"
