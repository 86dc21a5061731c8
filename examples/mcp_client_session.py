"""An MCP client session with the LLM seat, using the official SDK's stdio client: what an LLM
host does, scripted. Starts ``python -m typhoon.research.mcp_server`` (same as ``typhoon mcp``).

    python examples/mcp_client_session.py
"""

from __future__ import annotations

import asyncio
import sys

from mcp import StdioServerParameters
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client


async def call(session: ClientSession, tool: str, **args) -> str:
    result = await session.call_tool(tool, args)
    text = result.content[0].text
    print(f"\n>>> {tool}({', '.join(f'{k}={v!r}' for k, v in args.items())}){'  [tool error]' if result.is_error else ''}")
    print(text if len(text) < 1500 else text[:1500] + "\n...")
    return text


async def main() -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "typhoon.research.mcp_server"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            print("tools:", ", ".join(t.name for t in tools.tools))
            await call(session, "new_game", game="bfm", side="german", opponent="heuristic", seed=1)
            await call(session, "odds", attackers=["V", "IX"], target="0304")
            await call(session, "legal_actions", unit="IX")
            await call(session, "act", action="move IX 0909")  # illegal: comes back as a tool error
            await call(session, "act", action="attack V 0304")
            await call(session, "act", action="attack IX 0304")
            await call(session, "act", action="commit")
            await call(session, "describe")
            await call(session, "log", last=5)


if __name__ == "__main__":
    asyncio.run(main())
