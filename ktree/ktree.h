/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the kernel-tree backend: a kernel tree's own timekeeping.c, ntp.c, vsyscall.c and
 * lib/vdso run as a system. */
#ifndef TKSIM_KTREE_KTREE_H
#define TKSIM_KTREE_KTREE_H

/*
 * The second backend behind one system (docs/design.md, docs/kernel-backend.md).
 * A tree's own kernel/time/timekeeping.c, ntp.c, vsyscall.c, the registration
 * arithmetic of clocksource.c and lib/vdso/gettimeofday.c are compiled
 * unmodified against tksim's shims (ktree/shim/) into one shared object per
 * tree, loaded with RTLD_LOCAL; the kernel's file statics live in that
 * object's writable segments, which ktree_reset() restores to the state just
 * after boot.  This header speaks plain integers only, so that it needs no
 * header of the model and the model's snapshot can use the same struct.
 *
 *   char err[512];
 *   struct ktree *kt;
 *   if (ktree_open("6.12", &kt, err, sizeof(err)) != KTREE_OK) -> print err;
 *                                 KTREE_UNAVAILABLE: SKIP, KTREE_BROKEN: exit 2
 *   ktree_boot(kt, &cfg);           // the tree's timekeeping_init() and registration
 *   ktree_tick(kt);                 // update_wall_time() at the counter's value
 *   ktree_clock_gettime(kt, KTREE_PATH_VDSO, 1, &ts);
 *   ktree_reset(kt);                // the state right after boot again, cheaply
 *   ktree_close(kt);
 */

#ifdef __KERNEL__
/* In a tree's object (ktree/tree/): the kernel's own uint64_t and size_t, the same widths. */
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#endif

/** enum ktree_status - what ktree_open() found */
enum ktree_status {
	KTREE_OK = 0,
	/* no tree of that name or at that path, or no compiler: a test SKIPs (77) */
	KTREE_UNAVAILABLE = 1,
	/* the tree is there but does not build or load against the shims: exit 2 */
	KTREE_BROKEN = 2,
};

/** enum ktree_path - which way a clock is read (as enum sim_path) */
enum ktree_path {
	KTREE_PATH_VDSO, /* the tree's lib/vdso/gettimeofday.c over the tree's vvar page */
	KTREE_PATH_SYSCALL, /* the tree's kernel-side getters (ktime_get_*_ts64) */
};

/**
 * typedef ktree_read_fn - the simulated counter, as the clocksource's read() sees it
 * @ctx: ktree_config::ctx
 *
 * Return: the counter's value now (masked by the caller's mask).
 */
typedef uint64_t (*ktree_read_fn)(void *ctx);

/**
 * struct ktree_config - the system to boot, the same configuration the model gets
 * @freq_hz:     the counter's nominal frequency, given to the tree's
 *               __clocksource_register_hz(), which chooses mult and shift
 * @mask:        the counter's width mask (CLOCKSOURCE_MASK(bits))
 * @rating:      the clocksource's rating (0 for 300)
 * @hz:          CONFIG_HZ: the shims' HZ is a run-time value
 * @wall_sec:    REALTIME at boot (read_persistent_wall_and_boot_offset())
 * @wall_nsec:   its ns
 * @boot_sec:    MONOTONIC at boot (the boot offset the same hook returns)
 * @boot_nsec:   its ns
 * @read:        the counter's value now, for the syscall and tick side
 * @read_vdso:   the counter's value now for the vDSO side (NULL: @read)
 * @ctx:         passed to both
 */
struct ktree_config {
	uint64_t freq_hz;
	uint64_t mask;
	int rating;
	unsigned int hz;
	int64_t wall_sec;
	long wall_nsec;
	int64_t boot_sec;
	long boot_nsec;
	ktree_read_fn read;
	ktree_read_fn read_vdso;
	void *ctx;
};

/**
 * struct ktree_timex - struct __kernel_timex, adjtimex()'s argument and result
 *
 * The kernel's 64-bit ABI, field for field (the same layout as the model's
 * struct tk_timex): @offset us or ns with STA_NANO, @freq and @ppsfreq scaled
 * ppm (ppm << 16), @time_usec us or ns with STA_NANO.
 */
struct ktree_timex {
	unsigned int modes;
	long long offset;
	long long freq;
	long long maxerror;
	long long esterror;
	int status;
	long long constant;
	long long precision;
	long long tolerance;
	long long time_sec;
	long long time_usec;
	long long tick;
	long long ppsfreq;
	long long jitter;
	int shift;
	long long stabil;
	long long jitcnt;
	long long calcnt;
	long long errcnt;
	long long stbcnt;
	int tai;
};

/**
 * struct tk_snapshot - every number the trace shows, as plain integers
 *
 * Field names are the kernel's (struct timekeeper, struct tk_read_base,
 * ntp.c's statics, the vvar page's struct vdso_data); units as there.  The
 * model fills the same struct, so that a differential run compares field by
 * field.  A field a tree does not have reads 0 and its has_* flag says so.
 * @cycle_last:      tkr_mono.cycle_last (cycles)
 * @mask:            tkr_mono.mask
 * @mult:            tkr_mono.mult
 * @shift:           tkr_mono.shift
 * @xtime_sec:       the timekeeper's xtime_sec (s)
 * @xtime_nsec:      tkr_mono.xtime_nsec (shifted ns, << shift)
 * @has_coarse_nsec: the tree keeps coarse_nsec (v6.15 and later)
 * @coarse_nsec:     coarse_nsec (ns)
 * @base_mono:       tkr_mono.base (ns)
 * @raw_sec:         raw_sec (s)
 * @raw_xtime_nsec:  tkr_raw.xtime_nsec (shifted ns)
 * @base_raw:        tkr_raw.base (ns)
 * @wtm_sec:         wall_to_monotonic.tv_sec
 * @wtm_nsec:        wall_to_monotonic.tv_nsec
 * @offs_real:       offs_real (ns)
 * @offs_boot:       offs_boot (ns)
 * @offs_tai:        offs_tai (ns)
 * @tai_offset:      tai_offset (s)
 * @cycle_interval:  cycles per NTP interval
 * @xtime_interval:  shifted ns per interval
 * @raw_interval:    shifted raw ns per interval
 * @ntp_tick:        the timekeeper's ntp_tick (NTP-scaled ns << ntp_error_shift... as the kernel's)
 * @ntp_error:       ntp_error (NTP-scaled shifted ns)
 * @ntp_error_shift: ntp_error_shift
 * @ntp_err_mult:    ntp_err_mult (0 or 1)
 * @skip_second_overflow: skip_second_overflow
 * @clock_was_set_seq: clock_was_set_seq
 * @cs_was_changed_seq: cs_was_changed_seq
 * @tick_length:     ntp.c's tick_length (ns << 32 per tick)
 * @time_state:      time_state (TIME_OK ...)
 * @time_status:     time_status (STA_*)
 * @time_offset:     time_offset (ns << 32)
 * @time_freq:       time_freq (ns/s << 32)
 * @time_adjust:     time_adjust (us)
 * @time_constant:   time_constant
 * @time_maxerror:   time_maxerror (us)
 * @time_esterror:   time_esterror (us)
 * @ntp_tick_adj:    ntp_tick_adj (tick_usec's difference, NTP-scaled)
 * @time_tai:        ntp.c's time_tai (s)
 * @vdso_seq:        the vvar page's seq (CS_HRES_COARSE base)
 * @vdso_clock_mode: the vvar page's clock_mode
 * @vdso_cycle_last: the vvar page's cycle_last
 * @vdso_mult:       the vvar page's mult
 * @vdso_shift:      the vvar page's shift
 * @raw_mult:        tkr_raw.mult
 * @cs_mult:         the clocksource's own mult (what NTP's adjustments start from)
 * @cs_maxadj:       the clocksource's maxadj: mult may move that far from @cs_mult
 *                   (clocksource_max_adjustment(), 11 %) before the kernel warns
 * @suspended:       timekeeping_suspended
 * @tick_usec:       tick_usec (us per USER_HZ tick, ADJ_TICK)
 * @ntp_next_leap_sec: ntp.c's ntp_next_leap_sec (REALTIME s of a pending leap, or TIME64_MAX)
 */
struct tk_snapshot {
	uint64_t cycle_last;
	uint64_t mask;
	uint32_t mult;
	uint32_t shift;
	uint64_t xtime_sec;
	uint64_t xtime_nsec;
	int has_coarse_nsec;
	uint64_t coarse_nsec;
	int64_t base_mono;
	uint64_t raw_sec;
	uint64_t raw_xtime_nsec;
	int64_t base_raw;
	int64_t wtm_sec;
	long wtm_nsec;
	int64_t offs_real;
	int64_t offs_boot;
	int64_t offs_tai;
	int32_t tai_offset;
	uint64_t cycle_interval;
	uint64_t xtime_interval;
	uint64_t raw_interval;
	uint64_t ntp_tick;
	int64_t ntp_error;
	uint32_t ntp_error_shift;
	uint32_t ntp_err_mult;
	int skip_second_overflow;
	unsigned int clock_was_set_seq;
	uint8_t cs_was_changed_seq;
	uint64_t tick_length;
	int time_state;
	int time_status;
	int64_t time_offset;
	int64_t time_freq;
	long time_adjust;
	long time_constant;
	long time_maxerror;
	long time_esterror;
	int64_t ntp_tick_adj;
	long time_tai;
	uint32_t vdso_seq;
	int32_t vdso_clock_mode;
	uint64_t vdso_cycle_last;
	uint32_t vdso_mult;
	uint32_t vdso_shift;
	uint32_t raw_mult;
	uint32_t cs_mult;
	uint32_t cs_maxadj;
	int suspended;
	long tick_usec;
	int64_t ntp_next_leap_sec;
};

/* The vvar page's shape: VDSO_BASES clock ids per base, CS_BASES bases (v5.3 to v6.14). */
#define KTREE_VDSO_BASES 12 /* CLOCK_TAI + 1 */
#define KTREE_CS_HRES_COARSE 0
#define KTREE_CS_RAW 1
#define KTREE_CS_BASES 2

/**
 * struct ktree_vvar_base - one clock base of the tree's vvar page (its struct vdso_data)
 *
 * The tree's own fields, read out of its own layout by its object, as plain
 * integers; units as there.
 * @seq:        the base's seqcount (odd while update_vsyscall() writes)
 * @clock_mode: the tree's VDSO_CLOCKMODE_*: 0 is NONE (the vDSO takes the syscall)
 * @cycle_last: cycles
 * @max_cycles: the largest delta multiplied in 64 bits; UINT64_MAX for a tree
 *              whose vDSO has no such check (before v6.10: every delta is)
 * @mask:       the clocksource's mask
 * @mult:       cycles to shifted ns
 * @shift:      its shift
 * @sec:        basetime[clock].sec, per clock id
 * @nsec:       basetime[clock].nsec: shifted ns for the hres clocks, ns for the coarse ones
 */
struct ktree_vvar_base {
	uint32_t seq;
	int32_t clock_mode;
	uint64_t cycle_last;
	uint64_t max_cycles;
	uint64_t mask;
	uint32_t mult;
	uint32_t shift;
	uint64_t sec[KTREE_VDSO_BASES];
	uint64_t nsec[KTREE_VDSO_BASES];
};

/** struct ktree_vvar - the tree's vvar page: its CS_HRES_COARSE and CS_RAW bases */
struct ktree_vvar {
	struct ktree_vvar_base base[KTREE_CS_BASES];
};

/*
 * ktree_vdso_break()'s bits: a deliberately broken seqcount in the tree's
 * object, for a test to prove that a check can fail (the shims'
 * vdso/helpers.h; never set by a command but through TKSIM_KTREE_BREAK).
 */
#define KTREE_BREAK_READ_RETRY 1U /* the vDSO's vdso_read_retry() never asks for a retry */
#define KTREE_BREAK_SEQ_BUMP 2U /* update_vsyscall()'s vdso_write_begin()/end() leave seq as is */

/** struct ktree - one loaded tree with one kernel in it (opaque) */
struct ktree;

enum ktree_status ktree_open(const char *name, struct ktree **out, char *err, size_t errlen);
void ktree_close(struct ktree *kt);
const char *ktree_release(const struct ktree *kt);
int ktree_has(const struct ktree *kt, const char *file, const char *text);
int ktree_boot(struct ktree *kt, const struct ktree_config *cfg, char *err, size_t errlen);
void ktree_reset(struct ktree *kt);
void ktree_tick(struct ktree *kt);
int ktree_adjtimex(struct ktree *kt, int32_t clock, struct ktree_timex *tx);
int ktree_adjtimex_as(struct ktree *kt, int32_t clock, struct ktree_timex *tx, int privileged);
int ktree_clock_settime(struct ktree *kt, int32_t clock, int64_t sec, long nsec);
int ktree_settimeofday(struct ktree *kt, int64_t sec, long usec, const int *tz_minuteswest,
		       const int *tz_dsttime);
int ktree_settimeofday_as(struct ktree *kt, const int64_t *sec, long usec,
			  const int *tz_minuteswest, const int *tz_dsttime, int privileged);
int ktree_inject_offset(struct ktree *kt, int64_t sec, long nsec);
int ktree_suspend(struct ktree *kt);
int ktree_resume(struct ktree *kt, int64_t slept_sec, long slept_nsec);
int ktree_clock_gettime(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
			long *nsec);
int ktree_clock_getres(struct ktree *kt, enum ktree_path path, int32_t clock, int64_t *sec,
		       long *nsec);
int64_t ktree_time(struct ktree *kt, enum ktree_path path);
void ktree_snapshot(struct ktree *kt, struct tk_snapshot *snap);
unsigned long ktree_warnings(const struct ktree *kt);
void ktree_vvar_read(struct ktree *kt, struct ktree_vvar *vv);
const uint32_t *ktree_vvar_seq(struct ktree *kt, int base);
const unsigned int *ktree_tk_seq(struct ktree *kt);
void ktree_vdso_break(struct ktree *kt, unsigned int bits);
void ktree_advance_freq(struct ktree *kt);

#endif /* TKSIM_KTREE_KTREE_H */
