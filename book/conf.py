"""Sphinx configuration of the svmbook HTML book.

``tools/build_book.py`` (``make book``) copies this file into a generated source directory, next to
the executed notebooks and a generated ``index.md``; do not run sphinx-build on ``book/`` itself.
The build never executes a notebook and never touches the network: outputs come from the executor,
MathJax is the copy bundled by ``sphinx-mathjax-offline``, and ipywidgets' CDN scripts are off.
"""

import os

project = "svmbook"
author = "the svmbook authors"
copyright = "the svmbook authors, BSD-3-Clause"
release = version = os.environ.get("SVMBOOK_VERSION", "")

extensions = [
    "myst_nb",
    # Module name with hyphens: copies MathJax 3 into _static and points mathjax_path at it.
    "sphinx-mathjax-offline",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
root_doc = "index"

# MyST / MyST-NB: notebooks are rendered as stored; `remove-output`, `hide-input`, ... tags are
# honoured.
nb_execution_mode = "off"
# No require.js / widget-manager scripts from a CDN (no widget state is ever stored).
nb_ipywidgets_js = {}
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
myst_dmath_double_inline = True

# HTML: sphinx-book-theme, every asset local.
html_theme = "sphinx_book_theme"
html_title = f"svmbook {release}".strip()
html_static_path = ["_static"]
html_css_files = ["svmbook.css"]
html_last_updated_fmt = None
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,  # the .ipynb of each chapter, with its outputs
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
}
