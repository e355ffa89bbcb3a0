// SPDX-License-Identifier: GPL-2.0
/* tksim's own: the privileges of `tksim daemon`'s two processes, with libcap-ng (docs/daemons.md,
 * "Safety"). */

#define _GNU_SOURCE
#include "tools/daemon/daemon_priv.h"

#include <cap-ng.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tools/daemon/daemon_launch.h"

/* Root in any of the three ids: a saved uid 0 could be taken back with setuid(0). */
static bool daemon_is_root(void)
{
	uid_t r, e, s;

	return getresuid(&r, &e, &s) || !r || !e || !s;
}

/*
 * What is left after the drop.  capget() asks the kernel itself, not libcap-ng's copy.  The
 * bounding set is looked at only if it could be emptied (@bounding): without CAP_SETPCAP it
 * cannot, and libcap-ng leaves it as it is without an error; with no_new_privs and empty
 * permitted and inheritable sets no exec can gain anything from it.
 */
static const char *daemon_whats_left(bool was_root, bool bounding)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct c[_LINUX_CAPABILITY_U32S_3];
	uid_t ru, eu, su;
	gid_t rg, eg, sg;

	if (syscall(SYS_capget, &h, c))
		return "capget() failed";
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
		if (c[i].effective)
			return "an effective capability is still held";
		if (c[i].permitted)
			return "a permitted capability is still held";
		if (c[i].inheritable)
			return "an inheritable capability is still held";
	}
	/* PR_CAPBSET_READ fails (EINVAL) past the kernel's last capability. */
	for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++) {
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, cap, 0, 0) == 1)
			return "an ambient capability is still set";
		if (bounding && prctl(PR_CAPBSET_READ, cap, 0, 0, 0) == 1)
			return "the bounding set is not empty";
	}
	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
		return "no_new_privs is not set";
	if (getresuid(&ru, &eu, &su) || getresgid(&rg, &eg, &sg))
		return "getresuid() failed";
	if (was_root && (!ru || !eu || !su))
		return "the uid is still root";
	if (was_root && (!rg || !eg || !sg))
		return "the gid is still root";
	return NULL;
}

const char *daemon_drop_child(void)
{
	bool root = daemon_is_root(), setpcap;

	capng_get_caps_process();
	setpcap = capng_have_capability(CAPNG_EFFECTIVE, CAP_SETPCAP);
	capng_clear(CAPNG_SELECT_ALL);
	if (root ? capng_change_id(DMN_NOBODY, DMN_NOBODY,
				   CAPNG_DROP_SUPP_GRP | CAPNG_CLEAR_BOUNDING | CAPNG_CLEAR_AMBIENT)
		 : capng_apply(CAPNG_SELECT_ALL))
		return root ? "cannot drop to user nobody without capabilities"
			    : "cannot clear the capability sets";
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return "cannot set no_new_privs";
	return daemon_whats_left(root, root || setpcap);
}

void daemon_drop_parent(void)
{
	capng_clear(CAPNG_SELECT_ALL);
	if (daemon_is_root())
		capng_updatev(CAPNG_ADD, CAPNG_EFFECTIVE | CAPNG_PERMITTED, CAP_KILL, -1);
	capng_apply(CAPNG_SELECT_ALL);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
