#!/usr/bin/env python3
"""values_check.py OUT...: the numbers of tests/games/values-lab's views
that hold attribute values and card names (docs/LANGUAGE.md §2, "Who sees
a variable"), in streams written with --protocol json by seats that are
not --reveal-all, each OUT one or more games one after the other. In every
decision's view:

  - "called" and "trump" (public) are suits, written as their words;
    "trump" is "called", or the suit after the one a Caller called last
    (`until end of next turn { trump() = t }`);
  - "favourite" and "strong_suit" (owner) are given for the deciding seat
    alone, as suits; "strong_suit" is the suit of which the decider's hand
    (in the view) holds most, the first in declared order of those;
  - "last_colour" (public) is "black" for an empty table, null when the
    table's top card is the kitten (no colour), else that card's colour;
  - "last_named" (public, per seat: a variable of card names) is given
    for every seat, a name of the card list: "Guard" until that seat's
    Guard names a card, then the last one it named (a chosen "Guard: name
    ..." line of that seat), unless a Princess stopped that naming.

At least one view must show a trump that is not the suit called (so a
call was seen lasting), one a last_colour null, and one a card named. Prints what it
counted; exits 1 at the first view that breaks a rule, naming it.
"""
import json
import sys

SUITS = ["red", "blue", "green"]
SUIT = {"Guard": "red", "Priest": "blue", "Baron": "green", "Caller": "blue",
        "Princess": "red", "Exploding Kitten": "green"}
COLOUR = {"Guard": "black", "Priest": "red", "Baron": "black", "Caller": "black",
          "Princess": "red"}


class Bad(Exception):
    pass


def after(s):
    return SUITS[(SUITS.index(s) + 1) % len(SUITS)]


def strongest(hand):
    best = "red"
    for v in SUITS:
        if sum(SUIT[c] == v for c in hand) > sum(SUIT[c] == best for c in hand):
            best = v
    return best


def zone(view, name, player=None):
    for z in view["zones"]:
        if z["zone"] == name and z.get("player") == player:
            return z
    raise Bad("no zone %s in the view" % name)


def table_colour(view):
    cards = zone(view, "table")["cards"]
    if not cards:
        return "black"
    return COLOUR.get(cards[-1])


def check_decision(m, last_call, guesses, st):
    p, view = m["player"], m["view"]
    shared, own = {}, {}
    for n in view["numbers"]:
        if n["name"] == "last_named":
            if n["value"] not in guesses.get(n["player"], {"Guard"}):
                raise Bad("last_named of seat %d is %r, named %s" % (
                    n["player"], n["value"], guesses.get(n["player"])))
            st["named"] += n["value"] != "Guard"
            guesses[n["player"]] = {n["value"]}  # what it holds from now on
        elif "player" not in n:
            shared[n["name"]] = n["value"]
        elif n["name"] in ("favourite", "strong_suit"):
            if n["player"] != p:
                raise Bad("seat %d is shown %s of seat %d" % (p, n["name"], n["player"]))
            own[n["name"]] = n["value"]
    called, trump = shared["called"], shared["trump"]
    for what, v in [("called", called), ("trump", trump), ("favourite", own["favourite"]),
                    ("strong_suit", own["strong_suit"])]:
        if v not in SUITS:
            raise Bad("%s is %r, not a suit's word" % (what, v))
    if trump != called and (last_call is None or trump != after(last_call)):
        raise Bad("trump %s, called %s, last call %s" % (trump, called, last_call))
    st["lasting"] += trump != called
    hand = zone(view, "hand", p)["cards"]
    if own["strong_suit"] != strongest(hand):
        raise Bad("strong_suit %s of the hand %s" % (own["strong_suit"], hand))
    if shared["last_colour"] != table_colour(view):
        raise Bad("last_colour %r, table %s" % (shared["last_colour"],
                                                 zone(view, "table")["cards"]))
    st["none"] += shared["last_colour"] is None
    st["views"] += 1


def check(path, st):
    last_call = None
    guesses = {}  # seat: what its last_named may be (the last seen, a name since)
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        m = json.loads(line)
        try:
            if m["type"] == "end":  # the next game starts afresh
                last_call, guesses = None, {}
            elif m["type"] == "chosen" and m["prompt"] == "Call a suit":
                last_call = m["label"]
            elif m["type"] == "chosen" and m["prompt"].startswith("Guard: name "):
                guesses[m["player"]] = guesses.get(m["player"], {"Guard"}) | {m["label"]}
            elif m["type"] == "decision":
                check_decision(m, last_call, guesses, st)
        except (Bad, KeyError) as e:
            print("%s: line %d: %s" % (path, n, e))
            sys.exit(1)


def main():
    st = {"views": 0, "lasting": 0, "none": 0, "named": 0}
    for path in sys.argv[1:]:
        check(path, st)
    print("views %(views)d, a call lasting in %(lasting)d, no colour in %(none)d, "
          "a card named in %(named)d" % st)
    if st["lasting"] == 0 or st["none"] == 0 or st["named"] == 0:
        print("no view showed a call lasting, a colour that is none, or a card named")
        sys.exit(1)


main()
