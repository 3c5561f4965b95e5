"""The OpenAPI schema: generated without warnings, valid, describing every operation, served
with an offline Swagger UI; and schemathesis, generating requests from it against a live
server, finds no server error and answers that conform to the schema."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.test import Client
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from openapi_spec_validator import validate
from schemathesis import GenerationMode, checks

from games.logs import verify_log
from games.registry import get_game
from tests.examples import EXAMPLES as EXAMPLE_LOGS
from tests.helpers.permissions import MATRIX, NOT_IN_SCHEMA
from tests.helpers.schema import ENDS_ITS_TOKEN, fuzz_world  # noqa: F401 (the fixture)
from tournaments.services import tokens as token_services

METHODS = {"get", "post", "patch", "put", "delete"}

#: Generated requests per operation: bounded so the run takes a few minutes at most.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "12"))


def generated_schema() -> dict[str, Any]:
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema


def test_the_schema_has_no_warnings_and_validates(db: None) -> None:
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    assert not GENERATOR_STATS, f"schema warnings or errors: {GENERATOR_STATS}"
    validate(schema)


def test_every_operation_is_described_and_refusals_have_the_error_shape(db: None) -> None:
    schema = generated_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            assert operation.get("summary") or operation.get("description"), f"{method} {path} is not described"
            errors = operation["responses"].get("4XX")
            if path != "/api/logs/verify/":
                assert errors["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert schema["components"]["schemas"]["Error"]["required"] == ["code", "message"]


def test_log_upload_and_move_append_have_examples(db: None) -> None:
    schema = generated_schema()
    create = schema["paths"]["/api/matches/"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    assert any("log" in example["value"] for example in create.values())
    assert any("players" in example["value"] for example in create.values())
    moves = schema["paths"]["/api/matches/{id}/moves/"]["post"]
    assert {"move", "index"} <= set(next(iter(moves["requestBody"]["content"]["application/json"]["examples"]
                                              .values()))["value"])


def schema_examples(schema: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """Every example of every operation: (operation, title, value)."""
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            bodies = [operation.get("requestBody", {})] + list(operation.get("responses", {}).values())
            for body in bodies:
                for content in body.get("content", {}).values():
                    for title, example in content.get("examples", {}).items():
                        found.append((f"{method.upper()} {path}", example.get("summary", title), example["value"]))
    return found


def test_every_log_in_the_schema_examples_verifies(db: None) -> None:
    """A log shown in the schema (a log to verify, a log to upload) is one verify_log accepts,
    and copies one of the project's own example logs."""
    examples = schema_examples(generated_schema())
    logs = [(operation, title, value.get("log", value)) for operation, title, value in examples
            if isinstance(value, dict) and ("log" in value or "format" in value)]
    assert {operation for operation, _, _ in logs} == {"POST /api/logs/verify/", "POST /api/matches/"}
    own = [json.loads(path.read_text()) for path in EXAMPLE_LOGS.glob("*/*.json")]
    for operation, title, log in logs:
        answer = verify_log(log)
        assert answer["valid"], f"{operation} {title!r}: {answer}"
        assert log in own, f"{operation} {title!r} is not one of tests/data/examples"


def test_the_live_match_examples_set_up_a_match_their_first_move_plays_in(db: None) -> None:
    """The live match examples' options and setup are what the game accepts, and the move
    example is a legal first move of the race example."""
    examples = {title: value for _, title, value in schema_examples(generated_schema())}
    race = examples["Log a game at the table"]
    engine = get_game(race["game"])
    options = engine.parse_options(race["options"], len(race["players"]))
    state = engine.new_state(options, len(race["players"]), engine.parse_setup(race["setup"], options, 2))
    state.apply_move(examples["Append the first move"]["move"])
    drawn = examples["Let the service draw the setup"]
    get_game(drawn["game"]).parse_options(drawn.get("options", {}), len(drawn["players"]))


def test_request_bodies_refuse_unknown_fields_in_the_schema_too(db: None) -> None:
    components = generated_schema()["components"]["schemas"]
    assert components["PlayerRequest"]["additionalProperties"] is False
    assert components["MoveRequest"]["additionalProperties"] is False


def test_the_schema_and_the_docs_are_served_offline(client: Client, db: None) -> None:
    served = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert served.status_code == 200 and "/api/games/" in served.json()["paths"]
    docs = client.get("/api/docs/")
    page = docs.content.decode()
    assert docs.status_code == 200 and "swagger-ui" in page
    assert "cdn" not in page.lower() and "http://" not in page.replace("http://testserver", "")
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page


# -- schemathesis against a live server ------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_generated_requests_never_fail_the_server(live_server: Any, fuzz_world: str) -> None:
    """Every operation of the served schema, with valid and invalid generated requests: no
    500, documented statuses and content types, and answers that match their schemas."""
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    headers = {"Authorization": f"Token {fuzz_world}"}
    member = User.objects.get(username="ana")
    validations = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
                   checks.response_schema_conformance]
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
            @given(case=operation.as_strategy(generation_mode=mode))
            def exercise(case: schemathesis.Case) -> None:
                # Logging out ends the token it is sent with: those operations get one of their own.
                own = {"Authorization": f"Token {token_services.issue_token(member)[1]}"}
                response = case.call(base_url=live_server.url,
                                     headers=own if operation.label in ENDS_ITS_TOKEN else headers)
                case.validate_response(response, checks=validations)

            try:
                exercise()
            except Unsatisfiable:
                continue  # nothing in the operation can be made invalid (no parameters, a free string)
            except Exception as error:  # noqa: BLE001 - every operation's failure is collected
                failures.append(f"{operation.label} ({mode.value}): {error}"[:3000])
    assert operations == len(MATRIX) - len(NOT_IN_SCHEMA)  # every operation of the permission matrix
    assert not failures, "\n\n".join(failures)
