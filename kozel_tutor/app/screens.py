"""The home screen and the settings screen, as panel views.

Pure functions from what the learner chose to a :class:`~kozel_tutor.widgets.PanelWidget` view.

>>> settings_view(Settings(level="random"), four_colour=False, lang="en")["buttons"][-1]["testid"]
'play'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from ..variants.summaries import VARIANT_SUMMARIES
from . import variant_texts  # noqa: F401  (registers the texts)
from .sections import Section
from .session import PACES, VARIANTS, Settings, available_levels
from .texts import TEXTS, text
from .views import level_label

__all__ = ["LanguageSwitch", "home_view", "lang_button", "settings_view"]


class LanguageSwitch:
    """What a section's screen does with its language button: the whole app's switch
    (``on_lang``, which calls ``set_lang`` on every screen) when it has one, else its own; and
    with its header's way home (``go_home``)."""

    lang: str
    on_lang: Callable[[], None] | None
    go_home: Callable[[], None] | None
    set_lang: Callable[[str], None]   # each screen's own: redraws it in the language given

    def switch_lang(self) -> None:
        if self.on_lang is not None:
            self.on_lang()
        else:
            self.set_lang("en" if self.lang == "ru" else "ru")

    def header_button(self, button: str) -> None:
        """A button of the section's header: the language switch, or the way home."""
        if button == "lang":
            self.switch_lang()
        elif button == "home" and self.go_home is not None:
            self.go_home()


def lang_button(lang: str) -> dict[str, Any]:
    """The language switch every screen shows in its toolbar (``data-testid=lang``); its label
    is the other language's name, in that language (``lang``: a screen reader says "English"
    in English)."""
    return {"id": "lang", "label": text("lang_switch", lang), "testid": "lang",
            "lang": "en" if lang == "ru" else "ru"}


def home_view(lang: str, *, continue_hint: str | None, sections: list[Section],
              notice: str | None = None, first_visit: bool = False) -> dict[str, Any]:
    """Continue (when a match is saved), Play, then every registered section.  The first tile
    to press is coloured: Continue, else Play, or Lessons on a learner's ``first_visit``."""
    tiles: list[dict[str, Any]] = []
    if continue_hint is not None:
        tiles.append({"id": "continue", "label": text("continue", lang), "testid": "continue",
                      "icon": "▶", "title": continue_hint, "primary": True})
    tiles.append({"id": "open-play", "label": text("section_play", lang), "testid": "open-play",
                  "icon": "♣", "title": text("section_play_hint", lang),
                  "primary": continue_hint is None and not first_visit})
    for section in sections:
        tiles.append({"id": f"section:{section.key}"[:40], "label": section.title[lang],
                      "testid": f"section-{section.key}"[:40], "icon": section.icon,
                      "title": section.hint.get(lang, ""),
                      "primary": first_visit and continue_hint is None
                      and section.key == "lessons"})
    view: dict[str, Any] = {"title": text("app_title", lang), "subtitle": text("app_subtitle",
                                                                               lang),
                            "toolbar": [lang_button(lang)], "tiles": tiles, "buttons": [],
                            "testid": "home"}
    if notice:
        view["error"] = notice
    return view


def _option(group: str, value: str, label: str, hint_key: str | None, lang: str
            ) -> dict[str, Any]:
    option: dict[str, Any] = {"value": value, "label": label, "testid": f"{group}-{value}"}
    if hint_key is not None and hint_key in TEXTS:
        option["hint"] = text(hint_key, lang)
    return option


def settings_view(settings: Settings, *, four_colour: bool, lang: str) -> dict[str, Any]:
    """The game (standard or a regional preset, with its one-paragraph summary), difficulty
    (the registered AI levels), trump rule, deck and match length (standard only), the pace of
    play, colours."""
    levels = [_option("level", level, level_label(level, lang), f"level_{level}_hint", lang)
              for level in available_levels()]
    variants = [_option("variant", name, text(f"variant_{name}", lang), None, lang)
                for name in VARIANTS]
    standard_groups = [
        {"id": "trump", "label": text("trump_rule", lang),
         "options": [_option("trump", rule, text(f"trump_{rule}", lang), f"trump_{rule}_hint",
                             lang) for rule in ("clubs", "called")],
         "value": settings.trump},
        {"id": "deck", "label": text("deck", lang),
         "options": [_option("deck", str(n), text(f"deck_{n}", lang), None, lang)
                     for n in (36, 32)],
         "value": str(settings.deck)},
        {"id": "match", "label": text("match_to", lang),
         "options": [_option("match", str(n), text(f"match_{n}", lang), None, lang)
                     for n in (12, 6)],
         "value": str(settings.match)},
    ]
    groups = [
        {"id": "variant", "label": text("variant", lang), "options": variants,
         "value": settings.variant, "hint": VARIANT_SUMMARIES[settings.variant][lang]},
        {"id": "level", "label": text("level", lang), "options": levels,
         "value": settings.level},
        *(standard_groups if settings.standard else []),
        {"id": "pace", "label": text("pace", lang),
         "options": [_option("pace", pace, text(f"pace_{pace}", lang), f"pace_{pace}_hint", lang)
                     for pace in PACES],
         "value": settings.pace},
        {"id": "colours", "label": text("colours", lang),
         "options": [_option("colours", str(n), text(f"colours_{n}", lang), None, lang)
                     for n in (2, 4)],
         "value": "4" if four_colour else "2"},
    ]
    return {"title": text("settings_title", lang), "subtitle": text("settings_sub", lang),
            "toolbar": [lang_button(lang)], "groups": groups, "testid": "settings",
            "buttons": [{"id": "back", "label": text("back", lang), "testid": "back"},
                        {"id": "play", "label": text("play", lang), "testid": "play",
                         "primary": True}]}


def wbutton(*classes: str) -> ipywidgets.Button:
    """A plain ipywidgets button in the app's look (panel.css ``.kz-wbtn``), with ``classes``."""
    button = ipywidgets.Button(layout=ipywidgets.Layout(width="auto"))
    for name in ("kz-wbtn", *classes):
        button.add_class(name)
    return button
