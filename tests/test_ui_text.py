"""Text from users or the catalogue placed inside formulas and Markdown stays literal."""

from ui.explain import latex_text
from ui.explain import markdown_literal
from ui.figures import plain


def test_latex_text_escapes_every_special_character():
    assert latex_text("50% of a_b {x} & #1 $2") == r"\text{50\% of a\_b \{x\} \& \#1 \$2}"
    assert latex_text(r"\frac") == r"\text{\backslash frac}"
    assert latex_text("a × b") == r"\text{a $\times$ b}"


def test_markdown_literal_shows_markup_as_typed():
    assert markdown_literal("**bold** [x](javascript:y)") == r"\*\*bold\*\* \[x\]\(javascript:y\)"
    assert markdown_literal("<img src=x>") == r"\<img src=x\>"


def test_plotly_text_is_escaped_html():
    assert plain("<b>x</b> & y") == "&lt;b&gt;x&lt;/b&gt; &amp; y"
