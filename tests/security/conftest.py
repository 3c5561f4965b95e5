"""Fixtures of the security suite: the club world of the service tests, the objects every
route acts on, and the routes themselves, read from the URL conf so that a new endpoint or
admin page is covered without a new test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

from tests.helpers.permissions import Scene, scene  # noqa: F401 (the fixture)

BODY_METHODS = ("post", "put", "patch")

#: A path parameter is named like ``(?P<pk>[^/.]+)`` in the router's patterns and like
#: ``<int:pk>`` in ``path()`` ones.
PARAMETER = re.compile(r"\(\?P<(\w+)>(?:[^()]|\([^()]*\))*\)|<(?:\w+:)?(\w+)>")


@dataclass(frozen=True)
class Route:
    """One URL pattern of the site: its template (``api/matches/{pk}/moves/``) and the view."""

    template: str
    callback: Any

    @property
    def parameters(self) -> list[str]:
        return re.findall(r"\{(\w+)\}", self.template)

    def methods(self) -> list[str]:
        """The HTTP methods the view answers (a viewset's mapped actions, a view's handlers)."""
        actions = getattr(self.callback, "actions", None)
        if actions:
            return sorted(actions)
        view = getattr(self.callback, "cls", None) or getattr(self.callback, "view_class", None)
        if view is None:
            return ["get", "post"]
        return sorted(method for method in view.http_method_names if hasattr(view, method))

    def path(self, values: dict[str, Any]) -> str:
        return "/" + self.template.format(**{name: values[name] for name in self.parameters})


def as_template(pattern: Any) -> str:
    text = str(pattern).removeprefix("^").removesuffix("$").replace("\\.", ".")
    return PARAMETER.sub(lambda match: "{" + (match.group(1) or match.group(2)) + "}", text)


def routes(patterns: Any = None) -> Iterator[Route]:
    """Every URL pattern of the site, depth first; the router's format suffix variants
    (``.json``) are left out: they reach the same views."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        template = as_template(entry.pattern)
        if isinstance(entry, URLResolver):
            for route in routes(entry.url_patterns):
                yield Route(template + route.template, route.callback)
        elif isinstance(entry, URLPattern) and "{format}" not in template:
            yield Route(template, entry.callback)


def site_routes(prefix: str) -> list[Route]:
    return [route for route in routes() if route.template.startswith(prefix)]


def path_values(scene: Scene, route: Route) -> dict[str, Any]:
    """Real objects of the scene for each path parameter of ``route``: the director's club,
    its live match and open tournament (the running one for pairing and publishing), Ana's
    bot, the ladder, a job."""
    resource = route.template.split("/")[1]
    ids = scene.ids
    pk = {"matches": ids["live"], "tournaments": ids["running"] if re.search(r"/(pair|publish)/", route.template)
          else ids["open"], "bots": ids["bot"], "ladders": ids["ladder"], "jobs": ids["job"],
          "rounds": ids["round"], "memberships": ids["bystander"], "users": ids["bystander_account"],
          "players": ids["fay"]}.get(resource)
    return {"pk": pk, "slug": "froggit" if resource == "games" else scene.world.club.slug, "game": "froggit",
            "player_id": ids["ana"], "opponent_id": ids["ben"], "number": 1}
