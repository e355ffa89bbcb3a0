// SPDX-License-Identifier: GPL-2.0
// tksim's own: running one hostile case: its files, its process group, its bound, its leftovers.
/*
 * tksim runs in a process group of its own, with stdout and stderr on pipes
 * the driver reads, stdin on /dev/null, every signal at its default and
 * unblocked (a signal the driver ignores must not look like one tksim
 * ignores), in a scratch folder made afresh for the case.  The driver waits
 * with poll() on both pipes and on a pidfd of tksim, sends the case's signal
 * at its instant, and past the wall-clock bound kills tksim (SIGKILL, tksim
 * alone, as a user's kill -9 would: what it leaves is then its own doing):
 * a hang.  The driver is a subreaper (PR_SET_CHILD_SUBREAPER, set by its
 * caller), so whatever tksim started and left behind is re-parented to it:
 * after tksim ended, the children that are still alive after a grace period
 * (the daemon's keeper takes up to a second to stop a program) are counted
 * as left over, then killed and reaped.
 */
#define _GNU_SOURCE
#include "tests/hostile/hostile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * tksim's main() (renamed by objcopy) when the driver is linked with tksim's
 * objects: scripts/hostile-campaign.sh builds such a driver against the ASan
 * build, so that a case costs a fork() rather than an exec() and the
 * sanitizer runtime's start (about 40 ms of CPU a case); the check
 * program of make check has none and execs every case.
 */
extern int tksim_main(int argc, char **argv) __attribute__((weak));

/* How long left-over processes get to end after tksim did, in ms. */
#define GRACE_MS 3000

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		chmod(path, 0700); /* a read-only folder is emptied like any other */
	remove(path);
	return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The scratch folder: emptied, the standing files every case may name, then the case's own. */
static int make_files(const struct h_case *c, const char *dir)
{
	char p[4096];

	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	if (mkdir(dir, 0700) && errno != EEXIST)
		return -1;
#define AT(name) (snprintf(p, sizeof(p), "%s/%s", dir, (name)), p)
	mkdir(AT("d"), 0700);
	mkdir(AT("ro"), 0555);
	mkfifo(AT("fifo"), 0600);
	int fd = open(AT("scn"), O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write_all(fd, "duration 100ms\nat 10ms read\n", 28) || close(fd))
		return -1;
	for (int i = 0; i < c->nfiles; i++) {
		const struct h_file *f = &c->files[i];

		switch (f->kind) {
		case H_FILE_DIR:
			mkdir(AT(f->name), 0700);
			break;
		case H_FILE_FIFO:
			mkfifo(AT(f->name), 0600);
			break;
		case H_FILE_READONLY_DIR:
			mkdir(AT(f->name), 0555);
			break;
		default:
			fd = open(AT(f->name), O_WRONLY | O_CREAT | O_TRUNC, 0600);
			if (fd < 0 || write_all(fd, f->data, f->len) || close(fd))
				return -1;
			if (f->kind == H_FILE_UNREADABLE)
				chmod(p, 0);
		}
	}
#undef AT
	return 0;
}

/*
 * Whether a case needs tksim's own binary: what finds its programs through
 * /proc/self/exe (the daemon's keeper and preload library, bench's daemon
 * row, the i386 reader of --m32-readers) cannot run in a forked driver.
 */
static bool needs_exec(const struct h_case *c)
{
	if (!strcmp(c->cmd, "daemon") || !strcmp(c->cmd, "bench"))
		return true;
	for (int i = 0; i < c->argc; i++)
		if (strstr(c->argv[i], "m32"))
			return true;
	return false;
}

/* In the child: its own group, default signals, the case's descriptors, then tksim. */
static void child(const struct h_case *c, const char *tksim, const char *dir, int out[2],
		  int err[2])
{
	sigset_t none;
	char *argv[H_MAX_ARGS + 2];
	int fd;

	setpgid(0, 0);
	for (int s = 1; s < NSIG; s++)
		signal(s, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (chdir(dir))
		_exit(127);
	fd = open("/dev/null", O_RDONLY);
	dup2(fd, 0);
	dup2(err[1], 2);
	if (c->stdout_fault == H_OUT_FULL) {
		fd = open("/dev/full", O_WRONLY);
		dup2(fd, 1);
	} else if (c->stdout_fault == H_OUT_CLOSED) {
		close(1);
	} else {
		dup2(out[1], 1);
	}
	/* Nothing of the driver's stays open in tksim (its pipes, the record pipe of the worker).
	 */
	for (int i = 3; i < 1024; i++)
		close(i);
	argv[0] = (char *)tksim;
	for (int i = 0; i < c->argc; i++)
		argv[i + 1] = c->argv[i];
	argv[c->argc + 1] = NULL;
	if (tksim_main && !needs_exec(c)) {
		exit(tksim_main(c->argc + 1, argv));
	}
	execv(tksim, argv);
	_exit(127);
}

/*
 * Keep what fits of a stream, and look for a sanitizer's words in all of it.
 * Returns 1 after bytes, 0 at the end of the stream, -1 when none are there yet.
 */
static int drain(int fd, char *buf, size_t cap, size_t *n, bool *sanitizer)
{
	char tmp[8192];
	ssize_t r = read(fd, tmp, sizeof(tmp));

	if (r <= 0)
		return r < 0 && (errno == EAGAIN || errno == EINTR) ? -1 : 0;
	if (memmem(tmp, (size_t)r, "Sanitizer", 9) || memmem(tmp, (size_t)r, "runtime error", 13))
		*sanitizer = true;
	size_t k = (size_t)r < cap - 1 - *n ? (size_t)r : cap - 1 - *n;

	memcpy(buf + *n, tmp, k);
	*n += k;
	buf[*n] = '\0';
	return 1;
}

/*
 * Whether @pid has a handler for @sig (/proc/PID/status's SigCgt).  A signal
 * before tksim installed its handlers (under ASan and load its start takes
 * 100 ms and more) kills it as any program: that says nothing of tksim, so
 * the driver sends it when the handler is there, or 3 s late at the latest
 * (then a signal that kills tksim is one it does not handle at all).
 */
static bool catches(pid_t pid, int sig)
{
	char p[64], buf[4096];
	unsigned long long mask = 0;
	int fd;
	ssize_t n;

	snprintf(p, sizeof(p), "/proc/%d/status", (int)pid);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		return true;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return true;
	buf[n] = '\0';
	const char *q = strstr(buf, "SigCgt:");

	if (!q || sscanf(q + 7, "%llx", &mask) != 1)
		return true;
	return mask >> (sig - 1) & 1;
}

/* Whether the child has reset its signals: the @ready pipe's writing end is closed. */
static bool reset(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };

	return poll(&p, 1, 0) == 1 && (p.revents & POLLHUP);
}

/* The live children of this process (left-over descendants re-parented to it): their pids. */
static int live_children(pid_t *pids, int max)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;
	pid_t self = getpid();

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		char p[300], buf[512];
		int fd;
		ssize_t r;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(p, sizeof(p), "/proc/%s/stat", e->d_name);
		fd = open(p, O_RDONLY);
		if (fd < 0)
			continue;
		r = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (r <= 0)
			continue;
		buf[r] = '\0';
		/* pid (comm) state ppid: comm may hold blanks and parentheses. */
		char *q = strrchr(buf, ')');
		char st;
		int ppid;

		if (q && sscanf(q + 1, " %c %d", &st, &ppid) == 2 && ppid == self && st != 'Z')
			pids[n++] = (pid_t)atoi(e->d_name);
	}
	closedir(d);
	return n;
}

/* After tksim ended: reap what ends within the grace period, count and kill the rest. */
static int leftovers(pid_t pgid)
{
	long end = now_ms() + GRACE_MS;
	int counted = 0;

	for (;;) {
		int st;
		pid_t p = waitpid(-1, &st, WNOHANG);

		if (p > 0)
			continue;
		if (p < 0 && errno == ECHILD)
			return counted;
		if (now_ms() < end) {
			usleep(5000);
			continue;
		}
		pid_t pids[64];
		int n = live_children(pids, 64);

		if (!counted)
			counted = n ? n : 1;
		kill(-pgid, SIGKILL);
		for (int i = 0; i < n; i++)
			kill(pids[i], SIGKILL);
		end = now_ms() + 50; /* then reap them, and their children re-parented to us */
	}
}

/**
 * h_case_run() - run one case: make its files, start tksim, bound it, collect its output
 * @c:     the case
 * @tksim: the binary under test
 * @dir:   the case's scratch folder (emptied and remade)
 * @res:   filled: status, hang, leftover, signalled, ms
 * @o:     filled: stdout, stderr, sanitizer words
 *
 * Return: 0, or -1 when the case could not be started (a driver fault, said on stderr).
 */
int h_case_run(const struct h_case *c, const char *tksim, const char *dir, struct h_result *res,
	       struct h_output *o)
{
	int out[2], err[2], ready[2];
	long t0, deadline, sig_at;
	pid_t pid;
	int pidfd, st = 0;
	bool out_open = true, err_open = true, done = false, sent = false;

	memset(o, 0, sizeof(*o));
	res->hang = false;
	res->signalled = false;
	res->leftover = 0;
	if (make_files(c, dir)) {
		fprintf(stderr, "hostile: cannot make the files of case %ld in %s: %s\n", c->index,
			dir, strerror(errno));
		return -1;
	}
	/*
	 * @ready reaches its end when the child has closed its copy, after it
	 * reset the driver's signal handlers: before that, /proc's SigCgt shows
	 * the driver's own, and a signal there was taken by the driver's code.
	 */
	if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(ready, O_CLOEXEC))
		return -1;
	t0 = now_ms();
	fflush(NULL); /* nothing of the driver's buffers reaches tksim's stdout */
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		child(c, tksim, dir, out, err);
	setpgid(pid, pid);
	close(out[1]);
	close(err[1]);
	close(ready[1]);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	fcntl(err[0], F_SETFL, O_NONBLOCK);
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	deadline = t0 + c->timeout_ms;
	sig_at = c->sig || c->stdout_fault == H_OUT_EPIPE ? t0 + c->sig_ms : -1;
	while (!done) {
		struct pollfd p[3] = { { out_open ? out[0] : -1, POLLIN, 0 },
				       { err_open ? err[0] : -1, POLLIN, 0 },
				       { pidfd, POLLIN, 0 } };
		long now = now_ms(), wake = deadline;

		if (!sent && sig_at >= 0 && sig_at < wake)
			wake = sig_at;
		if (pidfd < 0 && wake > now + 10)
			wake = now + 10;
		poll(p, 3, wake > now ? (int)(wake - now) : 0);
		/* At the end of a pipe its end here is closed at once (it leaked one a case). */
		if (p[0].revents &&
		    !drain(out[0], o->out, sizeof(o->out), &o->nout, &o->sanitizer)) {
			close(out[0]);
			out_open = false;
		}
		if (p[1].revents &&
		    !drain(err[0], o->err, sizeof(o->err), &o->nerr, &o->sanitizer)) {
			close(err[0]);
			err_open = false;
		}
		now = now_ms();
		if (!sent && sig_at >= 0 && now >= sig_at) {
			sent = true;
			if (c->stdout_fault == H_OUT_EPIPE) {
				close(out[0]);
				out_open = false;
			} else {
				siginfo_t si = { 0 };

				/* Sent only while tksim runs: a zombie's signal is no signal. */
				if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) ||
				    si.si_pid) {
					/* ended before the instant */
				} else if ((!reset(ready[0]) || !catches(pid, c->sig)) &&
					   now < t0 + c->sig_ms + 3000) {
					sent = false; /* not at the instant tksim is still starting
						       */
					sig_at = now + 5;
				} else {
					kill(pid, c->sig);
					res->signalled = true;
				}
			}
		}
		if (p[2].revents) {
			done = true;
		} else if (pidfd < 0) {
			siginfo_t si = { 0 };

			/* No pidfd (a kernel before 5.3): ask, and poll in short steps. */
			if (!waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
			    si.si_pid)
				done = true;
		}
		if (!done && now >= deadline) {
			res->hang = true;
			kill(pid, SIGKILL);
			done = true;
		}
	}
	waitpid(pid, &st, 0);
	res->ms = (int)(now_ms() - t0);
	/* What is left in the pipes now; a descendant that still holds them is not waited for. */
	while (out_open && drain(out[0], o->out, sizeof(o->out), &o->nout, &o->sanitizer) > 0)
		;
	while (err_open && drain(err[0], o->err, sizeof(o->err), &o->nerr, &o->sanitizer) > 0)
		;
	if (out_open)
		close(out[0]);
	if (err_open)
		close(err[0]);
	close(ready[0]);
	if (pidfd >= 0)
		close(pidfd);
	res->status = st;
	res->leftover = leftovers(pid);
	return 0;
}
