#!/usr/bin/env python3
"""coverage_check.py: the counts of `simulate --json --coverage` add up
(tests/games/coverage.sh; docs/RUNTIME.md, "Coverage").

  python3 coverage_check.py FILE [--never [NEVER...]]

FILE holds the one JSON line. Checks that
  - every decision taken is counted at one decision site: the sites'
    counts and runtime_decisions sum to the line's "decisions";
  - at each decision site with options (a menu, an ask: the sites whose
    "decision" names it), the options taken sum to its decisions, and no
    option is taken more than offered, nor offered more often than its
    site decided;
  - each card kind's end counts sum to games x copies;
  - with --never, the NEVERs ("FILE:LINE") are exactly the places of the
    sites whose counts are all 0: what never happened.
Prints each failure; exits 1 if any."""
import json
import sys


def main():
    line = open(sys.argv[1]).read().strip().splitlines()[-1]
    sim = json.loads(line)
    cov = sim["coverage"]
    exact = sys.argv[2:3] == ["--never"]
    never = set(sys.argv[3:])
    bad = []
    sites = cov["sites"]

    total = cov["runtime_decisions"] + sum(
        s["count"] for s in sites if s["kind"] == "decision")
    if total != sim["decisions"]:
        bad.append("decision sites count %d decisions, simulate %d" % (total, sim["decisions"]))

    for k, d in enumerate(sites):
        opts = [o for o in sites if o["kind"] == "option" and o["decision"] == k]
        if d["kind"] != "decision" or not opts:
            continue
        taken = sum(o["taken"] for o in opts)
        if taken != d["count"]:
            bad.append("%s:%d: options taken %d, decisions %d"
                       % (d["file"], d["line"], taken, d["count"]))
        for o in opts:
            if o["taken"] > o["offered"] or o["offered"] > d["count"]:
                bad.append("%s:%d: %s offered %d, taken %d, of %d decisions"
                           % (o["file"], o["line"], o["text"], o["offered"], o["taken"],
                              d["count"]))
    for o in sites:
        if o["kind"] == "option" and sites[o["decision"]]["kind"] != "decision":
            bad.append("%s:%d: %s: its decision is no decision" % (o["file"], o["line"], o["text"]))

    for c in cov["cards"]:
        ends = sum(c["ends"].values())
        if ends != sim["games"] * c["copies"]:
            bad.append("%s: ends %d, games x copies %d"
                       % (c["card"], ends, sim["games"] * c["copies"]))

    for s in sites if exact else []:
        place = "%s:%d" % (s["file"], s["line"])
        zero = s.get("count", 0) == 0 and s.get("offered", 0) == 0 and s.get("taken", 0) == 0
        if zero and place not in never:
            bad.append("%s: %s counted nothing, not expected" % (place, s["text"]))
        if not zero and place in never:
            bad.append("%s: %s counted something, expected never" % (place, s["text"]))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
