/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the kernel-tree backend before any tree can be loaded: every tree is "not
 * available". */
#include <errno.h>
#include <stdio.h>

#include "ktree/ktree.h"

/**
 * ktree_open() - open a kernel tree by release name ("6.12", "6.1") or by path
 * @name:   a release fetched by scripts/fetch-kernels.sh, or a tree's directory
 * @out:    the loaded tree, on KTREE_OK
 * @err:    why not, on any other status: names the file and the symbol when broken
 * @errlen: size of @err
 *
 * Return: KTREE_OK, KTREE_UNAVAILABLE (SKIP) or KTREE_BROKEN (exit 2).
 */
enum ktree_status ktree_open(const char *name, struct ktree **out, char *err, size_t errlen)
{
	*out = NULL;
	snprintf(err, errlen,
		 "kernel tree %s: not available (this build has no kernel backend yet)", name);
	return KTREE_UNAVAILABLE;
}

/** ktree_close() - unload a tree; NULL is fine */
void ktree_close(struct ktree *kt)
{
	(void)kt;
}

/** ktree_release() - the tree's release ("6.12.117"), or "" */
const char *ktree_release(const struct ktree *kt)
{
	(void)kt;
	return "";
}

/** ktree_boot() - boot a fresh kernel in @kt with @cfg; Return: 0 or -errno */
int ktree_boot(struct ktree *kt, const struct ktree_config *cfg, char *err, size_t errlen)
{
	(void)kt;
	(void)cfg;
	snprintf(err, errlen, "no kernel tree");
	return -ENODEV;
}

/** ktree_reset() - the state right after the last ktree_boot() again */
void ktree_reset(struct ktree *kt)
{
	(void)kt;
}

/** ktree_tick() - the tree's update_wall_time() at the counter's value now */
void ktree_tick(struct ktree *kt)
{
	(void)kt;
}

/** ktree_adjtimex() - adjtimex() (@clock CLOCK_REALTIME) or clock_adjtime(); Return: state or
 * -errno */
int ktree_adjtimex(struct ktree *kt, int32_t clock, struct ktree_timex *tx)
{
	(void)kt, (void)clock, (void)tx;
	return -ENODEV;
}

/** ktree_clock_settime() - clock_settime(); Return: 0 or -errno */
int ktree_clock_settime(struct ktree *kt, int32_t clock, int64_t sec, long nsec)
{
	(void)kt, (void)clock, (void)sec, (void)nsec;
	return -ENODEV;
}

/** ktree_settimeofday() - settimeofday() with an optional timezone; Return: 0 or -errno */
int ktree_settimeofday(struct ktree *kt, int64_t sec, long usec, const int *tz_minuteswest,
		       const int *tz_dsttime)
{
	(void)kt, (void)sec, (void)usec, (void)tz_minuteswest, (void)tz_dsttime;
	return -ENODEV;
}

/** ktree_inject_offset() - adjtimex(ADJ_SETOFFSET) by @sec, @nsec; Return: 0 or -errno */
int ktree_inject_offset(struct ktree *kt, int64_t sec, long nsec)
{
	(void)kt, (void)sec, (void)nsec;
	return -ENODEV;
}

/** ktree_suspend() - the tree's timekeeping_suspend(); Return: 0 or -errno */
int ktree_suspend(struct ktree *kt)
{
	(void)kt;
	return -ENODEV;
}

/** ktree_resume() - the tree's timekeeping_resume() after a sleep; Return: 0 or -errno */
int ktree_resume(struct ktree *kt, int64_t slept_sec, long slept_nsec)
{
	(void)kt, (void)slept_sec, (void)slept_nsec;
	return -ENODEV;
}

/** ktree_clock_gettime() - read @clock through @path; Return: 0 or -errno */
int ktree_clock_gettime(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
			long *nsec)
{
	(void)kt, (void)path, (void)clock, (void)sec, (void)nsec;
	return -ENODEV;
}

/** ktree_clock_getres() - clock_getres() through @path; Return: 0 or -errno */
int ktree_clock_getres(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
		       long *nsec)
{
	(void)kt, (void)path, (void)clock, (void)sec, (void)nsec;
	return -ENODEV;
}

/** ktree_time() - time() through @path */
int64_t ktree_time(struct ktree *kt, enum ktree_path path)
{
	(void)kt, (void)path;
	return -ENODEV;
}

/** ktree_snapshot() - every number the trace shows */
void ktree_snapshot(struct ktree *kt, struct tk_snapshot *snap)
{
	(void)kt;
	*snap = (struct tk_snapshot){ 0 };
}

/** ktree_warnings() - WARN()s and printk()s the tree's code raised since boot */
unsigned long ktree_warnings(const struct ktree *kt)
{
	(void)kt;
	return 0;
}
