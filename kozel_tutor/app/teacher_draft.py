"""The teacher's draft in the app's store: the set being built, kept between visits.

:class:`DraftKeeper` reads the draft once, when the Teacher section opens, and writes it on
every change the teacher makes (:mod:`.teacher_view` decides when).  What cannot be read is set
aside, whole, to the store's ``bad_rows`` and the rest is used; the catalogue's puzzles come
back in the catalogue's current words.  What could not be read, or written, the screen says in
the teacher's words (:meth:`DraftKeeper.messages`).  A draft another window (another tab on
the same progress file) changed since this one read it is never written over: the store refuses
(:class:`~.store.ChangedElsewhere`), and the screen says the set was changed elsewhere and to
reload the page.  With the set, the draft keeps the ids of the sets the teacher handed out
(:attr:`DraftKeeper.handed`), so that the screen can say, the next day too, that a set changed
since is another set.

>>> DraftNotice(left_out=2, fields=("title",)).text("en")
'Part of the set you were putting together could not be read (puzzles left out: 2; to fill in \
again: the title). It was put aside; the rest is below.'
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from ..bad_rows import UnreadableValue
from ..puzzles.model import Puzzle
from ..puzzles.teacher import TeacherDraft
from .store import ChangedElsewhere, Store
from .teacher_texts import t
from .texts import text

__all__ = ["DRAFT", "DraftKeeper", "DraftNotice"]

log = logging.getLogger(__name__)

DRAFT = "teacher"
"""The name of the teacher's draft in the store (:meth:`~.store.Store.save_draft`)."""

HANDED_KEPT = 20
"""The most ids of sets handed out a draft keeps (the latest)."""


@dataclass(frozen=True)
class DraftNotice:
    """What the screen says of a draft it could not wholly read: ``lost`` (nothing of it could
    be used), or how many puzzles were ``left_out`` and which ``fields`` (of ``title``,
    ``repo``, ``position``, ``goal``, ``puzzles``) start afresh."""

    lost: bool = False
    left_out: int = 0
    fields: tuple[str, ...] = ()

    def text(self, lang: str) -> str:
        if self.lost:
            return t("draft_lost", lang)
        parts = [t("left_out", lang, n=self.left_out)] if self.left_out else []
        if "puzzles" in self.fields:
            parts.append(t("field_puzzles", lang))
        refill = [t(f"field_{name}", lang) for name in self.fields if name != "puzzles"]
        if refill:
            parts.append(t("refill", lang, fields=", ".join(refill)))
        return t("draft_part", lang, what="; ".join(parts))


class DraftKeeper:
    """The draft :data:`DRAFT` of ``store`` (none kept without a store), for a screen whose
    catalogue is ``catalogue``."""

    def __init__(self, store: Store | None, catalogue: Iterable[Puzzle]) -> None:
        self.store = store
        self.catalogue = list(catalogue)
        self.notice: DraftNotice | None = None
        """What could not be read of the draft, when it was restored."""
        self.save_failed = False
        """The last write did not happen: the screen says the set is not being kept."""
        self.unread = False
        """The kept draft could not be read (the database failed): it is never written over,
        and the screen says so."""
        self.elsewhere = False
        """Another window changed the draft since this one read it: this window no longer
        keeps it (every later write is refused too), and the screen says to reload."""
        self.handed: list[str] = []
        """The ids of the sets handed out (their file downloaded, their link copied or
        opened), the latest last, as the draft kept them."""

    def restore(self) -> TeacherDraft | None:
        """The set the teacher was building last time, as far as it can be read, its catalogue
        puzzles in the catalogue's current words; ``None`` when there is none.  What cannot be
        read is set aside (the store's ``bad_rows``), :attr:`notice` says so, and what could
        be read is the draft from now on."""
        if self.store is None:
            return None
        try:
            data = self.store.read_draft(DRAFT)
        except UnreadableValue:   # not even JSON: the store has set it aside
            self.notice = DraftNotice(lost=True)
            return None
        except sqlite3.Error:
            log.exception("could not read the teacher's draft")
            self.unread = True
            return None
        if data is None:
            return None
        try:
            reading = TeacherDraft.read(data)
        except ValueError as exc:
            self._set_aside(str(exc))
            self.notice = DraftNotice(lost=True)
            return None
        draft = reading.draft.with_catalogue(self.catalogue)
        handed = data.get("handed")
        if isinstance(handed, list):
            self.handed = [i for i in handed if isinstance(i, str)][-HANDED_KEPT:]
        if reading.problems:
            self._set_aside("; ".join(reading.problems))
            self.notice = DraftNotice(left_out=reading.left_out, fields=reading.fields)
            self.save(draft)
        return draft

    def save(self, draft: TeacherDraft) -> None:
        """Keep ``draft``, and the sets :attr:`handed` out, in place of the one before;
        :attr:`save_failed` says whether it could not be."""
        if self.store is None or self.unread:
            return
        try:
            self.store.save_draft(DRAFT, {**draft.to_dict(),
                                          "handed": self.handed[-HANDED_KEPT:]})
        except ChangedElsewhere:
            log.warning("the teacher's draft was changed in another window: not written over")
            self.save_failed = self.elsewhere = True
        except sqlite3.Error:
            log.exception("could not keep the teacher's draft")
            self.save_failed = True
        else:
            self.save_failed = False

    def messages(self, lang: str) -> list[str]:
        """What the screen's header says of the draft, in ``lang``."""
        out = [self.notice.text(lang)] if self.notice is not None else []
        if self.unread:
            out.append(t("draft_unread", lang))
        if self.elsewhere:
            out.append(text("draft_elsewhere", lang))
        elif self.save_failed:
            out.append(t("not_kept", lang))
        return out

    def _set_aside(self, reason: str) -> None:
        assert self.store is not None
        try:
            self.store.set_aside_draft(DRAFT, reason)
        except sqlite3.Error:
            log.exception("could not set the teacher's draft aside")
