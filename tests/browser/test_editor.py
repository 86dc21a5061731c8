"""The map and counter editor in Debian's chromium (the "Game data kit" issue): calibrate a grid
on a generated scan, paint terrain, add a river and a rail, name a city, enter counters, set them
up, save (autosave survives a reload), validate, preview and start a game on the result."""

from __future__ import annotations

import math

import pytest

pytestmark = pytest.mark.browser

Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")

# the generated scan: flat-topped hexes, 8 columns x 6 rows, odd columns half a hex up (BfM's
# numbering), hex 0101's centre at pixel (70, 80), 40 pixels from centre to corner
COLS, ROWS, X0, Y0, SIZE = 8, 6, 70.0, 80.0, 40.0
TERRAIN = {"0302": (80, 150, 70), "0303": (80, 150, 70)}  # printed woods


def centre(hex_id: str) -> tuple[float, float]:
    """Pixel centre of a printed hex (typhoon.core.geometry: x = 1.5 s q, y = sqrt(3) s (r + q/2))."""
    c, r = int(hex_id[:2]), int(hex_id[2:])
    q, ar = c, r - (c + 1) // 2
    q0, r0 = 1, 0  # axial of 0101
    x = 1.5 * SIZE * (q - q0)
    y = math.sqrt(3) * SIZE * ((ar + q / 2) - (r0 + q0 / 2))
    return X0 + x, Y0 + y


def make_scan(path) -> None:
    w = int(X0 + 1.5 * SIZE * (COLS - 1) + 2 * SIZE)
    h = int(Y0 + math.sqrt(3) * SIZE * ROWS + SIZE)
    img = Image.new("RGB", (w, h), (238, 232, 210))
    d = ImageDraw.Draw(img)
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            hid = f"{c:02d}{r:02d}"
            x, y = centre(hid)
            corners = [(x + SIZE * math.cos(math.radians(60 * i)), y + SIZE * math.sin(math.radians(60 * i))) for i in range(6)]
            d.polygon(corners, fill=TERRAIN.get(hid, (238, 232, 210)), outline=(60, 60, 60))
            d.text((x - 12, y - 28), hid, fill=(30, 30, 30))
    # a printed river between 0404 and 0504, a rail 0102-0202-0302, a city in 0505
    d.line([centre("0102"), centre("0202"), centre("0302")], fill=(0, 0, 0), width=3)
    (ax, ay), (bx, by) = centre("0404"), centre("0504")
    mx, my, dx, dy = (ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay
    n = math.hypot(dx, dy)
    px, py = -dy / n * SIZE / 2, dx / n * SIZE / 2
    d.line([(mx - px, my - py), (mx + px, my + py)], fill=(30, 90, 200), width=5)
    x, y = centre("0505")
    d.rectangle([x - 8, y - 5, x + 8, y + 5], fill=(0, 0, 0))
    img.save(path)


def kit(page, expr: str):
    return page.evaluate(f"() => {{ const p = window.editor.project; return {expr}; }}")


def click_at(page, point, shift: bool = False) -> None:
    if shift:
        page.keyboard.down("Shift")
    page.mouse.click(point[0], point[1])
    if shift:
        page.keyboard.up("Shift")


def image_point(page, x: float, y: float):
    return page.evaluate(f"() => window.editor.imageClient({x}, {y})")


def hex_point(page, hex_id: str):
    return page.evaluate(f"() => window.editor.hexClient('{hex_id}')")


def tool(page, name: str) -> None:
    page.click(f'[data-tool="{name}"]')


def wait_saved(page) -> None:
    page.evaluate("() => window.editor.saveNow()")
    page.wait_for_function("() => document.getElementById('saved').textContent.startsWith('Saved')")


def test_from_a_scan_to_a_game(page, server, shot, tmp_path):
    scan = tmp_path / "scan.png"
    make_scan(scan)
    not_an_image = tmp_path / "map.png"
    not_an_image.write_text("this is text, not a picture")

    page.goto(server + "/editor")
    page.wait_for_selector("body[data-ready='1']")

    # 1. the image: type checked (by its bytes, not its name), then loaded
    page.set_input_files("[data-testid=image-file]", str(not_an_image))
    page.wait_for_selector("#message:not([hidden])")
    assert "map.png is not a PNG, JPEG or WebP image" in page.inner_text("#message")
    page.set_input_files("[data-testid=image-file]", str(scan))
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Loaded scan.png')")
    assert page.locator("svg.board image.scan").count() == 1

    # 2. the numbering: 8 columns x 6 rows (ids from the server's grid)
    page.fill("input[name=columns]", str(COLS))
    page.press("input[name=columns]", "Tab")
    page.wait_for_selector('svg.board polygon[data-hex="0801"]')
    page.fill("input[name=rows]", str(ROWS))
    page.press("input[name=rows]", "Tab")
    # the grid is redrawn: wait for the new count (0806 was already there with the default rows)
    page.wait_for_function(f"document.querySelectorAll('svg.board polygon.hex').length === {COLS * ROWS}")
    assert page.locator('svg.board polygon[data-hex="0806"]').count() == 1
    assert page.locator("svg.board polygon.hex").count() == COLS * ROWS

    # 3. calibrate: click 0101's printed centre, shift-click 0806's: size and rotation follow
    click_at(page, image_point(page, X0, Y0))
    page.wait_for_function(f"() => window.editor.project.data.calib.x === {X0}")
    click_at(page, image_point(page, *centre("0806")), shift=True)
    page.wait_for_function("() => window.editor.project.data.calib.size > 39")
    calib = kit(page, "p.data.calib")
    assert calib["x"] == X0 and calib["y"] == Y0
    assert calib["size"] == pytest.approx(SIZE, abs=0.2) and calib["rotation"] == pytest.approx(0, abs=0.3)
    # the overlay lies on the printed grid: 0806's polygon is centred on the printed centre
    box = page.evaluate("() => { const b = document.querySelector('polygon[data-hex=\"0806\"]').getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }")
    assert box == pytest.approx(list(centre("0806")), abs=1.0)
    shot(page, "editor-calibrated")

    # 4. paint terrain: one stroke over 0302 and 0303 is one undo step
    tool(page, "terrain")
    page.check('input[name="choose-terrain"][value="woods"]')
    a, b = hex_point(page, "0302"), hex_point(page, "0303")
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, steps=4)
    page.mouse.move(*b, steps=4)
    page.mouse.up()
    assert kit(page, "[p.map.hexes['0302'].terrain, p.map.hexes['0303'].terrain, p.map.hexes['0304'].terrain]") == ["woods", "woods", "clear"]
    page.click("#undo")
    assert kit(page, "[p.map.hexes['0302'].terrain, p.map.hexes['0303'].terrain]") == ["clear", "clear"]
    page.click("#redo")
    assert kit(page, "[p.map.hexes['0302'].terrain, p.map.hexes['0303'].terrain]") == ["woods", "woods"]

    # 5. a river on the hexside 0404-0504
    tool(page, "hexsides")
    click_at(page, page.evaluate("() => window.editor.hexsideClient('0404', '0504')"))
    assert kit(page, "p.map.hexsides") == [{"a": "0404", "b": "0504", "feature": "river"}]

    # 6. a rail 0102 -> 0202 -> 0302, hex to hex
    tool(page, "lines")
    for h in ("0102", "0202", "0302", "0302"):
        click_at(page, hex_point(page, h))
    assert kit(page, "p.map.networks") == [{"id": "rail", "feature": "rail", "links": [["0102", "0202"], ["0202", "0302"]]}]

    # 7. name a city
    tool(page, "places")
    click_at(page, hex_point(page, "0505"))
    page.fill("[data-testid=place-name]", "Kalinin")
    page.select_option("[data-testid=place-kind]", "city")
    page.fill("[data-testid=place-value]", "2")
    page.click("[data-testid=place-save]")
    assert kit(page, "p.map.places") == [{"name": "Kalinin", "kind": "city", "hexes": ["0505"], "value": 2, "id": "kalinin"}]
    shot(page, "editor-painted")

    # 8. counters as a table, validated as typed
    tool(page, "counters")
    page.click("[data-testid=add-counter]")
    page.click("[data-testid=add-counter]")
    rows = page.locator("table.counters tbody tr")
    rows.nth(0).locator('[data-field="id"]').fill("1pz")
    rows.nth(0).locator('[data-field="id"]').press("Tab")
    page.locator("table.counters tbody tr").nth(0).locator('[data-field="front.strength"]').fill("x")
    page.locator("table.counters tbody tr").nth(0).locator('[data-field="front.strength"]').press("Tab")
    page.wait_for_selector("table.counters td.invalid")
    assert "row 1, front.strength: front strength must be a whole number (got 'x')" in page.inner_text("[data-testid=counter-problems]")
    for row, (cid, side, kind, strength, move) in enumerate([("1pz", "blue", "armour", "6", "4"), ("7rif", "red", "infantry", "3", "3")]):
        r = lambda: page.locator("table.counters tbody tr").nth(row)  # noqa: E731 - re-found after each re-render
        for field, value in (("id", cid), ("kind", kind), ("front.strength", strength), ("front.movement", move)):
            r().locator(f'[data-field="{field}"]').fill(value)
            r().locator(f'[data-field="{field}"]').press("Tab")
        r().locator('select[data-field="side"]').select_option(side)
    page.locator("table.counters tbody tr").nth(0).locator('[data-field="back.strength"]').fill("3")
    page.locator("table.counters tbody tr").nth(0).locator('[data-field="back.strength"]').press("Tab")
    assert page.locator("table.counters td.invalid").count() == 0
    assert kit(page, "p.counters.counters") == [
        {"id": "1pz", "side": "blue", "kind": "armour", "faces": {"front": {"strength": 6, "movement": 4}, "back": {"strength": 3}}},
        {"id": "7rif", "side": "red", "kind": "infantry", "faces": {"front": {"strength": 3, "movement": 3}}},
    ]

    # 9. the set-up
    tool(page, "setup")
    page.check('input[name="setup-counter"][value="1pz"]')
    click_at(page, hex_point(page, "0202"))
    page.check('input[name="setup-counter"][value="7rif"]')
    click_at(page, hex_point(page, "0606"))
    assert kit(page, "p.scenario.setup") == [{"counter": "1pz", "hex": "0202"}, {"counter": "7rif", "hex": "0606"}]

    # 10. saved: a reload (or a closed tab) brings everything back, the image included
    wait_saved(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("svg.board image.scan")
    assert kit(page, "[p.map.places[0].name, p.map.hexes['0303'].terrain, p.map.hexsides.length, p.data.calib.x]") == ["Kalinin", "woods", 1, X0]
    assert page.inner_text("#saved") == "Restored the autosaved project"

    # 11. validate through the server
    page.click("#validate")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('The kit is valid')")
    assert "48 hexes, 2 counters, 1 scenario(s)" in page.inner_text("#message")

    # a problem is listed with its hex, and clicking it selects the hex
    tool(page, "setup")
    page.check('input[name="setup-counter"][value="7rif"]')
    click_at(page, hex_point(page, "0202"))  # red joins blue in 0202
    page.click("#validate")
    page.wait_for_selector("#problems li.has-hex")
    problem = page.locator("#problems li.has-hex").first
    assert "0202" in problem.inner_text() and "side" in problem.inner_text()
    problem.click()
    assert page.evaluate("() => window.editor.ui.selected") == "0202"
    page.click("#undo")
    page.click("#validate")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('The kit is valid')")

    # 12. the preview is the game client's own drawing of the game's map_meta
    page.click("#preview")
    frame = page.frame_locator("[data-testid=preview-frame]")
    frame.locator("body[data-ready='1']").wait_for()
    assert frame.locator("svg.map polygon.hex").count() == COLS * ROWS
    assert frame.locator(".place-name").text_content() == "Kalinin"
    assert frame.locator('[data-hexside="0404-0504"]').count() == 1
    assert frame.locator('[data-unit="1pz"]').count() == 1
    shot(page, "editor-preview")
    page.click("#preview-close")

    # 13. start a game on it
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector('svg.map [data-unit="1pz"]')
    assert page.locator("svg.map polygon.hex").count() == COLS * ROWS
    assert "Kalinin" in page.locator("svg.map").text_content()
    assert page.locator('svg.map [data-unit="7rif"]').get_attribute("data-hex") == "0606"
    shot(page, "editor-game")


def test_sections_and_undo_of_a_geometry_change(page, server, shot):
    """Two map sections laid side by side: ids carry the section letter, the board and the
    validator agree; undo takes the split back."""
    page.goto(server + "/editor")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("input[name=columns]", "3")
    page.press("input[name=columns]", "Tab")
    # the grid is redrawn with three columns before the rows are set (a form redrawn while the
    # rows are typed would lose them: this failed on a loaded machine)
    page.wait_for_selector('svg.board polygon[data-hex="0401"]', state="detached")
    page.fill("input[name=rows]", "3")
    page.press("input[name=rows]", "Tab")
    page.wait_for_function("() => document.querySelectorAll('svg.board polygon.hex').length === 9")
    tool(page, "sections")
    page.click("[data-testid=use-sections]")
    page.wait_for_selector('svg.board polygon[data-hex="A0101"]')
    page.click("[data-testid=add-section]")
    page.wait_for_selector('svg.board polygon[data-hex="B0303"]')
    # B starts where A's fourth column would: 18 hexes, none shared
    assert page.locator("svg.board polygon.hex").count() == 18
    assert kit(page, "Object.keys(p.map.hexes).length") == 18
    assert kit(page, "p.map.geometry.sections.map(s => [s.id, s.origin])") == [["A", [0, 0]], ["B", [3, -1]]]
    page.click("#validate")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('The kit is valid')")
    shot(page, "editor-sections")
    page.click("#undo")  # the second section
    page.wait_for_function("() => document.querySelectorAll('svg.board polygon.hex').length === 9")
    page.click("#undo")  # the split
    page.wait_for_selector('svg.board polygon[data-hex="0101"]')
    assert kit(page, "p.map.geometry.columns") == 3
