// The editor's project: a kit bundle {file name: document} (docs/kit.md), the grid calibration
// over the scanned map, and the image's description. Every edit goes through Project.edit(),
// which records a snapshot for undo/redo and tells the listeners (redraw, autosave).

export const MAP = "map.json", KIT = "kit.json", COUNTERS = "counters.json", TABLES = "tables.json", TURNS = "turns.json";
export const SCENARIO = "scenarios/main.json";
export const NAME_RE = /^[a-z][a-z0-9_]*$/;
export const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9_.\/+\-]*$/;
const UNDO_LIMIT = 200;

const OWNER = () => ({ kind: "owner", note: "entered with the Typhoon map editor" });

/** A new, empty (but valid) kit: a 10 x 8 flat-topped map of clear hexes, two sides. */
export function newBundle(turns = 6) {
  return {
    [KIT]: {
      format: "typhoon-kit", version: 1, game: "mygame", title: "My map", provenance: OWNER(),
      files: { map: MAP, counters: COUNTERS, tables: TABLES, turns: TURNS, scenarios: [SCENARIO] },
    },
    [MAP]: {
      provenance: OWNER(),
      geometry: { orientation: "flat", id_order: "column_row", col_digits: 2, row_digits: 2, columns: 10, rows: 8, odd_columns_up: true },
      terrain_types: {
        clear: { label: "Clear", style: { fill: "#f4f1de" } },
        woods: { label: "Woods", style: { fill: "#6fae5c", pattern: "trees" } },
        rough: { label: "Rough", style: { fill: "#c9b58f", pattern: "dots" } },
        marsh: { label: "Marsh", style: { fill: "#9cc3b5", pattern: "marsh" } },
        city: { label: "City", style: { fill: "#d9d2c5" } },
      },
      hexside_features: { river: { kind: "river", label: "River" }, stream: { kind: "stream", label: "Stream" } },
      line_features: { rail: { label: "Railroad" }, road: { label: "Road" } },
      place_kinds: { city: { label: "City" }, town: { label: "Town" } },
      hexes: {}, hexsides: [], networks: [], places: [], edges: [], entry_areas: [], printed_lines: [],
    },
    [COUNTERS]: {
      provenance: OWNER(),
      sides: { blue: { label: "Blue" }, red: { label: "Red" } },
      attributes: { strength: { type: "integer", minimum: 0 }, movement: { type: "integer", minimum: 0 } },
      counters: [],
    },
    [TABLES]: { provenance: OWNER(), tables: [] },
    [TURNS]: { provenance: OWNER(), turns: Array.from({ length: turns }, (_, i) => ({ turn: i + 1 })) },
    [SCENARIO]: {
      id: "main", title: "Standard scenario", provenance: OWNER(), first_turn: 1, last_turn: turns,
      stacking: { max_units: 3 }, setup: [], victory: [],
    },
  };
}

export function newProject() {
  return {
    format: "typhoon-editor", version: 1,
    calib: { x: 60, y: 60, size: 36, rotation: 0 }, // image pixel of the first hex's centre, hex radius in pixels, degrees
    image: null, // {id, name, type, width, height, bytes}; the blob is stored apart (store.js)
    kit: newBundle(),
  };
}

export const clone = (x) => JSON.parse(JSON.stringify(x));

/** The project with undo/redo: edit(label, fn) runs fn(project) on the live project. */
export class Project {
  constructor(data) {
    this.data = data;
    this.undoStack = [];
    this.redoStack = [];
    this.listeners = [];
  }

  onChange(fn) { this.listeners.push(fn); }

  notify(kind) { for (const fn of this.listeners) fn(kind); }

  snapshot() { return JSON.stringify({ calib: this.data.calib, image: this.data.image, kit: this.data.kit }); }

  restore(text) {
    const s = JSON.parse(text);
    Object.assign(this.data, s);
  }

  /** One undoable edit; fn returns false to say nothing changed. */
  edit(label, fn) {
    const before = this.snapshot();
    const result = fn(this.data);
    if (result === false) return false;
    if (this.snapshot() === before) return false;
    this.undoStack.push({ label, state: before });
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.notify("edit");
    return true;
  }

  /** Join the next edit to the previous one (a brush stroke is one undo step). */
  mergeLast(label) {
    const n = this.undoStack.length;
    if (n >= 2 && this.undoStack[n - 1].label === label && this.undoStack[n - 2].label === label) this.undoStack.splice(n - 1, 1);
  }

  undo() {
    const step = this.undoStack.pop();
    if (!step) return null;
    this.redoStack.push({ label: step.label, state: this.snapshot() });
    this.restore(step.state);
    this.notify("undo");
    return step.label;
  }

  redo() {
    const step = this.redoStack.pop();
    if (!step) return null;
    this.undoStack.push({ label: step.label, state: this.snapshot() });
    this.restore(step.state);
    this.notify("redo");
    return step.label;
  }

  get map() { return this.data.kit[MAP]; }
  get counters() { return this.data.kit[COUNTERS]; }
  get manifest() { return this.data.kit[KIT]; }
  get scenario() {
    const files = (this.manifest.files || {}).scenarios || [];
    return this.data.kit[files[0]] || null;
  }
}

// -- map edits (each called inside Project.edit) ---------------------------------------------------
export function samePair(s, a, b) {
  return (s.a === a && s.b === b) || (s.a === b && s.b === a);
}

export function toggleHexside(map, a, b, feature) {
  map.hexsides = map.hexsides || [];
  const i = map.hexsides.findIndex((s) => s.feature === feature && s.b !== undefined && samePair(s, a, b));
  if (i >= 0) map.hexsides.splice(i, 1);
  else map.hexsides.push({ a, b, feature });
  return i < 0;
}

export function linkPair(l) { return Array.isArray(l) ? l : [l.a, l.b]; }

export function toggleLink(map, a, b, feature) {
  map.networks = map.networks || [];
  let net = map.networks.find((n) => n.id === feature) || map.networks.find((n) => n.feature === feature);
  if (!net) {
    net = { id: feature, feature, links: [] };
    map.networks.push(net);
  }
  const i = net.links.findIndex((l) => { const [x, y] = linkPair(l); return (x === a && y === b) || (x === b && y === a); });
  if (i >= 0) net.links.splice(i, 1);
  else net.links.push([a, b]);
  return i < 0;
}

/** Every area list of map.json the editor edits, by the name shown. */
export const AREA_LISTS = { edges: "Map edge", entry_areas: "Entry area", printed_lines: "Printed line" };
