"""The rating charts: well-formed SVG, one linked point per rating, and trend lines."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tournaments.charts import ChartPoint, nice_step, rating_chart, sparkline


def classes(picture: str, name: str) -> list[ET.Element]:
    return [element for element in ET.fromstring(picture).iter() if element.get("class") == name]


def test_a_history_chart_has_a_point_per_rating_each_linking_its_match() -> None:
    points = [ChartPoint(1500.0 + 10 * index, 300.0 - index, f"match {index}", f"/matches/{index}/")
              for index in range(5)]
    chart = rating_chart(points, label="Ana: froggit rating")
    assert len(classes(chart, "point")) == 5 and len(classes(chart, "line")) == 1
    links = [element.get("href") for element in ET.fromstring(chart).iter("{http://www.w3.org/2000/svg}a")]
    assert links == [f"/matches/{index}/" for index in range(5)]
    assert chart == rating_chart(points, label="Ana: froggit rating")


def test_empty_and_single_point_charts_still_draw() -> None:
    assert "no rated matches yet" in rating_chart([])
    single = rating_chart([ChartPoint(1500.0, 0.0, "start")])
    assert len(classes(single, "point")) == 1


def test_the_trend_line_rises_green_and_falls_red() -> None:
    rising, falling = sparkline([1400.0, 1450.0, 1500.0]), sparkline([1500.0, 1450.0])
    assert 'stroke="#2f7d4f"' in rising and 'stroke="#a12a2a"' in falling
    assert not classes(sparkline([1500.0]), "trend") and len(classes(rising, "trend")) == 1
    assert nice_step(1000) == 200.0 and nice_step(0.3) == 0.1


def test_the_corner_counts_the_matches_with_or_without_a_starting_point() -> None:
    points = [ChartPoint(1500.0, 350.0, "start"), ChartPoint(1530.5, 300.0, "won")]
    assert "latest · 1 rated match<" in rating_chart(points)  # the first point is the start
    assert "latest · 2 rated matches<" in rating_chart(points, matches=2)  # every point is a match
