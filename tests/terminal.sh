#!/bin/sh
# terminal.sh: terminal manners (issue 23, point 6).
#
#   - cardc's diagnostics are in colour (the place bold, the severity in
#     its colour) when stderr is a terminal, and never with NO_COLOR set
#     to anything but "", through a pipe, or with --format=json;
#   - a game's `play` at the terminal has its headings and its result in
#     colour, under the same rules, and never with --protocol json;
#   - simulate shows a progress bar on stderr when stderr is a terminal,
#     and nothing in a pipe;
#   - Label Lab (tests/games/label-lab): beside a card's name, the text
#     interface shows the attributes the rules read ("Cheat (red, rank
#     1)"), never one no rule reads (flavour), never for a card whose name
#     is not shown (a hand the viewer may not see), and never in JSON.
# A terminal is a pseudo-terminal (tests/pty_run.py).
#
#   sh tests/terminal.sh CARDC GAME    (e.g. build/bin/cardc build/bin/easy-school)
# Run from the repository root. Prints "terminal: N passed, M failed".
cardc=${1:?usage: tests/terminal.sh CARDC GAME}
game=${2:?usage: tests/terminal.sh CARDC GAME}
T=$(mktemp -d "${TMPDIR:-/tmp}/terminal.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="terminal: "
. tests/check.sh
ESC=$(printf '\033')
# at_terminal FILE [VAR=VALUE]... -- CMD...: CMD's output at a terminal
# into FILE (with those variables set; NO_COLOR unset unless given).
at_terminal() {
    out=$1
    shift
    env -u NO_COLOR "$@" >"$out" 2>&1
}
coloured() { grep -q "$ESC\[" "$1"; }
plain() { ! grep -q "$ESC" "$1"; }
has() { grep -qF -- "$2" "$1"; }
PTY="python3 tests/pty_run.py"

# ---- cardc's diagnostics ----
bad=examples/broken/bad-attribute-value.yaml
at_terminal "$T/c.tty" $PTY "$cardc" check $bad
check "cardc at a terminal: the error in bold red" \
    has "$T/c.tty" "${ESC}[1m$bad:10:12:${ESC}[0m ${ESC}[1;31merror:${ESC}[0m type 'cheat'"
at_terminal "$T/c.empty" NO_COLOR= $PTY "$cardc" check $bad
check "cardc at a terminal, NO_COLOR empty: in colour" coloured "$T/c.empty"
at_terminal "$T/c.no" NO_COLOR=1 $PTY "$cardc" check $bad
check "cardc at a terminal, NO_COLOR=1: no colour" plain "$T/c.no"
check "cardc, NO_COLOR=1: the diagnostics as through a pipe" \
    sh -c "'$cardc' check $bad 2>&1 | cmp -s - '$T/c.no'"
"$cardc" check $bad 2>&1 | cat >"$T/c.pipe"
check "cardc through a pipe: no colour" plain "$T/c.pipe"
check "cardc through a pipe: the diagnostics still there" has "$T/c.pipe" ": error: type 'cheat'"
at_terminal "$T/c.json" $PTY "$cardc" check --format=json $bad
check "cardc --format=json at a terminal: no colour" plain "$T/c.json"
check "cardc --format=json at a terminal: the JSON" has "$T/c.json" '"severity":"error"'
printf 'game: G\ntypes:\n  t: {}\n  u: {}\ncards:\n  - {name: A, type: t, count: 1}\n' >"$T/w.yaml"
at_terminal "$T/w.tty" $PTY "$cardc" check "$T/w.yaml"
check "cardc at a terminal: a warning in bold magenta" has "$T/w.tty" "${ESC}[1;35mwarning:"

# ---- a game's play ----
PLAY="play --seats random,random --seed 5"
at_terminal "$T/p.tty" $PTY "$game" $PLAY
check "play at a terminal: the end in bold" has "$T/p.tty" "${ESC}[1m=== game over"
check "play at a terminal: the result in colour" \
    grep -qE "$ESC\[1;3[123]m(Winner|Winners|No winner|Draw|Fault)" "$T/p.tty"
at_terminal "$T/p.no" NO_COLOR=yes $PTY "$game" $PLAY
check "play at a terminal, NO_COLOR=yes: no colour" plain "$T/p.no"
"$game" $PLAY | cat >"$T/p.pipe"
check "play through a pipe: no colour" plain "$T/p.pipe"
check "play: the same game in colour or not" \
    sh -c "sed 's/$ESC\[[0-9;]*m//g' '$T/p.tty' | cmp -s - '$T/p.pipe'"
at_terminal "$T/p.json" $PTY "$game" play --protocol json --seats random,random --seed 5
check "play --protocol json at a terminal: no colour" plain "$T/p.json"
check "play --protocol json at a terminal: JSON Lines" grep -q '^{"type":' "$T/p.json"

# ---- simulate's progress ----
# Enough games to take more than half a second (the bar's delay): a
# second's worth, by the speed of a first, short run.
speed=$("$game" simulate --games 2000 --seed 1 --json | sed 's/.*"games_per_sec":\([0-9]*\).*/\1/')
GAMES=$((speed + 2000))
PTY_OUT="$T/s.term" python3 tests/pty_run.py --stderr-only "$game" simulate --games $GAMES \
    --seed 1 --json >"$T/s.out"
check "simulate, stderr a terminal: a progress bar" grep -q "\[#*\.*\] [0-9]*/$GAMES games" "$T/s.term"
check "simulate: the bar wiped at the end" has "$T/s.term" "$(printf '\r')${ESC}[K"
check "simulate: the figures on stdout" grep -q '^{"game":' "$T/s.out"
check "simulate: stdout without the bar" plain "$T/s.out"
"$game" simulate --games $GAMES --seed 1 --json 2>"$T/s.err" >/dev/null
check "simulate through a pipe: nothing on stderr" [ ! -s "$T/s.err" ]

# ---- Label Lab: the attributes the rules read, beside the names ----
"$cardc" build tests/games/label-lab -o "$T/label-lab" 2>"$T/err"
check "Label Lab builds, without a warning" sh -c "[ -x '$T/label-lab' ] && [ ! -s '$T/err' ]"
"$T/label-lab" play --seats random,random --seed 3 --reveal-all >"$T/l.all"
check "labels: a chip's colour and rank" \
    grep -qE "(Cheat \(red, rank 1\)|Honest \(blue, rank 3\))" "$T/l.all"
check "labels: never the flavour, which no rule reads" sh -c "! grep -qE 'sweet|sour' '$T/l.all'"
check "labels: a Blank has none" sh -c "! grep -qE 'Blank \((red|blue|rank)' '$T/l.all'"
for seed in 1 2 3 4 5 6; do
    printf '1\n' | "$T/label-lab" play --seats human,random --seed $seed >"$T/l.$seed"
done
cat "$T"/l.[1-6] >"$T/l.human"
check "labels: Player 1's own hand, labelled" \
    grep -qE "^  hand of Player 1: .*(Cheat|Honest) \((red|blue), rank [13]\)" "$T/l.human"
check "labels: Player 2's hand, not seen: no name, no label" \
    sh -c "grep '^  hand of Player 2:' '$T/l.human' | grep -qv '[A-Z][a-z]* (' &&
           ! grep '^  hand of Player 2:' '$T/l.human' | grep -q '(red\|(blue'"
check "labels: the menu's card options labelled" \
    grep -qE "^  [0-9]\) (Cheat \(red, rank 1\)|Honest \(blue, rank 3\))" "$T/l.human"
check "labels: a card Player 2 lays, named, labelled" \
    grep -qE "(Cheat \(red, rank 1\)|Honest \(blue, rank 3\)|Blank): hand of Player 2 -> table" \
    "$T/l.human"
"$T/label-lab" play --protocol json --seats json,random --seed 3 </dev/null >"$T/l.json" 2>&1
check "labels: never in JSON" sh -c "! grep -qE 'rank [0-9]|\((red|blue)' '$T/l.json'"
check "labels: JSON names the cards as before" grep -qE '"(Cheat|Honest|Blank)"' "$T/l.json"

summary terminal
