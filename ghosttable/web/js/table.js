// The table page: connection to the server, seats, log, refusals, replay controls. The game
// itself is drawn by a table module: the game's own (/static/games/<name>.js) when it exists,
// else the generic table (./generic.js). See docs/protocol.md ("Table modules").

import { api, el, seatsAt } from "./api.js";
import { actionLabel } from "./generic.js";
import { addStrings, lang, languageButton, onLanguageChange, retiredReason, t, tOr, translatePage } from "./i18n.js";

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
  };
}

async function mountModule(url) {
  const mod = await loadModule(url);
  addStrings(mod.strings);
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
      box.append(el("a", { class: h.seat === shell.seat ? "button small current" : "button small", href: url }, seatName(h.seat)));
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
  $("seats").replaceChildren(
    ...frame.seats.map((s) => {
      const bits = [s.kind === "ai" ? t("table.seat.ai", { bot: s.bot }) : t("table.seat.human")];
      if (!s.claimed) bits.push(t("table.seat.waiting"));
      else if (!s.connected && !replayMode) bits.push(t("table.seat.offline"));
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
      t("table.outcome", { outcome: r.outcome }),
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

function show(frame) {
  shell.frame = frame;
  renderHeader();
  renderSeats(frame);
  shell.module?.update(frame); // first: the module words the log from this frame
  renderLog(frame);
  renderStatus(frame);
  document.body.dataset.version = String(frame.version);
  // Counts the frames shown: a seat's own sealed-plan step changes its frame, not the version.
  document.body.dataset.frame = String(Number(document.body.dataset.frame ?? 0) + 1);
  document.body.dataset.status = frame.status;
}

// ----- play ---------------------------------------------------------------------------------

function act(action) {
  return new Promise((resolve, reject) => {
    if (!shell.socket || shell.socket.readyState !== WebSocket.OPEN || !shell.frame) {
      reject({ code: "offline", reason: t("table.reconnecting") });
      return;
    }
    const ref = shell.nextRef++;
    shell.pending.set(ref, { resolve, reject });
    shell.socket.send(JSON.stringify({ type: "act", action, version: shell.frame.version, seat: shell.seat, ref }));
  });
}

function connect() {
  renderConnection(shell.retry ? "reconnecting" : "connecting");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  shell.socket = socket;
  socket.addEventListener("open", () => {
    shell.log = []; // a new connection is sent the whole log
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
    return;
  }
  if (msg.type === "seats") {
    // A seat was claimed, or its player came or left: nothing else changed.
    if (shell.frame && msg.version === shell.frame.version) show({ ...shell.frame, seats: msg.seats, acting: msg.acting });
    return;
  }
  if (msg.type === "accepted") {
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
  onLanguageChange(() => {
    renderConnection($("connection").dataset.state);
    if (shell.frame) show(shell.frame);
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
