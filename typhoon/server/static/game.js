// Game page: the map, the controls for every choice the rules give, live updates.
// Any game: the map comes from map_meta, the choices from the view's described legal actions
// (legal.js), every text from the server.
import { api, getGameMeta, LiveSocket, seatLink } from "./api.js";
import { showError } from "./ui.js";
import { MapView, sideStyle } from "./map.js";
import { sortActions, groupByVerb, slug } from "./legal.js";
import { h } from "./ui.js";
import { turnTrack, placesPanel, logPanel, oddsPanel, sideName, humanize, downloadRecord, zoomControls, rulesPanel, chanceFace,
  diceHistory, legendPanel, chartsDialog, victoryList } from "./widgets.js";
import { TurnPlayback, SPEEDS, MAX_PLAYBACK_MS, playbackSpeed, entriesToPlay, entryText, unitChanges } from "./replay.js";

export class GamePage {
  constructor(root, id, seat) {
    this.root = root;
    this.id = id;
    this.seat = seat || null;
    this.view = null;
    this.sel = { unit: null, attackers: new Set(), target: null, poolUnit: null };
    this.busy = false;
    this.oddsToken = 0;
    this.odds = null;
    window.typhoonGame = this; // for the console and the browser tests
    this.init();
  }

  async init() {
    try {
      this.meta = await getGameMeta(this.id);
    } catch (e) {
      showError(e.status === 404 ? `There is no game ${this.id}.` : `Cannot load game data: ${e.message}`);
      return;
    }
    this.build();
    try {
      this.setView(await api.view(this.id, this.seat));
    } catch (e) {
      showError(e.status === 404 ? `There is no game ${this.id}.` : e.status === 403 ? `This seat link is not valid for game ${this.id} (${e.message}).` : `Cannot load the game: ${e.message}`);
      if (e.status === 404 || e.status === 403) return;
    }
    this.socket = new LiveSocket(this.id, this.seat, {
      onView: (v) => {
        // while our own request is in flight its answer is the authority; keep the newest broadcast
        if (this.busy) this.heldView = v;
        else this.setView(v);
      },
      onError: (m) => showError(`${m.status ? m.status + ": " : ""}${m.detail}`),
      onStatus: (s) => this.setConn(s),
    });
  }

  build() {
    const extra = document.getElementById("topbar-extra");
    this.connEl = h("span", { className: "conn", "data-testid": "conn" }, "…");
    this.seatEl = h("span", { className: "seat-badge", "data-testid": "seat" });
    extra.replaceChildren(h("span", { className: "game-id", title: `game ${this.id}` }, h("span", { className: "game-title" }, this.meta.title || ""), h("span", { className: "game-no" }, ` · game ${this.id}`)), this.seatEl, this.connEl);
    document.title = `Typhoon: ${this.meta.title || "game"}`;

    this.trackEl = h("div", { className: "track", "data-testid": "track" });
    this.mapBox = h("div", { className: "map-box" });
    this.side = h("aside", { className: "side" });
    this.statusEl = h("div", { className: "status", "data-testid": "status", "aria-live": "polite" });
    this.promptEl = h("div", { className: "prompt card", "data-testid": "prompt" });
    this.buttonsEl = h("div", { className: "buttons" });
    this.reasonEl = h("div", { className: "reasons muted small", "data-testid": "reasons" });
    this.playbackEl = h("div", { className: "playback card", "data-testid": "playback", hidden: true });
    this.placesEl = h("div", { className: "card cities", "data-testid": "cities" });
    this.legalEl = h("details", { className: "card legal", "data-testid": "legal" });
    this.logEl = h("div", { className: "card log", "data-testid": "log" });
    this.diceEl = h("details", { className: "card dice", "data-testid": "dice-card" });
    this.summaryEl = h("div", { className: "card turn-summary", "data-testid": "turn-summary", hidden: true });
    this.unitInfo = h("div", { className: "unit-info", "data-testid": "unit-info" });
    this.victoryEl = h("div", { className: "victory-now muted small", "data-testid": "victory-now" });
    this.legendEl = h("div", { className: "legend-box" });
    // the sheet: what to do now (on a phone, fixed at the bottom of the screen)
    this.sheet = h("section", { className: "sheet", "data-testid": "sheet" },
      h("button", { type: "button", className: "sheet-handle", "data-testid": "sheet-handle", title: "fold or unfold",
        onclick: () => this.sheet.classList.toggle("folded") }), this.statusEl, this.playbackEl, this.buttonsEl, this.reasonEl, this.promptEl);
    this.side.append(this.sheet, this.summaryEl, this.unitInfo, this.placesEl, this.victoryEl, this.legendEl, this.diceEl, this.legalEl, this.logEl,
      rulesPanel(this.meta.rules_doc));
    this.root.append(this.trackEl, h("div", { className: "game-layout" }, this.mapBox, this.side));
    this.playback = new TurnPlayback(this);
    this.charts = chartsDialog(this.meta.rules_doc, this.meta.map_meta, [], {});
    document.body.append(this.charts);
    this.chartsBtn = h("button", { type: "button", className: "button charts-btn", "data-testid": "charts-button",
      onclick: () => this.charts.showModal() }, "Charts");

    this.mapView = new MapView(this.mapBox, this.meta.map_meta, {
      onHex: (hex, ev) => this.onHex(hex, false, ev),
      onUnit: (u) => this.onUnit(u),
    });
    const idsOn = localStorage.getItem("typhoon.hexids") === "1";
    this.mapView.setShowIds(idsOn);
    const zocOn = localStorage.getItem("typhoon.zoc") === "1";
    this.mapView.setZocVisible(zocOn);
    const zoc = h("input", { type: "checkbox", "data-testid": "zoc-toggle", checked: zocOn });
    zoc.addEventListener("change", () => {
      this.mapView.setZocVisible(zoc.checked);
      localStorage.setItem("typhoon.zoc", zoc.checked ? "1" : "0");
    });
    const speed = h("select", { "data-testid": "playback-speed", title: "how the other side's moves are shown" },
      ...Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === playbackSpeed() }, `▶ ${k}`)));
    speed.addEventListener("change", () => localStorage.setItem("typhoon.playback", speed.value));
    speed.title = "how the other side's moves are replayed: off, fast, normal, slow";
    const zc = zoomControls(this.mapView, idsOn);
    zc.insertBefore(h("label", { className: "ids zoc-switch", title: "show the zones of control" }, zoc, " ZOC"), zc.querySelector(".hint"));
    zc.insertBefore(speed, zc.querySelector(".hint"));
    zc.insertBefore(this.chartsBtn, zc.querySelector(".hint"));
    this.mapBox.append(zc);

    this.undoBtn = h("button", { type: "button", "data-testid": "undo", onclick: () => this.undo() }, "Undo");
    this.endBtn = h("button", { type: "button", className: "primary", "data-testid": "end-phase", onclick: () => this.L.end && this.send(this.L.end.text) }, "End phase");
    this.saveBtn = h("button", { type: "button", "data-testid": "save", onclick: () => downloadRecord(this.id, this.view, this.seat) }, "Save");
    this.replayLink = h("a", { className: "button", href: `/play/${this.id}?replay=1`, target: "_blank", "data-testid": "replay-link" }, "Replay");
    this.buttonsEl.append(this.endBtn, this.undoBtn, this.saveBtn, this.replayLink);

    // a choice between buttons on one spot (e.g. stand fast or retreat) is asked in a dialog
    this.dialog = h("dialog", { className: "decision", "data-testid": "decision-dialog" });
    document.body.append(this.dialog);
  }

  setConn(s) {
    this.connEl.textContent = s === "live" ? "● live" : s === "connecting" ? "○ connecting…" : "○ offline, reconnecting…";
    this.connEl.className = `conn ${s}`;
  }

  names() {
    return (this.view && this.view.side_names) || {};
  }

  setView(v, { playback = true } = {}) {
    if (!v || (v.id && v.id !== this.id)) return;
    if (this.playing) {
      // a playback is on: keep the newest view for its end
      if (!this.playing.next || v.version >= this.playing.next.version) this.playing.next = v;
      return;
    }
    const prev = this.view;
    if (playback && prev && v.version > prev.version && entriesToPlay(v.log, prev.version, prev.seat).length) {
      this.startPlayback(prev, v);
      return;
    }
    this.view = v;
    this.L = sortActions(v.you_act ? v.actions || [] : [], v.units || []);
    this.unitsById = Object.fromEntries((v.units || []).map((u) => [u.id, u]));
    this.unitsAt = {};
    for (const u of v.units || []) if (u.hex && (u.where === undefined || u.where === "map")) (this.unitsAt[u.hex] = this.unitsAt[u.hex] || []).push(u);
    // keep a selection only while it still makes sense
    if (!prev || prev.version !== v.version || prev.phase !== v.phase) {
      const L = this.L;
      const keepAtt = [...this.sel.attackers].filter((a) => L.attack[a]);
      this.sel = {
        unit: this.sel.unit && L.target[this.sel.unit] ? this.sel.unit : null,
        attackers: new Set(keepAtt),
        target: this.sel.target && L.targets[this.sel.target] ? this.sel.target : null,
        poolUnit: this.sel.poolUnit && L.pool[this.sel.poolUnit] ? this.sel.poolUnit : null,
      };
      this.choices = null;
      if (!this.sel.attackers.size || !this.sel.target) this.odds = null;
    }
    this.render();
    Object.assign(this.root.dataset, { version: v.version, phase: v.phase, turn: v.turn, youAct: v.you_act ? "1" : "0", current: v.current_player || "" });
    if (this.sel.target && this.sel.attackers.size) this.fetchOdds();
  }

  // ---- actions ------------------------------------------------------------------------
  async send(text) {
    if (this.busy) return false;
    this.busy = true;
    document.body.classList.add("busy");
    showError(null);
    this.mapView.clearTrail();
    this.summaryEl.hidden = true;
    try {
      const v = await api.act(this.id, this.seat, text, this.view.version);
      this.setView(v);
      return true;
    } catch (e) {
      this.reportError(e, text);
      return false;
    } finally {
      this.busy = false;
      document.body.classList.remove("busy");
      this.releaseHeld();
    }
  }

  releaseHeld() {
    const held = this.heldView;
    this.heldView = null;
    if (held && this.view && held.version > this.view.version) this.setView(held);
  }

  async sendAll(texts) {
    for (const t of texts) {
      if (!(await this.send(t))) return false;
    }
    return true;
  }

  async undo() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.setView(await api.undo(this.id, this.seat, this.view.version));
    } catch (e) {
      this.reportError(e, "undo");
    } finally {
      this.busy = false;
      this.heldView = null;
    }
  }

  async reportError(e, what) {
    if (e.status === 409) {
      showError(`The game moved on before "${what}" arrived; the board is refreshed. (${e.message})`);
      try { this.setView(await api.view(this.id, this.seat)); } catch { /* socket will catch up */ }
    } else if (e.status === 422) {
      showError(`Not allowed: ${what}: ${e.message}`);
    } else if (e.status === 403) {
      showError(`Not your move (${e.message})`);
    } else {
      showError(`${what} failed: ${e.message}`);
    }
  }

  /** Several actions fit one click: offer them as buttons. */
  choose(actions) {
    if (actions.length === 1) return this.send(actions[0].text);
    this.choices = actions;
    this.renderPrompt();
  }

  // ---- clicks -------------------------------------------------------------------------
  onUnit(u) {
    const L = this.L;
    this.showUnit(u);
    if (this.playing) return;
    if (!this.view.you_act) return;
    const s = this.sel.unit || this.sel.poolUnit;
    // a selected unit may act on a friend's hex (e.g. stack with it): the click means that hex
    if (s && s !== u.id) {
      const acts = (L.target[s] || L.pool[s] || []).filter((a) => a.hex === u.hex);
      if (acts.length) return this.choose(acts);
    }
    if (L.self[u.id]) return this.send(L.self[u.id].text);
    if (L.pick[u.id]) return this.send(L.pick[u.id].text);
    if (L.attack[u.id]) {
      if (this.sel.attackers.has(u.id)) this.sel.attackers.delete(u.id);
      else {
        if (this.sel.target && !L.attack[u.id].has(this.sel.target)) {
          showError(`${u.label || u.id} cannot attack ${this.sel.target} (not adjacent, or already committed).`);
          return;
        }
        this.sel.attackers.add(u.id);
      }
      this.odds = null;
      this.render();
      return this.fetchOdds();
    }
    if (L.target[u.id]) {
      this.sel.unit = this.sel.unit === u.id ? null : u.id;
      this.sel.poolUnit = null;
      this.choices = null;
      return this.render();
    }
    if (L.targets[u.hex]) return this.pickTarget(u.hex);
    this.onHex(u.hex, true);
  }

  pickTarget(hex) {
    const L = this.L;
    if (this.sel.target === hex) this.sel.target = null;
    else {
      this.sel.target = hex;
      const bad = [...this.sel.attackers].filter((a) => !L.attack[a].has(hex));
      bad.forEach((a) => this.sel.attackers.delete(a));
      if (bad.length) showError(`${bad.join(", ")} cannot attack ${hex}; left out.`);
    }
    this.odds = null;
    this.render();
    this.fetchOdds();
  }

  onHex(hex, fromUnit = false, ev = null) {
    const L = this.L;
    if (!this.view || !this.view.you_act || this.playing) return;
    const u = this.sel.unit || this.sel.poolUnit;
    // Shift-click: a hex the selected unit's move passes through, in order (describe's "waypoints")
    if (u && ev && ev.shiftKey && (L.target[u] || []).some((a) => a.waypoints)) {
      const via = this.sel.via || (this.sel.via = []);
      const at = via.indexOf(hex);
      if (at >= 0) via.splice(at, 1);
      else via.push(hex);
      return this.render();
    }
    if (u) {
      const acts = (L.target[u] || L.pool[u] || []).filter((a) => a.hex === hex);
      const via = this.sel.via || [];
      if (acts.length === 1 && via.length && acts[0].waypoints) {
        this.sel.via = [];
        return this.send(`${acts[0].text} ${acts[0].waypoints} ${via.join(" ")}`);
      }
      if (acts.length) return this.choose(acts);
    }
    if ((L.hexOnly[hex] || []).length === 1) return this.send(L.hexOnly[hex][0].text);
    if (L.targets[hex]) return this.pickTarget(hex);
    if (!fromUnit && this.unitsAt[hex]) return this.onUnit(this.unitsAt[hex][0]);
    const ending = L.path.filter((a) => a.hex === hex || (a.path && a.path[a.path.length - 1] === hex));
    if (!u && ending.length) return this.choose(ending);
    if (u) {
      this.sel.unit = null;
      this.sel.poolUnit = null;
      this.render();
    }
  }

  async fetchOdds() {
    const { target, attackers } = this.sel;
    if (!target || !attackers.size) {
      this.odds = null;
      return;
    }
    const declared = (this.view.battles || []).find((b) => b.target === target);
    const all = [...new Set([...(declared ? declared.attackers : []), ...attackers])];
    const token = ++this.oddsToken;
    try {
      const o = await api.odds(this.id, target, all, this.seat);
      if (token !== this.oddsToken) return;
      this.odds = { target, attackers: all, data: o };
    } catch (e) {
      if (token !== this.oddsToken) return;
      this.odds = { target, attackers: all, error: e.message };
    }
    this.renderPrompt();
  }

  showUnit(u) {
    this.infoUnit = u.id;
    const kinds = this.meta.map_meta.unit_kinds || {};
    const kind = (kinds[u.kind] && kinds[u.kind].label) || u.kind || "";
    const flags = (u.flags || []).map(humanize).join(", ");
    const values = u.hidden ? "hidden" : `${u.values || ""}${u.full_values && u.reduced_values ? ` (full ${u.full_values}, reduced ${u.reduced_values})` : ""}`;
    this.unitInfo.replaceChildren(h("div", { className: `unit-card ${u.side}` },
      h("b", {}, u.name || u.label || u.id), ` (${sideName(this.names(), u.side)}${kind ? " " + kind.toLowerCase() : ""})`,
      h("div", {}, values),
      h("div", {}, `${u.hex ? `in ${u.hex}` : humanize(u.where || "off the map")}${u.reduced ? ", reduced" : ""}${flags ? `; ${flags}` : ""}`)));
  }

  // ---- rendering ----------------------------------------------------------------------
  render() {
    const v = this.view;
    const L = this.L;
    const names = this.names();
    this.seatEl.textContent = this.seat ? `You: ${sideName(names, v.seat)}` : "Spectating";
    this.seatEl.className = `seat-badge ${v.seat || "spectator"}`;
    const ss = v.seat && v.seat !== "both" ? sideStyle(this.meta.map_meta, v.sides, v.seat) : null;
    this.seatEl.style.background = ss && ss.fill ? ss.fill : "";
    this.trackEl.replaceChildren(turnTrack(v));
    this.mapView.setSides(v.sides);
    this.renderStatus();
    if (this.infoUnit) {
      if (this.unitsById[this.infoUnit]) this.showUnit(this.unitsById[this.infoUnit]);
      else this.unitInfo.replaceChildren(h("div", { className: "unit-card" }, `${this.infoUnit} is not on the map.`));
    }

    // map
    this.mapView.setControl(v.control, names);
    const clickable = new Set();
    const selected = new Set(this.sel.attackers);
    if (this.sel.unit) selected.add(this.sel.unit);
    for (const id of [...Object.keys(L.target), ...Object.keys(L.attack), ...Object.keys(L.self), ...Object.keys(L.pick)]) clickable.add(id);
    for (const t of Object.keys(L.targets)) for (const x of this.unitsAt[t] || []) clickable.add(x.id);
    this.mapView.drawUnits(v.units || [], { selected, clickable });

    const hl = {};
    for (const t of Object.keys(L.hexOnly)) hl[t] = "target";
    if (this.sel.unit) {
      for (const a of L.target[this.sel.unit] || []) hl[a.hex] = "dest";
      const su = this.unitsById[this.sel.unit];
      if (su && su.hex) hl[su.hex] = "origin";
      for (const w of this.sel.via || []) hl[w] = "via";
    } else this.sel.via = [];
    if (this.sel.poolUnit) for (const a of L.pool[this.sel.poolUnit] || []) hl[a.hex] = "dest";
    if (L.declaring) {
      const att = [...this.sel.attackers];
      for (const [t, us] of Object.entries(L.targets)) {
        if (att.every((a) => us.has(a))) hl[t] = t === this.sel.target ? "target selected" : "target";
      }
      if (this.sel.target) for (const a of L.targets[this.sel.target] || []) if (this.unitsById[a]) hl[this.unitsById[a].hex] = "can-attack";
    }
    for (const id of [...Object.keys(L.self), ...Object.keys(L.pick)]) if (this.unitsById[id]) hl[this.unitsById[id].hex] = "choice";
    this.mapView.highlight(hl, new Set(Object.keys(this.unitsAt)));

    const battles = (v.battles || []).map((b) => ({
      target: b.target,
      from: (b.attackers || []).map((a) => this.unitsById[a] && this.unitsById[a].hex).filter(Boolean),
      cls: b.current ? "current" : "declared",
      // a resolved battle keeps the odds it was fought at (the view's "fought"), never recalculated ones
      label: b.fought ? b.fought.final : b.odds ? b.odds.final ?? b.odds.label ?? null : null,
    }));
    this.mapView.drawBattles(battles);

    // actions naming a path (retreats) are arrows, while no unit is selected
    if (L.path.length && L.path.length <= 24 && !this.sel.unit) {
      this.mapView.drawArrows(L.path.map((a) => ({
        id: a.text,
        path: [a.from, ...a.path].filter((x, i, arr) => x && (i === 0 || x !== arr[i - 1])),
        label: a.label,
      })), (a) => this.send(a.id));
    } else this.mapView.drawArrows([]);

    // buttons
    this.undoBtn.disabled = !(this.seat && v.can_undo);
    this.undoBtn.title = v.can_undo ? "Take back your last action" : v.undo_refusal || "";
    this.endBtn.disabled = !L.end;
    this.endBtn.textContent = L.end ? L.end.label : "End phase";
    this.endBtn.title = L.end ? `${L.end.label}${L.end.rule ? ` (${L.end.rule})` : ""}` : this.endReason() || "";
    if (!this.seat) for (const b of [this.endBtn, this.undoBtn]) b.hidden = true;
    this.renderReasons();
    this.renderPrompt();
    this.renderScore();
    this.renderLegal();
    logPanel(this.logEl, v.log || [], names, this.meta.map_meta, v.sides);
    this.diceEl.replaceChildren(h("summary", {}, `Dice (${(v.dice && v.dice.rolls) ?? (v.log || []).filter((e) => e.chance).length})`), diceHistory(v.log || []));
    this.mapView.drawZoc(v.zoc || {}, names);
    if (!this.legendEl.firstChild) this.legendEl.replaceChildren(legendPanel(this.meta.map_meta, v));
    this.renderDecision();
    this.scrollTrack();
    if (!this.fitted) {
      this.fitted = true;
      requestAnimationFrame(() => this.mapView.fitForScreen());
    }
  }

  /** Why the End button is greyed: the server's reason (the rules' own), else who is to act. */
  endReason() {
    const v = this.view;
    if (!this.seat) return null;
    if (v.outcome) return "The game is over.";
    if (!v.you_act) return v.current_player ? `${sideName(this.names(), v.current_player)} is to act.` : "A chance event is due.";
    if (this.L.end) return null;
    return v.end_refusal || (this.L.decision ? "Choose first (the dialog)." : "Finish the current step first.");
  }

  /** A line under the buttons for every control that is greyed out, saying why. */
  renderReasons() {
    const v = this.view;
    const items = [];
    if (this.seat && !this.L.end) {
      const r = this.endReason();
      if (r) items.push(h("li", { "data-reason": "end" }, h("b", {}, "End: "), r));
    }
    if (this.seat && !v.can_undo && v.undo_refusal && v.you_act) items.push(h("li", { "data-reason": "undo" }, h("b", {}, "Undo: "), v.undo_refusal));
    this.reasonEl.replaceChildren(...(items.length ? [h("ul", {}, ...items)] : []));
  }

  /** The score and place tracker, the victory conditions and the standing now. */
  renderScore() {
    const v = this.view;
    const vl = victoryList(this.meta.rules_doc, this.meta.map_meta, v.sides, this.names());
    this.placesEl.replaceChildren(h("h3", {}, "Score"), placesPanel(this.meta.map_meta, v),
      ...(vl ? [h("details", { className: "victory-box" }, h("summary", { className: "small" }, "Victory conditions"), vl)] : []));
    this.victoryEl.textContent = v.victory && v.victory.text ? v.victory.text : "";
  }

  /** Keep the current phase of the track in view (the track scrolls sideways on a phone). */
  scrollTrack() {
    const cur = this.trackEl.querySelector("li.phase.current") || this.trackEl.querySelector("li.turn.current");
    if (!cur) return;
    const box = this.trackEl;
    const left = cur.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft || left + cur.offsetWidth > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, left - (box.clientWidth - cur.offsetWidth) / 2);
    }
  }

  // ---- the other side's turn, step by step ------------------------------------------------
  async startPlayback(prev, next) {
    const steps = this.playback.steps(prev, next);
    const speed = playbackSpeed();
    const play = { next, steps, skip: false };
    this.playing = play;
    this.sheet.classList.add("playing");
    this.buttonsEl.inert = true;
    this.promptEl.inert = true;
    this.summaryEl.hidden = true;
    this.mapView.clearTrail();
    this.sel = { unit: null, attackers: new Set(), target: null, poolUnit: null };
    this.mapView.highlight({});
    this.mapView.drawArrows([]);
    const names = this.names();
    const caption = h("div", { className: "pb-caption", "data-testid": "playback-caption", "aria-live": "polite" });
    const count = h("span", { className: "pb-count", "data-testid": "playback-count" });
    const who = [...new Set(steps.map((s) => s.entry.player))].map((s) => sideName(names, s)).join(", ");
    this.statusEl.textContent = `${who} played: showing it step by step`;
    this.statusEl.className = "status wait";
    this.statusEl.style.background = "";
    this.playbackEl.replaceChildren(
      h("div", { className: "pb-head" }, h("b", {}, `${who} playing`), count,
        h("button", { type: "button", "data-testid": "playback-skip", onclick: () => { play.skip = true; this.playback.stop(); } }, "Skip ▶▶")),
      caption);
    this.playbackEl.hidden = false;
    const perStep = SPEEDS[speed];
    const delayOf = (n) => (play.skip ? 0 : Math.min(perStep, Math.floor(MAX_PLAYBACK_MS / Math.max(1, n))));
    let done = false;
    const savedView = { ...this.mapView.view };
    if (perStep > 0 && steps.length) {
      done = await this.playback.play(prev, steps, (i, step, after) => {
        count.textContent = ` ${i + 1} / ${steps.length}`;
        caption.replaceChildren(...this.stepCaption(step));
        this.mapView.setControl(after.control, names);
        this.mapView.drawUnits(after.units || [], { selected: new Set(step.changes.moves.map((m) => m.unit)) });
        const hexOf = Object.fromEntries((after.units || []).map((u) => [u.id, u.hex]));
        this.mapView.drawBattles((after.battles || []).map((b) => ({ target: b.target, from: (b.attackers || []).map((a) => hexOf[a]).filter(Boolean),
          cls: b.current ? "current" : "declared", label: b.fought ? b.fought.final : b.odds ? b.odds.final ?? null : null })));
        this.mapView.drawTrail(step.changes.moves.map((m) => ({ ...m, cls: "now" })), step.changes.marks);
        const focus = step.changes.moves[0] ? step.changes.moves[0].to : step.changes.marks[0] && step.changes.marks[0].hex;
        if (focus) this.mapView.reveal(focus);
      }, delayOf);
    }
    // the end: the map where the player left it, the newest view, the whole turn's trail and its summary
    this.mapView.view = savedView;
    this.mapView.applyView();
    const last = play.next;
    this.playing = null;
    this.sheet.classList.remove("playing");
    this.buttonsEl.inert = false;
    this.promptEl.inert = false;
    this.playbackEl.hidden = true;
    this.setView(last, { playback: false });
    this.showSummary(prev, last, steps, done);
  }

  stepCaption(step) {
    const names = this.names();
    const e = step.entry;
    const parts = [h("span", { className: `pb-side ${e.player}` }, `${sideName(names, e.player)}: `), entryText(e)];
    for (const r of step.rolls) {
      const face = chanceFace(r);
      parts.push(" ", face ? h("span", { className: "die small" }, face) : null, ` ${entryText(r)}`);
    }
    return parts;
  }

  /** After the other side's actions: arrows from where its units were to where they are, marks
   *  for losses, and a list of what it did; kept until the next action of this seat. */
  showSummary(prev, last, steps, played) {
    if (!steps.length) return;
    const names = this.names();
    const net = unitChanges(prev.units, last.units);
    this.mapView.drawTrail(net.moves.map((m) => ({ ...m, cls: "past" })), net.marks);
    const rolls = steps.reduce((n, s) => n + s.rolls.filter((r) => chanceFace(r) !== null).length, 0);
    const who = [...new Set(steps.map((s) => s.entry.player))].map((s) => sideName(names, s)).join(", ");
    const list = h("ol", { className: "summary-list" }, ...steps.map((s) => h("li", { "data-ply": s.entry.ply }, ...this.stepCaption(s).slice(1))));
    this.summaryEl.replaceChildren(
      h("div", { className: "card-head" }, h("h3", {}, `What ${who} did`),
        h("span", {},
          h("button", { type: "button", "data-testid": "summary-replay", onclick: () => this.replayLast(prev, last) }, "▶ Again"),
          h("button", { type: "button", "data-testid": "summary-hide", onclick: () => { this.summaryEl.hidden = true; this.mapView.clearTrail(); } }, "Hide"))),
      h("p", { className: "small", "data-testid": "summary-counts" },
        `${steps.length} action${steps.length === 1 ? "" : "s"}: ${net.moves.length} unit${net.moves.length === 1 ? "" : "s"} moved, `,
        `${net.marks.filter((m) => m.cls === "loss").length} step loss(es), ${net.marks.filter((m) => m.cls === "eliminated").length} eliminated, `,
        `${net.marks.filter((m) => m.cls === "arrived").length} arrived, ${rolls} die roll${rolls === 1 ? "" : "s"}.`),
      h("details", { open: steps.length <= 8 }, h("summary", { className: "small" }, "Step by step"), list));
    this.summaryEl.hidden = false;
  }

  replayLast(prev, last) {
    if (this.playing || (this.view && this.view.version !== last.version)) return;
    this.view = prev;
    this.startPlayback(prev, last);
  }

  renderStatus() {
    const v = this.view;
    const names = this.names();
    const phase = v.phase_name || v.phase || "";
    let text;
    if (v.outcome) {
      const w = v.outcome.winner;
      const reason = (v.outcome.reason || "").replace(/^./, (c) => c.toUpperCase());  // a sentence of its own
      text = w ? `Game over: ${sideName(names, w)} victory. ${reason}` : `Game over: draw. ${reason}`;
    } else if (v.you_act) text = `Your move${v.seat === "both" ? ` (${sideName(names, v.current_player)})` : ""}: ${phase}`;
    else if (v.current_player) text = `Waiting for ${sideName(names, v.current_player)}: ${phase}`;
    else text = `${phase}: chance event due`;
    this.statusEl.textContent = text;
    this.statusEl.className = `status ${v.you_act ? "act" : "wait"} ${v.current_player || ""}${v.outcome ? " over" : ""}`;
    const ss = sideStyle(this.meta.map_meta, v.sides, v.current_player);
    this.statusEl.style.background = v.you_act && !v.outcome && ss && ss.fill ? ss.fill : "";
  }

  actionButton(a, extra = {}) {
    return h("button", { type: "button", "data-action": a.text, title: a.rule ? `${a.text} (${a.rule})` : a.text,
      onclick: () => this.send(a.text), ...extra }, a.label || a.text);
  }

  renderPrompt() {
    const v = this.view;
    const L = this.L;
    const P = this.promptEl;
    const parts = [];
    const names = this.names();
    const pb = (v.battles || []).find((b) => b.current);
    const last = lastChance(v.log || []);

    if (v.status) parts.push(h("p", { className: "status-line", "data-testid": "status-line" }, v.status));
    for (const n of v.notes || []) parts.push(h("p", { className: "note muted small" }, n));
    if (!v.you_act) {
      if (v.outcome) parts.push(h("p", {}, "The game is over. Use Replay to step through it."));
      else if (!this.seat) parts.push(h("p", {}, "You are watching. The board updates live."));
      else parts.push(h("p", {}, `${sideName(names, v.current_player) || "The other side"} is to play.`));
      const stored = !this.seat && localStorage.getItem(`typhoon.seat.${this.id}`);
      if (stored) parts.push(h("p", {}, h("a", { href: seatLink(this.id, stored), className: "button" }, "Take your seat")));
    } else {
      if (this.choices) {
        parts.push(h("p", {}, "Several actions fit that click:"), h("div", { className: "row" }, ...this.choices.map((a) => this.actionButton(a))));
      }
      if (L.declaring) parts.push(this.declarePrompt());
      const pools = this.poolPrompt();
      if (pools) parts.push(pools);
      const su = this.sel.unit;
      if (su && L.target[su]) {
        const via = this.sel.via || [];
        const ways = (L.target[su] || []).some((a) => a.waypoints)
          ? (via.length ? ` Passing through ${via.join(", ")} (Shift-click a hex again to drop it).` : " Shift-click hexes first to name the hexes the move passes through.")
          : "";
        parts.push(h("p", { "data-testid": "move-help" }, `${this.unitsById[su].label || su}: click a highlighted hex (click it again to deselect).${ways}`),
          h("button", { type: "button", onclick: () => { this.sel.unit = null; this.render(); } }, "Cancel"));
      } else if (Object.keys(L.target).length) {
        parts.push(h("p", {}, "Click one of your units to see what it may do."));
      }
      const picks = [...Object.values(L.self), ...Object.values(L.pick)];
      if (picks.length) {
        parts.push(h("p", {}, "Click a highlighted unit on the map, or:"), h("div", { className: "row" }, ...picks.map((a) => this.actionButton(a))));
      }
      if (L.path.length) {
        parts.push(h("p", {}, "Click an arrow on the map, or:"), h("div", { className: "row" }, ...L.path.map((a) => this.actionButton(a))));
      }
      const buttons = L.decision ? [] : L.buttons;
      if (buttons.length) {
        parts.push(h("div", { className: "row action-buttons" }, ...buttons.map((a) =>
          this.actionButton(a, { "data-testid": slug(a.text), className: buttons.length === 1 ? "primary" : "" }))));
      }
      if (L.decision) parts.push(h("p", {}, "Choose in the dialog."));
      if (!parts.length && L.end) parts.push(h("p", {}, `Nothing to choose here: ${L.end.label}.`));
    }

    if (pb) {
      const o = pb.odds;
      parts.push(h("div", { className: "pending-battle", "data-testid": "pending-battle" },
        h("b", {}, `Battle at ${pb.target}`), `: ${(pb.attackers || []).join(", ")} against ${(pb.defenders || []).join(", ")}`,
        o ? ` at ${o.final}` : "", pb.result ? h("span", { className: "result" }, ` result ${pb.result}`) : "",
        ` (${pb.step_text || pb.step})`));
    }
    if (last) parts.push(h("div", { className: "last-roll", "data-testid": "last-roll" },
      chanceFace(last) ? h("span", { className: "die", title: last.action }, chanceFace(last)) : h("b", {}, last.action),
      h("span", {}, (last.events || []).join("; "))));
    P.replaceChildren(...parts);
    // a battle being chosen: the sheet opens up and shows the Declare button and the odds
    const choosing = !!(L.declaring && (this.sel.target || this.sel.attackers.size));
    this.sheet.classList.toggle("expanded", choosing);
    if (choosing) this.sheet.classList.remove("folded");
    const declare = P.querySelector('[data-testid="declare"]');
    if (choosing && declare && this.sheet.scrollHeight > this.sheet.clientHeight + 2) {
      this.sheet.scrollTop += declare.getBoundingClientRect().top - this.sheet.getBoundingClientRect().top - 8;
    }
  }

  declarePrompt() {
    const L = this.L;
    const v = this.view;
    const box = h("div", { className: "declare" });
    const att = [...this.sel.attackers];
    const label = (id) => (this.unitsById[id] && this.unitsById[id].label) || id;
    box.append(h("p", { className: "how" }, "Select attackers, then the defender (or the defender, then attackers). The odds show before you declare."));
    const defenders = this.sel.target ? (this.unitsAt[this.sel.target] || []).map((u) => u.label || u.id).join(", ") || "?" : null;
    box.append(h("div", { className: "selection", "data-testid": "selection" },
      `Attackers: ${att.length ? att.map(label).join(", ") : "none"}; defender: ${this.sel.target ? `${defenders} in ${this.sel.target}` : "none"}`));
    const t = this.sel.target;
    const canDeclare = t && att.length && att.every((a) => L.attack[a] && L.attack[a].has(t));
    const declareWhy = !att.length && !t ? "choose attackers and a defender on the map" : !att.length ? "choose at least one attacker"
      : !t ? "choose the defender" : this.odds && this.odds.error ? this.odds.error : "these units cannot attack that hex now";
    box.append(h("div", { className: "row" },
      h("button", { type: "button", className: "primary", "data-testid": "declare", disabled: !canDeclare, onclick: async () => {
        if (await this.sendAll(this.declaration(att, t))) {
          this.sel.attackers.clear();
          this.sel.target = null;
          this.odds = null;
          this.render();
        }
      } }, "Declare attack"),
      h("button", { type: "button", onclick: () => { this.sel.attackers.clear(); this.sel.target = null; this.odds = null; this.render(); } }, "Clear"),
      canDeclare ? null : h("span", { className: "declare-why muted small", "data-testid": "declare-reason" }, declareWhy)));
    if (this.odds && this.odds.target === this.sel.target) {
      if (this.odds.error) box.append(h("p", { className: "error-text" }, this.odds.error));
      else box.append(oddsPanel(this.odds.data, this.odds.attackers, this.sel.target));
    } else if (this.sel.target && att.length) box.append(h("p", { className: "muted" }, "Working out the odds…"));
    const declared = v.battles || [];
    if (declared.length) {
      box.append(h("div", { className: "declared", "data-testid": "declared" }, h("b", {}, "Declared battles"),
        h("ul", {}, ...declared.map((b) => h("li", {}, `${b.target}: ${(b.attackers || []).join(", ")} v ${(b.defenders || []).join(", ")}${b.odds ? ` at ${b.odds.final}` : ""}`))),
        h("p", { className: "muted" }, "Undo takes back a declaration.")));
    }
    return box;
  }

  /** The actions declaring a battle of ``attackers`` on ``target``: one action naming them
   *  all if the game has it, else one per attacker. */
  declaration(attackers, target) {
    const want = [...attackers].sort().join(",");
    const whole = this.L.battle.find((a) => a.hex === target && [...a.units].sort().join(",") === want);
    if (whole) return [whole.text];
    return attackers.map((u) => this.L.battle.find((a) => a.hex === target && a.units.length === 1 && a.units[0] === u)).filter(Boolean).map((a) => a.text);
  }

  poolPrompt() {
    const L = this.L;
    const ids = Object.keys(L.pool);
    if (!ids.length) return null;
    const byVerb = {};
    for (const u of ids) (byVerb[L.poolVerbs[u]] = byVerb[L.poolVerbs[u]] || []).push(u);
    const pick = (u) => { this.sel.poolUnit = this.sel.poolUnit === u ? null : u; this.sel.unit = null; this.render(); };
    const box = h("div", { className: "pools" },
      h("p", {}, this.sel.poolUnit ? `${this.sel.poolUnit}: click a highlighted hex.` : "Choose a unit, then a highlighted hex."));
    for (const [verb, us] of Object.entries(byVerb)) {
      box.append(h("div", { className: "pool", "data-testid": `${verb}-pool` },
        h("span", { className: "verb muted" }, humanize(verb)), " ",
        ...us.map((u) => h("button", { type: "button", className: this.sel.poolUnit === u ? "selected" : "", [`data-${verb}`]: u, "data-unit": u,
          title: L.pool[u][0].label, onclick: () => pick(u) }, (this.unitsById[u] && this.unitsById[u].label) || u))));
    }
    return box;
  }

  renderLegal() {
    const v = this.view;
    const list = v.you_act ? v.actions || [] : [];
    const open = this.legalEl.open;
    if (!this.legalEl.dataset.wired) {
      // the list can hold hundreds of moves: build the buttons only while it is open
      this.legalEl.dataset.wired = "1";
      this.legalEl.addEventListener("toggle", () => this.legalEl.open && this.renderLegal());
    }
    const groups = open ? groupByVerb(list) : new Map();
    this.legalEl.replaceChildren(h("summary", {}, `All legal actions (${list.length})`),
      ...[...groups.entries()].map(([verb, acts]) => h("div", { className: "legal-group" },
        h("span", { className: "verb" }, verb),
        ...acts.map((a) => h("button", { type: "button", className: "legal-btn", "data-action": a.text, title: a.label, onclick: () => this.send(a.text) },
          a.text.split(" ").slice(1).join(" ") || a.text)))));
    this.legalEl.open = open;
  }

  renderDecision() {
    const L = this.L;
    const d = this.dialog;
    const v = this.view;
    if (L.decision && !d.open) {
      const pending = v.pending || {};
      d.setAttribute("data-testid", `${L.decision.verb}-dialog`);
      d.replaceChildren(h("form", { method: "dialog" },
        h("h3", {}, `${humanize(pending.kind || L.decision.verb)}?`),
        h("p", {}, pending.text || v.status || ""),
        h("div", { className: "col" },
          ...L.decision.actions.map((a) => h("button", { value: a.text, "data-testid": slug(a.text), title: a.rule || "",
            onclick: (ev) => { ev.preventDefault(); d.close(); this.send(a.text); } }, a.label || a.text)))));
      if (typeof d.showModal === "function") d.showModal();
    } else if (!L.decision && d.open) d.close();
    if (!L.decision) d.setAttribute("data-testid", "decision-dialog");
  }
}

function lastChance(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.chance || e.player === null) return e;
  }
  return null;
}
