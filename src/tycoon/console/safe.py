"""Safe text for the terminal: whatever a user typed or a file named reaches Rich only as
plain text, never as markup, and never with control or escape characters.

`clean(text)` makes any string printable (control characters and lone surrogates become
visible escapes, very long text is cut); `plain(text, style)` wraps it in a Rich `Text`,
which Rich never parses as markup; `esc(text)` is for the few places that build markup
strings (prompts, help) around user text.
"""

from __future__ import annotations

import unicodedata

from rich.markup import escape
from rich.text import Text

MAX_SHOWN = 200
"""At most this many characters of one user-given value are printed."""


def _visible(ch: str) -> str:
    o = ord(ch)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def clean(text: object, limit: int = MAX_SHOWN) -> str:
    """`text` as a printable one-line string: control, format and surrogate characters as
    escapes (`\\x1b`), cut to `limit` characters with an ellipsis."""
    s = text if isinstance(text, str) else str(text)
    out = []
    for ch in s[: limit + 1]:
        cat = unicodedata.category(ch)
        if (
            cat in ("Cc", "Cs", "Co", "Cn")
            or (cat == "Cf" and ch != "\u200d")
            or ch in "\u2028\u2029"
        ):
            out.append(_visible(ch))
        else:
            out.append(ch)
    shown = "".join(out)
    if len(s) > limit:
        shown = shown[:limit] + f"... ({len(s)} characters)"
    return shown


def clean_lines(text: str, limit: int = 2000) -> str:
    """Like `clean`, but keeps line breaks (for multi-line texts the program wrote)."""
    return "\n".join(clean(line, limit) for line in text.split("\n"))


def plain(text: object, style: str = "") -> Text:
    """A Rich Text of the cleaned `text` (never parsed as markup)."""
    return Text(clean(text), style=style)


def esc(text: object) -> str:
    """The cleaned `text`, escaped for use inside a Rich markup string."""
    return escape(clean(text))


def is_clean_name(name: str) -> bool:
    """A player name prints as it is: no control, format or surrogate characters."""
    return clean(name, limit=len(name)) == name


def plain_line(text: str, style: str = "") -> Text:
    """A Rich Text of one program-written line (names in it are already clean): markup-safe,
    control characters made visible, not cut."""
    return Text(clean(text, limit=max(MAX_SHOWN, len(text))), style=style)
