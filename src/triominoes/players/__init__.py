"""Players who come back: the rules of accounts, ratings and quick match,
as plain functions (no I/O, no database, no asyncio).

- :mod:`.names`: what a player's name may be, and when two are the same;
- :mod:`.passwords`: storing and checking passwords (argon2id);
- :mod:`.ratings`: the skill model (OpenSkill's Plackett-Luce), the
  displayed scale, provisional ratings, places from a game's totals, the
  bots' seeds;
- :mod:`.results`: what a finished game says of each seat (place, points,
  hexagons, bridges) for profiles and ratings;
- :mod:`.matching`: quick match, the pairing of waiting tickets by a window
  of ratings that widens while they wait.

The server (:mod:`triominoes.server.accounts`, :mod:`triominoes.server.queue`)
and the store only wire these.
"""
