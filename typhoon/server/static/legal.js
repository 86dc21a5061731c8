// Sorting the view's legal action texts into what the UI offers (typhoon/games/bfm/actions.py).

export function parseLegal(list) {
  const L = {
    all: list || [],
    move: {}, setup: {}, attack: {}, targets: {},
    commit: false, end: false,
    resolve: [], standfast: [], retreat: [], loss: [], advance: [], noAdvance: false,
    place: {}, restore: [], reinforce: {}, other: [],
  };
  const push = (obj, k, v) => (obj[k] = obj[k] || []).push(v);
  for (const text of L.all) {
    const p = text.trim().split(/\s+/);
    switch (p[0]) {
      case "move": push(L.move, p[1], p[2]); break;
      case "setup": push(L.setup, p[1], p[2]); break;
      case "attack": push(L.attack, p[1], p[2]); push(L.targets, p[2], p[1]); break;
      case "commit": L.commit = true; break;
      case "end": L.end = true; break;
      case "resolve": L.resolve.push(p[1]); break;
      case "standfast": L.standfast.push(p[1]); break;
      case "retreat": L.retreat.push({ via: p[1], to: p[2], text }); break;
      case "loss": L.loss.push(p[1]); break;
      case "advance": if (p[1] === "none") L.noAdvance = true; else L.advance.push(p[1]); break;
      case "place": push(L.place, p[1], p[2]); break;
      case "restore": L.restore.push(p[1]); break;
      case "reinforce": push(L.reinforce, p[1], p[2]); break;
      default: L.other.push(text);
    }
  }
  L.moving = Object.keys(L.move).length > 0 || Object.keys(L.setup).length > 0;
  L.declaring = Object.keys(L.attack).length > 0 || (L.commit && !L.resolve.length);
  L.placing = Object.keys(L.place).length > 0 || Object.keys(L.reinforce).length > 0 || L.restore.length > 0;
  return L;
}

/** Group legal actions by verb for the fallback list. */
export function groupLegal(list) {
  const groups = new Map();
  for (const text of list || []) {
    const verb = text.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(text);
  }
  return groups;
}
