"""The parts of the table's view that belong to the regional variants: the learner's questions
before a deal (buttons), the variant's own scoreboard (the tablo of ``classic``, the penalty
points of ``nizhny`` and ``kozly24``), and the summary lines of a variant deal.

Pure functions from the session to plain JSON, like :mod:`.views`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..card_words import agree_ru, card_ru
from ..cards import Card, CardSet
from ..i18n import POINTS, ROWS
from ..puzzles.variants import goal_steps
from ..rules import Rules
from ..scoring import DealResult
from ..seats import Seat, Team
from ..state import QUEEN_OF_CLUBS, SIX_OF_CLUBS, DealState
from ..variants.boasts import BOAST_NAMES
from ..variants.match_rules import procedures_for
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
    "caught_line",
    "eggs_badge",
    "eggs_next_line",
    "event_line",
    "first_lead_status",
    "match_score_words",
    "question_hand",
    "question_overlay",
    "result_reason",
    "score_badge",
    "scoreboard",
    "shown_score",
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


def _shown_order(question: Question) -> list[int]:
    """The options' indices in the order the buttons show them: a boast's always with the
    learner's own first, then the partner's (the engine lists the side from the dealer's left,
    which changes from deal to deal), so a button stays where the learner found it."""
    indices = list(range(len(question.options)))
    if not isinstance(question, BoastQuestion):
        return indices

    def place(index: int) -> tuple[int, int]:
        option = question.options[index]
        return (0, 0) if option is None else (1 if option[0] == LEARNER else 2, index)

    return sorted(indices, key=place)


def event_lines(session: MatchSession, lang: str) -> list[str]:
    """What has happened in the deal's set-up so far (boasts, redeals, a passed trump), in
    words, in order."""
    return [event_line(event, lang, session.rules) for event in session.events]


def question_overlay(session: MatchSession, lang: str) -> dict[str, Any]:
    """The learner's question as a panel with one button per option (``answer-<index>``)."""
    question = session.question
    assert question is not None
    lines = [*event_lines(session, lang), question.prompt.text(lang)]
    buttons = []
    for index in _shown_order(question):
        option = question.options[index]
        buttons.append({"id": f"answer-{index}", "label": _option_label(question, option, lang),
                        "testid": f"answer-{index}", **({"primary": True} if index == 0 else {})})
    return {"kind": "question", "testid": "question", "title": text("question_title", lang),
            "lines": lines, "buttons": buttons}


def _tablo(rules: Rules) -> bool:
    """Whether the match is kept in rows on ``classic``'s tablo (which holds six, no more)."""
    return rules.scoring == "classic"


def shown_score(rules: Rules, value: int) -> int:
    """A side's match score as the table shows it: the tablo holds at most its target's rows
    (two rows won from row 5 fill it: six, not seven); written points are shown as written."""
    return min(value, rules.match_target) if _tablo(rules) else value


def match_score_words(rules: Rules, scores: Sequence[int], lang: str) -> str:
    """The match score in the words of its table, the learner's side first: «мы 4 : 2 они»;
    the tablo's rows in ``classic``; and where reaching the target loses, the points written
    against each side: «у нас 12 штрафных, у них 2».  The one wording of the match score:
    the badge, the results, the home screen's and the notebook's continue line use it.

    >>> from kozel_tutor.rules import find_rules
    >>> match_score_words(find_rules("kozly24"), (12, 2), "en")
    'we have 12 penalty points, they have 2'
    >>> match_score_words(find_rules("classic"), (7, 3), "ru")
    'пары: мы 6 : 3 они'
    """
    us = shown_score(rules, scores[LEARNER.team])
    them = shown_score(rules, scores[LEARNER.team.other])
    if rules.target_loses:
        key = "score_against"
    else:
        key = "score_rows" if _tablo(rules) else "score_we_they"
    return text(key, lang, us=us, them=them)


def score_badge(session: MatchSession, lang: str) -> dict[str, Any]:
    """The score badge in the variant's own terms: rows, or penalty points against each side,
    and the goal: «У нас 12 штрафных, у них 2 · кто первым наберёт 12, тот проиграл»."""
    rules = session.rules
    words = match_score_words(rules, session.score.scores, lang)
    goal = text("board_goal_penalty" if rules.target_loses else "board_goal_rows", lang,
                target=rules.match_target)
    return {"id": "score", "kind": "score", "testid": "score",
            "text": f"{words[:1].upper()}{words[1:]} · {goal}"}


def scoreboard(session: MatchSession, lang: str) -> dict[str, Any]:
    """Each side's score as the variant keeps it: ``classic``'s two sixes (see
    :class:`~kozel_tutor.variants.tablo.TabloView`), else penalty points towards the target."""
    rules = session.rules
    sides = []
    for team, label in ((LEARNER.team, "board_side_we"), (LEARNER.team.other, "board_side_they")):
        value = shown_score(rules, session.score.scores[team])
        side: dict[str, Any] = {"team": team.name, "label": text(label, lang), "value": value}
        if rules.target_loses:
            side["text"] = text("board_penalty_value", lang, points=value,
                                target=rules.match_target)
        else:
            tablo = TabloView.of(team, min(value, 6))
            side["text"] = text("board_rows_value", lang, rows=value, target=rules.match_target)
            side["sixes"] = [tablo.sixes[0].token, tablo.sixes[1].token]
            side["top_face_up"] = tablo.top_face_up
            side["uncovered"] = tablo.rows_uncovered
        sides.append(side)
    kind = "penalty" if rules.target_loses else "tablo"
    title = text("board_penalty" if rules.target_loses else "board_rows", lang)
    return {"kind": kind, "title": title, "testid": "scoreboard", "target": rules.match_target,
            "sides": sides}


_TOLD_AFTER = ("ev_boast", "ev_redeal_refused", "ev_gave_trump", "ev_gave_trump_you",
               "ev_gave_back")
"""The set-up's events a variant deal's summary tells again, as the question panel told them:
a boast, a refused third redeal, and the last trump passed (face down: the others learn only
that a card was passed; the learner's side, which card, and the card given back).  Redeal
claims only for a deal never played: after a redeal the cards were dealt again, and the claims
were about hands nobody played."""


def variant_summary(session: MatchSession, result: DealResult, lang: str
                    ) -> tuple[list[dict[str, Any]], list[str]]:
    """The summary table rows and lines of a finished variant deal."""
    we, they = LEARNER.team, LEARNER.team.other
    scores = session.score.scores
    rules = session.rules
    written_key = "row_against" if rules.target_loses else "row_rows"
    match_key = "row_match_against" if rules.target_loses else "row_match"
    rows: list[dict[str, Any]] = [
        {"cells": [text("row_points", lang), str(result.points[we]), str(result.points[they])]},
        {"cells": [text("row_tricks", lang), str(result.tricks[we]), str(result.tricks[they])]},
        {"cells": [text(written_key, lang), str(result.written[we]), str(result.written[they])]},
        {"cells": [text(match_key, lang),
                   {"text": str(shown_score(rules, scores[we])), "strong": True},
                   {"text": str(shown_score(rules, scores[they])), "strong": True}]},
    ]
    played = sum(result.tricks) > 0
    lines = [event_line(Event("ev_boast_done", event.params) if event.key == "ev_boast"
                        else event, lang, session.rules) for event in session.events
             if event.key in _TOLD_AFTER
             or (not played and event.key.startswith("ev_redeal_"))]
    if not played:   # a refused third redeal: no card was played, no points to speak of
        lines.extend(_penalty_line(session.rules, result, lang))
    elif result.caught is not None:
        lines.append(caught_line(session.deal, result, lang))
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


def _penalty_line(rules: Rules, result: DealResult, lang: str) -> list[str]:
    """Who dealt the deal never played (the third redeal refused) and what it writes."""
    if result.winner is None:
        return []
    winners, losers = _team(result.winner, lang), _team(result.winner.other, lang)
    if rules.target_loses:
        return [text("summary_penalty_against", lang, losers=losers,
                     points=POINTS(max(result.written)))]
    return [text("summary_penalty_rows", lang, losers=losers, winners=winners,
                 rows=ROWS(max(result.written)))]


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
    elif key in ("why_one_row", "why_two_rows"):   # who writes the rows: the winners
        key = f"{key}_{winner.name}"
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
    """The badge of a deal played after eggs: ``+1 row`` in ``classic``, else ``×2``; a
    screen reader hears its sentence (``said``: "×2" read out says little)."""
    if _egg_row(rules):
        words = text("egg_row_badge", lang), text("egg_row_title", lang)
    else:
        words = text("double_badge", lang), text("double_title", lang)
    return {"id": "double", "kind": "double", "testid": "double", "text": words[0],
            "title": words[1], "said": words[1]}


def _eggs_bonus_line(rules: Rules, result: DealResult, lang: str) -> str | None:
    """Why a deal played after eggs writes more than its own score (``None`` if it does not)."""
    if result.multiplier == 1 or result.winner is None or not any(result.written):
        return None
    if _egg_row(rules):
        return text("summary_egg_row", lang)
    return text("summary_doubled", lang, value=result.value, written=max(result.written))


def caught_line(deal: DealState, result: DealResult, lang: str) -> str:
    """The catch in words: whose six of clubs caught whose queen, who is written what, and why
    the card points do not add up to 120: «Ваша шестёрка треф поймала даму треф Фёдора:
    раздача окончена, Фёдору и Глебу пишут 4 (карты на руках не считаются).»"""
    assert result.caught is not None
    played = {card: seat for seat, card in deal.history}
    six, queen = played.get(SIX_OF_CLUBS), played.get(QUEEN_OF_CLUBS)
    six_key = "any" if six is None or queen is None else six.name   # no record: no names
    queen_key = "any" if six is None or queen is None else queen.name
    six_words = text(f"catch_six_{six_key}", lang)
    queen_words = text(f"catch_queen_{queen_key}", lang)
    return text("summary_caught", lang, six=six_words, queen=queen_words,
                team=text(f"catch_team_{result.caught.name}", lang),
                written=result.written[result.caught])


def goats_line(session: MatchSession, lang: str) -> str | None:
    """The goats' title at the end of a variant match (with eggs, with tails, naked):
    «Козлы — Фёдор и Глеб.»"""
    if session.match is None:
        return None
    title = goats_title(session.match)
    if title is None:
        return None
    team, message = title
    return text(f"goats_{message.key}", lang, team=_team(team, lang))


def opening_card(session: MatchSession) -> Card | None:
    """The card whose holder leads this deal's first trick by the preset's rule
    (``Rules.first_lead`` ``"holder:7D"``), while nobody has played yet; ``None`` when the
    leader is someone else's choice or the usual seat (the rule as
    :meth:`~kozel_tutor.variants.match.Match.setup` applies it)."""
    match, deal, rules = session.match, session.deal, session.rules
    card = rules.first_lead_holder
    if match is None or deal.history or card is None:
        return None
    if procedures_for(rules).later_lead == "last_winners_choose":
        if match.last_winner is not None:   # the last winners chose who leads
            return None
    elif not match.first_deal:
        return None
    return card if card in deal.hand(deal.leader) else None


def first_lead_status(session: MatchSession, lang: str) -> str | None:
    """Why this seat leads the first trick, while it has not yet: «Нина ходит первой: у неё
    семёрка бубен.»; to the learner who must lead the card itself: «Первая раздача начинается
    с туза бубен — он у вас, ходите им.» (``None`` when no rule chose the leader)."""
    card = opening_card(session)
    if card is None:
        return None
    leader = session.deal.leader
    if leader != LEARNER:
        return text(f"first_lead_{leader.name}", lang, card=card.name_in(lang))
    if not session.rules.lead_that_card:
        return text("first_lead_you", lang, card=card.name_in(lang))
    return text("first_lead_card_you", lang, card=card.name_in(lang),
                card_gen=card_ru(card, "genitive"),
                it=agree_ru(card, "он", "она"), with_it=agree_ru(card, "им", "ею"))


def _team(team: Team, lang: str) -> str:
    return text(f"team_{team.name}", lang)
