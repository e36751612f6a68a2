"""Production, for every Catan variant: the cards a roll earns, paid under the bank-shortage rule."""

from __future__ import annotations

from game.games.catan.board import Layout

KIND_BITS = 4
"""A credit's key is ``seat << KIND_BITS | kind``: one small int per (seat, card kind), which sorts seat by
seat and kind by kind (a variant has at most 16 card kinds)."""
KIND_MASK = (1 << KIND_BITS) - 1


def credit_parts(seats: int, names) -> list:
    """Per credit key (see ``KIND_BITS``) of ``seats`` seats and the card kinds ``names``: (seat, kind, name),
    or None for a key no credit has; read off a table rather than shifted and masked for every credit paid."""
    return [(key >> KIND_BITS, key & KIND_MASK, names[key & KIND_MASK]) if (key & KIND_MASK) < len(names) else None
            for key in range(seats << KIND_BITS)]


def credits(layout: Layout, vertex_owner, vertex_level, robber: int, total: int, players: int,
            city_commodity=None) -> dict[int, int]:
    """Cards owed for a roll of ``total``: ``seat << KIND_BITS | kind`` -> count, for the (seat, kind) pairs
    owed any (the robber's hex yields nothing); most rolls pay few seats a kind or two, so a flat dict
    of them is cheaper than a row per seat.

    A settlement (level 1) earns one card of its hex's resource and a city (level 2) two; with
    ``city_commodity`` (per resource, the kind of the commodity a city earns there or -1) a city
    earns one resource and one commodity where it has one. Colours numbered past the seats (neutral
    colours) own buildings but produce nothing.
    """
    owed = {}
    for h, resource, corners in layout.number_corners.get(total, ()):
        if h == robber:
            continue
        commodity = -1 if city_commodity is None else city_commodity[resource]
        for v in corners:
            level = vertex_level[v]
            if level:  # a building: an empty corner has level 0
                owner = vertex_owner[v]
                if owner >= players:
                    continue
                key = owner << KIND_BITS | resource
                if level == 2 and commodity >= 0:
                    owed[key] = owed.get(key, 0) + 1
                    key = owner << KIND_BITS | commodity
                    owed[key] = owed.get(key, 0) + 1
                else:
                    owed[key] = owed.get(key, 0) + level
    return owed


def production(layout: Layout, vertex_owner, vertex_level, robber: int, total: int, players: int, kinds: int,
               city_commodity=None):
    """Cards owed per seat and card kind for a roll of ``total`` (see ``credits``), every seat a row."""
    return rows(credits(layout, vertex_owner, vertex_level, robber, total, players, city_commodity), players, kinds)


def rows(owed: dict[int, int], players: int, kinds: int) -> list[list[int]]:
    """``credits`` as a row of counts per seat."""
    table = [[0] * kinds for _ in range(players)]
    for key, count in owed.items():
        table[key >> KIND_BITS][key & KIND_MASK] = count
    return table


def pay_with_shortage(bank, owed):
    """Cards actually paid per seat and card kind under the bank-shortage rule.

    Per kind: everyone is paid when the bank has enough; if not, a single owed player takes
    what is left; if several are owed, nobody gets that kind.
    """
    kinds = len(bank)
    paid = [[0] * kinds for _ in owed]
    for r in range(kinds):
        claimants = [seat for seat, row in enumerate(owed) if row[r]]
        if not claimants:
            continue
        need = sum(owed[seat][r] for seat in claimants)
        if need <= bank[r]:
            for seat in claimants:
                paid[seat][r] = owed[seat][r]
        elif len(claimants) == 1:
            paid[claimants[0]][r] = bank[r]
    return paid
