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

// ---- the other side's turn, replayed step by step on the game page ---------------------------
// When a view arrives with actions by another side (the computer's whole turn, or an opponent's
// move in a network game), the page shows them one by one: the board after each action (from
// GET /replay?ply=N, as this seat may see it), an arrow from where each unit was to where it is,
// marks for losses, and a caption from the log; then a summary. Nothing here knows a game: the
// differences are read from the views' units, the words from the log.

export const SPEEDS = { off: 0, fast: 250, normal: 650, slow: 1300 };
export const MAX_PLAYBACK_MS = 10000; // a long turn plays faster rather than for minutes
const MAX_STEPS = 120;

/** The speed chosen in this browser (localStorage), "normal" by default. */
export function playbackSpeed() {
  const s = localStorage.getItem("typhoon.playback");
  return s in SPEEDS ? s : "normal";
}

/** The log entries to play back: actions after ``fromPly`` by anybody but ``seat``'s own
 *  side(s); the hot-seat seat plays every side itself, so nothing is played back. */
export function entriesToPlay(log, fromPly, seat) {
  if (seat === "both") return [];
  return (log || []).filter((e) => e.ply > fromPly && e.player && e.player !== seat);
}

/** What changed between two lists of units: moves {unit, from, to}, and marks {hex, text, cls}
 *  for units that left the map, arrived, lost or regained a step. */
export function unitChanges(before, after) {
  const at = (units) => Object.fromEntries((units || []).filter((u) => u.hex && (u.where === undefined || u.where === "map")).map((u) => [u.id, u]));
  const a = at(before), b = at(after);
  const moves = [], marks = [];
  for (const [id, u] of Object.entries(b)) {
    const old = a[id];
    if (!old) marks.push({ hex: u.hex, text: `${u.label || id} arrives`, cls: "arrived", unit: id });
    else {
      if (old.hex !== u.hex) moves.push({ unit: id, from: old.hex, to: u.hex, side: u.side });
      if (!old.reduced && u.reduced) marks.push({ hex: u.hex, text: `${u.label || id} −1 step`, cls: "loss", unit: id });
      if (old.reduced && !u.reduced) marks.push({ hex: u.hex, text: `${u.label || id} restored`, cls: "gain", unit: id });
    }
  }
  for (const [id, u] of Object.entries(a)) if (!b[id]) marks.push({ hex: u.hex, text: `${u.label || id} ✕`, cls: "eliminated", unit: id });
  return { moves, marks };
}

/** One line of the log in plain words: the events the rules wrote, else the action. */
export function entryText(e) {
  const ev = (e.events || []).filter(Boolean);
  return ev.length ? ev.join("; ") : String(e.action || "");
}

export class TurnPlayback {
  /** page: the GamePage (its map, meta, id, seat). */
  constructor(page) {
    this.page = page;
    this.token = 0;
    this.cache = new Map();
  }

  state(ply) {
    if (!this.cache.has(ply)) {
      const p = api.replay(this.page.id, ply, this.page.seat);
      p.catch(() => this.cache.delete(ply));
      this.cache.set(ply, p);
    }
    return this.cache.get(ply);
  }

  /** The steps of a playback: one per action by another side, the board shown after it and the
   *  chance events (dice) that followed it. */
  steps(prev, next) {
    const log = next.log || [];
    const mine = entriesToPlay(log, prev.version, prev.seat);
    const steps = [];
    for (const e of mine.slice(-MAX_STEPS)) steps.push({ entry: e, rolls: [], ply: e.ply });
    for (let i = 0; i < steps.length; i++) {
      const end = i + 1 < steps.length ? steps[i + 1].ply - 1 : next.version;
      steps[i].until = end;
      steps[i].rolls = log.filter((x) => x.ply > steps[i].ply && x.ply <= end && !x.player);
    }
    return steps;
  }

  stop() {
    this.token++;
  }

  /** Play ``steps`` from the board of ``prev``; onStep(i, step, stateAfter) after each; resolves
   *  true when played to the end, false when stopped. */
  async play(prev, steps, onStep, delayOf) {
    const token = ++this.token;
    // ask for the boards a few at a time ahead of the one shown
    const ahead = 4;
    for (let i = 0; i < Math.min(ahead, steps.length); i++) this.state(steps[i].until);
    let before = prev.units;
    for (let i = 0; i < steps.length; i++) {
      if (i + ahead < steps.length) this.state(steps[i + ahead].until);
      let after;
      try {
        after = await this.state(steps[i].until);
      } catch {
        return false;
      }
      if (token !== this.token) return false;
      steps[i].changes = unitChanges(before, after.units);
      onStep(i, steps[i], after);
      before = after.units;
      const quiet = !steps[i].changes.moves.length && !steps[i].changes.marks.length;
      const delay = quiet ? Math.floor(delayOf(steps.length) / 3) : delayOf(steps.length);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (token !== this.token) return false;
    }
    return true;
  }
}
