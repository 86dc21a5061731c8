// Small pieces shared by the game and replay pages.
import { api } from "./api.js";
import { showError } from "./ui.js";
import { h } from "./ui.js";
import { fmt } from "./map.js";

export const MUD_TURNS = [3, 4]; // Turn Record Track: turns 3 and 4 are mud (000 12.0; turns.json)
export const LAST_TURN = 7;

export function sideName(s) {
  return { german: "German", soviet: "Soviet", both: "both sides" }[s] || s || "";
}

export function turnTrack(meta, edition, turn, phase, options = {}) {
  const phases = (meta.phases && (meta.phases[edition] || Object.values(meta.phases)[0])) || [];
  const turns = h("ol", { className: "turns" });
  for (let t = 1; t <= LAST_TURN; t++) {
    turns.append(h("li", { className: `turn${t === turn ? " current" : ""}${MUD_TURNS.includes(t) ? " mud" : ""}${t < turn ? " past" : ""}`,
      title: MUD_TURNS.includes(t) ? `Turn ${t}: mud` : `Turn ${t}`, "data-turn": t },
    h("span", {}, String(t)), MUD_TURNS.includes(t) ? h("small", {}, "mud") : null));
  }
  const ph = h("ol", { className: "phases" });
  for (const p of phases) {
    if (p.kind === "housekeeping") continue;
    // the set-up phase exists only with the free German set-up (000 6.0), before turn 1
    if (p.kind === "setup" && options.setup !== "free" && p.id !== phase) continue;
    ph.append(h("li", { className: `phase ${p.side || ""}${p.id === phase ? " current" : ""}`, "data-phase": p.id, title: p.name },
      shortPhase(p)));
  }
  return h("div", { className: "track-inner" }, h("span", { className: "track-label" }, "Turn"), turns, ph);
}

export function shortPhase(p) {
  const side = p.side === "german" ? "G" : p.side === "soviet" ? "S" : "";
  const name = p.name.replace(/^(German|Russian|Soviet)\s*/, "").replace(/\s*Phase$/, "");
  return `${side} ${name}`;
}

export function citiesPanel(meta, control) {
  const cities = Object.entries(meta.map.hexes).filter(([, x]) => x.city).sort((a, b) => a[0].localeCompare(b[0]));
  const count = { german: 0, soviet: 0 };
  const items = cities.map(([id, x]) => {
    const side = (control && control[id]) || "soviet";
    count[side] = (count[side] || 0) + 1;
    return h("li", { className: side, "data-city": id, title: `${id}: ${sideName(side)}` },
      h("span", { className: `dot ${side}` }), x.city);
  });
  return h("div", {},
    h("div", { className: "counts", "data-testid": "city-counts" },
      h("span", { className: "german" }, `German ${count.german}`), " · ",
      h("span", { className: "soviet" }, `Soviet ${count.soviet}`), h("span", { className: "muted" }, " cities")),
    h("ul", { className: "city-list" }, ...items));
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
    const roll = /^roll (\d)/.exec(e.action || "");
    ol.append(h("li", { "data-key": key(e), "data-ply": e.ply, className: `${e.player || "chance"}${roll ? " roll" : ""}` },
      h("span", { className: "ply" }, String(e.ply)),
      h("span", { className: "act" }, roll ? h("span", { className: "die small" }, roll[1]) : null, roll ? " die" : e.action),
      (e.events || []).length ? h("div", { className: "events" }, (e.events || []).join("; ")) : null));
  }
  if (atBottom || !same) box.scrollTop = box.scrollHeight;
}

function key(e) {
  return `${e.ply}|${e.action}`;
}

/** The odds before committing: attack / defence, every shift named, final column, each result's chance. */
export function oddsPanel(o, attackers, target) {
  const shifts = o.shifts || [];
  const results = Object.entries(o.results || {});
  return h("div", { className: "odds", "data-testid": "odds", "data-target": target, "data-final": o.final ?? "" },
    h("div", { className: "odds-head" },
      "Attack ", h("b", { "data-odds": "attack" }, fmt(o.attack)),
      " : defence ", h("b", { "data-odds": "defence" }, fmt(o.defence)),
      " = ", h("span", { "data-odds": "ratio" }, o.ratio),
      o.capped && o.capped !== o.ratio ? h("span", { className: "muted" }, ` (capped at ${o.capped})`) : null),
    o.mud ? h("div", { className: "mud-note", "data-odds": "mud" }, o.mud) : null,
    h("ul", { className: "shifts", "data-odds": "shifts" },
      ...(shifts.length ? shifts.map((s) => h("li", { "data-shift": s.columns },
        `${s.columns > 0 ? "+" : ""}${s.columns} column${Math.abs(s.columns) === 1 ? "" : "s"}: ${s.reason}${s.rule ? ` (${s.rule})` : ""}`))
        : [h("li", { className: "muted" }, "no column shifts")])),
    h("div", { className: "final" }, "Final column: ", h("b", { "data-odds": "final" }, o.final ?? "no effect")),
    results.length ? h("table", { className: "results", "data-odds": "results" },
      h("tbody", {}, ...results.map(([r, p]) => h("tr", { "data-result": r, "data-p": p },
        h("th", {}, r), h("td", {}, `${(p * 100).toFixed(1)}%`),
        h("td", { className: "bar" }, h("span", { style: `width:${Math.round(p * 100)}%` }))))))
      : h("p", { className: "muted" }, "This attack would have no effect."),
    attackers && attackers.length ? h("div", { className: "muted small" }, `${attackers.join(", ")} against ${target}`) : null);
}

export async function downloadRecord(id, view) {
  try {
    const rec = await api.record(id);
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
