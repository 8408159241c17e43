"""AI players: ``make_player(level)`` for ``random``, ``easy``, ``medium``, ``hard``, ``insane``.

Each level module registers its factory in :data:`LEVELS`; a level that is not registered is not
offered anywhere.  :func:`lineup` seats a table for the app: the learner at S, the partner at N
(never weaker than hard), the opponents E and W at the chosen level.

>>> sorted(LEVELS)
['easy', 'hard', 'insane', 'medium', 'random']
>>> {seat.name: player.name for seat, player in lineup("easy").items()}
{'N': 'hard', 'E': 'easy', 'W': 'easy'}
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..seats import Seat
from .base import CandidateStats, Decision, Player, Progress, TrumpDecision
from .heuristic import EasyPlayer, MediumPlayer
from .pimc import HARD, INSANE, MonteCarloPlayer
from .random_player import RandomPlayer
from .reasons import register_messages

__all__ = [
    "LADDER",
    "LEVELS",
    "CandidateStats",
    "Decision",
    "Player",
    "Progress",
    "TrumpDecision",
    "lineup",
    "make_player",
    "register_level",
]

PlayerFactory = Callable[[random.Random], Player]
LEVELS: dict[str, PlayerFactory] = {}

LADDER = ("random", "easy", "medium", "hard", "insane")
"""The levels from weakest to strongest."""


def register_level(name: str, factory: PlayerFactory) -> None:
    LEVELS[name] = factory


def make_player(level: str, rng: random.Random | None = None) -> Player:
    """A new player of ``level`` (see :data:`LEVELS`), with its own random generator."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(rng or random.Random())


def lineup(level: str, rng: random.Random | None = None) -> dict[Seat, Player]:
    """The app's table: N the partner (at least hard; insane at insane), E and W at ``level``.

    S is the learner and has no entry.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    rng = rng or random.Random()
    partner = "insane" if level == "insane" else "hard"
    seeds = [rng.randrange(2**32) for _ in range(3)]
    return {
        Seat.N: make_player(partner, random.Random(seeds[0])),
        Seat.E: make_player(level, random.Random(seeds[1])),
        Seat.W: make_player(level, random.Random(seeds[2])),
    }


def _hard(rng: random.Random) -> Player:
    return MonteCarloPlayer(rng, HARD)


def _insane(rng: random.Random) -> Player:
    return MonteCarloPlayer(rng, INSANE)


register_messages()
register_level("random", RandomPlayer)
register_level("easy", EasyPlayer)
register_level("medium", MediumPlayer)
register_level("hard", _hard)
register_level("insane", _insane)
