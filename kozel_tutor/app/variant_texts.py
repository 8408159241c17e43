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
    # the games' names are masculine («Обычный», «Классический»…): they name a «вариант», as the
    # teacher's screen and the puzzle sets say it, never an «игра»
    "variant": {"en": "Variant", "ru": "Вариант"},
    "variant_standard": {"en": "Standard", "ru": "Обычный"},
    "variant_classic": {"en": "Classic (tablo, boasts)", "ru": "Классический (табло, хвалёнки)"},
    "variant_nizhny": {"en": "Nizhny Novgorod", "ru": "Нижегородский"},
    "variant_kozly24": {"en": "24-card Kozel", "ru": "Козёл на 24 картах"},
    "variant_fixed": {"en": "The {variant} game fixes its own deck, trumps and match length.",
                      "ru": "В варианте «{variant}» колода, козыри и длина партии свои."},
    # -- the scoreboard ----------------------------------------------------------------------
    "board_rows": {"en": "Rows", "ru": "Пары"},
    # the penalty points of lesson 14 («нам пишут 2 штрафных очка»)
    "board_penalty": {"en": "Penalty points", "ru": "Штрафные очки"},
    # the match score as each table keeps it (variant_views.match_score_words): rows of the
    # tablo, or the penalty points of each side where reaching the target loses ({us:…}: the
    # number with the word that agrees with it, «1 штрафное», «2 штрафных»)
    "score_rows": {"en": "rows: we {us} : {them} they", "ru": "пары: мы {us} : {them} они"},
    "score_against": {"en": "we have {us:penalty point|penalty points}, they have {them}",
                      "ru": "у нас {us:штрафное|штрафных|штрафных}, у них {them}"},
    # what the score badge adds after the score: the goal of the table
    "board_goal_rows": {"en": "{target} rows win", "ru": "{target} пар — победа"},
    "board_goal_penalty": {"en": "first to {target} loses",
                           "ru": "кто первым наберёт {target}, тот проиграл"},
    "board_side_we": {"en": "We", "ru": "Мы"},
    "board_side_they": {"en": "They", "ru": "Они"},
    "board_rows_value": {"en": "{rows} of {target} rows", "ru": "{rows} из {target} пар"},
    "board_penalty_value": {"en": "{points} of {target}", "ru": "{points} из {target}"},
    # -- before play -------------------------------------------------------------------------
    "status_question": {"en": "Your choice before the deal.", "ru": "Ваш выбор перед раздачей."},
    "question_title": {"en": "Before the deal", "ru": "Перед раздачей"},
    "answer_deal_normally": {"en": "Deal normally", "ru": "Сдавать как обычно"},
    "answer_boast": {"en": "{boast} ({who})", "ru": "{boast} ({who})"},
    "answer_you": {"en": "I boast", "ru": "хвалюсь я"},
    "answer_partner": {"en": "Nina boasts", "ru": "хвалится Нина"},
    "answer_keep_hand": {"en": "Play these cards", "ru": "Играть этими картами"},
    "answer_redeal": {"en": "Demand a redeal", "ru": "Требовать пересдачи"},
    "answer_keep_trump": {"en": "Keep it", "ru": "Оставить себе"},
    "answer_give_trump": {"en": "Give it to Nina", "ru": "Отдать Нине"},
    "answer_i_lead": {"en": "I lead", "ru": "Хожу я"},
    "answer_partner_leads": {"en": "Nina leads", "ru": "Ходит Нина"},
    "q_give_back_named": {"en": "{giver} gave you {card_object}: choose a card to give back.",
                          "ru": "{giver} отдал{ending} вам {card_object}: выберите, какую карту "
                                "вернуть."},
    # {losers} between dashes (commas in English), not in brackets: «вы и Нина» from a small
    # letter (texts.address_case)
    "q_redeal_refused": {"en": "This would be the third redeal in a row: it is not made, and "
                               "the dealing side, {losers}, loses.",
                         "ru": "Это была бы третья пересдача подряд: её не дадут, и сдающая "
                               "сторона — {losers} — проиграет."},
    "q_lay_face_up": {"en": "Face up on this trick: {cards}.",
                      "ru": "Открыто на этой взятке: {cards}."},
    "ev_boast": {"en": "{seat} {verb}: {boast}.", "ru": "{seat} {verb}: {boast}."},
    # the same in the deal's summary, once it is over
    "ev_boast_done": {"en": "{seat} {verb_past}: {boast}.", "ru": "{seat} {verb_past}: {boast}."},
    "ev_redeal_weak_hand": {"en": "{seat} demanded a redeal (a weak hand).",
                            "ru": "{seat} потребовал{ending} пересдачи (слабая рука)."},
    # a side's claim: "no queen" (kozly24), or in classic "no queen or only the Q♦"
    "ev_redeal_no_queen": {"en": "{seat} demanded a redeal for the side (no queen).",
                           "ru": "{seat} потребовал{ending} пересдачи за свою сторону (нет дам)."},
    "ev_redeal_no_queen_or_diamond": {
        "en": "{seat} demanded a redeal for the side (no queen, or only the queen of diamonds).",
        "ru": "{seat} потребовал{ending} пересдачи за свою сторону (нет дам или только дама "
              "бубен)."},
    "ev_redeal_refused": {"en": "A third redeal in a row is not made: the dealing side loses.",
                          "ru": "Третьей пересдачи подряд не бывает: сдающая сторона проигрывает."},
    "ev_gave_trump": {"en": "{seat} passed a card face down to {partner}.",
                      "ru": "{seat} передал{ending} {partner} карту втёмную."},
    "ev_gave_trump_you": {"en": "{seat} passed the last trump, {card_object}, to {partner}.",
                          "ru": "{seat} отдал{ending} {partner} последний козырь — "
                                "{card_object}."},
    "ev_gave_back": {"en": "{seat} gave {card_object} back to {partner}.",
                     "ru": "{seat} вернул{ending} {partner} {card_object}."},
    # the trick(s) a boast made, shown before the first card
    "ev_boast_trick_single": {"en": "The boast's trick: {cards}. {seat} took it: {points}.",
                              "ru": "Взятка хвалёнки: {cards}. {seat} взял{ending} её: "
                                    "{points}."},
    "ev_boast_trick_closed": {"en": "The closed trick: {cards}. {seat} took it: {points}; "
                                    "the taker leads next.",
                              "ru": "Закрытая взятка: {cards}. {seat} взял{ending} её: "
                                    "{points}; взявший ходит дальше."},
    "ev_boast_trick_open": {"en": "The open trick: {cards}. {seat} took it: {points}.",
                            "ru": "Открытая взятка: {cards}. {seat} взял{ending} её: "
                                  "{points}."},
    # who leads the first trick, by the side's choice (the seat's own key: the word agrees)
    "ev_leader_S": {"en": "You lead the first trick.", "ru": "Первый ход ваш."},
    "ev_leader_N": {"en": "Nina leads the first trick.", "ru": "Первой ходит Нина."},
    "ev_leader_W": {"en": "Fedor leads the first trick.", "ru": "Первым ходит Фёдор."},
    "ev_leader_E": {"en": "Gleb leads the first trick.", "ru": "Первым ходит Глеб."},
    # -- after the deal ----------------------------------------------------------------------
    "row_rows": {"en": "Rows", "ru": "Пары"},
    "row_against": {"en": "Penalty points", "ru": "Штрафные очки"},
    "row_match_against": {"en": "Penalty points in all", "ru": "Всего штрафных"},
    # the catch: whose six caught whose queen, and who is written what (variant_views)
    "summary_caught": {"en": "{six} caught {queen}: the deal is over, {team} are written "
                             "{written} (cards still in hand count for no one).",
                       "ru": "{six} поймала {queen}: раздача окончена, {team} пишут {written} "
                             "(карты на руках не считаются)."},
    "catch_six_any": {"en": "The six of clubs", "ru": "Шестёрка треф"},
    "catch_queen_any": {"en": "the queen of clubs", "ru": "даму треф"},
    "catch_six_S": {"en": "Your six of clubs", "ru": "Ваша шестёрка треф"},
    "catch_six_N": {"en": "Nina's six of clubs", "ru": "Шестёрка треф Нины"},
    "catch_six_W": {"en": "Fedor's six of clubs", "ru": "Шестёрка треф Фёдора"},
    "catch_six_E": {"en": "Gleb's six of clubs", "ru": "Шестёрка треф Глеба"},
    "catch_queen_S": {"en": "your queen of clubs", "ru": "вашу даму треф"},
    "catch_queen_N": {"en": "Nina's queen of clubs", "ru": "даму треф Нины"},
    "catch_queen_W": {"en": "Fedor's queen of clubs", "ru": "даму треф Фёдора"},
    "catch_queen_E": {"en": "Gleb's queen of clubs", "ru": "даму треф Глеба"},
    "catch_team_NS": {"en": "you and Nina", "ru": "вам с Ниной"},
    "catch_team_EW": {"en": "Fedor and Gleb", "ru": "Фёдору и Глебу"},
    # the goats at the end of a variant match (variant_views.goats_line), by their title
    "goats_title_goats": {"en": "The goats: {team}.", "ru": "Козлы — {team}."},
    "goats_title_goats_naked": {"en": "Naked goats: {team}, who wrote nothing.",
                                "ru": "Голые козлы — {team}: ничего не записали."},
    "goats_title_goats_eggs": {"en": "Goats with eggs: {team}.", "ru": "Козлы с яйцами — {team}."},
    "goats_title_goats_tails": {"en": "Goats with tails: {team}.",
                                "ru": "Козлы с хвостами — {team}."},
    "goats_title_goats_eggs_tails": {"en": "Goats with eggs and tails: {team}.",
                                     "ru": "Козлы с яйцами и хвостами — {team}."},
    # who leads the first trick by the holder rule (Rules.first_lead "holder:…"), and why
    "first_lead_you": {"en": "You lead first: you hold the {card}. Choose a card.",
                       "ru": "Первый ход ваш: у вас {card}. Выберите карту."},
    "first_lead_N": {"en": "Nina leads first: she holds the {card}.",
                     "ru": "Нина ходит первой: у неё {card}."},
    "first_lead_W": {"en": "Fedor leads first: he holds the {card}.",
                     "ru": "Фёдор ходит первым: у него {card}."},
    "first_lead_E": {"en": "Gleb leads first: he holds the {card}.",
                     "ru": "Глеб ходит первым: у него {card}."},
    # the card itself must be led: {card_gen} in the genitive, {it}/{with_it} by its gender
    "first_lead_card_you": {"en": "The first deal opens with the {card} — you hold it: lead it.",
                            "ru": "Первая раздача начинается с {card_gen} — {it} у вас, "
                                  "ходите {with_it}."},
    "summary_penalty": {"en": "No deal: the third redeal was refused.",
                        "ru": "Раздачи не было: третью пересдачу не дали."},
    # a deal never played (the third redeal refused): who dealt, and what is written
    # {winners} is a side's name in the nominative («вы и Нина»): the other side is the subject
    "summary_penalty_rows": {"en": "{losers} dealt: {winners} take {rows}.",
                             "ru": "Сдавали {losers}, и {rows} получает другая сторона: "
                                   "{winners}."},
    # {losers} may be the learner's side: no «им» that would not fit «вы и Нина»; {points} a
    # Count, «пишут» agrees with any number of points
    "summary_penalty_against": {"en": "{losers} dealt: {points} written against the dealers.",
                                "ru": "Сдавали {losers}: сдающим пишут {points}."},
    # after eggs: classic gives the next deal's winners one extra row (the egg row); the
    # penalty presets double the next deal, as the standard game does
    "eggs_next_egg_row": {"en": "The tablo does not move; the winners of the next deal take "
                                "one extra row.",
                          "ru": "Табло не двигается, а победители следующей раздачи получат "
                                "дополнительную пару за яйца."},
    "egg_row_badge": {"en": "+1 row", "ru": "+1 пара"},
    "egg_row_title": {"en": "After eggs the winners of this deal take one extra row.",
                      "ru": "После яиц победители этой раздачи получают дополнительную "
                            "пару."},
    "summary_egg_row": {"en": "The winners take one extra row for the eggs.",
                        "ru": "За яйца победители получают дополнительную пару."},
    "summary_doubled": {"en": "After eggs this deal counts double: {value} × 2 = {written}.",
                        "ru": "После яиц эта раздача идёт вдвойне: {value} × 2 = {written}."},
    "summary_reset": {"en": "{team}: the score goes back to zero.",
                      "ru": "{team}: счёт обнуляется."},
    "summary_first_to": {"en": "Whoever reaches {target} first loses.",
                         "ru": "Кто первым наберёт {target}, тот проиграл."},
    # the game's name stays a name, in quotes as in "variant_fixed"; the level is a word of the
    # sentence ({…!l}: from a small letter)
    "stats_title_variant": {"en": "Your record at the {level!l} level in the {variant} game",
                            "ru": "Ваша статистика: {level!l} уровень, вариант «{variant}»"},
}

for _key, _texts in VARIANT_TEXTS.items():
    TEXTS.setdefault(_key, _texts)
