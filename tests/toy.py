"""A tiny dice game (Pig to 20) on the Ruleset protocol, for testing the platform alone.

Each turn a player rolls a die as often as they like: a 1 loses the turn's total, "hold" banks it.
The first to bank ``target`` points wins. Each player also holds one secret card (a number 0-9
dealt at the start) that adds to their final score, so observe/determinize have something to hide.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.rules import CHANCE, Event, GameConfig, IllegalAction, Result, Ruleset, ranks_from_keys


@dataclass
class PigState:
    players: int
    target: int
    banked: list = field(default_factory=list)
    secret: list = field(default_factory=list)  # None where unknown to the observer
    turn: int = 0
    running: int = 0
    dealt: bool = False
    rolling: bool = False


class PigRules(Ruleset):
    game_id = "pig"

    def new_game(self, config: GameConfig) -> PigState:
        target = int(config.options.get("target", 20))
        return PigState(config.players, target, [0] * config.players, [None] * config.players)

    def num_players(self, state):
        return state.players

    def to_act(self, state):
        if not state.dealt or state.rolling:
            return CHANCE
        if max(state.banked) >= state.target:
            return None
        return state.turn

    def legal_actions(self, state):
        if not state.dealt:
            return [{"type": "deal", "cards": [a, b]} for a in range(10) for b in range(10)]
        if state.rolling:
            return [{"type": "die", "value": v} for v in range(1, 7)]
        if max(state.banked) >= state.target:
            return []
        return [{"type": "roll"}, {"type": "hold"}]

    def sample_chance(self, state, rng):
        if not state.dealt:
            return {"type": "deal", "cards": [rng.randrange(10) for _ in range(state.players)]}
        return {"type": "die", "value": rng.randint(1, 6)}

    def chance_outcomes(self, state):
        if state.rolling:
            return [({"type": "die", "value": v}, 1 / 6) for v in range(1, 7)]
        return None

    def apply(self, state, action):
        kind = action.get("type")
        if self.to_act(state) == CHANCE:
            if not state.dealt and kind == "deal":
                state.secret = list(action["cards"])
                state.dealt = True
                return [Event("dealt", {"card": c}, audience=i, public={}) for i, c in enumerate(state.secret)]
            if state.rolling and kind == "die" and 1 <= action.get("value", 0) <= 6:
                state.rolling = False
                if action["value"] == 1:
                    state.running = 0
                    state.turn = (state.turn + 1) % state.players
                    return [Event("bust", {})]
                state.running += action["value"]
                return [Event("rolled", {"value": action["value"]})]
            raise IllegalAction("a random step is due")
        if self.to_act(state) is None:
            raise IllegalAction("the game is over")
        if kind == "roll":
            state.rolling = True
            return []
        if kind == "hold":
            state.banked[state.turn] += state.running
            state.running = 0
            state.turn = (state.turn + 1) % state.players
            return [Event("held", {})]
        raise IllegalAction(f"unknown action {kind!r}")

    def observe(self, state, seat):
        seen = self.clone(state)
        if seat is not None:
            seen.secret = [c if i == seat else None for i, c in enumerate(state.secret)]
        return seen

    def determinize(self, observation, seat, rng):
        full = self.clone(observation)
        full.secret = [c if c is not None else rng.randrange(10) for c in observation.secret]
        return full

    def result(self, state):
        if self.to_act(state) is not None:
            return None
        scores = tuple(b + (s or 0) for b, s in zip(state.banked, state.secret, strict=True))
        return Result(scores, ranks_from_keys(list(scores)))

    def to_json(self, state):
        return dict(vars(state))

    def from_json(self, data):
        return PigState(**data)

    def clone(self, state):
        return PigState(state.players, state.target, list(state.banked), list(state.secret), state.turn,
                        state.running, state.dealt, state.rolling)


PIG = PigRules()


def pig_evaluate(ruleset, state, seat) -> float:
    lead = state.banked[seat] + (state.running if state.turn == seat else 0)
    return min(1.0, lead / state.target)
