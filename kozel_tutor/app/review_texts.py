"""The deal review's words for the others' cards between two of the learner's cards (Russian and
English), merged into :data:`TEXTS` (see :func:`kozel_tutor.app.review.swing`), and for a card
that kept the best card's points but not its deal result.

>>> from .texts import text
>>> text("review_swing_card", "ru", name=text("review_seat_gen_N", "ru"), card="Д♥")
'Нины (Д♥)'
"""

from __future__ import annotations

from .texts import TEXTS

__all__ = ["REVIEW_TEXTS"]

REVIEW_TEXTS: dict[str, dict[str, str]] = {
    # whose card: "Nina's Q♥", «(хода) Нины (Д♥)»
    "review_seat_gen_N": {"en": "{seat_N}", "ru": "Нины"},
    "review_seat_gen_E": {"en": "{seat_E}", "ru": "Глеба"},
    "review_seat_gen_W": {"en": "{seat_W}", "ru": "Фёдора"},
    "review_swing_card": {"en": "{name}'s {card}", "ru": "{name} ({card})"},
    "review_swing_and": {"en": "{first} and {last}", "ru": "{first} и {last}"},
    # between two cards of one player: "Gleb's 10♣ and 10♥", «Глеба (10♣, 10♥)»
    "review_swing_list": {"en": " and ", "ru": ", "},
    "review_swing_move": {"en": "{cards}", "ru": "хода {cards}"},
    "review_swing_moves": {"en": "{cards}", "ru": "ходов {cards}"},
    # {after} is a Count (i18n.POINTS): "80 points", «80 очков»; a fall is always the partner's
    # card, and said without blame: nobody at the table sees the hidden cards; a second swing
    # between the same two cards of yours (an opponent's gift, then the partner's loss) follows
    # as "…_then"
    "review_swing_fell": {"en": "After {cards}, the most your side can make with all the cards "
                                "face up fell from {before} to {after}. {seat_N} cannot see the "
                                "hidden cards, so this may be just bad luck.",
                          "ru": "После {cards} ваша сторона, если видеть все карты, может "
                                "набрать уже не {before}, а {after}. {seat_N} не видит чужих "
                                "карт, так что это может быть просто невезение."},
    "review_swing_rose": {"en": "After {cards}, the most your side can make with all the cards "
                                "face up rose from {before} to {after}: the opponents cannot "
                                "see the hidden cards either.",
                          "ru": "После {cards} ваша сторона, если видеть все карты, может "
                                "набрать уже не {before}, а {after}: соперники тоже не видят "
                                "чужих карт."},
    "review_swing_fell_then": {"en": "Then after {cards}, it fell from {before} to {after}. "
                                     "{seat_N} cannot see the hidden cards, so this may be just "
                                     "bad luck.",
                               "ru": "Затем после {cards} она может набрать уже не {before}, а "
                                     "{after}. {seat_N} не видит чужих карт, так что это может "
                                     "быть просто невезение."},
    "review_swing_rose_then": {"en": "Then after {cards}, it rose from {before} to {after}: the "
                                     "opponents cannot see the hidden cards either.",
                               "ru": "Затем после {cards} она может набрать уже не {before}, а "
                                     "{after}: соперники тоже не видят чужих карт."},
    # a card as good as the best one in points, worse in the deal's result (a trick given away
    # with no points in it): {result} as in "review_lost_result" ("you win the deal (you write
    # 4), whereas with the best card you would write 6")
    "review_lost_same_points": {"en": "The best card would have given your side the same points "
                                      "but a better deal: after your card {result}.",
                                "ru": "Лучший ход дал бы вашей стороне столько же очков, но "
                                      "лучший итог раздачи: после вашего хода {result}."},
    # where points and the match part ways (StepAnalysis.reset_note): a reset (RULES.md:
    # classic's люся wipes the losers' tablo, kozly24's sweep erases the sweepers' own penalty)
    # that wipes little or nothing; {n} is a Count: rows (i18n.ROWS, «2 пары») or points
    "review_reset_ours_rows": {
        "en": "Taking every trick (lyusya) here only wipes {n} off the opponents' tablo: in the "
              "match, a line where they take a trick may be worth more. The cards here are "
              "ranked by points.",
        "ru": "Взять все взятки («люся») здесь значит лишь стереть с табло соперников {n}: для "
              "партии розыгрыш, где они возьмут взятку, может оказаться выгоднее. Ходы здесь "
              "сравниваются по очкам."},
    "review_reset_ours_rows_none": {
        "en": "Taking every trick (lyusya) here only wipes the opponents' tablo, which is still "
              "empty: in the match, a line where they take a trick may be worth more. The cards "
              "here are ranked by points.",
        "ru": "Взять все взятки («люся») здесь значит лишь обнулить табло соперников, а оно "
              "пока пустое: для партии розыгрыш, где они возьмут взятку, может оказаться "
              "выгоднее. Ходы здесь сравниваются по очкам."},
    "review_reset_ours_penalty": {
        "en": "Taking every trick here only erases your {n} of penalty: in the match, a line "
              "where the opponents take a trick may be worth more. The cards here are ranked "
              "by points.",
        "ru": "Взять все взятки здесь значит лишь списать ваши штрафные ({n}): для партии "
              "розыгрыш, где соперники возьмут взятку, может оказаться выгоднее. Ходы здесь "
              "сравниваются по очкам."},
    "review_reset_ours_penalty_none": {
        "en": "Taking every trick here only erases your penalty points, and you have none yet: "
              "in the match, a line where the opponents take a trick may be worth more. The "
              "cards here are ranked by points.",
        "ru": "Взять все взятки здесь значит лишь списать ваши штрафные очки, а их у вас пока "
              "нет: для партии розыгрыш, где соперники возьмут взятку, может оказаться "
              "выгоднее. Ходы здесь сравниваются по очкам."},
    "review_reset_theirs_rows": {
        "en": "Taking no trick here only lets their lyusya wipe {n} off your tablo: in the "
              "match that may cost less than losing with a trick. The cards here are ranked by "
              "points.",
        "ru": "Не взять здесь ни одной взятки значит лишь дать «люсе» соперников стереть с "
              "вашего табло {n}: для партии это может обойтись дешевле, чем проигрыш со "
              "взяткой. Ходы здесь сравниваются по очкам."},
    "review_reset_theirs_rows_none": {
        "en": "Taking no trick here only lets their lyusya wipe your tablo, which is still "
              "empty: in the match that may cost less than losing with a trick. The cards here "
              "are ranked by points.",
        "ru": "Не взять здесь ни одной взятки значит лишь дать «люсе» соперников обнулить ваше "
              "табло, а оно пока пустое: для партии это может обойтись дешевле, чем проигрыш "
              "со взяткой. Ходы здесь сравниваются по очкам."},
    "review_reset_theirs_penalty": {
        "en": "Taking no trick here only lets the opponents erase their own {n} of penalty: in "
              "the match that may cost less than losing with a trick. The cards here are "
              "ranked by points.",
        "ru": "Не взять здесь ни одной взятки значит лишь дать соперникам списать свои "
              "штрафные ({n}): для партии это может обойтись дешевле, чем проигрыш со взяткой. "
              "Ходы здесь сравниваются по очкам."},
    "review_reset_theirs_penalty_none": {
        "en": "Taking no trick here only lets the opponents erase their own penalty points, "
              "and they have none yet: in the match that may cost less than losing with a "
              "trick. The cards here are ranked by points.",
        "ru": "Не взять здесь ни одной взятки значит лишь дать соперникам списать свои "
              "штрафные очки, а штрафных у них пока нет: для партии это может обойтись "
              "дешевле, чем проигрыш со взяткой. Ходы здесь сравниваются по очкам."},
}

for _key, _texts in REVIEW_TEXTS.items():
    TEXTS.setdefault(_key, _texts)
