"""The position notation of RULES.md §3: parse, format, round trip, and validation that names
every problem found."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from kozel_tutor.cards import Card, CardSet, Suit
from kozel_tutor.position import _MESSAGES, Position, PositionError
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState

# Seven tricks are over (NS took 40 points in 4 tricks, EW 50 in 3); E has led the ace of hearts.
BASE: dict[str, Any] = {
    "rules": "standard", "deck": 36, "trump": "C",
    "hands": {"N": "QC 9S", "E": "JD", "S": "TC 7S", "W": "KH 6D"},
    "leader": "E", "trick": ["AH"],
    "taken": {"NS": [40, 4], "EW": [50, 3]},
}


def changed(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


def error_of(case: str | bytes | dict[str, Any] | Callable[[], object]) -> PositionError:
    """The error reading ``case`` (JSON text, a dict to dump as JSON) or calling it raises."""
    with pytest.raises(PositionError) as info:
        if callable(case):
            case()
        else:
            Position.from_json(case if isinstance(case, (str, bytes)) else json.dumps(case))
    return info.value


def problems_of(data: str | bytes | dict[str, Any]) -> list[str]:
    error = error_of(data)
    assert str(error) == "; ".join(error.problems)
    return error.problems


def test_position_reads_every_field() -> None:
    pos = Position.from_json(json.dumps(BASE))
    assert pos.rules.name == "standard" and pos.rules.deck == 36
    assert pos.trump is Suit.CLUBS
    assert pos.hands[Seat.N] == CardSet.parse("QC 9S")
    assert pos.leader is Seat.E and pos.trick == (Card.parse("AH"),)
    assert pos.to_move is Seat.S
    assert pos.taken_points == (40, 50) and pos.taken_tricks == (4, 3)
    assert pos.cards_per_hand == 2
    assert pos.led == frozenset()


def test_position_prints_canonical_json() -> None:
    messy = changed(hands={"N": "9s qc", "E": "J♦", "S": "10c 7S", "W": "6d kH"},
                    trick=["ah"], trump="♣")
    pos = Position.from_json(messy)
    assert pos.to_dict() == BASE
    assert json.loads(pos.to_json()) == BASE
    assert pos == Position.from_json(json.dumps(BASE))


def test_position_json_round_trip_is_the_identity() -> None:
    pos = Position.from_json(BASE)
    again = Position.from_json(pos.to_json(indent=2))
    assert again == pos and again.to_json() == pos.to_json()


def test_a_hand_must_be_a_string_of_cards_not_a_list() -> None:
    problems = problems_of(changed(hands={**BASE["hands"], "E": ["JD"]}))
    assert problems == ["hand of E must be a string of cards separated by spaces"]


def test_the_trick_must_be_a_list_of_cards_not_a_string() -> None:
    assert problems_of(changed(trick="AH")) == ["'trick' must be a list of card tokens"]


def test_deck_and_trump_default_to_the_preset() -> None:
    pos = Position.from_json(changed(deck=None, trump=None, rules=None))
    assert pos.rules.deck == 36 and pos.trump is Suit.CLUBS
    assert pos.to_dict() == BASE


def test_another_trump_suit_is_the_called_option_of_the_standard_rules() -> None:
    pos = Position.from_json(changed(trump="H"))
    assert pos.trump is Suit.HEARTS and pos.rules.trump_rule == "called"
    assert pos.to_dict()["trump"] == "H"
    assert Position.from_json(pos.to_json()) == pos


def test_led_suits_are_kept_and_printed() -> None:
    pos = Position.from_json(changed(led="hs"))
    assert pos.led == {Suit.SPADES, Suit.HEARTS}
    assert pos.led_mask == 0b0110
    assert pos.to_dict()["led"] == "SH"


def test_32_card_position_reads_and_rejects_sixes() -> None:
    pos = Position.from_json(changed(deck=32, hands={"N": "QC 9S", "E": "JD", "S": "TC 7S",
                                                      "W": "KH 8D"},
                                     taken={"NS": [40, 3], "EW": [50, 3]}))
    assert pos.rules.deck == 32
    problems = problems_of(changed(deck=32, taken={"NS": [40, 3], "EW": [50, 3]}))
    assert problems == ["card(s) 6D are not in the 32-card deck"]


def test_position_to_state_and_back() -> None:
    pos = Position.from_json(BASE)
    state = pos.to_state()
    assert state.to_move is Seat.S and state.current_trick == (Card.parse("AH"),)
    assert Position.from_state(state) == pos
    state.play(Card.parse("7S"))
    assert Position.from_state(state).trick == (Card.parse("AH"), Card.parse("7S"))


def test_start_of_a_deal_is_a_position() -> None:
    pos = Position.from_json({"hands": {"N": "QC QS QH 6C 7C 8C 9C TC KC",
                                        "E": "QD JC JS JH JD AC 6S 7S 8S",
                                        "S": "9S TS KS AS 6H 7H 8H 9H TH",
                                        "W": "KH AH 6D 7D 8D 9D TD KD AD"},
                              "leader": "N"})
    assert pos.cards_per_hand == 9 and pos.taken_points == (0, 0)


# -- every problem is named -----------------------------------------------------------------------


def test_rules_md_example_is_rejected_naming_the_ace_twice_and_the_points() -> None:
    example = """{"rules": "standard", "deck": 36, "trump": "C",
     "hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"},
     "leader": "E", "trick": ["AH"],
     "taken": {"NS": [40, 4], "EW": [62, 3]}}"""
    problems = problems_of(example)
    assert "AH is both in the hand of E and the trick" in problems
    assert any(p.startswith("hand sizes (N 2, E 2, S 2, W 2) do not fit a trick of 1 card ")
               for p in problems)
    assert "points do not add up: taken 102 + still in play 30 = 132, not 120" in problems


def test_card_in_two_hands_is_named() -> None:
    problems = problems_of(changed(hands={"N": "QC 9S", "E": "JD", "S": "TC 9S", "W": "KH 6D"}))
    assert "9S is both in the hand of N and the hand of S" in problems


def test_card_twice_in_one_hand_is_named() -> None:
    problems = problems_of(changed(hands={"N": "QC qc", "E": "JD", "S": "TC 7S", "W": "KH 6D"}))
    assert problems[0] == "hand of N: card QC appears twice"


def test_card_in_a_hand_and_in_the_trick_is_named() -> None:
    problems = problems_of(changed(hands={"N": "QC 9S", "E": "AH", "S": "TC 7S", "W": "KH 6D"}))
    assert "AH is both in the hand of E and the trick" in problems


def test_unknown_card_is_named() -> None:
    problems = problems_of(changed(hands={"N": "QC 1S", "E": "JD", "S": "TC 7S", "W": "KH 6D"}))
    assert any(p.startswith("hand of N: bad card '1S'") for p in problems)
    problems = problems_of(changed(trick=["XH"]))
    assert any(p.startswith("trick: bad card 'XH'") for p in problems)


def test_unknown_rules_are_named() -> None:
    assert any("unknown rules 'kozyol'" in p for p in problems_of(changed(rules="kozyol")))


def test_deck_the_rules_do_not_have_is_named() -> None:
    assert any("36- or 32-card deck, not 24" in p for p in problems_of(changed(deck=24)))
    assert any("'deck' must be a number" in p for p in problems_of(changed(deck="36")))


def test_unknown_seat_is_named() -> None:
    hands = dict(BASE["hands"], X="6S")
    assert "unknown seat(s) in hands: X" in problems_of(changed(hands=hands))
    assert any(p.startswith("leader: unknown seat 'Q'") for p in problems_of(changed(leader="Q")))


def test_missing_hand_is_named() -> None:
    hands = {k: v for k, v in BASE["hands"].items() if k != "W"}
    assert "hand of W is missing" in problems_of(changed(hands=hands))


def test_unknown_trump_and_unknown_key_are_named() -> None:
    assert any(p.startswith("trump: unknown suit 'X'") for p in problems_of(changed(trump="X")))
    assert 'unknown key(s) "dealer"' in problems_of(changed(dealer="N"))


def test_wrong_hand_sizes_for_the_trick_are_named() -> None:
    problems = problems_of(changed(trick=[], hands={"N": "QC 9S", "E": "JD", "S": "TC 7S",
                                                    "W": "KH 6D AH"}))
    assert any("hand sizes (N 2, E 1, S 2, W 3) do not fit a trick of 0 cards led by E" in p
               for p in problems)


def test_player_after_the_trick_holding_fewer_cards_is_named() -> None:
    problems = problems_of(changed(hands={"N": "QC 9S", "E": "JD", "S": "TC", "W": "KH 6D 7S"}))
    assert any(p.startswith("hand sizes (N 2, E 1, S 1, W 3)") for p in problems)


def test_card_in_the_trick_that_did_not_follow_suit_is_named() -> None:
    # W threw the 6D onto the ace of hearts while still holding the king of hearts.
    problems = problems_of(changed(hands={"N": "QC 9S", "E": "JD", "S": "TC", "W": "KH"},
                                   trick=["AH", "7S", "6D"]))
    assert problems == ["W could not have played 6D to the trick: holding KH 6D, only KH may be "
                        "played"]


def test_trick_longer_than_3_cards_is_named() -> None:
    problems = problems_of(changed(trick=["AH", "6S", "8S", "9D"]))
    assert "the trick has 4 cards; a trick in progress holds 0 to 3" in problems


def test_hand_larger_than_the_deal_is_named() -> None:
    problems = problems_of({"hands": {"N": "6C 7C 8C 9C TC KC AC QC QS QH",
                                      "E": "", "S": "", "W": ""}, "leader": "N"})
    assert "a hand cannot hold 10 cards with the 36-card deck" in problems


def test_every_hand_empty_is_named() -> None:
    problems = problems_of({"hands": {"N": "", "E": "", "S": "", "W": ""}, "leader": "N",
                            "taken": {"NS": [60, 4], "EW": [60, 5]}})
    assert problems == ["every hand is empty: the deal is over"]


def test_points_not_adding_up_to_120_are_named() -> None:
    problems = problems_of(changed(taken={"NS": [41, 4], "EW": [50, 3]}))
    assert problems == ["points do not add up: taken 91 + still in play 30 = 121, not 120"]


def test_tricks_not_matching_the_cards_played_are_named() -> None:
    problems = problems_of(changed(taken={"NS": [40, 4], "EW": [50, 4]}))
    assert problems == ["the tricks taken add up to 8, but the cards played make 7 tricks"]


def test_points_without_a_trick_and_negative_counts_are_named() -> None:
    Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                        "leader": "N", "taken": {"NS": [106, 8], "EW": [0, 0]}})
    problems = problems_of({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                            "leader": "N", "taken": {"NS": [96, 8], "EW": [10, 0]}})
    assert "EW took 10 points without taking a trick" in problems
    problems = problems_of({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                            "leader": "N", "taken": {"NS": [116, 9], "EW": [-10, -1]}})
    assert "taken EW cannot be negative" in problems


def after_tricks(played: str, taken: dict[str, list[int]], led: str = "",
                 rules: str = "standard") -> dict[str, Any]:
    """A position where the tricks holding the cards ``played`` are over (N to lead), the rest
    of the deck dealt in turn from N."""
    deck = find_rules(rules).deck_cards - CardSet.parse(played)
    hands: dict[str, list[str]] = {seat.name: [] for seat in Seat}
    for i, card in enumerate(deck.sorted()):
        hands[Seat(i % 4).name].append(card.token)
    data: dict[str, Any] = {"rules": rules, "leader": "N", "taken": taken,
                            "hands": {seat: " ".join(cards) for seat, cards in hands.items()}}
    if led:
        data["led"] = led
    return data


# The README position with taken points no trick could hold: RULES.md §3, points that do not
# add up.
UNMAKEABLE = changed(taken={"NS": [89, 1], "EW": [1, 6]})


def test_points_a_side_cannot_have_taken_in_its_tricks_are_named() -> None:
    # The sum is 120, but one trick holds 4 cards (at most 44 points), and no cards make 1 point.
    assert problems_of(UNMAKEABLE) == [
        "NS cannot have taken 89 points in 1 trick: no 4 cards of those played in finished "
        "tricks add up to 89",
        "EW cannot have taken 1 point in 6 tricks: no 24 cards of those played in finished "
        "tricks add up to 1"]
    # Two tricks over, with the four aces and the four tens: no trick of four holds all 84.
    problems = problems_of(after_tricks("AC AS AH AD TC TS TH TD", {"NS": [84, 1],
                                                                    "EW": [0, 1]}))
    assert problems == [
        "NS cannot have taken 84 points in 1 trick: no 4 cards of those played in finished "
        "tricks add up to 84",
        "EW cannot have taken 0 points in 1 trick: no 4 cards of those played in finished "
        "tricks add up to 0"]


def test_points_a_side_can_have_taken_in_its_tricks_are_accepted() -> None:
    Position.from_json(after_tricks("AC AS AH AD TC TS TH TD", {"NS": [44, 1], "EW": [40, 1]}))
    Position.from_json(after_tricks("AC AS AH AD TC TS TH TD", {"NS": [42, 1], "EW": [42, 1]}))
    Position.from_json(after_tricks("AC AS AH AD", {"NS": [44, 1], "EW": [0, 0]}))
    Position.from_json(after_tricks("AC 6S 7H 8D", {"NS": [0, 0], "EW": [11, 1]}))


def test_led_may_not_name_the_trump_suit() -> None:
    # Classic: diamonds are trumps, so a diamond lead is a trump lead.
    start = after_tricks("", {}, rules="classic")
    assert problems_of({**start, "led": "D"}) == [
        "led: diamonds are trumps, and a trump lead leads no plain suit"]
    assert problems_of(after_tricks("6S 7S 8S 9S", {"NS": [0, 1]}, led="SC")) == [
        "led: clubs are trumps, and a trump lead leads no plain suit"]


def test_led_may_not_name_more_suits_than_tricks_finished() -> None:
    start = after_tricks("", {}, rules="classic")
    assert problems_of({**start, "led": "SHC"}) == [
        "led: 3 plain suits named, more than the 0 tricks finished"]
    assert problems_of(after_tricks("6S 7S 8S 6H", {"NS": [0, 1]}, led="SH")) == [
        "led: 2 plain suits named, more than the 1 trick finished"]


def test_led_suit_needs_a_card_of_its_own_played_in_a_finished_trick() -> None:
    assert Position.from_json(after_tricks("6S 7S 8S 9S", {"NS": [0, 1]}, led="S")).led == {
        Suit.SPADES}
    # The queen and jack of hearts are trumps: leading them leads no hearts.
    problems = problems_of(after_tricks("QH JH 8S 9S", {"NS": [5, 1]}, led="H"))
    assert problems == ["led: hearts cannot have been led: no card of that suit but its queen "
                        "and jack (trumps) has been played in a finished trick"]


def test_malformed_taken_is_named() -> None:
    assert "taken NS must be [points, tricks], not 40" in problems_of(
        changed(taken={"NS": 40, "EW": [50, 3]}))
    assert "unknown side \"NE\" in 'taken' (use NS and EW)" in problems_of(
        changed(taken={"NE": [40, 4], "NS": [40, 4], "EW": [50, 3]}))


def test_several_problems_are_all_named_at_once() -> None:
    problems = problems_of(changed(rules="bogus", leader="Z", trick=["AH", "QQ"]))
    assert len(problems) >= 3
    joined = "; ".join(problems)
    assert "unknown rules 'bogus'" in joined and "leader" in joined and "'QQ'" in joined


def test_text_that_is_not_a_json_object_is_named() -> None:
    assert problems_of("{not json")[0].startswith("not valid JSON")
    assert problems_of("[1, 2]") == ["a position must be a JSON object"]


def test_a_position_nested_too_deeply_is_named() -> None:
    assert problems_of(DEEP) == ["not valid JSON: nested too deeply"]


def test_a_number_with_too_many_digits_is_named() -> None:
    assert problems_of(LONG_NUMBER) == ["not valid JSON: a number has too many digits"]


def test_bytes_that_are_not_utf8_are_named() -> None:
    assert problems_of(NOT_UTF8) == ["not UTF-8 text"]


# -- every problem reads in Russian ---------------------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000
LONG_NUMBER = '{"deck": ' + "1" * 5000 + "}"
NOT_UTF8 = b'{"hands": "\xff"}'


def trump_not_called_yet() -> Position:
    rules = find_rules("standard", trump="called")
    return Position.from_state(DealState.deal(rules, dealer=Seat.N, rng=random.Random(1)))


def with_hand(seat: str, cards: object) -> dict[str, Any]:
    return changed(hands={**BASE["hands"], seat: cards})


# One position showing each problem the module can name, by the problem's key.
EACH_PROBLEM: dict[str, str | bytes | dict[str, Any] | Callable[[], object]] = {
    "not_text": NOT_UTF8,
    "not_json": "{hands: N",
    "empty": " \n",
    "ends_early": json.dumps(BASE)[:-20],
    "duplicate_key": '{"dealer": "N", "dealer": "S"}',
    "not_a_number": json.dumps(changed(taken={"NS": [40, 4], "EW": [float("nan"), 3]})),
    "too_deep": DEEP,
    "long_number": LONG_NUMBER,
    "not_object": "[1, 2]",
    "no_trump_yet": trump_not_called_yet,
    "unknown_keys": changed(dealer="N"),
    "rules_not_name": changed(rules=7),
    "unknown_rules": changed(rules="kozyol"),
    "rules_deck": changed(deck=24),
    "deck_not_number": changed(deck="36"),
    "deck_fixed": changed(rules="kozly24"),
    "fixed_trump": changed(rules="classic", deck=32, trump="H"),
    "trump_not_text": changed(trump=1),
    "bad_trump": changed(trump="X"),
    "hands_not_object": changed(hands="QC 9S JD TC 7S KH 6D"),
    "hand_missing": changed(hands={k: v for k, v in BASE["hands"].items() if k != "W"}),
    "hand_not_text": with_hand("E", ["JD"]),
    "unknown_seats": with_hand("X", "6S"),
    "card_short": with_hand("N", "QC 9"),
    "card_rank": with_hand("N", "QC 1S"),
    "card_suit": with_hand("N", "QC 9X"),
    "card_cyrillic": with_hand("N", "ТС 9S"),   # Cyrillic Т and С
    "trump_cyrillic": changed(trump="С"),
    "led_cyrillic": changed(led="Б"),
    "leader_cyrillic": changed(leader="В"),
    "seats_cyrillic": with_hand("Ю", "6S"),
    "points_sum_tens": changed(taken={"NS": [39, 4], "EW": [50, 3]}),
    "card_twice_in_hand": with_hand("N", "QC qc"),
    "leader_not_text": changed(leader=2),
    "bad_leader": changed(leader="Q"),
    "trick_not_list": changed(trick="AH"),
    "taken_not_object": changed(taken=[40, 4]),
    "unknown_side": changed(taken={"NE": [40, 4], "NS": [40, 4], "EW": [50, 3]}),
    "bad_taken": changed(taken={"NS": 40, "EW": [50, 3]}),
    "led_not_text": changed(led=5),
    "bad_led": changed(led="X"),
    "led_twice": changed(led="SS"),
    "card_twice": with_hand("E", "AH"),
    "not_in_deck": changed(deck=32, taken={"NS": [40, 3], "EW": [50, 3]}),
    "trick_too_long": changed(trick=["AH", "6S", "8S", "9D"]),
    "hand_sizes": changed(trick=[], hands={**BASE["hands"], "W": "KH 6D AH"}),
    "deal_over": {"hands": {"N": "", "E": "", "S": "", "W": ""}, "leader": "N",
                  "taken": {"NS": [60, 4], "EW": [60, 5]}},
    "hand_too_big": {"hands": {"N": "6C 7C 8C 9C TC KC AC QC QS QH", "E": "", "S": "", "W": ""},
                     "leader": "N"},
    "tricks_count": changed(taken={"NS": [40, 4], "EW": [50, 4]}),
    "taken_missing": {k: v for k, v in BASE.items() if k != "taken"},
    "deck_missing": {"hands": {"N": "AC KC QC JC TC 9C 8C 7C", "E": "AS KS QS JS TS 9S 8S 7S",
                               "S": "AH KH QH JH TH 9H 8H 7H", "W": "AD KD QD JD TD 9D 8D 7D"},
                     "leader": "N"},   # a 32-card deal without "deck": 32
    "illegal_card": changed(hands={"N": "QC 9S", "E": "JD", "S": "TC", "W": "KH"},
                            trick=["AH", "7S", "6D"]),
    "points_sum": changed(taken={"NS": [41, 4], "EW": [50, 3]}),
    "negative": {"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"}, "leader": "N",
                 "taken": {"NS": [116, 9], "EW": [-10, -1]}},
    "points_no_trick": {"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"}, "leader": "N",
                        "taken": {"NS": [96, 8], "EW": [10, 0]}},
    "points_not_makeable": UNMAKEABLE,
    "led_trump": changed(led="C"),
    "led_too_many": {**after_tricks("", {}, rules="classic"), "led": "SHC"},
    "led_not_played": after_tricks("QH JH 8S 9S", {"NS": [5, 1]}, led="H"),
}

# The words of the English problems and of the card and seat errors they quote: none of them
# belongs in a Russian problem, except the notation (JSON, UTF-8, the sides NS and EW, the keys
# "taken" and "deck" that a position left out).
ENGLISH = ({word.lower() for texts in _MESSAGES.values()
            for word in re.findall("[A-Za-z]{3,}", texts["en"])}
           | {"bad", "unknown", "rank", "expected"}) - {"json", "utf", "nan", "infinity", "taken",
                                                         "deck"}


def test_each_position_problem_has_an_example() -> None:
    assert set(EACH_PROBLEM) == set(_MESSAGES)


@pytest.mark.parametrize("key", list(EACH_PROBLEM))
def test_every_position_problem_reads_in_russian(key: str) -> None:
    error = error_of(EACH_PROBLEM[key])
    assert key in [problem.key for problem in error.details]
    for problem in error.details:
        russian = problem.text("ru")
        assert re.search("[а-яё]", russian), russian
        english = {word.lower() for word in re.findall("[A-Za-z]{3,}", russian)} & ENGLISH
        assert not english, russian
    assert error.text("ru") == "; ".join(p.text("ru") for p in error.details)


def test_russian_problems_name_cards_and_seats_in_russian_notation() -> None:
    assert error_of(with_hand("E", "AH")).text("ru").startswith(
        "карта Т♥ указана дважды: в руке В (E) и во взятке; ")
    assert error_of(with_hand("N", "QC 9X")).text("ru") == (
        "в руке С (N) непонятная карта «9X»: нет масти «X» (пишите C, S, H или D)")
    illegal = error_of(EACH_PROBLEM["illegal_card"]).text("ru")
    assert illegal == ("игрок З (W) не мог положить во взятку 6♦: с картами К♥ 6♦ можно сыграть "
                       "только К♥")
    assert error_of(EACH_PROBLEM["hand_sizes"]).text("ru").startswith(
        "число карт на руках не сходится с текущей взяткой: на руках С (N) — 2, В (E) — 1, "
        "Ю (S) — 2, З (W) — 3; взятку начинает игрок В (E), карт в ней: 0; ")
    assert error_of(EACH_PROBLEM["negative"]).text("ru") == (
        "очки и взятки стороны В–З (EW) не могут быть отрицательными")
    assert error_of(EACH_PROBLEM["points_not_makeable"]).text("ru").startswith(
        "очки стороны С–Ю (NS) не складываются из сыгранных карт: взяток — 1, очков — 89, но "
        "никакие 4 карты из сыгранных в законченных взятках не дают в сумме 89; ")
    assert error_of(EACH_PROBLEM["led_not_played"]).text("ru") == (
        "с червей не могли ходить: в законченных взятках не сыграно ни одной карты этой "
        "масти, кроме дамы и валета (они козыри)")


def test_the_english_text_is_the_message_and_the_problems() -> None:
    error = error_of(EACH_PROBLEM["card_suit"])
    assert error.text("en") == str(error) == "; ".join(error.problems)
    assert error.problems == ["hand of N: bad card '9X': unknown suit 'X' (use C, S, H or D)"]
    assert error.text("de") == str(error)


def test_a_value_quoted_in_a_problem_reads_as_written_in_both_languages() -> None:
    error = error_of(changed(deck={"ru": 36}))
    assert error.problems == ["'deck' must be a number of cards, not {\"ru\": 36}"]
    assert error.text("ru") == 'колода указывается числом карт (36, 32 или 24), а не {"ru": 36}'


@pytest.mark.parametrize(("value", "written"), [
    (True, "true"), (False, "false"), (None, "null"), ("36", '"36"'), (36.5, "36.5")])
def test_a_value_is_quoted_in_json_spelling_not_python(value: object, written: str) -> None:
    error = error_of({**BASE, "deck": value})
    assert error.problems == [f"'deck' must be a number of cards, not {written}"]
    assert error.text("ru") == f"колода указывается числом карт (36, 32 или 24), а не {written}"


def test_taken_and_trump_are_quoted_in_json_spelling() -> None:
    assert "taken EW must be [points, tricks], not [50, null]" in problems_of(
        changed(taken={"NS": [40, 4], "EW": [50, None]}))
    assert problems_of(changed(trump=False)) == ["'trump' must be a suit letter, not false"]


def test_a_long_value_is_cut_short_in_the_problem() -> None:
    problem = problems_of(changed(deck=list(range(100))))[0]
    assert problem.startswith("'deck' must be a number of cards, not [0, 1, 2,")
    assert problem.endswith("…") and len(problem) < 110


def test_a_python_mapping_may_give_tuples_for_lists() -> None:
    pos = Position.from_json({**BASE, "trick": ("AH",), "taken": {"NS": (40, 4), "EW": (50, 3)}})
    assert pos == Position.from_json(BASE)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_naming_where_they_stand(constant: str) -> None:
    text = json.dumps(BASE).replace('"EW": [50, 3]', f'"EW": [\n  {constant}, 3]')
    error = error_of(text)
    assert error.problems == [f"not valid JSON: {constant} at line 2 is not a number (JSON has "
                              "no NaN or Infinity)"]
    assert error.text("ru") == (f"это некорректный JSON: {constant} в строке 2, символ 3, — не "
                                "число (в JSON нет NaN и Infinity)")


def test_a_constant_inside_a_string_is_only_text() -> None:
    # "NaN" in a string is not the constant: the one named is the real one after it
    text = '{"dealer": "NaN \\" Infinity", "deck": NaN}'
    error = error_of(text)
    assert error.details[0].params["column"] == text.rindex("NaN") + 1


def test_a_key_given_twice_is_refused_naming_it() -> None:
    text = json.dumps(BASE)[:-1] + ', "rules": "nizhny"}'
    error = error_of(text)
    assert error.problems == ['the key "rules" appears twice in one object']
    assert error.text("ru") == 'поле "rules" указано дважды в одном объекте'
    nested = json.dumps(BASE).replace('"N": "QC 9S"', '"N": "QC 9S", "N": "QC"')
    assert problems_of(nested) == ['the key "N" appears twice in one object']


def test_empty_input_and_input_cut_short_are_named_so() -> None:
    for empty in ("", "   \n\t", b"", b"\xef\xbb\xbf", "\ufeff"):
        assert problems_of(empty) == ["the input is empty"]
    assert error_of("").text("ru") == "текст пустой: в нём нет позиции"
    whole = json.dumps(BASE, indent=1)
    for cut in (whole[:-1], whole[:len(whole) // 2], '{"hands": {"N": "QC'):
        problem = problems_of(cut)
        assert len(problem) == 1 and problem[0].startswith(
            "not valid JSON: the text ends early, at line "), cut
    last_line = whole.count("\n") + 1
    assert problems_of(whole[:-1])[0].endswith(f"line {last_line} (was the end cut off?)")


def test_a_byte_order_mark_is_skipped_in_text_as_in_bytes() -> None:
    # a teacher pastes a position from a file Notepad saved: the mark comes along as text
    plain = Position.from_json(json.dumps(BASE))
    assert Position.from_json("\ufeff" + json.dumps(BASE)) == plain
    assert Position.from_json(b"\xef\xbb\xbf" + json.dumps(BASE).encode()) == plain


def test_a_mapping_with_keys_that_are_not_strings_names_them() -> None:
    # a Python caller's mapping (JSON text has only string keys)
    problems = error_of(lambda: Position.from_json({1: 2, "foo": 3})).problems  # type: ignore[dict-item]
    assert problems[0] == 'unknown key(s) "foo", 1'
    hands = error_of(lambda: Position.from_json(changed(hands={**BASE["hands"], 7: "6S"})))
    assert "unknown seat(s) in hands: 7" in hands.problems


def test_a_card_twice_in_the_trick_is_named_once_with_its_place() -> None:
    error = error_of(changed(trick=["AH", "ah"], hands={**BASE["hands"], "S": "TC"}))
    assert error.problems[0] == "trick: card AH appears twice"
    assert error.text("ru").startswith("во взятке дважды указана карта Т♥")
    assert "both in the trick and the trick" not in str(error)
