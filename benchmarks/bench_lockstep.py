"""Lockstep speed-up: MiNES for many seeds as stacked arrays (``run_mines_lockstep``) over the
same runs seed by seed (``run_method("MiNES", ...)``), measured in one run (``make bench``).
Rotated ellipsoid, κ = 100, b = d, the Lemma 5.2 oracle step, 300 iterations per seed."""

from __future__ import annotations

import time

import numpy as np

from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.experiments.runs import run_method, run_mines_lockstep
from mines_theory.algorithm.schedules import lemma52_step


def bench(dim, num_seeds, iterations=300):
    f = RotatedEllipsoid(dim, 100.0, seed=0, minimizer=np.ones(dim))
    options = dict(alpha=0.1, batch_size=dim, tau=f.sigma / 2, zeta=2 * f.L)
    eta1 = lemma52_step(f.hessian, d=dim, b=dim, delta=0.1)
    start = time.perf_counter()
    run_mines_lockstep(
        f,
        num_seeds,
        mean0=np.zeros(dim),
        sigma_inv0=f.L * np.eye(dim),
        eta1=eta1,
        max_iterations=iterations,
        **options,
    )
    lockstep = time.perf_counter() - start
    start = time.perf_counter()
    run_method(
        "MiNES",
        f,
        num_seeds,
        mean0=np.zeros(dim),
        max_evaluations=iterations * (2 * dim + 1),
        **options,
    )
    one_by_one = time.perf_counter() - start
    print(
        f"d={dim}, {num_seeds} seeds x {iterations} iterations: lockstep {lockstep:.2f} s, "
        f"seed by seed {one_by_one:.2f} s, speed-up {one_by_one / lockstep:.1f}x"
    )


if __name__ == "__main__":
    for dim, seeds in [(5, 64), (10, 64), (20, 32)]:
        bench(dim, seeds)
