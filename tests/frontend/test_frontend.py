"""Functions taken out of their project (no #include, project types): the front
end declares what it can and says what it assumed."""

from __future__ import annotations

import pytest
from pycparser import c_ast

from checker.errors import ParseError
from checker.frontend.frontend import UNKNOWN_PREFIX, parse_tolerant
from checker.frontend.preprocess import generated_values


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


def test_kconfig_values_of_an_absent_autoconf_h_are_placeholders_by_use() -> None:
    """A CONFIG_X next to a string (also through a macro that is just the name)
    is a string, elsewhere a number; one tested in #if, or defined, is none."""
    text = ('#define OPTS CONFIG_CMD_OPTS\n'
            '#define CONFIG_DEFINED 3\n'
            '#if CONFIG_TESTED > 2\n#endif\n'
            'char buf[4 + CONFIG_SLACK];\n'
            'const char *s = "-i " OPTS;\n'
            'int n = CONFIG_TESTED + CONFIG_DEFINED;\n')
    values = dict(generated_values(text, "f.c"))
    assert sorted(values) == ["CONFIG_CMD_OPTS", "CONFIG_SLACK"]
    assert values["CONFIG_CMD_OPTS"] == '"CONFIG_CMD_OPTS"'
    assert values["CONFIG_SLACK"].isdigit()
    assert generated_values(text, "g.c") == generated_values(text, "f.c")
