"""The position notation of RULES.md §3: parse, format, round trip, and validation that names
every problem found."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kozel_tutor.cards import Card, CardSet, Suit
from kozel_tutor.position import Position, PositionError
from kozel_tutor.seats import Seat

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


def problems_of(data: Any) -> list[str]:
    with pytest.raises(PositionError) as info:
        Position.from_json(data if isinstance(data, str) else json.dumps(data))
    assert str(info.value) == "; ".join(info.value.problems)
    return info.value.problems


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
                    trick="ah", trump="♣")
    pos = Position.from_json(messy)
    assert pos.to_dict() == BASE
    assert json.loads(pos.to_json()) == BASE
    assert pos == Position.from_json(json.dumps(BASE))


def test_position_json_round_trip_is_the_identity() -> None:
    pos = Position.from_json(BASE)
    again = Position.from_json(pos.to_json(indent=2))
    assert again == pos and again.to_json() == pos.to_json()


def test_hands_may_be_lists_of_tokens() -> None:
    pos = Position.from_json(changed(hands={"N": ["QC", "9S"], "E": ["JD"], "S": ["TC", "7S"],
                                            "W": ["KH", "6D"]}))
    assert pos.to_dict() == BASE


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
    assert any(p.startswith("hand sizes (N 2, E 2, S 2, W 2) do not fit a trick of 1 card(s)")
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
    assert "unknown key(s) 'dealer'" in problems_of(changed(dealer="N"))


def test_wrong_hand_sizes_for_the_trick_are_named() -> None:
    problems = problems_of(changed(trick=[], hands={"N": "QC 9S", "E": "JD", "S": "TC 7S",
                                                    "W": "KH 6D AH"}))
    assert any("hand sizes (N 2, E 1, S 2, W 3) do not fit a trick of 0 card(s) led by E" in p
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
    assert problems == ["taken tricks add up to 8, but 7 trick(s) have been played"]


def test_points_without_a_trick_and_negative_counts_are_named() -> None:
    Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                        "leader": "N", "taken": {"NS": [106, 8], "EW": [0, 0]}})
    problems = problems_of({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                            "leader": "N", "taken": {"NS": [96, 8], "EW": [10, 0]}})
    assert "EW took 10 points without taking a trick" in problems
    problems = problems_of({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                            "leader": "N", "taken": {"NS": [116, 9], "EW": [-10, -1]}})
    assert "taken EW cannot be negative" in problems


def test_malformed_taken_is_named() -> None:
    assert "taken NS must be [points, tricks], not 40" in problems_of(
        changed(taken={"NS": 40, "EW": [50, 3]}))
    assert "unknown side 'NE' in 'taken' (use NS and EW)" in problems_of(
        changed(taken={"NE": [40, 4], "NS": [40, 4], "EW": [50, 3]}))


def test_several_problems_are_all_named_at_once() -> None:
    problems = problems_of(changed(rules="bogus", leader="Z", trick=["AH", "QQ"]))
    assert len(problems) >= 3
    joined = "; ".join(problems)
    assert "unknown rules 'bogus'" in joined and "leader" in joined and "'QQ'" in joined


def test_text_that_is_not_a_json_object_is_named() -> None:
    assert problems_of("{not json")[0].startswith("not valid JSON")
    assert problems_of("[1, 2]") == ["a position must be a JSON object"]
