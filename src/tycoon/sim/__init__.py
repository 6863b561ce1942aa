"""Simulation: play many games with bots, in parallel, and summarise them."""
