"""Schemathesis over the whole served schema as the club's director and as an anonymous
caller (the service tests run it as a member): no generated request, valid or not, gets a
server error."""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode, checks

from tests.helpers.world import World
from tests.helpers.schema import ENDS_ITS_TOKEN, fuzz_world  # noqa: F401 (the fixture)
from tournaments.services import tokens as token_services

#: Generated requests per operation and mode: bounded so each run takes a few minutes.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))


@pytest.mark.parametrize("who", ["director", "anonymous"])
@pytest.mark.django_db(transaction=True)
def test_no_generated_request_fails_the_server(live_server: Any, fuzz_world: str, world: World, who: str) -> None:
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/?format=json")
    def credentials() -> dict[str, str]:
        if who == "anonymous":
            return {}
        return {"Authorization": f"Token {token_services.issue_token(world.director)[1]}"}

    headers = credentials()
    failures: list[str] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
            @given(case=operation.as_strategy(generation_mode=mode))
            def exercise(case: schemathesis.Case) -> None:
                # Logging out ends the token it is sent with: those operations get one of their own.
                sent = credentials() if operation.label in ENDS_ITS_TOKEN else headers
                response = case.call(base_url=live_server.url, headers=sent)
                case.validate_response(response, checks=[checks.not_a_server_error])

            try:
                exercise()
            except Unsatisfiable:
                continue
            except Exception as error:  # noqa: BLE001 - every operation's failure is collected
                failures.append(f"{operation.label} ({mode.value}): {error}"[:2000])
    assert not failures, "\n\n".join(failures)
