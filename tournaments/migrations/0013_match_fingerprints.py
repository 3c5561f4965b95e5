"""Fill the fingerprint of every finished (and void) match stored before fingerprints were
kept, so that a game uploaded again is recognised. Games already stored twice stay as they
are. The canonical text is a copy of ``tournaments.services.fingerprints.canonical`` as it is
now: a migration never imports code that may change."""

import hashlib
import json

from django.db import migrations

BATCH = 500


def canonical(*, club, game, options, seed, setup, moves, forfeits, players):
    return json.dumps({"club": club, "game": game, "options": options or {}, "seed": seed or "",
                       "setup": setup if setup is not None else {}, "moves": list(moves),
                       "forfeits": list(forfeits), "players": list(players)},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fill(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    Seat = apps.get_model("tournaments", "Seat")
    matches = (Match.objects.filter(status__in=["finished", "void"], result__isnull=False, fingerprint="",
                                    log__isnull=False)
               .select_related("log").order_by("pk"))
    last = 0
    while True:
        batch = list(matches.filter(pk__gt=last)[:BATCH])
        if not batch:
            return
        seats = {}
        for match_id, player_id in (Seat.objects.filter(match__in=batch).order_by("match_id", "index")
                                    .values_list("match_id", "player_id")):
            seats.setdefault(match_id, []).append(player_id)
        for match in batch:
            text = canonical(club=match.club_id, game=match.game, options=match.options, seed=match.seed,
                             setup=match.log.setup, moves=match.log.moves, forfeits=match.log.forfeits,
                             players=seats.get(match.pk, []))
            match.fingerprint = hashlib.sha256(text.encode("utf-8")).hexdigest()
        Match.objects.bulk_update(batch, ["fingerprint"])
        last = batch[-1].pk


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0012_fair_tournaments"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
