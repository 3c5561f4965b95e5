"""Logging filters: a refusal (403) is logged as a warning line, not as a fault with a traceback."""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied


class RefusalsWithoutTraceback(logging.Filter):
    """Drops the traceback Django attaches to "Forbidden (Permission denied)": the refusal is
    the view doing its job, and the line (status, path) says all there is to know."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True
