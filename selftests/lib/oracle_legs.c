// SPDX-License-Identifier: GPL-2.0-only
/* Legs of the oracle: copies of a code file, mapped and maybe probed. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
#include "oracle.h"
#include "uprobes.h"

#ifndef PROT_BTI
#define PROT_BTI	0x10
#endif
#define HWCAP2_BTI_BIT	BIT(17)

bool oracle_hwcap2(unsigned long bit)
{
	return getauxval(AT_HWCAP2) & bit;
}

/* The module's switches (module/families.h). */
static const char * const switches[] = {
#define PROBESIM_SWITCH(onoff, ...) #onoff,
#include "../../module/families.h"
#undef PROBESIM_SWITCH
};

/* Every switch on or off: an XOL leg must not simulate anything. */
static int set_params(const char *on)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(switches); i++)
		if (probesim_set_param(switches[i], on))
			return -1;
	return 0;
}

void oracle_params_restore(enum probesim_mode mode)
{
	if (mode_simulates(mode))
		set_params("1");
}

static int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

int oracle_setup(enum probesim_mode *mode, struct code_image *img,
		 const char *target, struct arena *a, char *err, size_t errlen)
{
	const struct target *t = target_find(target);

	if (probesim_mode_check(mode, err, errlen))
		return -1;
	if (!t)
		return fail(err, errlen, "no target %s", target);
	if (image_from_target(img, t))
		return fail(err, errlen, "no memory for the image of %s", target);
	if (arena_init(a))
		return fail(err, errlen, "no free address for the arena");
	return 0;
}

int oracle_setup_bti(enum probesim_mode *mode, struct arena *a, char *err,
		     size_t errlen)
{
	if (probesim_mode_check(mode, err, errlen))
		return -1;
	if (!oracle_hwcap2(HWCAP2_BTI_BIT)) {
		snprintf(err, errlen, "the CPU has no BTI (HWCAP2_BTI)");
		return 1;
	}
	if (arena_init(a))
		return fail(err, errlen, "no free address for the arena");
	return 0;
}

void oracle_teardown(struct oracle_leg *native, struct oracle_leg *probed,
		     enum probesim_mode mode, struct arena *a, struct code_image *img)
{
	oracle_leg_close(probed);
	oracle_leg_close(native);
	oracle_params_restore(mode);
	arena_release(a);
	image_free(img);
}

static int write_image(const char *path, const struct code_image *img)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0700);
	size_t done = 0;

	if (fd < 0)
		return -1;
	while (done < img->size) {
		ssize_t n = write(fd, img->bytes + done, img->size - done);

		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += n;
	}
	return close(fd);
}

static int attach_one(struct oracle_leg *leg, unsigned long offset, bool ret)
{
	static unsigned int serial;
	struct oracle_probe *p = &leg->probes[leg->nprobes];

	p->offset = offset;
	p->ret = ret;
	p->perf_fd = -1;
	p->event[0] = 0;
	if (leg->iface == IFACE_PERF) {
		p->perf_fd = perf_probe_open(leg->path, offset, ret, 0, true);
		if (p->perf_fd < 0)
			return -1;
	} else {
		snprintf(p->event, sizeof(p->event), "oracle_%d_%u", getpid(), serial++);
		if (tracefs_probe_add(p->event, leg->path, offset, ret)) {
			tracefs_probe_remove(p->event);
			p->event[0] = 0;
			return -1;
		}
	}
	leg->nprobes++;
	return 0;
}

int oracle_leg_open(struct oracle_leg *leg, const struct code_image *img,
		    const char *tag, enum oracle_iface iface, bool ret,
		    enum oracle_params params, enum probesim_mode mode,
		    char *err, size_t errlen)
{
	struct probesim_stats before;
	unsigned int i;
	void *base;
	int fd, rc = 0;

	memset(leg, 0, sizeof(*leg));
	leg->img = img;
	leg->iface = iface;
	leg->switches = mode_simulates(mode) && mode_has_xol_leg(mode);
	leg->counted = mode_counts(mode);
	snprintf(leg->path, sizeof(leg->path), "/tmp/probesim-%d-%s-%s",
		 getpid(), img->name, tag);
	if (write_image(leg->path, img))
		return fail(err, errlen, "writing %s: %s", leg->path, strerror(errno));

	/*
	 * Map before attaching: a uprobe is analysed when its breakpoint is
	 * first installed, which then happens at registration, under the
	 * parameters set for it here.
	 */
	fd = open(leg->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(err, errlen, "opening %s: %s", leg->path, strerror(errno));
	base = mmap(NULL, img->size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	close(fd);
	if (base == MAP_FAILED)
		return fail(err, errlen, "mapping %s: %s", leg->path, strerror(errno));
	leg->base = base;
	if (img->bti_from &&
	    mprotect(leg->base + img->bti_from, img->size - img->bti_from,
		     PROT_READ | PROT_EXEC | PROT_BTI))
		return fail(err, errlen, "PROT_BTI: %s", strerror(errno));
	if (iface == IFACE_NONE)
		return 0;

	if (leg->switches &&
	    ((params == PARAMS_XOL && set_params("0")) ||
	     (params == PARAMS_SIM && set_params("1"))))
		return fail(err, errlen, "setting the simulation switches: %s",
			    strerror(errno));
	if (leg->counted && probesim_stats_read(&before))
		rc = fail(err, errlen, "reading probesim stats");
	for (i = 0; !rc && i < img->nprobes; i++)
		if (attach_one(leg, img->probes[i], false))
			rc = fail(err, errlen, "attaching a uprobe at %s:%#lx: %s",
				  leg->path, img->probes[i], strerror(errno));
	if (!rc && ret && attach_one(leg, img->entry, true))
		rc = fail(err, errlen, "attaching a uretprobe at %s:%#lx: %s",
			  leg->path, img->entry, strerror(errno));
	if (leg->counted && !rc && probesim_stats_since(&leg->attach, &before))
		rc = fail(err, errlen, "reading probesim stats");
	if (leg->switches && params != PARAMS_KEEP && set_params("1") && !rc)
		rc = fail(err, errlen, "restoring the simulation switches: %s",
			  strerror(errno));
	return rc;
}

int oracle_legs_open(struct oracle_leg *native, struct oracle_leg *probed,
		     const struct code_image *img, enum oracle_iface iface, bool ret,
		     enum oracle_params params, enum probesim_mode mode,
		     char *err, size_t errlen)
{
	if (oracle_leg_open(native, img, "native", IFACE_NONE, false, PARAMS_KEEP,
			    mode, err, errlen))
		return -1;
	return oracle_leg_open(probed, img, params == PARAMS_SIM ? "sim" : "xol",
			       iface, ret, params, mode, err, errlen);
}

int oracle_legs_run(const struct oracle_leg *native, const struct oracle_leg *probed,
		    const struct arena *a, const struct oracle_case *c,
		    struct oracle_result *n, struct oracle_result *p,
		    struct probesim_stats *runs)
{
	struct probesim_stats before;

	memset(runs, 0, sizeof(*runs));
	if (probed->counted && probesim_stats_read(&before))
		return -1;
	if (oracle_run(native, a, c, n) || oracle_run(probed, a, c, p))
		return -1;
	return probed->counted ? probesim_stats_since(runs, &before) : 0;
}

long oracle_leg_hits(const struct oracle_leg *leg, unsigned int i)
{
	const struct oracle_probe *p = &leg->probes[i];

	if (i >= leg->nprobes)
		return -1;
	if (p->perf_fd >= 0)
		return perf_probe_hits(p->perf_fd);
	return tracefs_probe_hits(p->event);
}

void oracle_leg_close(struct oracle_leg *leg)
{
	unsigned int i;

	for (i = 0; i < leg->nprobes; i++) {
		struct oracle_probe *p = &leg->probes[i];

		if (p->perf_fd >= 0)
			close(p->perf_fd);
		if (p->event[0])
			tracefs_probe_remove(p->event);
	}
	leg->nprobes = 0;
	if (leg->base && leg->img)
		munmap(leg->base, leg->img->size);
	leg->base = NULL;
	if (leg->path[0])
		unlink(leg->path);
	leg->path[0] = 0;
}
