// The table page: connection to the server, seats, log, refusals, replay controls. The game
// itself is drawn by a table module: the game's own (/static/games/<name>.js) when it exists,
// else the generic table (./generic.js). See docs/protocol.md ("Table modules").

import { api, el, seatsAt } from "./api.js";
import { actionLabel } from "./generic.js";
import { showTurn, turnControls } from "./turn-notice.js";
import { addStrings, lang, languageButton, onLanguageChange, outcomeText, retiredReason, t, tOr, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const replayMode = params.get("replay") === "1";

const shell = {
  summary: null, // the table's public summary
  seat: null, // the seat played here (null: spectator)
  frame: null, // what is shown now
  module: null, // the mounted table module
  socket: null,
  pending: new Map(),
  nextRef: 1,
  retry: 0,
  frames: null, // replay frames
  step: 0,
  log: [], // the table's log as this seat reads it, kept from the `state` messages
  moduleUrl: null, // the table module's address (null: the generic table)
  hotSeat: null, // the module's hot seat: "switch" (at once), "hand-over" (behind a screen), null (none)
  handOver: null, // the seat a hot-seat hand-over screen waits for
  pinned: params.get("seat") !== null, // the seat was chosen (address, header): kept until a move
  firstFrame: true, // the connection's first state is still to come
  hint: null, // the hint shown: {version, action, text, chance} (null: none)
  asking: false, // an undo or a hint is on its way
};

function notice(text, kind = "error") {
  const box = $("notice");
  box.textContent = text || "";
  box.dataset.kind = kind;
  box.hidden = !text;
}

// A seat's name as shown: the game module's translation of it when there is one.
function displayName(name) {
  return tOr(`game.${shell.summary?.game}.seat.${name}`, name);
}

// A bot's name as shown: its translation when the game's texts or the shell's have one.
function botName(bot) {
  return tOr(`game.${shell.summary?.game}.bot.${bot}`, tOr(`bot.${bot}`, bot));
}

function seatName(seat) {
  return displayName(shell.summary?.seats?.[seat]?.name ?? `seat${seat + 1}`);
}

function chooseSeat() {
  if (params.get("watch") === "1") return null;
  const held = seatsAt(tableId);
  const wanted = params.get("seat");
  if (wanted !== null && held.some((h) => h.seat === Number(wanted))) return Number(wanted);
  return held.length ? held[0].seat : null;
}

function tokenOf(seat) {
  return seatsAt(tableId).find((h) => h.seat === seat)?.token ?? null;
}

// ----- table modules ------------------------------------------------------------------------

async function loadModule(url) {
  if (url) {
    try {
      return await import(url);
    } catch (err) {
      console.error("table module failed to load, using the generic table", err);
    }
  }
  return import("./generic.js");
}

function context() {
  return {
    t,
    lang,
    el,
    mode: replayMode ? "replay" : "play",
    seat: shell.seat,
    game: shell.summary.game_spec,
    options: shell.summary.options,
    seatName,
    tOr,
    act: (action) => act(action),
    // The game's whole event log as this seat reads it: the `events` message, resolving with
    // `{version, lines}`; in a replay, the lines of all its views.
    events: () => (replayMode ? Promise.resolve({ lines: replayLines() }) : request({ type: "events" })),
  };
}

async function mountModule(url) {
  shell.moduleUrl = url;
  const mod = await loadModule(url);
  addStrings(mod.strings);
  shell.hotSeat = ["switch", "hand-over"].includes(mod.hotSeat) ? mod.hotSeat : null;
  shell.module?.destroy?.();
  $("board").replaceChildren();
  shell.module = mod.mount($("board"), context());
}

// ----- rendering ----------------------------------------------------------------------------

function renderHeader() {
  const title = tOr(`game.${shell.summary?.game}.title`, shell.summary?.title ?? "");
  $("game-title").textContent = title;
  document.title = `${title} · ${t("app.name")}`;
  $("who").textContent = shell.seat === null ? t("table.spectator") : t("table.you", { seat: seatName(shell.seat) });
  const held = seatsAt(tableId);
  const box = $("seat-switch");
  box.replaceChildren();
  if (held.length > 1 && !replayMode) {
    box.append(t("table.switchSeat"), " ");
    for (const h of held) {
      const url = `/table/${encodeURIComponent(tableId)}?seat=${h.seat}`;
      const current = h.seat === shell.seat;
      const link = el(
        "a",
        { class: current ? "button small current" : "button small", href: url, "aria-current": current ? "true" : null, dataset: { seat: h.seat } },
        seatName(h.seat),
      );
      // The seat changes in place: no reload.
      link.addEventListener("click", (event) => {
        event.preventDefault();
        shell.pinned = true;
        switchSeat(h.seat);
      });
      box.append(link);
    }
  }
}

function renderConnection(state) {
  const box = $("connection");
  box.dataset.state = state;
  box.textContent = replayMode ? t("replay.title") : t(`table.${state}`);
}

function renderSeats(frame) {
  const acting = new Set(frame.acting || []);
  const held = new Set(seatsAt(tableId).map((h) => h.seat));
  $("seats").replaceChildren(
    ...frame.seats.map((s) => {
      // A seat this browser holds is the reader's own, played here in turn (hot seat).
      const mine = held.has(s.seat) && !replayMode;
      const bits = [s.kind === "ai" ? t("table.seat.ai", { bot: botName(s.bot) }) : mine ? t(s.seat === shell.seat ? "table.seat.you" : "table.seat.yours") : t("table.seat.human")];
      if (!s.claimed) bits.push(t("table.seat.waiting"));
      else if (!s.connected && !replayMode && !mine) bits.push(t("table.seat.offline"));
      return el(
        "li",
        { class: [acting.has(s.seat) ? "acting" : "", s.seat === shell.seat ? "me" : ""].join(" "), dataset: { seat: s.seat } },
        el("span", { class: "seat-dot", "aria-hidden": "true" }),
        el("strong", {}, displayName(s.name)),
        " ",
        el("span", { class: "muted" }, bits.join(" · ")),
        acting.has(s.seat) ? el("span", { class: "badge" }, t("table.seat.acting")) : null,
      );
    }),
  );
}

// A log entry's action as readable text in the interface's language: the table module's own
// wording (its `logText(entry)`) when it has one, else the generic label. `null` when the entry
// is hidden from this seat (the server sends no action then).
function logText(entry) {
  if (!entry || entry.action === null || entry.action === undefined) return null;
  try {
    const text = shell.module?.logText?.(entry);
    if (text) return text;
  } catch (err) {
    console.error("the table module could not word a log entry", err);
  }
  return actionLabel(entry);
}

// What a seat reads of another seat's secret action: the game's public text ("plays a move card"),
// translated when the game's module gives a text for it, else that the seat made a hidden move.
function hiddenText(entry) {
  const text = entry.public_text;
  if (text) return tOr(`game.${shell.summary.game}.public.${text}`, text);
  return t("table.logHidden", { seat: displayName(entry.seat_name) });
}

function renderLog(frame) {
  const list = $("log");
  const entries = frame.log || [];
  if (!entries.length) {
    list.replaceChildren(el("li", { class: "muted" }, t("table.logEmpty")));
    return;
  }
  list.replaceChildren(
    ...entries.map((e, i) =>
      el(
        "li",
        { class: i === entries.length - 1 ? "latest" : "", dataset: { index: e.index } },
        el("span", { class: "log-seat" }, displayName(e.seat_name)),
        e.ai ? el("span", { class: "ai-mark" }, t("table.aiMark")) : null,
        " ",
        e.action === null
          ? el("em", { class: "muted" }, hiddenText(e))
          : el("span", { class: "log-text", title: e.text, dataset: { action: e.text } }, logText(e)),
      ),
    ),
  );
  list.scrollTop = list.scrollHeight;
}

function renderStatus(frame) {
  const box = $("status");
  box.replaceChildren();
  if (frame.result) {
    const r = frame.result;
    box.append(
      el("strong", { class: "over" }, t("table.over")),
      " ",
      el("span", { class: "outcome", id: "outcome" }, t("table.outcome", { outcome: outcomeText(shell.summary.game, r) })),
      r.score !== null && r.score !== undefined ? ` · ${t("table.score", { score: r.score })}` : "",
      ` · ${t("table.returns", { returns: r.returns.map((v, i) => `${seatName(i)} ${v > 0 ? "+" : ""}${v}`).join(", ") })}`,
    );
    if (!replayMode && frame.status === "finished") {
      box.append(" ", el("a", { class: "button", id: "open-replay", href: `/table/${encodeURIComponent(tableId)}?replay=1` }, t("table.openReplay")));
    }
    return;
  }
  if (replayMode) {
    const last = frame.log[frame.log.length - 1];
    const who = last ? displayName(last.seat_name) : "";
    box.append(last ? `${who}: ${logText(last) ?? hiddenText(last)}` : t("replay.start"));
    return;
  }
  const acting = frame.acting || [];
  if (shell.seat !== null && acting.includes(shell.seat)) {
    box.append(el("strong", { class: "your-turn" }, t("table.waitingYou")));
  } else {
    box.append(t("table.waitingFor", { seats: acting.map(seatName).join(", ") }));
  }
}

// ----- hot seat -------------------------------------------------------------------------------

// The seat played here changes without a reload: a new connection with that seat's token, the
// table module mounted afresh for it.
async function switchSeat(seat) {
  if (seat === shell.seat && shell.handOver === null) return;
  shell.handOver = null;
  $("hand-over").hidden = true;
  $("who").hidden = false;
  $("table-layout").hidden = false;
  shell.seat = seat;
  history.replaceState(null, "", `/table/${encodeURIComponent(tableId)}?seat=${seat}`);
  const old = shell.socket;
  shell.socket = null;
  old?.close();
  shell.frame = null;
  shell.log = [];
  renderHeader();
  await mountModule(shell.moduleUrl);
  connect();
}

// The held seat to play next when this one is not to act: the first acting seat this browser
// holds, after this one in seat order (hot seat: every seat "Me").
function nextHeldSeat(frame) {
  if (replayMode || frame.status !== "playing" || shell.seat === null || params.get("watch") === "1") return null;
  const acting = frame.acting || [];
  if (acting.includes(shell.seat)) return null;
  const held = seatsAt(tableId).map((h) => h.seat);
  const waiting = held.filter((s) => acting.includes(s));
  if (!waiting.length) return null;
  return waiting.find((s) => s > shell.seat) ?? waiting[0];
}

// Hands the table to the next held seat, as the table module asks (its `hotSeat`): at once when
// every seat sees the same table, or behind a screen that hides this seat's private information
// until the next player says so (a module that switches at once may cover the new seat's screen
// itself, as the Old House's does). A module that does not ask keeps the seat.
function handOver(frame) {
  const next = shell.hotSeat ? nextHeldSeat(frame) : null;
  if (next === null) return;
  shell.pinned = false;
  if (shell.hotSeat === "switch") {
    switchSeat(next);
    return;
  }
  shell.handOver = next;
  $("table-layout").hidden = true;
  $("hand-over-text").textContent = t("table.handOver", { seat: seatName(next) });
  $("hand-over-go").textContent = t("table.handOverGo", { seat: seatName(next) });
  $("hand-over").hidden = false;
  $("who").hidden = true; // the seat handing over is no longer the one at the screen
  $("hand-over-go").focus();
}

// Whether a seat this browser holds is to act in this frame (hot seat: any of them).
function yourTurn(frame) {
  if (replayMode || frame.status !== "playing" || shell.seat === null) return false;
  const held = new Set(seatsAt(tableId).map((h) => h.seat));
  return (frame.acting || []).some((s) => held.has(s));
}

function show(frame) {
  shell.frame = frame;
  renderHeader();
  showTurn(yourTurn(frame), document.title, $("game-title").textContent);
  renderSeats(frame);
  shell.module?.update(frame); // first: the module words the log from this frame
  renderLog(frame);
  renderStatus(frame);
  renderTools(frame);
  document.body.dataset.version = String(frame.version);
  // Counts the frames shown: a seat's own sealed-plan step changes its frame, not the version.
  document.body.dataset.frame = String(Number(document.body.dataset.frame ?? 0) + 1);
  document.body.dataset.status = frame.status;
}

// ----- play ---------------------------------------------------------------------------------

// Sends `message` (an `act`, `undo`, `hint` or `events`) at the version shown; resolves with its
// answer (`accepted`, `hint`, `events`), rejects with the server's refusal.
function request(message) {
  return new Promise((resolve, reject) => {
    if (!shell.socket || shell.socket.readyState !== WebSocket.OPEN || !shell.frame) {
      reject({ code: "offline", reason: t("table.reconnecting") });
      return;
    }
    const ref = shell.nextRef++;
    shell.pending.set(ref, { resolve, reject });
    shell.socket.send(JSON.stringify({ ...message, version: shell.frame.version, seat: shell.seat, ref }));
  });
}

function act(action) {
  return request({ type: "act", action });
}

// ----- undo and hint ------------------------------------------------------------------------

// Undo is offered while the server says the seat may take its last action back (`can_undo`:
// nothing was rolled, drawn or revealed since, in this turn); Hint while the seat has a decision.
function renderTools(frame) {
  const playing = !replayMode && shell.seat !== null && frame.status === "playing";
  $("turn-tools").hidden = !playing;
  $("undo").disabled = !playing || shell.asking || !frame.can_undo;
  $("hint").disabled = !playing || shell.asking || !frame.decision;
  const hint = shell.hint;
  const entry = hint && hint.version === frame.version ? frame.decision?.actions?.find((a) => a.text === hint.text) : null;
  if (!entry) shell.hint = null;
  $("hint-text").textContent = entry ? t("table.hintShown", { action: actionWords(entry), chance: `${Math.round(hint.chance * 100)}%` }) : "";
  document.body.dataset.hint = entry ? entry.text : "";
  markHint();
}

// Lights the suggested action wherever the table shows it: its button, its line under "All legal
// actions" (`data-action`, the action's text), and the board's pieces, spaces and cards a click on
// which leads to it (`data-actions`, the texts of the actions it leads to, one a line). A lit
// element is described by the hint's line (its chance to win), and every one also carries
// it as its tooltip (before its own). Again whenever the table module redraws.
function leadsTo(node, text) {
  return node.dataset.action === text || (node.dataset.actions ?? "").split("\n").includes(text);
}

function markHint() {
  const text = document.body.dataset.hint;
  for (const old of $("board").querySelectorAll(".hinted")) {
    if (!text || !leadsTo(old, text)) unmark(old);
  }
  if (!text) return;
  const words = $("hint-text").textContent;
  const found = [...$("board").querySelectorAll(`[data-action="${CSS.escape(text)}"], [data-actions]`)];
  for (const node of found.filter((n) => !n.classList.contains("hinted") && leadsTo(n, text))) {
    node.classList.add("hinted");
    node.setAttribute("aria-describedby", "hint-text");
    if (node instanceof SVGElement) {
      const tip = document.createElementNS("http://www.w3.org/2000/svg", "title");
      tip.classList.add("hint-tip");
      tip.textContent = words;
      node.prepend(tip);
    } else {
      node.dataset.hintTip = node.title; // its own tooltip, given back when the hint goes
      node.title = node.title ? `${words}\n${node.title}` : words;
    }
    const folded = node.closest("details");
    if (folded && !folded.open) folded.open = true;
  }
}

function unmark(node) {
  node.classList.remove("hinted");
  node.removeAttribute("aria-describedby");
  for (const tip of node.querySelectorAll(":scope > title.hint-tip")) tip.remove();
  if ("hintTip" in node.dataset) {
    if (node.dataset.hintTip) node.title = node.dataset.hintTip;
    else node.removeAttribute("title");
    delete node.dataset.hintTip;
  }
}

// A legal action in words: the table module's, else the generic label.
function actionWords(entry) {
  return logText({ ...entry, seat: shell.seat, seat_name: shell.summary?.seats?.[shell.seat]?.name }) ?? entry.text;
}

async function ask(message) {
  shell.asking = true;
  if (message.type === "hint") $("hint-text").textContent = t("table.hintThinking");
  renderTools(shell.frame);
  try {
    const answer = await request(message);
    if (answer.type === "hint") shell.hint = { version: answer.version, text: answer.text, chance: answer.chance };
  } catch (err) {
    if (err?.reason) notice(t("table.refused", { reason: err.reason }));
  } finally {
    shell.asking = false;
    if (shell.frame) renderTools(shell.frame);
  }
}

function connect() {
  renderConnection(shell.retry ? "reconnecting" : "connecting");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  shell.socket = socket;
  socket.addEventListener("open", () => {
    shell.log = []; // a new connection is sent the whole log
    shell.firstFrame = true;
    socket.send(JSON.stringify({ type: "hello", token: shell.seat === null ? null : tokenOf(shell.seat) }));
  });
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    for (const { reject } of shell.pending.values()) reject({ code: "offline", reason: t("table.reconnecting") });
    shell.pending.clear();
    if (shell.socket !== socket) return;
    renderConnection("reconnecting");
    shell.retry += 1;
    setTimeout(connect, Math.min(5000, 500 * shell.retry));
  });
}

function onMessage(msg) {
  if (msg.type === "welcome") {
    shell.retry = 0;
    renderConnection("connected");
    return;
  }
  if (msg.type === "state") {
    // A state brings the log's entries from `log_start` on; those before it are already here.
    const start = msg.log_start ?? 0;
    if (start > shell.log.length) {
      shell.socket.send(JSON.stringify({ type: "resync" }));
      return;
    }
    shell.log = shell.log.slice(0, start).concat(msg.log);
    notice("");
    show({ ...msg, log: shell.log });
    // A seat chosen by hand stays until the table moves on; then the next held seat to act plays.
    const first = shell.firstFrame;
    shell.firstFrame = false;
    if (!(first && shell.pinned)) handOver(shell.frame);
    return;
  }
  if (msg.type === "seats") {
    // A seat was claimed, or its player came or left: nothing else changed.
    if (shell.frame && msg.version === shell.frame.version) show({ ...shell.frame, seats: msg.seats, acting: msg.acting });
    return;
  }
  if (msg.type === "accepted" || msg.type === "hint" || msg.type === "events") {
    shell.pending.get(msg.ref)?.resolve(msg);
    shell.pending.delete(msg.ref);
    return;
  }
  if (msg.type === "error") {
    const waiting = shell.pending.get(msg.ref);
    shell.pending.delete(msg.ref);
    if (msg.code === "bad_token") {
      shell.seat = null;
      notice(t("common.error", { reason: msg.reason }));
      shell.socket.send(JSON.stringify({ type: "hello", token: null }));
      return;
    }
    if (msg.code === "unknown_table") {
      shell.socket = null;
      notice(t("table.unknown"));
      return;
    }
    const text = msg.code === "ai_failed" ? t("table.aiFailed", { reason: msg.reason }) : t("table.refused", { reason: msg.reason });
    notice(text);
    waiting?.reject(msg);
  }
}

// ----- replay -------------------------------------------------------------------------------

// A replay's event log as its seat read it: each step's view holds the newest lines of the game's
// log (`log`, `log_length` in all), so together they hold every line.
function replayLines() {
  const lines = [];
  for (const frame of shell.frames || []) {
    const log = frame.view?.log;
    if (!Array.isArray(log)) return null;
    const base = (frame.view.log_length ?? log.length) - log.length;
    log.forEach((line, i) => {
      lines[base + i] = line;
    });
  }
  return lines;
}

function replayFrame(i) {
  const frames = shell.frames;
  const frame = frames[i];
  return {
    type: "state",
    table: tableId,
    version: frame.version,
    status: i === frames.length - 1 ? "finished" : "playing",
    seat: shell.seat,
    view: frame.view,
    decision: null,
    acting: frame.acting,
    seats: shell.summary.seats,
    log: frames.slice(1, i + 1).map((f) => f.entry),
    result: frame.result,
  };
}

function showStep(i) {
  const n = shell.frames.length - 1;
  shell.step = Math.max(0, Math.min(n, i));
  $("replay-slider").max = String(n);
  $("replay-slider").value = String(shell.step);
  $("replay-step").textContent = `${t("replay.step", { i: shell.step, n })}${shell.step === 0 ? ` · ${t("replay.start")}` : ""}`;
  show(replayFrame(shell.step));
}

async function loadReplay(seat) {
  const data = await api.replay(tableId, seat);
  shell.summary = { ...shell.summary, seats: data.seats };
  shell.frames = data.frames;
  showStep(shell.step || data.frames.length - 1);
}

async function startReplay() {
  $("replay-controls").hidden = false;
  const select = $("replay-seat");
  const fill = () => {
    const value = select.value;
    select.replaceChildren(
      el("option", { value: "" }, t("replay.everyone")),
      ...shell.summary.seats.map((s) => el("option", { value: s.seat }, displayName(s.name))),
    );
    select.value = value || (shell.seat === null ? "" : String(shell.seat));
  };
  fill();
  onLanguageChange(fill);
  select.addEventListener("change", async () => {
    shell.seat = select.value === "" ? null : Number(select.value);
    await loadReplay(shell.seat);
  });
  $("replay-first").addEventListener("click", () => showStep(0));
  $("replay-prev").addEventListener("click", () => showStep(shell.step - 1));
  $("replay-next").addEventListener("click", () => showStep(shell.step + 1));
  $("replay-last").addEventListener("click", () => showStep(shell.frames.length - 1));
  $("replay-slider").addEventListener("input", (e) => showStep(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowLeft") showStep(shell.step - 1);
    if (e.key === "ArrowRight") showStep(shell.step + 1);
  });
  shell.step = 0;
  await loadReplay(shell.seat);
}

// ----- start --------------------------------------------------------------------------------

async function main() {
  translatePage();
  languageButton($("lang"));
  if (!replayMode) {
    $("turn-box").hidden = false;
    turnControls($("turn-box"));
  }
  $("undo").addEventListener("click", () => ask({ type: "undo" }));
  new MutationObserver(markHint).observe($("board"), { childList: true, subtree: true });
  $("hint").addEventListener("click", () => ask({ type: "hint" }));
  $("hand-over-go").addEventListener("click", () => {
    if (shell.handOver !== null) switchSeat(shell.handOver);
  });
  onLanguageChange(() => {
    renderConnection($("connection").dataset.state);
    if (shell.frame) show(shell.frame);
    if (shell.handOver !== null) {
      $("hand-over-text").textContent = t("table.handOver", { seat: seatName(shell.handOver) });
      $("hand-over-go").textContent = t("table.handOverGo", { seat: seatName(shell.handOver) });
    }
    if (replayMode && shell.frames) showStep(shell.step);
  });
  try {
    shell.summary = await api.table(tableId);
  } catch (err) {
    notice(err.code === "unknown_table" ? t("table.unknown") : t("common.error", { reason: err.reason || err.message }));
    return;
  }
  if (shell.summary.status === "retired") {
    notice(`${t("lobby.retired")}: ${retiredReason(shell.summary)}`);
    onLanguageChange(() => notice(`${t("lobby.retired")}: ${retiredReason(shell.summary)}`));
    return;
  }
  const games = await api.games();
  const spec = games.find((g) => g.name === shell.summary.game);
  shell.summary.game_spec = spec || { name: shell.summary.game, title: shell.summary.title };
  shell.seat = chooseSeat();
  renderHeader();
  await mountModule(spec?.table_module ?? null);
  if (replayMode) {
    if (shell.summary.status !== "finished") {
      notice(t("replay.notFinished"), "info");
      return;
    }
    try {
      await startReplay();
    } catch (err) {
      notice(t("common.error", { reason: err.reason || err.message }));
    }
    renderConnection("connected");
  } else {
    connect();
  }
  document.body.dataset.ready = "true";
}

main();
