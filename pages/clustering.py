"""Clustering (Sugiyama ch. 14; CS229 Ch. 7a; seed 003 §3).

Five views: k-means step by step (random, k-means++, bounding-box or clicked starts, restarts
compared), kernel k-means and how much it depends on the start, spectral clustering (kNN graph,
Laplacian embedding, k-means in the embedding, final labels), choosing the number of clusters and
the graph's k (elbow curve, SMI/LSMI), and density clustering (DBSCAN).
"""

from functools import partial

import numpy as np
import plotly.graph_objects as go
import streamlit as st
from plotly.subplots import make_subplots

from algorithms import DBSCAN
from algorithms import KernelKMeans
from algorithms import KMeans
from algorithms import SpectralClustering
from algorithms import kmeans_plusplus
from algorithms import knn_graph
from algorithms.clustering import adjusted_rand_index
from algorithms.clustering import k_distances
from algorithms.clustering import lsmi
from algorithms.clustering import nearest_center
from algorithms.decomposition import laplacian_eigenvectors
from ui.charts import chart
from ui.controls import bound
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import log_slider
from ui.controls import preset_picker
from ui.controls import set_values
from ui.controls import slider
from ui.data_panel import DataRequest
from ui.data_panel import add_edit_grid
from ui.data_panel import edit_enabled
from ui.data_panel import edit_points
from ui.data_panel import editable_chart
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import fmt
from ui.explain import formula_panel
from ui.explain import metrics_row
from ui.explain import number
from ui.figures import Axes
from ui.figures import Curve
from ui.figures import base_figure
from ui.figures import grid_points
from ui.figures import heatmap_figure
from ui.figures import line_trace
from ui.figures import padded_range
from ui.figures import scatter_axes
from ui.frame import columns_or_stacked
from ui.frame import page_frame
from ui.i18n import current_language
from ui.i18n import t
from ui.i18n import text_in
from ui.stepper import StepView
from ui.stepper import stepper
from ui.theme import ALT_COLOR
from ui.theme import BLACK
from ui.theme import CLASS_COLORS
from ui.theme import CLASS_SYMBOLS
from ui.theme import FIT_COLOR
from ui.theme import HIGHLIGHT_COLOR
from ui.theme import REGION_COLORS
from ui.theme import TRUTH_COLOR

P = "clu"
VIEWS = ["kmeans", "kernel", "spectral", "choose", "dbscan"]
INITS = ["random", "plusplus", "box", "click"]
INIT_ARGS = {"random": "random", "plusplus": "k-means++", "box": "box"}
MAX_K = 10
CENTRES_KEY = "clu.centres"  # clicked initial centres: session state and URL "x,y;x,y"
STEP_RES = 100  # grid resolution of the regions drawn in every frame
SMI_GRID = [3, 5, 7, 10, 15, 20, 30]  # k of the kNN graph for the SMI curve (Fig 14.8)
MAX_N = {"kernel": 600, "spectral": 1000, "choose": 500}  # larger data are subsampled (O(n²)–O(n³) costs)
GALLERY = 6  # kernel k-means starts compared side by side
SIDE_HEIGHT = 300
EPS_OPTIONS = [float(f"{m}e{e}") for e in range(-2, 1) for m in (1, 1.5, 2, 3, 4, 5, 6, 8)] + [10.0]
SYMBOL_CODES = {"circle": 0, "x": 4, "triangle-up": 5, "square": 1, "diamond": 2, "star": 17}

PRESETS = {
    "clu_fig14_2": {
        "clu.view": "kmeans",
        "clu.data": "kmeans3",
        "clu.n": 300,
        "clu.noise": 1.0,
        "clu.seed": 0,
        "clu.k": 3,
        "clu.init": "random",
        "clu.restarts": 1,
        "clu.init_seed": 0,
    },
    "clu_restarts": {
        "clu.view": "kmeans",
        "clu.data": "gmm_blobs",
        "clu.n": 300,
        "clu.seed": 0,
        "clu.k": 3,
        "clu.init": "random",
        "clu.restarts": 10,
        "clu.init_seed": 0,
    },
    "clu_kernel": {
        "clu.view": "kernel",
        "clu.data": "spectral_spirals",
        "clu.n": 500,
        "clu.noise": 1.0,
        "clu.seed": 1,
        "clu.k": 2,
        "clu.h": 0.3,
        "clu.init_seed": 0,
    },
    # Data seed 1: the kNN graph has the usual 2 components (seed 0 is the one-in-ten draw with 3).
    "clu_fig14_5": {
        "clu.view": "spectral",
        "clu.data": "spectral_spirals",
        "clu.n": 500,
        "clu.noise": 1.0,
        "clu.seed": 1,
        "clu.k": 2,
        "clu.knn": 10,
        "clu.init_seed": 0,
    },
    "clu_fig14_8": {
        "clu.view": "choose",
        "clu.data": "spectral_spirals",
        "clu.n": 500,
        "clu.noise": 1.0,
        "clu.seed": 1,
        "clu.k": 2,
        "clu.smi_k": 10,
    },
    "clu_dbscan": {
        "clu.view": "dbscan",
        "clu.data": "spectral_spirals",
        "clu.n": 500,
        "clu.noise": 1.0,
        "clu.seed": 1,
        "clu.eps": 1.0,
        "clu.min_pts": 5,
    },
}


def figure(ctx, axes: Axes, title: str = "", height: int | None = None, legend_rows: int = 1) -> go.Figure:
    return base_figure(ctx.style, axes, title, height, legend_rows)


def curves(ctx, lines: list[Curve], axes: Axes, title: str, height: int, markers=False, log_x=False, rows=1):
    fig = figure(ctx, axes, title, height, rows)
    for curve in lines:
        trace = line_trace(curve, ctx.style)
        trace["mode"] = "lines+markers" if markers else "lines"
        fig.add_trace(trace)
    if log_x:
        fig.update_xaxes(type="log", range=list(np.log10(axes.x_range)))
    return fig


# ---- small pieces shared by the views ---------------------------------------------------------------


def cluster_color(k: int) -> str:
    return CLASS_COLORS[k % len(CLASS_COLORS)]


def cluster_symbol(k: int) -> str:
    """Colour and symbol both cycle through 6, offset after 6 so clusters 1 and 7 still differ."""
    return CLASS_SYMBOLS[(k + k // len(CLASS_COLORS)) % len(CLASS_SYMBOLS)]


def discrete_scale(colors) -> list:
    n = len(colors)
    return [[pos, c] for k, c in enumerate(colors) for pos in (k / n, (k + 1) / n)]


def region_trace(gx, gy, region: np.ndarray, n_clusters: int) -> dict:
    """Nearest-centre (or assigned-cluster) regions as a light uint8 heat-map trace dict."""
    n = max(n_clusters, 2)
    return dict(
        type="heatmap",
        x=gx,
        y=gy,
        z=region.astype(np.uint8),
        zmin=-0.5,
        zmax=n - 0.5,
        name="",
        colorscale=discrete_scale([REGION_COLORS[k % 6] for k in range(n)]),
        showscale=False,
        hoverinfo="skip",
    )


def points_dict(X, name, style, color, symbol="circle", customdata=None, sizes=None, scale=1.0) -> dict:
    X = np.asarray(X, float).reshape(-1, 2)
    trace = dict(
        type="scatter",
        mode="markers",
        x=X[:, 0],
        y=X[:, 1],
        name=name,
        marker=dict(
            color=color,
            symbol=symbol,
            line=dict(width=1, color="white"),
            size=style.marker_size * scale if sizes is None else sizes,
        ),
    )
    if customdata is not None:
        trace["customdata"] = np.asarray(customdata)
    return trace


def cluster_traces(X, labels, n_clusters: int, style, scale=1.0) -> list[dict]:
    """One marker trace per cluster (colour + symbol); customdata = sample index (for editing)."""
    return [
        points_dict(
            X[idx],
            t("clu.cluster", k=k + 1),
            style,
            cluster_color(k),
            cluster_symbol(k),
            customdata=idx,
            scale=scale,
        )
        for k in range(n_clusters)
        for idx in [np.flatnonzero(labels == k)]
    ]


def centre_trace(centers, style, name) -> dict:
    """Cluster centres as large squares in their cluster's colour (Sugiyama Fig 14.2)."""
    centers = np.asarray(centers, float)
    return dict(
        type="scatter",
        mode="markers",
        x=centers[:, 0],
        y=centers[:, 1],
        name=name,
        marker=dict(
            symbol="square",
            size=style.marker_size * 2.1,
            color=np.array([cluster_color(j) for j in range(len(centers))]),
            line=dict(color=BLACK, width=max(2, style.line_width * 0.8)),
        ),
    )


def ring_trace(X, name, style) -> dict:
    X = np.asarray(X, float).reshape(-1, 2)
    return dict(
        type="scatter",
        mode="markers",
        x=X[:, 0],
        y=X[:, 1],
        name=name,
        marker=dict(
            symbol="circle-open",
            size=style.marker_size * 2.2,
            color=HIGHLIGHT_COLOR,
            line=dict(width=max(2, style.line_width * 0.8)),
        ),
    )


def polylines(pieces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Polylines of equal length (m, points, 2) as one trace: None between pieces (no NaN)."""
    m, p, _ = pieces.shape
    out = np.empty((m, p + 1, 2), dtype=object)
    out[:, :p] = pieces
    out[:, p] = None
    return out[:, :, 0].ravel(), out[:, :, 1].ravel()


def path_trace(paths: np.ndarray, style, name) -> dict:
    """Where every centre has been so far: paths has shape (steps, k, 2)."""
    x, y = polylines(np.transpose(paths, (1, 0, 2)))
    return dict(
        type="scatter",
        mode="lines",
        x=x,
        y=y,
        name=name,
        line=dict(color=BLACK, width=max(1.0, style.line_width * 0.5), dash="dot"),
    )


def data_axes(train) -> Axes:
    """Fixed ranges from the data, equal scales unless the units differ a lot."""
    return scatter_axes(train.X, train.feature_names)


def true_labels(data):
    """The data set's own grouping as codes 0..g−1 when it is one (2–10 groups), else None."""
    y = data.train.y
    if y is None or data.edited:
        return None
    groups, codes = np.unique(np.asarray(y).astype(str), return_inverse=True)
    if not 2 <= len(groups) <= 10 or len(groups) > len(y) // 2:
        return None
    return codes


def subsample(X, truth, view: str):
    """At most MAX_N[view] points (a fixed random subset), with a caption when it applies."""
    limit = MAX_N[view]
    if len(X) <= limit:
        return X, truth, False
    keep = np.sort(np.random.default_rng(0).choice(len(X), limit, replace=False))
    st.caption(t("clu.subsampled", m=limit, n=len(X)))
    return X[keep], None if truth is None else truth[keep], True


def ari_text(truth, labels) -> str:
    return "—" if truth is None else f"{adjusted_rand_index(truth, labels):.3f}"


def point_text(p) -> str:
    return "(" + ", ".join(f"{v:.3g}" for v in p) + ")"


def latex_list(values, digits=3, max_items=8) -> str:
    items = [number(v, digits) if isinstance(v, float) else str(v) for v in values[:max_items]]
    return r",\ ".join(items + ([r"\dots"] if len(values) > max_items else []))


START = r"\mu^{(0)}"


def centres_latex(centers, symbol=r"\mu", max_items=6) -> str:
    items = [
        rf"{symbol}_{{{j + 1}}} = (" + latex_list([float(v) for v in c]) + ")"
        for j, c in enumerate(centers[:max_items])
    ]
    return r",\ ".join(items + ([r"\dots"] if len(centers) > max_items else []))


def too_few(n: int, k: int) -> bool:
    if k > n:
        st.error(t("clu.too_few", k=k, n=n))
        return True
    return False


# ---- stepping charts that also take clicks (edit points, place centres) -------------------------------


def edit_mode(data, subsampled: bool = False) -> str | None:
    """'edit' when the sidebar's edit switch is on and this data can be edited here."""
    if not edit_enabled(P):
        return None
    if subsampled:
        st.caption(t("clu.no_edit"))
        return None
    return "edit"


def chart_clicked(data, grid_curve: int, mode: str, stepper_key: str, points: list[dict]) -> None:
    """Edit mode: add/remove points (shared handler). Centre mode: a click places an initial centre."""
    if mode == "edit":
        edit_points(P, data.train, grid_curve, points)
    elif mode == "centres" and points:
        centres = list(st.session_state.get(CENTRES_KEY) or [])
        centres.append((round(float(points[0]["x"]), 3), round(float(points[0]["y"]), 3)))
        st.session_state[CENTRES_KEY] = centres[-MAX_K:]
        st.session_state[f"{stepper_key}.step"] = 0


def clickable_stepper(
    key: str, n_steps: int, view: StepView, data=None, mode: str | None = None, shortcuts: bool = True
) -> None:
    """ui.stepper.stepper whose chart takes clicks when ``mode`` is 'edit' or 'centres'."""
    on_click = None if mode is None else partial(chart_clicked, data, len(view.static.data) - 1, mode, key)
    caption = None if mode is None else t("data.edit_caption") if mode == "edit" else t("clu.click_caption")
    stepper(key, n_steps, view, shortcuts=shortcuts, on_click=on_click, click_caption=caption)


def data_static(ctx, axes: Axes, clickable: bool) -> go.Figure:
    """The fixed part of a stepping data chart (the step's title is set per frame)."""
    fig = figure(ctx, axes, " ", ctx.style.figure_height + 100, legend_rows=3 if ctx.projector else 2)
    if clickable:
        add_edit_grid(fig, axes.x_range, axes.y_range)
    return fig


# ---- k-means ---------------------------------------------------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def fit_kmeans(X, k, init, n_init, seed, centres):
    init_arg = np.asarray(centres, float) if init == "click" else INIT_ARGS[init]
    return KMeans(k, init=init_arg, n_init=n_init, random_state=seed).fit(X)


@st.cache_data(max_entries=64, show_spinner=False)
def voronoi_regions(centers_per_step: np.ndarray, x_range, y_range) -> np.ndarray:
    """Nearest-centre index on the grid for every step's centres, uint8 (steps, res, res)."""
    _, _, grid = grid_points(x_range, y_range, STEP_RES)
    return np.stack([nearest_center(grid, c).reshape(STEP_RES, STEP_RES) for c in centers_per_step]).astype(
        np.uint8
    )


def read_centres() -> list:
    if CENTRES_KEY not in st.session_state:
        text = st.query_params.get(CENTRES_KEY, "")
        try:
            centres = [tuple(float(v) for v in p.split(",")) for p in text.split(";") if p.count(",") == 1]
        except ValueError:
            centres = []
        st.session_state[CENTRES_KEY] = [c for c in centres if np.all(np.isfinite(c))][:MAX_K]
    return list(st.session_state[CENTRES_KEY])


def write_centres(centres: list | None) -> None:
    if centres:
        st.query_params[CENTRES_KEY] = ";".join(f"{x:g},{y:g}" for x, y in centres)
    else:
        st.query_params.pop(CENTRES_KEY, None)


def kmeans_view(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    centres = read_centres()
    with controls:
        init = choice(t("clu.init"), INITS, "clu.init", catalogue_labels("clu.inits"))
        if init == "click":
            k, n_init, seed = len(centres), 1, 0
            st.caption(t("clu.click_help", k=k))
            left, right = columns_or_stacked(ctx.projector, 2)
            left.button(
                t("clu.undo_centre"),
                on_click=set_values,
                args=({CENTRES_KEY: centres[:-1]},),
                disabled=not centres,
                icon=":material/undo:",
                key="clu.undo_centre",
            )
            right.button(
                t("clu.clear_centres"),
                on_click=set_values,
                args=({CENTRES_KEY: []},),
                disabled=not centres,
                icon=":material/delete:",
                key="clu.clear_centres",
            )
        else:
            k = slider(t("clu.k"), 1, MAX_K, 3, "clu.k")
            n_init = slider(t("clu.restarts"), 1, 20, 5, "clu.restarts", help=t("clu.restarts_help"))
            seed = slider(t("clu.init_seed"), 0, 50, 0, "clu.init_seed")
    write_centres(centres if init == "click" else None)
    axes = data_axes(data.train)
    mode = edit_mode(data) or ("centres" if init == "click" else None)
    if init == "click" and not centres:
        with main:
            st.info(t("clu.click_first"))
            view = StepView(
                data_static(ctx, axes, True),
                lambda s: [
                    points_dict(X, t("clu.points"), ctx.style, TRUTH_COLOR, customdata=np.arange(len(X)))
                ],
                lambda s: t("clu.click_title"),
            )
            clickable_stepper("clu.km", 1, view, data, mode)
        return
    with main:
        if too_few(len(X), k):
            return
        try:
            km = fit_kmeans(X, k, init, n_init, seed, tuple(centres))
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
    with controls:
        run_index = run_picker(km) if len(km.runs_) > 1 else 0
    run = km.runs_[run_index]
    regions = voronoi_regions(np.array([s.centers for s in run.history]), axes.x_range, axes.y_range)
    with main:
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            kmeans_stepper(ctx, X, run, regions, axes, k, mode)
        with right:
            objective_chart(run, ctx)
            if len(km.runs_) > 1:
                restarts_chart(km, run_index, ctx)
            else:
                st.caption(t("clu.one_run"))
        Js = [r.objective for r in km.runs_]
        metrics_row(
            [
                (t("clu.objective"), fmt(run.objective)),
                (t("metric.iterations"), str(run.n_iter)),
                (t("clu.best_J"), fmt(min(Js))),
                (t("clu.worst_J"), fmt(max(Js))),
                (t("clu.ari"), ari_text(true_labels(data), run.labels)),
            ]
        )
    formula_panel(kmeans_formulas(X, run, init), ctx.projector)
    code_view(KMeans, *([kmeans_plusplus] if init == "plusplus" else []), projector=ctx.projector)


def run_picker(km) -> int:
    runs = km.runs_

    lang = current_language()  # bound now: Streamlit may call the labeller from another thread

    def label(option):  # stable labels: the J of each run is in the restarts chart beside
        return text_in(lang, "clu.run_best") if option == "best" else text_in(lang, "clu.run_i", i=option)

    chosen = choice(t("clu.run"), ["best", *[str(i + 1) for i in range(len(runs))]], "clu.run", label)
    return km.best_run_ if chosen == "best" else int(chosen) - 1


def kmeans_stepper(ctx, X, run, regions, axes, k, mode):
    history = run.history
    gx, gy = np.linspace(*axes.x_range, STEP_RES), np.linspace(*axes.y_range, STEP_RES)
    paths = np.array([s.centers for s in history])

    def moved(s):
        if history[s].kind != "assign":
            return np.zeros(0, int)
        return np.flatnonzero(history[s].labels != history[s - 1].labels)

    def frame(s):
        step = history[s]
        return [
            region_trace(gx, gy, regions[s], k),
            *cluster_traces(X, step.labels, k, ctx.style),
            path_trace(paths[: s + 1], ctx.style, t("clu.paths")),
            centre_trace(step.centers, ctx.style, t("clu.centres")),
            ring_trace(X[moved(s)], t("clu.moved"), ctx.style),
        ]

    def label(s):
        return t(f"clu.km_label_{history[s].kind}", it=history[s].step, J=fmt(history[s].objective))

    def details(s):
        step = history[s]
        centres = ", ".join(f"μ{j + 1} = {point_text(c)}" for j, c in enumerate(step.centers[:6]))
        return t(
            f"clu.km_details_{step.kind}",
            it=step.step,
            moved=len(moved(s)),
            J=fmt(step.objective),
            before=fmt(history[s - 1].objective if s else step.objective),
            centres=centres,
            empty=step.moved,
        )

    view = StepView(data_static(ctx, axes, mode is not None), frame, label, details)
    clickable_stepper("clu.km", len(history), view, ctx.data, mode)


def objective_chart(run, ctx):
    J = np.array([s.objective for s in run.history])
    steps = np.arange(len(J), dtype=float)
    kinds = np.array([s.kind for s in run.history])
    axes = Axes(padded_range(steps, 0.04), padded_range(J, 0.1), t("clu.half_step"), t("clu.objective"))
    fig = curves(
        ctx, [Curve(t("clu.objective"), steps, J, TRUTH_COLOR)], axes, t("clu.objective_title"), SIDE_HEIGHT
    )
    for kind, color, symbol in (("assign", CLASS_COLORS[0], "circle"), ("update", ALT_COLOR, "square")):
        mask = kinds == kind
        fig.add_trace(
            points_dict(
                np.column_stack([steps[mask], J[mask]]), t(f"clu.kind_{kind}"), ctx.style, color, symbol
            )
        )
    fig.update_layout(showlegend=False)
    chart(fig, key="clu.km_objective")


def restarts_chart(km, shown, ctx):
    Js = np.array([r.objective for r in km.runs_])
    lo, hi = Js.min(), Js.max()
    pad = (hi - lo) * 0.3 or abs(hi) * 0.05 or 1.0
    fig = figure(
        ctx,
        Axes(
            (0.4, len(Js) + 0.6), (max(lo - pad, 0.0), hi + pad * 0.5), t("clu.restart"), t("clu.objective")
        ),
        t("clu.restarts_title"),
        SIDE_HEIGHT,
    )
    colors = np.array([HIGHLIGHT_COLOR if i == km.best_run_ else CLASS_COLORS[0] for i in range(len(Js))])
    outline = np.array([BLACK if i == shown else "rgba(0,0,0,0)" for i in range(len(Js))])
    fig.add_trace(
        dict(
            type="bar",
            x=np.arange(1, len(Js) + 1),
            y=Js,
            customdata=np.arange(len(Js)),
            showlegend=False,
            marker=dict(color=colors, line=dict(color=outline, width=3)),
            name=t("clu.objective"),
            hovertemplate="%{x}: J = %{y:.4g}<extra></extra>",
        )
    )
    fig.update_layout(clickmode="event+select", dragmode=False)
    fig.update_xaxes(dtick=1 if len(Js) <= 10 else 2)
    chart(fig, key="clu.km_restarts", on_select=pick_run, selection_mode="points")
    st.caption(t("clu.restarts_caption"))


def pick_run():
    chosen = [
        p.get("customdata")
        for p in st.session_state["clu.km_restarts"].selection.points
        if p.get("customdata") is not None
    ]
    if chosen:
        st.session_state["clu.run"] = str(int(np.atleast_1d(chosen[0])[0]) + 1)


def kmeans_formulas(X, run, init):
    counts = np.bincount(run.labels, minlength=len(run.centers))
    c0 = run.init_centers
    formulas = [
        Formula(
            rf"J = \sum_{{i=1}}^{{n}} \|x_i - \mu_{{y_i}}\|^2 = {number(run.objective)},\ n = {len(X)},\ "
            rf"c = {len(run.centers)}",
            "Sugiyama §14.1; CS229 Ch. 7a (distortion J(c, μ)); seed 003 §3.2, (1)",
        ),
        Formula(
            rf"y_i \leftarrow \arg\min_{{y}} \|x_i - \mu_y\|^2,\quad {centres_latex(run.centers)}",
            "Sugiyama §14.1, (14.1)",
        ),
        Formula(
            rf"\mu_y \leftarrow \frac{{1}}{{n_y}}\sum_{{i:\,y_i = y}} x_i,\quad (n_1, \dots, n_c) = "
            rf"({latex_list(list(counts))})",
            "Sugiyama §14.1; CS229 Ch. 7a",
        ),
    ]
    if init == "plusplus":
        formulas.append(
            Formula(
                rf"P(\mu^{{(0)}}_{{j}} = x_i) = \frac{{D(x_i)^2}}{{\sum_l D(x_l)^2}},\ "
                rf"{centres_latex(c0, START)}",
                "k-means++ (Arthur & Vassilvitskii 2007; not in the seeds)",
            )
        )
    elif init == "box":
        lo, hi = X.min(0), X.max(0)
        box = rf"[{number(lo[0], 3)}, {number(hi[0], 3)}] \times [{number(lo[1], 3)}, {number(hi[1], 3)}]"
        formulas.append(
            Formula(
                rf"\mu^{{(0)}}_j \sim U\big({box}\big),\ {centres_latex(c0, START)}",
                "CS229 Ch. 7a, Fig 1(b) (centroids not taken from the data)",
            )
        )
    elif init == "random":
        formulas.append(
            Formula(
                centres_latex(c0, START), "Sugiyama §14.1 listing; CS229 Ch. 7a (random training examples)"
            )
        )
    else:
        formulas.append(Formula(centres_latex(c0, START), "Naftali Harris's 'I'll choose' start (clicked)"))
    return formulas


# ---- kernel k-means ------------------------------------------------------------------------------


def kernel_resolution(n: int) -> int:
    """The grid × training kernel matrix stays below ~4 million entries."""
    return int(np.clip(np.sqrt(4e6 / max(n, 1)), 30, 80))


@st.cache_data(max_entries=32, show_spinner=False)
def fit_kernel_kmeans(X, k, h, seed, x_range, y_range):
    model = KernelKMeans(k, h, random_state=seed).fit(X)
    res = kernel_resolution(len(X))
    _, _, grid = grid_points(x_range, y_range, res)
    return model, model.predict_steps(grid).reshape(-1, res, res).astype(np.uint8)


@st.cache_data(max_entries=16, show_spinner=False)
def kernel_gallery(X, k, h, first_seed):
    return [KernelKMeans(k, h, random_state=first_seed + i).fit(X) for i in range(GALLERY)]


def kernel_view(ctx, controls, main):
    data = ctx.data
    with controls:
        k = slider(t("clu.k"), 1, MAX_K, 3, "clu.k")
        h = log_slider(t("clu.h"), "clu.h", -2, 1, 1.0, help=t("clu.h_help"))
        seed = slider(t("clu.init_seed"), 0, 50, 0, "clu.init_seed")
    axes = data_axes(data.train)
    with main:
        X, truth, cut = subsample(data.train.X, true_labels(data), "kernel")
        mode = edit_mode(data, cut)
        if too_few(len(X), k):
            return
        try:
            model, regions = fit_kernel_kmeans(X, k, h, seed, axes.x_range, axes.y_range)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        history = model.history_
        res = regions.shape[1]
        gx, gy = np.linspace(*axes.x_range, res), np.linspace(*axes.y_range, res)

        def frame(s):
            moved = np.flatnonzero(history[s].labels != history[s - 1].labels) if s else np.zeros(0, int)
            return [
                region_trace(gx, gy, regions[s], k),
                *cluster_traces(X, history[s].labels, k, ctx.style),
                ring_trace(X[moved], t("clu.moved"), ctx.style),
            ]

        def details(s):
            return t(
                "clu.kk_details" if s else "clu.kk_details_start",
                it=s,
                moved=history[s].moved,
                J=fmt(history[s].objective),
            )

        view = StepView(
            data_static(ctx, axes, mode is not None),
            frame,
            lambda s: t("clu.kk_label", it=s, J=fmt(history[s].objective)),
            details,
        )
        gallery = kernel_gallery(X, k, h, seed)
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            clickable_stepper("clu.kk", len(history), view, data, mode)
        with right:
            chart(
                gallery_figure(X, k, h, seed, axes, truth, ctx.style, current_language()),
                key="clu.kk_gallery",
                on_select=pick_seed,
                selection_mode="points",
            )
            st.caption(t("clu.gallery_caption"))
        Js = [m.objective_ for m in gallery]
        metrics_row(
            [
                (t("clu.objective_feature"), fmt(model.objective_)),
                (t("metric.iterations"), str(model.n_iter_)),
                (t("clu.gallery_spread"), f"{fmt(min(Js))} – {fmt(max(Js))}"),
                (t("clu.ari"), ari_text(truth, model.labels_)),
            ]
        )
    counts = np.bincount(model.labels_, minlength=k)
    formula_panel(
        [
            Formula(
                r"y \leftarrow \arg\min_y \Big[-\frac{2}{n_y}\sum_{i:\,y_i=y} K(x, x_i) + \frac{1}{n_y^2}"
                rf"\sum_{{i,i':\,y_i=y_{{i'}}=y}} K(x_i, x_{{i'}})\Big],\ K(x,x') = "
                rf"\exp\!\Big(-\frac{{\|x-x'\|^2}}{{2\cdot {number(h)}^2}}\Big)",
                "Sugiyama §14.2",
            ),
            Formula(
                rf"J = \sum_i \|\psi(x_i) - \mu_{{y_i}}\|^2 = \sum_i K_{{ii}} - \sum_y \frac{{1}}{{n_y}}"
                rf"\sum_{{i,i' \in y}} K_{{ii'}} = {number(model.objective_)},\ (n_1, \dots, n_c) = "
                rf"({latex_list(list(counts))})",
                "Sugiyama §14.2 (feature-space k-means objective)",
            ),
        ],
        ctx.projector,
    )
    code_view(KernelKMeans, projector=ctx.projector)


@st.cache_resource(max_entries=16, show_spinner=False)
def gallery_figure(X, k, h, first_seed, axes, truth, style, lang) -> go.Figure:
    """The same data and h from six starts: kernel k-means ends in different places (Sugiyama §14.2).

    Cached as a finished figure (never changed after this): it only depends on these arguments.
    """
    models = kernel_gallery(X, k, h, first_seed)
    titles = [
        t(
            "clu.gallery_title",
            seed=first_seed + i,
            J=fmt(m.objective_, 3),
            ari=""
            if truth is None
            else t("clu.gallery_ari", ari=f"{adjusted_rand_index(truth, m.labels_):.2f}"),
        )
        for i, m in enumerate(models)
    ]
    fig = make_subplots(rows=3, cols=2, subplot_titles=titles, horizontal_spacing=0.05, vertical_spacing=0.09)
    for i, model in enumerate(models):
        fig.add_trace(
            go.Scatter(
                x=X[:, 0],
                y=X[:, 1],
                mode="markers",
                showlegend=False,
                hoverinfo="skip",
                marker=dict(
                    color=np.array([cluster_color(j) for j in model.labels_]),
                    size=max(3, style.marker_size * 0.55),
                ),
                customdata=np.full(len(X), first_seed + i),
            ),
            row=i // 2 + 1,
            col=i % 2 + 1,
        )
    box = dict(
        showticklabels=False, showgrid=False, zeroline=False, showline=True, linecolor="#bbb", mirror=True
    )
    fig.update_xaxes(range=list(axes.x_range), **box)
    fig.update_yaxes(range=list(axes.y_range), **box)
    fig.update_annotations(font=dict(size=style.font_size - 2))
    fig.update_layout(
        height=style.figure_height + 160,
        margin=dict(l=10, r=10, t=70, b=10),
        title=dict(text=t("clu.gallery"), font=dict(size=style.title_size), x=0.01),
        font=dict(size=style.font_size),
        plot_bgcolor="white",
        clickmode="event+select",
        dragmode=False,
    )
    return fig


def pick_seed():
    seeds = [
        p.get("customdata")
        for p in st.session_state["clu.kk_gallery"].selection.points
        if p.get("customdata") is not None
    ]
    if seeds:
        st.session_state["clu.init_seed"] = int(np.atleast_1d(seeds[0])[0])


# ---- spectral clustering -------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_spectral(X, c, knn, seed):
    model = SpectralClustering(c, knn, random_state=seed).fit(X)
    i, j = np.nonzero(np.triu(model.affinity_matrix_, 1))
    return model, polylines(np.stack([X[i], X[j]], axis=1))


def spectral_view(ctx, controls, main):
    data = ctx.data
    with controls:
        c = slider(t("clu.k"), 1, MAX_K, 3, "clu.k")
        knn = slider(t("clu.knn"), 1, 50, 10, "clu.knn", help=t("clu.knn_help"))
        seed = slider(t("clu.init_seed"), 0, 50, 0, "clu.init_seed")
    with main:
        X, truth, cut = subsample(data.train.X, true_labels(data), "spectral")
        n = len(X)
        if c < 2:
            st.warning(t("clu.spectral_two"))
            return
        if n < 4 or c > n - 1 or knn > n - 1:
            st.error(t("clu.spectral_small", n=n, c=c, knn=knn))
            return
        try:
            model, edges = fit_spectral(X, c, knn, seed)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        components_message(model.n_connected_components_, knn, c)
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            graph_chart(ctx, X, edges, model.labels_, c, cut)
        with right:
            embedding_stepper(ctx, model, c)
        metrics_row(
            [
                (t("clu.components"), str(model.n_connected_components_)),
                (t("clu.lambda2"), f"{model.eigenvalues_[0]:.3g}"),
                (t("clu.objective_embedding"), fmt(model.kmeans_.inertia_)),
                (t("clu.ari"), ari_text(truth, model.labels_)),
            ]
        )
    degrees = model.affinity_matrix_.sum(1)
    formula_panel(
        [
            Formula(
                rf"W_{{ii'}} = 1 \iff x_i \in N_{{{knn}}}(x_{{i'}}) \lor x_{{i'}} \in N_{{{knn}}}(x_i),\ "
                rf"D_{{ii}} = \sum_{{i'}} W_{{ii'}} \in [{int(degrees.min())}, {int(degrees.max())}]",
                r"Sugiyama §13.5 and Fig 14.6 listing (self-loops kept; W=(W+W'\~=0), erratum §22)",
            ),
            Formula(
                rf"L\alpha = \lambda D\alpha,\ L = D - W:\ \lambda_1 = 0\ (\alpha = \mathbf 1),\ "
                rf"(\lambda_2, \dots, \lambda_{{{c}}}) = "
                rf"({latex_list(list(model.eigenvalues_), max_items=6)})",
                "Sugiyama §13.5, (13.2); §14.3 step 1 (trivial vector removed)",
            ),
            Formula(
                rf"z_i = (\alpha_{{2,i}}, \dots, \alpha_{{{c},i}}) \in \mathbb R^{{{c - 1}}},\ "
                rf"y = \operatorname{{kmeans}}_{{{c}}}(z_1, \dots, z_n):\ "
                rf"J = {number(model.kmeans_.inertia_)}",
                "Sugiyama §14.3, Fig 14.4 step 2",
            ),
        ],
        ctx.projector,
    )
    code_view(SpectralClustering, knn_graph, laplacian_eigenvectors, projector=ctx.projector)


def components_message(n_comp: int, knn: int, c: int) -> None:
    if n_comp == 1:
        return
    text = t("clu.components_warning", n=n_comp, k=knn)
    if n_comp == c:
        st.info(f"{text} {t('clu.components_equal', c=c)}", icon=":material/info:")
    elif n_comp > c:
        st.warning(f"{text} {t('clu.components_more', c=c)}", icon=":material/warning:")
    else:
        st.warning(f"{text} {t('clu.components_fewer', c=c)}", icon=":material/warning:")


def graph_chart(ctx, X, edges, labels, c, cut):
    data = ctx.data
    axes = data_axes(data.train)
    fig = figure(ctx, axes, t("clu.graph_title"), int(ctx.style.figure_height * 1.05), legend_rows=2)
    fig.add_trace(
        dict(
            type="scatter",
            mode="lines",
            x=edges[0],
            y=edges[1],
            name=t("clu.edges"),
            hoverinfo="skip",
            line=dict(color="#b5b5b5", width=1),
        )
    )
    fig.add_traces(cluster_traces(X, labels, c, ctx.style))
    if edit_mode(data, cut) is None:
        chart(fig, key="clu.sc_graph")
    else:
        editable_chart(fig, P, data, axes.x_range, axes.y_range, key="clu.sc_graph")


def embedding_stepper(ctx, model, c):
    Z, history = model.embedding_, model.history_
    n = len(Z)
    one_d = Z.shape[1] == 1
    if one_d:
        E = np.column_stack([Z[:, 0], np.arange(n, dtype=float)])
        axes = Axes(padded_range(Z[:, 0], 0.1), (-0.03 * n, 1.03 * n), "z₁", t("clu.sample_index"))
    else:
        E = Z[:, :2]
        axes = Axes(padded_range(Z[:, 0], 0.1), padded_range(Z[:, 1], 0.1), "z₁", "z₂")
    static = figure(ctx, axes, " ", int(ctx.style.figure_height * 0.9), legend_rows=2)

    def frame(s):
        centers = np.asarray(history[s].centers)
        traces = cluster_traces(E, history[s].labels, c, ctx.style)
        if one_d:
            ends = np.array([[[m, axes.y_range[0]], [m, axes.y_range[1]]] for m in centers[:, 0]])
            x, y = polylines(ends)
            traces.append(
                dict(
                    type="scatter",
                    mode="lines",
                    x=x,
                    y=y,
                    name=t("clu.centres"),
                    line=dict(color=BLACK, width=ctx.style.line_width * 0.6, dash="dash"),
                )
            )
            traces.append(
                {
                    **centre_trace(np.column_stack([centers[:, 0], np.full(c, n / 2)]), ctx.style, ""),
                    "showlegend": False,
                }
            )
        else:
            traces.append(centre_trace(centers[:, :2], ctx.style, t("clu.centres")))
        return traces

    distinct = len(np.unique(Z.round(8), axis=0))
    view = StepView(
        static,
        frame,
        lambda s: t(f"clu.sc_label_{history[s].kind}", it=history[s].step, J=fmt(history[s].objective)),
        lambda s: t("clu.sc_details", distinct=distinct, dim=Z.shape[1]),
    )
    clickable_stepper("clu.sc", len(history), view, shortcuts=False)


# ---- choosing the number of clusters and k -----------------------------------------------------------


@st.cache_data(max_entries=16, show_spinner=False)
def elbow(X, ks):
    return [KMeans(k, init="k-means++", n_init=5, random_state=0).fit(X).inertia_ for k in ks]


def ties(values: np.ndarray, tol: float = 1e-4) -> list[int]:
    """Indices of the largest value and of every value within ``tol`` of it (SMI plateaus)."""
    return [int(i) for i in np.flatnonzero(values >= values.max() - tol)]


def canonical(labels: np.ndarray) -> bytes:
    """Labels renamed in order of first appearance: equal partitions give equal bytes."""
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    return np.argsort(np.argsort(first))[inverse].astype(np.int16).tobytes()


@st.cache_data(max_entries=16, show_spinner=False)
def smi_against_knn(X, c, grid):
    """SMI estimate of spectral clustering's labels for each k of the kNN graph (Fig 14.8).

    One CV split for every k, so equal labellings get equal estimates.
    """
    results, labels, memo = [], [], {}
    for knn in grid:
        lab = SpectralClustering(c, knn, random_state=0).fit(X).labels_
        key = canonical(lab)
        if key not in memo:
            memo[key] = lsmi(X, lab, random_state=0)
        results.append(memo[key])
        labels.append(lab)
    return results, labels


@st.cache_data(max_entries=16, show_spinner=False)
def smi_of(X, labels):
    return lsmi(X, labels, random_state=0)


def choose_view(ctx, controls, main):
    data = ctx.data
    with controls:
        c = slider(t("clu.k"), 1, MAX_K, 3, "clu.k")
        smi_k = st.select_slider(t("clu.smi_k"), SMI_GRID, 10, help=t("clu.smi_k_help"), **bound("clu.smi_k"))
    ks = list(range(1, min(MAX_K, len(data.train.X)) + 1))
    with main:
        J = np.array(elbow(data.train.X, tuple(ks)))
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            elbow_chart(ks, J, c, ctx)
        with right:
            if c < 2:
                st.warning(t("clu.spectral_two"))
                return
            X, truth, _ = subsample(data.train.X, true_labels(data), "choose")
            grid = tuple(k for k in SMI_GRID if k <= len(X) - 2)
            if len(X) < 10 or c > len(X) // 3 or not grid:
                st.error(t("clu.smi_small", n=len(X), c=c))
                return
            with st.spinner(t("clu.computing")):
                results, labels = smi_against_knn(X, c, grid)
                reference = smi_of(X, truth) if truth is not None else None
            smi = np.array([r.smi for r in results])
            smi_chart(grid, smi, smi_k, reference, ctx)
        selected = grid.index(smi_k) if smi_k in grid else int(np.argmax(smi))
        result = results[selected]
        left, right = columns_or_stacked(ctx.projector, 2)
        with left:
            scores = result.cv_scores.T
            heat = heatmap_figure(
                scores,
                [f"{v:g}" for v in result.sigmas],
                [f"{v:g}" for v in result.lams],
                ("κ", "λ"),
                ctx.style,
                best=np.unravel_index(np.argmin(scores), scores.shape),
                colorbar_title="CV J",
                title=t("clu.cv_title", k=grid[selected]),
                best_name=t("clu.cv_best"),
            )
            heat.update_layout(height=SIDE_HEIGHT + 40)
            chart(heat, key="clu.smi_cv")
        with right:
            labels_chart(X, labels[selected], c, grid[selected], ctx)
        best = ties(smi)
        metrics_row(
            [
                (t("clu.best_knn"), ", ".join(str(grid[i]) for i in best)),
                (t("clu.smi_max"), f"{smi.max():.4f}"),
                (t("clu.smi_true"), "—" if reference is None else f"{reference.smi:.4f}"),
                (t("clu.objective_at", c=c), fmt(J[c - 1]) if c <= len(J) else "—"),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"\widehat{{SMI}} = \tfrac12 \hat h^\top(\hat G + \lambda I)^{{-1}}\hat h - \tfrac12 = "
                rf"{number(result.smi)},\ \kappa = {number(result.sigma)},\ \lambda = {number(result.lam)}\ "
                rf"(k = {grid[selected]})",
                r"Sugiyama §14.4, Fig 14.9 listing (misprints u\~i, k{y==j,:} read as u\~=i, k(y==j,:); §22)",
            ),
            Formula(
                r"w_\alpha(x, y) = \sum_{j:\,y_j = y} \alpha_j "
                r"\exp\!\Big(-\frac{\|x - x_j\|^2}{2\kappa^2}\Big),"
                r"\ \hat G_y = \frac{n_y}{n^2}K_y^\top K_y,\ \hat h_y = \frac1n\sum_{i:\,y_i=y} k_y(x_i)",
                "Sugiyama §14.4 (per-cluster Gaussian basis)",
            ),
            Formula(
                r"J(c) = \min \sum_i \|x_i - \mu_{y_i}\|^2:\ "
                + latex_list([f"J({k}) = {number(v, 3)}" for k, v in zip(ks, J, strict=True)], max_items=6),
                "Sugiyama §14.1; seed 003 §3.2 (elbow: J always falls as c grows)",
            ),
        ],
        ctx.projector,
    )
    code_view(lsmi, projector=ctx.projector)


def elbow_chart(ks, J, c, ctx):
    ks_arr = np.asarray(ks, float)
    fig = curves(
        ctx,
        [Curve(t("clu.objective"), ks_arr, J, CLASS_COLORS[0])],
        Axes((0.5, ks_arr.max() + 0.5), (0, J.max() * 1.08 or 1.0), t("clu.n_clusters"), t("clu.objective")),
        t("clu.elbow_title"),
        SIDE_HEIGHT + 40,
        markers=True,
    )
    if c <= len(J):
        fig.add_trace(
            points_dict(
                [[c, J[c - 1]]], t("clu.chosen_c", c=c), ctx.style, HIGHLIGHT_COLOR, "star", scale=2.0
            )
        )
    chart(fig, key="clu.elbow")


def smi_chart(grid, smi, smi_k, reference, ctx):
    g = np.asarray(grid, float)
    values = smi if reference is None else np.append(smi, reference.smi)
    lo, hi = float(values.min()), float(values.max())
    pad = max((hi - lo) * 0.15, 0.002)
    axes = Axes((g.min() * 0.8, g.max() * 1.2), (lo - pad, hi + pad), t("clu.knn_axis"), "SMI")
    fig = curves(
        ctx,
        [Curve(t("clu.smi"), g, smi, FIT_COLOR)],
        axes,
        t("clu.smi_title"),
        SIDE_HEIGHT + 90,
        markers=True,
        log_x=True,
        rows=4,
    )
    fig.update_xaxes(tickvals=g, ticktext=[str(k) for k in grid])
    if reference is not None:
        fig.add_trace(
            line_trace(
                Curve(
                    t("clu.smi_true"),
                    np.array(axes.x_range),
                    np.full(2, reference.smi),
                    TRUTH_COLOR,
                    "dash",
                    0.7,
                ),
                ctx.style,
            )
        )
    best = ties(smi)
    fig.add_trace(
        points_dict(
            np.column_stack([g[best], smi[best]]),
            t("clu.smi_best"),
            ctx.style,
            HIGHLIGHT_COLOR,
            "star",
            scale=2.0,
        )
    )
    if smi_k in grid:
        i = grid.index(smi_k)
        fig.add_trace(ring_trace([[g[i], smi[i]]], t("clu.selected_k"), ctx.style))
    chart(fig, key="clu.smi_curve")


def labels_chart(X, labels, c, knn, ctx):
    fig = figure(ctx, data_axes(ctx.data.train), t("clu.labels_at", k=knn), SIDE_HEIGHT + 40)
    fig.add_traces(cluster_traces(X, labels, c, ctx.style, scale=0.7))
    chart(fig, key="clu.smi_labels")


# ---- DBSCAN --------------------------------------------------------------------------------------------


@st.cache_data(max_entries=32, show_spinner=False)
def fit_dbscan(X, eps, min_pts):
    return DBSCAN(eps, min_pts).fit(X), k_distances(X, min_pts)


def dbscan_view(ctx, controls, main):
    data, X = ctx.data, ctx.data.train.X
    with controls:
        eps = st.select_slider(
            t("clu.eps"),
            EPS_OPTIONS,
            0.8,
            format_func=lambda v: f"{v:g}",
            help=t("clu.eps_help"),
            **bound("clu.eps"),
        )
        min_pts = slider(t("clu.min_pts"), 1, 30, 10, "clu.min_pts", help=t("clu.min_pts_help"))
    axes = data_axes(data.train)
    with main:
        mode = edit_mode(data)
        try:
            model, kdist = fit_dbscan(X, eps, min_pts)
        except ValueError as err:
            st.error(t("error.fit", detail=str(err)))
            return
        counts = {kind: int(np.sum(model.point_type_ == kind)) for kind in ("core", "border", "noise")}
        if model.n_clusters_ == 0:
            st.info(t("clu.all_noise"))
        left, right = columns_or_stacked(ctx.projector, [5, 3], gap="medium")
        with left:
            dbscan_stepper(ctx, X, model, eps, axes, mode)
        with right:
            kdist_chart(kdist, eps, min_pts, ctx)
        metrics_row(
            [
                (t("clu.n_found"), str(model.n_clusters_)),
                (t("clu.n_core"), str(counts["core"])),
                (t("clu.n_border"), str(counts["border"])),
                (t("clu.n_noise"), str(counts["noise"])),
                (t("clu.ari"), ari_text(true_labels(data), model.labels_)),
            ]
        )
    formula_panel(
        [
            Formula(
                rf"N_\varepsilon(x) = \{{x' : \|x - x'\| \le \varepsilon\}},\ \varepsilon = {number(eps)}",
                "seed 003 §3.1 (density clustering; DBSCAN named); Ester et al. 1996",
            ),
            Formula(
                rf"\mathcal K = \{{x_i : |N_\varepsilon(x_i)| \ge \mathrm{{MinPts}}\}},\ \mathrm{{MinPts}} = "
                rf"{min_pts},\ |\mathcal K| = {counts['core']},\ "
                rf"n_{{\mathrm{{border}}}} = {counts['border']},\ "
                rf"n_{{\mathrm{{noise}}}} = {counts['noise']},\ c = {model.n_clusters_}",
                "Ester et al. 1996 (a cluster = core points linked by ε-neighbourhoods, plus their border)",
            ),
        ],
        ctx.projector,
    )
    code_view(DBSCAN, projector=ctx.projector)


def dbscan_stepper(ctx, X, model, eps, axes, mode):
    """Clusters growing point by point (expansion order), then the noise marked."""
    order, final = model.expansion_order_, model.labels_
    cuts = np.unique(np.linspace(0, len(order), min(len(order), 38) + 1).round().astype(int))
    n_steps = len(cuts) + 1
    core = np.zeros(len(X), bool)
    core[model.core_sample_indices_] = True
    sizes = np.where(core, ctx.style.marker_size * 1.15, ctx.style.marker_size * 0.7)
    codes = np.maximum(final, 0)
    colors = (codes % len(CLASS_COLORS)).astype(float)
    symbols = np.array([SYMBOL_CODES[cluster_symbol(k)] for k in range(int(codes.max(initial=0)) + 1)])[codes]
    scale = discrete_scale(CLASS_COLORS)
    circle = np.linspace(0, 2 * np.pi, 60)

    def reached(s):
        return order[: cuts[min(s, len(cuts) - 1)]]

    def frame(s):
        done = reached(s)
        last = s == n_steps - 1
        rest = np.setdiff1d(np.arange(len(X)), done)
        waiting, noise = (rest[:0], rest) if last else (rest, rest[:0])
        centre = X[order[-1]] if last and len(order) else X[done[-1]] if len(done) else X[0]
        return [
            points_dict(X[waiting], t("clu.unvisited"), ctx.style, "#c8c8c8", customdata=waiting, scale=0.7),
            dict(
                type="scatter",
                mode="markers",
                x=X[done, 0],
                y=X[done, 1],
                name=t("clu.clustered"),
                customdata=done,
                marker=dict(
                    color=colors[done],
                    symbol=symbols[done],
                    size=sizes[done],
                    colorscale=scale,
                    cmin=-0.5,
                    cmax=len(CLASS_COLORS) - 0.5,
                    line=dict(width=1, color="white"),
                ),
            ),
            points_dict(
                X[noise], t("clu.noise"), ctx.style, BLACK, "x-thin-open", customdata=noise, scale=0.9
            ),
            dict(
                type="scatter",
                mode="lines",
                x=centre[0] + eps * np.cos(circle),
                y=centre[1] + eps * np.sin(circle),
                name=t("clu.eps_ball"),
                line=dict(color=HIGHLIGHT_COLOR, width=ctx.style.line_width * 0.7),
            ),
        ]

    def label(s):
        if s == n_steps - 1:
            return t("clu.db_label_final", k=model.n_clusters_, noise=int(np.sum(final < 0)))
        done = reached(s)
        if not len(done):
            return t("clu.db_label_start", n=len(X))
        return t("clu.db_label", m=len(done), n=len(X), k=int(final[done[-1]]) + 1)

    def details(s):
        done = reached(s)
        return t("clu.db_details", m=len(done), core=int(core[done].sum()), border=int((~core[done]).sum()))

    view = StepView(data_static(ctx, axes, mode is not None), frame, label, details)
    clickable_stepper("clu.db", n_steps, view, ctx.data, mode)


def kdist_chart(kdist, eps, min_pts, ctx):
    finite = np.sort(kdist[np.isfinite(kdist)])[::-1]
    if not len(finite):
        st.caption(t("clu.kdist_none", m=min_pts))
        return
    rank = np.arange(1, len(finite) + 1, dtype=float)
    axes = Axes(
        (0, rank[-1] + 1),
        (0, max(float(finite.max()), eps) * 1.1),
        t("clu.kdist_rank"),
        t("clu.kdist", m=min_pts),
    )
    fig = curves(
        ctx,
        [
            Curve(t("clu.kdist_curve"), rank, finite, CLASS_COLORS[0]),
            Curve(f"ε = {eps:g}", np.array([0.0, rank[-1] + 1]), np.full(2, eps), ALT_COLOR, "dash"),
        ],
        axes,
        t("clu.kdist_title"),
        ctx.style.figure_height,
    )
    chart(fig, key="clu.kdist")
    st.caption(t("clu.kdist_caption"))


# ---- the screen ------------------------------------------------------------------------------------

ctx = page_frame(P, DataRequest("clustering", 2, "kmeans3"))
preset_picker(PRESETS, "clu.preset")
view = choice(t("clu.view"), VIEWS, "clu.view", catalogue_labels("clu.views"), horizontal=True)
if ctx.data.train.X.shape[1] != 2:
    st.error(t("clu.needs_2d"))
    st.stop()
controls, main = st.columns([1, 3], gap="medium")
{
    "kmeans": kmeans_view,
    "kernel": kernel_view,
    "spectral": spectral_view,
    "choose": choose_view,
    "dbscan": dbscan_view,
}[view](ctx, controls, main)
