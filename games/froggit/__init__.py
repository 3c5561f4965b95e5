"""Froggit: frog families cross a hexagonal pond of lily pads; the fish sends them home."""
