"""The reference agent: the saved MaskablePPO model (extra ``.[rl]``) loads and plays legal
games through the ladder's PolicyPlayer."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from typhoon.research import ladder  # noqa: E402

pytestmark = pytest.mark.research
MODEL = Path(__file__).resolve().parents[2] / "typhoon" / "research" / "models" / "bfm_german_ppo.zip"


def test_saved_model_loads_and_plays_whole_legal_games():
    assert MODEL.exists(), f"the reference model {MODEL} is missing (examples/train_maskable_ppo.py makes it)"
    player = ladder.PolicyPlayer(str(MODEL), "bfm")
    assert player.model.observation_space.shape == player.pkg.encoding().observation_shape
    (rung,) = ladder.ladder(player, game="bfm", opponents=["random"], games=2, sides=["german"], seed=5)
    assert rung.games == 2 and rung.wins + rung.draws + rung.losses == 2
