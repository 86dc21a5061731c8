"""11.28-11.30 result conversions, DE on two-step units and the KG third step."""

from typhoon.games.dom.combat_results import bloodbath_allowed, convert, de_losses, defender_lose_one_allowed, kg_replacement


def test_11_17_soviet_attack_into_city_as_and_dr_become_al1():
    assert convert("AS", "soviet", True) == ("AL1",)
    assert convert("DR", "soviet", True) == ("AL1",)
    assert convert("DE", "soviet", True) == ("DE",)


def test_11_28_german_dr_into_city_is_as_or_bloodbath():
    assert convert("DR", "german", True) == ("AS", "BLOODBATH")
    assert convert("DR", "german", False) == ("DR",)


def test_11_29_de_reduces_two_step_and_eliminates_one_step():
    losses = de_losses([("grd1", 2, "grd"), ("rd001", 1, "rd")])
    assert losses == {"grd1": 1, "rd001": 1}


def test_11_28_bloodbath_needs_a_surviving_german_step():
    soviet = [("grd1", 2, "grd"), ("rd001", 1, "rd")]  # DE costs the Soviet 2 steps
    assert not bloodbath_allowed(soviet, [("pz1", 2, "panzer")])
    assert bloodbath_allowed(soviet, [("pz1", 2, "panzer"), ("inf01", 1, "infantry")])


def test_11_28_defender_lose_one_not_in_city_nor_for_a_single_step():
    assert defender_lose_one_allowed([("inf01", 2, "infantry")], False)
    assert not defender_lose_one_allowed([("inf01", 1, "infantry")], False)
    assert not defender_lose_one_allowed([("inf01", 2, "infantry")], True)


def test_11_30_kg_only_for_reduced_panzer_and_pzg_divisions_while_counters_last():
    assert kg_replacement("panzer", "XX", 1, 10) == "kg_pz"
    assert kg_replacement("panzer_grenadier", "XX", 1, 1) == "kg_pzg"
    assert kg_replacement("panzer_grenadier", "III", 1, 5) is None  # GD regiment (L1338-1339)
    assert kg_replacement("panzer", "XX", 2, 5) is None  # not yet reduced
    assert kg_replacement("panzer", "XX", 1, 0) is None  # L1346-1347 the pool ran out
    assert kg_replacement("infantry", "XX", 1, 5) is None
