"""Seeded runs over many seeds and settings, returned as tidy pandas DataFrames (Section 5).

``run_method`` runs any strategy of ``baselines.METHODS`` seed by seed. ``run_mines_lockstep``
runs MiNES for many seeds at once, as stacked arrays (batched ``cholesky``, ``solve``,
``eigvalsh`` and ``matmul``): the same arithmetic as ``MiNES`` seed by seed, with the same
random streams, without a Python loop over seeds.

Seeds: ``seeds`` is an int (the number of runs, spawned from ``SeedSequence(entropy)``) or a
list of ``SeedSequence`` objects. Run i uses ``default_rng(seeds[i])``, so ``MiNES(...,
seed=seeds[i])`` reproduces it.

Columns, one row per recorded iteration (k = 0 is the start):
``method, seed, k, evaluations, f_gap`` (f(μ_k) − f*, a diagnostic evaluation that is not
counted), ``precision_error`` (‖Σ_k⁻¹ − H*‖_F for MiNES, NaN otherwise),
``relative_precision_error`` (divided by ‖H*‖_F) and ``condition``
(cond(C_k^{1/2} H* C_k^{1/2}) for the covariance C_k of the search distribution, NaN if C_k is
not positive definite), with H* = ∇²f(x*); ``xi`` and ``curvature`` are the ξ_k and 𝓛_k of
Lemma 5.2 (the extreme eigenvalues of C_k^{1/2} ∇²f(μ_k) C_k^{1/2}, with C_k = Σ_k for MiNES; NaN
for the other methods). ``error`` holds the message of a run that stopped
with an exception (the NES meta-algorithm can), else "".
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from tqdm import tqdm

from ._validation import evaluate, positive_int, positive_scalar, symmetric_matrix, vector
from .baselines import make_method
from .projection import project_eigenvalues

__all__ = ["spawn_seeds", "run_method", "run_mines_lockstep", "preconditioned_condition",
           "evaluations_to_target", "run_rgf_lockstep", "compare_methods", "COMPARED"]

COLUMNS = ["method", "seed", "k", "evaluations", "f_gap", "precision_error",
           "relative_precision_error", "condition", "xi", "curvature", "error"]


def spawn_seeds(seeds, entropy: int = 0) -> list[np.random.SeedSequence]:
    """``seeds`` as a list of independent ``SeedSequence`` (an int n spawns n from ``entropy``)."""
    if isinstance(seeds, (int, np.integer)) and not isinstance(seeds, bool):
        return np.random.SeedSequence(entropy).spawn(positive_int("seeds", seeds))
    seeds = list(seeds)
    if not seeds or not all(isinstance(s, np.random.SeedSequence) for s in seeds):
        raise ValueError("seeds must be a positive int or a non-empty list of SeedSequence")
    return seeds


def preconditioned_condition(covariance: np.ndarray, hessian: np.ndarray) -> np.ndarray:
    """cond(C^{1/2} H C^{1/2}) for one or a stack of covariances C (NaN where C is not positive
    definite): the eigenvalues of C^{1/2} H C^{1/2} are those of Lᵀ H L for C = L Lᵀ."""
    C = np.asarray(covariance, dtype=float)
    single = C.ndim == 2
    C = C[None] if single else C
    out = np.full(C.shape[0], np.nan)
    for i, Ci in enumerate(C):
        try:
            L = np.linalg.cholesky(Ci)
        except np.linalg.LinAlgError:
            continue
        w = np.linalg.eigvalsh(L.T @ hessian @ L)
        out[i] = w[-1] / w[0] if w[0] > 0 else np.inf
    return out[0] if single else out


def _row(method, seed, k, evaluations, f_gap, precision_error, h_norm, condition,
         xi=np.nan, curvature=np.nan, error=""):
    return {"method": method, "seed": seed, "k": k, "evaluations": evaluations, "f_gap": f_gap,
            "precision_error": precision_error,
            "relative_precision_error": precision_error / h_norm, "condition": condition,
            "xi": xi, "curvature": curvature, "error": error}


def _preconditioned_extremes_stack(hessians, chols):
    """Extreme eigenvalues of L⁻¹ H L⁻ᵀ (= those of Σ^{1/2} H Σ^{1/2} for Σ⁻¹ = L Lᵀ), stacked."""
    half = np.linalg.solve(chols, hessians)
    w = np.linalg.eigvalsh(np.linalg.solve(chols, np.swapaxes(half, -1, -2)))
    return w[:, 0], w[:, -1]


def run_method(name: str, objective, seeds, *, mean0, max_evaluations, target=None,
               record_every=1, entropy=0, progress=False, **options) -> pd.DataFrame:
    """Run the strategy ``name`` (see ``baselines.METHODS``; ``options`` go to its factory) from
    ``mean0`` for each seed until ``max_evaluations`` or f(μ_k) − f* ≤ ``target``."""
    seeds = spawn_seeds(seeds, entropy)
    mean0 = vector("mean0", mean0, objective.dim)
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    record_every = positive_int("record_every", record_every)
    h_star = objective.hessian(objective.minimizer)
    h_norm = np.linalg.norm(h_star)
    rows = []
    for index, seed in enumerate(tqdm(seeds, desc=name, disable=not progress)):
        es = make_method(name, objective, mean0, seed=seed, **options)

        def record(error=""):
            sigma_inv = getattr(es, "sigma_inv", None)
            mean = es.mean
            f_gap = float(objective(mean[None, :])[0] - objective.f_star)
            precision = xi = curvature = np.nan
            if sigma_inv is not None:
                precision = np.linalg.norm(sigma_inv - h_star)
                xi, curvature = (float(v[0]) for v in _preconditioned_extremes_stack(
                    objective.hessian(mean[None, :]), np.linalg.cholesky(sigma_inv)[None]))
            rows.append(_row(name, index, es.iteration, es.evaluations, f_gap, precision, h_norm,
                             preconditioned_condition(es.covariance, h_star), xi, curvature,
                             error))
            return f_gap

        f_gap = record()
        while es.evaluations < max_evaluations and (target is None or f_gap > target):
            try:
                X = es.ask()
                es.tell(X, evaluate(objective, X))
            except RuntimeError as err:
                es._pending = None
                f_gap = record(str(err))
                break
            if es.iteration % record_every == 0 or (target is not None and f_gap <= target):
                f_gap = record()
            elif target is not None:
                f_gap = float(objective(es.mean[None, :])[0] - objective.f_star)
        if rows[-1]["k"] != es.iteration:
            record()
    return pd.DataFrame(rows, columns=COLUMNS)


def _project_stack(stack: np.ndarray, tau: float, zeta: float) -> tuple[np.ndarray, np.ndarray]:
    """Project the matrices of ``stack`` whose spectrum is not strictly inside (τ, ζ) (the rule
    of ``MiNES``); return the new stack and the mask of projected ones."""
    eigenvalues = np.linalg.eigvalsh(stack)
    outside = (eigenvalues[:, 0] <= tau) | (eigenvalues[:, -1] >= zeta)
    if np.any(outside):
        stack = stack.copy()
        stack[outside] = project_eigenvalues(stack[outside], tau, zeta)
    return stack, outside


def run_mines_lockstep(objective, seeds, *, mean0, sigma_inv0, alpha, batch_size, tau, zeta,
                       eta1, eta2=None, max_iterations, record_every=1, entropy=0,
                       progress=False) -> pd.DataFrame:
    """MiNES (Algorithm 1) for all seeds at once, in lockstep; the arguments are those of
    ``MiNES`` (``eta1``: a number, or a schedule with a ``batched(k, means, sigma_invs, chols)``
    method such as ``schedules.Lemma52Step``; ``eta2``: a number or None for 1/k)."""
    seeds = spawn_seeds(seeds, entropy)
    rngs = [np.random.default_rng(s) for s in seeds]
    S, d = len(seeds), objective.dim
    b = positive_int("batch_size", batch_size)
    alpha = positive_scalar("alpha", alpha)
    tau, zeta = positive_scalar("tau", tau), positive_scalar("zeta", zeta)
    if tau > zeta:
        raise ValueError(f"tau must be <= zeta, got tau={tau!r} > zeta={zeta!r}")
    if not (isinstance(eta1, (int, float)) or hasattr(eta1, "batched")):
        raise ValueError("eta1 must be a number or a schedule with a batched() method, "
                         f"got {eta1!r}")
    max_iterations = positive_int("max_iterations", max_iterations)
    record_every = positive_int("record_every", record_every)
    sigma_inv0 = symmetric_matrix("sigma_inv0", sigma_inv0, d)

    means = np.tile(vector("mean0", mean0, d), (S, 1))
    sigma_invs = np.tile(sigma_inv0, (S, 1, 1))
    chols = np.linalg.cholesky(sigma_invs)
    h_star = objective.hessian(objective.minimizer)
    h_norm = np.linalg.norm(h_star)
    rows = []

    def record(k):
        f_gap = objective(means) - objective.f_star
        precision = np.linalg.norm(sigma_invs - h_star, axis=(1, 2))
        # cond(Σ^{1/2} H* Σ^{1/2}) from the eigenvalues of L⁻¹ H* L⁻ᵀ (α² cancels)
        low, high = _preconditioned_extremes_stack(np.broadcast_to(h_star, (S, d, d)), chols)
        xi, curvature = _preconditioned_extremes_stack(objective.hessian(means), chols)
        for s in range(S):
            rows.append(_row("MiNES", s, k, k * (2 * b + 1), float(f_gap[s]),
                             float(precision[s]), h_norm, float(high[s] / low[s]),
                             float(xi[s]), float(curvature[s])))

    record(0)
    for k in tqdm(range(1, max_iterations + 1), desc="MiNES lockstep", disable=not progress):
        u = np.stack([rng.standard_normal((b, d)) for rng in rngs])            # (S, b, d)
        # z_i = L^{-T} u_i, as in MiNES.ask
        Z = np.swapaxes(np.linalg.solve(np.swapaxes(chols, -1, -2), np.swapaxes(u, -1, -2)),
                        -1, -2)
        X = np.concatenate([means[:, None, :], means[:, None, :] + alpha * Z,
                            means[:, None, :] - alpha * Z], axis=1)            # (S, 2b+1, d)
        values = evaluate(objective, X.reshape(-1, d)).reshape(S, 2 * b + 1)
        f0, f_plus, f_minus = values[:, 0], values[:, 1:b + 1], values[:, b + 1:]

        g = np.einsum("sb,sbd->sd", (f_plus - f_minus) / (2.0 * alpha * b), Z)       # eq:g_mu
        weights = (f_minus + f_plus - 2.0 * f0[:, None]) / (2.0 * b * alpha**2)
        W = u @ np.swapaxes(chols, -1, -2)                                          # L u_i
        G = np.swapaxes(W, -1, -2) @ (weights[..., None] * W) \
            - (weights.sum(axis=1) + 1.0)[:, None, None] * sigma_invs              # eq:TG
        G = 0.5 * (G + np.swapaxes(G, -1, -2))

        second_differences = (f_plus + f_minus - 2.0 * f0[:, None]) / alpha**2
        step1 = (np.full(S, float(eta1)) if isinstance(eta1, (int, float))
                 else eta1.batched(k, means, sigma_invs, chols, second_differences))
        step2 = 1.0 / k if eta2 is None else float(eta2)
        means = means - step1[:, None] * g                                      # Alg. 1, step 5
        sigma_invs, _ = _project_stack(sigma_invs + step2 * G, tau, zeta)       # eq:Sig_modi
        chols = np.linalg.cholesky(sigma_invs)
        if k % record_every == 0 or k == max_iterations:
            record(k)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.sort_values(["seed", "k"], kind="stable", ignore_index=True)


def evaluations_to_target(frame: pd.DataFrame, target: float) -> pd.DataFrame:
    """Per (method, seed): the evaluations at the first recorded iterate with f_gap ≤ ``target``
    (NaN if never: the run hit its cap or failed), and whether it was reached."""
    rows = []
    for (method, seed), run in frame.groupby(["method", "seed"], sort=False):
        hit = run[run.f_gap <= target]
        rows.append({"method": method, "seed": seed, "reached": not hit.empty,
                     "evaluations": float(hit.evaluations.iloc[0]) if not hit.empty else np.nan,
                     "budget_used": int(run.evaluations.iloc[-1])})
    return pd.DataFrame(rows)


def run_rgf_lockstep(objective, seeds, *, mean0, alpha, eta, batch_size=1, max_evaluations,
                     record_every=1, entropy=0) -> pd.DataFrame:
    """Random gradient-free descent (``baselines.RandomGradientFree``) for all seeds at once,
    with the same random streams as seed-by-seed runs: μ ← μ − η/b Σ_i (f(μ+αu_i) −
    f(μ−αu_i))/(2α) u_i, 2b evaluations per iteration. Same columns as ``run_method``."""
    seeds = spawn_seeds(seeds, entropy)
    rngs = [np.random.default_rng(s) for s in seeds]
    S, d = len(seeds), objective.dim
    b = positive_int("batch_size", batch_size)
    alpha, eta = positive_scalar("alpha", alpha), positive_scalar("eta", eta)
    iterations = positive_int("max_evaluations", max_evaluations) // (2 * b)
    means = np.tile(vector("mean0", mean0, d), (S, 1))
    h_star = objective.hessian(objective.minimizer)
    h_norm = np.linalg.norm(h_star)
    condition = float(np.linalg.cond(h_star))            # the search covariance is α² I
    rows = []

    def record(k):
        f_gap = objective(means) - objective.f_star
        for s in range(S):
            rows.append(_row("RGF", s, k, 2 * b * k, float(f_gap[s]), np.nan, h_norm, condition))

    record(0)
    for k in range(1, iterations + 1):
        u = np.stack([rng.standard_normal((b, d)) for rng in rngs])
        X = np.concatenate([means[:, None, :] + alpha * u, means[:, None, :] - alpha * u], axis=1)
        values = evaluate(objective, X.reshape(-1, d)).reshape(S, 2 * b)
        weights = (values[:, :b] - values[:, b:]) / (2.0 * alpha * b)
        means = means - eta * np.einsum("sb,sbd->sd", weights, u)
        if k % record_every == 0 or k == iterations:
            record(k)
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.sort_values(["seed", "k"], kind="stable", ignore_index=True)


COMPARED = ("MiNES (Lemma 5.2, oracle)", "MiNES (Hutchinson)", "MiNES (Lemma 5.1)", "RGF", "xNES",
            "CMA-ES", "NES")


def compare_methods(objective, *, seeds=5, max_evaluations, target=1e-8, methods=COMPARED,
                    record_every=1, entropy=0, progress=False) -> pd.DataFrame:
    """Run each method of ``methods`` (names in ``COMPARED``) from μ₁ = 0 with the same seeds and
    budget; returns the concatenated tidy frame. Settings, the same for every problem and chosen
    before any run: MiNES with b = d, α = 10⁻³, S' = [σ/2, 2L], Σ₁⁻¹ = L·I, η₂,k = 1/k and the
    named η₁ (δ = 0.1); RGF with b = 1, α = 10⁻⁶ and Nesterov–Spokoiny's 1/(4(d+4)L); xNES and
    CMA-ES with their defaults and σ₁ = 1; NES as in ``baselines._make_nes``. Oracle information
    used: L and σ (all but xNES/CMA-ES), the Hessian (Lemma 5.2 step only)."""
    from .baselines import nesterov_spokoiny_step
    from .schedules import hutchinson_step, lemma51_step, lemma52_step

    d = objective.dim
    mean0 = np.zeros(d)
    frames = []
    for name in tqdm(methods, desc=getattr(objective, "name", "objective"), disable=not progress):
        if name.startswith("MiNES"):
            eta1 = {"MiNES (Lemma 5.2, oracle)": lambda: lemma52_step(objective.hessian, d=d, b=d, delta=0.1),
                    "MiNES (Hutchinson)": lambda: hutchinson_step(d=d, b=d, delta=0.1),
                    "MiNES (Lemma 5.1)": lambda: lemma51_step(d=d, b=d, delta=0.1, L=objective.L,
                                                              tau=objective.sigma / 2)}[name]()
            frame = run_mines_lockstep(objective, seeds, mean0=mean0,
                                       sigma_inv0=objective.L * np.eye(d), alpha=1e-3,
                                       batch_size=d, tau=objective.sigma / 2, zeta=2 * objective.L,
                                       eta1=eta1, max_iterations=max_evaluations // (2 * d + 1),
                                       record_every=record_every, entropy=entropy)
        elif name == "RGF":
            frame = run_rgf_lockstep(objective, seeds, mean0=mean0, alpha=1e-6,
                                     eta=nesterov_spokoiny_step(d=d, L=objective.L),
                                     max_evaluations=max_evaluations, record_every=record_every,
                                     entropy=entropy)
        else:
            frame = run_method(name, objective, seeds, mean0=mean0, max_evaluations=max_evaluations,
                               target=target, record_every=record_every, entropy=entropy)
        frames.append(frame.assign(method=name))
    return pd.concat(frames, ignore_index=True)
