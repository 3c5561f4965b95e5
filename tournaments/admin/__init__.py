"""The admin site, the staff's tool: every model, with logs shown readable and results
read-only, a module per resource.

Matches are added through the same services as the API (started for their first move, or
from a whole log, pasted or from a file), and their results come from the verified log.

Every page and action, the custom ones too, asks for the model permission Django's admin
would: adding a bot entry or version needs its add permission (activating a version, the
entry's change permission), uploading a log needs ``add_match``, voiding ``change_match``.
Staff without the permission get 403; a page refused by design (deleting an account, adding
a bot's standard error) says why on a refusal page. Directors who are not staff are sent to
the admin's log-in page, which points them to the club pages.

Importing the modules registers their admins; the JSON fields of them all, the user pages'
too, are then bounded in depth.
"""

from django.contrib import admin

# Imported in the order the admins were registered in when they were one module; the user pages last.
from tournaments.admin import clubs, players, tournaments, matches, bots, ladders, notifications, live, challenges, accounts  # noqa: F401,I001
from tournaments.admin.base import bound_json_fields

bound_json_fields(admin.site)

#: The log-in page says who the admin is for, and where directors go instead.
admin.site.login_template = "admin/tournaments/login.html"
