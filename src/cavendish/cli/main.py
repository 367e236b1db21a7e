"""The ``cavendish`` command: ``play``, ``deal`` and ``score``.

Every error is one line on stderr, ``cavendish: error: ...``, with exit status 1
(2 for a usage error: an unknown option, variant or seat), never a traceback.

>>> from typer.testing import CliRunner
>>> import json
>>> out = CliRunner().invoke(app, ["deal", "--seed", "1", "--json"]).output
>>> sorted(json.loads(out))
['deal', 'dealer', 'seed', 'trump_card']
"""

from __future__ import annotations

import json
import random
import secrets
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..core.cards import CardParseError, Seat, Side, format_hand
from ..core.events import settled_claim
from ..core.rules import SOURCES, Rules, UnknownVariant, get_rules, variant_names
from ..core.table import cut_for_partners, deal_for
from ..game.laws_session import LAWS_SNAPSHOT_FORMAT
from ..game.saved import autosave_path, load_snapshot
from ..game.session import HONOURS_MODES, PlayedHand, Session, SessionError
from ..players import Player, get_player
from ..scoring.clay import ClayTable
from ..scoring.result import HandResult
from ..scoring.sheet import ScoreSheet
from .app import app, main
from .common import checked_output, fail, read_error, tidy_help
from .play import COMPUTER_NAMES, HUMAN, TerminalGame, default_out_path, today_pbn
from .terminal import card_text, cut_text, deal_diagram, score_table, sheet_summary

if TYPE_CHECKING:
    from ..io.record import HandRecord

__all__ = ["app", "main", "make_session", "score_json"]


VARIANTS_HELP = ", ".join(variant_names())


def _fail(message: str, status: int = 1) -> NoReturn:
    fail(message, status)


def _rules(name: str, status: int = 2) -> Rules:
    try:
        return get_rules(name.strip().lower())
    except UnknownVariant as exc:
        _fail(str(exc), status)


def _seat(text: str, option: str) -> Seat:
    try:
        return Seat.parse(text)
    except CardParseError as exc:
        _fail(f"{option}: {exc}", 2)


def _new_seed() -> int:
    return secrets.randbelow(2**31)


# --------------------------------------------------------------------- play
@app.command()
def play(
    variant: Annotated[
        str, typer.Option("--variant", "-v", help=f"Rules to play: {VARIANTS_HELP}.")
    ] = "short",
    seat: Annotated[
        str, typer.Option("--seat", "-s", help="Your seat: N, E, S or W (partners sit opposite).")
    ] = "S",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the cut, the deals and the computer players (default: random)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="PBN file for the record (default: cavendish-<seed>-<timestamp>.pbn here).",
        ),
    ] = None,
    laws: Annotated[
        bool,
        typer.Option(
            "--laws",
            help="Play under the club code: irregularities are allowed, the arbiter rules "
            "and you are offered every claim and election the laws give your side.",
        ),
    ] = False,
    honours: Annotated[
        str,
        typer.Option(
            "--honours",
            help="How honours are claimed: auto (for the side that held them) or claim "
            "(the players claim them at the end of the hand, laws 6-7: you are asked, "
            "the computers claim; not claimed, they are lost).",
        ),
    ] = "auto",
    sloppy: Annotated[
        float,
        typer.Option(
            "--sloppy",
            help="With --laws: the chance, per card, that a computer player commits an "
            "irregularity (0 to 1). With --call-honours ask (long whist): the chance, a "
            "hand, that a computer calls wrongly at eight (001) when you are among his "
            "adversaries (Cavendish's choice), put to you to elect.",
        ),
    ] = 0.0,
    sloppy_me: Annotated[
        bool,
        typer.Option(
            "--sloppy-me",
            help="With --laws and --sloppy P: your own deals slip too, at the chance P (the "
            "program deals for you, and slips as a careless dealer would: the misdeals of "
            "law 44, or a card exposed or the trump card looked at, which your adversaries "
            "elect on, laws 38, 40, 41).",
        ),
    ] = False,
    pause: Annotated[
        bool,
        typer.Option(
            "--pause",
            help="With --laws: wait for Enter before each computer card (go and stop "
            "toggle it during play).",
        ),
    ] = False,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="The computer players' kind: classical, search, pimc, random, with "
            "options if any (search:worlds=24).",
        ),
    ] = "classical",
    practice: Annotated[
        bool,
        typer.Option(
            "--practice",
            help="A practice session: 'undo' takes back your last card and the computer "
            "cards after it.",
        ),
    ] = False,
    auto_last: Annotated[
        bool,
        typer.Option(
            "--auto-last/--no-auto-last",
            help="Your last card of a hand plays itself.",
        ),
    ] = True,
    rubbers: Annotated[
        int,
        typer.Option(
            "--rubbers",
            min=1,
            help="How many rubbers to play (games, in Clay's dummy: the dummy passes to "
            "each player in turn, and a ledger settles each game player against player).",
        ),
    ] = 1,
    candidates: Annotated[
        int,
        typer.Option(
            "--candidates",
            min=4,
            help="How many candidates cut for the table (you and computers, at most 14; "
            "more than four: the cut, the waiting and the cutting out of laws 16-25, rubber "
            "by rubber; between rubbers you may 'withdraw' or 'declare' (laws 17, 21); after "
            "'quit' in a rubber, 'substitute' leaves it to one waiting (law 23); 11 or more: a "
            "second table of computers plays beside yours (laws 22, 24, 25)).",
        ),
    ] = 4,
    call_honours: Annotated[
        str,
        typer.Option(
            "--call-honours",
            help="Long whist at eight: 'auto' (the engine calls for every side entitled "
            "to) or 'ask' (your call is your own act: type call, 001's \"Can you one?\").",
        ),
    ] = "auto",
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE",
            help="Go on with a saved session (the .autosave.json file written beside the "
            "record): its variant, seats, players, score and seed are the file's.",
        ),
    ] = None,
) -> None:
    """Play a whole rubber in the terminal against computer players.

    The players cut for partners and deal (laws 13-19); your seat is the one you
    ask for. Type a card as SA, as, ♠A or s10; 'help' lists the commands. The
    session is saved after every card you play (FILE.autosave.json beside the
    record, removed when the session ends); the record is saved as PBN at the end,
    and also when you leave with Ctrl-C, Ctrl-D or 'quit'.
    """
    if resume is not None:
        _resume(resume, out)
        return
    rules = _rules(variant)
    me = _seat(seat, "--seat")
    seed = _new_seed() if seed is None else seed
    if not 0.0 <= sloppy <= 1.0:
        _fail(f"--sloppy {sloppy}: expected a chance between 0 and 1", 2)
    if sloppy and not laws and call_honours != "ask":
        _fail("--sloppy needs --laws (irregularities are only allowed under the laws), or "
              "--call-honours ask (the computers' wrong calls at eight)", 2)
    if honours not in HONOURS_MODES:
        _fail(f"--honours {honours!r}: expected auto or claim", 2)
    if honours == "claim" and (laws or candidates > 4):
        _fail("--honours claim is for a table of one person and computers, without --laws "
              "or --candidates", 2)
    if call_honours not in ("auto", "ask"):
        _fail(f"--call-honours {call_honours!r}: expected auto or ask", 2)
    if sloppy_me and not (laws and sloppy):
        _fail("--sloppy-me needs --laws and --sloppy P: your deals slip at the chance P", 2)
    if pause and not laws:
        _fail("--pause needs --laws: plain play never waits before a computer card", 2)
    if laws:
        from ..game.laws_session import laws_refusal

        refused = laws_refusal(rules)
        if refused is not None:
            _fail(f"--laws: {refused}", 2)
    try:
        get_player(players, 0)
    except ValueError as exc:  # an unknown kind or a bad option
        _fail(f"--players: {exc}", 2)
    if laws:
        from .laws_play import run_laws_game

        laws_out = _output(out if out is not None else default_out_path(seed), "--out")
        status = run_laws_game(
            variant,
            me,
            seed,
            sloppy,
            laws_out,
            Console(highlight=False),
            sys.stdin,
            errors=Console(stderr=True, highlight=False),
            player_kind=players,
            pause=pause,
            sloppy_me=sloppy_me,
            autosave=_output(autosave_path(laws_out), "--out (its autosave)"),
        )
        if status:
            raise typer.Exit(status)
        return
    target = _output(out if out is not None else default_out_path(seed), "--out")
    calls = "players" if call_honours == "ask" else "auto"
    if candidates > 4:
        _run_club(rules, me, seed, players, candidates, rubbers, target,
                  practice=practice, auto_last=auto_last, calls=calls)
        return
    session = make_session(
        rules, me, seed, players, practice=practice, auto_last=auto_last,
        calls="players" if call_honours == "ask" else "auto", rubbers=rubbers,
        wrong_calls=sloppy, honours=honours,
    )
    _run_game(session, seed, target, {"seed": seed, "players": players})


CANDIDATE_NAMES = (
    *COMPUTER_NAMES, "Mathews", "Drayson", "Deschapelles", "Baldwin", "Payne",
    "Cotton", "Foster", "Elwell", "Trist", "Watson",
)
"""The computer candidates of ``play --candidates``: the three players, then more
authorities of the game."""


def _run_club(
    rules: Rules, me: Seat, seed: int, kind: str, candidates: int, rubbers: int, target: Path,
    **options: Any,
) -> None:
    """``play --candidates N``: N candidates cut for the table (laws 16-25); each rubber
    is played by the four the cut chose, you in the terminal when you are one of them."""
    if candidates > 1 + len(CANDIDATE_NAMES):
        _fail(f"--candidates {candidates}: at most {1 + len(CANDIDATE_NAMES)}", 2)
    if rules.table != "whist":
        _fail(f"--candidates is for four players in partnership, not {rules.name}", 2)
    from ..game.club_table import ClubTable

    people: dict[str, Player | None] = {HUMAN: None}
    for i, name in enumerate(CANDIDATE_NAMES[: candidates - 1]):
        people[name] = get_player(kind, _player_seed(seed, i), name)
    tables = 2 if candidates >= TWO_TABLES else 1
    club = ClubTable(rules, people, seed, request=(HUMAN, me), computer_claims=True,
                     tables=tables, **options)
    late = list(CANDIDATE_NAMES[candidates - 1 :])
    console = Console(highlight=False)
    for k in range(1, rubbers + 1):
        if k > 1:
            club.finish_rubber()
            if not _between_rubbers(club, console):
                return
            for law, text in club.beside():  # the second table, laws 22, 24, 25
                console.print(f"Law {law}: {text}." if law else f"Beside: {text}.",
                              markup=False, soft_wrap=True)
            _show_cuts(club, console, club.beside_session)
            if club.beside_session is not None:  # law 22: you play at the second table
                beside = target.with_name(f"{target.stem}-second{k}{target.suffix}")
                console.print(Rule(f"The second table · you play its rubber · {beside.name}"))
                if not _play_rubber(club, club.beside_session, console, k, beside, seed,
                                    substitute=False):
                    return
            if late:  # a computer comes while the cut is being made (law 21)
                name = late.pop(0)
                club.late_comer(name, get_player(kind, _player_seed(seed, 100 + k), name))
        session, rulings = club.next_rubber()
        console.print(Rule(f"Rubber {k} · {len(club.people)} candidates for the table"))
        for law, text in rulings:
            console.print(f"Law {law}: {text}.", markup=False, soft_wrap=True)
        _show_cuts(club, console, session)
        console.print(f"At play: {', '.join(club.table.players)} · waiting: "
                      f"{', '.join(club.waiting()) or 'nobody'}", markup=False, soft_wrap=True)
        out = target if k == 1 else target.with_name(f"{target.stem}-rubber{k}{target.suffix}")
        if not _play_rubber(club, session, console, k, out, seed):
            return


def _show_cuts(club: Any, console: Console, session: Session | None) -> None:
    """Every round cut since the last shown, with its cards (laws 16-25), but those of
    the cut that seats you at ``session``, which its table shows."""
    cut = session.seating.cut if session is not None else None
    playing = session is not None and HUMAN in session.seating.names.values()
    yours = cut.rounds if cut is not None and playing else ()
    for one in club.new_rounds():
        if one in yours:
            continue
        console.print(cut_text(one), soft_wrap=True)


def _play_rubber(
    club: Any, session: Session, console: Console, k: int, out: Path, seed: int,
    *, substitute: bool = True,
) -> bool:
    """Rubber ``k`` of ``session``: played out at once when you are not at play, else by
    you in the terminal; False when you left the table (the session ends)."""
    rules = session.rules
    if HUMAN not in session.seating.names.values():
        console.print("You do not play this rubber; the four play it:", markup=False)
        result = session.play_all()
        console.print(sheet_summary(result.sheet, first_rubber=k))
        _save_pbn(result.hands, _output(out, "--out"), rules, seed)
        console.print(f"Saved its {len(result.hands)} hands to {out}", markup=False,
                      highlight=False, soft_wrap=True)
        return True
    game = TerminalGame(
        session=session,
        console=console,
        errors=Console(stderr=True, highlight=False),
        stdin=sys.stdin,
        seed=seed,
        out=_output(out, "--out"),
        save=lambda hands, path: _save_pbn(hands, path, rules, seed),
    )
    status = game.run()
    if status:
        raise typer.Exit(status)
    if session.is_over:
        return True
    return substitute and _substitute(club, session, console, k, out, seed)


TWO_TABLES = 11
"""From this many candidates a second table of computers plays beside yours (laws 22,
24, 25): the first is complete with six (law 17), and the second needs four who
wait, one of the first's members leaving it to join them, even when you are among
those waiting."""

CLUB_HELP = (
    "Between rubbers: Enter goes on; 'withdraw' retires you from the table (law 17); "
    "'declare' declares you for the next cut (law 21); 'quit' ends the session: "
)


def _between_rubbers(club: Any, console: Console) -> bool:
    """The person's word between rubbers, before the next cut (laws 17, 21): False when
    he ends the session (quit, or end of input)."""
    from ..laws.errors import NotAllowed

    console.print(CLUB_HELP, end="", markup=False)
    line = sys.stdin.readline()
    word = line.strip().lower()
    if not line or word in ("quit", "q", "exit"):
        return False
    try:
        if word == "withdraw":
            entering = club.retire(HUMAN)
            console.print(f"Law 17: you retire from the table; "
                          f"{entering or 'nobody'} enters in your place.", markup=False)
        elif word == "declare" and HUMAN in club.table.queue:
            console.print("Law 21: you wait already, next by your cut: a candidate is listed "
                          "once.", markup=False)
        elif word == "declare":
            club.table.declare(HUMAN)
            console.print("Law 21: you declare before the cut: you are a candidate for it.",
                          markup=False)
        elif word:
            console.print(f"({word!r} is not an answer here: going on.)", markup=False)
    except NotAllowed as exc:
        console.print(f"{exc}.", markup=False)
    return True


def _substitute(
    club: Any, session: Session, console: Console, k: int, out: Path, seed: int
) -> bool:
    """You left during rubber ``k``: offered a substitute for the rest of it, the other
    three consenting (law 23); True when the rubber went on without you (its hands,
    yours and his, saved to ``out``)."""
    console.print("You left during the rubber. Type 'substitute' to leave the rest of it to "
                  "one of those waiting (law 23), or Enter to end the session: ", end="",
                  markup=False)
    if sys.stdin.readline().strip().lower() != "substitute":
        return False
    waiting = [n for n in club.waiting() if club.people.get(n) is not None]
    while True:  # law 23: he who quits "may [...] appoint a substitute"
        console.print(f"Whom do you appoint? ({', '.join(waiting) or 'nobody waits'}; "
                      "Enter: the first): ", end="", markup=False)
        line = sys.stdin.readline()
        try:
            named = {n.lower(): n for n in waiting}.get(line.strip().lower(), line.strip())
            sub = club.substitute(session, HUMAN, named or None)
        except SessionError as exc:
            console.print(f"{exc}.", markup=False)
            if not line or not waiting:
                return False
            continue
        break
    console.print(f"Law 23: {sub} stands for you for the rest of the rubber, with the consent "
                  f"of {', '.join(p for p in club.table.players if p != sub)}.", markup=False)
    if session.state is not None:
        session.run()
        session.finish_hand()
    result = session.play_all()
    console.print(sheet_summary(result.sheet, first_rubber=k))
    _save_pbn(result.hands, out, session.rules, seed)
    console.print(f"Saved the rubber's {len(result.hands)} hands to {out}", markup=False,
                  highlight=False, soft_wrap=True)
    return True


def _output(path: Path, option: str) -> Path:
    """``path`` checked for writing before any card is dealt (exit 2 if it cannot be)."""
    checked = checked_output(path, option)
    assert checked is not None
    return checked


def _run_game(session: Session, seed: int, out: Path, app_data: dict[str, Any]) -> None:
    """Play ``session`` in the terminal, autosaving beside ``out``; exit with its status."""
    _output(out, "--out")
    autosave = _output(autosave_path(out), "--out (its autosave)")
    rules = session.rules
    game = TerminalGame(
        session=session,
        console=Console(highlight=False),
        errors=Console(stderr=True, highlight=False),
        stdin=sys.stdin,
        seed=seed,
        out=out,
        save=lambda hands, path: _save_pbn(hands, path, rules, seed),
        autosave=autosave,
        app_data={**app_data, "out": str(out)},
    )
    status = game.run()
    if status:
        raise typer.Exit(status)


def _resume(path: Path, out: Path | None) -> None:
    """``play --resume FILE``: the saved session's table, players and seed, going on."""
    try:
        data = load_snapshot(path)
        if data.get("format") == LAWS_SNAPSHOT_FORMAT:
            _resume_laws(path, data, out)
            return
        app_data = data.get("app", {})
        seed = int(app_data["seed"])
        kind = str(app_data["players"])
        names = {Seat.parse(k): str(v) for k, v in data["seats"].items()}
        people: dict[str, Player | None] = {HUMAN: None}
        for i, name in enumerate(COMPUTER_NAMES):
            people[name] = get_player(kind, _player_seed(seed, i), name)
        chosen = {seat: people[name] for seat, name in names.items()}
        session = Session.restore(data, chosen)
    except (SessionError, KeyError, TypeError, ValueError) as exc:
        _fail(f"--resume {path}: {exc}", 2)
    target = out if out is not None else Path(str(app_data.get("out") or default_out_path(seed)))
    _run_game(session, seed, target, {"seed": seed, "players": kind})


def _resume_laws(path: Path, data: dict[str, Any], out: Path | None) -> None:
    """``play --resume FILE`` of a table under the laws (``play --laws``)."""
    from .laws_play import resume_laws_game

    app = data.get("app")
    saved_out = app.get("out") if isinstance(app, dict) else None
    target = out if out is not None else Path(str(saved_out)) if saved_out else None
    if target is not None:
        _output(target, "--out")
    try:
        status = resume_laws_game(
            data,
            target,
            Console(highlight=False),
            sys.stdin,
            errors=Console(stderr=True, highlight=False),
            autosave=None if target is None else _output(
                autosave_path(target), "--out (its autosave)"
            ),
        )
    except SessionError as exc:
        _fail(f"--resume {path}: {exc}", 2)
    if status:
        raise typer.Exit(status)


def make_session(
    rules: Rules,
    seat: Seat,
    seed: int,
    kind: str = "classical",
    *,
    practice: bool = False,
    auto_last: bool = True,
    calls: str = "auto",
    rubbers: int = 1,
    wrong_calls: float = 0.0,
    honours: str = "auto",
) -> Session:
    """The table of ``cavendish play``: you in ``seat`` and computer players of ``kind``,
    each with its own seed derived from ``seed``, cutting for partners and deal; the
    computers claim when they are sure of every trick left."""
    people: dict[str, Player | None] = {HUMAN: None}
    for i, name in enumerate(COMPUTER_NAMES[: rules.players - 1]):
        people[name] = get_player(kind, _player_seed(seed, i), name)
    return Session.by_cut(
        rules,
        people,
        seed,
        request=(HUMAN, seat),
        practice=practice,
        auto_last=auto_last,
        computer_claims=True,
        calls=calls,
        wrong_calls=wrong_calls,
        honours=honours,
        rubbers=rubbers,
    )


def _player_seed(seed: int, index: int) -> int:
    """Each computer player's own seed, derived from the session's."""
    return (seed * 1_000_003 + 7919 * (index + 1)) % 2**63


def _save_pbn(hands: list[PlayedHand], path: Path, rules: Rules, seed: int) -> None:
    from ..io.pbn import write_pbn_file

    date = today_pbn()
    records = [
        h.record(
            variant=rules.name,
            event=f"Cavendish {rules.name} whist, seed {seed}",
            site="cavendish play",
            date=date,
        )
        for h in hands
    ]
    write_pbn_file(records, path)


# --------------------------------------------------------------------- deal
@app.command()
def deal(
    seed: Annotated[
        int | None, typer.Option(help="Seed of the shuffle (default: random, and shown).")
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            help="The dealer: N, E, S or W (default: the four seats cut, and the lowest deals)."
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print {"seed": 7, "dealer": "S", "deal": "<PBN deal>", "trump_card": "C3"}.',
        ),
    ] = False,
    variant: Annotated[
        str,
        typer.Option("--variant", "-v", help=f"The game's pack and deal: {VARIANTS_HELP}."),
    ] = "short",
) -> None:
    """Deal one hand: the same seed gives the same deal.

    The four seats cut for the deal (ace lowest, law 13) and the lowest deals,
    unless --dealer names him; then the pack is shuffled, cut and dealt one card
    at a time from the dealer's left, the last card turned up (laws 33-34).
    """
    chosen = None if dealer is None else _seat(dealer, "--dealer")
    rules = _rules(variant)
    seed = _new_seed() if seed is None else seed
    rng = random.Random(seed)
    cut = cut_for_partners(rng, [str(s) for s in Seat])
    who = chosen if chosen is not None else Seat.parse(cut.dealer)
    hand = deal_for(rules, rng, who)
    stock = format_hand(hand.stock) if hand.stock else ""
    if as_json:
        payload = {
            "seed": seed,
            "dealer": str(hand.dealer),
            "deal": hand.to_pbn(),
            "trump_card": str(hand.trump_card),
            **({"stock": stock} if stock else {}),
        }
        typer.echo(json.dumps(payload))
        return
    console = Console(highlight=False)
    console.print(deal_diagram(hand))
    line = Text(f"\nDealer {hand.dealer} · trump card ")
    line.append_text(card_text(hand.trump_card))
    line.append(f": {hand.trump.word} are trumps · seed {seed}")
    console.print(line)
    console.print(f"PBN: {hand.to_pbn()}", markup=False)
    if stock:
        console.print(f"Stock (ruff-and-honours, its top card turned up): {stock}", markup=False)


# ----------------------------------------------------------------- variants
@app.command()
def variants() -> None:
    """List every variant of the rules, each with a line on its source; under each of
    the old games (000), what Cavendish adds where 000 is silent, 000's words beside."""
    from ..core.old_games import READINGS

    width = max(len(name) for name in variant_names())
    for name in variant_names():
        typer.echo(f"{name:<{width}}  {SOURCES.get(name, '')}")
        if get_rules(name).packs == 2:  # 000's etiquette; which pack is whose, Cavendish's
            typer.echo("    Cavendish's reading: two packs, as clubs play, each side dealing "
                       "with its own, the other's the still pack made ready for the next deal "
                       "by the dealer's partner while his pack is in play, with one shuffle "
                       "(the others waive theirs, laws 29, 32) (laws 30-31, 42, 48) (000: "
                       "\"Two packs of cards are invariably used at clubs\")")
        for reading, words in READINGS.get(name, ()):
            typer.echo(f"    Cavendish's reading: {reading} (000: \"{words}\")")


# -------------------------------------------------------------------- score
@app.command()
def score(
    file: Annotated[Path, typer.Argument(help="A PBN file of whist hands.")],
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            "-v",
            help=f"Score under these rules ({VARIANTS_HELP}) instead of the file's "
            "[Variant] tags (default, when a hand has none: short).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the score as JSON.")] = False,
) -> None:
    """Replay the hands of a PBN file in order and score them on one sheet.

    A card not in the hand or a failure to follow suit is refused, naming the
    board and the trick (exit status 1). An unfinished hand is not scored.
    """
    from ..io.pbn import PBNError, read_pbn_file
    from ..io.record import RecordError
    from ..scoring.swabbers import stakes

    chosen = None if variant is None else _rules(variant)
    try:
        records = read_pbn_file(file)
    except PBNError as exc:
        _fail(str(exc))
    except (OSError, UnicodeDecodeError) as exc:
        _fail(read_error(file, exc))
    if not records:
        _fail(f"{file}: no hands found")
    if chosen is None:
        names = {r.variant or "short" for r in records}
        if len(names) > 1:
            seen = ", ".join(f"board {r.board} {r.variant}" for r in records)
            _fail(f"{file}: the hands are of different variants ({seen}): give --variant")
        rules = _rules(names.pop(), 1)
    else:
        rules = chosen
    sheet = ScoreSheet(rules)
    swabbers = [0, 0, 0, 0]  # whisk-and-swabbers: each seat's stakes (scoring.swabbers)
    boards: list[int] = []
    skipped: list[str] = []
    tables: list[ClayTable] = []
    for record in records:
        replay_rules = rules.replace(mode="laws") if record.irregular else rules
        try:
            state = record.replay(replay_rules)
        except RecordError as exc:
            _fail(f"{file}: {exc}")
        if record.laws:  # the arbiter's log is the judge: claims, elections, law 59
            try:
                result = record.result()
            except ValueError as exc:
                skipped.append(f"board {record.board}: {exc}")
                continue
            sheet.record(result)
            boards.append(record.board)
            tables.extend(_clay_table(record, rules))
            continue
        if not state.is_over and settled_claim(state.events) is None:
            skipped.append(f"board {record.board} is unfinished ({len(record.plays)} cards played)")
            continue
        sheet.record(HandResult.from_state(state))
        boards.append(record.board)
        tables.extend(_clay_table(record, rules))
        if rules.swabbers:
            won = stakes(state)
            swabbers = [a + b for a, b in zip(swabbers, won, strict=True)]
    errors = Console(stderr=True, highlight=False)
    for note in skipped:
        errors.print(f"cavendish: note: {note}: not scored", markup=False, soft_wrap=True)
    ledger = sheet.ledger(tables) if len(tables) == len(sheet.hands) and tables else None
    if as_json:
        data = score_json(sheet)
        if ledger is not None:
            data["ledger"] = ledger.balances
        if rules.swabbers:
            data["swabbers"] = {str(seat): swabbers[seat] for seat in Seat}
        typer.echo(json.dumps(data))
        return
    console = Console(highlight=False)
    console.print(score_table(sheet, boards))
    console.print(sheet_summary(sheet, ledger=ledger))
    if rules.swabbers:
        line = ", ".join(f"{seat} {swabbers[seat]:+d}" for seat in Seat)
        console.print(f"Swabbers' stakes (by seat): {line}", markup=False)


def _clay_table(record: HandRecord, rules: Rules) -> list[ClayTable]:
    """Clay's dummy: who played the hand of ``record`` (none for other variants, or a
    record that does not name its three players)."""
    if rules.scoring != "clay" or len(record.dummies) != 1 or not all(record.players):
        return []
    return [ClayTable.at(record.players, record.dummies[0])]


def _sides(values: tuple[int, int]) -> dict[str, int]:
    return {str(Side.NS): values[0], str(Side.EW): values[1]}


def score_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The score sheet as JSON data: boards, games, rubbers and the totals.

    >>> from cavendish.scoring import HandResult
    >>> sheet = ScoreSheet(get_rules("short"))
    >>> _ = sheet.record(HandResult((7, 6), (4, 0)))
    >>> score_json(sheet)["boards"]
    [{'tricks': {'NS': 7, 'EW': 6}, 'honours': {'NS': 4, 'EW': 0}, 'points': {'NS': 5, 'EW': 0}}]
    """
    return {
        "boards": [
            {
                "tricks": _sides(h.tricks),
                "honours": _sides(h.honours),
                "points": _sides(h.points),
            }
            for h in sheet.hands
        ],
        "games": [{"winner": str(g.winner), "value": g.value} for g in sheet.games],
        "rubbers": [{"winner": str(r.winner), "points": r.points} for r in sheet.rubbers],
        "score": _sides(sheet.totals),
    }


# ------------------------------------------------------- other command groups
def _register_groups() -> None:
    """The analysis commands, defined in their own modules."""
    from .analyse import register as register_analyse
    from .hint import register as register_hint
    from .ladder import register as register_ladder
    from .match import register as register_match
    from .odds import register as register_odds
    from .problems import register as register_problems
    from .rule import register as register_rule
    from .solve import register as register_solve

    register_solve(app)
    register_problems(app)
    register_analyse(app)
    register_odds(app)
    register_match(app)
    register_rule(app)
    register_hint(app)
    register_ladder(app)
    # the outer rings' commands (``serve``, from the web ring) are plug-ins: the command
    # line imports no outer ring, it asks the package's entry points for them
    for entry in entry_points(group="cavendish.commands"):
        entry.load()(app)


_register_groups()
tidy_help(app)
