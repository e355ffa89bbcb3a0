// SPDX-License-Identifier: GPL-2.0
// tksim's own: the seed op lists of the fuzz corpus and of `tksim fuzz`.
/*
 * Each seed is a short op list around one value or situation known to
 * matter: the values of the kernel's timer selftests (valid-adjtimex,
 * adjtick, freq-step, leap-a-day, set-tai, set-2038), the syzkaller / UBSan
 * finds in kernel/time/ntp.c and timekeeping.c (huge ADJ_SETOFFSET,
 * time-constant and offset overflows, the (u32) offset cast removed in
 * v6.13), leap seconds around midnight, settimeofday near 2038 and 2262,
 * frequency changes just before and after a second boundary, long NOHZ
 * gaps, narrow counters near a wrap, and the situations of the injectable
 * bugs (tests/sim/check_bugs.c), and the aux clocks of v6.17 (enabled, set,
 * steered and disabled beside NTP on the system clocks, and every aux id
 * while disabled: -ENODEV).  tests/fuzz/gen_corpus writes their byte
 * encodings (tests/fuzz/corpus/), so the corpus is reproducible.
 */
#include "sim/ops/ops_seeds.h"

#include <string.h>

#include "timekeeper/time64.h"

#define MS (NSEC_PER_SEC / 1000)
#define PPM(x) ((long long)(x)*65536)

static struct sim_op *at(struct sim_op_list *l, u64 t, enum sim_op_kind kind)
{
	struct sim_op op = { .t_ns = t, .kind = kind };

	return sim_ops_push(l, &op);
}

static struct sim_op *adj(struct sim_op_list *l, u64 t, unsigned int modes)
{
	struct sim_op *op = at(l, t, SIM_OP_ADJTIMEX);

	if (op)
		op->tx.modes = modes;
	return op;
}

static void set_time(struct sim_op_list *l, u64 t, s64 sec, s64 usec)
{
	struct sim_op *op = at(l, t, SIM_OP_SETTIMEOFDAY);

	if (op) {
		op->has_tv = true;
		op->a = sec;
		op->b = usec;
	}
}

static void ticks(struct sim_op_list *l, u64 t, s64 n)
{
	struct sim_op *op = at(l, t, SIM_OP_TICKS);

	if (op)
		op->a = n;
}

static void with_a(struct sim_op_list *l, u64 t, enum sim_op_kind kind, s64 a)
{
	struct sim_op *op = at(l, t, kind);

	if (op)
		op->a = a;
}

static void acpi_pm(struct sim_op_list *l, bool near_wrap)
{
	l->cfg.counter.freq_hz = 3579545;
	l->cfg.counter.bits = 24;
	l->cfg.counter.error_ppb = 0;
	/* Start 0x10000 cycles (18 ms) before the wrap: the encoder's start unit is 1 << 16. */
	l->cfg.counter.start = near_wrap ? (0xffffff - (1ULL << 16)) & 0xffffff : 0;
}

static void seed_freq_mid_tick(struct sim_op_list *l, long long ppm)
{
	/* 20 ms of NOHZ idle (one accumulation), then the change half a tick later. */
	with_a(l, 0, SIM_OP_IDLE, 20 * MS);
	adj(l, 20 * MS + MS / 2, ADJ_FREQUENCY)->tx.freq = PPM(ppm);
	at(l, 20 * MS + MS / 2 + 1, SIM_OP_READ);
}

static void seed_freq_second(struct sim_op_list *l)
{
	/* HZ=100, the frequency changed 60 ns before and after a second boundary (freq-step). */
	l->cfg.hz = 100;
	l->cfg.counter.error_ppb = 0;
	with_a(l, 0, SIM_OP_IDLE, 990 * MS);
	adj(l, 1000 * MS - 60, ADJ_FREQUENCY)->tx.freq = PPM(-35);
	adj(l, 1000 * MS + 60, ADJ_FREQUENCY)->tx.freq = PPM(35);
	with_a(l, 1000 * MS + 60, SIM_OP_IDLE, 980 * MS);
	adj(l, 1990 * MS + 10 * MS - 1, ADJ_FREQUENCY)->tx.freq = PPM(-500);
	at(l, 2000 * MS + 5 * MS, SIM_OP_READ);
}

static void seed_valid_adjtimex(struct sim_op_list *l)
{
	/* valid-adjtimex.c: frequencies in and out of range, offsets, status bits. */
	static const long long freqs[] = { PPM(-500),	 PPM(500),    PPM(-501), PPM(501),
					   PPM(-100000), PPM(100000), 1LL << 62, -(1LL << 62) };
	u64 t = MS;

	for (unsigned int i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++, t += MS / 2)
		adj(l, t, ADJ_FREQUENCY)->tx.freq = freqs[i];
	adj(l, t += MS / 2, ADJ_STATUS)->tx.status = STA_PLL;
	adj(l, t += MS / 2, ADJ_OFFSET)->tx.offset = 500000;
	adj(l, t += MS / 2, ADJ_OFFSET | ADJ_NANO)->tx.offset = -499999999;
	adj(l, t += MS / 2, ADJ_OFFSET | ADJ_MICRO)->tx.offset = 1LL << 40;
	adj(l, t += MS / 2, ADJ_MAXERROR | ADJ_ESTERROR)->tx.maxerror = -1;
	adj(l, t += MS / 2, 0xffffffffU);
	adj(l, t += MS / 2, ADJ_SETOFFSET)->tx.time.tv_usec = -1;
	adj(l, t += MS / 2, ADJ_SETOFFSET)->tx.time.tv_usec = 1000000;
	adj(l, t += MS / 2, ADJ_SETOFFSET | ADJ_NANO)->tx.time.tv_usec = 1000000000;
	with_a(l, t += MS / 2, SIM_OP_IDLE, 1100 * MS);
	ticks(l, t + 1100 * MS, 3);
}

static void seed_adjtick(struct sim_op_list *l)
{
	static const long long ticks_us[] = { 9000, 8999, 11000, 11001, 10000, 9999, 10001 };
	u64 t = MS / 3;

	/* Each tick length for 100 ms of NOHZ idle (one accumulation), a third of a tick off. */
	for (unsigned int i = 0; i < sizeof(ticks_us) / sizeof(ticks_us[0]); i++) {
		adj(l, t, ADJ_TICK)->tx.tick = ticks_us[i];
		with_a(l, t, SIM_OP_IDLE, 100 * MS);
		t += 100 * MS + MS / 3;
	}
}

static void seed_leap(struct sim_op_list *l, int status)
{
	/* leap-a-day.c: two seconds before midnight, arm the leap, run across it. */
	set_time(l, MS, 1767225600 + 86400 - 2, 0);
	adj(l, 2 * MS, ADJ_STATUS)->tx.status = status;
	adj(l, 3 * MS, ADJ_STATUS)->tx.status = status;
	/* Idle to 5 ms before midnight, tick across it, then on. */
	with_a(l, 4 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC - 10 * MS);
	ticks(l, 1994 * MS, 10);
	with_a(l, 2004 * MS, SIM_OP_IDLE, NSEC_PER_SEC);
	adj(l, 3004 * MS, ADJ_STATUS)->tx.status = 0;
}

static void seed_set_tai(struct sim_op_list *l)
{
	static const long long tais[] = { 37, 0, -1, 100000, 100001, 1LL << 40 };
	u64 t = MS;

	for (unsigned int i = 0; i < sizeof(tais) / sizeof(tais[0]); i++, t += MS)
		adj(l, t, ADJ_TAI)->tx.constant = tais[i];
}

static void seed_set_time_near(struct sim_op_list *l, s64 sec)
{
	set_time(l, MS, sec - 2, 999999);
	with_a(l, 2 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC - 5 * MS);
	ticks(l, 1997 * MS, 6);
	set_time(l, 2003 * MS, sec, 0);
	set_time(l, 2004 * MS, sec + 1, 0);
	ticks(l, 2005 * MS, 3);
}

static void seed_setoffset_huge(struct sim_op_list *l)
{
	static const s64 secs[] = { S64_MAX,	    S64_MIN,   KTIME_SEC_MAX,
				    -KTIME_SEC_MAX, 1LL << 33, -(1LL << 33) };
	u64 t = MS;

	for (unsigned int i = 0; i < sizeof(secs) / sizeof(secs[0]); i++, t += MS) {
		struct sim_op *op = adj(l, t, ADJ_SETOFFSET | ADJ_NANO);

		op->tx.time.tv_sec = secs[i];
		op->tx.time.tv_usec = 999999999;
	}
}

static void seed_ntp_overflow(struct sim_op_list *l)
{
	/* syzkaller: time constant and offset overflows; the (u32) offset cast (v6.13). */
	adj(l, MS, ADJ_STATUS)->tx.status = STA_PLL | STA_FLL;
	adj(l, 2 * MS, ADJ_TIMECONST)->tx.constant = S64_MAX;
	adj(l, 3 * MS, ADJ_TIMECONST)->tx.constant = S64_MIN;
	adj(l, 4 * MS, ADJ_OFFSET)->tx.offset = S64_MAX;
	adj(l, 5 * MS, ADJ_OFFSET | ADJ_NANO)->tx.offset = S64_MIN;
	adj(l, 6 * MS, ADJ_OFFSET)->tx.offset = 0x100000001LL;
	with_a(l, 7 * MS, SIM_OP_IDLE, NSEC_PER_SEC);
	adj(l, 1007 * MS, ADJ_OFFSET)->tx.offset = -0x80000000LL;
	adj(l, 1008 * MS, ADJ_OFFSET_SINGLESHOT)->tx.offset = S64_MAX;
	adj(l, 1009 * MS, ADJ_OFFSET_SINGLESHOT)->tx.offset = -2000000;
	adj(l, 1010 * MS, ADJ_OFFSET_SS_READ);
	with_a(l, 1010 * MS, SIM_OP_IDLE, NSEC_PER_SEC);
	ticks(l, 2010 * MS, 2);
}

static void seed_nohz(struct sim_op_list *l)
{
	u64 t = MS / 2;

	with_a(l, t, SIM_OP_IDLE, 30 * NSEC_PER_SEC);
	t += 30 * NSEC_PER_SEC + MS / 2;
	with_a(l, t, SIM_OP_IDLE, 60 * NSEC_PER_SEC);
	t += 60 * NSEC_PER_SEC + MS;
	/* A stall of 1500 s: beyond max_cycles of the 2.1 GHz counter (delta-overflow). */
	with_a(l, t, SIM_OP_STALL, 1500 * NSEC_PER_SEC);
	at(l, t + 1500 * NSEC_PER_SEC + MS, SIM_OP_READ);
}

static void seed_wrap(struct sim_op_list *l)
{
	/* A 24-bit ACPI PM timer 18 ms before its wrap: reads all across it (delta-nomask). */
	acpi_pm(l, true);
	with_a(l, 0, SIM_OP_IDLE, 14 * MS);
	for (u64 t = 15 * MS; t < 23 * MS; t += 190 * 1000 + 7)
		at(l, t, SIM_OP_READ);
}

static void seed_idle_wrap(struct sim_op_list *l)
{
	/*
	 * A 24-bit counter: 3 s of NOHZ idle (gaps of at most max_idle_ns, 2.1 s), then a
	 * tick 3 s late (64 % of the wrap, past half: neg-motion-half), then 2 s idle.
	 */
	acpi_pm(l, false);
	ticks(l, 0, 5);
	with_a(l, 5 * MS, SIM_OP_IDLE, 3 * NSEC_PER_SEC);
	ticks(l, 3005 * MS, 3);
	with_a(l, 3008 * MS, SIM_OP_STALL, 3 * NSEC_PER_SEC);
	/* The late tick; then 2 s idle, which carries the counter past its wrap. */
	ticks(l, 6008 * MS, 1);
	with_a(l, 6009 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	ticks(l, 8009 * MS, 2);
}

static void seed_suspend(struct sim_op_list *l)
{
	ticks(l, 0, 10);
	with_a(l, 10 * MS, SIM_OP_SUSPEND, 7200 * NSEC_PER_SEC);
	ticks(l, 10 * MS + 7200 * NSEC_PER_SEC, 1);
	at(l, 10 * MS + 7200 * NSEC_PER_SEC + 1500 * 1000, SIM_OP_READ);
}

static void seed_skew(struct sim_op_list *l)
{
	struct sim_op *op = at(l, 0, SIM_OP_SKEW);

	op->clock = 1;
	op->a = -100000;
	ticks(l, 0, 10);
	at(l, 10 * MS + 10 * 1000, SIM_OP_READ);
}

static void seed_raw(struct sim_op_list *l)
{
	ticks(l, 0, 15);
	at(l, 15 * MS + 123457, SIM_OP_READ);
}

static void seed_midwrite(struct sim_op_list *l)
{
	at(l, MS / 2, SIM_OP_MIDWRITE);
	ticks(l, MS / 2, 2);
	at(l, 3 * MS, SIM_OP_MIDWRITE);
	adj(l, 3 * MS + 1, ADJ_FREQUENCY)->tx.freq = PPM(12);
}

static void seed_counter_step(struct sim_op_list *l)
{
	/* Idle to a millisecond before the second, then the steps around it. */
	with_a(l, 0, SIM_OP_IDLE, 999 * MS);
	with_a(l, 1000 * MS - 1, SIM_OP_COUNTER_PPB, 12000000);
	with_a(l, 1000 * MS + 1, SIM_OP_COUNTER_PPB, -12000000);
	ticks(l, 1000 * MS + 2, 10);
}

static void seed_unprivileged(struct sim_op_list *l)
{
	u64 t = MS;
	struct sim_op *op;

	for (unsigned int bit = 0; bit < 16; bit++, t += MS / 2) {
		op = adj(l, t, 1U << bit);
		op->user = true;
		op->tx.tick = 10000;
		op->tx.offset = 1000;
	}
	adj(l, t, ADJ_OFFSET_SS_READ)->user = true;
	op = at(l, t + MS, SIM_OP_SETTIMEOFDAY);
	op->user = op->has_tv = true;
	op->a = 1;
	op = at(l, t + 2 * MS, SIM_OP_CLOCK_SETTIME);
	op->user = true;
}

static void seed_clock_ids(struct sim_op_list *l)
{
	u64 t = MS;

	for (s32 c = -2; c <= 13; c++, t += MS / 2) {
		struct sim_op *op = at(l, t, SIM_OP_CLOCK_ADJTIME);

		op->clock = c;
		op->tx.modes = ADJ_FREQUENCY;
		op->tx.freq = PPM(1);
		op = at(l, t, SIM_OP_CLOCK_SETTIME);
		op->clock = c;
		op->a = 1767225600 + c;
		op->b = c < 0 ? -1 : c * 1000;
	}
}

static void seed_timezone(struct sim_op_list *l)
{
	static const int mw[] = { 0, -60, 15 * 60, 15 * 60 + 1, -15 * 60 - 1 };
	u64 t = MS;

	for (unsigned int i = 0; i < sizeof(mw) / sizeof(mw[0]); i++, t += MS) {
		struct sim_op *op = at(l, t, SIM_OP_SETTIMEOFDAY);

		op->has_tz = true;
		op->tz.tz_minuteswest = mw[i];
		op->tz.tz_dsttime = (int)i;
	}
}

static void seed_offset_us(struct sim_op_list *l)
{
	/* A negative phase read back in us (the (u32) cast removed in v6.13, f5807b0606da). */
	adj(l, MS, ADJ_STATUS | ADJ_MICRO)->tx.status = STA_PLL;
	adj(l, 2 * MS, ADJ_OFFSET | ADJ_MICRO)->tx.offset = -5000;
	adj(l, 3 * MS, 0);
	with_a(l, 4 * MS, SIM_OP_IDLE, NSEC_PER_SEC);
	adj(l, 5 * MS, 0);
}

static void cs(struct sim_op_list *l, u64 t, const char *name)
{
	with_a(l, t, SIM_OP_CLOCKSOURCE, sim_op_cs_from_name(name));
}

static void seed_cs_wrap(struct sim_op_list *l)
{
	/*
	 * A switch to the 24-bit ACPI PM timer 7 ms before its wrap (it starts at 0 at
	 * boot: 2^24 cycles at 3579545 Hz is 4.687 s), reads across the wrap, back.
	 */
	ticks(l, 0, 2);
	with_a(l, 2 * MS, SIM_OP_IDLE, 4678 * MS);
	cs(l, 4680 * MS + 1234, "acpi_pm");
	for (u64 t = 4683 * MS; t < 4690 * MS; t += 1500 * 1000 + 3)
		at(l, t, SIM_OP_READ);
	cs(l, 4690 * MS + 777, "tsc");
	at(l, 4691 * MS + 5, SIM_OP_READ);
}

static void seed_cs_back_forth(struct sim_op_list *l)
{
	/* TSC to HPET and back with NTP slewing, ACPI PM through NOHZ idle, jiffies, suspend. */
	cs(l, MS / 2, "hpet");
	adj(l, MS, ADJ_FREQUENCY)->tx.freq = PPM(100);
	ticks(l, MS + 1, 3);
	cs(l, 4 * MS + 333, "tsc");
	at(l, 4 * MS + 500, SIM_OP_READ);
	cs(l, 5 * MS + 17, "acpi_pm");
	with_a(l, 5 * MS + 100, SIM_OP_IDLE, 3 * NSEC_PER_SEC);
	cs(l, 3006 * MS, "jiffies"); /* not VALID_FOR_HRES in NOHZ mode: the TSC, the best */
	with_a(l, 3006 * MS + 1, SIM_OP_SUSPEND, 10 * NSEC_PER_SEC);
	at(l, 13007 * MS, SIM_OP_READ);
	cs(l, 13007 * MS + 500, "hpet");
	cs(l, 13008 * MS, "tsc");
	at(l, 13008 * MS + 250 * 1000, SIM_OP_READ);
}

/* Seeds appended after the campaign of 2026-11-30 (lcov showed what the corpus missed). */

static void seed_leap_early(struct sim_op_list *l, int status)
{
	/*
	 * leap-a-day.c arms the leap 10 s before midnight: a deletion needs the state machine
	 * in TIME_DEL before 23:59:59, so arming 2 s before (seed_leap) never deletes.  Reads
	 * through adjtimex inside and after the leap second, a leap armed and cancelled, and
	 * STA_PLL switched off (which cancels a pending leap).
	 */
	u64 mid = 5 * NSEC_PER_SEC + MS; /* midnight, in virtual time */

	set_time(l, MS, 1767225600 + 86400 - 5, 0);
	adj(l, 2 * MS, ADJ_STATUS)->tx.status = status | STA_PLL;
	with_a(l, 3 * MS, SIM_OP_IDLE, mid - NSEC_PER_SEC - 23 * MS);
	ticks(l, mid - NSEC_PER_SEC - 20 * MS, 19);
	for (u64 d = 200 * 1000; d < 2 * MS; d += 300 * 1000)
		adj(l, mid - NSEC_PER_SEC + d, 0);
	with_a(l, mid - NSEC_PER_SEC + 2 * MS, SIM_OP_IDLE, NSEC_PER_SEC - 22 * MS);
	ticks(l, mid - 20 * MS, 19);
	for (u64 d = 200 * 1000; d < 2 * MS; d += 300 * 1000)
		adj(l, mid + d, 0);
	with_a(l, mid + 2 * MS, SIM_OP_IDLE, 990 * MS);
	for (u64 d = 200 * 1000; d < 3 * MS; d += 300 * 1000)
		adj(l, mid + NSEC_PER_SEC + d, 0);
	with_a(l, mid + NSEC_PER_SEC + 3 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	adj(l, mid + 3 * NSEC_PER_SEC + 4 * MS, ADJ_STATUS)->tx.status = STA_PLL;
	with_a(l, mid + 3 * NSEC_PER_SEC + 4 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	/* Arm the other leap, let the state machine take it, cancel it. */
	adj(l, mid + 5 * NSEC_PER_SEC + 5 * MS, ADJ_STATUS)->tx.status =
		(STA_INS | STA_DEL) ^ status;
	with_a(l, mid + 5 * NSEC_PER_SEC + 5 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	adj(l, mid + 7 * NSEC_PER_SEC + 6 * MS, ADJ_STATUS)->tx.status = STA_PLL;
	with_a(l, mid + 7 * NSEC_PER_SEC + 6 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	adj(l, mid + 9 * NSEC_PER_SEC + 7 * MS, ADJ_STATUS)->tx.status = status | STA_PLL;
	with_a(l, mid + 9 * NSEC_PER_SEC + 7 * MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
	adj(l, mid + 11 * NSEC_PER_SEC + 8 * MS, ADJ_STATUS)->tx.status = 0;
	ticks(l, mid + 11 * NSEC_PER_SEC + 8 * MS, 10);
}

static void seed_adjtime_slew(struct sim_op_list *l)
{
	/* adjtime(3): 1.7 ms each way, slewed 500 us per second, the rest in one second. */
	adj(l, MS, ADJ_OFFSET_SINGLESHOT)->tx.offset = 1700;
	with_a(l, 2 * MS, SIM_OP_IDLE, 4500 * MS);
	adj(l, 4600 * MS, ADJ_OFFSET_SINGLESHOT)->tx.offset = -1700;
	adj(l, 4601 * MS, ADJ_OFFSET_SS_READ);
	with_a(l, 4602 * MS, SIM_OP_IDLE, 4500 * MS);
	adj(l, 9200 * MS, ADJ_OFFSET_SS_READ);
}

static void seed_fll(struct sim_op_list *l)
{
	/*
	 * The FLL: offsets 300 s apart with STA_FLL (MINSEC 256), 3000 s apart without it
	 * (beyond MAXSEC 2048), over suspends; STA_FREQHOLD; a valid ADJ_SETOFFSET in us.
	 */
	u64 t = MS;

	adj(l, t, ADJ_STATUS)->tx.status = STA_PLL | STA_FLL;
	adj(l, t += MS, ADJ_OFFSET | ADJ_MICRO)->tx.offset = 1000;
	with_a(l, t += MS, SIM_OP_SUSPEND, 300 * NSEC_PER_SEC);
	t += 300 * NSEC_PER_SEC;
	adj(l, t += MS, ADJ_OFFSET | ADJ_MICRO)->tx.offset = -2000;
	adj(l, t += MS, ADJ_STATUS)->tx.status = STA_PLL;
	with_a(l, t += MS, SIM_OP_SUSPEND, 3000 * NSEC_PER_SEC);
	t += 3000 * NSEC_PER_SEC;
	adj(l, t += MS, ADJ_OFFSET | ADJ_MICRO)->tx.offset = 3000;
	adj(l, t += MS, ADJ_STATUS)->tx.status = STA_PLL | STA_FREQHOLD;
	adj(l, t += MS, ADJ_OFFSET | ADJ_MICRO)->tx.offset = 500;
	adj(l, t += MS, ADJ_SETOFFSET)->tx.time.tv_sec = 1;
	adj(l, t += MS, ADJ_SETOFFSET)->tx.time.tv_usec = 500000;
	with_a(l, t += MS, SIM_OP_IDLE, 2 * NSEC_PER_SEC);
}

static void seed_tick_up_after_second(struct sim_op_list *l)
{
	/*
	 * A 10 % faster tick (ADJ_TICK) asked for just after a second boundary: the mult step
	 * can take xtime_nsec below zero (timekeeping_adjust()'s skip_second_overflow path).
	 */
	l->cfg.counter.error_ppb = 0;
	with_a(l, 0, SIM_OP_IDLE, 999 * MS);
	ticks(l, 999 * MS, 1);
	for (u64 d = 100 * 1000; d < MS; d += 200 * 1000) {
		adj(l, 1000 * MS + d, ADJ_TICK)->tx.tick = 11000;
		adj(l, 1000 * MS + d + 1, ADJ_TICK)->tx.tick = 9000;
	}
	adj(l, 1000 * MS + MS - 1, ADJ_TICK | ADJ_FREQUENCY)->tx.tick = 11000;
	ticks(l, 1001 * MS, 500);
}

static void aux_enable(struct sim_op_list *l, u64 t, s64 idx, s64 on)
{
	struct sim_op *op = at(l, t, SIM_OP_AUX_ENABLE);

	if (op) {
		op->a = idx;
		op->b = on;
	}
}

static struct sim_op *aux_adj(struct sim_op_list *l, u64 t, s32 clock, unsigned int modes)
{
	struct sim_op *op = at(l, t, SIM_OP_CLOCK_ADJTIME);

	if (op) {
		op->clock = clock;
		op->tx.modes = modes;
	}
	return op;
}

/*
 * The auxclock selftest's life of an aux clock, with NTP steering REALTIME meanwhile:
 * enabled, set (PTP keeps TAI), steered in frequency and phase, stepped, disabled and
 * called while disabled; a second one left alone (raw-exact all along).
 */
static void seed_aux_steer(struct sim_op_list *l)
{
	struct sim_op *op;

	aux_enable(l, MS, 0, 1);
	aux_enable(l, MS, 1, 1);
	op = at(l, MS + 1, SIM_OP_CLOCK_SETTIME);
	op->clock = TK_CLOCK_AUX;
	op->a = 1767225637;
	op->b = 5678;
	at(l, 2 * MS, SIM_OP_READ);
	aux_adj(l, 2 * MS + 300, TK_CLOCK_AUX, ADJ_FREQUENCY)->tx.freq = PPM(-12);
	adj(l, 2 * MS + 300, ADJ_FREQUENCY)->tx.freq = PPM(35);
	ticks(l, 3 * MS, 3);
	op = aux_adj(l, 6 * MS + 5, TK_CLOCK_AUX, ADJ_OFFSET | ADJ_STATUS | ADJ_NANO);
	op->tx.offset = 400000;
	op->tx.status = STA_PLL | STA_NANO;
	ticks(l, 7 * MS, 8);
	op = aux_adj(l, 16 * MS, TK_CLOCK_AUX, ADJ_SETOFFSET | ADJ_NANO);
	op->tx.time.tv_usec = 250000000;
	set_time(l, 17 * MS, 1767229200, 0);
	at(l, 18 * MS, SIM_OP_READ);
	aux_enable(l, 19 * MS, 0, 0);
	op = at(l, 19 * MS, SIM_OP_CLOCK_SETTIME);
	op->clock = TK_CLOCK_AUX;
	op->a = 1;
	aux_adj(l, 19 * MS, TK_CLOCK_AUX, ADJ_FREQUENCY)->tx.freq = PPM(1);
	aux_enable(l, 20 * MS, 0, 1);
	ticks(l, 20 * MS + 1, 4);
}

/* An aux clock 1.5 s on, set back to 0: behind its own monotonic time, offs_aux < -1 s. */
static void seed_aux_set_back(struct sim_op_list *l)
{
	struct sim_op *op;

	aux_enable(l, MS, 1, 1);
	with_a(l, 2 * MS, SIM_OP_IDLE, 1500 * MS);
	op = at(l, 1502 * MS + 300, SIM_OP_CLOCK_SETTIME);
	op->clock = TK_CLOCK_AUX + 1;
	at(l, 1503 * MS, SIM_OP_READ);
}

/* Every aux id (and one beyond) while disabled, then enabled, then with what it refuses. */
static void seed_aux_ids(struct sim_op_list *l)
{
	u64 t = MS;

	for (s32 c = TK_CLOCK_AUX; c <= TK_CLOCK_AUX_LAST + 1; c++, t += MS / 4) {
		struct sim_op *op = at(l, t, SIM_OP_CLOCK_SETTIME);

		op->clock = c;
		op->a = 1000 + c;
		aux_adj(l, t, c, ADJ_FREQUENCY)->tx.freq = PPM(2);
		if (c <= TK_CLOCK_AUX_LAST)
			aux_enable(l, t + 1, c - TK_CLOCK_AUX, 1);
		aux_adj(l, t + 2, c, ADJ_TAI)->tx.constant = 37;
		op = aux_adj(l, t + 2, c, ADJ_STATUS);
		op->tx.status = STA_INS;
		op = at(l, t + 3, SIM_OP_CLOCK_SETTIME);
		op->clock = c;
		op->a = 1000 + c;
		op->b = 1000000000;
	}
	at(l, t, SIM_OP_READ);
}

static const struct {
	const char *name;
	void (*build)(struct sim_op_list *l);
} seeds[] = {
#define SEED(name, fn)   \
	{                \
		name, fn \
	}
	SEED("freq-mid-tick-up", NULL),
	SEED("freq-mid-tick-down", NULL),
	SEED("freq-second-boundary", seed_freq_second),
	SEED("valid-adjtimex", seed_valid_adjtimex),
	SEED("adjtick", seed_adjtick),
	SEED("leap-insert", NULL),
	SEED("leap-delete", NULL),
	SEED("set-tai", seed_set_tai),
	SEED("set-2038", NULL),
	SEED("set-2262", NULL),
	SEED("setoffset-huge", seed_setoffset_huge),
	SEED("ntp-overflow", seed_ntp_overflow),
	SEED("nohz-long", seed_nohz),
	SEED("acpi-pm-wrap", seed_wrap),
	SEED("acpi-pm-idle", seed_idle_wrap),
	SEED("suspend-2h", seed_suspend),
	SEED("cpu-skew", seed_skew),
	SEED("raw-2s", seed_raw),
	SEED("read-mid-write", seed_midwrite),
	SEED("counter-step", seed_counter_step),
	SEED("unprivileged", seed_unprivileged),
	SEED("clock-ids", seed_clock_ids),
	SEED("timezone", seed_timezone),
	SEED("offset-us-negative", seed_offset_us),
	SEED("leap-delete-early", NULL),
	SEED("leap-insert-early", NULL),
	SEED("adjtime-slew", seed_adjtime_slew),
	SEED("fll-long-interval", seed_fll),
	SEED("tick-up-after-second", seed_tick_up_after_second),
	SEED("clocksource-acpi-pm-wrap", seed_cs_wrap),
	SEED("clocksource-back-and-forth", seed_cs_back_forth),
	SEED("aux-steer", seed_aux_steer),
	SEED("aux-ids", seed_aux_ids),
	SEED("aux-set-back", seed_aux_set_back),
#undef SEED
};

/** sim_ops_nr_seeds() - how many seeds there are. */
unsigned int sim_ops_nr_seeds(void)
{
	return sizeof(seeds) / sizeof(seeds[0]);
}

/**
 * sim_ops_seed() - build seed @i
 * @i: 0 .. sim_ops_nr_seeds() - 1
 * @l: an initialised list, replaced by the seed (default system unless the seed says)
 *
 * Return: the seed's name (its corpus file name), or NULL if @i is out of range.
 */
const char *sim_ops_seed(unsigned int i, struct sim_op_list *l)
{
	if (i >= sim_ops_nr_seeds())
		return NULL;
	sim_ops_clear(l);
	sim_config_default(&l->cfg);
	switch (i) {
	case 0:
		seed_freq_mid_tick(l, 500);
		break;
	case 1:
		seed_freq_mid_tick(l, -500);
		break;
	case 5:
		seed_leap(l, STA_INS);
		break;
	case 6:
		seed_leap(l, STA_DEL);
		break;
	case 8:
		seed_set_time_near(l, 0x7fffffffLL);
		break;
	case 9:
		seed_set_time_near(l, TIME_SETTOD_SEC_MAX);
		break;
	case 24:
		seed_leap_early(l, STA_DEL);
		break;
	case 25:
		seed_leap_early(l, STA_INS);
		break;
	default:
		seeds[i].build(l);
		break;
	}
	/* As the decoder bounds it: the corpus file replays this very list. */
	sim_ops_fit(l);
	return seeds[i].name;
}
