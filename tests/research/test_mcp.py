"""The LLM seat: the MCP server, through the SDK's own stdio client and directly."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import shutil
import sys
from pathlib import Path

import pytest

from typhoon.games import registry

pytest.importorskip("mcp")
from mcp import StdioServerParameters  # noqa: E402
from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

from typhoon.core import record  # noqa: E402
from typhoon.research.mcp_server import Seat  # noqa: E402

pytestmark = pytest.mark.research
ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"new_game", "describe", "legal_actions", "odds", "act", "log", "save",
         "legal_summary", "pending", "map", "rules", "undo", "act_many"}


async def session_run(command: str, args: list[str], tmp: Path) -> dict:
    out: dict = {}
    params = StdioServerParameters(command=command, args=args, cwd=str(ROOT))
    with open(tmp / "server.err", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                out["tools"] = {t.name for t in (await s.list_tools()).tools}
                r = await s.call_tool("new_game", {"side": "german", "opponent": "random", "seed": 3})
                out["new_game"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("legal_actions", {"unit": "V"})
                out["legal_V"] = r.content[0].text.splitlines()
                r = await s.call_tool("odds", {"attackers": ["V"], "target": "0304"})
                out["odds"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("act", {"action": "move V 0909"})
                out["illegal"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("act", {"action": "attack V 0304"})
                out["act"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("act", {"action": "commit"})
                out["commit"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("log", {"last": 0})
                out["log"] = r.content[0].text
                r = await s.call_tool("save", {"path": str(tmp / "game.json")})
                out["save"] = (r.is_error, r.content[0].text)
    return out


def check_session(out: dict, tmp: Path) -> None:
    assert out["tools"] == TOOLS
    err, text = out["new_game"]
    assert not err and "you are german" in text and "It is your move." in text
    assert out["legal_V"] == ["attack V 0304"]
    err, text = out["odds"]
    assert not err and text == (
        "V (6) against 13A (4) in 0304: 1:1, shifts: none; final 1:1. Results: DR 17%, EX 33%, NE 33%, AL 17%."
    )
    err, text = out["illegal"]
    assert err and "move V 0909: not legal now" in text and "allowed now: attack, end" in text
    err, text = out["act"]
    assert not err and text.startswith("[german] attack V 0304: V will attack 13A in 0304")
    err, text = out["commit"]
    assert not err and "[german] commit: 1 battle(s) declared" in text and "[dice] roll" in text
    assert out["log"].splitlines()[0] == "1. [german] attack V 0304: V will attack 13A in 0304"
    assert not out["save"][0]
    game, identical = record.verify(json.loads((tmp / "game.json").read_text()))
    assert identical and game.action_texts()[:2] == ["attack V 0304", "commit"]


def run_in_thread(coro):
    """asyncio.run in a thread of its own: another suite (Playwright's sync API) may hold a
    running event loop in the main thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_stdio_session_python_module(tmp_path):
    out = run_in_thread(session_run(sys.executable, ["-m", "typhoon.research.mcp_server"], tmp_path))
    check_session(out, tmp_path)


def test_stdio_session_typhoon_mcp_command(tmp_path):
    exe = shutil.which("typhoon", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("the typhoon console script is not installed in this environment")
    out = run_in_thread(session_run(exe, ["mcp"], tmp_path))
    check_session(out, tmp_path)


def test_seat_errors_are_tool_errors():
    seat = Seat()
    with pytest.raises(ToolError, match="no game yet: call new_game first"):
        seat.describe()
    with pytest.raises(ToolError, match="side must be"):
        seat.new_game({}, "finnish", "random", 0)
    with pytest.raises(ToolError, match="unknown player 'nobody'"):
        seat.new_game({}, "german", "nobody", 0)
    with pytest.raises(ToolError, match=r"option edition: '1999' is not one of \['2009', '1986'\]"):
        seat.new_game({"edition": "1999"}, "german", "random", 0)
    seat.new_game({}, "german", "random", 0)
    with pytest.raises(ToolError, match="no unit called 'XYZ'"):
        seat.legal_actions("XYZ")
    with pytest.raises(ToolError, match="unknown action 'fly'"):
        seat.act("fly V 0304")
    with pytest.raises(ToolError, match="no unit in 0909"):
        seat.odds(["V"], "0909")
    assert seat.game.ply == 0


def test_soviet_seat_waits_for_the_opponent_and_plays_a_whole_game():
    seat = Seat()
    text = seat.new_game({}, "soviet", "heuristic", 2)
    assert "You play the Soviet side." in text and "It is your move." in text
    assert seat.game.ply > 0 and seat.game.current_player == "soviet"
    moves = 0
    while not seat.game.is_over():
        assert seat.game.current_player == "soviet"
        first = seat.legal_actions().splitlines()[-1]  # "end" or the last choice: always legal
        reply = seat.act(first)
        moves += 1
    assert reply.splitlines()[-1].startswith("Game over:")
    assert "You win." in reply or "You lose." in reply or "Draw." in reply
    assert "The game is over" in seat.describe()
    with pytest.raises(ToolError, match="the game is over"):
        seat.act("end")


def test_cli_command_is_registered():
    from click.testing import CliRunner

    from typhoon.cli import main

    result = CliRunner().invoke(main, ["mcp", "--help"])
    assert result.exit_code == 0 and "MCP server of the LLM seat on stdio" in result.output


# -- Typhoon Mini (hidden information) ----------------------------------------------------------
def test_mini_seat_plays_a_whole_game_and_reads_only_its_side():
    seat = Seat("mini")
    text = seat.new_game({"turns": 4}, "blue", "random", 1)
    assert "New game of Typhoon Mini" in text and "You play the Blue side." in text
    assert seat.game.current_player == "blue"
    assert seat.legal_actions().splitlines() == ["plan aston", "plan brill"]  # 9.1 the secret plan first
    reply = seat.act("plan brill")
    assert reply.splitlines()[0] == "[blue] plan brill: Blue's plan: take Brill (9.1); Turn 1: Blue movement"
    assert "Blue's plan: take Brill" in seat.describe()  # Blue sees its own plan
    assert seat.log(0).splitlines()[0] == "1. [dice] chit drawn for R1: R1 draws a strength chit (face down, 3.3)"
    moves = seat.legal_actions("B5").splitlines()
    assert moves and all(m.startswith("move B5 ") for m in moves)
    with pytest.raises(ToolError, match="no unit called 'V'"):
        seat.legal_actions("V")
    while not seat.game.is_over():
        reply = seat.act(seat.legal_actions().splitlines()[0])
    assert reply.splitlines()[-1].startswith("Game over:")
    assert "The game is over" in seat.describe()


def test_mini_red_seat_and_game_errors():
    seat = Seat()
    with pytest.raises(ToolError, match="unknown game 'chess'"):
        seat.new_game({}, "german", "random", 0, game="chess")
    with pytest.raises(ToolError, match="side must be 'blue' or 'red', not 'german'"):
        seat.new_game({}, "german", "random", 0, game="mini")
    text = seat.new_game({}, "red", "random", 2, game="mini")
    assert "You play the Red side." in text and seat.pkg.name == "mini"
    assert "[blue] Blue chooses a secret plan: Blue has chosen a secret plan (9.1)" in text  # 9.1 redacted
    assert "plan aston" not in text and "plan brill" not in text


async def mini_session_run(tmp: Path) -> dict:
    out: dict = {}
    params = StdioServerParameters(command=sys.executable, args=["-m", "typhoon.research.mcp_server", "--game", "mini"],
                                   cwd=str(ROOT))
    with open(tmp / "server.err", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                out["tools"] = {t.name for t in (await s.list_tools()).tools}
                r = await s.call_tool("new_game", {"opponent": "random", "seed": 3})
                out["new_game"] = (r.is_error, r.content[0].text)
                r = await s.call_tool("act", {"action": "plan aston"})
                out["act"] = (r.is_error, r.content[0].text)
    return out


def test_stdio_session_mini(tmp_path):
    out = run_in_thread(mini_session_run(tmp_path))
    assert out["tools"] == TOOLS
    err, text = out["new_game"]
    assert not err and "New game of Typhoon Mini" in text and "you are blue" in text and "It is your move." in text
    err, text = out["act"]
    assert not err and text.startswith("[blue] plan aston: Blue's plan: take Aston (9.1)")


def test_mini_odds_over_a_hidden_defender_do_not_read_its_chit():
    """3.3-3.4: R2's chit is face down, so Blue's odds are over the chits it may be: 8 against
    2 is 4:1 (1 chit of 8), against 3 or 4 is 2:1 (4 of 8), against 5 or 6 is 1:1 (3 of 8), 7.4."""
    import random

    seat = Seat("mini")
    seat.new_game({}, "blue", "random", 1)
    for action in ("plan aston", "move B5 0403", "end"):
        seat.act(action)
    assert "attack 0404 B5" in seat.legal_actions().splitlines()
    text = seat.odds(["B5"], "0404")
    assert text.startswith(
        "B5 (8) against R2 (strength hidden: R2) in 0404: modifiers: -1 defender in forest (7.5a); "
        "column 4:1 12%, 2:1 50%, 1:1 38%. Results: "
    )
    rules, truth = seat.pkg.rules, seat.game.state
    for k in range(4):  # whatever R2's chit really is, Blue reads the same odds
        seat.game.state = rules.sample_hidden(rules.observe(truth, "blue"), "blue", random.Random(k))
        assert seat.odds(["B5"], "0404") == text
    seat.game.state = truth
    with pytest.raises(ToolError, match="0909"):
        seat.odds(["B5"], "0909")


# -- the tools that make the seat worth using ----------------------------------------------------
def test_map_tool_names_terrain_neighbours_rivers_and_numbering():
    seat = Seat()
    seat.new_game({}, "german", "random", 0)
    whole = seat.map_text()
    assert "Hex ids are CCRR" in whole and "rail line:" in whole and "place Moscow" in whole
    one = seat.map_text(["0105"])
    assert one.count("\n") == 1
    line = one.splitlines()[1]
    # 0105 on the flat-topped grid (odd columns higher): N 0104, S 0106, NE 0204, SE 0205
    assert line.startswith("0105: ") and "next to 0104 0106 0204 0205" in line
    assert "river to 0106" in line and "river to 0205" in line  # map_meta hexsides
    with pytest.raises(ToolError, match="no hex '9999'"):
        seat.map_text(["9999"])


def test_rules_tool_has_the_combat_results_table():
    import json

    seat = Seat()
    seat.new_game({}, "german", "random", 0)
    doc = json.loads(seat.rules_text())
    crt = next(c for c in doc["charts"] if c["id"] == "crt")
    assert crt["columns"][:2] == ["die", "1:1"] and crt["rows"][0][:2] == [1, "DR"]


def test_undo_and_act_many_with_results_per_action():
    seat = Seat()
    seat.new_game({}, "german", "random", 3)
    report = seat.act_many(["attack V 0304", "attack IX 0304", "fly"])
    lines = report.splitlines()
    assert lines[0].startswith("1. OK: [german] attack V 0304")
    assert any(x.startswith("2. OK: [german] attack IX 0304") for x in lines)
    assert lines[-1].startswith("3. REFUSED:") and "unknown action 'fly'" in lines[-1]
    assert seat.game.action_texts()[-2:] == ["attack V 0304", "attack IX 0304"]
    assert seat.undo().startswith("Took back 'attack IX 0304'")
    assert seat.game.action_texts()[-1] == "attack V 0304"
    seat.act("commit")  # the battle is resolved with a die roll: no undo past it
    with pytest.raises(ToolError, match="cannot undo|was made by"):
        seat.undo()


def test_legal_summary_is_short_and_pending_says_what_is_due():
    seat = Seat()
    seat.new_game({}, "german", "random", 1)
    g = seat.game
    while g.state.phase != "german_movement":  # to the movement phase: hundreds of moves
        seat.act("commit" if "commit" in [str(a) for a in g.legal_actions] else g.legal_actions[-1].__str__())
    full = seat.legal_actions().splitlines()
    summary = seat.legal_summary().splitlines()
    assert len(full) > 200 and len(summary) < len(full) / 5
    assert summary[0].startswith(f"{len(full)} legal actions")
    movers = {line.split()[0] for line in summary[1:] if " move (" in line}
    assert movers == {u for u in g.state.hex_of if g.state.data.units[u].side == "german"}
    pend = seat.pending()
    assert "to act: german" in pend and "Undo:" in pend


def test_new_game_description_matches_what_it_accepts():
    from typhoon.research.mcp_server import new_game_description

    text = new_game_description(registry.get("bfm"))
    from typhoon.ai.base import player_names

    for name in registry.names():
        pkg = registry.get(name)
        assert f"'{name}' ({pkg.title})" in text
        for spec in pkg.option_specs():
            assert spec.name in text
        for opp in player_names(name):
            if opp != "human":
                assert repr(opp) in text
                seat = Seat(name)
                seat.new_game({}, None, opp, 0) if opp == "random" else None
    seat = Seat("mini")
    seat.new_game({}, None, None, 0)  # the default opponent exists in every game
    assert seat.opponent_name == "random"
