/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: an NTP daemon model (ntpd in kernel-discipline mode) and scripted adjtimex calls. */
#ifndef TKSIM_SIM_NTPD_H
#define TKSIM_SIM_NTPD_H

/*
 * The daemon closes the loop the kernel's NTP code was built for.  Every
 * poll interval (2^poll s of virtual time) it measures the offset of the
 * simulated CLOCK_REALTIME from the true time (the reference: the boot wall
 * time plus the virtual time elapsed, with the leap seconds a real UTC
 * source would have, plus optional seeded measurement noise), and hands it
 * to the kernel as ntpd does with the kernel discipline enabled:
 *
 *   adjtimex(ADJ_OFFSET | ADJ_MAXERROR | ADJ_ESTERROR | ADJ_STATUS |
 *            ADJ_TIMECONST [| ADJ_NANO]),
 *   status = STA_PLL [| STA_FLL] [| STA_INS or STA_DEL], constant = poll
 *   (poll - 4 in us mode, where the kernel adds the 4 back).
 *
 * The kernel's PLL/FLL then does all the steering.  An offset beyond the
 * step threshold (128 ms, ntpd's default) is stepped at once with
 * ADJ_SETOFFSET, as ntpd -g does at start-up.  Not modelled: ntpd's clock
 * filter, popcorn spike suppressor, poll-interval adaptation and its own
 * frequency-measurement state at start-up.
 *
 * Scripted calls (adjtimex or settimeofday at given virtual times) share
 * the queue, so that `tksim run` and tests can mix the daemon with manual
 * steering.  The whole model is a struct per system; runs are deterministic.
 *
 *   struct sim_ntpd d;
 *   sim_ntpd_params_default(&p);
 *   sim_ntpd_init(&d, &p, s);
 *   ... in the tick loop:  if (s->now_ns >= sim_ntpd_next_due(&d)) sim_ntpd_run(&d, s);
 *   ... or in a test:      sim_ntpd_advance_to(&d, s, 3600 * NSEC_PER_SEC);
 */

#include "sim/engine.h"
#include "sim/rng.h"
#include "timekeeper/adjtimex.h"

#define SIM_NTPD_MAX_EVENTS 64
#define SIM_NTPD_MAX_POLL 17 /* 36 h, ntpd's NTP_MAXPOLL */

/**
 * struct sim_ntpd_params - the daemon and its time source
 * @enabled:           poll at all (off: only scripted calls run)
 * @poll:              log2 of the poll interval in s (ntpd's minpoll/maxpoll, 0..17)
 * @nano:              use ns units (ADJ_NANO / STA_NANO), as ntpd does where it can
 * @fll:               set STA_FLL (the FLL takes part once the interval is >= MINSEC)
 * @noise_ns:          standard deviation of the measurement noise (ns); 0 for none
 * @step_threshold_ns: step with ADJ_SETOFFSET beyond this offset (ns); 0 never steps
 * @root_delay_ns:     round-trip delay to the root, for maxerror (ns)
 * @boot_error_ns:     how far REALTIME at boot is ahead of the truth (ns): the
 *                     RTC's error; the reference is the boot wall time minus it
 * @leap:              +1 a leap second is inserted, -1 deleted, 0 none
 * @leap_sec:          the UTC midnight (s since the epoch) at which @leap happens
 * @seed:              seed of the noise
 */
struct sim_ntpd_params {
	bool enabled;
	unsigned int poll;
	bool nano;
	bool fll;
	u64 noise_ns;
	u64 step_threshold_ns;
	u64 root_delay_ns;
	s64 boot_error_ns;
	int leap;
	time64_t leap_sec;
	u64 seed;
};

/** enum sim_ntp_event_kind - what a scripted call does */
enum sim_ntp_event_kind {
	SIM_EV_ADJTIMEX, /* do_adjtimex(@tx), privileged */
	SIM_EV_SETTIMEOFDAY, /* do_settimeofday64(@ts) */
};

/**
 * struct sim_ntp_event - one scripted call
 * @t_ns: virtual time at which it runs (it runs at the first chance at or after)
 * @kind: adjtimex or settimeofday
 * @tx:   the adjtimex request (read back into after the call)
 * @ts:   the settimeofday value
 * @text: what the user wrote, for reports (not owned; may be NULL)
 * @done: it has run
 * @ret:  its result: clock state or negative errno
 */
struct sim_ntp_event {
	u64 t_ns;
	enum sim_ntp_event_kind kind;
	struct tk_timex tx;
	struct timespec64 ts;
	const char *text;
	bool done;
	int ret;
};

/**
 * struct sim_ntpd - the daemon's state
 * @p:              its parameters
 * @wall0_ns:       the true REALTIME at boot (ns since the epoch)
 * @next_poll_ns:   virtual time of the next poll
 * @rng:            the noise generator
 * @last_offset_ns: the last offset measured (true - REALTIME, noise included)
 * @jitter_ns:      RMS of the change between successive offsets (ns), ntpd's
 *                  clock_jitter, averaged over about 8 polls
 * @polls:          measurements made
 * @steps:          times the clock was stepped
 * @last_state:     what the last adjtimex returned
 * @ev:             scripted calls, in time order
 * @nr_events:      how many
 * @next_event:     the first not yet run
 */
struct sim_ntpd {
	struct sim_ntpd_params p;
	__int128 wall0_ns;
	u64 next_poll_ns;
	struct sim_rng rng;
	s64 last_offset_ns;
	u64 jitter_ns;
	u64 polls;
	u64 steps;
	int last_state;
	struct sim_ntp_event ev[SIM_NTPD_MAX_EVENTS];
	unsigned int nr_events;
	unsigned int next_event;
};

void sim_ntpd_params_default(struct sim_ntpd_params *p);
void sim_ntpd_init(struct sim_ntpd *d, const struct sim_ntpd_params *p, const struct sim_system *s);
int sim_ntpd_add_event(struct sim_ntpd *d, const struct sim_ntp_event *ev);
u64 sim_ntpd_next_due(const struct sim_ntpd *d);
void sim_ntpd_poll(struct sim_ntpd *d, struct sim_system *s);
void sim_ntpd_run(struct sim_ntpd *d, struct sim_system *s);
void sim_ntpd_advance_to(struct sim_ntpd *d, struct sim_system *s, u64 t_ns);
__int128 sim_ntpd_true_realtime_ns(const struct sim_ntpd *d, const struct sim_system *s);
s64 sim_ntpd_realtime_error_ns(const struct sim_ntpd *d, struct sim_system *s);
double sim_ntpd_ideal_freq_ppm(const struct sim_system *s);
double sim_ntpd_kernel_freq_ppm(struct sim_system *s);
time64_t sim_next_utc_midnight(time64_t sec);

#endif /* TKSIM_SIM_NTPD_H */
