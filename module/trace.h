/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Trace events of what probesim does to a uprobe: patched to simulate,
 * handed back to single-stepping, and a hit that failed the branch-target
 * check. A probe is named as the kernel names it, by the file (device and
 * inode number) and the offset in it, so that a tracer can match the
 * events to the probes it attached. None is on the path of a simulated
 * hit.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM probesim

#if !defined(PROBESIM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define PROBESIM_TRACE_H

#include <linux/kdev_t.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

/* A fixed array rather than __string(): __assign_str() changed in 6.10. */
#define PROBESIM_TRACE_NAME_LEN	24

TRACE_EVENT(probesim_patch,
	    TP_PROTO(dev_t dev, unsigned long ino, loff_t offset, const char *family,
		     u32 insn),
	    TP_ARGS(dev, ino, offset, family, insn),
	    TP_STRUCT__entry(__field(dev_t, dev)
			     __field(unsigned long, ino)
			     __field(loff_t, offset)
			     __array(char, family, PROBESIM_TRACE_NAME_LEN)
			     __field(u32, insn)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->ino = ino;
			   __entry->offset = offset;
			   strscpy(__entry->family, family, PROBESIM_TRACE_NAME_LEN);
			   __entry->insn = insn;),
	    TP_printk("dev=%u:%u ino=%lu offset=0x%llx family=%s insn=0x%08x",
		      MAJOR(__entry->dev), MINOR(__entry->dev), __entry->ino,
		      __entry->offset, __entry->family, __entry->insn)
);

TRACE_EVENT(probesim_decline,
	    TP_PROTO(dev_t dev, unsigned long ino, loff_t offset, const char *family,
		     const char *reason),
	    TP_ARGS(dev, ino, offset, family, reason),
	    TP_STRUCT__entry(__field(dev_t, dev)
			     __field(unsigned long, ino)
			     __field(loff_t, offset)
			     __array(char, family, PROBESIM_TRACE_NAME_LEN)
			     __array(char, reason, PROBESIM_TRACE_NAME_LEN)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->ino = ino;
			   __entry->offset = offset;
			   strscpy(__entry->family, family, PROBESIM_TRACE_NAME_LEN);
			   strscpy(__entry->reason, reason, PROBESIM_TRACE_NAME_LEN);),
	    TP_printk("dev=%u:%u ino=%lu offset=0x%llx family=%s reason=%s",
		      MAJOR(__entry->dev), MINOR(__entry->dev), __entry->ino,
		      __entry->offset, __entry->family, __entry->reason)
);

TRACE_EVENT(probesim_branch_target_fault,
	    TP_PROTO(dev_t dev, unsigned long ino, loff_t offset, const char *family,
		     unsigned long pc, u64 btype),
	    TP_ARGS(dev, ino, offset, family, pc, btype),
	    TP_STRUCT__entry(__field(dev_t, dev)
			     __field(unsigned long, ino)
			     __field(loff_t, offset)
			     __array(char, family, PROBESIM_TRACE_NAME_LEN)
			     __field(unsigned long, pc)
			     __field(u64, btype)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->ino = ino;
			   __entry->offset = offset;
			   strscpy(__entry->family, family, PROBESIM_TRACE_NAME_LEN);
			   __entry->pc = pc;
			   __entry->btype = btype;),
	    TP_printk("dev=%u:%u ino=%lu offset=0x%llx family=%s pc=0x%lx btype=%llu",
		      MAJOR(__entry->dev), MINOR(__entry->dev), __entry->ino,
		      __entry->offset, __entry->family, __entry->pc,
		      __entry->btype)
);

#endif /* PROBESIM_TRACE_H */

/* Outside the guard: read again by <trace/define_trace.h>. */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
