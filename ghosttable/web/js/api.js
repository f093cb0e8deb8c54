// The lobby's REST calls, and the seat tokens this browser holds (kept in localStorage).

const SEATS_KEY = "ghosttable.seats";

export class ApiError extends Error {
  constructor(code, reason) {
    super(reason);
    this.code = code;
    this.reason = reason;
  }
}

async function request(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && typeof data === "object" ? data : {};
    throw new ApiError(detail.code || `http_${response.status}`, detail.reason || response.statusText);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (spec) => request("POST", "/api/tables", spec),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  join: (id, code, tokens = []) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { code, tokens }),
  myTables: (tokens) => request("POST", "/api/my-tables", { tokens }),
  replay: (id, seat) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/replay${seat === null || seat === undefined ? "" : `?seat=${seat}`}`),
};

// { tableId: { seat: token } }
export function heldSeats() {
  try {
    const data = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function rememberSeat(tableId, seat, token) {
  const data = heldSeats();
  data[tableId] = { ...(data[tableId] || {}), [seat]: token };
  localStorage.setItem(SEATS_KEY, JSON.stringify(data));
}

export function seatsAt(tableId) {
  const held = heldSeats()[tableId] || {};
  return Object.keys(held)
    .map(Number)
    .sort((a, b) => a - b)
    .map((seat) => ({ seat, token: held[seat] }));
}

// Tables this browser created without a seat of its own (all AI seats), to find them again.
const WATCHED_KEY = "ghosttable.watched";

export function watchedTables() {
  try {
    const ids = JSON.parse(localStorage.getItem(WATCHED_KEY) || "[]");
    return Array.isArray(ids) ? ids.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function rememberWatched(tableId) {
  const ids = watchedTables().filter((x) => x !== tableId);
  ids.unshift(tableId);
  localStorage.setItem(WATCHED_KEY, JSON.stringify(ids.slice(0, 100)));
}

// Invitation links this browser made: { tableId: { seat: link } }, shown again in the lobby.
const INVITES_KEY = "ghosttable.invites";

export function invitesMade() {
  try {
    const data = JSON.parse(localStorage.getItem(INVITES_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function rememberInvites(tableId, links) {
  const data = invitesMade();
  data[tableId] = links;
  localStorage.setItem(INVITES_KEY, JSON.stringify(data));
}

export function allTokens() {
  return Object.values(heldSeats()).flatMap((seats) => Object.values(seats));
}

// Elements: el("div", {class: "x", onclick: fn}, child, "text", ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
