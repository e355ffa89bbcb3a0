// SPDX-License-Identifier: GPL-2.0
// tksim's own: the torture tester's log of publications and its seqcount check (see
// sim/torture/torture.h).
#define _GNU_SOURCE
#include <inttypes.h>

#include "sim/oracle.h"
#include "vdso/calc.h"

#include "sim/torture/torture_int.h"

/* ------------------------------------------------- the publication log */

typedef u64 __attribute__((may_alias)) word_t;

/* Timekeeper thread: remember what publication @seq left in the vvar page. */
void torture_log_publication(struct torture_ctx *c, u32 seq, u32 first, u64 excuse_ns)
{
	torture_log_clocks(c, seq, first, excuse_ns, c->k->vdata.clock_data);
}

/**
 * torture_log_clocks() - log publication @seq as the clock groups @vc (the model's layout)
 * @c:         the run
 * @seq:       tk_core.seq after the operation that published
 * @first:     tk_core.seq before it
 * @excuse_ns: the step back it may cause (struct torture_pub)
 * @vc:        both clock groups as the operation left them: the model's page, or a tree's
 *             read out of its own layout (sim/torture/torture_ktree.c)
 */
void torture_log_clocks(struct torture_ctx *c, u32 seq, u32 first, u64 excuse_ns,
			const struct vdso_clock vc[CS_BASES])
{
	struct torture_pub *p = &c->log[(seq >> 1) & (LOG_SIZE - 1)];
	const word_t *src = (const word_t *)vc;
	word_t *dst = (word_t *)p->vc;

	WRITE_ONCE(p->tag, (u64)seq | 1);
	/* smp_wmb: the odd tag is visible before the slot's contents change. */
	smp_wmb();
	WRITE_ONCE(p->first, first);
	WRITE_ONCE(p->excuse_ns, excuse_ns);
	/* Only this thread writes the vvar page: reading it plainly races with no one. */
	for (size_t i = 0; i < PUB_WORDS; i++)
		__atomic_store_n(&dst[i], src[i], __ATOMIC_RELAXED);
	__atomic_store_n(&p->tag, (u64)seq, __ATOMIC_RELEASE);
	__atomic_store_n(&c->log_head, (u64)seq, __ATOMIC_RELEASE);
	c->publications++;
}

/* Reader: a consistent copy of publication @seq, false if its slot holds another. */
static bool log_read(struct torture_ctx *c, u32 seq, struct torture_pub *out)
{
	const struct torture_pub *p = &c->log[(seq >> 1) & (LOG_SIZE - 1)];
	const word_t *src = (const word_t *)p->vc;
	word_t *dst = (word_t *)out->vc;

	if (__atomic_load_n(&p->tag, __ATOMIC_ACQUIRE) != seq)
		return false;
	out->first = READ_ONCE(p->first);
	out->excuse_ns = READ_ONCE(p->excuse_ns);
	for (size_t i = 0; i < PUB_WORDS; i++)
		dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
	/* smp_rmb: the copy is complete before the tag is checked again. */
	smp_rmb();
	return READ_ONCE(p->tag) == seq;
}

/* What publication @vc makes the vDSO return for @clock at counter value @cycles (ns). */
static __int128 pub_value(const struct vdso_clock *vc, s32 clock, u64 cycles)
{
	const struct vdso_timestamp *b = &vc->basetime[clock];
	u64 mask = vdso_delta_mask(vc->clock_mode, vc->mask);

	if (coarse(clock))
		return (__int128)b->sec * NSEC_PER_SEC + (__int128)b->nsec;
	return (__int128)b->sec * NSEC_PER_SEC +
	       cycles_to_ns_bugs(cycles, vc->cycle_last, mask, vc->max_cycles, vc->mult, b->nsec,
				 vc->shift, vdso_neg_clamp(vc->clock_mode), 0);
}

/*
 * The lowest counter value a read that met publication @vc can have used:
 * the vDSO reads the counter after it sees the update, hence not before the
 * update's cycle_last, even if the reader's own read before the call was.
 * (For a narrow counter, whose max_cycles is its mask, the vDSO takes a
 * value behind cycle_last for a full wrap ahead: the bracket must not.)
 */
static u64 pub_floor(const struct vdso_clock *vc, u64 cycles)
{
	u64 mask = vdso_delta_mask(vc->clock_mode, vc->mask);

	return ((cycles - vc->cycle_last) & mask) > (mask >> 1) ? vc->cycle_last : cycles;
}

/*
 * Whether publication @vc gives @vn for a counter read between @c0 and @c1.
 * The generic vDSO rule (a non-TSC clock mode, vdso/calc.h) has no
 * negative-motion clamp: on a CPU whose counter lags behind cycle_last the
 * vDSO converts the masked delta as it is, so the part of [c0, c1] behind
 * cycle_last has values of its own, below the base or far above it.
 */
static bool pub_gives(const struct vdso_clock *vc, s32 clock, u64 c0, u64 c1, __int128 vn)
{
	u64 floor = pub_floor(vc, c0), hi;

	if (pub_value(vc, clock, floor) <= vn && vn <= pub_value(vc, clock, c1))
		return true;
	if (floor == c0 || vdso_neg_clamp(vc->clock_mode))
		return false;
	hi = pub_floor(vc, c1) == c1 ? vc->cycle_last - 1 : c1;
	return pub_value(vc, clock, c0) <= vn && vn <= pub_value(vc, clock, hi);
}

/* Wait until the timekeeper has logged publication @seq; false if the run stopped. */
static bool log_wait(struct torture_ctx *c, u32 seq)
{
	while ((s32)((u32)__atomic_load_n(&c->log_head, __ATOMIC_ACQUIRE) - seq) < 0) {
		if (stopped(c))
			return false;
		cpu_relax();
	}
	return true;
}

/*
 * A step back of @step ns from a read in window @a to a later read in @b
 * is the kernel's own mult-change window (see struct torture_pub) if the
 * publications after @a's and up to @b's allow that much together.
 */
bool torture_excused(struct reader *r, const struct seqwin *a, const struct seqwin *b,
		     __int128 step)
{
	struct torture_ctx *c = r->ctx;
	u32 lo = (a->t0 & ~1U) + 2, hi = (b->t1 + 1) & ~1U;
	struct torture_pub pub;
	u64 sum = 0;

	if ((s32)(hi - lo) < 0 || hi - lo > 64 || !log_wait(c, hi))
		return false;
	for (u32 e = lo; (s32)(hi - e) >= 0;) {
		u32 f = e;

		/* An unlogged publication is covered by the entry of its operation. */
		while (!log_read(c, f, &pub)) {
			f += 2;
			if (f - e > 16 || !log_wait(c, f))
				return false;
		}
		if ((s32)((u32)pub.first - e) >= 0)
			return false;
		sum += pub.excuse_ns;
		e = f + 2;
	}
	if (step > (__int128)sum)
		return false;
	r->st.excused++;
	if ((u64)step > r->st.excused_max_ns)
		r->st.excused_max_ns = (u64)step;
	return true;
}

/*
 * The seqcount property: the value @v the vDSO returned for @clock is what
 * one publication gives for a counter value between @c0 and @c1 (read
 * around the call).  The candidates are the publications the call can have
 * met: tk_core.seq went from @t0 to @t1, and the vvar page is written inside
 * that seqcount's write section.
 */
void torture_check_seqcount(struct reader *r, s32 clock, const struct timespec64 *v, u64 c0, u64 c1,
			    u32 t0, u32 t1)
{
	struct torture_ctx *c = r->ctx;
	struct torture_pub pub[4];
	u32 lo = t0 & ~1U, hi = (t1 + 1) & ~1U, n = 0;
	int group = clock == TK_CLOCK_MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE;
	__int128 vn = ts_to_ns(v);
	struct rbuf b;
	char s0[48], s1[48], sv[48];

	/* A jittering counter has no before/after bracket; many updates, no single answer. */
	if (hi - lo > 6 || (c->o->counter == TORTURE_COUNTER_SYNTHETIC && c->o->synth.jitter)) {
		r->st.seq_unverifiable++;
		return;
	}
	if (!log_wait(c, hi))
		return;
	for (u32 e = lo;; e += 2) {
		if (!log_read(c, e, &pub[n])) {
			/* An update the timekeeper did not log (several in one adjtimex call). */
			r->st.seq_unverifiable++;
			return;
		}
		n++;
		if (e == hi)
			break;
	}
	r->st.seq_checked++;
	for (u32 i = 0; i < n; i++) {
		const struct vdso_clock *vc = &pub[i].vc[group];

		if (vc->clock_mode == VDSO_CLOCKMODE_NONE)
			return; /* the vDSO fell back to the kernel-side path */
		if (pub_gives(vc, clock, c0, c1, vn))
			return;
	}
	if (!torture_claim(c, &b, "seqcount"))
		return;
	torture_rb_printf(
		&b, "CLOCK_%s via the vDSO returned %s, which no single published update gives\n",
		oracle_clock_name(clock), torture_ns_str(sv, sizeof(sv), vn));
	torture_rb_printf(&b,
			  "  counter 0x%" PRIx64 " before the call, 0x%" PRIx64
			  " after; tk_core.seq %" PRIu32 " -> %" PRIu32 "\n",
			  c0, c1, t0, t1);
	for (u32 i = 0; i < n; i++) {
		const struct vdso_clock *vc = &pub[i].vc[group];

		torture_rb_printf(
			&b,
			"  update %" PRIu32 ": cycle_last 0x%" PRIx64 " mult %" PRIu32
			" gives %s .. %s\n",
			lo + 2 * i, vc->cycle_last, vc->mult,
			torture_ns_str(s0, sizeof(s0), pub_value(vc, clock, pub_floor(vc, c0))),
			torture_ns_str(s1, sizeof(s1), pub_value(vc, clock, c1)));
	}
	torture_finish_report(r, &b, clock, PATH_VDSO);
}

/**
 * torture_aux_group_copy() - a consistent copy of aux clock @clock's group, under its seqcount
 * @c:     the context
 * @clock: an aux clock id
 * @out:   the copy
 *
 * Return: the group's (even) seq the copy belongs to; it tries until no
 * write section overlaps, or the run stops (then the copy may be torn and
 * the caller's check is void: it checks only a seq that stayed the same).
 */
u32 torture_aux_group_copy(struct torture_ctx *c, s32 clock, struct vdso_clock *out)
{
	const struct vdso_clock *vc = clock_group(c->vd, clock);
	const word_t *src = (const word_t *)vc;
	word_t *dst = (word_t *)out;
	u32 s0;

	do {
		s0 = __atomic_load_n(&vc->seq, __ATOMIC_ACQUIRE);
		for (size_t i = 0; i < sizeof(*out) / sizeof(word_t); i++)
			dst[i] = __atomic_load_n(&src[i], __ATOMIC_RELAXED);
		/* smp_rmb: the copy is complete before seq is loaded again. */
		smp_rmb();
	} while (((s0 & 1) || READ_ONCE(vc->seq) != s0) && !stopped(c));
	return s0;
}

/**
 * torture_check_aux_seqcount() - the seqcount property of an aux clock (its own group's seq)
 * @r:     the reader
 * @clock: an aux clock id
 * @v:     what the vDSO returned
 * @c0:    the counter read before the call
 * @c1:    the counter read after it
 * @pub:   the group as it was before the call (torture_aux_group_copy())
 * @s0:    its seq then
 * @s1:    the group's seq after the call
 *
 * An aux clock is published into its own group under that group's seq
 * (vdso_write_begin_clock()), not under tk_core.seq, so the publication log
 * does not hold it; the reader copies the group before the call instead.
 * With the same even seq after the call, no write met the call, and @v is
 * what that copy gives for a counter value between @c0 and @c1.  A seq that
 * moved is a write the call may have met: not verifiable here (counted).
 */
void torture_check_aux_seqcount(struct reader *r, s32 clock, const struct timespec64 *v, u64 c0,
				u64 c1, const struct vdso_clock *pub, u32 s0, u32 s1)
{
	__int128 vn = ts_to_ns(v);
	struct rbuf b;
	char sv[48], sa[48], sb[48];

	if (s1 != s0 || (s0 & 1) ||
	    (r->ctx->o->counter == TORTURE_COUNTER_SYNTHETIC && r->ctx->o->synth.jitter)) {
		r->st.seq_unverifiable++;
		return;
	}
	r->st.seq_checked++;
	/* clock_mode NONE: the vDSO fell back to the kernel side, which no group gives. */
	if (pub->clock_mode == VDSO_CLOCKMODE_NONE || pub_gives(pub, VDSO_BASE_AUX, c0, c1, vn))
		return;
	if (!torture_claim(r->ctx, &b, "seqcount"))
		return;
	torture_rb_printf(&b,
			  "CLOCK_%s via the vDSO returned %s, which its group (seq %" PRIu32
			  ", unchanged by the call) does not give\n",
			  oracle_clock_name(clock), torture_ns_str(sv, sizeof(sv), vn), s0);
	torture_rb_printf(
		&b,
		"  counter 0x%" PRIx64 " before the call, 0x%" PRIx64
		" after; cycle_last 0x%" PRIx64 " mult %" PRIu32 " gives %s .. %s\n",
		c0, c1, pub->cycle_last, pub->mult,
		torture_ns_str(sa, sizeof(sa), pub_value(pub, VDSO_BASE_AUX, pub_floor(pub, c0))),
		torture_ns_str(sb, sizeof(sb), pub_value(pub, VDSO_BASE_AUX, c1)));
	torture_finish_report(r, &b, clock, PATH_VDSO);
}
