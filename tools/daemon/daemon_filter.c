// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the seccomp filter between `tksim daemon`'s program and the host's clocks, with
 * libseccomp (docs/daemons.md, "The filter"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_filter.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/*
 * Trap @nr when its clock id (the first argument, 32 bits as the kernel reads it) is
 * timekeeping's: 0-1 and 4 to 2^31-1 (one masked rule per power of two: bit b set, none
 * above it), and the negative ids with (id & 7) == 3, the dynamic posix clocks of an fd (a
 * PTP device: a host clock).  The CPU-time clocks (2, 3 and the other negative ids) pass: they
 * are the process's own, and the preload reads them for real.
 */
static int daemon_trap_clock(scmp_filter_ctx ctx, int nr)
{
	int rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, nr, 1,
				  SCMP_A0_32(SCMP_CMP_MASKED_EQ, 0xfffffffeu, 0));

	for (int b = 2; b <= 30 && !rc; b++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, nr, 1,
				      SCMP_A0_32(SCMP_CMP_MASKED_EQ, 0xffffffffu << b, 1u << b));
	if (!rc)
		rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, nr, 1,
				      SCMP_A0_32(SCMP_CMP_MASKED_EQ, 0x80000007u, 0x80000003u));
	return rc;
}

/* Write the filter as PFC text where $TKSIM_SECCOMP_PFC says; nothing when it is unset. */
static int daemon_filter_export(scmp_filter_ctx ctx)
{
	const char *pfc = getenv("TKSIM_SECCOMP_PFC");
	int fd, rc;

	if (!pfc)
		return 0;
	fd = open(pfc, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	rc = seccomp_export_pfc(ctx, fd);
	return close(fd) || rc ? -1 : 0;
}

scmp_filter_ctx daemon_filter_build(const char **why)
{
	/*
	 * Whatever their arguments: the setters, and adjtimex/clock_adjtime in every mode (the
	 * filter cannot read timex.modes behind the pointer, and a modes-0 read must see the
	 * simulated state too); the reads and the sleep without a clock id.
	 */
	static const int always[] = { SCMP_SYS(settimeofday), SCMP_SYS(clock_settime),
				      SCMP_SYS(adjtimex),     SCMP_SYS(clock_adjtime),
				      SCMP_SYS(gettimeofday), SCMP_SYS(time),
				      SCMP_SYS(nanosleep) };
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc = ctx ? 0 : -1;

	*why = "cannot build the seccomp filter";
	/* i386 (int $0x80) and x32 syscalls, the time32 setters among them: all trapped. */
	if (!rc)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_TRAP);
	/* No speculative-store-bypass mitigation forced on the program by its filter. */
	if (!rc)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1);
	for (size_t i = 0; !rc && i < sizeof(always) / sizeof(always[0]); i++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_TRAP, always[i], 0);
	if (!rc)
		rc = daemon_trap_clock(ctx, SCMP_SYS(clock_gettime));
	if (!rc)
		rc = daemon_trap_clock(ctx, SCMP_SYS(clock_getres));
	if (!rc)
		rc = daemon_trap_clock(ctx, SCMP_SYS(clock_nanosleep));
	if (!rc && daemon_filter_export(ctx)) {
		*why = "cannot write $TKSIM_SECCOMP_PFC";
		rc = -1;
	}
	if (rc && ctx) {
		seccomp_release(ctx);
		ctx = NULL;
	}
	return ctx;
}
