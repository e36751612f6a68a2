"""Cities & Knights for 3-4 players: the Catan family engine with the expansion's rules, log text and
computer players (no pygame), and its table (``view``, on base Catan's).

- ``cards``: the components from the data file (card kinds with the commodities, tracks, the 54
  progress cards, knights, walls, barbarians).
- ``rules``: ``CitiesKnightsRules`` on ``game.games.catan.family`` (its docstring has the actions and
  the position notation), put together from its parts: ``state`` (the position's fields), ``knights``,
  ``improvements`` (and the metropolises), ``barbarians``, ``notation``, and ``progress`` with the
  three decks' cards in ``science_cards``, ``politics_cards`` and ``trade_cards`` (card -> its ways to
  play and its effect); ``text``: log lines and game-over figures; ``ai``: the computer players (the
  family's planner with the expansion's goals and cards).

Where the next layers plug in
-----------------------------
- Steps: everything a roll, an attack or a card asks of someone runs through ``state.queue`` (phase,
  data) and ``state.step``; ``_continue`` opens the next step, ``_open_step`` runs those nobody
  decides ("produce", "seven", "next_turn"). A second roll, neutral builds after a recruit or a
  road, or a token action is a step a layer queues, or a step kind it adds in ``_open_step``.
- The table and the AI read a position through the ruleset: ``public_points`` (every point is
  public), ``cards_of`` and ``progress_in_hand`` (counts), ``hand_limit``, ``robber_awake``,
  ``knight_spots``, ``knight_moves``, ``metropolis_sites``, ``city_spots``, ``bank_rates``; the phase
  says what is asked and ``to_act`` of whom; the events say what happened (``text`` names them all).
"""

from game.games import GameSpec, OptionSpec
from game.games.catan import ISLAND_OPTIONS

RULES_PAGES = tuple(f"catan_ck.rules.{n}" for n in range(1, 7))

SPEC = GameSpec(
    id="catan_ck",
    name_key="catan_ck.name",
    min_players=3,
    max_players=4,
    ruleset="game.games.catan_ck.rules:RULES",
    make_agent="game.games.catan_ck.ai:make_agent",
    view="game.games.catan_ck.view:CitiesKnightsTable",
    describe_event="game.games.catan_ck.text:describe_event",
    hidden_information=True,
    options=ISLAND_OPTIONS + (
        OptionSpec("victory_points", "catan.option.victory_points", 13, kind="int", low=10, high=18,
                   help_key="catan_ck.option.victory_points.help"),
    ),
    rules_pages=RULES_PAGES,
    statistics="game.games.catan_ck.text:statistics",
    default_players=4,
    blurb_key="catan_ck.blurb",
)
