// SPDX-License-Identifier: GPL-2.0
// Tests of sim/tsc.c (the TSC clocksource, arch/x86/kernel/tsc.c v6.15) and sim/mirror/mirror.c.
#include <errno.h>
#include <string.h>
#include <time.h>

#include "tests/check_util.h"
#include "sim/mirror/mirror.h"
#include "sim/tsc.h"
#include "vdso/gettimeofday.h"

static u64 host_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static struct sim_tsc_system *tsc_system(u32 insn)
{
	struct sim_tsc_system *s = aligned_alloc(64, sizeof(*s));

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(sim_tsc_system_init_hz(s, insn, test_tsc_hz(), NULL), 0);
	return s;
}

static void tsc_system_free(struct sim_tsc_system *s)
{
	sim_tsc_system_destroy(s);
	free(s);
}

/* Two calibrations agree to 0.1 %, and the TSC is a plausible clock (1 MHz .. 100 GHz). */
START_TEST(test_calibrate)
{
	u64 a = test_tsc_hz(), b;

	ck_assert_int_eq(sim_tsc_calibrate_ns(&b, 20 * NSEC_PER_MSEC), 0);
	ck_assert_msg(a > 1000000 && a < 100000000000ULL, "TSC at %" PRIu64 " Hz?", a);
	ck_assert_msg(b > a - a / 1000 && b < a + a / 1000,
		      "calibrations %" PRIu64 " and %" PRIu64 " Hz", a, b);
}
END_TEST

START_TEST(test_insn_names)
{
	u32 insn;

	for (u32 i = VDSO_TSC_LFENCE; i <= VDSO_TSC_BARE; i++) {
		ck_assert_int_eq(sim_tsc_insn_parse(sim_tsc_insn_name(i), &insn), 0);
		ck_assert_uint_eq(insn, i);
	}
	ck_assert_int_eq(sim_tsc_insn_parse("bare", &insn), 0);
	ck_assert_uint_eq(insn, VDSO_TSC_BARE);
	ck_assert_int_eq(sim_tsc_insn_parse("rdtscpp", &insn), -EINVAL);
	ck_assert(sim_tsc_insn_supported(VDSO_TSC_LFENCE));
	ck_assert(sim_tsc_insn_supported(VDSO_TSC_BARE));
	ck_assert(!sim_tsc_insn_supported(17));
}
END_TEST

/* The kernel's clocksource_tsc: 64-bit, kHz, TSC mode; refuses an instruction the CPU lacks. */
START_TEST(test_clocksource)
{
	struct sim_tsc t;
	struct clocksource ref = { .mask = CLOCKSOURCE_MASK(64) };
	u64 a, b;

	ck_assert_int_eq(sim_tsc_clocksource_init_hz(&t, VDSO_TSC_LFENCE, 2095994404ULL), 0);
	ck_assert_int_eq(clocksource_register_khz(&ref, 2095994), 0);
	ck_assert_uint_eq(t.cs.mult, ref.mult);
	ck_assert_uint_eq(t.cs.shift, ref.shift);
	ck_assert_uint_eq(t.cs.mask, U64_MAX);
	ck_assert_int_eq(t.cs.vdso_clock_mode, VDSO_CLOCKMODE_TSC);
	a = t.cs.read(&t.cs);
	b = t.cs.read(&t.cs);
	ck_assert_msg(b > a, "the TSC did not move: %" PRIu64 " then %" PRIu64, a, b);
	ck_assert_int_eq(sim_tsc_clocksource_init_hz(&t, VDSO_TSC_LFENCE, 10), -EINVAL);
	if (!sim_tsc_insn_supported(VDSO_TSC_RDTSCP))
		ck_assert_int_eq(sim_tsc_clocksource_init(&t, VDSO_TSC_RDTSCP), -EOPNOTSUPP);
}
END_TEST

/*
 * Simulated MONOTONIC minus the host's (ns): the simulated read between two
 * host reads, the tightest of 32 tries (a preemption inside one would
 * otherwise count as drift on a busy machine).
 */
static s64 sim_minus_host(struct sim_tsc_system *s)
{
	u64 best = U64_MAX;
	s64 d = 0;

	for (int i = 0; i < 32; i++) {
		struct timespec64 ts;
		u64 h0 = host_ns(CLOCK_MONOTONIC), h1;

		ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, TK_CLOCK_MONOTONIC, &ts), 0);
		h1 = host_ns(CLOCK_MONOTONIC);
		if (h1 - h0 < best) {
			best = h1 - h0;
			d = (s64)(ts_to_ns(&ts) - (__int128)(h0 + (h1 - h0) / 2));
		}
	}
	return d;
}

/*
 * A kernel booted on the TSC with the host's clocks as boot parameters keeps
 * step with the host: it starts within 1 ms of the host's MONOTONIC, and
 * over 200 ms of ticks drifts less than 50 us from it (250 ppm: the
 * calibration is good to a few ppm, a 0.1 % error would show).  The vDSO
 * lies between two kernel-side reads for every clock.
 */
START_TEST(test_system_tracks_host)
{
	struct sim_tsc_system *s = tsc_system(VDSO_TSC_LFENCE);
	u64 end = host_ns(CLOCK_MONOTONIC) + 200 * NSEC_PER_MSEC;
	s64 d0, d1;

	ck_assert_uint_eq(s->k.vdata.arch_data.tsc_insn, VDSO_TSC_LFENCE);
	ck_assert_int_eq(s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode, VDSO_CLOCKMODE_TSC);
	d0 = sim_minus_host(s);
	ck_assert_msg(d0 > -(s64)NSEC_PER_MSEC && d0 < (s64)NSEC_PER_MSEC,
		      "simulated MONOTONIC starts %" PRId64 " ns off the host's", d0);
	while (host_ns(CLOCK_MONOTONIC) < end) {
		struct timespec step = { 0, NSEC_PER_MSEC };

		nanosleep(&step, NULL);
		update_wall_time(&s->k);
	}
	d1 = sim_minus_host(s);
	ck_assert_msg(d1 - d0 > -50000 && d1 - d0 < 50000,
		      "simulated MONOTONIC drifted %" PRId64 " ns from the host's in 200 ms",
		      d1 - d0);
	for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
		s32 c = oracle_clocks[i];
		struct timespec64 k0, v, k1;

		ck_assert_int_eq(tk_sys_clock_gettime(&s->k, c, &k0), 0);
		ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, c, &v), 0);
		ck_assert_int_eq(tk_sys_clock_gettime(&s->k, c, &k1), 0);
		ck_assert_msg(ts_to_ns(&k0) <= ts_to_ns(&v) && ts_to_ns(&v) <= ts_to_ns(&k1),
			      "CLOCK_%s: vDSO outside the kernel-side sandwich",
			      oracle_clock_name(c));
	}
	tsc_system_free(s);
}
END_TEST

/* The synthetic counter runs at its own frequency, wraps at its width, and skews per CPU. */
START_TEST(test_synthetic_counter)
{
	struct sim_tsc t;
	struct sim_tsc_counter *c = malloc(sizeof(*c));
	struct sim_tsc_counter_params p = { .freq_hz = 1000000000ULL, .bits = 64, .seed = 1 };
	struct timespec step = { 0, 10 * NSEC_PER_MSEC };
	u64 a, b, h0, h1;
	s64 skewed;

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(sim_tsc_clocksource_init_hz(&t, VDSO_TSC_LFENCE, test_tsc_hz()), 0);
	p.skew[3] = 5000000;
	ck_assert_int_eq(sim_tsc_counter_init(c, &t, &p), 0);
	ck_assert_int_eq(c->cs.vdso_clock_mode, VDSO_CLOCKMODE_SIM);
	vdso_this_cpu = 0;
	h0 = host_ns(CLOCK_MONOTONIC_RAW);
	a = c->cs.read(&c->cs);
	nanosleep(&step, NULL);
	b = c->cs.read(&c->cs);
	h1 = host_ns(CLOCK_MONOTONIC_RAW);
	/* 1 GHz: cycles == ns, to the calibration's accuracy and the reads' spacing. */
	ck_assert_msg(b - a > (h1 - h0) - (h1 - h0) / 100 && b - a < (h1 - h0) + (h1 - h0) / 100,
		      "%" PRIu64 " cycles in %" PRIu64 " ns at 1 GHz", b - a, h1 - h0);
	vdso_this_cpu = 3;
	skewed = (s64)(c->cs.read(&c->cs) - c->cs.read(&c->cs));
	vdso_this_cpu = 0;
	/* CPU 3 reads 5 ms ahead; the second read is on CPU 3 too, so only the first is skewed. */
	a = c->cs.read(&c->cs);
	vdso_this_cpu = 3;
	b = c->cs.read(&c->cs);
	vdso_this_cpu = 0;
	ck_assert_msg(b - a >= 5000000 && b - a < 5100000, "CPU 3 leads CPU 0 by %" PRIu64, b - a);
	ck_assert_msg(skewed <= 0, "same-CPU reads went back by %" PRId64, skewed);

	/* A 24-bit counter stays within its mask. */
	p = (struct sim_tsc_counter_params){ .freq_hz = 3579545, .bits = 24, .start = 0xfffff0 };
	ck_assert_int_eq(sim_tsc_counter_init(c, &t, &p), 0);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_le(c->cs.read(&c->cs), 0xffffff);
	p = (struct sim_tsc_counter_params){ .bits = 24 };
	ck_assert_int_eq(sim_tsc_counter_init(c, &t, &p), -EINVAL);
	free(c);
}
END_TEST

/* Jitter keeps every CPU within skew +/- jitter, and is a function of the seed. */
START_TEST(test_jitter)
{
	struct sim_tsc t;
	struct sim_tsc_counter *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct sim_tsc_counter_params p = {
		.freq_hz = 1000000, .bits = 64, .jitter = 50, .seed = test_seed()
	};

	ck_assert_int_eq(sim_tsc_clocksource_init_hz(&t, VDSO_TSC_LFENCE, test_tsc_hz()), 0);
	p.skew[2] = -1000;
	ck_assert_int_eq(sim_tsc_counter_init(a, &t, &p), 0);
	ck_assert_int_eq(sim_tsc_counter_init(b, &t, &p), 0);
	for (int i = 0; i < 100; i++) {
		sim_tsc_counter_jitter(a);
		sim_tsc_counter_jitter(b);
		for (unsigned int cpu = 0; cpu < VDSO_MAX_CPUS; cpu++) {
			s64 off = (s64)a->page.cpu_offset[cpu];

			ck_assert_msg(off >= p.skew[cpu] - 50 && off <= p.skew[cpu] + 50,
				      "seed %" PRIu64 ": CPU %u offset %" PRId64, test_seed(), cpu,
				      off);
			ck_assert_uint_eq(a->page.cpu_offset[cpu], b->page.cpu_offset[cpu]);
		}
	}
	free(a);
	free(b);
}
END_TEST

START_TEST(test_mirror_versions)
{
	enum mirror_layout l;
	int maj, min;

	ck_assert_int_eq(mirror_parse_release("6.18.44-fc-v782", &maj, &min), 0);
	ck_assert_int_eq(maj, 6);
	ck_assert_int_eq(min, 18);
	ck_assert_int_eq(mirror_parse_release("linux", &maj, &min), -EINVAL);
	ck_assert_int_eq(mirror_layout_for(5, 2, &l), -EOPNOTSUPP);
	ck_assert_int_eq(mirror_layout_for(5, 3, &l), 0);
	ck_assert_int_eq(l, MIRROR_LAYOUT_V5_3);
	ck_assert_int_eq(mirror_layout_for(6, 9, &l), 0);
	ck_assert_int_eq(l, MIRROR_LAYOUT_V5_3);
	ck_assert_int_eq(mirror_layout_for(6, 10, &l), 0);
	ck_assert_int_eq(l, MIRROR_LAYOUT_V6_10);
	ck_assert_int_eq(mirror_layout_for(6, 14, &l), 0);
	ck_assert_int_eq(l, MIRROR_LAYOUT_V6_13);
	ck_assert_int_eq(mirror_layout_for(6, 15, &l), 0);
	ck_assert_int_eq(l, MIRROR_LAYOUT_V6_15);
	ck_assert_int_eq(mirror_layout_for(6, 18, &l), 0);
	ck_assert_int_eq(mirror_layout_for(7, 0, &l), -EOPNOTSUPP);
	ck_assert_uint_eq(mirror_data_offset(MIRROR_LAYOUT_V5_3), 128);
	ck_assert_uint_eq(mirror_data_offset(MIRROR_LAYOUT_V6_15), 0);
}
END_TEST

START_TEST(test_mirror_find_vvar)
{
	const char *maps =
		"7ffd1000-7ffd3000 r--p 00000000 00:00 0          [vvar_vclock]\n"
		"7f96e6adc000-7f96e6ae0000 r--p 00000000 00:00 0                  [vvar]\n"
		"7f96e6ae0000-7f96e6ae2000 r-xp 00000000 00:00 0                  [vdso]\n";
	unsigned long start, end;

	ck_assert_int_eq(mirror_find_vvar(maps, &start, &end), 0);
	ck_assert_uint_eq(start, 0x7f96e6adc000UL);
	ck_assert_uint_eq(end, 0x7f96e6ae0000UL);
	ck_assert_int_eq(mirror_find_vvar("1000-2000 r-xp 0 00:00 0 [vdso]\n", &start, &end),
			 -ENOENT);
	ck_assert_int_eq(mirror_find_mapping(maps, "[vvar_vclock]", &start, &end), 0);
	ck_assert_uint_eq(start, 0x7ffd1000UL);
	ck_assert_uint_eq(end, 0x7ffd3000UL);
	ck_assert_int_eq(mirror_find_mapping(maps, "vclock]", &start, &end), -ENOENT);
}
END_TEST

/* A struct pvclock_vcpu_time_info as a hypervisor lays it out (packed, 32 bytes). */
struct test_pvti {
	u32 version;
	u32 pad0;
	u64 tsc_timestamp;
	u64 system_time;
	u32 tsc_to_system_mul;
	s8 tsc_shift;
	u8 flags;
	u8 pad[2];
} __attribute__((packed));

/*
 * vread_pvclock(): system_time + ((tsc - tsc_timestamp) << shift) * mul >> 32.
 * With mul = 2^31 and shift 1 one TSC cycle is one ns, so the result must lie
 * between system_time + the TSC deltas read just before and just after.
 * An entry not flagged TSC-stable sends the vDSO to the syscall (U64_MAX).
 */
START_TEST(test_mirror_pvclock)
{
	struct test_pvti pvti = { .version = 4,
				  .system_time = 5 * NSEC_PER_SEC,
				  .tsc_to_system_mul = 1U << 31,
				  .tsc_shift = 1,
				  .flags = 1 };
	struct mirror m;
	u64 before, after, ns;

	mirror_attach(&m, NULL, MIRROR_LAYOUT_V6_15, VDSO_TSC_LFENCE);
	mirror_attach_pvclock(&m, &pvti);
	pvti.tsc_timestamp = rdtsc_ordered(VDSO_TSC_LFENCE);
	before = rdtsc_ordered(VDSO_TSC_LFENCE) - pvti.tsc_timestamp;
	ns = mirror_vread_pvclock(&m);
	after = rdtsc_ordered(VDSO_TSC_LFENCE) - pvti.tsc_timestamp;
	ck_assert_msg(ns >= pvti.system_time + before && ns <= pvti.system_time + after,
		      "pvclock %" PRIu64 " outside [%" PRIu64 ", %" PRIu64 "]", ns,
		      pvti.system_time + before, pvti.system_time + after);
	/* A negative shift divides: 4 cycles per ns at mul 2^32 - 1 ~ 1.0. */
	pvti.tsc_shift = -2;
	pvti.tsc_to_system_mul = 0xffffffffU;
	ns = mirror_vread_pvclock(&m) - pvti.system_time;
	after = rdtsc_ordered(VDSO_TSC_LFENCE) - pvti.tsc_timestamp;
	ck_assert_msg(ns <= after / 4, "shift -2: %" PRIu64 " ns for %" PRIu64 " cycles", ns,
		      after);
	pvti.flags = 0;
	ck_assert_uint_eq(mirror_vread_pvclock(&m), U64_MAX);
}
END_TEST

/* Lay the simulated page out as an older kernel's struct vdso_data[2] would have it. */
static void pack_old_layout(unsigned char *buf, const struct vdso_time_data *vd, bool max_cycles)
{
	for (int g = 0; g < CS_BASES; g++) {
		const struct vdso_clock *vc = &vd->clock_data[g];
		unsigned char *b = buf + (size_t)g * (max_cycles ? 248 : 240);
		size_t o = 16;

		memcpy(b, &vc->seq, 4);
		memcpy(b + 4, &vc->clock_mode, 4);
		memcpy(b + 8, &vc->cycle_last, 8);
		if (max_cycles) {
			memcpy(b + 16, &vc->max_cycles, 8);
			o = 24;
		}
		memcpy(b + o, &vc->mask, 8);
		memcpy(b + o + 8, &vc->mult, 4);
		memcpy(b + o + 12, &vc->shift, 4);
		memcpy(b + o + 16, vc->basetime, sizeof(vc->basetime));
	}
}

/*
 * Decoding, without a host in TSC mode: the simulated page of a kernel on
 * the real TSC is itself a v6.15 struct vdso_clock[2]; packed as v5.3 and
 * v6.10 pages it must decode the same.  Every mirrored clock lies between
 * two reads of the simulated vDSO.
 */
START_TEST(test_mirror_decodes_layouts)
{
	struct sim_tsc_system *s = tsc_system(VDSO_TSC_LFENCE);
	static unsigned char old[2 * 248];
	struct mirror m;

	update_wall_time(&s->k);
	for (int l = MIRROR_LAYOUT_V5_3; l < MIRROR_LAYOUT_NR; l++) {
		const void *data = s->k.vdata.clock_data;
		struct vdso_clock g;

		if (l != MIRROR_LAYOUT_V6_15) {
			pack_old_layout(old, &s->k.vdata, l != MIRROR_LAYOUT_V5_3);
			data = old;
		}
		mirror_attach(&m, data, (enum mirror_layout)l, VDSO_TSC_LFENCE);
		mirror_read_group(&m, CS_RAW, &g);
		ck_assert_int_eq(g.clock_mode, MIRROR_MODE_TSC);
		ck_assert_uint_eq(g.mult, s->k.vdata.clock_data[CS_RAW].mult);
		ck_assert_uint_eq(
			g.basetime[TK_CLOCK_MONOTONIC_RAW].nsec,
			s->k.vdata.clock_data[CS_RAW].basetime[TK_CLOCK_MONOTONIC_RAW].nsec);
		for (unsigned int i = 0; i < oracle_nr_clocks; i++) {
			s32 c = oracle_clocks[i];
			struct timespec64 a, t, b;

			ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, c, &a), 0);
			ck_assert_int_eq(mirror_clock_gettime(&m, c, &t), 0);
			ck_assert_int_eq(cvdso_clock_gettime(&s->k.vdata, c, &b), 0);
			ck_assert_msg(ts_to_ns(&a) <= ts_to_ns(&t) && ts_to_ns(&t) <= ts_to_ns(&b),
				      "layout %s: CLOCK_%s out of order", mirror_layout_name(l),
				      oracle_clock_name(c));
		}
		ck_assert_int_eq(mirror_clock_gettime(&m, TK_CLOCK_PROCESS_CPUTIME_ID, NULL),
				 -EINVAL);
	}
	/* A page whose clock mode is not TSC is refused for hres clocks, served for coarse ones. */
	s->k.vdata.clock_data[CS_HRES_COARSE].clock_mode = MIRROR_MODE_PVCLOCK;
	mirror_attach(&m, s->k.vdata.clock_data, MIRROR_LAYOUT_V6_15, VDSO_TSC_LFENCE);
	{
		struct timespec64 t;

		ck_assert_int_eq(mirror_clock_gettime(&m, TK_CLOCK_MONOTONIC, &t), -EOPNOTSUPP);
		ck_assert_int_eq(mirror_clock_gettime(&m, TK_CLOCK_MONOTONIC_COARSE, &t), 0);
	}
	tsc_system_free(s);
}
END_TEST

/* Why test_mirror_host cannot run here (a kernel or [vvar] mirror does not know), or NULL. */
static const char *mirror_host_skip(void)
{
	static char buf[1 << 16];
	char rel[256];
	FILE *f = fopen("/proc/self/maps", "r");
	FILE *u = fopen("/proc/sys/kernel/osrelease", "r");
	unsigned long start, end;
	enum mirror_layout l;
	int maj, min, bad;
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	bad = !u || !fgets(rel, sizeof(rel), u) || mirror_parse_release(rel, &maj, &min) ||
	      mirror_layout_for(maj, min, &l) || mirror_find_vvar(buf, &start, &end);
	if (u)
		fclose(u);
	return bad ? "kernel or [vvar] not known here, nothing to compare" : NULL;
}

/* The running kernel's own page: the coarse clocks always, the others in TSC or pvclock mode. */
START_TEST(test_mirror_host)
{
	char buf[1 << 16];
	FILE *f = fopen("/proc/self/maps", "r");
	size_t n;
	unsigned long start, end;
	enum mirror_layout l;
	struct mirror m;
	struct vdso_clock g;
	int maj, min;
	struct utsname_buf {
		char release[256];
	} rel = { { 0 } };
	FILE *u = fopen("/proc/sys/kernel/osrelease", "r");

	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	/* mirror_host_skip() said this kernel and its [vvar] are known. */
	ck_assert_ptr_nonnull(u);
	ck_assert_ptr_nonnull(fgets(rel.release, sizeof(rel.release), u));
	fclose(u);
	ck_assert_int_eq(mirror_parse_release(rel.release, &maj, &min), 0);
	ck_assert_int_eq(mirror_layout_for(maj, min, &l), 0);
	ck_assert_int_eq(mirror_find_vvar(buf, &start, &end), 0);
	mirror_attach(&m, (const void *)(start + mirror_data_offset(l)), l, VDSO_TSC_LFENCE);
	if (!mirror_find_mapping(buf, "[vvar_vclock]", &start, &end))
		mirror_attach_pvclock(&m, (const void *)start);
	mirror_read_group(&m, CS_HRES_COARSE, &g);
	for (s32 c = 0; c < VDSO_BASES; c++) {
		bool hres = BIT(c) & (VDSO_HRES | VDSO_RAW);
		bool counter = g.clock_mode == MIRROR_MODE_TSC ||
			       (g.clock_mode == MIRROR_MODE_PVCLOCK && m.pvti &&
				mirror_vread_pvclock(&m) != U64_MAX);

		if (!(BIT(c) & (VDSO_HRES | VDSO_RAW | VDSO_COARSE)) || (hres && !counter))
			continue;
		for (int i = 0; i < 1000; i++) {
			struct timespec a, b;
			struct timespec64 t, ta, tb;

			clock_gettime((clockid_t)c, &a);
			ck_assert_int_eq(mirror_clock_gettime(&m, c, &t), 0);
			clock_gettime((clockid_t)c, &b);
			ta = (struct timespec64){ a.tv_sec, a.tv_nsec };
			tb = (struct timespec64){ b.tv_sec, b.tv_nsec };
			ck_assert_msg(ts_to_ns(&ta) <= ts_to_ns(&t) &&
					      ts_to_ns(&t) <= ts_to_ns(&tb),
				      "kernel %s layout %s: CLOCK_%s outside the host's bracket",
				      rel.release, mirror_layout_name(l), oracle_clock_name(c));
		}
	}
}
END_TEST

static Suite *tsc_suite(void)
{
	Suite *s = suite_create("tsc");
	TCase *tc = tcase_create("tsc");
	TCase *mir = tcase_create("mirror");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_calibrate);
	tcase_add_test(tc, test_insn_names);
	tcase_add_test(tc, test_clocksource);
	tcase_add_test(tc, test_system_tracks_host);
	tcase_add_test(tc, test_synthetic_counter);
	tcase_add_test(tc, test_jitter);
	/* Real TSC and host clocks: not under valgrind (see test_run_suite()). */
	tcase_set_tags(tc, "realtime");
	tcase_set_tags(mir, "realtime");
	suite_add_tcase(s, tc);
	tcase_add_test(mir, test_mirror_versions);
	tcase_add_test(mir, test_mirror_find_vvar);
	tcase_add_test(mir, test_mirror_pvclock);
	tcase_add_test(mir, test_mirror_decodes_layouts);
	test_add_unless(mir, test_mirror_host, mirror_host_skip());
	suite_add_tcase(s, mir);
	return s;
}

int main(void)
{
	test_seed();
	return test_run_suite(tsc_suite());
}
