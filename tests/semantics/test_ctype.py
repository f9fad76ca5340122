from checker.semantics import ctype as ct


def test_integer_promotion_and_common_type() -> None:
    assert ct.promote(ct.CHAR) == ct.INT
    assert ct.promote(ct.USHORT) == ct.INT
    assert ct.promote(ct.UINT) == ct.UINT
    assert ct.common_type(ct.INT, ct.UINT) == ct.UINT
    assert ct.common_type(ct.LONG, ct.UINT) == ct.LONG
    assert ct.common_type(ct.LLONG, ct.ULONG) == ct.ULLONG
    assert ct.common_type(ct.INT, ct.FLOAT) == ct.FLOAT
    assert ct.common_type(ct.FLOAT, ct.DOUBLE) == ct.DOUBLE
    assert ct.common_type(ct.BOOL, ct.BOOL) == ct.INT


def test_wrap_is_twos_complement() -> None:
    assert ct.INT.wrap(2**31) == -(2**31)
    assert ct.UINT.wrap(-1) == 2**32 - 1
    assert ct.CHAR.wrap(200) == -56
    assert ct.BOOL.wrap(256) == 1
    assert ct.BOOL.wrap(0) == 0


def test_struct_size_follows_lp64_alignment() -> None:
    s = ct.StructType("s", (("c", ct.CHAR), ("l", ct.LONG), ("i", ct.INT)))
    assert s.size == 24
    assert ct.ArrayType(ct.SHORT, 5).size == 10
