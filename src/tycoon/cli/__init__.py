"""The `tycoon` command line (typer + rich): editions, play, simulate, replay, bench."""
