"""Catan for two: base Catan for exactly two players with two neutral colours, a double roll and trade
tokens (the rules in ``rules``; the layer itself in ``game.games.catan.two_player``).

Its table (``view``) is base Catan's with the two-player parts (neutral builds, trade tokens, the
double roll, the give-back choice).
"""

from game.games import GameSpec
from game.games.catan import SPEC as CATAN

RULES_PAGES = tuple(f"catan_2p.rules.{n}" for n in range(1, 6)) + tuple(f"catan.rules.{n}" for n in range(3, 9))
OPTIONS = ("layout", "numbers", "victory_points", "friendly_robber")
"""Base Catan's table options that apply to two players (there are no printed starting positions for two)."""

SPEC = GameSpec(
    id="catan_2p",
    name_key="catan_2p.name",
    min_players=2,
    max_players=2,
    ruleset="game.games.catan_2p.rules:RULES",
    make_agent="game.games.catan_2p.ai:make_agent",
    view="game.games.catan_2p.view:CatanForTwoTable",
    describe_event="game.games.catan_2p.text:describe_event",
    hidden_information=True,
    options=tuple(option for option in CATAN.options if option.key in OPTIONS),
    rules_pages=RULES_PAGES,
    statistics="game.games.catan_2p.text:statistics",
    default_players=2,
    blurb_key="catan_2p.blurb",
)
