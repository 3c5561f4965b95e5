"""Measure and Tempo: two fencers, a 52-card deck, Guards for trump and tempos for points."""
