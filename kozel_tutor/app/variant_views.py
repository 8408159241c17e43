"""The parts of the table's view that belong to the regional variants: the learner's questions
before a deal (buttons), the variant's own scoreboard (the tablo of ``classic``, the penalty
points of ``nizhny`` and ``kozly24``), and the summary lines of a variant deal.

Pure functions from the session to plain JSON, like :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, CardSet
from ..i18n import POINTS
from ..puzzles.variants import goal_steps
from ..rules import Rules
from ..scoring import DealResult
from ..seats import Seat, Team
from ..variants.boasts import BOAST_NAMES
from ..variants.questions import (
    BoastQuestion,
    GiveBackQuestion,
    GiveTrumpQuestion,
    LayQuestion,
    LeaderQuestion,
    Question,
    RedealQuestion,
    no_queen_claim,
)
from ..variants.tablo import TabloView, goats_title
from . import variant_texts  # noqa: F401  (registers the texts)
from .procedure import Event
from .session import LEARNER, MatchSession
from .texts import text

__all__ = [
    "eggs_badge",
    "eggs_next_line",
    "event_line",
    "question_hand",
    "question_overlay",
    "result_reason",
    "score_badge",
    "scoreboard",
    "variant_summary",
]


def _words(value: object, lang: str) -> object:
    if isinstance(value, Seat):
        return text(f"seat_{value.name}", lang)
    if isinstance(value, str) and value in BOAST_NAMES:
        return BOAST_NAMES[value][lang]
    return value


def event_line(event: Event, lang: str, rules: Rules | None = None) -> str:
    """One thing that happened before play, in words (a side's claim to a redeal in the words of
    ``rules``: in ``classic`` a lone Q♦ counts as no queen)."""
    params = {name: _words(value, lang) for name, value in event.params.items()}
    key = event.key
    if key == "ev_redeal_no_queen":
        key = f"ev_redeal_{no_queen_claim(rules)}"
    line = text(key, lang, **params)
    return line[:1].upper() + line[1:]


def _option_label(question: Question, option: object, lang: str) -> str:
    if isinstance(option, Card):
        return option.label(lang)
    if isinstance(question, BoastQuestion):
        if option is None:
            return text("answer_deal_normally", lang)
        assert isinstance(option, tuple)
        seat, name = option
        who = text("answer_you" if seat == LEARNER else "answer_partner", lang)
        boast = BOAST_NAMES[name][lang]
        return text("answer_boast", lang, boast=boast[:1].upper() + boast[1:], who=who)
    if isinstance(question, RedealQuestion):
        return text("answer_redeal" if option else "answer_keep_hand", lang)
    if isinstance(question, GiveTrumpQuestion):
        return text("answer_give_trump" if option else "answer_keep_trump", lang)
    if isinstance(question, LeaderQuestion):
        return text("answer_i_lead" if option == LEARNER else "answer_partner_leads", lang)
    return str(option)


def question_hand(question: Question) -> CardSet | None:
    """The learner's cards to show while they decide (``None`` before the cards are dealt)."""
    if isinstance(question, RedealQuestion) and question.seat != LEARNER:
        return dict(question.side_hands).get(LEARNER)   # the side's claim, put to the partner
    if isinstance(question, (RedealQuestion, GiveTrumpQuestion, GiveBackQuestion,
                             LayQuestion)):
        return question.hand if question.seat == LEARNER else None
    if isinstance(question, LeaderQuestion):
        return dict(question.hands).get(LEARNER)
    return None


def question_overlay(session: MatchSession, lang: str) -> dict[str, Any]:
    """The learner's question as a panel with one button per option (``answer-<index>``)."""
    question = session.question
    assert question is not None
    lines = [event_line(event, lang, session.rules) for event in session.events]
    lines.append(question.prompt.text(lang))
    buttons = []
    for index, option in enumerate(question.options):
        buttons.append({"id": f"answer-{index}", "label": _option_label(question, option, lang),
                        "testid": f"answer-{index}", **({"primary": True} if index == 0 else {})})
    return {"kind": "question", "testid": "question", "title": text("question_title", lang),
            "lines": lines, "buttons": buttons}


def score_badge(session: MatchSession, lang: str) -> dict[str, Any]:
    """The score badge in the variant's own terms: rows, or penalty points against each side."""
    scores = session.score.scores
    us, them = scores[LEARNER.team], scores[LEARNER.team.other]
    target = session.rules.match_target
    key = "board_penalty_badge" if session.rules.target_loses else "board_rows_badge"
    return {"id": "score", "kind": "score", "testid": "score",
            "text": text(key, lang, us=us, them=them, target=target)}


def scoreboard(session: MatchSession, lang: str) -> dict[str, Any]:
    """Each side's score as the variant keeps it: ``classic``'s two sixes (see
    :class:`~kozel_tutor.variants.tablo.TabloView`), else penalty points towards the target."""
    rules = session.rules
    sides = []
    for team, label in ((LEARNER.team, "board_side_we"), (LEARNER.team.other, "board_side_they")):
        value = session.score.scores[team]
        side: dict[str, Any] = {"team": team.name, "label": text(label, lang), "value": value}
        if rules.target_loses:
            side["text"] = text("board_penalty_value", lang, points=value,
                                target=rules.match_target)
        else:
            rows = min(value, 6)
            tablo = TabloView.of(team, rows)
            side["text"] = text("board_rows_value", lang, rows=value, target=rules.match_target)
            side["sixes"] = [tablo.sixes[0].token, tablo.sixes[1].token]
            side["top_face_up"] = tablo.top_face_up
            side["uncovered"] = tablo.rows_uncovered
        sides.append(side)
    kind = "penalty" if rules.target_loses else "tablo"
    title = text("board_penalty" if rules.target_loses else "board_rows", lang)
    return {"kind": kind, "title": title, "testid": "scoreboard", "target": rules.match_target,
            "sides": sides}


def variant_summary(session: MatchSession, result: DealResult, lang: str
                    ) -> tuple[list[dict[str, Any]], list[str]]:
    """The summary table rows and lines of a finished variant deal."""
    we, they = LEARNER.team, LEARNER.team.other
    scores = session.score.scores
    written_key = "row_against" if session.rules.target_loses else "row_rows"
    rows: list[dict[str, Any]] = [
        {"cells": [text("row_points", lang), str(result.points[we]), str(result.points[they])]},
        {"cells": [text("row_tricks", lang), str(result.tricks[we]), str(result.tricks[they])]},
        {"cells": [text(written_key, lang), str(result.written[we]), str(result.written[they])]},
        {"cells": [text("row_match", lang), {"text": str(scores[we]), "strong": True},
                   {"text": str(scores[they]), "strong": True}]},
    ]
    lines = [event_line(event, lang, session.rules) for event in session.events
             if event.key in ("ev_boast", "ev_redeal_refused")]
    if result.caught is not None:
        lines.append(text("summary_caught", lang))
    elif result.eggs:
        lines.append(eggs_next_line(session.rules, lang))
    else:
        reason = result_reason(session.rules, result, lang)
        if reason is not None:
            lines.append(reason)
    bonus = _eggs_bonus_line(session.rules, result, lang)
    if bonus is not None:
        lines.append(bonus)
    if result.reset is not None:
        lines.append(text("summary_reset", lang, team=_team(result.reset, lang)))
    if session.rules.target_loses:
        lines.append(text("summary_first_to", lang, target=session.rules.match_target))
    return rows, lines


_REASONS: dict[tuple[str, int], str] = {
    ("standard", 6): "why_no_trick", ("standard", 4): "why_not_saved",
    ("standard", 2): "why_saved",
    ("nizhny", 6): "why_no_points", ("nizhny", 4): "why_not_saved", ("nizhny", 2): "why_saved",
    ("kozly24", 4): "why_not_saved", ("kozly24", 2): "why_saved",
    ("classic", 1): "why_one_row", ("classic", 2): "why_two_rows",
}
"""The step of each score table a deal's value stands for (before eggs), as the words that say
why: the losers took no trick, no points, too few points or enough; the winners' rows."""

_SWEEPS = {"classic": "why_lyusya", "kozly24": "why_erase"}
"""A sweep that resets a score, in words (the reset itself has its own line)."""


def result_reason(rules: Rules, result: DealResult, lang: str) -> str | None:
    """Why the deal ``result`` writes what it writes under ``rules``, read from the result (its
    value, its reset), never from the points checked again: "Fedor and Gleb took 53 points, at
    least 31: they saved themselves."  The points the step begins at come from the table
    itself (:func:`~kozel_tutor.puzzles.variants.goal_steps`).  ``None`` for eggs and a catch,
    whose own lines say why, and for a table without words here.

    >>> from kozel_tutor.rules import find_rules
    >>> from kozel_tutor.scoring import deal_result
    >>> result_reason(find_rules(), deal_result(find_rules(), (67, 53), (4, 5)), "en")
    'Fedor and Gleb took 53 points, at least 31: they saved themselves.'
    """
    if result.winner is None or result.caught is not None:
        return None
    winner, loser = result.winner, result.winner.other
    if result.reset is not None:
        key = _SWEEPS.get(rules.scoring)
    elif (rules.scoring, result.value) in _REASONS:
        key = _REASONS[(rules.scoring, result.value)]
    else:   # the match wrote a sweep of its first deal on the losers (kozly24: 12)
        key = "why_sweep_first" if result.tricks[loser] == 0 else None
    if key is None:
        return None
    if key in ("why_saved", "why_not_saved"):
        key = f"{key}_{loser.name}"
    steps = goal_steps(rules)
    side = loser if key.startswith(("why_saved", "why_not_saved", "why_no_")) else winner
    return text(key, lang, winners=_team(winner, lang), losers=_team(loser, lang),
                points=POINTS(result.points[side]), save=steps.save, big=steps.big,
                value=result.value)


def _egg_row(rules: Rules) -> bool:
    """Whether eggs give the next deal's winners one extra row (``classic``'s яичная пара)
    rather than doubling the next deal."""
    return rules.scoring == "classic"


def eggs_next_line(rules: Rules, lang: str) -> str:
    """What eggs mean for the next deal, under ``rules``."""
    return text("eggs_next_egg_row" if _egg_row(rules) else "eggs_next", lang)


def eggs_badge(rules: Rules, lang: str) -> dict[str, Any]:
    """The badge of a deal played after eggs: ``+1 row`` in ``classic``, else ``×2``."""
    if _egg_row(rules):
        words = text("egg_row_badge", lang), text("egg_row_title", lang)
    else:
        words = text("double_badge", lang), text("double_title", lang)
    return {"id": "double", "kind": "double", "testid": "double", "text": words[0],
            "title": words[1]}


def _eggs_bonus_line(rules: Rules, result: DealResult, lang: str) -> str | None:
    """Why a deal played after eggs writes more than its own score (``None`` if it does not)."""
    if result.multiplier == 1 or result.winner is None or not any(result.written):
        return None
    if _egg_row(rules):
        return text("summary_egg_row", lang)
    return text("summary_doubled", lang, value=result.value, written=max(result.written))


def goats_line(session: MatchSession, lang: str) -> str | None:
    """The goats' title at the end of a variant match (with eggs, with tails, naked)."""
    if session.match is None:
        return None
    title = goats_title(session.match)
    if title is None:
        return None
    team, message = title
    return f"{message.text(lang).rstrip('.')} — {_team(team, lang)}."


def _team(team: Team, lang: str) -> str:
    return text(f"team_{team.name}", lang)
