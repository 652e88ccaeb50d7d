"""Dask is the ``sim`` extra (issue #33): without it, simulate() still runs games in processes, and asking for a
Dask cluster says in a sentence what to install."""

from __future__ import annotations

import sys

import pytest

from isle_nb import simulate
from isle_nb.simulation import DASK_MISSING


def test_without_dask_simulate_plays_in_processes_and_a_cluster_asked_for_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails, as without the extra
    frame = simulate(2, mode="pocket", processes=1, progress=False)
    assert len(frame) == 4
    with pytest.raises(ImportError) as refused:
        simulate(2, mode="pocket", client="tcp://127.0.0.1:8786", progress=False)
    assert str(refused.value) == DASK_MISSING
    assert 'pip install "isle_nb[sim]"' in DASK_MISSING and DASK_MISSING.endswith(".")


def test_a_scheduler_address_runs_the_games_on_that_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as local:
        on_dask = simulate(3, mode="pocket", client=local.scheduler_address, batch_size=1, progress=False)
    assert on_dask.equals(simulate(3, mode="pocket", processes=1, progress=False))
