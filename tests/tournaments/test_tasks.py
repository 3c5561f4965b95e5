"""Celery tasks, in-process (eager, the embedded default) and on a real worker over Redis."""

from __future__ import annotations

import pytest

from tests.helpers import RemoteWorker
from tournaments.tasks import play_and_verify


def test_eager_by_default_and_errors_propagate() -> None:
    answer = play_and_verify.delay("leapfrog_race", ["random", "greedy"], {}, "7").get()
    assert answer["verification"]["valid"] and answer["verification"]["finished"]
    with pytest.raises(ValueError, match="no built-in bot"):
        play_and_verify.delay("leapfrog_race", ["nobody"], {}, "7")


@pytest.mark.redis
def test_a_real_worker_plays_the_same_match(celery_worker: RemoteWorker) -> None:
    local = play_and_verify.apply(("leapfrog_race", ["random", "greedy"], {}, "7")).get()
    remote = celery_worker.run("tournaments.play_and_verify", "leapfrog_race", ["random", "greedy"], {}, "7")
    assert remote == local
    assert remote["verification"]["valid"]
