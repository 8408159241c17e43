"""Puzzles under a regional preset: the variant's name, its goal steps and its words.

A puzzle's variant is the name of its position's rules (``standard``, ``classic``, ``nizhny``,
``kozly24``; RULES.md §2).  The deal-outcome goals keep their ids everywhere, but their points
come from the preset's own deal-score table, found by scoring every split of the 120 card points:

* ``make_61`` – the fewest points that win the deal;
* ``make_90`` – the next step above it (90, or 91 in ``kozly24`` where the losers are written 4
  only below 30);
* ``save_31`` – the fewest points of the mildest loss (31, or 30 in ``kozly24``);
* ``take_trick`` / ``all_tricks`` – only where taking every trick changes what is written and
  nothing else (the standard game's 6): ``classic``'s люся and ``kozly24``'s erasing help or
  not depending on the match score, and ``nizhny`` writes 6 for no *points*, whatever the tricks.

>>> from kozel_tutor.rules import find_rules
>>> steps = goal_steps(find_rules("kozly24"))
>>> steps.win, steps.big, steps.save, steps.tricks
(61, 91, 30, False)
>>> goal_text(Goal.SAVE_31, find_rules("kozly24"), "en")
'Save yourselves: make 30 points (you are written 2, not 4).'
>>> goal_text(Goal.SAVE_31, find_rules("classic"), "ru")
'Спаситесь: наберите 31 очко (соперники пишут 1 пару, а не 2 пары).'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..cards import Card
from ..i18n import POINTS, ROWS
from ..position import Position
from ..rules import Rules
from ..scoring import DealResult, deal_result
from ..seats import Seat, Team
from ..solver import Outcome
from ..state import catch_still_possible
from .model import Goal, Text
from .texts import say

__all__ = [
    "VARIANTS",
    "GoalSteps",
    "catch_live",
    "goal_applies",
    "goal_steps",
    "goal_text",
    "goal_threshold",
    "outcome_words",
    "variant_label",
]

VARIANTS: dict[str, Text] = {
    "standard": Text("Обычный", "Standard"),
    "classic": Text("Классический", "Classic"),
    "nizhny": Text("Нижегородский", "Nizhny Novgorod"),
    "kozly24": Text("Козёл на 24 картах", "24-card Kozel"),
}
"""The variants puzzles are mined for, named as in the app's variant picker (shortened where the
picker's name says more, as the names go into puzzle titles); the 24-card game by its whole name,
«Козёл на 24 картах», "24-card Kozel", as «Правила — «На 24 картах»» does not read as the name of
a game."""

def variant_label(name: str) -> Text:
    """The name of variant ``name`` in both languages (an unknown preset keeps its id)."""
    return VARIANTS.get(name, Text(name, name))


@dataclass(frozen=True)
class GoalSteps:
    """The card points at which a side's deal result changes (see the module docs)."""

    win: int
    big: int | None
    save: int | None
    tricks: bool


def _signature(result: DealResult) -> tuple[object, ...]:
    return (result.winner, result.value, result.written, result.reset, result.eggs)


@cache
def goal_steps(rules: Rules) -> GoalSteps:
    """The steps of the preset's deal-score table, for the side NS (both sides took a trick)."""
    results = [deal_result(rules, (p, 120 - p), (1, 1)) for p in range(121)]
    signatures = [_signature(r) for r in results]
    win = next(p for p in range(121) if results[p].winner is Team.NS)
    big = next((p for p in range(win + 1, 121) if signatures[p] != signatures[p - 1]), None)
    lose = max(p for p in range(121) if results[p].winner is Team.EW)
    save = next((p for p in range(lose, 0, -1) if signatures[p - 1] != signatures[p]), None)
    hand = rules.hand_size
    sweep = deal_result(rules, (120, 0), (hand, 0))
    one = deal_result(rules, (120, 0), (hand - 1, 1))
    better = (sweep.written[Team.NS] > one.written[Team.NS] if not rules.target_loses
              else sweep.written[Team.EW] > one.written[Team.EW])
    tricks = (sweep.reset is None and one.reset is None and sweep.winner == one.winner
              and better)
    return GoalSteps(win, big, save, tricks)


def goal_threshold(goal: Goal, rules: Rules) -> int | None:
    """The card points ``goal`` asks for under ``rules`` (``None`` for the other goals)."""
    steps = goal_steps(rules)
    return {Goal.MAKE_61: steps.win, Goal.MAKE_90: steps.big,
            Goal.SAVE_31: steps.save}.get(goal)


def goal_applies(goal: Goal, rules: Rules) -> bool:
    """Whether reaching ``goal`` always makes the deal result better under ``rules``."""
    steps = goal_steps(rules)
    if goal in (Goal.TAKE_TRICK, Goal.ALL_TRICKS):
        return steps.tricks
    if goal is Goal.MAKE_90:
        return steps.big is not None
    if goal is Goal.SAVE_31:
        return steps.save is not None
    return True


def catch_live(position: Position) -> bool:
    """Whether the 6♣ can still catch the Q♣ here: the catch is played and both cards are still
    in play, held (or already played to this trick) by opposite sides."""
    def sides_holding(card: Card) -> tuple[Team, ...]:
        return tuple(seat.team for seat in Seat if card in position.hands[seat])

    return catch_still_possible(position.rules, position.leader, position.trick, sides_holding)


# -- words ------------------------------------------------------------------------------------

def _value_at(rules: Rules, points: int) -> int:
    """What the deal is worth when NS end with ``points`` (both sides took a trick)."""
    return deal_result(rules, (points, 120 - points), (1, 1)).value


def goal_text(goal: Goal, rules: Rules, lang: str) -> str:
    """The goal in words for a puzzle under ``rules``: the standard text, or the variant's
    points and what is written."""
    lang = "ru" if lang == "ru" else "en"
    kind = "penalty" if rules.target_loses else "rows"
    words = _GOAL_WORDS.get(f"{kind}_{goal.value}")
    if rules.scoring == "standard" or words is None:
        return goal.text(lang)
    steps = goal_steps(rules)
    win, big, save = steps.win, steps.big or 120, steps.save or 1
    written = {"w_win": _value_at(rules, win), "w_big": _value_at(rules, big),
               "w_save": _value_at(rules, save), "w_below": _value_at(rules, save - 1)}
    params: dict[str, object] = {"big": big, "rest": 120 - big}
    if lang == "ru":   # the English words name the points themselves: "make {win} points"
        params.update(win=POINTS(win).in_lang(lang), save=POINTS(save).in_lang(lang))
    else:
        params.update(win=win, save=save)
    for key, value in written.items():
        params[key] = value if kind == "penalty" else ROWS(value).in_lang(lang)
    return words[lang].format(**params)


_GOAL_WORDS: dict[str, dict[str, str]] = {
    "rows_make_61": {"en": "Win the deal: make {win} points (you write {w_win}).",
                     "ru": "Выиграйте раздачу: наберите {win} (вы пишете {w_win})."},
    "rows_make_90": {"en": "Make {big}: keep the opponents to {rest} or fewer (you write "
                           "{w_big}).",
                     "ru": "Наберите {big}: оставьте соперникам не больше {rest} (вы пишете "
                           "{w_big})."},
    "rows_save_31": {"en": "Save yourselves: make {save} points (they write {w_save}, not "
                           "{w_below}).",
                     "ru": "Спаситесь: наберите {save} (соперники пишут {w_save}, а не "
                           "{w_below})."},
    "penalty_make_61": {"en": "Win the deal: make {win} points (the opponents are written at "
                              "least {w_win}).",
                        "ru": "Выиграйте раздачу: наберите {win} (соперникам пишут не меньше "
                              "{w_win})."},
    "penalty_make_90": {"en": "Make {big}: keep the opponents to {rest} or fewer (they are "
                              "written {w_big}, not {w_win}).",
                        "ru": "Наберите {big}: оставьте соперникам не больше {rest} (им "
                              "пишут {w_big}, а не {w_win})."},
    "penalty_save_31": {"en": "Save yourselves: make {save} points (you are written {w_save}, "
                              "not {w_below}).",
                        "ru": "Спаситесь: наберите {save} (вам пишут {w_save}, а не "
                              "{w_below})."},
}
"""Goal words by kind of score table: ``rows`` (classic: the winners write rows) and
``penalty`` (nizhny, kozly24: points are written against the losers).  The points of each step
and what is written there (``w_…``) are filled in from the preset's table."""


def outcome_words(outcome: Outcome | None, team: Team, rules: Rules, *,
                  gerund: bool = False) -> Text:
    """What the deal result means for ``team``, in the words of the preset's score table:
    "you write 4" (standard), "you write 2 rows" / "lyusya: they wipe your tablo" (classic),
    "they are written 4" / "you erase your points" (penalty presets), "eggs"."""
    if outcome is None:
        return Text("?", "?")
    if outcome.winner is None:
        key = "eggs_ing" if gerund else "eggs"
        return Text(say(key, "ru"), say(key, "en"))
    ours = outcome.winner == team
    suffix = "_ing" if gerund else ""
    n = outcome.value
    if rules.scoring == "standard":
        key = ("you" if ours else "they") + ("_writing" if gerund else "_write")
        return Text(say(key, "ru", n=n), say(key, "en", n=n))
    if not rules.target_loses:
        if n == 0:
            key = ("rows_wipe_ours" if ours else "rows_wipe_theirs") + suffix
            return Text(_OUTCOME_WORDS[key]["ru"], _OUTCOME_WORDS[key]["en"])
        key = ("rows_ours" if ours else "rows_theirs") + suffix
        rows = ROWS(n)
        return Text(_OUTCOME_WORDS[key]["ru"].format(rows=rows.in_lang("ru")),
                    _OUTCOME_WORDS[key]["en"].format(rows=rows.in_lang("en")))
    if n == 0:
        key = ("penalty_erase_ours" if ours else "penalty_erase_theirs") + suffix
        return Text(_OUTCOME_WORDS[key]["ru"], _OUTCOME_WORDS[key]["en"])
    key = ("penalty_ours" if ours else "penalty_theirs") + suffix
    return Text(_OUTCOME_WORDS[key]["ru"].format(n=n), _OUTCOME_WORDS[key]["en"].format(n=n))


_OUTCOME_WORDS: dict[str, dict[str, str]] = {
    "rows_ours": {"en": "you write {rows}", "ru": "вы пишете {rows}"},
    "rows_theirs": {"en": "they write {rows}", "ru": "соперники пишут {rows}"},
    "rows_ours_ing": {"en": "you would write {rows}", "ru": "вы писали бы {rows}"},
    "rows_theirs_ing": {"en": "they would write {rows}", "ru": "соперники писали бы {rows}"},
    "rows_wipe_ours": {"en": "lyusya: you wipe their tablo",
                       "ru": "«люся»: вы обнуляете табло соперников"},
    "rows_wipe_theirs": {"en": "lyusya: they wipe your tablo",
                         "ru": "«люся»: соперники обнуляют ваше табло"},
    "rows_wipe_ours_ing": {"en": "you would wipe their tablo (lyusya)",
                           "ru": "вы обнулили бы табло соперников («люся»)"},
    "rows_wipe_theirs_ing": {"en": "they would wipe your tablo (lyusya)",
                             "ru": "соперники обнулили бы ваше табло («люся»)"},
    "penalty_ours": {"en": "they are written {n}", "ru": "соперникам пишут {n}"},
    "penalty_theirs": {"en": "you are written {n}", "ru": "вам пишут {n}"},
    "penalty_ours_ing": {"en": "they would be written {n}", "ru": "соперникам писали бы {n}"},
    "penalty_theirs_ing": {"en": "you would be written {n}", "ru": "вам писали бы {n}"},
    "penalty_erase_ours": {"en": "you erase your points", "ru": "вы списываете свои очки"},
    "penalty_erase_theirs": {"en": "they erase their points",
                             "ru": "соперники списывают свои очки"},
    "penalty_erase_ours_ing": {"en": "you would erase your points",
                               "ru": "вы списали бы свои очки"},
    "penalty_erase_theirs_ing": {"en": "they would erase their points",
                                 "ru": "соперники списали бы свои очки"},
}
