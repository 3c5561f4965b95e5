"""The admin's pages as a test posts them."""

from __future__ import annotations

from typing import Any

from django.test import Client


def change_form_data(client: Client, url: str) -> dict[str, Any]:
    """What the admin's change page would post back unchanged: its form and inline formsets."""
    context = client.get(url).context
    data: dict[str, Any] = {}
    forms = [context["adminform"].form]
    for formset in context["inline_admin_formsets"]:
        forms += list(formset.formset.forms)
        management = formset.formset.management_form
        data.update({management.add_prefix(name): value for name, value in management.initial.items()})
    for form in forms:
        for name, field in form.fields.items():
            value = form.initial.get(name, field.initial)
            if value is None or name in getattr(form, "_readonly", ()):
                continue
            data[form.add_prefix(name)] = value.pk if hasattr(value, "pk") else value
    return {key: value for key, value in data.items() if value is not False}
