// Start page: create a game, list games, import a save.
import { api, getMeta, seatLink } from "./api.js";
import { showError, h } from "./ui.js";
import { humanize } from "./widgets.js";
import { accountPanel, creationFields, readCreationFields, syncCreationFields, syncCreationMode } from "./account.js";
export { h };

function radio(name, value, label, checked) {
  return h("label", { className: "choice" }, h("input", { type: "radio", name, value, checked }), " ", label);
}

function absolute(link) {
  return new URL(link, location.origin).href;
}

/** The seat links of a created game: one per side (names from the game), then spectators. */
export function linksPanel(created, title = "Game created", sideNames = {}) {
  const rows = [];
  for (const [seat, link] of Object.entries(created.links || {})) {
    if (seat === "spectator") continue;
    const name = seat === "both" ? "Both sides" : sideNames[seat] || seat;
    rows.push([`${name} seat (keep secret)`, link, seat]);
  }
  if (created.links && created.links.spectator) rows.push(["Spectators", created.links.spectator, "spectator"]);
  return h("section", { className: "card links", "data-testid": "links" },
    h("h2", {}, title),
    h("p", {}, "Send each player their own seat link; anyone with the spectator link can watch live."),
    ...rows.map(([label, link, side]) => {
      const url = absolute(link);
      const input = h("input", { type: "text", readonly: true, value: url, "data-link": side, className: "link-input" });
      return h("div", { className: "link-row" },
        h("span", { className: "link-label" }, label),
        input,
        h("button", { type: "button", onclick: async () => {
          input.select();
          try { await navigator.clipboard.writeText(url); } catch { document.execCommand && document.execCommand("copy"); }
        } }, "Copy"),
        h("a", { href: link, className: "button" }, side === "spectator" ? "Watch" : "Open"));
    }));
}

/** One form field for an option spec (choice, int, bool, text). */
export function optionField(spec, value) {
  const name = `opt_${spec.name}`;
  const v = value === undefined ? spec.default : value;
  const title = [spec.help, spec.rule ? `(${spec.rule})` : ""].filter(Boolean).join(" ");
  let input;
  if (spec.kind === "bool") {
    input = h("input", { type: "checkbox", name, checked: !!v, "data-option": spec.name, "data-kind": "bool" });
    return h("label", { className: "choice", title }, input, " ", spec.label);
  }
  if (spec.kind === "choice") {
    input = h("select", { name, "data-option": spec.name, "data-kind": "choice" },
      ...(spec.choices || []).map((c, i) => h("option", { value: String(i), selected: String(c) === String(v) }, String(c))));
  } else if (spec.kind === "int" && spec.minimum !== undefined && spec.maximum !== undefined && spec.maximum - spec.minimum <= 20) {
    const opts = [];
    for (let n = spec.minimum; n <= spec.maximum; n++) opts.push(h("option", { value: n, selected: n === v }, String(n)));
    input = h("select", { name, "data-option": spec.name, "data-kind": "int" }, ...opts);
  } else if (spec.kind === "int") {
    input = h("input", { type: "number", name, value: v, min: spec.minimum, max: spec.maximum, "data-option": spec.name, "data-kind": "int" });
  } else {
    input = h("input", { type: "text", name, value: v ?? "", "data-option": spec.name, "data-kind": "text" });
  }
  return h("label", { className: "field", title }, `${spec.label} `, input, spec.help ? h("span", { className: "help muted small" }, ` ${spec.help}`) : null);
}

/** The options of a form, as the game's option specs type them. */
export function readOptions(form, specs) {
  const out = {};
  for (const spec of specs) {
    const el = form.querySelector(`[data-option="${spec.name}"]`);
    if (!el) continue;
    if (spec.kind === "bool") out[spec.name] = el.checked;
    else if (spec.kind === "choice") out[spec.name] = spec.choices[parseInt(el.value, 10)];
    else if (spec.kind === "int") out[spec.name] = parseInt(el.value, 10);
    else out[spec.name] = el.value;
  }
  return out;
}

export async function renderStart(root) {
  document.getElementById("topbar-extra").innerHTML = "";
  const meta = await getMeta().catch((e) => {
    showError(`Cannot load game data: ${e.message}`);
    throw e;
  });
  const games = Object.fromEntries((meta.games || []).map((g) => [g.name, g]));
  const result = h("div", { id: "created" });
  const gameSelect = h("select", { name: "game", "data-testid": "game-choice" },
    ...(meta.games || []).map((g) => h("option", { value: g.name, selected: g.name === meta.default }, g.title)));
  const sidesBox = h("div", { className: "sides" });
  const aiSelect = h("select", { name: "ai" });
  const optionsBox = h("fieldset", { className: "options" });
  const importSide = h("select", { name: "iside" });

  const form = h("form", { className: "card create", id: "create-form" },
    h("h2", {}, "New game"),
    h("label", { className: "field" }, "Game ", gameSelect),
    h("fieldset", {}, h("legend", {}, "Players"),
      radio("mode", "ai", "Against the computer", true),
      radio("mode", "hotseat", "Hot-seat (players share one screen)", false),
      radio("mode", "network", "Players on their own machines", false)),
    h("fieldset", { className: "ai-only" }, h("legend", {}, "Your side"), sidesBox,
      h("label", { className: "field" }, "Computer player ", aiSelect)),
    optionsBox,
    h("fieldset", {}, h("legend", {}, "Optional"),
      h("label", { className: "field" }, "Title ", h("input", { type: "text", name: "title", placeholder: "my game" })),
      h("label", { className: "field" }, "Seed ", h("input", { type: "number", name: "seed", placeholder: "random", min: 0 }),
        h("span", { className: "muted small seed-note", hidden: true }, " network games always get secret dice: the seed is not used"))),
    creationFields(),
    h("button", { type: "submit", className: "primary", "data-testid": "create" }, "Create game"));

  const current = () => games[gameSelect.value] || (meta.games || [])[0];
  const syncGame = () => {
    const g = current();
    if (!g) return;
    sidesBox.replaceChildren(...g.sides.map((s, i) => radio("human_side", s, g.side_names[s] || s, i === 0)));
    const ais = (g.players || []).filter((p) => p !== "human");
    aiSelect.replaceChildren(...ais.map((a) => h("option", { value: a }, a)));
    syncComputer();
    optionsBox.replaceChildren(h("legend", {}, `${g.title}: rules`), ...(g.option_specs || []).map((s) => optionField(s)));
    importSide.replaceChildren(...g.sides.map((s) => h("option", { value: s }, g.side_names[s] || s)));
    syncCreationFields(form, g);
  };
  // the computer's default for the side it plays (ai.base.default_player; always one offered)
  const syncComputer = () => {
    const g = current();
    const human = form.elements.human_side.value;
    aiSelect.value = g.default_players[g.sides.find((s) => s !== human)];
  };
  const syncMode = () => {
    const mode = form.elements.mode.value;
    form.querySelector(".ai-only").hidden = mode !== "ai";
    // a chosen seed would let its chooser know every roll: never in a network game
    form.querySelector(".seed-note").hidden = mode !== "network";
    syncCreationMode(form, mode);
  };
  form.addEventListener("change", (ev) => {
    syncMode();
    if (ev.target.name === "human_side") syncComputer();
  });
  gameSelect.addEventListener("change", syncGame);

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    const f = form.elements;
    const g = current();
    const options = readOptions(form, g.option_specs || []);
    const seed = f.seed.value === "" || f.mode.value === "network" ? null : parseInt(f.seed.value, 10);
    const body = { game: g.name, mode: f.mode.value, options, seed, title: f.title.value || null };
    if (body.mode === "ai") {
      body.human_side = f.human_side.value;
      body.ai = f.ai.value;
    }
    Object.assign(body, readCreationFields(form, body.mode, g));
    try {
      const created = await api.create(body);
      remember(created);
      if (body.mode === "network") {
        result.replaceChildren(linksPanel(created, "Game created", g.side_names));
        result.scrollIntoView();
        loadList();
        account.refresh();
      } else {
        const side = body.mode === "ai" ? body.human_side : "both";
        location.href = created.links[side];
      }
    } catch (e) {
      showError(`Could not create the game: ${e.message}`);
    }
  });

  // import
  const importForm = h("form", { className: "card import", id: "import-form" },
    h("h2", {}, "Load a saved game"),
    h("label", { className: "field" }, "Save file (JSON) ", h("input", { type: "file", name: "file", accept: ".json,application/json", "data-testid": "import-file" })),
    h("fieldset", {}, h("legend", {}, "Continue as"),
      radio("imode", "hotseat", "Hot-seat", true),
      radio("imode", "ai", "Against the computer", false),
      radio("imode", "network", "Two machines", false),
      h("label", { className: "field" }, "my side ", importSide)),
    h("button", { type: "submit", "data-testid": "import" }, "Load"));
  const importResult = h("div", { id: "imported" });
  importForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    const file = importForm.elements.file.files[0];
    if (!file) {
      showError("Choose a save file first.");
      return;
    }
    let doc;
    try {
      doc = JSON.parse(await file.text());
    } catch (e) {
      showError(`${file.name} is not valid JSON: ${e.message}`);
      return;
    }
    const mode = importForm.elements.imode.value;
    doc = { ...doc, mode };
    if (mode === "ai") {
      const g = games[doc.game] || current();
      const side = importForm.elements.iside.value;
      doc.human_side = g.sides.includes(side) ? side : g.sides[0];
    }
    try {
      const created = await api.importSave(doc);
      remember(created);
      if (mode === "network") {
        importResult.replaceChildren(linksPanel(created, "Game loaded", (games[doc.game] || current()).side_names));
        loadList();
      } else {
        location.href = created.links[mode === "ai" ? doc.human_side : "both"];
      }
    } catch (e) {
      showError(`Could not load ${file.name}: ${e.message}`);
    }
  });

  const list = h("section", { className: "card games" }, h("h2", {}, "Games"), h("div", { id: "game-list" }, "…"));
  async function loadList() {
    const box = list.querySelector("#game-list");
    try {
      const rows = await api.games();
      if (!rows.length) {
        box.replaceChildren(h("p", { className: "muted" }, "No games yet."));
        return;
      }
      rows.sort((a, b) => String(b.updated || b.created).localeCompare(String(a.updated || a.created)));
      box.replaceChildren(h("table", { className: "game-table" },
        h("thead", {}, h("tr", {}, ...["Game", "Mode", "Players", "Turn", "Now", ""].map((t) => h("th", {}, t)))),
        h("tbody", {}, ...rows.map((g) => {
          const seat = localStorage.getItem(`typhoon.seat.${g.id}`);
          const owner = localStorage.getItem(`typhoon.owner.${g.id}`);
          const info = games[g.game] || {};
          const players = g.players ? Object.entries(g.players).map(([s, p]) => `${(info.side_names || {})[s] || s}: ${p}`).join(" v ") : "";
          const status = g.status === "finished" ? `finished${g.winner ? `: ${(info.side_names || {})[g.winner] || g.winner} won` : ": draw"}` : humanize(g.phase || "");
          return h("tr", { "data-game": g.id },
            h("td", {}, g.title || g.id, info.title ? h("div", { className: "muted small" }, info.title) : null),
            h("td", {}, g.mode || ""),
            h("td", {}, players),
            h("td", {}, g.turn ?? ""),
            h("td", {}, status),
            h("td", { className: "actions" },
              seat ? h("a", { href: seatLink(g.id, seat), className: "button primary" }, "Resume") : null,
              owner ? h("button", { type: "button", className: "button", "data-testid": "seat-links", onclick: () => showLinks(g, info) }, "Seat links") : null,
              h("a", { href: `/play/${g.id}`, className: "button" }, "Watch"),
              h("a", { href: `/play/${g.id}?replay=1`, className: "button" }, "Replay")));
        }))));
    } catch (e) {
      box.replaceChildren(h("p", { className: "error-text" }, `Cannot list games: ${e.message}`));
    }
  }
  // the creator of a game can always see its seat links again, or re-issue them (the old
  // links then stop working): the owner secret is kept in this browser
  async function showLinks(g, info) {
    const stored = JSON.parse(localStorage.getItem(`typhoon.links.${g.id}`) || "null");
    const panel = stored ? linksPanel(stored, "Seat links", info.side_names || {}) : h("section", { className: "card links" }, h("p", {}, "No links kept in this browser."));
    const again = h("button", { type: "button", "data-testid": "reissue", onclick: async () => {
      if (!confirm("Make new seat links? The old ones will stop working.")) return;
      try {
        const fresh = await api.reissue(g.id, localStorage.getItem(`typhoon.owner.${g.id}`));
        const merged = { id: g.id, seats: { ...(stored ? stored.seats : {}), ...fresh.seats }, links: { ...(stored ? stored.links : {}), ...fresh.links } };
        remember({ ...merged, owner: localStorage.getItem(`typhoon.owner.${g.id}`) });
        result.replaceChildren(linksPanel(merged, "New seat links", info.side_names || {}));
      } catch (e) {
        showError(`Could not re-issue the links: ${e.message}`);
      }
    } }, "Make new links");
    panel.append(again);
    result.replaceChildren(panel);
    result.scrollIntoView();
  }

  const account = accountPanel(meta, { onChange: () => loadList() });
  root.append(h("div", { className: "start-grid" }, h("div", {}, account, form, result), h("div", {}, list, importForm, importResult)));
  syncGame();
  syncMode();
  loadList();
}

function remember(created) {
  const seats = created.seats || {};
  // the creator keeps the owner secret and the links, to show or re-issue them later
  if (created.owner) localStorage.setItem(`typhoon.owner.${created.id}`, created.owner);
  if (created.links) localStorage.setItem(`typhoon.links.${created.id}`, JSON.stringify({ id: created.id, seats, links: created.links }));
  // remember a seat for "Resume": the single seat in ai/hotseat mode; none for network games
  const own = Object.entries(seats).filter(([, v]) => v);
  if (own.length === 1) localStorage.setItem(`typhoon.seat.${created.id}`, own[0][1]);
}
