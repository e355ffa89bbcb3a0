// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, its constructor: the top of the preload's layers, the one
 * file that may call every other (docs/daemons.md). */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_sigsys.h"
#include "tools/preload/preload_vdso.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static __attribute__((constructor)) void tkp_init(void)
{
	const char *fd = getenv(TKSIM_PRELOAD_FD_ENV);
	const char *shm = getenv(TKSIM_PRELOAD_SHMID_ENV);
	struct tkp_req rq = { .op = TKP_HELLO, .clock = TKSIM_PRELOAD_PROTO_VERSION };
	struct tkp_rep rp;

	if (!fd) {
		fprintf(stderr,
			"tksim-preload: %s is not set: run the daemon with `tksim daemon`\n",
			TKSIM_PRELOAD_FD_ENV);
		_exit(2);
	}
	tkp_sigsys_init();
	tkp_fd = atoi(fd);
	tkp_shmid = shm ? atoi(shm) : -1;
	tkp_vdso_init();
	tkp_call(&rq, &rp);
}
