// SPDX-License-Identifier: GPL-2.0
// tksim's own: the process around a command (see tools/process.h).
#define _GNU_SOURCE
#include "tools/process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/usage.h"

/* The signals that end a run the way ^C does: whole rows, the summary so far, exit 130. */
static const int ending_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2 };
#define NR_ENDING (sizeof(ending_signals) / sizeof(ending_signals[0]))

static volatile sig_atomic_t caught;
static bool stdout_reported;

/*
 * A descriptor 0, 1 or 2 that tksim was started without is opened on /dev/null, in the mode
 * that makes any use of it fail (as gnulib's stdopen()): else the next file tksim opens takes
 * its number, and a report meant for stdout lands in it (a memfd shared with a program, a CSV).
 */
static void std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int nfd;

		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		nfd = open("/dev/null", fd ? O_RDONLY : O_WRONLY);
		if (nfd >= 0 && nfd != fd) {
			dup2(nfd, fd);
			close(nfd);
		}
	}
}

/* At exit (a --help's exit(0) too): an unreported failed write to stdout makes the status 2. */
static void stdout_at_exit(void)
{
	if (stdout_reported)
		return;
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return;
	fprintf(stderr, "tksim: cannot write the report to standard output: %s\n",
		strerror(errno ? errno : EIO));
	_exit(TKSIM_EXIT_USAGE);
}

/**
 * tksim_process_init() - the first call of main(): standard descriptors made safe, stdout's
 * last flush checked at exit
 */
void tksim_process_init(void)
{
	std_fds();
	atexit(stdout_at_exit);
}

/**
 * tksim_finish_stdout() - flush the report and check it
 * @ret: the command's exit status
 *
 * A write that failed (a full disk, /dev/full, a closed stdout, a closed pipe's EPIPE) turns
 * @ret into 2, with the errno, so that a cut report never passes for a whole one.
 *
 * Return: @ret, or TKSIM_EXIT_USAGE where @ret was 0 and the report was not written.
 */
int tksim_finish_stdout(int ret)
{
	stdout_reported = true;
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return ret;
	fprintf(stderr, "tksim: cannot write the report to standard output: %s\n",
		strerror(errno ? errno : EIO));
	return ret == TKSIM_EXIT_OK ? TKSIM_EXIT_USAGE : ret;
}

/* A second ending signal while the run winds down ends tksim at once, by that signal. */
static void on_signal(int sig)
{
	if (caught) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	caught = sig;
}

/**
 * tksim_signals_catch() - INT, TERM, HUP, USR1 and USR2 from now on only set a flag
 *
 * For a command that polls tksim_signal_caught() and winds down.  No SA_RESTART, so a
 * blocking call returns EINTR and the poll comes soon.  A signal ignored when tksim started
 * (nohup, a background job of a non-interactive shell) stays ignored.
 */
void tksim_signals_catch(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	caught = 0;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NR_ENDING; i++) {
		struct sigaction old;

		if (sigaction(ending_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(ending_signals[i], &sa, NULL);
	}
}

/** tksim_signals_restore() - the signals tksim_signals_catch() caught get their default back. */
void tksim_signals_restore(void)
{
	for (size_t i = 0; i < NR_ENDING; i++) {
		struct sigaction old;

		if (sigaction(ending_signals[i], NULL, &old) == 0 && old.sa_handler == on_signal)
			signal(ending_signals[i], SIG_DFL);
	}
}

/** tksim_signal_caught() - the ending signal that came since tksim_signals_catch(), or 0. */
int tksim_signal_caught(void)
{
	return caught;
}

/** tksim_signal_name() - "SIGTERM" for SIGTERM; "signal N" for one without a name. */
const char *tksim_signal_name(int sig)
{
	static char buf[3][24];
	static unsigned int next;
	const char *abbrev = sigabbrev_np(sig);
	char *b = buf[next++ % 3];

	if (abbrev)
		snprintf(b, sizeof(buf[0]), "SIG%s", abbrev);
	else
		snprintf(b, sizeof(buf[0]), "signal %d", sig);
	return b;
}

/* What @mode is, in words, for a file that is not a regular one. */
static const char *kind_of(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/**
 * tksim_open_input() - open an input file (a scenario, a fuzz input) for reading
 * @path: the file
 * @why:  out, on failure: the reason in words ("a FIFO, not a file", or strerror(): a
 *        directory is EISDIR)
 *
 * Only a regular file is an input: a FIFO without a writer would block for ever, a device
 * reads endlessly, a directory reads as nothing.  Opened without blocking, checked, then
 * read as usual.
 *
 * Return: the stream, or NULL with @why.
 */
FILE *tksim_open_input(const char *path, const char **why)
{
	static char reason[64];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;

	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	if (fstat(fd, &st)) {
		*why = strerror(errno);
		close(fd);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		*why = strerror(EISDIR);
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(reason, sizeof(reason), "%s, not a file", kind_of(st.st_mode));
		*why = reason;
		close(fd);
		return NULL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	f = fdopen(fd, "rb");
	if (!f) {
		*why = strerror(errno);
		close(fd);
	}
	return f;
}

/**
 * tksim_wait_child() - wait for the child @pid, at most @seconds of wall time
 * @pid:     the child
 * @seconds: the bound; below 0, none
 * @status:  out: its wait status
 *
 * Return: 0 once it is reaped, -1 when it still runs after @seconds (or cannot be waited for).
 */
int tksim_wait_child(pid_t pid, double seconds, int *status)
{
	double end = tksim_wall_seconds() + seconds;

	for (;;) {
		pid_t r = waitpid(pid, status, seconds < 0 ? 0 : WNOHANG);

		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -1;
		if (seconds >= 0) {
			if (tksim_wall_seconds() >= end)
				return -1;
			usleep(10000);
		}
	}
}

/* The process @pid's parent and process group, from /proc/PID/stat; 0 for a live one. */
static int proc_parent(pid_t pid, pid_t *ppid, pid_t *pgrp)
{
	char path[64], buf[512], state = 0, *p;
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	/* The name in parentheses may hold anything: the fields start after its last ')'. */
	p = p ? strrchr(buf, ')') : NULL;
	ok = p && sscanf(p + 1, " %c %d %d", &state, ppid, pgrp) == 3;
	/* A zombie is already dead: only its reaping is left. */
	return ok && state != 'Z' && state != 'X' ? 0 : -1;
}

/* The processes already stopped, so that one still dying is not counted again. */
struct stopped {
	pid_t pid[256];
	unsigned int n;
};

static bool seen_before(struct stopped *st, pid_t pid)
{
	for (unsigned int i = 0; i < st->n; i++)
		if (st->pid[i] == pid)
			return true;
	if (st->n < sizeof(st->pid) / sizeof(st->pid[0]))
		st->pid[st->n++] = pid;
	return false;
}

/* SIGKILL every process in group @pgid or whose parent is tksim; how many new ones there were. */
static unsigned int kill_round(pid_t pgid, struct stopped *st)
{
	pid_t self = getpid(), ppid, pgrp;
	unsigned int n = 0;
	struct dirent *e;
	DIR *d = opendir("/proc");

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		pid_t pid = (pid_t)atoi(e->d_name);

		if (pid <= 0 || pid == self || proc_parent(pid, &ppid, &pgrp))
			continue;
		if (ppid == self || (pgid > 0 && pgrp == pgid)) {
			kill(pid, SIGKILL);
			n += !seen_before(st, pid);
		}
	}
	closedir(d);
	return n;
}

/**
 * tksim_reap_leftovers() - stop what a finished child left behind
 * @pgid: the child's process group (its descendants that kept it), or 0
 *
 * For a tksim that made itself a subreaper (PR_SET_CHILD_SUBREAPER) before the fork: a
 * descendant that left the group (setsid, a double fork) is re-parented to tksim when its
 * parent ends.  Every member of @pgid and every child of tksim is killed and reaped, until
 * none is left (at most a second).
 *
 * Return: how many processes were stopped.
 */
unsigned int tksim_reap_leftovers(pid_t pgid)
{
	double end = tksim_wall_seconds() + 1.0;
	struct stopped st = { .n = 0 };
	unsigned int n;

	do {
		n = kill_round(pgid, &st);
		if (n)
			usleep(20000);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
	} while (n && tksim_wall_seconds() < end);
	return st.n;
}
