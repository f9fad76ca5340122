"""Functions taken out of their project (no #include, project types): the front
end declares what it can and says what it assumed."""

from __future__ import annotations

import pytest
from pycparser import c_ast

from checker.errors import ParseError
from checker.frontend.frontend import UNKNOWN_PREFIX, parse_tolerant


def _typedefs(ast: c_ast.FileAST) -> dict[str, list[str]]:
    """Typedef name -> its type's words (a struct's tag for struct types)."""
    out = {}
    for ext in ast.ext:
        if isinstance(ext, c_ast.Typedef):
            inner = ext.type.type
            out[ext.name] = getattr(inner, "names", None) or [inner.name]
    return out


def test_standard_types_without_their_headers_get_the_real_typedefs() -> None:
    text = "static bool f(const void *buf, size_t len)\n{\n\treturn len > 0;\n}\n"
    ast, unknown = parse_tolerant(text, "snippet.c")
    assert sorted(unknown) == ["bool", "size_t"]
    typedefs = _typedefs(ast)
    assert typedefs["bool"] == ["_Bool"]
    assert typedefs["size_t"] == ["unsigned", "long"]


def test_project_types_become_opaque_struct_types() -> None:
    text = "int f(struct tag *p, EState *s, Bucket b)\n{\n\treturn p != 0;\n}\n"
    ast, unknown = parse_tolerant(text, "snippet.c")
    assert sorted(unknown) == ["Bucket", "EState"]
    typedefs = _typedefs(ast)
    assert typedefs["EState"] == [f"{UNKNOWN_PREFIX}EState"]
    assert "tag" not in typedefs  # a struct tag is not a type name


def test_a_real_syntax_error_is_still_reported_with_its_line() -> None:
    text = "int f(int x)\n{\n\treturn x +;\n}\n"
    with pytest.raises(ParseError) as info:
        parse_tolerant(text, "snippet.c")
    assert info.value.location is not None
    assert info.value.location.line == 3
