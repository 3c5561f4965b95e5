"""The board's clock filter: a countdown read the way a clock is read."""

import pytest

from tournaments.templatetags.board import clock


@pytest.mark.parametrize(("ms", "shown"), [
    (None, "0:00"), (-250, "0:00"), (0, "0:00"),
    (1, "0:01"), (999, "0:01"), (1000, "0:01"), (1001, "0:02"),  # 0:00 only once the time is out
    (59_001, "1:00"), (600_000, "10:00"), (3_599_500, "1:00:00"), (3_600_001, "1:00:01"),
])
def test_the_clock_is_rounded_up_so_that_zero_means_the_time_is_out(ms: int | None, shown: str) -> None:
    assert clock(ms) == shown
