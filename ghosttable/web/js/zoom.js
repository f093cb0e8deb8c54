// The board's zoom, shared by the games' table modules: "−", the level, "+" and "Fit" buttons that
// widen the board (an SVG drawn to its frame's width) in a frame that scrolls, so that its text
// reads on a phone. The page itself stays as wide as the window.
//
//   const zoom = createZoom(ctx, { bar, prefix: "rgr", boards: () => [hall] });
//   zoom.render(); // redraws the buttons in the interface's language and sizes the boards
//
// Options:
//   bar: the element that holds the buttons (a `role="group"`, labelled here).
//   prefix: the module's prefix of ids and classes: `${prefix}-zoom-in`, `-zoom-out`, `-zoom-fit`
//     on the buttons, `${prefix}-zoom-level` on the level.
//   boards(): the elements sized; each gets `width: <level × 100>%` and the class `zoomed` while
//     the level is not 1 (its frame needs `overflow: auto`, the board `max-width: none` then).

export const ZOOMS = [1, 1.5, 2, 2.5];

export function createZoom(ctx, options) {
  const { el, t } = ctx;
  const { bar, prefix, boards } = options;
  let level = 1;

  function render() {
    const button = (label, text, next, id) => {
      const b = el("button", { type: "button", class: "small", id, "aria-label": label, title: label, disabled: next === level }, text);
      b.addEventListener("click", () => {
        level = next;
        render();
      });
      return b;
    };
    const i = ZOOMS.indexOf(level);
    bar.setAttribute("aria-label", t("zoom.label"));
    bar.replaceChildren(
      button(t("zoom.out"), "−", ZOOMS[Math.max(0, i - 1)], `${prefix}-zoom-out`),
      el("span", { class: `zoom-level ${prefix}-zoom-level` }, `${Math.round(level * 100)}%`),
      button(t("zoom.in"), "+", ZOOMS[Math.min(ZOOMS.length - 1, i + 1)], `${prefix}-zoom-in`),
      button(t("zoom.fit"), t("zoom.fit"), 1, `${prefix}-zoom-fit`),
    );
    for (const board of boards()) {
      board.style.width = level === 1 ? "" : `${level * 100}%`;
      board.classList.toggle("zoomed", level !== 1);
    }
  }

  return { render };
}
