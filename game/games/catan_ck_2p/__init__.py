"""Catan for two with Cities & Knights: the combination for two players of the Japan Catan Association
page (variant v1.3), as a Ruleset with log text and seats (no pygame), and its table.

- ``rules``: ``CatanCKForTwo``, Cities & Knights under the two-player layer with the combination's
  rules (its docstring has the actions and the position notation).
- ``text``: log lines and game-over figures; ``ai``: the seats, Cities & Knights' own.
- ``view``: the Cities & Knights table with Catan for two's parts.
"""

from game.games import GameSpec
from game.games.catan_ck import SPEC as CITIES_KNIGHTS

RULES_PAGES = tuple(f"catan_ck_2p.rules.{n}" for n in range(1, 7)) + tuple(f"catan_ck.rules.{n}" for n in range(2, 7))

SPEC = GameSpec(
    id="catan_ck_2p",
    name_key="catan_ck_2p.name",
    min_players=2,
    max_players=2,
    ruleset="game.games.catan_ck_2p.rules:RULES",
    make_agent="game.games.catan_ck_2p.ai:make_agent",
    view="game.games.catan_ck_2p.view:CitiesKnightsForTwoTable",
    describe_event="game.games.catan_ck_2p.text:describe_event",
    hidden_information=True,
    options=CITIES_KNIGHTS.options,
    rules_pages=RULES_PAGES,
    statistics="game.games.catan_ck_2p.text:statistics",
    default_players=2,
    blurb_key="catan_ck_2p.blurb",
)
