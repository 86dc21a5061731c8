// The map of any game drawn as SVG from the server's map_meta (typhoon.core.contract.MAP_META_DOC):
// hex centres come from the server (any grid, thousands of hexes, several sections), terrain and
// features from its styles. Nothing here knows a game.

const SVGNS = "http://www.w3.org/2000/svg";
export const R = 40; // hex radius (centre to corner) in SVG units

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}

// colours of sides a game gives no style for, by the side's place in the game's side order
export const PALETTE = [
  { fill: "#4f6d8f", reduced_fill: "#a9bfd6", text: "#ffffff", reduced_text: "#111111", control: "#2f4f75" },
  { fill: "#b8433a", reduced_fill: "#eaa49c", text: "#ffffff", reduced_text: "#111111", control: "#a32b1f" },
  { fill: "#4d7a38", reduced_fill: "#b5d3a4", text: "#ffffff", reduced_text: "#111111", control: "#35602a" },
  { fill: "#8a6d2c", reduced_fill: "#dcc89a", text: "#ffffff", reduced_text: "#111111", control: "#6b5020" },
];

/** The style of a side: the game's side_styles, else a palette colour by the side's index. */
export function sideStyle(mapMeta, sides, side) {
  const st = (mapMeta && mapMeta.side_styles && mapMeta.side_styles[side]) || null;
  if (st) return st;
  const i = (sides || []).indexOf(side);
  return i >= 0 ? PALETTE[i % PALETTE.length] : {};
}

const pts = (arr) => arr.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/** Pixel geometry of a map_meta: centres scaled so that a hex has radius R. */
export class Geometry {
  constructor(mapMeta) {
    const g = mapMeta.geometry || {};
    this.size = g.hex_size || 1;
    this.scale = R / this.size;
    this.pointy = g.orientation === "pointy";
    this.centres = {};
    for (const [id, [x, y]] of Object.entries(g.centres || {})) this.centres[id] = [x * this.scale, y * this.scale];
    const b = g.bounds;
    if (b && b.length === 4) this.bounds = b.map((v) => v * this.scale);
    else {
      const xs = Object.values(this.centres).map((c) => c[0]), ys = Object.values(this.centres).map((c) => c[1]);
      this.bounds = [Math.min(...xs) - R, Math.min(...ys) - R, Math.max(...xs) + R, Math.max(...ys) + R];
    }
    // a lookup from position to hex, for neighbours (map edges)
    this.apothem = (Math.sqrt(3) / 2) * R;
    this.byPos = new Map();
    for (const [id, [x, y]] of Object.entries(this.centres)) this.byPos.set(this.key(x, y), id);
  }

  key(x, y) {
    const q = R / 4;
    return `${Math.round(x / q)},${Math.round(y / q)}`;
  }

  centre(id) {
    return this.centres[id] || [0, 0];
  }

  has(id) {
    return id in this.centres;
  }

  cornerAngle(i) {
    return (Math.PI / 180) * (60 * i + (this.pointy ? 30 : 0));
  }

  corners(id, scale = 1) {
    const [x, y] = this.centre(id);
    const out = [];
    for (let i = 0; i < 6; i++) {
      const a = this.cornerAngle(i);
      out.push([x + R * scale * Math.cos(a), y + R * scale * Math.sin(a)]);
    }
    return out;
  }

  /** The six sides of a hex: [[corner i, corner i+1], neighbour centre]. */
  sides(id) {
    const c = this.corners(id);
    const [x, y] = this.centre(id);
    const out = [];
    for (let i = 0; i < 6; i++) {
      const a = c[i], b = c[(i + 1) % 6];
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      out.push({ seg: [a, b], neighbour: this.byPos.get(this.key(2 * mx - x, 2 * my - y)) || null });
    }
    return out;
  }

  /** The side shared by two adjacent hexes, as a segment. */
  hexside(a, b) {
    const [ax, ay] = this.centre(a);
    const [bx, by] = this.centre(b);
    const mx = (ax + bx) / 2, my = (ay + by) / 2;
    const dx = bx - ax, dy = by - ay;
    const len = Math.hypot(dx, dy) || 1;
    const px = (-dy / len) * (R / 2), py = (dx / len) * (R / 2);
    return [[mx - px, my - py], [mx + px, my + py]];
  }
}

const MARK_SIGNS = { loss: "−1", eliminated: "✕", arrived: "+", gain: "+1" };

const EXIT_DIR = { N: [0, -1], S: [0, 1], E: [1, 0], W: [-1, 0], NE: [0.87, -0.5], NW: [-0.87, -0.5], SE: [0.87, 0.5], SW: [-0.87, 0.5] };

function styleAttr(obj) {
  return Object.entries(obj).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${k}:${v}`).join(";");
}

/** A zoomable, pannable map. handlers.onHex(hex, event), handlers.onUnit(unit, event). */
export class MapView {
  constructor(container, mapMeta, handlers = {}) {
    this.meta = mapMeta;
    this.geo = new Geometry(mapMeta);
    this.handlers = handlers;
    this.container = container;
    this.sides = [];
    this.unitKinds = mapMeta.unit_kinds || {};
    const [x0, y0, x1, y1] = this.geo.bounds;
    this.home = { x: x0 - 4, y: y0 - 4, w: x1 - x0 + 8, h: y1 - y0 + 8 };
    this.width = this.home.w;
    this.svg = el("svg", { class: "map", "data-testid": "map", role: "img", "aria-label": `${mapMeta.title || "game"} map` });
    container.appendChild(this.svg);
    this.view = { ...this.home };
    this.layers = {};
    for (const name of ["hexes", "terrain", "sections", "edges", "lines", "hexsides", "zoc", "places", "ids", "battles", "trail", "units", "highlights", "labels", "arrows", "markers"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, this.svg);
    }
    this.drawStatic();
    this.applyView();
    this.installPanZoom();
  }

  centre(id) {
    return this.geo.centre(id);
  }

  drawStatic() {
    const m = this.meta;
    const terr = m.terrain_styles || {};
    const hexFeat = m.hex_feature_styles || {};
    for (const [id, h] of Object.entries(m.hexes || {})) {
      if (!this.geo.has(id)) continue;
      const st = terr[h.terrain] || {};
      const poly = el("polygon", {
        points: pts(this.geo.corners(id)),
        class: `hex terrain-${h.terrain || "none"}`,
        "data-hex": id,
        "data-terrain": h.terrain,
        style: st.fill ? `fill:${st.fill}` : null,
      }, this.layers.hexes);
      poly.addEventListener("click", (ev) => this.handlers.onHex && this.handlers.onHex(id, ev));
      this.drawPattern(id, st.pattern, st);
      // hex features: an attribute whose name (or name_value) has a style, e.g. fortification
      for (const [k, v] of Object.entries(h)) {
        if (!v || k === "terrain" || k === "label" || k === "section") continue;
        const fs = hexFeat[v === true ? k : `${k}_${v}`];
        if (fs) this.drawHexFeature(id, fs, v === true ? k : `${k}_${v}`);
      }
      const [x, y] = this.geo.centre(id);
      el("text", { x, y: y - this.geo.apothem + 11, class: "hexid" }, this.layers.ids).textContent = id;
    }
    this.drawSections();
    this.drawEdges();
    this.drawLines();
    this.drawHexsides();
    this.drawPlaces();
  }

  drawPattern(id, pattern, st) {
    if (!pattern) return;
    const [x, y] = this.geo.centre(id);
    if (pattern === "trees") {
      for (const [dx, dy] of [[-14, -18], [12, -20], [-22, 4], [20, 2], [-6, 22], [14, 20]]) {
        el("circle", { cx: x + dx, cy: y + dy, r: 4, class: "tree" }, this.layers.terrain);
      }
    } else if (pattern === "dots" || pattern === "rough") {
      for (const [dx, dy] of [[-12, -10], [10, -14], [-4, 12], [16, 8]]) el("circle", { cx: x + dx, cy: y + dy, r: 2.2, class: "pattern-dot" }, this.layers.terrain);
    } else if (pattern === "hatch" || pattern === "marsh" || pattern === "lines") {
      for (const dy of [-12, 0, 12]) el("line", { x1: x - 16, y1: y + dy, x2: x + 16, y2: y + dy, class: "pattern-line" }, this.layers.terrain);
    }
  }

  drawHexFeature(id, fs, name) {
    const [x, y] = this.geo.centre(id);
    const g = el("g", { class: `hex-feature feature-${name}` }, this.layers.terrain);
    if (fs.pattern === "fort" || fs.pattern === "ring") {
      el("polygon", { points: pts(this.geo.corners(id, 0.86)), class: "fort", style: styleAttr({ stroke: fs.stroke }) }, g);
    }
    if (fs.symbol) {
      el("text", { x: x + 22, y: y + 30, class: "feature-mark", style: styleAttr({ fill: fs.stroke || fs.fill }) }, g).textContent = fs.symbol;
    }
    if (fs.label) el("title", {}, g).textContent = fs.label;
  }

  drawSections() {
    for (const s of this.meta.sections || []) {
      const hexes = (s.hexes || []).filter((h) => this.geo.has(h));
      if (!hexes.length) continue;
      // the section's outline: sides whose neighbour is not in the section
      const inside = new Set(hexes);
      const d = [];
      for (const h of hexes) for (const side of this.geo.sides(h)) {
        if (side.neighbour && inside.has(side.neighbour)) continue;
        const [[x1, y1], [x2, y2]] = side.seg;
        d.push(`M${x1.toFixed(1)},${y1.toFixed(1)}L${x2.toFixed(1)},${y2.toFixed(1)}`);
      }
      el("path", { d: d.join(""), class: "section-outline", "data-section": s.id }, this.layers.sections);
      const xs = hexes.map((h) => this.geo.centre(h)[0]), ys = hexes.map((h) => this.geo.centre(h)[1]);
      el("text", { x: Math.min(...xs), y: Math.min(...ys) - R * 0.5, class: "section-label" }, this.layers.sections).textContent = s.label || s.id;
    }
  }

  drawEdges() {
    // a map edge (e.g. a replacement border): the sides of its hexes that face off the map
    for (const e of this.meta.edges || []) {
      const st = e.style || {};
      const d = [];
      for (const h of e.hexes || []) {
        if (!this.geo.has(h)) continue;
        for (const side of this.geo.sides(h)) {
          if (side.neighbour) continue;
          const [[x1, y1], [x2, y2]] = side.seg;
          d.push(`M${x1.toFixed(1)},${y1.toFixed(1)}L${x2.toFixed(1)},${y2.toFixed(1)}`);
        }
      }
      const p = el("path", { d: d.join(""), class: "map-edge", "data-edge": e.name, style: styleAttr({ stroke: st.stroke, "stroke-width": st.width ? st.width * 1.5 : null }) }, this.layers.edges);
      el("title", {}, p).textContent = e.name + (e.rule ? ` (${e.rule})` : "");
    }
  }

  drawLines() {
    const styles = this.meta.feature_styles || {};
    for (const line of this.meta.lines || []) {
      const st = styles[line.feature] || {};
      const hexes = (line.hexes || []).filter((h) => this.geo.has(h));
      if (!hexes.length) continue;
      let points = hexes.map((h) => this.geo.centre(h));
      if (line.exit && points.length === 1) {
        const [dx, dy] = EXIT_DIR[line.exit] || [0, 0];
        const [x, y] = points[0];
        points = [[x, y], [x + dx * R, y + dy * this.geo.apothem]];
      }
      if (points.length < 2) continue;
      const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
      const g = el("g", { class: `line feature-${line.feature}`, "data-line": line.feature }, this.layers.lines);
      const w = st.width || 2;
      if (line.feature === "rail" || st.track) {
        // railway drawn as track: cross-ties, then two rails (a dark band with a light core)
        el("path", { d, class: "track-ties", style: styleAttr({ stroke: st.stroke, "stroke-width": w * 6 }) }, g);
        el("path", { d, class: "track-rail", style: styleAttr({ stroke: st.stroke, "stroke-width": w * 3 }) }, g);
        el("path", { d, class: "track-gauge", style: styleAttr({ "stroke-width": w * 1.2 }) }, g);
      } else {
        el("path", { d, class: "feature-line", style: styleAttr({ stroke: st.stroke, "stroke-width": w * 2 }) }, g);
      }
    }
  }

  drawHexsides() {
    const styles = this.meta.feature_styles || {};
    for (const s of this.meta.hexsides || []) {
      if (!this.geo.has(s.a) || !this.geo.has(s.b)) continue;
      const st = styles[s.feature] || {};
      const [[x1, y1], [x2, y2]] = this.geo.hexside(s.a, s.b);
      el("line", { x1, y1, x2, y2, class: `hexside feature-${s.feature}`, "data-hexside": `${s.a}-${s.b}`,
        style: styleAttr({ stroke: st.stroke, "stroke-width": (st.width || 3) * 2 }) }, this.layers.hexsides);
    }
  }

  drawPlaces() {
    const styles = this.meta.place_styles || {};
    this.controlMarkers = {};
    this.placeByHex = {};
    for (const p of this.meta.places || []) {
      if (!this.geo.has(p.hex)) continue;
      this.placeByHex[p.hex] = p;
      const st = styles[p.kind] || {};
      const big = (st.size || 1) > 1;
      const [x, y] = this.geo.centre(p.hex);
      const g = el("g", { class: `place${big ? " major" : ""} kind-${p.kind || "place"}`, "data-place-hex": p.hex }, this.layers.places);
      el("rect", { x: x - (big ? 13 : 8), y: y + 6, width: big ? 26 : 16, height: big ? 14 : 9, class: "place-block", style: styleAttr({ fill: st.fill }) }, g);
      el("text", { x, y: y + (big ? 35 : 29), class: "place-name" }, g).textContent = p.name;
      this.controlMarker(p.hex, big);
    }
  }

  controlMarker(hex, big = false) {
    if (this.controlMarkers[hex] || !this.geo.has(hex)) return this.controlMarkers[hex];
    const [x, y] = this.geo.centre(hex);
    const m = el("circle", { cx: x - 28, cy: y + 8, r: big ? 6 : 5, class: "control", "data-control": hex }, this.layers.markers);
    this.controlMarkers[hex] = m;
    return m;
  }

  /** The game's sides, in order (colours of sides without a style). */
  setSides(sides) {
    this.sides = sides || [];
  }

  style(side) {
    return sideStyle(this.meta, this.sides, side);
  }

  setShowIds(on) {
    this.layers.ids.style.display = on ? "" : "none";
  }

  /** Colour the control markers: control {hex: side} (a hex without a side has no owner). */
  setControl(control, sideNames = {}) {
    control = control || {};
    for (const hex of Object.keys(control)) this.controlMarker(hex);
    for (const [hex, m] of Object.entries(this.controlMarkers)) {
      const side = control[hex] || null;
      m.setAttribute("class", side ? `control ${side}` : "control none");
      const st = side ? this.style(side) : {};
      m.setAttribute("style", st.control ? `fill:${st.control}` : "");
      m.innerHTML = "";
      const place = this.placeByHex[hex];
      el("title", {}, m).textContent = `${place ? place.name : hex}: ${side ? sideNames[side] || side : "nobody"}`;
    }
  }

  /** Draw the units on the map (VIEW_DOC units: id, side, hex, label, kind, values, reduced, hidden, flags). */
  drawUnits(units, opts = {}) {
    const layer = this.layers.units;
    layer.innerHTML = "";
    this.unitEls = {};
    const s = COUNTER;
    const onMap = (units || []).filter((u) => u.hex && this.geo.has(u.hex) && (u.where === undefined || u.where === "map"));
    const perHex = {};
    for (const u of onMap) (perHex[u.hex] = perHex[u.hex] || []).push(u.id);
    for (const u of onMap) {
      let [x, y] = this.geo.centre(u.hex);
      const stack = perHex[u.hex];
      if (stack.length > 1) {
        const i = stack.indexOf(u.id);
        x += (i - (stack.length - 1) / 2) * 12;
        y += (i - (stack.length - 1) / 2) * 9;
      }
      const flags = u.flags || [];
      const cls = ["counter", u.side, u.reduced ? "reduced" : "full", u.hidden ? "hidden-unit" : "", (u.moved || flags.includes("moved")) ? "moved" : ""];
      if (opts.selected && opts.selected.has(u.id)) cls.push("selected");
      if (opts.clickable && opts.clickable.has(u.id)) cls.push("clickable");
      const g = el("g", { class: cls.filter(Boolean).join(" "), "data-unit": u.id, "data-hex": u.hex, transform: `translate(${x - s / 2},${y - s / 2})` }, layer);
      counterFace(g, u, this.style(u.side), this.unitKinds, s);
      if (u.moved || flags.includes("moved")) el("circle", { cx: 5, cy: s / 2 - 1, r: 3.6, class: "moved-dot" }, g);
      el("title", {}, g).textContent = `${u.name || u.label || u.id} (${u.side}) ${u.hidden ? "hidden strength" : u.values || ""}${u.reduced ? " reduced" : ""}${flags.length ? ", " + flags.join(", ") : ""} in ${u.hex}`;
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        this.handlers.onUnit ? this.handlers.onUnit(u, ev) : this.handlers.onHex && this.handlers.onHex(u.hex, ev);
      });
      this.unitEls[u.id] = g;
    }
  }

  /** The zones of control (view.zoc: {side: [hex...]}): each side's hexes tinted and hatched in
   *  its colour; hexes in both sides' zones get both. Hidden unless shown. */
  drawZoc(zoc, sideNames = {}) {
    const layer = this.layers.zoc;
    layer.innerHTML = "";
    const sides = Object.keys(zoc || {});
    sides.forEach((side, i) => {
      const st = this.style(side);
      const colour = st.control || st.fill || "#555";
      for (const hex of zoc[side] || []) {
        if (!this.geo.has(hex)) continue;
        const p = el("polygon", { points: pts(this.geo.corners(hex, 0.9 - 0.1 * i)), class: `zoc ${side}`, "data-zoc": hex, "data-zoc-side": side,
          style: styleAttr({ stroke: colour, fill: colour }) }, layer);
        el("title", {}, p).textContent = `${hex}: in the zone of control of ${sideNames[side] || side} units`;
      }
    });
  }

  setZocVisible(on) {
    this.layers.zoc.style.display = on ? "" : "none";
  }

  /** What the other side just did: arrows from where units were to where they are
   *  (list of {from, to, cls, n}), and marks on hexes (list of {hex, text, cls}). */
  drawTrail(moves = [], marks = []) {
    const layer = this.layers.trail;
    layer.innerHTML = "";
    if (!this.svg.querySelector("#trailhead")) {
      const defs = el("defs", {}, this.svg);
      const m = el("marker", { id: "trailhead", markerWidth: 5, markerHeight: 5, refX: 3.2, refY: 2.5, orient: "auto" }, defs);
      el("path", { d: "M0,0 L5,2.5 L0,5 z", class: "trailhead" }, m);
    }
    for (const mv of moves) {
      if (!this.geo.has(mv.from) || !this.geo.has(mv.to) || mv.from === mv.to) continue;
      const [x1, y1] = this.geo.centre(mv.from);
      const [x2, y2] = this.geo.centre(mv.to);
      const k = Math.max(0, 1 - (COUNTER * 0.55) / (Math.hypot(x2 - x1, y2 - y1) || 1));
      el("path", { d: `M${x1.toFixed(1)},${y1.toFixed(1)}L${(x1 + (x2 - x1) * k).toFixed(1)},${(y1 + (y2 - y1) * k).toFixed(1)}`,
        class: `trail ${mv.cls || ""}`, "marker-end": "url(#trailhead)", "data-trail": `${mv.from}-${mv.to}` }, layer);
      el("circle", { cx: x1, cy: y1, r: 5, class: `trail-origin ${mv.cls || ""}` }, layer);
    }
    for (const mk of marks) {
      if (!this.geo.has(mk.hex)) continue;
      const [x, y] = this.geo.centre(mk.hex);
      const g = el("g", { class: `trail-mark ${mk.cls || ""}`, "data-mark": mk.hex }, this.layers.labels);
      el("polygon", { points: pts(this.geo.corners(mk.hex, 0.97)), class: "trail-hex" }, layer);
      // a short sign on the hex's lower edge (between two counters), the words on hover
      const sign = MARK_SIGNS[mk.cls] || "•";
      const w = 9 * sign.length + 10;
      el("rect", { x: x - w / 2, y: y + this.geo.apothem - 7.5, width: w, height: 15, rx: 7.5, class: "trail-pill" }, g);
      el("text", { x, y: y + this.geo.apothem + 4.2, class: "trail-text" }, g).textContent = sign;
      if (mk.text) el("title", {}, g).textContent = mk.text;
    }
  }

  clearTrail() {
    this.layers.trail.innerHTML = "";
    for (const g of this.layers.labels.querySelectorAll(".trail-mark")) g.remove();
  }

  /** On a narrow screen the whole map would make counters a few pixels wide: start at a
   *  zoom where they are readable (the map's full height in view, pan sideways). */
  fitForScreen() {
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    const scale = Math.min(rect.width / this.home.w, rect.height / this.home.h);
    const minCounterPx = 30;
    if (COUNTER * scale >= minCounterPx) return;
    const want = minCounterPx / COUNTER;
    const w = rect.width / want, h = rect.height / want;
    this.view = { x: this.home.x, y: this.home.y, w, h };
    this.applyView();
  }

  /** Bring a hex into view (keeping the zoom) when it is outside the visible part. */
  reveal(hex) {
    if (!this.geo.has(hex)) return;
    const [x, y] = this.geo.centre(hex);
    const v = this.view;
    const rect = this.svg.getBoundingClientRect();
    const scale = rect.width && rect.height ? Math.min(rect.width / v.w, rect.height / v.h) : 1;
    const vw = rect.width / scale || v.w, vh = rect.height / scale || v.h;
    const cx = v.x + v.w / 2, cy = v.y + v.h / 2;
    const inside = Math.abs(x - cx) < vw / 2 - R && Math.abs(y - cy) < vh / 2 - R;
    if (inside) return;
    v.x = x - v.w / 2;
    v.y = y - v.h / 2;
    this.applyView();
  }

  /** Highlight hexes: {hex: className}. Transparent to clicks. */
  highlight(map, occupied = new Set()) {
    const layer = this.layers.highlights;
    layer.innerHTML = "";
    for (const [id, cls] of Object.entries(map || {})) {
      if (!this.geo.has(id)) continue;
      el("polygon", { points: pts(this.geo.corners(id, 0.94)), class: `hl ${cls}${occupied.has(id) ? " occupied" : ""}`, "data-hl": id }, layer);
    }
  }

  /** Battle markers: list of {target, from:[hex], cls, label}. */
  drawBattles(list) {
    const layer = this.layers.battles;
    layer.innerHTML = "";
    this.layers.labels.innerHTML = "";
    for (const b of list || []) {
      if (!this.geo.has(b.target)) continue;
      const [tx, ty] = this.geo.centre(b.target);
      for (const ah of b.from || []) {
        const [ax, ay] = this.geo.centre(ah);
        const k = 0.55;
        el("line", { x1: ax, y1: ay, x2: ax + (tx - ax) * k, y2: ay + (ty - ay) * k, class: `attack-line ${b.cls || ""}` }, layer);
      }
      el("circle", { cx: tx, cy: ty, r: R * 0.78, class: `battle-ring ${b.cls || ""}` }, layer);
      if (b.label) {
        // on the defender's upper hex edge: the band between two counters one above the other
        const lx = tx, ly = ty - this.geo.apothem;
        const g = el("g", { class: "battle-label-box", "data-battle": b.target }, this.layers.labels);
        const w = Math.min(COUNTER, 7.2 * String(b.label).length + 8);
        el("rect", { x: lx - w / 2, y: ly - 8, width: w, height: 16, rx: 8, class: "battle-pill" }, g);
        el("text", { x: lx, y: ly + 4.3, class: "battle-label" }, g).textContent = b.label;
      }
    }
  }

  /** Clickable arrows: list of {path:[hex...], id, label}; onClick(item). */
  drawArrows(list, onClick) {
    const layer = this.layers.arrows;
    layer.innerHTML = "";
    for (const a of list || []) {
      const path = a.path.filter((h) => this.geo.has(h));
      if (path.length < 2) continue;
      const points = path.map((h) => this.geo.centre(h));
      const g = el("g", { class: "arrow", "data-arrow": a.id, "data-to": path[path.length - 1] }, layer);
      const d = points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
      el("path", { d, class: "arrow-hit" }, g);
      el("path", { d, class: "arrow-line", "marker-end": "url(#arrowhead)" }, g);
      const [lx, ly] = points[points.length - 1];
      el("circle", { cx: lx, cy: ly, r: R * 0.45, class: "arrow-end" }, g);
      el("title", {}, g).textContent = a.label || a.id;
      g.addEventListener("click", (ev) => { ev.stopPropagation(); onClick(a); });
    }
    if (!this.svg.querySelector("#arrowhead")) {
      const defs = el("defs", {}, this.svg);
      const m = el("marker", { id: "arrowhead", markerWidth: 6, markerHeight: 6, refX: 4, refY: 3, orient: "auto" }, defs);
      el("path", { d: "M0,0 L6,3 L0,6 z", class: "arrowhead" }, m);
    }
  }

  // ---- zoom and pan --------------------------------------------------------------------
  applyView() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  zoom(factor, cx = null, cy = null) {
    const v = this.view;
    const nw = Math.min(this.width * 1.5, Math.max(R * 6, v.w / factor));
    const f = nw / v.w;
    const px = cx === null ? v.x + v.w / 2 : cx;
    const py = cy === null ? v.y + v.h / 2 : cy;
    v.x = px - (px - v.x) * f;
    v.y = py - (py - v.y) * f;
    v.w *= f;
    v.h *= f;
    this.applyView();
  }

  resetView() {
    this.view = { ...this.home };
    this.applyView();
  }

  toSvg(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const v = this.view;
    const scale = Math.min(rect.width / v.w, rect.height / v.h);
    const ox = rect.left + (rect.width - v.w * scale) / 2;
    const oy = rect.top + (rect.height - v.h * scale) / 2;
    return [v.x + (clientX - ox) / scale, v.y + (clientY - oy) / scale, scale];
  }

  installPanZoom() {
    this.svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [x, y] = this.toSvg(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15, x, y);
    }, { passive: false });
    let drag = null;
    this.svg.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vx: this.view.x, vy: this.view.y, moved: false, id: ev.pointerId };
    });
    this.svg.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) {
        drag.moved = true;
        this.svg.setPointerCapture(drag.id);
        this.svg.classList.add("panning");
      }
      const [, , scale] = this.toSvg(ev.clientX, ev.clientY);
      this.view.x = drag.vx - dx / scale;
      this.view.y = drag.vy - dy / scale;
      this.applyView();
    });
    const end = () => {
      if (drag && drag.moved) {
        const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
        this.svg.addEventListener("click", swallow, { capture: true, once: true });
        setTimeout(() => this.svg.removeEventListener("click", swallow, { capture: true }), 0);
      }
      this.svg.classList.remove("panning");
      drag = null;
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
  }
}

export const COUNTER = R * 1.16; // counter side in SVG units

/** Draw a counter's face into ``g`` (size s): the side's colour, the unit's name on top, its
 *  kind's symbol, its values below. A reduced unit shows its other side: the values on a white
 *  band in the side's colour, and a corner cut (as a flipped counter reads at a glance). */
export function counterFace(g, u, st, unitKinds = {}, s = COUNTER) {
  const fill = st.fill;
  const ink = st.text || "#fff";
  el("rect", { x: 0, y: 0, width: s, height: s, rx: 3, class: "counter-bg", style: styleAttr({ fill }) }, g);
  const label = u.label || u.id;
  const name = el("text", { x: s / 2, y: 11.5, class: "counter-name", style: styleAttr({ fill: ink }) }, g);
  name.textContent = label;
  if (label.length > 4) name.setAttribute("style", `${name.getAttribute("style") || ""};font-size:${Math.max(6, Math.min(10.5, (s * 1.6) / label.length)).toFixed(1)}px`);
  drawSymbol(g, u, s, ink, unitKinds);
  const values = u.hidden ? (u.values || "?") : (u.values || "");
  if (u.reduced) {
    const band = st.reduced_band || "#ffffff";
    el("rect", { x: 2, y: s - 17, width: s - 4, height: 15, rx: 2, class: "reduced-band", style: styleAttr({ fill: band }) }, g);
    el("text", { x: s / 2, y: s - 4.5, class: "counter-sm reduced-values", style: styleAttr({ fill: st.control || fill }) }, g).textContent = values;
    el("path", { d: `M${s - 11},0 L${s},0 L${s},11 z`, class: "reduced-corner", style: styleAttr({ fill: band }) }, g);
  } else {
    el("text", { x: s / 2, y: s - 5, class: "counter-sm", style: styleAttr({ fill: ink }) }, g).textContent = values;
  }
}

function drawSymbol(g, u, s, ink, unitKinds) {
  // unit-type symbol (NATO style) named by the game's unit_kinds: infantry = crossed box,
  // armour = oval in box, other kinds: the kind's first letters
  const kind = unitKinds[u.kind] || {};
  const sym = kind.symbol || u.kind;
  const bw = 24, bh = 14;
  const bx = s / 2 - bw / 2, by = 15;
  const style = styleAttr({ stroke: ink });
  el("rect", { x: bx, y: by, width: bw, height: bh, class: "sym", style }, g);
  if (u.hidden) {
    el("text", { x: s / 2, y: by + 11.5, class: "sym-text", style: styleAttr({ fill: ink }) }, g).textContent = "?";
  } else if (sym === "infantry") {
    el("line", { x1: bx, y1: by, x2: bx + bw, y2: by + bh, class: "sym", style }, g);
    el("line", { x1: bx + bw, y1: by, x2: bx, y2: by + bh, class: "sym", style }, g);
  } else if (sym === "armour" || sym === "armor") {
    el("ellipse", { cx: s / 2, cy: by + bh / 2, rx: 8, ry: 4.3, class: "sym", style }, g);
  } else if (sym) {
    el("text", { x: s / 2, y: by + 10.5, class: "sym-text", style: styleAttr({ fill: ink }) }, g).textContent = String(sym).slice(0, 3);
  }
}

export function fmt(n) {
  if (typeof n !== "number") return n === null || n === undefined ? "" : String(n);
  if (Number.isInteger(n)) return String(n);
  const whole = Math.floor(n);
  return Math.abs(n - whole - 0.5) < 1e-9 ? `${whole || ""}½` : n.toFixed(2);
}
