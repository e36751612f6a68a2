"""Copenhagen AI: a turn planner over a hand-made position value.

Every decision plans the rest of the seat's own turn. Card-taking paths are walked with the engine
(they are few); builds are ranked from a table of every legal placement on the facade, valued by
points now, lines near completion, window lines kept clean, holes left and coats of arms; the best
few are played out (coats of arms included) and valued exactly. A finished turn is valued by the
score, the facade's promise, the cards in hand (their worth for the next build), the ability tiles,
less what the harbour then offers the next player.

Levels: *easy* values the builds roughly, blurs its values and sometimes errs; *normal* plans its
turn; *hard* also looks ahead over the refill: it values the next player's best take as an
expectation over the cards that fill the emptied slots, and at the start of a turn plays its best
few plans on in sampled futures (refills, the next players' turns) up to its own next turn.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from functools import cache, lru_cache

from game.ai.base import Agent
from game.games.copenhagen import board
from game.games.copenhagen.rules import (
    ACTIVE,
    ANY_CARDS,
    COLOURS,
    NCOL,
    NEW_DECK_CARDS,
    SLOTS,
    USED,
    CopenhagenRules,
    placeable,
)


@dataclass(frozen=True)
class Weights:
    """The knobs of the position value (points are worth 1)."""

    row_promise: tuple = (0.0, 0.12, 0.25, 0.40, 0.58)  # share of a row's value by cells filled
    column_promise: tuple = (0.0, 0.06, 0.12, 0.18, 0.25, 0.32, 0.40, 0.49, 0.60)
    hole: float = 0.35  # an empty cell walled in on every side: only a white tile can fill it
    coat: float = 0.9  # a coat of arms earned
    card: float = 0.1  # a card in hand, up to five of a colour
    spare_card: float = 0.02  # a card beyond five of a colour
    next_build: float = 0.6  # share of the best build the hand affords next turn
    harbour: float = 0.3  # share of the next player's best take that counts against us
    abilities: tuple = (0.25, 0.45, 0.45, 0.35, 0.55)  # an active tile of each ability
    used_share: float = 0.15  # a used tile's share (a refresh brings it back)


WEIGHTS = Weights()


# -- the facade's promise ------------------------------------------------------------------------
def facade_promise(occupied: int, bricks: int, w: Weights) -> float:
    """What the unfinished lines promise, less the holes only a white tile can fill."""
    total = 0.0
    for line in board.ROW_MASKS:
        filled = bin(occupied & line).count("1")
        if filled < board.WIDTH:
            total += board.ROW_POINTS[not bricks & line] * w.row_promise[filled]
    for line in board.COLUMN_MASKS:
        filled = bin(occupied & line).count("1")
        if filled < board.HEIGHT:
            total += board.COLUMN_POINTS[not bricks & line] * w.column_promise[filled]
    return total - w.hole * holes(occupied)


def holes(occupied: int) -> int:
    """Empty cells whose every neighbour is built or off the facade."""
    empty = board.FULL & ~occupied
    reach = (empty << board.WIDTH) | (empty >> board.WIDTH)
    reach |= (empty & ~board.COLUMN_MASKS[board.WIDTH - 1]) << 1
    reach |= (empty & ~board.COLUMN_MASKS[0]) >> 1
    return bin(empty & ~reach).count("1")


def _line_parts(p: board.Placement) -> tuple:
    """Per line the placement touches: (is_row, index, cells it adds, whether it adds a brick there)."""
    parts = []
    for row in p.rows:
        line = board.ROW_MASKS[row]
        parts.append((True, row, bin(p.mask & line).count("1"), bool(p.bricks & line)))
    for col in p.columns:
        line = board.COLUMN_MASKS[col]
        parts.append((False, col, bin(p.mask & line).count("1"), bool(p.bricks & line)))
    return tuple(parts)


@cache
def line_parts() -> tuple:
    """``_line_parts`` of every placement, per tile index (worked out on first use, not on import)."""
    return tuple(tuple(_line_parts(p) for p in table) for table in board.placements())


class LineState:
    """Cells filled and cleanliness of every line of one facade, for quick build gains."""

    def __init__(self, occupied: int, bricks: int, w: Weights):
        self.rows = [(bin(occupied & line).count("1"), not bricks & line) for line in board.ROW_MASKS]
        self.columns = [(bin(occupied & line).count("1"), not bricks & line) for line in board.COLUMN_MASKS]
        self.w = w

    def delta(self, parts) -> float:
        """The change of the lines' promise and points when a tile with these line parts is built."""
        w = self.w
        total = 0.0
        for is_row, index, added, brick in parts:
            if is_row:
                filled, clean = self.rows[index]
                points, promise, full = board.ROW_POINTS, w.row_promise, board.WIDTH
            else:
                filled, clean = self.columns[index]
                points, promise, full = board.COLUMN_POINTS, w.column_promise, board.HEIGHT
            total -= points[clean] * promise[filled]
            after = filled + added
            value = points[clean and not brick]
            total += value if after == full else value * promise[after]
        return total


def coats_earned(occupied: int, p: board.Placement) -> int:
    after = occupied | p.mask
    count = bin(p.mask & board.COAT_CELL_MASK).count("1")
    for row in board.COAT_ROWS:
        line = board.ROW_MASKS[row]
        if p.mask & line and after & line == line:
            count += 1
    return count


# -- cards ---------------------------------------------------------------------------------------
def hand_worth(hand, w: Weights) -> float:
    return sum(w.card * min(n, 5) + w.spare_card * max(0, n - 5) for n in hand)


TABLES_KEPT = 64
"""Build tables kept between decisions: a decision and the next few ask for a few dozen facades between them."""


class BuildTable:
    """Every legal build on one facade with what it gains, before paying: the best per colour and cost.

    ``best[colour][cost]`` is the largest gain of a build of that colour needing ``cost`` cards
    (its size, less one when it touches its colour); ``entries`` keeps them all for ranking.
    """

    def __init__(self, occupied: int, bricks: int, masks: tuple, supply: tuple, w: Weights):
        base_holes = holes(occupied)
        lines = LineState(occupied, bricks, w)
        self.entries = []
        self.best = [[None] * 6 for _ in range(NCOL)]
        self.memo: dict = {}
        self.gains: dict = {}  # take_gain's answers, by hand and cards taken
        for tile in board.COLOURED:
            if supply[tile] <= 0:
                continue
            t = board.TILES[tile]
            parts = line_parts()[tile]
            for number, p in enumerate(board.PLACEMENTS[tile]):
                if not placeable(p.mask, occupied):
                    continue
                gain = lines.delta(parts[number]) - w.hole * (holes(occupied | p.mask) - base_holes)
                gain += w.coat * coats_earned(occupied, p)
                cost = t.size - 1 if p.around & masks[t.colour] else t.size
                self.entries.append((gain, tile, p, cost))
                best = self.best[t.colour]
                if best[cost] is None or gain > best[cost]:
                    best[cost] = gain

    def best_next(self, hand, w: Weights) -> float:
        """The best gain, net of the cards spent, of a build this hand affords (0 when none is worth it)."""
        key = tuple(hand)
        top = self.memo.get(key)
        if top is None:
            top = 0.0
            for colour in range(NCOL):
                have = hand[colour]
                for cost, gain in enumerate(self.best[colour]):
                    if gain is not None and cost <= have:
                        top = max(top, gain - card_loss(have, cost, w))
            self.memo[key] = top
        return top


@lru_cache(maxsize=TABLES_KEPT)
def build_table(occupied: int, bricks: int, masks: tuple, supply: tuple, w: Weights) -> BuildTable:
    """The build table of a facade, kept across decisions: the opponent's facade and this seat's own
    recur from one decision and one sampled future to the next, and a table depends on nothing else."""
    return BuildTable(occupied, bricks, masks, supply, w)


def facade_table(state, seat: int, w: Weights) -> BuildTable:
    """The build table of ``seat``'s facade in ``state``."""
    return build_table(state.occupied[seat], state.bricks[seat], tuple(state.colour_masks[seat]),
                       tuple(state.supply), w)


def card_loss(have: int, spent: int, w: Weights) -> float:
    before = w.card * min(have, 5) + w.spare_card * max(0, have - 5)
    left = have - spent
    return before - (w.card * min(left, 5) + w.spare_card * max(0, left - 5))


# -- the planner ---------------------------------------------------------------------------------
@dataclass
class Context:
    """What one decision computes once: the seat, the unseen cards, the horizon, the harbour's offers."""

    rules: CopenhagenRules
    seat: int
    w: Weights
    refine: int  # builds played out and valued exactly per build step
    lookahead: bool  # expectation over the refill for the next player's take
    pool: list  # the colours the refill may bring (deck plus unseen hands)
    horizon: float  # how much of the future still counts (1 early, towards 0 at the end)
    root_table: BuildTable | None = None  # the seat's facade as the decision found it
    offers: dict = field(default_factory=dict)  # the next player's best take per harbour

    def table(self, state, seat: int) -> BuildTable:
        return facade_table(state, seat, self.w)


def horizon(state) -> float:
    """A rough share of the game still to come: the mermaid's distance and the leading score."""
    deck = state.deck_size
    if state.mermaid == 0:  # aside: the new deck is still to come (BGA's: the whole discard pile and more)
        deck += (sum(state.discard) + 20) if state.bga_deck else NEW_DECK_CARDS
    turns_left = max(0.0, deck - 4) / (1.3 * state.players)
    by_cards = min(1.0, turns_left / 6.0)
    by_score = min(1.0, (board.WIN_POINTS - max(state.scores)) / 6.0)
    return max(0.15, min(by_cards, by_score))


def ability_worth(abilities, w: Weights) -> float:
    total = 0.0
    for index, status in enumerate(abilities):
        if status == ACTIVE:
            total += w.abilities[index]
        elif status == USED:
            total += w.abilities[index] * w.used_share
    return total


def take_gain(table: BuildTable, hand, cards: tuple, w: Weights) -> float:
    """How much a seat gains by adding ``cards`` to a hand (its worth and the next build it allows)."""
    key = (*hand, *cards)
    gain = table.gains.get(key)
    if gain is None:
        after = list(hand)
        for colour in cards:
            after[colour] += 1
        before = hand_worth(hand, w) + w.next_build * table.best_next(hand, w)
        gain = table.gains[key] = hand_worth(after, w) + w.next_build * table.best_next(after, w) - before
    return gain


def harbour_offer(ctx: Context, state, harbour) -> float:
    """The next player's best take from this harbour; empty slots are refilled from the pool."""
    seat = (ctx.seat + 1) % state.players
    key = (tuple(harbour), tuple(state.hands[seat]), state.occupied[seat], tuple(state.supply))
    offer = ctx.offers.get(key)
    if offer is None:
        offer = ctx.offers[key] = _harbour_offer(ctx, state, harbour)
    return offer


def _harbour_offer(ctx: Context, state, harbour) -> float:
    seat = (ctx.seat + 1) % state.players
    table = ctx.table(state, seat)
    hand = state.hands[seat]
    anywhere = state.abilities[seat][ANY_CARDS] == ACTIVE
    empty = [s for s in range(SLOTS) if harbour[s] < 0]
    if not empty:
        return best_pair(table, hand, harbour, anywhere, ctx.w)
    total_pool = sum(ctx.pool)
    if not total_pool:
        return best_pair(table, hand, harbour, anywhere, ctx.w)
    if ctx.lookahead:
        # Exact expectation over the colours of the refilled slots (drawn without replacement).
        expected = 0.0
        for draw, chance in refill_outcomes(ctx.pool, len(empty)):
            filled = list(harbour)
            for slot, colour in zip(empty, draw, strict=True):
                filled[slot] = colour
            expected += chance * best_pair(table, hand, filled, anywhere, ctx.w)
        return expected
    # The commonest unseen colour stands in for each card still to come.
    mean = max(range(NCOL), key=lambda c: ctx.pool[c])
    filled = [mean if c < 0 else c for c in harbour]
    return best_pair(table, hand, filled, anywhere, ctx.w)


def refill_outcomes(pool, count: int):
    """Ordered colour draws of ``count`` cards from the pool with their chances."""
    total = sum(pool)
    outcomes = []
    for draw in itertools.product(range(NCOL), repeat=count):
        chance, left, remaining = 1.0, list(pool), total
        for colour in draw:
            if not left[colour]:
                chance = 0.0
                break
            chance *= left[colour] / remaining
            left[colour] -= 1
            remaining -= 1
        if chance:
            outcomes.append((draw, chance))
    return outcomes


def best_pair(table: BuildTable, hand, harbour, anywhere: bool, w: Weights) -> float:
    best = 0.0
    seen = set()
    for i in range(SLOTS):
        for j in range(i + 1, SLOTS):
            if not anywhere and j != i + 1:
                break
            if harbour[i] < 0 or harbour[j] < 0:
                continue
            key = (min(harbour[i], harbour[j]), max(harbour[i], harbour[j]))
            if key in seen:
                continue
            seen.add(key)
            best = max(best, take_gain(table, hand, key, w))
    return best


def leaf_value(ctx: Context, state, exact: bool) -> float:
    """The worth of a position at the end of the seat's turn (or the game)."""
    seat, w = ctx.seat, ctx.w
    if state.phase == "over":
        result = ctx.rules.result(state)
        return 1000.0 if result.ranks[seat] == 0 else -1000.0
    score = state.scores[seat]
    occupied, bricks = state.occupied[seat], state.bricks[seat]
    hand = state.hands[seat]
    table = ctx.table(state, seat) if exact else ctx.root_table
    future = facade_promise(occupied, bricks, w) + hand_worth(hand, w) + w.next_build * table.best_next(hand, w)
    future += ability_worth(state.abilities[seat], w)
    value = score + ctx.horizon * future
    if state.players > 1:
        value -= w.harbour * ctx.horizon * harbour_offer(ctx, state, state.harbour)
    return value


class Planner:
    """Finds the best way to finish the current turn from any of the seat's decisions."""

    def __init__(self, ctx: Context):
        self.ctx = ctx

    def best(self, state) -> tuple[float, dict]:
        return self.candidates(state)[0]

    def candidates(self, state) -> list[tuple[float, dict]]:
        """The actions worth considering now with the value of the best turn after each, best first."""
        valued = [(self.after(state, action, True), action) for action in self.options(state, self.ctx.refine)]
        valued.sort(key=lambda item: -item[0])
        return valued

    def options(self, state, keep: int) -> list[dict]:
        """Every legal action but builds and white-tile cells, of which only the ``keep`` / 3 best by the table."""
        actions = self.ctx.rules.legal_actions_but_builds(state)
        if state.phase in ("turn", "construct"):
            actions += self.ranked_builds(state, keep)
        elif state.phase == "coat":
            actions = self.pruned_coats(state, actions, 3)
        return actions

    def after(self, state, action, exact: bool) -> float:
        """The value of playing ``action`` and then the rest of the turn as well as possible."""
        child = self.ctx.rules.clone(state)
        self.ctx.rules.apply(child, action)
        return self.value(child, exact)

    def value(self, state, exact: bool) -> float:
        if state.phase == "over" or self.ctx.rules.to_act(state) != self.ctx.seat:
            return leaf_value(self.ctx, state, exact)
        options = self.options(state, self.ctx.refine if exact else 1)
        if not exact or len(options) == 1:
            return max(self.after(state, a, exact) for a in options)
        # Choose on the quick values, then value the chosen line exactly.
        chosen = max(options, key=lambda a: self.after(state, a, False))
        return self.after(state, chosen, True)

    def ranked_builds(self, state, keep: int) -> list[dict]:
        """The ``keep`` most promising legal builds, by the table's gain less the cards paid."""
        ctx = self.ctx
        seat = state.current
        hand = state.hands[seat]
        discount = int(state.discount)
        convert = state.convert
        scored = []
        for gain, tile, p, raw_cost in ctx.table(state, seat).entries:
            colour = board.TILES[tile].colour
            if convert is not None and convert[1] != colour:
                continue
            cost = max(0, raw_cost - discount)
            if cost > hand[colour] + (hand[convert[0]] if convert else 0):
                continue
            loss, pay = cheapest_payment(hand, colour, cost, convert, ctx.w)
            scored.append((gain - loss, tile, p, pay))
        scored.sort(key=lambda item: -item[0])
        builds = []
        for _, tile, p, pay in scored[:keep]:
            o = board.TILES[tile].orientations[p.orientation]
            builds.append({"type": "build", "tile": board.TILES[tile].id, "rot": o.rot, "mirror": o.mirror,
                           "at": [p.col, p.row], "pay": pay})
        return builds

    def pruned_coats(self, state, actions, keep: int) -> list[dict]:
        """Coat-of-arms choices with only the ``keep`` most promising cells for a white tile."""
        specials = [a for a in actions if a["choice"] == "special"]
        if len(specials) <= keep:
            return actions
        seat = state.current
        occupied = state.occupied[seat]
        lines = LineState(occupied, state.bricks[seat], self.ctx.w)
        base_holes = holes(occupied)

        def gain(action) -> float:
            number = board.cell_index(*action["at"])
            p = board.PLACEMENTS[board.SPECIAL][number]
            return (lines.delta(line_parts()[board.SPECIAL][number]) + self.ctx.w.coat * coats_earned(occupied, p)
                    - self.ctx.w.hole * (holes(occupied | p.mask) - base_holes))

        specials.sort(key=gain, reverse=True)
        return [a for a in actions if a["choice"] != "special"] + specials[:keep]


def cheapest_payment(hand, colour: int, cost: int, convert, w: Weights) -> tuple[float, dict]:
    """The way to pay ``cost`` for a tile of ``colour`` that loses the least hand worth."""
    if convert is None:
        return card_loss(hand[colour], cost, w), ({COLOURS[colour]: cost} if cost else {})
    other = convert[0]
    best = None
    for own in range(max(0, cost - hand[other]), min(cost, hand[colour]) + 1):
        loss = card_loss(hand[colour], own, w) + card_loss(hand[other], cost - own, w)
        if best is None or loss < best[0]:
            pay = {}
            if own:
                pay[COLOURS[colour]] = own
            if cost - own:
                pay[COLOURS[other]] = cost - own
            best = (loss, pay)
    return best


class CopenhagenAgent(Agent):
    """Plans the rest of its turn; ``noise`` blurs the choice and ``blunder`` plays at random."""

    def __init__(self, weights: Weights = WEIGHTS, refine: int = 6, lookahead: bool = False, noise: float = 0.0,
                 blunder: float = 0.0):
        self.weights = weights
        self.refine = refine
        self.lookahead = lookahead
        self.noise = noise
        self.blunder = blunder

    def choose(self, ruleset, observation, seat, rng: random.Random):
        actions = ruleset.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        if self.blunder and rng.random() < self.blunder:
            return rng.choice(actions)
        planner = make_planner(ruleset, observation, seat, self.weights, self.refine, self.lookahead)
        if not self.noise:
            return planner.best(observation)[1]
        return self.noisy_choice(planner, observation, actions, rng)

    def noisy_choice(self, planner: Planner, state, actions, rng):
        """The best action after Gaussian noise on every candidate's value (builds pre-ranked)."""
        if state.phase in ("turn", "construct"):
            actions = planner.options(state, 12)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = planner.after(state, action, exact=False) + rng.gauss(0.0, self.noise)
            if value > best_value:
                best, best_value = action, value
        return best


def make_planner(rules, state, seat: int, w: Weights, refine: int, lookahead: bool) -> Planner:
    ctx = Context(rules, seat, w, refine, lookahead, rules.unseen_pool(state), horizon(state))
    ctx.root_table = ctx.table(state, seat)
    return Planner(ctx)


class QuickPolicy:
    """A fast one-step player for simulated turns: the best build now against the best pair of cards."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.planner = Planner(ctx)

    def choose(self, state) -> dict:
        rules, w = self.ctx.rules, self.ctx.w
        seat = state.current
        hand = state.hands[seat]
        table = self.ctx.table(state, seat)
        phase = state.phase
        if phase in ("turn", "construct", "last_call"):
            builds = self.planner.ranked_builds(state, 1) if phase != "last_call" else []
            build_value = 0.0
            if builds:
                action = builds[0]
                build_value = self.build_gain(table, state, action)
            if phase == "construct":
                return builds[0] if builds else rules.legal_actions(state)[0]
            takes = [a for a in rules.legal_actions_but_builds(state) if a["type"] == "take"]
            if phase == "turn":
                pair_value, first = self.best_first_card(table, hand, state)
                if builds and build_value >= w.next_build * pair_value:
                    return builds[0]
                if first is not None:
                    return {"type": "take", "slot": first}
            if phase == "last_call":
                return self.last_call(state, table, hand, takes)
        if phase == "second":
            takes = rules.legal_actions(state)
            return max(takes, key=lambda a: take_gain(table, hand, (state.harbour[a["slot"]],), w))
        if phase == "discard":
            options = rules.legal_actions(state)
            return max(options, key=lambda a: -card_loss(hand[board.COLOUR_INDEX[a["card"]]], 1, w))
        if phase == "coat":
            options = self.planner.options(state, 1)
            return max(options, key=lambda a: self.planner.after(state, a, False))
        return rules.legal_actions(state)[0]

    def build_gain(self, table: BuildTable, state, action) -> float:
        tile = board.TILE_INDEX[action["tile"]]
        o_index = board.TILES[tile].orientation_of[(action["rot"], action["mirror"])]
        p = board.PLACEMENT_AT[tile][(o_index, action["at"][0], action["at"][1])]
        gain = next(g for g, t, q, _ in table.entries if t == tile and q is p)
        hand = state.hands[state.current]
        return gain - sum(card_loss(hand[board.COLOUR_INDEX[c]], n, self.ctx.w) for c, n in action["pay"].items())

    def best_first_card(self, table: BuildTable, hand, state) -> tuple[float, int | None]:
        harbour = state.harbour
        anywhere = state.abilities[state.current][ANY_CARDS] == ACTIVE
        best, first = 0.0, None
        for i in range(SLOTS):
            for j in range(i + 1, SLOTS):
                if (not anywhere and j != i + 1) or harbour[i] < 0 or harbour[j] < 0:
                    continue
                gain = take_gain(table, hand, (harbour[i], harbour[j]), self.ctx.w)
                if first is None or gain > best:
                    best, first = gain, i
        return best, first

    def last_call(self, state, table, hand, takes) -> dict:
        actions = self.ctx.rules.legal_actions_but_builds(state)
        if {"type": "both"} in actions:
            return {"type": "both"}
        if takes:
            return max(takes, key=lambda a: take_gain(table, hand, (state.harbour[a["slot"]],), self.ctx.w))
        return {"type": "end"}


class LookaheadAgent(CopenhagenAgent):
    """Plans like the others, then weighs its best few candidates by playing on past the refill.

    At the start of a turn and at a coat of arms, for each of ``samples`` samples of the hidden
    cards and of the refills, every candidate is played: the rest of this turn and the next
    players' turns by a quick one-step player, then this seat's next turn is planned and valued (a
    finished game counts as won or lost). The same samples serve every candidate, so their
    comparison is fair.
    """

    def __init__(self, candidates: int = 4, samples: int = 4, margin: float = 1.5, **kwargs):
        super().__init__(**kwargs)
        self.candidates = candidates
        self.samples = samples
        self.margin = margin

    def choose(self, ruleset, observation, seat, rng: random.Random):
        actions = ruleset.legal_actions(observation)
        if len(actions) == 1:
            return actions[0]
        planner = make_planner(ruleset, observation, seat, self.weights, self.refine, self.lookahead)
        ranked = planner.candidates(observation)
        top = ranked[0][0]
        close = [a for v, a in ranked[: self.candidates] if v >= top - self.margin]
        if len(close) == 1 or top >= 500 or observation.phase not in ("turn", "coat"):
            return ranked[0][1]
        samples = [(ruleset.determinize(observation, seat, rng), rng.randrange(1 << 30)) for _ in range(self.samples)]
        players: dict = {}
        best, best_value = close[0], float("-inf")
        for action in close:
            value = sum(self.play_on(ruleset, state, seat, action, seed, players) for state, seed in samples)
            if value > best_value:
                best, best_value = action, value
        return best

    def play_on(self, rules, start, seat: int, action, seed: int, players: dict) -> float:
        """The value this seat reaches at its next turn after ``action`` in one sampled future."""
        state = rules.clone(start)
        rules.apply(state, action)
        rng = random.Random(seed)
        turn = start.turn
        while True:
            actor = rules.to_act(state)
            if actor is None:
                result = rules.result(state)
                won = result.ranks[seat] == 0
                return state.scores[seat] + (50.0 / len(result.winners) if won else -50.0)
            if actor < 0:
                rules.apply(state, rules.sample_chance(state, rng))
                continue
            if actor == seat and state.turn != turn:
                planner = players.get("planner")
                if planner is None:
                    planner = players["planner"] = make_planner(rules, start, seat, self.weights, 3, False)
                return planner.best(state)[0]
            policy = players.get(actor)
            if policy is None:
                policy = players[actor] = QuickPolicy(make_planner(rules, start, actor, self.weights, 1, False).ctx)
            rules.apply(state, policy.choose(state))


LEVELS = {
    "easy": {"refine": 1, "noise": 0.6, "blunder": 0.1},
    "normal": {"refine": 6},
    "hard": {"refine": 8, "lookahead": True, "candidates": 4, "samples": 4},
}


def make_agent(level: str) -> CopenhagenAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    options = LEVELS[level]
    return (LookaheadAgent if "samples" in options else CopenhagenAgent)(**options)


def evaluate(ruleset, state, seat: int) -> float:
    """A [0, 1] heuristic for generic searches: the score and the facade's promise against the others."""
    w = WEIGHTS
    values = [state.scores[s] + facade_promise(state.occupied[s], state.bricks[s], w) for s in range(state.players)]
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return 0.5 + max(-0.5, min(0.5, (values[seat] - best_other) / 24))

