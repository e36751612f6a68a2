"""The core of the position notation every Catan game shares (see ``rules`` for the fields): the
island, buildings and roads, hands and bank, the turn and the trade on the table, with the checks a
position read must pass; a game adds its own fields with ``_read_extra`` and ``_check_phase``.

``FamilyNotation`` is a part of ``CatanFamily`` (a mixin in its bases).
"""

from __future__ import annotations

from game.core.notation import read_position, whole
from game.games.catan import board
from game.games.catan.board import NUM_EDGES, NUM_HEXES, NUM_VERTICES, PIECE_LIMITS, VERTEX_NEIGHBOURS, Layout
from game.games.catan.family_state import cards_of
from game.games.catan.known_cards import KnownCards
from game.games.catan.notation import counts_json, full_counts_json, read_counts, read_seat, sides_json
from game.games.catan.roads import award_longest_road
from game.games.catan.trade import Trade


class FamilyNotation:
    """Writing and reading a position (see the module docstring)."""

    def to_json(self, state) -> dict:
        kinds = self.kinds
        trade = None
        if state.trade is not None:
            t = state.trade
            trade = {
                "composer": t.composer, "give": counts_json(t.give, kinds), "want": counts_json(t.want, kinds),
                "offer": None if t.offer is None else sides_json(t.offer, kinds),
                "answers": [a if a is None or isinstance(a, str) else sides_json(a, kinds) for a in t.answers],
                "to": None if t.to < 0 else t.to,
            }
        n = state.players
        return {
            "format": self.format_id,
            "players": n,
            "options": dict(state.options),
            "layout": None if state.layout is None else state.layout.to_json(),
            "draft": None if state.draft is None else {k: list(v) for k, v in state.draft.items()},
            "robber": None if state.robber is None else state.robber,
            "buildings": [[v, state.vertex_owner[v], "city" if state.vertex_level[v] == 2 else "settlement"]
                          for v in range(NUM_VERTICES) if state.vertex_owner[v] >= 0],
            "roads": [[e, state.edge_owner[e]] for e in range(NUM_EDGES) if state.edge_owner[e] >= 0],
            "hands": [None if h is None else full_counts_json(h, kinds) for h in state.hands],
            "hand_counts": [cards_of(state, p) for p in range(n)],
            "bank": full_counts_json(state.bank, kinds),
            "longest_road": None if state.longest_road < 0 else state.longest_road,
            "phase": state.phase,
            "current": state.current,
            "first": None if state.first < 0 else state.first,
            "turn": state.turn,
            "setup_index": state.setup_index,
            "setup_vertex": None if state.setup_vertex < 0 else state.setup_vertex,
            "dice": None if state.dice is None else list(state.dice),
            "rolled": state.rolled,
            "discard": list(state.discard),
            "victim": None if state.victim < 0 else state.victim,
            "free_roads": state.free_roads,
            "free_placed": state.free_placed,
            "offers_made": state.offers_made,
            "trade": trade,
            "winner": None if state.winner < 0 else state.winner,
            "counted": None if state.known is None else self.known_cards(state).to_json(),
        }

    def from_json(self, data):
        return read_position(self._read_position, data, self.title)

    def _read_options(self, data) -> dict:
        options = dict(self.default_options)
        given = data.get("options", {})
        if not isinstance(given, dict) or any(k not in self.default_options for k in given):
            raise ValueError("unknown option in the position")
        options.update(given)
        whole(options["victory_points"], "victory_points", 3, 30)
        if options["layout"] not in ("random", "beginner") or options["numbers"] not in ("spiral", "random"):
            raise ValueError("unknown layout or numbers option")
        return options

    def _read_position(self, data):
        if not isinstance(data, dict) or data.get("format") != self.format_id:
            raise ValueError(f"not a {self.title} position (format {self.format_id})")
        n = data["players"]
        if n not in self.player_counts:
            raise ValueError(f"a {self.title} position has {' or '.join(map(str, self.player_counts))} players")
        s = self.state_class()
        s.spots = None
        s.players = n
        s.options = self._read_options(data)
        phase = data["phase"]
        if phase not in self.phases:
            raise ValueError(f"unknown phase {phase!r}")
        s.phase = phase
        s.layout = None if data["layout"] is None else Layout.from_json(data["layout"])
        s.draft = None
        if s.layout is None:
            draft = data.get("draft")
            if phase != "layout" or not isinstance(draft, dict):
                raise ValueError("a position past the layout draw needs its layout")
            s.draft = {key: list(draft[key]) for key in ("terrain", "harbors", "numbers")}
            if len(s.draft["terrain"]) != NUM_HEXES or len(s.draft["harbors"]) != len(board.HARBOUR_SLOTS) \
                    or len(s.draft["numbers"]) != NUM_HEXES:
                raise ValueError("the layout draft has the wrong size")
        elif phase == "layout":
            raise ValueError("the layout is already drawn")
        s.robber = None if s.layout is None else whole(data["robber"], "robber", 0, NUM_HEXES - 1)
        self._read_board(s, data)
        hands = data["hands"]
        counts = data["hand_counts"]
        if len(hands) != n or len(counts) != n:
            raise ValueError("hands and hand_counts have one entry per seat")
        kinds = self.kinds
        s.hands = [None if h is None else read_counts(h, kinds, "a hand") for h in hands]
        s.hidden_cards = [whole(c, "a hand count", 0, sum(self.bank_start)) if s.hands[p] is None else 0
                          for p, c in enumerate(counts)]
        s.bank = read_counts(data["bank"], kinds, "the bank")
        if all(h is not None for h in s.hands):
            for r in range(self.kind_count):
                if s.bank[r] + sum(h[r] for h in s.hands) != self.bank_start[r]:
                    raise ValueError(f"there must be {self.bank_start[r]} {kinds[r]} cards in all")
        colours = n + self.neutral_colours
        s.longest_road = read_seat(data["longest_road"], colours, "longest_road")
        s.current = whole(data["current"], "current", 0, n - 1)
        s.first = read_seat(data["first"], n, "first")
        s.turn = whole(data["turn"], "turn", 0, 10 ** 6)
        s.setup_index = whole(data["setup_index"], "setup_index", 0, 2 * n)
        setup_vertex = whole(data["setup_vertex"], "setup_vertex", 0, NUM_VERTICES - 1, optional=True)
        s.setup_vertex = -1 if setup_vertex is None else setup_vertex
        dice = data["dice"]
        if dice is not None and (len(dice) != 2 or any(not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
            raise ValueError("dice are two numbers from 1 to 6")
        s.dice = None if dice is None else (dice[0], dice[1])
        s.rolled = bool(data["rolled"])
        s.discard = [whole(d, "discard", 0, 50) for d in data["discard"]]
        if len(s.discard) != n:
            raise ValueError("discard has one entry per seat")
        s.victim = read_seat(data["victim"], n, "victim")
        s.free_roads = whole(data["free_roads"], "free_roads", 0, 2)
        s.free_placed = whole(data["free_placed"], "free_placed", 0, 2)
        s.offers_made = whole(data["offers_made"], "offers_made", 0, self.max_offers)
        s.winner = read_seat(data["winner"], n, "winner")
        s.trade = None if data["trade"] is None else self._read_trade(data["trade"], n)
        self._read_extra(s, data)
        s.known = self._read_count(s, data.get("counted"))
        self._check_phase(s)
        s.road_lengths = [self.road_length(s, p) for p in range(colours)]
        s.rates = [self.no_rates if s.layout is None else self.bank_rates(s, p) for p in range(colours)]
        if award_longest_road(s.road_lengths, s.longest_road) != s.longest_road:
            raise ValueError("the Longest Road holder does not match the roads")
        return s

    def _read_count(self, s, counted) -> KnownCards | None:
        """The seats' count of each other's cards as written (what an observation's AI counted), else
        nothing known yet."""
        if not self.counts_cards:
            return None
        if counted is None:
            return KnownCards.unknown([cards_of(s, p) for p in range(s.players)], self.kind_count, s.turn)
        return KnownCards.from_json(counted, s.players, self.kind_count)

    def _read_board(self, s, data) -> None:
        """Buildings and roads, with the distance rule and the piece limits."""
        n = s.players + self.neutral_colours
        s.vertex_owner = [-1] * NUM_VERTICES
        s.vertex_level = [0] * NUM_VERTICES
        s.edge_owner = [-1] * NUM_EDGES
        s.pieces = [[0, 0, 0] for _ in range(n)]
        for item in data["buildings"]:
            v, seat, kind = item
            whole(v, "a building's corner", 0, NUM_VERTICES - 1)
            whole(seat, "a building's seat", 0, n - 1)
            if kind not in ("settlement", "city") or s.vertex_owner[v] >= 0:
                raise ValueError(f"bad building {item!r}")
            s.vertex_owner[v] = seat
            s.vertex_level[v] = 2 if kind == "city" else 1
            s.pieces[seat][2 if kind == "city" else 1] += 1
        for v in range(NUM_VERTICES):
            if s.vertex_owner[v] >= 0 and any(s.vertex_owner[w] >= 0 for w in VERTEX_NEIGHBOURS[v]):
                raise ValueError(f"buildings at corner {v} break the distance rule")
        for item in data["roads"]:
            e, seat = item
            whole(e, "a road's path", 0, NUM_EDGES - 1)
            whole(seat, "a road's seat", 0, n - 1)
            if s.edge_owner[e] >= 0:
                raise ValueError(f"two roads on path {e}")
            s.edge_owner[e] = seat
            s.pieces[seat][0] += 1
        for seat in range(n):
            for i, name in enumerate(("road", "settlement", "city")):
                if s.pieces[seat][i] > PIECE_LIMITS[name]:
                    raise ValueError(f"seat {seat} has more than {PIECE_LIMITS[name]} {name} pieces")

    def _read_trade(self, t, n: int) -> Trade:
        kinds = self.kinds
        trade = Trade(whole(t["composer"], "trade composer", 0, n - 1), n, self.kind_count)
        trade.give = read_counts(t["give"], kinds, "trade give")
        trade.want = read_counts(t["want"], kinds, "trade want")
        if t["offer"] is not None:
            trade.offer = (tuple(read_counts(t["offer"]["give"], kinds, "offer")),
                           tuple(read_counts(t["offer"]["want"], kinds, "offer")))
        trade.to = read_seat(t.get("to"), n, "trade to")
        answers = t["answers"]
        if len(answers) != n:
            raise ValueError("trade answers have one entry per seat")
        for p, a in enumerate(answers):
            if a is None or a in ("accept", "decline"):
                trade.answers[p] = a
            else:
                trade.answers[p] = (tuple(read_counts(a["give"], kinds, "counter")),
                                    tuple(read_counts(a["want"], kinds, "counter")))
        return trade

    def _read_extra(self, s, data) -> None:
        """Read a game's own fields of the notation into ``s``."""

    def _check_phase(self, s) -> None:
        """Refuse fields that contradict the phase."""
        phase = s.phase
        if (phase in ("compose", "respond", "choose")) != (s.trade is not None):
            raise ValueError("a trade belongs to the trading phases only")
        if phase in ("respond", "choose") and s.trade.offer is None:
            raise ValueError("answers need an offer on the table")
        if phase == "steal" and s.victim < 0:
            raise ValueError("a steal needs a victim")
        if phase == "discard" and not any(s.discard):
            raise ValueError("nobody has cards to discard")
        if phase == "setup_road" and s.setup_vertex < 0:
            raise ValueError("a set-up road needs its settlement")
        if phase == "over" and s.winner < 0 and not self.blocked(s):
            raise ValueError("a finished game has a winner, unless nobody can gain a point any more")
        if phase not in ("layout", "first_player") and s.first < 0:
            raise ValueError("the starting player is missing")
