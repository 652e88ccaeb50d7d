"""What a seat may do, sent compactly: the legal actions as short tables, and a placement decision as its boat's
masks instead of hundreds of ``Place`` actions.

A placement decision lists one action per legal place of a tile (734 for a cat on an empty boat, about 100 KB of
JSON). The hub sends instead the tile's shape, the boat's free cells and the cells a tile must touch (two integers
as hex) and the fields every one of those actions shares; the client lists the placements from them with the model's
own placement code (:func:`~isle_nb.model.parts.placements.enumerate_placements`), in the same order. The hub
only sends that form after checking that it expands to exactly the actions the rules list, so the client's
``legal_actions()`` always equals the game's. Every other run of actions of one kind is a table: the fields they
share once, then one row of the fields that vary per action.

:func:`compact` runs on the hub (it reads the game); :func:`expand` on the client (it reads only the message).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from isle_nb.model.core.contract import PlacementChoice
from isle_nb.model.core.records import plain, record_fields
from isle_nb.model.core.shell import GameShell
from isle_nb.model.parts.placements import count_placements, enumerate_placements, nth_placement
from isle_nb.model.parts.tiles import SHAPES

PLACEMENT_FIELDS = frozenset({"cells", "colour", "orientation", "anchor"})
"""The fields a placement entry fills per placement (the rest are shared by the whole decision)."""


class PlacementDecision(PlacementChoice):
    """One tile to place on one boat, as the rules said it (:meth:`Rules.placement_choices`): every legal place of
    ``shape`` on ``free`` cells meeting ``touch``, and how the hub lists, counts and rebuilds its actions."""

    __slots__ = ()

    @classmethod
    def of(cls, choice: PlacementChoice) -> PlacementDecision:
        """The decision the rules said as ``choice``."""
        return cls(choice.kind, choice.same, choice.shape, choice.free, choice.touch, choice.colours, choice.anchored)

    def to_dict(self) -> dict[str, Any]:
        """The entry as sent."""
        return {
            "kind": self.kind, "same": self.same, "shape": self.shape, "free": format(self.free, "x"),
            "touch": None if self.touch is None else format(self.touch, "x"), "colours": list(self.colours),
            "anchored": self.anchored,
        }

    def placements(self) -> list[Any]:
        """Every legal place of the tile, in the model's order."""
        return enumerate_placements(SHAPES[self.shape], self.free, self.touch)

    def count(self) -> int:
        """How many legal places the tile has (counted, not built)."""
        return count_placements(SHAPES[self.shape], self.free, self.touch)

    def lists(self, actions: Sequence[Any]) -> int:
        """How many of ``actions`` (from the first) are exactly this decision's actions, in order: all of the
        decision's, or 0. Compares fields instead of building the actions (the hub does this for every message)."""
        colours, anchored, kind, same = self.colours, self.anchored, self.kind, tuple(self.same.items())
        placements = self.placements()
        if len(actions) < len(placements) * len(colours):
            return 0
        count = 0
        for placement in placements:
            cells = placement.sorted_cells
            for colour in colours:
                action = actions[count]
                if action.kind != kind or action.colour != colour:
                    return 0
                if action.cells is not cells and action.cells != cells:  # the rules build it with this very tuple
                    return 0
                if anchored and (action.orientation != placement.orientation or action.anchor != placement.anchor):
                    return 0
                for name, value in same:
                    if getattr(action, name, None) != value:
                        return 0
                count += 1
        return count

    def actions(self, template: Any) -> list[Any]:
        """The decision's actions, built like ``template`` (an action of the decision's kind and shared fields)."""
        return [self.action(template, placement, colour) for placement in self.placements() for colour in self.colours]

    def action(self, template: Any, placement: Any, colour: str | None) -> Any:
        """The action placing the tile at ``placement`` (in ``colour``), built like ``template``."""
        cls = type(template)
        same = {f: getattr(template, f) for f in record_fields(cls) if f not in PLACEMENT_FIELDS}
        extra = {"orientation": placement.orientation, "anchor": placement.anchor} if self.anchored else {}
        return cls(**same, cells=placement.sorted_cells, colour=colour, **extra)


LONG_RUN = 16
"""A run of at least this many actions of one kind is checked against the placement decisions."""


def compact(game: GameShell, seat: str, actions: Sequence[Any],
            last: list[Any] | None = None) -> list[dict[str, Any]]:
    """``actions`` (the seat's legal actions, in order) as entries for :func:`expand`.

    ``last`` (a list kept by the caller for one seat, empty at first) holds the actions, placement decisions and
    entries of the call before: when the seat may do exactly the same as then (as a player waiting while others
    move usually may), those entries are given again, the very same object."""
    decisions = [PlacementDecision.of(choice) for choice in game.rules.placement_choices(game.state, seat)
                 ] if len(actions) >= LONG_RUN else []
    if last and last[0] == actions and last[1] == decisions:
        return last[2]
    entries = _compact(actions, decisions)
    if last is not None:
        last[:] = [actions, decisions, entries]
    return entries


def _compact(actions: Sequence[Any], decisions: list[PlacementDecision]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    start = 0
    while start < len(actions):
        kind = actions[start].kind
        end = start
        while end < len(actions) and actions[end].kind == kind:
            end += 1
        entries += _entries(actions[start:end], decisions)
        start = end
    return entries


def _entries(run: Sequence[Any], decisions: list[PlacementDecision]) -> list[dict[str, Any]]:
    """One run of actions of a kind: placement entries where a decision expands to exactly the next actions,
    tables of rows for the rest."""
    entries: list[dict[str, Any]] = []
    rows: list[Any] = []
    index = 0
    while index < len(run):
        for decision in decisions if len(run) - index >= LONG_RUN else ():
            listed = decision.lists(run[index:]) if decision.kind == run[index].kind else 0
            if listed:
                if rows:
                    entries.append(_table(rows))
                    rows = []
                entries.append({"placements": decision.to_dict()})
                index += listed
                break
        else:
            rows.append(run[index])
            index += 1
    if rows:
        entries.append(_table(rows))
    return entries


def _table(actions: Sequence[Any]) -> dict[str, Any]:
    """Actions of one kind as ``{"kind", "same": shared fields, "vary": names, "rows": [[values], ...]}`` (the
    fields of their ``to_dict()``; one kind is one class, so the names are read once)."""
    first = actions[0].to_dict()
    names = [n for n in first if n != "kind"]
    columns = [[getattr(a, n) for a in actions] for n in names]
    vary = [n for n, column in zip(names, columns, strict=True) if any(v != column[0] for v in column)]
    varying = [[plain(v) for v in column] for n, column in zip(names, columns, strict=True) if n in vary]
    return {
        "kind": first["kind"],
        "same": {n: first[n] for n in names if n not in vary},
        "vary": vary,
        "rows": [list(row) for row in zip(*varying, strict=True)] if varying else [[] for _ in actions],
    }


def _decision(found: Any) -> PlacementDecision:
    touch = found["touch"]
    return PlacementDecision(found["kind"], dict(found["same"]), found["shape"], int(found["free"], 16),
                             None if touch is None else int(touch, 16), tuple(found["colours"]),
                             bool(found["anchored"]))


def _template(decision: PlacementDecision, decode: Callable[[Any], Any]) -> Any:
    """An action of the decision's kind and shared fields (its placement fields blank), checked by ``decode``."""
    anchor = {"orientation": None, "anchor": None} if decision.anchored else {}
    return decode({"kind": decision.kind, **decision.same, "cells": [], "colour": None, **anchor})


def _row(entry: Any, row: Any, decode: Callable[[Any], Any]) -> Any:
    return decode({"kind": entry["kind"], **entry["same"], **dict(zip(entry["vary"], row, strict=True))})


def expand(entries: Any, decode: Callable[[Any], Any]) -> list[Any]:
    """The actions :func:`compact` sent, rebuilt with ``decode`` (the rules' ``action_from_dict``, which refuses
    anything malformed with :class:`~isle_nb.model.core.errors.InvalidSave`)."""
    actions: list[Any] = []
    for entry in entries:
        if "placements" in entry:
            decision = _decision(entry["placements"])
            actions += decision.actions(_template(decision, decode))
        else:
            actions += [_row(entry, row, decode) for row in entry["rows"]]
    return actions


def sizes(entries: Any) -> list[int]:
    """How many actions each entry stands for (without building them)."""
    found = []
    for entry in entries:
        if "placements" in entry:
            decision = _decision(entry["placements"])
            found.append(decision.count() * len(decision.colours))
        else:
            found.append(len(entry["rows"]))
    return found


def action_at(entries: Any, index: int, decode: Callable[[Any], Any]) -> Any:
    """The action number ``index`` of :func:`expand`'s list, built alone (a client choosing one action need not
    build hundreds)."""
    for entry, size in zip(entries, sizes(entries), strict=True):
        if index >= size:
            index -= size
            continue
        if "placements" not in entry:
            return _row(entry, entry["rows"][index], decode)
        decision = _decision(entry["placements"])
        placement = nth_placement(SHAPES[decision.shape], decision.free, decision.touch,
                                  index // len(decision.colours))
        return decision.action(_template(decision, decode), placement, decision.colours[index % len(decision.colours)])
    raise IndexError(f"no action number {index}")


__all__ = ["PlacementDecision", "action_at", "compact", "expand", "sizes"]
