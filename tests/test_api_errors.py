"""The library used the wrong way: the obvious spelling is taken (a card token, a seat letter, a
preset's name), anything else is a ``TypeError`` or ``ValueError`` saying what is expected,
never a Python internal (``>>``, list indices, a missing attribute)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.cards import Card, CardError, CardSet, Rank, Suit, as_card
from kozel_tutor.position import Position
from kozel_tutor.rules import RulesError, find_rules, preset_names, preset_options
from kozel_tutor.seats import Seat, SeatError, Team, as_seat
from kozel_tutor.solver import available_backends, deal_outcomes, get_backend, solve
from kozel_tutor.state import DealState, IllegalPlay


def a_deal() -> DealState:
    return DealState.deal(find_rules(), dealer=Seat.W, rng=random.Random(1))


# -- cards and seats as the caller writes them --------------------------------------------------


def test_play_and_why_illegal_take_a_card_token() -> None:
    deal, same = a_deal(), a_deal()
    card = next(iter(deal.legal_plays()))
    assert deal.why_illegal(card.token) is None
    assert deal.why_illegal(card.token.lower()) == deal.why_illegal(card)
    deal.play(card.token)
    same.play(card)
    assert deal.history == same.history


def test_a_token_that_is_no_card_is_a_card_error_naming_it() -> None:
    with pytest.raises(CardError, match="bad card 'ZZ'"):
        a_deal().play("ZZ")
    with pytest.raises(CardError, match="bad card 'X'"):
        a_deal().why_illegal("X")


@pytest.mark.parametrize("value", [5, None, 3.5, ["QC"]])
def test_a_card_of_another_type_is_a_type_error_saying_what_a_card_is(value: object) -> None:
    deal = a_deal()
    for method in (deal.play, deal.why_illegal):
        with pytest.raises(TypeError, match="a card is a Card or a token such as 'QC'"):
            method(value)  # type: ignore[arg-type]
    assert not deal.history


def test_an_illegal_token_raises_illegal_play_as_a_card_does() -> None:
    deal = a_deal()
    illegal = next(c for c in deal.rules.deck_cards if c not in deal.legal_plays())
    with pytest.raises(IllegalPlay):
        deal.play(illegal.token)


def test_hand_and_view_take_a_seat_letter_or_number() -> None:
    deal = a_deal()
    assert deal.hand("N") == deal.hand(Seat.N) == deal.hand(0)
    assert deal.hand(" w ") == deal.hand(Seat.W)
    assert deal.view("E").hand == deal.view(Seat.E).hand
    assert deal.view("E").seat is Seat.E


@pytest.mark.parametrize(("seat", "error", "words"), [
    (5, SeatError, "no seat 5"), (-1, SeatError, "no seat -1"), ("X", SeatError, "unknown seat"),
    (None, TypeError, "a seat is a Seat, a letter or a number"),
    (True, TypeError, "a seat is a Seat")])
def test_a_seat_that_is_no_seat_says_which_there_are(seat: object, error: type[Exception],
                                                     words: str) -> None:
    deal = a_deal()
    for method in (deal.hand, deal.view):
        with pytest.raises(error, match=re.escape(words)) as info:
            method(seat)  # type: ignore[arg-type]
        assert "N, E, S" in str(info.value)


def test_deal_takes_a_preset_name_and_seat_letters() -> None:
    by_name = DealState.deal("nizhny", dealer="N", rng=random.Random(3))
    by_rules = DealState.deal(find_rules("nizhny"), dealer=Seat.N, rng=random.Random(3))
    assert by_name.rules == by_rules.rules and by_name.hands == by_rules.hands
    assert by_name.dealer is Seat.N
    assert DealState.deal(rng=random.Random(3)).rules == find_rules()


def test_deal_with_rules_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"rules are a Rules .* or a preset's name"):
        DealState.deal(36)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown rules 'kozyol'"):
        DealState.deal("kozyol")


def test_as_card_and_as_seat_are_the_readers_of_the_api() -> None:
    assert as_card("10h") == Card.parse("TH")
    assert as_seat("s") is Seat.S and as_seat(Seat.E) is Seat.E and as_seat(3) is Seat.W


# -- the solver ----------------------------------------------------------------------------------


def test_solving_a_deal_instead_of_a_position_says_how_to_make_one() -> None:
    deal = a_deal()
    for call in (solve, deal_outcomes):
        with pytest.raises(TypeError, match=re.escape(
                "the solver takes a Position, not a DealState; for a deal in progress pass "
                "Position.from_state(deal)")):
            call(deal)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not a str; read one with Position\.from_json"):
        solve("{}")  # type: ignore[arg-type]


def test_an_unknown_backend_from_the_environment_names_the_variable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_SOLVER", "bogus")
    with pytest.raises(ValueError, match="'bogus' in the environment variable KOZEL_SOLVER"):
        get_backend()
    with pytest.raises(ValueError) as given:
        get_backend("gpu")
    assert "KOZEL_SOLVER" not in str(given.value)


def test_a_backend_names_itself_in_its_repr() -> None:
    assert repr(get_backend("python")) == "<PythonBackend 'python': the pure-Python solver>"
    for name in available_backends():
        assert f"'{name}'" in repr(get_backend(name))
    if "native" in available_backends():
        assert re.fullmatch(r"<NativeBackend 'native': the compiled C core \(8 MB table\)>",
                            repr(get_backend("native")))


def test_available_backends_is_documented() -> None:
    assert available_backends.__doc__ and "native" in available_backends.__doc__


def test_to_json_docstrings_say_which_returns_text_and_which_a_dict() -> None:
    pos = Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                              "leader": "N", "taken": {"NS": [60, 4], "EW": [46, 4]}})
    assert isinstance(pos.to_json(), str) and isinstance(pos.to_dict(), dict)
    assert isinstance(solve(pos, backend="python").to_json(), dict)
    assert "**text** (a ``str``)" in (Position.to_json.__doc__ or "")
    assert "as a **dict**" in (type(solve(pos, backend="python")).to_json.__doc__ or "")


# -- presets and their options --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "words"), [
    ("standard", {"foo": 1}, "rules 'standard' have no option foo; their options are deck "
                             "(default 36), trump (default 'clubs'), match (default 12)"),
    ("nizhny", {"deck": 36}, "rules 'nizhny' take no options, not deck"),
    ("classic", {"trump": "called", "deck": 32}, "rules 'classic' take no options, not trump, "
                                                 "deck"),
])
def test_an_option_a_preset_does_not_take_is_a_type_error_listing_its_options(
        name: str, options: dict[str, object], words: str) -> None:
    with pytest.raises(TypeError) as info:
        find_rules(name, **options)
    assert str(info.value) == f"{words} (see help(find_rules))"


def test_a_value_a_preset_does_not_allow_is_quoted_as_given() -> None:
    with pytest.raises(RulesError, match=re.escape("36- or 32-card deck, not '32'")):
        find_rules("standard", deck="32")


def test_a_preset_is_named_by_a_string() -> None:
    with pytest.raises(TypeError, match="a preset is named by a string"):
        find_rules(36)  # type: ignore[arg-type]


def test_help_of_find_rules_lists_every_preset_and_its_options() -> None:
    doc = find_rules.__doc__ or ""
    for name in preset_names():
        entry = re.search(rf'\* ``"{name}"``: (.*?)(?=\n    \* |\n\n)', doc, re.S)
        assert entry, name
        options = preset_options(name)
        for option in options:
            assert f"``{option}``" in entry.group(1), (name, option)
        if not options:
            assert entry.group(1).startswith("no options"), name


# -- enums print as their names -------------------------------------------------------------------


@pytest.mark.parametrize(("value", "name"), [
    (Seat.N, "N"), (Seat.W, "W"), (Team.EW, "EW"), (Suit.HEARTS, "HEARTS"), (Rank.ACE, "ACE")])
def test_seats_teams_suits_and_ranks_print_as_their_names(value: object, name: str) -> None:
    assert str(value) == f"{value}" == name
    assert f"{value:>4}" == f"{name:>4}"
    assert f"{value:d}" == str(int(value))  # type: ignore[call-overload]
    assert "%s" % value == name   # noqa: UP031


def test_enums_are_still_their_numbers_where_numbers_are_used() -> None:
    assert int(Seat.S) == 2 and Seat.N + 1 == 1 and [10, 20, 30, 40][Seat.W] == 40
    assert CardSet.parse("QC").mask >> Card.parse("QC").index == 1
    assert json.dumps({"seat": Seat.E, "suit": Suit.CLUBS}) == '{"seat": 1, "suit": 0}'


# -- the README's example -------------------------------------------------------------------------


def test_the_readme_library_example_runs_and_shows_what_its_comments_say() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    code = readme.split("## The library\n\n```python\n", 1)[1].split("```", 1)[0]
    names: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), names)
    deal, analysis = names["deal"], names["analysis"]
    assert [(seat.name, card.token) for seat, card in deal.history] == [("N", "AD"), ("E", "7D")]
    replay = DealState.deal(find_rules("standard", deck=32), rng=random.Random(1))
    assert repr(replay.hand("N")) == "CardSet.parse('TC QS TS KH 8H AD KD 9D')"
    replay.play("AD")
    assert repr(replay.legal_plays()) == "CardSet.parse('7D')"
    assert replay.why_illegal("QD").text("ru") == (  # type: ignore[union-attr]
        "Нужно ходить в масть: дама бубен — козырь, а не карта масти бубен.")
    assert replay.why_illegal("7D") is None
    assert repr(solve(names["pos"]).values) == "{Card.parse('TC'): 70, Card.parse('7S'): 58}"
    if analysis.exact:   # the native core
        assert repr(analysis.values) == "{Card.parse('8D'): 78, Card.parse('TD'): 88}"
    else:
        assert analysis.values == {} and set(analysis.bounds) == {Card.parse("8D"),
                                                                   Card.parse("TD")}
