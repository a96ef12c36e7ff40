// The page of one seat of `GAME serve`. It reads the seat's protocol lines
// from /seat/N/events (server-sent events, each event's data one line of
// docs/INTERFACES.md §5), shows what they say, and posts the option
// clicked to /seat/N/answer as {"choose":ID}. It shows only what the
// server sent it, and the server sends each seat only its own lines.
"use strict";

const match = location.pathname.match(/^\/seat\/([0-9]+)$/);
const seat = match ? Number(match[1]) : 0;            // from 1
const key = new URLSearchParams(location.search).get("key") || "";
const base = "/seat/" + seat;
const query = "?key=" + encodeURIComponent(key);

const $ = (id) => document.getElementById(id);
let asked = 0;  // questions shown so far: an answer's reply may come after the next one

function text(tag, s, cls) {
  const e = document.createElement(tag);
  e.textContent = s;
  if (cls) e.className = cls;
  return e;
}

function playerName(p) {
  return p === null || p === undefined ? "nobody" : "Player " + (p + 1);
}

// A place of a move or a view's entry: "tableau of Player 2".
function placeName(z) {
  if (!z) return "nowhere";
  let s = z.zone;
  if (z.player !== undefined) s += " of " + playerName(z.player);
  if (z.holder !== undefined) s += " under " + (z.holder === null ? "a card" : z.holder);
  return s;
}

function log(s) {
  $("log").prepend(text("li", s));
}

function showZones(view) {
  const body = $("zones").tBodies[0];
  body.replaceChildren();
  for (const z of view.zones) {
    const row = document.createElement("tr");
    row.append(text("td", placeName(z)));
    if (z.cards) {
      row.append(text("td", z.cards.length ? z.cards.join(", ") : "(empty)"));
    } else {
      let s = z.size + (z.size === 1 ? " card" : " cards") + ", not shown to you";
      if (z.shown && z.shown.length) s += "; shown: " + z.shown.map((c) => c.card).join(", ");
      row.append(text("td", s, "unseen"));
    }
    body.append(row);
  }
}

function showNumbers(view) {
  const list = $("numbers");
  list.replaceChildren();
  for (const n of view.numbers || []) {
    const who = n.player === undefined ? "" : " of " + playerName(n.player);
    list.append(text("li", n.name + who + ": " + String(n.value)));
  }
  let t = "";
  if (view.active !== undefined) t = "Turn of " + playerName(view.active);
  if (view.round !== undefined) t += ", round " + view.round;
  if (view.phase) t += ", " + view.phase;
  $("time").textContent = t;
}

function setIdle(message) {
  $("question-box").className = "idle";
  $("prompt").textContent = message;
  $("options").replaceChildren();
}

async function choose(id) {
  const question = asked;
  for (const b of $("options").children) b.disabled = true;
  $("error").textContent = "";
  const r = await fetch(base + "/answer" + query, {
    method: "POST", body: JSON.stringify({ choose: id }) + "\n" });
  if (r.ok) {
    // answers taken since the page loaded (tests/serve/browser.py reads it)
    document.body.dataset.taken = Number(document.body.dataset.taken || 0) + 1;
  }
  if (question !== asked) return;  // the next question is already shown
  if (r.ok) {
    setIdle("Waiting for the other players...");
    return;
  }
  let message = r.status + " " + r.statusText;
  try { message = (await r.json()).message; } catch (e) { /* not JSON */ }
  if (r.status === 409) setIdle("Waiting for the other players...");
  else for (const b of $("options").children) b.disabled = false;
  $("error").textContent = message;
}

function onDecision(m) {
  asked++;
  showZones(m.view);
  showNumbers(m.view);
  $("question-box").className = "";
  $("prompt").textContent = m.prompt;
  const options = $("options");
  options.replaceChildren();
  for (const o of m.options) {
    const b = text("button", o.label);
    b.dataset.id = o.id;
    b.addEventListener("click", () => choose(o.id));
    options.append(b);
  }
  $("status").textContent = "Your turn to choose.";
}

function onEnd(m) {
  let s = "Game over";
  if (m.result === "draw") s += ": a draw";
  else if (m.winners && m.winners.length) s += ": " + m.winners.map(playerName).join(" and ") +
    (m.winners.length > 1 ? " win" : " wins");
  else if (m.result) s += ": " + m.result;
  if (m.reason) s += " (" + m.reason + ")";
  s += ". Scores: " + m.scores.join(", ") + ".";
  $("status").textContent = s;
  $("status").className = "over";
  setIdle("The game is over.");
}

const handlers = {
  decision: onDecision,
  end: onEnd,
  move: (m) => log((m.card === null ? "A card" : m.card) + " moves from " +
                   placeName(m.from) + " to " + placeName(m.to)),
  chosen: (m) => log(playerName(m.player) + " chooses " + m.label + " (" + m.prompt + ")"),
  show: (m) => log("Shown to " + m.to.map(playerName).join(", ") + ": " + m.cards.join(", ") +
                   " (" + placeName(m.zone) + ")"),
  out: (m) => log(playerName(m.player) + " is out of the game (turn " + m.turn + ")"),
  responses: (m) => log("Answers: " + m.responses.map((r) => r.label).join(", ")),
};

function start() {
  $("title").textContent = "Seat " + seat + " (Player " + seat + ")";
  document.title = "Player " + seat;
  const events = new EventSource(base + "/events" + query);
  events.onopen = () => {
    if ($("status").textContent === "Connecting...") $("status").textContent = "Waiting...";
  };
  events.onmessage = (e) => {
    const m = JSON.parse(e.data);
    const h = handlers[m.type];
    if (h) h(m);
    if (m.type !== "decision" && m.type !== "end" && $("status").className !== "over") {
      // a line after a question means it was answered: the game waits for no one else
      setIdle("Waiting for the other players...");
      $("status").textContent = "Waiting for the other players...";
    }
  };
  // "asking": whether a question of this seat is pending, once the page has
  // every line (not a protocol line); false: the last question was answered
  events.addEventListener("asking", (e) => {
    if (e.data === "false" && $("status").className !== "over") {
      setIdle("Waiting for the other players...");
      $("status").textContent = "Waiting for the other players...";
    }
  });
  events.onerror = () => {
    if ($("status").className !== "over") $("status").textContent = "Connection lost; retrying...";
  };
}

start();
