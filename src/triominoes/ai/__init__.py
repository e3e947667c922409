"""Computer players. They see the game only through a per-player view."""

from triominoes.ai.player import Player
from triominoes.ai.registry import LEVELS, PLAYERS, make_player, player_names

__all__ = ["LEVELS", "PLAYERS", "Player", "make_player", "player_names"]
