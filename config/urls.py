"""URL routes: the admin site and the API."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("tournaments.api.urls")),
    path("api-auth/", include("rest_framework.urls")),
]

handler404 = "tournaments.api.errors.json_404"
handler500 = "tournaments.api.errors.json_500"
