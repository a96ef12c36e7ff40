#!/bin/sh
# completions.sh: the shell completions (completions/) offer what the
# programs take (issue 23, point 6).
#
#   - each completion file, bash, zsh and fish, names exactly the options
#     `cardc --help` names (for cardc's files) and `GAME --help` names (for
#     the game binaries' files), as tests/man.sh does for the man pages;
#   - bash's completion, run as bash runs it (COMP_WORDS, COMP_CWORD), offers
#     the commands, each command's own options, and values where an option
#     takes one of a few words;
#   - zsh's and fish's files parse (zsh -n, fish -n), when those shells are
#     installed.
#
#   sh tests/completions.sh CARDC GAME   (e.g. build/bin/cardc build/bin/easy-school)
# Run from the repository root. Prints "completions: N passed, M failed".
cardc=${1:?usage: tests/completions.sh CARDC GAME}
game=${2:?usage: tests/completions.sh CARDC GAME}
T=$(mktemp -d "${TMPDIR:-/tmp}/completions.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="completions: "
. tests/check.sh
C=completions

# help_options CMD: the options CMD --help names (-x, --word), sorted.
help_options() {
    "$1" --help | grep -oE '(^|[^A-Za-z0-9-])--?[a-z][a-z-]*' | sed 's/^[^-]*//' | sort -u
}
# bash_options FILE: the words of its option lists and command words.
bash_options() {
    grep -E "^_[a-z_]*opts=|compgen -W '" "$1" | grep -oE -- "(^|[ =']|^_[a-z_]*=')--?[a-z][a-z-]*" |
        sed 's/^[^-]*//' | sort -u
}
# zsh_options FILE: the options of its _arguments specs and command list.
zsh_options() {
    grep -oE "^ *'(\*)?--?[a-z][a-z-]*|^ *_values .*" "$1" |
        grep -oE -- '--?[a-z][a-z-]*' | sort -u
}
# fish_options FILE: its -l LONG and -s SHORT, as --LONG and -SHORT.
fish_options() {
    grep -oE -- ' -[ls] [a-z][a-z-]*' "$1" |
        sed -e 's/^ -l /--/' -e 's/^ -s /-/' | sort -u
}
# agree NAME A B: the two lists are the same; says what differs.
agree() {
    if ! cmp -s "$2" "$3"; then
        echo "$1: --help (<) and the completion (>) differ:"
        diff "$2" "$3" | grep '^[<>]'
        return 1
    fi
}

help_options "$cardc" >"$T/cardc.help"
help_options "$game" >"$T/game.help"
check "cardc --help names options" [ "$(wc -l <"$T/cardc.help")" -ge 8 ]
check "GAME --help names options" [ "$(wc -l <"$T/game.help")" -ge 8 ]
bash_options $C/cardc.bash >"$T/cardc.bash"
zsh_options $C/_cardc >"$T/cardc.zsh"
fish_options $C/cardc.fish >"$T/cardc.fish"
bash_options $C/cardc-game.bash >"$T/game.bash"
zsh_options $C/_cardc_game >"$T/game.zsh"
fish_options $C/cardc-game.fish >"$T/game.fish"
for sh in bash zsh fish; do
    check "cardc --help and the $sh completion name the same options" \
        agree "cardc ($sh)" "$T/cardc.help" "$T/cardc.$sh"
    check "GAME --help and the $sh completion name the same options" \
        agree "GAME ($sh)" "$T/game.help" "$T/game.$sh"
done

# complete FILE FUNCTION WORD...: what bash's completion offers for the
# last WORD (the word being completed), sorted, one a line.
complete_words() {
    file=$1 fn=$2
    shift 2
    bash -c 'source "$1"; fn=$2; shift 2; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
             "$fn"; printf "%s\n" "${COMPREPLY[@]}"' sh "$file" "$fn" "$@" | sort
}
# offers EXPECTED FILE FUNCTION WORD...: the completion is EXPECTED
# (words separated by spaces, sorted).
offers() {
    want=$1
    shift
    got=$(complete_words "$@" | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$want" ] || { echo "  offered '$got', not '$want'"; return 1; }
}
check "bash: cardc's commands" offers "--help --version -h build check print" \
    $C/cardc.bash _cardc cardc ""
check "bash: the options of cardc check" \
    offers "--format=json --format=text --max-errors= --rules" $C/cardc.bash _cardc cardc check -
check "bash: the options of cardc build" \
    offers "--blank --dump=analysed --dump=checked --dump=tree -o" $C/cardc.bash _cardc cardc build x -
check "bash: the options of cardc print" \
    offers "--bold-font --font --paper=a4 --paper=letter --rules --tts -o" $C/cardc.bash _cardc cardc print x -
# font_files: what cardc print --font offers in a folder of a.ttf, b.TTF,
# c.txt and a folder.
font_files() {
    mkdir -p "$T/f/fonts" && touch "$T/f/a.ttf" "$T/f/b.TTF" "$T/f/c.txt"
    (top=$PWD && cd "$T/f" && offers "a.ttf b.TTF fonts" "$top/$C/cardc.bash" _cardc cardc print x \
        --font "")
}
check "bash: cardc print --font takes a .ttf (or a folder)" font_files
check "bash: cardc print --paper takes a paper" offers "a4 letter" \
    $C/cardc.bash _cardc cardc print x --paper ""
check "bash: cardc build --dump=c" offers "--dump=checked" $C/cardc.bash _cardc cardc build --dump=c
check "bash: a game's commands" offers "--help play serve simulate stats" $C/cardc-game.bash _cardc_game g ""
check "bash: the options of GAME play" \
    offers "--help --max-decisions --players --protocol --reveal-all --seats --seed" \
    $C/cardc-game.bash _cardc_game g play --
check "bash: the options of GAME simulate" \
    offers "--coverage --games --help --jobs --json --max-decisions --players --replays --report --seats --seed --shard --track" \
    $C/cardc-game.bash _cardc_game g simulate --seed 3 --
check "bash: GAME stats takes merge, report or impact" offers "impact merge report" \
    $C/cardc-game.bash _cardc_game g stats ""
check "bash: GAME play --seats takes agents" \
    offers "greedy human ismcts:1000 json mc:100 random" \
    $C/cardc-game.bash _cardc_game g play --seats ""
check "bash: GAME simulate --seats takes the program's agents" \
    offers "greedy ismcts:1000 mc:100 random" \
    $C/cardc-game.bash _cardc_game g simulate --seats ""
check "bash: the options of GAME serve" \
    offers "--exit-when-done --help --max-decisions --players --port --seats --seed" \
    $C/cardc-game.bash _cardc_game g serve --
check "bash: GAME serve --seats takes human and the program's agents" \
    offers "greedy human ismcts:1000 mc:100 random" \
    $C/cardc-game.bash _cardc_game g serve --seats ""
check "bash: nothing after GAME serve --port" offers "" \
    $C/cardc-game.bash _cardc_game g serve --port ""
check "bash: GAME play --protocol takes json" offers "json" \
    $C/cardc-game.bash _cardc_game g play --protocol ""
check "bash: nothing after GAME play --seed" offers "" \
    $C/cardc-game.bash _cardc_game g play --seed ""
# A game's completion covers exactly play's, simulate's and serve's options.
{ complete_words $C/cardc-game.bash _cardc_game g play --
  complete_words $C/cardc-game.bash _cardc_game g simulate --
  complete_words $C/cardc-game.bash _cardc_game g serve --; } | sort -u >"$T/game.offered"
check "bash: GAME play, simulate and serve together offer every option of GAME --help" \
    agree "GAME (bash, offered)" "$T/game.help" "$T/game.offered"

if command -v zsh >/dev/null 2>&1; then
    check "zsh -n _cardc" zsh -n $C/_cardc
    check "zsh -n _cardc_game" zsh -n $C/_cardc_game
else
    echo "completions: zsh not installed: its files' syntax not checked"
fi
if command -v fish >/dev/null 2>&1; then
    check "fish -n cardc.fish" fish -n $C/cardc.fish
    check "fish -n cardc-game.fish" fish -n $C/cardc-game.fish
else
    echo "completions: fish not installed: its files' syntax not checked"
fi

summary completions
