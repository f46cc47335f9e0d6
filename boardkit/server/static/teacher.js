// The teacher's page of the class server (boardkit serve): open tables, hand out the seats'
// and the spectators' links, watch a table (the public view or everything), take a move back,
// hand a seat to a person or an agent. Everything goes through the server's JSON API, as a
// `curl` would: this page decides nothing and holds no state of its own but the links the
// server gave it (kept in this tab's sessionStorage: the server stores tokens hashed, so it
// can make a new link but never show an old one again).
//
// The teacher's token is read from the address's fragment (#token=...), which browsers never
// send to a server; it travels in an Authorization header (and in the WebSocket's query, where
// no header can be set, masked in the server's log). It is read once, so a new fragment is a
// new page (page.js): the page stops watching, empties itself and loads again, so it never
// acts or shows with a token its address no longer holds. The links kept in this
// tab are shown again only to a page the server takes for the teacher's.
import board from "./board.js";
import { boardModel } from "./board-model.js";
import { fragmentToken, reloadOnNewFragment } from "./page.js";

const $ = (id) => document.getElementById(id);
let token = fragmentToken();
// true once the address's token changed: this page asks and shows nothing more
const leaving = reloadOnNewFragment(() => stopWatching());
let games = [];
const rows = new Map(); // table id -> {tr, seatsKey}
const REFRESH_MS = 2000;
const LINKS_KEY = `boardkit-links:${window.location.host}`;

// ------------------------------------------------------------------ the API
async function api(method, path, body) {
  if (leaving()) return new Promise(() => {}); // the page is going: no answer to show
  const init = { method, headers: { Authorization: `Bearer ${token}` } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (leaving()) return new Promise(() => {});
    return { ok: false, status: 0, data: { error: `the server does not answer (${err})` } };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = { error: `${response.status} ${response.statusText}` };
  }
  if (leaving()) return new Promise(() => {});
  return { ok: response.ok, status: response.status, data };
}

function refusal(data) {
  const rule = data && data.rule ? ` (rule ${data.rule})` : "";
  return `✗ ${(data && (data.message || data.error)) || "refused"}${rule}`;
}

function say(id, text, error = false) {
  const box = $(id);
  box.textContent = text;
  box.className = error ? "teacher-error" : "teacher-ok";
}

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// ------------------------------------------------------------------ links kept in this tab
// A table's links are kept under its number and the time it was opened: a server started
// again on another class's database numbers its tables from 1 again, and its table 1 must not
// show the links of the table 1 this tab saw before (the server would refuse them anyway).
function tableKey(row) {
  return `${row.table}@${row.opened}`;
}

function links() {
  try {
    return JSON.parse(sessionStorage.getItem(LINKS_KEY) || "{}");
  } catch (err) {
    return {};
  }
}

function keepLink(table, key, url) {
  const all = links();
  all[table] = all[table] || {};
  if (url) all[table][key] = url;
  else delete all[table][key];
  sessionStorage.setItem(LINKS_KEY, JSON.stringify(all));
}

function linkOf(table, key) {
  return (links()[table] || {})[key] || "";
}

async function copy(input, button) {
  input.focus();
  input.select();
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      done = true;
    }
  } catch (err) {
    done = false;
  }
  if (!done) {
    try {
      done = document.execCommand("copy");
    } catch (err) {
      done = false;
    }
  }
  button.textContent = done ? "copied" : "selected: copy it";
  setTimeout(() => {
    button.textContent = "copy";
  }, 1500);
}

// ------------------------------------------------------------------ the form
function gameOf(name) {
  return games.find((g) => g.name === name);
}

function seatChoices() {
  const game = gameOf($("game").value);
  const box = $("seat-choices");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.textContent = "";
  const n = Number($("players").value);
  if (!game || !Number.isInteger(n)) return;
  for (let seat = 0; seat < n; seat += 1) {
    const select = element("select", { id: `seat-${seat}`, dataset: { seat: String(seat) } });
    select.append(element("option", { value: "" }, "a person"));
    for (const name of game.agents) select.append(element("option", { value: name }, name));
    if (before[seat] !== undefined && [...select.options].some((o) => o.value === before[seat])) {
      select.value = before[seat];
    }
    box.append(element("label", {}, `P${seat + 1} `, select));
  }
}

// One control per variant option the game declares (a VariantOption: yes/no, a choice, a
// whole number) and per house rule; what no control fits is given as JSON below them.
function shown(value) {
  return value === null ? "none" : String(value);
}

function optionRow(control, key, name, text) {
  control.id = `${control.dataset.option ? "option" : "rule"}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const label = element("label", { htmlFor: control.id, className: "name" }, name.replace(/_/g, " "));
  return element("div", { className: "option" }, label, control, element("span", { className: "what" }, text));
}

function control(kind, values, value, data, low, high, optional) {
  data.default = JSON.stringify(value);
  if (kind === "bool") {
    return element("input", { type: "checkbox", checked: value === true, dataset: data });
  }
  if (kind === "choice") {
    const select = element("select", { dataset: data });
    for (const v of values) select.append(element("option", { value: JSON.stringify(v) }, shown(v)));
    select.value = JSON.stringify(value);
    return select;
  }
  const input = element("input", { type: "number", step: "1", dataset: data,
                                   value: value === null ? "" : String(value),
                                   placeholder: optional ? "none" : "" });
  if (low !== null && low !== undefined) input.min = String(low);
  if (high !== null && high !== undefined) input.max = String(high);
  return input;
}

function formOptions(game) {
  const options = $("variant-options");
  const rules = $("house-rules");
  options.textContent = "";
  rules.textContent = "";
  const other = [];
  for (const o of game.options || []) {
    if (o.kind === "other") {
      other.push(o);
      continue;
    }
    const box = control(o.kind, o.values, o.default, { option: o.name, kind: o.kind }, o.low, o.high, o.optional);
    options.append(optionRow(box, o.name, o.name, o.text));
  }
  for (const [key, rule] of Object.entries(game.house_rules || {})) {
    const yesNo = JSON.stringify(rule.values) === "[false,true]";
    const box = control(yesNo ? "bool" : "choice", rule.values, rule.default, { rule: key, kind: yesNo ? "bool" : "choice" });
    rules.append(optionRow(box, key, `house rule: ${key.split(".").pop()}`, rule.text));
  }
  $("options-box").hidden = !options.children.length && !rules.children.length;
  $("variant-hint").textContent = other.length
    ? "options without a control above: " +
      other.map((o) => `"${o.name}" (${o.text}; default ${JSON.stringify(o.default)})`).join("; ")
    : "every option of this game has its control above";
  $("params-hint").textContent =
    `any rule parameter by its dotted name, {"section.name": value}: boardkit rules ${game.name} ` +
    "lists them; a house rule is set with its control above";
}

function gameChosen() {
  const game = gameOf($("game").value);
  if (!game) return;
  const players = $("players");
  players.min = String(game.min_players);
  players.max = String(game.max_players);
  players.value = String(game.default_players);
  $("variant").value = "";
  $("variant").placeholder = "{}";
  $("params").value = "";
  $("params").placeholder = "{}";
  formOptions(game);
  seatChoices();
}

function parsed(id, field) {
  const text = $(id).value.trim();
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new Error("expected an object");
    }
    return value;
  } catch (err) {
    throw new Error(`${field}: not a JSON object (${err.message})`);
  }
}

function controlValue(box, name) {
  if (box.type === "checkbox") return box.checked;
  if (box.tagName === "SELECT") return JSON.parse(box.value);
  const text = box.value.trim();
  if (text === "" && box.validity.valid) return null;
  const n = Number(text);
  if (text === "" || !Number.isInteger(n)) throw new Error(`${name}: a whole number, or empty for none`);
  return n;
}

// the settings the form shows: the controls that differ from the game's defaults, and the
// JSON below them for what has no control (a key that has one is refused, not overruled)
function formSettings() {
  const out = {};
  for (const [kind, box, field, label] of [["option", "variant-options", "variant", "other options"],
                                           ["rule", "house-rules", "params", "rule parameters"]]) {
    const chosen = {};
    for (const c of $(box).querySelectorAll(`[data-${kind}]`)) {
      const name = c.dataset[kind];
      const value = controlValue(c, name);
      if (JSON.stringify(value) !== c.dataset.default) chosen[name] = value;
    }
    const extra = parsed(field, label);
    for (const key of Object.keys(extra)) {
      if ($(box).querySelector(`[data-${kind}="${CSS.escape(key)}"]`)) {
        throw new Error(`${label}: "${key}" has its control above; set it there`);
      }
    }
    out[field] = { ...extra, ...chosen };
  }
  return out;
}

async function openTable(event) {
  event.preventDefault();
  let body;
  let count;
  try {
    const players = Number($("players").value);
    count = Number($("count").value);
    if (!Number.isInteger(count) || count < 1 || count > 40) {
      throw new Error("tables: a whole number from 1 to 40");
    }
    body = {
      game: $("game").value,
      players,
      seed: Number($("seed").value),
      ...formSettings(),
      agents: [...$("seat-choices").querySelectorAll("select")].map((s) => s.value || null),
      undo: $("undo-option").value,
    };
  } catch (err) {
    say("open-message", `✗ ${err.message}`, true);
    return;
  }
  // several tables are opened one after the other; the first refusal stops the rest
  const each = $("deal").value === "each";
  const opened = [];
  $("open").disabled = true;
  try {
    for (let i = 0; i < count; i += 1) {
      const answer = await api("POST", "/api/tables", { ...body, seed: each ? body.seed + i : body.seed });
      if (!answer.ok) {
        const before = opened.length ? `${tablesText(opened)} open; the next was refused: ` : "";
        say("open-message", `${before}${refusal(answer.data)}`, true);
        return;
      }
      const made = answer.data;
      for (const seat of made.seats) keepLink(tableKey(made), `seat-${seat.seat}`, seat.url);
      keepLink(tableKey(made), "spectator", made.spectator.url);
      opened.push(made.table);
    }
    say("open-message", `${tablesText(opened)} open: ${opened.length > 1 ? "their" : "its"} links are in the list below`);
  } finally {
    $("open").disabled = false;
    await refresh();
  }
}

function tablesText(numbers) {
  if (numbers.length === 1) return `table ${numbers[0]} is`;
  return `tables ${numbers[0]} to ${numbers[numbers.length - 1]} are`;
}

function dealChoice() {
  const several = Number($("count").value) > 1;
  $("deal-box").hidden = !several;
  $("open").textContent = several ? "open the tables" : "open the table";
}

// ------------------------------------------------------------------ the list of tables
function linkBox(table, key, label, renew) {
  const url = linkOf(table, key);
  const input = element("input", {
    className: "link",
    readOnly: true,
    value: url,
    placeholder: "given in another tab: make a new link",
    dataset: { link: key },
    "aria-label": `${label}'s link`,
  });
  const copyButton = element("button", { type: "button", disabled: !url, dataset: { copy: key } }, "copy");
  copyButton.addEventListener("click", () => copy(input, copyButton));
  const renewButton = element("button", { type: "button", dataset: { renew: key } }, "new link");
  renewButton.addEventListener("click", renew);
  return [input, copyButton, renewButton];
}

function handOver(row, seat) {
  const game = gameOf(row.game);
  const select = element("select", { dataset: { hand: String(seat) }, "aria-label": `hand P${seat + 1} to` });
  select.append(element("option", { value: "" }, "a person (new link)"));
  for (const name of game ? game.agents : []) select.append(element("option", { value: name }, name));
  select.value = row.agents[seat] || "";
  const button = element("button", { type: "button", dataset: { handOver: String(seat) } }, "hand over");
  button.addEventListener("click", async () => {
    const agent = select.value || null;
    const answer = await api("POST", `/api/tables/${row.table}/seats/${seat}`, { agent });
    if (!answer.ok) {
      say("tables-message", refusal(answer.data), true);
      return;
    }
    keepLink(tableKey(row), `seat-${seat}`, answer.data.url);
    say("tables-message", agent
      ? `table ${row.table}: ${agent} plays P${seat + 1} now`
      : `table ${row.table}: P${seat + 1} has a new link (the old one opens nothing now)`);
    await refresh();
  });
  return [element("span", { className: "teacher-quiet" }, " hand to "), select, button];
}

function seatsCell(row) {
  const list = element("ul", { className: "seats" });
  row.agents.forEach((agent, seat) => {
    const item = element("li", { dataset: { seat: String(seat) } },
      element("b", {}, `P${seat + 1} `),
      element("span", { className: "who" }, agent ? `${agent} (computer) ` : "a person "));
    if (!agent) {
      item.append(...linkBox(tableKey(row), `seat-${seat}`, `P${seat + 1}`, async () => {
        const answer = await api("POST", `/api/tables/${row.table}/seats/${seat}`, { agent: null });
        if (!answer.ok) {
          say("tables-message", refusal(answer.data), true);
          return;
        }
        keepLink(tableKey(row), `seat-${seat}`, answer.data.url);
        say("tables-message", `table ${row.table}: P${seat + 1} has a new link (the old one opens nothing now)`);
        await refresh(true);
      }));
    }
    if (!row.is_over) item.append(...handOver(row, seat));
    list.append(item);
  });
  list.append(element("li", { dataset: { spectator: "" } }, element("b", {}, "spectators "),
    ...linkBox(tableKey(row), "spectator", "the spectators", async () => {
      const answer = await api("POST", `/api/tables/${row.table}/spectator`);
      if (!answer.ok) {
        say("tables-message", refusal(answer.data), true);
        return;
      }
      keepLink(tableKey(row), "spectator", answer.data.url);
      say("tables-message", `table ${row.table}: a new spectators' link (the others still work)`);
      await refresh(true);
    })));
  return list;
}

function statusText(row) {
  if (row.broken) return `cannot be rebuilt: ${row.broken}`;
  if (row.is_over) {
    const won = (row.winners || []).map((p) => `P${p + 1}`);
    const result = won.length ? `${won.join(" and ")} won` : "nobody won";
    const scores = (row.scores || []).map((s, p) => `P${p + 1} ${Number.isInteger(s) ? s : s.toFixed(1)}`);
    return `over: ${result}${scores.length ? ` (${scores.join(", ")})` : ""}`;
  }
  if (row.turn === null || row.turn === undefined) return "playing";
  const who = row.agents[row.turn] ? `the computer (${row.agents[row.turn]})` : "a person";
  return `P${row.turn + 1} to move (${who})`;
}

function statusCell(row) {
  const cell = element("div", {}, element("span", { className: "status" }, statusText(row)));
  if (row.undo === "off") cell.append(element("div", { className: "teacher-quiet" }, "undo: off"));
  const error = row.agent_error;
  if (error) {
    const retry = element("button", { type: "button", dataset: { retry: String(error.seat) } }, "let it try again");
    retry.addEventListener("click", async () => {
      const answer = await api("POST", `/api/tables/${row.table}/seats/${error.seat}`, { agent: error.agent });
      say("tables-message", answer.ok ? `table ${row.table}: ${error.agent} tries again` : refusal(answer.data), !answer.ok);
      await refresh();
    });
    cell.append(element("div", { className: "teacher-error agent-error" },
      `⚠ ${error.message}: ${error.error}${error.rule ? ` (rule ${error.rule})` : ""} `, retry));
  }
  return cell;
}

async function undo(table, where) {
  const answer = await api("POST", `/api/tables/${table}/undo`);
  if (answer.ok) say(where, `table ${table}: ${answer.data.notice}`);
  else say(where, refusal(answer.data), true);
  await refresh();
  return answer.ok;
}

function actionsCell(row) {
  const watchButton = element("button", { type: "button", dataset: { watch: String(row.table) } }, "watch");
  watchButton.addEventListener("click", () => watch(row.table));
  const undoButton = element("button", { type: "button", dataset: { undo: String(row.table) }, disabled: row.undo === "off" || !row.moves }, "undo");
  undoButton.addEventListener("click", () => undo(row.table, "tables-message"));
  return element("div", { className: "actions" }, watchButton, " ", undoButton);
}

// what a table plays with beyond the rulebook's game: tables that try a house rule and
// tables that do not are told apart at a glance
function settingsText(row) {
  const text = (value) => (value !== null && typeof value === "object" ? JSON.stringify(value) : shown(value));
  const named = ([key, value]) => (value === true ? key : `${key} ${text(value)}`).replace(/_/g, " ");
  return [`seed ${row.seed}`, ...Object.entries(row.variant || {}).map(named),
          ...Object.entries(row.params || {}).map(named)].join(" · ");
}

function showRow(row) {
  let entry = rows.get(row.table);
  if (!entry) {
    const tr = element("tr", { id: `table-${row.table}`, dataset: { table: String(row.table) } });
    for (const name of ["table", "game", "seats", "moves", "status", "actions"]) {
      tr.append(element("td", { className: `col-${name}` }));
    }
    $("table-rows").append(tr);
    entry = { tr, seatsKey: null, statusKey: null, actionsKey: null };
    rows.set(row.table, entry);
  }
  const cells = entry.tr.children;
  cells[0].textContent = String(row.table);
  cells[1].replaceChildren(element("span", { className: "game-name" }, row.game || ""));
  if (!row.broken) cells[1].append(element("div", { className: "settings teacher-quiet" }, settingsText(row)));
  if (row.broken) {
    cells[4].textContent = statusText(row);
    return;
  }
  // rebuilt only when they change: a select the teacher is choosing in stays open
  const seatsKey = JSON.stringify([row.agents, row.is_over, links()[tableKey(row)] || {}]);
  if (seatsKey !== entry.seatsKey) {
    cells[2].replaceChildren(seatsCell(row));
    entry.seatsKey = seatsKey;
  }
  cells[3].textContent = String(row.moves);
  const statusKey = JSON.stringify([statusText(row), row.undo, row.agent_error]);
  if (statusKey !== entry.statusKey) {
    cells[4].replaceChildren(statusCell(row));
    entry.statusKey = statusKey;
  }
  const actionsKey = JSON.stringify([row.undo, row.moves > 0]);
  if (actionsKey !== entry.actionsKey) {
    cells[5].replaceChildren(actionsCell(row));
    entry.actionsKey = actionsKey;
  }
}

// the games as data: fetched with the teacher's token (a plain link could not carry it) and
// handed to the browser as a file
async function downloadGames() {
  if (leaving()) return;
  $("export").disabled = true;
  try {
    const r = await fetch("/api/export.csv", { headers: { Authorization: `Bearer ${token}` } });
    if (!r.ok) {
      let data;
      try {
        data = await r.json();
      } catch (err) {
        data = { error: `the server answered ${r.status}` };
      }
      say("tables-message", refusal(data), true);
      return;
    }
    const url = URL.createObjectURL(await r.blob());
    const link = element("a", { href: url, download: "playtests.csv" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    say("tables-message", "every game is in playtests.csv (your downloads)");
  } catch (err) {
    say("tables-message", `✗ the download failed: ${err.message}`, true);
  } finally {
    $("export").disabled = false;
  }
}

// every link this tab holds, one per line, to paste where the class reads it
function allLinks(tables) {
  const lines = [];
  for (const row of tables) {
    if (row.broken) continue;
    const kept = links()[tableKey(row)] || {};
    for (let seat = 0; seat < row.players; seat += 1) {
      if (kept[`seat-${seat}`] && !row.agents[seat]) lines.push(`table ${row.table} (${row.game}), P${seat + 1}: ${kept[`seat-${seat}`]}`);
    }
    if (kept.spectator) lines.push(`table ${row.table} (${row.game}), spectators: ${kept.spectator}`);
  }
  const text = lines.join("\n");
  if ($("all-links").value !== text) $("all-links").value = text;
  $("all-links-box").hidden = !lines.length;
}

let refreshing = null;
async function refresh(force = false) {
  if (force) for (const entry of rows.values()) entry.seatsKey = null;
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const answer = await api("GET", "/api/tables");
    if (!answer.ok) {
      $("connection").textContent = answer.status === 0 ? answer.data.error : refusal(answer.data);
      return;
    }
    $("connection").textContent = "";
    for (const row of answer.data.tables) showRow(row);
    $("no-tables").hidden = answer.data.tables.length > 0;
    allLinks(answer.data.tables);
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
}

// ------------------------------------------------------------------ watching a table
const model = boardModel(() => {}); // the teacher watches: the seats play

let watching = null; // {table, as, socket, shown: {server, revision}}
let retry = 500;

function watchAs() {
  const checked = document.querySelector('input[name="watch-as"]:checked');
  return checked ? checked.value : "public";
}

function line(id, text) {
  const box = $(id);
  box.textContent = text;
  box.hidden = !text;
}

function showWatched(view) {
  if (!watching || view.table !== watching.table) return;
  const seen = watching.shown;
  if (view.server === seen.server && typeof view.revision === "number" && view.revision < seen.revision) return;
  watching.shown = { server: view.server, revision: view.revision };
  $("watch-title").textContent = `${view.title} · table ${view.table}`;
  const eyes = view.viewer === "all" ? "everything (the teacher's view)" : "the public view";
  let status = `${eyes} · ${view.moves} moves · ${view.status}`;
  if (view.is_over && Array.isArray(view.scores)) status += ` · scores: ${view.scores.join(", ")}`;
  $("watch-status").textContent = status;
  line("watch-notice", view.notice || "");
  const error = view.agent_error;
  line("watch-error", error ? `${error.message}${error.error ? `: ${error.error}` : ""}` : "");
  model.set("legal", []);
  model.set("svg", view.svg || "");
  const log = $("watch-log");
  log.textContent = "";
  const entries = (view.observation && view.observation.log) || [];
  for (const text of entries) log.append(element("li", {}, text));
  $("watch-log-count").textContent = String(entries.length);
  log.scrollTop = log.scrollHeight;
}

function connectWatch() {
  if (!watching) return;
  const mine = watching;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const as = mine.as === "all" ? "&as=all" : "";
  const socket = new WebSocket(`${scheme}://${window.location.host}/api/tables/${mine.table}/ws?token=${encodeURIComponent(token)}${as}`);
  mine.socket = socket;
  socket.addEventListener("open", () => {
    retry = 500;
    $("watch-connection").textContent = "live";
  });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.kind === "view" && watching === mine) showWatched(msg.view);
  });
  socket.addEventListener("close", (event) => {
    if (watching !== mine || mine.socket !== socket) return; // a view we left
    if (event.code >= 4400 && event.code < 4500) {
      $("watch-connection").textContent = `refused: ${event.reason || event.code}`;
      return;
    }
    $("watch-connection").textContent = "disconnected: reconnecting…";
    setTimeout(() => {
      if (watching === mine) connectWatch();
    }, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

function stopWatching() {
  if (watching && watching.socket) {
    const socket = watching.socket;
    watching.socket = null;
    socket.close();
  }
  watching = null;
}

function watch(table) {
  stopWatching();
  watching = { table, as: watchAs(), socket: null, shown: { server: null, revision: -1 } };
  $("watch-box").hidden = false;
  $("watch-title").textContent = `table ${table}`;
  $("watch-message").textContent = "";
  model.set("svg", "");
  connectWatch();
}

// ------------------------------------------------------------------ start
async function start() {
  $("sign-in").hidden = true;
  $("main").hidden = false;
  const answer = await api("GET", "/api/games");
  if (!answer.ok) {
    $("main").hidden = true;
    $("sign-in").hidden = false;
    $("connection").textContent = refusal(answer.data);
    return;
  }
  games = answer.data.games;
  const select = $("game");
  select.textContent = "";
  for (const game of games) select.append(element("option", { value: game.name }, `${game.title} (${game.name})`));
  gameChosen();
  await refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, REFRESH_MS);
}

$("game").addEventListener("change", gameChosen);
$("players").addEventListener("input", seatChoices);
$("count").addEventListener("input", dealChoice);
$("export").addEventListener("click", downloadGames);
$("all-links-copy").addEventListener("click", () => copy($("all-links"), $("all-links-copy")));
$("open-form").addEventListener("submit", openTable);
$("watch-close").addEventListener("click", () => {
  stopWatching();
  $("watch-box").hidden = true;
});
$("watch-undo").addEventListener("click", () => {
  if (watching) undo(watching.table, "watch-message");
});
for (const radio of document.querySelectorAll('input[name="watch-as"]')) {
  radio.addEventListener("change", () => {
    if (watching) watch(watching.table);
  });
}
$("sign-in-form").addEventListener("submit", (event) => {
  event.preventDefault();
  token = $("token-input").value.trim();
  $("token-input").value = "";
  // the token stays in the fragment (never sent to the server), so a reload keeps it
  history.replaceState(null, "", `${window.location.pathname}#token=${encodeURIComponent(token)}`);
  start();
});

board.render({ model, el: $("watch-canvas") });
if (token) start();
else $("sign-in").hidden = false;
