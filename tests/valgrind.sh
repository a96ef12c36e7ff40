#!/bin/sh
# valgrind: `cardc check` on every golden input, every clean example and
# every deck, and one `cardc build`, must run without a memory error or a
# leak of any kind. Run from the repository root:
#   sh tests/valgrind.sh build/bin/cardc
cardc=${1:?usage: tests/valgrind.sh CARDC}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind: skipped (not installed; tests/deps.sh installs it)"
    exit 0
fi
out=build/valgrind
mkdir -p "$out"
pass=0 fail=0

run() { # run ARGS...: cardc under valgrind; any status but 99 is fine
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all \
        --log-file="$out/log" "$cardc" "$@" >/dev/null 2>&1
    if [ $? = 99 ] || [ -s "$out/log" ]; then
        echo "FAIL cardc $*"
        cat "$out/log"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

for f in examples/broken/*.yaml; do
    base=${f%.yaml}
    args=""
    [ -f "$base.args" ] && args=$(cat "$base.args")
    run check $args "$f"
done
run check --format=json examples/broken/many-errors.yaml
for f in examples/ok/*.yaml; do
    run check "$f"
done
for d in decks/*/; do
    [ -f "$d/cards.yaml" ] && run check "${d%/}"
done
if [ -f decks/easy-school/cards.yaml ]; then
    run build decks/easy-school/cards.yaml -o "$out/easy-school.c"
else
    run build examples/ok/tiny.yaml -o "$out/tiny.c"
fi

echo "valgrind: $pass passed, $fail failed"
[ "$fail" = 0 ]
