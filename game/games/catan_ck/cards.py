"""Cities & Knights' components from ``assets/data/catan_ck.json``: commodities, the three improvement
tracks, the 54 progress cards, knights, walls and the barbarians.

Card kinds extend the base resources: ``KINDS`` is brick, lumber, ore, grain, wool, then paper,
cloth, coin (indices 5-7). Progress cards are named by their 5th-edition English name in snake case
(``"road_building"``, ``"commercial_harbor"``...).
"""

from __future__ import annotations

from game.games.catan.board import RESOURCE_INDEX, RESOURCES
from game.resources import load_data

DATA = load_data("catan_ck.json")

COMMODITIES = ("paper", "cloth", "coin")
KINDS = RESOURCES + COMMODITIES
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
PAPER, CLOTH, COIN = (KIND_INDEX[c] for c in COMMODITIES)
COMMODITY_SUPPLY = tuple(DATA["commodities"][c]["supply"] for c in COMMODITIES)
RESOURCE_SUPPLY = DATA["resource_supply_each"]
CITY_COMMODITY = tuple(
    next((KIND_INDEX[c] for c, spec in DATA["commodities"].items() if spec["with_resource"] == name), -1)
    for name in RESOURCES
)
"""Per resource: the commodity a city earns beside it on that terrain, or -1 (hills, fields)."""

TRACKS = ("trade", "politics", "science")
TRADE, POLITICS, SCIENCE = range(3)
TRACK_INDEX = {name: i for i, name in enumerate(TRACKS)}
TRACK_COMMODITY = tuple(KIND_INDEX[DATA["improvements"]["tracks"][t]["commodity"]] for t in TRACKS)
LEVELS = DATA["improvements"]["levels"]
ABILITY_LEVEL = DATA["improvements"]["ability_level"]
METROPOLIS_LEVEL = DATA["improvements"]["metropolis_level"]
TAKEOVER_LEVEL = DATA["improvements"]["metropolis_takeover_level"]
METROPOLIS_BONUS = DATA["improvements"]["metropolis_vp_bonus"]

EVENT_FACES = ("ship", "trade", "politics", "science")
EVENT_WEIGHTS = (3, 1, 1, 1)
"""The event die: three ship faces and one city gate of each track."""
BARBARIAN_TRACK = DATA["barbarians"]["track_length"]

KNIGHT_STRENGTHS = (1, 2, 3)
KNIGHTS_PER_STRENGTH = DATA["pieces"]["real_player"]["knights"]["basic"]
WALL_LIMIT = DATA["city_walls"]["max_per_player"]
WALL_BONUS = DATA["city_walls"]["hand_limit_bonus"]
PROGRESS_LIMIT = DATA["progress_cards"]["hand_limit"]


def _card_id(name: str) -> str:
    return name.lower().replace(" ", "_")


CARDS = tuple(_card_id(c["name"]) for c in DATA["progress_cards"]["cards"])
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
CARD_TRACK = tuple(TRACK_INDEX[c["deck"]] for c in DATA["progress_cards"]["cards"])
CARD_COUNTS = tuple(c["count"] for c in DATA["progress_cards"]["cards"])
VICTORY_CARDS = frozenset(CARD_INDEX[_card_id(c["name"])] for c in DATA["progress_cards"]["cards"]
                          if c["victory_point"])
TRACK_CARDS = tuple(tuple(i for i in range(len(CARDS)) if CARD_TRACK[i] == t) for t in range(len(TRACKS)))
DECK_SIZES = tuple(sum(CARD_COUNTS[i] for i in cards) for cards in TRACK_CARDS)

COSTS = {name: tuple(DATA["costs"][name].get(kind, 0) for kind in KINDS)
         for name in ("city_medicine_card", "city_wall", "knight_recruit", "knight_promote", "knight_activate")}
RESOURCE_OF_TERRAIN = {"fields": RESOURCE_INDEX["grain"], "mountains": RESOURCE_INDEX["ore"]}
