"""Catan, the base game for 3-4 players, and the engine its variants share (no pygame).

The family in modules
---------------------
- ``board``: the island (hex graph, geometry, layouts, number tokens, harbour slots, pieces, costs).
- What every variant shares, as pure functions of plain lists: ``building`` (the set-up order, the
  distance rule, road and settlement spots), ``production`` (what a roll earns, the bank shortage),
  ``robber`` (victims, a blind draw from a hand), ``trade`` (paying, harbour rates, bank trades, the
  domestic negotiation), ``roads`` (road length, Longest Road) and ``notation`` (counts by name,
  seats and numbers, read with a clear refusal).
- ``family``: ``CatanFamily``, the Ruleset every Catan game derives from, put together from mixins:
  ``opening`` (the island drawn, the first player, the set-up), ``dice`` (the roll, production, the 7
  and the robber), ``construction`` (building, the turn's actions, Longest Road), ``negotiation`` (the
  bank and domestic trade) and ``family_notation`` (the core of the position notation);
  ``family_state`` holds ``FamilyState`` and the shared action tables.
- ``rules``: base Catan (``CatanRules``, ``CatanState``): development cards, Largest Army, the
  beginner starting positions, the friendly robber. ``ai``, ``text``, ``view`` and ``dialogs`` serve it.

Extension points for a variant
------------------------------
A variant subclasses ``CatanFamily`` (or a game built on it) and adds rules instead of copying them.

- State: subclass ``FamilyState`` (or ``CatanState``) with its own ``__slots__``, each declared with how
  a copy gets it (``game.core.state_copy``; the copy is of the class actually used, so observe,
  determinize and search keep every field); name the class in ``state_class`` and fill its fields in
  ``_init_state``.
- Kinds: the game's ``kinds`` module declares its actions and events (``game.core.kinds``), the
  family's (``catan.kinds``) with its own added; tests hold each to a handler, a log line and an
  animation or a declared none.
- Parameters: ``kinds`` (the card kinds of hands and the bank, the five resources first, then e.g.
  commodities) with ``bank_start``; every list of cards, every action table and the costs follow
  them. ``player_counts`` (the family plays 2-4; base Catan keeps 3-4), ``neutral_colours``
  (colours on the board that no seat plays, numbered after the seats), ``default_options``,
  ``format_id`` and ``title`` of the notation.
- Dispatch, per class and merged along the bases: ``handlers`` ((phase, action type) -> method that
  applies it, found on the class actually used), ``actions_by_phase`` (phase -> method listing the
  legal actions), ``samplers_by_phase`` (phase -> method drawing a chance outcome),
  ``actors_by_phase`` (phase -> method naming who decides; the player on turn when absent),
  ``chance_phases`` and ``opening_phases`` (before the first turn, no win check). Each class lists
  only its own entries; None drops an inherited one. ``keeps_points`` (the actions after which nobody
  can have won, so the win is not looked for) is read from each class's own body, never inherited.
- Hooks, each a method to override: ``public_points`` / ``total_points`` (scoring, which the table
  calls through its ruleset), ``cards_of``, ``hand_limit`` (the 7), ``blockers`` (pieces that stop
  other colours' roads and cut Longest Road, e.g. knights), ``road_spots`` / ``settlement_spots`` /
  ``city_spots``, ``robbable``, ``bank_rates``, ``_has_pre_roll`` / ``_pre_roll_actions`` (before the
  roll), ``_add_turn_actions`` (a game's own actions of the main phase), ``_begin_setup`` /
  ``_setup_phase`` / ``_starting_resources`` (set-up), ``_do_roll`` built from ``_dice``, ``_seven``,
  ``_after_discards``, ``_after_robber`` and ``_produce`` (which pays commodities when given the
  commodity a city earns per resource), ``_start_turn``, ``blocked`` (nobody can win any more: the
  game ends at the end of a turn), ``_hide`` / ``_fill_hidden`` / ``_hand_shown`` (hidden information
  beyond the hands, and a card that shows someone a hand), ``_result_details``, and the notation's
  ``to_json`` (extend the dict), ``_read_extra`` and ``_check_phase``.
- A layer that applies to several games (such as the rules for two players with neutral colours, a
  double roll and trade tokens, over both base Catan and Cities & Knights) is a mixin class placed
  first in the bases of each combination (``class X(TwoPlayerLayer, CatanRules)``): its own
  ``handlers``/``actions_by_phase``/``actors_by_phase`` entries merge with the game's, and its hook
  overrides wrap the game's through ``super()``. A roll made twice calls ``_dice``, ``_seven`` and
  ``_produce`` twice; neutral colours own pieces without holding cards, so production and the robber
  pass them by. ``two_player`` is that layer (``CatanForTwo`` in ``game.games.catan_2p`` applies it to
  base Catan).

``game.games.catan_ck`` (Cities & Knights) is built this way: eight card kinds, its own state slots,
phases and handlers, and overrides of the roll, the 7, the blockers (knights), the rates and the
scoring.

Subclassing rather than composition: a variant changes a few steps deep inside shared flows (the
roll, the robber, the set-up, what blocks a road), and the Ruleset protocol is one object the
controller, the AI and the tests call. With hooks found on the class actually used, a variant states
only its differences and the shared flow stays in one place; composition would have meant wrapping
or forwarding every protocol method and passing the variant back into the engine at each step. What
needs no game state is composition: the pure modules above, which every variant calls.
"""

from game.games import GameSpec, OptionSpec
from game.resources import load_data

RULES_PAGES = tuple(f"catan.rules.{n}" for n in range(1, 9))
PIECES = load_data("catan_board.json")["components"]["pieces_per_player"]
"""A player's pieces, read from the board's data file as ``board.PIECE_LIMITS`` is (the board module works
out the whole island when imported; the registry needs only these counts)."""
MOST_BUILDING_POINTS = PIECES["settlement"] + 2 * PIECES["city"]
"""The highest target offered: what a player's own settlements and cities can score. Above it a win
rests on the contested Longest Road, Largest Army and victory point cards, and most games come to a
point where nobody can reach the target (the engine then ends them, ranked by points)."""

ISLAND_OPTIONS = (
    OptionSpec("layout", "catan.option.layout", "random", kind="choice", choices=("random", "beginner"),
               help_key="catan.option.layout.help"),
    OptionSpec("numbers", "catan.option.numbers", "spiral", kind="choice", choices=("spiral", "random"),
               help_key="catan.option.numbers.help"),
)
"""How the island is laid out: the options every Catan game offers first."""

SPEC = GameSpec(
    id="catan",
    name_key="catan.name",
    min_players=3,
    max_players=4,
    ruleset="game.games.catan.rules:RULES",
    make_agent="game.games.catan.ai:make_agent",
    view="game.games.catan.view:CatanTable",
    describe_event="game.games.catan.text:describe_event",
    hidden_information=True,
    options=ISLAND_OPTIONS + (
        OptionSpec("start_positions", "catan.option.start_positions", True,
                   help_key="catan.option.start_positions.help"),
        OptionSpec("victory_points", "catan.option.victory_points", 10, kind="int", low=5, high=MOST_BUILDING_POINTS,
                   help_key="catan.option.victory_points.help"),
        OptionSpec("friendly_robber", "catan.option.friendly_robber", False,
                   help_key="catan.option.friendly_robber.help"),
    ),
    rules_pages=RULES_PAGES,
    statistics="game.games.catan.text:statistics",
    default_players=4,
    blurb_key="catan.blurb",
)
