// The seat page of a class table (boardkit serve): shows the SVG the server drew for this
// seat, reports clicks, drags and keys through the board's own front end (board.js) as the
// notebook's board does, and redraws on every push over the WebSocket.
//
// The token is read from the page address's fragment (#token=...), which browsers never send
// to a server, and then travels only in an Authorization header (and in the WebSocket's
// query, where no header can be set). Nothing here decides what is legal: the server does.
//
// The token is read once, so a new fragment is a new page (page.js): pasting another link of
// the same table into this tab closes the WebSocket, empties the page and loads it again, so
// nothing of the old seat stays (it keeps nothing in storage) and the new token opens what it
// opens.
import board from "./board.js";
import { boardModel } from "./board-model.js";
import { fragmentToken, reloadOnNewFragment } from "./page.js";

const table = document.body.dataset.table;
const token = fragmentToken();
const api = `/api/tables/${encodeURIComponent(table)}`;
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ the board's model
const model = boardModel((msg) => sendMessage(msg));

let shown = { server: null, revision: -1 };
let socket = null;
// true once the address's token changed: this page shows nothing more
const leaving = reloadOnNewFragment(() => {
  if (socket) socket.close();
  document.title = "boardkit table";
});
let lastDragMove = 0;
let legal = [];

// Whether `view` is at least as new as the one on the page: the server counts every change
// (a move, the teacher's undo, a seat changing hands) in `revision`, again from 0 when it
// restarts (`server` names its run). An undo makes the moves fewer, so they cannot tell.
function isCurrent(view) {
  if (view.server !== shown.server) return true;
  return typeof view.revision !== "number" || view.revision >= shown.revision;
}

// what the table plays beyond the rulebook's game (a house rule being playtested, an
// option): said under the title, so nobody at the table plays another game than theirs
function playedWith(items) {
  const box = $("played-with");
  box.textContent = "";
  box.hidden = !items || !items.length;
  if (box.hidden) return;
  box.append("this table plays with ");
  items.forEach((item, i) => {
    const simple = item.house_rule ? item.name.split(".").pop() : item.name;
    const value = item.value === true ? "" : ` ${item.value === null ? "none" : typeof item.value === "object" ? JSON.stringify(item.value) : item.value}`;
    const name = document.createElement("b");
    name.textContent = `${item.house_rule ? "house rule " : ""}${simple.replace(/_/g, " ")}${value}`;
    box.append(i ? "; " : "", name, item.text ? `: ${item.text}` : "");
  });
}

function show(view) {
  if (leaving() || !isCurrent(view)) return; // another token's page now, or an older push
  shown = { server: view.server, revision: view.revision };
  $("title").textContent = `${view.title} · table ${view.table}`;
  playedWith(view.played_with);
  const who = view.seat === null || view.seat === undefined ? `viewing: ${view.viewer}` : `you are P${view.seat + 1}`;
  const status = $("status");
  status.textContent = "";
  const turn = document.createElement("span");
  turn.className = view.your_turn ? "seat-turn" : "";
  turn.textContent = view.your_turn ? `your turn: ${view.status}` : view.status;
  status.append(`${who} · `, turn);
  if (view.is_over && Array.isArray(view.scores)) {
    status.append(` · scores: ${view.scores.join(", ")}`);
  }
  if (view.note) note(view.note);
  line("notice", view.notice || "");
  line("agent-error", view.agent_error ? view.agent_error.message : "");
  model.set("legal", view.legal_targets || []);
  model.set("svg", view.svg || "");
  legal = view.legal_actions || [];
  const select = $("moves");
  // a push (the same position again, a note) must not drop the move the student picked
  const picked = select.selectedIndex >= 0 ? select.options[select.selectedIndex].textContent : null;
  select.textContent = "";
  (view.legal_labels || []).forEach((label, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = label;
    option.selected = label === picked;
    select.append(option);
  });
  $("move-count").textContent = String(legal.length);
  $("play").disabled = legal.length === 0;
  const log = $("log");
  log.textContent = "";
  const entries = (view.observation && view.observation.log) || [];
  for (const text of entries) {
    const item = document.createElement("li");
    item.textContent = text;
    log.append(item);
  }
  $("log-count").textContent = String(entries.length);
  log.scrollTop = log.scrollHeight;
}

function line(id, text) {
  const box = $(id);
  box.textContent = text;
  box.hidden = !text;
}

function note(text, error = false) {
  const box = $("message");
  box.textContent = "";
  if (!text) return;
  const line = document.createElement("div");
  line.className = error ? "seat-error bk-error" : "seat-note bk-note";
  line.textContent = text;
  box.append(line);
}

async function post(path, body) {
  const response = await fetch(`${api}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch (err) {
    answer = { error: `${response.status} ${response.statusText}` };
  }
  if (leaving()) return null; // an answer to the old token: the page is going
  if (!response.ok) {
    const rule = answer.rule ? ` (rule ${answer.rule})` : "";
    note(`✗ ${answer.message || answer.error || response.status}${rule}`, true);
    return null;
  }
  note("");
  show(answer);
  return answer;
}

function sendMessage(msg) {
  if (!msg) return;
  if (msg.kind === "drag" && msg.phase === "move") {
    const now = Date.now();
    if (now - lastDragMove < 150) return; // a ghost that follows the pointer a few times a second
    lastDragMove = now;
  }
  post("intent", { message: msg });
}

$("play").addEventListener("click", () => {
  const select = $("moves");
  if (select.selectedIndex < 0) { // an empty value would read as 0: the first move, unasked
    note("pick a move in the list first", true);
    return;
  }
  const i = Number(select.value);
  if (Number.isInteger(i) && legal[i]) post("actions", { action: legal[i] });
});

// ------------------------------------------------------------------ live updates
let retry = 500;
function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const mine = new WebSocket(`${scheme}://${window.location.host}${api}/ws?token=${encodeURIComponent(token)}`);
  socket = mine;
  mine.addEventListener("open", () => {
    if (leaving()) return;
    retry = 500;
    $("connection").textContent = "connected";
  });
  mine.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.kind === "view") show(msg.view);
  });
  mine.addEventListener("close", (event) => {
    if (leaving()) return;
    if (event.code >= 4400 && event.code < 4500) {
      $("connection").textContent = `refused: ${event.reason || event.code}`;
      $("status").textContent = "this link does not open a seat (ask your teacher for yours)";
      return;
    }
    $("connection").textContent = "disconnected: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

board.render({ model, el: $("canvas") });
if (!token) {
  $("status").textContent = "no seat in this address: open the link your teacher gave you";
} else {
  connect();
}
