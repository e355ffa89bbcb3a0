// SPDX-License-Identifier: GPL-2.0
// tksim's own: the 64-bit side of the 32-bit vDSO reader (the kernel that answers its syscalls).
/*
 * The system is built inside a memfd mapping, so that its vvar page
 * (s->k.vdata) and its counter page (s->counter.page) are the very pages
 * the i386 reader maps: the reader reads what update_vsyscall() wrote and
 * the counter value the engine published for the current instant, nothing
 * copied.  At each check tksim calls every i386 entry point for every clock
 * id and compares the result, full width, with the kernel side at the same
 * instant under the i386 ABI rules (v6.15):
 *
 *   clock_gettime, clock_getres   old_timespec32: tv_sec truncated to s32,
 *                                 no -EOVERFLOW (__cvdso_clock_gettime32 and
 *                                 __put_old_timespec32 both truncate)
 *   gettimeofday, time            32-bit long: truncated likewise
 *   clock_gettime64               __kernel_timespec: full 64-bit seconds
 *   clock_getres_time64           no vDSO entry in v6.15: syscall 406
 *
 * and that the reader entered the kernel exactly where the i386 vDSO does.
 */
#define _GNU_SOURCE
#include "tools/run_m32.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim/oracle.h"
#include "timekeeper/time64.h"
#include "tools/tksim.h"

/** run_m32_defaults() - no 32-bit reader; checks once a simulated second when enabled. */
void run_m32_defaults(struct run_m32 *m)
{
	memset(m, 0, sizeof(*m));
	m->interval_ns = NSEC_PER_SEC;
	m->memfd = m->to_fd = m->from_fd = -1;
}

/**
 * run_m32_parse() - one RUN_OPT_M32_* option
 * @m:    the options
 * @code: its code
 * @arg:  its value (NULL for a flag)
 *
 * Return: 0, or the usage error's exit status.
 */
int run_m32_parse(struct run_m32 *m, int code, const char *arg)
{
	switch (code) {
	case RUN_OPT_M32_READERS:
		m->enabled = true;
		return 0;
	case RUN_OPT_M32_INTERVAL:
		if (tksim_parse_duration_ns(arg, &m->interval_ns) || !m->interval_ns)
			return tksim_usage_error("run", "bad --m32-interval '%s'", arg);
		return 0;
	case RUN_OPT_START_BEFORE_Y2038:
		if (tksim_parse_duration_ns(arg, &m->before_y2038_ns) || !m->before_y2038_ns ||
		    m->before_y2038_ns > (u64)Y2038_SEC * NSEC_PER_SEC)
			return tksim_usage_error("run", "bad --start-before-y2038 '%s'", arg);
		return 0;
	default:
		return tksim_usage_error("run", "unknown option");
	}
}

/**
 * run_m32_configure() - boot before the 32-bit time_t boundary if asked
 * @m:   the options
 * @cfg: the system to build; its REALTIME at boot is set
 *
 * Return: 0.
 */
int run_m32_configure(const struct run_m32 *m, struct sim_config *cfg)
{
	if (m->before_y2038_ns)
		cfg->wall_time = set_normalized_timespec64(Y2038_SEC, -(s64)m->before_y2038_ns);
	return 0;
}

/**
 * run_m32_system_new() - build the system, in shared memory with readers
 * @m:   the options
 * @cfg: the configuration
 * @err: out: 0 or a negative errno
 *
 * Return: the system (free with run_m32_system_free()), or NULL.
 */
struct sim_system *run_m32_system_new(struct run_m32 *m, const struct sim_config *cfg, int *err)
{
	long page = sysconf(_SC_PAGESIZE);
	struct sim_system *s;

	if (!m->enabled)
		return sim_system_new(cfg, err);
	m->map_size = (sizeof(*s) + (size_t)page - 1) & ~((size_t)page - 1);
	m->memfd = memfd_create("tksim-vvar", 0);
	if (m->memfd < 0 || ftruncate(m->memfd, (off_t)m->map_size)) {
		*err = -errno;
		return NULL;
	}
	m->map = mmap(NULL, m->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, m->memfd, 0);
	if (m->map == MAP_FAILED) {
		*err = -errno;
		m->map = NULL;
		return NULL;
	}
	s = m->map;
	*err = sim_system_init(s, cfg);
	return *err ? NULL : s;
}

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
static void exec_reader(const char *path, const struct run_m32 *m, int in, int out, int errfd,
			const struct sim_system *s)
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
	if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0)
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

/* Reap the reader; fds closed. */
static void stop_reader(struct run_m32 *m)
{
	if (m->to_fd >= 0) {
		struct m32_msg bye = { { M32_OP_EXIT, 0, 0, 0, 0, 0 } };

		(void)write_msg(m->to_fd, &bye);
		close(m->to_fd);
	}
	if (m->from_fd >= 0)
		close(m->from_fd);
	if (m->pid > 0)
		waitpid(m->pid, NULL, 0);
	m->to_fd = m->from_fd = -1;
	m->pid = 0;
}

/**
 * run_m32_spawn() - start the i386 reader on the system's pages
 * @m:   the state (memfd and map from run_m32_system_new())
 * @s:   the system
 * @why: on failure, why (for a user)
 * @n:   size of @why
 *
 * Return: 0, or a negative errno: -ENOENT no reader was built, -ENOEXEC this
 * host cannot run it, -EPROTO it is not the i386 reader of this layout.
 */
int run_m32_spawn(struct run_m32 *m, struct sim_system *s, char *why, size_t n)
{
	int to[2], from[2], err[2], e = 0;
	struct m32_msg hello;
	char path[PATH_MAX];

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
	m->pid = fork();
	if (m->pid < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		return -errno;
	}
	if (m->pid == 0)
		exec_reader(path, m, to[0], from[1], err[1], s);
	close(to[0]);
	close(from[1]);
	close(err[1]);
	m->to_fd = to[1];
	m->from_fd = from[0];
	if (read(err[0], &e, sizeof(e)) == (ssize_t)sizeof(e)) {
		close(err[0]);
		stop_reader(m);
		snprintf(why, n, "cannot run '%s': %s%s", path, strerror(e),
			 e == ENOEXEC
				 ? " (this host runs no i386 programs; TKSIM_M32_RUNNER=qemu-i386 "
				   "runs the reader under user-mode emulation)"
				 : "");
		return e == ENOEXEC ? -ENOEXEC : -e;
	}
	close(err[0]);
	m->next_ns = s->now_ns;
	if (read_msg(m->from_fd, &hello) || hello.w[0] != M32_MSG_HELLO || hello.w[1] != 4 ||
	    hello.w[2] != 4 || hello.w[3] != (s64)sizeof(struct vdso_time_data)) {
		stop_reader(m);
		snprintf(why, n, "'%s' is not a working i386 reader of this vvar layout", path);
		return -EPROTO;
	}
	return 0;
}

/**
 * run_m32_start() - run_m32_spawn() for `tksim run`
 * @m: the options and state
 * @s: the system, from run_m32_system_new()
 *
 * Return: 0; exit status 4 (skipped) with the reason when this tksim or this
 * host cannot run 32-bit code (nothing could be observed); 2 for other errors.
 */
int run_m32_start(struct run_m32 *m, struct sim_system *s)
{
	char why[PATH_MAX + 200];
	int ret;

	if (!m->enabled)
		return 0;
	ret = run_m32_spawn(m, s, why, sizeof(why));
	if (!ret)
		return 0;
	if (ret == -ENOENT || ret == -ENOEXEC) {
		fprintf(stderr, "tksim run: skipped: --m32-readers: %s\n", why);
		return TKSIM_EXIT_SKIP;
	}
	return tksim_usage_error("run", "--m32-readers: %s", why);
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
 * run_m32_call() - one request to the reader, answering its syscalls meanwhile
 * @m:   the reader
 * @s:   the system whose kernel answers
 * @op:  enum m32_op
 * @arg: its argument (the clock id)
 * @res: out: the reader's M32_MSG_RESULT
 *
 * Return: 0, or -1 when the reader is gone.
 */
int run_m32_call(struct run_m32 *m, struct sim_system *s, int op, s32 arg, struct m32_msg *res)
{
	return run_m32_request(m, s, &(struct m32_msg){ { op, arg, 0, 0, 0, 0 } }, res);
}

/** run_m32_request() - run_m32_call() with a whole request message. */
int run_m32_request(struct run_m32 *m, struct sim_system *s, const struct m32_msg *req,
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

/* Whether the v6.15 vDSO serves @clock itself (else: the syscall), as the oracle states it. */
static bool vdso_serves(const struct sim_system *s, s32 clock, bool getres)
{
	u32 msk;
	s32 mode;

	if ((u32)clock >= TK_MAX_CLOCKS)
		return false;
	msk = BIT(clock);
	if (getres || (msk & VDSO_COARSE))
		return msk & (VDSO_HRES | VDSO_COARSE | VDSO_RAW);
	if (!(msk & (VDSO_HRES | VDSO_RAW)))
		return false;
	mode = READ_ONCE(
		s->k.vdata.clock_data[msk & VDSO_RAW ? CS_RAW : CS_HRES_COARSE].clock_mode);
	return mode != VDSO_CLOCKMODE_NONE;
}

static const char *const op_name[M32_NR_OPS] = {
	[M32_OP_CLOCK_GETTIME] = "clock_gettime",
	[M32_OP_CLOCK_GETTIME64] = "clock_gettime64",
	[M32_OP_GETTIMEOFDAY] = "gettimeofday",
	[M32_OP_TIME] = "time",
	[M32_OP_CLOCK_GETRES] = "clock_getres",
	[M32_OP_CLOCK_GETRES_TIME64] = "clock_getres_time64",
};

/*
 * The kernel side's answer to @op under the i386 ABI: @want is the full-width
 * value (ns, or us for gettimeofday, s for time), @syscalls the fallbacks.
 */
static s64 expect(struct sim_system *s, int op, s32 clock, __int128 *want, s64 *syscalls)
{
	struct timespec64 ts = { 0, 0 };
	struct tk_timeval tv = { 0, 0 };
	s64 ret = 0;

	*syscalls = 0;
	switch (op) {
	case M32_OP_CLOCK_GETTIME:
	case M32_OP_CLOCK_GETTIME64:
		ret = tk_sys_clock_gettime(&s->k, clock, &ts);
		*syscalls = !vdso_serves(s, clock, false);
		break;
	case M32_OP_CLOCK_GETRES:
	case M32_OP_CLOCK_GETRES_TIME64:
		ret = tk_sys_clock_getres(&s->k, clock, &ts);
		*syscalls = op == M32_OP_CLOCK_GETRES_TIME64 || !vdso_serves(s, clock, true);
		break;
	case M32_OP_GETTIMEOFDAY:
		ret = tk_sys_gettimeofday(&s->k, &tv, NULL);
		*syscalls = !vdso_serves(s, TK_CLOCK_REALTIME, false);
		*want = (__int128)(s32)tv.tv_sec * USEC_PER_SEC + tv.tv_usec;
		return ret;
	case M32_OP_TIME:
		/* time() returns the seconds and also stores them: both are compared. */
		*want = (s32)tk_sys_time(&s->k);
		return (s64)*want;
	}
	/* The time32 entries truncate tv_sec to 32 bits; the time64 ones keep it. */
	if (op == M32_OP_CLOCK_GETTIME || op == M32_OP_CLOCK_GETRES)
		ts.tv_sec = (s32)ts.tv_sec;
	*want = ts_to_ns(&ts);
	return ret;
}

/* What the reader returned, full width in the same unit as expect(). */
static __int128 got_value(int op, const struct m32_msg *r)
{
	if (op == M32_OP_TIME)
		return r->w[3];
	if (op == M32_OP_GETTIMEOFDAY)
		return (__int128)r->w[3] * USEC_PER_SEC + r->w[4];
	return (__int128)r->w[3] * NSEC_PER_SEC + r->w[4];
}

/**
 * run_m32_check() - every i386 entry point for every clock id, now
 * @m:   the reader
 * @s:   the system, stopped at the instant to check
 * @why: the evidence on failure
 * @n:   size of @why
 *
 * Does nothing before the next check is due (--m32-interval).
 *
 * Return: 0, or -1 with @why set when a result, a return value or a
 * fallback differs from the kernel's, or the reader died.
 */
int run_m32_check(struct run_m32 *m, struct sim_system *s, char *why, size_t n)
{
	if (!m->enabled || s->now_ns < m->next_ns)
		return 0;
	/* On a grid, so that a run checks duration / interval instants whatever the sampling. */
	while (m->next_ns <= s->now_ns)
		m->next_ns += m->interval_ns;
	m->instants++;
	for (s32 clock = -1; clock <= TK_MAX_CLOCKS; clock++) {
		for (int op = M32_OP_CLOCK_GETTIME; op <= M32_OP_CLOCK_GETRES_TIME64; op++) {
			struct m32_msg r;
			__int128 want = 0, got;
			s64 ret, calls;
			char a[48], b[48];

			/* gettimeofday and time take no clock id: once per instant. */
			if ((op == M32_OP_GETTIMEOFDAY || op == M32_OP_TIME) && clock != 0)
				continue;
			if (run_m32_call(m, s, op, clock, &r)) {
				snprintf(why, n, "the 32-bit reader died (%s)", op_name[op]);
				return -1;
			}
			m->calls++;
			m->syscalls += (u64)r.w[5];
			ret = expect(s, op, clock, &want, &calls);
			got = got_value(op, &r);
			if (op == M32_OP_CLOCK_GETTIME && clock == TK_CLOCK_REALTIME)
				m->rt32 = r;
			if (op == M32_OP_CLOCK_GETTIME64 && clock == TK_CLOCK_REALTIME)
				m->rt64 = r;
			if (r.w[2] == ret && (ret < 0 || got == want) && r.w[5] == calls)
				continue;
			oracle_format_ns(a, sizeof(a), got);
			oracle_format_ns(b, sizeof(b), want);
			snprintf(why, n,
				 "32-bit %s(%d): returned %" PRId64 " value %s after %" PRId64
				 " syscalls; the kernel side: %" PRId64 " value %s after %" PRId64,
				 op_name[op], clock, r.w[2], a, r.w[5], ret, b, calls);
			return -1;
		}
	}
	if (m->rt64.w[3] >= Y2038_SEC)
		m->after_y2038++;
	return 0;
}

/** run_m32_summary() - what the 32-bit reader checked, and REALTIME through both entries. */
void run_m32_summary(const struct run_m32 *m)
{
	char b[48];

	if (!m->enabled)
		return;
	oracle_format_ns(b, sizeof(b), (__int128)m->rt64.w[3] * NSEC_PER_SEC + m->rt64.w[4]);
	printf("\n  32-bit reader                i386 process, %" PRIu64 " instants x %" PRIu64
	       " calls, %" PRIu64 " fallbacks\n",
	       m->instants, m->instants ? m->calls / m->instants : 0, m->syscalls);
	printf("  32-bit past 2038-01-19       %" PRIu64 " instants\n", m->after_y2038);
	printf("  32-bit clock_gettime         tv_sec %" PRId64 ", tv_nsec %" PRId64
	       " (REALTIME, old_timespec32)\n",
	       m->rt32.w[3], m->rt32.w[4]);
	printf("  32-bit clock_gettime64       %s (REALTIME)\n", b);
}

/** run_m32_system_free() - stop the reader and free the system. */
void run_m32_system_free(struct run_m32 *m, struct sim_system *s)
{
	if (!m->enabled) {
		sim_system_free(s);
		return;
	}
	stop_reader(m);
	if (s)
		sim_system_destroy(s);
	if (m->map)
		munmap(m->map, m->map_size);
	if (m->memfd >= 0)
		close(m->memfd);
	m->map = NULL;
	m->memfd = -1;
}

/** run_m32_help() - the options' lines of `tksim run --help`. */
void run_m32_help(void)
{
	printf("32-bit readers:\n"
	       "  --m32-readers     also run the vDSO as i386 code (tksim-reader32, a gcc -m32\n"
	       "                    process on the same vvar page) and check every 32-bit\n"
	       "                    entry point against the kernel side; TKSIM_M32_RUNNER\n"
	       "                    runs it under a user-mode emulator (qemu-i386)\n"
	       "  --m32-interval D  virtual time between those checks (default 1s)\n"
	       "  --start-before-y2038 D  boot D before 2038-01-19T03:14:08Z, the first\n"
	       "                    second a 32-bit time_t cannot hold\n");
}
