"""The table's words at the end of a match and on the way home: the statistics line names the
level and the trumps (or the game) as words of its sentence, from a small letter, and every
button that goes to the home screen has the one name the other screens give it."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import Stats
from kozel_tutor.app.texts import text
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.widgets import check_table_view


def overlay(settings: Settings, mode: str, lang: str) -> dict[str, object]:
    """The panel over the table in ``mode`` (``results``, ``pause``) for a match of
    ``settings``, as the browser gets it."""
    session = MatchSession(settings, rng=random.Random(3))
    ui = TableUi(lang=lang, mode=mode, stats=Stats())
    panel: dict[str, object] = check_table_view(table_view(session, ui))["overlay"]
    return panel


@pytest.mark.parametrize(("settings", "ru", "en"), [
    (Settings(level="easy", trump="clubs"), "Ваша статистика: лёгкий уровень, козыри трефы",
     "Your record at the easy level with clubs as trumps"),
    (Settings(level="insane", trump="called"),
     "Ваша статистика: безумный уровень, козырь по заказу",
     "Your record at the insane level with a called trump"),
    # a regional game keeps its name as a name, in quotes, as the settings say it
    (Settings(level="medium", variant="nizhny"),
     "Ваша статистика: средний уровень, вариант «Нижегородский»",
     "Your record at the medium level in the Nizhny Novgorod game"),
])
def test_the_match_results_name_the_level_and_trumps_as_words_of_the_sentence(
        settings: Settings, ru: str, en: str) -> None:
    for lang, expected in (("ru", ru), ("en", en)):
        lines = overlay(settings, "results", lang)["lines"]
        assert isinstance(lines, list) and lines[-1] == expected


@pytest.mark.parametrize("mode", ["pause", "results"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_tables_way_home_has_the_name_every_other_screen_gives_it(mode: str,
                                                                      lang: str) -> None:
    buttons = overlay(Settings(level="random"), mode, lang)["buttons"]
    assert isinstance(buttons, list)
    [home] = [b for b in buttons if b["id"] == "home"]
    assert home["label"] == text("back", lang) == {"ru": "← Домой", "en": "← Home"}[lang]
    assert not any("Главное меню" in str(b) or "Main menu" in str(b) for b in buttons)
