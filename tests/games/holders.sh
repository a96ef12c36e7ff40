#!/bin/sh
# holders.sh: how a game with held zones (cards under cards) shows them.
#
# tests/games/holder-lab, built with ASan+UBSan when LIBCARDRT is the ASan
# build, played between a json seat and random ones:
#   - the view lists a held zone's slots that hold cards in table order,
#     each with the card it lies under: {"zone":"students","holder":"Gym",
#     "size":N,...}, and "copy":K after the holder when that card has
#     several copies; a slot with no card under it is not listed (while
#     nothing lies under a card, no held slot is); the other zones' entries
#     keep their pinned form;
#   - a slot whose holder the seat may not see where it lies (in the deck,
#     in another hand) is not named: the view lists those of a zone that
#     hold cards as one entry after its others, {"zone":"notes",
#     "holder":null,"size":N} (with "cards" sorted by name for a zone the
#     seat sees), and a move into or out of one says "holder":null;
#   - a move into or out of a held slot names it the same way in "to" and
#     "from";
#   - every line passes tests/games/jsonl_check.py (sizes follow the moves,
#     slot by slot, held slots included);
#   - the terminal names a held slot students[Library #2];
#   - a held zone that is `owner` shows its cards to the controller of
#     their holder only (tests/games/holder_notes.py);
#   - copies in play are told apart (seed 2 has both Libraries in the
#     field, each holding Students): the terminal names each copy of a card
#     of several copies in play `Library #2`, in the table, in moves and in
#     labels, as the slots under it say students[Library #2], and keeps
#     hands unnumbered; JSON adds "copies" to the view's entries of zones in
#     play and "copy" to a move into or out of one, the streams passing
#     tests/games/copies_check.py;
#   - simulate and play agree seed by seed (same-games.sh).
#
# tests/games/copies-lab: a copy in play named inside another value has
# the same number: a `{c}` word of a prompt or a label ("Stone #4 is laid:
# what now?"), a card-valued number (JSON "copy" after "value", the
# terminal's `last_laid: Stone #4`) and a `show` line (JSON "copies" at
# its end, the terminal's `Shown to Players 1, 2: Stone #4 (field)`); a
# copy laid face down in the vault (`in play`, hidden) never is; the
# streams pass copies_check.py, which checks every such number against the
# view (a window's args and a question's cause too: reactions.sh and
# secrets.sh check those).
#
#   sh tests/games/holders.sh CARDC LIBCARDRT
# tests/games/held-count-lab: a count over a held zone, read from the
# zone's counts, equals the same count by a walk at every decision.
#
# Prints "holders: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: holders.sh CARDC LIBCARDRT}
lib=${2:?usage: holders.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/holders.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="holders: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
# shellcheck disable=SC2086 # san is a list of flags, or none
if ! "$cardc" build "$ROOT/tests/games/holder-lab" -o "$T/lab.c" 2>"$T/err" ||
    ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/lab.c" "$lib" \
        -o "$T/lab" 2>>"$T/err"; then
    echo "FAIL holders: holder-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "holders: 0 passed, 1 failed"
    exit 1
fi

# A game of seed 7, three seats, the json seat always taking the last
# option (Pass but when there is more to do) or the first.
yes '{"choose":0}' | head -n 400 >"$T/in"
"$T/lab" play --protocol json --seats json,random,random --seed 7 <"$T/in" >"$T/out" 2>"$T/stderr"

# first_view FILE PATTERN: the zones of the first view of FILE whose line
# has PATTERN
first_view() { grep '"type":"decision"' "$1" | grep -m 1 -e "$2" | sed 's/.*"view":{"zones":\[//'; }
# slots FILE PATTERN: the slots of that view in order: zone[holder #copy],
# or zone[player]
slots() {
    first_view "$1" "$2" | tr '{' '\n' | sed -n 's/^"zone":"\([a-z]*\)"\(,"player":\([0-9]\)\)\{0,1\}\(,"holder":"\([^"]*\)"\)\{0,1\}\(,"copy":\([0-9]*\)\)\{0,1\}.*/\1[\3\5 \7]/p' |
        sed 's/ \]/]/; s/\[\]//' | tr '\n' ' '
}
same_slots() { [ "$1" = "$2" ] || { echo "    got:  $1"; echo "    want: $2"; return 1; }; }
# seat 0 holds Nerd #6 and Jock #2, nothing under them; every Location and
# the other Students lie in the deck or in another hand: no held slot holds
# a card, so none is listed (every one was, empty, one per holder)
want='deck discard hand[0] hand[1] hand[2] field ruins '
check "the first view lists no held slot: none holds a card" \
    same_slots "$(slots "$T/out" .)" "$want"
check "a held slot of a card with one copy has no copy field" \
    grep -q '{"zone":"students","holder":"Gym","size":[0-9]*,"cards":\[' "$T/out"
check "a held slot of a copy says which" \
    grep -q '{"zone":"students","holder":"Library","copy":2,"size":' "$T/out"
check "other zones keep their pinned form" \
    grep -q '{"zone":"hand","player":1,"size":[0-9]*}' "$T/out"
check "no view lists a held slot with no card" \
    sh -c '! grep "\"type\":\"decision\"" "$1" | grep -q "\"holder\":[^}]*\"size\":0[,}]"' sh "$T/out"
# seed 1: the other seats write notes under Students of their own hands
"$T/lab" play --protocol json --seats json,random,random --seed 1 <"$T/in" >"$T/out1" 2>>"$T/stderr"
check "the slots of holders not seen are one entry, its holder null" \
    grep -q '{"zone":"notes","holder":null,"size":[1-9][0-9]*}' "$T/out1"
check "a view lists the held slots that hold cards, by holder and copy, those of holders not seen as one" \
    same_slots "$(slots "$T/out1" '"holder":"')" \
    'deck discard hand[0] hand[1] hand[2] field ruins students[Library 2] notes '
check "a move into a slot of a holder not seen does not name it" \
    grep -q '^{"type":"move","card":null,"from":{"zone":"hand","player":[12]},"to":{"zone":"notes","holder":null}}$' "$T/out1"
check "a stream with such moves passes jsonl_check.py" python3 "$ROOT/tests/games/jsonl_check.py" "$T/out1" --ended
check "a move into a held slot names it" \
    grep -q '"to":{"zone":"students","holder":"[A-Za-z ]*"\(,"copy":[12]\)\{0,1\}}\(,"copy":[0-9]\)\{0,1\}}$' "$T/out"
check "a move out of a held slot names it" \
    grep -q '"from":{"zone":"students","holder":"[A-Za-z ]*"\(,"copy":[12]\)\{0,1\}},"to":{"zone":"discard"}\(,"copy":[0-9]\)\{0,1\}}$' "$T/out"
check "the stream passes jsonl_check.py" python3 "$ROOT/tests/games/jsonl_check.py" "$T/out" --ended
check "no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"

# The terminal, every name revealed.
"$T/lab" play --seats random,random,random --seed 7 --reveal-all >"$T/term" 2>&1
check "the terminal names a move to a held slot" grep -q '^  [A-Za-z]*\( #[0-9]\)\{0,1\}: hand of Player [123] -> students\[[A-Za-z ]*\( #[12]\)\{0,1\}\]$' "$T/term"
check "the terminal names a choice under a holder, its question beside it" \
    grep -q 'chooses: [A-Za-z]* #[0-9] (under [A-Za-z ]*\( #[12]\)\{0,1\}) ([A-Z][A-Za-z ]*?)$' "$T/term"

# A held zone that is `owner` (notes under Students): seat 0 sees a note
# while the Student is in its hand, not once the Student is at a Location.
check "an owner held zone shows its cards to the holder's controller only" \
    python3 "$ROOT/tests/games/holder_notes.py" "$T/lab"

# Copies in play (seed 2: the json seat's answers are the human's "1").
"$T/lab" play --protocol json --seats json,random,random --seed 2 <"$T/in" >"$T/out2" 2>>"$T/stderr"
yes 1 | head -n 400 | "$T/lab" play --seats human,random,random --seed 2 >"$T/term2" 2>&1
both='"zone":"field","size":[0-9]*,"cards":\[[^]]*"Library"[^]]*"Library"[^]]*\],"copies":\['
check "JSON: a view with both Libraries in play numbers them" grep -q "$both" "$T/out2"
check "JSON: the Students under each name it the same way" sh -c \
    'grep "$1" "$2" | grep "\"zone\":\"students\",\"holder\":\"Library\",\"copy\":1,\"size\":[1-9]" |
        grep -q "\"zone\":\"students\",\"holder\":\"Library\",\"copy\":2,"' sh "$both" "$T/out2"
check "JSON: a move into play says which copy" \
    grep -q '^{"type":"move","card":"Library","from":{"zone":"hand","player":0},"to":{"zone":"field"},"copy":[12]}$' "$T/out2"
for f in out out1 out2; do
    check "JSON $f: copies in play apart, holders as named in play (copies_check.py)" \
        python3 "$ROOT/tests/games/copies_check.py" "$ROOT/tests/games/holder-lab/cards.yaml" \
        "$T/$f" field,students,badges students,badges location,student
done
check "terminal: the table names both copies apart" \
    grep -q '^  field: .*Library #[12] (rooms [0-9]), .*Library #[12] (rooms [0-9])' "$T/term2"
check "terminal: the cards under a copy name it the same way" \
    grep -q '^  students\[Library #1\]: [A-Z][a-z]* #[0-9]' "$T/term2"
check "terminal: a move names a copy in play" \
    grep -q '^  Library #[12] (rooms [0-9]): hand of Player [123] -> field$' "$T/term2"
check "terminal: a card moving between two copies names both" \
    grep -q '^  [A-Za-z]* #[0-9]: students\[Library #[12]\] -> students\[Library #[12]\]$' "$T/term2"
check "terminal: a label names a copy in play" grep -q 'chooses: Library #[12] (rooms [0-9]) ([A-Z][^)]*)$' "$T/term2"
check "terminal: hands keep their copies alike" sh -c '! grep -q "^  hand of Player 1: .*#" "$1"' sh "$T/term2"

check "simulate and play agree" sh "$ROOT/tests/games/same-games.sh" "$T/lab" 20

# Copies named inside other values (copies-lab): the json seat lays face
# up ({"choose":0} always), or face down then leaves the card (1, 0, ...).
. "$ROOT/tests/games/lab.sh"
need_lab copies-lab "$T/copies"
yes '{"choose":0}' | head -n 400 >"$T/in0"
yes '{"choose":1}
{"choose":0}' | head -n 400 >"$T/in1"
for s in 1 2 3; do
    "$T/copies" play --protocol json --seats json,random --seed $s <"$T/in0" >"$T/up.$s" 2>>"$T/stderr"
    "$T/copies" play --protocol json --seats json,random --seed $s <"$T/in1" >"$T/down.$s" 2>>"$T/stderr"
done
cat "$T"/up.* >"$T/up"
cat "$T"/down.* >"$T/down"
yes 1 | head -n 300 | "$T/copies" play --seats human,random --seed 1 >"$T/uterm" 2>&1
yes '2
1' | head -n 300 | "$T/copies" play --seats human,random --seed 1 >"$T/dterm" 2>&1
check "JSON: a {c} word names a copy in play by its number" \
    grep -q '"prompt":"Stone #[1-6] is laid: what now?","options":\[{"id":0,"label":"Leave Stone #[1-6] where it lies"}' "$T/up"
check "JSON: a card-valued number adds its copy" \
    grep -q '"numbers":\[{"name":"last_laid","value":"Stone","copy":[1-6]}\]' "$T/up"
check "JSON: a show from the field adds its copies" \
    grep -q '^{"type":"show","cards":\["Stone"\],"zone":{"zone":"field"},"to":\[0,1\],"copies":\[[1-6]\]}$' "$T/up"
vault() { grep '^{"type":"\(show\|move\)".*"zone":"vault"' "$T/down"; }
check "JSON: a card shown or moved in the vault (face down) has no number" \
    sh -c '[ -n "$1" ] && ! echo "$1" | grep -q copy' sh "$(vault)"
for f in up.1 up.2 up.3 down.1 down.2 down.3; do
    check "JSON $f: numbers inside other values as the view has them (copies_check.py)" \
        python3 "$ROOT/tests/games/copies_check.py" "$ROOT/tests/games/copies-lab/cards.yaml" \
        "$T/$f" field none
done
check "terminal: a {c} word names a copy in play" \
    grep -q '^Player 1 chooses: Leave Stone #[1-6] where it lies (Stone #[1-6] is laid: what now?)$' "$T/uterm"
check "terminal: a card-valued number names its copy" grep -q '^  last_laid: Stone #[1-6]$' "$T/uterm"
check "terminal: a show from the field names its copies" \
    grep -q '^  Shown to Players 1, 2: Stone #[1-6] (field)$' "$T/uterm"
check "terminal: a card laid face down has no number" sh -c \
    'grep -q "^  Shown to Players 1, 2: Stone (vault)$" "$1" && ! grep -q "#[0-9]* (vault)" "$1"' sh "$T/dterm"
# a card laid face down is shown to all: every seat knows it by name (not
# by copy), in the table's numbers too
check "JSON: a card-valued number names a card shown face down" \
    grep -q '"numbers":\[{"name":"last_laid","value":"Stone"}\]' "$T/down"
check "JSON: ... never unseen, once shown to all" \
    sh -c '! grep -q "\"last_laid\",\"value\":null,\"unseen\":true" "$1"' sh "$T/down"
check "terminal: a card-valued number names a card shown face down" \
    sh -c 'grep -q "^  last_laid: Stone$" "$1" && ! grep -q "^  last_laid: a card$" "$1"' sh "$T/dterm"
check "copies-lab: no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/stderr"

# A count over a held zone by the zone's counts (held-count-lab): its
# invariant, the same count by a walk of every card, holds at every
# decision of 2,000 games.
need_lab held-count-lab "$T/hc"
"$T/hc" simulate --games 2000 --seed 1 >"$T/hc.out" 2>"$T/hc.err"
check "held-count-lab: the counts of a held zone agree with its cards" \
    grep -q ' faults 0$' "$T/hc.out"
check "held-count-lab: no sanitizer report" sh -c '! grep -q "ERROR: AddressSanitizer\|runtime error:" "$1"' sh "$T/hc.err"

summary holders
