"""The menu tiles at a laptop's 1280×720 screen at 125% zoom (1024×576 CSS px): every title
stays inside its tile («Нижегородский козёл: задачи», the longest word of the puzzles menu)."""

from __future__ import annotations

from typing import Any

from .helpers import open_home

# each tile's title overhanging its tile's padding box, in px (0 when it fits)
OVERHANG = """() => Array.from(document.querySelectorAll('.kz-tile'), tile => {
    const label = tile.querySelector('.kz-btn-label');
    const text = document.createRange();
    text.selectNodeContents(label);
    const box = tile.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(tile).paddingRight);
    return [label.textContent,
            Math.max(0, Math.round(text.getBoundingClientRect().right - (box.right - pad)))];
})"""


def test_every_menu_tile_title_stays_inside_its_tile_at_1024(page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 576})
    open_home(page, voila_server.url)
    home = page.evaluate(OVERHANG)
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-set-catalogue-variant-nizhny").wait_for()
    puzzles = page.evaluate(OVERHANG)
    assert any("Нижегородский" in title for title, _ in puzzles)
    assert [t for t in home + puzzles if t[1] > 0] == []
