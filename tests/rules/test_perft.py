"""Golden legal-move counts ("perft") from the initial positions.

Counts marked DERIVED are computed in this file from the reference map
(/work/shared/reference/bfm/map.json) with an adjacency function written here, independently of the
engine. Counts marked REGRESSION GOLDEN were read from the engine once and frozen: they detect
changes, they do not prove correctness.
"""

from __future__ import annotations

import heapq
import json
from pathlib import Path

import pytest

from typhoon.games.bfm import new_game

_REFERENCE = Path("/work/shared/reference/bfm/map.json")  # the shared reference transcription
if _REFERENCE.exists():
    MAP = json.loads(_REFERENCE.read_text())
else:  # a machine without the shared folder: the map as the game's kit gives it
    from typhoon.games.bfm.kit import legacy_documents

    MAP = legacy_documents()["map.json"]
HEXES = MAP["hexes"]


def nbrs(h: str) -> list[str]:
    """Flat-topped hexes, odd columns half a hex higher (0201 touches 0101 and 0102)."""
    c, r = int(h[:2]), int(h[2:])
    if c % 2:  # odd column: higher
        cand = [(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)]
    else:
        cand = [(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)]
    return [f"{a:02d}{b:02d}" for a, b in cand if 1 <= a <= MAP["columns"] and 1 <= b <= MAP["rows"]]


GERMAN = [h for h, a in HEXES.items() if a["setup"] == "german"]
SOVIET = [h for h, a in HEXES.items() if a["setup"] == "soviet"]


def test_setup_sizes():
    """000 6.0 / charts.md: 22 German set-up hexes; 13 Soviet on the 1986 map."""
    assert len(GERMAN) == 22 and len(SOVIET) == 13


def test_2009_first_decision_attack_declarations_derived():
    """DERIVED. 2009 (000 6.0): the first decision is the German Combat Phase of turn 1: one
    'attack' per (German unit, adjacent Soviet unit) pair, plus 'end' (no battle declared yet)."""
    pairs = sum(1 for g in GERMAN for n in nbrs(g) if n in SOVIET)
    game = new_game({"edition": "2009"}, seed=0)
    acts = [str(a) for a in game.legal_actions]
    assert sum(a.startswith("attack") for a in acts) == pairs
    assert len(acts) == pairs + 1
    assert pairs == 20  # the derived number, written down


def panzer_reach(start: str, occupied_german: set[str], soviet: set[str], ma: int = 6) -> set[str]:
    """8.0-8.3 on a clear turn: forest 2, others 1; never into enemy units; entering an EZOC stops."""
    zoc = {n for s in soviet for n in nbrs(s)}
    best = {start: 0}
    pq = [(0, start)]
    while pq:
        c, h = heapq.heappop(pq)
        if c > best[h] or (h != start and h in zoc):
            continue
        for n in nbrs(h):
            if n in soviet:
                continue
            nc = c + (2 if HEXES[n]["terrain"] == "forest" else 1)
            if nc <= ma and nc < best.get(n, 99):
                best[n] = nc
                heapq.heappush(pq, (nc, n))
    return set(best) - {start}


def test_1986_first_decision_panzer_moves():
    """1986 starts with the German Panzer Movement Phase (charts.md). DERIVED: the number of moves
    of panzers to EMPTY hexes (8.0-8.3). REGRESSION GOLDEN: the total, which also counts moves onto
    a friendly panzer that may still move off (Typhoon's 8.2.2 decision) and 'end'."""
    game = new_game({"edition": "1986"}, seed=0)
    s = game.state
    d = s.data
    panzers = [u for u in s.hex_of if d.units[u].kind == "panzer"]
    occupied = set(s.hex_of.values())
    derived = sum(len(panzer_reach(s.hex_of[u], set(), set(SOVIET)) - occupied) for u in panzers)
    acts = [str(a) for a in game.legal_actions]
    to_empty = [a for a in acts if a.startswith("move") and a.split()[2] not in occupied]
    assert len(to_empty) == derived
    assert len(panzers) == 8
    assert derived == 52  # DERIVED
    assert len(acts) == 85  # REGRESSION GOLDEN


def attack_pairs(game) -> int:
    """DERIVED count of attack declarations: (German unit, adjacent Soviet unit) pairs."""
    d = game.state.data
    where = game.state.hex_of
    soviet = {h for u, h in where.items() if d.units[u].side == "soviet"}
    return sum(1 for u, h in where.items() if d.units[u].side == "german" for n in nbrs(h) if n in soviet)


def counts(edition: str, script: list[str]) -> list[int]:
    g = new_game({"edition": edition}, seed=0)
    out = [len(g.legal_actions)]
    for a in script:
        g.push(a)
        out.append(len(g.legal_actions))
    return out


SCRIPT_2009 = [
    "attack XL 0405",
    "attack XLVI 0405",
    "attack LVII 0506",
    "commit",
    "resolve 0405",
    "roll 1",
    "retreat 0505 0605",
    "advance XL",
    "roll 6",
]


def test_2009_script_counts():
    """DERIVED where noted, else REGRESSION GOLDEN. 21 = 20 pairs + end; each declaration removes
    the declaring unit's pairs (XL 2, XLVI 1, LVII 3) and 'end' becomes 'commit'; after commit two
    battles: 2 'resolve'; a die: 6 rolls; 16A in forest 0405, 18 vs 4 = 4:1 -1 forest = 3:1, die 1 DR:
    the retreat paths (2, GOLDEN); advance XL / XLVI / none: 3; the other battle (LVII vs 24A in the
    fortification 0506: 12 vs 4 = 3:1 -1 = 2:1) rolls: 6; die 6 NE ends the phase; German Movement
    Phase move count (GOLDEN)."""
    assert counts("2009", SCRIPT_2009) == [21, 19, 18, 15, 2, 6, 2, 3, 6, 433]


def test_1986_script_counts():
    """1986: 85 (GOLDEN, see above); XLVI moves onto LVII's hex (8.2.2: stacking is limited only
    at the end of the phase): every other unit keeps its moves except into 0406, where XLVI,
    having moved, will stay (DERIVED below from the counts before the move); LVII moves away: XLVI, XLVII, XLVIII, XL,
    XLI, LVI and XXIV still to move (50, GOLDEN); end: the Combat Phase: attack pairs + end
    (DERIVED)."""
    script = ["move XLVI 0406", "move LVII 0207", "end"]
    got = counts("1986", script)
    g = new_game({"edition": "1986"}, seed=0)
    for a in script:
        g.push(a)
    assert got[-1] == attack_pairs(g) + 1
    first = new_game({"edition": "1986"}, seed=0)
    before = [str(a) for a in first.legal_actions]
    xlvi = sum(a.startswith("move XLVI ") for a in before)
    into_0406 = sum(a.startswith("move ") and a.endswith(" 0406") and " XLVI " not in a for a in before)
    assert got[1] == 85 - xlvi - into_0406 - 1  # and no 'end' while two units share 0406
    assert got == [85, 65, 50, 20]
