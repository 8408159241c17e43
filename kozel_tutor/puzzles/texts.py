"""Words for the puzzle player, the tutor and the teacher's tools, in Russian and English.

>>> points_phrase(21, "ru"), points_phrase(1, "en")
('21 очко', '1 point')
>>> say("right", "en")
'Right!'
"""

from __future__ import annotations

from ..seats import Seat

__all__ = ["TEXTS", "plural_ru", "points_phrase", "say", "seat_role", "tricks_phrase"]

TEXTS: dict[str, dict[str, str]] = {
    "right": {"en": "Right!", "ru": "Верно!"},
    "wrong": {"en": "Not the best card.", "ru": "Это не лучшая карта."},
    "your_move": {"en": "Your move: pick a card.", "ru": "Ваш ход: выберите карту."},
    "hint": {"en": "Hint {n} (costs {cost}% of the win)",
             "ru": "Подсказка {n} (минус {cost}% победы)"},
    "retry": {"en": "Try again", "ru": "Ещё раз"},
    "next": {"en": "Next puzzle", "ru": "Следующая задача"},
    "show": {"en": "Play it out", "ru": "Показать розыгрыш"},
    "step": {"en": "Next card", "ru": "Следующая карта"},
    "you": {"en": "you", "ru": "вы"},
    "partner": {"en": "partner", "ru": "партнёр"},
    "left": {"en": "left opponent", "ru": "соперник слева"},
    "right_opp": {"en": "right opponent", "ru": "соперник справа"},
    "you_write": {"en": "you write {n}", "ru": "вы пишете {n}"},
    "they_write": {"en": "they write {n}", "ru": "соперники пишут {n}"},
    "eggs": {"en": "eggs: nobody writes", "ru": "яйца: никто не пишет"},
    "you_writing": {"en": "you writing {n}", "ru": "вы пишете {n}"},
    "they_writing": {"en": "them writing {n}", "ru": "соперники пишут {n}"},
    "eggs_ing": {"en": "eggs", "ru": "яйца"},
    "is_right": {"en": "{card} is right: your side ends with {points} ({outcome}).",
                 "ru": "{card} — верно: ваша сторона заканчивает с {points_ins} ({outcome})."},
    "is_right_all": {"en": "{card} is right: your side takes every trick ({outcome}).",
                     "ru": "{card} — верно: ваша сторона берёт все взятки ({outcome})."},
    "is_right_trick": {"en": "{card} is right: your side gets a trick ({outcome}).",
                       "ru": "{card} — верно: ваша сторона получает взятку ({outcome})."},
    "is_right_catch": {"en": "{card} is right: the 6♣ catches {whose} Q♣ and the deal ends "
                             "({outcome}).",
                       "ru": "{card} — верно: шестёрка треф ловит {whose} даму треф, и раздача "
                             "кончается ({outcome})."},
    "miss_catch": {"en": "After {card} the 6♣ catches {whose} Q♣ and the deal ends ({compare}).",
                   "ru": "После {card} шестёрка треф ловит {whose} даму треф, и раздача "
                         "кончается ({compare})."},
    "whose_ours": {"en": "your", "ru": "вашу"},
    "whose_theirs": {"en": "their", "ru": "их"},
    "also_right": {"en": "{card} is just as good: it is equivalent to {group}.",
                   "ru": "{card} ничем не хуже: она равноценна {group}."},
    "miss": {"en": "After {card} {turn}: you end with {points} instead of {best} ({compare}).",
             "ru": "После {card} {turn}: у вас {points} вместо {best} ({compare})."},
    "compare": {"en": "{miss} instead of {best}", "ru": "{miss}, а лучшим ходом — {best}"},
    "same_result": {"en": "{outcome} either way", "ru": "{outcome} в любом случае"},
    "turn_trick": {"en": "the opponents take the trick with {card} ({points})",
                   "ru": "соперники берут взятку картой {card} ({points})"},
    "turn_less": {"en": "your side takes less later", "ru": "ваша сторона потом берёт меньше"},
    "miss_all": {"en": "After {card} the opponents get the trick with {winner}: {miss} instead "
                        "of {best}.",
                 "ru": "После {card} соперники получают взятку картой {winner}: {miss}, а "
                       "лучшим ходом — {best}."},
    "miss_trick": {"en": "After {card} the opponents take every trick: {miss} instead of {best}.",
                   "ru": "После {card} соперники берут все взятки: {miss}, а лучшим ходом — "
                         "{best}."},
    "story_lead": {"en": "You are to lead.", "ru": "Ваш ход первым во взятку."},
    "story_trick": {"en": "On the table: {plays}.", "ru": "На столе: {plays}."},
    "story_taken": {"en": "Your side has {mine} in {mine_tricks}; the opponents {theirs} in "
                          "{their_tricks}.",
                    "ru": "У вашей стороны {mine} ({mine_tricks}), у соперников {theirs} "
                          "({their_tricks})."},
    "story_opening": {"en": "A new deal: you lead to the first trick.",
                      "ru": "Новая раздача: вы ходите первым."},
    "story_own": {"en": "You see only your own cards and those already played.",
                  "ru": "Вы видите только свои карты и уже вышедшие."},
    "story_open": {"en": "All hands are open.", "ru": "Все карты открыты."},
    "story_variant": {"en": "Rules: {variant}.", "ru": "Правила — «{variant}»."},
    "story_catch": {"en": "The 6♣ and the Q♣ are both still in play, on opposite sides: if the "
                          "6♣ catches the Q♣ in one trick, the deal ends at once.",
                    "ru": "Шестёрка и дама треф ещё в игре, у разных пар: если шестёрка поймает "
                          "даму треф в одной взятке, раздача сразу кончается."},
    "story_catch_hidden": {"en": "The 6♣ and the Q♣ have not been played yet: mind the catch.",
                           "ru": "Шестёрка и дама треф ещё не вышли: помните, что шестёрка "
                                 "ловит даму."},
    "variant_title": {"en": "{title} · {variant}", "ru": "{title} · {variant}"},
    "ending_title": {"en": "{theme}: {n} cards", "ru": "{theme}: {n} {cards_ru}"},
    "opening_title": {"en": "Opening lead: {theme}", "ru": "Первый ход: {theme}"},
}


def say(key: str, lang: str, **params: object) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in."""
    template = TEXTS[key]["ru" if lang == "ru" else "en"]
    return template.format(**params) if params else template


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n``: 1 очко, 2 очка, 5 очков, 21 очко."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def points_phrase(n: int, lang: str, *, instrumental: bool = False) -> str:
    """``21 очко`` / ``21 points``; ``instrumental`` gives the form after «с»: «с 21 очком»."""
    if lang == "ru":
        if instrumental:
            return f"{n} {'очком' if n % 10 == 1 and n % 100 != 11 else 'очками'}"
        return f"{n} {plural_ru(n, 'очко', 'очка', 'очков')}"
    return f"{n} point" if n == 1 else f"{n} points"


def tricks_phrase(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n} {plural_ru(n, 'взятка', 'взятки', 'взяток')}"
    return f"{n} trick" if n == 1 else f"{n} tricks"


def seat_role(seat: Seat, learner: Seat, lang: str) -> str:
    """How the learner calls ``seat``: you, partner, left or right opponent."""
    if seat == learner:
        return say("you", lang)
    if seat == learner.partner:
        return say("partner", lang)
    if seat == learner.next:
        return say("left", lang)
    return say("right_opp", lang)
