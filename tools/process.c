// SPDX-License-Identifier: GPL-2.0
// tksim's own: the process around a command (see tools/process.h).
#define _GNU_SOURCE
#include "tools/process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
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

/**
 * tksim_child_init() - the first call in a child tksim forked: it ends when tksim ends
 * @parent: tksim's pid, taken before the fork
 *
 * PR_SET_PDEATHSIG sends SIGKILL when tksim exits, however it exits (SIGKILL included).
 * The kernel clears it when the child changes its credentials, so a child that drops
 * privileges calls this after doing so.  A parent that died before the prctl is seen by
 * getppid().  The signals tksim catches or ignores get their defaults back (an ignored
 * SIGPIPE would survive exec), with an empty mask.
 *
 * Return: 0, or -1 when tksim is already gone (the child should _exit()).
 */
int tksim_child_init(pid_t parent)
{
	sigset_t none;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		return -1;
	for (size_t i = 0; i < NR_ENDING; i++)
		signal(ending_signals[i], SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	return 0;
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
