"""Leapfrog: six frogs, three races, simultaneous hidden tokens."""
