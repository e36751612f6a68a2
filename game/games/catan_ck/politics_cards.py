"""The politics progress cards (blue): Bishop, Deserter, Diplomat, Intrigue, Saboteur, Spy, Warlord and
Wedding (the Constitution is a victory point, shown when drawn), with the steps they ask of players.

``PoliticsCards`` is a part of ``CitiesKnightsRules``; it fills the tables of ``progress.ProgressCards``.
"""

from __future__ import annotations

from itertools import compress

from game.core.rules import Event, IllegalAction
from game.games.catan.board import EDGE_VERTICES, NUM_EDGES, NUM_HEXES, NUM_VERTICES, VERTEX_EDGES
from game.games.catan.building import places_of
from game.games.catan.family_state import ROAD_ACTIONS, cards_of, is_index
from game.games.catan.robber import robber_victims
from game.games.catan_ck.cards import CARDS, KINDS, KNIGHTS_PER_STRENGTH
from game.games.catan_ck.knights import RECRUIT_ACTIONS
from game.games.catan_ck.progress import PLAY_SIMPLE, others, plays_naming
from game.games.catan_ck.state import CORNERS, DONE, NUM_CARDS, progress_in_hand, road_ends

DESERT_ACTIONS = tuple({"type": "desert", "vertex": v} for v in range(NUM_VERTICES))
SPY_TAKE_ACTIONS = tuple({"type": "spy_take", "card": c} for c in CARDS)
GIVE_ACTIONS = tuple({"type": "give", "card": k} for k in KINDS)
BISHOP_PLAYS = plays_naming("bishop", "hex", NUM_HEXES)
DIPLOMAT_PLAYS = plays_naming("diplomat", "edge", NUM_EDGES)
INTRIGUE_PLAYS = plays_naming("intrigue", "vertex", NUM_VERTICES)


class PoliticsCards:
    """The politics cards (see the module docstring)."""

    card_plays = {
        "bishop": "_bishop_plays",
        "deserter": "_deserter_plays",
        "diplomat": "_diplomat_plays",
        "intrigue": "_intrigue_plays",
        "saboteur": "_saboteur_plays",
        "spy": "_spy_plays",
        "warlord": "_warlord_plays",
        "wedding": "_wedding_plays",
    }
    card_effects = {
        "bishop": "_play_bishop",
        "deserter": "_play_deserter",
        "diplomat": "_play_diplomat",
        "intrigue": "_play_intrigue",
        "saboteur": "_play_saboteur",
        "spy": "_play_spy",
        "warlord": "_play_warlord",
        "wedding": "_play_wedding",
    }
    handlers = {
        ("desert", "desert"): "_do_desert",
        ("deserter_place", "knight"): "_do_deserter_place",
        ("deserter_place", "done"): "_do_done",
        ("relocate", "road"): "_do_relocate",
        ("relocate", "done"): "_do_done",
        ("spy", "spy_take"): "_do_spy_take",
        ("give", "give"): "_do_give",
    }
    actions_by_phase = {
        "desert": "_desert_actions",
        "deserter_place": "_deserter_place_actions",
        "relocate": "_relocate_actions",
        "spy": "_spy_actions",
        "give": "_give_actions",
    }
    actors_by_phase = {"desert": "_step_actor", "give": "_giver"}

    def _bishop_plays(self, state, seat: int) -> list:
        if not self.robber_awake(state):
            return []
        return [BISHOP_PLAYS[h] for h in range(NUM_HEXES) if h != state.robber]

    def _deserter_plays(self, state, seat: int) -> list:
        return [{"type": "play", "card": "deserter", "seat": p} for p in others(state, seat)
                if sum(state.knight_pieces[p])]

    def _diplomat_plays(self, state, seat: int) -> list:
        return [DIPLOMAT_PLAYS[e] for e, owner in enumerate(state.edge_owner)
                if owner >= 0 and self._open_road(state, e)]

    def _intrigue_plays(self, state, seat: int) -> list:
        knight_owner, edge_owner = state.knight_owner, state.edge_owner
        plays = []
        for v in compress(CORNERS, state.knight_strength):  # the corners holding a knight: few
            if knight_owner[v] != seat:
                for e in VERTEX_EDGES[v]:
                    if edge_owner[e] == seat:
                        plays.append(INTRIGUE_PLAYS[v])
                        break
        return plays

    def _saboteur_plays(self, state, seat: int) -> list:
        mine = self.public_points(state, seat)
        useful = any(p != seat and cards_of(state, p) >= 2 and self.public_points(state, p) >= mine
                     for p in range(state.players))
        return [PLAY_SIMPLE["saboteur"]] if useful else []

    def _spy_plays(self, state, seat: int) -> list:
        return [{"type": "play", "card": "spy", "seat": p} for p in others(state, seat) if progress_in_hand(state, p)]

    def _warlord_plays(self, state, seat: int) -> list:
        active = state.knight_active
        useful = any(state.knight_pieces[seat]) and any(not active[v] for v in places_of(state.knight_owner, seat))
        return [PLAY_SIMPLE["warlord"]] if useful else []

    def _wedding_plays(self, state, seat: int) -> list:
        mine = self.public_points(state, seat)
        useful = any(p != seat and cards_of(state, p) and self.public_points(state, p) > mine
                     for p in range(state.players))
        return [PLAY_SIMPLE["wedding"]] if useful else []

    def _play_bishop(self, state, seat, action):
        h = action.get("hex")
        if not self.robber_awake(state):
            raise IllegalAction("the robber sleeps until the barbarians first come")
        if not is_index(h, NUM_HEXES) or h == state.robber:
            raise IllegalAction("move the robber to another hex")
        state.robber = h
        victims = robber_victims(state.vertex_owner, h, self.robbable(state))
        state.queue = [("steal", {"seat": p}) for p in victims]
        return [Event("robber", {"seat": seat, "hex": h, "victims": victims})] + self._continue(state)

    def _play_deserter(self, state, seat, action):
        victim = self._other_seat(state, action.get("seat"))
        if not sum(state.knight_pieces[victim]):
            raise IllegalAction("that player has no knight")
        state.step = {"seat": victim}
        state.phase = "desert"
        return []

    def _desert_actions(self, state) -> list:
        return [DESERT_ACTIONS[v] for v in places_of(state.knight_owner, state.step["seat"])]

    def _do_desert(self, state, action):
        v = self._vertex(action.get("vertex"))
        victim = state.step["seat"]
        if state.knight_owner[v] != victim:
            raise IllegalAction("remove one of your knights")
        _, strength, active = self._lift_knight(state, v)
        events = [Event("deserted", {"seat": victim, "vertex": v, "strength": strength})]
        events += self._join_roads(state, v, victim)
        seat = state.current
        pieces = state.knight_pieces[seat]
        if pieces[strength - 1] >= KNIGHTS_PER_STRENGTH:
            strength = 1  # A25: a basic knight when none of that strength is left
        if pieces[strength - 1] < KNIGHTS_PER_STRENGTH and self.knight_spots(state, seat):
            state.queue.insert(0, ("deserter_place", {"strength": strength, "active": active}))
        return events + self._continue(state)

    def _deserter_place_actions(self, state) -> list:
        return [RECRUIT_ACTIONS[v] for v in self.knight_spots(state, state.current)] + [DONE]

    def _do_deserter_place(self, state, action):
        v = self._vertex(action.get("vertex"))
        seat = state.current
        if v not in self.knight_spots(state, seat):
            raise IllegalAction("a knight goes on an empty corner at the end of one of your roads")
        step = state.step
        events = [Event("knight", {"seat": seat, "vertex": v, "strength": step["strength"]})]
        events += self._place_knight(state, seat, v, step["strength"], step["active"])
        return events + self._continue(state)

    def _play_diplomat(self, state, seat, action):
        e = self._edge(action.get("edge"))
        if not self._open_road(state, e):
            raise IllegalAction("the Diplomat removes an open road (an end touching nothing of its colour)")
        owner = state.edge_owner[e]
        state.edge_owner[e] = -1
        self.board_changed(state)
        state.pieces[owner][0] -= 1
        state.road_lengths[owner] = self.road_length(state, owner)
        events = [Event("road_removed", {"seat": owner, "edge": e})] + self._award_road(state)
        if owner == seat:
            state.phase = "relocate"
            state.step = {}
        return events

    def _open_road(self, state, e: int) -> bool:
        """A road with an end that touches no other piece of its colour."""
        edge_owner, occupant = state.edge_owner, state.occupant
        seat = edge_owner[e]
        if seat < 0:
            return False
        for x in EDGE_VERTICES[e]:
            if occupant[x] == seat:
                continue
            for f in VERTEX_EDGES[x]:
                if f != e and edge_owner[f] == seat:
                    break
            else:
                return True
        return False

    def _relocate_actions(self, state) -> list:
        return [ROAD_ACTIONS[e] for e in self.road_spots(state, state.current)] + [DONE]

    def _do_relocate(self, state, action):
        e = self._edge(action.get("edge"))
        seat = state.current
        if e not in self.road_spots(state, seat):
            raise IllegalAction("a road must be on an empty path joined to your road or building")
        events = [Event("built", {"seat": seat, "piece": "road", "edge": e, "free": True})]
        return events + self._put_road(state, seat, e) + self._continue(state)

    def _play_intrigue(self, state, seat, action):
        v = self._vertex(action.get("vertex"))
        if v not in road_ends(state.edge_owner, seat) or state.knight_owner[v] in (-1, seat):
            raise IllegalAction("displace another colour's knight at the end of one of your roads")
        knight = self._lift_knight(state, v)
        events = [Event("displaced", {"seat": knight[0], "vertex": v, "by": seat})]
        return events + self._join_roads(state, v, knight[0]) + self._send_to_retreat(state, knight, origin=v)

    def _play_saboteur(self, state, seat, action):
        mine = self.public_points(state, seat)
        for p in range(state.players):
            state.discard[p] = cards_of(state, p) // 2 if p != seat and self.public_points(state, p) >= mine else 0
        if any(state.discard):
            state.phase = "discard"
            state.step = {}
        return []

    def _play_spy(self, state, seat, action):
        target = self._other_seat(state, action.get("seat"))
        if not progress_in_hand(state, target):
            raise IllegalAction("that player holds no progress card")
        state.step = {"seat": target}
        state.phase = "spy"
        return []

    def _spy_actions(self, state) -> list:
        hand = state.progress[state.step["seat"]]
        return [SPY_TAKE_ACTIONS[c] for c in range(NUM_CARDS) if hand[c]]

    def _do_spy_take(self, state, action):
        target = state.step["seat"]
        c = self._held_card(state, target, action.get("card"))
        state.progress[target][c] -= 1
        state.progress[state.current][c] += 1
        data = {"seat": state.current, "victim": target, "card": CARDS[c]}
        return [Event("spied", data, audience=state.current, public={"seat": state.current, "victim": target}),
                Event("spied_on", data, audience=target)] + self._continue(state)

    def _play_warlord(self, state, seat, action):
        woken = [v for v in places_of(state.knight_owner, seat) if not state.knight_active[v]]
        for v in woken:
            state.knight_active[v] = True
            state.knight_activated[v] = True
        return [Event("activated", {"seat": seat, "vertices": woken})]

    def _play_wedding(self, state, seat, action):
        mine = self.public_points(state, seat)
        for p in range(state.players):
            richer = p != seat and self.public_points(state, p) > mine
            state.giving[p] = min(2, cards_of(state, p)) if richer else 0
        if any(state.giving):
            state.phase = "give"
            state.step = {}
        return []

    def _giver(self, state) -> int:
        n = state.players
        for k in range(n):
            seat = (state.current + k) % n
            if state.giving[seat]:
                return seat
        return state.current

    def _give_actions(self, state) -> list:
        hand = state.hands[self._giver(state)]
        return [GIVE_ACTIONS[k] for k in range(len(KINDS)) if hand[k]]

    def _do_give(self, state, action):
        seat = self._giver(state)
        k = self._card_in_hand(state, seat, action.get("card"))
        state.hands[seat][k] -= 1
        state.hands[state.current][k] += 1
        state.giving[seat] -= 1
        events = [Event("gave", {"seat": seat, "to": state.current, "card": KINDS[k]}, audience=seat,
                        public={"seat": seat, "to": state.current}),
                  Event("given", {"seat": seat, "to": state.current, "card": KINDS[k]}, audience=state.current)]
        if not any(state.giving):
            events += self._continue(state)
        return events
