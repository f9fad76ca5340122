"""The prelude's network headers lay their structs out as glibc's do: the
compiled replay builds against the real headers, the front end against ours,
so an offset that differed would make the model read other bytes than gcc."""

from __future__ import annotations

import subprocess
from importlib import resources
from pathlib import Path

import pytest

pytestmark = pytest.mark.gcc

PROGRAM = r"""
#include <netinet/ip_icmp.h>
#include <netinet/icmp6.h>
int printf(const char *, ...);
#define P(T, m) printf(#T "." #m " %lu\n", (unsigned long)__builtin_offsetof(T, m))
#define S(T) printf(#T " %lu\n", (unsigned long)sizeof(T))
int main(void)
{
    S(struct iphdr); P(struct iphdr, tos); P(struct iphdr, ttl); P(struct iphdr, saddr);
    P(struct iphdr, daddr);
    S(struct ip); P(struct ip, ip_ttl); P(struct ip, ip_src); P(struct ip, ip_dst);
    S(struct icmphdr); P(struct icmphdr, un);
    S(struct icmp); P(struct icmp, icmp_cksum); P(struct icmp, icmp_id);
    P(struct icmp, icmp_seq); P(struct icmp, icmp_data); P(struct icmp, icmp_ip);
    P(struct icmp, icmp_mask);
    S(struct icmp6_hdr); P(struct icmp6_hdr, icmp6_id); P(struct icmp6_hdr, icmp6_seq);
    S(struct icmp6_filter);
    struct iphdr h = {0};
    h.ihl = 5;
    h.version = 4;
    printf("first byte %u\n", *(unsigned char *)&h);
    printf("ICMP_ECHO %d ICMP_MINLEN %d ICMP6_ECHO_REQUEST %d\n", ICMP_ECHO, ICMP_MINLEN,
           ICMP6_ECHO_REQUEST);
    return 0;
}
"""


def _layout(tmp_path: Path, name: str, *flags: str) -> str:
    source = tmp_path / "layout.c"
    source.write_text(PROGRAM)
    binary = tmp_path / name
    subprocess.run(["gcc", "-w", *flags, str(source), "-o", str(binary)], check=True)
    return subprocess.run([str(binary)], check=True, capture_output=True, text=True).stdout


def test_network_headers_match_glibc(tmp_path: Path) -> None:
    prelude = resources.files("checker.frontend") / "prelude"
    ours = _layout(tmp_path, "ours", "-nostdinc", "-I", str(prelude))
    glibc = _layout(tmp_path, "glibc")
    assert ours == glibc
    assert "struct icmp.icmp_seq 6\n" in glibc  # the program says something
