"""A club's members: the list (who invited whom) for its members; invitation links, inviting
by username, roles and removals for its directors; leaving; and the page an invitation link opens."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from tournaments.errors import ServiceError
from tournaments.models import Club, Invitation, Membership
from tournaments.selectors import is_director, is_member
from tournaments.services import clubs as club_services
from tournaments.services import invitations as invitation_services
from tournaments.web.clubs import attempt, club_page, refused

ROLE_CHOICES = Membership.Role.choices


class LinkForm(forms.Form):
    role = forms.ChoiceField(choices=ROLE_CHOICES, initial=Membership.Role.MEMBER,
                             help_text="The role whoever uses the link gets.")
    days = forms.IntegerField(min_value=1, max_value=invitation_services.LONGEST_DAYS, required=False,
                              initial=invitation_services.DEFAULT_DAYS, label="Days valid",
                              help_text="Empty: until you revoke it.")
    max_uses = forms.IntegerField(min_value=1, required=False, label="Max uses",
                                  help_text="How many people may join with it. Empty: any number.")


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150, help_text="An existing account joins at once, invited by you.")
    role = forms.ChoiceField(choices=ROLE_CHOICES, initial=Membership.Role.MEMBER)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, prefix="invite", **kwargs)


class MembershipForm(forms.Form):
    """A member of this club, and (for a role change) the new role."""

    membership = forms.ModelChoiceField(queryset=Membership.objects.none(),
                                        error_messages={"invalid_choice": "no such member of this club"})
    role = forms.ChoiceField(choices=ROLE_CHOICES, required=False)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["membership"].queryset = club.memberships.select_related("user", "club")


class RevokeForm(forms.Form):
    invitation = forms.ModelChoiceField(queryset=Invitation.objects.none(),
                                        error_messages={"invalid_choice": "no such open link of this club"})

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["invitation"].queryset = club.invitations.filter(revoked=False)


def first_error(form: forms.Form) -> str:
    for field, errors in form.errors.items():
        label = "" if field == "__all__" else f"{field}: "
        return f"{label}{errors[0]}"
    return "the form is incomplete"


def act(request: HttpRequest, found: Club, action: str, directs: bool) -> tuple[Any, str, int]:
    """Carry out one of the page's POST actions: (its form, what was done or why not, status)."""
    if action == "leave":
        mine = found.memberships.filter(user=request.user).first()
        if mine is None:
            return None, "You are not a member of this club.", 400
        try:
            club_services.remove_member(mine)
        except ServiceError as error:
            return None, error.message, error.status
        return None, f"You left {found.name}.", 200
    if not directs:
        return None, f"Only the directors of {found.name} may do this.", 403
    if action == "link":
        form = LinkForm(request.POST)
        if not form.is_valid():
            return form, "", 400
        made, status = attempt(form, lambda: invitation_services.create_invitation(found, by=request.user,
                                                                                   **form.cleaned_data))
        return form, "Made a new invitation link." if made else "", status
    if action == "invite":
        form = InviteForm(request.POST)
        if not form.is_valid():
            return form, "", 400
        made, status = attempt(form, lambda: club_services.invite_user(
            found, username=form.cleaned_data["username"], by=request.user, role=form.cleaned_data["role"]))
        return form, f"{made.user} is now a {made.role} of {found.name}." if made else "", status
    if action == "revoke":
        form = RevokeForm(request.POST, club=found)
        if not form.is_valid():
            return None, first_error(form), 400
        invitation_services.revoke_invitation(form.cleaned_data["invitation"])
        return None, "Revoked the link: it no longer works.", 200
    if action in ("role", "remove"):
        form = MembershipForm(request.POST, club=found)
        if not form.is_valid():
            return None, first_error(form), 400
        membership = form.cleaned_data["membership"]
        try:
            if action == "remove":
                club_services.remove_member(membership)
                return None, f"Removed {membership.user} from {found.name}.", 200
            changed = club_services.change_role(membership, form.cleaned_data["role"])
        except ServiceError as error:
            return None, error.message, error.status
        return None, f"{changed.user} is now a {changed.role}.", 200
    return None, f"unknown action {action[:30]!r}", 400


@club_page("member")
def club_members(request: HttpRequest, found: Club) -> HttpResponse:
    """The member list for members; the director's tools for directors."""
    directs = is_director(request.user, found)
    forms_shown: dict[str, Any] = {"link": LinkForm(), "invite": InviteForm()}
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        form, said, status = act(request, found, action, directs)
        if status == 200:
            messages.success(request, said)
            if is_member(request.user, found):
                return redirect("club-members", found.slug)
            return redirect("club", found.slug) if found.public else redirect("home")
        if form is not None:
            forms_shown[action] = form
        elif status == 403:
            return refused(request, said)
        else:
            messages.error(request, said)
    memberships = found.memberships.select_related("user", "invited_by").order_by("role", "user__username")
    links = []
    if directs:
        for invitation in invitation_services.open_invitations(found):
            links.append((invitation, request.build_absolute_uri(reverse("join", args=[invitation.code]))))
    context = {"club": found, "memberships": memberships, "directs": directs, "links": links,
               "mine": found.memberships.filter(user=request.user).first(), "roles": ROLE_CHOICES,
               "link_form": forms_shown["link"], "invite_form": forms_shown["invite"]}
    return render(request, "tournaments/site/members.html", context, status=status)


def join(request: HttpRequest, code: str) -> HttpResponse:
    """An invitation link: the club and role it offers; joining for those logged in, signing up
    or logging in for the others."""
    try:
        invitation = invitation_services.find_invitation(code)
    except ServiceError as error:
        return refused(request, error.message, status=error.status, title="This link does not work")
    club = invitation.club
    member = request.user.is_authenticated and club.memberships.filter(user=request.user).exists()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            invitation_services.accept_invitation(code, request.user)
        except ServiceError as error:
            return refused(request, error.message, status=error.status, title="This link does not work")
        messages.success(request, f"Welcome to {club.name}." if not member else f"You are already in {club.name}.")
        return redirect("club", club.slug)
    return render(request, "tournaments/site/join.html", {"invitation": invitation, "club": club, "member": member})
