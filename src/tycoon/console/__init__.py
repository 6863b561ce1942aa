"""Terminal text shared by the `tycoon` command and the server's command line: safe text for a
terminal (`safe`) and the one-line errors of a typer app (`oneline`). It imports nothing of
the package, so both may use it."""
