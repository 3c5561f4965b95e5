"""The Django app: clubs, players, tournaments, matches, logs, standings and ratings."""
