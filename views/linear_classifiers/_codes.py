"""Code words in the multi-class view: a word decoded by hand (seed 004 §2.9's worked example) and
the formulas of one-vs-rest, one-vs-one (with the book's tie) and ECOC decoding."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import ecoc_decode
from algorithms import ovo_vote_counts
from ui.explain import Formula
from ui.explain import vector
from ui.i18n import t

BOOK_WORD = np.array([-1, -1, 1, -1, 1])  # the slides' classifier outputs for the book code


def signs(values) -> str:
    return " ".join("+1" if v > 0 else "−1" if v < 0 else "0" for v in values)


def parse_word(text: str, length: int) -> np.ndarray | None:
    """A typed code word ("+1 -1 +1", commas or "−" allowed), None unless it has ``length`` signs."""
    tokens = [s for s in re.split(r"[\s,;]+", text.replace("−", "-").strip()) if s]
    if len(tokens) != length or any(s not in ("+1", "1", "-1", "+", "-") for s in tokens):
        return None
    return np.array([-1 if s.startswith("-") else 1 for s in tokens])


def decode_panel(word: str, M, prob, decoding: str, code_name: str):
    """Decode one code word by hand: the distances of seed 004's worked example."""
    m = M.shape[1]
    default = BOOK_WORD if code_name == "book" else np.where(np.arange(m) == 0, -M[0, 0], M[0])
    bits = parse_word(word or "", m) if word else default
    if bits is None:
        st.warning(t("lc.word_bad", m=m))
        bits = default
    ham, euc = ecoc_decode([bits], M, "hamming")[0], ecoc_decode([bits], M, "euclidean")[0]
    winner = int(np.argmin(ham if decoding == "hamming" else euc))
    st.markdown(t("lc.decode_heading", word=signs(bits)))
    table = pd.DataFrame(
        {
            t("lc.col_class"): [f"C{k + 1}: {prob.classes[k]}" for k in range(len(M))],
            t("lc.col_code"): [signs(row) for row in M],
            t("lc.col_hamming"): np.round(ham, 4),
            t("lc.col_euclid"): np.round(euc, 4),
        }
    )
    st.dataframe(table, hide_index=True)
    st.metric(t("lc.decoded"), f"C{winner + 1}")
    return bits, ham, euc, winner


def multiclass_formulas(strategy, c, decoded) -> list[Formula]:
    if strategy == "ovr":
        return [
            Formula(
                rf"\hat y = \arg\max_{{y = 1..{c}}} \hat f_y(x),\quad {c}\ \text{{{t('lc.binary_tex')}}}",
                "Sugiyama §7.3 (Fig 7.9); slides §2.9",
            )
        ]
    if strategy == "ovo":
        book = ovo_vote_counts([[1.0, -1.0, 1.0]], 3)[0]
        return [
            Formula(
                rf"\hat f_{{y,y'}}\ (y < y'),\ \tfrac{{c(c-1)}}{{2}} = \tfrac{{{c}\cdot{c - 1}}}{{2}} = "
                rf"{c * (c - 1) // 2};\quad \hat y = \arg\max_y \#\{{\text{{{t('lc.votes_tex')}}}\}}",
                "Sugiyama §7.3 (Fig 7.10); slides §2.9",
            ),
            Formula(
                rf"\operatorname{{sign}}\hat f_{{1,2}} = +1,\ \operatorname{{sign}}\hat f_{{1,3}} = -1,\ "
                rf"\operatorname{{sign}}\hat f_{{2,3}} = +1\ \Rightarrow\ \text{{{t('lc.votes_tex')}}} = "
                rf"({book[0]}, {book[1]}, {book[2]})",
                "Sugiyama §7.3 (the book's tie example)",
                t("lc.tie_note"),
            ),
        ]
    formulas = [
        Formula(
            r"d_H(b, M_r) = \sum_s \tfrac{1 - \operatorname{sign}(M_{rs} b_s)}{2},\quad "
            r"d_E(b, M_r) = \|M_r - b\|,\quad \hat y = \arg\min_r d(b, M_r)",
            "Slides §2.9 (ECOC); Allwein, Schapire & Singer for the 0 entries",
        )
    ]
    if decoded is not None:
        bits, ham, euc, winner = decoded
        formulas.append(
            Formula(
                rf"b = {vector(bits, 1, 8)}:\ d_H = {vector(ham, 4, 8)},\ "
                rf"d_E = {vector(euc, 4, 8)}\ \Rightarrow\ "
                rf"C_{{{winner + 1}}}",
                "Slides §2.9 worked example (book code: C3)",
            )
        )
    return formulas
