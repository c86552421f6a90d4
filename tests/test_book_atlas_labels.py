"""The looseness atlas's bar labels read alone (issue 45, a cold reading: a bar of the atlas, as
the front page and the gallery show it, was labelled "the same, O(α⁴)"): a bar declared as "the
same" as its claim's first bar says what it bounds (``atlas.said_in_full``). These tests read
the declared bars and the published verdicts; nothing is drawn.
"""

from __future__ import annotations

from mines_theory.verification.views import atlas, atlas_bounds


def _names() -> list[str]:
    frame = atlas.frame()
    return [
        atlas.bar_name(r.claim, r.printed, r.label, r.form, r.corrects) for r in frame.itertuples()
    ]


def test_no_bar_of_the_atlas_reads_the_same():
    declared = [b.label for b in atlas_bounds.bars()]
    assert any(label.startswith(atlas.SAME) for label in declared)  # what the check must see
    said = [" ".join(name.split("\n")[1:]) for name in _names()]  # what each bar bounds
    assert not [what for what in said if what.startswith(atlas.SAME)]
    assert "f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖², O(α⁴)" in said
