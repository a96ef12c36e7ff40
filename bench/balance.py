"""balance.py OUT: the tables of docs/BALANCE.md from the reports that
bench/balance.sh wrote in OUT (each DIR/report.json), as Markdown."""
import json
import os
import sys

GAMES = [("easy-school", "Easy School"), ("last-minute", "LAST MINUTE!"),
         ("school-control", "School Control")]


def load(out, game, part):
    with open(os.path.join(out, game, part, "report.json")) as f:
        return json.load(f)["runs"]


def pct(x):
    return "%.1f%%" % (100 * x)


def hist_quantile(hist, q):
    """The upper end of the bin where the share q of the values is reached."""
    total = sum(c for _, _, c in hist)
    seen = 0
    for lo, hi, c in hist:
        seen += c
        if seen >= q * total:
            return hi
    return hist[-1][1] if hist else 0


def players_table(runs):
    print("| players | deals (each played 4 times) | win rate by seat (95% interval) | draws "
          "| turns: mean, 99th pct, most | what the deal decides "
          "| lead changes | drama | decisiveness |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in runs:
        seats = ", ".join("%s [%s, %s]" % (pct(s["win_rate"]), pct(s["ci95"][0]),
                                           pct(s["ci95"][1])) for s in r["seats"])
        th = r["turns_hist"]
        turns = "%.0f, %d, %d" % (r["avg_turns"], hist_quantile(th, 0.99), th[-1][1])
        spread = r["luck_skill"]["deal_spread"]
        deal = "n/a"
        if spread:
            shares = [s["deal_share"] for s in spread["seats"]]
            deal = "%s (seat %s)" % (pct(max(shares)), 1 + shares.index(max(shares)))
        ref = r["lead"][0]
        print("| %d | %d | %s | %s | %s | %s | %.3f | %.3f | %.3f |" % (
            r["players"], r["games"], seats, pct(r["draws"] / r["games"]), turns, deal,
            ref["lead_changes"], ref["drama"], ref["decisiveness"]))


def agents_table(out, game):
    print("| agent in seat 1 (4 players, the others random) | deals "
          "| its win rate (95% interval) | each random seat | margin over random |")
    print("|---|---|---|---|---|")
    for part in ("agents-greedy", "agents-mc"):
        r = load(out, game, part)[0]
        s = r["seats"][0]
        rnd = sum(x["win_rate"] for x in r["seats"][1:]) / (len(r["seats"]) - 1)
        print("| %s | %d | %s [%s, %s] | %s | %+.1f points |" % (
            s["agent"], r["games"], pct(s["win_rate"]), pct(s["ci95"][0]), pct(s["ci95"][1]),
            pct(rnd), 100 * (s["win_rate"] - rnd)))


def bound_table(out):
    print("| every seat | games | won | draws | turns: mean, 99th pct, most "
          "| games of 3,968 turns or more (992 rounds or more) |")
    print("|---|---|---|---|---|---|")
    for s in ("random", "greedy"):
        r = load(out, "school-control", "every-seat-" + s)[0]
        th = r["turns_hist"]
        won = r["games"] - r["draws"] - r["faults"]
        near = sum(c for lo, _, c in th if lo >= 3968)
        print("| %s | %d | %s | %s | %.0f, %d, %d | %d |" % (
            s, r["games"], pct(won / r["games"]), pct(r["draws"] / r["games"]),
            r["avg_turns"], hist_quantile(th, 0.99), th[-1][1], near))


def main():
    out = sys.argv[1]
    for game, title in GAMES:
        print("### %s\n" % title)
        players_table(load(out, game, "players"))
        print()
        agents_table(out, game)
        print()
    print("### School Control: how games end, against the bound of 1,000 rounds\n")
    bound_table(out)


main()
