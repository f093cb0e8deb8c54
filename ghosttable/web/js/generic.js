// The generic table: any game's view as readable panels, its legal actions as buttons.
// It is the fallback table module, and the reference for a game's own module:
//   export function mount(root, ctx) -> { update(frame), destroy() }
// (see docs/protocol.md, "Table modules").

function humanize(name) {
  return String(name).replace(/[-_]/g, " ");
}

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalarText(value, t) {
  if (value === null || value === undefined) return t("panel.none");
  if (value === true) return t("common.yes");
  if (value === false) return t("common.no");
  return String(value);
}

// A JSON value as readable HTML.
export function renderValue(value, ctx, depth = 0) {
  const { el, t } = ctx;
  if (isScalar(value)) return el("span", { class: `value value-${value === null ? "null" : typeof value}` }, scalarText(value, t));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, t("panel.empty"));
    if (value.every(isScalar)) return el("span", { class: "chips" }, value.map((v) => el("span", { class: "chip" }, scalarText(v, t))));
    const objects = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    if (objects) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      if (keys.length <= 8 && value.every((v) => Object.values(v).every(isScalar))) {
        return el(
          "table",
          { class: "grid" },
          el("thead", {}, el("tr", {}, keys.map((k) => el("th", {}, humanize(k))))),
          el("tbody", {}, value.map((row) => el("tr", {}, keys.map((k) => el("td", {}, scalarText(row[k], t)))))),
        );
      }
    }
    return el("ol", { class: "items", start: 0 }, value.map((v) => el("li", {}, renderValue(v, ctx, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return el("span", { class: "muted" }, t("panel.empty"));
  return el(
    "dl",
    { class: `fields depth-${Math.min(depth, 3)}` },
    entries.flatMap(([k, v]) => [el("dt", {}, humanize(k)), el("dd", { dataset: { key: k } }, renderValue(v, ctx, depth + 1))]),
  );
}

// The view split into panels: one for its plain fields, one per structured field.
export function renderPanels(view, ctx) {
  const { el, t } = ctx;
  if (view === null || typeof view !== "object" || Array.isArray(view)) {
    return [el("section", { class: "panel" }, renderValue(view, ctx))];
  }
  const plain = Object.entries(view).filter(([, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
  const nested = Object.entries(view).filter(([, v]) => !(isScalar(v) || (Array.isArray(v) && v.every(isScalar))));
  const panels = [];
  if (plain.length) {
    panels.push(
      el(
        "section",
        { class: "panel", dataset: { panel: "summary" } },
        el("h3", {}, t("table.view")),
        renderValue(Object.fromEntries(plain), ctx),
      ),
    );
  }
  for (const [key, value] of nested) {
    panels.push(el("section", { class: "panel", dataset: { panel: key } }, el("h3", {}, humanize(key)), renderValue(value, ctx, 1)));
  }
  return panels;
}

// The label of an action button: its kind, then its parameters.
export function actionLabel(entry) {
  const { kind, ...params } = entry.action;
  const parts = Object.entries(params).map(([k, v]) => `${humanize(k)} ${Array.isArray(v) ? v.join(", ") || "—" : v}`);
  return parts.length ? `${humanize(kind)} · ${parts.join(" · ")}` : humanize(kind);
}

export function mount(root, ctx) {
  const { el, t } = ctx;
  const decisionBox = el("section", { class: "decision", id: "decision" });
  const panelsBox = el("div", { class: "panels", id: "panels" });
  root.append(decisionBox, panelsBox);
  let busy = false;
  let frame = null;

  async function send(action, button) {
    if (busy) return;
    busy = true;
    decisionBox.classList.add("busy");
    if (button) button.setAttribute("aria-busy", "true");
    try {
      await ctx.act(action);
    } catch {
      // the shell shows the refusal with the engine's reason
    } finally {
      busy = false;
      decisionBox.classList.remove("busy");
      if (button) button.removeAttribute("aria-busy");
    }
  }

  function renderDecision() {
    // A re-render (an AI seat's move, say) keeps the typed action and the open fold.
    const oldFold = decisionBox.querySelector("details.advanced");
    const keptOpen = Boolean(oldFold && oldFold.open);
    const keptText = decisionBox.querySelector(".action-text")?.value ?? "";
    const hadFocus = document.activeElement?.classList.contains("action-text") ?? false;
    decisionBox.replaceChildren();
    if (ctx.mode !== "play" || !frame || frame.status === "finished") {
      decisionBox.hidden = true;
      return;
    }
    decisionBox.hidden = false;
    const decision = frame.decision;
    if (!decision) {
      decisionBox.append(el("p", { class: "muted" }, ctx.seat === null ? t("table.spectator") : t("table.notYourTurn")));
      return;
    }
    decisionBox.append(
      el("h2", {}, t("table.yourMove")),
      el("p", { class: "decision-name" }, t("table.decision", { name: humanize(decision.name) })),
      ...(decision.prompt ? [el("p", { class: "prompt" }, decision.prompt)] : []),
      el(
        "div",
        { class: "actions", role: "group" },
        decision.actions.map((entry) => {
          const button = el(
            "button",
            { type: "button", class: "action", title: entry.text, dataset: { action: entry.text, index: entry.index } },
            actionLabel(entry),
          );
          button.addEventListener("click", () => send(entry.action, button));
          return button;
        }),
      ),
    );
    const input = el("input", { type: "text", class: "action-text", "aria-label": t("table.otherAction"), placeholder: entry0(decision) });
    const form = el(
      "form",
      { class: "other-action" },
      el("label", {}, t("table.otherAction"), " ", input),
      el("button", { type: "submit" }, t("table.send")),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (input.value.trim()) send(input.value.trim(), null);
    });
    const fold = el("details", { class: "advanced" }, el("summary", {}, t("table.otherAction")), form);
    fold.open = keptOpen;
    input.value = keptText;
    decisionBox.append(fold);
    if (hadFocus) input.focus();
  }

  // What changed since the last frame (an AI seat's move, say) flashes once.
  function markChanges(before, view) {
    if (!before || !view || typeof view !== "object" || Array.isArray(view)) return;
    for (const [key, value] of Object.entries(view)) {
      if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
      for (const node of panelsBox.querySelectorAll(`[data-panel="${CSS.escape(key)}"], [data-panel=summary] > dl > dd[data-key="${CSS.escape(key)}"]`)) {
        node.classList.add("changed");
      }
    }
  }

  function entry0(decision) {
    return decision.actions[0]?.text ?? "";
  }

  return {
    update(next) {
      const before = frame && frame.table === next.table ? frame.view : null;
      frame = next;
      renderDecision();
      panelsBox.replaceChildren(...renderPanels(frame.view, ctx));
      markChanges(before, frame.view);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
