#!/usr/bin/env python3
"""secrecy.py GAME [GAMES]: School Control's hands are seen by their owner only.

Plays GAMES seeded games (default 60) of build/bin/school-control over the
JSON protocol, at 2, 3 and 4 players in turn, with seat 0 played by this
script (seats json,random,...: the stream plays seat 0 alone) and the others
random. Seat 0 answers each decision by a fixed rule of its seed, so that its
games go different ways. Over every line of seat 0's stream:

  - a view never lists the cards of another seat's hand, nor of the deck
    (`hidden`), and always lists those of seat 0's own hand;
  - a move never names its card when it goes between slots seat 0 may not
    see (a draw by another seat: deck to their hand), and always does when
    seat 0 sees either end (its own draws; a card played to the table);
  - no card choice offers seat 0 a card it has not seen: a label that is a
    card's name (or 'NAME (under HOLDER)') names a card seat 0 holds or saw
    on the table.

So that the test can fail, each stream is also checked as if it were seat
1's: seat 0's own hand, listed in every view, must then be reported (a
checker that finds nothing there would pass anything); and one game played
with --reveal-all, which shows every hand, must be caught. Prints one line
per check and "secrecy: N passed, M failed"; exits 1 if any failed.
"""
import json
import subprocess
import sys

PUBLIC = {"centre", "students", "desk", "resolving", "discard", "gone"}


def seen_by(zone, me):
    """Whether seat `me` may see a slot of the protocol: {"zone":...,...}."""
    if zone is None:
        return False
    name = zone["zone"]
    if name == "hand":
        return zone.get("player") == me
    return name in PUBLIC


def play(game, seed, players, extra=()):
    """Seat 0's stream of one game: a list of parsed lines."""
    seats = ",".join(["json"] + ["random"] * (players - 1))
    p = subprocess.Popen([game, "play", "--players", str(players), "--seats", seats,
                          "--seed", str(seed), *extra],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    lines = []
    k = seed
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


def problems(lines, me):
    """What seat `me` was shown that it may not see, or was not shown."""
    out = []
    holds = set()           # card names seat `me` has seen anywhere it may
    for n, m in enumerate(lines, 1):
        if m["type"] == "move":
            named = m["card"] is not None
            sees = seen_by(m["from"], me) or seen_by(m["to"], me)
            if named and not sees:
                out.append(f"line {n}: the move names {m['card']!r} between slots seat {me} may not see")
            if sees and not named:
                out.append(f"line {n}: a move seat {me} sees does not name its card")
            if named:
                holds.add(m["card"])
        elif m["type"] == "decision":
            for z in m["view"]["zones"]:
                has = "cards" in z
                if has and not seen_by(z, me):
                    out.append(f"line {n}: the view lists the cards of {z['zone']} {z.get('player', '')}")
                if seen_by(z, me) and not has:
                    out.append(f"line {n}: the view does not list the cards of {z['zone']} {z.get('player', '')}")
                if has:
                    holds.update(z["cards"])
            for o in m["options"]:
                for name in cards_in_label(o["label"]):
                    if name not in holds:
                        out.append(f"line {n}: option {o['label']!r} names {name!r}, which seat {me} never saw")
    return out


def cards_in_label(label):
    """The cards a card choice's label names: 'Student', or 'Student (under
    Physics Lab)'; none for a menu's own words ('A Main Hall or a Gym')."""
    names = []
    if label.endswith(")") and " (under " in label:
        label, holder = label[:-1].split(" (under ", 1)
        names.append(holder)
    return names + [label] if label in card_names else []


def card_names_of(game):
    """Every card name of the game, from one game revealed to all."""
    r = subprocess.run([game, "play", "--players", "2", "--seats", "random,random",
                        "--seed", "1", "--reveal-all", "--protocol", "json"],
                       stdout=subprocess.PIPE, text=True, check=True)
    names = set()
    for raw in r.stdout.splitlines():
        m = json.loads(raw)
        if m["type"] == "move" and m["card"]:
            names.add(m["card"])
    return names


def main():
    game = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    global card_names
    card_names = card_names_of(game)
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + what)
        passed, failed = passed + ok, failed + (not ok)

    hidden_draws = own_draws = 0
    as_other = 0
    for i in range(games):
        seed, players = 1 + i, 2 + i % 3
        lines = play(game, seed, players)
        bad = problems(lines, 0)
        check(not bad and lines[-1]["type"] == "end",
              f"seed {seed}, {players} players: seat 0 sees its hand only"
              + ("" if not bad else ": " + bad[0]))
        for m in lines:
            if m["type"] == "move" and m["to"] and m["to"]["zone"] == "hand":
                if m["to"].get("player") == 0:
                    own_draws += m["card"] is not None
                else:
                    hidden_draws += m["card"] is None
        as_other += bool(problems(lines, 1))
    check(hidden_draws > 0 and own_draws > 0,
          f"the games have draws of seat 0 ({own_draws}, named) and of others ({hidden_draws}, not named)")
    leak = problems(play(game, 1, 3, ["--reveal-all"]), 0)
    check(bool(leak), "a game played with --reveal-all is caught showing the other hands"
          + (": " + leak[0] if leak else ""))
    check(as_other == games, f"read as seat 1's, every stream is caught showing seat 0's hand ({as_other} of {games})")
    print(f"secrecy: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


card_names = set()
if __name__ == "__main__":
    main()
