"""The screens of the explorer: one package per page (named as the page file), one module per view.

See :mod:`ui.views` for the interface and the README's "Writing a page" for an example.
"""
