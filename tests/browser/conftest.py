"""The browser fixtures: ``browser`` (one Chromium for a module) and ``people`` (several at
once, one per person acting). The steps themselves are in ``driving.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.driving import PHONE, Person, new_driver


@pytest.fixture
def people(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           live_server: Any) -> Iterator[Callable[..., Person]]:
    """A factory of people, each at their own browser at a phone's width:
    ``director = people("director")``. Every browser is closed at the end."""
    drivers: list[Any] = []

    def open_browser(name: str, size: tuple[int, int] = PHONE) -> Person:
        driver = new_driver(tmp_path_factory.mktemp(f"chromium-{name}"), size)
        drivers.append(driver)
        story = request.module.__name__.rpartition(".")[2].removeprefix("test_").removesuffix("_in_chromium")
        return Person(driver, live_server, name, story)

    try:
        yield open_browser
    finally:
        for driver in drivers:
            driver.quit()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium for a module's tests, at a desktop's size."""
    driver = new_driver(tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield driver
    finally:
        driver.quit()
