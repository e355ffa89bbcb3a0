// SPDX-License-Identifier: GPL-2.0
/* tksim's own: libtksim-preload.so, the program's descendants: every exec keeps the preload, a
 * static or 32-bit one is stopped, a death by SIGSYS is reported (docs/daemons.md, "Safety"). */

/*
 * tksim's seccomp filter stays on every descendant, but only the preload makes a descendant's
 * clock reads simulated: a program started without it would read the host's vDSO, and die at
 * its first trapped syscall.  So each exec of the family (they call glibc's internal execve,
 * not the exported one: each is wrapped) and posix_spawn gets an environment with the
 * preload's variables put back, and a program the preload cannot run in (static, 32-bit:
 * tools/daemon/daemon_elf.c) is refused before the exec.  system() and popen() spawn their
 * shell from environ, so the variables go back into environ first.  What bypasses all this (a
 * raw execve, a raw rt_sigaction) dies by SIGSYS at its first trapped syscall, and the wait
 * that reaps it turns that into a refusal: the run exits 2.  An interposer beside the bottom
 * layer: it calls tkp_real() and tkp_refuse() only.
 */

#define _GNU_SOURCE
#include "tools/preload/preload.h"
#include "tools/preload/preload_exec.h"

#include <alloca.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim/daemon/daemon_vvar.h"
#include "tools/daemon/daemon_elf.h"

extern char **environ;

/* The variables a descendant needs, "NAME=value", as the constructor found them. */
enum { TKP_ENV_PRELOAD, TKP_ENV_FD, TKP_ENV_SHMID, TKP_ENV_VVAR, TKP_ENV_NR };
static const char *const tkp_env_names[TKP_ENV_NR] = { "LD_PRELOAD", TKSIM_PRELOAD_FD_ENV,
						       TKSIM_PRELOAD_SHMID_ENV,
						       TKSIM_PRELOAD_VVAR_FD_ENV };
static char *tkp_env[TKP_ENV_NR];
static const char *tkp_self; /* the preload's own path */

void tkp_exec_init(void)
{
	Dl_info in;

	if (dladdr((void *)tkp_exec_init, &in) && in.dli_fname)
		tkp_self = strdup(in.dli_fname);
	for (int i = 1; i < TKP_ENV_NR; i++) {
		const char *v = getenv(tkp_env_names[i]);
		char *e;

		if (v && (e = malloc(strlen(tkp_env_names[i]) + strlen(v) + 2))) {
			sprintf(e, "%s=%s", tkp_env_names[i], v);
			tkp_env[i] = e;
		}
	}
}

/* @e is NAME=...: which of tkp_env_names, or -1. */
static int tkp_env_which(const char *e)
{
	for (int i = 0; i < TKP_ENV_NR; i++) {
		size_t n = strlen(tkp_env_names[i]);

		if (!strncmp(e, tkp_env_names[i], n) && e[n] == '=')
			return i;
	}
	return -1;
}

/* The bytes of "LD_PRELOAD=" + the preload + ":" + @prog, with its NUL. */
static size_t tkp_preload_entry_size(const char *prog)
{
	return strlen(tkp_self) + (prog ? strlen(prog) : 0) + sizeof("LD_PRELOAD=:");
}

/* "LD_PRELOAD=" + the preload, then @prog's own list, in @e (tkp_preload_entry_size()). */
static char *tkp_preload_entry(char *e, const char *prog)
{
	sprintf(e, "LD_PRELOAD=%s%s%s", tkp_self, prog && *prog ? ":" : "", prog ? prog : "");
	return e;
}

/* @envp's LD_PRELOAD list, or NULL; and in @n its length. */
static const char *tkp_env_scan(char *const envp[], size_t *n)
{
	const char *prog = NULL;

	for (*n = 0; envp && envp[*n]; (*n)++)
		if (tkp_env_which(envp[*n]) == TKP_ENV_PRELOAD)
			prog = envp[*n] + strlen("LD_PRELOAD=");
	return prog;
}

/*
 * @envp with the preload's variables as the constructor found them, in @out (room for @envp's
 * entries + TKP_ENV_NR + 1): the preload first in LD_PRELOAD (the program's own libraries after
 * it), its list written in @joined (tkp_preload_entry_size()).  On the caller's stack, both:
 * after vfork() nothing may malloc.
 */
static void tkp_env_fill(char **out, char *joined, char *const envp[], const char *prog)
{
	size_t k = 0;

	for (size_t i = 0; envp && envp[i]; i++)
		if (tkp_env_which(envp[i]) < 0)
			out[k++] = envp[i];
	if (tkp_self && prog && strstr(prog, tkp_self))
		out[k++] = (char *)prog - strlen("LD_PRELOAD=");
	else if (tkp_self)
		out[k++] = tkp_preload_entry(joined, prog);
	for (int i = 1; i < TKP_ENV_NR; i++)
		if (tkp_env[i])
			out[k++] = tkp_env[i];
	out[k] = NULL;
}

/* @envp fixed (tkp_env_fill()) into @out, an array on the caller's stack. */
#define TKP_ENV_FIXED(out, envp)                                                                 \
	do {                                                                                     \
		size_t n_;                                                                       \
		const char *prog_ = tkp_env_scan(envp, &n_);                                     \
		out = alloca((n_ + TKP_ENV_NR + 1) * sizeof(char *));                            \
		tkp_env_fill(out, tkp_self ? alloca(tkp_preload_entry_size(prog_)) : NULL, envp, \
			     prog_);                                                             \
	} while (0)

/* Refuse to exec what the preload could not run in; a script's interpreter is what runs. */
static void tkp_exec_check(const char *path, int depth)
{
	char head[256], msg[128], *p, *end;
	const char *why;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return; /* the exec fails by itself */
	n = pread(fd, head, sizeof(head) - 1, 0);
	close(fd);
	if (n > 2 && head[0] == '#' && head[1] == '!') {
		head[n] = 0;
		for (p = head + 2; *p == ' ' || *p == '\t'; p++)
			;
		end = p + strcspn(p, " \t\n");
		*end = 0;
		if (*p && depth < 4) /* the kernel follows 4 interpreters */
			tkp_exec_check(p, depth + 1);
		return;
	}
	if (daemon_check_elf(path, &why) == -2) {
		size_t len = strlen(path);

		/* the path's end: the name, within the refusal's 128 bytes */
		snprintf(msg, sizeof(msg), "exec of %s%s: it %s", len > 40 ? "..." : "",
			 len > 40 ? path + len - 40 : path, why);
		tkp_refuse(msg);
	}
}

/* Where execvp() would find @file, checked. */
static void tkp_exec_check_file(const char *file)
{
	const char *why_not;
	char path[4096];

	if (!daemon_resolve(file, path, sizeof(path), &why_not))
		tkp_exec_check(path, 0);
}

/* The real exec with the fixed environment. */
static int tkp_exec_with(int (*real)(const char *, char *const[], char *const[]), const char *path,
			 char *const argv[], char *const envp[])
{
	char **env;

	TKP_ENV_FIXED(env, envp);
	return real(path, argv, env);
}

TKP_EXPORT int execve(const char *path, char *const argv[], char *const envp[]);
int execve(const char *path, char *const argv[], char *const envp[])
{
	static int (*real)(const char *, char *const[], char *const[]);

	if (!real)
		real = tkp_real("execve");
	tkp_exec_check(path, 0);
	return tkp_exec_with(real, path, argv, envp);
}

TKP_EXPORT int execvpe(const char *file, char *const argv[], char *const envp[]);
int execvpe(const char *file, char *const argv[], char *const envp[])
{
	static int (*real)(const char *, char *const[], char *const[]);

	if (!real)
		real = tkp_real("execvpe");
	tkp_exec_check_file(file);
	return tkp_exec_with(real, file, argv, envp);
}

TKP_EXPORT int execv(const char *path, char *const argv[]);
int execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

TKP_EXPORT int execvp(const char *file, char *const argv[]);
int execvp(const char *file, char *const argv[])
{
	return execvpe(file, argv, environ);
}

/* execl's arguments as an argv on the caller's stack (an exec after vfork must not malloc), and
 * with @with_env execle's envp after the NULL. */
#define TKP_EXECL_ARGV(arg, ap, argv, envp_out, with_env) \
	do {                                              \
		size_t n_ = 1;                            \
		va_start(ap, arg);                        \
		while (va_arg(ap, char *))                \
			n_++;                             \
		va_end(ap);                               \
		argv = alloca((n_ + 1) * sizeof(char *)); \
		argv[0] = (char *)arg;                    \
		va_start(ap, arg);                        \
		for (size_t i_ = 1; i_ <= n_; i_++)       \
			argv[i_] = va_arg(ap, char *);    \
		if (with_env)                             \
			envp_out = va_arg(ap, char **);   \
		va_end(ap);                               \
	} while (0)

TKP_EXPORT int execl(const char *path, const char *arg, ...);
int execl(const char *path, const char *arg, ...)
{
	char **argv, **envp = environ;
	va_list ap;

	TKP_EXECL_ARGV(arg, ap, argv, envp, 0);
	return execve(path, argv, envp);
}

TKP_EXPORT int execlp(const char *file, const char *arg, ...);
int execlp(const char *file, const char *arg, ...)
{
	char **argv, **envp = environ;
	va_list ap;

	TKP_EXECL_ARGV(arg, ap, argv, envp, 0);
	return execvpe(file, argv, envp);
}

TKP_EXPORT int execle(const char *path, const char *arg, ...);
int execle(const char *path, const char *arg, ...)
{
	char **argv, **envp;
	va_list ap;

	TKP_EXECL_ARGV(arg, ap, argv, envp, 1);
	return execve(path, argv, envp);
}

typedef int tkp_spawn_fn(pid_t *, const char *, const posix_spawn_file_actions_t *,
			 const posix_spawnattr_t *, char *const[], char *const[]);

static int tkp_spawn_with(tkp_spawn_fn *real, pid_t *pid, const char *path,
			  const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
			  char *const argv[], char *const envp[])
{
	char **env;

	TKP_ENV_FIXED(env, envp);
	return real(pid, path, fa, attr, argv, env);
}

TKP_EXPORT int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
			   const posix_spawnattr_t *attr, char *const argv[], char *const envp[]);
int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
		const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
	static tkp_spawn_fn *real;

	if (!real)
		real = tkp_real("posix_spawn");
	tkp_exec_check(path, 0);
	return tkp_spawn_with(real, pid, path, fa, attr, argv, envp);
}

TKP_EXPORT int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
			    const posix_spawnattr_t *attr, char *const argv[], char *const envp[]);
int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
		 const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
	static tkp_spawn_fn *real;

	if (!real)
		real = tkp_real("posix_spawnp");
	tkp_exec_check_file(file);
	return tkp_spawn_with(real, pid, file, fa, attr, argv, envp);
}

/* ------------------------------------------------------------- environ, for system and popen */

static void tkp_env_restore(void)
{
	const char *now = getenv("LD_PRELOAD");

	for (int i = 1; i < TKP_ENV_NR; i++)
		if (tkp_env[i]) {
			const char *v = strchr(tkp_env[i], '=') + 1,
				   *cur = getenv(tkp_env_names[i]);

			if (!cur || strcmp(cur, v))
				setenv(tkp_env_names[i], v, 1);
		}
	if (tkp_self && !(now && strstr(now, tkp_self))) {
		char *e = malloc(tkp_preload_entry_size(now));

		if (e)
			setenv("LD_PRELOAD", tkp_preload_entry(e, now) + strlen("LD_PRELOAD="), 1);
		free(e);
	}
}

/* ------------------------------------------------------------- deaths by SIGSYS */

/*
 * A descendant (@pid, 0 when not known) died at a trapped syscall it made without the preload's
 * handler: stop the run.
 */
static void tkp_reaped(pid_t pid, int status)
{
	char msg[128], who[32] = "";

	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSYS)
		return;
	if (pid > 0)
		snprintf(who, sizeof(who), " (pid %d)", (int)pid);
	snprintf(msg, sizeof(msg),
		 "a child%s was killed by SIGSYS: tksim's filter stopped a clock syscall it made "
		 "without the preload",
		 who);
	tkp_refuse(msg);
}

TKP_EXPORT int system(const char *cmd);
int system(const char *cmd)
{
	static int (*real)(const char *);
	int st;

	if (!real)
		real = tkp_real("system");
	tkp_env_restore();
	st = real(cmd);
	if (cmd && st != -1)
		tkp_reaped(0, st);
	return st;
}

TKP_EXPORT FILE *popen(const char *cmd, const char *mode);
FILE *popen(const char *cmd, const char *mode)
{
	static FILE *(*real)(const char *, const char *);

	if (!real)
		real = tkp_real("popen");
	tkp_env_restore();
	return real(cmd, mode);
}

TKP_EXPORT int pclose(FILE *f);
int pclose(FILE *f)
{
	static int (*real)(FILE *);
	int st;

	if (!real)
		real = tkp_real("pclose");
	st = real(f);
	if (st != -1)
		tkp_reaped(0, st);
	return st;
}

TKP_EXPORT pid_t waitpid(pid_t pid, int *status, int options);
pid_t waitpid(pid_t pid, int *status, int options)
{
	static pid_t (*real)(pid_t, int *, int);
	int st = 0;
	pid_t r;

	if (!real)
		real = tkp_real("waitpid");
	r = real(pid, &st, options);
	if (r > 0)
		tkp_reaped(r, st);
	if (status)
		*status = st;
	return r;
}

TKP_EXPORT pid_t wait(int *status);
pid_t wait(int *status)
{
	return waitpid(-1, status, 0);
}

TKP_EXPORT pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru);
pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
	static pid_t (*real)(pid_t, int *, int, struct rusage *);
	int st = 0;
	pid_t r;

	if (!real)
		real = tkp_real("wait4");
	r = real(pid, &st, options, ru);
	if (r > 0)
		tkp_reaped(r, st);
	if (status)
		*status = st;
	return r;
}

TKP_EXPORT pid_t wait3(int *status, int options, struct rusage *ru);
pid_t wait3(int *status, int options, struct rusage *ru)
{
	return wait4(-1, status, options, ru);
}

TKP_EXPORT int waitid(idtype_t type, id_t id, siginfo_t *si, int options);
int waitid(idtype_t type, id_t id, siginfo_t *si, int options)
{
	static int (*real)(idtype_t, id_t, siginfo_t *, int);
	int r;

	if (!real)
		real = tkp_real("waitid");
	r = real(type, id, si, options);
	if (!r && si && (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED) &&
	    si->si_status == SIGSYS)
		tkp_reaped(si->si_pid, SIGSYS); /* a wait status of death by SIGSYS */
	return r;
}
