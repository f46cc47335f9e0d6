// What the seat page and the teacher's page share about their address. Each reads its token
// once, from the fragment (#token=...), which browsers never send to a server. Pasting another
// link into the tab changes only the fragment, which loads nothing by itself: the page would
// go on showing, and acting with, a token its address no longer holds. `reloadOnNewFragment`
// makes a new fragment a new page: the page lets go of what it holds (`leave`), empties itself
// so nothing of the old token stays on screen, and loads again.
export function fragmentToken() {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") || "";
}

export function reloadOnNewFragment(leave) {
  let leaving = false;
  window.addEventListener("hashchange", () => {
    if (leaving) return;
    leaving = true;
    leave();
    document.body.replaceChildren();
    window.location.reload();
  });
  return () => leaving; // true once the address's token changed: the page does nothing more
}
