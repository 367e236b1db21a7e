"""Law numbers, and the numbers given to the laws of dummy and double dummy.

The club code numbers its laws 1-91.  The laws of dummy and double dummy are not
numbered in the sources; rulings cite them by the numbers here.
"""

from __future__ import annotations

__all__ = [
    "CASES",
    "DOUBLE_DUMMY",
    "DUMMY_I",
    "DUMMY_II",
    "DUMMY_III",
    "law_name",
]

CASES = 100
"""Cavendish's "Cases and Decisions" (003): the principles for cases the code omits."""
DUMMY_I = 101
"""Dummy (i): dummy deals at the commencement of each rubber."""
DUMMY_II = 102
"""Dummy (ii): dummy is not liable to the penalty for a revoke."""
DUMMY_III = 103
"""Dummy (iii): dummy's partner is not liable for an error whence he can gain nothing;
a lead from the wrong hand lets the adversaries call a suit from the right one."""
DOUBLE_DUMMY = 104
"""Double dummy: there is no misdeal, the deal being a disadvantage."""

_NAMES = {
    CASES: "Cases and Decisions",
    DUMMY_I: "dummy law i",
    DUMMY_II: "dummy law ii",
    DUMMY_III: "dummy law iii",
    DOUBLE_DUMMY: "the law of double dummy",
}


def law_name(number: int) -> str:
    """How a ruling cites its law.

    >>> law_name(72), law_name(DUMMY_II)
    ('law 72', 'dummy law ii')
    """
    if 1 <= number <= 91:
        return f"law {number}"
    if number in _NAMES:
        return _NAMES[number]
    raise ValueError(f"no law numbered {number}: the code has laws 1-91 (and 100-104 here)")
