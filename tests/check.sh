# check.sh: counted checks for the shell test drivers; source it.
#   check WHAT COMMAND...   runs COMMAND: a pass, or "FAIL $CHECK_PREFIX$WHAT"
#   summary NAME            prints "NAME: N passed, M failed"; fails if any did
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
