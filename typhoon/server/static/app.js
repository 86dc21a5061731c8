// Entry point: a tiny router over the three screens.
//   /                          start page (create, list, import)
//   /play/<id>#seat=<secret>   game page (no seat = spectator); the secret stays in the fragment,
//                              which the browser never sends (an old ?seat= link is rewritten)
//   /play/<id>?replay=1        replay (also /replay/<id>)
// A /?game=<id>&seat=... form is accepted too, in case only / serves the page.
import { renderStart } from "./start.js";
import { GamePage } from "./game.js";
import { ReplayPage } from "./replay.js";
import { showError } from "./ui.js";

function route() {
  const params = new URLSearchParams(location.search);
  const parts = location.pathname.split("/").filter(Boolean);
  let id = params.get("game");
  let kind = id ? "play" : "start";
  if (parts[0] === "play" && parts[1]) {
    kind = "play";
    id = decodeURIComponent(parts[1]);
  } else if (parts[0] === "replay" && parts[1]) {
    kind = "replay";
    id = decodeURIComponent(parts[1]);
  }
  if (kind === "play" && params.has("replay")) kind = "replay";
  const root = document.getElementById("app");
  root.innerHTML = "";
  if (kind === "start") {
    document.body.className = "page-start";
    renderStart(root);
  } else if (kind === "replay") {
    document.body.className = "page-replay";
    new ReplayPage(root, id, params.has("ply") ? parseInt(params.get("ply"), 10) : null);
  } else {
    document.body.className = "page-game";
    const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
    let seat = hash.get("seat") || params.get("seat");
    if (params.has("seat")) {
      // an old-style link: take the secret out of the address (history, Referer, logs)
      params.delete("seat");
      const rest = params.toString();
      history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}#seat=${encodeURIComponent(seat)}`);
    }
    if (seat) localStorage.setItem(`typhoon.seat.${id}`, seat);
    new GamePage(root, id, seat);
  }
}

// a seat link for the same page changes only the fragment: open it as a new page
window.addEventListener("hashchange", () => location.reload());

window.addEventListener("unhandledrejection", (ev) => {
  showError(ev.reason && ev.reason.message ? ev.reason.message : String(ev.reason));
});

route();
