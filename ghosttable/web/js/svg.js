// Building SVG elements, shared by the games' table modules.
//
//   svg("circle", { cx: 10, cy: 10, r: 4, class: "token" }, svg("title", {}, "A Tao token"))
//
// Attributes whose value is undefined, null or false are left out; children may be nodes, strings,
// numbers or (nested) arrays of them, and null, undefined or false children are skipped.

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
