// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim explain aux`, after kernel/time/timekeeping.c's auxiliary clocks and
// lib/vdso/gettimeofday.c do_aux() (v6.18).
/*
 * The life of one aux clock on the explained system: enabled through sysfs
 * (it starts at 0 on the system clocksource), set with clock_settime() as a
 * PTP daemon sets it, steered with clock_adjtime(ADJ_FREQUENCY) into its own
 * NTP state while the system's stays as it was, then read through the vDSO's
 * aux_clock_data[] group, each load and step with its value, and compared
 * with cvdso_clock_gettime() and the kernel side.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "sim/oracle.h"
#include "timekeeper/adjtimex.h"
#include "timekeeper/ntp.h"
#include "timekeeper/timekeeping_aux.h"
#include "tools/explain/cmd_explain.h"
#include "tools/tksim.h"
#include "vdso/gettimeofday.h"
#include "vdso/helpers.h"
#include "vdso/hw_counter.h"

/* The aux clock explained, and what it is set to: TAI of the default boot time (+37 s). */
#define AUX_IDX 0
#define AUX_SET_SEC 1767225637
#define AUX_SET_NSEC 5678
/* Its frequency correction: -12 ppm, scaled ppm as clock_adjtime() takes it. */
#define AUX_FREQ (-12LL * 65536)

/* The aux clock's NTP tick length now (NTP-scaled ns), 0 if it has no NTP state. */
static u64 aux_tick_length(const struct sim_system *s)
{
	const struct ntp_data *ntp = NULL;
	struct timekeeper tk;

	tk_aux_snapshot(&s->k, AUX_IDX, &tk, &ntp);
	return ntp ? ntp_tick_length(ntp) : 0;
}

/* Steps 1-3: enable, set, steer, each at its instant; false after a refused call. */
static bool aux_setup(struct sim_system *s, u64 at, bool *ok)
{
	struct timespec64 ts = { .tv_sec = AUX_SET_SEC, .tv_nsec = AUX_SET_NSEC };
	struct tk_timex tx = { .modes = ADJ_FREQUENCY, .freq = AUX_FREQ };
	s32 clock = TK_CLOCK_AUX + AUX_IDX;
	u64 sys_tl = ntp_tick_length(&s->k.ntp), tl0;
	int ret;
	char a[48];

	sim_advance_to(s, at / 4);
	*ok &= explain_check(sim_clock_gettime(s, SIM_PATH_VDSO, clock, &ts) == -ENODEV,
			     "-ENODEV from a disabled aux clock");
	ret = tk_aux_clock_enable(&s->k, AUX_IDX, true);
	if (ret) {
		tksim_usage_error("explain", "this model has no aux clocks: aux_clock_enable: %s",
				  strerror(-ret));
		return false;
	}
	sim_clock_gettime(s, SIM_PATH_SYSCALL, clock, &ts);
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf(" 1. at %s s: echo 1 > /sys/kernel/time/aux_clocks/%d/aux_clock_enable\n"
	       "    a timekeeper of its own on the system clocksource, from 0: CLOCK_AUX%d = "
	       "%" PRId64 ".%09ld\n",
	       a, AUX_IDX, AUX_IDX, (s64)ts.tv_sec, ts.tv_nsec);
	sim_advance_to(s, at / 2);
	ts = (struct timespec64){ .tv_sec = AUX_SET_SEC, .tv_nsec = AUX_SET_NSEC };
	ret = tk_sys_clock_settime(&s->k, clock, &ts, true);
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf(" 2. at %s s: clock_settime(CLOCK_AUX + %d, %d.%09d) = %d: only its offset to\n"
	       "    its own monotonic time moves (offs_aux); REALTIME is not touched\n",
	       a, AUX_IDX, AUX_SET_SEC, AUX_SET_NSEC, ret);
	*ok &= explain_check(ret == 0, "clock_settime() of the aux clock");
	sim_advance_to(s, at * 3 / 4);
	tl0 = aux_tick_length(s);
	ret = tk_sys_clock_adjtime(&s->k, clock, &tx, true);
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf(" 3. at %s s: clock_adjtime(CLOCK_AUX + %d, ADJ_FREQUENCY, freq %lld = -12 ppm "
	       "<< 16) = %d\n"
	       "    its own NTP state: tick_length %" PRIu64 " -> %" PRIu64
	       " ns << 32; the system's stays %" PRIu64 "\n",
	       a, AUX_IDX, (long long)AUX_FREQ, ret, tl0, aux_tick_length(s),
	       ntp_tick_length(&s->k.ntp));
	*ok &= explain_check(ret >= 0 && aux_tick_length(s) < tl0, "the aux clock's tick_length");
	*ok &= explain_check(ntp_tick_length(&s->k.ntp) == sys_tl, "the system's tick_length");
	return true;
}

/**
 * explain_aux() - `tksim explain aux`
 * @o: the options (system, --at: the read's instant; the calls come at 1/4, 1/2, 3/4 of it)
 *
 * Return: exit status.
 */
int explain_aux(const struct explain_opts *o)
{
	struct sim_system *s = explain_boot(o);
	const struct vdso_time_data *vd;
	const struct vdso_clock *vc;
	s32 clock = TK_CLOCK_AUX + AUX_IDX;
	struct timespec64 ts, rt, v, k;
	__int128 d;
	u64 cycles, at;
	u32 seq;
	char a[48], b[48];
	bool ok = true;

	if (!s)
		return TKSIM_EXIT_USAGE;
	at = explain_at(o, NSEC_PER_SEC + 500000);
	printf("An auxiliary clock (v6.17, CLOCK_AUX + %d), its setup and one clock_gettime()\n"
	       "through the simulated vDSO (lib/vdso/gettimeofday.c: do_aux())\n",
	       AUX_IDX);
	explain_header(s);
	printf("\n");
	if (!aux_setup(s, at, &ok)) {
		sim_system_free(s);
		return TKSIM_EXIT_USAGE;
	}
	sim_advance_to(s, at);
	vd = &s->k.vdata;
	vc = &vd->aux_clock_data[AUX_IDX];
	oracle_format_ns(a, sizeof(a), s->now_ns);
	printf("\nthe read, at %s s: aux_clock_data[%d], a group of its own with one seqcount\n"
	       "(vdso_write_begin_clock()): a tick's update of it never makes a system clock's "
	       "reader retry\n\n",
	       a, AUX_IDX);
	seq = vdso_read_begin(vc);
	printf(" 4. seq = vdso_read_begin() = %" PRIu32 " (even: no update in progress)\n", seq);
	printf(" 5. clock_mode = %s (NONE while disabled: the syscall, -ENODEV)\n",
	       explain_clock_mode(vc->clock_mode));
	cycles = arch_get_hw_counter(vc->clock_mode, vd);
	printf(" 6. cycles = %" PRIu64 ", cycle_last = %" PRIu64 ", mult = %" PRIu32
	       " (the system's: %" PRIu32 "), shift = %" PRIu32 "\n",
	       cycles, vc->cycle_last, vc->mult, vd->clock_data[CS_HRES_COARSE].mult, vc->shift);
	printf(" 7. basetime[VDSO_BASE_AUX] = { sec %" PRIu64 ", nsec %" PRIu64
	       " }: no time namespace offset applies to an aux clock\n",
	       vc->basetime[VDSO_BASE_AUX].sec, vc->basetime[VDSO_BASE_AUX].nsec);
	ok &= explain_conversion(8, cycles, vc->cycle_last, vc->mask, vc->max_cycles, vc->mult,
				 vc->shift, &vc->basetime[VDSO_BASE_AUX], clock, &ts);
	printf("13. vdso_read_retry(): seq still %" PRIu32 ", the result stands\n", seq);
	ok &= explain_check(!vdso_read_retry(vc, seq), "the seq");
	explain_ts(a, sizeof(a), &ts);
	sim_clock_gettime(s, SIM_PATH_VDSO, TK_CLOCK_REALTIME, &rt);
	oracle_format_ns(b, sizeof(b), ts_to_ns(&ts) - ts_to_ns(&rt));
	printf("\nCLOCK_AUX%d = %s (CLOCK_AUX%d - REALTIME = %s s, and it drifts: -12 ppm)\n",
	       AUX_IDX, a, AUX_IDX, b);
	cvdso_clock_gettime(&s->k.vdata, clock, &v);
	tk_sys_clock_gettime(&s->k, clock, &k);
	d = ts_to_ns(&k) - ts_to_ns(&ts);
	printf("the kernel side reads %" PRId64 " ns more: the page's base is whole ns "
	       "(vdso_time_update_aux()\ndrops the sub-ns remainder of xtime_nsec that "
	       "ktime_get_aux() keeps), so 0 or 1\n",
	       (s64)d);
	ok &= explain_check(ts_to_ns(&v) == ts_to_ns(&ts), "cvdso_clock_gettime()");
	ok &= explain_check(d == 0 || d == 1, "the kernel-side tk_sys_clock_gettime()");
	if (ok)
		printf("checked: the tick lengths, cycles_to_ns() and cvdso_clock_gettime() give "
		       "the "
		       "same; tk_sys_clock_gettime() its ns or 1 more\n");
	sim_system_free(s);
	return ok ? TKSIM_EXIT_OK : TKSIM_EXIT_VIOLATION;
}
