"""Words for the puzzle player, the tutor and the teacher's tools, in Russian and English.

(:func:`plural_ru` is :func:`kozel_tutor.i18n.plural_ru`, named here too for the modules that
take it from this one.)

>>> points_phrase(21, "ru"), points_phrase(1, "en")
('21 очко', '1 point')
>>> say("right", "en")
'Right!'
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import CardError, parse_card
from ..i18n import POINTS, POINTS_WITH, TRICKS, Noun, pick, plural_ru
from ..seats import Seat

__all__ = ["ERRORS", "FILE_KINDS", "GOAL_WORDS", "PUZZLES", "TEXTS", "bytes_phrase", "cards_label",
           "cards_words", "in_both", "json_message", "plural_ru", "points_phrase", "points_words",
           "say", "seat_role", "size_phrase", "tricks_phrase"]

TEXTS: dict[str, dict[str, str]] = {
    "right": {"en": "Right!", "ru": "Верно!"},
    "wrong": {"en": "Not the best card.", "ru": "Это не лучшая карта."},
    "your_move": {"en": "Your move: pick a card.", "ru": "Ваш ход: выберите карту."},
    "hint": {"en": "Hint {n} (a right answer then earns {cost}% less rating)",
             "ru": "Подсказка {n} (верный ответ даст на {cost}% меньше рейтинга)"},
    "hint_no_gain": {"en": "Hint {n} (a right answer then earns no rating)",
                     "ru": "Подсказка {n} (верный ответ не даст рейтинга)"},
    "hint_unrated": {"en": "Hint {n}", "ru": "Подсказка {n}"},
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
    # what the best card would have given, after «а при лучшем ходе» / "whereas with the best
    # card" (the "compare", "miss_all" and "miss_trick" texts)
    "you_writing": {"en": "you would write {n}", "ru": "вы писали бы {n}"},
    "they_writing": {"en": "they would write {n}", "ru": "соперники писали бы {n}"},
    "eggs_ing": {"en": "it would be eggs", "ru": "были бы яйца"},
    "is_right": {"en": "After {card} your side ends the deal with {points} ({outcome}).",
                 "ru": "После {card} ваша сторона заканчивает раздачу с {points_ins} "
                       "({outcome})."},
    "is_right_all": {"en": "After {card} your side takes every trick ({outcome}).",
                     "ru": "После {card} ваша сторона берёт все взятки ({outcome})."},
    "is_right_trick": {"en": "After {card} your side gets a trick ({outcome}).",
                       "ru": "После {card} ваша сторона получает взятку ({outcome})."},
    "is_right_catch": {"en": "After {card} the 6♣ catches {whose} Q♣ and the deal ends "
                             "({outcome}).",
                       "ru": "После {card} шестёрка треф ловит {whose} даму треф, и раздача "
                             "кончается ({outcome})."},
    "is_right_catch_six": {"en": "Your 6♣ catches {whose} Q♣ and the deal ends ({outcome}).",
                           "ru": "Ваша шестёрка треф ловит {whose} даму треф, и раздача "
                                 "кончается ({outcome})."},
    "whose_ours": {"en": "your", "ru": "вашу"},
    "whose_theirs": {"en": "their", "ru": "их"},
    # {group}: the other cards of the answer's group, as :func:`and_list` joins them
    "also_right": {"en": "{card} is just as good: it is equivalent to {group}.",
                   "ru": "{card} ничем не хуже: эта карта равноценна {group}."},
    # the trick where the opponents gain, named by where it is: the one the card goes to, the
    # next one, or {later} tricks after it ("three" / «через три взятки»)
    "turn_this": {"en": "the opponents take this trick ({points}) with {card}",
                  "ru": "соперники забирают эту взятку ({points}) картой {card}"},
    "turn_next": {"en": "the opponents take the next trick ({points}) with {card}",
                  "ru": "соперники забирают следующую взятку ({points}) картой {card}"},
    "turn_later": {"en": "the opponents take a trick ({points}) with {card} {later} tricks later",
                   "ru": "через {later} соперники забирают взятку ({points}) картой {card}"},
    "turn_less": {"en": "your side takes less later", "ru": "ваша сторона потом берёт меньше"},
    "story_lead": {"en": "You are to lead.", "ru": "Ваш заход."},
    "story_trick": {"en": "On the table: {plays}.", "ru": "На столе: {plays}."},
    "story_taken": {"en": "Your side has {mine} in {mine_tricks}; the opponents {theirs} in "
                          "{their_tricks}.",
                    "ru": "У вашей стороны {mine} ({mine_tricks}), у соперников {theirs} "
                          "({their_tricks})."},
    "story_opening": {"en": "A new deal: you lead to the first trick.",
                      "ru": "Новая раздача, первый заход ваш."},
    # nizhny and kozly24: the first deal opens with a forced card ({card}: its name in words),
    # so a free first lead is a later deal's; where that card is the answer, it goes unnamed
    "story_opening_later": {"en": "Not the first deal of the match (that one opens with the "
                                  "{card}); you lead.",
                            "ru": "Это не первая раздача партии (первую открывает {card}); "
                                  "заходите вы."},
    "story_opening_later_free": {"en": "Not the first deal of the match; you lead.",
                                 "ru": "Это не первая раздача партии; заходите вы."},
    "story_own": {"en": "You see only your own cards and those already played.",
                  "ru": "Вы видите только свои карты и уже вышедшие."},
    "story_open": {"en": "All hands are open.", "ru": "Все карты открыты."},
    "story_variant": {"en": "Rules: {variant}.", "ru": "Правила — «{variant}»."},
    "story_catch": {"en": "The 6♣ and the Q♣ are both still in play, on opposite sides: if the "
                          "6♣ catches the Q♣ in one trick, the deal ends at once.",
                    "ru": "Шестёрка и дама треф ещё в игре, у разных сторон: если шестёрка "
                          "поймает даму треф в одной взятке, раздача сразу кончается."},
    # a points goal no longer in reach while the catch is live: the catch is what wins
    "story_goal_catch": {"en": "Win the deal: {target} is out of reach, so catch the Q♣ with "
                               "the 6♣ (the opponents are written {n}).",
                         "ru": "Выиграйте раздачу: набрать {target} уже нельзя — поймайте даму "
                               "треф шестёркой (соперникам пишут {n})."},
    "story_catch_hidden": {"en": "The 6♣ and the Q♣ have not been played yet: mind the catch.",
                           "ru": "Шестёрка и дама треф ещё не вышли: помните, что шестёрка "
                                 "ловит даму."},
    "variant_title": {"en": "{title} · {variant}", "ru": "{title} · {variant}"},
    "ending_title": {"en": "{theme}: {n} cards", "ru": "{theme}: {n} {cards_ru}"},
    # {theme}: the theme's name from a small letter ("pull trumps", «вытянуть козыри»)
    "opening_title": {"en": "Opening lead: {theme}", "ru": "Первый заход: {theme}"},
    # the teacher's gradebook
    "gb_student": {"en": "Student", "ru": "Ученик"},
    "gb_puzzle": {"en": "Puzzle", "ru": "Задача"},
    "gb_answered": {"en": "Answered", "ru": "Ответил"},
    "gb_of": {"en": "{n} of {total}", "ru": "{n} из {total}"},
    "gb_unanswered": {"en": "Not answered", "ru": "Не ответил"},
    "gb_unanswered_puzzle": {"en": "Students who did not answer", "ru": "Не ответили"},
    "gb_right": {"en": "Right", "ru": "Верно"},
    "gb_percent": {"en": "Right of answered, %", "ru": "Верно из отвеченных, %"},
    "gb_hints": {"en": "Hints", "ru": "Подсказки"},
    "gb_hints_mean": {"en": "Hints on average", "ru": "Подсказок в среднем"},
    "gb_seconds": {"en": "Seconds per puzzle (median)", "ru": "Секунд на задачу (медиана)"},
    "gb_seconds_puzzle": {"en": "Seconds (median)", "ru": "Секунд (медиана)"},
    "gb_students": {"en": "Students who answered", "ru": "Ответили"},
    "gb_wrong_card": {"en": "Most common wrong card", "ru": "Частая ошибка"},
    "gb_right_mark": {"en": "✓ right", "ru": "✓ верно"},
    "gb_wrong_mark": {"en": "✗ wrong", "ru": "✗ неверно"},
    "gb_none_mark": {"en": "— not answered", "ru": "— нет ответа"},
    "gb_empty": {"en": "No results yet: once your students send their results files and you "
                       "load them, the gradebook appears here.",
                 "ru": "Пока нет результатов: когда ученики пришлют свои файлы результатов и "
                       "вы их загрузите, здесь появится журнал."},
    "gb_by_student": {"en": "Students", "ru": "Ученики"},
    "gb_by_puzzle": {"en": "Puzzles", "ru": "Задачи"},
    "gb_answers": {"en": "Who answered what", "ru": "Кто как ответил"},
}


PUZZLES = Noun(("puzzle", "puzzles"), ("задача", "задачи", "задач"))
"""Puzzles counted, nominative: "2 puzzles", «2 задачи»."""


def say(key: str, lang: str, **params: object) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in."""
    return pick(TEXTS, key, lang, **params)


def points_phrase(n: int, lang: str, *, instrumental: bool = False) -> str:
    """``21 очко`` / ``21 points``; ``instrumental`` gives the form after «с»: «с 21 очком»."""
    return (POINTS_WITH if instrumental else POINTS)(n).in_lang(lang)


def tricks_phrase(n: int, lang: str) -> str:
    return TRICKS(n).in_lang(lang)


def seat_role(seat: Seat, learner: Seat, lang: str) -> str:
    """How the learner calls ``seat``: you, partner, left or right opponent."""
    if seat == learner:
        return say("you", lang)
    if seat == learner.partner:
        return say("partner", lang)
    if seat == learner.next:
        return say("left", lang)
    return say("right_opp", lang)


# -- what can be wrong with a puzzle, a set, a link or a results file -------------------------

ERRORS: dict[str, dict[str, str]] = {
    # where a problem is
    "puzzle": {"en": "puzzle", "ru": "задача"},
    "puzzle_n": {"en": "puzzle #{n}", "ru": "задача №{n}"},
    "named": {"en": "{where} {id!r}", "ru": "{where} «{id}»"},
    "at": {"en": "{where}: {problem}", "ru": "{where}: {problem}"},
    "field_title": {"en": "title", "ru": "название"},
    "field_story": {"en": "story", "ru": "условие"},
    "field_description": {"en": "description", "ru": "описание"},
    "field_hint": {"en": "hint {n}", "ru": "подсказка {n}"},
    "field_goal": {"en": "goal", "ru": "цель (goal)"},
    "field_view": {"en": "view", "ru": "вид (view)"},
    # puzzles and sets
    "json_object": {"en": "{where} must be a JSON object",
                    "ru": "{where}: нужен JSON-объект в фигурных скобках {{…}}"},
    "set_object": {"en": "a puzzle set must be a JSON object",
                   "ru": "набор задач должен быть JSON-объектом в фигурных скобках {{…}}"},
    "unknown_keys": {"en": "unknown key(s) {keys}", "ru": "незнакомые поля: {keys}"},
    "missing_keys": {"en": "missing key(s) {keys}", "ru": "не хватает полей: {keys}"},
    "bad_id": {"en": "id {id!r} must be 1-64 letters, digits, '-', '_' or '.'",
               "ru": "идентификатор «{id}» должен состоять из 1–64 латинских букв, цифр и знаков "
                     "«-», «_», «.»"},
    "bad_set_id": {"en": "set id {id} must be 1-64 letters, digits, '-', '_' or '.'",
                   "ru": "идентификатор набора {id}: нужны 1–64 латинские буквы, цифры и знаки "
                         "«-», «_», «.»"},
    "text_object": {"en": "{where} must be an object with ru and en strings",
                    "ru": "{where}: нужен объект с текстами ru и en"},
    "text_empty": {"en": "{where} must not be empty in either language",
                   "ru": "{where}: нужен текст и на русском (ru), и на английском (en)"},
    "position": {"en": "position: {error}", "ru": "позиция: {error}"},
    "bad_choice": {"en": "{name} {value!r} is not one of: {known}",
                   "ru": "{name}: нет значения «{value}» (можно: {known})"},
    "answers_list": {"en": "answers must be a non-empty list of card tokens",
                     "ru": "ответы (answers) должны быть непустым списком карт"},
    "answers_card": {"en": "answers: {error}",
                     "ru": "в ответах непонятная карта «{card}»: нужны достоинство и масть "
                           "латиницей, например QC или 10H"},
    "answers_illegal": {"en": "answer(s) {cards} cannot be played by {seat} in this position",
                        "ru": "в ответах записано {cards}, но игрок {seat} не может так сыграть "
                              "в этой позиции"},
    "themes_list": {"en": "themes must be a list of theme names",
                    "ru": "темы (themes) должны быть списком названий тем"},
    "unknown_themes": {"en": "unknown theme(s) {themes} (known: {known})",
                       "ru": "незнакомые темы: {themes} (есть такие: {known})"},
    "bad_rating": {"en": "rating must be a whole number from 100 to 3500, not {rating!r}",
                   "ru": "рейтинг должен быть целым числом от 100 до 3500, а не «{rating}»"},
    "hints_list": {"en": "hints must be a list of at most 5 {{ru, en}} texts",
                   "ru": "подсказки (hints) должны быть списком не больше чем из 5 текстов "
                         "{{ru, en}}"},
    "source_text": {"en": "source must be a string",
                    "ru": "источник (source) должен быть строкой"},
    "incomplete": {"en": "incomplete", "ru": "данные неполные"},
    "not_a_set": {"en": "not a puzzle set (format must be {format!r}, found {found})",
                  "ru": "это не файл набора задач (нужен формат «{format}», {found})"},
    # one of the app's own files where another was wanted: {kind} and {wanted} are FILE_KINDS
    "other_kind": {"en": "this is {kind}, not {wanted}", "ru": "это {kind}, а не {wanted}"},
    "set_version": {"en": "unsupported version {version} (this program reads 1)",
                    "ru": "версия файла {version} (программа читает версию 1)"},
    "puzzles_list": {"en": "puzzles must be a list",
                     "ru": "задачи (puzzles) должны быть списком"},
    "twice": {"en": "puzzle #{n}: id {id!r} appears twice",
              "ru": "задача №{n}: идентификатор «{id}» встречается второй раз"},
    # files
    # {size} and {limit}: size_phrase, "9 MB" / «9 МБ»
    "too_large": {"en": "too large ({size}; at most {limit})",
                  "ru": "файл слишком большой: {size}, а можно не больше {limit}"},
    "empty_file": {"en": "the file is empty", "ru": "файл пустой"},
    "not_utf8": {"en": "not UTF-8 text (a puzzle set file is JSON text)",
                 "ru": "это не текстовый файл (файл набора задач — текст в формате JSON)"},
    "bad_json": {"en": "not valid JSON: {message} (line {line}, column {column})",
                 "ru": "это некорректный JSON: {message} (строка {line}, символ {column})"},
    "json_cut": {"en": "not valid JSON: the file ends early, at line {line} (was it saved or "
                       "sent only in part?)",
                 "ru": "это некорректный JSON: файл обрывается раньше времени, в строке {line} "
                       "(может быть, он сохранился или отправился не целиком?)"},
    "json_curly": {"en": "not valid JSON: a typographic quotation mark {mark} at line {line}, "
                         "column {column}: JSON needs straight quotes \" (a word processor "
                         "such as Word curls them)",
                   "ru": "это некорректный JSON: в строке {line}, символ {column}, "
                         "типографская кавычка {mark}, а нужны прямые \" (так их меняет "
                         "текстовый редактор вроде Word)"},
    "json_deep": {"en": "not valid JSON: nested too deeply",
                  "ru": "это некорректный JSON: скобки вложены слишком глубоко"},
    "json_long_number": {"en": "not valid JSON: a number has too many digits",
                         "ru": "это некорректный JSON: в числе слишком много цифр"},
    "cannot_read": {"en": "cannot read: {reason}", "ru": "не удалось прочитать файл: {reason}"},
    "not_received": {"en": "the browser could not read the file; choose it again",
                     "ru": "браузер не смог прочитать файл; выберите его ещё раз"},
    # a teacher's own position
    "position_json": {"en": "the position is not written correctly: {what}. Line {line}, "
                            "character {column}: {near}",
                      "ru": "позиция записана с ошибкой: {what}. Строка {line}, символ "
                            "{column}: «{near}»"},
    "no_unique": {"en": "no unique best card — {reasons}",
                  "ru": "у позиции нет единственной лучшей карты — {reasons}"},
    "goal_reason": {"en": "{goal}: {problems}", "ru": "цель «{goal}»: {problems}"},
    # the solver's checker (:mod:`.verify`): why a position and goal make no puzzle; the
    # Russian words follow «цель …:», so «она» is the goal
    "goal_not_deciding": {"en": "goal {goal} does not decide the deal result under the {rules} "
                                "rules",
                          "ru": "по правилам «{rules}» она не решает исход раздачи"},
    "goal_catch_live": {"en": "goal max_points is not a count of card points while the 6♣ can "
                              "still catch the Q♣ (the catch is scored, not counted)",
                        "ru": "пока шестёрка треф может поймать даму треф, дело не в очках: "
                              "поимка сама решает раздачу"},
    "goal_trick_taken": {"en": "goal take_trick needs a side that has not taken a trick yet",
                         "ru": "она годится только для стороны, у которой ещё нет ни одной "
                               "взятки"},
    "goal_opponents_trick": {"en": "goal all_tricks needs opponents who have not taken a trick "
                                   "yet",
                             "ru": "она годится, только пока у соперников нет ни одной взятки"},
    "unsettled_cards": {"en": "not settled within the time budget: {cards}",
                        "ru": "решатель не успел оценить за отведённое время карты {cards}"},
    "unsettled": {"en": "not settled within the time budget",
                  "ru": "решатель не успел досчитать за отведённое время"},
    "one_card": {"en": "only one card can be played: there is nothing to choose",
                 "ru": "сыграть можно только одну карту — выбирать не из чего"},
    "no_card_reaches": {"en": "no card reaches the goal {goal}",
                        "ru": "её не достигает ни одна карта"},
    "every_card_reaches": {"en": "every card reaches the goal {goal}: there is nothing to find",
                           "ru": "её достигает любая карта — искать нечего"},
    "several_best": {"en": "no unique best: non-equivalent cards all reach the optimum "
                           "({cards})",
                     "ru": "лучший результат дают разные карты ({cards})"},
    "equivalent_differ": {"en": "equivalent cards differ: {cards}",
                          "ru": "равноценные карты дают разный результат: {cards}"},
    "no_clear_best": {"en": "no clear best: the next card is only {points} point(s) worse "
                            "(a max_points puzzle needs {margin})",
                      "ru": "нет явно лучшей карты: следующая хуже всего на {points} (нужна "
                            "разница хотя бы в {margin})"},
    "answers_differ": {"en": "answers say {stated} but the solver finds {found}",
                       "ru": "в ответах записано {stated}, а решатель находит {found}"},
    # a puzzle of a set opened from a file or a link that is set aside (:mod:`.verify`)
    "set_aside": {"en": "puzzle {n} (“{title}”): {why}", "ru": "задача {n} («{title}»): {why}"},
    "answer_wrong": {"en": "the set file's answer is {stated}, but the solver's best is {found}",
                     "ru": "в файле набора ответ — {stated}, а по решателю лучше всего {found}"},
    "answer_none": {"en": "the set file's answer is {stated}, but no card reaches the goal",
                    "ru": "в файле набора ответ — {stated}, но цели не достигает ни одна карта"},
    # notebooks
    "no_set": {"en": "no puzzle set {name!r} (known: {known})",
               "ru": "нет набора задач «{name}» (есть такие: {known})"},
    # links
    "bad_repo": {"en": "repository {repo!r} must look like owner/name",
                 "ru": "репозиторий «{repo}» записывается как владелец/название, например "
                       "kozel-tutor/kozel-tutor"},
    "link_chars": {"en": "the set parameter has characters that base64 never uses "
                         "(was the link cut or changed?)",
                   "ru": "в ней есть знаки, которых в записи набора не бывает (ссылку "
                         "обрезали или изменили?)"},
    "link_not_set": {"en": "the set parameter is not a compressed set "
                           "(was the link cut or changed?)",
                     "ru": "в ней нет сжатого набора задач (ссылку обрезали или изменили?)"},
    "link_too_large": {"en": "the set is larger than {limit} bytes",
                       "ru": "набор в ней слишком большой: больше {limit}"},
    "link_cut": {"en": "the set data is incomplete (was the link cut?)",
                 "ru": "набор в ней записан не целиком (ссылку обрезали?)"},
    # results files
    "not_results": {"en": "this is not a results file from kozel-tutor puzzles",
                    "ru": "это не файл результатов из задач kozel-tutor"},
    "set_not_results": {"en": "this is a puzzle set file, not a student's results file",
                        "ru": "это файл набора задач, а не результаты ученика"},
    "results_version": {"en": "unsupported version {version}",
                        "ru": "версия файла {version} (программа читает версию 1)"},
    "bad_student": {"en": "student must be a name of 1-80 characters",
                    "ru": "имя ученика (student) должно быть длиной от 1 до 80 символов"},
    "no_set_id": {"en": "set_id is missing", "ru": "не указан набор задач (set_id)"},
    "results_list": {"en": "results must be a list",
                     "ru": "ответы (results) должны быть списком"},
    "set_puzzles": {"en": "puzzles must be a list of {{id, title}} objects",
                    "ru": "список задач набора (puzzles) должен состоять из объектов "
                          "{{id, title}}"},
    "row_object": {"en": "row {n} is not an object", "ru": "строка {n} — не JSON-объект"},
    "row_lacks": {"en": "row {n} lacks {name!r}", "ru": "в строке {n} нет поля {name}"},
    "row_card": {"en": "row {n}: {error}",
                 "ru": "строка {n}: непонятная карта «{card}» (нужны достоинство и масть "
                       "латиницей, например QC или 10H)"},
    "row_correct": {"en": "row {n}: correct must be 0/1 or true/false",
                    "ru": "строка {n}: в поле correct должно быть 0/1 или true/false"},
    "row_correct_bool": {"en": "row {n}: correct must be true or false",
                         "ru": "строка {n}: в поле correct должно быть true или false"},
    "row_number": {"en": "row {n}: {detail}",
                   "ru": "строка {n}: в поле {field} должно быть число"},
    "row_range": {"en": "row {n}: seconds, hints or puzzle out of range",
                  "ru": "строка {n}: значение seconds, hints или puzzle вне допустимых "
                        "пределов"},
    "row_student": {"en": "row {n}: student or set_id missing",
                    "ru": "строка {n}: не указаны ученик (student) или набор (set_id)"},
    "csv_too_large": {"en": "file too large", "ru": "файл слишком большой"},
    "csv_columns": {"en": "a results CSV needs the columns {columns}",
                    "ru": "это не файл результатов: в CSV-таблице нужны столбцы {columns}"},
    "csv_broken": {"en": "{detail}", "ru": "CSV-таблицу не удалось разобрать: файл повреждён"},
    # where a problem came from
    "source_link": {"en": "link", "ru": "ссылка"},
    # what to do, after the problems: a student opening a set, a teacher reading results
    "advice_set_again": {"en": "Ask your teacher to send the set file again.",
                         "ru": "Попросите учителя прислать файл набора ещё раз."},
    "advice_link_again": {"en": "Ask your teacher to send the link again.",
                          "ru": "Попросите учителя прислать ссылку ещё раз."},
    "advice_open_set": {"en": "Open the puzzle set file your teacher sent.",
                        "ru": "Откройте файл набора задач, который прислал учитель."},
    "advice_results_again": {"en": "Ask the student to download the results again and send "
                                   "the new file.",
                             "ru": "Попросите ученика скачать результаты ещё раз и прислать "
                                   "новый файл."},
}
"""Every problem :class:`~.model.PuzzleError` can name, in English (``str(error)``, kept as it
always was) and in Russian (what the app shows)."""

FILE_KINDS: dict[str, dict[str, str]] = {
    "set": {"en": "a puzzle set file", "ru": "файл набора задач"},
    "results": {"en": "a student's results file", "ru": "файл результатов ученика"},
    "results_csv": {"en": "a student's results file (a CSV table)",
                    "ru": "файл результатов ученика (CSV-таблица)"},
    "gradebook": {"en": "a teacher's gradebook (the CSV table downloaded under the gradebook)",
                  "ru": "журнал учителя (CSV-таблица, которую скачивают под журналом)"},
    "backup": {"en": "a kozel-tutor progress backup", "ru": "резервная копия прогресса "
                                                            "kozel-tutor"},
    "game": {"en": "a saved kozel-tutor game", "ru": "сохранённая партия kozel-tutor"},
    "want_set": {"en": "a puzzle set", "ru": "набор задач"},
    "want_results": {"en": "a student's results file", "ru": "файл результатов ученика"},
}
"""The app's own files, as a reader names one given where another was wanted
(``other_kind``); ``want_…``: what the reader wanted."""

GOAL_WORDS: dict[str, dict[str, str]] = {
    "max_points": {"en": "as many points as possible", "ru": "как можно больше очков"},
    "make_61": {"en": "win the deal ({n})", "ru": "выиграть раздачу ({n})"},
    "make_90": {"en": "make {n}", "ru": "набрать {n}"},
    "save_31": {"en": "save yourselves ({n})", "ru": "спастись ({n})"},
    "take_trick": {"en": "take a trick", "ru": "взять взятку"},
    "all_tricks": {"en": "take every trick", "ru": "взять все взятки"},
}
"""A goal in a few words, ``{n}`` the card points it asks for (the standard game's 61, 90, 31,
or a preset's own: :func:`.variants.goal_threshold`)."""

_JSON_MESSAGES_EN = {
    "Expecting value": "a value is missing, or there is an extra comma before it",
    "Expecting property name enclosed in double quotes": "a name in double quotes is missing, "
                                                         "or there is an extra comma before it",
    "Expecting ',' delimiter": "a comma is missing",
    "Expecting ':' delimiter": "a colon is missing",
    "Unterminated string starting at": "a quotation mark is never closed",
    "Invalid control character at": "a quotation mark is not closed before the end of the line",
    "Invalid \\escape": "a backslash \\ that does not belong there",
    "Extra data": "there is more text after the end of the JSON",
    "Illegal trailing comma before end of object": "an extra comma before }",
    "Illegal trailing comma before end of array": "an extra comma before ]",
}
_JSON_MESSAGES_RU = {
    "Expecting value": "нет значения или перед ним лишняя запятая",
    "Expecting property name enclosed in double quotes": "нет имени поля в двойных кавычках или "
                                                         "перед ним лишняя запятая",
    "Expecting ',' delimiter": "не хватает запятой",
    "Expecting ':' delimiter": "не хватает двоеточия",
    "Unterminated string starting at": "строка в кавычках не закрыта",
    "Invalid control character at": "кавычка не закрыта до конца строки",
    "Invalid \\escape": "неправильная последовательность с обратной косой чертой",
    "Extra data": "после конца JSON есть лишний текст",
    "Illegal trailing comma before end of object": "лишняя запятая перед }",
    "Illegal trailing comma before end of array": "лишняя запятая перед ]",
}


def json_message(message: str) -> dict[str, str]:
    """The JSON decoder's message in plain English and Russian words (a learner reads them,
    not the parser's "Expecting value").

    >>> json_message("Invalid control character at")["en"]
    'a quotation mark is not closed before the end of the line'
    """
    return {"en": _JSON_MESSAGES_EN.get(message, "a mistake in the writing"),
            "ru": _JSON_MESSAGES_RU.get(message, "ошибка в записи")}


def bytes_phrase(n: int) -> dict[str, str]:
    """A size: the bare number in English (as the messages always said), «2 000 000 байт»."""
    spaced = f"{n:,}".replace(",", "\u00a0")
    return {"en": str(n), "ru": f"{spaced} {plural_ru(n, 'байт', 'байта', 'байт')}"}


def size_phrase(n: int, over: int = 0) -> dict[str, str]:
    """A file's size as people say it: in megabytes (of 1024 × 1024 bytes, as the file button
    counts them), kilobytes or bytes, to a tenth at most.  A size ``over`` a limit never reads
    as the limit does.

    >>> size_phrase(8 * 1024 * 1024)["ru"], size_phrase(9_437_229)["en"]
    ('8 МБ', '9 MB')
    >>> size_phrase(8 * 1024 * 1024 + 1, over=8 * 1024 * 1024)["ru"]
    '8,1 МБ'
    >>> size_phrase(1536)["en"], size_phrase(12)["ru"]
    ('1.5 kB', '12 байт')
    """
    if n < 1024:
        return {"en": f"{n} bytes", "ru": bytes_phrase(n)["ru"]}
    (en, ru), scale = (("MB", "МБ"), 1024 * 1024) if n >= 1024 * 1024 else (("kB", "КБ"), 1024)
    tenths = round(n * 10 / scale)
    if over and tenths <= round(over * 10 / scale):   # 8 MB and a byte: not «8 МБ»
        tenths = round(over * 10 / scale) + 1
    whole, tenth = divmod(tenths, 10)
    return {"en": f"{whole}.{tenth} {en}" if tenth else f"{whole} {en}",
            "ru": f"{whole},{tenth} {ru}" if tenth else f"{whole} {ru}"}


def in_both(words: Callable[[str], str]) -> dict[str, str]:
    """A phrase worded in each language by ``words(lang)``, as a problem's parameter takes it."""
    return {lang: words(lang) for lang in ("en", "ru")}


def points_words(n: int) -> dict[str, str]:
    """Card points: the bare number in English (as the checker always said), «6 очков»."""
    return {"en": str(n), "ru": points_phrase(n, "ru")}


def cards_words(tokens: str) -> dict[str, str]:
    """Card tokens as written in English (``TC 7S``), as a player reads them in Russian."""
    return {"en": tokens, "ru": cards_label(tokens, "ru")}


def cards_label(tokens: str, lang: str) -> str:
    """Card tokens as written (``TC 7S``) shown as a player reads them (``10♣ 7♠``)."""
    out = []
    for token in tokens.split():
        try:
            out.append(parse_card(token.strip(",")).label(lang)
                       + ("," if token.endswith(",") else ""))
        except CardError:
            out.append(token)
    return " ".join(out)
