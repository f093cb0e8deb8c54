"""Ghost Stories' fixed action space and observation tensor (layout: docs/games/ghost_stories.md,
"Encoding for learning agents").

Every action has an id fixed by its kind and values (tiles 0-8, spaces 0-11, boards and Taoists
0-3, the five Tao colours), but for two choices the rules list in ways no plain table of values
holds:

- ``reroll dice=...``: the bit mask of the dice rerolled (at most 6 dice);
- ``banish ghosts=... tokens=...``: the ghosts banished (one space, or the two a corner tile
  faces: 16 choices), then the payment by its content, the same in every position. A payment in
  one colour or none is one id: no token, or its colour and how many tokens of it each of the
  four boards pays (1 to 4 in all: the box holds 4 of a colour), :data:`ONE_COLOUR_PAYMENTS` ids.
  A payment in two colours or more (two ghosts of different colours, a many-coloured
  incarnation) is spelled in one such id per colour, in the order of ``COLOURS``: what each
  colour's tokens are and who pays them, chosen one colour after another (its content in one id
  would need one per split of up to four tokens of each of five colours among four boards, 70 **
  5 of them). The rules list minimal payments only, so no legal payment's ids begin another's.

The tensor ends with the parts of a payment a seat has staged so far (empty but while it is
spelling one). The tensor reads the public table only (every seat sees the same, the ghost deck's order never).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any, cast

from ghosttable.core.actions import Action
from ghosttable.core.errors import IllegalActionError
from ghosttable.core.state import Game, State
from ghosttable.games.encoding import (
    ActionFamily,
    ActionSpace,
    Family,
    GameEncoding,
    SubsetFamily,
    TensorBuilder,
)
from ghosttable.games.ghost_stories.cards import COLOURS, load_data
from ghosttable.games.ghost_stories.rules import NO_PARAMETER_KINDS
from ghosttable.games.ghost_stories.village import FACING

TILES = tuple(range(9))
SPACES = tuple(range(12))
BOARDS = tuple(range(4))
TOKENS_PER_COLOUR = load_data().tokens_per_colour
"""Tao tokens of one colour in the box (4): the most of a colour one payment holds."""
SPLITS: tuple[tuple[int, ...], ...] = tuple(
    sorted(
        (
            split
            for split in itertools.product(range(TOKENS_PER_COLOUR + 1), repeat=len(BOARDS))
            if 1 <= sum(split) <= TOKENS_PER_COLOUR
        ),
        key=lambda split: (sum(split), split),
    )
)
"""The ways the four boards can pay 1 to 4 tokens of one colour (tokens per board), in id order."""
ONE_COLOUR_PAYMENTS = 1 + len(COLOURS) * len(SPLITS)
"""The ids of the payments in one colour or none, per choice of ghosts: none, then by colour and split.
A payment in several colours is spelled in several of them, one per colour."""
NO_PARAMETER = NO_PARAMETER_KINDS
GHOST_CHOICES: tuple[tuple[int, ...], ...] = tuple(sorted({(s,) for s in SPACES} | {f for f in FACING if len(f) == 2}))
"""What one exorcism may banish: a ghost on one space, or the two a corner tile faces."""
PHASES = ("yang_move", "yang_action", "yang_buddha", "yin", "over")
DECISIONS = (
    "yang_move",
    "yang_action",
    "yang_buddha",
    "place_ghost",
    "choose_victim",
    "reroll_tao_dice",
    "reroll_curse_die",
    "resolve_exorcism",
    "choose_token_colour",
    "qi_or_yin_yang",
    "discard_token",
    "incarnation_qi",
    "incarnation_yin_yang",
    "pavilion_taoist",
    "herbalist_white",
)
TAO_FACES = (*COLOURS, "white")
CURSE_FACES = ("blank", "haunt", "ghost", "lose_tokens", "lose_qi")
LEVELS = ("initiation", "normal", "nightmare", "hell")
DECK_POSITIONS = 70
"""Cards of the deck whose incarnation flag the tensor holds (the deck is shorter)."""


_SPLIT_INDEX = {split: i for i, split in enumerate(SPLITS)}
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
_GHOSTS_INDEX = {ghosts: i for i, ghosts in enumerate(GHOST_CHOICES)}


def one_colour_payment(tokens: Sequence[str]) -> int | None:
    """The content index of a payment of ``board:colour`` tokens in one colour or none (in
    ``[0, ONE_COLOUR_PAYMENTS)``), ``None`` for a payment in several colours or with a token of no
    board, colour or count the table holds (see the module)."""
    if not tokens:
        return 0
    split = [0] * len(BOARDS)
    colours = set()
    for token in tokens:
        board, _, colour = str(token).partition(":")
        if colour not in _COLOUR_INDEX or not board.isdigit() or int(board) >= len(BOARDS):
            return None
        colours.add(colour)
        split[int(board)] += 1
    got = _SPLIT_INDEX.get(tuple(split))
    if len(colours) != 1 or got is None:
        return None
    return 1 + _COLOUR_INDEX[colours.pop()] * len(SPLITS) + got


def payment_parts(tokens: Sequence[str]) -> tuple[int, ...]:
    """The content indexes of a payment's colours, one per colour it holds in the order of
    ``COLOURS`` (``(0,)`` for no token): what spells it (see the module).

    Raises:
        IllegalActionError: a token of no board or colour, or more of a colour than the box holds.
    """
    if not tokens:
        return (0,)
    by_colour: dict[str, list[str]] = {}
    for token in tokens:
        by_colour.setdefault(str(token).partition(":")[2], []).append(str(token))
    parts = []
    for colour in sorted(by_colour, key=lambda c: _COLOUR_INDEX.get(c, len(COLOURS))):
        got = one_colour_payment(by_colour[colour])
        if got is None:
            raise IllegalActionError(f"a payment of {', '.join(tokens)} has no id: {colour} is past the table")
        parts.append(got)
    return tuple(parts)


class PaymentFamily(ActionFamily):
    """``banish``: the ghosts banished, then a payment's colour part (see the module); an action's
    index is that of its first part, :meth:`spelling` gives them all."""

    kind = "banish"
    names = ("ghosts", "tokens")
    size = len(GHOST_CHOICES) * ONE_COLOUR_PAYMENTS

    def ghosts_index(self, action: Action) -> int:
        """The place of the action's ghosts among :data:`GHOST_CHOICES`."""
        got = _GHOSTS_INDEX.get(cast("tuple[int, ...]", action["ghosts"]))
        if got is None:
            raise IllegalActionError(f"{action} has no id: ghosts={action['ghosts']!r} is outside its domain")
        return got

    def spelling(self, action: Action) -> tuple[int, ...]:
        """The action's indexes in the block, one per colour of its payment."""
        base = self.ghosts_index(action) * ONE_COLOUR_PAYMENTS
        return tuple(base + part for part in payment_parts(cast("tuple[str, ...]", action["tokens"])))

    def index(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """The index of the ghosts and of the payment's first colour."""
        return self.spelling(action)[0]

    def staged(self, index: int) -> tuple[tuple[int, ...], str, tuple[int, ...]]:
        """The ghosts, colour and split (tokens per board) of a part's index (not the empty payment)."""
        ghosts, part = divmod(index, ONE_COLOUR_PAYMENTS)
        colour, split = divmod(part - 1, len(SPLITS))
        return GHOST_CHOICES[ghosts], COLOURS[colour], SPLITS[split]

    def describe(self) -> str:
        """``banish(ghosts[16] x payment part[346])``."""
        return f"banish(ghosts[{len(GHOST_CHOICES)}] x payment part[{ONE_COLOUR_PAYMENTS}])"


def action_families() -> list[ActionFamily]:
    """The families of Ghost Stories' actions, in id order."""
    colours = tuple(COLOURS)
    fams: list[ActionFamily] = [Family(kind) for kind in NO_PARAMETER]
    fams += [
        Family("move", (("tile", TILES),)),
        Family("twin_winds", (("taoist", BOARDS), ("tile", TILES))),
        Family("move_taoist", (("taoist", BOARDS), ("tile", TILES))),
        Family("use_power_token", (("board", BOARDS),)),
        Family("bottomless_pockets", (("colour", colours),)),
        Family("enfeeblement_mantra", (("ghost", SPACES),)),
        Family("place_buddha", (("space", SPACES),)),
        Family("yin_yang_restore", (("tile", TILES),)),
        Family("place", (("space", SPACES),)),
        Family("volunteer", (("taoist", BOARDS),)),
        SubsetFamily("reroll", "dice", range(6)),
        Family("take_token", (("colour", colours),)),
        Family("discard", (("colour", colours),)),
        Family("give_qi", (("taoist", BOARDS),)),
        Family("give_yin_yang", (("taoist", BOARDS),)),
    ]
    for kind in ("ask_help", "yin_yang_help"):
        fams += [
            Family(kind, (("tile", TILES),)),
            Family(kind, (("tile", TILES), ("taoist", BOARDS))),
            Family(kind, (("tile", TILES), ("colour", (*colours, "none")))),
            Family(kind, (("tile", TILES), ("ghost", SPACES))),
            Family(kind, (("tile", TILES), ("restore", TILES))),
            Family(kind, (("tile", TILES), ("board", BOARDS))),
            Family(kind, (("tile", TILES), ("ghost", SPACES), ("to", SPACES))),
        ]
    fams.append(PaymentFamily())
    return fams


@functools.cache
def _card_domains() -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    """The ghost cards' printed numbers, the villager tiles' ids (sorted) and the powers' ids."""
    data = load_data()
    return tuple(sorted(data.ghosts)), tuple(sorted(t.id for t in data.tiles)), tuple(p.id for p in data.powers)


DEPTHS = tuple(range(DECK_POSITIONS))


def observe(out: TensorBuilder, view: dict[str, Any], seat: int | None) -> None:
    """Fill ``out`` from a Ghost Stories view (see the layout in the game's spec page)."""
    ghost_ids, tile_ids, power_ids = _card_domains()
    out.one_hot("seat", view.get("you"), BOARDS)
    out.scalar("players", view["players"], 4)
    out.one_hot("level", view["level"], LEVELS)
    out.scalar("turn", view["turn"], 100)
    out.one_hot("active_board", view["active_board"], BOARDS)
    out.one_hot("phase", view["phase"], PHASES)
    decision = view.get("decision") or {}
    out.one_hot("decision", decision.get("name"), DECISIONS)
    out.one_hot("decision_seat", decision.get("seat"), BOARDS)
    drawn = decision.get("card") or {}
    out.one_hot("decision.card", drawn.get("id") if isinstance(drawn, dict) else drawn, ghost_ids)
    for tile in view["village"]:
        p = tile["position"]
        out.one_hot(f"tile[{p}].villager", tile["id"], tile_ids)
        out.scalar(f"tile[{p}].haunted", tile["haunted"])
        out.many_hot(f"tile[{p}].taoists", tile["taoists"], BOARDS)
        out.scalar(f"tile[{p}].buddhas", tile["buddhas"], 2)
        out.one_hot(f"tile[{p}].circle_token", tile["circle_token"], COLOURS)
        out.scalar(f"tile[{p}].power_tokens", tile["power_tokens"], 4)
    for board in view["boards"]:
        b = board["board"]
        out.one_hot(f"board[{b}].colour", board["colour"], COLOURS)
        out.scalar(f"board[{b}].neutral", board["neutral"])
        out.scalar(f"board[{b}].possessed", board["possessed"])
        out.scalar(f"board[{b}].neutral_qi", board["qi"], 4)
        out.one_hot(f"board[{b}].power", board["power"]["id"], power_ids)
        out.scalar(f"board[{b}].power_active", board["power"]["active"])
        for space in board["spaces"]:
            s = space["space"]
            ghost = space["ghost"] or {}
            out.scalar(f"space[{s}].buddha", space["buddha"])
            out.one_hot(f"space[{s}].ghost", ghost.get("id"), ghost_ids)
            alts = ghost.get("effective_resistance") or [{}]
            out.counts(f"space[{s}].resistance", alts[0], COLOURS, 4)
            out.scalar(f"space[{s}].haunting_step", ghost.get("haunting_step"), 3)
            out.scalar(f"space[{s}].mantra", ghost.get("mantra"))
            out.scalar(f"space[{s}].can_be_exorcised", ghost.get("can_be_exorcised"))
    taoists = {t["board"]: t for t in view["taoists"]}
    for b in BOARDS:
        t = taoists.get(b) or {}
        out.scalar(f"taoist[{b}].present", bool(t))
        out.scalar(f"taoist[{b}].alive", t.get("alive"))
        out.scalar(f"taoist[{b}].qi", t.get("qi"), 4)
        out.counts(f"taoist[{b}].tokens", t.get("tokens") or {}, COLOURS, 4)
        out.scalar(f"taoist[{b}].yin_yang", t.get("yin_yang"))
        out.scalar(f"taoist[{b}].buddhas", t.get("buddhas"), 2)
        out.one_hot(f"taoist[{b}].position", t.get("position"), TILES)
        out.scalar(f"taoist[{b}].power_tokens", t.get("power_tokens"), 2)
    supply = view["supply"]
    out.scalar("supply.qi", supply["qi"], 20)
    out.counts("supply.tao_tokens", supply["tao_tokens"], COLOURS, 4)
    out.scalar("supply.buddhas_on_temple", supply["buddhas_on_temple"], 2)
    out.scalar("supply.haunting_figurines", supply["haunting_figurines"], 8)
    out.one_hot("circle_of_prayer", view["circle_of_prayer"], COLOURS)
    out.one_hot("mantra.space", view["mantra"]["space"], SPACES)
    out.scalar("mantra.removed", view["mantra"]["removed"])
    deck = view["deck"]
    out.scalar("deck.size", deck["size"], DECK_POSITIONS)
    out.many_hot("deck.incarnations_at", deck["incarnations_at"], DEPTHS)
    out.scalar("deck.removed_unseen", deck["removed_unseen"], 10)
    out.many_hot("discard", [g["id"] for g in view["discard"]], ghost_ids)
    out.scalar("incarnations.total", view["incarnations"]["total"], 4)
    out.scalar("incarnations.exorcised", len(view["incarnations"]["exorcised"]), 4)
    dice = view["dice"]
    faces: dict[str, int] = {}
    for face in dice["tao"]:
        faces[face] = faces.get(face, 0) + 1
    out.counts("dice.tao", faces, TAO_FACES, 4)
    out.one_hot("dice.curse", dice["curse"], CURSE_FACES)
    out.scalar("dice.available", dice["tao_dice_available"], 4)
    out.scalar("dice.white_wild", dice["white_wild"])
    out.scalar("dice.tokens_blocked", dice["tao_tokens_blocked"])
    turn = view["turn_state"] or {}
    out.many_hot("turn.actions_done", turn.get("actions_done", ()), ("help", "exorcise"))
    out.many_hot("turn.borrowed_powers", turn.get("borrowed_powers", ()), BOARDS)
    out.scalar("turn.twin_winds_used", turn.get("twin_winds_used"))
    out.scalar("turn.bottomless_pockets_used", turn.get("bottomless_pockets_used"))
    out.scalar("turn.mantra_used", turn.get("mantra_used"))
    out.scalar("haunted_tiles", view["haunted_tiles"], 4)
    out.scalar("haunted_tiles_lose_at", view["haunted_tiles_lose_at"], 4)


def encoding(game: Game) -> GameEncoding:
    """The encoding of a loaded Ghost Stories game (its options change no size)."""
    space = ActionSpace(action_families())
    (payments,) = [f for f in space.families if isinstance(f, PaymentFamily)]
    offset = space.offsets[space.families.index(payments)]

    def spell(action: Action) -> tuple[int, ...] | None:
        if action.kind != "banish" or len(action["tokens"]) < 2:  # type: ignore[arg-type]
            return None
        spelt = payments.spelling(action)
        return tuple(offset + i for i in spelt) if len(spelt) > 1 else None

    def observe_staged(out: TensorBuilder, staged: tuple[int, ...]) -> None:
        parts = [payments.staged(i - offset) for i in staged]
        out.one_hot("staged.ghosts", parts[0][0] if parts else None, GHOST_CHOICES)
        paid = {colour: split for _, colour, split in parts}
        for colour in COLOURS:
            split = paid.get(colour, ())
            out.counts(f"staged[{colour}]", dict(enumerate(split)), BOARDS, TOKENS_PER_COLOUR)

    return GameEncoding(game, space, observe, spell, observe_staged)
