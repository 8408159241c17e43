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
    # card, and said without blame: nobody at the table sees the hidden cards
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
    # a card as good as the best one in points, worse in the deal's result (a trick given away
    # with no points in it): {result} as in "review_lost_result" ("you win the deal (you write
    # 4), whereas with the best card you would write 6")
    "review_lost_same_points": {"en": "The best card would have given your side the same points "
                                      "but a better deal: after your card {result}.",
                                "ru": "Лучший ход дал бы вашей стороне столько же очков, но "
                                      "лучший итог раздачи: после вашего хода {result}."},
    # a card of as many points or more but a worse result, because of a reset (RULES.md:
    # classic's люся wipes the losers' tablo, kozly24's sweep erases the sweepers' own penalty)
    # that holds little or nothing yet; {n} is a Count: rows (i18n.ROWS, «2 пары») or points
    "review_reset_ours_rows": {
        "en": "Taking every trick (lyusya) here only wipes {n} off the opponents' tablo; "
              "letting them take a trick gains you more.",
        "ru": "Взять все взятки («люся») здесь значит лишь стереть с табло соперников {n}, "
              "а отдав им взятку, вы получите больше."},
    "review_reset_ours_rows_none": {
        "en": "Taking every trick (lyusya) gains nothing here: it only wipes the opponents' "
              "tablo, which is still empty. Letting them take a trick gains you more.",
        "ru": "Взять все взятки («люся») здесь ничего не даёт: она лишь обнуляет табло "
              "соперников, а оно пока пустое. Отдав им взятку, вы получите больше."},
    "review_reset_ours_penalty": {
        "en": "Taking every trick here only erases your {n} of penalty; letting the opponents "
              "take a trick gains you more.",
        "ru": "Взять все взятки здесь значит лишь списать ваши штрафные ({n}), а отдав "
              "соперникам взятку, вы получите больше."},
    "review_reset_ours_penalty_none": {
        "en": "Taking every trick gains nothing here: it only erases your penalty points, and "
              "you have none yet. Letting the opponents take a trick gains you more.",
        "ru": "Взять все взятки здесь ничего не даёт: так лишь списывают свои штрафные очки, "
              "а у вас их пока нет. Отдав соперникам взятку, вы получите больше."},
    "review_reset_theirs_rows": {
        "en": "Here it pays to take no trick at all: their lyusya only wipes {n} off your "
              "tablo, less than losing with a trick costs.",
        "ru": "Здесь выгоднее не брать ни одной взятки: «люся» соперников лишь сотрёт с "
              "вашего табло {n}, а проигрыш со взяткой стоит дороже."},
    "review_reset_theirs_rows_none": {
        "en": "Here it pays to take no trick at all: their lyusya only wipes your tablo, which "
              "is still empty, while losing with a trick writes rows for them.",
        "ru": "Здесь выгоднее не брать ни одной взятки: «люся» соперников лишь обнулит ваше "
              "табло, а оно пока пустое; проигрыш же со взяткой запишет им пары."},
    "review_reset_theirs_penalty": {
        "en": "Here it pays to take no trick at all: then the opponents only erase their own "
              "{n} of penalty, while losing with a trick costs you more.",
        "ru": "Здесь выгоднее не брать ни одной взятки: тогда соперники лишь спишут свои "
              "штрафные ({n}), а проигрыш со взяткой стоит вам дороже."},
    "review_reset_theirs_penalty_none": {
        "en": "Here it pays to take no trick at all: then the opponents only erase their own "
              "penalty points, and they have none yet, while losing with a trick costs you "
              "penalty points.",
        "ru": "Здесь выгоднее не брать ни одной взятки: тогда соперники лишь спишут свои "
              "штрафные очки, а у них их пока нет; проигрыш же со взяткой стоит вам штрафа."},
}

for _key, _texts in REVIEW_TEXTS.items():
    TEXTS.setdefault(_key, _texts)
