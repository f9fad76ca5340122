#ifndef __LIFTDIFF_NETINET_IP_H
#define __LIFTDIFF_NETINET_IP_H
/* The IPv4 header as glibc lays it out on x86-64 (little-endian bit-fields). */
#include <stdint.h>
#include <netinet/in.h>
struct iphdr {
    unsigned int ihl:4;
    unsigned int version:4;
    uint8_t tos;
    uint16_t tot_len;
    uint16_t id;
    uint16_t frag_off;
    uint8_t ttl;
    uint8_t protocol;
    uint16_t check;
    uint32_t saddr;
    uint32_t daddr;
};
struct ip {
    unsigned int ip_hl:4;
    unsigned int ip_v:4;
    uint8_t ip_tos;
    unsigned short ip_len;
    unsigned short ip_id;
    unsigned short ip_off;
    uint8_t ip_ttl;
    uint8_t ip_p;
    unsigned short ip_sum;
    struct in_addr ip_src, ip_dst;
};
#define IP_RF 0x8000
#define IP_DF 0x4000
#define IP_MF 0x2000
#define IP_OFFMASK 0x1fff
#define IP_MAXPACKET 65535
#define IPVERSION 4
#define MAXTTL 255
#define IPDEFTTL 64
#define IPTOS_TOS_MASK 0x1E
#define IPTOS_LOWDELAY 0x10
#define IPTOS_THROUGHPUT 0x08
#define IPTOS_RELIABILITY 0x04
#endif
