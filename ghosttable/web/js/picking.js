// Choosing a legal action by clicking the table, shared by the games' table modules.
//
// Each legal action is read as a list of *steps*: the targets to click, in order, each step a
// list of the keys that match it (`tile:4`, `space:9`, `ghost:red-s1` ...; the module says which,
// through `steps(action)`). The keys clicked so far are the *selection*; the actions whose steps
// begin with it are the *candidates*, and the keys of their next step are the targets to light up.
// When a click leaves one candidate, it is sent. Sending goes through `ctx.act`, one action at a
// time: while it is on its way the picker is busy, and a refusal's reason is kept for the module to
// show (the selection starts again).
//
//   const pick = createPicker(ctx, { frame: () => frame, steps, render, busyBox, refused });
//   pick.nextTargets().has("tile:4"); pick.choose("tile:4"); pick.send(action);
//   pick.selection, pick.busy, pick.refusal (read and reset by the module)
//   pick.markLeads(root): gives each `[data-keys]` element under root the texts of the candidates
//     a click on it leads to (`data-actions`, one a line), for the table's Hint to light
//
// Options:
//   frame(): the current `state` frame (or null).
//   steps(action): the action's steps ([] when nothing on the table stands for it; a table that
//     only sends, as the Old House's does, leaves it out).
//   usable(entry): which of the decision's actions the clicks may choose now (default: all).
//   render(): redraws the module (after a click that leaves several candidates, after a send).
//   busyBox: an element that carries the class `busy` while an action is on its way.
//   refused(err): the text kept in `refusal` when the server refuses ({code, reason}).
//   renderWhenSending: redraw as soon as the action goes out, too (default: false).

export function createPicker(ctx, options) {
  const { frame, render } = options;
  const steps = options.steps ?? (() => []);
  const usable = options.usable ?? (() => true);
  const refused = options.refused ?? ((err) => err?.reason ?? "");
  const busyBox = options.busyBox ?? null;

  const pick = {
    selection: [],
    busy: false,
    refusal: "",

    // The decision's actions that clicks on the table may choose.
    clickable() {
      const f = frame();
      const decision = f?.decision;
      if (!decision || ctx.mode !== "play" || f.status === "finished") return [];
      return decision.actions.filter((e) => steps(e.action).length > 0 && usable(e));
    },

    // The clickable actions whose steps begin with the selection.
    candidates() {
      return pick.clickable().filter((e) => {
        const st = steps(e.action);
        return pick.selection.every((key, i) => st[i] && st[i].includes(key));
      });
    },

    // The keys of the candidates' next step: what to light up.
    nextTargets() {
      const keys = new Set();
      for (const e of pick.candidates()) {
        const step = steps(e.action)[pick.selection.length];
        if (step) for (const k of step) keys.add(k);
      }
      return keys;
    },

    // The texts of the candidates whose steps still to click include one of `keys`.
    leadsTo(keys) {
      return pick.candidates()
        .filter((e) => steps(e.action).slice(pick.selection.length).some((step) => step.some((k) => keys.includes(k))))
        .map((e) => e.text);
    },

    // Gives each `[data-keys]` element under `root` the texts of the actions a click on it leads
    // to (`data-actions`, one a line; none: the attribute is left out).
    markLeads(root) {
      for (const node of root.querySelectorAll("[data-keys]")) {
        const texts = pick.leadsTo(node.getAttribute("data-keys").split(" "));
        if (texts.length) node.setAttribute("data-actions", texts.join("\n"));
        else node.removeAttribute("data-actions");
      }
    },

    // A click on the target `key`: sends the action when it is the only one left.
    choose(key) {
      if (pick.busy || !pick.nextTargets().has(key)) return;
      pick.selection = [...pick.selection, key];
      const left = pick.candidates();
      if (left.length === 1) {
        pick.send(left[0].action);
        return;
      }
      render();
    },

    // Sends `action` (its JSON object); one at a time.
    async send(action) {
      if (pick.busy) return;
      pick.busy = true;
      pick.refusal = "";
      busyBox?.classList.add("busy");
      if (options.renderWhenSending) render();
      try {
        await ctx.act(action);
      } catch (err) {
        pick.refusal = refused(err);
        pick.selection = [];
      } finally {
        pick.busy = false;
        busyBox?.classList.remove("busy");
        if (frame()) render();
      }
    },
  };
  return pick;
}
