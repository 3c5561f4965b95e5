"""Routes of the pages for people."""

from django.urls import path

from tournaments import pages

urlpatterns = [
    path("bots/", pages.my_bots, name="my-bots"),
    path("bots/<int:pk>/", pages.bot_detail, name="bot-detail"),
]
