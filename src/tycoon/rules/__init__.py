"""Shared mechanics as functions over GameState, parameterised by the edition."""
