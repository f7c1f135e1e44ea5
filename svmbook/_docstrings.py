"""Docstring blocks shared by several functions, written once and put in place at import.

A docstring names a shared block by a line holding only ``{key}``; :func:`shared_docs` replaces
that line by the block, indented as the line (a parameter's description keeps its own four
extra spaces), so the rendered docstring is complete numpydoc.
"""

__all__ = ["compose", "shared_docs"]


def compose(doc, blocks):
    """Return ``doc`` with each line ``{key}`` replaced by ``blocks[key]``, indented as the line.

    Parameters
    ----------
    doc : str or None
        The docstring (None, as under ``python -OO``, is returned as is).
    blocks : dict
        ``{key: block}``; a block is unindented text whose continuation lines carry their own
        relative indentation.

    Returns
    -------
    str or None
        The docstring with the blocks in place.
    """
    if doc is None:
        return None
    out = []
    for line in doc.split("\n"):
        key = line.strip()
        if key.startswith("{") and key.endswith("}") and key[1:-1] in blocks:
            indent = line[: len(line) - len(line.lstrip())]
            out += [indent + b if b else b for b in blocks[key[1:-1]].split("\n")]
        else:
            out.append(line)
    return "\n".join(out)


def shared_docs(blocks):
    """Return a decorator that composes a function's docstring with ``blocks`` (:func:`compose`).

    Parameters
    ----------
    blocks : dict
        ``{key: block}``, as in :func:`compose`.

    Returns
    -------
    callable
        The decorator; it returns the function itself, its ``__doc__`` composed.
    """

    def decorate(func):
        func.__doc__ = compose(func.__doc__, blocks)
        return func

    return decorate
