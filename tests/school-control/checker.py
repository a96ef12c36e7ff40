#!/usr/bin/env python3
"""School Control transcript checker, written independently of game.rules.

This is a second implementation of School Control's rules, in Python (standard
library only), written from the rulebook's text and the readings that
decks/school-control/README.md gives of every ambiguous sentence (the section
numbers below, "README 8", are that page's Interpretations). It does not
translate decks/school-control/game.rules nor the `effect:` code of
cards.yaml: from cards.yaml it reads only the card list (names, types,
counts, attributes). It keeps its own model of the table and checks a game
played by build/bin/school-control against it, step by step:

- every card move the game reports is one the rules allow at that point
  (draws from the deck, plays, Students placed or moved, destructions, the
  discards of Detention, Work Experience, a destroyed Location, a player out);
- every decision is asked of the right player, and its options are exactly
  the legal ones by the model (a decision with a single legal option is not
  asked: the game takes it, and so does the model; a reaction window asks
  only a seat with a Long Walk, the others decline unasked, and none opens
  while both Long Walks lie in the discard pile);
- the cards everywhere on the table match the model (the decision's view:
  the centre, the Students under each Location, every desk, the deciding
  player's hand, every hand's size, the deck's size, the discard pile,
  resolving and gone);
- the end (a win by control, the last player left, a draw when every
  Location is destroyed, when no player can act any more, or after 1,000
  rounds) is the one the model reaches.

What is random and cannot be derived is read from the transcript: the card
each draw brings (the model checks that the deck holds it) and the outcome of
the 50% protections (a Location covered by none must be destroyed).

It reads a game in either of two forms (docs/RUNTIME.md):

- --terminal: the --reveal-all transcript of `play --seats random,...`, the
  game's own random players: every move by name, every choice (its label
  and, beside it, its question; the options are not printed), a window's
  answers (each beside its seat's question), the end. Fast: the game runs by itself, the checker reads its output.
- --live: the JSON protocol with every seat a json seat, the checker
  answering from its own seeded policies (POLICIES): every decision with
  its prompt, its options and the view, where every card is. Slower (a
  round trip per decision), and the only form whose options are checked.

Either can be kept (--record) and checked again offline (--transcript for a
terminal transcript, --replay for a recorded JSON session, which holds the
game's lines and, after each decision, the checker's answer {"answer":ID}).

    checker.py --terminal|--live [--players N] [--seed S] [--games K]
               [--policy P] [--record FILE] [--binary B] [--stats]
    checker.py --transcript FILE | --replay FILE

Exit status 0: the game and the model agree. 1: they disagree; the seed, the
transcript line, what the game did and what the model expected are printed.
2: bad usage or a game that did not run.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CARDS_YAML = os.path.join(ROOT, "decks", "school-control", "cards.yaml")

ROUND_LIMIT = 1000        # README 12
HAND_SIZE = 7             # README 1
PLAYS_PER_TURN = 2        # rulebook, README 4
# The game does not offer "Use the Cleaner" while the discard pile is empty.
# README 14 does not say so (it reads the Cleaner as usable once a turn); with
# nothing to shuffle in, using it would change nothing on the table, so the
# model follows the game, and says so here.
CLEANER_NEEDS_DISCARD = True


class Disagreement(Exception):
    """The game did something the model does not allow (or vice versa)."""


# ---------------------------------------------------------------------------
# The card list: names, types, counts, attributes (cards.yaml, data only)
# ---------------------------------------------------------------------------

class Card:
    def __init__(self, name):
        self.name = name
        self.type = None
        self.count = 1
        self.kind = None
        self.subject = None
        self.needs = None


def load_cards(path):
    """Read the `cards:` list of cards.yaml: a small reader for its plain
    `key: value` lines (no YAML library in the standard library)."""
    cards, cur, in_cards = {}, None, False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith("cards:"):
                in_cards = True
                continue
            if in_cards and line and not line.startswith(" ") and not line.startswith("#"):
                in_cards = False
            if not in_cards:
                continue
            s = line.strip()
            if s.startswith("- name:"):
                cur = Card(s[len("- name:"):].strip().strip('"'))
                cards[cur.name] = cur
                continue
            if cur is None or ":" not in s or line.startswith("      "):
                continue
            key, _, val = s.partition(":")
            val = val.strip().strip('"')
            if key == "type":
                cur.type = val
            elif key == "count":
                cur.count = int(val)
            elif key in ("kind", "subject", "needs"):
                setattr(cur, key, val)
    return cards


CARDS = load_cards(CARDS_YAML)
# the deck the README describes: 94 cards, 16 of them Locations, 20 Students
if sum(c.count for c in CARDS.values()) != 94 or \
        sum(c.count for c in CARDS.values() if c.type == "location") != 16 or \
        CARDS.get("Student") is None or CARDS["Student"].count != 20:
    sys.exit("school-control checker: %s is not the 94-card deck the README lists" % CARDS_YAML)
LOCATIONS = [c.name for c in CARDS.values() if c.type == "location"]
# The room of each subject: the Location with that subject (README 8).
ROOM = {c.subject: c.name for c in CARDS.values()
        if c.type == "location" and c.subject not in (None, "none")}
TEACHER = {c.subject: c.name for c in CARDS.values() if c.type == "teacher"}

# The terminal writes after a card's name the values of the attributes the
# rules read ("French Classroom (classroom, french)"): the model reads the names alone.
LABELLED = re.compile(r"(%s)( #[0-9]+)? \([a-z0-9 ,_-]+\)" % "|".join(
    re.escape(n) for n in sorted(CARDS, key=len, reverse=True)))


def unlabelled(text):
    """text without the attributes written after each card's name."""
    return LABELLED.sub(lambda m: m.group(1) + (m.group(2) or ""), text)



def same(cards, counter):
    """The list of names holds exactly the cards of the Counter (which the
    model keeps without zero counts: `+= Counter()` after each decrement).
    dict's own == is much faster than Counter's."""
    return dict.__eq__(Counter(cards), counter)


def plabel(p):
    return "Player %d" % (p + 1)


# ---------------------------------------------------------------------------
# The game's lines: read (live from the binary, or from a recorded file)
# ---------------------------------------------------------------------------

class Stream:
    """The game's JSON lines and the checker's answers, in the order they
    came, kept so that the model can read the game again from the start
    (check_game: the model's one guess, Game.branch). Lines are numbered as
    in a recorded file: line 1 is the file's header, then the game's lines,
    each decision followed by a line {"answer":ID}."""

    def __init__(self, seed, lines=None, proc=None, record=None, rng=None, policy=None):
        self.seed = seed
        self.lines = lines        # replay: an iterator over the file's lines
        self.proc = proc          # live: the game's process
        self.record = record
        self.rng = rng
        self.policy = policy
        self.hist = []            # game lines (dicts) and answers (ints)
        self.pos = 0

    def rewind(self):
        self.pos = 0

    def _read_line(self):
        if self.proc is not None:
            line = self.proc.stdout.readline()
        else:
            line = next(self.lines, "")
        lineno = len(self.hist) + 2
        if not line:
            return {"type": "eof", "_line": lineno, "_text": "(end of the game's output)"}
        if self.record is not None:
            self.record.write(line)
        try:
            obj = json.loads(line)
        except ValueError:
            raise Disagreement("line %d is not JSON: %s" % (lineno, line.strip()))
        if not isinstance(obj, dict) or "type" not in obj:
            raise Disagreement("line %d is not a line of the game: %s" % (lineno, line.strip()))
        obj["_line"] = lineno
        obj["_text"] = line.strip()
        return plain_labels(obj)

    def peek(self):
        if self.pos == len(self.hist):
            if self.hist and isinstance(self.hist[-1], dict) and self.hist[-1]["type"] == "eof":
                return self.hist[-1]
            self.hist.append(self._read_line())
        item = self.hist[self.pos]
        if not isinstance(item, dict):
            raise Disagreement("line %d: an answer where a line of the game was expected" % (self.pos + 2))
        return item

    def next(self):
        obj = self.peek()
        if obj["type"] != "eof":
            self.pos += 1
        return obj

    def drain(self):
        """Play a live game out unchecked (after a disagreement)."""
        while self.proc is not None:
            obj = self.next()
            if obj["type"] == "eof":
                return
            if obj["type"] == "decision":
                self.answer(obj)

    def answer(self, dec):
        """The answer to decision `dec`, which was just read: the one given
        before (a second reading), else the policy's (live) or the recorded
        one (replay). Returns the option's index."""
        n = len(dec["options"])
        if self.pos < len(self.hist):
            idx = self.hist[self.pos]
        elif self.proc is not None:
            idx = self.policy(self.rng, dec, n)
            self.proc.stdin.write('{"choose":%d}\n' % idx)
            self.proc.stdin.flush()
            if self.record is not None:
                self.record.write('{"answer":%d}\n' % idx)
            self.hist.append(idx)
        else:
            line = next(self.lines, "")
            try:
                idx = json.loads(line)["answer"]
            except (ValueError, KeyError, TypeError):
                raise Disagreement("line %d: no recorded answer after the decision of line %d" % (
                    self.pos + 2, dec["_line"]))
            self.hist.append(idx)
        if not isinstance(idx, int) or not 0 <= idx < n:
            raise Disagreement("line %d: answer %r is not an option of line %d" % (
                self.pos + 2, idx, dec["_line"]))
        self.pos += 1
        return idx


COPY_NUMBER = re.compile(r" #[0-9]+")


def plain(text):
    """A label or a card as the model names it: without the copy numbers
    the game gives a copy of a card in play ("Student #7 (under Gym)" is
    "Student (under Gym)"; docs/RUNTIME.md, "Copies in play"). Students
    of one player in one Location stay alike to the model (README 8)."""
    return COPY_NUMBER.sub("", text) if " #" in text else text


def plain_labels(obj):
    """The labels of a protocol line, as plain() names them."""
    for o in obj.get("options", []) + obj.get("responses", []):
        o["label"] = plain(o["label"])
    if obj.get("type") == "chosen":
        obj["label"] = plain(obj["label"])
    return obj


class TerminalStream:
    """A transcript of `play --seats random,... --reveal-all` at the
    terminal, read into the lines of the JSON protocol that it shows: its
    moves, each seat's choice (a decision with its label and its question,
    "Player 1 chooses: German Teacher (Play which card?)", but no options), a
    window's answers (a decision per seat, each with the question it was
    asked, then the responses) and the end. Lines are the transcript's own, from 1."""

    def __init__(self, text, singles=True, questions=True, every_window=False):
        self.hist, self.pos = [], 0
        self.players = self.seed = self.turns = None
        # a decision of one option has its line too; transcripts written
        # before issue 17 (--no-single-lines) have none
        self.singles = singles
        # an answer is followed by its question, " (Play which card?)";
        # transcripts written before (--no-questions) print the label alone
        self.questions = questions
        # every walk opened a window, even with both Long Walks discarded;
        # transcripts written before issue 18 (--every-window)
        self.every_window = every_window
        lines = unlabelled(text).split("\n")
        for i, line in enumerate(lines, 1):
            try:
                self._parse(i, line, lines)
            except (ValueError, IndexError):
                raise Disagreement("line %d: not a line of a School Control transcript: %s" % (i, line))
        self.hist.append({"type": "eof", "_line": len(lines), "_text": "(end of the transcript)"})

    def _add(self, i, line, obj):
        obj["_line"], obj["_text"] = i, line
        self.hist.append(obj)

    def _parse(self, i, line, lines):
        if i == 1:
            # School Control: 2 players (Player 1 random, ...), seed 1
            head, _, seed = line.rpartition(", seed ")
            self.players = int(head.split(": ", 1)[1].split()[0])
            self.seed = int(seed)
            return
        if line.startswith("=== game over after "):
            self.turns = int(line.split()[4])
            return
        if not line or line.startswith("  Player "):
            return
        if line.startswith("  "):
            card, _, rest = line[2:].partition(": ")
            frm, _, to = rest.partition(" -> ")
            self._add(i, line, {"type": "move", "card": plain(card),
                                "from": term_zone(frm), "to": term_zone(to)})
        elif line.startswith("Player ") and " chooses: " in line:
            who, _, label = line.partition(" chooses: ")
            self._add(i, line, {"type": "decision", "player": int(who.split()[1]) - 1,
                                "label": plain(label), "_terminal": True, "_chooses": True})
        elif line.startswith("Responses before "):
            self._responses(i, line)
        elif line.startswith(("Winner: ", "Winners (shared): ", "Draw: ", "No winner.", "Fault: ")):
            self._end(i, line, lines)
        else:
            raise Disagreement("line %d: not a line of a School Control transcript: %s" % (i, line))

    def _responses(self, i, line):
        # Responses before walk (Student, ICT Suite), by Player 2: Player 2: Do not respond
        # (Respond to walk?); ...  (each answer beside the question its seat was asked;
        # transcripts written before, --no-questions, print the answers alone)
        head, _, answers = plain(line).partition("), by ")
        event, _, args = head[len("Responses before "):].partition(" (")
        by, _, answers = answers.partition(": ")
        resp, asked = [], []
        for a in answers.split("; "):
            who, _, label = a.partition(": ")
            if self.questions:
                label, question = split_question(label)
                asked.append(question)
            resp.append({"player": int(who.split()[1]) - 1, "label": label})
        window = {"kind": "react", "event": event, "args": args.split(", "),
                  "by": int(by.split()[1]) - 1, "order": [r["player"] for r in resp]}
        for k, r in enumerate(resp):
            d = {"type": "decision", "player": r["player"], "label": r["label"],
                 "window": window, "_terminal": True}
            if asked:
                d["_asked"] = asked[k]
            self._add(i, line, d)
        self._add(i, line, {"type": "responses", "responses": resp})

    def _end(self, i, line, lines):
        # "  Player 1: 1  (winner)"
        scores = [int(l.split(": ", 1)[1].split()[0]) for l in lines if l.startswith("  Player ")]
        if line.startswith("Winner"):
            names = line.split(": ", 1)[1].split(", ")
            obj = {"result": "win", "winners": [int(x.split()[1]) - 1 for x in names]}
        elif line.startswith("Draw: "):
            obj = {"result": "draw", "winners": []}
        else:
            obj = {"result": "fault" if line.startswith("Fault") else "none", "winners": []}
        obj.update({"type": "end", "scores": scores, "turns": self.turns})
        self._add(i, line, obj)

    def rewind(self):
        self.pos = 0

    def peek(self):
        return self.hist[self.pos]

    def next(self):
        obj = self.hist[self.pos]
        if obj["type"] != "eof":
            self.pos += 1
        return obj

    def drain(self):
        pass


def split_question(text):
    """'Do not respond (Respond to walk?)' -> ('Do not respond', 'Respond to
    walk?'): the question is the last group in parentheses, which may hold
    parentheses of its own; (text, None) when the text ends with none."""
    depth = 0
    for k in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[k], 0)
        if depth == 0:
            if k > 0 and text[k] == "(" and text[k - 1] == " " and text.endswith(")"):
                return text[:k - 1], text[k + 1:-1]
            break
    return text, None


def term_zone(text):
    """`hand of Player 2`, `students[Gym]`, `discard` as the protocol's zones."""
    if " of Player " in text:
        zone, _, n = text.partition(" of Player ")
        return {"zone": zone, "player": int(n) - 1}
    if text.endswith("]") and "[" in text:
        zone, _, holder = text[:-1].partition("[")
        return {"zone": zone, "holder": holder}
    return {"zone": text}


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

class Token:
    """One Student on the field: who controls him and where he is."""
    __slots__ = ("ctrl", "loc", "tid")

    def __init__(self, ctrl, loc, tid):
        self.ctrl, self.loc, self.tid = ctrl, loc, tid


class Walk:
    """A Long Walk's delayed move (README 16): at the end of turn `due`, the
    Student moves to `room` if he and the room are still there. `cands`
    holds the Students who may be him: Students of one player in one
    Location are alike (README 8), so when one of several alike Students
    leaves, the model no longer knows whether it was the walker."""

    def __init__(self, due, room, tid):
        self.due, self.room, self.cands = due, room, {tid}


class Game:
    def __init__(self, nplayers, stream, script=()):
        self.n = nplayers
        self.io = stream
        self.script = list(script)    # the guesses to take (branch)
        self.sizes = []               # how many choices each guess had
        self.deck = Counter()
        self.hand = [Counter() for _ in range(nplayers)]
        self.desk = [Counter() for _ in range(nplayers)]
        self.centre = set()
        self.field = {loc: [] for loc in LOCATIONS}    # Location -> Tokens
        self.tokens = {}                               # tid -> Token on the field
        self.next_tid = 0
        self.resolving = Counter()
        self.discard = Counter()
        self.gone = Counter()
        self.out = [False] * nplayers
        self.walks = []
        self.turn_no = 0          # turns played, from 1
        self.stats = Counter()
        self.stalled = False       # this round so far: README 12

    # -- failing ------------------------------------------------------------

    def fail(self, got, expected):
        text = got.get("_text", "")
        if got.get("type") == "decision" and not got.get("_terminal"):
            # the view is long: the zone that differs is in `expected`
            short = {k: v for k, v in got.items() if not k.startswith("_") and k != "view"}
            text = json.dumps(short) + " (view not shown)"
        raise Disagreement("line %s: the game: %s\n  the model expected: %s" % (
            got.get("_line", "?"), text, expected))

    def branch(self, k):
        """A guess among k possibilities: the script's next, else the first."""
        i = len(self.sizes)
        self.sizes.append(k)
        if i == len(self.script):
            self.script.append(0)
        return self.script[i]

    # -- reading the table ----------------------------------------------------

    def in_desks(self, name):
        # .get: a Counter's missing key goes through __missing__, in Python
        return any(d.get(name) for d in self.desk)

    def students_on_field(self):
        return len(self.tokens)

    def students_of(self, p):
        return [t for t in self.tokens.values() if t.ctrl == p]

    def desk_locations(self, p):
        return [c for c in self.desk[p] if self.desk[p][c] and CARDS[c].type == "location"]

    def live_players(self):
        return [p for p in range(self.n) if not self.out[p]]

    # -- the lines the game must write --------------------------------------

    def expect_move(self, card, frm, to):
        """The next line must be the move of `card` (None: any card, which
        is returned) from `frm` to `to` (zone dicts as the protocol writes
        them)."""
        m = self.io.next()
        if m["type"] != "move" or m["from"] != frm or m["to"] != to or \
                (card is not None and m["card"] != card):
            self.fail(m, "move %s: %s -> %s" % (card or "a card", zs(frm), zs(to)))
        return m["card"]

    def expect_moves_any_order(self, moves):
        """The next len(moves) lines are these moves, in any order."""
        want = Counter((c, zs(f), zs(t)) for c, f, t in moves)
        for _ in range(len(moves)):
            m = self.io.next()
            key = (m.get("card"), zs(m.get("from")), zs(m.get("to")))
            if m["type"] != "move" or not want[key]:
                self.fail(m, "one of the moves: " + "; ".join(
                    "%s: %s -> %s" % (c, f, t) for (c, f, t), k in want.items() if k))
            want[key] -= 1

    def peek_is_move(self, card, frm, to):
        m = self.io.peek()
        return m["type"] == "move" and m["from"] == frm and m["to"] == to and \
            (card is None or m["card"] == card)

    def decide(self, p, prompt, legal, window=None):
        """A decision of player p. `legal` is the list of the labels the
        model allows. With one option and no window the game does not ask:
        the model takes it too; a transcript prints it as any other choice
        (docs/RUNTIME.md, "Decisions of one option"), so that a missing
        line tells nobody that a player had no choice. Returns the label
        chosen."""
        if len(legal) == 0:
            raise Disagreement("the model has a decision with no options (%s, %s)" % (plabel(p), prompt))
        if len(legal) == 1 and window is None:
            if isinstance(self.io, TerminalStream) and self.io.singles:
                return self.decide_terminal(self.io.next(), p, prompt, legal, None)
            return legal[0]
        d = self.io.next()
        if d.get("_terminal"):
            return self.decide_terminal(d, p, prompt, legal, window)
        if d["type"] == "decision":
            # answered at once: the answer depends on the game's line alone,
            # and a live game goes on even if the model disagrees with it
            idx = self.io.answer(d)
        def exp():  # what the model expected, written only when it fails
            return "%s asked %r, options %s" % (plabel(p), prompt, sorted(legal))
        if d["type"] != "decision" or d["player"] != p or d["prompt"] != prompt:
            self.fail(d, exp())
        labels = [o["label"] for o in d["options"]]
        if sorted(labels) != sorted(legal):
            self.fail(d, exp() + " (the game offered %s)" % sorted(labels))
        if window is not None:
            w = d.get("window")
            if w is None or any(w.get(k) != v for k, v in window.items()):
                self.fail(d, "a reaction window %s" % window)
        elif "window" in d:
            self.fail(d, exp() + ", not in a reaction window")
        self.check_view(d)
        self.stats["decisions"] += 1
        return labels[idx]

    def decide_terminal(self, d, p, prompt, legal, window):
        """A transcript shows the choice and its question, not the options:
        the player, the label and the question must be right (and the
        window, for a window's answer, which its responses line shows
        beside the question its seat was asked)."""
        def exp():  # what the model expected, written only when it fails
            return "%s choosing one of %s (%s)" % (plabel(p), sorted(legal), prompt)
        label = d.get("label")
        if d.get("_chooses") and self.io.questions:
            asked = " (%s)" % prompt
            if not label.endswith(asked):
                self.fail(d, exp() + ", the question beside the answer")
            label = label[:-len(asked)]
        elif "window" in d and self.io.questions and d.get("_asked") != prompt:
            self.fail(d, exp() + ", the question beside the answer (%s)" % d.get("_asked"))
        if d["type"] != "decision" or d["player"] != p or label not in legal:
            self.fail(d, exp())
        if (window is None) != ("window" not in d) or \
                window is not None and any(d["window"].get(k) != v for k, v in window.items()):
            self.fail(d, exp() + (", in the window %s" % window if window else ""))
        self.stats["decisions"] += 1
        return label

    # -- where every card is ----------------------------------------------------

    def check_view(self, d):
        p = d["player"]
        seen_holders = set()
        for z in d["view"]["zones"]:
            name, size, cards = z["zone"], z["size"], z.get("cards")
            if name == "deck":
                # --reveal-all shows the deck's cards too
                ok = size == sum(self.deck.values()) and \
                    (cards is None or same(cards, self.deck))
                what = "deck of %d cards: %s" % (sum(self.deck.values()), dict(self.deck))
            elif name == "centre":
                ok = cards is not None and set(cards) == self.centre and size == len(self.centre)
                what = "centre %s" % sorted(self.centre)
            elif name == "students":
                h = z["holder"]
                seen_holders.add(h)
                ok = size == len(self.field[h]) and cards == ["Student"] * size
                what = "%d Students under %s" % (len(self.field[h]), h)
            elif name == "hand":
                q = z["player"]
                ok = size == sum(self.hand[q].values()) and \
                    (cards is None or same(cards, self.hand[q]))
                if q == p:
                    ok = ok and cards is not None
                what = "hand of %s: %s" % (plabel(q), dict(self.hand[q]))
            elif name == "desk":
                q = z["player"]
                ok = cards is not None and same(cards, self.desk[q])
                what = "desk of %s: %s" % (plabel(q), dict(self.desk[q]))
            elif name in ("resolving", "discard", "gone"):
                zc = getattr(self, name)
                ok = cards is not None and same(cards, zc)
                what = "%s: %s" % (name, dict(zc))
            else:
                ok, what = False, "no zone called %s" % name
            if not ok:
                self.fail(d, what + " (in the view: %s)" % json.dumps(z))
        # RUNTIME.md: a held slot is listed while it holds cards, and only then
        holding = {loc for loc in LOCATIONS if self.field[loc]}
        if seen_holders != holding:
            self.fail(d, "a students slot under each Location holding Students: %s"
                      % sorted(holding))

    # -- moving cards in the model ------------------------------------------------

    def draw(self, p, k):
        """README 2: draws come from the draw pile; an empty pile gives nothing."""
        for _ in range(k):
            if not self.deck:
                return
            m = self.io.peek()
            c = self.expect_move(None, DECK, hand_z(p))
            if not self.deck[c]:
                self.fail(m, "a card the deck holds (%s)" % dict(self.deck))
            self.deck[c] -= 1
            self.deck += Counter()
            self.hand[p][c] += 1

    def remove_token(self, t):
        self.field[t.loc].remove(t)
        del self.tokens[t.tid]

    def add_token(self, ctrl, loc):
        t = Token(ctrl, loc, self.next_tid)
        self.next_tid += 1
        self.field[loc].append(t)
        self.tokens[t.tid] = t
        return t

    def pick_alike(self, ctrl, loc):
        """One of ctrl's Students in loc. They are alike (README 8), so which
        one the game takes is its own: a Long Walk that may have been any of
        them may now be any of them (Walk.cands)."""
        alike = [t for t in self.field[loc] if t.ctrl == ctrl]
        ids = {t.tid for t in alike}
        for w in self.walks:
            if w.cands & ids:
                w.cands |= ids
        return alike[0]

    def discard_token(self, t):
        self.expect_move("Student", students_z(t.loc), DISCARD)
        self.remove_token(t)
        self.discard["Student"] += 1

    # -- the ends ---------------------------------------------------------------

    def end(self, result, winners):
        e = self.io.next()
        if e["type"] != "end" or e.get("result") != result or e.get("winners") != winners:
            self.fail(e, "the end: %s, winners %s" % (result, winners))
        scores = [1 if p in winners else 0 for p in range(self.n)]
        if e.get("scores") != scores:
            self.fail(e, "scores %s" % scores)
        if e.get("turns") != self.turn_no:
            self.fail(e, "the end after %d turns" % self.turn_no)
        self.stats["end_" + result] += 1
        raise GameOver()

    def check_win(self):
        """README 10: a player wins when at least one Student is on the
        field, all of them are his, every Location in the centre holds at
        least one, and every Main Hall or Gym in play is in front of him."""
        if not self.tokens:
            return
        owners = {t.ctrl for t in self.tokens.values()}
        if len(owners) != 1:
            return
        p = owners.pop()
        if any(not self.field[loc] for loc in self.centre):
            return
        for q in range(self.n):
            if q != p and self.desk_locations(q):
                return
        self.stats["win_control"] += 1
        self.end("win", [p])

    def check_all_destroyed(self):
        """README 20: a draw once every Location card is destroyed."""
        if all(self.gone[loc] == CARDS[loc].count for loc in LOCATIONS):
            self.stats["draw_destroyed"] += 1
            self.end("draw", [])

    # -- destroying a Location (README 5, 13, 19, 20) -------------------------------

    def destroy(self, loc, owner):
        """A card effect destroys `loc`, in the centre (owner None) or in
        front of `owner`. Each protection in play that covers it rolls 50%:
        whether it survived is read from the transcript, but with no
        protection it must go."""
        k = self.protections(loc)
        frm = CENTRE if owner is None else desk_z(owner)
        if k and not self.peek_is_move(loc, frm, GONE):
            self.stats["saved"] += 1
            self.stats["protect%d_saved" % k] += 1
            return
        if k:
            self.stats["protect%d_destroyed" % k] += 1
        self.expect_move(loc, frm, GONE)
        if owner is None:
            self.centre.discard(loc)
        else:
            self.desk[owner][loc] -= 1
            self.desk[owner] += Counter()
        self.gone[loc] += 1
        self.stats["destroyed"] += 1
        students = list(self.field[loc])
        self.expect_moves_any_order([("Student", students_z(loc), DISCARD)] * len(students))
        for t in students:
            self.remove_token(t)
            self.discard["Student"] += 1
        self.check_all_destroyed()

    def protections(self, loc):
        """README 13: how many protections in play cover `loc` (each rolls
        50%; the Location survives if any saves it). The counts by k let
        check-transcripts.sh test the rate against 1 - 1/2^k."""
        return bool(self.in_desks("Site Manager")) + \
            bool(loc == ROOM["ict"] and self.in_desks("ICT Technician")) + \
            bool(CARDS[loc].kind == "lab" and self.in_desks("Science Technician"))

    # -- set-up (README 1) ----------------------------------------------------------

    def setup(self):
        for c in CARDS.values():
            self.deck[c.name] += c.count
        for loc in LOCATIONS:
            if CARDS[loc].kind in ("hall", "gym"):
                continue
            self.expect_move(loc, DECK, CENTRE)
            self.deck[loc] -= 1
            self.centre.add(loc)
        self.deck += Counter()
        for p in range(self.n):
            self.draw(p, HAND_SIZE)

    # -- a turn ------------------------------------------------------------------

    def run(self):
        """README 12: a round with the draw pile empty in which no player,
        when his turn comes, may play a card or use the Cleaner ends the
        game in a draw (nobody can act any more); so does the end of round
        1,000."""
        self.setup()
        rounds = 0
        while True:
            self.stalled = not self.deck
            for p in range(self.n):
                if self.out[p]:
                    continue
                self.turn(p)
            rounds += 1
            if self.stalled:
                self.stats["draw_stalled"] += 1
                self.end("draw", [])
            if rounds == ROUND_LIMIT:
                self.stats["draw_rounds"] += 1
                self.end("draw", [])

    def turn(self, p):
        self.turn_no += 1
        k = 1 + ("Playground" in self.centre) + 2 * self.desk[p]["Receptionist"]
        self.draw(p, k)
        self.plays = 0
        self.office_used = self.canteen_used = self.cleaner_used = False
        self.detention = False
        first = True
        while True:
            opts = []
            # "Play a card" when some card is playable; the cards offered
            # are listed only if it is taken: nothing changes between the
            # two questions
            if any(k and self.playable(p, c) for c, k in self.hand[p].items()):
                opts.append("Play a card")
            if self.desk[p]["Cleaner"] and not self.cleaner_used and \
                    (self.discard or not CLEANER_NEEDS_DISCARD):
                opts.append("Use the Cleaner")
            opts.append("End the turn")
            if first and len(opts) > 1:
                self.stalled = False
            first = False
            a = self.decide(p, "Your turn", opts)
            if a == "End the turn":
                break
            if a == "Use the Cleaner":
                self.cleaner(p)
                continue
            cards = [c for c, k in self.hand[p].items() if k and self.playable(p, c)]
            c = self.decide(p, "Play which card?", cards)
            self.play(p, c)
        self.end_of_turn()

    def end_of_turn(self):
        """README 11, 16, 10: every player with an empty hand is out (the
        last one left wins); then the Long Walks due now move their
        Students, and the win is checked. The README does not order the
        two; the game takes the hands first, and so does the model."""
        losers = [q for q in range(self.n) if not self.out[q] and not self.hand[q]]
        for q in losers:
            self.player_out(q)
        if losers:
            self.stats["losses"] += len(losers)
            live = self.live_players()
            if len(live) == 1:
                self.stats["win_last"] += 1
                self.end("win", live)
            if not live:
                self.stats["draw_all_out"] += 1
                self.end("draw", [])
        # each stays in self.walks until it has arrived: the next may be
        # about a Student alike to the one this one moves (pick_alike)
        for w in [w for w in self.walks if w.due == self.turn_no]:
            self.walk_arrives(w)
            self.walks.remove(w)
            self.check_win()
        self.check_win()

    def player_out(self, q):
        """README 11: his Teachers, Staff, Main Hall, Gym and his Students
        on the field go to the discard pile."""
        self.out[q] = True
        moves = [(c, desk_z(q), DISCARD) for c in self.desk[q].elements()]
        mine = self.students_of(q)
        moves += [("Student", students_z(t.loc), DISCARD) for t in mine]
        self.expect_moves_any_order(moves)
        self.discard += self.desk[q]
        self.desk[q] = Counter()
        for t in mine:
            self.remove_token(t)
            self.discard["Student"] += 1

    def walk_arrives(self, w):
        """README 16: the Student moves to the room "if both the Student and
        the room are still there"."""
        on = [self.tokens[i] for i in w.cands if i in self.tokens]
        maybe_gone = len(on) < len(w.cands)
        if w.room not in self.centre:
            return
        m = self.io.peek()
        if m["type"] == "move" and m["card"] == "Student" and m["to"] == students_z(w.room) \
                and (m["from"] or {}).get("zone") == "students":
            src = m["from"]["holder"]
            if src == w.room:
                self.fail(m, "no move: the Long Walk's Student is already in %s" % w.room)
            here = [t for t in on if t.loc == src]
            if here:
                self.move_walker(here)
                self.stats["walk_arrived"] += 1
                return
            if maybe_gone and self.field[src]:
                self.walker_came_back(m, w, src)
                return
        # no move: the Student is already in the room (a second Lesson put
        # him there); of Students alike, the one in the room may be he
        if not on or maybe_gone or any(t.loc == w.room for t in on):
            return
        self.fail(m, "the Long Walk's Student moving to %s (from %s)" % (
            w.room, " or ".join(sorted({t.loc for t in on}))))

    def move_walker(self, here):
        """Students once alike (README 8) may be under different players
        now: which of them walked, and so who controls the one that stayed,
        only the game knows. The model guesses, and check_game tries the
        other guesses if this one leads to a disagreement."""
        ctrls = sorted({t.ctrl for t in here})
        c = ctrls[self.branch(len(ctrls))] if len(ctrls) > 1 else ctrls[0]
        self.io.next()
        t = self.pick_alike(c, here[0].loc)
        self.field[t.loc].remove(t)
        t.loc = self.io.hist[self.io.pos - 1]["to"]["holder"]
        self.field[t.loc].append(t)

    def walker_came_back(self, m, w, src):
        """The Long Walk's Student left the field (discarded), and the same
        card, drawn and played again, is a new Student: README 16 moves the
        Student only "if both the Student and the room are still there".
        The game did this once (decks/school-control/README.md, "What the
        checker found"); tests/school-control/walk-defect-5635.txt is that
        game's transcript."""
        self.fail(m, "no move: the Long Walk's Student left the field, and a Student "
                     "played since is another (README 16: \"if both the Student and the "
                     "room are still there\")")

    # -- what may be played (README 4, 7, 17) -------------------------------------

    def count_allows(self, c):
        if self.plays < PLAYS_PER_TURN:
            return True
        t = CARDS[c].type
        if t == "teacher":
            return "Office" in self.centre and not self.office_used
        if t == "lesson":
            return "Canteen" in self.centre and not self.canteen_used
        return False

    def playable(self, p, c):
        return self.count_allows(c) and self.can_play(p, c)

    def can_play(self, p, c):
        card = CARDS[c]
        t = card.type
        if t in ("teacher", "staff", "location"):
            return True
        if t == "student":
            return bool(self.centre)
        if t == "lesson":
            return self.has_teacher(p, card.subject) and self.lesson_room_ok(card)
        if c == "Long Walk":
            return False               # only as a reaction (README 16)
        if c in ("Detention", "Lunch Break", "Work Experience"):
            return True
        if c == "Drama Show":
            return self.in_desks(TEACHER["english"]) and self.in_desks("Main Hall")
        if c == "Musical Production":
            return self.in_desks(TEACHER["music"]) and self.in_desks("Main Hall")
        if c == "Open Evening":
            return any(self.desk[q][x] for q in range(self.n) for x in self.desk[q]
                       if CARDS[x].type == "teacher") and \
                any(CARDS[l].kind in ("classroom", "lab", "ict") for l in self.centre)
        if c == "Hacker Student":
            return ROOM["ict"] in self.centre and self.students_on_field() > 0
        if c == "Tampered Equipment":
            return any(CARDS[l].kind == "lab" for l in self.centre) and self.students_on_field() > 0
        if c == "Burst Pipe":
            return bool(self.centre) or any(self.desk_locations(q) for q in range(self.n))
        raise Disagreement("the model does not know the card %s" % c)

    def has_teacher(self, p, subject):
        """README 7: the Teacher in front of you, or a Substitute Teacher in
        front of you and that Teacher in front of nobody."""
        teacher, desk = TEACHER[subject], self.desk[p]
        if desk.get(teacher):
            return True
        return bool(desk.get("Substitute Teacher")) and not self.in_desks(teacher)

    def lesson_room_ok(self, card):
        if card.needs == "lab":
            return any(CARDS[l].kind == "lab" for l in self.centre)
        if card.needs == "ict":
            return ROOM["ict"] in self.centre
        return True

    # -- playing a card -------------------------------------------------------------

    def play(self, p, c):
        t = CARDS[c].type
        # README 4: a Teacher takes the Office's extra play while it is
        # unused, a Lesson the Canteen's; only then one of the two.
        if t == "teacher" and "Office" in self.centre and not self.office_used:
            self.office_used = True
        elif t == "lesson" and "Canteen" in self.centre and not self.canteen_used:
            self.canteen_used = True
        else:
            self.plays += 1
        self.stats["play " + c] += 1
        if t == "student":
            # asked while the Student is still in the hand
            loc = self.decide(p, "Into which Location?", sorted(self.centre))
        self.hand[p][c] -= 1
        self.hand[p] += Counter()
        if t in ("teacher", "staff", "location"):
            self.expect_move(c, hand_z(p), desk_z(p))
            self.desk[p][c] += 1
        elif t == "student":
            self.expect_move(c, hand_z(p), students_z(loc))
            self.add_token(p, loc)
        else:
            self.expect_move(c, hand_z(p), RESOLVING)
            self.resolving[c] += 1
            if t == "lesson":
                self.lesson(p, CARDS[c])
            else:
                self.action(p, c)
            # README 10: the win is checked once the card has resolved; the
            # game does it before the card reaches the discard pile (the
            # order is not a rule; a win ends the game with it resolving).
            self.check_win()
            self.expect_move(c, RESOLVING, DISCARD)
            self.resolving[c] -= 1
            self.resolving += Counter()
            self.discard[c] += 1
            return
        self.check_win()

    def pick_student(self, p):
        """README 8: whose Student (a player who has one on the field), then
        which, by the Location he is in."""
        owners = sorted({t.ctrl for t in self.tokens.values()})
        q = self.decide(p, "Whose Student?", [plabel(x) for x in owners])
        q = int(q.split()[1]) - 1
        locs = sorted({t.loc for t in self.students_of(q)})
        loc = self.decide(p, "Which Student?", ["Student (under %s)" % l for l in locs])
        loc = loc[len("Student (under "):-1]
        return self.pick_alike(q, loc)

    def lesson(self, p, card):
        """README 8, 16: take control of one Student; he goes to the room of
        the Lesson's subject if it is in play, unless a Long Walk delays it."""
        if not self.tokens:
            return
        t = self.pick_student(p)
        room = ROOM.get(card.subject)
        if room is None or room not in self.centre or t.loc == room:
            t.ctrl = p
            return
        answers = self.walk_window(p, room)
        t.ctrl = p
        order = [(p + i) % self.n for i in range(self.n)]
        walkers = [q for q, a in zip(order, answers) if a == "Long Walk"]
        if walkers:
            q = walkers[0]
            self.stats["long_walk"] += 1
            self.expect_move("Long Walk", hand_z(q), DISCARD)
            self.hand[q]["Long Walk"] -= 1
            self.hand[q] += Counter()
            self.discard["Long Walk"] += 1
            self.walks.append(Walk(self.turn_no + 1, room, t.tid))
            return
        self.expect_move("Student", students_z(t.loc), students_z(room))
        self.field[t.loc].remove(t)
        t.loc = room
        self.field[room].append(t)

    def walk_window(self, p, room):
        """The window before a Student's walk (README 16): every seat answers,
        from p round the table, but only a seat holding a Long Walk (not p) is
        asked; the others decline unasked, shown in the responses all the
        same. No window opens when every Long Walk lies in the discard pile,
        as every seat sees (docs/LANGUAGE.md §8, "Reactions"). Returns the
        answers in the order asked."""
        if self.discard["Long Walk"] == CARDS["Long Walk"].count and \
                not getattr(self.io, "every_window", False):
            return []
        order = [(p + i) % self.n for i in range(self.n)]
        window = {"kind": "react", "event": "walk", "args": ["Student", room], "by": p, "order": order}
        answers = []
        for q in order:
            if q != p and self.hand[q]["Long Walk"]:
                answers.append(self.decide(q, "Respond to walk?", ["Long Walk", "Do not respond"],
                                           window))
            else:
                answers.append(self.decline_unasked(q, "Respond to walk?", window))
        r = self.io.next()
        if r["type"] != "responses" or [x["label"] for x in r["responses"]] != answers:
            self.fail(r, "the responses %s" % answers)
        return answers

    def decline_unasked(self, p, prompt, window):
        """A window's seat with nothing to answer with: the game does not ask
        it; a transcript shows its answer in the responses line (beside the
        question it would have been asked), a JSON stream nothing until then."""
        if isinstance(self.io, TerminalStream):
            return self.decide_terminal(self.io.next(), p, prompt, ["Do not respond"], window)
        return "Do not respond"

    def action(self, p, c):
        if c == "Lunch Break":
            if not self.detention:
                self.draw(p, 1)
        elif c in ("Drama Show", "Musical Production"):
            self.draw(p, 4)
        elif c == "Open Evening":
            self.draw(p, 2)
        elif c == "Detention":
            self.detention_card(p)
        elif c == "Work Experience":
            self.work_experience(p)
        elif c == "Hacker Student":
            self.destroy(ROOM["ict"], None)
        elif c == "Tampered Equipment":
            self.tampered_equipment()
        elif c == "Burst Pipe":
            self.burst_pipe(p)
        else:
            raise Disagreement("the model does not know the action %s" % c)

    def detention_card(self, p):
        """README 15: a Student from a target player's hand (any player still
        in, himself included) or from the field; Lunch Break does nothing for
        the rest of the turn."""
        opts = ["From a player's hand"]
        if self.tokens:
            opts.append("From the field")
        a = self.decide(p, "Discard a Student", opts)
        if a == "From the field":
            self.discard_token(self.pick_student(p))
        else:
            q = self.decide(p, "Whose hand?", [plabel(x) for x in self.live_players()])
            q = int(q.split()[1]) - 1
            if self.hand[q]["Student"]:
                self.expect_move("Student", hand_z(q), DISCARD)
                self.hand[q]["Student"] -= 1
                self.hand[q] += Counter()
                self.discard["Student"] += 1
        self.detention = True

    def work_experience(self, p):
        """README 18: every Student on the field to the discard pile, then
        each player from the one who played it draws two."""
        toks = list(self.tokens.values())
        self.expect_moves_any_order([("Student", students_z(t.loc), DISCARD) for t in toks])
        for t in toks:
            self.remove_token(t)
            self.discard["Student"] += 1
        for i in range(self.n):
            q = (p + i) % self.n
            if not self.out[q]:
                self.draw(q, 2)

    def tampered_equipment(self):
        """Destroy all Labs, each rolling its protections (README 13); the
        order the game takes them in is its own."""
        labs = {l for l in self.centre if CARDS[l].kind == "lab"}
        while labs:
            m = self.io.peek()
            nxt = None
            if m["type"] == "move" and m["card"] in labs and m["from"] == CENTRE:
                nxt = m["card"]
            if nxt is None:
                # every Lab left must be one a protection saved
                for l in sorted(labs):
                    self.destroy_or_fail_saved(l, m)
                return
            labs.discard(nxt)
            self.destroy(nxt, None)

    def destroy_or_fail_saved(self, lab, m):
        k = self.protections(lab)
        if not k:
            self.fail(m, "%s destroyed (nothing protects it)" % lab)
        self.stats["saved"] += 1
        self.stats["protect%d_saved" % k] += 1

    def burst_pipe(self, p):
        """README 19: any Location in the centre, or a Main Hall or Gym in
        front of a player."""
        holders = [q for q in range(self.n) if self.desk_locations(q)]
        opts = sorted(self.centre)
        if holders:
            opts.append("A Main Hall or a Gym")
        a = self.decide(p, "Destroy which Location?", opts)
        if a != "A Main Hall or a Gym":
            self.destroy(a, None)
            return
        q = self.decide(p, "In front of whom?", [plabel(x) for x in holders])
        q = int(q.split()[1]) - 1
        loc = self.decide(p, "Destroy which Location?", sorted(self.desk_locations(q)))
        self.destroy(loc, q)

    def cleaner(self, p):
        """README 14: the discard pile into the draw pile, once a turn."""
        self.cleaner_used = True
        self.stats["cleaner"] += 1
        self.expect_moves_any_order([(c, DISCARD, DECK) for c in self.discard.elements()])
        self.deck += self.discard
        self.discard = Counter()


class GameOver(Exception):
    pass




DECK = {"zone": "deck"}
CENTRE = {"zone": "centre"}
RESOLVING = {"zone": "resolving"}
DISCARD = {"zone": "discard"}
GONE = {"zone": "gone"}


def hand_z(p):
    return {"zone": "hand", "player": p}


def desk_z(p):
    return {"zone": "desk", "player": p}


def students_z(loc):
    return {"zone": "students", "holder": loc}


def zs(z):
    if z is None:
        return "nowhere"
    s = z["zone"]
    if "player" in z:
        s += " of " + plabel(z["player"])
    if "holder" in z:
        s += "[%s]" % z["holder"]
    return s


# ---------------------------------------------------------------------------
# Answering (live): the checker's own players
# ---------------------------------------------------------------------------

def policy_uniform(rng, dec, n):
    return rng.randrange(n)


def policy_eager(rng, dec, n):
    """Plays whenever it can (games end sooner, by empty hands and wins)."""
    labels = [o["label"] for o in dec["options"]]
    if dec["prompt"] == "Your turn" and "Play a card" in labels and rng.random() < 0.9:
        return labels.index("Play a card")
    if dec.get("window") and "Long Walk" in labels and rng.random() < 0.5:
        return labels.index("Long Walk")
    return rng.randrange(n)


def policy_dump(rng, dec, n):
    """Plays every card it can and never uses the Cleaner: the draw pile
    runs dry and hands empty (games that end by players going out)."""
    labels = [o["label"] for o in dec["options"]]
    if dec["prompt"] == "Your turn" and "Play a card" in labels:
        return labels.index("Play a card")
    if "Use the Cleaner" in labels:
        return labels.index("End the turn")
    if dec.get("window") and "Long Walk" in labels:
        return labels.index("Long Walk")
    return rng.randrange(n)


POLICIES = {"uniform": policy_uniform, "eager": policy_eager, "dump": policy_dump}
MIXED = ["uniform", "eager", "dump"]     # --policy mixed: by the seed


MAX_TRIES = 64


def check_game(nplayers, seed, stream):
    """Check the game with the model; where the model had to guess
    (Game.branch), try the other guesses, depth first, until one reads the
    whole game without a disagreement. If none does, the disagreement that
    came latest in the game is the one reported."""
    script, worst = [], None
    for _ in range(MAX_TRIES):
        stream.rewind()
        g = Game(nplayers, stream, script)
        try:
            try:
                g.run()
            except GameOver:
                pass
            extra = stream.peek()
            if extra["type"] != "eof":
                g.fail(extra, "nothing after the end")
            g.stats["guesses"] += len(g.sizes)
            g.stats["guess_retries"] += _
            return g.stats
        except Disagreement as e:
            if worst is None or stream.pos >= worst[0]:
                worst = (stream.pos, e)
        # the next script: the last guess that has an untried alternative
        while g.sizes and g.script[len(g.sizes) - 1] + 1 >= g.sizes[-1]:
            g.sizes.pop()
        if not g.sizes:
            break
        i = len(g.sizes) - 1
        script = g.script[:i] + [g.script[i] + 1]
    stream.drain()
    raise worst[1]


def live(args):
    cmd = [args.binary, "play", "--protocol", "json", "--players", str(args.players),
           "--seats", ",".join(["json"] * args.players), "--seed", str(args.seed), "--reveal-all"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    rec = open(args.record, "w") if args.record else None
    if rec:
        rec.write(json.dumps({"checker": {"players": args.players, "seed": args.seed}}) + "\n")
    rng = random.Random(args.seed * 7919 + args.players)
    stream = Stream(args.seed, proc=proc, record=rec, rng=rng, policy=POLICIES[args.policy])
    try:
        return check_game(args.players, args.seed, stream)
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.stdout.close()
        proc.wait()
        if rec:
            rec.close()


def replay(path):
    """A session --live recorded: (players, seed, stream)."""
    with open(path, encoding="utf-8") as f:
        lines = iter(f.readlines())
    try:
        head = json.loads(next(lines))["checker"]
    except (ValueError, KeyError, TypeError, StopIteration):
        raise Disagreement("line 1: not the header of a recorded session")
    return head["players"], head["seed"], Stream(head["seed"], lines=lines)


def terminal(args):
    """Play one game with the game's own random seats at the terminal,
    --reveal-all, and check its transcript."""
    cmd = [args.binary, "play", "--players", str(args.players), "--seats",
           ",".join(["random"] * args.players), "--seed", str(args.seed), "--reveal-all"]
    run = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        raise Disagreement("%s exited with %d: %s" % (" ".join(cmd), run.returncode, run.stderr.strip()))
    if args.record:
        with open(args.record, "w") as f:
            f.write(run.stdout)
    stream = TerminalStream(run.stdout)
    return check_game(stream.players, stream.seed, stream)


def transcript(path, singles=True, questions=True, every_window=False):
    """A --reveal-all transcript: (players, seed, stream)."""
    with open(path, encoding="utf-8") as f:
        stream = TerminalStream(f.read(), singles, questions, every_window)
    return stream.players, stream.seed, stream


USAGE = """checker.py --live|--terminal [--players N] [--seed S] [--games K]
                  [--policy uniform|eager|dump|mixed] [--record FILE] [--stats]
       checker.py --replay FILE | --transcript FILE [--no-single-lines]
                  [--no-questions] [--every-window]"""


def main():
    ap = argparse.ArgumentParser(usage=USAGE, description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--live", action="store_true",
                      help="play through the JSON protocol, the checker answering every seat")
    mode.add_argument("--terminal", action="store_true",
                      help="check the --reveal-all transcripts of the game's random seats")
    mode.add_argument("--replay", metavar="FILE", help="check a session --live recorded")
    mode.add_argument("--transcript", metavar="FILE", help="check a --reveal-all transcript")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=1, help="seeds S, S+1, ... S+K-1")
    ap.add_argument("--policy", choices=sorted(POLICIES) + ["mixed"], default="mixed")
    ap.add_argument("--record", metavar="FILE", help="keep the (last) game's transcript")
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "bin", "school-control"))
    ap.add_argument("--stats", action="store_true", help="print the counts of what was checked")
    ap.add_argument("--no-single-lines", action="store_true",
                    help="a transcript from before decisions of one option were printed")
    ap.add_argument("--no-questions", action="store_true",
                    help="a transcript from before each answer was followed by its question")
    ap.add_argument("--every-window", action="store_true",
                    help="a transcript from before a walk with both Long Walks discarded "
                         "opened no window")
    args = ap.parse_args()
    total = Counter()
    if args.replay or args.transcript:
        path, seed = args.replay or args.transcript, None
        try:
            players, seed, stream = replay(path) if args.replay else \
                transcript(path, not args.no_single_lines, not args.no_questions,
                           args.every_window)
            total.update(check_game(players, seed, stream))
            total["games"] += 1
        except Disagreement as e:
            print("school-control checker: %s: seed %s: %s" % (path, seed, e))
            return 1
    else:
        first, mixed = args.seed, args.policy == "mixed"
        for i in range(args.games):
            args.seed = first + i
            if mixed:
                args.policy = MIXED[args.seed % len(MIXED)]
            try:
                total.update(live(args) if args.live else terminal(args))
                total["games"] += 1
            except Disagreement as e:
                how = "policy %s" % args.policy if args.live else "random seats, --reveal-all"
                print("school-control checker: %d players, seed %d (%s): %s" % (
                    args.players, args.seed, how, e))
                return 1
    if args.stats:
        print(json.dumps(dict(sorted(total.items()))))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except OSError as e:
        print("school-control checker: %s" % e, file=sys.stderr)
        sys.exit(2)
