"""Which project totals a Baloot team's two hands of one deal can hold: exhaustive, slow (about a
minute a case on the shared machine), for service/rules/baloot/projects.py's NOT_IN_ONE_DEAL.

`team_totals` there starts from the sums of two seats' possible totals, which does not know that
two hands share no card; this walk knows it. It goes over the four suits with both hands at once
(every pair of disjoint rank sets in each suit), keeping each hand's card count, the quartet ranks
it still holds in every suit so far, and its runs' values (their sum, or its best two), and prints
the sums of two seats that no deal makes. Run: `python -m bench.baloot_project_totals`.
"""

from __future__ import annotations

from service.rules.baloot.options import ALL_PROJECTS, TWO_PER_PLAYER
from service.rules.baloot.projects import (
    FOUR_HUNDRED,
    HOKUM_POINTS,
    HUNDRED,
    SUN_POINTS,
    _run_name,
    _suit_runs,
    seat_totals,
)

QUARTET_BITS = 0b11111000  # T J Q K A in natural order 7 8 9 T J Q K A


def team_totals_exact(sun: bool, declarations: str) -> frozenset[int]:
    values = SUN_POINTS if sun else HOKUM_POINTS
    run_value = {n: values[_run_name(n)] for n in range(3, 9)}
    two = declarations == TWO_PER_PLAYER

    def fold(found: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, ...]:
        got = tuple(sorted(found + new, reverse=True))
        return got[:2] if two else ((sum(got),) if got else ())

    one = {
        m: (m.bit_count(), tuple(run_value[r] for r in _suit_runs(m)), m & QUARTET_BITS) for m in range(256)
    }
    effects = set()
    for a in range(256):
        rest = 255 & ~a
        b = rest
        while True:
            effects.add((one[a], one[b]))
            if b == 0:
                break
            b = (b - 1) & rest
    states = {(0, 0, QUARTET_BITS, QUARTET_BITS, (), ())}
    for _ in range(4):
        states = {
            (ua + na, ub + nb, ca & qa, cb & qb, fold(fa, ra), fold(fb, rb))
            for ua, ub, ca, cb, fa, fb in states
            for (na, ra, qa), (nb, rb, qb) in effects
            if ua + na <= 8 and ub + nb <= 8
        }
    totals = set()
    for ua, ub, ca, cb, fa, fb in states:
        if ua == ub == 8:
            total = 0
            for common, found in ((ca, fa), (cb, fb)):
                quartets = [
                    values[FOUR_HUNDRED if i == 7 else HUNDRED] for i in range(3, 8) if common >> i & 1
                ]
                every = sorted((*found, *quartets), reverse=True)
                total += sum(every[:2] if two else every)
            totals.add(total)
    return frozenset(totals)


def main() -> None:
    for sun in (False, True):
        for declarations in (ALL_PROJECTS, TWO_PER_PLAYER):
            seats = seat_totals(sun, declarations)
            sums = {a + b for a in seats for b in seats}
            exact = team_totals_exact(sun, declarations)
            mode = "sun" if sun else "hokum"
            print(f"{mode} {declarations}: sums of two seats no deal makes: {sorted(sums - exact)}")


if __name__ == "__main__":
    main()
