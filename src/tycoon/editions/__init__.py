"""Editions: board data, options and hooks of each rulebook."""
