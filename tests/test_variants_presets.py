"""RULES.md §2: the presets classic, nizhny and kozly24 — decks, trump orders, registration."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from kozel_tutor.cards import Card, CardSet, Rank, Suit, parse_cards
from kozel_tutor.position import Position, PositionError
from kozel_tutor.rules import find_rules, preset_names
from kozel_tutor.variants import VARIANT_SUMMARIES, procedures_for, variant_summary

ROOT = Path(__file__).resolve().parents[1]


def tokens(cards: Iterable[Card]) -> list[str]:
    return [c.token for c in cards]


def test_presets_are_registered_whenever_the_rules_module_is_imported() -> None:
    code = "import kozel_tutor.rules as r; print(' '.join(r.preset_names()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.split()
    assert {"standard", "classic", "nizhny", "kozly24"} <= set(out)
    assert {"classic", "nizhny", "kozly24"} <= set(preset_names())


def test_classic_plays_32_cards_seven_to_ace() -> None:
    rules = find_rules("classic")
    assert rules.deck == 32 and rules.hand_size == 8
    assert {c.rank for c in rules.deck_cards} == set(Rank) - {Rank.SIX}


def test_classic_trumps_are_queens_jacks_then_diamonds_fourteen_in_all() -> None:
    order = find_rules("classic").card_order()
    assert tokens(order.trumps) == tokens(parse_cards("QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D"))
    assert order.trump is Suit.DIAMONDS


def test_classic_seven_of_diamonds_is_the_lowest_trump() -> None:
    order = find_rules("classic").card_order()
    assert order.trumps[-1] == Card.parse("7D")


def test_nizhny_six_of_clubs_is_the_highest_trump() -> None:
    order = find_rules("nizhny").card_order()
    expected = parse_cards("6C QC QS QH QD JC JS JH JD AC TC KC 9C 8C 7C")
    assert tokens(order.trumps) == tokens(expected)
    assert order.beats(Card.parse("6C"), Card.parse("QC"))
    assert not order.beats(Card.parse("QC"), Card.parse("6C"))


def test_nizhny_uses_36_cards_with_clubs_trumps() -> None:
    rules = find_rules("nizhny")
    assert (rules.deck, rules.trump, rules.packets) == (36, Suit.CLUBS, (3, 3, 3))
    assert len(rules.card_order().trumps) == 15


def test_kozly24_deck_is_ace_ten_king_queen_jack_six_dealt_one_at_a_time() -> None:
    rules = find_rules("kozly24")
    assert rules.deck == 24 and rules.hand_size == 6
    assert {c.rank for c in rules.deck_cards} == {
        Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SIX}
    assert rules.packets == (1, 1, 1, 1, 1, 1)


def test_kozly24_twelve_trumps_six_of_clubs_highest() -> None:
    order = find_rules("kozly24").card_order()
    assert tokens(order.trumps) == tokens(parse_cards("6C QC QS QH QD JC JS JH JD AC TC KC"))


def test_kozly24_plain_suits_rank_ace_ten_king_six() -> None:
    order = find_rules("kozly24").card_order()
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS):
        assert tokens(order.suit_cards(suit)) == [f"{r}{suit.letter}" for r in "ATK6"]


@pytest.mark.parametrize("name", ["classic", "nizhny", "kozly24"])
def test_every_variant_deck_holds_120_points(name: str) -> None:
    order = find_rules(name).card_order()
    assert sum(order.points[c.index] for c in find_rules(name).deck_cards) == 120


def test_variant_rule_flags_follow_rules_md() -> None:
    classic, nizhny, kozly24 = (find_rules(n) for n in ("classic", "nizhny", "kozly24"))
    assert (classic.ace_dump_ban, classic.no_trump_lead_with_plain, classic.catch) == (
        True, False, False)
    assert (nizhny.ace_dump_ban, nizhny.no_trump_lead_with_plain, nizhny.catch) == (
        False, True, True)
    assert (kozly24.ace_dump_ban, kozly24.no_trump_lead_with_plain, kozly24.catch) == (
        False, False, True)
    assert (classic.match_target, classic.target_loses) == (6, False)
    assert (nizhny.match_target, nizhny.target_loses) == (12, True)
    assert (kozly24.match_target, kozly24.target_loses) == (12, True)
    assert (classic.first_lead, classic.lead_that_card) == ("holder:7D", False)
    assert (nizhny.first_lead, nizhny.lead_that_card) == ("holder:AD", True)
    assert (kozly24.first_lead, kozly24.lead_that_card) == ("holder:AD", True)


def test_variant_procedures_follow_rules_md() -> None:
    classic = procedures_for(find_rules("classic"))
    assert classic.boasts == ("pants", "double_pants", "mirror")
    assert classic.later_lead == "last_winners_choose"
    assert classic.redeal_limit == 3 and classic.exchange == "give_last_trump"
    kozly24 = procedures_for(find_rules("kozly24"))
    assert kozly24.no_queen_redeal and not kozly24.weak_hand_redeal
    assert not kozly24.first_deal_special and kozly24.sweep_first_deal_writes == 12
    nizhny = procedures_for(find_rules("nizhny"))
    assert not nizhny.boasts and not nizhny.has_redeal and nizhny.exchange == "none"


@pytest.mark.parametrize("name", ["classic", "nizhny", "kozly24"])
def test_variant_presets_take_no_options(name: str) -> None:
    with pytest.raises(TypeError):
        find_rules(name, deck=36)
    assert repr(find_rules(name)) == f"find_rules({name!r})"


def test_position_with_a_variant_keeps_its_deck_and_trump() -> None:
    pos = Position.from_json({"rules": "kozly24", "hands": {
        "N": "6C", "E": "QC", "S": "AD", "W": "AS"}, "leader": "N",
        "taken": {"NS": [60, 3], "EW": [35, 2]}})
    assert pos.rules.name == "kozly24" and pos.trump is Suit.CLUBS
    with pytest.raises(PositionError, match="24 cards"):
        Position.from_json({"rules": "kozly24", "deck": 36, "hands": {
            "N": "6C", "E": "QC", "S": "AD", "W": "AS"}, "leader": "N"})
    with pytest.raises(PositionError, match="diamonds"):
        Position.from_json({"rules": "classic", "trump": "C", "hands": {
            "N": "7C", "E": "8C", "S": "9C", "W": "TC"}, "leader": "N"})


def test_a_six_is_no_card_of_the_classic_deck() -> None:
    assert not CardSet(parse_cards("6C 6S 6H 6D")) & find_rules("classic").deck_cards


@pytest.mark.parametrize("name", ["standard", "classic", "nizhny", "kozly24"])
def test_every_preset_has_a_summary_in_russian_and_english(name: str) -> None:
    assert set(VARIANT_SUMMARIES[name]) == {"ru", "en"}
    assert len(variant_summary(name, "en")) > 100
    ru = variant_summary(name, "ru")
    assert any("а" <= ch <= "я" for ch in ru.lower())


@pytest.mark.parametrize(("name", "ru", "en"), [
    ("kozly24", "Если шестёрка треф поймает даму треф, стороне с дамой пишут 4.",
     "If the 6♣ catches the Q♣, the queen's side is written 4."),
    ("nizhny", "Если в одной взятке шамок поймает шамку соперников, раздача кончается, и стороне "
               "с дамой треф пишут 4.",
     "If the 6♣ catches the Q♣ of the other side in one trick, the deal ends and the Q♣ side "
     "is written 4."),
])
def test_the_catch_is_written_to_the_side_with_the_queen(name: str, ru: str, en: str) -> None:
    # a card does not write: the side caught with the queen of clubs is written the points
    assert ru in variant_summary(name, "ru") and en in variant_summary(name, "en")
    assert "поймавшая" not in variant_summary(name, "ru")


def test_docs_show_the_same_summaries() -> None:
    text = (ROOT / "docs" / "variants.md").read_text(encoding="utf-8")
    for name, texts in VARIANT_SUMMARIES.items():
        assert f"`{name}`" in text
        for summary in texts.values():
            assert summary in text, f"docs/variants.md lacks the {name} summary"


def test_unknown_summary_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no summary"):
        variant_summary("bura")
    with pytest.raises(ValueError, match="language"):
        variant_summary("classic", "de")
