"""`GAME serve` in headless Chromium, driven through chromedriver's W3C
WebDriver HTTP API with urllib (no Selenium).

    python3 tests/serve/browser.py build/bin/easy-school build/bin/school-control

For each game, two human seats, each page in a window of its own: the
games are played by clicking the pages' buttons until both pages say the
game is over (a page is reloaded twice on the way, and goes on from its
history). Beside the pages the test reads each seat's event stream
itself; the names of the cards that seat 2 held in its hand and that seat
1's stream never names must never be in seat 1's page (its whole HTML,
read after every click), and the other way round; and each page must have
shown some of its own hand's names (the check is not empty). Chromium and
chromedriver are Debian's (chromium, chromium-driver; tests/deps.sh): when
they are missing the test fails, saying so."""
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from served import TIMEOUT, Server, check, run_play, seat_sees, summary  # noqa: E402


class Driver:
    """A chromedriver and one session of headless Chromium."""

    def __init__(self, chromium, chromedriver):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.profile = tempfile.mkdtemp(prefix="serve-browser-")
        self.proc = subprocess.Popen([chromedriver, "--port=%d" % self.port],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise SystemExit("browser: chromedriver did not start")
            time.sleep(0.1)
        options = {"binary": chromium, "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--user-data-dir=" + self.profile]}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                                                 "goog:chromeOptions": options}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]
        self.s("POST", "/timeouts", {"script": TIMEOUT * 1000})  # taken() waits in the page
        self.first = self.s("GET", "/window")  # kept open: new windows open from it

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data,
                                     method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            return json.loads(r.read())["value"]

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def new_window(self, url):
        handle = self.s("POST", "/window/new", {"type": "window"})["handle"]
        self.s("POST", "/window", {"handle": handle})
        self.s("POST", "/url", {"url": url})
        return handle

    def switch(self, handle):
        self.s("POST", "/window", {"handle": handle})

    def page(self, html=True):
        """The page's status line, whether it is over, its enabled buttons'
        labels, and its whole HTML (or "" without html)."""
        return self.s("POST", "/execute/sync", {"args": [html], "script": """
            const buttons = [...document.querySelectorAll('#options button')];
            return {status: document.getElementById('status').textContent,
                    shown: buttons.length, error: document.getElementById('error').textContent,
                    taken: Number(document.body.dataset.taken || 0),
                    over: document.getElementById('status').className === 'over',
                    buttons: buttons.filter((b) => !b.disabled).map((b) => b.textContent),
                    html: arguments[0] ? document.documentElement.outerHTML : ""};"""})

    def click(self, index):
        found = self.s("POST", "/elements", {"using": "css selector", "value": "#options button"})
        element = list(found[index].values())[0]
        self.s("POST", "/element/%s/click" % element, {})

    def quit(self):
        try:
            self.s("DELETE", "")
        finally:
            self.proc.terminate()
            self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


def secret_names(game, truth, p):
    """The names of the cards that entered another seat's hand and were
    never where seat p (from 0) may see them, from the --reveal-all
    transcript of the game (and no part of a name p may see)."""
    moves = [json.loads(x) for x in truth if '"type":"move"' in x]
    held = {m["card"] for m in moves
            if m["to"] and m["to"]["zone"] == "hand" and m["to"].get("player") != p}
    seen = {m["card"] for m in moves
            if seat_sees(game, m["from"], p) or seat_sees(game, m["to"], p)}
    return {n for n in held - seen if not any(n in m for m in seen)}


def own_hand(game, truth, p):
    moves = [json.loads(x) for x in truth if '"type":"move"' in x]
    return {m["card"] for m in moves if m["to"] and m["to"]["zone"] == "hand"
            and m["to"].get("player") == p}


def taken(driver, before):
    """Waits for the page's answer to be taken (True) or refused (False: a
    question answered already, say); only an answer taken is the game's.
    The page is watched from inside (a MutationObserver), one call that
    returns when either shows: no asking again and again."""
    try:
        return driver.s("POST", "/execute/async", {"args": [before], "script": """
            const [before, done] = arguments;
            const settled = () => {
                if (Number(document.body.dataset.taken || 0) !== before) return done(true), true;
                if (document.getElementById('error').textContent) return done(false), true;
                return false;
            };
            if (settled()) return;
            const seen = new MutationObserver(() => settled() && seen.disconnect());
            seen.observe(document.documentElement,
                         {attributes: true, childList: true, characterData: true, subtree: true});"""})
    except urllib.error.HTTPError:  # the script's time ran out (TIMEOUT)
        return False


def play(driver, binary, game, seed, extra):
    sv = Server(binary, "--seed", str(seed), "--seats", "human,human", "--exit-when-done",
                *extra)
    streams = {seat: sv.stream(seat) for seat in (1, 2)}
    windows = {seat: driver.new_window(sv.urls[seat]) for seat in (1, 2)}
    rng, answers, reloads = random.Random(seed), [], 0
    html = {1: [], 2: []}
    deadline = time.monotonic() + TIMEOUT
    over = set()
    while len(over) < 2 and time.monotonic() < deadline:
        idle = True
        for seat, handle in windows.items():
            driver.switch(handle)
            state = driver.page()
            html[seat].append(state["html"])
            if state["over"]:
                over.add(seat)
            elif not state["shown"] and len(answers) >= 20 * (reloads + 1) and reloads < 2:
                # a page that waits (its answer taken) comes back: its history again
                driver.s("POST", "/refresh", {})
                reloads += 1
            elif state["buttons"]:
                pick = rng.randrange(len(state["buttons"]))
                driver.click(pick)
                if taken(driver, state["taken"]):
                    answers.append('{"choose":%d}' % pick)

                idle = False
        if idle:
            time.sleep(0.05)
    print("%s: %d clicks in the pages, %d reloads" % (game, len(answers), reloads))
    check("%s: pages were reloaded during the game" % game, reloads == 2)
    check("%s: the game played to its end by %d clicks in the pages" % (game, len(answers)),
          len(over) == 2)
    for seat, handle in windows.items():
        driver.switch(handle)
        state = driver.page()
        html[seat].append(state["html"])
        check("%s: seat %d's page says the game is over" % (game, seat),
              state["status"].startswith("Game over"), state["status"])
        driver.s("DELETE", "/window")
    driver.switch(driver.first)
    if len(over) < 2:
        sv.proc.terminate()
    rc, err = sv.wait()
    check("%s: the server exits 0 once both pages have the end" % game, rc == 0, err)
    for s in streams.values():
        s.close()
    truth = run_play(binary, ["--seats", "json,json", "--seed", str(seed), "--reveal-all",
                              *extra], answers)
    check("%s: the clicks replay the game the pages played" % game,
          truth and '"type":"end"' in truth[-1] and
          json.loads(truth[-1])["scores"] == json.loads(streams[1].lines[-1])["scores"])
    for seat in (1, 2):
        secrets = secret_names(game, truth, seat - 1)
        leaks = sorted({n for page in html[seat] for n in secrets if n in page})
        print("%s: seat %d: %d names it may never see" % (game, seat, len(secrets)))
        check("%s: seat %d's page never holds a card of another's hand it may not see "
              "(%d names)" % (game, seat, len(secrets)), not leaks, repr(leaks))
        check("%s: seat %d: the game had secrets from it" % (game, seat),
              secrets or game == "easy-school")
        own = own_hand(game, truth, seat - 1)
        shown = {n for page in html[seat] for n in own if n in page}
        check("%s: seat %d's page showed its own hand (%d of %d names)"
              % (game, seat, len(shown), len(own)), not own or shown)


def main():
    chromium = shutil.which("chromium")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        print("browser: FAIL: chromium and chromedriver are needed (Debian packages "
              "chromium and chromium-driver; sh tests/deps.sh installs them)")
        sys.exit(1)
    driver = Driver(chromium, chromedriver)
    try:
        for arg in sys.argv[1:]:
            binary, _, extra = arg.partition(":")
            game = os.path.basename(binary)
            play(driver, binary, game, 1, extra.split() if extra else [])
    finally:
        driver.quit()
    sys.exit(summary("browser"))


main()
