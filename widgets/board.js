// boardkit's generic board front end (an anywidget ES module, no bundler).
//
// Python draws the SVG (trait `svg`) and lists the legal targets (trait `legal`); this module
// shows it, marks legal targets with the class `bk-legal`, and reports the user's intent on
// elements tagged with `data-target` as messages (not traits: a trait would not fire when the
// same cell is clicked twice):
//   {kind: "click", target}                       click, or Enter/Space on a focused target
//   {kind: "drag", target, phase, x, y}           elements that also carry data-draggable
//   {kind: "key", key[, target]}                  keys pressed while the board has the focus
// Python validates every message; nothing here decides what is legal.
import {
  clickMessage,
  dragMessage,
  findTarget,
  findTargetElement,
  isActivationKey,
  isDrag,
  keyMessage,
  legalSet,
  toSvgPoint,
  withLegalClass,
} from "./helpers.js";

function svgPointOf(svg, event) {
  const matrix = svg && typeof svg.getScreenCTM === "function" ? svg.getScreenCTM() : null;
  if (!matrix) return null;
  return toSvgPoint(matrix.inverse(), event.clientX, event.clientY);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bk-canvas-root";
  root.tabIndex = 0;
  el.classList.add("bk-canvas");
  el.appendChild(root);
  let revision = 0;
  let drag = null; // {target, element, start: {x, y}, moved}
  let frame = null;
  let pendingMove = null;

  const send = (msg) => {
    if (msg) model.send(msg);
  };

  const markLegal = () => {
    const legal = legalSet(model.get("legal"));
    for (const node of root.querySelectorAll("[data-target]")) {
      const target = node.getAttribute("data-target");
      node.setAttribute("class", withLegalClass(node.getAttribute("class"), target, legal));
    }
  };

  const draw = () => {
    const focused = findTarget(document.activeElement, root);
    root.innerHTML = model.get("svg") || "";
    markLegal();
    revision += 1;
    root.dataset.revision = String(revision);
    if (focused) {
      const again = root.querySelector(`[data-target="${CSS.escape(focused)}"]`);
      if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
    }
  };

  const onClick = (event) => {
    if (drag && drag.moved) return; // the end of a drag is not a click
    send(clickMessage(findTarget(event.target, root)));
  };

  const onKeyDown = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = findTarget(event.target, root);
    if (target && isActivationKey(event.key)) {
      event.preventDefault();
      send(clickMessage(target));
      return;
    }
    const msg = keyMessage(event.key, target);
    if (msg) {
      event.stopPropagation(); // keep JupyterLab's shortcuts out of the board
      send(msg);
    }
  };

  const onPointerDown = (event) => {
    const element = findTargetElement(event.target, root);
    if (!element || !element.hasAttribute("data-draggable") || event.button !== 0) return;
    drag = {
      target: element.getAttribute("data-target"),
      element,
      start: { x: event.clientX, y: event.clientY },
      moved: false,
    };
    if (typeof root.setPointerCapture === "function") root.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event) => {
    if (!drag) return;
    const now = { x: event.clientX, y: event.clientY };
    const svg = root.querySelector("svg");
    if (!drag.moved && isDrag(drag.start, now)) {
      drag.moved = true;
      const p = svgPointOf(svg, { clientX: drag.start.x, clientY: drag.start.y });
      if (p) send(dragMessage(drag.target, "start", p.x, p.y));
    }
    if (!drag.moved) return;
    pendingMove = svgPointOf(svg, event);
    if (frame === null) {
      frame = requestAnimationFrame(() => {
        frame = null;
        if (drag && pendingMove) send(dragMessage(drag.target, "move", pendingMove.x, pendingMove.y));
        pendingMove = null;
      });
    }
  };

  const onPointerUp = (event) => {
    if (!drag) return;
    const finished = drag;
    if (finished.moved) {
      const p = svgPointOf(root.querySelector("svg"), event);
      if (p) send(dragMessage(finished.target, "end", p.x, p.y));
      // swallow the click that follows this pointerup, then forget the drag
      setTimeout(() => {
        if (drag === finished) drag = null;
      }, 0);
    } else {
      drag = null;
    }
  };

  const domEvents = {
    click: onClick,
    keydown: onKeyDown,
    pointerdown: onPointerDown,
    pointermove: onPointerMove,
    pointerup: onPointerUp,
  };
  const modelEvents = { "change:svg": draw, "change:legal": markLegal };
  for (const [name, fn] of Object.entries(domEvents)) root.addEventListener(name, fn);
  for (const [name, fn] of Object.entries(modelEvents)) model.on(name, fn);
  draw();

  return () => {
    for (const [name, fn] of Object.entries(modelEvents)) model.off(name, fn);
    for (const [name, fn] of Object.entries(domEvents)) root.removeEventListener(name, fn);
    if (frame !== null) cancelAnimationFrame(frame);
  };
}

export default { render };
