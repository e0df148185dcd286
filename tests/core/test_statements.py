"""Hot reads compiled once (``core.statements``): the same SQL, the same rows, and clear refusals."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction
from django.db.models import QuerySet
from django.db.transaction import TransactionManagementError

import games.match.selectors
from core import statements
from core.statements import Statement
from games.match import statements as registry
from games.match.services import submission_submit
from games.models import Match, Message, Seat, Submission, Turn
from tests.factories import ABC_PLAYERS, abc_match

SAMPLE = {int: 7, str: "ann"}


def _sample(statement: Statement[Any]) -> dict[str, Any]:
    return {name: SAMPLE[type(value)] for name, value in statement.placeholders().items()}


@pytest.mark.django_db
@pytest.mark.parametrize("statement", registry.STATEMENTS, ids=lambda s: s.name)
def test_every_statement_runs_the_sql_django_would_compile(statement: Statement[Any]) -> None:
    """A statement's SQL and parameters for given arguments are what Django compiles for its queryset."""
    arguments = _sample(statement)
    with transaction.atomic():  # a locked read compiles only inside a transaction
        expected = statement.queryset(**arguments).query.sql_with_params()
        assert statement.sql_with_params(**arguments) == (expected[0], tuple(expected[1]))


@pytest.mark.django_db
@pytest.mark.parametrize("statement", registry.STATEMENTS, ids=lambda s: s.name)
def test_every_statement_converts_columns_as_django_would(statement: Statement[Any]) -> None:
    """The converters a statement keeps are those Django finds for its queryset, bound to the running connection."""

    def functions(found: dict[int, tuple[list[Any], Any]]) -> list[tuple[int, list[Any], Any]]:
        # By name: an aggregate's converter is a closure made afresh on every call.
        return [
            (i, [getattr(f, "__func__", f).__qualname__ for f in fs], e.output_field)
            for i, (fs, e) in sorted(found.items())
        ]

    with transaction.atomic():
        compiler = statement.queryset(**_sample(statement)).query.get_compiler(connection=connection)
        compiler.as_sql()
    expected = compiler.get_converters([s[0] for s in compiler.select[0 : compiler.col_count]])
    kept = statements._bound_converters(statement._compiled_for(connection.alias), connection.ops)
    assert functions(kept) == functions(expected)
    backend = [
        f for fs, _ in kept.values() for f in fs if isinstance(getattr(f, "__self__", None), type(connection.ops))
    ]
    assert all(f.__self__ is connection.ops for f in backend)


def test_the_registry_holds_every_statement_of_its_module() -> None:
    """Every statement and row update ``games.match.statements`` defines is in its registry, so the tests above
    check it; a statement defined anywhere else would be checked by nothing."""
    defined = [v for v in vars(registry).values() if isinstance(v, Statement)]
    assert sorted(s.name for s in defined) == sorted(s.name for s in registry.STATEMENTS)
    assert len(set(registry.STATEMENTS)) == len(registry.STATEMENTS)
    updates = [v for v in vars(registry).values() if isinstance(v, statements.RowUpdate)]
    assert updates == list(registry.ROW_UPDATES)


@pytest.mark.django_db
def test_rows_are_what_the_queryset_gives() -> None:
    """Model rows (with a related row), value tuples and an empty read come back as the queryset would give them."""
    match = abc_match()
    pairs = [list(ABC_PLAYERS[1:3]), list(ABC_PLAYERS[3:5])]
    submission_submit(match_id=match.pk, player=ABC_PLAYERS[0], move={"pairs": pairs})
    turn = Turn.objects.get(match=match, number=1)
    with transaction.atomic():
        locked = registry.locked_open_turn.first(match_id=match.pk)
    assert locked is not None and locked.pk == turn.pk and locked.match.pk == match.pk
    assert locked.match.players == match.players and locked.state_before == turn.state_before
    seats = registry.seats
    assert seats.all(match_id=match.pk) == list(seats.queryset(match_id=match.pk))
    assert seats.all(match_id=match.pk)
    subs = games.match.selectors.turn_submissions(turn)
    assert [(s.pk, s.move, s.locked, s.submitted_at) for s in subs] == [
        (s.pk, s.move, s.locked, s.submitted_at) for s in Submission.objects.filter(turn=turn)
    ]
    assert games.match.selectors.match_by_pk(match.pk) == match
    assert games.match.selectors.match_by_pk(match.pk + 1000) is None
    assert games.match.selectors.match_by_pk(2**63) is None


@pytest.mark.django_db
def test_refusals() -> None:
    """An argument a lookup rewrites, or one of the wrong type or name, is refused by name; so is a float argument."""

    @Statement
    def _by_handle(handle: str) -> QuerySet[Seat]:
        return Seat.objects.filter(user__username__contains=handle)

    with pytest.raises(ImproperlyConfigured, match="_by_handle"):
        _by_handle.all(handle="ann")
    with pytest.raises(TypeError, match="pk must be int"):
        registry.match_row.first(pk="1")
    with pytest.raises(TypeError, match="takes pk"):
        registry.match_row.first(pk=1, other=2)
    with pytest.raises(ImproperlyConfigured, match="must be an int or a str"):

        @Statement
        def _dated(when: float) -> QuerySet[Match]:
            return Match.objects.filter(created_at__gt=when)


@pytest.mark.django_db(transaction=True)
def test_a_locked_read_outside_a_transaction_is_refused() -> None:
    """As Django refuses ``select_for_update`` outside a transaction, so does a locked statement."""
    locked = registry.locked_match
    with transaction.atomic():
        assert locked.all(pk=1) == []
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            locked.all(pk=1)


@pytest.mark.django_db(transaction=True)
def test_a_statement_compiled_in_one_thread_runs_in_another() -> None:
    """The compiled statement is shared by the process; each call runs on its own thread's connection."""
    match = abc_match()
    found: list[Any] = []

    def read() -> None:
        try:
            found.append(registry.seats.all(match_id=match.pk))
        finally:
            connection.close()

    first = registry.seats.all(match_id=match.pk)
    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert found == [first]


@pytest.mark.django_db
def test_an_argument_outside_every_integer_field_is_answered_as_django_would() -> None:
    """Django drops a comparison with a value its column cannot hold; the statement runs the queryset then."""

    @Statement
    def _lines_after(match_id: int, after: int) -> QuerySet[Message, tuple[int]]:
        return Message.objects.filter(match_id=match_id, seq__gt=after).order_by("pk").values_list("seq")

    match = abc_match()
    Message.objects.bulk_create([Message(match=match, seq=n, turn_number=1, text=f"line {n}") for n in (1, 2)])
    everything = list(Message.objects.filter(match=match).order_by("pk").values_list("seq"))
    assert _lines_after.all(match_id=match.pk, after=2**40) == []
    assert _lines_after.all(match_id=match.pk, after=-(2**40)) == everything
    assert _lines_after.all(match_id=match.pk, after=0) == everything
    assert registry.turn_with_match.first(pk=2**40) is None  # a 64-bit key: the statement's own SQL


@pytest.mark.django_db
def test_a_row_update_runs_the_sql_django_would_compile() -> None:
    """The saved-again move's write is Django's ``QuerySet.update`` SQL, with the same parameters, and it lands."""
    resave = registry.resave
    match = abc_match()
    pairs = [list(ABC_PLAYERS[1:3]), list(ABC_PLAYERS[3:5])]
    first = submission_submit(match_id=match.pk, player=ABC_PLAYERS[0], move={"pairs": pairs}).submission
    values = {"move": {"pairs": pairs[::-1]}, "locked": True, "submitted_at": first.submitted_at, "revision": 5}
    sql, params = resave.sql_with_params(pk=first.pk, **values)
    expected_sql, expected_params = resave._django_update(connection, first.pk, values)
    assert sql == expected_sql
    # psycopg's Jsonb wrapper has no equality of its own: compare each parameter's type and what it wraps.
    assert [(type(p), getattr(p, "obj", p)) for p in params] == [
        (type(p), getattr(p, "obj", p)) for p in expected_params
    ]
    assert resave.run(pk=first.pk, **values) == 1
    again = Submission.objects.get(pk=first.pk)
    assert (again.move, again.locked, again.submitted_at, again.revision) == tuple(values.values())
    assert resave.run(pk=first.pk + 1000, **values) == 0


def test_a_row_update_refuses_what_it_cannot_write() -> None:
    """A missing or extra field, and a None (which Django writes as NULL in the SQL itself), are refused by name."""
    resave = registry.resave
    with pytest.raises(TypeError, match="sets move, locked, submitted_at, revision"):
        resave.sql_with_params(pk=1, move={}, locked=True)
    with pytest.raises(TypeError, match="is None"):
        resave.sql_with_params(pk=1, move=None, locked=True, submitted_at=None, revision=1)
