"""A tournament's setup pages: creating one, its registration desk (entrants, check-in, seeds,
late entries, withdrawals, the start) and members entering themselves.

Thin: the forms read the input, the services decide and write; a refusal is shown beside its
field or at the top. Directors of the club (and staff) run the first two; members the last.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from games.registry import get_game
from tournaments.errors import ServiceError
from tournaments.forms import apply
from tournaments.models import Club, Entrant, Tournament
from tournaments.selectors import is_director, role_in, visible_clubs
from tournaments.services import registration, swiss_rounds
from tournaments.services import tournaments as tournament_services
from tournaments.web.base import directed_tournament, members_tournament
from tournaments.web.setup_forms import EnterForm, RulesForm, TournamentForm


def directed_club(request: HttpRequest, slug: str) -> Club:
    club = visible_clubs(request.user).filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    if not is_director(request.user, club):
        raise PermissionDenied(f"only the directors of {club.name} create its tournaments")
    return club


def choice_initial(request: HttpRequest, form: TournamentForm) -> dict[str, Any]:
    """The choices posted, as a fresh form's starting values (shown again without errors)."""
    return {name: (request.POST.getlist(name) if name == "tiebreaks" else request.POST.get(name))
            for name in form.fields}


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest, slug: str) -> HttpResponse:
    """A new tournament of the club, open for registration."""
    club = directed_club(request, slug)
    if request.method == "POST" and "choose" in request.POST:
        form = TournamentForm(initial=choice_initial(request, TournamentForm()))
    else:
        form = TournamentForm(request.POST or None)
    if request.method == "POST" and "choose" not in request.POST and form.is_valid():
        try:
            tournament = tournament_services.create_tournament(club=club, created_by=request.user,
                                                               **form.service_arguments())
        except ServiceError as error:
            for field, problems in form.placed(error).items():
                for problem in problems:
                    form.add_error(field, problem)
        else:
            messages.success(request, f"Created {tournament.name}: now enter its players.")
            return redirect("tournament-registration", tournament.pk)
    return render(request, "tournaments/setup/create.html", {"club": club, "form": form})


def entrant_rows(tournament: Tournament) -> list[dict[str, Any]]:
    entrants = list(tournament.entrants.select_related("player").order_by("seed"))
    return [{"entrant": entrant, "first": index == 0, "last": index == len(entrants) - 1}
            for index, entrant in enumerate(entrants)]


def is_id(value: str) -> bool:
    """A row id as a form posts it: digits, no more than a database integer holds."""
    return value.isascii() and value.isdigit() and len(value) <= 18


def posted_entrant(request: HttpRequest, tournament: Tournament) -> Entrant | HttpResponse:
    value = request.POST.get("entrant", "")
    if not is_id(value):
        return HttpResponseBadRequest(f"the entrant must be an entrant's id, not {value[:20]!r}", content_type="text/plain")
    entrant = tournament.entrants.select_related("player", "tournament").filter(pk=int(value)).first()
    if entrant is None:
        return HttpResponseBadRequest("no such entrant in this tournament", content_type="text/plain")
    return entrant


def write_or_say(request: HttpRequest, write: Any) -> Any:
    """Run a write; a refusal becomes an error message at the top of the next page."""
    try:
        return write()
    except ServiceError as error:
        messages.error(request, error.message)
        return None


ENTRANT_ACTIONS = {"remove", "withdraw", "check_in", "check_out", "up", "down"}


@login_required
@require_http_methods(["GET", "POST"])
def registration_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The directors' registration page: entrants, entering players, check-in, seeds,
    withdrawals and the start."""
    tournament = directed_tournament(request, pk)
    candidates = registration.candidates(tournament)
    enter_form = EnterForm(candidates=candidates, bots=tournament.bots)
    rules_form = RulesForm(initial={"self_registration": tournament.self_registration, "check_in": tournament.check_in})
    confirm: dict[str, Any] | None = None
    action = request.POST.get("action", "")
    if request.method == "POST":
        if action == "enter":
            enter_form = EnterForm(request.POST, candidates=candidates, bots=tournament.bots)
            if enter_form.is_valid():
                player = enter_form.cleaned_data["player"]
                if tournament.status == Tournament.Status.RUNNING and "confirm" not in request.POST:
                    effect = apply(enter_form, lambda: registration.late_entry_effect(tournament, player))
                    if effect is not None:
                        confirm = {"action": "enter", "field": "player", "value": player.pk, "effect": effect,
                                   "button": f"Enter {player.name}"}
                elif apply(enter_form, lambda: tournament_services.register(tournament, player)) is not None:
                    messages.success(request, registration_message(tournament, player.name))
                    return redirect("tournament-registration", tournament.pk)
        elif action in ENTRANT_ACTIONS:
            entrant = posted_entrant(request, tournament)
            if isinstance(entrant, HttpResponse):
                return entrant
            if action == "withdraw" and "confirm" not in request.POST:
                effect = write_or_say(request, lambda: swiss_rounds.withdrawal_effect(entrant))
                if effect is None:
                    return redirect("tournament-registration", tournament.pk)
                confirm = {"action": "withdraw", "field": "entrant", "value": entrant.pk, "effect": effect,
                           "button": f"Withdraw {entrant.player.name}"}
            else:
                done = write_or_say(request, lambda: entrant_action(action, entrant))
                if done is not None:
                    messages.success(request, done)
                return redirect("tournament-registration", tournament.pk)
        elif action == "rules":
            rules_form = RulesForm(request.POST)
            if rules_form.is_valid() and apply(rules_form, lambda: registration.set_registration_rules(
                    tournament, **rules_form.cleaned_data)) is not None:
                messages.success(request, "Registration settings saved.")
                return redirect("tournament-registration", tournament.pk)
        elif action == "start":
            return start(request, tournament)
        else:
            return HttpResponseBadRequest(f"unknown action {action[:20]!r}", content_type="text/plain")
    tournament.refresh_from_db()
    context = {"tournament": tournament, "game_title": get_game(tournament.game).title, "rows": entrant_rows(tournament),
               "enter_form": enter_form, "rules_form": rules_form, "confirm": confirm,
               "open": tournament.status == Tournament.Status.REGISTRATION,
               "running": tournament.status == Tournament.Status.RUNNING,
               "start_effect": swiss_rounds.start_effect(tournament),
               "proposed": tournament.rounds.filter(status="proposed").values_list("number", flat=True).first()}
    return render(request, "tournaments/setup/registration.html", context)


def registration_message(tournament: Tournament, name: str) -> str:
    tournament.refresh_from_db()
    if tournament.status == Tournament.Status.RUNNING:
        return f"{name} joins round {tournament.current_round + 1}."
    return f"Entered {name}."


def entrant_action(action: str, entrant: Entrant) -> str:
    """Do one entrant's action; answers the sentence that confirms it."""
    name = entrant.player.name
    if action == "remove":
        registration.remove_entrant(entrant)
        return f"Removed {name}."
    if action == "withdraw":
        tournament_services.withdraw(entrant)
        warning = swiss_rounds.rounds_warning(Tournament.objects.get(pk=entrant.tournament_id))
        return f"{name} is withdrawn after round {entrant.withdrawn_after_round}." + (f" {warning}" if warning else "")
    if action in ("check_in", "check_out"):
        registration.set_checked_in(entrant, action == "check_in")
        return f"{name} is {'checked in' if action == 'check_in' else 'no longer checked in'}."
    registration.move_seed(entrant, -1 if action == "up" else 1)
    return f"Moved {name} {action}."


def start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    started = write_or_say(request, lambda: tournament_services.start_and_pair(tournament))
    if started is None:
        return redirect("tournament-registration", tournament.pk)
    if started.bots:
        messages.success(request, f"{started.name} has started: the bots are playing.")
        return redirect("tournament", started.pk)
    messages.success(request, f"{started.name} has started: round 1 is proposed.")
    return redirect("tournament-registration", started.pk)


# -- members for themselves -----------------------------------------------------------------------

def member_panel(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """What the tournament page offers the person looking: entering themselves, checking in,
    and for directors the way to the registration desk."""
    user = request.user
    director = is_director(user, tournament.club)
    member = role_in(user, tournament.club) is not None
    own = list(registration.own_entrants(tournament, user)) if member else []
    entered = {entrant.player_id for entrant in own}
    open_ = tournament.status == Tournament.Status.REGISTRATION
    enterable = [player for player in registration.own_players(tournament, user) if player.pk not in entered] \
        if member and open_ and tournament.self_registration else []
    return {"director": director, "own_entrants": own, "enterable": enterable,
            "registration_open": open_, "self_registration": tournament.self_registration}


SELF_ACTIONS = {"enter", "leave", "check_in", "check_out"}


@login_required
@require_POST
def register_self(request: HttpRequest, pk: int) -> HttpResponse:
    """A member enters their own player, takes the entry back, or checks in."""
    tournament = members_tournament(request, pk, "enter its tournaments")
    action = request.POST.get("action", "")
    if action not in SELF_ACTIONS:
        return HttpResponseBadRequest(f"unknown action {action[:20]!r}", content_type="text/plain")
    if action == "enter":
        value = request.POST.get("player", "")
        player = registration.own_players(tournament, request.user).filter(pk=int(value)).first() \
            if is_id(value) else None
        if player is None:
            return HttpResponseBadRequest("choose one of your own players", content_type="text/plain")
        if write_or_say(request, lambda: registration.register_self(tournament, request.user, player)) is not None:
            messages.success(request, f"{player.name} is entered.")
        return redirect("tournament", tournament.pk)
    entrant = posted_entrant(request, tournament)
    if isinstance(entrant, HttpResponse):
        return entrant
    if action == "leave":
        if write_or_say(request, lambda: registration.unregister_self(tournament, request.user, entrant) or True):
            messages.success(request, f"{entrant.player.name} is no longer entered.")
    elif write_or_say(request, lambda: registration.check_in_self(tournament, request.user, entrant,
                                                             action == "check_in")) is not None:
        messages.success(request, f"{entrant.player.name} is {'checked in' if action == 'check_in' else 'checked out'}.")
    return redirect("tournament", tournament.pk)

