"""The online game server (docs/protocol.md; the contract: server.md).

Authoritative: it deals (with the operating system's randomness), checks
every action with the engine, commits it, acknowledges it and sends each
client only its own view. ``triominoes serve`` runs it.
"""
