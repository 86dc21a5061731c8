"""Every Drive on Moscow action's text round-trips through the parser."""

from __future__ import annotations

import pytest

from typhoon.core.errors import ParseError
from typhoon.games.dom.rules import DomRules

TEXTS = ["draw s001 rd017", "cup gtb2", "stalin 4", "roll 3", "declare", "withdraw inf03", "replace pz1",
         "order move-fight", "order fight-move", "move pz1 2214", "assault 2315 2214 pz1 pzg3", "attack 2315",
         "add inf01", "air", "pass", "fight", "cancel", "choose bloodbath", "choose hold", "loss pz1", "retreat 2416",
         "advance inf01", "advance none", "enter s140 4816", "convert s017", "convert none", "end"]


@pytest.mark.parametrize("text", TEXTS)
def test_action_text_round_trips(text):
    rules = DomRules()
    a = rules.parse_action(None, text)
    assert str(a) == text
    assert rules.parse_action(None, str(a)) == a


@pytest.mark.parametrize("text", ["order sideways", "roll 7", "move pz1 9999", "choose nothing", "fly pz1", "move nobody 2214"])
def test_bad_actions_name_the_problem(text):
    with pytest.raises(ParseError):
        DomRules().parse_action(None, text)
