"""``typhoon serve --kit DIR`` in the browser: the kit's game is offered (preselected) in the
new-game form, created from it, and played with the kit's data.

The kit: an owner's copy of Battle for Moscow's kit whose CRT reads DE at 2:1 on a die of 1
(printed: DR). The position (000 4.0 / 6.0, 2009 edition): German Combat Phase first; LVII (12)
against 24A (4) in the fortification hex 0506: 3:1, one column left (9.2): 2:1, which now reads
1 DE, 2 DR, 3-4 EX, 5-6 NE (1/6, 1/6, 1/3, 1/3).
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

import pytest

from .bfmui import commit, declare_selected, ids_from_url, select_battle, wait_loaded
from .conftest import Api, free_port

BFM_KIT = Path(__file__).parents[2] / "typhoon" / "games" / "bfm" / "kit"


@pytest.fixture(scope="module")
def kit_server(tmp_path_factory):
    """(base URL, kit folder): a server started as ``typhoon serve --kit my-bfm`` does."""
    import uvicorn

    from typhoon.core.kit import load_kit
    from typhoon.server.app import create_app
    from typhoon.server.guard import RateLimits

    tmp = tmp_path_factory.mktemp("kitserve")
    root = tmp / "my-bfm"
    shutil.copytree(BFM_KIT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    doc = json.loads((root / "tables.json").read_text())
    crt = next(t for t in doc["tables"] if t["id"] == "crt")
    crt["rows"]["1"][crt["columns"].index("2:1")] = "DE"
    (root / "tables.json").write_text(json.dumps(doc, indent=1))
    app = create_app(f"sqlite:///{tmp / 'kit.db'}", rate_limits=RateLimits.unlimited(), kits=[load_kit(root)])
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.time() + 30
    while not srv.started:
        if time.time() > deadline or not t.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", root
    srv.should_exit = True
    t.join(10)


def test_the_kit_game_is_offered_created_and_played_in_the_browser(kit_server, page, shot):
    base, root = kit_server
    page.goto(base + "/")
    choice = page.get_by_test_id("game-choice")
    choice.wait_for()
    assert choice.evaluate("e => e.options[e.selectedIndex].text") == "Battle for Moscow (kit my-bfm)"
    name = choice.input_value()
    assert name.startswith("kit:")
    page.check('input[name="mode"][value="hotseat"]')
    shot(page, "kit-serve-start")
    page.get_by_test_id("create").click()  # a hot-seat game opens at once
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    gid, seat = ids_from_url(page.url)
    api = Api(base)
    assert api.get(f"/api/games/{gid}")["game"] == name
    shown = select_battle(page, ["LVII"], "0506")
    assert shown["final"] == "2:1"
    assert {r: round(p * 6) for r, p in shown["results"].items()} == {"DE": 1, "DR": 1, "EX": 2, "NE": 2}
    declare_selected(page, ["LVII"])
    commit(page)
    shot(page, "kit-serve-battle")
    log = api.view(gid, seat)["log"]
    rolled = [e for entry in log for e in entry["events"] if e.startswith("Die ")]
    assert len(rolled) == 1
    die = int(rolled[0].split()[1])
    assert rolled[0] == f"Die {die} at 2:1: {['DE', 'DR', 'EX', 'EX', 'NE', 'NE'][die - 1]}"
