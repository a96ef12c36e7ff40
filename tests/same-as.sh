#!/bin/sh
# same-as.sh: this build plays the games an older build played.
#
# A change to the compiler or the runtime that claims "nothing a user sees
# changes" is shown by this script, not assumed. Given the build folder of
# an older checkout (its bin/cardc and lib/libcardrt.a), it builds every
# game (decks/* with rules, tests/games/*) with both, then for each game,
# each player count it allows and a few seeds compares
#   - simulate --json over 300 games (every field but the timings),
#   - the terminal transcript of one game between random seats, every card
#     shown (--reveal-all),
#   - the JSON protocol stream of the same game,
# and the generated C's faults aside, nothing else: the generated C itself
# may differ. Fault messages are compared without the place they name
# ("game.rules:12: "), which newer builds add; pass --exact to compare
# them whole.
#
#   sh tests/same-as.sh OLD_BUILD_DIR [NEW_BUILD_DIR] [--exact]
# NEW_BUILD_DIR defaults to build. Prints "same-as: N passed, M failed".
OLD=${1:?usage: same-as.sh OLD_BUILD_DIR [NEW_BUILD_DIR] [--exact]}
NEW=${2:-build}
EXACT=${3:-}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/same-as.XXXXXX")
# Every run has a hang guard: a game that an older build never ends (the
# fault labs of a defect since fixed) stops there, and its output differs.
GUARD=${SAME_AS_GUARD:-120}
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="same-as: "
. "$ROOT/tests/check.sh"
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -O2"

# build WHICH GAMEDIR: T/WHICH-NAME, the game built by that side's cardc
# and runtime (with that side's runtime headers: OLD/include if present,
# else this checkout's runtime/)
build() {
    side=$1 dir=$2 name=$(basename "$2")
    eval bdir=\$$(echo "$side" | tr a-z A-Z)
    inc=$ROOT/runtime
    [ -d "$bdir/include" ] && inc=$bdir/include
    "$bdir/bin/cardc" build "$dir" -o "$T/$side-$name.c" 2>"$T/err" &&
        cc $CFLAGS -I"$inc" "$T/$side-$name.c" "$bdir/lib/libcardrt.a" -o "$T/$side-$name" 2>>"$T/err"
}

# The place a newer fault message names, taken out unless --exact: the
# "FILE:LINE: " before the message and the zone or value after it
# (simulate's "faulted: ...", the terminal's "Fault: ..."), and the JSON
# end line's "fault" object (docs/RUNTIME.md, "Where a game faulted").
unplace() {
    if [ "$EXACT" = --exact ]; then cat; else
        sed -E '/(faulted|Fault): [^ :]+:[0-9]+: /{
                    s/ '"'"'[A-Za-z0-9_]+'"'"'( of player [0-9]+)?([.]?)$/\2/
                    s/: (-?[0-9]+|none)([.]?)$/\2/
                    s/(faulted|Fault): [^ :]+:[0-9]+: /\1: /
                }
                s/,"fault":[{][^}]*[}]//'
    fi
}
untimed() { sed -E 's/"(seconds|games_per_sec|decisions_per_sec)":[0-9.e+-]+,?//g'; }
# SAME_AS_RECOUNT=1: the older build is from before a decision of a single
# option was counted and printed (issue 17, docs/RUNTIME.md, "Decisions of
# one option"): the counts of decisions and the "Player N chooses" lines
# are left out of both sides; the moves, scores and winners still count.
recount() {
    if [ -n "${SAME_AS_RECOUNT:-}" ]; then
        sed -E '/^Player [0-9]+ chooses: /d
                s/(game over after [0-9]+ turns), [0-9]+ decisions/\1/
                s/,"decisions":[0-9]+//
                s/"avg_decisions":[0-9.e+-]+,?//'
    else cat; fi
}
# Messages start with the program's name: old-GAME and new-GAME become GAME.
unnamed() { sed -E 's/^(old|new)-//'; }

equal_files() { cmp -s "$1" "$2"; }
# SAME_AS_UNASKED=1: the older build is from before every answer at the
# terminal was followed by its question (docs/RUNTIME.md, "The
# terminal"): a newer "Player N chooses: LABEL" line may add " (QUESTION)"
# to the older one, and a newer "Responses before ..." line to each of
# its answers (the parts between "; "); every other line, and the labels,
# must be the same.
same_transcript() {
    if [ -z "${SAME_AS_UNASKED:-}" ]; then
        equal_files "$1" "$2"
        return
    fi
    [ "$(wc -l <"$1")" = "$(wc -l <"$2")" ] &&
        paste -d '\n' "$1" "$2" | awk '
            function asked(o, n) { return index(n, o " (") == 1 && n ~ /\)$/ }
            function answers_asked(o, n,    k, a, b) {
                k = split(o, a, "; ")
                if (split(n, b, "; ") != k)
                    return 0
                for (i = 1; i <= k; i++)
                    if (!asked(a[i], b[i]))
                        return 0
                return 1
            }
            NR % 2 { old = $0; next }
            $0 != old && !(old ~ /^Player [0-9]+ chooses: / && asked(old, $0)) &&
                !(old ~ /^Responses before / && answers_asked(old, $0)) {
                bad = 1
            }
            END { exit bad }'
}

seats() { s=random; i=1; while [ $i -lt "$1" ]; do s=$s,random; i=$((i + 1)); done; echo $s; }

compare_game() {
    dir=$1 name=$(basename "$1")
    # A test game written in constructs the older cardc does not know is
    # new, not different: it is named and skipped. The newer cardc must
    # build every game the older one built.
    if ! "$OLD/bin/cardc" check "$dir" >/dev/null 2>&1; then
        echo "same-as: $name: new since the older build (its cardc rejects it), skipped"
        return
    fi
    if ! build old "$dir" || ! build new "$dir"; then
        check "$name: builds with both" false
        sed 's/^/    /' "$T/err" | head -10
        return
    fi
    range=$("$T/new-$name" --help 2>&1 |
            sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\1 \2/p' | head -n 1)
    lo=${range% *} hi=${range#* }
    n=$lo
    while [ "$n" -le "$hi" ]; do
        for side in old new; do
            timeout "$GUARD" "$T/$side-$name" simulate --games 300 --players $n --seed 11 --json 2>&1 |
                untimed | unnamed | unplace | recount >"$T/$side.sim"
        done
        check "$name, $n players: simulate 300 games" equal_files "$T/old.sim" "$T/new.sim"
        for seed in 1 4 6; do
            for side in old new; do
                timeout "$GUARD" "$T/$side-$name" play --players $n --seats "$(seats $n)" --seed $seed \
                    --reveal-all </dev/null 2>&1 | unnamed | unplace | recount >"$T/$side.play"
                timeout "$GUARD" "$T/$side-$name" play --players $n --seed $seed --protocol json \
                    --seats "$(seats $n)" --reveal-all </dev/null 2>&1 | unnamed | unplace | recount >"$T/$side.json"
            done
            check "$name, $n players, seed $seed: transcript" same_transcript "$T/old.play" "$T/new.play"
            check "$name, $n players, seed $seed: JSON stream" equal_files "$T/old.json" "$T/new.json"
        done
        n=$((n + 1))
    done
}

for rules in "$ROOT"/decks/*/game.rules "$ROOT"/tests/games/*/game.rules; do
    # utf8-lab's labels are longer than the 511 bytes that builds before
    # issue 9 kept: their transcripts cut those labels, the bug the lab
    # exists to show (tests/games/utf8.sh), so they cannot be the same.
    case $rules in */utf8-lab/*) continue ;; esac
    [ -f "$rules" ] && compare_game "$(dirname "$rules")"
done
summary same-as
