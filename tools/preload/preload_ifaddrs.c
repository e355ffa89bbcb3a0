// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the simulated machine's network interfaces (docs/daemons.md,
 * "What is interposed"). */

/*
 * ntpd binds its port on every address getifaddrs() lists and logs each one
 * ("IO: Listen normally on 2 lo 127.0.0.1:123"): with the host's interfaces
 * its log would depend on the machine it runs on.  The program sees the
 * simulated machine's instead: lo (127.0.0.1/8, ::1/128) and eth0
 * (192.0.2.2/24, TEST-NET-1, the network of the examples' simulated servers).
 * Its sockets are virtual whatever address they bind (tools/preload/preload_net.c).
 */
#define _GNU_SOURCE
#include "tools/preload/preload.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

/* One interface address: its entry and the sockaddrs it points to, in one allocation. */
struct tkp_ifa {
	struct ifaddrs ifa;
	struct sockaddr_storage addr, mask, brd;
	char name[IFNAMSIZ];
};

static const struct {
	const char *name, *addr, *mask, *brd;
	int family;
	unsigned int flags;
} tkp_ifs[] = {
	{ "lo", "127.0.0.1", "255.0.0.0", NULL, AF_INET, IFF_UP | IFF_LOOPBACK | IFF_RUNNING },
	{ "eth0", "192.0.2.2", "255.255.255.0", "192.0.2.255", AF_INET,
	  IFF_UP | IFF_BROADCAST | IFF_RUNNING | IFF_MULTICAST },
	{ "lo", "::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", NULL, AF_INET6,
	  IFF_UP | IFF_LOOPBACK | IFF_RUNNING },
};

/* @text as a sockaddr of @family in @ss; NULL for no address. */
static struct sockaddr *tkp_sockaddr(struct sockaddr_storage *ss, int family, const char *text)
{
	if (!text)
		return NULL;
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)ss;

		in->sin_family = AF_INET;
		inet_pton(AF_INET, text, &in->sin_addr);
	} else {
		struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;

		in6->sin6_family = AF_INET6;
		inet_pton(AF_INET6, text, &in6->sin6_addr);
	}
	return (struct sockaddr *)ss;
}

TKP_EXPORT int getifaddrs(struct ifaddrs **list);
int getifaddrs(struct ifaddrs **list)
{
	const size_t n = sizeof(tkp_ifs) / sizeof(tkp_ifs[0]);
	struct tkp_ifa *a = calloc(n, sizeof(*a));

	if (!a)
		return -1; /* errno ENOMEM from calloc */
	for (size_t i = 0; i < n; i++) {
		strncpy(a[i].name, tkp_ifs[i].name, sizeof(a[i].name) - 1);
		a[i].ifa.ifa_next = i + 1 < n ? &a[i + 1].ifa : NULL;
		a[i].ifa.ifa_name = a[i].name;
		a[i].ifa.ifa_flags = tkp_ifs[i].flags;
		a[i].ifa.ifa_addr = tkp_sockaddr(&a[i].addr, tkp_ifs[i].family, tkp_ifs[i].addr);
		a[i].ifa.ifa_netmask = tkp_sockaddr(&a[i].mask, tkp_ifs[i].family, tkp_ifs[i].mask);
		a[i].ifa.ifa_broadaddr = tkp_sockaddr(&a[i].brd, tkp_ifs[i].family, tkp_ifs[i].brd);
	}
	*list = &a[0].ifa;
	return 0;
}

/* Every list the program holds came from getifaddrs() above: one allocation, its first entry. */
TKP_EXPORT void freeifaddrs(struct ifaddrs *list);
void freeifaddrs(struct ifaddrs *list)
{
	free(list);
}
