"""Clubs, people and bots, matches and their logs.

A match's log (setup, moves, forfeits) is the source of truth: its seats' ranks and scores
are written only by the services, from the verified log, never typed in.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from knox.models import AbstractAuthToken

from games.registry import GAME_CLASSES
from tournaments.names import NameField


def game_choices() -> list[tuple[str, str]]:
    return [(slug, slug) for slug in sorted(GAME_CLASSES)]


class Club(models.Model):
    """A club: its members, players and matches. Public clubs show finished matches to all."""

    name = NameField(max_length=100)
    slug = models.SlugField(max_length=50, unique=True)
    public = models.BooleanField(default=True, help_text="Anyone may read this club's finished matches.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user account's role in a club."""

    class Role(models.TextChoices):
        DIRECTOR = "director", "director"
        MEMBER = "member", "member"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club")]
        ordering = ["club", "user"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role} of {self.club})"


class Player(models.Model):
    """Someone who takes a seat: a person (optionally with an account) or a bot entry."""

    class Kind(models.TextChoices):
        PERSON = "person", "person"
        BOT = "bot", "bot"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = NameField(max_length=100)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PERSON)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="players")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club"),
            models.CheckConstraint(condition=Q(kind="person") | Q(user__isnull=True), name="only_people_have_accounts"),
        ]

    def __str__(self) -> str:
        return self.name


class BotEntry(models.Model):
    """A bot for one game, taking its seats as a player of its club: a built-in strategy or an
    uploaded program, in numbered immutable versions of which one is active."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="bot_entry")
    game = models.CharField(max_length=40, choices=game_choices)
    description = models.TextField(blank=True, default="")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="bot_entries", help_text="Only the owner (and staff) see its code and standard error.")
    active_version = models.ForeignKey("BotVersion", null=True, blank=True, on_delete=models.PROTECT,
                                       related_name="+", help_text="The version new matches are played with.")
    ladder = models.BooleanField(default=True, help_text="Takes part in its club's ladder for the game.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "player__name"]
        verbose_name_plural = "bot entries"

    def __str__(self) -> str:
        return f"{self.player.name} ({self.game})"


class BotVersion(models.Model):
    """One immutable version of a bot entry: a built-in strategy with its parameters, or the
    bytes of an uploaded Python file or zip with their sha256."""

    class Kind(models.TextChoices):
        BUILTIN = "builtin", "built-in strategy"
        PYTHON = "python", "Python file"
        ZIP = "zip", "zip archive"

    entry = models.ForeignKey(BotEntry, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    strategy = models.CharField(max_length=200, blank=True, default="",
                                help_text="A built-in bot with its parameters, like mcts:budget=400.")
    filename = models.CharField(max_length=200, blank=True, default="")
    code = models.BinaryField(null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)
    sha256 = models.CharField(max_length=64)
    note = models.CharField(max_length=200, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "number"], name="bot_version_number_unique"),
            models.CheckConstraint(condition=Q(kind="builtin", code__isnull=True) & ~Q(strategy="")
                                   | ~Q(kind="builtin") & Q(code__isnull=False, strategy=""),
                                   name="bot_version_strategy_or_code"),
        ]

    def __str__(self) -> str:
        return f"{self.entry.player.name} v{self.number}"

    @property
    def uploaded(self) -> bool:
        return self.kind != self.Kind.BUILTIN


class Ladder(models.Model):
    """A club's continuous rated ladder for one game: a scheduled task pairs its active bot
    entries by rating, giving new versions their placement matches first."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ladders")
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(default=2, help_text="Seats per ladder match.")
    enabled = models.BooleanField(default=True)
    every_minutes = models.PositiveIntegerField(default=10, help_text="How often the ladder schedules matches.")
    matches_per_run = models.PositiveIntegerField(default=4)
    placement_matches = models.PositiveIntegerField(default=5, help_text="Matches a new version plays first.")
    bot_limits = models.JSONField(default=dict, blank=True,
                                  help_text="Bot time limits over the protocol's defaults: start_ms, move_ms, total_ms.")
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Pairings and match seeds derive from it and the run number.")
    runs = models.PositiveIntegerField(default=0)
    periodic_task = models.OneToOneField("django_celery_beat.PeriodicTask", null=True, blank=True,
                                         on_delete=models.SET_NULL, related_name="ladder")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "game"]
        constraints = [models.UniqueConstraint(fields=["club", "game"], name="one_ladder_per_club_game")]

    def __str__(self) -> str:
        return f"{self.club} {self.game} ladder"


class Tournament(models.Model):
    """A club's tournament of one game: its format, entrants, rounds and matches.

    Standings and progress are derived from the stored matches and kept here only so that
    they read fast; they can be recomputed at any time with the same output.
    """

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "double round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "double elimination"
        TABLES = "tables", "tables"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "registration"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    rated = models.BooleanField(default=True)
    format = models.CharField(max_length=20, choices=Format.choices, default=Format.ROUND_ROBIN)
    format_settings = models.JSONField(default=dict, blank=True,
                                help_text="Rounds, table size, best-of, points and tie-breaks.")
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Every match seed derives from it, so the tournament replays identically.")
    bots = models.BooleanField(default=False, help_text="Played by workers between bots.")
    bot_limits = models.JSONField(default=dict, blank=True,
                                  help_text="Bot time limits over the protocol's defaults: start_ms, move_ms, total_ms.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    current_round = models.PositiveIntegerField(default=0)
    total_rounds = models.PositiveIntegerField(null=True, blank=True)
    matches_done = models.PositiveIntegerField(default=0)
    matches_total = models.PositiveIntegerField(default=0)
    standings = models.JSONField(null=True, blank=True, help_text="Derived from the matches; recomputable.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="created_tournaments")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "bots"], name="tournament_status_bots")]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player in a tournament, with its seeding; withdrawn entrants get no more pairings."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveIntegerField(help_text="1 is the top seed.")
    joined_round = models.PositiveIntegerField(default=1)
    withdrawn = models.BooleanField(default=False)
    withdrawn_after_round = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="one_entrant_per_seed"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Round(models.Model):
    """A round: proposed (a director may still change its pairings), published, complete."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", "proposed"
        PUBLISHED = "published", "published"
        COMPLETE = "complete", "complete"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PUBLISHED)
    proposal = models.JSONField(default=list, blank=True, help_text="The proposed games, before publishing.")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Bye(models.Model):
    """An entrant who sits a round out (and scores the tournament's bye points)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")
    pairing = models.PositiveIntegerField(default=0)
    bracket = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "bracket", "entrant"], name="one_bye_per_round")]


class Match(models.Model):
    """One game: what was played, by whom, and how it ended (from its log)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "scheduled"
        IN_PROGRESS = "in_progress", "in progress"
        FINISHED = "finished", "finished"
        VOID = "void", "void"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Set when the service drew the chance outcomes.")
    commitment = models.CharField(max_length=80, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="matches")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    ladder = models.ForeignKey(Ladder, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    pairing = models.PositiveIntegerField(default=0, help_text="The pairing or table within its round.")
    game_number = models.PositiveIntegerField(default=0, help_text="Best-of-N games and replays count from 0.")
    bracket = models.CharField(max_length=10, blank=True, default="")
    started_at = models.DateTimeField(null=True, blank=True, help_text="When a worker last started playing it.")
    rated = models.BooleanField(default=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="recorded_matches")
    played_at = models.DateTimeField(null=True, blank=True)
    move_count = models.PositiveIntegerField(default=0, help_text="The number of moves in the log.")
    result = models.JSONField(null=True, blank=True, help_text="The verified result (ranks, scores, detail).")
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, editable=False,
                                       help_text="The Idempotency-Key its recorder sent: a retry returns this match.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-played_at", "-id"]
        verbose_name_plural = "matches"
        constraints = [models.UniqueConstraint(fields=["recorded_by", "idempotency_key"],
                                               condition=Q(idempotency_key__isnull=False),
                                               name="one_match_per_idempotency_key")]
        indexes = [
            models.Index(fields=["club", "status", "-played_at"], name="match_club_status_played"),
            models.Index(fields=["game", "status", "-played_at"], name="match_game_status_played"),
            models.Index(fields=["tournament", "round"], name="match_tournament_round"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class MatchLog(models.Model):
    """The match's log: the envelope's setup, moves and forfeits, kept apart from the match
    row so that lists of matches do not load the moves."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="log")
    setup = models.JSONField(default=dict, blank=True)
    moves = models.JSONField(default=list, blank=True)
    forfeits = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"log of {self.match}"


class Seat(models.Model):
    """A player's seat in a match; rank and score come from the verified log."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    bot_version = models.ForeignKey(BotVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="seats",
                                    help_text="The version a bot plays this match with, fixed when it is scheduled.")
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    forfeit_reason = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat")]
        indexes = [models.Index(fields=["player", "match"], name="seat_player_match")]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}: {self.player}"


class SeatOutput(models.Model):
    """What an uploaded bot wrote to standard error in one match (its first 64 KiB): for the
    bot's owner and staff only."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="output")
    stderr = models.TextField(blank=True, default="")

    def __str__(self) -> str:
        return f"output of {self.seat}"


class Rating(models.Model):
    """A player's rating in one game (openskill's mu and sigma) and its running record.

    Derived data: rebuilt from the seats' snapshots (:class:`SeatRating`) by replaying the
    rated matches of the game in (played time, id) order.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40, choices=game_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="Rated matches played.")
    wins = models.PositiveIntegerField(default=0, help_text="Two-seat matches won.")
    losses = models.PositiveIntegerField(default=0, help_text="Two-seat matches lost.")
    draws = models.PositiveIntegerField(default=0, help_text="Two-seat matches drawn.")
    tables = models.PositiveIntegerField(default=0, help_text="Matches of three seats or more.")
    place_sum = models.PositiveIntegerField(default=0, help_text="Sum of places at those tables.")
    best_mu = models.FloatField(null=True, blank=True)
    best_at = models.DateTimeField(null=True, blank=True)
    best_match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    last_played_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "player"]
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="one_rating_per_player_and_game")]
        indexes = [
            models.Index(fields=["game", "games"], name="rating_game_games"),
            # The leaderboard's order (selectors.leaderboard): a page is read from the index,
            # not sorted from every rating of the game. 3 is CONSERVATIVE_DEVIATIONS.
            models.Index(F("game"), (F("mu") - 3 * F("sigma")).desc(), F("games").desc(), F("player"),
                         name="rating_leaderboard"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}"


class SeatRating(models.Model):
    """A rated seat's snapshot: the player's rating before and after the match.

    The match's time, player, game and place are copied here so that a player's history and
    the rollback to a point in time read this table alone, in (played_at, match) order.
    """

    class Outcome(models.TextChoices):
        WIN = "win", "win"
        LOSS = "loss", "loss"
        DRAW = "draw", "draw"
        TABLE = "", "a table of three or more"

    # No database constraints on this table: a full recompute writes hundreds of thousands of
    # rows, and checking each one's seat at commit cost as much again as writing it. The rows
    # are derived and written only from seats read in the same transaction; Django's cascades
    # remove them with their seat, match or player.
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="rating",
                                db_constraint=False)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_ratings", db_constraint=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_ratings", db_constraint=False,
                               db_index=False)  # the (player, game, played_at, match) index serves
    game = models.CharField(max_length=40, choices=game_choices)
    played_at = models.DateTimeField(help_text="The match's played_at (its created_at when that is empty).")
    seats = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=4, choices=Outcome.choices, blank=True, default="")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["game", "played_at", "match", "seat"]
        indexes = [
            models.Index(fields=["game", "played_at", "match"], name="seat_rating_game_time"),
            models.Index(fields=["player", "game", "played_at", "match"], name="seat_rating_player_time"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}"


class RatingCursor(models.Model):
    """Per game: the last rated match applied, and the row locked while ratings change, so
    that concurrent updates of one game run one at a time, each seeing the other's work."""

    game = models.CharField(max_length=40, choices=game_choices, primary_key=True)
    last_played_at = models.DateTimeField(null=True, blank=True)
    last_match_id = models.BigIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"ratings of {self.game}"


class RatingMark(models.Model):
    """A change that may touch ratings (a match finished, corrected or voided), written in
    the same transaction as the change; the ratings update consumes it. The match is named
    by id, not by a key, so that a mark outlives the match."""

    game = models.CharField(max_length=40, choices=game_choices)
    match_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["game", "id"], name="rating_mark_game")]

    def __str__(self) -> str:
        return f"{self.game} match {self.match_id} changed"


class Job(models.Model):
    """A long job started through the API (recomputing a game's ratings): the client gets
    202 and this job's address, and polls it until the job is done or failed."""

    class Kind(models.TextChoices):
        RECOMPUTE_RATINGS = "recompute_ratings", "recompute ratings"

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    kind = models.CharField(max_length=40, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="jobs")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.status})"


class ApiToken(AbstractAuthToken):
    """An API token (django-rest-knox keeps it hashed): named by its owner for the device or
    program that holds it, with an expiry; revoked one by one or all at once, and all of an
    account's end when its password changes."""

    name = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.token_key} ({self.name or 'unnamed'}) of {self.user}"
