"""The round resource carries why it is paired so: the data (entrant ids) with the same in
words, a proposed round's only for its directors, a published round's for whoever may see it."""

from __future__ import annotations

from drf_spectacular.generators import SchemaGenerator

from tests.helpers.world import World
from tests.tournaments.console_data import leap_frog_swiss
from tournaments.models import Round
from tournaments.services import tournaments as services


def test_a_rounds_explanation_is_in_the_api_for_those_who_may_see_it(world: World) -> None:
    tournament = leap_frog_swiss(world.club, [world.ana, world.ben, world.cy, world.dora, world.eve])
    round_id = Round.objects.get(tournament=tournament, number=1).pk
    mine = world.client(world.director).get(f"/api/rounds/{round_id}/").json()["explanation"]
    assert mine["format"] == "swiss" and mine["round"] == 1 and not mine["changed"]
    assert "proposed" not in mine
    assert mine["bye"]["why"] == "lowest_without_bye"
    assert any(line.startswith("Score groups: 0 points:") for line in mine["text"])
    assert len(mine["pairings"]) == 3 and all(entry["text"] for entry in mine["pairings"])
    assert {entry["seats"][0] for entry in mine["pairings"] if entry["bye"]} == {mine["bye"]["entrant"]}
    for user in (world.member, world.outsider, None):
        assert world.client(user).get(f"/api/rounds/{round_id}/").json()["explanation"] is None
    services.publish_proposed(tournament)
    for user in (world.member, None):
        seen = world.client(user).get(f"/api/tournaments/{tournament.pk}/rounds/").json()[0]["explanation"]
        assert seen["pairings"] == mine["pairings"] and seen["text"] == mine["text"]


def test_the_schema_describes_the_explanation(db: None) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    explanation = components["Round"]["properties"]["explanation"]
    assert explanation.get("nullable") or any("nullable" in part for part in explanation.get("allOf", []))
    described = components["Explanation"]
    assert {"groups", "bye", "pairings", "text", "changed"} <= set(described["required"])
    assert "text" in components["PairingExplanation"]["properties"]
