#!/bin/sh
# cardc init GAMEDIR: the starter game checks clean, builds with build -o,
# plays, and its cards.yaml names the schema in yaml-language-server's
# modeline and is valid under it; a folder that holds files is refused and
# left as it was. Run from the repository root:
#   sh tests/schema/init.sh build/bin/cardc
cardc=${1:?usage: tests/schema/init.sh CARDC}
T=$(mktemp -d "${TMPDIR:-/tmp}/init.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="init: "
. tests/check.sh

run() { "$@" >"$T/out" 2>"$T/err"; rc=$?; }
says() { grep -qF -- "$1" "$T/err"; }
# status N [TEXT]: the last run's status was N, and its stderr says TEXT
# (or, without TEXT, nothing at all)
status() {
    [ "$rc" = "$1" ] || return 1
    if [ $# = 2 ]; then says "$2"; else [ ! -s "$T/err" ]; fi
}

# the schema the build's cardc names (its --help says where)
schema=$("$cardc" --help | sed -n 's/^installed as \(.*\)\.$/\1/p')
check "--help names the schema's file" [ -n "$schema" ]

run "$cardc" init "$T/g"
check "a new folder: status 0, nothing said" status 0
check "a new folder: nothing on stdout" [ ! -s "$T/out" ]
check "it holds cards.yaml, game.rules and README" \
    [ "$(ls "$T/g" | tr '\n' ' ')" = "README cards.yaml game.rules " ]
check "cards.yaml's first line is the modeline" \
    [ "$(head -n 1 "$T/g/cards.yaml")" = "# yaml-language-server: \$schema=$schema" ]
check "the modeline names the schema cardc prints" sh -c "'$cardc' schema | cmp -s - '$schema'"
run "$cardc" check "$T/g"
check "cardc check passes it, without a warning" status 0
run "$cardc" build "$T/g" -o "$T/high-card"
check "cardc build -o builds it" status 0
check "cardc build -o: the binary is there" [ -x "$T/high-card" ]
run "$T/high-card" simulate --games 50 --players 3 --seed 1 --json
check "and it plays" status 0
check "and it plays 50 games" grep -q '"games":50' "$T/out"
check "cards.yaml is valid under the schema" python3 -c '
import json, sys, jsonschema, yaml
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator(schema).validate(yaml.safe_load(open(sys.argv[2])))' \
    "$schema" "$T/g/cards.yaml"

mkdir "$T/empty"
run "$cardc" init "$T/empty"
check "an empty folder that is there: status 0" status 0
check "an empty folder that is there: written" [ -f "$T/empty/game.rules" ]

mkdir "$T/full" && echo mine >"$T/full/notes.txt"
run "$cardc" init "$T/full"
check "a folder with files: status 2, said" status 2 \
    "cardc: '$T/full' already holds files: init writes a new game into an empty folder only"
check "a folder with files: left as it was" [ "$(ls -A "$T/full")" = notes.txt ]
run "$cardc" init "$T/g"
check "a starter made before: not written over" status 2 "already holds files"

run "$cardc" init "$T/no/such/parent"
check "no parent folder: status 2, said" status 2 "cannot make the folder '$T/no/such/parent'"
run "$cardc" init
check "no GAMEDIR: status 2" status 2 "init takes one GAMEDIR"
run "$cardc" schema extra
check "schema takes no argument" status 2 "schema takes no argument"

summary init
