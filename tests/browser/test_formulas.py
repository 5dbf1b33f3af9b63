"""ui.explain's formula and code panels in a real browser (issue 18): KaTeX typesets the formulas once,
a rerun that leaves a formula as it was keeps its node, and a formula whose numbers changed is typeset
again; the code is written when its panel is opened."""

from tests.browser.conftest import wait_for_app

FORMULA = ".st-key-formulas1 .ml-formula:nth-child({}) .katex"  # EM: 2 is γ of the point, 3 is π


def press(page, key: str) -> None:
    page.locator(f".st-key-{key}").get_by_role("slider").focus()
    page.keyboard.press("ArrowRight")
    wait_for_app(page)


def marked(page, i: int) -> bool:
    return page.evaluate(f"document.querySelector('{FORMULA.format(i)}').dataset.marked") == "yes"


def test_formulas_are_typeset_once_and_again_only_when_they_change(server, page):
    page.goto(f"{server}/mixtures?gmm.view=em")
    wait_for_app(page)
    assert page.locator(".st-key-formulas1 .ml-formula .katex-html").count() == 6
    assert page.locator(".st-key-formulas1 .ml-source").first.inner_text().startswith("Source: CS229")
    for i in (2, 3):
        page.evaluate(f"document.querySelector('{FORMULA.format(i)}').dataset.marked = 'yes'")
    gamma = page.locator(FORMULA.format(2)).inner_text()
    press(page, "gmm-em-step")  # EM's formulas show the fit, not the step: nothing to typeset
    assert marked(page, 2) and marked(page, 3)
    press(page, "gmm-point")  # the next point: its responsibilities change, the weights π do not
    assert not marked(page, 2) and marked(page, 3)
    assert page.locator(FORMULA.format(2)).inner_text() != gamma


def test_the_code_panel_writes_the_source_when_opened(server, page):
    page.goto(f"{server}/mixtures?gmm.view=em")
    wait_for_app(page)
    panel = page.locator("[data-testid=stExpander]").filter(has_text="Code that produced this figure")
    assert panel.count() == 1 and panel.locator("[data-testid=stCode]").count() == 0
    panel.get_by_text("Code that produced this figure").click()
    wait_for_app(page)
    code = panel.locator("[data-testid=stCode]")
    assert code.count() == 1 and "class GaussianMixture" in code.inner_text()
    panel.get_by_text("Code that produced this figure").click()  # closed again: nothing is written
    wait_for_app(page)
    assert panel.locator("[data-testid=stCode]").count() == 0
