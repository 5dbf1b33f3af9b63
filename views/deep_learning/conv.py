"""The convolution explorer: a small input grid and kernel, padding and stride; the output computed cell
by cell with the current window highlighted (the stepper plays every cell); max and average pooling.

Seed 003 §7.6.1–7.6.4: cross-correlation as deep learning's convolution (37)–(39), padding (40)–(41),
stride (42), the vertical-edge example (46) and max pooling (47) (a 3×3 window with padding 1
reproduces the printed 4×4 result; the seed calls it 2×2).
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from algorithms import EDGE_KERNELS
from algorithms import conv2d
from algorithms import pad2d
from algorithms import pool2d
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import slider
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import matrix
from ui.explain import metric_rows
from ui.i18n import t
from ui.stepper import StepView
from ui.stepper import stepper
from views.deep_learning._grids import box_trace
from views.deep_learning._grids import grid_panels

DATA = None
INPUTS = {
    "seed40": np.arange(9.0).reshape(3, 3),
    "seed46": np.tile([1.0, 1.0, 0.0, 0.0, 0.0], (4, 1)),
    "edges46": np.tile([0.0, 1.0, 0.0, 0.0], (4, 1)),
    "ramp6": np.arange(36.0).reshape(6, 6) % 7,
    "channels2": np.stack([np.arange(9.0).reshape(3, 3), np.arange(1.0, 10.0).reshape(3, 3)]),
}
TWO_CHANNEL_KERNEL = np.stack([np.arange(4.0).reshape(2, 2), np.arange(1.0, 5.0).reshape(2, 2)])
KERNELS = {
    "seed40": np.array([[0.0, 1.0], [2.0, 3.0]]),
    "vertical": EDGE_KERNELS["vertical"],
    "sobel_x": EDGE_KERNELS["sobel_x"],
    "laplacian": EDGE_KERNELS["laplacian"],
    "seed39": np.array([[-1.0, 1.0, -1.0], [1.0, 1.0, 1.0], [-1.0, 1.0, -1.0]]),
    "ones4": np.ones((4, 4)),
}
OPS = ["conv", "max", "avg"]


def render(ctx, controls, main) -> None:
    with controls:
        op = choice(t("dl.op"), OPS, "dl.op", catalogue_labels("dl.ops"), horizontal=True)
        source = choice(t("dl.input"), list(INPUTS), "dl.input", catalogue_labels("dl.inputs"))
        if op == "conv":
            kernel_name = choice(t("dl.kernel"), list(KERNELS), "dl.kernel", catalogue_labels("dl.kernels"))
            K = KERNELS[kernel_name]
        else:
            size = slider(t("dl.window"), 1, 4, 2, "dl.window")
            K = np.ones((size, size))
        padding = slider(t("dl.padding"), 0, 3, 0, "dl.padding", help=t("dl.padding_help"))
        sh = slider(t("dl.stride_h"), 1, 5, 1, "dl.stride_h")
        sw = slider(t("dl.stride_w"), 1, 5, 1, "dl.stride_w")
    X = INPUTS[source]
    channels = X.shape[0] if X.ndim == 3 else 1
    if op == "conv" and channels > 1:
        K = TWO_CHANNEL_KERNEL
    padded = (X.shape[-2] + 2 * padding, X.shape[-1] + 2 * padding)
    kh, kw = K.shape[-2:]
    if kh > padded[0] or kw > padded[1]:
        main.error(t("dl.kernel_too_big", k=f"{kh} × {kw}", n=f"{padded[0]} × {padded[1]}"))
        return
    if sh > padded[0] or sw > padded[1]:
        main.error(t("dl.stride_too_big", s=f"{sh}, {sw}", n=f"{padded[0]} × {padded[1]}"))
        return
    try:
        Y = conv2d(X, K, padding, (sh, sw)) if op == "conv" else pool2d(X, (kh, kw), (sh, sw), padding, op)
    except ValueError as err:
        main.error(t("dl.bad_window", detail=str(err)))
        return
    P = pad2d(X, padding).reshape(channels, *padded)
    Ks = K.reshape(channels, kh, kw) if op == "conv" else None
    Ys = Y.reshape(-1, *Y.shape[-2:])
    out_h, out_w = Ys.shape[-2:]
    name = (
        (lambda key, c: t(key))
        if channels == 1
        else (lambda key, c: t("dl.in_channel", what=t(key), c=c + 1))
    )
    panels = [(name("dl.padded_input", c), P[c]) for c in range(channels)]
    if op == "conv":
        panels += [(name("dl.kernel_panel", c), Ks[c]) for c in range(channels)]
    first_out = len(panels)
    panels += [(name("dl.output", c) if len(Ys) > 1 else t("dl.output"), Yc) for c, Yc in enumerate(Ys)]
    static = grid_panels(panels, ctx.style)

    def frame(s):
        i, j = divmod(s, out_w)
        return [box_trace(i * sh, j * sw, kh, kw, c, ctx.style) for c in range(channels)] + [
            box_trace(i, j, 1, 1, first_out + c, ctx.style) for c in range(len(Ys))
        ]

    def label(s):
        i, j = divmod(s, out_w)
        return t("dl.cell_label", i=i + 1, j=j + 1, value=", ".join(f"{Yc[i, j]:.4g}" for Yc in Ys))

    def details(s):
        i, j = divmod(s, out_w)
        windows = P[:, i * sh : i * sh + kh, j * sw : j * sw + kw]
        if op == "conv":
            terms = " + ".join(f"{a:g}×{k:g}" for a, k in zip(windows.ravel(), Ks.ravel(), strict=True))
        else:
            word = "max" if op == "max" else "mean"
            terms = "; ".join(f"{word}(" + ", ".join(f"{a:g}" for a in w.ravel()) + ")" for w in windows)
        value = ", ".join(f"{Yc[i, j]:.4g}" for Yc in Ys)
        return t("dl.cell_details", i=i + 1, j=j + 1, terms=terms, value=value)

    with main:
        stepper("dl.conv", out_h * out_w, StepView(static, frame, label, details), shortcuts=False)
        metric_rows(
            [
                (t("dl.input_shape"), " × ".join(str(v) for v in X.shape)),
                (t("dl.output_shape"), " × ".join(str(v) for v in Y.shape)),
                (t("dl.parameters"), str(K.size) if op == "conv" else "0"),
            ],
            ctx.projector,
        )
        if op != "conv":
            st.caption(t("dl.pool_note"))
        elif channels > 1:
            st.caption(t("dl.channels_note"))
    n_h, n_w = X.shape[-2:]
    formulas = [
        Formula(
            rf"\Big\lfloor\frac{{n_h - k_h + 2p + s_h}}{{s_h}}\Big\rfloor \times "
            rf"\Big\lfloor\frac{{n_w - k_w + 2p + s_w}}{{s_w}}\Big\rfloor = "
            rf"\Big\lfloor\frac{{{n_h} - {kh} + {2 * padding} + {sh}}}{{{sh}}}\Big\rfloor \times "
            rf"\Big\lfloor\frac{{{n_w} - {kw} + {2 * padding} + {sw}}}{{{sw}}}\Big\rfloor"
            rf" = {out_h}\times{out_w}",
            "seed 003 §7.6.2, (41)–(42) (2p = all padded rows)",
        ),
    ]
    if op == "conv":
        formulas.append(
            Formula(
                rf"Y[i, j] = \sum_{{c,m,n}} X_c[i s_h + m,\ j s_w + n]\,K_c[m, n],\quad Y = {matrix(Y)}",
                "seed 003 §7.6.1, (38)–(39) (cross-correlation)",
            )
        )
    else:
        formulas += [
            Formula(rf"Y_{c + 1} = {matrix(Yc)}", "seed 003 §7.6.4, (47)") for c, Yc in enumerate(Ys)
        ]
    formula_panel(formulas, ctx.projector)
    code_view(conv2d if op == "conv" else pool2d, projector=ctx.projector)
