"""What the admin pages share: a service's form on an admin page, a refusal page that says
why, a read-only admin, and JSON fields with a bounded depth."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse

from tournaments.forms import BoundedJSONField


def service_form_view(model_admin: admin.ModelAdmin, request: HttpRequest, form: forms.Form, *, title: str,
                      intro: str, submit: str) -> HttpResponse:
    context = {**model_admin.admin_site.each_context(request), "form": form, "title": title, "intro": intro,
               "submit": submit, "opts": model_admin.model._meta}
    return TemplateResponse(request, "admin/tournaments/service_form.html", context)


def refusal(model_admin: admin.ModelAdmin, request: HttpRequest, *, title: str, reason: str,
            elsewhere: str = "", elsewhere_label: str = "") -> HttpResponse:
    """A page the admin refuses by design (a record no one adds or deletes by hand): 403 with
    the reason and where it is done instead, rendered rather than raised, so nothing is logged
    as a fault."""
    context = {**model_admin.admin_site.each_context(request), "title": title, "reason": reason,
               "elsewhere": elsewhere, "elsewhere_label": elsewhere_label, "opts": model_admin.model._meta}
    return TemplateResponse(request, "admin/tournaments/refused.html", context, status=403)


class AddRefusedAdmin(admin.ModelAdmin):
    """An admin whose records no one adds by hand: no add button, and the add page is a
    refusal that says why (``add_refusal``: its title and reason, and the admin list named by
    ``add_elsewhere``, with its label, where such records are found)."""

    add_refusal: tuple[str, str]
    add_elsewhere: tuple[str, str]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        (title, reason), (url_name, label) = self.add_refusal, self.add_elsewhere
        return refusal(self, request, title=title, reason=reason,
                       elsewhere=reverse(url_name), elsewhere_label=label)


class ReadOnlyAdmin(admin.ModelAdmin):
    """An admin that only reads: its records are made and changed by their services alone."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def bound_json_fields(site: admin.AdminSite) -> None:
    """Every registered admin (and its inlines) edits JSON with :class:`BoundedJSONField`, so a
    deeply nested value is a form error rather than a RecursionError."""
    override = {models.JSONField: {"form_class": BoundedJSONField}}
    for model_admin in site._registry.values():  # noqa: SLF001
        model_admin.formfield_overrides = {**model_admin.formfield_overrides, **override}
        for inline in model_admin.inlines:
            inline.formfield_overrides = {**inline.formfield_overrides, **override}

