"""Player kinds with options: ``search:replies=0:worlds=64``.

Design note
-----------
A kind of player is named by a string wherever players are chosen (``cavendish
match``, ``play``, ``simulate``, the match journal, the names at the table).  So
that a variant of a player can be named there too, a kind may carry options:
the registered kind, then ``:key=value`` pairs (a colon, not a comma, since
``--players A,B`` already splits on commas).  :func:`parse_kind` splits such a
string; :func:`build_with_options` makes the player.  One kind is parsed apart:
``policy:PACKAGE.MODULE:FUNCTION`` names a function as a player (:mod:`.policy`),
and its one option is that target.

The options of a kind are the keyword parameters of its class's constructor
(besides ``seed`` and ``name``), typed by their defaults: ``int``, ``float``,
``bool`` or ``str``; ``none`` (or ``off``) is accepted where the annotation
allows ``None``.  A search player's ``budget`` is set through its fields
``worlds``, ``work``, ``min_worlds``, ``exact``, ``candidates`` and ``time_ms``, applied to
that player's default budget.  A value the constructor refuses (``model=xyz``) is
refused with its message.  Every error is a :class:`PlayerOptionError` naming the
whole kind string and what is wrong in it.

A bare word after the kind is a *preset* of that kind (:data:`PRESETS`): a named
set of options, ``search:v1`` (the search player as it was before issue 33, every
option spelled out so that a change of the defaults leaves it as it was) or
``search:fast``.  Options written after a preset override its values.

>>> parse_kind("search:replies=0:worlds=64")
('search', {'replies': '0', 'worlds': '64'})
>>> parse_kind("classical")
('classical', {})
>>> parse_kind("search:v1:replies=0")[1]["replies"], parse_kind("search:v1")[1]["worlds"]
('0', '48')
>>> parse_kind("search:replies")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cavendish.players.options.PlayerOptionError: player 'search:replies': option 'replies' has no ...
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from ..core.errors import SettingsError
from .base import Player

__all__ = [
    "BUDGET_FIELDS", "PRESETS", "PlayerOptionError", "build_with_options", "options_of",
    "parse_kind",
]

BUDGET_FIELDS = ("worlds", "work", "min_worlds", "exact", "candidates", "time_ms")
"""The fields of a search player's budget that can be given as options."""

PRESETS: dict[str, dict[str, dict[str, str]]] = {
    "search": {
        # the search player of before issue 33, card for card
        # (tests/players/test_search_v1.py): every option it had, at its value then,
        # and every lever added since turned off
        "v1": {
            "worlds": "48", "work": "3000", "min_worlds": "8", "exact": "96",
            "candidates": "4", "time_ms": "none", "beta": "0.5", "window": "11",
            "likelihood_work": "1500", "conventions": "0.1", "model": "dd", "deals": "1",
            "replies": "3", "reply_candidates": "2", "reply_work": "1000",
            "lead_worlds": "0", "close_worlds": "0", "alphamu": "0", "lead_replies": "true",
            "adaptive": "0",
        },
        # a fast player for tables and research (issue 33, point 4): plain PIMC's
        # rule (the most expected tricks, which the shadow study's cost rewards) over
        # twice plain PIMC's worlds, every world solved (no sequential stop), the
        # book's card only among exact equals; no reading of the play and no modelled
        # replies (docs/players.md, "What the cost can reward")
        "fast": {
            "worlds": "40", "work": "2400", "min_worlds": "6", "exact": "64",
            "likelihood_work": "0", "replies": "0", "adaptive": "0", "conventions": "0",
        },
    },
}
"""Named sets of options, by kind: ``kind:preset`` (see the module's note)."""


class PlayerOptionError(SettingsError):
    """A kind of player with an option that is malformed, unknown or refused."""


def parse_kind(spec: str) -> tuple[str, dict[str, str]]:
    """The registered kind and the options (as text) of ``spec``; a policy,
    ``policy:PACKAGE.MODULE:FUNCTION`` (:mod:`.policy`), has one option, its target.

    >>> parse_kind("policy:mybot.play:act")
    ('policy', {'target': 'mybot.play:act'})
    """
    if spec.startswith("policy:"):
        return "policy", {"target": spec.partition(":")[2].strip()}
    kind, *pairs = spec.split(":")
    kind = kind.strip()
    options: dict[str, str] = {}
    presets = PRESETS.get(kind, {})
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not eq and key in presets:
            options |= presets[key]  # options written after it override its values
            continue
        if not key:
            raise PlayerOptionError(f"player {spec!r}: an empty option (write kind:key=value)")
        if not eq or not value:
            raise PlayerOptionError(f"player {spec!r}: option {key!r} has no value (key=value)")
        if key in options and key not in _preset_keys(presets, pairs):
            raise PlayerOptionError(f"player {spec!r}: option {key!r} is given twice")
        options[key] = value
    return kind, options


def _preset_keys(presets: dict[str, dict[str, str]], pairs: list[str]) -> set[str]:
    """The options set by the presets named among ``pairs``."""
    return {k for p in pairs if p.strip() in presets for k in presets[p.strip()]}


def options_of(cls: type) -> dict[str, inspect.Parameter]:
    """The options of a player class: its constructor's parameters but ``seed`` and
    ``name`` (``budget`` stands for the budget's fields).

    >>> from cavendish.players.classical import ClassicalPlayer
    >>> sorted(options_of(ClassicalPlayer))
    ['school']
    """
    params = inspect.signature(cls).parameters
    return {k: p for k, p in params.items() if k not in ("seed", "name", "self")}


def _convert(spec: str, key: str, text: str, param: inspect.Parameter) -> Any:
    annotation = str(param.annotation)
    default = param.default
    if text.lower() in ("none", "off") and "None" in annotation:
        return None
    try:
        if isinstance(default, bool):
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "0"):
                return False
            raise ValueError
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float) or (default is None and annotation.startswith("float")):
            return float(text)
        if default is None and annotation.startswith("int"):
            return int(text)
    except ValueError:
        kind = "a whole number" if isinstance(default, int) and not isinstance(default, bool) else (
            "true or false" if isinstance(default, bool) else "a number"
        )
        allowed = " (or none)" if "None" in annotation else ""
        raise PlayerOptionError(
            f"player {spec!r}: option {key}={text!r} must be {kind}{allowed}"
        ) from None
    return text


def build_with_options(
    spec: str,
    cls: Callable[..., Player],
    seed: int,
    name: str,
    options: Mapping[str, str],
    *,
    budget: Any = None,
) -> Player:
    """A player of class ``cls`` built with ``options`` (text) converted by its
    constructor's defaults; ``budget`` is the class's default budget, to which the
    budget fields among the options apply.

    >>> from cavendish.players.search import SearchPlayer, STRONG_BUDGET
    >>> p = build_with_options("search:replies=0:worlds=64", SearchPlayer, 1, "S",
    ...                        {"replies": "0", "worlds": "64"}, budget=STRONG_BUDGET)
    >>> p.replies, p.budget.worlds, p.budget.work == STRONG_BUDGET.work
    (0, 64, True)
    >>> build_with_options("search:replys=0", SearchPlayer, 1, "S", {"replys": "0"},
    ...                    budget=STRONG_BUDGET)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.players.options.PlayerOptionError: player 'search:replys=0': unknown option ...
    """
    params = options_of(cls)  # type: ignore[arg-type]
    budget_keys = BUDGET_FIELDS if "budget" in params and budget is not None else ()
    known = sorted([k for k in params if k != "budget"] + list(budget_keys))
    kwargs: dict[str, Any] = {}
    changes: dict[str, Any] = {}
    for key, text in options.items():
        if key in budget_keys:
            field = {f.name: f for f in fields(budget)}[key]
            fake = inspect.Parameter(
                key,
                inspect.Parameter.KEYWORD_ONLY,
                default=getattr(budget, key),
                annotation=str(field.type),
            )
            changes[key] = _convert(spec, key, text, fake)
        elif key in params and key != "budget":
            kwargs[key] = _convert(spec, key, text, params[key])
        else:
            raise PlayerOptionError(
                f"player {spec!r}: unknown option {key!r}: expected one of {', '.join(known)}"
            )
    try:
        if changes:
            kwargs["budget"] = budget.with_(**changes)
        return cls(seed=seed, name=name, **kwargs)
    except (ValueError, TypeError) as exc:
        raise PlayerOptionError(f"player {spec!r}: {exc}") from None
