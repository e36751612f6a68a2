"""How the Catan table follows the game's events, one after another.

Each event kind has its handler (``handlers``): the island is laid out tile by tile, the dice tumble
and settle, the hexes that produce light up while their cards fly to the players, a piece drops onto
its corner or grows along its path, the robber hops to its hex, stolen, traded and discarded cards
travel between the hands and the bank, a played card is shown large, and a banner tells what just
happened (a 7, Largest Army, whose turn). Each step changes the table's ``shown`` picture the moment
its animation starts or lands; once none is left the table takes the picture afresh from its
observation. A game adds its own events by adding handlers, built from ``fly_cards``, ``show_banner``
and ``step``.
"""

from __future__ import annotations

from game.core.i18n import tr
from game.games.catan import board
from game.games.catan.card_art import dev_back, dev_card, resource_back
from game.ui.audio import get_audio
from game.ui.cards import Sprite
from game.ui.dice import DiceRoll
from game.ui.table import EventAnimation
from game.ui.tween import Tween, ease_out_back


class CatanAnimation(EventAnimation):
    """Each event of a Catan game as timed steps. Its own are the dice (``dice``, and ``pop`` easing in
    their total), the cards in flight (``sprites``), the pieces still landing (``drops``: (spot, kind)
    -> 0..1), the robber on its way (``robber_flight``: from hex, to hex, 0..1), the hexes lit by a roll
    (``flash``), the banner (title, detail, time shown) and the card played (card, seat, time shown)."""

    def __init__(self, table):
        super().__init__()
        self.table = table
        self.dice = DiceRoll(size=50)
        self.pop = Tween(1.0, 1.0, 0.01)
        self.sprites: list[Sprite] = []
        self.drops: dict[tuple, float] = {}
        self.robber_flight: tuple[int | None, int, float] | None = None
        self.flash: set[int] | None = None
        self.banner: tuple[str, str, float] | None = None
        self.big_card: tuple[str, int, float] | None = None
        self.handlers = {
            "tile": self.tile,
            "layout": self.layout,
            "first_player": self.first_player,
            "built": self.built,
            "starting_resources": self.starting_resources,
            "turn": self.turn,
            "rolled": self.rolled,
            "produced": self.produced,
            "discarded": self.discarded,
            "robber": self.robber,
            "stole": self.stole,
            "robbed": self.robbed,
            "bought": self.bought,
            "played": self.played,
            "largest_army": lambda d: self.special("largest_army", d["seat"]),
            "longest_road": lambda d: self.special("longest_road", d["seat"]),
            "bank_trade": self.bank_trade,
            "offer": lambda d: self.step(0.2, lambda: get_audio().play("card_slide")),
            "answer": self.answer,
            "traded": self.traded,
        }

    @property
    def busy(self) -> bool:
        return self.steps.busy or self.dice.busy or any(s.moving for s in self.sprites)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.dice.update(dt)
        self.pop.update(dt)
        for sprite in self.sprites:
            sprite.update(dt)
        self.sprites = [s for s in self.sprites if s.moving]

    def clear(self) -> None:
        for sprite in self.sprites:
            sprite.finish()
        self.sprites.clear()
        self.dice.finish()
        self.drops.clear()
        self.robber_flight = None
        self.flash = None
        self.banner = None
        self.big_card = None

    # -- the events -----------------------------------------------------------------------------
    def tile(self, d: dict) -> None:
        self.step(0.05, lambda: get_audio().play("place", 0.3))

    def layout(self, d: dict) -> None:
        self.step(0.3, lambda: get_audio().play("chime", 0.6))

    def first_player(self, d: dict) -> None:
        self.show_banner(tr("catan.ui.banner.first", name=self.table.seat_name(d["seat"])), "", 1.0)

    def built(self, d: dict) -> None:
        """The piece appears as its step starts and drops (or grows) into place."""
        shown = self.table.shown
        spot = ("e", d["edge"]) if d["piece"] == "road" else ("v", d["vertex"])
        key = (spot, d["piece"])

        def start():
            shown.built(d)
            self.drops[key] = 0.0
            get_audio().play("place")

        def progress(t):
            self.drops[key] = t

        self.step(0.3, start, progress, lambda: self.drops.pop(key, None))

    def starting_resources(self, d: dict) -> None:
        self.fly_production({d["seat"]: d["cards"]}, None, d["seat"])

    def turn(self, d: dict) -> None:
        seat = d["seat"]
        table = self.table
        if table.controller.is_human(seat) and table.host.interactive:
            self.show_banner(tr("catan.ui.banner.turn", name=table.seat_name(seat)), "", 0.7, "card_flip")

    def rolled(self, d: dict) -> None:
        dice = d["dice"]
        shown = self.table.shown

        def start():
            self.dice.roll(dice, 0.7)
            shown.dice_rolling()
            get_audio().play("dice")

        def land():
            shown.dice_landed(dice)
            self.pop = Tween(0.0, 1.0, 0.3, ease_out_back)

        self.step(0.8, start, end=land)
        if d["total"] == 7:
            self.show_banner(tr("catan.ui.banner.seven"), tr("catan.ui.banner.seven.detail"), 1.0, "stone")

    def produced(self, d: dict) -> None:
        gains = {seat: g for seat, g in enumerate(d["gains"]) if g}
        self.fly_production(gains, d["total"], None)

    def fly_production(self, gains: dict, total: int | None, setup_seat: int | None) -> None:
        """Cards fly from the hexes that produced them (those of ``total``, or around ``setup_seat``'s
        last settlement for the starting resources) to each player, while those hexes are lit."""
        table = self.table
        state = table.observation()
        layout = state.layout
        if layout is None:
            return
        hexes = set(layout.number_hexes.get(total, ())) if total else set()
        if setup_seat is not None:
            vertex = next((v for v in range(board.NUM_VERTICES) if state.vertex_owner[v] == setup_seat), None)
            built = [v for v in range(board.NUM_VERTICES) if state.vertex_owner[v] == setup_seat]
            vertex = built[-1] if built else vertex
            hexes = set(board.VERTEX_HEXES[vertex]) if vertex is not None else set()

        def start():
            self.flash = set(hexes)
            centres = table.board.geometry.hexes
            delay = 0.0
            for seat, cards in gains.items():
                for name, count in cards.items():
                    r = table.ruleset.kind_index[name]
                    sources = [h for h in hexes if layout.hex_resource[h] == r and h != state.robber] or list(hexes)
                    for k in range(count):
                        origin = centres[sources[k % len(sources)]] if sources else table.layout.bank.center
                        self.fly(self.card(name), origin, self.seat_target(seat, r), delay)
                        delay += 0.06
            get_audio().play("card_slide" if gains else "hover")

        self.step(0.75 if gains else 0.35, start, end=lambda: setattr(self, "flash", None))

    def discarded(self, d: dict) -> None:
        self.fly_cards(d["cards"], d["seat"], None, "card_slide")

    def robber(self, d: dict) -> None:
        target = d["hex"]
        shown = self.table.shown

        def start():
            self.robber_flight = (shown.robber, target, 0.0)
            get_audio().play("stone")

        def progress(t):
            self.robber_flight = (self.robber_flight[0], target, t)

        def land():
            shown.robber_moved(target)
            self.robber_flight = None

        self.step(0.5, start, progress, land)

    def stole(self, d: dict) -> None:
        image = self.card(d["resource"]) if "resource" in d else resource_back(*self.table.layout.fly_card)
        source, target = self.seat_target(d["victim"]), self.seat_target(d["thief"])
        self.step(0.5, lambda: (self.fly(image, source, target, 0.0), get_audio().play("card_slide")))

    def robbed(self, d: dict) -> None:
        if "resource" in d:
            self.show_banner(tr("catan.ui.banner.robbed", name=self.table.seat_name(d["thief"]),
                                resource=tr(f"catan.resource.{d['resource']}")), "", 0.9)

    def bought(self, d: dict) -> None:
        seat = d["seat"]
        size = self.table.layout.fly_card
        image = dev_card(d["card"], *size, "") if "card" in d else dev_back(*size)
        self.step(0.45, lambda: (self.fly(image, self.table.layout.bank.center, self.seat_target(seat), 0.0),
                                 get_audio().play("card_flip")))

    def played(self, d: dict) -> None:
        card, seat = d["card"], d["seat"]

        def start():
            self.big_card = (card, seat, self.table.time)
            get_audio().play("card_flip")

        self.step(1.1, start, end=lambda: setattr(self, "big_card", None))
        if card == "monopoly":
            for victim, count in enumerate(d.get("taken", [])):
                if count:
                    self.fly_cards({d["resource"]: count}, victim, seat, "card_slide")
        elif card == "year_of_plenty":
            cards: dict = {}
            for r in d["resources"]:
                cards[r] = cards.get(r, 0) + 1
            self.fly_cards(cards, None, seat, "coin")

    def special(self, kind: str, seat) -> None:
        """Largest Army or Longest Road changes hands (or is set aside)."""
        if seat is None:
            self.show_banner(tr(f"catan.log.{kind}_aside"), "", 0.9, "remove")
        else:
            self.show_banner(tr(f"catan.special.{kind}"),
                             tr("catan.ui.banner.special", name=self.table.seat_name(seat)), 1.2, "chime")

    def bank_trade(self, d: dict) -> None:
        self.fly_cards({d["give"]: d["count"]}, d["seat"], None, "coin")
        self.fly_cards({d["get"]: 1}, None, d["seat"], "coin")

    def answer(self, d: dict) -> None:
        sound = {"accept": "chime", "decline": "click", "counter": "card_flip"}.get(d["answer"], "click")
        self.step(0.25, lambda: get_audio().play(sound, 0.7))

    def traded(self, d: dict) -> None:
        self.fly_cards(d["give"], d["seat"], d["partner"], "coin")
        self.fly_cards(d["get"], d["partner"], d["seat"], None)

    # -- helpers --------------------------------------------------------------------------------
    def card(self, kind: str):
        """A card of ``kind`` at the size of cards in flight."""
        return self.table.card_face(kind, *self.table.layout.fly_card)

    def fly_cards(self, cards: dict, source: int | None, target: int | None, sound: str | None) -> None:
        """Cards travel from a seat (or the bank, None) to a seat (or the bank)."""
        table = self.table

        def start():
            delay = 0.0
            for name, count in cards.items():
                r = table.ruleset.kind_index[name]
                for _ in range(count):
                    origin = table.layout.bank.center if source is None else self.seat_target(source, r)
                    end = self.bank_target(r) if target is None else self.seat_target(target, r)
                    self.fly(self.card(name), origin, end, delay)
                    delay += 0.05
            if sound:
                get_audio().play(sound)

        self.step(0.45 if sound else 0.0, start)

    def fly(self, image, origin, target, delay: float) -> None:
        w, h = image.get_size()
        sprite = Sprite(image, (origin[0] - w / 2, origin[1] - h / 2))
        sprite.move_to((target[0] - w / 2, target[1] - h / 2), 0.45, arc=30, delay=delay)
        self.sprites.append(sprite)

    def show_banner(self, title: str, detail: str, seconds: float, sound: str = "chime") -> None:
        def start():
            self.banner = (title, detail, self.table.time)
            get_audio().play(sound, 0.8)

        self.step(seconds, start, end=lambda: setattr(self, "banner", None))

    def seat_target(self, seat: int, kind: int | None = None) -> tuple[float, float]:
        """Where cards of ``seat`` fly to or from: the pile of ``kind`` in the hand shown, else the seat's
        card count in its panel."""
        table = self.table
        if seat == table.me and kind is not None and table.my_hand() is not None:
            return table.hand_rects()[kind].center
        rect = table.panel_rect(seat)
        return rect.x + 46, rect.y + 62

    def bank_target(self, kind: int) -> tuple[float, float]:
        return self.table.bank_rects()[kind].center
