"""A catalogue puzzle as the teacher sees it before handing it out (:mod:`.teacher_view`): its
title, variant, rating, themes and id, the student's story (the table, the score, the goal),
every hand by who holds it, the trump, the answer and the hints.

>>> from kozel_tutor.puzzles.model import load_catalogue
>>> puzzle = load_catalogue()[0].puzzles[0]
>>> "Ответ" in preview_html(puzzle, "ru") and "Answer" in preview_html(puzzle, "en")
True
"""

from __future__ import annotations

import html

from ..puzzles.model import Puzzle
from ..puzzles.teacher import answer_label
from ..puzzles.texts import seat_role
from ..seats import Seat
from .teacher_texts import t

__all__ = ["hands_lines", "preview_html", "puzzle_meta"]


def puzzle_meta(puzzle: Puzzle, lang: str) -> str:
    """``темы: Пустая карта · вариант: Обычный · рейтинг 900 · код e3-0ab965480f``: what tells
    apart puzzles of one title."""
    from ..puzzles.themes import THEMES
    from ..puzzles.variants import variant_label

    themes = [THEMES[name].name.get(lang) for name in puzzle.themes if name in THEMES]
    parts = [t("item_themes" if len(themes) > 1 else "item_theme", lang,
               themes=", ".join(themes))] if themes else []
    parts += [t("item_variant", lang, variant=variant_label(puzzle.variant).get(lang)),
              t("item_rating", lang, rating=puzzle.rating), t("item_id", lang, id=puzzle.id)]
    return " · ".join(parts)


def hands_lines(puzzle: Puzzle, lang: str) -> list[tuple[str, str]]:
    """Who holds which cards, the student first, then clockwise: left opponent, partner,
    right opponent (``("Ученик", "10♣ 7♥ 9♦")``)."""
    student = puzzle.seat
    lines = []
    for step in range(4):
        seat = Seat((student + step) % 4)
        who = (t("pv_student", lang) if seat == student
               else seat_role(seat, student, lang).capitalize())
        cards = sorted(puzzle.position.hands[seat], key=lambda c: (c.suit, -c.rank))
        lines.append((who, " ".join(card.label(lang) for card in cards) or "—"))
    return lines


_HEADING_STYLES = {2: "font-size:17px;margin:14px 0 2px;color:#1f6b4a",
                  3: "font-size:15px;margin:12px 0 2px;color:inherit"}
"""How the page's headings look: a part (``1. Собрать набор``) and a part of one (``Своя
позиция``), as the panels' style sheet draws ``.kz-page h3`` and ``h4``."""


def page_heading(level: int, words: str, testid: str = "") -> str:
    """A heading of the page under the header's title (its ``h1``): a part of the page (level
    2) or a part of one (level 3), so that a screen reader's list of headings skips no level.

    >>> page_heading(2, "1. Build a set")
    '<h2 style="font-size:17px;margin:14px 0 2px;color:#1f6b4a">1. Build a set</h2>'
    """
    test = f' data-testid="{testid}"' if testid else ""
    return (f'<h{level}{test} style="{_HEADING_STYLES[level]}">{html.escape(words)}'
            f'</h{level}>')


def preview_html(puzzle: Puzzle, lang: str) -> str:
    """The puzzle for the teacher to look at: what the student reads, every hand, the answer."""
    esc = html.escape
    hands = "".join(f"<li><b>{esc(who)}:</b> {esc(cards)}</li>"
                    for who, cards in hands_lines(puzzle, lang))
    hints = "".join(f"<li>{esc(hint.get(lang))}</li>" for hint in puzzle.hints)
    trump = t("pv_trump", lang, suit=puzzle.position.trump.name_in(lang))
    answer = t("pv_answer", lang, cards=answer_label(puzzle, lang))
    parts = [page_heading(3, puzzle.title.get(lang), "teacher-preview-title"),
             f'<p class="kz-teacher-item-meta">{esc(puzzle_meta(puzzle, lang))}</p>',
             f"<p>{esc(puzzle.story.get(lang))}</p>",
             f'<ul aria-label="{esc(t("pv_hands", lang))}">{hands}</ul>',
             f"<p>{esc(trump)}</p>",
             f'<p data-testid="teacher-preview-answer"><b>{esc(answer)}</b></p>']
    if hints:
        parts.append(f"<details><summary>{esc(t('pv_hints', lang))}</summary>"
                     f"<ol>{hints}</ol></details>")
    return (f'<div class="kz-teacher-preview" data-testid="teacher-preview" '
            f'data-puzzle="{esc(puzzle.id)}">{"".join(parts)}</div>')
