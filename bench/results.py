"""Where the bench scripts write their figures: ``bench/results/<name>.json``.

Every script prints its figures as it goes and, at the end, calls :func:`write_results` with
one JSON-ready mapping; ``make bench`` collects the files into ``bench/results/``, and
``docs/benchmarks.md`` quotes them. The machine is recorded beside the figures, because a
figure means little without it.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    memory = None
    if os.path.exists("/proc/meminfo"):
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            kilobytes = int(meminfo.readline().split()[1])
        memory = f"{kilobytes / 2**20:.0f} GiB"
    cpu = platform.processor()
    if os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            names = [line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")]
        cpu = names[0] if names else cpu
    return {"cores": os.cpu_count(), "cpu": cpu, "memory": memory,
            "python": sys.version.split()[0], "platform": platform.platform()}


def write_results(name: str, figures: Mapping[str, Any]) -> str:
    """Write ``figures`` to ``bench/results/<name>.json`` with the machine and the time; answer the path."""
    os.makedirs(RESULTS, exist_ok=True)
    path = os.path.join(RESULTS, f"{name}.json")
    document = {"name": name, "measured": datetime.now(UTC).isoformat(timespec="seconds"),
                "machine": machine(), "figures": figures}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=2, sort_keys=False)
        out.write("\n")
    print(f"figures written to {os.path.relpath(path)}")
    return path
