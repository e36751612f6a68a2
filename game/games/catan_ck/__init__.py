"""Cities & Knights for 3-4 players: the Catan family engine with the expansion's rules, log text and
stand-in AI seats (no pygame). It has no table yet: it plays from the command line (``--autoplay``)."""

from game.games import GameSpec, OptionSpec
from game.games.catan_ck.ai import make_agent
from game.games.catan_ck.rules import RULES
from game.games.catan_ck.text import describe_event, statistics

RULES_PAGES = tuple(f"catan_ck.rules.{n}" for n in range(1, 7))

SPEC = GameSpec(
    id="catan_ck",
    name_key="catan_ck.name",
    min_players=3,
    max_players=4,
    ruleset=RULES,
    make_agent=make_agent,
    describe_event=describe_event,
    hidden_information=True,
    options=(
        OptionSpec("layout", "catan.option.layout", "random", kind="choice", choices=("random", "beginner"),
                   help_key="catan.option.layout.help"),
        OptionSpec("numbers", "catan.option.numbers", "spiral", kind="choice", choices=("spiral", "random"),
                   help_key="catan.option.numbers.help"),
        OptionSpec("victory_points", "catan.option.victory_points", 13, kind="int", low=10, high=18,
                   help_key="catan_ck.option.victory_points.help"),
    ),
    rules_pages=RULES_PAGES,
    statistics=statistics,
    default_players=4,
    blurb_key="catan_ck.blurb",
)
