// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester's violation reports (see sim/torture/torture.h).
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "sim/oracle.h"

#include "sim/torture/torture_int.h"

/* -------------------------------------------------------------- reports */

void torture_rb_printf(struct rbuf *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (b->len + 1 >= b->cap)
		return;
	va_start(ap, fmt);
	w = vsnprintf(b->buf + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		b->len = b->len + (size_t)w < b->cap ? b->len + (size_t)w : b->cap - 1;
}

const char *torture_ns_str(char *buf, size_t n, __int128 ns)
{
	oracle_format_ns(buf, n, ns);
	return buf;
}

/* Claim the one report of this run; the loser of the race reports nothing. */
bool torture_claim(struct torture_ctx *c, struct rbuf *b, const char *check)
{
	u64 zero = 0;

	if (!__atomic_compare_exchange_n(&c->failed, &zero, 1, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_RELAXED))
		return false;
	WRITE_ONCE(c->stop, 1);
	*b = (struct rbuf){ .buf = c->report, .cap = REPORT_SIZE };
	torture_rb_printf(b, "VIOLATION (%s): ", check);
	return true;
}

const char *torture_path_name(int path)
{
	return path == PATH_VDSO ? "vDSO" : "kernel-side";
}

void torture_rb_sample(struct rbuf *b, const char *mark, const struct sample *s)
{
	char v[48];

	torture_rb_printf(b, "    %-3s CLOCK_%-17s %-12s %s\n", mark, oracle_clock_name(s->clock),
			  torture_path_name(s->path), torture_ns_str(v, sizeof(v), s->ns));
}

/* The end of every report: who, when, the samples around it, and how to replay. */
void torture_finish_report(struct reader *r, struct rbuf *b, s32 clock, int path)
{
	struct torture_ctx *c = r->ctx;
	u64 first = r->nsamples > RING ? r->nsamples - RING : 0;

	torture_rb_printf(
		b, "  reader %u on simulated CPU %u, round %" PRIu64 ", %.3f s into the run\n",
		r->id, r->cpu, r->st.rounds, (double)(mono_ns() - c->t0_ns) * 1e-9);
	torture_rb_printf(b, "  the reader's last %" PRIu64 " samples, oldest first:\n",
			  r->nsamples - first);
	for (u64 i = first; i < r->nsamples; i++)
		torture_rb_sample(b, i + 1 == r->nsamples ? ">>" : "", &r->ring[i % RING]);
	if (clock >= 0) {
		torture_rb_printf(b, "  and read right after it:\n");
		for (int i = 0; i < AFTER; i++) {
			struct timespec64 ts;

			if (torture_read_clock(r, clock, path, &ts, NULL) == 0)
				torture_rb_sample(b, "+", &r->ring[(r->nsamples - 1) % RING]);
		}
	}
	torture_rb_printf(b, "  seed %" PRIu64 "; replay with: %s\n", c->o->seed,
			  c->o->replay ? c->o->replay : "(command line not given)");
}

/** torture_clock_mode_name() - the vDSO clock mode a run used, as reports name it. */
const char *torture_clock_mode_name(s32 mode)
{
	switch (mode) {
	case VDSO_CLOCKMODE_TSC:
		return "TSC";
	case VDSO_CLOCKMODE_SIM:
		return "SIM";
	case VDSO_CLOCKMODE_SIM_X86:
		return "SIM_X86";
	default:
		return "NONE";
	}
}
