// Accounts on the start page: sign up / sign in, "my games" (whose turn, clocks), invitations,
// notification settings, and the time control + invitation fields of the new-game form.
// The session token is kept in this browser (localStorage) and sent as Authorization: Bearer.
import { request } from "./api.js";
import { h } from "./ui.js";

const TOKEN = "typhoon.account";
const PENDING_INVITE = "typhoon.invite";

export const accountToken = () => localStorage.getItem(TOKEN);

const auth = () => ({ account: accountToken() });
export const accountApi = {
  signup: (body) => request("POST", "/api/account/signup", body),
  signin: (body) => request("POST", "/api/account/signin", body),
  signout: () => request("POST", "/api/account/signout", {}, auth()),
  me: () => request("GET", "/api/account", undefined, auth()),
  settings: (body) => request("POST", "/api/account/settings", body, auth()),
  games: () => request("GET", "/api/account/games", undefined, auth()),
  invitations: () => request("GET", "/api/account/invitations", undefined, auth()),
  accept: (body) => request("POST", "/api/account/invitations/accept", body, auth()),
  claim: (game, seat) => request("POST", "/api/account/claim", { game, seat }, auth()),
};

/** "3 h 20 min", "45 s": a clock's remaining time. */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}

/** The time control and invitation fields of the new-game form. */
export function creationFields() {
  const custom = h("span", { className: "clock-custom", hidden: true },
    h("label", { className: "field" }, "seconds per move ", h("input", { type: "number", name: "clock_per_move", min: 1, value: 3600, "data-testid": "clock-per-move" })),
    h("label", { className: "field" }, "at most banked ", h("input", { type: "number", name: "clock_cap", min: 1, value: 14400, "data-testid": "clock-cap" })));
  const control = h("select", { name: "clock_control", "data-testid": "clock-control" },
    h("option", { value: "none" }, "none"),
    h("option", { value: "fast" }, "fast: 1 hour a move, at most 4 hours banked"),
    h("option", { value: "standard" }, "standard: 1 day a move, at most 3 days banked"),
    h("option", { value: "slow" }, "slow: 3 days a move, at most a week banked"),
    h("option", { value: "custom" }, "custom"));
  const outcome = h("select", { name: "clock_timeout", "data-testid": "clock-timeout" },
    h("option", { value: "forfeit" }, "the side loses (forfeit)"),
    h("option", { value: "computer" }, "the computer takes over the seat"),
    h("option", { value: "abandon" }, "the game is abandoned"));
  control.addEventListener("change", () => { custom.hidden = control.value !== "custom"; });
  const invite = h("label", { className: "field network-only" }, "Invite by email ",
    h("input", { type: "email", name: "invite_email", placeholder: "the other player's address", "data-testid": "invite-email" }),
    h("span", { className: "muted small" }, " (to the other side; you take the first side you pick below)"));
  const mySide = h("label", { className: "field network-only" }, "My side ", h("select", { name: "my_side", "data-testid": "my-side" }));
  return h("fieldset", { className: "clock-fields", "data-testid": "clock-fields" }, h("legend", {}, "Time control and players"),
    h("label", { className: "field" }, "Clock ", control), custom,
    h("label", { className: "field" }, "When time runs out ", outcome),
    mySide, invite,
    h("p", { className: "muted small account-note" }, "Sign in to find your games on every device and be told when it is your turn."));
}

/** Fill the side choices of the creation fields for a game (sides and their names). */
export function syncCreationFields(form, game) {
  const sel = form.querySelector('[name="my_side"]');
  if (sel && game) sel.replaceChildren(...game.sides.map((s) => h("option", { value: s }, game.side_names[s] || s)));
}

/** Show the network-only fields only for network games. */
export function syncCreationMode(form, mode) {
  for (const el of form.querySelectorAll(".network-only")) el.hidden = mode !== "network";
}

/** The body fields of a new game from the creation fields. */
export function readCreationFields(form, mode, game) {
  const f = form.elements;
  const out = {};
  const control = f.clock_control.value;
  if (control !== "none") {
    out.clock = { control, on_timeout: f.clock_timeout.value };
    if (control === "custom") {
      out.clock.per_move = Number(f.clock_per_move.value);
      out.clock.cap = Number(f.clock_cap.value);
    }
  }
  if (mode === "network") {
    const mine = f.my_side.value || game.sides[0];
    out.my_side = mine;
    const email = f.invite_email.value.trim();
    const other = game.sides.find((s) => s !== mine);
    if (email && other) out.invite = { [other]: email };
  }
  return out;
}

function sideName(metaGames, game, side) {
  const g = metaGames[game] || {};
  return (g.side_names || {})[side] || side;
}

/** The account card: sign in / sign up, or my games, invitations and settings. */
export function accountPanel(meta, { onChange } = {}) {
  const metaGames = Object.fromEntries((meta.games || []).map((g) => [g.name, g]));
  const card = h("section", { className: "card account", id: "games", "data-testid": "account" });
  const note = h("p", { className: "error-text", "data-testid": "account-error" });

  const fail = (e) => { note.textContent = e.message || String(e); };

  async function acceptPending() {
    const token = sessionStorage.getItem(PENDING_INVITE);
    if (!token || !accountToken()) return;
    sessionStorage.removeItem(PENDING_INVITE);
    try {
      await accountApi.accept({ token });
    } catch (e) {
      fail(new Error(`Could not accept the invitation: ${e.message}`));
    }
  }

  function signInForm() {
    const form = h("form", { className: "signin", "data-testid": "signin-form" },
      h("label", { className: "field" }, "Email ", h("input", { type: "email", name: "email", required: true, autocomplete: "username", "data-testid": "account-email" })),
      h("label", { className: "field" }, "Password ", h("input", { type: "password", name: "password", required: true, minlength: 8, autocomplete: "current-password", "data-testid": "account-password" })),
      h("label", { className: "field" }, "Name (new accounts) ", h("input", { type: "text", name: "name", "data-testid": "account-name" })),
      h("div", { className: "row" },
        h("button", { type: "submit", className: "primary", value: "signin", "data-testid": "signin" }, "Sign in"),
        h("button", { type: "submit", value: "signup", "data-testid": "signup" }, "Sign up")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      note.textContent = "";
      const f = form.elements;
      const body = { email: f.email.value, password: f.password.value };
      try {
        const doc = ev.submitter && ev.submitter.value === "signup"
          ? await accountApi.signup({ ...body, name: f.name.value || null })
          : await accountApi.signin(body);
        localStorage.setItem(TOKEN, doc.token);
        await acceptPending();
        render();
        if (onChange) onChange();
      } catch (e) {
        fail(e);
      }
    });
    return form;
  }

  function gamesTable(rows) {
    if (!rows.length) return h("p", { className: "muted" }, "No games yet: create one, or accept an invitation.");
    return h("table", { className: "game-table", "data-testid": "my-games" },
      h("thead", {}, h("tr", {}, ...["Game", "You", "Now", "Clock", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...rows.map((g) => {
        const you = g.seats.map((s) => (s === "both" ? "both sides" : sideName(metaGames, g.game, s))).join(", ");
        let now;
        if (g.status !== "running") {
          const o = g.outcome;
          now = o ? o.reason : g.winner ? `finished: ${sideName(metaGames, g.game, g.winner)} won` : `${g.status}`;
        } else if (g.your_turn) now = h("strong", {}, "Your turn");
        else now = g.to_act ? `Waiting for ${sideName(metaGames, g.game, g.to_act)}` : "…";
        const c = g.clock;
        const clockText = !c ? "none" : c.running ? `${sideName(metaGames, g.game, c.running)}: ${duration(c.remaining[c.running])} left` : c.control;
        const link = Object.values(g.links)[0];
        return h("tr", { "data-game": g.id, "data-your-turn": g.your_turn ? "1" : "0", "data-status": g.status },
          h("td", {}, g.title || g.id, h("div", { className: "muted small" }, (metaGames[g.game] || {}).title || g.game)),
          h("td", {}, you),
          h("td", { "data-testid": "whose-turn" }, now),
          h("td", { "data-testid": "clock" }, clockText),
          h("td", { className: "actions" }, link ? h("a", { href: link, className: "button primary", "data-testid": "open-game" }, "Open") : null));
      })));
  }

  function invitationsList(rows) {
    if (!rows.length) return null;
    return h("div", { className: "invitations", "data-testid": "invitations" }, h("h3", {}, "Invitations"),
      ...rows.map((i) => h("div", { className: "row", "data-invitation": i.id },
        h("span", {}, `${i.title || i.game} — ${sideName(metaGames, i.game_name, i.seat)} `),
        h("button", { type: "button", className: "primary", "data-testid": "accept-invitation", onclick: async () => {
          try {
            await accountApi.accept({ id: i.id });
            render();
          } catch (e) {
            fail(e);
          }
        } }, "Accept"))));
  }

  function settingsForm(me) {
    const form = h("details", { className: "settings" }, h("summary", {}, "Notifications"),
      h("label", { className: "choice" }, h("input", { type: "checkbox", name: "notify_email", checked: me.notify_email, "data-testid": "notify-email" }),
        " email me when it is my turn"),
      h("label", { className: "field" }, "Webhook ", h("input", { type: "url", name: "webhook", value: me.webhook || "", placeholder: "https://…", "data-testid": "webhook" })),
      h("button", { type: "button", "data-testid": "save-settings", onclick: async () => {
        try {
          await accountApi.settings({ notify_email: form.querySelector('[name="notify_email"]').checked,
            webhook: form.querySelector('[name="webhook"]').value.trim() });
          note.textContent = "";
        } catch (e) {
          fail(e);
        }
      } }, "Save"));
    return form;
  }

  async function render() {
    if (!accountToken()) {
      const pending = sessionStorage.getItem(PENDING_INVITE);
      const parts = [h("h2", {}, "Your account"),
        pending ? h("p", { "data-testid": "invite-pending" }, "You were invited to a game: sign in or sign up to accept.") : null,
        signInForm(), note];
      card.replaceChildren(...parts.filter((x) => x));  // replaceChildren would print a null as "null"
      return;
    }
    let me;
    try {
      me = await accountApi.me();
    } catch (e) {
      if (e.status === 401) {
        localStorage.removeItem(TOKEN);
        return render();
      }
      card.replaceChildren(h("h2", {}, "Your account"), note);
      return fail(e);
    }
    await acceptPending();
    const [rows, invs] = await Promise.all([accountApi.games().catch(() => []), accountApi.invitations().catch(() => [])]);
    card.replaceChildren(
      h("h2", {}, "My games"),
      h("p", { className: "muted small" }, h("span", { "data-testid": "signed-in" }, `Signed in as ${me.name} (${me.email}) `),
        h("button", { type: "button", "data-testid": "signout", onclick: async () => {
          try { await accountApi.signout(); } catch { /* signed out anyway */ }
          localStorage.removeItem(TOKEN);
          render();
          if (onChange) onChange();
        } }, "Sign out"),
        h("button", { type: "button", "data-testid": "refresh-games", onclick: () => render() }, "Refresh")),
      invitationsList(invs) || "",
      gamesTable(rows),
      settingsForm(me),
      note);
  }

  // an invitation link: /#invite=<token> (the token stays in the fragment)
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (hash.get("invite")) {
    sessionStorage.setItem(PENDING_INVITE, hash.get("invite"));
    history.replaceState(null, "", `${location.pathname}${location.search}`);
  }
  card.refresh = render;
  render();
  return card;
}
