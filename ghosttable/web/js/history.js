// A game's history ("What happened"), shared by the table modules: every line of the game's own
// log the seat may read, from the start, grouped under a heading per turn, in a box that scrolls
// within itself and keeps the newest line in view (unless the reader has scrolled back).
//
// A view holds only the newest lines of its log (`log`) and how many there are in all
// (`log_length`). The keeper puts each view's lines at their place in the game; when a view starts
// past the lines it holds, it asks once (a module is mounted afresh for each connection) for the
// whole log (`ctx.events()`: the server's `events` message, the seat's own reading of it and
// nothing more; in a replay, the lines of all its steps' views) and draws again with it. Lines
// it could not get are counted, and the box says so.

import { el } from "./api.js";

// The keeper of one table module's history. `ctx`: the module's context (its `events()` gives the
// whole log; a context without it never asks); `redraw()`: called when the whole log has come.
export function createHistory(ctx, redraw) {
  let table = null;
  let lines = [];
  let asked = false;
  return {
    // Keeps the lines of `frame`'s view (another table, or another seat's reading, starts afresh).
    keep(frame) {
      const v = frame.view;
      const reader = `${frame.table}/${frame.seat}`; // a replay may change the seat it reads as
      if (table !== reader) {
        table = reader;
        lines = [];
        asked = false;
      }
      const log = v.log || [];
      const length = v.log_length ?? log.length;
      const base = length - log.length;
      log.forEach((line, i) => {
        lines[base + i] = line;
      });
      let gap = false;
      for (let i = 0; i < base && !gap; i++) gap = lines[i] === undefined;
      if (gap && !asked && typeof ctx.events === "function") {
        asked = true;
        const from = table;
        ctx
          .events()
          .then((answer) => {
            if (from !== table || !Array.isArray(answer?.lines)) return;
            answer.lines.forEach((line, i) => {
              if (lines[i] === undefined && typeof line === "string") lines[i] = line;
            });
            redraw();
          })
          .catch(() => {
            asked = false; // offline: the next view asks again
          });
      }
    },
    // The lines up to `length` (a replay's earlier step shows fewer): `[index, line]`, with the
    // count of earlier lines not received.
    upTo(length) {
      const out = [];
      let missing = 0;
      for (let i = 0; i < length; i++) {
        if (lines[i] === undefined) missing += 1;
        else out.push([i, lines[i]]);
      }
      return { lines: out, missing };
    },
  };
}

// The history's box: `lines` (`[index, line]`) in groups, each under a heading. `head(line)` gives
// the heading a line opens (`{key, text, opens}`: `opens` true when the line itself is the heading,
// false when it opens the group as its first item), or null for a line of the current group;
// `setup` is the first group's heading (the lines before the first turn). `word(line)` is a line
// in words, `itemClass(line)` an item's extra class. `old`: the box this one replaces (its scroll
// is kept when the reader had scrolled back). Returns the box, `div#P-log.P-log` (P: `prefix`) of
// `section.P-turn`s (`data-turn`: the group's key, "0" the setup's), each an `h3` and an `ol`
// whose items are numbered by their place in the game; the count of lines is its
// `data-log-length`, a gap of lines not received a `p.P-missing` saying `missingText`.
export function historyBox({ prefix, label, lines, missing, missingText, setup, head, word, itemClass, old }) {
  const atBottom = !old || old.scrollTop + old.clientHeight >= old.scrollHeight - 24;
  const kept = old ? old.scrollTop : 0;
  const groups = [];
  let group = { key: "0", head: setup, items: [] };
  for (const [i, line] of lines) {
    const opened = head(line);
    if (opened) {
      if (group.items.length || group.key !== "0") groups.push(group);
      group = { key: opened.key, head: opened.text, items: opened.opens ? [] : [[i, line]] };
    } else group.items.push([i, line]);
  }
  if (group.items.length || group.key !== "0" || !groups.length) groups.push(group);
  const last = lines.length ? lines[lines.length - 1][0] : -1;
  const box = el(
    "div",
    { class: `${prefix}-log history`, id: `${prefix}-log`, tabindex: "0", "aria-label": label, dataset: { logLength: lines.length + missing } },
    missing ? el("p", { class: `muted ${prefix}-missing` }, missingText) : null,
    groups.map((g) =>
      el(
        "section",
        { class: `${prefix}-turn`, dataset: { turn: g.key } },
        el("h3", {}, g.head),
        el(
          "ol",
          {},
          g.items.map(([i, line]) =>
            el("li", { class: [i === last ? "latest" : "", itemClass?.(line) || ""].join(" ").trim(), value: i + 1, title: line }, word(line)),
          ),
        ),
      ),
    ),
  );
  // Scrolled once it is in the page (the caller puts it there at once).
  queueMicrotask(() => {
    box.scrollTop = atBottom ? box.scrollHeight : kept;
  });
  return box;
}
