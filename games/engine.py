"""The pure engine contract every Garnet game implements.

Nothing here imports Django, reads a clock or touches module-level ``random``:
randomness arrives as an ``rng`` argument seeded by the framework from
``"{match.seed}:{turn.number}"``, so a match replays byte for byte from its seed
and its submissions.

Beyond the contract of DESIGN.md every registered engine provides two test
hooks, used by the shared contract test, the property tests and the demo bots:

- ``random_move(state, player, rng)``: a uniformly chosen *legal* move;
- ``secrets(state, player)``: the facts only ``player`` may know right now
  (their hand, inventory, unrevealed score...), keyed by the name under which
  ``view`` shows them to that player. The leak tests check that no other
  viewer's ``view`` carries them.

``view`` returns ``{"turn": label, "public": {...}, ...}``: ``public`` is the
same for every viewer (it is ``view(state, None)["public"]``); anything only the
viewer may see lives beside it (``"you"``, ``"score"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

PlayerId = str

DEALER: PlayerId = "~dealer"
"""The dealer's seat in a game that lets its dealer resolve rounds (the dealers' own games): a name no
handle can take (handles never hold "~"). The framework gives it to a host of the match who does not
play in it; it is never a player of the match and never named in an ``Outcome``."""

PublicSeries = dict[str, dict[str, dict[PlayerId, float]]]
"""What a public view gives the season's plots: series name (the plot's title: "Points", "Lives") →
column label (when: "Round 3", "Bout 2") → player → number."""

S = TypeVar("S")


class RuleError(Exception):
    """A submission breaks a rule; ``str(e)`` is shown to the player as is."""


@dataclass(frozen=True)
class Message:
    """An announcement: public when ``to`` is None, else private to that player."""

    text: str
    to: PlayerId | None = None
    # The RULES.md ruling this line applies ("abc-7"), if any: counted by the playtest lab and
    # shown to hosts; never changes what a player reads.
    ruling: str | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished match ends, in the season's terms."""

    winners: tuple[PlayerId, ...]
    candidates: tuple[PlayerId, ...]
    tokens: Mapping[PlayerId, int] = field(default_factory=dict)
    garnets: Mapping[PlayerId, int] = field(default_factory=dict)
    scores: Mapping[PlayerId, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of this outcome."""
        return {
            "winners": list(self.winners),
            "candidates": list(self.candidates),
            "tokens": dict(self.tokens),
            "garnets": dict(self.garnets),
            "scores": dict(self.scores),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        """The inverse of :meth:`to_json`."""
        return cls(
            winners=tuple(data.get("winners", ())),
            candidates=tuple(data.get("candidates", ())),
            tokens=dict(data.get("tokens", {})),
            garnets=dict(data.get("garnets", {})),
            scores=dict(data.get("scores", {})),
        )


def ec_order(
    first: Sequence[PlayerId],
    pool: Iterable[PlayerId],
    key: Callable[[PlayerId], Any],
    tiebreak: Sequence[PlayerId] = (),
) -> tuple[PlayerId, ...]:
    """``Outcome.candidates``: the game's whole order of Elimination Candidates by its own rule.

    ``first`` (the EC the game named: a winners' pick, a draw) leads; the rest of ``pool`` (the
    players who may be EC: the non-winners) follow by ``key``, smallest first (the game's own EC
    rule, e.g. ``-black_cubes, points``); ties by ``tiebreak`` (the season's gamewide order, the
    ``gamewide_order`` season option), then by ``pool``'s order (seats). The season names its
    second and later ECs from this order (``seasons/RULES.md``).
    """
    seats = {p: i for i, p in enumerate(pool)}
    ranks = {p: i for i, p in enumerate(tiebreak)}
    rest = sorted(seats, key=lambda p: (key(p), ranks.get(p, len(ranks)), seats[p]))
    return tuple(dict.fromkeys([*first, *rest]))


OptionKind = Literal["int", "bool", "choice", "text", "player", "players", "order", "player_ints", "names", "json"]


@dataclass(frozen=True)
class OptionSpec:
    """One declared game option: the host console's form field, the API schema entry, setup's
    validation and the playtest lab's ``--options`` key are all generated from it.

    ``kind``: ``int`` (``low``–``high``), ``bool``, ``choice`` (one of ``choices``), ``text``,
    ``player`` (one of the match's handles), ``players`` (a list of the match's handles), ``order``
    (every player of the match exactly once, in an order; left out: the engine draws it from the
    match's seed), ``player_ints`` (handle → whole number),
    ``names`` (a list of names from ``choices``, e.g. cards or units), ``json`` (a JSON value a page
    or the API fills in, never a host's form field: a dealer's game definition; ``clean`` checks it).
    ``changeable``: a host may change it mid-match as a logged amendment.
    ``season``: filled in by the season (garnet balances, twists, the DMO's advantage), not
    asked of the host.
    """

    name: str
    kind: OptionKind
    default: Any = None
    label: str = ""
    help: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    changeable: bool = False
    season: bool = False
    clean: Callable[[Any], Any] | None = field(default=None, compare=False)
    """For ``json``: turns the raw value into the cleaned one, or raises ValueError naming what is wrong."""

    @property
    def title(self) -> str:
        """The label a person reads: ``label`` or the name in words."""
        return self.label or self.name.replace("_", " ").capitalize()


GAMEWIDE_ORDER = OptionSpec(
    "gamewide_order",
    "players",
    season=True,
    label="Gamewide tiebreak order",
    help="The season's tiebreak order, restricted to this match: it orders the later ECs' ties.",
)
"""The option a season fills with its tiebreak order, for games whose later Elimination Candidates tie
(declared once; a game lists it in its ``options_schema``)."""


class Engine(Protocol[S]):
    """The rules of one game, as pure functions over an immutable-by-convention state."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def setup(self, players: Sequence[PlayerId], options: Mapping[str, Any], rng: Random) -> S: ...

    def awaiting(self, state: S) -> tuple[PlayerId, ...]: ...

    def turn_label(self, state: S) -> str: ...

    def turn_seconds(self, state: S) -> int: ...

    def validate(self, state: S, player: PlayerId, move: Mapping[str, Any]) -> dict[str, Any]: ...

    def default_move(self, state: S, player: PlayerId) -> dict[str, Any]: ...

    def default_ruling(self, state: S, player: PlayerId) -> str | None: ...

    def resolve(self, state: S, moves: Mapping[PlayerId, dict[str, Any]], rng: Random) -> tuple[S, list[Message]]: ...

    def view(self, state: S, viewer: PlayerId | None) -> dict[str, Any]: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def dump(self, state: S) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any]) -> S: ...

    # Test hooks (see the module docstring).
    def random_move(self, state: S, player: PlayerId, rng: Random) -> dict[str, Any]: ...

    def secrets(self, state: S, player: PlayerId) -> dict[str, Any]: ...

    # Declared once for every consumer (see DESIGN.md, "Additions to the contract").
    options_schema: ClassVar[tuple[OptionSpec, ...]]

    def garnet_cost(self, state: S, player: PlayerId, move: Mapping[str, Any]) -> int: ...

    def resample_hidden(self, state: S, player: PlayerId, rng: Random) -> S: ...

    def option_spec(self, name: str) -> OptionSpec | None: ...

    def option_change(self, state: S, name: str, value: Any) -> S: ...

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries: ...

    def title_for(self, options: Mapping[str, Any]) -> str: ...

    def house_variant(self, players: int) -> str: ...

    def house_variant_options(self, players: int) -> dict[str, Any]: ...

    def round_spent(
        self, state_before: S, moves: Mapping[PlayerId, Mapping[str, Any]], state_after: S
    ) -> dict[PlayerId, int]: ...


class BaseEngine(Generic[S]):
    """Defaults for the contract's declared parts; every engine inherits it and overrides what applies."""

    options_schema: ClassVar[tuple[OptionSpec, ...]] = ()

    has_dealer: ClassVar[bool] = False
    """Whether turns may await :data:`DEALER`: the framework then seats a host of the match who does not
    play in it as the dealer (``games.match.selectors.viewer_handle``), shows them ``view(state, DEALER)`` and
    takes their moves for that seat."""

    def garnet_cost(self, state: S, player: PlayerId, move: Mapping[str, Any]) -> int:
        """Garnets ``move`` (already validated) spends if it stands at the close; 0 unless the game sells something."""
        return 0

    def round_spent(
        self, state_before: S, moves: Mapping[PlayerId, Mapping[str, Any]], state_after: S
    ) -> dict[PlayerId, int]:
        """Garnets each player spent at the close that turned ``state_before`` into ``state_after`` with
        ``moves`` (what the season charges of the holds). The default: each move's ``garnet_cost``; a game
        whose price depends on the result (a second-price auction, "only the winner pays") overrides it."""
        return {p: self.garnet_cost(state_before, p, m) for p, m in moves.items()}

    def resample_hidden(self, state: S, player: PlayerId, rng: Random) -> S:
        """A state that keeps everything public and every other player's private facts but redraws
        ``player``'s hidden ones. The default suits a game without hidden facts."""
        return state

    def default_ruling(self, state: S, player: PlayerId) -> str | None:
        """The RULES.md ruling (``"abc-4"``) that ``default_move(state, player)`` applies: what a missing
        submission becomes. The playtest lab counts it for every turn a bot misses. None: no ruling."""
        return None

    def title_for(self, options: Mapping[str, Any]) -> str:
        """The game's name for a match started with ``options`` (pages, titles, notices): the engine's
        ``title``, unless the options carry a game of their own (a dealer's game names itself)."""
        return str(self.title)  # type: ignore[attr-defined]

    def house_variant(self, players: int) -> str:
        """One plain sentence saying what changes when ``players`` play a game whose published rules are for
        another count (a house variant), "" when the game plays them as published. The host's game list
        names the variant with it ("The Exodus Game — house variant for 13: …"). The default: ""."""
        return ""

    def house_variant_options(self, players: int) -> dict[str, Any]:
        """The options that turn on the house variant ``house_variant(players)`` names (the host's form starts
        with them set, so choosing the variant from the list is enough). The default: none."""
        return {}

    def players_allowed(self, options: Mapping[str, Any]) -> tuple[int, int, str]:
        """How many players ``options`` (already cleaned) allow, low and high, and why in a few words
        (shown to a host whose roster does not fit). The default: ``min_players``–``max_players``."""
        return self.min_players, self.max_players, ""  # type: ignore[attr-defined]

    def public_series(self, view: Mapping[str, Any]) -> PublicSeries:
        """The per-player numbers worth plotting that ``view`` (a PUBLIC view: ``view(state, None)``)
        shows, as :data:`PublicSeries`. It reads nothing but that view, so it cannot leak: a number
        the public does not see yet is not plotted yet. A view may carry its history (a column per
        past round) or only the present (one column, labelled by when); the plots read it at every
        turn and let a column's latest numbers stand. The default: nothing to plot."""
        return {}

    def option_spec(self, name: str) -> OptionSpec | None:
        """The declared option called ``name``, if any."""
        return next((o for o in self.options_schema if o.name == name), None)

    def option_change(self, state: S, name: str, value: Any) -> S:
        """``state`` with the changeable option ``name`` set to ``value`` for the rest of the match.

        The default edits the dumped state where options are kept (``"options"``, else a top-level
        key of that name); a game that keeps an option elsewhere overrides this. ``RuleError`` when
        the option is not declared changeable or the state does not hold it.
        """
        spec = self.option_spec(name)
        if spec is None or not spec.changeable:
            raise RuleError(f'"{name}" is not an option a host may change mid-match')
        data = dict(self.dump(state))  # type: ignore[attr-defined]
        if isinstance(data.get("options"), dict):
            data["options"] = {**data["options"], name: value}
        elif name in data:
            data[name] = value
        else:
            raise RuleError(f'this game fixes "{name}" at the start; it cannot change mid-match')
        return self.load(data)  # type: ignore[attr-defined,no-any-return]


# --- Validation helpers: turn untrusted JSON into typed values or a RuleError. ---


def expect_mapping(value: Any, what: str = "the move") -> Mapping[str, Any]:
    """``value`` if it is a JSON object, else a RuleError naming ``what``."""
    if not isinstance(value, Mapping):
        raise RuleError(f"{what} must be an object")
    return value


def expect_key(move: Mapping[str, Any], key: str) -> Any:
    """``move[key]``, or a RuleError saying the key is missing."""
    if key not in move:
        raise RuleError(f'the move needs "{key}"')
    return move[key]


def expect_str(value: Any, what: str) -> str:
    """``value`` lower-cased and stripped if it is a string, else a RuleError."""
    if not isinstance(value, str):
        raise RuleError(f"{what} must be a name")
    return value.strip().lower()


def expect_bool(value: Any, what: str) -> bool:
    """``value`` if it is a JSON boolean, else a RuleError."""
    if not isinstance(value, bool):
        raise RuleError(f"{what} must be true or false")
    return value


def expect_int(value: Any, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an integer within ``[low, high]``, else a RuleError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number")
    if low is not None and value < low:
        raise RuleError(f"{what} must be at least {low}")
    if high is not None and value > high:
        raise RuleError(f"{what} must be at most {high}")
    return value


def expect_choice(value: Any, choices: Iterable[str], what: str) -> str:
    """``value`` if it names one of ``choices`` (case-insensitive), else a RuleError."""
    name = expect_str(value, what)
    options = list(choices)
    if name not in options:
        raise RuleError(f"{what} must be one of: {', '.join(options)}")
    return name


def expect_player(value: Any, players: Iterable[PlayerId], what: str = "the player") -> PlayerId:
    """``value`` if it is one of ``players``, else a RuleError naming the unknown player."""
    if not isinstance(value, str):
        raise RuleError(f"{what} must be a player's handle")
    roster = list(players)
    if value not in roster:
        raise RuleError(f'{what}: "{value}" is not a player in this match')
    return value


def expect_list(value: Any, what: str, *, max_len: int = 100) -> list[Any]:
    """``value`` if it is a JSON array of at most ``max_len`` items, else a RuleError."""
    if not isinstance(value, list):
        raise RuleError(f"{what} must be a list")
    if len(value) > max_len:
        raise RuleError(f"{what} may have at most {max_len} entries")
    return value


def expect_roster(players: Sequence[Any], *, low: int, high: int, game: str) -> list[PlayerId]:
    """``players`` as a list if they are ``low``–``high`` different non-empty handles, else a RuleError."""
    roster = list(players)
    if (
        not low <= len(roster) <= high
        or len(set(roster)) != len(roster)
        or not all(isinstance(p, str) and p for p in roster)
    ):
        count = f"exactly {low}" if low == high else f"{low} to {high}"
        raise RuleError(f"{game} needs {count} different players")
    return roster


def seat_order(players: Sequence[PlayerId], rng: Random) -> list[PlayerId]:
    """A random permutation of ``players`` drawn from ``rng`` (never the global random)."""
    order = list(players)
    rng.shuffle(order)
    return order
