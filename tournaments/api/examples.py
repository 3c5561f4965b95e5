"""Example logs for the OpenAPI schema's examples: copies of the project's own example logs
(``tests/data/examples``, made by ``python -m tests.examples`` from seeded bot matches), so
that every log the schema shows verifies (``tests/tournaments/test_api_schema.py`` checks).
"""

from __future__ import annotations

from typing import Any

#: A finished two-seat Froggit match (``froggit/02-valid.json``).
FINISHED_LOG: dict[str, Any] = {
    "format": 1,
    "game": "froggit",
    "options": {"version": "expert", "family": "standard", "max_rounds": 200},
    "players": ["ana", "ben"],
    "setup": {},
    "moves": [
        "S start a2 b3",
        "S start f4 f3",
        "S b3 c4 d5 e5",
        "S f3 e3 d3 c2",
        "S e5 f4 home",
        "fish b2",
        "S c2 b1 home",
        "fish d2",
        "S start b2 c3",
        "S start f4 e4",
        "S c3 d4 f4 home",
        "fish d4",
        "S e4 d5 c4 b3",
        "L start a2 b3",
        "S start f4 f3",
        "S start a2 c4 c5",
        "S f3 e3 d3 c2",
        "S c5 d5 e5 f5",
        "S c2 b1 home",
        "fish f4",
        "S f5 home",
        "fish f3",
        "L start f4 e4",
        "L start b2 c3",
        "L e4 d4 b2",
        "L c3 d4",
        "L b2 home",
        "fish e4",
        "L d4 d5 d6",
        "L start f4",
        "L d6 e5 g3",
        "L f4 f3 e3",
        "L g3 home",
        "fish e3",
        "L start f4 e4",
        "L b3 c4 d5",
        "S b3 a2 home",
        "fish c4",
        "L d5 e5 f5",
        "L e4 d4 d3",
        "L f5 home",
    ],
    "result": {"ranks": [1, 2], "scores": [5, 4], "detail": {"rounds": 17, "winner": 0}},
    "seed": "froggit-example-1",
    "commitment": "sha256:27dc671f6c699dc65091d5fad6d205ae7e591108f76345f68693c7b883fc2064",
}

#: A Leapfrog Race played nine turns, not finished yet (``leapfrog_race/07-unfinished.json``).
UNFINISHED_LOG: dict[str, Any] = {
    "format": 1,
    "game": "leapfrog_race",
    "options": {"colours": "RY", "plate": True},
    "players": ["ana", "ben"],
    "setup": {"order": "POGBYR"},
    "moves": [
        "P1 O3 G5 B6 Y3 R1",
        "O5 P6 B4 G4 Y4 R2",
        "P5 O1 B5 G3 Y6 R3",
        "P3 B3 O2 Y5 G1 R4",
        "Y1 R5 P4 B2 O6 G2",
        "R6 Y2 O4 P2 B1 G6",
        "R6 G1 O2 Y2 P4 B6",
        "R5 O6 G2 B5 P2 Y5",
        "O4 R4 B3 Y4 G4 P6",
    ],
    "seed": "leapfrog_race-example-0",
    "commitment": "sha256:2f13d29387a7699d7e52e92d0069dd0cbf7544707c3031b173c4ef6fa767167b",
}
