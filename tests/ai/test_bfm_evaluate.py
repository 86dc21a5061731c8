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
        with pytest.raises(RuntimeError, match="no weights of edition '2009'"):
            module.weights("2009")
    finally:
        module.weights.cache_clear()
