// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the daemon's randomness from the run's seed (docs/daemons.md,
 * "What is interposed"). */

/*
 * chronyd draws its polling randomisation and its request cookies from
 * getrandom(), OpenSSL (ntpd) from getentropy(): real entropy would make
 * two runs differ.  tksim answers from a stream of the run's seed instead.
 * Nothing here is for cryptography: the daemon runs against a simulated
 * network that no one else can reach.
 */

#define _GNU_SOURCE
#include "tools/preload/preload_net.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

TKP_EXPORT ssize_t getrandom(void *buf, size_t len, unsigned int flags);
ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	size_t done = 0;

	(void)flags; /* never blocks, never short of entropy */
	if (tkp_fd < 0) {
		/* Before the preload's constructor (libc's own start-up): fixed bytes, the same
		 * every run. */
		static uint64_t early = 0x746b73696dULL;

		for (; done < len; done += 8) {
			uint64_t z = (early += 0x9e3779b97f4a7c15ULL);

			z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
			memcpy((char *)buf + done, &z, len - done < 8 ? len - done : 8);
		}
		return (ssize_t)len;
	}
	while (done < len) {
		struct tkp_req rq = { .op = TKP_RANDOM };
		struct tkp_net_msg m = { 0 }, a;
		struct tkp_rep rp;
		size_t k = len - done < TKP_NET_MAX_PAYLOAD ? len - done : TKP_NET_MAX_PAYLOAD;

		rq.sec = (int64_t)k;
		if (tkp_net_call(&rq, &m, NULL, &rp, &a, (char *)buf + done) != (int64_t)k)
			_exit(2);
		done += k;
	}
	return (ssize_t)len;
}

TKP_EXPORT int getentropy(void *buf, size_t len);
int getentropy(void *buf, size_t len)
{
	if (len > 256) {
		errno = EIO; /* as glibc: at most 256 bytes */
		return -1;
	}
	getrandom(buf, len, 0);
	return 0;
}
