"""The games catalog, served by the games resource: what a client needs to set up, log and
play each game.

Each game's options (types, limits, defaults), its move notation, its built-in bots, and the
shape of what a bot sees: every observation key with its meaning, and an example observation
taken from a fresh seeded state, so the example always matches the engine.
"""

from __future__ import annotations

from typing import Any

from games.base import Game
from games.registry import all_games, get_game
from games.seeding import derive_rng

#: Each game's observation keys and what they mean (docs/games/<slug>.md, "What a bot sees").
OBSERVATION_KEYS: dict[str, dict[str, str]] = {
    "leapfrog_race": {
        "seat": "the seat observing (from 0)",
        "frog": "the seat's frog colour",
        "colours": "the seated frogs' colours, in seat order",
        "plate": "whether the plate option is on",
        "race": "the current race, from 1 (three races)",
        "race_name": "the current race's name: speed, slowness or courage",
        "turn": "the turn within the race, from 1",
        "over": "whether the game is over",
        "lily_pad": "where the lily pad is: the head or the tail of the column",
        "column": "the six frogs' letters in column order",
        "marker_places": "the column places that take a marker this race",
        "plate_place": "the plate's place in the courage race, null otherwise",
        "played": "the tokens each frog has played in this race, in order",
        "hand": "the seat's unused tokens",
        "points": "each frog's points in the finished races",
        "markers": "each frog's markers",
        "eaten": "the frog eaten on the plate, or null",
    },
    "measure_and_tempo": {
        "seat": "the seat observing (0 or 1)",
        "options": "the match's options",
        "phase": "out_of_measure, cycling, in_measure or over",
        "to_move": "the seat to act",
        "hand": "the seat's cards, without its Guard or its cards on the table",
        "dealt": "the seat's seven dealt cards",
        "opponent_hand": "how many cards the opponent holds",
        "guards": "each seat's Guard card, or null",
        "trump": "the trump suit, or null",
        "deck": "how many cards the deck holds, and where lie the cards this seat put under",
        "cycler": "the seat cycling, or null",
        "drawn": "the two cards drawn in a cycle, for the cycler only",
        "circling": "circling actions taken in the current (or last) Out of Measure phase",
        "last_was_stall": "whether the last circling action was a stall",
        "table": "the tempos of the current play, in order",
        "tempos": "tempos won by each seat in the play and the bout",
        "scores": "each seat's points",
        "plays": "plays finished",
        "history": "the moves so far as [seat, move], a cycle shown as each seat may see it",
    },
    "froggit": {
        "seat": "the seat observing (from 0)",
        "players": "the number of seats",
        "version": "the rules version option",
        "family": "the family option",
        "max_rounds": "the round limit",
        "turns": "completed turns",
        "round": "the current round, from 1",
        "to_move": "the seat to move",
        "fish_due": "whether to_move must now move the fish",
        "fish": "the fish's pad",
        "pads": "the occupied pads, each frog as seat and size, bottom first",
        "families": "each family's start, finish, frogs at the start and at home",
        "over": "whether the game is over",
        "winner": "the winning seat, or null",
    },
    "leap_frog": {
        "seat": "the seat observing (from 0)",
        "variant": "the variant option",
        "rows": "the board's rows",
        "cols": "the board's columns",
        "diagonal": "whether diagonal jumps are allowed",
        "players": "the number of seats",
        "board": "one string per row, row 1 first; '.' for an empty cell",
        "to_move": "the seat to move, null at the end",
        "opening": "whether the opening removals are still being made",
        "over": "whether the game is over",
        "scores": "each seat's points",
        "captured": "the pieces each seat has captured",
        "moves": "moves made",
        "history": "the moves so far",
    },
}


def example_seats(game: Game) -> int:
    """Two seats where the game allows them (a one-seat example shows little)."""
    return min(max(game.min_players, 2), game.max_players)


def example_observation(game: Game) -> dict[str, Any]:
    """Seat 0's observation before the first move of a seeded match with the default options."""
    seats = example_seats(game)
    options = game.parse_options({}, seats)
    state = game.new_state(options, seats, game.random_setup(options, seats, derive_rng("api-example", "setup")))
    return state.observation(0)


def describe(slug: str) -> dict[str, Any]:
    """A game as the API answers it (raises the engine's UnknownGameError for an unknown slug)."""
    game = get_game(slug)
    described = game.describe()
    return {
        **described,
        "defaults": game.parse_options({}, example_seats(game)),
        "observation": {"keys": OBSERVATION_KEYS.get(game.slug, {}), "example": example_observation(game)},
        "rules": f"docs/games/{game.slug}.md",
    }


def describe_all() -> list[dict[str, Any]]:
    return [describe(game.slug) for game in all_games()]
