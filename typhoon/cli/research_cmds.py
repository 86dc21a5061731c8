"""Research commands: ``typhoon mcp`` (the LLM seat, an MCP server on stdio)."""

from __future__ import annotations

import click

from . import main


@main.command("mcp")
def mcp_command() -> None:
    """Run the MCP server of the LLM seat on stdio (needs the research extra: pip install '.[research]')."""
    try:
        from ..research.mcp_server import main as serve
    except ModuleNotFoundError as e:
        raise click.ClickException(f"the MCP server needs the research extra ({e.name} is missing): pip install '.[research]'")
    serve()
