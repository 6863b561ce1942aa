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
named is ever read as Rich markup (`tycoon.cli.safe`).

The game autosaves before every prompt (`tycoon.cli.autosave`); Ctrl-C and Ctrl-D ask
whether to save to a file before leaving, and `save` asks before overwriting a file.
Where the edition keeps passports (wonders), the players table has a Passport column
(marked wonders / all wonders) and a panel lists every player's marked wonders.
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

from tycoon.bots.base import Bot
from tycoon.cli.autosave import Autosave, write_atomic
from tycoon.cli.help import help_text
from tycoon.cli.info import info_panel
from tycoon.cli.menu import menu_rows
from tycoon.cli.safe import clean, esc
from tycoon.editions.board import SquareKind
from tycoon.editions.wonders import FLIGHT
from tycoon.engine.actions import Action, Kind, card_text, items_of, squares_of
from tycoon.engine.api import apply_action, is_legal, legal_actions, outcome, parse_action
from tycoon.engine.errors import IllegalActionError, TycoonError
from tycoon.engine.events import Event
from tycoon.engine.state import GameState
from tycoon.engine.types import CHANCE
from tycoon.records.describe import describe, describe_action
from tycoon.records.record import record_json
from tycoon.rules import frames as F
from tycoon.rules.auction import min_bid
from tycoon.rules.common import option
from tycoon.rules.property import HOTEL, net_worth, redeem_cost, rent
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
        c.print(
            Text.assemble(
                ("Out-of-turn window", "bold"),
                f" for {st.names[seat]}: {st.names[cur]} is about to act "
                f"({self._frame_summary(cur)}). You have {self._money(st.cash[seat])}.",
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
                f" to act: {self._frame_summary(seat)}",
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
        return (
            f[0] == F.AUCTION and f[1] == seat and not self.st.edition.mechanics.auction_pass_final
        )

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
            self.console.print(help_text(self.st.edition.id))
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
        b = self.st.edition.board
        if not arg.isdigit() or not 0 <= int(arg) < b.size:
            self._error(f"Usage: info S, with S a square 0 to {b.size - 1} (see 'board').")
            return
        self.console.print(info_panel(self.st, int(arg)))

    def _resolve(self, seat: int, line: str, listed: list[Action]) -> Action | None:
        if line.isdigit():
            k = int(line) if len(line) < 6 else 0
            if 1 <= k <= len(listed):
                return listed[k - 1]
            self._error(f"No action number {clean(line, 10)}; choose 1 to {len(listed)}.")
            return None
        try:
            act = parse_action(self.st, line)
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

    # --- rendering ----------------------------------------------------------------------

    def _money(self, amount: int) -> str:
        return money(self.st.edition.board.currency, amount)

    def _square(self, s: int) -> str:
        return self.st.edition.board.name_en[s]

    def _print_actions(self, seat: int, acts: list[Action]) -> None:
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold")
        table.add_column(style="bold")
        table.add_column(style="dim")
        rows = menu_rows(acts, lambda a: self._explain(seat, a), self.expand)
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
        free_bids = option(self.st, "auction_jump_bids", True)  # M-25: exact raises
        if any(
            a.kind in (Kind.SELL_DEED, Kind.SELL_CARD, Kind.PAY_WITH)
            or (a.kind == Kind.BID and free_bids)
            for a in acts
        ):
            self.console.print(
                "[dim]Amounts are examples: any amount the rules allow is accepted.[/]"
            )

    def _explain(self, seat: int, a: Action) -> str:
        st = self.st
        b = st.edition.board
        k = a.kind
        if k == Kind.BUILD:
            lvl = st.level[a.a]
            hotel = lvl >= st.edition.houses_per_hotel(st)
            cost = b.hotel_cost[a.a] if hotel else b.house_cost[a.a]
            what = "hotel" if hotel else f"house {lvl + 1}"
            return f"{what} on {self._square(a.a)} for {self._money(cost)}"
        if k == Kind.MORTGAGE:
            return f"{self._square(a.a)}: receive {self._money(b.mortgage[a.a])}"
        if k == Kind.UNMORTGAGE:
            return f"{self._square(a.a)}: pay {self._money(redeem_cost(st, a.a))}"
        if k == Kind.CLAIM:
            due = [c[2] for c in st.claims if c[0] == seat and c[1] == a.a]
            amount = f" {self._money(due[0])}" if due else ""
            return f"rent{amount} from {st.names[a.a]}"
        if k == Kind.MARK:
            o = st.owner[a.a]
            whose = "unowned" if o < 0 else f"owned by {st.names[o]}"
            return f"mark {self._square(a.a)} ({self._money(b.price[a.a])}, {whose})"
        if k == Kind.BUY:
            f = st.stack[-1]
            return f"{self._square(f[2])} for {self._money(b.price[f[2]])}"
        text = describe_action(st, seat, a)
        own = st.names[seat] + " "
        return text[len(own) :] if text.startswith(own) else text

    def _frame_summary(self, seat: int) -> str:
        """What the decision on top of the stack is about, in a few words."""
        st = self.st
        b = st.edition.board
        f = st.stack[-1]
        k = f[0]
        names = st.names
        text = self._edition_summary(f)
        if text:
            return text
        if k == F.PRE_ROLL:
            return f"pre-roll phase on {self._square(st.pos[f[1]])}"
        if k == F.END_TURN:
            return "end of turn"
        if k == F.JAIL:
            if st.edition.mechanics.jail == "attempts":  # W-66
                return (
                    f"in jail ({st.jail[f[1]]} failed attempt(s)): pay the fine, use a card, "
                    "or roll for a double"
                )
            return f"in jail ({st.jail[f[1]]} turn(s) served)"
        if k == F.ROLL_AGAIN:
            return f"rolled a double ({f[2]} in a row): roll again"
        if k == FLIGHT and "marks" in st.ext:
            left = self._wonders(f[1], marked=False)
            return f"free flight: choose a wonder to mark in your passport ({len(left)} left)"
        if k == F.BUY:
            return f"buy {self._square(f[2])} for {self._money(b.price[f[2]])}, or auction it"
        if k == F.AUCTION:
            high = f"high bid {self._money(f[4])} by {names[f[5]]}" if f[5] >= 0 else "no bids yet"
            what = self._square(f[2]) if f[2] >= 0 else "a scarce building"
            return f"auction of {what}: {high}; minimum bid {self._money(min_bid(st, f))}; " + (
                "a pass is final"
                if st.edition.mechanics.auction_pass_final
                else "a new bid cancels the passes"
            )
        if k == F.DEBT:
            who = "the bank" if f[2] < 0 else names[f[2]]
            return f"you owe {who} {self._money(f[3])} ({f[4]}); raise cash, pay or give up"
        if k == F.OFFER:
            frm, what, price = f[3], f[4], f[5]
            if f[2] == F.OFFER_TRADE:
                give, get = what
                money = ""
                if price > 0:
                    money = f" and {self._money(price)}"
                elif price < 0:
                    money = f"; you would pay {self._money(-price)}"
                return (
                    f"{names[frm]} offers a trade: you get {self._items(give)}{money}; "
                    f"you give {self._items(get)}"
                )
            if f[2] == F.OFFER_CARD:
                thing = f"card {card_text(what)}"
            else:
                thing = ", ".join(self._square(s) for s in squares_of(what))
            verb = "offers in payment" if f[2] == F.OFFER_IN_KIND else "offers to sell you"
            return f"{names[frm]} {verb} {thing} for {self._money(price)}"
        if k == F.CARD_CHOICE:
            card = b.card(f[2])
            return f"card {card_text(f[2])}: {card.text_en or card.text}"
        if k == F.ACQUIRED:
            deeds = ", ".join(self._square(s) for s in squares_of(f[2]))
            return f"acquired mortgaged deeds ({deeds}): redeem now or keep paying interest"
        if k == F.FINAL_CLAIM:
            return f"time is up: claim the rent {names[f[2]]} owes you?"
        return "decision"

    def _items(self, mask: int) -> str:
        squares, cards = items_of(mask)
        words = [self._square(s) for s in squares] + [f"card {card_text(c)}" for c in cards]
        return ", ".join(words) or "nothing"

    def _wonders(self, seat: int, marked: bool = True) -> list[int]:
        """The wonders (streets) `seat` has marked (or not yet marked) in the passport."""
        m = self.st.ext["marks"][seat]
        return [s for s in self.st.edition.board.streets if bool(m >> s & 1) == marked]

    def passport_panel(self) -> Panel:
        """Every player's passport: how many wonders are marked, and which."""
        st = self.st
        total = len(st.edition.board.streets)
        lines = []
        for p in range(st.n):
            marked = self._wonders(p)
            head = Text(f"{st.names[p]} {len(marked)}/{total}: ", style=f"bold {_colour(p)}")
            names = ", ".join(self._square(s) for s in marked) or "no wonder yet"
            lines.append(head + Text(names, style="" if st.alive[p] else "dim"))
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
        self.console.print(self.board_table())
        self.console.print(self.players_table())
        if "marks" in self.st.ext:
            self.console.print(self.passport_panel())
        panel = self._edition_panel()
        if panel is not None:
            self.console.print(panel)

    def _edition_panel(self) -> Group | Panel | None:
        """The edition's own panel (metropol: the city; builder: chips and the island)."""
        st = self.st
        if st.edition.id == "metropol":
            from tycoon.cli.metropol_view import city_panel

            return city_panel(st)
        if st.edition.id == "builder":
            from tycoon.cli.builder_panels import builder_panel

            return builder_panel(st, [_colour(p) for p in range(st.n)])
        return None

    def _edition_summary(self, f: tuple[Any, ...]) -> str | None:
        """The edition's own decision on top of the stack in a few words (None: a shared
        frame)."""
        st = self.st
        if st.edition.id == "metropol":
            from tycoon.cli.metropol_view import frame_summary

            return frame_summary(st, f)
        if st.edition.id == "builder":
            from tycoon.cli.builder_panels import frame_summary as builder_summary

            return builder_summary(st)
        return None

    def board_table(self) -> Table:
        """The board in two halves side by side: square (in its group's colour), price,
        rent now, house cost (wide terminals), owner, buildings, pawns. Each square is one
        line, cut to fit 80 columns; `info S` shows a square in full."""
        st = self.st
        b = st.edition.board
        wide = self.console.width >= 120
        half = (b.size + 1) // 2
        outer = Table.grid(padding=(0, 2))
        outer.add_column()
        outer.add_column()
        parts = []
        money = ["Price", "Rent"] + (["House"] if wide else [])
        cols = ["#", "Square", *money, "Own", "Bld", "At"]
        widths = {"#": 2, "Square": 18 if wide else 12, "Own": 8 if wide else 3, "Bld": 3}
        for lo, hi in ((0, half), (half, b.size)):
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
                t.add_row(*self._square_row(s, wide))
            parts.append(t)
        outer.add_row(*parts)
        if b.currency:
            outer.add_row(Text(f"Amounts in {b.currency}; 'info S' shows a square.", style="dim"))
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

    def _rent_now(self, s: int) -> str:
        st = self.st
        b = st.edition.board
        kind = b.kind[s]
        if kind not in (SquareKind.STREET, SquareKind.RAILWAY, SquareKind.UTILITY):
            return ""
        if st.edition.id in ("metropol", "builder"):
            if st.owner[s] < 0:
                return ""
            try:
                return self._short_money(self._edition_rent(s))
            except (IndexError, KeyError, ValueError):
                return ""
        if st.owner[s] < 0:
            if kind == SquareKind.STREET:
                return self._short_money(b.rents[s][0])
            if kind == SquareKind.RAILWAY:
                return self._short_money(b.railway_rents[0])
            return f"x{b.utility_multipliers[0]}"
        if st.mortgaged[s]:
            return "-"
        if kind == SquareKind.UTILITY:
            n = sum(1 for x in b.groups[b.group[s]] if st.owner[x] == st.owner[s])
            return f"x{b.utility_multipliers[n - 1]}"
        return self._short_money(rent(st, s, 7))

    def _edition_rent(self, s: int) -> int:
        st = self.st
        if st.edition.id == "metropol":
            from tycoon.editions.metropol import city

            if s in city.CROSSING:
                return city.toll(st, st.owner[s])
            return city.street_rent(st, s)
        return rent(st, s, 7)

    def _square_row(self, s: int, wide: bool = False) -> list[Text | str]:
        st = self.st
        b = st.edition.board
        g = b.group[s]
        name = Text(b.name_en[s], style=GROUP_COLOURS[g % len(GROUP_COLOURS)] if g >= 0 else "")
        if b.kind[s] in (SquareKind.CHANCE, SquareKind.TAX, SquareKind.GO_TO_JAIL):
            name.stylize("italic")
        price = self._short_money(b.price[s]) if b.price[s] else ""
        owner: Text | str = ""
        if st.owner[s] >= 0:
            o = st.owner[s]
            owner = Text(st.names[o], style=_colour(o))
        lvl = st.level[s]
        bld = "H" if lvl == HOTEL else (f"{lvl}h" if lvl else "")
        if st.mortgaged[s]:
            bld = (bld + "M").strip()
        pawns = Text()
        for p in range(st.n):
            if st.alive[p] and st.pos[p] == s:
                mark = st.names[p][:1] if not wide else st.names[p][:3]
                if st.jail[p] >= 0:
                    mark += "J"
                pawns.append(mark, style=f"bold {_colour(p)}")
        house = [self._short_money(b.house_cost[s]) if b.house_cost[s] else ""] if wide else []
        return [str(s), name, price, self._rent_now(s), *house, owner, bld, pawns]

    def players_table(self) -> Table:
        st = self.st
        b = st.edition.board
        t = Table(title=f"Turn {st.turn + 1} (round {st.rounds + 1})", title_justify="left")
        passports = "marks" in st.ext
        cols = ["Seat", "Player", "Cash", "Worth", "On", "Jail", "Deeds", "Cards"]
        if passports:
            cols.insert(4, "Passport")
        for col in cols:
            right = col in ("Cash", "Worth", "Passport")
            t.add_column(col, justify="right" if right else "left")
        total = len(b.streets)
        for p in range(st.n):
            bot = self.bots[p]
            kind = "human" if bot is None else bot.name
            name = Text(f"{st.names[p]} ({kind})", style=_colour(p))
            if p == st.active and not st.termination:
                name.stylize("bold")
                name.append(" *")
            passport = [f"{st.ext['marks'][p].bit_count()}/{total}"] if passports else []
            if not st.alive[p]:
                rest: list[Text | str] = ["-", "-", Text("bankrupt", style="red"), ""]
                t.add_row(str(p), name, "-", "-", *passport, *rest)
                continue
            deeds = []
            for s in b.deeds:
                if st.owner[s] == p:
                    tag = b.name_en[s]
                    lvl = st.level[s]
                    if lvl:
                        tag += " (hotel)" if lvl == HOTEL else f" ({lvl}h)"
                    if st.mortgaged[s]:
                        tag += " (M)"
                    deeds.append(f"{s}:{tag}")
            if st.jail[p] < 0:
                jail = "free"
            elif st.edition.mechanics.jail == "attempts":
                jail = f"in jail ({st.jail[p]} tries)"
            else:
                jail = f"in jail ({st.jail[p]} served)"
            cards = ", ".join(card_text(c) for c, h in sorted(st.card_holder.items()) if h == p)
            t.add_row(
                str(p),
                name,
                self._money(st.cash[p]),
                self._money(self._worth(p)),
                *passport,
                self._square(st.pos[p]),
                jail,
                Text(", ".join(deeds) or "-"),
                cards or "-",
            )
        return t

    def _worth(self, p: int) -> int:
        """Net worth as the edition scores it (metropol: cash and the permits' values)."""
        st = self.st
        if st.edition.id == "metropol":
            return self._metropol_worth(p)
        return net_worth(st, p)

    def _metropol_worth(self, p: int) -> int:
        from tycoon.editions.metropol import city

        return self.st.cash[p] + city.permits_value(self.st, p)  # M-70, M-71

    def show_outcome(self) -> None:
        st = self.st
        out = outcome(st)
        if out is None:
            return
        how = {
            "last_player": "every other player went bankrupt",
            "completed": "a passport is complete (every wonder visited); net worth decides"
            if "marks" in st.ext
            else "everyone has left the city and the permits are cashed in; cash decides",
            "penthouse": "the penthouse is built; points decide",
            "no_penthouse": "nobody can build the penthouse any more; points decide",
        }.get(out.termination, "the turn limit was reached; net worth decides")
        if "res" in st.ext and out.termination == "turn_limit":
            how = "the turn limit was reached; points decide"
        winners = " and ".join(st.names[w] for w in out.winners)
        t = Table(title="Final standings", title_justify="left")
        t.add_column("Seat")
        t.add_column("Player")
        points = "res" in st.ext  # builder: points, bankrupt players included (B-61, B-71)
        t.add_column("Points" if points else "Net worth", justify="right")
        order = sorted(range(st.n), key=lambda p: (-out.scores[p], p))
        for p in order:
            if points:
                status = str(out.scores[p]) + ("" if st.alive[p] else " (bankrupt)")
            else:
                status = self._money(out.scores[p]) if st.alive[p] else "bankrupt"
            t.add_row(str(p), Text(st.names[p], style=_colour(p)), status)
        parts: list[Table | Text | Panel | Group] = [
            Text(f"Game over after {st.turn + 1} turns: {how}.", style="bold"),
            Text(f"Winner: {winners}", style="bold green"),
            t,
        ]
        if "marks" in st.ext:
            parts.append(self.passport_panel())
        panel = self._edition_panel()
        if panel is not None:
            parts.append(panel)
        self.console.print(Group(*parts))


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else ""
