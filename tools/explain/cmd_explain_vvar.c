// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain vvar`, the vvar page as the model lays it out (include/vdso/
// datapage.h, v6.15's struct vdso_time_data and struct vdso_clock, v6.17's aux groups).
/*
 * Every field of the page with its offset and size (offsetof and sizeof of the
 * model's own structs, so the table is the layout the vDSO reads) and its value
 * in a booted system at --at, with the clocks each entry serves.  Then the
 * check: MONOTONIC computed from the printed fields and the counter (the
 * vDSO's own conversion) and REALTIME_COARSE taken from its base must be what
 * the real vDSO and the kernel side read at that instant.
 * scripts/plot-vvar.sh draws the table.
 */
#include <inttypes.h>
#include <stddef.h>

#include "sim/oracle.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"
#include "vdso/calc.h"
#include "vdso/gettimeofday.h"
#include "vdso/hw_counter.h"

/*
 * One row: offset and size in bytes, the indent (2 blanks a level), the field, its value (or
 * ""), at least two blanks after the field: scripts/plot-vvar.sh splits there.
 */
static void row(size_t off, size_t size, int depth, const char *field, const char *value)
{
	if (*value)
		printf("%6zu %5zu  %*s%-*s  %s\n", off, size, 2 * depth, "", 40 - 2 * depth, field,
		       value);
	else
		printf("%6zu %5zu  %*s%s\n", off, size, 2 * depth, "", field);
}

static void row_u64(size_t off, size_t size, int depth, const char *field, u64 v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	row(off, size, depth, field, b);
}

/* The clock of basetime[@i] of group @g, and the unit of its nsec, or NULL for none. */
static const char *base_of(unsigned int g, unsigned int i, const char **unit)
{
	*unit = "ns << shift";
	if (g == CS_RAW)
		return i == TK_CLOCK_MONOTONIC_RAW ? "MONOTONIC_RAW" : NULL;
	if (BIT(i) & VDSO_COARSE)
		*unit = "ns (coarse_nsec)";
	if (BIT(i) & (VDSO_HRES | VDSO_COARSE))
		return oracle_clock_name((s32)i);
	return NULL;
}

/* One vdso_clock at byte @off of the page. */
static void group(const struct vdso_clock *vc, size_t off, const char *name, unsigned int g)
{
	char f[64], v[96];
	const char *unit, *clk;

	row(off, sizeof(*vc), 0, name, "");
	row_u64(off + offsetof(struct vdso_clock, seq), 4, 1, "seq", vc->seq);
	row(off + offsetof(struct vdso_clock, clock_mode), 4, 1, "clock_mode",
	    explain_clock_mode(vc->clock_mode));
	row_u64(off + offsetof(struct vdso_clock, cycle_last), 8, 1, "cycle_last (cycles)",
		vc->cycle_last);
	row_u64(off + offsetof(struct vdso_clock, max_cycles), 8, 1, "max_cycles (cycles)",
		vc->max_cycles);
	snprintf(v, sizeof(v), "0x%" PRIx64, vc->mask);
	row(off + offsetof(struct vdso_clock, mask), 8, 1, "mask", v);
	row_u64(off + offsetof(struct vdso_clock, mult), 4, 1, "mult (ns << shift per cycle)",
		vc->mult);
	row_u64(off + offsetof(struct vdso_clock, shift), 4, 1, "shift", vc->shift);
	snprintf(f, sizeof(f), "basetime[%d] {sec, nsec}", VDSO_BASES);
	row(off + offsetof(struct vdso_clock, basetime), sizeof(vc->basetime), 1, f, "");
	for (unsigned int i = 0; i < VDSO_BASES; i++) {
		clk = base_of(g, i, &unit);
		if (!clk)
			continue;
		snprintf(f, sizeof(f), "[%u] %s", i, clk);
		snprintf(v, sizeof(v), "%" PRIu64 " s, %" PRIu64 " %s", vc->basetime[i].sec,
			 vc->basetime[i].nsec, unit);
		row(off + offsetof(struct vdso_clock, basetime) + i * sizeof(vc->basetime[0]),
		    sizeof(vc->basetime[0]), 2, f, v);
	}
}

/* The check: MONOTONIC from the printed fields, REALTIME_COARSE from its base. */
static bool check(struct sim_system *s)
{
	const struct vdso_time_data *vd = &s->k.vdata;
	const struct vdso_clock *vc = &vd->clock_data[CS_HRES_COARSE];
	const struct vdso_timestamp *m = &vc->basetime[TK_CLOCK_MONOTONIC];
	const struct vdso_timestamp *c = &vc->basetime[TK_CLOCK_REALTIME_COARSE];
	u64 cycles = arch_get_hw_counter(vc->clock_mode, vd);
	u64 ns = cycles_to_ns_bugs(cycles, vc->cycle_last,
				   vdso_delta_mask(vc->clock_mode, vc->mask), vc->max_cycles,
				   vc->mult, m->nsec, vc->shift, vdso_neg_clamp(vc->clock_mode), 0);
	struct timespec64 mono = { 0 },
			  coarse = { .tv_sec = (time64_t)c->sec, .tv_nsec = (long)c->nsec };
	char a[48];
	bool ok;

	mono.tv_sec = (time64_t)(m->sec + ns / NSEC_PER_SEC);
	mono.tv_nsec = (long)(ns % NSEC_PER_SEC);
	explain_ts(a, sizeof(a), &mono);
	printf("\nMONOTONIC from these fields: counter %" PRIu64
	       ", basetime[MONOTONIC] + ((counter - cycle_last) * mult + nsec) >> shift = %s s\n",
	       cycles, a);
	explain_ts(a, sizeof(a), &coarse);
	printf("REALTIME_COARSE from these fields: basetime[REALTIME_COARSE] = %s s (no counter)\n",
	       a);
	ok = explain_check_paths(s, TK_CLOCK_MONOTONIC, &mono, "the vDSO's MONOTONIC");
	ok &= explain_check_paths(s, TK_CLOCK_REALTIME_COARSE, &coarse,
				  "the vDSO's REALTIME_COARSE");
	return ok;
}

/**
 * explain_vvar() - `tksim explain vvar`
 * @o: the options (the system, --at: 1.0005 s)
 *
 * Return: exit status.
 */
int explain_vvar(const struct explain_opts *o)
{
	struct sim_system *s = explain_boot(o);
	const struct vdso_time_data *vd;
	char a[48], f[64];
	bool ok;

	if (!s)
		return TKSIM_EXIT_USAGE;
	sim_advance_to(s, explain_at(o, NSEC_PER_SEC + 500 * NSEC_PER_USEC));
	vd = &s->k.vdata;
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf("The vvar page as the model lays it out, at %s s: struct vdso_time_data, %zu "
	       "bytes\n",
	       a, sizeof(*vd));
	printf("(include/vdso/datapage.h: the v6.15 layout, aux_clock_data[] of v6.17; "
	       "update_vsyscall() writes it, the vDSO only reads it)\n");
	explain_header(s);
	printf("\noffset  size  field                                     value\n");
	row(0, sizeof(vd->arch_data), 0, "arch_data (tksim's own: the counter's page)", "");
	group(&vd->clock_data[CS_HRES_COARSE], offsetof(struct vdso_time_data, clock_data),
	      "clock_data[CS_HRES_COARSE]: hres and coarse", CS_HRES_COARSE);
	group(&vd->clock_data[CS_RAW],
	      offsetof(struct vdso_time_data, clock_data) + sizeof(struct vdso_clock),
	      "clock_data[CS_RAW]: MONOTONIC_RAW", CS_RAW);
	snprintf(f, sizeof(f), "aux_clock_data[%d]: CLOCK_AUX + 0..%d", TK_MAX_AUX_CLOCKS,
		 TK_MAX_AUX_CLOCKS - 1);
	row(offsetof(struct vdso_time_data, aux_clock_data), sizeof(vd->aux_clock_data), 0, f,
	    "one vdso_clock each (v6.17)");
	row_u64(offsetof(struct vdso_time_data, tz_minuteswest), 4, 0, "tz_minuteswest",
		(u64)vd->tz_minuteswest);
	row_u64(offsetof(struct vdso_time_data, tz_dsttime), 4, 0, "tz_dsttime",
		(u64)vd->tz_dsttime);
	row_u64(offsetof(struct vdso_time_data, hrtimer_res), 4, 0, "hrtimer_res (ns)",
		vd->hrtimer_res);
	row(offsetof(struct vdso_time_data, unused), 4, 0, "unused", "");
	ok = check(s);
	if (ok)
		printf("\nchecked: the real vDSO and the kernel side read the same MONOTONIC and "
		       "REALTIME_COARSE\nas these fields give\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
