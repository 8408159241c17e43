"""The regional presets of RULES.md §2 (``classic``, ``nizhny``, ``kozly24``) and their deal scores.

Each preset is the one rule engine with other parameters: a :class:`~kozel_tutor.rules.Rules`
for the play, a deal-score table registered with :func:`~kozel_tutor.scoring.register_scorer`,
and the match-level :class:`~.match_rules.Procedures`.

>>> from kozel_tutor.rules import find_rules
>>> [c.token for c in find_rules("nizhny").card_order().trumps[:3]]
['6C', 'QC', 'QS']
"""

from __future__ import annotations

from ..cards import Suit, parse_cards
from ..rules import Rules, register_preset
from ..scoring import DealResult, register_scorer
from ..seats import Team
from .match_rules import Procedures, register_procedures

__all__ = [
    "CLASSIC_PROCEDURES",
    "KOZLY24_PROCEDURES",
    "NIZHNY_PROCEDURES",
    "classic_rules",
    "kozly24_rules",
    "nizhny_rules",
]

_QUEENS_JACKS = tuple(parse_cards("QC QS QH QD JC JS JH JD"))
_SHAMOK_FIRST = (*parse_cards("6C"), *_QUEENS_JACKS)


def classic_rules() -> Rules:
    """``classic``: 32 cards, diamonds trumps, 7♦ holder leads first, ace-dump ban, rows."""
    return Rules(
        name="classic",
        deck=32,
        trump=Suit.DIAMONDS,
        top_trumps=_QUEENS_JACKS,
        packets=(3, 3, 2),
        match_target=6,
        scoring="classic",
        first_lead="holder:7D",
        ace_dump_ban=True,
        procedures="classic",
    )


def nizhny_rules() -> Rules:
    """``nizhny``: 36 cards, clubs, 6♣ above Q♣, no trump lead with a plain card, the catch."""
    return Rules(
        name="nizhny",
        deck=36,
        trump=Suit.CLUBS,
        top_trumps=_SHAMOK_FIRST,
        packets=(3, 3, 3),
        match_target=12,
        target_loses=True,
        scoring="nizhny",
        first_lead="holder:AD",
        lead_that_card=True,
        no_trump_lead_with_plain=True,
        catch=True,
        procedures="nizhny",
    )


def kozly24_rules() -> Rules:
    """``kozly24``: 24 cards dealt one at a time, 6♣ highest, the catch, penalty to 12."""
    return Rules(
        name="kozly24",
        deck=24,
        trump=Suit.CLUBS,
        top_trumps=_SHAMOK_FIRST,
        packets=(1, 1, 1, 1, 1, 1),
        match_target=12,
        target_loses=True,
        scoring="kozly24",
        first_lead="holder:AD",
        lead_that_card=True,
        catch=True,
        procedures="kozly24",
    )


CLASSIC_PROCEDURES = Procedures(
    name="classic",
    later_lead="last_winners_choose",
    boasts=("pants", "double_pants", "mirror"),
    weak_hand_redeal=True,
    weak_hand_points=12,
    no_queen_redeal=True,
    only_diamond_queen_counts_as_none=True,
    redeal_limit=3,
    redeal_penalty=1,
    exchange="give_last_trump",
    first_deal_special=True,
    tails=True,
)
NIZHNY_PROCEDURES = Procedures(name="nizhny")
KOZLY24_PROCEDURES = Procedures(
    name="kozly24",
    no_queen_redeal=True,
    exchange="give_last_trump",
    first_deal_special=False,
    sweep_first_deal_writes=12,
)


def _sides(points: tuple[int, int]) -> tuple[Team, Team]:
    winner = Team.NS if points[0] > points[1] else Team.EW
    return winner, winner.other


def _written(team: Team, amount: int) -> tuple[int, int]:
    return (amount, 0) if team is Team.NS else (0, amount)


def classic_scorer(rules: Rules, points: tuple[int, int], tricks: tuple[int, int],
                   multiplier: int, caught: Team | None) -> DealResult:
    """Rows on the tablo: 61–89 → 1, 90+ → 2, all tricks (люся) → the losers' tablo is reset.

    After eggs (``multiplier`` > 1) the winners of this deal take one extra row (яичная пара)
    instead of doubling.
    """
    if points[0] == points[1]:
        return DealResult(points, tricks, None, 0, multiplier, eggs=True)
    winner, loser = _sides(points)
    reset = None
    if tricks[loser] == 0:
        value, reset = 0, loser
    elif points[winner] >= 90:
        value = 2
    else:
        value = 1
    egg_pair = 1 if multiplier > 1 else 0
    return DealResult(points, tricks, winner, value, multiplier,
                      written=_written(winner, value + egg_pair), reset=reset)


def nizhny_value(loser_points: int) -> int:
    """Penalty on the losers: 6 for no points, 4 for 1–30, 2 for 31–59."""
    if loser_points == 0:
        return 6
    return 4 if loser_points <= 30 else 2


def nizhny_scorer(rules: Rules, points: tuple[int, int], tricks: tuple[int, int],
                  multiplier: int, caught: Team | None) -> DealResult:
    """Penalty points against the losers (doubled after eggs); a caught Q♣ side is written 4."""
    if caught is not None:
        return DealResult(points, tricks, caught.other, 4, multiplier, caught=caught,
                          written=_written(caught, 4 * multiplier))
    if points[0] == points[1]:
        return DealResult(points, tricks, None, 0, multiplier, eggs=True)
    winner, loser = _sides(points)
    value = nizhny_value(points[loser])
    return DealResult(points, tricks, winner, value, multiplier,
                      written=_written(loser, value * multiplier))


def kozly24_scorer(rules: Rules, points: tuple[int, int], tricks: tuple[int, int],
                   multiplier: int, caught: Team | None) -> DealResult:
    """Penalty 2 on the losers, 4 below 30; taking every trick erases the takers' own penalty.

    (In the first deal of a match taking every trick writes 12 on the opponents instead; the
    match applies that, see ``Procedures.sweep_first_deal_writes``.)
    """
    if caught is not None:
        return DealResult(points, tricks, caught.other, 4, multiplier, caught=caught,
                          written=_written(caught, 4 * multiplier))
    if points[0] == points[1]:
        return DealResult(points, tricks, None, 0, multiplier, eggs=True)
    winner, loser = _sides(points)
    if tricks[loser] == 0:
        return DealResult(points, tricks, winner, 0, multiplier, reset=winner)
    value = 4 if points[loser] < 30 else 2
    return DealResult(points, tricks, winner, value, multiplier,
                      written=_written(loser, value * multiplier))


register_scorer("classic", classic_scorer)
register_scorer("nizhny", nizhny_scorer)
register_scorer("kozly24", kozly24_scorer)
register_procedures(CLASSIC_PROCEDURES)
register_procedures(NIZHNY_PROCEDURES)
register_procedures(KOZLY24_PROCEDURES)
register_preset("classic", classic_rules)
register_preset("nizhny", nizhny_rules)
register_preset("kozly24", kozly24_rules)
