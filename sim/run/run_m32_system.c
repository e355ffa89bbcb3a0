// SPDX-License-Identifier: GPL-2.0
// tksim's own: the system of the i386 reader, built in shared memory (see sim/run/run_m32.h).
#define _GNU_SOURCE
#include "sim/run/run_m32.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/** sim_run_m32_init() - no reader, no shared memory yet: @m ready for sim_run_m32_system_new(). */
void sim_run_m32_init(struct sim_run_m32 *m)
{
	memset(m, 0, sizeof(*m));
	m->memfd = m->to_fd = m->from_fd = -1;
}

/**
 * sim_run_m32_system_new() - build the system in shared memory the reader can map
 * @m:   the reader, from sim_run_m32_init()
 * @cfg: the configuration
 * @err: out: 0 or a negative errno
 *
 * Return: the system (free with sim_run_m32_system_free(), also on failure),
 * or NULL.
 */
struct sim_system *sim_run_m32_system_new(struct sim_run_m32 *m, const struct sim_config *cfg,
					  int *err)
{
	long page = sysconf(_SC_PAGESIZE);
	struct sim_system *s;

	m->map_size = (sizeof(*s) + (size_t)page - 1) & ~((size_t)page - 1);
	m->memfd = memfd_create("tksim-vvar", 0);
	if (m->memfd < 0 || ftruncate(m->memfd, (off_t)m->map_size)) {
		*err = -errno;
		return NULL;
	}
	m->map = mmap(NULL, m->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, m->memfd, 0);
	if (m->map == MAP_FAILED) {
		*err = -errno;
		m->map = NULL;
		return NULL;
	}
	s = m->map;
	*err = sim_system_init(s, cfg);
	return *err ? NULL : s;
}

/**
 * sim_run_m32_system_free() - stop the reader and free the system
 * @m: the reader
 * @s: the system from sim_run_m32_system_new(), or NULL
 */
void sim_run_m32_system_free(struct sim_run_m32 *m, struct sim_system *s)
{
	sim_run_m32_stop(m);
	if (s)
		sim_system_destroy(s);
	if (m->map)
		munmap(m->map, m->map_size);
	if (m->memfd >= 0)
		close(m->memfd);
	m->map = NULL;
	m->memfd = -1;
}
