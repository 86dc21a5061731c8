"""Research interfaces (the optional extra ``.[research]``): OpenSpiel game, PettingZoo and
Gymnasium environments, and an MCP server for an LLM seat. See docs/research.md.

Nothing is imported here, so ``import typhoon.research`` works without the extra installed;
each submodule needs its own library (``openspiel_game``: open_spiel; ``pettingzoo_env``:
pettingzoo; ``gym_env``: gymnasium; ``mcp_server``: mcp).
"""
