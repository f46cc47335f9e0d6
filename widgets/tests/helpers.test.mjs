// Unit tests of the board front end's pure helpers: `node --test widgets/tests/`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  clickMessage,
  coord,
  dragMessage,
  findTarget,
  findTargetElement,
  isActivationKey,
  isDrag,
  isReportedKey,
  isTarget,
  keyMessage,
  legalSet,
  toSvgPoint,
  withLegalClass,
} from "../helpers.js";

// a minimal stand-in for DOM elements: getAttribute + parentNode
function node(attributes = {}, parent = null) {
  return {
    parentNode: parent,
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
  };
}

describe("isTarget", () => {
  it("accepts the target ids boards use", () => {
    for (const t of ["cell:1,2", "die:5", "pass", "card:hotel-3", "space=actors;2", "a.b_c+d"]) {
      assert.equal(isTarget(t), true, t);
    }
  });
  it("refuses empty, long, spaced, quoted or non-string ids", () => {
    for (const t of ["", "a b", 'x"y', "<svg>", "x".repeat(81), null, undefined, 3, {}]) {
      assert.equal(isTarget(t), false, String(t));
    }
  });
});

describe("findTarget", () => {
  it("finds the data-target of the element itself", () => {
    assert.equal(findTarget(node({ "data-target": "cell:0,0" })), "cell:0,0");
  });
  it("walks up to the nearest tagged ancestor", () => {
    const root = node();
    const g = node({ "data-target": "die:3" }, root);
    const pip = node({}, node({}, g));
    assert.equal(findTarget(pip, root), "die:3");
    assert.equal(findTargetElement(pip, root), g);
  });
  it("stops at the root and returns null outside targets", () => {
    const outside = node({ "data-target": "cell:9,9" });
    const root = node({}, outside);
    const child = node({}, root);
    assert.equal(findTarget(child, root), null);
    assert.equal(findTargetElement(child, root), null);
  });
  it("ignores malformed targets and non-elements", () => {
    assert.equal(findTarget(node({ "data-target": "bad target" })), null);
    assert.equal(findTarget({ parentNode: null }), null);
    assert.equal(findTarget(null), null);
  });
  it("does not loop forever on a cyclic parent chain", () => {
    const a = node();
    a.parentNode = a;
    assert.equal(findTarget(a), null);
  });
});

describe("messages", () => {
  it("builds click messages only for valid targets", () => {
    assert.deepEqual(clickMessage("cell:1,2"), { kind: "click", target: "cell:1,2" });
    assert.equal(clickMessage("bad target"), null);
    assert.equal(clickMessage(null), null);
  });
  it("builds drag messages with rounded finite coordinates", () => {
    assert.deepEqual(dragMessage("tile:1", "move", 10.123, -4.5678), {
      kind: "drag", target: "tile:1", phase: "move", x: 10.12, y: -4.57,
    });
    assert.equal(dragMessage("tile:1", "move", NaN, 0), null);
    assert.equal(dragMessage("tile:1", "move", Infinity, 0), null);
    assert.equal(dragMessage("tile:1", "fly", 0, 0), null);
    assert.equal(dragMessage("tile 1", "end", 0, 0), null);
    assert.equal(coord("3"), null);
  });
  it("reports printable and named keys only", () => {
    assert.deepEqual(keyMessage("r"), { kind: "key", key: "r" });
    assert.deepEqual(keyMessage("ArrowLeft", "tile:2"), { kind: "key", key: "ArrowLeft", target: "tile:2" });
    assert.deepEqual(keyMessage("x", "not valid"), { kind: "key", key: "x" });
    for (const k of ["Shift", "F5", "é", "", "ab", null]) {
      assert.equal(isReportedKey(k), false, String(k));
      assert.equal(keyMessage(k), null);
    }
    assert.equal(isActivationKey("Enter"), true);
    assert.equal(isActivationKey(" "), true);
    assert.equal(isActivationKey("a"), false);
  });
});

describe("legal highlighting", () => {
  it("keeps valid ids only", () => {
    assert.deepEqual([...legalSet(["die:1", "bad id", 4, "pass"])], ["die:1", "pass"]);
    assert.equal(legalSet(undefined).size, 0);
  });
  it("adds and removes bk-legal without touching other classes", () => {
    const legal = new Set(["cell:0,0"]);
    assert.equal(withLegalClass("bk-target", "cell:0,0", legal), "bk-target bk-legal");
    assert.equal(withLegalClass("bk-target bk-legal", "cell:1,0", legal), "bk-target");
    assert.equal(withLegalClass("bk-target  bk-legal bk-dim", "cell:0,0", legal),
      "bk-target bk-dim bk-legal");
    assert.equal(withLegalClass(null, "cell:0,0", legal), "bk-legal");
  });
});

describe("geometry", () => {
  it("maps client coordinates through an inverse screen matrix", () => {
    // the SVG is drawn at half size, shifted by (100, 50): inverse = scale 2, shift back
    const inverse = { a: 2, b: 0, c: 0, d: 2, e: -200, f: -100 };
    assert.deepEqual(toSvgPoint(inverse, 110, 60), { x: 20, y: 20 });
  });
  it("tells a drag from a click by distance", () => {
    assert.equal(isDrag({ x: 0, y: 0 }, { x: 2, y: 2 }), false);
    assert.equal(isDrag({ x: 0, y: 0 }, { x: 3, y: 4 }), true);
  });
});
