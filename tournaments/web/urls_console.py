"""Routes of the director's console: the hub, rounds and their sheets, results and corrections."""

from django.urls import path

from tournaments.web import checkins, console, results

urlpatterns = [
    path("tournaments/<int:pk>/console/", console.console, name="tournament-console"),
    path("tournaments/<int:pk>/rounds/<int:number>/", console.round_page, name="round"),
    path("tournaments/<int:pk>/rounds/<int:number>/print/", console.round_print, name="round-print"),
    path("tournaments/<int:pk>/rounds/<int:number>/times/", checkins.round_desk, name="round-desk"),
    path("tournaments/<int:pk>/check-in/", checkins.check_in_self, name="tournament-round-check-in"),
    path("matches/<int:pk>/result/", results.match_result, name="match-result"),
    path("matches/<int:pk>/correct/", results.match_correct, name="match-correct"),
]
