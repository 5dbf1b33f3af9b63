"""Naive Bayes for text: a toy spam filter under the multivariate-Bernoulli event model (which words
occur) and the multinomial event model (how often each word occurs), with and without Laplace
smoothing. Type a message: a dictionary word that no training message contains has φ_{k|y} = 0 in
both classes, so without smoothing p(spam|x) = 0/0 (CS229's "nips" e-mail); Laplace smoothing fixes it.

CS229 Part IV §2 (Bernoulli), §2.1 (Laplace smoothing), §2.2 (multinomial event model). This view
uses its own corpus, not the data set of the sidebar.
"""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from algorithms import TOY_SPAM_CORPUS
from algorithms import BernoulliNaiveBayes
from algorithms import MultinomialNaiveBayes
from algorithms import build_vocabulary
from algorithms import tokenize
from algorithms import word_counts
from ui.charts import chart
from ui.controls import bound
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import markdown_literal
from ui.explain import metric_rows
from ui.explain import number
from ui.figures import Axes
from ui.figures import base_figure
from ui.figures import padded_range
from ui.figures import plain
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.theme import CLASS_COLORS

MODELS = {"bernoulli": BernoulliNaiveBayes, "multinomial": MultinomialNaiveBayes}
SPAM = 1  # the label of spam in the corpus; classes_ are (0, 1)


@st.cache_data(max_entries=64, show_spinner=False)
def fit_models(message):
    """The dictionary (training words, then the message's new words), the count tables and the four
    fits: both event models with λ = 0 (maximum likelihood) and λ = 1 (Laplace)."""
    docs = [doc for doc, _ in TOY_SPAM_CORPUS]
    y = np.array([label for _, label in TOY_SPAM_CORPUS])
    vocab = build_vocabulary([*docs, message])
    X, x = word_counts(docs, vocab), word_counts([message], vocab)
    models = {(kind, lam): cls(lam).fit(X, y) for kind, cls in MODELS.items() for lam in (0.0, 1.0)}
    return vocab, X, y, x, models


def posterior_text(model, x) -> str:
    """p(spam|x), or 0/0 when every class has likelihood 0."""
    p = model.predict_proba(x)[0, SPAM]
    return t("gen.text_undefined") if np.isnan(p) else fmt(p)


def render(ctx, controls, main):
    with controls:
        message = st.text_input(t("gen.text_msg"), "cheap price now", max_chars=200,
                                **bound("gen.text_msg"))
        laplace = st.toggle(t("gen.text_laplace"), True, **bound("gen.text_laplace"))
    lam = 1.0 if laplace else 0.0
    vocab, X, y, x, models = fit_models(message)
    words = tokenize(message)
    unseen = [w for k, w in enumerate(vocab) if X[:, k].sum() == 0]
    with main:
        st.markdown(t("gen.text_message"))
        st.text(message if message.strip() else t("gen.text_empty"))
        st.caption(t("gen.text_tokens", words=markdown_literal(" · ".join(words)) or "—",
                     unseen=markdown_literal(", ".join(unseen)) or t("gen.text_none")))
        metric_rows(
            [
                (t("gen.text_p", model=t(f"gen.text_models.{kind}"), lam=f"{lam_shown:g}"),
                 posterior_text(models[(kind, lam_shown)], x))
                for kind in MODELS for lam_shown in (0.0, 1.0)
            ],
            ctx.projector,
            per_row=2,
        )
        left, right = columns_or_stacked(ctx.projector, [2, 3])
        with left:
            st.markdown(t("gen.text_corpus"))
            labels = [t(f"gen.text_class.{label}") for _, label in TOY_SPAM_CORPUS]
            st.dataframe(pd.DataFrame({t("gen.text_col_msg"): [doc for doc, _ in TOY_SPAM_CORPUS],
                                       t("gen.text_col_class"): labels}), hide_index=True)
        with right:
            st.markdown(t("gen.text_params", lam=f"{lam:g}"))
            st.dataframe(parameter_table(vocab, x[0], models, lam), hide_index=True)
        chart(evidence_figure(vocab, x[0], models, lam, ctx.style), key="gen.text_chart")
    formula_panel(formulas(models, y, x, len(vocab), lam), ctx.projector)
    code_view(BernoulliNaiveBayes, MultinomialNaiveBayes, projector=ctx.projector)


def parameter_table(vocab, counts, models, lam) -> pd.DataFrame:
    """φ_{k|y} of every dictionary word under both event models, and its count in the message."""
    table = {t("gen.text_col_word"): vocab, t("gen.text_col_count"): counts}
    for kind in MODELS:
        phi = models[(kind, lam)].feature_prob_
        for label in (SPAM, 1 - SPAM):
            column = t("gen.text_col_phi", model=t(f"gen.text_models.{kind}"), y=t(f"gen.text_class.{label}"))
            table[column] = [f"{v:.4f}" for v in phi[label]]
    return pd.DataFrame(table)


def evidence_figure(vocab, counts, models, lam, style) -> go.Figure:
    """log(φ_{k|spam}/φ_{k|not spam}) of each dictionary word in the message, per model (±∞ where a
    φ is 0 is left out and named in the title)."""
    present = np.flatnonzero(counts > 0)
    names = [plain(vocab[k]) for k in present]
    bars, values = [], []
    for j, kind in enumerate(MODELS):
        phi = models[(kind, lam)].feature_prob_[:, present]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.log(phi[SPAM] / phi[1 - SPAM])
        values.append(ratio)
        shown = [float(v) if np.isfinite(v) else None for v in ratio]  # no bar where φ = 0
        bars.append(go.Bar(x=names, y=shown, name=t(f"gen.text_models.{kind}"), marker_color=CLASS_COLORS[j]))
    finite = np.concatenate([v[np.isfinite(v)] for v in values] + [np.zeros(1)])
    infinite = sorted({vocab[present[i]] for v in values for i in np.flatnonzero(~np.isfinite(v))})
    title = t("gen.text_chart_title", lam=f"{lam:g}")
    if infinite:
        title += t("gen.text_chart_infinite", words=plain(", ".join(infinite)))
    fig = base_figure(style, Axes((-0.5, max(len(present), 1) - 0.5), padded_range(finite, 0.15),
                                  t("gen.text_col_word"), t("gen.text_log_odds")), title)
    fig.add_traces(bars)
    fig.update_xaxes(type="category")
    return fig


def formulas(models, y, x, V, lam) -> list[Formula]:
    n_spam = int(np.sum(y == SPAM))
    words_spam = int(models[("multinomial", lam)].feature_count_[SPAM].sum())
    lam_text = number(lam)
    return [
        Formula(
            r"\phi_{k|y=1} = \frac{\sum_i 1\{x_k^{(i)} = 1 \wedge y^{(i)} = 1\} + \lambda}"
            rf"{{\sum_i 1\{{y^{{(i)}} = 1\}} + 2\lambda}} = \frac{{N_{{k,1}} + {lam_text}}}{{{n_spam} + "
            rf"{number(2 * lam)}}},\ p(x|y) = \prod_k \phi_{{k|y}}^{{x_k}}(1-\phi_{{k|y}})^{{1-x_k}}",
            "CS229 Part IV §2, §2.1",
        ),
        Formula(
            r"\phi_{k|y=1} = \frac{\sum_i\sum_{j=1}^{n_i} 1\{x_j^{(i)} = k \wedge y^{(i)} = 1\} + \lambda}"
            rf"{{\sum_i 1\{{y^{{(i)}} = 1\}}\,n_i + \lambda|V|}} = \frac{{N_{{k,1}} + {lam_text}}}"
            rf"{{{words_spam} + {number(lam * V)}}},\ p(x|y) = \prod_{{j=1}}^{{n}} \phi_{{x_j|y}},\ "
            rf"n = {int(x.sum())}",
            "CS229 Part IV §2.2",
        ),
        Formula(
            r"p(y=1|x) = \frac{p(x|y=1)\,p(y=1)}{p(x|y=1)\,p(y=1) + p(x|y=0)\,p(y=0)},\ "
            rf"\phi_y = {number(models[('bernoulli', lam)].class_prior_[SPAM])}",
            "CS229 Part IV §2 (0/0 when a word has φ = 0 in both classes, §2.1)",
        ),
    ]
