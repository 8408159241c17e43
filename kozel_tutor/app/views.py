"""Build the card table's JSON view from a match session and the screen's own state.

Pure functions, no widgets: the controller (:mod:`.play_view`) keeps a :class:`TableUi` and calls
:func:`table_view` whenever something changed; the result is checked by the widget's schema.

>>> import random
>>> session = MatchSession(Settings(level="random"), rng=random.Random(1),
...                        first_dealer=Seat.E)
>>> view = table_view(session, TableUi(lang="en"))
>>> view["status"], len(view["seats"]["S"]["cards"])
('Your lead: choose a card.', 9)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ai.advice import Advice
from ..cards import Card, Rank, Suit
from ..i18n import POINTS, Number, unbroken
from ..rules import Rules
from ..scoring import DealResult
from ..seats import Seat
from ..state import Phase, Trick
from .predeal_view import predeal_panel, question_panel
from .review import Alternative, ReviewStep, StepAnalysis, swing, swing_text
from .seat_words import seat_cards
from .session import LEARNER, MatchSession, Settings
from .store import Stats
from .texts import text
from .variant_views import (
    eggs_badge,
    first_lead_status,
    goats_line,
    match_score_words,
    question_hand,
    result_reason,
    score_badge,
    scoreboard,
    shown_score,
    variant_summary,
)

__all__ = ["ReviewUi", "TableUi", "hint_available", "last_trick", "last_trick_words", "level_label",
           "outcome_text", "points_text", "table_view"]


@dataclass
class ReviewUi:
    """The deal review on screen: the learner's steps, which one is shown, what is analysed."""

    steps: list[ReviewStep]
    index: int = 0
    analyses: dict[int, StepAnalysis] = field(default_factory=dict)
    progress: float | None = None
    #: the steps whose analysis failed: said so, and not tried again in this review
    failed: set[int] = field(default_factory=set)
    #: the panel the review was opened from, which Close goes back to: the deal's summary, or
    #: the match's results (the deal that ended the match is reviewed from there too)
    back: str = "summary"


@dataclass
class TableUi:
    """What the table shows beyond the session: mode, a status override, the trick on hold."""

    lang: str = "ru"
    #: ``play``, ``predeal`` (the "before the deal" panel waits for the learner before the first
    #: card), ``pause``, ``summary``, ``results`` or ``review``
    mode: str = "play"
    #: the status line's words in a language (so that a language switch turns them too), and
    #: its kind
    status: tuple[Callable[[str], str], str] | None = None
    held_trick: Trick | None = None
    #: the AI seat whose card is being worked out, and how far (the hint's progress too); the
    #: table shows them only while play goes on (:func:`thinking_shown`), not behind the pause
    thinking: Seat | None = None
    progress: float | None = None
    sound: bool = True
    stats: Stats | None = None
    review: ReviewUi | None = None
    #: the pause and results screens offer the main menu (not on a notebook's lone table)
    home: bool = True
    #: the hint for the learner's turn: being worked out, or found (until the learner acts)
    advising: bool = False
    advice: Advice | None = None
    #: the learner asked to see the last finished trick again (until they close it or play)
    last_trick_shown: bool = False


def last_trick(session: MatchSession, ui: TableUi) -> Trick | None:
    """The deal's last trick played at the table, while the learner may look at it again
    (playing, no question or panel up), else ``None`` (a boast's made tricks are not played)."""
    deal = session.deal
    played = deal.tricks[deal.dealt_tricks:]
    if ui.mode != "play" or session.asking or not played:
        return None
    return played[-1]


def _took_it(trick: Trick, lang: str) -> str:
    """Who took ``trick``: "Fedor took it: 14 points" / «Взял Фёдор: 14 очков»."""
    name = trick.winner.name
    return text(f"last_trick_took_{name}", lang, name=text(f"seat_{name}", lang),
                points=POINTS(trick.points))


def last_trick_words(trick: Trick, lang: str) -> str:
    """What the live region says when the last trick is shown again: its cards with their
    players, as the boasts' tricks are told, and who took it: «Последняя взятка: Фёдор — дама
    пик, Нина — туз треф, Глеб — валет пик, вы — восьмёрка треф. Взял Фёдор: 16 очков.»"""
    return text("last_trick_said", lang, cards=seat_cards(tuple(trick.plays())),
                took=_took_it(trick, lang))


def thinking_shown(session: MatchSession, ui: TableUi) -> Seat | None:
    """The seat the table shows thinking: the AI player whose card is being worked out, while
    play goes on and that player is still to play; none behind the pause menu (play stands
    still there, whatever the AI still works out in the background) nor on a result panel."""
    deal = session.deal
    if ui.mode != "play" or ui.thinking is None or deal.is_over or deal.to_move != ui.thinking:
        return None
    return ui.thinking


def hint_available(session: MatchSession, ui: TableUi) -> bool:
    """Whether the Hint button works now: the learner's turn to play or call, nothing moving on
    the table, no hint yet for this turn."""
    return (ui.mode == "play" and ui.held_trick is None and ui.thinking is None
            and session.learner_to_act and not ui.advising and ui.advice is None)


def level_label(level: str, lang: str) -> str:
    key = f"level_{level}"
    from .texts import TEXTS
    return text(key, lang) if key in TEXTS else level


def rule_label(rule: str, lang: str) -> str:
    """The name of a trump rule (``clubs``, ``called``) or a regional game, as the statistics
    key it (``Settings.stats_key``)."""
    from .texts import TEXTS
    for key in (f"trump_{rule}", f"variant_{rule}"):
        if key in TEXTS:
            return text(key, lang)
    return rule


def _button(ident: str, label: str, *, primary: bool = False, testid: str | None = None,
            **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": ident, "label": label, "testid": testid or ident}
    if primary:
        out["primary"] = True
    out.update(extra)
    return out


def _hand_entries(session: MatchSession, seat: Seat, playable: bool,
                  marked: Card | None = None, state: Any = None,
                  mark: str = "played") -> list[dict[str, Any]]:
    deal = state or session.deal
    hand = deal.hand(seat)
    if deal.trump is not None:
        order = deal.rules.card_order(deal.trump)
        cards = sorted(hand, key=order.sort_key())
        trumps = {card for card in cards if order.is_trump(card)}
    else:
        cards, trumps = hand.sorted(), set()
    legal = deal.legal_plays() if playable and deal.to_move == seat else None
    entries = []
    for card in cards:
        entry: dict[str, Any] = {"card": card.token, "trump": card in trumps}
        if legal is not None:
            entry["playable"] = card in legal
        if marked is not None and card == marked:
            entry["mark"] = mark
        entries.append(entry)
    return entries


def table_view(session: MatchSession, ui: TableUi) -> dict[str, Any]:
    """The whole table as plain JSON (see :func:`kozel_tutor.widgets.check_table_view`)."""
    lang = ui.lang
    review_step = _review_step(ui)
    deal = session.deal if review_step is None else session.last_deal_state(review_step.ply)
    playing = ui.mode == "play" and ui.held_trick is None and ui.thinking is None
    thinking = thinking_shown(session, ui)
    seats: dict[str, Any] = {}
    asked = session.question if review_step is None and ui.mode == "play" else None
    # the learner's card marked: the one played (review), else the hint's
    marked: Card | None = review_step.played if review_step is not None else (
        ui.advice.card if playing and ui.advice is not None else None)
    mark = "played" if review_step is not None else "advised"
    for seat in Seat:
        open_hand = seat == LEARNER or review_step is not None
        team = seat.team
        shown = question_hand(asked) if asked is not None and seat == LEARNER else None
        if shown is not None:
            seats[seat.name] = {"name": text(f"seat_{seat.name}", lang), "count": len(shown),
                                "cards": [{"card": c.token} for c in shown.sorted()],
                                "team": team.name}
            continue
        entry: dict[str, Any] = {
            "name": text(f"seat_{seat.name}", lang),
            "count": len(deal.hand(seat)),
            "cards": (_hand_entries(session, seat, playing and seat == LEARNER,
                                    marked if seat == LEARNER else None, deal, mark)
                      if open_hand else []),
            "dealer": seat == deal.dealer,
            "active": not deal.is_over and deal.to_move == seat and ui.mode in ("play", "review"),
            "thinking": thinking == seat,
            "team": team.name,
        }
        # each side's card points, on one plate of the side, named as the side's (not the
        # player's): the learner's own, and the first opponent's
        if seat in (LEARNER, Seat.W):
            side = "ours" if team is LEARNER.team else "theirs"
            entry["points"] = text(f"points_{side}", lang, points=deal.points[team])
            entry["points_title"] = text(f"points_{side}_title", lang)
        seats[seat.name] = entry

    again = last_trick(session, ui) if review_step is None else None
    winner: str | None = None
    if again is not None and ui.last_trick_shown:
        trick = [{"seat": s.name, "card": c.token} for s, c in again.plays()]
        winner = again.winner.name
    elif ui.held_trick is not None:
        trick = [{"seat": s.name, "card": c.token} for s, c in ui.held_trick.plays()]
        winner = ui.held_trick.winner.name
    else:
        trick = [{"seat": deal.leader.offset(i).name, "card": c.token}
                 for i, c in enumerate(deal.current_trick)]

    status, kind = (ui.status[0](ui.lang), ui.status[1]) if ui.status else _status(session, ui)
    view: dict[str, Any] = {
        "seats": seats,
        "trick": trick,
        "winner": winner,
        "status": status,
        "status_kind": kind,
        # the bar of the AI's thinking or the hint's: it moves only while play goes on
        "progress": ui.progress if ui.mode == "play" else None,
        "badges": _badges(session, lang),
        "toolbar": [
            _button("menu", text("menu", lang), icon="menu"),
            _button("sound", text("sound", lang), icon="sound-on" if ui.sound else "sound-off",
                    pressed=ui.sound),
            _button("lang", text("lang_switch", lang)),
            _button("hint", text("hint_button", lang), title=text("hint_title", lang),
                    disabled=not hint_available(session, ui)),
            _button("last-trick", text("last_trick", lang), icon="last-trick",
                    title=text("last_trick_title", lang),
                    pressed=ui.last_trick_shown and again is not None, disabled=again is None),
        ],
        "ranks": {rank.letter: rank.letter_in(lang)
                  for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)},
        "trump": None if deal.trump is None else deal.trump.letter,
        "hint": text("keys_hint" if again is None else "keys_hint_last", lang),
        "labels": {"hand": text("hand_label", lang), "trick": text("trick_label", lang),
                   "thinking": text("thinking", lang), "dealer": text("dealer_chip", lang)},
        "call": None,
        "overlay": None,
    }
    if session.match is not None:
        view["scoreboard"] = scoreboard(session, lang)
    if playing and session.learner_calls:
        advised_suit = ui.advice.suit if ui.advice is not None else None
        view["call"] = {"prompt": text("call_prompt", lang),
                        "suits": [{"suit": suit.letter, "label": suit.name_in(lang).capitalize(),
                                   "advised": suit == advised_suit}
                                  for suit in Suit]}
    if again is not None and ui.last_trick_shown:
        view["trick_note"] = _took_it(again, lang)
    view["overlay"] = _overlay(session, ui)
    if asked is not None and view["overlay"] is None:
        view["overlay"] = question_panel(session, lang)
    return view


def _review_step(ui: TableUi) -> ReviewStep | None:
    if ui.mode != "review" or ui.review is None or not ui.review.steps:
        return None
    return ui.review.steps[ui.review.index]


def _status(session: MatchSession, ui: TableUi) -> tuple[str, str]:
    lang = ui.lang
    deal = session.deal
    if ui.mode == "pause":
        return text("status_paused", lang), "info"
    if ui.mode == "review":
        return text("review_status", lang), "info"
    if ui.mode == "predeal":
        return text("status_predeal", lang), "turn"
    if ui.advising:
        return text("hint_thinking", lang), "wait"
    if ui.advice is not None:
        return ui.advice.text(lang), "advice"
    if session.asking:
        return text("status_question", lang), "turn"
    if deal.is_over:
        return text("status_deal_over", lang), "done"
    mover = deal.to_move
    first_lead = first_lead_status(session, lang)
    if mover != LEARNER:
        if first_lead is not None:
            return first_lead, "wait"
        return text("status_thinking", lang, name=text(f"seat_{mover.name}", lang)), "wait"
    if deal.phase is Phase.CALL:
        return text("status_call", lang), "turn"
    if not deal.trick:
        return first_lead or text("status_your_lead", lang), "turn"
    return text("status_your_turn", lang), "turn"


def _badges(session: MatchSession, lang: str) -> list[dict[str, Any]]:
    us, them = session.score.scores[LEARNER.team], session.score.scores[LEARNER.team.other]
    badges: list[dict[str, Any]] = [{
        "id": "score", "kind": "score", "testid": "score",
        "text": text("score_badge", lang, us=us, them=them, target=session.rules.match_target),
    }]
    if session.match is not None:
        badges = [score_badge(session, lang)]
    trump = session.deal.trump
    badges.append({"id": "trump", "kind": "trump", "testid": "trump",
                   "text": text("trump_badge", lang, suit=trump) if trump is not None
                   else text("trump_badge_none", lang)})
    multiplier = session.score.multiplier
    if session.deal_recorded and session.score.results:
        multiplier = session.score.results[-1].multiplier
    if multiplier > 1:
        badges.append(eggs_badge(session.rules, lang))
    return badges


def _overlay(session: MatchSession, ui: TableUi) -> dict[str, Any] | None:
    lang = ui.lang
    if ui.mode == "pause":
        return {"kind": "pause", "testid": "pause", "title": text("pause_title", lang),
                "lines": [text("pause_text", lang)],
                "buttons": [*_home(ui), _button("new-game", text("new_game", lang)),
                            _button("resume", text("resume", lang), primary=True)]}
    if ui.mode == "predeal":
        return predeal_panel(session, lang)
    if ui.mode == "summary" and session.score.results:
        return _summary(session, session.score.results[-1], lang)
    if ui.mode == "results":
        return _results(session, ui.stats or Stats(), ui)
    if ui.mode == "review" and ui.review is not None:
        return _review(session, ui.review, lang)
    return None


def _summary(session: MatchSession, result: DealResult, lang: str) -> dict[str, Any]:
    we, they = LEARNER.team, LEARNER.team.other
    if result.eggs:
        title = text("summary_eggs", lang)
    else:
        title = text("summary_won" if result.winner is we else "summary_lost", lang)
    buttons = _review_button(session, "review", lang)
    if session.score.is_over:
        buttons.append(_button("results", text("results", lang), primary=True))
    else:
        buttons.append(_button("next", text("next", lang), primary=True))
    if session.match is not None:
        rows, lines = variant_summary(session, result, lang)
        if sum(result.tricks) == 0:
            title = text("summary_penalty", lang)
        return {"kind": "summary", "testid": "deal-summary", "title": title, "lines": lines,
                "said": [_score_said(session, lang)],
                "table": {"head": _summary_head(lang), "rows": rows}, "buttons": buttons}
    scores = session.score.scores
    rows = [
        {"cells": [text("row_points", lang), str(result.points[we]), str(result.points[they])]},
        {"cells": [text("row_tricks", lang), str(result.tricks[we]), str(result.tricks[they])]},
        {"cells": [text("row_written", lang), str(result.written[we]),
                   str(result.written[they])]},
        {"cells": [text("row_match", lang), {"text": str(scores[we]), "strong": True},
                   {"text": str(scores[they]), "strong": True}]},
    ]
    lines = []
    if result.eggs:
        lines.append(text("eggs_next", lang))
    else:
        written = max(result.written)
        lines.append(text("worth_double", lang, value=result.value, written=POINTS(written))
                     if result.multiplier > 1 else text("worth_plain", lang,
                                                        value=POINTS(written)))
        reason = result_reason(session.rules, result, lang)
        if reason is not None:
            lines.append(reason)
    return {"kind": "summary", "testid": "deal-summary", "title": title, "lines": lines,
            "said": [_score_said(session, lang)],
            "table": {"head": _summary_head(lang), "rows": rows}, "buttons": buttons}


def _review_button(session: MatchSession, label: str, lang: str) -> list[dict[str, Any]]:
    """The button that opens the last deal's review (the deal's summary has it, and the
    match's results for the deal that ended the match), or none: a deal never played (the
    third redeal refused) has no cards to review."""
    results = session.score.results
    if session.last_deal is None or not results or not any(results[-1].tricks):
        return []
    return [_button("review", text(label, lang))]


def _score_said(session: MatchSession, lang: str) -> str:
    """The match score after the deal, for a screen reader (the summary's table shows it):
    «Счёт партии: мы 4 : 0 они.»; ``classic`` keeps it in rows on its tablo: «Счёт в парах:
    мы 2 : 0 они.»"""
    rules, scores = session.rules, session.score.scores
    if rules.scoring != "classic":
        return text("summary_score_said", lang,
                    score=match_score_words(rules, scores, lang))
    return text("summary_score_rows_said", lang, us=shown_score(rules, scores[LEARNER.team]),
                them=shown_score(rules, scores[LEARNER.team.other]))


def _summary_head(lang: str) -> list[Any]:
    """The summary table's column heads: its rows' names, then the two sides."""
    return [text("col_summary", lang), text("team_NS", lang), text("team_EW", lang)]


def _home(ui: TableUi) -> list[dict[str, Any]]:
    return [_button("home", text("back", ui.lang))] if ui.home else []


def _final_score(session: MatchSession, lang: str) -> str:
    """The match's final score: «Итоговый счёт: мы 12 : 7 они.»; ``classic`` keeps it in rows
    on its tablo (as :func:`~.variant_views.match_score_words` knows): «Итоговый счёт в парах:
    мы 6 : 3 они.»"""
    rules, scores = session.rules, session.score.scores
    if rules.scoring != "classic":
        return text("results_score", lang, score=match_score_words(rules, scores, lang))
    return text("results_score_rows", lang, us=shown_score(rules, scores[LEARNER.team]),
                them=shown_score(rules, scores[LEARNER.team.other]))


def _results(session: MatchSession, stats: Stats, ui: TableUi) -> dict[str, Any]:
    lang = ui.lang
    score = session.score
    we, they = LEARNER.team, LEARNER.team.other
    won = score.winner is we
    deals = score.deals_won
    lines = [
        _final_score(session, lang),
        text("results_deals", lang, us=deals[we], them=deals[they]),
        text("results_eggs", lang, eggs=score.eggs),
    ]
    goats = goats_line(session, lang)
    if goats is not None:
        lines.append(goats)
    elif score.goats is not None:
        naked = score.naked_goats
        if score.goats is they:
            lines.append(text("naked_they" if naked else "goats_they", lang))
        else:
            lines.append(text("naked_we" if naked else "goats_we", lang))
    lines.append(text("stats_mistakes", lang, n=session.illegal_attempts))
    settings: Settings = session.settings
    rows = [
        {"cells": [text("stats_matches", lang),
                   text("stats_of", lang, n=stats.wins, total=stats.matches)]},
        {"cells": [text("stats_deals", lang),
                   text("stats_of", lang, n=stats.deals_won, total=stats.deals)]},
        {"cells": [text("stats_points", lang),
                   text("stats_avg", lang, avg=Number(stats.points_per_deal))]},
        {"cells": [text("stats_goats", lang), str(stats.goats)]},
    ]
    title_stats = text("stats_title", lang, level=level_label(settings.level, lang),
                       trump=text(f"stats_trump_{settings.trump}", lang))
    if not settings.standard:
        title_stats = text("stats_title_variant", lang, level=level_label(settings.level, lang),
                           variant=text(f"variant_{settings.variant}", lang))
    return {"kind": "results", "testid": "results",
            "title": text("results_won" if won else "results_lost", lang),
            "lines": [*lines, title_stats],
            "table": {"head": [], "rows": rows, "testid": "stats"},
            "buttons": [*_home(ui), *_review_button(session, "review_last", lang),
                        _button("new-game", text("new_game", lang), primary=True)]}


def points_text(alt: Alternative) -> str:
    """A card's points in the review: exact, a range, or … while nothing is known; — where
    the value may stand for the catch (it counts no points, see :class:`.review.Alternative`)."""
    if alt.catch:
        return "—"
    if alt.exact:
        return str(alt.low)
    if alt.low == 0 and alt.high == 120:
        return "…"
    return f"{alt.low}…{alt.high}"


def outcome_text(alt: Alternative, lang: str, rules: Rules) -> tuple[str, str]:
    """What the deal is worth after the card, for the learner's side, and its tone
    (``good``, ``bad``, ``muted``; empty while unknown).  A regional preset says it in the
    words of its own score table (rows, a wiped tablo, penalty points)."""
    if alt.outcome is None:
        return "…", ""
    if alt.outcome.eggs:
        return text("deal_eggs", lang), "muted"
    ours = alt.outcome.winner is LEARNER.team
    if rules.scoring != "standard":
        from ..puzzles.variants import outcome_words  # (not on the app's start-up path)

        words = outcome_words(alt.outcome, LEARNER.team, rules)
        return (words.ru if lang == "ru" else words.en), ("good" if ours else "bad")
    if ours:
        return text("deal_plus", lang, value=alt.outcome.value), "good"
    return text("deal_minus", lang, value=alt.outcome.value), "bad"


def _review(session: MatchSession, review: ReviewUi, lang: str) -> dict[str, Any]:
    nav = [_button("prev-step", text("prev_step", lang), disabled=review.index == 0),
           _button("next-step", text("next_step", lang),
                   disabled=review.index >= len(review.steps) - 1),
           _button("close", text("close", lang), primary=True)]
    if not review.steps:
        return {"kind": "review", "testid": "review", "placement": "side",
                "title": text("review", lang), "lines": [text("review_none", lang)],
                "buttons": nav[2:]}
    step = review.steps[review.index]
    title = text("review_title", lang, n=step.number, total=len(review.steps))
    lines = [text("review_played", lang, card=step.played)]
    analysis = review.analyses.get(review.index)
    overlay: dict[str, Any] = {"kind": "review", "testid": "review", "placement": "side",
                               "title": title, "buttons": nav}
    if analysis is None:
        if review.index in review.failed:
            lines.append(text("review_failed", lang))
        else:
            lines.append(text("review_analysing", lang))
            overlay["progress"] = review.progress or 0.0
        overlay["lines"] = lines
        return overlay
    changes = swing(review.analyses.get(review.index - 1), analysis)
    if changes:   # what the others' cards did since your previous card, after your card's
        lines.insert(1, swing_text(changes, lang))   # line (kept in sight on a short screen)
    forced = len(step.legal) == 1
    if forced:
        lines.append(text("review_only", lang))
    elif analysis.loss == 0:
        lines.append(text("review_best_one" if len(analysis.best) == 1 else "review_best", lang))
    elif (lost := analysis.lost_text(lang)) is not None:
        lines.append(lost)
        if analysis.why is not None:
            lines.append(analysis.why.get(lang))
    if (note := analysis.reset_note) is not None:
        lines.append(note.get(lang))
    if not analysis.exact:
        lines.append(text("review_inexact", lang))
    if step.caught and any(alt.catch for alt in analysis.alternatives):
        lines.append(text("review_catch_made", lang))
    for alt in analysis.alternatives:   # the card that makes the catch in this very trick
        if alt.catch_now:
            lines.append(text(f"review_catch_now_{alt.card.token}", lang))
    if not step.caught and any(alt.catch and not alt.catch_now for alt in analysis.alternatives):
        lines.append(text("review_catch", lang))
    # a forced card is neither good nor bad: no colours, no best card to point at
    best = set() if forced else set(analysis.best)
    rows = []
    for alt in analysis.alternatives:
        points = points_text(alt)
        deal, tone = outcome_text(alt, lang, session.rules)
        deal_cell: Any = {"text": deal, "tone": tone} if tone and not forced else deal
        played, is_best = alt.card == step.played, alt.card in best
        mark = "played-best" if played and is_best else "played" if played else \
            "best" if is_best else ""
        label, said = alt.card.label(lang), alt.card.name_in(lang)
        if is_best:   # on one line: in a narrow column the "your card" tag wraps, not the mark
            label = unbroken(text("review_best_mark", lang, card=label))
            said = text("review_best_mark", lang, card=said)
        # the mini card and its label show the card twice; a screen reader says it once, in words
        card_cell = {"card": alt.card.token, "text": label, "said": said}
        rows.append({"cells": [card_cell, {"text": points, "strong": is_best}, deal_cell],
                     "mark": mark})
    overlay["lines"] = lines
    overlay["legend"] = [text("review_explain", lang), text("review_explain_deal", lang),
                         text("review_explain_hint", lang)]
    overlay["legend_title"] = text("review_legend_title", lang)
    overlay["table"] = {"head": [text("col_card", lang), text("col_points", lang),
                                 text("col_deal", lang)], "rows": rows, "testid": "review-table"}
    return overlay
