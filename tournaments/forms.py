"""Forms shared by the admin site and the pages."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.services.bots import upload_bytes


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
