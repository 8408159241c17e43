"""Every word of the Teacher section (:mod:`.teacher_view`), in Russian and English: the
screen's texts (:data:`TEXT`, through :func:`t`) and the help on writing a position
(:data:`HELP`).

>>> t("found", "ru", n=3)
'Подходит задач: 3.'
>>> t("found", "de", n=3)
'Matching puzzles: 3.'
"""

from __future__ import annotations

from ..i18n import pick

__all__ = ["HELP", "TEXT", "t"]

TEXT: dict[str, dict[str, str]] = {
    "title": {"ru": "Учителю: наборы задач", "en": "For teachers: puzzle sets"},
    "bad_catalogue": {"ru": "Часть задач не загрузилась: {problems}",
                      "en": "Some puzzles could not be loaded: {problems}"},
    "draft_lost": {"ru": "Набор, который вы собирали, не удалось прочитать. Он отложен в "
                         "сторону (остальной прогресс цел); начните новый набор.",
                   "en": "The set you were putting together could not be read. It was put "
                         "aside (the rest of your progress is kept); start a new set."},
    "draft_part": {"ru": "Часть набора, который вы собирали, не удалось прочитать ({what}). "
                         "Она отложена в сторону; остальное — ниже.",
                   "en": "Part of the set you were putting together could not be read "
                         "({what}). It was put aside; the rest is below."},
    "left_out": {"ru": "не прочитано задач: {n}", "en": "puzzles left out: {n}"},
    "refill": {"ru": "заполните заново: {fields}", "en": "to fill in again: {fields}"},
    "field_title": {"ru": "название", "en": "the title"},
    "field_repo": {"ru": "репозиторий", "en": "the repository"},
    "field_position": {"ru": "позиция", "en": "the position"},
    "field_goal": {"ru": "цель ученика", "en": "the student's goal"},
    "field_puzzles": {"ru": "список задач", "en": "the list of puzzles"},
    "draft_unread": {"ru": "Набор, который вы собирали в прошлый раз, сейчас не удалось прочитать; "
                           "он не тронут. Этот набор пока не сохраняется: откройте раздел "
                           "позже или скачайте файл набора.",
                     "en": "The set you were putting together last time could not be read just "
                           "now; it is left as it was. This set is not being kept meanwhile: "
                           "open the section again later, or download the set file."},
    "not_kept": {"ru": "Набор сейчас не сохраняется: файл прогресса не удалось записать. Если "
                       "уйти из раздела или перезагрузить страницу, набор пропадёт — скачайте "
                       "файл набора.",
                 "en": "The set is not being kept now: the progress file could not be written. "
                       "Leaving the section or reloading the page would lose it – download "
                       "the set file."},
    "cut_title": {"ru": "Название обрезано до {n} символов: длиннее не сохраняется.",
                  "en": "The title is cut to {n} characters: a longer one is not kept."},
    "cut_repo": {"ru": "Репозиторий обрезан до {n} символов: длиннее не сохраняется.",
                 "en": "The repository is cut to {n} characters: a longer one is not kept."},
    "cut_position": {"ru": "Позиция обрезана до {n} символов: длиннее не сохраняется.",
                     "en": "The position is cut to {n} characters: a longer one is not kept."},
    "intro": {"ru": "Соберите набор, поделитесь файлом или ссылкой, загрузите результаты учеников.",
              "en": "Build a set, share it as a file or a link, load your students' results."},
    "home": {"ru": "← Домой", "en": "← Home"},
    "build": {"ru": "1. Собрать набор", "en": "1. Build a set"},
    "theme": {"ru": "Тема", "en": "Theme"},
    "difficulty": {"ru": "Сложность", "en": "Difficulty"},
    "cards": {"ru": "Карт на руке", "en": "Cards in hand"},
    "variant": {"ru": "Вариант", "en": "Variant"},
    # the lists' choices begin with a capital letter, as the themes' and variants' names do
    "any": {"ru": "Любая", "en": "Any"},   # тема, сложность
    "any_cards": {"ru": "Любое", "en": "Any"},   # число карт
    "any_variant": {"ru": "Любой", "en": "Any"},
    "easy": {"ru": "Лёгкие (<1200)", "en": "Easy (<1200)"},
    "medium": {"ru": "Средние (1200–1599)", "en": "Medium (1200–1599)"},
    "hard": {"ru": "Трудные (1600+)", "en": "Hard (1600+)"},
    # as the theme and the puzzles' titles say it: «Первый заход»
    "opening": {"ru": "Первый заход", "en": "Opening lead"},
    "found": {"ru": "Подходит задач: {n}.", "en": "Matching puzzles: {n}."},
    # some of them ticked ✓ in the list: the list shows {n}, the button adds from {left}
    "found_left": {"ru": "Подходит задач: {n}, из них ещё не в наборе: {left}.",
                   "en": "Matching puzzles: {n}, not yet in the set: {left}."},
    "add": {"ru": "Добавить первые {n}", "en": "Add the first {n}"},
    "clear": {"ru": "Очистить набор", "en": "Clear the set"},
    "clear_hint": {"ru": "Убрать из набора все задачи (сначала спросит)",
                   "en": "Take every puzzle out of the set (asks first)"},
    "clear_ask": {"ru": "Убрать из набора все задачи ({n}), и ваши собственные позиции тоже? "
                        "Вернуть их будет нельзя.",
                  "en": "Take every puzzle ({n}) out of the set, your own positions too? "
                        "They cannot be brought back."},
    "clear_yes": {"ru": "Да, очистить", "en": "Yes, clear it"},
    "clear_no": {"ru": "Отмена", "en": "Cancel"},
    "open_set": {"ru": "Открыть файл набора", "en": "Open a set file"},
    "opened": {"ru": "Открыт набор «{title}» из файла {file}: задач {n}.",
               "en": "Opened the set “{title}” from {file}: {n} puzzles."},
    "open_bad": {"ru": "Файл набора не открыт: {reason}",
                 "en": "The set file was not opened: {reason}"},
    # what to do after a set file that did not open (the teacher's own file, not a student's)
    "advice_set_file": {"ru": "Откройте файл, скачанный кнопкой «⬇ Файл набора».",
                        "en": "Open a file saved with “⬇ Set file”."},
    "advice_set_size": {"ru": "Файл набора занимает меньше 1 МБ: проверьте, тот ли это файл.",
                        "en": "A set file takes less than 1 MB: check that this is the right "
                              "file."},
    "advice_set_again": {"ru": "Скачайте файл набора заново там, где набор собран (кнопка "
                               "«⬇ Файл набора»), или попросите прислать его ещё раз.",
                         "en": "Download the set file again where the set was put together "
                               "(“⬇ Set file”), or ask for it to be sent again."},
    "replace_ask": {"ru": "Заменить набор на экране (задач: {n}) набором из файла {file} "
                          "(задач: {m})? Набор, который сейчас на экране, пропадёт.",
                    "en": "Replace the set on the screen ({n} puzzles) with the set in {file} "
                          "({m} puzzles)? The set now on the screen will be gone."},
    "replace_yes": {"ru": "Да, заменить", "en": "Yes, replace it"},
    "pick": {"ru": "Задачи каталога", "en": "Catalogue puzzles"},
    "pick_help": {"ru": "Выберите задачу в списке (стрелками ↑ ↓ или мышью) — рядом появятся её "
                        "позиция, цель и ответ. Значок ✓ — задача уже в наборе.",
                  "en": "Choose a puzzle in the list (with ↑ ↓ or the mouse) and its position, "
                        "goal and answer show beside it. ✓ marks the puzzles already in the "
                        "set."},
    "pick_none": {"ru": "Под эти условия задач в каталоге нет: измените фильтры выше.",
                  "en": "No catalogue puzzle matches these filters: change them above."},
    "pick_add": {"ru": "Добавить в набор", "en": "Add to the set"},
    "pick_remove": {"ru": "Убрать из набора", "en": "Remove from the set"},
    "pv_student": {"ru": "Ученик", "en": "The student"},
    "pv_hands": {"ru": "Карты игроков", "en": "The players' cards"},
    "pv_trump": {"ru": "Козыри: {suit}.", "en": "Trumps: {suit}."},
    "pv_answer": {"ru": "Ответ: {cards}", "en": "Answer: {cards}"},
    "pv_hints": {"ru": "Подсказки ученику", "en": "The student's hints"},
    "own": {"ru": "Своя позиция", "en": "A position of your own"},
    "author": {"ru": "Вставьте сюда позицию — или нажмите «Начать с примера» и поменяйте в нём "
                     "карты.",
               "en": "Paste a position here – or press “Start from the example” and change "
                     "its cards."},
    "example": {"ru": "Начать с примера", "en": "Start from the example"},
    "example_hint": {"ru": "Вставить в поле пример позиции (то, что там было, заменится)",
                     "en": "Put an example position in the box (replacing what is there)"},
    "goal": {"ru": "Цель ученика", "en": "Student's goal"},
    "auto": {"ru": "Любая: решатель выберет цель, где есть одна лучшая карта",
             "en": "Any: the solver picks a goal with one best card"},
    "goal_hint": {"ru": "Ученик играет за того, чей сейчас ход. Позиция станет задачей, только "
                        "если для цели есть одна лучшая карта (или равноценные ей).",
                  "en": "The student plays for the player whose turn it is. The position "
                        "becomes a puzzle only if one card (or cards equal to it) is best for "
                        "the goal."},
    "check": {"ru": "Проверить и добавить", "en": "Check and add"},
    "added": {"ru": "Добавлено: {title} — ответ {answers}.",
              "en": "Added: {title} — answer {answers}."},
    "rejected": {"ru": "Не добавлено: {reason}", "en": "Not added: {reason}"},
    "already": {"ru": "Эта позиция уже есть в наборе (задача {n}).",
                "en": "This position is already in the set (puzzle {n})."},
    "share": {"ru": "2. Поделиться", "en": "2. Share"},
    "set_title": {"ru": "Название набора", "en": "Set title"},
    "set_title_example": {"ru": "например, Домашка 5: козыри", "en": "e.g. Homework 5: trumps"},
    "repo_example": {"ru": "например, school-7/kozel-tutor", "en": "e.g. school-7/kozel-tutor"},
    "position_label": {"ru": "Позиция", "en": "Position"},
    "repo": {"ru": "Репозиторий GitHub (владелец/название)",
             "en": "GitHub repository (owner/name)"},
    "in_set": {"ru": "В наборе задач: {n}", "en": "Puzzles in the set: {n}"},
    "download": {"ru": "⬇ Файл набора", "en": "⬇ Set file"},
    "link": {"ru": "Ссылка Binder: по ней ученики откроют набор в приложении",
             "en": "Binder link: your students open the set in the app with it"},
    "copy": {"ru": "Копировать ссылку", "en": "Copy the link"},
    "copied": {"ru": "Скопировано ✓", "en": "Copied ✓"},
    "open_link": {"ru": "Открыть (в новой вкладке)", "en": "Open it (in a new tab)"},
    "local_summary": {"ru": "Попробовать набор здесь", "en": "Try the set here"},
    "local_open": {"ru": "Открыть набор здесь (в новой вкладке)",
                   "en": "Open the set here (in a new tab)"},
    "local_note": {"ru": "Эта ссылка открывает набор в этом приложении — чтобы вы сами прошли "
                         "его, как ученик. Ученикам её не давайте: это приложение хранит одно "
                         "имя, одни ответы и один рейтинг на всех, кто его открывает (по сети "
                         "тоже), и ученики увидели бы ответы друг друга.",
                   "en": "This link opens the set in this app – to go through it yourself, as "
                         "a student would. Do not give it to your students: this app keeps one "
                         "name, one set of answers and one rating for everyone who opens it "
                         "(over the network too), so they would see each other's answers."},
    "own_copy": {"ru": "Каждый ученик решает набор в своей копии приложения: по ссылке Binder "
                       "(у каждого свой сеанс) или в приложении, установленном на его "
                       "компьютере, — тогда хватит и файла набора: «Задачи» → «Открыть файл "
                       "набора».",
                 "en": "Each student solves the set in their own copy of the app: through the "
                       "Binder link (each gets a session of their own), or in the app "
                       "installed on their own computer – then the set file is enough: "
                       "Puzzles → Open a set file."},
    "reshare": {"ru": "Набор изменён после того, как вы его раздали: это уже другой набор — "
                      "раздайте его заново; ответы на старый придут отдельно.",
                "en": "The set was changed after you handed it out: it is now a different set "
                      "– hand it out again; answers to the old one will come in separately."},
    # said, not shown: worded apart from the count on the screen («В наборе задач: 9»)
    "said_added_n": {"ru": "Добавлено задач: {n}, всего в наборе: {total}.",
                     "en": "Puzzles added: {n}; {total} in the set now."},
    "said_added_one": {"ru": "Добавлено в набор: «{title}», всего в наборе: {total}.",
                       "en": "Added to the set: “{title}”; {total} in the set now."},
    "said_removed": {"ru": "Убрано из набора: «{title}», осталось в наборе: {total}.",
                     "en": "Removed from the set: “{title}”; {total} left in the set."},
    "said_cleared": {"ru": "Набор очищен: в нём нет задач.",
                     "en": "The set is cleared: it has no puzzles."},
    "said_files": {"ru": "Загружено файлов: {n}. Журнал — ниже.",
                   "en": "Files loaded: {n}. The gradebook is below."},
    "said_files_bad": {"ru": "Загружено файлов: {n}, не прочитано из них: {bad} — почему, "
                             "сказано ниже.",
                       "en": "Files loaded: {n}, not read: {bad} – the reasons are below."},
    "link_length": {"ru": "Символов в ссылке: {n}.", "en": "Characters in the link: {n}."},
    "nb_file": {"ru": "Файл набора сохранён: {file}", "en": "The set file is saved: {file}"},
    "long": {"ru": "Ссылка длинная ({n} символов): некоторые мессенджеры её обрежут — "
                   "надёжнее файл.",
             "en": "The link is long ({n} characters): some chat apps cut it — the file is "
                   "safer."},
    "grade": {"ru": "3. Результаты учеников", "en": "3. Students' results"},
    "upload": {"ru": "Загрузить файлы результатов", "en": "Load results files"},
    "bad": {"ru": "Эти файлы не прочитаны (остальные — в журнале ниже):",
            "en": "These files were not read (the others are in the gradebook below):"},
    "bad_none": {"ru": "Ни один файл не прочитан:", "en": "No file could be read:"},
    # what to do after a file that is not a student's results file
    "advice_results_file": {"ru": "Загрузите файл результатов, который ученик скачал, решив "
                                  "набор (кнопкой «⬇ Результаты»).",
                            "en": "Load the results file the student downloaded after solving "
                                  "the set (with “⬇ Results”)."},
    "advice_results_set": {"ru": "Здесь загружают файлы результатов учеников, а файл набора "
                                 "открывают выше, в «2. Поделиться».",
                           "en": "Students' results files are loaded here; a set file is "
                                 "opened above, under “2. Share”."},
    "advice_results_size": {"ru": "Файл результатов ученика занимает несколько КБ: "
                                  "проверьте, тот ли это файл.",
                            "en": "A student's results file takes a few kB: check that this "
                                  "is the right file."},
    # why a results file could not be read when no check foresaw it (the details go to the
    # log); it follows «не удалось прочитать файл:» / "cannot read:", then what to do
    "unexpected_file_error": {"ru": "приложение столкнулось с непредвиденной ошибкой",
                              "en": "the app ran into an unexpected error"},
    "bad_none_hint": {"ru": "Файл результатов ученик скачивает в приложении, решив ваш набор "
                            "задач (JSON или CSV). Загрузите такие файлы — и здесь появится "
                            "журнал.",
                      "en": "A results file is what a student downloads in the app after "
                            "solving your puzzle set (JSON or CSV). Load such files and the "
                            "gradebook appears here."},
    "files_heading": {"ru": "Загруженные файлы", "en": "Files loaded"},
    "file_read": {"ru": "{file} → {student} · набор «{set}» · ответов: {n}",
                  "en": "{file} → {student} · set “{set}” · answers: {n}"},
    "file_bad": {"ru": "{file} — не прочитан (почему — ниже)",
                 "en": "{file} — not read (see why below)"},
    "remove_file_hint": {"ru": "Убрать файл {file} из журнала",
                         "en": "Take the file {file} out of the gradebook"},
    "clear_results": {"ru": "Убрать все файлы", "en": "Remove all files"},
    "clear_results_hint": {"ru": "Убрать из журнала все загруженные файлы результатов "
                                 "(сначала спросит)",
                           "en": "Take every results file loaded out of the gradebook (asks "
                                 "first)"},
    "clear_results_ask": {"ru": "Убрать из журнала все загруженные файлы ({n})? Вернуть их "
                                "можно, только загрузив файлы снова.",
                          "en": "Take every file loaded ({n}) out of the gradebook? They come "
                                "back only if you load the files again."},
    "clear_results_yes": {"ru": "Да, убрать все", "en": "Yes, remove them all"},
    "said_files_cleared": {"ru": "Все файлы убраны из журнала.",
                           "en": "Every file is taken out of the gradebook."},
    # a file chosen again (the same name and the same content): listed once
    "again_one": {"ru": "Файл {files} уже загружен: в списке он один раз.",
                  "en": "The file {files} is already loaded: it is listed once."},
    "again_many": {"ru": "Файлы {files} уже загружены: в списке каждый один раз.",
                   "en": "The files {files} are already loaded: each is listed once."},
    "empty_set": {"ru": "Набор пуст: добавьте задачи.", "en": "The set is empty: add puzzles."},
    "remove": {"ru": "Убрать", "en": "Remove"},
    "remove_n": {"ru": "Убрать №{n}", "en": "Remove #{n}"},
    "remove_hint": {"ru": "Убрать из набора задачу №{n} «{title}»",
                    "en": "Remove puzzle #{n} “{title}” from the set"},
    "item_theme": {"ru": "тема: {themes}", "en": "theme: {themes}"},
    "item_themes": {"ru": "темы: {themes}", "en": "themes: {themes}"},
    "item_variant": {"ru": "вариант: {variant}", "en": "variant: {variant}"},
    "item_rating": {"ru": "рейтинг {rating}", "en": "rating {rating}"},
    "item_id": {"ru": "код {id}", "en": "id {id}"},
    "paste_first": {"ru": "Сначала вставьте позицию в поле выше (или начните с примера).",
                    "en": "Paste a position in the box above first (or start from the "
                          "example)."},
    "default_title": {"ru": "Набор задач", "en": "Puzzle set"},
}

# How to write a position, for a teacher who is not a programmer: what each line of the
# example means.  The JSON names stay in Latin letters in both languages (they are typed so).
HELP: dict[str, tuple[str, list[str]]] = {
    "en": ("How to write a position",
           ["<b>hands</b>: the cards each player holds – <b>N</b>, <b>E</b>, <b>S</b>, <b>W</b> "
            "(North and South play together against East and West). A card is its rank and "
            "suit: ranks 6 7 8 9 <b>T</b> (ten) <b>J Q K A</b>, suits <b>C</b> ♣ <b>S</b> ♠ "
            "<b>H</b> ♥ <b>D</b> ♦; so <code>TC</code> is the ten of clubs. Between tricks "
            "every hand has the same number of cards.",
            "<b>leader</b>: who leads the trick (N, E, S or W). The student plays for the "
            "player whose turn it is: the leader, or the next player after the cards already "
            "on the table.",
            "<b>trick</b>: the cards already played to this trick, in order from the leader, "
            "such as <code>[\"AH\", \"7H\"]</code>; <code>[]</code> when none.",
            "<b>taken</b>: card points and tricks each side has taken so far: "
            "<code>\"NS\": [points, tricks]</code>. With the points of the cards still in play "
            "(A 11, T 10, K 4, Q 3, J 2) they make 120.",
            "<b>trump</b>: the trump suit (C, S, H or D); <b>rules</b>: standard, classic, "
            "nizhny or kozly24.",
            "Keep the quotation marks, commas, colons and brackets as in the example."]),
    "ru": ("Как записать позицию",
           ["<b>hands</b> — карты каждого игрока: <b>N</b> (север), <b>E</b> (восток), "
            "<b>S</b> (юг), <b>W</b> (запад); N и S играют вместе против E и W. Карта — "
            "достоинство и масть латиницей: 6 7 8 9 <b>T</b> (десятка) <b>J</b> (валет) "
            "<b>Q</b> (дама) <b>K</b> (король) <b>A</b> (туз), масти <b>C</b> ♣ <b>S</b> ♠ "
            "<b>H</b> ♥ <b>D</b> ♦; так, <code>TC</code> — десятка треф. Между взятками у всех "
            "поровну карт.",
            "<b>leader</b> — кто начинает взятку (N, E, S или W). Ученик играет за того, чей "
            "ход: за начинающего или, если на столе уже есть карты, за следующего игрока.",
            "<b>trick</b> — карты, уже сыгранные в эту взятку, по порядку от начинающего, "
            "например <code>[\"AH\", \"7H\"]</code>; <code>[]</code>, если карт нет.",
            "<b>taken</b> — очки и взятки, уже взятые каждой стороной: "
            "<code>\"NS\": [очки, взятки]</code>. Вместе с очками карт, которые ещё в игре "
            "(туз 11, десятка 10, король 4, дама 3, валет 2), получается 120.",
            "<b>trump</b> — козырная масть (C, S, H или D); <b>rules</b> — правила: standard, "
            "classic, nizhny или kozly24.",
            "Кавычки, запятые, двоеточия и скобки оставляйте как в примере."]),
}


def t(key: str, lang: str, **params: object) -> str:
    """The text ``key`` in ``lang`` (Russian, or else English), with ``params`` put in."""
    return pick(TEXT, key, lang, **params)
