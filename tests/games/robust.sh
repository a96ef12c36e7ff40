#!/bin/sh
# robust.sh: a game binary survives its users (issue 4, point 5). For
# `play --protocol json` and for `play` at the terminal with a human seat:
# closed stdin, binary garbage, a line of a megabyte, option ids out of
# range, negative, not a number, a float, huge, not JSON (00, 01, +1) or
# -0; a hundred bad answers in a row (the game is abandoned) and 99 (it
# is not); whole games driven by a script; a closed stdout (SIGPIPE); every
# output (play, JSON, simulate, --help) past a file size limit and to a
# full disk: exit 1 with the reason, never a signal; and `simulate` with
# bad arguments, a long value cut in its message with "...". Each gets its
# message or a clean exit, never a crash; the JSON stream is checked line
# by line (tests/games/jsonl_check.py: strict UTF-8 JSON, every card where
# the moves put it), and every run's stderr for sanitizer reports.
#
#   sh tests/games/robust.sh GAME_BINARY     (best: build/bin/GAME-asan)
# Prints "robust: N passed, M failed"; exits 1 if any failed. An input
# of random bytes that made a check fail is kept, and its path printed.
BIN=${1:?usage: robust.sh GAME_BINARY}
NAME=$(basename "$BIN")
HERE=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1
pass=0
fail=0
PY=
command -v python3 >/dev/null 2>&1 && PY=python3

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $NAME: $*" >&2; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() { d=$1; shift; if "$@"; then ok; else bad "$d"; fi; }
has() { grep -qxF -- "$2" "$1"; }
count() { grep -cxF -- "$2" "$1"; }
rc_is() { [ "$(cat "$T/rc")" = "$1" ]; }
empty() { [ ! -s "$1" ]; }
repeat() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) print s }'; }
megabyte() { head -c 1048576 /dev/zero | tr '\0' x; echo; }
# Keeps a failing input of random bytes, since it cannot be made again.
keep() { k=$(mktemp "${TMPDIR:-/tmp}/robust-$NAME-XXXXXX"); cp "$1" "$k"; echo "  input kept: $k" >&2; }

# sanitized DESCRIPTION FILE: no sanitizer report in FILE (a stderr).
sanitized() {
    if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]*Sanitizer' "$2"; then
        bad "$1: sanitizer report"
        sed -n '1,20p' "$2" >&2
        return 1
    fi
    ok
}

# run DESCRIPTION ARGS... < input: stdout in $T/out, stderr in $T/err,
# status in $T/rc; the stderr is checked for sanitizer reports.
run() {
    d=$1; shift
    "$BIN" "$@" >"$T/out" 2>"$T/err"
    echo $? >"$T/rc"
    sanitized "$d" "$T/err"
}

# stream DESCRIPTION [--ended]: the JSON stream in $T/out is well formed
# and keeps every card (needs python3; skipped without it).
stream() {
    [ -n "$PY" ] || return 0
    if msg=$($PY "$HERE/jsonl_check.py" "$T/out" $2); then ok; else bad "$1: $msg"; return 1; fi
}

# The options of the first decision, the limits of the game.
"$BIN" play --protocol json --seed 1 </dev/null >"$T/first" 2>/dev/null
K=$(grep -m 1 '"type":"decision"' "$T/first" | grep -o '{"id":[0-9]*,' | wc -l)
K=$((K + 0))
check "the first decision has options" [ "$K" -ge 1 ]
# The decisions taken before the first question (of one option, taken
# without asking but counted: docs/RUNTIME.md, "Decisions of one option"),
# and up to the second: "nothing applied" reads D0, one answer D1.
D0=$(sed -n 's/.*"decisions":\([0-9]*\),.*/\1/p' "$T/first")
echo '{"choose":0}' | "$BIN" play --protocol json --seed 1 >"$T/second" 2>/dev/null
D1=$(sed -n 's/.*"decisions":\([0-9]*\),.*/\1/p' "$T/second")
check "the counts before the first and second questions" test "${D1:-0}" -gt "${D0:-0}"
"$BIN" --help >"$T/help" 2>/dev/null
MINP=$(sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\1/p' "$T/help")
MAXP=$(sed -n 's/.*number of players, \([0-9]*\) to \([0-9]*\).*/\2/p' "$T/help")
MINP=${MINP:-2}
MAXP=${MAXP:-$MINP}
head -c 100000 /dev/urandom >"$T/garbage"
repeat '{"choose":0}' 20000 >"$T/zeros"
repeat 1 20000 >"$T/ones"

# ======== play --protocol json ========
J="play --protocol json --seed 1"

run "json: closed stdin" $J </dev/null
check "json: closed stdin: exit 0" rc_is 0
check "json: closed stdin: quiet stderr" empty "$T/err"
check "json: closed stdin: one decision" [ "$(grep -c '"type":"decision"' "$T/out")" = 1 ]
check "json: closed stdin: abandoned end line" sh -c \
    "tail -n 1 '$T/out' | grep -q '^{\"type\":\"end\",.*\"winners\":\[\],\"result\":\"abandoned\",\"reason\":\"stdin closed\",'"
stream "json: closed stdin"

run "json: binary garbage" $J <"$T/garbage" || keep "$T/garbage"
if rc_is 0; then ok; else bad "json: garbage: exit $(cat "$T/rc")"; keep "$T/garbage"; fi
check "json: garbage: errors" [ "$(grep -c '^{"type":"error","message":"' "$T/out")" -ge 1 ]
check "json: garbage: still the first decision" [ "$(grep '"type":"decision"' "$T/out" | sort -u | wc -l)" = 1 ]
# (Some 400 lines, none an answer: the hundredth in a row ends the game.)
check "json: garbage: abandoned after 100 bad answers" \
    grep -q '"result":"abandoned","reason":"100 bad answers in a row"' "$T/out"
check "json: garbage: 100 error lines" [ "$(grep -c '^{"type":"error",' "$T/out")" = 100 ]
stream "json: garbage" || keep "$T/garbage"

{ megabyte; echo '{"choose":0}'; } >"$T/in"
run "json: megabyte line" $J <"$T/in"
check "json: megabyte: exit 0" rc_is 0
check "json: megabyte: one error" [ "$(grep -c '"type":"error"' "$T/out")" = 1 ]
check "json: megabyte: the message" has "$T/out" '{"type":"error","message":"line too long (over 4095 bytes)"}'
check "json: megabyte: the game goes on" grep -q "\"result\":\"abandoned\",\"reason\":\"stdin closed\",.*\"decisions\":$D1," "$T/out"
stream "json: megabyte"

{
    echo "{\"choose\":$K}"
    echo '{"choose":-1}'
    echo '{"choose":x}'
    echo '{"choose":"0"}'
    echo '{"choose":1.5}'
    echo '{"choose":99999999999999999999999999}'
    echo '{"choose":-99999999999999999999999999}'
} >"$T/in"
run "json: bad ids" $J <"$T/in"
E=$T/out
check "json: bad ids: exit 0" rc_is 0
check "json: id out of range" has "$E" "{\"type\":\"error\",\"message\":\"option id $K out of range: choose 0 to $((K - 1))\"}"
check "json: negative id" has "$E" "{\"type\":\"error\",\"message\":\"option id -1 out of range: choose 0 to $((K - 1))\"}"
check "json: not a number, a string, a float" \
    [ "$(count "$E" '{"type":"error","message":"\"choose\" must be an integer option id"}')" = 3 ]
check "json: huge ids" [ "$(grep -c '^{"type":"error","message":"option id -\{0,1\}[0-9]*\(\.\.\.\)\{0,1\} out of range: choose 0 to ' "$E")" = 4 ]
check "json: a huge id is cut, not echoed as another number" has "$E" \
    "{\"type\":\"error\",\"message\":\"option id 99999999999999999999... out of range: choose 0 to $((K - 1))\"}"
check "json: 7 errors, 8 decisions" [ "$(grep -c '"type":"error"' "$E")/$(grep -c '"type":"decision"' "$E")" = 7/8 ]
check "json: the same decision each time" [ "$(grep '"type":"decision"' "$E" | sort -u | wc -l)" = 1 ]
check "json: each error followed by the decision" awk '
    /"type":"error"/ { err = 1; next }
    err { if ($0 != last) exit 1; err = 0 }
    /"type":"decision"/ { last = $0 }' "$E"
check "json: nothing applied" grep -q "\"decisions\":$D0," "$E"
stream "json: bad ids"

# Ids past 32 and 64 bits, an exponent, and numbers JSON does not write:
# each refused with its message, the id as it was written.
{
    echo '{"choose":4294967296}'
    echo '{"choose":18446744073709551616}'
    echo '{"choose":99999999999999999999}'
    echo '{"choose":1e3}'
    echo '{"choose":00}'
    echo '{"choose":01}'
    echo '{"choose":+1}'
    echo '{"choose":-0}'
} >"$T/in"
run "json: ids that wrap, not JSON" $J <"$T/in"
E=$T/out
error_is() { has "$E" "{\"type\":\"error\",\"message\":\"$1\"}"; }
check "json: 2^32" error_is "option id 4294967296 out of range: choose 0 to $((K - 1))"
check "json: 2^64" error_is "option id 18446744073709551616 out of range: choose 0 to $((K - 1))"
check "json: 20 nines" error_is "option id 99999999999999999999 out of range: choose 0 to $((K - 1))"
check "json: 1e3" error_is '\"choose\" must be an integer option id'
check "json: 00" error_is '\"choose\": 00 is not a JSON number (no leading zeros)'
check "json: 01" error_is '\"choose\": 01 is not a JSON number (no leading zeros)'
check "json: +1" error_is "\\\"choose\\\": +1 is not a JSON number (no '+' sign)"
check "json: -0" error_is "option id -0 is not an id: choose 0 to $((K - 1))"
check "json: ids that wrap: 8 errors" [ "$(grep -c '"type":"error"' "$E")" = 8 ]
check "json: ids that wrap: nothing applied" grep -q "\"decisions\":$D0," "$E"
stream "json: ids that wrap, not JSON"

# Bad answers in a row: the hundredth ends the game as abandoned (its
# error line, then the end line); a good answer starts the count again.
repeat '{"choose":x}' 100 >"$T/in"
run "json: 100 bad answers" $J <"$T/in"
check "json: 100 bad answers: exit 0" rc_is 0
check "json: 100 bad answers: quiet" empty "$T/err"
check "json: 100 bad answers: 100 errors, 100 decisions" \
    [ "$(grep -c '"type":"error"' "$T/out")/$(grep -c '"type":"decision"' "$T/out")" = 100/100 ]
check "json: 100 bad answers: the end line says why" sh -c "tail -n 1 '$T/out' | grep -q \
    '^{\"type\":\"end\",.*\"winners\":\[\],\"result\":\"abandoned\",\"reason\":\"100 bad answers in a row\",.*\"decisions\":$D0,'"
stream "json: 100 bad answers"
{ repeat '{"choose":x}' 99; echo '{"choose":0}'; repeat '{"choose":x}' 99; } >"$T/in"
run "json: 99 bad answers, twice" $J <"$T/in"
check "json: 99 bad answers, twice: 198 errors" [ "$(grep -c '"type":"error"' "$T/out")" = 198 ]
check "json: 99 bad answers, twice: played on to the end of input" \
    grep -q "\"result\":\"abandoned\",\"reason\":\"stdin closed\",.*\"decisions\":$D1," "$T/out"
stream "json: 99 bad answers, twice"

# Whole games: every seat json, always 0 or ids cycling 0..4 (some out
# of range: errors, then the next line), for each player count.
awk 'BEGIN { for (i = 0; i < 60000; i++) printf "{\"choose\":%d}\n", i % 5 }' >"$T/cycle"
p=$MINP
while [ "$p" -le "$MAXP" ]; do
    for input in zeros cycle; do
        run "json: $p players, $input" play --protocol json --players "$p" --seed "$p" <"$T/$input"
        check "json: $p players, $input: exit 0" rc_is 0
        check "json: $p players, $input: quiet" empty "$T/err"
        check "json: $p players, $input: winners listed" grep -q \
            '^{"type":"end","scores":\[[-0-9,]*\],"winners":\[[0-9,]*\],"result":"\(win\|draw\)"' "$T/out"
        stream "json: $p players, $input" --ended
    done
    p=$((p + 1))
done
run "json: one seat, --reveal-all" play --protocol json --seats "json$(i=1; while [ $i -lt "$MAXP" ]; do printf ',random'; i=$((i + 1)); done)" \
    --seed 9 --reveal-all <"$T/zeros"
check "json: one seat: exit 0" rc_is 0
check "json: one seat: only seat 0 decides" sh -c "! grep -q '\"type\":\"decision\",\"player\":[1-9]' '$T/out'"
stream "json: one seat, --reveal-all" --ended

# A closed stdout: the reader goes away; the game ends quietly, exit 0.
( "$BIN" $J <"$T/zeros" 2>"$T/err"; echo $? >"$T/rc" ) | head -c 100 >/dev/null
sanitized "json: stdout closed" "$T/err"
check "json: stdout closed: exit 0" rc_is 0
check "json: stdout closed: quiet" empty "$T/err"

# ======== play at the terminal, Player 1 human ========
H="play --seed 1"

run "terminal: closed stdin" $H </dev/null
check "terminal: closed stdin: exit 0" rc_is 0
check "terminal: closed stdin: the message" has "$T/err" "stdin closed, game abandoned"
check "terminal: closed stdin: only that" [ "$(wc -l <"$T/err")" = 1 ]
cp "$T/out" "$T/term0"
# The first question: "Player 1: PROMPT" and its numbered options.
QLINE=$(grep -m 1 '^Player 1: ' "$T/term0")
TK=$(awk '/^Player 1: /{q=1; next} q && /^  [0-9]+\) /{n++; next} q{exit} END{print n+0}' "$T/term0")
check "terminal: a question with options" [ -n "$QLINE" -a "$TK" -ge 1 ]
NOT="Not an option: type a number from 1 to $TK (or help, quit)."

run "terminal: binary garbage" $H <"$T/garbage" || keep "$T/garbage"
if rc_is 0; then ok; else bad "terminal: garbage: exit $(cat "$T/rc")"; keep "$T/garbage"; fi
check "terminal: garbage: answered" grep -q '^\(Not an option\|No answer\): type a number' "$T/out"
check "terminal: garbage: abandoned" \
    grep -qx '\(100 bad answers in a row\|stdin closed\), game abandoned' "$T/err"

{ megabyte; echo 1; } >"$T/in"
run "terminal: megabyte line" $H <"$T/in"
check "terminal: megabyte: exit 0" rc_is 0
check "terminal: megabyte: one message" [ "$(count "$T/out" "That line is too long (over 4095 characters).")" = 1 ]
check "terminal: megabyte: the game goes on" grep -q '^Player 1 chooses: ' "$T/out"

{ echo $((TK + 1)); echo -1; echo 0; echo abc; echo 1.5; echo 99999999999999999999999; } >"$T/in"
run "terminal: bad numbers" $H <"$T/in"
check "terminal: bad numbers: exit 0" rc_is 0
check "terminal: bad numbers: answered" [ "$(count "$T/out" "$NOT")" = 6 ]
check "terminal: bad numbers: the same question" [ "$(count "$T/out" "$QLINE")" = 7 ]
check "terminal: bad numbers: the same options" [ "$(grep -c '^  1) ' "$T/out")" = 7 ]
# (after the question: a decision of one option before it is printed too)
check "terminal: bad numbers: nothing chosen" awk -v q="$QLINE" '
    $0 == q { asked = 1 } asked && /^Player 1 chooses/ { exit 1 }' "$T/out"

# A hundred bad answers in a row (help and show count too) end the game;
# 99, then an option, then 99 more do not.
{ repeat help 10; repeat show 10; repeat abc 79; echo; } >"$T/in"
run "terminal: 100 bad answers" $H <"$T/in"
check "terminal: 100 bad answers: exit 0" rc_is 0
check "terminal: 100 bad answers: the message" has "$T/err" "100 bad answers in a row, game abandoned"
check "terminal: 100 bad answers: only that" [ "$(wc -l <"$T/err")" = 1 ]
check "terminal: 100 bad answers: 100 prompts" [ "$(grep -o '^> ' "$T/out" | wc -l)" = 100 ]
check "terminal: 100 bad answers: the last answered" sh -c "tail -n 1 '$T/out' | grep -q '^No answer: '"
{ repeat abc 99; echo 1; repeat abc 99; } >"$T/in"
run "terminal: 99 bad answers, twice" $H <"$T/in"
check "terminal: 99 bad answers, twice: played on" grep -q '^Player 1 chooses: ' "$T/out"
check "terminal: 99 bad answers, twice: not abandoned for them" sh -c "! grep -q 'bad answers' '$T/err'"

echo quit | run "terminal: quit" $H
check "terminal: quit: exit 0" rc_is 0
check "terminal: quit: message" has "$T/out" "Game abandoned."

# Whole games: Player 1 human (the others random), then every seat human.
awk 'BEGIN { for (i = 0; i < 60000; i++) print i % 3 + 1 }' >"$T/cycle"
HUMANS="human$(i=1; while [ $i -lt "$MINP" ]; do printf ',human'; i=$((i + 1)); done)"
for seats in default "$HUMANS"; do
    for input in ones cycle; do
        if [ "$seats" = default ]; then set -- $H; else set -- $H --seats "$seats"; fi
        run "terminal: $seats, $input" "$@" <"$T/$input"
        check "terminal: $seats, $input: exit 0" rc_is 0
        check "terminal: $seats, $input: quiet" empty "$T/err"
        check "terminal: $seats, $input: over" grep -q '^=== game over after [0-9]* turns, [0-9]* decisions ===$' "$T/out"
        check "terminal: $seats, $input: winners listed" grep -q '^\(Winner: Player\|Winners (shared): Player\|Draw: \)' "$T/out"
    done
done

( "$BIN" $H <"$T/ones" 2>"$T/err"; echo $? >"$T/rc" ) | head -c 100 >/dev/null
sanitized "terminal: stdout closed" "$T/err"
check "terminal: stdout closed: exit 0" rc_is 0
check "terminal: stdout closed: quiet" empty "$T/err"

# ======== both: stdin or stdout closed outright, a full disk ========
for mode in json terminal; do
    if [ $mode = json ]; then set -- $J; in=zeros; else set -- $H; in=ones; fi
    "$BIN" "$@" <&- >"$T/out" 2>"$T/err"; echo $? >"$T/rc"
    sanitized "$mode: no stdin at all" "$T/err"
    check "$mode: no stdin at all: exit 0" rc_is 0
    "$BIN" "$@" <"$T/$in" >&- 2>"$T/err"; echo $? >"$T/rc"
    sanitized "$mode: no stdout at all" "$T/err"
    check "$mode: no stdout at all: exit 0" rc_is 0
    check "$mode: no stdout at all: quiet" empty "$T/err"
    if [ -w /dev/full ]; then
        "$BIN" "$@" <"$T/$in" >/dev/full 2>"$T/err"; echo $? >"$T/rc"
        sanitized "$mode: full disk" "$T/err"
        check "$mode: full disk: exit 1" rc_is 1
        check "$mode: full disk: the message" grep -q "^$NAME: write error: " "$T/err"
    fi
done

# ======== every output, past a file size limit or to a full disk ========
# SIGXFSZ is left as the shell has it: the game must not die of it. Its
# stderr goes through a pipe, which no size limit touches.
limited() { # limited BLOCKS ARGS...: the game under ulimit -f BLOCKS, stdout to $T/big
    blocks=$1; shift
    { sh -c 'ulimit -f "$0" && exec "$@"' "$blocks" "$BIN" "$@" 2>&1 >"$T/big" </dev/null
      echo $? >"$T/rc"; } | cat >"$T/err"
}
for args in "play --seed 1 --seats random,random --reveal-all" \
            "play --protocol json --seed 1 --seats random,random" \
            "simulate --games 3 --seed 1" "simulate --games 3 --seed 1 --json" "--help"; do
    limited 0 $args
    sanitized "$args, size limit" "$T/err"
    check "$args, size limit: exit 1" rc_is 1
    check "$args, size limit: the message" grep -qx "$NAME: write error: File too large" "$T/err"
    if [ -w /dev/full ]; then
        "$BIN" $args </dev/null >/dev/full 2>"$T/err"; echo $? >"$T/rc"
        sanitized "$args >/dev/full" "$T/err"
        check "$args >/dev/full: exit 1" rc_is 1
        check "$args >/dev/full: the message" grep -qx "$NAME: write error: No space left on device" "$T/err"
    fi
done
# A transcript cut by the limit is a prefix of the whole one.
limited 8 play --seed 1 --seats random,random --reveal-all
"$BIN" play --seed 1 --seats random,random --reveal-all </dev/null >"$T/whole" 2>/dev/null
check "play, size limit: exit 1" rc_is 1
check "play, size limit: some of the transcript" [ -s "$T/big" ]
check "play, size limit: a prefix of the transcript" sh -c \
    'head -c "$(wc -c <"$1")" "$2" | cmp -s - "$1"' _ "$T/big" "$T/whole"

# ======== simulate ========
# The reader goes after the first line, long before the figures are written
# (5,000 games under ASan: seconds; 100,000 once took School Control's
# binary 96 s of CPU for the same check).
( "$BIN" simulate --games 5000 --seed 1 2>"$T/err"; echo $? >"$T/rc" ) | head -n 1 >"$T/out"
sanitized "simulate | head -1" "$T/err"
check "simulate | head -1: exit 0" rc_is 0
check "simulate | head -1: quiet" empty "$T/err"
check "simulate | head -1: a line" [ -s "$T/out" ]
# A reader gone before the figures are written: EPIPE for sure.
( "$BIN" simulate --games 2000 --seed 1 --json 2>"$T/err"; echo $? >"$T/rc" ) | true
sanitized "simulate | true" "$T/err"
check "simulate | true: exit 0" rc_is 0
check "simulate | true: quiet" empty "$T/err"

usage_fails() {
    run "simulate $*" simulate "$@" </dev/null
    if rc_is 2 && grep -q "^$NAME: " "$T/err" && has "$T/err" "Try '$NAME --help'." \
            && empty "$T/out"; then
        ok
    else
        bad "simulate $*: exit $(cat "$T/rc"), not 2 with a message"
    fi
}
usage_fails --games 0
usage_fails --games -5
usage_fails --games abc
usage_fails --games 1e3
usage_fails --games 99999999999999999999999
usage_fails --games
usage_fails --players 0
usage_fails --players $((MAXP + 1))
usage_fails --players $((MINP - 1))
usage_fails --seed x
usage_fails --seed -1
usage_fails --json=yes
usage_fails --seats json,random
usage_fails --protocol json
usage_fails --bogus
usage_fails extra
# A long value in a message is cut to 40 bytes, and the cut is shown.
run "simulate --games <60 digits>" simulate --games "$(repeat 1234567890 6 | tr -d '\n')" </dev/null
check "a long value: cut with '...'" has "$T/err" \
    "$NAME: --games: '1234567890123456789012345678901234567890...' is not a number from 1 to 1000000000000"
run "a long command" "$(repeat abcdefghij 5 | tr -d '\n')" </dev/null
check "a long command: cut with '...'" has "$T/err" \
    "$NAME: unknown command 'abcdefghijabcdefghijabcdefghijabcdefghij...' (play, simulate or serve)"
run "a short value" simulate --games 12x </dev/null
check "a short value: whole" has "$T/err" \
    "$NAME: --games: '12x' is not a number from 1 to 1000000000000"

echo "robust: $pass passed, $fail failed"
[ "$fail" = 0 ]
