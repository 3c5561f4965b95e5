"""The permission matrix: every endpoint and method of the API, as each kind of caller.

One table (:data:`MATRIX`) says, per endpoint and method, the status each caller gets:
anonymous, a member of the club (Ana, who owns its bot and sits in its match), a member of
another club, the club's director, and staff. It is expanded into one test per row and
caller, each on a fresh world; a further test compares the table with the OpenAPI schema,
so an endpoint added without a row fails.
"""

from __future__ import annotations

import json
import re
import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.helpers.permissions import MATRIX, NOT_IN_SCHEMA, ROLES, Row, Scene, scene  # noqa: F401 (the fixture)
from tournaments.models import Match

CASES = [pytest.param(row, role, status, id=f"{row.name} as {role}")
         for row in MATRIX for role, status in zip(ROLES, row.statuses)]


@pytest.mark.parametrize(("row", "role", "status"), CASES)
def test_permission_matrix(scene: Scene, row: Row, role: str, status: int) -> None:
    path = row.path.format(**(row.fill(scene) if row.fill else {})) + row.query
    body = row.body(scene) if callable(row.body) else row.body
    client = scene.world.client(scene.user(role))
    answer = client.generic(row.method, path, data="" if body is None else json.dumps(body),
                            content_type="application/json")
    assert answer.status_code == status, (row.name, role, answer.content[:500])
    if row.answer is not None and status < 400:
        assert answer.json().items() >= row.answer.items(), (row.name, role, answer.json())
    if status >= 400:
        error = answer.json()
        assert set(error) >= {"code", "message"}
        assert error["code"] == {403: "not_authenticated" if role == "anonymous" else "permission_denied",
                                 404: "not_found"}[status]


def test_the_matrix_covers_every_endpoint_and_method_of_the_schema(db: None) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    documented = {f"{method.upper()} {path}" for path, operations in schema["paths"].items()
                  for method in operations if method in {"get", "post", "patch", "put", "delete"}}
    tabled = [row.name for row in MATRIX]
    assert len(tabled) == len(set(tabled)), "a row appears twice"
    assert documented - set(tabled) == set(), "endpoints without a row in the permission matrix"
    assert set(tabled) - documented == NOT_IN_SCHEMA, "rows for endpoints the schema does not have"


def test_the_schema_lists_every_route_of_the_api(db: None) -> None:
    """The schema is generated from the URL patterns: every /api/ route is in it (so the
    matrix, checked against the schema, covers the routes), the docs page and the schema's
    own address and the router's index aside."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns: list, prefix: str = "") -> list[str]:
        found = []
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                found += walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                found.append(prefix + str(pattern.pattern))
        return found

    routes = [route for route in walk(get_resolver().url_patterns) if route.startswith("api/")]
    schema = SchemaGenerator().get_schema(request=None, public=True)
    served = {path.strip("/") for path in schema["paths"]}
    undocumented = []
    for route in routes:
        if route in ("api/", "api/docs/", "api/schema/") or "format" in route or route == "api/^$":
            continue
        plain = route.replace("^", "").replace("$", "").rstrip("/")
        if not plain or plain == "api":
            continue
        shape = re.sub(r"\(\?P<(\w+)>[^)]*\)|<(?:\w+:)?(\w+)>", lambda m: "{" + (m[1] or m[2]) + "}", plain)
        shape = shape.replace("{pk}", "{id}")
        if shape not in served:
            undocumented.append(route)
    assert undocumented == [], undocumented


def test_staff_see_what_members_of_other_clubs_do_not(scene: Scene) -> None:
    """Object by object: the private club's player is unknown to a member, known to staff."""
    private = scene.world.private_player.pk
    assert scene.world.client(scene.world.member).get(f"/api/players/{private}/").status_code == 404
    assert scene.world.client(scene.world.staff).get(f"/api/players/{private}/").status_code == 200
    assert scene.world.client(None).get(f"/api/matches/{scene.ids['done']}/").status_code == 200
    assert Match.objects.filter(pk=scene.ids["live"]).exists()
