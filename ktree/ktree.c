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
#include "ktree/ktree_keep.h"

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

/*
 * One loaded object, the process's: dlopen() of the same path gives every struct ktree the same
 * mapping, so its data as loaded (@pristine, before any boot) is taken once, at the first load.
 * @dir:      the tree it was built from
 * @hz:       the HZ it was built for
 * @so:       the object's path
 * @handle:   dlopen()'s handle
 * @abi:      its entry points
 * @seg:      the writable segment in memory
 * @seg_va:   its address in the file's terms (p_vaddr)
 * @seg_len:  its length
 * @pristine: its copy as loaded (the .bss the init functions assume)
 * @keep:     the parts of it a restore leaves alone (gcov's counters: ktree_keep.c)
 */
struct kt_object {
	char dir[4096];
	unsigned int hz;
	char so[4096];
	void *handle;
	struct ktree_abi abi;
	void *seg;
	uintptr_t seg_va;
	size_t seg_len;
	void *pristine;
	struct kt_keep keep;
};

/* The objects loaded so far (a tree per HZ it ran at); never unloaded: see kt_open_hz(). */
#define KT_MAX_OBJECTS 128
static struct kt_object *kt_objects[KT_MAX_OBJECTS];
static unsigned int kt_nr_objects;

/*
 * One boot of a kernel: the object's data right after it.
 * @cfg:    the system booted (its counter's functions aside: kt_same_boot())
 * @cycles: the counter's value that boot read (the tree's cycle_last at boot)
 * @data:   the object's writable segment after the boot
 * @used:   when it was last booted or reset to (kt_kernel::clock), for replacing the oldest
 */
struct kt_boot {
	struct ktree_config cfg;
	uint64_t cycles;
	void *data;
	uint64_t used;
};

/*
 * The boots one kernel keeps: a fuzzer's inputs come in a few systems (the default 2.1 GHz
 * one, HPET's, acpi_pm's, a 32 kHz one ...), and a real boot costs the tree's clocksource
 * registration (milliseconds at 32 kHz), a kept one a memcpy().
 */
#define KT_BOOTS 16

/*
 * One kernel of a tree: its object at one HZ and the boots it has kept there.
 * @hz:       CONFIG_HZ of the object
 * @obj:      the object
 * @cfg:      the system attached now, with the caller's counter (@cfg.read, @cfg.ctx)
 * @boots:    the boots kept
 * @nr_boots: how many
 * @last:     the one ktree_reset() restores (the last booted or reset to), or NULL
 * @clock:    counts boots, for kt_boot::used
 */
struct kt_kernel {
	unsigned int hz;
	struct kt_object *obj;
	struct ktree_config cfg;
	struct kt_boot boots[KT_BOOTS];
	unsigned int nr_boots;
	struct kt_boot *last;
	uint64_t clock;
};

/* The HZ values one struct ktree keeps a kernel for; a further one replaces the oldest. */
#define KT_MAX_KERNELS 64

/**
 * struct ktree - one tree, its objects (one per HZ), the kernel in the current one
 * @dir:       the tree's directory
 * @release:   its release ("6.12.57 (Debian ...)")
 * @kernels:   a kernel per HZ run so far
 * @nr_kernels: how many
 * @cur:       the one the entry points drive
 * @abi:       @cur's entry points
 */
struct ktree {
	char dir[4096];
	char release[160];
	struct kt_kernel kernels[KT_MAX_KERNELS];
	unsigned int nr_kernels;
	struct kt_kernel *cur;
	struct ktree_abi abi;
};

/* The default HZ ktree_open() builds for, so that a broken tree is found at once (the model's
 * default). */
#define KTREE_OPEN_HZ 1000

/* dl_iterate_phdr() visitor: the writable PT_LOAD of the object named in @data's ->so. */
static int kt_find_seg(struct dl_phdr_info *info, size_t size, void *data)
{
	struct kt_object *o = data;

	(void)size;
	if (!info->dlpi_name || strcmp(info->dlpi_name, o->so))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) {
			o->seg = (void *)(info->dlpi_addr + ph->p_vaddr);
			o->seg_va = ph->p_vaddr;
			o->seg_len = ph->p_memsz;
			return 1;
		}
	}
	return 0;
}

/* Load @o->so and resolve its entry points; Return: KTREE_OK or KTREE_BROKEN with @err. */
static enum ktree_status kt_load(struct kt_object *o, const char *dir, char *err, size_t errlen)
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
		KT_SYM(suspend),       KT_SYM(resume),	      KT_SYM(vvar_read),
		KT_SYM(vvar_seq),      KT_SYM(tk_seq),	      KT_SYM(vdso_break),
		KT_SYM(advance_freq),
#undef KT_SYM
	};

	o->handle = dlopen(o->so, RTLD_NOW | RTLD_LOCAL);
	if (!o->handle) {
		snprintf(err, errlen, "kernel tree %s: cannot load %s: %s", dir, o->so, dlerror());
		return KTREE_BROKEN;
	}
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		void *p = dlsym(o->handle, syms[i].name);

		if (!p) {
			snprintf(err, errlen, "kernel tree %s: %s has no %s", dir, o->so,
				 syms[i].name);
			return KTREE_BROKEN;
		}
		memcpy((char *)&o->abi + syms[i].off, &p, sizeof(p));
	}
	if (o->abi.version() != KT_ABI_VERSION) {
		snprintf(err, errlen, "kernel tree %s: %s speaks ABI %d, tksim %d", dir, o->so,
			 o->abi.version(), KT_ABI_VERSION);
		return KTREE_BROKEN;
	}
	o->seg = NULL;
	dl_iterate_phdr(kt_find_seg, o);
	o->pristine = o->seg ? malloc(o->seg_len) : NULL;
	if (!o->pristine) {
		snprintf(err, errlen, "kernel tree %s: no writable segment in %s", dir, o->so);
		return KTREE_BROKEN;
	}
	memcpy(o->pristine, o->seg, o->seg_len);
	if (kt_keep_find(&o->keep, o->so, o->seg_va, o->seg_len)) {
		snprintf(err, errlen, "kernel tree %s: cannot read the symbols of %s", dir, o->so);
		return KTREE_BROKEN;
	}
	return KTREE_OK;
}

/* Give @o's writable segment the contents of @data (a boot's copy, or as loaded). */
static void kt_restore(struct kt_object *o, const void *data)
{
	kt_keep_restore(&o->keep, o->seg, data, o->seg_len);
}

/*
 * The process's object of tree @dir at @hz, built (ktree_build()) and loaded now if it is not
 * yet.  Once loaded it is not looked for in the cache again: ktree_build() hashes the tree's
 * headers (thousands of files) to name the object, which a fuzzer's inputs, each at its own
 * HZ, would otherwise pay per input; a tree edited meanwhile is seen by the next process.
 */
static enum ktree_status kt_object(const char *dir, unsigned int hz, struct kt_object **out,
				   char *err, size_t errlen)
{
	struct kt_object *o;
	enum ktree_status st;
	char so[4096];

	for (unsigned int i = 0; i < kt_nr_objects; i++) {
		if (kt_objects[i]->hz == hz && !strcmp(kt_objects[i]->dir, dir)) {
			*out = kt_objects[i];
			return KTREE_OK;
		}
	}
	st = ktree_build(dir, hz, so, sizeof(so), err, errlen);
	if (st != KTREE_OK)
		return st;
	for (unsigned int i = 0; i < kt_nr_objects; i++) {
		if (!strcmp(kt_objects[i]->so, so)) { /* the same object under another name */
			*out = kt_objects[i];
			return KTREE_OK;
		}
	}
	if (kt_nr_objects == KT_MAX_OBJECTS) {
		snprintf(err, errlen, "kernel tree %s: more than %d objects in one process", dir,
			 KT_MAX_OBJECTS);
		return KTREE_BROKEN;
	}
	o = calloc(1, sizeof(*o));
	if (!o) {
		snprintf(err, errlen, "out of memory");
		return KTREE_BROKEN;
	}
	snprintf(o->so, sizeof(o->so), "%s", so);
	snprintf(o->dir, sizeof(o->dir), "%s", dir);
	o->hz = hz;
	st = kt_load(o, dir, err, errlen);
	if (st != KTREE_OK) {
		/* a handle that loaded stays: dlclose would unmap what may be in use */
		free(o->pristine);
		free(o);
		return st;
	}
	kt_objects[kt_nr_objects++] = o;
	*out = o;
	return KTREE_OK;
}

/*
 * Make the kernel of @kt at @hz the current one, building and loading its object if need be.
 * Each HZ keeps its own last boot, so that inputs alternating between HZ values each reset to
 * their own state rather than boot again (and no HZ's kernel starts from another's data).
 */
static enum ktree_status kt_open_hz(struct ktree *kt, unsigned int hz, char *err, size_t errlen)
{
	struct kt_kernel *k = NULL;
	struct kt_object *o;
	enum ktree_status st;

	if (kt->cur && kt->cur->hz == hz)
		return KTREE_OK;
	for (unsigned int i = 0; i < kt->nr_kernels && !k; i++)
		if (kt->kernels[i].hz == hz)
			k = &kt->kernels[i];
	if (!k) {
		st = kt_object(kt->dir, hz, &o, err, errlen);
		if (st != KTREE_OK)
			return st;
		if (kt->nr_kernels < KT_MAX_KERNELS) {
			k = &kt->kernels[kt->nr_kernels++];
		} else {
			k = &kt->kernels[0];
			for (unsigned int b = 0; b < k->nr_boots; b++)
				free(k->boots[b].data);
			memmove(&kt->kernels[0], &kt->kernels[1],
				(KT_MAX_KERNELS - 1) * sizeof(*k));
			k = &kt->kernels[KT_MAX_KERNELS - 1];
		}
		memset(k, 0, sizeof(*k));
		k->hz = hz;
		k->obj = o;
	}
	kt->cur = k;
	kt->abi = k->obj->abi;
	/* the object's data is whatever its last user left: a boot or a reset restores it */
	if (k->last)
		kt_restore(k->obj, k->last->data);
	return KTREE_OK;
}

/* Free what @kt holds (its objects stay loaded, the process's). */
static void kt_free(struct ktree *kt)
{
	for (unsigned int i = 0; i < kt->nr_kernels; i++)
		for (unsigned int b = 0; b < kt->kernels[i].nr_boots; b++)
			free(kt->kernels[i].boots[b].data);
	free(kt);
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
		kt_free(kt);
		return st;
	}
	ktree_tree_release(kt->dir, kt->release, sizeof(kt->release));
	*out = kt;
	return KTREE_OK;
}

/** ktree_close() - forget a tree; its objects stay mapped for the process's life. @kt: NULL is
 * fine */
void ktree_close(struct ktree *kt)
{
	if (kt)
		kt_free(kt);
}

/**
 * ktree_has() - whether the tree's @file has a line holding @text (how a caller tells a change
 * the tree carries, a stable backport, from its source)
 * @kt:   the tree
 * @file: a path in it ("kernel/time/ntp.c")
 * @text: the fragment looked for
 *
 * Return: 1 or 0.
 */
int ktree_has(const struct ktree *kt, const char *file, const char *text)
{
	return kt_tree_has(kt->dir, file, text);
}

/** ktree_release() - the tree's release ("6.12.57 (Debian 6.12.57-1)"), or "" */
const char *ktree_release(const struct ktree *kt)
{
	return kt ? kt->release : "";
}

/*
 * The tree reads its counter through these, with @ctx the struct ktree: the caller's read()
 * and context live here, outside the object's data, so that a restored segment serves every
 * later system of the same configuration, whatever its counter's address.
 */
static uint64_t kt_read(void *ctx)
{
	const struct ktree *kt = ctx;

	return kt->cur->cfg.read(kt->cur->cfg.ctx);
}

static uint64_t kt_read_vdso(void *ctx)
{
	const struct ktree *kt = ctx;

	return kt->cur->cfg.read_vdso(kt->cur->cfg.ctx);
}

/*
 * Whether a boot with @b would give the state a boot with @a gave: the same system (the
 * counter's functions aside) and the same counter value at boot (@a_cycles, @b_cycles).  The
 * boot reads nothing else: the wall time and boot offset are @b's, and virtual time stands
 * still while it runs.
 */
static int kt_same_boot(const struct ktree_config *a, uint64_t a_cycles,
			const struct ktree_config *b, uint64_t b_cycles)
{
	return a->freq_hz == b->freq_hz && a->mask == b->mask && a->rating == b->rating &&
	       a->hz == b->hz && a->wall_sec == b->wall_sec && a->wall_nsec == b->wall_nsec &&
	       a->boot_sec == b->boot_sec && a->boot_nsec == b->boot_nsec && a_cycles == b_cycles;
}

/* The boot of @k's to replace: a free one, else the least recently used; NULL without memory. */
static struct kt_boot *kt_new_boot(struct kt_kernel *k)
{
	struct kt_boot *b = NULL;

	if (k->nr_boots < KT_BOOTS) {
		b = &k->boots[k->nr_boots];
		b->data = malloc(k->obj->seg_len);
		if (!b->data)
			return NULL;
		k->nr_boots++;
		return b;
	}
	b = &k->boots[0];
	for (unsigned int i = 1; i < KT_BOOTS; i++)
		if (k->boots[i].used < b->used)
			b = &k->boots[i];
	return b;
}

/**
 * ktree_boot() - boot a fresh kernel in @kt with @cfg
 * @kt:     the tree
 * @cfg:    the system: the same configuration the model boots with
 * @err:    why not
 * @errlen: size of @err
 *
 * A boot runs the tree's own init path (kt_abi_boot()) on the object's data
 * as loaded, and keeps a copy of the data after it (KT_BOOTS per HZ).  A
 * boot of a system booted before at the same HZ (kt_same_boot()) is a reset
 * to that copy: one memcpy() instead of the tree's timekeeping_init() and
 * clocksource registration (a fuzzer boots a kernel per input).
 *
 * Return: 0 or a negative errno with @err.
 */
int ktree_boot(struct ktree *kt, const struct ktree_config *cfg, char *err, size_t errlen)
{
	enum ktree_status st = kt_open_hz(kt, cfg->hz, err, errlen);
	struct ktree_config own = *cfg;
	struct kt_kernel *k;
	struct kt_boot *b;
	uint64_t cycles;
	int ret;

	if (st != KTREE_OK)
		return -ENOENT;
	k = kt->cur;
	if (!own.read_vdso)
		own.read_vdso = own.read;
	cycles = own.read(own.ctx);
	k->cfg = own;
	k->clock++;
	for (unsigned int i = 0; i < k->nr_boots; i++) {
		b = &k->boots[i];
		if (kt_same_boot(&b->cfg, b->cycles, &own, cycles)) {
			kt_restore(k->obj, b->data);
			b->used = k->clock;
			k->last = b;
			return 0;
		}
	}
	b = kt_new_boot(k);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (k->last == b)
		k->last = NULL;
	/* the init functions assume a fresh .bss: give them the one the object was loaded with */
	kt_restore(k->obj, k->obj->pristine);
	own.read = kt_read;
	own.read_vdso = kt_read_vdso;
	own.ctx = kt;
	ret = kt->abi.boot(&own);
	if (ret) {
		b->used = 0;
		b->cfg.freq_hz = 0; /* matches no system until replaced */
		snprintf(err, errlen,
			 "kernel tree %s: the tree did not switch to tksim's clocksource at boot",
			 kt->dir);
		return ret;
	}
	b->cfg = k->cfg;
	b->cycles = cycles;
	b->used = k->clock;
	memcpy(b->data, k->obj->seg, k->obj->seg_len);
	k->last = b;
	return 0;
}

/** ktree_reset() - the state right after the last ktree_boot() again: one copy of the object's data
 */
void ktree_reset(struct ktree *kt)
{
	struct kt_kernel *k = kt->cur;

	if (k && k->last)
		kt_restore(k->obj, k->last->data);
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
