"""The `help` text of the terminal game, per edition: the shared commands, then the actions
of the edition being played (markup written here only; no user text)."""

from __future__ import annotations

COMMON = """\
Type the [bold]number[/] of a listed action, or any legal action as text. Amounts are
free: [bold]bid 255[/] is accepted whenever the rules allow it, listed or not.
Squares are board numbers (see [bold]board[/]); players are seat numbers.
Commands (the menu is shown again after each):
  [bold]help[/]       this text           [bold]board[/]  the board and the players
  [bold]info S[/]     square S in full    [bold]log[/]    the last 100 events
  [bold]more[/]       the whole menu      [bold]wait[/]   ask me at the next out-of-turn window
  [bold]save FILE[/]  save the record     [bold]quit[/]   leave (you are asked whether to save)
The game autosaves after every action; [bold]tycoon play --resume[/] goes on with the latest.
In an out-of-turn window press Enter (or type [bold]pass[/]) to let the game go on."""

EDITION = {
    "classic": """\
Classic (Eurobiznes): [bold]roll[/], [bold]buy[/] / [bold]auction[/],
  [bold]bid N[/] / [bold]pass[/], [bold]claim P[/] (rent is paid only if you claim it,
  before the next roll),
  [bold]build S[/] (pre-roll phase only: at most 3 houses, 1 per city, evenly),
  [bold]sell-deed 1,3 to 2 for 500[/] (pre-roll phase, no buildings anywhere, A-14),
  [bold]mortgage S[/] / [bold]unmortgage S[/]; in jail: [bold]serve[/], [bold]pay-fine[/]
  ($100 and roll: no double costs $300 more) or [bold]use-card[/].""",
    "wonders": """\
Wonders: [bold]roll[/] (a double rolls again; the third jails), [bold]buy[/] / [bold]auction[/],
  [bold]claim P[/], [bold]build S[/] / [bold]build-hotel S[/], [bold]mark S[/] (free flight),
  [bold]trade 2 give 1,3 get - cash -500[/] (you get 500 from seat 2),
  in jail: [bold]pay-fine[/], [bold]use-card[/] or [bold]roll[/] for a double.""",
    "builder": """\
Builder: [bold]floor L pay 1r,1g[/] (a floor on cell L), [bold]bank-trade r for y[/] (4 for 1),
  [bold]discard R[/], [bold]steal P R[/], [bold]exchange 1r,1p for g[/], [bold]take R[/],
  [bold]force P take R give R[/], [bold]trade P give 2r get 1y cash N[/],
  [bold]claim P[/], [bold]buy[/] / [bold]auction[/], [bold]bid N[/] / [bold]pass[/]
  ([bold]fold[/] passes for good: a new bid will not ask you again).""",
    "metropol": """\
Metropol: [bold]roll[/] (three dice), [bold]bid N[/] (exactly +50,000) / [bold]pass[/] (final),
  [bold]veto[/] (take the permit for 50,000 more), [bold]block B[/] (0 to 35, at most 2 a turn),
  [bold]go S[/] (triples or City Hall), [bold]cross[/], [bold]put-up S[/] (a debtor's auction),
  [bold]call-out P[/], [bold]trade ...[/] and [bold]end-turn[/].""",
}


def help_text(edition_id: str) -> str:
    own = EDITION.get(edition_id, "")
    return f"{COMMON}\n{own}" if own else COMMON
