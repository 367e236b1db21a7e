"""The words of the laws: the club code's text of each law, as the arbiter cites it.

Design note
-----------
:data:`LAW_TEXTS` holds the text of laws 1-91 of the club code, and of the laws of
dummy (i, ii, iii: numbers 101-103 here, :mod:`.names`) and double dummy (104), as
Cavendish's *Laws and Principles* prints them "verbatim from the club code" (seed
003, ``sources/003_66747c784035cc3b.txt`` in the repository).  They are read from
that file by :func:`read_law_texts` (footnote markers dropped, white space
joined) and kept here, so that the package needs no source file;
``tests/laws/test_law_texts.py`` checks that the two agree.  To write the table
again after a change of the source::

    python -c 'from pathlib import Path; from cavendish.laws.texts import render_module as r; \\
    print(r(Path("sources/003_66747c784035cc3b.txt").read_text()), end="")' \\
    > src/cavendish/laws/texts.py

>>> law_words(62)[:46]
'If any player lead out of turn, his adversarie'
>>> law_words(100)
''
"""

from __future__ import annotations

import re
import textwrap

__all__ = ["LAW_TEXTS", "law_words", "read_law_texts", "render_module"]

_FOOTNOTE = re.compile(r"\[\d+\]")
_LAW = re.compile(r"^(\d{1,2})\. (.*)$")


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", _FOOTNOTE.sub("", text)).strip()


def read_law_texts(source: str) -> dict[int, str]:
    """The laws' texts in seed 003's copy of the code: laws 1-91 (each from its number
    to the next, headings between them left out) and the laws of dummy (101-103) and
    double dummy (104).  A :class:`ValueError` if the source is not laid out so.

    >>> read_law_texts("  1. The rubber is the best of three.\\n  SCORING.\\n  2. A game"
    ...                "\\n consists of five points.\\nETIQUETTE OF WHIST\\n")[2]
    'A game consists of five points.'
    """
    try:
        start = source.index("  1. The rubber")
        end = source.index("ETIQUETTE OF WHIST", start)
    except ValueError:
        raise ValueError("the source has no club code (law 1 ... the etiquette)") from None
    texts: dict[int, str] = {}
    number, parts = 0, list[str]()
    for line in source[start:end].splitlines():
        words = line.strip()
        found = _LAW.match(words)
        if found and line.startswith("  ") and int(found.group(1)) == number + 1:
            if number:
                texts[number] = _clean(" ".join(parts))
            number, parts = int(found.group(1)), [found.group(2)]
        elif words and re.search(r"[a-z]", words):  # not a heading between the laws
            parts.append(words)
    texts[number] = _clean(" ".join(parts))
    dummy = source.find("\n  DUMMY", end)
    double = source.find("DOUBLE DUMMY", dummy)
    if dummy < 0 or double < 0:
        return texts
    items = [w.strip() for w in re.split(r"\n\s*\t", source[dummy:double])[1:] if w.strip()]
    for i, item in enumerate(items[:3]):
        texts[101 + i] = _clean(item)
    special = source.find("special law:", double)
    if special >= 0:
        texts[104] = _clean(source[special + len("special law:"):].split("\n")[0])
    return texts


def law_words(number: int) -> str:
    """The code's words for a law ("" for a number the code does not print, such as
    Cavendish's Cases and Decisions)."""
    return LAW_TEXTS.get(number, "")


def render_module(source: str) -> str:
    """This module's text, its table read from ``source`` (seed 003)."""
    with open(__file__, encoding="utf-8") as f:
        code = f.read().split("\n\nLAW_TEXTS: dict[int, str] = ")[0]
    lines = ["", "", "LAW_TEXTS: dict[int, str] = {"]
    for number, text in sorted(read_law_texts(source).items()):
        chunks = textwrap.wrap(text, 76, drop_whitespace=False, break_on_hyphens=False)
        lines.append(f"    {number}: (")
        lines += [f"        {chunk!r}" for chunk in chunks]
        lines.append("    ),")
    lines += ["}", '"""The words of each law, by its number (see the module)."""', ""]
    return code + "\n".join(lines)


LAW_TEXTS: dict[int, str] = {
    1: (
        'The rubber is the best of three games. If the first two games be won by the '
        'same players, the third game is not played.'
    ),
    2: (
        'A game consists of five points. Each trick, above six, counts one point.'
    ),
    3: (
        'Honours, i.e., Ace, King, Queen, and Knave of trumps, are thus reckoned: If '
        'a player and his partner, either separately or conjointly, hold— The four '
        'honours, they score four points. Any three honours, they score two points. '
        'Only two honours, they do not score.'
    ),
    4: (
        'Those players, who, at the commencement of a deal, are at the score of four,'
        ' cannot score honours.'
    ),
    5: (
        'The penalty for a revoke takes precedence of all other scores. Tricks score '
        'next. Honours last.'
    ),
    6: (
        'Honours, unless claimed before the trump card of the following deal is '
        'turned up, cannot be scored.'
    ),
    7: (
        'To score honours is not sufficient; they must be called at the end of the '
        'hand; if so called, they may be scored at any time during the game.'
    ),
    8: (
        'The winners gain— A treble, or game of three points, when their adversaries '
        'have not scored. A double, or game of two points, when their adversaries '
        'have scored less than three. A single, or game of one point, when their '
        'adversaries have scored three, or four.'
    ),
    9: (
        'The winners of the rubber gain two points (commonly called the rubber '
        'points), in addition to the value of their games.'
    ),
    10: (
        "Should the rubber have consisted of three games, the value of the losers' "
        'game is deducted from the gross number of points gained by their opponents.'
    ),
    11: (
        'If an erroneous score be proved, such mistake can be corrected prior to the '
        'conclusion of the game in which it occurred, and such game is not concluded '
        'until the trump card of the following deal has been turned up.'
    ),
    12: (
        'If an erroneous score, affecting the amount of the rubber, be proved, such '
        'mistake can be rectified at any time during the rubber.'
    ),
    13: (
        'The ace is the lowest card.'
    ),
    14: (
        'In all cases, every one must cut from the same pack.'
    ),
    15: (
        'Should a player expose more than one card, he must cut again.'
    ),
    16: (
        'If there are more than four candidates, the players are selected by cutting:'
        ' those first in the room having the preference. The four who cut the lowest '
        'cards play first, and again cut to decide on partners; the two lowest play '
        'against the two highest; the lowest is the dealer, who has choice of cards '
        'and seats, and, having once made his selection, must abide by it.'
    ),
    17: (
        'When there are more than six candidates, those who cut the two next lowest '
        'cards belong to the table, which is complete with six players; on the '
        'retirement of one of those six players, the candidate who cut the next '
        'lowest card has a prior right to any after-comer to enter the table.'
    ),
    18: (
        'Two players cutting cards of equal value, unless such cards are the two '
        'highest, cut again; should they be the two lowest, a fresh cut is necessary '
        'to decide which of those two deals.'
    ),
    19: (
        'Three players cutting cards of equal value cut again; should the fourth (or '
        'remaining) card be the highest, the two lowest of the new cut are partners, '
        'the lower of those two the dealer; should the fourth card be the lowest, the'
        ' two highest are partners, the original lowest the dealer.'
    ),
    20: (
        'At the end of a rubber, should admission be claimed by any one, or by two '
        'candidates, he who has, or they who have, played a greater number of '
        'consecutive rubbers than the others is, or are, out; but when all have '
        'played the same number, they must cut to decide upon the out-goers; the '
        'highest are out.'
    ),
    21: (
        'A candidate wishing to enter a table must declare such intention prior to '
        'any of the players having cut a card, either for the purpose of commencing a'
        ' fresh rubber, or of cutting out.'
    ),
    22: (
        'In the formation of fresh tables, those candidates who have neither belonged'
        ' to nor played at any other table have the prior right of entry; the others '
        'decide their right of admission by cutting.'
    ),
    23: (
        'Any one quitting a table prior to the conclusion of a rubber, may, with '
        'consent of the other three players, appoint a substitute in his absence '
        'during that rubber.'
    ),
    24: (
        'A player cutting into one table, whilst belonging to another, loses his '
        'right of re-entry into that latter, and takes his chance of cutting in, as '
        'if he were a fresh candidate.'
    ),
    25: (
        'If any one break up a table, the remaining players have the prior right to '
        'him of entry into any other, and should there not be sufficient vacancies at'
        ' such other table to admit all those candidates, they settle their '
        'precedence by cutting.'
    ),
    26: (
        'The pack must neither be shuffled below the table nor so that the face of '
        'any card be seen.'
    ),
    27: (
        'The pack must not be shuffled during the play of the hand.'
    ),
    28: (
        'A pack, having been played with, must neither be shuffled, by dealing it '
        'into packets, nor across the table.'
    ),
    29: (
        'Each player has a right to shuffle, once only, except as provided by Rule '
        '32, prior to a deal, after a false cut, or when a new deal has occurred.'
    ),
    30: (
        "The dealer's partner must collect the cards for the ensuing deal, and has "
        'the first right to shuffle that pack.'
    ),
    31: (
        'Each player, after shuffling, must place the cards, properly collected and '
        'face downwards, to the left of the player about to deal.'
    ),
    32: (
        'The dealer has always the right to shuffle last; but should a card or cards '
        'be seen during his shuffling or whilst giving the pack to be cut, he may be '
        'compelled to re-shuffle.'
    ),
    33: (
        'Each player deals in his turn; the right of dealing goes to the left.'
    ),
    34: (
        "The player on the dealer's right cuts the pack, and in dividing it, must not"
        ' leave fewer than four cards in either packet; if in cutting, or in '
        'replacing one of the two packets on the other, a card be exposed, or if '
        'there be any confusion of the cards, or a doubt as to the exact place in '
        'which the pack was divided, there must be a fresh cut.'
    ),
    35: (
        'When a player, whose duty it is to cut, has once separated the pack, he '
        'cannot alter his intention; he can neither re-shuffle nor re-cut the cards.'
    ),
    36: (
        'When the pack is cut, should the dealer shuffle the cards, he loses his '
        'deal.'
    ),
    37: (
        'There must be a new deal— If, during a deal, or during the play of a hand, '
        'the pack be proved incorrect or imperfect. If any card, excepting the last, '
        'be faced in the pack.'
    ),
    38: (
        'If, whilst dealing, a card be exposed by the dealer or his partner, should '
        'neither of the adversaries have touched the cards, the latter can claim a '
        'new deal; a card exposed by either adversary gives that claim to the dealer,'
        ' provided that his partner has not touched a card; if a new deal does not '
        'take place, the exposed card cannot be called.'
    ),
    39: (
        'If, during dealing, a player touch any of his cards, the adversaries may do '
        'the same, without losing their privilege of claiming a new deal, should '
        'chance give them such option.'
    ),
    40: (
        'If, in dealing, one of the last cards be exposed, and the dealer turn up the'
        ' trump before there is reasonable time for his adversaries to decide as to a'
        ' fresh deal, they do not thereby lose their privilege.'
    ),
    41: (
        'If a player, whilst dealing, look at the trump card, his adversaries have a '
        'right to see it, and may exact a new deal.'
    ),
    42: (
        'If a player take into the hand dealt to him a card belonging to the other '
        'pack, the adversaries, on discovery of the error, may decide whether they '
        'will have a fresh deal or not.'
    ),
    43: (
        'A misdeal loses the deal.'
    ),
    44: (
        'It is a misdeal— Unless the cards are dealt into four packets, one at a time'
        " in regular rotation, beginning with the player to the dealer's left. Should"
        ' the dealer place the last (i.e., the trump) card, face downwards, on his '
        'own, or any other pack. Should the trump card not come in its regular order '
        'to the dealer; but he does not lose his deal if the pack be proved '
        'imperfect. Should a player have fourteen cards, and either of the other '
        'three less than thirteen. Should the dealer, under an impression that he has'
        ' made a mistake, either count the cards on the table, or the remainder of '
        'the pack. Should the dealer deal two cards at once, or two cards to the same'
        ' hand, and then deal a third; but if, prior to dealing that third card, the '
        'dealer can, by altering the position of one card only, rectify such error, '
        'he may do so, except as provided by the second paragraph of this Law. Should'
        ' the dealer omit to have the pack cut to him, and the adversaries discover '
        'the error, prior to the trump card being turned up, and before looking at '
        'their cards, but not after having done so.'
    ),
    45: (
        'A misdeal does not lose the deal if, during the dealing, either of the '
        "adversaries touch the cards prior to the dealer's partner having done so, "
        'but should the latter have first interfered with the cards, notwithstanding '
        'either or both of the adversaries have subsequently done the same, the deal '
        'is lost.'
    ),
    46: (
        'Should three players have their right number of cards—the fourth have less '
        'than thirteen, and not discover such deficiency until he has played any of '
        'his cards, the deal stands good; should he have played, he is as answerable '
        'for any revoke he may have made as if the missing card, or cards, had been '
        'in his hand; he may search the other pack for it, or them.'
    ),
    47: (
        'If a pack, during or after a rubber, be proved incorrect or imperfect, such '
        'proof does not alter any past score, game, or rubber; that hand in which the'
        ' imperfection was detected is null and void; the dealer deals again.'
    ),
    48: (
        "Any one dealing out of turn, or with the adversary's cards, may be stopped "
        'before the trump card is turned up, after which the game must proceed as if '
        'no mistake had been made.'
    ),
    49: (
        'A player can neither shuffle, cut, nor deal for his partner, without the '
        'permission of his opponents.'
    ),
    50: (
        'If the adversaries interrupt a dealer whilst dealing, either by questioning '
        'the score or asserting that it is not his deal, and fail to establish such '
        'claim, should a misdeal occur, he may deal again.'
    ),
    51: (
        "Should a player take his partner's deal, and misdeal, the latter is liable "
        'to the usual penalty, and the adversary next in rotation to the player who '
        'ought to have dealt then deals.'
    ),
    52: (
        'The dealer, when it is his turn to play to the first trick, should take the '
        'trump card into his hand; if left on the table after the first trick be '
        'turned and quitted, it is liable to be called; his partner may at any time '
        'remind him of the liability.'
    ),
    53: (
        'After the dealer has taken the trump card into his hand, it cannot be asked '
        'for; a player naming it at any time during the play of that hand is liable '
        'to have his highest or lowest trump called.'
    ),
    54: (
        'If the dealer take the trump card into his hand before it is his turn to '
        'play, he may be desired to lay it on the table; should he show a wrong card,'
        ' this card may be called, as also a second, a third, &c., until the trump '
        'card be produced.'
    ),
    55: (
        'If the dealer declare himself unable to recollect the trump card, his '
        'highest or lowest trump may be called at any time during that hand, and, '
        'unless it cause him to revoke, must be played; the call may be repeated, but'
        ' not changed, i.e., from highest to lowest, or vice versâ, until such card '
        'is played.'
    ),
    56: (
        'All exposed cards are liable to be called, and must be left on the table; '
        'but a card is not an exposed card when dropped on the floor, or elsewhere '
        'below the table. The following are exposed cards:— Two or more cards played '
        'at once. Any card dropped with its face upwards, or in any way exposed on or'
        ' above the table, even though snatched up so quickly that no one can name '
        'it.'
    ),
    57: (
        'If any one play to an imperfect trick the best card on the table, or lead '
        'one which is a winning card as against his adversaries, and then lead again,'
        ' or play several such winning cards, one after the other, without waiting '
        'for his partner to play, the latter may be called on to win, if he can, the '
        'first or any other of those tricks, and the other cards thus improperly '
        'played are exposed cards.'
    ),
    58: (
        'If a player, or players, under the impression that the game is lost—or '
        'won—or for other reasons—throw his or their cards on the table face upwards,'
        " such cards are exposed, and liable to be called, each player's by the "
        'adversary; but should one player alone retain his hand, he cannot be forced '
        'to abandon it.'
    ),
    59: (
        'If all four players throw their cards on the table face upwards, the hands '
        'are abandoned; and no one can again take up his cards. Should this general '
        'exhibition show that the game might have been saved, or won, neither claim '
        'can be entertained, unless a revoke be established. The revoking players are'
        ' then liable to the following penalties: they cannot under any circumstances'
        ' win the game by the result of that hand, and the adversaries may add three '
        'to their score, or deduct three from that of the revoking players.'
    ),
    60: (
        'A card detached from the rest of the hand so as to be named is liable to be '
        'called; but should the adversary name a wrong card, he is liable to have a '
        'suit called when he or his partner have the lead.'
    ),
    61: (
        'If a player, who has rendered himself liable to have the highest or lowest '
        'of a suit called, fail to play as desired, or if when called on to lead one '
        'suit, lead another, having in his hand one or more cards of that suit '
        'demanded, he incurs the penalty of a revoke.'
    ),
    62: (
        'If any player lead out of turn, his adversaries may either call the card '
        'erroneously led—or may call a suit from him or his partner when it is next '
        'the turn of either of them to lead.'
    ),
    63: (
        'If any player lead out of turn, and the other three have followed him, the '
        'trick is complete, and the error cannot be rectified; but if only the '
        'second, or the second and third, have played to the false lead, their cards,'
        ' on discovery of the mistake, are taken back; there is no penalty against '
        'any one, excepting the original offender, whose card may be called—or he, or'
        ' his partner, when either of them has next the lead, may be compelled to '
        'play any suit demanded by the adversaries.'
    ),
    64: (
        'In no case can a player be compelled to play a card which would oblige him '
        'to revoke.'
    ),
    65: (
        'The call of a card may be repeated until such card has been played.'
    ),
    66: (
        'If a player called on to lead a suit have none of it, the penalty is paid.'
    ),
    67: (
        'If the third hand play before the second, the fourth hand may play before '
        'his partner.'
    ),
    68: (
        'Should the third hand not have played, and the fourth play before his '
        'partner, the latter may be called on to win, or not to win the trick.'
    ),
    69: (
        'If any one omit playing to a former trick, and such error be not discovered '
        'until he has played to the next, the adversaries may claim a new deal; '
        'should they decide that the deal stand good, the surplus card at the end of '
        'the hand is considered to have been played to the imperfect trick, but does '
        'not constitute a revoke therein.'
    ),
    70: (
        'If any one play two cards to the same trick, or mix his trump, or other '
        'card, with a trick to which it does not properly belong, and the mistake be '
        'not discovered until the hand is played out, he is answerable for all '
        'consequent revokes he may have made. If, during the play of the hand, the '
        'error be detected, the tricks may be counted face downwards, in order to '
        'ascertain whether there be among them a card too many: should this be the '
        'case they may be searched, and the card restored; the player is, however, '
        'liable for all revokes which he may have meanwhile made.'
    ),
    71: (
        'Is when a player, holding one or more cards of the suit led, plays a card of'
        ' a different suit.'
    ),
    72: (
        'The penalty for a revoke:— Is at the option of the adversaries, who, at the '
        'end of the hand, may either take three tricks from the revoking player—or '
        'deduct three points from his score—or add three to their own score; Can be '
        'claimed for as many revokes as occur during the hand; Is applicable only to '
        'the score of the game in which it occurs; Cannot be divided, i.e., a player '
        'cannot add one or two to his own score and deduct one or two from the '
        'revoking player; Takes precedence of every other score, e.g.,—The claimants '
        'two—their opponents nothing—the former add three to their score—and thereby '
        'win a treble game, even should the latter have made thirteen tricks, and '
        'held four honours.'
    ),
    73: (
        'A revoke is established, if the trick in which it occur be turned and '
        'quitted, i.e., the hand removed from that trick after it has been turned '
        'face downwards on the table—or if either the revoking player or his partner,'
        ' whether in his right turn or otherwise, lead or play to the following '
        'trick.'
    ),
    74: (
        'A player may ask his partner whether he has not a card of the suit which he '
        'has renounced; should the question be asked before the trick is turned and '
        'quitted, subsequent turning and quitting does not establish the revoke, and '
        'the error may be corrected, unless the question be answered in the negative,'
        ' or unless the revoking player or his partner have led or played to the '
        'following trick.'
    ),
    75: (
        'At the end of the hand, the claimants of a revoke may search all the tricks.'
    ),
    76: (
        'If a player discover his mistake in time to save a revoke, the adversaries, '
        'whenever they think fit, may call the card thus played in error, or may '
        'require him to play his highest or lowest card to that trick in which he has'
        ' renounced;—any player or players who have played after him may withdraw '
        'their cards and substitute others: the cards withdrawn are not liable to be '
        'called.'
    ),
    77: (
        'If a revoke be claimed, and the accused player or his partner mix the cards '
        'before they have been sufficiently examined by the adversaries, the revoke '
        'is established. The mixing of the cards only renders the proof of a revoke '
        'difficult, but does not prevent the claim, and possible establishment, of '
        'the penalty.'
    ),
    78: (
        'A revoke cannot be claimed after the cards have been cut for the following '
        'deal.'
    ),
    79: (
        'The revoking player and his partner may, under all circumstances, require '
        'the hand in which the revoke has been detected to be played out.'
    ),
    80: (
        'If a revoke occur, be claimed and proved, bets on the odd trick, or on '
        'amount of score, must be decided by the actual state of the latter, after '
        'the penalty is paid.'
    ),
    81: (
        'Should the players on both sides subject themselves to the penalty of one or'
        ' more revokes, neither can win the game; each is punished at the discretion '
        'of his adversary.'
    ),
    82: (
        'In whatever way the penalty be enforced, under no circumstances can a player'
        ' win the game by the result of the hand during which he has revoked; he '
        'cannot score more than four. (Vide Rule 61.)'
    ),
    83: (
        'Any player (on paying for them) before, but not after, the pack be cut for '
        'the deal, may call for fresh cards. He must call for two new packs, of which'
        ' the dealer takes his choice.'
    ),
    84: (
        'Where a player and his partner have an option of exacting from their '
        'adversaries one of two penalties, they should agree who is to make the '
        'election, but must not consult with one another which of the two penalties '
        'it is advisable to exact; if they do so consult they lose their right; and '
        'if either of them, with or without consent of his partner, demand a penalty '
        'to which he is entitled, such decision is final. This rule does not apply in'
        ' exacting the penalties for a revoke; partners have then a right to consult.'
    ),
    85: (
        'Any one during the play of a trick, or after the four cards are played, and '
        'before, but not after, they are touched for the purpose of gathering them '
        'together, may demand that the cards be placed before their respective '
        'players.'
    ),
    86: (
        'If any one, prior to his partner playing, should call attention to the '
        'trick—either by saying that it is his, or by naming his card, or, without '
        'being required so to do, by drawing it towards him—the adversaries may '
        "require that opponent's partner to play the highest or lowest of the suit "
        'then led, or to win or lose the trick.'
    ),
    87: (
        'In all cases where a penalty has been incurred, the offender is bound to '
        'give reasonable time for the decision of his adversaries.'
    ),
    88: (
        'If a bystander make any remark which calls the attention of a player or '
        'players to an oversight affecting the score, he is liable to be called on, '
        'by the players only, to pay the stakes and all bets on that game or rubber.'
    ),
    89: (
        'A bystander, by agreement among the players, may decide any question.'
    ),
    90: (
        'A card or cards torn or marked must be either replaced by agreement, or new '
        'cards called at the expense of the table.'
    ),
    91: (
        'Any player may demand to see the last trick turned, and no more. Under no '
        'circumstances can more than eight cards be seen during the play of the hand,'
        ' viz.: the four cards on the table which have not been turned and quitted, '
        'and the last trick turned.'
    ),
    101: (
        'Dummy deals at the commencement of each rubber.'
    ),
    102: (
        'Dummy is not liable to the penalty for a revoke, as his adversaries see his '
        'cards: should he revoke and the error not be discovered until the trick is '
        'turned and quitted, it stands good.'
    ),
    103: (
        'Dummy being blind and deaf, his Partner is not liable to any penalty for an '
        'error whence he can gain no advantage. Thus, he may expose some, or all of '
        'his cards, or may declare that he has the game, or trick, &c., without '
        "incurring any penalty; if, however, he lead from Dummy's Hand when he should"
        ' lead from his own, or vice versâ, a suit may be called from the hand which '
        'ought to have led.'
    ),
    104: (
        'There is no misdeal, as the deal is a disadvantage.'
    ),
}
"""The words of each law, by its number (see the module)."""
