"""What the GLM views share: the family control, the data each family asks for, the family's formulas."""

import streamlit as st

from algorithms import FAMILIES
from algorithms import response_problem
from ui.controls import catalogue_labels
from ui.controls import choice
from ui.controls import chosen_before_drawn
from ui.data_panel import DataRequest
from ui.i18n import t
from ui.views import view_before_drawn
from ui.views import view_code

FAMILY_DATA = {
    "gaussian": "glm_gaussian",
    "bernoulli": "glm_bernoulli",
    "poisson": "glm_poisson",
    "multinomial": "glm_multinomial",
}
LABEL_FAMILIES = ("bernoulli", "multinomial")
COUNTS_VIEW = "counts"

# p(y; η) = b(y) exp(ηᵀT(y) − a(η)) written out per family (CS229 §8, §9.3).
EXP_FORM = {
    "gaussian": r"p(y;\eta) = \underbrace{\tfrac{1}{\sqrt{2\pi}}e^{-y^2/2}}_{b(y)}"
    r"\exp\!\big(\eta\,\underbrace{y}_{T(y)} - \underbrace{\eta^2/2}_{a(\eta)}\big),\ \eta = \mu",
    "bernoulli": r"p(y;\eta) = \exp\!\big(\eta\,\underbrace{y}_{T(y)} - \underbrace{\log(1+e^\eta)}_{a(\eta)}"
    r"\big),\ b(y) = 1,\ \eta = \log\tfrac{\phi}{1-\phi}",
    "poisson": r"p(y;\eta) = \underbrace{\tfrac{1}{y!}}_{b(y)}\exp\!\big(\eta\,\underbrace{y}_{T(y)} - "
    r"\underbrace{e^\eta}_{a(\eta)}\big),\ \eta = \log\lambda",
    "multinomial": r"p(y;\eta) = \exp\!\big(\eta^\top T(y) - "
    r"\underbrace{\log(1+\textstyle\sum_{i<k}e^{\eta_i})}_{a(\eta)}\big),"
    r"\ (T(y))_i = 1\{y=i\},\ \eta_i = \log\tfrac{\phi_i}{\phi_k}",
}
RESPONSE = {
    "identity": r"h(x) = \eta = \theta^\top\hat x",
    "log": r"h(x) = e^{\eta} = e^{\theta^\top\hat x}",
    "logit": r"h(x) = \phi = \frac{1}{1+e^{-\theta^\top\hat x}}",
    "softmax": r"h_i(x) = \phi_i = \frac{e^{\theta_i^\top\hat x}}{\sum_{j=1}^k e^{\theta_j^\top\hat x}},"
    r"\ \theta_k = 0",
}


def data_request(views) -> DataRequest:
    """The data the chosen view and family ask for: labels for Bernoulli and multinomial, else numbers."""
    view = view_before_drawn("glm", views)
    family = (
        "poisson" if view_code(view) == COUNTS_VIEW else chosen_before_drawn("glm.family", list(FAMILIES))
    )
    task = "classification" if family in LABEL_FAMILIES else "regression"
    return DataRequest(task, 1, FAMILY_DATA[family])


def _family_changed() -> None:
    """A new family: its own generated data, unless the user chose other data."""
    current = st.session_state.get("glm.data")
    if current is None or current in FAMILY_DATA.values():
        st.session_state["glm.data"] = FAMILY_DATA[st.session_state["glm.family"]]
        for field in ("n", "noise"):
            st.session_state.pop(f"glm.{field}", None)


def family_control() -> str:
    """The response distribution (``glm.family``)."""
    return choice(
        t("glm.family"),
        list(FAMILIES),
        "glm.family",
        catalogue_labels("glm.families"),
        on_change=_family_changed,
    )


def response_ok(family: str, y, main) -> bool:
    """True when y can be the family's response; else a message in the user's language."""
    problem = response_problem(family, y)
    if problem is None:
        return True
    code, value = problem
    with main:
        st.error(t(f"glm.bad.{code}", value=f"{value:g}"), icon=":material/error:")
    return False
