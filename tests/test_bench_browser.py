"""bench.browser.targets: what the browser round trips visit."""

from bench.browser import targets
from ui.registry import PAGES


def test_pages_are_visited_at_their_first_view_and_views_one_by_one():
    assert targets(["svm"]) == [("svm", "", "svm")]
    assert targets(["decision_trees"], n=20000) == [("tree", "", "decision_trees?tree.n=20000")]
    svm = targets(["svm"], views=True)
    assert [view for _, view, _ in svm] == list(next(p for p in PAGES if p.key == "svm").views)
    assert ("svm", "smo", "svm?svm.view=smo") in svm
    assert targets(["svm"], n=500, views=True)[0] == ("svm", "ascent", "svm?svm.view=ascent&svm.n=500")


def test_every_view_of_every_page_is_a_target():
    assert len(targets(views=True)) == sum(len(p.views) for p in PAGES) > len(PAGES)
