"""Reading a Baloot scorepad summary: what a scorepad knows about a hand, checked against what a deal
can produce.

A summary is `{contract, card_points, tricks, projects | declarations, baloot, dealer?}` (the JSON is
in docs/rules/baloot.md). Every figure is checked for what no deal can produce: card points total 162
(Hokum) or 130 (Sun) with the last trick's 10; a team's points must be what the cards of its tricks
can be worth (`card_totals`); a team without a trick has no point and no project; project totals must
be what two dealt hands can hold. Projects come as totals by team (the team that counts, as the
scorepad wrote it) or as each seat's declarations, from which the referee decides which team's count,
as it does from a record.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..belote.cards import DECK_32, LAST_TRICK, NATURAL_LOW_TO_HIGH, card_points
from ..belote.combinations import Run
from ..belote.holding import Held, shapes_of
from ..belote.ranking import Key, Ranked, rank
from ..cards import NO_TRUMP, SUITS, Suit, suit_of
from ..errors import Code, InvalidRecord, Param, scalar, shown
from ..parse import is_int, read_seat, read_strain
from ..profile import Rules
from .options import PLAYERS, QUARTET_FIRST, TWO_PER_PLAYER
from .projects import (
    FIFTY,
    FOUR_HUNDRED,
    HOKUM_POINTS,
    HUNDRED,
    QUARTET_RANKS,
    SIRA,
    SUN_POINTS,
    Project,
    _run_name,
    project_of,
    team_points,
    team_totals,
    unit,
)
from .scoring import CARD_TOTAL, GAHWA, HOKUM, SUN, TRICKS, Summary, level_of

RUN = "run"
QUARTET = "quartet"
KINDS = (RUN, QUARTET)
DECLARATION_FIELDS = frozenset({"seat", "name", "kind", "length", "top", "suit", "rank"})


def _invalid(detail: str, field: str | None = None, case: str = "", **params: Param) -> InvalidRecord:
    """A summary no hand can produce; `case` picks a players' sentence naming the game's own
    words (the projects, the baloot), else the plain one (docs/errors.md)."""
    return InvalidRecord(Code.INVALID_SUMMARY, detail, field=field, params=params, case=case)


def _pair(summary: Mapping[str, Any], key: str, default: tuple[int, int] | None = None) -> tuple[int, int]:
    v = summary.get(key)
    if v is None and default is not None and key not in summary:
        return default
    if not isinstance(v, list) or len(v) != 2 or not all(is_int(x) and x >= 0 for x in v):
        raise _invalid(
            f"'{key}' is two non-negative integers, team 0 (seats 0 and 2) then team 1", f"summary.{key}"
        )
    return v[0], v[1]


@cache
def card_totals(mode: str) -> dict[int, frozenset[int]]:
    """For each number of cards (0 to 32), every total their card points can make in `mode`
    (any trump: every suit is worth the same): a subset-sum over the deck."""
    trump: Suit | None = SUITS[0] if mode == HOKUM else None
    sums: dict[int, set[int]] = {0: {0}}
    for c in DECK_32:
        v = card_points(c, trump)
        for n in sorted(sums, reverse=True):
            sums.setdefault(n + 1, set()).update(s + v for s in sums[n])
    return {n: frozenset(s) for n, s in sums.items()}


def check_card_points(mode: str, cp: tuple[int, int], tricks: tuple[int, int]) -> None:
    """The card points each team can hold with its tricks: the cards of its tricks (four a trick) and
    the last trick's 10 if it took the last trick (it must have a trick; the other team, none left)."""
    total = CARD_TOTAL[mode]
    if sum(cp) != total:
        raise _invalid(
            f"card points total {sum(cp)}: a {mode} hand has {total} (the last trick's 10 included)",
            "summary.card_points",
        )
    if sum(tricks) != TRICKS:
        raise _invalid(f"tricks total {sum(tricks)}: a hand has 8", "summary.tricks")
    for t in (0, 1):
        if tricks[t] == 0 and cp[t]:
            raise _invalid(f"team {t} took no trick, so it has no card points", "summary.card_points")
    t = 0 if cp[0] <= cp[1] else 1  # the team with fewer points: the shorter reason
    n = 4 * tricks[t]
    sums = card_totals(mode)[n]
    if tricks[t] == TRICKS:
        options = [cp[t] - LAST_TRICK]  # it took the last trick
    elif tricks[t] == 0:
        options = [cp[t]]
    else:
        options = [cp[t], cp[t] - LAST_TRICK]
    if any(p in sums for p in options):
        return
    low, high = min(sums), max(sums)
    zero = sum(1 for c in DECK_32 if card_points(c, SUITS[0] if mode == HOKUM else None) == 0)
    if cp[t] < low:
        why = (
            f"the {n} cards of {tricks[t]} tricks are worth at least {low} in {mode} "
            f"(only {zero} cards are worth nothing)"
        )
    elif cp[t] > high + LAST_TRICK:
        why = (
            f"the {n} cards of {tricks[t]} tricks are worth at most {high}, "
            f"{high + LAST_TRICK} with the last trick"
        )
    else:
        why = f"no {n} cards of a {mode} deck total {cp[t]}"
        if cp[t] >= LAST_TRICK and tricks[t]:
            why += f", nor {cp[t] - LAST_TRICK} and the last trick's 10"
        worth = "0, 2, 3, 4, 10, 11, 14 or 20" if mode == HOKUM else "0, 2, 3, 4, 10 or 11"
        why += f" (a card is worth {worth})"
    raise _invalid(
        f"card points {cp[0]} and {cp[1]} with tricks {tricks[0]} and {tricks[1]}: team {t} took "
        f"{tricks[t]} tricks, and {why}",
        "summary.card_points",
    )


# What players say, and what each name is: a run of its length, or four of a rank (a hundred is a
# run of five or more or four tens, jacks, queens or kings; a four hundred is four aces).
NAMES = (SIRA, FIFTY, HUNDRED, FOUR_HUNDRED)
_NAMED_LENGTH = {SIRA: 3, FIFTY: 4}


def _declaration(i: int, d: object, sun: bool, ranking: str) -> tuple[Project, tuple[Key, ...]]:
    """One declaration as the table says it: `name` (sira, fifty, hundred, four-hundred) and `seat`,
    with the run's `length`, `top` and `suit` or the quartet's `rank` where the scorepad has them;
    or the older `kind` (run or quartet) with them. The project, and its ranking key with the parts
    not given as None (ranking.py asks for them only when a tie needs them)."""
    where = f"summary.declarations.{i}"
    if not isinstance(d, Mapping):
        raise _invalid(
            "a declaration is {seat, name: sira | fifty | hundred | four-hundred}, with the run's "
            "length, top and suit or the quartet's rank where they are known",
            where,
        )
    extra = sorted(str(k) for k in d if k not in DECLARATION_FIELDS)
    if extra:
        raise _invalid(f"a declaration has no field {', '.join(extra)}", where)
    d = {k: v for k, v in d.items() if v is not None}  # null is not given
    seat = read_seat(d.get("seat"), PLAYERS, f"{where}.seat")
    name, kind = d.get("name"), d.get("kind")
    if name is not None and name not in NAMES:
        raise _invalid(f"name {name!r}: sira, fifty, hundred or four-hundred", f"{where}.name")
    if kind is not None and kind not in KINDS:
        raise _invalid(f"kind {kind!r}: run or quartet", f"{where}.kind")
    if name is None and kind is None:
        raise _invalid("a declaration needs its name (sira, fifty, hundred, four-hundred)", f"{where}.name")
    if kind is not None and name is not None and kind != (QUARTET if name == FOUR_HUNDRED else kind):
        raise _invalid(f"a {name} is four aces, not a run", f"{where}.kind")
    if kind == QUARTET and name in _NAMED_LENGTH:
        raise _invalid(
            f"a {name} is a run of {_NAMED_LENGTH[str(name)]}, not four of a kind", f"{where}.kind"
        )
    as_run = "length" in d or "top" in d or "suit" in d
    if kind is None:  # from the name, and from the details given with it
        kind = RUN if name in _NAMED_LENGTH or (name == HUNDRED and as_run) else None
        kind = QUARTET if name == FOUR_HUNDRED or (name == HUNDRED and "rank" in d) else kind
    if kind == QUARTET:
        return _quartet(d, where, seat, name, sun, ranking)
    if kind == RUN:
        return _run(d, where, seat, name, sun, ranking)
    # a hundred with nothing else: a run of five or more, or four of a rank; worth the same
    points = (SUN_POINTS if sun else HOKUM_POINTS)[HUNDRED]
    keys = _run_keys(points, ranking, None, None) + _quartet_keys(points, ranking)
    return Project(seat, HUNDRED, (), points, (points,)), keys


def _quartet(
    d: Mapping[str, Any], where: str, seat: int, name: object, sun: bool, ranking: str
) -> tuple[Project, tuple[Key, ...]]:
    if "length" in d or "suit" in d or "top" in d:
        raise _invalid("a quartet names its rank only: four cards, one of each suit", where)
    rank = d.get("rank", "A" if name == FOUR_HUNDRED else None)
    if rank is None and name != HUNDRED:
        raise _invalid("four of a kind needs its rank, or its name: hundred or four-hundred", f"{where}.rank")
    if rank is None:  # a hundred of four cards, its rank not said
        points = (SUN_POINTS if sun else HOKUM_POINTS)[HUNDRED]
        return Project(seat, HUNDRED, (), points, (points,)), _quartet_keys(points, ranking)
    if rank not in tuple(QUARTET_RANKS):
        raise _invalid(
            f"quartet of {rank!r}: four tens, jacks, queens, kings or aces score",
            f"{where}.rank",
            "quartet_rank",
        )
    project = project_of(seat, None, str(rank), sun, ranking)
    if name is not None and name != project.name:
        raise _invalid(f"four of {rank} is a {project.name}, not a {name}", f"{where}.name")
    return project, (project.key,)


def _run(
    d: Mapping[str, Any], where: str, seat: int, name: object, sun: bool, ranking: str
) -> tuple[Project, tuple[Key, ...]]:
    if "rank" in d:
        raise _invalid("a run names its length, top and suit; 'rank' is a quartet's", where)
    length = d.get("length", _NAMED_LENGTH.get(str(name)))
    if length is None and name is None:
        raise _invalid("a run needs its name (sira, fifty, hundred) or its length", f"{where}.length")
    if length is not None and (not is_int(length) or not 3 <= length <= 8):
        raise _invalid(
            f"run length {length!r}: 3 to 8 cards", f"{where}.length", "run_length", length=scalar(length)
        )
    shortest = 5 if name == HUNDRED else length or 3
    if name is not None and length is not None and _run_name(int(length)) != name:
        raise _invalid(f"a run of {length} is a {_run_name(int(length))}, not a {name}", f"{where}.length")
    top = d.get("top")
    if top is not None:
        if top not in tuple(NATURAL_LOW_TO_HIGH):
            raise _invalid(f"top {top!r}: the run's highest rank, 7 8 9 T J Q K A", f"{where}.top")
        if NATURAL_LOW_TO_HIGH.index(str(top)) + 1 < shortest:
            cards = f"{shortest} or more" if length is None else str(shortest)
            raise _invalid(f"no run of {cards} ends at {top}: runs go from seven up to ace", f"{where}.top")
    suit = d.get("suit")
    if suit is not None:
        strain = read_strain(suit, f"{where}.suit")
        if strain == NO_TRUMP:
            raise _invalid("a run is in one suit: S, H, D or C", f"{where}.suit")
    if length is not None and top is not None and suit is not None:
        run = Run(suit_of(str(suit)), int(length), str(top))  # type: ignore[arg-type]
        project = project_of(seat, run, None, sun, ranking)
        return project, (project.key,)
    named = _run_name(int(length)) if length is not None else HUNDRED
    points = (SUN_POINTS if sun else HOKUM_POINTS)[named]
    keys = _run_keys(points, ranking, None if length is None else int(length), top)
    return Project(seat, named, (), points, (points,)), keys


def _run_keys(points: int, ranking: str, length: int | None, top: object) -> tuple[Key, ...]:
    """Every key a run worth `points` can have with its length and top card as far as given (a run
    of unknown length here is a hundred: five cards or more); the suit never ranks a Baloot run."""
    order = 0 if ranking == QUARTET_FIRST else 1
    lengths = (length,) if length is not None else range(5, 9)
    tops = range(8) if top is None else (NATURAL_LOW_TO_HIGH.index(str(top)),)
    return tuple((points, order, n, t) for n in lengths for t in tops if t + 1 >= n)


def _quartet_keys(points: int, ranking: str) -> tuple[Key, ...]:
    """Every key a hundred of four cards can have: four tens, jacks, queens or kings."""
    order = 1 if ranking == QUARTET_FIRST else 0
    return tuple((points, order, 4, i) for i in range(len("TJQK")))  # as projects.py orders them


def _tie_needs_detail(projects: list[Project], undecided: tuple[Ranked, ...], part: int) -> InvalidRecord:
    said = ", ".join(f"seat {projects[r.index].seat}'s {projects[r.index].name}" for r in undecided)
    need = {
        1: "whether each is a run (its length and top card) or four of a kind (its rank)",
        2: "each run's length",
    }.get(part, "each run's top card (for four of a kind, its rank)")
    seats = ", ".join(str(projects[r.index].seat) for r in undecided)
    return _invalid(
        f"the two teams' best projects are equal as written ({said}): which team scores depends on "
        f"{need}, so give it for these declarations",
        f"summary.declarations.{undecided[0].index}",
        "needs_detail",
        seats=seats,
    )


def read_declarations(
    rules: Rules, value: object, sun: bool, tricks: tuple[int, int], dealer: int | None
) -> tuple[tuple[int, int], tuple[Project, ...], int | None]:
    """Each seat's declared projects: checked that one deal could hold them all, then ranked as from a
    record: the team holding the single best project scores all of its own (none if it took no trick).
    Returns the totals by team, the projects, and the team that counts."""
    if not isinstance(value, list):
        raise _invalid("'declarations' lists each seat's projects", "summary.declarations")
    if value and not rules["projects"]:
        raise _invalid(
            "projects are off under these rules: nothing can be declared",
            "summary.declarations",
            "projects_off",
        )
    read = [_declaration(i, d, sun, rules["project_ranking"]) for i, d in enumerate(value)]
    projects = [p for p, _ in read]
    owner: dict[str, int] = {}
    per_seat: dict[int, set[str]] = {s: set() for s in range(PLAYERS)}
    runs: dict[tuple[int, str], list[tuple[int, int]]] = {}
    room = [Held() for _ in range(PLAYERS)]
    quartet = 1 if rules["project_ranking"] == QUARTET_FIRST else 0  # a key's kind: projects.py
    for i, p in enumerate(projects):
        where = f"summary.declarations.{i}"
        room[p.seat].add(shapes_of((k[1] == quartet, k[2]) for k in read[i][1]))
        if room[p.seat].fewest_cards() > 8:
            raise _invalid(f"seat {p.seat}'s declarations need more than the 8 cards of a hand", where)
        if not p.cards:
            continue  # said by name only: its cards are not known, so nothing to hold against others
        texts = [c.text for c in p.cards]
        for c in texts:
            if owner.get(c, p.seat) != p.seat:
                raise _invalid(f"{c} is declared by seats {owner[c]} and {p.seat}: one card, one hand", where)
            owner[c] = p.seat
        if p.name != "four-hundred" and len({c[1] for c in texts}) == 1:  # a run: maximal and apart
            suit = texts[0][1]
            low = NATURAL_LOW_TO_HIGH.index(texts[0][0])
            high = low + len(texts) - 1
            for a, b in runs.get((p.seat, suit), []):
                if low <= b + 1 and a <= high + 1:
                    raise _invalid(
                        f"seat {p.seat} declares two runs in {suit} that meet or overlap: a run is "
                        "every card in a row (declare the one longer run)",
                        where,
                    )
            runs.setdefault((p.seat, suit), []).append((low, high))
        elif any(q.seat == p.seat and q.cards == p.cards for q in projects[:i]):
            raise _invalid(f"seat {p.seat} declares the same quartet twice", where)
        per_seat[p.seat].update(texts)
        if len(per_seat[p.seat]) > 8:
            raise _invalid(f"seat {p.seat}'s declarations need more than the 8 cards of a hand", where)
    if rules["declarations"] == TWO_PER_PLAYER:
        for s in range(PLAYERS):
            if sum(1 for p in projects if p.seat == s) > 2:
                raise _invalid(
                    f"seat {s} declares more than two projects: at most two a player under these rules",
                    "summary.declarations",
                )
    outcome = rank([Ranked(i, p.team, keys) for i, (p, keys) in enumerate(read)])
    if outcome.undecided:
        raise _tie_needs_detail(projects, outcome.undecided, outcome.part)
    team = outcome.team
    if outcome.level:
        if dealer is None:
            raise _invalid(
                "the two teams' best projects are equal: the seat nearer the dealer's right wins, so "
                "give 'dealer'",
                "summary.dealer",
            )
        first = (dealer + 1) % PLAYERS
        team = min(outcome.level, key=lambda r: (projects[r.index].seat - first) % PLAYERS).team
    pts = team_points(projects, team)
    for t in (0, 1):
        if tricks[t] == 0:
            pts[t] = 0  # a team that took no trick scores no project
    return (pts[0], pts[1]), tuple(projects), team


def _check_baloot(projects: tuple[Project, ...], strain: str, baloot: int | None) -> None:
    """The declarations and the baloot tell one story: the king and queen of trumps are in one hand,
    the baloot team's, so a seat declaring both holds the baloot and no other team's seat declares
    either."""
    pair = ("K" + strain, "Q" + strain)
    owners = {c.text: p.seat for p in projects for c in p.cards if c.text in pair}
    seats = set(owners.values())
    if len(owners) == 2 and len(seats) == 1:
        seat = seats.pop()
        if baloot != seat % 2:
            raise _invalid(
                f"seat {seat} declares both {pair[0]} and {pair[1]}: it holds the baloot, so 'baloot' is "
                f"{seat % 2}, not {shown(baloot)}",
                "summary.baloot",
            )
    if baloot is None:
        return
    if len(seats) == 2:
        raise _invalid(
            f"{pair[0]} and {pair[1]} are declared by seats {min(seats)} and {max(seats)}: the baloot "
            "is both in one hand",
            "summary.baloot",
        )
    for c, seat in owners.items():
        if seat % 2 != baloot:
            raise _invalid(
                f"{c} is in a project of seat {seat} (team {seat % 2}), but the baloot (both {pair[0]} "
                f"and {pair[1]} in one hand) is team {baloot}'s",
                "summary.baloot",
            )


# A summary's project totals by team, in the unit its field names: game points (`projects` is the
# older name of `project_game_points`), or the table's points (a sira 20, a fifty 50, a hundred 100,
# the four aces 100 in Hokum and 200 in Sun: game points x 10 in Hokum, x 5 in Sun).
GAME_POINTS = "project_game_points"
TABLE_POINTS = "project_table_points"
TOTALS = ("projects", GAME_POINTS, TABLE_POINTS)


def _project_totals(
    rules: Rules, summary: Mapping[str, Any], key: str, sun: bool, tricks: tuple[int, int]
) -> tuple[int, int]:
    """The game points of the projects that count, by team, read from `key` in its unit and refused
    when no set of projects of one deal makes them in that unit."""
    field = f"summary.{key}"
    given = _pair(summary, key, (0, 0))
    per = unit(sun) if key == TABLE_POINTS else 1
    words = "table points" if key == TABLE_POINTS else "game points"
    mode = SUN if sun else HOKUM
    for t in (0, 1):
        if tricks[t] == 0 and given[t]:
            raise _invalid(f"team {t} took no trick, so it scores no project", field)
    if given[0] and given[1]:
        raise _invalid("only the team holding the single best project scores projects", field)
    if given != (0, 0) and not rules["projects"]:
        raise _invalid(
            f"projects {given[0]} and {given[1]} cannot be scored under these rules (projects are off)", field
        )
    possible = team_totals(sun, rules["declarations"])
    projects = (given[0] // per, given[1] // per)
    if any(g % per for g in given) or any(p not in possible for p in projects):
        reach = ", ".join(str(p * per) for p in sorted(possible))
        raise _invalid(
            f"projects {given[0]} and {given[1]} in {words} cannot be scored in {mode} under these rules (a "
            f"team's two hands can hold {reach} {words})",
            field,
        )
    return projects


def read_summary(
    rules: Rules, summary: object, dealer: int | None = None
) -> tuple[Summary | None, tuple[Project, ...] | None, int | None]:
    """A scorepad summary checked against the rules: the Summary (None for a deal all four passed), the
    declared projects (None when the summary gives totals) and the team whose projects count."""
    if not isinstance(summary, Mapping):
        raise _invalid("a summary is an object with contract, card_points, tricks, ...")
    if "contract" not in summary:
        raise _invalid(
            "'contract' is {seat, mode, strain, double}, or null for a deal all four passed",
            "summary.contract",
        )
    if summary.get("dealer") is not None:
        dealer = read_seat(summary["dealer"], PLAYERS, "summary.dealer")
    contract = summary["contract"]
    if contract is None:
        if _pair(summary, "card_points") != (0, 0) or _pair(summary, "tricks") != (0, 0):
            raise _invalid("a deal all four passed has no trick: card_points and tricks are [0, 0]")
        if (
            any(summary.get(k, [0, 0]) != [0, 0] for k in TOTALS)
            or summary.get("declarations")
            or summary.get("baloot") is not None
        ):
            raise _invalid("a deal all four passed scores no project and no baloot", None, "passed_out")
        return None, None, None
    if not isinstance(contract, Mapping):
        raise _invalid("'contract' is {seat, mode, strain, double}", "summary.contract")
    seat = read_seat(contract.get("seat"), PLAYERS, "summary.contract.seat")
    mode = contract.get("mode")
    if mode not in (HOKUM, SUN):
        raise _invalid(f"mode {shown(mode)}: hokum or sun", "summary.contract.mode")
    # Sun has no trumps: a scorepad need not say NT (the schema makes `strain` optional)
    given = contract.get("strain")
    strain = NO_TRUMP if given is None and mode == SUN else read_strain(given, "summary.contract.strain")
    if (mode == SUN) != (strain == NO_TRUMP):
        raise InvalidRecord(
            Code.INVALID_TRUMP,
            f"strain {strain} with {mode}: Sun is NT, Hokum names its trump suit",
            field="summary.contract.strain",
            case="sun_or_hokum",
        )
    double = contract.get("double", 1)
    if double != GAHWA and not (is_int(double) and 1 <= double <= 4):
        raise _invalid(f"double {shown(double)}: 1 to 4 or 'gahwa'", "summary.contract.double")
    level = level_of(double)
    if level > 1 and (mode == SUN or not rules["doubling"]):
        why = "Sun hands are never doubled" if mode == SUN else "doubling is off under these rules"
        case = "sun" if mode == SUN else "off"
        raise InvalidRecord(Code.DOUBLE_NOT_ALLOWED, why, field="summary.contract.double", case=case)
    cp = _pair(summary, "card_points")
    tricks = _pair(summary, "tricks")
    check_card_points(mode, cp, tricks)
    sun = mode == SUN
    declared: tuple[Project, ...] | None = None
    team: int | None = None
    given = [k for k in (*TOTALS, "declarations") if k in summary]
    if len(given) > 1:
        raise _invalid(
            f"give the projects once: {' or '.join(repr(k) for k in given)}, not both", f"summary.{given[1]}"
        )
    if given == ["declarations"]:
        projects, declared, team = read_declarations(rules, summary["declarations"], sun, tricks, dealer)
    else:
        projects = _project_totals(rules, summary, given[0] if given else GAME_POINTS, sun, tricks)
    baloot = summary.get("baloot")
    if baloot is not None and (not is_int(baloot) or baloot not in (0, 1) or mode == SUN):
        raise _invalid(
            f"baloot {baloot!r}: the team (0 or 1) holding king and queen of trumps in Hokum, or null",
            "summary.baloot",
            "baloot_team",
        )
    if declared is not None and mode == HOKUM:
        _check_baloot(declared, strain, baloot)
    return Summary(seat, mode, strain, level, cp, tricks, projects, baloot), declared, team
