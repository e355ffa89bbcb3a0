// SPDX-License-Identifier: GPL-2.0
// tksim's own: one clock read of a torture reader, counted and kept in its ring (see
// sim/torture/torture.h); below the checks, the log and the reports, which all read through it.
#define _GNU_SOURCE
#include "sim/engine.h"

#include "sim/torture/torture_int.h"

/*
 * A reader in a time namespace maps the namespace's page as its vvar page
 * and enters the namespaced syscall; its vDSO reads wait on (and retry
 * with) the real page's seqcount, which is what @seq below watches.
 */

/**
 * torture_vdso_gettime() - @r's clock_gettime() through the vDSO, uncounted
 * @r:     the reader (its namespace's page if it has one; a kernel tree's own vDSO)
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0 or a negative errno.
 */
int torture_vdso_gettime(const struct reader *r, s32 clock, struct timespec64 *ts)
{
	if (r->ctx->kt)
		return torture_kt_gettime(r->ctx, clock, PATH_VDSO, ts);
	return cvdso_clock_gettime(r->ns ? &r->ns->vvar_page : r->ctx->vd, clock, ts);
}

/**
 * torture_sys_gettime() - @r's clock_gettime() through the kernel side, uncounted
 * @r:     the reader (the namespaced syscall if it is in a namespace; a tree's getters)
 * @clock: clock id
 * @ts:    result
 *
 * Return: 0 or a negative errno.
 */
int torture_sys_gettime(const struct reader *r, s32 clock, struct timespec64 *ts)
{
	if (r->ctx->kt)
		return torture_kt_gettime(r->ctx, clock, PATH_SYS, ts);
	return r->ns ? timens_clock_gettime(r->ns, clock, ts)
		     : tk_sys_clock_gettime(r->ctx->k, clock, ts);
}

/**
 * torture_read_clock() - one clock read of @r, counted and remembered
 * @r:     the reader
 * @clock: clock id
 * @path:  PATH_VDSO or PATH_SYS
 * @ts:    result
 * @w:     if not NULL, the tk_core.seq window around the read
 *
 * Counts whether the read overlapped an update of the seqcount it ran
 * under, and keeps a successful read of a vvar clock in @r's ring.
 *
 * Return: 0 or a negative errno.
 */
int torture_read_clock(struct reader *r, s32 clock, int path, struct timespec64 *ts,
		       struct seqwin *w)
{
	struct torture_ctx *c = r->ctx;
	const u32 *tkseq = c->tkseq;
	const u32 *seq = path == PATH_VDSO ? vvar_seq(c, clock) : tkseq;
	u32 s0, s1, t0, t1;
	int ret;

	t0 = __atomic_load_n(tkseq, __ATOMIC_ACQUIRE);
	s0 = __atomic_load_n(seq, __ATOMIC_ACQUIRE);
	if (path == PATH_VDSO)
		ret = torture_vdso_gettime(r, clock, ts);
	else
		ret = torture_sys_gettime(r, clock, ts);
	/* smp_rmb: the read's loads complete before the sequences are loaded again. */
	smp_rmb();
	s1 = READ_ONCE(*seq);
	t1 = READ_ONCE(*tkseq);
	if (w)
		*w = (struct seqwin){ t0, t1 };
	r->st.reads++;
	if (path == PATH_VDSO) {
		r->st.vdso_reads++;
		r->st.vdso_probed++;
		r->st.vdso_overlaps += s0 != s1 || (s0 & 1);
	} else {
		r->st.sys_probed++;
		r->st.sys_overlaps += s0 != s1 || (s0 & 1);
	}
	if (ret == 0 && ((u32)clock < VDSO_BASES || is_aux(clock))) {
		struct sample *s = &r->ring[r->nsamples++ % RING];

		*s = (struct sample){ .ns = ts_to_ns(ts), .clock = clock, .path = path };
	}
	return ret;
}
