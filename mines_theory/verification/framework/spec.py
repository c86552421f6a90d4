"""The spec of a claim, a finding, a repaired result or an erratum (``Claim``, ``Erratum``: every
fact about it, read from the ``.toml`` beside its check and recorded by its decorator in
``registry``, see ``declare``) and the words it is written in; each
view derives what it shows from these values, never from a table keyed by the claim's name.

``Key(name, words)``
    the one number the README shows for a row: the measurement ``name`` of its verdict, and the
    words before it (``Key(None, words)``: no single number matters, the words say where to
    look);
``Bar(label, …)``, ``NoBar(reason)``
    the looseness atlas: a bar (which measurements give a bound, what it bounds, upper or lower,
    printed or repaired), or why a claim (or a part of it) has none;
``Cites(target, kind=…)``
    the proof map: the proof of the declared claim cites ``target`` (a plain citation is declared
    by the target's number alone); an edge curated by hand carries the labels it rests on, its
    ``reason`` and the proof text that shows it (``evidence``);
``Repair(printed, repaired, …)``
    the corrigendum's section of a repaired result: its statement as printed and as repaired
    (MyST Markdown with $…$ mathematics), the hypotheses it adds, whether it survives
    (``SURVIVAL``), the errata it repairs, the ``bounds.*_corrected`` functions that hold its
    constants and the ``derivations`` function that derives them;
``sizes.Data(seeds=…, draws=…)``
    the least data from which the claim's verdict may be decided, and which parameters of its
    check hold it: a run with less is "not checked" (``sizes.guard``), and
    ``python -m mines_theory.verification check --scale S`` multiplies them.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable
from typing import Any

from .sizes import Data, guarded_by, scaled
from .verdict import Status, Verdict

__all__ = [
    "FORMS",
    "KINDS",
    "KIND_MEANINGS",
    "KINDS_OF_CITATION",
    "RATIOS",
    "ROW_KINDS",
    "SENSES",
    "SURVIVAL",
    "Bar",
    "CheckRef",
    "Cites",
    "Claim",
    "Erratum",
    "Key",
    "NoBar",
    "Repair",
    "as_atlas",
    "as_cites",
    "runnable",
]

SENSES = ("upper", "lower")
FORMS = ("printed", "repaired")
RATIOS = ("bound/measured", "measured/bound")

#: "statement": the cited label is defined by the target's statement; "proof step": inside the
#: target's proof (the citing proof uses an equation derived there, not the statement).
KINDS_OF_CITATION = ("statement", "proof step")

#: Whether a repaired result survives, in the order the corrigendum groups them.
SURVIVAL = (
    "false as printed",
    "constant changes",
    "true as printed, proof repaired",
    "cannot be repaired in its approach",
)


def _require(ok: bool, name: str, value: object, expected: str) -> None:
    if not ok:
        raise ValueError(f"{name} must be {expected}, got {value!r}")


def _text(name: str, value: object) -> None:
    _require(isinstance(value, str) and bool(value.strip()), name, value, "a non-empty string")


@dataclasses.dataclass(frozen=True)
class Key:
    """The one number of a row: measurement ``name`` of its verdict, introduced by ``words``
    (``name=None``: no single number matters; ``words`` say where to look instead), and the
    measurement of the bound it is held to, ``against``, shown beside it under its own name
    ("= 130 ± 10 vs bound C = 1.6·10¹⁴"), where the number alone cannot say how close it is
    and no bar of its atlas pairs it with its bound (``views.report.reference``).

    >>> Key("slope", "slope in α on a smooth objective").name
    'slope'
    """

    name: str | None
    words: str = ""
    against: str | None = None
    #: What ``against`` is, where it is not a bound ("its value at Q_α's minimizer,
    #: f(μ̂*) − f*"): "vs" these words, not "vs bound" its name.
    against_words: str = ""
    #: What the number measures, where ``words`` alone do not say it (the front page says it
    #: beside a main result's number).
    means: str = ""

    def __post_init__(self):
        _require(
            self.name is None or (isinstance(self.name, str) and bool(self.name)),
            "name",
            self.name,
            "None or the name of a measurement of the verdict",
        )
        _require(isinstance(self.words, str), "words", self.words, "a string")
        _require(
            self.name is not None or bool(self.words), "words", self.words, "set when name is None"
        )
        _require(
            self.against is None or (isinstance(self.against, str) and self.name is not None),
            "against",
            self.against,
            "None, or the name of a measurement when name is set",
        )
        _require(
            isinstance(self.against_words, str) and (self.against or not self.against_words),
            "against_words",
            self.against_words,
            "a string, empty unless against is set",
        )
        _require(isinstance(self.means, str), "means", self.means, "a string")


@dataclasses.dataclass(frozen=True)
class Bar:
    """One bar of the looseness atlas (``views.atlas``): a bound, read from the measurements of a
    published verdict, against what it bounds.

    Parameters
    ----------
    label : str
        What is bounded, in the paper's symbols; ``eq:`` labels get the PDF's number.
    bound, measured : str, optional
        Measurement names of the bound's value and of the measured quantity.
    ratio : str, optional
        Instead: the measurement name of their ratio, which ``ratio_of`` says.
    ratio_of : {"bound/measured", "measured/bound"}, optional
        Default: the looseness itself (bound/measured for an upper bound, measured/bound for a
        lower one).
    sense : {"upper", "lower"}
        Which side of the measured quantity the bound lies on.
    form : {"printed", "repaired"}
        The bound as the paper prints it, or one of the suite's own in its place (corrected
        where the printed one fails, sharpened where it holds).
    verdict : str, optional
        The ledger row whose published verdict holds the measurements, when it is not the
        declaring claim's (Lemma 5.3's bound measured in the α-bias run).
    claim : str
        The claim the bar belongs to: filled in by the registry from the declaration.
    """

    label: str
    bound: str | None = None
    measured: str | None = None
    ratio: str | None = None
    ratio_of: str | None = None
    sense: str = "upper"
    form: str = "printed"
    verdict: str | None = None
    claim: str = ""

    def __post_init__(self):
        _text("label", self.label)
        if self.ratio_of is None:
            natural = "bound/measured" if self.sense == "upper" else "measured/bound"
            object.__setattr__(self, "ratio_of", natural)
        for name, value, allowed in (
            ("sense", self.sense, SENSES),
            ("form", self.form, FORMS),
            ("ratio_of", self.ratio_of, RATIOS),
        ):
            if value not in allowed:
                raise ValueError(f"{name}={value!r}: expected one of {allowed}")
        pair = self.bound is not None and self.measured is not None
        if pair == (self.ratio is not None) or (not pair and (self.bound or self.measured)):
            raise ValueError(
                f"Bar {self.label!r}: expected either bound= and measured= or ratio=, got "
                f"bound={self.bound!r}, measured={self.measured!r}, ratio={self.ratio!r}"
            )

    @property
    def source(self) -> str:
        """The ledger row whose published verdict holds the measurements."""
        return self.verdict or self.claim

    @property
    def names(self) -> tuple[str, ...]:
        """The measurement names this bar reads."""
        if self.ratio is not None:
            return (self.ratio,)
        return tuple(name for name in (self.bound, self.measured) if name is not None)


@dataclasses.dataclass(frozen=True)
class NoBar:
    """Why a claim, or a part of it, has no bar in the looseness atlas (its bound is not one
    number against one measurement at the published settings: a slope, an identity, a share of
    draws without the bound's size)."""

    reason: str

    def __post_init__(self):
        _text("reason", self.reason)


@dataclasses.dataclass(frozen=True)
class Cites:
    """The proof of the declaring claim cites ``target`` (our number of a numbered result), of
    ``kind`` (``KINDS_OF_CITATION``). A plain citation is declared by the target's number alone
    (``rests_on = ["Lemma B.3", …]`` in its spec): which labels it cites is what
    ``proofgraph.extract_edges`` finds in the .tex, and ``tests/test_proofmap.py`` holds the
    declaration to it. An edge curated by hand (one the extraction misses, or one it finds that
    is no dependency) carries the ``labels`` it rests on, its ``reason`` and ``evidence``, a
    verbatim fragment of the citing proof.

    >>> Cites("Thm 3.2", kind="proof step").labels
    ()
    """

    target: str
    labels: tuple[str, ...] | str = ()
    kind: str = "statement"
    reason: str | None = None
    evidence: str | None = None

    def __post_init__(self):
        labels = (self.labels,) if isinstance(self.labels, str) else tuple(self.labels)
        _require(
            all(isinstance(x, str) and x for x in labels),
            "labels",
            self.labels,
            "a .tex label or a tuple of them",
        )
        object.__setattr__(self, "labels", tuple(sorted(labels)))
        _text("target", self.target)
        _require(self.kind in KINDS_OF_CITATION, "kind", self.kind, f"one of {KINDS_OF_CITATION}")
        _require(
            (self.reason is None) == (self.evidence is None),
            "evidence",
            self.evidence,
            "given exactly when a reason is (a curated edge quotes the proof)",
        )


@dataclasses.dataclass(frozen=True)
class Repair:
    """A repaired result's section of the corrigendum. ``printed`` and ``repaired`` are MyST
    Markdown with $…$ mathematics; ``hypotheses`` what the repaired statement adds;
    ``assumed`` the paper's own hypotheses of the result, restated so that the repaired box
    is self-contained (each box shows both, "Hypotheses (the paper's)" and "Hypotheses added");
    ``survives`` one of ``SURVIVAL``; ``errata`` labels of declared errata; ``corrected``
    names of ``theory.bounds.corrected``; ``derivations`` functions of
    ``theory.derivations.repairs`` (each a step of the derivation, in order); ``outline``,
    where the repaired statement rests on a proof only outlined, the step that is sketched and
    not proved (a phrase: the proof map marks the result, ``report.repair_outline``), empty
    where its proof is written out."""

    printed: str
    repaired: str
    hypotheses: str
    survives: str
    errata: tuple[str, ...]
    corrected: tuple[str, ...] = ()
    derivations: tuple[str, ...] = ()
    outline: str = ""
    assumed: str = ""

    def __post_init__(self):
        if self.survives not in SURVIVAL:
            raise ValueError(f"survives must be one of {SURVIVAL}, got {self.survives!r}")
        for name in ("printed", "repaired", "hypotheses"):
            _text(name, getattr(self, name))
        _require(isinstance(self.outline, str), "outline", self.outline, "a string")
        _require(isinstance(self.assumed, str), "assumed", self.assumed, "a string")
        object.__setattr__(self, "errata", tuple(self.errata))
        object.__setattr__(self, "corrected", tuple(self.corrected))
        object.__setattr__(self, "derivations", tuple(self.derivations))


#: The kinds of erratum and what each means (the errata page shows these words). A typo's
#: intended form is on the page of the paper (a later line, the prose, the equation it cites,
#: the way it is used), so that its printed form may be false (Lemma D.1's "Σ⁻¹ ∈ S" makes its
#: conclusion fail at Σ = 100) while, read as intended, nothing stated changes; an imprecision
#: needs an argument the paper does not give.
KIND_MEANINGS = {
    "typo": (
        "a slip of writing whose intended form the paper itself shows (a later line, the prose, "
        "the equation it cites, the way it is used): read as intended, no result changes, "
        "although as printed a formula, even a statement, may be false or vacuous (its row then "
        "reads “repaired”: cite the intended form)"
    ),
    "error": "a stated result, constant or its units are affected",
    "ill-defined": "a printed quantity is undefined or vacuous in part of its range",
    "imprecision": (
        "a step wrong or unjustified as written, whose conclusion, or what the statements need "
        "of it, stands by an argument the paper does not give (nothing stated changes)"
    ),
}
KINDS = tuple(KIND_MEANINGS)

#: What a ledger row is: a numbered claim of the paper, a finding beyond them, or a check of a
#: repaired result of the corrigendum.
ROW_KINDS = ("claim", "finding", "repaired")


def as_atlas(value: Bar | NoBar | Iterable[Bar | NoBar], number: str) -> tuple[Bar | NoBar, ...]:
    """A spec's ``atlas`` (one ``Bar`` or ``NoBar``, or a tuple of them) as a tuple, each
    bar told the claim ``number`` it belongs to."""
    items = (value,) if isinstance(value, (Bar, NoBar)) else tuple(value)
    _require(
        all(isinstance(x, (Bar, NoBar)) for x in items)
        and sum(isinstance(x, NoBar) for x in items) <= 1,
        "atlas",
        value,
        "a Bar, a NoBar, or a tuple of Bars with at most one NoBar",
    )
    return tuple(
        dataclasses.replace(x, claim=number) if isinstance(x, Bar) and not x.claim else x
        for x in items
    )


@dataclasses.dataclass(frozen=True)
class CheckRef:
    """The check a spec names (its ``check`` field): the function ``name`` of ``module``, imported
    only when it runs (``resolve``), so that the specs are read as data without importing a
    module of checks. Calling it calls the check."""

    module: str
    name: str

    def resolve(self) -> Callable[..., Verdict]:
        """The check as its module exports it (guarded by its decorator, ``declare``, whose
        ``__declares__`` says the type and name of the spec it was declared for); ValueError
        where the module has no such function, or where it is not declared as a check."""
        found = getattr(importlib.import_module(self.module), self.name, None)
        if found is None or not hasattr(found, "__declares__"):
            raise ValueError(
                f"check {self.name!r} of {self.module} must be a function of that module "
                f"declared with @claim, @finding, @repaired or @erratum, got {found!r}"
            )
        return found

    @property
    def minimum(self) -> Data | None:
        """The least data its decorator declares (``sizes.Data``), or None."""
        return getattr(self.resolve(), "__guarded_by__", None)

    def __call__(self, *args: Any, **kwargs: Any) -> Verdict:
        return self.resolve()(*args, **kwargs)


def runnable(
    check: Callable[..., Verdict] | CheckRef, minimum: Data | None
) -> tuple[Callable[..., Verdict], Data | None]:
    """The check to run and its minimum: a ``CheckRef`` resolved, with the minimum its decorator
    declares; a function as it is, with ``minimum``."""
    if isinstance(check, CheckRef):
        resolved = check.resolve()
        return resolved, getattr(resolved, "__guarded_by__", minimum)
    return check, minimum


def as_cites(values: Iterable[Cites | str]) -> tuple[Cites, ...]:
    """A spec's ``rests_on``, each citation as a ``Cites`` (a plain one may be declared
    by the target's number)."""
    return tuple(Cites(c) if isinstance(c, str) else c for c in values)


@dataclasses.dataclass(frozen=True)
class Claim:
    """One row of the ledger (a numbered claim of the paper, a finding beyond them, or a check of
    a repaired result) with every fact about it (see the module docstring)."""

    number: str  # our section-based name, e.g. "Thm 3.1"
    label: str  # the paper's LaTeX label, or the equation it states
    statement: str  # one line, in the paper's symbols
    notebook: str  # the notebook whose verdict cell shows it
    check: Callable[..., Verdict] | CheckRef | None = None  # recomputes the verdict
    printed: str = "—"  # the number printed in the PDF ("Lemma 11"); "—" where there is none
    kind: str = "claim"  # one of ROW_KINDS
    key: Key | None = None  # the one number of the row (None: its first measurement)
    atlas: tuple[Bar | NoBar, ...] | Bar | NoBar = ()  # its bars in the atlas, or why none
    rests_on: tuple[Cites, ...] = ()  # what its proof cites (the proof map's edges)
    not_rests_on: tuple[Cites, ...] = ()  # citations that are no dependency, and why
    quote: str | None = None  # a phrase of its statement in the .tex
    minimum: Data | None = None  # below this much data: "not checked"
    measures: tuple[str, ...] = ()  # the measurements its check's verdict carries
    repairs: str | None = None  # a repaired row: the number of the claim it repairs
    repair: Repair | None = None  # a repaired result's section of the corrigendum
    decisive: tuple[str, ...] = ()  # the qualifiers its one-line answer names first
    #: A finding that tests a claim of another paper: (the claim, as a sentence's subject; how
    #: the suite tests it), for the front page's sentence on MiNES against its peers.
    peer: tuple[str, str] | None = None
    scope: str | None = None  # a finding's set-up, which its conclusion is said of ("this set-up")

    def __post_init__(self):
        object.__setattr__(self, "atlas", as_atlas(self.atlas, self.number))
        for name in ("rests_on", "not_rests_on"):
            object.__setattr__(self, name, as_cites(getattr(self, name)))

    @property
    def bars(self) -> tuple[Bar, ...]:
        """Its bars in the looseness atlas."""
        return tuple(x for x in as_atlas(self.atlas, self.number) if isinstance(x, Bar))

    @property
    def left_out(self) -> str | None:
        """Why it (or a part of it) has no bar, or None."""
        found = (x.reason for x in as_atlas(self.atlas, self.number) if isinstance(x, NoBar))
        return next(found, None)

    @property
    def name(self) -> str:
        """The name its verdict is published under (its number)."""
        return self.number

    def verdict(self, scale: float = 1.0) -> Verdict:
        """The check's fresh verdict, with every sample size its ``minimum`` places multiplied by
        ``scale``; "not checked" with the reason where its data cannot decide (less than its
        ``minimum``, or ``verdict.Undecidable``: a NaN or infinite statistic, ``sizes.guard``)."""
        if self.check is None:
            return Verdict(Status.NOT_CHECKED, "no check yet")
        check, minimum = runnable(self.check, self.minimum)
        return guarded_by(check, minimum)(**scaled(check, minimum, scale))


@dataclasses.dataclass(frozen=True)
class Erratum:
    """One row of the errata table: a typo or faulty step of the paper, with its check, whose
    verdict is "erratum" when the form it tests is shown wrong (``verdict.flagged``)."""

    label: str  # equation label or place
    kind: str  # one of KINDS
    printed: str
    correct: str
    consequence: str  # whether the statement survives
    check: Callable[..., Verdict] | CheckRef
    same_flaw_as: str | None = None  # the label of an entry that states the same flaw
    notebook: str = "08d-errata"  # the notebook whose verdict cell shows it
    minimum: Data | None = None  # below this much data: "not checked"
    measures: tuple[str, ...] = ()  # the measurements its check's verdict carries

    @property
    def name(self) -> str:
        """The name its verdict is published under (its label)."""
        return self.label

    def verdict(self, scale: float = 1.0) -> Verdict:
        """The check's fresh verdict, its sample sizes multiplied by ``scale`` ("not checked"
        where its data cannot decide, as ``Claim.verdict``); anything but a ``Verdict`` (a bare
        flag) is a TypeError naming the erratum."""
        check, minimum = runnable(self.check, self.minimum)
        result = guarded_by(check, minimum)(**scaled(check, minimum, scale))
        if not isinstance(result, Verdict):
            raise TypeError(
                f"the check of erratum {self.label!r} must return a Verdict (verdict.flagged), "
                f"got {type(result).__name__} {result!r:.60}"
            )
        return result
