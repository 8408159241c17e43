"""Seats and teams: four players, partners opposite, play clockwise N → E → S → W.

>>> Seat.N.next, Seat.N.partner, Seat.E.team
(<Seat.E: 1>, <Seat.S: 2>, <Team.EW: 1>)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["SEATS", "Seat", "SeatError", "Team"]


_LETTERS_RU = "СВЮЗ"
"""The Russian seat letters in the order N, E, S, W: север, восток, юг, запад."""


class SeatError(ValueError):
    """An unknown seat or team name."""


class Team(IntEnum):
    NS = 0
    EW = 1

    @property
    def other(self) -> Team:
        return Team(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    def label(self, lang: str) -> str:
        """The partnership as players write it: ``NS`` / ``EW``, in Russian «С–Ю» / «В–З».

        >>> Team.NS.label("en"), Team.EW.label("ru")
        ('NS', 'В–З')
        """
        if lang == "ru":
            return "–".join(seat.label(lang) for seat in self.seats)
        return self.name

    @classmethod
    def parse(cls, token: str) -> Team:
        key = token.strip().upper()
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise SeatError(f"unknown team {token!r} (use NS or EW)")


class Seat(IntEnum):
    """A seat at the table; ``next`` is the player to the left (clockwise)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        return Seat((self + 1) % 4)

    @property
    def previous(self) -> Seat:
        return Seat((self + 3) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def team(self) -> Team:
        return Team(self % 2)

    def label(self, lang: str) -> str:
        """The seat's letter: ``N E S W`` in English, «С В Ю З» (север, восток, юг, запад) in
        Russian.

        >>> " ".join(seat.label("ru") for seat in Seat), Seat.W.label("en")
        ('С В Ю З', 'W')
        """
        return _LETTERS_RU[self] if lang == "ru" else self.name

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return Seat((self + steps) % 4)

    @classmethod
    def parse(cls, token: str) -> Seat:
        key = token.strip().upper()
        if key in ("N", "E", "S", "W"):
            return cls("NESW".index(key))
        raise SeatError(f"unknown seat {token!r} (use N, E, S or W)")


SEATS: tuple[Seat, ...] = tuple(Seat)
