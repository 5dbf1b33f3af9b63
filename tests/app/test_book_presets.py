"""The "Reproduce the book" presets that only the sweep opened: the numbers each one shows.

Each test picks the preset as a user does and checks the metrics on screen against an independent
oracle on the same data (scikit-learn, or numpy with the book's formula) or against the book's own
identity (parameter counts, BIC, the ν-property of SVDD).
"""

import math

import numpy as np
import pytest
from sklearn import discriminant_analysis
from sklearn import ensemble
from sklearn import naive_bayes
from sklearn import neighbors
from sklearn import svm
from sklearn import tree

from algorithms.datasets import load_dataset
from tests.app.apptools import open_page
from tests.app.apptools import set_label
from tests.app.apptools import visible_texts
from tests.app.apptools import widget
from ui.i18n import text_in


def shown(page: str, prefix: str, preset: str) -> tuple[dict[str, str], object]:
    """Open ``page``, choose ``preset`` by its English label; the metrics shown and the AppTest."""
    at = open_page(f"{page}.py")
    set_label(at, widget(at, f"{prefix}.preset"), text_in("en", f"preset.{preset}"))
    at.run()
    assert not at.exception
    return {m.label: m.value for m in at.metric}, at


def close(text: str, value: float, rel: float = 2e-3) -> bool:
    """A number shown with 3–4 significant digits equals ``value``."""
    return float(text.replace("%", "").replace("−", "-")) == pytest.approx(value, rel=rel, abs=1e-9)


def data(name, n, noise=None, test=False):
    return load_dataset(name, n, noise, 0, test=test)


def error(model, d) -> float:
    return float(np.mean(model.predict(d.X) != d.y))


def test_anom_fig12_1_std_lof_of_the_planted_point_equals_scikit_learn():
    """Sugiyama §12.1 with the standard k-distance: LOF and LRD of x₉₉ as scikit-learn computes them."""
    m, _ = shown("anomaly_detection", "anom", "anom_fig12_1_std")
    lof = neighbors.LocalOutlierFactor(n_neighbors=3).fit(data("lof_demo", 100).X)
    assert close(m["LOF of #99"], -lof.negative_outlier_factor_[99])
    assert close(m["LRD of #99"], lof._lrd[99])
    assert m["LOF > 1.5"] == str(int(np.sum(-lof.negative_outlier_factor_ > 1.5)))


def test_anom_svdd_rbf_obeys_the_nu_property_and_matches_the_one_class_svm():
    """Kernel SVDD with C = 0.05 is the one-class SVM with ν = 1/(nC) = 0.2: at most 20 points outside."""
    m, _ = shown("anomaly_detection", "anom", "anom_svdd_rbf")
    assert m["Bound 1/(nC)"] == "0.2"
    free, at_c = (int(v) for v in m["SVs (free + at C)"].split(" + "))
    outside = int(m["Outside the sphere"].split(" / ")[0])
    X = data("gaussian_outliers", 100).X
    oc = svm.OneClassSVM(nu=0.2, gamma=0.5, tol=1e-8).fit(X)
    assert outside == at_c == int(np.sum(oc.decision_function(X) < -1e-6)) <= 20
    assert free + at_c == len(oc.support_)


def test_tree_fig5_2_partition_equals_scikit_learns_tree_and_pruning_path():
    """Li Hang Fig 5.2 / (5.27): depth-3 Gini tree; α breakpoints = scikit-learn's ccp_alphas × n."""
    m, at = shown("decision_trees", "tree", "tree_fig5_2")
    train, test = data("blobs", 200, 1.0), data("blobs", 200, 1.0, test=True)
    oracle = tree.DecisionTreeClassifier(max_depth=3, random_state=0).fit(train.X, train.y)
    assert m["Leaves |T|"] == str(oracle.get_n_leaves()) and m["Depth"] == "3"
    assert close(m["Training error"], error(oracle, train)) and close(m["Test error"], error(oracle, test))
    alphas = oracle.cost_complexity_pruning_path(train.X, train.y).ccp_alphas[1:] * len(train.y)
    caption = next(text for text in visible_texts(at) if text.startswith("Breakpoints"))
    pairs = caption.split(". ")[0].split(": ")[1].split(", ")
    shown_alphas = [float(pair.split(" → ")[0]) for pair in pairs]
    assert shown_alphas == pytest.approx(alphas, rel=1e-3)


@pytest.mark.parametrize(
    "preset,name,noise,standardize",
    [("dr_fig13_5", "pca_gauss", None, False), ("dr_cs229_pca", "pilot_karma", 0.3, True)],
)
def test_pca_presets_show_the_eigenvalues_of_the_scatter_matrix(preset, name, noise, standardize):
    """Sugiyama (13.3): the eigenvalues of C = Σ xxᵀ of the centred data; the error is the dropped one."""
    m, _ = shown("dimensionality_reduction", "dr", preset)
    X = data(name, 100, noise).X
    X = X - X.mean(axis=0)
    if standardize:
        X = X / X.std(axis=0)
    small, large = np.linalg.eigvalsh(X.T @ X)
    assert close(m["λ1 of C = Σ xxᵀ"], large) and close(m["λ2 of C = Σ xxᵀ"], small)
    assert close(m["Reconstruction error"], small)
    assert close(m["Variance kept"], 100 * large / (large + small), rel=1e-3)


def test_dr_fig13_9_lpp_stays_with_pca_on_the_elongated_gaussian():
    """Sugiyama Fig 13.9 (left): on data set 1 LPP and PCA both find the long (horizontal) axis."""
    m, _ = shown("dimensionality_reduction", "dr", "dr_fig13_9")
    for key in ("PCA direction", "LPP direction"):
        angle = float(m[key].rstrip("°"))
        assert min(abs(angle), abs(180 - abs(angle))) < 10
    assert 0 < float(m["LPP eigenvalue λ"]) < 1


def test_ens_gbdt_sinc_equals_scikit_learns_gradient_boosting():
    """Zhou §5.3 / Friedman: f₀ = ȳ, then 50 depth-2 trees with shrinkage 0.1 on the residuals."""
    m, _ = shown("ensembles", "ens", "ens_gbdt_sinc")
    train, test = data("sinc", 50, 0.2), data("sinc", 50, 0.2, test=True)
    gb = ensemble.GradientBoostingRegressor(n_estimators=50, learning_rate=0.1, max_depth=2).fit(
        train.X, train.y
    )
    assert close(m["f₀ = mean of y"], train.y.mean()) and m["Rounds"] == "50"
    assert close(m["Training MSE"], np.mean((gb.predict(train.X) - train.y) ** 2))
    assert close(m["Test MSE"], np.mean((gb.predict(test.X) - test.y) ** 2))


def test_ens_fig9_4_best_stump_equals_a_depth_one_tree():
    """Sugiyama Fig 9.4: the best stump on DS-5 is the depth-1 tree's split (midpoint between samples)."""
    m, _ = shown("ensembles", "ens", "ens_fig9_4")
    d = data("diagonal", 50)
    stump = tree.DecisionTreeClassifier(max_depth=1).fit(d.X, d.y)
    feature, threshold = stump.tree_.feature[0], stump.tree_.threshold[0]
    assert m["Best stump"] == f"x{feature + 1} ≤ {threshold:.4g}"
    assert close(m["Its error"], error(stump, d))


def test_gen_cs229_gda_with_a_shared_covariance_is_linear_discriminant_analysis():
    """CS229 Part IV §1.2: φ, μ₀, μ₁ and a shared Σ (1 + 2 + 2 + 3 = 8 numbers); LDA's decision rule."""
    m, _ = shown("generative", "gen", "gen_cs229_gda")
    train, test = data("blobs", 200, 1.0), data("blobs", 200, 1.0, test=True)
    lda = discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr").fit(train.X, train.y)
    assert m["Parameters"] == "8"
    assert close(m["Training error"], error(lda, train)) and close(m["Test error"], error(lda, test))


def test_gen_gnb_equals_scikit_learns_gaussian_naive_bayes():
    """Zhou notes §8.3: per class and feature a mean and a variance (3·2·2) plus two free priors = 14."""
    m, _ = shown("generative", "gen", "gen_gnb")
    train, test = data("blobs3", 150, 1.0), data("blobs3", 150, 1.0, test=True)
    gnb = naive_bayes.GaussianNB(var_smoothing=0).fit(train.X, train.y)
    assert m["Parameters"] == "14"
    assert close(m["Training error"], error(gnb, train)) and close(
        m["Test error"], error(gnb, test), rel=1e-2
    )


def trigonometric(x):
    """Sugiyama (2.2): 1, sin(x/2), cos(x/2), …, sin(15x/2), cos(15x/2)."""
    return np.column_stack([np.ones_like(x)] + [f(j * x / 2) for j in range(1, 16) for f in (np.sin, np.cos)])


def polynomial(x, lo, hi, degree=12):
    """The page's polynomial basis of x̃ = (x − c)/s on the training range (CS229 M07)."""
    return np.vander((x - (lo + hi) / 2) / ((hi - lo) / 2), degree + 1, increasing=True)


def gaussian(x, centres, h=0.3):
    return np.exp(-((x[:, None] - centres[None, :]) ** 2) / (2 * h**2))


@pytest.mark.parametrize("preset", ["fig3_1", "fig4_6", "s004_ridge"])
def test_least_squares_presets_show_the_closed_form_fit(preset):
    """Sugiyama (3.3), (4.3): θ̂ = Φ⁺y, θ̂ = (ΦᵀΦ + λI)⁻¹Φᵀy; J(θ̂) = ½Σ(f(xᵢ) − yᵢ)², as the formula says."""
    m, _ = shown("least_squares", "ls", preset)
    n, noise, lam = {"fig3_1": (50, 0.05, 0.0), "fig4_6": (50, 0.2, 0.1), "s004_ridge": (20, 0.2, 0.001)}[
        preset
    ]
    train, test = data("sinc", n, noise), data("sinc", n, noise, test=True)
    x, xt = train.X[:, 0], test.X[:, 0]
    design = {
        "fig3_1": trigonometric,
        "fig4_6": lambda v: gaussian(v, x),
        "s004_ridge": lambda v: polynomial(v, x.min(), x.max()),
    }[preset]
    Phi = design(x)
    ridge = np.vstack([Phi, np.sqrt(lam) * np.eye(Phi.shape[1])])
    theta = np.linalg.lstsq(ridge, np.r_[train.y, np.zeros(Phi.shape[1])], rcond=None)[0]
    residual = Phi @ theta - train.y
    assert m["Parameters b"] == str(Phi.shape[1])
    assert close(m["Training error (MSE)"], np.mean(residual**2))
    assert close(m["Test error (MSE)"], np.mean((design(xt) @ theta - test.y) ** 2))
    assert close(m["Objective J(θ)"], 0.5 * residual @ residual)


def test_cs229_lwr_prediction_at_zero_is_the_weighted_least_squares_line():
    """CS229 Part I §4: w⁽ⁱ⁾ = exp(−(x⁽ⁱ⁾ − x)²/(2τ²)), τ = 0.3; effective sample size (Σw)²/Σw²."""
    m, _ = shown("least_squares", "ls", "cs229_lwr")
    d = data("sinc", 50, 0.2)
    x = d.X[:, 0]
    w = np.exp(-(x**2) / (2 * 0.3**2))
    A = np.column_stack([np.ones_like(x), x])
    theta = np.linalg.solve(A.T @ (w[:, None] * A), A.T @ (w * d.y))
    assert m["Query x"] == "0"
    assert close(m["Prediction θ(x)ᵀx̂"], theta[0])
    assert close(m["Effective sample size"], w.sum() ** 2 / (w**2).sum())


def test_lc_ovo_tie_trains_one_classifier_per_pair():
    """Sugiyama §7.3: K(K − 1)/2 = 3 binary classifiers for three classes."""
    m, _ = shown("linear_classifiers", "lc", "lc_ovo_tie")
    assert m["Binary classifiers"] == "3"
    assert close(m["Training accuracy"], 96.0) and close(m["Test accuracy"], 98.7)


def test_gmm_zhou_climbs_and_reports_the_bic_of_its_likelihood():
    """Zhou §3.3: EM never lowers ℓ; BIC = −2ℓ + p ln n, p = 3·2 + 3·3 + 2 = 17 (three full 2-D Gaussians)."""
    m, _ = shown("mixtures", "gmm", "gmm_zhou")
    loglik = float(m["Log-likelihood ℓ"].replace("−", "-"))
    assert float(m["Smallest rise of ℓ"]) >= 0
    assert float(m["BIC"]) == pytest.approx(-2 * loglik + 17 * math.log(300), abs=2)
    assert float(m["ARI vs the true groups"]) > 0.9


def test_svm_fig8_10_dual_equals_scikit_learns_svc():
    """Sugiyama Fig 8.10: σ = 1, C = 10 separates the spirals; D(α) and b equal libsvm's."""
    m, _ = shown("svm", "svm", "svm_fig8_10")
    d = data("spirals", 200, 1.0)
    oracle = svm.SVC(C=10, gamma=0.5, tol=1e-6).fit(d.X, d.y)
    S = d.X[oracle.support_]
    K = np.exp(-((S[:, None] - S[None]) ** 2).sum(-1) / 2)
    ya = oracle.dual_coef_[0]
    assert m["Training error"] == "0" and m["Support vectors (free + at C)"].startswith(
        f"{len(oracle.support_)} "
    )
    assert close(m["Dual objective D(α)"], np.abs(ya).sum() - 0.5 * ya @ K @ ya)
    assert close(m["Bias b"], oracle.intercept_[0], rel=5e-3)


def test_svm_multi_one_vs_one_equals_libsvms_voting():
    """Sugiyama §7.3: three pairwise SVMs (libsvm's own rule); support vectors summed over the pairs."""
    m, _ = shown("svm", "svm", "svm_multi")
    train, test = data("blobs3", 150, 1.0), data("blobs3", 150, 1.0, test=True)
    oracle = svm.SVC(C=1, gamma=0.5, tol=1e-6).fit(train.X, train.y)
    pairs = [(a, b) for a in range(3) for b in range(a + 1, 3)]
    classes = np.unique(train.y)
    per_pair = 0
    for pair in pairs:
        rows = np.isin(train.y, classes[list(pair)])
        per_pair += len(svm.SVC(C=1, gamma=0.5, tol=1e-6).fit(train.X[rows], train.y[rows]).support_)
    assert m["Binary SVMs"] == "3" and m["Support vectors (all SVMs)"] == str(per_pair)
    assert close(m["Training error"], error(oracle, train)) and close(m["Test error"], error(oracle, test))
