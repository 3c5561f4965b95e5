"""The rules of the club's four "leapfrog" games, in plain Python (no Django below here)."""
