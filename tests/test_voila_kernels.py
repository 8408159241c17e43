"""The Voila kernel manager that heats the next spare kernel once the page has opened.

These drive the real class and its real bookkeeping (Jupyter Server's connection counts,
Voila's pools of tasks) inside a real event loop; the browser tests run it under Voila.  Each
test's loop runs in a thread of its own: a session's browser tests may leave Playwright's loop
running in the main thread.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

pytest.importorskip("jupyter_server")

from kozel_tutor.voila_kernels import PageFirstKernelManager

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (see the module)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def manager(connections: dict[str, int], wait: float = 3.0,
            settle: float = 0.2) -> PageFirstKernelManager:
    km = PageFirstKernelManager(page_wait=wait, page_settle=settle)
    km._kernel_connections = connections
    km._pools = {}
    return km


def as_pool_task(km: PageFirstKernelManager,
                 during: Callable[[asyncio.Task[Any]], Awaitable[None]] | None = None
                 ) -> float:
    """Runs ``km.wait_for_pages()`` as the task of a pool (as Voila does), with ``during``
    acting on the world meanwhile; returns the seconds it waited."""
    async def main() -> float:
        task = asyncio.get_running_loop().create_task(km.wait_for_pages())
        km._pools["app.ipynb"] = [task]
        if during is not None:
            await during(task)
        return await task
    return run(main())


def test_no_page_loading_means_no_wait() -> None:
    km = manager({"k1": 1, "k2": 2})
    started = time.monotonic()
    assert as_pool_task(km) < 0.1
    assert time.monotonic() - started < 0.5


def test_the_first_fill_at_start_up_does_not_wait() -> None:
    assert as_pool_task(manager({})) < 0.1


def test_heating_waits_for_the_page_to_connect_then_lets_it_draw() -> None:
    connections = {"old-tab": 1, "new-page": 0}
    km = manager(connections, wait=5.0, settle=0.3)

    async def page_connects(task: asyncio.Task[Any]) -> None:
        await asyncio.sleep(0.6)
        assert not task.done(), "it must wait while the page loads"
        km.notify_connect("new-page")   # what the kernel's websocket handler calls
        assert connections["new-page"] == 1

    waited = as_pool_task(km, page_connects)
    assert 0.6 + 0.3 <= waited < 0.6 + 0.3 + 1.0


def kernel(state: str = "idle", quiet_for: float = 60.0) -> SimpleNamespace:
    """The two markers Jupyter Server keeps on each of its kernels, from the kernel's messages."""
    last = datetime.now(UTC) - timedelta(seconds=quiet_for)
    return SimpleNamespace(execution_state=state, last_activity=last)


def test_heating_waits_while_the_open_page_plays_then_for_it_to_be_quiet() -> None:
    km = manager({"page": 1}, wait=5.0, settle=0.3)
    km._kernels["page"] = kernel(quiet_for=0.0)

    async def learner_plays(task: asyncio.Task[Any]) -> None:
        for _ in range(5):   # a card click and the AI's replies, every 0.2 s for a second
            await asyncio.sleep(0.2)
            assert not task.done(), "it must wait while the page's kernel is active"
            km._kernels["page"].last_activity = datetime.now(UTC)

    waited = as_pool_task(km, learner_plays)
    assert 1.0 + 0.3 <= waited < 1.0 + 0.3 + 0.8


def test_a_kernel_busy_with_a_long_move_holds_heating_back() -> None:
    km = manager({"page": 1}, wait=5.0, settle=0.3)
    km._kernels["page"] = kernel("busy", quiet_for=10.0)   # the AI thinks, no message yet

    async def move_done(task: asyncio.Task[Any]) -> None:
        await asyncio.sleep(0.8)
        assert not task.done(), "it must wait while the page's kernel is busy"
        km._kernels["page"].execution_state = "idle"

    waited = as_pool_task(km, move_done)
    assert 0.8 <= waited < 1.6


def test_a_quiet_open_page_does_not_hold_heating_back() -> None:
    km = manager({"page": 1, "closed-tab": 0}, settle=0.3)
    km.connected_at.update({"page": time.monotonic() - 5, "closed-tab": time.monotonic() - 9})
    km._kernels.update({"page": kernel(quiet_for=5.0), "closed-tab": kernel("busy")})
    assert as_pool_task(km) < 0.1


def test_a_page_busy_without_end_holds_heating_back_only_page_wait() -> None:
    km = manager({"page": 1}, wait=0.8, settle=0.3)
    km._kernels["page"] = kernel("busy")
    waited = as_pool_task(km)
    assert 0.8 <= waited < 1.6


def test_a_request_for_the_waiting_kernel_ends_the_wait_at_once() -> None:
    km = manager({"new-page": 0}, wait=10.0)

    async def reload(task: asyncio.Task[Any]) -> None:
        await asyncio.sleep(0.4)
        km._pools["app.ipynb"].remove(task)   # what Voila's handler does: pop the pool's task

    waited = as_pool_task(km, reload)
    assert 0.4 <= waited < 1.2


def test_a_closed_tabs_kernel_does_not_hold_heating_back() -> None:
    km = manager({"closed-tab": 0})
    km.connected_at["closed-tab"] = time.monotonic() - 60   # a page was connected once
    assert as_pool_task(km) < 0.1


def test_a_spare_kernel_in_the_pool_is_not_a_page_loading() -> None:
    km = manager({"spare": 0})

    async def main() -> float:
        loop = asyncio.get_running_loop()
        heated: asyncio.Future[dict[str, Any]] = loop.create_future()
        heated.set_result({"kernel_id": "spare"})
        task = loop.create_task(km.wait_for_pages())
        km._pools["app.ipynb"] = [heated, task]
        return await task

    assert run(main()) < 0.1


def test_a_page_that_never_connects_holds_heating_back_only_page_wait() -> None:
    km = manager({"abandoned-page": 0}, wait=0.8, settle=2.0)
    waited = as_pool_task(km)
    assert 0.8 <= waited < 1.6


def test_without_voilas_pools_nothing_waits() -> None:
    km = PageFirstKernelManager()
    km._kernel_connections = {"k": 0}
    assert run(km.wait_for_pages()) < 0.1


class Culling(PageFirstKernelManager):
    """The real culling check, with the kernels it shuts down recorded instead."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.culled: list[str] = []

    async def shutdown_kernel(self, kernel_id: str, now: bool = False,  # type: ignore[override]
                              restart: bool = False) -> None:
        self.culled.append(kernel_id)


def culling(connections: dict[str, int], connect_wait: float) -> Culling:
    km = Culling(cull_idle_timeout=30, page_connect_wait=connect_wait)
    km._kernel_connections = connections
    km._pools = {}
    for kernel_id in connections:   # heated or last used a minute ago: idle beyond the timeout
        km._kernels[kernel_id] = SimpleNamespace(
            **vars(kernel(quiet_for=60.0)), kernel_name="python3",
            kernel_spec=SimpleNamespace(metadata={}))
    return km


def test_a_kernel_a_page_took_is_not_culled_before_the_page_connects() -> None:
    km = culling({"taken": 0}, connect_wait=0.5)
    run(km.cull_kernel_if_idle("taken"))
    assert km.culled == [], "culled while its page loads"
    km.notify_connect("taken")
    km._kernel_connections["taken"] = 1
    run(km.cull_kernel_if_idle("taken"))
    assert km.culled == [], "an open page's kernel is not culled"


def test_a_kernel_whose_page_never_connects_is_culled_after_the_connect_wait() -> None:
    km = culling({"abandoned": 0}, connect_wait=0.5)
    run(km.cull_kernel_if_idle("abandoned"))
    time.sleep(0.6)
    assert km.culled == []
    run(km.cull_kernel_if_idle("abandoned"))
    assert km.culled == ["abandoned"]


def test_a_closed_tabs_idle_kernel_is_culled_at_once() -> None:
    km = culling({"closed-tab": 0}, connect_wait=60.0)
    km.connected_at["closed-tab"] = time.monotonic() - 60
    run(km.cull_kernel_if_idle("closed-tab"))
    assert km.culled == ["closed-tab"]
