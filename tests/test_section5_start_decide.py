"""The finding "The start" decided on synthetic condition numbers, no run (issue 43 §2): the
jump must be shown at every b ("every b" read as "any b" survived), each b alone failing it;
too few seeds or a seed that never comes back refused."""

import numpy as np
import pytest

from mines_theory.verification.claims.section5.findings import decide_start
from mines_theory.verification.framework.verdict import Status, Undecidable

WORSE = "the first steps precondition worse than the start"
SMALLER = "smaller batches start worse"


def path(peak, seeds=8, records=20, back=5, seed=0, spread=0.05):
    """cond = 10 at k = 1, ``peak``·(1 ± ``spread``) per seed at k = 2, falling back to 9
    after ``back`` records."""
    rng = np.random.default_rng(seed)
    cond = np.full((records, seeds), 9.0)
    cond[0] = 10.0
    cond[1] = peak * (1 + spread * rng.uniform(-1, 1, seeds))
    cond[2:back] = 15.0
    return cond


def outcomes(conds):
    verdict = decide_start(conds)
    return verdict.status, {q.name: q.outcome for q in verdict.qualifiers}


def test_a_jump_at_every_b_holds():
    status, found = outcomes({4: path(200.0), 32: path(40.0)})
    assert status is Status.HOLDS and found[WORSE] and found[SMALLER]


@pytest.mark.parametrize("which", [4, 32])
def test_no_jump_at_one_b_alone_fails(which):
    """At one b the worst is 15, less than twice the start (20), at the other far above."""
    conds = {4: path(200.0), 32: path(60.0)}
    conds[which] = path(15.0)
    status, found = outcomes(conds)
    assert status is Status.FAILS and not found[WORSE]


@pytest.mark.parametrize("peak, status", [(21.5, Status.HOLDS), (19.0, Status.FAILS)])
def test_twice_the_start_on_both_sides(peak, status):
    """Every seed's worst 21.5 ± 5% (≥ 20.4) against 19 ± 5%: the lower end of the interval
    against twice the start, 20."""
    assert outcomes({4: path(200.0), 32: path(peak)})[0] is status


def test_a_median_above_twice_the_start_with_an_interval_reaching_below_fails():
    """Worst condition numbers 22 ± 40% over 8 seeds: the median lies above 20, the lower end
    of its interval below; the criterion reads the lower end."""
    cond = path(22.0, spread=0.4)
    verdict = decide_start({4: path(200.0), 32: cond})
    worst = verdict["worst_32"]
    assert worst.value >= 20 > worst.interval[0]
    assert verdict.status is Status.FAILS


def test_smaller_batches_start_worse_flips_alone():
    status, found = outcomes({4: path(40.0), 32: path(200.0)})
    assert status is Status.HOLDS and not found[SMALLER]


def test_one_seed_or_no_return_does_not_decide():
    with pytest.raises(Undecidable, match="2 seeds"):
        decide_start({4: path(200.0, seeds=1), 32: path(40.0)})
    never = path(200.0)
    never[1:, 3] = 30.0
    with pytest.raises(Undecidable, match="never came back"):
        decide_start({4: never, 32: path(40.0)})
