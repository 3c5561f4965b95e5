"""Jobs: their shape."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Job


class JobSerializer(serializers.ModelSerializer):
    """A long job: poll its ``url`` until ``status`` is ``done`` (see ``result``) or ``failed``."""

    url = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "kind", "params", "status", "result", "error", "created_at", "started_at", "finished_at",
                  "url"]
        read_only_fields = fields

    def get_url(self, job: Job) -> str:
        path = f"/api/jobs/{job.pk}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path
