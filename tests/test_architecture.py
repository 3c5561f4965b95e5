"""The layout's rules, kept by test: the import contracts (``.importlinter``), no import
circle anywhere in ``tournaments``, pure formats, and tasks queued only by services."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import grimp
import pytest
from importlinter.cli import EXIT_STATUS_SUCCESS, lint_imports

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("tournaments", "games", "config", include_external_packages=True, cache_dir=None)


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    """import-linter's own report is the failure message: which contract, which import, which line."""
    status = lint_imports(config_filename=str(ROOT / ".importlinter"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == EXIT_STATUS_SUCCESS, report


def circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The strongly connected groups of two or more modules of ``package`` (Tarjan's algorithm)."""
    modules = sorted(graph.find_descendants(package) | {package})
    edges = {module: sorted(graph.find_modules_directly_imported_by(module) & set(modules) - {module})
             for module in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in edges[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while (member := stack.pop()) != module:
                group.append(member)
            if group:
                found.append(sorted([*group, module]))

    for module in modules:
        if module not in index:
            visit(module)
    return found


@pytest.mark.parametrize("package", ["tournaments", "games"])
def test_no_module_is_in_an_import_circle(graph: grimp.ImportGraph, package: str) -> None:
    """Imports inside functions count: a circle hidden in a function is still a circle."""
    assert circles(graph, package) == []


def test_the_circle_finder_finds_a_circle() -> None:
    made = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        made.add_module(module)
    made.add_import(importer="pkg.a", imported="pkg.b")
    made.add_import(importer="pkg.b", imported="pkg.a")
    made.add_import(importer="pkg.c", imported="pkg.a")
    assert circles(made, "pkg") == [["pkg.a", "pkg.b"]]


def test_the_formats_import_only_themselves_the_standard_library_and_the_seeding(graph: grimp.ImportGraph) -> None:
    """The formats draw lots with the engines' seeded streams (``games.seeding``), which import
    the standard library alone: one way of drawing, and the formats still stand apart."""
    modules = graph.find_descendants("tournaments.formats") | {"tournaments.formats"}
    imported = set().union(*(graph.find_modules_directly_imported_by(module) for module in modules))
    foreign = {name for name in imported - modules if name.split(".")[0] not in sys.stdlib_module_names}
    assert foreign == {"games.seeding"}
    assert {name.split(".")[0] for name in graph.find_modules_directly_imported_by("games.seeding")} \
        <= set(sys.stdlib_module_names)


QUEUE = re.compile(r"\.(delay|apply_async)\(")


def test_only_services_queue_tasks() -> None:
    """Views, the admin, pages and commands call a service, which queues after the commit."""
    queued = [f"{path.relative_to(ROOT)}:{number}"
              for path in sorted((ROOT / "tournaments").rglob("*.py"))
              if "services" not in path.relative_to(ROOT / "tournaments").parts
              for number, line in enumerate(path.read_text().splitlines(), start=1) if QUEUE.search(line)]
    assert queued == []


#: A model written directly: what only a service may do.
WRITE = re.compile(r"\.save\(|objects\.create\(|get_or_create\(|update_or_create\(|bulk_create\(|bulk_update\(|"
                   r"\.delete\(\)|\.objects\.filter\(.*\)\.update\(")
#: The doors: the pages, the API, the admin site and the commands (and ``tasks.py``, which
#: names the tasks the services define).
DOORS = ("web", "api", "admin", "management")


def test_the_doors_write_nothing_themselves() -> None:
    """Every write goes through a service, so that what the API refuses every other door
    refuses too (``docs/architecture.md``)."""
    written = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
               for door in DOORS for path in sorted((ROOT / "tournaments" / door).rglob("*.py"))
               for number, line in enumerate(path.read_text().splitlines(), start=1) if WRITE.search(line)]
    written += [f"tournaments/tasks.py:{number}"
                for number, line in enumerate((ROOT / "tournaments" / "tasks.py").read_text().splitlines(), start=1)
                if WRITE.search(line)]
    assert written == []


def test_the_write_finder_finds_writes() -> None:
    for line in ("match.save()", "Club.objects.create(name=1)", "Club.objects.get_or_create(slug='x')",
                 "entry.delete()", "Match.objects.filter(pk=1).update(rated=False)"):
        assert WRITE.search(line), line
    for line in ("context.update(live)", "bar.update(3)", "form.save_button", "summary.update(match=1)"):
        assert not WRITE.search(line), line
