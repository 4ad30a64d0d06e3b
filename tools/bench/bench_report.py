#!/usr/bin/env python3
"""Host side of `make bench` (vm/bench.sh).

  bench_report.py kernel --console LOG --kver KVER --probes PROBES.TSV --out DIR
      Read the sections of one benchmark boot (trigger benchmark and grep
      benchmark), check the grep runs, join the per-probe hits with the
      survey's instruction classes and write DIR/results-KVER.json and
      DIR/results-KVER.md. Exit status 1 when a check failed (the files
      are written all the same, with the errors in them).

  bench_report.py merge --out DIR --plot PLOTDIR
      Combine every DIR/results-KVER.json into DIR/results.json and
      DIR/results.md, and write PLOTDIR/results.gp and PLOTDIR/results.dat,
      the gnuplot script and data of the trigger plot DIR/results.svg.
"""

import argparse
import glob
import json
import os
import re
import statistics
import sys

# Upstream's 2024 figures for grep with a uprobe on every function entry,
# as quoted in the benchmark issue (seconds).
UPSTREAM = {"none": 2.165, "xol": 15.314, "sim": 2.216}
# Upstream's trigger benchmark on the same hardware (Kunpeng 916, 2024),
# uprobe-push, million hits per second.
UPSTREAM_TRIGGER = {"xol": 0.908, "sim": 1.743}
KINDS = ("none", "xol", "sim")


def sections(console):
    """{(kind, name): [lines]} of the marked sections of a console log."""
    out = {}
    current = None
    begin = re.compile(r"@@probesim-begin (\S+) (\S+)@@")
    end = re.compile(r"@@probesim-end (\S+) (\S+)@@")
    with open(console, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n").replace("\r", "")
            m = begin.search(line)
            if m:
                current = (m.group(1), m.group(2))
                out[current] = []
                continue
            if current and end.search(line):
                current = None
                continue
            if current:
                out[current].append(line)
    return out


def spread(values):
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values),
            "max": max(values)}


def load_probes(path):
    probes = {}
    with open(path, encoding="utf-8") as f:
        header = f.readline().lstrip("# ").rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            probes["f_" + row["offset"]] = row
    return probes


def group_of(insn):
    """A finer label than the survey class, from the disassembly."""
    mnemonic = insn.split(" ", 1)[0]
    if mnemonic == "stp":
        if re.match(r"stp x29, x30, \[sp, #-\d+\]!$", insn):
            return "stp x29, x30, [sp, #-N]!"
        return "stp (other)"
    if mnemonic.startswith("ld"):
        return "load (" + mnemonic + ")"
    if mnemonic in ("and", "orr", "eor", "ands") and "#" in insn:
        return mnemonic + " (immediate)"
    if mnemonic in ("add", "sub") and "#" in insn:
        return "add/sub (immediate)"
    if mnemonic in ("b", "bl", "cbz", "cbnz", "tbz", "tbnz", "ret", "br") \
            or mnemonic.startswith("b."):
        return "branch (" + mnemonic + ")"
    return mnemonic


def family_of(verdict):
    """probesim's family of a survey verdict ("probesim-stp" -> "stp")."""
    return verdict[len("probesim-"):] if verdict.startswith("probesim-") else None


def class_breakdown(probes, reference, sim_stats, variant):
    """Per survey class of the probed instruction: probes, hits, and where
    the hits went in the simulated run: simulated by probesim (its
    FAMILY_hits counters), by the kernel, or still single-stepped."""
    total = sum(reference.values())
    rows = {}
    for event, row in probes.items():
        e = rows.setdefault(row["class"], {"probes": 0, "probes_hit": 0, "hits": 0,
                                           "families": set(), "kernel_sim": 0})
        n = reference.get(event, 0)
        e["probes"] += 1
        e["probes_hit"] += 1 if n else 0
        e["hits"] += n
        verdict = row[variant + "+probesim"]
        if family_of(verdict):
            e["families"].add(family_of(verdict))
        elif verdict == "kernel-sim":
            e["kernel_sim"] += n
    out = []
    for cls, e in sorted(rows.items(), key=lambda kv: (-kv[1]["hits"], kv[0])):
        fams = sorted(e.pop("families"))
        probesim = sum(sim_stats.get(f + "_hits", 0) for f in fams)
        out.append(dict(cls=cls, families=fams, probesim_sim=probesim,
                        xol=e["hits"] - probesim - e["kernel_sim"],
                        percent=100.0 * e["hits"] / total if total else 0.0, **e))
    return out


def variant_for(kver, probes):
    """The survey variant whose rules are KVER's (its X.Y). A kernel the
    survey has no rules for is an error, not a guess."""
    series = ".".join(str(n) for n in kernel_key(kver)[:2])
    known = {k for row in probes.values() for k in row}
    if series not in known:
        raise SystemExit(f"the survey has no rules for kernel {kver} "
                         f"(tools/survey/kernel_rules.cpp)")
    return series


def grep_results(secs, probes, kver, errors, warnings):
    info = {}
    for line in secs.get(("grep-info", "bench-grep"), []):
        key, _, value = line.partition(" ")
        info[key] = value
    times = {}  # round -> kind -> seconds
    for line in secs.get(("grep-times", "bench-grep"), []):
        rnd, kind, ns = line.split()
        times.setdefault(int(rnd), {})[kind] = int(ns) / 1e9
    hits = {}  # (round, kind) -> {event: hits}
    for line in secs.get(("grep-hits", "bench-grep"), []):
        rnd, kind, event, n = line.split()
        hits.setdefault((int(rnd), kind), {})[event] = int(n)
    stats = {}  # (round, kind) -> {counter: delta}
    for line in secs.get(("grep-stats", "bench-grep"), []):
        rnd, kind, key, delta = line.split()
        stats.setdefault((int(rnd), kind), {})[key] = int(delta)

    if not times:
        errors.append("grep: no timed runs in the console log")
        return None
    passes = int(info.get("passes", "1"))
    variant = variant_for(kver, probes)
    # probesim's families: those the survey gives a verdict for ("probesim-
    # FAMILY") and those the module counts (FAMILY_patched).
    families = {family_of(row[variant + "+probesim"]) for row in probes.values()}
    for s in stats.values():
        families |= {k[:-len("_patched")] for k in s if k.endswith("_patched")}
    families.discard(None)
    expect = {f + "_patched": 0 for f in sorted(families)}
    for row in probes.values():
        family = family_of(row[variant + "+probesim"])
        if family:
            expect[family + "_patched"] += 1

    rounds = sorted(times)
    mismatched = []  # rounds whose xol and sim hits differ
    ratio, removed, per_hit = [], [], {"xol": [], "sim": []}
    reference = None
    for rnd in rounds:
        t = times[rnd]
        missing = [k for k in KINDS if k not in t]
        if missing:
            errors.append(f"grep round {rnd}: no time for {', '.join(missing)}")
            continue
        hx, hs = hits.get((rnd, "xol")), hits.get((rnd, "sim"))
        if not hx or not hs:
            errors.append(f"grep round {rnd}: hits missing")
            continue
        if set(hx) != set(probes) or set(hs) != set(probes):
            errors.append(f"grep round {rnd}: uprobe_profile's probes differ "
                          f"from the {len(probes)} probes of the payload")
        diff = sorted(e for e in set(hx) | set(hs) if hx.get(e) != hs.get(e))
        if diff:
            mismatched.append(rnd)
            errors.append(
                f"grep round {rnd}: hits differ between xol and sim on "
                f"{len(diff)} probes: " + ", ".join(
                    f"{e} xol={hx.get(e)} sim={hs.get(e)}" for e in diff[:10]))
        if reference is None:
            reference = hs
        elif hs != reference:
            warnings.append(f"grep round {rnd}: hits differ from round "
                            f"{rounds[0]}'s (the workload should be the same)")
        total = sum(hs.values())
        # probesim's own counters must tell the same story as the survey.
        sx, ss = stats.get((rnd, "xol"), {}), stats.get((rnd, "sim"), {})
        for key in expect:
            if sx.get(key, 0) != 0:
                errors.append(f"grep round {rnd} xol: {key} +{sx.get(key)}, "
                              "expected 0 with every family off")
            if ss.get(key, 0) != expect[key]:
                errors.append(f"grep round {rnd} sim: {key} +{ss.get(key)}, the "
                              f"survey expects {expect[key]} ({variant}+probesim)")
        for fam in families:
            want = sum(n for e, n in hs.items()
                       if probes.get(e, {}).get(variant + "+probesim")
                       == "probesim-" + fam)
            if ss.get(fam + "_hits", 0) != want:
                errors.append(f"grep round {rnd} sim: {fam}_hits +"
                              f"{ss.get(fam + '_hits')}, uprobe_profile has "
                              f"{want} on {fam} probes")
        # stp_refused counts every stp probe analysed with stp=0: expected
        # in the xol run, never in the sim run.
        for key in ("stp_refused", "stp_faults", "track_failed", "hook_missed"):
            for kind, s in (("xol", sx), ("sim", ss)):
                if s.get(key, 0) and not (kind == "xol" and key == "stp_refused"):
                    errors.append(f"grep round {rnd} {kind}: {key} +{s[key]}")
        over_x, over_s = t["xol"] - t["none"], t["sim"] - t["none"]
        if over_s > 0:
            ratio.append(over_x / over_s)
        else:
            warnings.append(f"grep round {rnd}: sim not slower than none "
                            f"({t['sim']:.3f} s vs {t['none']:.3f} s): no ratio")
        if over_x > 0:
            removed.append((t["xol"] - t["sim"]) / over_x)
        if total:
            per_hit["xol"].append(over_x / total * 1e6)
            per_hit["sim"].append(over_s / total * 1e6)

    if reference is None:
        errors.append("grep: no complete round")
        return None
    classes, groups = {}, {}
    total = sum(reference.values())
    for event, row in probes.items():
        n = reference.get(event, 0)
        for table, key in ((classes, row["class"]),
                           (groups, (group_of(row["insn"]), row["class"],
                                     row[variant], row[variant + "+probesim"]))):
            e = table.setdefault(key, {"probes": 0, "probes_hit": 0, "hits": 0})
            e["probes"] += 1
            e["probes_hit"] += 1 if n else 0
            e["hits"] += n
    for table in (classes, groups):
        for e in table.values():
            e["percent"] = 100.0 * e["hits"] / total if total else 0.0
    simulated_hits = sum(n for e, n in reference.items()
                         if probes[e][variant + "+probesim"].startswith("probesim-"))
    saving = []
    for rnd in rounds:
        t = times[rnd]
        if all(k in t for k in KINDS) and simulated_hits:
            saving.append((t["xol"] - t["sim"]) / simulated_hits * 1e6)

    ref_round = next(r for r in rounds if hits.get((r, "sim")) is reference)
    breakdown = class_breakdown(probes, reference, stats.get((ref_round, "sim"), {}),
                                variant)
    xol_hits = sum(e["xol"] for e in breakdown)
    top = sorted(reference.items(), key=lambda kv: -kv[1])[:10]
    return {
        "workload": info,
        "rounds": len(rounds),
        "passes": passes,
        "none": spread([times[r]["none"] for r in rounds if "none" in times[r]])["median"],
        "xol": spread([times[r]["xol"] for r in rounds if "xol" in times[r]])["median"],
        "sim": spread([times[r]["sim"] for r in rounds if "sim" in times[r]])["median"],
        "times": {k: [times[r].get(k) for r in rounds] for k in KINDS},
        "ratio": dict(definition="(xol - none) / (sim - none)", **(spread(ratio) or {}),
                      rounds=ratio),
        "removed_share": dict(definition="(xol - sim) / (xol - none)",
                              **(spread(removed) or {}), rounds=removed),
        "overhead_per_hit_us": {k: spread(v) for k, v in per_hit.items()},
        "saving_per_simulated_hit_us": spread(saving),
        "hits": {"total": total, "per_pass": total // passes, "probes": len(probes),
                 "probes_hit": sum(1 for n in reference.values() if n),
                 "simulated": simulated_hits,
                 "per_probe": {e[2:]: reference[e] for e in
                               sorted(reference, key=lambda e: int(e[2:], 16))}},
        "top": [{"offset": e[2:], "hits": n, "insn": probes[e]["insn"],
                 "class": probes[e]["class"],
                 "verdict": probes[e][variant + "+probesim"]} for e, n in top],
        "probes_hit": [{"offset": e[2:], "hits": n, "insn": probes[e]["insn"],
                        "class": probes[e]["class"],
                        "verdict": probes[e][variant + "+probesim"]}
                       for e, n in sorted(reference.items(),
                                          key=lambda kv: (-kv[1], int(kv[0][2:], 16)))
                       if n],
        "classes": dict(sorted(classes.items(), key=lambda kv: -kv[1]["hits"])),
        "breakdown": dict(definition="hits of the simulated run per survey class: "
                          "simulated by probesim (its FAMILY_hits counters), by the "
                          "kernel, or single-stepped", round=ref_round,
                          xol_hits=xol_hits, classes=breakdown),
        "params": {"xol": info.get("params_xol", "nop=0 stp=0"),
                   "sim": info.get("params_sim", "nop=1 stp=1")},
        "groups": [dict(group=k[0], survey_class=k[1], stock=k[2], probesim=k[3], **v)
                   for k, v in sorted(groups.items(), key=lambda kv: (-kv[1]["hits"], kv[0]))],
        "hits_equal_xol_sim": not mismatched,
        "mismatched_rounds": mismatched,
        "expected_patched": expect,
        "variant": variant,
    }


def fmt_spread(s, fmt="{:.3f}"):
    if not s:
        return "-"
    return (fmt + " (" + fmt + "-" + fmt + ")").format(s["median"], s["min"], s["max"])


def grep_markdown(g, kver, trigger):
    v = g["variant"]
    lines = []
    w = g["workload"]
    lines.append(f"### grep, kernel {kver}")
    lines.append("")
    lines.append(f"Debian bookworm's arm64 grep ({w.get('grep', '?')}), "
                 f"`grep -r -n -e {w.get('pattern', '?')}` over "
                 f"{w.get('files', '?')} generated C-like files, "
                 f"{int(w.get('bytes', 0)) / 1e6:.1f} MB "
                 f"({w.get('matches', '?')} matching lines), {g['passes']} passes "
                 f"per timed run; {g['hits']['probes']} uprobes, one on every "
                 f"function entry of grep's `.eh_frame`; {g['rounds']} interleaved "
                 "rounds, order rotating. Seconds per run:")
    lines.append("")
    lines.append("| round | none | xol | sim | (xol-none)/(sim-none) | (xol-sim)/(xol-none) |")
    lines.append("| --- | --- | --- | --- | --- | --- |")
    times = g["times"]
    ri = rr = 0
    for i in range(g["rounds"]):
        n, x, s = times["none"][i], times["xol"][i], times["sim"][i]
        cells = [f"{t:.3f}" if t is not None else "-" for t in (n, x, s)]
        if None not in (n, x, s) and s > n:
            q = f"{g['ratio']['rounds'][ri]:.2f}"
            ri += 1
        else:
            q = "-"
        if None not in (n, x, s) and x > n:
            p = f"{100 * g['removed_share']['rounds'][rr]:.0f}%"
            rr += 1
        else:
            p = "-"
        lines.append(f"| {i + 1} | " + " | ".join(cells) + f" | {q} | {p} |")
    r, p = g["ratio"], g["removed_share"]
    pct = (lambda s: f"{100 * s['median']:.0f}% ({100 * s['min']:.0f}%-"
           f"{100 * s['max']:.0f}%)" if "median" in s else "-")
    lines.append(f"| **median (min-max)** | **{g['none']:.3f}** | **{g['xol']:.3f}** | "
                 f"**{g['sim']:.3f}** | **{fmt_spread(r if 'median' in r else None, '{:.2f}')}** | "
                 f"**{pct(p)}** |")
    lines.append("")
    h = g["hits"]
    lines.append(f"{h['total']} hits per probed run ({h['per_pass']} per pass) on "
                 f"{h['probes_hit']} of "
                 f"{h['probes']} probes, "
                 + ("identical in the xol and sim runs of every round"
                    if g["hits_equal_xol_sim"] else
                    "**differing between the xol and sim runs** of rounds "
                    + ", ".join(map(str, g["mismatched_rounds"])))
                 + f"; {h['simulated']} of them "
                 f"({100 * h['simulated'] / h['total']:.1f}%) on probes that "
                 f"probesim simulates on {v}. Overhead per hit: xol "
                 f"{fmt_spread(g['overhead_per_hit_us']['xol'], '{:.1f}')} µs, sim "
                 f"{fmt_spread(g['overhead_per_hit_us']['sim'], '{:.1f}')} µs; "
                 "simulation saves "
                 f"{fmt_spread(g['saving_per_simulated_hit_us'], '{:.1f}')} µs per "
                 "simulated hit.")
    if trigger:
        lines.append("")
        lines.append(trigger)
    lines.append("")
    lines.append("Hits by the survey's class of the probed first instruction "
                 "(`probesim-survey --list`; the grouping by disassembly is finer):")
    lines.append("")
    lines.append(f"| first instruction | survey class | {v} | {v}+probesim | probes | hit | hits | share |")
    lines.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for e in g["groups"]:
        lines.append(f"| {e['group']} | {e['survey_class']} | {e['stock']} | "
                     f"{e['probesim']} | {e['probes']} | {e['probes_hit']} | "
                     f"{e['hits']} | {e['percent']:.1f}% |")
    lines.append("")
    b = g.get("breakdown")
    if b:
        lines.append(f"Where the hits of the simulated run went, per survey class (round "
                     f"{b['round']}; probesim's share from its `FAMILY_hits` counters, "
                     f"the rest from `uprobe_profile`). Simulated run: "
                     f"`{g['params']['sim'].strip()}`; single-stepped run: "
                     f"`{g['params']['xol'].strip()}`.")
        lines.append("")
        lines.append("| survey class | probesim family | probes | hit | hits | share | "
                     "simulated by probesim | simulated by the kernel | still single-stepped |")
        lines.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for e in b["classes"]:
            lines.append(f"| {e['cls']} | {', '.join(e['families']) or '-'} | {e['probes']} | "
                         f"{e['probes_hit']} | {e['hits']} | {e['percent']:.1f}% | "
                         f"{e['probesim_sim']} | {e['kernel_sim']} | {e['xol']} |")
        lines.append(f"| **all** | | {h['probes']} | {h['probes_hit']} | {h['total']} | "
                     f"100% | {sum(e['probesim_sim'] for e in b['classes'])} | "
                     f"{sum(e['kernel_sim'] for e in b['classes'])} | **{b['xol_hits']} "
                     f"({100 * b['xol_hits'] / h['total']:.1f}%)** |")
    else:
        lines.append("By survey class: " + "; ".join(
            f"{c} {e['hits']} ({e['percent']:.1f}%)" for c, e in g["classes"].items()) + ".")
    lines.append("")
    lines.append("The most hit probes:")
    lines.append("")
    lines.append("| offset | first instruction | verdict | hits | share |")
    lines.append("| --- | --- | --- | --- | --- |")
    for t in g["top"]:
        lines.append(f"| 0x{t['offset']} | `{t['insn']}` | {t['verdict']} | {t['hits']} | "
                     f"{100 * t['hits'] / h['total']:.1f}% |")
    lines.append("")
    lines.append("<details><summary>Every probe that was hit (hits per run, from "
                 "uprobe_profile; the probes with no hit are in the JSON)</summary>")
    lines.append("")
    lines.append("| offset | first instruction | survey class | verdict | hits |")
    lines.append("| --- | --- | --- | --- | --- |")
    for t in g["probes_hit"]:
        lines.append(f"| 0x{t['offset']} | `{t['insn']}` | {t['class']} | "
                     f"{t['verdict']} | {t['hits']} |")
    lines.append("")
    lines.append("</details>")
    lines.append("")
    return "\n".join(lines)


def trigger_per_hit(trigger):
    """One sentence: the trigger benchmark's per-hit costs for push."""
    try:
        base = trigger["base"]
        push = trigger["modes"]["uprobe-push"]
    except (KeyError, TypeError):
        return ""
    cost = lambda rate: 1e6 / rate - 1e6 / base  # noqa: E731
    return (f"For comparison, the trigger benchmark's `uprobe-push` on this "
            f"kernel costs {cost(push['xol']):.1f} µs per hit single-stepped and "
            f"{cost(push['sim']):.1f} µs simulated (sim/xol rate "
            f"{push['sim_over_xol']['median']:.2f}).")


def cmd_kernel(args):
    secs = sections(args.console)
    errors, warnings = [], []
    trigger = None
    if ("json", "bench") in secs:
        try:
            trigger = json.loads("\n".join(secs[("json", "bench")]))
        except json.JSONDecodeError as e:
            errors.append(f"trigger benchmark JSON: {e}")
    else:
        errors.append("no trigger benchmark JSON in the console log")
    table = "\n".join(secs.get(("table", "bench"), []))
    probes = load_probes(args.probes)
    grep = grep_results(secs, probes, args.kver, errors, warnings)
    result = dict(trigger or {})
    result["grep"] = grep
    result["errors"] = errors
    result["warnings"] = warnings
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"results-{args.kver}.json"), "w",
              encoding="utf-8") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    md = [f"## Kernel {args.kver}", "",
          f"Measured with `make bench KVER={args.kver}` under qemu TCG (-cpu max, "
          "2 vCPUs on a 2-core x86_64 host), kernel built without lock debugging. "
          "Absolute rates and times are emulator figures; only ratios carry over.",
          "", "### Trigger benchmark", "", "```", table, "```", ""]
    if grep:
        md.append(grep_markdown(grep, args.kver, trigger_per_hit(trigger)))
    for e in errors:
        md.append(f"**ERROR**: {e}  ")
    for w in warnings:
        md.append(f"warning: {w}  ")
    with open(os.path.join(args.out, f"results-{args.kver}.md"), "w",
              encoding="utf-8") as f:
        f.write("\n".join(md).rstrip() + "\n")
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    if grep:
        print(f"grep on {args.kver}: none {grep['none']:.3f} s, xol {grep['xol']:.3f} s, "
              f"sim {grep['sim']:.3f} s; (xol-none)/(sim-none) "
              f"{fmt_spread(grep['ratio'] if 'median' in grep['ratio'] else None, '{:.2f}')}; "
              f"{grep['hits']['total']} hits", file=sys.stderr)
    return 1 if errors else 0


def quote(text):
    return "'" + text + "'"


def kernel_key(kver):
    return tuple(int(p) for p in re.findall(r"\d+", kver))


def projection(g, xol_us, sim_us):
    """(xol-none)/(sim-none) and (xol-sim)/(xol-none) that this grep
    workload's hit mix gives with the per-hit costs xol_us (every hit
    single-stepped) and sim_us (a simulated hit)."""
    n, k = g["hits"]["total"], g["hits"]["simulated"]
    over_x = n * xol_us
    over_s = k * sim_us + (n - k) * xol_us
    return over_x / over_s, (over_x - over_s) / over_x


def trigger_costs(r):
    """Per-hit µs of uprobe-push from a trigger result: (xol, sim)."""
    try:
        base = r["base"]
        push = r["modes"]["uprobe-push"]
    except (KeyError, TypeError):
        return None
    return 1e6 / push["xol"] - 1e6 / base, 1e6 / push["sim"] - 1e6 / base


def mix_text(results):
    """Where the hits of the first kernel's grep runs land, in words."""
    g = next((r["grep"] for _, r in results if r.get("grep")), None)
    if not g:
        return "?"
    total = g["hits"]["total"]
    parts = [f"{100 * g['hits']['simulated'] / total:.0f}% of the hits are on "
             "probes that probesim simulates"]
    for e in g["groups"][:3]:
        if not e["probesim"].startswith("probesim-"):
            parts.append(f"{e['percent']:.0f}% on `{e['group']}` ({e['probesim']})")
    return "; ".join(parts)


def upstream_section(results):
    u, t = UPSTREAM, UPSTREAM_TRIGGER
    over_x, over_s = u["xol"] - u["none"], u["sim"] - u["none"]
    ux, us = 1 / t["xol"], 1 / t["sim"]  # µs per hit, rates in M/s
    max_hits = over_s / (us * 1e-6)
    min_xol = over_x / max_hits * 1e6
    hits_if = over_x / (ux * 1e-6)
    slack = 0.2  # s: a generous allowance for noise in the simulated run
    slack_xol = over_x / (slack / (us * 1e-6)) * 1e6
    out = ["## How our figures compare with upstream's", "",
           "| | none | xol | sim | xol/none | sim/none | (xol-none)/(sim-none) | "
           "(xol-sim)/(xol-none) | hits per run | xol µs/hit | sim µs/hit | "
           "saved µs per simulated hit |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
           f"| upstream grep (hardware, 2024) | {u['none']:.3f} | {u['xol']:.3f} | "
           f"{u['sim']:.3f} | {u['xol'] / u['none']:.2f} | {u['sim'] / u['none']:.2f} | "
           f"{over_x / over_s:.0f} | {100 * (u['xol'] - u['sim']) / over_x:.1f}% | "
           "not given | | | |"]
    for kver, r in results:
        g = r.get("grep")
        if not g or "median" not in g["ratio"]:
            continue
        out.append(
            f"| ours, {kver}, qemu TCG | {g['none']:.3f} | {g['xol']:.3f} | "
            f"{g['sim']:.3f} | {g['xol'] / g['none']:.2f} | {g['sim'] / g['none']:.2f} | "
            f"{g['ratio']['median']:.2f} | "
            f"{100 * g['removed_share']['median']:.0f}% | {g['hits']['total']} | "
            f"{g['overhead_per_hit_us']['xol']['median']:.1f} | "
            f"{g['overhead_per_hit_us']['sim']['median']:.1f} | "
            f"{g['saving_per_simulated_hit_us']['median']:.1f} |")
    mix = mix_text(results)
    sim_over_xol = "/".join(
        f"{r['modes']['uprobe-push']['sim_over_xol']['median']:.1f}" for _, r in results
        if r.get("modes", {}).get("uprobe-push")) or "?"
    out += ["", "(Ours: medians of the per-round figures; the per-kernel sections "
            "below have every round.)", "",
            "**Upstream's figures do not fit upstream's own trigger benchmark.** On "
            "the same hardware (Kunpeng 916) upstream measured `uprobe-push` at "
            f"{t['xol']} M hits/s single-stepped and {t['sim']} M/s simulated: "
            f"{ux:.2f} µs and {us:.2f} µs per hit, about {t['sim'] / t['xol']:.1f}x. "
            "Every hit of the simulated run still takes the breakpoint exception and "
            f"the handler, so its {1000 * over_s:.0f} ms over the baseline allow at "
            f"most {max_hits / 1e3:.0f}k hits (fewer if any of them single-stepped). "
            f"Then the single-stepped run's {over_x:.1f} s of overhead come to at "
            f"least {min_xol:.0f} µs per hit, {min_xol / ux:.0f}x the trigger "
            "benchmark's single-step cost. The other way round, at "
            f"{ux:.2f} µs per single-stepped hit the {over_x:.1f} s need "
            f"{hits_if / 1e6:.0f} million hits, and those would make the simulated "
            f"run at least {hits_if * us * 1e-6:.1f} s slower than the baseline, not "
            f"{1000 * over_s:.0f} ms. No hit count reconciles the three grep figures "
            "with the per-hit costs of the trigger benchmark; even if the simulated "
            f"run's true overhead were {slack:.1f} s and its 51 ms just luck, a "
            f"single step would cost at least {slack_xol:.0f} µs. In upstream's grep "
            "run a single step cost tens to hundreds of µs, one to two orders of "
            "magnitude more than on the bare metal of the trigger benchmark. That "
            "is the signature of a single step that traps to something expensive, "
            "such as a guest whose debug exceptions or debug-register accesses are "
            "handled by the hypervisor, so the reviewer's suspicion that it was "
            "measured in a VM fits, and a bare-metal measurement does not. Nor can "
            "the 99.6% be reproduced with Debian bookworm's grep and upstream's "
            "patch: most of its hits land on a leaf function starting with `and` "
            "(immediate), which neither the kernel nor upstream's patch simulates "
            "(probesim's logic_imm family does), so with that patch those hits "
            "single-step in the simulated run too.", "",
            "**Ours fit our trigger benchmark.** Under TCG everything is slower and "
            "single-stepping most of all (each step is one more exception round "
            "trip, and rewriting the XOL slot presumably also makes QEMU discard "
            "the code it translated for that page): the trigger "
            f"benchmark's uprobe-push gives sim/xol {sim_over_xol} (per kernel) rather "
            f"than upstream's {t['sim'] / t['xol']:.1f}. The grep "
            "runs' per-hit costs agree with it (see the per-kernel sections: "
            "single-stepped hit and saving per simulated hit against the trigger "
            "benchmark's uprobe-push), and the ratio is set by the hit mix: "
            f"{mix}. Projected with each "
            "benchmark's per-hit costs onto this hit mix:", "",
            "| kernel | per-hit costs used | (xol-none)/(sim-none) | (xol-sim)/(xol-none) |",
            "| --- | --- | --- | --- |"]
    for kver, r in results:
        g = r.get("grep")
        if not g or "median" not in g["ratio"]:
            continue
        ours = trigger_costs(r)
        if ours:
            q, p = projection(g, *ours)
            out.append(f"| {kver} | our trigger benchmark, TCG ({ours[0]:.1f} / "
                       f"{ours[1]:.1f} µs) | {q:.2f} | {100 * p:.0f}% |")
        q, p = projection(g, ux, us)
        out.append(f"| {kver} | upstream's trigger benchmark, Kunpeng 916 "
                   f"({ux:.2f} / {us:.2f} µs) | {q:.2f} | {100 * p:.0f}% |")
        out.append(f"| {kver} | measured (grep, TCG) | {g['ratio']['median']:.2f} | "
                   f"{100 * g['removed_share']['median']:.0f}% |")
    hw = [projection(r["grep"], ux, us)[1] for _, r in results
          if r.get("grep") and "median" in r["grep"]["ratio"]]
    hw_text = "/".join(sorted({f"{100 * p:.0f}%" for p in hw})) or "?"
    out += ["", f"So on hardware like upstream's, simulating what probesim simulates "
            f"would take some {hw_text} "
            "off the uprobe overhead of this grep run, not 99.6%; the per-hit "
            "saving that carries over is the trigger benchmark's, and for a real "
            "workload it is weighted by the share of hits on simulable first "
            "instructions (the class tables below).", ""]
    return out


def cmd_merge(args):
    paths = sorted(glob.glob(os.path.join(args.out, "results-*.json")),
                   key=lambda p: kernel_key(os.path.basename(p)))
    results = []
    for p in paths:
        kver = os.path.basename(p)[len("results-"):-len(".json")]
        with open(p, encoding="utf-8") as f:
            results.append((kver, json.load(f)))
    if not results:
        print("error: no per-kernel results to merge", file=sys.stderr)
        return 1
    with open(os.path.join(args.out, "results.json"), "w", encoding="utf-8") as f:
        # The default kernel's results at the top level (kernel, base,
        # modes, grep), every kernel's under "kernels".
        by_kernel = dict(results)
        top = dict(by_kernel.get("6.12", results[-1][1]))
        top["kernels"] = by_kernel
        json.dump(top, f, indent=2)
        f.write("\n")
    md = ["# probesim benchmarks", "",
          "Written by `make bench` (one kernel per run: `make bench` for 6.12, "
          "`KVER=6.1 make bench` for 6.1); this file covers every kernel whose "
          "`results-KVER.json` is here: " + ", ".join(k for k, _ in results) + ".",
          "", "![trigger benchmark](results.svg)", ""]
    md += upstream_section(results)
    for kver, _ in results:
        with open(os.path.join(args.out, f"results-{kver}.md"), encoding="utf-8") as f:
            md.append(f.read())
    with open(os.path.join(args.out, "results.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md).rstrip() + "\n")

    # The trigger plot: ratios only, since absolute emulator rates do not
    # carry over to hardware. Two panels, sim/xol and sim/ret, one bar
    # per kernel and mode: the median of the per-round ratios, with the
    # rounds' min-max as the error bar.
    modes = []
    for _, r in results:
        for m in r.get("modes", {}):
            if m not in modes:
                modes.append(m)
    os.makedirs(args.plot, exist_ok=True)
    data = os.path.abspath(os.path.join(args.plot, "results.dat"))
    svg = os.path.abspath(os.path.join(args.out, "results.svg"))
    ratios = ("sim_over_xol", "sim_over_ret")
    with open(data, "w", encoding="utf-8") as f:
        f.write("# mode, then per kernel and ratio (" + ", ".join(ratios)
                + "): median min max\n")
        for m in modes:
            cells = []
            for _, r in results:
                mode = r.get("modes", {}).get(m)
                for ratio in ratios:
                    q = mode.get(ratio) if mode else None
                    cells += [f"{q[k]:.3f}" for k in ("median", "min", "max")] \
                        if q else ["NaN"] * 3
            f.write(m + " " + " ".join(cells) + "\n")

    def panel(ratio_index, label):
        cols = []
        for i, (k, _) in enumerate(results):
            c = 2 + 3 * (2 * i + ratio_index)
            src = quote(data) if i == 0 else quote("")
            cols.append(f"{src} using {c}:{c + 1}:{c + 2}:xtic(1) title {quote(k)}")
        return (f"set ylabel {quote(label)}\n"
                f"plot " + ", ".join(cols) + "\n")

    with open(os.path.join(args.plot, "results.gp"), "w", encoding="utf-8") as f:
        f.write(f"""# gnuplot script written by tools/bench/bench_report.py
set terminal svg size 1000,720 dynamic enhanced font 'sans,11' background '#ffffff'
set output {quote(svg)}
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.85 border -1
set key outside right top vertical Left reverse title 'kernel'
set grid ytics
set yrange [0:*]
set xrange [-0.6:{len(modes) - 0.4}]
set xtics rotate by -20
set multiplot layout 2,1 title "probesim trigger benchmark, qemu TCG: median of per-round ratios (bars: min-max)\\n{{/*0.8 only ratios carry over to hardware; ret is simulated by the kernel in both legs: the control}}"
{panel(0, "simulated / single-stepped hits/s")}set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2
{panel(1, "simulated / ret control hits/s")}unset multiplot
""")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    k = sub.add_parser("kernel")
    k.add_argument("--console", required=True)
    k.add_argument("--kver", required=True)
    k.add_argument("--probes", required=True)
    k.add_argument("--out", required=True)
    m = sub.add_parser("merge")
    m.add_argument("--out", required=True)
    m.add_argument("--plot", required=True)
    args = ap.parse_args()
    return cmd_kernel(args) if args.cmd == "kernel" else cmd_merge(args)


if __name__ == "__main__":
    sys.exit(main())
