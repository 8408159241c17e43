"""RULES.md §2, procedures: redeal, giving the last trump, boasts (pants, double pants, mirror),
and the AI's choices."""

from __future__ import annotations

import random

import pytest
from test_variants_support import StackedDeck, answers, deck_order

from kozel_tutor.cards import Card, CardSet, Suit, parse_cards
from kozel_tutor.rules import TRUMP, find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState
from kozel_tutor.variants import HeuristicChooser, Match, RandomChooser, drive, procedures_for
from kozel_tutor.variants.boasts import run_boast
from kozel_tutor.variants.predeal import exchange_procedure, redeal_questions, weak_hand
from kozel_tutor.variants.questions import (
    BoastQuestion,
    GiveBackQuestion,
    GiveTrumpQuestion,
    LayQuestion,
    LeaderQuestion,
    ProcedureError,
    Question,
    RedealQuestion,
)

CLASSIC, KOZLY24 = find_rules("classic"), find_rules("kozly24")
CARDS = CardSet.parse


def hands_of(*texts: str) -> list[CardSet]:
    return [CardSet.parse(t) for t in texts]


# A classic deal where N holds 5 points (weak), every side has a queen, nobody has one trump.
WEAK_N = {Seat.N: "7C 8C 9C 7S 8S 9S QH JH", Seat.E: "QC QS AD TD KD AC TC KC",
          Seat.S: "QD JC JS JD 9D 8D 7D AS", Seat.W: "TS KS AH TH KH 9H 8H 7H"}
# Nearly the same cards: nobody may demand a redeal and nobody holds a single trump.
NORMAL = {Seat.N: "AC 8C 9C 7S 8S 9S QH JH", Seat.E: "QC QS AD TD KD 7C TC KC",
          Seat.S: "QD JC JS JD 9D 8D 7D AS", Seat.W: "TS KS AH TH KH 9H 8H 7H"}
# N holds a single trump (7♦); S holds K♣ 7♣ besides six trumps.
SINGLE = ("7D 8C 9C 7S 8S 9S KH 7H", "QC QS QH JC AD TD KD AC",
          "QD JS JH JD 9D 8D KC 7C", "AS TS KS TC AH TH 9H 8H")


# -- redeal ---------------------------------------------------------------------------------

def reasons(rules_name: str, hands: list[CardSet]) -> list[tuple[Seat, str]]:
    rules = find_rules(rules_name)
    return [(q.seat, q.reason) for q in redeal_questions(rules, procedures_for(rules), hands,
                                                         Seat.W)]


def test_classic_redeal_for_a_hand_of_12_points_or_less() -> None:
    assert (Seat.N, "weak_hand") in reasons("classic", hands_of(*WEAK_N.values()))
    twelve, thirteen = CARDS("KC KS KH 7S 8S 9S 7H 8H"), CARDS("KC KS QH JH 7S 8S 9S 7H")
    assert (twelve.points, thirteen.points) == (12, 13)
    assert weak_hand(twelve, 12) and not weak_hand(thirteen, 12)
    assert reasons("classic", hands_of(*NORMAL.values())) == []


def test_classic_redeal_for_all_four_nines_whatever_the_points() -> None:
    hands = hands_of("9C 9S 9H 9D AC AS AH TC", "QC QS JC AD TD KD 8C 7C",
                     "QD JS JH JD 8D 7D KC QH", "TS KS TH KH 8H 7H 8S 7S")
    assert (Seat.N, "weak_hand") in reasons("classic", hands)


def test_classic_redeal_for_a_side_with_no_queen_or_only_the_queen_of_diamonds() -> None:
    only_qd = hands_of("QD 8C 9C 7S 8S 9S KH AH", "QC QS JC AD TD KD AC TC",
                       "TH JS JH JD 9D 8D 7D KC", "AS TS KS QH 7C 9H 8H 7H")
    assert (Seat.N, "no_queen") in reasons("classic", only_qd)
    assert all(r != "no_queen" for _, r in reasons("classic", hands_of(*NORMAL.values())))


def test_kozly24_redeal_only_for_a_side_with_no_queen_the_queen_of_diamonds_counts() -> None:
    no_queen = hands_of("AS TS KS 6S AH TH", "QC QS JC AC TC KC",
                        "KH 6H AD TD KD 6D", "QH QD JS JH JD 6C")
    assert reasons("kozly24", no_queen) == [(Seat.N, "no_queen")]
    with_qd = hands_of("AS TS KS 6S AH QD", "QC QS JC AC TC KC",
                       "KH 6H AD TD KD 6D", "QH TH JS JH JD 6C")
    assert reasons("kozly24", with_qd) == []


def test_classic_redeal_gives_new_cards_from_the_same_dealer() -> None:
    decks = [deck_order(CLASSIC, Seat.W, WEAK_N), deck_order(CLASSIC, Seat.W, NORMAL)]
    match = Match(CLASSIC, first_dealer=Seat.W, rng=StackedDeck(decks))
    setup = drive(match.setup(), answers({RedealQuestion: True, LeaderQuestion: lambda q:
                                          q.options[0]}))
    assert setup.redeals == 1 and setup.state is not None
    assert setup.state.dealer is Seat.W
    assert str(setup.state.hand(Seat.N)) == str(CARDS(NORMAL[Seat.N]))


def test_classic_third_redeal_is_not_made_and_the_dealing_side_loses_one_row() -> None:
    match = Match(CLASSIC, first_dealer=Seat.W, rng=StackedDeck(
        [deck_order(CLASSIC, Seat.W, WEAK_N)]))
    asked: list[Question] = []
    setup = drive(match.setup(), answers({RedealQuestion: lambda q: asked.append(q) or True}))
    assert setup.state is None and setup.redeals == 2 and len(asked) == 3
    assert setup.penalty is not None and setup.penalty.written == (1, 0)
    assert match.score.scores == [1, 0]  # W dealt: E–W lose a row, N–S move one
    assert match.dealer is Seat.N  # a new deal, dealt by the next player


def finished_deal(points: tuple[int, int], tricks: tuple[int, int]) -> DealState:
    """A finished classic deal with these totals (the cards do not matter to the score)."""
    return DealState(CLASSIC, [CardSet()] * 4, taken_points=points, taken_tricks=tricks)


def test_classic_eggs_extra_row_waits_for_the_next_deal_played_after_a_refused_redeal() -> None:
    """60–60 eggs: the winner of the next deal gets one extra row; a third redeal refused is
    no deal played, so it writes its one-row penalty and the egg pair stays pending."""
    match = Match(CLASSIC, first_dealer=Seat.W, rng=StackedDeck(
        [deck_order(CLASSIC, Seat.N, WEAK_N)]))
    assert match.record(finished_deal((60, 60), (4, 4))).eggs
    assert match.score.multiplier == 2
    setup = drive(match.setup(), answers({RedealQuestion: True}))  # N deals: N–S lose a row
    assert setup.state is None and setup.penalty is not None
    assert setup.penalty.written == (0, 1) and match.score.scores == [0, 1]
    assert match.score.multiplier == 2  # the penalty did not use the egg pair up
    result = match.record(finished_deal((70, 50), (5, 3)))
    assert result.written == (2, 0)  # one row for 61–89 and the egg pair
    assert match.score.scores == [2, 1] and match.score.multiplier == 1
    assert match.score.eggs == 1


def test_classic_two_redeals_are_made() -> None:
    decks = [deck_order(CLASSIC, Seat.W, WEAK_N)] * 2 + [deck_order(CLASSIC, Seat.W, NORMAL)]
    match = Match(CLASSIC, first_dealer=Seat.W, rng=StackedDeck(decks))
    setup = drive(match.setup(), answers({RedealQuestion: True}))
    assert setup.redeals == 2 and setup.state is not None and match.score.scores == [0, 0]


def test_redeal_may_be_declined() -> None:
    match = Match(CLASSIC, first_dealer=Seat.W, rng=StackedDeck(
        [deck_order(CLASSIC, Seat.W, WEAK_N)]))
    setup = drive(match.setup(), answers({RedealQuestion: False}))
    assert setup.redeals == 0 and setup.state is not None


def test_kozly24_no_redeal_and_no_swap_in_the_first_deal() -> None:
    asked: list[Question] = []
    for seed in range(30):
        match = Match(KOZLY24, rng=random.Random(seed))
        drive(match.setup(), lambda q: asked.append(q) or q.options[0])
    assert asked == []


def test_kozly24_redeal_and_swap_are_offered_from_the_second_deal() -> None:
    kinds: set[type] = set()
    for seed in range(40):
        match = Match(KOZLY24, rng=random.Random(seed))
        match.score.results.append(match.result_of(_finished_kozly24()))
        drive(match.setup(), lambda q: kinds.add(type(q)) or q.options[-1])
    assert {RedealQuestion, GiveTrumpQuestion, GiveBackQuestion} <= kinds


def _finished_kozly24():  # type: ignore[no-untyped-def]
    from kozel_tutor.state import DealState
    return DealState(KOZLY24, [CardSet()] * 4, taken_points=(70, 50), taken_tricks=(3, 3))


def test_classic_no_boast_after_a_redeal_and_no_redeal_after_a_boast() -> None:
    boasts: set[str] = set()
    plain = 0
    for seed in range(30):
        match = Match(CLASSIC, rng=random.Random(seed))
        match.score.record(match.result_of(_finished_classic()))
        asked: list[Question] = []
        given: list[object] = []
        chooser = RandomChooser(random.Random(seed))

        def answer(q: Question, asked: list[Question] = asked, given: list[object] = given,
                   chooser: RandomChooser = chooser) -> object:
            asked.append(q)
            given.append(chooser(q))
            return given[-1]

        setup = drive(match.setup(), answer)
        kinds = [type(q) for q in asked]
        # the boast is offered once, before anything else: never after a redeal
        assert kinds.count(BoastQuestion) == 1 and kinds[0] is BoastQuestion
        if given[0] is not None:   # a boast was asked for: no redeal, no giving the last trump
            assert setup.boast is not None and setup.boast.name == given[0][1]  # type: ignore[index]
            assert RedealQuestion not in kinds and GiveTrumpQuestion not in kinds, kinds
            assert setup.redeals == 0 and setup.exchanges == ()
            boasts.add(setup.boast.name)
        else:
            assert setup.boast is None
            plain += 1
    assert boasts == {"pants", "double_pants", "mirror"} and plain > 0


def _finished_classic():  # type: ignore[no-untyped-def]
    from kozel_tutor.state import DealState
    return DealState(CLASSIC, [CardSet()] * 4, taken_points=(70, 50), taken_tricks=(5, 3))


# -- giving the last trump ------------------------------------------------------------------

def test_classic_giving_the_last_trump_partner_returns_a_non_trump() -> None:
    hands = hands_of(*SINGLE)
    procedure = exchange_procedure(CLASSIC, hands, Seat.W)
    question = next(procedure)
    assert isinstance(question, GiveTrumpQuestion)
    assert question.seat is Seat.N and question.trump == Card.parse("7D")
    back = procedure.send(True)
    assert isinstance(back, GiveBackQuestion) and back.seat is Seat.S
    assert [c.token for c in back.options] == ["KC", "7C"]
    with pytest.raises(StopIteration) as done:
        procedure.send(Card.parse("7C"))
    exchanges = done.value.value
    assert [(e.giver, e.trump.token, e.returned.token) for e in exchanges] == [(Seat.N, "7D", "7C")]
    assert Card.parse("7C") in hands[Seat.N] and Card.parse("7D") in hands[Seat.S]
    assert len(hands[Seat.N]) == len(hands[Seat.S]) == 8


def test_classic_partner_returns_a_trump_only_when_holding_nothing_else() -> None:
    hands = hands_of("7D 8C 9C 7S 8S 9S KH 7C", "QC QS JC AC TC KC QH AH",
                     "QD JS JH JD 9D 8D AD KD", "AS TS KS TD TH 9H 8H 7H")
    procedure = exchange_procedure(CLASSIC, hands, Seat.W)
    next(procedure)
    back = procedure.send(True)
    order = CLASSIC.card_order()
    assert isinstance(back, GiveBackQuestion)
    assert all(order.suit_of[c.index] == TRUMP for c in back.options)
    assert len(back.options) == 8


def test_classic_a_player_with_two_trumps_is_not_offered_the_exchange() -> None:
    hands = hands_of(*NORMAL.values())
    assert list(drive_all(exchange_procedure(CLASSIC, hands, Seat.W))) == []


def drive_all(procedure):  # type: ignore[no-untyped-def]
    return drive(procedure, lambda q: q.options[-1])


def test_declining_the_exchange_keeps_the_hands() -> None:
    hands = hands_of(*SINGLE)
    before = [h.mask for h in hands]
    assert drive(exchange_procedure(CLASSIC, hands, Seat.W), lambda q: False) == []
    assert [h.mask for h in hands] == before


def test_an_answer_outside_the_options_is_a_clear_error() -> None:
    hands = hands_of(*SINGLE)
    with pytest.raises(ProcedureError, match="not a valid answer"):
        drive(exchange_procedure(CLASSIC, hands, Seat.W), lambda q: "yes")


# -- boasts ---------------------------------------------------------------------------------

def pants_stock(pairs: list[tuple[str, str]], middle: str) -> list[Card]:
    """A stock whose n-th top card and n-th bottom card are ``pairs[n]``."""
    top = [Card.parse(a) for a, _ in pairs]
    bottom = [Card.parse(b) for _, b in pairs]
    return top + CARDS(middle).sorted() + bottom[::-1]


def test_pants_boaster_keeps_trumps_and_aces_and_leads_the_first_other_card() -> None:
    stock = pants_stock([("QC", "AH"), ("7S", "KD"), ("AS", "8H"), ("JD", "9C"), ("TS", "7C")],
                        "QS QH QD JC JS JH AD TD 9D 8D 7D AC TC KC 8C KS 9S 8S TH KH 9H 7H")
    asked: list[LayQuestion] = []

    def lay(question: LayQuestion) -> Card:
        asked.append(question)
        return question.options[1]

    outcome = drive(run_boast("pants", CLASSIC, Seat.N, stock, random.Random(0)),
                    answers({LayQuestion: lay}))
    trick = outcome.tricks[0]
    assert [c.token for c in trick.cards] == ["7S", "8H", "9C", "7C"]
    assert [c.token for c in outcome.kept[Seat.N].sorted()] == ["QC", "AH", "KD"]
    assert [c.token for c in outcome.kept[Seat.E].sorted()] == ["AS"]
    assert [c.token for c in outcome.kept[Seat.S].sorted()] == ["JD"]
    assert [c.token for c in outcome.kept[Seat.W].sorted()] == ["TS"]
    # E chose between A♠ and 8♥ face down; W saw S's card face up.
    assert [(q.seat, q.leads, q.visible) for q in asked] == [
        (Seat.E, False, ()), (Seat.W, False, ((Seat.S, Card.parse("9C")),))]
    assert trick.winner is Seat.N and outcome.leader is Seat.N
    assert all(len(h) == 7 for h in outcome.hands)


def test_pants_followers_lay_no_trump_and_the_trick_holds_none() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        stock = list(CLASSIC.deck_cards)
        rng.shuffle(stock)
        outcome = drive(run_boast("pants", CLASSIC, Seat(seed % 4), stock, rng),
                        RandomChooser(rng))
        order = CLASSIC.card_order()
        assert not any(order.suit_of[c.index] == TRUMP for c in outcome.tricks[0].cards)
        assert outcome.tricks[0].cards[0].rank.letter != "A"


@pytest.mark.parametrize("name", ["pants", "double_pants", "mirror"])
def test_boasts_conserve_the_cards_and_give_everyone_equal_hands(name: str) -> None:
    slots = 2 if name == "double_pants" else 1
    for seed in range(60):
        rng = random.Random(seed)
        stock = list(CLASSIC.deck_cards)
        rng.shuffle(stock)
        boaster = Seat(seed % 4)
        outcome = drive(run_boast(name, CLASSIC, boaster, stock, rng), RandomChooser(rng))
        held = [c for h in outcome.hands for c in h]
        played = [c for t in outcome.tricks for c in t.cards]
        assert sorted(c.index for c in held + played) == sorted(
            c.index for c in CLASSIC.deck_cards)
        assert [len(h) for h in outcome.hands] == [8 - slots] * 4
        assert len(outcome.tricks) == slots
        order = CLASSIC.card_order()
        for trick in outcome.tricks:
            assert trick.leader is boaster
            assert trick.winner is boaster.offset(order.winning_index(
                [c.index for c in trick.cards]))
            assert trick.points == sum(c.points for c in trick.cards)
        assert outcome.leader is outcome.tricks[0].winner
        assert sum(outcome.taken_points) == sum(t.points for t in outcome.tricks)


def test_double_pants_make_a_closed_and_an_open_trick_and_the_closed_winner_leads() -> None:
    # Boaster N draws Q♣ 7♠ (top) and A♥ 8♠ (bottom): keeps Q♣ A♥, lays 8♠ closed, 7♠ open.
    top = "QC 7S 9H TS KS 9C JD 8C"
    bottom = "8S AH 7H TH KH AS 9S AC"
    middle = "QS QH QD JC JS JH AD TD KD 9D 8D 7D TC KC 7C 8H"
    stock = [Card.parse(t) for t in top.split()] + CARDS(middle).sorted() + [
        Card.parse(t) for t in reversed(bottom.split())]
    chosen: list[LayQuestion] = []

    def lay(question: LayQuestion) -> Card:
        chosen.append(question)
        return question.options[-1]

    outcome = drive(run_boast("double_pants", CLASSIC, Seat.N, stock, random.Random(0)),
                    answers({LayQuestion: lay}))
    closed, open_ = outcome.tricks
    assert closed.cards[0] == Card.parse("8S") and open_.cards[0] == Card.parse("7S")
    assert chosen[0].slot == "closed" and chosen[0].leads
    assert outcome.leader is closed.winner
    assert all(len(h) == 6 for h in outcome.hands)
    state = DealState.after_setup(CLASSIC, list(outcome.hands), dealer=Seat.W,
                                  leader=outcome.leader, made=outcome.tricks)
    assert state.led == 1 << Suit.SPADES  # spades led (twice)


class FixedCut(random.Random):
    """Every cut is made after the same number of cards."""

    def __init__(self, cut: int) -> None:
        super().__init__(0)
        self.cut = cut

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.cut


def test_mirror_each_player_takes_trumps_from_the_cut_and_lays_the_first_non_trump() -> None:
    # Every cut is after 3 cards.  N sees J♣ (trump: taken), Q♠ (taken), 9♥ (laid face up).
    # E then sees K♦ and A♦ (taken) and lays 7♠; S lays 8♣; W lays 9♣.
    stock = parse_cards("9H QS JC 7S AD KD KS TS 8C 9C")
    stock += (CLASSIC.deck_cards - CardSet(stock)).sorted()
    outcome = drive(run_boast("mirror", CLASSIC, Seat.N, stock, FixedCut(3)), lambda q: None)
    assert [c.token for c in outcome.tricks[0].cards] == ["9H", "7S", "8C", "9C"]
    assert [c.token for c in outcome.kept[Seat.N].sorted()] == ["JC", "QS"]
    assert [c.token for c in outcome.kept[Seat.E].sorted()] == ["AD", "KD"]
    assert outcome.kept[Seat.S] == CardSet() and outcome.kept[Seat.W] == CardSet()
    assert outcome.tricks[0].winner is Seat.N and outcome.leader is Seat.N
    assert all(len(h) == 7 for h in outcome.hands)


# -- the AI's choices -----------------------------------------------------------------------

def test_ai_demands_a_redeal_with_a_weak_hand_but_not_with_a_strong_one() -> None:
    ai = HeuristicChooser(random.Random(0))
    weak = RedealQuestion(Seat.N, (False, True), rules=CLASSIC, hand=CARDS(WEAK_N[Seat.N]),
                          reason="weak_hand")
    nines = RedealQuestion(Seat.N, (False, True), rules=CLASSIC,
                           hand=CARDS("9C 9S 9H 9D QC QS AC AS"), reason="weak_hand")
    assert ai(weak) is True and ai(nines) is False


def test_ai_gives_a_low_last_trump_and_keeps_a_top_one() -> None:
    ai = HeuristicChooser(random.Random(0))
    low = GiveTrumpQuestion(Seat.N, (False, True), rules=CLASSIC,
                            hand=CARDS("7D 8C 9C 7S 8S 9S KH AH"), trump=Card.parse("7D"))
    top = GiveTrumpQuestion(Seat.N, (False, True), rules=CLASSIC,
                            hand=CARDS("QC 8C 9C 7S 8S 9S KH AH"), trump=Card.parse("QC"))
    assert ai(low) is True and ai(top) is False


def test_ai_gives_back_its_least_useful_plain_card() -> None:
    ai = HeuristicChooser(random.Random(0))
    question = GiveBackQuestion(Seat.S, tuple(CARDS("AS 7H KC").sorted()), rules=CLASSIC,
                                hand=CARDS("QC QS JH AS 7H KC 9D 7D"), received=Card.parse("8D"))
    assert ai(question) == Card.parse("7H")


def test_ai_lets_the_partner_with_the_stronger_hand_lead() -> None:
    ai = HeuristicChooser(random.Random(0))
    question = LeaderQuestion(Seat.E, (Seat.E, Seat.W), rules=CLASSIC, hands=(
        (Seat.E, CARDS("7C 8C 9C 7S 8S 9S 7H 8H")), (Seat.W, CARDS("QC QS JC AD AC AS TS AH"))))
    assert ai(question) is Seat.W


def test_ai_boaster_leads_the_ten_rather_than_the_seven_in_pants() -> None:
    ai = HeuristicChooser(random.Random(0))
    question = LayQuestion(Seat.N, (Card.parse("TS"), Card.parse("7H")), rules=CLASSIC,
                           hand=CARDS("QC AD"), visible=(), slot="single", leads=True)
    assert ai(question) == Card.parse("TS")
    follower = LayQuestion(Seat.E, (Card.parse("AS"), Card.parse("7H")), rules=CLASSIC,
                           hand=CardSet(), visible=(), slot="single", leads=False)
    assert ai(follower) == Card.parse("7H")


def test_ai_weighs_a_boast_above_a_normal_deal_by_simulation() -> None:
    ai = HeuristicChooser(random.Random(1), samples=150)
    question = BoastQuestion(Seat.N, (None, (Seat.N, "pants"), (Seat.S, "pants"),
                                      (Seat.N, "mirror")), rules=CLASSIC)
    estimates = ai.boast_estimates(question, CLASSIC)
    assert estimates[None] == 60.0
    assert set(estimates) == {None, (Seat.N, "pants"), (Seat.N, "mirror")}
    assert estimates[(Seat.N, "pants")] > 62
    assert ai(question) in question.options[1:]
    assert Team.NS is question.seat.team
