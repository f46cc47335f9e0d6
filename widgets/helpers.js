// Pure helpers of boardkit's board front end (no DOM globals, no side effects), so Node's
// built-in test runner can check them: `node --test widgets/tests/`.
// boardkit inlines this file into board.js before handing it to anywidget.

/** A target id: short, no spaces or quotes (the same pattern as boardkit/boards/svg.py). */
export const TARGET_PATTERN = /^[A-Za-z0-9_.:,;=+\-]{1,80}$/;

/** Keys reported to Python (single printable characters and a few named keys). */
export const NAMED_KEYS = new Set([
  "Enter", "Escape", "Backspace", "Delete", "Tab",
  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End",
]);

/** True when `value` is a well-formed target id. */
export function isTarget(value) {
  return typeof value === "string" && TARGET_PATTERN.test(value);
}

/**
 * The target id of the nearest element from `node` up to (not beyond) `root` that carries
 * a `data-target` attribute, or null. Works on any object with getAttribute/parentNode.
 */
export function findTarget(node, root = null) {
  let current = node;
  for (let depth = 0; current && depth < 64; depth += 1) {
    if (typeof current.getAttribute === "function") {
      const target = current.getAttribute("data-target");
      if (target !== null && target !== undefined) {
        return isTarget(target) ? target : null;
      }
    }
    if (current === root) return null;
    current = current.parentNode;
  }
  return null;
}

/** The same element's node (for drags): like findTarget but returns the element. */
export function findTargetElement(node, root = null) {
  let current = node;
  for (let depth = 0; current && depth < 64; depth += 1) {
    if (typeof current.getAttribute === "function" && current.getAttribute("data-target") != null) {
      return isTarget(current.getAttribute("data-target")) ? current : null;
    }
    if (current === root) return null;
    current = current.parentNode;
  }
  return null;
}

/** {kind: "click", target} or null when the target is not well-formed. */
export function clickMessage(target) {
  return isTarget(target) ? { kind: "click", target } : null;
}

/** Round a coordinate to 0.01 (null if it is not a finite number). */
export function coord(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return Math.round(value * 100) / 100;
}

/** {kind: "drag", target, phase, x, y} in SVG units, or null when anything is malformed. */
export function dragMessage(target, phase, x, y) {
  const cx = coord(x);
  const cy = coord(y);
  if (!isTarget(target) || !["start", "move", "end"].includes(phase) || cx === null || cy === null) {
    return null;
  }
  return { kind: "drag", target, phase, x: cx, y: cy };
}

/** True for the keys the board reports: one printable character or a named key. */
export function isReportedKey(key) {
  if (typeof key !== "string") return false;
  if (NAMED_KEYS.has(key)) return true;
  return key.length === 1 && key >= " " && key <= "~";
}

/** {kind: "key", key[, target]} or null for keys that are not reported (Shift, F5, é...). */
export function keyMessage(key, target = null) {
  if (!isReportedKey(key)) return null;
  const msg = { kind: "key", key };
  if (isTarget(target)) msg.target = target;
  return msg;
}

/** Whether a key press on a focused target means "click it" (keyboard access). */
export function isActivationKey(key) {
  return key === "Enter" || key === " ";
}

/** The legal targets as a Set, keeping only well-formed ids. */
export function legalSet(list) {
  return new Set(Array.isArray(list) ? list.filter(isTarget) : []);
}

/**
 * The class list of an element with `target` after marking legality: removes and adds
 * `bk-legal` in a space-separated class string.
 */
export function withLegalClass(className, target, legal) {
  const classes = String(className || "").split(/\s+/).filter((c) => c && c !== "bk-legal");
  if (legal.has(target)) classes.push("bk-legal");
  return classes.join(" ");
}

/**
 * A point in the SVG's own units from client (screen) coordinates, given the inverse of
 * the SVG's screen matrix {a, b, c, d, e, f} (what getScreenCTM().inverse() returns).
 */
export function toSvgPoint(inverse, clientX, clientY) {
  const { a, b, c, d, e, f } = inverse;
  return { x: a * clientX + c * clientY + e, y: b * clientX + d * clientY + f };
}

/** Whether the pointer moved far enough (in px) for a press to count as a drag. */
export function isDrag(start, now, threshold = 4) {
  return Math.hypot(now.x - start.x, now.y - start.y) >= threshold;
}
