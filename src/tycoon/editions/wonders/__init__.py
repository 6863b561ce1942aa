"""The wonders edition: Monopoly Wonders of the World (spec: wonders.md, rules W-1 to W-101)."""
