#!/bin/sh
# move-window.sh: the windows before a card moving, worded by the rules,
# chosen by the zones of the move, and reopening (`window for c leaves
# table`, `window for c enters pile`; tests/games/move-window-lab,
# docs/LANGUAGE.md §8 "The windows before a card moving"), over the
# protocol and at the terminal, built with ASan+UBSan when LIBCARDRT is
# the ASan build:
#   - JSON: a Gem cleared from a table asks the question of `leaves
#     table`, naming the Gem (public on the table), and offers its label;
#     a card discarded from a hand asks that of `enters pile`, naming no
#     card; cardc's "Respond to a card moving?" is gone;
#   - the sealed answers read those labels in the responses line;
#   - a Guard war: the window before a Gem's move reopens once a Guard
#     answering it is stopped (a new window, same move, same depth);
#   - every seat on one stream: a window reads the same in each seat's
#     question and in the responses line, a card leaving a hand named in
#     all of them; one seat a stream: a card leaving another seat's hand
#     named in none;
#   - the terminal prints the worded question to a human seat, and the
#     responses line each answer beside its question;
#   - simulate and play agree seed by seed.
#
#   sh tests/games/move-window.sh CARDC LIBCARDRT
# Prints "move-window: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: move-window.sh CARDC LIBCARDRT}
lib=${2:?usage: move-window.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/move-window.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="move-window: "
. "$ROOT/tests/check.sh"

. "$ROOT/tests/games/lab.sh"
need_lab move-window-lab "$T/lab"

# Every seat on one JSON stream: a window is the stream's, its args named
# as the stream's seats see them, the same in each seat's question and in
# the responses line (jsonl_check.py: "window N changed" otherwise)
json_games json,json,json 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16

# hand_windows SEATS OUT...: the windows before a card leaving a hand, in
# streams that play SEATS ("all", or one seat): a card leaving the hand of
# a seat the stream plays is named in every line of its window, the
# questions of the other seats too; one leaving another seat's hand is
# named in none (the hand is `owner`, and nothing in the lab shows it).
# Fails too if no question of such a window, asked of a seat other than
# the hand's, was seen: the case would not have been tried.
hand_windows() {
    python3 - "$@" <<'PY'
import json, sys
seats, files = sys.argv[1], sys.argv[2:]
tried = 0
for f in files:
    for n, line in enumerate(open(f), 1):
        m = json.loads(line)
        w = m.get("window")
        if not w or w["event"] != "enters" or (w["args"][1] or {}).get("zone") != "hand":
            continue
        owner = w["args"][1]["player"]
        ours = seats == "all" or int(seats) == owner
        if (w["args"][0] is not None) != ours:
            sys.exit(f"{f}: line {n}: a card leaving the hand of seat {owner} "
                     f"{'not ' if ours else ''}named to a stream of seats {seats}: {w}")
        tried += m["type"] == "decision" and m["player"] != owner
sys.exit(0 if tried else 1)
PY
}
check "JSON, every seat on one stream: a card leaving a hand is named in every line of its window" \
    hand_windows all "$T"/out.*

has() { grep -qE "$1" "$T/all"; }
clear='Gem leaves the table of Player [123] \([0-9]+ guarded so far\): guard it\?'
fall='Player [123] discards a card \([0-9]+ snared so far\): snare it\?'
check "JSON: a Gem leaving a table asks the question of 'leaves table', the Gem named" \
    has "\"prompt\":\"$clear\""
check "JSON: and offers its label, naming the Gem" has '"label":"Let the Gem go"'
check "JSON: a card discarded from a hand asks the question of 'enters pile'" \
    has "\"prompt\":\"$fall\""
check "JSON: and offers its label" has '"label":"Let it fall"'
check "JSON: the responses line reads the rules' labels" \
    has '"responses".*"label":"(Let the Gem go|Let it fall)"'
check "JSON: cardc's words for a card moving are gone" \
    sh -c '! grep -qE "Respond to a card moving" "$1"' sh "$T/all"
check "JSON: no template reaches a client" sh -c '! grep -qE "\{[pcnbw][0-9]\}" "$1"' sh "$T/all"
check "JSON: a Guard war reopens the window before the Gem's move" reopened enters "$T"/out.*

# one seat a stream: a card leaving another seat's hand is named in none
# of its window's lines, the seat's own question nor the responses line
rm -f "$T"/out.*
json_games random,json,random 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
check "JSON, one seat a stream: a card leaving another seat's hand is named in no line of its window" \
    hand_windows 1 "$T"/out.*

"$T/lab" play --seats random,random --seed 3 >"$T/term" 2>>"$T/stderr"
check "terminal: each answer beside the rules' question (no human seat: values unnamed)" \
    grep -qE '^Responses before enters .*: Player [12]: (Let the Gem go|Let it fall) \(' "$T/term"
# seed 28: Player 2 clears Player 1's Gem, then discards
yes 1 | head -n 3000 | "$T/lab" play --seats human,random --seed 28 >"$T/human" 2>>"$T/stderr"
check "terminal, a human seat: asked the question of 'leaves table', the Gem named" \
    grep -qE "^Player 1: $clear" "$T/human"
check "terminal, a human seat: offered its label" grep -qE '^  [0-9]+\) Let the Gem go$' "$T/human"
check "terminal, a human seat: asked the question of 'enters pile'" \
    grep -qE "^Player 1: $fall" "$T/human"
check "terminal, a human seat: offered its label" grep -qE '^  [0-9]+\) Let it fall$' "$T/human"
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"
check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

summary move-window
