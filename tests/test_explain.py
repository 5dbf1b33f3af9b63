"""The number formatting of formulas and metric tiles: matrices, vectors and exact fractions."""

from fractions import Fraction

import numpy as np

from ui.explain import approx_fraction
from ui.explain import book_fraction
from ui.explain import column
from ui.explain import counts_text
from ui.explain import exact_fraction
from ui.explain import latex_label
from ui.explain import latex_list
from ui.explain import matrix
from ui.explain import nice_number
from ui.explain import nice_text
from ui.explain import nice_vector_text
from ui.explain import number
from ui.explain import number_no_minus_zero
from ui.explain import percent
from ui.explain import percent_pair
from ui.explain import simple_fraction
from ui.explain import subscript
from ui.explain import superscript
from ui.explain import vector_text


def test_matrices_and_columns_round_every_entry():
    expected = r"\begin{pmatrix}1 & 0.123 \\ -2.5 & 1\times10^{-7}\end{pmatrix}"
    assert matrix([[1.0, 0.12345], [-2.5, 1e-7]]) == expected
    assert column(np.array([0.5, 2.0])) == r"\begin{pmatrix}0.5 \\ 2\end{pmatrix}"
    assert matrix(np.eye(2), digits=2) == r"\begin{pmatrix}1 & 0 \\ 0 & 1\end{pmatrix}"


def test_vector_text_for_metric_tiles():
    assert vector_text([0.5, -1.23456, 2.0], 3) == "(0.5, -1.23, 2)"
    assert vector_text(np.array([[1e-5]])) == "(1e-05)"


def test_book_fractions_stay_unreduced_and_exact_values_exact():
    assert book_fraction("9/15") == r"\dfrac{9}{15}"
    assert book_fraction("6.5/16") == r"\dfrac{6.5}{16}"
    assert exact_fraction(Fraction(5, 153)) == r"\frac{5}{153}"
    assert exact_fraction(Fraction(3, 1)) == "3"
    assert exact_fraction(Fraction(1, 3 * 10**6)) == r"3.333\times10^{-7}"


def test_approximations_keep_trailing_zeros_as_books_print_them():
    assert approx_fraction(Fraction(28, 459), 3) == r" \approx 0.0610"
    assert approx_fraction(Fraction(15, 43), 4) == r" \approx 0.3488"
    assert approx_fraction(Fraction(1, 10**7), 3) == r" \approx 1.00\times10^{-7}"
    assert approx_fraction(Fraction(4, 2), 3) == ""
    assert number(0.061, 3, keep_zeros=True) == "0.0610" and number(0.061, 3) == "0.061"


def test_labels_in_formulas_are_numbers_or_literal_text():
    assert latex_label(-1) == "-1" and latex_label("2.5") == "2.5"
    assert latex_label("S") == r"\text{S}"
    assert latex_label("a_b") == r"\text{a\_b}"


def test_latex_lists_round_floats_and_end_long_lists_in_dots():
    assert latex_list([0.12345, np.float64(2.0), 7, "J(1) = 3"]) == r"0.123,\ 2,\ 7,\ J(1) = 3"
    assert latex_list(list(range(10)), max_items=3) == r"0,\ 1,\ 2,\ \dots"
    assert latex_list([1e-7], digits=2) == r"1\times10^{-7}"


def test_percent_tiles():
    assert percent(0.965) == "96.5 %" and percent(1.0) == "100.0 %" and percent(None) == "—"
    assert percent_pair(0.965, 0.94) == "96.5 / 94.0 %" and percent_pair(1.0, None) == "100.0 / — %"


def test_superscripts_and_subscripts_for_plain_text():
    assert superscript(10) == "¹⁰" and superscript(2) == "²" and superscript(0) == "⁰"
    assert subscript(10) == "₁₀" and subscript(3) == "₃"
    assert f"5{superscript(1234567890)}" == "5¹²³⁴⁵⁶⁷⁸⁹⁰" and subscript(9876543210) == "₉₈₇₆₅₄₃₂₁₀"


def test_class_counts_and_numbers_without_a_minus_zero():
    assert counts_text([3, 2.5, 0.0]) == "[3, 2.50, 0]"
    assert counts_text(np.array([9.0, 6.0])) == "[9, 6]"
    assert number(-0.0) == "-0" and number_no_minus_zero(-0.0) == "0"
    assert number_no_minus_zero(np.float64(-1.25e-7)) == r"-1.25\times10^{-7}"


def test_simple_fractions_as_li_hang_prints_them_tenths_as_decimals():
    assert simple_fraction(0.25) == Fraction(1, 4) and simple_fraction(2 / 13) == Fraction(2, 13)
    assert simple_fraction(0.3721) is None and simple_fraction(1 / 61) is None
    assert nice_number(0.25) == r"\tfrac{1}{4}" and nice_number(-2.5) == r"-\tfrac{5}{2}"
    assert nice_number(-0.8) == "-0.8" and nice_number(-2.0) == "-2" and nice_number(0.2) == "0.2"
    assert nice_number(0.123456) == "0.1235" and nice_number(1e-7) == r"1\times10^{-7}"
    assert nice_number(np.inf) == r"\infty" and nice_number(-np.inf) == r"\text{—}"
    assert nice_text(0.25) == "1/4" and nice_text(-2.0) == "-2" and nice_text(-0.4) == "-0.4"
    assert nice_text(0.372149) == "0.3721" and nice_text(np.inf) == "∞" and nice_text(None) == "—"
    assert nice_vector_text(np.array([0.5, -2.0, 0.372149])) == "(1/2, -2, 0.3721)"
