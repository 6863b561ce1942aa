"""Terminal play: humans and bots at one table, drawn with rich.

The game loop is `tycoon.sim.driver.step` for chance and bots. Human seats (None in the
bot list) are asked:
- at their own decisions (pre-roll, buy, auction bid, debt, offer, jail, end of turn, ...);
- at every response window (before a pre-roll, jail or end-of-turn decision of any seat)
  in which they have an out-of-turn action (claim rent, mortgage, sell a building,
  redeem, offer a card): seats are asked in turn order after the one about to act, exactly
  as `driver.poll_window` asks bots; a human may take several actions, and Enter passes.
  With `windows="claims"` a human is only asked when a rent claim is open for him.

  By default (`windows="claims"`) a human is asked out of turn only when a rent claim is
  open for him, or when he asked for the next window with `wait`.

At a prompt the human types the number of a listed action or any legal action text
(`bid 255`, `sell-deed 1,3 to 2 for 500`), or a command (`help`, `board`, `info S`, `log`,
`more`, `wait`, `fold`, `save FILE`, `quit`); after a command the menu is shown again. A
refused action is explained (rule id and reason, `tycoon.rules.why`). Nothing typed or
named is ever read as Rich markup (`tycoon.console.safe`).

The game autosaves before every prompt (`tycoon.cli.autosave`); Ctrl-C and Ctrl-D ask
whether to save to a file before leaving, and `save` asks before overwriting a file.
Every panel, table and summary is drawn from the public view (`tycoon.records.view`) and
the edition's static board (`Edition.board_view`), never from edition internals; the
edition's own parts follow the view's keys (docs/views.md): where the players carry a
`passport` (wonders), the players table has a Passport column (marked wonders / all
wonders) and a panel lists every player's marked wonders; a `city` or `builder` key adds
its panel; each seat's score is the view's `scores`, named by the board's `score_name`.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tycoon.api import apply_action, is_legal, legal_actions, parse_action
from tycoon.bots.base import Bot
from tycoon.cli.autosave import Autosave, write_atomic
from tycoon.cli.builder_panels import render_builder
from tycoon.cli.help import help_text
from tycoon.cli.info import DEEDS, info_panel
from tycoon.cli.menu import menu_rows
from tycoon.cli.metropol_view import render_city
from tycoon.console.safe import clean, esc
from tycoon.engine import frames as F
from tycoon.engine.actions import Action, Kind
from tycoon.engine.errors import ActionParseError, IllegalActionError, TycoonError
from tycoon.engine.events import Event
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.describe import describe, describe_action
from tycoon.records.record import record_json
from tycoon.records.view import public_view
from tycoon.rules.property import HOTEL, redeem_cost
from tycoon.rules.why import money, why_illegal
from tycoon.sim.driver import LazyLegal, in_window, step

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "bright_red", "bright_blue")
GROUP_COLOURS = (
    "rgb(150,90,50)",
    "bright_cyan",
    "bright_magenta",
    "dark_orange",
    "red",
    "yellow",
    "green",
    "blue",
    "grey62",
    "grey62",
)
LOG_LIMIT = 40
"""At most this many new events are printed before a prompt (`log` shows more)."""

MAX_LINE = 500
"""Longer input lines are refused unread."""

Asker = Callable[[str], "str | None"]


class QuitGame(Exception):
    """The human left the game."""


class _Reprint(Exception):
    """A command was handled: show the menu again."""


def _console_input(console: Console) -> Asker:
    def ask(prompt: str) -> str | None:
        try:
            return console.input(Text.from_markup(prompt))
        except EOFError:
            return None
        except (RuntimeError, OSError, ValueError):  # stdin closed (`<&-`) or lost
            return None

    return ask


def typed_action(st: GameState, line: str) -> Action:
    """The action a human typed at the prompt. The engine reads only an action's one text
    form; here case and spacing are forgiven (`ROLL`, `Bid  255`, `sell-card b14 to 1 for
    50`), nothing else (`bid +5` is refused with the form to write)."""
    try:
        return parse_action(st, line)
    except ActionParseError as e:
        if e.expected and e.expected.casefold().split() == line.casefold().split():
            return parse_action(st, e.expected)
        raise


class TerminalGame:
    """One game played at the terminal; `run()` plays it to the end or until `quit`."""

    def __init__(
        self,
        st: GameState,
        bots: Sequence[Bot | None],
        console: Console,
        ask: Asker | None = None,
        windows: str = "all",
        autosave: Autosave | None = None,
    ) -> None:
        if len(bots) != st.n:
            raise ValueError(f"{st.n} seats but {len(bots)} players given")
        self.st = st
        self.board = st.edition.board_view()
        """The edition's static board (`Edition.board_view`): every panel, table and line is
        drawn from it and from the public view (`public_view`), never from edition
        internals."""
        self.card_texts = {
            c["id"]: c["text"] for deck in self.board["decks"] for c in deck["cards"]
        }
        self.bots = list(bots)
        self.console = console
        self.ask = ask or _console_input(console)
        self.windows = windows
        self.shown = 0
        """Events already printed."""
        self.polled = -1
        """History length at which the last response window before a human decision ran."""
        self.board_turn = -1
        """The turn in which the board was last drawn."""
        self.window_tip_shown = False
        self.autosave = autosave
        self.wants_window: set[int] = set()
        """Seats that asked (`wait`) to be asked at the next out-of-turn window."""
        self.folded: set[tuple[int, int, int]] = set()
        """(seat, square, turn): auctions in which a seat passes for good (`fold`)."""
        self.expand = False
        """The next menu is shown in full (`more`)."""
        self.at_prompt = False
        self.interrupted = False

    # --- main loop ----------------------------------------------------------------------

    def run(self) -> bool:
        """Play on; True if the game ended, False if the human left. Ctrl-C while the bots
        play is held until the current action is done (the state is never left half
        changed), then the human is asked whether to save."""
        old = None
        with contextlib.suppress(ValueError):  # not the main thread: Ctrl-C as it was
            old = signal.signal(signal.SIGINT, self._sigint)
        try:
            while True:
                try:
                    return self._run()
                except KeyboardInterrupt:
                    self.console.print()
                    if self._leave("Interrupted"):
                        return False
        finally:
            if old is not None:
                signal.signal(signal.SIGINT, old)
            self._autosave()

    def _sigint(self, signum: int, frame: FrameType | None) -> None:
        if self.at_prompt:
            raise KeyboardInterrupt
        self.interrupted = True

    def _run(self) -> bool:
        st = self.st
        try:
            while not st.termination:
                if self.interrupted:
                    self.interrupted = False
                    raise KeyboardInterrupt
                if self._humans_out():
                    return False
                cur = st.current_player
                if cur == CHANCE:
                    step(st, self.bots)
                    continue
                bot = self.bots[cur]
                top = st.stack[-1]
                window = in_window(st)
                if bot is not None:
                    if not (window and self._humans_to_ask(cur)):
                        step(st, self.bots)
                        continue
                    # As driver.step, with the humans asked in their turn-order place.
                    self._poll(cur)
                    if st.stack[-1] is top and not st.termination:
                        apply_action(st, bot.choose(st, cur, LazyLegal(st, cur)), cur)
                    continue
                if window and self.polled != len(st.history):
                    self._poll(cur)
                    self.polled = len(st.history)
                    if st.stack[-1] is not top or st.termination:
                        continue
                self._human_decision(cur)
        except QuitGame:
            return False
        self._flush_log()
        self.show_outcome()
        return True

    def _humans_out(self) -> bool:
        """Every human seat is out (bankrupt or departed): say so and stop, instead of
        letting the bots play on unseen."""
        st = self.st
        humans = [p for p, b in enumerate(self.bots) if b is None]
        if not humans or any(st.alive[p] and st.edition.in_play(st, p) for p in humans):
            return False
        self._flush_log()
        self.console.print(
            Text(
                "Every human player is out of the game; the game stops here "
                "(resume it with bots only to watch the rest).",
                style="bold yellow",
            )
        )
        self.console.print(self.players_table())
        return True

    def _humans_to_ask(self, cur: int) -> bool:
        st = self.st
        return any(
            b is None and s != cur and st.alive[s] and self._window_actions(s)
            for s, b in enumerate(self.bots)
        )

    def _window_actions(self, seat: int) -> list[Action]:
        """What `seat` may do in an out-of-turn window, if the window should open for him:
        always with `windows="all"`, else only for a rent claim or after `wait`."""
        acts = legal_actions(self.st, seat)
        if (
            self.windows == "claims"
            and seat not in self.wants_window
            and not any(a.kind == Kind.CLAIM for a in acts)
        ):
            return []
        return acts

    def _poll(self, cur: int) -> None:
        """A response window, as `driver.poll_window` with the humans asked in their place
        (see the module doc); it stops when an action opens a decision (an offer, a debt)."""
        st = self.st
        top = st.stack[-1]
        for i in range(1, st.n):
            seat = (cur + i) % st.n
            if not st.alive[seat]:
                continue
            bot = self.bots[seat]
            if bot is not None:
                if st.termination or st.stack[-1] is not top:
                    return
                act = bot.respond(st, seat)
                if act is not None:
                    apply_action(st, act, seat)
                continue
            while not st.termination and st.stack[-1] is top:
                acts = self._window_actions(seat)
                if not acts or not self._human_window(seat, cur, acts):
                    break

    # --- prompts ------------------------------------------------------------------------

    def _human_window(self, seat: int, cur: int, acts: list[Action]) -> bool:
        """Ask `seat` for one out-of-turn action; False when he passes."""
        st = self.st
        self._flush_log()
        c = self.console
        v = self._pub()
        players = v["players"]
        c.print(
            Text.assemble(
                ("Out-of-turn window", "bold"),
                f" for {players[seat]['name']}: {players[cur]['name']} is about to act "
                f"({self._frame_summary(v)}). You have {self._money(players[seat]['cash'])}.",
            )
        )
        self.wants_window.discard(seat)
        self._print_actions(seat, acts)
        if self.windows == "all" and not self.window_tip_shown:
            self.window_tip_shown = True
            c.print(
                "[dim]Tip: start with --windows claims to be asked out of turn only when "
                "you have rent to claim (or typed 'wait').[/]"
            )
        while True:
            try:
                line = self._read(f"[{_colour(seat)}]{esc(st.names[seat])}[/] (Enter = pass) > ")
            except _Reprint:
                self._print_actions(seat, self._window_actions(seat) or acts)
                continue
            if line is None:
                continue
            if line == "" or line.lower() == "pass":
                return False
            act = self._resolve(seat, line, acts)
            if act is None:
                continue
            if self._apply(seat, act):
                return True

    def _human_decision(self, seat: int) -> None:
        st = self.st
        if self._folded(seat, st.stack[-1]):  # `fold`: the log shows the passes
            apply_action(st, Action(Kind.PASS), seat)
            return
        if self.board_turn != st.turn:
            self.board_turn = st.turn
            self.show_table()
        else:
            self.console.print(self.players_table())
        self._flush_log()
        acts = legal_actions(st, seat)
        f = st.stack[-1]
        self.console.print(
            Text.assemble(
                (f"{st.names[seat]}", f"bold {_colour(seat)}"),
                f" to act: {self._frame_summary(self._pub())}",
            )
        )
        self._print_actions(seat, acts)
        while True:
            try:
                line = self._read(f"[{_colour(seat)}]{esc(st.names[seat])}[/] > ")
            except _Reprint:
                self._print_actions(seat, acts)
                continue
            if line is None:
                continue
            if not line:
                self._error("Type an action number, an action, or 'help'.")
                continue
            if line.lower() == "fold" and self._may_fold(seat, f):
                self.folded.add((seat, f[2], st.turn))
                apply_action(st, Action(Kind.PASS), seat)
                return
            act = self._resolve(seat, line, acts)
            if act is not None and self._apply(seat, act):
                return

    def _may_fold(self, seat: int, f: tuple[Any, ...]) -> bool:
        """`fold`: in an auction where a new bid reopens the bidding (builder B-27 e), pass
        now and at every later call of this auction."""
        return f[0] == F.AUCTION and f[1] == seat and not self.board["auction_pass_final"]

    def _folded(self, seat: int, f: tuple[Any, ...]) -> bool:
        return self._may_fold(seat, f) and (seat, f[2], self.st.turn) in self.folded

    def _ask(self, prompt: str) -> str | None:
        """One line from the human (None: end of input); Ctrl-C raises KeyboardInterrupt."""
        self.at_prompt = True
        try:
            return self.ask(prompt)
        finally:
            self.at_prompt = False

    def _read(self, prompt: str) -> str | None:
        """One input line with the commands handled: raises _Reprint after a command that
        should show the menu again; None if nothing is to be done. End of input (Ctrl-D)
        asks whether to save, then leaves."""
        self._autosave()
        try:
            raw = self._ask(prompt)
        except KeyboardInterrupt:
            self.console.print()
            if self._leave("Interrupted"):
                raise QuitGame from None
            raise _Reprint from None
        if raw is None:
            self.console.print()
            self._leave("End of input")
            raise QuitGame
        if len(raw) > MAX_LINE:
            self._error(f"That line is too long ({len(raw)} characters).")
            return None
        line = raw.strip()
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            self.console.print(help_text(self.board["help"]))
            raise _Reprint
        if word == "board":
            self.show_table()
            raise _Reprint
        if word == "log":
            self.show_log(100)
            raise _Reprint
        if word == "info":
            self.show_info(rest.strip())
            return None
        if word in ("more", "all"):
            self.expand = True
            raise _Reprint
        if word == "wait":
            seat = self._prompt_seat()
            if seat is not None:
                self.wants_window.add(seat)
                self.console.print("You will be asked at the next out-of-turn window.")
            return None
        if word == "save":
            self.save(rest.strip())
            return None
        if word in ("quit", "exit"):
            self.quit()
        return line

    def _prompt_seat(self) -> int | None:
        """The human seat being asked now (the one the game waits on, else the first)."""
        cur = self.st.current_player
        if 0 <= cur < self.st.n and self.bots[cur] is None:
            return cur
        humans = [p for p, b in enumerate(self.bots) if b is None]
        return humans[0] if humans else None

    def _error(self, message: str) -> None:
        self.console.print(Text(clean(message, 300), style="red"))

    def show_info(self, arg: str) -> None:
        size = self.board["size"]
        if not arg.isdigit() or not 0 <= int(arg) < size:
            self._error(f"Usage: info S, with S a square 0 to {size - 1} (see 'board').")
            return
        self.console.print(info_panel(self._pub(), self.board, int(arg)))

    def _resolve(self, seat: int, line: str, listed: list[Action]) -> Action | None:
        if line.isdigit():
            k = int(line) if len(line) < 6 else 0
            if 1 <= k <= len(listed):
                return listed[k - 1]
            self._error(f"No action number {clean(line, 10)}; choose 1 to {len(listed)}.")
            return None
        try:
            act = typed_action(self.st, line)
        except TycoonError as e:
            self._error(str(e))
            return None
        if not is_legal(self.st, act, seat):
            why = why_illegal(self.st, act, seat)
            reason = str(why) if why else "choose one of the listed actions"
            self._error(f"'{act}' is refused: {reason}.")
            return None
        return act

    def _apply(self, seat: int, act: Action) -> bool:
        try:
            apply_action(self.st, act, seat)
        except IllegalActionError as e:
            why = f"{e.rule}: {e.reason}" if e.rule else (e.reason or "not legal now")
            self._error(f"'{act}' is refused: {why}.")
            return False
        return True

    def _autosave(self) -> None:
        saver = self.autosave
        if saver is None:
            return
        had_error = bool(saver.error)
        if not saver.save(self.st) and not had_error:
            self._error(f"Autosave to '{saver.path}' failed: {saver.error}")

    def save(self, path: str) -> bool:
        """`save FILE`: write the record, asking before overwriting another file."""
        if not path:
            self._error("Usage: save FILE")
            return False
        target = Path(path)
        if "\x00" in path:
            self._error(f"Cannot save to '{path}': not a file name.")
            return False
        mine = self.autosave is not None and target == self.autosave.path
        if target.exists() and not mine:
            if target.is_dir():
                self._error(f"Cannot save to '{path}': it is a folder.")
                return False
            raw = self._ask_plain(f"'{esc(path)}' exists. Overwrite it? \\[y/N] ")
            if (raw or "").strip().lower() not in ("y", "yes"):
                self.console.print("Not saved.")
                return False
        try:
            write_atomic(target, record_json(self.st))
        except OSError as e:
            self._error(f"Cannot save to '{path}': {e.strerror or e}")
            return False
        self.console.print(
            Text.assemble(
                "Saved to ",
                (clean(path), "bold"),
                f" (resume with: tycoon play --resume {clean(path)})",
            )
        )
        return True

    def _ask_plain(self, prompt: str) -> str | None:
        """A yes/no or file-name question; Ctrl-C or the end of input count as no answer."""
        try:
            return self._ask(prompt)
        except KeyboardInterrupt:
            self.console.print()
            return None

    def _leave(self, why: str) -> bool:
        """Ctrl-C, Ctrl-D or `quit`: offer to save. True if the human leaves, False if he
        goes on playing (only offered when the input is still open)."""
        self._autosave()
        saver = self.autosave
        if saver is not None and not saver.error:
            self.console.print(
                Text.assemble(
                    f"{why}. The game is autosaved in ",
                    (clean(saver.path), "bold"),
                    " (tycoon play --resume goes on with it).",
                )
            )
        else:
            self.console.print(f"{why}.")
        while True:
            raw = self._ask_plain(
                "Save to a file before leaving? \\[y]es, \\[n]o, or \\[c]ontinue playing: "
            )
            if raw is None:
                self.console.print("Game left.")
                return True
            ans = raw.strip().lower()
            if ans in ("c", "continue"):
                return False
            if ans in ("", "n", "no"):
                break
            if ans in ("y", "yes"):
                path = (self._ask_plain("File name \\[tycoon-save.json]: ") or "").strip()
                if self.save(path or "tycoon-save.json"):
                    break
                continue
            self._error("Answer y, n or c.")
        self.console.print("Game left.")
        return True

    def quit(self) -> None:
        if self._leave("Leaving"):
            raise QuitGame
        raise _Reprint

    # --- rendering: from the public view and the edition's static board only -----------

    def _pub(self) -> dict[str, Any]:
        """What everyone sees now (`tycoon.records.view.public_view`, docs/views.md)."""
        return public_view(self.st)

    def _money(self, amount: int) -> str:
        return money(self.board["currency"], amount)

    def _square(self, s: int) -> str:
        return str(self.board["squares"][s]["name_en"])

    def _print_actions(self, seat: int, acts: list[Action]) -> None:
        v = self._pub()
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold")
        table.add_column(style="bold")
        table.add_column(style="dim")
        rows = menu_rows(acts, lambda a: self._explain(seat, a, v), self.expand)
        self.expand = False
        for num, text, why in rows:
            table.add_row(num, Text(text), Text(why))
        self.console.print(table)
        if len(rows) < len(acts):
            self.console.print(
                "[dim]Grouped lines: type the action with your choice, or 'more' for all.[/]"
            )
        if self._may_fold(seat, self.st.stack[-1]):
            self.console.print(
                "[dim]'fold' passes for good: a new bid will not ask you again here.[/]"
            )
        free_bids = v["options"].get("auction_jump_bids", True)  # M-25: exact raises
        if any(
            a.kind in (Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH)
            or (a.kind == Kind.BID and free_bids)
            for a in acts
        ):
            self.console.print(
                "[dim]Amounts are examples: any amount the rules allow is accepted.[/]"
            )

    def _explain(self, seat: int, a: Action, v: dict[str, Any]) -> str:
        """One menu line about action `a` of `seat` (the public view `v` and the board give
        the facts; the costs of building and redeeming are the rules')."""
        st = self.st
        squares = self.board["squares"]
        k = a.kind
        if k == Kind.BUILD:
            lvl = v["level"][a.a]
            hotel = lvl >= st.edition.houses_per_hotel(st)
            cost = squares[a.a]["hotel_cost" if hotel else "house_cost"]
            what = "hotel" if hotel else f"house {lvl + 1}"
            return f"{what} on {self._square(a.a)} for {self._money(cost)}"
        if k == Kind.MORTGAGE:
            return f"{self._square(a.a)}: receive {self._money(squares[a.a]['mortgage'])}"
        if k == Kind.UNMORTGAGE:
            return f"{self._square(a.a)}: pay {self._money(redeem_cost(st, a.a))}"
        names = [p["name"] for p in v["players"]]
        if k == Kind.CLAIM:
            due = [c["amount"] for c in v["claims"] if c["owner"] == seat and c["payer"] == a.a]
            amount = f" {self._money(due[0])}" if due else ""
            return f"rent{amount} from {names[a.a]}"
        if k == Kind.MARK:
            o = v["owner"][a.a]
            whose = "unowned" if o < 0 else f"owned by {names[o]}"
            return f"mark {self._square(a.a)} ({self._money(squares[a.a]['price'])}, {whose})"
        pending = v["pending"]
        if k == Kind.BUY and pending and pending["kind"] == "buy":
            s = pending["square"]
            return f"{self._square(s)} for {self._money(squares[s]['price'])}"
        text = describe_action(st, seat, a)
        own = names[seat] + " "
        return text[len(own) :] if text.startswith(own) else text

    def _frame_summary(self, v: dict[str, Any]) -> str:
        """What the decision the game waits on (the view's `pending`) is about, in a few
        words: the edition's own `summary` where it gives one."""
        p = v["pending"]
        if p is None:
            return "decision"
        if p.get("summary"):
            return str(p["summary"])
        kind = p["kind"]
        players = v["players"]
        names = [q["name"] for q in players]
        who = players[p["seat"]]
        if kind == "pre_roll":
            return f"pre-roll phase on {self._square(who['position'])}"
        if kind == "end_turn":
            return "end of turn"
        if kind == "jail":
            if self.board["jail_rule"] == "attempts":  # W-66
                return (
                    f"in jail ({who['jail']} failed attempt(s)): pay the fine, use a card, "
                    "or roll for a double"
                )
            return f"in jail ({who['jail']} turn(s) served)"
        if kind == "roll_again":
            return f"rolled a double ({p['doubles']} in a row): roll again"
        if kind == "buy":
            s = p["square"]
            price = self._money(self.board["squares"][s]["price"])
            return f"buy {self._square(s)} for {price}, or auction it"
        if kind == "auction":
            bidder = p["high_bidder"]
            high = f"high bid {self._money(p['high'])} by {names[bidder]}" if bidder >= 0 else ""
            what = self._square(p["square"]) if p["square"] >= 0 else "a scarce building"
            return (
                f"auction of {what}: {high or 'no bids yet'}; "
                f"minimum bid {self._money(p['min_bid'])}; "
                + (
                    "a pass is final"
                    if self.board["auction_pass_final"]
                    else "a new bid cancels the passes"
                )
            )
        if kind == "debt":
            to = "the bank" if p["creditor"] < 0 else names[p["creditor"]]
            return (
                f"you owe {to} {self._money(p['amount'])} ({p['reason']}); "
                "raise cash, pay or give up"
            )
        if kind == "offer":
            frm, price = names[p["offerer"]], p["price"]
            if p["offer"] == "trade":
                cash = ""
                if price > 0:
                    cash = f" and {self._money(price)}"
                elif price < 0:
                    cash = f"; you would pay {self._money(-price)}"
                return (
                    f"{frm} offers a trade: you get {self._items(p['give'])}{cash}; "
                    f"you give {self._items(p['get'])}"
                )
            if p["offer"] == "card":
                thing = f"card {p['card']}"
            else:
                thing = ", ".join(self._square(s) for s in p["squares"])
            verb = "offers in payment" if p["offer"] == "in_kind" else "offers to sell you"
            return f"{frm} {verb} {thing} for {self._money(price)}"
        if kind == "card_choice":
            return f"card {p['card']}: {self.card_texts.get(p['card'], '')}"
        if kind == "acquired":
            deeds = ", ".join(self._square(s) for s in p["squares"])
            return f"acquired mortgaged deeds ({deeds}): redeem now or keep paying interest"
        if kind == "final_claim":
            return f"time is up: claim the rent {names[p['payer']]} owes you?"
        return "decision"

    def _items(self, side: dict[str, Any]) -> str:
        """One side of a trade (`{squares, cards, chips?}`) in words."""
        words = [self._square(s) for s in side["squares"]]
        words += [f"card {c}" for c in side["cards"]]
        chips = side.get("chips") or {}
        if chips:
            words.append("chips " + ",".join(f"{n}{t}" for t, n in chips.items()))
        return ", ".join(words) or "nothing"

    def _wonders_total(self) -> int:
        """How many wonders a passport can hold (the board's squares with a `wonder_no`)."""
        return sum(1 for sq in self.board["squares"] if "wonder_no" in sq)

    def passport_panel(self, v: dict[str, Any] | None = None) -> Panel:
        """Every player's passport (the view's `passport`): how many wonders are marked,
        and which."""
        v = v or self._pub()
        total = self._wonders_total()
        lines = []
        for p in v["players"]:
            marked = p.get("passport", [])
            head = Text(f"{p['name']} {len(marked)}/{total}: ", style=f"bold {_colour(p['seat'])}")
            names = ", ".join(self._square(s) for s in marked) or "no wonder yet"
            lines.append(head + Text(names, style="" if p["alive"] else "dim"))
        return Panel(Text("\n").join(lines), title="Passports (marked wonders)")

    def _flush_log(self) -> None:
        evs = self.st.events
        if evs is None or self.shown >= len(evs):
            return
        new = evs[self.shown :]
        self.shown = len(evs)
        skipped = max(0, len(new) - LOG_LIMIT)
        lines = [self._event_line(e) for e in new[skipped:]]
        head = f"{skipped} earlier events not shown ('log' shows more)\n" if skipped else ""
        if not lines:
            return
        self.console.print(
            Panel(Text(head, style="dim") + Text("\n").join(lines), title="What happened")
        )

    def _event_line(self, e: Event) -> Text:
        st = self.st
        line = describe(st.edition.board, st.names, e)
        style = _colour(e.seat) if 0 <= e.seat < st.n else ""
        if e.kind in ("turn_started", "game_over"):
            style += " bold"
        return Text(line, style=style.strip())

    def show_log(self, last: int) -> None:
        evs = self.st.events or []
        lines = [self._event_line(e) for e in evs[-last:]]
        self.console.print(Panel(Text("\n").join(lines), title=f"Last {len(lines)} events"))

    def show_table(self) -> None:
        w, h = self.console.size
        if w < 80 or h < 24:
            self.console.print(
                Text(
                    f"The terminal is {w}x{h}; the game is drawn for at least 80x24, "
                    "so lines are cut or scroll.",
                    style="yellow",
                )
            )
        v = self._pub()
        self.console.print(self.board_table(v))
        self.console.print(self.players_table(v))
        if _has_passports(v):
            self.console.print(self.passport_panel(v))
        panel = self._edition_panel(v)
        if panel is not None:
            self.console.print(panel)

    def _edition_panel(self, v: dict[str, Any]) -> Group | Panel | None:
        """The panel of the edition's own view keys: `city` (the metropol city), `builder`
        (chips, points and the island)."""
        if "city" in v:
            return render_city(v, self.board)
        if "builder" in v:
            return render_builder(v, self.board, [_colour(p["seat"]) for p in v["players"]])
        return None

    def board_table(self, v: dict[str, Any] | None = None) -> Table:
        """The board in two halves side by side: square (in its group's colour), price,
        rent now, house cost (wide terminals), owner, buildings, pawns. Each square is one
        line, cut to fit 80 columns; `info S` shows a square in full."""
        v = v or self._pub()
        size = self.board["size"]
        wide = self.console.width >= 120
        half = (size + 1) // 2
        outer = Table.grid(padding=(0, 2))
        outer.add_column()
        outer.add_column()
        parts = []
        cash = ["Price", "Rent"] + (["House"] if wide else [])
        cols = ["#", "Square", *cash, "Own", "Bld", "At"]
        widths = {"#": 2, "Square": 18 if wide else 12, "Own": 8 if wide else 3, "Bld": 3}
        for lo, hi in ((0, half), (half, size)):
            t = Table(
                box=None,
                pad_edge=False,
                show_edge=False,
                header_style="bold dim",
                padding=(0, 1, 0, 0),
            )
            for col in cols:
                right = col in ("#", "Rent", "House") or col.startswith("Price")
                t.add_column(
                    col,
                    justify="right" if right else "left",
                    no_wrap=True,
                    overflow="ellipsis",
                    min_width=widths.get(col),
                    max_width=widths.get(col),
                )
            for s in range(lo, hi):
                t.add_row(*self._square_row(v, s, wide))
            parts.append(t)
        outer.add_row(*parts)
        if self.board["currency"]:
            outer.add_row(
                Text(f"Amounts in {self.board['currency']}; 'info S' shows a square.", style="dim")
            )
        return outer

    def _short_money(self, amount: int) -> str:
        """An amount in at most 5 characters, without the currency (the board's header
        names it): 120, 4.4k, 100k."""
        if amount < 1000:
            return str(amount)
        if amount < 10_000:
            return f"{amount / 1000:.1f}".rstrip("0").rstrip(".") + "k"
        if amount < 10_000_000:
            return f"{amount // 1000}k"
        return f"{amount // 1_000_000}M"

    def _rent_now(self, v: dict[str, Any], s: int) -> str:
        """The view's `rent` of an owned deed (`xN`: N times the dice total); for a deed of
        the bank, the base rent the board prints, if any; `-` when mortgaged."""
        sq = self.board["squares"][s]
        kind = sq["kind"]
        if kind not in DEEDS:
            return ""
        if v["owner"][s] < 0:
            return self._printed_rent(s)
        if v["mortgaged"][s]:
            return "-"
        r = v["rent"][s]
        if r is None:
            return ""
        return f"x{r}" if kind == "utility" else self._short_money(r)

    def _printed_rent(self, s: int) -> str:
        """The rent the board prints for square `s` alone (no houses, one deed of its
        group), '' if none."""
        sq = self.board["squares"][s]
        kind = sq["kind"]
        if kind == "street":
            rents = sq.get("rents") or [0]
            return self._short_money(rents[0]) if rents[0] else ""
        group = self.board["groups"][sq["group"]]
        if kind == "railway" and group.get("rent_by_count"):
            return self._short_money(group["rent_by_count"][0])
        if kind == "utility" and group.get("dice_multiplier_by_count"):
            return f"x{group['dice_multiplier_by_count'][0]}"
        return ""

    def _square_row(self, v: dict[str, Any], s: int, wide: bool = False) -> list[Text | str]:
        sq = self.board["squares"][s]
        players = v["players"]
        g = sq["group"]
        name = Text(
            sq["name_en"], style=GROUP_COLOURS[g % len(GROUP_COLOURS)] if g is not None else ""
        )
        if sq["kind"] in ("chance", "tax", "go_to_jail"):
            name.stylize("italic")
        price = self._short_money(sq["price"]) if sq.get("price") else ""
        owner: Text | str = ""
        o = v["owner"][s]
        if o >= 0:
            owner = Text(players[o]["name"], style=_colour(o))
        lvl = v["level"][s]
        bld = "H" if lvl == HOTEL else (f"{lvl}h" if lvl else "")
        if v["mortgaged"][s]:
            bld = (bld + "M").strip()
        pawns = Text()
        for p in players:
            if p["alive"] and p["position"] == s:
                mark = p["name"][:3] if wide else p["name"][:1]
                if p["jail"] >= 0:
                    mark += "J"
                pawns.append(mark, style=f"bold {_colour(p['seat'])}")
        cost = sq.get("house_cost")
        house = [self._short_money(cost) if cost else ""] if wide else []
        return [str(s), name, price, self._rent_now(v, s), *house, owner, bld, pawns]

    def _score(self, v: dict[str, Any], seat: int, bankrupt: str) -> str:
        """A seat's score (the view's `scores`) as the board counts it: money, or points
        (kept by a bankrupt player); `bankrupt` stands for a bankrupt's money score."""
        score = v["scores"][seat]
        alive = v["players"][seat]["alive"]
        if self.board["score_is_money"]:
            return self._money(score) if alive else bankrupt
        return str(score) + ("" if alive else " (bankrupt)")

    def players_table(self, v: dict[str, Any] | None = None) -> Table:
        """Every seat: cash, score (under the board's `score_name`), the passport where the
        view has one, square, jail, deeds and kept cards."""
        v = v or self._pub()
        squares = self.board["squares"]
        t = Table(title=f"Turn {v['turn'] + 1} (round {v['rounds'] + 1})", title_justify="left")
        passports = _has_passports(v)
        score = str(self.board["score_name"]).capitalize()
        cols = ["Seat", "Player", "Cash", score, "On", "Jail", "Deeds", "Cards"]
        if passports:
            cols.insert(4, "Passport")
        for col in cols:
            right = col in ("Cash", score, "Passport")
            t.add_column(col, justify="right" if right else "left")
        total = self._wonders_total()
        for p in v["players"]:
            seat = p["seat"]
            bot = self.bots[seat]
            kind = "human" if bot is None else bot.name
            name = Text(f"{p['name']} ({kind})", style=_colour(seat))
            if seat == v["active"] and not v["termination"]:
                name.stylize("bold")
                name.append(" *")
            passport = [f"{len(p.get('passport', []))}/{total}"] if passports else []
            if not p["alive"]:
                rest: list[Text | str] = ["-", "-", Text("bankrupt", style="red"), ""]
                t.add_row(str(seat), name, "-", self._score(v, seat, "-"), *passport, *rest)
                continue
            deeds = []
            for s, sq in enumerate(squares):
                if sq["kind"] in DEEDS and v["owner"][s] == seat:
                    tag = sq["name_en"]
                    lvl = v["level"][s]
                    if lvl:
                        tag += " (hotel)" if lvl == HOTEL else f" ({lvl}h)"
                    if v["mortgaged"][s]:
                        tag += " (M)"
                    deeds.append(f"{s}:{tag}")
            if p["jail"] < 0:
                jail = "free"
            elif self.board["jail_rule"] == "attempts":
                jail = f"in jail ({p['jail']} tries)"
            else:
                jail = f"in jail ({p['jail']} served)"
            t.add_row(
                str(seat),
                name,
                self._money(p["cash"]),
                self._score(v, seat, "-"),
                *passport,
                self._square(p["position"]),
                jail,
                Text(", ".join(deeds) or "-"),
                ", ".join(p["cards"]) or "-",
            )
        return t

    def show_outcome(self) -> None:
        v = self._pub()
        term = v["termination"]
        if not term:
            return
        how = self.board["terminations"].get(term, term.replace("_", " "))
        players = v["players"]
        winners = " and ".join(players[w]["name"] for w in v["winners"])
        t = Table(title="Final standings", title_justify="left")
        t.add_column("Seat")
        t.add_column("Player")
        t.add_column(str(self.board["score_name"]).capitalize(), justify="right")
        scores = v["scores"]
        for p in sorted(range(len(players)), key=lambda p: (-scores[p], p)):
            name = Text(players[p]["name"], style=_colour(p))
            t.add_row(str(p), name, self._score(v, p, "bankrupt"))
        parts: list[Table | Text | Panel | Group] = [
            Text(f"Game over after {v['turn'] + 1} turns: {how}.", style="bold"),
            Text(f"Winner: {winners}", style="bold green"),
            t,
        ]
        if _has_passports(v):
            parts.append(self.passport_panel(v))
        panel = self._edition_panel(v)
        if panel is not None:
            parts.append(panel)
        self.console.print(Group(*parts))


def _has_passports(v: dict[str, Any]) -> bool:
    """Does the view keep passports (wonders: each player's marked wonders)?"""
    return any("passport" in p for p in v["players"])


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else ""
