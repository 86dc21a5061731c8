"""scripts/build_compiled.py refuses a module whose generated C computes in C what Python
computes with its own unbounded integers: a C shift (bits lost) or a C power (a float where
Python gives an exact integer: ``2 ** (8 * len(mac))`` in typhoon/core/dice.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _build_script():
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "scripts" / "build_compiled.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_c_shifts_and_c_powers_are_refused_python_operations_are_not(tmp_path):
    script = _build_script()
    c = tmp_path / "m.c"
    c.write_text("\n".join([
        "  __pyx_t_3 = (1 << __pyx_t_7);",  # a C shift
        "  __pyx_t_5 = PyFloat_FromDouble(pow(2.0, ((double)__pyx_t_9)));",  # what dice.py's 2 ** n became
        "  __pyx_t_1 = PyNumber_Lshift(__pyx_v_one, __pyx_t_2);",  # Python's shift
        "  __pyx_t_1 = PyNumber_Power(__pyx_int_2, __pyx_t_2, Py_None);",  # Python's power
        "  /* pow(2.0, x) in a comment */",
        " * 1 << __pyx_t_7",
    ]))
    bad = script.c_shifts(c)
    assert bad == ["__pyx_t_3 = (1 << __pyx_t_7);", "__pyx_t_5 = PyFloat_FromDouble(pow(2.0, ((double)__pyx_t_9)));"]



def test_a_build_made_otherwise_than_asked_is_stale(tmp_path, monkeypatch):
    """A profile-guided build is rebuilt by a plain request and the other way round; the
    instrumented build of a training run that never finished is stale either way."""
    script = _build_script()
    monkeypatch.setattr(script, "OUT", tmp_path)
    module = "typhoon.core.bitboard"
    (tmp_path / "m.so").write_bytes(b"")
    entry = {"file": "m.so", "sha256": script.sha256(script.source_file(module)), "directives": script.directives_key()}
    assert script.up_to_date(module, {**entry, "build": "pgo"}, pgo=True)
    assert not script.up_to_date(module, {**entry, "build": "pgo"}, pgo=False)
    assert script.up_to_date(module, {**entry, "build": "plain"}, pgo=False)
    assert not script.up_to_date(module, {**entry, "build": "plain"}, pgo=True)
    assert not script.up_to_date(module, {**entry, "build": "instrumented"}, pgo=True)
    assert not script.up_to_date(module, entry, pgo=True)  # a manifest from before this field


def test_no_compiled_module_is_one_run_with_python_m():
    """``python -m`` needs a module's code object, which a compiled build has not: a module with
    a ``__main__`` block (typhoon/games/bfm/ai/evaluate.py's ``--fit``) stays pure Python."""
    script = _build_script()
    runnable = [m for m in script.MODULES if "__main__" in script.source_file(m).read_text(encoding="utf-8")]
    assert runnable == []


def test_no_compiled_module_finds_its_files_beside_itself():
    """A compiled module's ``__file__`` is its build in ``typhoon/_compiled/``, where none of the
    package's data files are (session 36: the evaluation's weights, then Drive on Moscow's
    kit, were looked for there): a built module finds them through its package
    (``importlib.resources.files(__package__)``)."""
    script = _build_script()
    beside = [m for m in script.MODULES if "__file__" in script.source_file(m).read_text(encoding="utf-8")]
    assert beside == []
