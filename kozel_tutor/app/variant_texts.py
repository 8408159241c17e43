"""The app's words for the regional variants (Russian and English), merged into :data:`TEXTS`.

>>> from .texts import text
>>> text("variant_nizhny", "ru")
'Нижегородский'
"""

from __future__ import annotations

from .texts import TEXTS

__all__ = ["VARIANT_TEXTS"]

VARIANT_TEXTS: dict[str, dict[str, str]] = {
    # -- settings --------------------------------------------------------------------------
    "variant": {"en": "Game", "ru": "Игра"},
    "variant_standard": {"en": "Standard", "ru": "Обычный"},
    "variant_classic": {"en": "Classic (tablo, boasts)", "ru": "Классический (табло, хвалёнки)"},
    "variant_nizhny": {"en": "Nizhny Novgorod", "ru": "Нижегородский"},
    "variant_kozly24": {"en": "24 cards", "ru": "На 24 картах"},
    "variant_fixed": {"en": "The {variant} game fixes its own deck, trumps and match length.",
                      "ru": "В игре «{variant}» колода, козыри и длина партии свои."},
    # -- the scoreboard ----------------------------------------------------------------------
    "board_rows": {"en": "Rows", "ru": "Пары"},
    "board_rows_badge": {"en": "Rows: we {us} : {them} they · {target} win",
                         "ru": "Пары: мы {us} : {them} они · {target} — победа"},
    "board_penalty": {"en": "Written against", "ru": "Записано против"},
    "board_penalty_badge": {"en": "Against us {us} · against them {them} · first to {target} "
                                  "loses",
                            "ru": "Против нас {us} · против них {them} · кто первым до "
                                  "{target} — проиграл"},
    "board_side_we": {"en": "We", "ru": "Мы"},
    "board_side_they": {"en": "They", "ru": "Они"},
    "board_rows_value": {"en": "{rows} of {target} rows", "ru": "{rows} из {target} пар"},
    "board_penalty_value": {"en": "{points} of {target}", "ru": "{points} из {target}"},
    # -- before play -------------------------------------------------------------------------
    "status_question": {"en": "Your choice before the deal.", "ru": "Ваш выбор перед раздачей."},
    "question_title": {"en": "Before the deal", "ru": "Перед раздачей"},
    "answer_deal_normally": {"en": "Deal normally", "ru": "Сдавать как обычно"},
    "answer_boast": {"en": "{boast}: {who}", "ru": "{boast}: {who}"},
    "answer_you": {"en": "you boast", "ru": "хвалитесь вы"},
    "answer_partner": {"en": "Nina boasts", "ru": "хвалится Нина"},
    "answer_keep_hand": {"en": "Play these cards", "ru": "Играть этими картами"},
    "answer_redeal": {"en": "Demand a redeal", "ru": "Требовать пересдачи"},
    "answer_keep_trump": {"en": "Keep it", "ru": "Оставить себе"},
    "answer_give_trump": {"en": "Give it to Nina", "ru": "Отдать Нине"},
    "answer_i_lead": {"en": "I lead", "ru": "Хожу я"},
    "answer_partner_leads": {"en": "Nina leads", "ru": "Ходит Нина"},
    "ev_boast": {"en": "{seat} boasts: {boast}.", "ru": "{seat}: хвалёнка — {boast}."},
    "ev_redeal_weak_hand": {"en": "{seat} demanded a redeal (a weak hand).",
                            "ru": "{seat} потребовал(а) пересдачи (слабая рука)."},
    # a side's claim: "no queen" (kozly24), or in classic "no queen or only the Q♦"
    "ev_redeal_no_queen": {"en": "{seat} demanded a redeal for the side (no queen).",
                           "ru": "{seat} потребовал(а) пересдачи за свою сторону (нет дам)."},
    "ev_redeal_no_queen_or_diamond": {
        "en": "{seat} demanded a redeal for the side (no queen, or only the queen of diamonds).",
        "ru": "{seat} потребовал(а) пересдачи за свою сторону (нет дам или только дама бубен)."},
    "ev_redeal_refused": {"en": "A third redeal in a row is not made: the dealing side loses.",
                          "ru": "Третьей пересдачи подряд не бывает: сдающая пара проигрывает."},
    "ev_gave_trump": {"en": "{seat} passed a card face down to the partner.",
                      "ru": "{seat} передал(а) партнёру карту втёмную."},
    "ev_gave_trump_you": {"en": "{seat} passed the last trump, the {card}, to the partner.",
                          "ru": "{seat} отдал(а) партнёру последний козырь — {card}."},
    "ev_gave_back": {"en": "{seat} gave back the {card}.", "ru": "{seat} вернул(а): {card}."},
    "ev_leader": {"en": "{seat} leads the first trick.", "ru": "Первым ходит: {seat}."},
    # -- after the deal ----------------------------------------------------------------------
    "row_rows": {"en": "Rows", "ru": "Пары"},
    "row_against": {"en": "Written against", "ru": "Записано против"},
    "summary_caught": {"en": "The six of clubs caught the queen of clubs: the deal ended.",
                       "ru": "Шестёрка треф поймала даму треф: раздача окончена."},
    "summary_penalty": {"en": "No deal: the third redeal was refused.",
                        "ru": "Кона не было: третью пересдачу не дали."},
    # after eggs: classic gives the next deal's winners one extra row (the egg row); the
    # penalty presets double the next deal, as the standard game does
    "eggs_next_egg_row": {"en": "The tablo does not move; the winners of the next deal take "
                                "one extra row.",
                          "ru": "Табло не двигается, а победители следующей раздачи получат "
                                "лишнюю пару."},
    "egg_row_badge": {"en": "+1 row", "ru": "+1 пара"},
    "egg_row_title": {"en": "After eggs the winners of this deal take one extra row.",
                      "ru": "После яиц победители этой раздачи получают лишнюю пару."},
    "summary_egg_row": {"en": "The winners take one extra row for the eggs.",
                        "ru": "За яйца победители получают лишнюю пару."},
    "summary_doubled": {"en": "After eggs this deal counts double: {value} × 2 = {written}.",
                        "ru": "После яиц эта раздача идёт вдвойне: {value} × 2 = {written}."},
    "summary_reset": {"en": "{team}: the score goes back to zero.",
                      "ru": "{team}: счёт обнуляется."},
    "summary_first_to": {"en": "Whoever reaches {target} first loses.",
                         "ru": "Кто первым наберёт {target}, тот проиграл."},
    "stats_title_variant": {"en": "Your record at {level}, {variant}",
                            "ru": "Ваша статистика: {level}, {variant}"},
}

for _key, _texts in VARIANT_TEXTS.items():
    TEXTS.setdefault(_key, _texts)
