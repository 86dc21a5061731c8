"""The text kit (owner draft) and the reconstruction: valid kits, and every constraint of the text."""

import copy
import json

from typhoon.core.kit import validate_kit
from typhoon.games.dom.data import PACKAGES, dom_kit, dom_map, zones_from_lines
from typhoon.games.dom.validate import check_counters, check_crt, check_turns, problems


def test_reconstruction_is_a_valid_kit_with_no_todo():
    assert validate_kit(PACKAGES["reconstruction"]) == []


def test_text_kit_is_a_valid_draft_whose_only_issues_are_owner_todos():
    issues = validate_kit(PACKAGES["text"])
    assert issues and all(i.todo for i in issues)


def test_reconstruction_meets_every_constraint_of_the_text():
    assert problems(dom_kit()) == []


def test_reconstruction_is_marked_as_such():
    k = dom_kit()
    assert k.manifest["provenance"]["kind"] == "reconstruction"
    assert k.provenance_at("map.json", ["hexes", "0101"])["kind"] == "reconstruction"


def test_zones_from_printed_lines_agree_with_hex_attributes():
    k = dom_kit()
    assert zones_from_lines(k) == dom_map(k).zone


def test_map_has_the_cities_of_the_rules_and_moscow_is_two_hexes():
    m = dom_map(dom_kit())
    assert len(m.moscow()) == 2
    assert sorted(set(m.cities.values())) == ["Kalinin", "Kursk", "Moscow", "Orel", "Smolensk", "Tula"]
    assert m.west_of_front(next(h for h, n in m.cities.items() if n == "Smolensk"))
    assert not m.west_of_front(m.moscow()[0])


def test_map_scale_is_seven_and_a_half_miles():
    assert abs(dom_kit().geometry["hex_size_km"] - 12.07) < 0.01


class _Patched:
    """A kit with its documents patched (the validator must catch each broken number)."""

    def __init__(self, kit, patch):
        self._k = kit
        self.docs = copy.deepcopy(kit.docs)
        patch(self.docs)

    def __getattr__(self, name):
        return getattr(type(self._k)(self._k.root, self.docs, self._k.kinds), name)


def test_validator_catches_a_wrong_known_crt_cell():
    def patch(d):
        d["tables.json"]["tables"][0]["rows"]["5"][2] = "DR"

    assert any("11.21" in p for p in check_crt(_Patched(dom_kit(), patch)))


def test_validator_catches_wrong_gt1_movement_and_air_on_both_sides():
    def patch(d):
        d["turns.json"]["turns"][0]["attrs"]["mf_mech"] = 9
        d["turns.json"]["turns"][1]["attrs"]["air_soviet"] = 1

    found = check_turns(_Patched(dom_kit(), patch))
    assert any("game turn 1 movement" in p for p in found)
    assert any("both sides" in p for p in found)


def test_validator_catches_a_wrong_kg_count():
    def patch(d):
        next(c for c in d["counters.json"]["counters"] if c["id"] == "kg")["count"] = 9

    found = check_counters(_Patched(dom_kit(), patch))
    assert any("2.12" in p for p in found) and any("352" in p for p in found)


def test_build_script_is_reproducible(tmp_path, monkeypatch):
    import importlib.util
    import pathlib

    spec = importlib.util.spec_from_file_location("dom_build_kit", pathlib.Path(__file__).parents[2] / "scripts" / "dom_build_kit.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    docs = mod.build()
    on_disk = json.loads((PACKAGES["reconstruction"] / "map.json").read_text())
    assert json.loads(json.dumps(docs["map.json"])) == on_disk
