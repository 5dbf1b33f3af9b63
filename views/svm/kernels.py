"""Is K a kernel? The Gram matrix of five kernels on the page's points with its eigenvalues (a negative
one means no feature space exists), and Li Hang's string kernel with the index sequences behind it.

Li Hang §7.3.2 (Theorem 7.5, Definition 7.7), §7.3.3 ((7.88), (7.90), (7.92)–(7.93) and the
"Nasdaq" / "lass das" example); Zhou-Zhihua notes §6.3.1 (Laplacian and sigmoid kernels; Mercer).
"""

import numpy as np
import pandas as pd
import streamlit as st

from algorithms import GRAM_KERNELS
from algorithms import gram_eigenvalues
from algorithms import gram_matrix
from algorithms import string_features
from algorithms import string_kernel
from algorithms.kernels import MAX_STRING
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import ALT_COLOR
from ui.theme import FIT_COLOR

KERNEL_LATEX = {
    "linear": r"K(x,z) = x^\top z",
    "poly": r"K(x,z) = (x^\top z + 1)^{{{p}}}",
    "gaussian": r"K(x,z) = \exp\!\big(-\|x-z\|^2/(2\cdot{s}^2)\big)",
    "laplacian": r"K(x,z) = \exp\!\big(-\|x-z\|/{s}\big)",
    "sigmoid": r"K(x,z) = \tanh({b}\,x^\top z {th})",
}


@st.cache_data(max_entries=32, show_spinner=False)
def gram_and_spectrum(X, kernel, sigma, degree, beta, theta):
    K = gram_matrix(X, kernel, sigma=sigma, degree=degree, beta=beta, theta=theta)
    return K.astype(np.float32), gram_eigenvalues(K)


def render(ctx, controls, main):
    with controls:
        kernel = choice(
            t("svm.gram_kernel"),
            list(GRAM_KERNELS),
            "svm.gram_kernel",
            catalogue_labels("svm.gram_kernels"),
            default="gaussian",
        )
        sigma, degree, beta, theta = 1.0, 3, 1.0, -1.0  # only the chosen kernel's parameters are shown
        if kernel in ("gaussian", "laplacian"):
            sigma = log_slider(t("svm.gram_sigma"), "svm.gram_sigma", -1, 1, 1.0)
        if kernel == "poly":
            degree = slider(t("svm.gram_degree"), 1, 6, 3, "svm.gram_degree")
        if kernel == "sigmoid":
            beta = log_slider(t("svm.gram_beta"), "svm.gram_beta", -2, 1, 1.0)
            theta = slider(t("svm.gram_theta"), -3.0, 1.0, -1.0, "svm.gram_theta", step=0.25)
        m = slider(t("svm.gram_m"), 5, 80, 40, "svm.gram_m")
        st.divider()
        s = st.text_input(t("svm.str_s"), "Nasdaq", **bound("svm.str_s"))
        s2 = st.text_input(t("svm.str_t"), "lass das", **bound("svm.str_t"))
        n = slider(t("svm.str_n"), 1, 4, 3, "svm.str_n")
        lam = slider(t("svm.str_lam"), 0.1, 1.0, 0.5, "svm.str_lam", step=0.05)
        u = st.text_input(t("svm.str_u"), "asd", **bound("svm.str_u"))
    X = ctx.data.train.X[:m]
    K, eigenvalues = gram_and_spectrum(X, kernel, sigma, degree, beta, theta)
    round_off = 1e-9 * max(1.0, abs(eigenvalues[0]))  # |λ| below this is zero up to rounding
    negative = int(np.sum(eigenvalues < -round_off))
    smallest = float(eigenvalues[-1]) if abs(eigenvalues[-1]) > round_off else 0.0
    with main:
        left, right = columns_or_stacked(ctx.projector, [1, 1])
        with left:
            chart(gram_figure(K, ctx.style), key="svm.gram_chart")
        with right:
            chart(spectrum_figure(eigenvalues, ctx.style), key="svm.gram_spectrum")
        metric_rows(
            [
                (t("svm.gram_min"), fmt(smallest, 4)),
                (t("svm.gram_negative"), f"{negative} / {len(eigenvalues)}"),
                (t("svm.gram_verdict"), t("svm.gram_psd") if negative == 0 else t("svm.gram_not_psd")),
            ],
            ctx.projector,
        )
        if kernel == "sigmoid":
            st.caption(t("svm.gram_sigmoid_note"))
        string_panel(s, s2, n, lam, u, ctx.projector)
    formula_panel(formulas(kernel, sigma, degree, beta, theta, eigenvalues, n, lam), ctx.projector)
    code_view(gram_matrix, string_features, projector=ctx.projector)


def gram_figure(K, style):
    m = len(K)
    trace = dict(type="heatmap", z=K, x=np.arange(1, m + 1), y=np.arange(1, m + 1), colorscale="RdBu", zmid=0)
    axes = Axes((0.5, m + 0.5), (m + 0.5, 0.5), "j", "i")
    return figure(style, axes, t("svm.gram_title", m=m), [trace], height=400)


def spectrum_figure(eigenvalues, style):
    colors = np.where(eigenvalues < 0, ALT_COLOR, FIT_COLOR)
    k = np.arange(1, len(eigenvalues) + 1)
    trace = dict(type="bar", x=k, y=eigenvalues, marker=dict(color=colors), showlegend=False)
    lo, hi = float(min(eigenvalues.min(), 0)), float(eigenvalues.max())
    pad = 0.05 * (hi - lo or 1.0)
    axes = Axes((0.4, len(k) + 0.6), (lo - pad, hi + pad), t("svm.gram_index"), t("svm.gram_eigen"))
    return figure(style, axes, t("svm.gram_spectrum_title"), [trace], height=400)


def string_panel(s, s2, n, lam, u, projector):
    """k_n(s, t), normalised, and the index sequences of u in both strings (user text only in a table)."""
    st.subheader(t("svm.str_heading"))
    if max(len(s), len(s2)) > MAX_STRING:
        st.error(t("svm.str_too_long", max=MAX_STRING))
        return
    k = string_kernel(s, s2, n, lam)
    cosine = string_kernel(s, s2, n, lam, normalise=True)
    metric_rows([(t("svm.str_k"), fmt(k, 4)), (t("svm.str_cos"), fmt(cosine, 4))], projector)
    if len(u) != n:
        st.info(t("svm.str_u_length", n=n))
        return
    rows = []
    for which, text in ((t("svm.str_s"), s), (t("svm.str_t"), s2)):
        feature = string_features(text, n, lam).get(u)
        for indices, span in () if feature is None else feature.sequences:
            rows.append(
                {t("svm.str_col_string"): which, "i": str(indices), "l(i)": str(span), "λ^l(i)": lam**span}
            )
        total = 0.0 if feature is None else feature.value
        rows.append({t("svm.str_col_string"): which, "i": "Σ", "l(i)": "", "λ^l(i)": total})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def formulas(kernel, sigma, degree, beta, theta, eigenvalues, n, lam) -> list[Formula]:
    th = f"+ {number(theta)}" if theta >= 0 else f"- {number(-theta)}"
    shown = KERNEL_LATEX[kernel].format(p=degree, s=number(sigma), b=number(beta), th=th)
    return [
        Formula(
            rf"{shown},\ \lambda_{{\min}}(K) = {number(float(eigenvalues[-1]))}\ "
            + (r"\ge 0" if eigenvalues[-1] >= -1e-9 else r"< 0"),
            "Li Hang §7.3.2, Theorem 7.5; Zhou notes §6.3.1",
        ),
        Formula(
            rf"[\phi_{n}(s)]_u = \sum_{{i:\,s(i)=u}} \lambda^{{l(i)}},\ "
            rf"k_{n}(s,t) = \sum_{{u\in\Sigma^{n}}} [\phi_{n}(s)]_u[\phi_{n}(t)]_u,\ \lambda = {number(lam)}",
            "Li Hang §7.3.3, (7.92)–(7.93)",
        ),
    ]
