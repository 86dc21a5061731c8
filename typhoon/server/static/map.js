// The Battle for Moscow map drawn as SVG from /api/meta map data.
// Hex ids are CCRR; hexes are flat-topped and odd columns sit half a hex higher than even
// ones (shared/reference/bfm/README.md "Coordinates and adjacency").

const SVGNS = "http://www.w3.org/2000/svg";
export const R = 40; // hex radius (centre to corner) in SVG units
const H = Math.sqrt(3) * R; // hex height

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}

export function hexCentre(id) {
  const c = parseInt(id.slice(0, 2), 10);
  const r = parseInt(id.slice(2, 4), 10);
  const x = R + 1.5 * R * (c - 1);
  const y = H / 2 + H * (r - 1) + (c % 2 === 0 ? H / 2 : 0);
  return [x, y];
}

export function hexCorners(id, scale = 1) {
  const [x, y] = hexCentre(id);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push([x + R * scale * Math.cos(a), y + R * scale * Math.sin(a)]);
  }
  return pts;
}

const pts = (arr) => arr.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

// The hexside shared by two adjacent hexes, as a segment [[x1,y1],[x2,y2]].
export function hexside(a, b) {
  const [ax, ay] = hexCentre(a);
  const [bx, by] = hexCentre(b);
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const dx = bx - ax, dy = by - ay;
  const len = Math.hypot(dx, dy);
  const px = (-dy / len) * (R / 2), py = (dx / len) * (R / 2);
  return [[mx - px, my - py], [mx + px, my + py]];
}

const EXIT_DIR = { N: [0, -1], S: [0, 1], E: [1, 0], W: [-1, 0] };

/** A zoomable, pannable map. `handlers.onHex(hex, event)` is called on clicks. */
export class MapView {
  constructor(container, meta, handlers = {}) {
    this.meta = meta;
    this.map = meta.map;
    this.handlers = handlers;
    this.container = container;
    const cols = this.map.columns, rows = this.map.rows;
    this.width = R + 1.5 * R * (cols - 1) + R + 4;
    this.height = H * rows + H / 2 + 4;
    this.svg = el("svg", { class: "map", "data-testid": "map", role: "img", "aria-label": "Battle for Moscow map" });
    container.appendChild(this.svg);
    this.view = { x: -2, y: -2, w: this.width, h: this.height };
    this.layers = {};
    for (const name of ["hexes", "terrain", "rails", "rivers", "cities", "ids", "battles", "units", "highlights", "labels", "arrows", "markers"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, this.svg);
    }
    this.drawStatic();
    this.applyView();
    this.installPanZoom();
  }

  drawStatic() {
    const { hexes, rivers, rails, rail_exits } = this.map;
    for (const [id, h] of Object.entries(hexes)) {
      const poly = el("polygon", {
        points: pts(hexCorners(id)),
        class: `hex ${h.terrain}`,
        "data-hex": id,
      }, this.layers.hexes);
      poly.addEventListener("click", (ev) => this.handlers.onHex && this.handlers.onHex(id, ev));
      if (h.terrain === "forest") {
        // a few tree dots so forest reads at a glance
        const [x, y] = hexCentre(id);
        for (const [dx, dy] of [[-14, -18], [12, -20], [-22, 4], [20, 2], [-6, 22], [14, 20]]) {
          el("circle", { cx: x + dx, cy: y + dy, r: 4, class: "tree" }, this.layers.terrain);
        }
      }
      if (h.fortification) {
        el("polygon", { points: pts(hexCorners(id, 0.86)), class: "fort" }, this.layers.terrain);
      }
      if (h.setup) {
        // set-up hexes: a small cross (German) or star dot (Soviet) in the lower corner
        const [x, y] = hexCentre(id);
        el("text", { x: x + 22, y: y + 30, class: `setup-mark ${h.setup}` }, this.layers.terrain).textContent =
          h.setup === "german" ? "✚" : "★";
      }
      const [x, y] = hexCentre(id);
      el("text", { x, y: y - H / 2 + 11, class: "hexid" }, this.layers.ids).textContent = id;
    }
    for (const [a, b] of rails) {
      const [ax, ay] = hexCentre(a), [bx, by] = hexCentre(b);
      el("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "rail" }, this.layers.rails);
    }
    for (const [id, dirs] of Object.entries(rail_exits || {})) {
      const [x, y] = hexCentre(id);
      for (const d of dirs) {
        const [dx, dy] = EXIT_DIR[d] || [0, 0];
        el("line", { x1: x, y1: y, x2: x + dx * R, y2: y + dy * R * 0.87, class: "rail" }, this.layers.rails);
      }
    }
    for (const [a, b] of rivers) {
      const [[x1, y1], [x2, y2]] = hexside(a, b);
      el("line", { x1, y1, x2, y2, class: "river" }, this.layers.rivers);
    }
    this.cityMarkers = {};
    for (const [id, h] of Object.entries(hexes)) {
      if (!h.city) continue;
      const [x, y] = hexCentre(id);
      const major = h.major_city || h.city === "Moscow";
      const g = el("g", { class: `city${major ? " major" : ""}`, "data-city": id }, this.layers.cities);
      el("rect", {
        x: x - (major ? 13 : 8), y: y + 6, width: major ? 26 : 16, height: major ? 14 : 9, class: "city-block",
      }, g);
      el("text", { x, y: y + (major ? 35 : 29), class: "city-name" }, g).textContent = h.city;
      // control marker (coloured by the side holding the city)
      this.cityMarkers[id] = el("circle", { cx: x - 28, cy: y + 8, r: major ? 6 : 5, class: "control soviet", "data-control": id }, this.layers.markers);
    }
  }

  setShowIds(on) {
    this.layers.ids.style.display = on ? "" : "none";
  }

  setControl(control) {
    for (const [id, m] of Object.entries(this.cityMarkers)) {
      const side = (control && control[id]) || "soviet";
      m.setAttribute("class", `control ${side}`);
      m.innerHTML = "";
      el("title", {}, m).textContent = `${this.map.hexes[id].city}: ${side}`;
    }
  }

  /** Draw the units: list of unit views {id,name,side,kind,strength,movement,reduced,hex,moved}. */
  drawUnits(units, opts = {}) {
    const layer = this.layers.units;
    layer.innerHTML = "";
    this.unitEls = {};
    const s = R * 1.08;
    // 8.2.2: friendly units may share a hex during a phase; fan such stacks out a little
    const perHex = {};
    for (const u of units) (perHex[u.hex] = perHex[u.hex] || []).push(u.id);
    for (const u of units) {
      let [x, y] = hexCentre(u.hex);
      const stack = perHex[u.hex];
      if (stack.length > 1) {
        const i = stack.indexOf(u.id);
        x += (i - (stack.length - 1) / 2) * 12;
        y += (i - (stack.length - 1) / 2) * 9;
      }
      const cls = ["counter", u.side, u.reduced ? "reduced" : "full", u.moved ? "moved" : ""];
      if (opts.selected && opts.selected.has(u.id)) cls.push("selected");
      if (opts.clickable && opts.clickable.has(u.id)) cls.push("clickable");
      const g = el("g", { class: cls.join(" "), "data-unit": u.id, "data-hex": u.hex, transform: `translate(${x - s / 2},${y - s / 2})` }, layer);
      el("rect", { x: 0, y: 0, width: s, height: s, rx: 3, class: "counter-bg" }, g);
      const name = el("text", { x: s / 2, y: 10, class: "counter-name" }, g);
      name.textContent = u.id;
      if (u.id.length > 4) name.setAttribute("style", `font-size:${u.id.length > 5 ? 7.5 : 8.5}px`);
      // unit-type symbol (NATO style): infantry = crossed box, armour = oval in box
      const bx = s / 2 - 11, by = 14;
      el("rect", { x: bx, y: by, width: 22, height: 13, class: "sym" }, g);
      if (u.kind === "infantry") {
        el("line", { x1: bx, y1: by, x2: bx + 22, y2: by + 13, class: "sym" }, g);
        el("line", { x1: bx + 22, y1: by, x2: bx, y2: by + 13, class: "sym" }, g);
      } else {
        el("ellipse", { cx: s / 2, cy: by + 6.5, rx: 7.5, ry: 4, class: "sym" }, g);
      }
      el("text", { x: s / 2, y: s - 5, class: "counter-sm" }, g).textContent = `${fmt(u.strength)}-${u.movement}`;
      if (u.moved) el("circle", { cx: 5, cy: s / 2 - 1, r: 3.6, class: "moved-dot" }, g);
      el("title", {}, g).textContent = `${u.name} (${u.side}) ${fmt(u.strength)}-${u.movement}${u.reduced ? " reduced" : ""}${u.moved ? ", moved" : ""} in ${u.hex}`;
      g.addEventListener("click", (ev) => {
        ev.stopPropagation();
        this.handlers.onUnit ? this.handlers.onUnit(u, ev) : this.handlers.onHex && this.handlers.onHex(u.hex, ev);
      });
      this.unitEls[u.id] = g;
    }
  }

  /** Highlight hexes: map {hex: className}. Drawn over the counters but transparent to clicks:
   *  a click lands on the counter (onUnit) or on the hex itself (onHex). */
  highlight(map, occupied = new Set()) {
    const layer = this.layers.highlights;
    layer.innerHTML = "";
    for (const [id, cls] of Object.entries(map || {})) {
      if (!this.map.hexes[id]) continue;
      el("polygon", { points: pts(hexCorners(id, 0.94)), class: `hl ${cls}${occupied.has(id) ? " occupied" : ""}`, "data-hl": id }, layer);
    }
  }

  /** Battle markers: list of {target, attackers:[hex], cls, label}. */
  drawBattles(list) {
    const layer = this.layers.battles;
    layer.innerHTML = "";
    this.layers.labels.innerHTML = "";
    for (const b of list || []) {
      const [tx, ty] = hexCentre(b.target);
      for (const ah of b.from || []) {
        const [ax, ay] = hexCentre(ah);
        const k = 0.55;
        el("line", { x1: ax, y1: ay, x2: ax + (tx - ax) * k, y2: ay + (ty - ay) * k, class: `attack-line ${b.cls || ""}` }, layer);
      }
      el("circle", { cx: tx, cy: ty, r: R * 0.78, class: `battle-ring ${b.cls || ""}` }, layer);
      if (b.label) {
        const t = el("text", { x: tx, y: ty - R * 0.62, class: "battle-label" }, this.layers.labels);
        t.textContent = b.label;
      }
    }
  }

  /** Clickable arrows: list of {path:[hex...], id, label}; onClick(item). */
  drawArrows(list, onClick) {
    const layer = this.layers.arrows;
    layer.innerHTML = "";
    for (const a of list || []) {
      const points = a.path.map(hexCentre);
      const g = el("g", { class: "arrow", "data-arrow": a.id, "data-to": a.path[a.path.length - 1] }, layer);
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
    const nw = Math.min(this.width * 1.5, Math.max(this.width / 6, v.w / factor));
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
    this.view = { x: -2, y: -2, w: this.width, h: this.height };
    this.applyView();
  }

  toSvg(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    // preserveAspectRatio xMidYMid meet: find the drawn scale
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
    const end = (ev) => {
      if (drag && drag.moved) {
        // swallow the click that ends a drag
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

export function fmt(n) {
  if (typeof n !== "number") return String(n);
  if (Number.isInteger(n)) return String(n);
  const whole = Math.floor(n);
  return Math.abs(n - whole - 0.5) < 1e-9 ? `${whole || ""}½` : n.toFixed(2);
}
