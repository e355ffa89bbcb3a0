// SPDX-License-Identifier: GPL-2.0
// tksim's own: what `tksim bench` runs on: the machine, the host vDSO's entry points.
#define _GNU_SOURCE
#include <string.h>
#include <sys/utsname.h>

#include "tools/bench/bench_report.h"

/* The first line of @path without its newline, or @def. */
static void read_line(const char *path, char *buf, size_t n, const char *def)
{
	FILE *f = fopen(path, "r");

	snprintf(buf, n, "%s", def);
	if (!f)
		return;
	if (fgets(buf, (int)n, f))
		buf[strcspn(buf, "\n")] = 0;
	else
		snprintf(buf, n, "%s", def);
	fclose(f);
}

/**
 * bench_probe_machine() - what the numbers are measured on
 * @m: out (cpu_pinned is left as it is)
 */
void bench_probe_machine(struct bench_machine *m)
{
	struct utsname u;
	char line[1024];
	FILE *f;

	snprintf(m->cpu, sizeof(m->cpu), "unknown");
	f = fopen("/proc/cpuinfo", "r");
	if (f) {
		bool have_model = false;

		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');

			if (!colon)
				continue;
			if (!have_model && !strncmp(line, "model name", 10)) {
				snprintf(m->cpu, sizeof(m->cpu), "%s", colon + 2);
				m->cpu[strcspn(m->cpu, "\n")] = 0;
				have_model = true;
			} else if (!strncmp(line, "flags", 5) && strstr(colon, " hypervisor")) {
				m->hypervisor = true;
			}
		}
		fclose(f);
	}
	snprintf(m->kernel, sizeof(m->kernel), "%s", uname(&u) ? "unknown" : u.release);
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  m->clocksource, sizeof(m->clocksource), "unknown");
	m->rdtscp = sim_tsc_insn_supported(VDSO_TSC_RDTSCP);
	m->retpoline_built = vclock_v416_retpoline_built();
}

/*
 * The host vDSO's entry points: x86-64 names them __vdso_* in version
 * LINUX_2.6, arm64 __kernel_* in LINUX_2.6.39 (tools/testing/selftests/vDSO/
 * vdso_config.h).  time() has no arm64 entry.
 */
/**
 * bench_setup_host() - find the host vDSO's entry points
 * @h: out; all NULL when the host has no vDSO
 * @m: host_vdso is set when it has one
 */
void bench_setup_host(struct bench_host *h, struct bench_machine *m)
{
	static const struct {
		const char *version, *gettime, *gtod, *time, *getres;
	} abi[] = {
		{ "LINUX_2.6", "__vdso_clock_gettime", "__vdso_gettimeofday", "__vdso_time",
		  "__vdso_clock_getres" },
		{ "LINUX_2.6.39", "__kernel_clock_gettime", "__kernel_gettimeofday", "-",
		  "__kernel_clock_getres" },
	};

	memset(h, 0, sizeof(*h));
	if (tk_vdso_init_self(&h->vdso))
		return;
	m->host_vdso = true;
	for (size_t i = 0; i < sizeof(abi) / sizeof(abi[0]) && !h->clock_gettime; i++) {
		const struct tk_vdso *v = &h->vdso;

		h->clock_gettime = (int (*)(clockid_t, struct timespec *))tk_vdso_sym(
			v, abi[i].version, abi[i].gettime);
		h->gettimeofday = (int (*)(struct timeval *, void *))tk_vdso_sym(v, abi[i].version,
										 abi[i].gtod);
		h->time = (time_t(*)(time_t *))tk_vdso_sym(v, abi[i].version, abi[i].time);
		h->clock_getres = (int (*)(clockid_t, struct timespec *))tk_vdso_sym(
			v, abi[i].version, abi[i].getres);
	}
}

/**
 * bench_host_has() - whether the host vDSO has an entry point
 * @h:    the host vDSO
 * @kind: the entry point
 *
 * Return: true if it does.
 */
bool bench_host_has(const struct bench_host *h, enum bench_kind kind)
{
	switch (kind) {
	case BENCH_GETTIME:
		return h->clock_gettime;
	case BENCH_GETTIMEOFDAY:
		return h->gettimeofday;
	case BENCH_TIME:
		return h->time;
	default:
		return h->clock_getres;
	}
}
