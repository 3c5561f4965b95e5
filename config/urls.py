"""URL routes: the admin site and the API."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("", RedirectView.as_view(url="/api/", permanent=False)),
    path("admin/", admin.site.urls),
    path("api/", include("tournaments.api.urls")),
    path("api-auth/", include("rest_framework.urls")),
]

handler404 = "tournaments.api.errors.json_404"
handler500 = "tournaments.api.errors.json_500"
