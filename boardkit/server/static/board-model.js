// The model board.js talks to, for a page outside Jupyter: board.js expects an anywidget
// model (get/on/off for the traits `svg` and `legal`, send for the user's messages). This
// one keeps the traits on the page; `set` changes one and tells its listeners, and the
// messages go to `send` (the seat page posts them to the server; the teacher's page only
// watches).
export function boardModel(send) {
  const data = { svg: "", legal: [] };
  const listeners = new Map();
  return {
    get: (name) => data[name],
    set(name, value) {
      data[name] = value;
      for (const fn of listeners.get(`change:${name}`) || []) fn();
    },
    on(name, fn) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(fn);
    },
    off(name, fn) {
      const set = listeners.get(name);
      if (set) set.delete(fn);
    },
    send,
  };
}
