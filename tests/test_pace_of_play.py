"""The pace of play the learner chooses on the settings screen (relaxed, quick, instant): kept
with the other settings (older saves, which name none, load at the default pace), applied by the
table (``KOZEL_TUTOR_PACE`` still scales it), and offered by the notebook's ``play()``.  At
"instant" nothing waits, yet a finished trick stays on the table until the next card is played
and the live region still says every card."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_for

from kozel_tutor.app import App, notebook
from kozel_tutor.app.notebook import NOTEBOOK_SLOT
from kozel_tutor.app.play_view import PACE_TIMES, Pace, PlayScreen
from kozel_tutor.app.screens import settings_view
from kozel_tutor.app.session import DEFAULT_PACE, PACES, MatchSession, SaveError, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.records import DealRecord


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / DB_NAME)


@pytest.fixture()
def real_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pauses as the learner gets them (a test run may have set a factor)."""
    monkeypatch.delenv("KOZEL_TUTOR_PACE", raising=False)


# -- the settings ---------------------------------------------------------------------------


def test_the_pace_goes_round_with_the_other_settings() -> None:
    for pace in PACES:
        settings = Settings(level="hard", trump="called", deck=32, pace=pace)
        assert settings.to_dict()["pace"] == pace
        assert Settings.from_dict(settings.to_dict()) == settings
    nizhny = Settings(variant="nizhny", pace="instant")
    assert Settings.from_dict(nizhny.to_dict()) == nizhny


def test_settings_saved_before_the_pace_existed_load_at_the_default_pace(store: Store) -> None:
    old = {"level": "medium", "trump": "clubs", "deck": 36, "match": 12}
    assert Settings.from_dict(old) == Settings(level="medium")
    assert Settings.from_dict(old).pace == DEFAULT_PACE == "relaxed"
    # a match saved then, and the app's chosen settings, come back as they were
    saved = MatchSession(Settings(level="random"), rng=random.Random(2)).to_json()
    del saved["settings"]["pace"]
    store.save_match(saved)
    store.set_pref("settings", {**old, "level": "random"})
    app = App(store, warm=False)
    assert app.settings == Settings(level="random")
    assert app.saved is not None and app.saved.settings.pace == DEFAULT_PACE


def test_an_unknown_pace_is_a_clear_error() -> None:
    base = {"level": "easy", "trump": "clubs", "deck": 36, "match": 12}
    with pytest.raises(SaveError, match=r"unknown pace 'fast' \(known: relaxed, quick, instant\)"):
        Settings.from_dict({**base, "pace": "fast"})
    with pytest.raises(SaveError, match="pace must be text"):
        Settings.from_dict({**base, "pace": 2})
    with pytest.raises(ValueError, match="unknown pace 'slow'"):
        Settings(pace="slow")


def test_the_settings_screen_offers_the_pace_in_both_languages() -> None:
    for variant in ("standard", "classic"):
        for lang, title, labels in (
                ("ru", "Скорость игры", ["Спокойно", "Быстро", "Мгновенно"]),
                ("en", "Pace of play", ["Relaxed", "Quick", "Instant"])):
            view = settings_view(Settings(variant=variant, pace="quick"), four_colour=False,
                                 lang=lang)
            group = next(g for g in view["groups"] if g["id"] == "pace")
            assert group["label"] == title and group["value"] == "quick"
            assert [o["label"] for o in group["options"]] == labels
            assert [o["testid"] for o in group["options"]] == [f"pace-{p}" for p in PACES]
            assert all(o["hint"] for o in group["options"]), "each pace says what it means"
            instant = group["options"][-1]["hint"]
            assert ("L" in instant and "Последняя взятка" in instant) if lang == "ru" \
                else "Last trick" in instant, "instant points to the last trick"


def test_a_chosen_pace_is_kept_and_the_table_plays_at_it(store: Store, real_time: None) -> None:
    app = App(store, warm=False)
    app.show_settings()
    assert app.settings_panel.receive({"type": "choose", "group": "pace", "value": "instant"})
    assert store.get_pref("settings")["pace"] == "instant"
    assert app.settings_panel.receive({"type": "choose", "group": "pace", "value": "fast"}) \
        is None, "a pace the screen does not offer is refused"
    again = App(store, warm=False)
    assert again.settings.pace == "instant"
    again.show_settings()
    again.settings_panel.receive({"type": "button", "id": "play"})
    assert again.play.pace == PACE_TIMES["instant"]
    # a pace chosen while the match is unfinished applies to it when the learner continues
    again.play.step_away()
    again.show_settings()
    again.settings_panel.receive({"type": "choose", "group": "pace", "value": "quick"})
    again.settings_panel.receive({"type": "button", "id": "continue"})
    assert again.play.pace == PACE_TIMES["quick"]
    # ... and to the saved match the next visit continues
    later = App(store, warm=False)
    later.home.receive({"type": "button", "id": "continue"})
    assert later.play.session is not None and later.play.pace == PACE_TIMES["quick"]


def test_kozel_tutor_pace_scales_the_chosen_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_PACE", "0.5")
    assert Pace.named("relaxed") == Pace(card=0.275, trick=0.6)
    assert Pace.named("quick") == Pace(card=0.1, trick=0.35)
    assert Pace.named("instant") == Pace(card=0.0, trick=0.3, keep_trick=True)
    monkeypatch.setenv("KOZEL_TUTOR_PACE", "0")
    assert Pace.named() == Pace(card=0.0, trick=0.0)
    monkeypatch.delenv("KOZEL_TUTOR_PACE")
    assert Pace.named() == Pace() == PACE_TIMES[DEFAULT_PACE]


def test_the_paces_wait_less_and_less(real_time: None) -> None:
    """The least time from the learner's card to their next turn, three AI cards and a trick."""
    rounds = [3 * PACE_TIMES[p].card + (0 if PACE_TIMES[p].keep_trick else PACE_TIMES[p].trick)
              for p in PACES]
    assert rounds == sorted(rounds, reverse=True) and rounds[-1] == 0
    assert rounds[0] == pytest.approx(2.85), "relaxed is the pace the app always had"


def test_a_table_given_its_times_keeps_them(store: Store) -> None:
    fixed = Pace(card=0.0, trick=0.0)
    screen = PlayScreen(store, pace=fixed)
    screen.start(Settings(level="random", pace="relaxed"), rng=random.Random(1))
    screen.set_pace("quick")
    assert screen.pace is fixed
    screen.wait_idle()


# -- instant at the table -------------------------------------------------------------------


def _playable(view: dict[str, Any]) -> list[str]:
    return [c["card"] for c in view["seats"]["S"]["cards"] if c.get("playable")]


def _play_a_deal(screen: PlayScreen) -> list[float]:
    """The learner's first legal card each time, until the deal is over; the seconds from each
    card to the learner's next turn."""
    waits: list[float] = []
    played_at: float | None = None
    deadline = time.monotonic() + 60
    while screen.ui.mode == "play":
        assert time.monotonic() < deadline, "the deal never ended"
        cards = _playable(screen.table.view)
        if not cards:
            time.sleep(0.002)
            continue
        if played_at is not None:
            waits.append(time.monotonic() - played_at)
        played_at = time.monotonic()
        assert screen.table.receive({"type": "play", "card": cards[0]}) is not None
        while cards[0] in [c["card"] for c in screen.table.view["seats"]["S"]["cards"]]:
            time.sleep(0.002)
    return waits


def test_at_instant_nothing_waits_yet_each_trick_stays_until_the_next_card(
        store: Store, real_time: None) -> None:
    screen = PlayScreen(store, lang="en")
    views: list[dict[str, Any]] = []
    screen.table.observe(lambda change: views.append(change["new"]), names="view")
    heard: list[str] = []
    send = screen.table.say
    screen.table.say = lambda words: (heard.append(words), send(words))[1]  # type: ignore[method-assign]
    screen.start(Settings(level="random", pace="instant"), rng=random.Random(7))
    assert screen.pace.keep_trick

    waits = _play_a_deal(screen)
    # (the finished trick's 0.6 s is waited for only when no card follows: the deal's end)
    assert statistics.median(waits) < 0.4, f"no pauses at instant: {waits}"

    session = screen.session
    assert session is not None and session.last_deal is not None
    # the deal is over as the mode turns; its summary is drawn a moment later
    wait_for(lambda: any((view.get("overlay") or {}).get("kind") == "summary" for view in views),
             "the deal's summary is drawn")
    tricks = [view["trick"] for view in views]
    first_done = next(i for i, trick in enumerate(tricks) if len(trick) == 4)
    summary = next(i for i, view in enumerate(views)
                   if (view.get("overlay") or {}).get("kind") == "summary")
    last_shown = max(i for i in range(summary) if len(tricks[i]) == 4)
    bare = [i for i in range(first_done, last_shown) if not tricks[i]]
    assert not bare, "between tricks the table is never bare: the finished trick stays " \
                     "until the next card"
    # where the learner leads, it stays as the last trick while their hand is playable
    kept = [view for view in views[first_done:summary]
            if view.get("trick_note") and _playable(view)]
    assert kept, "a trick the learner took stays on the table at their lead"
    assert all(len(view["trick"]) == 4 for view in kept)
    last = [f"{s.name}:{c.token}" for s, c in session.deal.tricks[-1].plays()]
    assert any([f"{p['seat']}:{p['card']}" for p in trick] == last for trick in tricks), \
        "the deal's last trick is shown before the summary"

    said = " ".join(heard)
    for name in ("You", "Fedor", "Nina", "Gleb"):
        assert said.count(f"{name}: ") == 9, f"each of {name}'s nine cards is said: {said!r}"
    assert said.count(" the trick: ") == 9, "and who took each trick"


def test_a_finished_deal_keeps_no_pace_in_its_rules(store: Store, real_time: None) -> None:
    screen = PlayScreen(store, lang="en")
    screen.start(Settings(level="random", pace="instant"), rng=random.Random(3))
    _play_a_deal(screen)
    deal = store.finished_deals(limit=1)[-1]
    assert "pace" not in deal["rules"]
    settings = Settings.from_dict(deal["rules"])
    DealRecord.from_dict(deal["deal"], settings.rules())


# -- the notebook ---------------------------------------------------------------------------


def test_the_notebook_plays_at_the_pace_asked_for(tmp_path: Path, real_time: None) -> None:
    store = Store(tmp_path / DB_NAME, slot=NOTEBOOK_SLOT)
    with pytest.raises(ValueError, match="unknown pace 'fast'"):
        notebook.play("random", pace="fast", store=store)
    notebook.play("random", pace="instant", store=store, lang="en")
    table = notebook._latest
    assert table is not None and table.screen.pace == PACE_TIMES["instant"]
    table.screen.wait_idle()
    # the unfinished match goes on at its own pace, or at the one asked for
    notebook.play("random", store=store, lang="en")
    assert notebook._latest is not None and notebook._latest.screen.pace.keep_trick
    notebook.resume("en", store=store, pace="quick")
    assert notebook._latest is not None
    assert notebook._latest.screen.pace == PACE_TIMES["quick"]
    assert notebook._new_match_call(Settings(level="hard", pace="quick")) == \
        'play("hard", pace="quick", new=True)'
    notebook._latest.screen.put_aside()
