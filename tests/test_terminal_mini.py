"""Terminal play of the synthetic game "mini" (typhoon/games/mini/RULES.md): the terminal is
game-neutral, and a seat's terminal shows nothing that seat may not see.

Hidden information (mini 3.3): red's strength chits are drawn face down and nobody sees them
until a unit first fights (3.4). The test plays the same scripted turns as blue against a
passive red in two games that differ ONLY in red's hidden chits: blue's terminal output must
be identical character for character (non-interference), so no chit value can have leaked
into it, whatever command printed it (map, panel, show, odds, log, legal, moves).
"""

import io

from click.testing import CliRunner
from rich.console import Console

from typhoon.cli import main
from typhoon.games import registry
from typhoon.tui.session import Session

RED = ["R1", "R2", "R3", "R4", "R5", "R6"]
# two draws from the cup 2,3,3,4,4,5,5,6 (3.3) giving every red unit a different chit
CHITS_A = [2, 3, 4, 5, 6, 3]
CHITS_B = [6, 5, 5, 4, 3, 4]


class Passive:
    """Red that never moves or attacks: it ends every phase (so no battle reveals a chit)."""

    name = "passive"

    def choose(self, game):
        legal = list(game.legal_actions)
        return next((a for a in legal if str(a) == "end"), legal[0])


def scripted(lines):
    it = iter(lines)

    def fn(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return fn


def mini_game(chits, seed=11):
    pkg = registry.get("mini")
    game = pkg.new_game({}, seed=seed)
    for unit, value in zip(RED, chits):
        game.push(f"chit {unit} {value}")  # 3.3: the set-up draws, chosen
    return game


BLUE_TURNS = [
    "1",  # 9.1: the first plan offered (aston)
    # turn 1, blue movement (6.0)
    "show R2", "moves B5", "move B5 0403", "map ids", "map compact", "map", "log", "legal",
    "odds B5 0404",  # not blue's combat phase: refused the same way in both games
    "end",
    # blue combat: the odds against a face-down unit (7.4: depend on the hidden chit)
    "odds B5 0404", "show 0404", "end",
    # turn 2, after red's passive turn
    "show R1", "moves B6", "move B6 0203", "end", "end",
    "log 40",
    "quit", "",
]


def run_blue(game, lines):
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    session = Session(game, {"blue": None, "red": Passive()}, scripted(lines), console)
    assert session.run() is None
    return out.getvalue()


def test_blue_terminal_never_shows_red_chits():
    a, b = mini_game(CHITS_A), mini_game(CHITS_B)
    assert [a.state.chits[u] for u in RED] == CHITS_A and [b.state.chits[u] for u in RED] == CHITS_B
    out_a, out_b = run_blue(a, BLUE_TURNS), run_blue(b, BLUE_TURNS)
    # the same public game was played: blue moved and the turns went by
    assert a.action_texts()[6:] == b.action_texts()[6:]
    assert a.state.hex_of("B5") == "0403" and a.state.hex_of("B6") == "0203"
    assert a.state.turn == 3 and not a.state.revealed  # two whole turns played (4.2)
    # what blue saw does not depend on red's hidden chits
    assert out_a == out_b
    # and blue saw the board and answers at all: red counters face down, the plan, the odds
    assert "B5 in 0103 may move to:" in out_a
    assert "R2: Forest Brigade, Red infantry, strength hidden" in out_a
    assert "defence ?" in out_a and "-1 defender in forest (7.5a)" in out_a
    assert "chit drawn" in out_a  # the draws are in blue's log, face down (redacted)
    assert "Game left unfinished." in out_a


def test_a_reveal_shows_the_chit_to_blue():
    # 3.4/7.3: declaring a battle turns the defender's chit face up for both sides
    game = mini_game(CHITS_A)
    lines = ["1", "move B5 0403", "end", "attack 0404 B5", "show R2", "quit", ""]
    out = run_blue(game, lines)
    assert "R2" in game.state.revealed
    strength = CHITS_A[RED.index("R2")]
    assert f"R2: Forest Brigade, Red infantry, {strength}-4" in out


def test_cli_plays_mini_with_sides_as_options(tmp_path):
    save = tmp_path / "mini.json"
    res = CliRunner().invoke(main, ["play", "--game", "mini", "--seed", "5", "--red", "random", "-O", "turns=4",
                                    "--save-to", str(save)], input="1\nlegal\nshow 0502\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Typhoon Mini" in res.output and "Blue>" in res.output and "town Aston" in res.output
    bad = CliRunner().invoke(main, ["play", "--game", "mini", "--german", "random"], input="quit\n")
    assert bad.exit_code != 0 and "blue, red" in bad.output
    bad = CliRunner().invoke(main, ["play", "--game", "mini", "--edition", "1986"], input="quit\n")
    assert bad.exit_code != 0 and "no editions" in bad.output
