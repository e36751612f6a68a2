"""The Ruleset base: handler dispatch found on the class actually used."""

from game.core.rules import Ruleset


class Base(Ruleset):
    handlers = {"move": "_do_move", ("phase", "pass"): "_do_pass"}

    def _do_move(self, state, action):
        return "base move"

    def _do_pass(self, state, action):
        return "base pass"


class Mixin:
    handlers = {"shout": "_do_shout"}

    def _do_shout(self, state, action):
        return "shout"


class Variant(Mixin, Base):
    handlers = {("phase", "pass"): None, "jump": "_do_jump"}

    def _do_move(self, state, action):
        return "variant move"

    def _do_jump(self, state, action):
        return "jump"


def test_a_subclass_override_of_a_handler_is_the_one_found():
    assert Base().handler_for("move")(Base(), None, None) == "base move"
    variant = Variant()
    assert variant.handler_for("move")(variant, None, None) == "variant move"


def test_handler_tables_merge_along_the_class_hierarchy_and_mixins():
    variant = Variant()
    assert variant.handler_for("jump")(variant, None, None) == "jump"
    assert variant.handler_for("shout")(variant, None, None) == "shout"
    assert variant.handler_for(("phase", "pass")) is None  # dropped by the variant
    assert Base().handler_for(("phase", "pass")) is not None
    assert Base().handler_for("jump") is None and Ruleset().handler_for("move") is None
