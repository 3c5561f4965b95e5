"""The director's console of a people's tournament: the hub, each round (its proposed pairings
to change and publish, or its tables and results), and the round's printed sheets.

Only the club's directors (and staff) use it: others who may see the tournament get a 403,
those who may not a 404, and anonymous visitors are sent to log in. The services decide and
write; these views parse the forms and say what happened.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.registry import get_game
from tournaments.errors import ServiceError
from tournaments.forms import apply
from tournaments.models import Bye, Correction, Match, Round, Tournament
from tournaments.selectors import correction_notes
from tournaments.services import checkins, explanations
from tournaments.services import rounds as round_services
from tournaments.services import swiss_rounds
from tournaments.services import tournaments as tournament_services
from tournaments.web.base import directed_tournament
from tournaments.web.tournaments import match_summary, tournament_live


def round_of(tournament: Tournament, number: int) -> Round:
    found = tournament.rounds.filter(number=number).first()
    if found is None:
        raise Http404(f"the tournament has no round {number}")
    return found


def entrant_rows(tournament: Tournament) -> dict[int, dict[str, Any]]:
    """Each entrant's name, seed and points so far, by id."""
    points = {row["entrant_id"]: row["points"] for row in tournament_services.compute_standings(tournament)}
    return {entrant.pk: {"id": entrant.pk, "name": entrant.player.name, "seed": entrant.seed,
                         "points": points.get(entrant.pk, 0), "withdrawn": entrant.withdrawn}
            for entrant in tournament.entrants.select_related("player")}


def round_tables(round_: Round) -> list[dict[str, Any]]:
    """A published round's tables with their matches' seats and results, and its byes."""
    matches = [match for match in round_.matches.prefetch_related("seats__player").all()
               if match.status != Match.Status.VOID]
    matches.sort(key=lambda match: (match.bracket, match.pairing, match.game_number))
    return [match_summary(match) | {"open": match.status in (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS),
                                    "moves": match.move_count} for match in matches]


def round_byes(round_: Round, kind: str = Bye.Kind.BYE) -> list[str]:
    """The names of a round's byes (or, with ``kind`` absent, of its absences)."""
    return [bye.entrant.player.name
            for bye in round_.byes.filter(kind=kind).select_related("entrant__player").order_by("pairing")]


# -- the hub ----------------------------------------------------------------------------------------

@login_required
@require_http_methods(["GET", "POST"])
def console(request: HttpRequest, pk: int) -> HttpResponse:
    """Where a tournament stands and what its director does next; POST pairs the next round."""
    tournament = directed_tournament(request, pk)
    if request.method == "POST":
        if request.POST.get("action") != "pair":
            return HttpResponseBadRequest("unknown action", content_type="text/plain")
        try:
            tournament_services.pair_round(tournament)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("tournament-console", tournament.pk)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            messages.success(request, "Every round is played: the tournament is over.")
            return redirect("tournament-console", tournament.pk)
        proposed = tournament.rounds.filter(status=Round.Status.PROPOSED).order_by("-number").first()
        if proposed is not None:
            messages.success(request, f"Round {proposed.number} is proposed: check it, then publish it.")
            return redirect("round", tournament.pk, proposed.number)
        messages.info(request, "Nothing was paired.")
        return redirect("tournament-console", tournament.pk)
    rounds = list(tournament.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    context: dict[str, Any] = {"tournament": tournament, "rounds": rounds, "current": current,
                               "game_title": get_game(tournament.game).title,
                               "entrant_count": tournament.entrants.count()}
    if current is not None and current.status != Round.Status.PROPOSED:
        tables = round_tables(current)
        context["tables"] = tables
        context["missing"] = [table for table in tables if table["open"]]
        context["byes"] = round_byes(current)
        context["absent"] = round_byes(current, Bye.Kind.ABSENT)
    context.update(round_times_context(tournament))
    context["decided"] = tournament.status == Tournament.Status.RUNNING and not tournament_services.pending(tournament)
    context["rounds_warning"] = swiss_rounds.rounds_warning(tournament) if not tournament.bots else ""
    if tournament.status == Tournament.Status.FINISHED:
        live = tournament_live(tournament)
        context.update({name: live[name] for name in ("standings", "tiebreaks", "crosstable")})
        context["played_rounds"] = live["rounds"]
    corrections = Correction.objects.filter(match__tournament=tournament).select_related("by").order_by("-at")
    context["corrections"] = correction_notes(request.user, tournament.club, corrections)
    return render(request, "tournaments/console/console.html", context)


def round_times_context(tournament: Tournament) -> dict[str, Any]:
    """For the console's times panel: the round whose check-in is open, and the next round."""
    following = tournament.current_round + 1
    last = tournament.total_rounds
    return {"check_in_round": checkins.open_round(tournament),
            "next_number": following if tournament.current_round and (not last or following <= last) else None}


# -- a round ----------------------------------------------------------------------------------------

class SwapForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label="Swap")
    second = forms.TypedChoiceField(coerce=int, label="With")


class MoveForm(forms.Form):
    entrant = forms.TypedChoiceField(coerce=int, label="Move")
    table = forms.TypedChoiceField(coerce=int, label="To table")
    seat = forms.TypedChoiceField(coerce=int, label="At seat", required=False, empty_value=None)


def proposed_tables(round_: Round, entrants: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """A proposed round's tables, each with its seats and why it is paired so ("why")."""
    names = {entrant: row["name"] for entrant, row in entrants.items()}
    shown = explanations.with_text(round_.explanation, names)
    reasons = {pairing: text for (_, pairing), text in explanations.pairing_reasons(shown).items()}
    tables = []
    for index, game in enumerate(round_.proposal):
        seats = [entrants.get(seat, {"id": seat, "name": f"entrant {seat}", "seed": "?", "points": 0})
                 for seat in game.get("seats", [])]
        tables.append({"number": index + 1, "bye": bool(game.get("bye")), "seats": seats,
                       "why": reasons.get(index, [])})
    return tables


def published_reasons(round_: Round, matches: list[dict[str, Any]],
                      names: dict[int, str]) -> tuple[list[str], list[dict[str, Any]]]:
    """A published round's summary sentences, each first game's "why" (set on ``matches``),
    and its byes with theirs."""
    shown = explanations.with_text(round_.explanation, names)
    reasons = explanations.pairing_reasons(shown)
    for match in matches:
        match["why"] = reasons.get((match["bracket"], match["pairing"]), []) if not match["game_number"] else []
    byes = [{"name": bye.entrant.player.name, "why": reasons.get((bye.bracket, bye.pairing), [])}
            for bye in round_.byes.filter(kind=Bye.Kind.BYE).select_related("entrant__player").order_by("pairing")]
    return (shown["text"] if shown else []), byes


def edit_forms(tournament: Tournament, tables: list[dict[str, Any]], data: Any = None,
               action: str = "") -> tuple[SwapForm, MoveForm | None]:
    """The swap form, and the move form where tables may change size (the tables format)."""
    seated = [(seat["id"], f"{seat['name']} (table {table['number']})") for table in tables for seat in table["seats"]]
    swap = SwapForm(data if action == "swap" else None, prefix="swap")
    swap.fields["first"].choices = swap.fields["second"].choices = seated
    if len(seated) > 1:
        swap.initial = {"second": seated[1][0]}
    move = None
    if tournament.format == Tournament.Format.TABLES:
        move = MoveForm(data if action == "move" else None, prefix="move")
        move.fields["entrant"].choices = seated
        move.fields["table"].choices = [(table["number"] - 1, f"table {table['number']}") for table in tables] \
            + [(len(tables), "a new table")]
        most = max((len(table["seats"]) for table in tables), default=1) + 1
        move.fields["seat"].choices = [("", "the last seat")] + [(seat, f"seat {seat + 1}") for seat in range(most)]
    return swap, move


@login_required
@require_http_methods(["GET", "POST"])
def round_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round: proposed (its pairings, the director's changes, what they break, publishing)
    or published (its tables, their results and what to do for each)."""
    tournament = directed_tournament(request, pk)
    round_ = round_of(tournament, number)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    proposed = round_.status == Round.Status.PROPOSED
    if request.method == "POST" and not proposed:
        messages.error(request, f"Round {number} is {round_.get_status_display()}: its pairings no longer change.")
        return redirect("round", tournament.pk, number)
    entrants = entrant_rows(tournament)
    tables = proposed_tables(round_, entrants) if proposed else []
    swap, move = edit_forms(tournament, tables, request.POST, action) if proposed else (None, None)
    if action in ("swap", "move"):
        form = swap if action == "swap" else move
        if form is None:
            return HttpResponseBadRequest("tables do not change size in this format: swap entrants instead",
                                          content_type="text/plain")
        if form.is_valid():
            data = form.cleaned_data
            review = apply(form, (lambda: round_services.swap_entrants(
                tournament, number=number, first=data["first"], second=data["second"])) if action == "swap" else (
                lambda: round_services.move_entrant(tournament, number=number, entrant=data["entrant"],
                                                    table=data["table"], seat=data["seat"])))
            if review is not None:
                messages.success(request, "Swapped." if action == "swap" else "Moved.")
                for warning in review.new:
                    messages.warning(request, warning)
                return redirect("round", tournament.pk, number)
    elif action in ("publish", "pair_again"):
        try:
            if action == "publish":
                tournament_services.publish_proposed(tournament)
                messages.success(request, f"Round {number} is published: its tables can play.")
            else:
                round_services.pair_again(tournament, number=number)
                messages.success(request, f"Round {number} is paired afresh.")
        except ServiceError as error:
            messages.error(request, error.message)
        return redirect("round", tournament.pk, number)
    elif action:
        return HttpResponseBadRequest("unknown action", content_type="text/plain")
    context: dict[str, Any] = {"tournament": tournament, "round": round_, "proposed": proposed,
                               "tables": tables, "swap": swap, "move": move}
    names = {entrant: row["name"] for entrant, row in entrants.items()}
    if proposed:
        context["warnings"] = round_services.review(tournament, round_)
        shown = explanations.with_text(round_.explanation, names)
        context["why_summary"] = shown["text"] if shown else []
    else:
        context["matches"] = round_tables(round_)
        context["why_summary"], context["byes"] = published_reasons(round_, context["matches"], names)
        context["absent"] = round_byes(round_, Bye.Kind.ABSENT)
        context["missing"] = sum(match["open"] for match in context["matches"])
    return render(request, "tournaments/console/round.html", context)


#: Rows of the move record on a score sheet.
RECORD_ROWS = 30


@login_required
def round_print(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round's pairing sheet and a score sheet per table, a page each when printed."""
    tournament = directed_tournament(request, pk)
    round_ = round_of(tournament, number)
    if round_.status == Round.Status.PROPOSED:
        entrants = entrant_rows(tournament)
        sheets = [{"number": table["number"], "bye": table["bye"], "id": None,
                   "seats": [{"name": seat["name"]} for seat in table["seats"]]}
                  for table in proposed_tables(round_, entrants)]
        byes = [sheet["seats"][0]["name"] for sheet in sheets if sheet["bye"]]
        sheets = [sheet for sheet in sheets if not sheet["bye"]]
    else:
        sheets = [{"number": index + 1, "bye": False, "id": match["id"], "seats": match["seats"]}
                  for index, match in enumerate(round_tables(round_))]
        byes = round_byes(round_)
    record = tournament.game == "leap_frog"
    for sheet in sheets:
        sheet["rows"] = list(range(1, RECORD_ROWS + 1)) if record else []
    context = {"tournament": tournament, "round": round_, "sheets": sheets, "byes": byes, "record": record,
               "game_title": get_game(tournament.game).title}
    return render(request, "tournaments/console/print.html", context)
