"""Every string the app shows, in Russian and English.

The browser code holds no words (only icons): views are built here in the learner's language.
A template may name another text as a parameter (``{team_NS}``): :func:`text` fills it in, so
the seats' and sides' names are written once.  The learner is «Вы» / "You" on their own (a
seat's plate, a column's head) and where a sentence starts; inside a sentence :func:`text` writes
«вы» / "you", wherever the name came from:

>>> text("goats_title_goats", "ru", team=text("team_NS", "ru"))
'Козлы — вы и Нина.'

>>> text("seat_N", "ru"), text("score_badge", "en", us=4, them=2, target=12)
('Нина', 'We 4 : 2 They · to 12')
>>> text("points_theirs_title", "en")
'Fedor and Gleb: card points taken this deal'
"""

from __future__ import annotations

import re
import string

from ..i18n import in_words, plural_ru

__all__ = ["TEXTS", "address_case", "text"]

TEXTS: dict[str, dict[str, str]] = {
    # -- home ------------------------------------------------------------------------------
    "app_title": {"en": "Kozel", "ru": "Козёл"},
    # «в «Козла»»: the game's name after «играйте» and «партии в», then what the game is
    "app_subtitle": {"en": "Learn, play and review your matches of Kozel, the Russian card game "
                           "of queens and jacks",
                     "ru": "Учитесь, играйте и разбирайте партии в «Козла» — карточную игру с "
                           "дамами и валетами"},
    "lang_switch": {"en": "Русский", "ru": "English"},
    "section_play": {"en": "Play", "ru": "Играть"},
    "section_play_hint": {"en": "A match against the computer, with your partner Nina",
                          "ru": "Партия против компьютера вместе с партнёршей Ниной"},
    "continue": {"en": "Continue", "ru": "Продолжить"},
    # {score} is the match score in the words of its table (variant_views.match_score_words)
    "continue_hint": {"en": "{level} · {score}", "ru": "{level} · {score}"},
    "score_we_they": {"en": "we {us} : {them} they", "ru": "мы {us} : {them} они"},
    # every button that returns to the home screen says so, the same way in every section and
    # on the table (its pause menu, the match's results)
    "back": {"en": "← Home", "ru": "← Домой"},
    "save_corrupt": {
        "en": "Your saved match could not be read ({reason}). It was put aside; "
              "you can start a new match.",
        "ru": "Сохранённую партию не удалось прочитать ({reason}). Она отложена в сторону; "
              "можно начать новую партию.",
    },
    # why a save was set aside (the {reason} of save_corrupt), in plain words
    "save_reason_not_text": {"en": "it is not text", "ru": "это не текст"},
    "save_reason_not_json": {"en": "it is damaged or cut short",
                             "ru": "она повреждена или обрезана"},
    "save_reason_too_deep": {"en": "it is nested far too deeply to be a match",
                             "ru": "в ней слишком глубокая вложенность, партия такой не бывает"},
    "save_reason_not_object": {"en": "it is not a saved match",
                               "ru": "это не сохранённая партия"},
    "save_reason_not_match": {"en": "its cards or rules do not fit this version of the app",
                              "ru": "её карты или правила не подходят к этой версии приложения"},
    "rows_set_aside": {
        "en": "Part of your progress could not be read ({what}). It was put aside; "
              "everything else is kept.",
        "ru": "Часть прогресса не удалось прочитать ({what}). Она отложена в сторону, "
              "всё остальное сохранено.",
    },
    "rows_puzzle_ratings": {"en": "a puzzle rating, which starts again from the beginning",
                            "ru": "рейтинг в задачах — он начнётся заново"},
    "rows_puzzles": {"en": "puzzle history", "ru": "история задач"},
    "rows_stats": {"en": "game statistics, which count again from zero",
                   "ru": "статистика партий — она начнётся с нуля"},
    "rows_deals": {"en": "finished deals kept for review", "ru": "сыгранные раздачи для разбора"},
    "rows_prefs": {"en": "settings", "ru": "настройки"},
    "rows_saves": {"en": "the match in progress", "ru": "незаконченная партия"},
    "rows_other": {"en": "saved data", "ru": "сохранённые данные"},
    "rows_lesson_progress": {"en": "lesson progress, which starts again for that lesson",
                             "ru": "прогресс уроков — этот урок начнётся заново"},
    # shown on the home screen at every visit until the learner presses notice_ok
    "db_set_aside": {
        "en": "Your progress file was damaged, so a new one was started. The damaged file is "
              "kept as {name} in the folder {folder}.",
        "ru": "Файл с прогрессом был повреждён, поэтому начат новый. Повреждённый файл "
              "сохранён как {name} в папке {folder}.",
    },
    "notice_ok": {"en": "Got it, hide this message", "ru": "Понятно, скрыть сообщение"},
    # the progress file cannot be written: the session works on a copy that is not kept
    "not_kept_read_only": {
        "en": "Your progress cannot be saved: the progress file {place} (or its folder) is "
              "read-only. You can play and learn, but nothing you do now will be kept. To save, "
              "make it writable, or set KOZEL_TUTOR_HOME to a folder you can write to.",
        "ru": "Прогресс не сохраняется: файл {place} (или его папка) доступен только для "
              "чтения. Играть и заниматься можно, но ничего из сделанного сейчас не "
              "сохранится. Чтобы сохранять, разрешите запись в него или укажите в "
              "KOZEL_TUTOR_HOME папку, куда можно писать.",
    },
    "not_kept_in_use": {
        "en": "Your progress cannot be saved: the progress file {place} is in use by another "
              "window or program. You can play and learn here, but nothing will be kept. Close "
              "the other window, then reload this page.",
        "ru": "Прогресс не сохраняется: файл {place} занят другим окном или программой. "
              "Играть и заниматься здесь можно, но ничего не сохранится. Закройте другое окно "
              "и перезагрузите эту страницу.",
    },
    "not_kept_no_folder": {
        "en": "Your progress cannot be saved: the data folder {place} cannot be created "
              "({detail}). You can play and learn, but nothing will be kept. To save, set "
              "KOZEL_TUTOR_HOME to a folder you can write to.",
        "ru": "Прогресс не сохраняется: не удалось создать папку данных {place} ({detail}). "
              "Играть и заниматься можно, но ничего не сохранится. Чтобы сохранять, укажите "
              "в KOZEL_TUTOR_HOME папку, куда можно писать.",
    },
    "not_kept_full": {
        "en": "Your progress cannot be saved: the disk of {place} is full. You can play and "
              "learn, but nothing will be kept.",
        "ru": "Прогресс не сохраняется: диск, где лежит {place}, заполнен. Играть и "
              "заниматься можно, но ничего не сохранится.",
    },
    "not_kept_other": {
        "en": "Your progress cannot be saved: the progress file {place} cannot be written "
              "({detail}). You can play and learn, but nothing will be kept.",
        "ru": "Прогресс не сохраняется: файл {place} не удаётся записать ({detail}). Играть "
              "и заниматься можно, но ничего не сохранится.",
    },
    # another window (tab) on the same progress file saved this match after this window read it
    "match_elsewhere": {
        "en": "This match was continued in another window, so this window stopped saving it. "
              "Continue goes on from where the other window left it.",
        "ru": "Эту партию продолжили в другом окне, поэтому здесь она больше не сохранялась. "
              "«Продолжить» откроет её с того места, где её оставили в другом окне.",
    },
    "match_elsewhere_over": {
        "en": "This match was continued in another window and finished there, so this window "
              "stopped saving it.",
        "ru": "Эту партию продолжили в другом окне и доиграли там, поэтому здесь она больше "
              "не сохранялась.",
    },
    "draft_elsewhere": {
        "en": "This set was changed in another window, so this window no longer keeps it. "
              "Reload the page to see the set as it was saved there.",
        "ru": "Этот набор изменили в другом окне, поэтому здесь он больше не сохраняется. "
              "Перезагрузите страницу, чтобы увидеть набор, сохранённый там.",
    },
    "section_failed": {"en": "This section could not be opened. Reload the page and try again; "
                              "if it fails again, reinstalling the app should mend it.",
                       "ru": "Этот раздел не открылся. Перезагрузите страницу и попробуйте ещё "
                             "раз; если не получится, переустановите приложение."},
    # a section module failed to import when the app started: its tile is missing
    "sections_missing": {"en": "Part of the app could not be loaded, so some sections are "
                               "missing. Reinstalling the app should mend it.",
                         "ru": "Часть приложения не загрузилась, поэтому некоторых разделов "
                               "нет. Переустановите приложение, чтобы это исправить."},
    # -- settings --------------------------------------------------------------------------
    "settings_title": {"en": "New match", "ru": "Новая партия"},
    "settings_sub": {"en": "Choose the game and press Play.",
                     "ru": "Выберите условия и нажмите «Играть»."},
    # the settings screen while a match is unfinished: a new match takes its place
    "replace_warning": {
        "en": "You have an unfinished match ({match}). “New match” starts another in its "
              "place; “Continue” goes back to it.",
        "ru": "У вас есть незаконченная партия ({match}). «Новая партия» начнёт другую вместо "
              "неё, «Продолжить» вернёт к ней.",
    },
    # the difficulty is the opponents' (the partner plays at hard, or insane: ai.lineup)
    "level": {"en": "Opponents' level", "ru": "Уровень соперников"},
    "level_easy": {"en": "Easy", "ru": "Лёгкий"},
    "level_medium": {"en": "Medium", "ru": "Средний"},
    "level_hard": {"en": "Hard", "ru": "Сложный"},
    "level_insane": {"en": "Insane", "ru": "Безумный"},
    "level_random": {"en": "Random", "ru": "Случайный"},
    "level_easy_hint": {"en": "Plays sensibly but forgets the cards already played.",
                        "ru": "Ходит разумно, но не помнит вышедших карт."},
    "level_medium_hint": {"en": "Counts the cards and feeds its partner.",
                          "ru": "Считает карты и подкармливает партнёра."},
    "level_hard_hint": {"en": "Imagines possible deals and plays each one out. Your partner "
                              "Nina plays this way at every level but Insane.",
                        "ru": "Представляет возможные раздачи и разыгрывает каждую до конца. "
                              "Так играет и ваша партнёрша Нина на всех уровнях, кроме "
                              "безумного."},
    "level_insane_hint": {"en": "Imagines many more deals before every card, and so does your "
                                "partner Nina.",
                          "ru": "Перебирает намного больше раздач перед каждым ходом; так же "
                                "играет и ваша партнёрша Нина."},
    "level_random_hint": {"en": "Plays any legal card (for a quick try-out).",
                          "ru": "Кладёт любую разрешённую карту (для пробы)."},
    "trump_rule": {"en": "Trumps", "ru": "Козыри"},
    "trump_clubs": {"en": "Clubs", "ru": "Трефы"},
    "trump_called": {"en": "Called", "ru": "Заказ"},
    "trump_clubs_hint": {"en": "Clubs are trumps in every deal.",
                         "ru": "Трефы — козыри в каждой раздаче."},
    "trump_called_hint": {"en": "The player left of the dealer names the trump suit.",
                          "ru": "Игрок слева от сдающего назначает козырь."},
    "deck": {"en": "Deck", "ru": "Колода"},
    "deck_36": {"en": "36 cards", "ru": "36 карт"},
    "deck_32": {"en": "32 cards", "ru": "32 карты"},
    "match_to": {"en": "Play to", "ru": "Игра до"},
    "match_12": {"en": "12 points", "ru": "12 очков"},
    "match_6": {"en": "6 points", "ru": "6 очков"},
    "pace": {"en": "Pace of play", "ru": "Скорость игры"},
    "pace_relaxed": {"en": "Relaxed", "ru": "Спокойно"},
    "pace_quick": {"en": "Quick", "ru": "Быстро"},
    "pace_instant": {"en": "Instant", "ru": "Мгновенно"},
    "pace_relaxed_hint": {
        "en": "The other players' cards come one at a time, about half a second apart; a "
              "finished trick stays on the table for a second or so.",
        "ru": "Карты других игроков ложатся по одной, примерно через полсекунды; взятка "
              "лежит на столе около секунды."},
    "pace_quick_hint": {
        "en": "Shorter pauses: the cards come almost at once, and a finished trick stays on "
              "the table for under a second.",
        "ru": "Паузы короче: карты ложатся почти сразу, взятка лежит на столе меньше "
              "секунды."},
    "pace_instant_hint": {
        "en": "No pauses: a card comes as soon as its player has chosen it. A finished trick "
              "stays on the table until the next card is played; the Last trick button (key L) "
              "shows it again.",
        "ru": "Без пауз: карта ложится, как только игрок её выбрал. Взятка лежит на столе, "
              "пока не сыграна следующая карта; кнопка «Последняя взятка» (клавиша L) покажет "
              "её снова."},
    "colours": {"en": "Suit colours", "ru": "Цвета мастей"},
    "colours_2": {"en": "Two colours", "ru": "Два цвета"},
    "colours_4": {"en": "Four colours", "ru": "Четыре цвета"},
    "play": {"en": "Play", "ru": "Играть"},
    # -- table -----------------------------------------------------------------------------
    "seat_S": {"en": "You", "ru": "Вы"},
    "seat_N": {"en": "Nina", "ru": "Нина"},
    "seat_W": {"en": "Fedor", "ru": "Фёдор"},
    "seat_E": {"en": "Gleb", "ru": "Глеб"},
    "team_NS": {"en": "You and Nina", "ru": "Вы и Нина"},
    "team_EW": {"en": "Fedor and Gleb", "ru": "Фёдор и Глеб"},
    "we": {"en": "We", "ru": "Мы"},
    "they": {"en": "They", "ru": "Они"},
    # the mark on the dealer's plate: not a lone «С», the letter of the north seat (Nina's)
    "dealer_chip": {"en": "D", "ru": "Сд"},
    "menu": {"en": "Menu", "ru": "Меню"},
    "sound": {"en": "Sound", "ru": "Звук"},
    "hand_label": {"en": "Your hand", "ru": "Ваши карты"},
    "trick_label": {"en": "Cards on the table", "ru": "Карты на столе"},
    "thinking": {"en": "thinking", "ru": "думает"},
    "keys_hint": {"en": "Keys: ← → or 1–9 choose a card, Enter plays it, H asks for a hint.",
                  "ru": "Клавиши: ← → или 1–9 — выбрать карту, Enter — сыграть её, "
                        "H — подсказка."},
    "hint_button": {"en": "Hint", "ru": "Подсказка"},
    "keys_hint_last": {"en": "Keys: ← → or 1–9 choose a card, Enter plays it, H asks for a hint, "
                             "L shows the last trick.",
                       "ru": "Клавиши: ← → или 1–9 — выбрать карту, Enter — сыграть её, "
                             "H — подсказка, L — последняя взятка."},
    "last_trick": {"en": "Last trick", "ru": "Последняя взятка"},
    "last_trick_title": {"en": "Show the last trick again (key L; L or Esc hides it)",
                         "ru": "Показать последнюю взятку ещё раз (клавиша L; L или Esc — "
                               "скрыть её)"},
    "last_trick_took_S": {"en": "You took it: {points}", "ru": "Взяли вы: {points}"},
    "last_trick_took_N": {"en": "{name} took it: {points}", "ru": "Взяла {name}: {points}"},
    "last_trick_took_E": {"en": "{name} took it: {points}", "ru": "Взял {name}: {points}"},
    "last_trick_took_W": {"en": "{name} took it: {points}", "ru": "Взял {name}: {points}"},
    "last_trick_said": {"en": "Last trick: {cards}. {took}.",
                        "ru": "Последняя взятка: {cards}. {took}."},
    "hint_title": {"en": "What would a strong player do here, and why? (key H)",
                   "ru": "Как сыграл бы сильный игрок и почему? (клавиша H)"},
    # the app speaks of its own work as «мы» («Ищем…», «Разбираем…», «Открываем…»)
    "hint_thinking": {"en": "Looking for the best card from what you can see…",
                      "ru": "Ищем лучший ход по тому, что видно вам…"},
    "hint_failed": {"en": "No hint this time: something went wrong. Play on as you see fit.",
                    "ru": "Подсказка не получилась. Играйте, как считаете нужным."},
    "score_badge": {"en": "We {us} : {them} They · to {target}",
                    "ru": "Мы {us} : {them} Они · до {target}"},
    "trump_badge": {"en": "Trumps: {suit}", "ru": "Козыри: {suit}"},
    "trump_badge_none": {"en": "Trumps: not named yet", "ru": "Козырь ещё не назначен"},
    "double_badge": {"en": "×2", "ru": "×2"},
    "double_title": {"en": "After eggs this deal counts double.",
                     "ru": "После яиц эта раздача идёт вдвойне."},
    # the card points each side has taken so far in the deal, on one plate of each side
    # short, so that a narrow seat's plate stays on one line (the tooltip says who "we" are,
    # by the sides' names above)
    "points_ours": {"en": "We: {points}", "ru": "Мы: {points}"},
    "points_theirs": {"en": "They: {points}", "ru": "Они: {points}"},
    "points_ours_title": {"en": "{team_NS}: card points taken this deal",
                          "ru": "{team_NS}: очки, взятые в этой раздаче"},
    "points_theirs_title": {"en": "{team_EW}: card points taken this deal",
                            "ru": "{team_EW}: очки, взятые в этой раздаче"},
    "status_your_lead": {"en": "Your lead: choose a card.", "ru": "Ваш заход: выберите карту."},
    "status_your_turn": {"en": "Your turn: the cards you may play are raised.",
                         "ru": "Ваш ход: карты, которыми можно ходить, приподняты."},
    "status_thinking": {"en": "{name} is thinking…", "ru": "{name} думает…"},
    "status_call": {"en": "You name the trump suit this deal.",
                    "ru": "В этой раздаче козырь назначаете вы."},
    "status_called": {"en": "{name} named {suit} as trumps.",
                      "ru": "{name}: козыри — {suit}."},
    # {points} is a Count (i18n.POINTS): 1 point, 11 points; 21 очко, 2 очка, 11 очков
    "status_trick": {"en": "{name} takes the trick: {points}.",
                     "ru": "{name} забирает взятку: {points}."},
    "status_trick_you": {"en": "You take the trick: {points}.",
                         "ru": "Вы забираете взятку: {points}."},
    "status_wait": {"en": "Wait: it is {name}'s turn.", "ru": "Подождите: сейчас ходит {name}."},
    "status_paused": {"en": "Paused.", "ru": "Пауза."},
    "status_deal_over": {"en": "The deal is over.", "ru": "Раздача окончена."},
    "call_prompt": {"en": "Name the trump suit:", "ru": "Назначьте козырную масть:"},
    "ai_error": {"en": "{name} made a mistake and a legal card was played instead.",
                 "ru": "{name}: ошибка при выборе хода, вместо этого сыграна разрешённая карта."},
    "internal_error": {"en": "Something went wrong ({error}). Your match is saved: reload the "
                             "page to go on.",
                       "ru": "Что-то пошло не так ({error}). Партия сохранена: перезагрузите "
                             "страницу, чтобы продолжить."},
    "save_failed": {"en": "Not saved: the progress file cannot be written just now.",
                    "ru": "Не сохранено: файл прогресса сейчас нельзя записать."},
    "save_elsewhere": {"en": "Not saved: this match was continued in another window. Reload "
                             "this page to go on from where it was left there.",
                       "ru": "Не сохранено: эту партию продолжили в другом окне. Обновите "
                             "страницу, чтобы играть с того места, где там остановились."},
    # -- pause menu ------------------------------------------------------------------------
    "pause_title": {"en": "Paused", "ru": "Пауза"},
    "pause_text": {"en": "Your match is saved after every card.",
                   "ru": "Партия сохраняется после каждой карты."},
    "resume": {"en": "Resume", "ru": "Продолжить"},
    "new_game": {"en": "New match", "ru": "Новая партия"},
    # -- deal summary ----------------------------------------------------------------------
    # the sides are named as everywhere on the summary («Вы и Нина набрали…», the columns)
    "summary_won": {"en": "{team_NS} won the deal", "ru": "{team_NS} выиграли раздачу"},
    "summary_lost": {"en": "{team_EW} won the deal", "ru": "{team_EW} выиграли раздачу"},
    "summary_eggs": {"en": "Eggs: 60 each", "ru": "Яйца: по 60"},
    # the match score after a deal, said to a screen reader with the summary (its table shows
    # it); {score} is variant_views.match_score_words
    "summary_score_said": {"en": "Match score: {score}.", "ru": "Счёт партии: {score}."},
    "summary_score_rows_said": {"en": "Match score in rows: we {us} : {them} they.",
                                "ru": "Счёт партии в парах: мы {us} : {them} они."},
    # the head of the summary table's first column, over the rows' names
    "col_summary": {"en": "Totals", "ru": "Итоги"},
    "row_points": {"en": "Card points", "ru": "Очки за карты"},
    "row_tricks": {"en": "Tricks", "ru": "Взятки"},
    "row_written": {"en": "Written", "ru": "Записано"},
    "row_match": {"en": "Match score", "ru": "Счёт партии"},
    # {value} of worth_plain and {written} of worth_double are Counts (i18n.POINTS) of the
    # match score: «Раздача стоила 2 очка», «2 × 2 = 4 очка»
    "worth_plain": {"en": "The deal was worth {value}.", "ru": "Раздача стоила {value}."},
    "worth_double": {"en": "The deal was worth {value} × 2 = {written} (after eggs).",
                     "ru": "Раздача стоила {value} × 2 = {written} (после яиц)."},
    # why the deal writes what it writes (variant_views.result_reason), by the step of the score
    # table it fell on: {points} is a Count (i18n.POINTS), {save} the fewest points that save
    # the losers (31; 30 in kozly24), {big} the winners' points for two rows (classic: 90)
    "why_no_trick": {"en": "{losers} took no trick at all.",
                     "ru": "{losers} не взяли ни одной взятки."},
    "why_no_points": {"en": "{losers} took no points at all.",
                      "ru": "{losers} не набрали ни одного очка."},
    "why_saved_NS": {"en": "{team_NS} took {points}, at least {save}: you saved yourselves.",
                     "ru": "{team_NS} набрали {points}, не меньше {save}: вы спаслись."},
    "why_saved_EW": {"en": "{team_EW} took {points}, at least {save}: they saved themselves.",
                     "ru": "{team_EW} набрали {points}, не меньше {save}: они спаслись."},
    "why_not_saved_NS": {"en": "{team_NS} took {points}, fewer than {save}: you did not save "
                               "yourselves.",
                         "ru": "{team_NS} набрали {points}, меньше {save}: вы не спаслись."},
    "why_not_saved_EW": {"en": "{team_EW} took {points}, fewer than {save}: they did not save "
                               "themselves.",
                         "ru": "{team_EW} набрали {points}, меньше {save}: они не спаслись."},
    # classic: the winners write themselves rows on their own tablo (RULES.md 2.1)
    "why_one_row_NS": {"en": "{team_NS} took {points}, fewer than {big}: you write one "
                             "row.",
                       "ru": "{team_NS} набрали {points}, меньше {big}: вы пишете себе одну "
                             "пару."},
    "why_one_row_EW": {"en": "{team_EW} took {points}, fewer than {big}: they write one "
                             "row.",
                       "ru": "{team_EW} набрали {points}, меньше {big}: они пишут себе одну "
                             "пару."},
    "why_two_rows_NS": {"en": "{team_NS} took {points}, {big} or more: you write two rows.",
                        "ru": "{team_NS} набрали {points}, {big} и больше: вы пишете себе две "
                              "пары."},
    "why_two_rows_EW": {"en": "{team_EW} took {points}, {big} or more: they write two "
                              "rows.",
                        "ru": "{team_EW} набрали {points}, {big} и больше: они пишут себе две "
                              "пары."},
    "why_lyusya": {"en": "{winners} took every trick: lyusya.",
                   "ru": "{winners} взяли все взятки: это «люся»."},
    "why_erase": {"en": "{winners} took every trick.", "ru": "{winners} взяли все взятки."},
    "why_sweep_first": {"en": "{winners} took every trick in the first deal: the losers are "
                              "written {value}.",
                        "ru": "{winners} взяли все взятки в первой раздаче: проигравшим пишут "
                              "{value}."},
    "eggs_next": {"en": "Nobody writes; the next deal counts double.",
                  "ru": "Никто ничего не пишет, следующая раздача идёт вдвойне."},
    "next": {"en": "Next", "ru": "Дальше"},
    "review": {"en": "Review the deal", "ru": "Разбор раздачи"},
    # the match's results, not the summary table's «Итоги» of this deal on the same panel
    "results": {"en": "Match results", "ru": "Итоги партии"},
    # the match's results open the review of the deal that ended the match
    "review_last": {"en": "Review the last deal", "ru": "Разбор последней раздачи"},
    # -- results ---------------------------------------------------------------------------
    "results_won": {"en": "You won the match!", "ru": "Вы выиграли партию!"},
    "results_lost": {"en": "You lost the match", "ru": "Вы проиграли партию"},
    "results_score": {"en": "Final score: {score}.", "ru": "Итоговый счёт: {score}."},
    # the same on classic's tablo, where the score is kept in rows
    "results_score_rows": {"en": "Final score in rows: we {us} : {them} they.",
                           "ru": "Итоговый счёт в парах: мы {us} : {them} они."},
    "results_deals": {"en": "Deals won: we {us}, they {them}.",
                      "ru": "Выиграно раздач: мы {us}, они {them}."},
    # {eggs}: how many deals of the match were eggs, as «Выиграно раздач» counts deals (reads
    # for any number, 0 too)
    "results_eggs": {"en": "Deals with eggs: {eggs}.", "ru": "Раздач с яйцами: {eggs}."},
    "goats_they": {"en": "Fedor and Gleb are the goats.", "ru": "Фёдор и Глеб — козлы."},
    "goats_we": {"en": "{team_NS} are the goats.", "ru": "{team_NS} — козлы."},
    "naked_they": {"en": "Fedor and Gleb are naked goats: they wrote nothing!",
                   "ru": "Фёдор и Глеб — голые козлы: они ничего не записали!"},
    "naked_we": {"en": "{team_NS} are naked goats: you wrote nothing.",
                 "ru": "{team_NS} — голые козлы: вы ничего не записали."},
    # {level} is the setting's label («Лёгкий»), written in a sentence from a small letter
    # ({…!l}, see text); {trump} one of the two below
    "stats_title": {"en": "Your record at the {level!l} level with {trump}",
                    "ru": "Ваша статистика: {level!l} уровень, {trump}"},
    "stats_trump_clubs": {"en": "clubs as trumps", "ru": "козыри трефы"},
    "stats_trump_called": {"en": "a called trump", "ru": "козырь по заказу"},
    "stats_matches": {"en": "Matches won", "ru": "Выиграно партий"},
    "stats_deals": {"en": "Deals won", "ru": "Выиграно раздач"},
    # card points taken, on average: not the match points a deal writes
    "stats_points": {"en": "Card points per deal", "ru": "Очков за карты в среднем за раздачу"},
    "stats_goats": {"en": "Times you were goats", "ru": "Сколько раз были козлами"},
    "stats_of": {"en": "{n} of {total}", "ru": "{n} из {total}"},
    "stats_avg": {"en": "{avg}", "ru": "{avg}"},
    "stats_mistakes": {"en": "Illegal cards tried this match: {n}.",
                       "ru": "Попыток сыграть недопустимую карту за партию: {n}."},
    # -- deal review -----------------------------------------------------------------------
    "review_title": {"en": "Deal review: your card {n} of {total}",
                     "ru": "Разбор раздачи: ваш ход {n} из {total}"},
    "review_none": {"en": "You played no card in this deal.",
                    "ru": "В этой раздаче вы не сыграли ни одной карты."},
    "review_played": {"en": "You played the {card}.", "ru": "Вы сыграли: {card}."},
    # "with all the cards face up": what the solver sees (every hand open, perfect play after)
    "review_best": {"en": "That was one of the best cards (with all the cards face up).",
                    "ru": "Это был один из лучших ходов (если видеть все карты)."},
    "review_best_one": {"en": "That was the best card (with all the cards face up).",
                        "ru": "Это был лучший ход (если видеть все карты)."},
    # {diff} is a Count (i18n.MORE_POINTS): 1 more point, 3 more points; на 1 очко, на 3 очка,
    # на 5 очков больше
    "review_lost": {"en": "The best card kept {diff} for your side.",
                    "ru": "Лучший ход принёс бы вашей стороне на {diff} больше."},
    # {result} says who wins the deal after your card and after the best one, each with its
    # score (puzzles.result_words.compare_results): "you lose the deal (they write 2) instead of
    # winning it (you write 2)"
    "review_lost_result": {"en": "The best card would have given your side a better deal: after "
                                 "your card {result}.",
                           "ru": "Лучший ход дал бы вашей стороне лучший итог раздачи: после "
                                 "вашего хода {result}."},
    "review_catch": {"en": "A dash instead of points: after that card the 6♣ may catch the Q♣, "
                           "which ends the deal at once, and then only the deal's result counts.",
                     "ru": "Прочерк вместо очков: после такой карты шестёрка треф может поймать "
                           "даму треф, раздача тогда сразу кончается и считается только её итог."},
    # the learner's card is the second of the 6♣ and the Q♣ to fall in this trick
    "review_catch_now_6C": {"en": "A dash instead of points: your 6♣ catches the Q♣ in this "
                                  "very trick, which ends the deal at once, and only the deal's "
                                  "result counts.",
                            "ru": "Прочерк вместо очков: ваша шестёрка треф ловит даму треф "
                                  "прямо в этой взятке, раздача сразу кончается, и считается "
                                  "только её итог."},
    "review_catch_now_QC": {"en": "A dash instead of points: their 6♣ catches your Q♣ in this "
                                  "very trick, which ends the deal at once, and only the deal's "
                                  "result counts.",
                            "ru": "Прочерк вместо очков: вашу даму треф их шестёрка треф ловит "
                                  "прямо в этой взятке, раздача сразу кончается, и считается "
                                  "только её итог."},
    "review_catch_made": {"en": "A dash instead of points: the 6♣ has caught the Q♣ in this "
                                "trick already, so the deal ends with it, and only its result "
                                "counts.",
                          "ru": "Прочерк вместо очков: шестёрка треф уже поймала даму треф в "
                                "этой взятке, на ней раздача и кончается, и считается только её "
                                "итог."},
    "review_only": {"en": "It was your only legal card.",
                    "ru": "Других разрешённых карт у вас не было: ход был вынужденный."},
    "review_inexact": {"en": "Not every value is exact yet: a range means the solver ran out "
                             "of time (… = unknown).",
                       "ru": "Не все оценки точные: диапазон значит, что решателю не хватило "
                             "времени (… — неизвестно)."},
    "review_analysing": {"en": "Analysing your cards…", "ru": "Разбираем ваши ходы…"},
    # one card's analysis failed (the solver broke): the review goes on with the other cards
    "review_failed": {"en": "This card could not be analysed: something went wrong. Your other "
                            "cards are analysed as usual.",
                      "ru": "Этот ход разобрать не получилось: что-то пошло не так. Остальные "
                            "ваши ходы разбираются как обычно."},
    # the status line while the review is open: what the table shows
    "review_status": {"en": "The table as it was before your card, with every hand face up.",
                      "ru": "Стол перед вашим ходом, все карты открыты."},
    # the legend under the review's table, behind a disclosure titled so: one line a column
    "review_legend_title": {"en": "What do the columns mean?", "ru": "Что значат столбцы?"},
    "review_explain": {"en": "Points: what your side ends the deal with if you play the card "
                             "and everyone then plays perfectly with all the cards face up.",
                       "ru": "Очки: сколько ваша сторона наберёт за раздачу, если сыграть эту "
                             "карту, а дальше все играют безошибочно, видя все карты."},
    "review_explain_deal": {"en": "Deal: the deal's result if everyone played perfectly from "
                                  "here, with all the cards face up. The real result can differ "
                                  "when someone errs later.",
                            "ru": "Раздача: её итог, если отсюда все играют безошибочно, видя "
                                  "все карты. Настоящий итог бывает другим, когда кто-то потом "
                                  "ошибается."},
    # why a card the Hint suggested can rank low here: the Hint saw only the learner's side of
    # the table (ai.advice: sampled layouts of the hidden cards)
    "review_explain_hint": {"en": "The Hint knew only what you could see; the review sees every "
                                  "hand, so a card the Hint chose can rank lower here.",
                            "ru": "Подсказка знала только то, что видно вам, а разбор видит все "
                                  "руки, поэтому подсказанная карта здесь может стоять ниже."},
    "col_card": {"en": "Card", "ru": "Карта"},
    "col_points": {"en": "Points", "ru": "Очки"},
    "col_deal": {"en": "Deal", "ru": "Раздача"},
    # a best card's row says so in words, as the puzzles' table does, not by bold alone
    "review_best_mark": {"en": "{card} — best card", "ru": "{card} — лучший ход"},
    "deal_plus": {"en": "+{value} for us", "ru": "+{value} нам"},
    "deal_minus": {"en": "+{value} for them", "ru": "+{value} им"},
    "deal_eggs": {"en": "eggs", "ru": "яйца"},
    "prev_step": {"en": "← Previous", "ru": "← Назад"},
    "next_step": {"en": "Next →", "ru": "Дальше →"},
    "close": {"en": "Close", "ru": "Закрыть"},
    # -- the play notebook -----------------------------------------------------------------
    "nb_unfinished": {
        "en": "You have an unfinished match in this notebook ({match}): here it is, where you "
              "stopped. To start a new match instead: {call}",
        "ru": "В блокноте есть незаконченная партия ({match}): вот она, с того места, где вы "
              "остановились. Чтобы вместо неё начать новую: {call}",
    },
    "nb_no_match": {"en": "There is no match of this notebook to continue: start one with play().",
                    "ru": "Незаконченной партии этого блокнота нет: начните новую — play()."},
    "nb_no_deal": {"en": "No finished deal yet: play a deal to the end (here or in the app), "
                         "then run this cell again.",
                   "ru": "Законченных раздач пока нет: доиграйте раздачу (здесь или в "
                         "приложении) и запустите эту ячейку снова."},
    "nb_no_results": {"en": "No results yet: play a deal against the AI first.",
                      "ru": "Результатов пока нет: сначала сыграйте раздачу с компьютером."},
    "nb_bad_deal": {"en": "The last finished deal could not be read ({reason}).",
                    "ru": "Последнюю законченную раздачу не удалось прочитать ({reason})."},
    "nb_unreadable": {"en": "The progress file could not be read ({reason}).",
                      "ru": "Файл с прогрессом не удалось прочитать ({reason})."},
    "nb_deal_title": {"en": "Your last deal: {level}, {rule}",
                      "ru": "Ваша последняя раздача: {level}, {rule}"},
    "nb_col_trick": {"en": "Trick", "ru": "Взятка"},
    "nb_col_played": {"en": "You played", "ru": "Вы сыграли"},
    "nb_col_points": {"en": "Points after it", "ru": "Очки после хода"},
    "nb_col_deal": {"en": "Deal after it", "ru": "Раздача после хода"},
    "nb_col_best": {"en": "Best card", "ru": "Лучший ход"},
    "nb_col_best_points": {"en": "Points after the best", "ru": "Очки после лучшего"},
    "nb_col_best_deal": {"en": "Deal after the best", "ru": "Раздача после лучшего"},
    "nb_col_lost": {"en": "Points given away", "ru": "Потеряно очков"},
    "nb_col_why": {"en": "Why", "ru": "Почему"},
    "nb_col_level": {"en": "Level", "ru": "Уровень"},
    "nb_col_rule": {"en": "Trumps or game", "ru": "Козыри или вариант"},
    "nb_col_matches": {"en": "Matches", "ru": "Партий"},
    "nb_col_wins": {"en": "Matches won", "ru": "Выиграно партий"},
    "nb_col_deals": {"en": "Deals", "ru": "Раздач"},
    "nb_col_deals_won": {"en": "Deals won", "ru": "Выиграно раздач"},
    "nb_col_eggs": {"en": "Eggs", "ru": "Яйца"},
    "nb_col_naked": {"en": "Times you were naked goats", "ru": "Сколько раз были голыми козлами"},
}


class _Params(dict[str, object]):
    """A template's parameters in words; a name not given that is another text's key
    (``{team_NS}``) is that text in the same language."""

    def __init__(self, lang: str, params: dict[str, object]) -> None:
        super().__init__((name, in_words(value, lang)) for name, value in params.items())
        self.lang = lang

    def __missing__(self, name: str) -> str:
        if name not in TEXTS:
            raise KeyError(name)
        return text(name, self.lang)


_YOU_INSIDE = re.compile(r"(?<=[\w,:;—–-][ \u00a0])(?:Вы|You)\b")
"""The learner's «Вы» / "You" where no sentence starts: after a word, a comma, a colon, a
semicolon or a dash and a space (not after a closing quote or bracket, a number's bracket or an
opening quote, which may end or start a sentence)."""


def address_case(words: str) -> str:
    """``words`` with the learner's «Вы» / "You" in lower case wherever no sentence starts.

    >>> address_case("Последняя взятка: Фёдор — дама пик, Вы — восьмёрка треф. Вы взяли её.")
    'Последняя взятка: Фёдор — дама пик, вы — восьмёрка треф. Вы взяли её.'
    >>> address_case("Нажмите «Сдать».» Вы, 1) Вы, «Вы»")
    'Нажмите «Сдать».» Вы, 1) Вы, «Вы»'
    """
    return _YOU_INSIDE.sub(lambda found: found.group().lower(), words)


class _Formatter(string.Formatter):
    """``str.format`` and one more conversion, ``{level!l}``: a label (an option's name, «Лёгкий»,
    "Clubs") written inside a sentence, from a small letter («лёгкий», "clubs"); and one more
    format, ``{n:штрафное|штрафных|штрафных}``: a whole number with the word that agrees with
    it (:func:`counted`)."""

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "l":
            words = str(value)
            return words[:1].lower() + words[1:]
        return super().convert_field(value, conversion)

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            return counted(value, format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()

_SPECIAL = re.compile(r"!l\}|\{\w+:[^{}|]*\|[^{}]*\}")
"""A template that needs :data:`_FORMATTER`: a label from a small letter or a counted word."""


def counted(value: object, forms: str) -> str:
    """The whole number ``value`` and the form of ``forms`` that agrees with it: two forms
    (English: one, more) or three (Russian: 1, 2–4, 5 — :func:`~kozel_tutor.i18n.plural_ru`).

    >>> [counted(n, "штрафное|штрафных|штрафных") for n in (1, 2, 5, 21)]
    ['1 штрафное', '2 штрафных', '5 штрафных', '21 штрафное']
    >>> counted(1, "penalty point|penalty points"), counted(0, "penalty point|penalty points")
    ('1 penalty point', '0 penalty points')
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"a counted word needs a whole number, not {value!r}")
    words = forms.split("|")
    if len(words) == 3:
        return f"{value} {plural_ru(value, *words)}"
    if len(words) == 2:
        return f"{value} {words[0] if value == 1 else words[1]}"
    raise ValueError(f"a counted word has two forms (en) or three (ru), not {forms!r}")


def text(key: str, lang: str, **params: object) -> str:
    """The string ``key`` in ``lang`` with ``params`` filled in (suits and cards in words, and
    another text where the template names one); the learner's «Вы» / "You" is capitalised only
    where a sentence starts (:func:`address_case`), and a label marked ``!l`` is written from a
    small letter:

    >>> text("stats_title", "ru", level=text("level_easy", "ru"),
    ...      trump=text("stats_trump_clubs", "ru"))
    'Ваша статистика: лёгкий уровень, козыри трефы'
    """
    entry = TEXTS[key]
    template = entry.get(lang) or entry["en"]
    params_in = _Params(lang, params)
    # the plain str.format unless the template asks for !l or a counted word (the Formatter is
    # slower: every label of every view goes through here)
    filled = (_FORMATTER.vformat(template, (), params_in) if _SPECIAL.search(template)
              else template.format_map(params_in))
    return address_case(filled)
