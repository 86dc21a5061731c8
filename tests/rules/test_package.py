"""The Battle for Moscow game package (typhoon.core.contract.GamePackage): options, board,
views, action descriptions, odds previews, charts, encoding. Expected values come from the
rules texts (000 = 2009, 001 = 1986) and shared/reference/bfm/charts.md."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import pytest
from conftest import build, declare

from typhoon.core.contract import Encoding, GamePackage
from typhoon.core.errors import IllegalActionError, ParseError, PositionError
from typhoon.games import registry
from typhoon.games.bfm import PACKAGE, RULES, new_game
from typhoon.games.bfm.options import BfmOptions

# 000 9.3 Combat Example: 0504 is a fortification hex with rivers towards 0403 and 0404.
FIG1 = {"24A": ("0504", "r"), "LVI": "0403", "V": "0404"}  # 9 + 6 = 15 vs 4, all across rivers
FIG2 = dict(FIG1, XLII=("0603", "r"))  # + the 2-strength 42nd corps, not across a river


def test_registry_gives_the_one_package_and_rules_object():
    assert registry.get("bfm") is PACKAGE
    assert isinstance(PACKAGE, GamePackage)
    assert RULES is PACKAGE.rules
    assert PACKAGE.sides == ("german", "soviet")
    assert PACKAGE.side_names == {"german": "German", "soviet": "Soviet"}


# -- options ---------------------------------------------------------------------------------
def test_option_specs_cover_every_option():
    specs = {s.name: s for s in PACKAGE.option_specs()}
    assert set(specs) == set(BfmOptions().to_dict())
    assert specs["edition"].choices == ("2009", "1986") and specs["edition"].default == "2009"
    assert specs["soviet_replacements"].default == 5  # 10.0: five per turn (charts.md)
    assert specs["german_replacement_turns"].choices == ("all", "even")
    assert specs["setup"].choices == ("standard", "free")
    for s in specs.values():
        assert s.label and s.help and s.rule, s.name
        json.dumps(s.to_json())


def test_normalise_options_completes_and_converts():
    opts = PACKAGE.normalise_options({"edition": 1986, "soviet_replacements": "3"})
    assert opts == {"edition": "1986", "soviet_replacements": 3, "german_replacements": 1,
                    "german_replacement_turns": "all", "setup": "standard", "red_border": "corners"}
    assert PACKAGE.normalise_options(None) == BfmOptions().to_dict()


@pytest.mark.parametrize(
    "bad",
    [{"edition": "1999"}, {"soviet_replacements": 9}, {"soviet_replacements": "many"}, {"colour": "red"},
     {"german_replacement_turns": "odd"}, {"setup": "random"}],
)
def test_normalise_options_names_the_bad_option(bad):
    with pytest.raises(ParseError) as e:
        PACKAGE.normalise_options(bad)
    assert next(iter(bad)) in str(e.value)


# -- the board -------------------------------------------------------------------------------
def test_map_meta_geometry_odd_columns_up():
    """Flat-topped hexes, odd columns half a hex higher (shared/reference/bfm/README.md): 0201
    lies 1.5 hex sizes east of 0101 and half a hex height lower; adjacent centres are sqrt(3) apart."""
    m = PACKAGE.map_meta()
    g = m["geometry"]
    assert g["orientation"] == "flat" and len(g["centres"]) == 140
    (x1, y1), (x2, y2) = g["centres"]["0101"], g["centres"]["0201"]
    assert x2 - x1 == pytest.approx(1.5)
    assert y2 - y1 == pytest.approx(math.sqrt(3) / 2)
    (x3, y3) = g["centres"]["0102"]
    assert (x3, y3 - y1) == pytest.approx((x1, math.sqrt(3)))
    min_x, min_y, max_x, max_y = g["bounds"]
    assert min_x <= x1 - 1 and max_x >= g["centres"]["1410"][0] + 1
    json.dumps(m)


def test_tula_is_a_major_city_in_2009_only():
    """000 9.2: major cities are Moscow and Tula (2009); the 1986 rules have no Tula rule."""
    for edition, majors in (("2009", {"Moscow", "Tula"}), ("1986", {"Moscow"})):
        m = PACKAGE.map_meta({"edition": edition})
        assert {p["name"] for p in m["places"] if p["kind"] == "major_city"} == majors
        assert m["hexes"]["1107"]["major_city"] is (edition == "2009")
        assert m["hexes"]["1107"]["city"] == "Tula"
    names = {p["name"] for p in PACKAGE.map_meta()["places"]}
    assert len(names) == 11 and {"Moscow", "Smolensk", "Ryazan"} <= names


def test_map_meta_rivers_rails_edges():
    m = PACKAGE.map_meta()
    rivers = {frozenset((s["a"], s["b"])) for s in m["hexsides"] if s["feature"] == "river"}
    assert frozenset(("0403", "0504")) in rivers and frozenset(("0603", "0504")) not in rivers
    assert all(len(line["hexes"]) in (1, 2) and line["feature"] == "rail" for line in m["lines"])
    assert any(line.get("exit") == "E" for line in m["lines"])
    assert m["feature_styles"]["river"]["kind"] == "hexside" and m["feature_styles"]["rail"]["kind"] == "line"
    edges = {e["side"]: set(e["hexes"]) for e in m["edges"]}
    # 10.2: the red-bordered NE, E and SE edges (2009); the east edge only (1986)
    assert {"1201", "1301", "1210", "1310", "1405"} <= edges["soviet"]
    assert edges["german"] == {f"01{r:02d}" for r in range(1, 11)}  # 10.3: the west edge
    edges86 = {e["side"]: set(e["hexes"]) for e in PACKAGE.map_meta({"edition": "1986"})["edges"]}
    assert edges86["soviet"] == {f"14{r:02d}" for r in range(1, 11)}
    for key in ("terrain_styles", "sections", "places", "printed_lines", "side_styles"):
        assert key in m


# -- odds ------------------------------------------------------------------------------------
def test_battle_preview_figure_1():
    """000 9.3 Figure 1: 15 to 4 is 3:1; -1 for the river, -1 for the fortification: 1:1.
    The 1:1 column (charts.md CRT): DR on 1, EX on 2-3, NE on 4-5, AL on 6."""
    g = build(FIG1)
    p = PACKAGE.battle_preview(g.state, "0504", ["LVI", "V"])
    assert (p["attack"], p["defence"], p["ratio"], p["column"]) == (15, 4, "3:1", "1:1")
    assert sorted((s["columns"], s["rule"]) for s in p["shifts"]) == [(-1, "9.2"), (-1, "9.2")]
    assert {s["reason"] for s in p["shifts"]} == {"all attackers across a river", "Soviet defender in a fortification"}
    chances = {o["result"]: Fraction(o["fraction"]) for o in p["outcomes"]}
    assert chances == {"DR": Fraction(1, 6), "EX": Fraction(1, 3), "NE": Fraction(1, 3), "AL": Fraction(1, 6)}
    assert all(o["meaning"] and o["rule"].startswith("9.3") for o in p["outcomes"])


def test_battle_preview_figure_2():
    """000 9.3 Figure 2: 17 to 4 is 4:1, fortification only: 3:1 (DR 1-3, EX 4-5, DRL 6)."""
    g = build(FIG2)
    p = PACKAGE.battle_preview(g.state, "0504", ["LVI", "V", "XLII"])
    assert (p["attack"], p["ratio"], p["column"]) == (17, "4:1", "3:1")
    assert [s["reason"] for s in p["shifts"]] == ["Soviet defender in a fortification"]
    assert p["results"] == pytest.approx({"DR": 0.5, "EX": 1 / 3, "DRL": 1 / 6})


def test_preview_of_attack_adds_the_declared_attackers():
    """An attack action previews the battle it would make: 'LVI' after 'V' declared is 15:4."""
    g = build(FIG1)
    g.push("attack V 0504")
    p = PACKAGE.preview(g.state, RULES.parse_action(g.state, "attack LVI 0504"))
    assert sorted(p["attackers"]) == ["LVI", "V"] and p["column"] == "1:1"
    assert PACKAGE.preview(g.state, "move LVI 0402") is None


def test_preview_of_resolve_is_the_declared_battle():
    g = build(FIG2)
    declare(g, {"0504": ["LVI", "V", "XLII"]})
    # one battle: resolved at once and waiting for its die
    assert g.is_chance()
    b = PACKAGE.view(g.state, None)["battles"][0]
    assert b["odds"]["column"] == "3:1" and b["step"] == "roll" and b["current"]


@pytest.mark.parametrize(
    "target, attackers, error, words",
    [
        ("0504", ["LVI", "XII"], IllegalActionError, "XII is not on the map"),
        ("0504", ["LVI", "LVI"], IllegalActionError, "twice"),
        ("0504", [], IllegalActionError, "at least one"),
        ("0505", ["LVI"], IllegalActionError, "no unit in 0505"),
        ("0504", ["NOPE"], ParseError, "NOPE"),
        ("9999", ["LVI"], ParseError, "9999"),
        ("0403", ["V"], IllegalActionError, "same side"),
        ("0504", ["LVI", "XLII"], None, None),
    ],
)
def test_battle_preview_is_the_one_attack_check(target, attackers, error, words):
    g = build(dict(FIG2, XLII="0601"))  # XLII two hexes away from 0504
    if error is None:
        with pytest.raises(IllegalActionError, match="XLII in 0601 is not adjacent to 0504"):
            PACKAGE.battle_preview(g.state, target, attackers)
        return
    with pytest.raises(error) as e:
        PACKAGE.battle_preview(g.state, target, attackers)
    assert words in str(e.value)


def test_no_effect_below_1_to_1():
    """9.1: below 1:1 after shifts there is no effect and no roll."""
    g = build({"24A": "0504", "XLII": ("0603", "r")})  # 2 vs 8
    p = PACKAGE.battle_preview(g.state, "0504", ["XLII"])
    assert p["column"] is None and p["results"] == {"NE": 1.0}
    assert p["outcomes"][0]["rule"] == "9.1"


# -- describe --------------------------------------------------------------------------------
def test_describe_move_attack_end():
    g = build({"XLVI": "0403", "24A": "0605"}, phase="german_movement")
    move = PACKAGE.describe(g.state, "move XLVI 0404")
    assert (move["verb"], move["hex"], move["from"], move["units"], move["rule"]) == ("move", "0404", "0403", ["XLVI"], "8.0")
    end = PACKAGE.describe(g.state, "end")
    assert end["button"] and end["label"] == "End the German Movement Phase"
    g = build(FIG1)
    att = PACKAGE.describe(g.state, "attack LVI 0504")
    assert (att["units"], att["hex"], att["from"], att["defender"], att["rule"]) == (["LVI"], "0504", "0403", "24A", "9.0")
    assert PACKAGE.describe(g.state, "end")["label"] == "End the German Combat Phase (no battles)"


def test_describe_retreat_and_advance():
    """9.3 DR: the attacker chooses a two-hex path; 9.0 step 6: advance into the vacated hex."""
    # 0707: clear, no river; 10 + 9 + 8 = 27 vs 8 = 3:1, die 1: DR
    g = build({"24A": "0707", "XLVI": "0706", "LVI": "0606", "XL": "0607"})
    declare(g, {"0707": ["XLVI", "LVI", "XL"]})
    g.push("roll 1")
    retreats = list(g.legal_actions)
    assert len(retreats) > 1 and all(str(a).startswith("retreat") for a in retreats)
    d = PACKAGE.describe(g.state, retreats[0])
    assert d["path"] == [retreats[0].via, retreats[0].to] and d["hex"] == retreats[0].to
    assert d["from"] == "0707" and d["units"] == ["24A"] and d["rule"] == "9.3 DR"
    assert d["label"].startswith(f"Retreat 24A through {retreats[0].via} to {retreats[0].to}")
    g.push(retreats[0])
    adv = [PACKAGE.describe(g.state, a) for a in g.legal_actions]
    assert {d["verb"] for d in adv} == {"advance"} and len(adv) == 4
    none = next(d for d in adv if d["units"] == [])
    assert none["label"] == "No advance" and none["button"] and none["hex"] == "0707"
    xl = next(d for d in adv if d["units"] == ["XL"])
    assert (xl["label"], xl["from"], xl["hex"]) == ("Advance XL into 0707", "0607", "0707")


def test_describe_replacements():
    g = new_game({}, seed=3)
    while not (g.state.phase == "soviet_replacement" and g.current_player == "soviet"):
        if g.is_chance():
            g.roll()
        else:
            g.push(next(a for a in g.legal_actions if str(a) in ("end", "commit")) if any(str(a) in ("end", "commit") for a in g.legal_actions) else g.legal_actions[0])
    kinds = {}
    for a in g.legal_actions:
        d = PACKAGE.describe(g.state, a)
        kinds.setdefault(d["verb"], d)
    place = kinds["place"]
    assert place["group"] == "replacement" and place["rule"] == "10.0, 10.2" and "half strength" in place["label"]
    assert kinds["end"]["rule"] == "10.4" and "lost" in kinds["end"]["label"]


def test_labels_say_soviet_never_russian():
    """Consistent wording in everything shown: 'Soviet', never 'Russian' (the 2009 rules print
    'Russian' in phase names)."""
    rng = random.Random(5)
    g = new_game({}, seed=5)
    for _ in range(400):
        if g.is_over():
            break
        if g.is_chance():
            g.roll()
            continue
        acts = list(g.legal_actions)
        for a in acts[:30]:
            d = PACKAGE.describe(g.state, a)
            assert "Russian" not in d["label"] and d["text"] == str(a) and d["rule"]
        assert "Russian" not in json.dumps(PACKAGE.view(g.state, "soviet"))
        g.push(rng.choice(acts))


# -- the view --------------------------------------------------------------------------------
def test_view_at_the_start_2009():
    """000 6.0: 22 German units on the map at full strength, 13 Soviet reduced on the stars, the
    rest in the pool, the 1st Shock Army due on turn 4 (11.0); 10.0: the cities are Soviet except
    those occupied by German units (Smolensk and Roslavl). The game starts with the German
    Combat Phase (000 6.0)."""
    g = new_game({}, seed=1)
    v = PACKAGE.view(g.state, "german")
    assert (v["game"], v["seat"], v["turn"], v["last_turn"], v["weather"]) == ("bfm", "german", 1, 7, "clear")
    assert v["phase"]["id"] == "german_combat" and v["current_player"] == "german"
    where = {}
    for u in v["units"]:
        where.setdefault((u["side"], u["where"]), []).append(u["id"])
    assert len(where["german", "map"]) == 22 and len(where["soviet", "map"]) == 13
    assert len(where["soviet", "pool"]) == 4 and where["soviet", "reinforcements"] == ["1S"]
    units = {u["id"]: u for u in v["units"]}
    assert units["XLVI"]["values"] == "10-6" and not units["XLVI"]["reduced"] and units["XLVI"]["steps"] == 2
    soviet = units[where["soviet", "map"][0]]
    assert soviet["reduced"] and soviet["values"] == "4-4" and soviet["full_values"] == "8-4"
    assert units["1S"]["due_turn"] == 4 and units["1S"]["hex"] is None
    assert v["score"] == {"german": 2, "soviet": 9}
    assert set(v["cities"]["german"]) == {"Smolensk", "Roslavl"}
    ids = [p["id"] for p in v["phases"]]
    assert ids[0] == "german_replacement" and ids[-1] == "housekeeping" and len(ids) == 9  # 4.0: nine phases
    assert [p["id"] for p in v["phases"] if p.get("skipped")] == ["german_replacement", "german_panzer_movement"]
    assert [t["weather"] for t in v["turns"]] == ["clear", "clear", "mud", "mud", "clear", "clear", "clear"]
    assert v["pending"]["kind"] == "declare"
    assert PACKAGE.view(g.state, None)["units"] == v["units"]  # no hidden information
    json.dumps(v)


def test_view_1986_phases_and_mud_note():
    """001: eight phases, no housekeeping; turns 3-4 are mud: all attackers halved."""
    g = build({"XLVI": "0403", "24A": "0605"}, phase="german_movement", turn=3, edition="1986")
    v = PACKAGE.view(g.state, "soviet")
    assert len(v["phases"]) == 8 and "housekeeping" not in {p["id"] for p in v["phases"]}
    assert v["weather"] == "mud" and "all attacking strength is halved" in v["notes"][0]
    assert v["victory"]["rule"].startswith("charts.md")


def test_view_of_a_stand_fast_choice():
    """000 9.3 Stand Fast: a DR in a major city waits for the defender's choice."""
    g = build({"16A": ("1103", "r"), "XXIV": "1003", "XLI": "1102"})  # 24 vs 4: 6:1 -1 (major city) = 5:1
    declare(g, {"1103": ["XXIV", "XLI"]})
    g.push("roll 1")
    v = PACKAGE.view(g.state, "soviet")
    assert v["current_player"] == "soviet" and v["pending"]["kind"] == "stand_fast"
    assert v["pending"]["battle"]["result"] == "DR"
    labels = {PACKAGE.describe(g.state, a)["label"] for a in g.legal_actions}
    assert labels == {"16A stands fast in Moscow: loses a step, no retreat", "16A retreats from Moscow"}


def test_unknown_seat_is_refused():
    with pytest.raises(ParseError):
        PACKAGE.view(new_game({}).state, "french")


# -- charts ----------------------------------------------------------------------------------
def test_rules_doc_crt_and_victory():
    doc = PACKAGE.rules_doc()
    crt = next(c for c in doc["charts"] if c["id"] == "crt")
    assert crt["columns"] == ["die", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    assert crt["rows"][0] == [1, "DR", "DR", "DR", "DR", "DR", "DRL"]  # charts.md, die 1
    assert crt["rows"][5] == [6, "AL", "NE", "DRL", "DE", "DE", "DE"]  # charts.md, die 6
    assert set(doc["results"]) == {"NE", "DR", "DRL", "DE", "EX", "AL"}
    turns = next(c for c in doc["charts"] if c["id"] == "turns")
    assert turns["mud_turns"] == [3, 4] and turns["last_turn"] == 7
    assert len([v for v in doc["victory"] if v["rule"] == "000 5.0"]) == 3  # German, Soviet, draw
    v86 = PACKAGE.rules_doc({"edition": "1986"})["victory"]
    assert all("Moscow" in v["text"] for v in v86) and len(v86) == 2
    tec = next(c for c in PACKAGE.rules_doc({"edition": "1986"})["charts"] if c["id"] == "tec")
    assert any(r[0] == "major city (Moscow)" for r in tec["rows"])
    assert "3 replacement step(s)" in PACKAGE.rules_doc({"soviet_replacements": 3})["replacements"][0]["text"]


# -- encoding, players, positions ------------------------------------------------------------
def test_encoding_round_trips_legal_actions_and_dice():
    enc = PACKAGE.encoding()
    assert isinstance(enc, Encoding) and enc.num_chance_outcomes == 6
    assert len(enc.planes) == enc.observation_shape[0]
    g = build(FIG1)
    for a in g.legal_actions:
        assert enc.decode(g.state, enc.encode(g.state, a)) == a
    assert enc.legal_mask(g.state).sum() == len(g.legal_actions)
    declare(g, {"0504": ["LVI", "V"]})
    for i in range(6):
        assert enc.chance_index(g.state, enc.chance_outcome(g.state, i)) == i
    assert enc.observation(g.state, "german").shape == enc.observation_shape


def test_players_and_evaluate():
    players = PACKAGE.players()
    assert all(callable(f) for f in players.values())
    g = new_game({}, seed=2)
    assert 0.0 <= PACKAGE.evaluate(g.state, "german") <= 1.0


def test_position_codec_on_the_rules_object():
    g = build(FIG1, phase="german_movement")
    doc = RULES.position_to_json(g.state)
    assert doc == PACKAGE.position_to_json(g.state)
    back = RULES.position_from_json(doc)
    assert RULES.position_to_json(back) == doc
    with pytest.raises(PositionError):
        RULES.position_from_json({"game": "chess"})


def test_declarations_are_exactly_what_the_attack_check_allows():
    """9.0: the attacks offered in a Combat Phase are exactly the (unit, hex) pairs the one
    attack check (combat.may_attack) allows, through random games of both editions."""
    from typhoon.games.bfm import combat
    from typhoon.games.bfm.actions import Attack

    for edition, seed in (("2009", 11), ("1986", 12)):
        rng = random.Random(seed)
        g = new_game({"edition": edition}, seed=seed)
        checked = 0
        while not g.is_over() and checked < 25:
            if g.is_chance():
                g.roll()
                continue
            s = g.state
            acts = list(g.legal_actions)
            if s.phase_spec.kind == "combat" and not s.committed:
                offered = {(a.unit, a.target) for a in acts if isinstance(a, Attack)}
                allowed = {(u, t) for u in s.hex_of for t in s.data.hex_order if combat.may_attack(s, u, t)
                           and s.side_of(u) == s.phase_spec.side}  # fmt: skip
                assert offered == allowed
                checked += 1
            g.push(rng.choice(acts))
        assert checked >= 10


def test_retreat_preview():
    """9.3 DR: two hexes, each further away from the battle hex; avoid enemy ZOCs if possible.
    24A in 0707 with German units west of it: every path ends two hexes from 0707."""
    g = build({"24A": "0707", "XLVI": "0706", "LVI": "0606"})
    doc = PACKAGE.retreat_preview(g.state, "0707", ["XLVI"])
    assert doc["unit"] == "24A" and doc["rule"] == "9.3 DR" and doc["paths"]
    for via, to in doc["paths"]:
        assert g.state.data.grid.distance(via, "0707") == 1 and g.state.data.grid.distance(to, "0707") == 2
    assert doc["consequence"] == "none"
    with pytest.raises(IllegalActionError):
        PACKAGE.retreat_preview(g.state, "0101", [])


def test_red_border_reading_is_said_in_the_rules_panel_and_drawn():
    """Issue 15: the 2009 red border is a reading, not the printed map: the rules panel says which
    reading is in use and names the other; the board draws the edge of the reading."""
    for reading, other in (("corners", "east"), ("east", "corners")):
        texts = [r["text"] for r in PACKAGE.rules_doc({"red_border": reading})["replacements"]]
        said = [t for t in texts if t.startswith("Red border, a reading")]
        assert len(said) == 1 and f"red_border={other}" in said[0]
    assert not any("Red border, a reading" in r["text"] for r in PACKAGE.rules_doc({"edition": "1986"})["replacements"])
    edges = {e["side"]: set(e["hexes"]) for e in PACKAGE.map_meta({"red_border": "east"})["edges"]}
    assert edges["soviet"] == {f"14{r:02d}" for r in range(1, 11)}
    assert "red_border" in {s.name for s in PACKAGE.option_specs()}


def test_state_copy_carries_every_field_and_shares_nothing_mutable():
    """``BfmState.copy`` (undo, search) sets each of the state's fields (slots: a field it
    forgot would be missing from the copy) and copies every mutable one."""
    import dataclasses

    from typhoon.games.bfm.state import BfmState

    game = new_game({"edition": "2009"}, seed=3)
    rng = random.Random(3)
    for _ in range(60):  # into the game: units moved, a battle or two, derived views built
        if game.is_chance():
            game.roll()
        else:
            acts = list(game.legal_actions)
            game.push(acts[rng.randrange(len(acts))])
    state = game.state
    state.index(), state.occupied_mask(), state.side_mask("german")
    copy = state.copy()
    names = [f.name for f in dataclasses.fields(BfmState)]
    assert "data" in names and "hex_of" in names
    for name in names:
        assert hasattr(copy, name), name
        if name not in ("_derived", "_own_index"):  # the copy's caches start afresh
            assert getattr(copy, name) == getattr(state, name), name
    for name in ("hex_of", "reduced", "pool", "control", "reinforcements", "moved", "replaced", "battles", "to_set_up", "_reach"):
        assert getattr(copy, name) is not getattr(state, name), name
    assert copy.data is state.data
