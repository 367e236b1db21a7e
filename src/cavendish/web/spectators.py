"""Spectators who follow one player's hand.

Design note
-----------
A spectator (a connection without a seat) sees the table with no hand.  He may
*follow* one player: ``/ws/{id}?follow=S``, or the message ``{"type": "follow",
"seat": "S"}`` (``"seat": null`` stops following).  A connection follows at most
one seat at a time (:attr:`~.connection.Connection.follow` holds one seat; a new
choice replaces the old), never a dummy's seat (its hand is not a player's), and
never while its person sits at that table: a connection that presented one of the
table's seat tokens, or the member key of a member seated there
(:meth:`~.members.Members.seated`), cannot follow anyone there (he sees his own
hand; watching another's would show him a second).  What a follower sees is decided where every
view is, by :func:`~.visibility.visible_state` (its ``follow`` branch): the
followed seat's hand as that seat sees it, and nothing else hidden.

Whether anyone may follow is the table's option, chosen by its maker
(:attr:`~.config.TableConfig.following`): ``none`` (the default where two or more
people play: a friend in another browser could relay the cards), ``one`` (one
hand at a time; the default with one person) or ``all`` (every hand, for
teaching: ``"seat": "all"``).

A person who is not a member and opens a second connection without his token is
a spectator like any other: the server cannot tell it is he (hence ``none``).
"""

from __future__ import annotations

from ..core.cards import CardParseError, Seat
from .chat import ready_chat
from .connection import Connection, TableLike

__all__ = ["choose_follow", "follow_seat", "parse_follow"]


def parse_follow(raw: object, dummies: tuple[Seat, ...]) -> Seat | None:
    """The seat named by ``raw`` (None or ``""``: follow nobody), or ValueError
    naming what is wrong.

    >>> parse_follow("e", ()), parse_follow(None, ())
    (<Seat.E: 1>, None)
    >>> parse_follow("N", (Seat.N,))
    Traceback (most recent call last):
    ...
    ValueError: follow 'N': N is a dummy; follow a player's seat
    >>> parse_follow("X", ())
    Traceback (most recent call last):
    ...
    ValueError: follow 'X': expected a seat, N, E, S or W
    """
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or len(raw) > 5:
        raise ValueError(f"follow {raw!r}: expected a seat, N, E, S or W")
    try:
        seat = Seat.parse(raw)
    except CardParseError:
        raise ValueError(f"follow {raw!r}: expected a seat, N, E, S or W") from None
    if seat in dummies:
        raise ValueError(f"follow {raw!r}: {seat} is a dummy; follow a player's seat")
    return seat


def choose_follow(table: TableLike, conn: Connection, raw: object) -> bool:
    """Set the seat ``conn`` follows (``"all"``: every hand, at a teaching table);
    an error to it (and no change) if it sits at the table, if the table lets no
    one follow that, or if ``raw`` names no player's seat.  Whether it changed."""
    held = conn.seat or conn.sits
    if held is not None:
        table.error(conn, f"follow: you sit at this table ({held}): a person seated at "
                          "a table cannot follow another hand there", request="follow")
        return False
    allowed = table.config.following
    if raw not in (None, "") and allowed == "none":
        table.error(conn, "follow: nobody follows a hand at this table (its maker chose "
                          "\"follow\": \"none\"; the default where two or more people "
                          "play): you watch the table, not the hands", request="follow")
        return False
    if raw == "all":
        if allowed != "all":
            table.error(conn, "follow 'all': at this table a spectator follows one hand "
                              "at most (\"follow\": \"one\")", request="follow")
            return False
        conn.follow, conn.follow_all = None, True
        return True
    try:
        conn.follow = parse_follow(raw, table.session.dummies)
    except ValueError as exc:
        table.error(conn, str(exc), request="follow")
        return False
    conn.follow_all = False
    return True


async def follow_seat(table: TableLike, conn: Connection, raw: object) -> None:
    """The ``follow`` message: choose, then send a snapshot built for the choice."""
    if choose_follow(table, conn, raw):
        await ready_chat(table)  # the snapshot's chat, read off the event loop
        async with table.lock:  # never an action not yet stored
            conn.put(table.message(None, snapshot=True, follow=conn.follow,
                                   follow_all=conn.follow_all))
