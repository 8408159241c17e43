"""Two deal results side by side, in words that cannot be mistaken for one another.

The tutor and the deal review compare what a card leads to with what the best card leads to.
Saying only what is written ("they write 2, whereas with the best card you would write 2") reads
as if nothing changed, so the comparison names who wins the deal each time, with the score in the
preset's own words (:func:`~.variants.outcome_words`) in brackets:

* other winners (or eggs on one side): "you lose the deal (they write 2) instead of winning it
  (you write 2)";
* the same winners, another score: "you win the deal (you write 4), whereas with the best card
  you would write 6";
* the same result: "with best play from here, you lose the deal either way (they write 2)", since
  it holds only if everyone plays perfectly from this card on (the deal itself may have gone
  otherwise).

The sentences of the tutor that carry the comparison are here too (:func:`miss_words`).

>>> from kozel_tutor.rules import find_rules
>>> lost, won = Outcome(Team.EW, 2, False), Outcome(Team.NS, 2, False)
>>> compare_results(lost, won, Team.NS, find_rules()).en
'you lose the deal (they write 2) instead of winning it (you write 2)'
>>> compare_results(lost, won, Team.NS, find_rules()).ru
'вы проигрываете раздачу (соперники пишут 2), а не выигрываете её (вы пишете 2)'
>>> compare_results(lost, lost, Team.NS, find_rules()).en
'with best play from here, you lose the deal either way (they write 2)'
"""

from __future__ import annotations

from ..i18n import pick
from ..rules import Rules
from ..seats import Team
from ..solver import Outcome
from .model import Text
from .variants import outcome_words

__all__ = ["RESULT_WORDS", "compare_results", "miss_words", "sentence"]

RESULT_WORDS: dict[str, dict[str, str]] = {
    # what the card does to the deal, its score in brackets ({score}: "they write 2")
    "won": {"en": "you win the deal ({score})", "ru": "вы выигрываете раздачу ({score})"},
    "lost": {"en": "you lose the deal ({score})", "ru": "вы проигрываете раздачу ({score})"},
    "drawn": {"en": "you draw the deal ({score})", "ru": "вы сводите раздачу вничью ({score})"},
    # what the best card would do instead, after "instead of" / «а не»
    "won_instead": {"en": "winning it ({score})", "ru": "выигрываете её ({score})"},
    "lost_instead": {"en": "losing it ({score})", "ru": "проигрываете её ({score})"},
    "drawn_instead": {"en": "drawing it ({score})", "ru": "сводите её вничью ({score})"},
    "other_result": {"en": "{played} instead of {best}", "ru": "{played}, а не {best}"},
    # the same winners, another score: {best} in the conditional ("you would write 6")
    "other_score": {"en": "{played}, whereas with the best card {best}",
                    "ru": "{played}, а при лучшем ходе {best}"},
    # the same result: true only if everyone plays perfectly from here
    "same_won": {"en": "with best play from here, you win the deal either way ({score})",
                 "ru": "если дальше все играют безошибочно, вы в любом случае выигрываете "
                       "раздачу ({score})"},
    "same_lost": {"en": "with best play from here, you lose the deal either way ({score})",
                  "ru": "если дальше все играют безошибочно, вы в любом случае проигрываете "
                        "раздачу ({score})"},
    "same_drawn": {"en": "with best play from here, the deal is drawn either way ({score})",
                   "ru": "если дальше все играют безошибочно, в любом случае выходит ничья "
                         "({score})"},
    # the tutor's sentences on a missed card; {result} is a whole sentence (compare_results)
    "miss": {"en": "After {card} {turn}: you end with {points} instead of {best}. {result}.",
             "ru": "После {card} {turn}: у вас {points} вместо {best}. {result}."},
    "miss_catch": {"en": "After {card} the 6♣ catches {whose} Q♣ and the deal ends. {result}.",
                   "ru": "После {card} шестёрка треф ловит {whose} даму треф, и раздача "
                         "кончается. {result}."},
    # the best line's catch did not happen: said as what would have been
    "miss_best_catch": {"en": "After {card} you end with {points}, but after {best} the 6♣ "
                              "would catch {whose} Q♣ and end the deal. {result}.",
                        "ru": "После {card} у вас {points}, а после {best} шестёрка треф "
                              "поймала бы {whose} даму треф, и раздача на этом кончилась бы. "
                              "{result}."},
    "miss_best_catch_six": {"en": "After {card} you end with {points}, but your 6♣, the best "
                                  "card, would catch {whose} Q♣ and end the deal. {result}.",
                            "ru": "После {card} у вас {points}, а ваша шестёрка треф, лучшая "
                                  "карта, поймала бы {whose} даму треф, и раздача на этом "
                                  "кончилась бы. {result}."},
    "miss_all": {"en": "After {card} {turn}. {result}.",
                 "ru": "После {card} {turn}. {result}."},
    "miss_trick": {"en": "After {card} the opponents take every trick. {result}.",
                   "ru": "После {card} соперники берут все взятки. {result}."},
}
"""The words of this module, in Russian and English."""


def _kind(outcome: Outcome, team: Team) -> str:
    if outcome.winner is None:
        return "drawn"
    return "won" if outcome.winner == team else "lost"


def compare_results(played: Outcome | None, best: Outcome | None, team: Team,
                    rules: Rules) -> Text:
    """The deal result of the ``played`` card against the ``best`` card's, for ``team``, as
    one clause (lower case, no full stop) in both languages."""
    score = outcome_words(played, team, rules)
    best_if = outcome_words(best, team, rules, gerund=True)
    if played is None or best is None:     # a result not known: what is written, as it is
        return _both("other_score", played=score, best=best_if)
    if played == best:
        return _both("same_" + _kind(played, team), score=score)
    said = _both(_kind(played, team), score=score)
    if played.winner == best.winner:
        return _both("other_score", played=said, best=best_if)
    return _both("other_result", played=said,
                 best=_both(_kind(best, team) + "_instead",
                            score=outcome_words(best, team, rules)))


def _both(key: str, **params: Text) -> Text:
    """``key`` of :data:`RESULT_WORDS` in both languages, each with ``params`` in its own."""
    return Text(*(pick(RESULT_WORDS, key, lang, **{name: value.get(lang)
                                                    for name, value in params.items()})
                  for lang in ("ru", "en")))


def sentence(clause: str) -> str:
    """``clause`` as the start of a sentence (its first letter in capitals)."""
    return clause[:1].upper() + clause[1:]


def miss_words(key: str, lang: str, result: Text, **params: object) -> str:
    """The tutor's sentence ``key`` on a missed card, in ``lang``, with the comparison of the
    deal results (:func:`compare_results`) as a sentence of its own."""
    return pick(RESULT_WORDS, key, lang, result=sentence(result.get(lang)), **params)
