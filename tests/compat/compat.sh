#!/bin/sh
# compat.sh: the games of tests/compat/, written against earlier versions
# of the rules language, build with this cardc and play the same games,
# seed by seed, as the cardc they were written for played them
# (tests/compat/README.md; LANGUAGE.md §2, "Compatibility").
#
# For each tests/compat/NAME/ with rules: builds it (cardc, then cc with
# -Wall -Wextra -Werror), writes its transcripts (transcripts.sh) and
# compares each with NAME/expected/, which that older cardc wrote; then
# checks that simulate plays the games play plays (same-games.sh, 10
# seeds). Two things a newer build prints that the older did not are left
# out of both sides (docs/RUNTIME.md, "The terminal"): the answers' lines
# "Player N chooses: ..." (now with their question, and written for a
# decision of one option too) and the count of decisions, which counts
# those decisions; the attributes the rules read after a card's name in a
# move and a show, "Guard (rank 1)" (terminal manners, issue 23); and
# simulate's timings. The moves, scores, winners and
# simulate's wins and averages are compared whole.
#
#   sh tests/compat/compat.sh CARDC LIBCARDRT
# Prints "compat: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: compat.sh CARDC LIBCARDRT}
lib=${2:?usage: compat.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHECK_PREFIX="compat: "
. "$ROOT/tests/check.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# what both sides print alike
comparable() {
    sed -E '/^Player [0-9]+ chooses: /d
            s/(game over after [0-9]+ turns), [0-9]+ decisions/\1/
            /^  (time|per game) /d
            /^  [^ ].* -> /s/^(  [^:(]*[^ :(]) \([a-z0-9_ ,-]+\):/\1:/
            /^  Shown to /s/([A-Za-z0-9]) \([a-z0-9_ ,-]+\)(,|$)/\1\2/g' "$1"
}

same_transcript() {
    comparable "$1" >"$T/want"
    comparable "$2" >"$T/got" 2>/dev/null
    cmp -s "$T/want" "$T/got" && return 0
    diff "$T/want" "$T/got" | head -10 | sed 's/^/    /'
    return 1
}

for d in "$ROOT"/tests/compat/*/; do
    [ -f "$d/game.rules" ] || continue
    g=$(basename "$d")
    check "$g: builds" env GAME_BIN="$T/$g.bin" \
        sh "$ROOT/tests/compat/transcripts.sh" "$cardc" "$lib" "$ROOT/runtime" "$d" "$T/$g"
    n=0
    for want in "$d"expected/*.txt; do
        [ -f "$want" ] || continue
        f=$(basename "$want")
        check "$g: $f as cardc $(cut -c1-7 "$d/expected/COMMIT") played it" same_transcript "$want" "$T/$g/$f"
        n=$((n + 1))
    done
    check "$g: has golden transcripts" test "$n" -gt 0
    [ -x "$T/$g.bin" ] && check "$g: simulate plays play's games" \
        sh "$ROOT/tests/games/same-games.sh" "$T/$g.bin" 10
done
summary compat
