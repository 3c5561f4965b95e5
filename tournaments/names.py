"""Names people read: player, club and user names.

One rule on every path (API, admin, services, commands): a name is normalized to Unicode NFKC
and refused if it holds a control or format character (categories Cc and Cf, which take in
the bidirectional overrides and the zero-width characters), a surrogate, or a line or
paragraph separator. Such characters let one name pass for another ("admin" with a zero-width
space, a right-to-left override that shows "gpj.exe" as "exe.jpg"); nobody needs them in a name.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.db import models

from tournaments.errors import InvalidInput

#: Unicode categories no name may hold.
REFUSED_CATEGORIES = {"Cc": "a control character", "Cf": "a format character", "Cs": "a surrogate",
                      "Zl": "a line separator", "Zp": "a paragraph separator"}


def name_problem(text: str) -> str | None:
    """Why ``text`` (already normalized) cannot be a name, or None when it can."""
    for position, char in enumerate(text, start=1):
        kind = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind:
            label = unicodedata.name(char, "unnamed")
            return f"character {position} is U+{ord(char):04X} ({label}), {kind}, which names may not hold"
    if not text.strip():
        return "a name cannot be empty or only spaces"
    return None


def normalized_name(text: str) -> str:
    """``text`` in NFKC with its outer spaces removed: how every name is stored."""
    return unicodedata.normalize("NFKC", text).strip()


def clean_name(text: str, *, field: str = "name") -> str:
    """The stored form of a name, or :class:`InvalidInput` naming the offending character."""
    if not isinstance(text, str):
        raise InvalidInput(f"{field} must be text", fields={field: ["must be text"]})
    problem = name_problem(text) or name_problem(normalized_name(text))
    if problem:
        raise InvalidInput(f"{field}: {problem}", fields={field: [problem]})
    return normalized_name(text)


def validate_name(text: str) -> None:
    """The same rule as a Django validator, for model and form fields (the admin's forms)."""
    problem = name_problem(text) if isinstance(text, str) else "a name must be text"
    if problem is None:
        problem = name_problem(normalized_name(text))
    if problem:
        raise ValidationError(problem, code="bad_name")


class NameField(models.CharField):
    """A model's name column under the rule above: forms (the admin) normalize and check it
    while cleaning, and every save normalizes it and refuses a bad one, whatever wrote it."""

    default_validators = [validate_name]

    def to_python(self, value: object) -> object:
        value = super().to_python(value)
        return normalized_name(value) if isinstance(value, str) else value

    def pre_save(self, model_instance: models.Model, add: bool) -> object:
        value = getattr(model_instance, self.attname)
        if isinstance(value, str):
            value = clean_name(value, field=self.name)
            setattr(model_instance, self.attname, value)
        return value
