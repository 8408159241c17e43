"""The hint's tutor (``kozel_tutor.ai.advice``): a legal card or a trump suit, from what the
learner sees, with the reasons in both languages."""

from __future__ import annotations

import random

import pytest
from conftest import late_deal

from kozel_tutor.ai.advice import Advice, Adviser, _reasons
from kozel_tutor.ai.base import CandidateStats, Decision
from kozel_tutor.ai.reasons import layouts_count, reason
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, Phase


def _learner_to_play(seed: int, cards_before: int = 0) -> DealState:
    """A standard deal (clubs trump), played by first legal cards until S is to play and at
    least ``cards_before`` cards are down."""
    deal = DealState.deal(find_rules("standard"), dealer=Seat.E, rng=random.Random(seed))
    while deal.to_move != Seat.S or len(deal.history) < cards_before:
        deal.play(sorted(deal.legal_plays())[0])
    return deal


@pytest.mark.parametrize("seed", range(4))
def test_the_hint_is_a_legal_card_said_first_in_both_languages(seed: int) -> None:
    deal = _learner_to_play(seed, cards_before=4 * seed)
    advice = Adviser(random.Random(seed)).advise(deal.view(Seat.S))
    assert advice.card in deal.legal_plays() and advice.suit is None
    assert advice.text("en").startswith(f"Hint: the {advice.card.name_in('en')}. ")
    assert advice.text("ru").startswith(f"Подсказка: {advice.card.name_in('ru')}. ")
    assert advice.reasons, "a hint always says why"
    if len(deal.legal_plays()) > 1:
        assert any(r.key == "ai_advice_search" for r in advice.reasons), "the search's numbers"


def test_the_hint_reports_progress_while_it_searches() -> None:
    deal = _learner_to_play(1)
    seen: list[float] = []
    Adviser(random.Random(1)).advise(deal.view(Seat.S), seen.append)
    assert seen and seen[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in seen)


def test_a_forced_card_is_advised_without_a_search() -> None:
    for seed in range(40):
        deal = _learner_to_play(seed, cards_before=32)
        if len(deal.legal_plays()) == 1:
            break
    else:
        pytest.fail("no deal with a single legal card for S in its last trick")
    advice = Adviser(random.Random(0)).advise(deal.view(Seat.S))
    (only,) = deal.legal_plays()
    assert advice.card == only
    assert advice.reasons == (reason("only_card", card=only),)


def test_the_learner_who_calls_trumps_is_told_a_suit_and_why() -> None:
    rules = find_rules("standard", trump="called")
    for seed in range(20):
        deal = DealState.deal(rules, dealer=Seat.E, rng=random.Random(seed))
        if deal.phase is Phase.CALL and deal.to_move == Seat.S:
            break
    else:
        pytest.fail("S never had to call")
    advice = Adviser(random.Random(0)).advise(deal.view(Seat.S))
    expected = call_trump(deal.hand(Seat.S), rules)
    assert advice.card is None and advice.suit == expected.suit
    assert advice.text("en").startswith(f"Hint: make {expected.suit.name_in('en')} trumps.")
    assert advice.text("ru").startswith("Подсказка: козыри — ")


def test_without_a_solved_layout_the_players_own_words_stand() -> None:
    ace = Card.parse("AH")
    fallback = Decision(ace, reason("fallback", card=ace))
    assert _reasons(Decision(ace, None), fallback) == (fallback.reason,)


def test_when_the_rule_of_thumb_agrees_its_words_come_first() -> None:
    ace = Card.parse("AH")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(ace, reason("best_expected", samples=24, card=ace, score="+1.00",
                                points="70.0"), (CandidateStats(ace, 1.0, 70.4, 24),))
    reasons = _reasons(rule, best)
    assert reasons[0] == rule.reason and len(reasons) == 2
    assert reasons[1].text("en") == ("This card was tried in 24 ways the hidden cards may lie, "
                                     "picked at random: on average your side ends the deal with "
                                     "70 card points, and your side writes 1 point more than "
                                     "the opponents on the match score.")
    assert reasons[1].text("ru") == ("Эту карту проверили в 24 случайных раскладах скрытых "
                                     "карт: в среднем у вашей стороны к концу раздачи 70 очков, "
                                     "а по счёту партии ваша сторона запишет на 1 очко больше, "
                                     "чем соперники.")


def test_when_the_rule_of_thumb_disagrees_the_hint_says_so() -> None:
    ace, seven = Card.parse("AH"), Card.parse("7C")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(seven, reason("best_expected", samples=24, card=seven, score="+1.00",
                                  points="70.0"),
                    (CandidateStats(seven, 1.0, 70.0, 24), CandidateStats(ace, 0.5, 66.0, 24)))
    reasons = _reasons(rule, best)
    assert reasons[0].key == "ai_advice_search" and len(reasons) == 2
    assert reasons[1].text("en") == ("The simple rule — give your points to a trick your "
                                     "partner takes — says the ace of hearts, but here the seven "
                                     "of clubs is better.")
    assert reasons[1].text("ru") == ("Простое правило — отдавайте очки во взятку, которую берёт "
                                     "партнёр — указывает на туза червей, но здесь лучше "
                                     "семёрка треф.")


def test_an_advice_names_a_card_or_a_suit() -> None:
    with pytest.raises(ValueError):
        Advice().text("en")
    assert Advice(suit=Suit.HEARTS).text("en") == "Hint: make hearts trumps."


# -- "better" only when the statistics show it ---------------------------------------------


def _stats(card: Card, outcomes: list[tuple[float, float]]) -> CandidateStats:
    n = len(outcomes)
    return CandidateStats(card, sum(s for s, _ in outcomes) / n, sum(p for _, p in outcomes) / n,
                          n, tuple(outcomes))


def test_a_card_of_exactly_the_same_value_is_not_called_better() -> None:
    jack_clubs, jack_hearts = Card.parse("JC"), Card.parse("JH")
    same = [(2.0, 80.0), (-2.0, 50.0), (4.0, 95.0)]
    rule = Decision(jack_hearts, reason("take_trick", card=jack_hearts))
    best = Decision(jack_clubs, None, (_stats(jack_clubs, same), _stats(jack_hearts, same)))
    last = _reasons(rule, best)[-1]
    assert last.key == "ai_advice_rule_no_worse"
    assert last.text("en") == ("The simple rule — take the trick when no opponent after you "
                               "can beat your card — says the jack of hearts; tried the same "
                               "way, the jack of clubs does at least as well.")
    assert "лучше" not in last.text("ru") and "не хуже" in last.text("ru")


def test_a_difference_within_the_noise_of_the_layouts_is_not_called_better() -> None:
    ace, seven = Card.parse("AH"), Card.parse("7C")
    # +4 in one layout, -2 in two others: a mean ahead by 0.25 that the spread swamps
    ours = [(4.0, 90.0), (-2.0, 40.0), (-2.0, 40.0), (2.0, 70.0)]
    theirs = [(0.0, 60.0), (0.0, 60.0), (0.0, 60.0), (1.0, 65.0)]
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(seven, None, (_stats(seven, ours), _stats(ace, theirs)))
    assert best.candidates[0].mean_score > best.candidates[1].mean_score
    assert _reasons(rule, best)[-1].key == "ai_advice_rule_no_worse"


def test_a_card_better_in_every_layout_is_called_better() -> None:
    ace, seven = Card.parse("AH"), Card.parse("7C")
    ours = [(2.0, 70.0), (2.0, 65.0), (-2.0, 50.0)]
    theirs = [(2.0, 66.0), (2.0, 61.0), (-2.0, 46.0)]   # the same score, 4 points fewer each time
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(seven, None, (_stats(seven, ours), _stats(ace, theirs)))
    assert _reasons(rule, best)[-1].key == "ai_advice_rule_differs"


def test_the_search_figures_are_the_points_the_side_ends_with_in_both_languages() -> None:
    ace = Card.parse("AH")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(ace, None, (_stats(ace, [(2.0, 85.0)]),))
    en, ru = (_reasons(rule, best)[-1].text(lang) for lang in ("en", "ru"))
    assert "brings" not in en and "приносит" not in ru
    assert en == ("This card was tried in 1 way the hidden cards may lie, picked at random: on "
                  "average your side ends the deal with 85 card points, and your side writes 2 "
                  "points more than the opponents on the match score.")
    assert ru.startswith("Эту карту проверили в 1 случайном раскладе скрытых карт: в среднем у "
                         "вашей стороны к концу раздачи 85 очков")
    # the deal's figure says what it counts: the match score, on average («в среднем» once,
    # before both figures)
    assert ru.endswith("а по счёту партии ваша сторона запишет на 2 очка больше, чем соперники.")
    assert ru.count("в среднем") + ru.count("В среднем") == 1
    caught = _reasons(rule, best, points_known=False)[-1]
    assert caught.key == "ai_advice_search_score"
    # no card points (the match score's own points are said)
    assert "card point" not in caught.text("en") and "к концу раздачи" not in caught.text("ru")
    assert caught.text("en").endswith(": on average your side writes 2 points more than the "
                                      "opponents on the match score.")
    assert caught.text("ru").endswith(": в среднем по счёту партии ваша сторона запишет на 2 "
                                      "очка больше, чем соперники.")


def test_the_hard_players_outcomes_line_up_layout_by_layout() -> None:
    deal = _learner_to_play(2, cards_before=20)
    decision = Adviser(random.Random(2)).search.choose(deal.view(Seat.S))
    counts = {len(s.outcomes) for s in decision.candidates}
    assert counts == {decision.candidates[0].samples}
    for stats in decision.candidates:
        assert stats.mean_score == pytest.approx(sum(s for s, _ in stats.outcomes) / len(
            stats.outcomes))


# -- the deal's figure in the words of each preset's score ----------------------------------
# the search's mean is the match score's gain for the learner's side (pimc.deal_utility: above 0
# is good for it); a penalty preset's scoreboard counts what is written *against* each side

GAIN_WORDS = {
    ("standard", 2.5): ("your side writes 2.5 points more than the opponents on the match score",
                        "по счёту партии ваша сторона запишет на 2,5 очка больше, чем соперники"),
    ("classic", -1.5): ("the opponents write 1.5 rows more than your side on the match score",
                        "по счёту партии соперники запишут на 1,5 пары больше, чем вы"),
    ("nizhny", 2.5): ("2.5 more penalty points are written against the opponents than against "
                      "you",
                      "штрафных очков соперникам запишут на 2,5 больше, чем вам"),
    ("kozly24", -2.5): ("2.5 more penalty points are written against you than against the "
                        "opponents",
                        "штрафных очков вам запишут на 2,5 больше, чем соперникам"),
    ("nizhny", 0.0): ("as many penalty points are written against you as against the opponents",
                      "штрафных очков вам и соперникам запишут поровну"),
    ("standard", 0.02): ("both sides write about the same on the match score",
                         "по счёту партии обе стороны запишут примерно поровну"),
}


@pytest.mark.parametrize(("name", "mean"), list(GAIN_WORDS))
def test_the_hints_match_figure_says_which_side_gains_in_the_presets_terms(name: str,
                                                                          mean: float) -> None:
    ace = Card.parse("AH")
    rule = Decision(ace, reason("feed_partner", card=ace))
    best = Decision(ace, None, (_stats(ace, [(mean, 70.0)]),))
    rules = find_rules(name)
    penalty, rows = rules.target_loses, rules.scoring == "classic"
    en, ru = GAIN_WORDS[name, mean]
    search = _reasons(rule, best, penalty=penalty, rows=rows)[-1]
    assert search.text("en").endswith(f": on average your side ends the deal with 70 card points, "
                                      f"and {en}.")
    assert search.text("ru").endswith(f": в среднем у вашей стороны к концу раздачи 70 очков, а "
                                      f"{ru}.")
    score_only = _reasons(rule, best, points_known=False, penalty=penalty, rows=rows)[-1]
    assert score_only.text("en").endswith(f": on average {en}.")
    assert score_only.text("ru").endswith(f": в среднем {ru}.")
    assert "+" not in search.text("en") + score_only.text("ru")


@pytest.mark.parametrize("name", ["nizhny", "kozly24"])
def test_in_a_penalty_game_the_hint_counts_the_way_the_scoreboard_does(name: str) -> None:
    """S's trumps take the last two tricks: with 70 points NS win and the opponents are written
    4; with 20 NS lose and are written 2 (the scoreboard: "Against us · against them")."""
    hands = {"N": "AH 6H", "E": "6S TS", "S": "AC KC", "W": "JS 6D"}
    for ours, en, ru in ((70, "4 more penalty points are written against the opponents than "
                              "against you",
                          "штрафных очков соперникам запишут на 4 больше, чем вам"),
                         (20, "2 more penalty points are written against you than against the "
                              "opponents",
                          "штрафных очков вам запишут на 2 больше, чем соперникам")):
        view = late_deal(name, hands, "S", ours).view(Seat.S)
        advice = Adviser(random.Random(0)).advise(view)
        assert f" card points, and {en}." in advice.text("en"), ours
        assert f"очков, а {ru}." in advice.text("ru"), ours


def test_in_the_standard_game_the_hints_figure_is_what_the_winners_write() -> None:
    """NS have 92 points and the opponents 13 with 15 left in the hands: whatever the layout,
    NS win and the opponents, under 31, make NS write 4 (the scoreboard's own figure)."""
    state = late_deal("standard", {"N": "7H 6H", "E": "6S 8S", "S": "AC KC", "W": "7S 6D"},
                      "S", 92)
    view = state.view(Seat.S)
    advice = Adviser(random.Random(0)).advise(view)
    while not state.is_over:
        state.play(sorted(state.legal_plays())[0])
    assert state.result().written == (4, 0)
    search = next(r for r in advice.reasons if r.key == "ai_advice_search")
    assert search.text("en").endswith(" and your side writes 4 points more than the opponents on "
                                      "the match score.")
    assert search.text("ru").endswith(", а по счёту партии ваша сторона запишет на 4 очка больше, "
                                      "чем соперники.")


def test_the_hint_counts_the_layouts_as_the_search_told_them() -> None:
    """Every possible layout solved, or a search cut short, is said so by the Hint too."""
    ace = Card.parse("AH")
    rule = Decision(ace, reason("feed_partner", card=ace))
    for told, en, ru in ((layouts_count(60, every=True),
                          "This card was tried in all 60 ways the hidden cards may lie:",
                          "Эту карту проверили во всех возможных раскладах скрытых карт (их 60):"),
                         (layouts_count(10, drawn=24),
                          "This card was tried in 10 of 24 ways the hidden cards may lie, picked "
                          "at random (time ran out for the rest):",
                          "Эту карту проверили в 10 из 24 случайных раскладов скрытых карт (на "
                          "остальные")):
        best = Decision(ace, reason("best_expected", samples=10, layouts=told, card=ace,
                                    score="+1.00", points="70.0"), (_stats(ace, [(1.0, 70.0)]),))
        said = _reasons(rule, best)[-1]
        assert said.text("en").startswith(en) and said.text("ru").startswith(ru)
