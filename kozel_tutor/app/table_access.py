"""What the card table says to the keyboard and to a screen reader, beyond what it draws.

:func:`~.views.table_view` builds what the table shows; :func:`keyboard_view` adds, for the
screen on the table, the line of keys that work there (a card, a suit to name, a dialog's
buttons, the deal review's steps), the keys of the buttons (Esc closes the pause menu and the
review, ← → step through the review) and the language of the language button's label.
:class:`Speaker` decides what the table's live region reads out after each change: every card
played with its player, then what the status line says (who took the trick, whose turn it is),
and each page of the deal review.

>>> view = {"toolbar": [{"id": "lang", "label": "English", "testid": "lang"}], "call": None,
...         "overlay": {"kind": "pause", "title": "Пауза", "buttons": [
...             {"id": "resume", "label": "Продолжить", "testid": "resume"}]}}
>>> view = keyboard_view(view, "ru")
>>> view["hint"], view["overlay"]["buttons"][0]["key"], view["toolbar"][0]["lang"]
('Клавиши: Tab — от кнопки к кнопке, Esc — вернуться к игре.', 'Escape', 'en')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..seats import Seat
from ..widgets.names import seat_card
from .predeal_view import predeal_pending
from .session import LEARNER, MatchSession
from .texts import TEXTS, text
from .variant_views import eggs_badge, first_lead_status

__all__ = ["ACCESS_TEXTS", "Speaker", "deal_start_words", "keyboard_view"]

ACCESS_TEXTS: dict[str, dict[str, str]] = {
    "keys_call": {"en": "Keys: ← → choose a suit, Enter names it as trumps, H asks for a hint.",
                  "ru": "Клавиши: ← → — выбрать масть, Enter — назначить её козырем, "
                        "H — подсказка."},
    "keys_pause": {"en": "Keys: Tab goes from button to button, Esc takes you back to the game.",
                   "ru": "Клавиши: Tab — от кнопки к кнопке, Esc — вернуться к игре."},
    "keys_dialog": {"en": "Keys: Tab goes from button to button, Enter presses it.",
                    "ru": "Клавиши: Tab — от кнопки к кнопке, Enter — нажать её."},
    "keys_review": {"en": "Keys: ← → your previous or next card, Esc closes the review.",
                    "ru": "Клавиши: ← → — ваша предыдущая или следующая карта, "
                          "Esc — закрыть разбор."},
}
"""The table's words for the keyboard and a screen reader, merged into :data:`~.texts.TEXTS`."""

ACCESS_TEXTS.update({   # said as a match or a deal begins (deal_start_words)
    "said_new_match": {"en": "A new match.", "ru": "Новая партия."},
    "said_deal": {"en": "Deal {n}: {name} deals.", "ru": "Раздача {n}: сдаёт {name}."},
    "said_deal_S": {"en": "Deal {n}: you deal.", "ru": "Раздача {n}: сдаёте вы."},
    "said_leads": {"en": "{name} leads.", "ru": "Первым ходит {name}."},
    "said_leads_N": {"en": "{name} leads.", "ru": "Первой ходит {name}."},
})

for _key, _texts in ACCESS_TEXTS.items():
    TEXTS.setdefault(_key, _texts)

BUTTON_KEYS = {"resume": "Escape", "close": "Escape", "prev-step": "ArrowLeft",
               "next-step": "ArrowRight"}
"""The key of each button that has one (the widget presses it, when it is on screen)."""

RESULT_PANELS = ("summary", "results")
"""The panels of a result (a deal's, the match's), read out as they open."""

SPOKEN_PANELS = (*RESULT_PANELS, "predeal")
"""The panels whose words the live region reads out as they open: a result's (:class:`Speaker`)
and what happened before the deal (``PlayView._show_predeal``); the table does not also describe
their dialogs by those words, so a screen reader reads them once."""

OVERLAY_KEYS = {"pause": "keys_pause", "review": "keys_review"}
"""The keys line of a panel on the table; any other panel is a dialog of buttons."""


def keys_text(view: Mapping[str, Any]) -> str | None:
    """The key of the keys line that fits the view, or ``None`` for the table's own (a card)."""
    overlay = view.get("overlay")
    if overlay is not None:
        return OVERLAY_KEYS.get(overlay["kind"], "keys_dialog")
    if view.get("call") is not None:
        return "keys_call"
    return None


def keyboard_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with the keys line of its screen, its buttons' keys and the language of the
    language button's label (the other language: "English" is English)."""
    key = keys_text(view)
    if key is not None:
        view["hint"] = text(key, lang)
    overlay = view.get("overlay")
    for button in [*view.get("toolbar", ()), *(overlay["buttons"] if overlay else ())]:
        if button["id"] in BUTTON_KEYS:
            button["key"] = BUTTON_KEYS[button["id"]]
        if button["id"] == "last-trick" and button.get("pressed") and overlay is None:
            button["key"] = "Escape"   # the last trick shown again: Esc hides it (L as well)
        if button["id"] == "lang":
            button["lang"] = "en" if lang == "ru" else "ru"
    return view


def deal_start_words(session: MatchSession, lang: str, *, new_match: bool = False) -> list[str]:
    """What the live region says as a deal begins (the table shows it all at once): its
    number and dealer, the trumps when the rules fix them, who leads (unless it is the learner,
    whose turn the status line says, or the trump is still to be named: the call is said), and
    a stake doubled after eggs.

    >>> import random
    >>> from .session import Settings
    >>> session = MatchSession(Settings(level="random"), rng=random.Random(1),
    ...                        first_dealer=Seat.S)
    >>> deal_start_words(session, "ru", new_match=True)
    ['Новая партия.', 'Раздача 1: сдаёте вы.', 'Козыри: трефы.', 'Первым ходит Фёдор.']
    """
    deal, score = session.deal, session.score
    dealer = deal.dealer
    key = "said_deal_S" if dealer == LEARNER else "said_deal"
    said = [text("said_new_match", lang)] if new_match else []
    said.append(text(key, lang, n=len(score.results) + 1, name=text(f"seat_{dealer.name}", lang)))
    if deal.trump is not None and session.rules.trump_rule == "fixed":
        said.append(text("trump_badge", lang, suit=deal.trump))
    leads = _leads_words(session, lang)
    if leads is not None:
        said.append(leads)
    if score.multiplier > 1:
        said.append(eggs_badge(session.rules, lang)["title"])
    return [_sentence(words) for words in said]


def _leads_words(session: MatchSession, lang: str) -> str | None:
    """Who leads the deal's first trick, when the table is set and another player does."""
    deal = session.deal
    if deal.trump is None or deal.history or session.asking or predeal_pending(session) \
            or deal.leader == LEARNER:
        return None
    first = first_lead_status(session, lang)   # a preset's rule chose the leader: it says why
    if first is not None:
        return first
    leader = deal.leader
    key = "said_leads_N" if leader == Seat.N else "said_leads"
    return text(key, lang, name=text(f"seat_{leader.name}", lang))


def _sentence(words: str) -> str:
    """Words ending as a sentence ("Фёдор: туз пик."), so that a screen reader pauses."""
    return words if words.endswith((".", "!", "?", "…", ":")) else words + "."


@dataclass
class Speaker:
    """What the table's live region has read out, and what it reads next (:meth:`words`)."""

    plays: list[str] = field(default_factory=list)
    status: str | None = None
    review: tuple[str, tuple[str, ...]] | None = None
    #: the result panel said last (its kind and title), until play goes on
    panel: tuple[str, str] | None = None

    def played(self, seat: Seat, card: Card, lang: str) -> None:
        """A card was played: "Фёдор: туз пик" is read out with the next change."""
        self.say(seat_card(text(f"seat_{seat.name}", lang), card.name_in(lang), lang))

    def say(self, *lines: str) -> None:
        """Lines read out with the next change (what happened before the deal, a trick)."""
        self.plays.extend(lines)

    def words(self, view: Mapping[str, Any]) -> str | None:
        """What to read out now that the table shows ``view``: the cards played since the last
        time, then the status line if it changed (not the "… is thinking" ones: the card
        follows), or the deal review's new page (its title and lines) or its analysis; then
        a deal's or the match's result as its panel opens (its title, its lines and what it
        says to a screen reader only: the score), once: not again as the review closes."""
        said, self.plays = self.plays, []
        overlay = view.get("overlay")
        if overlay is not None and overlay["kind"] == "review":
            said += self._review(overlay)
        elif view["status"] != self.status:
            self.status = view["status"]
            if view["status_kind"] != "wait":
                said.append(view["status"])
        if overlay is None or overlay["kind"] != "review":
            self.review = None
        if overlay is None:
            self.panel = None
        elif overlay["kind"] in RESULT_PANELS and self.panel != (overlay["kind"], overlay["title"]):
            self.panel = overlay["kind"], overlay["title"]
            said += [overlay["title"], *overlay.get("lines", ()), *overlay.get("said", ())]
        return " ".join(_sentence(words) for words in said) or None

    def _review(self, overlay: Mapping[str, Any]) -> list[str]:
        title, lines = overlay["title"], tuple(overlay.get("lines", ()))
        before = self.review
        self.review = title, lines
        if before is None or before[0] != title:
            return [title, *lines]
        return [line for line in lines if line not in before[1]]
