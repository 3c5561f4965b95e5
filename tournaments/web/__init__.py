"""The pages for people (HTML), a module per resource: home, clubs, tournaments, players,
leaderboards, matches with their replay viewer, the games' rules, and a bot owner's bots
(``docs/pages.md``).

Thin like the API: the selectors decide who sees what (a private club's pages are unknown,
404, to those outside it), the services compute standings and write, the engines draw positions.
"""
