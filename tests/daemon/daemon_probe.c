// SPDX-License-Identifier: GPL-2.0
/* tksim's own: a tiny "daemon" for tests/daemon/daemon.sh: what a time call sees under `tksim
 * daemon`. */

/*
 *   daemon_probe            read the clocks, sleep 10 s, set a frequency, read again
 *   daemon_probe seccomp    try strict seccomp (tksim's filter is in: the kernel says EINVAL)
 *   daemon_probe settime    step REALTIME by +1 s with clock_settime
 *   daemon_probe epoll      epoll_wait / epoll_pwait2 time out on a pipe nothing writes to
 *   daemon_probe timerfd    timerfds on three clocks wake poll, select, epoll, read at expiry
 *   daemon_probe alarm      SIGALRM of alarm() and setitimer(ITIMER_REAL) ends select and sleeps
 * Every value it prints is simulated, so two runs print the same bytes.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <poll.h>
#include <signal.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		return -1;
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* How far MONOTONIC moves in epoll waits that time out (a pipe nothing writes to). */
static int probe_epoll(void)
{
	struct epoll_event ev = { .events = EPOLLIN }, out;
	struct timespec ts = { .tv_sec = 1, .tv_nsec = 123 };
	int p[2], ep = epoll_create1(0), n;
	long long m0;

	if (ep < 0 || pipe(p) || epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev))
		return 1;
	m0 = ns(CLOCK_MONOTONIC);
	n = epoll_wait(ep, &out, 1, 1500);
	printf("epoll_wait 1500 ms: %d, monotonic advanced %lld ns\n", n, ns(CLOCK_MONOTONIC) - m0);
	m0 = ns(CLOCK_MONOTONIC);
	n = epoll_pwait2(ep, &out, 1, &ts, NULL);
	printf("epoll_pwait2 1.000000123 s: %d, monotonic advanced %lld ns\n", n,
	       ns(CLOCK_MONOTONIC) - m0);
	m0 = ns(CLOCK_MONOTONIC);
	n = epoll_pwait(ep, &out, 1, 0, NULL);
	printf("epoll_pwait 0 ms: %d, monotonic advanced %lld ns\n", n, ns(CLOCK_MONOTONIC) - m0);
	if (write(p[1], "x", 1) != 1)
		return 1;
	m0 = ns(CLOCK_MONOTONIC);
	n = epoll_wait(ep, &out, 1, 2000);
	printf("epoll_wait 2000 ms, pipe written: %d, monotonic advanced %lld ns\n", n,
	       ns(CLOCK_MONOTONIC) - m0);
	return 0;
}

/* Print @n and how late @clk is past @expect (ns): a wake at its instant reads 0 or 1 ns late. */
static void at(const char *what, long long n, clockid_t clk, long long expect)
{
	printf("%s: %lld, late %lld ns\n", what, n, ns(clk) - expect);
}

static long long tfd_read(int fd)
{
	unsigned long long cnt = 0;

	return read(fd, &cnt, sizeof(cnt)) == 8 ? (long long)cnt : -1;
}

/* When timerfds become readable: how late each wake is past the expiry, the counts read. */
/* A POSIX timer reports its interval (timer_gettime, the old value of timer_settime), kept
 * when disarmed (common_timer_set()). */
static void probe_posix_timer_interval(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its = { .it_value.tv_sec = 5, .it_interval.tv_nsec = 250000000 }, old;
	timer_t t;

	timer_create(CLOCK_MONOTONIC, &sev, &t);
	timer_settime(t, 0, &its, NULL);
	timer_gettime(t, &its);
	printf("timer_gettime: value %lld interval %ld\n", (long long)its.it_value.tv_sec,
	       its.it_interval.tv_nsec);
	memset(&its, 0, sizeof(its));
	its.it_interval.tv_nsec = 100000000;
	timer_settime(t, 0, &its, &old);
	timer_gettime(t, &its);
	printf("timer disarmed: old interval %ld, value %lld interval %ld\n",
	       old.it_interval.tv_nsec, (long long)its.it_value.tv_sec, its.it_interval.tv_nsec);
	timer_delete(t);
}

static int probe_timerfd(void)
{
	struct itimerspec its = { .it_value = { 1, 500000000 }, .it_interval = { 0, 250000000 } };
	struct timespec nap = { 0, 900000000 };
	struct epoll_event ev = { .events = EPOLLIN }, out;
	int fd = timerfd_create(CLOCK_MONOTONIC, 0), ep = epoll_create1(0), n;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timeval ten = { .tv_sec = 10 };
	long long t0, t;
	fd_set r;

	if (fd < 0 || ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev))
		return 1;
	t0 = ns(CLOCK_MONOTONIC); /* expiries at t0 + 1.5 s + k * 0.25 s */
	timerfd_settime(fd, 0, &its, NULL);
	n = poll(&p, 1, 10000);
	at("monotonic 1.5 s every 0.25 s, poll 10 s", n, CLOCK_MONOTONIC, t0 + 1500000000);
	n = (int)tfd_read(fd);
	at("read", n, CLOCK_MONOTONIC, t0 + 1500000000);
	n = (int)tfd_read(fd);
	at("blocking read", n, CLOCK_MONOTONIC, t0 + 1750000000);
	FD_ZERO(&r);
	FD_SET(fd, &r);
	n = select(fd + 1, &r, NULL, NULL, &ten);
	at("select 10 s", n, CLOCK_MONOTONIC, t0 + 2000000000);
	n = (int)tfd_read(fd);
	at("read", n, CLOCK_MONOTONIC, t0 + 2000000000);
	n = epoll_wait(ep, &out, 1, 10000);
	at("epoll_wait 10 s", n, CLOCK_MONOTONIC, t0 + 2250000000);
	n = (int)tfd_read(fd);
	t = ns(CLOCK_MONOTONIC);
	at("read", n, CLOCK_MONOTONIC, t0 + 2250000000);
	n = nanosleep(&nap, NULL); /* expiries at 2.5, 2.75, 3.0 s: they must not end it */
	at("nanosleep 0.9 s (timerfd not watched)", n, CLOCK_MONOTONIC, t + 900000000);
	n = (int)tfd_read(fd);
	printf("read: %d\n", n);
	timerfd_gettime(fd, &its);
	t = ns(CLOCK_MONOTONIC);
	printf("gettime: value %lld (next expiry - now %lld) interval %lld\n",
	       its.it_value.tv_sec * 1000000000LL + its.it_value.tv_nsec, t0 + 3250000000 - t,
	       its.it_interval.tv_sec * 1000000000LL + its.it_interval.tv_nsec);
	memset(&its, 0, sizeof(its));
	its.it_interval.tv_nsec =
		100000000; /* disarmed, and the interval is kept (timerfd_setup()) */
	timerfd_settime(fd, 0, &its, NULL);
	timerfd_gettime(fd, &its);
	printf("disarmed: value %lld interval %lld\n",
	       its.it_value.tv_sec * 1000000000LL + its.it_value.tv_nsec,
	       its.it_interval.tv_sec * 1000000000LL + its.it_interval.tv_nsec);
	close(fd);
	probe_posix_timer_interval();
	/* REALTIME, TFD_TIMER_ABSTIME, 2 s from now, non-blocking; then BOOTTIME, relative 0.5 s */
	fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	t = ns(CLOCK_REALTIME) + 2000000000LL;
	its.it_value.tv_sec = t / 1000000000;
	its.it_value.tv_nsec = t % 1000000000;
	timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL);
	n = (int)tfd_read(fd);
	printf("realtime abs read before: %d %s\n", n, strerror(errno));
	p.fd = fd;
	n = poll(&p, 1, -1);
	at("realtime abs 2 s ahead, poll forever", n, CLOCK_REALTIME, t);
	close(fd);
	fd = timerfd_create(CLOCK_BOOTTIME, 0);
	its.it_value.tv_sec = 0;
	its.it_value.tv_nsec = 500000000;
	t = ns(CLOCK_BOOTTIME) + 500000000;
	timerfd_settime(fd, 0, &its, NULL);
	n = (int)tfd_read(fd);
	at("boottime 0.5 s, blocking read", n, CLOCK_BOOTTIME, t);
	return 0;
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

/* When SIGALRM of alarm() and setitimer(ITIMER_REAL) comes: MONOTONIC's advance to each wake. */
static int probe_alarm(void)
{
	struct sigaction sa = { .sa_handler = on_alarm }; /* no SA_RESTART: waits end in EINTR */
	struct itimerval it = { .it_value.tv_usec = 250000, .it_interval.tv_usec = 100000 }, now;
	struct timeval ten = { .tv_sec = 10 };
	unsigned int r;
	long long m0;
	int n;

	sigaction(SIGALRM, &sa, NULL);
	m0 = ns(CLOCK_MONOTONIC);
	alarm(2);
	n = select(0, NULL, NULL, NULL, &ten);
	printf("alarm(2), select 10 s: %d %s, alarms %d, monotonic advanced %lld ns\n", n,
	       n < 0 ? strerror(errno) : "", (int)alarms, ns(CLOCK_MONOTONIC) - m0);
	alarm(5);
	r = alarm(0);
	m0 = ns(CLOCK_MONOTONIC);
	n = (int)sleep(7);
	printf("alarm(5) then alarm(0): %u; sleep(7): %d, alarms %d, monotonic advanced %lld ns\n",
	       r, n, (int)alarms, ns(CLOCK_MONOTONIC) - m0);
	m0 = ns(CLOCK_MONOTONIC);
	setitimer(ITIMER_REAL, &it, NULL);
	n = (int)sleep(10);
	printf("setitimer 250 ms every 100 ms, sleep(10): %d, alarms %d, monotonic advanced %lld "
	       "ns\n",
	       n, (int)alarms, ns(CLOCK_MONOTONIC) - m0);
	m0 = ns(CLOCK_MONOTONIC);
	n = usleep(1000000);
	printf("usleep(1 s): %d, alarms %d, monotonic advanced %lld ns\n", n, (int)alarms,
	       ns(CLOCK_MONOTONIC) - m0);
	getitimer(ITIMER_REAL, &now);
	printf("getitimer: value %ld.%06ld interval %ld.%06ld\n", (long)now.it_value.tv_sec,
	       (long)now.it_value.tv_usec, (long)now.it_interval.tv_sec,
	       (long)now.it_interval.tv_usec);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, &now);
	m0 = ns(CLOCK_MONOTONIC);
	n = (int)sleep(1);
	printf("disarmed, sleep(1): %d, alarms %d, monotonic advanced %lld ns\n", n, (int)alarms,
	       ns(CLOCK_MONOTONIC) - m0);
	return 0;
}

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

/* The process id the program sees, and a signal to it reaching the process itself. */
static int probe_pid(void)
{
	int ret;

	signal(SIGUSR1, on_usr1);
	printf("pid %d\n", (int)getpid());
	ret = kill(getpid(), SIGUSR1); /* delivered before kill() returns: it is our own */
	printf("kill(getpid(), SIGUSR1): %d, delivered %d\n", ret, (int)usr1);
	printf("syscall(SYS_getpid) %ld\n", syscall(SYS_getpid));
	return 0;
}

/* The interfaces the program sees: the simulated machine's, not the host's. */
static int probe_ifaddrs(void)
{
	struct ifaddrs *list;
	char a[INET6_ADDRSTRLEN];

	if (getifaddrs(&list))
		return 1;
	for (struct ifaddrs *i = list; i; i = i->ifa_next) {
		const struct sockaddr *sa = i->ifa_addr;
		const void *in =
			sa->sa_family == AF_INET
				? (const void *)&((const struct sockaddr_in *)sa)->sin_addr
				: (const void *)&((const struct sockaddr_in6 *)sa)->sin6_addr;

		printf("if %s %s flags %#x\n", i->ifa_name,
		       inet_ntop(sa->sa_family, in, a, sizeof(a)) ? a : "?", i->ifa_flags);
	}
	freeifaddrs(list);
	return 0;
}

int main(int argc, char **argv)
{
	struct timespec ten = { .tv_sec = 10 };
	struct timex tx = { 0 };
	struct utsname u;
	struct timeval tv;
	long long m0, m1;
	int ret;

	if (argc > 1 && !strcmp(argv[1], "seccomp")) {
		/* Strict mode: were it installed, the next write() would kill us (SIGKILL).  The
		 * preload passes it on; the kernel refuses strict mode under tksim's filter. */
		ret = prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0);
		printf("seccomp installed: %d %s\n", ret, ret ? strerror(errno) : "");
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "settime")) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec++;
		ret = clock_settime(CLOCK_REALTIME, &ts);
		printf("clock_settime: %d (%s)\n", ret, ret ? strerror(errno) : "ok");
		return ret ? 1 : 0;
	}
	if (argc > 1 && !strcmp(argv[1], "epoll"))
		return probe_epoll();
	if (argc > 1 && !strcmp(argv[1], "timerfd"))
		return probe_timerfd();
	if (argc > 1 && !strcmp(argv[1], "alarm"))
		return probe_alarm();
	if (argc > 1 && !strcmp(argv[1], "pid"))
		return probe_pid();
	if (argc > 1 && !strcmp(argv[1], "ifaddrs"))
		return probe_ifaddrs();
	uname(&u);
	gettimeofday(&tv, NULL);
	printf("uid %d euid %d release %s\n", (int)getuid(), (int)geteuid(), u.release);
	printf("realtime %lld time %lld gettimeofday %lld.%06ld\n", ns(CLOCK_REALTIME),
	       (long long)time(NULL), (long long)tv.tv_sec, (long)tv.tv_usec);
	m0 = ns(CLOCK_MONOTONIC);
	printf("monotonic %lld\n", m0);
	nanosleep(&ten, NULL);
	m1 = ns(CLOCK_MONOTONIC);
	printf("slept: monotonic advanced %lld ns\n", m1 - m0);
	tx.modes = ADJ_FREQUENCY;
	tx.freq = -(35L << 16); /* -35 ppm: cancels the default counter's +35 ppm */
	ret = adjtimex(&tx);
	printf("adjtimex(ADJ_FREQUENCY): %d%s%s freq %ld\n", ret, ret < 0 ? " " : "",
	       ret < 0 ? strerror(errno) : "", tx.freq);
	usleep(500000);
	printf("realtime %lld monotonic %lld\n", ns(CLOCK_REALTIME), ns(CLOCK_MONOTONIC));
	return 0;
}
