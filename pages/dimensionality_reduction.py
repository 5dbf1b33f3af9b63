"""Dimensionality reduction (Sugiyama ch. 13; CS229 Parts X–XII).

Six views: PCA (principal axes, projection, variance explained, reconstruction error and CS229's
trial direction), LPP beside PCA on the book's two data sets, kernel PCA and Laplacian eigenmaps
on the Swiss roll / S-curve (3-D view plus 2-D embedding), factor analysis by EM, ICA on the
cocktail party, and the curse of dimensionality (Sugiyama Fig 13.1).
"""

from itertools import permutations
from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from algorithms import ICA
from algorithms import LPP
from algorithms import PCA
from algorithms import FactorAnalysis
from algorithms import KernelPCA
from algorithms import LaplacianEigenmap
from algorithms import cocktail_party
from algorithms import curse_of_dimensionality
from algorithms import distance_contrast
from algorithms import graph_components
from algorithms import heat_kernel_graph
from algorithms import knn_graph
from algorithms import laplacian_eigenvectors
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import LoadedData
from ui.data_panel import edit_enabled
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import latex_words as tex
from ui.explain import metrics_row
from ui.explain import number
from ui.explain import vector
from ui.figures import ALT_COLOR
from ui.figures import FIT_COLOR
from ui.figures import TRUTH_COLOR
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import class_traces
from ui.figures import curves_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import plain
from ui.figures import points_trace
from ui.figures import safe_range
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import BLUE
from ui.theme import CLASS_COLORS
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import ORANGE
from ui.theme import PURPLE

P = "dr"
VIEWS = ["pca", "lpp", "manifold", "fa", "ica", "curse"]
REQUESTS = {
    "pca": DataRequest("clustering", 2, "pca_gauss"),
    "lpp": DataRequest("clustering", 2, "pca_stripes"),
    "manifold": DataRequest("clustering", 3, "swiss_roll"),
    "fa": DataRequest("clustering", 2, "pilot_karma"),
}
DATA_PREFIX = {"manifold": "dr.3d"}
SIMILARITIES = ["heat", "knn"]
METHODS = ["le", "kpca", "pca"]
SOURCES = ["speech", "laplace", "waves", "uniform", "gaussian"]
N_SOURCES = ["2", "3"]
T_OPTIONS = [
    0.1,
    0.2,
    0.3,
    0.5,
    float(1 / np.sqrt(2)),
    1.0,
    2.0,
    3.0,
    5.0,
    10.0,
]  # 1/√2: the listing's exp(−d²)
FA_ITERS = [1, 2, 5, 10, 20, 50, 100, 200, 500]
ICA_SAMPLES = [200, 500, 1000, 2000]
MAX_GRAPH_EDGES = 6000
COLORSCALE = "Viridis"
ROOT2 = float(1 / np.sqrt(2))

PRESETS = {
    "dr_fig13_5": {
        "dr.view": "pca",
        "dr.data": "pca_gauss",
        "dr.n": 100,
        "dr.seed": 0,
        "dr.m": 1,
        "dr.standardize": False,
    },
    "dr_fig13_5_stripes": {
        "dr.view": "pca",
        "dr.data": "pca_stripes",
        "dr.n": 100,
        "dr.noise": 1 / 3,
        "dr.seed": 1,
        "dr.m": 1,
        "dr.standardize": False,
    },
    "dr_fig13_9": {
        "dr.view": "lpp",
        "dr.data": "pca_gauss",
        "dr.n": 100,
        "dr.seed": 0,
        "dr.similarity": "heat",
        "dr.t": ROOT2,
    },
    "dr_fig13_9_stripes": {
        "dr.view": "lpp",
        "dr.data": "pca_stripes",
        "dr.n": 100,
        "dr.noise": 1 / 3,
        "dr.seed": 1,
        "dr.similarity": "heat",
        "dr.t": ROOT2,
    },
    "dr_fig13_13": {
        "dr.view": "manifold",
        "dr.3d.data": "swiss_roll",
        "dr.3d.n": 1000,
        "dr.3d.noise": 0.0,
        "dr.3d.seed": 0,
        "dr.method": "le",
        "dr.k_le": 10,
    },
    "dr_fig13_1": {"dr.view": "curse", "dr.d": 10, "dr.per_axis": 5},
    "dr_cs229_pca": {
        "dr.view": "pca",
        "dr.data": "pilot_karma",
        "dr.n": 100,
        "dr.noise": 0.3,
        "dr.seed": 0,
        "dr.m": 1,
        "dr.standardize": True,
    },
    "dr_cs229_fa": {
        "dr.view": "fa",
        "dr.data": "pilot_karma",
        "dr.n": 100,
        "dr.noise": 0.3,
        "dr.seed": 0,
        "dr.fa_iters": 200,
        "dr.fa_seed": 0,
    },
    "dr_cs229_ica": {
        "dr.view": "ica",
        "dr.sources": "speech",
        "dr.n_sources": "3",
        "dr.ica_n": 1000,
        "dr.ica_alpha": 0.01,
        "dr.epochs": 10,
        "dr.random_mixing": False,
        "dr.ica_seed": 0,
    },
}


# ---- data helpers ----------------------------------------------------------------------------------


def data_dims(view: str):
    request = REQUESTS.get(view)
    return None if request is None else request.dims


def colouring(y):
    """How points are coloured by y: ("none", None), ("classes", labels) or ("values", floats)."""
    if y is None:
        return "none", None
    y = np.asarray(y)
    classes = np.unique(y.astype(str) if y.dtype.kind in "OUS" else y)
    if 2 <= len(classes) <= 10:
        return "classes", classes
    if y.dtype.kind in "biuf" and len(classes) > 10:
        return "values", y.astype(float)
    return "none", None


def data_traces(
    X2, y, target: str, style, name: str, size_scale: float = 1.0, colorbar: bool = True
) -> list[dict]:
    """The data as marker traces (customdata = sample index), coloured by y where it helps."""
    kind, info = colouring(y)
    if kind == "classes":
        labels = np.asarray(y).astype(str) if np.asarray(y).dtype.kind in "OUS" else np.asarray(y)
        return class_traces(X2, labels, info, style, names=[f"{target} = {c}" for c in info])
    trace = points_trace(
        X2[:, 0], X2[:, 1], name, style, color=BLUE, customdata=np.arange(len(X2)), size_scale=size_scale
    )
    if kind == "values":
        trace["marker"].update(
            color=info,
            colorscale=COLORSCALE,
            showscale=colorbar,
            colorbar=dict(title=dict(text=plain(target)), thickness=14, len=0.7),
        )
        trace["marker"]["line"] = dict(width=0.5, color="white")
    return [trace]


def target_label(train) -> str:
    """The colouring variable's name: translated for the book's sets, as given for the user's file."""
    key = f"dr.target.{train.name}"
    text = t(key)
    return train.target_name if text == key else text


def class_separation(z, y):
    """Between-class over within-class variance of a 1-D projection (large = classes apart)."""
    kind, classes = colouring(y)
    if kind != "classes":
        return None
    labels = np.asarray(y).astype(str) if np.asarray(y).dtype.kind in "OUS" else np.asarray(y)
    means = np.array([z[labels == c].mean() for c in classes])
    counts = np.array([np.sum(labels == c) for c in classes])
    within = sum(((z[labels == c] - m) ** 2).sum() for c, m in zip(classes, means, strict=True)) / len(z)
    between = float((counts * (means - z.mean()) ** 2).sum() / len(z))
    return between / within if within > 0 else None


def spearman(a, b):
    if a is None or b is None or len(a) < 3:
        return None
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    if np.std(ra) == 0 or np.std(rb) == 0:
        return None
    return float(abs(np.corrcoef(ra, rb)[0, 1]))


def numeric_target(y):
    kind, info = colouring(y)
    return info if kind == "values" else None


def segments(A, B):
    """Line segments A_i → B_i as one trace's x, y lists (None separates them)."""
    xs, ys = [], []
    for (x0, y0), (x1, y1) in zip(A, B, strict=True):
        xs += [float(x0), float(x1), None]
        ys += [float(y0), float(y1), None]
    return xs, ys


def ellipse(center, cov, scale=2.0, n=90):
    w, V = np.linalg.eigh((cov + cov.T) / 2)
    angle = np.linspace(0, 2 * np.pi, n)
    pts = (V * (scale * np.sqrt(np.maximum(w, 0.0)))) @ np.vstack([np.cos(angle), np.sin(angle)])
    return center[0] + pts[0], center[1] + pts[1]


def matrix(M, digits=3) -> str:
    rows = [" & ".join(number(float(v), digits) for v in row) for row in np.atleast_2d(M)]
    return r"\begin{pmatrix}" + r" \\ ".join(rows) + r"\end{pmatrix}"


def direction_angle(v) -> float:
    """Angle of a direction in degrees, in [0, 180)."""
    return float(np.degrees(np.arctan2(v[1], v[0])) % 180.0)


def superscript(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def subscript(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def square_axes(X, x_title, y_title, pad=0.12) -> Axes:
    """Equal-scale axes from the data (directions keep their true angles)."""
    (x0, x1), (y0, y1) = padded_range(X[:, 0], pad), padded_range(X[:, 1], pad)
    return Axes((x0, x1), (y0, y1), plain(x_title), plain(y_title), equal=True)


def data_chart(fig, data: LoadedData, axes: Axes, key: str) -> None:
    """The main 2-D view: click to add or remove points in edit mode."""
    editable_chart(fig, P, data, axes.x_range, axes.y_range, key=key)


# ---- PCA ---------------------------------------------------------------------------------------------


def pca_view(ctx, controls, main):
    data = ctx.data
    X = data.train.X
    names = data.train.feature_names
    with controls:
        m = slider(t("dr.m"), 1, 2, 1, "dr.m", help=t("dr.m_help"))
        angle = slider(t("dr.angle"), 0, 180, 45, "dr.angle", help=t("dr.angle_help"))
        standardize = st.toggle(t("dr.standardize"), help=t("dr.standardize_help"), **bound("dr.standardize"))
    try:
        full = PCA(None, standardize).fit(X)
        pca = PCA(m, standardize).fit(X)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    n = len(X)
    mu, scale = pca.mean_, pca.scale_
    Z = (X - mu) / scale
    axes = square_axes(X, names[0], names[1])
    span = max(axes.x_range[1] - axes.x_range[0], axes.y_range[1] - axes.y_range[0])
    fig = base_figure(ctx.style, axes)
    theta = np.radians(angle)
    u = np.array([np.cos(theta), np.sin(theta)])
    trial = np.vstack([mu - 3 * span * u * scale, mu + 3 * span * u * scale])
    fig.add_trace(
        line_trace(
            Curve(t("dr.trial_line"), trial[:, 0], trial[:, 1], ALT_COLOR, "dash", width_scale=0.6), ctx.style
        )
    )
    on_u = mu + np.outer(Z @ u, u) * scale
    fig.add_trace(
        points_trace(
            on_u[:, 0], on_u[:, 1], t("dr.trial_projection"), ctx.style, color=ALT_COLOR, size_scale=0.45
        )
    )
    fig.data[-1].showlegend = False
    if m < 2:
        direction = full.components_[0] * scale
        line = np.vstack([mu - 3 * span * direction, mu + 3 * span * direction])
        fig.add_trace(line_trace(Curve(t("dr.subspace"), line[:, 0], line[:, 1], FIT_COLOR), ctx.style))
        X_hat = pca.inverse_transform(pca.transform(X))
        sx, sy = segments(X, X_hat)
        fig.add_trace(
            dict(
                type="scatter",
                mode="lines",
                x=sx,
                y=sy,
                name=t("dr.residuals"),
                line=dict(color=TRUTH_COLOR, width=1),
                hoverinfo="skip",
                showlegend=False,
            )
        )
        fig.add_trace(
            points_trace(
                X_hat[:, 0],
                X_hat[:, 1],
                t("dr.projections"),
                ctx.style,
                color=FIT_COLOR,
                hollow=True,
                size_scale=0.8,
            )
        )
    for j, color in enumerate((HIGHLIGHT_COLOR, PURPLE)):
        half = 2 * np.sqrt(full.explained_variance_[j]) * full.components_[j] * scale
        fig.add_trace(
            dict(
                type="scatter",
                mode="lines+markers",
                x=np.array([mu[0] - half[0], mu[0] + half[0]]),
                y=np.array([mu[1] - half[1], mu[1] + half[1]]),
                name=t("dr.axis", j=j + 1),
                line=dict(color=color, width=ctx.style.line_width * 1.3),
                marker=dict(symbol="diamond", size=ctx.style.marker_size * 0.9, color=color),
            )
        )
    for trace in data_traces(X, data.train.y, target_label(data.train), ctx.style, t("dr.data_points")):
        fig.add_trace(trace)
    recon = pca.reconstruction_error(X)
    lam = full.eigenvalues_
    var_u = float(u @ (Z.T @ Z / n) @ u)
    with main:
        st.caption(t("dr.pca_title"))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            data_chart(fig, data, axes, key="dr.pca_chart")
        with right:
            variance_curve(Z, full, angle, ctx)
            ratio = full.explained_variance_ratio_
            st.caption(t("dr.ratio_caption", pc1=f"{100 * ratio[0]:.1f}", pc2=f"{100 * ratio[1]:.1f}"))
        metrics_row(
            [
                (t("dr.lambda", j=1), fmt(lam[0])),
                (t("dr.lambda", j=2), fmt(lam[1])),
                (t("dr.kept"), f"{100 * full.explained_variance_ratio_[:m].sum():.1f} %"),
                (t("dr.recon"), fmt(recon)),
                (t("dr.var_u"), fmt(var_u)),
            ]
        )
    C = Z.T @ Z
    xi = full.components_
    kept = float(np.trace(pca.components_ @ C @ pca.components_.T))
    formulas = [
        Formula(
            rf"C = \sum_{{i=1}}^{{{n}}} x_i x_i^\top = {matrix(C)}"
            + (rf"\ \ ({tex('dr.tex.standardized')})" if standardize else ""),
            "Sugiyama §13.2 (scatter matrix, no 1/n); CS229 Part XI steps 1–4",
        ),
        Formula(
            rf"C\xi = \lambda\xi:\ \lambda_1 = {number(lam[0])},\ \xi_1 = {vector(xi[0])},\ "
            rf"\lambda_2 = {number(lam[1])},\ \xi_2 = {vector(xi[1])},\ T = "
            + (r"\xi_1^\top" if m == 1 else r"(\xi_1, \xi_2)^\top"),
            "Sugiyama §13.2",
        ),
        Formula(
            rf"\sum_i \|T^\top T x_i - x_i\|^2 = \operatorname{{tr}}(C) - \operatorname{{tr}}(TCT^\top) = "
            rf"{number(float(np.trace(C)))} - {number(kept)} = {number(recon)}",
            "Sugiyama §13.2",
        ),
        Formula(
            rf"\frac1m\sum_i (x^{{(i)\top}}u)^2 = u^\top\Sigma u = {number(var_u)}\ {tex('dr.tex.at')}\ "
            rf"u = ({number(u[0], 3)}, {number(u[1], 3)}),\ \max_{{\|u\|=1}} = \frac{{\lambda_1}}{{m}} = "
            rf"{number(lam[0] / n)}",
            "CS229 Part XI (M46)",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(PCA, projector=ctx.projector)


def variance_curve(Z, full, angle, ctx):
    n = len(Z)
    S = Z.T @ Z / n
    degrees = np.linspace(0, 180, 181)
    rad = np.radians(degrees)
    U = np.vstack([np.cos(rad), np.sin(rad)])
    values = np.einsum("ij,ik,kj->j", U, S, U)
    top = float(values.max()) * 1.15 or 1.0
    fig = curves_figure(
        [Curve(t("dr.var_curve"), degrees, values, BLUE)],
        Axes((0, 180), (0, top), t("dr.angle_axis"), t("dr.var_axis")),
        ctx.style,
        title=t("dr.var_title"),
        height=340,
    )
    best = direction_angle(full.components_[0])
    theta = np.radians(angle)
    current = float(np.array([np.cos(theta), np.sin(theta)]) @ S @ np.array([np.cos(theta), np.sin(theta)]))
    fig.add_trace(
        points_trace(
            [best],
            [full.eigenvalues_[0] / n],
            t("dr.axis", j=1),
            ctx.style,
            color=HIGHLIGHT_COLOR,
            symbol="star",
            size_scale=1.6,
        )
    )
    fig.add_trace(
        points_trace([angle], [current], t("dr.trial_line"), ctx.style, color=ALT_COLOR, size_scale=1.2)
    )
    fig.update_layout(showlegend=False)
    fig.update_xaxes(tickvals=np.arange(0, 181, 30))
    chart(fig, key="dr.var_chart")


# ---- LPP beside PCA ------------------------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def fit_lpp(X, similarity, k, t_width):
    lpp = LPP(
        1, n_neighbors=k if similarity == "knn" else None, t=t_width if similarity == "heat" else None
    ).fit(X)
    W = lpp.affinity_matrix_
    Xc = X - lpp.mean_
    deg = W.sum(1)
    A = Xc.T @ ((np.diag(deg) - W) @ Xc)
    B = Xc.T @ (deg[:, None] * Xc)
    edges, components = None, 1
    if similarity == "knn":
        components = graph_components(W)[0]
        i, j = np.nonzero(np.triu(W, 1))
        edges = np.column_stack([i, j])
    return dict(
        lpp_dir=lpp.components_[0],
        xi=lpp.projection_[0],
        lam=float(lpp.eigenvalues_[0]),
        pca_dir=PCA(1).fit(X).components_[0],
        mean=lpp.mean_,
        A=(A + A.T) / 2,
        B=(B + B.T) / 2,
        components=components,
        edges=edges,
        regularized=lpp.regularized_,
    )


def t_label(value: float) -> str:
    return "1/√2 ≈ 0.707" if abs(value - ROOT2) < 1e-9 else f"{value:g}"


def lpp_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    n = len(X)
    names = data.train.feature_names
    with controls:
        similarity = choice(
            t("dr.similarity"),
            SIMILARITIES,
            "dr.similarity",
            catalogue_labels("dr.similarities"),
            horizontal=not ctx.projector,
        )
        k, t_width, show_graph = None, None, False
        if similarity == "heat":
            t_width = st.select_slider(
                t("dr.t"), T_OPTIONS, ROOT2, format_func=t_label, help=t("dr.t_help"), **bound("dr.t")
            )
        else:
            k = slider(t("dr.k"), 1, max(min(30, n - 1), 2), 10, "dr.k", help=t("dr.k_help"))
            show_graph = st.toggle(t("dr.show_graph"), value=True, **bound("dr.show_graph"))
        st.caption(t("dr.lpp_note"))
    if k is not None and k > n - 1:
        st.error(t("dr.too_few_for_k", n=n, k=k))
        return
    try:
        res = SimpleNamespace(**fit_lpp(X, similarity, k, t_width))
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    axes = square_axes(X, names[0], names[1])
    span = max(axes.x_range[1] - axes.x_range[0], axes.y_range[1] - axes.y_range[0])
    fig = base_figure(ctx.style, axes)
    if show_graph and res.edges is not None:
        if len(res.edges) <= MAX_GRAPH_EDGES:
            sx, sy = segments(X[res.edges[:, 0]], X[res.edges[:, 1]])
            fig.add_trace(
                dict(
                    type="scatter",
                    mode="lines",
                    x=sx,
                    y=sy,
                    name=t("dr.graph"),
                    line=dict(color="#bbbbbb", width=0.8),
                    hoverinfo="skip",
                )
            )
        else:
            st.caption(t("dr.graph_too_big", edges=len(res.edges)))
    for trace in data_traces(X, y, target_label(data.train), ctx.style, t("dr.data_points")):
        fig.add_trace(trace)
    for direction, name, color, dash in (
        (res.pca_dir, t("dr.pca_line"), ALT_COLOR, "dash"),
        (res.lpp_dir, t("dr.lpp_line"), FIT_COLOR, "solid"),
    ):
        line = np.vstack([res.mean - 3 * span * direction, res.mean + 3 * span * direction])
        fig.add_trace(
            line_trace(Curve(name, line[:, 0], line[:, 1], color, dash, width_scale=1.2), ctx.style)
        )
    Xc = X - res.mean
    z_pca, z_lpp = Xc @ res.pca_dir, Xc @ res.lpp_dir
    sep_pca, sep_lpp = class_separation(z_pca, y), class_separation(z_lpp, y)
    with main:
        if res.components > 1:
            st.warning(t("dr.disconnected", c=res.components, k=k))
        if res.regularized:
            st.info(t("dr.regularized"))
        st.caption(t("dr.lpp_title"))
        left, right = columns_or_stacked(ctx.projector, [5, 3])
        with left:
            data_chart(fig, data, axes, key="dr.lpp_chart")
        with right:
            projection_histogram(z_pca, y, t("dr.hist_pca"), ALT_COLOR, ctx, "dr.hist_pca")
            projection_histogram(z_lpp, y, t("dr.hist_lpp"), FIT_COLOR, ctx, "dr.hist_lpp")
        metrics = [
            (t("dr.angle_pca"), f"{direction_angle(res.pca_dir):.1f}°"),
            (t("dr.angle_lpp"), f"{direction_angle(res.lpp_dir):.1f}°"),
            (t("dr.lpp_lambda"), fmt(res.lam)),
        ]
        if sep_pca is not None:
            metrics += [(t("dr.sep_pca"), fmt(sep_pca, 3)), (t("dr.sep_lpp"), fmt(sep_lpp, 3))]
        if similarity == "knn":
            metrics.append((t("dr.components"), str(res.components)))
        metrics_row(metrics)
    if similarity == "heat":
        w_formula = Formula(
            rf"W_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2t^2}}\Big),\ t = {number(t_width)},"
            rf"\ 2t^2 = {number(2 * t_width**2)}",
            "Sugiyama §13.3, Fig 13.8 (listing Fig 13.10: 2t² = 1)",
        )
    else:
        w_formula = Formula(
            rf"W_{{ii'}} = 1\ {tex('dr.tex.if')}\ x_i \in \mathcal N_{{{k}}}(x_{{i'}})\ {tex('dr.tex.or')}\ "
            rf"x_{{i'}} \in \mathcal N_{{{k}}}(x_i),\ {tex('dr.tex.else')}\ 0;\ \ "
            + tex("dr.tex.components", c=res.components),
            "Sugiyama §13.3, Fig 13.8",
        )
    formulas = [
        w_formula,
        Formula(
            rf"XLX^\top\xi = \lambda XDX^\top\xi:\ {matrix(res.A)}\xi = \lambda{matrix(res.B)}\xi,\ "
            rf"\lambda_{{\min}} = {number(res.lam)},\ \xi = {vector(res.xi)}",
            "Sugiyama §13.3, (13.1); L = D − W, smallest λ kept",
        ),
        Formula(
            rf"T = \xi^\top / \|\xi\| = ({number(res.lpp_dir[0], 3)}, {number(res.lpp_dir[1], 3)})\ \ "
            rf"{tex('dr.tex.vs_pca')}\ ({number(res.pca_dir[0], 3)}, {number(res.pca_dir[1], 3)})",
            "Sugiyama §13.3, Figs 13.5 and 13.9",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(LPP, heat_kernel_graph if similarity == "heat" else knn_graph, projector=ctx.projector)


def projection_histogram(z, y, title, color, ctx, key):
    lo, hi = padded_range(z, 0.05)
    edges = np.linspace(lo, hi, 31)
    centres = (edges[:-1] + edges[1:]) / 2
    kind, classes = colouring(y)
    groups = []
    if kind == "classes":
        labels = np.asarray(y).astype(str) if np.asarray(y).dtype.kind in "OUS" else np.asarray(y)
        for j, c in enumerate(classes):
            groups.append(
                (plain(str(c)), np.histogram(z[labels == c], edges)[0], CLASS_COLORS[j % len(CLASS_COLORS)])
            )
    else:
        groups.append(("", np.histogram(z, edges)[0], color))
    top = max(int(g[1].max()) for g in groups) * 1.15 + 1
    fig = base_figure(ctx.style, Axes((lo, hi), (0, top), "z", t("dr.count")), title, height=215)
    for name, counts, c in groups:
        fig.add_trace(
            go.Bar(
                x=centres,
                y=counts.astype(float),
                marker_color=c,
                opacity=0.75,
                name=name,
                showlegend=False,
                width=float(edges[1] - edges[0]),
            )
        )
    fig.update_layout(barmode="overlay", margin=dict(t=40, b=10))
    chart(fig, key=key)


# ---- kernel PCA and Laplacian eigenmaps on 3-D manifolds ---------------------------------------------------


@st.cache_data(max_entries=24, show_spinner=False)
def fit_embedding(X, method, k, h):
    if method == "le":
        le = LaplacianEigenmap(2, k).fit(X)
        return le.embedding_, le.eigenvalues_, le.n_connected_components_
    if method == "kpca":
        kp = KernelPCA(2, h).fit(X)
        return kp.embedding_, kp.eigenvalues_, 1
    pca = PCA(2).fit(X)
    return pca.transform(X), pca.eigenvalues_, 1


def manifold_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    n = len(X)
    with controls:
        method = choice(t("dr.method"), METHODS, "dr.method", catalogue_labels("dr.methods"))
        k, h = 10, 3.0
        if method == "le":
            k = slider(t("dr.k_le"), 1, max(min(50, n - 1), 2), 10, "dr.k_le", help=t("dr.k_le_help"))
        elif method == "kpca":
            h = log_slider(t("dr.h"), "dr.h", -1, 2, 3.0, help=t("dr.h_help"))
        st.caption(t(f"dr.method_note.{method}"))
    if X.shape[1] != 3:
        st.warning(t("dr.need_3d"))
        return
    if method == "le" and k > n - 1:
        st.error(t("dr.too_few_for_k", n=n, k=k))
        return
    try:
        Z, eigenvalues, components = fit_embedding(
            X, method, k if method == "le" else None, h if method == "kpca" else None
        )
        emb = SimpleNamespace(Z=Z, eigenvalues=eigenvalues, components=components)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    colour = numeric_target(y)
    names = data.train.feature_names
    with main:
        if emb.components > 1:
            st.warning(t("dr.disconnected", c=emb.components, k=k))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            chart(scatter3d(X, y, target_label(data.train), names, ctx), key="dr.roll_chart")
        with right:
            axes = Axes(padded_range(emb.Z[:, 0]), padded_range(emb.Z[:, 1]), "z₁", "z₂")
            fig = base_figure(ctx.style, axes, t(f"dr.embedding_title.{method}"))
            for trace in data_traces(
                emb.Z, y, target_label(data.train), ctx.style, t("dr.data_points"), size_scale=0.6
            ):
                fig.add_trace(trace)
            chart(fig, key="dr.embedding_chart")
        rho = spearman(emb.Z[:, 0], colour)
        metrics_row(
            [
                (t("dr.n_points"), str(n)),
                (t("dr.eig1"), fmt(emb.eigenvalues[0])),
                (t("dr.eig2"), fmt(emb.eigenvalues[1])),
                (t("dr.unroll"), fmt(rho, 3)),
                (t("dr.components"), str(emb.components) if method == "le" else "—"),
            ]
        )
    lam = emb.eigenvalues
    if method == "le":
        formulas = [
            Formula(
                rf"W = {tex('dr.tex.knn_graph', k=k)},\ D = \operatorname{{diag}}(W\mathbf 1),\ "
                r"L = D - W,\ L\mathbf 1 = \mathbf 0",
                "Sugiyama §13.5, Fig 13.14 listing (self-loops, OR rule; W=(W+W'~=0))",
            ),
            Formula(
                rf"L\alpha = \lambda D\alpha:\ \lambda_n = 0\ "
                rf"(\alpha_n = \mathbf 1,\ {tex('dr.tex.dropped')}),\ "
                rf"\lambda_{{n-1}} = {number(lam[0])},\ \lambda_{{n-2}} = {number(lam[1])};\ "
                r"z_i = (\alpha_{n-1,i},\ \alpha_{n-2,i})",
                "Sugiyama §13.5, (13.2)",
            ),
        ]
        objects = (LaplacianEigenmap, knn_graph, laplacian_eigenvectors)
    elif method == "kpca":
        formulas = [
            Formula(
                rf"K_{{ii'}} = \exp\!\Big(-\frac{{\|x_i - x_{{i'}}\|^2}}{{2h^2}}\Big),\ h = {number(h)},\ "
                r"H = I_n - \tfrac1n\mathbf 1\mathbf 1^\top",
                "Sugiyama §13.4",
            ),
            Formula(
                rf"HKH\alpha_j = \lambda_j\alpha_j:\ \lambda_1 = {number(lam[0])},\ "
                rf"\lambda_2 = {number(lam[1])};\ "
                r"z_{ij} = \sqrt{\lambda_j}\,\alpha_{ij}\ \ (\|\xi_j\| = \sqrt{\lambda_j})",
                "Sugiyama §13.4",
            ),
        ]
        objects = (KernelPCA,)
    else:
        formulas = [
            Formula(
                rf"C\xi = \lambda\xi:\ \lambda_1 = {number(lam[0])},\ \lambda_2 = {number(lam[1])},\ "
                r"z_i = T x_i,\ T = (\xi_1, \xi_2)^\top",
                "Sugiyama §13.2",
            )
        ]
        objects = (PCA,)
    formula_panel(formulas, ctx.projector)
    code_view(*objects, projector=ctx.projector)


def scatter3d(X, y, target, names, ctx) -> go.Figure:
    """The 3-D data seen as in Sugiyama Fig 13.13(a): MATLAB view([15 10]) (azimuth 15°, elevation 10°)."""
    az, el = np.radians(15.0), np.radians(10.0)
    eye = 2.4 * np.array([np.cos(el) * np.sin(az), -np.cos(el) * np.cos(az), np.sin(el)])
    kind, info = colouring(y)
    marker = dict(size=max(2.5, ctx.style.marker_size * 0.4), color=BLUE, line=dict(width=0))
    if kind == "values":
        marker.update(color=info, colorscale=COLORSCALE)
    elif kind == "classes":
        labels = np.asarray(y).astype(str) if np.asarray(y).dtype.kind in "OUS" else np.asarray(y)
        index = np.searchsorted(info, labels)
        marker["color"] = np.array(CLASS_COLORS)[index % len(CLASS_COLORS)]
    fig = go.Figure(
        go.Scatter3d(
            x=X[:, 0],
            y=X[:, 1],
            z=X[:, 2],
            mode="markers",
            marker=marker,
            name=t("dr.data_points"),
            hoverinfo="skip",
        )
    )
    scene = dict(
        camera=dict(eye=dict(x=eye[0], y=eye[1], z=eye[2]), up=dict(x=0, y=0, z=1)), aspectmode="cube"
    )
    for axis, j in (("xaxis", 0), ("yaxis", 1), ("zaxis", 2)):
        scene[axis] = dict(range=list(padded_range(X[:, j], 0.04)), title=dict(text=plain(names[j])))
    fig.update_layout(
        height=ctx.style.figure_height,
        margin=dict(l=0, r=0, t=50, b=0),
        scene=scene,
        uirevision="dr.roll",
        font=dict(size=ctx.style.font_size),
        title=dict(text=t("dr.roll_title"), font=dict(size=ctx.style.title_size)),
    )
    return fig


# ---- factor analysis by EM ------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_fa(X, iters, seed):
    return FactorAnalysis(1, max_iter=iters, tol=1e-8, random_state=seed).fit(X)


def fa_view(ctx, controls, main):
    data = ctx.data
    X, y = data.train.X, data.train.y
    names = data.train.feature_names
    with controls:
        iters = st.select_slider(
            t("dr.fa_iters"), FA_ITERS, 200, help=t("dr.fa_iters_help"), **bound("dr.fa_iters")
        )
        seed = st.number_input(t("dr.fa_seed"), 0, 99, 0, step=1, **bound("dr.fa_seed"))
        st.caption(t("dr.fa_note"))
    try:
        fa = fit_fa(X, int(iters), int(seed))
        pca = PCA(1).fit(X)
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    history = fa.history_
    mu = fa.mean_
    axes = square_axes(X, names[0], names[1])
    span = max(axes.x_range[1] - axes.x_range[0], axes.y_range[1] - axes.y_range[0])
    static = base_figure(ctx.style, axes, " ")
    pca_line = np.vstack([mu - 3 * span * pca.components_[0], mu + 3 * span * pca.components_[0]])
    static.add_trace(
        line_trace(
            Curve(t("dr.pca_line"), pca_line[:, 0], pca_line[:, 1], TRUTH_COLOR, "dash", width_scale=0.7),
            ctx.style,
        )
    )
    for trace in data_traces(X, y, target_label(data.train), ctx.style, t("dr.data_points"), colorbar=False):
        static.add_trace(trace)
    static.update_layout(legend=dict(orientation="v", x=1.02, xanchor="left", y=1.0, yanchor="top"))

    def frame(s):
        step = history[s]
        lam, psi = step.loadings[:, 0], step.psi
        norm = float(np.linalg.norm(lam)) or 1.0
        line = np.vstack([mu - 3 * span * lam / norm, mu + 3 * span * lam / norm])
        sigma = np.outer(lam, lam) + np.diag(psi)
        beta = np.linalg.solve(sigma, lam)
        x_hat = mu + np.outer((X - mu) @ beta, lam)
        ex, ey = ellipse(mu, np.diag(psi))
        sx, sy = ellipse(mu, sigma)
        return [
            line_trace(Curve(t("dr.fa_line"), line[:, 0], line[:, 1], FIT_COLOR), ctx.style),
            line_trace(Curve(t("dr.psi_ellipse"), ex, ey, ALT_COLOR, "dot", width_scale=0.8), ctx.style),
            line_trace(Curve(t("dr.model_ellipse"), sx, sy, ORANGE, "dash", width_scale=0.8), ctx.style),
            points_trace(
                x_hat[:, 0],
                x_hat[:, 1],
                t("dr.posterior"),
                ctx.style,
                color=FIT_COLOR,
                hollow=True,
                size_scale=0.7,
            ),
        ]

    def details(s):
        step = history[s]
        return t(
            "dr.fa_details",
            step=step.step,
            ll=fmt(step.log_likelihood),
            lam=", ".join(f"{v:.4g}" for v in step.loadings[:, 0]),
            psi=", ".join(f"{v:.4g}" for v in step.psi),
        )

    view = StepView(
        static,
        frame,
        lambda s: t("dr.fa_label", step=history[s].step, ll=fmt(history[s].log_likelihood)),
        details,
    )
    ll = np.array([h.log_likelihood for h in history])
    lam = fa.loadings_[:, 0]
    angle = np.degrees(np.arccos(min(1.0, abs(lam @ pca.components_[0]) / (np.linalg.norm(lam) or 1.0))))
    psi = fa.noise_variance_
    sigma = np.outer(lam, lam) + np.diag(psi)
    beta = np.linalg.solve(sigma, lam)
    sigma_z = 1.0 - float(lam @ beta)
    with main:
        if len(fa.heywood_):
            st.warning(t("dr.heywood", features=", ".join(plain(names[j]) for j in fa.heywood_)))
        if edit_enabled(P):
            final = go.Figure(static)
            final.add_traces(frame(len(history) - 1))
            data_chart(final, data, axes, key="dr.fa_edit")
            st.caption(t("dr.edit_no_steps"))
        else:
            stepper("dr.fa", len(history), view)
        steps = np.array([h.step for h in history], float)
        lo, hi = float(ll.min()), float(ll.max())
        pad = (hi - lo) * 0.08 or 1.0
        chart(
            curves_figure(
                [Curve(t("dr.loglik"), steps, ll, FIT_COLOR)],
                Axes((0, max(steps[-1], 1)), (lo - pad, hi + pad), t("dr.em_iteration"), "ℓ"),
                ctx.style,
                markers=len(steps) <= 30,
                title=t("dr.ll_title"),
                height=260,
            ),
            key="dr.fa_ll",
        )
        st.caption(t("dr.fa_converged" if fa.converged_ else "dr.fa_max_iter", n=fa.n_iter_))
        metrics_row(
            [
                (t("dr.loglik"), fmt(fa.log_likelihood_)),
                (t("metric.iterations"), str(fa.n_iter_)),
                (t("dr.posterior_var"), fmt(sigma_z, 3)),
                (t("dr.fa_pca_angle"), f"{angle:.1f}°"),
            ]
        )
    formulas = [
        Formula(
            r"x = \mu + \Lambda z + \epsilon,\ z \sim \mathcal N(0, 1),\ \epsilon \sim \mathcal N(0, \Psi):\ "
            rf"\mu = {vector(mu)},\ \Lambda = {vector(lam)},\ "
            rf"\Psi = \operatorname{{diag}}({number(psi[0])}, {number(psi[1])})",
            "CS229 Part X §3 (M44)",
        ),
        Formula(
            rf"\mu_{{z|x}} = \Lambda^\top(\Lambda\Lambda^\top + \Psi)^{{-1}}(x - \mu) = "
            rf"({number(beta[0])},\ {number(beta[1])})\,(x - \mu),\ "
            rf"\Sigma_{{z|x}} = 1 - \Lambda^\top(\Lambda\Lambda^\top + \Psi)^{{-1}}\Lambda = "
            rf"{number(sigma_z)}",
            "CS229 Part X §4 (M45), E-step",
        ),
        Formula(
            r"\Lambda = \Big(\sum_i (x^{(i)} - \mu)\mu_{z|x}^\top\Big)\Big(\sum_i \mu_{z|x}\mu_{z|x}^\top + "
            r"\Sigma_{z|x}\Big)^{-1},\ \Psi = \operatorname{diag}\frac1m\sum_i\big[\tilde x\tilde x^\top - "
            r"\tilde x\mu_{z|x}^\top\Lambda^\top - \Lambda\mu_{z|x}\tilde x^\top + "
            r"\Lambda(\mu_{z|x}\mu_{z|x}^\top"
            r" + \Sigma_{z|x})\Lambda^\top\big]",
            "CS229 Part X §4, (8) — with centred x̃ = x − μ (erratum K.14)",
        ),
        Formula(
            rf"\ell = \sum_i \log \mathcal N(x^{{(i)}}; \mu, \Lambda\Lambda^\top + \Psi) = "
            rf"{number(fa.log_likelihood_, 6)}"
            rf"\ \ ({tex('dr.tex.em_iterations', n=fa.n_iter_)})",
            "CS229 Part X §3",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(FactorAnalysis, projector=ctx.projector)


# ---- ICA: the cocktail party ---------------------------------------------------------------------------


@st.cache_data(max_entries=24, show_spinner=False)
def run_ica(kind, n_sources, n_samples, alpha, epochs, random_mixing, seed):
    X, S, A = cocktail_party(
        n_samples, n_sources, kind, mixing="random" if random_mixing else None, random_state=seed
    )
    ica = ICA(alpha=alpha, n_epochs=epochs, random_state=seed).fit(X)
    return X, S, A, ica


def match_sources(R, S):
    """Order, sign and scale of the recovered sources R that best fit the true S (|correlation|)."""
    c = S.shape[1]
    C = np.corrcoef(R.T, S.T)[:c, c:]
    C = np.nan_to_num(C)
    best = max(permutations(range(c)), key=lambda p: sum(abs(C[p[j], j]) for j in range(c)))
    out = np.empty_like(S)
    corr = np.empty(c)
    for j, i in enumerate(best):
        r = R[:, i] - R[:, i].mean()
        sd = r.std() or 1.0
        sign = 1.0 if C[i, j] >= 0 else -1.0
        out[:, j] = sign * r / sd * S[:, j].std() + S[:, j].mean()
        corr[j] = abs(C[i, j])
    return out, corr


def ica_view(ctx, controls, main):
    with controls:
        alpha = log_slider(t("dr.ica_alpha"), "dr.ica_alpha", -4, 0, 0.01, help=t("dr.ica_alpha_help"))
        epochs = slider(t("dr.epochs"), 1, 30, 10, "dr.epochs")
        kind = choice(t("dr.sources"), SOURCES, "dr.sources", catalogue_labels("dr.source_kinds"))
        n_sources = int(
            choice(
                t("dr.n_sources"),
                N_SOURCES,
                "dr.n_sources",
                catalogue_labels("dr.n_source_labels"),
                horizontal=True,
                default="3",
            )
        )
        n_samples = st.select_slider(t("dr.ica_n"), ICA_SAMPLES, 1000, **bound("dr.ica_n"))
        random_mixing = st.toggle(t("dr.random_mixing"), **bound("dr.random_mixing"))
        seed = st.number_input(t("dr.ica_seed"), 0, 99, 0, step=1, **bound("dr.ica_seed"))
    try:
        X, S, A, ica = run_ica(
            kind, n_sources, int(n_samples), float(alpha), int(epochs), bool(random_mixing), int(seed)
        )
    except ValueError as err:
        st.error(t("error.fit", detail=str(err)))
        return
    history = ica.history_
    time_axis = np.linspace(0, 8, len(X))
    recovered, corr = match_sources(ica.transform(X), S)
    with main:
        if kind == "gaussian":
            st.warning(t("dr.ica_gaussian"))
        elif kind in ("waves", "uniform"):
            st.info(t("dr.ica_subgaussian"))
        if ica.diverged_:
            st.warning(t("dr.ica_diverged"))
        chart(
            signals_figure(
                time_axis, X, t("dr.mixed_title"), t("dr.mic"), [CLASS_COLORS[4]] * n_sources, ctx
            ),
            key="dr.mixed_chart",
        )
        ica_stepper(history, X, S, time_axis, ctx)
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            ll = np.array([h.log_likelihood for h in history])
            epochs_axis = np.array([h.epoch for h in history], float)
            pad = (ll.max() - ll.min()) * 0.08 or 1.0
            chart(
                curves_figure(
                    [Curve(t("dr.loglik"), epochs_axis, ll, FIT_COLOR)],
                    Axes(
                        (0, max(epochs_axis[-1], 1)), (ll.min() - pad, ll.max() + pad), t("dr.epoch"), "ℓ(W)"
                    ),
                    ctx.style,
                    markers=True,
                    title=t("dr.ica_ll_title"),
                    height=300,
                ),
                key="dr.ica_ll",
            )
        with right:
            chart(mixture_scatter(X, ica, ctx), key="dr.ica_scatter")
        metrics_row(
            [
                (t("dr.min_corr"), fmt(float(corr.min()), 3)),
                (t("dr.ica_ll"), fmt(ica.log_likelihood_)),
                (t("dr.epochs_done"), str(len(history) - 1)),
                (t("dr.n_sources_metric"), str(n_sources)),
            ]
        )
    WA = ica.unmixing_ @ A
    formulas = [
        Formula(rf"x = As,\ A = {matrix(A, 2)},\ s_j\ {tex('dr.tex.independent')}", "CS229 Part XII (M47)"),
        Formula(
            r"W := W + \alpha\Big(\big(\mathbf 1 - 2g(Wx^{(i)})\big)x^{(i)\top} + (W^\top)^{-1}\Big),\ "
            rf"\alpha = {number(alpha)},\ g(s) = \frac{{1}}{{1 + e^{{-s}}}}",
            "CS229 Part XII §3 (M47)",
        ),
        Formula(
            rf"\ell(W) = \sum_{{i=1}}^{{m}}\Big(\sum_j \log g'(w_j^\top x^{{(i)}}) + \log|W|\Big) = "
            rf"{number(ica.log_likelihood_, 6)}",
            "CS229 Part XII §3",
        ),
        Formula(
            rf"\hat W A = {matrix(WA, 2)}\ \approx\ {tex('dr.tex.permutation')}",
            "CS229 Part XII §1 (ambiguities)",
            note=t("dr.ica_whiten_note"),
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(ICA, cocktail_party, projector=ctx.projector)


def signals_figure(time_axis, signals, title, label, colors, ctx, height=None, legend=False) -> go.Figure:
    c = signals.shape[1]
    scaled = (signals - signals.mean(0)) / (signals.std(0) + 1e-12)
    offsets = -4.0 * np.arange(c)
    lim = float(np.abs(scaled).max()) if len(scaled) else 1.0
    axes = Axes((0, 8), (offsets[-1] - lim - 0.3, lim + 0.3), t("dr.time"), "")
    fig = base_figure(ctx.style, axes, title, height=height or 120 + 85 * c)
    for j in range(c):
        fig.add_trace(
            line_trace(
                Curve(f"{label} {j + 1}", time_axis, scaled[:, j] + offsets[j], colors[j], width_scale=0.45),
                ctx.style,
            )
        )
    fig.update_yaxes(tickvals=offsets, ticktext=[f"{label} {j + 1}" for j in range(c)], showgrid=False)
    fig.update_layout(showlegend=legend)
    return fig


def ica_stepper(history, X, S, time_axis, ctx):
    c = S.shape[1]
    mean = X.mean(0)
    static = signals_figure(
        time_axis, S, " ", t("dr.source"), [TRUTH_COLOR] * c, ctx, height=150 + 95 * c, legend=True
    )
    for trace in static.data:
        trace.line.dash = "dot"
        trace.name = f"{trace.name} ({t('dr.true')})"
    offsets = -4.0 * np.arange(c)

    def frame(s):
        rec, _ = match_sources((X - mean) @ history[s].unmixing.T, S)
        rec = (rec - S.mean(0)) / (S.std(0) + 1e-12)
        return [
            line_trace(
                Curve(
                    f"{t('dr.recovered')} {j + 1}",
                    time_axis,
                    rec[:, j] + offsets[j],
                    CLASS_COLORS[j],
                    width_scale=0.45,
                ),
                ctx.style,
            )
            for j in range(c)
        ]

    def label(s):
        return t("dr.ica_label", epoch=history[s].epoch, ll=fmt(history[s].log_likelihood))

    def details(s):
        _, corr = match_sources((X - mean) @ history[s].unmixing.T, S)
        return t("dr.ica_details", epoch=history[s].epoch, corr=", ".join(f"{v:.3f}" for v in corr))

    stepper("dr.ica", len(history), StepView(static, frame, label, details))


def mixture_scatter(X, ica, ctx) -> go.Figure:
    """Microphones 1 and 2 with the ICA mixing directions (columns of W⁻¹) and the PCA axes."""
    P2 = X[:, :2] - X[:, :2].mean(0)
    lim = float(np.abs(P2).max()) * 1.1 or 1.0
    fig = base_figure(
        ctx.style,
        Axes((-lim, lim), (-lim, lim), t("dr.mic") + " 1", t("dr.mic") + " 2", equal=True),
        t("dr.scatter_title"),
        height=300,
    )
    step = max(1, len(P2) // 600)
    fig.add_trace(
        points_trace(
            P2[::step, 0], P2[::step, 1], t("dr.mixed_points"), ctx.style, color=TRUTH_COLOR, size_scale=0.35
        )
    )
    mixing = ica.mixing_[:2]
    pca = PCA(2).fit(X[:, :2])
    for j in range(mixing.shape[1]):
        v = mixing[:, j] / (np.linalg.norm(mixing[:, j]) or 1.0) * lim
        fig.add_trace(
            line_trace(
                Curve(
                    t("dr.ica_axis") if j == 0 else "",
                    np.array([-v[0], v[0]]),
                    np.array([-v[1], v[1]]),
                    FIT_COLOR,
                ),
                ctx.style,
            )
        )
        fig.data[-1].showlegend = j == 0
    for j in range(2):
        v = pca.components_[j] * lim
        fig.add_trace(
            line_trace(
                Curve(
                    t("dr.pca_axes") if j == 0 else "",
                    np.array([-v[0], v[0]]),
                    np.array([-v[1], v[1]]),
                    ALT_COLOR,
                    "dash",
                    width_scale=0.7,
                ),
                ctx.style,
            )
        )
        fig.data[-1].showlegend = j == 0
    return fig


# ---- curse of dimensionality --------------------------------------------------------------------------


@st.cache_data(max_entries=4, show_spinner=False)
def contrast_curve(max_d):
    dims = np.arange(1, max_d + 1)
    return dims, distance_contrast(dims, n_samples=200, random_state=0)


def curse_view(ctx, controls, main):
    with controls:
        d = slider(t("dr.d"), 1, 30, 10, "dr.d")
        per_axis = slider(t("dr.per_axis"), 2, 10, 5, "dr.per_axis")
    curve = curse_of_dimensionality(range(1, 31), per_axis)
    dims = curve.dims.astype(float)
    needed, volume = curve.samples_needed[d - 1], curve.ball_volume[d - 1]
    contrast_dims, contrast = contrast_curve(30)
    with main:
        left, mid, right = columns_or_stacked(ctx.projector, 3)
        with left:
            fig = curves_figure(
                [Curve(t("dr.needed_curve", k=per_axis), dims, curve.samples_needed, BLUE)],
                Axes((0.5, 30.5), (0.5, curve.samples_needed.max() * 10), "d", t("dr.samples_axis")),
                ctx.style,
                log_y=True,
                markers=True,
                title=t("dr.needed_title"),
                height=340,
            )
            fig.add_trace(
                points_trace(
                    [d], [needed], f"d = {d}", ctx.style, color=HIGHLIGHT_COLOR, symbol="star", size_scale=1.8
                )
            )
            fig.update_layout(showlegend=False)
            chart(fig, key="dr.needed_chart")
        with mid:
            fig = curves_figure(
                [Curve(t("dr.volume_curve"), dims, curve.ball_volume, FIT_COLOR)],
                Axes((0.5, 30.5), (0, 1.08), "d", t("dr.volume_axis")),
                ctx.style,
                markers=True,
                title=t("dr.volume_title"),
                height=340,
            )
            fig.add_trace(
                points_trace(
                    [d], [volume], f"d = {d}", ctx.style, color=HIGHLIGHT_COLOR, symbol="star", size_scale=1.8
                )
            )
            fig.update_layout(showlegend=False)
            chart(fig, key="dr.volume_chart")
        with right:
            fig = curves_figure(
                [Curve(t("dr.contrast_curve"), contrast_dims.astype(float), contrast, ALT_COLOR)],
                Axes(
                    (0.5, 30.5),
                    safe_range(contrast.min() * 0.5, contrast.max() * 2, True),
                    "d",
                    t("dr.contrast_axis"),
                ),
                ctx.style,
                log_y=True,
                markers=True,
                title=t("dr.contrast_title"),
                height=340,
            )
            fig.add_trace(
                points_trace(
                    [d],
                    [contrast[d - 1]],
                    f"d = {d}",
                    ctx.style,
                    color=HIGHLIGHT_COLOR,
                    symbol="star",
                    size_scale=1.8,
                )
            )
            fig.update_layout(showlegend=False)
            chart(fig, key="dr.contrast_chart")
        metrics_row(
            [
                (t("dr.needed_metric", power=f"{per_axis}{superscript(d)}"), f"{needed:,.0f}"),
                (t("dr.volume_metric", vd=f"V{subscript(d)}"), f"{volume:.4g}"),
                (t("dr.contrast_metric", d=d), fmt(float(contrast[d - 1]), 3)),
            ]
        )
        st.caption(t("dr.curse_note"))
    v = curve.ball_volume
    formulas = [
        Formula(
            rf"{per_axis}^{{d}} = {per_axis}^{{{d}}} = {needed:,.0f}".replace(",", r"{,}")
            + (r"\ \approx 10^7" if per_axis == 5 and d == 10 else ""),
            "Sugiyama ch. 13 intro, Fig 13.1(a)",
        ),
        Formula(
            rf"V_d = \frac{{\pi^{{d/2}}(1/2)^d}}{{\Gamma(d/2 + 1)}}:\ V_{{{d}}} = {number(volume)};\ "
            rf"V_1 = {number(v[0])},\ V_2 = \pi/4 = {number(v[1])} \approx 0.79,\ "
            rf"V_3 = \pi/6 = {number(v[2])} "
            r"\approx 0.52",
            "Sugiyama ch. 13 intro, Fig 13.1(b)",
        ),
    ]
    formula_panel(formulas, ctx.projector)
    code_view(curse_of_dimensionality, distance_contrast, projector=ctx.projector)


# ---- the screen ------------------------------------------------------------------------------------------

view = chosen_before_drawn("dr.view", VIEWS)
# The 3-D view keeps its own data panel (keys dr.3d.*): 2-D and 3-D sets differ in their sample-size
# ranges, and each kind keeps the user's choice when the view changes.
ctx = page_frame(DATA_PREFIX.get(view, P), REQUESTS.get(view))
if ctx.data is None:
    st.sidebar.caption(t("dr.own_data"))
preset_picker(PRESETS, "dr.preset")
view = choice(t("dr.view"), VIEWS, "dr.view", catalogue_labels("dr.views"), horizontal=True)
if ctx.data is not None and ctx.data.train.X.shape[1] != data_dims(view):
    st.warning(t("dr.need_3d" if data_dims(view) == 3 else "dr.need_2d"))
    st.stop()
controls, main = st.columns([1, 3], gap="medium")
{
    "pca": pca_view,
    "lpp": lpp_view,
    "manifold": manifold_view,
    "fa": fa_view,
    "ica": ica_view,
    "curse": curse_view,
}[view](ctx, controls, main)
