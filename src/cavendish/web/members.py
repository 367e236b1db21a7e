"""The club's members: a name, a member key, an optional password, their seats.

Design note
-----------
A person becomes a member by choosing a name (:meth:`Members.join`); the server
answers with a *member key* from :mod:`secrets`, which the page keeps as the
``cavendish_member`` cookie (a bot may send it as ``?member=KEY``).  Only the
SHA-256 of a key is stored (a copy of the database admits nobody), and a member
may hold several keys (one per browser).  On a public club a member may set a
password (hashed with Argon2, :mod:`argon2`): joining under that name is then
refused and :meth:`Members.login` with the password issues a new key.
:meth:`Members.logout` deletes the key's row: the key admits nobody after it,
across restarts too (the database is the only place a key is known).

Wrong passwords are limited (:class:`Throttle`, kept in memory: a restart forgets
them, and each server process counts its own): after ``FREE_TRIES`` wrong ones for
a name, or from one client, each further try must wait twice as long as the last
(1 s, 2 s, 4 s ... up to ``LONGEST_WAIT``), refused meanwhile without looking at
the password.  A right password clears the name's count.

Which member sits where is kept per table and seat (:meth:`Members.sit`), so the
records of a member are computed from the stored tables and hands
(:meth:`Members.seats_of`); nothing about a rubber is stored twice.

Names are 1 to 24 characters (letters, digits, space and ``.-_'``), unique
without regard to case.

>>> from .store import Store
>>> members = Members(Store.open("sqlite://"))
>>> ann, key = members.join("Ann")
>>> members.by_key(key) == ann, members.by_key("nonsense")
(True, None)
>>> members.join("ann")
Traceback (most recent call last):
...
cavendish.web.members.MemberError: name 'ann': already taken by a member
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import DateTime, ForeignKey, String, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..core.errors import SettingsError
from .store import Base, Store, token_hash

__all__ = ["COOKIE", "KEY_REFUSED", "Member", "MemberError", "Members", "Throttle", "TooManyTries",
           "check_name"]

COOKIE = "cavendish_member"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .\-_']{0,23}")
KEY_REFUSED = ("member key refused: no member has it (forged, altered or logged out): "
               "join the club or log in again")
MAX_PASSWORD = 256
FREE_TRIES = 5
"""Wrong passwords for one name (or from one client) before each try must wait."""
LONGEST_WAIT = 900.0
"""Seconds: the longest wait between tries (the doubling stops here)."""


class MemberError(SettingsError):
    """A name, key or password refused."""


class TooManyTries(MemberError):
    """A password try refused unread: too many wrong ones; ``wait`` seconds to go."""

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


class Throttle:
    """Wrong passwords counted per name and per client, in memory.

    >>> now = [0.0]
    >>> t = Throttle(clock=lambda: now[0])
    >>> for _ in range(FREE_TRIES): t.failed("ann", "1.2.3.4")
    >>> t.check("ann", "5.6.7.8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.members.TooManyTries: name 'ann': too many wrong passwords: try again in 1 s
    >>> now[0] = 1.5; t.check("ann", "5.6.7.8")  # the wait is over
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.wrong: dict[str, tuple[int, float]] = {}
        """``name:...`` or ``client:...``: wrong tries so far, and until when the next waits."""

    def check(self, name: str, client: str) -> None:
        """Raise :class:`TooManyTries` if the name or the client must wait still."""
        now = self.clock()
        for what, key in ((f"name {name!r}", f"name:{name.lower()}"),
                          (f"client {client}", f"client:{client}")):
            _, until = self.wrong.get(key, (0, 0.0))
            if until > now:
                wait = until - now
                raise TooManyTries(f"{what}: too many wrong passwords: try again in "
                                   f"{max(1, round(wait))} s", wait)

    def failed(self, name: str, client: str) -> None:
        """One more wrong password for a name from a client."""
        now = self.clock()
        if len(self.wrong) > 100_000:  # a flood of names: forget those not waiting
            self.wrong = {k: v for k, v in self.wrong.items() if v[1] > now}
        for key in (f"name:{name.lower()}", f"client:{client}"):
            count = self.wrong.get(key, (0, 0.0))[0] + 1
            wait = 0.0 if count < FREE_TRIES else min(LONGEST_WAIT,
                                                       2.0 ** (count - FREE_TRIES))
            self.wrong[key] = (count, now + wait)

    def succeeded(self, name: str) -> None:
        """The name's right password: its count starts again."""
        self.wrong.pop(f"name:{name.lower()}", None)


class MemberRow(Base):
    """A member."""

    __tablename__ = "members"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    name_key: Mapped[str] = mapped_column(String(24), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class MemberKeyRow(Base):
    """One member key (its hash)."""

    __tablename__ = "member_keys"
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    member_id: Mapped[str] = mapped_column(ForeignKey("members.id"), index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class TableMemberRow(Base):
    """A member at a table's seat (from when he sat down)."""

    __tablename__ = "table_members"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)
    member_id: Mapped[str] = mapped_column(ForeignKey("members.id"), index=True)
    since: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Member:
    """A member as the rest of the server sees him (never a key or a hash)."""

    id: str
    name: str
    has_password: bool = False

    def public(self) -> dict[str, str]:
        """What anyone may be shown: the id and the name."""
        return {"id": self.id, "name": self.name}


def check_name(name: object) -> str:
    """The name, stripped, or :class:`MemberError` saying what is wrong.

    >>> check_name("  Mr. Clay ")
    'Mr. Clay'
    >>> check_name("<b>")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.web.members.MemberError: name '<b>': use 1 to 24 letters, digits, ...
    """
    if not isinstance(name, str):
        raise MemberError(f"name {name!r}: expected text")
    text = name.strip()
    if not _NAME.fullmatch(text):
        raise MemberError(f"name {text!r}: use 1 to 24 letters, digits, spaces or .-_' "
                          "(starting with a letter or digit)")
    return text


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _member(row: MemberRow) -> Member:
    return Member(row.id, row.name, row.password_hash is not None)


def _check_password(password: object) -> str:
    if not isinstance(password, str) or not 8 <= len(password) <= MAX_PASSWORD:
        raise MemberError(f"password: expected text of 8 to {MAX_PASSWORD} characters")
    return password


class Members:
    """The members of the club kept in a :class:`~.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        self.throttle = Throttle()
        """Wrong passwords, per name and per client (in memory)."""

    def _new_key(self, db: Session, member_id: str) -> str:
        key = secrets.token_urlsafe(24)
        db.add(MemberKeyRow(key_hash=token_hash(key), member_id=member_id, created_at=_now()))
        return key

    def join(self, name: object, password: object = None) -> tuple[Member, str]:
        """A new member under ``name`` (with a password if one is given): the member
        and his first key.  A name already taken is refused."""
        text = check_name(name)
        hashed = None
        if password is not None:
            from argon2 import PasswordHasher

            hashed = PasswordHasher().hash(_check_password(password))
        with Session(self.engine) as db, db.begin():
            if db.scalar(select(MemberRow.id).where(MemberRow.name_key == text.lower())):
                raise MemberError(f"name {text!r}: already taken by a member")
            row = MemberRow(id=secrets.token_hex(8), name=text, name_key=text.lower(),
                            password_hash=hashed, created_at=_now())
            db.add(row)
            db.flush()
            key = self._new_key(db, row.id)
            return _member(row), key

    def login(self, name: object, password: object,
              client: str = "") -> tuple[Member, str]:
        """A new key for the member of that name, if the password is his; refused
        unread (:class:`TooManyTries`) while the name or ``client`` must wait."""
        from argon2 import PasswordHasher
        from argon2.exceptions import Argon2Error

        text = check_name(name)
        self.throttle.check(text, client)
        with Session(self.engine) as db, db.begin():
            row = db.scalar(select(MemberRow).where(MemberRow.name_key == text.lower()))
            if row is None or row.password_hash is None:
                self.throttle.failed(text, client)
                raise MemberError(f"name {text!r}: no member with a password by that name")
            try:
                PasswordHasher().verify(row.password_hash, _check_password(password))
            except Argon2Error:
                self.throttle.failed(text, client)
                raise MemberError(f"name {text!r}: wrong password") from None
            self.throttle.succeeded(text)
            return _member(row), self._new_key(db, row.id)

    def logout(self, key: str | None) -> bool:
        """Delete a key (it admits nobody after): True if it was one.

        >>> from .store import Store
        >>> members = Members(Store.open("sqlite://"))
        >>> _, key = members.join("Bob")
        >>> members.logout(key), members.by_key(key), members.logout(key)
        (True, None, False)
        """
        if not key or len(key) > 200:
            return False
        with Session(self.engine) as db, db.begin():
            row = db.get(MemberKeyRow, token_hash(key))
            if row is None:
                return False
            db.delete(row)
            return True

    def by_key(self, key: str | None) -> Member | None:
        """The member a key belongs to, or None."""
        if not key or len(key) > 200:
            return None
        with Session(self.engine) as db:
            row = db.scalar(select(MemberRow).join(
                MemberKeyRow, MemberKeyRow.member_id == MemberRow.id).where(
                MemberKeyRow.key_hash == token_hash(key)))
            return None if row is None else _member(row)

    def get(self, member_id: str) -> Member | None:
        """The member of that id, or None."""
        with Session(self.engine) as db:
            row = db.get(MemberRow, member_id)
            return None if row is None else _member(row)

    def count(self) -> int:
        """How many members the club has."""
        with Session(self.engine) as db:
            return int(db.scalar(select(func.count()).select_from(MemberRow)) or 0)

    def sit(self, table_id: str, seat: str, member_id: str) -> None:
        """Record that a member holds a seat at a table (from now)."""
        with Session(self.engine) as db, db.begin():
            row = db.get(TableMemberRow, (table_id, seat))
            if row is None:
                db.add(TableMemberRow(table_id=table_id, seat=seat, member_id=member_id,
                                      since=_now()))
            else:
                row.member_id, row.since = member_id, _now()

    def seated(self, table_id: str) -> dict[str, Member]:
        """The members at a table, by seat."""
        with Session(self.engine) as db:
            rows = db.execute(select(TableMemberRow.seat, MemberRow).join(
                MemberRow, MemberRow.id == TableMemberRow.member_id).where(
                TableMemberRow.table_id == table_id)).all()
            return {seat: _member(row) for seat, row in rows}

    def seats_of(self, member_id: str) -> list[tuple[str, str]]:
        """Every (table id, seat) a member has held, oldest table first."""
        with Session(self.engine) as db:
            rows = db.execute(select(TableMemberRow.table_id, TableMemberRow.seat).where(
                TableMemberRow.member_id == member_id).order_by(TableMemberRow.since)).all()
            return [(t, s) for t, s in rows]
