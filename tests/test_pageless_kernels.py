"""Issue #30 §6: a page server's kernel whose page went without saying so is shut down within a couple of minutes,
even while its table keeps it busy; a kernel with a page connected is never cut off."""

from __future__ import annotations

import asyncio
import runpy
from pathlib import Path

import pytest
from apart import run_apart

pytest.importorskip("jupyter_server", reason="the page servers need the lab extra")

from isle_nb.serve.kernels import GONE_SECONDS, PagelessKernelsGo

CONFIG = Path(__file__).resolve().parents[1] / "isle_nb" / "serve" / "config"


def test_the_voila_pages_use_the_kernel_manager_that_lets_pageless_kernels_go() -> None:
    class Section(dict):
        def __getattr__(self, name: str) -> Section:
            return self.setdefault(name, Section())

        def __setattr__(self, name: str, value: object) -> None:
            self[name] = value

    config = Section()
    runpy.run_path(str(CONFIG / "voila" / "voila.py"), init_globals={"get_config": lambda: config})
    assert config.VoilaConfiguration.multi_kernel_manager_class == "isle_nb.serve.kernels.PagelessKernelsGo"
    # the culler looks often enough that a pageless kernel goes within about two and a half minutes
    assert GONE_SECONDS + config.MappingKernelManager.cull_interval <= 150
    assert config.MappingKernelManager.cull_connected is False


def test_a_kernel_without_a_page_goes_and_one_with_a_page_stays() -> None:
    async def scenario() -> tuple[str, list[str], list[str], list[str]]:
        manager = PagelessKernelsGo(gone_after=0.2, cull_idle_timeout=3600)
        with_page = await manager.start_kernel(kernel_name="python3")
        without_page = await manager.start_kernel(kernel_name="python3")
        try:
            manager.notify_connect(with_page)
            # busy, as a seat whose table is being played: Jupyter's own idle culling would keep it
            for kernel_id in (with_page, without_page):
                manager.get_kernel(kernel_id).execution_state = "busy"
            await manager.cull_kernel_if_idle(without_page)  # first seen without a page: kept for now
            await manager.cull_kernel_if_idle(with_page)
            first = sorted(manager.list_kernel_ids())
            await asyncio.sleep(0.3)
            for kernel_id in list(manager.list_kernel_ids()):
                await manager.cull_kernel_if_idle(kernel_id)
            second = list(manager.list_kernel_ids())
            # the page closes: that kernel goes too, gone_after after its page went (not after the culler's next
            # look: one look, 0.3 s after the page went, is enough)
            manager.notify_disconnect(with_page)
            await asyncio.sleep(0.3)
            await manager.cull_kernel_if_idle(with_page)
            third = list(manager.list_kernel_ids())
            return with_page, first, second, third
        finally:
            await manager.shutdown_all(now=True)

    with_page, first, second, third = run_apart(scenario(), timeout=120)
    assert len(first) == 2 and with_page in first
    assert second == [with_page]
    assert third == []
