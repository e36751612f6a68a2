"""One way to copy a game's position: each state class says, slot by slot, how a copy gets the slot, and
one function per class, written from those declarations when the class is made, makes the copy.

A state class derives from ``DeclaredCopy`` and gives its ``__slots__`` as a dict, slot name -> kind::

    class KahunaState(DeclaredCopy):
        __slots__ = {"options": SHARED, "bridges": LIST, "counts": each(LIST), "pile": optional(LIST)}

Subclasses add their own slots the same way and inherit their bases' declarations. A slot given without a
kind (``__slots__`` as a tuple or list, or a value that is not a kind) raises ``TypeError`` when the class is
made, and so does a subclass without ``__slots__`` (its instances would take undeclared attributes) or with a
``copy`` of its own. The
copier is plain generated code (no loop over the slots, no call per slot), as fast as a hand-written copy:
the AI copies positions thousands of times per decision.

The kinds:

- ``SHARED``: the same object, because it is immutable (a number, a string, None, a tuple or frozenset of
  such, a frozen dataclass).
- ``KEPT``: the same object, because the engine replaces it and never changes it once it is made (a board
  layout, a count of known cards); tests check that playing on a copy leaves the original's unchanged.
- ``LIST``, ``DICT``, ``SET``: a shallow copy (items shared, so they must be immutable themselves).
- ``COPY``: the value's own ``copy()``.
- ``optional(kind)``: None stays None, anything else is copied by ``kind``.
- ``each(kind)``: a list whose items are copied by ``kind`` (``each(LIST)`` is a list of lists);
  ``each(kind, length)`` for a list that is always ``length`` long, copied item by item.
- ``each_value(kind)``: a dict whose values are copied by ``kind``.
- ``tuple_of(*kinds)``: a tuple whose items are copied by the kinds in order.
"""

from __future__ import annotations

from collections.abc import Callable


class Kind:
    """How one slot's value is copied: ``write(expression, depth)`` gives the Python expression of the copy of
    the value ``expression`` names, with ``depth`` numbering the loop names of nested comprehensions."""

    __slots__ = ("name", "write", "reads_once", "shared")

    def __init__(self, name: str, write: Callable[[str, int], str], reads_once: bool = True, shared: bool = False):
        self.name = name
        self.write = write
        self.reads_once = reads_once
        """Whether the expression reads the value once (else the copier loads it into a local first)."""
        self.shared = shared
        """Whether the copy is the value itself."""

    def __repr__(self) -> str:
        return self.name


SHARED = Kind("SHARED", lambda value, depth: value, shared=True)
KEPT = Kind("KEPT", lambda value, depth: value, shared=True)
LIST = Kind("LIST", lambda value, depth: f"{value}[:]")
DICT = Kind("DICT", lambda value, depth: f"{value}.copy()")
SET = Kind("SET", lambda value, depth: f"{value}.copy()")
COPY = Kind("COPY", lambda value, depth: f"{value}.copy()")


def optional(kind: Kind) -> Kind:
    """None, or a value copied by ``kind``."""
    if kind.shared:
        return kind
    return Kind(f"optional({kind.name})",
                lambda value, depth: f"(None if {value} is None else {kind.write(value, depth)})", reads_once=False)


def each(kind: Kind, length: int | None = None) -> Kind:
    """A list whose items are copied by ``kind``; with ``length`` (a list always that long, e.g. one item per
    seat of a two-player game) the copy is written item by item, which is quicker than a loop."""
    if kind.shared:
        return LIST
    if length is not None:
        return Kind(f"each({kind.name}, {length})",
                    lambda value, depth: f"[{', '.join(kind.write(f'{value}[{i}]', depth) for i in range(length))}]",
                    reads_once=False)
    return Kind(f"each({kind.name})",
                lambda value, depth: f"[{kind.write(f'item{depth}', depth + 1)} for item{depth} in {value}]")


def each_value(kind: Kind) -> Kind:
    """A dict whose values are copied by ``kind``."""
    if kind.shared:
        return DICT
    return Kind(f"each_value({kind.name})",
                lambda value, depth: (f"{{key{depth}: {kind.write(f'item{depth}', depth + 1)} "
                                      f"for key{depth}, item{depth} in {value}.items()}}"))


def tuple_of(*kinds: Kind) -> Kind:
    """A tuple whose items are copied by ``kinds`` in order."""
    if all(kind.shared for kind in kinds):
        return SHARED
    names = ", ".join(kind.name for kind in kinds)

    def write(value: str, depth: int) -> str:
        items = "".join(f"{kind.write(f'{value}[{i}]', depth)}, " for i, kind in enumerate(kinds))
        return f"({items})"

    return Kind(f"tuple_of({names})", write, reads_once=False)


def declared_slots(cls: type) -> dict[str, Kind]:
    """Every slot of ``cls`` and of the classes it derives from, with its kind, bases' slots first; TypeError
    for a class in the chain whose slots are not all declared, or that has none (it would take any attribute)."""
    kinds = {}
    for klass in reversed(cls.__mro__[:-1]):
        own = klass.__dict__.get("__slots__")
        if own is None:
            raise TypeError(f"{klass.__qualname__} must declare __slots__ (a dict of slot -> copy kind)")
        if not isinstance(own, dict):
            if isinstance(own, str) or tuple(own):
                raise TypeError(f"{klass.__qualname__}.__slots__ must map each slot to how it is copied")
            continue
        for name, kind in own.items():
            if not isinstance(kind, Kind):
                raise TypeError(f"{klass.__qualname__}.{name} is declared with {kind!r}, not a copy kind")
        kinds.update(own)
    return kinds


def _copier(cls: type, kinds: dict[str, Kind]) -> Callable:
    """The function that copies an object of ``cls`` slot by slot, written from the declarations."""
    lines = ["def copy(self):", "    other = new(cls)"]
    for name, kind in kinds.items():
        if kind.reads_once:
            lines.append(f"    other.{name} = {kind.write(f'self.{name}', 0)}")
        else:
            lines += [f"    value = self.{name}", f"    other.{name} = {kind.write('value', 0)}"]
    lines.append("    return other")
    namespace = {"new": object.__new__, "cls": cls}
    exec(compile("\n".join(lines), f"<copy of {cls.__qualname__}>", "exec"), namespace)
    copy = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = "An independent copy, slot by slot as the class declares (see game.core.state_copy)."
    return copy


class DeclaredCopy:
    """Base of a position whose ``__slots__`` say how each slot is copied (see the module docstring); every
    subclass gets ``copy()``, which makes an independent copy of an object of that class."""

    __slots__ = ()
    copy_kinds: dict[str, Kind] = {}
    """Every slot with its kind, bases' slots included (what tests walk)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "copy" in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} declares how its slots are copied instead of writing copy()")
        cls.copy_kinds = declared_slots(cls)
        cls.copy = _copier(cls, cls.copy_kinds)
