"""AI players: ``make_player(level)`` for ``random``, ``easy``, ``medium``, ``hard``, ``insane``.

Each level module registers its factory in :data:`LEVELS`; a level that is not registered is not
offered anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .base import CandidateStats, Decision, Player, Progress, TrumpDecision
from .random_player import RandomPlayer

__all__ = [
    "LEVELS",
    "CandidateStats",
    "Decision",
    "Player",
    "Progress",
    "TrumpDecision",
    "make_player",
    "register_level",
]

PlayerFactory = Callable[[random.Random], Player]
LEVELS: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory) -> None:
    LEVELS[name] = factory


def make_player(level: str, rng: random.Random | None = None) -> Player:
    """A new player of ``level`` (see :data:`LEVELS`), with its own random generator."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(rng or random.Random())


register_level("random", RandomPlayer)
