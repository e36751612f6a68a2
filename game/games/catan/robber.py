"""The robber, for every Catan variant: whom it may rob, and a card drawn at random from a hand.

``eligible[seat]`` says whether a seat may be robbed at all (it holds cards, it is not the player
moving the robber, and whatever else a variant adds); colours numbered past the seats (neutral colours)
hold no cards and are never robbed.
"""

from __future__ import annotations

from itertools import compress

from game.games.catan.board import HEX_VERTICES, NUM_HEXES, NUM_VERTICES, VERTEX_HEXES

CORNERS = range(NUM_VERTICES)


def robber_victims(vertex_owner, hex_id: int, eligible) -> list[int]:
    """The eligible seats with a building on a corner of ``hex_id``, in seat order."""
    victims = []
    for v in HEX_VERTICES[hex_id]:
        p = vertex_owner[v]
        if 0 <= p < len(eligible) and eligible[p] and p not in victims:
            victims.append(p)
    victims.sort()
    return victims


def robber_moves(vertex_owner, vertex_level, eligible) -> list[int]:
    """Per hex, the seats the robber could rob there, as bits (bit p for seat p); it may move to any hex
    but its own.

    One pass over the corners with a building (level above 0: few of them, picked out by ``compress``)
    rather than one ``robber_victims`` per hex."""
    around = [0] * NUM_HEXES
    bits = [1 << p if ok else 0 for p, ok in enumerate(eligible)]
    seats = len(bits)
    for v in compress(CORNERS, vertex_level):
        p = vertex_owner[v]
        if p < seats:
            bit = bits[p]
            if bit:
                for h in VERTEX_HEXES[v]:
                    around[h] |= bit
    return around


def drawn_index(counts, rng) -> int:
    """An index drawn with probability proportional to ``counts`` (a card taken blind from a hand
    or a pile of known make-up)."""
    pick = rng.randrange(sum(counts))
    for i, count in enumerate(counts):
        if pick < count:
            return i
        pick -= count
    raise AssertionError("weights do not add up")
