"""Routes of a tournament's setup: creating it, its registration desk, members entering themselves."""

from django.urls import path

from tournaments.web import setup

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/new/", setup.create, name="tournament-create"),
    path("tournaments/<int:pk>/registration/", setup.registration_desk, name="tournament-registration"),
    path("tournaments/<int:pk>/register/", setup.register_self, name="tournament-register-self"),
]
