// SPDX-License-Identifier: GPL-2.0
/* tksim's own: every way a program can read a clock, for tests/daemon/daemon_escape.sh: under
 * `tksim daemon` each must read simulated time (or be stopped), none the host's. */

/*
 *   daemon_escape all           read the clocks every way; print Uid, capabilities, seccomp
 *   daemon_escape fork          a forked child runs `all`, then the parent does
 *   daemon_escape exec-clean    exec `all` with an empty environment (no LD_PRELOAD)
 *   daemon_escape seccomp       install a filter of its own (ALLOW clock syscalls), then `all`
 *   daemon_escape sigsys-child  a child puts SIGSYS back to SIG_DFL with a raw rt_sigaction,
 *                               then makes an inline clock_gettime: it dies by SIGSYS
 *   daemon_escape x32           an inline x32 clock_gettime
 *   daemon_escape i386          an i386 time() (int $0x80) in a child
 *   daemon_escape tamper        write 2^62 into the shared clock page's now_ns, then read
 *
 * It only ever reads clocks: adjtimex and clock_adjtime are called with modes 0.  Each read
 * prints `read PATH SECONDS` (or `read PATH none` where there is nothing to read), each wait
 * `wait PATH NS`.
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timeb.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sim/daemon/daemon_vvar.h"
#include "tools/parse_vdso.h"

extern int __adjtimex(struct timex *tx);

/* An inline syscall instruction: no libc, no preload in the way. */
static long raw(long nr, long a, long b)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r) : "0"(nr), "D"(a), "S"(b) : "rcx", "r11", "memory");
	return r;
}

static long raw4(long nr, long a, long b, long c, long d)
{
	register long r10 __asm__("r10") = d;
	long r;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return r;
}

static void out(const char *path, long long sec)
{
	printf("read %s %lld\n", path, sec);
}

static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void reads_libc(void)
{
	struct timespec ts = { 0 };
	struct timeval tv = { 0 };
	struct timex tx = { 0 };
	struct ntptimeval nt = { 0 };
	struct timeb tb = { 0 };

	clock_gettime(CLOCK_REALTIME, &ts);
	out("libc.clock_gettime", ts.tv_sec);
	gettimeofday(&tv, NULL);
	out("libc.gettimeofday", tv.tv_sec);
	out("libc.time", time(NULL));
	ts.tv_sec = 0;
	timespec_get(&ts, TIME_UTC);
	out("libc.timespec_get", ts.tv_sec);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* a program may still call it */
	ftime(&tb);
#pragma GCC diagnostic pop
	out("libc.ftime", tb.time);
	ntp_gettime(&nt);
	out("libc.ntp_gettime", nt.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	adjtimex(&tx);
	out("libc.adjtimex", tx.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	ntp_adjtime(&tx);
	out("libc.ntp_adjtime", tx.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	__adjtimex(&tx);
	out("libc.__adjtimex", tx.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	clock_adjtime(CLOCK_REALTIME, &tx);
	out("libc.clock_adjtime", tx.time.tv_sec);
}

static void reads_syscall(void)
{
	struct timespec ts = { 0 };
	struct timeval tv = { 0 };
	struct timex tx = { 0 };

	syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
	out("syscall.clock_gettime", ts.tv_sec);
	syscall(SYS_gettimeofday, &tv, NULL);
	out("syscall.gettimeofday", tv.tv_sec);
	out("syscall.time", syscall(SYS_time, NULL));
	syscall(SYS_adjtimex, &tx);
	out("syscall.adjtimex", tx.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	syscall(SYS_clock_adjtime, CLOCK_REALTIME, &tx);
	out("syscall.clock_adjtime", tx.time.tv_sec);
}

static void reads_inline(void)
{
	struct timespec ts = { 0 }, d = { 1, 0 };
	struct timeval tv = { 0 };
	struct timex tx = { 0 };
	long long t0;

	raw(SYS_clock_gettime, CLOCK_REALTIME, (long)&ts);
	out("inline.clock_gettime", ts.tv_sec);
	raw(SYS_gettimeofday, (long)&tv, 0);
	out("inline.gettimeofday", tv.tv_sec);
	out("inline.time", raw(SYS_time, 0, 0));
	raw(SYS_adjtimex, (long)&tx, 0);
	out("inline.adjtimex", tx.time.tv_sec);
	memset(&tx, 0, sizeof(tx));
	raw(SYS_clock_adjtime, CLOCK_REALTIME, (long)&tx);
	out("inline.clock_adjtime", tx.time.tv_sec);
	/* A clock id with high bits set: the kernel reads 32 bits, and so does the filter. */
	ts.tv_sec = 0;
	raw(SYS_clock_gettime, 0x100000000L | CLOCK_REALTIME, (long)&ts);
	out("inline.clock_gettime_hi", ts.tv_sec);
	t0 = mono_ns();
	raw(SYS_nanosleep, (long)&d, 0);
	printf("wait inline.nanosleep %lld\n", mono_ns() - t0);
	t0 = mono_ns();
	raw4(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, (long)&d, 0);
	printf("wait inline.clock_nanosleep %lld\n", mono_ns() - t0);
}

static void reads_dlsym(void)
{
	void *libc = dlopen("libc.so.6", RTLD_NOW);
	int (*cg)(clockid_t, struct timespec *) = dlsym(libc, "clock_gettime");
	int (*cgv)(clockid_t, struct timespec *) = dlvsym(libc, "clock_gettime", "GLIBC_2.17");
	int (*gtod)(struct timeval *, void *) = dlsym(libc, "gettimeofday");
	time_t (*tm)(time_t *) = dlsym(libc, "time");
	int (*adj)(struct timex *) = dlsym(libc, "adjtimex");
	int (*ntg)(struct ntptimeval *) = dlsym(libc, "ntp_gettime");
	struct timespec ts = { 0 };
	struct timeval tv = { 0 };
	struct timex tx = { 0 };
	struct ntptimeval nt = { 0 };

	cg(CLOCK_REALTIME, &ts);
	out("dlsym.clock_gettime", ts.tv_sec);
	ts.tv_sec = 0;
	cgv(CLOCK_REALTIME, &ts);
	out("dlvsym.clock_gettime", ts.tv_sec);
	gtod(&tv, NULL);
	out("dlsym.gettimeofday", tv.tv_sec);
	out("dlsym.time", tm(NULL));
	adj(&tx);
	out("dlsym.adjtimex", tx.time.tv_sec);
	ntg(&nt);
	out("dlsym.ntp_gettime", nt.time.tv_sec);
}

/* The vDSO a program finds itself: none, under tksim (the auxv says so). */
static void reads_vdso(void)
{
	int (*vg)(clockid_t, struct timespec *);
	struct timespec ts = { 0 };
	struct tk_vdso v;

	if (!getauxval(AT_SYSINFO_EHDR) || tk_vdso_init_self(&v)) {
		printf("read vdso.clock_gettime none\n");
		return;
	}
	vg = tk_vdso_sym(&v, "LINUX_2.6", "__vdso_clock_gettime");
	if (!vg) {
		printf("read vdso.clock_gettime none\n");
		return;
	}
	vg(CLOCK_REALTIME, &ts);
	out("vdso.clock_gettime", ts.tv_sec);
}

/* What the kernel says of the process (not getuid(): the preload answers 0), and of tksim. */
static void status(const char *who, const char *file)
{
	static const char *const keys[] = {
		"Uid:",	   "Gid:",    "CapInh:",     "CapPrm:",	 "CapEff:",
		"CapBnd:", "CapAmb:", "NoNewPrivs:", "Seccomp:", "Seccomp_filters:"
	};
	char line[256];
	FILE *f = fopen(file, "r");

	if (!f) {
		printf("%s unreadable %s\n", who, file);
		return;
	}
	while (fgets(line, sizeof(line), f))
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strncmp(line, keys[i], strlen(keys[i])))
				printf("%s %s", who, line);
	fclose(f);
}

static int all(void)
{
	char parent[64];

	reads_libc();
	reads_syscall();
	reads_inline();
	reads_dlsym();
	reads_vdso();
	status("status", "/proc/self/status");
	snprintf(parent, sizeof(parent), "/proc/%d/status", (int)getppid());
	status("parent", parent);
	return fflush(stdout);
}

static int child_then_all(void)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("child:\n");
		_exit(all());
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		printf("child failed: status %d\n", st);
	printf("parent:\n");
	return all();
}

/* A filter of the program's own that tries to undo the simulation: ALLOW what tksim traps. */
static int own_seccomp(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_uname, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	printf("seccomp: installed %ld\n",
	       raw4(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, (long)&prog, 0));
	return all();
}

/* Around the preload's sigaction(): the handler is gone, and the next trap kills. */
static int sigsys_child(void)
{
	struct {
		void *handler;
		unsigned long flags;
		void *restorer;
		unsigned long mask;
	} dfl = { 0 };
	struct timespec ts;
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		raw4(SYS_rt_sigaction, SIGSYS, (long)&dfl, 0, 8);
		raw(SYS_clock_gettime, CLOCK_REALTIME, (long)&ts);
		printf("sigsys-child: the trapped syscall returned\n");
		_exit(0);
	}
	waitpid(pid, &st, 0);
	printf("sigsys-child: status %d\n", st);
	return 0;
}

/* Another ABI: x32 from this process. */
static int x32_abi(void)
{
	struct timespec ts = { 0 };

	raw(0x40000000L | SYS_clock_gettime, CLOCK_REALTIME, (long)&ts);
	out("x32.clock_gettime", ts.tv_sec);
	return 0;
}

/*
 * Another ABI: i386 `int $0x80` in a child.  A host kernel without IA32 emulation kills it
 * with SIGSEGV; one with it runs the call into tksim's filter, which must refuse it.
 */
static int i386_abi(void)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		long r = 13; /* i386 time(NULL) */

		__asm__ volatile("int $0x80" : "+a"(r) : "b"(0) : "memory");
		printf("i386: time %ld\n", r);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV)
		printf("i386: not available\n");
	else
		printf("i386: status %d\n", st);
	return 0;
}

/* Overwrite the page tksim shares (its fd is the preload's TKSIM_PRELOAD_VVAR_FD), then read. */
static int tamper(void)
{
	uint64_t now = 1ULL << 62;
	struct timespec ts;

	if (pwrite(TKSIM_PRELOAD_VVAR_FD, &now, sizeof(now), offsetof(struct tkp_vvar, now_ns)) !=
	    (ssize_t)sizeof(now)) {
		perror("tamper: pwrite");
		return 1;
	}
	printf("tamper: now_ns = 2^62\n");
	fflush(stdout);
	for (int i = 0; i < 1000000; i++)
		clock_gettime(CLOCK_MONOTONIC, &ts);
	sleep(1);
	printf("tamper: still running\n");
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "fork"))
		return child_then_all();
	if (!strcmp(mode, "exec-clean")) {
		char *args[] = { argv[0], "all", NULL }, *env[] = { NULL };

		printf("exec-clean: exec with no environment\n");
		fflush(stdout);
		execve("/proc/self/exe", args, env);
		perror("execve");
		return 1;
	}
	if (!strcmp(mode, "seccomp"))
		return own_seccomp();
	if (!strcmp(mode, "sigsys-child"))
		return sigsys_child();
	if (!strcmp(mode, "x32"))
		return x32_abi();
	if (!strcmp(mode, "i386"))
		return i386_abi();
	if (!strcmp(mode, "tamper"))
		return tamper();
	return all();
}
