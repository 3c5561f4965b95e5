"""The admin site's user pages under the accounts' rule (``services.accounts``): a staff
account that is not a superuser cannot open a superuser's account for change (nor its password
page), cannot grant rights (superuser flag, groups, permissions) nor raise its own, and the last
active superuser stays one. Accounts are deactivated, never deleted, as in the API."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from tournaments.admin.base import refusal
from tournaments.errors import ServiceError
from tournaments.services import accounts as account_services

User = get_user_model()
#: The account fields the rule governs, as the change form names them.
RULED = ("username", "email", "is_active", "is_staff", "is_superuser")


def username_or_form_error(username: str, keep: Any = None) -> str:
    try:
        return account_services.clean_username(username, keep=keep)
    except ServiceError as error:
        raise ValidationError(error.fields["username"][0] if error.fields else error.message) from None


class AccountCreationForm(AdminUserCreationForm):
    def clean_username(self) -> str:
        return username_or_form_error(self.cleaned_data["username"])


class AccountChangeForm(UserChangeForm):
    """Django's change form, checking the change against the rule before anything is saved."""

    actor: Any = None

    def clean_username(self) -> str:
        return username_or_form_error(self.cleaned_data["username"], keep=self.instance)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        changes = {field: cleaned[field] for field in RULED if field in self.changed_data and field in cleaned}
        try:
            account_services.check_change(self.actor, self.instance, changes)
        except ServiceError as error:
            raise ValidationError(error.message) from None
        return cleaned


class AccountAdmin(UserAdmin):
    form = AccountChangeForm
    add_form = AccountCreationForm

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, **kwargs)
        if obj is not None:
            form = type("AccountChangeFormFor", (form,), {"actor": request.user})
        return form

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.is_superuser and not request.user.is_superuser:
            return False  # read-only, password page included
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # accounts keep their matches' recorder: deactivate them instead

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        account = self.get_object(request, object_id)
        if account is None or not self.has_view_or_change_permission(request, account):
            return super().delete_view(request, object_id, extra_context)  # Django's own answer
        return refusal(self, request, title="Delete an account",
                       reason="Accounts are never deleted: they stay the recorder of the matches they logged. "
                              "Deactivate the account instead (untick Active on its page).",
                       elsewhere=reverse("admin:auth_user_change", args=[account.pk]),
                       elsewhere_label=f"The account {account.username}")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.is_superuser:
            fields += ["is_superuser", "groups", "user_permissions"]
            if obj is not None and obj.pk == request.user.pk:
                fields += ["is_staff"]
        if obj is not None and obj.pk == request.user.pk:
            fields += ["is_active"]
        return fields


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
