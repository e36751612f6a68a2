"""Positions for the Copenhagen tests, written in the game's notation."""

from __future__ import annotations

from game.games.copenhagen import board
from game.games.copenhagen.rules import RULES, cards_per_colour, initial_supply


def counts(**given) -> dict:
    return {c: given.get(c, 0) for c in board.COLOURS}


def facade_score(facade) -> int:
    occupied = bricks = 0
    for tile_id, rot, mirror, (col, row) in facade:
        p = board.placement(board.TILE_INDEX[tile_id], rot, mirror, col, row)
        occupied |= p.mask
        bricks |= p.bricks
    return board.board_points(occupied, bricks)


def position(players: int = 2, hands=None, harbour=None, facades=None, abilities=None, phase: str = "turn",
             current: int = 0, discard=None, step=None, mermaid=None, deck=None, supply=None,
             bga_deck: bool = False) -> dict:
    """A position in notation; the deck holds every card placed nowhere else (or, when ``deck`` is
    given, the discard pile does). The mermaid is aside, except in the deck with BGA's deck and 2 players.

    ``hands`` and ``discard`` are colour-count dicts, ``harbour`` seven colours (None = empty slot),
    ``facades`` lists of ``(tile_id, rot, mirror, (col, row))``, ``abilities`` dicts per seat.
    """
    hands = hands or [counts() for _ in range(players)]
    harbour = harbour if harbour is not None else ["red", "yellow", "green", "blue", "purple", "red", "yellow"]
    facades = facades or [[] for _ in range(players)]
    abilities = abilities or [{"any_cards": "active"} for _ in range(players)]
    total = cards_per_colour(players)
    if deck is not None and discard is None:
        # The cards neither in hands, the harbour nor the given deck lie on the discard pile.
        discard = {c: total - hands_sum(hands, c) - harbour.count(c) - deck[c] for c in board.COLOURS}
    discard = discard or counts()
    if deck is None:
        deck = {c: total - hands_sum(hands, c) - harbour.count(c) - discard[c] for c in board.COLOURS}
    placed = [0] * len(board.TILES)
    for facade in facades:
        for tile_id, *_ in facade:
            placed[board.TILE_INDEX[tile_id]] += 1
    start = initial_supply(players)
    if supply is None:
        supply = {t.id: start[t.index] - placed[t.index] for t in board.TILES}
    seats = []
    for seat in range(players):
        seats.append({
            "hand": counts(**hands[seat]),
            "secret": counts(),
            "hidden": 0,
            "abilities": abilities[seat],
            "score": facade_score(facades[seat]),
            "facade": [{"tile": t, "rot": r, "mirror": m, "at": list(at)} for t, r, m, at in facades[seat]],
        })
    base_step = {"dealt": players, "taken": 0, "first_slot": None, "discount": False, "convert": None,
                 "pending_coats": 0}
    base_step.update(step or {})
    return {
        "players": players, "options": {"bga_deck": bga_deck}, "phase": phase, "current": current, "turn": current,
        "harbour": harbour, "deck": deck, "deck_size": sum(deck.values()),
        "mermaid": mermaid or ("deck" if players == 2 and bga_deck else "aside"), "mermaid_slot": None,
        "discard": discard, "supply": supply, "seats": seats, "step": base_step, "end": None,
    }


def hands_sum(hands, colour: str) -> int:
    return sum(h.get(colour, 0) for h in hands)


def state_of(**kwargs):
    return RULES.from_json(position(**kwargs))


def build(tile: str, at, rot: int = 0, mirror: bool = False, pay=None) -> dict:
    return {"type": "build", "tile": tile, "rot": rot, "mirror": mirror, "at": list(at), "pay": pay or {}}


def actions_of(state, kind: str) -> list[dict]:
    return [a for a in RULES.legal_actions(state) if a["type"] == kind]
