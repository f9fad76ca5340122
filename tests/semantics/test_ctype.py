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


def test_bitfields_promote_as_in_gcc() -> None:
    u31, u32 = ct.bitfield_type(ct.UINT, 31), ct.bitfield_type(ct.UINT, 32)
    assert ct.promote(u31) == ct.INT  # every value fits in int
    assert ct.promote(u32) == ct.UINT
    assert ct.promote(ct.bitfield_type(ct.ULONG, 32)) == ct.UINT
    assert ct.promote(ct.bitfield_type(ct.BOOL, 1)) == ct.INT
    u40 = ct.bitfield_type(ct.ULONG, 40)
    assert ct.promote(u40) == u40  # gcc computes modulo 2^40
    assert ct.common_type(u40, ct.INT) == u40
    assert ct.common_type(u40, ct.UINT) == u40
    assert ct.common_type(u40, ct.LONG) == ct.LONG
    assert ct.common_type(ct.bitfield_type(ct.LONG, 40), u40) == u40


def test_only_bool_converts_by_truth() -> None:
    assert ct.bitfield_type(ct.BOOL, 1).is_bool
    one_bit = ct.bitfield_type(ct.UINT, 1)
    assert not one_bit.is_bool and one_bit.wrap(2) == 0
    assert ct.bitfield_type(ct.INT, 5).wrap(31) == -1
