"""Hand records and their files: PBN 2.1 and the JSON event log.

A :class:`HandRecord` holds one board (deal, variant, cards played, names, event
log); :mod:`~cavendish.io.pbn` writes and reads it as PBN, the format bridge
programs share, and :mod:`~cavendish.io.jsonlog` as a JSON log of every event.
A rubber or a whole session is one file, one board per hand in the order played.

>>> import random
>>> from cavendish.io import HandRecord, read_pbn, records_from_json, records_to_json, write_pbn
>>> from cavendish.core import HandState, Seat, deal_cards
>>> state = HandState(deal_cards(random.Random(9), Seat.N))
>>> while not state.is_over:
...     _ = state.play(state.legal_cards()[-1])
>>> rec = HandRecord.from_state(state, variant="short", board=1)
>>> read_pbn(write_pbn([rec])) == [rec] == records_from_json(records_to_json([rec]))
True
>>> sum(rec.result().tricks)
13
"""

from typing import TYPE_CHECKING

from ..core.lazy import names_on_first_use

if TYPE_CHECKING:
    from .jsonlog import (
        JSONLogError,
        read_json_file,
        records_from_json,
        records_to_json,
        write_json_file,
    )
    from .pbn import PBNError, read_pbn, read_pbn_file, write_pbn, write_pbn_file
    from .record import HandRecord, RecordError, log_from_plays, split_tricks

_LATER = {
    **dict.fromkeys(("JSONLogError", "read_json_file", "records_from_json", "records_to_json",
                     "write_json_file"), "jsonlog"),
    **dict.fromkeys(("PBNError", "read_pbn", "read_pbn_file", "write_pbn", "write_pbn_file"),
                    "pbn"),
    **dict.fromkeys(("HandRecord", "RecordError", "log_from_plays", "split_tricks"), "record"),
}
"""The names imported from their module when first asked: a command that only checks
an output file (:mod:`.files`, every ``--out``, ``--pbn`` and ``--journal``) or plays
a match (:mod:`.record`) imports neither PBN nor the JSON log (some 25 ms of CPU)."""

__getattr__ = names_on_first_use(__name__, _LATER, globals())

__all__ = [
    "HandRecord",
    "JSONLogError",
    "PBNError",
    "RecordError",
    "log_from_plays",
    "read_json_file",
    "read_pbn",
    "read_pbn_file",
    "records_from_json",
    "records_to_json",
    "split_tricks",
    "write_json_file",
    "write_pbn",
    "write_pbn_file",
]
