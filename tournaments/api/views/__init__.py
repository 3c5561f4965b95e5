"""API views: parse, check permissions, call a service, answer. Nothing more. A module per resource.

Who may do what is decided here, object by object, from the caller's role in the object's
club (``tournaments.selectors``): anonymous callers read what is public, members read their
club and log the games they sit in, directors run their club, staff may do everything.
Updates are PATCH (partial); PUT is not offered.
"""
