// The counter manifest as an editable table (counters.json), validated as it is typed: sides,
// attributes and one row per counter with its front and back values.
import { KEY_RE, NAME_RE } from "./model.js";

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

/** Why a typed value does not fit an attribute declaration (null if it does). */
export function attrProblem(text, decl) {
  if (text === "") return null;
  if (decl.type === "integer" || decl.type === "number") {
    const n = Number(text);
    if (!Number.isFinite(n) || (decl.type === "integer" && !Number.isInteger(n))) return `must be ${decl.type === "integer" ? "a whole number" : "a number"} (got '${text}')`;
    if (decl.minimum !== undefined && n < decl.minimum) return `must be at least ${decl.minimum}`;
    if (decl.maximum !== undefined && n > decl.maximum) return `must be at most ${decl.maximum}`;
  }
  if (decl.type === "boolean" && !["true", "false"].includes(text)) return "must be true or false";
  if (decl.enum && !decl.enum.map(String).includes(text)) return `must be one of ${decl.enum.join(", ")}`;
  return null;
}

export function parseValue(text, decl) {
  if (decl.type === "integer" || decl.type === "number") return Number(text);
  if (decl.type === "boolean") return text === "true";
  return text;
}

/** Problems of the manifest: [{row, field, message}] (row -1: sides/attributes). */
export function counterProblems(doc) {
  const out = [];
  const seen = new Set();
  const sides = doc.sides || {}, attrs = doc.attributes || {};
  (doc.counters || []).forEach((c, row) => {
    if (!c.id) out.push({ row, field: "id", message: "give the counter an id" });
    else if (!KEY_RE.test(c.id)) out.push({ row, field: "id", message: `'${c.id}' is not an id: letters, digits and _ . / + - (e.g. 19/7/7)` });
    else if (seen.has(c.id)) out.push({ row, field: "id", message: `the id '${c.id}' is used twice` });
    seen.add(c.id);
    if (!(c.side in sides)) out.push({ row, field: "side", message: `'${c.side}' is not a side (sides: ${Object.keys(sides).join(", ")})` });
    if (!c.kind || !NAME_RE.test(c.kind)) out.push({ row, field: "kind", message: "the kind is a lower-case name, e.g. infantry" });
    for (const face of ["front", "back"]) {
      for (const [a, v] of Object.entries((c.faces || {})[face] || {})) {
        if (!(a in attrs)) out.push({ row, field: `${face}.${a}`, message: `'${a}' is not a declared attribute` });
        else {
          const why = attrProblem(String(v), attrs[a]);
          if (why) out.push({ row, field: `${face}.${a}`, message: `${face} ${a} ${why}` });
        }
      }
    }
  });
  return out;
}

/**
 * Render the counter editor into `root`. `project` is the Project; edits go through
 * project.edit so they can be undone.
 */
export function renderCounters(root, project) {
  const doc = project.counters;
  root.innerHTML = "";
  const attrs = Object.entries(doc.attributes || {});
  const sides = Object.keys(doc.sides || {});
  const bad = {};
  for (const p of counterProblems(doc)) bad[`${p.row}:${p.field}`] = p.message;
  const edit = (label, fn) => project.edit(label, () => { fn(project.counters); declareKinds(project.counters); });

  // sides
  const sideRows = Object.entries(doc.sides || {}).map(([name, d]) => h("li", {},
    h("code", {}, name), " ",
    h("input", { value: d.label || "", "aria-label": `label of side ${name}`, "data-side-label": name, onchange: (e) => edit("side label", (c) => { c.sides[name].label = e.target.value; }) }),
    h("button", { type: "button", class: "small", title: `remove side ${name}`, onclick: () => edit("remove side", (c) => { delete c.sides[name]; }) }, "✕")));
  const newSide = h("input", { placeholder: "new side, e.g. german", "data-testid": "new-side" });
  root.append(h("h3", {}, "Sides"), h("ul", { class: "plain" }, sideRows),
    h("div", { class: "row" }, newSide, h("button", { type: "button", onclick: () => {
      const n = newSide.value.trim();
      if (!NAME_RE.test(n)) return alert("A side is a lower-case name: letters, digits, _ (e.g. german)");
      edit("add side", (c) => { c.sides[n] = { label: n[0].toUpperCase() + n.slice(1).replace(/_/g, " ") }; });
    } }, "Add side")));

  // attributes
  const attrRows = attrs.map(([name, d]) => h("li", {}, h("code", {}, name), ` ${d.type}${d.minimum !== undefined ? ` ≥ ${d.minimum}` : ""}${d.hidden ? ", hidden" : ""} `,
    h("button", { type: "button", class: "small", title: `remove attribute ${name}`, onclick: () => edit("remove attribute", (c) => {
      delete c.attributes[name];
      for (const k of c.counters) for (const f of Object.values(k.faces || {})) delete f[name];
    }) }, "✕")));
  const newAttr = h("input", { placeholder: "new attribute, e.g. attack", "data-testid": "new-attribute" });
  const newType = h("select", {}, ["integer", "number", "string", "boolean"].map((t) => h("option", { value: t }, t)));
  root.append(h("h3", {}, "Counter values"), h("ul", { class: "plain" }, attrRows),
    h("div", { class: "row" }, newAttr, newType, h("button", { type: "button", onclick: () => {
      const n = newAttr.value.trim();
      if (!NAME_RE.test(n)) return alert("An attribute is a lower-case name (e.g. attack)");
      edit("add attribute", (c) => { c.attributes[n] = newType.value === "integer" || newType.value === "number" ? { type: newType.value, minimum: 0 } : { type: newType.value }; });
    } }, "Add value")));

  // the table
  const head = h("tr", {}, h("th", {}, "id"), h("th", {}, "side"), h("th", {}, "kind"), h("th", {}, "name"),
    attrs.map(([a]) => h("th", { class: "front" }, a)), attrs.map(([a]) => h("th", { class: "back" }, `back ${a}`)), h("th", {}, "copies"), h("th", {}, ""));
  const rows = (doc.counters || []).map((c, row) => {
    const cell = (field, value, onchange, extra = {}) => {
      const msg = bad[`${row}:${field}`];
      return h("td", { class: msg ? "invalid" : "" }, h("input", { value: value ?? "", "data-field": field, "aria-label": `${field} of counter ${row + 1}`,
        title: msg || "", "aria-invalid": msg ? "true" : "false", onchange, ...extra }));
    };
    const set = (label, fn) => (e) => edit(label, (d) => fn(d.counters[row], e.target.value.trim()));
    const sideSel = h("td", { class: bad[`${row}:side`] ? "invalid" : "" }, h("select", { "data-field": "side", "aria-label": `side of counter ${row + 1}`,
      onchange: set("counter side", (k, v) => { k.side = v; }) }, sides.map((s) => h("option", { value: s, selected: s === c.side }, s))));
    const faceCell = (face, a, decl) => cell(`${face}.${a}`, ((c.faces || {})[face] || {})[a], set(`counter ${face}`, (k, v) => {
      k.faces = k.faces || { front: {} };
      if (face === "back" && !k.faces.back) k.faces.back = {};
      const why = attrProblem(v, decl);
      if (v === "") delete k.faces[face][a];
      else k.faces[face][a] = why ? v : parseValue(v, decl);
      if (face === "back" && !Object.keys(k.faces.back).length) delete k.faces.back;
    }));
    return h("tr", { "data-row": row },
      cell("id", c.id, set("counter id", (k, v) => { k.id = v; })),
      sideSel,
      cell("kind", c.kind, set("counter kind", (k, v) => { k.kind = v; })),
      cell("name", c.name, set("counter name", (k, v) => { if (v) k.name = v; else delete k.name; })),
      attrs.map(([a, d]) => faceCell("front", a, d)),
      attrs.map(([a, d]) => faceCell("back", a, d)),
      cell("count", c.count ?? "", set("counter copies", (k, v) => { if (v && Number(v) > 1) k.count = Math.floor(Number(v)); else delete k.count; }), { type: "number", min: 1 }),
      h("td", {}, h("button", { type: "button", class: "small", title: "delete this counter", onclick: () => edit("delete counter", (d) => { d.counters.splice(row, 1); }) }, "✕")));
  });
  const problems = counterProblems(doc);
  root.append(h("h3", {}, `Counters (${(doc.counters || []).length})`),
    h("div", { class: "table-wrap" }, h("table", { class: "counters", "data-testid": "counter-table" }, h("thead", {}, head), h("tbody", {}, rows))),
    h("div", { class: "row" }, h("button", { type: "button", "data-testid": "add-counter", onclick: () => edit("add counter", (d) => {
      const n = (d.counters || []).length + 1;
      let id = `u${n}`;
      const ids = new Set(d.counters.map((k) => k.id));
      for (let i = n; ids.has(id); i++) id = `u${i + 1}`;
      d.counters.push({ id, side: sides[0] || "", kind: "infantry", faces: { front: {} } });
    }) }, "Add counter")),
    h("ul", { class: "problems-inline", "data-testid": "counter-problems" }, problems.map((p) => h("li", {}, `row ${p.row + 1}, ${p.field}: ${p.message}`))));
}

/** Declare every kind the counters use (counters.json 'kinds'), so the table's free text is valid. */
export function declareKinds(doc) {
  const used = [...new Set((doc.counters || []).map((c) => c.kind).filter((k) => k && NAME_RE.test(k)))];
  if (!used.length) { delete doc.kinds; return; }
  doc.kinds = doc.kinds || {};
  for (const k of used) if (!(k in doc.kinds)) doc.kinds[k] = {};
  for (const k of Object.keys(doc.kinds)) if (!used.includes(k)) delete doc.kinds[k];
}
