// SPDX-License-Identifier: GPL-2.0
// tksim's own: the hostile-case driver (issue 20): N drawn cases over every command, J at a time.
/*
 * hostile --seed S --cases N [--first I] [--jobs J] [--build DIR | --tksim PATH]
 *         [--timeout MS] [--log FILE] [--quiet]
 * hostile --seed S --case I [--build DIR | --tksim PATH]
 *
 * Cases are drawn from (S, index) alone (hostile_case.c), run by J worker
 * processes, each a subreaper for the processes its cases leave, each with a
 * scratch folder of its own.  A worker sends one fixed-size record per case
 * to the parent over a pipe (atomic: smaller than PIPE_BUF), and prints a
 * failing case itself: its replay line (--seed S --case I), its command line
 * and files, what it printed.  The parent prints a progress line every five
 * seconds and, at the end, the cases by command and outcome.  Exit 0 when
 * every case kept the rules, 1 when one did not, 2 for bad usage.
 */
#define _GNU_SOURCE
#include "tests/hostile/hostile.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The summary's columns: what a case ended with. */
enum { O_EXIT0, O_EXIT1, O_EXIT2, O_EXIT4, O_EXIT130, O_SIGNAL, O_HANG, O_FAIL, O_NR };
static const char *const o_names[O_NR] = { "exit0",   "exit1",	"exit2", "exit4",
					   "exit130", "signal", "hang",	 "FAILED" };

struct opts {
	unsigned long long seed;
	long cases, first, one;
	int jobs, timeout_ms;
	const char *tksim, *log;
	bool quiet;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The summary's row of a case: its command, or the dispatcher's own row after them. */
static int row_of(const struct h_tables *t, const char *cmd)
{
	for (int i = 0; i < t->ncmds; i++)
		if (!strcmp(t->cmds[i].name, cmd))
			return i;
	return t->ncmds;
}

static int outcome(const struct h_result *r)
{
	if (r->hang)
		return O_HANG;
	if (WIFSIGNALED(r->status))
		return O_SIGNAL;
	switch (WEXITSTATUS(r->status)) {
	case 0:
		return O_EXIT0;
	case 1:
		return O_EXIT1;
	case 2:
		return O_EXIT2;
	case 4:
		return O_EXIT4;
	default:
		return O_EXIT130; /* 130; any other status is a failure, counted there */
	}
}

/* A failing case, said at once and whole: its replay line, its input, its output. */
static void report(const struct opts *op, const struct h_case *c, const struct h_result *r,
		   const struct h_output *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return;
	fprintf(f, "FAIL: case %ld (%s, %s): %s; replay: hostile --seed %llu --case %ld\n",
		c->index, c->cmd, c->gen, r->why, op->seed, c->index);
	h_case_print(c, f);
	fprintf(f, "  stderr| %.*s\n", (int)(o->nerr < 1200 ? o->nerr : 1200), o->err);
	if (o->nout)
		fprintf(f, "  stdout| %.*s\n", (int)(o->nout < 400 ? o->nout : 400), o->out);
	fclose(f);
	(void)!write(2, text, len);
	free(text);
}

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

/* The descriptors this process holds (/proc/self/fd, less the one reading it). */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n - 3; /* ".", ".." and the directory's own */
}

/*
 * One worker: cases first+w, first+w+J, ...; a record each to @fd.  Exits 3 when the driver
 * itself failed: cases it could not start, or descriptors it kept (a leak of one pipe a case
 * stopped the 2026-12-02 campaign after 20 000 cases, at the machine's limit of open files).
 */
static void worker(const struct opts *op, const struct h_tables *t, int w, const char *dir, int fd)
{
	int fds0 = open_fds();
	long ran = 0;
	static struct h_case c;
	static struct h_output o;
	struct h_result r;
	int unstarted = 0;

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	/* A driver that cannot start cases any more (a limit of the machine) stops, said once. */
	for (long i = op->first + w; i < op->first + op->cases && !stop && unstarted < 10;
	     i += op->jobs) {
		h_case_draw(&c, t, op->seed, i);
		if (op->timeout_ms)
			c.timeout_ms = op->timeout_ms;
		memset(&r, 0, sizeof(r));
		r.index = i;
		r.cmd = row_of(t, c.cmd);
		if (h_case_run(&c, op->tksim, dir, &r, &o)) {
			snprintf(r.why, sizeof(r.why), "the driver could not start the case: %s",
				 strerror(errno));
			if (++unstarted == 10)
				fprintf(stderr,
					"hostile: worker %d stops at case %ld: 10 cases in a "
					"row could not start (%s)\n",
					w, i, strerror(errno));
		} else {
			unstarted = 0;
			h_case_check(&c, dir, &r, &o);
		}
		if (r.why[0])
			report(op, &c, &r, &o);
		h_case_free(&c);
		ran++;
		if (write(fd, &r, sizeof(r)) != sizeof(r))
			break;
	}
	if (open_fds() > fds0 + 2) {
		fprintf(stderr,
			"hostile: worker %d holds %d more file descriptors after %ld cases\n", w,
			open_fds() - fds0, ran);
		_exit(3);
	}
	_exit(unstarted ? 3 : 0);
}

static void summary(const struct h_tables *t, long counts[][O_NR], long done, long failed,
		    double wall)
{
	printf("%-10s %7s", "command", "cases");
	for (int k = 0; k < O_NR; k++)
		printf(" %7s", o_names[k]);
	printf("\n");
	for (int i = 0; i <= t->ncmds; i++) {
		long n = 0;

		for (int k = 0; k < O_NR - 1; k++)
			n += counts[i][k];
		if (!n)
			continue;
		printf("%-10s %7ld", i < t->ncmds ? t->cmds[i].name : "(top)", n);
		for (int k = 0; k < O_NR; k++)
			printf(" %7ld", counts[i][k]);
		printf("\n");
	}
	printf("# %ld cases, %ld failed, %.0f s, %.1f cases/s\n", done, failed, wall,
	       wall > 0 ? (double)done / wall : 0.0);
}

static int campaign(const struct opts *op, const struct h_tables *t, const char *base)
{
	static long counts[H_MAX_CMDS + 1][O_NR];
	int fds[2];
	pid_t pids[64];
	long done = 0, failed = 0;
	bool driver_failed = false;
	double t0 = now_s(), last = t0;
	FILE *log = op->log ? fopen(op->log, "w") : NULL;

	if (op->log && !log) {
		fprintf(stderr, "hostile: %s: %s\n", op->log, strerror(errno));
		return 2;
	}
	if (pipe(fds))
		return 2;
	/* The workers' cases may leave processes: the parent collects what a dead worker left. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	for (int w = 0; w < op->jobs; w++) {
		char dir[4096];

		snprintf(dir, sizeof(dir), "%s/w%d", base, w);
		pids[w] = fork();
		if (pids[w] == 0) {
			close(fds[0]);
			worker(op, t, w, dir, fds[1]);
		}
	}
	close(fds[1]);
	if (log)
		fprintf(log, "case\tcommand\toutcome\tstatus\tms\twhy\n");
	for (;;) {
		struct pollfd p = { fds[0], POLLIN, 0 };
		struct h_result r;

		if (poll(&p, 1, 1000) > 0) {
			ssize_t n = read(fds[0], &r, sizeof(r));

			if (n == 0)
				break;
			if (n == sizeof(r)) {
				int k = outcome(&r);

				counts[r.cmd][k]++;
				done++;
				if (r.why[0]) {
					counts[r.cmd][O_FAIL]++;
					failed++;
				}
				if (log)
					fprintf(log, "%ld\t%s\t%s\t%d\t%d\t%s\n", r.index,
						r.cmd < t->ncmds ? t->cmds[r.cmd].name : "(top)",
						o_names[k], r.status, r.ms, r.why);
			}
		}
		if (stop) {
			for (int w = 0; w < op->jobs; w++)
				kill(pids[w], SIGTERM);
		}
		double now = now_s();

		if (!op->quiet && now - last >= 5) {
			last = now;
			fprintf(stderr, "# hostile: %ld of %ld cases, %ld failed, %.1f cases/s\n",
				done, op->cases, failed, (double)done / (now - t0));
		}
	}
	for (;;) {
		int wst;
		pid_t p = waitpid(-1, &wst, 0);

		if (p < 0 && errno == EINTR)
			continue;
		if (p < 0)
			break;
		if (!WIFEXITED(wst) || WEXITSTATUS(wst))
			driver_failed = true; /* the worker said why on stderr */
	}
	if (log)
		fclose(log);
	summary(t, counts, done, failed, now_s() - t0);
	if (stop)
		printf("# interrupted: %ld of %ld cases ran\n", done, op->cases);
	if (driver_failed)
		printf("# the driver itself failed (above): its verdict does not count\n");
	return failed || driver_failed ? 1 : 0;
}

/* --case I: the one case, its input, its output and its verdict. */
static int replay(const struct opts *op, const struct h_tables *t, const char *base)
{
	static struct h_case c;
	static struct h_output o;
	struct h_result r = { 0 };
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/replay", base);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	h_case_draw(&c, t, op->seed, op->one);
	if (op->timeout_ms)
		c.timeout_ms = op->timeout_ms;
	printf("case %ld of seed %llu (%s, %s):\n", op->one, op->seed, c.cmd, c.gen);
	h_case_print(&c, stdout);
	if (h_case_run(&c, op->tksim, dir, &r, &o))
		return 2;
	h_case_check(&c, dir, &r, &o);
	printf("stdout (%zu bytes):\n%s%sstderr (%zu bytes):\n%s%s", o.nout, o.out,
	       o.nout && o.out[o.nout - 1] != '\n' ? "\n" : "", o.nerr, o.err,
	       o.nerr && o.err[o.nerr - 1] != '\n' ? "\n" : "");
	if (WIFSIGNALED(r.status))
		printf("outcome: killed by signal %d", WTERMSIG(r.status));
	else
		printf("outcome: exit %d", WEXITSTATUS(r.status));
	printf("%s in %d ms%s%s; %s\n", r.hang ? " (hang)" : "", r.ms,
	       r.signalled ? ", signal sent" : "", r.leftover ? ", processes left" : "",
	       r.why[0] ? r.why : "every rule held");
	return r.why[0] ? 1 : 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: hostile [--seed S] [--cases N] [--first I] [--jobs J] [--case I]\n"
			"               [--build DIR | --tksim PATH] [--timeout MS] [--log FILE] "
			"[--quiet]\n");
	return 2;
}

/**
 * main() - parse the driver's options, read the tables of the tksim under test, run
 * @argc: argument count
 * @argv: arguments
 *
 * Return: 0 when every case kept the rules, 1 when one did not, 2 for bad usage.
 */
int main(int argc, char **argv)
{
	static struct h_tables t;
	static char tk[4096];
	struct opts op = { .seed = 1, .cases = 300, .one = -1, .jobs = 2 };
	char base[] = "/tmp/tksim-hostile-XXXXXX";
	int rc;

	/* make check's TKSIM, else the binary of the build folder the driver runs in. */
	op.tksim = getenv("TKSIM") ? getenv("TKSIM") : "tools/tksim";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--quiet")) {
			op.quiet = true;
			continue;
		}
		if (!v)
			return usage();
		i++;
		if (!strcmp(a, "--seed"))
			op.seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--cases"))
			op.cases = atol(v);
		else if (!strcmp(a, "--first"))
			op.first = atol(v);
		else if (!strcmp(a, "--case"))
			op.one = atol(v);
		else if (!strcmp(a, "--jobs"))
			op.jobs = atoi(v);
		else if (!strcmp(a, "--timeout"))
			op.timeout_ms = atoi(v);
		else if (!strcmp(a, "--log"))
			op.log = v;
		else if (!strcmp(a, "--tksim"))
			op.tksim = v;
		else if (!strcmp(a, "--build"))
			snprintf(tk, sizeof(tk), "%s/tools/tksim", v), op.tksim = tk;
		else
			return usage();
	}
	if (op.jobs < 1 || op.jobs > 64 || op.cases < 0)
		return usage();
	/* The cases run in their own folders: the binary's path must not depend on the cwd. */
	if (op.tksim[0] != '/') {
		char *abs = realpath(op.tksim, NULL);

		if (!abs) {
			fprintf(stderr, "hostile: %s: %s\n", op.tksim, strerror(errno));
			return 2;
		}
		op.tksim = abs;
	}
	if (h_tables_load(&t, op.tksim))
		return 2;
	if (!mkdtemp(base)) {
		perror("hostile: mkdtemp");
		return 2;
	}
	signal(SIGINT, on_stop);
	signal(SIGTERM, on_stop);
	signal(SIGPIPE, SIG_IGN);
	if (op.one >= 0) {
		rc = replay(&op, &t, base);
	} else {
		printf("# hostile cases: seed %llu, cases %ld..%ld, %d jobs, %s "
		       "(--seed %llu --case I replays case I)\n",
		       op.seed, op.first, op.first + op.cases - 1, op.jobs, op.tksim, op.seed);
		fflush(stdout);
		rc = campaign(&op, &t, base);
	}
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "chmod -R u+rwx '%s' 2>/dev/null; rm -rf '%s'", base, base);
	if (system(cmd))
		fprintf(stderr, "hostile: could not remove %s\n", base);
	return rc;
}
