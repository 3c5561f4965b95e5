"""A club's roster of people: a player linked to a member's account, and players imported from
a CSV file, first previewed line by line, then imported exactly as previewed.

The file: a header row naming the columns ``name`` (required), ``rating`` or ``seed`` (the
seeding rating, higher is stronger) and ``username`` (a member's account to link), comma or
semicolon separated, UTF-8 with or without a byte order mark. Other columns are ignored.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction

from tournaments.errors import Conflict, InvalidInput, ServiceError
from tournaments.models import Club, Membership, Player
from tournaments.names import normalized_name
from tournaments.services.clubs import find_account
from tournaments.services.players import check_player, check_seed_rating, create_player, update_player

#: The largest file and the most players one import takes.
MAX_BYTES = 256 * 1024
MAX_ROWS = 1000
#: How long a preview may wait for its confirmation.
PREVIEW_SECONDS = 3600
SALT = "tournaments.roster.import"
RATING_COLUMNS = ("rating", "seed")

NEW, HERE, REFUSED = "new", "here", "refused"


def member_account(club: Club, username: Any, *, field_name: str = "username") -> Any:
    """The account of one of the club's members, named by its username (exactly, or else
    ignoring case), or why it is none."""
    user = find_account(username, field=field_name, active_only=False)
    if not Membership.objects.filter(club=club, user=user).exists():
        raise InvalidInput(f"{user} is not a member of {club.name}", code="not_member",
                           fields={field_name: [f"{user} is not a member of {club.name}"]})
    return user


def link_player(player: Player, user: Any) -> Player:
    """Link a person player to a member's account (None unlinks it)."""
    if user is not None and not Membership.objects.filter(club_id=player.club_id, user=user).exists():
        raise InvalidInput(f"{user} is not a member of {player.club.name}", code="not_member",
                           fields={"member": [f"{user} is not a member of this club"]})
    return update_player(player, user=user)


@dataclass(frozen=True)
class Line:
    """One line of the file and what the import does with it."""

    number: int
    name: str
    fate: str
    reason: str = ""
    rating: float | None = None
    username: str = ""
    user_id: int | None = None


@dataclass
class Preview:
    """What an import would do: every line's fate, and the columns it ignores."""

    club_id: int
    lines: list[Line] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)

    def count(self, fate: str) -> int:
        return sum(1 for line in self.lines if line.fate == fate)

    @property
    def new(self) -> list[Line]:
        return [line for line in self.lines if line.fate == NEW]

    def summary(self) -> str:
        """``12 new, 3 already here, 1 line refused``."""
        refused = self.count(REFUSED)
        return (f"{self.count(NEW)} new, {self.count(HERE)} already here, "
                f"{refused} line{'' if refused == 1 else 's'} refused")

    def seal(self, by: Any) -> str:
        """The new lines, signed for ``by`` to confirm within the hour: what the confirmation imports."""
        rows = [[line.number, line.name, line.rating, line.username, line.user_id] for line in self.new]
        return signing.dumps({"club": self.club_id, "by": getattr(by, "pk", None), "rows": rows},
                             salt=SALT, compress=True)

    @classmethod
    def unseal(cls, token: Any, *, club: Club, by: Any) -> Preview:
        """The preview ``seal`` signed, or why it cannot be confirmed (altered, expired, another's)."""
        if not isinstance(token, str) or not token:
            raise InvalidInput("there is no preview to confirm; upload the file again", code="bad_preview")
        try:
            data = signing.loads(token, salt=SALT, max_age=PREVIEW_SECONDS)
        except signing.SignatureExpired:
            raise InvalidInput("the preview is over an hour old; upload the file again",
                               code="preview_expired") from None
        except (signing.BadSignature, ValueError):
            raise InvalidInput("the preview was altered; upload the file again", code="bad_preview") from None
        if data.get("club") != club.pk or data.get("by") != getattr(by, "pk", None):
            raise InvalidInput("this preview was made for another club or person; upload the file again",
                               code="bad_preview")
        lines = [Line(number=number, name=name, fate=NEW, rating=rating, username=username, user_id=user_id)
                 for number, name, rating, username, user_id in data["rows"]]
        return cls(club_id=club.pk, lines=lines)


def decode(data: bytes | str) -> str:
    """The file's text: UTF-8, with or without a byte order mark, at most ``MAX_BYTES``."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_BYTES:
        raise InvalidInput(f"the file is {len(data)} bytes; an import takes at most {MAX_BYTES // 1024} KiB",
                           code="too_large", fields={"file": [f"larger than {MAX_BYTES // 1024} KiB"]})
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        message = f"the file is not UTF-8 text: byte {error.start + 1} is 0x{data[error.start]:02x}"
        raise InvalidInput(message, code="not_utf8", fields={"file": [message]}) from None


def header_columns(header: list[str]) -> dict[str, int]:
    """Where each known column is; refuses a header without ``name`` or with a column twice."""
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        title = title.strip().lower()
        key = "rating" if title in RATING_COLUMNS else title
        if key not in ("name", "rating", "username"):
            continue
        if key in columns:
            message = f"the header names the {title!r} column twice (rating and seed are one column)"
            raise InvalidInput(message, code="bad_header", fields={"file": [message]})
        columns[key] = index
    if "name" not in columns:
        message = "the first line must be a header naming a 'name' column (and optionally rating and username)"
        raise InvalidInput(message, code="bad_header", fields={"file": [message]})
    return columns


def parse_rating(text: str, delimiter: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    if delimiter == ";":
        text = text.replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        raise InvalidInput(f"the rating {text[:20]!r} is not a number") from None
    if not math.isfinite(value):
        raise InvalidInput(f"the rating {text[:20]!r} is not a number")
    return check_seed_rating(value)


def rows_of(text: str) -> tuple[Any, str]:
    """A CSV reader over the text, splitting on semicolons if the header has more of them than commas."""
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    return csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False), delimiter


def preview_import(club: Club, data: bytes | str) -> Preview:
    """Each line's fate: a new player, one already here (left as it is), or refused with why."""
    text = decode(data)
    if not text.strip():
        raise InvalidInput("the file is empty", code="empty", fields={"file": ["the file is empty"]})
    reader, delimiter = rows_of(text)
    try:
        rows = [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    except csv.Error as error:
        message = f"line {reader.line_num + 1} cannot be read as CSV: {error}"
        raise InvalidInput(message, code="bad_csv", fields={"file": [message]}) from None
    if not rows:
        raise InvalidInput("the file is empty", code="empty", fields={"file": ["the file is empty"]})
    columns = header_columns(rows[0][1])
    body = rows[1:]
    if len(body) > MAX_ROWS:
        message = f"the file has {len(body)} players; an import takes at most {MAX_ROWS}"
        raise InvalidInput(message, code="too_many", fields={"file": [message]})
    known = set(Player.objects.filter(club=club).values_list("name", flat=True))
    preview = Preview(club_id=club.pk, ignored_columns=[title.strip() for index, title in enumerate(rows[0][1])
                                                          if index not in columns.values() and title.strip()])
    seen_names: dict[str, int] = {}
    seen_users: dict[int, int] = {}

    def cell(row: list[str], key: str) -> str:
        index = columns.get(key)
        return row[index] if index is not None and index < len(row) else ""

    for number, row in body:
        name = normalized_name(cell(row, "name"))
        username = cell(row, "username").strip()
        try:
            if name in seen_names:
                raise InvalidInput(f"the same name as line {seen_names[name]}")
            rating = parse_rating(cell(row, "rating"), delimiter)
            if name in known:
                preview.lines.append(Line(number, name, HERE, "already a player here: left as it is", rating, username))
                seen_names.setdefault(name, number)
                continue
            name = check_player(club=club, name=cell(row, "name"), kind=Player.Kind.PERSON)
            user = member_account(club, username) if username else None
            if user is not None and user.pk in seen_users:
                raise InvalidInput(f"{user} is linked on line {seen_users[user.pk]} already")
        except ServiceError as error:
            reason = next(iter(next(iter(error.fields.values())) if error.fields else []), error.message)
            preview.lines.append(Line(number, name, REFUSED, str(reason), None, username))
            continue
        seen_names[name] = number
        if user is not None:
            seen_users[user.pk] = number
        preview.lines.append(Line(number, name, NEW, "", rating, username, user.pk if user else None))
    return preview


@transaction.atomic
def import_players(club: Club, preview: Preview) -> list[Player]:
    """Create the preview's new players, all or none: if the roster changed since the preview
    (a name taken, a member gone), nothing is imported and the preview must be made again."""
    if preview.club_id != club.pk:
        raise InvalidInput("this preview was made for another club", code="bad_preview")
    Club.objects.select_for_update().get(pk=club.pk)
    members = Membership.objects.filter(club=club).values_list("user_id", flat=True)
    accounts = {user.pk: user for user in get_user_model().objects.filter(pk__in=list(members))}
    created = []
    for line in preview.new:
        if line.user_id is not None and line.user_id not in accounts:
            raise Conflict(f"line {line.number}: {line.username} is no longer a member; preview the file again",
                           code="roster_changed")
        try:
            created.append(create_player(club=club, name=line.name, seed_rating=line.rating,
                                         user=accounts.get(line.user_id) if line.user_id else None))
        except InvalidInput as error:
            raise Conflict(f"line {line.number}: {error.message}; the roster changed since the preview, "
                           "preview the file again", code="roster_changed") from None
    return created


def add_person(club: Club, *, name: Any, username: Any = "", seed_rating: float | None = None) -> Player:
    """A new person player of the club, linked to a member's account when a username is given."""
    user = member_account(club, username) if isinstance(username, str) and username.strip() else None
    return create_player(club=club, name=name, user=user, seed_rating=seed_rating)
