// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain mult`, after kernel/time/clocksource.c (v6.15)
// clocks_calc_mult_shift().
/*
 * How __clocksource_update_freq_scale() turns a frequency into mult and
 * shift, maxadj, max_cycles and max_idle_ns.  The steps are derived here for
 * the reader and compared with clocks_calc_mult_shift() and with the
 * clocksource the engine registered.
 */
#include <inttypes.h>

#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"

/* Number of significant bits of @v (0 for 0). */
static unsigned int bits_of(u64 v)
{
	return v ? 64 - (unsigned int)__builtin_clzll(v) : 0;
}

/*
 * Step 3 of the printout: the shifts tried from 32 down, as the kernel's loop
 * tries them; returns the chosen mult and shift through @mult and @shift.
 */
static void show_shift_search(u32 from, u32 to, u32 sftacc, u32 *mult, u32 *shift)
{
	u32 sft;
	u64 m = 0;

	printf("3. The largest shift whose mult fits: mult = ((%" PRIu32 " << shift) + %" PRIu32
	       " / 2) / %" PRIu32 "\n",
	       to, from, from);
	for (sft = 32; sft > 0; sft--) {
		m = (((u64)to << sft) + from / 2) / from;
		printf("   shift %2" PRIu32 "  mult %10" PRIu64 "  %2u bits  %s\n", sft, m,
		       bits_of(m), (m >> sftacc) ? "too wide" : "fits");
		if (!(m >> sftacc))
			break;
	}
	*mult = (u32)m;
	*shift = sft;
}

/**
 * explain_mult() - `tksim explain mult`
 * @o: the options (the counter's frequency and width)
 *
 * Return: exit status.
 */
int explain_mult(const struct explain_opts *o)
{
	struct explain_opts untimed = *o;

	untimed.untimed = true; /* mult shows max_idle_ns of any counter: it runs no tick */

	struct sim_system *s = explain_boot(&untimed);
	const struct clocksource *cs;
	u64 hz = o->cfg.counter.freq_hz, mask, sec, tmp, max_cycles, max_idle_ns, cap;
	u32 scale, from, to, maxsec, sftacc, mult, shift, maxadj, real_mult, real_shift;
	unsigned int above = 0;
	bool ok = true;

	if (!s)
		return TKSIM_EXIT_USAGE;
	cs = &s->counter.cs;
	mask = cs->mask;
	/* clocksource_register_hz(): above 4.29 GHz the frequency is registered in kHz. */
	scale = hz > UINT_MAX ? 1000 : 1;
	from = (u32)(hz / scale);
	to = (u32)(NSEC_PER_SEC / scale);

	printf("How a %" PRIu64 " Hz, %u-bit counter gets its mult and shift\n", hz,
	       o->cfg.counter.bits);
	printf("(kernel/time/clocksource.c: __clocksource_update_freq_scale(), "
	       "clocks_calc_mult_shift())\n\n");
	if (scale != 1)
		printf("0. Above 2^32 Hz: registered in kHz, %" PRIu32 " kHz\n", from);

	printf("1. For how many seconds of cycles must cycles * mult not overflow 64 bits?  Until "
	       "the counter wraps, at most 600 s:\n");
	sec = mask / from / scale;
	printf("   mask / freq = %" PRIu64 " / %" PRIu64 " = %" PRIu64 " s", mask, hz, sec);
	if (!sec) {
		sec = 1;
		printf(", at least 1 s");
	} else if (sec > 600 && mask > UINT_MAX) {
		sec = 600;
		printf(", capped at 600 s (wider than 32 bits: a longer span would cost mult "
		       "bits)");
	}
	maxsec = (u32)(sec * scale);
	printf("\n   maxsec = %" PRIu32 "\n\n", maxsec);

	printf("2. How many bits may mult have, so that maxsec's cycles * mult fits in 64 bits?\n");
	tmp = ((u64)maxsec * from) >> 32;
	while (tmp) {
		tmp >>= 1;
		above++;
	}
	sftacc = 32 - above;
	printf("   maxsec * freq = %" PRIu64 " cycles: %u bits, %u above 32\n", (u64)maxsec * from,
	       bits_of((u64)maxsec * from), above);
	printf("   sftacc = 32 - %u = %" PRIu32 ": mult must stay below 2^%" PRIu32 "\n\n", above,
	       sftacc, sftacc);

	show_shift_search(from, to, sftacc, &mult, &shift);
	clocks_calc_mult_shift(&real_mult, &real_shift, from, to, maxsec);
	ok &= explain_check(mult == real_mult && shift == real_shift, "mult and shift");
	printf("   -> mult %" PRIu32 ", shift %" PRIu32 ": one cycle is %" PRIu32 " / 2^%" PRIu32
	       " = %.12f ns (exactly 1e9 / freq = %.12f ns: %+.4f ppm)\n\n",
	       mult, shift, mult, shift, (double)mult / (double)((u64)1 << shift), 1e9 / (double)hz,
	       ((double)mult / (double)((u64)1 << shift) * (double)hz / 1e9 - 1.0) * 1e6);

	maxadj = clocksource_max_adjustment(cs);
	printf("4. Room for NTP: maxadj = 11 %% of mult = %" PRIu32
	       " (NTP needs 500 ppm, ADJ_TICK up to 10 %%)\n",
	       maxadj);
	if (cs->mult != mult)
		printf("   mult +/- maxadj overflowed 32 bits: halved to %" PRIu32
		       ", shift %" PRIu32 "\n",
		       cs->mult, cs->shift);
	mult = cs->mult;
	shift = cs->shift;
	cap = U64_MAX / ((u64)mult + maxadj);
	max_cycles = cap < mask ? cap : mask;
	printf("   max_cycles = min(U64_MAX / (mult + maxadj), mask) = min(%" PRIu64 ", %" PRIu64
	       ") = %" PRIu64 " cycles (%.1f s)\n",
	       cap, mask, max_cycles, (double)max_cycles / (double)hz);
	max_idle_ns = (((unsigned __int128)max_cycles * (mult - maxadj)) >> shift) >> 1;
	printf("   max_idle_ns = ((max_cycles * (mult - maxadj)) >> shift) / 2 = %" PRIu64
	       " ns (%.3f s):\n"
	       "   the longest a tickless CPU may sleep, half the span that cannot overflow\n\n",
	       max_idle_ns, (double)max_idle_ns * 1e-9);
	ok &= explain_check(max_cycles == cs->max_cycles, "max_cycles");
	ok &= explain_check(max_idle_ns == cs->max_idle_ns, "max_idle_ns");

	if (ok)
		printf("checked: clocks_calc_mult_shift() and the clocksource the engine "
		       "registered "
		       "(mult %" PRIu32 ", shift %" PRIu32 ", max_cycles %" PRIu64
		       ", max_idle_ns %" PRIu64 ") agree with every step\n",
		       cs->mult, cs->shift, cs->max_cycles, cs->max_idle_ns);
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
