"""The JSON the widgets exchange with Python, and the checks both directions pass through.

Python builds a plain-JSON *view* (what to draw) and the browser sends back small *commands*
(``{"type": "play", "card": "QC"}``).  Every view is checked before it is synced, so a bug in a
view builder fails loudly in Python, not silently in the browser; every command is checked
against the view on screen, so a stale or forged message is answered, never obeyed.

>>> parse_command({"type": "play", "card": "qc"}, {"buttons": []})
Command(kind='play', value='QC', langs=())
>>> parse_command({"type": "button", "id": "rm -rf"}, {"buttons": []}) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, CardError, Suit, parse_card

__all__ = [
    "Command",
    "ViewError",
    "check_button",
    "check_names",
    "check_panel_view",
    "check_table_view",
    "offered_buttons",
    "parse_command",
]

SEAT_NAMES = ("N", "E", "S", "W")
STATUS_KINDS = ("turn", "wait", "error", "info", "done", "advice")


class ViewError(ValueError):
    """A view that does not match the schema; the message gives the path of the bad field."""


def _fail(path: str, problem: str) -> ViewError:
    return ViewError(f"{path}: {problem}")


def _obj(value: object, path: str, required: AbstractSet[str],
         optional: AbstractSet[str] = frozenset()) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected an object, got {type(value).__name__}")
    keys = set(value)
    missing = required - keys
    if missing:
        raise _fail(path, f"missing {', '.join(sorted(missing))}")
    extra = keys - required - optional
    if extra:
        raise _fail(path, f"unknown {', '.join(sorted(extra))}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise _fail(path, "expected text")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, "expected true or false")
    return value


def _list(value: object, path: str, max_len: int = 64) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, "expected a list")
    if len(value) > max_len:
        raise _fail(path, f"more than {max_len} items")
    return value


def _fraction(value: object, path: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise _fail(path, "expected null or a number from 0 to 1")


def _token(value: object, path: str) -> str:
    text = _str(value, path)
    try:
        card = parse_card(text)
    except CardError as exc:
        raise _fail(path, str(exc)) from None
    if card.token != text:
        raise _fail(path, f"use the canonical token {card.token!r}")
    return text


def _seat(value: object, path: str) -> str:
    if value not in SEAT_NAMES:
        raise _fail(path, "expected a seat N, E, S or W")
    return str(value)


def _ident(value: object, path: str) -> str:
    text = _str(value, path)
    if not text or len(text) > 40 or not all(c.isalnum() or c in "-_:" for c in text):
        raise _fail(path, f"bad identifier {text!r}")
    return text


BUTTON_KEYS = ("Escape", "ArrowLeft", "ArrowRight")
"""The keys a view may give a button (``key``): pressed with it anywhere in the widget."""


def check_button(value: object, path: str) -> None:
    """``{"id", "label", "testid"}`` plus optional ``primary``, ``disabled``, ``icon``, ``title``,
    ``pressed``, ``name`` (what a screen reader says, when the label has pictures in it:
    stars), ``lang`` (the language of the label: the language switch's "English") and ``key``
    (one of :data:`BUTTON_KEYS`)."""
    button = _obj(value, path, {"id", "label", "testid"},
                  {"primary", "disabled", "icon", "title", "pressed", "name", "lang", "key"})
    _ident(button["id"], path + ".id")
    _str(button["label"], path + ".label")
    _ident(button["testid"], path + ".testid")
    for key in ("primary", "disabled", "pressed"):
        if key in button:
            _bool(button[key], f"{path}.{key}")
    for key in ("icon", "title", "name"):
        if key in button:
            _str(button[key], f"{path}.{key}")
    if "lang" in button and button["lang"] not in ("ru", "en"):
        raise _fail(path + ".lang", "expected ru or en")
    if "key" in button and button["key"] not in BUTTON_KEYS:
        raise _fail(path + ".key", f"expected one of {', '.join(BUTTON_KEYS)}")


def _buttons(value: object, path: str) -> None:
    ids: set[str] = set()
    for i, button in enumerate(_list(value, path)):
        check_button(button, f"{path}[{i}]")
        if button["id"] in ids:
            raise _fail(f"{path}[{i}].id", f"duplicate button {button['id']!r}")
        ids.add(button["id"])


def _cell(value: object, path: str) -> None:
    if isinstance(value, str):
        return
    cell = _obj(value, path, set(), {"text", "card", "strong", "tone", "said"})
    if "card" in cell:
        _token(cell["card"], path + ".card")
    for key in ("text", "said"):   # said: what a screen reader hears instead of what is shown
        if key in cell:
            _str(cell[key], f"{path}.{key}")
    if "strong" in cell:
        _bool(cell["strong"], path + ".strong")
    if "tone" in cell and cell["tone"] not in ("good", "bad", "muted", ""):
        raise _fail(path + ".tone", "expected good, bad, muted or empty")


def _table(value: object, path: str) -> None:
    if value is None:
        return
    table = _obj(value, path, {"head", "rows"}, {"testid"})
    for i, cell in enumerate(_list(table["head"], path + ".head")):
        _cell(cell, f"{path}.head[{i}]")
    for r, row in enumerate(_list(table["rows"], path + ".rows")):
        row_obj = _obj(row, f"{path}.rows[{r}]", {"cells"}, {"mark"})
        if row_obj.get("mark", "") not in ("", "best", "played", "played-best"):
            raise _fail(f"{path}.rows[{r}].mark", "expected best, played or played-best")
        for c, cell in enumerate(_list(row_obj["cells"], f"{path}.rows[{r}].cells")):
            _cell(cell, f"{path}.rows[{r}].cells[{c}]")
    if "testid" in table:
        _ident(table["testid"], path + ".testid")


def _ranks(value: object, path: str) -> None:
    ranks = _obj(value, path, {"T", "J", "Q", "K", "A"})
    for key, text in ranks.items():
        _str(text, f"{path}.{key}")


def check_table_view(value: object) -> dict[str, Any]:
    """Check the card table's view (see ``table.js`` for how each field is drawn)."""
    view = _obj(value, "view", {"seats", "trick", "winner", "status", "status_kind", "badges",
                                "toolbar", "ranks"},
                {"progress", "call", "overlay", "hint", "trump", "labels", "scoreboard",
                 "trick_note"})
    seats = _obj(view["seats"], "view.seats", set(SEAT_NAMES))
    for name in SEAT_NAMES:
        path = f"view.seats.{name}"
        seat = _obj(seats[name], path, {"name", "cards", "count"},
                    {"dealer", "active", "thinking", "team", "points", "points_title", "open",
                     "caption"})
        _str(seat["name"], path + ".name")
        count = seat["count"]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 9:
            raise _fail(path + ".count", "expected 0..9 cards")
        cards = _list(seat["cards"], path + ".cards", 9)
        if cards and len(cards) != count:
            raise _fail(path + ".cards", f"{len(cards)} cards shown for a hand of {count}")
        for i, entry in enumerate(cards):
            card = _obj(entry, f"{path}.cards[{i}]", {"card"}, {"playable", "trump", "mark"})
            _token(card["card"], f"{path}.cards[{i}].card")
            for key in ("playable", "trump"):
                if key in card:
                    _bool(card[key], f"{path}.cards[{i}].{key}")
            if "mark" in card:
                _str(card["mark"], f"{path}.cards[{i}].mark")
        for key in ("dealer", "active", "thinking", "open"):
            if key in seat:
                _bool(seat[key], f"{path}.{key}")
        for key in ("points", "points_title", "caption"):
            if key in seat:
                _str(seat[key], f"{path}.{key}")
        if "team" in seat and seat["team"] not in ("NS", "EW"):
            raise _fail(path + ".team", "expected NS or EW")
    trick = _list(view["trick"], "view.trick", 4)
    seen: set[str] = set()
    for i, entry in enumerate(trick):
        play = _obj(entry, f"view.trick[{i}]", {"seat", "card"})
        seat_name = _seat(play["seat"], f"view.trick[{i}].seat")
        if seat_name in seen:
            raise _fail(f"view.trick[{i}].seat", f"{seat_name} played twice")
        seen.add(seat_name)
        _token(play["card"], f"view.trick[{i}].card")
    if view["winner"] is not None:
        _seat(view["winner"], "view.winner")
    _str(view["status"], "view.status")
    if view["status_kind"] not in STATUS_KINDS:
        raise _fail("view.status_kind", f"expected one of {', '.join(STATUS_KINDS)}")
    _fraction(view.get("progress"), "view.progress")
    for i, badge in enumerate(_list(view["badges"], "view.badges")):
        # said: what a screen reader hears instead of the text (a bare "×2" says little)
        item = _obj(badge, f"view.badges[{i}]", {"id", "text"},
                    {"testid", "kind", "title", "said"})
        _ident(item["id"], f"view.badges[{i}].id")
        for key in ("text", "title", "said"):
            if key in item:
                _str(item[key], f"view.badges[{i}].{key}")
    _buttons(view["toolbar"], "view.toolbar")
    _ranks(view["ranks"], "view.ranks")
    if view.get("call") is not None:
        call = _obj(view["call"], "view.call", {"prompt", "suits"})
        _str(call["prompt"], "view.call.prompt")
        suits = _list(call["suits"], "view.call.suits", 4)
        for i, entry in enumerate(suits):
            suit = _obj(entry, f"view.call.suits[{i}]", {"suit", "label"}, {"advised"})
            if suit["suit"] not in ("C", "S", "H", "D"):
                raise _fail(f"view.call.suits[{i}].suit", "expected C, S, H or D")
            _str(suit["label"], f"view.call.suits[{i}].label")
            if "advised" in suit:
                _bool(suit["advised"], f"view.call.suits[{i}].advised")
    if view.get("overlay") is not None:
        overlay = _obj(view["overlay"], "view.overlay", {"kind", "title", "buttons"},
                       {"testid", "lines", "legend", "legend_title", "table", "progress",
                        "placement", "said"})
        _ident(overlay["kind"], "view.overlay.kind")
        _str(overlay["title"], "view.overlay.title")
        if "testid" in overlay:
            _ident(overlay["testid"], "view.overlay.testid")
        # said: lines for a screen reader only (what the panel's table shows: the score)
        for key in ("lines", "legend", "said"):
            for i, line in enumerate(_list(overlay.get(key, []), f"view.overlay.{key}")):
                _str(line, f"view.overlay.{key}[{i}]")
        if overlay.get("legend") and "legend_title" not in overlay:
            raise _fail("view.overlay", "a legend needs its legend_title")
        if "legend_title" in overlay:
            _str(overlay["legend_title"], "view.overlay.legend_title")
        _table(overlay.get("table"), "view.overlay.table")
        _fraction(overlay.get("progress"), "view.overlay.progress")
        if overlay.get("placement", "modal") not in ("modal", "side"):
            raise _fail("view.overlay.placement", "expected modal or side")
        _buttons(overlay["buttons"], "view.overlay.buttons")
    if view.get("scoreboard") is not None:
        _scoreboard(view["scoreboard"], "view.scoreboard")
    for key in ("hint", "trick_note"):
        if key in view:
            _str(view[key], f"view.{key}")
    if "trump" in view and view["trump"] not in (None, "C", "S", "H", "D"):
        raise _fail("view.trump", "expected null or a suit letter")
    if "labels" in view:
        labels = _obj(view["labels"], "view.labels", set(),
                      {"hand", "trick", "table", "thinking", "dealer"})
        for key, text in labels.items():
            _str(text, f"view.labels.{key}")
    return dict(view)


def _scoreboard(value: object, path: str) -> None:
    """A variant's scoreboard: ``kind`` tablo (each side's two sixes, see
    ``kozel_tutor.variants.tablo``) or penalty (points against each side), one entry a side."""
    board = _obj(value, path, {"kind", "title", "sides"}, {"testid", "target"})
    if board["kind"] not in ("tablo", "penalty"):
        raise _fail(path + ".kind", "expected tablo or penalty")
    _str(board["title"], path + ".title")
    if "testid" in board:
        _ident(board["testid"], path + ".testid")
    for i, entry in enumerate(_list(board["sides"], path + ".sides", 2)):
        where = f"{path}.sides[{i}]"
        side = _obj(entry, where, {"team", "label", "value", "text"},
                    {"sixes", "top_face_up", "uncovered"})
        if side["team"] not in ("NS", "EW"):
            raise _fail(where + ".team", "expected NS or EW")
        _str(side["label"], where + ".label")
        _str(side["text"], where + ".text")
        for key in ("value", "uncovered"):
            if key in side and (isinstance(side[key], bool) or not isinstance(side[key], int)):
                raise _fail(f"{where}.{key}", "expected a whole number")
        for j, token in enumerate(_list(side.get("sixes", []), where + ".sixes", 2)):
            _token(token, f"{where}.sixes[{j}]")
        if "top_face_up" in side:
            _bool(side["top_face_up"], where + ".top_face_up")


def check_panel_view(value: object) -> dict[str, Any]:
    """Check a panel's view: a title, text, option groups, an optional table and buttons."""
    view = _obj(value, "view", {"title", "buttons"},
                {"subtitle", "lines", "groups", "table", "toolbar", "error", "testid", "tiles"})
    _str(view["title"], "view.title")
    for key in ("subtitle", "error"):
        if key in view:
            _str(view[key], f"view.{key}")
    if "testid" in view:
        _ident(view["testid"], "view.testid")
    for i, line in enumerate(_list(view.get("lines", []), "view.lines")):
        _str(line, f"view.lines[{i}]")
    for g, group in enumerate(_list(view.get("groups", []), "view.groups")):
        path = f"view.groups[{g}]"
        item = _obj(group, path, {"id", "label", "options", "value"}, {"hint"})
        _ident(item["id"], path + ".id")
        _str(item["label"], path + ".label")
        values = []
        for o, option in enumerate(_list(item["options"], path + ".options")):
            opt = _obj(option, f"{path}.options[{o}]", {"value", "label"}, {"testid", "hint"})
            values.append(_ident(opt["value"], f"{path}.options[{o}].value"))
            _str(opt["label"], f"{path}.options[{o}].label")
        if item["value"] not in values:
            raise _fail(path + ".value", f"{item['value']!r} is not one of the options")
    _table(view.get("table"), "view.table")
    _buttons(view["buttons"], "view.buttons")
    _buttons(view.get("toolbar", []), "view.toolbar")
    _buttons(view.get("tiles", []), "view.tiles")
    return dict(view)


def check_names(value: object) -> dict[str, Any]:
    """Check a widget's ``names`` (see :mod:`.names`): the accessible name of each card, by
    canonical token, of each suit, by letter, of the card table and (optional) of the dealer's
    chip, the pattern of a card named with its player, the mark of the learner's card in the
    review and the opener of an option group's explanations."""
    names = _obj(value, "names", {"cards", "suits", "table"},
                 {"dealer", "seat_card", "your_card", "options_explained"})
    cards = names["cards"]
    if not isinstance(cards, Mapping):
        raise _fail("names.cards", "expected an object")
    unnamed = [card.token for card in CARDS if card.token not in cards]
    if unnamed:
        raise _fail("names.cards", f"no name for {', '.join(unnamed)}")
    for token, name in cards.items():
        _token(token, f"names.cards.{token}")
        if not _str(name, f"names.cards.{token}"):
            raise _fail(f"names.cards.{token}", "empty name")
    suits = _obj(names["suits"], "names.suits", {"C", "S", "H", "D"})
    for letter, name in suits.items():
        if not _str(name, f"names.suits.{letter}"):
            raise _fail(f"names.suits.{letter}", "empty name")
    _str(names["table"], "names.table")
    for key in ("dealer", "your_card", "options_explained"):
        if key in names:
            _str(names[key], f"names.{key}")
    if "seat_card" in names and not all(
            part in _str(names["seat_card"], "names.seat_card") for part in ("{seat}", "{card}")):
        raise _fail("names.seat_card", "expected a pattern with {seat} and {card}")
    return dict(names)


def offered_buttons(view: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every button the view shows (toolbar, tiles, overlay and main buttons)."""
    yield from view.get("toolbar", ())
    yield from view.get("tiles", ())
    yield from view.get("buttons", ())
    overlay = view.get("overlay")
    if isinstance(overlay, Mapping):
        yield from overlay.get("buttons", ())


MAX_QUERY_CHARS = 1_000_000
"""The longest page query string a ``hello`` may pass on (a teacher's link holds a whole set)."""
MAX_LANGS = 20
"""The most browser languages a ``hello`` may pass on (each a short tag such as ``ru-RU``)."""


def _browser_langs(raw: object) -> tuple[str, ...]:
    """The browser's language tags from a ``hello``; anything malformed is dropped."""
    if not isinstance(raw, list) or len(raw) > MAX_LANGS:
        return ()
    return tuple(tag for tag in raw if isinstance(tag, str) and 0 < len(tag) <= 35)


@dataclass(frozen=True)
class Command:
    """A checked command from the browser: ``play`` a card token, ``call`` a suit letter,
    ``button`` an id on screen, ``choose`` a ``group=value`` pair on screen, or ``hello`` (a
    view of the widget has just been drawn; its value is the page's query string, or empty,
    and ``langs`` the browser's languages, most preferred first, such as ``("en-US", "en")``)."""

    kind: str
    value: str
    langs: tuple[str, ...] = ()


def parse_command(message: object, view: Mapping[str, Any]) -> Command | None:
    """The command a browser message asks for, or ``None`` if it is malformed or not on screen."""
    if not isinstance(message, Mapping):
        return None
    kind = message.get("type")
    if kind == "play":
        token = message.get("card")
        if not isinstance(token, str) or len(token) > 4:
            return None
        try:
            return Command("play", parse_card(token).token)
        except CardError:
            return None
    if kind == "call":
        letter = message.get("suit")
        call = view.get("call")
        if not isinstance(letter, str) or not isinstance(call, Mapping):
            return None
        try:
            suit = Suit.parse(letter)
        except CardError:
            return None
        if not any(entry.get("suit") == suit.letter for entry in call.get("suits", ())):
            return None
        return Command("call", suit.letter)
    if kind == "button":
        ident = message.get("id")
        for button in offered_buttons(view):
            if button.get("id") == ident and not button.get("disabled", False):
                return Command("button", str(ident))
        return None
    if kind == "hello":
        query = message.get("query", "")
        if not isinstance(query, str) or len(query) > MAX_QUERY_CHARS:
            query = ""
        return Command("hello", query, _browser_langs(message.get("langs")))
    if kind == "choose":
        group_id, value = message.get("group"), message.get("value")
        for group in view.get("groups", ()):
            if group.get("id") == group_id and any(
                    option.get("value") == value for option in group.get("options", ())):
                return Command("choose", f"{group_id}={value}")
        return None
    return None
