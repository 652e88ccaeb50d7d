"""The end of a Pocket Cats game (POCKET-3, POCKET-4, POCKET-6), as a pure function with explained steps.

:func:`resolve` takes the final grid and returns an :class:`EndResult`: every step in the order of POCKET-6, each
with a sentence saying what happened and a snapshot of the grid, every prey's capture with who helped, and the
scores with the tie-break. The same code scores a *preview* of an unfinished grid for the greedy bot (face-down
tiles count for nothing there, and no chief acts before the dogs).

Order (POCKET-6): chiefs acting before the dogs (Defenders of Justice swap with the centre, Royal Claws turn a
dog), the dogs attack, the Crooks chief eliminates, the Chaoticats' value is fixed, the prey are captured (with
the Gourmets' and Power Cats' chiefs' longer reach), the Chaoticats chief completes a pair, then scoring (with
the Gourmets' and Crooks' bonuses). When both clans act at the same point, the clan whose chief has the higher
attack goes first; the Chaoticats chief's attack for this is the value after the dogs attack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.parts.words import YOU, plural, subject
from isle_nb.model.pocket import data
from isle_nb.model.pocket.board import (
    CENTRE,
    Cell,
    Grid,
    Square,
    cell_of,
    diagonal_neighbours,
    dog_arrows,
    dog_targets,
    find,
    index,
    name,
    orthogonal_neighbours,
    put,
    swap,
)
from isle_nb.model.pocket.tiles import CLANS, PocketTile, tile

Helper = tuple[str, str, int, str]
"""One cat helping to catch a prey: (clan key, tile id, attack counted, how: edge / corner / row / column)."""


@dataclass(frozen=True, slots=True)
class Capture:
    """Who caught one prey tile, and why (POCKET-3)."""

    prey: str
    """The prey tile id."""
    cell: Cell
    attack: tuple[tuple[str, int], ...]
    """Each clan's total attack on this prey, in player order."""
    helpers: tuple[Helper, ...]
    winner: str | None
    """The clan that caught it, or ``None``."""
    how: str
    """``"attack"`` (higher total), ``"tie"`` (equal totals, nobody), ``"none"`` (no cat), ``"pair"`` (Chaoticats
    chief completing a pair)."""


@dataclass(frozen=True, slots=True)
class ClanScore:
    """One clan's score: prey points, the pigeon/fly pair bonus and its clan effect's bonus."""

    player: str
    clan: str
    prey: tuple[str, ...]
    """Prey tile ids caught."""
    prey_points: int
    """Sum of the printed points of the prey caught."""
    pair_bonus: int
    """Extra points from owning both pigeons (10 instead of 7: +3) or both flies (12 instead of 7: +5)."""
    clan_bonus: int
    """Gourmets: +1 per prey caught; Crooks: +1 per Crook face up at the end (clan effects on)."""

    @property
    def total(self) -> int:
        """The clan's victory points."""
        return self.prey_points + self.pair_bonus + self.clan_bonus

    @property
    def prey_count(self) -> int:
        """How many prey tiles the clan caught (the tie-break, POCKET-4)."""
        return len(self.prey)


@dataclass(frozen=True, slots=True)
class EndStep:
    """One step of the end-game sequence, with the grid as it is after the step."""

    rule: str
    title: str
    text: str
    grid: Grid
    cells: tuple[Cell, ...] = ()
    """Cells this step is about (to highlight)."""
    captured: tuple[tuple[Cell, str], ...] = ()
    """Prey caught so far: (cell, clan key)."""
    chaoticats_value: int | None = None
    """The Chaoticats' attack once fixed (``None`` before, or without Chaoticats)."""


@dataclass(frozen=True, slots=True)
class EndResult:
    """The whole resolution of a finished game."""

    players: tuple[str, str]
    clans: tuple[str, str]
    effects: bool
    grid: Grid
    """The grid after every step (eliminated cats face down)."""
    steps: tuple[EndStep, ...]
    captures: tuple[Capture, ...]
    scores: tuple[ClanScore, ClanScore]
    winners: tuple[str, ...]
    """The winning player, or both players for a shared victory (POCKET-4)."""
    chaoticats_value: int | None
    rotation: tuple[Cell, int] | None
    """The dog the Royal Claws chief turned, and by how many quarter turns."""

    def score(self, player_or_clan: str) -> ClanScore:
        """The score of a player (by name) or a clan (by key)."""
        for score in self.scores:
            if player_or_clan in (score.player, score.clan):
                return score
        raise KeyError(player_or_clan)


# -- helpers ----------------------------------------------------------------------------------------------------
def chaoticats_value(face_up: int) -> int:
    """Every Chaoticat's attack when ``face_up`` of them are face up (0 if none is)."""
    return data.CHAOTICATS_VALUES.get(face_up, 0)


def attack_of(piece: PocketTile, chaos: int | None) -> int:
    """A cat's attack; a Chaoticat's is the clan's current value (0 while unknown)."""
    if piece.attack is not None:
        return piece.attack
    return chaos or 0


def describe(piece: PocketTile, chaos: int | None = None) -> str:
    """A tile's label, showing a Chaoticat's value once it is known."""
    if piece.kind == "cat" and piece.attack is None and chaos:
        return f"Chaoticats {'chief ' if piece.chief else ''}({chaos})"
    return piece.label


def clan_name(key: str) -> str:
    """A clan's short name ("Royal Claws")."""
    return CLANS[key].name.removeprefix("The ")


def chief_order(clans: Sequence[str], chaos: int | None) -> list[str]:
    """The clans ordered for end-game abilities: higher chief attack first (POCKET-6); ties keep player order."""
    def chief(key: str) -> int:
        value = CLANS[key].chief_attack
        return value if value is not None else (chaos or 0)

    return sorted(clans, key=lambda k: -chief(k))


def rotation_options(grid: Grid, clans: Sequence[str], effects: bool) -> list[Cell]:
    """The dogs the Royal Claws chief may turn: face-up dogs sharing an edge with her (POCKET-6)."""
    if not effects or "royal claws" not in clans:
        return []
    chief = CLANS["royal claws"].chief_id
    try:
        where = find(grid, chief)
    except KeyError:
        return []
    if not grid[index(where)].face_up:
        return []
    return [c for c in orthogonal_neighbours(where) if grid[index(c)].face_up and grid[index(c)].piece.kind == "dog"]


def before_rotation(grid: Grid, clans: Sequence[str], effects: bool) -> Grid:
    """The grid once the automatic pre-attack abilities that come before the Royal Claws' choice are done.

    The Defenders of Justice chief (attack 9) outranks the Royal Claws chief (5), so his swap with the centre
    always happens first and the Royal Claws choose their dog on the grid that results.
    """
    grid, _ = _pre_attack(grid, clans, effects, None, stop_at_royal_claws=True)
    return grid


def _pre_attack(
    grid: Grid, clans: Sequence[str], effects: bool, rotation: tuple[Cell, int] | None, stop_at_royal_claws: bool
) -> tuple[Grid, list[tuple[str, str, tuple[Cell, ...]]]]:
    notes: list[tuple[str, str, tuple[Cell, ...]]] = []
    if not effects:
        return grid, notes
    for key in chief_order(clans, None):
        if key == "defenders of justice":
            chief = find(grid, CLANS[key].chief_id)
            if chief == CENTRE:
                notes.append(("Defenders of Justice chief", "The Defenders' chief already stands in the centre.",
                              (CENTRE,)))
            else:
                moved = grid[index(CENTRE)].piece
                grid = swap(grid, chief, CENTRE)
                notes.append((
                    "Defenders of Justice chief",
                    f"Before the dogs attack, the Defenders' chief leaves {name(chief)} for the centre; "
                    f"{moved.label} goes to {name(chief)}.",
                    (chief, CENTRE),
                ))
        elif key == "royal claws":
            if stop_at_royal_claws:
                break
            options = rotation_options(grid, clans, effects)
            if rotation is not None:
                cell, turns = rotation
                if cell not in options:
                    raise IllegalAction(
                        "POCKET-6",
                        f"the Royal Claws chief can only turn a dog next to her, not the tile on {name(cell)}",
                    )
                if turns not in (1, 2, 3):
                    raise IllegalAction("POCKET-6", f"a dog turns by 1, 2 or 3 quarter turns, not {turns}")
                square = grid[index(cell)]
                turned = Square(square.tile, square.face_up, (square.turn + turns) % 4)
                grid = put(grid, cell, turned)
                amount = {1: "a quarter turn", 2: "a half turn", 3: "three quarter turns"}[turns]
                notes.append((
                    "Royal Claws chief",
                    f"The Royal Claws' chief turns {square.piece.label} on {name(cell)} by {amount} clockwise: its "
                    f"arrows now point {', '.join(dog_arrows(square.piece, turned.turn))}.",
                    (cell,),
                ))
            elif options:
                notes.append(("Royal Claws chief", "The Royal Claws' chief could turn a dog next to her but leaves "
                              "the dogs as they are.", tuple(options)))
            else:
                notes.append(("Royal Claws chief", "The Royal Claws' chief touches no dog, so she turns none.", ()))
    return grid, notes


# -- the resolution ---------------------------------------------------------------------------------------------
def resolve(
    grid: Grid,
    players: tuple[str, str],
    clans: tuple[str, str],
    effects: bool,
    rotation: tuple[Cell, int] | None = None,
    preview: bool = False,
) -> EndResult:
    """Resolve the end of a game on ``grid`` (POCKET-3, POCKET-4, POCKET-6).

    ``rotation`` is the Royal Claws chief's choice (dog cell, quarter turns), or ``None``. With ``preview`` the grid
    may still hold face-down tiles (they take no part) and no chief acts before the dogs: the greedy bot uses this
    to judge a position. Raises :class:`IllegalAction` (POCKET-6) for a rotation the chief cannot make.
    """
    steps: list[EndStep] = []
    captured: list[tuple[Cell, str]] = []
    chaos: int | None = None

    def step(rule: str, title: str, text: str, cells: Sequence[Cell] = ()) -> None:
        if not preview:
            steps.append(EndStep(rule, title, text, grid, tuple(cells), tuple(captured), chaos))

    step("POCKET-3", "Last tile placed", "Every tile is face up: the game is over and the end-game steps begin.")

    # 0. chiefs acting before the dogs
    if not preview:
        grid, notes = _pre_attack(grid, clans, effects, rotation, stop_at_royal_claws=False)
        for title, text, cells in notes:
            step("POCKET-6", title, text, cells)
    elif rotation is not None:
        raise ValueError("a preview takes no rotation")

    # 1. the dogs attack
    bites: list[str] = []
    bitten: list[Cell] = []
    dogs: list[Cell] = []
    squares = list(grid)
    immune = CLANS["polterkitties"].chief_id if effects and "polterkitties" in clans else None
    for position, square in enumerate(grid):
        if not square.face_up or square.piece.kind != "dog":
            continue
        here = cell_of(position)
        for target in dog_targets(square, here):
            victim = grid[index(target)]
            if not victim.face_up or victim.piece.kind != "cat":
                continue
            if victim.tile == immune:
                bites.append(f"{square.piece.label} on {name(here)} cannot catch the Polterkitties' chief "
                             f"on {name(target)}")
                continue
            dogs.append(here)
            if target in bitten:
                bites.append(f"{square.piece.label} on {name(here)} also points at {victim.piece.label} on "
                             f"{name(target)}")
                continue
            squares[index(target)] = victim.flipped(False)
            bitten.append(target)
            bites.append(f"{square.piece.label} on {name(here)} turns {victim.piece.label} on {name(target)} face down")
    grid = tuple(squares)
    text = "; ".join(bites) + "." if bites else "No face-up cat is under a dog's arrow."
    step("POCKET-3", "The dogs attack", text[0].upper() + text[1:], [*dogs, *bitten])

    # 2. the Crooks chief and the Chaoticats' value, in chief order
    has_chaos = "chaoticats" in clans
    provisional = chaoticats_value(_face_up_count(grid, "chaoticats")) if has_chaos else None
    crooks_act = effects and "crooks" in clans
    order = chief_order([k for k in clans if k in ("crooks", "chaoticats")], provisional)
    for key in order:
        if key == "crooks" and crooks_act:
            grid, text, where = _crooks_chief(grid, chaos if chaos is not None else provisional)
            step("POCKET-6", "The Crooks' chief", text, where)
        elif key == "chaoticats":
            count = _face_up_count(grid, "chaoticats")
            chaos = chaoticats_value(count)
            if count:
                text = (f"{count} Chaoticat{'s are' if count > 1 else ' is'} still face up, so each Chaoticat has "
                        f"attack {chaos}.")
            else:
                text = "No Chaoticat is face up any more, so they catch nothing."
            cats = [cell_of(p) for p, s in enumerate(grid) if s.face_up and s.piece.clan == "chaoticats"]
            step("POCKET-6", "The Chaoticats' value", text, cats)

    # 3. capture the prey
    captures: list[Capture] = []
    for position, square in enumerate(grid):
        if not square.face_up or square.piece.kind != "prey":
            continue
        capture = _capture(grid, cell_of(position), clans, effects, chaos)
        captures.append(capture)
        if capture.winner is not None:
            captured.append((capture.cell, capture.winner))
        step("POCKET-3", f"{square.piece.label} on {name(capture.cell)}", _capture_text(capture, grid, chaos),
             [capture.cell, *(find(grid, h[1]) for h in capture.helpers)])

    # 4. the Chaoticats chief completes a pair
    if effects and has_chaos:
        captures, text, where = _pair_catch(captures, grid)
        for capture in captures:
            if capture.how == "pair":
                captured.append((capture.cell, "chaoticats"))
        step("POCKET-6", "The Chaoticats' chief", text, where)

    # 5. scoring and the tie-break
    scores = tuple(_score(grid, player, key, captures, effects) for player, key in zip(players, clans, strict=True))
    first, second = scores
    if first.total != second.total:
        winners: tuple[str, ...] = (max(scores, key=lambda s: s.total).player,)
    elif first.prey_count != second.prey_count:
        winners = (max(scores, key=lambda s: s.prey_count).player,)
    else:
        winners = players
    step("POCKET-4", "Scores", _score_text(scores, winners))
    return EndResult(
        players, clans, effects, grid, tuple(steps), tuple(captures), (first, second), winners, chaos, rotation
    )


def _face_up_count(grid: Grid, clan: str) -> int:
    return sum(1 for s in grid if s.face_up and s.piece.kind == "cat" and s.piece.clan == clan)


def _crooks_chief(grid: Grid, chaos: int | None) -> tuple[Grid, str, list[Cell]]:
    chief_id = CLANS["crooks"].chief_id
    where = find(grid, chief_id)
    if not grid[index(where)].face_up:
        return grid, "The Crooks' chief was turned face down by a dog, so he eliminates nobody.", [where]
    chief = tile(chief_id)
    assert chief.attack is not None
    gone: list[Cell] = []
    for cell in orthogonal_neighbours(where):
        square = grid[index(cell)]
        if square.face_up and square.piece.kind == "cat" and attack_of(square.piece, chaos) < chief.attack:
            gone.append(cell)
    labels = [f"{describe(grid[index(c)].piece, chaos)} on {name(c)}" for c in gone]
    for cell in gone:
        grid = put(grid, cell, grid[index(cell)].flipped(False))
    if labels:
        text = f"The Crooks' chief on {name(where)} turns face down every weaker cat beside him: {', '.join(labels)}."
    else:
        text = f"The Crooks' chief on {name(where)} has no weaker cat beside him."
    return grid, text, [where, *gone]


def _capture(grid: Grid, cell: Cell, clans: tuple[str, str], effects: bool, chaos: int | None) -> Capture:
    helpers: list[Helper] = []
    prey = grid[index(cell)]
    edge = set(orthogonal_neighbours(cell))
    for position, square in enumerate(grid):
        piece = square.piece
        if not square.face_up or piece.kind != "cat" or piece.clan not in clans:
            continue
        here = cell_of(position)
        how = None
        if here in edge:
            how = "edge"
        elif effects and piece.chief and piece.clan == "gourmets" and here in diagonal_neighbours(cell):
            how = "corner"
        elif effects and piece.chief and piece.clan == "power cats" and (here[0] == cell[0] or here[1] == cell[1]):
            how = "row" if here[0] == cell[0] else "column"
        if how is not None:
            assert piece.clan is not None
            helpers.append((piece.clan, piece.id, attack_of(piece, chaos), how))
    totals = tuple((key, sum(h[2] for h in helpers if h[0] == key)) for key in clans)
    (a, first), (b, second) = totals
    if first == second:
        winner, how = None, ("none" if first == 0 else "tie")
    else:
        winner, how = (a if first > second else b), "attack"
    return Capture(prey.tile, cell, totals, tuple(helpers), winner, how)


HOW_WORDS = {"edge": "", "corner": ", at a corner", "row": ", along the row", "column": ", along the column"}


def _capture_text(capture: Capture, grid: Grid, chaos: int | None) -> str:
    parts = []
    for key, total in capture.attack:
        mine = [h for h in capture.helpers if h[0] == key]
        if mine:
            detail = ", ".join(f"{describe(tile(h[1]), chaos)} on {name(find(grid, h[1]))}{HOW_WORDS[h[3]]}"
                               for h in mine)
            parts.append(f"{clan_name(key)} {total}: {detail}")
        else:
            parts.append(f"{clan_name(key)} 0")
    head = "; ".join(parts) + "."
    if capture.how == "attack":
        assert capture.winner is not None
        return f"{head} The {clan_name(capture.winner)} catch it."
    if capture.how == "tie":
        return f"{head} A tie, so nobody catches it."
    return "No face-up cat hunts it, so nobody catches it."


def _pair_catch(captures: list[Capture], grid: Grid) -> tuple[list[Capture], str, list[Cell]]:
    chief_id = CLANS["chaoticats"].chief_id
    done: list[str] = []
    where: list[Cell] = []
    result = list(captures)
    for kind in ("pigeon", "fly"):
        pair = [c for c in result if tile(c.prey).prey == kind]
        if len(pair) != 2:
            continue
        for mine, other in (pair, pair[::-1]):
            helped = any(h[1] == chief_id for h in mine.helpers)
            if mine.winner == "chaoticats" and helped and other.winner is None:
                result[result.index(other)] = Capture(other.prey, other.cell, other.attack, other.helpers,
                                                      "chaoticats", "pair")
                done.append(f"{tile(other.prey).label} on {name(other.cell)}")
                where.append(other.cell)
                break
    if done:
        text = f"The Chaoticats' chief helped catch one of a pair, so the Chaoticats also take {', '.join(done)}."
    else:
        text = "The Chaoticats' chief has no half-caught pair to complete."
    where.append(find(grid, chief_id))
    return result, text, where


def _score(grid: Grid, player: str, key: str, captures: Sequence[Capture], effects: bool) -> ClanScore:
    prey = tuple(c.prey for c in captures if c.winner == key)
    points = sum(tile(p).points for p in prey)
    pair_bonus = 0
    for kind, together in data.PAIR_POINTS.items():
        pair = [p for p in prey if tile(p).prey == kind]
        if len(pair) == 2:
            pair_bonus += together - sum(tile(p).points for p in pair)
    bonus = 0
    if effects and key == "gourmets":
        bonus = len(prey)
    elif effects and key == "crooks":
        bonus = _face_up_count(grid, "crooks")
    return ClanScore(player, key, prey, points, pair_bonus, bonus)


def _score_text(scores: Sequence[ClanScore], winners: tuple[str, ...]) -> str:
    lines = []
    for s in scores:
        parts = [f"prey {s.prey_points}"]
        if s.pair_bonus:
            parts.append(f"pairs +{s.pair_bonus}")
        if s.clan_bonus:
            parts.append(f"clan effect +{s.clan_bonus}")
        lines.append(f"{s.player} ({clan_name(s.clan)}): {' '.join(parts)} = {plural(s.total, 'point')}, "
                     f"{plural(s.prey_count, 'prey tile')}")
    first, second = scores
    if len(winners) == 2:
        verdict = "Same points and same number of prey tiles: the victory is shared."
    elif first.total == second.total:
        verdict = f"Same points; {winners[0]} caught more prey tiles and {'win' if winners[0] == YOU else 'wins'}."
    else:
        verdict = f"{subject(winners[0], 'wins')}."
    return "; ".join(lines) + ". " + verdict
