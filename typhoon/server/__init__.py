"""The authoritative game server (FastAPI) and its storage; see docs/api.md."""
