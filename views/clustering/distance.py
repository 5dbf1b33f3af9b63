"""k-means under the Minkowski distance: the unit ball of the chosen p and weights beside p = 1, 2, ∞,
the triangle inequality failing for p < 1, and k-means whose assignment step uses that distance.

Seed 003 §3.2(3), (2)–(4) and (7) (notes on Zhou §9.3); the mean update minimises the objective only
for p = 2 and the median only for p = 1 (spec pitfall 36), which the view says.
"""

import numpy as np
import streamlit as st

from algorithms import KMeans
from algorithms import MinkowskiKMeans
from algorithms import minkowski_distances
from algorithms import unit_ball
from algorithms.clustering import adjusted_rand_index
from ui.charts import chart
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import number_slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import curves_figure
from ui.frame import columns_or_stacked
from ui.i18n import t
from ui.regions import region_trace
from ui.stepper import StepView
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import TRUTH_COLOR
from ui.views import fitted
from views.clustering._common import SIDE_HEIGHT
from views.clustering._common import ari_text
from views.clustering._common import centre_trace
from views.clustering._common import data_axes
from views.clustering._common import k_slider
from views.clustering._common import marker_trace
from views.clustering._common import seed_slider
from views.clustering._common import step_regions
from views.clustering._common import stepping_points
from views.clustering._common import too_few
from views.clustering._stepping import clickable_stepper
from views.clustering._stepping import data_static
from views.clustering._stepping import edit_mode

P_CODES = ["p05", "p1", "p15", "p2", "p3", "p4", "pmax"]
P_VALUES = dict(zip(P_CODES, [0.5, 1.0, 1.5, 2.0, 3.0, 4.0, np.inf], strict=True))
CENTERS = ["mean", "median"]
WEIGHTS = [0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 4.0, 5.0, 10.0]
STEP_RES = 90  # grid resolution of the regions drawn in every frame
TRIANGLE = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])  # a, b, c of the triangle inequality


def p_text(p: float) -> str:
    return "∞" if np.isinf(p) else f"{p:g}"


def p_tex(p: float) -> str:
    return r"\infty" if np.isinf(p) else number(p)


@st.cache_data(max_entries=32, show_spinner=False)
def fit_minkowski(X, k, p, w1, center, seed, x_range, y_range):
    """The fit, the Euclidean k-means from the same start, and every step's regions on the grid."""
    w = None if w1 == 1 else np.array([w1, 1.0])
    model = MinkowskiKMeans(k, p, w, center, init="random", random_state=seed).fit(X)
    euclid = KMeans(k, init="random", random_state=seed).fit(X)
    regions = step_regions(np.array([s.centers for s in model.history_]), x_range, y_range, STEP_RES, p, w)
    return model, euclid, regions


@st.cache_data(max_entries=32, show_spinner=False)
def balls(p, w1):
    """The unit balls of p = 1, 2, ∞ (unweighted) and of the chosen p and weights; the triangle's sides."""
    w = np.array([w1, 1.0])
    reference = {q: unit_ball(q) for q in (1.0, 2.0, np.inf)}
    sides = minkowski_distances(TRIANGLE, TRIANGLE, p, w)
    return reference, unit_ball(p, w), (sides[0, 2], sides[0, 1], sides[1, 2])


def render(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    with controls:
        code = choice(t("clu.p"), P_CODES, "clu.p", catalogue_labels("clu.ps"), default="p2")
        w1 = number_slider(t("clu.w1"), "clu.w1", WEIGHTS, 1.0, help=t("clu.w1_help"))
        center = choice(t("clu.center"), CENTERS, "clu.center", catalogue_labels("clu.centers"))
        k = k_slider()
        seed = seed_slider()
    p = P_VALUES[code]
    axes = data_axes(data.train)
    with main:
        mode = edit_mode()
        if too_few(len(X), k):
            return
        fit = fitted(fit_minkowski, X, k, p, w1, center, seed, axes.x_range, axes.y_range)
        if fit is None:
            return
        model, euclid, regions = fit
        reference, ball, (ac, ab, bc) = balls(p, w1)
        exact = (p == 2 and center == "mean") or (p == 1 and center == "median")
        if not exact:
            st.warning(t("clu.not_exact", p=p_text(p), center=t(f"clu.centers.{center}")))
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            minkowski_stepper(ctx, X, model, regions, axes, k, p, mode)
        with right:
            ball_chart(ctx, reference, ball, p, w1)
            st.caption(t("clu.ball_caption"))
            metrics_row([("d(a, c)", fmt(ac)), ("d(a, b) + d(b, c)", fmt(ab + bc))])
            holds = ac <= ab + bc + 1e-12
            st.caption(t("clu.triangle_holds" if holds else "clu.triangle_fails", p=p_text(p)))
        metrics_row(
            [
                (t("clu.objective_p"), fmt(model.inertia_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("clu.ari_euclid"), f"{adjusted_rand_index(euclid.labels_, model.labels_):.3f}"),
                (t("clu.ari"), ari_text(data.own_groups(), model.labels_)),
            ]
        )
    formula_panel(formulas(p, w1, center, model, (ac, ab, bc)), ctx.projector)
    code_view(MinkowskiKMeans, minkowski_distances, projector=ctx.projector)


def minkowski_stepper(ctx, X, model, regions, axes, k, p, mode):
    history = model.history_
    gx, gy = np.linspace(*axes.x_range, STEP_RES), np.linspace(*axes.y_range, STEP_RES)

    def frame(s):
        step = history[s]
        return [
            region_trace(gx, gy, regions[s], k),
            *stepping_points(X, step.labels, k, ctx.style),
            centre_trace(step.centers, ctx.style, t("clu.centres")),
        ]

    def label(s):
        step = history[s]
        return t(f"clu.mk_label_{step.kind}", it=step.step, E=fmt(step.objective), p=p_text(p))

    view = StepView(data_static(ctx, axes, mode is not None), frame, label)
    clickable_stepper("clu.mk", len(history), view, ctx.data, mode)


def ball_chart(ctx, reference, ball, p, w1):
    """Unit balls {x : dist(x, 0) = 1}: the books' three in thin lines, the chosen one bold."""
    styles = {
        1.0: (CLASS_COLORS[0], "dot"),
        2.0: (CLASS_COLORS[1], "dash"),
        np.inf: (CLASS_COLORS[2], "dashdot"),
    }
    curves = [
        Curve(f"p = {p_text(q)}", b[:, 0], b[:, 1], color, dash, 0.6)
        for q, b in reference.items()
        for color, dash in [styles[q]]
    ]
    name = t("clu.ball_chosen", p=p_text(p), w=f"{w1:g}")
    curves.append(Curve(name, ball[:, 0], ball[:, 1], HIGHLIGHT_COLOR, "solid", 1.4))
    reach = max(1.3, float(np.abs(ball).max()) * 1.1)
    axes = Axes((-reach, reach), (-reach, reach), "x₁", "x₂", equal=True)
    fig = curves_figure(
        curves, axes, ctx.style, title=t("clu.ball_title"), height=SIDE_HEIGHT + 200, legend_rows=5
    )
    a, b, c = TRIANGLE
    fig.add_trace(
        dict(
            type="scatter",
            mode="lines+markers+text",
            x=[a[0], b[0], c[0], a[0]],
            y=[a[1], b[1], c[1], a[1]],
            text=["a", "b", "c", ""],
            textposition=["bottom left", "bottom right", "top right", "top left"],
            name=t("clu.triangle"),
            line=dict(color=BLACK if p >= 1 else ALT_COLOR, width=1, dash="dot"),
            marker=dict(color=TRUTH_COLOR, size=ctx.style.marker_size * 0.8),
        )
    )
    fig.add_trace(
        marker_trace([[0.0, 0.0]], "0", color=BLACK, size=ctx.style.marker_size * 0.5) | {"showlegend": False}
    )
    chart(fig, key="clu.balls")


def formulas(p, w1, center, model, sides):
    ac, ab, bc = sides
    p_show = p_tex(p)
    weights = rf"w = ({number(w1)}, 1)"
    if np.isinf(p):
        dist = r"\mathrm{dist}_\infty(x_i, x_j) = \max_u |x_{iu} - x_{ju}|"
        objective = rf"E = \sum_i \mathrm{{dist}}_\infty(x_i, \mu_{{y_i}}) = {number(model.inertia_)}"
    else:
        dist = (
            rf"\mathrm{{dist}}_{{wmk}}(x_i, x_j) = \Big(\sum_{{u=1}}^{{n}} w_u "
            rf"|x_{{iu}} - x_{{ju}}|^{{{p_show}}}\Big)^{{1/{p_show}}},\ {weights}"
        )
        objective = (
            rf"E_{{{p_show}}} = \sum_i \mathrm{{dist}}_{{wmk}}(x_i, \mu_{{y_i}})^{{{p_show}}} = "
            rf"{number(model.inertia_)}"
        )
    relation = r"\le" if ac <= ab + bc + 1e-12 else ">"
    update = {
        "mean": r"\frac{1}{n_y}\sum_{i:\,y_i = y} x_i",
        "median": r"\operatorname{median}_{i:\,y_i = y} x_i",
    }[center]
    return [
        Formula(dist, "seed 003 §3.2, (2), (7); p = 1 (4), p = 2 (3), p → ∞ Chebyshev"),
        Formula(
            rf"y_i \leftarrow \arg\min_y \mathrm{{dist}}(x_i, \mu_y),\quad \mu_y \leftarrow {update},\quad "
            + objective,
            "seed 003 §3.2, (1) (E for p = 2); spec pitfall 36 (mean only for p = 2, median for p = 1)",
        ),
        Formula(
            rf"d(a, c) = {number(ac)}\ {relation}\ d(a, b) + d(b, c) = "
            rf"{number(ab)} + {number(bc)},\ a = (0, 0),\ b = (1, 0),\ c = (1, 1)",
            "triangle inequality: holds for p ≥ 1, fails for p < 1 (not a metric)",
        ),
    ]
