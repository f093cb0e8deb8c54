// The lobby: create a table for any registered game, list my tables, join by link.

import { api, allTokens, el, invitesMade, rememberInvites, rememberSeat, rememberWatched, seatsAt, watchedTables } from "./api.js";
import { addStrings, languageButton, onLanguageChange, outcomeText, refusalText, retiredReason, t, tOr, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];
let lastTables = [];

// An identifier as words, capitalised: "haunted-tiles-lose" -> "Haunted tiles lose".
function humanize(name) {
  const words = String(name).replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A bot's name in the interface's language (the game's own text, else the shared one).
function botName(game, bot) {
  return tOr(`game.${game}.bot.${bot}`, tOr(`bot.${bot}`, bot));
}

// A rule option's choice in words: the game's text for it, else the value made readable.
function choiceName(game, opt, value) {
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  return tOr(`game.${game}.option.${opt.name}.${value}`, humanize(value));
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = !text;
}

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

// The player counts of the chosen game: the count chosen stays while the game does (the form is
// drawn again when the language changes); another game starts at its own default.
function renderPlayers() {
  const game = currentGame();
  const select = $("players");
  const keep = select.dataset.game === game.name ? Number(select.value) : game.players.default;
  select.replaceChildren();
  for (let n = game.players.min; n <= game.players.max; n++) {
    select.append(el("option", { value: n }, n));
  }
  select.value = keep >= game.players.min && keep <= game.players.max ? keep : game.players.default;
  select.dataset.game = game.name;
}

function renderOptions() {
  const game = currentGame();
  const box = $("options");
  const values = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    values[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  box.replaceChildren();
  if (!game.options.length) {
    box.append(el("p", { class: "muted" }, t("lobby.noOptions")));
    return;
  }
  // An option naming a file on the server's machine is not offered: the server plays its default.
  for (const opt of game.options.filter((o) => !o.local_file)) {
    const id = `opt-${opt.name}`;
    let input;
    if (typeof opt.default === "boolean") {
      input = el("input", { type: "checkbox", id, dataset: { option: opt.name, kind: "bool" } });
      input.checked = opt.name in values ? values[opt.name] : opt.default;
    } else if (opt.choices) {
      input = el(
        "select",
        { id, dataset: { option: opt.name, kind: typeof opt.default === "number" ? "int" : "str" } },
        opt.choices.map((c) => el("option", { value: c }, choiceName(game.name, opt, c))),
      );
      input.value = opt.name in values ? values[opt.name] : opt.default;
    } else {
      const isInt = typeof opt.default === "number";
      input = el("input", {
        id,
        type: isInt ? "number" : "text",
        dataset: { option: opt.name, kind: isInt ? "int" : "str" },
      });
      input.value = opt.name in values ? values[opt.name] : opt.default;
    }
    box.append(
      el(
        "div",
        { class: "option" },
        el("label", { for: id }, tOr(`game.${game.name}.option.${opt.name}`, humanize(opt.name))),
        input,
        el(
          "span",
          { class: "hint" },
          tOr(`game.${game.name}.option.${opt.name}.help`, opt.description),
          " · ",
          t("lobby.default", { value: opt.choices || typeof opt.default === "boolean" ? choiceName(game.name, opt, opt.default) : opt.default }),
        ),
      ),
    );
  }
}

function renderSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const names = game.seat_names[String(n)] || [];
  const box = $("seats");
  const previous = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    bot: row.querySelector(".seat-bot").value,
  }));
  box.replaceChildren();
  names.forEach((seatId, i) => {
    const name = tOr(`game.${game.name}.seat.${seatId}`, seatId);
    const prev = previous[i] || { kind: i === 0 ? "me" : "ai", bot: "" };
    const kind = el(
      "select",
      { class: "seat-kind", name: `seat-${i}-kind`, "aria-label": name },
      ["me", "ai", "invite"].map((k) => el("option", { value: k }, t(`lobby.seat.${k}`))),
    );
    kind.value = prev.kind;
    const preferred = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
    const bot = el(
      "select",
      { class: "seat-bot", name: `seat-${i}-bot`, "aria-label": `${name} ${t("lobby.bot")}` },
      game.bots.map((b) => el("option", { value: b }, botName(game.name, b))),
    );
    bot.value = game.bots.includes(prev.bot) ? prev.bot : preferred;
    const botLabel = el("label", { class: "bot-label" }, t("lobby.bot"), " ", bot);
    const sync = () => {
      botLabel.hidden = kind.value !== "ai";
    };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row", dataset: { seat: i } }, el("span", { class: "seat-name" }, name), kind, botLabel));
  });
}

function renderGames() {
  const select = $("game");
  const keep = select.value;
  select.replaceChildren(...games.map((g) => el("option", { value: g.name }, tOr(`game.${g.name}.title`, g.title))));
  if (keep) select.value = keep;
}

// A game's own table module may bring texts for its name and options (its `strings` export).
async function loadGameStrings() {
  await Promise.all(
    games
      .filter((g) => g.table_module)
      .map(async (g) => {
        try {
          addStrings((await import(g.table_module)).strings);
        } catch (err) {
          console.error(`the table module of ${g.name} failed to load`, err);
        }
      }),
  );
}

function renderForm() {
  if (!games.length) return;
  renderPlayers();
  renderOptions();
  renderSeats();
}

function collectSpec() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    options[input.dataset.option] = kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : input.value;
  }
  const seats = [...$("seats").querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    return kind === "ai" ? { kind, bot: row.querySelector(".seat-bot").value } : { kind };
  });
  return { game: $("game").value, players: Number($("players").value), options, seats };
}

async function createTable(event) {
  event.preventDefault();
  notice("");
  const button = $("create");
  button.disabled = true;
  button.textContent = t("lobby.creating");
  try {
    const spec = collectSpec();
    const created = await api.createTable(spec);
    for (const [seat, token] of Object.entries(created.tokens)) rememberSeat(created.table, seat, token);
    if (!Object.keys(created.tokens).length) rememberWatched(created.table);
    const tableUrl = `/table/${encodeURIComponent(created.table)}`;
    if (!Object.keys(created.invites).length) {
      location.assign(tableUrl);
      return;
    }
    const game = currentGame();
    const names = game.seat_names[String(spec.players)].map((id) => tOr(`game.${game.name}.seat.${id}`, id));
    const links = Object.fromEntries(
      Object.entries(created.invites).map(([seat, code]) => [
        seat,
        `${location.origin}/join/${encodeURIComponent(created.table)}?code=${encodeURIComponent(code)}`,
      ]),
    );
    rememberInvites(created.table, links);
    const box = $("invites");
    box.replaceChildren(
      el("h3", {}, t("lobby.invites")),
      el("p", { class: "muted" }, t("lobby.invitesHelp")),
      el(
        "ul",
        { class: "invite-list" },
        Object.entries(links).map(([seat, link]) => inviteItem(names[Number(seat)], link)),
      ),
      el("a", { class: "button primary", href: tableUrl }, t("lobby.goToTable")),
    );
    box.hidden = false;
    await loadMyTables();
  } catch (err) {
    notice(refusalText(err));
  } finally {
    button.disabled = false;
    button.textContent = t("lobby.create");
  }
}

function inviteItem(name, link) {
  const copy = el("button", { type: "button", class: "small" }, t("lobby.copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = t("lobby.copied");
    } catch {
      copy.textContent = "—";
    }
  });
  return el("li", {}, el("strong", {}, name), " ", el("input", { class: "invite-link", readonly: true, value: link }), copy);
}

function tableItem(table) {
  const id = encodeURIComponent(table.id);
  const seatName = (s) => tOr(`game.${table.game}.seat.${s.name}`, s.name);
  const seatNames = table.mySeats.map((s) => seatName(table.seats[s])).join(", ");
  const role = table.mySeats.length ? t("lobby.asSeat", { seat: seatNames }) : t("lobby.watching");
  const others = table.seats
    .map((s) => `${seatName(s)}: ${s.kind === "ai" ? t("table.seat.ai", { bot: botName(table.game, s.bot) }) : t("table.seat.human")}`)
    .join(" · ");
  const links = [];
  if (table.status === "retired") {
    // Kept in storage, but the rules installed here cannot rebuild it: nothing to open.
    links.push(el("span", { class: "muted", dataset: { role: "retired" }, title: retiredReason(table) }, t("lobby.retired")));
  } else if (table.status === "finished") {
    links.push(el("a", { class: "button", href: `/table/${id}?replay=1`, dataset: { role: "replay" } }, t("lobby.replay")));
    links.push(el("a", { class: "button", href: `/table/${id}` }, t("lobby.view")));
  } else {
    links.push(el("a", { class: "button primary", href: `/table/${id}`, dataset: { role: "continue" } }, t("lobby.continue")));
  }
  const outcome = table.result ? ` · ${outcomeText(table.game, table.result)}` : "";
  const invites = invitesMade()[table.id] || {};
  const waiting = table.status === "playing" ? table.seats.filter((s) => !s.claimed && invites[s.seat]) : [];
  const pending = waiting.length
    ? el(
        "details",
        { class: "pending-invites" },
        el("summary", {}, t("lobby.invites")),
        el("ul", { class: "invite-list" }, waiting.map((s) => inviteItem(seatName(s), invites[s.seat]))),
      )
    : null;
  return el(
    "li",
    { dataset: { table: table.id } },
    el("div", {}, el("strong", {}, tOr(`game.${table.game}.title`, table.title)), " ", el("span", { class: "muted" }, role)),
    el("div", { class: "muted small-text" }, `${table.version === 1 ? t("lobby.moveOne") : t("lobby.moves", { n: table.version })}${outcome} · ${others}`),
    el("div", { class: "links" }, links),
    table.status === "retired" ? el("div", { class: "muted small-text", dataset: { role: "retired-reason" } }, retiredReason(table)) : null,
    pending,
  );
}

function renderMyTables() {
  const byId = new Map();
  for (const table of lastTables) {
    const entry = byId.get(table.id) || { ...table, mySeats: [] };
    if (table.seat !== null && table.seat !== undefined) entry.mySeats.push(table.seat);
    byId.set(table.id, entry);
  }
  for (const entry of byId.values()) entry.mySeats.sort((a, b) => a - b);
  const tables = [...byId.values()];
  for (const [listId, status] of [
    ["open-tables", "playing"],
    ["finished-tables", "finished"],
  ]) {
    // A retired table is listed with the finished ones: it will not be played on.
    const items = tables.filter((x) => x.status === status || (status === "finished" && x.status === "retired")).map(tableItem);
    $(listId).replaceChildren(...(items.length ? items : [el("li", { class: "muted" }, t("lobby.none"))]));
  }
}

async function loadMyTables() {
  try {
    const watched = await Promise.all(watchedTables().map((id) => api.table(id).catch(() => null)));
    lastTables = [...(await api.myTables(allTokens())), ...watched.filter(Boolean)];
  } catch (err) {
    notice(refusalText(err));
    lastTables = [];
  }
  renderMyTables();
}

// An invitation link: claim its seat, or (used before) go back to the seat this browser holds.
// Anything else is a page of its own: the seat is taken (watch instead), or the link is not valid.
async function joinFromPath() {
  const match = location.pathname.match(/^\/join\/([^/]+)$/);
  if (!match) return false;
  const tableId = decodeURIComponent(match[1]);
  const code = new URLSearchParams(location.search).get("code") || "";
  notice(t("lobby.joining"));
  try {
    const joined = await api.join(tableId, code, seatsAt(tableId).map((h) => h.token));
    rememberSeat(joined.table, joined.seat, joined.token);
    location.replace(`/table/${encodeURIComponent(joined.table)}?seat=${joined.seat}`);
  } catch (err) {
    notice("");
    joinProblem(tableId, err.code);
  }
  return true;
}

function joinProblem(tableId, code) {
  const kind = code === "seat_taken" ? "taken" : code === "unknown_table" ? "unknown" : "invalid";
  const text = (key) => el("span", { dataset: { i18n: key } }, t(key));
  const links = [el("a", { class: "button", href: "/" }, text("common.back"))];
  if (kind !== "unknown") {
    const watch = `/table/${encodeURIComponent(tableId)}?watch=1`;
    links.unshift(el("a", { class: "button primary", id: "join-watch", href: watch }, text("join.watch")));
  }
  const box = $("join-problem");
  box.dataset.problem = kind;
  box.replaceChildren(
    el("h2", { dataset: { i18n: `join.${kind}.title` } }, t(`join.${kind}.title`)),
    el("p", { dataset: { i18n: `join.${kind}` } }, t(`join.${kind}`)),
    el("div", { class: "links" }, links),
  );
  box.hidden = false;
  for (const id of ["new-table", "my-tables", "join"]) $(id).hidden = true;
  document.body.dataset.ready = "true";
}

function joinByLink(event) {
  event.preventDefault();
  try {
    // an invitation (/join/<id>?code=...) or a table's address (/table/<id>), whole or its path
    const written = $("join-link").value.trim();
    const url = new URL(/^(join|table)\//.test(written) ? `/${written}` : written, location.origin);
    if (!/^\/(join|table)\/[^/]+\/?$/.test(url.pathname)) throw new Error("not a link");
    location.assign(`${url.pathname.replace(/\/$/, "")}${url.search}`);
  } catch {
    notice(t("lobby.badLink"));
  }
}

async function main() {
  translatePage();
  languageButton($("lang"));
  onLanguageChange(() => {
    renderGames();
    renderForm();
    renderMyTables();
  });
  $("create-form").addEventListener("submit", createTable);
  $("join-form").addEventListener("submit", joinByLink);
  $("refresh").addEventListener("click", loadMyTables);
  if (await joinFromPath()) return;
  try {
    games = await api.games();
  } catch (err) {
    notice(refusalText(err));
    games = [];
  }
  if (!games.length) {
    $("no-games").hidden = false;
    $("create-form").hidden = true;
  } else {
    await loadGameStrings();
    renderGames();
    $("game").addEventListener("change", renderForm);
    $("players").addEventListener("change", renderSeats);
    renderForm();
  }
  await loadMyTables();
  document.body.dataset.ready = "true";
}

main();
