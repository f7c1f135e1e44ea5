"""Sphinx configuration of the svmbook HTML book.

``tools/build_book.py`` (``make book``) copies this file into a generated source directory, next to
the executed notebooks, the generated landing page, the appendices and the API reference; do not
run sphinx-build on ``book/`` itself. The build never executes a notebook and never touches the
network: outputs come from the executor, MathJax is the copy bundled by ``sphinx-mathjax-offline``,
ipywidgets' CDN scripts are off, and the launch buttons are plain links.

``SVMBOOK_ROOT`` (set by ``tools/build_book.py``) is the repository: autodoc imports the package
from it, and the repository URL of the launch buttons is ``[project.urls] Repository`` of its
``pyproject.toml``.
"""

import functools
import importlib
import os
import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the [book] extra installs tomli
    import tomli as tomllib

ROOT = Path(os.environ.get("SVMBOOK_ROOT", Path(__file__).resolve().parent.parent))
# The package documented by the API reference is the repository's copy, not an installed one.
sys.path.insert(0, str(ROOT))
with open(ROOT / "pyproject.toml", "rb") as fh:
    REPOSITORY_URL = tomllib.load(fh)["project"]["urls"]["Repository"]

project = "svmbook"
author = "the svmbook authors"
copyright = "the svmbook authors, BSD-3-Clause"
release = version = os.environ.get("SVMBOOK_VERSION", "")

extensions = [
    "myst_nb",
    # Module name with hyphens: copies MathJax 3 into _static and points mathjax_path at it.
    "sphinx-mathjax-offline",
    # The API reference: the package's numpydoc docstrings.
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
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

# API reference. numpydoc sections through napoleon; members are those of each module's __all__.
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# Parameters as a list with the types in words: a numpydoc type phrase is not a cross-reference.
napoleon_use_param = False
# Attributes sections as fields of their class, not as second descriptions of autodoc's members.
napoleon_use_ivar = True
autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
    # An estimator's fit/predict live in svmbook's base classes: document them on the estimator,
    # but not what scikit-learn's mixins or the builtins provide (get_params, score, count, ...).
    "inherited-members": ",".join(
        [
            "BaseEstimator",
            "ClassifierMixin",
            "RegressorMixin",
            "OutlierMixin",
            "TransformerMixin",
            "MetaEstimatorMixin",
            "ClassNamePrefixFeaturesOutMixin",
            "tuple",
            "dict",
            "BaseException",
            "object",
        ]
    ),
}
autodoc_typehints = "none"  # the docstrings' Parameters sections say the types in words
# Type phrases of numpydoc ("array-like of shape (n_samples,)", "float, optional", "ndarray") are
# prose, not cross-references, and no intersphinx inventory is loaded offline: they are not
# checked. Every reference to svmbook's own classes still is (-n).
# The type of an Attributes entry (a ``:vartype:`` field) is cross-referenced word by word, and a
# word such as "support" or "alpha" names a field of several result classes: such an ambiguous
# match links to the first and is not a warning. A reference that resolves to nothing still fails.
suppress_warnings = ["ref.python"]
nitpick_ignore_regex = [("py:class", r"(?!svmbook\.).*"), ("py:obj", r"(?!svmbook\.).*")]

# HTML: sphinx-book-theme, every asset local.
html_theme = "sphinx_book_theme"
html_title = f"svmbook {release}".strip()
html_static_path = ["_static"]
html_css_files = ["svmbook.css"]
html_last_updated_fmt = None
# the theme logs a console error on a first visit when no default mode is set
html_context = {"default_mode": "light"}
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,  # the .ipynb of each chapter, with its outputs
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    # Launch buttons on every chapter: links to Binder (environment.yml at the top level) and
    # Colab, for the same notebook in the repository (the generated tree mirrors notebooks/).
    "repository_url": REPOSITORY_URL,
    "repository_branch": "main",
    "path_to_docs": "",
    "launch_buttons": {
        "binderhub_url": "https://mybinder.org",
        "colab_url": "https://colab.research.google.com",
        "notebook_interface": "jupyterlab",
    },
}

# ---------------------------------------------------------------------------------------------
# API reference: what autodoc documents, and how references into the package resolve.

#: References to other libraries: no intersphinx inventory is available offline.
EXTERNAL = re.compile(r"^~?(sklearn|scipy|numpy|numba|matplotlib|dask|distributed|cvxopt)\b")


def skip_member(app, what, name, obj, skip, options):
    """Leave out what scikit-learn provides.

    Its generated metadata-routing methods (``set_fit_request``, ...) and whatever its mixins
    define (``set_output``, ...).
    """
    if re.fullmatch(r"set_\w+_request", name):
        return True
    if (getattr(obj, "__module__", None) or "").startswith("sklearn."):
        return True
    return None


def _documented(env) -> dict[int, str]:
    """Map ``id(object)`` to the full name under which the API reference documents it."""
    cache = getattr(env, "_svmbook_documented", None)
    if cache is None:
        cache = {}
        for fullname, entry in env.get_domain("py").objects.items():
            obj = _resolve(fullname)
            if obj is not None and entry.objtype != "module":
                cache.setdefault(id(obj), fullname)
        env._svmbook_documented = cache
    return cache


def _resolve(path: str):
    """Import the object named by the dotted ``path`` (``None`` if there is none)."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for attr in parts[i:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def resolve_package_reference(app, env, node, contnode):
    """Resolve a reference into svmbook that names an object where it is defined, not exported.

    Docstrings name functions where they are defined (``svmbook.solvers.newton.smooth_problem``)
    or by a short name in their module; the API reference documents the public ones where they
    are exported (``svmbook.solvers.smooth_problem``). The target (as written, then relative to the
    class and the module of the docstring) must import: it then links to the documented entry of
    the same object, else to its class (a field of a result), else to the page of the nearest
    documented module (an internal helper, a module constant). A target that does not import stays
    a warning. References to other libraries are not checked (no inventories offline).
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    if EXTERNAL.match(target):
        return contnode
    module, cls = node.get("py:module") or "", node.get("py:class")
    candidates = [target]
    if module and not target.startswith("svmbook."):
        candidates += [f"{module}.{cls}.{target}" if cls else "", f"{module}.{target}"]
    if node["reftype"] == "mod" and not target.startswith("svmbook"):
        return contnode if _resolve(target) is not None else None  # the standard library
    for path in filter(None, candidates + _defined_in_package(target)):
        found = _documented_target(env, path)
        if found is not None:
            return _link(app, node, contnode, *found)
    return None


def _defined_in_package(target: str) -> list[str]:
    """Return ``[module.target]`` for the one svmbook module that defines ``target``'s first name.

    A docstring's short name (``qrh_steps``) is relative to the module that defines the documented
    function, which the reference node does not record (it holds the exporting package).
    """
    owners = _package_names().get(target.split(".")[0], {})
    return [f"{next(iter(owners.values()))}.{target}"] if len(owners) == 1 else []


@functools.cache
def _package_names() -> dict[str, dict[int, str]]:
    """Map each name bound in an svmbook module to ``{id(object): module}``.

    Built once, at the first unresolved reference: references are resolved after autodoc has
    imported every documented module.
    """
    names: dict[str, dict[int, str]] = {}
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("svmbook") and module is not None:
            for name, obj in vars(module).items():
                names.setdefault(name, {}).setdefault(id(obj), module_name)
    return names


def _documented_target(env, path: str):
    """Return ``(docname, anchor)`` of where the object named ``path`` is documented, or None."""
    if not path.startswith("svmbook") or not _exists(path):
        return None
    py = env.get_domain("py")
    documented = _documented(env)
    prefix = path
    while prefix:
        if prefix in py.modules:
            return py.modules[prefix].docname, f"module-{prefix}"
        obj = _resolve(prefix)
        if obj is not None and id(obj) in documented:
            entry = py.objects[documented[id(obj)]]
            return entry.docname, entry.node_id
        prefix = prefix.rpartition(".")[0]
    return None


def _exists(path: str) -> bool:
    """Whether ``path`` imports, or names a field declared by its class (a dataclass field)."""
    if _resolve(path) is not None:
        return True
    owner, _, name = path.rpartition(".")
    cls = _resolve(owner)
    return isinstance(cls, type) and any(
        name in vars(base) or name in getattr(base, "__annotations__", {})
        or name in getattr(base, "_fields", ())
        for base in cls.__mro__
    ) or (name.endswith("_") and name in (cls.__doc__ or ""))  # an estimator's fitted attribute


def _link(app, node, contnode, docname, anchor):
    from sphinx.util.nodes import make_refnode

    return make_refnode(app.builder, node["refdoc"], docname, anchor, contnode)


def setup(app):
    """Register the API reference's hooks."""
    app.connect("autodoc-skip-member", skip_member)
    app.connect("missing-reference", resolve_package_reference)
