"""isle_nb.simulate: tidy frames of many bot games, the same whatever runs them (one process, a process pool, a
Dask cluster, even one that loses a worker mid-run)."""

from __future__ import annotations

import os
import signal
import threading
import time

import pandas as pd
import pytest

from isle_nb import Game, GreedyBot, RandomBot, modes, play, simulate
from isle_nb.model.parts.scoring import CATEGORIES
from isle_nb.simulation import bot_seed, game_seed


def small(games: int = 4, **kwargs: object) -> pd.DataFrame:
    kwargs.setdefault("players", 2)
    return simulate(games, processes=1, progress=False, **kwargs)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Player and card frames of the same 4 three-player games, greedy in seat 0."""
    both = small(4, players=3, bots=["greedy", "random", "random"], seed=11, detail="both")
    cards = small(2, players=3, bots=["greedy", "random", "random"], seed=11, detail="cards")
    assert cards.equals(both[1][both[1]["game"] < 2])  # detail="both" gives the frames of the same games
    return both


def test_one_row_per_game_and_player_with_every_score_category(frames):
    players, _ = frames
    assert len(players) == 12
    assert list(players.groupby("game").size()) == [3] * 4
    assert set(CATEGORIES) <= set(players.columns)
    assert (players[list(CATEGORIES)].sum(axis=1) == players["total"]).all()
    assert list(players["bot"][:3]) == ["greedy", "random", "random"]
    assert (players.groupby("game")["winner"].sum() >= 1).all()
    for column in ("fish", "cats_red", "bought_lesson", "map_bonuses", "start_position"):
        assert column in players.columns


def test_rows_are_the_scores_of_the_same_game_played_with_play(frames):
    """A simulated game is the game play() gives with the same seeds: same totals and fish (SCORE-1..8)."""
    players, _ = frames
    first = players[players["game"] == 2]
    seed = int(first["seed"].iloc[0])
    assert seed == game_seed(11, 2)
    game = Game.new(3, seed=seed)
    play(game, [GreedyBot(bot_seed(seed, 0)), RandomBot(bot_seed(seed, 1)), RandomBot(bot_seed(seed, 2))])
    result = game.result()
    assert list(first["total"]) == list(result["total"])
    assert list(first["winner"]) == list(result["winner"])
    assert list(first["fish"]) == [p.fish for p in game.state.players]
    colours = first[[c for c in players.columns if c.startswith("cats_")]].sum(axis=1)
    assert list(colours) == list(first["cats"])


def test_card_frame_agrees_with_the_player_frame(frames):
    """Every card bought has a row; the lessons' points add up to the lesson categories of the score."""
    players, cards = frames
    bought = cards.groupby(["game", "player"]).size()
    expected = players.set_index(["game", "player"])["cards_bought"]
    assert bought.reindex(expected.index, fill_value=0).tolist() == expected.tolist()
    private = cards[cards["location"] == "private lesson"].groupby(["game", "player"])["points"].sum()
    assert private.reindex(expected.index, fill_value=0).tolist() == (
        players.set_index(["game", "player"])["private_lessons"].tolist()
    )
    public = cards[cards["location"] == "public lesson"].groupby("game")["points_all_players"].sum()
    assert public.reindex(range(4), fill_value=0).tolist() == players.groupby("game")["public_lessons"].sum().tolist()
    assert cards.loc[cards["type"] == "rescue", "points"].isna().all()


def test_same_seed_same_frames_and_games_differ():
    assert small(3, seed=4).equals(small(3, seed=4))
    assert not small(3, seed=4)["seed"].equals(small(3, seed=5)["seed"])
    seeds = [game_seed(0, i) for i in range(1000)]
    assert len(set(seeds)) == 1000


def test_solo_family_and_pocket():
    solo = simulate(2, mode="solo", bots="greedy", processes=1, progress=False)
    assert list(solo["player"]) == ["Player 1", "Sister"] * 2
    assert solo["winner"].groupby(solo["game"]).sum().tolist() == [1, 1]
    assert solo["seat"].isna().tolist() == [False, True] * 2
    family = small(2, mode="family", players=3)
    family_cards = small(2, mode="family", players=3, detail="cards")
    assert set(family_cards["type"]) == {"family_lesson"}
    assert len(family_cards) == 2 * 3 * 2  # each player keeps 2 family lessons (FAMILY-1)
    by_player = family_cards.groupby(["game", "player"])["points"].sum()
    assert by_player.tolist() == family.set_index(["game", "player"])["family_lessons"].tolist()
    pocket = small(3, mode="pocket", bots=["greedy", "random"], options={"variant": "limited"})
    assert len(pocket) == 6
    assert {"clan", "prey_points", "total", "winner"} <= set(pocket.columns)
    with pytest.raises(ValueError, match="no cards"):
        small(1, mode="pocket", detail="cards")


def test_explore_and_draw():
    frame = small(2, mode="explore_draw", players=3, bots=["greedy", "random", "random"])
    assert frame["game"].tolist() == [0, 0, 0, 1, 1, 1]
    assert {"lessons", "filled_rooms", "total", "winner"} <= set(frame.columns)
    assert (frame.groupby("game")["winner"].sum() >= 1).all()
    solo = small(1, mode="explore_draw", players=1, options={"difficulty": "easy"})
    assert solo["player"].tolist() == ["Player 1", "Sister"]
    twelve = small(1, mode="explore_draw", players=12, bots="random", options={"mixed_cards": True})
    assert len(twelve) == 12 and twelve["winner"].any()  # ED-9: up to 12 players; ED-10: the mixed cards option


def test_bot_factories_and_bad_arguments():
    frame = small(1, bots=[GreedyBot, "random"])
    assert list(frame["bot"]) == ["GreedyBot", "random"]
    with pytest.raises(ValueError, match="unknown bot"):
        small(1, bots="clever")
    with pytest.raises(ValueError, match="one bot per seat"):
        small(1, bots=["random"])
    with pytest.raises(ValueError, match="for 2 or 3 or 4 players"):
        small(1, players=5)
    with pytest.raises(ValueError, match="unknown mode"):
        small(1, mode="chess")
    assert set(modes()["name"]) >= {"standard", "solo", "family", "pocket", "explore_draw"}


def test_process_pool_gives_the_same_frame():
    kwargs = {"players": 2, "seed": 3, "progress": False}
    assert simulate(4, processes=2, **kwargs).equals(simulate(4, processes=1, **kwargs))


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as local, distributed.Client(local) as client:
        yield client


def test_dask_cluster_gives_the_same_frames(cluster):
    kwargs = {"players": 2, "seed": 8, "progress": False}
    for detail in ("players", "cards"):
        alone = simulate(4, detail=detail, processes=1, **kwargs)
        on_dask = simulate(4, detail=detail, client=cluster, batch_size=1, **kwargs)
        pd.testing.assert_frame_equal(on_dask, alone)


def test_a_worker_killed_mid_run_loses_and_duplicates_no_game(cluster):
    games = 12
    pids = cluster.run(os.getpid)
    result: dict[str, pd.DataFrame] = {}
    run = threading.Thread(
        target=lambda: result.update(frame=simulate(games, players=2, seed=21, client=cluster, batch_size=1,
                                                    progress=False))
    )
    run.start()
    deadline = time.monotonic() + 30
    victim = None
    while victim is None and time.monotonic() < deadline:
        busy = [address for address, keys in cluster.processing().items() if keys]
        victim = busy[0] if busy else None
        time.sleep(0.01)
    assert victim is not None, "no task started"
    os.kill(pids[victim], signal.SIGKILL)
    killed_while_running = run.is_alive()
    run.join(timeout=120)
    assert killed_while_running and not run.is_alive()
    frame = result["frame"]
    assert frame["game"].tolist() == [g for g in range(games) for _ in (0, 1)]
    assert frame.drop_duplicates("game")["seed"].tolist() == [game_seed(21, g) for g in range(games)]
    assert frame.equals(simulate(games, players=2, seed=21, processes=1, progress=False))
    cluster.wait_for_workers(2, timeout=60)


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"games": True}, "games must be a whole number"),
        ({"games": 2.0}, "games must be a whole number"),
        ({"players": 2.0}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": None}, "seed must be a whole number"),
        ({"batch_size": -1}, "batch_size must be a whole number"),
        ({"batch_size": 0}, "batch_size must be a whole number"),
        ({"processes": 0}, "processes must be a whole number"),
        ({"options": {"colour": "red"}}, "do not fit standard games"),
        ({"options": ["difficulty"]}, "options must be a dict"),
        ({"mode": "solo", "players": 1, "options": {"difficulty": "impossible"}}, "do not fit solo games"),
    ],
)
def test_each_bad_argument_is_one_clear_value_error_before_any_worker_starts(
    arguments: dict, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """games=True, players=2.0, seed="7"/None, batch_size=-1 and bad options were TypeErrors, silent coercions or
    an empty frame; each is now one ValueError, raised before a game is played or a process started."""
    from isle_nb import simulation

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(simulation, "_run_pool", no_pool)
    kwargs = {"games": 4, "players": 2, "progress": False, "processes": 2, **arguments}
    with pytest.raises(ValueError, match=words):
        simulate(**kwargs)  # type: ignore[arg-type]


def _workers_of_the_forkserver() -> set[int]:
    """The live processes whose parent is multiprocessing's forkserver (the pool's workers)."""
    from multiprocessing import forkserver

    server = getattr(forkserver._forkserver, "_forkserver_pid", None)
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if server is not None and int(fields[1]) == server and fields[0] != "Z":
                found.add(int(entry))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="counts worker processes through /proc")
def test_an_interrupt_stops_a_process_pool_run_at_once_and_leaves_no_worker() -> None:
    """Jupyter's Interrupt button (a KeyboardInterrupt in the kernel) stops a process-pool run promptly: queued
    games are cancelled and the workers ended (it used to wait for every queued game)."""
    import _thread
    import signal

    # A kernel turns SIGINT into KeyboardInterrupt; a test run earlier in this process (a server, a cluster) may have
    # left its own handler, and then the simulated interrupt below would reach that handler instead.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _interrupt_a_pool_run(_thread.interrupt_main)
    finally:
        signal.signal(signal.SIGINT, previous)


def _interrupt_a_pool_run(interrupt_main) -> None:
    simulate(2, players=2, processes=2, progress=False)  # the forkserver is up: the timing below is the run's
    timer = threading.Timer(1.0, interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):  # 20,000 games: some 30 minutes of two processes' time if it waited
        simulate(20_000, players=2, processes=2, batch_size=5, progress=False)
    stopped = time.monotonic() - started
    timer.cancel()
    # not a timing bound (a loaded machine may take several seconds to end the workers) but the difference between
    # stopping at once and playing the queued games: a run that waited would take ten times this at the least
    assert stopped < 120, f"the run took {stopped:.1f} s to stop"
    deadline = time.monotonic() + 5
    while _workers_of_the_forkserver() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _workers_of_the_forkserver() == set()


def test_a_script_without_a_main_guard_is_told_what_to_do(tmp_path) -> None:
    import subprocess
    import sys

    script = tmp_path / "study.py"
    script.write_text("from isle_nb import simulate\nprint(len(simulate(4, players=2, processes=2, progress=False)))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (os.getcwd(), os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env,
                          cwd=tmp_path)
    assert done.returncode != 0
    told = [line for line in done.stderr.splitlines() if line.startswith("RuntimeError: simulate()")]
    assert told and 'if __name__ == "__main__":' in told[0] and "processes=1" in told[0]
