"""How a number is written: to its significant digits (``format_number``) or rounded to the last
significant digit of its uncertainty (``rounded``, ``with_uncertainty``), as a ``Measurement``
renders it (``verdict``); and a computer's exponent notation in a text written as a reader
writes it, a power of ten (``powers_of_ten``), its minus signs as "−" (``minus_signs``), and a
table's column in one notation (``one_notation``)."""

from __future__ import annotations

import math
import re

__all__ = [
    "format_number",
    "minus_signs",
    "one_notation",
    "powers_of_ten",
    "rounded",
    "with_uncertainty",
]


def _exponent(x: float) -> int:
    return math.floor(math.log10(abs(x))) if x != 0 else 0


def format_number(x: float, digits: int = 2, fixed_below: float = 1e5) -> str:
    """``x`` to ``digits`` significant digits, fixed notation for 1e-3 ≤ |x| < ``fixed_below``,
    else scientific (``2.4e-08``). Fixed notation keeps every digit before the point: with
    ``fixed_below=1e3`` a constant of 29269 is written 2.9e+04, to its 2 digits.

    >>> format_number(0.01234), format_number(1234567.0), format_number(3.0, 3), format_number(0)
    ('0.012', '1.2e+06', '3.00', '0')
    >>> format_number(29269.0), format_number(29269.0, fixed_below=1e3)
    ('29269', '2.9e+04')
    """
    if x == 0:
        return "0"
    if not math.isfinite(x):
        return str(x)
    if not fixed_below > 0:
        raise ValueError(f"fixed_below must be a positive number, got {fixed_below!r}")
    e = _exponent(x)
    if -3 <= e and abs(x) < fixed_below:
        return f"{x:.{max(digits - 1 - e, 0)}f}"
    return f"{x:.{digits - 1}e}"


def _last_digit(u: float) -> int:
    """The decimal place of the last significant digit of an uncertainty: one digit, two if it
    starts with 1 (10^last is the rounding unit)."""
    e = _exponent(u)
    return e - (2 if u / 10**e < 2 else 1) + 1


def _fixed(v: float, last: int) -> str:
    if last > 0:
        return f"{round(v / 10**last) * 10**last:.0f}"
    return f"{v:.{-last}f}"


def rounded(values: list[float], u: float, percent: bool) -> list[str]:
    """``values`` rounded to the last significant digit of the uncertainty ``u``, in fixed
    notation where the largest lies in [1e-3, 1e5) (as ``format_number``), else in scientific
    notation (each mantissa cut at that digit). Values that are all whole numbers (a median of
    counts and the order statistics around it) keep no decimals: a count has none.

    >>> rounded([205.0, 202.0, 209.0], 1.75, False), rounded([0.2074, 0.2050], 5e-4, False)
    (['205', '202', '209'], ['0.2074', '0.2050'])
    """
    scale = 100.0 if percent else 1.0
    counts = not percent and all(math.isfinite(v) and float(v).is_integer() for v in values)
    values, u = [v * scale for v in values], u * scale
    suffix = "%" if percent else ""
    if not (u > 0 and math.isfinite(u)):
        return [format_number(v, 3) + suffix for v in values]
    last = max(_last_digit(u), 0) if counts else _last_digit(u)
    finite = [abs(v) for v in values if math.isfinite(v) and v != 0]
    magnitude = _exponent(max(finite)) if finite else _exponent(u)
    if -3 <= magnitude < 5 or percent:
        return [_fixed(v, last) + suffix for v in values]
    return [
        f"{v:.{max(magnitude - last, 0)}e}" if math.isfinite(v) and v != 0 else str(v)
        for v in values
    ]


def with_uncertainty(value: float, u: float, percent: bool) -> str:
    """value ± u, both rounded to the last significant digit of u.

    >>> with_uncertainty(1.3853, 0.0512, False), with_uncertainty(1559.0, 109.0, False)
    ('1.39 ± 0.05', '1560 ± 110')
    >>> with_uncertainty(6.04e-4, 1.1e-5, False), with_uncertainty(0.0, 6.7e-5, True)
    ('(6.04 ± 0.11)e-04', '0.000 ± 0.007%')
    """
    if not (u > 0 and math.isfinite(u)):
        return rounded([value], u, percent)[0]
    magnitude = _exponent(value) if value != 0 and math.isfinite(value) else _exponent(u)
    if percent or -3 <= max(magnitude, _exponent(u)) < 5:
        text_value, text_u = rounded([value, u], u, percent)
        return f"{text_value.removesuffix('%')} ± {text_u}"
    last = _last_digit(u)
    decimals = max(magnitude - last, 0)
    return (
        f"({value / 10**magnitude:.{decimals}f} ± {u / 10**magnitude:.{decimals}f})"
        f"e{magnitude:+03d}"
    )


#: A number in a computer's exponent notation ("1.6e+14", "-2.5e-16", "1e-10"), in prose.
_E_NOTATION = re.compile(r"(?<![\w.])(-?)(\d+(?:\.\d+)?)e([+-]?)(\d+)(?!\w|\.\d)")
_SUPERSCRIPT_DIGITS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def powers_of_ten(text: str) -> str:
    """``text`` with each number in exponent notation written as a power of ten, as a reader
    writes it: a mantissa of 1 dropped, an exponent of 0 with its power, a minus sign as "−".

    >>> powers_of_ten("C = 1.6e+14, margin -2.5e-16, < 1e-10, 3.0e+00, not 1e3b or v1.2e5.")
    'C = 1.6×10¹⁴, margin −2.5×10⁻¹⁶, < 10⁻¹⁰, 3.0, not 1e3b or v1.2e5.'
    >>> powers_of_ten("at 4.9e+10. Then 6.04e-04 [5.74e-04, 6.34e-04]")
    'at 4.9×10¹⁰. Then 6.04×10⁻⁴ [5.74×10⁻⁴, 6.34×10⁻⁴]'
    """

    def power(m: re.Match) -> str:
        sign, mantissa, direction, digits = m.groups()
        exponent = int(digits) * (-1 if direction == "-" else 1)
        minus = "−" if sign else ""
        if exponent == 0:
            return minus + mantissa
        scale = "10" + str(exponent).translate(_SUPERSCRIPT_DIGITS)
        return minus + (scale if float(mantissa) == 1 else f"{mantissa}×{scale}")

    return _E_NOTATION.sub(power, text)


#: A hyphen-minus that is a number's sign: not after a letter, digit or point (a range "10-90"
#: or a word "2-D" keeps it), before a digit, a point or ∞.
_MINUS = re.compile(r"(?<![\w.)\]])-(?=[\d.∞])")


def minus_signs(text: str) -> str:
    """``text`` with the sign of each negative number written as a reader writes it, "−"
    (U+2212), not a computer's hyphen-minus; hyphens inside words and ranges are kept.

    >>> minus_signs("slope -0.99968 [-0.99987, -0.99928], z = -∞, a 2-D run, k-th, 10-90")
    'slope −0.99968 [−0.99987, −0.99928], z = −∞, a 2-D run, k-th, 10-90'
    """
    return _MINUS.sub("−", text)


#: A number as a table cell writes it: fixed ("0.00977", "−12") or a power of ten
#: ("9.78×10⁻⁴", "10⁻⁴"), with its sign; not a digit inside a word ("c₂", "b10").
_NUMBER = re.compile(r"(?<![\w.])([−-]?)(\d+(?:\.\d+)?)(?:×10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?![\w.⁻]|×)")
#: A power of ten whose mantissa 1 ``powers_of_ten`` dropped ("10⁻⁴").
_BARE_POWER = re.compile(r"(?<![\w.×])10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_FROM_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def _power(sign: str, digits: str) -> str:
    """A fixed-notation number (its digits as written) as a power of ten, keeping its
    significant digits: "0.00977" → "9.77×10⁻³", "0.080" → "8.0×10⁻²", and a mantissa of 1
    dropped as ``powers_of_ten`` drops it: "100" → "10²", not "1×10²"."""
    value = float(digits)
    if value == 0:
        return sign + digits
    mantissa = digits.replace(".", "").lstrip("0") or "0"
    exponent = _exponent(value)
    if "." not in digits:  # an integer: its trailing zeros are not significant
        mantissa = mantissa.rstrip("0") or "0"
    text = mantissa[0] + ("." + mantissa[1:] if len(mantissa) > 1 else "")
    scale = "10" + str(exponent).translate(_SUPERSCRIPT_DIGITS)
    if not exponent:
        return sign + text
    return sign + (scale if text == "1" else f"{text}×{scale}")


def one_notation(cells: list[str]) -> list[str]:
    """A table column's cells in one notation: where some write a number as a power of ten
    ("9.78×10⁻⁴") and others in fixed notation ("0.00977"), every fixed number that is not 0
    is written as a power of ten too, to its significant digits; a column in one notation (or
    without numbers) is returned as it is. The notation is the column's, decided from all its
    values, not from each cell's.

    >>> one_notation(["0.00977 [0.00963, 0.00986]", "9.78×10⁻⁴ [9.65×10⁻⁴, 9.89×10⁻⁴]"])
    ['9.77×10⁻³ [9.63×10⁻³, 9.86×10⁻³]', '9.78×10⁻⁴ [9.65×10⁻⁴, 9.89×10⁻⁴]']
    >>> one_notation(["0.0013", "10⁻⁴", "−0.25", "100", "0.010"])
    ['1.3×10⁻³', '10⁻⁴', '−2.5×10⁻¹', '10²', '1.0×10⁻²']
    >>> one_notation(["0.0831 [0.0810, 0.0847]", "0.080 [0.074, 0.083]", "— (c₂ ≤ 0)"])
    ['0.0831 [0.0810, 0.0847]', '0.080 [0.074, 0.083]', '— (c₂ ≤ 0)']
    """
    cells = [str(cell) for cell in cells]
    found = [m for cell in cells for m in _NUMBER.finditer(cell)]
    powers = any(m.group(3) is not None for m in found) or any(map(_BARE_POWER.search, cells))
    fixed = any(m.group(3) is None and float(m.group(2)) != 0 for m in found)
    if not (powers and fixed):
        return cells

    def rewrite(m: re.Match) -> str:
        sign, digits, exponent = m.groups()
        return m.group(0) if exponent is not None else _power(sign, digits)

    return [_NUMBER.sub(rewrite, cell) for cell in cells]
