// SPDX-License-Identifier: GPL-2.0
// tksim's own: the kernel-tree backend: loading a tree's shared object, booting it, and a fresh
// kernel again by restoring its data.
/*
 * The tree's kernel keeps its state in file statics (tk_core, ntp.c's
 * time_*, the vvar page, the clocksource list).  They all live in the
 * object's one writable PT_LOAD segment (-z norelro: .data, .bss and the
 * GOT together), so the state right after boot is a copy of that segment,
 * and ktree_reset() is one memcpy back: microseconds, where a new process
 * or a re-run of the tree's init functions (which assume a fresh .bss)
 * would not be.  One object is loaded once per process (RTLD_LOCAL,
 * -Bsymbolic: its kernel names never meet the model's); a second tree is a
 * second object and sits beside it.
 */
#define _GNU_SOURCE
#include "ktree/ktree.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktree/ktree_abi.h"
#include "ktree/ktree_build.h"

/* The entry points of one object (ktree/ktree_abi.h), resolved once. */
struct ktree_abi {
	int (*version)(void);
	int (*boot)(const struct ktree_config *cfg);
	void (*tick)(void);
	int (*suspend)(void);
	int (*resume)(long long sec, long nsec);
	int (*adjtimex)(int clock, struct ktree_timex *tx, int privileged);
	int (*clock_settime)(int clock, long long sec, long nsec, int privileged);
	int (*settimeofday)(const long long *sec, long usec, const int *tzmw, const int *tzdst,
			    int privileged);
	int (*inject_offset)(long long sec, long nsec);
	int (*clock_gettime)(int path, int clock, long long *sec, long *nsec);
	int (*clock_getres)(int path, int clock, long long *sec, long *nsec);
	long long (*time)(int path);
	void (*snapshot)(struct tk_snapshot *snap);
	unsigned long (*warnings)(void);
	void (*vvar_read)(struct ktree_vvar *vv);
	const unsigned int *(*vvar_seq)(int base);
	const unsigned int *(*tk_seq)(void);
	void (*vdso_break)(unsigned int bits);
	void (*advance_freq)(void);
};

/**
 * struct ktree - one tree, one loaded object, one kernel in it
 * @dir:      the tree's directory
 * @release:  its release ("6.12.57 (Debian ...)")
 * @so:       the object's path
 * @hz:       the HZ it was built for
 * @handle:   dlopen()'s handle
 * @abi:      its entry points
 * @seg:      the writable segment in memory
 * @seg_len:  its length
 * @saved:    its copy right after the last ktree_boot()
 * @booted:   ktree_boot() succeeded
 */
struct ktree {
	char dir[4096];
	char release[160];
	char so[4096];
	unsigned int hz;
	void *handle;
	struct ktree_abi abi;
	void *seg;
	size_t seg_len;
	void *saved;
	int booted;
};

/* The default HZ ktree_open() builds for, so that a broken tree is found at once (the model's
 * default). */
#define KTREE_OPEN_HZ 1000

/* dl_iterate_phdr() visitor: the writable PT_LOAD of the object named in @data's ->so. */
static int kt_find_seg(struct dl_phdr_info *info, size_t size, void *data)
{
	struct ktree *kt = data;

	(void)size;
	if (!info->dlpi_name || strcmp(info->dlpi_name, kt->so))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) {
			kt->seg = (void *)(info->dlpi_addr + ph->p_vaddr);
			kt->seg_len = ph->p_memsz;
			return 1;
		}
	}
	return 0;
}

/*
 * Every object this process loaded, with its writable segment as the loader left it.  dlopen()
 * of a path already loaded answers the same mapping, whose data the last kernel in it left
 * (ktree_close() keeps the object mapped): a second ktree_open() of the tree boots from this
 * copy instead, as from a fresh load (booting over the old data put tksim's clocksource on the
 * tree's list a second time, and __clocksource_register_scale() looped on it).  One object
 * still holds one kernel: two struct ktree open on it at once share it (ktree.h).
 */
struct kt_loaded {
	char so[4096];
	void *pristine;
	struct kt_loaded *next;
};
static struct kt_loaded *kt_loaded_list;

/* @kt's segment as first loaded: keep a copy on the first load, put it back on a later one. */
static int kt_pristine(struct ktree *kt)
{
	struct kt_loaded *l;

	for (l = kt_loaded_list; l; l = l->next) {
		if (!strcmp(l->so, kt->so)) {
			memcpy(kt->seg, l->pristine, kt->seg_len);
			return 0;
		}
	}
	l = calloc(1, sizeof(*l));
	if (!l || !(l->pristine = malloc(kt->seg_len))) {
		free(l);
		return -ENOMEM;
	}
	snprintf(l->so, sizeof(l->so), "%s", kt->so);
	memcpy(l->pristine, kt->seg, kt->seg_len);
	l->next = kt_loaded_list;
	kt_loaded_list = l;
	return 0;
}

/* Load @kt->so and resolve its entry points; Return: KTREE_OK or KTREE_BROKEN with @err. */
static enum ktree_status kt_load(struct ktree *kt, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		size_t off;
	} syms[] = {
#define KT_SYM(f) { "kt_abi_" #f, offsetof(struct ktree_abi, f) }
		KT_SYM(version),       KT_SYM(boot),	      KT_SYM(tick),
		KT_SYM(adjtimex),      KT_SYM(clock_settime), KT_SYM(settimeofday),
		KT_SYM(inject_offset), KT_SYM(clock_gettime), KT_SYM(clock_getres),
		KT_SYM(time),	       KT_SYM(snapshot),      KT_SYM(warnings),
		KT_SYM(suspend),       KT_SYM(resume),
		KT_SYM(vvar_read),     KT_SYM(vvar_seq),      KT_SYM(tk_seq),
		KT_SYM(vdso_break),    KT_SYM(advance_freq),
#undef KT_SYM
	};

	kt->handle = dlopen(kt->so, RTLD_NOW | RTLD_LOCAL);
	if (!kt->handle) {
		snprintf(err, errlen, "kernel tree %s: cannot load %s: %s", kt->dir, kt->so,
			 dlerror());
		return KTREE_BROKEN;
	}
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		void *p = dlsym(kt->handle, syms[i].name);

		if (!p) {
			snprintf(err, errlen, "kernel tree %s: %s has no %s", kt->dir, kt->so,
				 syms[i].name);
			return KTREE_BROKEN;
		}
		memcpy((char *)&kt->abi + syms[i].off, &p, sizeof(p));
	}
	if (kt->abi.version() != KT_ABI_VERSION) {
		snprintf(err, errlen, "kernel tree %s: %s speaks ABI %d, tksim %d", kt->dir, kt->so,
			 kt->abi.version(), KT_ABI_VERSION);
		return KTREE_BROKEN;
	}
	kt->seg = NULL;
	dl_iterate_phdr(kt_find_seg, kt);
	free(kt->saved);
	kt->saved = kt->seg ? malloc(kt->seg_len) : NULL;
	if (!kt->saved || kt_pristine(kt)) {
		snprintf(err, errlen, "kernel tree %s: no writable segment in %s", kt->dir, kt->so);
		return KTREE_BROKEN;
	}
	return KTREE_OK;
}

/* Build (or find) and load the object of @kt's tree at @hz. */
static enum ktree_status kt_open_hz(struct ktree *kt, unsigned int hz, char *err, size_t errlen)
{
	enum ktree_status st;

	if (kt->handle && kt->hz == hz)
		return KTREE_OK;
	st = ktree_build(kt->dir, hz, kt->so, sizeof(kt->so), err, errlen);
	if (st != KTREE_OK)
		return st;
	/* the object of another HZ stays loaded (its data is its own): dlclose would unmap
	 * what a reader thread may still be looking at */
	kt->handle = NULL;
	kt->hz = hz;
	kt->booted = 0;
	return kt_load(kt, err, errlen);
}

/**
 * ktree_open() - open a kernel tree by release name ("6.12", "6.1") or by path
 * @name:   a release fetched by scripts/fetch-kernels.sh, or a tree's directory
 * @out:    the loaded tree, on KTREE_OK
 * @err:    why not, on any other status: names the file and the symbol when broken
 * @errlen: size of @err
 *
 * Builds the tree's object for HZ=1000 if the cache has none (a few seconds,
 * once), so that a tree the shims do not cover is reported here.
 *
 * Return: KTREE_OK, KTREE_UNAVAILABLE (SKIP) or KTREE_BROKEN (exit 2).
 */
enum ktree_status ktree_open(const char *name, struct ktree **out, char *err, size_t errlen)
{
	struct ktree *kt = calloc(1, sizeof(*kt));
	enum ktree_status st;

	*out = NULL;
	if (!kt) {
		snprintf(err, errlen, "out of memory");
		return KTREE_UNAVAILABLE;
	}
	st = ktree_resolve(name, kt->dir, sizeof(kt->dir), err, errlen);
	if (st == KTREE_OK)
		st = kt_open_hz(kt, KTREE_OPEN_HZ, err, errlen);
	if (st != KTREE_OK) {
		free(kt->saved);
		free(kt);
		return st;
	}
	ktree_tree_release(kt->dir, kt->release, sizeof(kt->release));
	*out = kt;
	return KTREE_OK;
}

/** ktree_close() - forget a tree; its object stays mapped for the process's life. @kt: NULL is fine
 */
void ktree_close(struct ktree *kt)
{
	if (!kt)
		return;
	free(kt->saved);
	free(kt);
}

/** ktree_release() - the tree's release ("6.12.57 (Debian 6.12.57-1)"), or "" */
const char *ktree_release(const struct ktree *kt)
{
	return kt ? kt->release : "";
}

/**
 * ktree_boot() - boot a fresh kernel in @kt with @cfg
 * @kt:     the tree
 * @cfg:    the system: the same configuration the model boots with
 * @err:    why not
 * @errlen: size of @err
 *
 * A first boot per object runs the tree's own init path (kt_abi_boot()) and
 * keeps a copy of the data; a later boot with the same configuration is
 * ktree_reset().
 *
 * Return: 0 or a negative errno with @err.
 */
int ktree_boot(struct ktree *kt, const struct ktree_config *cfg, char *err, size_t errlen)
{
	enum ktree_status st = kt_open_hz(kt, cfg->hz, err, errlen);
	int ret;

	if (st != KTREE_OK)
		return -ENOENT;
	if (kt->booted) {
		/* the init functions assume a fresh .bss: give them the one they had */
		memcpy(kt->seg, kt->saved, kt->seg_len);
	} else {
		memcpy(kt->saved, kt->seg, kt->seg_len);
	}
	ret = kt->abi.boot(cfg);
	if (ret) {
		snprintf(err, errlen,
			 "kernel tree %s: the tree did not switch to tksim's clocksource at boot",
			 kt->dir);
		return ret;
	}
	/* the first copy was the pristine object: keep it for the next boot, this one for resets */
	if (!kt->booted) {
		void *pristine = kt->saved;

		kt->saved = malloc(kt->seg_len);
		if (!kt->saved) {
			kt->saved = pristine;
			return -ENOMEM;
		}
		memcpy(kt->saved, kt->seg, kt->seg_len);
		free(pristine);
		kt->booted = 1;
	} else {
		memcpy(kt->saved, kt->seg, kt->seg_len);
	}
	return 0;
}

/** ktree_reset() - the state right after the last ktree_boot() again: one copy of the object's data
 */
void ktree_reset(struct ktree *kt)
{
	if (kt->booted)
		memcpy(kt->seg, kt->saved, kt->seg_len);
}

/** ktree_tick() - the tree's update_wall_time() at the counter's value now */
void ktree_tick(struct ktree *kt)
{
	kt->abi.tick();
}

/** ktree_adjtimex() - adjtimex() (@clock CLOCK_REALTIME = 0) or clock_adjtime(); Return: state or
 * -errno */
int ktree_adjtimex(struct ktree *kt, int32_t clock, struct ktree_timex *tx)
{
	return kt->abi.adjtimex(clock, tx, 1);
}

/** ktree_adjtimex_as() - the same with the caller's privilege: @privileged false is a user's call
 */
int ktree_adjtimex_as(struct ktree *kt, int32_t clock, struct ktree_timex *tx, int privileged)
{
	return kt->abi.adjtimex(clock, tx, privileged);
}

/** ktree_clock_settime() - clock_settime() by a privileged caller; Return: 0 or -errno */
int ktree_clock_settime(struct ktree *kt, int32_t clock, int64_t sec, long nsec)
{
	return kt->abi.clock_settime(clock, sec, nsec, 1);
}

/**
 * ktree_settimeofday() - settimeofday() by a privileged caller
 * @kt:             the tree
 * @sec:            seconds; a negative @usec with @sec 0... see ktree_settimeofday_as()
 * @usec:           us
 * @tz_minuteswest: the timezone, NULL for none
 * @tz_dsttime:     its dst field, NULL for 0
 *
 * Return: 0 or -errno.
 */
int ktree_settimeofday(struct ktree *kt, int64_t sec, long usec, const int *tz_minuteswest,
		       const int *tz_dsttime)
{
	long long s = sec;

	return kt->abi.settimeofday(&s, usec, tz_minuteswest, tz_dsttime, 1);
}

/** ktree_settimeofday_as() - settimeofday() with or without a time (@sec NULL) and privilege */
int ktree_settimeofday_as(struct ktree *kt, const int64_t *sec, long usec,
			  const int *tz_minuteswest, const int *tz_dsttime, int privileged)
{
	long long s = sec ? *sec : 0;

	return kt->abi.settimeofday(sec ? &s : NULL, usec, tz_minuteswest, tz_dsttime, privileged);
}

/** ktree_inject_offset() - timekeeping_inject_offset() by @sec, @nsec; Return: 0 or -errno */
int ktree_inject_offset(struct ktree *kt, int64_t sec, long nsec)
{
	return kt->abi.inject_offset(sec, nsec);
}

/**
 * ktree_suspend() - the tree's timekeeping_suspend(), its persistent clock set to REALTIME now
 * @kt: the tree
 *
 * Ticks change nothing until ktree_resume() (the tree's timekeeping_advance()
 * returns while suspended); the counter may run on meanwhile: tksim's
 * clocksource is not CLOCK_SOURCE_SUSPEND_NONSTOP, so the tree discards it.
 *
 * Return: 0, or -EBUSY when suspended already.
 */
int ktree_suspend(struct ktree *kt)
{
	return kt->abi.suspend();
}

/**
 * ktree_resume() - the tree's timekeeping_resume() after a sleep the persistent clock measured
 * @kt:         the tree
 * @slept_sec:  the sleep's seconds
 * @slept_nsec: its ns
 *
 * Return: 0, or -EINVAL when not suspended or for a bad sleep.
 */
int ktree_resume(struct ktree *kt, int64_t slept_sec, long slept_nsec)
{
	return kt->abi.resume(slept_sec, slept_nsec);
}

/** ktree_clock_gettime() - read @clock through @path; Return: 0 or -errno */
int ktree_clock_gettime(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
			long *nsec)
{
	long long s;
	int ret = kt->abi.clock_gettime(path, clock, &s, nsec);

	*sec = s;
	return ret;
}

/** ktree_clock_getres() - clock_getres() through @path; Return: 0 or -errno */
int ktree_clock_getres(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
		       long *nsec)
{
	long long s = 0;
	int ret = kt->abi.clock_getres(path, clock, &s, nsec);

	*sec = s;
	return ret;
}

/** ktree_time() - time() through @path */
int64_t ktree_time(struct ktree *kt, enum ktree_path path)
{
	return kt->abi.time(path);
}

/** ktree_snapshot() - every number the trace shows, from the tree's own statics */
void ktree_snapshot(struct ktree *kt, struct tk_snapshot *snap)
{
	kt->abi.snapshot(snap);
}

/** ktree_warnings() - WARN()s the tree's code raised since boot */
unsigned long ktree_warnings(const struct ktree *kt)
{
	return kt->abi.warnings();
}

/**
 * ktree_vvar_read() - the tree's vvar page now, out of its own layout
 * @kt: the tree
 * @vv: out: both clock bases
 *
 * Meant for the thread that ticks the tree (its page's one writer): it
 * reads what it just published.  Another thread may see a torn page.
 */
void ktree_vvar_read(struct ktree *kt, struct ktree_vvar *vv)
{
	kt->abi.vvar_read(vv);
}

/**
 * ktree_vvar_seq() - where the vvar page's seq of @base lives, for threads that watch it
 * @kt:   the tree
 * @base: KTREE_CS_HRES_COARSE or KTREE_CS_RAW
 *
 * Return: the word the tree's vdso_read_begin() loads (read it with an acquire load).
 */
const uint32_t *ktree_vvar_seq(struct ktree *kt, int base)
{
	return kt->abi.vvar_seq(base);
}

/**
 * ktree_tk_seq() - where the tree's tk_core.seq counts, for threads that watch it
 * @kt: the tree
 *
 * Return: the seqcount's word: odd while the tree's timekeeper writes tk_core.
 */
const unsigned int *ktree_tk_seq(struct ktree *kt)
{
	return kt->abi.tk_seq();
}

/**
 * ktree_vdso_break() - break the tree's seqcount on purpose (KTREE_BREAK_* bits), for a test
 * @kt:   the tree
 * @bits: KTREE_BREAK_READ_RETRY, KTREE_BREAK_SEQ_BUMP, or 0 for the tree's code as it is
 *
 * Proves that a check of the readers can fail: with the retry or the writer's
 * seq bump gone, a reader can return a torn read.  The object keeps @bits
 * in its data: ktree_boot() and ktree_reset() put back what boot had (0).
 */
void ktree_vdso_break(struct ktree *kt, unsigned int bits)
{
	kt->abi.vdso_break(bits);
}

/**
 * ktree_advance_freq() - the tree's timekeeping_advance(TK_ADV_FREQ): one publication now
 * @kt: the tree
 *
 * What adjtimex(ADJ_FREQUENCY) ends in, without its own write section of
 * tk_core before: the writer of tksim torture --max-pressure.
 */
void ktree_advance_freq(struct ktree *kt)
{
	kt->abi.advance_freq();
}
