"""kozel-tutor: learn, practise and teach the Russian card game Kozel (Козёл).

The public API lives in small modules: :mod:`.cards`, :mod:`.seats`, :mod:`.rules`,
:mod:`.state`, :mod:`.scoring`, :mod:`.position`, :mod:`.solver`, :mod:`.ai`,
:mod:`.variants`.  Their core names are here too (``kozel_tutor.solve``,
``kozel_tutor.Position``, ...: :data:`__all__`), imported on first use, so ``import
kozel_tutor`` stays cheap for the app.

>>> import kozel_tutor
>>> kozel_tutor.find_rules("standard", deck=32).deck
32
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# Registers the regional presets (classic, nizhny, kozly24) with the rules registry.  The eager
# part of :mod:`.variants` imports only cards, i18n, rules, scoring and seats, none of which
# import the package back, so this is safe against circular imports.
from . import variants as variants

if TYPE_CHECKING:
    from .cards import Card, CardSet, Suit
    from .position import Position
    from .rules import Rules, find_rules
    from .scoring import DealResult, MatchScore, deal_result
    from .seats import Seat, Team
    from .solver import Analysis, solve
    from .state import DealState, IllegalPlay

_EXPORTS = {
    "Card": "cards", "CardSet": "cards", "Suit": "cards",
    "Seat": "seats", "Team": "seats",
    "Rules": "rules", "find_rules": "rules",
    "DealState": "state", "IllegalPlay": "state",
    "DealResult": "scoring", "MatchScore": "scoring", "deal_result": "scoring",
    "Position": "position",
    "Analysis": "solver", "solve": "solver",
}
"""The names the package offers at the top, and the module each comes from."""

__all__ = ["Analysis", "Card", "CardSet", "DealResult", "DealState", "IllegalPlay", "MatchScore",
           "Position", "Rules", "Seat", "Suit", "Team", "__version__", "deal_result",
           "find_rules", "solve", "variants"]


def __getattr__(name: str) -> object:
    """A core name, imported from its module the first time it is asked for."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
