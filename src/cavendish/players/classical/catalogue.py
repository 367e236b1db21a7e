"""Titles of the conventions of sources/reference/conventions.md that the players use or read.

>>> title_of("C63"), title_of("forced")
('Second hand: play your lowest', 'The only card the laws allow')
>>> title_of("C999")
Traceback (most recent call last):
...
cavendish.players.classical.catalogue.UnknownConvention: unknown convention 'C999': ...
"""

from __future__ import annotations

from ...core.errors import SettingsError

__all__ = ["TITLES", "UnknownConvention", "title_of"]


class UnknownConvention(SettingsError):
    """A convention id that is not in the catalogue."""


TITLES: dict[str, str] = {
    "forced": "The only card the laws allow",
    "C3": "Master cards: make them",
    "C4": "Tentative stage, then action on information",
    "C5": "Lowest of a sequence when not leading",
    "C6": "Lowest of indifferent small cards",
    "C7": "Play to the score",
    "C10": "Count the cards of each suit",
    "C15": "Lead from your longest or strongest plain suit",
    "C16": "What counts as a strong suit",
    "C19": "Do not lead a singleton (unless nothing else)",
    "C21": "Your own suit before partner's",
    "C22": "Lead through strength, up to weakness",
    "C23": "Avoid the suit both adversaries lack",
    "C24": "Do not abandon your strong suit because an adversary will trump it",
    "C25": "End-play: avoid leading from a tenace or guarded second",
    "C26": "Once trumps are out: underplay the long suit",
    "C27": "Forced lead from a short suit: the highest",
    "C28": "Three-card exceptions: an honour and two small, the lowest",
    "C29": "Two-card leads: the higher",
    "C31": "From A K: K, then A",
    "C32": "From A K Q: K, then Q",
    "C33": "From K Q with small cards: K, then a small one",
    "C34": "From K Q J x: K; from K Q J and two small: J",
    "C35": "From K Q J T: T",
    "C36": "From A Q J: A, then Q (or J with five, modern)",
    "C37": "From A and four small: A, then small",
    "C38": "From A and three small: the lowest",
    "C39": "From Q J T: Q",
    "C40": "From J T 9: J",
    "C41": "From K J T: T (9 from K J T 9, 8 from K J T 9 8)",
    "C42": "Otherwise the lowest card (old school)",
    "C44": "American leads: the fourth best",
    "C47": "Lead the highest of a head sequence",
    "C48": "Lead trumps with five or more",
    "C49": "With four trumps: a trump lead needs strength elsewhere",
    "C51": "A single high trump when partner has dealt",
    "C54": "Which trump to lead",
    "C55": "Return partner's trump lead at once",
    "C56": "Answering a call for trumps",
    "C58": "When an adversary renounces trumps",
    "C59": "When partner renounces trumps",
    "C63": "Second hand: play your lowest",
    "C64": "Second hand with A K: the K",
    "C65": "Second hand with K Q: the Q",
    "C66": "Second hand with A Q J: the lowest of the equals",
    "C67": "Second hand with A Q T: the Q",
    "C68": "Second hand with A Q: read the lead",
    "C69": "Second hand with A K J: the K",
    "C70": "Second hand with A J T: the lowest (the T in trumps)",
    "C71": "Second hand with a sequence: the lowest of it",
    "C72": "Second hand with an honour and one small: the small card",
    "C73": "King second: the small card",
    "C74": "Cover an honour with an honour",
    "C75": "Second round: win with the best card",
    "C79": "Third hand: play your highest",
    "C80": "Third hand with A Q: finesse the Q",
    "C82": "Do not finesse on the second round",
    "C85": "Finesses that cannot work",
    "C86": "Score: no finesse for the chance of two",
    "C87": "Watch your left-hand adversary",
    "C88": "Partner leads A or K: play your lowest; never trump his K",
    "C89": "Partner leads the Q: neither K nor A goes on",
    "C90": "Unblock partner's long suit",
    "C93": "Do not put the Q on partner's uncovered T",
    "C95": "Read the card led to decide a finesse",
    "C97": "Fourth hand: win as cheaply as possible",
    "C101": "The return card: highest from three, lowest from four",
    "C102": "Play out the master card of partner's suit",
    "C103": "Discarded one of four: return as from three",
    "C107": "Lead partner's discard (adverse trump strength)",
    "C109": "Ruff freely when weak in trumps",
    "C110": "Doubtful tricks second hand",
    "C111": "Do not force partner when weak in trumps",
    "C112": "Clay's forcing rule and its exceptions",
    "C114": "Drayson: force partner even when weak",
    "C115": "Force the strong adverse trump hand",
    "C118": "Discard from your weakest suit",
    "C119": "The first discard and guards",
    "C120": "Adverse trump strength: discard from the best-protected suit",
    "C122": "With full command, discard the best card",
    "C123": "Discarding the second best shows no more",
    "C124": "Discard the lowest of indifferent cards",
    "C125": "The call for trumps",
    "C126": "Strength needed to call",
    "C127": "Partner must obey the call",
    "C131": "The echo",
    "C139": "First lead: the best suit, four or more",
    "C140": "King led: holds the ace or the queen",
    "C141": "Ace then queen: holds the knave",
    "C142": "Ace then small: five or more",
    "C143": "Queen led: knave and ten, not ace or king",
    "C144": "A return that is not the master card denies it",
    "C148": "King second hand: the ace too, or no more",
    "C149": "Queen second hand: the king, or ace ten, or no more",
    "C150": "Knave second hand: the queen, or no more",
    "C151": "A small card second hand: none lower",
    "C152": "Trumping a doubtful trick: three trumps or fewer",
    "C154": "Ace third hand: neither king nor queen",
    "C155": "Fourth hand cannot win: nothing higher",
    "C156": "Fourth hand wins: nothing between",
    "C157": "Denies the card next below",
    "C158": "Refusing to trump: strong in trumps (or none)",
    "C160": "Discarding the best: holds the next best",
    "C161": "Discarding the second best: no more",
    "C163": "Partner's first lead (Pole-Ph (A))",
    "C167": "Third hand: his highest",
}
"""Catalogue id -> title (sources/reference/conventions.md)."""


def title_of(convention: str) -> str:
    """The title of a convention id."""
    title = TITLES.get(convention)
    if title is None:
        raise UnknownConvention(f"unknown convention {convention!r}: not in the catalogue")
    return title
