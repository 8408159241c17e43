"""The Voila server's kernels: the next pre-heated kernel waits until the page has opened.

Voila runs the app in a spare kernel before anyone asks (``preheat_kernel`` in ``voila.py``)
and starts heating the next spare one a second after a page takes it: exactly while the browser
evaluates Voila's front end and the server feeds it sixty scripts.  On a two-core machine
(``benchmarks/bench_app.py --voila-pool``, one run) holding the heating back took request →
home screen from 12.4-14.2 s to 8.1-9.3 s.  The heating then overlaps the first click instead
(Play → table 1.4-1.9 s became 3.3-3.8 s when the benchmark clicks at once), and request →
interactive table went from a median of 15.4 s to 12.1 s (0.79).  Giving the heating kernel a
lower CPU priority instead did not help: the page's own kernel, heated the same way, kept it.

:class:`PageFirstKernelManager` holds the heating of a spare kernel back until every page has
connected to its kernel (the front end has loaded) and then for two more seconds while the
page draws, at most :attr:`page_wait` seconds in all.  A page is loading while a kernel that is
not a spare one has never had a connection (the kernels of closed tabs have had one).  If a
request comes for the kernel that is waiting, it starts at once: a reload never waits for the
pause.

``voila.py`` names this class as ``VoilaConfiguration.multi_kernel_manager_class``; Voila
builds its pooling kernel manager on top of it.  It reads two private attributes, Jupyter
Server's connection counts and Voila's pools, and waits for nothing when either is missing.
This module imports nothing of the app, so the server process stays small.
"""

from __future__ import annotations

import asyncio
import time
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
        help="Longest wait, in seconds, before heating a spare kernel while a page loads.")
    page_settle = Float(
        2.0, config=True,
        help="Seconds to wait after the pages have connected, while they draw.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        #: The kernels a page has connected to at some time.
        self.connected_once: set[str] = set()

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_VARIABLE) == "True":
            await self.wait_for_pages()
        kernel_id: str = await super().start_kernel(**kwargs)
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self.connected_once.add(kernel_id)

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

    def pages_loading(self) -> bool:
        """Has some page taken a kernel and not connected to it yet?  (A kernel whose page
        has been closed has connected before; a spare one waits in a pool.)"""
        connections = getattr(self, "_kernel_connections", None)
        if not isinstance(connections, dict):
            return False
        waiting = {kid for kid, n in connections.items() if n == 0} - self.connected_once
        return bool(waiting - self.spare_kernels())

    def taken(self, task: asyncio.Task[Any] | None) -> bool:
        """Has a request taken this pool task (it waits for its kernel now)?"""
        pools = getattr(self, "_pools", None)
        if task is None or not isinstance(pools, dict):
            return True
        return not any(task in pool for pool in pools.values())

    async def wait_for_pages(self) -> float:
        """Waits while a page loads (see the module); returns the seconds waited."""
        task = asyncio.current_task()
        started = time.monotonic()
        deadline = started + self.page_wait
        if self.pages_loading() and not self.taken(task):
            while self.pages_loading() and not self.taken(task) and time.monotonic() < deadline:
                await asyncio.sleep(POLL_SECONDS)
            settle = min(deadline, time.monotonic() + self.page_settle)
            while not self.taken(task) and time.monotonic() < settle:
                await asyncio.sleep(POLL_SECONDS)
        waited = time.monotonic() - started
        self.log.info("%s %.1f s for the pages to open", HEATING, waited)
        return waited
