"""Generative models & naive Bayes (CS229 Part IV; Li Hang ch. 4; seed 003 §8; seed 004 §2.6).

Eight views: Gaussian class models (GDA with a shared Σ, class-wise Σ_k, Gaussian naive Bayes) with
ellipses and the posterior map; the link between GDA and logistic regression; the Bayes decision
rule with a loss matrix; categorical naive Bayes on Li Hang's Table 4.1, text tables (the loan table in
Chinese, watermelon 2.0, an own CSV) or binned features; naive
Bayes for text, the Bernoulli and the multinomial event model with and without Laplace smoothing
(CS229 Part IV §2); and
Fisher's linear discriminant with projected histograms and the Fisher ratio J(θ); and the multivariate
normal itself, with its conditionals and marginals (CS229 Part IV §1.1, Part X §2); maximum likelihood
against Bayesian estimation of a coin (seed 003 §2.2.5, §8.1).
"""

import streamlit as st

from ui.controls import preset_picker
from ui.data_panel import DataRequest
from ui.frame import page_frame
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_columns
from ui.views import view_picker
from views.generative import bayes
from views.generative import coin
from views.generative import fisher
from views.generative import gauss
from views.generative import logistic
from views.generative import mvn
from views.generative import nb
from views.generative import text

P = "gen"
VIEWS = (gauss, logistic, bayes, nb, text, fisher, mvn, coin)
PRESETS = {
    "gen_ex4_1": {
        "gen.view": "nb", "gen.data": "table_4_1", "gen.lam": 0.0, "gen.q1": "2", "gen.q2": "S",
        "gen.drop4": False,
    },
    "gen_ex4_2": {
        "gen.view": "nb", "gen.data": "table_4_1", "gen.lam": 1.0, "gen.q1": "2", "gen.q2": "S",
        "gen.drop4": False,
    },
    "gen_zero": {
        "gen.view": "nb", "gen.data": "table_4_1", "gen.lam": 0.0, "gen.q1": "2", "gen.q2": "S",
        "gen.drop4": True,
    },
    "gen_nb_loan_zh": {
        "gen.view": "nb", "gen.data": "table_5_1_zh", "gen.lam": 1.0, "gen.q1": "青年", "gen.q2": "是",
        "gen.q3": "否", "gen.q4": "一般",
    },
    "gen_nb_watermelon": {  # seed 003 §8.3 (12)–(13), the Laplacian correction; the query is melon 1
        "gen.view": "nb", "gen.data": "watermelon_2_0", "gen.lam": 1.0, "gen.q1": "青绿", "gen.q2": "蜷缩",
        "gen.q3": "浊响", "gen.q4": "清晰", "gen.q5": "凹陷", "gen.q6": "硬滑",
    },
    "gen_text_nips": {"gen.view": "text", "gen.text_msg": "buy nips now", "gen.text_laplace": False},
    "gen_text_repeat": {
        "gen.view": "text", "gen.text_msg": "buy buy buy lecture notes", "gen.text_laplace": True,
    },
    "gen_cs229_gda": {
        "gen.view": "gauss", "gen.data": "blobs", "gen.n": 200, "gen.noise": 1.0, "gen.model": "shared",
        "gen.reg": 0.0, "gen.radius": 2,
    },
    "gen_cs229_logistic": {
        "gen.view": "logistic", "gen.data": "blobs", "gen.n": 200, "gen.noise": 1.0, "gen.lr_lam": 0.01,
    },
    "gen_gnb": {
        "gen.view": "gauss", "gen.data": "blobs3", "gen.n": 150, "gen.noise": 1.0, "gen.model": "naive",
        "gen.reg": 0.0, "gen.radius": 2,
    },
    "gen_bayes_cost": {
        "gen.view": "bayes", "gen.data": "blobs", "gen.n": 200, "gen.noise": 1.0,
        "gen.bayes_model": "classwise", "gen.cost": 10.0, "gen.cost_class": "1",
    },
    "gen_fisher1": {"gen.view": "fisher", "gen.data": "fisher1", "gen.n": 100, "gen.seed": 0, "gen.angle": 0},
    "gen_fisher2": {"gen.view": "fisher", "gen.data": "fisher2", "gen.n": 100, "gen.seed": 0, "gen.angle": 0},
    # CS229 Part IV §1.1's figures (the third set with the translator's sign correction) and Part X §2.
    **{
        f"gen_mvn_{name}": {
            "gen.view": "mvn", "gen.mu1": m1, "gen.mu2": m2, "gen.var1": v1, "gen.var2": v2, "gen.cov12": c12,
            "gen.x2": 1.0,
        }
        for name, (m1, m2, v1, v2, c12) in {
            "identity": (0.0, 0.0, 1.0, 1.0, 0.0), "shrunk": (0.0, 0.0, 0.6, 0.6, 0.0),
            "spread": (0.0, 0.0, 2.0, 2.0, 0.0), "rho05": (0.0, 0.0, 1.0, 1.0, 0.5),
            "rho08": (0.0, 0.0, 1.0, 1.0, 0.8), "rho_neg05": (0.0, 0.0, 1.0, 1.0, -0.5),
            "rho_neg08": (0.0, 0.0, 1.0, 1.0, -0.8), "tilted": (0.0, 0.0, 3.0, 1.0, 0.8),
            "shifted": (-1.0, -1.5, 1.0, 1.0, 0.0),
        }.items()
    },
    "gen_coin_prior08": {"gen.view": "coin", "gen.coin_a": 8.0, "gen.coin_b": 2.0, "gen.coin_seen": 0},
    "gen_coin_uniform": {
        "gen.view": "coin", "gen.coin_p": 0.7, "gen.coin_n": 100, "gen.coin_seen": 10, "gen.coin_a": 1.0,
        "gen.coin_b": 1.0, "gen.coin_seed": 0,
    },
}

OWN_DATA = (mvn, coin, text)  # views that draw their own distribution or corpus: no data panel
DATA = DataRequest("classification", 2, "blobs")
drawn = view_before_drawn(P, VIEWS)
ctx = page_frame(P, None if drawn in OWN_DATA else getattr(drawn, "DATA", DATA))
if ctx.data is None:
    st.sidebar.caption(t("gen.own_data"))
preset_picker(PRESETS, "gen.preset")
view = view_picker(P, VIEWS)
controls, main = view_columns()
view.render(ctx, controls, main)
