"""The match-level procedures of a variant, as data: who leads later deals, redeals, giving the
last trump, boasts, and the match-end titles.

The rule engine plays one deal; everything that happens *between* deals or *before the first
card* is described here and carried out by :class:`kozel_tutor.variants.match.Match`.
``Rules.procedures`` names the entry of :data:`PROCEDURES` a game uses.

>>> from kozel_tutor.rules import find_rules
>>> procedures_for(find_rules("classic")).boasts
('pants', 'double_pants', 'mirror')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..rules import Rules, RulesError
from ..scoring import DealResult

__all__ = [
    "PROCEDURES",
    "LaterLead",
    "Procedures",
    "procedures_for",
    "register_procedures",
    "scored_in_match",
]

LaterLead = Literal["left_of_dealer", "last_winners_choose"]


@dataclass(frozen=True)
class Procedures:
    """What a variant does around the play of a deal.

    * ``later_lead`` – who leads the first trick of a deal after the first one:
      ``"left_of_dealer"`` (standard) or ``"last_winners_choose"`` (a player of the side that won
      the last decided deal; the partners pick which after looking at their cards).  Until some
      side has won a deal, ``Rules.first_lead`` applies.
    * ``boasts`` – the special deals the first player may ask for (names in
      :data:`kozel_tutor.variants.boasts.BOASTS`); offered only when a previous winner exists.
    * ``weak_hand_redeal`` – a player with ``weak_hand_points`` card points or less, or all four
      nines, may demand a redeal.  ``no_queen_redeal`` – a side without a queen may demand one;
      ``only_diamond_queen_counts_as_none`` – … or holding only the Q♦.
    * ``redeal_limit`` – the demand that would make this many redeals in a row is refused and the
      dealing side gives ``redeal_penalty`` to the opponents (``None``: no limit).
    * ``exchange`` – ``"give_last_trump"``: a player with exactly one trump may pass it to the
      partner, who gives back a non-trump (a trump only if they hold nothing else).
    * ``first_deal_special`` – redeal and exchange are not allowed in the first deal when False.
    * ``sweep_first_deal_writes`` – taking every trick in the first deal writes this on the
      opponents (penalty scoring).
    * ``tails`` – the goats are "with tails" when the winners stood one short of the target and
      took 90 or more in the final deal.
    """

    name: str = "standard"
    later_lead: LaterLead = "left_of_dealer"
    boasts: tuple[str, ...] = ()
    weak_hand_redeal: bool = False
    weak_hand_points: int = 12
    no_queen_redeal: bool = False
    only_diamond_queen_counts_as_none: bool = False
    redeal_limit: int | None = None
    redeal_penalty: int = 1
    exchange: Literal["none", "give_last_trump"] = "none"
    first_deal_special: bool = True
    sweep_first_deal_writes: int | None = None
    tails: bool = False

    @property
    def has_redeal(self) -> bool:
        return self.weak_hand_redeal or self.no_queen_redeal


PROCEDURES: dict[str, Procedures] = {"standard": Procedures()}


def register_procedures(procedures: Procedures) -> None:
    """Add a named set of procedures; ``Rules.procedures`` refers to it by name."""
    PROCEDURES[procedures.name] = procedures


def procedures_for(rules: Rules) -> Procedures:
    """The procedures ``rules`` name (a clear error when they are not registered)."""
    try:
        return PROCEDURES[rules.procedures]
    except KeyError:
        known = ", ".join(sorted(PROCEDURES))
        raise RulesError(
            f"unknown match procedures {rules.procedures!r} (known: {known})") from None


def scored_in_match(result: DealResult, rules: Rules, *, first_deal: bool) -> DealResult:
    """``result`` as the match writes it: in the first deal of a preset whose sweep writes on
    the opponents (``kozly24``: 12), a side that took every trick without a catch writes that
    on them instead of what the table says (erasing its own penalty).  The one place of this
    rule: the match, the review's scoring and the AI's deal utility all call it.
    """
    sweep = procedures_for(rules).sweep_first_deal_writes
    if (sweep is None or not first_deal or result.winner is None or result.caught is not None
            or result.tricks[result.winner.other] != 0):
        return result
    written = [0, 0]
    written[result.winner.other] = sweep
    return replace(result, value=sweep, written=(written[0], written[1]), reset=None)
