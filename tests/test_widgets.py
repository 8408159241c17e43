"""The widgets' traits and commands: views are checked before they sync, commands before use."""

from __future__ import annotations

import copy
from importlib import resources
from typing import Any

import pytest
import traitlets

from kozel_tutor.widgets import (
    Command,
    PanelWidget,
    TableWidget,
    check_panel_view,
    check_table_view,
    css,
    empty_table_view,
    esm,
    parse_command,
)


def _view() -> dict[str, Any]:
    view = empty_table_view()
    view["seats"]["S"] = {"name": "You", "count": 2, "cards": [
        {"card": "QC", "playable": True, "trump": True}, {"card": "7H", "playable": False}]}
    view["trick"] = [{"seat": "W", "card": "AH"}]
    view["toolbar"] = [{"id": "lang", "label": "English", "testid": "lang"}]
    view["overlay"] = {"kind": "summary", "title": "Deal", "testid": "deal-summary",
                       "buttons": [{"id": "next", "label": "Next", "testid": "next"},
                                   {"id": "review", "label": "R", "testid": "review",
                                    "disabled": True}]}
    view["call"] = {"prompt": "Name trumps", "suits": [{"suit": "H", "label": "Hearts"}]}
    return view


def test_the_widget_files_ship_inside_the_package() -> None:
    names = {p.name for p in resources.files("kozel_tutor.widgets").iterdir()}
    assert {"cards.js", "cards.css", "table.js", "table.css", "panel.js", "panel.css"} <= names


def test_the_card_art_is_inlined_once_into_each_widget_module() -> None:
    for module in ("table.js", "panel.js"):
        code = esm(module)
        assert code.count("export function cardSVG") == 1
        assert code.count("export default") == 1
    assert ".kz-card" in css("table.css") and ".kz-felt" in css("table.css")
    assert TableWidget._esm == esm("table.js")


def test_a_valid_view_is_accepted() -> None:
    table = TableWidget()
    table.view = _view()
    assert table.view["seats"]["S"]["cards"][0]["card"] == "QC"


def test_the_dealers_chip_has_a_name_in_the_learners_language() -> None:
    # the chip shows a letter (view.labels.dealer); its tooltip and accessible name come from
    # names.dealer
    table = TableWidget(lang="en")
    assert table.names["dealer"] == "Dealer"
    table.lang = "ru"
    assert table.names["dealer"] == "Сдаёт"
    from kozel_tutor.widgets.names import names_in
    from kozel_tutor.widgets.schema import check_names

    names = names_in("en")
    names["dealer"] = 1
    with pytest.raises(ValueError, match=r"names\.dealer"):
        check_names(names)


@pytest.mark.parametrize("breaks, problem", [
    (lambda v: v["seats"]["S"]["cards"][0].update(card="QX"), "unknown suit"),
    (lambda v: v["seats"]["S"]["cards"][0].update(card="qc"), "canonical"),
    (lambda v: v["seats"].pop("E"), "missing E"),
    (lambda v: v.update(colour="red"), "unknown colour"),
    (lambda v: v["trick"].append({"seat": "W", "card": "KH"}), "W played twice"),
    (lambda v: v["seats"]["S"].update(count=3), "2 cards shown for a hand of 3"),
    (lambda v: v.update(status_kind="panic"), "status_kind"),
    (lambda v: v.update(progress=1.5), "0 to 1"),
    (lambda v: v["toolbar"].append({"id": "lang", "label": "x", "testid": "x"}), "duplicate"),
    (lambda v: v["toolbar"][0].update(testid="bad id!"), "identifier"),
    (lambda v: v["call"]["suits"][0].update(suit="X"), "C, S, H or D"),
    (lambda v: v["overlay"].update(placement="floating"), "modal or side"),
    (lambda v: v["overlay"].update(legend_title=["What?"]), "legend_title: expected text"),
    (lambda v: v.update(winner="Z"), "seat"),
])
def test_a_bad_view_is_refused_before_it_reaches_the_browser(breaks: Any, problem: str) -> None:
    view = copy.deepcopy(_view())
    breaks(view)
    table = TableWidget()
    with pytest.raises(traitlets.TraitError, match=problem):
        table.view = view


def test_the_language_must_be_russian_or_english() -> None:
    with pytest.raises(traitlets.TraitError):
        TableWidget(lang="de")
    with pytest.raises(traitlets.TraitError):
        PanelWidget(lang="fr")


def test_commands_are_checked_against_the_view_on_screen() -> None:
    view = check_table_view(_view())
    assert parse_command({"type": "play", "card": "10h"}, view) == Command("play", "TH")
    assert parse_command({"type": "play", "card": "ZZ"}, view) is None
    assert parse_command({"type": "play", "card": ["QC"]}, view) is None
    assert parse_command({"type": "button", "id": "next"}, view) == Command("button", "next")
    assert parse_command({"type": "button", "id": "review"}, view) is None, "disabled"
    assert parse_command({"type": "button", "id": "delete-everything"}, view) is None
    assert parse_command({"type": "call", "suit": "H"}, view) == Command("call", "H")
    assert parse_command({"type": "call", "suit": "S"}, view) is None, "not offered"
    assert parse_command({"type": "eval", "code": "1"}, view) is None
    assert parse_command("play QC", view) is None


def test_a_bad_message_is_counted_and_never_reaches_the_handlers() -> None:
    table = TableWidget()
    table.view = _view()
    seen: list[Command] = []
    table.on_command(seen.append)
    table.receive({"type": "button", "id": "nope"})
    table.receive({"type": "play", "card": "AS"})
    assert seen == [Command("play", "AS")]
    assert table.rejected == 1


def test_a_panel_offers_only_its_own_options() -> None:
    panel = PanelWidget()
    panel.view = {"title": "Settings", "buttons": [{"id": "play", "label": "Play",
                                                    "testid": "play"}],
                  "groups": [{"id": "deck", "label": "Deck", "value": "36",
                              "options": [{"value": "36", "label": "36"},
                                          {"value": "32", "label": "32"}]}]}
    seen: list[Command] = []
    panel.on_command(seen.append)
    panel.receive({"type": "choose", "group": "deck", "value": "32"})
    panel.receive({"type": "choose", "group": "deck", "value": "52"})
    panel.receive({"type": "choose", "group": "level", "value": "easy"})
    panel.receive({"type": "button", "id": "play"})
    assert seen == [Command("choose", "deck=32"), Command("button", "play")]


def test_a_panel_group_value_must_be_one_of_its_options() -> None:
    with pytest.raises(ValueError, match="not one of the options"):
        check_panel_view({"title": "t", "buttons": [], "groups": [
            {"id": "deck", "label": "Deck", "value": "52",
             "options": [{"value": "36", "label": "36"}]}]})


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_the_widget_shows_is_named_in_the_ui_language(lang: str) -> None:
    from kozel_tutor.cards import CARDS, Suit

    table = TableWidget(lang=lang)
    assert table.names["cards"] == {card.token: card.name_in(lang) for card in CARDS}
    assert table.names["suits"] == {suit.letter: suit.name_in(lang) for suit in Suit}
    panel = PanelWidget(lang=lang)
    assert panel.names == table.names
    assert (table.names["cards"]["QS"], table.names["cards"]["TH"]) == {
        "ru": ("дама пик", "десятка червей"), "en": ("queen of spades", "ten of hearts")}[lang]


def test_the_names_follow_the_language_switch() -> None:
    table = TableWidget(lang="ru")
    assert table.names["table"] == "Карточный стол" and table.names["suits"]["C"] == "трефы"
    table.lang = "en"
    assert table.names["table"] == "Card table" and table.names["suits"]["C"] == "clubs"
    assert table.names["cards"]["KS"] == "king of spades"


@pytest.mark.parametrize("breaks, problem", [
    (lambda n: n["cards"].pop("QS"), "no name for QS"),
    (lambda n: n["cards"].update(qs="x"), "canonical"),
    (lambda n: n["cards"].update(QS=""), "empty name"),
    (lambda n: n["suits"].pop("H"), "missing H"),
    (lambda n: n["suits"].update(X="x"), "unknown X"),
    (lambda n: n.pop("table"), "missing table"),
])
def test_names_that_do_not_fit_the_schema_are_refused(breaks: Any, problem: str) -> None:
    from kozel_tutor.widgets.names import names_in
    from kozel_tutor.widgets.schema import check_names

    names = names_in("ru")
    breaks(names)
    with pytest.raises(ValueError, match=problem):
        check_names(names)
    with pytest.raises(traitlets.TraitError, match=problem):
        TableWidget().names = names


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_puzzle_widget_names_its_cards_in_the_ui_language(lang: str) -> None:
    from kozel_tutor.cards import Card
    from kozel_tutor.puzzles.model import load_catalogue
    from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
    from kozel_tutor.widgets.puzzle import PuzzleWidget

    puzzle = next(p for s in load_catalogue() for p in s.puzzles)
    widget = PuzzleWidget(PuzzlePlayer(SetQueue([puzzle]), lang=lang))
    shown = widget.view["seats"]["S"]["cards"] + [t["card"] for t in widget.view["trick"]]
    assert shown
    for token in shown:
        assert widget.names["cards"][token] == Card.parse(token).name_in(lang)
    assert widget.names["suits"][widget.view["trump"]] == Card.parse(
        "6" + widget.view["trump"]).suit.name_in(lang)
    other = "en" if lang == "ru" else "ru"
    widget.set_lang(other)
    assert widget.names["cards"][shown[0]] == Card.parse(shown[0]).name_in(other)


def test_a_button_may_carry_its_spoken_name_its_language_and_its_key() -> None:
    view = _view()
    view["toolbar"] = [{"id": "lang", "label": "English", "testid": "lang", "lang": "en"}]
    view["overlay"]["buttons"][0].update(key="Escape", name="Next deal")
    assert check_table_view(view)["overlay"]["buttons"][0]["key"] == "Escape"
    for field, value, problem in (("lang", "de", "expected ru or en"),
                                  ("key", "Enter", "expected one of Escape"),
                                  ("name", 3, "expected text")):
        bad = copy.deepcopy(view)
        bad["toolbar"][0][field] = value
        with pytest.raises(ValueError, match=problem):
            check_table_view(bad)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_widgets_own_words_come_in_the_ui_language(lang: str) -> None:
    from kozel_tutor.widgets.names import seat_card

    names = TableWidget(lang=lang).names
    assert names["your_card"] == {"ru": "ваша карта", "en": "your card"}[lang]
    assert names["options_explained"] == {"ru": "Что значит каждый вариант",
                                          "en": "What each choice means"}[lang]
    assert seat_card("Gleb", names["cards"]["AS"], lang) == {
        "ru": "Gleb: туз пик", "en": "Gleb: ace of spades"}[lang]


def test_a_card_named_with_its_player_needs_both_in_its_pattern() -> None:
    from kozel_tutor.widgets.names import names_in
    from kozel_tutor.widgets.schema import check_names

    names = names_in("ru")
    names["seat_card"] = "{card}"
    with pytest.raises(ValueError, match="seat_card"):
        check_names(names)
