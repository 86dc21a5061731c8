"""Typhoon: a rules-enforcing engine for the hex-and-counter wargames of the 1941 Battle of Moscow."""

__version__ = "0.1.0"

from . import compiled as _compiled  # noqa: E402 (first: compiled builds of unchanged hot modules, if any)

_compiled.install()


def _install_game_registry() -> None:
    # The core finds game packages by name (save records name their game) without importing
    # any game: the registry is plugged in here, above the layers (docs/architecture.md).
    from .core import contract

    def get(name: str):
        from .games import registry

        return registry.get(name)

    contract.set_resolver(get)

    def svg(game):
        from .render import svg as render_svg

        return render_svg(game)

    contract.set_renderer(svg)


_install_game_registry()
