// Game page: the map, the controls for every choice the rules give, live updates.
import { api, getMeta, LiveSocket } from "./api.js";
import { showError } from "./ui.js";
import { MapView, fmt } from "./map.js";
import { parseLegal, groupLegal } from "./legal.js";
import { h } from "./ui.js";
import { turnTrack, citiesPanel, logPanel, oddsPanel, sideName, downloadRecord, zoomControls } from "./widgets.js";

export class GamePage {
  constructor(root, id, seat) {
    this.root = root;
    this.id = id;
    this.seat = seat || null;
    this.view = null;
    this.sel = { unit: null, attackers: new Set(), target: null, placeUnit: null };
    this.busy = false;
    this.oddsToken = 0;
    this.odds = null;
    window.typhoonGame = this; // for the console and the browser tests
    this.init();
  }

  async init() {
    try {
      this.meta = await getMeta();
    } catch (e) {
      showError(`Cannot load game data: ${e.message}`);
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
    extra.replaceChildren(h("span", { className: "game-id" }, `Game ${this.id}`), this.seatEl, this.connEl);

    this.trackEl = h("div", { className: "track", "data-testid": "track" });
    this.mapBox = h("div", { className: "map-box" });
    this.side = h("aside", { className: "side" });
    this.statusEl = h("div", { className: "status", "data-testid": "status", "aria-live": "polite" });
    this.promptEl = h("div", { className: "prompt card", "data-testid": "prompt" });
    this.buttonsEl = h("div", { className: "buttons" });
    this.citiesEl = h("div", { className: "card cities", "data-testid": "cities" });
    this.legalEl = h("details", { className: "card legal", "data-testid": "legal" });
    this.logEl = h("div", { className: "card log", "data-testid": "log" });
    this.unitInfo = h("div", { className: "unit-info", "data-testid": "unit-info" });
    this.side.append(this.statusEl, this.buttonsEl, this.promptEl, this.unitInfo, this.citiesEl, this.legalEl, this.logEl);
    this.root.append(this.trackEl, h("div", { className: "game-layout" }, this.mapBox, this.side));

    this.mapView = new MapView(this.mapBox, this.meta, {
      onHex: (hex) => this.onHex(hex),
      onUnit: (u) => this.onUnit(u),
    });
    const idsOn = localStorage.getItem("typhoon.hexids") === "1";
    this.mapView.setShowIds(idsOn);
    this.mapBox.append(zoomControls(this.mapView, idsOn));

    // buttons
    this.undoBtn = h("button", { type: "button", "data-testid": "undo", onclick: () => this.undo() }, "Undo");
    this.commitBtn = h("button", { type: "button", className: "primary", "data-testid": "commit", onclick: () => this.send("commit") }, "Commit battles");
    this.endBtn = h("button", { type: "button", className: "primary", "data-testid": "end-phase", onclick: () => this.send("end") }, "End phase");
    this.saveBtn = h("button", { type: "button", "data-testid": "save", onclick: () => downloadRecord(this.id, this.view) }, "Save");
    this.replayLink = h("a", { className: "button", href: `/play/${this.id}?replay=1`, target: "_blank", "data-testid": "replay-link" }, "Replay");
    this.buttonsEl.append(this.endBtn, this.commitBtn, this.undoBtn, this.saveBtn, this.replayLink);

    // stand-fast dialog (000 9.3)
    this.dialog = h("dialog", { className: "standfast", "data-testid": "standfast-dialog" });
    document.body.append(this.dialog);
  }

  setConn(s) {
    this.connEl.textContent = s === "live" ? "● live" : s === "connecting" ? "○ connecting…" : "○ offline, reconnecting…";
    this.connEl.className = `conn ${s}`;
  }

  setView(v) {
    if (!v || (v.id && v.id !== this.id)) return;
    const prev = this.view;
    this.view = v;
    this.L = parseLegal(v.you_act ? v.legal : []);
    this.unitsById = Object.fromEntries((v.units || []).map((u) => [u.id, u]));
    this.unitAt = Object.fromEntries((v.units || []).map((u) => [u.hex, u]));
    // keep a selection only while it still makes sense
    if (!prev || prev.version !== v.version || prev.phase !== v.phase) {
      const keepAtt = [...this.sel.attackers].filter((a) => this.L.attack[a]);
      this.sel = {
        unit: this.sel.unit && (this.L.move[this.sel.unit] || this.L.setup[this.sel.unit]) ? this.sel.unit : null,
        attackers: new Set(keepAtt),
        target: this.sel.target && this.L.targets[this.sel.target] ? this.sel.target : null,
        placeUnit: this.sel.placeUnit && (this.L.place[this.sel.placeUnit] || this.L.reinforce[this.sel.placeUnit]) ? this.sel.placeUnit : null,
      };
      if (!this.sel.attackers.size || !this.sel.target) this.odds = null;
    }
    this.render();
    // state markers for tests and styling
    Object.assign(this.root.dataset, { version: v.version, phase: v.phase, turn: v.turn, youAct: v.you_act ? "1" : "0", current: v.current_player || "" });
    if (this.sel.target && this.sel.attackers.size) this.fetchOdds();
  }

  // ---- actions ------------------------------------------------------------------------
  async send(text) {
    if (this.busy) return false;
    this.busy = true;
    document.body.classList.add("busy");
    showError(null);
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

  // ---- clicks -------------------------------------------------------------------------
  onUnit(u) {
    const L = this.L;
    this.showUnit(u);
    if (!this.view.you_act) return;
    // a unit may end its move on a friend's hex (8.2.2): clicking that friend moves there
    const s = this.sel.unit;
    if (s && s !== u.id && (L.move[s] || []).includes(u.hex)) return this.send(`move ${s} ${u.hex}`);
    if (s && s !== u.id && (L.setup[s] || []).includes(u.hex)) return this.send(`setup ${s} ${u.hex}`);
    if (L.loss.includes(u.id)) return this.send(`loss ${u.id}`);
    if (L.advance.includes(u.id)) return this.send(`advance ${u.id}`);
    if (L.restore.includes(u.id)) return this.send(`restore ${u.id}`);
    if (L.move[u.id] || L.setup[u.id]) {
      this.sel.unit = this.sel.unit === u.id ? null : u.id;
      return this.render();
    }
    if (L.attack[u.id]) {
      if (this.sel.attackers.has(u.id)) this.sel.attackers.delete(u.id);
      else {
        if (this.sel.target && !L.attack[u.id].includes(this.sel.target)) {
          showError(`${u.id} cannot attack the unit in ${this.sel.target} (not adjacent, or already committed).`);
          return;
        }
        this.sel.attackers.add(u.id);
      }
      this.odds = null;
      this.render();
      return this.fetchOdds();
    }
    if (L.targets[u.hex]) return this.pickTarget(u.hex);
    if (L.resolve.includes(u.hex)) return this.send(`resolve ${u.hex}`);
    // a hex move/placement target can be occupied only by mistake; fall through to hex
    this.onHex(u.hex, true);
  }

  pickTarget(hex) {
    const L = this.L;
    if (this.sel.target === hex) this.sel.target = null;
    else {
      this.sel.target = hex;
      const bad = [...this.sel.attackers].filter((a) => !L.attack[a].includes(hex));
      bad.forEach((a) => this.sel.attackers.delete(a));
      if (bad.length) showError(`${bad.join(", ")} cannot attack ${hex}; left out.`);
    }
    this.odds = null;
    this.render();
    this.fetchOdds();
  }

  onHex(hex, fromUnit = false) {
    const L = this.L;
    if (!this.view || !this.view.you_act) return;
    const u = this.sel.unit;
    if (u && L.move[u] && L.move[u].includes(hex)) return this.send(`move ${u} ${hex}`);
    if (u && L.setup[u] && L.setup[u].includes(hex)) return this.send(`setup ${u} ${hex}`);
    const p = this.sel.placeUnit;
    if (p && L.place[p] && L.place[p].includes(hex)) return this.send(`place ${p} ${hex}`);
    if (p && L.reinforce[p] && L.reinforce[p].includes(hex)) return this.send(`reinforce ${p} ${hex}`);
    if (L.resolve.includes(hex)) return this.send(`resolve ${hex}`);
    if (L.targets[hex]) return this.pickTarget(hex);
    if (!fromUnit && this.unitAt[hex]) return this.onUnit(this.unitAt[hex]);
    if (u || p) {
      this.sel.unit = null;
      this.sel.placeUnit = null;
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
      const o = await api.odds(this.id, target, all);
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
    const spec = this.meta.units[u.id] || {};
    this.unitInfo.replaceChildren(h("div", { className: `unit-card ${u.side}` },
      h("b", {}, u.name || spec.name || u.id), ` (${sideName(u.side)} ${u.kind})`,
      h("div", {}, `strength ${fmt(u.strength)} (full ${spec.full ?? u.full}, reduced ${spec.reduced ?? u.reduced_strength}), movement ${u.movement}`),
      h("div", {}, `in ${u.hex}${u.reduced ? ", reduced" : ""}${u.moved ? ", has moved" : ""}`)));
  }

  // ---- rendering ----------------------------------------------------------------------
  render() {
    const v = this.view;
    const L = this.L;
    const mine = this.seat ? (v.seat === "both" ? "both sides" : sideName(v.seat)) : "spectator";
    this.seatEl.textContent = this.seat ? `You: ${mine}` : "Spectating";
    this.seatEl.className = `seat-badge ${v.seat || "spectator"}`;
    const edition = (v.position && v.position.options && v.position.options.edition) || "2009";
    this.trackEl.replaceChildren(turnTrack(this.meta, edition, v.turn, v.phase, (v.position && v.position.options) || {}));
    this.renderStatus();
    if (this.infoUnit) {
      if (this.unitsById[this.infoUnit]) this.showUnit(this.unitsById[this.infoUnit]);
      else this.unitInfo.replaceChildren(h("div", { className: "unit-card" }, `${this.infoUnit} is not on the map.`));
    }

    // map
    this.mapView.setControl(v.position && v.position.control);
    const clickable = new Set();
    const selected = new Set(this.sel.attackers);
    if (this.sel.unit) selected.add(this.sel.unit);
    for (const id of [...Object.keys(L.move), ...Object.keys(L.setup), ...Object.keys(L.attack), ...L.loss, ...L.advance, ...L.restore]) clickable.add(id);
    for (const t of Object.keys(L.targets)) if (this.unitAt[t]) clickable.add(this.unitAt[t].id);
    this.mapView.drawUnits(v.units || [], { selected, clickable });

    const hl = {};
    if (this.sel.unit) {
      for (const x of L.move[this.sel.unit] || L.setup[this.sel.unit] || []) hl[x] = "dest";
      hl[this.unitsById[this.sel.unit] ? this.unitsById[this.sel.unit].hex : ""] = "origin";
    }
    if (this.sel.placeUnit) for (const x of L.place[this.sel.placeUnit] || L.reinforce[this.sel.placeUnit] || []) hl[x] = "dest";
    if (L.declaring) {
      const att = [...this.sel.attackers];
      for (const [t, us] of Object.entries(L.targets)) {
        if (att.every((a) => us.includes(a))) hl[t] = t === this.sel.target ? "target selected" : "target";
      }
      if (this.sel.target) for (const a of L.targets[this.sel.target] || []) if (this.unitsById[a]) hl[this.unitsById[a].hex] = "can-attack";
    }
    for (const r of L.resolve) hl[r] = "target";
    for (const u of [...L.loss, ...L.advance, ...L.restore]) if (this.unitsById[u]) hl[this.unitsById[u].hex] = "choice";
    this.mapView.highlight(hl, new Set(Object.keys(this.unitAt)));

    const battles = (v.battles || []).map((b) => ({
      target: b.target,
      from: b.attackers.map((a) => this.unitsById[a] && this.unitsById[a].hex).filter(Boolean),
      cls: v.pending && v.pending.battle && v.pending.battle.target === b.target ? "current" : "declared",
      label: v.odds && v.odds[b.target] ? v.odds[b.target].final : null,
    }));
    this.mapView.drawBattles(battles);

    const pb = v.pending && v.pending.battle;
    if (L.retreat.length) {
      const from = pb ? pb.target : null;
      this.mapView.drawArrows(L.retreat.map((r) => ({
        id: r.text,
        path: [from, r.via, r.to].filter((x, i, a) => x && (i === 0 || x !== a[i - 1])),
        label: `Retreat through ${r.via} to ${r.to}`,
      })), (a) => this.send(a.id));
    } else this.mapView.drawArrows([]);

    // buttons
    this.undoBtn.disabled = !(this.seat && v.can_undo);
    this.endBtn.disabled = !L.end;
    this.commitBtn.disabled = !L.commit;
    this.commitBtn.hidden = !(L.commit || L.declaring);
    this.endBtn.hidden = false;
    this.undoBtn.hidden = false;
    // spectators get no play buttons at all
    if (!this.seat) for (const b of [this.endBtn, this.commitBtn, this.undoBtn]) b.hidden = true;
    this.renderPrompt();
    this.citiesEl.replaceChildren(citiesPanel(this.meta, v.position && v.position.control));
    this.renderLegal();
    logPanel(this.logEl, v.log || []);
    this.renderStandFast();
  }

  renderStatus() {
    const v = this.view;
    let text;
    if (v.outcome) {
      const w = v.outcome.winner;
      text = w ? `Game over: ${sideName(w)} victory. ${v.outcome.reason || ""}` : `Game over: draw. ${v.outcome.reason || ""}`;
    } else if (v.you_act) text = `Your move${v.seat === "both" ? ` (${sideName(v.current_player)})` : ""}: ${v.phase_name || v.phase}`;
    else if (v.current_player) text = `Waiting for ${sideName(v.current_player)}: ${v.phase_name || v.phase}`;
    else text = `${v.phase_name || v.phase}: die roll due`;
    this.statusEl.textContent = text;
    this.statusEl.className = `status ${v.you_act ? "act" : "wait"} ${v.current_player || ""}${v.outcome ? " over" : ""}`;
  }

  renderPrompt() {
    const v = this.view;
    const L = this.L;
    const P = this.promptEl;
    const parts = [];
    const pb = v.pending && v.pending.battle;
    const last = lastRoll(v.log || []);

    if (!v.you_act) {
      if (v.outcome) parts.push(h("p", {}, "The game is over. Use Replay to step through it."));
      else if (!this.seat) parts.push(h("p", {}, "You are watching. The board updates live."));
      else parts.push(h("p", {}, `The ${sideName(v.current_player) || "other side"} is to play.`));
      const stored = !this.seat && localStorage.getItem(`typhoon.seat.${this.id}`);
      if (stored) parts.push(h("p", {}, h("a", { href: `/play/${this.id}?seat=${encodeURIComponent(stored)}`, className: "button" }, "Take your seat")));
    } else if (L.standfast.length) {
      parts.push(h("p", {}, `Stand fast in ${pb ? pb.target : "the city"}? (000 9.3)`),
        ...L.standfast.map((x) => h("button", { type: "button", "data-action": `standfast ${x}`, onclick: () => this.send(`standfast ${x}`) }, x === "yes" ? "Stand fast" : "Retreat")));
    } else if (L.retreat.length) {
      parts.push(h("p", {}, `Choose the retreat path of ${pb ? pb.defender : "the defender"}: click an arrow on the map.`),
        ...L.retreat.map((r) => h("button", { type: "button", "data-action": r.text, onclick: () => this.send(r.text) }, `via ${r.via} to ${r.to}`)));
    } else if (L.loss.length) {
      parts.push(h("p", {}, "Choose which attacker loses a step: click it on the map."),
        ...L.loss.map((u) => h("button", { type: "button", "data-action": `loss ${u}`, onclick: () => this.send(`loss ${u}`) }, u)));
    } else if (L.advance.length || L.noAdvance) {
      parts.push(h("p", {}, `Advance into ${pb ? pb.target : "the vacated hex"}? Click an attacker, or:`),
        h("button", { type: "button", "data-action": "advance none", "data-testid": "no-advance", onclick: () => this.send("advance none") }, "No advance"),
        ...L.advance.map((u) => h("button", { type: "button", "data-action": `advance ${u}`, onclick: () => this.send(`advance ${u}`) }, `Advance ${u}`)));
    } else if (L.resolve.length) {
      parts.push(h("p", {}, "Choose the battle to resolve next:"),
        ...L.resolve.map((t) => h("button", { type: "button", "data-action": `resolve ${t}`, onclick: () => this.send(`resolve ${t}`) },
          `${t}${v.odds && v.odds[t] ? ` (${v.odds[t].final})` : ""}`)));
    } else if (L.placing) {
      parts.push(this.placementPrompt());
    } else if (L.declaring) {
      parts.push(this.declarePrompt());
    } else if (Object.keys(L.setup).length) {
      // free German set-up (000 6.0): the units start off the map
      const u = this.sel.unit;
      parts.push(h("p", {}, u ? `${u}: click a highlighted set-up hex.` : "Free set-up: choose a unit, then a highlighted set-up hex."),
        h("div", { className: "pool", "data-testid": "setup-pool" }, ...Object.keys(L.setup).map((id) =>
          h("button", { type: "button", className: u === id ? "selected" : "", "data-setup": id,
            onclick: () => { this.sel.unit = u === id ? null : id; this.render(); } }, id))));
    } else if (L.moving) {
      const u = this.sel.unit;
      parts.push(h("p", {}, u ? `${u}: click a highlighted hex to move there (a friend's hex too: units may share a hex until the phase ends, 8.2.2); click ${u} again to deselect.` : "Click one of your units to see where it may go."));
      if (u) parts.push(h("button", { type: "button", onclick: () => { this.sel.unit = null; this.render(); } }, "Cancel"));
      if (L.end) parts.push(h("p", { className: "muted" }, "End phase when done."));
    } else if (L.end) {
      parts.push(h("p", {}, "Nothing to choose here: end the phase."));
    } else {
      parts.push(h("p", {}, "Choose one of the legal actions below."));
    }

    // the battle being resolved, and the last die
    if (pb) {
      const o = v.odds && v.odds[pb.target];
      parts.push(h("div", { className: "pending-battle", "data-testid": "pending-battle" },
        h("b", {}, `Battle at ${pb.target}`), `: ${pb.attackers.join(", ")} against ${pb.defender}`,
        o ? ` at ${o.final}` : "", pb.result ? h("span", { className: "result" }, ` result ${pb.result}`) : "",
        ` (${pb.step})`));
    }
    if (last) parts.push(h("div", { className: "last-roll", "data-testid": "last-roll" },
      h("span", { className: "die", title: "last die roll" }, String(last.value)),
      h("span", {}, last.text)));
    P.replaceChildren(...parts);
  }

  declarePrompt() {
    const L = this.L;
    const v = this.view;
    const box = h("div", { className: "declare" });
    const att = [...this.sel.attackers];
    box.append(h("p", {}, "Select attackers, then the defender (or the defender, then attackers). The odds show before you declare."));
    box.append(h("div", { className: "selection", "data-testid": "selection" },
      `Attackers: ${att.length ? att.join(", ") : "none"}; defender: ${this.sel.target ? `${this.unitAt[this.sel.target] ? this.unitAt[this.sel.target].id : "?"} in ${this.sel.target}` : "none"}`));
    if (this.odds && this.odds.target === this.sel.target) {
      if (this.odds.error) box.append(h("p", { className: "error-text" }, this.odds.error));
      else box.append(oddsPanel(this.odds.data, this.odds.attackers, this.sel.target));
    } else if (this.sel.target && att.length) box.append(h("p", { className: "muted" }, "Working out the odds…"));
    const canDeclare = this.sel.target && att.length && att.every((a) => (L.attack[a] || []).includes(this.sel.target));
    box.append(h("div", { className: "row" },
      h("button", { type: "button", className: "primary", "data-testid": "declare", disabled: !canDeclare, onclick: async () => {
        const t = this.sel.target;
        if (await this.sendAll(att.map((a) => `attack ${a} ${t}`))) {
          this.sel.attackers.clear();
          this.sel.target = null;
          this.odds = null;
          this.render();
        }
      } }, "Declare attack"),
      h("button", { type: "button", onclick: () => { this.sel.attackers.clear(); this.sel.target = null; this.odds = null; this.render(); } }, "Clear")));
    const declared = v.battles || [];
    if (declared.length) {
      box.append(h("div", { className: "declared", "data-testid": "declared" }, h("b", {}, "Declared battles"),
        h("ul", {}, ...declared.map((b) => h("li", {}, `${b.target}: ${b.attackers.join(", ")} v ${b.defender}${v.odds && v.odds[b.target] ? ` at ${v.odds[b.target].final}` : ""}`))),
        h("p", { className: "muted" }, "Press Commit battles when all are declared; Undo takes back a declaration.")));
    } else if (L.end) box.append(h("p", { className: "muted" }, "No battle declared: End phase to skip combat."));
    return box;
  }

  placementPrompt() {
    const L = this.L;
    const v = this.view;
    const box = h("div", { className: "placement" });
    const left = v.position && v.position.replacements_left;
    box.append(h("p", {}, `Replacements${left !== undefined && left !== null ? ` (${typeof left === "object" ? JSON.stringify(left) : left} left)` : ""}: choose a unit, then a highlighted hex. Click a reduced unit on the map to restore it.`));
    const pick = (u) => { this.sel.placeUnit = this.sel.placeUnit === u ? null : u; this.render(); };
    const placeable = [...Object.keys(L.place).map((u) => [u, "place"]), ...Object.keys(L.reinforce).map((u) => [u, "reinforce"])];
    if (placeable.length) {
      box.append(h("div", { className: "pool" }, ...placeable.map(([u, kind]) =>
        h("button", { type: "button", className: this.sel.placeUnit === u ? "selected" : "", "data-place": u,
          onclick: () => pick(u) }, `${kind === "reinforce" ? "Reinforce" : "Place"} ${u}`))));
    }
    if (L.restore.length) {
      box.append(h("div", { className: "pool" }, ...L.restore.map((u) =>
        h("button", { type: "button", "data-action": `restore ${u}`, onclick: () => this.send(`restore ${u}`) }, `Restore ${u}`))));
    }
    return box;
  }

  renderLegal() {
    const v = this.view;
    const list = v.you_act ? v.legal || [] : [];
    const open = this.legalEl.open;
    if (!this.legalEl.dataset.wired) {
      // the list can hold hundreds of moves: build the buttons only while it is open
      this.legalEl.dataset.wired = "1";
      this.legalEl.addEventListener("toggle", () => this.legalEl.open && this.renderLegal());
    }
    const groups = open ? groupLegal(list) : new Map();
    this.legalEl.replaceChildren(h("summary", {}, `All legal actions (${list.length})`),
      ...[...groups.entries()].map(([verb, texts]) => h("div", { className: "legal-group" },
        h("span", { className: "verb" }, verb),
        ...texts.map((t) => h("button", { type: "button", className: "legal-btn", "data-action": t, onclick: () => this.send(t) }, t.split(" ").slice(1).join(" ") || t)))));
    this.legalEl.open = open;
  }

  renderStandFast() {
    const L = this.L;
    const d = this.dialog;
    if (L.standfast.length && !d.open) {
      const pb = this.view.pending && this.view.pending.battle;
      d.replaceChildren(h("form", { method: "dialog" },
        h("h3", {}, "Stand fast?"),
        h("p", {}, `${pb ? pb.defender : "The defender"} in ${pb ? pb.target : "the city"} got a DR. Stand fast (lose a step, stay) or retreat? (000 9.3)`),
        h("div", { className: "row" },
          ...L.standfast.map((x) => h("button", { value: x, "data-testid": `standfast-${x}`, onclick: (ev) => { ev.preventDefault(); d.close(); this.send(`standfast ${x}`); } },
            x === "yes" ? "Stand fast" : "Retreat")))));
      if (typeof d.showModal === "function") d.showModal();
    } else if (!L.standfast.length && d.open) d.close();
  }
}

function lastRoll(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    const m = /^roll (\d)/.exec(e.action || "");
    if (m) return { value: parseInt(m[1], 10), text: (e.events || []).join("; ") };
  }
  return null;
}
