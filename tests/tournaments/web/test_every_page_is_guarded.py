"""Every page has a permission test: a page added without one fails here.

The pages are every named route of ``tournaments.web.urls`` (with all it includes) and the
accounts' routes under ``accounts/`` wherever they are declared; the admin, the API and the
health check have tests of their own.

The convention: a route counts as guarded when its name is written, as a whole string literal
(``"club-members"``, in a ``reverse(...)``, a ``MATRIX``/``PAGES`` key or a parametrize list),
or its address is (``"/clubs/pond/members/"``, or an f-string such as
``f"/matches/{match.pk}/result/"``, whose parts in braces stand for the route's parameters),
in a module ``tests/tournaments/web/test_*.py`` that tries pages as the cast's roles (one of its
functions takes the ``cast`` fixture, or a fixture of its own built on it). So: when you add a
page, add its cases as anonymous, member, rival, director and staff to the test module of its
area (``test_<area>.py``, mirroring ``tournaments/web/<area>.py``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

HERE = Path(__file__).parent
#: Root routes that are not pages for people, each tested elsewhere.
NOT_PAGES = ("admin/", "api/", "api-auth/", "health/")


def named_routes(patterns: list, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(route, name) of every named pattern under ``patterns``, their includes walked."""
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from named_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and entry.name:
            yield route, entry.name


def page_routes() -> dict[str, str]:
    """The pages' route names, each with its route."""
    return {name: route for route, name in named_routes(get_resolver().url_patterns)
            if not route.startswith(NOT_PAGES)}


def takes_the_cast(tree: ast.Module) -> bool:
    """Whether some function of the module asks for the ``cast`` fixture, or for a fixture that
    does (as ``world(cast)``)."""
    functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    return any(argument.arg == "cast" for function in functions for argument in function.args.args)


#: What a formatted part of an f-string becomes: it may stand for any one route parameter.
HOLE = "\x00"


def literal(node: ast.AST) -> str | None:
    """A string literal's text, or an f-string's with each formatted part as ``HOLE``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else HOLE for part in node.values)
    return None


def guarded_names() -> dict[str, set[str]]:
    """Per test module that tries the cast's roles, the string literals it holds."""
    found = {}
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if takes_the_cast(tree):
            found[path.name] = {text for node in ast.walk(tree) if (text := literal(node)) is not None}
    return found


def address_pattern(route: str) -> re.Pattern[str]:
    """The addresses of a route (``matches/<int:pk>/result/``), a parameter being one path
    segment or a ``HOLE``, with or without a query string."""
    parts = re.split(r"<[^>]+>", route)
    return re.compile("/" + "[^/?]+".join(re.escape(part) for part in parts) + r"(\?.*)?", re.S)


def guards(name: str, route: str, literals: set[str]) -> bool:
    pattern = address_pattern(route)
    return name in literals or any(pattern.fullmatch(text) for text in literals)


def test_the_pages_are_found() -> None:
    routes = page_routes()
    for name in ("home", "club", "tournament", "match", "my-bots", "bot-detail", "login", "logout"):
        assert name in routes, f"{name} is a page"
    assert not any(name.startswith("admin") or name.startswith("api") for name in routes)


def test_every_page_appears_in_a_permission_matrix() -> None:
    modules = guarded_names()
    unguarded = {name: route for name, route in page_routes().items()
                 if not any(guards(name, route, literals) for literals in modules.values())}
    assert not unguarded, (
        "these pages have no permission test: name each in a test module of tests/tournaments/web that "
        f"tries the cast's roles (see this module's docstring): {unguarded}")


def test_a_route_is_guarded_by_its_name_or_an_address_of_it_and_nothing_else() -> None:
    route = "matches/<int:pk>/result/"
    assert guards("match-result", route, {"match-result"})
    assert guards("match-result", route, {"/matches/7/result/", "x"})
    assert guards("match-result", route, {f"/matches/{HOLE}/result/?next=/"})
    assert not guards("match-result", route, {"/matches/7/", "/matches/7/result/more/", "match", "matches/7/result/"})
