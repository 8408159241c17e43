"""A position typed on a Russian keyboard: its Т, С, Н, А, К… look Latin but are not.  The
teacher is told that a letter is Russian and which Latin one to type (never «нет достоинства
«Т» (пишите … T …)», where the two T look the same), and nothing Russian is silently taken.
The preview writes the ace «Т»; a position whose points come up short by the tens in it adds
that T is the ten and the ace is A."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.position import Position, PositionError

# Keep the ten (the teacher's notebook's example): South holds the ace of clubs.
KEEP = {"hands": {"N": "8D 7D", "E": "KS TH 6H", "S": "AC 7H", "W": "AD KD"},
        "leader": "S", "trick": ["AH", "8H", "KH"], "taken": {"NS": [65, 6], "EW": [0, 0]}}


def _with(**changes: Any) -> dict[str, Any]:
    return {**KEEP, **changes}


def _error(data: dict[str, Any]) -> PositionError:
    with pytest.raises(PositionError) as info:
        Position.from_json(data)
    return info.value


def test_the_screen_says_the_card_has_russian_letters_and_which_latin_ones_to_type() -> None:
    view = TeacherView("ru", backend="python")
    view.position.value = json.dumps(_with(hands={**KEEP["hands"], "S": "ТС 7H"}),
                                     ensure_ascii=False)
    assert view.author() is None
    shown = html.unescape(view.author_status.value)
    assert ("в руке Ю (S) в карте «ТС» русские буквы — пишите вместо «Т» латинскую T (десятка) "
            "или A (туз), вместо «С» латинскую C (трефы)") in shown
    assert "нет достоинства" not in shown
    view.set_lang("en")
    assert ("hand of S: the card 'ТС' has Russian letters – type the Latin T (ten) or A (ace) "
            "for 'Т', the Latin C (clubs) for 'С'") in html.unescape(view.author_status.value)


@pytest.mark.parametrize("card, said", [
    ("КН", "вместо «К» латинскую K (король), вместо «Н» латинскую H (черви)"),
    ("ДП", "вместо «Д» латинскую Q (дама), вместо «П» латинскую S (пики)"),
    ("ВЧ", "вместо «В» латинскую J (валет), вместо «Ч» латинскую H (черви)"),
    ("АБ", "вместо «А» латинскую A (туз), вместо «Б» латинскую D (бубны)"),
    ("9С", "русская буква — пишите вместо «С» латинскую C (трефы)"),
    ("Х9", "вместо «Х» достоинство латиницей (6 7 8 9 T J Q K A)"),
    ("9М", "вместо «М» масть латиницей (C, S, H или D)"),
])
def test_each_russian_rank_or_suit_letter_is_named_with_the_latin_one_meant(
        card: str, said: str) -> None:
    russian = _error(_with(trick=["AH", "8H", card])).text("ru")
    assert f"во взятке в карте «{card}»" in russian and said in russian, russian


def test_a_russian_trump_leader_led_suit_or_seat_is_named_too() -> None:
    russian = _error(_with(trump="С", leader="Ю", led="Б")).text("ru")
    assert "козырная масть «С» набрана по-русски — пишите вместо «С» латинскую C (трефы)" \
        in russian
    assert ("место игрока, начавшего взятку, «Ю» набрано по-русски — пишите вместо «Ю» "
            "латинскую S (юг)") in russian
    assert "пишите вместо «Б» латинскую D (бубны)" in russian
    hands = {"С" if seat == "N" else seat: cards for seat, cards in KEEP["hands"].items()}
    seats = _error(_with(hands=hands))
    assert ("места игроков записаны русскими буквами (С) — пишите вместо «С» латинскую N "
            "(север)") in seats.text("ru")
    assert "hands: seats typed in Russian letters (С) – type the Latin N (North) for 'С'" \
        in str(seats)


def test_points_short_by_a_ten_say_that_t_is_the_ten_and_the_ace_is_a() -> None:
    Position.from_json(KEEP)   # the ace of clubs: 65 taken + 55 in play
    # the teacher meant that ace, as the preview writes it («Т♣»), and typed TC
    ten = {**KEEP["hands"], "S": "TC 7H"}
    short = _error(_with(hands=ten)).text("ru")
    assert ("очки не сходятся: взято 65 + ещё в игре 54 = 119, а должно быть 120 (T — это "
            "десятка, 10 очков; туз, 11 очков, пишется A)") in short
    assert "(T is the ten, worth 10; the ace, worth 11, is A)" in str(_error(_with(hands=ten)))
    too_many = _error(_with(taken={"NS": [66, 6], "EW": [0, 0]})).text("ru")
    assert "очки не сходятся" in too_many and "T — это десятка" not in too_many
    far = _error(_with(taken={"NS": [55, 6], "EW": [0, 0]})).text("ru")
    assert "очки не сходятся" in far and "T — это десятка" not in far   # more than the tens
