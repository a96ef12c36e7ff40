#!/bin/sh
# shows.sh: cards shown without moving them reach the seats shown, and no
# one else (tests/games/show-lab, built with ASan+UBSan when LIBCARDRT is
# the ASan build; docs/LANGUAGE.md, "Showing cards"). For 2, 3 and 4
# players, seeds 1..8, one stream per seat that plays that seat alone
# (json), the others random:
#   - the stream passes jsonl_check.py, and show_stream.py: every show line
#     names the stream's seat, a view's "shown" names only cards shown to
#     it there, and a move between zones it may not see names its card only
#     when it was shown that card there;
#   - show lines, views with "shown" and moves named because they were
#     shown all happen (so the checks above are not vacuous);
#   - at the terminal (one human seat), "Shown to" lines name the human's
#     seat only; with --reveal-all every show is printed;
#   - simulate and play agree seed by seed.
#
#   sh tests/games/shows.sh CARDC LIBCARDRT
# Prints "shows: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: shows.sh CARDC LIBCARDRT}
lib=${2:?usage: shows.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/shows.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="shows: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab show-lab "$T/lab"

# seats: json in seat $1 of $2 players, random elsewhere
seats() {
    s= i=0
    while [ $i -lt "$2" ]; do
        if [ $i -eq "$1" ]; then s="$s${s:+,}json"; else s="$s${s:+,}random"; fi
        i=$((i + 1))
    done
    echo "$s"
}

# answers 0, 1, 2, 0, ...: actions, discards, burials on the pile (an id
# past the last option gets an error line and the question again)
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "{\"choose\":%d}\n", i % 3 }' >"$T/in"
: >"$T/report"
streams=    # OUT SEAT, for show_stream.py
for np in 2 3 4; do
    seat=0
    while [ $seat -lt $np ]; do
        for seed in 1 2 3 4 5 6 7 8; do
            o="$T/out.$np.$seat.$seed"
            "$T/lab" play --protocol json --seats "$(seats $seat $np)" --seed $seed \
                <"$T/in" >"$o" 2>>"$T/stderr"
            streams="$streams $o $seat"
        done
        seat=$((seat + 1))
    done
done
# one Python for all the streams, each check: a Python's start costs more
# than a stream's check
check "every stream passes jsonl_check.py" python3 "$ROOT/tests/games/jsonl_check.py" \
    --ended "$T"/out.*
# shellcheck disable=SC2086 # streams is a list of words
python3 "$ROOT/tests/games/show_stream.py" $streams >"$T/report" 2>&1
check "no show, view or move tells a seat what it was not shown" \
    sh -c '! grep -v "^shows:" "$1"' sh "$T/report"
cat "$T"/out.* >"$T/all"
check "show lines are written" grep -q '"type":"show"' "$T/all"
check "views name cards shown where they lie" grep -q '"shown":\[{"card":' "$T/all"
check "a card shown on top of the deck has its index" grep -q '"zone":"deck","size":[0-9]*,"shown":\[{"card":"[A-Za-z]*","index":' "$T/all"
check "a pile's top card is named in views" grep -q '"zone":"pile","size":[0-9]*,"shown":\[{"card":' "$T/all"
check "moves of shown cards between hidden zones are named to the seats shown" \
    sh -c 'grep -q "[1-9][0-9]* named moves" "$1"' sh "$T/report"

# The terminal: seat 1 human (answering 1), the others random
yes 1 | head -n 2000 | "$T/lab" play --seats random,human,random --seed 3 >"$T/term" \
    2>>"$T/stderr"
check "the terminal prints what the human seat is shown" grep -q '^  Shown to Players* .*2' "$T/term"
check "the terminal prints no show to other seats alone" \
    sh -c '! grep "^  Shown to" "$1" | grep -v "Players* \(.*, \)*2[,:]"' sh "$T/term"
check "the terminal's table names shown cards" grep -q '(shown to you: ' "$T/term"
"$T/lab" play --seats random,random,random --seed 3 --reveal-all >"$T/all-term" 2>>"$T/stderr"
check "--reveal-all prints every show" grep -q '^  Shown to Player 1[,:]' "$T/all-term"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary shows
