"""Research interfaces (the optional extra ``.[research]``) for every Typhoon game: OpenSpiel games,
PettingZoo and Gymnasium environments, and an MCP server for an LLM seat. See docs/research.md.

Each adapter names a game (``"bfm"`` by default) and reaches it only through
``typhoon.games.registry.get(game)`` and the contract (``common``): the package's research encoding,
views, descriptions and previews. Observations are made from what the observing player may know.

Nothing is imported here, so ``import typhoon.research`` works without the extra installed;
each submodule needs its own library (``openspiel_game``: open_spiel; ``pettingzoo_env``:
pettingzoo; ``gym_env``: gymnasium; ``mcp_server``: mcp).
"""
