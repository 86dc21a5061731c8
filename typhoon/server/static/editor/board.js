// The editing board: the scanned map as an SVG <image>, with the hex grid laid over it by the
// calibration (origin = the first hex's centre in image pixels, hex radius, rotation). Hex ids
// and axial coordinates come from the server (POST /api/kit/grid: the core's own grid), so the
// editor names hexes exactly as the validator and the games do.

const SVGNS = "http://www.w3.org/2000/svg";
const SQRT3 = Math.sqrt(3);

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Hex geometry of a calibrated grid: axial coordinates -> image pixels and back. */
export class Grid {
  constructor(doc, calib) {
    this.pointy = doc.orientation === "pointy";
    this.ids = doc.hexes.map((h) => h[0]);
    this.axial = {};
    this.section = {};
    this.at = new Map();
    for (const [id, q, r, sec] of doc.hexes) {
      this.axial[id] = [q, r];
      this.section[id] = sec;
      this.at.set(`${q},${r}`, id);
    }
    this.aliases = doc.aliases || {};
    this.canonicalOf = {};
    for (const [c, list] of Object.entries(this.aliases)) for (const a of list) this.canonicalOf[a] = c;
    this.calib = calib;
    this.first = this.ids[0];
  }

  unit(q, r) { // centre of axial (q, r) for hexes of radius 1 (typhoon.core.geometry.Layout)
    return this.pointy ? [SQRT3 * (q + r / 2), 1.5 * r] : [1.5 * q, SQRT3 * (r + q / 2)];
  }

  has(id) { return id in this.axial || id in this.canonicalOf; }

  canonical(id) { return this.canonicalOf[id] || id; }

  /** Image pixel of a point given in hex units relative to the first hex's centre. */
  toImage(u, v) {
    const { x, y, size, rotation } = this.calib;
    const t = (rotation * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
    return [x + size * (u * c - v * s), y + size * (u * s + v * c)];
  }

  fromImage(px, py) {
    const { x, y, size, rotation } = this.calib;
    const t = (-rotation * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
    const dx = (px - x) / size, dy = (py - y) / size;
    return [dx * c - dy * s, dx * s + dy * c];
  }

  unitCentre(id) {
    const [q, r] = this.axial[this.canonical(id)];
    const [u0, v0] = this.unit(...this.axial[this.first]);
    const [u, v] = this.unit(q, r);
    return [u - u0, v - v0];
  }

  centre(id) { return this.toImage(...this.unitCentre(id)); }

  corners(id, scale = 1) {
    const [u, v] = this.unitCentre(id);
    const out = [];
    for (let i = 0; i < 6; i++) {
      const a = ((60 * i + (this.pointy ? 30 : 0)) * Math.PI) / 180;
      out.push(this.toImage(u + scale * Math.cos(a), v + scale * Math.sin(a)));
    }
    return out;
  }

  /** The hex under an image pixel (or null), and the neighbour across the nearest hexside. */
  hit(px, py) {
    const [u, v] = this.fromImage(px, py);
    const [u0, v0] = this.unit(...this.axial[this.first]);
    const x = u + u0, y = v + v0;
    let fq, fr;
    if (this.pointy) { fq = (SQRT3 / 3) * x - y / 3; fr = (2 / 3) * y; } else { fq = (2 / 3) * x; fr = -x / 3 + (SQRT3 / 3) * y; }
    const [q, r] = cubeRound(fq, fr);
    const id = this.at.get(`${q},${r}`) || null;
    if (!id) return null;
    const [cu, cv] = this.unit(q, r);
    const du = x - cu, dv = y - cv;
    const dist = Math.hypot(du, dv); // 0 at the centre, ~0.87 at a hexside's middle
    let best = null, bestD = Infinity;
    for (const [dq, dr] of [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]) {
      const [nu, nv] = this.unit(q + dq, r + dr);
      const d = Math.hypot(x - nu, y - nv);
      if (d < bestD) { bestD = d; best = this.at.get(`${q + dq},${r + dr}`) || null; }
    }
    return { id, near: dist, neighbour: best };
  }

  adjacent(a, b) {
    const [aq, ar] = this.axial[this.canonical(a)], [bq, br] = this.axial[this.canonical(b)];
    const dq = bq - aq, dr = br - ar;
    return [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]].some(([x, y]) => x === dq && y === dr);
  }

  hexside(a, b) { // the edge two adjacent hexes share, in image pixels
    const [au, av] = this.unitCentre(a), [bu, bv] = this.unitCentre(b);
    const mu = (au + bu) / 2, mv = (av + bv) / 2, du = bu - au, dv = bv - av, len = Math.hypot(du, dv) || 1;
    const pu = (-dv / len) * 0.5, pv = (du / len) * 0.5;
    return [this.toImage(mu - pu, mv - pv), this.toImage(mu + pu, mv + pv)];
  }

  bounds() {
    const xs = [], ys = [];
    for (const id of this.ids) for (const [x, y] of this.corners(id)) { xs.push(x); ys.push(y); }
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
}

function cubeRound(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq), r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q, r];
}

const pts = (arr) => arr.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/** The SVG board: image, overlay layers, zoom and pan; onPointer(kind, px, py, event). */
export class Board {
  constructor(container, onPointer) {
    this.svg = el("svg", { class: "board", "data-testid": "board" }, container);
    this.root = el("g", {}, this.svg);
    this.layers = {};
    for (const n of ["image", "hexes", "areas", "hexsides", "lines", "places", "counters", "ids", "marks"]) this.layers[n] = el("g", { class: `layer-${n}` }, this.root);
    this.image = null;
    this.view = { x: 0, y: 0, w: 800, h: 600 };
    this.onPointer = onPointer;
    this.opacity = 0.45;
    this.showIds = true;
    this.install();
  }

  setImage(url, width, height) {
    this.layers.image.innerHTML = "";
    this.imageSize = url ? [width, height] : null;
    if (url) el("image", { href: url, x: 0, y: 0, width, height, class: "scan", "data-testid": "scan" }, this.layers.image);
  }

  fit(bounds) {
    const [x0, y0, x1, y1] = bounds;
    this.view = { x: x0 - 10, y: y0 - 10, w: x1 - x0 + 20, h: y1 - y0 + 20 };
    this.apply();
  }

  apply() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  zoom(f, cx, cy) {
    const v = this.view;
    const nw = Math.max(20, Math.min(200000, v.w / f)), k = nw / v.w;
    v.x = cx - (cx - v.x) * k; v.y = cy - (cy - v.y) * k; v.w *= k; v.h *= k;
    this.apply();
  }

  /** Image pixel under a client point. */
  toImage(clientX, clientY) {
    const p = this.svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    const q = p.matrixTransform(this.svg.getScreenCTM().inverse());
    return [q.x, q.y];
  }

  /** Client point of an image pixel (tests and "jump to hex"). */
  toClient(x, y) {
    const p = this.svg.createSVGPoint();
    p.x = x; p.y = y;
    const q = p.matrixTransform(this.svg.getScreenCTM());
    return [q.x, q.y];
  }

  centreOn(x, y) {
    this.view.x = x - this.view.w / 2; this.view.y = y - this.view.h / 2;
    this.apply();
  }

  install() {
    this.svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [x, y] = this.toImage(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY < 0 ? 1.2 : 1 / 1.2, x, y);
    }, { passive: false });
    let pan = null, down = false;
    this.svg.addEventListener("pointerdown", (ev) => {
      if (ev.button === 1 || ev.button === 2 || ev.altKey || this.panMode) {
        pan = { x: ev.clientX, y: ev.clientY, vx: this.view.x, vy: this.view.y };
        this.svg.setPointerCapture(ev.pointerId);
        ev.preventDefault();
        return;
      }
      if (ev.button !== 0) return;
      down = true;
      this.onPointer("down", ...this.toImage(ev.clientX, ev.clientY), ev);
    });
    this.svg.addEventListener("pointermove", (ev) => {
      if (pan) {
        const r = this.svg.getBoundingClientRect();
        const k = Math.max(this.view.w / r.width, this.view.h / r.height);
        this.view.x = pan.vx - (ev.clientX - pan.x) * k;
        this.view.y = pan.vy - (ev.clientY - pan.y) * k;
        this.apply();
        return;
      }
      this.onPointer(down ? "drag" : "hover", ...this.toImage(ev.clientX, ev.clientY), ev);
    });
    const up = (ev) => {
      if (pan) { pan = null; return; }
      if (down) this.onPointer("up", ...this.toImage(ev.clientX, ev.clientY), ev);
      down = false;
    };
    this.svg.addEventListener("pointerup", up);
    this.svg.addEventListener("pointerleave", () => { if (down) this.onPointer("up", 0, 0, null); down = false; });
    this.svg.addEventListener("contextmenu", (ev) => ev.preventDefault());
  }

  /** Draw the kit's map over the image. */
  draw(grid, map, extra = {}) {
    for (const n of ["hexes", "areas", "hexsides", "lines", "places", "counters", "ids", "marks"]) this.layers[n].innerHTML = "";
    if (!grid) return;
    const terr = map.terrain_types || {};
    const hexes = map.hexes || {};
    const op = this.opacity;
    for (const id of grid.ids) {
      const t = (hexes[id] || {}).terrain;
      const st = ((terr[t] || {}).style) || {};
      el("polygon", { points: pts(grid.corners(id)), class: `hex terrain-${t || "none"}`, "data-hex": id, "data-terrain": t || "",
        style: `fill:${st.fill || "#ffffff"};fill-opacity:${t ? op : 0}` }, this.layers.hexes);
      if (this.showIds) {
        const [x, y] = grid.toImage(...(([u, v]) => [u, v - 0.62])(grid.unitCentre(id)));
        el("text", { x, y, class: "hexid", "font-size": Math.max(4, grid.calib.size * 0.28) }, this.layers.ids).textContent = id;
      }
    }
    const hsFeat = map.hexside_features || {};
    for (const s of map.hexsides || []) {
      if (s.b === undefined || !grid.has(s.a) || !grid.has(s.b) || !grid.adjacent(s.a, s.b)) continue;
      const [[x1, y1], [x2, y2]] = grid.hexside(s.a, s.b);
      const kind = (hsFeat[s.feature] || {}).kind || "other";
      el("line", { x1, y1, x2, y2, class: `hexside kind-${kind} feature-${s.feature}`, "data-hexside": `${s.a}-${s.b}`, "data-feature": s.feature,
        "stroke-width": Math.max(2, grid.calib.size * 0.14) }, this.layers.hexsides);
    }
    for (const n of map.networks || []) {
      for (const l of n.links || []) {
        const [a, b] = Array.isArray(l) ? l : [l.a, l.b];
        if (!grid.has(a) || !grid.has(b)) continue;
        const [x1, y1] = grid.centre(a), [x2, y2] = grid.centre(b);
        el("line", { x1, y1, x2, y2, class: `link feature-${n.feature}`, "data-link": `${a}-${b}`, "data-feature": n.feature,
          "stroke-width": Math.max(2, grid.calib.size * 0.1) }, this.layers.lines);
      }
    }
    for (const p of map.places || []) {
      for (const h of p.hexes || []) {
        if (!grid.has(h)) continue;
        const [x, y] = grid.centre(h);
        const g = el("g", { class: `place kind-${p.kind}`, "data-place": p.name, "data-hex": h }, this.layers.places);
        el("rect", { x: x - grid.calib.size * 0.2, y: y - grid.calib.size * 0.12, width: grid.calib.size * 0.4, height: grid.calib.size * 0.24, class: "place-block" }, g);
        el("text", { x, y: y + grid.calib.size * 0.5, class: "place-name", "font-size": Math.max(5, grid.calib.size * 0.3) }, g).textContent = p.name;
      }
    }
    const area = extra.area;
    if (area) {
      for (const h of area.hexes || []) if (grid.has(h)) el("polygon", { points: pts(grid.corners(h, 0.8)), class: "area-hex", "data-area-hex": h }, this.layers.areas);
      for (const [a, b] of area.hexsides || []) {
        if (!grid.has(a) || !grid.has(b) || !grid.adjacent(a, b)) continue;
        const [[x1, y1], [x2, y2]] = grid.hexside(a, b);
        el("line", { x1, y1, x2, y2, class: "area-side", "stroke-width": Math.max(3, grid.calib.size * 0.18) }, this.layers.areas);
      }
    }
    for (const [h, ids] of Object.entries(extra.setup || {})) {
      if (!grid.has(h)) continue;
      const [x, y] = grid.centre(h);
      ids.forEach((c, i) => {
        const s = grid.calib.size * 0.7, side = extra.sideOf ? extra.sideOf(c) : "";
        const g = el("g", { class: `setup-counter side-${extra.sideIndex ? extra.sideIndex(side) : 0}`, "data-setup": c, "data-hex": h }, this.layers.counters);
        el("rect", { x: x - s / 2 + i * 4, y: y - s / 2 - i * 4, width: s, height: s, rx: 2 }, g);
        el("text", { x: x + i * 4, y: y + s * 0.12 - i * 4, "font-size": Math.max(4, s * 0.3) }, g).textContent = c;
      });
    }
    if (extra.selected && grid.has(extra.selected)) {
      el("polygon", { points: pts(grid.corners(extra.selected, 0.95)), class: "selected-hex" }, this.layers.marks);
    }
    if (extra.anchor && grid.has(extra.anchor)) {
      const [x, y] = grid.centre(extra.anchor);
      el("circle", { cx: x, cy: y, r: grid.calib.size * 0.25, class: "anchor" }, this.layers.marks);
    }
  }
}
