// The map and counter editor (docs/kit.md, "From a scanned map to a game"): load a scan, align a
// hex grid to it, paint terrain, toggle hexsides, draw lines, name places, mark areas, define
// sections, enter the counters and the set-up; undo/redo; autosave to IndexedDB; validate,
// preview, export/import and start a game through the server (typhoon/server/editor.py).
import { AREA_LISTS, COUNTERS, KIT, MAP, NAME_RE, Project, TURNS, clone, linkPair, newProject, toggleHexside, toggleLink } from "./model.js";
import { Board, Grid } from "./board.js";
import { declareKinds, renderCounters } from "./counters.js";
import * as store from "./store.js";

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const MAX_IMAGE_SIDE = 20000;
const MAX_IMAGE_PIXELS = 150e6;
const MAX_ZIP_BYTES = 8 * 1024 * 1024;
const IMAGE_TYPES = { "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" };

const TOOLS = [
  ["grid", "Image & grid"], ["terrain", "Terrain"], ["hexsides", "Hexsides"], ["lines", "Rails & roads"],
  ["places", "Places"], ["areas", "Edges & lines"], ["sections", "Sections"], ["counters", "Counters"],
  ["setup", "Set-up"], ["kit", "Kit"],
];

const $ = (id) => document.getElementById(id);
const h = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
};

const ui = {
  tool: "grid", terrain: "woods", hexside: "river", line: "rail", anchor: null, selected: null,
  areaList: "edges", areaIndex: -1, setupCounter: null, stroke: 0, grid: null, gridKey: null, gridError: null,
  imageURL: null, fitted: false, issues: [], quiet: false,
};
let project, board;

// -- messages ------------------------------------------------------------------------------------
function say(text, ok = false) {
  const m = $("message");
  m.textContent = text;
  m.className = ok ? "ed-message ok" : "ed-message";
  m.hidden = !text;
}

function status(text) { $("status").textContent = text; }

async function api(path, body, raw = false) {
  const r = await fetch(path, raw ? { method: "POST", body } : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const type = r.headers.get("content-type") || "";
  const doc = type.includes("json") ? await r.json() : await r.blob();
  return { ok: r.ok, status: r.status, doc };
}

// -- the grid (ids from the server: the core's own numbering) -----------------------------------------
function geometryKey(geo) {
  const { overlaps, provenance, notes, ...rest } = geo;
  return JSON.stringify(rest);
}

async function updateGrid() {
  const geo = project.map.geometry;
  const key = geometryKey(geo);
  if (key === ui.gridKey) { if (ui.grid) ui.grid.calib = project.data.calib; return; }
  ui.gridKey = key;
  const { overlaps, ...sent } = geo;
  const r = await api("/api/kit/grid", { geometry: sent });
  if (key !== ui.gridKey) return; // a newer geometry is on its way
  if (!r.ok) {
    ui.gridError = r.doc.detail || `the grid cannot be laid out (${r.status})`;
    ui.grid = null;
    return;
  }
  ui.gridError = null;
  ui.grid = new Grid(r.doc, project.data.calib);
  fixHexRecords();
}

/** Every hex of the grid gets a record (the first terrain type), records of hexes the grid no
 * longer has go, ids of hexes printed on two overlapping sections are described alike and their
 * pairs listed in geometry.overlaps. Part of the geometry edit that caused it (not an undo step). */
function fixHexRecords() {
  const g = ui.grid, map = project.map;
  const first = Object.keys(map.terrain_types || {})[0] || "clear";
  const hexes = {};
  for (const id of g.ids) hexes[id] = map.hexes[id] || { terrain: first };
  for (const [c, list] of Object.entries(g.aliases)) for (const a of list) hexes[a] = clone(hexes[c]);
  map.hexes = hexes;
  const sections = map.geometry.sections;
  if (sections && Object.keys(g.aliases).length) {
    const pairs = {};
    for (const [c, list] of Object.entries(g.aliases)) for (const a of list) {
      const key = [g.section[c], a.replace(/\d+$/, "")].join("|");
      (pairs[key] = pairs[key] || { sections: [g.section[c], a.replace(/\d+$/, "")], same: [] }).same.push([c, a]);
    }
    map.geometry.overlaps = Object.values(pairs);
  } else delete map.geometry.overlaps;
}

/** Paint a hex and every id it has (overlapping sections). */
function setHex(map, id, fn) {
  const g = ui.grid;
  const c = g.canonical(id);
  for (const x of [c, ...(g.aliases[c] || [])]) { map.hexes[x] = map.hexes[x] || {}; fn(map.hexes[x]); }
}

// -- drawing -------------------------------------------------------------------------------------
function setupByHex() {
  const out = {};
  for (const p of (project.scenario || {}).setup || []) (out[p.hex] = out[p.hex] || []).push(p.counter);
  return out;
}

function currentArea() {
  const list = project.map[ui.areaList] || [];
  return list[ui.areaIndex] || null;
}

function draw() {
  const g = ui.grid;
  if (g) g.calib = project.data.calib;
  const sides = Object.keys(project.counters.sides || {});
  const sideOf = (c) => ((project.counters.counters || []).find((k) => k.id === c) || {}).side;
  board.draw(g, project.map, {
    selected: ui.selected, anchor: ui.tool === "lines" ? ui.anchor : null,
    area: ui.tool === "areas" ? currentArea() : null,
    setup: setupByHex(), sideOf, sideIndex: (s) => Math.max(0, sides.indexOf(s)),
  });
  if (!ui.fitted && (board.imageSize || g)) {
    board.fit(board.imageSize ? [0, 0, ...board.imageSize] : g.bounds());
    ui.fitted = true;
  }
  $("undo").disabled = !project.undoStack.length;
  $("redo").disabled = !project.redoStack.length;
  $("undo").title = project.undoStack.length ? `Undo ${project.undoStack[project.undoStack.length - 1].label} (Ctrl+Z)` : "Nothing to undo";
  $("redo").title = project.redoStack.length ? `Redo ${project.redoStack[project.redoStack.length - 1].label} (Ctrl+Y)` : "Nothing to redo";
}

async function refresh(panel = true) {
  await updateGrid();
  draw();
  if (panel) renderPanel();
}

// -- autosave ------------------------------------------------------------------------------------
let saveTimer = null;
function scheduleSave() {
  $("saved").textContent = "Saving…";
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 250);
}

async function saveNow() {
  clearTimeout(saveTimer);
  try {
    await store.saveProject(project.data);
    $("saved").textContent = `Saved ${new Date().toLocaleTimeString()}`;
    $("saved").dataset.state = "saved";
  } catch (e) {
    $("saved").textContent = "Not saved!";
    say(`Autosave failed: ${e.message || e}. Export the package to keep your work.`);
  }
}

// -- the image -----------------------------------------------------------------------------------
async function sniffType(file) {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP") return "image/webp";
  return null;
}

/** Why a map image cannot be used (null if it can), checked before it is decoded. */
export async function imageProblem(file) {
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is ${(file.size / 1048576).toFixed(1)} MB; the editor takes map images up to ${MAX_IMAGE_BYTES / 1048576} MB (save the scan as JPEG or at a lower resolution)`;
  const real = await sniffType(file);
  if (!real) return `${file.name} is not a PNG, JPEG or WebP image${file.type ? ` (the browser says ${file.type})` : ""}; save the scan in one of these formats`;
  return null;
}

async function loadImageFile(file) {
  const why = await imageProblem(file);
  if (why) return say(why);
  const type = await sniffType(file);
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (e) {
    return say(`${file.name} cannot be decoded as a ${IMAGE_TYPES[type]} image: the file is damaged or incomplete`);
  }
  const { width, height } = bitmap;
  bitmap.close();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return say(`${file.name} is ${width} x ${height} pixels; the editor takes at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1e6} million pixels in all (scale the scan down)`);
  }
  const id = `img-${Date.now()}`;
  const blob = new Blob([await file.arrayBuffer()], { type });
  await store.saveImage(id, blob);
  showImage(blob, width, height);
  ui.fitted = false;
  project.edit("load image", (d) => {
    d.image = { id, name: file.name, type, width, height, bytes: file.size };
    d.kit[MAP].provenance = { ...(d.kit[MAP].provenance || { kind: "owner" }), source: file.name };
  });
  say(`Loaded ${file.name}: ${width} x ${height} pixels (${IMAGE_TYPES[type]}). Now align the grid: click the centre of hex ${ui.grid ? ui.grid.first : "0101"}.`, true);
}

function showImage(blob, width, height) {
  if (ui.imageURL) URL.revokeObjectURL(ui.imageURL);
  ui.imageURL = blob ? URL.createObjectURL(blob) : null;
  board.setImage(ui.imageURL, width, height);
}

async function restoreImage() {
  const im = project.data.image;
  if (!im) return showImage(null);
  if (board.imageSize && board.currentId === im.id) return;
  const blob = await store.loadImage(im.id);
  board.currentId = im.id;
  if (blob) showImage(blob, im.width, im.height);
  else { showImage(null); say(`The image ${im.name} is not stored in this browser any more; load it again (the grid and the map are kept).`); }
}

// -- pointer tools -------------------------------------------------------------------------------
function onPointer(kind, px, py, ev) {
  const g = ui.grid;
  if (kind === "hover") {
    const hit = g && g.hit(px, py);
    const rec = hit ? project.map.hexes[hit.id] || {} : null;
    status(hit ? `${hit.id}${rec.terrain ? " · " + rec.terrain : ""} · pixel ${px.toFixed(0)}, ${py.toFixed(0)}` : `pixel ${px.toFixed(0)}, ${py.toFixed(0)}`);
    return;
  }
  if (kind === "up") return;
  if (ui.tool === "grid") return calibrateAt(kind, px, py, ev);
  if (!g) return say(ui.gridError || "Set the map's columns and rows first (Image & grid).");
  const hit = g.hit(px, py);
  if (!hit) return;
  if (ui.tool === "terrain") return paint(kind, hit.id);
  if (kind !== "down") return;
  const tools = { hexsides: clickHexside, lines: clickLine, places: clickPlace, areas: clickArea, setup: clickSetup };
  if (tools[ui.tool]) tools[ui.tool](hit, ev);
  else { ui.selected = hit.id; draw(); renderPanel(); }
}

function calibrateAt(kind, px, py, ev) {
  if (ev && ev.shiftKey && kind === "down" && ui.grid) {
    // two-point calibration: the shift-clicked point is the centre of the second hex named in
    // the panel (by default the grid's last hex, the far corner)
    const second = secondHex();
    if (!second || second === ui.grid.first) return say(`Name a second hex, far from ${ui.grid.first}, to shift-click.`);
    const [u, v] = ui.grid.unitCentre(second);
    const { x, y } = project.data.calib;
    const dx = px - x, dy = py - y;
    const size = Math.hypot(dx, dy) / Math.hypot(u, v);
    const rotation = ((Math.atan2(dy, dx) - Math.atan2(v, u)) * 180) / Math.PI;
    project.edit("calibrate", (d) => { d.calib.size = round(size, 2); d.calib.rotation = round(rotation, 2); });
    say(`Hex size and rotation set from hex ${second}: ${round(size, 2)} pixels, ${round(rotation, 2)}°.`, true);
    return;
  }
  project.edit("calibrate", (d) => { d.calib.x = round(px, 1); d.calib.y = round(py, 1); });
  if (kind === "drag") project.mergeLast("calibrate");
}

function secondHex() {
  const g = ui.grid;
  if (!g) return null;
  const named = ui.second && g.has(ui.second) ? g.canonical(ui.second) : null;
  return named || g.ids[g.ids.length - 1];
}

const round = (x, n) => Math.round(x * 10 ** n) / 10 ** n;

function paint(kind, id) {
  if (kind === "down") ui.stroke += 1;
  const label = `paint ${ui.terrain} #${ui.stroke}`;
  const changed = project.edit(label, (d) => {
    if ((d.kit[MAP].hexes[id] || {}).terrain === ui.terrain) return false;
    setHex(d.kit[MAP], id, (rec) => { rec.terrain = ui.terrain; });
  });
  if (changed) project.mergeLast(label);
}

function clickHexside(hit) {
  if (hit.near < 0.45 || !hit.neighbour) return say("Click nearer to the hexside (the edge between two hexes of the map).");
  const on = project.edit(`toggle ${ui.hexside}`, (d) => { toggleHexside(d.kit[MAP], ui.grid.canonical(hit.id), hit.neighbour, ui.hexside); });
  status(`${ui.hexside} ${hit.id}-${hit.neighbour} ${on ? "toggled" : ""}`);
}

function clickLine(hit) {
  const id = hit.id;
  if (!ui.anchor || ui.anchor === id) {
    ui.anchor = ui.anchor === id ? null : id;
    draw(); renderPanel();
    return;
  }
  if (!ui.grid.adjacent(ui.anchor, id)) {
    say(`${id} is not next to ${ui.anchor}: a ${ui.line} runs from hex to adjacent hex. Click ${ui.anchor} again to stop, or a hex next to it.`);
    return;
  }
  const from = ui.anchor;
  ui.anchor = id;
  project.edit(`${ui.line} ${from}-${id}`, (d) => { toggleLink(d.kit[MAP], from, id, ui.line); });
}

function clickPlace(hit) { ui.selected = ui.grid.canonical(hit.id); draw(); renderPanel(); const f = document.querySelector("[data-testid=place-name]"); if (f) f.focus(); }

function clickArea(hit) {
  const area = currentArea();
  if (!area) return say("Choose or create an edge, entry area or printed line first.");
  const list = ui.areaList, index = ui.areaIndex;
  if (list === "printed_lines" && hit.near >= 0.5 && hit.neighbour) {
    const a = ui.grid.canonical(hit.id), b = hit.neighbour;
    project.edit("printed line hexside", (d) => {
      const ar = d.kit[MAP][list][index];
      ar.hexsides = ar.hexsides || [];
      const i = ar.hexsides.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
      if (i >= 0) ar.hexsides.splice(i, 1); else ar.hexsides.push([a, b]);
      if (!ar.hexsides.length) delete ar.hexsides;
    });
    return;
  }
  const id = ui.grid.canonical(hit.id);
  project.edit("area hex", (d) => {
    const ar = d.kit[MAP][list][index];
    ar.hexes = ar.hexes || [];
    const i = ar.hexes.indexOf(id);
    if (i >= 0) ar.hexes.splice(i, 1); else ar.hexes.push(id);
    if (list === "printed_lines" && !ar.hexes.length) delete ar.hexes;
  });
}

function clickSetup(hit) {
  const c = ui.setupCounter;
  if (!c) return say("Choose a counter to place first (the list in the Set-up panel).");
  const id = ui.grid.canonical(hit.id);
  project.edit(`set up ${c}`, (d) => {
    const s = scenarioOf(d);
    s.setup = (s.setup || []).filter((p) => p.counter !== c);
    s.setup.push({ counter: c, hex: id });
  });
}

function scenarioOf(d) {
  const files = (d.kit[KIT].files || {}).scenarios || [];
  return d.kit[files[0]];
}

// -- panels --------------------------------------------------------------------------------------
function renderTools() {
  const nav = $("tools");
  nav.innerHTML = "";
  for (const [id, label] of TOOLS) {
    nav.append(h("button", { type: "button", class: ui.tool === id ? "on" : "", "data-tool": id, "aria-pressed": ui.tool === id ? "true" : "false",
      onclick: () => { ui.tool = id; ui.anchor = null; renderTools(); draw(); renderPanel(); } }, label));
  }
}

/** Append children, leaving out null and false (optional parts of a panel). */
function put(parent, ...kids) {
  for (const k of kids.flat(3)) if (k !== null && k !== undefined && k !== false) parent.append(k);
}

function numberInput(label, value, onInput, attrs = {}) {
  return h("label", {}, label, h("input", { type: "number", value, ...attrs, oninput: (e) => { if (e.target.value !== "" && Number.isFinite(Number(e.target.value))) onInput(Number(e.target.value)); } }));
}

function editMap(label, fn) { return project.edit(label, (d) => fn(d.kit[MAP])); }

function renderPanel() {
  const p = $("panel");
  p.innerHTML = "";
  const panels = { grid: gridPanel, terrain: terrainPanel, hexsides: hexsidePanel, lines: linePanel, places: placePanel,
    areas: areaPanel, sections: sectionPanel, counters: (root) => renderCounters(root, project), setup: setupPanel, kit: kitPanel };
  panels[ui.tool](p);
}

function gridPanel(p) {
  const geo = project.map.geometry;
  const c = project.data.calib;
  const im = project.data.image;
  const quietly = (label, fn) => { ui.quiet = true; project.edit(label, fn); project.mergeLast(label); ui.quiet = false; };
  const sectioned = Array.isArray(geo.sections);
  put(p, 
    h("h3", {}, "1. The map image"),
    h("div", { class: "row" }, h("input", { type: "file", accept: "image/png,image/jpeg,image/webp", "data-testid": "image-file", onchange: (e) => e.target.files[0] && loadImageFile(e.target.files[0]) })),
    h("p", { class: "hint" }, im ? `${im.name}: ${im.width} x ${im.height} pixels, ${(im.bytes / 1048576).toFixed(1)} MB` : "A scan or photo of the map: PNG, JPEG or WebP, up to 40 MB and 20000 pixels a side."),
    h("h3", {}, "2. The hex numbering"),
    h("div", { class: "row" },
      h("label", {}, "Hexes", h("select", { name: "orientation", onchange: (e) => editMap("orientation", (m) => {
        m.geometry.orientation = e.target.value;
        if (e.target.value === "pointy") { delete m.geometry.odd_columns_up; m.geometry.odd_rows_right = true; } else { delete m.geometry.odd_rows_right; m.geometry.odd_columns_up = true; }
        for (const s of m.geometry.sections || []) { if (e.target.value === "pointy") { delete s.odd_columns_up; s.odd_rows_right = true; } else { delete s.odd_rows_right; s.odd_columns_up = true; } }
      }) }, h("option", { value: "flat", selected: geo.orientation !== "pointy" }, "flat-topped (columns)"), h("option", { value: "pointy", selected: geo.orientation === "pointy" }, "pointy-topped (rows)"))),
      sectioned ? null : h("label", {}, "Stagger", h("select", { name: "stagger", onchange: (e) => editMap("stagger", (m) => {
        if (m.geometry.orientation === "pointy") m.geometry.odd_rows_right = e.target.value === "odd"; else m.geometry.odd_columns_up = e.target.value === "odd";
      }) }, h("option", { value: "odd", selected: (geo.orientation === "pointy" ? geo.odd_rows_right : geo.odd_columns_up) !== false }, geo.orientation === "pointy" ? "odd rows half a hex right" : "odd columns half a hex up"),
        h("option", { value: "even", selected: (geo.orientation === "pointy" ? geo.odd_rows_right : geo.odd_columns_up) === false }, geo.orientation === "pointy" ? "even rows half a hex right" : "even columns half a hex up")))),
    sectioned ? h("p", { class: "hint" }, `The map has ${geo.sections.length} sections: see Sections.`) : h("div", { class: "row" },
      h("label", {}, "Columns", h("input", { type: "number", name: "columns", min: 1, max: 200, value: geo.columns, onchange: (e) => editMap("columns", (m) => { m.geometry.columns = Math.max(1, Math.floor(Number(e.target.value) || 1)); }) })),
      h("label", {}, "Rows", h("input", { type: "number", name: "rows", min: 1, max: 200, value: geo.rows, onchange: (e) => editMap("rows", (m) => { m.geometry.rows = Math.max(1, Math.floor(Number(e.target.value) || 1)); }) })),
      h("label", {}, "First number", h("input", { type: "number", name: "first", min: 0, value: geo.first ?? 1, onchange: (e) => editMap("first", (m) => { const v = Math.floor(Number(e.target.value)); if (v === 1) delete m.geometry.first; else m.geometry.first = v; }) }))),
    h("div", { class: "row" },
      h("label", {}, "Ids", h("select", { name: "id_order", onchange: (e) => editMap("id order", (m) => { m.geometry.id_order = e.target.value; }) },
        h("option", { value: "column_row", selected: geo.id_order !== "row_column" }, "column then row (CCRR)"), h("option", { value: "row_column", selected: geo.id_order === "row_column" }, "row then column (RRCC)"))),
      h("label", {}, "Digits", h("input", { type: "number", name: "col_digits", min: 1, max: 4, value: geo.col_digits, onchange: (e) => editMap("digits", (m) => { m.geometry.col_digits = Number(e.target.value); }) }),
        "+", h("input", { type: "number", name: "row_digits", min: 1, max: 4, value: geo.row_digits, onchange: (e) => editMap("digits", (m) => { m.geometry.row_digits = Number(e.target.value); }) }))),
    ui.gridError ? h("p", { class: "err" }, ui.gridError) : null,
    h("h3", {}, "3. Align the grid"),
    h("p", { class: "hint" }, `Click the centre of hex ${ui.grid ? ui.grid.first : "(first)"} on the image (drag to adjust), then shift-click the centre of the second hex named here to set the hex size and rotation; fine-tune below.`),
    h("div", { class: "row" }, h("label", {}, "Second hex", h("input", { name: "second_hex", size: 6, value: secondHex() || "", onchange: (e) => { ui.second = e.target.value.trim(); } }))),
    h("div", { class: "row" },
      numberInput("Origin x", c.x, (v) => quietly("calibrate", (d) => { d.calib.x = v; }), { name: "origin_x", step: 0.5 }),
      numberInput("y", c.y, (v) => quietly("calibrate", (d) => { d.calib.y = v; }), { name: "origin_y", step: 0.5 })),
    h("div", { class: "row" },
      numberInput("Hex size (centre to corner, px)", c.size, (v) => v > 0 && quietly("calibrate", (d) => { d.calib.size = v; }), { name: "hex_size", step: 0.1, min: 1 }),
      numberInput("Rotation °", c.rotation, (v) => quietly("calibrate", (d) => { d.calib.rotation = v; }), { name: "rotation", step: 0.1 })),
    h("div", { class: "row" },
      h("label", {}, "Overlay", h("input", { type: "range", min: 0, max: 1, step: 0.05, value: board.opacity, oninput: (e) => { board.opacity = Number(e.target.value); draw(); } })),
      h("label", {}, h("input", { type: "checkbox", checked: board.showIds, onchange: (e) => { board.showIds = e.target.checked; draw(); } }), "hex ids")),
    h("p", { class: "hint" }, "Wheel: zoom. Right-drag or Alt-drag: pan."),
  );
}

function declList(p, what, decls, current, choose, extraNew) {
  const list = h("ul", { class: "plain" });
  for (const [name, d] of Object.entries(decls || {})) {
    const style = (d && d.style) || {};
    list.append(h("li", {}, h("label", {}, h("input", { type: "radio", name: `choose-${what}`, value: name, checked: name === current, onchange: () => { choose(name); renderPanel(); } }),
      style.fill ? h("span", { class: "swatch", style: `background:${style.fill}` }) : null, ` ${d.label || name} `, h("code", {}, d.kind ? `(${d.kind})` : ""))));
  }
  put(p, list, extraNew);
}

function terrainPanel(p) {
  const m = project.map;
  put(p, h("h3", {}, "Paint terrain"), h("p", { class: "hint" }, "Choose a terrain, then click or drag over hexes. One stroke is one undo step."));
  const name = h("input", { placeholder: "new terrain, e.g. forest", "data-testid": "new-terrain" });
  const colour = h("input", { type: "color", value: "#a0c080" });
  declList(p, "terrain", m.terrain_types, ui.terrain, (n) => { ui.terrain = n; }, h("div", { class: "row" }, name, colour, h("button", { type: "button", onclick: () => {
    const n = name.value.trim();
    if (!NAME_RE.test(n)) return say("A terrain type is a lower-case name: letters, digits, _ (e.g. forest).");
    ui.terrain = n;
    editMap("add terrain", (mm) => { mm.terrain_types[n] = { label: n[0].toUpperCase() + n.slice(1).replace(/_/g, " "), style: { fill: colour.value } }; });
  } }, "Add terrain")));
  const t = m.terrain_types[ui.terrain];
  if (t) p.append(h("div", { class: "row" }, h("label", {}, "Colour of ", ui.terrain, h("input", { type: "color", value: (t.style || {}).fill || "#ffffff", onchange: (e) => editMap("terrain colour", (mm) => { mm.terrain_types[ui.terrain].style = { ...(mm.terrain_types[ui.terrain].style || {}), fill: e.target.value }; }) }))));
}

function hexsidePanel(p) {
  const m = project.map;
  put(p, h("h3", {}, "Hexside features"), h("p", { class: "hint" }, "Choose a feature, then click near the edge between two hexes to add or remove it."));
  const name = h("input", { placeholder: "new feature, e.g. canal", "data-testid": "new-hexside" });
  const kind = h("select", {}, ["river", "stream", "lake", "reservoir", "fortified", "escarpment", "border", "other"].map((k) => h("option", { value: k }, k)));
  declList(p, "hexside", m.hexside_features, ui.hexside, (n) => { ui.hexside = n; }, h("div", { class: "row" }, name, kind, h("button", { type: "button", onclick: () => {
    const n = name.value.trim();
    if (!NAME_RE.test(n)) return say("A feature is a lower-case name (e.g. canal).");
    ui.hexside = n;
    editMap("add hexside feature", (mm) => { mm.hexside_features = mm.hexside_features || {}; mm.hexside_features[n] = { kind: kind.value, label: n }; if (kind.value === "fortified") mm.hexside_features[n].directional = false; });
  } }, "Add feature")));
  const count = (m.hexsides || []).filter((s) => s.feature === ui.hexside).length;
  put(p, h("p", { class: "hint" }, `${count} ${ui.hexside} hexside${count === 1 ? "" : "s"}.`));
}

function linePanel(p) {
  const m = project.map;
  put(p, h("h3", {}, "Rails and roads"), h("p", { class: "hint" }, "Choose a line, click the hex where it starts, then each next hex along it (a link per step; clicking an existing link removes it). Click the last hex again to stop."));
  const name = h("input", { placeholder: "new line feature, e.g. secondary_road", "data-testid": "new-line" });
  declList(p, "line", m.line_features, ui.line, (n) => { ui.line = n; ui.anchor = null; }, h("div", { class: "row" }, name, h("button", { type: "button", onclick: () => {
    const n = name.value.trim();
    if (!NAME_RE.test(n)) return say("A line feature is a lower-case name (e.g. secondary_road).");
    ui.line = n;
    editMap("add line feature", (mm) => { mm.line_features = mm.line_features || {}; mm.line_features[n] = { label: n }; });
  } }, "Add line")));
  const links = (m.networks || []).filter((n) => n.feature === ui.line).reduce((a, n) => a + (n.links || []).length, 0);
  put(p, h("p", { class: "hint" }, ui.anchor ? `Drawing from ${ui.anchor}.` : "Not drawing.", ` ${links} ${ui.line} link${links === 1 ? "" : "s"}.`));
}

function placePanel(p) {
  const m = project.map;
  put(p, h("h3", {}, "Places"), h("p", { class: "hint" }, "Click a hex, then give the place's name, kind and victory value."));
  const hex = ui.selected;
  if (hex) {
    const i = (m.places || []).findIndex((pl) => (pl.hexes || []).includes(hex));
    const pl = i >= 0 ? m.places[i] : { name: "", kind: Object.keys(m.place_kinds || {})[0] || "city", value: null };
    const name = h("input", { value: pl.name, "data-testid": "place-name", placeholder: "name as printed" });
    const kind = h("select", { "data-testid": "place-kind" }, Object.keys(m.place_kinds || {}).map((k) => h("option", { value: k, selected: k === pl.kind }, k)));
    const value = h("input", { type: "number", value: pl.value ?? "", "data-testid": "place-value", placeholder: "VP" });
    const save = () => {
      const n = name.value.trim();
      if (!n) return say("Give the place a name.");
      editMap(`place ${n}`, (mm) => {
        mm.places = mm.places || [];
        const rec = { ...(i >= 0 ? mm.places[i] : {}), name: n, kind: kind.value, hexes: i >= 0 ? mm.places[i].hexes : [hex], value: value.value === "" ? null : Number(value.value) };
        if (!rec.id) rec.id = n.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || `place_${mm.places.length + 1}`;
        if (i >= 0) mm.places[i] = rec; else mm.places.push(rec);
      });
    };
    name.addEventListener("keydown", (e) => { if (e.key === "Enter") save(); });
    put(p, h("div", { class: "row" }, h("strong", {}, hex), name, kind, value, h("button", { type: "button", "data-testid": "place-save", onclick: save }, i >= 0 ? "Save" : "Add place"),
      i >= 0 ? h("button", { type: "button", onclick: () => editMap("delete place", (mm) => { mm.places.splice(i, 1); }) }, "Delete") : null));
  }
  const kindName = h("input", { placeholder: "new kind, e.g. major_city" });
  put(p, h("div", { class: "row" }, "Kinds: ", Object.keys(m.place_kinds || {}).join(", "), kindName, h("button", { type: "button", onclick: () => {
    const n = kindName.value.trim();
    if (!NAME_RE.test(n)) return say("A place kind is a lower-case name (e.g. major_city).");
    editMap("add place kind", (mm) => { mm.place_kinds = mm.place_kinds || {}; mm.place_kinds[n] = { label: n }; });
  } }, "Add kind")));
  put(p, h("ul", { class: "plain", "data-testid": "place-list" }, (m.places || []).map((pl) => h("li", {}, h("a", { href: "#", onclick: (e) => { e.preventDefault(); ui.selected = pl.hexes[0]; jumpTo(pl.hexes[0]); renderPanel(); } }, `${pl.name}`), ` (${pl.kind}${pl.value != null ? `, ${pl.value}` : ""}) ${pl.hexes.join(" ")}`))));
}

function areaPanel(p) {
  const m = project.map;
  const sides = Object.keys(project.counters.sides || {});
  put(p, h("h3", {}, "Map edges, entry areas, printed lines"),
    h("p", { class: "hint" }, "Choose one, then click hexes to add or remove them. A printed line (a front line) may also run on hexsides: click near an edge."));
  const sel = h("select", { "data-testid": "area-choose", onchange: (e) => { const [l, i] = e.target.value.split(":"); ui.areaList = l; ui.areaIndex = Number(i); draw(); renderPanel(); } },
    h("option", { value: `${ui.areaList}:-1` }, "— choose —"),
    Object.entries(AREA_LISTS).map(([l, label]) => (m[l] || []).map((a, i) => h("option", { value: `${l}:${i}`, selected: l === ui.areaList && i === ui.areaIndex }, `${label}: ${a.label || a.id}`))));
  put(p, h("div", { class: "row" }, sel));
  const a = currentArea();
  if (a) {
    const set = (label, fn) => (e) => editMap(label, (mm) => fn(mm[ui.areaList][ui.areaIndex], e.target.value));
    put(p, h("div", { class: "row" },
      h("label", {}, "Label", h("input", { value: a.label || "", onchange: set("area label", (x, v) => { if (v) x.label = v; else delete x.label; }) })),
      ui.areaList === "printed_lines"
        ? h("label", {}, "Kind", h("select", { onchange: set("line kind", (x, v) => { x.kind = v; }) }, ["front", "boundary", "start", "fortified", "river_course", "other"].map((k) => h("option", { value: k, selected: k === a.kind }, k))))
        : [h("label", {}, "Side", h("select", { onchange: set("area side", (x, v) => { if (v) x.side = v; else delete x.side; }) }, h("option", { value: "" }, "—"), sides.map((s) => h("option", { value: s, selected: s === a.side }, s)))),
          h("label", {}, "Edge", h("select", { onchange: set("area edge", (x, v) => { if (v) x.edge = v; else delete x.edge; }) }, h("option", { value: "" }, "—"), ["N", "S", "E", "W"].map((s) => h("option", { value: s, selected: s === a.edge }, s))))],
      h("button", { type: "button", onclick: () => { editMap("delete area", (mm) => { mm[ui.areaList].splice(ui.areaIndex, 1); }); ui.areaIndex = -1; renderPanel(); draw(); } }, "Delete")),
      h("p", { class: "hint" }, `${(a.hexes || []).length} hexes${a.hexsides ? `, ${a.hexsides.length} hexsides` : ""}.`));
  }
  const listSel = h("select", {}, Object.entries(AREA_LISTS).map(([l, label]) => h("option", { value: l }, label)));
  const id = h("input", { placeholder: "id, e.g. west_edge", "data-testid": "area-id" });
  put(p, h("h3", {}, "New"), h("div", { class: "row" }, listSel, id, h("button", { type: "button", "data-testid": "area-add", onclick: () => {
    const v = id.value.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9_.\/+\-]*$/.test(v)) return say("Give the new area an id: letters, digits, _ (e.g. west_edge).");
    const l = listSel.value;
    editMap("new area", (mm) => { mm[l] = mm[l] || []; mm[l].push(l === "printed_lines" ? { id: v, label: v, kind: "front" } : { id: v, label: v, hexes: [] }); });
    ui.areaList = l; ui.areaIndex = project.map[l].length - 1; draw(); renderPanel();
  } }, "Add")));
}

function sectionPanel(p) {
  const geo = project.map.geometry;
  const sections = geo.sections;
  put(p, h("h3", {}, "Map sections"), h("p", { class: "hint" }, "A map printed on several sheets (or lettered sections): each has its columns and rows, ids get its letter (A0101), and its origin says where its first hex lies on the whole board (axial q, r). Where sheets overlap, give the origins so printed hexes coincide: the editor lists the pairs (overlaps)."));
  if (!sections) {
    put(p, h("button", { type: "button", "data-testid": "use-sections", onclick: () => editMap("use sections", (m) => {
      const g = m.geometry;
      const stagger = g.orientation === "pointy" ? { odd_rows_right: g.odd_rows_right !== false } : { odd_columns_up: g.odd_columns_up !== false };
      g.sections = [{ id: "A", label: "Map A", columns: g.columns, rows: g.rows, origin: [0, 0], ...stagger }];
      for (const k of ["columns", "rows", "first", "odd_columns_up", "odd_rows_right", "hexes", "exclude"]) delete g[k];
      const renamed = {};
      for (const [id, rec] of Object.entries(m.hexes)) renamed[`A${id}`] = rec;
      m.hexes = renamed;
      renameHexes(m, (id) => `A${id}`);
    }) }, "Split the map into sections"));
    return;
  }
  const rows = sections.map((s, i) => {
    const set = (label, fn) => (e) => editMap(label, (m) => fn(m.geometry.sections[i], e.target.value));
    const num = (v) => Math.floor(Number(v) || 0);
    const stag = project.map.geometry.orientation === "pointy" ? "odd_rows_right" : "odd_columns_up";
    return h("tr", {},
      h("td", {}, h("input", { value: s.id, size: 2, onchange: set("section id", (x, v) => { if (/^[A-Z]{1,2}$/.test(v)) x.id = v; else say("A section id is one or two capital letters."); }) })),
      h("td", {}, h("input", { value: s.label || "", size: 8, onchange: set("section label", (x, v) => { x.label = v; }) })),
      h("td", {}, h("input", { type: "number", value: s.columns, min: 1, onchange: set("section columns", (x, v) => { x.columns = Math.max(1, num(v)); }) })),
      h("td", {}, h("input", { type: "number", value: s.rows, min: 1, onchange: set("section rows", (x, v) => { x.rows = Math.max(1, num(v)); }) })),
      h("td", {}, h("input", { type: "number", value: s.origin[0], onchange: set("section origin", (x, v) => { x.origin = [num(v), x.origin[1]]; }) })),
      h("td", {}, h("input", { type: "number", value: s.origin[1], onchange: set("section origin", (x, v) => { x.origin = [x.origin[0], num(v)]; }) })),
      h("td", {}, h("input", { type: "checkbox", checked: s[stag] !== false, title: stag, onchange: (e) => editMap("section stagger", (m) => { m.geometry.sections[i][stag] = e.target.checked; }) })),
      h("td", {}, sections.length > 1 ? h("button", { type: "button", class: "small", onclick: () => editMap("delete section", (m) => { m.geometry.sections.splice(i, 1); }) }, "✕") : null));
  });
  put(p, h("div", { class: "table-wrap" }, h("table", { class: "counters", "data-testid": "sections" }, h("thead", {}, h("tr", {}, ["id", "label", "columns", "rows", "origin q", "origin r", "stagger", ""].map((t) => h("th", {}, t)))), h("tbody", {}, rows))),
    h("div", { class: "row" }, h("button", { type: "button", "data-testid": "add-section", onclick: () => editMap("add section", (m) => {
      const last = m.geometry.sections[m.geometry.sections.length - 1];
      const letter = String.fromCharCode(Math.max(...m.geometry.sections.map((s) => s.id.charCodeAt(0))) + 1);
      const { id, label, hexes, exclude, ...shape } = last;
      m.geometry.sections.push({ ...shape, id: letter, label: `Map ${letter}`, origin: [last.origin[0] + last.columns, last.origin[1] - Math.floor(last.columns / 2)] });
    }) }, "Add section")));
  if (ui.gridError) p.append(h("p", { class: "err" }, ui.gridError));
}

function renameHexes(m, f) {
  for (const s of m.hexsides || []) { s.a = f(s.a); if (s.b) s.b = f(s.b); if (s.faces) s.faces = f(s.faces); }
  for (const n of m.networks || []) { n.links = (n.links || []).map((l) => linkPair(l).map(f)); for (const x of n.exits || []) x.hex = f(x.hex); }
  for (const pl of m.places || []) pl.hexes = pl.hexes.map(f);
  for (const l of ["edges", "entry_areas", "printed_lines"]) for (const a of m[l] || []) { if (a.hexes) a.hexes = a.hexes.map(f); if (a.hexsides) a.hexsides = a.hexsides.map((x) => x.map(f)); }
}

function setupPanel(p) {
  const s = project.scenario;
  const turns = project.data.kit[TURNS].turns.length;
  put(p, h("h3", {}, "Scenario"),
    h("div", { class: "row" },
      h("label", {}, "Title", h("input", { value: s.title, onchange: (e) => project.edit("scenario title", (d) => { scenarioOf(d).title = e.target.value || "Scenario"; }) })),
      h("label", {}, "Turns", h("input", { type: "number", min: 1, max: 200, value: turns, "data-testid": "turns", onchange: (e) => project.edit("turns", (d) => {
        const n = Math.max(1, Math.min(200, Math.floor(Number(e.target.value) || 1)));
        const old = d.kit[TURNS].turns;
        d.kit[TURNS].turns = Array.from({ length: n }, (_, i) => old[i] || { turn: i + 1 });
        scenarioOf(d).first_turn = 1; scenarioOf(d).last_turn = n;
      }) })),
      h("label", {}, "Stacking", h("input", { type: "number", min: 1, value: s.stacking.max_units, onchange: (e) => project.edit("stacking", (d) => { scenarioOf(d).stacking.max_units = Math.max(1, Math.floor(Number(e.target.value) || 1)); }) }))),
    h("p", { class: "hint" }, "Choose a counter, then click the hex where it starts. Counters not placed start off the map."));
  const placed = Object.fromEntries((s.setup || []).map((x) => [x.counter, x.hex]));
  const list = h("ul", { class: "plain", "data-testid": "setup-list" });
  for (const c of project.counters.counters || []) {
    list.append(h("li", {}, h("label", {}, h("input", { type: "radio", name: "setup-counter", value: c.id, checked: c.id === ui.setupCounter, onchange: () => { ui.setupCounter = c.id; } }),
      ` ${c.id} (${c.side}) `, placed[c.id] ? h("strong", {}, `in ${placed[c.id]}`) : "off the map"),
      placed[c.id] ? h("button", { type: "button", class: "small", onclick: () => project.edit(`take ${c.id} off`, (d) => { const sc = scenarioOf(d); sc.setup = sc.setup.filter((x) => x.counter !== c.id); }) }, "off") : null));
  }
  put(p, list);
}

function kitPanel(p) {
  const k = project.manifest;
  const set = (label, fn) => (e) => project.edit(label, (d) => fn(d.kit[KIT], e.target.value.trim()));
  put(p, h("h3", {}, "The package"),
    h("div", { class: "row" }, h("label", {}, "Title", h("input", { value: k.title, size: 30, "data-testid": "kit-title", onchange: set("title", (x, v) => { x.title = v || "Untitled"; }) }))),
    h("div", { class: "row" }, h("label", {}, "Game", h("input", { value: k.game, "data-testid": "kit-game", onchange: set("game", (x, v) => { if (NAME_RE.test(v)) x.game = v; else say("The game is a lower-case name (bfm, ot, dom, mc, or your own)."); }) })),
      h("label", {}, "Revision", h("input", { value: k.revision || "", onchange: set("revision", (x, v) => { if (v) x.revision = v; else delete x.revision; }) }))),
    h("p", { class: "hint" }, "The kit's other files (tables.json, turns.json beyond the turn count, scenario rules) are edited as JSON: export the package, edit, import it back (docs/kit.md)."));
}

// -- problems, validation, preview, games ----------------------------------------------------------------
function bundle() {
  const kit = clone(project.data.kit);
  declareKinds(kit[COUNTERS]);
  return kit;
}

function showProblems(issues) {
  ui.issues = issues;
  const ol = $("problems");
  ol.innerHTML = "";
  $("problem-count").textContent = issues.length ? `(${issues.length})` : "";
  for (const i of issues) {
    const li = h("li", { class: `${i.hex ? "has-hex" : ""} ${i.todo ? "todo" : ""}`, "data-hex": i.hex || "", title: i.hex ? `Show hex ${i.hex}` : "" }, i.text);
    if (i.hex) li.addEventListener("click", () => { ui.selected = i.hex; jumpTo(i.hex); });
    ol.append(li);
  }
}

function jumpTo(hex) {
  if (!ui.grid || !ui.grid.has(hex)) return;
  board.centreOn(...ui.grid.centre(hex));
  draw();
}

async function validate() {
  const r = await api("/api/kit/validate", bundle());
  if (!r.ok) { say(r.doc.detail || `validation failed (${r.status})`); return false; }
  showProblems(r.doc.issues);
  say(r.doc.valid ? `The kit is valid: ${r.doc.summary}.` : `The kit has problems: ${r.doc.summary}. Click a problem to see its hex.`, r.doc.valid);
  return r.doc.valid;
}

let previewFrame = null;
async function preview() {
  const r = await api("/api/kit/preview", bundle());
  if (!r.ok) { if (r.doc.issues) showProblems(r.doc.issues); return say(r.doc.detail || `no preview (${r.status})`); }
  $("preview-pane").hidden = false;
  const send = () => previewFrame.contentWindow.postMessage(r.doc, location.origin);
  if (!previewFrame) {
    previewFrame = h("iframe", { src: "/static/editor/preview.html", title: "board preview", "data-testid": "preview-frame", style: "width:100%;height:100%;border:0" });
    window.addEventListener("message", (ev) => { if (ev.origin === location.origin && ev.data && ev.data.previewReady) send(); });
    $("preview-map").append(previewFrame);
  } else send();
  previewFrame._send = send;
}

async function startGame() {
  const r = await api("/api/kit/games", { kit: bundle(), mode: "hotseat", title: project.manifest.title });
  if (!r.ok) {
    if (r.doc.issues) showProblems(r.doc.issues);
    return say(r.doc.detail || `the game could not be started (${r.status})`);
  }
  await saveNow();
  location.href = r.doc.links.both;
}

async function exportZip() {
  const b = bundle();
  b["editor.json"] = { format: "typhoon-editor", version: 1, calib: project.data.calib, image: project.data.image };
  const r = await api("/api/kit/export", b);
  if (!r.ok) return say(r.doc.detail || `export failed (${r.status})`);
  const a = h("a", { href: URL.createObjectURL(r.doc), download: `${project.manifest.game || "kit"}-kit.zip` });
  document.body.append(a); a.click(); a.remove();
  say("Exported: keep the zip; Import .zip brings it back (the image stays in this browser).", true);
}

async function importZip(file) {
  if (file.size > MAX_ZIP_BYTES) return say(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB; a kit zip may be up to ${MAX_ZIP_BYTES / 1048576} MB`);
  const r = await api("/api/kit/import", file, true);
  if (!r.ok) return say(`${file.name}: ${r.doc.detail || r.status}`);
  const files = r.doc.files;
  const ed = files["editor.json"];
  delete files["editor.json"];
  if (!files[MAP] || !files[COUNTERS]) return say(`${file.name} holds no map.json or counters.json where the editor expects them (kit.json lists the files).`);
  project.edit("import", (d) => { d.kit = files; if (ed && ed.calib) d.calib = ed.calib; });
  ui.fitted = false;
  say(`Imported ${file.name}.`, true);
  await validate();
}

// -- start ---------------------------------------------------------------------------------------
function keys(ev) {
  if (ev.target.matches("input, select, textarea")) return;
  if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === "z" && !ev.shiftKey) { ev.preventDefault(); doUndo(); }
  else if ((ev.ctrlKey || ev.metaKey) && (ev.key.toLowerCase() === "y" || (ev.key.toLowerCase() === "z" && ev.shiftKey))) { ev.preventDefault(); doRedo(); }
  else if (ev.key === "Escape") { ui.anchor = null; draw(); }
}

function doUndo() { const l = project.undo(); status(l ? `Undone: ${l}` : "Nothing to undo"); }
function doRedo() { const l = project.redo(); status(l ? `Redone: ${l}` : "Nothing to redo"); }

async function main() {
  board = new Board($("board"), onPointer);
  let data = null;
  try { data = await store.loadProject(); } catch (e) { say(`Autosave is not available in this browser (${e.message || e}); export your work.`); }
  project = new Project(data || newProject());
  project.onChange(() => {
    const quiet = ui.quiet; // typing in a calibration field: keep the panel (and the focus)
    scheduleSave();
    restoreImage().then(() => refresh(!quiet));
  });
  $("undo").onclick = doUndo;
  $("redo").onclick = doRedo;
  $("validate").onclick = validate;
  $("preview").onclick = preview;
  $("preview-close").onclick = () => { $("preview-pane").hidden = true; };
  $("start").onclick = startGame;
  $("export").onclick = exportZip;
  $("import-file").onchange = (e) => { if (e.target.files[0]) importZip(e.target.files[0]); e.target.value = ""; };
  $("new").onclick = async () => {
    if (!confirm("Start an empty project? The current one is replaced (Undo brings it back while this page is open).")) return;
    project.edit("new project", (d) => { Object.assign(d, newProject()); });
    ui.fitted = false;
  };
  document.addEventListener("keydown", keys);
  window.addEventListener("pagehide", () => { store.saveProject(project.data); });
  renderTools();
  await restoreImage();
  await refresh();
  $("saved").textContent = data ? "Restored the autosaved project" : "New project";
  status(`Ready. Tools on the left; wheel zooms, right-drag pans.`);
  // for people and tests: where a hex is on the screen
  window.editor = {
    project, ui, board,
    hexClient: (id, du = 0, dv = 0) => { const [u, v] = ui.grid.unitCentre(id); return board.toClient(...ui.grid.toImage(u + du, v + dv)); },
    hexsideClient: (a, b, t = 0.45) => { const [ua, va] = ui.grid.unitCentre(a), [ub, vb] = ui.grid.unitCentre(b); return board.toClient(...ui.grid.toImage(ua + (ub - ua) * t, va + (vb - va) * t)); },
    imageClient: (x, y) => board.toClient(x, y),
    saveNow,
  };
  document.body.dataset.ready = "1";
}

main().catch((e) => say(`The editor failed to start: ${e.message || e}`));
