#!/usr/bin/env python3
"""secrecy.py GAME [GAMES]: LAST MINUTE!'s secrets over the JSON protocol.

Plays GAMES seeded games (default 80) of build/bin/last-minute, at 2, 3, 4
and 5 players in turn, seat 0 played by this script (seats json,random,...:
the stream plays seat 0 alone), the others random. Seat 0 answers by a fixed
rule of its seed. Over every line of seat 0's stream:

  - a Sabotage seat 0 plays face down is named to it: its move names the
    card, a show line to seat 0 alone names it, and every view lists it
    among the cards seat 0 was shown in that face-down slot until it leaves;
  - a Sabotage another seat plays face down is named to seat 0 in no way
    while it lies face down: its move has no card, no show line names it, and
    no view lists it in its slot (as `cards` or `shown`); the move that
    takes it out (the reveal at Dismissal, or to the discard pile) may;
  - an Event peeked by Check School Calendar is named to its peeker only: a
    show line of the Event deck reaches seat 0 only after seat 0 played the
    Calendar, and a view lists a card shown in the Event deck only then.

So that the test can fail, each stream is also read as if it were seat 1's
(seat 0's own Sabotages and peeks must then be reported), and one game
played with --reveal-all must be caught. Prints one line per check and
"secrecy-lm: N passed, M failed"; exits 1 if any failed.
"""
import json
import subprocess
import sys
from collections import Counter


def play(game, seed, players, extra=()):
    """Seat 0's stream of one game: a list of parsed lines."""
    seats = ",".join(["json"] + ["random"] * (players - 1))
    p = subprocess.Popen([game, "play", "--players", str(players), "--seats", seats,
                          "--seed", str(seed), *extra],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines, k = [], seed
    for raw in p.stdout:
        m = json.loads(raw)
        lines.append(m)
        if m["type"] == "decision":
            k = (k * 1103515245 + 12345) % (1 << 31)
            p.stdin.write('{"choose":%d}\n' % (k % len(m["options"])))
            p.stdin.flush()
        elif m["type"] == "end":
            break
    p.stdin.close()
    p.wait()
    return lines


def slot(z):
    """A face-down slot: the Task it lies under, or None for another zone."""
    if z is None or z.get("zone") != "facedown":
        return None
    return (z.get("holder"), z.get("copy"))


class Reader:
    """Reads a stream as seat `me`'s, collecting what it may not see."""

    def __init__(self, me):
        self.me = me
        self.own = {}            # face-down slot -> Counter of me's Sabotages there
        self.peeked = False      # me played Check School Calendar
        self.out = []
        self.counts = Counter()

    def bad(self, n, what):
        self.out.append("line %d: %s" % (n, what))

    def move(self, n, m):
        src, dst, card = m["from"], m["to"], m["card"]
        if src and src.get("zone") == "hand" and slot(dst):
            mine = src.get("player") == self.me
            self.counts["placed by me" if mine else "placed by others"] += 1
            if mine:
                if card is None:
                    self.bad(n, "seat %d's own Sabotage is not named to it" % self.me)
                self.own.setdefault(slot(dst), Counter())[card] += 1
            elif card is not None:
                self.bad(n, "another seat's Sabotage %r is named as it goes face down" % card)
        elif slot(src) and card is not None:
            mine = self.own.get(slot(src), Counter())
            if mine[card]:
                mine[card] -= 1
        if card == "Check School Calendar" and src and src.get("zone") == "hand":
            mine = src.get("player") == self.me
            self.counts["peeks by me" if mine else "peeks by others"] += 1
            self.peeked = self.peeked or mine

    def show(self, n, m):
        z = m["zone"]
        if self.me not in m["to"]:
            self.bad(n, "a show line to seats %s on seat %d's stream" % (m["to"], self.me))
        if slot(z):
            for c in m["cards"]:
                if not self.own.get(slot(z), Counter())[c]:
                    self.bad(n, "the face-down %r under %s shown to a seat that did not place it" % (c, z.get("holder")))
        elif z.get("zone") == "event_deck" and not self.peeked:
            self.bad(n, "the Event deck's %s shown to a seat that never peeked" % m["cards"])

    def view(self, n, v):
        listed = {slot(z) for z in v["zones"] if slot(z)}
        for s, mine in self.own.items():
            if +mine and s not in listed:  # a held slot is listed while it holds cards
                self.bad(n, "a view leaves out the slot under %s of seat %d's own face-down %s" %
                         (s[0], self.me, sorted(+mine)))
        for z in v["zones"]:
            if slot(z):
                if z.get("cards"):
                    self.bad(n, "a view lists the face-down cards %s" % z["cards"])
                shown = Counter(s["card"] for s in z.get("shown", []))
                mine = self.own.get(slot(z), Counter())
                if shown - mine:
                    self.bad(n, "a view names face-down %s under %s, not seat %d's" %
                             (sorted(shown - mine), z.get("holder"), self.me))
                if mine - shown:
                    self.bad(n, "a view does not name seat %d's own face-down %s" % (self.me, sorted(mine - shown)))
            elif z["zone"] == "event_deck" and (z.get("cards") or (z.get("shown") and not self.peeked)):
                self.bad(n, "a view names cards of the Event deck to a seat that never peeked")

    def read(self, lines):
        for n, m in enumerate(lines, 1):
            if m["type"] == "move":
                self.move(n, m)
            elif m["type"] == "show":
                self.show(n, m)
            elif m["type"] == "decision":
                self.view(n, m["view"])
        return self


def main():
    game = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 80
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + what)
        passed, failed = passed + ok, failed + (not ok)

    total, as_other, had_secret = Counter(), 0, 0
    for i in range(games):
        seed, players = 1 + i, 2 + i % 4
        lines = play(game, seed, players)
        r = Reader(0).read(lines)
        check(not r.out and lines[-1]["type"] == "end",
              "seed %d, %d players: face-down Sabotages and peeked Events seen by their player only%s" %
              (seed, players, "" if not r.out else ": " + r.out[0]))
        total.update(r.counts)
        if r.counts["placed by me"] or r.counts["peeks by me"]:
            had_secret += 1
            as_other += bool(Reader(1).read(lines).out)
    check(all(total[k] for k in ("placed by me", "placed by others", "peeks by me", "peeks by others")),
          "the games hold Sabotages placed by seat 0 (%d) and by others (%d), Calendars played by "
          "seat 0 (%d) and by others (%d)" % (total["placed by me"], total["placed by others"],
                                             total["peeks by me"], total["peeks by others"]))
    check(had_secret and as_other == had_secret,
          "read as seat 1's, every stream with seat 0's secrets is caught (%d of %d)" % (as_other, had_secret))
    leak = Reader(0).read(play(game, 2, 3, ["--reveal-all"])).out
    for what, words in (("the others' face-down Sabotages", "Sabotage"), ("the Event deck", "Event deck")):
        found = [x for x in leak if words in x]
        check(bool(found), "a game played with --reveal-all is caught naming %s%s" %
              (what, ": " + found[0] if found else ""))
    print("secrecy-lm: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
