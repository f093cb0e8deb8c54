// A game's own table module, for the tests: the generic table with a banner of its own, and the
// game's texts in both languages.
import * as generic from "/static/js/generic.js";

export const strings = {
  en: { "game.plugin-draw.title": "Plugin Draw", "game.plugin-draw.seat.seat1": "North", "plugin.banner": "Own table, version {v}" },
  zh: { "game.plugin-draw.title": "插件抽牌", "game.plugin-draw.seat.seat1": "北家", "plugin.banner": "专属牌桌，第 {v} 版" },
};

export function mount(root, ctx) {
  const banner = ctx.el("p", { id: "own-table" });
  const inner = generic.mount(root, ctx);
  root.prepend(banner);
  return {
    update(frame) {
      banner.textContent = ctx.t("plugin.banner", { v: frame.version });
      inner.update(frame);
    },
    destroy() {
      inner.destroy();
    },
  };
}
