// SPDX-License-Identifier: GPL-2.0
// tksim's own: finding a kernel tree and building its shared object against the shims, once per
// tree, HZ and shim version.
/*
 * The tree's files are compiled at run time (docs/kernel-backend.md says
 * why): the files of ktree/tree/ include the tree's kernel/time files and
 * lib/vdso/gettimeofday.c as they are, against ktree/shim/, with the
 * compiler tksim was built with.  The object goes into the kernel cache,
 * under a hash of everything that went into it, so a second run loads it in
 * milliseconds and a changed tree or shim builds a new one.
 */
#define _XOPEN_SOURCE 700
#include "ktree/ktree_build.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktree/ktree_abi.h"

#ifndef TKSIM_KTREE_SRCDIR
#define TKSIM_KTREE_SRCDIR "ktree"
#endif
#ifndef TKSIM_KTREE_DATADIR
#define TKSIM_KTREE_DATADIR "/usr/local/share/tksim/ktree"
#endif
#ifndef TKSIM_KTREE_CC
#define TKSIM_KTREE_CC "cc"
#endif

/* The tree's files the backend compiles (ktree/tree/kt_NAME.c includes kernel/time/NAME.c ...). */
static const char *const kt_tree_files[] = {
	"kernel/time/timekeeping.c",	       "kernel/time/ntp.c",	"kernel/time/vsyscall.c",
	"kernel/time/clocksource.c",	       "kernel/time/jiffies.c", "lib/vdso/gettimeofday.c",
	"include/linux/timekeeper_internal.h",
};

/* ktree/tree/: the kernel-world files, then kt_host.c, compiled with libc's headers. */
static const char *const kt_units[] = {
	"kt_timekeeping", "kt_ntp",  "kt_vsyscall", "kt_clocksource", "kt_jiffies",
	"kt_vdso",	  "kt_glue", "kt_syscalls", "kt_time",
};

/* snprintf() for paths: a path that does not fit is cut, and then simply not found. */
static __attribute__((format(printf, 3, 4))) void kt_path(char *buf, size_t len, const char *fmt,
							  ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

static int kt_isdir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int kt_isfile(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The kernel cache: TKSIM_KERNEL_CACHE, else $XDG_CACHE_HOME/tksim/kernels, else ~/.cache/... */
static void kt_cache_dir(char *buf, size_t len)
{
	const char *c = getenv("TKSIM_KERNEL_CACHE");
	const char *x = getenv("XDG_CACHE_HOME");
	const char *h = getenv("HOME");

	if (c && *c)
		kt_path(buf, len, "%s", c);
	else if (x && *x)
		kt_path(buf, len, "%s/tksim/kernels", x);
	else
		kt_path(buf, len, "%s/.cache/tksim/kernels", h && *h ? h : "/tmp");
}

/* The shims and ktree/tree/: TKSIM_KTREE_DIR, else the source tree's, else the installed copy. */
static void kt_shim_root(char *buf, size_t len)
{
	const char *e = getenv("TKSIM_KTREE_DIR");

	if (e && *e)
		kt_path(buf, len, "%s", e);
	else if (kt_isdir(TKSIM_KTREE_SRCDIR "/shim"))
		kt_path(buf, len, "%s", TKSIM_KTREE_SRCDIR);
	else
		kt_path(buf, len, "%s", TKSIM_KTREE_DATADIR);
}

/**
 * ktree_resolve() - the directory of the tree @name names
 * @name:   a release fetched into the cache ("6.12", "6.1") or a tree's directory
 * @dir:    the tree's directory, on KTREE_OK
 * @dirlen: size of @dir
 * @err:    why not
 * @errlen: size of @err
 *
 * Return: KTREE_OK; KTREE_UNAVAILABLE for a release not fetched;
 * KTREE_BROKEN for a directory that is not a tree the backend can use.
 */
enum ktree_status ktree_resolve(const char *name, char *dir, size_t dirlen, char *err,
				size_t errlen)
{
	char cache[4096], path[4096];
	size_t i;

	if (strchr(name, '/') || kt_isdir(name)) {
		if (!realpath(name, path)) {
			kt_path(err, errlen, "kernel tree %s: %s", name, strerror(errno));
			return KTREE_BROKEN;
		}
	} else if (strspn(name, "0123456789.") == strlen(name) && strchr(name, '.')) {
		kt_cache_dir(cache, sizeof(cache));
		kt_path(path, sizeof(path), "%s/%s", cache, name);
		kt_path(cache, sizeof(cache), "%s/.tksim-unpacked", path);
		if (!kt_isfile(cache)) {
			kt_path(err, errlen,
				"kernel tree %s is not available: fetch it with "
				"scripts/fetch-kernels.sh %s "
				"(looked in %s)",
				name, name, path);
			return KTREE_UNAVAILABLE;
		}
	} else {
		kt_path(err, errlen,
			"kernel tree %s: neither a release (6.12, 6.1) nor a directory", name);
		return KTREE_BROKEN;
	}
	for (i = 0; i < sizeof(kt_tree_files) / sizeof(kt_tree_files[0]); i++) {
		kt_path(cache, sizeof(cache), "%s/%s", path, kt_tree_files[i]);
		if (!kt_isfile(cache)) {
			kt_path(err, errlen,
				"kernel tree %s has no %s: not a kernel tree the backend can use",
				path, kt_tree_files[i]);
			return KTREE_BROKEN;
		}
	}
	kt_path(dir, dirlen, "%s", path);
	return KTREE_OK;
}

/**
 * ktree_tree_release() - the tree's release from its Makefile ("6.12.57"), and Debian's version if
 * fetched
 * @dir:    the tree
 * @rel:    the release, "" when the Makefile does not say
 * @rellen: size of @rel
 */
void ktree_tree_release(const char *dir, char *rel, size_t rellen)
{
	char path[4096], line[256], deb[128] = "";
	long v[3] = { -1, -1, -1 };
	FILE *f;

	kt_path(path, sizeof(path), "%s/Makefile", dir);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f) && (v[0] < 0 || v[1] < 0 || v[2] < 0)) {
		sscanf(line, "VERSION = %ld", &v[0]);
		sscanf(line, "PATCHLEVEL = %ld", &v[1]);
		sscanf(line, "SUBLEVEL = %ld", &v[2]);
	}
	if (f)
		fclose(f);
	kt_path(path, sizeof(path), "%s/.tksim-package-version", dir);
	f = fopen(path, "r");
	if (f) {
		if (fgets(deb, sizeof(deb), f))
			deb[strcspn(deb, "\n")] = '\0';
		fclose(f);
	}
	if (v[0] < 0 || v[1] < 0)
		kt_path(rel, rellen, "%s", deb);
	else if (*deb)
		kt_path(rel, rellen, "%ld.%ld.%ld (Debian %s)", v[0], v[1], v[2] < 0 ? 0 : v[2],
			deb);
	else
		kt_path(rel, rellen, "%ld.%ld.%ld", v[0], v[1], v[2] < 0 ? 0 : v[2]);
}

/* FNV-1a over what goes into the object: a changed shim or tree file gives another object. */
static uint64_t kt_hash;

static void kt_hash_bytes(const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n--) {
		kt_hash ^= *b++;
		kt_hash *= 0x100000001b3ULL;
	}
}

/* nftw() visitor: every file's name, size and mtime (ns) */
static int kt_hash_visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag != FTW_F)
		return 0;
	kt_hash_bytes(path, strlen(path));
	kt_hash_bytes(&st->st_size, sizeof(st->st_size));
	kt_hash_bytes(&st->st_mtim, sizeof(st->st_mtim));
	return 0;
}

/* Run @argv with stdout and stderr into @log; Return: its exit status, or -1. */
static int kt_run(char *const argv[], const char *log)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The first compiler or linker error of @log, as "FILE:LINE: what" or "no SYMBOL". */
static void kt_first_error(const char *log, char *buf, size_t len)
{
	char line[1024], obj[512] = "";
	FILE *f = fopen(log, "r");

	snprintf(buf, len, "the compiler failed (see %s)", log);
	while (f && fgets(line, sizeof(line), f)) {
		char *e = strstr(line, ": error: ");
		char *u = strstr(line, "undefined reference to `");

		line[strcspn(line, "\n")] = '\0';
		if (!e)
			e = strstr(line, ": fatal error: ");
		if (strstr(line, ": in function `"))
			kt_path(obj, sizeof(obj), "%s", line);
		if (e) {
			char *col = e;

			/* FILE:LINE:COL: error: what -> FILE:LINE: what */
			*e = '\0';
			col = strrchr(line, ':');
			if (col && col > line && strchr(line, ':') != col)
				*col = '\0';
			kt_path(buf, len, "%s: %s", line, strstr(e + 1, "error: ") + 7);
			break;
		}
		if (u) {
			char *end = strchr(u + 24, '\'');

			if (end)
				*end = '\0';
			snprintf(buf, len, "no %s, which %s needs (the shims do not provide it)",
				 u + 24, *obj ? obj : "the tree");
			break;
		}
	}
	if (f)
		fclose(f);
}

/* Split TKSIM_KTREE_CC ("gcc", "ccache gcc -m64") into @argv; Return: words. */
static int kt_cc_words(char *cc, char **argv, int max)
{
	int n = 0;
	char *save = NULL;

	for (char *w = strtok_r(cc, " ", &save); w && n < max; w = strtok_r(NULL, " ", &save))
		argv[n++] = w;
	return n;
}

/* The compiler's own include directory (stddef.h, stdint.h for -ffreestanding). */
static void kt_cc_include(const char *cc, char *buf, size_t len)
{
	char cmd[1024];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s -print-file-name=include 2>/dev/null", cc);
	buf[0] = '\0';
	p = popen(cmd, "r");
	if (p) {
		if (fgets(buf, (int)len, p))
			buf[strcspn(buf, "\n")] = '\0';
		pclose(p);
	}
}

/**
 * kt_tree_has() - whether a line of tree @dir's @file holds @word
 * @dir:  the tree
 * @file: a path in it ("include/linux/timekeeper_internal.h")
 * @word: the text looked for ("coarse_nsec": v6.15 and later, which the snapshot reads then)
 *
 * Return: 1 or 0 (0 also when @file cannot be read).
 */
int kt_tree_has(const char *dir, const char *file, const char *word)
{
	char path[4096], line[512];
	int found = 0;
	FILE *f;

	kt_path(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, word) != NULL;
	if (f)
		fclose(f);
	return found;
}

/*
 * $TKSIM_KTREE_CFLAGS: extra compiler flags for the tree's object, part of its hash (another
 * object): "--coverage" for gcov/lcov of the tree's own timekeeping.c and ntp.c over a corpus
 * (tests/fuzz/ktree-coverage.sh), "-fsanitize=fuzzer-no-link" so that libFuzzer sees the tree's
 * edges.  Sanitizer callbacks are the loading program's, so such an object is linked without
 * -z defs (a symbol no shim provides then fails at dlopen()); a --coverage object is built in
 * place, so that the .gcda files the runs write sit beside the .gcno files.
 */
static const char *kt_extra_cflags(void)
{
	const char *e = getenv("TKSIM_KTREE_CFLAGS");

	return e && *e ? e : NULL;
}

/**
 * ktree_build() - the shared object of tree @dir at @hz, built now if the cache has none
 * @dir:    the tree (ktree_resolve())
 * @hz:     CONFIG_HZ
 * @so:     the object's path, on KTREE_OK
 * @solen:  size of @so
 * @err:    why not: the tree's or the shim's FILE:LINE and the compiler's words, or the
 *          symbol the link misses
 * @errlen: size of @err
 *
 * Return: KTREE_OK, KTREE_UNAVAILABLE (no compiler, no cache) or KTREE_BROKEN.
 */
enum ktree_status ktree_build(const char *dir, unsigned int hz, char *so, size_t solen, char *err,
			      size_t errlen)
{
	static const char *const hashed[] = { "kernel/time", "lib/vdso", "include/vdso",
					      "include/linux" };
	char root[4096], top[4096], cache[4096], out[4200], tmp[4300], gccinc[1024];
	char ccbuf[1024], src[4400], obj[4400], log[4400], hzdef[64], inc[8][4400];
	char xbuf[1024], *argv[128];
	const char *extra = kt_extra_cflags();
	int nx = 0;
	char *xargv[24];
	unsigned int abi = KT_ABI_VERSION;
	int ncc, n, coarse, max_cycles;
	size_t i;

	kt_shim_root(root, sizeof(root));
	kt_cache_dir(cache, sizeof(cache));
	snprintf(ccbuf, sizeof(ccbuf), "%s", TKSIM_KTREE_CC);
	kt_hash = 0xcbf29ce484222325ULL;
	kt_hash_bytes(dir, strlen(dir));
	kt_hash_bytes(&hz, sizeof(hz));
	kt_hash_bytes(&abi, sizeof(abi));
	kt_hash_bytes(ccbuf, strlen(ccbuf));
	if (extra) {
		kt_hash_bytes(extra, strlen(extra));
		snprintf(xbuf, sizeof(xbuf), "%s", extra);
		nx = kt_cc_words(xbuf, xargv, 24);
	}
	if (nftw(root, kt_hash_visit, 16, FTW_PHYS)) {
		kt_path(err, errlen, "the kernel backend's shims are not at %s (TKSIM_KTREE_DIR)",
			root);
		return KTREE_UNAVAILABLE;
	}
	for (i = 0; i < sizeof(hashed) / sizeof(hashed[0]); i++) {
		kt_path(src, sizeof(src), "%s/%s", dir, hashed[i]);
		nftw(src, kt_hash_visit, 16, FTW_PHYS);
	}
	kt_path(out, sizeof(out), "%s/build/%016llx", cache, (unsigned long long)kt_hash);
	kt_path(so, solen, "%s/ktree.so", out);
	if (kt_isfile(so))
		return KTREE_OK;

	kt_path(tmp, sizeof(tmp), "%s.tmp.%ld", out, (long)getpid());
	if (extra && strstr(extra, "--coverage"))
		kt_path(tmp, sizeof(tmp), "%s", out);
	kt_path(src, sizeof(src), "%s/build", cache);
	if ((mkdir(cache, 0755) && errno != EEXIST) || (mkdir(src, 0755) && errno != EEXIST) ||
	    (mkdir(tmp, 0755) && errno != EEXIST)) {
		kt_path(err, errlen, "cannot write the kernel cache %s: %s", src, strerror(errno));
		return KTREE_UNAVAILABLE;
	}
	kt_cc_include(TKSIM_KTREE_CC, gccinc, sizeof(gccinc));
	kt_path(top, sizeof(top), "%s/..", root);
	snprintf(hzdef, sizeof(hzdef), "-DCONFIG_HZ=%u", hz);
	coarse = kt_tree_has(dir, "include/linux/timekeeper_internal.h", "coarse_nsec");
	/* struct vdso_data's max_cycles (v6.10 on): kt_vsyscall.c reads it then */
	max_cycles = kt_tree_has(dir, "include/vdso/datapage.h", "max_cycles;");
	kt_path(inc[0], sizeof(inc[0]), "-I%s/shim", root);
	kt_path(inc[1], sizeof(inc[1]), "-I%s/arch/x86/include", dir);
	kt_path(inc[2], sizeof(inc[2]), "-I%s/arch/x86/include/uapi", dir);
	kt_path(inc[3], sizeof(inc[3]), "-I%s/include", dir);
	kt_path(inc[4], sizeof(inc[4]), "-I%s/include/uapi", dir);
	kt_path(inc[5], sizeof(inc[5]), "-I%s", dir);
	kt_path(inc[6], sizeof(inc[6]), "-I%s", top);
	kt_path(inc[7], sizeof(inc[7]), "%s/shim/kt_config.h", root);

	for (i = 0; i <= sizeof(kt_units) / sizeof(kt_units[0]); i++) {
		int host = i == sizeof(kt_units) / sizeof(kt_units[0]);
		const char *unit = host ? "kt_host" : kt_units[i];

		snprintf(ccbuf, sizeof(ccbuf), "%s", TKSIM_KTREE_CC);
		ncc = kt_cc_words(ccbuf, argv, 8);
		n = ncc;
		kt_path(src, sizeof(src), "%s/tree/%s.c", root, unit);
		kt_path(obj, sizeof(obj), "%s/%s.o", tmp, unit);
		kt_path(log, sizeof(log), "%s/%s.log", tmp, unit);
		argv[n++] = "-std=gnu11";
		argv[n++] = "-O2";
		argv[n++] = "-fPIC";
		argv[n++] = "-fvisibility=hidden";
		argv[n++] = "-fno-strict-aliasing";
		argv[n++] = "-fno-common";
		if (!host) {
			/* the kernel's world: its headers only, no libc (kbuild's -nostdinc) */
			argv[n++] = "-ffreestanding";
			argv[n++] = "-nostdinc";
			if (*gccinc) {
				argv[n++] = "-isystem";
				argv[n++] = gccinc;
			}
			for (int k = 0; k < 7; k++)
				argv[n++] = inc[k];
			argv[n++] = "-include";
			argv[n++] = inc[7];
			argv[n++] = "-D__KERNEL__";
			argv[n++] = hzdef;
			if (coarse)
				argv[n++] = "-DKT_TREE_HAS_COARSE_NSEC";
			if (max_cycles)
				argv[n++] = "-DKT_TREE_HAS_VDSO_MAX_CYCLES";
			/* what would be a silent miscompile in user space is an error here */
			argv[n++] = "-Werror=implicit-function-declaration";
			argv[n++] = "-Werror=implicit-int";
			argv[n++] = "-Werror=int-conversion";
			argv[n++] = "-Werror=incompatible-pointer-types";
		}
		for (int x = 0; x < nx; x++)
			argv[n++] = xargv[x];
		argv[n++] = "-c";
		argv[n++] = src;
		argv[n++] = "-o";
		argv[n++] = obj;
		argv[n] = NULL;
		if (kt_run(argv, log)) {
			char why[2048];

			if (access(log, R_OK) == 0 && kt_isfile(obj) == 0) {
				kt_first_error(log, why, sizeof(why));
				kt_path(err, errlen,
					"kernel tree %s does not build against the shims: %s", dir,
					why);
				return KTREE_BROKEN;
			}
			kt_path(err, errlen, "cannot run the compiler %s", TKSIM_KTREE_CC);
			return KTREE_UNAVAILABLE;
		}
	}
	snprintf(ccbuf, sizeof(ccbuf), "%s", TKSIM_KTREE_CC);
	n = kt_cc_words(ccbuf, argv, 8);
	argv[n++] = "-shared";
	if (!extra || !strstr(extra, "-fsanitize"))
		argv[n++] = "-Wl,-z,defs";
	for (int x = 0; x < nx; x++)
		argv[n++] = xargv[x];
	argv[n++] = "-Wl,-Bsymbolic";
	/* ktree_reset() rewrites the writable segment: nothing in it may become read-only */
	argv[n++] = "-Wl,-z,norelro";
	kt_path(obj, sizeof(obj), "%s/ktree.so", tmp);
	argv[n++] = "-o";
	argv[n++] = obj;
	{
		static char objs[16][4400];

		for (i = 0; i <= sizeof(kt_units) / sizeof(kt_units[0]); i++) {
			const char *unit = i == sizeof(kt_units) / sizeof(kt_units[0])
						   ? "kt_host"
						   : kt_units[i];

			kt_path(objs[i], sizeof(objs[i]), "%s/%s.o", tmp, unit);
			argv[n++] = objs[i];
		}
	}
	argv[n] = NULL;
	kt_path(log, sizeof(log), "%s/link.log", tmp);
	if (kt_run(argv, log)) {
		char why[2048];

		kt_first_error(log, why, sizeof(why));
		kt_path(err, errlen, "kernel tree %s does not link against the shims: %s", dir,
			why);
		return KTREE_BROKEN;
	}
	/* another process may have built the same object meanwhile: either is good */
	if (strcmp(tmp, out) && rename(tmp, out) && !kt_isfile(so)) {
		kt_path(err, errlen, "cannot write %s: %s", out, strerror(errno));
		return KTREE_UNAVAILABLE;
	}
	return KTREE_OK;
}
