"""The pruning path T_0 ⊃ T_1 ⊃ … (Li Hang Algorithm 5.7): the number of leaves and the training
and test error of every T_k against α, with the chosen α marked and the printed Algorithm 5.4's
leaves where it is the method."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui.charts import chart
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import figure
from ui.figures import line_trace
from ui.i18n import t
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from views.decision_trees._grow import Grown
from views.decision_trees._grow import fit_tree


@st.cache_data(max_entries=64, show_spinner=False)
def path_summary(fit_args: tuple, task: str, X, y, Xt, yt, literal_alphas: tuple):
    """The weakest-link path (count scale) with the training/test error of every T_k, and the
    leaves the printed Algorithm 5.4 keeps at each of ``literal_alphas``."""
    est = fit_tree(task, fit_args)
    train = est.path_errors(X, y, normalize=False)
    test = None if Xt is None else est.path_errors(Xt, yt, normalize=False)
    literal = (
        est.pruned_n_leaves(literal_alphas, "c_alpha_literal", normalize=False) if literal_alphas else None
    )
    return est.pruning_path(normalize=False), train, test, literal


def step_line(x, y, name: str, color: str, style, dash: str = "solid", **extra) -> dict:
    """A staircase (value held until the next breakpoint)."""
    return {**line_trace(Curve(name, x, y, color, dash), style), "line_shape": "hv", **extra}


def path_figure(path, train, test, alpha, literal, options, task, style) -> go.Figure:
    """Number of leaves and training/test error of T_α against α (log axis; α = 0 at the left edge)."""
    positive = path.ccp_alphas[path.ccp_alphas > 0]
    lo, hi = positive.min() / 3, positive.max() * 3
    xs = np.append(np.maximum(path.ccp_alphas, lo), hi)
    axes = Axes(
        (float(np.log10(lo)), float(np.log10(hi))),
        (0, float(path.n_leaves[0]) * 1.08 + 0.5),
        t("tree.alpha_axis"),
        t("tree.leaves"),
    )
    leaves = np.append(path.n_leaves, path.n_leaves[-1]).astype(float)
    traces = [step_line(xs, leaves, t("tree.leaves_path"), BLACK, style)]
    if literal is not None:
        opts = np.minimum(np.maximum(np.asarray(options, float), lo), hi)
        traces.append(
            step_line(opts, literal.astype(float), t("tree.leaves_literal"), CLASS_COLORS[4], style, "dot")
        )
    errors = [(train, "tree.train", CLASS_COLORS[0], "solid"), (test, "tree.test", CLASS_COLORS[1], "dash")]
    traces += [
        step_line(xs, np.append(v, v[-1]), t(label), color, style, dash, yaxis="y2")
        for v, label, color, dash in errors
        if v is not None
    ]
    top = max(float(np.nanmax(np.concatenate([e[0] for e in errors if e[0] is not None]))), 1e-9) * 1.15
    marker = dict(
        type="line",
        xref="x",
        yref="paper",
        x0=max(alpha, lo),
        x1=max(alpha, lo),
        y0=0,
        y1=1,
        line=dict(color=HIGHLIGHT_COLOR, width=style.line_width, dash="dash"),
    )
    return figure(
        style,
        axes,
        traces=traces,
        height=int(style.figure_height * 0.7),
        xaxis=dict(type="log"),
        shapes=[marker],
        yaxis2=dict(
            overlaying="y",
            side="right",
            range=[0, top],
            showgrid=False,
            zeroline=False,
            title=dict(text=t("tree.mse" if task == "regression" else "tree.error")),
            automargin=True,
            ticks="outside",
            dtick=float(f"{top / 4:.0e}"),
        ),
    )


def path_section(g: Grown, X, y, Xt, yt, style) -> None:
    """The path figure and its breakpoints α_k → |T_k| (nothing for a tree that cannot be pruned)."""
    literal_alphas = tuple(g.options) if g.method == "c_alpha_literal" else ()
    path, train, test, literal = path_summary(g.args, g.task, X, y, Xt, yt, literal_alphas)
    if (path.ccp_alphas > 0).sum() < 1:
        return
    st.markdown(f"**{t('tree.path_title')}**")
    chart(path_figure(path, train, test, g.alpha, literal, g.options, g.task, style), key="tree.path")
    steps = ", ".join(f"{a:.4g} → {n}" for a, n in zip(path.ccp_alphas[1:], path.n_leaves[1:], strict=True))
    st.caption(t("tree.path_caption", steps=steps))
