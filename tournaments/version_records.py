"""Reads of one bot version's own record: its rating after each rated match, how it fared
against each opponent version, its forfeits by reason, and two versions of an entry side by
side. Selectors like ``tournaments.selectors``: who may read them is the entry's business
(``visible_bots``); these count finished matches only, and nothing owner-only (code,
standard error) is read.

Each record is a handful of grouped queries, whatever the number of matches: the counts are
made by the database, not by a loop over the seats."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, F, OuterRef, Q, Subquery

from tournaments.errors import InvalidInput
from tournaments.models import BotEntry, BotVersion, Match, Seat, SeatRating
from tournaments.rating_maths import display


@dataclass(frozen=True)
class Meeting:
    """A version's meetings with one opponent (a bot entry's version, or a person): at a table
    of three or more seats each other seat counts as one meeting, won by the higher place."""

    player_id: int
    name: str
    version: int | None
    games: int
    wins: int
    draws: int
    losses: int
    forfeits: int = 0

    @property
    def key(self) -> tuple[int, int | None]:
        return self.player_id, self.version

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version}" if self.version is not None else self.name

    @property
    def score_rate(self) -> float | None:
        """Wins and half the draws over the meetings; ``None`` before any."""
        return (self.wins + self.draws / 2) / self.games if self.games else None

    @property
    def percent(self) -> str:
        """The score rate as pages print it: ``62.5 %`` (kept on one line), or a dash before any meeting."""
        rate = self.score_rate
        return "–" if rate is None else f"{rate * 100:.1f}\u00a0%"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player_id, "name": self.name, "version": self.version, "label": self.label,
                "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "score_rate": self.score_rate, "forfeits": self.forfeits}


@dataclass(frozen=True)
class TrailPoint:
    """The entry's rating (displayed scale) after one rated match the version played."""

    match_id: int
    played_at: datetime
    rating: float
    deviation: float
    change: float

    def to_json(self) -> dict[str, Any]:
        return {"match": self.match_id, "played_at": self.played_at, "rating": self.rating,
                "deviation": self.deviation, "change": self.change}


@dataclass(frozen=True)
class VersionRecord:
    """One version's record over the finished matches it played."""

    version: BotVersion
    matches: int
    forfeits: dict[str, int]
    opponents: list[Meeting]
    trail: list[TrailPoint] = field(default_factory=list)

    @property
    def forfeit_count(self) -> int:
        return sum(self.forfeits.values())

    @property
    def overall(self) -> Meeting:
        """Every meeting of the version summed."""
        return Meeting(player_id=self.version.entry.player_id, name="all opponents", version=None,
                       games=sum(m.games for m in self.opponents), wins=sum(m.wins for m in self.opponents),
                       draws=sum(m.draws for m in self.opponents), losses=sum(m.losses for m in self.opponents),
                       forfeits=self.forfeit_count)

    @property
    def rating(self) -> float | None:
        """The rating after the version's latest rated match, ``None`` before any."""
        return self.trail[-1].rating if self.trail else None

    def to_json(self) -> dict[str, Any]:
        overall = self.overall
        return {"entry": self.version.entry_id, "version": self.version.number, "matches": self.matches,
                "meetings": overall.games, "wins": overall.wins, "draws": overall.draws, "losses": overall.losses,
                "score_rate": overall.score_rate, "rating": self.rating, "forfeits": self.forfeit_count,
                "forfeit_reasons": [{"reason": reason, "count": count} for reason, count in self.forfeits.items()],
                "opponents": [meeting.to_json() for meeting in self.opponents],
                "rating_trail": [point.to_json() for point in self.trail]}


def finished_seats(version: BotVersion) -> Any:
    """The version's finished matches of record: a challenge's games are its owner's private
    trials and stay out of the public record (``docs/bots.md``)."""
    return Seat.objects.filter(bot_version=version, match__status=Match.Status.FINISHED, match__challenge__isnull=True)


def opponents(version: BotVersion) -> list[Meeting]:
    """Per opponent (player and version), the meetings won, drawn and lost, and the version's
    forfeits in them; most meetings first. One grouped query over the other seats of the
    version's finished matches, the version's own place and forfeit read by subqueries."""
    own = Seat.objects.filter(match=OuterRef("match_id"), bot_version=version).order_by("index")
    rows = (Seat.objects.filter(match__in=finished_seats(version).values("match_id"), rank__isnull=False)
            .exclude(player_id=version.entry.player_id).order_by()
            .annotate(own_rank=Subquery(own.values("rank")[:1]), own_forfeit=Subquery(own.values("forfeit_reason")[:1]))
            .filter(own_rank__isnull=False)
            .values("player_id", "player__name", "bot_version__number")
            .annotate(games=Count("pk"), wins=Count("pk", filter=Q(own_rank__lt=F("rank"))),
                      draws=Count("pk", filter=Q(own_rank=F("rank"))), losses=Count("pk", filter=Q(own_rank__gt=F("rank"))),
                      forfeits=Count("pk", filter=~Q(own_forfeit=""))))
    meetings = [Meeting(player_id=row["player_id"], name=row["player__name"], version=row["bot_version__number"],
                        games=row["games"], wins=row["wins"], draws=row["draws"], losses=row["losses"],
                        forfeits=row["forfeits"]) for row in rows]
    return sorted(meetings, key=lambda m: (-m.games, m.name, m.version or 0))


def forfeit_reasons(version: BotVersion) -> dict[str, int]:
    """How often the version forfeited, per reason, most frequent first."""
    rows = (finished_seats(version).exclude(forfeit_reason="").order_by().values("forfeit_reason")
            .annotate(n=Count("pk")).order_by("-n", "forfeit_reason"))
    return {row["forfeit_reason"]: row["n"] for row in rows}


def rating_trail(version: BotVersion) -> list[TrailPoint]:
    """The entry's rating after each rated match the version played, oldest first."""
    rows = (SeatRating.objects.filter(seat__bot_version=version).order_by("played_at", "match_id")
            .values_list("match_id", "played_at", "mu_before", "mu_after", "sigma_after"))
    return [TrailPoint(match_id=match_id, played_at=played_at, rating=round(display(after), 1),
                       deviation=round(display(sigma), 1), change=round(display(after) - display(before), 1))
            for match_id, played_at, before, after, sigma in rows]


def version_record(version: BotVersion) -> VersionRecord:
    """A version's whole record: matches, forfeits by reason, meetings per opponent and its
    rating trail."""
    return VersionRecord(version=version, matches=finished_seats(version).count(), forfeits=forfeit_reasons(version),
                         opponents=opponents(version), trail=rating_trail(version))


@dataclass(frozen=True)
class ComparedRow:
    """One opponent as two versions met it (``None`` where one never did)."""

    label: str
    a: Meeting | None
    b: Meeting | None

    def to_json(self) -> dict[str, Any]:
        def side(meeting: Meeting | None) -> dict[str, Any]:
            if meeting is None:
                return {"games": 0, "score_rate": None, "forfeits": 0}
            return {"games": meeting.games, "score_rate": meeting.score_rate, "forfeits": meeting.forfeits}
        any_side = self.a or self.b
        assert any_side is not None
        return {"opponent": self.label, "player": any_side.player_id, "version": any_side.version,
                "a": side(self.a), "b": side(self.b)}


def compared_rows(a: VersionRecord, b: VersionRecord) -> list[ComparedRow]:
    """The opponents either version met, most meetings of the two first."""
    mine, theirs = {m.key: m for m in a.opponents}, {m.key: m for m in b.opponents}
    keys = list(mine) + [key for key in theirs if key not in mine]
    rows = [ComparedRow(label=(mine.get(key) or theirs[key]).label, a=mine.get(key), b=theirs.get(key)) for key in keys]
    return sorted(rows, key=lambda row: (-((row.a.games if row.a else 0) + (row.b.games if row.b else 0)), row.label))


def comparison(a: VersionRecord, b: VersionRecord) -> dict[str, Any]:
    """Two versions' records side by side, as the API answers them."""
    def side(record: VersionRecord) -> dict[str, Any]:
        overall = record.overall
        return {"version": record.version.number, "matches": record.matches, "meetings": overall.games,
                "score_rate": overall.score_rate, "rating": record.rating, "forfeits": record.forfeit_count}
    return {"entry": a.version.entry_id, "a": side(a), "b": side(b),
            "opponents": [row.to_json() for row in compared_rows(a, b)]}


def version_of(entry: BotEntry, raw: Any, name: str) -> BotVersion:
    """The entry's version numbered ``raw`` (a query parameter ``name``), or a refusal that
    says what was wrong and which numbers exist."""
    numbers = list(entry.versions.order_by("number").values_list("number", flat=True))
    known = (f"its versions are {numbers[0]} to {numbers[-1]}" if len(numbers) > 1
             else f"its one version is {numbers[0]}" if numbers else "it has no version")
    text = str(raw)
    if not (text.isascii() and text.isdigit() and len(text) < 10):
        message = f"{name} must be a version number of {entry.player.name} ({known}), not {text[:20]!r}"
        raise InvalidInput(message, fields={name: [message]})
    version = entry.versions.select_related("entry").filter(number=int(text)).first()
    if version is None:
        message = f"{entry.player.name} has no version {int(text)}: {known}"
        raise InvalidInput(message, fields={name: [message]})
    return version


def default_pair(entry: BotEntry) -> tuple[int, int]:
    """The versions compared when none are named: the active one (or the newest) as ``b``
    and the version before it as ``a`` (itself when it is the first)."""
    numbers = list(entry.versions.order_by("number").values_list("number", flat=True))
    b = entry.active_version.number if entry.active_version else numbers[-1]
    earlier = [number for number in numbers if number < b]
    return (earlier[-1] if earlier else b), b
