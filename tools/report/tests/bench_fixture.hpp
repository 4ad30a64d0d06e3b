// A small grep benchmark boot for the bench tests: five probes, three
// rounds with round figures (ns), and the counters the module would
// print. Tests change lines to break one check at a time.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace probesim::report::testing {

// stp pushes (one never hit), an and-immediate, a load, an adrp.
inline constexpr const char* kProbesTsv =
    "# offset\tclass\t7.3\t7.3+probesim\tinsn\n"
    "100\tstp-push\txol\tprobesim-stp\tstp x29, x30, [sp, #-32]!\n"
    "200\tlogic_imm\txol\tprobesim-logic_imm\tand w9, w2, #0xff\n"
    "300\tother\txol\txol\tldr x0, [x1]\n"
    "400\tadr\tkernel-sim\tkernel-sim\tadrp x0, 0x3b000\n"
    "a00\tstp-push\txol\tprobesim-stp\tstp x29, x30, [sp, #-16]!\n";

struct BenchBoot {
  std::vector<std::string> info = {"grep 3.8-5",
                                   "pattern timer_flush",
                                   "files 769",
                                   "bytes 13647234",
                                   "matches 79",
                                   "passes 10",
                                   "params_xol nop=N stp=N ",
                                   "params_sim nop=Y stp=Y "};
  // Per round none, xol, sim: round 1 1/3/1.5 s, round 2 1/2.5/1.25 s,
  // round 3 2/4/3 s, so (xol-none)/(sim-none) is 4, 6, 2.
  std::vector<std::string> times = {"1 none 1000000000", "1 xol 3000000000",  "1 sim 1500000000",
                                    "2 xol 2500000000",  "2 sim 1250000000",  "2 none 1000000000",
                                    "3 sim 3000000000",  "3 none 2000000000", "3 xol 4000000000"};
  std::vector<std::string> hits;
  std::vector<std::string> stats;

  BenchBoot() {
    for (const char* round : {"1", "2", "3"}) {
      for (const char* kind : {"xol", "sim"}) {
        const std::string r = std::string(round) + " " + kind + " ";
        // 1000 hits a run: 900 on probes probesim simulates, 10 the kernel's.
        for (const char* hit : {"f_300 90", "f_100 300", "f_200 600", "f_400 10", "f_a00 0"})
          hits.push_back(r + hit);
        const bool sim = std::string_view(kind) == "sim";
        stats.push_back(r + "nop_patched 0");
        stats.push_back(r + "stp_patched " + (sim ? "2" : "0"));
        stats.push_back(r + "stp_hits " + (sim ? "300" : "0"));
        stats.push_back(r + "logic_imm_patched " + (sim ? "1" : "0"));
        stats.push_back(r + "logic_imm_hits " + (sim ? "600" : "0"));
        stats.push_back(r + "stp_refused " + (sim ? "0" : "2"));
        stats.push_back(r + "stp_faults 0");
      }
    }
  }

  // Replaces the line starting with prefix (its value, say) by line.
  static void set(std::vector<std::string>& lines, const std::string& prefix,
                  const std::string& line) {
    for (auto& l : lines)
      if (l.starts_with(prefix)) l = line;
  }
  static void drop(std::vector<std::string>& lines, const std::string& prefix) {
    std::erase_if(lines, [&](const std::string& l) { return l.starts_with(prefix); });
  }

  std::string trigger_json =
      "{\n  \"kernel\": \"7.3.4\",\n  \"base\": 3.32281e+07,\n  \"modes\": {\n"
      "    \"uprobe-push\": {\"xol\": 74824.3, \"sim\": 99054.9, \"sim_over_xol\": "
      "{\"median\": 1.3046, \"min\": 0.8462, \"max\": 1.6317}, \"sim_over_ret\": "
      "{\"median\": 0.9043, \"min\": 0.4627, \"max\": 0.9806}, \"simulated\": true}\n  }\n}";
  std::vector<std::string> table = {"mode  xol  sim", "uprobe-push  74.8k  99.1k"};

  // Printed after the grep sections: another grep binary's, say.
  std::string more;

  static std::string section(const std::string& kind, const std::string& name,
                             const std::vector<std::string>& lines) {
    std::string out = "@@probesim-begin " + kind + " " + name + "@@\r\n";
    for (const auto& l : lines) out += l + "\r\n";
    return out + "@@probesim-end " + kind + " " + name + "@@\r\n";
  }

  // The four grep sections, named name.
  std::string grep_sections(const std::string& name) const {
    return section("grep-info", name, info) + section("grep-times", name, times) +
           section("grep-hits", name, hits) + section("grep-stats", name, stats);
  }

  std::string console() const {
    std::string out = "[    1.000000] Run /init as init process\r\n";
    out += section("table", "bench", table);
    if (!trigger_json.empty()) out += section("json", "bench", {trigger_json});
    out += grep_sections("bench-grep") + more;
    return out + "@@probesim-done@@\r\n";
  }
};

// trixie's grep, built with branch protection: its function entries are
// paciasp and bti c (verdicts made up for the tests, not the survey's).
inline constexpr const char* kTrixieProbesTsv =
    "# offset\tclass\t7.3\t7.3+probesim\tinsn\n"
    "110\tpac\txol\tprobesim-pac\tpaciasp\n"
    "220\tbti\txol\tprobesim-bti\tbti c\n"
    "330\tother\txol\txol\tldr x0, [x1]\n";

// The same workload with trixie's grep, whose sections the guest prints
// as bench-grep-trixie (grep_sections()). Other hits and other times, so
// that figures read from bookworm's sections would show.
inline BenchBoot trixie_boot() {
  BenchBoot boot;
  BenchBoot::set(boot.info, "grep ", "grep 3.11-4");
  boot.info.push_back("suite trixie");
  // Per round none, xol, sim: 1/4/2 s, 1/3/1.5 s, 2/5/3 s, so
  // (xol-none)/(sim-none) is 3, 4, 3.
  boot.times = {"1 none 1000000000", "1 xol 4000000000",  "1 sim 2000000000",
                "2 xol 3000000000",  "2 sim 1500000000",  "2 none 1000000000",
                "3 sim 3000000000",  "3 none 2000000000", "3 xol 5000000000"};
  boot.hits.clear();
  boot.stats.clear();
  for (const char* round : {"1", "2", "3"}) {
    for (const char* kind : {"xol", "sim"}) {
      const std::string r = std::string(round) + " " + kind + " ";
      // 1000 hits a run: 800 on probes probesim simulates.
      for (const char* hit : {"f_110 500", "f_220 300", "f_330 200"}) boot.hits.push_back(r + hit);
      const bool sim = std::string_view(kind) == "sim";
      boot.stats.push_back(r + "pac_patched " + (sim ? "1" : "0"));
      boot.stats.push_back(r + "pac_hits " + (sim ? "500" : "0"));
      boot.stats.push_back(r + "bti_patched " + (sim ? "1" : "0"));
      boot.stats.push_back(r + "bti_hits " + (sim ? "300" : "0"));
    }
  }
  return boot;
}

}  // namespace probesim::report::testing
