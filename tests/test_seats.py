"""The table of RULES.md §1: four players, two partnerships sitting opposite, play clockwise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kozel_tutor
from kozel_tutor.seats import SEATS, Seat, SeatError, Team


def test_four_players_sit_at_seats_n_e_s_w() -> None:
    assert [s.name for s in SEATS] == ["N", "E", "S", "W"]


def test_partners_sit_opposite() -> None:
    assert Seat.N.partner is Seat.S and Seat.S.partner is Seat.N
    assert Seat.E.partner is Seat.W and Seat.W.partner is Seat.E
    for seat in SEATS:
        assert seat.partner.partner is seat
        assert seat.offset(2) is seat.partner


def test_two_fixed_partnerships_ns_and_ew() -> None:
    assert [t.name for t in Team] == ["NS", "EW"]
    assert Seat.N.team is Seat.S.team is Team.NS
    assert Seat.E.team is Seat.W.team is Team.EW
    assert Team.NS.seats == (Seat.N, Seat.S)
    assert Team.EW.seats == (Seat.E, Seat.W)
    assert Team.NS.other is Team.EW and Team.EW.other is Team.NS
    for seat in SEATS:
        assert seat.team == seat.partner.team != seat.next.team


def test_learner_s_plays_with_partner_n_against_w_and_e() -> None:
    assert Seat.S.partner is Seat.N
    assert Seat.W.team is not Seat.S.team and Seat.E.team is not Seat.S.team


def test_play_goes_clockwise_n_e_s_w_n() -> None:
    seat = Seat.N
    order = []
    for _ in range(5):
        order.append(seat.name)
        seat = seat.next
    assert order == ["N", "E", "S", "W", "N"]


def test_player_to_the_left_is_the_next_one_clockwise() -> None:
    assert Seat.W.next is Seat.N
    for seat in SEATS:
        assert seat.next is seat.offset(1)
        assert seat.next.previous is seat
        assert seat.offset(4) is seat
        assert seat.offset(-1) is seat.previous


@pytest.mark.parametrize(("token", "seat"), [("N", Seat.N), ("e", Seat.E), (" s ", Seat.S),
                                             ("w", Seat.W)])
def test_seat_names_parse_case_insensitively(token: str, seat: Seat) -> None:
    assert Seat.parse(token) is seat


@pytest.mark.parametrize("token", ["X", "", "North", "NS"])
def test_unknown_seat_is_an_error_naming_it(token: str) -> None:
    with pytest.raises(SeatError, match="unknown seat"):
        Seat.parse(token)


def test_team_names_parse_either_way_round() -> None:
    assert Team.parse("ns") is Team.parse("SN") is Team.NS
    assert Team.parse("EW") is Team.parse("we") is Team.EW
    with pytest.raises(SeatError, match="unknown team"):
        Team.parse("NE")


def test_seat_labels_in_both_languages() -> None:
    assert [seat.label("en") for seat in SEATS] == ["N", "E", "S", "W"]
    assert [seat.label("ru") for seat in SEATS] == ["С", "В", "Ю", "З"]
    assert [team.label("en") for team in Team] == ["NS", "EW"]
    assert [team.label("ru") for team in Team] == ["С–Ю", "В–З"]
    assert Seat.S.label("de") == "S"


def test_russian_seat_letters_are_written_only_in_the_seats_module() -> None:
    package = Path(kozel_tutor.__file__).parent
    letters = re.compile(r"СВЮЗ|[\"']Ю[\"']|[\"']С–Ю[\"']")
    writing = [str(path.relative_to(package)) for path in sorted(package.rglob("*.py"))
               if path.name != "seats.py" and letters.search(path.read_text(encoding="utf-8"))]
    assert writing == []

