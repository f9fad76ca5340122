"""The reserved words of C as gcc reads it: one table for every scanner and parser.

C11's keywords and the GNU spellings gcc accepts beside them. The declaration
words are kept apart because the statement-level readers (the variability
parser, the git-side scanner) tell a declaration from a statement by its first
word.
"""

from __future__ import annotations

TAG_WORDS = frozenset({"struct", "union", "enum"})
"""The words that name a tag (`struct s`): the word after them is not a type name."""

# fmt: off
DECLARATION_WORDS = TAG_WORDS | frozenset({
    # type specifiers
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
    "_Complex", "_Imaginary",
    # storage classes, qualifiers, function and alignment specifiers
    "typedef", "extern", "static", "auto", "register", "_Thread_local",
    "const", "volatile", "restrict", "_Atomic", "inline", "_Noreturn", "_Alignas",
    # GNU
    "__attribute__", "__attribute", "__declspec", "__extension__", "typeof", "__typeof__",
    "__typeof", "__signed__", "__inline", "__inline__", "__const", "__volatile__", "__restrict",
    "__restrict__", "__int128", "__label__",
})
"""Words that can only be part of a declaration's specifiers."""

KEYWORDS = DECLARATION_WORDS | frozenset({
    "if", "else", "while", "for", "do", "switch", "case", "default", "break", "continue",
    "return", "goto", "sizeof", "_Alignof", "_Static_assert", "_Generic",
    # GNU
    "asm", "__asm__", "__asm",
})
"""Every word that is never an identifier."""
# fmt: on
