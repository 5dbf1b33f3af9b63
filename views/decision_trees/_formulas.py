"""Formulas every view shows, with the current numbers: a node's impurity (Li Hang (5.7), (5.24))
and the pruning cost C_α(T) with CART's weakest link g(t) (§5.4 (5.11)–(5.14), §5.5.2 (5.26)–(5.27))."""

import numpy as np

from algorithms import entropy
from algorithms import gini
from algorithms.trees import Tree
from ui.explain import Formula
from ui.explain import code_view
from ui.explain import formula_panel
from ui.explain import number_no_minus_zero as number
from ui.i18n import t


def impurity_tex(counts, criterion: str, symbol: str = "D") -> tuple[str, float]:
    """Gini(D) = 1 − Σ(|C_k|/|D|)² or H(D) = −Σ |C_k|/|D| log₂ |C_k|/|D| with the counts substituted."""
    counts = np.asarray(counts, float)
    N, terms = counts.sum(), [c for c in counts if c > 0][:4]
    more = r" \dots" if np.count_nonzero(counts) > 4 else ""
    if criterion == "gini":
        body = " + ".join(rf"(\tfrac{{{c:g}}}{{{N:g}}})^2" for c in terms)
        value = gini(counts)
        return rf"\mathrm{{Gini}}({symbol}) = 1 - \big[{body}{more}\big] = {number(value)}", value
    body = " ".join(rf"- \tfrac{{{c:g}}}{{{N:g}}}\log_2\tfrac{{{c:g}}}{{{N:g}}}" for c in terms)
    value = entropy(counts)
    return rf"H({symbol}) = {body}{more} = {number(value)}", value


def pruning_formulas(tree: Tree, alpha: float) -> list[Formula]:
    """C_α(T) of the displayed tree and the weakest link CART would prune next."""
    c, R, L = tree.subtree_costs(normalize=False)
    out = [
        Formula(
            rf"C_\alpha(T) = \sum_{{t=1}}^{{|T|}} N_t I_t(T) + \alpha|T| = {number(R[0])} + "
            rf"{number(alpha)}\times{int(L[0])} = {number(R[0] + alpha * L[0])}",
            "Li Hang §5.4 (5.11)–(5.14); §5.5.2 (5.26)",
        )
    ]
    weakest = tree.weakest_link(normalize=False)
    if weakest is None:
        return out
    i, g = weakest
    return out + [
        Formula(
            rf"g(t) = \frac{{C(t) - C(T_t)}}{{|T_t| - 1}} = \frac{{{number(c[i])} - {number(R[i])}}}"
            rf"{{{int(L[i])} - 1}} = {number(g)}\ \ (\text{{{t('tree.weakest', node=i)}}})",
            t("tree.weakest_source"),
        )
    ]


def explanation(ctx, g, formulas: list[Formula], *code) -> None:
    """The view's formulas followed by the pruning ones, and the code behind them."""
    formula_panel(formulas + pruning_formulas(g.tree, g.alpha), ctx.projector)
    code_view(*code, projector=ctx.projector)
