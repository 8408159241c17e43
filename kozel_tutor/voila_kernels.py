"""The Voila server's kernels: the next pre-heated kernel waits for a quiet page.

Voila runs the app in a spare kernel before anyone asks (``preheat_kernel`` in ``voila.py``)
and starts heating the next spare one a second after a page takes it: exactly while the browser
evaluates Voila's front end and the server feeds it sixty scripts.  On a two-core machine
(``benchmarks/bench_app.py --voila-pool``, one run) holding the heating back until the page
had connected took request → home screen from 12.4-14.2 s to 8.1-9.3 s.  The heating then
overlapped the first click instead (Play → table 1.4-1.9 s became 3.3-3.8 s when the benchmark
clicks at once); waiting also while the page is busy moved it to the learner's pauses (five
alternating runs of both versions: Play → table median 2.93 s → 1.85 s).  Giving the heating
kernel a lower CPU priority did not help: the page's own kernel, heated the same way, kept it.

:class:`PageFirstKernelManager` holds the heating of a spare kernel back while a page loads
and while the learner is busy with an open page, at most :attr:`page_wait` seconds in all.  A
page is loading while a kernel that is not a spare one has never had a connection (the kernels
of closed tabs have had one).  An open page is busy while its kernel works (a card click, the
AI's move) and for :attr:`page_settle` seconds after its last message or its connection: so the
heating runs while the learner reads the home screen or thinks over a card, not while the
table is drawn after Play.  If a request comes for the kernel that is waiting, it starts at
once: a reload never waits for the pause.

It also keeps the culling of idle kernels off a kernel a page has just taken.  Voila keeps the
kernels in its pool from being culled; once a page takes one, its last activity is its heating,
maybe long ago, and until the page's websocket connects it has no connection: a cull check in
those seconds would shut it down and the page would never show the home screen.  Such a kernel
is left alone for :attr:`page_connect_wait` seconds from when a cull check first finds it.

``voila.py`` names this class as ``VoilaConfiguration.multi_kernel_manager_class``; Voila
builds its pooling kernel manager on top of it.  It reads private attributes: Jupyter Server's
connection counts and kernels (with the activity markers it keeps on them) and Voila's pools;
it waits for nothing when they are missing.
This module imports nothing of the app, so the server process stays small.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

#: Voila marks the kernels it starts for its pool with this environment variable.
PREHEAT_VARIABLE = "VOILA_PREHEAT"
POLL_SECONDS = 0.2
#: How the server log says that a spare kernel starts heating (the browser tests read it).
HEATING = "Heating a spare kernel after waiting"


class PageFirstKernelManager(AsyncMappingKernelManager):
    """Starts the kernels Voila heats for its pool only once the pages have opened."""

    page_wait = Float(
        30.0, config=True,
        help="Longest wait, in seconds, before heating a spare kernel while a page loads "
             "or is busy.")
    page_settle = Float(
        2.0, config=True,
        help="Seconds an open page must have been quiet (no kernel message, no new "
             "connection) before a spare kernel heats.")
    page_connect_wait = Float(
        60.0, config=True,
        help="Seconds a kernel a page has taken is kept from culling while the page has not "
             "connected to it yet.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        #: When a page last connected to each kernel (time.monotonic()).
        self.connected_at: dict[str, float] = {}
        #: When a cull check first found each taken, never connected kernel (time.monotonic()).
        self.unconnected_since: dict[str, float] = {}

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_VARIABLE) == "True":
            await self.wait_for_pages()
        kernel_id: str = await super().start_kernel(**kwargs)
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self.connected_at[kernel_id] = time.monotonic()
        self.unconnected_since.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's check, except on a kernel a page has taken and not connected to yet
        (see the module), for :attr:`page_connect_wait` seconds."""
        if kernel_id in self.unconnected():
            first = self.unconnected_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - first < self.page_connect_wait:
                return
        self.unconnected_since.pop(kernel_id, None)
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    def spare_kernels(self) -> set[str]:
        """The heated kernels still waiting in Voila's pools for a page."""
        spare = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    result = task.result()
                    if isinstance(result, dict) and "kernel_id" in result:
                        spare.add(result["kernel_id"])
        return spare

    def connections(self) -> dict[str, int]:
        """Jupyter Server's count of open connections (pages) per kernel; empty if missing."""
        counts = getattr(self, "_kernel_connections", None)
        return counts if isinstance(counts, dict) else {}

    def unconnected(self) -> set[str]:
        """The kernels pages have taken and not connected to yet.  (A kernel whose page has
        been closed has connected before; a spare one waits in a pool.)"""
        waiting = {kid for kid, n in self.connections().items() if n == 0}
        return waiting - self.connected_at.keys() - self.spare_kernels()

    def pages_loading(self) -> bool:
        """Has some page taken a kernel and not connected to it yet?"""
        return bool(self.unconnected())

    def pages_busy(self) -> bool:
        """Is the kernel of some open page busy (see :meth:`page_busy`)?"""
        return any(self.page_busy(kid) for kid, n in self.connections().items() if n)

    def page_busy(self, kernel_id: str) -> bool:
        """Is this kernel working, or has it had a message or a new connection in the last
        :attr:`page_settle` seconds?  (Jupyter Server records each kernel's execution state
        and last activity from its messages.)"""
        if time.monotonic() - self.connected_at.get(kernel_id, -1e9) < self.page_settle:
            return True
        kernel = getattr(self, "_kernels", {}).get(kernel_id)
        if getattr(kernel, "execution_state", None) == "busy":
            return True
        last = getattr(kernel, "last_activity", None)
        return (isinstance(last, datetime) and last.tzinfo is not None
                and (datetime.now(UTC) - last).total_seconds() < self.page_settle)

    def taken(self, task: asyncio.Task[Any] | None) -> bool:
        """Has a request taken this pool task (it waits for its kernel now)?"""
        pools = getattr(self, "_pools", None)
        if task is None or not isinstance(pools, dict):
            return True
        return not any(task in pool for pool in pools.values())

    async def wait_for_pages(self) -> float:
        """Waits while a page loads or is busy (see the module); returns the seconds waited."""
        task = asyncio.current_task()
        started = time.monotonic()
        deadline = started + self.page_wait
        while (not self.taken(task) and time.monotonic() < deadline
               and (self.pages_loading() or self.pages_busy())):
            await asyncio.sleep(POLL_SECONDS)
        waited = time.monotonic() - started
        self.log.info("%s %.1f s for the pages to open and go quiet", HEATING, waited)
        return waited
