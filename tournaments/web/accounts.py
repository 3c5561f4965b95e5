"""Accounts in the browser: sign-up (open, or by a club's invitation), log-in and log-out, and
the password's change and reset by e-mail, on Django's auth views with pages of our own.

Sign-ups and password resets are rate-limited (django-ratelimit, counted in the cache) by the
client's address, and resets also by the e-mail address asked for; past the limit the page
answers 429. Log-ins are limited by django-axes (``settings.AXES_*``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.password_validation import password_validators_help_text_html
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.response import TemplateResponse
from django_ratelimit.core import get_usage

from tournaments.client_address import client_address
from tournaments.errors import ServiceError
from tournaments.forms import apply
from tournaments.services.accounts import sign_up
from tournaments.services.invitations import find_invitation

#: The backend a new account is logged in with (several are configured).
BACKEND = "tournaments.backends.AnyCaseModelBackend"


# -- rate limits -------------------------------------------------------------------------------

def by_address(group: str, request: HttpRequest) -> str:
    """django-ratelimit's key: the client's address as the lockouts see it."""
    return client_address(request) or "unknown"


def by_email(group: str, request: HttpRequest) -> str:
    return str(request.POST.get("email", "")).strip().casefold()[:254]


def limited(request: HttpRequest, group: str, rate: str, key: Any) -> int | None:
    """Count this request; the seconds until the limit lifts if it is past it, else None."""
    usage = get_usage(request, group=group, key=key, rate=rate, increment=True)
    if usage is None or not usage["should_limit"]:
        return None
    return max(int(usage["time_left"]), 1)


def too_many(request: HttpRequest, what: str, seconds: int) -> HttpResponse:
    """The 429 page: what was refused and when to try again."""
    minutes = max(1, -(-seconds // 60))
    response = render(request, "registration/rate_limited.html", {"what": what, "minutes": minutes}, status=429)
    response["Retry-After"] = str(seconds)
    return response


class InvalidIsBadRequest:
    """A submitted form that does not validate answers 400 (with its errors beside the fields)."""

    def form_invalid(self, form: forms.Form) -> HttpResponse:
        response = super().form_invalid(form)  # type: ignore[misc]
        response.status_code = 400
        return response


# -- sign-up -----------------------------------------------------------------------------------

class SignupForm(forms.Form):
    username = forms.CharField(
        max_length=150, validators=get_user_model()._meta.get_field("username").validators,
        help_text="Letters, digits and @ . + - _ only. Usernames are the same whatever their case.",
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}))
    email = forms.EmailField(max_length=254, help_text="Where a password reset is sent.",
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    password = forms.CharField(strip=False, help_text=password_validators_help_text_html(),
                               widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password_again = forms.CharField(label="Password again", strip=False,
                                     widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("password") and data.get("password_again") and data["password"] != data["password_again"]:
            self.add_error("password_again", "The two passwords differ.")
        return data


def signup(request: HttpRequest) -> HttpResponse:
    """Make an account (anyone, or only with ``?invitation=<code>`` where sign-up is by
    invitation); with a code, join that club. Then logged in, on one's club or profile."""
    code = request.GET.get("invitation", "")
    invitation = None
    if code:
        try:
            invitation = find_invitation(code if "\x00" not in code else "")  # no database holds a NUL
        except ServiceError as error:
            return render(request, "registration/signup_refused.html",
                          {"reason": error.message, "open": settings.SIGNUP == "open"}, status=error.status)
    if request.user.is_authenticated:
        if invitation is None:
            messages.info(request, f"You are logged in as {request.user.get_username()} already.")
            return redirect("profile")
        return render(request, "registration/signup_logged_in.html", {"invitation": invitation})
    if invitation is None and settings.SIGNUP != "open":
        return render(request, "registration/signup_closed.html", status=403 if request.method == "POST" else 200)
    form = SignupForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        seconds = limited(request, "accounts.signup", settings.SIGNUP_RATE, by_address)
        if seconds:
            return too_many(request, "sign-ups from your address", seconds)
        if form.is_valid():
            data = form.cleaned_data
            made = apply(form, lambda: sign_up(username=data["username"], email=data["email"],
                                               password=data["password"], invitation=code or None), summary=False)
            if made is not None:
                user, membership = made
                login(request, user, backend=BACKEND)
                if membership is not None:
                    messages.success(request, f"Welcome, {user.get_username()}! You are now a "
                                              f"{membership.get_role_display()} of {membership.club.name}.")
                    return redirect("club", membership.club.slug)
                messages.success(request, f"Welcome, {user.get_username()}! Your account is ready.")
                return redirect("profile")
        status = 400
    return render(request, "registration/signup.html", {"form": form, "invitation": invitation}, status=status)


# -- log-in and log-out ------------------------------------------------------------------------

class LoginPage(auth_views.LoginView):
    """Django's log-in (django-axes counts the failures). Someone logged in already sees it
    too, saying as whom: they may log in as someone else."""


class LogoutPage(auth_views.LogoutView):
    """Django's log-out (a POST); opened by a link, it asks to confirm with a button."""

    http_method_names = ["get", "post", "options"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect("login")
        return render(request, "registration/logout.html")


# -- passwords ---------------------------------------------------------------------------------

class PasswordChange(InvalidIsBadRequest, auth_views.PasswordChangeView):
    """A new password, given the current one; this session stays logged in (Django keeps its
    hash), every other session and every API token of the account ends."""

    template_name = "registration/password_change.html"


class PasswordChangeDone(auth_views.PasswordChangeDoneView):
    template_name = "registration/password_changed.html"


class PasswordReset(InvalidIsBadRequest, auth_views.PasswordResetView):
    """A reset link by e-mail to the accounts of an address; the same answer whether any
    account has it or not, so the page tells nobody who has an account."""

    template_name = "registration/password_reset.html"
    email_template_name = "registration/password_reset_mail.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        rate = settings.RESET_RATE
        seconds = limited(request, "accounts.reset.address", rate, by_address)
        if not seconds and by_email("", request):
            seconds = limited(request, "accounts.reset.email", rate, by_email)
        if seconds:
            return too_many(request, "password resets from your address or for this e-mail address", seconds)
        return super().post(request, *args, **kwargs)


class PasswordResetSent(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_sent.html"


class PasswordResetConfirm(InvalidIsBadRequest, auth_views.PasswordResetConfirmView):
    """The e-mailed link: a new password. A link that no longer works answers 400."""

    template_name = "registration/password_reset_new.html"

    def dispatch(self, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().dispatch(*args, **kwargs)
        if isinstance(response, TemplateResponse) and not (response.context_data or {}).get("validlink"):
            response.status_code = 400
        return response


class PasswordResetComplete(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_finished.html"
