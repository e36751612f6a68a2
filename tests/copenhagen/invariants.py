"""The invariants every Copenhagen position keeps, checked after every action of the fuzz games."""

from game.games.copenhagen import board
from game.games.copenhagen.rules import HAND_LIMIT, NCOL, PHASES, RULES, cards_per_colour, initial_supply


def check(state) -> None:
    players = state.players
    total = cards_per_colour(players)
    assert state.deck is not None and sum(state.deck) == state.deck_size
    for c in range(NCOL):
        held = sum(h[c] for h in state.hands)
        shown = state.harbour.count(c)
        assert state.deck[c] + state.discard[c] + shown + held == total, "cards are not conserved"
        assert min(state.deck[c], state.discard[c]) >= 0
    assert state.hidden == [0] * players
    placed = [0] * len(board.TILES)
    for seat in range(players):
        occupied = bricks = 0
        masks = [0] * (NCOL + 1)
        for tile, o_index, col, row in state.facades[seat]:
            placed[tile] += 1
            p = board.PLACEMENT_AT[tile][(o_index, col, row)]
            assert not p.mask & occupied, "tiles overlap"
            occupied |= p.mask
            bricks |= p.bricks
            masks[board.TILES[tile].colour] |= p.mask
        assert occupied == state.occupied[seat] and bricks == state.bricks[seat]
        assert masks == state.colour_masks[seat]
        assert state.scores[seat] == board.board_points(occupied, bricks), "score differs from the recount"
        assert all(0 <= s <= h for s, h in zip(state.secret[seat], state.hands[seat], strict=True))
        limit = HAND_LIMIT + (1 if state.phase == "discard" and seat == state.current else 0)
        assert state.hand_size(seat) <= limit
        assert state.abilities[seat][0] != 0
    start = initial_supply(players)
    for t in board.TILES:
        assert state.supply[t.index] >= 0, "supply below zero"
        assert state.supply[t.index] + placed[t.index] == start[t.index]
    assert state.phase in PHASES
    if state.mermaid == 1 and not state.bga_deck:  # in the deck: the seed's new deck, 9 cards and the mermaid
        assert state.deck_size <= 9
    if state.bga_deck and players == 2:
        assert state.mermaid != 0, "with BGA's deck and 2 players the mermaid is never aside"
    assert (state.phase == "over") == (state.end is not None) == (RULES.result(state) is not None)
    if state.end == "twelve":
        assert max(state.scores) >= board.WIN_POINTS
    else:
        assert max(state.scores) < board.WIN_POINTS
