# check.sh: counted checks for the shell test drivers; source it.
#   check WHAT COMMAND...   runs COMMAND: a pass, or "FAIL $CHECK_PREFIX$WHAT"
#   summary NAME            prints "NAME: N passed, M failed"; fails if any did
#   judge RATIO LIMIT LINE  "ok   LINE" if RATIO is at most LIMIT, else
#                           "FAIL LINE (more than xLIMIT)"; counted (scaling tests)
pass=0 fail=0

check() {
    what=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
    else
        echo "FAIL ${CHECK_PREFIX:-}$what"
        fail=$((fail + 1))
    fi
}

summary() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" = 0 ]
}

judge() {
    if echo "$1 $2" | awk '{ exit !($1 <= $2) }'; then
        echo "ok   $3"
        pass=$((pass + 1))
    else
        echo "FAIL $3 (more than x$2)"
        fail=$((fail + 1))
    fi
}
