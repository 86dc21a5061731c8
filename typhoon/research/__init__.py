"""Research interfaces (the optional extra ``.[research]``) for every Typhoon game: OpenSpiel games,
PettingZoo and Gymnasium environments, and an MCP server for an LLM seat. See docs/research.md.

Each adapter names a game (``"bfm"`` by default) and reaches it only through
``typhoon.games.registry.get(game)`` and the contract (``common``): the package's research encoding,
views, descriptions and previews. Observations are made from what the observing player may know.

Nothing is imported here, so ``import typhoon.research`` works without the extra installed;
each submodule needs its own library (``openspiel_game``: open_spiel; ``pettingzoo_env``:
pettingzoo; ``gym_env`` and ``vector`` (many games in one loop or over processes): gymnasium;
``sb3`` (the vector environments as a Stable-Baselines3 ``VecEnv``): the extra ``.[rl]``;
``mcp_server``: mcp).
"""
