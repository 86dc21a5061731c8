"""A search level with some budget fields changed, against named opponents on fixed seeds, paired
game by game with the level as shipped: does the change win games the level does not?

An experiment harness, not a player: the variant is the level's budget (``level_budget``) with
``--set FIELD=VALUE`` applied (any field of ``typhoon.ai.search.Budget``, e.g.
``gated_anchor_z=0``) and ``--own NAME=VALUE`` added to its ``own_options`` (a keyword option
of the level's own policies only, never of the opponents it plays out, e.g. the heuristic's
``knob_g_axis_all=1``), ``--searched NAME=VALUE`` to its ``searched_options`` (the same, inside a
search only) and ``--extra NAME=VALUE[,...]`` one more candidate plan of its own (the policy
with those knobs, ``extra_candidates``; docs/ai.md, session 59), registered under a name in this
process only. A variant that changes no
decision plays the very games of the level (the player's seed is the game's, as in
``typhoon tournament``): so with ``--baseline`` the shipped level plays the same games too, and
the harness prints the games won only by the variant and only by the level. Run it with
``PYTHONHASHSEED=0``, as the tournaments of docs/ai.md were, to play their games.

``--journal FILE`` keeps the shipped level's games (``typhoon.ai.parallel.Journal``, the games
file of ``typhoon tournament --out``, each game with the hash of the code that played it): a
game FILE holds from this very code is taken from it, not played again, and the others are
played and added. So the level's games are played once for every variant screened on them while
the code stays the same, and a tournament's games file of the same seeds serves as well (its
games are these: the same players, edition and seed); a change to the code plays them again.

    PYTHONHASHSEED=0 .venv/bin/python bench/bench_level_variant.py --level search-hard \\
        --set decisive=4 --side soviet --opponents heuristic \\
        --seeds 100000-100009,200000-200009,300000-300009 --baseline --jobs 2

``--row FILE [FILE ...]`` plays nothing: it reads ``--out`` files (a row's German games and its
Soviet games, any editions) and prints the side-swapped score of each version against each
opponent over the seeds it played on both sides (``typhoon.ai.tournament.swapped_scores``: the
Wilson interval over the games and the paired one over the seeds, an edition's seed apart from
the other's), as ``typhoon tournament`` prints its rows. A game recorded twice counts once, the
later record. ``bench/records`` keeps the files of a measured row (its README says which).
``--against FILE [FILE ...]`` with ``--row`` reads those earlier files as the code before a change
and the ``--row`` files as the code after it, and prints both rows and, side by side, the games
of the same seeds each won that the other did not (no game of the earlier code played again):

    .venv/bin/python bench/bench_level_variant.py --row new-german.jsonl new-soviet.jsonl \\
        --against bench/records/heuristic-row/*.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import HUMAN, is_player_name, player_names, register  # noqa: E402
from typhoon.ai.match import play_game  # noqa: E402
from typhoon.ai.parallel import Job, Journal, code_version  # noqa: E402
from typhoon.ai.search import LEVELS, Budget, SearchPlayer, level_budget, policy_factory  # noqa: E402
from typhoon.ai.tournament import format_swapped, swapped_scores  # noqa: E402
from typhoon.core.errors import ParseError, TyphoonError  # noqa: E402
from typhoon.games import registry  # noqa: E402

# the module: the package's name ``evaluate`` is the function it exports
evaluate = importlib.import_module("typhoon.games.bfm.ai.evaluate")
SHIPPED_WEIGHTS = evaluate.WEIGHTS

from bench_bfm_knobs import seed_range  # noqa: E402  (this folder is first on the path)

VARIANT = "bench-variant"  # the variant's name for play_game, in this process only


def parse_set(texts: list[str]) -> dict[str, object]:
    """``FIELD=VALUE`` pairs as Budget fields: VALUE a number, ``none``, or numbers joined by
    ``/`` (a tuple, e.g. ``opponent_noise=0/0.5``); an unknown field is refused."""
    fields = {f.name for f in dataclasses.fields(Budget)}
    out: dict[str, object] = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq or name not in fields:
            raise SystemExit(f"--set {text!r}: expected FIELD=VALUE with FIELD one of {sorted(fields)}")
        try:
            if value.lower() == "none":
                out[name] = None
            elif "/" in value:
                out[name] = tuple(float(x) for x in value.split("/"))
            else:
                out[name] = int(value) if value.lstrip("-").isdigit() else float(value)
        except ValueError:
            raise SystemExit(f"--set {text!r}: {value!r} is not a number, none, or numbers joined by /") from None
    return out


def parse_knobs(texts: list[str], flag: str = "--own") -> tuple[tuple[str, float], ...]:
    """``knob_NAME=NUMBER`` pairs as keyword options of the game's policy, each tried on the policy
    first, so a name it does not take is refused here and not in a worker."""
    out: dict[str, float] = {}
    for text in texts:
        name, eq, value = text.partition("=")
        try:
            out[name] = float(value)
        except ValueError:
            raise SystemExit(f"{flag} {text!r}: expected knob_NAME=NUMBER (a heuristic knob), e.g. knob_g_axis_all=1") from None
        if not eq or not name.startswith("knob_"):  # the heuristic takes other keywords silently
            raise SystemExit(f"{flag} {text!r}: expected knob_NAME=NUMBER (a heuristic knob), e.g. knob_g_axis_all=1")
        try:
            policy_factory("bfm")(seed=0, **{name: out[name]})
        except (TypeError, ValueError) as e:
            raise SystemExit(f"{flag} {text!r}: {e}") from None
    return tuple(out.items())


def parse_own(texts: list[str], level: str) -> tuple[tuple[str, float], ...]:
    """``--own``: options of the level's own policies (``own_options``), after the level's own."""
    return tuple({**dict(level_budget(level, "bfm").own_options), **dict(parse_knobs(texts))}.items())


def parse_searched(texts: list[str], level: str) -> tuple[tuple[str, float], ...]:
    """``--searched``: options of the level's own policies inside a search only
    (``searched_options``), after the level's own."""
    return tuple({**dict(level_budget(level, "bfm").searched_options), **dict(parse_knobs(texts, "--searched"))}.items())


def parse_extra(texts: list[str], level: str) -> tuple[tuple[tuple[str, float], ...], ...]:
    """``--extra``: one more candidate plan each (``extra_candidates``), knobs joined by commas,
    after the level's own."""
    return (*level_budget(level, "bfm").extra_candidates, *(parse_knobs(t.split(","), "--extra") for t in texts))


def seeds_of(text: str) -> list[int]:
    """Comma-separated ``FIRST-LAST`` ranges (seed blocks), in order."""
    return [s for part in text.split(",") for s in seed_range(part)]


def use_weights(path: Path | None) -> None:
    """The leaf evaluation's weights for the game this process plays next (``play`` sets them
    back after it): those of the file at ``path`` (the format of ``eval_weights.json``), or the
    shipped ones for None. Every player of the game that evaluates positions uses them, as if the
    file had shipped."""
    evaluate.WEIGHTS = SHIPPED_WEIGHTS if path is None else path
    evaluate.weights.cache_clear()


def seated_job(name: str, side: str, opponent: str, edition: str, seed: int) -> Job:
    """Player ``name`` on ``side`` against ``opponent``: the game a tournament of the two plays
    with that edition and seed (for the level as shipped, its game in ``--journal``)."""
    first, second = (name, opponent) if side == "german" else (opponent, name)
    return Job(first, second, {"edition": edition}, seed, "bfm")


def record(variant: bool, side: str, opponent: str, edition: str, seed: int, result: dict, cpu: float | None) -> dict:
    """One line of ``--out``: the game's outcome for ``side`` (``result``: a GameResult's JSON,
    or the part of it used here); ``cpu`` None for a game taken from ``--journal``; ``code`` the
    hash of the code that played it (``typhoon.ai.parallel.code_version``, as a journal's): a
    record kept in the repository (``bench/records``) says which code it measured."""
    return {"variant": variant, "side": side, "opponent": opponent, "edition": edition, "seed": seed,
            "won": result["winner"] == side, "draw": result["winner"] is None, "reason": result["reason"],
            "actions": result["actions"], "cpu": cpu, "code": code_version()}


def play(job: tuple) -> dict:
    """One game of the variant (``changes``; with the evaluation's weights of the file named
    last in ``job``, if any) or of the level as shipped (``changes`` None; its GameResult's JSON
    under ``"result"``, in the form of a tournament's games file, for ``--journal``)."""
    level, changes, side, opponent, edition, seed, *weights = job
    use_weights(weights[0] if weights and changes is not None else None)
    name = level
    if changes is not None:
        name = VARIANT
        budget = replace(level_budget(level, "bfm", {"edition": edition}), **changes)
        register(VARIANT, lambda seed=0, **_: SearchPlayer(seed=seed, budget=budget, name=VARIANT, game="bfm"))
    seated = seated_job(name, side, opponent, edition, seed)
    cpu = time.process_time()
    try:
        _, result = play_game(seated.first, seated.second, dict(seated.options), seed, game_name=seated.game)
    finally:
        use_weights(None)
    outcome = {"winner": result.winner, "reason": result.reason, "actions": result.actions}
    out = record(changes is not None, side, opponent, edition, seed, outcome, time.process_time() - cpu)
    if changes is None:  # parallel.run_job's form
        out["result"] = {**result.to_json(), "options": dict(seated.options)}
    return out


def _read_games(paths: list[str], option: str, games: dict[tuple, dict], version: bool | None) -> None:
    """The games of ``--out`` files into ``games``, keyed (version, opponent, edition, seed,
    side): the version a line names (``variant``), or ``version`` for every line if given."""
    for path in paths:
        try:
            lines = Path(path).read_text().splitlines()
        except OSError as e:
            raise SystemExit(f"{option} {path}: {e.strerror}") from None
        for n, text in enumerate(lines, 1):
            try:
                r = json.loads(text)
                key = (r["variant"] if version is None else version, r["opponent"], r["edition"], r["seed"], r["side"])
                won, draw = bool(r["won"]), bool(r["draw"])
            except (ValueError, KeyError, TypeError):
                raise SystemExit(f"{option} {path}, line {n}: not a game of --out") from None
            if key[4] not in ("german", "soviet"):
                raise SystemExit(f"{option} {path}, line {n}: side {key[4]!r}")
            other = "soviet" if key[4] == "german" else "german"
            games[key] = {"winner": None if draw else key[4] if won else other, "score": won + 0.5 * draw}


def row(paths: list[str], against: list[str] | None = None) -> list[str]:
    """``--row``: the side-swapped table of the games in ``--out`` files (``record``'s lines), one
    row per version (the variant, the level as shipped) and opponent. With ``against`` (earlier
    ``--out`` files, e.g. ``bench/records``) every game of ``paths`` is the new code's and every
    game of ``against`` the earlier code's, whatever their lines say: both rows, then, for each
    side, the games of the same seed, edition and opponent each version won and the other did
    not (a draw against a loss counts)."""
    games: dict[tuple, dict] = {}
    _read_games(paths, "--row", games, True if against else None)
    if against:
        _read_games(against, "--against", games, False)
    names = {True: "now", False: "before"} if against else {True: "variant", False: "as shipped"}
    lines = []
    for variant in (True, False):
        name = names[variant]
        for opponent in sorted({k[1] for k in games if k[0] == variant}):
            results = []
            for (v, o, edition, seed, side), g in games.items():
                if v == variant and o == opponent:
                    other = "soviet" if side == "german" else "german"
                    results.append({side: name, other: opponent, "winner": g["winner"], "seed": f"{edition}:{seed}"})
            rows = swapped_scores([name, opponent], results, ("german", "soviet"))
            lines += format_swapped(rows, ("german", "soviet"), {}) if rows else [
                f"{name} against {opponent}: no seed played on both sides"]
    for opponent in sorted({k[1] for k in games}) if against else ():
        for side in ("german", "soviet"):
            pairs = [(g["score"], games[(False, *k[1:])]["score"]) for k, g in games.items()
                     if k[0] and k[1] == opponent and k[4] == side and (False, *k[1:]) in games]
            if pairs:
                lines.append(f"as {side} against {opponent}, {len(pairs)} games played by both: now "
                             f"{sum(a for a, _ in pairs):g}, before {sum(b for _, b in pairs):g} (better now "
                             f"{sum(a > b for a, b in pairs)}, better before {sum(b > a for a, b in pairs)})")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="search-hard")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="a Budget field of the variant")
    ap.add_argument("--own", action="append", default=[], metavar="NAME=VALUE",
                    help="a keyword option of the variant's own policies only (Budget.own_options), "
                         "e.g. knob_g_axis_all=1")
    ap.add_argument("--searched", action="append", default=[], metavar="NAME=VALUE",
                    help="a keyword option of the variant's own policies inside a search only "
                         "(Budget.searched_options, over its own options), e.g. knob_g_axis_all=0")
    ap.add_argument("--extra", action="append", default=[], metavar="NAME=VALUE[,NAME=VALUE]",
                    help="one more candidate plan of the variant's own, the policy with these knobs "
                         "(Budget.extra_candidates), e.g. knob_g_axis_all=1")
    ap.add_argument("--side", choices=("german", "soviet", "both"), default="both", help="the variant's side")
    ap.add_argument("--opponents", default="heuristic")
    ap.add_argument("--seeds", default="100000-100009,200000-200009,300000-300009", help="FIRST-LAST[,FIRST-LAST...]")
    ap.add_argument("--editions", default="2009,1986")
    ap.add_argument("--baseline", action="store_true", help="also play the level as shipped on the same games")
    ap.add_argument("--journal", metavar="FILE",
                    help="with --baseline: the level's games from FILE where it holds them from this code "
                         "(a typhoon tournament --out file too), the others played and added to it")
    ap.add_argument("--weights", type=Path, metavar="FILE",
                    help="the variant's leaf evaluation weights (eval_weights.json's format, e.g. written by "
                         "python -m typhoon.games.bfm.ai.evaluate --fit --out FILE); every player of a variant "
                         "game that evaluates positions uses them")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="a JSON-lines file of every game")
    ap.add_argument("--row", nargs="+", metavar="FILE",
                    help="play nothing: the side-swapped score of the games in these --out files")
    ap.add_argument("--against", nargs="+", metavar="FILE",
                    help="with --row: earlier --out files (e.g. bench/records): the --row files' games are "
                         "the new code's, these the earlier code's; both rows and the games each won alone")
    args = ap.parse_args()
    if args.against and not args.row:
        raise SystemExit("--against compares with the games of --row: give --row FILE too")
    if args.row:
        print("\n".join(row(args.row, args.against)))
        return
    changes = parse_set(args.set)
    if args.level not in LEVELS:
        raise SystemExit(f"--level {args.level!r}: not a search level; levels: {list(LEVELS)}")
    if args.own:
        changes["own_options"] = parse_own(args.own, args.level)
    if args.searched:
        changes["searched_options"] = parse_searched(args.searched, args.level)
    if args.extra:
        changes["extra_candidates"] = parse_extra(args.extra, args.level)
    opponents = args.opponents.split(",")  # any computer player, offered or only accepted by name
    unknown = [o for o in opponents if o == HUMAN or not is_player_name(o, "bfm")]
    if unknown:
        raise SystemExit(f"--opponents: unknown player(s) {unknown}; players: {player_names('bfm')[1:]}")
    editions = args.editions.split(",")
    for edition in editions:
        try:
            registry.get("bfm").normalise_options({"edition": edition})
        except ParseError as e:
            raise SystemExit(f"--editions: {e}") from None
    if args.weights is not None:
        try:  # the evaluation's own checks (the features it knows, each edition's weights)
            use_weights(args.weights)
            for edition in editions:
                evaluate.weights(registry.get("bfm").normalise_options({"edition": edition})["edition"])
        except RuntimeError as e:
            raise SystemExit(f"--weights: {e}") from None
        finally:
            use_weights(None)
    sides = ("german", "soviet") if args.side == "both" else (args.side,)
    games = [(side, o, e, s) for side in sides for o in opponents for e in editions
             for s in seeds_of(args.seeds)]
    if args.journal and not args.baseline:
        raise SystemExit("--journal keeps the games of the level as shipped: give --baseline too")
    try:
        journal = Journal(args.journal) if args.journal else None
    except TyphoonError as e:
        raise SystemExit(f"--journal: {e}") from None
    versions = [changes, None] if args.baseline else [changes]
    jobs, results = [], []
    for v in versions:
        for g in games:
            kept = journal.get(seated_job(args.level, *g)) if journal and v is None else None
            if kept is None:
                jobs.append((args.level, v, *g, args.weights))
            else:
                results.append(record(False, *g, kept, None))
    out = open(args.out, "w") if args.out else None  # noqa: SIM115  (written game by game, as they end)
    for r in results if out else ():
        out.write(json.dumps(r) + "\n")
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(play, jobs):
            played = r.pop("result", None)
            if journal and played is not None:
                journal.write(seated_job(args.level, r["side"], r["opponent"], r["edition"], r["seed"]), played)
            results.append(r)
            if out:
                out.write(json.dumps(r) + "\n")
                out.flush()
    if out:
        out.close()
    if journal:
        journal.close()
        print(f"--journal {args.journal}: {sum(r['cpu'] is None for r in results)} of the level's games taken "
              f"from it, {sum(not r['variant'] and r['cpu'] is not None for r in results)} played and added"
              + (f" ({journal.stale} of other code in it, not used)" if journal.stale else ""))
    score = {(r["variant"], r["side"], r["opponent"], r["edition"], r["seed"]): r["won"] + 0.5 * r["draw"] for r in results}
    cpu = sorted(r["cpu"] for r in results if r["variant"])
    weights = f" and the weights of {args.weights}" if args.weights else ""
    print(f"{args.level} with {changes}{weights} against {args.opponents}, seeds {args.seeds}, editions {args.editions}; "
          f"median CPU s a variant game {cpu[len(cpu) // 2]:.1f}")
    for side in sides:
        for opponent in opponents:
            for edition in [*editions, "all"] if len(editions) > 1 else editions:
                keys = [g for g in games if g[0] == side and g[1] == opponent and edition in ("all", g[2])]
                v = [score[(True, *k)] for k in keys]
                line = f"  as {side} against {opponent}, {edition}: variant {sum(v):g}/{len(keys)}"
                if args.baseline:
                    b = [score[(False, *k)] for k in keys]
                    line += (f", as shipped {sum(b):g}/{len(keys)} (better only by the variant "
                             f"{sum(x > y for x, y in zip(v, b))}, only as shipped {sum(y > x for x, y in zip(v, b))})")
                print(line)


if __name__ == "__main__":
    main()
