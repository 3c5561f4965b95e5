"""Leap Frog (Murray): a clearance game of short leaps on a full board, in four variants."""
