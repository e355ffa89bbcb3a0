// SPDX-License-Identifier: GPL-2.0
// Tests of sim/mirror/mirror.c's page fields outside the clock groups (mirror_read_misc()), against
// the kernel's structs as declared in include/vdso/datapage.h (v5.3, v6.10, v6.15, v6.17).
/*
 * The structs below are the kernel's, written out for each era, so that the
 * compiler, not tksim's layout table, says where tz and hrtimer_res lie.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "tests/check_util.h"
#include "sim/mirror/mirror.h"

/* v5.3-v6.9: struct vdso_data, used as vdso_data[CS_BASES]. */
struct v53_data {
	u32 seq;
	s32 clock_mode;
	u64 cycle_last;
	u64 mask;
	u32 mult;
	u32 shift;
	struct vdso_timestamp basetime[VDSO_BASES];
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
	u32 unused;
};

/* v6.10-v6.14: the same with max_cycles (CONFIG_GENERIC_VDSO_OVERFLOW_PROTECT). */
struct v610_data {
	u32 seq;
	s32 clock_mode;
	u64 cycle_last;
	u64 max_cycles;
	u64 mask;
	u32 mult;
	u32 shift;
	struct vdso_timestamp basetime[VDSO_BASES];
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
	u32 unused;
};

/* v6.15-v6.16: struct vdso_time_data; v6.17 adds aux_clock_data[MAX_AUX_CLOCKS = 8]. */
struct v615_time_data {
	struct vdso_clock clock_data[CS_BASES];
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
	u32 unused;
};

struct v617_time_data {
	struct vdso_clock clock_data[CS_BASES];
	struct vdso_clock aux_clock_data[8];
	s32 tz_minuteswest;
	s32 tz_dsttime;
	u32 hrtimer_res;
	u32 unused;
};

/* Distinct values, so that a field read from a neighbour's place shows. */
#define TZ_WEST (-330)
#define TZ_DST 2
#define RES 999983u

#define FILL(p)                                \
	do {                                   \
		(p)->tz_minuteswest = TZ_WEST; \
		(p)->tz_dsttime = TZ_DST;      \
		(p)->hrtimer_res = RES;        \
	} while (0)

static void check_misc(const void *page, enum mirror_layout l, bool aux)
{
	struct mirror_misc x;
	struct mirror m;

	mirror_attach(&m, page, l, VDSO_TSC_LFENCE);
	mirror_read_misc(&m, aux, &x);
	ck_assert_int_eq(x.tz_minuteswest, TZ_WEST);
	ck_assert_int_eq(x.tz_dsttime, TZ_DST);
	ck_assert_uint_eq(x.hrtimer_res, RES);
}

START_TEST(test_misc_v5_3)
{
	static struct v53_data d[CS_BASES];

	FILL(&d[0]);
	check_misc(d, MIRROR_LAYOUT_V5_3, false);
}
END_TEST

START_TEST(test_misc_v6_10_and_v6_13)
{
	static struct v610_data d[CS_BASES];

	FILL(&d[0]);
	check_misc(d, MIRROR_LAYOUT_V6_10, false);
	check_misc(d, MIRROR_LAYOUT_V6_13, false);
}
END_TEST

START_TEST(test_misc_v6_15)
{
	static struct v615_time_data d;

	FILL(&d);
	check_misc(&d, MIRROR_LAYOUT_V6_15, false);
}
END_TEST

START_TEST(test_misc_v6_17)
{
	static struct v617_time_data d;

	FILL(&d);
	check_misc(&d, MIRROR_LAYOUT_V6_15, true);
}
END_TEST

/* The auxiliary clocks arrived in v6.17; mirror_has_aux_clocks() says so at the boundary. */
START_TEST(test_aux_clocks_from_v6_17)
{
	ck_assert(!mirror_has_aux_clocks(5, 19));
	ck_assert(!mirror_has_aux_clocks(6, 16));
	ck_assert(mirror_has_aux_clocks(6, 17));
	ck_assert(mirror_has_aux_clocks(6, 19));
	ck_assert(mirror_has_aux_clocks(7, 0));
}
END_TEST

/*
 * do_aux() over a v6.17 page: aux id 16 + n reads aux_clock_data[n]'s
 * basetime[0], and a clock mode of NONE (a disabled clock) is -ENODEV, the
 * syscall's answer.  mult 0 makes the counter drop out, so the result is the
 * base whatever the TSC says; each entry's base differs, so that a read of
 * the wrong entry shows.
 */
START_TEST(test_aux_read)
{
	static struct v617_time_data d;
	struct timespec64 ts;
	struct mirror m;

	for (int n = 0; n < 8; n++) {
		d.aux_clock_data[n].clock_mode = n == 5 ? MIRROR_MODE_NONE : MIRROR_MODE_TSC;
		d.aux_clock_data[n].basetime[0].sec = 1000 + (u64)n;
		d.aux_clock_data[n].basetime[0].nsec = (u64)n * 7;
	}
	d.clock_data[CS_HRES_COARSE].basetime[0].sec = 1;
	mirror_attach(&m, &d, MIRROR_LAYOUT_V6_15, VDSO_TSC_LFENCE);
	ck_assert_int_eq(mirror_clock_gettime(&m, MIRROR_CLOCK_AUX, &ts), -EINVAL);
	mirror_attach_aux(&m, true);
	for (int n = 0; n < 8; n++) {
		int ret = mirror_clock_gettime(&m, MIRROR_CLOCK_AUX + n, &ts);

		if (n == 5) {
			ck_assert_int_eq(ret, -ENODEV);
			continue;
		}
		ck_assert_int_eq(ret, 0);
		ck_assert_int_eq(ts.tv_sec, 1000 + n);
		ck_assert_int_eq(ts.tv_nsec, n * 7);
	}
	ck_assert_int_eq(mirror_clock_gettime(&m, MIRROR_CLOCK_AUX + 8, &ts), -EINVAL);
	/* A layout before v6.15 has no aux_clock_data[] whatever the caller says. */
	mirror_attach(&m, &d, MIRROR_LAYOUT_V6_13, VDSO_TSC_LFENCE);
	mirror_attach_aux(&m, true);
	ck_assert_int_eq(mirror_clock_gettime(&m, MIRROR_CLOCK_AUX, &ts), -EINVAL);
}
END_TEST

static Suite *mirror_page_suite(void)
{
	Suite *s = suite_create("mirror_page");
	TCase *tc = tcase_create("misc");

	tcase_add_test(tc, test_misc_v5_3);
	tcase_add_test(tc, test_misc_v6_10_and_v6_13);
	tcase_add_test(tc, test_misc_v6_15);
	tcase_add_test(tc, test_misc_v6_17);
	tcase_add_test(tc, test_aux_clocks_from_v6_17);
	tcase_add_test(tc, test_aux_read);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(mirror_page_suite());
}
