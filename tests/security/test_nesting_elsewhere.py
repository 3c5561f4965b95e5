"""Deep nesting refused wherever JSON from outside is decoded besides the API's middleware:
the API's parser itself, log bodies (uploads, the verifier, commands), command-line options,
and JSON fields of the admin's forms."""

from __future__ import annotations

import io

import pytest
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ParseError

from games.jsondepth import MAX_DEPTH, depth_error
from games.logs import LogError, parse_body, verify_bytes
from tests.helpers.world import World
from tournaments.api.parsers import BoundedJSONParser
from tournaments.forms import BoundedJSONField
from tournaments.management.arguments import json_object
from tournaments.services import ladders as ladder_services

DEEP = "[" * 950 + "]" * 950


def nested(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=40))
def test_the_depth_check_agrees_with_the_parsed_value(value: object) -> None:
    import json

    def depth(item: object) -> int:
        if isinstance(item, list):
            return 1 + max(map(depth, item), default=0)
        if isinstance(item, dict):
            return 1 + max(map(depth, item.values()), default=0)
        return 0

    text = json.dumps(value)
    assert (depth_error(text, limit=3) is None) == (depth(value) <= 3)


def test_the_api_parser_refuses_deep_nesting_before_decoding() -> None:
    with pytest.raises(ParseError, match="nests more than"):
        BoundedJSONParser().parse(io.BytesIO(DEEP.encode()), "application/json", {})
    assert BoundedJSONParser().parse(io.BytesIO(nested(MAX_DEPTH).encode()), "application/json", {})


def test_log_bodies_refuse_deep_nesting_with_bad_format() -> None:
    with pytest.raises(LogError) as refused:
        parse_body(DEEP)
    assert refused.value.code == "bad_format" and "nests more than" in refused.value.message
    assert verify_bytes(nested(MAX_DEPTH + 1))["error"]["code"] == "bad_format"


def test_command_line_json_refuses_deep_nesting_as_a_usage_error() -> None:
    with pytest.raises(CommandError, match="nests more than") as refused:
        json_object(nested(5000))
    assert refused.value.returncode == 2


def test_json_form_fields_refuse_deep_nesting() -> None:
    field = BoundedJSONField()
    with pytest.raises(Exception, match="nests more than"):
        field.clean(DEEP)


def test_the_admin_refuses_deep_nesting_in_a_json_field(world: World) -> None:
    ladder = ladder_services.create_ladder(club=world.club, game="froggit")
    client = Client()
    client.force_login(world.staff)
    answer = client.post(reverse("admin:tournaments_ladder_change", args=[ladder.pk]), {
        "seats": 2, "options": DEEP, "enabled": "on", "every_minutes": 60, "matches_per_run": 1,
        "placement_matches": 0, "bot_limits": "{}"})
    assert answer.status_code == 200 and "nests more than" in answer.content.decode()
    ladder.refresh_from_db()
    assert ladder.options == {}
