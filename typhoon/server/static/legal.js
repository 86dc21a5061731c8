// Sorting the described legal actions of a view (the package's describe(): text, verb, label,
// units, hex, from, path, rule, group, button) into the gestures the page offers. Nothing here
// knows a game: the gestures follow from the shape of each action.
//
// - button:  actions marked "button", or naming neither unit nor hex nor path (end, commit...);
//            the action whose verb is "end" (ending the current phase or step) is the page's
//            permanent "End" button
// - decision: every legal action is a button with one verb on one hex: a modal choice
// - battle:  a unit acting on a hex held by a unit of another side (several units may join:
//            odds are shown before declaring)
// - self:    a unit's only action, on its own hex or no hex (take a loss, restore...): click it
// - pick:    every acting unit has exactly one action (choose which unit advances...): click it
// - path:    actions that name a path (retreats): arrows on the map
// - target:  a unit's action on another hex (move, set up, place...): select the unit, click the hex
// - pool:    targeted actions of units off the map (set-up, replacements): choose from a pool

export function slug(text) {
  return String(text).trim().replace(/\s+/g, "-");
}

export function sortActions(actions, units) {
  const byId = {};
  const at = {};
  for (const u of units || []) {
    byId[u.id] = u;
    if (u.hex && (u.where === undefined || u.where === "map")) (at[u.hex] = at[u.hex] || []).push(u);
  }
  const L = {
    all: actions || [],
    buttons: [], end: null, decision: null,
    battle: [], attack: {}, targets: {},
    self: {}, pick: {}, path: [], target: {}, pool: {}, poolVerbs: {}, hexOnly: {},
    unitActions: {},
  };
  const onMap = (id) => byId[id] && byId[id].hex && (byId[id].where === undefined || byId[id].where === "map");
  const enemyAt = (hex, unit) => {
    const side = byId[unit] && byId[unit].side;
    return (at[hex] || []).some((x) => x.side !== side);
  };
  const unitActs = [];
  for (const a of L.all) {
    const us = a.units || [];
    if (a.verb === "end" && !us.length && !a.path) {
      L.end = a;
      continue;
    }
    if (a.button || (!us.length && !a.hex && !(a.path && a.path.length))) {
      L.buttons.push(a);
      continue;
    }
    if (a.path && a.path.length) L.path.push(a);
    if (!us.length) {
      if (a.hex) (L.hexOnly[a.hex] = L.hexOnly[a.hex] || []).push(a);
      continue;
    }
    for (const u of us) (L.unitActions[u] = L.unitActions[u] || []).push(a);
    unitActs.push(a);
  }
  // buttons on a hex (resolve the battle there...) may be clicked on the map too, unless their
  // verb is also a unit's (a button "advance none" is no click on the hex)
  const unitVerbs = new Set(unitActs.map((a) => a.verb));
  for (const a of L.buttons) if (a.hex && !unitVerbs.has(a.verb)) (L.hexOnly[a.hex] = L.hexOnly[a.hex] || []).push(a);
  // the decision dialog: only buttons, one verb, one place
  const btn = L.buttons;
  if (!L.end && !unitActs.length && !L.path.length && btn.length >= 2 &&
      btn.every((a) => a.verb === btn[0].verb && (a.hex || null) === (btn[0].hex || null))) {
    L.decision = { verb: btn[0].verb, actions: btn };
  }
  for (const a of unitActs) {
    const us = a.units;
    const lead = us[0];
    if (a.hex && us.every(onMap) && enemyAt(a.hex, lead) && !(a.path && a.path.length)) {
      L.battle.push(a);
      for (const u of us) (L.attack[u] = L.attack[u] || new Set()).add(a.hex);
      for (const u of us) (L.targets[a.hex] = L.targets[a.hex] || new Set()).add(u);
    }
  }
  const battleSet = new Set(L.battle);
  const rest = unitActs.filter((a) => !battleSet.has(a));
  const per = {};
  for (const a of rest) for (const u of a.units) (per[u] = per[u] || []).push(a);
  const pickMode = rest.length > 0 && !L.battle.length && Object.values(per).every((xs) => xs.length === 1) &&
    rest.every((a) => a.units.length === 1 && !(a.path && a.path.length));
  for (const [u, xs] of Object.entries(per)) {
    const unit = byId[u];
    if (!onMap(u)) {
      for (const a of xs) if (a.hex) {
        (L.pool[u] = L.pool[u] || []).push(a);
        L.poolVerbs[u] = L.poolVerbs[u] || a.verb;
      }
      continue;
    }
    if (xs.length === 1 && xs[0].units.length === 1 && (!xs[0].hex || xs[0].hex === unit.hex) && !(xs[0].path && xs[0].path.length)) {
      L.self[u] = xs[0];
      continue;
    }
    if (pickMode) {
      L.pick[u] = xs[0];
      continue;
    }
    for (const a of xs) if (a.hex && a.hex !== unit.hex) (L.target[u] = L.target[u] || []).push(a);
  }
  L.declaring = L.battle.length > 0;
  return L;
}

/** Group actions by verb for the full list. */
export function groupByVerb(actions) {
  const groups = new Map();
  for (const a of actions || []) {
    if (!groups.has(a.verb)) groups.set(a.verb, []);
    groups.get(a.verb).push(a);
  }
  return groups;
}
