"""The terminal game through its own input stream: fewer interruptions (windows only for a
claim or after `wait`), `fold` in a reopening auction, grouped menus, `info S`, help per
edition, the menu shown again after a command, a game whose humans are all out stops."""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console

from tests.editions.builder.helpers import start as builder_start
from tycoon.api import apply_action, new_game
from tycoon.bots.base import Bot, make_bot
from tycoon.cli.terminal import TerminalGame, typed_action
from tycoon.engine.state import GameState


def _run(
    st: GameState, bots: list[Bot | None], answers: list[str], windows: str = "claims"
) -> tuple[str, list[str]]:
    prompts: list[str] = []
    it: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(it, None)

    out = io.StringIO()
    game = TerminalGame(st, bots, Console(file=out, width=120), ask=ask, windows=windows)
    game.run()
    return out.getvalue(), prompts


def _classic() -> GameState:
    st = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    st.owner[5] = 0  # Ann can mortgage at any time, but has no claim
    for t in ("roll 6 6", "roll 1 2", "roll 1 2"):
        apply_action(st, t)
    return st


def test_no_window_without_a_claim_unless_asked_with_wait() -> None:
    bots = [None, make_bot("random", 1), make_bot("random", 2)]
    text, _ = _run(_classic(), bots, ["roll", "end-turn", "quit", "n"])
    assert "Out-of-turn window" not in text
    text, _ = _run(_classic(), bots, ["wait", "roll", "end-turn", "", "quit", "n"])
    assert "You will be asked at the next out-of-turn window." in text
    assert text.count("Out-of-turn window for Ann") == 1


def test_info_help_and_the_menu_again() -> None:
    bots = [None, make_bot("random", 1), make_bot("random", 2)]
    text, _ = _run(_classic(), bots, ["info 1", "help", "info x", "quit", "n"])
    assert "group Greece: 1 Thessaloniki, 3 Athens" in text
    assert "rent no houses $10" in text and "house $100" in text
    assert "Classic (Eurobiznes):" in text and "sell-deed" in text
    assert "Usage: info S" in text
    assert text.count("rolls the dice") >= 2  # the menu again after `help`


def test_help_is_per_edition() -> None:
    st = new_game("metropol", ["Ann", "Bob", "Cy"], 1)
    while st.current_player < 0:
        apply_action(st, "roll 1 1 2" if st.stack[-1][1] else "roll 6 6 6")
    bots: list[Bot | None] = [None, make_bot("random", 1), make_bot("random", 2)]
    bots = [None if p == st.current_player else make_bot("random", p) for p in range(3)]
    text, _ = _run(st, bots, ["help", "quit", "n"])
    assert "Metropol:" in text and "exactly +50,000" in text
    assert "Classic" not in text


def test_fold_passes_for_good_in_a_reopening_auction() -> None:
    st = builder_start()
    seat = st.current_player
    apply_action(st, "roll")
    apply_action(st, "roll 1 2")  # onto Baltic Avenue (3), unowned
    assert st.stack[-1][0] == 3, st.stack[-1]  # BUY
    bots: list[Bot | None] = [make_bot("heuristic", p) for p in range(st.n)]
    bots[seat] = None
    text, prompts = _run(st, bots, ["auction", "fold", "quit", "n"])
    assert "'fold' passes for good" in text
    passes = text.count("P0 passed in the auction of Baltic Avenue")
    assert passes >= 2  # bids reopened the auction, and P0 went on passing unasked
    assert prompts[:2] == ["[cyan]P0[/] > "] * 2


def test_long_menus_are_grouped() -> None:
    st = new_game("wonders", ["Ann", "Bob", "Cy"], 7)
    for t in ("roll 6 6", "roll 1 2", "roll 1 2", "roll", "roll 2 3", "buy"):
        apply_action(st, t)
    bots = [None, make_bot("heuristic", 1), make_bot("heuristic", 2)]
    text, _ = _run(st, bots, ["more", "quit", "n"])
    assert "mark S" in text and "22 choices" in text
    assert "mark Great Wall of China" in text  # after `more`


def test_a_game_whose_humans_are_all_out_stops() -> None:
    st = _classic()
    st.alive[0] = False
    bots = [None, make_bot("random", 1), make_bot("random", 2)]
    text, _ = _run(st, bots, [])
    assert "Every human player is out of the game" in text


def test_a_human_may_type_an_action_in_any_case_and_spacing() -> None:
    """The engine reads only an action's one text form; the terminal forgives a human's
    case and spacing (`ROLL`, `Mortgage  5`), and nothing else: `mortgage +5` is refused
    with the form to write."""
    bots = [None, make_bot("random", 1), make_bot("random", 2)]
    text, _ = _run(_classic(), bots, ["mortgage +5", "Mortgage  5", "ROLL", "quit", "n"])
    assert "write 'mortgage 5'" in text
    assert "is refused" not in text and "Ann mortgaged Southern Railways" in text
    st = _classic()
    assert str(typed_action(st, " sell-card  b1 to 1 FOR 50 ")) == "sell-card B1 to 1 for 50"
