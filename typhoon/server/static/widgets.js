// Small pieces shared by the game and replay pages. Every game fact comes from the server
// (the view, map_meta, rules_doc); nothing here names a side, a phase or a turn.
import { api } from "./api.js";
import { showError } from "./ui.js";
import { h } from "./ui.js";
import { fmt, sideStyle, el, counterFace, COUNTER } from "./map.js";

/** A side's display name (the view's or the game's side_names). */
export function sideName(names, s) {
  if (s === "both") return "both sides";
  return (names && names[s]) || s || "";
}

/** "stand_fast" -> "Stand fast" (for data ids shown as text). */
export function humanize(id) {
  const t = String(id || "").replace(/[_-]+/g, " ").trim();
  return t ? t[0].toUpperCase() + t.slice(1) : "";
}

/** A phase name without its side's name and a trailing "Phase", with the side's initial. */
export function shortPhase(p, names = {}) {
  let name = p.name || p.id || "";
  const side = p.side ? sideName(names, p.side) : "";
  if (side && name.toLowerCase().startsWith(side.toLowerCase())) name = name.slice(side.length).trim();
  name = name.replace(/\s*Phase$/i, "");
  return `${side ? side[0] : ""} ${name}`.trim();
}

/** The turn track and this turn's phases (view: turn, last_turn, turns, phases, phase). */
export function turnTrack(v) {
  const names = v.side_names || {};
  const turns = h("ol", { className: "turns" });
  const list = v.turns && v.turns.length ? v.turns : Array.from({ length: v.last_turn || v.turn || 0 }, (_, i) => ({ turn: i + 1 }));
  // a turn's weather is shown when it is not the usual one (the most frequent)
  const freq = {};
  for (const t of list) if (t.weather) freq[t.weather] = (freq[t.weather] || 0) + 1;
  const usual = Object.entries(freq).sort((a, b) => b[1] - a[1])[0];
  for (const t of list) {
    const special = t.weather && usual && t.weather !== usual[0];
    turns.append(h("li", {
      className: `turn${t.turn === v.turn ? " current" : ""}${special ? " special-weather" : ""}${t.turn < v.turn ? " past" : ""}`,
      title: `Turn ${t.turn}${t.dates ? ` (${t.dates})` : ""}${t.weather ? `: ${t.weather}` : ""}`, "data-turn": t.turn, "data-weather": t.weather || null,
    }, h("span", {}, String(t.turn)), special ? h("small", {}, t.weather) : null));
  }
  const ph = h("ol", { className: "phases" });
  for (const p of v.phases || []) {
    if (p.automatic && p.id !== v.phase) continue;
    ph.append(h("li", { className: `phase ${p.side || ""}${p.id === v.phase ? " current" : ""}${p.skipped ? " skipped" : ""}`, "data-phase": p.id, title: p.name + (p.rule ? ` (${p.rule})` : "") },
      shortPhase(p, names)));
  }
  return h("div", { className: "track-inner" }, h("span", { className: "track-label" }, "Turn"), turns, ph,
    v.turn_label ? h("span", { className: "turn-label muted", "data-testid": "turn-label" }, v.turn_label) : null);
}

/** Places (cities...) with who controls them, and each side's count (view.score when given). */
export function placesPanel(mapMeta, v) {
  const names = v.side_names || {};
  const control = v.control || {};
  const sides = v.sides || Object.keys(names);
  const places = [...(mapMeta.places || [])].sort((a, b) => String(a.hex).localeCompare(String(b.hex)));
  const count = {};
  for (const s of sides) count[s] = 0;
  const items = places.map((p) => {
    const side = control[p.hex] || null;
    if (side) count[side] = (count[side] || 0) + 1;
    return h("li", { className: side || "none", "data-place": p.hex, title: `${p.hex}: ${side ? sideName(names, side) : "nobody"}` },
      h("span", { className: `dot ${side || "none"}`, style: dotStyle(mapMeta, sides, side) }), p.name);
  });
  const score = v.score && Object.keys(v.score).length ? v.score : count;
  const parts = [];
  sides.forEach((s, i) => {
    if (i) parts.push(" · ");
    parts.push(h("span", { className: s, style: textStyle(mapMeta, sides, s) }, `${sideName(names, s)} ${fmt(score[s] ?? 0)}`));
  });
  const kinds = new Set(places.map((p) => (mapMeta.place_styles && mapMeta.place_styles[p.kind] && mapMeta.place_styles[p.kind].label) || p.kind));
  return h("div", {},
    h("div", { className: "counts", "data-testid": "city-counts" }, ...parts,
      h("span", { className: "muted" }, places.length ? ` (${[...kinds].join(", ").toLowerCase()})` : "")),
    places.length ? h("ul", { className: "city-list" }, ...items) : null);
}

function dotStyle(mapMeta, sides, side) {
  const st = side && sideStyle(mapMeta, sides, side);
  return st && (st.control || st.fill) ? `background:${st.control || st.fill}` : null;
}

function textStyle(mapMeta, sides, side) {
  const st = side && sideStyle(mapMeta, sides, side);
  return st && (st.control || st.fill) ? `color:${st.control || st.fill}` : null;
}

/** The chance outcome of a log entry as a die face (its text without the first word, e.g.
 *  "roll 4" -> "4"), or null when that is no short face (e.g. a hidden draw). */
export function chanceFace(e) {
  const t = String(e.action || "");
  const i = t.indexOf(" ");
  const face = i > 0 ? t.slice(i + 1) : t;
  return face.length <= 5 ? face : null;
}

/** The log, one line per action in the rules' own words (its events; the action itself when it
 *  has none), the side's colour on the left. The action as typed (e.g. for the terminal) is
 *  kept in each line for screen readers and search, and shown with "commands". */
export function logPanel(box, log, names = {}, mapMeta = null, sides = []) {
  // rebuild only what changed: entries are keyed by ply
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  if (!box.querySelector("ol")) {
    const cmds = h("input", { type: "checkbox", "data-testid": "log-commands", checked: localStorage.getItem("typhoon.logcmds") === "1" });
    const list = h("ol", { className: "log-list", "data-testid": "log-list" });
    const sync = () => {
      list.classList.toggle("show-commands", cmds.checked);
      localStorage.setItem("typhoon.logcmds", cmds.checked ? "1" : "0");
    };
    cmds.addEventListener("change", sync);
    box.replaceChildren(h("div", { className: "card-head" }, h("h3", {}, "Log"), h("label", { className: "small muted" }, cmds, " commands")), list);
    sync();
  }
  const ol = box.querySelector("ol");
  const same = ol.children.length <= log.length &&
    [...ol.children].every((li, i) => li.dataset.key === key(log[i]));
  if (!same) ol.replaceChildren();
  for (let i = ol.children.length; i < log.length; i++) {
    const e = log[i];
    const face = e.chance || e.player === null ? chanceFace(e) : null;
    const st = e.player && mapMeta ? sideStyle(mapMeta, sides, e.player) : null;
    const events = (e.events || []).filter(Boolean);
    ol.append(h("li", { "data-key": key(e), "data-ply": e.ply, "data-action": e.action, title: `${e.ply}. ${e.player ? sideName(names, e.player) + ": " : ""}${e.action}`,
      className: `${e.player || "chance"}${face ? " roll" : ""}`, style: st && (st.control || st.fill) ? `border-left-color:${st.control || st.fill}` : null },
      face ? h("span", { className: "die small" }, face) : null,
      h("span", { className: events.length ? "cmd" : "act" }, events.length ? `${e.action} ` : e.action),
      events.length ? h("span", { className: "events" }, events.join("; ")) : null));
  }
  if (atBottom || !same) box.scrollTop = box.scrollHeight;
}

function key(e) {
  return `${e.ply}|${e.action}`;
}

/** The odds of a proposed battle (the package's preview JSON): strengths, every shift or
 *  modifier named, the final column, each result's chance. */
export function oddsPanel(o, attackers, target) {
  const shifts = o.shifts || [];
  const mods = o.modifiers || o.drms || [];
  const results = Object.entries(o.results || {});
  const meaning = { ...(o.result_names || {}) };
  for (const x of o.outcomes || []) meaning[x.result] = x.name || x.meaning;
  const notes = o.notes || [];
  // the final column, or (strengths hidden) the columns it may be, each with its chance
  let final = o.final ?? o.column ?? null;
  if (final === null && o.columns && typeof o.columns === "object" && Object.keys(o.columns).length) {
    final = "one of " + Object.entries(o.columns).map(([c, p]) => `${c} (${(p * 100).toFixed(1)}%)`).join(", ");
  }
  return h("div", { className: "odds", "data-testid": "odds", "data-target": target, "data-final": o.final ?? "" },
    h("div", { className: "odds-head" },
      "Attack ", h("b", { "data-odds": "attack" }, fmt(o.attack)),
      " : defence ", h("b", { "data-odds": "defence" }, o.defence === null || o.defence === undefined ? "?" : fmt(o.defence)),
      o.ratio ? [" = ", h("span", { "data-odds": "ratio" }, o.ratio)] : null,
      o.capped && o.capped !== o.ratio ? h("span", { className: "muted" }, ` (capped at ${o.capped})`) : null),
    ...notes.map((n) => h("div", { className: "odds-note", "data-odds": "note" }, n)),
    h("ul", { className: "shifts", "data-odds": "shifts" },
      ...(shifts.length || mods.length ? [
        ...shifts.map((s) => h("li", { "data-shift": s.columns },
          `${s.columns > 0 ? "+" : ""}${s.columns} column${Math.abs(s.columns) === 1 ? "" : "s"}: ${s.reason}${s.rule ? ` (${s.rule})` : ""}`)),
        ...mods.map((m) => h("li", { "data-modifier": m.value },
          `${m.value > 0 ? "+" : ""}${m.value} to the roll: ${m.reason}${m.rule ? ` (${m.rule})` : ""}`)),
      ] : [h("li", { className: "muted" }, "no column shifts or modifiers")])),
    h("div", { className: "final" }, "Final column: ", h("b", { "data-odds": "final" }, final ?? "no effect")),
    o.text ? h("div", { className: "muted small", "data-odds": "text" }, o.text) : null,
    results.length ? h("table", { className: "results", "data-odds": "results" },
      h("tbody", {}, ...results.map(([r, p]) => h("tr", { "data-result": r, "data-p": p, title: meaning[r] || r },
        h("th", {}, r), h("td", {}, `${(p * 100).toFixed(1)}%`),
        h("td", { className: "bar" }, h("span", { style: `width:${Math.round(p * 100)}%` }))))))
      : h("p", { className: "muted" }, "This attack would have no effect."),
    attackers && attackers.length ? h("div", { className: "muted small" }, `${attackers.join(", ")} against ${target}`) : null);
}

/** The rules_doc: victory conditions and charts, in a collapsible card. */
export function rulesPanel(doc) {
  if (!doc) return h("div");
  const box = h("details", { className: "card rules", "data-testid": "rules" }, h("summary", {}, "Rules and charts"));
  const victory = doc.victory || [];
  if (victory.length) {
    box.append(h("h3", {}, "Victory"), h("ul", { className: "victory", "data-testid": "victory" },
      ...victory.map((x) => h("li", {}, typeof x === "string" ? x : `${x.text}${x.rule ? ` (${x.rule})` : ""}`))));
  }
  for (const c of doc.charts || []) {
    box.append(h("h3", {}, c.title || c.id, c.rule ? h("span", { className: "muted" }, ` (${c.rule})`) : null));
    if (c.columns && c.rows) {
      // rows are lists of cells, or objects (their values, lists flattened)
      const rows = c.rows.map((r) => (Array.isArray(r) ? r : Object.values(r || {}).flat()));
      const width = Math.max(0, ...rows.map((r) => r.length));
      const head = width === c.columns.length + 1 ? ["", ...c.columns] : c.columns;
      box.append(h("table", { className: "chart", "data-chart": c.id },
        h("thead", {}, h("tr", {}, ...head.map((x) => h("th", {}, String(x))))),
        h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((x) => h("td", {}, typeof x === "object" && x !== null ? JSON.stringify(x) : String(x ?? ""))))))));
    }
    for (const n of c.notes || []) box.append(h("p", { className: "muted small" }, n));
  }
  const results = doc.results || {};
  if (Object.keys(results).length) {
    box.append(h("h3", {}, "Results"), h("ul", { className: "results-doc" }, ...Object.entries(results).map(([k, r]) =>
      h("li", {}, h("b", {}, k), `: ${typeof r === "string" ? r : `${r.name || ""}${r.meaning ? ` — ${r.meaning}` : ""}${r.rule ? ` (${r.rule})` : ""}`}`))));
  }
  return box;
}

export async function downloadRecord(id, view, seat) {
  try {
    const rec = await api.record(id, seat);
    const blob = new Blob([JSON.stringify(rec, null, 1) + "\n"], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `typhoon-${id}-ply${view ? view.version : "x"}.json`;
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  } catch (e) {
    showError(`Save failed: ${e.message}`);
  }
}

export function zoomControls(mapView, idsOn) {
  const ids = h("input", { type: "checkbox", "data-testid": "hexids", checked: idsOn });
  ids.addEventListener("change", () => {
    mapView.setShowIds(ids.checked);
    localStorage.setItem("typhoon.hexids", ids.checked ? "1" : "0");
  });
  return h("div", { className: "zoom" },
    h("button", { type: "button", title: "zoom in", "data-testid": "zoom-in", onclick: () => mapView.zoom(1.25) }, "+"),
    h("button", { type: "button", title: "zoom out", "data-testid": "zoom-out", onclick: () => mapView.zoom(0.8) }, "−"),
    h("button", { type: "button", title: "fit the map", onclick: () => mapView.resetView() }, "⤢"),
    h("label", { className: "ids" }, ids, " hex ids"),
    h("span", { className: "hint" }, "wheel: zoom · drag: pan"));
}

/** Every chance result (die rolls...) of the log, grouped by turn when entries carry their turn,
 *  with what each decided (its events) on hover. */
export function diceHistory(log) {
  const rolls = (log || []).filter((e) => e.chance || e.player === null).filter((e) => chanceFace(e) !== null);
  const box = h("div", { className: "dice-history", "data-testid": "dice" });
  if (!rolls.length) {
    box.append(h("p", { className: "muted small" }, "No dice rolled yet."));
    return box;
  }
  const groups = new Map();
  for (const e of rolls) {
    const k = e.turn ?? null;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(e);
  }
  for (const [turn, es] of groups) {
    box.append(h("div", { className: "dice-row", "data-turn": turn ?? "" },
      h("span", { className: "dice-turn muted small" }, turn === null ? "All" : `Turn ${turn}`),
      ...es.map((e) => h("span", { className: "die small", "data-roll": e.roll ?? "", "data-ply": e.ply, title: `${e.action}: ${(e.events || []).join("; ")}` }, chanceFace(e)))));
  }
  const faces = rolls.map((e) => Number(chanceFace(e))).filter((n) => Number.isFinite(n));
  if (faces.length) {
    const mean = faces.reduce((a, b) => a + b, 0) / faces.length;
    box.append(h("div", { className: "muted small" }, `${faces.length} roll${faces.length === 1 ? "" : "s"}, average ${mean.toFixed(2)}`));
  }
  return box;
}

/** The victory conditions (rules_doc.victory), each side's in its colour. */
export function victoryList(doc, mapMeta, sides, names) {
  const victory = (doc && doc.victory) || [];
  if (!victory.length) return null;
  return h("ul", { className: "victory", "data-testid": "victory" }, ...victory.map((x) => {
    if (typeof x === "string") return h("li", {}, x);
    const st = x.side ? sideStyle(mapMeta, sides, x.side) : null;
    return h("li", { "data-side": x.side || "", style: st ? `border-left-color:${st.control || st.fill}` : null },
      x.text, x.rule ? h("span", { className: "muted" }, ` (${x.rule})`) : null);
  }));
}

function swatchSvg(w, h_, draw) {
  const svg = el("svg", { width: w, height: h_, viewBox: `0 0 ${w} ${h_}`, class: "swatch" });
  draw(svg);
  return svg;
}

/** A sample counter of a side, full or reduced (the legend). */
function sampleCounter(u, st, kinds, reduced) {
  const s = COUNTER;
  return swatchSvg(s + 4, s + 4, (svg) => {
    const g = el("g", { class: `counter ${u.side} ${reduced ? "reduced" : "full"}`, transform: "translate(2,2)" }, svg);
    counterFace(g, { ...u, reduced, values: reduced ? u.reduced_values || "" : u.full_values || u.values }, st, kinds, s);
  });
}

/** The map's key, from map_meta alone: each side's counters (full and reduced sides), markers,
 *  terrain, lines and hexsides, hex features, places, map edges, zones of control. */
export function legendPanel(mapMeta, v) {
  const sides = v.sides || [];
  const names = v.side_names || {};
  const kinds = mapMeta.unit_kinds || {};
  const rows = [];
  const item = (sw, text, attrs = {}) => h("li", attrs, h("span", { className: "key" }, sw), h("span", {}, text));
  for (const side of sides) {
    const st = sideStyle(mapMeta, sides, side);
    const u = (v.units || []).find((x) => x.side === side && !x.hidden) || (v.units || []).find((x) => x.side === side);
    if (!u) continue;
    rows.push(item(sampleCounter(u, st, kinds, false), `${sideName(names, side)} unit, full strength (${u.full_values || u.values || ""})`, { "data-legend": `${side}-full` }));
    if (u.steps !== 1 || u.reduced || u.reduced_values) {
      rows.push(item(sampleCounter(u, st, kinds, true), `${sideName(names, side)} unit, reduced: its other side (white band, cut corner${u.reduced_values ? `, ${u.reduced_values}` : ""})`, { "data-legend": `${side}-reduced` }));
    }
  }
  rows.push(item(swatchSvg(22, 22, (svg) => el("circle", { cx: 11, cy: 11, r: 4.5, class: "moved-dot" }, svg)), "moved this phase"));
  rows.push(item(swatchSvg(22, 22, (svg) => el("rect", { x: 2, y: 2, width: 18, height: 18, rx: 2, class: "legend-clickable" }, svg)), "may act now (click it)"));
  for (const side of sides) {
    const st = sideStyle(mapMeta, sides, side);
    const c = st.control || st.fill;
    rows.push(item(swatchSvg(22, 22, (svg) => el("polygon", { points: "6,2 16,2 21,11 16,20 6,20 1,11", class: "zoc", style: `fill:${c};stroke:${c}` }, svg)),
      `zone of control of ${sideName(names, side)} units (the ZOC switch)`, { "data-legend": `zoc-${side}` }));
    rows.push(item(swatchSvg(22, 22, (svg) => el("circle", { cx: 11, cy: 11, r: 5, class: "control", style: `fill:${c}` }, svg)), `held by ${sideName(names, side)}`));
  }
  for (const [name, st] of Object.entries(mapMeta.terrain_styles || {})) {
    rows.push(item(swatchSvg(22, 22, (svg) => el("polygon", { points: "6,2 16,2 21,11 16,20 6,20 1,11", class: "hex", style: `fill:${st.fill || "#fff"}` }, svg)), st.label || name));
  }
  for (const [name, st] of Object.entries(mapMeta.feature_styles || {})) {
    rows.push(item(swatchSvg(30, 14, (svg) => {
      if (st.kind === "hexside") el("line", { x1: 2, y1: 7, x2: 28, y2: 7, class: "hexside", style: `stroke:${st.stroke};stroke-width:${(st.width || 3) * 1.5}` }, svg);
      else if (name === "rail" || st.track) {
        el("path", { d: "M2,7 L28,7", class: "track-ties", style: `stroke:${st.stroke};stroke-width:${(st.width || 2) * 5}` }, svg);
        el("path", { d: "M2,7 L28,7", class: "track-rail", style: `stroke:${st.stroke};stroke-width:${(st.width || 2) * 2.4}` }, svg);
        el("path", { d: "M2,7 L28,7", class: "track-gauge", style: `stroke-width:${(st.width || 2)}` }, svg);
      } else el("line", { x1: 2, y1: 7, x2: 28, y2: 7, class: "feature-line", style: `stroke:${st.stroke};stroke-width:${(st.width || 2) * 1.5}` }, svg);
    }), st.label || name));
  }
  for (const [name, st] of Object.entries(mapMeta.hex_feature_styles || {})) {
    rows.push(item(swatchSvg(22, 22, (svg) => {
      if (st.pattern) el("polygon", { points: "6,2 16,2 21,11 16,20 6,20 1,11", class: "fort", style: `stroke:${st.stroke};stroke-width:2.5` }, svg);
      if (st.symbol) el("text", { x: 11, y: 16, class: "feature-mark legend-mark", style: `fill:${st.stroke}` }, svg).textContent = st.symbol;
    }), `${st.label || name}${st.rule ? ` (${st.rule})` : ""}`));
  }
  for (const [name, st] of Object.entries(mapMeta.place_styles || {})) {
    const big = (st.size || 1) > 1;
    rows.push(item(swatchSvg(26, 16, (svg) => el("rect", { x: big ? 0 : 5, y: 3, width: big ? 26 : 16, height: big ? 12 : 9, style: `fill:${st.fill || "#333"}` }, svg)), st.label || name));
  }
  for (const e of mapMeta.edges || []) {
    const st = e.style || {};
    rows.push(item(swatchSvg(30, 14, (svg) => el("line", { x1: 2, y1: 7, x2: 28, y2: 7, class: "map-edge", style: `stroke:${st.stroke || "#c0392b"};stroke-width:${(st.width || 4) * 1.2}` }, svg)),
      `${e.name}${e.rule ? ` (${e.rule})` : ""}`, { "data-legend": "edge" }));
  }
  return h("details", { className: "card legend", "data-testid": "legend", open: !window.matchMedia("(max-width: 760px)").matches },
    h("summary", {}, "Map key"), h("ul", { className: "legend-list" }, ...rows));
}

/** The charts of rules_doc in a dialog: each chart as a table (result codes explained on
 *  hover and below), the result codes, the victory conditions. */
export function chartsDialog(doc, mapMeta, sides, names) {
  const d = h("dialog", { className: "charts-dialog", "data-testid": "charts" });
  const results = (doc && doc.results) || {};
  const meaning = (code) => {
    const r = results[code];
    return !r ? null : typeof r === "string" ? r : `${r.name || code}${r.meaning ? `: ${r.meaning}` : ""}`;
  };
  const sections = [];
  const victory = victoryList(doc, mapMeta, sides, names);
  if (victory) sections.push(["victory", "Victory", [victory]]);
  for (const c of (doc && doc.charts) || []) {
    const body = [];
    if (c.columns && c.rows) {
      const rows = c.rows.map((r) => (Array.isArray(r) ? r : Object.values(r || {}).flat()));
      const width = Math.max(0, ...rows.map((r) => r.length));
      const head = width === c.columns.length + 1 ? ["", ...c.columns] : c.columns;
      body.push(h("div", { className: "chart-scroll" }, h("table", { className: "chart", "data-chart": c.id },
        h("thead", {}, h("tr", {}, ...head.map((x) => h("th", {}, String(x))))),
        h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((x) => {
          const text = typeof x === "object" && x !== null ? JSON.stringify(x) : String(x ?? "");
          const m = meaning(text);
          return h("td", { title: m, className: m ? `result result-${text}` : null, "data-result": m ? text : null }, text);
        })))))));
    } else if (c.rows) {
      body.push(h("ul", {}, ...c.rows.map((r) => h("li", {}, typeof r === "object" ? Object.values(r).flat().join(" · ") : String(r)))));
    }
    for (const n of c.notes || []) body.push(h("p", { className: "muted small" }, n));
    sections.push([c.id, `${c.title || c.id}${c.rule ? ` (${c.rule})` : ""}`, body]);
    if (c.id === "crt" && Object.keys(results).length) sections.push(["results", "Result codes", [resultCodes(results)]]);
  }
  if (!sections.some(([id]) => id === "results") && Object.keys(results).length) sections.push(["results", "Result codes", [resultCodes(results)]]);
  const tabs = h("div", { className: "tabs", role: "tablist" });
  const panes = h("div", { className: "panes" });
  const show = (id) => {
    for (const b of tabs.children) b.classList.toggle("selected", b.dataset.tab === id);
    for (const p of panes.children) p.hidden = p.dataset.pane !== id;
  };
  for (const [id, title, body] of sections) {
    tabs.append(h("button", { type: "button", role: "tab", "data-tab": id, onclick: () => show(id) }, title.replace(/\s*\(.*\)$/, "")));
    panes.append(h("section", { "data-pane": id }, h("h3", {}, title), ...body));
  }
  d.append(h("div", { className: "dialog-head" }, h("h2", {}, (doc && doc.title) || "Rules and charts"),
    h("button", { type: "button", "data-testid": "charts-close", onclick: () => d.close() }, "Close")), tabs, panes);
  d.addEventListener("click", (ev) => { if (ev.target === d) d.close(); });
  if (sections.length) show(sections[0][0]);
  return d;
}

function resultCodes(results) {
  return h("dl", { className: "results-doc", "data-testid": "result-codes" }, ...Object.entries(results).flatMap(([k, r]) => [
    h("dt", {}, k),
    h("dd", {}, typeof r === "string" ? r : `${r.name || ""}${r.meaning ? `: ${r.meaning}` : ""}${r.rule ? ` (${r.rule})` : ""}`)]));
}
