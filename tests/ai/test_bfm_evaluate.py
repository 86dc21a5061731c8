"""Battle for Moscow's leaf evaluation plays with the fitted weights of eval_weights.json: built
by scripts/build_compiled.py (session 36, since left pure) evaluate.py had its ``__file__`` in
typhoon/_compiled, where no weights are, and fell back to untrained defaults silently."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from typhoon.games.bfm import new_game
from typhoon.games.bfm.ai.evaluate import evaluate, features, weights

FITTED = json.loads((Path(__file__).resolve().parents[2] / "typhoon/games/bfm/ai/eval_weights.json").read_text())


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_the_evaluation_uses_the_fitted_weights_of_its_edition(edition: str) -> None:
    assert weights(edition) == tuple(FITTED[edition])
    state = new_game({"edition": edition}, seed=1).state
    z = sum(w * x for w, x in zip(FITTED[edition], features(state)))
    german = 1.0 / (1.0 + math.exp(-z))
    assert evaluate(state, "german") == pytest.approx(german, abs=1e-12)
    assert evaluate(state, "soviet") == pytest.approx(1.0 - german, abs=1e-12)


def test_missing_weights_are_a_clear_error_not_other_weights(monkeypatch, tmp_path: Path) -> None:
    import importlib

    module = importlib.import_module("typhoon.games.bfm.ai.evaluate")
    monkeypatch.setattr(module, "WEIGHTS", tmp_path / "eval_weights.json")
    module.weights.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="cannot read the evaluation weights .*eval_weights.json"):
            module.weights("2009")
        (tmp_path / "eval_weights.json").write_text(json.dumps({"features": ["bias"], "2009": [1.0]}))
        with pytest.raises(RuntimeError, match=r"names the features \['bias'\], not the evaluation's \['bias', 'moscow_german'"):
            module.weights("2009")
        names = list(module.FEATURES)
        (tmp_path / "eval_weights.json").write_text(json.dumps({"features": names, "1986": [0.0] * len(names)}))
        module.weights.cache_clear()
        with pytest.raises(RuntimeError, match="has no weights of edition '2009'"):
            module.weights("2009")
        # the features named but the weights short, not numbers or not finite: refused, not zipped short
        for bad in ([1.0] * (len(names) - 1), ["1"] * len(names), [True] * len(names), [float("nan")] * len(names)):
            (tmp_path / "eval_weights.json").write_text(json.dumps({"features": names, "2009": bad}))
            module.weights.cache_clear()
            with pytest.raises(RuntimeError, match=f"edition '2009' are not {len(names)} finite numbers"):
                module.weights("2009")
    finally:
        module.weights.cache_clear()


def test_a_refit_is_written_where_asked_not_over_the_shipped_weights(monkeypatch, tmp_path: Path) -> None:
    import importlib

    module = importlib.import_module("typhoon.games.bfm.ai.evaluate")
    shipped = module.WEIGHTS.read_text()
    monkeypatch.setattr(module, "fit", lambda edition, games: [float(games)] * len(module.FEATURES))
    out = tmp_path / "refit.json"
    module.main(["--fit", "--games", "7", "--out", str(out)])
    doc = json.loads(out.read_text())
    assert doc["features"] == list(module.FEATURES) and doc["2009"] == doc["1986"] == [7.0] * len(module.FEATURES)
    assert module.WEIGHTS.read_text() == shipped
    with pytest.raises(SystemExit):
        module.main(["--fit", "--games", "0", "--out", str(out)])
    with pytest.raises(SystemExit):
        module.main(["--fit", "--games", "7", "--out", str(tmp_path / "no-such-folder" / "refit.json")])
    assert module.WEIGHTS.read_text() == shipped


def test_the_features_around_moscow_follow_the_rules_data() -> None:
    # session 40's features on a hand-built 2009 position, turn 2: expected values from the map's
    # distances and the counters' strengths (counters.json), not from the evaluation's code
    from typhoon.games.bfm.position import from_json

    state = from_json({"format": "typhoon-position", "version": 1, "game": "bfm", "options": {"edition": "2009"},
                       "turn": 2, "phase": "german_combat",
                       "units": {"1S": {"hex": "1103", "reduced": True}, "TU": "1003", "XXIV": "1102", "XLVI": "1202",
                                 "XX": "0903"}})
    data = state.data
    assert data.moscow == "1103" and {"1003", "1102", "1202"} <= set(data.neighbours["1103"])
    far = data.grid.distance("0903", "1103")
    row = dict(zip(FITTED["features"], features(state)))
    near_german = data.units["XXIV"].full + data.units["XLVI"].full
    assert row["german_sp_1_2"] == pytest.approx(near_german / 30 + (data.units["XX"].full / 30 if far <= 2 else 0.0))
    assert row["german_sp_3"] == pytest.approx(data.units["XX"].full / 30 if far == 3 else 0.0)
    assert row["soviet_sp_moscow"] == pytest.approx(5 / 10)  # 1S reduced: 5 (counters.json)
    assert row["soviet_sp_1"] == pytest.approx(8 / 20)  # TU: 8
    assert row["soviet_sp_2_3"] == 0.0 and row["soviet_units"] == pytest.approx(2 / 20)
    assert row["german_units"] == pytest.approx(3 / 20)
    assert row["mud_left"] == pytest.approx(2 / 3)  # 000 12.0: turns 3 and 4 are mud
    german_near = near_german + (data.units["XX"].full if far <= 2 else 0)
    assert row["log_ratio"] == pytest.approx(math.log((german_near + 1) / (5 + 8 + 1)))
    assert row["mud_log_ratio"] == pytest.approx(row["log_ratio"] * 2 / 3)
