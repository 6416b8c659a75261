"""Scoring one Baloot hand from its scorepad summary, and the match over several.

Everything a hand's score depends on is in its summary (contract, card points and tricks by team,
the projects that count, the baloot), so records and summaries score through the one function
`score_summary`. Each team's score is its breakdown:

    score = raw * multiplier + projects * project_multiplier + baloot * baloot_multiplier

`raw` is what the team takes from the cards: its game points when the callers made it undoubled,
the whole hand (16 or 26) for the winner of a failed or doubled hand, kaboot's 25 or 44, or gahwa's
152; `projects` are the project game points the team takes; `baloot` the baloot's points it takes (0 or
2: under `baloot_points: with-the-hand` they go with the hand, so a side that takes the whole hand
takes them whoever held them) and `baloot_multiplier` the level they are multiplied by (the hand's;
1 under `never-lost`, and in gahwa, which counts 152 and nothing else).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .options import (
    COUNTING_TEAM,
    DOUBLED_ONLY,
    FLAT,
    GAHWA_MATCH,
    GAME_POINTS,
    MULTIPLIED,
    NEVER_LOST,
    PAIR_ADJUSTED,
    TARGET,
)
from .projects import BALOOT_POINTS, BALOOT_RAW, unit

HOKUM = "hokum"
SUN = "sun"
GAHWA = "gahwa"
GAHWA_LEVEL = 5
HAND_VALUE = {HOKUM: 16, SUN: 26}
KABOOT_VALUE = {HOKUM: 25, SUN: 44}
CARD_TOTAL = {HOKUM: 162, SUN: 130}
TRICKS = 8


def level_of(double: int | str) -> int:
    """1 to 4, and gahwa as 5."""
    return GAHWA_LEVEL if double == GAHWA else int(double)


def double_of(level: int) -> int | str:
    return GAHWA if level == GAHWA_LEVEL else level


@dataclass(frozen=True, slots=True)
class Summary:
    """The scorepad line of a called hand (see the module doc of game.py for its JSON)."""

    seat: int
    mode: str
    strain: str
    level: int
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    projects: tuple[int, int]
    baloot: int | None

    @property
    def callers(self) -> int:
        return self.seat % 2

    def contract_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mode": self.mode, "strain": self.strain, "double": double_of(self.level)}

    def to_json(self) -> dict[str, Any]:
        return {
            "contract": self.contract_json(),
            "card_points": list(self.card_points),
            "tricks": list(self.tricks),
            "projects": list(self.projects),
            "baloot": self.baloot,
        }


def game_points(points: int, sun: bool) -> int:
    """Round to the nearest ten, a five going down, and divide by ten (Hokum) or five (Sun); in Sun a
    total ending in 5 is not rounded (Baloot rule book, Scoring a hand: 56 to 65 is 6, 65 in Sun 13)."""
    if sun:
        return points // 5 if points % 10 == 5 else (points + 4) // 10 * 2
    return (points + 4) // 10


def pair_adjusted(points: tuple[int, int], sun: bool) -> list[int]:
    """Each team rounds its own card points; in Hokum a pair that then totals 17 gives back one point,
    from the side with the larger remainder (equal remainders: the side with more card points), so
    the hand totals 16 (tazjel/baloot-ai `hokum_pair_gp`, validated on 1,095 Kammelna rounds; with 162
    card points a total of 15 cannot happen). Sun's rounding already totals 26."""
    gp = [game_points(points[0], sun), game_points(points[1], sun)]
    if not sun and gp[0] + gp[1] == HAND_VALUE[HOKUM] + 1:
        r0, r1 = points[0] % 10, points[1] % 10
        gp[0 if (r0, points[0]) >= (r1, points[1]) else 1] -= 1
    return gp


def counting_team(callers: int, level: int) -> int:
    """The defenders count, or in a doubled hand the opponents of whoever doubled last: the
    defenders double (2) and four (4), the callers three (3) and gahwa (5)."""
    return 1 - callers if level % 2 == 1 else callers


def score_summary(values: Mapping[str, Any], s: Summary) -> dict[str, Any]:
    """The hand's score answer (without `rules`): made, kaboot, scores and their breakdown."""
    sun = s.mode == SUN
    u = unit(sun)
    callers = s.callers
    defenders = 1 - callers
    level = s.level
    counting = counting_team(callers, level)
    cp = s.card_points
    hand_value = HAND_VALUE[s.mode]
    if values["rounding"] == COUNTING_TEAM:
        gp = [0, 0]
        gp[counting] = game_points(cp[counting], sun)
        gp[1 - counting] = hand_value - gp[counting]
    elif values["rounding"] == PAIR_ADJUSTED:
        gp = pair_adjusted(cp, sun)
    else:
        gp = [game_points(cp[0], sun), game_points(cp[1], sun)]
    held = [BALOOT_POINTS if s.baloot == t else 0 for t in (0, 1)]
    baloot = list(held)
    own = s.projects
    loss = [cp[t] - u * gp[t] for t in (0, 1)]  # card points lost in the rounding (negative: gained)
    if values["buyer_threshold"] == GAME_POINTS:
        compared = [gp[t] + own[t] + held[t] for t in (0, 1)]
        made = compared[callers] > compared[defenders] or (
            compared[callers] == compared[defenders] and loss[defenders] <= loss[callers]
        )
    else:
        compared = [cp[t] + own[t] * u + (BALOOT_RAW if s.baloot == t else 0) for t in (0, 1)]
        made = compared[callers] > compared[defenders]
    kaboot_team = 0 if s.tricks[0] == TRICKS else 1 if s.tricks[1] == TRICKS else None
    if kaboot_team is not None:
        made = kaboot_team == callers
    winner = callers if made else defenders
    raw = [0, 0]
    projects = [0, 0]
    mult = level if level < GAHWA_LEVEL else 1
    pmult = {MULTIPLIED: mult, DOUBLED_ONLY: min(mult, 2), FLAT: 1}[values["doubled_projects"]]
    total_projects = own[0] + own[1]
    kept = values["baloot_points"] == NEVER_LOST  # else the baloot goes with the hand
    if level == GAHWA_LEVEL:
        raw[winner] = TARGET
        baloot = [0, 0]  # gahwa hands the winner all 152 points and nothing else is counted
        pmult = 1
    elif kaboot_team is not None:
        raw[kaboot_team] = KABOOT_VALUE[s.mode]
        projects[kaboot_team] = total_projects  # the other team took no trick: none of its count
        if values["doubled_kaboot"] == FLAT:
            mult = 1
        if not kept:  # "the other team gets nothing": the kaboot team takes the whole hand
            baloot = [0, 0]
            baloot[kaboot_team] = held[0] + held[1]
    elif level > 1 or not made:
        raw[winner] = hand_value
        projects[winner] = total_projects
        if not kept:  # the side that takes the whole hand (everything, when doubled) takes the baloot
            baloot = [0, 0]
            baloot[winner] = held[0] + held[1]
    else:
        raw = list(gp)
        projects = list(own)
    multipliers = [mult, mult]
    bmult = 1 if kept or level == GAHWA_LEVEL else mult
    breakdown: list[dict[str, Any]] = []
    for t in (0, 1):
        score = raw[t] * multipliers[t] + projects[t] * pmult + baloot[t] * bmult
        breakdown.append(
            {
                "team": t,
                "calling": t == callers,
                "counting": t == counting,
                "card_points": cp[t],
                "tricks": s.tricks[t],
                "game_points": gp[t],
                "rounding_loss": loss[t],
                "compared": compared[t],
                "raw": raw[t],
                "multiplier": multipliers[t],
                "projects": projects[t],
                "project_multiplier": pmult,
                "baloot": baloot[t],
                "baloot_multiplier": bmult,
                "score": score,
            }
        )
    out: dict[str, Any] = {
        "contract": s.contract_json(),
        "made": made,
        "kaboot": kaboot_team is not None,
        "counting_team": counting,
        "scores": [b["score"] for b in breakdown],
        "breakdown": breakdown,
    }
    if level == GAHWA_LEVEL:
        out["gahwa"] = {"team": winner, "ends_match": values["gahwa"] == GAHWA_MATCH}
    return out


def passed_score() -> dict[str, Any]:
    """A deal all four passed twice: nobody scores and the deal moves on."""
    breakdown = [
        {
            "team": t,
            "calling": False,
            "counting": False,
            "card_points": 0,
            "tricks": 0,
            "game_points": 0,
            "rounding_loss": 0,
            "compared": 0,
            "raw": 0,
            "multiplier": 1,
            "projects": 0,
            "project_multiplier": 1,
            "baloot": 0,
            "baloot_multiplier": 1,
            "score": 0,
        }
        for t in (0, 1)
    ]
    return {
        "contract": None,
        "passed": True,
        "made": None,  # no contract, so neither made nor failed (as Bazar Blot's void deal)
        "kaboot": False,
        "counting_team": None,
        "scores": [0, 0],
        "breakdown": breakdown,
    }


def reachable(values: Sequence[int], most: int) -> frozenset[int]:
    """Every sum of at most `most` of `values` (with repetition): the possible project totals."""
    sums = {0}
    for _ in range(most):
        sums |= {s + v for s in sums for v in values}
    return frozenset(sums)
