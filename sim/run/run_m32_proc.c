// SPDX-License-Identifier: GPL-2.0
// tksim's own: the i386 reader process (start, stop, messages, its syscalls; see
// sim/run/run_m32.h).
/*
 * The reader is a child process on the system's memfd; tksim sends it one
 * request at a time (sim/run/reader32_proto.h) and answers the syscalls it
 * falls back to with the kernel side of the same system, at the same instant.
 */
#define _GNU_SOURCE
#include "sim/run/run_m32.h"

#include "sim/child.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The reader program: $TKSIM_READER32, else tksim-reader32 beside this tksim. */
static int reader_path(char *buf, size_t n)
{
	const char *env = getenv("TKSIM_READER32");
	char self[PATH_MAX];
	ssize_t len;

	if (env && *env)
		return snprintf(buf, n, "%s", env) >= (int)n ? -1 : 0;
	len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len < 0)
		return -1;
	self[len] = '\0';
	return snprintf(buf, n, "%s/tksim-reader32", dirname(self)) >= (int)n ? -1 : 0;
}

static int read_msg(int fd, struct m32_msg *msg)
{
	size_t got = 0;

	while (got < sizeof(*msg)) {
		ssize_t r = read(fd, (char *)msg + got, sizeof(*msg) - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static int write_msg(int fd, const struct m32_msg *msg)
{
	size_t put = 0;

	while (put < sizeof(*msg)) {
		ssize_t r = write(fd, (const char *)msg + put, sizeof(*msg) - put);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		put += (size_t)r;
	}
	return 0;
}

/* Child side of the fork: the pipes on stdin/stdout, then exec; errno to @errfd on failure. */
static void exec_reader(const char *path, const struct sim_run_m32 *m, int in, int out, int errfd,
			const struct sim_system *s, pid_t parent)
{
	const char *runner = getenv("TKSIM_M32_RUNNER");
	char a_fd[24], a_size[24], a_vd[24], a_cnt[24];
	char *argv[7];
	int i = 0, e;

	snprintf(a_fd, sizeof(a_fd), "%d", m->memfd);
	snprintf(a_size, sizeof(a_size), "%zu", m->map_size);
	snprintf(a_vd, sizeof(a_vd), "%td", (const char *)&s->k.vdata - (const char *)s);
	snprintf(a_cnt, sizeof(a_cnt), "%td", (const char *)&s->counter.page - (const char *)s);
	if (runner && *runner)
		argv[i++] = (char *)runner;
	argv[i++] = (char *)path;
	argv[i++] = a_fd;
	argv[i++] = a_size;
	argv[i++] = a_vd;
	argv[i++] = a_cnt;
	argv[i] = NULL;
	/* It ends when tksim ends, also when tksim is killed inside a write section. */
	if (sim_child_init(parent) || dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
		_exit(127);
	if (runner && *runner)
		execvp(argv[0], argv);
	else
		execv(argv[0], argv);
	e = errno;
	if (write(errfd, &e, sizeof(e)) != sizeof(e))
		_exit(127);
	_exit(127);
}

/**
 * sim_run_m32_stop() - tell the reader to exit, reap it, close the pipes
 * @m: the reader (nothing happens when none runs)
 */
void sim_run_m32_stop(struct sim_run_m32 *m)
{
	if (m->to_fd >= 0) {
		struct m32_msg bye = { { M32_OP_EXIT, 0, 0, 0, 0, 0 } };

		(void)write_msg(m->to_fd, &bye);
		close(m->to_fd);
	}
	if (m->from_fd >= 0)
		close(m->from_fd);
	/* A reader that does not leave on EOF gets a second, then SIGKILL. */
	for (int i = 0; m->pid > 0 && i < 100 && waitpid(m->pid, NULL, WNOHANG) == 0; i++)
		usleep(10000);
	if (m->pid > 0 && waitpid(m->pid, NULL, WNOHANG) == 0) {
		kill(m->pid, SIGKILL);
		waitpid(m->pid, NULL, 0);
	}
	m->to_fd = m->from_fd = -1;
	m->pid = 0;
}

/**
 * sim_run_m32_spawn() - start the i386 reader on the system's pages
 * @m:   the state (memfd and map from sim_run_m32_system_new())
 * @s:   the system
 * @why: on failure, why (for a user)
 * @n:   size of @why
 *
 * Return: 0, or a negative errno: -ENOENT no reader was built, -ENOEXEC this
 * host cannot run it, -EPROTO it is not the i386 reader of this layout.
 */
int sim_run_m32_spawn(struct sim_run_m32 *m, struct sim_system *s, char *why, size_t n)
{
	int to[2], from[2], err[2], e = 0;
	struct m32_msg hello;
	struct pollfd hello_wait;
	char path[PATH_MAX];
	pid_t parent;

	if (reader_path(path, sizeof(path)) || access(path, X_OK)) {
		snprintf(why, n,
			 "no 32-bit reader '%s' (this tksim was built without one: "
			 "configure --enable-m32-readers needs gcc -m32)",
			 path);
		return -ENOENT;
	}
	/* A reader that dies must not kill tksim with SIGPIPE: its write fails instead. */
	signal(SIGPIPE, SIG_IGN);
	if (pipe2(to, O_CLOEXEC) || pipe2(from, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
		snprintf(why, n, "pipe: %s", strerror(errno));
		return -errno;
	}
	parent = getpid();
	m->pid = fork();
	if (m->pid < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		return -errno;
	}
	if (m->pid == 0)
		exec_reader(path, m, to[0], from[1], err[1], s, parent);
	close(to[0]);
	close(from[1]);
	close(err[1]);
	m->to_fd = to[1];
	m->from_fd = from[0];
	if (read(err[0], &e, sizeof(e)) == (ssize_t)sizeof(e)) {
		close(err[0]);
		sim_run_m32_stop(m);
		snprintf(why, n, "cannot run '%s': %s%s", path, strerror(e),
			 e == ENOEXEC
				 ? " (this host runs no i386 programs; TKSIM_M32_RUNNER=qemu-i386 "
				   "runs the reader under user-mode emulation)"
				 : "");
		return e == ENOEXEC ? -ENOEXEC : -e;
	}
	close(err[0]);
	m->next_ns = s->now_ns;
	/* A reader that never says hello cannot run here: bounded, not a hang. */
	hello_wait = (struct pollfd){ .fd = m->from_fd, .events = POLLIN };
	if (poll(&hello_wait, 1, 5000) != 1) {
		sim_run_m32_stop(m);
		snprintf(why, n, "no hello from the reader '%s' in 5 s", path);
		return -ETIMEDOUT;
	}
	if (read_msg(m->from_fd, &hello) || hello.w[0] != M32_MSG_HELLO || hello.w[1] != 4 ||
	    hello.w[2] != 4 || hello.w[3] != (s64)sizeof(struct vdso_time_data)) {
		sim_run_m32_stop(m);
		snprintf(why, n, "'%s' is not a working i386 reader of this vvar layout", path);
		return -EPROTO;
	}
	return 0;
}

/* The kernel side of a fallback: the i386 syscall @nr at the current instant. */
static void serve_syscall(struct sim_system *s, struct m32_msg *msg)
{
	s32 clock = (s32)msg->w[5];
	struct timespec64 ts = { 0, 0 };
	struct tk_timeval tv = { 0, 0 };
	struct tk_timezone tz = { 0, 0 };
	s64 ret;

	switch (msg->w[1]) {
	case M32_NR_CLOCK_GETTIME64:
		ret = tk_sys_clock_gettime(&s->k, clock, &ts);
		break;
	case M32_NR_CLOCK_GETRES_TIME64:
		ret = tk_sys_clock_getres(&s->k, clock, &ts);
		break;
	case M32_NR_GETTIMEOFDAY:
		/* sys_gettimeofday on i386: put_user() into a 32-bit long truncates. */
		ret = tk_sys_gettimeofday(&s->k, &tv, &tz);
		ts.tv_sec = (s32)tv.tv_sec;
		ts.tv_nsec = (long)tv.tv_usec;
		break;
	default:
		ret = -ENOSYS;
		break;
	}
	/* [5]: sys_tz for gettimeofday, as the reader unpacks it. */
	*msg = (struct m32_msg){ { M32_MSG_SYSCALL, msg->w[1], ret, ts.tv_sec, ts.tv_nsec,
				   (s64)((u64)(u32)tz.tz_minuteswest << 32 |
					 (u32)tz.tz_dsttime) } };
}

/**
 * sim_run_m32_call() - one request to the reader, answering its syscalls meanwhile
 * @m:   the reader
 * @s:   the system whose kernel answers
 * @op:  enum m32_op
 * @arg: its argument (the clock id)
 * @res: out: the reader's M32_MSG_RESULT
 *
 * Return: 0, or -1 when the reader is gone.
 */
int sim_run_m32_call(struct sim_run_m32 *m, struct sim_system *s, int op, s32 arg,
		     struct m32_msg *res)
{
	return sim_run_m32_request(m, s, &(struct m32_msg){ { op, arg, 0, 0, 0, 0 } }, res);
}

/** sim_run_m32_request() - sim_run_m32_call() with a whole request message. */
int sim_run_m32_request(struct sim_run_m32 *m, struct sim_system *s, const struct m32_msg *req,
			struct m32_msg *res)
{
	struct m32_msg msg = *req;

	if (write_msg(m->to_fd, &msg))
		return -1;
	for (;;) {
		if (read_msg(m->from_fd, &msg))
			return -1;
		if (msg.w[0] == M32_MSG_RESULT)
			break;
		if (msg.w[0] != M32_MSG_SYSCALL)
			return -1;
		serve_syscall(s, &msg);
		if (write_msg(m->to_fd, &msg))
			return -1;
	}
	*res = msg;
	return 0;
}
