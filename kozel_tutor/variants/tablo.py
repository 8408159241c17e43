"""The tablo of the ``classic`` game and the titles of the goats at the end of a match.

In the classic game the four sixes are not played: each side keeps two of them as its
scoreboard (табло) and counts *rows* (пары) — one row of pips is uncovered per row won.  With
the two sixes face to face the side has nothing; the top six slides down one row at a time;
at three rows it is turned face up on the other, and the count goes on; six rows win.

>>> TabloView.of(Team.NS, 4).top_face_up, TabloView.of(Team.NS, 4).rows_uncovered
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, parse_cards
from ..i18n import MESSAGES, Message
from ..seats import Team
from .match import Match

__all__ = ["TABLO_SIXES", "TabloView", "goats_title"]

TABLO_SIXES: dict[Team, tuple[Card, Card]] = {
    Team.NS: (parse_cards("6H")[0], parse_cards("6D")[0]),
    Team.EW: (parse_cards("6C")[0], parse_cards("6S")[0]),
}
"""Which sixes each side keeps as its tablo: the "red" and the "black" side."""


@dataclass(frozen=True)
class TabloView:
    """How a side's two sixes lie at ``rows`` rows (0..6): for the table widget to draw."""

    team: Team
    rows: int
    sixes: tuple[Card, Card]
    top_face_up: bool
    rows_uncovered: int

    @classmethod
    def of(cls, team: Team, rows: int) -> TabloView:
        if not 0 <= rows <= 6:
            raise ValueError(f"a tablo shows 0 to 6 rows, not {rows}")
        top_face_up = rows >= 3
        uncovered = 3 if rows == 6 else rows % 3
        return cls(team, rows, TABLO_SIXES[team], top_face_up, uncovered)


def goats_title(match: Match) -> tuple[Team, Message] | None:
    """The goats and their title at the end of a match: plain, naked, with eggs, with tails,
    or with eggs and tails (``None`` while the match goes on)."""
    goats = match.goats
    if goats is None:
        return None
    key = "title_goats"
    if match.with_eggs and match.with_tails:
        key = "title_goats_eggs_tails"
    elif match.with_tails:
        key = "title_goats_tails"
    elif match.with_eggs:
        key = "title_goats_eggs"
    elif match.score.naked_goats:
        key = "title_goats_naked"
    return goats, Message(key)


_MESSAGES = {
    "title_goats": {"en": "The losers are the goats.", "ru": "Проигравшие — козлы."},
    "title_goats_naked": {"en": "The losers are naked goats: they wrote nothing.",
                    "ru": "Проигравшие — голые козлы: они ничего не записали."},
    "title_goats_eggs": {"en": "The losers are goats with eggs.",
                   "ru": "Проигравшие — козлы с яйцами."},
    "title_goats_tails": {"en": "The losers are goats with tails.",
                    "ru": "Проигравшие — козлы с хвостами."},
    "title_goats_eggs_tails": {"en": "The losers are goats with eggs and tails.",
                         "ru": "Проигравшие — козлы с яйцами и хвостами."},
}
for _key, _texts in _MESSAGES.items():
    MESSAGES.setdefault(_key, _texts)
