#!/usr/bin/env python3
"""mutants.py: shows that LAST MINUTE!'s card scenarios can fail.

Each mutant is decks/last-minute/game.rules with one rule broken (one exact
text replaced, found exactly once). The game is built from it into a
scenario runner of its own (ASan, as `make scenario` builds it), and the
scenario written for that rule must FAIL; the same scenario must pass
against the real rules. Exits 1 if a mutant survives or cannot be made.

    make test-bins    # build/bin/cardc, build/drv-asan/runner.o, libcardrt-asan
    python3 tests/scenario/last-minute/mutants.py [SCENARIO-NAME...]

One build per mutant, about 30 s each: run it by hand, not in `make check`.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DECK = os.path.join(ROOT, "decks", "last-minute")
SCN = os.path.join(ROOT, "tests", "scenario", "last-minute")
CFLAGS = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror",
          "-I" + os.path.join(ROOT, "runtime"), "-DCARDC_NO_MAIN",
          "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-Og"]

# (scenario, what is broken, text in game.rules, its replacement)
MUTANTS = [
    ("psle-practice-paper", "PSLE Practice Paper's cost removed",
     "cost(t) += count(stuck[this]) when t == this", "cost(t) += 0 when t == this"),
    ("present-slides", "the Slides' +1 whatever the Sabotages",
     "special(t) += 1 when t == this and not any(stuck[this])", "special(t) += 1 when t == this"),
    ("pack-school-bag", "Pack Your School Bag's +1 removed",
     "special(t) += 1 when t == this and first_task[this]",
     "special(t) += 0 when t == this and first_task[this]"),
    ("write-essay", "Write English Essay's wait worth 1, not 2",
     "special(t) += 2 when t == this and waited[this]",
     "special(t) += 1 when t == this and waited[this]"),
    ("group-project-three", "the matching bonus paid to the scorer once per other player",
     "            points[q] += 1\n", "            points[q] += 1\n            points[p] += 1\n"),
    ("finish-worksheet-rmp", "Return Marked Papers not affecting its player",
     "        rmp_paid[p] = true\n        affected(p)\n", "        rmp_paid[p] = true\n"),
    ("return-marked-papers", "Return Marked Papers paid for every Task",
     "        rmp_paid[p] = true\n        affected(p)\n", "        affected(p)\n"),
    ("extra-practice", "Extra Practice worth 2",
     "        bonus[t] += 1\n", "        bonus[t] += 2\n"),
    ("quiet-corner", "Quiet Corner shielding nothing",
     "task_shielded(x) = true when x == t", "task_shielded(x) = false when x == t"),
    ("head-start", "Head Start doing nothing",
     "        due[t] -= 1\n", "        due[t] -= 0\n"),
    ("check-school-calendar", "Check School Calendar showing nothing",
     "        show top(event_deck) to me\n", ""),
    ("pop-quiz", "Pop Quiz striking players with a Task",
     "for q in players where not any(tasks[q]) {\n            let before",
     "for q in players {\n            let before"),
    ("mock-exam", "Mock Exam drawing nothing",
     "            affected(q)\n            draw_school(q)\n", "            affected(q)\n"),
    ("library-day", "Library Day drawing nothing",
     "            affected(q)\n            draw_task(q)\n", "            affected(q)\n"),
    ("fire-drill", "Fire Drill delaying one Task only",
     "            if b != none {\n                due[b] += 1",
     "            if b != none {\n                due[b] += 0"),
    ("sports-day", "Sports Day not stopping Sabotages",
     "may_sabotage(x) = false", "may_sabotage(x) = true"),
    ("rainy-day", "Rainy Day discarding to the School discard pile",
     "            discard_card(c)\n        }\n    }\n}",
     "            move c to school_discard\n        }\n    }\n}"),
    ("lost-homework", "Lost Homework delaying nothing",
     "    on hits(s, t) where s == this {\n        due[t] += 1",
     "    on hits(s, t) where s == this {\n        due[t] += 0"),
    ("borrowed-notes", "Knowledge Points going below 0",
     "    points[p] = max(0, points[p] - n)", "    points[p] = points[p] - n"),
    ("mixed-up-pages", "Mixed-Up Pages leaving the bonuses",
     "        base_only[t] = true", "        base_only[t] = false"),
    ("shredded-draft", "Shredded Draft discarding nothing",
     "    on hits(s, t) where s == this {\n        lose_task(t)",
     "    on hits(s, t) where s == this {\n        penalty[t] += 0"),
    ("backup-copy", "Backup Copy keeping nothing",
     "    react to lose_task(t) where controller(t) == me to school_discard {\n        cancel\n",
     "    react to lose_task(t) where controller(t) == me to school_discard {\n"),
    ("good-excuse", "Good Excuse saving nothing",
     "    react to lose_points(q, n) where q == me and points[me] > 0 to school_discard {\n        cancel\n",
     "    react to lose_points(q, n) where q == me and points[me] > 0 to school_discard {\n"),
    ("finish-worksheet-immune", "Doctor's Note protecting nothing",
     "            immune to strikes\n", ""),
    ("sabotage-no-task", "a Sabotage offered against a player with no active Task",
     "func opponent_with_task(p: player): bool = any(q in players where q != p and any(tasks[q]))",
     "func opponent_with_task(p: player): bool = any(q in players where q != p)"),
    ("sabotage-revealed", "Spilled Water taking nothing",
     "        penalty[t] += 1\n", "        penalty[t] += 0\n"),
    ("revise-wait", "Revise for Common Test's wait worth nothing",
     "special(t) += 1 when t == this and waited[this]",
     "special(t) += 0 when t == this and waited[this]"),
    ("last-minute-change", "Last-Minute Change keeping all the bonus",
     "let kept = bonus[old] / 2", "let kept = bonus[old]"),
    ("group-study", "Group Study shielding its chosen player only",
     "shielded(x) = true when x == me or x == q", "shielded(x) = true when x == q"),
    ("tuition-class", "Tuition Class at 4 points behind",
     "leader_points() - points[me] >= 5", "leader_points() - points[me] >= 4"),
    ("mid-year-exam", "Mid-Year Exam limiting nothing",
     "max_plays(x) = 1", "max_plays(x) = 2"),
    ("lab-report", "no Lab Report scoring at a quiz Event's flip",
     "        quiz_flipped()\n", ""),
    # Hall Pass's `cancel` alone is not enough to break it: a Sabotage moved
    # out of play no longer hears its own `hits` either.
    ("hall-pass", "Hall Pass doing nothing",
     "    react to hits(s, t) where controller(t) == me to school_discard {\n"
     "        cancel\n        move s to school_discard\n",
     "    react to hits(s, t) where controller(t) == me to school_discard {\n"),
]


def build(deck, out):
    """Builds a scenario runner for the game in deck; returns an error or None."""
    gen, obj = out + ".c", out + ".o"
    steps = [[os.path.join(ROOT, "build", "bin", "cardc"), "build", deck, "-o", gen],
             ["cc"] + CFLAGS + ["-c", gen, "-o", obj],
             ["cc", "-fsanitize=address,undefined",
              os.path.join(ROOT, "build", "drv-asan", "runner.o"), obj,
              os.path.join(ROOT, "build", "lib", "libcardrt-asan.a"), "-o", out]]
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return (r.stdout + r.stderr).strip()
    return None


def run(runner, name):
    """Runs one scenario: (passed, the runner's output)."""
    r = subprocess.run([runner, os.path.join(SCN, name + ".scn")],
                       capture_output=True, text=True)
    return r.returncode == 0, r.stdout + r.stderr


def check(tmp, real, scn, what, old, new):
    """One mutant: True if its scenario passes the real rules and fails it."""
    ok, out = run(real, scn)
    if not ok:
        print(f"FAIL {scn}: fails against the real rules\n{out}")
        return False
    rules = open(os.path.join(DECK, "game.rules")).read()
    if rules.count(old) != 1:
        print(f"FAIL {scn}: the text to break is found {rules.count(old)} times, not once")
        return False
    deck = os.path.join(tmp, scn, "last-minute")
    shutil.copytree(DECK, deck)
    with open(os.path.join(deck, "game.rules"), "w") as f:
        f.write(rules.replace(old, new))
    err = build(deck, os.path.join(tmp, scn, "runner"))
    if err:
        print(f"FAIL {scn}: the mutant ({what}) does not build\n{err}")
        return False
    ok, out = run(os.path.join(tmp, scn, "runner"), scn)
    if ok:
        print(f"FAIL {scn}: passes with {what}")
        return False
    why = next((l.strip() for l in out.splitlines() if ".scn:" in l), "")
    why = why.replace(SCN + os.sep, "")
    print(f"ok {scn}: fails with {what} ({why})")
    return True


def main():
    only = set(sys.argv[1:])
    chosen = [m for m in MUTANTS if not only or m[0] in only]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="lm-mutants.") as tmp:
        real = os.path.join(tmp, "real")
        err = build(DECK, real)
        if err:
            print(f"mutants: the real rules do not build\n{err}")
            return 1
        for scn, what, old, new in chosen:
            if not check(tmp, real, scn, what, old, new):
                failed += 1
    print(f"mutants: {len(chosen) - failed} caught, {failed} not")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
