"""Triominoes: an exact rules engine, AI players and tournaments."""

__version__ = "0.2.0"
