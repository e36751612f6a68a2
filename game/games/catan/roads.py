"""Longest Road, for every Catan variant: who holds the card after the road lengths change."""

from __future__ import annotations

LONGEST_ROAD_MINIMUM = 5


def award_longest_road(lengths, holder: int) -> int:
    """The Longest Road holder after a change of lengths (-1: set aside). The holder keeps it on a
    tie; when several tie for a vacated lead, nobody holds it."""
    best = max(lengths)
    if best < LONGEST_ROAD_MINIMUM:
        return -1
    if holder >= 0 and lengths[holder] == best:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best]
    return leaders[0] if len(leaders) == 1 else -1
