"""Random-playout conformance over every preset: whole matches of random legal play (and random
or AI answers to the procedures), every invariant checked against an independent reading of
RULES.md — card conservation, legal plays only, trick winners, scores written per table, and
the match ending exactly when the rules say."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping

import pytest
from test_variants_support import deck_order

from kozel_tutor.ai import make_player
from kozel_tutor.ai.base import Decision, Player, TrumpDecision
from kozel_tutor.cards import Card, CardSet, Rank, Suit, parse_cards
from kozel_tutor.rules import Rules, find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState, IllegalPlay, SeatView, Trick
from kozel_tutor.variants import HeuristicChooser, Match, RandomChooser, play_match
from kozel_tutor.variants.questions import GiveTrumpQuestion, Question, RedealQuestion

PRESETS: list[tuple[str, dict[str, object]]] = [
    ("standard", {}),
    ("standard", {"deck": 32}),
    ("standard", {"trump": "called", "match": 6}),
    ("classic", {}),
    ("nizhny", {}),
    ("kozly24", {}),
]

# The trump orders as RULES.md writes them (the trump suit's own cards follow in plain order).
TOP = {
    "standard": "QC QS QH QD JC JS JH JD",
    "classic": "QC QS QH QD JC JS JH JD",
    "nizhny": "6C QC QS QH QD JC JS JH JD",
    "kozly24": "6C QC QS QH QD JC JS JH JD",
}
PLAIN_ORDER = ["A", "T", "K", "9", "8", "7", "6"]
DECK_SIZE = {"classic": 32, "nizhny": 36, "kozly24": 24}


class Reference:
    """An independent reading of the rules for one preset (no engine tables used)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.name = rules.name
        self.top = parse_cards(TOP[self.name])
        deck = DECK_SIZE.get(self.name, rules.deck)
        ranks = {36: "6789TJQKA", 32: "789TJQKA", 24: "6TJQKA"}[deck]
        self.deck = CardSet(c for c in (Card.of(Rank.parse(r), s) for r in ranks for s in Suit))

    def is_trump(self, card: Card, trump: Suit) -> bool:
        return card in self.top or (card.suit is trump and card.rank not in (Rank.QUEEN,
                                                                             Rank.JACK))

    def suit(self, card: Card, trump: Suit) -> int:
        return 4 if self.is_trump(card, trump) else int(card.suit)

    def rank(self, card: Card, trump: Suit) -> int:
        """Higher is stronger, within the card's effective suit."""
        if card in self.top:
            return 100 - self.top.index(card)
        return 50 - PLAIN_ORDER.index(card.rank.letter)

    def winner(self, trick: Trick, trump: Suit) -> Seat:
        cards = trick.cards
        trumps = [c for c in cards if self.is_trump(c, trump)]
        if trumps:
            best = max(trumps, key=lambda c: self.rank(c, trump))
        else:
            best = max((c for c in cards if c.suit is cards[0].suit),
                       key=lambda c: self.rank(c, trump))
        return trick.leader.offset(cards.index(best))

    def legal(self, hand: CardSet, trick: tuple[Card, ...], led: set[Suit], trump: Suit,
              required: Card | None) -> CardSet:
        if not trick:
            if required is not None and required in hand:
                return CardSet([required])
            if self.name == "nizhny":
                plain = CardSet(c for c in hand if not self.is_trump(c, trump))
                return plain or hand
            return hand
        suit = self.suit(trick[0], trump)
        follow = CardSet(c for c in hand if self.suit(c, trump) == suit)
        if follow:
            return follow
        if self.name == "classic":
            allowed = CardSet(c for c in hand if not (
                c.rank is Rank.ACE and not self.is_trump(c, trump) and c.suit not in led))
            return allowed or hand
        return hand

    def caught(self, trick: Trick) -> Team | None:
        if self.name not in ("nizhny", "kozly24"):
            return None
        seats = {card.token: seat for seat, card in trick.plays()}
        if "6C" in seats and "QC" in seats and seats["6C"].team != seats["QC"].team:
            return seats["QC"].team
        return None

    def written(self, points: tuple[int, int], tricks: tuple[int, int], caught: Team | None,
                after_eggs: bool, first_deal: bool, before: list[int]) -> tuple[list[int], bool]:
        """The scores after this deal and whether it was eggs."""
        scores = list(before)
        double = 2 if after_eggs else 1
        if caught is not None:
            scores[caught] += 4 * double
            return scores, False
        if points[0] == points[1]:
            return scores, True
        win = 0 if points[0] > points[1] else 1
        lose = 1 - win
        if self.name == "standard":
            value = 6 if tricks[lose] == 0 else 4 if points[lose] <= 30 else 2
            scores[win] += value * double
        elif self.name == "classic":
            if tricks[lose] == 0:
                scores[lose] = 0
                rows = 0
            else:
                rows = 2 if points[win] >= 90 else 1
            scores[win] += rows + (1 if after_eggs else 0)
        elif self.name == "nizhny":
            value = 6 if points[lose] == 0 else 4 if points[lose] <= 30 else 2
            scores[lose] += value * double
        else:  # kozly24
            if tricks[lose] == 0:
                if first_deal:
                    scores[lose] += 12
                else:
                    scores[win] = 0
            else:
                scores[lose] += (4 if points[lose] < 30 else 2) * double
        return scores, False

    @property
    def target(self) -> int:
        return {"classic": 6, "nizhny": 12, "kozly24": 12}.get(self.name,
                                                                 self.rules.match_target)

    @property
    def target_loses(self) -> bool:
        return self.name in ("nizhny", "kozly24")


def led_suits(ref: Reference, tricks: Iterable[Trick], trump: Suit) -> set[Suit]:
    """The plain suits led so far (a queen or jack led is a trump lead, not its suit's)."""
    return {t.cards[0].suit for t in tricks if not ref.is_trump(t.cards[0], trump)}


def check_first_leader(ref: Reference, state: DealState, index: int, last_winner: Team | None,
                       hands: tuple[CardSet, ...]) -> None:
    """Who led the first trick (a boast's trick included): left of the dealer; in the first deal
    of a preset with a first-lead card, its holder, leading it; in ``classic``, a player of the
    side that won the last deal (before any side has won one, the 7♦'s holder leads any card)."""
    first = state.tricks[0]
    card = {"classic": "7D", "nizhny": "AD", "kozly24": "AD"}.get(ref.name)
    if ref.name == "classic" and last_winner is not None:
        assert first.leader.team is last_winner, (first, last_winner)
    elif card is not None and (index == 0 or ref.name == "classic"):
        holder = next(seat for seat in Seat if Card.parse(card) in hands[seat])
        assert first.leader is holder, (first, hands)
        if ref.name != "classic":  # nizhny, kozly24: the holder leads that very card
            assert first.cards[0].token == card, first
    else:
        assert first.leader is state.dealer.next, first


def check_match(rules: Rules, seed: int, ai: bool, *, rng: random.Random | None = None,
                players: Mapping[Seat, Player] | None = None,
                chooser: Callable[[Match], Callable[[Question], object]] | None = None) -> Match:
    """Play a whole match and check it against :class:`Reference`: random players and answers
    from ``seed``, or the given deck ``rng`` (a stacked deck), ``players`` and ``chooser`` (made
    from the match, to answer its questions)."""
    ref = Reference(rules)
    rng = rng or random.Random(seed)
    first_dealer = Seat(seed % 4)
    match = Match(rules, first_dealer=first_dealer, rng=rng)
    if players is None:
        players = {seat: make_player("random", random.Random(seed * 10 + seat)) for seat in Seat}
    answer = (chooser(match) if chooser is not None
              else HeuristicChooser(rng, samples=4) if ai else RandomChooser(rng))
    probe = random.Random(seed + 1000)

    def on_play(state: DealState, card: Card) -> None:
        assert state.trump is not None
        first = match.first_deal and not state.tricks
        required = None
        if first and rules.lead_that_card and not state.trick:
            required = Card.parse(rules.first_lead.removeprefix("holder:"))
        hand = state.hand(state.to_move)
        expected = ref.legal(hand, state.current_trick, led_suits(ref, state.tricks, state.trump),
                             state.trump,
                             required)
        assert state.legal_plays() == expected, (state, expected)
        assert card in expected
        illegal = sorted(hand - expected)
        if illegal:
            before = [state.hand(s) for s in Seat]
            with pytest.raises(IllegalPlay):
                state.play(probe.choice(illegal))
            assert [state.hand(s) for s in Seat] == before

    play_match(match, players, answer, on_play=on_play)

    scores = [0, 0]
    after_eggs = False
    with_tails = False
    last_winner: Team | None = None  # of the latest deal won, or of a refused redeal's penalty
    assert len(match.setups) == len(match.score.results)
    for index, (setup, result) in enumerate(zip(match.setups, match.score.results, strict=True)):
        assert max(scores) < ref.target, "the match went on after it was over"
        dealer = first_dealer.offset(index)  # the deal passes to the left after every deal
        before = list(scores)
        if setup.state is None:
            # The third redeal in a row is refused: the dealing side loses one row.  No deal
            # was played, so a pending egg pair waits for the next deal played.
            assert rules.name == "classic" and setup.redeals == 2
            scores[dealer.team.other] += 1
            last_winner = dealer.team.other
        else:
            state = setup.state
            trump = state.trump
            assert trump is not None
            assert state.dealer is dealer
            assert state.tricks, "a deal without a trick"
            check_first_leader(ref, state, index, last_winner, setup.hands)
            # Card conservation: the hands left and every trick hold the deck, once each.
            held = [c for s in Seat for c in state.hand(s)]
            played = [c for t in state.tricks for c in t.cards]
            assert sorted(c.index for c in held + played) == sorted(c.index for c in ref.deck)
            if setup.hands:
                assert len({len(h) for h in setup.hands}) == 1
            # Every trick: taken by the right seat, the next led by its winner.
            caught = None
            for number, trick in enumerate(state.tricks):
                assert trick.winner is ref.winner(trick, trump)
                assert trick.points == sum(c.points for c in trick.cards)
                if number > state.dealt_tricks:
                    assert trick.leader is state.tricks[number - 1].winner
                elif number == state.dealt_tricks > 0:  # after a boast: the (closed) trick's taker
                    assert trick.leader is state.tricks[0].winner
                caught = ref.caught(trick)
                if caught is not None:
                    assert number == len(state.tricks) - 1, "play went on after the catch"
            if caught is None:
                assert not held, "cards left in hand at the end of a deal"
            points = [0, 0]
            tricks = [0, 0]
            for trick in state.tricks:
                points[trick.winner.team] += trick.points
                tricks[trick.winner.team] += 1
            assert (result.points, result.tricks) == ((points[0], points[1]),
                                                      (tricks[0], tricks[1]))
            if caught is None:
                assert sum(points) == 120
            scores, eggs = ref.written((points[0], points[1]), (tricks[0], tricks[1]), caught,
                                       after_eggs, index == 0, before)
            assert result.eggs == eggs
            after_eggs = eggs
            if not eggs:
                last_winner = (Team.NS if caught is Team.EW or (caught is None and (
                    points[0] > points[1])) else Team.EW)
            if rules.name == "classic" and max(scores) >= ref.target:
                win = 0 if scores[0] >= ref.target else 1
                with_tails = before[win] == 5 and points[win] >= 90
    assert scores == match.score.scores, (scores, match.score.scores)
    assert max(scores) >= ref.target and match.is_over
    reached = Team.NS if scores[0] >= ref.target else Team.EW
    assert match.winner is (reached.other if ref.target_loses else reached)
    assert match.goats is match.winner.other  # type: ignore[union-attr]
    assert match.with_tails is with_tails
    assert match.with_eggs is any(r.eggs for r in match.score.results)
    return match


@pytest.mark.parametrize(("name", "options"), PRESETS,
                         ids=[n + "".join(f"-{k}={v}" for k, v in o.items()) for n, o in PRESETS])
def test_random_matches_conform_to_the_rules(name: str, options: dict[str, object]) -> None:
    rules = find_rules(name, **options)
    deals = 0
    for seed in range(25):
        deals += len(check_match(rules, seed, ai=False).score.results)
    assert deals >= 25


def test_classic_matches_with_the_ai_choosing_boasts_conform_to_the_rules() -> None:
    rules = find_rules("classic")
    boasts: set[str] = set()
    for seed in range(12):
        match = check_match(rules, seed, ai=True)
        boasts |= {s.boast.name for s in match.setups if s.boast is not None}
    assert boasts, "the AI never boasted"


def test_random_classic_matches_exercise_every_procedure() -> None:
    rules = find_rules("classic")
    seen: set[str] = set()
    for seed in range(40):
        match = check_match(rules, seed, ai=False)
        for setup in match.setups:
            if setup.boast is not None:
                seen.add(setup.boast.name)
            if setup.exchanges:
                seen.add("exchange")
            if setup.redeals:
                seen.add("redeal")
        if match.with_tails:
            seen.add("tails")
    assert {"pants", "double_pants", "mirror", "exchange", "redeal", "tails"} <= seen


# A classic first deal (W deals, the 7♦'s holder S leads it) that ends 60–60 when every seat
# plays its lowest legal card; then N deals WEAK_N three times (N holds 5 points).
EGGS_DEAL = {Seat.N: "QC AS JS TS QH 8H AD 8D", Seat.E: "AC KC JC KS TH 7H QD TD",
             Seat.S: "TC 8C 7C 9S JH KD 9D 7D", Seat.W: "9C QS 8S 7S AH KH 9H JD"}
WEAK_N = {Seat.N: "7C 8C 9C 7S 8S 9S QH JH", Seat.E: "QC QS AD TD KD AC TC KC",
          Seat.S: "QD JC JS JD 9D 8D 7D AS", Seat.W: "TS KS AH TH KH 9H 8H 7H"}


class StackedThenShuffled(random.Random):
    """Lays out the given decks in turn, then shuffles at random."""

    def __init__(self, decks: list[list[Card]], seed: int) -> None:
        super().__init__(seed)
        self.decks = decks

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        if self.decks:
            x[:] = self.decks.pop(0)
        else:
            super().shuffle(x)


class LowestInTheFirstDeal:
    """Plays the lowest legal card in the match's first deal, then at random."""

    name = "lowest first"

    def __init__(self, match: list[Match], rng: random.Random) -> None:
        self.match = match
        self.random = make_player("random", rng)

    def choose(self, view: SeatView, progress: object = None) -> Decision:
        if self.match[0].first_deal:
            return Decision(sorted(view.legal)[0])
        return self.random.choose(view)

    def call_trump(self, view: SeatView) -> TrumpDecision:
        return self.random.call_trump(view)


@pytest.mark.parametrize("seed", range(6))
def test_classic_egg_pair_waits_through_a_refused_third_redeal_in_a_whole_match(
        seed: int) -> None:
    """Eggs in the first deal, the second deal's third redeal refused (N–S, the dealing side,
    lose a row), then random play: the winner of the next deal played gets the egg pair, as the
    reference reads RULES.md §2.1, and the leaders and dealers follow the rules throughout."""
    rules = find_rules("classic")
    decks = [deck_order(rules, Seat.W, EGGS_DEAL)] + [deck_order(rules, Seat.N, WEAK_N)] * 3
    holder: list[Match] = []
    players = {seat: LowestInTheFirstDeal(holder, random.Random(seed * 10 + seat))
               for seat in Seat}

    def chooser(match: Match) -> Callable[[Question], object]:
        holder.append(match)
        randomly = RandomChooser(random.Random(seed))

        def answer(question: Question) -> object:
            if isinstance(question, RedealQuestion | GiveTrumpQuestion) and match.first_deal:
                return False
            if isinstance(question, RedealQuestion) and len(match.score.results) == 1:
                return True
            return randomly(question)
        return answer

    match = check_match(rules, 3, ai=False, rng=StackedThenShuffled(decks, seed),
                        players=players, chooser=chooser)
    first, refused, *rest = match.setups
    assert match.score.results[0].eggs and first.state is not None
    assert refused.state is None and refused.redeals == 2
    assert match.score.results[1].written == (0, 1)
    assert any(setup.state is not None for setup in rest)  # a deal was played after it
