// Small pieces shared by the game and replay pages. Every game fact comes from the server
// (the view, map_meta, rules_doc); nothing here names a side, a phase or a turn.
import { api } from "./api.js";
import { showError } from "./ui.js";
import { h } from "./ui.js";
import { fmt, sideStyle } from "./map.js";

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

export function logPanel(box, log) {
  // rebuild only what changed: entries are keyed by ply
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  if (!box.querySelector("ol")) box.replaceChildren(h("h3", {}, "Log"), h("ol", { className: "log-list", "data-testid": "log-list" }));
  const ol = box.querySelector("ol");
  const same = ol.children.length <= log.length &&
    [...ol.children].every((li, i) => li.dataset.key === key(log[i]));
  if (!same) ol.replaceChildren();
  for (let i = ol.children.length; i < log.length; i++) {
    const e = log[i];
    const face = e.chance || e.player === null ? chanceFace(e) : null;
    ol.append(h("li", { "data-key": key(e), "data-ply": e.ply, className: `${e.player || "chance"}${face ? " roll" : ""}` },
      h("span", { className: "ply" }, String(e.ply)),
      h("span", { className: "act" }, face ? h("span", { className: "die small" }, face) : null, face ? ` ${String(e.action || "").split(" ")[0]}` : e.action),
      (e.events || []).length ? h("div", { className: "events" }, (e.events || []).join("; ")) : null));
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
