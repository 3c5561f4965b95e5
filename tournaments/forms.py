"""Forms shared by the admin site and the pages."""

from __future__ import annotations

from typing import Any

from django import forms

from games.jsondepth import depth_error
from tournaments.errors import Duplicate, ServiceError
from tournaments.services.bots import upload_bytes


def apply(form: forms.Form, write: Any, *, into: dict[str, str] | None = None, summary: bool = True) -> Any:
    """Run a service write for a valid form. A refusal becomes the form's errors: each of the
    service's field errors beside the form's field of that name (``into`` renames a service
    field to a form field, as a log refused beside the input it came from), and the service's
    message at the top of the form, unless a field already says it, or, with ``summary``
    false, whenever a field says anything (so that a rule is not said twice). Returns what the
    write returned, or None when it was refused (the form then holds why). A game refused as
    stored already leaves the stored match's id on the form (``form.stored_match``), for the
    page to link to it."""
    try:
        return write()
    except ServiceError as error:
        if isinstance(error, Duplicate):
            form.stored_match = error.match_id
        placed = []
        for name, problems in (error.fields or {}).items():
            name = (into or {}).get(name, name)
            if name in form.fields:
                for problem in problems if isinstance(problems, list) else [problems]:
                    form.add_error(name, str(problem))
                    placed.append(str(problem))
        if not placed or (summary and error.message not in placed):
            form.add_error(None, error.message)
        return None


class VersionSourceForm(forms.Form):
    """A bot version's source: a built-in strategy or an uploaded file, one of the two."""

    strategy = forms.CharField(required=False, max_length=200,
                               help_text="A built-in bot with its parameters, like mcts:budget=400.")
    file = forms.FileField(required=False, help_text="Or a Python file, or a zip with main.py at its root.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if bool(data.get("strategy")) == bool(data.get("file")):
            raise forms.ValidationError("Give a built-in strategy or a file, one of the two.")
        return data

    def source(self) -> dict[str, Any]:
        """The service's keyword arguments for this source."""
        upload = self.cleaned_data.get("file")
        if upload:
            return {"filename": upload.name, "data": upload_bytes(upload)}
        return {"strategy": self.cleaned_data["strategy"]}


class BoundedJSONField(forms.JSONField):
    """Django's JSON form field, refusing text nested too deeply for the decoder (which would
    raise RecursionError) with a form error."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str):
            nested = depth_error(value)
            if nested is not None:
                raise forms.ValidationError(f"Enter valid JSON: {nested}.", code="invalid")
        return super().to_python(value)

    def bound_data(self, data: Any, initial: Any) -> Any:
        """The form shown again with the text as typed (Django's field would decode it)."""
        if isinstance(data, str) and depth_error(data) is not None:
            return forms.fields.InvalidJSONInput(data)
        return super().bound_data(data, initial)
