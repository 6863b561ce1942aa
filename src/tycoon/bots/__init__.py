"""Bots: the `Bot` protocol and the built-in players (random, heuristic)."""

from tycoon.bots.base import Bot, make_bot

__all__ = ["Bot", "make_bot"]
