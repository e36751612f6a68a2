"""Copenhagen for 2-4 players: the rules engine, its AI and its texts (the table view lives in ``view``)."""

from game.games import GameSpec, OptionSpec

RULES_PAGES = 9

SPEC = GameSpec(
    id="copenhagen",
    name_key="copenhagen.name",
    min_players=2,
    max_players=4,
    ruleset="game.games.copenhagen.rules:RULES",
    make_agent="game.games.copenhagen.ai:make_agent",
    view="game.games.copenhagen.view:CopenhagenTable",
    describe_event="game.games.copenhagen.text:describe_event",
    hidden_information=True,
    options=(
        OptionSpec("bga_deck", "copenhagen.option.bga_deck", False, help_key="copenhagen.option.bga_deck.help",
                   legacy=True),
    ),
    rules_pages=tuple(f"copenhagen.rules.{n}" for n in range(1, RULES_PAGES + 1)),
    statistics="game.games.copenhagen.text:statistics",
    default_players=2,
    blurb_key="copenhagen.blurb",
)
