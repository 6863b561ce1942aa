"""Records (edition, options, players, seed, actions), snapshots and views."""
