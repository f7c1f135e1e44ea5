"""Every public function, method and class of the package carries a numpydoc docstring.

ruff's pydocstyle rules check the form of the docstrings that exist; this test checks their
content: a ``Parameters`` section naming every parameter, and a ``Returns`` (or ``Yields``)
section where the function returns a value.
"""

import ast
import importlib
import inspect
import pkgutil
import re
import textwrap

import pytest

import svmbook


def _modules():
    names = [svmbook.__name__]
    for info in pkgutil.walk_packages(svmbook.__path__, prefix="svmbook."):
        names.append(info.name)
    return [importlib.import_module(name) for name in sorted(names)]


def _python_function(obj):
    """The plain function behind a numba dispatcher or a functools wrapper, else None."""
    obj = getattr(obj, "py_func", obj)
    obj = inspect.unwrap(obj)
    return obj if inspect.isfunction(obj) else None


def _public_callables():
    """``(qualified name, function, kind)`` for everything public the package defines.

    Public means listed in the module's ``__all__`` where it has one, else not underscored.
    """
    seen = set()
    for module in _modules():
        private = any(part.startswith("_") for part in module.__name__.split(".")[1:])
        if hasattr(module, "__all__") or private:
            public = getattr(module, "__all__", [])
        else:
            public = [name for name in vars(module) if not name.startswith("_")]
        for name in public:
            obj = getattr(module, name)
            func = _python_function(obj)
            if func is not None and func.__module__.startswith("svmbook"):
                key = f"{func.__module__}.{func.__qualname__}"
                if key not in seen:
                    seen.add(key)
                    yield key, func, "function"
            elif inspect.isclass(obj) and obj.__module__.startswith("svmbook"):
                key = f"{obj.__module__}.{obj.__qualname__}"
                if key in seen:
                    continue
                seen.add(key)
                yield key, obj, "class"
                for attr, member in vars(obj).items():
                    method = _python_function(member)
                    if method is None or attr.startswith("_"):
                        continue
                    yield f"{key}.{attr}", method, "method"


CALLABLES = sorted(_public_callables(), key=lambda item: item[0])


def _parameters(func, kind):
    signature = inspect.signature(func)
    names = [
        p.name
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    if kind == "method" and names and names[0] in ("self", "cls"):
        names = names[1:]
    return names


def _returns_value(func):
    """Whether the function's own body (not a nested function's) returns something not None."""
    try:
        source = textwrap.dedent(inspect.getsource(func))
    except (OSError, TypeError):
        return False
    nested = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
    stack = list(ast.iter_child_nodes(ast.parse(source).body[0]))
    while stack:
        node = stack.pop()
        if isinstance(node, nested):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _section(doc, title):
    return re.search(rf"^\s*{title}\n\s*-{{{len(title)}}}\s*$", doc, flags=re.MULTILINE) is not None


def _documented(doc):
    """Names listed in the Parameters section (``a, b : type`` lines count for each name)."""
    match = re.search(r"^\s*Parameters\n\s*-+\n(.*?)(?:^\s*\w[\w ]*\n\s*-+\n|\Z)", doc, re.M | re.S)
    if match is None:
        return set()
    names = set()
    for line in match.group(1).splitlines():
        head = re.match(r"^\s{0,8}(\*{0,2}[A-Za-z_][\w, *]*?)\s*(:|$)", line)
        if head and not line.startswith(" " * 9):
            names.update(n.strip().lstrip("*") for n in head.group(1).split(","))
    return names


@pytest.mark.parametrize(("name", "obj", "kind"), CALLABLES, ids=[c[0] for c in CALLABLES])
def test_numpydoc(name, obj, kind):
    doc = inspect.getdoc(obj) or ""
    assert doc.strip(), f"{name} has no docstring"
    if kind == "class":
        if inspect.isclass(obj) and issubclass(obj, tuple):
            return  # NamedTuple: the fields are documented as Attributes
        init = _python_function(vars(obj).get("__init__"))
        params = _parameters(init, "method") if init is not None else []
        fields = getattr(obj, "__dataclass_fields__", None)
        if fields is not None:
            params = []  # dataclass fields are documented as Attributes
        if params:
            missing = set(params) - _documented(doc)
            assert not missing, f"{name}: Parameters section lacks {sorted(missing)}"
        return
    params = _parameters(obj, kind)
    if params:
        missing = set(params) - _documented(doc)
        assert not missing, f"{name}: Parameters section lacks {sorted(missing)}"
    if _returns_value(obj) and not inspect.isgeneratorfunction(obj):
        assert _section(doc, "Returns"), f"{name} returns a value but has no Returns section"
    if inspect.isgeneratorfunction(obj):
        assert _section(doc, "Yields"), f"{name} is a generator but has no Yields section"
