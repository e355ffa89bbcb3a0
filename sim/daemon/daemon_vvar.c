// SPDX-License-Identifier: GPL-2.0
/* tksim's own: tksim's side of the vvar page shared with the preload (sim/daemon/daemon_vvar.h),
 * and the oracle of `tksim daemon` runs. */
/*
 * The shared page is written with plain stores: only while the daemon is
 * blocked in a request, and the answer's send() orders them before its next
 * read (tools/preload/preload_vdso.c).
 */

#include "sim/daemon/daemon_vvar.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/daemon/daemon_sample.h"
#include "sim/daemon/daemon_state.h"

/* The earliest instant at which tksim must run before the daemon reads the clock again. */
static u64 sim_daemon_until_ns(const struct sim_daemon *d)
{
	const struct sim_counter *c = &d->s->counter;
	u64 until = d->s->next_tick_ns;

	if (c->next_change_ns < until)
		until = c->next_change_ns;
	if (c->next_ev < c->nr_ev && c->ev[c->next_ev].t_ns < until)
		until = c->ev[c->next_ev].t_ns;
	if (d->end_ns < until)
		until = d->end_ns;
	if (sim_daemon_next_sample_ns(d) < until)
		until = sim_daemon_next_sample_ns(d);
	return until;
}

/**
 * sim_daemon_vvar_publish() - write the kernel's vvar page and the counter for the preload
 * @d: the server; nothing to do without a shared page
 *
 * Called after each answer: until the next request the daemon reads its
 * clocks from this copy, at the virtual times it advances itself.
 */
void sim_daemon_vvar_publish(struct sim_daemon *d)
{
	struct tkp_vvar *vv = d->vv;
	const struct sim_counter *c = &d->s->counter;

	if (!vv)
		return;
	/* From tksim's own copies: the page's fields are the program's to overwrite. */
	d->vv_now_ns = d->s->now_ns;
	d->vv_until_ns = sim_daemon_until_ns(d);
	d->vv_reads = d->local_reads;
	vv->gen = ++d->vv_gen;
	vv->now_ns = d->vv_now_ns;
	vv->until_ns = d->vv_until_ns;
	vv->read_cost_ns = d->read_cost_ns;
	vv->t0_ns = c->t0_ns;
	vv->rate_q48 = c->rate_q48;
	vv->start = c->p.start;
	vv->c0_q48 = c->c0_q48;
	vv->last_clock = -1;
	memcpy(&vv->counter, &c->page, sizeof(vv->counter));
	memcpy(&vv->vd, &d->s->k.vdata, sizeof(vv->vd));
}

/*
 * What the preload can have written since the last publication, checked against tksim's own
 * copies: it adds the read cost to @now_ns only while that stays before @until_ns
 * (tools/preload/preload_vdso.c), counts reads up, and records one of the vDSO's clocks with a
 * normalized value.  Return: 0, or -1 with the field named in @d->tampered.
 */
/* A clock the preload reads in its process: the vDSO's system clocks, and the aux ids (v6.17). */
static bool vdso_clock(s32 clock)
{
	if (clock >= TK_CLOCK_AUX && clock <= TK_CLOCK_AUX_LAST)
		return true;
	return clock >= 0 && clock < VDSO_BASES &&
	       (BIT(clock) & (VDSO_HRES | VDSO_COARSE | VDSO_RAW));
}

static int sim_daemon_vvar_valid(struct sim_daemon *d, const struct tkp_vvar *vv)
{
	const char *field = NULL;
	char range[96] = "";

	if (vv->now_ns < d->vv_now_ns ||
	    (vv->now_ns != d->vv_now_ns && vv->now_ns >= d->vv_until_ns)) {
		field = "now_ns";
		snprintf(range, sizeof(range), "%" PRIu64 " is outside [%" PRIu64 ", %" PRIu64 ")",
			 vv->now_ns, d->vv_now_ns, d->vv_until_ns);
	} else if (vv->local_reads < d->vv_reads) {
		field = "local_reads";
		snprintf(range, sizeof(range), "%" PRIu64 " went back from %" PRIu64,
			 vv->local_reads, d->vv_reads);
	} else if (vv->last_clock != -1 && !vdso_clock(vv->last_clock)) {
		field = "last_clock";
		snprintf(range, sizeof(range), "%" PRId32 " is not a clock of the vDSO",
			 vv->last_clock);
	} else if (vv->last_nsec < 0 || vv->last_nsec >= (s64)NSEC_PER_SEC) {
		field = "last_nsec";
		snprintf(range, sizeof(range), "%" PRId64 " is outside [0, 10^9)", vv->last_nsec);
	}
	if (!field)
		return 0;
	snprintf(d->tampered, sizeof(d->tampered),
		 "the shared clock page's %s %s: the program wrote it", field, range);
	return -1;
}

/**
 * sim_daemon_vvar_sync() - catch up with the reads the daemon made in its own process
 * @d: the server
 *
 * Virtual time moves to where the daemon's reads took it (no tick lies
 * between: the page's until_ns), and the daemon's last read must equal the
 * simulated vDSO's at that instant (the preload ran the same code on the same
 * page and counter value: anything else is a broken copy).  Nothing moves when a field is
 * out of its range (sim_daemon_vvar_valid()): @d->tampered says which, and the run ends.
 */
void sim_daemon_vvar_sync(struct sim_daemon *d)
{
	const struct tkp_vvar *vv = d->vv;
	struct timespec64 ts;

	if (!vv || d->tampered[0] || sim_daemon_vvar_valid(d, vv))
		return;
	if (vv->now_ns > d->s->now_ns)
		sim_advance_to(d->s, vv->now_ns);
	d->local_reads = vv->local_reads;
	if (vv->last_clock < 0 || d->violation[0])
		return;
	if (sim_clock_gettime(d->s, SIM_PATH_VDSO, vv->last_clock, &ts) ||
	    ts_to_ns(&ts) != (__int128)vv->last_sec * NSEC_PER_SEC + vv->last_nsec) {
		char a[48], b[48];

		oracle_format_ns(a, sizeof(a),
				 (__int128)vv->last_sec * NSEC_PER_SEC + vv->last_nsec);
		oracle_format_ns(b, sizeof(b), ts_to_ns(&ts));
		snprintf(d->violation, sizeof(d->violation),
			 "CLOCK_%s: the daemon's in-process vDSO read %s != the simulated vDSO %s",
			 oracle_clock_name(vv->last_clock), a, b);
	}
}

/**
 * sim_daemon_check() - every property `tksim run` checks, at the current instant
 * @d: the server; the first violation is kept in @d->violation (the run then ends, exit 1)
 *
 * Called after each request (a read batch, a wait, an adjtimex call): the vDSO
 * equals the kernel side for every clock, monotonic clocks never went back
 * (across the whole run), coarse <= fine, time() <= REALTIME, and
 * MONOTONIC_RAW is the exact conversion of the counter.
 */
void sim_daemon_check(struct sim_daemon *d)
{
	static const char coarse_back[] = "CLOCK_MONOTONIC_COARSE went back";

	if (d->violation[0] || !d->oracle)
		return;
	if (!oracle_check_tick(d->s, &d->mono, &d->ostats, d->violation, sizeof(d->violation)))
		return;
	/*
	 * A tree before v6.15 (no coarse_nsec) moves MONOTONIC_COARSE back at a frequency
	 * change: the kernel's own code does it (b71f9804f66c fixed it; the model's
	 * coarse-pre-6.15).  That is a verdict on the tree, not on the run: counted and
	 * reported, the clock's memory restarts from its value now, and the instant is
	 * checked again for every other property.
	 */
	if (strncmp(d->violation, coarse_back, sizeof(coarse_back) - 1) ||
	    !sim_kernel_coarse_pre_615(d->s))
		return;
	if (!d->known++)
		snprintf(d->known_first, sizeof(d->known_first), "at t=%" PRIu64 "ns: %s",
			 d->s->now_ns, d->violation);
	d->violation[0] = '\0';
	d->mono.seen[TK_CLOCK_MONOTONIC_COARSE] = false;
	oracle_check_tick(d->s, &d->mono, &d->ostats, d->violation, sizeof(d->violation));
}
