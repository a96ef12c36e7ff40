#!/bin/sh
# ends.sh: what a human sees of the order of cards and of the end of a
# game, on tests/games/ends-lab (built with ASan+UBSan when LIBCARDRT is
# the ASan build); the rules' side of each construct is in the scenarios
# (tests/scenario/ends-lab). Checked:
#   - a hand (a zone that keeps no order) is listed at the terminal in the
#     order of cards.yaml, whatever order its cards arrived in, every time
#     it is listed, for several seeds;
#   - the JSON view lists the same hand in the zone's own order, as it
#     always did (the order of the terminal is for people only): for some
#     seed it differs from the terminal's;
#   - `sort row by rank` at the terminal: the row listed from the lowest
#     rank to the highest, "(top last)";
#   - `winners: lowest score` in simulate and in the JSON end line: every
#     game that ends with winners names players of one score, and no player
#     with a lower score than theirs (games where a player gave up aside).
#
#   sh tests/games/ends.sh CARDC LIBCARDRT
# Prints "ends: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: ends.sh CARDC LIBCARDRT}
lib=${2:?usage: ends.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/ends.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="ends: "
. "$ROOT/tests/check.sh"
. "$ROOT/tests/games/lab.sh"
need_lab ends-lab "$T/lab"

# The place of each card in cards.yaml, and its rank (the Joker has none:
# last), for awk.
ORDER='Red Five=1,Blue One=2,Green Three=3,Red Two=4,Blue Four=5,Green One=6,Joker=7'
RANKS='Red Five=5,Blue One=1,Green Three=3,Red Two=2,Blue Four=4,Green One=1,Joker=9'

# in_order LINE_START MAP FILE: every line of FILE that starts with
# LINE_START lists its cards with MAP's numbers never decreasing, and at
# least one such line lists three cards or more.
in_order() {
    awk -v start="$1" -v map="$2" '
        BEGIN { n = split(map, kv, ","); for (i = 1; i <= n; i++) { split(kv[i], p, "="); v[p[1]] = p[2] } }
        index($0, start) == 1 && $0 !~ /[0-9]+ cards?$/ {
            s = substr($0, length(start) + 1); sub(/  \(top last\)$/, "", s)
            k = split(s, c, ", ")
            for (i = 2; i <= k; i++) if (v[c[i]] < v[c[i - 1]]) bad = 1
            if (k >= 3) long = 1
        }
        END { exit bad || !long }' "$3"
}

# Humans who only draw: the hands grow in the order the shuffled deck gives.
for seed in 1 2 3 4 5; do
    yes 1 | head -n 40 | "$T/lab" play --players 2 --seats human,human --seed $seed \
        >"$T/draw.$seed" 2>"$T/stderr"
    check "seed $seed: the terminal lists each hand in the order of cards.yaml" \
        in_order "  hand of Player 1: " "$ORDER" "$T/draw.$seed"
done

# The JSON view of player 1's hand at its first decisions, in the zone's
# order, against the terminal's: for some seed they differ.
json_hand() {
    yes '{"choose":0}' | head -n 40 | "$T/lab" play --players 2 --seed "$1" --protocol json \
        --seats json,json 2>/dev/null |
        python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    for z in m.get("view", {}).get("zones", []):
        if z.get("zone") == "hand" and z.get("player") == 0 and "cards" in z and len(z["cards"]) >= 3:
            print(", ".join(z["cards"]))
'
}
term_hand() {
    sed -n 's/^  hand of Player 1: \(.*, .*, .*\)$/\1/p' "$T/draw.$1"
}
differs_somewhere() {
    for seed in 1 2 3 4 5; do
        json_hand $seed >"$T/json.hand"
        term_hand $seed >"$T/term.hand"
        [ -s "$T/json.hand" ] || return 1
        cmp -s "$T/json.hand" "$T/term.hand" || return 0
    done
    return 1
}
check "the JSON view keeps the zone's own order (not the terminal's)" differs_somewhere

# Player 1 draws twice, lays the hand (4 cards) down in the row, then
# sorts it by rank; player 2 only draws.
printf '1\n1\n1\n1\n4\n1\n3\n1\n' | "$T/lab" play --players 2 --seats human,human --seed 2 \
    >"$T/sort" 2>"$T/stderr"
check "the row was sorted by rank" grep -q '^Player 1 chooses: Sort by rank' "$T/sort"
sorted_row() {
    sed -n '/^Player 1 chooses: Sort by rank/,$p' "$T/sort" >"$T/sorted"
    grep -q '^  row of Player 1: .*  (top last)$' "$T/sorted" &&
        in_order "  row of Player 1: " "$RANKS" "$T/sorted"
}
check "after the sort, the row from the lowest rank up, top last" sorted_row

# The end line of games whose seats always take the first option (Draw,
# then Discard once the deck is empty; never "Give up", the last): the
# winners hold the lowest score, and in some game a higher one is held.
lowest_wins() {
    for seed in 1 2 3 4 5 6 7 8; do
        yes '{"choose":0}' | head -n 100 | "$T/lab" play --players 3 --seed $seed \
            --protocol json --seats json,json,json 2>/dev/null | tail -n 1
    done | python3 -c '
import json, sys
games = spread = 0
for line in sys.stdin:
    m = json.loads(line)
    if m.get("type") != "end":
        sys.exit("not an end line: " + line)
    games += 1
    w, s = m["winners"], m["scores"]
    if not w or any(s[p] != min(s) for p in w):
        sys.exit("the winners do not hold the lowest score: " + line)
    spread += max(s) > min(s)
sys.exit(0 if games == 8 and spread else "games %d, with scores apart %d" % (games, spread))
'
}
check "the JSON end line: the lowest score wins" lowest_wins

summary ends
