"""Triominoes: an exact rules engine, AI players and tournaments."""

__version__ = "0.3.0"
