"""Speed ratios, measured side by side in one run (``make bench``; BLAS threads set to 1 there).

(a) ``sigma_gradient`` at b = 10⁴, d = 50 with an objective that costs nothing (f(X) = X[:, 0])
    over a bare GEMM (U·w)ᵀ U of the same shape. The query points and the estimate are one
    b×d×d product each, so 2 is the floor.
(b) One MiNES iteration (ask + tell) over one pycma iteration (ask + tell) at d = 100 and 500,
    with the same number of evaluations per iteration: pycma's default λ = 4 + ⌊3 ln d⌋ and
    b = ⌊(λ − 1)/2⌋, so 2b+1 ∈ {λ − 1, λ}; iterations 31 to 280. Two regimes of MiNES:
    - "inside S'": Σ⁻¹ stays inside S' (start at Σ₁⁻¹ = H, constant η₂ = 10⁻⁵);
    - "paper": η₂,k = 1/k from Σ₁⁻¹ = I (Algorithm 1 as printed), where the projection onto S'
      is active at every step when b ≪ d: while c_k = 1 − η₂,k(1 + Σᵢwᵢ) < 0, Σ⁻¹_{k+½} has at
      most b eigenvalues above τ.
    and three forms of Σ⁻¹: precision_form="lowrank" (Σ⁻¹ kept as τ'I + rank r, ``precision``
    module docstring), "cholesky" (three Cholesky factorizations per iteration, and a dense
    ``eigh`` when projected) and the default "auto" (the first while r + b ≤ 2d/3, the second
    otherwise). Inside S' from Σ₁⁻¹ = H the rank is d: "lowrank" then takes a dense ``eigh`` at
    every iteration (the symmetric root needs one), and "cholesky" is the faster path. The
    fraction of projected iterations and the rank r are printed. The goals are for the default
    form: ≤ 0.4 in the paper's regime, ≤ 1.0 inside S'.
(c) A whole run in the paper's regime with the default precision_form="auto", both phases: c_k < 0
    (rank ≤ b, every step projected) and then c_k > 0 (the rank grows; past 2d/3 "auto" turns
    to Cholesky); the same number of iterations of pycma, the two alternating in blocks of 500
    iterations. Reported: the total time of each, the last k with c_k < 0, the projected
    fraction, the iterations held in low-rank form and the final rank.

Timings alternate the two sides in blocks. (a) reports each side's per-call time as the
minimum over blocks (the least noisy estimate of the cost, as ``timeit`` advises) and as the
median. (b) reports the mean time per iteration over blocks of 50 consecutive iterations
(median over blocks): pycma recomputes its eigendecomposition only every few iterations, so
only a mean over many iterations charges that cost fairly.
"""

from __future__ import annotations

import math
import timeit

import cma
import numpy as np

from mines_theory.algorithm.mines import MiNES
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.estimators import sigma_gradient
from mines_theory.algorithm.precision import LowRankPlusIdentity


def _alternate(fn_a, fn_b, blocks: int, number: int):
    """Per-call times of fn_a and fn_b, measured in alternating blocks."""
    ta, tb = [], []
    for _ in range(blocks):
        ta.append(timeit.timeit(fn_a, number=number) / number)
        tb.append(timeit.timeit(fn_b, number=number) / number)
    return np.array(ta), np.array(tb)


def _report(label, ta, tb, target):
    print(
        f"{label}: {np.min(ta) * 1e3:.2f} ms vs {np.min(tb) * 1e3:.2f} ms; "
        f"ratio {np.min(ta) / np.min(tb):.2f} (min), {np.median(ta) / np.median(tb):.2f} (median)"
        f"; target <= {target}"
    )


def bench_sigma_gradient(batch_size=10_000, dim=50):
    rng = np.random.default_rng(0)
    U = rng.standard_normal((batch_size, dim))
    w = rng.standard_normal(batch_size)
    mu = np.zeros(dim)
    sigma_inv = np.eye(dim) + 0.1 * np.ones((dim, dim))

    def f(X):  # costs nothing
        return X[:, 0]

    ta, tb = _alternate(
        lambda: sigma_gradient(f, mu, sigma_inv, 0.1, U),
        lambda: (U * w[:, None]).T @ U,
        blocks=20,
        number=3,
    )
    _report(f"(a) sigma_gradient over bare GEMM, b={batch_size}, d={dim}", ta, tb, 2.2)


def _paper_setup(dim, form, regime="paper"):
    popsize = 4 + int(3 * math.log(dim))
    batch_size = (popsize - 1) // 2
    f = RotatedEllipsoid(dim, 10.0, seed=0)
    if regime == "inside S'":
        es = MiNES(
            np.ones(dim),
            f.H,
            alpha=0.1,
            batch_size=batch_size,
            tau=0.01 * f.sigma,
            zeta=10 * f.L,
            eta1=1e-3,
            eta2=1e-5,
            precision_form=form,
            seed=1,
        )
    else:
        es = MiNES(
            np.ones(dim),
            np.eye(dim),
            alpha=0.1,
            batch_size=batch_size,
            tau=0.1 * f.sigma,
            zeta=10 * f.L,
            eta1=1e-3,
            precision_form=form,
            seed=1,
        )
    cmaes = cma.CMAEvolutionStrategy(
        np.ones(dim), 1.0, {"verbose": -9, "seed": 1, "popsize": popsize}
    )

    def mines_step():
        X = es.ask()
        es.tell(X, f(X))

    def cma_step():
        X = cmaes.ask()
        cmaes.tell(X, list(f(np.array(X))))

    return es, mines_step, cma_step, popsize


def _rank(es):
    precision = es.state.precision
    return str(precision.eigen.rank) if isinstance(precision, LowRankPlusIdentity) else "d (dense)"


def bench_against_pycma(dim, regime, form, block=50, blocks=5, warmup=30):
    es, mines_step, cma_step, popsize = _paper_setup(dim, form, regime)
    for _ in range(warmup):
        mines_step()
        cma_step()
    projections_before, iterations_before = es.projections, es.iteration
    ta, tb = _alternate(mines_step, cma_step, blocks=blocks, number=block)
    b = es.params.batch_size
    target = "" if form != "auto" else "; target <= 0.4" if regime == "paper" else "; target <= 1.0"
    print(
        f"(b) d={dim}, {regime}, precision_form={form}: MiNES b={b} ({2 * b + 1} evals/iter) "
        f"{np.median(ta) * 1e3:.2f} ms/iter; pycma lambda={popsize} "
        f"{np.median(tb) * 1e3:.2f} ms/iter; ratio {np.median(ta) / np.median(tb):.2f}{target}"
    )
    projected = (es.projections - projections_before) / (es.iteration - iterations_before)
    print(
        f"    projected onto S': {projected:.0%} of iterations {iterations_before + 1} to "
        f"{es.iteration}; rank r of Sigma^-1 - tau' I at the end: {_rank(es)}"
    )


def bench_whole_run(dim, iterations, block=500):
    es, mines_step, cma_step, _ = _paper_setup(dim, "auto")
    b = es.params.batch_size
    last_negative, low_rank_iterations = 0, 0

    def mines_block():
        nonlocal last_negative, low_rank_iterations
        for _ in range(block):
            low_rank_iterations += isinstance(es.state.precision, LowRankPlusIdentity)
            mines_step()
            weights = es.info.estimate.second_differences / (2 * b)
            if 1.0 - float(es.info.eta2) * (1.0 + weights.sum()) < 0:
                last_negative = es.iteration

    def cma_block():
        for _ in range(block):
            cma_step()

    ta, tb = _alternate(mines_block, cma_block, blocks=iterations // block, number=1)
    print(
        f"(c) d={dim}, paper, precision_form=auto, whole run of {es.iteration} iterations: MiNES "
        f"{ta.sum():.1f} s, pycma {tb.sum():.1f} s; ratio {ta.sum() / tb.sum():.2f} "
        f"(per block of {block}: {np.min(ta / tb):.2f} to {np.max(ta / tb):.2f})"
    )
    print(
        f"    c_k < 0 up to k = {last_negative}, then c_k > 0; projected: "
        f"{es.projections / es.iteration:.0%}; held in low-rank form: "
        f"{low_rank_iterations / es.iteration:.0%}; final rank {_rank(es)}"
    )


def main():
    bench_sigma_gradient()
    for dim in (100, 500):
        for regime in ("paper", "inside S'"):
            for form in ("auto", "lowrank", "cholesky"):
                bench_against_pycma(dim, regime, form)
    bench_whole_run(100, 3000)
    bench_whole_run(500, 12000)


if __name__ == "__main__":
    main()
