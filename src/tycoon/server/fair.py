"""Provably fair dice: the seed of a game is committed to at its start and revealed at its
end (issue 11 item 9).

The commitment is the SHA-256 (hex) of `tycoon-seed/1:<seed>:<nonce>`, where the seed is
the game's 64-bit seed and the nonce 128 random bits (hex), both revealed when the game is
over. Anyone can then check the commitment and replay the record: the dice and the deck
order follow from the seed alone, and `tycoon verify RECORD` checks every chance outcome
of the record against the one the seed's own generator gives at that step (the server
deals each one with `tycoon.api.sample_chance`, which is that generator's next draw).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from tycoon.api import apply_action, sample_chance
from tycoon.engine.actions import action_text, parse_text
from tycoon.engine.errors import RecordError, TycoonError
from tycoon.engine.types import CHANCE
from tycoon.records.record import parse_record, replay
from tycoon.records.snapshot import to_json


class Unfinished(RecordError):
    """The record is of a game that is not over: there is no final state to vouch for."""


def new_seed() -> tuple[int, str]:
    """A fresh secret seed (64 bits) and nonce (128 bits, hex)."""
    return secrets.randbits(64), secrets.token_hex(16)


def commitment(seed: int, nonce: str) -> str:
    return hashlib.sha256(f"tycoon-seed/1:{seed}:{nonce}".encode()).hexdigest()


def final_digest(text: str) -> str:
    """The SHA-256 (hex) of a final snapshot's canonical JSON."""
    return hashlib.sha256(text.encode()).hexdigest()


def verify(record: dict[str, Any] | str) -> dict[str, Any]:
    """Check a server record: the commitment matches the seed and nonce, the actions replay
    to a finished game (`Unfinished` otherwise), every chance outcome is the seed's own
    (`check_chance`), and the replayed final state is the one the server recorded.
    Returns a summary; any failure raises RecordError naming it. JSON text is read with
    the limits of records (`tycoon.records.record.parse_record`)."""
    rec = parse_record(record)
    fair = rec.get("fair")
    if not isinstance(fair, dict):
        raise RecordError("record: no 'fair' section (not a record of a finished server game)")
    commit, nonce = fair.get("commitment"), fair.get("nonce")
    seed = rec.get("seed")
    if not isinstance(commit, str) or not isinstance(nonce, str) or not isinstance(seed, int):
        raise RecordError("record: 'fair' needs 'commitment' and 'nonce', and 'seed' an integer")
    if not (commit.isascii() and nonce.isascii()):
        raise RecordError("record: 'commitment' and 'nonce' must be ASCII text")
    if commitment(seed, nonce) != commit:
        raise RecordError("record: the seed and nonce do not match the published commitment")
    st = replay(rec)  # every step parses and is legal at its place
    if not st.termination:
        raise Unfinished(
            f"record: the game is not over after its {len(st.history)} actions; "
            "only a finished game's record can be verified"
        )
    check_chance(rec)
    digest = final_digest(to_json(st))
    want = fair.get("final_sha256")
    if want is not None and want != digest:
        raise RecordError("record: the replayed final state differs from the recorded one")
    return {
        "commitment": commit,
        "actions": len(st.history),
        "termination": st.termination,
        "winners": list(st.winners),
        "final_sha256": digest,
    }


def check_chance(rec: dict[str, Any]) -> int:
    """Every chance outcome (seat -1) of a replayable record is the one its seed's
    generator gives at that step; RecordError names the first step that differs. Returns
    how many outcomes were checked."""
    st = replay({**rec, "actions": []})
    st.events = None
    checked = 0
    for k, (seat, text) in enumerate(rec["actions"]):
        if seat == CHANCE:
            want = action_text(sample_chance(st))
            try:
                got = action_text(parse_text(text))
            except TycoonError:
                got = text
            if got != want:
                raise RecordError(
                    f"record: actions[{k}] (step {k + 1}): the chance outcome '{got[:60]}' is "
                    f"not the seed's: its generator gives '{want}' here"
                )
            checked += 1
        apply_action(st, text, seat)
    return checked
