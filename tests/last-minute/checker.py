#!/usr/bin/env python3
"""LAST MINUTE! transcript checker, written independently of game.rules.

A second implementation of LAST MINUTE!'s rules, in Python (standard library
only), written from the rulebook's text and the readings that
decks/last-minute/README.md gives of its ambiguous sentences ("README 6" is
that page's interpretation 6). It does not translate
decks/last-minute/game.rules nor the `effect:` code of cards.yaml: from
cards.yaml it reads only the card list (names, types, counts, points, wait).

It reads the --reveal-all transcript of `play --seats random,...` (the game's
own random players: every move by name, every choice beside its question, a
window's answers, the end) and keeps its own model of the table:

- every card move is from a zone that holds the card (a multiset of names);
- set-up (README 2): 3 School cards each, then a starter Task each, a Helping
  card drawn for a starter put aside and shuffled back;
- Morning (README 3): each player in seat order draws a Task-deck card, then a
  School card unless he holds 5 or more;
- Play (README 4, 5, 8): at most 2 cards (1 in a Mid-Year Exam round), Tasks
  before Sabotage and Helping cards, at most 2 active Tasks, a Sabotage only
  face down on another player's active Task, none in a Sports Day round,
  Tuition Class once per player and only 5 or more points behind the leader;
- Dismissal (README 6, 9): a Task scored only when complete, every complete
  Task scored (or, for Revise for Common Test and Write English Essay, let
  sit once), hands down to 6;
- an Event flipped after every round, five rounds (README 11), one window
  as it is flipped (Doctor's Note, any player for himself), then its
  effect on each player not immune, in seat order;
- every player's Knowledge Points, from the model's own scoring of every
  Task, Sabotage, Event and Helping card (README 7, 8, 10-15), against the
  final scores, and the winner by the tie-breaks (README 16).

What is random is read from the transcript: the card each draw brings (the
model checks that the deck holds it) and the random players' choices (the
model checks that each is legal).

The options of every decision, from the model alone (README 4-15):
the cards playable (Tasks before any Action, a Sabotage only while an
opponent has an active Task and not in a Sports Day round, a Helping card
only where it can act, Tuition Class once and 5 or more points behind the
leader; Pass), at most 2 (or 1) of them in a Play phase that runs, seat by
seat, to a Pass or its last card; a Sabotage's targets (every opponent's
active Task, each copy); the Task to replace, to score, to let sit (none
at round 5, where it would never score), to buff, shield or speed up;
Group Study's partner and consent; the cards to discard; and in a window,
who is asked (the protected player holding the Escape for that moment,
Good Excuse only with points to lose) and with what. A hand card is
compared by name (a Task's copy number is never named in a hand). With
--live the checker plays human seats itself, answering each decision at
random (seeded), and the transcript lists every decision's options: each
list must be exactly the model's, a decision of one option (shown only by
its answer) must have one legal option, and every window must ask exactly
the players the model expects. Without it (the game's random seats) only
the answers are seen, and each must be legal.

    checker.py --transcript FILE [--transcript FILE ...]
    checker.py --binary B --players N --seed S [--games K] [--live] [--record FILE]

Exit status 0: the game and the model agree. 1: they disagree; the seed, the
transcript line, what the game did and what the model expected are printed.
2: bad usage or a game that did not run.
"""

import argparse
import functools
import os
import random
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CARDS_YAML = os.path.join(ROOT, "decks", "last-minute", "cards.yaml")

ROUNDS = 5              # "After 5 rounds, the bell rings."
START_HAND = 3          # "Each player draws 3 cards from the School deck"
SKIP_SCHOOL_AT = 5      # "If you'd already have 5+ cards in hand" (README 3)
HAND_LIMIT = 6          # "Discard down to 6 cards"
MAX_PLAYS = 2           # "Maximum 2 cards total"
MAX_ACTIVE = 2          # "Maximum 2 active Tasks at any time"
TUITION_BEHIND = 5      # "5+ Knowledge Points behind the leader"
TUITION_GAIN = 3        # README 15
QUIZ_WORDS = ("quiz", "exam")
MAY_SIT = ("Revise for Common Test", "Write English Essay")  # README 6


class Disagreement(Exception):
    pass


def read_cards(path):
    """name -> {type, count, points, wait}: the card list of cards.yaml (a
    small reader of its `  - name:` blocks and their fields, enough for
    this file)."""
    cards, cur = {}, None
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^  - name:\s*(.+?)\s*$", line)
        if m:
            cur = {"type": None, "count": 1, "points": 0, "wait": 0}
            cards[m.group(1)] = cur
            continue
        m = re.match(r"^    (type|count|points|wait):\s*(\S+)\s*$", line)
        if m and cur is not None:
            k, v = m.group(1), m.group(2)
            cur[k] = v if k == "type" else int(v)
    return cards


CARDS = read_cards(CARDS_YAML)
COPY = re.compile(r" #\d+$")
SEAT = re.compile(r"^Player (\d+)$")
SEAT_ZONE = re.compile(r"^(hand|tasks|done) of Player (\d+)$")

# The terminal writes after a card's name the values of the attributes the
# rules read ("Write English Essay #2 (points 2, wait 2)"): the model reads the names alone.
LABELLED = re.compile(r"(%s)( #[0-9]+)? \([a-z0-9 ,_-]+\)" % "|".join(
    re.escape(n) for n in sorted(CARDS, key=len, reverse=True)))


def unlabelled(text):
    """text without the attributes written after each card's name."""
    return LABELLED.sub(lambda m: m.group(1) + (m.group(2) or ""), text)



@functools.lru_cache(maxsize=None)
def base(name):
    """A card's name without its copy number ("Finish Worksheet #2")."""
    return COPY.sub("", name)


def deck_of(name):
    t = CARDS[base(name)]["type"]
    return {"task": "task", "helping": "task", "event": "event"}.get(t, "school")


class Task:
    """An active Task of the model: when it was played and what lies on it."""

    def __init__(self, ident, owner, played):
        self.ident, self.owner, self.played = ident, owner, played
        self.points = CARDS[base(ident)]["points"]
        self.wait = CARDS[base(ident)]["wait"]
        self.delay = 0          # Lost Homework, Fire Drill, minus Head Start
        self.bonus = 0          # Extra Practice, Last-Minute Change's half
        self.facedown = []      # Sabotage names, in the order played
        self.stuck = []         # revealed Sabotages that took effect
        self.shielded = False   # Quiet Corner this round
        self.sat = False        # let sit one more round (README 6)
        self.first = False      # Pack Your School Bag: first Task played

    def due(self):
        """The round of the Dismissal at which it is complete (README 6)."""
        return max(self.played, self.played + self.wait + self.delay) + (1 if self.sat else 0)

    def complete_at(self, rnd):
        return self.due() <= rnd if self.played > 0 else max(1, self.due()) <= rnd


class Model:
    def __init__(self, players, seed):
        self.n, self.seed = players, seed
        self.zones = Counter()          # (zone, name) -> copies
        self.sizes = Counter()          # zone -> cards
        self.hands = [Counter() for _ in range(players)]    # a hand's name -> copies
        self.points = [0] * players
        self.done = [0] * players       # Tasks scored
        self.last = [-1] * players      # when each last scored (a counter)
        self.clock = 0
        self.tasks = [dict() for _ in range(players)]   # ident -> Task
        self.round = 0                  # 0 during set-up
        self.event = None               # the round's Event (README 11)
        self.immune = set()             # Doctor's Note against it
        self.affected = set()           # Finish Worksheet (README 11)
        self.rmp_paid = set()
        self.played = [0] * players     # cards played this Play phase
        self.actioned = [False] * players
        self.tuition = [False] * players
        self.played_task = [False] * players
        self.group = set()              # players in an agreed Group Study
        self.flips = 0
        self.line_no = 0
        self.text = ""

    # -- failing -----------------------------------------------------------------
    def fail(self, what):
        raise Disagreement("seed %s: line %d: %s\n    %s" % (self.seed, self.line_no, what, self.text))

    def expect(self, cond, what):
        if not cond:
            self.fail(what)

    # -- zones --------------------------------------------------------------------
    def hand(self, p):
        return self.sizes["hand%d" % p]

    def move(self, name, src, dst):
        nm = base(name)
        if src != "setup":
            self.expect(self.zones[(src, nm)] > 0, "%s moved from %s, which does not hold it" % (nm, src))
            self.zones[(src, nm)] -= 1
            self.sizes[src] -= 1
            if src.startswith("hand"):
                self.hands[int(src[4:])][nm] -= 1
        self.zones[(dst, nm)] += 1
        self.sizes[dst] += 1
        if dst.startswith("hand"):
            self.hands[int(dst[4:])][nm] += 1

    def task(self, ident):
        for p in range(self.n):
            if ident in self.tasks[p]:
                return self.tasks[p][ident]
        self.fail("no active Task %s" % ident)

    def leader(self):
        return max(self.points)

    # -- points -------------------------------------------------------------------
    def gain(self, p, k):
        self.points[p] += k

    def lose(self, p, k):
        self.points[p] = max(0, self.points[p] - k)

    def score(self, t):
        """What a Task scores (README 7, 8, 11, 14) and its scoring."""
        nm, p = base(t.ident), t.owner
        mixed = "Mixed-Up Pages" in t.stuck
        rmp = self.event == "Return Marked Papers" and p not in self.immune and self.round <= ROUNDS
        if rmp:     # README 11: scoring under it, the player is affected
            self.affected.add(p)
        pts = t.points
        if not mixed:
            pts += t.bonus
            if nm == "Revise for Common Test" and t.sat:
                pts = 3 + t.bonus
            if nm == "Write English Essay" and t.sat:
                pts = 4 + t.bonus
            if nm == "Present Your Project Slides" and not t.stuck:
                pts = 3 + t.bonus
            if nm == "Finish Worksheet" and p not in self.affected:
                pts += 1
            if nm == "Pack Your School Bag" and t.first:
                pts += 1
        if nm == "PSLE Practice Paper":
            pts -= len(t.stuck)
        pts -= t.stuck.count("Spilled Water")
        self.gain(p, max(0, pts))
        if rmp and p not in self.rmp_paid:
            self.rmp_paid.add(p)
            self.gain(p, 1)
        if nm == "Hand In Group Project":
            others = [q for q in range(self.n) if q != p and
                      any(base(i) == nm for i in self.tasks[q])]
            if others:
                self.gain(p, 1)
                for q in others:
                    self.gain(q, 1)
        self.done[p] += 1
        self.clock += 1
        self.last[p] = self.clock
        del self.tasks[p][t.ident]

    # -- the rounds -------------------------------------------------------------
    def start_round(self, event):
        """The Event is flipped: the round ends (README 9, 11) and the next
        begins with that Event."""
        rnd = self.round
        self.dismissal_begins()
        for p in range(self.n):
            self.expect(self.hand(p) <= HAND_LIMIT,
                        "Player %d holds %d cards after Dismissal" % (p + 1, self.hand(p)))
            for t in self.tasks[p].values():
                self.expect(rnd > ROUNDS or not t.complete_at(rnd),
                            "%s was complete at round %d's Dismissal and not scored" % (t.ident, rnd))
                t.shielded = False
        self.flips += 1
        self.round += 1
        self.event, self.immune, self.affected, self.rmp_paid = base(event), set(), set(), set()
        self.played, self.actioned, self.group = [0] * self.n, [False] * self.n, set()
        self.in_play, self.passed, self.play_closed = -1, False, False
        self.morning = 0 if self.round <= ROUNDS else self.n
        self.stage = "task"
        self.event_draw = [None] * self.n
        self.strikes = list(range(self.n))
        self.flip_answered = False

    def strikes_upto(self, k):
        """The Event strikes every player up to k, in seat order: flipped
        once for the whole table, its effect walks the players, and the
        transcript shows only what it does to each (a draw, a discard, a
        window before a loss), so the model strikes each player when a
        line needs it, or at the Play phase or the end."""
        while self.strikes and self.strikes[0] <= k:
            self.strike(self.strikes.pop(0))

    def end_of_morning(self):
        """The Play phase begins: every strike, event draw and Morning draw done."""
        self.strikes_upto(self.n)
        self.expect(not any(self.event_draw), "an Event's draw not made: %s" % self.event_draw)
        self.expect(self.morning >= self.n, "Morning not finished (Player %d's %s draw)" % (self.morning + 1, self.stage))
        if self.quiz() and self.round <= ROUNDS:
            for ts in self.tasks:
                for t in ts.values():
                    self.expect(base(t.ident) != "Submit Science Lab Report",
                                "%s still active after a quiz or exam Event's flip (README 11)" % t.ident)

    def flip_window(self, event, answers):
        """The window as the round's Event is flipped, before it strikes
        anyone: each player may answer with his own Doctor's Note, which
        makes him immune to it (README 10, 11)."""
        self.expect(base(event) == self.event and not self.flip_answered,
                    "a window before the Event %s, not the one just flipped or again" % event)
        self.expect(len(self.strikes) == self.n, "a window before the Event %s after it struck" % event)
        self.flip_answered = True
        for q, a in answers.items():
            self.expect(a in ("Do not respond", "Doctor's Note"),
                        "Player %d answers %s to the Event %s" % (q + 1, a, event))
            if a == "Doctor's Note":
                self.immune.add(q)

    def strike(self, k):
        """The round's Event strikes Player k, in turn, unless his Doctor's
        Note made him immune (README 11, 10)."""
        if k in self.immune:
            return
        ev = self.event
        if ev in ("Mid-Year Exam", "Sports Day", "Rainy Day", "Library Day", "Mock Exam"):
            self.affected.add(k)
        if ev == "Library Day":
            self.event_draw[k] = "task"
        elif ev == "Mock Exam":
            self.event_draw[k] = "school"
        elif ev == "Rainy Day":
            self.rainy_due = k if self.hand(k) > 0 else None
        elif ev == "Fire Drill":
            for t in self.tasks[k].values():
                t.delay += 1
            if self.tasks[k]:
                self.affected.add(k)
        elif ev == "Pop Quiz" and not self.tasks[k]:
            self.pending_loss.append(k)
            self.quizzed.add(k)

    def flush_losses(self):
        """Losses no window answered (README 10: Good Excuse answers one)."""
        for k in self.pending_loss:
            self.lose_event_point(k)
        self.pending_loss = []

    def lose_event_point(self, k):
        """README 11: Pop Quiz affects only a player it takes a point from."""
        if k in self.quizzed:
            self.quizzed.discard(k)
            if self.points[k] > 0:
                self.affected.add(k)
        self.lose(k, 1)

    def lose_window(self, k, answers):
        self.expect(k in self.pending_loss, "a window before Player %d loses points the model does not expect" % (k + 1))
        self.pending_loss.remove(k)
        for q, a in answers.items():
            self.expect(a == "Do not respond" or (a == "Good Excuse" and q == k),
                        "Player %d answers %s before Player %d loses points" % (q + 1, a, k + 1))
        if answers.get(k) == "Good Excuse":
            self.quizzed.discard(k)
        else:
            self.lose_event_point(k)

    def reveal(self, answers):
        """A Sabotage turned face up at its target's owner's Dismissal takes
        effect, unless a Hall Pass answers it (README 8, 10)."""
        sab, ident, placer = self.pending_reveal
        self.pending_reveal = None
        t = self.task(ident)
        p = t.owner
        for q, a in answers.items():
            self.expect(a == "Do not respond" or (a == "Hall Pass" and q == p),
                        "Player %d answers %s to a Sabotage on Player %d's Task" % (q + 1, a, p + 1))
        if answers.get(p) == "Hall Pass":
            self.cancelled.append((base(sab), ident))
            return
        nm = base(sab)
        t.stuck.append(nm)
        if nm == "Lost Homework":
            t.delay += 1
        elif nm == "Borrowed Notes":
            self.pending_loss.append(p)
            self.gain(placer, 1)
        elif nm == "Shredded Draft":
            self.shred_due = ident

    # -- the transcript's lines -----------------------------------------------
    def seat(self, s):
        m = SEAT.match(s)
        return int(m.group(1)) - 1 if m else None

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def zone(s):
        """A zone as the transcript names it -> the model's key."""
        m = SEAT_ZONE.match(s)
        if m:
            return "%s%d" % (m.group(1), int(m.group(2)) - 1)
        return s

    def on_move(self, name, src, dst):
        s, d = self.zone(src), self.zone(dst)
        if s.endswith("_deck") and d != s:
            self.refill(s)
        if s == "task_deck" and d in ("event_deck", "school_deck"):
            self.expect(self.round == 0 and not self.started, "a card moved between decks after set-up")
        if d == "aside":
            self.expect(self.round == 0 and CARDS[base(name)]["type"] == "helping",
                        "%s put aside; only a Helping card drawn for a starter is (README 2)" % name)
        self.move(name, s, d)
        if s.endswith("_deck") and d.startswith("hand"):
            self.on_draw(name, s, int(d[4:]))
        elif s == "task_deck" and d.startswith("tasks"):
            self.on_starter(name, int(d[5:]))
        elif s.startswith("hand") and d.startswith("tasks"):
            self.on_task_played(name, int(s[4:]))
        elif s.startswith("hand") and d.startswith("facedown["):
            self.on_sabotage(name, int(s[4:]), d[9:-1])
        elif s.startswith("facedown[") and d.startswith("stuck["):
            self.dismissal_begins()
            t = self.task(s[9:-1])
            names = [x for x, _ in t.facedown]
            self.expect(base(name) in names, "%s revealed, never played on %s" % (name, t.ident))
            placer = t.facedown.pop(names.index(base(name)))[1]
            if t.shielded or t.owner in self.group:   # README 15: no effect, no window
                self.cancelled.append((base(name), t.ident))
            else:
                self.pending_reveal = (name, t.ident, placer)
        elif s.startswith("tasks") and d.startswith("done"):
            self.on_scored(name, int(s[5:]))
        elif s.startswith("tasks") and d == "task_discard":
            self.on_task_lost(name, int(s[5:]))
        elif s.startswith(("stuck[", "facedown[")) and d == "school_discard":
            ident = s[s.index("[") + 1:-1]
            gone = all(ident not in ts for ts in self.tasks)
            self.expect(gone or (base(name), ident) in self.cancelled,
                        "%s dropped from %s, which is still active" % (name, ident))
        elif s.startswith("hand") and d.endswith("_discard"):
            self.on_discard(name, int(s[4:]), d)
        elif s == "event_deck" and d == "current":
            self.expect(self.started, "an Event flipped before the game began")
            self.start_round(name)
        elif s == "current":
            self.expect(d == "event_discard", "the Event went to %s" % d)

    def refill(self, deck):
        """README: a deck that runs out is rebuilt from its discard pile."""
        if self.sizes[deck] > 0:
            return
        pile = deck.replace("_deck", "_discard")
        for (z, nm), c in list(self.zones.items()):
            if z == pile and c:
                self.zones[(deck, nm)] += c
                self.zones[(z, nm)] = 0
                self.sizes[deck] += c
                self.sizes[z] -= c

    def on_draw(self, name, deck, p):
        kind = deck[:-5]
        self.expect(deck_of(name) == kind, "%s drawn from the %s deck" % (name, kind))
        if self.round == 0:
            if not self.started and kind == "school":
                self.expect(self.hand(p) <= START_HAND, "Player %d's starting hand passes %d" % (p + 1, START_HAND))
                return
            if not self.started:
                self.begin(p)
        self.strikes_upto(p)
        if self.event_draw and self.event_draw[p] == kind:
            self.event_draw[p] = None
            return
        self.expect(self.morning < self.n, "a draw outside Morning (%s to Player %d)" % (name, p + 1))
        self.expect(p == self.morning and kind == self.stage,
                    "Morning: Player %d draws a %s card; the model expected Player %d's %s draw" %
                    (p + 1, kind, self.morning + 1, self.stage))
        if kind == "task" and self.hand(p) < SKIP_SCHOOL_AT:  # README 3 (a)
            self.stage = "school"
        else:
            self.morning, self.stage = self.morning + 1, "task"

    def begin(self, drawer):
        """Set-up is over: round 1's Morning (README 2); drawer has just drawn."""
        for p in range(self.n):
            self.expect(self.hand(p) - (p == drawer) == START_HAND, "Player %d starts with %d cards" % (p + 1, self.hand(p)))
            self.expect(len(self.tasks[p]) == 1, "Player %d has no starter" % (p + 1))
        self.expect(not any(c for (z, _), c in self.zones.items() if z == "aside"),
                    "cards put aside at set-up were not shuffled back")
        self.started, self.round, self.morning, self.stage = True, 1, 0, "task"
        self.in_play, self.passed, self.play_closed = -1, False, False
        self.event_draw = [None] * self.n

    def on_starter(self, name, p):
        self.expect(self.round == 0 and not self.started and not self.tasks[p],
                    "%s placed as a starter out of set-up" % name)
        self.expect(CARDS[base(name)]["type"] == "task", "%s is not a Task" % name)
        self.tasks[p][name] = Task(name, p, 0)

    def on_task_played(self, name, p):
        self.expect(CARDS[base(name)]["type"] == "task", "%s played as a Task" % name)
        lmc = self.lmc_due == p
        self.expect(self.playing == (p, base(name)) or lmc, "%s put into play unasked" % name)
        self.playing = None
        self.lmc_due = None
        t = Task(name, p, self.round)
        t.bonus = self.lmc_bonus if lmc else 0
        if not self.played_task[p]:
            t.first, self.played_task[p] = True, True
        self.tasks[p][name] = t
        self.expect(len(self.tasks[p]) <= MAX_ACTIVE, "Player %d has %d active Tasks" % (p + 1, len(self.tasks[p])))
        if base(name) == "Submit Science Lab Report" and self.quiz():
            self.lab_due = name

    def quiz(self):
        return self.event is not None and any(w in self.event.lower() for w in QUIZ_WORDS)

    def on_sabotage(self, name, p, ident):
        self.expect(self.playing == (p, base(name)), "%s placed unasked" % name)
        self.playing = None
        t = self.task(ident)
        self.expect(t.owner == self.target and t.owner != p,
                    "%s placed on %s, not on the chosen opponent's Task" % (name, ident))
        t.facedown.append((base(name), p))

    def on_scored(self, name, p):
        t = self.tasks[p].get(name)
        self.expect(t is not None, "%s scored, not an active Task of Player %d" % (name, p + 1))
        lab = base(name) == "Submit Science Lab Report" and self.quiz() and self.round <= ROUNDS
        if lab:
            # At a quiz or exam Event's flip the Event strikes every player
            # first, then the Lab Reports score: the flip's own effect
            # resolves "immediately for the whole table" (README 11).
            self.strikes_upto(self.n)
        self.expect(lab or (self.round <= ROUNDS and t.complete_at(self.round)),
                    "%s scored before it is complete (due at round %d, now %d)" % (name, t.due(), self.round))
        if self.lab_due == name:
            self.lab_due = None
        if not lab:
            self.dismissal_begins()
        self.score(t)

    def on_task_lost(self, name, p):
        self.expect(name in self.tasks[p], "%s discarded, not active" % name)
        self.expect(self.replacing == name or self.shred_due == name,
                    "%s discarded with no replacement and no Shredded Draft" % name)
        if self.replacing == name:
            self.lmc_bonus = self.tasks[p][name].bonus // 2
        self.replacing = self.shred_due = None
        del self.tasks[p][name]

    def on_discard(self, name, p, pile):
        self.expect(pile == deck_of(name) + "_discard", "%s discarded to %s" % (name, pile))
        if self.escapes_due and CARDS[base(name)]["type"] == "escape":
            self.escapes_due -= 1
            return
        why = self.discarding
        self.discarding = None
        if why in ("played", "rainy", "limit"):
            return
        self.fail("%s left Player %d's hand unasked" % (name, p + 1))

    def on_choice(self, p, label, question):
        self.expect(self.lab_due is None,
                    "%s played in a quiz or exam round did not score at once (README 11)" % self.lab_due)
        if question == "Play a card?":
            self.on_play(p, label)
        elif question == "Sabotage which Task?":
            self.fail("a Sabotage's target without its owner: %s" % label)
        elif question == "Replace which Task? It scores 0.":
            self.expect(label in self.tasks[p] and len(self.tasks[p]) == MAX_ACTIVE,
                        "Player %d replaces %s" % (p + 1, label))
            self.replacing = label
        elif question == "Score which Task next?":
            self.dismissal_begins()
            self.expect(label in self.tasks[p] and self.tasks[p][label].complete_at(self.round),
                        "%s offered for scoring, not complete" % label)
        elif question == "Let a Task sit one more round for more points?":
            self.dismissal_begins()
            if label != "No":
                t = self.tasks[p].get(label)
                self.expect(t is not None and base(label) in MAY_SIT and not t.sat and t.complete_at(self.round),
                            "%s let sit" % label)
                t.sat = True
        elif question.startswith("Rainy Day: "):
            self.strikes_upto(p)
            self.expect(self.rainy_due == p, "Player %d discards for Rainy Day" % (p + 1))
            self.rainy_due, self.discarding = None, "rainy"
        elif question.startswith("Discard down to 6"):
            self.dismissal_begins()
            self.expect(self.hand(p) > HAND_LIMIT, "Player %d discards down to 6 holding %d" % (p + 1, self.hand(p)))
            self.discarding = "limit"
        elif not self.on_helping_choice(p, label, question):
            self.fail("a question the model does not know: %s" % question)

    def on_target(self, p, ident, owner):
        """A Sabotage's target: one opponent's active Task (README 8)."""
        self.expect(owner != p and 0 <= owner < self.n and ident in self.tasks[owner],
                    "a Sabotage aimed at %s of Player %d: not an opponent's active Task" % (ident, owner + 1))
        self.target = owner

    def on_helping_choice(self, p, label, question):
        """The questions of a Helping card played (README 12, 15); False for
        a question of none."""
        if question.startswith("Extra Practice: "):
            self.own_task(p, label).bonus += 1
        elif question.startswith("Quiet Corner: "):
            self.own_task(p, label).shielded = True
        elif question.startswith("Head Start: "):
            self.own_task(p, label).delay -= 1
        elif question == "Group Study with whom?":
            self.partner = self.seat(label)
            self.expect(self.partner not in (None, p), "Group Study with %s" % label)
            self.group_asker = p
        elif question.startswith("Group Study with Player"):
            self.expect(p == self.partner, "Player %d answers another's Group Study" % (p + 1))
            if label == "yes":
                self.group |= {p, self.group_asker}
        elif question.startswith("Last-Minute Change: replace"):
            self.own_task(p, label)
            self.replacing = label
        elif question.startswith("Last-Minute Change: which"):
            self.expect(self.zones[("hand%d" % p, base(label))] > 0 and CARDS[base(label)]["type"] == "task",
                        "%s brought in by Last-Minute Change" % label)
            self.lmc_due = p
        elif question.startswith("Put the next Event"):
            pass
        else:
            return False
        return True

    def own_task(self, p, label):
        t = self.tasks[p].get(label)
        self.expect(t is not None, "%s is not an active Task of Player %d" % (label, p + 1))
        return t

    def limit(self, p):
        """README 4: 2 cards, 1 in a Mid-Year Exam round (README 11)."""
        return 1 if self.event == "Mid-Year Exam" and p not in self.immune else MAX_PLAYS

    def play_finished(self):
        """Has the player whose Play phase runs passed or played his last card?"""
        p = self.in_play
        return p < 0 or self.passed or self.played[p] >= self.limit(p)

    def dismissal_begins(self):
        """README 4, 9: every player's Play phase, in seat order, each to
        its Pass or its last card, before the first Dismissal."""
        if self.play_closed or not 1 <= self.round <= ROUNDS:
            return
        self.play_closed = True
        self.expect(self.in_play == self.n - 1 and self.play_finished(),
                    "Dismissal before the Play phases ended (Player %d's last, %s)" %
                    (self.in_play + 1, "over" if self.play_finished() else "not over"))

    def on_play(self, p, label):
        """A card played in the Play phase (README 4, 15)."""
        self.end_of_morning()
        if p != self.in_play:
            self.expect(not self.play_closed and p == self.in_play + 1 and self.play_finished(),
                        "Player %d's Play phase, after Player %d's%s" %
                        (p + 1, self.in_play + 1, "" if self.play_finished() else ", not over"))
            self.in_play, self.passed = p, False
        if label == "Pass":
            self.passed = True
            return
        nm = base(label)
        self.expect(self.zones[("hand%d" % p, nm)] > 0, "Player %d plays %s, not in his hand" % (p + 1, nm))
        limit = self.limit(p)
        self.expect(self.played[p] < limit, "Player %d plays a card beyond %d" % (p + 1, limit))
        self.played[p] += 1
        kind = CARDS[nm]["type"]
        self.expect(kind in ("task", "helping", "sabotage"), "%s played in the Play phase" % nm)
        if kind == "task":
            self.expect(not self.actioned[p], "Player %d plays a Task after an Action" % (p + 1))
            self.playing = (p, nm)
            return
        self.actioned[p] = True
        if kind == "sabotage":
            self.expect(not (self.event == "Sports Day" and p not in self.immune), "a Sabotage on Sports Day")
            self.playing = (p, nm)
            return
        self.discarding = "played"
        if nm == "Tuition Class":
            self.expect(not self.tuition[p] and self.leader() - self.points[p] >= TUITION_BEHIND,
                        "Player %d plays Tuition Class with %d points, the leader %d%s" %
                        (p + 1, self.points[p], self.leader(), ", again" if self.tuition[p] else ""))
            self.tuition[p] = True
            self.gain(p, TUITION_GAIN)

    def on_window(self, kind, args, answers, asked=None):
        if kind == "lose_points":
            self.strikes_upto(self.seat(args[0]))
        if kind == "hits":
            self.expect(self.pending_reveal is not None and self.pending_reveal[:2] == tuple(args[:2]),
                        "a window before a Sabotage the model did not reveal")
        self.check_window_offers(kind, args, answers, asked)
        self.escapes_due += sum(a != "Do not respond" for a in answers.values())
        if kind == "strikes":
            self.flip_window(args[0], answers)
        elif kind == "hits":
            self.reveal(answers)
        elif kind == "lose_points":
            self.lose_window(self.seat(args[0]), answers)
        elif kind == "lose_task":
            t = self.task(args[0])
            self.expect(self.shred_due == t.ident, "a window before %s is lost, unexpected" % t.ident)
            for q, a in answers.items():
                self.expect(a == "Do not respond" or (a == "Backup Copy" and q == t.owner),
                            "Player %d answers %s before %s is lost" % (q + 1, a, t.ident))
            if answers.get(t.owner) == "Backup Copy":
                self.shred_due = None
        else:
            self.fail("a window the model does not know: %s" % kind)

    # -- the options a decision offers ------------------------------------------
    # Every decision's legal options by the model: a set of labels, or for a
    # choice among hand cards (whose copy numbers the transcript never
    # names), a count of names: a Task once a copy, any other card once.
    def hand_names(self, p, keep=lambda nm: True):
        got = Counter()
        for nm, c in self.hands[p].items():
            if c and keep(nm):
                got[nm] = c if CARDS[nm]["type"] == "task" else 1
        return got

    def legal(self, p, question):
        """(options, by_name) of p's decision on question: by_name when they
        are hand cards, compared by name; None for a question unknown."""
        tasks = set(self.tasks[p])
        if question == "Play a card?":
            self.end_of_morning()
            return self.playable(p), True
        if question == "Sabotage which Task?":   # README 8: opponents' active Tasks
            return {"%s (Player %d)" % (i, q + 1) for q in range(self.n) if q != p
                    for i in self.tasks[q]}, False
        if question == "Replace which Task? It scores 0.":   # README 5
            self.expect(self.playing is not None and self.playing[0] == p and len(tasks) == MAX_ACTIVE,
                        "Player %d asked to replace a Task, playing none with %d active" % (p + 1, len(tasks)))
            return tasks, False
        if question == "Score which Task next?":        # README 6, 9
            return {i for i in tasks if self.round <= ROUNDS and self.tasks[p][i].complete_at(self.round)}, False
        if question == "Let a Task sit one more round for more points?":
            # README 6: once, for the larger payout; none after round 5's
            # Dismissal, where a Task let sit never scores.
            sit = {i for i in tasks if base(i) in MAY_SIT and not self.tasks[p][i].sat and
                   self.round < ROUNDS and self.tasks[p][i].complete_at(self.round)}
            return (sit | {"No"} if sit else set()), False
        if question.startswith("Rainy Day: ") or question.startswith("Discard down to 6"):
            if question.startswith("Rainy Day: "):
                self.strikes_upto(p)
            return self.hand_names(p), True
        if question.startswith(("Extra Practice: ", "Quiet Corner: ", "Last-Minute Change: replace")):
            return tasks, False
        if question.startswith("Head Start: "):      # README 6: never below its round
            return self.speedable(p), False
        if question == "Group Study with whom?":
            return {"Player %d" % (q + 1) for q in range(self.n) if q != p}, False
        if question.startswith("Last-Minute Change: which"):   # README 12
            return self.hand_names(p, lambda nm: CARDS[nm]["type"] == "task"), True
        if question.startswith("Group Study with Player") or question.startswith("Put the next Event"):
            return {"yes", "no"}, False
        return None, False

    def speedable(self, p):
        return {i for i, t in self.tasks[p].items() if t.due() > t.played}

    def playable(self, p):
        """README 4, 8, 12, 15: the cards p may play now, and Pass."""
        limit = self.limit(p)
        self.expect(self.played[p] < limit, "Play a card? asked of Player %d after his %d card%s" %
                    (p + 1, limit, "s" if limit > 1 else ""))
        victims = any(self.tasks[q] for q in range(self.n) if q != p)
        sports = self.event == "Sports Day" and p not in self.immune
        events = self.sizes["event_deck"] + self.sizes["event_discard"] > 0

        def ok(nm):
            kind = CARDS[nm]["type"]
            if kind == "task":
                return not self.actioned[p]
            if kind == "sabotage":      # never on a player with no active Task
                return victims and not sports
            if kind != "helping":
                return False
            if nm == "Tuition Class":
                return not self.tuition[p] and self.leader() - self.points[p] >= TUITION_BEHIND
            if nm in ("Extra Practice", "Quiet Corner"):
                return bool(self.tasks[p])
            if nm == "Head Start":
                return bool(self.speedable(p))
            if nm == "Last-Minute Change":
                return bool(self.tasks[p]) and bool(self.hand_names(p, lambda x: CARDS[x]["type"] == "task"))
            if nm == "Check School Calendar":
                return events
            return True                 # Group Study: there is always another player
        got = self.hand_names(p, ok)
        got["Pass"] = 1
        return got

    def check_offer(self, p, question, label, offered, every):
        """The decision's options against the model's: offered (the labels
        listed) must be exactly the legal ones; a decision shown with no
        list (every: the transcript lists every decision of two options or
        more) must have label as its one legal option; otherwise label
        must be legal."""
        want, by_name = self.legal(p, question)
        if want is None:
            self.fail("a question the model does not know: %s" % question)

        def named(labels):
            got = Counter()
            for lb in labels:
                nm = base(lb) if by_name else lb
                if by_name and nm in CARDS and (CARDS[nm]["type"] == "task") != (nm != lb):
                    self.fail("option %s: a Task in hand is labelled with its copy, any other card not" % lb)
                got[nm] += 1
            return got if by_name else set(got)
        if offered is not None:
            self.expect(len(set(offered)) == len(offered), "options offered twice: %s" % offered)
            got = named(offered)
            if got != want:
                more, less = sorted(got - want), sorted(want - got)
                self.fail("Player %d offered %s (%s); the model's options %s: %s%s" %
                          (p + 1, sorted(offered), question, sorted(want),
                           "offered but not legal %s" % more if more else "",
                           "%slegal but not offered %s" % ("; " if more else "", less) if less else ""))
        elif every:
            self.expect(named([label]) == want,
                        "Player %d given %s unasked (%s); the model's options %s" % (p + 1, label, question, sorted(want)))
        else:
            self.expect(not named([label]) - want,
                        "Player %d chooses %s (%s); the model's options %s" % (p + 1, label, question, sorted(want)))

    def escape_for(self, kind, args):
        """README 10: the Escape card that answers a window, and the one
        player it may protect (None: every player holding it)."""
        if kind == "strikes":
            return "Doctor's Note", None
        if kind == "hits":
            return "Hall Pass", self.task(args[1]).owner
        if kind == "lose_points":
            return "Good Excuse", self.seat(args[0])
        if kind == "lose_task":
            return "Backup Copy", self.task(args[0]).owner
        self.fail("a window the model does not know: %s" % kind)

    def check_window_offers(self, kind, args, answers, asked):
        """Who may answer a window and with what: asked (seat -> the labels
        listed), or None where the transcript does not list them."""
        card, only = self.escape_for(kind, args)
        may = {q for q in range(self.n) if (only is None or q == only) and self.zones[("hand%d" % q, card)] > 0}
        if kind == "lose_points" and self.points[only] == 0:
            may = set()     # README 8, 10: a player with 0 points loses none, nothing to excuse
        if asked is not None:
            self.check_asked(kind, args, asked, card, only, may)
        for q, a in answers.items():
            self.expect(a == "Do not respond" or (a == card and q in may),
                        "Player %d answers %s before %s (%s)" % (q + 1, a, kind, ", ".join(args)))

    def check_asked(self, kind, args, asked, card, only, may):
        """The players a window asked, and what: every player who may
        answer with card, and no other; each offered it and the decline."""
        self.expect(set(asked) == may, "before %s (%s) Players %s asked; the model's %s (those holding %s%s)" %
                    (kind, ", ".join(args), sorted(q + 1 for q in asked), sorted(q + 1 for q in may), card,
                     "" if only is None else ", Player %d's to play" % (only + 1)))
        for q, labels in asked.items():
            self.expect(sorted(labels) == sorted([card, "Do not respond"]),
                        "Player %d offered %s before %s; the model's options %s" %
                        (q + 1, labels, kind, sorted([card, "Do not respond"])))

    # -- the end ----------------------------------------------------------------
    def winners(self):
        """README 16: points, then Tasks scored, then the latest scoring."""
        key = [(self.points[p], self.done[p], self.last[p]) for p in range(self.n)]
        best = max(key)
        return {p for p in range(self.n) if key[p] == best}

    def finish(self, scores, winners):
        self.strikes_upto(self.n)      # the last Event, flipped after round 5
        self.flush_losses()
        self.expect(self.flips == ROUNDS and self.round == ROUNDS + 1,
                    "the game ended after %d Event flips" % self.flips)
        self.expect(scores == self.points, "final scores %s; the model's %s" % (scores, self.points))
        self.expect(winners == self.winners(),
                    "winners %s; the model's %s (points, Tasks scored, latest scoring: %s)" %
                    (sorted(w + 1 for w in winners), sorted(w + 1 for w in self.winners()),
                     [(self.points[p], self.done[p], self.last[p]) for p in range(self.n)]))


def new_model(players, seed):
    m = Model(players, seed)
    for nm, c in CARDS.items():
        m.zones[("task_deck", nm)] += c["count"]
        m.sizes["task_deck"] += c["count"]
    m.started, m.morning, m.stage, m.event_draw = False, players, "task", None
    m.pending_loss, m.cancelled = [], []
    m.playing = m.target = m.replacing = m.shred_due = m.lmc_due = m.lab_due = None
    m.lmc_bonus, m.discarding, m.rainy_due, m.pending_reveal = 0, None, None, None
    m.partner = m.group_asker = None
    m.strikes, m.quizzed = [], set()
    m.flip_answered, m.escapes_due = False, 0
    return m


MOVE = re.compile(r"^  (.+?): (.+) -> (.+)$")
# A Sabotage's target, labelled with its owner: "Read Library Book #2 (Player 2)".
TARGET = re.compile(r"^Player (\d+) chooses: (.+) \(Player (\d+)\) \(Sabotage which Task\?\)$")
CHOICE = re.compile(r"^Player (\d+) chooses: (.+?) \((.+)\)$")
WINDOW = re.compile(r"^Responses before (\w+) \((.+?)\)(?:, by Player \d+)?: (.*)$")
ANSWER = re.compile(r"^Player (\d+): (.+?) \(.*\)$")
HEADER = re.compile(r"^LAST MINUTE!: (\d+) players \((.*)\), seed (\d+)$")
SCORE = re.compile(r"^  Player (\d+): (\d+)(  \(winner\))?$")
# A human seat's decision (docs/RUNTIME.md, "At the terminal"): the table
# it sees, from "--- what Player N sees", then its question, a window's
# "(before ...)" line, the options numbered from 1, and the answer echoed.
TABLE = "--- what Player "
ASKED = re.compile(r"^Player (\d+): (.+)$")
OPTION = re.compile(r"^  (\d+)\) (.*)$")
OPTION_BYTES = re.compile(rb"^  \d+\) ")


class Menu:
    """One decision a human seat was asked, read line by line."""

    def __init__(self):
        self.player = self.question = None
        self.labels, self.window, self.answer = [], False, None

    def read(self, m, line):
        """Takes one line of the decision; True once its answer is read."""
        if self.question is None:      # numbered() left out the table
            a = ASKED.match(line)
            m.expect(a is not None, "a decision without its question")
            q = a.group(2)
            self.player, self.question = int(a.group(1)) - 1, q[:q.rindex(" (during ")] if " (during " in q else q
            return False
        o = OPTION.match(line)
        if o:
            m.expect(int(o.group(1)) == len(self.labels) + 1, "options numbered out of order")
            self.labels.append(o.group(2))
        elif line.startswith("  (before "):
            self.window = True
        elif line.startswith("> "):
            k = line[2:].strip()
            m.expect(k.isdigit() and 1 <= int(k) <= len(self.labels) and len(self.labels) >= 2,
                     "answer %s to %d options" % (k, len(self.labels)))
            self.answer = self.labels[int(k) - 1]
            return True
        else:
            m.fail("a line of a decision the model does not read")
        return False


class Reader:
    """Reads one game's transcript line by line into a Model: a
    --reveal-all transcript of random seats (every choice, not its
    options) or of human seats (every decision of two options or more
    with its options listed: those are checked too)."""

    def __init__(self):
        self.m, self.scores, self.winners, self.over = None, {}, set(), False
        self.menu = None            # a human seat's decision being read
        self.offered = None         # its (player, question, labels, answer)
        self.asked = {}             # seat -> labels, in a window not yet answered
        self.every = False          # every seat human: options listed
        self.counts = Counter()     # option lists checked: menus, single, windows

    def line(self, no, line):
        m = self.m
        if m:
            m.line_no, m.text = no, line
        if self.menu:
            if self.menu.read(m, line):
                d, self.menu = self.menu, None
                if d.window:
                    self.asked[d.player] = d.labels
                else:
                    self.offered = (d.player, d.question, d.labels, d.answer)
            return
        if not line.strip():
            return
        if line.startswith(TABLE) and m:
            m.expect(self.offered is None, "a decision's answer not shown")
            self.menu = Menu()
            return
        if m:
            if m.pending_reveal and not line.startswith("Responses before hits"):
                m.reveal({})
            if not line.startswith("Responses before lose_points"):
                m.flush_losses()
        h = HEADER.match(line)
        if h:
            self.m = new_model(int(h.group(1)), h.group(3))
            self.every = all(x.endswith(" human") for x in h.group(2).split(", "))
            return
        if m is None:
            return
        if line.startswith("=== game over"):
            self.over = True
            return
        s = SCORE.match(line) if self.over else None
        if s:
            self.scores[int(s.group(1)) - 1] = int(s.group(2))
            if s.group(3):
                self.winners.add(int(s.group(1)) - 1)
            return
        mv = MOVE.match(line)
        if mv and not self.over:
            m.on_move(*mv.groups())
            return
        c = TARGET.match(line)
        if c:
            p = int(c.group(1)) - 1
            self.choice(p, "%s (Player %s)" % (c.group(2), c.group(3)), "Sabotage which Task?")
            m.on_target(p, c.group(2), int(c.group(3)) - 1)
            return
        c = CHOICE.match(line)
        if c:
            p = int(c.group(1)) - 1
            self.choice(p, c.group(2), c.group(3))
            m.on_choice(p, c.group(2), c.group(3))
            return
        w = WINDOW.match(line)
        if w:
            answers = {}
            for part in w.group(3).split("; "):
                a = ANSWER.match(part)
                m.expect(a is not None, "a window's answer unread: %s" % part)
                answers[int(a.group(1)) - 1] = a.group(2)
            asked = self.asked if self.every else None
            self.counts["windows"] += 1
            self.asked = {}
            m.on_window(w.group(1), [x.strip() for x in w.group(2).split(",")], answers, asked)
            return
        if line.startswith("  Shown to ") or line.startswith("Winner") or not line.strip() or \
                line.startswith("Type help at a prompt"):
            return
        m.fail("a line the model does not read")

    def choice(self, p, label, question):
        """A choice: its options (listed before it, or not) checked."""
        m, offered = self.m, None
        if self.offered:
            op, oq, labels, answer = self.offered
            self.offered = None
            m.expect((op, oq, answer) == (p, question, label),
                     "Player %d chooses %s (%s), not what Player %d answered to %s (%s)" %
                     (p + 1, label, question, op + 1, answer, oq))
            offered = labels
        self.counts["menus" if offered else "single" if self.every else "answers"] += 1
        m.check_offer(p, question, label, offered, self.every)

    def end(self):
        m = self.m
        if m is None:
            raise Disagreement("no game in the transcript")
        m.expect(self.over, "the game did not end")
        m.expect(self.menu is None and self.offered is None and not self.asked, "a decision left unanswered")
        m.finish([self.scores.get(p) for p in range(m.n)], self.winners)
        return m


# A human seat's table: its first line, then every line up to its question.
TABLE_BODY = re.compile(r"^(--- what Player .*)\n(?:(?!Player )[^\n]*\n)*", re.M)


def numbered(text):
    """(number, line) of a transcript's lines, but the lines of a human
    seat's table after its first (what it sees), which the model does not
    read: left out by a regular expression, for speed."""
    no, pos = 0, 0
    text = unlabelled(text)
    for t in TABLE_BODY.finditer(text):
        for line in text[pos:t.start()].split("\n")[:-1]:
            no += 1
            yield no, line
        yield no + 1, t.group(1)
        no += t.group(0).count("\n")
        pos = t.end()
    rest = text[pos:]
    for line in (rest[:-1] if rest.endswith("\n") else rest).split("\n"):
        no += 1
        yield no, line


def check_lines(text):
    """Checks one game's transcript; raises Disagreement."""
    r = Reader()
    for no, line in numbered(text):
        r.line(no, line.rstrip("\r"))
    m = r.end()
    m.counts = r.counts
    return m


def run_game(binary, players, seed):
    seats = ",".join(["random"] * players)
    r = subprocess.run([binary, "play", "--players", str(players), "--seats", seats,
                        "--seed", str(seed), "--reveal-all"], capture_output=True, text=True)
    return r.stdout, r.returncode, r.stderr


def play_live(binary, players, seed):
    """A game of human seats, every one answered here, uniformly at random
    (seeded by the game's seed): the transcript lists the options of every
    decision of two or more. Returns its text, exit status and stderr."""
    rng = random.Random(seed)
    g = subprocess.Popen([binary, "play", "--players", str(players), "--seats", ",".join(["human"] * players),
                          "--seed", str(seed), "--reveal-all"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    fd, out, tail = g.stdout.fileno(), [], b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        out.append(chunk)
        tail = (tail + chunk)[-4096:]
        if tail.endswith(b"\n> "):     # a question: count its numbered options
            k, lines = 0, tail.split(b"\n")[-2::-1]
            while k < len(lines) and OPTION_BYTES.match(lines[k]):
                k += 1
            try:
                g.stdin.write(b"%d\n" % rng.randint(1, max(k, 1)))
            except BrokenPipeError:
                break
    g.stdin.close()
    err = g.stderr.read().decode()
    g.wait()
    return b"".join(out).decode(), g.returncode, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--transcript", action="append", default=[])
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "bin", "last-minute"))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--record")
    ap.add_argument("--live", action="store_true",
                    help="human seats answered by the checker: every option list is checked")
    a = ap.parse_args()
    failed, games, counts = 0, 0, Counter()
    sources = [(path, open(path).read()) for path in a.transcript]
    if not sources:
        sources = ((None, s) for s in range(a.seed, a.seed + a.games))
    for path, what in sources:
        text, rc, err = (what, 0, "") if path else (play_live if a.live else run_game)(a.binary, a.players, what)
        if a.record:
            open(a.record, "w").write(text)
        try:
            m = check_lines(text)
            games += 1
            counts["scored"] += sum(m.done)
            counts["points"] += sum(m.points)
            counts.update(m.counts)
        except Disagreement as e:
            failed += 1
            print(e)
            if failed >= 5:
                break
            continue    # a disagreement first, if the game went wrong after it
        if rc != 0:
            print("seed %d: the game exited %d: %s" % (what, rc, err.strip()), file=sys.stderr)
            return 2
    print("checker: %d games agree, %d disagree (%d Tasks scored, %d points; options checked: "
          "%d lists, %d decisions of one, %d windows, %d answers)" %
          (games, failed, counts["scored"], counts["points"], counts["menus"], counts["single"],
           counts["windows"], counts["answers"]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
