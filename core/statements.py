"""Hot reads compiled to SQL once per process, then run again with new arguments.

Django compiles a queryset to SQL afresh every time it is evaluated. For the few reads every move
makes (the locked open turn, its seats, its submissions) the compile costs more CPU than the
database takes to answer. A :class:`Statement` wraps a function that builds such a queryset from
keyword arguments (ints and strings: keys, handles). On first use it builds the queryset once with
placeholder values and compiles it. It keeps the SQL, where each argument goes among the
parameters, and the compiler, which knows how to turn rows into model instances or tuples. After
that a call only puts the arguments in place, executes, and converts the rows as Django would.

What a statement may not do, it refuses when it first compiles (``ImproperlyConfigured``): an
argument that does not reach the SQL as one parameter of its own (``__in`` lists, ``__contains``
patterns, a value a lookup rewrites). :class:`RowUpdate` does the same for one write: an update of
some fields of one row by primary key.

Making a statement registers it nowhere: the app that uses statements declares them in one module with
the tuple of them all (``games.match.statements``), and ``tests/core/test_statements.py`` checks each one
there against a fresh compile of its queryset. This module leans on Django internals (the compiler, the
row iterables, the backend's converters): ``docs/internals.md`` lists them with the tests that
catch their drift.
"""

from __future__ import annotations

import copy
import threading
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.db.models import Field, Model, Q, QuerySet
from django.db.models.sql import UpdateQuery
from django.db.transaction import TransactionManagementError

T = TypeVar("T")

# Placeholders for the one compile: ints inside every integer field's range (Django drops a comparison with a
# value outside it, so the argument would never reach the SQL), strings with a unit separator no handle has.
_INT_PLACEHOLDER = 1_987_654_321
# What a parameter of each type the backend gives may hold (psycopg's Int2 and Int4; a plain int is 64-bit).
_RANGES = {"Int2": (-(2**15), 2**15 - 1), "Int4": (-(2**31), 2**31 - 1)}
_INT64 = (-(2**63), 2**63 - 1)
_STR_PLACEHOLDER = "\x1fstatement argument {}\x1f"


@dataclass(frozen=True)
class _Arg:
    name: str
    wrap: Callable[[Any], Any]  # the type the backend gave the parameter (psycopg's Int4 for an integer field)


@dataclass(frozen=True)
class _Compiled:
    sql: str
    slots: tuple[Any, ...]  # each parameter: an _Arg to fill from the call, or a constant
    compiler: Any
    iterable_class: type
    fields: tuple[str, ...] | None
    model: type
    for_update: bool
    ranges: dict[str, tuple[int, int]]  # each int argument: what every parameter it fills may hold
    # What turns each column's value into Python (``SQLCompiler.get_converters``): Django recomputes it on every
    # execution, comparing every selected field, which costs a wide read as much as its fetch. The backend's own
    # converters are methods of the compiling connection's operations, so they are bound again to the running one.
    converters: tuple[tuple[int, tuple[tuple[Callable[..., Any], bool], ...], Any], ...]


class _BoundQuery:
    """The template's query, but with the one compiler that carries this call's parameters."""

    def __init__(self, query: Any, compiler: Any) -> None:
        self._query, self._compiler = query, compiler

    def get_compiler(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiler

    def __getattr__(self, name: str) -> Any:
        return getattr(self._query, name)


class _BoundQuerySet:
    """What Django's row iterables read from a queryset, for one execution."""

    def __init__(self, compiled: _Compiled, query: _BoundQuery, db: str) -> None:
        self.db, self.query, self.model = db, query, compiled.model
        self._fields = compiled.fields
        self._known_related_objects: dict[Any, Any] = {}


def _bound_converters(compiled: _Compiled, ops: Any) -> dict[int, tuple[list[Callable[..., Any]], Any]]:
    """``get_converters``'s answer for the compiled statement, on the connection whose ``ops`` run it."""
    return {
        index: ([f.__get__(ops) if bound else f for f, bound in functions], expression)
        for index, functions, expression in compiled.converters
    }


class Statement(Generic[T]):
    """A read built by ``build(**arguments)``, compiled once per database alias; call ``all`` or ``first``.

    ``build`` takes keyword arguments annotated ``int`` or ``str`` and returns a queryset built from a
    model's default manager (not a related manager). ``T`` is what one row becomes: a model instance,
    or a tuple for ``values_list``.
    """

    def __init__(self, build: Callable[..., QuerySet[Any, T]], /) -> None:
        hints = typing.get_type_hints(build)
        hints.pop("return", None)
        self._build = build
        self._kinds: dict[str, type] = {}
        for name, kind in hints.items():
            if kind not in (int, str):
                raise ImproperlyConfigured(f"{build.__qualname__}: argument {name} must be an int or a str")
            self._kinds[name] = kind
        self._compiled: dict[str, _Compiled] = {}
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        """The builder's name, for messages."""
        return self._build.__qualname__

    def placeholders(self) -> dict[str, Any]:
        """The placeholder value of each argument, distinct from each other and from any constant of the query."""
        return {
            name: _INT_PLACEHOLDER - i if kind is int else _STR_PLACEHOLDER.format(i)
            for i, (name, kind) in enumerate(self._kinds.items())
        }

    def queryset(self, **arguments: Any) -> QuerySet[Any, T]:
        """The queryset as Django would build it for these arguments (what the statement stands for)."""
        return self._build(**arguments)

    def _compile(self, db: str) -> _Compiled:
        placeholders = self.placeholders()
        by_value = {value: name for name, value in placeholders.items()}
        qs = self._build(**placeholders)
        compiler = qs.query.get_compiler(using=db)
        sql, params = compiler.as_sql()
        slots: list[Any] = []
        found: set[str] = set()
        for param in params:
            name = by_value.get(param) if isinstance(param, int | str) and not isinstance(param, bool) else None
            if name is not None and isinstance(param, self._kinds[name]):
                slots.append(_Arg(name, type(param)))
                found.add(name)
            else:
                slots.append(param)
        ranges: dict[str, tuple[int, int]] = {}
        for slot in slots:
            if isinstance(slot, _Arg) and self._kinds[slot.name] is int:
                low, high = _RANGES.get(getattr(slot.wrap, "__name__", ""), _INT64)
                was = ranges.get(slot.name, _INT64)
                ranges[slot.name] = (max(low, was[0]), min(high, was[1]))
        missing = set(placeholders) - found
        if missing or any(isinstance(p, str) and "\x1f" in p for p in slots):
            raise ImproperlyConfigured(
                f"{self.name}: argument(s) {', '.join(sorted(missing)) or 'rewritten'} do not reach the SQL as "
                "parameters of their own"
            )
        ops = compiler.connection.ops
        found_converters = compiler.get_converters([s[0] for s in compiler.select[0 : compiler.col_count]])
        converters = tuple(
            (
                index,
                tuple((c.__func__, True) if getattr(c, "__self__", None) is ops else (c, False) for c in functions),
                expression,
            )
            for index, (functions, expression) in found_converters.items()
        )
        return _Compiled(
            sql=sql,
            slots=tuple(slots),
            compiler=compiler,
            converters=converters,
            iterable_class=qs._iterable_class,
            fields=getattr(qs, "_fields", None),  # set by values() and values_list()
            model=qs.model,
            for_update=bool(qs.query.select_for_update),
            ranges=ranges,
        )

    def _compiled_for(self, db: str) -> _Compiled:
        compiled = self._compiled.get(db)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(db) or self._compile(db)
                self._compiled[db] = compiled
        return compiled

    def sql_with_params(self, *, using: str = "default", **arguments: Any) -> tuple[str, tuple[Any, ...]]:
        """The SQL and parameters a call with these arguments executes."""
        compiled = self._compiled_for(using)
        return compiled.sql, tuple(s.wrap(arguments[s.name]) if isinstance(s, _Arg) else s for s in compiled.slots)

    def _run(self, db: str, arguments: dict[str, Any]) -> list[T]:
        compiled = self._compiled_for(db)
        if arguments.keys() != self._kinds.keys():
            raise TypeError(f"{self.name} takes {', '.join(self._kinds)}; got {', '.join(arguments)}")
        for name, value in arguments.items():
            kind = self._kinds[name]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise TypeError(f"{self.name}: {name} must be {kind.__name__}, not {type(value).__name__}")
        if any(not low <= arguments[name] <= high for name, (low, high) in compiled.ranges.items()):
            # Django answers a comparison with a value its column cannot hold without asking the database (no row,
            # or every row); the statement's SQL would make the database refuse it instead. Inside the column's
            # range the database's answer is Django's.
            return list(self.queryset(**arguments))
        connection = connections[db]
        if compiled.for_update and connection.features.has_select_for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = tuple(s.wrap(arguments[s.name]) if isinstance(s, _Arg) else s for s in compiled.slots)
        compiler = copy.copy(compiled.compiler)
        compiler.connection = connection
        sql = compiled.sql
        compiler.as_sql = lambda *args, **kwargs: (sql, params)
        converters = _bound_converters(compiled, connection.ops)
        compiler.get_converters = lambda expressions: converters
        rows = compiled.iterable_class(_BoundQuerySet(compiled, _BoundQuery(compiler.query, compiler), db))
        return list(rows)

    def all(self, *, using: str = "default", **arguments: Any) -> list[T]:
        """Every row, as the queryset would give them."""
        return self._run(using, arguments)

    def first(self, *, using: str = "default", **arguments: Any) -> T | None:
        """The first row, or None (build the queryset with ``[:1]`` so the database stops there)."""
        rows = self._run(using, arguments)
        return rows[0] if rows else None


class RowUpdate:
    """``UPDATE`` of some fields of one row, found by primary key: Django's SQL for it, built once per alias.

    ``Model.save(update_fields=...)`` builds the query and compiles it on every call; for the one write
    every move makes that is most of the write's CPU. The SQL is Django's own (an ``UpdateQuery`` of the
    fields with the primary key compared), compiled once (on the first call); a call prepares each
    value as that compile does (``Field.get_db_prep_save``, the key as its lookup would) and executes.
    No model signal is sent, as with ``QuerySet.update``. A field whose value the backend would not send
    as a plain parameter is refused when it compiles.
    """

    def __init__(self, model: type[Model], fields: tuple[str, ...]) -> None:
        self._model = model
        self._fields: tuple[Field[Any, Any], ...] = ()
        for name in fields:
            found = model._meta.get_field(name)
            if not isinstance(found, Field):
                raise ImproperlyConfigured(f"RowUpdate: {model.__name__}.{name} is not a concrete field")
            self._fields += (found,)
        self._sql: dict[str, str] = {}

    def _django_update(self, connection: Any, pk: Any, values: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
        """Django's own SQL and parameters for this update (``QuerySet.update``'s query)."""
        query = UpdateQuery(self._model)
        query.add_update_values(values)
        query.add_q(Q(pk=pk))
        sql, params = query.get_compiler(connection=connection).as_sql()
        return sql, tuple(params)

    def sql_with_params(self, *, pk: int, using: str = "default", **values: Any) -> tuple[str, tuple[Any, ...]]:
        """The SQL and parameters a call with these values executes."""
        connection = connections[using]
        if values.keys() != {f.name for f in self._fields}:
            raise TypeError(f"RowUpdate of {self._model.__name__} sets {', '.join(f.name for f in self._fields)}")
        if any(value is None for value in values.values()):
            raise TypeError(f"RowUpdate of {self._model.__name__}: a value is None (Django writes NULL into its SQL)")
        sql = self._sql.get(using)
        if sql is None:
            for field in self._fields:
                if hasattr(field, "get_placeholder"):
                    raise ImproperlyConfigured(f"RowUpdate: {field.name} is not sent as a plain parameter")
            sql, params = self._django_update(connection, pk, values)
            if len(params) != len(self._fields) + 1 or sql.count("%s") != len(params):
                raise ImproperlyConfigured(f"RowUpdate: {self._model.__name__} compiles to more than one row's update")
            self._sql[using] = sql
        prepared = [f.get_db_prep_save(values[f.name], connection=connection) for f in self._fields]
        key = self._model._meta.pk.get_db_prep_value(pk, connection=connection, prepared=False)
        return sql, (*prepared, key)

    def run(self, *, pk: int, using: str = "default", **values: Any) -> int:
        """Set ``values`` on the row ``pk``; the number of rows changed (0: no such row)."""
        sql, params = self.sql_with_params(pk=pk, using=using, **values)
        with connections[using].cursor() as cursor:
            cursor.execute(sql, params)
            return int(cursor.rowcount)
