// SPDX-License-Identifier: GPL-2.0
// tksim's own: the op executor on a kernel tree: an op list run on the tree's own code under the
// oracle, fitted to what the backend can run there and shrunk on it.
/*
 * Each list gets a system of its own configuration with the tree attached
 * (sim_system_attach_ktree(), as `tksim run --kernel` does): the tree's
 * update_wall_time() ticks, its adjtimex, settimeofday and clock_settime
 * answer the calls, and every clock the oracle reads comes from the tree's
 * kernel-side getters or its own lib/vdso over its own vvar page.  The model
 * still runs beside it (the oracle's checks of internal state read it).  A
 * fresh kernel per list is the restored data of the tree's object
 * (ktree_boot() of the same system is a reset).
 */
#include "sim/ops/ops_ktree.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/bugs.h"
#include "sim/engine.h"
#include "sim/ops/ops_gen.h"
#include "timekeeper/version.h"

/*
 * What the backend cannot do to the tree (docs/kernel-backend.md, "Not yet";
 * sim/diff/diff_kernel.c answers the same): a clocksource switch, injected bugs (the model's), a
 * CPU's skew (the tree reads one counter), the check inside the vvar write section (it arms the
 * model's writer), clock_settime without privilege on a clock other than REALTIME (the backend's
 * clock_settime is a privileged caller's), and the aux clocks' sysfs knob, which the trees the
 * backend builds (6.12, 6.1) predate: the executor's errno check expects -ENODEV of it, the absent
 * knob's -ENOENT is no finding of the kernel's code.
 */
static bool backend_cannot(const struct sim_op *op)
{
	switch (op->kind) {
	case SIM_OP_CLOCKSOURCE:
	case SIM_OP_INJECT:
	case SIM_OP_SKEW:
	case SIM_OP_MIDWRITE:
	case SIM_OP_AUX_ENABLE:
		return true;
	case SIM_OP_CLOCK_SETTIME:
		return op->user && op->clock != TK_CLOCK_REALTIME;
	default:
		return false;
	}
}

/**
 * sim_ops_ktree_fit() - take the ops the backend cannot run on a tree out of @l
 * @l: the input, changed in place; the other ops keep their times, less the time a
 *     suspend taken out slept
 *
 * A suspend's sleep costs an input nothing (resume adds it at once); as ticked time it
 * would be millions of ticks, so the ops after it move back by the sleep.
 *
 * Return: the ops taken out.
 */
unsigned int sim_ops_ktree_fit(struct sim_op_list *l)
{
	unsigned int out = 0;

	for (unsigned int i = l->n; i-- > 0;) {
		if (!backend_cannot(&l->ops[i]))
			continue;
		if (l->ops[i].kind == SIM_OP_SUSPEND && l->ops[i].a > 0) {
			u64 t = l->ops[i].t_ns, slept = (u64)l->ops[i].a;

			for (unsigned int j = i + 1; j < l->n; j++)
				l->ops[j].t_ns =
					l->ops[j].t_ns - t > slept ? l->ops[j].t_ns - slept : t;
		}
		sim_ops_remove(l, i);
		out++;
	}
	return out;
}

/**
 * sim_ops_run_ktree() - run @l on tree @kt under the oracle, as sim_ops_run() runs it on the model
 * @kt:    the tree (sim_ktree_open()), booted afresh for @l's system
 * @l:     the input (sim_ops_ktree_fit() first)
 * @flags: SIM_OPS_*
 * @r:     what was seen
 *
 * Return: 0 every property held (known kernel behaviours aside), 1 a finding
 * (@r->first), or a negative errno when the system cannot be built or the
 * tree not booted for it.
 */
int sim_ops_run_ktree(struct ktree *kt, const struct sim_op_list *l, unsigned int flags,
		      struct sim_ops_result *r)
{
	struct sim_system *s = aligned_alloc(64, (sizeof(*s) + 63) & ~(size_t)63);
	struct sim_ops_exec *e;
	char err[256];
	int ret, call;

	memset(r, 0, sizeof(*r));
	if (!s)
		return -ENOMEM;
	/* Zeroed, so that struct padding compares equal in the failed-call check. */
	memset(s, 0, sizeof(*s));
	ret = sim_system_init(s, &l->cfg);
	if (ret) {
		free(s);
		return ret;
	}
	ret = sim_system_attach_ktree(s, kt, err, sizeof(err));
	e = ret ? NULL : sim_ops_exec_new(s, flags, r, NULL);
	if (!e) {
		ret = ret ? ret : -ENOMEM;
	} else {
		for (unsigned int i = 0; i < l->n && !ret; i++)
			ret = sim_ops_exec_op(e, &l->ops[i], i, &call);
		sim_ops_exec_free(e);
	}
	s->kt = NULL; /* the tree stays open for the next input */
	sim_system_destroy(s);
	free(s);
	return ret;
}

/* What sim_ops_ktree_shrink() keeps: the same signature, on the tree. */
struct same_sig {
	struct ktree *kt;
	unsigned int flags;
	const char *sig;
};

static bool still_found(const struct sim_op_list *l, void *ctx)
{
	const struct same_sig *w = ctx;
	struct sim_ops_result r;

	return sim_ops_run_ktree(w->kt, l, w->flags, &r) == 1 && !strcmp(r.first.sig, w->sig);
}

/**
 * sim_ops_ktree_shrink() - make @l minimal for its finding on tree @kt
 * @kt:       the tree
 * @l:        the input, shrunk in place
 * @flags:    SIM_OPS_*
 * @sig:      the finding's signature, kept
 * @max_runs: how many runs shrinking may spend
 *
 * Return: the runs spent.
 */
unsigned int sim_ops_ktree_shrink(struct ktree *kt, struct sim_op_list *l, unsigned int flags,
				  const char *sig, unsigned int max_runs)
{
	char keep[sizeof(((struct sim_finding *)0)->sig)];
	struct same_sig w = { .kt = kt, .flags = flags, .sig = keep };

	snprintf(keep, sizeof(keep), "%s", sig); /* @sig may be in a result shrinking rewrites */
	return sim_ops_shrink_by(l, still_found, &w, max_runs);
}

/* Does the model of @l's release, with the BUG_* bits of @off switched off, find @sig? */
static bool model_finds(const struct sim_op_list *l, u64 off, const char *sig)
{
	struct sim_ops_result m;

	return sim_ops_run_without(l, off, &m) == 1 && !strcmp(m.first.sig, sig);
}

/**
 * sim_ops_ktree_known() - the known kernel bug of the tree's release a finding of the tree is
 * @l: the input that found it, its system the tree's release (@l->cfg.profile, with the fixes
 *     the tree carries from stable in @l->cfg.backports)
 * @r: its result
 *
 * A release before a fix has the older behaviour as an injectable bug its profile implies
 * (timekeeper/version.c): the pre-v6.15 coarse clocks, which step back at a mid-tick frequency
 * change (coarse-pre-6.15, b71f9804f66c), and the pre-v6.13 refused clock set, which clears NTP
 * all the same (refused-set-update-pre-6.13, bba9898ef399).  A finding is that bug's when the
 * model of the release, as the tree has it, finds the same signature in the same input, and
 * does not with that bug's bit off: the model's code for the behaviour is the documented
 * cause, and switching it off is the evidence.
 *
 * Return: the bug (counted, not a finding), or NULL.
 */
const struct sim_bug *sim_ops_ktree_known(const struct sim_op_list *l,
					  const struct sim_ops_result *r)
{
	static const u64 known[] = { BUG_COARSE_PRE615, BUG_REFUSED_SET_UPDATE };
	u64 implied = tk_profile_bugs(l->cfg.profile) & ~l->cfg.backports;

	if (l->cfg.profile == TK_PROFILE_DEFAULT ||
	    !(implied & (BUG_COARSE_PRE615 | BUG_REFUSED_SET_UPDATE)))
		return NULL;
	if (!model_finds(l, 0, r->first.sig))
		return NULL; /* the model of the release parts from the tree here */
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if ((implied & known[i]) && !model_finds(l, known[i], r->first.sig))
			return sim_bug_by_bit(known[i]);
	return NULL;
}
