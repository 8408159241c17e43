"""Regional variants of Kozel (RULES.md §2): presets, their scoring and match procedures.

Importing this package registers the presets ``classic``, ``nizhny`` and ``kozly24`` (and their
deal-score tables and procedures); :mod:`kozel_tutor` imports it, so ``find_rules("nizhny")``
works as soon as :mod:`kozel_tutor.rules` is imported.
"""

from __future__ import annotations

from .match_rules import PROCEDURES, Procedures, procedures_for, register_procedures
from .presets import classic_rules, kozly24_rules, nizhny_rules
from .summaries import VARIANT_SUMMARIES, variant_summary

__all__ = [
    "BOASTS",
    "PROCEDURES",
    "VARIANT_SUMMARIES",
    "DealSetup",
    "HeuristicChooser",
    "Match",
    "Procedures",
    "RandomChooser",
    "classic_rules",
    "drive",
    "kozly24_rules",
    "nizhny_rules",
    "play_match",
    "procedures_for",
    "register_procedures",
    "variant_summary",
]

_LAZY = {
    "BOASTS": ".boasts",
    "DealSetup": ".match",
    "Match": ".match",
    "play_match": ".match",
    "HeuristicChooser": ".choices",
    "RandomChooser": ".choices",
    "drive": ".questions",
}


def __getattr__(name: str) -> object:
    """The match machinery (which needs the deal state) loads on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
