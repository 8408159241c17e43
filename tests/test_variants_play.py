"""RULES.md §2, play: lead restrictions, the ace-dump ban, the catch, and who leads first."""

from __future__ import annotations

import random

import pytest
from test_variants_support import StackedDeck, answers, deck_order

from kozel_tutor.cards import Card, CardSet, Suit, parse_cards
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState, IllegalPlay, Trick, led_suits
from kozel_tutor.variants import Match, RandomChooser, drive
from kozel_tutor.variants.questions import BoastQuestion, LeaderQuestion, RedealQuestion


def deal(name: str, n: str, e: str, s: str, w: str, leader: Seat = Seat.N,
         led: int = 0) -> DealState:
    hands = [CardSet.parse(h) for h in (n, e, s, w)]
    return DealState(find_rules(name), hands, dealer=leader.previous, leader=leader, led=led)


def legal(state: DealState) -> set[str]:
    return {c.token for c in state.legal_plays()}


# -- nizhny: no trump lead while holding a plain card ---------------------------------------

def test_nizhny_no_trump_lead_while_holding_a_plain_card() -> None:
    state = deal("nizhny", "6C QS 7H", "AH 8H 9D", "KH 7D JD", "TH 9H AD")
    assert legal(state) == {"7H"}
    why = state.why_illegal(Card.parse("6C"))
    assert why is not None and why.key == "no_trump_lead"
    with pytest.raises(IllegalPlay):
        state.play(Card.parse("QS"))


def test_nizhny_trump_lead_allowed_when_holding_only_trumps() -> None:
    state = deal("nizhny", "6C QS 9C", "AH 8H 9D", "KH 7D JD", "TH 9H AD")
    assert legal(state) == {"6C", "QS", "9C"}


def test_nizhny_seven_of_clubs_is_a_trump_for_the_lead_restriction() -> None:
    state = deal("nizhny", "7C AS", "AH 8H", "KH 7D", "TH 9H")
    assert legal(state) == {"AS"}


def test_classic_and_kozly24_allow_a_trump_lead_with_plain_cards() -> None:
    assert legal(deal("classic", "QC 7H", "AH 8H", "KH 7D", "TH 9H")) == {"QC", "7H"}
    assert legal(deal("kozly24", "6C AH", "TH KH", "6H QD", "AS TS")) == {"6C", "AH"}


# -- classic: the ace-dump ban ---------------------------------------------------------------

def test_classic_ace_dump_ban_forbids_the_ace_of_a_suit_not_yet_led() -> None:
    state = deal("classic", "9H 7C", "TH 8C", "AS 7S", "KH 9S")
    state.play(Card.parse("9H"))
    state.play(Card.parse("TH"))
    assert legal(state) == {"7S"}
    why = state.why_illegal(Card.parse("AS"))
    assert why is not None and why.key == "ace_dump_ban"


def test_classic_ace_dump_ban_allows_the_ace_of_a_suit_already_led() -> None:
    spades = 1 << 1
    state = deal("classic", "9H 7C", "TH 8C", "AS 7S", "KH 9S", led=spades)
    state.play(Card.parse("9H"))
    state.play(Card.parse("TH"))
    assert legal(state) == {"AS", "7S"}


def test_classic_ace_dump_ban_allows_ace_when_nothing_else() -> None:
    state = deal("classic", "9H 7C", "TH 8C", "AS AC", "KH 9S")
    state.play(Card.parse("9H"))
    state.play(Card.parse("TH"))
    assert legal(state) == {"AS", "AC"}


def test_classic_ace_dump_ban_does_not_touch_the_trump_ace() -> None:
    state = deal("classic", "9H 7C", "TH 8C", "AD 7S", "KH 9S")
    state.play(Card.parse("9H"))
    state.play(Card.parse("TH"))
    assert legal(state) == {"AD", "7S"}


def test_classic_ace_dump_ban_applies_when_a_trump_is_led() -> None:
    # E holds no trump: the Q♣ led cannot be followed, and spades were never led.
    state = deal("classic", "QC 7H", "AS 8S", "KH 9H", "TH 9S")
    state.play(Card.parse("QC"))
    assert legal(state) == {"8S"}
    why = state.why_illegal(Card.parse("AS"))
    assert why is not None and why.key == "ace_dump_ban"
    with pytest.raises(IllegalPlay):
        state.play(Card.parse("AS"))


def test_classic_ace_dump_ban_does_not_bind_the_leader() -> None:
    # The ban is for a player who cannot follow: the leader may lead the ace of a suit not led.
    state = deal("classic", "AS 7H", "8S 8H", "KH 9H", "TH 9S")
    assert state.led == 0
    assert legal(state) == {"AS", "7H"}
    assert state.why_illegal(Card.parse("AS")) is None
    state.play(Card.parse("AS"))
    assert legal(state) == {"8S"}


def test_classic_ace_dump_ban_counts_suits_led_earlier_in_the_deal() -> None:
    state = deal("classic", "9S 9H 7C", "KS 8H 8C", "7S AS KC", "8S TH 9C")
    for token in ("9S", "KS", "7S", "8S"):
        state.play(Card.parse(token))
    assert state.leader is Seat.E
    state.play(Card.parse("8H"))
    assert legal(state) == {"AS", "KC"}


# A boast made this trick before play (N led the 7♥ face down and took it): hearts were led.
BOAST_TRICK = ("N", "7H 7C 7S 8C")
AFTER_BOAST = ("AS TS KS 9S 8S AC TC", "AH TH KH 9H 8H AD TD", "KC 9C KD 9D 8D 7D QC",
               "QS QH QD JC JS JH JD")


def after_boast() -> DealState:
    rules = find_rules("classic")
    leader, cards = BOAST_TRICK
    made = Trick.scored(rules.card_order(), Seat.parse(leader), tuple(parse_cards(cards)))
    assert made.winner is Seat.N
    return DealState.after_setup(rules, [CardSet.parse(h) for h in AFTER_BOAST],
                                 dealer=Seat.W, leader=made.winner, made=(made,))


def test_classic_ace_dump_ban_counts_the_suit_a_boast_trick_led() -> None:
    state = after_boast()
    assert state.led == led_suits(state.order, state.tricks) == 1 << Suit.HEARTS
    state.play(Card.parse("AS"))
    assert legal(state) == {"AH", "TH", "KH", "9H", "8H", "AD", "TD"}  # hearts were led
    assert state.why_illegal(Card.parse("AH")) is None


def test_classic_ace_dump_ban_after_a_boast_replays_from_the_deal_record() -> None:
    """The record of a deal with a boast (the app's last-deal review) replays the plays that
    were legal when made: the suit led in the boast trick counts as led."""
    from kozel_tutor.app.session import DealRecord

    state = after_boast()
    record = DealRecord.of_setup(state)
    for token in ("AS", "AH"):
        state.play(Card.parse(token))
        record.plays.append(Card.parse(token))
    replayed = record.replay(find_rules("classic"))
    assert replayed.history == state.history and replayed.led == state.led


@pytest.mark.parametrize("seed", range(12))
def test_classic_ace_dump_ban_boast_deals_count_the_same_led_suits_live_and_replayed(
        seed: int) -> None:
    from kozel_tutor.app.session import DealRecord

    rules = find_rules("classic")
    match = Match(rules, rng=random.Random(seed))
    play_out_and_record(match, first_state_of(match))
    setup = drive(match.setup(), answers({BoastQuestion: lambda q: q.options[1 + seed % 3]},
                                         default=lambda q: q.options[0]))
    assert setup.boast is not None and setup.state is not None
    state = setup.state
    assert state.led == led_suits(state.order, setup.boast.tricks)
    record = DealRecord.of_setup(state)
    rng = random.Random(seed)
    while not state.is_over:
        card = rng.choice(sorted(state.legal_plays()))
        state.play(card)
        record.plays.append(card)
    assert record.replay(rules).history == state.history


# -- the catch: shamok catches shamka --------------------------------------------------------

def test_nizhny_six_of_clubs_catching_queen_of_clubs_ends_the_deal_and_writes_4() -> None:
    state = deal("nizhny", "QC 7H AH", "6C 8H TH", "KC 9H KH", "7C JH AS")
    state.play(Card.parse("7H"))
    for token in ("8H", "9H", "JH"):
        state.play(Card.parse(token))
    # W took the trick with J♥ (a trump); W leads: no trump lead with a plain card, so A♠.
    assert state.leader is Seat.W
    state.play(Card.parse("AS"))
    state.play(Card.parse("QC"))
    state.play(Card.parse("6C"))
    state.play(Card.parse("KC"))
    assert state.is_over and state.caught is Team.NS
    assert sum(len(state.hand(s)) for s in Seat) == 4
    result = state.result()
    assert result.written == (4, 0) and result.caught is Team.NS
    assert result.points == (0, 20)  # J♥ 2, then A♠ Q♣ 6♣ K♣ 18


def test_the_catch_needs_the_queen_and_the_six_from_opposite_sides() -> None:
    partners = deal("nizhny", "QC 7S", "8H 9D", "6C 8S", "JH 7D", leader=Seat.E)
    for token in ("8H", "6C", "7D", "QC"):
        partners.play(Card.parse(token))
    assert partners.caught is None and not partners.is_over
    opponents = deal("nizhny", "AS 7H", "QC 9D", "6C 9H", "JH 7D")
    for token in ("AS", "QC", "6C", "JH"):
        opponents.play(Card.parse(token))
    assert opponents.caught is Team.EW and opponents.is_over
    assert opponents.legal_plays() == CardSet()


def test_the_catch_is_taken_back_by_undo() -> None:
    state = deal("nizhny", "AS 7H", "QC 9D", "6C 9H", "JH 7D")
    for token in ("AS", "QC", "6C", "JH"):
        state.play(Card.parse(token))
    state.undo()
    assert state.caught is None and not state.is_over


def test_kozly24_catch_writes_4_on_the_side_that_played_the_queen_of_clubs() -> None:
    state = deal("kozly24", "AS KH", "QC TH", "6C AH", "TS 6H")
    for token in ("AS", "QC", "6C", "TS"):
        state.play(Card.parse(token))
    assert state.caught is Team.EW
    assert state.result().written == (0, 4)


# -- who leads first -----------------------------------------------------------------------

def first_state(name: str, seed: int) -> DealState:
    match = Match(find_rules(name), rng=random.Random(seed))
    setup = drive(match.setup(), answers({RedealQuestion: False}, RandomChooser(
        random.Random(seed))))
    assert setup.state is not None
    return setup.state


@pytest.mark.parametrize("seed", range(6))
def test_classic_holder_of_seven_of_diamonds_leads_first_trick_of_first_deal(seed: int) -> None:
    state = first_state("classic", seed)
    assert Card.parse("7D") in state.hand(state.leader)
    assert len(state.legal_plays()) == 8  # any card: the 7♦ need not be led


@pytest.mark.parametrize(("name", "seed"), [(n, s) for n in ("nizhny", "kozly24")
                                            for s in range(4)])
def test_first_deal_starts_with_the_ace_of_diamonds_led_by_its_holder(name: str, seed: int
                                                                     ) -> None:
    state = first_state(name, seed)
    assert Card.parse("AD") in state.hand(state.leader)
    assert legal(state) == {"AD"}
    why = state.why_illegal(next(c for c in state.hand(state.leader) if c.token != "AD"))
    assert why is not None and why.key == "must_lead_card"
    assert why.text("ru") == \
        "Партию открывает туз бубен: первым ходом нужно сыграть именно эту карту."
    assert why.text("en") == "The first lead of the match must be the ace of diamonds."


def first_state_of(match: Match) -> DealState:
    """The next deal of ``match`` set up with the first option of every question."""
    setup = drive(match.setup(), answers({}, default=lambda q: q.options[0]))
    assert setup.state is not None
    return setup.state


def play_out_and_record(match: Match, state: DealState) -> None:
    """Play ``state`` out at random (legal cards), then score it in the match."""
    rng = random.Random(0)
    while not state.is_over:
        state.play(rng.choice(sorted(state.legal_plays())))
    match.record(state)


def test_classic_later_deal_led_by_previous_winners_who_choose_the_leader() -> None:
    rules = find_rules("classic")
    rng = random.Random(5)
    match = Match(rules, rng=rng)
    seen: list[object] = []
    while True:
        setup = drive(match.setup(), answers({RedealQuestion: False},
                                             default=lambda q: q.options[0]))
        assert setup.state is not None
        play_out_and_record(match, setup.state)
        if match.last_winner is not None:
            break
    winners = match.last_winner
    assert winners is not None

    def pick_second(question: LeaderQuestion) -> Seat:
        seen.append(question)
        return question.options[1]

    setup = drive(match.setup(), answers({BoastQuestion: None, RedealQuestion: False,
                                          LeaderQuestion: pick_second},
                                         default=lambda q: q.options[0]))
    leader_question = seen[0]
    assert isinstance(leader_question, LeaderQuestion)
    assert {s.team for s in leader_question.options} == {winners}
    assert len(leader_question.options) == 2
    assert setup.state is not None and setup.state.leader == leader_question.options[1]


def test_nizhny_and_kozly24_later_deals_are_led_left_of_the_dealer() -> None:
    for name in ("nizhny", "kozly24"):
        match = Match(find_rules(name), rng=random.Random(2))
        setup = drive(match.setup(), answers({}, default=lambda q: q.options[0]))
        assert setup.state is not None
        play_out_and_record(match, setup.state)
        if match.is_over:
            continue
        setup = drive(match.setup(), answers({}, default=lambda q: q.options[0]))
        assert setup.state is not None
        assert setup.state.leader is match.dealer.next
        assert setup.state.required_lead is None


def test_classic_boasts_are_not_offered_in_the_first_deal() -> None:
    match = Match(find_rules("classic"), rng=random.Random(1))
    asked: list[object] = []
    drive(match.setup(), lambda q: asked.append(q) or q.options[0])
    assert not any(isinstance(q, BoastQuestion) for q in asked)


def test_stacked_deck_helper_deals_the_hands_asked_for() -> None:
    rules = find_rules("classic")
    hands = {Seat.N: "QC QS QH QD JC JS JH JD", Seat.E: "AD TD KD 9D 8D 7D AC TC",
             Seat.S: "KC 9C 8C 7C AS TS KS 9S", Seat.W: "8S 7S AH TH KH 9H 8H 7H"}
    state = DealState.deal(rules, dealer=Seat.W, rng=StackedDeck([deck_order(rules, Seat.W,
                                                                             hands)]))
    assert {s: str(state.hand(s)) for s in Seat} == {
        s: str(CardSet.parse(h)) for s, h in hands.items()}
