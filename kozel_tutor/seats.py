"""Seats and teams: four players, partners opposite, play clockwise N → E → S → W.

>>> Seat.N.next, Seat.N.partner, Seat.E.team
(<Seat.E: 1>, <Seat.S: 2>, <Team.EW: 1>)
"""

from __future__ import annotations

from .cards import _Named

__all__ = ["SEATS", "Seat", "SeatError", "Team", "as_seat"]


_LETTERS_RU = "СВЮЗ"
"""The Russian seat letters in the order N, E, S, W: север, восток, юг, запад."""
_NAMES = {"en": ("North", "East", "South", "West"), "ru": ("север", "восток", "юг", "запад")}


class SeatError(ValueError):
    """An unknown seat or team name."""


class Team(_Named):
    """A partnership: N and S, or E and W.  ``str(Team.EW)`` is ``"EW"``."""

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


class Seat(_Named):
    """A seat at the table; ``next`` is the player to the left (clockwise).  It prints as its
    letter: ``str(Seat.N)`` and ``f"{Seat.N}"`` are ``"N"``."""

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

    def name_in(self, lang: str) -> str:
        """The seat's full name, as a compass point: ``North`` in English, «север» in Russian
        (lower case, as a common noun there).

        >>> Seat.N.name_in("en"), Seat.W.name_in("ru")
        ('North', 'запад')
        """
        return _NAMES["ru" if lang == "ru" else "en"][self]

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


def as_seat(seat: Seat | str | int) -> Seat:
    """``seat`` itself, the seat a letter names (``"N"``, read by :meth:`Seat.parse`), or the
    seat of a number 0 to 3: what the API takes where it asks for a seat.

    >>> as_seat("w"), as_seat(2)
    (<Seat.W: 3>, <Seat.S: 2>)
    >>> as_seat(4)
    Traceback (most recent call last):
    ...
    kozel_tutor.seats.SeatError: no seat 4 (use N, E, S or W, or 0 to 3)
    """
    if isinstance(seat, Seat):
        return seat
    if isinstance(seat, str):
        return Seat.parse(seat)
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < len(SEATS):
            return SEATS[seat]
        raise SeatError(f"no seat {seat} ({_SEAT_CHOICES})")
    raise TypeError(f"a seat is a Seat, a letter or a number, not the {type(seat).__name__} "
                    f"{seat!r} ({_SEAT_CHOICES})")


_SEAT_CHOICES = "use N, E, S or W, or 0 to 3"
