// SPDX-License-Identifier: GPL-2.0
// tksim's own: `tksim mirror --dump` and --json (see tools/mirror/mirror_report.h, docs/output.md).
/*
 * Every decoded field of the host's time data, in the kernel's names and
 * units, each base also in plain ns, and the fields a syscall can confirm
 * (tz, hrtimer_res, TAI - UTC) next to the syscall's answer, so that a
 * wrong layout shows.
 */
#include "tools/mirror/mirror_report.h"

#include <inttypes.h>
#include <sys/time.h>
#include <time.h>

#include "sim/oracle.h"
#include "sim/tsc.h"
#include "tools/mirror/mirror_aux.h"

/* What the host's syscalls say about the fields that have one. */
struct host_view {
	struct timezone tz;
	long res_ns;
	long long tai_s;
};

static void host_view(struct host_view *h)
{
	struct timespec res = { 0 }, rt = { 0 }, tai = { 0 };

	*h = (struct host_view){ 0 };
	gettimeofday(&(struct timeval){ 0 }, &h->tz);
	h->res_ns = clock_getres(CLOCK_MONOTONIC, &res) ? -1 : res.tv_nsec;
	if (clock_gettime(CLOCK_REALTIME, &rt) || clock_gettime(CLOCK_TAI, &tai))
		h->tai_s = -1;
	else /* rounded: the two reads are a few ns apart */
		h->tai_s = (long long)(tai.tv_sec - rt.tv_sec) +
			   (tai.tv_nsec - rt.tv_nsec >= 500000000L ? 1 : 0) -
			   (tai.tv_nsec - rt.tv_nsec < -500000000L ? 1 : 0);
}

static const char *const group_names[CS_BASES] = { "CS_HRES_COARSE", "CS_RAW" };

/* The clock ids whose base a group holds: VDSO_HRES | VDSO_COARSE, or VDSO_RAW. */
static u32 group_bases(int group)
{
	return group == CS_RAW ? VDSO_RAW : VDSO_HRES | VDSO_COARSE;
}

/* A base's nsec in ns: shifted ns for counter-based clocks, plain ns for coarse ones. */
static u64 base_ns(const struct vdso_clock *g, int clock)
{
	return (BIT(clock) & VDSO_COARSE) ? g->basetime[clock].nsec
					  : g->basetime[clock].nsec >> g->shift;
}

/* TAI - UTC from the page: update_vsyscall() writes TAI as REALTIME plus tai_offset. */
static s64 page_tai_offset(const struct cmd_mirror_page *p)
{
	const struct vdso_clock *g = &p->group[CS_HRES_COARSE];

	return (s64)(g->basetime[TK_CLOCK_TAI].sec - g->basetime[TK_CLOCK_REALTIME].sec);
}

/**
 * cmd_mirror_print_dump() - every decoded field of the page, one per line
 * @f: where to
 * @p: the decoded page
 */
void cmd_mirror_print_dump(FILE *f, const struct cmd_mirror_page *p)
{
	const struct mirror_misc *x = &p->misc;
	struct host_view h;

	host_view(&h);
	for (int gi = 0; gi < CS_BASES; gi++) {
		const struct vdso_clock *g = &p->group[gi];
		bool other_zero = true;

		fprintf(f, "clock_data[%s]\n", group_names[gi]);
		fprintf(f, "  seq          %" PRIu32 "%s\n", g->seq,
			g->seq & 1 ? " (odd: being written)" : "");
		fprintf(f, "  clock_mode   %" PRId32 " (%s)\n", g->clock_mode,
			mirror_mode_name(g->clock_mode));
		fprintf(f, "  cycle_last   %" PRIu64 " cycles\n", g->cycle_last);
		if (p->layout >= MIRROR_LAYOUT_V6_10)
			fprintf(f, "  max_cycles   %" PRIu64 " cycles\n", g->max_cycles);
		else
			fprintf(f, "  max_cycles   (not in this layout)\n");
		fprintf(f, "  mask         0x%016" PRIx64 "\n", g->mask);
		fprintf(f, "  mult         %" PRIu32 " (%.9f ns per cycle)\n", g->mult,
			g->shift < 64 ? (double)g->mult / (double)(1ULL << g->shift) : 0.0);
		fprintf(f, "  shift        %" PRIu32 "\n", g->shift);
		for (int c = 0; c < VDSO_BASES; c++) {
			char name[40];

			if (!(group_bases(gi) & BIT(c))) {
				other_zero &= !g->basetime[c].sec && !g->basetime[c].nsec;
				continue;
			}
			snprintf(name, sizeof(name), "basetime[CLOCK_%s]", oracle_clock_name(c));
			fprintf(f,
				"  %-33s sec %" PRIu64 ", nsec %" PRIu64 " %s = %" PRIu64
				".%09" PRIu64 " s\n",
				name, g->basetime[c].sec, g->basetime[c].nsec,
				(BIT(c) & VDSO_COARSE) ? "ns " : "sns", g->basetime[c].sec,
				(u64)(base_ns(g, c) % 1000000000ULL));
		}
		fprintf(f, "  other basetime[] entries: %s\n",
			other_zero ? "unused by this group (all zero)"
				   : "unused by this group, but not zero (wrong layout?)");
	}
	fprintf(f, "time data%s\n",
		p->aux_clocks ? " (after aux_clock_data[8], the v6.17 auxiliary clocks)" : "");
	fprintf(f, "  tz_minuteswest  %" PRId32 " min (gettimeofday(2) says %d)\n",
		x->tz_minuteswest, h.tz.tz_minuteswest);
	fprintf(f, "  tz_dsttime      %" PRId32 " (gettimeofday(2) says %d)\n", x->tz_dsttime,
		h.tz.tz_dsttime);
	fprintf(f, "  hrtimer_res     %" PRIu32 " ns (clock_getres(CLOCK_MONOTONIC) says %ld ns)\n",
		x->hrtimer_res, h.res_ns);
	fprintf(f,
		"  TAI - UTC       %" PRId64 " s (basetime[TAI].sec - basetime[REALTIME].sec; "
		"CLOCK_TAI - CLOCK_REALTIME says %lld s)\n",
		page_tai_offset(p), h.tai_s);
}

/**
 * cmd_mirror_json_page() - the decoded page as members of the current object
 * @j: the writer, inside the report's object
 * @p: the decoded page
 */
void cmd_mirror_json_page(struct json *j, const struct cmd_mirror_page *p)
{
	struct host_view h;

	host_view(&h);
	json_kstr(j, "kernel", p->release);
	json_kstr(j, "layout", mirror_layout_name(p->layout));
	json_kstr(j, "tsc_read", sim_tsc_insn_name(p->insn));
	json_ku64(j, "vvar_address", p->vvar);
	json_ku64(j, "vvar_kib", p->vvar_kib);
	json_arr(j, "clock_data");
	for (int gi = 0; gi < CS_BASES; gi++) {
		const struct vdso_clock *g = &p->group[gi];

		json_obj(j, NULL);
		json_kstr(j, "group", group_names[gi]);
		json_ku64(j, "seq", g->seq);
		json_ks64(j, "clock_mode", g->clock_mode);
		json_kstr(j, "clock_mode_name", mirror_mode_name(g->clock_mode));
		json_ku64(j, "cycle_last", g->cycle_last);
		if (p->layout >= MIRROR_LAYOUT_V6_10)
			json_ku64(j, "max_cycles", g->max_cycles);
		else
			json_knull(j, "max_cycles");
		json_ku64(j, "mask", g->mask);
		json_ku64(j, "mult", g->mult);
		json_ku64(j, "shift", g->shift);
		json_arr(j, "basetime");
		for (int c = 0; c < VDSO_BASES; c++) {
			if (!(group_bases(gi) & BIT(c)))
				continue;
			json_obj(j, NULL);
			json_kstr(j, "clock", oracle_clock_name(c));
			json_ks64(j, "id", c);
			json_ku64(j, "sec", g->basetime[c].sec);
			json_ku64(j, "nsec", g->basetime[c].nsec);
			json_kstr(j, "nsec_unit", (BIT(c) & VDSO_COARSE) ? "ns" : "sns");
			json_ki128(j, "ns",
				   (__int128)g->basetime[c].sec * 1000000000 + base_ns(g, c));
			json_end(j);
		}
		json_end(j);
		json_end(j);
	}
	json_end(j);
	json_ks64(j, "tz_minuteswest", p->misc.tz_minuteswest);
	json_ks64(j, "tz_dsttime", p->misc.tz_dsttime);
	json_ku64(j, "hrtimer_res_ns", p->misc.hrtimer_res);
	json_ks64(j, "tai_offset_s", page_tai_offset(p));
	json_obj(j, "host");
	json_ks64(j, "tz_minuteswest", h.tz.tz_minuteswest);
	json_ks64(j, "tz_dsttime", h.tz.tz_dsttime);
	json_ks64(j, "clock_getres_ns", h.res_ns);
	json_ks64(j, "tai_offset_s", h.tai_s);
	json_end(j);
}

/**
 * cmd_mirror_json_cmp() - one clock's comparison as an object of the current array
 * @j: the writer
 * @c: the comparison
 */
void cmd_mirror_json_cmp(struct json *j, const struct cmd_mirror_cmp *c)
{
	char name[16];

	json_obj(j, NULL);
	json_kstr(j, "clock", cmd_mirror_clock_name(c->clock, name, sizeof(name)));
	json_ku64(j, "samples", c->samples);
	json_ku64(j, "in_order", c->within);
	json_kdbl(j, "mean_tksim_minus_host_ns", c->mean_diff);
	json_kdbl(j, "mean_host_bracket_ns", c->mean_width);
	json_ks64(j, "worst_outside_ns", c->worst);
	json_end(j);
}
