"""The admin site: every model, with logs shown readable and results read-only, a module per
resource.

Matches are never typed in: they are uploaded as logs (pasted or from a file) through the
same service as the API, and their results come from the verified log.

Every page and action, the custom ones too, asks for the model permission Django's admin
would: adding a bot entry or version needs its add permission (activating a version, the
entry's change permission), uploading a log needs ``add_match``, voiding ``change_match``.
Staff without the permission get 403.

Importing the modules registers their admins; the JSON fields of them all, the user pages'
too, are then bounded in depth.
"""

from django.contrib import admin

# Imported in the order the admins were registered in when they were one module; the user pages last.
from tournaments.admin import clubs, players, tournaments, matches, bots, ladders, accounts  # noqa: F401,I001
from tournaments.admin.base import bound_json_fields

bound_json_fields(admin.site)
