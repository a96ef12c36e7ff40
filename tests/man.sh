#!/bin/sh
# man.sh: the man pages (man/) say what the programs do (issue 23, point 1).
#
#   - every page renders without a warning (groff -man -ww) and is ASCII;
#   - every option `cardc --help` names is in the OPTIONS of cardc(1), and
#     every option there is in `cardc --help`; the same for a game
#     binary's `--help` and the OPTIONS of cardc-protocol(7); the options
#     of each page's SYNOPSIS are among them;
#   - each page's header carries the version `cardc --version` prints;
#   - the examples are real: the card file of cardc-cards(5) and the rules
#     of cardc-rules(5) (its SYNOPSIS and EXAMPLES) check as one game.
#
#   sh tests/man.sh CARDC GAME      (e.g. build/bin/cardc build/bin/easy-school)
# Run from the repository root. Prints "man: N passed, M failed".
cardc=${1:?usage: tests/man.sh CARDC GAME}
game=${2:?usage: tests/man.sh CARDC GAME}
T=$(mktemp -d "${TMPDIR:-/tmp}/man.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="man: "
. tests/check.sh
PAGES="man/cardc.1 man/cardc-cards.5 man/cardc-rules.5 man/cardc-protocol.7"

# help_options CMD...: the options CMD --help names (-x, --word), sorted.
help_options() {
    "$@" --help | grep -oE '(^|[^A-Za-z0-9-])--?[a-z][a-z-]*' | sed 's/^[^-]*//' | sort -u
}
# man_options PAGE SECTION: the options written in that section of the
# page's source (\-x, \-\-word, escaped as roff wants), sorted.
man_options() {
    awk -v s=".SH $2" '$0 == s { f = 1; next } /^\.SH / { f = 0 } f' "$1" |
        grep -oE '(\\-){1,2}[a-z]([a-z]|\\-)*' | sed 's/\\-/-/g' | sort -u
}
# agree NAME HELP PAGE: the two lists are the same; says what differs.
agree() {
    if ! cmp -s "$2" "$3"; then
        echo "$1: --help (<) and the man page (>) differ:"
        diff "$2" "$3" | grep '^[<>]'
        return 1
    fi
}
# within SMALL BIG: every line of SMALL is in BIG.
within() { [ -z "$(comm -23 "$1" "$2")" ] || { comm -23 "$1" "$2"; return 1; }; }

for p in $PAGES; do
    groff -man -ww -z "$p" 2>"$T/err"
    check "$p: renders without a warning" [ ! -s "$T/err" ]
    [ -s "$T/err" ] && cat "$T/err"
    check "$p: ASCII only" sh -c "! LC_ALL=C grep -q '[^ -~]' '$p'"
    version=$("$cardc" --version | sed 's/^cardc //')
    check "$p: the version of cardc --version" grep -q "^\.TH .* \"cardc $version\"" "$p"
done

help_options "$cardc" >"$T/cardc.help"
man_options man/cardc.1 OPTIONS >"$T/cardc.man"
man_options man/cardc.1 SYNOPSIS >"$T/cardc.syn"
check "cardc --help and cardc(1) name the same options" \
    agree cardc "$T/cardc.help" "$T/cardc.man"
check "cardc(1): its SYNOPSIS names options of cardc --help" within "$T/cardc.syn" "$T/cardc.help"
check "cardc --help names options (the list is not empty)" [ "$(wc -l <"$T/cardc.help")" -ge 8 ]

help_options "$game" >"$T/game.help"
man_options man/cardc-protocol.7 OPTIONS >"$T/game.man"
man_options man/cardc-protocol.7 SYNOPSIS >"$T/game.syn"
check "GAME --help and cardc-protocol(7) name the same options" \
    agree "$game" "$T/game.help" "$T/game.man"
check "cardc-protocol(7): its SYNOPSIS names options of GAME --help" \
    within "$T/game.syn" "$T/game.help"
check "GAME --help names options (the list is not empty)" [ "$(wc -l <"$T/game.help")" -ge 8 ]

# example PAGE FROM TO: the lines of the rendered page after the heading
# FROM, up to a line matching TO, without their indentation.
example() {
    man -l "$1" 2>/dev/null | col -bx |
        awk -v from="$2" -v to="$3" '$0 == from { f = 1; next } $0 ~ to { f = 0 } f' |
        sed 's/^       //'
}
mkdir "$T/g"
example man/cardc-cards.5 EXAMPLES "A misspelt" >"$T/g/cards.yaml"
example man/cardc-rules.5 SYNOPSIS "^DESCRIPTION" >"$T/g/a.rules"
example man/cardc-rules.5 EXAMPLES "^SEE ALSO" | sed 1,2d >"$T/g/b.rules"
found() { [ -s "$T/g/cards.yaml" ] && [ -s "$T/g/a.rules" ] && grep -q '^effect "Blue Two"' "$T/g/b.rules"; }
check "the examples were found" found
"$cardc" check "$T/g/cards.yaml" 2>"$T/err"
rc=$?
check "cardc-cards(5): its example checks clean" [ "$rc" = 0 ]
check "cardc-cards(5): not a warning" [ ! -s "$T/err" ]
"$cardc" check "$T/g" 2>"$T/err"
rc=$?
check "cardc-rules(5): its examples check with that card file" [ "$rc" = 0 ]
check "cardc-rules(5): one warning, that proc turn is never used" \
    [ "$(grep -c ': warning: \|: error: ' "$T/err")" = 1 ]
check "cardc-rules(5): the warning is about proc turn" grep -q "proc 'turn' is never used" "$T/err"

summary man
