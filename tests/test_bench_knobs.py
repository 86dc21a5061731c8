"""bench/bench_bfm_knobs.py: variants parsed exactly, bad ones refused by name, and the paired
report counts the games a variant won and lost against the unchanged style on the same seeds."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def knobs(bench):
    return bench("bench_bfm_knobs")


def test_variants_start_with_the_unchanged_style(knobs):
    assert knobs.parse_variants("trade=1.0;bar=0,drive=8;trade=1") == [(), (("trade", 1.0),), (("bar", 0.0), ("drive", 8.0))]


@pytest.mark.parametrize("text, says", [
    ("trad=1.0", "unknown knob 'trad'"),
    ("trade=one", "'trade=one' is not KNOB=NUMBER"),
])
def test_a_bad_variant_is_refused_by_name(knobs, text, says):
    with pytest.raises(SystemExit, match=says):
        knobs.parse_variants(text)


def test_an_unknown_style_is_refused(knobs):
    with pytest.raises(SystemExit, match="unknown style"):
        knobs.parse_variants("trade=1", style="reckless")


def test_the_report_pairs_each_game_with_the_unchanged_styles(knobs):
    v = (("trade", 1.0),)
    # four seeds against one opponent: the variant wins seeds 1 and 2, the unchanged style 2 and 3
    results = [((), "heuristic", "2009", s, float(s in (2, 3))) for s in range(4)]
    results += [(v, "heuristic", "2009", s, float(s in (1, 2))) for s in range(4)]
    lines = knobs.report(results, [(), v], ["heuristic"], ["2009"])
    assert lines[1].startswith("trade=1: heuristic 0.500 [")
    assert "(2009 2; +1/-1)" in lines[1]
    assert lines[0].startswith("unchanged: heuristic 0.500")
