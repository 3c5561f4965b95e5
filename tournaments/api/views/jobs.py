"""The jobs resource: long tasks started through the API, polled until done or failed."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.models import Job


def job_accepted(request: Request, job: Job) -> Response:
    """202 with the job and its address to poll (also in ``Location``)."""
    job = Job.objects.get(pk=job.pk)
    body = s.JobSerializer(job, context={"request": request}).data
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


@extend_schema_view(list=extend_schema(summary="One's jobs, newest first (everyone's for staff)"),
                    retrieve=extend_schema(summary="A job: poll it until it is done or failed"))
class JobViewSet(viewsets.ReadOnlyModelViewSet):
    """Long jobs started through the API, for whoever started them and staff."""

    serializer_class = s.JobSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["kind", "status"]
    ordering_fields = ["created_at", "id"]

    def get_queryset(self) -> QuerySet[Job]:
        jobs = Job.objects.order_by("-created_at", "-id")
        user = self.request.user
        return jobs if user.is_staff else jobs.filter(created_by=user) if user.is_authenticated else jobs.none()
