"""Pocket Cats components as typed values: :class:`Clan` and :class:`PocketTile`, built from :mod:`.data`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.pocket import data

TileKind = Literal["cat", "prey", "dog"]


@dataclass(frozen=True, slots=True)
class Clan:
    """One of the 7 clans: its five cats, its clan effect and its chief ability (§D.1)."""

    key: str
    """Lower-case name without "The", e.g. ``"royal claws"``; this is how the API names a clan."""
    name: str
    abbreviation: str
    colour: str
    attack: tuple[int | None, ...]
    """Attack of cats 1-5 (cat 5 is the chief); ``None`` for the Chaoticats, whose value is set at the end."""
    effect_timing: Literal["permanent", "end"]
    effect: str
    effect_text: str
    chief: str
    chief_text: str

    @property
    def slug(self) -> str:
        """The key with dashes, used in tile ids (``"royal-claws"``)."""
        return self.key.replace(" ", "-")

    @property
    def chief_attack(self) -> int | None:
        """The chief's printed attack (``None`` for the Chaoticats)."""
        return self.attack[data.CHIEF_NUMBER - 1]

    @property
    def chief_id(self) -> str:
        """The tile id of the chief."""
        return f"{self.slug}-{data.CHIEF_NUMBER}"

    @property
    def tile_ids(self) -> tuple[str, ...]:
        """The ids of the clan's five cats, chief last."""
        return tuple(f"{self.slug}-{n}" for n in range(1, 6))


@dataclass(frozen=True, slots=True)
class PocketTile:
    """One of the 50 tiles: a cat (of a clan), a prey (mouse, pigeon, fly) or a dog."""

    id: str
    kind: TileKind
    clan: str | None = None
    """The clan key of a cat."""
    number: int = 0
    """A cat's number in its clan (1-5, 5 = chief)."""
    attack: int | None = None
    """A cat's printed attack (``None`` for Chaoticats)."""
    prey: str | None = None
    """``"mouse"``, ``"pigeon"`` or ``"fly"``."""
    points: int = 0
    """A prey tile's victory points."""
    arrows: tuple[str, ...] = ()
    """A dog's arrows as printed (compass directions, N = up)."""
    breed: str = ""

    @property
    def chief(self) -> bool:
        """True for a clan chief."""
        return self.kind == "cat" and self.number == data.CHIEF_NUMBER

    @property
    def label(self) -> str:
        """A short human name: "Royal Claws chief (5)", "Gourmets 4", "Mouse 4", "Dog 3 (spaniel)"."""
        if self.kind == "cat":
            assert self.clan is not None
            name = CLANS[self.clan].name.removeprefix("The ")
            value = "?" if self.attack is None else str(self.attack)
            return f"{name} chief ({value})" if self.chief else f"{name} {value}"
        if self.kind == "prey":
            assert self.prey is not None
            return f"{self.prey.capitalize()} {self.points}"
        return f"Dog {self.id.split('-')[1]} ({self.breed})"


CLANS: dict[str, Clan] = {c["key"]: Clan(**c) for c in data.CLANS}
"""The 7 clans by key, in the published order."""

CLAN_KEYS: tuple[str, ...] = tuple(CLANS)


def _build_tiles() -> dict[str, PocketTile]:
    tiles: dict[str, PocketTile] = {}
    for clan in CLANS.values():
        for number, (tile_id, attack) in enumerate(zip(clan.tile_ids, clan.attack, strict=True), start=1):
            tiles[tile_id] = PocketTile(tile_id, "cat", clan=clan.key, number=number, attack=attack)
    for prey in data.PREY:
        tiles[prey["id"]] = PocketTile(prey["id"], "prey", prey=prey["prey"], points=prey["points"])
    for dog in data.DOGS:
        tiles[dog["id"]] = PocketTile(dog["id"], "dog", arrows=tuple(dog["arrows"]), breed=dog["breed"])
    return tiles


TILES: dict[str, PocketTile] = _build_tiles()
"""All 50 tiles by id (35 cats, 10 prey, 5 dogs)."""

PREY_IDS: tuple[str, ...] = tuple(p["id"] for p in data.PREY)
DOG_IDS: tuple[str, ...] = tuple(d["id"] for d in data.DOGS)


def tile(tile_id: str) -> PocketTile:
    """The tile with this id; raises ``KeyError`` for an unknown id."""
    return TILES[tile_id]


def clan_key(name: str) -> str:
    """Normalise a clan name ("Royal Claws", "the royal_claws", "RC") to its key; raises IllegalAction(POCKET-5)."""
    text = str(name).strip().lower().replace("_", " ").replace("-", " ")
    text = text.removeprefix("the ")
    for clan in CLANS.values():
        if text in (clan.key, clan.abbreviation.lower(), clan.key.replace(" ", "")):
            return clan.key
    raise IllegalAction("POCKET-5", f"there is no clan called {quote(name)}; choose one of {', '.join(CLAN_KEYS)}")


def exact_clan_key(name: object) -> str:
    """``name`` if it is a clan's key exactly as the rules write it ("royal claws"); IllegalAction(POCKET-5) for
    anything else. What a game is set up with and what an action keeps come from a program or over the wire, where
    one spelling is a choice and another is a mistake: :func:`clan_key` reads people's spellings."""
    if isinstance(name, str) and name in CLANS:
        return name
    raise IllegalAction("POCKET-5", f"there is no clan called {quote(name)}; choose one of {', '.join(CLAN_KEYS)}")


def clan(name: str) -> Clan:
    """The clan by (any spelling of) its name."""
    return CLANS[clan_key(name)]


def game_tile_ids(clans: tuple[str, str]) -> tuple[str, ...]:
    """The 25 tiles of a game between these two clans (10 cats, 10 prey, 5 dogs), in a fixed order."""
    return (*CLANS[clans[0]].tile_ids, *CLANS[clans[1]].tile_ids, *PREY_IDS, *DOG_IDS)
