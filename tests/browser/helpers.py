"""Steps a learner takes in the app, written once for the browser tests and the benchmark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

HAND = ".kz-seat-S [data-card]"
PLAYABLE = ".kz-seat-S [data-playable='true']"
SUMMARY = "[data-testid='deal-summary']"
CALL = "[data-testid='call']"
READY = f"{PLAYABLE}, {SUMMARY}, {CALL}"
# everything the table's live region says from now on (read back from window.kzHeard)
LISTEN = """() => {
  const region = document.querySelector('[data-testid=spoken]');
  window.kzHeard = [];
  new MutationObserver(changes => changes.forEach(change => change.addedNodes.forEach(
    node => window.kzHeard.push(node.textContent)))).observe(region, { childList: true });
}"""


def put_in_status(page: Any, words: str) -> None:
    """The table's status line says ``words`` instead (a long hint's text, say)."""
    page.evaluate("t => { document.querySelector('[data-testid=status]').textContent = t; }",
                  words)


def open_home(page: Any, url: str) -> None:
    page.goto(url)
    page.get_by_test_id("open-play").wait_for()


def open_home_in_russian(page: Any, url: str) -> None:
    """The home page, switched to Russian if it opened in English."""
    open_home(page, url)
    switch = page.get_by_test_id("lang")
    if switch.inner_text() == "Русский":
        switch.click()
        page.get_by_text("Козёл", exact=True).wait_for()


def start_game(page: Any, *, level: str = "random", trump: str = "clubs", deck: str = "36",
               match: str = "12") -> None:
    """From the home screen: open the settings, choose, press Play, wait for the table."""
    page.get_by_test_id("open-play").click()
    choose(page, f"level-{level}", f"trump-{trump}", f"deck-{deck}", f"match-{match}")
    page.get_by_test_id("play").click()
    page.locator(READY).first.wait_for()


def choose(page: Any, *testids: str) -> None:
    """On the settings: pick each option (its data-testid) and wait until it shows as chosen."""
    for testid in testids:
        page.get_by_test_id(testid).click()
        page.locator(f"[data-testid='{testid}'][aria-checked='true']").wait_for()


def back_to_standard(page: Any) -> None:
    """From the table, leave the settings as the other browser tests expect them: the standard
    game."""
    page.get_by_test_id("menu").click()
    page.get_by_test_id("new-game").click()
    choose(page, "variant-standard")


def hand(page: Any) -> list[str]:
    return [str(t) for t in page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.card)")]


def wait_ready(page: Any) -> str:
    """Wait until the learner can act; returns ``play``, ``call`` or ``summary``."""
    page.locator(READY).first.wait_for()
    if page.locator(SUMMARY).count():
        return "summary"
    if page.locator(CALL).count():
        return "call"
    return "play"


def play_one(page: Any) -> str:
    """Play the first playable card and wait until it has left the hand; returns it."""
    card = page.locator(PLAYABLE).first
    token = str(card.get_attribute("data-card"))
    card.click()
    page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
    return token


def play_deal(page: Any) -> int:
    """Play the learner's cards by clicking until the deal summary shows; returns cards played."""
    played = 0
    while True:
        state = wait_ready(page)
        if state == "summary":
            return played
        if state == "call":
            page.get_by_test_id("call-H").click()
            page.locator(CALL).wait_for(state="detached")
            continue
        play_one(page)
        played += 1


def button_description(page: Any, name: str) -> str:
    """The accessible description of the button named ``name``, as Chromium gives it to a
    screen reader."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    [button] = [n for n in nodes if n.get("role", {}).get("value") == "button"
                and n.get("name", {}).get("value") == name and not n.get("ignored")]
    return str(button.get("description", {}).get("value", ""))


def download_backup(page: Any, folder: Path) -> Path:
    """The backup screen's download, saved in ``folder``: the learner's progress as a file."""
    with page.expect_download() as download:
        page.get_by_test_id("backup-download").click()
    saved = folder / download.value.suggested_filename
    download.value.save_as(saved)
    return saved


def choose_backup(page: Any, file: Path) -> None:
    """``file`` chosen through the backup screen's file button."""
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("backup-upload").click()
    chooser.value.set_files(str(file))
