"""URL routes: the admin site, the API, and the pages."""

from django.contrib import admin
from django.urls import include, path

from config.health import health

urlpatterns = [
    path("health/", health, name="health"),
    path("admin/", admin.site.urls),
    path("api/", include("tournaments.api.urls")),
    path("api-auth/", include("rest_framework.urls")),
    path("", include("tournaments.web.urls")),
]

handler404 = "tournaments.api.errors.json_404"
handler500 = "tournaments.api.errors.json_500"
