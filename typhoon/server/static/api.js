// Thin wrappers over the web API (docs: the API contract). Errors carry status and detail.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

function detailText(body, fallback) {
  if (!body) return fallback;
  const d = body.detail !== undefined ? body.detail : body;
  if (typeof d === "string") return d;
  if (Array.isArray(d)) {
    // FastAPI validation errors: [{loc, msg}]
    return d.map((e) => (e.loc ? `${e.loc.join(".")}: ` : "") + (e.msg || JSON.stringify(e))).join("; ");
  }
  return JSON.stringify(d);
}

// Seat secrets travel in the X-Typhoon-Seat header (never in a URL, which servers and proxies
// log); the WebSocket carries it as a subprotocol (browsers cannot set its headers).
export const SEAT_HEADER = "X-Typhoon-Seat";
export const OWNER_HEADER = "X-Typhoon-Owner";

export async function request(method, url, body, secrets = {}) {
  const opts = { method, headers: {} };
  if (secrets.seat) opts.headers[SEAT_HEADER] = secrets.seat;
  if (secrets.owner) opts.headers[OWNER_HEADER] = secrets.owner;
  if (secrets.account) opts.headers.Authorization = `Bearer ${secrets.account}`;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch(url, opts);
  } catch (e) {
    throw new ApiError(0, `cannot reach the server (${e.message})`);
  }
  const text = await resp.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!resp.ok) throw new ApiError(resp.status, detailText(data, `${resp.status} ${resp.statusText}`));
  return data;
}

const q = (params) =>
  Object.entries(params)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&");

export const api = {
  meta: (game, options) => request("GET", `/api/meta?${q({ game, options: options ? JSON.stringify(options) : null })}`),
  gameMeta: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/meta`),
  games: () => request("GET", "/api/games"),
  // a signed-in creator (account.js keeps the session token) takes a seat of the game in "my games"
  create: (body) => request("POST", "/api/games", body, { account: localStorage.getItem("typhoon.account") }),
  importSave: (doc) => request("POST", "/api/games/import", doc),
  view: (id, seat) => request("GET", `/api/games/${encodeURIComponent(id)}`, undefined, { seat }),
  act: (id, seat, action, version) => request("POST", `/api/games/${encodeURIComponent(id)}/actions`, { action, version }, { seat }),
  undo: (id, seat, version) => request("POST", `/api/games/${encodeURIComponent(id)}/undo`, { version }, { seat }),
  odds: (id, target, attackers, seat) => request("GET", `/api/games/${encodeURIComponent(id)}/odds?${q({ target, attackers: attackers.join(",") })}`, undefined, { seat }),
  moves: (id, unit, seat) => request("GET", `/api/games/${encodeURIComponent(id)}/moves?${q({ unit })}`, undefined, { seat }),
  record: (id, seat) => request("GET", `/api/games/${encodeURIComponent(id)}/record`, undefined, { seat }),
  replay: (id, ply, seat) => request("GET", `/api/games/${encodeURIComponent(id)}/replay?${q({ ply })}`, undefined, { seat }),
  reissue: (id, owner, seats) => request("POST", `/api/games/${encodeURIComponent(id)}/seats`, { seats: seats || null }, { owner }),
};

/** The link that opens a seat: the secret in the fragment, which never leaves the browser. */
export const seatLink = (id, seat) => `/play/${encodeURIComponent(id)}${seat ? `#seat=${encodeURIComponent(seat)}` : ""}`;

let metaPromise = null;
/** The games this server plays (names, titles, sides, option specs, computer players). */
export function getMeta() {
  if (!metaPromise) metaPromise = api.meta();
  return metaPromise;
}

const gameMetas = {};
/** One game's map_meta and rules_doc (for its options). */
export function getGameMeta(id) {
  if (!gameMetas[id]) gameMetas[id] = api.gameMeta(id);
  return gameMetas[id];
}

/** A WebSocket that reconnects with backoff. onView(view), onError(msg), onStatus(state). */
export class LiveSocket {
  constructor(id, seat, { onView, onError, onStatus }) {
    this.id = id;
    this.seat = seat;
    this.onView = onView;
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}`;
    const protocols = ["typhoon.v1", ...(this.seat ? [`typhoon.seat.${this.seat}`] : [])];
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(url, protocols);
    } catch (e) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus("live");
    };
    ws.onmessage = (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (m.type === "view" && m.view) this.onView(m.view);
      else if (m.type === "error") this.onError(m);
    };
    ws.onclose = () => {
      this.onStatus("offline");
      this.retry();
    };
    ws.onerror = () => {
      try { ws.close(); } catch { /* ignore */ }
    };
  }

  retry() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
