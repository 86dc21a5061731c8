"""Pictures of tournaments and balance studies (matplotlib, PNG/SVG/PDF, or an HTML page)."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from .base import DEFAULT_GAME


def _sides(doc: dict[str, Any]) -> tuple[str, str]:
    """The game's two sides, as the document names them."""
    from .tournament import two_sides

    return tuple(doc["sides"]) if doc.get("sides") else two_sides(doc.get("game", DEFAULT_GAME))  # type: ignore[return-value]


def _side_names(doc: dict[str, Any]) -> tuple[str, str]:
    from ..games import registry

    names = registry.get(doc.get("game", DEFAULT_GAME)).side_names
    return tuple(names.get(s, s) for s in _sides(doc))  # type: ignore[return-value]


def _fig_tournament(doc: dict[str, Any]):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    players = sorted(doc["players_summary"], key=lambda p: -doc["players_summary"][p]["rating"])
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
    ratings = [doc["players_summary"][p]["rating"] for p in players]
    ax1.barh(players[::-1], ratings[::-1], color="#4a6fa5")
    ax1.set_xlabel("Bradley-Terry rating (Elo scale, mean 0)")
    ax1.set_title("Ratings")
    x = range(len(players))
    first, second = _sides(doc)
    for k, side, colour in ((-0.2, f"as_{first}", "#555555"), (0.2, f"as_{second}", "#b03030")):
        s = [doc["players_summary"][p][side]["score"] for p in players]
        lo = [doc["players_summary"][p][side]["score_ci95"][0] for p in players]
        hi = [doc["players_summary"][p][side]["score_ci95"][1] for p in players]
        ax2.bar([i + k for i in x], s, width=0.4, color=colour, label=side.replace("as_", "as "),
                yerr=[[a - b for a, b in zip(s, lo)], [b - a for a, b in zip(s, hi)]], capsize=3)
    ax2.set_xticks(list(x), players, rotation=20)
    ax2.set_ylim(0, 1.15)
    ax2.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax2.set_ylabel("score (win 1, draw 1/2), 95% CI")
    ax2.legend(loc="upper center", ncol=2, frameon=False)
    ax2.set_title(f"{doc['total_games']} games, {doc['games_per_pair']} per ordered pair")
    fig.tight_layout()
    return fig


def _fig_study(doc: dict[str, Any]):
    """Each pair's side-swapped score overall (bar, 95% Wilson interval) and in each cell
    (block and option value: dots), against the line of equal strength."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = doc["overall"]
    labels = [f"{r['a']} vs {r['b']}" for r in rows]
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.6 * len(rows) + 1.5)))
    y = list(range(len(rows)))[::-1]
    s = [r["score"] for r in rows]
    err = [[a - r["score_ci95"][0] for a, r in zip(s, rows)], [r["score_ci95"][1] - a for a, r in zip(s, rows)]]
    ax.barh(y, s, color="#4a6fa5", xerr=err, capsize=3, label="overall, 95% CI")
    for yi, r in zip(y, rows):
        cell = [c2["score"] for c in doc["cells"] for c2 in c["swapped"] if (c2["a"], c2["b"]) == (r["a"], r["b"])]
        label = "one cell (block, option value)" if yi == y[0] else None
        ax.plot(cell, [yi] * len(cell), "o", color="#b03030", ms=4, label=label)
    ax.axvline(0.5, color="#555555", lw=1, ls="--")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("A's side-swapped score (0.5 = equal strength)")
    values = [v for v in doc["values"] if v is not None]
    where = f" x {len(values)} {doc['option']}(s)" if values else ""
    ax.set_title(f"{len(doc['blocks'])} seed block(s){where}, {doc['games_per_block']} seed(s) per block")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    fig.tight_layout()
    return fig


def _fig_balance(doc: dict[str, Any]):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = doc["cells"]
    vary = list(doc.get("vary") or {})
    labels = ["\n".join([*(str(c[k]) for k in vary), c["variant"]]) for c in cells]
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(cells)), 4.5))
    x = range(len(cells))
    first, second = _sides(doc)
    a_name, b_name = _side_names(doc)
    for k, (rate, ci, colour, name) in enumerate(((f"{first}_win_rate", f"{first}_win_ci95", "#555555", f"{a_name} win"),
                                                   ("draw_rate", "draw_ci95", "#c9a227", "draw"),
                                                   (f"{second}_win_rate", f"{second}_win_ci95", "#b03030", f"{b_name} win"))):
        v = [c[rate] for c in cells]
        err = [[a - c[ci][0] for a, c in zip(v, cells)], [c[ci][1] - a for a, c in zip(v, cells)]]
        ax.bar([i + (k - 1) * 0.27 for i in x], v, width=0.27, color=colour, label=name, yerr=err, capsize=3)
    ax.set_xticks(list(x), labels)
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("rate, 95% Wilson CI")
    ax.set_title(f"{doc[first]} vs {doc[second]}: {doc['games']} games per cell")
    ax.legend(loc="upper center", ncol=3, frameon=False)
    fig.tight_layout()
    return fig


def save_plot(doc: dict[str, Any], path: str, kind: str, text: str = "") -> str:
    """Write the picture of a tournament (kind 'tournament'), a tournament over seed blocks
    ('study') or a balance study ('balance'). A path ending in .html gets a page with the
    picture and the table ``text``."""
    figures = {"tournament": _fig_tournament, "study": _fig_study, "balance": _fig_balance}
    fig = figures[kind](doc)
    p = Path(path)
    if p.suffix.lower() == ".html":
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110)
        img = base64.b64encode(buf.getvalue()).decode()
        p.write_text(f"<!doctype html><meta charset='utf-8'><title>Typhoon {kind}</title>"
                     f"<h1>Typhoon {kind}</h1><img src='data:image/png;base64,{img}'><pre>{html.escape(text)}</pre>")
    elif p.suffix.lower() in (".png", ".svg", ".pdf"):
        fig.savefig(p, dpi=110)
    else:
        raise ValueError(f"{path}: the plot must end in .png, .svg, .pdf or .html")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return str(p)
