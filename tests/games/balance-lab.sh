#!/bin/sh
# The balance lab (docs/SCALING.md, RUNTIME.md "The balance lab") on Easy
# School: simulate's figures the same for --jobs 1, 2 and 3; 4 shards run
# under GNU parallel and merged by `stats merge`, byte for byte the stats
# file of --shard 1/1; shards of other runs refused; --report's page
# standing alone (no script, no address), a run of random seats saying
# "best agent random, margin 0"; School Control's lead figures following
# the func of its `agents:` line.
# usage: sh tests/games/balance-lab.sh build/bin/easy-school
set -u
GAME=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# the figures without the times, which differ from run to run
untimed() { sed -E 's/"seconds":[0-9.]+,"games_per_sec":[0-9.]+,//; s/"decisions_per_sec":[0-9.]+,//; /^  time /d'; }

for j in 1 2 3; do
    "$GAME" simulate --games 600 --seed 11 --players 3 --jobs $j --json | untimed >"$T/j$j.json"
    "$GAME" simulate --games 600 --seed 11 --players 3 --jobs $j | untimed >"$T/j$j.txt"
    "$GAME" simulate --games 600 --seed 11 --players 3 --jobs $j --shard 1/1 >"$T/j$j.stats"
done
for j in 2 3; do
    for k in json txt stats; do
        cmp -s "$T/j1.$k" "$T/j$j.$k" && ok || bad "--jobs $j: $k differs from --jobs 1"
    done
done

command -v parallel >/dev/null || { echo "balance-lab: GNU parallel missing (tests/deps.sh)"; exit 1; }
parallel --will-cite --joblog "$T/joblog" \
    "'$GAME' simulate --games 600 --seed 11 --players 3 --shard {}/4 > '$T/shard{}.json'" ::: 1 2 3 4 ||
    bad "parallel: a shard failed"
"$GAME" stats merge "$T"/shard1.json "$T"/shard2.json "$T"/shard3.json "$T"/shard4.json \
    >"$T/merged.stats" && cmp -s "$T/merged.stats" "$T/j1.stats" && ok ||
    bad "stats merge of 4 shards differs from --shard 1/1"

# refusals: a shard missing, one twice, another seed, a stray file
"$GAME" simulate --games 600 --seed 12 --players 3 --shard 4/4 >"$T/other.json"
expect_refused() {
    what=$1; want=$2; shift 2
    "$GAME" stats merge "$@" >/dev/null 2>"$T/err"; rc=$?
    if [ $rc -eq 1 ] && grep -q "$want" "$T/err"; then ok; else
        bad "$what: status $rc, $(cat "$T/err")"; fi
}
expect_refused "3 of 4" "3 shards of 4 given" "$T"/shard1.json "$T"/shard2.json "$T"/shard3.json
expect_refused "twice" "are both shard 2/4" "$T"/shard1.json "$T"/shard2.json "$T"/shard2.json \
    "$T"/shard4.json
expect_refused "other seed" "is a shard of another seed" "$T"/shard1.json "$T"/shard2.json \
    "$T"/shard3.json "$T"/other.json
sed 's/"seats":\["random","random","random"\]/"seats":["random","random","mc:100"]/' \
    "$T/shard4.json" >"$T/seats.json"
expect_refused "other seats" "is a shard of other seats than" "$T"/shard1.json "$T"/shard2.json \
    "$T"/shard3.json "$T"/seats.json
echo '{"format":"x"}' >"$T/junk.json"
expect_refused "junk" "not a stats file of cardc" "$T"/junk.json
sed 's/"build":"[0-9a-f]*"/"build":"0000000000000000"/' "$T/shard1.json" >"$T/oldbuild.json"
expect_refused "build" "written by another build" "$T"/oldbuild.json

# the report: both files, the page alone, the same for any --jobs and
# from the shards merged
"$GAME" simulate --games 600 --seed 11 --players 3 --report "$T/r1" >/dev/null &&
    "$GAME" simulate --games 600 --seed 11 --players 3 --jobs 2 --report "$T/r2" >/dev/null &&
    "$GAME" stats report "$T/r3" "$T"/shard?.json ||
    bad "a report failed"
# sampling the scores for the report plays the same games
"$GAME" simulate --games 600 --seed 11 --players 3 --report "$T/r0" | untimed |
    cmp -s - "$T/j1.txt" && ok || bad "--report changed simulate's figures"
for r in r2 r3; do
    for f in report.json report.html; do
        cmp -s "$T/r1/$f" "$T/$r/$f" && ok || bad "$r/$f differs from the run's own"
    done
done
if grep -qiE '<script|https?:|src=|<link|@import|url\(' "$T/r1/report.html"; then
    bad "report.html has a script or an address"; else ok; fi
grep -q '<svg' "$T/r1/report.html" && ok || bad "report.html has no SVG"
python3 - "$T/r1/report.json" <<'PY' && ok || bad "report.json"
import json, sys
d = json.load(open(sys.argv[1]))
run = d["runs"][0]
assert run["players"] == 3 and run["games"] == 600, run
for s in run["seats"]:
    lo, hi = s["ci95"]
    assert lo <= s["win_rate"] <= hi, s
    assert s["games_for_1_point"] > 1000, s
    assert sum(b[2] for b in s["score_hist"]) == 600, s
assert sum(b[2] for b in run["turns_hist"]) == 600
ls = run["luck_skill"]
assert ls["best_agent"] == "random" and ls["margin_over_random_points"] == 0, ls
assert run["lead"][0]["view"] == "referee" and run["lead"][0]["games"] == 600, run["lead"]
assert 0 < run["lead"][0]["lead_changes"] < 1, run["lead"]
PY
# --replays: each deal played 4 times; shards and threads add up the same
"$GAME" simulate --games 200 --seed 5 --players 3 --replays 4 --shard 1/1 >"$T/rep.stats"
for i in 1 2; do
    "$GAME" simulate --games 200 --seed 5 --players 3 --replays 4 --jobs 2 --shard $i/2 \
        >"$T/rep$i.json"
done
"$GAME" stats merge "$T/rep1.json" "$T/rep2.json" | cmp -s - "$T/rep.stats" && ok ||
    bad "--replays 4: the merge of 2 shards differs from one run"
"$GAME" stats report "$T/rr" "$T/rep.stats" && python3 - "$T/rr/report.json" <<'PY' && ok ||
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
d = run["luck_skill"]["deal_spread"]
assert d["replays"] == 4 and len(d["seats"]) == 3, d
for s in d["seats"]:
    assert 0 < s["sd"] < 1 and 0 <= s["deal_share"] <= 1, s
PY
    bad "--replays 4: the report's spread per deal"
# the replays count only in the spread: the rest is the run without them
"$GAME" simulate --games 200 --seed 5 --players 3 --shard 1/1 >"$T/once.stats"
python3 - "$T/rep.stats" "$T/once.stats" <<'PY' && ok || bad "--replays changed the run's figures"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert a["replays"] == 4 and b["replays"] == 1
assert a["deal_wins"] != b["deal_wins"]
for k in ("replays", "deal_wins", "deal_wins_sq"):
    del a[k], b[k]
assert a == b
PY

# School Control names `agents: highest standing` (its score is 1 for the
# winner only): the lead figures follow the standing, which changes
# hands during a game (a lead change in 1 sample of 8), where the score's
# leaders change only at the end (1 in 150)
SC=$(dirname "$GAME")/school-control
"$SC" simulate --games 100 --seed 1 --players 2 --report "$T/sc" >/dev/null &&
    python3 - "$T/sc/report.json" <<'PY' && ok || bad "School Control's lead figures do not follow its standing"
import json, sys
lead = json.load(open(sys.argv[1]))["runs"][0]["lead"][0]
assert lead["view"] == "referee" and lead["lead_changes"] > 0.05, lead
PY

# usage errors
"$GAME" simulate --games 10 --jobs 2 --coverage >/dev/null 2>&1; [ $? -eq 2 ] && ok ||
    bad "--jobs with --coverage not refused"
"$GAME" simulate --games 10 --shard 5/4 >/dev/null 2>&1; [ $? -eq 2 ] && ok ||
    bad "--shard 5/4 not refused"
"$GAME" simulate --games 10 --replays 3 >/dev/null 2>&1; [ $? -eq 2 ] && ok ||
    bad "--replays without --report or --shard not refused"
echo "balance-lab: $pass passed, $fail failed"
[ $fail -eq 0 ]
