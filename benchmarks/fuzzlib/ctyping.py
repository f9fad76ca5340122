"""C types as the generator needs them: how to declare them, their width and
signedness, and the usual arithmetic conversions of LP64 x86-64 (C11 6.3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Int:
    """An integer type (also enums and integer typedefs): `spelling` declares it;
    `bits`/`signed` are its value range (for a typedef: the default variant's)."""

    spelling: str
    bits: int
    signed: bool

    def declare(self, name: str) -> str:
        return f"{self.spelling} {name}".rstrip()

    @property
    def is_bool(self) -> bool:
        return self.bits == 1

    @property
    def min(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        if self.is_bool:
            return 1
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1


@dataclass(frozen=True)
class Float:
    spelling: str
    bits: int

    def declare(self, name: str) -> str:
        return f"{self.spelling} {name}".rstrip()


@dataclass(frozen=True)
class Ptr:
    target: CType
    const: bool = False

    def declare(self, name: str) -> str:
        inner = f"*{name}"
        if isinstance(self.target, (Arr, FuncPtr)):
            inner = f"(*{name})"
        text = self.target.declare(inner)
        return f"const {text}" if self.const else text


@dataclass(frozen=True)
class Arr:
    elem: CType
    n: int

    def declare(self, name: str) -> str:
        return self.elem.declare(f"{name}[{self.n}]")


@dataclass(frozen=True)
class Member:
    name: str
    type: CType
    bits: int | None = None
    """Bit-field width, or None for an ordinary member."""


@dataclass(frozen=True)
class Record:
    """A struct or union, referred to by its tag (defined once at file scope)."""

    tag: str
    members: tuple[Member, ...]
    union: bool = False

    @property
    def keyword(self) -> str:
        return "union" if self.union else "struct"

    def declare(self, name: str) -> str:
        return f"{self.keyword} {self.tag} {name}".rstrip()

    def member(self, name: str) -> Member:
        return next(m for m in self.members if m.name == name)


@dataclass(frozen=True)
class FuncPtr:
    """A pointer to a function `ret (params...)`."""

    ret: CType
    params: tuple[CType, ...]

    def declare(self, name: str) -> str:
        params = ", ".join(p.declare("") for p in self.params) or "void"
        return self.ret.declare(f"(*{name})({params})")


@dataclass(frozen=True)
class Void:
    def declare(self, name: str) -> str:
        return f"void {name}".rstrip()


CType = Int | Float | Ptr | Arr | Record | FuncPtr | Void
Scalar = Int | Float

BOOL = Int("_Bool", 1, False)
CHAR = Int("char", 8, True)
SCHAR = Int("signed char", 8, True)
UCHAR = Int("unsigned char", 8, False)
SHORT = Int("short", 16, True)
USHORT = Int("unsigned short", 16, False)
INT = Int("int", 32, True)
UINT = Int("unsigned int", 32, False)
LONG = Int("long", 64, True)
ULONG = Int("unsigned long", 64, False)
LLONG = Int("long long", 64, True)
ULLONG = Int("unsigned long long", 64, False)
SIZE_T = Int("size_t", 64, False)
FIXED = tuple(
    Int(f"{'u' if not signed else ''}int{bits}_t", bits, signed)
    for bits in (8, 16, 32, 64)
    for signed in (True, False)
)
INTEGERS = (CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG, *FIXED)
FLOAT = Float("float", 32)
DOUBLE = Float("double", 64)
VOID = Void()


def promote(t: Scalar, bitfield: int | None = None) -> Scalar:
    """Integer promotion: everything narrower than int (and narrow bit-fields) becomes int."""
    if isinstance(t, Float):
        return t
    width = bitfield if bitfield is not None else t.bits
    if width < 32 or (width == 32 and t.signed):
        return INT
    return UINT if t.bits == 32 else t


def arith(a: Scalar, b: Scalar) -> Scalar:
    """The usual arithmetic conversions, as (width, signedness) on LP64."""
    if isinstance(a, Float) or isinstance(b, Float):
        if isinstance(a, Float) and isinstance(b, Float):
            return a if a.bits >= b.bits else b
        return a if isinstance(a, Float) else b
    a, b = promote(a), promote(b)
    assert isinstance(a, Int) and isinstance(b, Int)
    if a.bits != b.bits:
        wide = a if a.bits > b.bits else b
        return _plain(wide.bits, wide.signed)
    return _plain(a.bits, a.signed and b.signed)


def _plain(bits: int, signed: bool) -> Int:
    if bits == 32:
        return INT if signed else UINT
    return LONG if signed else ULONG


def enum_type(tag: str, values: tuple[int, ...]) -> Int:
    """The type gcc gives `enum tag`: unsigned int when no value is negative,
    int when all fit, else a 64-bit type."""
    if all(0 <= v <= 0xFFFFFFFF for v in values):
        return Int(f"enum {tag}", 32, False)
    if all(-(1 << 31) <= v < (1 << 31) for v in values):
        return Int(f"enum {tag}", 32, True)
    if all(v >= 0 for v in values):
        return Int(f"enum {tag}", 64, False)
    return Int(f"enum {tag}", 64, True)


def is_scalar(t: CType) -> bool:
    return isinstance(t, (Int, Float))
