// Replay: step through a game move by move (GET /api/games/{id}/replay?ply=N).
import { api, getGameMeta } from "./api.js";
import { showError, h } from "./ui.js";
import { MapView } from "./map.js";
import { turnTrack, placesPanel, zoomControls } from "./widgets.js";

export class ReplayPage {
  constructor(root, id, ply) {
    this.root = root;
    this.id = id;
    this.ply = ply;
    this.of = null;
    this.token = 0;
    // a seat sees the replay as it may know the game (hidden values stay hidden)
    this.seat = localStorage.getItem(`typhoon.seat.${id}`) || null;
    this.init();
  }

  async init() {
    try {
      this.meta = await getGameMeta(this.id);
    } catch (e) {
      showError(`Cannot load game data: ${e.message}`);
      return;
    }
    document.getElementById("topbar-extra").replaceChildren(
      h("span", { className: "game-id" }, `Replay of game ${this.id}`),
      h("a", { className: "button", href: `/play/${this.id}` }, "Live view"));
    const btn = (label, testid, fn, title) => h("button", { type: "button", "data-testid": testid, title, onclick: fn }, label);
    this.slider = h("input", { type: "range", min: 0, max: 0, value: 0, "data-testid": "replay-slider", className: "slider" });
    this.slider.addEventListener("input", () => this.go(parseInt(this.slider.value, 10)));
    this.counter = h("span", { className: "ply-counter", "data-testid": "replay-ply" }, "");
    this.trackEl = h("div", { className: "track" });
    this.mapBox = h("div", { className: "map-box" });
    this.info = h("div", { className: "card replay-info", "data-testid": "replay-info" });
    this.citiesEl = h("div", { className: "card cities" });
    const controls = h("div", { className: "replay-controls card" },
      btn("|◀ First", "replay-first", () => this.go(0), "first"),
      btn("◀ Prev", "replay-prev", () => this.go(this.ply - 1), "previous"),
      btn("Next ▶", "replay-next", () => this.go(this.ply + 1), "next"),
      btn("Last ▶|", "replay-last", () => this.go(this.of), "last"),
      this.slider, this.counter);
    this.root.append(this.trackEl, h("div", { className: "game-layout" }, this.mapBox, h("aside", { className: "side" }, controls, this.info, this.citiesEl)));
    this.mapView = new MapView(this.mapBox, this.meta.map_meta, {});
    this.mapView.setShowIds(localStorage.getItem("typhoon.hexids") === "1");
    this.mapBox.append(zoomControls(this.mapView, localStorage.getItem("typhoon.hexids") === "1"));
    document.addEventListener("keydown", (ev) => {
      if (ev.target && ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
      if (ev.key === "ArrowRight") this.go(this.ply + 1);
      else if (ev.key === "ArrowLeft") this.go(this.ply - 1);
    });
    // find the length first, then show the asked ply (default: the start)
    await this.go(this.ply === null ? 0 : this.ply, true);
  }

  async go(ply, first = false) {
    if (!first && this.of !== null) ply = Math.max(0, Math.min(this.of, ply));
    if (ply < 0 || Number.isNaN(ply)) ply = 0;
    const token = ++this.token;
    let r;
    try {
      r = await api.replay(this.id, ply, this.seat);
    } catch (e) {
      showError(`Replay: ${e.message}`);
      return;
    }
    if (token !== this.token) return;
    showError(null);
    this.ply = r.ply;
    this.of = r.of;
    this.slider.max = r.of;
    this.slider.value = r.ply;
    this.counter.textContent = `${r.ply} / ${r.of}`;
    this.trackEl.replaceChildren(turnTrack(r));
    this.mapView.setSides(r.sides);
    this.mapView.setControl(r.control, r.side_names || {});
    this.mapView.drawUnits(r.units || []);
    const hexOf = Object.fromEntries((r.units || []).map((u) => [u.id, u.hex]));
    const battles = (r.battles || []).map((b) => ({
      target: b.target,
      from: (b.attackers || []).map((a) => hexOf[a]).filter(Boolean),
      cls: b.current ? "current" : "declared",
      label: b.odds ? b.odds.final : null,
    }));
    this.mapView.drawBattles(battles);
    this.info.replaceChildren(
      h("div", {}, h("b", {}, r.ply ? `Action ${r.ply}: ` : "Start position"), r.action || ""),
      (r.events || []).length ? h("ul", { className: "events" }, ...(r.events || []).map((e) => h("li", {}, e))) : null,
      h("div", { className: "muted" }, r.turn_label || `Turn ${r.turn ?? "?"}`, ", ", r.phase_name || r.phase || ""),
      r.status ? h("div", { className: "muted small" }, r.status) : null);
    this.citiesEl.replaceChildren(placesPanel(this.meta.map_meta, r));
    const url = new URL(location.href);
    url.searchParams.set("ply", r.ply);
    history.replaceState(null, "", url);
  }
}
