// SPDX-License-Identifier: GPL-2.0
// tksim's own: the daemon row of `tksim bench`: Debian 12's chronyd with a SHM refclock on the
// simulated kernel, simulated seconds per wall-clock second (docs/daemons.md, "Speed").
/*
 * Issue 12's target: one simulated day of chronyd with a SHM refclock in
 * under 10 s, i.e. at least 8640 simulated seconds per wall second.  The row
 * runs `tksim daemon` (this binary, /proc/self/exe) on the chronyd that
 * scripts/fetch-daemons.sh unpacked into the build folder (or
 * $TKSIM_CHRONYD), with the configuration of tests/daemon/daemon_chronyd.sh, from a
 * 100 ms initial error and a +35 ppm counter: a simulated day, or an hour
 * with --quick.  Both processes count: the wall time is the run's, and the
 * row adds their CPU time (getrusage of the children), which does not depend
 * on the machine's load.  Without chronyd the row says why and measures
 * nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/bench/bench_common.h"
#include "tools/bench/bench_rows.h"
#include "tools/process.h"

/* The row when nothing could be measured: the reason in the text report; no JSON object. */
static int daemon_row_skipped(struct bench_rate *out, const char *why)
{
	snprintf(out->text, sizeof(out->text),
		 "\nchronyd on the simulated kernel (tksim daemon): not measured: %.400s\n", why);
	return 1;
}

/* chronyd: $TKSIM_CHRONYD, else build/daemons/ next to this tksim (build/tools/tksim). */
static int daemon_row_chronyd(char *buf, size_t n)
{
	const char *env = getenv("TKSIM_CHRONYD");
	char exe[4096];
	ssize_t len;
	char *slash;

	if (env && *env) {
		snprintf(buf, n, "%s", env);
		return access(buf, X_OK);
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0)
		return -1;
	exe[len] = 0;
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = 0;
	snprintf(buf, n, "%.4000s/../daemons/root/usr/sbin/chronyd", exe);
	return access(buf, X_OK);
}

/* CPU seconds (user + system) of the children waited for so far: tksim daemon and chronyd. */
static double daemon_row_children_cpu_s(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru))
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/* Run `tksim daemon ... -- chronyd` for @sim_s simulated seconds; its exit status or -1. */
static int daemon_row_run(const char *chronyd, const char *dir, unsigned int sim_s)
{
	char conf[4200], dur[32];
	FILE *f;
	pid_t pid;
	int status;

	snprintf(conf, sizeof(conf), "%s/chrony.conf", dir);
	f = fopen(conf, "w");
	if (!f)
		return -1;
	fprintf(f,
		"refclock SHM 0 poll 2\nmakestep 1 3\ndriftfile %s/drift\npidfile %s/chronyd.pid\n"
		"bindcmdaddress /\ncmdport 0\nport 0\n",
		dir, dir);
	fclose(f);
	snprintf(dur, sizeof(dur), "%us", sim_s);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execl("/proc/self/exe", "tksim", "daemon", "--shm", "--shm-noise", "2us",
		      "--offset", "0.1", "--ppm", "35", "--duration", dur, "--", chronyd, "-d",
		      "-u", "root", "-f", conf, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		return -1;
	/* A signal to tksim (EINTR here) stops the daemon run, which stops its chronyd. */
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
		if (tksim_signal_caught())
			kill(pid, SIGTERM);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/**
 * bench_row_daemon() - the daemon row
 * @o:   the options (--quick: a simulated hour instead of a day; engine_ns 0 skips the row)
 * @out: the rate (simulated seconds per wall second), its text and JSON
 *
 * Return: 0, or 1 when skipped (by the options, or without chronyd: the text says why).
 */
int bench_row_daemon(const struct bench_opts *o, struct bench_rate *out)
{
	unsigned int sim_s = o->quick ? 3600 : 86400;
	char chronyd[4200], dir[] = "/tmp/tksim-bench-daemon.XXXXXX", why[128];
	double wall_s, cpu_s;
	u64 t0;
	int rc;

	if (!o->engine_ns)
		return 1;
	if (daemon_row_chronyd(chronyd, sizeof(chronyd)))
		return daemon_row_skipped(out, "no chronyd: fetch it with scripts/fetch-daemons.sh "
					       "build/daemons (or set TKSIM_CHRONYD)");
	if (!mkdtemp(dir))
		return daemon_row_skipped(out, "cannot make a temporary folder");
	chmod(dir, 0777); /* chronyd runs as nobody when tksim runs as root */
	cpu_s = daemon_row_children_cpu_s();
	t0 = bench_now_ns();
	rc = daemon_row_run(chronyd, dir, sim_s);
	wall_s = (double)(bench_now_ns() - t0) * 1e-9;
	cpu_s = daemon_row_children_cpu_s() - cpu_s;
	snprintf(why, sizeof(why), "rm -rf '%s'", dir);
	if (system(why)) {
		/* a leftover temporary folder is not worth failing the row */
	}
	if (rc != 0) {
		snprintf(why, sizeof(why), "tksim daemon -- chronyd exited %d", rc);
		return daemon_row_skipped(out, why);
	}
	if (wall_s <= 0)
		wall_s = 1e-9;
	out->per_s = sim_s / wall_s;
	snprintf(out->text, sizeof(out->text),
		 "\nchronyd on the simulated kernel (tksim daemon, SHM refclock, 100 ms initial "
		 "error,\n+35 ppm counter, NOHZ idle, in-process vDSO reads, oracle on)\n"
		 "daemon: %u simulated s in %.3f s: %.0f simulated s/s (a day in %.1f s)\n"
		 "daemon: %.3f s of CPU, both processes (a day in %.1f CPU s; the wall time\n"
		 "        depends on what else the machine runs)\n",
		 sim_s, wall_s, out->per_s, 86400.0 / out->per_s, cpu_s, cpu_s * 86400.0 / sim_s);
	snprintf(out->json, sizeof(out->json),
		 "\"simulated_s\": %u, \"wall_s\": %.3f, \"cpu_s\": %.3f, "
		 "\"simulated_s_per_s\": %.1f",
		 sim_s, wall_s, cpu_s, out->per_s);
	snprintf(out->detail, sizeof(out->detail), "%u simulated s in %.2f s", sim_s, wall_s);
	return 0;
}
