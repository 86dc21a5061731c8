// Start page: create a game, list games, import a save.
import { api, getMeta } from "./api.js";
import { showError, h } from "./ui.js";
import { shortPhase } from "./widgets.js";
export { h };

const SIDE_NAME = { german: "German", soviet: "Soviet", both: "both sides" };

function radio(name, value, label, checked) {
  return h("label", { className: "choice" }, h("input", { type: "radio", name, value, checked }), " ", label);
}

function absolute(link) {
  return new URL(link, location.origin).href;
}

export function linksPanel(created, title = "Game created") {
  const rows = [];
  for (const side of ["german", "soviet", "both"]) {
    if (created.links && created.links[side]) rows.push([`${SIDE_NAME[side]} seat (keep secret)`, created.links[side], side]);
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

export async function renderStart(root) {
  document.getElementById("topbar-extra").innerHTML = "";
  const meta = await getMeta().catch((e) => {
    showError(`Cannot load game data: ${e.message}`);
    throw e;
  });
  const ais = (meta.players || []).filter((p) => p !== "human");
  const defaults = meta.options || {};
  const result = h("div", { id: "created" });

  const form = h("form", { className: "card create", id: "create-form" },
    h("h2", {}, "New game"),
    h("fieldset", {}, h("legend", {}, "Players"),
      radio("mode", "ai", "Against the computer", true),
      radio("mode", "hotseat", "Hot-seat (two players, one screen)", false),
      radio("mode", "network", "Two players on two machines", false)),
    h("fieldset", { className: "ai-only" }, h("legend", {}, "Your side"),
      radio("human_side", "german", "German", true),
      radio("human_side", "soviet", "Soviet", false),
      h("label", { className: "field" }, "Computer level ",
        h("select", { name: "ai" }, ...ais.map((a) => h("option", { value: a, selected: a === "heuristic" }, a))))),
    h("fieldset", {}, h("legend", {}, "Rules"),
      h("label", { className: "field" }, "Edition ",
        h("select", { name: "edition" }, ...(meta.editions || ["2009", "1986"]).map((e) =>
          h("option", { value: e, selected: e === String(defaults.edition || "2009") }, e === "2009" ? "2009 (VPG / C3i)" : e === "1986" ? "1986 (GDW)" : e)))),
      h("label", { className: "field" }, "Soviet replacements per turn ",
        h("select", { name: "soviet_replacements" }, ...[5, 4, 3].map((n) => h("option", { value: n, selected: n === (defaults.soviet_replacements || 5) }, String(n))))),
      h("label", { className: "field" }, "German replacements ",
        h("select", { name: "german_replacement_turns" },
          h("option", { value: "all", selected: defaults.german_replacement_turns !== "even" }, "every turn"),
          h("option", { value: "even", selected: defaults.german_replacement_turns === "even" }, "even turns only"))),
      h("label", { className: "choice" }, h("input", { type: "checkbox", name: "free_setup" }), " Free German set-up")),
    h("fieldset", {}, h("legend", {}, "Optional"),
      h("label", { className: "field" }, "Title ", h("input", { type: "text", name: "title", placeholder: "my game" })),
      h("label", { className: "field" }, "Seed ", h("input", { type: "number", name: "seed", placeholder: "random", min: 0 }))),
    h("button", { type: "submit", className: "primary", "data-testid": "create" }, "Create game"));

  const syncMode = () => {
    const mode = form.elements.mode.value;
    form.querySelector(".ai-only").hidden = mode !== "ai";
  };
  form.addEventListener("change", syncMode);
  syncMode();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    const f = form.elements;
    const options = {
      edition: f.edition.value,
      soviet_replacements: parseInt(f.soviet_replacements.value, 10),
      german_replacement_turns: f.german_replacement_turns.value,
      setup: f.free_setup.checked ? "free" : "standard",
    };
    const body = { mode: f.mode.value, options, seed: f.seed.value === "" ? null : parseInt(f.seed.value, 10), title: f.title.value || null };
    if (body.mode === "ai") {
      body.human_side = f.human_side.value;
      body.ai = f.ai.value;
    }
    try {
      const created = await api.create(body);
      remember(created);
      if (body.mode === "network") {
        result.replaceChildren(linksPanel(created));
        result.scrollIntoView();
        loadList();
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
      h("label", { className: "field" }, "my side ",
        h("select", { name: "iside" }, h("option", { value: "german" }, "German"), h("option", { value: "soviet" }, "Soviet")))),
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
      doc.human_side = importForm.elements.iside.value;
      doc.ai = ais.includes("heuristic") ? "heuristic" : ais[0];
    }
    try {
      const created = await api.importSave(doc);
      remember(created);
      if (mode === "network") {
        importResult.replaceChildren(linksPanel(created, "Game loaded"));
        loadList();
      } else {
        location.href = created.links[mode === "ai" ? doc.human_side : "both"];
      }
    } catch (e) {
      showError(`Could not load ${file.name}: ${e.message}`);
    }
  });

  const phaseOf = {};
  for (const list of Object.values(meta.phases || {})) for (const p of list) phaseOf[p.id] = p;
  const list = h("section", { className: "card games" }, h("h2", {}, "Games"), h("div", { id: "game-list" }, "…"));
  async function loadList() {
    const box = list.querySelector("#game-list");
    try {
      const games = await api.games();
      if (!games.length) {
        box.replaceChildren(h("p", { className: "muted" }, "No games yet."));
        return;
      }
      games.sort((a, b) => String(b.updated || b.created).localeCompare(String(a.updated || a.created)));
      box.replaceChildren(h("table", { className: "game-table" },
        h("thead", {}, h("tr", {}, ...["Game", "Mode", "German v Soviet", "Turn", "Now", ""].map((t) => h("th", {}, t)))),
        h("tbody", {}, ...games.map((g) => {
          const seat = localStorage.getItem(`typhoon.seat.${g.id}`);
          const players = g.players ? `${g.players.german || "?"} v ${g.players.soviet || "?"}` : "";
          const phase = phaseOf[g.phase];
          const status = g.status === "finished" ? `finished${g.winner ? `: ${g.winner} won` : ": draw"}` : (phase ? shortPhase(phase) : g.phase || "");
          return h("tr", { "data-game": g.id },
            h("td", {}, g.title || g.id),
            h("td", {}, g.mode || ""),
            h("td", {}, players),
            h("td", {}, g.turn ?? ""),
            h("td", {}, status),
            h("td", { className: "actions" },
              seat ? h("a", { href: `/play/${g.id}?seat=${encodeURIComponent(seat)}`, className: "button primary" }, "Resume") : null,
              h("a", { href: `/play/${g.id}`, className: "button" }, "Watch"),
              h("a", { href: `/play/${g.id}?replay=1`, className: "button" }, "Replay")));
        }))));
    } catch (e) {
      box.replaceChildren(h("p", { className: "error-text" }, `Cannot list games: ${e.message}`));
    }
  }
  root.append(h("div", { className: "start-grid" }, h("div", {}, form, result), h("div", {}, list, importForm, importResult)));
  loadList();
}

function remember(created) {
  const seats = created.seats || {};
  // remember a seat for "Resume": the single seat in ai/hotseat mode; none for network games
  const own = Object.entries(seats).filter(([, v]) => v);
  if (own.length === 1) localStorage.setItem(`typhoon.seat.${created.id}`, own[0][1]);
}
